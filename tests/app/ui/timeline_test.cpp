// Tests of the timeline's time axis, scene builders, widget and view.
#include "app/ui/data/data_service.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/timeline/rolling_strip.h"
#include "app/ui/timeline/time_axis.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/app/ui/timeline_fixtures.h"

namespace ett::app {
namespace {

using testing::at;
using testing::ensureApp;
using testing::kS;
using testing::kT0;

constexpr int64_t kMs = 1'000'000;

// --- TimeAxis -----------------------------------------------------------------------------

TEST(TimeAxis, MapsTimeToPixelsAndBack)
{
    TimeAxis axis(kT0, 1000.0, 800);
    EXPECT_DOUBLE_EQ(axis.toPx(kT0), 0.0);
    EXPECT_DOUBLE_EQ(axis.toPx(kT0 + 500'000), 500.0);
    EXPECT_DOUBLE_EQ(axis.toPx(kT0 - 1000), -1.0);
    EXPECT_EQ(axis.toNs(250.0), kT0 + 250'000);
    EXPECT_EQ(axis.toNs(0.0004), kT0); // rounds to the nearest nanosecond
    EXPECT_EQ(axis.endNs(), kT0 + 800'000);
    // Round trips are exact to the nanosecond even with instants near 1.7e18 ns.
    for (const int64_t offset : { int64_t { 0 }, int64_t { 1 }, int64_t { 999 }, int64_t { 123'456'789 } }) {
        EXPECT_EQ(axis.toNs(axis.toPx(kT0 + offset)), kT0 + offset);
    }
    TimeAxis fine(kT0 + 7, 0.25, 100);
    EXPECT_DOUBLE_EQ(fine.toPx(kT0 + 9), 8.0);
    EXPECT_EQ(fine.toNs(8.0), kT0 + 9);
}

TEST(TimeAxis, ZoomAtAPixelKeepsThatInstantUnderIt)
{
    TimeAxis axis(kT0, 1e6, 1000);
    axis.setBounds(kT0 - 3600 * kS, kT0 + 3600 * kS);
    for (const double x : { 0.0, 137.0, 512.5, 999.0 }) {
        for (const double factor : { 2.0, 1.25, 0.8, 10.0, 0.5 }) {
            const int64_t before = axis.toNs(x);
            const double scale = axis.nsPerPx();
            axis.zoomAt(x, factor);
            EXPECT_NEAR(static_cast<double>(axis.toNs(x) - before), 0.0, 1.0) << "x " << x << " factor " << factor;
            EXPECT_DOUBLE_EQ(axis.nsPerPx(), scale / factor);
        }
    }
}

TEST(TimeAxis, FitShowsTheRangeAcrossTheWidth)
{
    TimeAxis axis;
    axis.setWidthPx(500);
    axis.fit(at(100), at(600));
    EXPECT_EQ(axis.startNs(), at(100));
    EXPECT_NEAR(static_cast<double>(axis.endNs() - at(600)), 0.0, 1.0);
    EXPECT_DOUBLE_EQ(axis.nsPerPx(), 1e9);
    // With a margin of 10% on each side.
    axis.fit(at(100), at(600), 0.1);
    EXPECT_EQ(axis.startNs(), at(50));
    EXPECT_NEAR(static_cast<double>(axis.endNs() - at(650)), 0.0, 1.0);
    // Nanosecond ranges in 2025 (instants near 1.7e18, where doubles are 256 ns apart).
    axis.fit(kT0 + 3, kT0 + 103);
    EXPECT_EQ(axis.startNs(), kT0 + 3);
    EXPECT_DOUBLE_EQ(axis.nsPerPx(), 100.0 / 500.0);
    // An empty range still gives a usable view.
    axis.fit(at(5), at(5));
    EXPECT_GT(axis.visibleDurationNs(), 0);
    EXPECT_LE(axis.startNs(), at(5));
    EXPECT_GE(axis.endNs(), at(5));
}

TEST(TimeAxis, ClampsZoomAndPanToTheData)
{
    TimeAxis axis;
    axis.setWidthPx(1000);
    axis.setBounds(at(0), at(1000));
    axis.fit(at(0), at(1000));
    // Zooming in stops at 100 pixels per nanosecond.
    axis.zoomAt(500, 1e12);
    EXPECT_DOUBLE_EQ(axis.nsPerPx(), TimeAxis::kMinNsPerPx);
    // Zooming out stops when the data fills half of the width, and keeps all of it in view.
    axis.zoomAt(500, 1e-12);
    EXPECT_DOUBLE_EQ(axis.nsPerPx(), 1000.0 * kS / 500.0);
    EXPECT_LE(axis.startNs(), at(0));
    EXPECT_GE(axis.endNs(), at(1000));
    // Zoomed in, panning stops 5% of the width past either end.
    axis.fit(at(0), at(100));
    axis.panPx(1e9);
    EXPECT_EQ(axis.endNs(), at(1005));
    axis.panPx(-1e9);
    EXPECT_EQ(axis.startNs(), at(-5));
    // A scale that is not a number is clamped too.
    axis.setView(at(0), std::nan(""));
    EXPECT_DOUBLE_EQ(axis.nsPerPx(), TimeAxis::kMinNsPerPx);
}

// The major ticks of a view whose visible range is rangeNs over 1000 px, at least 90 px apart.
AxisTicks ticksFor(int64_t startNs, int64_t rangeNs)
{
    TimeAxis axis;
    axis.setWidthPx(1000);
    axis.fit(startNs, startNs + rangeNs);
    return axis.ticks(90);
}

std::vector<AxisTick> majors(const AxisTicks& t)
{
    std::vector<AxisTick> out;
    for (const AxisTick& tick : t.ticks) {
        if (tick.major) {
            out.push_back(tick);
        }
    }
    return out;
}

TEST(TimeAxis, PicksNiceTickUnitsAtEveryZoom)
{
    struct Case
    {
        int64_t rangeNs;
        TimeUnit unit;
        int64_t stepNs;
    };
    const Case cases[] = {
        { 500, TimeUnit::Nanosecond, 50 },
        { 40'000, TimeUnit::Microsecond, 5'000 },
        { 20 * kMs, TimeUnit::Millisecond, 2 * kMs },
        { 30 * kS, TimeUnit::Second, 5 * kS },
        { 3600 * kS, TimeUnit::Minute, 10 * 60 * kS },
        { 24 * 3600 * kS, TimeUnit::Hour, 3 * 3600 * kS },
        { 20 * 86400 * kS, TimeUnit::Day, 2 * 86400 * kS },
    };
    for (const Case& c : cases) {
        const AxisTicks t = ticksFor(kT0 + 3 * kS + 250 * kMs, c.rangeNs);
        EXPECT_EQ(t.unit, c.unit) << c.rangeNs;
        EXPECT_EQ(t.stepNs, c.stepNs) << c.rangeNs;
        const auto m = majors(t);
        ASSERT_GE(m.size(), 3u) << c.rangeNs;
        for (size_t i = 0; i < m.size(); ++i) {
            EXPECT_EQ(m[i].ns % c.stepNs, 0) << "ticks sit on multiples of the step";
            EXPECT_FALSE(m[i].label.isEmpty());
            if (i > 0) {
                EXPECT_GE(m[i].px - m[i - 1].px, 90.0 - 1e-9);
            }
        }
    }
}

TEST(TimeAxis, LabelsTicksInClockTimeAndCalendarDates)
{
    // Hours: "HH:MM", and midnight names the new day.
    auto m = majors(ticksFor(at(-6 * 3600), 24 * 3600 * kS));
    ASSERT_FALSE(m.empty());
    bool sawMidnight = false;
    for (const AxisTick& t : m) {
        if (t.ns == kT0) {
            EXPECT_EQ(t.label, QStringLiteral("Jun 1"));
            sawMidnight = true;
        }
        if (t.ns == at(3 * 3600)) {
            EXPECT_EQ(t.label, QStringLiteral("03:00"));
        }
    }
    EXPECT_TRUE(sawMidnight);
    // Seconds: "HH:MM:SS" with the date as context.
    const AxisTicks secs = ticksFor(at(3600 + 2), 30 * kS);
    EXPECT_EQ(majors(secs).front().label, QStringLiteral("01:00:05"));
    EXPECT_EQ(secs.context, QStringLiteral("2025-06-01 UTC"));
    // Milliseconds: offsets from the whole second, which is the context.
    const AxisTicks ms = ticksFor(at(3600) + 250 * kMs, 20 * kMs);
    EXPECT_EQ(majors(ms).front().label, QStringLiteral("+250 ms"));
    EXPECT_EQ(ms.context, QStringLiteral("2025-06-01T01:00:00Z +"));
    // Days: dates; weeks start on Mondays; months and years at coarse zoom.
    EXPECT_EQ(majors(ticksFor(at(0), 20 * 86400 * kS)).front().label, QStringLiteral("Jun 1"));
    const AxisTicks weeks = ticksFor(at(0), 60 * 86400 * kS);
    EXPECT_EQ(weeks.unit, TimeUnit::Week);
    EXPECT_EQ(majors(weeks).front().label, QStringLiteral("Jun 2")); // Monday 2025-06-02
    const AxisTicks months = ticksFor(at(0), 400 * 86400 * kS);
    EXPECT_EQ(months.unit, TimeUnit::Month);
    EXPECT_EQ(months.stepNs, 60 * 86400 * kS); // two months, on odd months: Jan, Mar, May, Jul...
    EXPECT_EQ(majors(months).front().label, QStringLiteral("Jul"));
    bool sawYear = false;
    for (const AxisTick& t : majors(months)) {
        sawYear = sawYear || t.label == QStringLiteral("2026");
    }
    EXPECT_TRUE(sawYear) << "January is named by its year";
    const AxisTicks years = ticksFor(at(0), int64_t { 20 } * 365 * 86400 * kS);
    EXPECT_EQ(years.unit, TimeUnit::Year);
    EXPECT_EQ(majors(years).front().label, QStringLiteral("2026"));
}

TEST(TimeAxis, MinorTicksFallBetweenMajors)
{
    const AxisTicks t = ticksFor(at(0), 3600 * kS);
    int minors = 0;
    for (const AxisTick& tick : t.ticks) {
        if (!tick.major) {
            ++minors;
            EXPECT_TRUE(tick.label.isEmpty());
            EXPECT_EQ(tick.ns % (2 * 60 * kS), 0); // 10 min steps split in 5
        }
    }
    EXPECT_GT(minors, 10);
}

TEST(TimeAxis, TheWholeInt64RangeHasFewTicksInsideIt)
{
    // An empty fleet once asked for the axis from the epoch to the end of int64: the calendar
    // steps walked past year 2262, where a month's instant overflows, and never ended.
    for (const int64_t from : { int64_t { 0 }, -(int64_t { 1 } << 62) }) {
        TimeAxis axis;
        axis.setWidthPx(1200);
        axis.fit(from, std::numeric_limits<int64_t>::max(), 0.0);
        const AxisTicks t = axis.ticks(80);
        EXPECT_EQ(t.unit, TimeUnit::Year);
        EXPECT_FALSE(t.ticks.empty());
        EXPECT_LT(t.ticks.size(), 200U);
        for (const AxisTick& tick : t.ticks) {
            EXPECT_GE(tick.ns, axis.startNs());
            EXPECT_LE(tick.ns, axis.endNs());
        }
    }
}

// --- scene builders -----------------------------------------------------------------------

std::shared_ptr<const core::JobTimeline> example()
{
    return std::make_shared<const core::JobTimeline>(testing::workedExample());
}

std::vector<GanttSpan> allSpans(const GanttRow& row)
{
    std::vector<GanttSpan> out;
    for (const auto& lane : row.lanes) {
        out.insert(out.end(), lane.begin(), lane.end());
    }
    std::sort(out.begin(), out.end(), [](const GanttSpan& a, const GanttSpan& b) { return a.startNs < b.startNs; });
    return out;
}

TEST(GanttScene, JobViewHasAJobRowAndOneRowPerAttempt)
{
    const GanttScene s = buildJobScene(example(), 42);
    EXPECT_EQ(s.mode(), GanttScene::Mode::Job);
    ASSERT_EQ(s.rows().size(), 3u);
    EXPECT_EQ(s.rows()[0].label, QStringLiteral("J1"));
    EXPECT_EQ(s.rows()[1].label, QStringLiteral("attempt 0 · failed"));
    EXPECT_EQ(s.rows()[2].label, QStringLiteral("attempt 1 · completed"));
    EXPECT_EQ(s.rows()[1].depth, 1);
    EXPECT_TRUE(s.rows()[1].bracketLane);
    EXPECT_EQ(s.startNs(), at(0));
    EXPECT_EQ(s.endNs(), at(58545));
    // The job row covers the whole window: segments of both attempts and the gap, in order.
    const auto job = allSpans(s.rows()[0]);
    ASSERT_EQ(s.rows()[0].lanes.size(), 1u) << "segments never overlap";
    ASSERT_EQ(job.size(), 14u);
    for (size_t i = 1; i < job.size(); ++i) {
        EXPECT_EQ(job[i].startNs, job[i - 1].endNs);
    }
    EXPECT_EQ(job.front().startNs, at(0));
    EXPECT_EQ(job.back().endNs, at(58545));
    const GanttSpan& gap = job[9];
    EXPECT_EQ(gap.what, SpanKind::Gap);
    EXPECT_EQ(gap.startNs, at(37545));
    EXPECT_EQ(gap.endNs, at(37845));
    EXPECT_EQ(gap.color, ColorKey::bucket(core::Bucket::Recovery));
    // The gap is also a band behind all rows.
    ASSERT_EQ(s.bands().size(), 1u);
    EXPECT_EQ(s.bands()[0].startNs, at(37545));
}

TEST(GanttScene, JobViewColoursSegmentsByBucketAndHatchesLostProgress)
{
    const GanttScene s = buildJobScene(example(), 42);
    const auto a0 = allSpans(s.rows()[1]);
    ASSERT_EQ(a0.size(), 9u);
    EXPECT_EQ(a0[0].color, ColorKey::bucket(core::Bucket::Init));
    EXPECT_EQ(a0[1].color, ColorKey::bucket(core::Bucket::Compile));
    EXPECT_EQ(a0[2].color, ColorKey::bucket(core::Bucket::Productive));
    EXPECT_EQ(a0[3].color, ColorKey::bucket(core::Bucket::CheckpointSave));
    const GanttSpan& lost = a0.back();
    EXPECT_EQ(lost.color, ColorKey::bucket(core::Bucket::LostProgress));
    EXPECT_TRUE(lost.hatched);
    EXPECT_EQ(lost.startNs, at(36345));
    EXPECT_EQ(lost.endNs, at(37545));
    EXPECT_EQ(std::count_if(a0.begin(), a0.end(), [](const GanttSpan& x) { return x.hatched; }), 1);
    // A legend entry for every bucket used, lost progress hatched.
    bool hatchedEntry = false;
    for (const LegendEntry& e : s.legend()) {
        hatchedEntry = hatchedEntry || (e.hatched && e.color == ColorKey::bucket(core::Bucket::LostProgress));
    }
    EXPECT_TRUE(hatchedEntry);
}

TEST(GanttScene, JobViewBracketsTimeToStartAndTimeToRecover)
{
    const GanttScene s = buildJobScene(example(), 42);
    std::vector<GanttBracket> tts;
    std::vector<GanttBracket> ttr;
    for (const GanttBracket& b : s.brackets()) {
        (b.kind == GanttBracket::Kind::TimeToStart ? tts : ttr).push_back(b);
    }
    ASSERT_EQ(tts.size(), 2u);
    EXPECT_EQ(tts[0].startNs, at(0));
    EXPECT_EQ(tts[0].endNs, at(1500)); // job TTS 1500 s
    EXPECT_EQ(tts[0].row, 1);
    EXPECT_EQ(tts[1].startNs, at(37845));
    EXPECT_EQ(tts[1].endNs, at(38745));
    EXPECT_EQ(tts[1].row, 2);
    EXPECT_EQ(tts[0].label, QStringLiteral("TTS 25 min 00 s"));
    ASSERT_EQ(ttr.size(), 1u);
    EXPECT_EQ(ttr[0].startNs, at(37545)); // the fault
    EXPECT_EQ(ttr[0].endNs, at(38745)); // the first training after it: TTR 1200 s
    EXPECT_EQ(ttr[0].row, 1); // drawn after the interrupted attempt, right of its end
    EXPECT_EQ(ttr[0].linkRow, 2); // linked down to where training resumes
    EXPECT_EQ(ttr[0].attempt, 0);
}

TEST(GanttScene, JobViewMarksTheFaultAndCheckpoints)
{
    const GanttScene s = buildJobScene(example(), 42);
    const auto& markers = s.rows()[1].markers;
    std::vector<GanttMarker> faults;
    std::vector<GanttMarker> checkpoints;
    for (const GanttMarker& m : markers) {
        (m.kind == GanttMarker::Kind::Fault ? faults : checkpoints).push_back(m);
    }
    ASSERT_EQ(faults.size(), 1u);
    EXPECT_EQ(faults[0].atNs, at(37545));
    EXPECT_EQ(faults[0].interruption, core::Interruption::Failure);
    EXPECT_TRUE(faults[0].text.contains(QStringLiteral("infra.gpu")));
    EXPECT_TRUE(faults[0].text.contains(QStringLiteral("explicit")));
    EXPECT_TRUE(faults[0].text.contains(QStringLiteral("XID 48")));
    ASSERT_EQ(checkpoints.size(), 4u);
    EXPECT_EQ(checkpoints[0].atNs, at(11985));
    EXPECT_EQ(checkpoints[0].untilNs, at(12000));
    EXPECT_TRUE(checkpoints[0].durable);
    EXPECT_EQ(checkpoints[2].atNs, at(30000));
    EXPECT_FALSE(checkpoints[2].durable);
    // Sorted by time; the job row carries the fault too; attempt 1 has neither.
    for (size_t i = 1; i < markers.size(); ++i) {
        EXPECT_LE(markers[i - 1].atNs, markers[i].atNs);
    }
    EXPECT_EQ(s.rows()[0].markers.size(), 1u);
    EXPECT_TRUE(s.rows()[2].markers.empty());
    EXPECT_EQ(s.markerAt(1, at(37540), 10 * kS), &s.rows()[1].markers.back());
}

TEST(GanttScene, RankViewHasRowsPerRankWithInitStagesNested)
{
    const GanttScene s = buildRankScene(example(), 42);
    EXPECT_EQ(s.mode(), GanttScene::Mode::Ranks);
    const auto& rows = s.rows();
    ASSERT_EQ(rows.size(), 9u);
    EXPECT_TRUE(rows[0].header);
    EXPECT_EQ(rows[0].label, QStringLiteral("attempt 0 · failed"));
    EXPECT_EQ(rows[1].label, QStringLiteral("phases")); // no per-rank phases in attempt 0
    EXPECT_EQ(rows[2].label, QStringLiteral("background"));
    EXPECT_EQ(rows[2].depth, 2);
    EXPECT_TRUE(rows[3].header);
    EXPECT_EQ(rows[3].label, QStringLiteral("attempt 1 · completed · 2 ranks"));
    EXPECT_EQ(rows[4].label, QStringLiteral("all ranks"));
    EXPECT_EQ(rows[5].label, QStringLiteral("rank 0"));
    EXPECT_EQ(rows[5].rank, 0);
    EXPECT_EQ(rows[6].label, QStringLiteral("init stages"));
    EXPECT_EQ(rows[6].depth, 2);
    EXPECT_EQ(rows[6].rank, 0);
    EXPECT_EQ(rows[7].label, QStringLiteral("rank 1"));
    EXPECT_EQ(rows[8].rank, 1);

    // Without rank records the rows name no host.
    EXPECT_EQ(s.selectionForRow(7).text.count(QStringLiteral("rank 1")), 1);
    EXPECT_FALSE(s.selectionForRow(7).text.contains(QStringLiteral("node")));

    // Phases coloured by category; attempt 0's train overlaps its saves: two lanes.
    const auto& phases = rows[1];
    ASSERT_EQ(phases.lanes.size(), 2u);
    EXPECT_EQ(phases.lanes[0].size(), 3u); // init, compile, train
    EXPECT_EQ(phases.lanes[1].size(), 3u); // the saves, drawn on top
    EXPECT_EQ(phases.lanes[1][0].color, ColorKey::category(core::Category::CheckpointSave));
    for (const auto& lane : phases.lanes) {
        for (size_t i = 1; i < lane.size(); ++i) {
            EXPECT_LE(lane[i - 1].endNs, lane[i].startNs) << "lanes never overlap";
        }
    }
    // The rank row shows the init stages as one bar; the sub-row holds the stages.
    const auto rank0 = allSpans(rows[5]);
    ASSERT_EQ(rank0.size(), 1u);
    EXPECT_EQ(rank0[0].what, SpanKind::PhaseGroup);
    EXPECT_EQ(rank0[0].startNs, at(37845));
    EXPECT_EQ(rank0[0].endNs, at(38445));
    const auto stages = allSpans(rows[6]);
    ASSERT_EQ(stages.size(), 2u);
    EXPECT_EQ(s.spanName(stages[0]), QStringLiteral("device_init"));
    EXPECT_EQ(s.spanName(stages[1]), QStringLiteral("process_group_init"));
    EXPECT_EQ(stages[0].color, ColorKey::category(core::Category::Init));
    // The rank-less row of attempt 1: compile, train, shutdown.
    EXPECT_EQ(allSpans(rows[4]).size(), 3u);
    // The header shows the attempt's segments by bucket, and the fault.
    EXPECT_EQ(allSpans(rows[0]).size(), 9u);
    EXPECT_EQ(rows[0].markers.size(), 1u);
}

// A rank record names the host a rank ran on (spec 7.3): its row, the row's selection and its
// spans' descriptions say "rank N · host"; a rank without one stays "rank N".
TEST(GanttScene, RankRowsNameTheHostTheirRankRecordGives)
{
    core::JobTimeline t = testing::workedExample();
    t.attempts[1].hosts = { { 1, "node-b7.example" } };
    const GanttScene s = buildRankScene(std::make_shared<const core::JobTimeline>(std::move(t)), 42);
    const auto& rows = s.rows();
    ASSERT_EQ(rows.size(), 9u);
    EXPECT_EQ(rows[5].label, QStringLiteral("rank 0"));
    EXPECT_EQ(rows[7].label, QStringLiteral("rank 1 · node-b7.example"));
    EXPECT_EQ(rows[7].rank, 1);
    EXPECT_TRUE(rows[7].tooltip.contains(QStringLiteral("attempt 1 · rank 1 · node-b7.example")))
        << rows[7].tooltip.toStdString();
    EXPECT_TRUE(s.selectionForRow(7).text.contains(QStringLiteral("rank 1 · node-b7.example")));
    EXPECT_FALSE(s.selectionForRow(5).text.contains(QStringLiteral("node-b7")));
    // The init stages of rank 1 (its sub-row) name the host in their description.
    const auto stages = allSpans(rows[8]);
    ASSERT_FALSE(stages.empty());
    int lane = -1;
    int index = -1;
    for (size_t l = 0; l < rows[8].lanes.size() && lane < 0; ++l) {
        if (!rows[8].lanes[l].empty()) {
            lane = static_cast<int>(l);
            index = 0;
        }
    }
    ASSERT_GE(lane, 0);
    const QString text = s.describe({ 8, lane, index });
    EXPECT_TRUE(text.contains(QStringLiteral("attempt 1 · rank 1 · node-b7.example"))) << text.toStdString();
}

// The rank view of one attempt lists that attempt's ranks, not every attempt's.
TEST(GanttScene, RankViewOfOneAttemptShowsItsRanksOnly)
{
    const GanttScene one = buildRankScene(example(), 42, 1);
    const auto& rows = one.rows();
    ASSERT_EQ(rows.size(), 6u); // the header, all ranks, rank 0, its init stages, rank 1, its stages
    EXPECT_TRUE(rows[0].header);
    EXPECT_EQ(rows[0].label, QStringLiteral("attempt 1 · completed · 2 ranks"));
    for (const auto& r : rows) {
        EXPECT_NE(r.label, QStringLiteral("attempt 0 · failed"));
    }
    const GanttScene first = buildRankScene(example(), 42, 0);
    ASSERT_EQ(first.rows().size(), 3u);
    EXPECT_EQ(first.rows()[0].label, QStringLiteral("attempt 0 · failed"));
    EXPECT_TRUE(buildRankScene(example(), 42, 7).rows().empty()); // no such attempt
}

TEST(GanttScene, SelectionsLeadBackToTheSource)
{
    const GanttScene s = buildRankScene(example(), 42);
    const SpanHit stage = s.spanAt(6, at(38200), 0);
    ASSERT_TRUE(stage.valid());
    const TimelineSelection sel = s.selectionFor(stage);
    EXPECT_EQ(sel.kind, SelectionKind::Phase);
    EXPECT_EQ(sel.job, 42);
    EXPECT_EQ(sel.attempt, 1);
    EXPECT_EQ(sel.rank, 0);
    EXPECT_EQ(sel.category, core::Category::Init);
    EXPECT_EQ(sel.subcategory, QStringLiteral("process_group_init"));
    EXPECT_EQ(sel.startNs, at(38100));
    EXPECT_EQ(sel.endNs, at(38445));
    EXPECT_TRUE(sel.text.contains(QStringLiteral("2025-06-01T10:35:00Z"))) << sel.text.toStdString();
    EXPECT_TRUE(sel.text.contains(QStringLiteral("5 min 45 s"))) << sel.text.toStdString();
    // The top lane wins: a click on a save inside train selects the save.
    const TimelineSelection save = s.selectionFor(s.spanAt(1, at(11990), 0));
    EXPECT_EQ(save.category, core::Category::CheckpointSave);
    // A row: the attempt.
    const TimelineSelection row = s.selectionForRow(3);
    EXPECT_EQ(row.kind, SelectionKind::Attempt);
    EXPECT_EQ(row.attempt, 1);
    EXPECT_EQ(row.startNs, at(37845));
    // Near a thin span within the slack, not beyond it.
    EXPECT_TRUE(s.spanAt(6, at(38500), 60 * kS).valid());
    EXPECT_FALSE(s.spanAt(6, at(38500), 10 * kS).valid());
}

TEST(GanttScene, FleetViewHasOneRowPerJobWithFaults)
{
    const auto data = std::make_shared<const FleetTimelineData>(testing::smallFleet());
    const GanttScene s = buildFleetScene(data);
    EXPECT_EQ(s.mode(), GanttScene::Mode::Fleet);
    ASSERT_EQ(s.rows().size(), 3u);
    EXPECT_EQ(s.rows()[0].label, QStringLiteral("job-7"));
    EXPECT_EQ(s.rows()[0].job, 7);
    EXPECT_EQ(s.rows()[1].job, 3);
    EXPECT_EQ(s.startNs(), at(0));
    EXPECT_EQ(s.endNs(), at(1000));
    const auto spans = allSpans(s.rows()[0]);
    ASSERT_EQ(spans.size(), 5u);
    EXPECT_TRUE(spans[2].hatched);
    EXPECT_EQ(spans[1].color, ColorKey::bucket(core::Bucket::Productive));
    ASSERT_EQ(s.rows()[0].markers.size(), 1u);
    EXPECT_EQ(s.rows()[0].markers[0].atNs, at(400));
    EXPECT_EQ(s.rows()[1].markers[0].interruption, core::Interruption::Preemption);
    const TimelineSelection sel = s.selectionFor(s.spanAt(0, at(150), 0));
    EXPECT_EQ(sel.kind, SelectionKind::Segment);
    EXPECT_EQ(sel.job, 7);
    EXPECT_EQ(sel.bucket, core::Bucket::Productive);
    EXPECT_EQ(s.selectionForRow(2).kind, SelectionKind::Job);
    EXPECT_EQ(s.selectionForRow(2).job, 9);
}

TEST(GanttScene, FleetRowsOfAKeyTwoLabelsHoldNameTheLabel)
{
    FleetTimelineData data = testing::smallFleet();
    data.rows[1].key = data.rows[0].key;
    data.rows[0].label = "before";
    data.rows[1].label = "after";
    const GanttScene s = buildFleetScene(std::make_shared<const FleetTimelineData>(data));
    ASSERT_EQ(s.rows().size(), 3u);
    EXPECT_EQ(s.rows()[0].label, QStringLiteral("job-7 (before)"));
    EXPECT_EQ(s.rows()[1].label, QStringLiteral("job-7 (after)"));
    EXPECT_EQ(s.rows()[2].label, qs(data.rows[2].key)) << "a key of one label stays alone";
}

TEST(GanttScene, FleetAxisCoversTheJobsShownNotTheWholeRange)
{
    // Asked over fifteen days, the three jobs hold [0, 1000) s: the axis is theirs.
    FleetTimelineData data = testing::smallFleet();
    data.toNs = at(15 * 86400);
    const GanttScene s = buildFleetScene(std::make_shared<const FleetTimelineData>(data));
    EXPECT_EQ(s.startNs(), at(0));
    EXPECT_EQ(s.endNs(), at(1000));
    // Never wider than the range asked for.
    data.fromNs = at(100);
    data.toNs = at(800);
    const GanttScene clipped = buildFleetScene(std::make_shared<const FleetTimelineData>(data));
    EXPECT_EQ(clipped.startNs(), at(100));
    EXPECT_EQ(clipped.endNs(), at(800));
    // No spans at all: the range.
    data.rows.clear();
    const GanttScene empty = buildFleetScene(std::make_shared<const FleetTimelineData>(data));
    EXPECT_EQ(empty.startNs(), at(100));
    EXPECT_EQ(empty.endNs(), at(800));
}

TEST(FleetDensity, BinsEveryJobIntoABoundedGrid)
{
    // 5000 jobs of 10 s, one after the other, in 1000 bins of 50 s and 1000 bands of 5 jobs.
    const FleetDensity d = testing::staircase(5000, 1000, 1000);
    EXPECT_EQ(d.jobs, 5000);
    EXPECT_EQ(d.spans, 5000);
    ASSERT_EQ(d.rows, 1000);
    ASSERT_EQ(d.columns, 1000);
    EXPECT_EQ(d.cellBucket.size(), 1'000'000u);
    EXPECT_EQ(d.rowFirstJob[1], 5);
    EXPECT_EQ(d.rowFirstJob[1000], 5000);
    EXPECT_EQ(d.rowKeys[2], "job-10");
    EXPECT_EQ(d.rowJobs[2], 10);
    EXPECT_EQ(d.binStartNs(1), at(50));
    EXPECT_EQ(d.binAt(at(50)), 1);
    EXPECT_EQ(d.binAt(at(50) - 1), 0);
    int onDiagonal = 0;
    int offDiagonal = 0;
    for (int r = 0; r < 1000; ++r) {
        onDiagonal += d.cellBucket[static_cast<size_t>(r) * 1000 + static_cast<size_t>(r)]
            == static_cast<uint8_t>(core::Bucket::Productive);
        offDiagonal
            += d.cellBucket[static_cast<size_t>(r) * 1000 + static_cast<size_t>((r + 7) % 1000)] != FleetDensity::kNone;
    }
    EXPECT_EQ(onDiagonal, 1000);
    EXPECT_EQ(offDiagonal, 0);
    // A band of five jobs covers a fifth of its bin's jobs x time.
    EXPECT_NEAR(d.cellCover[0], 51, 1);
    int64_t productive = 0;
    for (int c = 0; c < 1000; ++c) {
        productive += d.bucketNs[static_cast<size_t>(core::Bucket::Productive) * 1000 + static_cast<size_t>(c)];
    }
    EXPECT_EQ(productive, 50000 * kS);
    int32_t faults = 0;
    for (const int32_t n : d.faults) {
        faults += n;
    }
    EXPECT_EQ(faults, 50);
    // Fewer jobs than lines: one job a band.
    EXPECT_EQ(testing::staircase(30, 100, 1000).rows, 30);
}

TEST(GanttScene, LanesAreSortedForBinarySearch)
{
    GanttScene s;
    const int r = s.addRow({});
    // Out of order, overlapping, and one empty span (dropped).
    s.addSpan(r, { at(50), at(60), -1, 0, SpanKind::Phase, {}, false });
    s.addSpan(r, { at(0), at(100), -1, 1, SpanKind::Phase, {}, false });
    s.addSpan(r, { at(10), at(20), -1, 2, SpanKind::Phase, {}, false });
    s.addSpan(r, { at(15), at(30), -1, 3, SpanKind::Phase, {}, false });
    s.addSpan(r, { at(40), at(40), -1, 4, SpanKind::Phase, {}, false });
    s.finalize();
    EXPECT_EQ(s.spanCount(), 4);
    const auto& lanes = s.rows()[0].lanes;
    ASSERT_EQ(lanes.size(), 3u);
    EXPECT_EQ(lanes[0].size(), 1u); // [0, 100)
    EXPECT_EQ(lanes[1].size(), 2u); // [10, 20), [50, 60)
    EXPECT_EQ(lanes[2].size(), 1u); // [15, 30)
    EXPECT_EQ(GanttScene::firstEndingAfter(lanes[1], at(20)), 1u);
    EXPECT_EQ(GanttScene::firstEndingAfter(lanes[1], at(19)), 0u);
    EXPECT_EQ(GanttScene::firstStartingAt(lanes[1], at(11)), 1u);
}

// --- widget -------------------------------------------------------------------------------

class GanttWidgetTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        widget.resize(1000, 300);
        widget.setScene(std::make_shared<const GanttScene>(buildJobScene(example(), 42)));
        widget.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    }

    double left() const { return widget.painter().timeAreaLeft(widget.paintRect()); }

    QApplication* app = ensureApp(); // before the widget: each test may run in its own process
    GanttWidget widget;
};

TEST_F(GanttWidgetTest, WheelZoomKeepsTheInstantUnderTheCursor)
{
    const QPointF pos(600, 100);
    const int64_t before = widget.axis().toNs(pos.x() - left());
    const double scale = widget.axis().nsPerPx();
    QWheelEvent in(
        pos, widget.mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &in);
    EXPECT_NEAR(widget.axis().nsPerPx(), scale / GanttWidget::kWheelZoomPerNotch, 1e-9 * scale);
    EXPECT_NEAR(static_cast<double>(widget.axis().toNs(pos.x() - left()) - before), 0.0, 1.0);
    QWheelEvent out(pos, widget.mapToGlobal(pos), QPoint(), QPoint(0, -240), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &out);
    EXPECT_NEAR(static_cast<double>(widget.axis().toNs(pos.x() - left()) - before), 0.0, 1.0);
}

TEST_F(GanttWidgetTest, KeyboardZoomsPansAndFits)
{
    const double scale = widget.axis().nsPerPx();
    const int64_t centre = widget.axis().toNs(widget.axis().widthPx() / 2);
    QTest::keyClick(&widget, Qt::Key_W);
    EXPECT_NEAR(widget.axis().nsPerPx(), scale / GanttWidget::kKeyZoom, 1e-9 * scale);
    EXPECT_NEAR(static_cast<double>(widget.axis().toNs(widget.axis().widthPx() / 2) - centre), 0.0, 1.0);
    QTest::keyClick(&widget, Qt::Key_Plus);
    EXPECT_NEAR(widget.axis().nsPerPx(), scale / (GanttWidget::kKeyZoom * GanttWidget::kKeyZoom), 1e-9 * scale);
    QTest::keyClick(&widget, Qt::Key_S);
    EXPECT_NEAR(widget.axis().nsPerPx(), scale / GanttWidget::kKeyZoom, 1e-9 * scale);
    const int64_t start = widget.axis().startNs();
    QTest::keyClick(&widget, Qt::Key_D);
    EXPECT_GT(widget.axis().startNs(), start);
    QTest::keyClick(&widget, Qt::Key_A);
    EXPECT_EQ(widget.axis().startNs(), start);
    QTest::keyClick(&widget, Qt::Key_F);
    EXPECT_DOUBLE_EQ(widget.axis().nsPerPx(), scale);
}

TEST_F(GanttWidgetTest, ClickOnASpanEmitsTheSelection)
{
    QSignalSpy spy(&widget, &GanttWidget::selectionChanged);
    // The middle of attempt 0's first productive segment [1500, 11985) s, on row 1.
    const double x = left() + widget.axis().toPx(at(6000));
    const QRectF bar = widget.painter().barRect(widget.paintRect(), widget.scene()->rows()[1], 1, widget.scrollY());
    QTest::mouseClick(&widget, Qt::LeftButton, {}, QPoint(static_cast<int>(x), static_cast<int>(bar.center().y())));
    ASSERT_EQ(spy.count(), 1);
    const auto sel = spy.at(0).at(0).value<TimelineSelection>();
    EXPECT_EQ(sel.kind, SelectionKind::Segment);
    EXPECT_EQ(sel.job, 42);
    EXPECT_EQ(sel.attempt, 0);
    EXPECT_EQ(sel.bucket, core::Bucket::Productive);
    EXPECT_EQ(sel.startNs, at(1500));
    EXPECT_EQ(sel.endNs, at(11985));
    EXPECT_TRUE(widget.selectedSpan().valid());
    // A click on a row's label selects the attempt.
    QTest::mouseClick(&widget, Qt::LeftButton, {}, QPoint(20, static_cast<int>(bar.center().y())));
    ASSERT_EQ(spy.count(), 2);
    EXPECT_EQ(spy.at(1).at(0).value<TimelineSelection>().kind, SelectionKind::Attempt);
    EXPECT_EQ(widget.selectedRow(), 1);
}

TEST_F(GanttWidgetTest, TooltipsGiveExactTimes)
{
    const QRectF bar = widget.painter().barRect(widget.paintRect(), widget.scene()->rows()[1], 1, widget.scrollY());
    const QString tip = widget.toolTipAt(
        QPoint(static_cast<int>(left() + widget.axis().toPx(at(6000))), static_cast<int>(bar.center().y())));
    EXPECT_TRUE(tip.contains(QStringLiteral("productive"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("2025-06-01T00:25:00Z"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("(10485 s)"))) << tip.toStdString();
}

TEST_F(GanttWidgetTest, RubberBandZoomsToTheDraggedRange)
{
    const int y = 60;
    const int x0 = static_cast<int>(left() + 100);
    const int x1 = static_cast<int>(left() + 300);
    const int64_t from = widget.axis().toNs(100);
    const int64_t to = widget.axis().toNs(300);
    QTest::mousePress(&widget, Qt::RightButton, {}, QPoint(x0, y));
    QMouseEvent move(QEvent::MouseMove, QPointF(x1, y), widget.mapToGlobal(QPointF(x1, y)), Qt::NoButton,
        Qt::RightButton, Qt::NoModifier);
    QApplication::sendEvent(&widget, &move);
    QTest::mouseRelease(&widget, Qt::RightButton, {}, QPoint(x1, y));
    EXPECT_NEAR(static_cast<double>(widget.axis().startNs() - from), 0.0, 1.0);
    EXPECT_NEAR(static_cast<double>(widget.axis().endNs() - to), 0.0, widget.axis().nsPerPx() + 1);
}

TEST(GanttWidget, DoubleClickOnAFleetRowActivatesTheJob)
{
    ensureApp();
    GanttWidget widget;
    widget.resize(800, 200);
    widget.setScene(std::make_shared<const GanttScene>(
        buildFleetScene(std::make_shared<const FleetTimelineData>(testing::smallFleet()))));
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    QSignalSpy spy(&widget, &GanttWidget::jobActivated);
    const double y = widget.painter().rowTop(widget.paintRect(), 1, 0) + 5;
    QTest::mouseDClick(&widget, Qt::LeftButton, {}, QPoint(300, static_cast<int>(y)));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).value<int32_t>(), 3);
}

TEST(GanttWidget, ScrollsRowsThatDoNotFit)
{
    ensureApp();
    GanttWidget widget;
    widget.resize(800, 200);
    widget.setScene(std::make_shared<const GanttScene>(buildRankScene(example(), 1)));
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    // 9 rows of 20 px in 172 px: a little to scroll.
    QTest::keyClick(&widget, Qt::Key_Down);
    EXPECT_EQ(widget.scrollY(), 8.0);
    QTest::keyClick(&widget, Qt::Key_PageUp);
    EXPECT_EQ(widget.scrollY(), 0.0);
    widget.ensureRowVisible(8);
    EXPECT_EQ(widget.scrollY(), 8.0);
}

// --- view ---------------------------------------------------------------------------------

TEST(TimelineView, FollowsTheStateFromFleetToAttempt)
{
    ensureApp();
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    view.resize(1000, 400);
    EXPECT_EQ(view.mode(), TimelineView::Mode::Fleet);
    view.showFleetTimeline(testing::smallFleet());
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Fleet);
    EXPECT_EQ(view.scene().rows().size(), 3u);

    // Double-click on a fleet row opens the job.
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    GanttWidget* g = view.gantt();
    const double y = g->painter().rowTop(g->paintRect(), 0, 0) + 5;
    QTest::mouseDClick(g, Qt::LeftButton, {}, QPoint(400, static_cast<int>(y)));
    EXPECT_EQ(state.location().level, Level::Job);
    EXPECT_EQ(state.location().job, 7);
    EXPECT_EQ(view.mode(), TimelineView::Mode::Job);

    view.showJobTimeline(testing::workedExample());
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Job);
    EXPECT_EQ(view.scene().job(), 7);
    view.setMode(TimelineView::Mode::Ranks);
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Ranks);

    // Attempt level: the view zooms to the attempt (and its gap) and selects its row.
    view.setMode(TimelineView::Mode::Job);
    state.openAttempt(1);
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Job);
    EXPECT_LE(g->axis().startNs(), at(37845));
    EXPECT_GE(g->axis().endNs(), at(58545));
    EXPECT_LT(g->axis().visibleDurationNs(), 30000 * kS);
    EXPECT_EQ(g->selectedRow(), 2);

    // Back at the fleet: the fleet view again (already loaded for this filter).
    state.navigate(Location {});
    EXPECT_EQ(view.mode(), TimelineView::Mode::Fleet);
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Fleet);
}

TEST(TimelineView, JobViewsDrawTheRollingHourAndTheWorstIsOneClickAway)
{
    ensureApp();
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    view.resize(1200, 500);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    RollingStrip* strip = view.rollingStrip();
    auto* worstButton = view.findChild<QToolButton*>(QStringLiteral("worstHour"));
    ASSERT_NE(worstButton, nullptr);
    EXPECT_FALSE(strip->isVisible()); // the fleet view has no job line
    EXPECT_FALSE(worstButton->isVisible());

    state.openJob(7, QStringLiteral("J1"));
    view.showJobTimeline(testing::workedExample());
    EXPECT_TRUE(strip->isVisible());
    // A sample a minute (the job spans 58545 s), each the ETT% of the hour before it (spec 7.2):
    // at 37800 s, 2130 s productive.
    const RollingSeries& series = strip->series();
    EXPECT_EQ(series.windowNs, 3600 * kS);
    EXPECT_EQ(series.stepNs, 60 * kS);
    const auto at37800 = std::find_if(
        series.points.begin(), series.points.end(), [](const RollingPoint& p) { return p.tNs == at(37800); });
    ASSERT_NE(at37800, series.points.end());
    EXPECT_TRUE(at37800->productiveNs == core::Wide { 2130 } * kS);
    // The worst hour: nothing productive from 36330 to 38745 s; the first window holding it all ends
    // at 38760 s (a multiple of the minute), with 1170 + 15 = 1185 s productive.
    ASSERT_TRUE(strip->worst().has_value());
    EXPECT_EQ(strip->worst()->tNs, at(38760));
    EXPECT_TRUE(strip->worst()->productiveNs == core::Wide { 1185 } * kS);
    ASSERT_TRUE(worstButton->isVisible());
    ASSERT_TRUE(worstButton->isEnabled());

    // The line shares the Gantt's time axis, and one click shows the worst hour.
    GanttWidget* g = view.gantt();
    const double ganttX = g->painter().timeAreaLeft(g->paintRect()) + g->axis().toPx(at(20000));
    EXPECT_NEAR(strip->xOf(at(20000)), ganttX + g->x() - strip->x(), 0.5);
    QTest::mouseClick(worstButton, Qt::LeftButton);
    EXPECT_LE(g->axis().startNs(), at(38760 - 3600));
    EXPECT_GE(g->axis().endNs(), at(38760));
    EXPECT_LT(g->axis().visibleDurationNs(), 2 * 3600 * kS);
    EXPECT_TRUE(strip->toolTipAtX(strip->xOf(at(38760))).contains("the job's worst window"));

    // Back at the fleet: no line.
    state.navigate(Location {});
    EXPECT_FALSE(strip->isVisible());
}

TEST(TimelineView, DropsStaleResultsAndAddsTheGroupTerm)
{
    ensureApp();
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    state.openGroup(QStringLiteral("team"), QStringLiteral("ads"));
    ASSERT_NE(view.fleetFilter().attrValues("team"), nullptr);
    EXPECT_EQ(*view.fleetFilter().attrValues("team"), std::vector<std::string> { "ads" });
    state.openGroup(QStringLiteral("label"), QStringLiteral("before"));
    EXPECT_EQ(view.fleetFilter().labels, std::vector<std::string> { "before" });
    // No request was made (no data service): any result id is stale and dropped.
    view.handleFleetTimeline(5, testing::smallFleet());
    EXPECT_TRUE(view.scene().rows().empty());
    QSignalSpy spy(&view, &TimelineView::selectionChanged);
    view.handleQueryFailed(5, QStringLiteral("boom"));
    EXPECT_EQ(spy.count(), 0);
}

// The spec's worked example imported into a new database in dir; its path ("" on failure).
std::string workedExampleDb(const QTemporaryDir& dir)
{
    const std::string db = dir.filePath(QStringLiteral("store.db")).toStdString();
    auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
    EXPECT_TRUE(d.ok()) << d.error().message;
    if (!d.ok()) {
        return {};
    }
    auto s = core::importTraceFile(**d, ETT_SAMPLES_DIR "/worked-example.ett.jsonl", core::ImportOptions {});
    EXPECT_TRUE(s.ok()) << s.error().message;
    return s.ok() ? db : std::string();
}

// Opens db in the data service, the state taking its vocabulary; true once its one job is known.
bool openInto(DataService& data, WorkbenchState& state, const std::string& db)
{
    QObject::connect(&data, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& vocabulary) { state.setVocabulary(vocabulary); });
    data.openDatabase(QString::fromStdString(db));
    return QTest::qWaitFor([&] { return state.vocabulary().jobs == 1; }, 60'000);
}

// The timeline view over the real data service, with the spec's worked example open.
class WorkedExampleView : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        const std::string db = workedExampleDb(dir);
        ASSERT_FALSE(db.empty());
        view.resize(1000, 400);
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        ASSERT_TRUE(openInto(data, state, db));
    }

    QApplication* app = ensureApp(); // before the widgets
    QTemporaryDir dir;
    DataService data;
    WorkbenchState state;
    TimelineView view { &state, &data };
};

// The view against the real data service on the spec's worked example: it asks for the job's
// timeline when the state goes to the job, and for the fleet timeline back at the fleet.
TEST_F(WorkedExampleView, AsksTheDataServiceForWhatTheStateShows)
{

    // The fleet: one job over the vocabulary's range.
    ASSERT_TRUE(QTest::qWaitFor([&] { return view.scene().rows().size() == 1; }, 60'000));
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Fleet);
    const int32_t job = view.scene().rows()[0].job;
    EXPECT_EQ(view.scene().rows()[0].label, QStringLiteral("J1"));

    // The job: its attempts, the spec's Time to Start and Time to Recover.
    state.openJob(job, QStringLiteral("J1"));
    EXPECT_NE(view.pendingJobRequest(), 0u);
    ASSERT_TRUE(QTest::qWaitFor([&] { return view.scene().mode() == GanttScene::Mode::Job; }, 60'000));
    ASSERT_EQ(view.scene().rows().size(), 3u);
    int64_t ttrNs = 0;
    int64_t ttsNs = 0;
    for (const GanttBracket& b : view.scene().brackets()) {
        if (b.kind == GanttBracket::Kind::TimeToRecover) {
            ttrNs = b.endNs - b.startNs;
        } else if (b.attempt == 0) {
            ttsNs = b.endNs - b.startNs;
        }
    }
    EXPECT_EQ(ttsNs, 1500 * kS);
    EXPECT_EQ(ttrNs, 1200 * kS);
    // The selection names the engine's job index.
    EXPECT_EQ(view.scene().selectionForRow(1).job, job);
}

TEST(TimelineView, DensityModeShowsEveryJobAtFleetAndGroupLevels)
{
    ensureApp();
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    view.resize(1000, 500);
    view.showFleetTimeline(testing::smallFleet());
    view.showFleetDensity(testing::staircase(5000, 800, 400));
    view.setMode(TimelineView::Mode::Density);
    EXPECT_EQ(view.mode(), TimelineView::Mode::Density);
    QTRY_COMPARE(view.scene().mode(), GanttScene::Mode::Density);
    ASSERT_NE(view.scene().density(), nullptr);
    EXPECT_EQ(view.scene().density()->jobs, 5000);
    EXPECT_EQ(view.scene().startNs(), at(0));
    EXPECT_EQ(view.scene().endNs(), at(50000));
    // The grid asked for fits the widget: a bin per pixel, a band per line.
    const auto [columns, rows] = view.densityGrid();
    EXPECT_LE(columns, view.gantt()->width());
    EXPECT_LE(rows, view.gantt()->height());
    // Going into a group keeps the density view; a job shows the job; back up, the fleet.
    state.openGroup(QStringLiteral("team"), QStringLiteral("ads"));
    EXPECT_EQ(view.mode(), TimelineView::Mode::Density);
    state.openJob(7, QStringLiteral("job-7"));
    EXPECT_EQ(view.mode(), TimelineView::Mode::Job);
    view.setMode(TimelineView::Mode::Density);
    EXPECT_EQ(view.mode(), TimelineView::Mode::Density);
    state.navigate(Location {});
    view.setMode(TimelineView::Mode::Fleet);
    EXPECT_EQ(view.scene().mode(), GanttScene::Mode::Fleet);
}

// Against the real data service: the density request is answered on the worker.
TEST_F(WorkedExampleView, AsksTheDataServiceForTheDensityOfEveryJob)
{
    view.setMode(TimelineView::Mode::Density);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return view.scene().mode() == GanttScene::Mode::Density && view.scene().density(); }, 60'000));
    const FleetDensity& d = *view.scene().density();
    EXPECT_EQ(d.jobs, 1);
    EXPECT_EQ(d.rows, 1);
    // The spec's worked example: its window, and its lost progress [36345, 37545) s.
    EXPECT_EQ(d.toNs - d.fromNs, 58545 * kS);
    int64_t lost = 0;
    for (int c = 0; c < d.columns; ++c) {
        lost += d.bucketNs[static_cast<size_t>(core::Bucket::LostProgress) * static_cast<size_t>(d.columns)
            + static_cast<size_t>(c)];
    }
    EXPECT_EQ(lost, 1200 * kS);
}

TEST(TimelineView, BuildsLargeScenesOffTheGuiThread)
{
    ensureApp();
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    FleetTimelineData big;
    big.fromNs = at(0);
    big.toNs = at(400 * 300);
    for (int j = 0; j < 300; ++j) {
        FleetTimelineRow row;
        row.job = j;
        row.key = "job-" + std::to_string(j);
        for (int s = 0; s < 400; ++s) {
            row.spans.push_back({ at(s * 300), at(s * 300 + 290), static_cast<uint8_t>(core::Bucket::Productive) });
        }
        big.rows.push_back(std::move(row));
    }
    view.showFleetTimeline(big);
    // 120 000 spans: above the limit, so the scene arrives through the event loop.
    EXPECT_TRUE(view.scene().rows().empty());
    QTRY_COMPARE(view.scene().rows().size(), 300u);
    EXPECT_EQ(view.scene().spanCount(), 120000);
    // A newer build wins over one still running.
    view.showFleetTimeline(big);
    view.showFleetTimeline(testing::smallFleet());
    EXPECT_EQ(view.scene().rows().size(), 3u);
    QTest::qWait(200);
    EXPECT_EQ(view.scene().rows().size(), 3u);
}

} // namespace
} // namespace ett::app
