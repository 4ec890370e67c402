// The plain values the service answers with, shared by both front ends: ettw renders them as a
// table, CSV or JSON, the window shows them in its pages. No Qt, no SQL, no kernels.
// Job indexes (JobIndex) are the fleet source's own numbering of the jobs it holds; a front end
// passes them back unchanged and never computes with them.
#pragma once

#include "core/model/compare.h"
#include "core/model/job_timeline.h"
#include "core/model/rollup.h"
#include "core/model/whatif.h"
#include "gpu/advisor.h"
#include "gpu/engine.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ett::app {

// A job as the fleet source numbers it (its engine index); -1: none. A store reads a job by its row
// id instead (core::JobRowId, a distinct type: one cannot be passed for the other).
using JobIndex = int32_t;

// The vocabulary of the open fleet, for filter bars, group-by menus and error messages.
struct FleetVocabulary
{
    std::vector<std::string> labels; // sorted
    std::vector<std::string> attrKeys; // sorted
    std::map<std::string, std::vector<std::string>> attrValues; // key -> values, sorted
    int64_t minGpus = 0;
    int64_t maxGpus = 0;
    int64_t firstNs = 0; // earliest attempt start
    int64_t lastNs = 0; // latest attempt end
    std::map<std::string, int64_t> labelFirstNs; // label -> earliest attempt start (labels with attempts)
    // The median attempt start: the (n / 2)-th of the n starts in order (the upper of the two middle
    // ones, as the fleet store's quantileExact(0.5)); 0 without attempts.
    int64_t medianStartNs = 0;
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
};

// Figures of a scope, in total and per group of a grouping.
struct GroupedFigures
{
    core::Figures total;
    std::vector<gpu::GroupFigures> groups; // sorted by name; only groups with something counted
};

// A job as listed in tables and charts.
struct JobSummary
{
    JobIndex job = -1;
    int64_t rowId = 0; // jobs.id in the store
    std::string key;
    std::string label;
    std::string name;
    int64_t gpus = 1;
    core::Figures figures;
};

// Everything the overview shows for a scope.
struct OverviewData
{
    core::Figures fleet; // the whole scope
    core::Percentiles tts;
    core::Percentiles ttr;
    gpu::Calendar every = gpu::Calendar::Day;
    gpu::Series series; // ETT% per hour, day or week
    std::vector<gpu::GroupFigures> byCauseClass; // failures and other interruptions by cause class, most first
    std::vector<JobSummary> topJobs; // by lost GPU-hours, most first
    // Rolling-window ETT% (spec 7.2) when asked for: the window, and a sample every 1/24 of it.
    int64_t rollingWindowNs = 0;
    struct RollingSample
    {
        int64_t tNs = 0; // the window is [tNs - rollingWindowNs, tNs)
        std::optional<double> ettPercentGpu;
        std::optional<double> ettPercentTime;
    };
    std::vector<RollingSample> rolling;
    // Set: the figures, causes and top jobs are final, the series and the rolling ETT% not yet
    // computed (the fleet is reading its segments); an answer with them follows.
    bool seriesPending = false;
};

// Where a drill-down is: fleet > group > job > attempt.
enum class Level { Fleet, Group, Job, Attempt };

struct Location
{
    Level level = Level::Fleet;
    std::string groupBy; // the grouping ("" none; "label", "job" or an attribute key)
    std::string group; // at Group level and below: the group's value
    JobIndex job = -1; // at Job level and below
    int32_t attempt = -1; // at Attempt level: the attempt number

    bool operator==(const Location&) const = default;
};

// One row of a drill-down table.
struct TableRow
{
    std::string name; // group value, job key, or "attempt N"
    JobIndex job = -1; // for job rows and attempt rows
    int32_t attempt = -1; // attempt number, for attempt rows
    core::Figures figures;
    std::string detail; // outcome and cause for attempts; the job's name (and label) for jobs
};

struct TableData
{
    Location location; // the level these rows are under
    std::vector<TableRow> rows;
};

// What the window's search found: jobs whose key, name or an attribute value contains the query
// (any label), the best first: a key that equals the query, then keys, names and attribute values
// that contain it.
struct JobMatch
{
    JobIndex job = -1;
    std::string key;
    std::string name;
    std::string label;
    std::string field; // "key", "name" or the attribute key that matched
    std::string value; // the text that matched
};

struct JobMatches
{
    std::string query;
    std::vector<JobMatch> matches; // at most the limit asked for
    size_t total = 0; // jobs that matched, listed or not
};

// The fleet timeline: one row per job over a time range.
struct FleetTimelineRow
{
    JobIndex job = -1;
    std::string key;
    std::string label;
    int64_t gpus = 1;
    struct Span
    {
        int64_t startNs;
        int64_t endNs;
        uint8_t bucket; // core::Bucket
    };
    std::vector<Span> spans; // segments and gaps inside the range, in time order
    struct Fault
    {
        int64_t atNs;
        uint8_t interruption; // core::Interruption
        int32_t attempt;
    };
    std::vector<Fault> faults;
};

struct FleetTimelineData
{
    int64_t fromNs = 0;
    int64_t toNs = 0;
    std::vector<FleetTimelineRow> rows; // ordered by first start
};

// The density view of the fleet timeline: every job of a scope at once, binned into a grid whose
// size does not depend on the fleet (FleetSource::fleetDensity). Jobs, in start order, are cut
// into `rows` bands of consecutive jobs (one job each when there are few); time is cut into
// `columns` bins over [fromNs, toNs), the extent of the jobs' spans inside the range asked for.
struct FleetDensity
{
    static constexpr uint8_t kNone = 0xFF; // a cell without spans
    int64_t fromNs = 0;
    int64_t toNs = 0;
    int columns = 0;
    int rows = 0;
    int64_t jobs = 0; // jobs binned
    int64_t spans = 0; // spans binned
    std::vector<int64_t> rowFirstJob; // rows + 1: band r holds jobs [rowFirstJob[r], rowFirstJob[r + 1])
    std::vector<uint8_t> cellBucket; // rows x columns, row-major: the bucket with most job time, or kNone
    std::vector<uint8_t> cellCover; // rows x columns: share of the cell's jobs x time with a span, 0..255
    std::vector<int64_t> bucketNs; // kBucketCount x columns: job time per bucket and bin (/ bin width:
                                   // how many jobs were in that bucket on average)
    std::vector<int32_t> faults; // columns: interruptions per bin
    std::vector<std::string> rowKeys; // rows: the key of each band's first job
    std::vector<JobIndex> rowJobs; // rows: each band's first job

    // Where bin c starts (c == columns: toNs); exact, without overflow.
    int64_t binStartNs(int c) const
    {
        const int64_t range = toNs - fromNs;
        return fromNs + range / columns * c + range % columns * c / columns;
    }
    // The bin holding ns, clamped to [0, columns); -1 when there are no bins.
    int binAt(int64_t ns) const
    {
        if (columns <= 0 || toNs <= fromNs) {
            return -1;
        }
        // An estimate in floating point, corrected against the exact bin starts.
        const double share = static_cast<double>(ns - fromNs) / static_cast<double>(toNs - fromNs) * columns;
        int c = share <= 0 ? 0 : (share >= columns ? columns - 1 : static_cast<int>(share));
        while (c > 0 && binStartNs(c) > ns) {
            --c;
        }
        while (c + 1 < columns && binStartNs(c + 1) <= ns) {
            ++c;
        }
        return c;
    }
};

// A comparison of two cohorts. Their countQueue is ignored: the request's applies to both, as
// spec 5.6 must count alike on both sides. matchBy: "job" (the key), "name" (the job's name) or an
// attribute key.
struct ComparisonRequest
{
    core::CohortSpec a;
    core::CohortSpec b;
    // job (key), name, an attribute, or auto ("" too): by name when every job of both cohorts has
    // one and some key names different jobs in A and B, else by key (ComparisonData::matchedBy
    // says which).
    std::string matchBy = "auto";
    bool countQueue = false;
    // Excluded windows (spec 7.4) both cohorts leave out, in normal form; empty: none.
    std::vector<core::TimeSpan> excluded;
    size_t topMatched = 10; // regressions and improvements listed
    uint64_t seed = core::CompareOptions {}.seed;

    bool operator==(const ComparisonRequest&) const = default;
};

// The durations behind one distribution of a comparison: sorted, in nanoseconds. When a cohort has
// more than kMaxSamples, an evenly ranked subset (the smallest and the largest included); count
// says how many there are in all.
struct DistributionSamples
{
    static constexpr size_t kMaxSamples = 20'000;
    std::string name; // as core::DistributionChange::name
    std::vector<int64_t> a;
    std::vector<int64_t> b;
    int64_t countA = 0;
    int64_t countB = 0;
};

// A matched job of the comparison with the jobs its timelines show: of the jobs of a cohort that
// have its match value, the one with the most GPU-weighted E2E (-1: none).
// The jobs of a matched pair (core::MatchedJob), as the fleet source numbers them.
struct MatchedPair
{
    std::string match;
    int32_t run = 1; // the pair is the n-th run of the match value on both sides (by start)
    JobIndex jobA = -1;
    JobIndex jobB = -1;
    int32_t jobsA = 0; // how many jobs of the cohort have the match value
    int32_t jobsB = 0;
};

struct ComparisonData
{
    ComparisonRequest request;
    std::string matchedBy; // what the matched jobs were paired by: request.matchBy, auto resolved
    core::Comparison comparison;
    core::Figures totalA; // the cohorts' figures (their TTS / TTR samples are in samples instead)
    core::Figures totalB;
    std::vector<DistributionSamples> samples; // one per comparison.distributions, in its order
    std::vector<MatchedPair> regressions; // one per comparison.regressions, in its order
    std::vector<MatchedPair> improvements; // one per comparison.improvements, in its order
};

// Checkpoint advice for the jobs of a scope, per group: groupBy "" (the fleet alone), "job",
// "label" or an attribute key (a job without it in "(none)").
struct AdviceRequest
{
    core::CohortSpec scope;
    std::string groupBy = "job";

    bool operator==(const AdviceRequest&) const = default;
};

// The projection of a cohort under changes, applied in order (core/model/whatif.h).
struct WhatIfRequest
{
    std::string cohort; // a cohort spec (core/model/compare.h); "" every job
    std::vector<core::WhatIfChange> changes;
    // Excluded windows (spec 7.4): their time is left out of the cohort's figures before the changes.
    std::vector<core::TimeSpan> excluded;
};

struct WhatIfData
{
    WhatIfRequest request;
    std::string cohortText; // CohortSpec::text() of the request's cohort ("all jobs")
    core::WhatIfResult result;
    // The phase subcategories a change can scale ("init.process_group_init"), sorted: those of
    // categories that take blocking time (not train, not background).
    std::vector<std::string> subcategories;
    bool modelBuilt = false; // this request built the cohort's model (else it reused the last one)
    double milliseconds = 0; // building (when built) and projecting
};

// The scenarios saved in the open database, by name.
struct ScenarioList
{
    std::vector<core::SavedScenario> scenarios;
};

// Progress of an import of several files, for a progress bar with an ETA.
struct ImportProgressInfo
{
    std::string file; // the file's name
    int fileIndex = 0;
    int fileCount = 1;
    // "identifying runs" (console logs, before any is stored), "reading", "attributing", "committing",
    // or "waiting for another import ..."
    std::string stage;
    int64_t records = 0;
    int64_t bytesDone = 0; // over all files
    int64_t bytesTotal = 0;
    double etaSeconds = -1; // < 0: unknown
};

} // namespace ett::app
