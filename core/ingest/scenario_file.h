// What-if scenarios: their JSON form, which the user writes in a file and the store keeps
// (core/store/scenarios.h).
//
//   {"name": "faster start", "cohort": "label=after,team=ads",
//    "changes": [{"bucket": "compile", "scale": 0.6},
//                {"phase": "init.process_group_init", "scale": 0.5},
//                {"interruptions": "failures", "scale": 0.7},
//                {"checkpoint_interval": "optimal"},
//                {"checkpoint_interval": 600},
//                {"checkpoint_interval": {"scale": 0.5}},
//                {"bucket": "setup", "set_s": 60}]}
//
// "cohort" is a cohort spec (core/model/compare.h; absent or "": every job). A change names one
// target (bucket, phase, interruptions: failures | preemptions | all, or checkpoint_interval:
// "optimal", a number of seconds, or {"scale": x}) and, but for the interval, a "scale" or a
// "set_s". Unknown keys are errors.
#pragma once

#include "core/model/result.h"
#include "core/model/whatif.h"

#include <string>
#include <string_view>

namespace ett::core {

// Parses a scenario's JSON; `origin` names it in errors, with the field:
// "scenario.json: changes[2].scale: expected a number >= 0 and <= 100 (got -1)".
Result<Scenario> parseScenario(std::string_view json, const std::string& origin);
// Reads and parses a scenario file (errors name the path).
Result<Scenario> loadScenarioFile(const std::string& path);
// The scenario as JSON (one line, keys in the order above); parseScenario reads it back equal.
std::string scenarioJson(const Scenario& scenario);

// Ok when the scenario has a name and every change is one checkChange accepts; `where` names it.
Status checkScenario(const Scenario& scenario, const std::string& where);

} // namespace ett::core
