#include "app/service/job_detail.h"

#include <algorithm>

namespace ett::app {

core::Error severalLabelsError(const std::string& key, const std::vector<std::string>& labels)
{
    std::string list;
    for (const auto& l : labels) {
        list += (list.empty() ? "" : ", ") + l;
    }
    return core::Error { "job '" + key + "' exists under several labels (" + list + "); choose one with --label" };
}

namespace {

// A job's timeline as the accounting's job result: its attempts, and the job's buckets, window,
// queue, Time to Start and interruptions summed from them (core::attributeJob's job figures).
core::FleetJob fleetJobOf(core::JobTimeline t)
{
    core::FleetJob j;
    j.label = std::move(t.label);
    j.key = std::move(t.key);
    j.name = std::move(t.name);
    j.gpus = t.gpus;
    j.attrs = std::move(t.attrs);
    core::JobResult& r = j.result;
    r.windowStartNs = t.windowStartNs;
    r.windowEndNs = t.windowEndNs;
    r.noCheckpointData = t.noCheckpointData;
    if (t.submittedNs && !t.attempts.empty() && *t.submittedNs < t.windowStartNs) {
        r.queueBeforeNs = t.windowStartNs - *t.submittedNs;
    }
    for (auto& ta : t.attempts) {
        core::AttemptResult& a = ta.result;
        for (size_t b = 0; b < a.bucketsNs.size(); ++b) {
            r.bucketsNs[b] += a.bucketsNs[b];
        }
        r.bucketsNs[static_cast<size_t>(core::Bucket::Recovery)] += a.gapAfterNs;
        r.failures += a.interruption == core::Interruption::Failure ? 1 : 0;
        r.preemptions += a.interruption == core::Interruption::Preemption ? 1 : 0;
        r.otherInterruptions += a.interruption == core::Interruption::Other ? 1 : 0;
        j.attemptInfo.push_back({ std::move(ta.cause), std::move(ta.symptom), std::move(ta.detail) });
        r.attempts.push_back(std::move(a));
    }
    if (!r.attempts.empty()) {
        r.ttsNs = r.attempts.front().ttsNs;
    }
    return j;
}

} // namespace

core::Result<KeyedJob> jobByKey(FleetSource& fleet, const std::string& key, const std::optional<std::string>& label)
{
    std::vector<KeyedJob> found;
    for (JobIndex j : fleet.jobsWithKey(key)) {
        auto t = fleet.jobTimeline(j);
        if (!t) {
            return t.error();
        }
        if (!label || t->label == *label) {
            found.push_back({ j, std::move(*t) });
        }
    }
    if (found.empty()) {
        return core::Error { "no job '" + key + "' in " + fleet.location()
            + (label ? " under label '" + *label + "'" : "") };
    }
    if (found.size() > 1) {
        std::vector<std::string> labels;
        for (const auto& f : found) {
            labels.push_back(f.timeline.label);
        }
        std::sort(labels.begin(), labels.end());
        return severalLabelsError(key, labels);
    }
    return std::move(found.front());
}

core::Result<JobDetail> jobDetail(FleetSource& fleet, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded)
{
    auto found = jobByKey(fleet, key, label);
    if (!found) {
        return found.error();
    }
    JobDetail d;
    d.job = fleetJobOf(std::move(found->timeline));
    d.excluded = excluded;
    core::RollupOptions options;
    options.excluded = excluded;
    core::addJob(d.figures, d.job.result, d.job.gpus, options);
    return d;
}

core::Result<JobDetail> jobDetail(Workspace& workspace, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded)
{
    core::FleetQuery q;
    q.jobKey = key;
    q.label = label;
    q.withSegments = !excluded.empty(); // the excluded windows clip the segments
    auto jobs = core::loadFleet(workspace.store(), q);
    if (!jobs) {
        return jobs.error();
    }
    if (jobs->empty()) {
        return core::Error { "no job '" + key + "' in " + workspace.path()
            + (label ? " under label '" + *label + "'" : "") };
    }
    if (jobs->size() > 1) {
        std::vector<std::string> labels;
        for (const auto& j : *jobs) {
            labels.push_back(j.label);
        }
        return severalLabelsError(key, labels);
    }
    JobDetail d;
    d.job = std::move(jobs->front());
    d.excluded = excluded;
    core::RollupOptions options;
    options.excluded = excluded;
    core::addJob(d.figures, d.job.result, d.job.gpus, options);
    return d;
}

} // namespace ett::app
