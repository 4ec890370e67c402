#include "app/service/job_detail.h"

namespace ett::app {

core::Result<JobDetail> jobDetail(Workspace& workspace, const std::string& key, const std::optional<std::string>& label)
{
    core::FleetQuery q;
    q.jobKey = key;
    q.label = label;
    auto jobs = core::loadFleet(workspace.store(), q);
    if (!jobs) {
        return jobs.error();
    }
    if (jobs->empty()) {
        return core::Error { "no job '" + key + "' in " + workspace.path()
            + (label ? " under label '" + *label + "'" : "") };
    }
    if (jobs->size() > 1) {
        std::string labels;
        for (const auto& j : *jobs) {
            labels += (labels.empty() ? "" : ", ") + j.label;
        }
        return core::Error { "job '" + key + "' exists under several labels (" + labels
            + "); choose one with --label" };
    }
    JobDetail d;
    d.job = std::move(jobs->front());
    core::addJob(d.figures, d.job.result, d.job.gpus, core::RollupOptions {});
    return d;
}

} // namespace ett::app
