#include "app/service/file_removal.h"

#include "app/service/document.h"
#include "app/service/log_chains.h"
#include "core/ingest/reader_options_text.h"
#include "core/store/importer.h"

#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

namespace ett::app {

namespace {

// Whether `stored` (a dataset's path) and `given` lead to the same file now.
bool sameFile(const std::string& stored, const std::string& given)
{
    std::error_code ec;
    const bool same = std::filesystem::equivalent(stored, given, ec);
    return !ec && same;
}

// Reads again in place the first file of `job`'s records (label `label`) that can declare it and still
// holds the content imported, so that it declares the job again if it does; nullopt when there is none
// (or the store cannot say). A file that names its own jobs can; so can a file of a format that takes
// its job from outside (a folder's, or --job: a OneLogger export per cycle, a Chrome trace per rank),
// read again with the job it was imported with, which its dataset keeps (not one imported before
// schema 6, which does not say it).
std::optional<ImportedFile> declareAgain(
    Workspace& workspace, const std::string& label, const std::string& job, const core::ReaderOptions& reader)
{
    auto files = core::filesOfJob(workspace.store(), label, job);
    if (!files) {
        return std::nullopt;
    }
    const std::string folder = databaseFolderOf(workspace.store());
    for (const core::StoredFile& f : *files) {
        const auto format = core::parseTraceFormat(f.format);
        if (!format || *format == core::TraceFormat::Log) {
            continue;
        }
        const core::ReaderOptions readWith = core::storedOrGiven(f.readerOptions, reader); // as imported, if known
        if (core::formatJoinsFolderRun(*format) && readWith.job != job) {
            continue;
        }
        const auto readFrom = whereNow(f.sourcePath, f.bytes, f.sha256, folder);
        if (!readFrom) {
            continue;
        }
        ImportedFile file;
        file.path = f.sourcePath;
        file.readAgain = "it declares job " + job + " again, which the file removed declared";
        core::ImportOptions options;
        options.label = label;
        options.reader = readWith;
        options.recordedReader = readWith;
        options.reader.format = *format;
        options.replaceSamePath = true;
        options.sourcePath = f.sourcePath;
        options.readAgain = true;
        if (auto summary = core::importTraceFile(workspace.store(), *readFrom, options)) {
            file.summary = std::move(*summary);
        } else {
            file.outcome = ImportedFile::Outcome::Failed;
            file.error = summary.error();
        }
        return file;
    }
    return std::nullopt;
}

} // namespace

core::Result<FileRemoval> removeFile(Workspace& workspace, const std::string& label, const std::string& path,
    const core::ReaderOptions& reader, const ImportSink& sink)
{
    // 1. Which label and stored path: as given, else another path to the same file (of its name).
    auto all = datasets(workspace);
    if (!all) {
        return all.error();
    }
    std::set<std::pair<std::string, std::string>> found; // label, stored path
    for (const bool exact : { true, false }) {
        for (const core::DatasetInfo& d : *all) {
            const bool ofLabel = label.empty() || d.label == label;
            const bool same = exact
                ? d.sourcePath == path
                : std::filesystem::path(d.sourcePath).filename() == std::filesystem::path(path).filename()
                    && sameFile(d.sourcePath, path);
            if (ofLabel && same) {
                found.emplace(d.label, d.sourcePath);
            }
        }
        if (!found.empty()) {
            break;
        }
    }
    if (found.empty()) {
        return core::Error { workspace.path() + ": cannot remove " + path + ": "
                + (label.empty() ? std::string("no label stores a file imported as that path")
                                 : "label '" + label + "' stores no file imported as that path")
                + " (`ettw datasets` lists them); nothing was removed",
            "file" };
    }
    if (found.size() > 1) {
        std::string where;
        for (const auto& [l, p] : found) {
            where += (where.empty() ? "" : ", ") + p + " under '" + l + "'";
        }
        return core::Error { workspace.path() + ": cannot remove " + path + ": it is stored as " + where
                + "; say which with the label (--label) and the path as stored; nothing was removed",
            "label" };
    }
    // 2. Its rows, in one transaction.
    FileRemoval out;
    auto removed = core::removeStoredFile(workspace.store(), found.begin()->first, found.begin()->second);
    if (!removed) {
        return core::Error { inDatabase(workspace, removed.error().message), removed.error().option };
    }
    out.removed = std::move(*removed);
    // 3. The runs of its configurations chained again without it, from what they were stored as (the
    //    removal clears the names of the jobs the file declared): the logs whose job or attempt
    //    changes are read again, and one log of each job it declared that is left, to declare it
    //    again.
    const bool jobGiven = reader.job.has_value();
    const std::vector<core::StoredLogRun>& left = out.removed.logsLeft;
    std::set<std::string> configs;
    for (const core::StoredLogRun& log : out.removed.logs) {
        configs.insert(configOf(log, jobGiven));
    }
    const std::string folder = databaseFolderOf(workspace.store());
    ImportRequest request;
    request.label = out.removed.label;
    request.reader = reader;
    request.readAgain = rechainStored(left, configs, reader, folder, &out.unchained);
    const std::set<std::string> undeclared(out.removed.undeclaredJobs.begin(), out.removed.undeclaredJobs.end());
    for (LogChainPlan::Stored& s : redeclareStored(left, undeclared, request.readAgain, folder)) {
        request.readAgain.push_back(std::move(s));
    }
    if (!request.readAgain.empty()) {
        out.readAgain = importFiles(workspace, request, sink, nullptr);
    }
    bool reloaded = out.readAgain.changed; // importFiles loads the fleet again when it changed it
    // 4. A job it declared that no console log declared again: the first other file of its records
    //    that names its own jobs (not a file of a folder's job) and still holds the content imported
    //    is read again in place, and declares it if it does. One that fails keeps its records.
    auto undeclaredNow = core::undeclaredJobs(workspace.store(), out.removed.label, out.removed.undeclaredJobs);
    for (const std::string& job : undeclaredNow ? *undeclaredNow : std::vector<std::string> {}) {
        if (auto again = declareAgain(workspace, out.removed.label, job, reader)) {
            reloaded = reloaded && again->outcome != ImportedFile::Outcome::Stored;
            out.readAgain.changed = out.readAgain.changed || again->outcome == ImportedFile::Outcome::Stored;
            out.readAgain.files.push_back(std::move(*again));
        }
    }
    undeclaredNow = core::undeclaredJobs(workspace.store(), out.removed.label, out.removed.undeclaredJobs);
    out.undeclaredJobs = undeclaredNow ? std::move(*undeclaredNow) : out.removed.undeclaredJobs;
    if (!out.readAgain.reloadError.empty()) {
        out.reloadError = out.readAgain.reloadError;
    } else if (!reloaded && workspace.loaded()) {
        if (auto st = workspace.reload(); !st) {
            out.reloadError = st.error().message;
        }
    }
    return out;
}

} // namespace ett::app
