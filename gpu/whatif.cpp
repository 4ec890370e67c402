#include "gpu/whatif.h"

#include "gpu/advisor.h"
#include "gpu/compare.h"

namespace ett::gpu {

core::WhatIfModel whatIfModel(Engine& engine, const Filter& filter)
{
    auto jobs = selectedJobs(engine, filter);
    const auto& attribution = engine.attribution();
    auto samples = measureCheckpoints(engine, filter, jobs);
    return core::WhatIfModel(engine.columns(), attribution, std::move(jobs), std::move(samples), filter.excluded);
}

core::Result<core::WhatIfResult> runScenario(Engine& engine, const core::Scenario& scenario)
{
    const std::string what = "scenario '" + scenario.name + "': cohort";
    auto spec = core::parseCohortSpec(scenario.cohort, what);
    if (!spec) {
        return spec.error();
    }
    if (auto st = checkCohortSpec(*spec, engine.columns(), what); !st) {
        return st.error();
    }
    // Whole jobs, without queue: a time range selects the jobs that overlap it (whatif.h).
    const core::WhatIfModel model = whatIfModel(engine, cohortFilter(*spec, engine.columns()));
    auto result = model.project(scenario.changes);
    if (!result) {
        return core::Error { "scenario '" + scenario.name + "': " + result.error().message };
    }
    return result;
}

} // namespace ett::gpu
