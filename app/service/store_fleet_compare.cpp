// The fleet store source's comparisons: each cohort's job roll-up and causes from SQL, jobs paired
// as the local source pairs them, and the phase durations sorted on the cluster.
#include "app/service/store_fleet_source.h"
#include "app/service/store_rows.h"
#include "core/store/clickhouse/sql_text.h"

#include <algorithm>
#include <tuple>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;
using store_rows::shortRow;

std::string StoreFleetSource::matchValue(const JobRef& job, const std::string& matchBy) const
{
    if (matchBy.empty() || matchBy == "job") {
        return job.key;
    }
    if (matchBy == "name") {
        return job.name.empty() ? job.key : job.name;
    }
    for (const auto& [k, v] : job.attrs) {
        if (k == matchBy) {
            return v;
        }
    }
    return core::kNoGroupName;
}

core::Result<GroupedFigures> StoreFleetSource::jobRollup(const core::CohortSpec& cohort)
{
    auto byJob = rollup(cohort, "job");
    if (!byJob) {
        return byJob.error();
    }
    for (const auto& g : byJob->groups) {
        if (g.code < 0) {
            return core::Error { "a job of " + location() + " changed while it was read; try again" };
        }
    }
    return byJob;
}

core::Result<core::CohortInput> StoreFleetSource::cohortInput(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    const auto started = Clock::now();
    auto byJob = jobRollup(cohort);
    if (!byJob) {
        return byJob.error();
    }
    core::CohortInput in;
    in.spec = cohort.text();
    in.total = std::move(byJob->total);
    for (auto& g : byJob->groups) {
        const JobRef& ref = m_jobs[static_cast<size_t>(g.code)];
        core::CohortJob j;
        j.key = ref.key;
        j.match = matchValue(ref, matchBy);
        j.figures = std::move(g.figures);
        j.name = ref.name;
        j.gpus = ref.gpus;
        j.label = ref.label;
        in.jobs.push_back(std::move(j));
    }
    core::sortCohortJobs(in.jobs);
    // Interruptions by cause class.
    auto causes = rollup(cohort, "cause_class");
    if (!causes) {
        return causes.error();
    }
    for (const auto& g : causes->groups) {
        if (g.figures.failures + g.figures.preemptions > 0) {
            in.causes.push_back(core::CauseCount { g.name, g.figures.failures, g.figures.preemptions });
        }
    }
    m_lastSeconds = secondsSince(started);
    return in;
}

core::Result<std::map<std::string, MatchJobs>> StoreFleetSource::matchJobs(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    auto byJob = jobRollup(cohort);
    if (!byJob) {
        return byJob.error();
    }
    // In the order cohorts list their jobs (by key, then label), so that ties go the same way.
    std::vector<const gpu::GroupFigures*> groups;
    for (const auto& g : byJob->groups) {
        groups.push_back(&g);
    }
    std::stable_sort(groups.begin(), groups.end(), [&](const gpu::GroupFigures* a, const gpu::GroupFigures* b) {
        const JobRef& ja = m_jobs[static_cast<size_t>(a->code)];
        const JobRef& jb = m_jobs[static_cast<size_t>(b->code)];
        return std::tie(ja.key, ja.label) < std::tie(jb.key, jb.label);
    });
    std::map<std::string, MatchJobs> out;
    for (const auto* g : groups) {
        MatchJobs& m = out[matchValue(m_jobs[static_cast<size_t>(g->code)], matchBy)];
        ++m.count;
        if (m.job < 0 || g->figures.e2eGpuNs > m.e2eGpuNs) {
            m.job = g->code;
            m.e2eGpuNs = g->figures.e2eGpuNs;
        }
    }
    return out;
}

core::Result<PhaseDurations> StoreFleetSource::phaseDurations(const core::CohortSpec& cohort)
{
    const auto started = Clock::now();
    auto scope = scopeOf(cohort);
    if (!scope) {
        return scope.error();
    }
    // The durations of the cohort's phases that start inside the range, sorted on the cluster per
    // kind; each kind counts under its category and under category.subcategory.
    const std::string db = m_store->url().database;
    std::string range;
    if (scope->fromNs) {
        range += " AND start_ns >= " + std::to_string(*scope->fromNs);
    }
    if (scope->toNs) {
        range += " AND start_ns < " + std::to_string(*scope->toNs);
    }
    auto body = m_store->queryNode().query(
        "SELECT CAST(category AS Int8) AS c, subcategory, arraySort(groupArray(end_ns - start_ns)) FROM " + db
        + ".phases ANY INNER JOIN (SELECT dataset_id, job_no FROM " + db + ".jobs_local WHERE "
        + ch::jobFilterSql(*scope) + ") USING (dataset_id, job_no) WHERE " + ch::liveScopeSql(db, scope->labels) + range
        + " GROUP BY c, subcategory ORDER BY c, subcategory FORMAT RowBinary");
    if (!body) {
        return m_store->explain(body.error());
    }
    PhaseDurations out;
    auto mergeInto = [](std::vector<int64_t>& list, const std::vector<int64_t>& sorted) {
        const auto mid = static_cast<std::ptrdiff_t>(list.size());
        list.insert(list.end(), sorted.begin(), sorted.end());
        std::inplace_merge(list.begin(), list.begin() + mid, list.end());
    };
    for (ch::RowBinaryReader r(*body); !r.atEnd();) {
        auto category = r.uint8();
        auto sub = r.string();
        auto values = r.int64Array();
        if (!category || !sub || !values || *category >= core::kCategoryCount) {
            return shortRow();
        }
        const std::string name(core::categoryName(static_cast<core::Category>(*category)));
        mergeInto(out[name], *values);
        if (!sub->empty()) {
            mergeInto(out[name + "." + *sub], *values);
        }
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

} // namespace ett::app
