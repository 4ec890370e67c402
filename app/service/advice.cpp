#include "app/service/advice.h"

#include <algorithm>

namespace ett::app {

core::Result<gpu::AdviceTable> advise(FleetSource& fleet, const AdviceRequest& request, bool bestFirst)
{
    auto table = fleet.advice(request.scope, request.groupBy);
    if (!table) {
        return table.error();
    }
    if (bestFirst) {
        // By GPU-hours to gain, then by points: what moving the interval is worth to the fleet.
        std::stable_sort(table->groups.begin(), table->groups.end(), [](const auto& a, const auto& b) {
            const double ga = a.gainGpuHours.value_or(-1e300);
            const double gb = b.gainGpuHours.value_or(-1e300);
            return ga != gb ? ga > gb : a.gainPp.value_or(-1e300) > b.gainPp.value_or(-1e300);
        });
    }
    return table;
}

core::Result<gpu::AdviceTable> adviseJob(FleetSource& fleet, const std::string& key,
    const std::optional<std::string>& label, const std::vector<core::TimeSpan>& excluded)
{
    core::CohortSpec scope;
    if (label) {
        scope.labels = { *label };
    }
    auto jobs = fleet.jobs(scope);
    if (!jobs) {
        return jobs.error();
    }
    std::erase_if(*jobs, [&](const JobSummary& j) { return j.key != key; });
    if (jobs->empty()) {
        return core::Error { "no job '" + key + "' in " + fleet.location()
            + (label ? " under the label '" + *label + "'" : std::string()) };
    }
    if (jobs->size() > 1) {
        return core::Error { "job '" + key + "' exists under several labels; choose one with --label" };
    }
    // The job's own group of a per-job table under its label is its advice, as the fleet row.
    scope.labels = { jobs->front().label };
    scope.excluded = excluded;
    auto table = fleet.advice(scope, "job");
    if (!table) {
        return table.error();
    }
    gpu::AdviceTable out;
    for (auto& g : table->groups) {
        if (g.name == key) {
            out.total = std::move(g);
        }
    }
    out.total.name = table->total.name;
    return out;
}

} // namespace ett::app
