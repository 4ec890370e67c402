// Cohorts on the engine: a CohortSpec resolved against the loaded fleet's
// dictionaries, the per-job figures, distributions and interruptions of a cohort gathered with
// the engine's roll-ups, and the comparison of two cohorts (core/model/compare.h computes it).
#pragma once

#include "core/model/compare.h"
#include "core/model/duration_blocks.h"
#include "gpu/engine.h"

#include <map>
#include <string>
#include <vector>

namespace ett::gpu {

// The engine filter of a cohort. Names the fleet does not know match nothing (a label or value
// nobody has gives an empty cohort, not all jobs).
Filter cohortFilter(const core::CohortSpec& spec, const core::FleetColumns& columns, bool countQueue = false);

// An error when a spec names a label or attribute the fleet does not have (a typo, not an empty
// cohort); `what` names the spec ("--a").
core::Status checkCohortSpec(const core::CohortSpec& spec, const core::FleetColumns& columns, const std::string& what);

struct CohortOptions
{
    // What matched jobs are paired by: "" or "job" (the job key), "name" (the job's name), or an
    // attribute key.
    std::string matchBy;
    bool countQueue = false; // spec 5.6
    // The phase-duration distributions (CohortInput::durations), from the engine's phases. Off:
    // left empty for the caller to fill from phaseDurations() or stored samples.
    bool withDurations = true;
};

// What matched jobs are paired by, resolved against a fleet: the key, the job's name, or the
// code of an attribute (kNoAttribute: an attribute no job has, so every job has "(none)").
struct MatchKey
{
    enum class By { Key, Name, Attribute };
    static constexpr int32_t kNoAttribute = -1;
    By by = By::Key;
    int32_t attrKey = kNoAttribute;
};
MatchKey resolveMatchKey(const std::string& matchBy, const core::FleetColumns& columns);
// The value job `job` is paired by: its key, its name (the key when it has none), or the
// attribute's value ("(none)" when it lacks it).
std::string matchValue(const core::FleetColumns& columns, size_t job, const MatchKey& key);

// The phase durations of the jobs a filter selects, by distribution name ("compile",
// "init.device_init"): every phase of their attempts that starts inside the filter's range,
// end - start, sorted. Needs the engine loaded with phases (else every list is empty).
std::map<std::string, std::vector<int64_t>> phaseDurations(const Engine& engine, const Filter& filter);
// The same durations per phase kind code (unsorted), as durationsByName() takes them.
std::vector<std::vector<int64_t>> phaseDurationsPerKind(const Engine& engine, const Filter& filter);
// The durations per phase kind code of `columns` (perKind[k]: any order) gathered by distribution
// name as phaseDurations() gives them: each kind under its category and under
// category.subcategory, sorted. Consumes perKind.
std::map<std::string, std::vector<int64_t>> durationsByName(
    const core::FleetColumns& columns, std::vector<std::vector<int64_t>> perKind);
// Count and percentiles of each of those names, in the order a comparison lists its distributions
// (category code, then subcategory, a category before its subcategories), without the lists by
// name or sorting them: a category's percentiles are found across its kinds' lists
// (core::percentilesOfLists).
std::vector<core::DurationSample> durationSamplesByName(
    const core::FleetColumns& columns, const std::vector<std::vector<int64_t>>& perKind);
// The same of durations gathered in blocks (a comparison's cohorts read from the stored samples).
std::vector<core::DurationSample> durationSamplesByName(
    const core::FleetColumns& columns, const core::KindDurationBlocks& perKind);

// Everything the comparison needs of one cohort.
core::CohortInput cohortInput(Engine& engine, const core::CohortSpec& spec, const CohortOptions& options);

core::Comparison compareCohorts(Engine& engine, const core::CohortSpec& a, const core::CohortSpec& b,
    const CohortOptions& options, const core::CompareOptions& compareOptions);

} // namespace ett::gpu
