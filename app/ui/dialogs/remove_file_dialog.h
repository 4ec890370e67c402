// File > Remove file: the files the open database stores, to pick the one to remove, and the
// confirmation that says what its removal does. Nothing is removed here: the window asks the data
// service (DataService::removeFile) once the user confirmed. File > Read file again lists them the
// same way, to pick the one the import dialog then reads again with other options.
#pragma once

#include "app/ui/data/types.h"

#include <QDialog>
#include <QString>

#include <vector>

class QLabel;
class QLineEdit;
class QMessageBox;
class QPushButton;
class QTableWidget;

namespace ett::app {

// What the file is chosen for: the dialog's title, text and button say it.
enum class FileChoice { Remove, ReadAgain };

// A table of the database's files (label, file, format, records, imported, read with), sortable,
// filtered as one types (any of label, path or format holding the text), one row selected at a
// time; Remove... (or a double-click) accepts with the selected row's label and path. The rows of
// `currentLabel`, when given, come first.
class RemoveFileDialog : public QDialog
{
    Q_OBJECT
public:
    RemoveFileDialog(const std::vector<core::DatasetInfo>& files, const QString& currentLabel,
        QWidget* parent = nullptr, FileChoice choice = FileChoice::Remove);

    // The chosen file: its label and its path as stored; empty while none is selected.
    QString label() const;
    QString path() const;
    // The file's row (for tests): selects the row of `path` under `label`; false when none is shown.
    bool select(const QString& label, const QString& path);
    QLineEdit* filterEdit() const { return m_filter; }
    QTableWidget* table() const { return m_table; }

    // The confirmation of removing `path` from `label`, saying what happens; Cancel is the default
    // button. Not shown: the caller exec()s it and owns it. The user chose Remove when the clicked
    // button's role is DestructiveRole.
    static QMessageBox* confirmation(const QString& label, const QString& path, QWidget* parent);

private:
    void applyFilter();
    void selectionChanged();

    QLineEdit* m_filter = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_count = nullptr;
    QPushButton* m_remove = nullptr;
};

// "--timezone +02:00 --year 2026" of a file's kept options (the JSON of DatasetInfo::readerOptions):
// "defaults" when none was given, "not known" for a file imported before they were kept.
QString readWithText(const QString& readerOptions);

} // namespace ett::app
