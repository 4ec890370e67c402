// Frame paint time of the Gantt painter with a million phases, at several
// zoom levels, into a 1920x1080 image. The goal is a frame under 16 ms at every zoom: the
// painter's level of detail (binary search to the visible spans, folding of spans under 3 px)
// must make the cost depend on what is visible, not on the size of the job.
//
//   gantt_bench                       all cases, 5 repetitions each, the median reported
//   gantt_bench --benchmark_filter=Ranks
//
// Scenes:
//   Ranks/<zoom>  the rank view of one attempt with 8 ranks x 125 000 phases (1 000 000 phases:
//                 train chunks of about 0.7 s, a data stall after each, a save every 100th),
//                 plus the attempt's header row of bucket segments
//   Job/<zoom>    the job view of the same attempt (its ~250 000 bucket segments, two rows)
//   Fleet/<zoom>  the fleet view of 2000 jobs x 500 spans (1 000 000 spans), the 59 rows in the
//                 middle visible (jobs start 5 min apart and run about 43 h)
// Zooms: the whole time range, then windows of 1 h, 1 min and 1 s around its middle.
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"
#include "core/model/accounting.h"
#include "core/model/timeutil.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <benchmark/benchmark.h>

#include <memory>

namespace {

using namespace ett;
using namespace ett::app;

constexpr int64_t kS = core::kNsPerSecond;
constexpr int64_t kT0 = 1'748'736'000 * kS;
constexpr int kRanks = 8;
constexpr int kPhasesPerRank = 125'000;

// Deterministic jitter without <random>.
uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

// One attempt with kRanks x kPhasesPerRank phases, attributed by the reference accounting.
std::shared_ptr<const core::JobTimeline> millionPhaseJob()
{
    core::AttemptInput in;
    in.number = 0;
    in.startNs = kT0;
    in.gpus = kRanks;
    core::TimelineAttempt ta;
    int64_t end = kT0;
    for (int r = 0; r < kRanks; ++r) {
        int64_t t = kT0 + static_cast<int64_t>(mix(static_cast<uint64_t>(r)) % 1000) * 1'000'000;
        int n = 0;
        for (int i = 0; n < kPhasesPerRank; ++i) {
            const int64_t trainNs
                = 600'000'000 + static_cast<int64_t>(mix(static_cast<uint64_t>(r * 1'000'003 + i)) % 200'000'000);
            core::TimelinePhase train { t, t + trainNs, core::Category::Train, {}, r, {} };
            ta.phases.push_back(train);
            ++n;
            t += trainNs;
            const bool save = i % 100 == 99;
            const int64_t stallNs
                = save ? 5 * kS : 20'000'000 + static_cast<int64_t>(mix(static_cast<uint64_t>(i)) % 60'000'000);
            if (n < kPhasesPerRank) {
                ta.phases.push_back({ t, t + stallNs, save ? core::Category::CheckpointSave : core::Category::Stall,
                    save ? std::string() : std::string("data"), r, {} });
                ++n;
                t += stallNs;
            }
        }
        end = std::max(end, t);
    }
    in.endNs = end;
    for (const core::TimelinePhase& p : ta.phases) {
        in.phases.push_back({ p.startNs, p.endNs, p.category, p.rank });
    }
    core::JobInput job;
    job.gpus = kRanks;
    job.attempts = { in };
    core::JobResult result = core::attributeJob(job, true);
    ta.result = std::move(result.attempts.front());
    std::stable_sort(ta.phases.begin(), ta.phases.end(),
        [](const core::TimelinePhase& a, const core::TimelinePhase& b) { return a.startNs < b.startNs; });
    for (int r = 0; r < kRanks; ++r) {
        ta.ranks.push_back(r);
    }
    auto t = std::make_shared<core::JobTimeline>();
    t->key = "bench";
    t->gpus = kRanks;
    t->windowStartNs = kT0;
    t->windowEndNs = end;
    t->attempts.push_back(std::move(ta));
    return t;
}

std::shared_ptr<const FleetTimelineData> millionSpanFleet()
{
    auto d = std::make_shared<FleetTimelineData>();
    constexpr int kJobs = 2000;
    constexpr int kSpans = 500;
    d->fromNs = kT0;
    d->toNs = kT0;
    for (int j = 0; j < kJobs; ++j) {
        FleetTimelineRow row;
        row.job = j;
        row.key = "job-" + std::to_string(j);
        int64_t t = kT0 + static_cast<int64_t>(j) * 300 * kS;
        for (int s = 0; s < kSpans; ++s) {
            const int64_t len
                = (s % 2 == 0 ? 600 : 15) * kS + static_cast<int64_t>(mix(static_cast<uint64_t>(j * kSpans + s)) % kS);
            const auto bucket = s % 2 == 0 ? core::Bucket::Productive : core::Bucket::CheckpointSave;
            row.spans.push_back({ t, t + len, static_cast<uint8_t>(bucket) });
            t += len;
        }
        row.faults.push_back({ t, static_cast<uint8_t>(core::Interruption::Failure), 0 });
        d->toNs = std::max(d->toNs, t);
        d->rows.push_back(std::move(row));
    }
    return d;
}

const GanttScene& scene(GanttScene::Mode mode)
{
    static const auto job = millionPhaseJob();
    static const GanttScene ranks = buildRankScene(job, 0);
    static const GanttScene jobView = buildJobScene(job, 0);
    static const GanttScene fleet = buildFleetScene(millionSpanFleet());
    switch (mode) {
    case GanttScene::Mode::Ranks:
        return ranks;
    case GanttScene::Mode::Job:
        return jobView;
    default:
        return fleet;
    }
}

// zoom: 0 = the whole range, else the visible window in seconds around the middle.
void paintFrame(benchmark::State& state, GanttScene::Mode mode)
{
    const GanttScene& s = scene(mode);
    const int64_t windowS = state.range(0);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    GanttPainter painter;
    GanttLayout layout;
    layout.rowHeight = s.preferredRowHeight();
    painter.setLayout(layout);
    const QRect rect(0, 0, image.width(), image.height());
    TimeAxis axis;
    axis.setWidthPx(painter.timeAreaWidth(rect));
    axis.setBounds(s.startNs(), s.endNs());
    const int64_t mid = s.startNs() + (s.endNs() - s.startNs()) / 2;
    if (windowS == 0) {
        axis.fit(s.startNs(), s.endNs(), 0.02);
    } else {
        axis.fit(mid - windowS * kS / 2, mid + windowS * kS / 2);
    }
    // The rows in the middle of the scene (the fleet's middle jobs run at the middle time).
    const double scrollY = std::max(0.0, painter.contentHeight(s) / 2 - painter.rowsHeight(rect) / 2);
    GanttPaintStats stats;
    for (auto _ : state) {
        QPainter p(&image);
        stats = painter.paint(p, rect, s, axis, scrollY);
        p.end();
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["spans"] = static_cast<double>(s.spanCount());
    state.counters["rows"] = stats.rowsVisited;
    state.counters["drawn"] = static_cast<double>(stats.spansDrawn);
    state.counters["folds"] = static_cast<double>(stats.foldsDrawn);
    state.counters["folded"] = static_cast<double>(stats.spansFolded);
}

void Ranks(benchmark::State& state)
{
    paintFrame(state, GanttScene::Mode::Ranks);
}
void Job(benchmark::State& state)
{
    paintFrame(state, GanttScene::Mode::Job);
}
void Fleet(benchmark::State& state)
{
    paintFrame(state, GanttScene::Mode::Fleet);
}

void zooms(benchmark::internal::Benchmark* b)
{
    b->ArgName("window_s")->Arg(0)->Arg(3600)->Arg(60)->Arg(1);
    b->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
}

// Building the scenes from a loaded timeline (done once per result, off the paint path).
void BuildRankScene(benchmark::State& state)
{
    static const auto job = millionPhaseJob();
    for (auto _ : state) {
        GanttScene s = buildRankScene(job, 0);
        benchmark::DoNotOptimize(s.spanCount());
    }
}
void BuildJobScene(benchmark::State& state)
{
    static const auto job = millionPhaseJob();
    for (auto _ : state) {
        GanttScene s = buildJobScene(job, 0);
        benchmark::DoNotOptimize(s.spanCount());
    }
}
BENCHMARK(BuildRankScene)->Unit(benchmark::kMillisecond);
BENCHMARK(BuildJobScene)->Unit(benchmark::kMillisecond);

BENCHMARK(Ranks)->Apply(zooms);
BENCHMARK(Job)->Apply(zooms);
BENCHMARK(Fleet)->Apply(zooms);

} // namespace

int main(int argc, char** argv)
{
    // Text needs a QGuiApplication; no display is needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
