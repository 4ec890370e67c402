#include "app/service/import_files.h"

#include "core/ingest/issue_kinds.h"
#include "core/ingest/log_runs.h"
#include "core/model/names_text.h"
#include "core/store/importer.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

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
// its import, and keeps the identity its own name gives).
bool isConsoleLog(const std::string& path, const core::ReaderOptions& reader)
{
    std::error_code ec;
    if (path == "-" || !std::filesystem::is_regular_file(path, ec)) {
        return false;
    }
    if (reader.format != core::TraceFormat::Auto) {
        return reader.format == core::TraceFormat::Log;
    }
    const auto format = core::detectFormat(path);
    return format && *format == core::TraceFormat::Log;
}

// The reader options of each file: the request's, and for console logs which job and attempt each
// run is, from all the logs of the request together (core/ingest/log_runs.h). A log that cannot be
// read keeps the request's options: its import then fails with the reader's message.
std::vector<core::ReaderOptions> readerOptionsPerFile(
    const ImportRequest& request, const ImportSink& sink, const std::atomic<bool>* cancel)
{
    std::vector<core::ReaderOptions> out(request.files.size(), request.reader);
    std::vector<core::LogRun> runs;
    std::vector<size_t> files; // of each run
    auto lastPost = Clock::time_point {};
    for (size_t i = 0; i < request.files.size() && !(cancel && cancel->load()); ++i) {
        if (!isConsoleLog(request.files[i], request.reader)) {
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
            files.push_back(i);
        }
    }
    const auto identities
        = core::chainLogRuns(runs, request.reader.job.has_value(), request.reader.attempt.has_value());
    for (size_t r = 0; r < runs.size(); ++r) {
        core::ReaderOptions& o = out[files[r]];
        o.job = identities[r].job;
        o.attempt = identities[r].attempt;
        o.jobName = identities[r].name;
    }
    return out;
}

} // namespace

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
    Workspace& workspace, const ImportRequest& request, const ImportSink& sink, const std::atomic<bool>* cancel)
{
    // 1. Sizes up front, so that progress and the ETA cover every file.
    std::vector<int64_t> sizes;
    int64_t totalBytes = 0;
    for (const auto& p : request.files) {
        sizes.push_back(fileSize(p));
        totalBytes += sizes.back();
    }
    ImportReport report;
    const auto started = Clock::now();
    const std::vector<core::ReaderOptions> readers = readerOptionsPerFile(request, sink, cancel);
    int64_t bytesBefore = 0;
    // 2. Each file in its own transaction.
    for (size_t i = 0; i < request.files.size(); ++i) {
        ImportedFile file;
        file.path = request.files[i];
        if (cancel && cancel->load()) {
            report.cancelled = true;
            file.outcome = ImportedFile::Outcome::Skipped;
            report.files.push_back(std::move(file));
            continue;
        }
        core::ImportOptions options;
        options.label = request.label;
        options.reader = readers[i];
        options.cancel = cancel;
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
                info.fileIndex = static_cast<int>(i);
                info.fileCount = static_cast<int>(request.files.size());
                info.stage = p.stage;
                info.records = p.records;
                info.bytesTotal = totalBytes;
                info.bytesDone = bytesBefore + std::clamp<int64_t>(p.bytesDone, 0, fileBytes);
                const double elapsed = std::chrono::duration<double>(now - started).count();
                const bool lastStages = p.stage != "reading" && i + 1 == request.files.size();
                if (totalBytes > 0 && info.bytesDone > 0 && elapsed > 0.2 && !lastStages) {
                    const double fraction = static_cast<double>(info.bytesDone) / static_cast<double>(totalBytes);
                    info.etaSeconds = std::max(0.0, elapsed / fraction - elapsed);
                }
                sink(info);
            };
        }
        auto summary = core::importTraceFile(workspace.store(), file.path, options);
        bytesBefore += fileBytes;
        if (!summary) {
            if (cancel && cancel->load()) {
                report.cancelled = true;
                file.outcome = ImportedFile::Outcome::Cancelled;
            } else {
                file.outcome = ImportedFile::Outcome::Failed;
            }
            file.error = summary.error();
        } else {
            file.outcome
                = summary->alreadyImported ? ImportedFile::Outcome::AlreadyImported : ImportedFile::Outcome::Stored;
            report.changed = report.changed || !summary->alreadyImported;
            file.summary = std::move(*summary);
        }
        report.files.push_back(std::move(file));
    }
    // 3. The fleet follows the store: reload only when something was stored, and only when it was
    //    loaded (a query-less import need not read the fleet back).
    if (report.changed && workspace.loaded()) {
        if (auto st = workspace.reload(); !st) {
            report.reloadError = st.error().message;
        }
    }
    return report;
}

} // namespace ett::app
