#include "app/service/import_files.h"

#include "app/service/log_chains.h"
#include "core/ingest/foreign_reader.h"
#include "core/ingest/issue_kinds.h"
#include "core/ingest/log_runs.h"
#include "core/ingest/nvrx_runs.h"
#include "core/ingest/reader_options_text.h"
#include "core/model/names_text.h"
#include "core/store/database.h"
#include "core/store/dataset_replacement.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace ett::app {

namespace {

using Clock = std::chrono::steady_clock;

// At most this often an import reports progress.
constexpr auto kProgressEvery = std::chrono::milliseconds(100);

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

int64_t fileSize(const std::string& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    return ec ? 0 : static_cast<int64_t>(size);
}

// A console log that can be read twice: a regular file (a pipe or standard input is read once, by
// its import, and keeps the identity its own name gives). `detected`: the file's format when it was
// detected already (a file of a folder), so that it is not read for it again.
bool isConsoleLog(const std::string& path, const core::ReaderOptions& reader, std::optional<core::TraceFormat> detected)
{
    std::error_code ec;
    if (path == "-" || !std::filesystem::is_regular_file(path, ec)) {
        return false;
    }
    if (reader.format != core::TraceFormat::Auto) {
        return reader.format == core::TraceFormat::Log;
    }
    if (!detected) {
        auto format = core::detectFormat(path);
        detected = format ? std::optional<core::TraceFormat>(*format) : std::nullopt;
    }
    return detected == core::TraceFormat::Log;
}

// How each file is read: the request's options, and for console logs which job and attempt each run
// is, from all the logs of the request together and the logs the label stores (log_chains.h). A log
// that cannot be read keeps the request's options: its import then fails with the reader's message.
struct FileReading
{
    std::vector<core::ReaderOptions> readers; // of each file
    std::vector<std::string> replaces; // of each file: the source path of the stored log it is again, or ""
    std::vector<std::string> readAgain; // of each file: why it is read again, or ""
    std::vector<std::string> configs; // of each console log chained: its configuration (configOf), or ""
    std::vector<LogChainPlan::Stored> storedToReadAgain;
    std::vector<std::string> notes;
};

FileReading readingPerFile(core::Database& db, const ImportRequest& request,
    const std::vector<std::optional<core::TraceFormat>>& detected, const ImportSink& sink,
    const std::atomic<bool>* cancel)
{
    FileReading out;
    out.readers.assign(request.files.size(), request.reader);
    out.replaces.resize(request.files.size());
    out.readAgain.resize(request.files.size());
    out.configs.resize(request.files.size());
    // 1. Who each console log's run is: by its name, and from the whole log when it is not the only
    //    run of its configuration among the logs given and stored (its job and attempt then depend on
    //    its start and outcome). A log whose rules cannot be read keeps the request's options.
    std::vector<size_t> logs;
    std::vector<core::LogRun> named;
    std::map<std::string, std::vector<std::string>> given; // the logs of each configuration
    for (size_t i = 0; i < request.files.size(); ++i) {
        if (!isConsoleLog(request.files[i], request.reader, detected[i])) {
            continue;
        }
        if (auto run = core::logRunByName(request.files[i], request.reader)) {
            given[run->config].push_back(request.files[i]);
            logs.push_back(i);
            named.push_back(std::move(*run));
        }
    }
    // The label's stored console logs, which the logs given are chained with. When they cannot be
    // read, the logs given are chained among themselves.
    std::vector<core::StoredLogRun> stored;
    if (!logs.empty() && !request.reader.attempt) {
        if (auto all = storedLogRunsOf(db, request.label)) {
            stored = std::move(*all);
        } else {
            out.notes.push_back(
                "the console logs were not chained with the runs stored before them: " + all.error().message);
        }
    }
    const std::set<std::string> storedConfigs = configsStoredElsewhere(stored, request.reader.job.has_value(), given);
    std::vector<core::LogRun> runs;
    std::vector<std::string> paths;
    std::vector<size_t> files; // of each run
    auto lastPost = Clock::time_point {};
    for (size_t k = 0; k < logs.size() && !(cancel && cancel->load()); ++k) {
        const size_t i = logs[k];
        if (given[named[k].config].size() == 1 && !storedConfigs.contains(named[k].config)) {
            runs.push_back(std::move(named[k]));
            paths.push_back(request.files[i]);
            files.push_back(i);
            continue;
        }
        if (const auto now = Clock::now(); sink && now - lastPost >= kProgressEvery) {
            lastPost = now;
            ImportProgressInfo info;
            info.file = fileName(request.files[i]);
            info.fileIndex = static_cast<int>(i);
            info.fileCount = static_cast<int>(request.files.size());
            info.stage = "identifying runs";
            sink(info);
        }
        if (auto run = core::identifyLogRun(request.files[i], request.reader)) {
            runs.push_back(std::move(*run));
            paths.push_back(request.files[i]);
            files.push_back(i);
        }
    }
    LogChainPlan plan = planLogChains(stored, runs, paths, request.reader, databaseFolderOf(db));
    for (size_t r = 0; r < runs.size(); ++r) {
        core::ReaderOptions& o = out.readers[files[r]];
        o.job = plan.identities[r].job;
        o.attempt = plan.identities[r].attempt;
        o.jobName = plan.identities[r].name;
        out.replaces[files[r]] = plan.replaces[r];
        out.configs[files[r]] = runs[r].config;
        if (plan.readAgain[r]) {
            out.readAgain[files[r]] = readAgainReason(plan.identities[r]);
        }
    }
    out.storedToReadAgain = std::move(plan.storedToReadAgain);
    for (std::string& note : unchainedNotes(plan)) {
        out.notes.push_back(std::move(note));
    }
    return out;
}

// Which NVRx files are read together (core/ingest/nvrx_runs.h): the files of one job folder, or
// the files given by themselves. `detected`: each file's format when known already.
core::NvrxPairing pairNvrx(const ImportRequest& request, const std::vector<std::optional<core::TraceFormat>>& detected,
    const std::vector<std::string>& groups)
{
    std::vector<core::NvrxFile> nvrx;
    std::vector<size_t> index;
    for (size_t i = 0; i < request.files.size(); ++i) {
        const std::string& path = request.files[i];
        std::error_code ec;
        if (path == "-" || !std::filesystem::is_regular_file(path, ec)) {
            continue;
        }
        core::TraceFormat format = request.reader.format;
        if (format == core::TraceFormat::Auto) {
            if (detected[i]) {
                format = *detected[i];
            } else if (auto found = core::detectFormat(path)) {
                format = *found;
            }
        }
        if (format != core::TraceFormat::Nvrx) {
            continue;
        }
        if (auto kind = core::nvrxFileKind(path)) {
            nvrx.push_back({ path, groups[i], std::move(*kind) });
            index.push_back(i);
        }
    }
    const core::NvrxPairing found = core::pairNvrxFiles(nvrx);
    core::NvrxPairing out;
    out.companions.resize(request.files.size());
    out.readWith.resize(request.files.size());
    for (size_t k = 0; k < nvrx.size(); ++k) {
        out.companions[index[k]] = found.companions[k];
        if (found.readWith[k]) {
            out.readWith[index[k]] = index[*found.readWith[k]];
        }
    }
    return out;
}

// The job a folder gives a file found under `root`: its first folder under root, or root's own
// name for a file directly in it.
std::string folderJobOf(const std::filesystem::path& root, const std::filesystem::path& file)
{
    const std::filesystem::path relative = file.lexically_relative(root);
    auto it = relative.begin();
    if (it != relative.end() && std::next(it) != relative.end()) {
        return it->string();
    }
    // The folder's own name, also when given as ".", ".." or "runs/".
    std::error_code ec;
    std::filesystem::path folder = std::filesystem::absolute(root, ec).lexically_normal();
    if (folder.filename().empty()) {
        folder = folder.parent_path();
    }
    return folder.filename().empty() ? std::string("folder") : folder.filename().string();
}

// ImportEntry::ownFolderJob: a file directly in its folder's job's folder is that job and the job a
// file alone takes (its name without extensions, core::jobIdFromPath).
std::string ownFolderJobOf(const std::filesystem::path& root, const std::filesystem::path& file, const std::string& job)
{
    const std::filesystem::path folders = file.lexically_relative(root).parent_path();
    if (std::distance(folders.begin(), folders.end()) >= 2) {
        return folders.generic_string();
    }
    return job + "/" + core::jobIdFromPath(file.string());
}

} // namespace

bool anotherRunThanTheFolders(const core::Error& error, const std::string& folderJob)
{
    return !folderJob.empty()
        && (error.message.find("job \"" + folderJob + "\" was already declared differently") != std::string::npos
            || error.message.find(core::kAnotherRunApart) != std::string::npos);
}

std::string storedAsNote(const std::string& storedAs)
{
    return "imported before as " + storedAs + "; its records are this path's now";
}

void explainChangedFile(core::Error& error, const std::string& path, bool update)
{
    if (update || error.message.find("was already declared") == std::string::npos
        || error.message.find("(file " + path + ")") == std::string::npos) {
        return;
    }
    error.message += "; " + path
        + " was imported before under this label and has changed since: import it with --update to replace its "
          "earlier records with what it holds now";
    error.option = "update"; // the window names its import dialog's box
}

void explainFolderJob(core::Error& error, const std::string& folderJob, const std::string& what)
{
    if (folderJob.empty()
        || error.message.find("job \"" + folderJob + "\" was already declared differently") == std::string::npos) {
        return;
    }
    error.message += "; the job \"" + folderJob + "\" is named after the file's folder (the first under the one "
        + (what == "watch" ? "watched" : "imported") + "), which holds files of other runs: " + what
        + " each run's own folder (its files then take that folder's name), or name the job with --job";
    error.option = "job"; // the window points at its Job field
}

core::Result<std::vector<ImportEntry>> expandImportPaths(
    const std::vector<std::string>& paths, int64_t* hidden, const std::string& database)
{
    std::error_code dbError;
    const std::string db
        = database.empty() ? std::string() : std::filesystem::weakly_canonical(database, dbError).string();
    const std::string dbName = std::filesystem::path(db).filename().string();
    const auto isTheDatabase = [&db, &dbName](const std::filesystem::path& file) {
        // By name first: the walk meets thousands of files, a canonical path costs a lookup of each
        // of its folders.
        if (db.empty() || !file.filename().string().starts_with(dbName)) {
            return false;
        }
        std::error_code e;
        const std::string p = std::filesystem::weakly_canonical(file, e).string();
        if (!p.starts_with(db)) {
            return false;
        }
        const std::string_view suffix = std::string_view(p).substr(db.size());
        return suffix.empty() || suffix == "-wal" || suffix == "-shm" || suffix == "-journal";
    };
    std::vector<ImportEntry> out;
    for (const std::string& p : paths) {
        std::error_code ec;
        if (p == "-" || !std::filesystem::is_directory(p, ec)) {
            out.push_back({ p, {}, false, {} });
            continue;
        }
        const std::filesystem::path root(p);
        std::vector<std::filesystem::path> found;
        auto it = std::filesystem::recursive_directory_iterator(
            root, std::filesystem::directory_options::skip_permission_denied, ec);
        for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (name.starts_with('.')) {
                if (hidden) {
                    ++*hidden;
                }
                if (it->is_directory(ec)) {
                    it.disable_recursion_pending();
                }
                continue;
            }
            if (it->is_regular_file(ec) && !isTheDatabase(it->path())) {
                found.push_back(it->path());
            }
        }
        if (ec) {
            return core::Error { p + ": cannot read the folder: " + ec.message() };
        }
        std::sort(found.begin(), found.end());
        for (const auto& f : found) {
            const std::string job = folderJobOf(root, f);
            out.push_back({ f.string(), job, true, ownFolderJobOf(root, f, job) });
        }
    }
    return out;
}

std::string skippedReason(const ImportedFile& f, std::string* where)
{
    static constexpr std::string_view kNotATrace = ", not a trace this version reads";
    std::string message = f.error.message;
    if (message.ends_with(kNotATrace)) {
        message.resize(message.size() - kNotATrace.size());
    }
    if (where) {
        where->clear();
    }
    if (message.starts_with(f.path + ":")) {
        const size_t reason = message.find(": ", f.path.size());
        if (reason != std::string::npos) {
            if (where) {
                *where = message.substr(f.path.size(), reason - f.path.size());
            }
            return message.substr(reason + 2);
        }
    }
    return message;
}

int ImportReport::notTraces() const
{
    return static_cast<int>(std::count_if(files.begin(), files.end(),
        [](const ImportedFile& f) { return f.outcome == ImportedFile::Outcome::NotATrace; }));
}

int ImportReport::failed() const
{
    return static_cast<int>(std::count_if(
        files.begin(), files.end(), [](const ImportedFile& f) { return f.outcome == ImportedFile::Outcome::Failed; }));
}

std::string issueSeverityText(const std::string& kind)
{
    const core::IssueKindInfo* info = core::issueKindInfo(kind);
    if (!info) {
        return "issue";
    }
    switch (info->severity) {
    case core::IssueSeverity::Info:
        return "info";
    case core::IssueSeverity::Warning:
        return "warning";
    case core::IssueSeverity::DataLoss:
        return "data loss";
    }
    return "issue";
}

std::string issueLines(const core::IssueCounter& issues)
{
    std::string out;
    for (const auto& [key, e] : issues.entries()) {
        out += fmt::format("    {}: {} x {}{}{}\n", issueSeverityText(key.first),
            core::groupThousands(std::to_string(e.count)), key.first, key.second.empty() ? "" : " (" + key.second + ")",
            e.example.empty()
                ? ""
                : ", e.g. " + e.example + (e.firstLine > 0 ? " (line " + std::to_string(e.firstLine) + ")" : ""));
    }
    return out;
}

ImportReport importFiles(
    Workspace& workspace, const ImportRequest& given, const ImportSink& sink, const std::atomic<bool>* cancel)
{
    ImportReport report;
    // 0. Folders become their files; a file of a folder no reader places is said, not read.
    auto entries = expandImportPaths(given.files, &report.hiddenSkipped, workspace.path());
    if (!entries) {
        ImportedFile file;
        file.path = given.files.empty() ? std::string() : given.files.front();
        file.outcome = ImportedFile::Outcome::Failed;
        file.error = entries.error();
        report.files.push_back(std::move(file));
        return report;
    }
    ImportRequest request = given;
    request.files.clear();
    std::vector<std::string> folderJobs;
    std::vector<std::string> ownJobs; // ImportEntry::ownFolderJob, for files given a folder's job
    std::vector<std::string> groups; // for NVRx pairing: the job folder, "" for files given alone
    std::vector<bool> inFolder;
    std::vector<std::optional<core::TraceFormat>> detectedFormats;
    for (const ImportEntry& e : *entries) {
        std::string job;
        std::optional<core::TraceFormat> known;
        if (e.inFolder) {
            core::TraceFormat format = given.reader.format;
            if (format == core::TraceFormat::Auto) {
                auto detected = core::detectFormat(e.path);
                if (!detected) {
                    ImportedFile file;
                    file.path = e.path;
                    file.outcome = ImportedFile::Outcome::NotATrace;
                    file.error = detected.error();
                    report.files.push_back(std::move(file));
                    continue;
                }
                format = *detected;
                known = format;
            }
            if (!given.reader.job && core::formatJoinsFolderRun(format)) {
                job = e.folderJob;
            }
        }
        request.files.push_back(e.path);
        groups.push_back(e.inFolder ? "folder:" + e.folderJob : std::string());
        ownJobs.push_back(job.empty() ? std::string() : e.ownFolderJob);
        folderJobs.push_back(std::move(job));
        inFolder.push_back(e.inFolder);
        detectedFormats.push_back(known);
    }
    // 0b. With update: a file imported before as another path to it is that file (its earlier import
    //     becomes this path's, so that its new content replaces it). Should that fail, nothing is
    //     read (the file would be stored twice).
    std::map<std::string, std::string> storedAs; // path -> the path it was stored as
    std::vector<bool> replaceable(request.files.size(), false); // regular files, with update
    const bool update = given.update || given.readUnchangedAgain; // reading again implies it
    if (update && !request.files.empty()) {
        std::vector<std::string> regular;
        for (size_t i = 0; i < request.files.size(); ++i) {
            std::error_code ec;
            replaceable[i] = request.files[i] != "-" && std::filesystem::is_regular_file(request.files[i], ec);
            if (replaceable[i]) {
                regular.push_back(request.files[i]);
            }
        }
        auto taken = core::adoptOtherSpellings(workspace.store(), given.label, regular);
        if (!taken) {
            ImportedFile file;
            file.path = request.files.front();
            file.outcome = ImportedFile::Outcome::Failed;
            file.error = taken.error();
            report.files.push_back(std::move(file));
            return report;
        }
        for (const core::OtherSpelling& o : *taken) {
            storedAs[o.path] = o.storedAs;
        }
    }
    // 1. Sizes up front, so that progress and the ETA cover every file.
    std::vector<int64_t> sizes;
    int64_t totalBytes = 0;
    for (const auto& p : request.files) {
        sizes.push_back(fileSize(p));
        totalBytes += sizes.back();
    }
    const auto started = Clock::now();
    FileReading reading = readingPerFile(workspace.store(), request, detectedFormats, sink, cancel);
    std::vector<core::ReaderOptions>& readers = reading.readers;
    report.notes = std::move(reading.notes);
    // What each file's dataset keeps as the options it was read with: the request's and a folder's
    // job, not what its reading derives (a console log's job and attempt in its chain, NVRx companions).
    std::vector<core::ReaderOptions> recorded(readers.size(), given.reader);
    for (size_t i = 0; i < readers.size(); ++i) {
        if (!folderJobs[i].empty()) {
            readers[i].job = folderJobs[i];
            recorded[i].job = folderJobs[i];
        }
    }
    core::NvrxPairing nvrx = pairNvrx(request, detectedFormats, groups);
    for (size_t i = 0; i < readers.size(); ++i) {
        readers[i].companions = nvrx.companions[i];
    }
    // The stored logs the new runs change are read again, from their own paths.
    const bool jobGiven = given.reader.job.has_value();
    const auto addReadAgain = [&](const LogChainPlan::Stored& s) {
        request.files.push_back(s.readFrom);
        folderJobs.emplace_back();
        ownJobs.emplace_back();
        inFolder.push_back(false);
        sizes.push_back(s.run.bytes);
        totalBytes += s.run.bytes;
        // Read with the options it was imported with, when the store knows them.
        core::ReaderOptions o = core::storedOrGiven(s.run.readerOptions, given.reader);
        recorded.push_back(o);
        o.format = core::TraceFormat::Log;
        o.job = s.identity.job;
        o.attempt = s.identity.attempt;
        o.jobName = s.identity.name;
        readers.push_back(std::move(o));
        reading.replaces.push_back(s.run.sourcePath);
        reading.readAgain.push_back(s.reason.empty() ? readAgainReason(s.identity) : s.reason);
        reading.configs.push_back(configOf(s.identity, jobGiven));
        nvrx.companions.emplace_back();
        nvrx.readWith.emplace_back();
    };
    for (const LogChainPlan::Stored& s : reading.storedToReadAgain) {
        addReadAgain(s);
    }
    // The order: the logs read again first, a later attempt first (each frees the attempt number the
    // next one takes), then the others as given.
    std::vector<size_t> order;
    for (size_t i = 0; i < request.files.size(); ++i) {
        if (!reading.readAgain[i].empty()) {
            order.push_back(i);
        }
    }
    std::stable_sort(order.begin(), order.end(),
        [&](size_t a, size_t b) { return readers[a].attempt.value_or(0) > readers[b].attempt.value_or(0); });
    for (size_t i = 0; i < request.files.size(); ++i) {
        if (reading.readAgain[i].empty()) {
            order.push_back(i);
        }
    }
    int64_t bytesBefore = 0;
    // 2. Each file in its own transaction (`stop`: the import's cancel; none for the logs read again
    //    to undo what a run not stored moved, step 3).
    // With readUnchangedAgain: whether the label holds an import from `path` (read again then,
    // changed or not). The label is looked up once, at the first file that asks.
    std::optional<int64_t> labelId;
    const auto storedFrom = [&](const std::string& path) {
        if (!given.readUnchangedAgain) {
            return false;
        }
        if (!labelId) {
            auto found = core::findLabelId(workspace.store(), given.label);
            labelId = found && *found ? **found : 0;
        }
        auto ids = *labelId ? core::datasetsFromPath(workspace.store(), *labelId, path)
                            : core::Result<std::vector<int64_t>>(std::vector<int64_t> {});
        return ids && !ids->empty();
    };
    const auto importAt = [&](size_t n, const std::atomic<bool>* stop) {
        const size_t i = order[n];
        ImportedFile file;
        file.path = request.files[i];
        file.folderJob = folderJobs[i];
        file.readAgain = reading.readAgain[i];
        if (const auto before = storedAs.find(file.path); before != storedAs.end()) {
            file.storedAs = before->second;
        }
        if (stop && stop->load()) {
            report.cancelled = true;
            file.outcome = ImportedFile::Outcome::Skipped;
            report.files.push_back(std::move(file));
            return;
        }
        if (nvrx.readWith[i]) {
            file.outcome = ImportedFile::Outcome::ReadWith;
            file.readWith = request.files[*nvrx.readWith[i]];
            bytesBefore += sizes[i];
            report.files.push_back(std::move(file));
            return;
        }
        core::ImportOptions options;
        options.label = request.label;
        options.reader = readers[i];
        options.recordedReader = recorded[i];
        options.cancel = stop;
        const int64_t fileBytes = sizes[i];
        auto lastPost = Clock::time_point {};
        std::string lastStage;
        if (sink) {
            options.progress = [&](const core::ImportProgress& p) {
                const auto now = Clock::now();
                if (p.stage == lastStage && now - lastPost < kProgressEvery) {
                    return;
                }
                lastPost = now;
                lastStage = p.stage;
                ImportProgressInfo info;
                info.file = fileName(file.path);
                info.fileIndex = static_cast<int>(n);
                info.fileCount = static_cast<int>(request.files.size());
                info.stage = p.stage;
                info.records = p.records;
                info.bytesTotal = totalBytes;
                info.bytesDone = bytesBefore + std::clamp<int64_t>(p.bytesDone, 0, fileBytes);
                const double elapsed = std::chrono::duration<double>(now - started).count();
                const bool lastStages = p.stage != "reading" && n + 1 == order.size();
                if (totalBytes > 0 && info.bytesDone > 0 && elapsed > 0.2 && !lastStages) {
                    const double fraction = static_cast<double>(info.bytesDone) / static_cast<double>(totalBytes);
                    info.etaSeconds = std::max(0.0, elapsed / fraction - elapsed);
                }
                sink(info);
            };
        }
        // A file under a folder's job that proves to be of another run (another GPU count, more
        // than a day from the attempt's other files) takes the job its own folder names.
        options.refuseFilesApart = !folderJobs[i].empty() && ownJobs[i] != folderJobs[i];
        // A console log stored before replaces its earlier rows (and is read even when its content
        // is stored, when its run changed).
        if (!reading.replaces[i].empty()) {
            options.replaceSamePath = true;
            options.sourcePath = reading.replaces[i];
            options.readAgain = !reading.readAgain[i].empty() || storedFrom(options.sourcePath);
        } else if (i < replaceable.size() && replaceable[i]) {
            options.replaceSamePath = true; // update: its earlier import, if its content changed
            options.readAgain = storedFrom(file.path);
        }
        auto summary = core::importTraceFile(workspace.store(), file.path, options);
        if (!summary && options.refuseFilesApart && !(stop && stop->load())
            && anotherRunThanTheFolders(summary.error(), folderJobs[i])) {
            options.reader.job = ownJobs[i];
            options.recordedReader->job = ownJobs[i];
            options.refuseFilesApart = false;
            if (auto own = core::importTraceFile(workspace.store(), file.path, options)) {
                summary = std::move(own);
                file.folderJob = ownJobs[i];
                file.ownFolder = true;
            }
        }
        bytesBefore += fileBytes;
        if (!summary) {
            if (stop && stop->load()) {
                report.cancelled = true;
                file.outcome = ImportedFile::Outcome::Cancelled;
            } else if (inFolder[i] && summary.error().option == "format") {
                // A file of a folder that is not a trace of the format its content suggested.
                file.outcome = ImportedFile::Outcome::NotATrace;
            } else {
                file.outcome = ImportedFile::Outcome::Failed;
            }
            file.error = summary.error();
            if (file.outcome == ImportedFile::Outcome::Failed) {
                explainFolderJob(file.error, folderJobs[i], "import");
                explainChangedFile(file.error, file.path, update);
            }
        } else {
            file.outcome
                = summary->alreadyImported ? ImportedFile::Outcome::AlreadyImported : ImportedFile::Outcome::Stored;
            report.changed = report.changed || !summary->alreadyImported;
            file.summary = std::move(*summary);
        }
        report.files.push_back(std::move(file));
    };
    // With more than one file, the columnar copy of the chunks they change is rebuilt once, after the
    // last, not in each file's transaction (readers read a chunk still listed from the rows, so a
    // stop between files leaves nothing stale; the next write rebuilds it).
    core::Database& db = workspace.store();
    const bool deferred = db.columnRefreshDeferred();
    db.deferColumnRefresh(deferred || order.size() > 1);
    for (size_t n = 0; n < order.size(); ++n) {
        importAt(n, cancel);
    }
    // 3. A configuration whose stored logs were read again for a run given that was then not stored
    //    (its import failed, or the import was cancelled) is chained again from what it stores: those
    //    logs go back to the jobs and attempts they had (read again, even after a cancel, so that no
    //    job is left with the attempts after a run that is not there). Then the logs the request
    //    asks to read again (ImportRequest::readAgain).
    std::set<std::string> moved, notStored;
    for (size_t n = 0; n < order.size(); ++n) {
        const size_t i = order[n];
        const ImportedFile& file = report.files[report.files.size() - order.size() + n];
        if (reading.configs[i].empty()) {
            continue;
        }
        if (!reading.readAgain[i].empty()) {
            moved.insert(reading.configs[i]);
        } else if (file.outcome != ImportedFile::Outcome::Stored
            && file.outcome != ImportedFile::Outcome::AlreadyImported) {
            notStored.insert(reading.configs[i]);
        }
    }
    std::set<std::string> back;
    std::set_intersection(
        moved.begin(), moved.end(), notStored.begin(), notStored.end(), std::inserter(back, back.end()));
    // Stored logs read again in an order in which none is stored as an attempt another still holds.
    const auto readAgainInOrder = [&](const std::vector<LogChainPlan::Stored>& moves) {
        const size_t first = order.size();
        for (size_t k : readAgainOrder(moves)) {
            addReadAgain(moves[k]);
            order.push_back(request.files.size() - 1);
        }
        for (size_t n = first; n < order.size(); ++n) {
            importAt(n, nullptr);
        }
    };
    readAgainInOrder(given.readAgain);
    if (!back.empty()) {
        if (auto stored = storedLogRunsOf(db, request.label); !stored) {
            report.notes.push_back("the console logs read again for runs that were not stored keep their new attempts: "
                + stored.error().message);
        } else {
            readAgainInOrder(rechainStored(*stored, back, given.reader, databaseFolderOf(db)));
        }
    }
    db.deferColumnRefresh(deferred);
    if (report.changed && !deferred) {
        if (auto st = core::refreshDeferredColumns(db); !st) {
            report.notes.push_back("the columnar copy of the jobs stored was not rebuilt (they are read from their "
                                   "rows until the next import rebuilds it): "
                + st.error().message);
        }
    }
    // 4. The fleet follows the store: reload only when something was stored, and only when it was
    //    loaded (a query-less import need not read the fleet back).
    if (report.changed && workspace.loaded()) {
        if (auto st = workspace.reload(); !st) {
            report.reloadError = st.error().message;
        }
    }
    return report;
}

} // namespace ett::app
