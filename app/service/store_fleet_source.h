// The fleet of a fleet store (a ClickHouse cluster), answered in SQL where the data is
// (core/store/clickhouse/store_figures.h): roll-ups, series and per-job figures come back
// as aggregates, equal to the local engine's on the same imported files. Jobs are numbered as
// this source first meets them (JobIndex), so that front ends pass them back as they do locally.
//
// Not computed on a store yet (each an Error saying so): what-if models and the distributions of
// phases.
#pragma once

#include "app/service/fleet_source.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/store_figures.h"
#include "core/store/clickhouse/store_jobs.h"
#include "core/store/clickhouse/store_ranks.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace ett::app {

class StoreFleetSource final : public FleetSource
{
public:
    // Reads the store's vocabulary. Error: the store cannot be read (message names it, masked).
    static core::Result<std::unique_ptr<StoreFleetSource>> open(std::unique_ptr<core::clickhouse::FleetStore> store);

    core::clickhouse::FleetStore& store() { return *m_store; }
    // Whether the URL's user may write (its profile's `readonly` is 0): the window warns, as it
    // only reads. False when the server does not say.
    bool userMayWrite() const;
    // Only this label's jobs, as a local source loaded with a label: a scope naming no label gets
    // it, one naming another label is an Error.
    void restrictToLabel(std::optional<std::string> label) { m_label = std::move(label); }

    std::string location() const override;
    gpu::BackendInfo backend() const override;
    FleetVocabulary vocabulary() const override { return m_vocabulary; }
    // On the cluster, end to end.
    double lastQuerySeconds() const override { return m_lastSeconds; }

    // Abandons a query in flight once `stop` returns true (HttpConnection::setInterrupt); the
    // call returns an Error then. Empty: never.
    void setInterrupt(std::function<bool()> stop);

    core::Result<GroupedFigures> rollup(const core::CohortSpec& scope, const std::string& groupBy) override;
    core::Result<std::optional<core::TimeSpan>> seriesSpan(
        const core::CohortSpec& scope, std::optional<JobIndex> job) override;
    core::Result<gpu::Series> seriesEvery(
        const core::CohortSpec& scope, int64_t widthNs, int64_t alignNs, std::optional<JobIndex> job) override;
    core::Result<std::vector<JobSummary>> jobs(const core::CohortSpec& scope) override;
    // Ranked on the cluster (storeRankedJobs): only the jobs returned (and a few more) are read.
    core::Result<std::vector<JobSummary>> worstJobs(
        const core::CohortSpec& scope, const std::string& sort, int64_t limit) override;
    core::Result<std::vector<TableRow>> attempts(const core::CohortSpec& scope, JobIndex job) override;
    std::vector<JobIndex> jobsWithKey(const std::string& key) const override;
    JobMatches findJobs(const std::string& query, size_t limit) const override;
    core::Result<core::JobTimeline> jobTimeline(JobIndex job) override;
    core::Result<FleetTimelineData> fleetTimeline(
        const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows) override;
    // Listed, counted and summed on the cluster (storeBucketIntervals): only the first `limit` of
    // each source come back.
    core::Result<BucketIntervals> bucketIntervals(const IntervalRequest& request) override;
    // The interruptions of the scope as the store holds them (storeInterruptions), for the causes
    // table. Error: an unknown label or attribute, or the server's.
    core::Result<std::vector<core::StoredInterruption>> interruptions(const core::CohortSpec& scope);
    // The attempts with per-rank phases of the scope's jobs that start in its range (only `job`'s,
    // of number `attempt`, when given), for the straggler views (store_ranks.h). Error: an unknown
    // label or attribute, a job this source has not numbered, fn's, or the server's.
    core::Status forEachRankAttempt(const core::CohortSpec& scope, std::optional<JobIndex> job,
        std::optional<int32_t> attempt,
        const std::function<core::Status(const core::clickhouse::StoreRankAttempt&)>& fn);
    core::Result<core::CohortInput> cohortInput(const core::CohortSpec& cohort, const std::string& matchBy) override;
    core::Result<PhaseDurations> phaseDurations(const core::CohortSpec& cohort) override;
    // Counted and ranked on the cluster: only a row per phase kind and per category comes back.
    core::Result<std::vector<core::DurationSample>> durationPercentiles(const core::CohortSpec& cohort) override;
    // Counted, ranked and thinned on the cluster: at most DistributionSamples::kMaxSamples values per
    // list come back.
    core::Result<ChartedDurations> chartedPhaseDurations(const core::CohortSpec& cohort) override;
    core::Result<gpu::AdviceTable> advice(const core::CohortSpec& scope, const std::string& groupBy) override;
    core::Result<std::unique_ptr<core::WhatIfModel>> whatIfModel(const core::CohortSpec& cohort) override;
    std::vector<std::string> scalableSubcategories() const override { return {}; }
    bool withPhases() const override { return false; }
    core::Status ensurePhases() override;

private:
    // A job as the store holds it (its ids, key, label, name, GPUs, first start, attributes).
    using JobRef = core::clickhouse::StoreJob;

    explicit StoreFleetSource(std::unique_ptr<core::clickhouse::FleetStore> store);
    core::Status readVocabulary();
    // The store scope of a cohort spec. Error: a label or attribute the store lacks.
    core::Result<core::clickhouse::StoreScope> scopeOf(const core::CohortSpec& scope) const;
    // The same, only `job` of it when given. Error: also a job this source has not numbered.
    core::Result<core::clickhouse::StoreScope> scopeOf(
        const core::CohortSpec& scope, std::optional<JobIndex> job) const;
    core::Result<core::clickhouse::StoreGrouping> groupingOf(const std::string& groupBy) const;
    // Numbers the jobs read (the ones met before keep their numbers). Error: the read's.
    core::Result<std::vector<JobIndex>> numberJobs(core::Result<std::vector<JobRef>> jobs) const;
    // One summary per job of the scope with something counted, in the order of the job grouping.
    core::Result<std::vector<JobSummary>> jobSummaries(const core::clickhouse::StoreScope& scope);
    JobIndex indexOf(JobRef ref) const;
    core::Error notOnStore(const std::string& what) const;
    // What jobs are paired by in a comparison: the key, the name (else the key) or an attribute's
    // value ("(none)" without it), as gpu::matchValue.
    std::string matchValue(const JobRef& job, const std::string& matchBy) const;
    // The job roll-up of a cohort with the jobs numbered and their attributes read.
    core::Result<GroupedFigures> jobRollup(const core::CohortSpec& cohort);

    std::unique_ptr<core::clickhouse::FleetStore> m_store;
    FleetVocabulary m_vocabulary;
    mutable std::vector<JobRef> m_jobs;
    mutable std::map<std::pair<uint64_t, uint32_t>, JobIndex> m_index;
    std::optional<std::string> m_label;
    double m_lastSeconds = 0;
};

} // namespace ett::app
