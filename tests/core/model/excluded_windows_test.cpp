// Excluded windows (spec 7.4) in the reference roll-up: the edges of the worked example's job.
#include "core/model/accounting.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

constexpr int64_t kS = kNsPerSecond;

// Attempt 0 [0, 1000) trains from 100, fails at 1000 (checkpoint durable at 500, saved from 400);
// attempt 1 [1200, 2000) trains from 1300. 4 GPUs.
JobResult twoAttempts()
{
    JobInput job;
    job.gpus = 4;
    AttemptInput a0;
    a0.number = 0;
    a0.startNs = 0;
    a0.endNs = 1000 * kS;
    a0.gpus = 4;
    a0.outcome = Outcome::Failed;
    a0.interruptedAtNs = 1000 * kS;
    a0.interruption = classifyInterruption(Outcome::Failed, "infra");
    a0.phases = { { 0, 100 * kS, Category::Init, -1 }, { 100 * kS, 1000 * kS, Category::Train, -1 } };
    AttemptInput a1;
    a1.number = 1;
    a1.startNs = 1200 * kS;
    a1.endNs = 2000 * kS;
    a1.gpus = 4;
    a1.interruption = classifyInterruption(Outcome::Completed, "");
    a1.phases = { { 1200 * kS, 1300 * kS, Category::Init, -1 }, { 1300 * kS, 2000 * kS, Category::Train, -1 } };
    job.attempts = { a0, a1 };
    job.checkpoints = { { 400 * kS, 500 * kS, false } };
    return attributeJob(job);
}

Figures rollup(std::vector<TimeSpan> excluded, std::optional<int64_t> from = {}, std::optional<int64_t> to = {})
{
    RollupOptions o;
    o.fromNs = from;
    o.toNs = to;
    o.excluded = normalizeExcluded(std::move(excluded));
    Figures f;
    addJob(f, twoAttempts(), 4, o);
    return f;
}

// A bucket's value of a per-bucket array (std::array or SparseBucketWides).
int64_t at(const auto& a, Bucket b)
{
    return static_cast<int64_t>(a[static_cast<size_t>(b)]);
}

TimeSpan span(int64_t fromS, int64_t toS)
{
    return { fromS * kS, toS * kS };
}

TEST(ExcludedWindows, OverlappingUnsortedAndTouchingSpansMergeAndEmptyOnesGo)
{
    const auto n = normalizeExcluded({ span(50, 60), span(10, 20), span(15, 30), span(30, 40), span(70, 70) });
    ASSERT_EQ(n.size(), 2u);
    EXPECT_EQ(n[0], span(10, 40));
    EXPECT_EQ(n[1], span(50, 60));
    EXPECT_EQ(excludedLength(0, 100 * kS, n), 40 * kS);
    EXPECT_EQ(excludedLength(35 * kS, 55 * kS, n), 10 * kS);
    EXPECT_EQ(excludedLength(40 * kS, 50 * kS, n), 0);
}

TEST(ExcludedWindows, AnEmptyListChangesNothing)
{
    Figures whole;
    addJob(whole, twoAttempts(), 4, {});
    const Figures f = rollup({});
    EXPECT_EQ(f.e2eNs, whole.e2eNs);
    EXPECT_EQ(f.e2eGpuNs, whole.e2eGpuNs);
    EXPECT_EQ(f.bucketsNs, whole.bucketsNs);
    EXPECT_EQ(f.excludedTotalNs(), 0);
    EXPECT_EQ(f.ttsNs, whole.ttsNs);
    EXPECT_EQ(f.ttrNs, whole.ttrNs);
}

TEST(ExcludedWindows, AnIntervalAcrossAnAttemptsEndSplitsLostProgressAndTheGap)
{
    // [900, 1250): lost progress 900-1000, the gap 1000-1200, init 1200-1250.
    const Figures f = rollup({ span(900, 1250) });
    EXPECT_EQ(f.e2eNs, Wide { (2000 - 350) * kS });
    EXPECT_EQ(at(f.excludedNs, Bucket::LostProgress), 100 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Recovery), 200 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Init), 50 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::LostProgress), 500 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Recovery), 0);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Init), 150 * kS);
    EXPECT_EQ(f.excludedGpuNs[static_cast<size_t>(Bucket::Recovery)], Wide { 4 * 200 * kS });
    // Events stay: one failure, its Time to Recover (1000 -> 1300), Time to Start.
    EXPECT_EQ(f.failures, 1);
    EXPECT_EQ(f.ttrNs, std::vector<int64_t> { 300 * kS });
    EXPECT_EQ(f.ttsNs, std::vector<int64_t> { 100 * kS });
}

TEST(ExcludedWindows, SeveralIntervalsAddUpAndBucketsStillSumToEndToEnd)
{
    const Figures f = rollup({ span(1500, 1600), span(0, 50), span(1550, 1700), span(300, 310) });
    EXPECT_EQ(f.excludedTotalNs(), Wide { (50 + 10 + 200) * kS });
    EXPECT_EQ(at(f.excludedNs, Bucket::Init), 50 * kS);
    EXPECT_EQ(at(f.excludedNs, Bucket::Productive), 210 * kS);
    Wide sum = 0;
    for (Wide b : f.bucketsNs) {
        sum += b;
    }
    EXPECT_EQ(sum, f.e2eNs);
    EXPECT_EQ(f.e2eNs + f.excludedTotalNs(), Wide { 2000 * kS });
}

TEST(ExcludedWindows, AJobWhollyExcludedCountsWithEndToEndZero)
{
    const Figures f = rollup({ span(-10, 2500) });
    EXPECT_EQ(f.jobs, 1);
    EXPECT_EQ(f.attempts, 2);
    EXPECT_EQ(f.e2eNs, 0);
    EXPECT_EQ(f.e2eGpuNs, 0);
    EXPECT_FALSE(f.ettPercentGpu().has_value());
    EXPECT_EQ(f.excludedTotalNs(), Wide { 2000 * kS });
    EXPECT_EQ(f.failures, 1);
    EXPECT_FALSE(f.empty());
}

TEST(ExcludedWindows, CombineWithATimeRangeByIntersection)
{
    // Range [800, 1400) less [900, 1250): kept 800-900 (lost progress) and 1250-1400.
    const Figures f = rollup({ span(900, 1250) }, 800 * kS, 1400 * kS);
    EXPECT_EQ(f.e2eNs, Wide { 250 * kS });
    EXPECT_EQ(f.excludedTotalNs(), Wide { 350 * kS });
    EXPECT_EQ(at(f.bucketsNs, Bucket::LostProgress), 100 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Init), 50 * kS);
    EXPECT_EQ(at(f.bucketsNs, Bucket::Productive), 100 * kS);
    // An interval outside the range excludes nothing.
    const Figures outside = rollup({ span(1500, 1900) }, 800 * kS, 1400 * kS);
    EXPECT_EQ(outside.excludedTotalNs(), 0);
    EXPECT_EQ(outside.e2eNs, Wide { 600 * kS });
}

TEST(ExcludedWindows, FiguresWithoutThemHoldNoExcludedSumsAndCopiesKeepTheirOwn)
{
    // Without windows (or with one that misses the job) nothing is held for them, merged or not:
    // a roll-up by job keeps one figure per job, so they stay small.
    Figures none = rollup({});
    Figures missed = rollup({ span(5000, 6000) });
    none.merge(missed);
    EXPECT_FALSE(none.excludedNs.held());
    EXPECT_FALSE(none.excludedGpuNs.held());
    EXPECT_FALSE(missed.excludedNs.held());
    EXPECT_EQ(none.excludedNs, SparseBucketWides::Values {});
    EXPECT_EQ(none.excludedNs[static_cast<size_t>(Bucket::Init)], 0);

    // Merged into figures without any, excluded sums arrive whole; a copy is deep, a move takes them.
    const Figures some = rollup({ span(900, 1250) });
    ASSERT_TRUE(some.excludedNs.held());
    none.merge(some);
    EXPECT_EQ(none.excludedNs, some.excludedNs);
    EXPECT_EQ(none.excludedGpuNs, some.excludedGpuNs);
    Figures copy = none;
    copy.excludedNs.at(static_cast<size_t>(Bucket::Init)) += 1;
    EXPECT_EQ(none.excludedNs, some.excludedNs);
    EXPECT_FALSE(copy.excludedNs == none.excludedNs);
    Figures moved = std::move(copy);
    EXPECT_EQ(
        moved.excludedNs[static_cast<size_t>(Bucket::Init)], some.excludedNs[static_cast<size_t>(Bucket::Init)] + 1);
    Wide sum = 0;
    for (Wide v : moved.excludedGpuNs) {
        sum += v;
    }
    EXPECT_EQ(sum, moved.excludedTotalGpuNs());
}

} // namespace
} // namespace ett::core
