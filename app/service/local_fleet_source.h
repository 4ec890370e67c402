// The fleet of one SQLite document, answered by the in-memory aggregation engine: the columns and
// the stored attribution are loaded once (core/store/columns_loader.h), every query then runs on
// the engine, and only a job's timeline reads rows again. Load-then-commit: load() builds a new
// source aside; the caller swaps it in when it succeeded.
#pragma once

#include "app/service/fleet_source.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "core/store/phase_samples_store.h"
#include "gpu/engine.h"

#include <atomic>
#include <memory>
#include <optional>

namespace ett::app {

class LocalFleetSource final : public FleetSource
{
public:
    struct LoadOptions
    {
        std::optional<std::string> label; // only this label's jobs; all when unset
        bool withPhases = false; // also the phases (phase-duration distributions need them)
        std::optional<gpu::BackendKind> backend; // the engine's default choice when unset
        // False: a lean load, without the attribution's segments (the database's columnar copy
        // leaves them unread): roll-ups over all time need none, and the first query that does
        // (a time range, a series, a timeline...) reads them then (ensureDetail). Always true on
        // the CUDA backend, which sums segments for every query.
        bool withDetail = true;
        // Set: the fleet for queries over a range inside this window only (one command of the CLI):
        // the database's columnar copy leaves out the chunks none of whose jobs reach it, and the
        // names (labels, attributes, cause classes) stay those of every job. Such a source answers
        // roll-ups, job lists and series of a scope whose range lies inside the window exactly as a
        // load of every job does; it never reads the fleet again, so any other request is an Error
        // (and its job indexes, job lookups and vocabulary counts are those of the jobs it holds).
        std::optional<core::TimeWindow> window;
        // False (with withDetail): the checkpoints' columns left out (each job's count is kept), read
        // on the first request that needs them (checkpoint advice, what-if, cohorts) into the fleet
        // already loaded, nothing else read again. What the window's first screen leaves for later.
        bool withCheckpoints = true;
        // Set: a load (this one and those the source makes later for what it left out) stops soon
        // after *cancel becomes true and returns an Error; the fleet held before stays. Must
        // outlive the source.
        const std::atomic<bool>* cancel = nullptr;
    };

    // Loads the store's fleet into a fresh engine. `db` must outlive the source. Error: the store
    // cannot be read or its columns are inconsistent (message names the file).
    static core::Result<std::unique_ptr<LocalFleetSource>> load(core::Database& db, const LoadOptions& options);

    // Seconds the load took (reading rows and handing the columns to the engine).
    double loadSeconds() const { return m_loadSeconds; }
    const LoadOptions& loadOptions() const { return m_options; }
    // The engine and its columns, for the engine's own tools (benchmarks, equivalence tests).
    gpu::Engine& engine() { return *m_engine; }
    const core::FleetColumns& columns() const { return m_engine->columns(); }

    std::string location() const override;
    gpu::BackendInfo backend() const override { return m_engine->backend(); }
    // Computed once per load: the drill-down and the comparison ask for it on every request.
    FleetVocabulary vocabulary() const override { return m_vocabulary; }
    double lastQuerySeconds() const override { return m_engine->lastSeconds(); }
    bool segmentsPending() const override { return !withDetail(); }

    core::Result<GroupedFigures> rollup(const core::CohortSpec& scope, const std::string& groupBy) override;
    core::Result<std::optional<core::TimeSpan>> seriesSpan(
        const core::CohortSpec& scope, std::optional<JobIndex> job) override;
    core::Result<gpu::Series> seriesEvery(
        const core::CohortSpec& scope, int64_t widthNs, int64_t alignNs, std::optional<JobIndex> job) override;
    core::Result<std::vector<JobSummary>> jobs(const core::CohortSpec& scope) override;
    // rankJobs's order, ranked on roll-ups by job of `rankingBlockJobs` jobs at a time (their
    // totals kept, not their figures): only the jobs returned are made summaries.
    core::Result<std::vector<JobSummary>> worstJobs(
        const core::CohortSpec& scope, const std::string& sort, int64_t limit) override;
    // How many jobs each roll-up of worstJobs' ranking holds (16,384; tests make it small).
    void setRankingBlockJobs(size_t jobs) { m_rankingBlockJobs = std::max<size_t>(1, jobs); }
    core::Result<std::vector<TableRow>> attempts(const core::CohortSpec& scope, JobIndex job) override;
    std::vector<JobIndex> jobsWithKey(const std::string& key) const override;
    JobMatches findJobs(const std::string& query, size_t limit) const override;
    core::Result<core::JobTimeline> jobTimeline(JobIndex job) override;
    core::Result<FleetTimelineData> fleetTimeline(
        const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows) override;
    // Bins as it reads the engine's columns: nothing per span is held.
    core::Result<FleetDensity> fleetDensity(
        const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int columns, int maxRows) override;
    core::Result<core::CohortInput> cohortInput(const core::CohortSpec& cohort, const std::string& matchBy) override;
    core::Result<PhaseDurations> phaseDurations(const core::CohortSpec& cohort) override;
    core::Result<std::vector<core::DurationSample>> durationPercentiles(const core::CohortSpec& cohort) override;
    core::Result<std::vector<std::vector<core::DurationSample>>> durationPercentilesEach(
        const std::vector<core::CohortSpec>& cohorts) override;
    // Collects as it reads the engine's columns: only the intervals kept are held.
    core::Result<BucketIntervals> bucketIntervals(const IntervalRequest& request) override;
    core::Result<gpu::AdviceTable> advice(const core::CohortSpec& scope, const std::string& groupBy) override;
    core::Result<std::unique_ptr<core::WhatIfModel>> whatIfModel(const core::CohortSpec& cohort) override;
    std::vector<std::string> scalableSubcategories() const override;
    bool withPhases() const override { return m_options.withPhases; }
    core::Status ensurePhases() override;
    // The segments and the checkpoints: reads what the load left out (the segments: the fleet again;
    // the checkpoints alone: into the fleet loaded); the job indexes stay valid.
    core::Status ensureDetail();
    // The segments alone (ensureDetail() less the checkpoints).
    core::Status ensureSegments();
    bool withDetail() const { return m_engine->attribution().segmentsLoaded; }
    bool withCheckpoints() const { return m_engine->columns().checkpointsLoaded; }

    // The engine filter of a scope. Error: a label or attribute the fleet lacks.
    core::Result<gpu::Filter> filterOf(const core::CohortSpec& scope) const;
    // The same, only `job` of it when given. Error: also a job the engine does not hold.
    core::Result<gpu::Filter> filterOf(const core::CohortSpec& scope, std::optional<JobIndex> job) const;
    // The engine grouping a name stands for. Error: an attribute the fleet lacks.
    core::Result<gpu::Grouping> groupingOf(const std::string& groupBy) const;

private:
    LocalFleetSource(core::Database& db, LoadOptions options);
    // Loads again with these options and swaps the new engine in (load-then-commit).
    core::Status reload(const LoadOptions& options);
    // Reads the checkpoints a load left out into the engine's fleet; the whole fleet again when the
    // database no longer holds the same jobs and counts.
    core::Status loadCheckpoints();
    // ensureDetail() when the scope has a time range (a clipped sum needs the segments); on a
    // windowed load, an Error unless the window covers the scope.
    core::Status ensureDetailFor(const core::CohortSpec& scope);
    // The segments of every job the scope can reach: ensureDetail(), or on a windowed load an
    // Error unless the window covers the scope.
    core::Status ensureSegmentsFor(const core::CohortSpec& scope);
    // Error: a windowed load (LoadOptions::window), which holds only part of the fleet, asked for
    // `what` (a scope its window does not cover, or a request that needs every job).
    core::Error wholeFleetNeeded(const std::string& what) const;
    bool windowCovers(const core::CohortSpec& scope) const;
    FleetVocabulary computeVocabulary() const;
    // The durations per phase kind code of the jobs a filter selects (gpu::phaseDurationsPerKind()):
    // from the engine's phases, else from the stored samples, read once and kept for later calls.
    core::Result<core::KindDurations> durationsPerKind(const gpu::Filter& filter);
    // A job's summary from its group of a roll-up by job (its figures moved out).
    JobSummary summaryOf(gpu::GroupFigures& byJob) const;
    // The scope's jobs with an attempt whose window overlaps [fromNs, toNs), by first start.
    core::Result<std::vector<int32_t>> timelineJobs(const core::CohortSpec& scope, int64_t fromNs, int64_t toNs);
    // The fleet-timeline spans (queue when counted, segments, gaps) and faults of one job, clipped
    // to [fromNs, toNs): onSpan(start, end, bucket, attempt row (-1: queue), whether a recovery gap),
    // onFault(at, interruption, attempt number).
    template <typename OnSpan, typename OnFault>
    void forEachSpan(
        int32_t job, bool countQueue, int64_t fromNs, int64_t toNs, OnSpan&& onSpan, OnFault&& onFault) const;

    core::Database* m_db;
    LoadOptions m_options;
    std::unique_ptr<gpu::Engine> m_engine;
    size_t m_rankingBlockJobs = 16'384;
    std::unique_ptr<core::StoredPhaseSamples> m_phaseSamples; // read on the first phaseDurations()
    double m_loadSeconds = 0;
    FleetVocabulary m_vocabulary;
};

} // namespace ett::app
