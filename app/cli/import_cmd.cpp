#include "app/cli/import_cmd.h"

#include "app/cli/commands.h"
#include "app/service/import_files.h"
#include "core/ingest/formats.h"
#include "core/store/database.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace ett::app {

using namespace ett::core;

namespace {

// "runs/plot.png:3: skipped, not a trace this version reads: binary data (...)": the path once, then
// the reason.
std::string skippedLine(const ImportedFile& f)
{
    std::string where;
    const std::string reason = skippedReason(f, &where);
    return fmt::format("{}{}: skipped, not a trace this version reads: {}", f.path, where, reason);
}

} // namespace

int runImport(const CommonOptions& common, const ImportCmd& cmd)
{
    ImportRequest request;
    request.files = cmd.files;
    request.label = cmd.label;
    request.update = cmd.update;
    request.readUnchangedAgain = cmd.readAgain;
    core::ReaderOptions& reader = request.reader;
    reader.format = parseTraceFormat(cmd.format).value_or(TraceFormat::Auto);
    reader.mappingPath = cmd.mapping;
    reader.job = cmd.job;
    reader.attempt = cmd.attempt;
    reader.rank = cmd.rank;
    reader.timezone = cmd.timezone;
    reader.year = cmd.year;
    reader.gpusPerNode = cmd.gpusPerNode;
    // The window's import dialog runs the same check; a bad option fails before any file is read.
    if (auto st = checkReaderOptions(reader); !st) {
        std::string flag = st.error().option; // a ReaderOptions field: gpus_per_node is --gpus-per-node
        std::replace(flag.begin(), flag.end(), '_', '-');
        return fail("import: option --" + flag + ": " + st.error().message);
    }
    std::error_code ec;
    const bool existed = std::filesystem::exists(common.db, ec);
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::CreateIfMissing);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    const bool tty = isatty(fileno(stderr)) != 0 && !cmd.quiet;
    ImportSink sink;
    if (!tty && !cmd.quiet) {
        // Progress is for terminals; a wait for another import is said once per file anywhere.
        sink = [waitedFor = std::string()](const ImportProgressInfo& p) mutable {
            if (p.stage.starts_with("waiting") && waitedFor != p.file) {
                waitedFor = p.file;
                std::fprintf(stderr, "ettw: %s: %s\n", p.file.c_str(), p.stage.c_str());
            }
        };
    }
    if (tty) {
        sink = [](const ImportProgressInfo& p) {
            std::string eta;
            if (p.stage == "reading" && p.bytesTotal > 0 && p.bytesDone > 0) {
                eta = fmt::format(
                    " {:.0f}%", 100.0 * static_cast<double>(p.bytesDone) / static_cast<double>(p.bytesTotal));
                if (p.etaSeconds >= 0) {
                    eta += fmt::format(", ETA {:.0f} s", p.etaSeconds);
                }
            }
            std::fprintf(stderr, "\r  %s: %s records%s   ", p.stage.c_str(), countText(p.records).c_str(), eta.c_str());
            std::fflush(stderr);
        };
    }
    const ImportReport report = importFiles(**workspace, request, sink, nullptr);
    if (tty) {
        std::fprintf(stderr, "\r%60s\r", "");
    }
    int listedSkips = 0;
    for (const ImportedFile& f : report.files) {
        switch (f.outcome) {
        case ImportedFile::Outcome::Cancelled:
        case ImportedFile::Outcome::Skipped:
            std::fprintf(stderr, "ettw: %s: import cancelled; nothing of it was stored.\n", f.path.c_str());
            break;
        case ImportedFile::Outcome::Failed:
            std::fprintf(
                stderr, "ettw: %s\n      nothing of %s was stored.\n", f.error.message.c_str(), f.path.c_str());
            break;
        case ImportedFile::Outcome::NotATrace:
            // A run's folder holds checkpoints, configs and event files by the hundred: the first
            // few are named, the others counted below.
            if (cmd.verbose || listedSkips < kListedSkips) {
                ++listedSkips;
                std::fprintf(stderr, "ettw: %s\n", skippedLine(f).c_str());
            }
            break;
        case ImportedFile::Outcome::ReadWith:
            if (!cmd.quiet) {
                print(fmt::format("{}: read with {} (one NVRx job)\n", f.path, f.readWith));
            }
            break;
        case ImportedFile::Outcome::AlreadyImported:
            print(fmt::format("{}: already imported under label '{}' (same SHA-256 {}); nothing changed{}\n", f.path,
                cmd.label, f.summary.sha256.substr(0, 12),
                f.storedAs.empty() ? std::string() : " (" + storedAsNote(f.storedAs) + ")"));
            break;
        case ImportedFile::Outcome::Stored:
            if (!cmd.quiet) {
                const core::ImportSummary& s = f.summary;
                print(fmt::format("{}: {} {} under label '{}'{}{}: {} ({} declared, {}, {}, {}; {} attributed) "
                                  "in {:.2f} s\n",
                    f.path, s.format, f.readAgain.empty() ? "imported" : "read again", cmd.label,
                    s.datasetsReplaced > 0 && f.readAgain.empty() ? " in place of its earlier import" : "",
                    f.folderJob.empty() ? std::string()
                        : f.ownFolder
                        ? fmt::format(" as job '{}' (its own folder: the folder that named the others' job holds "
                                      "other runs)",
                            f.folderJob)
                        : fmt::format(" as job '{}' (its folder)", f.folderJob),
                    countOf(s.records, "record", "records"), countOf(s.jobsDeclared, "job", "jobs"),
                    countOf(s.attempts, "attempt", "attempts"), countOf(s.phases, "phase", "phases"),
                    countOf(s.checkpoints, "checkpoint", "checkpoints"), countOf(s.jobsTouched, "job", "jobs"),
                    s.seconds));
                if (!f.readAgain.empty()) {
                    print(fmt::format("    {}\n", f.readAgain));
                }
                if (!f.storedAs.empty()) {
                    print(fmt::format("    {}\n", storedAsNote(f.storedAs)));
                }
                print(issueLines(s.issues));
            }
            break;
        }
    }
    const bool stored = std::any_of(report.files.begin(), report.files.end(), [](const ImportedFile& f) {
        return f.outcome == ImportedFile::Outcome::Stored || f.outcome == ImportedFile::Outcome::AlreadyImported;
    });
    if (!existed && !stored) {
        // Nothing of this run is in the file it created: leave no empty database behind.
        workspace->reset();
        auto removed = core::removeIfEmpty(common.db);
        if (!removed) {
            std::fprintf(stderr, "ettw: %s\n", removed.error().message.c_str());
        } else if (*removed) {
            std::fprintf(stderr, "ettw: nothing was imported, so %s was not created\n", common.db.c_str());
        }
    }
    for (const std::string& note : report.notes) {
        std::fprintf(stderr, "ettw: %s\n", note.c_str());
    }
    if (report.hiddenSkipped > 0) {
        std::fprintf(stderr, "ettw: %lld hidden file(s) or folder(s) (names starting with '.') were not read\n",
            static_cast<long long>(report.hiddenSkipped));
    }
    if (const int skipped = report.notTraces(); skipped > 0) {
        std::fprintf(stderr, "ettw: %d of %zu files found in folders were skipped: not traces this version reads%s\n",
            skipped, report.files.size(),
            skipped > listedSkips ? fmt::format(" ({} named above; --verbose names each)", listedSkips).c_str() : "");
    }
    if (const int failed = report.failed(); failed > 0) {
        std::fprintf(stderr, "ettw: %d of %zu files failed to import%s\n", failed, report.files.size(),
            static_cast<size_t>(failed) < report.files.size() ? "; the others were imported" : "");
        return kExitUserError;
    }
    return kExitOk;
}

} // namespace ett::app
