#include "app/ui/dialogs/report_dialog.h"

#include "app/report/report_writer.h"
#include "app/ui/charts/compare_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/window/workbench_state.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPrintPreviewWidget>
#include <QPrinter>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>

namespace ett::app {

ReportDialog::ReportDialog(DataService* service, WorkbenchState* state,
    std::optional<std::pair<core::CohortSpec, core::CohortSpec>> cohorts, bool includeComparison, QWidget* parent)
    : QDialog(parent)
    , m_service(service)
    , m_state(state)
    , m_cohorts(std::move(cohorts))
{
    setWindowTitle(tr("Export report"));
    resize(1100, 900);

    auto* form = new QFormLayout;
    m_title = new QLineEdit(tr("Where the training time went"), this);
    form->addRow(tr("&Title"), m_title);
    m_scope = new QLabel(cohortLabel(state->filter().text()), this);
    m_scope->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scope->setToolTip(tr("The jobs of the filter bar"));
    form->addRow(tr("Scope"), m_scope);
    auto* options = new QHBoxLayout;
    m_page = new QComboBox(this);
    m_page->addItem(QStringLiteral("A4"), QStringLiteral("a4"));
    m_page->addItem(tr("Letter"), QStringLiteral("letter")); // US Letter: "Carta" in Brazil
    m_page->setCurrentIndex(QSettings().value(QStringLiteral("report/page")).toString() == QLatin1String("letter"));
    m_weighting = new QComboBox(this);
    m_weighting->addItem(weightingName(Weighting::Gpu));
    m_weighting->addItem(weightingName(Weighting::Time));
    m_weighting->setCurrentIndex(state->weighting() == Weighting::Time ? 1 : 0);
    m_every = new QComboBox(this);
    m_every->addItem(tr("per day"));
    m_every->addItem(tr("per week"));
    // A label's "&" marks its mnemonic only with a buddy (without one it shows as "&Page").
    const auto labelled = [this, options](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, this);
        label->setBuddy(field);
        options->addWidget(label);
        options->addWidget(field);
    };
    labelled(tr("&Page"), m_page);
    options->addSpacing(12);
    labelled(tr("&Weighting"), m_weighting);
    options->addSpacing(12);
    labelled(tr("ETT% &series"), m_every);
    options->addStretch(1);
    form->addRow(tr("Options"), options);
    m_compare = new QCheckBox(this);
    if (m_cohorts) {
        m_compare->setText(tr("Compare A (%1) with B (%2)")
                               .arg(QString::fromStdString(m_cohorts->first.text()),
                                   QString::fromStdString(m_cohorts->second.text())));
        m_compare->setChecked(includeComparison);
    } else {
        m_compare->setText(tr("Compare A with B (choose the cohorts on the Compare A/B page first)"));
        m_compare->setEnabled(false);
    }
    form->addRow(tr("Comparison"), m_compare);

    m_printer = new QPrinter(QPrinter::HighResolution);
    m_printer->setResolution(96); // the report lays out in 96-dpi pixels (report_writer.h)
    m_printer->setFullPage(true);
    m_printer->setPageMargins(QMarginsF(0, 0, 0, 0));
    m_preview = new QPrintPreviewWidget(m_printer, this);
    m_preview->setViewMode(QPrintPreviewWidget::SinglePageView);
    connect(m_preview, &QPrintPreviewWidget::paintRequested, this, [this](QPrinter* printer) {
        if (m_content) {
            m_pages = paintReport(*printer, *m_content);
        }
    });

    m_status = new QLabel(this);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->hide();
    auto* buttons = new QDialogButtonBox(this);
    m_save = buttons->addButton(tr("&Save PDF..."), QDialogButtonBox::AcceptRole);
    m_save->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    connect(m_save, &QPushButton::clicked, this, &ReportDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_busy);
    bottom->addWidget(m_status, 1);
    bottom->addWidget(buttons);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addLayout(bottom);

    // Title, page and weighting only change the painting; the series and the comparison need
    // the figures gathered again.
    auto* typing = new QTimer(this);
    typing->setSingleShot(true);
    typing->setInterval(400);
    connect(typing, &QTimer::timeout, this, &ReportDialog::repaintPreview);
    connect(m_title, &QLineEdit::textChanged, typing, qOverload<>(&QTimer::start));
    connect(m_page, &QComboBox::currentIndexChanged, this, &ReportDialog::repaintPreview);
    connect(m_weighting, &QComboBox::currentIndexChanged, this, &ReportDialog::repaintPreview);
    connect(m_every, &QComboBox::currentIndexChanged, this, &ReportDialog::gather);
    connect(m_compare, &QCheckBox::toggled, this, &ReportDialog::gather);
    connect(m_service, &DataService::reportReady, this, &ReportDialog::onReportReady);
    connect(m_service, &DataService::queryFailed, this, &ReportDialog::onFailed);
    gather();
}

ReportDialog::~ReportDialog() = default;

ReportRequest ReportDialog::request() const
{
    ReportRequest r;
    r.title = m_title->text().trimmed().isEmpty() ? std::string("ETT report") : m_title->text().trimmed().toStdString();
    r.scope = m_state->filter();
    r.countQueue = m_state->filter().countQueue;
    r.weighting = m_weighting->currentIndex() == 1 ? Weighting::Time : Weighting::Gpu;
    r.every = m_every->currentIndex() == 1 ? gpu::Calendar::Week : gpu::Calendar::Day;
    if (m_cohorts && m_compare->isChecked()) {
        r.a = m_cohorts->first;
        r.b = m_cohorts->second;
    }
    return r;
}

QPageSize::PageSizeId ReportDialog::pageSize() const
{
    return m_page->currentIndex() == 1 ? QPageSize::Letter : QPageSize::A4;
}

void ReportDialog::gather()
{
    m_save->setEnabled(false);
    m_busy->show();
    m_status->setText(tr("Gathering the figures..."));
    m_request = m_service->requestReport(request(), this);
}

void ReportDialog::onReportReady(quint64 id, const ReportContent& content)
{
    if (id != m_request) {
        return;
    }
    m_content = content;
    m_busy->hide();
    m_save->setEnabled(true);
    repaintPreview();
    emit contentReady();
}

void ReportDialog::onFailed(quint64 id, const QString& message)
{
    if (id != m_request) {
        return;
    }
    m_busy->hide();
    m_status->setText(tr("Cannot make the report: %1").arg(message));
}

void ReportDialog::repaintPreview()
{
    if (!m_content) {
        return;
    }
    // The painting options live in the request the content carries.
    const ReportRequest r = request();
    m_content->request.title = r.title;
    m_content->request.weighting = r.weighting;
    m_printer->setPageSize(QPageSize(pageSize()));
    m_preview->updatePreview();
    m_status->setText(tr("%n page(s), %1", nullptr, m_pages).arg(m_page->currentText()));
}

bool ReportDialog::saveTo(const QString& path, QString* error)
{
    if (!m_content) {
        if (error) {
            *error = tr("the report's figures are not ready yet");
        }
        return false;
    }
    const ReportRequest r = request();
    m_content->request.title = r.title;
    m_content->request.weighting = r.weighting;
    auto st = writeReportPdf(*m_content, path, pageSize());
    if (!st && error) {
        *error = QString::fromStdString(st.error().message);
    }
    return st.ok();
}

void ReportDialog::save()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("report/dir"), QDir::homePath()).toString();
    QString name = m_title->text().trimmed();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save report"), QDir(dir).filePath(name + QStringLiteral(".pdf")), tr("PDF files (*.pdf)"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    if (!saveTo(path, &error)) {
        QMessageBox::warning(this, tr("Save report"), tr("The report was not saved.\n\n%1").arg(error));
        return;
    }
    settings.setValue(QStringLiteral("report/dir"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("report/page"), m_page->currentData().toString());
    m_status->setText(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace ett::app
