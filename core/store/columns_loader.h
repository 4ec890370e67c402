// Loading a stored fleet as columns for the aggregation engine, with the attribution the store
// already holds (derived tables), so that queries need not attribute phases again.
#pragma once

#include "core/model/columns.h"
#include "core/model/result.h"

#include <optional>
#include <string>

namespace ett::core {

class Database;

struct ColumnsQuery
{
    std::optional<std::string> label; // only jobs of this label
    bool withPhases = false; // load phases too (for phase-duration distributions)
};

struct StoredFleet
{
    FleetColumns columns;
    Attribution attribution; // from attempt_derived, in the columns' attempt order
};

// Loads jobs (ordered by id), their attributes, attempts (by start), checkpoints, optionally phases,
// and the derived segments. Error when the store is damaged.
Result<StoredFleet> loadStoredFleet(Database& db, const ColumnsQuery& query);

} // namespace ett::core
