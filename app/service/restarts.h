// What every restart of a job costs (core/model/restarts.h), and the compile time of a scope per
// compile tag (core/model/compile_tags.h): what `ettw restarts` prints and the window's Restarts tab
// shows.
#pragma once

#include "app/service/fleet_source.h"
#include "app/service/workspace.h"
#include "core/model/restarts.h"

#include <array>
#include <optional>
#include <string>

namespace ett::app {

// The restarts of the job whose key is `key` (under `label` when given), through the fleet source's
// job timelines (a database's or a fleet store's). Error: no such job, the key under several labels
// and none chosen (the message lists them), or the timeline's.
core::Result<core::JobRestarts> jobRestarts(
    FleetSource& fleet, const std::string& key, const std::optional<std::string>& label);
// The same from a database, reading only that job's timeline (the fleet is not loaded).
core::Result<core::JobRestarts> jobRestarts(
    Workspace& workspace, const std::string& key, const std::optional<std::string>& label);

using CompileTagTable = std::array<core::CompileTagDistribution, core::kCompileTagCount>;

// The compile phases of the scope's jobs that start inside its range, per tag (one sample a phase,
// every rank's counted, as the comparison's phase distributions count them). Error: the scope's
// (an unknown label or attribute).
core::Result<CompileTagTable> compileTagTable(FleetSource& fleet, const core::CohortSpec& scope);

} // namespace ett::app
