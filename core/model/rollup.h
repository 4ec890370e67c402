// Reference roll-up (spec 5.4-5.6): sums attributed jobs into fleet or group figures,
// GPU-weighted and time-weighted, optionally clipped to a time range and with queue time
// counted. Sums are exact wide integers; percentages are divided out only when read.
#pragma once

#include "core/model/accounting.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

// The group of jobs that lack the attribute grouped by.
inline constexpr const char* kNoGroupName = "(none)";

// A half-open stretch of time [fromNs, toNs), nanoseconds since the epoch.
struct TimeSpan
{
    int64_t fromNs = 0;
    int64_t toNs = 0;

    bool operator==(const TimeSpan& o) const { return fromNs == o.fromNs && toNs == o.toNs; }
};

// Excluded windows (spec 7.4) in their normal form: sorted by start, disjoint and not touching
// (overlapping or adjacent spans merged), none empty. Pure.
std::vector<TimeSpan> normalizeExcluded(std::vector<TimeSpan> spans);
// The length of [s, e) inside the excluded spans (normal form, as normalizeExcluded() returns),
// 0 when e <= s. Pure.
int64_t excludedLength(int64_t s, int64_t e, const std::vector<TimeSpan>& excluded);

struct RollupOptions
{
    std::optional<int64_t> fromNs; // half-open range [from, to); absent ends are open
    std::optional<int64_t> toNs;
    bool countQueue = false; // spec 5.6
    // Excluded windows (spec 7.4) in normal form (normalizeExcluded): their time leaves E2E and the
    // buckets and is counted in Figures::excludedNs instead; empty: nothing excluded.
    std::vector<TimeSpan> excluded;

    bool hasRange() const { return fromNs.has_value() || toNs.has_value(); }
};

// Nearest-rank percentiles (spec 5.4) of a set of durations.
struct Percentiles
{
    std::optional<int64_t> p50;
    std::optional<int64_t> p90;
    std::optional<int64_t> p99;
};

// The value at 1-based rank ceil(percent/100 x N) of the sorted values; nullopt when empty.
// Sorts `values` in place.
std::optional<int64_t> nearestRank(std::vector<int64_t>& values, int percent);
// As nearestRank() over values already sorted ascending (not checked); nothing is copied.
std::optional<int64_t> nearestRankSorted(const std::vector<int64_t>& sorted, int percent);
Percentiles percentilesOf(std::vector<int64_t> values);
// p50, p90 and p99 of values already sorted ascending.
Percentiles percentilesOfSorted(const std::vector<int64_t>& sorted);
// p50, p90 and p99 of the union of lists in any order: what percentilesOf() of their merge gives,
// without the merged copy and without sorting: the values are counted in buckets under 0.4% of
// their magnitude wide, then only those of the buckets that hold the ranks are kept and the ranks
// selected among them (two passes over the lists).
Percentiles percentilesOfLists(const std::vector<const std::vector<int64_t>*>& lists);
// A run of contiguous values (this header is also compiled as CUDA C++17: no std::span).
struct ValueRun
{
    const int64_t* first = nullptr;
    size_t count = 0;
    bool sorted = false; // ascending: ranked by searching rather than by counting
    const int64_t* begin() const { return first; }
    const int64_t* end() const { return first + count; }
    size_t size() const { return count; }
    bool empty() const { return count == 0; }
};
// The same of lists given as runs of contiguous values (core::DurationBlocks::runs()). When every
// run is sorted, each rank is found by a binary search over the values (each step counts the values
// at or below a value in every run by a binary search of its own) without a pass over the values.
Percentiles percentilesOfLists(const std::vector<ValueRun>& runs);
// The same with packed sorted runs (core/model/packed_sorted.h) among them: searched in place where
// every run is sorted, else unpacked first.
struct PackedSortedRun;
Percentiles percentilesOfLists(const std::vector<ValueRun>& runs, const std::vector<const PackedSortedRun*>& packed);

// Wide sums per bucket that are all zero unless something was set (the time inside excluded
// windows): held on the heap only once a value is written, so that a figure per job (a roll-up by
// job holds one for each) stays small. Reads as a std::array of zeros until then.
class SparseBucketWides
{
public:
    using Values = std::array<Wide, kBucketCount>;

    SparseBucketWides() = default;
    SparseBucketWides(const SparseBucketWides& o);
    SparseBucketWides(SparseBucketWides&&) noexcept = default;
    SparseBucketWides& operator=(const SparseBucketWides& o);
    SparseBucketWides& operator=(SparseBucketWides&&) noexcept = default;
    ~SparseBucketWides() = default;

    Wide operator[](size_t bucket) const { return m_values ? (*m_values)[bucket] : Wide { 0 }; }
    // The bucket's sum to write (allocates the sums on first use).
    Wide& at(size_t bucket);
    // All of them (zeros when none was written).
    const Values& values() const;
    bool held() const { return m_values != nullptr; }
    Values::const_iterator begin() const { return values().begin(); }
    Values::const_iterator end() const { return values().end(); }
    bool operator==(const SparseBucketWides& o) const { return values() == o.values(); }
    bool operator==(const Values& o) const { return values() == o; }

private:
    std::unique_ptr<Values> m_values;
};

// The sample lists a Figures holds (spec 5.4, 7.1): Time to Start per job, Time to Recover per
// recovery and its three parts, in this order.
enum class SampleList : uint8_t { Tts, Ttr, TtrDetect, TtrRestart, TtrStartup };
inline constexpr size_t kSampleLists = 5;

// What is read of a sample list: its count, sum and nearest-rank percentiles.
struct RankedSamples
{
    int64_t count = 0;
    Wide sum = 0;
    Percentiles percentiles;

    bool operator==(const RankedSamples& o) const
    {
        return count == o.count && sum == o.sum && percentiles.p50 == o.percentiles.p50
            && percentiles.p90 == o.percentiles.p90 && percentiles.p99 == o.percentiles.p99;
    }
};

// The lists of a Figures ranked where they live instead of held (a fleet store ranks them in SQL
// and sends none): on the heap only when set, so that a figure per job stays small.
class RankedSampleLists
{
public:
    using Lists = std::array<RankedSamples, kSampleLists>;

    RankedSampleLists() = default;
    RankedSampleLists(const RankedSampleLists& o);
    RankedSampleLists(RankedSampleLists&&) noexcept = default;
    RankedSampleLists& operator=(const RankedSampleLists& o);
    RankedSampleLists& operator=(RankedSampleLists&&) noexcept = default;
    ~RankedSampleLists() = default;

    bool held() const { return m_lists != nullptr; }
    // The ranked lists (held() must be true).
    const Lists& lists() const { return *m_lists; }
    // Sets them (held() is then true).
    void set(const Lists& lists);
    void reset() { m_lists.reset(); }

private:
    std::unique_ptr<Lists> m_lists;
};

struct Figures
{
    int64_t jobs = 0;
    int64_t attempts = 0;
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;
    std::array<Wide, kBucketCount> bucketsNs {};
    std::array<Wide, kBucketCount> bucketsGpuNs {};
    std::vector<int64_t> ttsNs; // one per counted job (its first attempt's), samples
    std::vector<int64_t> ttrNs; // one per counted interruption that trained again
    // The split of each TTR sample (spec 7.1), in the order of ttrNs: detect, restart, start-up.
    std::vector<int64_t> ttrDetectNs;
    std::vector<int64_t> ttrRestartNs;
    std::vector<int64_t> ttrStartupNs;
    int64_t failures = 0;
    int64_t preemptions = 0;
    int64_t otherInterruptions = 0;
    int64_t noCheckpointDataJobs = 0;
    // Time of the windows inside excluded windows (spec 7.4), per bucket it was taken from, and
    // GPU-weighted as the buckets are; not part of E2E or of bucketsNs. Zero without exclusions.
    SparseBucketWides excludedNs;
    SparseBucketWides excludedGpuNs;
    // Set where the five lists were ranked elsewhere and not sent (the vectors above then stay
    // empty): read them through sampleCount(), samplePercentiles() and sampleSum(), which take
    // either form. merge() keeps them exact only when one side has no samples at all; the sources
    // that rank rank each figure they return.
    RankedSampleLists ranked;

    // A list's samples as held (empty when ranked).
    const std::vector<int64_t>& samples(SampleList list) const;
    // Whether the lists are held as samples (not only ranked).
    bool samplesHeld() const { return !ranked.held(); }
    int64_t sampleCount(SampleList list) const;
    Percentiles samplePercentiles(SampleList list) const;
    Wide sampleSum(SampleList list) const;
    // What is read of one list, in either form.
    RankedSamples rankedSamples(SampleList list) const;

    // All excluded time, and GPU-weighted.
    Wide excludedTotalNs() const;
    Wide excludedTotalGpuNs() const;

    // productive / E2E in percent; nullopt when E2E is zero.
    std::optional<double> ettPercentGpu() const;
    // Adds a Time to Recover sample with its split.
    void addTtr(int64_t ttrNs, const TtrSplit& split);
    std::optional<double> ettPercentTime() const;
    // GPU-weighted time not spent productive (all buckets but productive).
    Wide lostGpuNs() const { return e2eGpuNs - bucketsGpuNs[static_cast<size_t>(Bucket::Productive)]; }

    void merge(const Figures& other);
    // The sample lists of merge().
    void mergeSamples(const Figures& other);
    // True when nothing at all was counted.
    bool empty() const;
};

// Counts an attempt's interruption in its class (spec 5.4); None counts nothing.
void countInterruption(Figures& figures, Interruption interruption);

// Adds one attributed job to the figures under the options. With a time range or excluded windows
// the job's segments must have been kept (attributeJob(..., true)): buckets and E2E are clipped to
// the range, less the excluded time (which goes to excludedNs; counts and samples are unchanged), the job counts when
// its window overlaps it, an interruption (and its Time to Recover) where its fault instant lies and Time to Start
// where the first attempt starts, even when that instant is the window's end (just outside it).
void addJob(Figures& figures, const JobResult& job, int64_t jobGpus, const RollupOptions& options);

// Quotient of two wide integers as a percentage; nullopt when the denominator is zero.
std::optional<double> percentOf(Wide numerator, Wide denominator);

// A wide integer in decimal, every digit exact ("-123", "1289169000000000000000000").
std::string formatWide(Wide v);
// Exact decimal seconds of a wide nanosecond count ("58545", "0.5").
std::string formatWideSeconds(Wide ns);

} // namespace ett::core
