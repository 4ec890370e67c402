// One job by key, read from the store with the reference accounting (core/model/accounting.h):
// what `ettw job` shows.
#pragma once

#include "app/service/fleet_source.h"
#include "app/service/workspace.h"
#include "core/store/fleet.h"

#include <optional>
#include <string>

namespace ett::app {

struct JobDetail
{
    core::FleetJob job;
    core::Figures figures; // of the whole job, queue not counted
    std::vector<core::TimeSpan> excluded; // the excluded windows the figures leave out (spec 7.4)
};

// The error of a key under several labels (listed in the order given) when none was chosen.
core::Error severalLabelsError(const std::string& key, const std::vector<std::string>& labels);

// A job found by its key: as the fleet source numbers it, and its timeline.
struct KeyedJob
{
    JobIndex job = -1;
    core::JobTimeline timeline;
};

// The job whose key is `key` (under `label` when given). Error: no such job, or the key is under
// several labels and none was chosen (the message lists them).
core::Result<KeyedJob> jobByKey(FleetSource& fleet, const std::string& key, const std::optional<std::string>& label);

// The job's figures leave out its time inside `excluded` (spec 7.4; normal form, see
// core::normalizeExcluded), counted in Figures::excludedNs. Error: no job with that key (under the
// label when given), or the key is under several labels and none was chosen (the message lists them).
core::Result<JobDetail> jobDetail(Workspace& workspace, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded = {});
// The same from any fleet source, through its job timelines (a fleet store's).
core::Result<JobDetail> jobDetail(FleetSource& fleet, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded = {});

} // namespace ett::app
