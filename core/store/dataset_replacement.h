// Replacing the records of one imported file (a dataset) with those of its newer content: what a
// watched file that grew or changed needs (the import runs again and its rows take the place of the
// earlier ones, in the import's one transaction, so a reader never sees half of either).
//
// Design note: a file owns the rows it brought. Its phases are one contiguous id range
// (datasets.first_phase_id .. last_phase_id) and so are its phase runs; its attempts, checkpoints
// and issues carry its dataset id; the jobs it declared name it in declared_in. So a removal is a few
// indexed deletes plus one range delete, and the jobs it touched are re-attributed afterwards (or
// removed when nothing of them is left). The columnar copy follows through its triggers (core/store/
// column_store.h), rebuilt before the transaction commits.
#pragma once

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ett::core {

class Database;
class DerivedUpdater;

// Creates (IF NOT EXISTS) the indexes that make a replacement cost the file replaced, not the
// fleet: datasets by source path, attempts / jobs / checkpoints by the dataset that brought them,
// phase runs by first id. Derived data: a database without them stays valid and replacements stay
// correct, only slower. Error: SQLite's.
Status ensureReplacementIndexes(Database& db);

// The datasets of a label imported from `sourcePath` (oldest first). Error: SQLite's.
Result<std::vector<int64_t>> datasetsFromPath(Database& db, int64_t labelId, const std::string& sourcePath);

// The options dataset `datasetId` was read with, as stored (datasets.reader_options: "" when not
// known). Error: SQLite's, or no such dataset.
Result<std::string> datasetReaderOptions(Database& db, int64_t datasetId);

// Deletes every row dataset `datasetId` brought (its phases, runs, attempts with their derived rows
// and hosts, checkpoints, issues and the dataset row); the jobs it declared become implicit again
// (gpus 1, no attributes) until a later declaration. Runs inside the caller's transaction. Returns
// the ids of the jobs whose rows changed, for settleJobs(). Error (nothing is deleted when the
// caller rolls back): an attempt it declared holds phases imported from another file (the message
// names `sourcePath` and that file, and says what `replacing` or removing it keeps), or SQLite's.
Result<std::vector<int64_t>> removeDatasetRows(
    Database& db, int64_t datasetId, const std::string& sourcePath, bool replacing = true);

// After removals and the new content's import: each job of `jobIds` that is left with no attempt, no
// checkpoint and no declaration is removed (with its attributes and derived row); the others are
// attributed again. Inside the caller's transaction. Error: SQLite's or the accounting's.
Status settleJobs(Database& db, DerivedUpdater& updater, const std::vector<int64_t>& jobIds);

// The jobs (row ids, sorted) dataset `datasetId` brought rows of: the jobs it declared, holds
// attempts or checkpoints of, or added phases to. Error: SQLite's.
Result<std::vector<int64_t>> jobsOfDataset(Database& db, int64_t datasetId);

// An attempt a stored file declared, as (job key, job name, attempt number): who a stored console
// log said its run was (one whose chain changed since is read again).
struct DeclaredAttempt
{
    std::string jobKey;
    std::string jobName;
    int32_t attempt = 0;
    auto operator<=>(const DeclaredAttempt&) const = default;
};

// A console log stored under a label (a dataset of format "log": one run, one attempt) as the
// chaining of runs needs it (core/ingest/log_runs.h): logs imported later are chained with it, and it
// is read again when they change its run's job or attempt.
struct StoredLogRun
{
    int64_t datasetId = 0;
    std::string sourcePath; // as stored: the path given to its import
    std::string sha256;
    int64_t bytes = 0;
    DeclaredAttempt declared;
    std::string detail; // the attempt's: the run name, then ": " and the line that gave its cause
    int64_t startNs = 0;
    std::string outcome; // as stored (outcomeName)
    std::string readerOptions; // as stored: the JSON of the options it was read with, "" not known
};

// The console logs stored under label `labelId`, by dataset id. Error: SQLite's.
Result<std::vector<StoredLogRun>> storedLogRuns(Database& db, int64_t labelId);

// What removing one stored file took: every dataset of a label imported from its path.
struct RemovedFile
{
    std::string label;
    std::string path; // as stored
    // Of the newest of its datasets: the reader that read it (traceFormatName) and the JSON of the
    // options it was read with ("" not known), for an undo that imports it again.
    std::string format;
    std::string readerOptions;
    int64_t datasets = 0;
    int64_t attempts = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;
    int64_t jobs = 0; // removed: nothing of them was left
    // The console logs among them, as they were stored: the runs of their configurations are chained
    // again without them (app/service/log_chains.h).
    std::vector<StoredLogRun> logs;
    // The label's other console logs, as they were stored before (the chaining's view: the removal
    // clears the names of the jobs the file declared).
    std::vector<StoredLogRun> logsLeft;
    // The keys of the jobs it declared that other files still hold records of: implicit now (1 GPU,
    // no attributes) until a file declaring them is read again.
    std::vector<std::string> undeclaredJobs;
};

// Removes what label `label` stores from `sourcePath` (as stored: the path given to its import):
// each of its datasets' rows (removeDatasetRows), the jobs left with nothing, and the others
// attributed again. One transaction. Error (nothing removed): no such label, no file stored under it
// as `sourcePath`, an attempt the file declared also holds phases another file added, or SQLite's.
Result<RemovedFile> removeStoredFile(Database& db, const std::string& label, const std::string& sourcePath);

// Of `jobs` (keys), those label `label` holds undeclared (implicit: 1 GPU, no attributes), in the
// order given. Error: SQLite's.
Result<std::vector<std::string>> undeclaredJobs(
    Database& db, const std::string& label, const std::vector<std::string>& jobs);

// A stored file as it was imported.
struct StoredFile
{
    std::string sourcePath;
    std::string sha256;
    int64_t bytes = 0;
    std::string format; // the reader's name (traceFormatName)
    std::string readerOptions; // the JSON of the options it was read with, "" not known
};

// The files label `label` stores attempts of job `job` from, oldest first. Error: SQLite's.
Result<std::vector<StoredFile>> filesOfJob(Database& db, const std::string& label, const std::string& job);

// A file whose content was imported under the label from another path that no longer holds it (a
// rotated log: `run.log` renamed `run.log.1`) takes that dataset over: its source path becomes
// `sourcePath`. True when a dataset was moved; false when the content's dataset is already this
// path's or its old path still holds a file of its size (a copy: nothing changes). One transaction.
Result<bool> adoptMovedDataset(Database& db, int64_t labelId, const std::string& sha256, const std::string& sourcePath);

// Files the label stores under another path than the one given, each a file there now: a file
// imported as `runs/x/run.log` (a relative path from this process's folder), or through a link to its
// folder, and followed at `/data/runs/x/run.log` is that file. Each dataset stored from another path
// of the same file name that leads to one of `files` now, and from none of them as given, takes that
// file's path as given, so that the file's later content replaces its records instead of being stored
// beside them (a relative stored path is also looked for under the database's folder, where an
// import run in another folder stored it; one that leads to two files, from here and from there, is
// left as it is). Only stored paths of the names of `files` are looked at
// (a stat each), and only for files stored under no dataset of their path as given. Returns each dataset taken over,
// with the path it had (in `files` order). One transaction. Error: SQLite's.
struct OtherSpelling
{
    int64_t datasetId = 0;
    std::string path; // of `files`
    std::string storedAs; // the dataset's path before
};
// Nothing when the label is not stored.
Result<std::vector<OtherSpelling>> adoptOtherSpellings(
    Database& db, const std::string& label, const std::vector<std::string>& files);

} // namespace ett::core
