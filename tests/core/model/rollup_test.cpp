// The roll-up of spec ett-trace-v1 sections 5.4-5.6: nearest-rank percentiles, GPU- and
// time-weighted ETT%, time-range clipping, the count-queue option, merging and exact formatting.
#include "core/model/accounting.h"
#include "core/model/duration_blocks.h"
#include "core/model/packed_sorted.h"
#include "core/model/rollup.h"
#include "core/model/types.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ett::core {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

// __int128 has no stream operator; compare through the exact decimal text (in seconds of ns).
std::string w(Wide v)
{
    return formatWideSeconds(v);
}

Wide bucketOf(const std::array<Wide, kBucketCount>& buckets, Bucket b)
{
    return buckets[static_cast<size_t>(b)];
}

PhaseSpan ph(Category c, int64_t s, int64_t e)
{
    return { s, e, c, -1 };
}

AttemptInput attempt(int32_t number, int64_t s, int64_t e, int64_t gpus, Outcome outcome = Outcome::Completed,
    std::optional<int64_t> interruptedAt = std::nullopt)
{
    AttemptInput a;
    a.number = number;
    a.startNs = s;
    a.endNs = e;
    a.gpus = gpus;
    a.outcome = outcome;
    a.interruptedAtNs = interruptedAt.value_or(e);
    a.interruption = classifyInterruption(outcome, "");
    return a;
}

// One completed attempt [s, e) with `gpus` GPUs: idle until s + idleNs, then training.
JobInput simpleJob(int64_t s, int64_t e, int64_t gpus, int64_t idleNs)
{
    JobInput job;
    job.gpus = gpus;
    AttemptInput a = attempt(0, s, e, gpus);
    a.phases = { ph(Category::Train, s + idleNs, e) };
    job.attempts = { a };
    job.checkpoints = { { s, s, false } };
    return job;
}

RollupOptions range(std::optional<int64_t> from, std::optional<int64_t> to, bool countQueue = false)
{
    RollupOptions o;
    o.fromNs = from;
    o.toNs = to;
    o.countQueue = countQueue;
    return o;
}

Figures figuresOf(const std::vector<JobInput>& jobs, const RollupOptions& o)
{
    Figures f;
    for (const JobInput& j : jobs) {
        addJob(f, attributeJob(j), j.gpus, o);
    }
    return f;
}

Wide sumOf(const std::array<Wide, kBucketCount>& buckets)
{
    Wide s = 0;
    for (Wide v : buckets) {
        s += v;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------
// Nearest-rank percentiles (spec 5.4)

TEST(NearestRank, EmptyHasNoValue)
{
    std::vector<int64_t> none;
    EXPECT_FALSE(nearestRank(none, 50).has_value());
    const Percentiles p = percentilesOf({});
    EXPECT_FALSE(p.p50.has_value());
    EXPECT_FALSE(p.p90.has_value());
    EXPECT_FALSE(p.p99.has_value());
}

TEST(NearestRank, WithoutSortingEqualsTheSortedValuesForAnySize)
{
    // percentilesOf places only the three ranks; the full sort is the reference.
    std::mt19937_64 rng(7);
    for (size_t n = 1; n <= 300; ++n) {
        std::vector<int64_t> values(n);
        for (auto& v : values) {
            v = static_cast<int64_t>(rng() % 50) - 10; // ties and negatives
        }
        std::vector<int64_t> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        const Percentiles a = percentilesOf(values);
        const Percentiles b = percentilesOfSorted(sorted);
        EXPECT_EQ(a.p50, b.p50) << n;
        EXPECT_EQ(a.p90, b.p90) << n;
        EXPECT_EQ(a.p99, b.p99) << n;
    }
}

TEST(NearestRank, OfListsEqualsTheirMerge)
{
    // Lists of any number and size (empty ones too), unsorted, with ties across lists, negatives,
    // the extremes of int64, values spread over every octave and values crowded into one bucket:
    // the ranks of the union are those of the merged, sorted copy.
    std::mt19937_64 rng(11);
    const int64_t extremes[] = { std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), -1, 0 };
    for (int round = 0; round < 600; ++round) {
        std::vector<std::vector<int64_t>> lists(1 + rng() % 5);
        std::vector<int64_t> merged;
        for (auto& list : lists) {
            list.resize(rng() % (round % 5 == 0 ? 3000 : 40));
            for (auto& v : list) {
                switch (round % 4) {
                case 0:
                    v = extremes[rng() % 4];
                    break;
                case 1:
                    v = static_cast<int64_t>(rng() % 60) - 20;
                    break;
                case 2: // any magnitude, either sign
                    v = static_cast<int64_t>(rng() >> (rng() % 64)) * (rng() % 2 == 0 ? 1 : -1);
                    break;
                default: // a thousand values a step apart inside one bucket of a large magnitude
                    v = (int64_t { 1 } << 40) + static_cast<int64_t>(rng() % 1000);
                }
            }
            merged.insert(merged.end(), list.begin(), list.end());
        }
        std::sort(merged.begin(), merged.end());
        std::vector<const std::vector<int64_t>*> pointers;
        for (const auto& list : lists) {
            pointers.push_back(&list);
        }
        const Percentiles a = percentilesOfLists(pointers);
        const Percentiles b = percentilesOfSorted(merged);
        EXPECT_EQ(a.p50, b.p50) << round;
        EXPECT_EQ(a.p90, b.p90) << round;
        EXPECT_EQ(a.p99, b.p99) << round;
        // The same lists each sorted and marked so: ranked by searching, the same ranks.
        std::vector<std::vector<int64_t>> sortedLists = lists;
        std::vector<ValueRun> sortedRuns;
        for (auto& list : sortedLists) {
            std::sort(list.begin(), list.end());
            sortedRuns.push_back(ValueRun { list.data(), list.size(), true });
        }
        const Percentiles c = percentilesOfLists(sortedRuns);
        EXPECT_EQ(c.p50, b.p50) << round;
        EXPECT_EQ(c.p90, b.p90) << round;
        EXPECT_EQ(c.p99, b.p99) << round;
    }
    EXPECT_FALSE(percentilesOfLists(std::vector<const std::vector<int64_t>*> {}).p50.has_value());
    EXPECT_FALSE(percentilesOfLists(std::vector<ValueRun> {}).p50.has_value());
}

TEST(DurationBlocks, HoldTheValuesInTheirOrderAcrossBlocksAndRankAsAVector)
{
    // Around each block's end (1 Ki, then 2, 4, 8, 16 Ki and 16 Ki on) and well past them.
    std::mt19937_64 rng(5);
    for (const size_t n : { size_t { 0 }, size_t { 1 }, size_t { 1023 }, size_t { 1024 }, size_t { 1025 },
             size_t { 3072 }, size_t { 31'744 }, size_t { 31'745 }, size_t { 200'001 } }) {
        SCOPED_TRACE(n);
        DurationBlocks blocks;
        std::vector<int64_t> values(n);
        for (auto& v : values) {
            v = static_cast<int64_t>(rng() % 1'000'000'000'000) - 1000;
            blocks.push_back(v);
        }
        EXPECT_EQ(blocks.size(), n);
        EXPECT_EQ(blocks.empty(), n == 0);
        EXPECT_EQ(blocks.flat(), values);
        std::vector<int64_t> fromRuns;
        for (const ValueRun run : blocks.runs()) {
            EXPECT_FALSE(run.empty());
            fromRuns.insert(fromRuns.end(), run.begin(), run.end());
        }
        EXPECT_EQ(fromRuns, values);
        std::sort(values.begin(), values.end());
        const Percentiles a = percentilesOfLists(blocks.runs());
        const Percentiles b = percentilesOfSorted(values);
        EXPECT_EQ(a.p50, b.p50);
        EXPECT_EQ(a.p90, b.p90);
        EXPECT_EQ(a.p99, b.p99);
    }
}

TEST(NearestRank, SingleValueIsEveryPercentile)
{
    const Percentiles p = percentilesOf({ 42 });
    EXPECT_EQ(p.p50, 42);
    EXPECT_EQ(p.p90, 42);
    EXPECT_EQ(p.p99, 42);
}

TEST(NearestRank, TenValuesTakeRanksFiveNineAndTen)
{
    // Ranks ceil(0.5 x 10) = 5, ceil(0.9 x 10) = 9, ceil(0.99 x 10) = 10.
    const Percentiles p = percentilesOf({ 70, 10, 100, 40, 20, 90, 60, 30, 80, 50 });
    EXPECT_EQ(p.p50, 50);
    EXPECT_EQ(p.p90, 90);
    EXPECT_EQ(p.p99, 100);
}

TEST(NearestRank, HundredValuesTakeRanksFiftyNinetyAndNinetyNine)
{
    std::vector<int64_t> values;
    for (int64_t v = 100; v >= 1; --v) {
        values.push_back(v * 1000);
    }
    const Percentiles p = percentilesOf(values);
    EXPECT_EQ(p.p50, 50'000);
    EXPECT_EQ(p.p90, 90'000);
    EXPECT_EQ(p.p99, 99'000);
}

TEST(NearestRank, RoundsTheRankUpWithoutInterpolating)
{
    // N = 3: ranks ceil(1.5) = 2, ceil(2.7) = 3, ceil(2.97) = 3.
    const Percentiles p3 = percentilesOf({ 3, 1, 2 });
    EXPECT_EQ(p3.p50, 2);
    EXPECT_EQ(p3.p90, 3);
    EXPECT_EQ(p3.p99, 3);
    // N = 7: rank ceil(3.5) = 4 for p50, ceil(6.3) = 7 for p90.
    const Percentiles p7 = percentilesOf({ 1, 2, 3, 4, 5, 6, 7 });
    EXPECT_EQ(p7.p50, 4);
    EXPECT_EQ(p7.p90, 7);
    // N = 101: p99 rank ceil(99.99) = 100, one below the maximum.
    std::vector<int64_t> values;
    for (int64_t v = 1; v <= 101; ++v) {
        values.push_back(v);
    }
    EXPECT_EQ(percentilesOf(values).p99, 100);
}

TEST(NearestRank, EvenCountMedianIsTheLowerMiddleValue)
{
    const Percentiles p = percentilesOf({ 10, 40, 20, 30 });
    EXPECT_EQ(p.p50, 20); // rank 2; no averaging with 30
}

TEST(NearestRank, SortsInPlaceAndHandlesDuplicatesAndNegatives)
{
    std::vector<int64_t> values = { 5, -3, 5, 0, 5 };
    EXPECT_EQ(nearestRank(values, 50), 5); // rank 3 of -3 0 5 5 5
    EXPECT_EQ(values, (std::vector<int64_t> { -3, 0, 5, 5, 5 }));
    EXPECT_EQ(nearestRank(values, 20), -3); // rank 1
    EXPECT_EQ(nearestRank(values, 40), 0); // rank 2
    EXPECT_EQ(nearestRank(values, 100), 5);
}

// ---------------------------------------------------------------------------------------------
// GPU-weighted and time-weighted ETT% (spec 5.5)

TEST(Weighting, EqualGpusGiveEqualPercentages)
{
    const std::vector<JobInput> jobs
        = { simpleJob(0, 100, 4, 30), simpleJob(50, 250, 4, 10), simpleJob(300, 310, 4, 10) };
    const Figures f = figuresOf(jobs, {});
    ASSERT_TRUE(f.ettPercentGpu().has_value());
    ASSERT_TRUE(f.ettPercentTime().has_value());
    EXPECT_DOUBLE_EQ(*f.ettPercentGpu(), *f.ettPercentTime());
    EXPECT_EQ(w(f.e2eGpuNs), w(f.e2eNs * 4));
    EXPECT_DOUBLE_EQ(*f.ettPercentTime(), 100.0 * (70 + 190 + 0) / 310.0);
}

TEST(Weighting, DifferentGpusGiveHandComputedPercentages)
{
    // Job A: 1 GPU, 50 of 100 productive. Job B: 3 GPUs, 90 of 100 productive.
    // Time-weighted: 140 / 200 = 70 %. GPU-weighted: (50 + 270) / (100 + 300) = 80 %.
    const std::vector<JobInput> jobs = { simpleJob(0, 100, 1, 50), simpleJob(0, 100, 3, 10) };
    const Figures f = figuresOf(jobs, {});
    EXPECT_EQ(f.jobs, 2);
    EXPECT_EQ(w(f.e2eNs), w(200));
    EXPECT_EQ(w(f.e2eGpuNs), w(400));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Productive)), w(140));
    EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Productive)), w(320));
    EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Idle)), w(50 + 30));
    EXPECT_EQ(w(f.lostGpuNs()), w(80));
    EXPECT_DOUBLE_EQ(*f.ettPercentTime(), 70.0);
    EXPECT_DOUBLE_EQ(*f.ettPercentGpu(), 80.0);
}

TEST(Weighting, AttemptGpusInsideAttemptsAndJobGpusInGaps)
{
    // Attempt 0: 2 GPUs, [0, 10) training. Gap [10, 20) at the job's 4. Attempt 1: 8 GPUs, [20, 30).
    JobInput job;
    job.gpus = 4;
    AttemptInput a0 = attempt(0, 0, 10, 2);
    a0.phases = { ph(Category::Train, 0, 10) };
    AttemptInput a1 = attempt(1, 20, 30, 8);
    a1.phases = { ph(Category::Train, 20, 30) };
    job.attempts = { a0, a1 };
    for (const RollupOptions& o : { RollupOptions {}, range(-100, 100) }) {
        const Figures f = figuresOf({ job }, o);
        EXPECT_EQ(w(f.e2eNs), w(30));
        EXPECT_EQ(w(f.e2eGpuNs), w(20 + 40 + 80));
        EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Productive)), w(100));
        EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Recovery)), w(40));
        EXPECT_DOUBLE_EQ(*f.ettPercentGpu(), 100.0 * 100 / 140);
        EXPECT_DOUBLE_EQ(*f.ettPercentTime(), 100.0 * 20 / 30);
    }
}

TEST(Weighting, WideSumsDoNotOverflowForLargeFleets)
{
    // 16384 GPUs for a year: GPU-nanoseconds beyond int64.
    constexpr int64_t kYearNs = 365LL * 86400 * 1'000'000'000;
    const Figures f = figuresOf({ simpleJob(0, kYearNs, 16384, 0), simpleJob(0, kYearNs, 16384, 0) }, {});
    const Wide expected = static_cast<Wide>(kYearNs) * 16384 * 2;
    EXPECT_GT(expected, static_cast<Wide>(std::numeric_limits<int64_t>::max()));
    EXPECT_EQ(w(f.e2eGpuNs), w(expected));
    EXPECT_DOUBLE_EQ(*f.ettPercentGpu(), 100.0);
}

// ---------------------------------------------------------------------------------------------
// Time ranges (spec 5.5)

TEST(TimeRange, ClipsBucketsAndEndToEnd)
{
    // Idle [0, 40), train [40, 100); range [25, 75): idle 15, productive 35.
    const Figures f = figuresOf({ simpleJob(0, 100, 2, 40) }, range(25, 75));
    EXPECT_EQ(w(f.e2eNs), w(50));
    EXPECT_EQ(w(f.e2eGpuNs), w(100));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Idle)), w(15));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Productive)), w(35));
    EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Productive)), w(70));
    EXPECT_EQ(w(sumOf(f.bucketsNs)), w(f.e2eNs));
    EXPECT_EQ(f.jobs, 1);
    EXPECT_EQ(f.attempts, 1);
}

TEST(TimeRange, OpenEndedRangesClipOneSide)
{
    const JobInput job = simpleJob(0, 100, 1, 40);
    const Figures from = figuresOf({ job }, range(60, std::nullopt));
    EXPECT_EQ(w(from.e2eNs), w(40));
    EXPECT_EQ(w(bucketOf(from.bucketsNs, Bucket::Productive)), w(40));
    const Figures to = figuresOf({ job }, range(std::nullopt, 60));
    EXPECT_EQ(w(to.e2eNs), w(60));
    EXPECT_EQ(w(bucketOf(to.bucketsNs, Bucket::Idle)), w(40));
    EXPECT_EQ(w(bucketOf(to.bucketsNs, Bucket::Productive)), w(20));
}

TEST(TimeRange, ClipsTheRecoveryGapBetweenAttempts)
{
    JobInput job;
    job.gpus = 3;
    AttemptInput a0 = attempt(0, 0, 10, 3);
    a0.phases = { ph(Category::Train, 0, 10) };
    AttemptInput a1 = attempt(1, 30, 40, 3);
    a1.phases = { ph(Category::Train, 30, 40) };
    job.attempts = { a0, a1 };
    const Figures f = figuresOf({ job }, range(15, 35));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Recovery)), w(15));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Productive)), w(5));
    EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Recovery)), w(45));
    EXPECT_EQ(f.attempts, 1); // only attempt 1 overlaps [15, 35)
}

TEST(TimeRange, JobCountsWhenItsWindowOverlaps)
{
    const JobInput job = simpleJob(10, 20, 1, 0);
    EXPECT_EQ(figuresOf({ job }, range(0, 10)).jobs, 0); // ends where the window starts
    EXPECT_EQ(figuresOf({ job }, range(20, 30)).jobs, 0); // starts where the window ends
    EXPECT_EQ(figuresOf({ job }, range(0, 11)).jobs, 1);
    EXPECT_EQ(figuresOf({ job }, range(19, 30)).jobs, 1);
    EXPECT_EQ(figuresOf({ job }, range(12, 13)).jobs, 1); // inside
    EXPECT_EQ(figuresOf({ job }, range(0, 100)).jobs, 1); // around
    const Figures none = figuresOf({ job }, range(20, 30));
    EXPECT_EQ(w(none.e2eNs), w(0));
    EXPECT_TRUE(none.ttsNs.empty());
}

TEST(TimeRange, InterruptionCountsWhereItsFaultLies)
{
    // Attempt 0 [0, 100) fails at f = 50; attempt 1 [120, 200) trains from 130 (TTR 80).
    JobInput job;
    AttemptInput a0 = attempt(0, 0, 100, 1, Outcome::Failed, 50);
    a0.interruption = classifyInterruption(Outcome::Failed, "infra.gpu");
    a0.phases = { ph(Category::Train, 0, 100) };
    AttemptInput a1 = attempt(1, 120, 200, 1);
    a1.phases = { ph(Category::Init, 120, 130), ph(Category::Train, 130, 200) };
    job.attempts = { a0, a1 };

    const Figures before = figuresOf({ job }, range(0, 50));
    EXPECT_EQ(before.failures, 0);
    EXPECT_TRUE(before.ttrNs.empty());
    const Figures at = figuresOf({ job }, range(50, 51));
    EXPECT_EQ(at.failures, 1);
    ASSERT_EQ(at.ttrNs.size(), 1u);
    EXPECT_EQ(at.ttrNs[0], 80);
    const Figures atRecovery = figuresOf({ job }, range(100, 200));
    EXPECT_EQ(atRecovery.failures, 0); // the recovery lies here, the fault does not
    EXPECT_TRUE(atRecovery.ttrNs.empty());
}

TEST(TimeRange, TimeToStartCountsWhereTheFirstAttemptStarts)
{
    JobInput job;
    AttemptInput a0 = attempt(0, 100, 200, 1);
    a0.phases = { ph(Category::Init, 100, 150), ph(Category::Train, 150, 200) };
    job.attempts = { a0 };
    const Figures atStart = figuresOf({ job }, range(100, 101));
    ASSERT_EQ(atStart.ttsNs.size(), 1u);
    EXPECT_EQ(atStart.ttsNs[0], 50);
    const Figures later = figuresOf({ job }, range(101, 300));
    EXPECT_EQ(later.jobs, 1);
    EXPECT_TRUE(later.ttsNs.empty());
    const Figures earlier = figuresOf({ job }, range(0, 100));
    EXPECT_EQ(earlier.jobs, 0);
    EXPECT_TRUE(earlier.ttsNs.empty());
}

TEST(TimeRange, ZeroLengthWindowCountsWhereItsInstantLies)
{
    JobInput job;
    job.attempts = { attempt(0, 10, 10, 1) };
    const Figures inside = figuresOf({ job }, range(10, 20));
    EXPECT_EQ(inside.jobs, 1);
    EXPECT_EQ(inside.attempts, 1);
    EXPECT_EQ(w(inside.e2eNs), w(0));
    ASSERT_EQ(inside.ttsNs.size(), 1u);
    EXPECT_EQ(inside.ttsNs[0], 0);
    const Figures before = figuresOf({ job }, range(0, 10));
    EXPECT_EQ(before.jobs, 0);
    EXPECT_EQ(before.attempts, 0);
    const Figures whole = figuresOf({ job }, {});
    EXPECT_EQ(whole.jobs, 1);
    EXPECT_EQ(w(whole.e2eNs), w(0));
    EXPECT_FALSE(whole.ettPercentTime().has_value());
    EXPECT_FALSE(whole.ettPercentGpu().has_value());
}

TEST(TimeRange, EmptyRangeCountsNothing)
{
    const Figures f = figuresOf({ simpleJob(0, 100, 1, 0) }, range(50, 50));
    EXPECT_EQ(w(f.e2eNs), w(0));
    EXPECT_EQ(w(sumOf(f.bucketsNs)), w(0));
}

TEST(TimeRange, JobWithoutAttemptsIsNeverCounted)
{
    Figures f;
    addJob(f, attributeJob(JobInput {}), 1, {});
    addJob(f, attributeJob(JobInput {}), 1, range(0, 10));
    EXPECT_EQ(f.jobs, 0);
    EXPECT_EQ(f.noCheckpointDataJobs, 0);
}

// SplitMix64, for random fleets.
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
    int64_t range(int64_t lo, int64_t hi)
    {
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }
    bool chance(int percent) { return range(0, 99) < percent; }

private:
    uint64_t m_state;
};

// Jobs spread over days [0, 6 x kDayNs), with queues, gaps, faults and per-attempt GPU counts.
constexpr int64_t kDayNs = 1000;

std::vector<JobInput> randomFleet(Rng& rng, int count)
{
    std::vector<JobInput> jobs;
    for (int n = 0; n < count; ++n) {
        JobInput job;
        job.gpus = rng.range(1, 64);
        int64_t t = rng.range(0, 4 * kDayNs);
        if (rng.chance(60)) {
            job.submittedNs = t - rng.range(0, kDayNs);
        }
        const int attempts = static_cast<int>(rng.range(1, 3));
        for (int i = 0; i < attempts; ++i) {
            const int64_t len = rng.chance(5) ? 0 : rng.range(1, kDayNs);
            const auto outcome = static_cast<Outcome>(rng.range(0, kOutcomeCount - 1));
            AttemptInput a
                = attempt(i, t, t + len, rng.chance(50) ? job.gpus : rng.range(1, 64), outcome, rng.range(t, t + len));
            a.interruption = classifyInterruption(outcome, rng.chance(50) ? "infra" : "user");
            const int phases = static_cast<int>(rng.range(0, 6));
            for (int p = 0; p < phases; ++p) {
                const int64_t s = rng.range(a.startNs, a.endNs);
                a.phases.push_back(
                    ph(static_cast<Category>(rng.range(0, kCategoryCount - 1)), s, rng.range(s, a.endNs)));
            }
            a.phases.push_back(ph(Category::Train, a.startNs + len / 4, a.endNs));
            job.attempts.push_back(a);
            t = a.endNs + (rng.chance(40) ? 0 : rng.range(1, kDayNs / 2));
        }
        if (rng.chance(70)) {
            job.checkpoints.push_back({ job.attempts.front().startNs, job.attempts.front().startNs, false });
        }
        jobs.push_back(std::move(job));
    }
    return jobs;
}

void expectSameTotals(const Figures& sum, const Figures& whole)
{
    EXPECT_EQ(w(sum.e2eNs), w(whole.e2eNs));
    EXPECT_EQ(w(sum.e2eGpuNs), w(whole.e2eGpuNs));
    for (int b = 0; b < kBucketCount; ++b) {
        const auto i = static_cast<size_t>(b);
        EXPECT_EQ(w(sum.bucketsNs[i]), w(whole.bucketsNs[i])) << bucketName(static_cast<Bucket>(b));
        EXPECT_EQ(w(sum.bucketsGpuNs[i]), w(whole.bucketsGpuNs[i])) << bucketName(static_cast<Bucket>(b));
    }
    EXPECT_EQ(sum.failures, whole.failures);
    EXPECT_EQ(sum.preemptions, whole.preemptions);
    EXPECT_EQ(sum.otherInterruptions, whole.otherInterruptions);
    auto sorted = [](std::vector<int64_t> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    EXPECT_EQ(sorted(sum.ttsNs), sorted(whole.ttsNs));
    EXPECT_EQ(sorted(sum.ttrNs), sorted(whole.ttrNs));
}

TEST(TimeRange, PerDayRangesAddUpExactlyToTheWholeRange)
{
    for (uint64_t seed : { 7ULL, 8ULL, 9ULL }) {
        for (bool countQueue : { false, true }) {
            SCOPED_TRACE("seed " + std::to_string(seed) + (countQueue ? " with queue" : " without queue"));
            Rng rng(seed);
            std::vector<JobResult> results;
            std::vector<int64_t> gpus;
            for (const JobInput& j : randomFleet(rng, 120)) {
                results.push_back(attributeJob(j));
                gpus.push_back(j.gpus);
            }
            // Days from well before the first submission to well after the last end.
            constexpr int64_t kFirst = -2 * kDayNs;
            constexpr int64_t kLast = 8 * kDayNs;
            Figures days;
            int64_t jobDays = 0;
            for (int64_t d = kFirst; d < kLast; d += kDayNs) {
                Figures day;
                for (size_t i = 0; i < results.size(); ++i) {
                    addJob(day, results[i], gpus[i], range(d, d + kDayNs, countQueue));
                }
                EXPECT_EQ(w(sumOf(day.bucketsNs)), w(day.e2eNs));
                EXPECT_EQ(w(sumOf(day.bucketsGpuNs)), w(day.e2eGpuNs));
                jobDays += day.jobs;
                days.merge(day);
            }
            Figures whole;
            Figures unbounded;
            for (size_t i = 0; i < results.size(); ++i) {
                addJob(whole, results[i], gpus[i], range(kFirst, kLast, countQueue));
                addJob(unbounded, results[i], gpus[i], range(std::nullopt, std::nullopt, countQueue));
            }
            expectSameTotals(days, whole);
            expectSameTotals(whole, unbounded); // the clipped path agrees with the whole-window path
            EXPECT_EQ(whole.jobs, 120);
            EXPECT_EQ(unbounded.jobs, 120);
            EXPECT_GE(jobDays, whole.jobs); // a job spanning midnight counts on both days
            EXPECT_GT(whole.failures + whole.preemptions + whole.otherInterruptions, 0);
            EXPECT_FALSE(whole.ttrNs.empty());
        }
    }
}

TEST(TimeRange, IrregularSplitsAddUpExactlyToo)
{
    Rng rng(11);
    const std::vector<JobInput> jobs = randomFleet(rng, 60);
    std::vector<int64_t> cuts = { -3000, 9000 };
    for (int i = 0; i < 25; ++i) {
        cuts.push_back(rng.range(-3000, 9000));
    }
    std::sort(cuts.begin(), cuts.end());
    Figures pieces;
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
        pieces.merge(figuresOf(jobs, range(cuts[i], cuts[i + 1])));
    }
    expectSameTotals(pieces, figuresOf(jobs, range(cuts.front(), cuts.back())));
}

// ---------------------------------------------------------------------------------------------
// Count queue (spec 5.6)

JobInput queuedJob()
{
    // Submitted at 0, starts at 30, trains [40, 100) on 2 GPUs (the job declares 5).
    JobInput job;
    job.gpus = 5;
    job.submittedNs = 0;
    AttemptInput a = attempt(0, 30, 100, 2);
    a.phases = { ph(Category::Setup, 30, 40), ph(Category::Train, 40, 100) };
    job.attempts = { a };
    return job;
}

TEST(CountQueue, OffLeavesTheWindowAtTheFirstStart)
{
    const Figures f = figuresOf({ queuedJob() }, {});
    EXPECT_EQ(w(f.e2eNs), w(70));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Queue)), w(0));
    EXPECT_DOUBLE_EQ(*f.ettPercentTime(), 100.0 * 60 / 70);
}

TEST(CountQueue, OnExtendsTheWindowWithQueueTime)
{
    const Figures f = figuresOf({ queuedJob() }, range(std::nullopt, std::nullopt, true));
    EXPECT_EQ(w(f.e2eNs), w(100));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Queue)), w(30));
    EXPECT_EQ(w(bucketOf(f.bucketsGpuNs, Bucket::Queue)), w(30 * 5)); // the job's GPUs
    EXPECT_EQ(w(f.e2eGpuNs), w(30 * 5 + 70 * 2));
    EXPECT_EQ(w(sumOf(f.bucketsNs)), w(f.e2eNs));
    EXPECT_EQ(w(sumOf(f.bucketsGpuNs)), w(f.e2eGpuNs));
    EXPECT_DOUBLE_EQ(*f.ettPercentTime(), 60.0);
    ASSERT_EQ(f.ttsNs.size(), 1u);
    EXPECT_EQ(f.ttsNs[0], 10); // Time to Start still runs from the attempt start
}

TEST(CountQueue, RangeClipsTheQueueToo)
{
    const Figures f = figuresOf({ queuedJob() }, range(10, 40, true));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Queue)), w(20));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Setup)), w(10));
    EXPECT_EQ(w(f.e2eNs), w(30));
    EXPECT_EQ(w(f.e2eGpuNs), w(20 * 5 + 10 * 2));
}

TEST(CountQueue, JobCountsInARangeHoldingOnlyItsQueue)
{
    EXPECT_EQ(figuresOf({ queuedJob() }, range(0, 30, true)).jobs, 1);
    EXPECT_EQ(figuresOf({ queuedJob() }, range(0, 30, false)).jobs, 0);
}

TEST(CountQueue, TimeToStartStillCountsWhereTheAttemptStarts)
{
    const Figures queueOnly = figuresOf({ queuedJob() }, range(0, 30, true));
    EXPECT_EQ(queueOnly.jobs, 1);
    EXPECT_TRUE(queueOnly.ttsNs.empty());
    const Figures atStart = figuresOf({ queuedJob() }, range(30, 31, true));
    ASSERT_EQ(atStart.ttsNs.size(), 1u);
    EXPECT_EQ(atStart.ttsNs[0], 10);
}

TEST(CountQueue, NoQueueWhenSubmittedAfterStart)
{
    JobInput job = queuedJob();
    job.submittedNs = 50;
    const Figures f = figuresOf({ job }, range(std::nullopt, std::nullopt, true));
    EXPECT_EQ(w(f.e2eNs), w(70));
    EXPECT_EQ(w(bucketOf(f.bucketsNs, Bucket::Queue)), w(0));
}

// ---------------------------------------------------------------------------------------------
// Figures, percentages and formatting

TEST(Figures, MergeEqualsAddingEverythingToOne)
{
    Rng rng(5);
    const std::vector<JobInput> jobs = randomFleet(rng, 40);
    const std::vector<JobInput> firstHalf(jobs.begin(), jobs.begin() + 20);
    const std::vector<JobInput> secondHalf(jobs.begin() + 20, jobs.end());
    for (const RollupOptions& o : { RollupOptions {}, range(500, 3500, true) }) {
        Figures merged = figuresOf(firstHalf, o);
        merged.merge(figuresOf(secondHalf, o));
        const Figures all = figuresOf(jobs, o);
        EXPECT_EQ(merged.jobs, all.jobs);
        EXPECT_EQ(merged.attempts, all.attempts);
        EXPECT_EQ(merged.noCheckpointDataJobs, all.noCheckpointDataJobs);
        EXPECT_EQ(merged.ttsNs, all.ttsNs); // appended in the same order
        EXPECT_EQ(merged.ttrNs, all.ttrNs);
        expectSameTotals(merged, all);
    }
}

TEST(Figures, MergeIntoEmptyCopies)
{
    Rng rng(6);
    const Figures some = figuresOf(randomFleet(rng, 10), {});
    Figures empty;
    empty.merge(some);
    expectSameTotals(empty, some);
    EXPECT_EQ(empty.jobs, some.jobs);
}

TEST(Figures, CountsJobsWithoutCheckpointData)
{
    JobInput flagged = simpleJob(0, 10, 1, 0);
    flagged.checkpoints.clear();
    const Figures f = figuresOf({ flagged, simpleJob(0, 10, 1, 0) }, {});
    EXPECT_EQ(f.noCheckpointDataJobs, 1);
}

TEST(PercentOf, ZeroDenominatorHasNoValue)
{
    EXPECT_FALSE(percentOf(0, 0).has_value());
    EXPECT_FALSE(percentOf(5, 0).has_value());
    EXPECT_FALSE(Figures {}.ettPercentGpu().has_value());
    EXPECT_FALSE(Figures {}.ettPercentTime().has_value());
}

TEST(PercentOf, DividesWideValues)
{
    EXPECT_DOUBLE_EQ(*percentOf(0, 7), 0.0);
    EXPECT_DOUBLE_EQ(*percentOf(1, 4), 25.0);
    EXPECT_DOUBLE_EQ(*percentOf(52800, 58545), 100.0 * 52800 / 58545);
    const Wide big = static_cast<Wide>(std::numeric_limits<int64_t>::max()) * 1'000'000;
    EXPECT_DOUBLE_EQ(*percentOf(big, big * 2), 50.0);
}

TEST(FormatWide, WritesEveryDigitOfEitherSign)
{
    EXPECT_EQ(formatWide(0), "0");
    EXPECT_EQ(formatWide(-7), "-7");
    EXPECT_EQ(formatWide(static_cast<Wide>(1'000'000'000'000'000'000) * 1'289'169), "1289169000000000000000000");
    const Wide maxWide = ((static_cast<Wide>(1) << 126) - 1) * 2 + 1; // 2^127 - 1
    EXPECT_EQ(formatWide(maxWide), "170141183460469231731687303715884105727");
    EXPECT_EQ(formatWide(-maxWide - 1), "-170141183460469231731687303715884105728");
}

TEST(FormatWideSeconds, WritesExactDecimalSeconds)
{
    EXPECT_EQ(formatWideSeconds(0), "0");
    EXPECT_EQ(formatWideSeconds(static_cast<Wide>(58545) * 1'000'000'000), "58545");
    EXPECT_EQ(formatWideSeconds(250'000'000), "0.25");
    EXPECT_EQ(formatWideSeconds(1), "0.000000001");
    EXPECT_EQ(formatWideSeconds(-1'000'000'001), "-1.000000001");
    EXPECT_EQ(formatWideSeconds(-500'000'000), "-0.5");
}

TEST(FormatWideSeconds, WritesValuesBeyondInt64)
{
    const Wide tenTo30 = static_cast<Wide>(1'000'000'000'000'000) * 1'000'000'000'000'000;
    EXPECT_EQ(formatWideSeconds(tenTo30 + 500'000'000), "1000000000000000000000.5");
    EXPECT_EQ(formatWideSeconds(static_cast<Wide>(std::numeric_limits<int64_t>::max()) + 1), "9223372036.854775808");
    const Wide maxWide = ((static_cast<Wide>(1) << 126) - 1) * 2 + 1; // 2^127 - 1
    EXPECT_EQ(formatWideSeconds(maxWide), "170141183460469231731687303715.884105727");
    EXPECT_EQ(formatWideSeconds(-maxWide), "-170141183460469231731687303715.884105727");
}

TEST(RankedSamples, ReadLikeTheSamplesTheyRank)
{
    Figures held;
    held.ttsNs = { 30, 10, 20, 40 };
    held.addTtr(100, TtrSplit { 10, 30, 60 });
    EXPECT_TRUE(held.samplesHeld());
    EXPECT_EQ(held.sampleCount(SampleList::Tts), 4);
    EXPECT_TRUE(held.sampleSum(SampleList::Tts) == 100);
    EXPECT_EQ(held.samplePercentiles(SampleList::Tts).p50, 20); // rank ceil(0.5 x 4) = 2
    EXPECT_EQ(held.samplePercentiles(SampleList::Tts).p90, 40);

    // What a store sends instead: the same reading, no samples.
    Figures ranked;
    RankedSampleLists::Lists lists;
    for (size_t l = 0; l < kSampleLists; ++l) {
        lists[l] = held.rankedSamples(static_cast<SampleList>(l));
    }
    ranked.ranked.set(lists);
    EXPECT_FALSE(ranked.samplesHeld());
    EXPECT_FALSE(ranked.empty());
    for (size_t l = 0; l < kSampleLists; ++l) {
        EXPECT_TRUE(ranked.rankedSamples(static_cast<SampleList>(l)) == held.rankedSamples(static_cast<SampleList>(l)));
    }
    EXPECT_TRUE(ranked.sampleSum(SampleList::TtrRestart) == 30);

    // Merged into figures without samples they stay exact (a copy keeps them, too).
    Figures total;
    total.jobs = 3;
    total.merge(ranked);
    EXPECT_EQ(total.jobs, 3);
    EXPECT_FALSE(total.samplesHeld());
    EXPECT_EQ(total.samplePercentiles(SampleList::Tts).p90, 40);
    const Figures copy = total;
    EXPECT_EQ(copy.samplePercentiles(SampleList::Ttr).p50, 100);
    // Figures without samples merged in change nothing.
    total.merge(Figures {});
    EXPECT_EQ(total.sampleCount(SampleList::Tts), 4);

    // Two ranked lists add their counts and sums; their percentiles are unknown, never wrong.
    total.merge(held);
    EXPECT_EQ(total.sampleCount(SampleList::Tts), 8);
    EXPECT_TRUE(total.sampleSum(SampleList::Tts) == 200);
    EXPECT_FALSE(total.samplePercentiles(SampleList::Tts).p50.has_value());
    EXPECT_TRUE(total.ttsNs.empty());
}

TEST(DurationBlocks, SortedRunsJoinThePushedValuesAndAllSortedRankBySearching)
{
    // Runs of two shared, sorted owners (a chunk's kinds) added beside pushed values: the size, the
    // flat values (pushed first), the ranks of the union; then the pushed values sorted into a run
    // of their own: every run sorted, the same ranks.
    std::mt19937_64 rng(9);
    auto owner = std::make_shared<std::vector<int64_t>>(5000);
    for (auto& v : *owner) {
        v = static_cast<int64_t>(rng() % 1'000'000'000);
    }
    std::sort(owner->begin(), owner->begin() + 3000);
    std::sort(owner->begin() + 3000, owner->end());
    DurationBlocks blocks;
    std::vector<int64_t> all;
    for (int i = 0; i < 2500; ++i) {
        const auto v = static_cast<int64_t>(rng() % 2'000'000'000);
        blocks.push_back(v);
        all.push_back(v);
    }
    blocks.addSorted(owner, 0, 3000);
    blocks.addSorted(owner, 3000, 2000);
    blocks.addSorted(owner, 10, 0); // nothing
    all.insert(all.end(), owner->begin(), owner->end());
    EXPECT_EQ(blocks.size(), 7500u);
    EXPECT_EQ(blocks.pushed(), 2500u);
    EXPECT_EQ(blocks.flat(), all);
    std::sort(all.begin(), all.end());
    const Percentiles expected = percentilesOfSorted(all);
    auto expectRanks = [&](const DurationBlocks& b) {
        const Percentiles got = percentilesOfLists(b.runs());
        EXPECT_EQ(got.p50, expected.p50);
        EXPECT_EQ(got.p90, expected.p90);
        EXPECT_EQ(got.p99, expected.p99);
    };
    expectRanks(blocks);
    blocks.sortPushed();
    EXPECT_EQ(blocks.pushed(), 0u);
    EXPECT_EQ(blocks.size(), 7500u);
    const auto runs = blocks.runs();
    EXPECT_EQ(runs.size(), 3u);
    EXPECT_TRUE(std::all_of(runs.begin(), runs.end(), [](const ValueRun& r) { return r.sorted; }));
    expectRanks(blocks);
    blocks.push_back(-5); // pushing again after: one unsorted run before the sorted ones
    EXPECT_EQ(blocks.flat().front(), -5);
    EXPECT_EQ(blocks.size(), 7501u);
}

TEST(NearestRank, OfPackedSortedRunsEqualsTheirMerge)
{
    // Packed sorted runs (of any size around the anchors' stride, with ties and zeros) beside sorted
    // and unsorted plain runs: the ranks of the union, searched in place or unpacked first.
    std::mt19937_64 rng(21);
    for (int round = 0; round < 200; ++round) {
        std::vector<std::vector<int64_t>> lists(1 + rng() % 4);
        std::vector<std::string> values(lists.size());
        std::vector<std::string> anchors(lists.size());
        std::vector<PackedSortedRun> runs(lists.size());
        std::vector<int64_t> merged;
        for (size_t i = 0; i < lists.size(); ++i) {
            const size_t sizes[] = { 0, 1, 63, 64, 65, 128, 1000 + rng() % 3000 };
            lists[i].resize(sizes[rng() % 7]);
            for (auto& v : lists[i]) {
                v = round % 3 == 0 ? static_cast<int64_t>(rng() % 5) : static_cast<int64_t>(rng() >> (1 + rng() % 63));
            }
            std::sort(lists[i].begin(), lists[i].end());
            packSorted(lists[i], values[i], anchors[i]);
            runs[i].values = values[i];
            runs[i].anchors = anchors[i];
            runs[i].count = lists[i].size();
            ASSERT_EQ(checkPackedRun(runs[i]), "");
            std::vector<int64_t> back;
            runs[i].unpackInto(back);
            EXPECT_EQ(back, lists[i]);
            merged.insert(merged.end(), lists[i].begin(), lists[i].end());
        }
        std::vector<int64_t> plain(rng() % 50);
        for (auto& v : plain) {
            v = static_cast<int64_t>(rng() % 1'000'000);
        }
        std::vector<const PackedSortedRun*> packed;
        for (const auto& r : runs) {
            packed.push_back(&r);
        }
        for (const bool sortedPlain : { true, false }) {
            std::vector<int64_t> p = plain;
            if (sortedPlain) {
                std::sort(p.begin(), p.end());
            }
            std::vector<int64_t> all = merged;
            all.insert(all.end(), p.begin(), p.end());
            std::sort(all.begin(), all.end());
            const Percentiles want = percentilesOfSorted(all);
            const Percentiles got = percentilesOfLists({ ValueRun { p.data(), p.size(), sortedPlain } }, packed);
            EXPECT_EQ(got.p50, want.p50) << round;
            EXPECT_EQ(got.p90, want.p90) << round;
            EXPECT_EQ(got.p99, want.p99) << round;
        }
    }
    // A run whose bytes are not what its count says is refused.
    std::string values;
    std::string anchors;
    packSorted({ 1, 2, 3 }, values, anchors);
    PackedSortedRun wrong { values, anchors, 4 };
    EXPECT_NE(checkPackedRun(wrong), "");
    PackedSortedRun cut { std::string_view(values).substr(0, 2), anchors, 3 };
    EXPECT_NE(checkPackedRun(cut), "");
}

} // namespace
} // namespace ett::core
