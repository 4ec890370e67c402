// The worked example of spec ett-trace-v1 section 6, built in code: every figure of its table must
// hold exactly, through attributeJob() and through the roll-up (addJob / Figures).
#include "core/model/accounting.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace ett::core {
namespace {

constexpr int64_t kS = kNsPerSecond;

int64_t bucketOf(const BucketArray& buckets, Bucket b)
{
    return buckets[static_cast<size_t>(b)];
}

PhaseSpan phase(Category c, int64_t startS, int64_t endS)
{
    return { startS * kS, endS * kS, c, -1 };
}

// Spec 6: one job J1 with 8 GPUs, no ranks, two attempts.
JobInput workedExample()
{
    JobInput job;
    job.gpus = 8;

    AttemptInput a0;
    a0.number = 0;
    a0.startNs = 0;
    a0.endNs = 37545 * kS;
    a0.gpus = 8;
    a0.outcome = Outcome::Failed;
    a0.interruptedAtNs = 37545 * kS;
    a0.interruption = classifyInterruption(Outcome::Failed, "infra.gpu");
    a0.phases = {
        phase(Category::Init, 0, 600),
        phase(Category::Compile, 600, 1500),
        phase(Category::Train, 1500, 37545),
        phase(Category::CheckpointSave, 11985, 12000),
        phase(Category::CheckpointSave, 23985, 24000),
        phase(Category::CheckpointSave, 36330, 36345),
    };

    AttemptInput a1;
    a1.number = 1;
    a1.startNs = 37845 * kS;
    a1.endNs = 58545 * kS;
    a1.gpus = 8;
    a1.outcome = Outcome::Completed;
    a1.interruption = classifyInterruption(Outcome::Completed, "");
    a1.phases = {
        phase(Category::Init, 37845, 38445),
        phase(Category::Compile, 38445, 38745),
        phase(Category::Train, 38745, 56745),
        phase(Category::Shutdown, 56745, 58545),
    };

    job.attempts = { a0, a1 };
    job.checkpoints = {
        { 11985 * kS, 12000 * kS, false },
        { 23985 * kS, 24000 * kS, false },
        { 36330 * kS, 36345 * kS, false },
    };
    return job;
}

std::string threeDecimals(double percent)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", percent);
    return buf;
}

TEST(WorkedExample, AttemptZeroIsAFailureByItsInfraCause)
{
    EXPECT_EQ(classifyInterruption(Outcome::Failed, "infra.gpu"), Interruption::Failure);
}

TEST(WorkedExample, EndToEndIs58545Seconds)
{
    const JobResult r = attributeJob(workedExample());
    ASSERT_TRUE(r.hasWindow());
    EXPECT_EQ(r.windowStartNs, 0);
    EXPECT_EQ(r.windowEndNs, 58545 * kS);
    EXPECT_EQ(r.e2eNs(), 58545 * kS);
}

TEST(WorkedExample, EveryBucketHoldsTheTableFigure)
{
    const JobResult r = attributeJob(workedExample());
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 52800 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 1200 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::CheckpointSave), 45 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 1200 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Compile), 1200 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 300 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Shutdown), 1800 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 0);
    // Buckets the example never touches.
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Queue), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Setup), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::CheckpointLoad), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Stall), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Eval), 0);
}

TEST(WorkedExample, BucketsSumToEndToEnd)
{
    const JobResult r = attributeJob(workedExample());
    int64_t sum = 0;
    for (int64_t v : r.bucketsNs) {
        sum += v;
    }
    EXPECT_EQ(sum, 58545 * kS);
    EXPECT_EQ(sum, r.e2eNs());
}

TEST(WorkedExample, PerAttemptBucketsMatchTheBreakdown)
{
    const JobResult r = attributeJob(workedExample());
    ASSERT_EQ(r.attempts.size(), 2u);
    const AttemptResult& a0 = r.attempts[0];
    // 36000 s trained (train minus the three 15 s saves), of which the last 1200 s are lost.
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::Productive), 34800 * kS);
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::LostProgress), 1200 * kS);
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::CheckpointSave), 45 * kS);
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::Init), 600 * kS);
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::Compile), 900 * kS);
    EXPECT_EQ(bucketOf(a0.bucketsNs, Bucket::Recovery), 0); // f == end: no detection time
    EXPECT_EQ(a0.gapAfterNs, 300 * kS);
    ASSERT_TRUE(a0.faultNs.has_value());
    EXPECT_EQ(*a0.faultNs, 37545 * kS);

    const AttemptResult& a1 = r.attempts[1];
    EXPECT_EQ(bucketOf(a1.bucketsNs, Bucket::Productive), 18000 * kS);
    EXPECT_EQ(bucketOf(a1.bucketsNs, Bucket::Init), 600 * kS);
    EXPECT_EQ(bucketOf(a1.bucketsNs, Bucket::Compile), 300 * kS);
    EXPECT_EQ(bucketOf(a1.bucketsNs, Bucket::Shutdown), 1800 * kS);
    EXPECT_EQ(bucketOf(a1.bucketsNs, Bucket::LostProgress), 0);
    EXPECT_EQ(a1.gapAfterNs, 0);
    EXPECT_FALSE(a1.faultNs.has_value());
}

TEST(WorkedExample, LostProgressStartsAtTheLastDurableCheckpoint)
{
    const JobInput job = workedExample();
    const auto from = lostProgressStart(job.checkpoints, 0, 37545 * kS);
    ASSERT_TRUE(from.has_value());
    EXPECT_EQ(*from, 36330 * kS);

    // The lost run is [36345, 37545): the save [36330, 36345) outranks train.
    const JobResult r = attributeJob(job);
    bool found = false;
    for (const Segment& s : r.attempts[0].segments) {
        if (s.bucket == Bucket::LostProgress) {
            EXPECT_FALSE(found) << "one lost run expected";
            found = true;
            EXPECT_EQ(s.startNs, 36345 * kS);
            EXPECT_EQ(s.endNs, 37545 * kS);
        }
    }
    EXPECT_TRUE(found);
}

TEST(WorkedExample, TimeToStartIs1500Seconds)
{
    const JobResult r = attributeJob(workedExample());
    EXPECT_EQ(r.ttsNs, 1500 * kS);
    EXPECT_EQ(r.attempts[0].ttsNs, 1500 * kS);
    EXPECT_EQ(r.attempts[1].ttsNs, 900 * kS);
}

TEST(WorkedExample, TimeToRecoverIs1200Seconds)
{
    const JobResult r = attributeJob(workedExample());
    ASSERT_TRUE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[0].ttrNs, 1200 * kS); // 37545 -> 38745
    EXPECT_FALSE(r.attempts[1].ttrNs.has_value());
}

TEST(WorkedExample, TimeToRecoverSplitsIntoDetectRestartAndStartUp)
{
    // Spec 7.1: detect 0 s (the fault is the end), restart 300 s (37545 -> 37845), start-up 900 s
    // (37845 -> 38745).
    const JobResult r = attributeJob(workedExample());
    const auto split = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(split->detectNs, 0);
    EXPECT_EQ(split->restartNs, 300 * kS);
    EXPECT_EQ(split->startupNs, 900 * kS);
    EXPECT_EQ(split->detectNs + split->restartNs + split->startupNs, *r.attempts[0].ttrNs);
    EXPECT_FALSE(ttrSplitOf(r.attempts, 1).has_value());
    Figures f;
    addJob(f, r, 8, {});
    EXPECT_EQ(f.ttrDetectNs, std::vector<int64_t> { 0 });
    EXPECT_EQ(f.ttrRestartNs, std::vector<int64_t> { 300 * kS });
    EXPECT_EQ(f.ttrStartupNs, std::vector<int64_t> { 900 * kS });
}

TEST(WorkedExample, OneFailureAndNoPreemption)
{
    const JobResult r = attributeJob(workedExample());
    EXPECT_EQ(r.failures, 1);
    EXPECT_EQ(r.preemptions, 0);
    EXPECT_EQ(r.otherInterruptions, 0);
    EXPECT_FALSE(r.noCheckpointData);
}

TEST(WorkedExample, EttPercentIs90Point187)
{
    const JobResult r = attributeJob(workedExample());
    const double ett
        = 100.0 * static_cast<double>(bucketOf(r.bucketsNs, Bucket::Productive)) / static_cast<double>(r.e2eNs());
    EXPECT_EQ(threeDecimals(ett), "90.187");
}

TEST(WorkedExample, SegmentsCoverBothAttemptsAndTheGap)
{
    const JobResult r = attributeJob(workedExample());
    int64_t cursor = r.windowStartNs;
    BucketArray sums {};
    forEachJobSegment(r, 8, false, [&](int64_t s, int64_t e, Bucket b, int64_t gpus) {
        EXPECT_EQ(s, cursor);
        EXPECT_LT(s, e);
        EXPECT_EQ(gpus, 8);
        sums[static_cast<size_t>(b)] += e - s;
        cursor = e;
    });
    EXPECT_EQ(cursor, r.windowEndNs);
    EXPECT_EQ(sums, r.bucketsNs);
}

TEST(WorkedExample, RollupGivesTheSameFiguresTimeWeighted)
{
    const JobResult r = attributeJob(workedExample());
    Figures f;
    addJob(f, r, 8, RollupOptions {});
    EXPECT_EQ(f.jobs, 1);
    EXPECT_EQ(f.attempts, 2);
    EXPECT_TRUE(f.e2eNs == static_cast<Wide>(58545 * kS));
    EXPECT_EQ(formatWideSeconds(f.e2eNs), "58545");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Productive)]), "52800");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::LostProgress)]), "1200");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::CheckpointSave)]), "45");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Init)]), "1200");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Compile)]), "1200");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Recovery)]), "300");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Shutdown)]), "1800");
    EXPECT_EQ(formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Idle)]), "0");
    Wide sum = 0;
    for (Wide v : f.bucketsNs) {
        sum += v;
    }
    EXPECT_TRUE(sum == f.e2eNs);
    EXPECT_EQ(f.failures, 1);
    EXPECT_EQ(f.preemptions, 0);
    EXPECT_EQ(f.otherInterruptions, 0);
    ASSERT_EQ(f.ttsNs.size(), 1u);
    EXPECT_EQ(f.ttsNs[0], 1500 * kS);
    ASSERT_EQ(f.ttrNs.size(), 1u);
    EXPECT_EQ(f.ttrNs[0], 1200 * kS);
    ASSERT_TRUE(f.ettPercentTime().has_value());
    EXPECT_EQ(threeDecimals(*f.ettPercentTime()), "90.187");
    EXPECT_NEAR(*f.ettPercentTime(), 100.0 * 52800.0 / 58545.0, 1e-9);
}

TEST(WorkedExample, GpuWeightedWithEightGpusGivesTheSameEttPercent)
{
    const JobResult r = attributeJob(workedExample());
    Figures f;
    addJob(f, r, 8, RollupOptions {});
    EXPECT_TRUE(f.e2eGpuNs == static_cast<Wide>(58545 * kS) * 8);
    EXPECT_TRUE(f.bucketsGpuNs[static_cast<size_t>(Bucket::Productive)] == static_cast<Wide>(52800 * kS) * 8);
    EXPECT_TRUE(f.bucketsGpuNs[static_cast<size_t>(Bucket::Recovery)] == static_cast<Wide>(300 * kS) * 8);
    EXPECT_EQ(formatWideSeconds(f.lostGpuNs()), std::to_string((58545 - 52800) * 8));
    ASSERT_TRUE(f.ettPercentGpu().has_value());
    ASSERT_TRUE(f.ettPercentTime().has_value());
    EXPECT_EQ(threeDecimals(*f.ettPercentGpu()), "90.187");
    EXPECT_DOUBLE_EQ(*f.ettPercentGpu(), *f.ettPercentTime());
}

TEST(WorkedExample, WholeRangeClippingChangesNothing)
{
    const JobResult r = attributeJob(workedExample());
    Figures whole;
    addJob(whole, r, 8, RollupOptions {});
    RollupOptions range;
    range.fromNs = -1 * kS;
    range.toNs = 100000 * kS;
    Figures clipped;
    addJob(clipped, r, 8, range);
    EXPECT_TRUE(clipped.e2eNs == whole.e2eNs);
    EXPECT_TRUE(clipped.e2eGpuNs == whole.e2eGpuNs);
    EXPECT_TRUE(clipped.bucketsNs == whole.bucketsNs);
    EXPECT_TRUE(clipped.bucketsGpuNs == whole.bucketsGpuNs);
    EXPECT_EQ(clipped.failures, 1);
    EXPECT_EQ(clipped.ttsNs, whole.ttsNs);
    EXPECT_EQ(clipped.ttrNs, whole.ttrNs);
}

TEST(WorkedExample, AttemptOrderInTheInputDoesNotMatter)
{
    JobInput job = workedExample();
    std::swap(job.attempts[0], job.attempts[1]);
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.e2eNs(), 58545 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 52800 * kS);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 1200 * kS);
    EXPECT_EQ(r.ttsNs, 1500 * kS);
    ASSERT_TRUE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[0].ttrNs, 1200 * kS);
}

// Spec 7.4: the worked example with [36000, 39600) excluded.
TEST(WorkedExample, ExcludingAnHourTakesItOutOfEndToEndAndItsBuckets)
{
    const JobResult r = attributeJob(workedExample());
    RollupOptions o;
    o.excluded = normalizeExcluded({ { 36000 * kS, 39600 * kS } });
    Figures f;
    addJob(f, r, 8, o);
    auto bucket = [&](Bucket b) { return static_cast<int64_t>(f.bucketsNs[static_cast<size_t>(b)]); };
    auto excluded = [&](Bucket b) { return static_cast<int64_t>(f.excludedNs[static_cast<size_t>(b)]); };
    EXPECT_EQ(f.e2eNs, Wide { 54945 * kS });
    EXPECT_EQ(f.e2eGpuNs, Wide { 8 * 54945 * kS });
    EXPECT_EQ(bucket(Bucket::Productive), 51615 * kS);
    EXPECT_EQ(bucket(Bucket::LostProgress), 0);
    EXPECT_EQ(bucket(Bucket::CheckpointSave), 30 * kS);
    EXPECT_EQ(bucket(Bucket::Recovery), 0);
    EXPECT_EQ(bucket(Bucket::Init), 600 * kS);
    EXPECT_EQ(bucket(Bucket::Compile), 900 * kS);
    EXPECT_EQ(bucket(Bucket::Shutdown), 1800 * kS);
    EXPECT_EQ(bucket(Bucket::Idle), 0);
    EXPECT_EQ(f.excludedTotalNs(), Wide { 3600 * kS });
    EXPECT_EQ(f.excludedTotalGpuNs(), Wide { 8 * 3600 * kS });
    EXPECT_EQ(excluded(Bucket::Productive), 1185 * kS);
    EXPECT_EQ(excluded(Bucket::CheckpointSave), 15 * kS);
    EXPECT_EQ(excluded(Bucket::LostProgress), 1200 * kS);
    EXPECT_EQ(excluded(Bucket::Recovery), 300 * kS);
    EXPECT_EQ(excluded(Bucket::Init), 600 * kS);
    EXPECT_EQ(excluded(Bucket::Compile), 300 * kS);
    EXPECT_EQ(excluded(Bucket::Shutdown), 0);
    // Events and durations of attempts are not changed.
    EXPECT_EQ(f.jobs, 1);
    EXPECT_EQ(f.attempts, 2);
    EXPECT_EQ(f.failures, 1);
    EXPECT_EQ(f.ttrNs, std::vector<int64_t> { 1200 * kS });
    EXPECT_EQ(f.ttsNs, std::vector<int64_t> { 1500 * kS });
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", *f.ettPercentGpu());
    EXPECT_EQ(std::string(buf), "93.9394");
}

} // namespace
} // namespace ett::core
