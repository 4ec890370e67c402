// Checkpoint-interval advice for every front end.
#pragma once

#include "app/service/fleet_source.h"

#include <optional>
#include <string>

namespace ett::app {

// Advice for the scope's jobs pooled per group of request.groupBy; groups with the most GPU-hours
// to gain first when `bestFirst` (ties by points; those without advice last, by name), else by name.
core::Result<gpu::AdviceTable> advise(FleetSource& fleet, const AdviceRequest& request, bool bestFirst = false);

// Advice for one job by key (one label when several hold the key), without the time of the
// excluded windows (spec 7.4). Error: no such job, or the key is under several labels and none was
// chosen.
core::Result<gpu::AdviceTable> adviseJob(FleetSource& fleet, const std::string& key,
    const std::optional<std::string>& label, const std::vector<core::TimeSpan>& excluded = {});

} // namespace ett::app
