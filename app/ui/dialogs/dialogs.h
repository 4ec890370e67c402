// The shell's dialogs: the label and options chosen before an import, the
// import's progress with Cancel, errors the user can read in full and copy, and renaming or
// removing a label. None of them touches the store: they collect input and show what the data
// service reports.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/window/import_options.h"
#include "core/model/label_contents.h"
#include "core/model/result.h"

#include <QDialog>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace ett::app {

// Asks how trace files are imported: under which dataset label (an editable combo of the labels
// the database has, "default" when it has none) and, in an "Options" section (collapsed unless a
// remembered option differs from the defaults), the options of `ettw import`: format (Auto by
// content), mapping file, job, attempt, rank, timezone and year; empty fields are not given.
// Fields the chosen format does not read are disabled; their tooltips name the formats that do.
// It starts from the remembered options (import_options.h). OK checks the options as ettw does
// (core::checkReaderOptions: the timezone, the year, the mapping file read and parsed) and, when
// one is wrong, stays open with the message under the fields and the field focused; when all are
// right it remembers them and closes.
class ImportDialog : public QDialog
{
    Q_OBJECT
public:
    ImportDialog(const QStringList& files, const QStringList& existingLabels, QWidget* parent = nullptr);

    // The label typed or chosen, trimmed.
    QString label() const;

    // The label and the options as checked by the last accept() (defaults before one succeeded).
    const ImportChoices& choices() const { return m_choices; }

    // What accept() found wrong ("Timezone: expected ..."), empty when nothing.
    QString problem() const;

    bool optionsShown() const;
    void setOptionsShown(bool shown);

    // For File > Read file again: the file's label (fixed) and the options it was read with, shown,
    // with "Read unchanged files again" ticked.
    void setReadAgain(const QString& label, const core::ReaderOptions& options);

    // Runs the dialog; the label and options, or nullopt when the user cancelled.
    static std::optional<ImportChoices> ask(
        QWidget* parent, const QStringList& files, const QStringList& existingLabels);

public slots:
    void accept() override;

private:
    // The fields as ReaderOptions; an Error whose `option` names the field that is not a number.
    core::Result<core::ReaderOptions> readOptions() const;
    void setOptions(const core::ReaderOptions& options);
    void updateFields(); // enables the fields the format reads
    void updateSummary(); // the collapsed section's one-line summary
    void showProblem(const core::Error& error);
    void browseMapping();
    QWidget* fieldOf(const std::string& option) const;

    QComboBox* m_label = nullptr;
    QCheckBox* m_update = nullptr;
    QCheckBox* m_readAgain = nullptr;
    QLabel* m_what = nullptr; // "Import run.log."
    QStringList m_files;
    QToolButton* m_toggle = nullptr;
    QLabel* m_summary = nullptr;
    QFormLayout* m_form = nullptr;
    QComboBox* m_format = nullptr;
    QLineEdit* m_mapping = nullptr;
    QPushButton* m_browse = nullptr;
    QWidget* m_mappingRow = nullptr;
    QLineEdit* m_job = nullptr;
    QLineEdit* m_attempt = nullptr;
    QLineEdit* m_rank = nullptr;
    QLineEdit* m_gpusPerNode = nullptr;
    QLineEdit* m_timezone = nullptr;
    QLineEdit* m_year = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    ImportChoices m_choices;
    bool m_optionsShown = false;
};

// Shows an import's progress: file i of n, stage, records, a bar over the bytes of all files and
// the time left. Cancel emits cancelRequested() once and then waits for the import to end. It is
// window-modal but never runs its own event loop (show(), not exec()).
class ImportProgressDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ImportProgressDialog(QWidget* parent = nullptr);

    // "12 min 3 s", "45 s", "< 1 s"; "unknown" for negative values.
    static QString etaText(double seconds);

public slots:
    void setProgress(const ett::app::ImportProgressInfo& progress);

signals:
    void cancelRequested();

protected:
    void reject() override; // Esc and the close button cancel the import too

private:
    QLabel* m_file = nullptr;
    QLabel* m_stage = nullptr;
    QLabel* m_records = nullptr;
    QLabel* m_eta = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
    bool m_cancelled = false;
};

// An error in full: a title, a one-line summary and the details (file:line: message...) in a
// read-only text box the user can select from, with a Copy button that copies all of it.
class ErrorDialog : public QDialog
{
    Q_OBJECT
public:
    // `information`: the icon of a report (what an import skipped), not of an error.
    ErrorDialog(const QString& title, const QString& summary, const QString& details, QWidget* parent = nullptr,
        bool information = false);

    // The text the Copy button puts on the clipboard.
    QString text() const;

    // Shows one (non-blocking, deleted on close) and returns it.
    static ErrorDialog* showError(
        QWidget* parent, const QString& title, const QString& summary, const QString& details);
    // The same with the information icon: a report that needs reading, not an error.
    static ErrorDialog* showReport(
        QWidget* parent, const QString& title, const QString& summary, const QString& details);

private:
    QLabel* m_summary = nullptr;
    QPlainTextEdit* m_details = nullptr;
};

// Asks for a label to rename and its new name; OK is enabled only for a new, non-empty name that
// no other label has.
class RenameLabelDialog : public QDialog
{
    Q_OBJECT
public:
    RenameLabelDialog(const QStringList& labels, const QString& current, QWidget* parent = nullptr);

    QString from() const;
    QString to() const;

private:
    void updateOk();

    QStringList m_labels;
    QComboBox* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QLabel* m_hint = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

// Asks which label to remove (File > Remove label); the current one preselected. Nothing is
// removed here: the window asks for the label's contents next and confirms with confirmation().
class RemoveLabelDialog : public QDialog
{
    Q_OBJECT
public:
    RemoveLabelDialog(const QStringList& labels, const QString& current, QWidget* parent = nullptr);

    QString label() const;

    // The confirmation of removing `label`, saying what goes; Cancel is the default button. Not
    // shown: the caller exec()s it (or grabs it) and owns it. Accepted when the user chose Remove.
    static QMessageBox* confirmation(const QString& label, const core::LabelContents& contents, QWidget* parent);
    // Its question, for tests: "2 files, 2 jobs (3 attempts, 12 phases, 4 checkpoints) ...".
    static QString confirmationText(const QString& label, const core::LabelContents& contents);

private:
    QComboBox* m_label = nullptr;
};

} // namespace ett::app
