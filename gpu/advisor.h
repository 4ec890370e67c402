// Checkpoint advice on the engine: the filtered jobs (selected by the engine's roll-up)
// measured on the engine's attribution, pooled per group, and advised (core/model/advisor.h).
#pragma once

#include "core/model/advisor.h"
#include "gpu/engine.h"

#include <vector>

namespace ett::gpu {

struct AdviceTable
{
    core::CheckpointAdvice total; // every filtered job together, named "fleet"
    std::vector<core::CheckpointAdvice> groups; // sorted by name; empty for GroupBy::None
};

// Advice for the jobs the filter selects, per group. Groupings by None, Label, Attribute and Job
// (a job lacking the attribute falls in "(none)"); Attempt and CauseClass throw
// std::invalid_argument (a job's checkpoint interval is not a property of one attempt). Whole jobs:
// the filter's time range selects them; its excluded windows' time leaves their measures
// (core::takeOutExcluded).
AdviceTable adviseCheckpoints(Engine& engine, const Filter& filter, const Grouping& grouping);

// The job indices the filter selects (jobs with something counted), ascending.
std::vector<int32_t> selectedJobs(Engine& engine, const Filter& filter);

// core::measureCheckpoints of the jobs (whole jobs), each without its time inside the filter's
// excluded windows: the engine's roll-up by job with those windows (no range, no queue) says how
// much, per bucket (core::takeOutExcluded), as a fleet store's job roll-up does.
std::vector<core::JobCheckpointSample> measureCheckpoints(
    Engine& engine, const Filter& filter, const std::vector<int32_t>& jobs);

} // namespace ett::gpu
