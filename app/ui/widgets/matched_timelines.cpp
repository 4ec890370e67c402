#include "app/ui/widgets/matched_timelines.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/timeline/legend_strip.h"
#include "app/ui/widgets/elided_label.h"
#include "core/model/timeutil.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

// The timelines' least height: with it the page fits a 1280 x 800 screen (the user's splitters
// give them more).
constexpr int kGanttMinHeight = 110;

// A badge of a cohort's letter in its colour, for rich text.
QString badgeHtml(const QString& letter, const QColor& color)
{
    return QStringLiteral("<span style=\"background:%1; color:white; font-weight:bold;\">&nbsp;%2&nbsp;</span>")
        .arg(color.name(), letter);
}

QString navigationHint()
{
    return QObject::tr("wheel: zoom both · drag: pan both · right-drag: zoom to a range · hover: exact times");
}

} // namespace

MatchedTimelines::MatchedTimelines(DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
{
    m_channels = { new QObject(this), new QObject(this) };
    auto* rv = new QVBoxLayout(this);
    rv->setContentsMargins(0, 4, 0, 0);
    rv->setSpacing(3);
    rv->addLayout(buildControls());
    m_legend = new LegendStrip(this);
    m_legend->setObjectName(QStringLiteral("timelineLegend"));
    rv->addWidget(m_legend);
    auto* pair = new QSplitter(Qt::Horizontal, this);
    pair->setChildrenCollapsible(false);
    pair->addWidget(buildPane(false));
    pair->addWidget(buildPane(true));
    rv->addWidget(pair, 1);
    m_note = new QLabel(this);
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_note->setText(navigationHint());
    rv->addWidget(m_note);
    if (m_service) {
        connect(m_service, &DataService::jobTimelineReady, this, &MatchedTimelines::onTimelineReady);
        connect(m_service, &DataService::queryFailed, this, &MatchedTimelines::onQueryFailed);
    }
    updateHeaders();
}

QLayout* MatchedTimelines::buildControls()
{
    auto* controls = new QHBoxLayout;
    controls->setSpacing(6);
    controls->addWidget(makeCaption(tr("Align B"), this));
    m_alignChoice = new QComboBox(this);
    m_alignChoice->setObjectName(QStringLiteral("align"));
    m_alignChoice->addItem(tr("by start"), static_cast<int>(Align::Starts));
    m_alignChoice->addItem(tr("by first training"), static_cast<int>(Align::FirstTraining));
    m_alignChoice->addItem(tr("by wall clock"), static_cast<int>(Align::WallClock));
    m_alignChoice->setToolTip(tr("What lines the two timelines up: the jobs' starts (inside their cohorts' ranges), "
                                 "their first instant of training, or the same wall-clock time"));
    connect(m_alignChoice, &QComboBox::activated, this,
        [this](int index) { setAlignment(static_cast<Align>(m_alignChoice->itemData(index).toInt())); });
    controls->addWidget(m_alignChoice);
    controls->addWidget(makeCaption(tr("then shift B by"), this));
    m_shiftBox = new QDoubleSpinBox(this);
    m_shiftBox->setObjectName(QStringLiteral("shift"));
    m_shiftBox->setDecimals(1);
    m_shiftBox->setSuffix(tr(" min"));
    m_shiftBox->setRange(-600, 600);
    m_shiftBox->setKeyboardTracking(false);
    m_shiftBox->setToolTip(tr("Moves B's timeline right (positive) or left, relative to A"));
    controls->addWidget(m_shiftBox);
    m_shiftSlider = new QSlider(Qt::Horizontal, this);
    m_shiftSlider->setObjectName(QStringLiteral("shiftSlider"));
    m_shiftSlider->setRange(-600, 600);
    m_shiftSlider->setMinimumWidth(120);
    m_shiftSlider->setToolTip(m_shiftBox->toolTip());
    controls->addWidget(m_shiftSlider, 1);
    auto* reset = new QToolButton(this);
    reset->setText(tr("Reset"));
    reset->setToolTip(tr("No shift: B aligned as chosen"));
    controls->addWidget(reset);
    auto* fit = new QToolButton(this);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Show both jobs inside their cohorts' ranges"));
    controls->addWidget(fit);
    controls->addWidget(makeSeparator(this));
    auto* views = new QButtonGroup(this);
    for (const bool ranks : { false, true }) {
        auto* v = new QToolButton(this);
        v->setObjectName(ranks ? QStringLiteral("rankView") : QStringLiteral("jobView"));
        v->setText(ranks ? tr("Ranks") : tr("Job"));
        v->setToolTip(ranks ? tr("A row per rank, phases coloured by category") : tr("A row per attempt, by bucket"));
        v->setCheckable(true);
        v->setChecked(ranks == m_rankView);
        views->addButton(v, ranks ? 1 : 0);
        controls->addWidget(v);
    }
    connect(views, &QButtonGroup::idClicked, this, [this](int id) { setRankView(id == 1); });
    connect(m_shiftBox, &QDoubleSpinBox::valueChanged, this,
        [this](double minutes) { setShiftNs(static_cast<int64_t>(std::llround(minutes * 60.0 * 1e9))); });
    connect(m_shiftSlider, &QSlider::valueChanged, this,
        [this](int minutes) { setShiftNs(static_cast<int64_t>(minutes) * core::kNsPerMinute); });
    connect(reset, &QToolButton::clicked, this, [this] { setShiftNs(0); });
    connect(fit, &QToolButton::clicked, this, [this] { timelinesChanged(true); });
    return controls;
}

QWidget* MatchedTimelines::buildPane(bool b)
{
    auto* pane = new QWidget(this);
    auto* pv = new QVBoxLayout(pane);
    pv->setContentsMargins(0, 0, 0, 0);
    pv->setSpacing(2);
    auto* header = new QHBoxLayout;
    header->setSpacing(2);
    Header& h = m_headers[b ? 1 : 0];
    h.badge = new QLabel(badgeHtml(b ? QStringLiteral("B") : QStringLiteral("A"), cohortColor(b)), pane);
    h.badge->setTextFormat(Qt::RichText);
    header->addWidget(h.badge);
    // The key keeps its width while it fits (down to a dozen characters); what follows takes the rest.
    h.key = new ElidedLabel(pane);
    h.key->setObjectName(b ? QStringLiteral("headerKeyB") : QStringLiteral("headerKeyA"));
    h.key->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    QFont bold = h.key->font();
    bold.setBold(true);
    h.key->setFont(bold);
    header->addWidget(h.key);
    h.rest = new ElidedLabel(pane);
    h.rest->setObjectName(b ? QStringLiteral("headerRestB") : QStringLiteral("headerRestA"));
    h.rest->setElideMode(Qt::ElideRight);
    header->addWidget(h.rest, 1);
    auto* open = new QToolButton(pane);
    open->setText(tr("Open"));
    open->setToolTip(tr("Open this job in the drill-down"));
    header->addWidget(open);
    pv->addLayout(header);
    auto* gantt = new GanttWidget(pane);
    gantt->setObjectName(b ? QStringLiteral("ganttB") : QStringLiteral("ganttA"));
    gantt->setMinimumSize(300, kGanttMinHeight);
    installGanttExport(gantt, [this, b] {
        const auto& t = m_timelines[b ? 1 : 0];
        return tr("Compare %1 timeline %2")
            .arg(b ? QStringLiteral("B") : QStringLiteral("A"),
                t ? qs(t->key) + (m_rankView ? tr(", rank view") : tr(", job view")) : tr("(none)"));
    });
    pv->addWidget(gantt, 1);
    (b ? m_ganttB : m_ganttA) = gantt;
    connect(open, &QToolButton::clicked, this, [this, b] {
        const auto& t = m_timelines[b ? 1 : 0];
        const int32_t job = m_jobs[b ? 1 : 0];
        if (t && job >= 0) {
            emit openJobRequested(job, qs(t->key));
        }
    });
    // Zooming or panning one moves the other.
    connect(gantt, &GanttWidget::viewChanged, this, [this, b] {
        if (!m_syncing) {
            syncFrom(b);
        }
    });
    return pane;
}

// --- the pair ---------------------------------------------------------------------------------------

void MatchedTimelines::showPair(
    const MatchedPair& pair, const core::CohortSpec& a, const core::CohortSpec& b, const QString& matchBy)
{
    m_pair = pair;
    m_cohorts = { a, b };
    m_matchBy = matchBy;
    m_timelines = { nullptr, nullptr };
    m_ganttA->setScene(std::make_shared<GanttScene>());
    m_ganttB->setScene(std::make_shared<GanttScene>());
    m_jobs = { pair.jobA, pair.jobB };
    updateHeaders();
    if (!m_service) {
        return; // tests feed the timelines with setTimeline()
    }
    m_note->setText(tr("Loading the timelines of %1…").arg(qs(pair.match)));
    for (size_t side = 0; side < 2; ++side) {
        const int32_t job = m_jobs[side];
        m_requests[side] = job >= 0 ? m_service->requestJobTimeline(job, m_channels[side]) : 0;
    }
}

void MatchedTimelines::clear(const QString& why)
{
    m_pair.reset();
    m_timelines = { nullptr, nullptr };
    m_jobs = { -1, -1 };
    m_requests = { 0, 0 };
    m_ganttA->setScene(std::make_shared<GanttScene>());
    m_ganttB->setScene(std::make_shared<GanttScene>());
    updateHeaders();
    if (!why.isEmpty()) {
        m_note->setText(why);
    }
}

void MatchedTimelines::onTimelineReady(quint64 id, const core::JobTimeline& timeline)
{
    for (size_t side = 0; side < 2; ++side) {
        if (id != 0 && id == m_requests[side]) {
            m_requests[side] = 0;
            setTimeline(side == 1, timeline);
        }
    }
}

void MatchedTimelines::onQueryFailed(quint64 id, const QString& message)
{
    for (size_t side = 0; side < 2; ++side) {
        if (id != 0 && id == m_requests[side]) {
            m_requests[side] = 0;
            m_note->setText(tr("The timeline of %1 could not be loaded: %2")
                                .arg(side == 0 ? QStringLiteral("A") : QStringLiteral("B"), message));
        }
    }
}

std::shared_ptr<GanttScene> MatchedTimelines::sceneOf(bool b) const
{
    const size_t side = b ? 1 : 0;
    const auto& t = m_timelines[side];
    return std::make_shared<GanttScene>(m_rankView ? buildRankScene(t, m_jobs[side]) : buildJobScene(t, m_jobs[side]));
}

void MatchedTimelines::setTimeline(bool b, const core::JobTimeline& timeline)
{
    m_timelines[b ? 1 : 0] = std::make_shared<const core::JobTimeline>(timeline);
    (b ? m_ganttB : m_ganttA)->setScene(sceneOf(b), true);
    updateHeaders();
    if (m_timelines[0] && m_timelines[1]) {
        m_note->setText(navigationHint());
        timelinesChanged(true);
        emit timelinesShown();
    }
}

void MatchedTimelines::setRankView(bool ranks)
{
    m_rankView = ranks;
    if (auto* b = findChild<QToolButton*>(ranks ? QStringLiteral("rankView") : QStringLiteral("jobView"))) {
        const QSignalBlocker block(b);
        b->setChecked(true);
    }
    // The same jobs, drawn again; the view stays where it was.
    const TimeAxis axis = m_ganttA->axis();
    for (const bool b : { false, true }) {
        if (m_timelines[b ? 1 : 0]) {
            m_syncing = true;
            (b ? m_ganttB : m_ganttA)->setScene(sceneOf(b), false);
            m_syncing = false;
        }
    }
    updateLegend();
    if (m_timelines[0] && m_timelines[1]) {
        timelinesChanged(false);
        m_syncing = true;
        m_ganttA->setView(axis.startNs(), axis.nsPerPx());
        m_syncing = false;
        syncFrom(false);
    }
}

void MatchedTimelines::updateHeaders()
{
    for (size_t side = 0; side < 2; ++side) {
        const bool isB = side == 1;
        const Header& h = m_headers[side];
        const auto& t = m_timelines[side];
        QString key;
        QString rest;
        if (!m_pair) {
            rest = tr("select a matched job");
        } else if (!t) {
            const QString match = qs(m_pair->match);
            rest = m_jobs[side] < 0 ? tr("%1 has no job in this cohort").arg(match) : tr("%1: loading…").arg(match);
        } else {
            key = qs(t->key);
            rest = tr("(%1) · %2 GPUs · %3")
                       .arg(qs(t->label), formatCount(t->gpus),
                           tr("%Ln attempt(s)", "", static_cast<int>(t->attempts.size())));
            if (!t->name.empty()) {
                rest += QStringLiteral(" · ") + qs(t->name);
            }
            const int32_t jobs = isB ? m_pair->jobsB : m_pair->jobsA;
            if (jobs > 1) {
                rest += tr(" · run %1 of %2 by start (matched by %3)")
                            .arg(formatCount(m_pair->run), formatCount(jobs), m_matchBy);
            }
        }
        h.key->setFullText(key);
        h.key->setVisible(!key.isEmpty());
        h.rest->setFullText(rest); // each part whole in its tooltip where it is cut
    }
    updateLegend();
}

void MatchedTimelines::updateLegend()
{
    std::vector<const std::vector<LegendEntry>*> legends;
    for (const GanttWidget* g : { m_ganttA, m_ganttB }) {
        if (g->scene()) {
            legends.push_back(&g->scene()->legend());
        }
    }
    m_legend->setEntries(mergedLegend(legends));
}

// --- alignment and keeping in step --------------------------------------------------------------------

std::pair<int64_t, int64_t> MatchedTimelines::cohortWindow(bool b) const
{
    const auto& t = m_timelines[b ? 1 : 0];
    const GanttWidget* g = b ? m_ganttB : m_ganttA;
    if (!t || !g->scene()) {
        return { 0, 0 };
    }
    const int64_t start = g->scene()->startNs();
    const int64_t end = g->scene()->endNs();
    const core::CohortSpec& f = m_cohorts[b ? 1 : 0];
    const int64_t from = std::max(start, f.fromNs.value_or(start));
    const int64_t to = std::min(end, f.toNs.value_or(end));
    return from < to ? std::pair { from, to } : std::pair { start, end };
}

int64_t MatchedTimelines::anchorOf(bool b) const
{
    const auto [from, to] = cohortWindow(b);
    if (m_align == Align::FirstTraining) {
        if (const auto& t = m_timelines[b ? 1 : 0]) {
            for (const auto& a : t->attempts) {
                if (a.result.firstTrainNs && *a.result.firstTrainNs >= from && *a.result.firstTrainNs < to) {
                    return *a.result.firstTrainNs;
                }
            }
        }
    }
    return from;
}

int64_t MatchedTimelines::offsetNs() const
{
    const int64_t aligned = m_align == Align::WallClock ? 0 : anchorOf(true) - anchorOf(false);
    return aligned - m_shiftNs;
}

void MatchedTimelines::setAlignment(Align align)
{
    m_align = align;
    {
        const QSignalBlocker block(m_alignChoice);
        m_alignChoice->setCurrentIndex(std::max(0, m_alignChoice->findData(static_cast<int>(align))));
    }
    timelinesChanged(true);
}

void MatchedTimelines::setShiftNs(int64_t shiftNs)
{
    m_shiftNs = shiftNs;
    {
        const QSignalBlocker b1(m_shiftBox);
        const QSignalBlocker b2(m_shiftSlider);
        const double minutes = static_cast<double>(shiftNs) / 60e9;
        if (std::abs(minutes) > m_shiftBox->maximum()) {
            m_shiftBox->setRange(-std::ceil(std::abs(minutes)), std::ceil(std::abs(minutes)));
            m_shiftSlider->setRange(static_cast<int>(m_shiftBox->minimum()), static_cast<int>(m_shiftBox->maximum()));
        }
        m_shiftBox->setValue(minutes);
        m_shiftSlider->setValue(static_cast<int>(std::lround(minutes)));
    }
    timelinesChanged(false);
}

void MatchedTimelines::updateShiftRange()
{
    // The shift can move B by the longer of the two jobs either way.
    int64_t longest = core::kNsPerHourInt;
    for (const bool b : { false, true }) {
        const auto [from, to] = cohortWindow(b);
        longest = std::max(longest, to - from);
    }
    const double minutes = std::ceil(static_cast<double>(longest) / 60e9);
    const QSignalBlocker b1(m_shiftBox);
    const QSignalBlocker b2(m_shiftSlider);
    const double current = std::abs(static_cast<double>(m_shiftNs) / 60e9);
    const double range = std::max(minutes, std::ceil(current));
    m_shiftBox->setRange(-range, range);
    m_shiftSlider->setRange(-static_cast<int>(range), static_cast<int>(range));
    m_shiftSlider->setPageStep(std::max(1, static_cast<int>(range / 20)));
}

void MatchedTimelines::timelinesChanged(bool fit)
{
    if (!m_timelines[0] || !m_timelines[1] || !m_ganttA->scene() || !m_ganttB->scene()) {
        return;
    }
    updateShiftRange();
    const int64_t offset = offsetNs();
    const GanttScene& a = *m_ganttA->scene();
    const GanttScene& b = *m_ganttB->scene();
    m_syncing = true;
    // 1. Both may pan over the union of the two jobs (in each one's own time), so that they stay
    //    in step where one has ended.
    const int64_t lo = std::min(a.startNs(), b.startNs() - offset);
    const int64_t hi = std::max(a.endNs(), b.endNs() - offset);
    m_ganttA->setBounds(lo, hi);
    m_ganttB->setBounds(lo + offset, hi + offset);
    // 2. Fit: both cohorts' windows of the jobs; else keep A's view.
    if (fit) {
        const auto [fromA, toA] = cohortWindow(false);
        const auto [fromB, toB] = cohortWindow(true);
        m_ganttA->showRange(std::min(fromA, fromB - offset), std::max(toA, toB - offset));
    }
    m_syncing = false;
    syncFrom(false);
}

void MatchedTimelines::syncFrom(bool fromB)
{
    if (!m_timelines[0] || !m_timelines[1]) {
        return;
    }
    // The same length of time from the aligned start: the panes may differ in width by a scroll
    // bar, and the same window keeps both inside the same bounds.
    const GanttWidget* source = fromB ? m_ganttB : m_ganttA;
    GanttWidget* target = fromB ? m_ganttA : m_ganttB;
    const int64_t offset = offsetNs();
    const int64_t start = source->axis().startNs() + (fromB ? -offset : offset);
    const auto duration = static_cast<double>(source->axis().visibleDurationNs());
    m_syncing = true;
    target->setView(start, duration / std::max(1.0, target->axis().widthPx()));
    m_syncing = false;
}

} // namespace ett::app
