// Import of trace files (native ETT and the foreign formats of core/ingest) into a workbench
// database.
//
// Design note: a file is imported in one transaction, all or nothing. Parsing runs on a second
// thread (simdjson) while this thread validates the records against the store and writes them,
// so the two cores overlap. Memory stays flat whatever the file size: records flow in batches,
// phases are written as they come, and the derived accounting is recomputed afterwards job by
// job, reading each job's phases back through phase_runs (contiguous id ranges, no secondary
// index to build).
#pragma once

#include "core/ingest/formats.h"
#include "core/ingest/native_reader.h"
#include "core/model/result.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ett::core {

class Database;

struct ImportProgress
{
    std::string stage; // "reading", "attributing", "committing"
    int64_t bytesDone = 0; // raw file bytes consumed
    int64_t bytesTotal = 0;
    int64_t records = 0;
};

// What the refusal of a trace file far from its attempt's other files says (ImportOptions::
// refuseFilesApart), for the caller that named the job after a folder to recognise it.
inline constexpr const char* kAnotherRunApart = "from the attempt's other files: ranks of one run overlap in time";

struct ImportOptions
{
    std::string label = "default";
    ReaderOptions reader; // format (auto-detected by default) and mapping of foreign formats
    // The options stored with the file as those it was read with (datasets.reader_options,
    // core/ingest/reader_options_text.h), when they are not `reader` itself: an import keeps the
    // user's options and a folder's job, not the job and attempt a console log's chain gave it.
    std::optional<ReaderOptions> recordedReader;
    // Called from the importing thread, at most every few thousand records.
    std::function<void(const ImportProgress&)> progress;
    // When set and becomes true, the import stops, rolls back and returns an Error.
    const std::atomic<bool>* cancel = nullptr;
    // The path stored as the file's source and named in messages when the file read is a copy of
    // it (a watched file's snapshot of whole lines); empty: the path read.
    std::string sourcePath;
    // The file replaces what was imported under the label from the same source path, in the same
    // transaction (core/store/dataset_replacement.h): a changed file's records take the place of
    // its earlier ones. Content already imported from another path that no longer holds it (a
    // rotated file) is taken over by this path instead of being read again.
    bool replaceSamePath = false;
    // With replaceSamePath: the file is read and replaces its earlier records even when its content
    // is stored already, for the options it is read with changed (a watched console log whose run
    // became another run's next attempt: core/ingest/log_runs.h).
    bool readAgain = false;
    // A profiler trace more than a day from the files already stored of its attempt fails (Error
    // option "job", its message holding kAnotherRunApart) instead
    // of being stored with the warning trace_files_apart: set where the job was named after a folder,
    // which then imports it under the job its own folder names.
    bool refuseFilesApart = false;
    // Attempts whose outcome is `running` end no earlier than this (spec 3: the time the trace was
    // taken, which for a watched file is the time of the read).
    std::optional<int64_t> runningEndNs;
};

struct ImportSummary
{
    std::string path;
    std::string label;
    std::string sha256;
    std::string format; // the format read ("ett", "chrome", ...)
    bool alreadyImported = false; // same content under the same label: nothing was done
    int64_t datasetId = 0;
    int64_t records = 0;
    int64_t jobsDeclared = 0;
    int64_t jobsTouched = 0; // jobs whose derived figures were (re)computed
    int64_t jobsReadBack = 0; // of those, attributed by reading them back from the store
    int64_t attempts = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;
    IssueCounter issues;
    int64_t datasetsReplaced = 0; // earlier imports of the same source path replaced (replaceSamePath)
    bool adopted = false; // the content's earlier import was taken over from another path (replaceSamePath)
    double seconds = 0;
    // Wall time per stage: parse + validate + store, accounting of touched jobs, commit.
    double storeSeconds = 0;
    double attributeSeconds = 0;
    double commitSeconds = 0;
    // Of storeSeconds: the parsing thread's busy time, and how long the storing thread waited
    // for it (a large wait means parsing bounds the import, a small one that SQLite does).
    double parseSeconds = 0;
    double waitSeconds = 0;
};

// Imports one native trace file under options.label. On any error nothing of the file is stored
// and the Error names file, line and field. Re-importing content already imported under the
// same label returns alreadyImported = true without change. With options.replaceSamePath the
// file's earlier records go in the same transaction (kept when it fails). Not thread-safe per Database.
Result<ImportSummary> importTraceFile(Database& db, const std::string& path, const ImportOptions& options);

// Recomputes the derived tables of every job (after an accounting change). One transaction.
Status reattributeAll(Database& db);

} // namespace ett::core
