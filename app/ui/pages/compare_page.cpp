#include "app/ui/pages/compare_page.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/compare_models.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/compare_cards.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"

#include <QAreaSeries>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ett::app {

namespace {

// The charts' least height: with it (and the timelines') the page fits a 1280 x 800 screen (the
// user's splitters give them more).
constexpr int kChartMinHeight = 180;

// A read-only view of one of the page's models, styled as page_widgets' tables: whole rows
// selected one at a time, alternating rows, compact rows, no word wrap, no row numbers, headers not
// highlighted. The view owns the model.
QTableView* makeTableView(QWidget* parent, QAbstractItemModel* model)
{
    auto* t = new QTableView(parent);
    model->setParent(t);
    t->setModel(model);
    styleTable(t);
    return t;
}

} // namespace

// --- ComparePage ----------------------------------------------------------------------------------

QColor ComparePage::colorA()
{
    return cohortColor(false);
}

QColor ComparePage::colorB()
{
    return cohortColor(true);
}

ComparePage::ComparePage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_service(service)
{
    m_applyTimer = new QTimer(this);
    m_applyTimer->setSingleShot(true);
    m_applyTimer->setInterval(kApplyDelayMs);
    connect(m_applyTimer, &QTimer::timeout, this, &ComparePage::requestOrDefer);
    buildUi();
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &ComparePage::onVocabularyChanged);
    connect(m_state, &WorkbenchState::weightingChanged, this, [this] {
        const QSignalBlocker b1(m_gpuWeighted);
        const QSignalBlocker b2(m_timeWeighted);
        m_gpuWeighted->setChecked(m_state->weighting() == Weighting::Gpu);
        m_timeWeighted->setChecked(m_state->weighting() == Weighting::Time);
        render();
    });
    if (m_service) {
        connect(m_service, &DataService::comparisonReady, this, &ComparePage::onComparisonReady);
        connect(m_service, &DataService::comparisonProgress, this, &ComparePage::onComparisonProgress);
        connect(m_service, &DataService::queryFailed, this, &ComparePage::onQueryFailed);
    }
    onVocabularyChanged();
    render();
}

ComparePage::~ComparePage() = default;

// --- construction -----------------------------------------------------------------------------------

void ComparePage::buildUi()
{
    setStyleSheet(CompareCards::styleSheet());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);
    layout->addWidget(buildHeader());
    m_cards = new CompareCards(this);
    layout->addWidget(m_cards);

    // Charts above, tables and timelines below; the user may move the split.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    auto* charts = new QSplitter(Qt::Horizontal, split);
    charts->setChildrenCollapsible(false);
    m_bridgeView = makeChartView(charts, kChartMinHeight);
    m_bridgeView->setObjectName(QStringLiteral("bridgeChart"));
    installChartExport(m_bridgeView, tr("Compare"), [this] { return exportScope(); });
    charts->addWidget(m_bridgeView);
    m_distribution = new DistributionPanel([this] { return exportScope(); }, charts);
    charts->addWidget(m_distribution);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    charts->setSizes({ 800, 800 });
    split->addWidget(charts);

    m_tabs = new QTabWidget(split);
    m_tabs->setObjectName(QStringLiteral("compareTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(buildMatchedTab(), tr("Matched jobs"));
    m_tabs->addTab(buildChangesTab(), tr("Table of changes"));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 5);
    layout->addWidget(split, 1);
}

QLayout* ComparePage::buildOptions(QWidget* box)
{
    auto* top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(makePageTitle(tr("Compare cohorts"), box));
    top->addSpacing(8);
    m_busy = makeBusyBar(box, 110);
    top->addWidget(m_busy);
    m_status = makeStatusLabel(box);
    top->addWidget(m_status, 1);

    auto* swap = new QPushButton(tr("⇅ Swap A/B"), box);
    swap->setObjectName(QStringLiteral("swap"));
    swap->setToolTip(tr("Exchange the cohorts: B becomes the baseline"));
    connect(swap, &QPushButton::clicked, this, &ComparePage::swapCohorts);
    top->addWidget(swap);
    top->addWidget(makeSeparator(box));
    top->addWidget(makeCaption(tr("Match jobs by"), box));
    m_matchBy = new QComboBox(box);
    m_matchBy->setObjectName(QStringLiteral("matchBy"));
    m_matchBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_matchBy->setToolTip(tr("What pairs a job of A with a job of B: its key, its name, or an attribute's value"));
    connect(m_matchBy, &QComboBox::activated, this,
        [this](int index) { setMatchBy(m_matchBy->itemData(index).toString()); });
    top->addWidget(m_matchBy);
    m_countQueue = new QCheckBox(tr("Count queue"), box);
    m_countQueue->setObjectName(QStringLiteral("countQueue"));
    m_countQueue->setToolTip(
        tr("Start job windows at submission in both cohorts: time before the first attempt is queue (spec 5.6)"));
    connect(m_countQueue, &QCheckBox::toggled, this, &ComparePage::setCountQueue);
    top->addWidget(m_countQueue);
    top->addWidget(makeSeparator(box));
    auto* weighting = new QButtonGroup(box);
    m_gpuWeighted = new QToolButton(box);
    m_gpuWeighted->setObjectName(QStringLiteral("gpuWeighted"));
    m_gpuWeighted->setText(tr("GPU-weighted"));
    m_gpuWeighted->setToolTip(tr("Weigh every job by its GPUs (the whole window follows)"));
    m_timeWeighted = new QToolButton(box);
    m_timeWeighted->setObjectName(QStringLiteral("timeWeighted"));
    m_timeWeighted->setText(tr("Time-weighted"));
    m_timeWeighted->setToolTip(tr("Weigh every job alike (the whole window follows)"));
    for (QToolButton* b : { m_gpuWeighted, m_timeWeighted }) {
        b->setCheckable(true);
        top->addWidget(b);
    }
    weighting->addButton(m_gpuWeighted, static_cast<int>(Weighting::Gpu));
    weighting->addButton(m_timeWeighted, static_cast<int>(Weighting::Time));
    (m_state->weighting() == Weighting::Gpu ? m_gpuWeighted : m_timeWeighted)->setChecked(true);
    connect(weighting, &QButtonGroup::idClicked, this,
        [this](int id) { m_state->setWeighting(static_cast<Weighting>(id)); });
    return top;
}

QWidget* ComparePage::buildHeader()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);

    // 1. Title, status and the comparison's options.
    v->addLayout(buildOptions(box));

    // 2. The cohorts.
    m_editorA = new CohortEditor(QStringLiteral("A"), colorA(), box);
    m_editorB = new CohortEditor(QStringLiteral("B"), colorB(), box);
    for (CohortEditor* e : { m_editorA, m_editorB }) {
        const bool isB = e == m_editorB;
        v->addWidget(e);
        connect(e, &CohortEditor::edited, this, [this, isB](const core::CohortSpec& cohort) {
            (isB ? m_request.b : m_request.a) = cohort;
            m_cohortsSet = true;
            scheduleRequest();
        });
        connect(e, &CohortEditor::takeWindowFilterRequested, this, [this, e, isB] {
            core::CohortSpec f = m_state->filter();
            f.countQueue = false;
            e->setCohort(f);
            (isB ? m_request.b : m_request.a) = f;
            m_cohortsSet = true;
            scheduleRequest();
        });
    }

    // 3. Errors and notes (hidden when there are none).
    m_errorLabel = makeErrorLabel(box);
    v->addWidget(m_errorLabel);
    return box;
}

QWidget* ComparePage::buildChangesTab()
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    auto* left = new QWidget(split);
    auto* lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 4, 0, 0);
    lv->setSpacing(2);
    lv->addWidget(makeCaption(tr("Distributions: nearest-rank percentiles of A and B, and the change (click a row to "
                                 "chart it)"),
        left));
    m_changesModel = new DistributionChangesModel(this);
    m_changes = makeTableView(left, m_changesModel);
    m_changes->setObjectName(QStringLiteral("changes"));
    installTableExport(m_changes, tr("Compare"), [this] {
        return TableExport { tr("Compare: distributions of A and B (nearest-rank percentiles)"), exportScope(), {},
            {} };
    });
    connect(
        m_changes, &QTableView::clicked, this, [this](const QModelIndex& index) { setDistributionIndex(index.row()); });
    lv->addWidget(m_changes, 1);
    // Time to Recover's bridge (spec 7.1): means add up where percentiles do not.
    m_ttrBridge = new QLabel(left);
    m_ttrBridge->setObjectName(QStringLiteral("ttrBridge"));
    m_ttrBridge->setTextFormat(Qt::RichText);
    m_ttrBridge->setWordWrap(true);
    m_ttrBridge->setToolTip(tr("From A's mean Time to Recover to B's, one step per part: detect (fault to the "
                               "attempt's end), restart (to the next attempt's start), start-up (to training again). "
                               "Means, not medians, because they add up exactly."));
    lv->addWidget(m_ttrBridge);
    split->addWidget(left);

    auto* right = new QWidget(split);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 4, 0, 0);
    rv->setSpacing(2);
    // Short enough for the panel at 1280 x 800 ("... of E2E, A →" left "B" alone on a second line);
    // what the days are, in its tooltip.
    auto* ratesCaption = makeCaption(tr("Interruptions per 1,000 GPU-days, A → B"), right);
    ratesCaption->setToolTip(tr("Failures and preemptions of each cause class per 1,000 GPU-days of end-to-end time "
                                "of the cohort's jobs, A → B"));
    ratesCaption->setWordWrap(true);
    rv->addWidget(ratesCaption);
    m_causesModel = new CauseRatesModel(this);
    m_causes = makeTableView(right, m_causesModel);
    m_causes->setObjectName(QStringLiteral("causes"));
    installTableExport(m_causes, tr("Compare"), [this] {
        return TableExport { tr("Compare: interruptions per 1,000 GPU-days of E2E by cause class"), exportScope(), {},
            {} };
    });
    rv->addWidget(m_causes, 1);
    split->addWidget(right);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 2);
    m_changesSplit = split;
    return split;
}

QWidget* ComparePage::buildMatchedTab()
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);

    // 1. The matched jobs that moved most.
    auto* left = new QWidget(split);
    auto* lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 4, 0, 0);
    lv->setSpacing(2);
    m_matchedNote = makeCaption(QString(), left);
    m_matchedNote->setWordWrap(true);
    lv->addWidget(m_matchedNote);
    m_matchedModel = new MatchedJobsModel(this);
    m_matched = makeTableView(left, m_matchedModel);
    m_matched->setObjectName(QStringLiteral("matched"));
    installTableExport(m_matched, tr("Compare"), [this] {
        return TableExport { tr("Compare: matched jobs by %1, regressions then improvements of ETT% (GPU-weighted), "
                                "the most GPU-hours changed first")
                                 .arg(matchedBy()),
            exportScope(), {}, {} };
    });
    m_matched->horizontalHeader()->setStretchLastSection(true);
    connect(
        m_matched->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.row() >= 0 && current.row() != m_selectedRow) {
                selectMatched(current.row());
            }
        });
    lv->addWidget(m_matched, 1);
    split->addWidget(left);

    // 2. Its timelines in A and B, side by side.
    m_timelines = new MatchedTimelines(m_service, split);
    connect(m_timelines, &MatchedTimelines::openJobRequested, m_state, &WorkbenchState::openJob);
    connect(m_timelines, &MatchedTimelines::timelinesShown, this, &ComparePage::timelinesShown);
    split->addWidget(m_timelines);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 5);
    split->setSizes({ 480, 1100 });
    return split;
}

QString ComparePage::exportScope() const
{
    // CohortSpec::text() names an empty cohort "all jobs".
    return tr("A: %1 · B: %2 · %3")
        .arg(cohortLabel(m_request.a.text()), cohortLabel(m_request.b.text()), weightingName(m_state->weighting()));
}

// --- cohorts and requests ----------------------------------------------------------------------------

std::pair<core::CohortSpec, core::CohortSpec> ComparePage::defaultCohorts(const Vocabulary& vocabulary)
{
    return suggestedCohorts(vocabulary);
}

void ComparePage::onVocabularyChanged()
{
    const Vocabulary& v = m_state->vocabulary();
    // The matching choices: key, name, then every attribute.
    {
        const QSignalBlocker block(m_matchBy);
        m_matchBy->clear();
        m_matchBy->addItem(tr("auto (name or key)"), QStringLiteral("auto"));
        m_matchBy->addItem(tr("job key"), QStringLiteral("job"));
        m_matchBy->addItem(tr("job name"), QStringLiteral("name"));
        for (const QString& key : v.attrKeys) {
            m_matchBy->addItem(tr("attribute %1").arg(key), key);
        }
        int index = m_matchBy->findData(m_request.matchBy);
        if (index < 0) {
            m_request.matchBy = QStringLiteral("auto");
            index = 0;
        }
        m_matchBy->setCurrentIndex(index);
    }
    m_editorA->setVocabulary(v);
    m_editorB->setVocabulary(v);
    // Cohorts set before stay while their labels exist; else the defaults of the new data.
    auto known = [&v](const core::CohortSpec& f) {
        for (const auto& l : f.labels) {
            if (!v.labels.contains(qs(l))) {
                return false;
            }
        }
        return true;
    };
    if (!m_cohortsSet || !known(m_request.a) || !known(m_request.b)) {
        auto [a, b] = defaultCohorts(v);
        m_request.a = a;
        m_request.b = b;
        m_request.countQueue = m_state->filter().countQueue;
        m_cohortsSet = v.jobs > 0;
    }
    m_editorA->setCohort(m_request.a);
    m_editorB->setCohort(m_request.b);
    {
        const QSignalBlocker block(m_countQueue);
        m_countQueue->setChecked(m_request.countQueue);
    }
    m_hasData = false;
    m_data = ComparisonData {};
    clearTimelines(QString());
    render();
    m_stale = true;
    requestOrDefer();
}

void ComparePage::setCohorts(const core::CohortSpec& a, const core::CohortSpec& b)
{
    m_request.a = a;
    m_request.b = b;
    m_cohortsSet = true;
    m_editorA->setCohort(a);
    m_editorB->setCohort(b);
    m_stale = true;
    requestOrDefer();
}

void ComparePage::swapCohorts()
{
    // Copies: setCohorts() assigns the members its arguments would otherwise refer to.
    const core::CohortSpec a = m_request.a;
    const core::CohortSpec b = m_request.b;
    setCohorts(b, a);
}

QString ComparePage::matchedBy() const
{
    return m_hasData && !m_data.matchedBy.empty() ? qs(m_data.matchedBy) : m_request.matchBy;
}

void ComparePage::setMatchBy(const QString& matchBy)
{
    if (matchBy == m_request.matchBy) {
        return;
    }
    m_request.matchBy = matchBy;
    const QSignalBlocker block(m_matchBy);
    m_matchBy->setCurrentIndex(std::max(0, m_matchBy->findData(matchBy)));
    m_stale = true;
    requestOrDefer();
}

void ComparePage::setCountQueue(bool countQueue)
{
    if (countQueue == m_request.countQueue) {
        return;
    }
    m_request.countQueue = countQueue;
    const QSignalBlocker block(m_countQueue);
    m_countQueue->setChecked(countQueue);
    m_stale = true;
    requestOrDefer();
}

void ComparePage::scheduleRequest()
{
    m_stale = true;
    m_applyTimer->start();
}

void ComparePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    requestOrDefer();
}

void ComparePage::requestOrDefer()
{
    m_applyTimer->stop();
    if (m_stale && isVisible()) {
        refresh();
    }
}

ComparisonRequest ComparePage::request() const
{
    ComparisonRequest r;
    r.a = m_request.a;
    r.b = m_request.b;
    r.matchBy = m_request.matchBy.toStdString();
    r.countQueue = m_request.countQueue;
    return r;
}

void ComparePage::refresh()
{
    if (!m_service || !m_service->hasDatabase() || m_state->vocabulary().jobs == 0) {
        return;
    }
    m_stale = false;
    m_error.clear();
    m_stage = tr("starting");
    m_pending = m_service->requestComparison(request(), this);
    updateHeader();
}

void ComparePage::onComparisonReady(quint64 id, const ComparisonData& result)
{
    if (id != m_pending) {
        return; // an older request's result
    }
    setComparisonData(result);
}

void ComparePage::onComparisonProgress(quint64 id, const QString& stage)
{
    if (id == m_pending) {
        m_stage = stage;
        updateHeader();
    }
}

void ComparePage::onQueryFailed(quint64 id, const QString& message)
{
    if (id != 0 && id == m_pending) {
        m_pending = 0;
        m_error = message;
        updateHeader();
    }
}

void ComparePage::setComparisonData(const ComparisonData& result)
{
    const QString previous
        = selectedPair() ? MatchedJobsModel::pairId(selectedPair()->match, selectedPair()->run) : QString();
    m_data = result;
    m_hasData = true;
    m_pending = 0;
    m_stale = false;
    m_error.clear();
    m_selectedRow = -1;
    render();
    // Keep the matched job shown when it is still listed; else show the largest regression.
    int row = m_matchedModel->rowCount() > 0 ? 0 : -1;
    for (int r = 0; r < m_matchedModel->rowCount(); ++r) {
        if (m_matchedModel->matchAt(r) == previous && !previous.isEmpty()) {
            row = r;
        }
    }
    if (row >= 0) {
        selectMatched(row);
    } else {
        const int64_t matched = m_hasData ? m_data.comparison.matchedJobs : 0;
        clearTimelines(!m_hasData ? QString()
                : matched > 0     ? tr("None of the %1 changed its ETT% (matched by %2).")
                                    .arg(tr("%Ln pair(s)", "", static_cast<int>(matched)), matchedBy())
                              : tr("No job is in both cohorts (matched by %1).").arg(matchedBy()));
    }
    emit comparisonShown();
}

QString ComparePage::errorText() const
{
    return m_errorLabel->isVisible() || !m_error.isEmpty() ? m_errorLabel->text() : QString();
}

// --- rendering --------------------------------------------------------------------------------------

QString ComparePage::cardTitle(const QString& id) const
{
    return m_cards->title(id);
}

QString ComparePage::cardValue(const QString& id) const
{
    return m_cards->value(id);
}

QString ComparePage::cardDetail(const QString& id) const
{
    return m_cards->detail(id);
}

QString ComparePage::ttrBridgeLine() const
{
    return m_ttrBridge->text();
}

QChart* ComparePage::chart(Chart which) const
{
    return which == Chart::Bridge ? m_bridgeView->chart() : m_distribution->chart();
}

void ComparePage::render()
{
    m_cards->showComparison(m_hasData ? &m_data.comparison : nullptr, m_state->weighting(), matchedBy());
    renderBridge();
    m_distribution->setSamples(m_hasData ? &m_data.samples : nullptr);
    renderTables();
    renderMatched();
    updateHeader();
}

void ComparePage::updateHeader()
{
    m_busy->setVisible(m_pending != 0);
    if (m_pending != 0) {
        m_status->setFullText(tr("Computing the comparison: %1…").arg(m_stage));
    } else if (m_hasData) {
        const auto& c = m_data.comparison;
        m_status->setFullText(tr("A: %1 · B: %2 · bootstrap over jobs, %3 replicates, seed %4")
                                  .arg(tr("%Ln job(s)", "", static_cast<int>(c.jobsA)),
                                      tr("%Ln job(s)", "", static_cast<int>(c.jobsB)), formatCount(c.replicates))
                                  .arg(c.seed));
    } else if (m_state->vocabulary().jobs == 0) {
        m_status->setFullText(tr("Open a database with jobs to compare (File > Open)."));
    } else {
        m_status->setFullText(QString());
    }
    QStringList problems;
    if (!m_error.isEmpty()) {
        problems << tr("The comparison failed: %1").arg(m_error);
    }
    if (m_hasData && m_pending == 0) {
        if (m_data.comparison.jobsA == 0) {
            problems << tr("Cohort A (%1) matches no jobs.").arg(qs(m_data.comparison.specA));
        }
        if (m_data.comparison.jobsB == 0) {
            problems << tr("Cohort B (%1) matches no jobs.").arg(qs(m_data.comparison.specB));
        }
    }
    m_errorLabel->setText(problems.join(QLatin1Char(' ')));
    m_errorLabel->setVisible(!problems.isEmpty());
}

void ComparePage::renderBridge()
{
    QChart* chart = resetChart(m_bridgeView);
    const Weighting w = m_state->weighting();
    if (!m_hasData) {
        chart->setTitle(tr("Bridge from ETT% of A to B by bucket (%1): no data").arg(weightingName(w)));
        return;
    }
    const auto& bridge = w == Weighting::Gpu ? m_data.comparison.bridge : m_data.comparison.bridgeTime;
    const std::vector<BridgeBar> bars
        = fillBridgeChart(chart, bridge, m_data.totalA, m_data.totalB, w, colorA(), colorB());
    showTipsOnHover(bars, this);
    // A step's series is named after its bucket: clicking it lists the bucket's intervals.
    for (const BridgeBar& bar : bars) {
        for (int b = 0; b < core::kBucketCount; ++b) {
            const auto bucket = static_cast<core::Bucket>(b);
            if (bar.area->name() == bucketLabel(bucket)) {
                connect(bar.area, &QAreaSeries::clicked, this, [this, bucket] { activateBridgeStep(bucket); });
            }
        }
    }
}

void ComparePage::activateBridgeStep(core::Bucket bucket)
{
    if (!m_hasData) {
        return;
    }
    std::vector<IntervalScope> scopes;
    for (const bool isB : { false, true }) {
        IntervalScope s;
        s.name = isB ? QStringLiteral("B") : QStringLiteral("A");
        s.request.scope = isB ? m_request.b : m_request.a;
        s.request.scope.countQueue = m_request.countQueue;
        s.request.bucket = bucket;
        s.description = tr("cohort %1: %2").arg(s.name, qs(isB ? m_data.comparison.specB : m_data.comparison.specA));
        scopes.push_back(std::move(s));
    }
    emit intervalsRequested(scopes, 1);
}

void ComparePage::renderTables()
{
    const auto& c = m_data.comparison;
    m_changesModel->setChanges(m_hasData ? c.distributions : std::vector<core::DistributionChange> {});
    m_changes->resizeColumnsToContents();
    m_ttrBridge->setText(m_hasData ? ttrBridgeText(c.ttrBridge) : QString());
    m_causesModel->setRates(m_hasData ? c.causes : std::vector<core::CauseRate> {});
    m_causes->resizeColumnsToContents();
    // The rates take the width they need; the distributions (the wider table) the rest.
    int causesWidth = 2 * m_causes->frameWidth() + 4;
    for (int col = 0; col < m_causesModel->columnCount(); ++col) {
        causesWidth += m_causes->columnWidth(col);
    }
    const int total = std::max(m_changesSplit->width(), 1200);
    m_changesSplit->setSizes({ total - causesWidth, causesWidth });
}

void ComparePage::renderMatched()
{
    const auto& c = m_data.comparison;
    if (!m_hasData) {
        m_matchedModel->setJobs({}, {});
        m_matchedNote->setText(tr("Matched jobs: none yet"));
        return;
    }
    m_matchedModel->setJobs(c.regressions, c.improvements);
    // The pairing in one line; how the jobs were paired, and why the others were not, on hover.
    QString note = tr("%1 (by %2) · not paired: %3 of A, %4 of B · regressions first; select one to see it in A "
                      "and B.")
                       .arg(tr("%Ln pair(s)", "", static_cast<int>(c.matchedJobs)), matchedBy(),
                           formatCount(c.matching.unpairedA()), formatCount(c.matching.unpairedB()));
    m_matchedNote->setToolTip(
        tr("Regressions, then improvements of ETT% (GPU-weighted), the most GPU-hours changed first.")
        + QLatin1Char('\n') + matchingSummaryText(c.matching, matchedBy()));
    if (const int notAlike = m_matchedModel->notAlikeCount(); notAlike > 0) {
        note += QLatin1Char(' ')
            + tr("⚠ %1 of the %2 listed differ in name or GPU count and may be two different jobs.")
                  .arg(formatCount(notAlike), formatCount(m_matchedModel->rowCount()));
    }
    m_matchedNote->setText(note);
    m_matched->resizeColumnsToContents();
}

// --- matched jobs on the timelines ----------------------------------------------------------------------

const MatchedPair* ComparePage::selectedPair() const
{
    if (m_selectedRow < 0) {
        return nullptr;
    }
    const auto r = static_cast<size_t>(m_selectedRow);
    if (r < m_data.regressions.size()) {
        return &m_data.regressions[r];
    }
    const size_t i = r - m_data.regressions.size();
    return i < m_data.improvements.size() ? &m_data.improvements[i] : nullptr;
}

void ComparePage::selectMatched(int row)
{
    if (row < 0 || row >= m_matchedModel->rowCount()) {
        return;
    }
    // Set first: the view's change of row comes back to this page as the row it already shows.
    m_selectedRow = row;
    m_matched->setCurrentIndex(m_matchedModel->index(row, 0));
    m_matched->selectRow(row);
    if (const MatchedPair* pair = selectedPair()) {
        m_timelines->showPair(*pair, m_request.a, m_request.b, matchedBy());
    }
}

void ComparePage::clearTimelines(const QString& why)
{
    m_selectedRow = -1;
    m_timelines->clear(why);
}

} // namespace ett::app
