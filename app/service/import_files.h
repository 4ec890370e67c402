// Importing trace files into a workspace, once for both front ends: each file in its own
// transaction (all or nothing), progress over all files with an ETA, cancel, and a report that
// says per file what was stored and which non-fatal issues the readers counted.
#pragma once

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
    std::vector<std::string> files;
    std::string label = "default";
    core::ReaderOptions reader; // checked by the caller with core::checkReaderOptions
};

// What became of one file.
struct ImportedFile
{
    enum class Outcome { Stored, AlreadyImported, Failed, Cancelled, Skipped };
    std::string path;
    Outcome outcome = Outcome::Stored;
    core::ImportSummary summary; // for Stored and AlreadyImported
    core::Error error; // for Failed: the message (file:line: field) and the option it names
};

struct ImportReport
{
    std::vector<ImportedFile> files;
    bool cancelled = false;
    bool changed = false; // something was stored (the workspace was reloaded)
    std::string reloadError; // the store changed but could not be loaded again
    int failed() const;
};

// Called on the importing thread, throttled to about ten calls a second (a new stage always).
using ImportSink = std::function<void(const ImportProgressInfo&)>;

// Imports the files in order into the workspace's store and reloads its fleet when anything was
// stored. Console logs among them are read once first, together, to say which job and attempt each
// run is (core/ingest/log_runs.h: a rerun after a completed run is a new job of the same name). A file that fails
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
