#include "gpu/advisor.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace ett::gpu {

std::vector<int32_t> selectedJobs(Engine& engine, const Filter& filter)
{
    std::vector<int32_t> jobs;
    const auto byJob = engine.rollup(filter, Grouping { GroupBy::Job, -1 });
    jobs.reserve(byJob.groups.size());
    for (const auto& g : byJob.groups) {
        jobs.push_back(g.code);
    }
    std::sort(jobs.begin(), jobs.end());
    return jobs;
}

std::vector<core::JobCheckpointSample> measureCheckpoints(
    Engine& engine, const Filter& filter, const std::vector<int32_t>& jobs)
{
    auto samples = core::measureCheckpoints(engine.columns(), engine.attribution(), jobs);
    if (filter.excluded.empty() || jobs.empty()) {
        return samples;
    }
    Filter whole = filter;
    whole.fromNs.reset();
    whole.toNs.reset();
    whole.countQueue = false;
    whole.jobs = jobs;
    std::map<int32_t, core::JobCheckpointSample*> byJob;
    for (core::JobCheckpointSample& s : samples) {
        byJob[s.job] = &s;
    }
    for (const GroupFigures& g : engine.rollup(whole, Grouping { GroupBy::Job, -1 }).groups) {
        if (const auto it = byJob.find(g.code); it != byJob.end()) {
            core::takeOutExcluded(*it->second, g.figures.excludedNs, g.figures.excludedGpuNs);
        }
    }
    return samples;
}

AdviceTable adviseCheckpoints(Engine& engine, const Filter& filter, const Grouping& grouping)
{
    if (grouping.by == GroupBy::Attempt || grouping.by == GroupBy::CauseClass) {
        throw std::invalid_argument("checkpoint advice is per job or group of jobs, not per attempt or cause class");
    }
    const auto jobs = selectedJobs(engine, filter);
    const auto& columns = engine.columns();
    // Whole jobs (a time range selects them), without the time of the excluded windows (spec 7.4).
    const auto samples = measureCheckpoints(engine, filter, jobs);

    std::set<std::string> sharedKeys; // keys of more than one selected job
    if (grouping.by == GroupBy::Job) {
        std::set<std::string> seen;
        for (int32_t j : jobs) {
            const auto& key = columns.jobKey[static_cast<size_t>(j)];
            if (!seen.insert(key).second) {
                sharedKeys.insert(key);
            }
        }
    }

    AdviceTable table;
    std::vector<const core::JobCheckpointSample*> all;
    all.reserve(samples.size());
    std::map<std::string, std::vector<const core::JobCheckpointSample*>> groups; // sorted by name
    for (const auto& s : samples) {
        all.push_back(&s);
        const auto j = static_cast<size_t>(s.job);
        switch (grouping.by) {
        case GroupBy::None:
            break;
        case GroupBy::Attribute: {
            if (grouping.attrKey < 0 || static_cast<size_t>(grouping.attrKey) >= columns.attrKeys.size()) {
                throw std::invalid_argument("group by an unknown attribute");
            }
            const int32_t v = columns.attr(j, static_cast<size_t>(grouping.attrKey));
            groups[engine.groupName(grouping, v < 0 ? INT32_MAX : v)].push_back(&s);
            break;
        }
        case GroupBy::Label:
            groups[engine.groupName(grouping, columns.jobLabel[j])].push_back(&s);
            break;
        case GroupBy::Job:
            // A key under several labels is several jobs: the label tells them apart.
            groups[sharedKeys.count(columns.jobKey[j]) != 0
                    ? columns.jobKey[j] + " (" + columns.labels[static_cast<size_t>(columns.jobLabel[j])] + ")"
                    : columns.jobKey[j]]
                .push_back(&s);
            break;
        case GroupBy::Attempt:
        case GroupBy::CauseClass:
            break;
        }
    }
    table.total = core::adviseGroup("fleet", all);
    table.groups.reserve(groups.size());
    for (const auto& [name, members] : groups) {
        table.groups.push_back(core::adviseGroup(name, members));
    }
    return table;
}

} // namespace ett::gpu
