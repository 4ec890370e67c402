#include "app/service/whatif_session.h"

#include <chrono>

namespace ett::app {

void WhatIfSession::reset()
{
    m_model.reset();
    m_cohort.clear();
    m_cohortText.clear();
    m_excluded.clear();
}

core::Result<WhatIfData> WhatIfSession::project(Workspace& workspace, const WhatIfRequest& request)
{
    const auto started = std::chrono::steady_clock::now();
    // 1. A phase subcategory's time is read from the phases: load them once.
    if (core::needsPhases(request.changes)) {
        if (auto st = workspace.ensurePhases(); !st) {
            return st.error();
        }
    }
    auto fleet = workspace.fleet();
    if (!fleet) {
        return fleet.error();
    }
    WhatIfData d;
    d.request = request;
    // 2. The cohort's model, built again only for another cohort, other windows or another fleet.
    if (!m_model || m_cohort != request.cohort || m_excluded != request.excluded
        || m_generation != workspace.generation()) {
        reset();
        auto spec = core::parseCohortSpec(request.cohort, "cohort");
        if (!spec) {
            return spec.error();
        }
        spec->excluded = request.excluded;
        auto model = (*fleet)->whatIfModel(*spec);
        if (!model) {
            return model.error();
        }
        m_model = std::move(*model);
        m_cohort = request.cohort;
        m_cohortText = spec->text();
        m_excluded = request.excluded;
        m_generation = workspace.generation();
        d.modelBuilt = true;
    }
    d.cohortText = m_cohortText;
    // 3. The projection.
    auto result = m_model->project(request.changes);
    if (!result) {
        return result.error();
    }
    d.result = std::move(*result);
    d.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    d.subcategories = (*fleet)->scalableSubcategories();
    return d;
}

core::Result<core::WhatIfResult> runScenario(
    Workspace& workspace, const core::Scenario& scenario, const std::vector<core::TimeSpan>& excluded)
{
    WhatIfSession session;
    auto d = session.project(workspace, WhatIfRequest { scenario.cohort, scenario.changes, excluded });
    if (!d) {
        return core::Error { "scenario '" + scenario.name + "': " + d.error().message };
    }
    return std::move(d->result);
}

} // namespace ett::app
