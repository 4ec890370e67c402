#include "app/ui/timeline/timeline_view.h"

#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/timeline/legend_strip.h"
#include "app/ui/timeline/rolling_strip.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"
#include "core/model/timeutil.h"

#include <QButtonGroup>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPointer>
#include <QThreadPool>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <utility>

namespace ett::app {

namespace {

// Job and Ranks show one job; Fleet and Density the jobs of the filter.
bool isJobMode(TimelineView::Mode mode)
{
    return mode == TimelineView::Mode::Job || mode == TimelineView::Mode::Ranks;
}

// The most samples of a job's rolling line: its step is the first of kRollingSteps that keeps
// under it (a minute for jobs up to about two weeks).
constexpr int64_t kMaxRollingPoints = 20'000;
constexpr int64_t kRollingSteps[] = { core::kNsPerMinute, 5 * core::kNsPerMinute, 15 * core::kNsPerMinute,
    core::kNsPerHourInt, 6 * core::kNsPerHourInt, core::kNsPerDay };

int64_t rollingStepFor(int64_t spanNs)
{
    for (const int64_t step : kRollingSteps) {
        if (spanNs / step <= kMaxRollingPoints) {
            return step;
        }
    }
    return kRollingSteps[std::size(kRollingSteps) - 1];
}

} // namespace

TimelineView::TimelineView(WorkbenchState* state, DataService* dataService, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(dataService)
    , m_scene(std::make_shared<GanttScene>())
{
    // 1. The toolbar: the view modes, fit and zoom, and a status text.
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto makeButton = [&](const QString& text, const QString& tip, bool checkable) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(checkable);
        b->setAutoRaise(true);
        bar->addWidget(b);
        return b;
    };
    m_jobButton = makeButton(tr("Job"), tr("One row per attempt, coloured by bucket"), true);
    m_ranksButton = makeButton(tr("Ranks"), tr("One row per rank, phases coloured by category"), true);
    m_fleetButton = makeButton(
        tr("Fleet"), tr("One row per job of the current filter: the first %1 by start").arg(kMaxFleetRows), true);
    m_densityButton = makeButton(tr("Density"),
        tr("Every job of the current filter at once: a line of pixels per job (or per band of jobs) in the "
           "bucket it spends most time in, and above, how many jobs are in each bucket over time"),
        true);
    auto* modes = new QButtonGroup(this);
    modes->setExclusive(true);
    modes->addButton(m_jobButton);
    modes->addButton(m_ranksButton);
    modes->addButton(m_fleetButton);
    modes->addButton(m_densityButton);
    bar->addSpacing(12);
    auto* fit = makeButton(tr("Fit"), tr("Show everything (F, Home)"), false);
    auto* zoomIn = makeButton(tr("Zoom in"), tr("Zoom in (W, +, mouse wheel)"), false);
    auto* zoomOut = makeButton(tr("Zoom out"), tr("Zoom out (S, -, mouse wheel)"), false);
    m_worstButton = makeButton(tr("Worst hour"),
        tr("Zoom to the job's hour of lowest ETT% (rolling, GPU-weighted; the shaded window above the timeline)"),
        false);
    m_worstButton->setObjectName(QStringLiteral("worstHour"));
    bar->addSpacing(12);
    m_status = new ElidedLabel(this);
    // A long message (a failed load) is elided ("…") rather than widen the window past the screen
    // or run into the hint; the tooltip has it whole.
    m_status->setElideMode(Qt::ElideRight);
    bar->addWidget(m_status, 1);
    // Elided too where there is no room (longer in other languages): the window must still fit the
    // screen.
    auto* hint = new ElidedLabel(this);
    hint->setElideMode(Qt::ElideRight);
    hint->setFullText(tr("drag: pan · right-drag: zoom to range · right-click: export · double-click: open"));
    hint->setEnabled(false);
    bar->addWidget(hint);

    // 2. The legend and the timeline.
    m_legend = new LegendStrip(this);
    m_gantt = new GanttWidget(this);
    m_rolling = new RollingStrip(m_gantt, this);
    m_rolling->setVisible(false);
    // PNG and SVG of the view or of every row, the legend below (context menu, Ctrl+Shift+E).
    installGanttExport(m_gantt, [this] {
        if (m_mode == Mode::Density) {
            return tr("Fleet density");
        }
        if (m_mode == Mode::Fleet || !m_timeline) {
            return tr("Fleet timeline");
        }
        return tr("Timeline %1, %2")
            .arg(QString::fromStdString(m_timeline->key), m_mode == Mode::Ranks ? tr("rank view") : tr("job view"));
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_legend);
    layout->addWidget(m_rolling);
    layout->addWidget(m_gantt, 1);

    connect(m_jobButton, &QToolButton::clicked, this, [this] { setMode(Mode::Job); });
    connect(m_ranksButton, &QToolButton::clicked, this, [this] { setMode(Mode::Ranks); });
    connect(m_fleetButton, &QToolButton::clicked, this, [this] { setMode(Mode::Fleet); });
    connect(m_densityButton, &QToolButton::clicked, this, [this] { setMode(Mode::Density); });
    connect(fit, &QToolButton::clicked, m_gantt, &GanttWidget::fitAll);
    connect(zoomIn, &QToolButton::clicked, m_gantt, &GanttWidget::zoomIn);
    connect(zoomOut, &QToolButton::clicked, m_gantt, &GanttWidget::zoomOut);
    connect(m_worstButton, &QToolButton::clicked, this, &TimelineView::showWorstWindow);
    connect(m_gantt, &GanttWidget::selectionChanged, this, &TimelineView::selectionChanged);
    connect(m_gantt, &GanttWidget::jobActivated, this, [this](int32_t job) {
        QString key = tr("job %1").arg(job);
        if (m_fleet) {
            for (const FleetTimelineRow& row : m_fleet->rows) {
                if (row.job == job) {
                    key = qs(row.key);
                    break;
                }
            }
        }
        if (m_state) {
            m_state->openJob(job, key);
        }
    });
    connect(m_gantt, &GanttWidget::attemptActivated, this, [this](int32_t attempt) {
        if (m_state) {
            m_state->openAttempt(attempt);
        }
    });

    // 3. Follow the state, and the data service's results.
    if (m_state) {
        connect(m_state, &WorkbenchState::locationChanged, this, [this] { onLocationChanged(); });
        connect(m_state, &WorkbenchState::filterChanged, this, [this] {
            if (!isJobMode(m_mode)) {
                refreshWhenVisible();
            }
        });
        connect(m_state, &WorkbenchState::vocabularyChanged, this, [this] {
            // A new database: nothing loaded so far is valid.
            m_timeline.reset();
            m_timelineJob = -1;
            m_fleet.reset();
            m_density.reset();
            m_jobRequest = m_fleetRequest = m_densityRequest = 0;
        });
        connect(m_state, &WorkbenchState::dataRefreshed, this, &TimelineView::refreshData);
    }
    if (m_data) {
        connect(m_data, &DataService::jobTimelineReady, this, &TimelineView::handleJobTimeline);
        connect(m_data, &DataService::fleetTimelineReady, this, &TimelineView::handleFleetTimeline);
        connect(m_data, &DataService::fleetDensityReady, this, &TimelineView::handleFleetDensity);
        connect(m_data, &DataService::queryFailed, this, &TimelineView::handleQueryFailed);
    }
    onLocationChanged();
}

TimelineView::~TimelineView() = default;

core::CohortSpec TimelineView::fleetFilter() const
{
    if (!m_state) {
        return {};
    }
    core::CohortSpec f = m_state->filter();
    const Location& loc = m_state->location();
    if (loc.level != Level::Fleet && !loc.groupBy.empty() && !loc.group.empty()) {
        if (loc.groupBy == "label") {
            f.labels = { loc.group };
        } else if (loc.groupBy != "job") {
            f.setAttr(loc.groupBy, { loc.group });
        }
    }
    return f;
}

std::pair<int64_t, int64_t> TimelineView::fleetRange() const
{
    if (!m_state) {
        return { 0, std::numeric_limits<int64_t>::max() };
    }
    const core::CohortSpec& f = m_state->filter();
    const Vocabulary& v = m_state->vocabulary();
    int64_t from = f.fromNs.value_or(v.firstNs);
    int64_t to = f.toNs.value_or(v.lastNs);
    if (to <= from) {
        // No vocabulary yet: everything.
        from = f.fromNs.value_or(0);
        to = f.toNs.value_or(std::numeric_limits<int64_t>::max());
    }
    return { from, to };
}

void TimelineView::onLocationChanged()
{
    const Level level = m_state ? m_state->location().level : Level::Fleet;
    const bool atJob = level == Level::Job || level == Level::Attempt;
    // Going to a job shows it; going up to the fleet or a group shows the fleet (or its density,
    // when that is what was shown).
    if (atJob && !isJobMode(m_mode)) {
        m_mode = Mode::Job;
    } else if (!atJob && isJobMode(m_mode)) {
        m_mode = Mode::Fleet;
    }
    refreshWhenVisible();
}

void TimelineView::refreshWhenVisible()
{
    // A hidden page asks for nothing; it catches up when shown.
    if (isVisible()) {
        refresh();
    } else {
        m_dirty = true;
        updateButtons();
    }
}

void TimelineView::setMode(Mode mode)
{
    const bool atJob
        = m_state && (m_state->location().level == Level::Job || m_state->location().level == Level::Attempt);
    if (isJobMode(mode) && !atJob) {
        mode = Mode::Fleet;
    }
    if (mode == m_mode) {
        updateButtons();
        return;
    }
    m_mode = mode;
    refresh();
}

void TimelineView::updateButtons()
{
    const bool atJob
        = m_state && (m_state->location().level == Level::Job || m_state->location().level == Level::Attempt);
    m_jobButton->setEnabled(atJob);
    m_ranksButton->setEnabled(atJob);
    const bool showsJob = isJobMode(m_mode) && m_timeline != nullptr;
    m_worstButton->setVisible(isJobMode(m_mode));
    m_worstButton->setEnabled(showsJob && m_rolling->worst().has_value());
    m_rolling->setVisible(showsJob);
    m_jobButton->setChecked(m_mode == Mode::Job);
    m_ranksButton->setChecked(m_mode == Mode::Ranks);
    m_fleetButton->setChecked(m_mode == Mode::Fleet);
    m_densityButton->setChecked(m_mode == Mode::Density);
}

void TimelineView::setStatus(const QString& text)
{
    m_status->setFullText(text);
}

void TimelineView::refresh()
{
    m_dirty = false;
    updateButtons();
    if (m_mode == Mode::Fleet) {
        refreshFleet();
        return;
    }
    if (m_mode == Mode::Density) {
        refreshDensity();
        return;
    }
    const int32_t job = m_state ? m_state->location().job : -1;
    if (m_timeline && m_timelineJob == job) {
        rebuildScene(true);
        return;
    }
    if (m_jobRequest != 0 && m_requestedJob == job) {
        return; // already asked for
    }
    m_requestedJob = job;
    if (m_data && job >= 0) {
        m_jobRequest = m_data->requestJobTimeline(job, this);
        setStatus(tr("Loading the job's timeline…"));
    }
    showLoading();
}

void TimelineView::showLoading()
{
    m_scene = std::make_shared<GanttScene>();
    m_gantt->setScene(m_scene, true);
    m_legend->setEntries({});
}

void TimelineView::refreshFleet()
{
    const core::CohortSpec filter = fleetFilter();
    const auto range = fleetRange();
    if (m_fleet && filter == m_fleetLoadedFilter && range == m_fleetLoadedRange) {
        rebuildScene(true);
        return;
    }
    if (m_fleetRequest != 0 && filter == m_requestedFleetFilter && range == m_requestedFleetRange) {
        return; // already asked for
    }
    // With no database open there is nothing to ask for (the request would only fail and say
    // so); opening one sets the vocabulary, which refreshes the view.
    // A database without jobs has no time to show (its vocabulary spans nothing).
    const bool noJobs = m_state && m_state->vocabulary().jobs == 0;
    if (m_data && m_data->hasDatabase() && noJobs) {
        setStatus(tr("No jobs in this database yet: import traces (File > Import traces, Ctrl+I)."));
    } else if (m_data && m_data->hasDatabase()) {
        m_requestedFleetFilter = filter;
        m_requestedFleetRange = range;
        m_fleetRequest = m_data->requestFleetTimeline(filter, range.first, range.second, kMaxFleetRows, this);
        setStatus(tr("Loading the fleet timeline…"));
    }
    showLoading();
}

std::pair<int, int> TimelineView::densityGrid() const
{
    // The strips take about a row per bucket; the rest of the height is the grid's.
    const GanttLayout& layout = m_gantt->painter().layout();
    const int strips = (core::kBucketCount / 2 + 1) * 16;
    const int columns = std::clamp(m_gantt->width() - layout.labelWidth, 200, 4096);
    // Never more rows than the widget has pixels (it can be as low as its minimum, 72).
    const int rows
        = std::clamp(m_gantt->height() - layout.headerHeight - strips - 8, std::min(100, m_gantt->height()), 4096);
    return { columns, rows };
}

void TimelineView::refreshDensity()
{
    const core::CohortSpec filter = fleetFilter();
    const auto range = fleetRange();
    if (m_density && filter == m_densityLoadedFilter && range == m_densityLoadedRange) {
        rebuildScene(true);
        return;
    }
    if (m_densityRequest != 0 && filter == m_requestedDensityFilter && range == m_requestedDensityRange) {
        return;
    }
    const bool noJobs = m_state && m_state->vocabulary().jobs == 0;
    if (m_data && m_data->hasDatabase() && noJobs) {
        setStatus(tr("No jobs in this database yet: import traces (File > Import traces, Ctrl+I)."));
    } else if (m_data && m_data->hasDatabase()) {
        m_requestedDensityFilter = filter;
        m_requestedDensityRange = range;
        const auto [columns, rows] = densityGrid();
        m_densityRequest = m_data->requestFleetDensity(filter, range.first, range.second, columns, rows, this);
        setStatus(tr("Binning every job of the fleet…"));
    }
    showLoading();
}

void TimelineView::showJobTimeline(const core::JobTimeline& timeline)
{
    m_timeline = std::make_shared<const core::JobTimeline>(timeline);
    m_timelineJob = m_state ? m_state->location().job : -1;
    m_requestedJob = m_timelineJob;
    m_jobRequest = 0;
    if (isJobMode(m_mode)) {
        rebuildScene(true);
    }
}

void TimelineView::showFleetTimeline(const FleetTimelineData& fleetData)
{
    m_fleet = std::make_shared<const FleetTimelineData>(fleetData);
    m_fleetLoadedFilter = fleetFilter();
    m_fleetLoadedRange = fleetRange();
    m_fleetRequest = 0;
    if (m_mode == Mode::Fleet) {
        rebuildScene(true);
    }
}

void TimelineView::showFleetDensity(const FleetDensity& density)
{
    m_density = std::make_shared<const FleetDensity>(density);
    m_densityLoadedFilter = fleetFilter();
    m_densityLoadedRange = fleetRange();
    m_densityRequest = 0;
    if (m_mode == Mode::Density) {
        rebuildScene(true);
    }
}

void TimelineView::handleFleetDensity(quint64 id, const FleetDensity& density)
{
    if (id == 0 || id != m_densityRequest) {
        return;
    }
    m_density = std::make_shared<const FleetDensity>(density);
    m_densityLoadedFilter = m_requestedDensityFilter;
    m_densityLoadedRange = m_requestedDensityRange;
    m_densityRequest = 0;
    setStatus(density.jobs > density.rows
            ? tr("All %Ln job(s), about %1 to a line of pixels", "", static_cast<int>(density.jobs))
                  .arg((density.jobs + density.rows - 1) / std::max(1, density.rows))
            : tr("All %Ln job(s)", "", static_cast<int>(density.jobs)));
    const bool keep = std::exchange(m_keepView, false);
    if (m_mode == Mode::Density) {
        rebuildScene(!keep, keep);
    }
}

void TimelineView::handleJobTimeline(quint64 id, const core::JobTimeline& timeline)
{
    if (id == 0 || id != m_jobRequest) {
        return; // stale: a newer request is on its way
    }
    m_timeline = std::make_shared<const core::JobTimeline>(timeline);
    m_timelineJob = m_requestedJob;
    m_jobRequest = 0;
    setStatus({});
    const bool keep = std::exchange(m_keepView, false);
    if (isJobMode(m_mode)) {
        rebuildScene(!keep, keep);
    }
}

void TimelineView::handleFleetTimeline(quint64 id, const FleetTimelineData& fleetData)
{
    if (id == 0 || id != m_fleetRequest) {
        return;
    }
    m_fleet = std::make_shared<const FleetTimelineData>(fleetData);
    m_fleetLoadedFilter = m_requestedFleetFilter;
    m_fleetLoadedRange = m_requestedFleetRange;
    m_fleetRequest = 0;
    setStatus(static_cast<int>(fleetData.rows.size()) >= kMaxFleetRows
            ? tr("Showing the first %1 jobs by start (Density shows every job)").arg(kMaxFleetRows)
            : QString());
    const bool keep = std::exchange(m_keepView, false);
    if (m_mode == Mode::Fleet) {
        rebuildScene(!keep, keep);
    }
}

void TimelineView::handleQueryFailed(quint64 id, const QString& message)
{
    if (id == 0) {
        return;
    }
    if (id == m_jobRequest) {
        m_jobRequest = 0;
        m_requestedJob = -1;
        setStatus(tr("Could not load the job's timeline: %1").arg(message));
    } else if (id == m_fleetRequest) {
        m_fleetRequest = 0;
        setStatus(tr("Could not load the fleet timeline: %1").arg(message));
    } else if (id == m_densityRequest) {
        m_densityRequest = 0;
        setStatus(tr("Could not bin the fleet: %1").arg(message));
    }
}

void TimelineView::updateRolling()
{
    if (!m_timeline || m_rollingFor == m_timeline) {
        return;
    }
    m_rollingFor = m_timeline;
    const int64_t span = m_timeline->windowEndNs - m_timeline->windowStartNs;
    auto series = jobRollingSeries(*m_timeline, core::kNsPerHourInt, rollingStepFor(span));
    if (!series) {
        m_rolling->clear();
        m_rolling->setToolTip(tr("No rolling ETT%: %1").arg(qs(series.error().message)));
        return;
    }
    m_rolling->setToolTip({});
    const auto worst = worstWindow(*series);
    m_rolling->setSeries(std::move(*series), worst);
}

void TimelineView::showWorstWindow()
{
    const auto& worst = m_rolling->worst();
    if (!worst || !isJobMode(m_mode)) {
        return;
    }
    const int64_t from = worst->tNs - m_rolling->series().windowNs;
    m_gantt->showRange(from, worst->tNs);
    setStatus(tr("Worst hour: %1 to %2 UTC, ETT% %3 (productive %4)")
                  .arg(formatUtc(from), formatUtc(worst->tNs), formatPercent(worst->ettPercentGpu, 2),
                      formatDuration(static_cast<int64_t>(worst->productiveNs))));
}

void TimelineView::refreshData()
{
    if (!isVisible()) {
        // Asked for when shown; what is loaded is stale meanwhile.
        m_timeline.reset();
        m_timelineJob = -1;
        m_fleet.reset();
        m_density.reset();
        m_jobRequest = m_fleetRequest = m_densityRequest = 0;
        m_dirty = true;
        return;
    }
    if (!m_data || !m_data->hasDatabase() || m_jobRequest != 0 || m_fleetRequest != 0 || m_densityRequest != 0) {
        return; // an answer is on its way (the next change asks again)
    }
    m_keepView = true;
    if (m_mode == Mode::Fleet) {
        m_requestedFleetFilter = fleetFilter();
        m_requestedFleetRange = fleetRange();
        m_fleetRequest = m_data->requestFleetTimeline(
            m_requestedFleetFilter, m_requestedFleetRange.first, m_requestedFleetRange.second, kMaxFleetRows, this);
    } else if (m_mode == Mode::Density) {
        m_requestedDensityFilter = fleetFilter();
        m_requestedDensityRange = fleetRange();
        const auto [columns, rows] = densityGrid();
        m_densityRequest = m_data->requestFleetDensity(m_requestedDensityFilter, m_requestedDensityRange.first,
            m_requestedDensityRange.second, columns, rows, this);
    } else if (m_state && m_state->location().job >= 0) {
        m_requestedJob = m_state->location().job;
        m_jobRequest = m_data->requestJobTimeline(m_requestedJob, this);
    } else {
        m_keepView = false;
    }
}

void TimelineView::setLiveNow(int64_t nowNs)
{
    m_gantt->setLiveNow(nowNs);
}

void TimelineView::rebuildScene(bool fit, bool keep)
{
    updateRolling();
    updateButtons();
    // 1. What to build from (shared, read only: a worker may hold it after we moved on).
    const Mode mode = m_mode;
    const auto timeline = m_timeline;
    const auto fleet = m_fleet;
    const auto density = m_density;
    const int32_t job = m_timelineJob;
    // At an attempt, the rank view shows that attempt's ranks only.
    const std::optional<int32_t> attempt = m_state && m_state->location().level == Level::Attempt
        ? std::optional<int32_t>(m_state->location().attempt)
        : std::nullopt;
    auto build = [mode, timeline, fleet, density, job, attempt]() -> std::shared_ptr<const GanttScene> {
        switch (mode) {
        case Mode::Job:
            return std::make_shared<const GanttScene>(buildJobScene(timeline, job));
        case Mode::Ranks:
            return std::make_shared<const GanttScene>(buildRankScene(timeline, job, attempt));
        case Mode::Density:
            return std::make_shared<const GanttScene>(buildDensityScene(density));
        case Mode::Fleet:
            break;
        }
        return std::make_shared<const GanttScene>(buildFleetScene(fleet));
    };
    int64_t items = 0;
    if (mode == Mode::Fleet && fleet) {
        for (const FleetTimelineRow& row : fleet->rows) {
            items += static_cast<int64_t>(row.spans.size());
        }
    } else if (mode == Mode::Density && density) {
        // Rendering the grid's image: about a span's cost per 16 cells.
        items = static_cast<int64_t>(density->rows) * density->columns / 16;
    } else if (isJobMode(mode) && timeline) {
        for (const core::TimelineAttempt& a : timeline->attempts) {
            items += static_cast<int64_t>(a.phases.size() + a.result.segments.size());
        }
    }
    // 2. Small scenes are built at once; large ones (about 0.3 s per million phases) on the
    //    thread pool, so that the GUI never blocks. A newer build makes older ones stale.
    const quint64 generation = ++m_buildGeneration;
    if (items < kSyncBuildLimit) {
        applyScene(build(), fit, keep);
        return;
    }
    setStatus(tr("Building the timeline (%1 spans)…").arg(items));
    QPointer<TimelineView> self(this);
    QThreadPool::globalInstance()->start([build, self, generation, fit, keep] {
        std::shared_ptr<const GanttScene> scene = build();
        // Delivered through the application object, which outlives this view; the view is only
        // touched on the GUI thread, after checking that it still exists.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, scene, generation, fit, keep] {
                if (self && self->m_buildGeneration == generation) {
                    self->setStatus({});
                    self->applyScene(scene, fit, keep);
                }
            },
            Qt::QueuedConnection);
    });
}

void TimelineView::applyScene(std::shared_ptr<const GanttScene> scene, bool fit, bool keep)
{
    m_scene = std::move(scene);
    if (keep) {
        m_gantt->replaceScene(m_scene);
    } else {
        m_gantt->setScene(m_scene, fit);
    }
    m_legend->setEntries(m_scene->legend());
    if (isJobMode(m_mode) && m_timeline && m_timeline->noCheckpointData) {
        setStatus(tr("This job has no checkpoint records: lost progress cannot be known."));
    }
    if (!keep) {
        focusAttempt(); // a refresh keeps where the user is
    }
}

void TimelineView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty) {
        refresh();
    }
}

void TimelineView::focusAttempt()
{
    if (!m_state || m_state->location().level != Level::Attempt || !m_timeline || !isJobMode(m_mode)) {
        return;
    }
    const int32_t number = m_state->location().attempt;
    const auto& rows = m_scene->rows();
    for (size_t i = 0; i < m_timeline->attempts.size(); ++i) {
        const core::AttemptResult& a = m_timeline->attempts[i].result;
        if (a.number != number) {
            continue;
        }
        m_gantt->showRange(a.startNs, a.endNs + a.gapAfterNs);
        // Its row: the attempt row (job view) or its header (rank view).
        for (size_t r = 0; r < rows.size(); ++r) {
            if (rows[r].attempt == static_cast<int32_t>(i) && rows[r].rank < 0
                && (m_mode == Mode::Job || rows[r].header)) {
                m_gantt->setSelection({}, static_cast<int>(r));
                m_gantt->ensureRowVisible(static_cast<int>(r));
                break;
            }
        }
        return;
    }
}

} // namespace ett::app
