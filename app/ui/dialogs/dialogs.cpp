#include "app/ui/dialogs/dialogs.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPalette>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QStyle>
#include <QToolButton>
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
    const QFileInfo firstInfo(files.first());
    const QString first = firstInfo.fileName();
    if (files.size() == 1) {
        return firstInfo.isDir() ? QObject::tr("every trace in the folder %1 and its subfolders").arg(first) : first;
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
    m_what = new QLabel(tr("Import %1.").arg(filesText(files)), this);
    m_what->setWordWrap(true);
    m_what->setToolTip(files.join('\n'));
    layout->addWidget(m_what);
    m_files = files;

    // One form for the label and the options, so that every field starts at the same x.
    m_form = new QFormLayout;
    m_label = new QComboBox(this);
    m_label->setObjectName(QStringLiteral("label"));
    m_label->setEditable(true);
    m_label->setInsertPolicy(QComboBox::NoInsert);
    m_label->addItems(existingLabels.isEmpty() ? QStringList { QStringLiteral("default") } : existingLabels);
    m_label->setCurrentText(QStringLiteral("default"));
    m_label->setMinimumWidth(300);
    m_form->addRow(tr("Dataset &label:"), m_label);

    auto* hint = new QLabel(tr("Files under one label merge into one fleet; use different labels (\"before\", "
                               "\"after\") to compare. A label can be renamed later."),
        this);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    m_form->addRow(QString(), hint);

    m_update = new QCheckBox(tr("Re&place files that changed since their import"), this);
    m_update->setObjectName(QStringLiteral("update"));
    m_update->setToolTip(tr("A file imported before under this label whose content changed since (a trace imported "
                            "while its job ran) is read again in place of its earlier records, as `ettw import "
                            "--update` does; unchanged files stay as they are. Without it, a changed file's records "
                            "are added to the earlier ones."));
    m_form->addRow(QString(), m_update);
    m_readAgain = new QCheckBox(tr("Rea&d unchanged files again, with these options"), this);
    m_readAgain->setObjectName(QStringLiteral("readAgain"));
    m_readAgain->setToolTip(tr("Files imported before under this label from the same paths are read again with the "
                               "options set here, also when their content did not change, in place of their earlier "
                               "records (a log imported with the wrong timezone), as `ettw import --read-again` does. "
                               "Changed files are replaced too. The import says when a file was read with other "
                               "options before."));
    m_form->addRow(QString(), m_readAgain);
    connect(m_readAgain, &QCheckBox::toggled, this, [this](bool on) {
        if (on) {
            m_update->setChecked(true);
        }
        m_update->setEnabled(!on);
    });

    // The section's header: an arrow button and, while collapsed, what is set.
    auto* header = new QWidget(this);
    auto* headerLayout = new QHBoxLayout(header);
    headerLayout->setContentsMargins(0, 0, 0, 0);
    m_toggle = new QToolButton(header);
    m_toggle->setObjectName(QStringLiteral("options"));
    m_toggle->setText(tr("&Options"));
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setToolTip(tr("How the files are read: the options of `ettw import`"));
    m_summary = new QLabel(header);
    m_summary->setEnabled(false);
    headerLayout->addWidget(m_toggle);
    headerLayout->addWidget(m_summary, 1);
    m_form->addRow(header);

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("format"));
    const std::pair<core::TraceFormat, QString> formats[] = {
        { core::TraceFormat::Auto, tr("Auto (by content)") },
        { core::TraceFormat::Ett, tr("ETT trace (JSON Lines)") },
        { core::TraceFormat::Chrome, tr("PyTorch profiler / Chrome trace") },
        { core::TraceFormat::Nsys, tr("Nsight Systems SQLite export") },
        { core::TraceFormat::Mlperf, tr("MLPerf log (:::MLLOG)") },
        { core::TraceFormat::Log, tr("Console log (by rules)") },
        { core::TraceFormat::Table, tr("CSV job table") },
        { core::TraceFormat::Slurm, tr("Slurm accounting (sacct)") },
        { core::TraceFormat::Nvrx, tr("NVRx cycle files and launcher logs") },
        { core::TraceFormat::Elastic, tr("TorchElastic events") },
        { core::TraceFormat::Torchtitan, tr("torchtitan structured logs") },
        { core::TraceFormat::Onelogger, tr("OneLogger export") },
        { core::TraceFormat::Goodput, tr("ml-goodput-measurement log entries") },
    };
    for (const auto& [format, text] : formats) {
        m_format->addItem(text, traceFormatText(format));
    }
    m_format->setToolTip(tr("Auto recognises the format by the file's content, never by its name"));
    m_form->addRow(tr("&Format:"), m_format);

    m_mappingRow = new QWidget(this);
    auto* mappingLayout = new QHBoxLayout(m_mappingRow);
    mappingLayout->setContentsMargins(0, 0, 0, 0);
    m_mapping = new QLineEdit(m_mappingRow);
    m_mapping->setObjectName(QStringLiteral("mapping"));
    m_mapping->setPlaceholderText(tr("the format's built-in preset"));
    m_mapping->setClearButtonEnabled(true);
    m_browse = new QPushButton(tr("&Browse..."), m_mappingRow);
    m_browse->setObjectName(QStringLiteral("browseMapping"));
    mappingLayout->addWidget(m_mapping, 1);
    mappingLayout->addWidget(m_browse);
    m_form->addRow(tr("&Mapping file:"), m_mappingRow);

    auto lineEdit = [this](const char* name, const QString& placeholder) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QLatin1String(name));
        edit->setPlaceholderText(placeholder);
        return edit;
    };
    m_job = lineEdit("job", tr("from the file"));
    m_attempt = lineEdit("attempt", tr("from the file"));
    m_rank = lineEdit("rank", tr("from the file"));
    m_gpusPerNode = lineEdit("gpus_per_node", tr("from the file"));
    m_timezone = lineEdit("timezone", QStringLiteral("UTC"));
    m_year = lineEdit("year", tr("from a full date in the log"));
    // Digits only; the ranges are checked on OK, with a message (a validator would just refuse keys).
    const QRegularExpression digits(QStringLiteral("[0-9]{0,10}"));
    for (QLineEdit* number : { m_attempt, m_rank, m_gpusPerNode, m_year }) {
        number->setValidator(new QRegularExpressionValidator(digits, number));
    }
    m_form->addRow(tr("&Job:"), m_job);
    m_form->addRow(tr("&Attempt:"), m_attempt);
    m_form->addRow(tr("&Rank:"), m_rank);
    m_form->addRow(tr("&GPUs per node:"), m_gpusPerNode);
    m_form->addRow(tr("&Timezone:"), m_timezone);
    m_form->addRow(tr("&Year:"), m_year);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette red = m_problem->palette();
    red.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_problem->setPalette(red);
    m_problem->hide();
    m_form->addRow(m_problem);
    layout->addLayout(m_form);
    layout->addStretch(1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_label, &QComboBox::currentTextChanged, this, [this](const QString& text) {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    layout->addWidget(m_buttons);

    connect(m_toggle, &QToolButton::clicked, this, [this] { setOptionsShown(!optionsShown()); });
    connect(m_browse, &QPushButton::clicked, this, &ImportDialog::browseMapping);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ImportDialog::updateFields);
    for (QLineEdit* edit : { m_mapping, m_job, m_attempt, m_rank, m_gpusPerNode, m_timezone, m_year }) {
        connect(edit, &QLineEdit::textChanged, this, &ImportDialog::updateSummary);
    }

    // The last import's options; the section opens by itself when they are not the defaults, so
    // that a remembered year or format is never applied unseen.
    const core::ReaderOptions remembered = rememberedImportOptions();
    setOptions(remembered);
    m_choices.reader = remembered;
    const core::ReaderOptions defaults;
    setOptionsShown(remembered.format != defaults.format || !remembered.mappingPath.empty()
        || remembered.timezone != defaults.timezone || remembered.year.has_value());
}

void ImportDialog::setReadAgain(const QString& label, const core::ReaderOptions& options)
{
    setWindowTitle(tr("Read file again"));
    m_what->setText(tr("Read %1 again, in place of its records under label '%2'.").arg(filesText(m_files), label));
    m_label->setCurrentText(label);
    m_label->setEnabled(false); // under another label it would be another import, not this one again
    setOptions(options);
    setOptionsShown(true);
    m_readAgain->setChecked(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("R&ead again"));
}

QString ImportDialog::label() const
{
    return m_label->currentText().trimmed();
}

QString ImportDialog::problem() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

bool ImportDialog::optionsShown() const
{
    return m_optionsShown;
}

void ImportDialog::setOptionsShown(bool shown)
{
    m_optionsShown = shown;
    m_toggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    for (QWidget* field : { static_cast<QWidget*>(m_format), m_mappingRow, static_cast<QWidget*>(m_job),
             static_cast<QWidget*>(m_attempt), static_cast<QWidget*>(m_rank), static_cast<QWidget*>(m_gpusPerNode),
             static_cast<QWidget*>(m_timezone), static_cast<QWidget*>(m_year) }) {
        m_form->setRowVisible(field, shown);
    }
    updateSummary();
    adjustSize();
}

void ImportDialog::setOptions(const core::ReaderOptions& options)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(traceFormatText(options.format))));
    m_mapping->setText(QString::fromStdString(options.mappingPath));
    m_job->setText(options.job ? QString::fromStdString(*options.job) : QString());
    m_attempt->setText(options.attempt ? QString::number(*options.attempt) : QString());
    m_rank->setText(options.rank ? QString::number(*options.rank) : QString());
    m_gpusPerNode->setText(options.gpusPerNode ? QString::number(*options.gpusPerNode) : QString());
    m_timezone->setText(QString::fromStdString(options.timezone));
    m_year->setText(options.year ? QString::number(*options.year) : QString());
    updateFields();
}

core::Result<core::ReaderOptions> ImportDialog::readOptions() const
{
    core::ReaderOptions options;
    options.format
        = core::parseTraceFormat(m_format->currentData().toString().toStdString()).value_or(core::TraceFormat::Auto);
    // A field the format does not read is left out, as the dialog shows it disabled.
    auto reads = [&](const char* option) { return core::formatReadsOption(options.format, option); };
    auto number
        = [](const QLineEdit* edit, const char* option, const char* expected) -> core::Result<std::optional<int32_t>> {
        const QString text = edit->text().trimmed();
        if (text.isEmpty()) {
            return std::optional<int32_t> {};
        }
        bool ok = false;
        const int value = text.toInt(&ok);
        if (!ok) {
            return core::Error { std::string(expected) + ", got \"" + text.toStdString() + "\"", option };
        }
        return std::optional<int32_t> { value };
    };
    if (reads("mapping")) {
        options.mappingPath = m_mapping->text().trimmed().toStdString();
    }
    if (reads("job") && !m_job->text().trimmed().isEmpty()) {
        options.job = m_job->text().trimmed().toStdString();
    }
    if (reads("attempt")) {
        auto attempt = number(m_attempt, "attempt", "expected an attempt number >= 0");
        if (!attempt) {
            return attempt.error();
        }
        options.attempt = *attempt;
    }
    if (reads("rank")) {
        auto rank = number(m_rank, "rank", "expected a rank >= 0");
        if (!rank) {
            return rank.error();
        }
        options.rank = *rank;
    }
    if (reads("gpus_per_node")) {
        auto gpus = number(m_gpusPerNode, "gpus_per_node", "expected a GPU count >= 1");
        if (!gpus) {
            return gpus.error();
        }
        options.gpusPerNode = *gpus;
    }
    if (reads("timezone")) {
        const QString zone = m_timezone->text().trimmed();
        options.timezone = zone.isEmpty() ? std::string("UTC") : zone.toStdString();
    }
    if (reads("year")) {
        auto year = number(m_year, "year", "expected a year such as 2025");
        if (!year) {
            return year.error();
        }
        options.year = *year;
    }
    return options;
}

void ImportDialog::accept()
{
    if (label().isEmpty()) {
        return;
    }
    auto options = readOptions();
    if (options) {
        if (auto checked = core::checkReaderOptions(*options); !checked) {
            options = checked.error();
        }
    }
    if (!options) {
        showProblem(options.error());
        return;
    }
    m_problem->hide();
    m_problem->clear();
    m_choices = ImportChoices { label(), *options, m_update->isChecked() || m_readAgain->isChecked(),
        m_readAgain->isChecked() };
    rememberImportOptions(*options);
    QDialog::accept();
}

void ImportDialog::showProblem(const core::Error& error)
{
    // The mapping parser's message starts with the file's path: it names itself.
    const QString message = QString::fromStdString(error.message);
    m_problem->setText(
        error.option == "mapping" ? message : importOptionTitle(error.option) + QStringLiteral(": ") + message);
    m_problem->show();
    setOptionsShown(true);
    if (QWidget* field = fieldOf(error.option)) {
        field->setFocus(Qt::OtherFocusReason);
        if (auto* edit = qobject_cast<QLineEdit*>(field)) {
            edit->selectAll();
        }
    }
}

QWidget* ImportDialog::fieldOf(const std::string& option) const
{
    const std::pair<const char*, QWidget*> fields[]
        = { { "format", m_format }, { "mapping", m_mapping }, { "job", m_job }, { "attempt", m_attempt },
              { "rank", m_rank }, { "gpus_per_node", m_gpusPerNode }, { "timezone", m_timezone }, { "year", m_year } };
    for (const auto& [name, field] : fields) {
        if (option == name) {
            return field;
        }
    }
    return nullptr;
}

void ImportDialog::updateFields()
{
    const auto format
        = core::parseTraceFormat(m_format->currentData().toString().toStdString()).value_or(core::TraceFormat::Auto);
    // What each field is (the words of `ettw import --help`) and the formats that read it.
    struct Field
    {
        QWidget* widget;
        const char* option;
        QString what;
    };
    const Field fields[] = {
        { m_mappingRow, "mapping",
            tr("A rules file mapping the names a tool writes to phases (see `ettw mappings`); empty: the format's "
               "built-in preset.") },
        { m_job, "job", tr("Job of the files, for formats that cannot say; empty: from the file.") },
        { m_attempt, "attempt", tr("Attempt number of the files (>= 0); empty: from the file.") },
        { m_rank, "rank", tr("Rank of the files (>= 0); empty: from the file.") },
        { m_gpusPerNode, "gpus_per_node",
            tr("GPUs of one node, for formats that count nodes (>= 1); empty: from the file.") },
        { m_timezone, "timezone", tr("Zone of console-log times that have none: UTC or an offset such as +02:00.") },
        { m_year, "year",
            tr("Year of console-log times that have none (%1 to %2); empty: the year of the first full date in the "
               "log.")
                .arg(core::kMinYearOption)
                .arg(core::kMaxYearOption) },
    };
    for (const Field& f : fields) {
        const bool reads = core::formatReadsOption(format, f.option);
        const QString usedBy = tr("Read for these formats: %1.").arg(formatsReadingOption(f.option));
        f.widget->setEnabled(reads);
        f.widget->setToolTip(
            f.what + QLatin1Char('\n') + (reads ? usedBy : tr("Not read for this format. %1").arg(usedBy)));
        if (QWidget* rowLabel = m_form->labelForField(f.widget)) {
            rowLabel->setEnabled(reads);
            rowLabel->setToolTip(f.widget->toolTip());
        }
    }
    m_mapping->setToolTip(m_mappingRow->toolTip());
    updateSummary();
}

void ImportDialog::updateSummary()
{
    // What differs from `ettw import` without options, so that a collapsed section hides nothing.
    QStringList set;
    if (m_format->currentIndex() > 0) {
        set << m_format->currentData().toString();
    }
    const std::pair<QLineEdit*, const char*> fields[]
        = { { m_mapping, "mapping" }, { m_job, "job" }, { m_attempt, "attempt" }, { m_rank, "rank" },
              { m_gpusPerNode, "gpus_per_node" }, { m_timezone, "timezone" }, { m_year, "year" } };
    for (const auto& [edit, option] : fields) {
        const QString text = edit->text().trimmed();
        if (!edit->isEnabled() || text.isEmpty() || (edit == m_timezone && text == QLatin1String("UTC"))) {
            continue;
        }
        set << importOptionTitle(option).toLower() + QLatin1Char(' ')
                + (edit == m_mapping ? QFileInfo(text).fileName() : text);
    }
    m_summary->setText(optionsShown() ? QString()
            : set.isEmpty()           ? tr("format by content, times in UTC")
                                      : set.join(QStringLiteral(", ")));
}

void ImportDialog::browseMapping()
{
    const QString start = m_mapping->text().trimmed();
    const QString path = QFileDialog::getOpenFileName(this, tr("Mapping file"),
        start.isEmpty() ? QString() : QFileInfo(start).absolutePath(), tr("Mapping rules (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        m_mapping->setText(path);
    }
}

std::optional<ImportChoices> ImportDialog::ask(QWidget* parent, const QStringList& files, const QStringList& existing)
{
    ImportDialog dialog(files, existing, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.choices().label.isEmpty()) {
        return std::nullopt;
    }
    return dialog.choices();
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
    m_file->setText(tr("File %1 of %2: %3").arg(p.fileIndex + 1).arg(p.fileCount).arg(qs(p.file)));
    m_stage->setText(importStageLabel(p.stage));
    m_records->setText(QLocale().toString(static_cast<qlonglong>(p.records)));
    if (p.bytesTotal > 0) {
        const double fraction = static_cast<double>(p.bytesDone) / static_cast<double>(p.bytesTotal);
        m_bar->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000.0)));
        m_bar->setFormat(tr("%p% of %1").arg(bytesText(p.bytesTotal)));
    } else {
        m_bar->setRange(0, 0); // busy: sizes unknown
    }
    // After the last file's bytes are read, the short closing stages have no estimate of their own.
    const bool closing = p.etaSeconds < 0 && p.stage != "reading" && p.fileIndex + 1 == p.fileCount;
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

ErrorDialog::ErrorDialog(
    const QString& title, const QString& summary, const QString& details, QWidget* parent, bool information)
    : QDialog(parent)
{
    setWindowTitle(title);
    setMinimumSize(560, 300);
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()
                        ->standardIcon(information ? QStyle::SP_MessageBoxInformation : QStyle::SP_MessageBoxCritical,
                            nullptr, this)
                        .pixmap(size, size));
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

ErrorDialog* ErrorDialog::showReport(
    QWidget* parent, const QString& title, const QString& summary, const QString& details)
{
    auto* dialog = new ErrorDialog(title, summary, details, parent, true);
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
    return tr("%1 and %2 (%3, %4, %5) imported under label '%6' will be removed from the database.")
        .arg(tr("%Ln file(s)", "", static_cast<int>(contents.files)),
            tr("%Ln job(s)", "", static_cast<int>(contents.jobs)),
            tr("%Ln attempt(s)", "", static_cast<int>(contents.attempts)),
            tr("%Ln phase(s)", "", static_cast<int>(contents.phases)),
            tr("%Ln checkpoint(s)", "", static_cast<int>(contents.checkpoints)), label);
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
