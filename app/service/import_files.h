// Importing trace files into a workspace, once for both front ends: each file in its own
// transaction (all or nothing), progress over all files with an ETA, cancel, and a report that
// says per file what was stored and which non-fatal issues the readers counted.
#pragma once

#include "app/service/log_chains.h"
#include "app/service/results.h"
#include "app/service/workspace.h"
#include "core/ingest/formats.h"
#include "core/ingest/record_source.h"
#include "core/store/importer.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace ett::app {

struct ImportRequest
{
    // Files, and folders: a folder is walked recursively in path order (names starting with '.'
    // left out), each file's format detected. A file of a format that splits one run across files
    // (one per rank: core::formatJoinsFolderRun) takes its job from its folder when
    // reader.job is not given: the first folder under the folder given, or that folder's own name
    // for the files directly in it; a file that proves to be of another run than that job's other
    // files takes its own folder's (ImportEntry::ownFolderJob, ImportedFile::ownFolder). A file in a
    // folder that no reader places is skipped and said
    // (Outcome::NotATrace), never imported as something else.
    std::vector<std::string> files;
    std::string label = "default";
    core::ReaderOptions reader; // checked by the caller with core::checkReaderOptions
    // A file imported before under the label from its path (or from another path to the same file:
    // core::adoptOtherSpellings, said in ImportedFile::storedAs) whose content changed since is
    // read again, and its records replace the earlier ones in the file's one transaction, as
    // `ettw watch` replaces them (ImportedFile::summary.datasetsReplaced); unchanged content stays
    // a no-op. Standard input and pipes are always new content. Without it, such a file's records
    // are added to the earlier ones (a job's attempts may come from several files), and a record
    // that contradicts them fails the file, its message saying that the file changed.
    bool update = false;
    // As update, and a file imported before from its path is read again and replaces its earlier
    // records also when its content did not change, so that it is read with these options (a log
    // imported with the wrong --timezone). A file its import names otherwise stays as with update.
    bool readUnchangedAgain = false;
    // Stored console logs to read again (after a file of the label was removed: removeFile), each with
    // the job and attempt it takes, after the files given.
    std::vector<LogChainPlan::Stored> readAgain;
};

// What became of one file.
struct ImportedFile
{
    // ReadWith: read by another file's import (`readWith`), as one job with it: an NVRx job's
    // cycle info files and other launcher logs are read with its launcher log.
    enum class Outcome { Stored, AlreadyImported, Failed, Cancelled, Skipped, NotATrace, ReadWith };
    std::string path;
    Outcome outcome = Outcome::Stored;
    std::string readWith; // for ReadWith: the path of the file whose import read this one
    std::string folderJob; // the job its folder gave it ("" when none)
    // The folder's job held other runs (anotherRunThanTheFolders): folderJob is the one its own
    // folder names.
    bool ownFolder = false;
    // A console log read again, given or stored before (app/service/log_chains.h): why ("its run is
    // now attempt 1 of job run1-cfg-a (...)"); "" otherwise.
    std::string readAgain;
    // With ImportRequest::update: the path the file was imported as before, when another path to it
    // (its earlier import is this path's now); "" otherwise.
    std::string storedAs;
    core::ImportSummary summary; // for Stored and AlreadyImported
    core::Error error; // for Failed and NotATrace: the message (file:line: field) and the option it names
};

// Why a file was skipped as not a trace (Outcome::NotATrace), without its path: "binary data (a
// NUL byte at column 1)"; `where` gets the place in the file the message named (":3" for its line
// 3), or "". The message's closing ", not a trace this version reads" is left out (its caller says so).
std::string skippedReason(const ImportedFile& f, std::string* where = nullptr);

// A file of a folder took its job from the folder's name (`folderJob`: the first folder under the
// one imported or watched), and its import failed as that job "already declared differently": runs
// that lie deeper under one folder were all given its name and disagree. Adds to the message what
// to do instead (`what`: "import" or "watch" each run's own folder, or name the job) and points its
// option at "job"; other errors are left as they are.
void explainFolderJob(core::Error& error, const std::string& folderJob, const std::string& what);

// What is said of a file whose earlier import under another path to it became its own
// (ImportedFile::storedAs, a watcher's event): "imported before as runs/x.log; its records are this
// path's now".
std::string storedAsNote(const std::string& storedAs);

// A file's import failed as contradicting what the label stores from the same path (`path`): a
// job or attempt "already declared" by the file's earlier import, for it has changed since. Adds
// that --update (ImportRequest::update) replaces its earlier records, and points the option at
// "update"; other errors, and any error of an update, are left as they are.
void explainChangedFile(core::Error& error, const std::string& path, bool update);

// Whether a file's import under the job its folder gave (`folderJob`, imported with
// ImportOptions::refuseFilesApart) failed because the file is of another run than the folder's
// other files: the job "already declared differently" (another GPU count), or the file more than a
// day from the attempt's other files. Its importer then imports it under its own folder's job
// (ImportEntry::ownFolderJob), as `ettw import` and the watcher do.
bool anotherRunThanTheFolders(const core::Error& error, const std::string& folderJob);

struct ImportReport
{
    std::vector<ImportedFile> files;
    bool cancelled = false;
    bool changed = false; // something was stored (the workspace was reloaded)
    std::string reloadError; // the store changed but could not be loaded again
    // Console logs not chained with the runs stored before them, and why (app/service/log_chains.h).
    std::vector<std::string> notes;
    int failed() const;
    int notTraces() const; // files of folders that no reader places, skipped
    int64_t hiddenSkipped = 0; // entries of folders whose names start with '.', not walked
};

// The files of the request's paths: a file as given, a folder walked as ImportRequest says, each
// with the job its folder names for it ("" for a file given by itself). An Error when a folder
// cannot be read.
struct ImportEntry
{
    std::string path;
    std::string folderJob; // "" unless the file was found in a folder
    bool inFolder = false;
    // The job its own folder names, when the folder's proves to hold other runs
    // (anotherRunThanTheFolders): its folders under the one given ("traces/critical_path/alexnet"),
    // or, directly in the folder that gave its job, that job and its name without extension
    // ("examples/async_begin_end"). "" unless in a folder.
    std::string ownFolderJob;
};
// `database`, when given, is the database imported into: it and its journal files (-wal, -shm,
// -journal) in a folder walked are never traces and are passed over without a word.
core::Result<std::vector<ImportEntry>> expandImportPaths(
    const std::vector<std::string>& paths, int64_t* hidden, const std::string& database = {});

// Called on the importing thread, throttled to about ten calls a second (a new stage always).
using ImportSink = std::function<void(const ImportProgressInfo&)>;

// Imports the files in order into the workspace's store and reloads its fleet when anything was
// stored. Console logs among them are read once first, together and with the console logs the label
// stores, to say which job and attempt each run is (core/ingest/log_runs.h: a rerun after a
// completed run is a new job of the same name); a stored log whose run they change is read again
// first, and a log given again replaces its earlier rows (app/service/log_chains.h).
// NVRx launcher logs and the cycle info files of their job, in one job folder or given together,
// are read as one (core/ingest/nvrx_runs.h): the log's import reads the others (Outcome::ReadWith). A file that fails
// leaves nothing of it stored and the others go on; when *cancel becomes true the current file is rolled back and the
// rest are skipped.
ImportReport importFiles(
    Workspace& workspace, const ImportRequest& request, const ImportSink& sink, const std::atomic<bool>* cancel);

// The severity of a stored issue kind as ettw, the window and the report print it: "info",
// "warning", "data loss", or "issue" for a kind this version does not know.
std::string issueSeverityText(const std::string& kind);

// The issues of an import as lines "    SEVERITY: N x kind (detail), e.g. example (line L)".
std::string issueLines(const core::IssueCounter& issues);

} // namespace ett::app
