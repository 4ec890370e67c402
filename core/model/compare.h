// Comparison of two cohorts, A and B: ETT% of each and the difference with a seeded
// bootstrap confidence interval over jobs, the bridge from A to B by bucket, distributions of
// Time to Start, Time to Recover and phase durations, interruption rates by cause class, and the
// matched jobs that moved most. Pure computation over figures the engine produced (gpu/compare.h
// gathers them); no SQLite, no Qt, no CUDA.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ett::core {

// A cohort as the user writes it: comma-separated key=value terms, ANDed.
//   label=before            dataset label (repeatable as label=a|b: any of them)
//   from=2025-06-01         range start (RFC 3339, a date, or epoch seconds), inclusive
//   to=2025-06-08           range end, exclusive
//   gpus>=64, gpus<=1024    job GPU-count range (also gpus=N)
//   team=ads|search         any attribute: one of the values ("(none)": jobs without the key)
struct CohortSpec
{
    std::vector<std::string> labels; // any of these; empty: all labels
    std::vector<std::pair<std::string, std::vector<std::string>>> attrs; // key -> any of values
    std::optional<int64_t> fromNs;
    std::optional<int64_t> toNs;
    int64_t minGpus = 0;
    int64_t maxGpus = INT64_MAX;
    // Count the queue before a job's first attempt (spec 5.6). A way of counting, not of selecting
    // jobs: text() does not write it and parseCohortSpec() leaves it false.
    bool countQueue = false;
    // Excluded windows (spec 7.4), in normal form (normalizeExcluded): their time leaves E2E and the
    // buckets. Like countQueue a way of counting: text() does not write it, parseCohortSpec() leaves
    // it empty.
    std::vector<TimeSpan> excluded;

    // The spec written back in its text form (canonical order), for titles and provenance; terms
    // joined by `separator` (", " lets a label wrap between terms; parseCohortSpec reads both).
    std::string text(std::string_view separator = ",") const;
    bool operator==(const CohortSpec&) const = default;

    // Editing, as a filter bar does it. Attribute terms stay sorted by key, so two specs that
    // select the same jobs compare equal however they were edited; a term with no value is no term.
    // The values `key`'s term accepts; nullptr when the attribute restricts nothing.
    const std::vector<std::string>* attrValues(std::string_view key) const;
    // Replaces `key`'s term by `values` (removes it when `values` is empty).
    void setAttr(const std::string& key, std::vector<std::string> values);
    // Adds `value` to `key`'s term; false when it was already there.
    bool addAttrValue(const std::string& key, const std::string& value);
    // Removes `value` from `key`'s term (and the term when it empties); false when it was not there.
    bool removeAttrValue(std::string_view key, std::string_view value);
    // Removes `label` from the labels; false when it was not there.
    bool removeLabel(std::string_view label);
};

// Ok when every label and attribute the spec names is among `labels` and `attrKeys`; else an Error
// naming the first unknown one and listing the known ones, prefixed by "`what`: " when `what` is
// not empty, and naming `where` (a database) for a label when `where` is not empty.
Status checkCohortNames(const CohortSpec& spec, const std::vector<std::string>& labels,
    const std::vector<std::string>& attrKeys, const std::string& what, const std::string& where = {});

// Parses a SPEC; `what` names it in errors ("--a"). Error names the term and what was expected.
Result<CohortSpec> parseCohortSpec(std::string_view text, std::string_view what);

// A spec's text (CohortSpec::text()) with its terms joined by ", ", for a label that wraps between
// terms (a text without blanks cannot wrap); `text` unchanged when it is no spec ("all jobs").
std::string spacedCohortText(std::string_view text);

// What a comparison reads of one job's figures: productive time and E2E, GPU-weighted and not (a
// cohort of many jobs holds these instead of each job's whole figures).
struct JobTotals
{
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;
    Wide productiveNs = 0;
    Wide productiveGpuNs = 0;

    JobTotals() = default;
    JobTotals(const Figures& f); // NOLINT(google-explicit-constructor): a job's figures read as its totals
    std::optional<double> ettPercentGpu() const { return percentOf(productiveGpuNs, e2eGpuNs); }
    Wide lostGpuNs() const { return e2eGpuNs - productiveGpuNs; }
};

// One job of a cohort, with its totals inside the cohort's filter (clipped to its range).
struct CohortJob
{
    std::string key; // the job key
    std::string match; // what matched jobs are paired by: the key, or an attribute's value
    JobTotals totals;
    std::string name; // the job's name ("" when it has none)
    int64_t gpus = 0;
    std::string label; // the job's dataset label (a key may be under several)
    int64_t startNs = INT64_MIN; // its first attempt's start; INT64_MIN when it has no attempt
    int64_t ref = -1; // the fleet source's number of the job (its JobIndex), carried to the pairs
};

// The order every fleet source lists a cohort's jobs in (the bootstrap draws by position): by key,
// then label. Stable.
void sortCohortJobs(std::vector<CohortJob>& jobs);

// Percentiles of a named set of durations, e.g. "compile" or "init.process_group_init".
struct DurationSample
{
    std::string name;
    int64_t count = 0;
    Percentiles percentiles;
};

// Interruptions of one cause class in a cohort.
struct CauseCount
{
    std::string causeClass; // "infra", "user", ... or "" for none given
    int64_t failures = 0;
    int64_t preemptions = 0;
};

struct CohortInput
{
    std::string spec; // CohortSpec::text(), for display
    Figures total; // the whole cohort (with its TTS / TTR samples)
    std::vector<CohortJob> jobs;
    std::vector<DurationSample> durations; // phase subcategories and categories
    std::vector<CauseCount> causes;
};

struct CompareOptions
{
    uint64_t seed = 20250601; // the bootstrap's seed: the same seed gives the same interval
    int replicates = 2000;
    double confidence = 0.95;
    size_t topMatched = 10; // regressions and improvements listed
};

// A percentage-point figure in exact units of 1e-12 percentage points (see bridge below).
inline constexpr int64_t kPicoPercent = 100'000'000'000'000; // 100% in units of 1e-12 pp

// An exact decimal of a figure in units of 1e-12 pp ("2.28", "-0.000000000001"; "+2.28" with
// withSign), trailing zeros dropped.
std::string formatPico(int64_t pico, bool withSign = false);

struct BridgeStep
{
    Bucket bucket = Bucket::Productive;
    int64_t pico = 0; // the step in 1e-12 pp; positive: B spends less of E2E in this bucket
    double pp() const { return static_cast<double>(pico) * 1e-12; }
};

// ETT% of A, then one step per non-productive bucket, then ETT% of B. The shares of each cohort's
// buckets are apportioned to exactly 100% (largest remainder over units of 1e-12 pp), so that
// ettA + the steps == ettB holds exactly in integers.
struct Bridge
{
    int64_t ettAPico = 0;
    int64_t ettBPico = 0;
    std::vector<BridgeStep> steps; // non-productive buckets, in bucket order
};

// Time to Recover's bridge (spec 7.1): from A's mean Time to Recover per recovery to B's, one step
// per part (detect, restart, start-up). Means, not medians, because means add: a cohort's mean TTR
// is its mean detect + mean restart + mean start-up, so A's mean + the three steps is B's mean.
// The sums are exact integer nanoseconds; only the division by the count rounds.
struct TtrBridge
{
    static constexpr size_t kParts = 3; // detect, restart, start-up
    int64_t recoveriesA = 0; // recoveries with a Time to Recover (they trained again)
    int64_t recoveriesB = 0;
    std::array<Wide, kParts> sumA {}; // ns summed over the recoveries, per part
    std::array<Wide, kParts> sumB {};

    // "detect", "restart", "start-up".
    static const char* partName(size_t part);
    // Means in seconds.
    double meanA(size_t part) const;
    double meanB(size_t part) const;
    double meanTotalA() const;
    double meanTotalB() const;
    // B's mean of a part minus A's, in seconds (negative: B recovers faster in that part).
    double stepSeconds(size_t part) const { return meanB(part) - meanA(part); }
};

// Nullopt when a cohort has no recovery with a Time to Recover.
std::optional<TtrBridge> ttrBridgeOf(const Figures& a, const Figures& b);

struct Interval
{
    double low = 0;
    double high = 0;
};

// The distributions every comparison starts with, before the phase durations: time to start,
// time to recover, and its detect, restart and start-up (spec 7.1).
inline constexpr size_t kFigureDistributions = 5;

struct DistributionChange
{
    std::string name;
    int64_t countA = 0;
    int64_t countB = 0;
    Percentiles a;
    Percentiles b;
};

struct CauseRate
{
    std::string causeClass;
    // Per 1,000 GPU-days of the cohort's E2E; nullopt when the cohort has no GPU time.
    std::optional<double> failuresA, failuresB, preemptionsA, preemptionsB;
    int64_t countFailuresA = 0, countFailuresB = 0, countPreemptionsA = 0, countPreemptionsB = 0;
};

// A pair of jobs, one of each cohort, with the same match value. When a value holds several jobs
// on a side, the n-th of A by start time is paired with the n-th of B (ties by key, then label);
// the runs one side has beyond the other's are not paired (MatchSummary counts them).
struct MatchedJob
{
    std::string match;
    double ettA = 0; // GPU-weighted ETT% of the job in A
    double ettB = 0;
    double deltaPp = 0;
    double lostGpuHoursA = 0;
    double lostGpuHoursB = 0;
    // A pair of two names or two GPU counts may be two different jobs, and is flagged.
    std::string nameA, nameB;
    int64_t gpusA = 0, gpusB = 0;
    bool nameDiffers() const { return nameA != nameB; }
    bool gpusDiffer() const { return gpusA != gpusB; }
    // GPU-hours lost in B beyond A (negative: B lost fewer); regressions and improvements are
    // ranked by it, so that a job of 0.8 lost GPU-hours does not top a list for its percentage
    // points.
    double lostGpuHoursChange() const { return lostGpuHoursB - lostGpuHoursA; }
    int32_t run = 1; // n: the pair is the n-th run of the match value on both sides
    int32_t runsA = 1; // jobs of A with the match value
    int32_t runsB = 1;
    std::string keyA {}, keyB {}; // the paired jobs
    std::string labelA {}, labelB {};
    int64_t refA = -1, refB = -1; // CohortJob::ref of each
    int64_t startA = INT64_MIN, startB = INT64_MIN;
};

// The pairing rule in words, for what a comparison says of its pairs.
inline constexpr const char* kPairingRule = "the n-th job of a match value in A by start time with the n-th in B";

// How the jobs of the two cohorts were paired, and why the others were not. Every job of A is in
// exactly one of pairs + pairsWithoutTime, onlyA and extraA; likewise for B.
struct MatchSummary
{
    int64_t pairs = 0; // pairs with time counted on both sides (= Comparison::matchedJobs)
    int64_t pairsWithoutTime = 0; // pairs where a side has no E2E inside its cohort: not ranked
    int64_t onlyA = 0; // jobs of A whose match value no job of B has
    int64_t onlyB = 0;
    int64_t extraA = 0; // runs of a match value in A beyond the number B has
    int64_t extraB = 0;
    int64_t sharedValues = 0; // match values held by several jobs on a side (paired by start order)
    int64_t pairedA() const { return pairs + pairsWithoutTime; }
    int64_t pairedB() const { return pairs + pairsWithoutTime; }
    int64_t unpairedA() const { return onlyA + extraA; }
    int64_t unpairedB() const { return onlyB + extraB; }
};

// The fewest jobs each cohort needs for its interval to mean anything: with fewer, the comparison
// gives the change without an interval or a verdict (tooFewJobs).
inline constexpr int64_t kMinJobsForInterval = 5;

struct Comparison
{
    std::string specA, specB;
    int64_t jobsA = 0, jobsB = 0;
    double gpuDaysA = 0, gpuDaysB = 0;
    std::optional<double> ettA, ettB; // GPU-weighted
    std::optional<double> ettATime, ettBTime; // time-weighted
    std::optional<double> deltaPp, deltaPpTime; // B - A
    std::optional<Interval> ci, ciTime; // bootstrap interval of the difference, in pp
    bool tooFewJobs = false; // a cohort has fewer than kMinJobsForInterval jobs: no interval
    uint64_t seed = 0;
    int replicates = 0;
    double confidence = 0;
    std::optional<Bridge> bridge, bridgeTime; // absent when a cohort has no E2E
    std::optional<TtrBridge> ttrBridge; // absent when a cohort has no recovery that trained again
    std::vector<DistributionChange> distributions;
    std::vector<CauseRate> causes;
    int64_t matchedJobs = 0; // pairs with time on both sides (matching.pairs)
    MatchSummary matching;
    std::vector<MatchedJob> regressions; // ETT% dropped; the most GPU-hours lost beyond A first
    std::vector<MatchedJob> improvements; // ETT% rose; the most GPU-hours saved first
};

// The bootstrap intervals of the difference of two cohorts' ETT%, GPU- and time-weighted
// (Comparison::ci and ciTime); none when a cohort has fewer than kMinJobsForInterval jobs. Reads
// only the cohorts' jobs and totals, so that a caller may run it while it fills their durations.
struct CohortIntervals
{
    std::optional<Interval> ci, ciTime;
};
CohortIntervals bootstrapCohorts(const CohortInput& a, const CohortInput& b, const CompareOptions& options);

// Compares two cohorts. Deterministic for a seed. `intervals`: bootstrapCohorts() of the same
// cohorts and options, computed already (nullptr: computed here).
Comparison compareCohorts(const CohortInput& a, const CohortInput& b, const CompareOptions& options,
    const CohortIntervals* intervals = nullptr);

// The bridge alone, from two cohorts' bucket sums (exposed for tests).
std::optional<Bridge> bridgeOf(const std::array<Wide, kBucketCount>& bucketsA, Wide e2eA,
    const std::array<Wide, kBucketCount>& bucketsB, Wide e2eB);

// The shares of buckets in units of 1e-12 pp, apportioned so that they sum to exactly 100%
// (largest remainder; ties to the lower bucket index). Empty when e2e is zero.
std::vector<int64_t> apportionShares(const std::array<Wide, kBucketCount>& buckets, Wide e2e);

// The largest-remainder step of an apportionment (apportionShares, the what-if bridge): `shares`
// hold the floors of exact quotients over one common denominator and `remainders` their
// remainders (any type with operator<); adds one unit to each of the `units` entries with the
// largest remainders, ties to the lower index. 0 <= units <= shares.size().
template <typename Remainder>
void addLargestRemainders(std::vector<int64_t>& shares, const std::vector<Remainder>& remainders, int64_t units)
{
    std::vector<size_t> order(shares.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return remainders[y] < remainders[x]; });
    for (size_t k = 0; units > 0 && k < order.size(); ++k, --units) {
        ++shares[order[k]];
    }
}

// Percentile bootstrap of ratio(B) - ratio(A), where ratio = sum num / sum den over jobs drawn
// with replacement (each cohort resampled separately). Values in percentage points.
// nullopt when a cohort has no job with a positive denominator.
std::optional<Interval> bootstrapDifference(const std::vector<std::pair<double, double>>& a,
    const std::vector<std::pair<double, double>>& b, uint64_t seed, int replicates, double confidence);

// The same for several weightings of the same jobs (a[k] and b[k]: weighting k, one pair per job,
// every a[k] as long as a[0] and every b[k] as b[0]) in one pass: each replicate draws its jobs
// once and every weighting sums them, so interval k equals bootstrapDifference(a[k], b[k], ...)
// exactly, for the cost of one.
using RatioPairs = std::vector<std::pair<double, double>>;
std::vector<std::optional<Interval>> bootstrapDifferences(const std::vector<RatioPairs>& a,
    const std::vector<RatioPairs>& b, uint64_t seed, int replicates, double confidence);

} // namespace ett::core
