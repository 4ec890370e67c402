// Where the fleet lives, seen from the service: one interface with what a use case may ask of a
// fleet, answered as plain values. The local source (local_fleet_source.h) answers from a SQLite
// document through the in-memory aggregation engine; a warehouse source answers the same calls
// with SQL where the data lives and pulls only aggregates and the jobs drilled into. Use cases
// (overview, drill-down, comparison, advice, what-if, report) are written once above it.
//
// Contract for every implementation: figures are exact integers and equal, to the nanosecond, to
// the reference accounting of spec section 5; names are resolved with resolveScope() and
// resolveGrouping() rules (an unknown label, attribute or grouping is an Error listing what
// exists); an unknown attribute value matches no job. Calls are made from one thread at a time.
#pragma once

#include "app/service/bucket_intervals.h"
#include "app/service/results.h"
#include "core/model/result.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

// The phase durations of a scope by distribution name ("compile", "init.device_init"): every
// phase of its jobs' attempts that starts inside the range, end - start, sorted.
using PhaseDurations = std::map<std::string, std::vector<int64_t>>;

// Count and percentiles of each list, in the order a comparison lists its distributions (category
// code, then subcategory; a category before its subcategories).
std::vector<core::DurationSample> durationSamplesOf(const PhaseDurations& durations);

// At most DistributionSamples::kMaxSamples of sorted values, evenly ranked (first and last kept).
std::vector<int64_t> capSamples(std::vector<int64_t> sorted);

// What a comparison charts of a cohort's phase durations: each list's count and percentiles (as
// durationSamplesOf() gives them) and its sorted values thinned by capSamples(), by name.
struct ChartedDurations
{
    std::vector<core::DurationSample> samples;
    PhaseDurations thinned;
};

class FleetSource
{
public:
    virtual ~FleetSource() = default;

    // Where the fleet is, for titles and messages ("ett.db").
    virtual std::string location() const = 0;
    // What computes its figures ("CPU (2 threads)"), and why that one.
    virtual gpu::BackendInfo backend() const = 0;
    virtual FleetVocabulary vocabulary() const = 0;
    // Seconds the last query took where it ran (the engine's kernels, or the cluster end to end).
    virtual double lastQuerySeconds() const = 0;
    // True while the fleet lacks what series, ranges and timelines need and will read it on the
    // first such request (a lean local load without its segments): a front end may show what it
    // can answer first.
    virtual bool segmentsPending() const { return false; }

    // The scope's figures in total and per group of `groupBy` ("" none, "label", "job", "attempt",
    // "cause_class" or an attribute key). Error: an unknown label, attribute or grouping.
    virtual core::Result<GroupedFigures> rollup(const core::CohortSpec& scope, const std::string& groupBy) = 0;
    // What a series of the scope covers (gpu::Engine::seriesSpan): the scope's range where it has an
    // end, else its jobs' windows; nullopt when that leaves nothing. With `job`, only that job of the
    // scope counts. Error: an unknown label or attribute, or a job this source does not number.
    virtual core::Result<std::optional<core::TimeSpan>> seriesSpan(
        const core::CohortSpec& scope, std::optional<JobIndex> job)
        = 0;
    // The scope's figures (only `job`'s when given) in consecutive buckets [alignNs + k * widthNs,
    // alignNs + (k + 1) * widthNs) over seriesSpan(), each clipped to the scope's range, as
    // gpu::Engine::series computes them. Error: as seriesSpan(), or widthNs <= 0.
    virtual core::Result<gpu::Series> seriesEvery(
        const core::CohortSpec& scope, int64_t widthNs, int64_t alignNs, std::optional<JobIndex> job)
        = 0;
    // The scope's figures per calendar hour, day or week (UTC): seriesEvery() with the calendar's
    // width and alignment, every job of the scope.
    core::Result<gpu::Series> series(const core::CohortSpec& scope, gpu::Calendar every);
    // One summary per job of the scope with something counted, in the order of the job grouping.
    virtual core::Result<std::vector<JobSummary>> jobs(const core::CohortSpec& scope) = 0;
    // The figures of one job's attempts inside the scope's range, in start order, with their
    // outcome and cause in `detail`.
    virtual core::Result<std::vector<TableRow>> attempts(const core::CohortSpec& scope, JobIndex job) = 0;
    // The first `limit` jobs of the scope with attempts, worst first (rankJobs's order; all when
    // limit <= 0). The default ranks every job of jobs(); a source may rank where the data is and
    // read only the jobs it returns.
    virtual core::Result<std::vector<JobSummary>> worstJobs(
        const core::CohortSpec& scope, const std::string& sort, int64_t limit);
    // Jobs whose key is `key` (any label), as the source numbers them.
    virtual std::vector<JobIndex> jobsWithKey(const std::string& key) const = 0;
    // Jobs whose key, name or an attribute value contains `query` (ASCII case ignored; blanks at
    // either end dropped), any label, the best `limit` first (JobMatches). An empty query finds
    // nothing.
    virtual JobMatches findJobs(const std::string& query, size_t limit) const = 0;

    // Every job of the scope with spans overlapping [fromNs, toNs), binned (FleetDensity): at most
    // `columns` time bins over the jobs' extent inside the range, and at most `maxRows` bands of
    // jobs in start order (the order of fleetTimeline). The result's size is bounded by the grid,
    // whatever the fleet's; spans are those of fleetTimeline. Error: as fleetTimeline. The default
    // bins all of fleetTimeline's rows (memory as large as the fleet's spans); sources override it
    // to bin as they read.
    virtual core::Result<FleetDensity> fleetDensity(
        const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int columns, int maxRows);
    // A job's attempts, phases and checkpoints for the Gantt timeline. Error: no such job.
    virtual core::Result<core::JobTimeline> jobTimeline(JobIndex job) = 0;
    // Spans of the scope's first `maxRows` jobs (by start) that overlap [fromNs, toNs).
    virtual core::Result<FleetTimelineData> fleetTimeline(
        const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows)
        = 0;

    // What a comparison needs of one cohort (gpu/compare.h), jobs paired by `matchBy`, without the
    // phase-duration distributions (CohortInput::durations stays empty: they come from
    // phaseDurations()).
    virtual core::Result<core::CohortInput> cohortInput(const core::CohortSpec& cohort, const std::string& matchBy) = 0;
    // Every list, whether or not the phases are held (withPhases()): a source answers from what it
    // stores of them.
    virtual core::Result<PhaseDurations> phaseDurations(const core::CohortSpec& cohort) = 0;
    // Only the count and percentiles of each of those lists (durationSamplesOf()), which a source
    // may find without gathering the lists by name; by default from phaseDurations().
    virtual core::Result<std::vector<core::DurationSample>> durationPercentiles(const core::CohortSpec& cohort);
    // durationPercentiles() of each of several cohorts, in their order, which a source may find in
    // one pass over what it stores; by default one cohort at a time.
    virtual core::Result<std::vector<std::vector<core::DurationSample>>> durationPercentilesEach(
        const std::vector<core::CohortSpec>& cohorts);
    // The lists' counts and percentiles and their values thinned for a chart, which a source may
    // find without sending every value; by default from phaseDurations().
    virtual core::Result<ChartedDurations> chartedPhaseDurations(const core::CohortSpec& cohort);

    // The intervals of a bucket (bucket_intervals.h): every segment of the request's scope (job,
    // attempt) in that bucket, recovery gaps and, with the queue option, queue time, clipped to the
    // scope's range as rollup() clips them, the first `limit` in the order asked for, with the
    // count and sums of all of them. Error: as rollup(), or a job or attempt that does not exist.
    virtual core::Result<BucketIntervals> bucketIntervals(const IntervalRequest& request) = 0;

    // Checkpoint advice per group ("", "job", "label" or an attribute key).
    virtual core::Result<gpu::AdviceTable> advice(const core::CohortSpec& scope, const std::string& groupBy) = 0;
    // The what-if model of a cohort (whole jobs, queue not counted). It may point into the source:
    // it is valid until the source is reloaded.
    virtual core::Result<std::unique_ptr<core::WhatIfModel>> whatIfModel(const core::CohortSpec& cohort) = 0;
    // "category.subcategory" of the phase kinds a what-if change can scale, sorted.
    virtual std::vector<std::string> scalableSubcategories() const = 0;

    // Whether phases (not only attributed segments) are held: changes of a phase subcategory need
    // them. ensurePhases() loads them once.
    virtual bool withPhases() const = 0;
    virtual core::Status ensurePhases() = 0;
};

// Sorts job summaries worst first and keeps the first `limit` (all when limit <= 0): jobs without
// attempts dropped; by lost GPU time ("lost_gpu_hours") or by GPU-weighted ETT% ("ett", no E2E
// last, ties by lost GPU time); equal ones by label, then key.
std::vector<JobSummary> rankJobs(std::vector<JobSummary> jobs, const std::string& sort, int64_t limit);

// Bins jobs' spans into a FleetDensity, job by job in start order, in memory proportional to the
// grid (columns x buckets for the band being filled, rows x columns for the result), never to the
// spans. Any thread; one builder per thread.
class FleetDensityBuilder
{
public:
    // `jobs`: how many jobs will be added; they are cut into min(jobs, maxRows) bands. Times outside
    // [fromNs, toNs) are clipped away; columns and maxRows are at least 1.
    FleetDensityBuilder(int64_t fromNs, int64_t toNs, int columns, int64_t jobs, int maxRows);
    // The grid of nothing over a range.
    static FleetDensity empty(int64_t fromNs, int64_t toNs);
    // Starts the next job (it names its band when it is the band's first).
    void beginJob(JobIndex job, const std::string& key);
    // A span of the current job (bucket: core::Bucket; others are ignored).
    void addSpan(int64_t startNs, int64_t endNs, uint8_t bucket);
    void addFault(int64_t atNs);
    // The grid; the builder is spent.
    FleetDensity finish();

private:
    void flushBand();

    FleetDensity m_d;
    std::vector<int64_t> m_band; // columns x kBucketCount: job time of the band being filled
    int m_row = -1; // the band being filled
    int64_t m_job = -1; // jobs begun, less one
};

// An error naming a grouping the fleet does not have, listing what exists (for every source).
core::Error unknownGrouping(const std::string& groupBy, const std::vector<std::string>& attrKeys);
// An error naming a label, listing the known ones.
core::Error unknownLabel(const std::string& label, const std::string& where, const std::vector<std::string>& labels);

} // namespace ett::app
