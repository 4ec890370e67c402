#include "app/ui/pages/whatif_page.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/backend_text.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/whatif_results.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/widgets/scenario_panel.h"
#include "app/ui/widgets/whatif_rows_editor.h"
#include "app/ui/window/workbench_state.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace ett::app {

WhatIfPage::WhatIfPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_service(service)
{
    m_throttle = new QTimer(this);
    m_throttle->setSingleShot(true);
    m_throttle->setInterval(kThrottleMs);
    buildUi();
    m_request = new PageRequest(this, service, [this] {
        // An empty database has nothing to project: the page shows its empty state.
        if (m_state->vocabulary().jobs == 0) {
            return quint64 { 0 };
        }
        WhatIfRequest request;
        request.cohort = cohortSpec().toStdString();
        request.changes = changes();
        request.excluded = m_state->filter().excluded; // the filter bar's, whatever the cohort
        return m_service->requestWhatIf(request, this);
    });
    connect(m_request, &PageRequest::asked, this, &WhatIfPage::updateStatus);
    connect(m_throttle, &QTimer::timeout, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &WhatIfPage::onVocabularyChanged);
    connect(m_state, &WorkbenchState::weightingChanged, this, &WhatIfPage::render);
    connect(m_state, &WorkbenchState::filterChanged, this, [this] {
        if (followsFilter()) {
            m_cohortEdit->setText(cohortSpec());
            schedule();
        } else if (m_state->filter().excluded != m_data.request.excluded) {
            schedule(); // a typed cohort keeps the filter bar's excluded windows (spec 7.4)
        }
    });
    if (m_service) {
        connect(m_service, &DataService::whatIfReady, this, &WhatIfPage::onWhatIfReady);
        connect(m_service, &DataService::queryFailed, this, &WhatIfPage::onQueryFailed);
    }
    onVocabularyChanged();
}

WhatIfPage::~WhatIfPage() = default;

// --- construction -----------------------------------------------------------------------------------

void WhatIfPage::buildUi()
{
    setStyleSheet(QStringLiteral(
        "QFrame#headlineFrame { background: palette(base); border: 1px solid palette(midlight); border-radius: 6px; }"
        "QLabel#headlineTitle, QLabel#headlineOther { color: palette(mid); }"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);
    layout->addWidget(buildHeader());

    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(m_stack);
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setStyleSheet(QStringLiteral("color: palette(mid); font-size: 13pt;"));
    m_stack->addWidget(m_empty);

    auto* body = m_body = new QSplitter(Qt::Vertical, m_stack);
    body->setChildrenCollapsible(false);
    auto* top = new QSplitter(Qt::Horizontal, body);
    top->setChildrenCollapsible(false);
    top->addWidget(buildChanges());
    top->addWidget(buildResults());
    top->setStretchFactor(0, 0);
    top->setStretchFactor(1, 1);
    top->setSizes({ 430, 1150 });
    body->addWidget(top);
    body->addWidget(buildScenarios());
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 0);
    body->setSizes({ 640, kScenariosHeight });
    body->installEventFilter(this);
    connect(body, &QSplitter::splitterMoved, this, [this] { m_bodyMoved = true; });
    m_stack->addWidget(body);
    layout->addWidget(m_stack, 1);

    // Ctrl+Z while the page has the focus: undo the last delete. In the main window, Edit > Undo
    // takes the key over and dispatches here (undoDeleteAction()).
    auto* undo = m_undoAction = new QAction(tr("Undo delete"), this);
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(undo, &QAction::triggered, this, &WhatIfPage::undoDelete);
    addAction(undo);
}

bool WhatIfPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_body && event->type() == QEvent::Resize) {
        fitBody();
    }
    return QWidget::eventFilter(watched, event);
}

void WhatIfPage::fitBody()
{
    if (m_bodyMoved) {
        return;
    }
    const int total = m_body->height() - m_body->handleWidth();
    const int scenariosMin = m_scenarioPanel->minimumSizeHint().height();
    const int scenarios = std::max(scenariosMin, std::min(kScenariosHeight, total - m_rowsEditor->sizeHint().height()));
    m_body->setSizes({ total - scenarios, scenarios });
}

QWidget* WhatIfPage::buildHeader()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);
    auto* top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(makePageTitle(tr("What-if"), box));
    top->addSpacing(8);
    top->addWidget(makeCaption(tr("Cohort"), box));
    m_cohortSource = new QComboBox(box);
    m_cohortSource->setObjectName(QStringLiteral("cohortSource"));
    m_cohortSource->addItem(tr("the filter bar's jobs"));
    m_cohortSource->addItem(tr("a cohort spec"));
    m_cohortSource->setToolTip(tr("Which jobs to project: those the filter bar selects, or a cohort spec typed here"));
    connect(m_cohortSource, &QComboBox::activated, this,
        [this](int index) { setCohortSpec(index == 0 ? std::nullopt : std::optional<QString>(m_cohortEdit->text())); });
    top->addWidget(m_cohortSource);
    m_cohortEdit = new QLineEdit(box);
    m_cohortEdit->setObjectName(QStringLiteral("cohortSpec"));
    m_cohortEdit->setMinimumWidth(320);
    m_cohortEdit->setPlaceholderText(tr("all jobs"));
    m_cohortEdit->setToolTip(tr("label=after,team=ads,from=2025-06-01,gpus>=64 (Enter applies); whole jobs: a time "
                                "range selects the jobs that overlap it"));
    connect(m_cohortEdit, &QLineEdit::returnPressed, this, [this] { setCohortSpec(m_cohortEdit->text().trimmed()); });
    top->addWidget(m_cohortEdit);
    m_busy = makeBusyBar(box, 80);
    top->addWidget(m_busy);
    m_status = makeStatusLabel(box);
    top->addWidget(m_status, 1);
    v->addLayout(top);
    m_errorLabel = makeErrorLabel(box);
    v->addWidget(m_errorLabel);
    return box;
}

QWidget* WhatIfPage::buildChanges()
{
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(380);
    m_rowsEditor = new WhatIfRowsEditor(scroll);
    connect(m_rowsEditor, &WhatIfRowsEditor::edited, this, &WhatIfPage::schedule);
    connect(m_rowsEditor, &WhatIfRowsEditor::resetClicked, this, &WhatIfPage::reset);
    connect(m_rowsEditor, &WhatIfRowsEditor::extraDropped, this, [this] {
        render();
        schedule();
    });
    scroll->setWidget(m_rowsEditor);
    return scroll;
}

QWidget* WhatIfPage::buildResults()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(4, 0, 0, 0);
    v->setSpacing(6);

    // 1. The headline: ETT% today -> projected, the change, the other weighting, the counts.
    v->addWidget(buildHeadline(box));

    // 2. The bridge and the table of its steps.
    auto* split = new QSplitter(Qt::Vertical, box);
    split->setChildrenCollapsible(false);
    m_bridgeView = makeChartView(split, 200);
    m_bridgeView->setObjectName(QStringLiteral("bridgeChart"));
    installChartExport(m_bridgeView, tr("What-if"), [this] { return exportScope(); });
    split->addWidget(m_bridgeView);
    m_steps = makeTable(split,
        { tr("Change"), tr("GPU-h saved"), tr("h saved"), tr("pp (GPU-weighted)"), tr("pp (time-weighted)"),
            tr("Attempts changed"), tr("Jobs not applicable") });
    m_steps->setObjectName(QStringLiteral("steps"));
    for (const auto& [column, key] :
        { std::pair { 1, QStringLiteral("GPU-s saved") }, std::pair { 2, QStringLiteral("s saved") },
            std::pair { 3, QStringLiteral("pp GPU-weighted") }, std::pair { 4, QStringLiteral("pp time-weighted") } }) {
        m_steps->horizontalHeaderItem(column)->setData(ExportKeyRole, key);
    }
    m_steps->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_steps->setMinimumHeight(90);
    installTableExport(m_steps, tr("What-if"), [this] {
        return TableExport { tr("What-if: the steps from ETT% today to projected"), exportScope(), {}, {} };
    });
    split->addWidget(m_steps);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setSizes({ 420, 150 });
    v->addWidget(split, 1);
    return box;
}

QWidget* WhatIfPage::buildHeadline(QWidget* parent)
{
    auto* frame = new QFrame(parent);
    frame->setObjectName(QStringLiteral("headlineFrame"));
    auto* h = new QHBoxLayout(frame);
    h->setContentsMargins(12, 6, 12, 6);
    h->setSpacing(18);
    auto* left = new QVBoxLayout;
    left->setSpacing(1);
    m_headlineTitle = new QLabel(frame);
    m_headlineTitle->setObjectName(QStringLiteral("headlineTitle"));
    auto* values = new QHBoxLayout;
    values->setSpacing(14);
    m_headline = new QLabel(frame);
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    m_headline->setFont(big);
    m_headlineChange = new QLabel(frame);
    m_headlineChange->setObjectName(QStringLiteral("headlineChange"));
    QFont change = m_headlineChange->font();
    change.setPointSizeF(change.pointSizeF() * 1.5);
    change.setBold(true);
    m_headlineChange->setFont(change);
    values->addWidget(m_headline);
    values->addWidget(m_headlineChange, 0, Qt::AlignBottom);
    values->addStretch(1);
    m_headlineOther = new QLabel(frame);
    m_headlineOther->setObjectName(QStringLiteral("headlineOther"));
    left->addWidget(m_headlineTitle);
    left->addLayout(values);
    left->addWidget(m_headlineOther);
    h->addLayout(left, 1);
    m_facts = new QLabel(frame);
    m_facts->setObjectName(QStringLiteral("facts"));
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    h->addWidget(m_facts, 0, Qt::AlignVCenter);
    return frame;
}

QWidget* WhatIfPage::buildScenarios()
{
    m_scenarioPanel = new ScenarioPanel(
        m_service,
        [this] {
            core::Scenario s;
            s.cohort = cohortSpec().toStdString();
            s.changes = changes();
            return s;
        },
        [this](const core::Scenario& scenario) { applyScenario(scenario); }, this);
    installTableExport(m_scenarioPanel->scenariosTable(), tr("What-if"), [this] {
        return TableExport { tr("What-if: scenarios saved in the database"), exportScope(), {}, {} };
    });
    connect(m_scenarioPanel, &ScenarioPanel::scenariosShown, this, &WhatIfPage::scenariosShown);
    connect(m_scenarioPanel, &ScenarioPanel::undoDeleteChanged, this, &WhatIfPage::undoDeleteChanged);
    return m_scenarioPanel;
}

// --- the changes -----------------------------------------------------------------------------------

std::optional<WhatIfPage::Row> WhatIfPage::rowNamed(const QString& name)
{
    return WhatIfRows::rowNamed(name);
}

double WhatIfPage::percent(Row row) const
{
    return m_rowsEditor->percent(row);
}

void WhatIfPage::setPercent(Row row, double percent)
{
    m_rowsEditor->setPercent(row, percent);
}

QSlider* WhatIfPage::slider(Row row) const
{
    return m_rowsEditor->slider(row);
}

QDoubleSpinBox* WhatIfPage::spinBox(Row row) const
{
    return m_rowsEditor->spinBox(row);
}

QString WhatIfPage::phaseSubcategory() const
{
    return m_rowsEditor->phaseSubcategory();
}

void WhatIfPage::setPhaseSubcategory(const QString& subcategory)
{
    m_rowsEditor->setPhaseSubcategory(subcategory);
}

WhatIfPage::Interval WhatIfPage::interval() const
{
    return m_rowsEditor->interval();
}

double WhatIfPage::intervalPercent() const
{
    return m_rowsEditor->intervalPercent();
}

void WhatIfPage::setInterval(Interval mode, double scalePercent)
{
    m_rowsEditor->setInterval(mode, scalePercent);
}

void WhatIfPage::reset()
{
    m_rowsEditor->reset();
    render();
    schedule();
}

std::vector<core::WhatIfChange> WhatIfPage::changes() const
{
    return m_rowsEditor->rows().changes();
}

// --- the cohort -------------------------------------------------------------------------------------

void WhatIfPage::setCohortSpec(const std::optional<QString>& spec)
{
    m_typedSpec = spec;
    {
        const QSignalBlocker block(m_cohortSource);
        m_cohortSource->setCurrentIndex(spec ? 1 : 0);
    }
    // Following the filter bar, the field shows its spec (read only).
    m_cohortEdit->setReadOnly(!spec);
    m_cohortEdit->setText(cohortSpec());
    schedule();
}

bool WhatIfPage::followsFilter() const
{
    return !m_typedSpec.has_value();
}

QString WhatIfPage::cohortSpec() const
{
    if (m_typedSpec) {
        return *m_typedSpec;
    }
    // The filter bar's cohort; "" for every job (CohortSpec::text() says "all jobs").
    const core::CohortSpec spec = m_state->filter();
    return spec.text() == core::CohortSpec {}.text() ? QString() : qs(spec.text());
}

// --- requests ----------------------------------------------------------------------------------------

void WhatIfPage::onVocabularyChanged()
{
    m_cohortEdit->setReadOnly(followsFilter());
    m_cohortEdit->setText(cohortSpec());
    m_hasData = false;
    m_data = WhatIfData {};
    m_error.clear();
    render();
    m_scenarioPanel->reload();
    m_request->invalidate();
}

void WhatIfPage::schedule()
{
    // A throttle, not a debounce: a slider dragged without pause still asks every kThrottleMs.
    if (!m_throttle->isActive()) {
        m_throttle->start();
    }
}

void WhatIfPage::refresh()
{
    m_throttle->stop();
    m_request->ask();
}

bool WhatIfPage::isBusy() const
{
    return m_request->isBusy();
}

void WhatIfPage::onWhatIfReady(quint64 id, const WhatIfData& data)
{
    if (!m_request->isNewest(id)) {
        return; // an older request's result
    }
    m_request->answered();
    m_data = data;
    m_hasData = true;
    m_error.clear();
    // The fleet's subcategories, keeping the one chosen.
    m_rowsEditor->setSubcategories(qsList(data.subcategories));
    render();
    emit projectionShown();
}

void WhatIfPage::onQueryFailed(quint64 id, const QString& message)
{
    if (id == 0) {
        return;
    }
    // The scenario panel answers the failures of its own requests.
    if (m_request->isNewest(id)) {
        m_request->answered();
        m_error = message;
        updateStatus();
    }
}

// --- scenarios ---------------------------------------------------------------------------------------

const ScenarioList& WhatIfPage::scenarios() const
{
    return m_scenarioPanel->scenarios();
}

QTableWidget* WhatIfPage::scenariosTable() const
{
    return m_scenarioPanel->scenariosTable();
}

void WhatIfPage::saveScenarioAs(const QString& name)
{
    m_scenarioPanel->saveScenarioAs(name);
}

bool WhatIfPage::loadScenario(const QString& name)
{
    return m_scenarioPanel->loadScenario(name);
}

void WhatIfPage::applyScenario(const core::Scenario& scenario)
{
    // 1. Each change into its row when the row is free and can show it exactly, else among the
    //    extra changes; into the controls quietly.
    m_rowsEditor->setRows(WhatIfRows::fromScenario(scenario));
    const QString cohort = qs(scenario.cohort);
    if (cohort != cohortSpec() || !followsFilter()) {
        setCohortSpec(cohort);
    }
    // 2. Say when the page's order is not the scenario's (each change applies to the result of
    //    the ones before, so the figures may differ from `ettw whatif` of the saved scenario).
    QStringList saved;
    for (const auto& c : scenario.changes) {
        saved << qs(c.text());
    }
    QStringList shown;
    for (const auto& c : changes()) {
        shown << qs(c.text());
    }
    QString message = tr("Loaded scenario '%1'.").arg(qs(scenario.name));
    if (saved != shown) {
        message += QLatin1Char(' ') + tr("Its changes apply in the page's order: %1.").arg(shown.join(", "));
    }
    m_scenarioPanel->showMessage(message);
    // 3. One request.
    render();
    schedule();
}

void WhatIfPage::deleteScenario(const QString& name)
{
    m_scenarioPanel->deleteScenario(name);
}

void WhatIfPage::undoDelete()
{
    m_scenarioPanel->undoDelete();
}

bool WhatIfPage::canUndoDelete() const
{
    return m_scenarioPanel->canUndoDelete();
}

QString WhatIfPage::scenarioMessage() const
{
    return m_scenarioPanel->scenarioMessage();
}

// --- rendering -----------------------------------------------------------------------------------------

bool WhatIfPage::showsEmptyState() const
{
    return m_stack->currentIndex() == 0;
}

QChart* WhatIfPage::bridgeChart() const
{
    return m_bridgeView->chart();
}

QString WhatIfPage::headlineText() const
{
    return m_headline->text();
}

QString WhatIfPage::headlineChangeText() const
{
    return m_headlineChange->text();
}

QString WhatIfPage::exportScope() const
{
    QStringList changes;
    for (const auto& c : this->changes()) {
        changes << changeText(c);
    }
    const QString cohort = cohortSpec().isEmpty() ? tr("all jobs") : cohortSpec();
    return tr("cohort: %1 · changes: %2 · %3")
        .arg(cohort, changes.isEmpty() ? tr("none") : changes.join(QStringLiteral(", ")),
            weightingName(m_state->weighting()));
}

void WhatIfPage::render()
{
    const bool noDatabase = !m_service || !m_service->hasDatabase();
    const bool empty = noDatabase || m_state->vocabulary().jobs == 0;
    if (empty) {
        m_empty->setText(noDatabase
                ? tr("No database is open.\n\nOpen a database or import traces (File > Open, or drop files on the "
                     "window) to see what changes to start-up, interruptions or checkpointing would do to ETT%.")
                : tr("The database has no jobs yet.\n\nImport traces (File > Import traces) to project what changes "
                     "would do to ETT%."));
    }
    m_stack->setCurrentIndex(empty ? 0 : 1);
    renderHeadline();
    renderBridge();
    renderSteps();
    updateStatus();
}

void WhatIfPage::renderHeadline()
{
    const Weighting w = m_state->weighting();
    if (!m_hasData) {
        m_headlineTitle->setText(tr("ETT% today → projected (%1)").arg(weightingName(w)));
        m_headline->setText(QStringLiteral("–"));
        m_headlineChange->clear();
        m_headlineOther->clear();
        m_facts->clear();
        m_rowsEditor->setIntervalNote(QString());
        return;
    }
    const WhatIfHeadline h = whatIfHeadline(m_data, w);
    m_headlineTitle->setText(h.title);
    m_headline->setText(h.headline);
    m_headline->setToolTip(h.headlineTip);
    m_headlineChange->setText(h.change);
    m_headlineChange->setStyleSheet(h.changeStyle);
    m_headlineOther->setText(h.other);
    m_facts->setText(h.facts);
    m_facts->setToolTip(h.factsTip);
    m_rowsEditor->setIntervalNote(h.intervalNote);
}

void WhatIfPage::renderBridge()
{
    QChart* chart = resetChart(m_bridgeView);
    const Weighting w = m_state->weighting();
    const std::optional<Waterfall> waterfall = m_hasData ? whatIfBridge(m_data, w) : std::nullopt;
    if (!waterfall) {
        chart->setTitle(whatIfBridgeTitle(w) + (m_hasData ? tr(": the cohort has no E2E") : tr(": no projection yet")));
        return;
    }
    showTipsOnHover(fillWaterfallChart(chart, *waterfall), this);
}

void WhatIfPage::renderSteps()
{
    m_steps->setRowCount(0);
    if (!m_hasData) {
        return;
    }
    fillWhatIfSteps(m_steps, m_data);
}

void WhatIfPage::updateStatus()
{
    m_busy->setVisible(isBusy());
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    if (!m_service || !m_service->hasDatabase()) {
        m_status->setFullText(tr("Open a database with jobs to project (File > Open)."));
    } else if (isBusy()) {
        m_status->setFullText(tr("projecting…"));
    } else if (m_hasData) {
        m_status->setFullText(tr("%1 · %2 in %3 ms on %4")
                                  .arg(tr("%Ln job(s)", "", static_cast<int>(m_data.result.jobs)),
                                      m_data.modelBuilt ? tr("model built and projected") : tr("projected"))
                                  .arg(formatDecimal(m_data.milliseconds, m_data.milliseconds < 10 ? 2 : 1))
                                  .arg(backendNameText(m_service->backend())));
    } else {
        m_status->setFullText(QString());
    }
}

} // namespace ett::app
