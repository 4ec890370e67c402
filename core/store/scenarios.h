// The `scenarios` table of the document (schema version 2): what-if scenarios saved by name in
// their JSON form (core/ingest/scenario_file.h).
#pragma once

#include "core/ingest/scenario_file.h"
#include "core/model/result.h"
#include "core/model/whatif.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

class Database;

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
