// The accounting rules of spec ett-trace-v1 section 5, one rule per test, plus a randomized
// comparison of attributeAttempt() / attributeJob() against a deliberately naive oracle, and the
// segment codec. Times are small integer nanosecond counts unless a test says otherwise.
#include "core/model/accounting.h"
#include "core/model/segment_codec.h"
#include "core/model/types.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

int64_t bucketOf(const BucketArray& buckets, Bucket b)
{
    return buckets[static_cast<size_t>(b)];
}

int64_t sumOf(const BucketArray& buckets)
{
    int64_t sum = 0;
    for (int64_t v : buckets) {
        sum += v;
    }
    return sum;
}

PhaseSpan ph(Category c, int64_t s, int64_t e, int32_t rank = -1)
{
    return { s, e, c, rank };
}

AttemptInput attempt(int32_t number, int64_t s, int64_t e, Outcome outcome = Outcome::Completed,
    std::optional<int64_t> interruptedAt = std::nullopt, std::string_view cause = "")
{
    AttemptInput a;
    a.number = number;
    a.startNs = s;
    a.endNs = e;
    a.outcome = outcome;
    a.interruptedAtNs = interruptedAt.value_or(e);
    a.interruption = classifyInterruption(outcome, cause);
    return a;
}

CheckpointMark ckpt(int64_t s, int64_t durable, bool failed = false)
{
    return { s, durable, failed };
}

// Segments must be non-empty, contiguous, cover [start, end) exactly and never repeat a bucket
// in two adjacent runs; their lengths must add up to the attempt's bucket totals.
void expectWellFormed(const AttemptResult& r)
{
    int64_t cursor = r.startNs;
    BucketArray sums {};
    for (size_t i = 0; i < r.segments.size(); ++i) {
        const Segment& s = r.segments[i];
        EXPECT_EQ(s.startNs, cursor) << "segment " << i << " of attempt " << r.number;
        EXPECT_LT(s.startNs, s.endNs) << "segment " << i << " of attempt " << r.number;
        if (i > 0) {
            EXPECT_NE(r.segments[i - 1].bucket, s.bucket) << "unmerged segment " << i << " of attempt " << r.number;
        }
        sums[static_cast<size_t>(s.bucket)] += s.endNs - s.startNs;
        cursor = s.endNs;
    }
    EXPECT_EQ(cursor, r.endNs) << "attempt " << r.number;
    EXPECT_EQ(sums, r.bucketsNs) << "attempt " << r.number;
    EXPECT_EQ(sumOf(r.bucketsNs), r.endNs - r.startNs) << "attempt " << r.number;
}

std::vector<std::pair<int64_t, Bucket>> runsOf(const AttemptResult& r)
{
    std::vector<std::pair<int64_t, Bucket>> out;
    for (const Segment& s : r.segments) {
        out.emplace_back(s.endNs - s.startNs, s.bucket);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// 5.2 Priorities: each adjacent pair of the order, in both input orders.

// Spec 5.2, highest first. Written out here independently of categoryPriority().
constexpr std::array<Category, 11> kPriorityOrder = {
    Category::Recovery,
    Category::Queue,
    Category::Setup,
    Category::CheckpointLoad,
    Category::Init,
    Category::Compile,
    Category::CheckpointSave,
    Category::Stall,
    Category::Eval,
    Category::Shutdown,
    Category::Train,
};

Bucket bucketFor(Category c)
{
    switch (c) {
    case Category::Queue:
        return Bucket::Queue;
    case Category::Setup:
        return Bucket::Setup;
    case Category::Init:
        return Bucket::Init;
    case Category::CheckpointLoad:
        return Bucket::CheckpointLoad;
    case Category::Compile:
        return Bucket::Compile;
    case Category::Train:
        return Bucket::Productive;
    case Category::CheckpointSave:
        return Bucket::CheckpointSave;
    case Category::Stall:
        return Bucket::Stall;
    case Category::Eval:
        return Bucket::Eval;
    case Category::Recovery:
        return Bucket::Recovery;
    case Category::Shutdown:
        return Bucket::Shutdown;
    case Category::Background:
        break;
    }
    return Bucket::Idle;
}

class PriorityPair : public testing::TestWithParam<size_t>
{
};

TEST_P(PriorityPair, HigherCategoryWinsWhereBothAreActive)
{
    const Category high = kPriorityOrder[GetParam()];
    const Category low = kPriorityOrder[GetParam() + 1];
    for (bool highFirst : { true, false }) {
        AttemptInput a = attempt(0, 0, 10);
        // low covers everything, high the middle [3, 7).
        if (highFirst) {
            a.phases = { ph(high, 3, 7), ph(low, 0, 10) };
        } else {
            a.phases = { ph(low, 0, 10), ph(high, 3, 7) };
        }
        const AttemptResult r = attributeAttempt(a, std::nullopt, true);
        EXPECT_EQ(bucketOf(r.bucketsNs, bucketFor(high)), 4) << categoryName(high) << " over " << categoryName(low);
        EXPECT_EQ(bucketOf(r.bucketsNs, bucketFor(low)), 6) << categoryName(high) << " over " << categoryName(low);
        const std::vector<std::pair<int64_t, Bucket>> expected = {
            { 3, bucketFor(low) },
            { 4, bucketFor(high) },
            { 3, bucketFor(low) },
        };
        EXPECT_EQ(runsOf(r), expected);
        expectWellFormed(r);
    }
}

TEST_P(PriorityPair, CategoryPriorityAgreesWithTheSpecOrder)
{
    const Category high = kPriorityOrder[GetParam()];
    const Category low = kPriorityOrder[GetParam() + 1];
    EXPECT_GT(categoryPriority(high), categoryPriority(low)) << categoryName(high) << " vs " << categoryName(low);
}

INSTANTIATE_TEST_SUITE_P(Accounting, PriorityPair, testing::Range<size_t>(0, kPriorityOrder.size() - 1),
    [](const testing::TestParamInfo<size_t>& pair) {
        std::string name(categoryName(kPriorityOrder[pair.param]));
        name += "_over_";
        name += categoryName(kPriorityOrder[pair.param + 1]);
        name.erase(std::remove(name.begin(), name.end(), '_'), name.end());
        return name;
    });

TEST(Priority, RecoveryWinsWhenEveryCategoryIsActive)
{
    AttemptInput a = attempt(0, 0, 10);
    for (int c = kCategoryCount - 1; c >= 0; --c) {
        a.phases.push_back(ph(static_cast<Category>(c), 0, 10));
    }
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 10);
    EXPECT_EQ(r.segments.size(), 1u);
}

TEST(Priority, PeelingOffTheWinnerRevealsTheNextInOrder)
{
    // Nested phases [i, 20 - i) for the i-th category in priority order: each ring shows the
    // bucket of its own category.
    AttemptInput a = attempt(0, 0, 22);
    for (size_t i = 0; i < kPriorityOrder.size(); ++i) {
        const auto depth = static_cast<int64_t>(kPriorityOrder.size() - 1 - i); // train outermost
        a.phases.push_back(ph(kPriorityOrder[i], depth, 22 - depth));
    }
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    // Every ring is one unit on each side; the centre (recovery) is two units wide.
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Queue), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Shutdown), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 0);
    expectWellFormed(r);
    ASSERT_EQ(r.segments.size(), 21u);
    for (size_t i = 0; i < kPriorityOrder.size(); ++i) {
        const size_t outer = kPriorityOrder.size() - 1 - i;
        EXPECT_EQ(r.segments[outer].bucket, bucketFor(kPriorityOrder[i]));
        EXPECT_EQ(r.segments[20 - outer].bucket, bucketFor(kPriorityOrder[i]));
    }
}

// ---------------------------------------------------------------------------------------------
// 5.2 Background, idle, ranks, zero-length phases

TEST(Background, NeverTakesTime)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Background, 0, 10), ph(Category::Train, 3, 5) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 8);
    EXPECT_EQ(categoryPriority(Category::Background), -1);
    EXPECT_FALSE(bucketOfCategory(Category::Background).has_value());
}

TEST(Background, AloneLeavesTheAttemptIdle)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Background, 0, 10, 0), ph(Category::Background, 2, 8) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 10);
    EXPECT_FALSE(r.firstTrainNs.has_value());
}

TEST(Idle, FillsInstantsCoveredByNoPhase)
{
    AttemptInput a = attempt(0, 100, 200);
    a.phases = { ph(Category::Init, 110, 120), ph(Category::Train, 150, 180) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    const std::vector<std::pair<int64_t, Bucket>> expected = {
        { 10, Bucket::Idle },
        { 10, Bucket::Init },
        { 30, Bucket::Idle },
        { 30, Bucket::Productive },
        { 20, Bucket::Idle },
    };
    EXPECT_EQ(runsOf(r), expected);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 60);
    expectWellFormed(r);
}

TEST(Idle, AnAttemptWithoutPhasesIsAllIdle)
{
    const AttemptResult r = attributeAttempt(attempt(0, 5, 25), std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 20);
    EXPECT_EQ(r.ttsNs, 20);
    expectWellFormed(r);
}

TEST(Ranks, UnionOfRanksWithGapsCoversTheirUnion)
{
    // Rank 0 trains [0, 4) and [6, 10); rank 1 trains [3, 7): together [0, 10).
    AttemptInput a = attempt(0, 0, 12);
    a.phases = {
        ph(Category::Train, 0, 4, 0),
        ph(Category::Train, 6, 10, 0),
        ph(Category::Train, 3, 7, 1),
    };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 10);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 2);
    const std::vector<std::pair<int64_t, Bucket>> expected = { { 10, Bucket::Productive }, { 2, Bucket::Idle } };
    EXPECT_EQ(runsOf(r), expected);
}

TEST(Ranks, DisjointRanksLeaveTheCommonGapIdle)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Train, 0, 2, 0), ph(Category::Train, 5, 7, 1) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 4);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 6);
}

TEST(Ranks, SlowestRankGatesInit)
{
    // Rank 0 initializes in 3, rank 1 in 5: init lasts 5 for the attempt.
    AttemptInput a = attempt(0, 0, 10);
    a.phases = {
        ph(Category::Init, 0, 3, 0),
        ph(Category::Train, 3, 10, 0),
        ph(Category::Init, 0, 5, 1),
        ph(Category::Train, 5, 10, 1),
    };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 5);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 5);
    EXPECT_EQ(r.ttsNs, 5);
}

TEST(Ranks, OverlappingPhasesOfOneRankCountOnce)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Stall, 0, 6, 2), ph(Category::Stall, 4, 8, 2), ph(Category::Stall, 4, 8, 2) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Stall), 8);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Idle), 2);
}

TEST(ZeroLength, PhaseCountsNothing)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Train, 0, 10), ph(Category::Recovery, 5, 5), ph(Category::Queue, 0, 0),
        ph(Category::Setup, 10, 10) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 10);
    ASSERT_EQ(r.segments.size(), 1u);
    EXPECT_EQ(r.segments[0].bucket, Bucket::Productive);
}

TEST(ZeroLength, AttemptHasNoSegmentsAndNoBuckets)
{
    AttemptInput a = attempt(0, 7, 7);
    a.phases = { ph(Category::Train, 7, 7) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(sumOf(r.bucketsNs), 0);
    EXPECT_TRUE(r.segments.empty());
    EXPECT_EQ(r.ttsNs, 0);
    EXPECT_FALSE(r.firstTrainNs.has_value());
}

TEST(Clipping, PhaseStickingOutOfTheAttemptIsClipped)
{
    AttemptInput a = attempt(0, 10, 20);
    a.phases = { ph(Category::Init, 0, 12), ph(Category::Train, 12, 30) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 8);
    expectWellFormed(r);
}

TEST(KeepSegments, OffLeavesSegmentsEmptyButTotalsIntact)
{
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Init, 0, 4), ph(Category::Train, 4, 10) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, false);
    EXPECT_TRUE(r.segments.empty());
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 4);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 6);
    EXPECT_EQ(r.ttsNs, 4);
}

// ---------------------------------------------------------------------------------------------
// 5.1 / 5.2 Recovery

TEST(Recovery, FromFaultToEndWhateverPhasesSay)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 60);
    a.phases = { ph(Category::Train, 0, 100), ph(Category::Shutdown, 70, 90), ph(Category::Init, 95, 100) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 40);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 60);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Shutdown), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 0);
    ASSERT_TRUE(r.faultNs.has_value());
    EXPECT_EQ(*r.faultNs, 60);
    expectWellFormed(r);
}

TEST(Recovery, AfterPreemptionToo)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Preempted, 80);
    a.phases = { ph(Category::Train, 0, 100) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 20);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 80);
}

TEST(Recovery, FaultAtStartMakesTheWholeAttemptRecovery)
{
    AttemptInput a = attempt(0, 10, 50, Outcome::Failed, 10);
    a.phases = { ph(Category::Train, 10, 50) };
    const AttemptResult r = attributeAttempt(a, 10, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 40);
    EXPECT_EQ(r.segments.size(), 1u);
    EXPECT_FALSE(r.firstTrainNs.has_value());
    EXPECT_EQ(r.ttsNs, 40);
}

TEST(Recovery, IdleBeforeTheFaultStaysIdle)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 60);
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    const std::vector<std::pair<int64_t, Bucket>> expected = { { 60, Bucket::Idle }, { 40, Bucket::Recovery } };
    EXPECT_EQ(runsOf(r), expected);
}

TEST(Recovery, RecoveryPhaseRightBeforeTheFaultMergesWithIt)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 60);
    a.phases = { ph(Category::Train, 0, 50), ph(Category::Recovery, 50, 60) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    const std::vector<std::pair<int64_t, Bucket>> expected = { { 50, Bucket::Productive }, { 50, Bucket::Recovery } };
    EXPECT_EQ(runsOf(r), expected);
}

TEST(Recovery, GapsBetweenAttemptsAreRecovery)
{
    JobInput job;
    job.attempts = { attempt(0, 0, 10), attempt(1, 15, 25), attempt(2, 25, 30), attempt(3, 40, 41) };
    for (auto& a : job.attempts) {
        a.phases = { ph(Category::Train, a.startNs, a.endNs) };
    }
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.e2eNs(), 41);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 5 + 0 + 10);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 26);
    ASSERT_EQ(r.attempts.size(), 4u);
    EXPECT_EQ(r.attempts[0].gapAfterNs, 5);
    EXPECT_EQ(r.attempts[1].gapAfterNs, 0);
    EXPECT_EQ(r.attempts[2].gapAfterNs, 10);
    EXPECT_EQ(r.attempts[3].gapAfterNs, 0);
    EXPECT_EQ(sumOf(r.bucketsNs), r.e2eNs());
}

// ---------------------------------------------------------------------------------------------
// 5.3 Lost progress

// A failed attempt [0, 100) training throughout with fault f, given checkpoints.
JobResult failedTrainingJob(int64_t f, std::vector<CheckpointMark> checkpoints)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, f, "infra");
    a.phases = { ph(Category::Train, 0, 100) };
    job.attempts = { a };
    job.checkpoints = std::move(checkpoints);
    return attributeJob(job);
}

TEST(LostProgress, StartsAtLastDurableCheckpoint)
{
    const JobResult r = failedTrainingJob(80, { ckpt(20, 25), ckpt(50, 55), ckpt(10, 12) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 30); // [50, 80)
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 50);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 20);
    EXPECT_FALSE(r.noCheckpointData);
    const std::vector<std::pair<int64_t, Bucket>> expected = {
        { 50, Bucket::Productive },
        { 30, Bucket::LostProgress },
        { 20, Bucket::Recovery },
    };
    EXPECT_EQ(runsOf(r.attempts[0]), expected);
}

TEST(LostProgress, CheckpointDurableExactlyAtTheFaultCounts)
{
    const JobResult r = failedTrainingJob(80, { ckpt(20, 25), ckpt(60, 80) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 20); // [60, 80)
}

TEST(LostProgress, CheckpointDurableAfterTheFaultDoesNotCount)
{
    const JobResult r = failedTrainingJob(80, { ckpt(20, 25), ckpt(60, 81) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 60); // [20, 80)
}

TEST(LostProgress, FailedCheckpointNeverCounts)
{
    const JobResult r = failedTrainingJob(80, { ckpt(20, 25), ckpt(60, 65, true), ckpt(70, 70, true) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 60); // [20, 80)
}

TEST(LostProgress, LargestStartWinsNotLatestDurable)
{
    // A slow upload: captured at 30, durable at 75; a quick one captured at 40, durable at 45.
    const JobResult r = failedTrainingJob(80, { ckpt(30, 75), ckpt(40, 45) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 40); // [40, 80)
}

TEST(LostProgress, WithoutAnyDurableCheckpointStartsAtAttemptStart)
{
    const JobResult r = failedTrainingJob(80, { ckpt(60, 90), ckpt(20, 25, true) });
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 80); // [0, 80)
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 0);
    EXPECT_FALSE(r.noCheckpointData);
}

TEST(LostProgress, NoCheckpointRecordsMeansZeroAndFlagged)
{
    const JobResult r = failedTrainingJob(80, {});
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 80);
    EXPECT_TRUE(r.noCheckpointData);
    EXPECT_FALSE(lostProgressStart({}, 0, 80).has_value());
}

TEST(LostProgress, CompletedJobWithoutCheckpointsIsFlaggedToo)
{
    JobInput job;
    job.attempts = { attempt(0, 0, 10) };
    EXPECT_TRUE(attributeJob(job).noCheckpointData);
    job.checkpoints = { ckpt(5, 5) };
    EXPECT_FALSE(attributeJob(job).noCheckpointData);
}

TEST(LostProgress, SavedPointBeforeAttemptStartLosesFromAttemptStart)
{
    // Attempt 0 saved at 50 and failed at 100; attempt 1 [110, 200) fails at 200 without saving.
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, Outcome::Failed, 100);
    a0.phases = { ph(Category::Train, 0, 100) };
    AttemptInput a1 = attempt(1, 110, 200, Outcome::Failed, 200);
    a1.phases = { ph(Category::Init, 110, 120), ph(Category::Train, 120, 200) };
    job.attempts = { a0, a1 };
    job.checkpoints = { ckpt(50, 55) };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.attempts[0].bucketsNs, Bucket::LostProgress), 50);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::LostProgress), 80);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::Init), 10);
    ASSERT_TRUE(lostProgressStart(job.checkpoints, 110, 200).has_value());
    EXPECT_EQ(*lostProgressStart(job.checkpoints, 110, 200), 110);
}

TEST(LostProgress, CheckpointsOfEarlierAttemptsCount)
{
    // Attempt 1 saves nothing itself; the job's only checkpoint was written by attempt 0 and is
    // what makes attempt 1's loss known (not flagged, and charged from its start).
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, Outcome::Completed);
    a0.phases = { ph(Category::Train, 0, 100) };
    AttemptInput a1 = attempt(1, 100, 200, Outcome::Preempted, 150);
    a1.phases = { ph(Category::Train, 100, 200) };
    job.attempts = { a1, a0 };
    job.checkpoints = { ckpt(90, 95) };
    const JobResult r = attributeJob(job);
    EXPECT_FALSE(r.noCheckpointData);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::LostProgress), 50);
    // And one captured late in attempt 0 but after attempt 1 began is still the saved point.
    EXPECT_EQ(*lostProgressStart({ ckpt(120, 130), ckpt(90, 95) }, 100, 150), 120);
}

TEST(LostProgress, ExcludesHigherPriorityPhasesInsideTheLostWindow)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 80);
    a.phases = {
        ph(Category::Train, 0, 100),
        ph(Category::Stall, 45, 50),
        ph(Category::Eval, 50, 52),
        ph(Category::CheckpointSave, 40, 42),
    };
    job.attempts = { a };
    job.checkpoints = { ckpt(40, 42) };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 40 - 2 - 5 - 2); // [40, 80) minus saves/stall/eval
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Stall), 5);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Eval), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::CheckpointSave), 2);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 40);
    expectWellFormed(r.attempts[0]);
}

TEST(LostProgress, IdleInsideTheLostWindowStaysIdle)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 100);
    a.phases = { ph(Category::Train, 0, 30), ph(Category::Train, 60, 100) };
    const AttemptResult r = attributeAttempt(a, 20, true);
    const std::vector<std::pair<int64_t, Bucket>> expected = {
        { 20, Bucket::Productive },
        { 10, Bucket::LostProgress },
        { 30, Bucket::Idle },
        { 40, Bucket::LostProgress },
    };
    EXPECT_EQ(runsOf(r), expected);
}

TEST(LostProgress, SplitAtLostStartDoesNotLeaveTwoIdleRuns)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 100);
    a.phases = { ph(Category::Train, 0, 10), ph(Category::Train, 90, 100) };
    const AttemptResult r = attributeAttempt(a, 50, true);
    const std::vector<std::pair<int64_t, Bucket>> expected = {
        { 10, Bucket::Productive },
        { 80, Bucket::Idle },
        { 10, Bucket::LostProgress },
    };
    EXPECT_EQ(runsOf(r), expected);
    expectWellFormed(r);
}

TEST(LostProgress, TrainAfterRestartIsProductive)
{
    // Attempt 1 replays the lost stretch; the replay is productive (the loss was charged once).
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, Outcome::Failed, 100, "infra.gpu");
    a0.phases = { ph(Category::Train, 0, 100) };
    AttemptInput a1 = attempt(1, 110, 250);
    a1.phases = { ph(Category::CheckpointLoad, 110, 120), ph(Category::Train, 120, 250) };
    job.attempts = { a0, a1 };
    job.checkpoints = { ckpt(60, 60) };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.attempts[0].bucketsNs, Bucket::LostProgress), 40);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::LostProgress), 0);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::Productive), 130);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 60 + 130);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::CheckpointLoad), 10);
}

TEST(LostProgress, NotAppliedWithoutAFault)
{
    // attributeAttempt given a lost start for a completed attempt must not charge anything.
    AttemptInput a = attempt(0, 0, 100, Outcome::Completed);
    a.phases = { ph(Category::Train, 0, 100) };
    const AttemptResult r = attributeAttempt(a, 0, true);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 100);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 0);
}

TEST(LostProgressStart, TakesMaxOfSavedPointAndAttemptStart)
{
    const std::vector<CheckpointMark> marks = { ckpt(10, 20), ckpt(30, 40), ckpt(50, 90, false), ckpt(60, 60, true) };
    EXPECT_EQ(*lostProgressStart(marks, 0, 45), 30);
    EXPECT_EQ(*lostProgressStart(marks, 35, 45), 35);
    EXPECT_EQ(*lostProgressStart(marks, 0, 100), 50);
    EXPECT_EQ(*lostProgressStart(marks, 0, 19), 0); // nothing durable yet
    EXPECT_EQ(*lostProgressStart(marks, 0, 20), 10);
}

// ---------------------------------------------------------------------------------------------
// 5.4 Time to Start

TEST(TimeToStart, RunsToFirstProductiveInstant)
{
    AttemptInput a = attempt(0, 100, 200);
    a.phases = { ph(Category::Setup, 100, 110), ph(Category::Init, 110, 130), ph(Category::Train, 130, 200),
        ph(Category::Stall, 120, 140) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(r.ttsNs, 40); // train hidden by the stall until 140
    ASSERT_TRUE(r.firstTrainNs.has_value());
    EXPECT_EQ(*r.firstTrainNs, 140);
}

TEST(TimeToStart, RunsToFirstLostInstant)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 90);
    a.phases = { ph(Category::Init, 0, 30), ph(Category::Train, 30, 100) };
    job.attempts = { a };
    job.checkpoints = { ckpt(95, 95) }; // not durable by f: all training is lost
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 60);
    EXPECT_EQ(r.ttsNs, 30);
    ASSERT_TRUE(r.attempts[0].firstTrainNs.has_value());
    EXPECT_EQ(*r.attempts[0].firstTrainNs, 30);
}

TEST(TimeToStart, RunsToEndWhenTheAttemptNeverTrains)
{
    AttemptInput a = attempt(0, 100, 250);
    a.phases = { ph(Category::Setup, 100, 200), ph(Category::Train, 200, 250), ph(Category::Stall, 200, 250) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(r.ttsNs, 150);
    EXPECT_FALSE(r.firstTrainNs.has_value());
}

TEST(TimeToStart, TrainingAfterTheFaultDoesNotCount)
{
    AttemptInput a = attempt(0, 0, 100, Outcome::Failed, 40);
    a.phases = { ph(Category::Init, 0, 40), ph(Category::Train, 40, 100) };
    const AttemptResult r = attributeAttempt(a, std::nullopt, true);
    EXPECT_EQ(r.ttsNs, 100);
    EXPECT_FALSE(r.firstTrainNs.has_value());
}

TEST(TimeToStart, JobTakesTheFirstAttempts)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, Outcome::Failed, 100);
    a0.phases = { ph(Category::Init, 0, 25), ph(Category::Train, 25, 100) };
    AttemptInput a1 = attempt(1, 120, 200);
    a1.phases = { ph(Category::Init, 120, 125), ph(Category::Train, 125, 200) };
    job.attempts = { a1, a0 }; // out of order on purpose
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.attempts[0].ttsNs, 25);
    EXPECT_EQ(r.attempts[1].ttsNs, 5);
    EXPECT_EQ(r.ttsNs, 25);
}

TEST(TimeToStart, JobTakesTheFirstAttemptsEvenWhenItNeverTrains)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 40);
    a0.phases = { ph(Category::Setup, 0, 40) };
    AttemptInput a1 = attempt(1, 60, 100);
    a1.phases = { ph(Category::Train, 60, 100) };
    job.attempts = { a0, a1 };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.ttsNs, 50);
}

// ---------------------------------------------------------------------------------------------
// 5.4 Time to Recover

TEST(TimeToRecover, RunsFromFaultToFirstTrainingInTheNextAttempt)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 40);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 100);
    a1.phases = { ph(Category::Init, 60, 70), ph(Category::Train, 70, 100) };
    job.attempts = { a0, a1 };
    const JobResult r = attributeJob(job);
    ASSERT_TRUE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[0].ttrNs, 30); // 40 -> 70
    EXPECT_FALSE(r.attempts[1].ttrNs.has_value());
}

TEST(TimeToRecover, CountsLostTrainingOfTheNextAttemptAsTraining)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Preempted, 50);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 100, Outcome::Failed, 100);
    a1.phases = { ph(Category::Init, 60, 65), ph(Category::Train, 65, 100) };
    job.attempts = { a0, a1 };
    job.checkpoints = { ckpt(10, 200) }; // never durable in time: everything lost
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.attempts[1].bucketsNs, Bucket::LostProgress), 35);
    ASSERT_TRUE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[0].ttrNs, 15);
}

TEST(TimeToRecover, SkipsLaterAttemptsThatNeverTrain)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 50);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 80, Outcome::Failed, 75);
    a1.phases = { ph(Category::Setup, 60, 75), ph(Category::Train, 75, 80) }; // train after f: recovery
    AttemptInput a2 = attempt(2, 90, 130);
    a2.phases = { ph(Category::Init, 90, 100), ph(Category::Train, 100, 130) };
    job.attempts = { a0, a1, a2 };
    const JobResult r = attributeJob(job);
    ASSERT_TRUE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[0].ttrNs, 50); // 50 -> 100
    ASSERT_TRUE(r.attempts[1].ttrNs.has_value());
    EXPECT_EQ(*r.attempts[1].ttrNs, 25); // 75 -> 100
}

TEST(TimeToRecover, SplitsAtTheEndAndTheNextStartThroughAttemptsThatNeverTrain)
{
    // Spec 7.1: a hang from 30 detected at 50, the next attempt at 60 never trains, the one after
    // trains at 100: detect 20, restart 10, start-up 40 (through attempt 1).
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 30);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 80, Outcome::Failed, 75);
    a1.phases = { ph(Category::Setup, 60, 75), ph(Category::Train, 75, 80) };
    AttemptInput a2 = attempt(2, 90, 130);
    a2.phases = { ph(Category::Init, 90, 100), ph(Category::Train, 100, 130) };
    job.attempts = { a0, a1, a2 };
    const JobResult r = attributeJob(job);
    const auto s0 = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(s0.has_value());
    EXPECT_EQ(*s0, (TtrSplit { 20, 10, 40 }));
    EXPECT_EQ(s0->detectNs + s0->restartNs + s0->startupNs, *r.attempts[0].ttrNs);
    const auto s1 = ttrSplitOf(r.attempts, 1);
    ASSERT_TRUE(s1.has_value());
    EXPECT_EQ(*s1, (TtrSplit { 5, 10, 10 })); // fault 75, end 80, next start 90, training at 100
    EXPECT_FALSE(ttrSplitOf(r.attempts, 2).has_value());
}

TEST(TimeToRecover, UndefinedWhenTheJobNeverTrainsAgain)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 50);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 80, Outcome::Cancelled);
    a1.phases = { ph(Category::Init, 60, 80) };
    job.attempts = { a0, a1 };
    const JobResult r = attributeJob(job);
    EXPECT_FALSE(r.attempts[0].ttrNs.has_value());
    EXPECT_FALSE(ttrSplitOf(r.attempts, 0).has_value());
}

TEST(TimeToRecover, UndefinedForTheLastAttempt)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Failed, 30);
    a0.phases = { ph(Category::Train, 0, 50) };
    job.attempts = { a0 };
    const JobResult r = attributeJob(job);
    EXPECT_FALSE(r.attempts[0].ttrNs.has_value());
    EXPECT_EQ(r.failures, 1);
}

TEST(TimeToRecover, AbsentForAttemptsThatWereNotInterrupted)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 50, Outcome::Cancelled);
    a0.phases = { ph(Category::Train, 0, 50) };
    AttemptInput a1 = attempt(1, 60, 80);
    a1.phases = { ph(Category::Train, 60, 80) };
    job.attempts = { a0, a1 };
    const JobResult r = attributeJob(job);
    EXPECT_FALSE(r.attempts[0].ttrNs.has_value());
    EXPECT_FALSE(r.attempts[0].faultNs.has_value());
}

// ---------------------------------------------------------------------------------------------
// 5.4 Interruption classification

TEST(Interruption, PreemptedOutcomeIsAPreemptionWhateverTheCause)
{
    for (std::string_view cause : { "", "infra.gpu", "preemption", "maintenance", "user.oom", "manual", "unknown" }) {
        EXPECT_EQ(classifyInterruption(Outcome::Preempted, cause), Interruption::Preemption) << cause;
    }
}

TEST(Interruption, FailedWithPreemptionCauseIsAPreemption)
{
    EXPECT_EQ(classifyInterruption(Outcome::Failed, "preemption"), Interruption::Preemption);
    EXPECT_EQ(classifyInterruption(Outcome::Failed, "preemption.spot.reclaim"), Interruption::Preemption);
}

TEST(Interruption, FailedWithInfraDependencyUnknownOrNoCauseIsAFailure)
{
    for (std::string_view cause : { "", "infra", "infra.gpu.hbm", "infra.network.switch", "dependency",
             "dependency.storage", "unknown", "unknown.nccl_timeout" }) {
        EXPECT_EQ(classifyInterruption(Outcome::Failed, cause), Interruption::Failure) << cause;
    }
}

TEST(Interruption, FailedWithMaintenanceUserOrManualIsOther)
{
    for (std::string_view cause :
        { "maintenance", "maintenance.kernel", "user", "user.oom", "manual", "manual.kill" }) {
        EXPECT_EQ(classifyInterruption(Outcome::Failed, cause), Interruption::Other) << cause;
    }
}

TEST(Interruption, CompletedCancelledAndRunningNeverCountWhateverTheCause)
{
    for (Outcome o : { Outcome::Completed, Outcome::Cancelled, Outcome::Running }) {
        for (std::string_view cause : { "", "infra.gpu", "preemption", "maintenance", "user" }) {
            EXPECT_EQ(classifyInterruption(o, cause), Interruption::None) << outcomeName(o) << " " << cause;
        }
    }
}

TEST(Interruption, CauseClassIsTheFirstDottedSegment)
{
    EXPECT_EQ(causeClass("infra.gpu.hbm"), "infra");
    EXPECT_EQ(causeClass("unknown"), "unknown");
    EXPECT_EQ(causeClass(""), "");
    EXPECT_TRUE(isValidCauseClass("dependency"));
    EXPECT_FALSE(isValidCauseClass("infrastructure"));
    EXPECT_FALSE(isValidCauseClass(""));
}

TEST(Interruption, JobCountsEachKindSeparately)
{
    JobInput job;
    job.attempts = {
        attempt(0, 0, 10, Outcome::Failed, 10, "infra.gpu"),
        attempt(1, 10, 20, Outcome::Failed, 20, ""),
        attempt(2, 20, 30, Outcome::Preempted, 30, ""),
        attempt(3, 30, 40, Outcome::Failed, 40, "preemption.spot"),
        attempt(4, 40, 50, Outcome::Failed, 50, "user.bad_config"),
        attempt(5, 50, 60, Outcome::Cancelled, 60, "infra.gpu"),
        attempt(6, 60, 70, Outcome::Completed),
    };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.failures, 2);
    EXPECT_EQ(r.preemptions, 2);
    EXPECT_EQ(r.otherInterruptions, 1);
}

// ---------------------------------------------------------------------------------------------
// Outcomes without a fault

TEST(Outcome, CancelledAttemptHasNoRecoveryAndNoLostProgress)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 100, Outcome::Cancelled, 50);
    a.phases = { ph(Category::Train, 0, 100) };
    job.attempts = { a };
    job.checkpoints = { ckpt(90, 200) }; // nothing durable: a fault would lose everything
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 100);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 0);
    EXPECT_FALSE(r.attempts[0].faultNs.has_value());
    EXPECT_EQ(r.failures + r.preemptions + r.otherInterruptions, 0);
}

TEST(Outcome, RunningAttemptHasNoRecoveryAndNoLostProgress)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 100, Outcome::Running, 10);
    a.phases = { ph(Category::Init, 0, 20), ph(Category::Train, 20, 100) };
    job.attempts = { a };
    job.checkpoints = { ckpt(90, 200) };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 80);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Init), 20);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 0);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::LostProgress), 0);
    EXPECT_FALSE(r.attempts[0].faultNs.has_value());
}

// ---------------------------------------------------------------------------------------------
// Job assembly

TEST(Job, AttemptsGivenOutOfOrderAreSortedByStart)
{
    JobInput job;
    job.attempts = { attempt(2, 60, 90), attempt(0, 0, 20, Outcome::Failed, 20), attempt(1, 30, 50) };
    const JobResult r = attributeJob(job);
    ASSERT_EQ(r.attempts.size(), 3u);
    EXPECT_EQ(r.attempts[0].number, 0);
    EXPECT_EQ(r.attempts[1].number, 1);
    EXPECT_EQ(r.attempts[2].number, 2);
    EXPECT_EQ(r.windowStartNs, 0);
    EXPECT_EQ(r.windowEndNs, 90);
    EXPECT_EQ(r.attempts[0].gapAfterNs, 10);
    EXPECT_EQ(r.attempts[1].gapAfterNs, 10);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Recovery), 20);
    EXPECT_EQ(sumOf(r.bucketsNs), 90);
}

TEST(Job, WithoutAttemptsHasNoWindow)
{
    const JobResult r = attributeJob(JobInput {});
    EXPECT_FALSE(r.hasWindow());
    EXPECT_EQ(r.e2eNs(), 0);
    EXPECT_EQ(sumOf(r.bucketsNs), 0);
    int calls = 0;
    forEachJobSegment(r, 1, true, [&](int64_t, int64_t, Bucket, int64_t) { ++calls; });
    EXPECT_EQ(calls, 0);
}

TEST(Job, SegmentsAreContiguousMergedAndCoverTheWindow)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, Outcome::Failed, 90);
    a0.phases = {
        ph(Category::Train, 0, 20, 0),
        ph(Category::Train, 20, 40, 1), // adjacent train on another rank: one run
        ph(Category::Train, 40, 60),
        ph(Category::Stall, 60, 61),
        ph(Category::Stall, 61, 62, 3),
        ph(Category::Train, 62, 95),
        ph(Category::Recovery, 85, 90),
    };
    AttemptInput a1 = attempt(1, 120, 150);
    a1.phases = { ph(Category::Train, 120, 130), ph(Category::Train, 125, 150) };
    job.attempts = { a0, a1 };
    job.checkpoints = { ckpt(70, 71) };
    const JobResult r = attributeJob(job);
    const std::vector<std::pair<int64_t, Bucket>> expected0 = {
        { 60, Bucket::Productive }, { 2, Bucket::Stall }, { 8, Bucket::Productive }, { 15, Bucket::LostProgress },
        { 15, Bucket::Recovery }, // recovery phase [85, 90) merges with the fault's recovery
    };
    EXPECT_EQ(runsOf(r.attempts[0]), expected0);
    const std::vector<std::pair<int64_t, Bucket>> expected1 = { { 30, Bucket::Productive } };
    EXPECT_EQ(runsOf(r.attempts[1]), expected1);
    for (const auto& a : r.attempts) {
        expectWellFormed(a);
    }
    int64_t cursor = r.windowStartNs;
    forEachJobSegment(r, 1, false, [&](int64_t s, int64_t e, Bucket, int64_t) {
        EXPECT_EQ(s, cursor);
        cursor = e;
    });
    EXPECT_EQ(cursor, r.windowEndNs);
}

TEST(Job, ForEachJobSegmentUsesAttemptGpusInsideAndJobGpusInGapsAndQueue)
{
    JobInput job;
    job.gpus = 8;
    job.submittedNs = -50;
    AttemptInput a0 = attempt(0, 0, 10, Outcome::Failed, 10);
    a0.gpus = 4;
    a0.phases = { ph(Category::Train, 0, 10) };
    AttemptInput a1 = attempt(1, 20, 30);
    a1.gpus = 16;
    a1.phases = { ph(Category::Train, 20, 30) };
    job.attempts = { a0, a1 };
    const JobResult r = attributeJob(job);

    struct Call
    {
        int64_t s, e;
        Bucket b;
        int64_t gpus;
        bool operator==(const Call&) const = default;
    };
    std::vector<Call> calls;
    forEachJobSegment(r, 8, true, [&](int64_t s, int64_t e, Bucket b, int64_t g) { calls.push_back({ s, e, b, g }); });
    const std::vector<Call> expected = {
        { -50, 0, Bucket::Queue, 8 },
        { 0, 10, Bucket::Productive, 4 },
        { 10, 20, Bucket::Recovery, 8 },
        { 20, 30, Bucket::Productive, 16 },
    };
    ASSERT_EQ(calls.size(), expected.size());
    for (size_t i = 0; i < calls.size(); ++i) {
        EXPECT_TRUE(calls[i] == expected[i]) << "call " << i << ": [" << calls[i].s << ", " << calls[i].e << ") "
                                             << bucketName(calls[i].b) << " x" << calls[i].gpus;
    }

    calls.clear();
    forEachJobSegment(r, 8, false, [&](int64_t s, int64_t e, Bucket b, int64_t g) { calls.push_back({ s, e, b, g }); });
    ASSERT_EQ(calls.size(), 3u);
    EXPECT_EQ(calls[0].s, 0);
}

TEST(Job, QueueBeforeRunsFromSubmittedToFirstStart)
{
    JobInput job;
    job.submittedNs = 10;
    job.attempts = { attempt(1, 60, 80), attempt(0, 30, 50) };
    const JobResult r = attributeJob(job);
    EXPECT_EQ(r.queueBeforeNs, 20);
    EXPECT_EQ(r.windowStartNs, 30); // the window itself does not move without the option
    EXPECT_EQ(r.e2eNs(), 50);
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Queue), 0);
}

TEST(Job, NoQueueBeforeWhenSubmittedIsAfterFirstStartOrAbsent)
{
    JobInput job;
    job.attempts = { attempt(0, 30, 50) };
    job.submittedNs = 40;
    EXPECT_EQ(attributeJob(job).queueBeforeNs, 0);
    job.submittedNs = 30;
    EXPECT_EQ(attributeJob(job).queueBeforeNs, 0);
    job.submittedNs.reset();
    EXPECT_EQ(attributeJob(job).queueBeforeNs, 0);

    job.submittedNs = 40;
    const JobResult r = attributeJob(job);
    int queueCalls = 0;
    forEachJobSegment(r, 1, true, [&](int64_t, int64_t, Bucket b, int64_t) { queueCalls += b == Bucket::Queue; });
    EXPECT_EQ(queueCalls, 0);
}

TEST(Job, KeepSegmentsOffStillGivesTotals)
{
    JobInput job;
    AttemptInput a = attempt(0, 0, 10);
    a.phases = { ph(Category::Train, 2, 10) };
    job.attempts = { a };
    const JobResult r = attributeJob(job, false);
    EXPECT_TRUE(r.attempts[0].segments.empty());
    EXPECT_EQ(bucketOf(r.bucketsNs, Bucket::Productive), 8);
    EXPECT_EQ(r.ttsNs, 2);
}

// ---------------------------------------------------------------------------------------------
// Randomized comparison with a naive oracle

// SplitMix64: small, fixed, good enough for test data.
class Rng
{
public:
    explicit Rng(uint64_t seed)
        : m_state(seed)
    {
    }
    uint64_t next()
    {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [lo, hi].
    int64_t range(int64_t lo, int64_t hi)
    {
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }
    bool chance(int percent) { return range(0, 99) < percent; }

private:
    uint64_t m_state;
};

JobInput randomJob(Rng& rng)
{
    JobInput job;
    job.gpus = rng.range(1, 16);
    const int attempts = static_cast<int>(rng.range(1, 4));
    int64_t t = rng.range(-1000, 1000);
    std::vector<AttemptInput> list;
    for (int i = 0; i < attempts; ++i) {
        AttemptInput a;
        a.number = i;
        a.startNs = t;
        a.endNs = t + (rng.chance(5) ? 0 : rng.range(1, 120));
        a.gpus = rng.chance(50) ? job.gpus : rng.range(1, 16);
        a.outcome = static_cast<Outcome>(rng.range(0, kOutcomeCount - 1));
        a.interruptedAtNs = rng.range(a.startNs, a.endNs);
        static constexpr std::array<std::string_view, 8> kCauses
            = { "", "infra.gpu", "preemption", "maintenance", "dependency.fs", "user", "manual", "unknown" };
        a.interruption = classifyInterruption(a.outcome, kCauses[static_cast<size_t>(rng.range(0, 7))]);
        const int phases = static_cast<int>(rng.range(0, 14));
        for (int p = 0; p < phases; ++p) {
            PhaseSpan s;
            // Mostly inside the attempt, sometimes sticking out, sometimes zero-length.
            s.startNs = rng.range(a.startNs - 5, a.endNs);
            s.endNs = rng.chance(10) ? s.startNs : rng.range(s.startNs, a.endNs + 5);
            s.category = rng.chance(35) ? Category::Train : static_cast<Category>(rng.range(0, kCategoryCount - 1));
            s.rank = static_cast<int32_t>(rng.range(-1, 3));
            a.phases.push_back(s);
        }
        list.push_back(std::move(a));
        t = list.back().endNs + (rng.chance(30) ? 0 : rng.range(1, 40));
    }
    const int64_t jobEnd = t;
    if (!rng.chance(15)) {
        const int checkpoints = static_cast<int>(rng.range(1, 5));
        for (int c = 0; c < checkpoints; ++c) {
            const int64_t s = rng.range(list.front().startNs, jobEnd);
            job.checkpoints.push_back({ s, s + rng.range(0, 30), rng.chance(20) });
        }
    }
    // Shuffle the attempts so that the implementation has to sort them.
    for (size_t i = list.size(); i > 1; --i) {
        std::swap(list[i - 1], list[static_cast<size_t>(rng.range(0, static_cast<int64_t>(i) - 1))]);
    }
    job.attempts = std::move(list);
    return job;
}

// Spec 5.3, written out naively: the latest checkpoint start durable by f, or the attempt start.
std::optional<int64_t> oracleLostFrom(const JobInput& job, const AttemptInput& a)
{
    if (job.checkpoints.empty()) {
        return std::nullopt;
    }
    const int64_t f = a.interruptedAtNs;
    int64_t from = a.startNs;
    for (const CheckpointMark& c : job.checkpoints) {
        if (!c.failed && c.durableNs <= f && c.startNs > from) {
            from = c.startNs;
        }
    }
    return from;
}

// The bucket of one instant t of the attempt, by scanning every phase (spec 5.2 / 5.3).
Bucket oracleBucketAt(const AttemptInput& a, std::optional<int64_t> lostFrom, int64_t t)
{
    const bool interrupted = a.outcome == Outcome::Failed || a.outcome == Outcome::Preempted;
    if (interrupted && t >= a.interruptedAtNs) {
        return Bucket::Recovery;
    }
    // Position in kPriorityOrder of the best active category; smaller is better.
    size_t best = kPriorityOrder.size();
    for (const PhaseSpan& p : a.phases) {
        if (p.category == Category::Background || t < p.startNs || t >= p.endNs) {
            continue;
        }
        for (size_t i = 0; i < kPriorityOrder.size(); ++i) {
            if (kPriorityOrder[i] == p.category) {
                best = std::min(best, i);
            }
        }
    }
    if (best == kPriorityOrder.size()) {
        return Bucket::Idle;
    }
    if (kPriorityOrder[best] == Category::Train) {
        return interrupted && lostFrom && t >= *lostFrom ? Bucket::LostProgress : Bucket::Productive;
    }
    return bucketFor(kPriorityOrder[best]);
}

// Segments by elementary intervals: every phase edge, the fault and the lost start cut the window;
// each piece takes the bucket of its first instant; equal neighbours are then merged.
std::vector<Segment> oracleSegments(const AttemptInput& a, std::optional<int64_t> lostFrom)
{
    std::vector<int64_t> cuts = { a.startNs, a.endNs, a.interruptedAtNs };
    if (lostFrom) {
        cuts.push_back(*lostFrom);
    }
    for (const PhaseSpan& p : a.phases) {
        cuts.push_back(p.startNs);
        cuts.push_back(p.endNs);
    }
    std::vector<int64_t> inside;
    for (int64_t c : cuts) {
        if (c >= a.startNs && c <= a.endNs) {
            inside.push_back(c);
        }
    }
    std::sort(inside.begin(), inside.end());
    inside.erase(std::unique(inside.begin(), inside.end()), inside.end());
    std::vector<Segment> out;
    for (size_t i = 0; i + 1 < inside.size(); ++i) {
        const Bucket b = oracleBucketAt(a, lostFrom, inside[i]);
        if (!out.empty() && out.back().bucket == b) {
            out.back().endNs = inside[i + 1];
        } else {
            out.push_back({ inside[i], inside[i + 1], b });
        }
    }
    return out;
}

std::string describe(const std::vector<Segment>& segments)
{
    std::string out;
    for (const Segment& s : segments) {
        out += "[" + std::to_string(s.startNs) + "," + std::to_string(s.endNs) + ")" + std::string(bucketName(s.bucket))
            + " ";
    }
    return out;
}

TEST(AccountingProperty, MatchesNaiveOracleOnRandomJobs)
{
    BucketArray seen {}; // total time per bucket over all jobs: the data must exercise every rule
    int withTtr = 0;
    for (uint64_t seed : { 1ULL, 2ULL, 3ULL, 0xe77ULL }) {
        Rng rng(seed);
        for (int n = 0; n < 100; ++n) {
            const JobInput job = randomJob(rng);
            const JobResult r = attributeJob(job);
            ASSERT_EQ(r.attempts.size(), job.attempts.size());

            // Attempts sorted; each one's segments are the oracle's.
            std::vector<const AttemptInput*> sorted;
            for (const auto& a : job.attempts) {
                sorted.push_back(&a);
            }
            // By start; zero-length attempts can share a start with the next one, and then the
            // attempt number decides (the numbers follow time order here).
            std::sort(sorted.begin(), sorted.end(), [](const AttemptInput* x, const AttemptInput* y) {
                return std::pair(x->startNs, x->number) < std::pair(y->startNs, y->number);
            });
            BucketArray jobSums {};
            std::vector<std::optional<int64_t>> firstTrain;
            for (size_t i = 0; i < sorted.size(); ++i) {
                const AttemptInput& in = *sorted[i];
                const AttemptResult& out = r.attempts[i];
                SCOPED_TRACE("seed " + std::to_string(seed) + " job " + std::to_string(n) + " attempt "
                    + std::to_string(in.number));
                ASSERT_EQ(out.number, in.number);
                const bool interrupted = isInterrupted(in.outcome);
                const std::optional<int64_t> lostFrom = interrupted ? oracleLostFrom(job, in) : std::nullopt;
                const std::vector<Segment> expected = oracleSegments(in, lostFrom);
                EXPECT_EQ(describe(out.segments), describe(expected));
                expectWellFormed(out);

                // attributeAttempt() alone agrees with the oracle given the same lost start.
                const AttemptResult alone = attributeAttempt(in, lostFrom, true);
                EXPECT_EQ(describe(alone.segments), describe(expected));
                EXPECT_EQ(alone.bucketsNs, out.bucketsNs);

                std::optional<int64_t> first;
                for (const Segment& s : expected) {
                    if (s.bucket == Bucket::Productive || s.bucket == Bucket::LostProgress) {
                        first = s.startNs;
                        break;
                    }
                }
                EXPECT_EQ(out.firstTrainNs, first);
                EXPECT_EQ(out.ttsNs, (first ? *first : in.endNs) - in.startNs);
                EXPECT_EQ(out.faultNs.has_value(), interrupted);
                firstTrain.push_back(first);

                const int64_t gap = i + 1 < sorted.size() ? sorted[i + 1]->startNs - in.endNs : 0;
                EXPECT_EQ(out.gapAfterNs, gap);
                for (size_t b = 0; b < jobSums.size(); ++b) {
                    jobSums[b] += out.bucketsNs[b];
                }
                jobSums[static_cast<size_t>(Bucket::Recovery)] += gap;
            }
            // Time to Recover: the first training instant of any later attempt.
            for (size_t i = 0; i < sorted.size(); ++i) {
                std::optional<int64_t> ttr;
                if (isInterrupted(sorted[i]->outcome)) {
                    for (size_t j = i + 1; j < sorted.size() && !ttr; ++j) {
                        if (firstTrain[j]) {
                            ttr = *firstTrain[j] - sorted[i]->interruptedAtNs;
                        }
                    }
                }
                EXPECT_EQ(r.attempts[i].ttrNs, ttr) << "seed " << seed << " job " << n << " attempt " << i;
            }
            EXPECT_EQ(r.bucketsNs, jobSums);
            EXPECT_EQ(sumOf(r.bucketsNs), r.e2eNs());
            for (size_t b = 0; b < seen.size(); ++b) {
                seen[b] += r.bucketsNs[b];
            }
            for (const auto& a : r.attempts) {
                withTtr += a.ttrNs.has_value();
            }
            EXPECT_EQ(r.windowStartNs, sorted.front()->startNs);
            EXPECT_EQ(r.windowEndNs, sorted.back()->endNs);
            EXPECT_EQ(r.ttsNs, r.attempts.front().ttsNs);
            EXPECT_EQ(r.noCheckpointData, job.checkpoints.empty());

            // The job's segment walk is contiguous, covers the window and adds up to the buckets.
            int64_t cursor = r.windowStartNs;
            BucketArray walked {};
            forEachJobSegment(r, job.gpus, false, [&](int64_t s, int64_t e, Bucket b, int64_t) {
                EXPECT_EQ(s, cursor);
                EXPECT_LT(s, e);
                walked[static_cast<size_t>(b)] += e - s;
                cursor = e;
            });
            EXPECT_EQ(cursor, r.windowEndNs);
            EXPECT_EQ(walked, r.bucketsNs);

            int failures = 0, preemptions = 0, others = 0;
            for (const auto& a : job.attempts) {
                failures += a.interruption == Interruption::Failure;
                preemptions += a.interruption == Interruption::Preemption;
                others += a.interruption == Interruption::Other;
            }
            EXPECT_EQ(r.failures, failures);
            EXPECT_EQ(r.preemptions, preemptions);
            EXPECT_EQ(r.otherInterruptions, others);
            if (testing::Test::HasFailure()) {
                return; // one failing job is enough to read
            }
        }
    }
    for (int b = 0; b < kBucketCount; ++b) {
        EXPECT_GT(seen[static_cast<size_t>(b)], 0)
            << "random jobs never produced " << bucketName(static_cast<Bucket>(b));
    }
    EXPECT_GT(withTtr, 20);
}

// ---------------------------------------------------------------------------------------------
// Segment codec

TEST(SegmentCodec, RoundTripsSegmentsOfARandomJob)
{
    Rng rng(42);
    for (int n = 0; n < 50; ++n) {
        const JobResult r = attributeJob(randomJob(rng));
        for (const AttemptResult& a : r.attempts) {
            const std::string blob = encodeSegments(a.segments);
            const auto decoded = decodeSegments(blob, a.startNs);
            ASSERT_TRUE(decoded.ok()) << decoded.error().message;
            EXPECT_EQ(describe(*decoded), describe(a.segments));
        }
    }
}

TEST(SegmentCodec, RoundTripsLongSegmentsAndEveryBucket)
{
    std::vector<Segment> segments;
    int64_t t = 1'700'000'000'000'000'000;
    const std::array<int64_t, 6> lengths = { 1, 127, 128, 16384, 86'400'000'000'000, 3'000'000'000'000'000'000 };
    for (int b = 0; b < kBucketCount; ++b) {
        const int64_t len = lengths[static_cast<size_t>(b) % lengths.size()] / (b >= 6 ? 1000 : 1);
        segments.push_back({ t, t + len, static_cast<Bucket>(b) });
        t += len;
    }
    const auto decoded = decodeSegments(encodeSegments(segments), segments.front().startNs);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(describe(*decoded), describe(segments));
}

TEST(SegmentCodec, EncodesBucketByteThenLeb128Length)
{
    const std::string blob = encodeSegments({ { 10, 310, Bucket::Productive }, { 310, 311, Bucket::Idle } });
    EXPECT_EQ(blob, std::string("\x00\xac\x02\x0c\x01", 5));
}

TEST(SegmentCodec, EmptyBlobDecodesToNoSegments)
{
    EXPECT_TRUE(encodeSegments({}).empty());
    const auto decoded = decodeSegments("", 5);
    ASSERT_TRUE(decoded.ok());
    EXPECT_TRUE(decoded->empty());
}

TEST(SegmentCodec, DecodingStartsAtTheGivenStart)
{
    const std::string blob = encodeSegments({ { 0, 5, Bucket::Init }, { 5, 9, Bucket::Productive } });
    const auto decoded = decodeSegments(blob, 1000);
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ(describe(*decoded), "[1000,1005)init [1005,1009)productive ");
}

TEST(SegmentCodec, UnknownBucketIsAnError)
{
    const auto decoded = decodeSegments(std::string("\x00\x05\x0d\x01", 4), 0);
    ASSERT_FALSE(decoded.ok());
    EXPECT_NE(decoded.error().message.find("bucket 13"), std::string::npos) << decoded.error().message;
    EXPECT_NE(decoded.error().message.find("byte 2"), std::string::npos) << decoded.error().message;
}

TEST(SegmentCodec, TruncatedLengthIsAnError)
{
    EXPECT_FALSE(decodeSegments(std::string("\x00", 1), 0).ok()); // bucket without a length
    const auto decoded = decodeSegments(std::string("\x00\x05\x03\x80\x80", 5), 0); // continuation at the end
    ASSERT_FALSE(decoded.ok());
    EXPECT_NE(decoded.error().message.find("truncated"), std::string::npos) << decoded.error().message;
}

TEST(SegmentCodec, OverlongVarintIsAnError)
{
    std::string blob(1, '\x00');
    blob.append(11, '\x80');
    blob.push_back('\x01');
    EXPECT_FALSE(decodeSegments(blob, 0).ok());
}

TEST(SegmentCodec, LengthPastTheEndOfTimeIsAnError)
{
    // A damaged length that would carry the end beyond int64: must be reported, not wrapped.
    std::string blob(1, '\x00');
    blob.append(8, '\xff');
    blob.push_back('\x7f'); // 2^63 - 1
    EXPECT_FALSE(decodeSegments(blob, 1000).ok());
    std::string huge(1, '\x00');
    huge.append(9, '\xff');
    huge.push_back('\x01'); // 2^64 - 1
    EXPECT_FALSE(decodeSegments(huge, 0).ok());
    std::string wide(1, '\x00');
    wide.append(9, '\x80');
    wide.push_back('\x02'); // 2^64: a bit beyond the 64th
    EXPECT_FALSE(decodeSegments(wide, 0).ok());
}

} // namespace
} // namespace ett::core
