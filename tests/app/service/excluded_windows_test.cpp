// Excluded windows (spec 7.4) through the service on the engine: the spec's worked example to the
// second (roll-up, series, job detail, intervals), and the same windows on a generated fleet equal
// to the reference accounting.
#include "app/service/bucket_intervals.h"
#include "app/service/job_detail.h"
#include "app/service/local_fleet_source.h"
#include "app/service/overview.h"
#include "core/model/timeutil.h"
#include "core/store/fleet.h"

#include <gtest/gtest.h>

#include "tests/app/service/workspace_fixture.h"
#include "tests/core/model/generator_fixtures.h"

namespace ett::app {
namespace {

const std::string kWorkedExample = ETT_SAMPLES_DIR "/worked-example.ett.jsonl";
constexpr int64_t kS = core::kNsPerSecond;

// A bucket's value of a per-bucket array (std::array or SparseBucketWides).
int64_t at(const auto& a, core::Bucket b)
{
    return static_cast<int64_t>(a[static_cast<size_t>(b)]);
}

class ExcludedWindowsTest : public testing::WorkspaceTest
{
protected:
    ExcludedWindowsTest()
        : WorkspaceTest("excluded-test")
    {
    }
};

TEST_F(ExcludedWindowsTest, TheWorkedExampleOfSpec74OnTheEngine)
{
    import(kWorkedExample, "default");
    core::CohortSpec scope;
    scope.excluded = core::normalizeExcluded({ { 36000 * kS, 39600 * kS } });
    auto s = summarize(fleet(), scope, std::nullopt);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const core::Figures& f = s->fleet;
    using core::Bucket;
    EXPECT_EQ(f.e2eNs, core::Wide { 54945 * kS });
    EXPECT_EQ(at(f.bucketsNs, Bucket::Productive), 51615 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::LostProgress), 0);
    EXPECT_EQ(at(f.bucketsNs, Bucket::CheckpointSave), 30 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Recovery), 0);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Init), 600 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Compile), 900 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Shutdown), 1800 * kS);
    EXPECT_EQ(f.excludedTotalNs(), core::Wide { 3600 * kS });
    EXPECT_EQ(at(f.excludedNs, Bucket::Productive), 1185 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::CheckpointSave), 15 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::LostProgress), 1200 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Recovery), 300 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Init), 600 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Compile), 300 * kS);
    EXPECT_EQ(f.failures, 1);
    EXPECT_EQ(f.ttrNs, std::vector<int64_t> { 1200 * kS });
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", *f.ettPercentGpu());
    EXPECT_EQ(std::string(buf), "93.9394");

    // A day's series holds the same (one bucket), and the job detail (reference accounting) too.
    auto series = fleet().series(scope, gpu::Calendar::Day);
    ASSERT_TRUE(series.ok()) << series.error().message;
    ASSERT_EQ(series->buckets.size(), 1u);
    EXPECT_EQ(series->buckets[0].e2eNs, f.e2eNs);
    EXPECT_EQ(series->buckets[0].excludedNs, f.excludedNs);
    auto detail = jobDetail(*m_ws, "J1", std::nullopt, scope.excluded);
    ASSERT_TRUE(detail.ok()) << detail.error().message;
    EXPECT_EQ(detail->figures.e2eNs, f.e2eNs);
    EXPECT_EQ(detail->figures.excludedGpuNs, f.excludedGpuNs);

    // The intervals of a bucket leave the excluded parts out: their total is the roll-up's.
    IntervalRequest r;
    r.scope = scope;
    r.bucket = Bucket::Productive;
    r.limit = 0;
    auto intervals = fleet().bucketIntervals(r);
    ASSERT_TRUE(intervals.ok()) << intervals.error().message;
    EXPECT_EQ(intervals->totalNs, core::Wide { 51615 * kS });
    r.bucket = Bucket::Recovery;
    intervals = fleet().bucketIntervals(r);
    ASSERT_TRUE(intervals.ok());
    EXPECT_EQ(intervals->count, 0);
}

TEST_F(ExcludedWindowsTest, WindowsWhollyExcludedCountTheJobWithEndToEndZero)
{
    import(kWorkedExample, "default");
    core::CohortSpec scope;
    scope.excluded = core::normalizeExcluded({ { 40000 * kS, 70000 * kS }, { -5 * kS, 40001 * kS } });
    auto s = summarize(fleet(), scope, std::nullopt);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->fleet.jobs, 1);
    EXPECT_EQ(s->fleet.e2eNs, 0);
    EXPECT_EQ(s->fleet.excludedTotalNs(), core::Wide { 58545 * kS });
    EXPECT_FALSE(s->fleet.ettPercentGpu().has_value());
    EXPECT_EQ(s->fleet.failures, 1);
}

TEST_F(ExcludedWindowsTest, AGeneratedFleetEqualsTheReferenceWithARangeAndWithout)
{
    core::GeneratorOptions o;
    o.jobs = 60;
    o.seed = 5;
    importText("fleet.jsonl", core::test::fleetText(o), "default");
    const FleetVocabulary v = fleet().vocabulary();
    const int64_t day = 86'400'000'000'000;
    core::CohortSpec scope;
    scope.excluded = core::normalizeExcluded(
        { { v.firstNs + day, v.firstNs + 2 * day + 17 }, { v.firstNs + day / 2, v.firstNs + day } });
    auto jobs = core::loadFleet(m_ws->store(), core::FleetQuery { std::nullopt, std::nullopt, true });
    ASSERT_TRUE(jobs.ok()) << jobs.error().message;
    for (int ranged = 0; ranged < 2; ++ranged) {
        core::RollupOptions ro;
        ro.excluded = scope.excluded;
        if (ranged) {
            scope.fromNs = ro.fromNs = v.firstNs + day + day / 4;
            scope.toNs = ro.toNs = v.firstNs + 5 * day;
        }
        core::Figures want;
        for (const auto& j : *jobs) {
            core::addJob(want, j.result, j.gpus, ro);
        }
        auto s = summarize(fleet(), scope, std::nullopt);
        ASSERT_TRUE(s.ok()) << s.error().message;
        EXPECT_GT(want.excludedTotalNs(), 0);
        EXPECT_EQ(s->fleet.e2eNs, want.e2eNs);
        EXPECT_EQ(s->fleet.e2eGpuNs, want.e2eGpuNs);
        EXPECT_EQ(s->fleet.bucketsGpuNs, want.bucketsGpuNs);
        EXPECT_EQ(s->fleet.excludedNs, want.excludedNs);
        EXPECT_EQ(s->fleet.excludedGpuNs, want.excludedGpuNs);
        EXPECT_EQ(s->fleet.jobs, want.jobs);
        EXPECT_EQ(s->fleet.failures, want.failures);
    }
}

} // namespace
} // namespace ett::app
