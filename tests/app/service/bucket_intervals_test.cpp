// From a bucket to its intervals through the service: the worked example's intervals to the second
// (segments, the recovery gap after an attempt, a range that clips them, a job's attempt alone), the
// collector's order and bound, and on a generated fleet, for every bucket and several scopes, the
// intervals' durations adding up to the roll-up's time in that bucket to the nanosecond.
#include "app/service/bucket_intervals.h"
#include "app/service/job_detail.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "tests/app/service/workspace_fixture.h"
#include "tests/core/model/generator_fixtures.h"

namespace ett::app {
namespace {

using core::Bucket;
using core::Wide;

constexpr int64_t kS = 1'000'000'000;

class BucketIntervalsTest : public testing::WorkspaceTest
{
protected:
    BucketIntervalsTest()
        : WorkspaceTest("intervals-test")
    {
    }

    BucketIntervals list(const IntervalRequest& request)
    {
        auto r = fleet().bucketIntervals(request);
        EXPECT_TRUE(r.ok()) << r.error().message;
        return r.ok() ? *r : BucketIntervals {};
    }
};

TEST_F(BucketIntervalsTest, WorkedExampleIntervalsToTheSecond)
{
    import(ETT_SAMPLES_DIR "/worked-example.ett.jsonl", "default");
    // Productive: [1500, 11985), [12000, 23985), [24000, 36330) and [38745, 56745), 52800 s in all,
    // most GPU time first (8 GPUs each).
    IntervalRequest r;
    r.bucket = Bucket::Productive;
    const BucketIntervals productive = list(r);
    EXPECT_EQ(productive.count, 4);
    EXPECT_TRUE(productive.totalNs == Wide { 52800 } * kS);
    EXPECT_TRUE(productive.totalGpuNs == Wide { 8 * 52800 } * kS);
    ASSERT_EQ(productive.rows.size(), 4u);
    EXPECT_EQ(productive.rows[0].startNs, 38745 * kS);
    EXPECT_EQ(productive.rows[0].endNs, 56745 * kS);
    EXPECT_EQ(productive.rows[0].attempt, 1);
    EXPECT_EQ(productive.rows[0].key, "J1");
    EXPECT_EQ(productive.rows[0].gpus, 8);
    EXPECT_EQ(productive.rows[3].startNs, 1500 * kS); // 10485 s, the shortest
    EXPECT_FALSE(productive.truncated());

    // Lost progress: train in [36345, 37545) of attempt 0. Recovery: the gap [37545, 37845) after it.
    r.bucket = Bucket::LostProgress;
    const BucketIntervals lost = list(r);
    ASSERT_EQ(lost.rows.size(), 1u);
    EXPECT_EQ(lost.rows[0].startNs, 36345 * kS);
    EXPECT_EQ(lost.rows[0].endNs, 37545 * kS);
    EXPECT_EQ(lost.rows[0].attempt, 0);
    EXPECT_FALSE(lost.rows[0].gap);
    r.bucket = Bucket::Recovery;
    const BucketIntervals recovery = list(r);
    ASSERT_EQ(recovery.rows.size(), 1u);
    EXPECT_EQ(recovery.rows[0].startNs, 37545 * kS);
    EXPECT_EQ(recovery.rows[0].endNs, 37845 * kS);
    EXPECT_EQ(recovery.rows[0].attempt, 0);
    EXPECT_TRUE(recovery.rows[0].gap);

    // In start order, the first two; the count says there are more.
    r.bucket = Bucket::Productive;
    r.sort = IntervalSort::Start;
    r.limit = 2;
    const BucketIntervals firstTwo = list(r);
    EXPECT_EQ(firstTwo.count, 4);
    EXPECT_TRUE(firstTwo.truncated());
    ASSERT_EQ(firstTwo.rows.size(), 2u);
    EXPECT_EQ(firstTwo.rows[0].startNs, 1500 * kS);
    EXPECT_EQ(firstTwo.rows[1].startNs, 12000 * kS);

    // A range clips them as the roll-up does: [30000, 40000) holds [30000, 36330) and [38745, 40000).
    r.limit = 0;
    r.scope.fromNs = 30000 * kS;
    r.scope.toNs = 40000 * kS;
    const BucketIntervals clipped = list(r);
    ASSERT_EQ(clipped.rows.size(), 2u);
    EXPECT_EQ(clipped.rows[0].startNs, 30000 * kS);
    EXPECT_EQ(clipped.rows[1].endNs, 40000 * kS);
    EXPECT_TRUE(clipped.totalNs == Wide { 6330 + 1255 } * kS);

    // One attempt of the job: attempt 1's init only.
    auto job = jobByKey(fleet(), "J1", std::nullopt);
    ASSERT_TRUE(job.ok()) << job.error().message;
    IntervalRequest one;
    one.job = job->job;
    one.attempt = 1;
    one.bucket = Bucket::Init;
    const BucketIntervals init = list(one);
    ASSERT_EQ(init.rows.size(), 1u);
    EXPECT_EQ(init.rows[0].startNs, 37845 * kS);
    EXPECT_EQ(init.rows[0].endNs, 38445 * kS);
    // An attempt the job lacks is an error naming it.
    one.attempt = 7;
    auto missing = fleet().bucketIntervals(one);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("no attempt 7"), std::string::npos) << missing.error().message;
}

TEST_F(BucketIntervalsTest, GeneratedFleetIntervalsAddUpToTheRollupInEveryBucket)
{
    core::GeneratorOptions o;
    o.jobs = 60;
    o.seed = 11;
    o.days = 3;
    importText("fleet.ett.jsonl", core::test::fleetText(o), "gen");
    auto vocabulary = fleet().vocabulary();
    // The vocabulary's median attempt start (where the Compare page splits one label): the lower
    // (n / 2)-th of the generated attempts' n starts in order.
    std::vector<int64_t> starts;
    for (const core::GeneratedJob& job : core::test::generateFleet(o)) {
        for (const core::AttemptRecord& a : job.attempts) {
            starts.push_back(a.startNs);
        }
    }
    ASSERT_GT(starts.size(), 60u);
    std::sort(starts.begin(), starts.end());
    EXPECT_EQ(vocabulary.medianStartNs, starts[starts.size() / 2]);
    std::vector<core::CohortSpec> scopes(3);
    scopes[1].fromNs = vocabulary.firstNs + (vocabulary.lastNs - vocabulary.firstNs) / 3;
    scopes[1].toNs = vocabulary.firstNs + 2 * (vocabulary.lastNs - vocabulary.firstNs) / 3;
    scopes[2].countQueue = true;
    scopes[2].minGpus = 16;
    for (size_t k = 0; k < scopes.size(); ++k) {
        auto rollup = fleet().rollup(scopes[k], "");
        ASSERT_TRUE(rollup.ok()) << rollup.error().message;
        for (int b = 0; b < core::kBucketCount; ++b) {
            IntervalRequest r;
            r.scope = scopes[k];
            r.bucket = static_cast<Bucket>(b);
            r.limit = 5;
            const BucketIntervals got = list(r);
            const std::string what
                = "scope " + std::to_string(k) + ", bucket " + std::string(core::bucketName(r.bucket));
            EXPECT_TRUE(got.totalNs == rollup->total.bucketsNs[static_cast<size_t>(b)]) << what;
            EXPECT_TRUE(got.totalGpuNs == rollup->total.bucketsGpuNs[static_cast<size_t>(b)]) << what;
            EXPECT_LE(got.rows.size(), 5u) << what;
            for (size_t i = 1; i < got.rows.size(); ++i) {
                EXPECT_GE(got.rows[i - 1].gpuNs(), got.rows[i].gpuNs()) << what;
            }
        }
    }
}

TEST(IntervalSort, NamesRoundTripAndUnknownOnesListTheValid)
{
    for (const IntervalSort s : { IntervalSort::GpuTime, IntervalSort::Duration, IntervalSort::Start }) {
        auto parsed = parseIntervalSort(intervalSortName(s));
        ASSERT_TRUE(parsed.ok());
        EXPECT_EQ(*parsed, s);
    }
    auto bad = parseIntervalSort("longest");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("gpu_hours, duration, start"), std::string::npos);
}

} // namespace
} // namespace ett::app
