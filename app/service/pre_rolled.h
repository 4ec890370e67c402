// Summaries over all time read from the columnar copy's roll-ups (core/store/chunk_rollups.h)
// instead of the fleet, and the builder that writes those roll-ups with the engine whenever a chunk
// of the copy is rebuilt.
#pragma once

#include "app/service/overview.h"
#include "core/store/database.h"

#include <optional>
#include <string>

namespace ett::app {

// Installs the builder (core::setChunkRollupBuilder) that rolls a rebuilt chunk up with the engine
// on the CPU: per label of its jobs, whole and by each attribute key they have, queue counted and
// not. Idempotent; every writer of a database calls it before opening one (Workspace does).
void installChunkRollupBuilder();

// The summary of every job (or of `label`'s) over all time, grouped by the attribute `groupBy` or
// not at all, from the roll-ups: what summarize() over the fleet gives, with the sample lists ranked
// (Figures::ranked). nullopt when the roll-ups cannot give it (see core::readPreRolledSummary, and a
// grouping that is not an attribute): the caller loads the fleet. The label must exist
// (Workspace::checkLabel). Error: the store's, or a damaged roll-up.
struct PreRolled
{
    FleetGroups summary;
    int64_t rows = 0; // roll-ups read
};
core::Result<std::optional<PreRolled>> preRolledSummary(core::Database& db, const std::optional<std::string>& label,
    const std::optional<std::string>& groupBy, bool countQueue);

// Whether stored roll-ups can group by `groupBy` at all: the whole, or an attribute key (not job,
// label, attempt or cause_class). A summary that cannot be pre-rolled need not open the database
// to find out.
bool preRolledGrouping(const std::optional<std::string>& groupBy);

} // namespace ett::app
