// The overview's figures for a filter (issue #4, item 2): the whole scope with its TTS / TTR
// percentiles, the calendar series, interruptions by cause class and the jobs that lost the most
// GPU-hours. Computed by the engine; shared by the overview page (through the data worker) and the
// PDF report, so that both show the same numbers.
#pragma once

#include "app/ui/types.h"
#include "core/model/compare.h"
#include "gpu/engine.h"

namespace ett::app {

// The engine filter of a UI filter: names are resolved against the loaded fleet's dictionaries
// (gpu/compare.h: an unknown label or value matches nothing).
gpu::Filter toEngineFilter(const UiFilter& filter, const core::FleetColumns& columns);

// The cohort spec of a UI filter (for titles, provenance and comparisons).
core::CohortSpec toCohortSpec(const UiFilter& filter);

OverviewData computeOverview(gpu::Engine& engine, const gpu::Filter& filter, gpu::Calendar every, size_t topJobs = 10);

} // namespace ett::app
