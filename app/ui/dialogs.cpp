#include "app/ui/dialogs.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

// "a.jsonl", "a.jsonl and b.jsonl", "a.jsonl and 3 more files".
QString filesText(const QStringList& files)
{
    if (files.isEmpty()) {
        return QObject::tr("no files");
    }
    const QString first = QFileInfo(files.first()).fileName();
    if (files.size() == 1) {
        return first;
    }
    if (files.size() == 2) {
        return QObject::tr("%1 and %2").arg(first, QFileInfo(files[1]).fileName());
    }
    return QObject::tr("%1 and %2 more files").arg(first).arg(files.size() - 1);
}

QString bytesText(int64_t bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

} // namespace

// --- ImportDialog ------------------------------------------------------------------------------

ImportDialog::ImportDialog(const QStringList& files, const QStringList& existingLabels, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Import traces"));
    auto* layout = new QVBoxLayout(this);
    auto* what = new QLabel(tr("Import %1.").arg(filesText(files)), this);
    what->setWordWrap(true);
    what->setToolTip(files.join('\n'));
    layout->addWidget(what);

    auto* form = new QFormLayout;
    m_label = new QComboBox(this);
    m_label->setEditable(true);
    m_label->setInsertPolicy(QComboBox::NoInsert);
    m_label->addItems(existingLabels.isEmpty() ? QStringList { QStringLiteral("default") } : existingLabels);
    m_label->setCurrentText(QStringLiteral("default"));
    m_label->setMinimumWidth(240);
    form->addRow(tr("Dataset &label:"), m_label);
    layout->addLayout(form);

    auto* hint = new QLabel(tr("Files under one label merge into one fleet; use different labels (\"before\", "
                               "\"after\") to compare. A label can be renamed later."),
        this);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    layout->addWidget(hint);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_label, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    layout->addWidget(m_buttons);
}

QString ImportDialog::label() const
{
    return m_label->currentText().trimmed();
}

std::optional<QString> ImportDialog::askLabel(QWidget* parent, const QStringList& files, const QStringList& existing)
{
    ImportDialog dialog(files, existing, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.label().isEmpty()) {
        return std::nullopt;
    }
    return dialog.label();
}

// --- ImportProgressDialog ----------------------------------------------------------------------

ImportProgressDialog::ImportProgressDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Importing traces"));
    setWindowModality(Qt::WindowModal);
    setMinimumWidth(460);
    auto* layout = new QVBoxLayout(this);
    m_file = new QLabel(tr("Starting..."), this);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_file->font();
    bold.setBold(true);
    m_file->setFont(bold);
    layout->addWidget(m_file);

    auto* form = new QFormLayout;
    m_stage = new QLabel(QStringLiteral("-"), this);
    m_records = new QLabel(QStringLiteral("0"), this);
    m_eta = new QLabel(tr("unknown"), this);
    form->addRow(tr("Stage:"), m_stage);
    form->addRow(tr("Records:"), m_records);
    form->addRow(tr("Time left:"), m_eta);
    layout->addLayout(form);

    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setValue(0);
    m_bar->setTextVisible(true);
    layout->addWidget(m_bar);

    auto* note = new QLabel(tr("Each file is stored in one transaction: Cancel rolls the current file back and "
                               "skips the rest, so nothing half-imported is left."),
        this);
    note->setWordWrap(true);
    note->setEnabled(false);
    layout->addWidget(note);

    auto* buttons = new QDialogButtonBox(this);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_cancel, &QPushButton::clicked, this, &ImportProgressDialog::reject);
    layout->addWidget(buttons);
}

QString ImportProgressDialog::etaText(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds)) {
        return tr("unknown");
    }
    if (seconds < 1) {
        return tr("< 1 s");
    }
    const auto s = static_cast<int64_t>(std::llround(seconds));
    if (s < 60) {
        return tr("%1 s").arg(s);
    }
    if (s < 3600) {
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    }
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

void ImportProgressDialog::setProgress(const ImportProgressInfo& p)
{
    if (m_cancelled) {
        return;
    }
    m_file->setText(tr("File %1 of %2: %3").arg(p.fileIndex + 1).arg(p.fileCount).arg(p.file));
    m_stage->setText(p.stage);
    m_records->setText(QLocale().toString(static_cast<qlonglong>(p.records)));
    if (p.bytesTotal > 0) {
        const double fraction = static_cast<double>(p.bytesDone) / static_cast<double>(p.bytesTotal);
        m_bar->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000.0)));
        m_bar->setFormat(tr("%p% of %1").arg(bytesText(p.bytesTotal)));
    } else {
        m_bar->setRange(0, 0); // busy: sizes unknown
    }
    // After the last file's bytes are read, the short closing stages have no estimate of their own.
    const bool closing = p.etaSeconds < 0 && p.stage != QLatin1String("reading") && p.fileIndex + 1 == p.fileCount;
    m_eta->setText(closing ? tr("finishing") : etaText(p.etaSeconds));
}

void ImportProgressDialog::reject()
{
    // The dialog stays until the import has rolled back and reported its end.
    if (m_cancelled) {
        return;
    }
    m_cancelled = true;
    m_cancel->setEnabled(false);
    m_stage->setText(tr("cancelling: rolling back the current file..."));
    m_eta->setText(QStringLiteral("-"));
    emit cancelRequested();
}

// --- ErrorDialog ---------------------------------------------------------------------------------

ErrorDialog::ErrorDialog(const QString& title, const QString& summary, const QString& details, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(title);
    setMinimumSize(560, 300);
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxCritical, nullptr, this).pixmap(size, size));
    icon->setAlignment(Qt::AlignTop);
    top->addWidget(icon);
    m_summary = new QLabel(summary, this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_summary, 1);
    layout->addLayout(top);

    m_details = new QPlainTextEdit(this);
    m_details->setReadOnly(true);
    m_details->setPlainText(details);
    m_details->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setVisible(!details.isEmpty());
    layout->addWidget(m_details, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("Copy the message and the details to the clipboard"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(text()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    layout->addWidget(buttons);
}

QString ErrorDialog::text() const
{
    const QString details = m_details->toPlainText();
    return details.isEmpty() ? m_summary->text() : m_summary->text() + QStringLiteral("\n\n") + details;
}

ErrorDialog* ErrorDialog::showError(
    QWidget* parent, const QString& title, const QString& summary, const QString& details)
{
    auto* dialog = new ErrorDialog(title, summary, details, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->show();
    return dialog;
}

// --- RenameLabelDialog ---------------------------------------------------------------------------

RenameLabelDialog::RenameLabelDialog(const QStringList& labels, const QString& current, QWidget* parent)
    : QDialog(parent)
    , m_labels(labels)
{
    setWindowTitle(tr("Rename label"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_from = new QComboBox(this);
    m_from->addItems(labels);
    if (labels.contains(current)) {
        m_from->setCurrentText(current);
    }
    m_to = new QLineEdit(this);
    m_to->setPlaceholderText(tr("new name"));
    m_to->setMinimumWidth(240);
    form->addRow(tr("&Label:"), m_from);
    form->addRow(tr("&New name:"), m_to);
    layout->addLayout(form);
    m_hint = new QLabel(this);
    m_hint->setEnabled(false);
    layout->addWidget(m_hint);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Rename"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    connect(m_to, &QLineEdit::textChanged, this, &RenameLabelDialog::updateOk);
    connect(m_from, &QComboBox::currentTextChanged, this, &RenameLabelDialog::updateOk);
    updateOk();
}

QString RenameLabelDialog::from() const
{
    return m_from->currentText();
}

QString RenameLabelDialog::to() const
{
    return m_to->text().trimmed();
}

void RenameLabelDialog::updateOk()
{
    QString hint;
    bool ok = true;
    if (m_labels.isEmpty()) {
        hint = tr("The database has no labels yet.");
        ok = false;
    } else if (to().isEmpty()) {
        hint = tr("Datasets and jobs keep their data; only the label's name changes.");
        ok = false;
    } else if (m_labels.contains(to())) {
        hint = tr("A label \"%1\" already exists.").arg(to());
        ok = false;
    }
    m_hint->setText(hint);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

// --- RemoveLabelDialog ---------------------------------------------------------------------------

RemoveLabelDialog::RemoveLabelDialog(const QStringList& labels, const QString& current, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Remove label"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_label = new QComboBox(this);
    m_label->addItems(labels);
    m_label->setMinimumWidth(240);
    if (labels.contains(current)) {
        m_label->setCurrentText(current);
    }
    form->addRow(tr("&Label:"), m_label);
    layout->addLayout(form);
    auto* hint = new QLabel(labels.isEmpty() ? tr("The database has no labels yet.")
                                             : tr("Every file imported under the label goes, with its jobs and "
                                                  "everything derived from them. Other labels are not touched."),
        this);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    layout->addWidget(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Remove..."));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!labels.isEmpty());
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString RemoveLabelDialog::label() const
{
    return m_label->currentText();
}

QString RemoveLabelDialog::confirmationText(const QString& label, const core::LabelContents& contents)
{
    const QLocale locale;
    auto count = [&](int64_t n, const QString& one, const QString& many) {
        return locale.toString(static_cast<qlonglong>(n)) + QLatin1Char(' ') + (n == 1 ? one : many);
    };
    return tr("%1 and %2 (%3, %4, %5) imported under label '%6' will be removed from the database.")
        .arg(count(contents.files, tr("file"), tr("files")), count(contents.jobs, tr("job"), tr("jobs")),
            count(contents.attempts, tr("attempt"), tr("attempts")), count(contents.phases, tr("phase"), tr("phases")),
            count(contents.checkpoints, tr("checkpoint"), tr("checkpoints")), label);
}

QMessageBox* RemoveLabelDialog::confirmation(const QString& label, const core::LabelContents& contents, QWidget* parent)
{
    auto* box = new QMessageBox(
        QMessageBox::Warning, tr("Remove label"), tr("Remove label '%1'?").arg(label), QMessageBox::NoButton, parent);
    box->setInformativeText(confirmationText(label, contents) + QStringLiteral("\n\n")
        + tr("Other labels are not touched. Edit > Undo (%1) brings it back until the database is closed.")
              .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    box->addButton(tr("&Remove"), QMessageBox::DestructiveRole);
    box->setDefaultButton(box->addButton(QMessageBox::Cancel));
    return box;
}

} // namespace ett::app
