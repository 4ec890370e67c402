#include "app/service/restarts.h"

#include "app/service/job_detail.h"
#include "core/store/fleet.h"
#include "core/store/timeline.h"

#include <utility>
#include <vector>

namespace ett::app {

core::Result<core::JobRestarts> jobRestarts(
    FleetSource& fleet, const std::string& key, const std::optional<std::string>& label)
{
    auto found = jobByKey(fleet, key, label);
    if (!found) {
        return found.error();
    }
    return core::restartsOf(found->timeline);
}

core::Result<core::JobRestarts> jobRestarts(
    Workspace& workspace, const std::string& key, const std::optional<std::string>& label)
{
    // 1. The labels holding the key (only `label` when given), by the jobs' unique (label, key).
    std::vector<std::string> labels;
    if (label) {
        labels.push_back(*label);
    } else {
        auto all = core::listLabels(workspace.store());
        if (!all) {
            return all.error();
        }
        labels = std::move(*all);
    }
    std::vector<std::pair<std::string, core::JobRowId>> found;
    for (const auto& l : labels) {
        auto id = core::findJobId(workspace.store(), l, key);
        if (!id) {
            return id.error();
        }
        if (*id) {
            found.push_back({ l, **id });
        }
    }
    if (found.empty()) {
        return core::Error { "no job '" + key + "' in " + workspace.path()
            + (label ? " under label '" + *label + "'" : "") };
    }
    if (found.size() > 1) {
        std::vector<std::string> names;
        for (const auto& f : found) {
            names.push_back(f.first);
        }
        return severalLabelsError(key, names);
    }
    // 2. Its timeline, as the window's timeline reads it.
    auto timeline = core::loadJobTimeline(workspace.store(), found.front().second);
    if (!timeline) {
        return timeline.error();
    }
    return core::restartsOf(*timeline);
}

core::Result<CompileTagTable> compileTagTable(FleetSource& fleet, const core::CohortSpec& scope)
{
    auto durations = fleet.phaseDurations(scope);
    if (!durations) {
        return durations.error();
    }
    return core::compileTagDistributions(*durations);
}

} // namespace ett::app
