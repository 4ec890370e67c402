// What-if projections for every front end: a session that keeps the model of the last cohort,
// and a saved scenario run end to end.
#pragma once

#include "app/service/results.h"
#include "app/service/workspace.h"

#include <memory>
#include <string>

namespace ett::app {

// What-if projections of one cohort at a time. The cohort's model is built on the first request
// for it and kept until another cohort is asked for or the workspace's fleet is replaced, so that
// a request per slider move stays fast.
class WhatIfSession
{
public:
    // Projects the request. Loads the phases first when a change scales a phase subcategory.
    // Error: a bad cohort spec, a label or attribute the fleet lacks, a change the model refuses.
    core::Result<WhatIfData> project(Workspace& workspace, const WhatIfRequest& request);
    // Drops the model (it points into the fleet it was built from).
    void reset();

private:
    std::unique_ptr<core::WhatIfModel> m_model;
    std::string m_cohort; // the spec as asked
    std::string m_cohortText; // CohortSpec::text()
    std::vector<core::TimeSpan> m_excluded; // as asked
    uint64_t m_generation = 0; // of the workspace's fleet the model was built from
};

// Runs a saved scenario end to end on the workspace (phases loaded when it needs them), without the
// time of the excluded windows (spec 7.4).
core::Result<core::WhatIfResult> runScenario(
    Workspace& workspace, const core::Scenario& scenario, const std::vector<core::TimeSpan>& excluded = {});

} // namespace ett::app
