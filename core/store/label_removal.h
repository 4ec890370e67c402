// Removing a whole dataset label from the store (every file imported under it and everything
// derived from it), and undoing the latest removal.
//
// Design note: a label owns its rows outright: jobs are unique per label, attempts, checkpoints
// and derived rows hang off its jobs, and each of its files' phases is one contiguous id range
// (datasets.first_phase_id .. last_phase_id). So a removal is a few indexed deletes plus one
// range delete per file, fast on a big database. For undo, the rows are first copied, ids and
// all, into a private temporary database attached to the same connection ("trash"); a restore
// copies them back, after checking that no id or the name has been taken since (SQLite numbers
// new rows max(id) + 1, so a later import can reuse the removed ids). The trash lives as long as
// the connection: undo is for the window, which keeps its connection open.
#pragma once

#include "core/model/label_contents.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::core {

class Database;

// Counts what removing `label` would remove. Error naming the label when there is no such label.
Result<LabelContents> labelContents(Database& db, const std::string& label);

// Removes `label` and everything imported under it or derived from it; other labels, the phase
// kinds and the scenarios are untouched. One transaction: on any error (a missing label, named in
// the message; a store whose phase ranges disagree with its attempts) nothing changes, the trash
// included. Returns what was removed.
Result<LabelContents> removeLabel(Database& db, const std::string& label, KeepForUndo keep = KeepForUndo::No);

// The latest removal kept for undo on this connection, or nullopt when there is none (nothing
// removed with KeepForUndo::Yes since the connection was opened, or it was restored).
Result<std::optional<RemovedLabel>> removedLabel(Database& db);

// Puts the latest kept removal back with its ids, in one transaction, and empties the trash.
// Refused (an Error saying why; nothing changes, and the removal stays kept) when there is
// nothing to restore, when a label of that name exists again, or when a later import has taken
// any of its ids (label, files, jobs, attempts, checkpoints, phases).
Result<RemovedLabel> restoreRemovedLabel(Database& db);

} // namespace ett::core
