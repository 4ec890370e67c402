// Rolling-window ETT% (spec 7.2) through the service: the spec's worked example to the second, and on
// generated fleets every sampled window equal to the reference accounting (core::addJob) clipped to
// that window, to the nanosecond, for windows and steps that share a divisor or not, steps longer than
// the window, a range and queue counting, one job, and grids fetched in several chunks. The work's
// bound is checked at its edge.
#include "app/service/import_files.h"
#include "app/service/job_detail.h"
#include "app/service/overview.h"
#include "app/service/rolling.h"
#include "app/service/workspace.h"
#include "core/model/timeutil.h"
#include "core/store/fleet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "tests/app/service/workspace_fixture.h"
#include "tests/core/model/generator_fixtures.h"

namespace ett::app {
namespace {

namespace fs = std::filesystem;
using core::Wide;

constexpr int64_t kS = 1'000'000'000;
constexpr int64_t kMin = 60 * kS;
constexpr int64_t kHour = 3600 * kS;
constexpr int64_t kDay = 86400 * kS;
const std::string kWorkedExample = ETT_SAMPLES_DIR "/worked-example.ett.jsonl";

// Sums inside one window by the reference accounting: every job's buckets and E2E clipped to it.
struct WindowSums
{
    Wide productiveNs = 0;
    Wide productiveGpuNs = 0;
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;
};

WindowSums referenceWindow(const std::vector<core::FleetJob>& jobs, int64_t fromNs, int64_t toNs, bool countQueue)
{
    WindowSums out;
    if (toNs <= fromNs) {
        return out;
    }
    core::Figures f;
    for (const auto& j : jobs) {
        core::addJob(f, j.result, j.gpus, core::RollupOptions { fromNs, toNs, countQueue, {} });
    }
    const auto productive = static_cast<size_t>(core::Bucket::Productive);
    return { f.bucketsNs[productive], f.bucketsGpuNs[productive], f.e2eNs, f.e2eGpuNs };
}

class RollingTest : public testing::WorkspaceTest
{
protected:
    RollingTest()
        : WorkspaceTest("rolling-test")
    {
    }

    std::vector<core::FleetJob> referenceJobs(const std::optional<std::string>& label = {})
    {
        auto jobs = core::loadFleet(m_ws->store(), core::FleetQuery { label, std::nullopt, true });
        EXPECT_TRUE(jobs.ok()) << (jobs.ok() ? "" : jobs.error().message);
        return jobs.ok() ? *jobs : std::vector<core::FleetJob> {};
    }

    RollingSeries rolling(const RollingRequest& request)
    {
        auto r = rollingSeries(fleet(), request);
        EXPECT_TRUE(r.ok()) << r.error().message;
        return r.ok() ? *r : RollingSeries {};
    }

    // The samples are the multiples of the step whose windows overlap the span, and each sampled
    // window (all of them, or `samples` spread over them) holds exactly the reference's sums.
    void expectReferenceWindows(const RollingSeries& r, const RollingRequest& request,
        const std::vector<core::FleetJob>& jobs, const std::string& what, size_t samples = 0)
    {
        const int64_t w = request.windowNs;
        const int64_t s = request.stepNs == 0 ? w : request.stepNs;
        ASSERT_TRUE(r.span.has_value()) << what;
        ASSERT_FALSE(r.points.empty()) << what;
        const core::TimeSpan span = *r.span;
        const auto overlaps = [&](int64_t t) { return t > span.fromNs && t - w < span.toNs; };
        EXPECT_FALSE(overlaps(r.points.front().tNs - s)) << what << ": a sample before the first";
        EXPECT_FALSE(overlaps(r.points.back().tNs + s)) << what << ": a sample after the last";
        for (size_t i = 0; i < r.points.size(); ++i) {
            EXPECT_EQ(r.points[i].tNs % s, 0) << what << ": sample " << i << " is no multiple of the step";
            EXPECT_TRUE(overlaps(r.points[i].tNs)) << what << ": sample " << i;
            if (i > 0) {
                EXPECT_EQ(r.points[i].tNs - r.points[i - 1].tNs, s) << what << ": samples " << i - 1 << " and " << i;
            }
        }
        std::vector<size_t> checked;
        if (samples == 0 || samples >= r.points.size()) {
            for (size_t i = 0; i < r.points.size(); ++i) {
                checked.push_back(i);
            }
        } else {
            std::mt19937_64 random(r.points.size());
            for (size_t k = 0; k < samples; ++k) {
                checked.push_back(k * r.points.size() / samples);
                checked.push_back(random() % r.points.size());
            }
        }
        size_t defined = 0;
        for (size_t i : checked) {
            const RollingPoint& p = r.points[i];
            const int64_t from = std::max(p.tNs - w, request.scope.fromNs.value_or(p.tNs - w));
            const int64_t to = std::min(p.tNs, request.scope.toNs.value_or(p.tNs));
            const WindowSums want = referenceWindow(jobs, from, to, request.scope.countQueue);
            const std::string at = what + ": window ending " + core::formatRfc3339(p.tNs);
            EXPECT_TRUE(p.productiveNs == want.productiveNs) << at;
            EXPECT_TRUE(p.productiveGpuNs == want.productiveGpuNs) << at;
            EXPECT_TRUE(p.e2eNs == want.e2eNs) << at;
            EXPECT_TRUE(p.e2eGpuNs == want.e2eGpuNs) << at;
            EXPECT_EQ(p.ettPercentGpu, core::percentOf(want.productiveGpuNs, want.e2eGpuNs)) << at;
            EXPECT_EQ(p.ettPercentTime, core::percentOf(want.productiveNs, want.e2eNs)) << at;
            defined += p.e2eNs > 0 ? 1 : 0;
        }
        EXPECT_GT(defined, checked.size() / 2) << what << ": most windows should hold something";
    }
};

const RollingPoint* pointAt(const RollingSeries& r, int64_t tNs)
{
    const auto it = std::find_if(r.points.begin(), r.points.end(), [&](const RollingPoint& p) { return p.tNs == tNs; });
    return it == r.points.end() ? nullptr : &*it;
}

// A point's sums against whole seconds of productive and E2E time of the worked example's 8 GPUs.
void expectSeconds(const RollingPoint* p, int64_t productiveS, int64_t e2eS, const std::string& what)
{
    ASSERT_NE(p, nullptr) << what << ": no such sample";
    EXPECT_TRUE(p->productiveNs == Wide { productiveS } * kS) << what;
    EXPECT_TRUE(p->e2eNs == Wide { e2eS } * kS) << what;
    EXPECT_TRUE(p->productiveGpuNs == Wide { 8 * productiveS } * kS) << what;
    EXPECT_TRUE(p->e2eGpuNs == Wide { 8 * e2eS } * kS) << what;
    ASSERT_TRUE(p->ettPercentGpu && p->ettPercentTime) << what;
    EXPECT_DOUBLE_EQ(*p->ettPercentGpu, 100.0 * static_cast<double>(productiveS) / static_cast<double>(e2eS)) << what;
    EXPECT_DOUBLE_EQ(*p->ettPercentTime, *p->ettPercentGpu) << what;
}

TEST_F(RollingTest, WorkedExampleHasTheSpecsWindows)
{
    import(kWorkedExample, "default");
    // Every half hour: the spec's three windows (spec 7.2), and the last one (945 s of shutdown).
    const RollingSeries half = rolling({ {}, std::nullopt, kHour, 30 * kMin });
    EXPECT_EQ(half.gridNs, 30 * kMin);
    expectSeconds(pointAt(half, 37800 * kS), 2130, 3600, "t = 37800 s");
    EXPECT_NEAR(*pointAt(half, 37800 * kS)->ettPercentGpu, 59.1667, 5e-5);
    expectSeconds(pointAt(half, 39600 * kS), 1185, 3600, "t = 39600 s");
    EXPECT_NEAR(*pointAt(half, 39600 * kS)->ettPercentGpu, 32.9167, 5e-5);
    expectSeconds(pointAt(half, 3600 * kS), 2100, 3600, "t = 3600 s");
    EXPECT_NEAR(*pointAt(half, 3600 * kS)->ettPercentGpu, 58.3333, 5e-5);
    expectSeconds(pointAt(half, 1800 * kS), 300, 1800, "t = 1800 s (the window starts before the job)");
    expectSeconds(pointAt(half, 61200 * kS), 0, 945, "t = 61200 s (the window ends after the job)");
    EXPECT_EQ(half.points.front().tNs, 1800 * kS);
    EXPECT_EQ(half.points.back().tNs, 61200 * kS);
    EXPECT_EQ(half.points.size(), 34u);
    ASSERT_TRUE(half.span.has_value());
    EXPECT_EQ(*half.span, (core::TimeSpan { 0, 58545 * kS }));

    // The step defaults to the window: every hour, 3600 s to 61200 s; 37800 s is no sample then.
    const RollingSeries hourly = rolling({ {}, std::nullopt, kHour, 0 });
    EXPECT_EQ(hourly.stepNs, kHour);
    EXPECT_EQ(hourly.points.size(), 17u);
    expectSeconds(pointAt(hourly, 39600 * kS), 1185, 3600, "hourly t = 39600 s");
    EXPECT_EQ(pointAt(hourly, 37800 * kS), nullptr);

    // A step that does not divide the window: 7 minutes makes a grid of 1 minute; 37800 s = 90 steps.
    const RollingSeries seven = rolling({ {}, std::nullopt, kHour, 7 * kMin });
    EXPECT_EQ(seven.gridNs, kMin);
    expectSeconds(pointAt(seven, 37800 * kS), 2130, 3600, "7-minute step, t = 37800 s");
    expectReferenceWindows(seven, { {}, std::nullopt, kHour, 7 * kMin }, referenceJobs(), "7-minute step");
}

TEST_F(RollingTest, TheOverviewCarriesTheRollingSeriesEveryTwentyFourthOfItsWindow)
{
    import(kWorkedExample, "default");
    auto plain = overview(fleet(), {}, gpu::Calendar::Day);
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_TRUE(plain->rolling.empty());
    auto d = overview(fleet(), {}, gpu::Calendar::Day, 10, 24 * kHour);
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->rollingWindowNs, 24 * kHour);
    RollingRequest r;
    r.windowNs = 24 * kHour;
    r.stepNs = kHour;
    const RollingSeries want = rolling(r);
    ASSERT_EQ(d->rolling.size(), want.points.size());
    ASSERT_FALSE(d->rolling.empty());
    for (size_t i = 0; i < want.points.size(); ++i) {
        EXPECT_EQ(d->rolling[i].tNs, want.points[i].tNs);
        EXPECT_EQ(d->rolling[i].ettPercentGpu, want.points[i].ettPercentGpu);
        EXPECT_EQ(d->rolling[i].ettPercentTime, want.points[i].ettPercentTime);
    }
    // The worked example lasts 58,545 s: the window ending at 17:00 holds all of it (90.187%).
    EXPECT_NEAR(*d->rolling[16].ettPercentGpu, 52800.0 / 58545.0 * 100.0, 1e-9);
}

TEST_F(RollingTest, AWindowWithoutEndToEndTimeHasNoEttPercent)
{
    importText("gap.ett.jsonl",
        "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n"
        "{\"type\":\"job\",\"job\":\"a\",\"gpus\":2}\n"
        "{\"type\":\"attempt\",\"job\":\"a\",\"attempt\":0,\"start\":0,\"end\":1000}\n"
        "{\"type\":\"phase\",\"job\":\"a\",\"attempt\":0,\"phase\":\"train\",\"start\":0,\"end\":1000}\n"
        "{\"type\":\"job\",\"job\":\"b\",\"gpus\":4}\n"
        "{\"type\":\"attempt\",\"job\":\"b\",\"attempt\":0,\"start\":10000,\"end\":11000}\n"
        "{\"type\":\"phase\",\"job\":\"b\",\"attempt\":0,\"phase\":\"init\",\"start\":10000,\"end\":10500}\n"
        "{\"type\":\"phase\",\"job\":\"b\",\"attempt\":0,\"phase\":\"train\",\"start\":10500,\"end\":11000}\n",
        "gap");
    const RollingSeries r = rolling({ {}, std::nullopt, 1000 * kS, 0 });
    ASSERT_EQ(r.points.size(), 11u);
    EXPECT_EQ(r.points[0].ettPercentGpu, 100.0);
    for (size_t i = 1; i < 10; ++i) {
        EXPECT_TRUE(r.points[i].e2eNs == 0) << i;
        EXPECT_FALSE(r.points[i].ettPercentGpu.has_value()) << i;
        EXPECT_FALSE(r.points[i].ettPercentTime.has_value()) << i;
    }
    EXPECT_EQ(r.points[10].ettPercentGpu, 50.0);
    // Job b alone: its window only.
    auto b = jobByKey(fleet(), "b", std::nullopt);
    ASSERT_TRUE(b.ok()) << b.error().message;
    const RollingSeries onlyB = rolling({ {}, b->job, 1000 * kS, 0 });
    ASSERT_EQ(onlyB.points.size(), 1u);
    EXPECT_EQ(onlyB.points[0].tNs, 11000 * kS);
    EXPECT_TRUE(onlyB.points[0].e2eGpuNs == Wide { 4000 } * kS);
}

TEST_F(RollingTest, GeneratedFleetWindowsEqualTheReferenceClippedToEachWindow)
{
    core::GeneratorOptions o;
    o.jobs = 70;
    o.seed = 11;
    o.days = 3;
    importText("fleet.ett.jsonl", core::test::fleetText(o), "gen");
    const auto jobs = referenceJobs();
    const FleetVocabulary v = fleet().vocabulary();

    struct Case
    {
        std::string name;
        RollingRequest request;
        size_t samples = 0; // 0: every window
    };
    core::CohortSpec range;
    range.fromNs = v.firstNs + kDay + 12'345;
    range.toNs = v.firstNs + 2 * kDay + 777 * kS;
    range.countQueue = true;
    core::CohortSpec queue;
    queue.countQueue = true;
    const std::vector<Case> cases = {
        { "1 h every 1 h", { {}, std::nullopt, kHour, 0 } },
        { "1 h every 25 min", { {}, std::nullopt, kHour, 25 * kMin } },
        { "90 min every 1 h", { {}, std::nullopt, 90 * kMin, kHour } },
        { "30 min every 2 h (gaps between windows)", { {}, std::nullopt, 30 * kMin, 2 * kHour } },
        { "6 h every 1 h with queue", { queue, std::nullopt, 6 * kHour, kHour } },
        { "5 h every 7 min over a range cut mid-bucket, with queue", { range, std::nullopt, 5 * kHour, 7 * kMin } },
        // A grid of seconds over days: several chunks of the grid, windows across their seams.
        { "1 h every 1 s", { {}, std::nullopt, kHour, kS }, 150 },
    };
    for (const Case& c : cases) {
        const RollingSeries r = rolling(c.request);
        expectReferenceWindows(r, c.request, jobs, c.name, c.samples);
    }
}

TEST_F(RollingTest, OneJobAndOneLabelAreTheirOwnWindows)
{
    core::GeneratorOptions o;
    o.jobs = 40;
    o.seed = 5;
    o.days = 2;
    const std::string text = core::test::fleetText(o);
    importText("a.ett.jsonl", text, "a");
    importText("b.ett.jsonl", text, "b");
    // The job with the most attempts, under label b.
    const auto jobsB = referenceJobs("b");
    ASSERT_FALSE(jobsB.empty());
    const auto most
        = std::max_element(jobsB.begin(), jobsB.end(), [](const core::FleetJob& x, const core::FleetJob& y) {
              return x.result.attempts.size() < y.result.attempts.size();
          });
    ASSERT_GT(most->result.attempts.size(), 1u);
    auto ambiguous = jobByKey(fleet(), most->key, std::nullopt);
    ASSERT_FALSE(ambiguous.ok());
    EXPECT_NE(ambiguous.error().message.find("several labels"), std::string::npos) << ambiguous.error().message;
    auto found = jobByKey(fleet(), most->key, std::string("b"));
    ASSERT_TRUE(found.ok()) << found.error().message;
    const RollingRequest one { {}, found->job, 2 * kHour, 20 * kMin };
    expectReferenceWindows(rolling(one), one, { *most }, "job " + most->key);

    core::CohortSpec labelA;
    labelA.labels = { "a" };
    const RollingRequest byLabel { labelA, std::nullopt, 3 * kHour, kHour };
    expectReferenceWindows(rolling(byLabel), byLabel, referenceJobs("a"), "label a");
}

TEST_F(RollingTest, AJobsTimelineGivesTheSameSeriesAsTheSourceAndItsWorstHour)
{
    import(kWorkedExample, "default");
    auto found = jobByKey(fleet(), "J1", std::nullopt);
    ASSERT_TRUE(found.ok()) << found.error().message;
    auto timeline = fleet().jobTimeline(found->job);
    ASSERT_TRUE(timeline.ok()) << timeline.error().message;
    for (const auto& [w, s] : { std::pair { kHour, 30 * kMin }, std::pair { kHour, 7 * kMin },
             std::pair { kHour, kHour }, std::pair { 2 * kHour, 5 * kMin } }) {
        const RollingSeries fromSource = rolling({ {}, found->job, w, s });
        auto fromTimeline = jobRollingSeries(*timeline, w, s);
        ASSERT_TRUE(fromTimeline.ok()) << fromTimeline.error().message;
        ASSERT_EQ(fromTimeline->points.size(), fromSource.points.size());
        EXPECT_EQ(fromTimeline->span, fromSource.span);
        EXPECT_EQ(fromTimeline->gridNs, fromSource.gridNs);
        for (size_t i = 0; i < fromSource.points.size(); ++i) {
            const RollingPoint& a = fromTimeline->points[i];
            const RollingPoint& b = fromSource.points[i];
            EXPECT_EQ(a.tNs, b.tNs);
            EXPECT_TRUE(a.productiveGpuNs == b.productiveGpuNs && a.e2eGpuNs == b.e2eGpuNs
                && a.productiveNs == b.productiveNs && a.e2eNs == b.e2eNs)
                << "window ending " << core::formatRfc3339(b.tNs);
        }
    }
    // Its worst hour on a 5-minute step, among the windows inside the job's [0, 58545 s): nothing is
    // productive from 36330 s (the last save, then lost progress, recovery, init and compile) to
    // 38745 s, 2415 s; the windows holding all of it end at 39000, 39300, 39600 and 39900 s, each
    // with 3600 - 2415 = 1185 s productive (32.9167%); the earliest is the worst. The first hour holds
    // 2100 s and the last full one (to 58500 s) 1845 s.
    auto series = jobRollingSeries(*timeline, kHour, 5 * kMin);
    ASSERT_TRUE(series.ok());
    const auto worst = worstWindow(*series);
    ASSERT_TRUE(worst.has_value());
    expectSeconds(&*worst, 1185, 3600, "the worst hour");
    EXPECT_EQ(worst->tNs, 39000 * kS);
    // A job shorter than the window: the windows holding all of it.
    RollingSeries shortJob;
    shortJob.windowNs = 2 * kDay;
    shortJob.span = core::TimeSpan { 0, kDay };
    shortJob.points
        = { RollingPoint { kDay, 1, 1, 10, 10, 10.0, 10.0 }, RollingPoint { 2 * kDay, 0, 0, 10, 10, 0.0, 0.0 } };
    ASSERT_TRUE(worstWindow(shortJob).has_value());
    EXPECT_EQ(worstWindow(shortJob)->tNs, 2 * kDay);
    // A bad window is an error naming the job.
    auto bad = jobRollingSeries(*timeline, 0, kHour);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("positive"), std::string::npos) << bad.error().message;
}

TEST_F(RollingTest, TheGridIsBoundedAndErrorsNameWhatIsWrong)
{
    // One job of 999,000 ns of training: a window of 1000 ns every 999 ns needs a grid of 1 ns from
    // -1 ns to 999,999 ns: exactly kMaxRollingBuckets buckets, and one more with a window of 1001 ns.
    importText("short.ett.jsonl",
        "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"ns\"}\n"
        "{\"type\":\"attempt\",\"job\":\"s\",\"attempt\":0,\"start\":0,\"end\":999000}\n"
        "{\"type\":\"phase\",\"job\":\"s\",\"attempt\":0,\"phase\":\"train\",\"start\":0,\"end\":999000}\n"
        "{\"type\":\"checkpoint\",\"job\":\"s\",\"attempt\":0,\"step\":1,\"start\":10}\n",
        "short");
    static_assert(kMaxRollingBuckets == 1'000'000);
    const RollingSeries atLimit = rolling({ {}, std::nullopt, 1000, 999 });
    EXPECT_EQ(atLimit.gridNs, 1);
    ASSERT_EQ(atLimit.points.size(), 1001u);
    for (const RollingPoint& p : atLimit.points) {
        const int64_t inside = std::min<int64_t>(p.tNs, 999'000) - std::max<int64_t>(p.tNs - 1000, 0);
        EXPECT_TRUE(p.e2eNs == inside && p.productiveNs == inside) << p.tNs;
    }
    auto over = rollingSeries(fleet(), { {}, std::nullopt, 1001, 999 });
    ASSERT_FALSE(over.ok());
    for (const std::string needle : { "window of 0.000001001 s", "stepped by 0.000000999 s", "1970-01-01T00:00:00Z",
             "1970-01-01T00:00:00.000999Z", "1,000,001 buckets of 0.000000001 s", "1,000,000" }) {
        EXPECT_NE(over.error().message.find(needle), std::string::npos) << needle << " in: " << over.error().message;
    }

    // A window so long that its grid would leave the 64-bit nanoseconds.
    auto huge = rollingSeries(fleet(), { {}, std::nullopt, 5'000'000'000'000'000'000, 0 });
    ASSERT_FALSE(huge.ok());
    EXPECT_NE(huge.error().message.find("64-bit nanoseconds"), std::string::npos) << huge.error().message;

    // Durations that are not positive, an unknown label, a job the source does not number.
    auto zero = rollingSeries(fleet(), { {}, std::nullopt, 0, 0 });
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.error().message.find("positive"), std::string::npos) << zero.error().message;
    EXPECT_FALSE(rollingSeries(fleet(), { {}, std::nullopt, kHour, -kS }).ok());
    core::CohortSpec nope;
    nope.labels = { "nope" };
    auto label = rollingSeries(fleet(), { nope, std::nullopt, kHour, 0 });
    ASSERT_FALSE(label.ok());
    EXPECT_NE(label.error().message.find("nope"), std::string::npos) << label.error().message;
    auto job = rollingSeries(fleet(), { {}, JobIndex { 99 }, kHour, 0 });
    ASSERT_FALSE(job.ok());
    EXPECT_NE(job.error().message.find("#99"), std::string::npos) << job.error().message;
}

TEST_F(RollingTest, AnEmptyScopeOrRangeHasNoSamples)
{
    import(kWorkedExample, "default");
    core::CohortSpec after;
    after.fromNs = 100'000 * kS;
    const RollingSeries none = rolling({ after, std::nullopt, kHour, 0 });
    EXPECT_FALSE(none.span.has_value());
    EXPECT_TRUE(none.points.empty());
    core::CohortSpec empty;
    empty.fromNs = 5000 * kS;
    empty.toNs = 5000 * kS;
    EXPECT_TRUE(rolling({ empty, std::nullopt, kHour, 0 }).points.empty());
    // A closed range past the data: samples over the range, none with E2E.
    core::CohortSpec later;
    later.fromNs = 100'000 * kS;
    later.toNs = 100'000 * kS + 2 * kHour;
    const RollingSeries idle = rolling({ later, std::nullopt, kHour, 0 });
    EXPECT_EQ(idle.points.size(), 3u);
    for (const RollingPoint& p : idle.points) {
        EXPECT_FALSE(p.ettPercentGpu.has_value()) << p.tNs;
    }
}

} // namespace
} // namespace ett::app
