// What-if scenarios: their JSON form, which the user writes in a file and the
// database keeps, and the `scenarios` table of the document (schema version 2).
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

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

class Database;

// Parses a scenario's JSON; `origin` names it in errors, with the field:
// "scenario.json: changes[2].scale: expected a number >= 0 and <= 100 (got -1)".
Result<Scenario> parseScenario(std::string_view json, const std::string& origin);
// Reads and parses a scenario file (errors name the path).
Result<Scenario> loadScenarioFile(const std::string& path);
// The scenario as JSON (one line, keys in the order above); parseScenario reads it back equal.
std::string scenarioJson(const Scenario& scenario);

struct SavedScenario
{
    Scenario scenario;
    std::string savedAt; // RFC 3339 UTC
};

// Saves the scenario under its name, replacing one of the same name, in one transaction. An
// invalid scenario (no name, a change checkChange refuses) is an Error and nothing is written.
Status saveScenario(Database& db, const Scenario& scenario);
// Every saved scenario, by name. A stored text that no longer parses is an Error naming it.
Result<std::vector<SavedScenario>> listScenarios(Database& db);
// The scenario saved under `name`; an Error naming the saved ones when there is none.
Result<SavedScenario> loadScenario(Database& db, const std::string& name);
// Deletes the scenario saved under `name`; false when there was none (nothing changes).
Result<bool> deleteScenario(Database& db, const std::string& name);

} // namespace ett::core
