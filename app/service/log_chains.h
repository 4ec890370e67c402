// Console logs imported with the runs stored before them: one import of a sweep's logs and imports
// of them one at a time (a cron importing each new run as it ends, in any order) store the same jobs.
//
// The runs of the logs given and the runs the label stores of the same configurations are chained
// together (core/ingest/log_runs.h). A stored log whose job or attempt the new runs change (a retry
// stored as a job of its own before its failed first run was imported) is read again from its
// file, before the new logs, so that its rows follow. A stored log that would change but is no
// longer at its path as it was imported cannot be read again: its configuration's new runs are then
// chained among themselves only (as without this step), and the plan says so.
#pragma once

#include "core/ingest/formats.h"
#include "core/ingest/log_runs.h"
#include "core/model/result.h"
#include "core/store/dataset_replacement.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ett::core {
class Database;
}

namespace ett::app {

struct LogChainPlan
{
    // Of each run given, in order: its job and attempt.
    std::vector<core::LogRunIdentity> identities;
    // Of each run given: the source path of the stored log it is a new reading of (the same file:
    // it replaces that log's rows), or "".
    std::vector<std::string> replaces;
    // Of each run given: it replaces a stored log whose job or attempt it changes (it is read even
    // when its content is stored).
    std::vector<bool> readAgain;
    // Stored logs to read again (before the runs given, a later attempt first: each frees the
    // number the one before it takes): each with its new identity, and the file to read (its stored
    // path, or that relative path under the database's folder: see planLogChains).
    struct Stored
    {
        core::StoredLogRun run;
        core::LogRunIdentity identity;
        std::string readFrom;
        std::string reason; // why it is read again; "" for readAgainReason(identity)
    };
    std::vector<Stored> storedToReadAgain;
    // Of each run given: why its configuration was not chained with its stored runs, or "".
    std::vector<std::string> unchained;
};

// The console logs the database stores under `label` (none when the label is not stored), read once
// per import or watcher pass for configsStoredElsewhere and planLogChains. Error: SQLite's.
core::Result<std::vector<core::StoredLogRun>> storedLogRunsOf(core::Database& db, const std::string& label);

// The folder of the database's file: a relative source path stored by an import run in another
// folder is also looked for under it (planLogChains' databaseFolder).
std::string databaseFolderOf(const core::Database& db);

// Where a stored file is now with the content imported (its size, then its SHA-256): its path, or
// a relative one under `folder` (the database's, when given); nullopt when neither holds it.
std::optional<std::string> whereNow(
    const std::string& sourcePath, int64_t bytes, const std::string& sha256, const std::string& folder);

// Chains `runs` (read from `paths`, with `reader`: the import's options) with `stored`, the console
// logs the label stores (storedLogRunsOf). With --attempt (reader.attempt) the attempts are the ones
// given and nothing stored is read again. A stored log is read again only when its file still holds
// the content imported (its size and SHA-256); with `databaseFolder`, a relative path stored by an
// import run in another folder is also looked for under that folder.
LogChainPlan planLogChains(const std::vector<core::StoredLogRun>& stored, const std::vector<core::LogRun>& runs,
    const std::vector<std::string>& paths, const core::ReaderOptions& reader, const std::string& databaseFolder = {});

// The configurations of a plan not chained with their stored runs, and why: the distinct
// plan.unchained, in the order of the runs.
std::vector<std::string> unchainedNotes(const LogChainPlan& plan);

// The stored logs of `configs` to read again for each configuration to be chained from its stored
// runs alone, as planLogChains would chain them: after an import read stored logs again for a new
// run that was then not stored (its import failed or was cancelled), they go back to the jobs and
// attempts they had.
// `unreadable`, when given, gets each stored log that would be read again but is no longer there as
// it was imported ("PATH (stored as attempt 1 of job J)"): its configuration stays as it is stored.
std::vector<LogChainPlan::Stored> rechainStored(const std::vector<core::StoredLogRun>& stored,
    const std::set<std::string>& configs, const core::ReaderOptions& reader, const std::string& databaseFolder = {},
    std::vector<std::string>* unreadable = nullptr);

// Stored logs to read again as they are (the same job and attempt) so that each job of `jobs` is
// declared again, after the file that declared it was removed: of each, its first log (the lowest
// attempt) that is not among `moves` and whose file still holds the content imported (as
// planLogChains finds it, under `databaseFolder` too).
std::vector<LogChainPlan::Stored> redeclareStored(const std::vector<core::StoredLogRun>& stored,
    const std::set<std::string>& jobs, const std::vector<LogChainPlan::Stored>& moves,
    const std::string& databaseFolder = {});

// The order in which to read `moves` again so that none is stored as an attempt that another still
// holds: one whose new job and attempt another holds now comes after it (moved up, a later attempt
// first; moved back down, an earlier one first).
std::vector<size_t> readAgainOrder(const std::vector<LogChainPlan::Stored>& moves);

// The configuration a run of `identity` is of, as the chaining keys it: its job's name, or its key
// with --job (`jobGiven`).
std::string configOf(const core::LogRunIdentity& identity, bool jobGiven);
// The configuration of a stored log's run, as configOf above keys it.
std::string configOf(const core::StoredLogRun& stored, bool jobGiven);

// Of the configurations given (each with the paths of the logs given of it), those of which
// `stored` (the label's console logs) holds a log at another path (configurations: the jobs' names;
// their keys with --job, `jobGiven`). A log given whose configuration has no other log, given or
// stored, is the only run of its configuration: it is chained by its name alone
// (core::logRunByName), not read first.
std::set<std::string> configsStoredElsewhere(const std::vector<core::StoredLogRun>& stored, bool jobGiven,
    const std::map<std::string, std::vector<std::string>>& given);

// Why a stored log is read again: "its run is now attempt 1 of job run1-cfg-a (...)".
std::string readAgainReason(const core::LogRunIdentity& identity);

} // namespace ett::app
