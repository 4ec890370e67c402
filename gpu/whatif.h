// What-if projections on the engine: the model of a cohort built from the engine's
// attribution and the measured checkpoint inputs, and a scenario run end to end.
#pragma once

#include "core/model/whatif.h"
#include "gpu/engine.h"

namespace ett::gpu {

// The what-if model of the jobs the filter selects (whole jobs), without the time of the filter's
// excluded windows. The engine must outlive the model.
core::WhatIfModel whatIfModel(Engine& engine, const Filter& filter);

// Parses the scenario's cohort, checks it against the fleet (a label or attribute it does not
// have is an Error naming the scenario), builds the model and projects the changes.
core::Result<core::WhatIfResult> runScenario(Engine& engine, const core::Scenario& scenario);

} // namespace ett::gpu
