// The editor of the excluded windows (spec 7.4) behind the filter bar's Exclude… button: the
// windows a line each (START/END, as `--exclude` takes them inline), typed or read from a JSON or
// CSV file, with how many and how long they are as they are typed. OK is refused, with the line at
// fault shown, until every line reads; an empty list counts every window again. GUI thread only.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <QDialog>

#include <vector>

class QLabel;
class QPlainTextEdit;

namespace ett::app {

class ExcludedWindowsDialog : public QDialog
{
    Q_OBJECT
public:
    // Starts from `windows` (those in force).
    explicit ExcludedWindowsDialog(const std::vector<core::TimeSpan>& windows, QWidget* parent = nullptr);

    // The windows as typed (normal form); an Error naming the line at fault.
    core::Result<std::vector<core::TimeSpan>> windows() const;
    // Reads an excluded-windows file into the editor (its windows a line each, replacing the text);
    // false, with the error shown and the text kept, when it cannot be read.
    bool readFile(const QString& path);

    QPlainTextEdit* editor() const { return m_text; }
    // "2 windows, 10.0 h of wall time", or the error.
    QString summaryText() const;

    void accept() override;

private:
    void chooseFile();
    void showError(const QString& text);
    void updateSummary();

    QPlainTextEdit* m_text = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace ett::app
