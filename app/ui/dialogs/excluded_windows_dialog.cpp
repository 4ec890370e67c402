#include "app/ui/dialogs/excluded_windows_dialog.h"

#include "app/ui/format/figures_format.h"
#include "core/ingest/excluded_file.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ett::app {

ExcludedWindowsDialog::ExcludedWindowsDialog(const std::vector<core::TimeSpan>& windows, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Excluded windows"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Time no job could use (planned maintenance, an outage) leaves end-to-end time and "
                                "every bucket, and is shown beside the figures; interruptions, Time to Start and "
                                "Time to Recover are unchanged. A window a line, START/END in UTC: an RFC 3339 "
                                "time, a date or epoch seconds. Saved with the database."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("windows"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(QStringLiteral("2025-06-03T02:00:00Z/2025-06-03T06:00:00Z\n2025-06-09/2025-06-10"));
    m_text->setPlainText(QString::fromStdString(core::excludedWindowLines(windows)));
    m_text->setTabChangesFocus(true);
    layout->addWidget(m_text, 1);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* file = buttons->addButton(tr("Read a file…"), QDialogButtonBox::ActionRole);
    file->setObjectName(QStringLiteral("readFile"));
    file->setToolTip(tr("A JSON list of {\"start\", \"end\"} or a CSV with the header start,end: its windows "
                        "replace the text"));
    connect(file, &QPushButton::clicked, this, &ExcludedWindowsDialog::chooseFile);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExcludedWindowsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExcludedWindowsDialog::reject);
    layout->addWidget(buttons);
    connect(m_text, &QPlainTextEdit::textChanged, this, &ExcludedWindowsDialog::updateSummary);
    updateSummary();
    resize(600, 360);
}

core::Result<std::vector<core::TimeSpan>> ExcludedWindowsDialog::windows() const
{
    return core::parseExcludedWindowLines(m_text->toPlainText().toStdString());
}

bool ExcludedWindowsDialog::readFile(const QString& path)
{
    auto read = core::loadExcludedWindowsFile(path.toStdString());
    if (!read) {
        showError(tr("The file was not read: %1").arg(QString::fromStdString(read.error().message)));
        return false;
    }
    m_text->setPlainText(QString::fromStdString(core::excludedWindowLines(*read)));
    return true;
}

QString ExcludedWindowsDialog::summaryText() const
{
    return m_summary->text();
}

void ExcludedWindowsDialog::accept()
{
    if (!windows()) {
        updateSummary();
        m_text->setFocus();
        return;
    }
    QDialog::accept();
}

void ExcludedWindowsDialog::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Excluded windows"), QString(), tr("Excluded windows (*.json *.csv);;All files (*)"));
    if (!path.isEmpty()) {
        readFile(path);
    }
}

void ExcludedWindowsDialog::showError(const QString& text)
{
    m_summary->setText(text);
    m_summary->setStyleSheet(QStringLiteral("color: #b00020;")); // as the cause rule dialog's
}

void ExcludedWindowsDialog::updateSummary()
{
    const auto w = windows();
    if (!w) {
        showError(QString::fromStdString(w.error().message));
        return;
    }
    m_summary->setStyleSheet(QString());
    if (w->empty()) {
        m_summary->setText(tr("No window: every instant counts."));
        return;
    }
    m_summary->setText(
        tr("%Ln window(s), %1 h of wall time", "", static_cast<int>(w->size())).arg(formatWindowsHours(*w)));
}

} // namespace ett::app
