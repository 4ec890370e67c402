#include "app/cli/store_cmds.h"

#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/text_table.h"
#include "app/service/document.h"
#include "app/service/file_removal.h"
#include "app/service/import_files.h"
#include "app/service/pre_rolled.h"
#include "app/service/workspace.h"
#include "core/ingest/issue_kinds.h"
#include "core/ingest/reader_options_text.h"
#include "core/model/names_text.h"
#include "core/store/column_store.h"
#include "core/store/schema.h"

#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

using namespace ett::core;

namespace {

std::string issuesJson(const std::vector<IssueInfo>& issues)
{
    JsonWriter w;
    w.beginArray();
    for (const auto& i : issues) {
        w.beginObject();
        w.key("dataset").number(i.datasetId);
        w.key("label").string(i.label);
        w.key("file").string(i.sourcePath);
        w.key("kind").string(i.kind);
        // Severity and description from the registry of issue kinds; null for a kind another
        // version wrote.
        const core::IssueKindInfo* info = core::issueKindInfo(i.kind);
        w.key("severity");
        info ? (void)w.string(issueSeverityText(i.kind)) : (void)w.null();
        w.key("description");
        info ? (void)w.string(std::string(info->description)) : (void)w.null();
        w.key("detail").string(i.detail);
        w.key("count").number(i.count);
        w.key("first_line");
        i.firstLine ? (void)w.number(*i.firstLine) : (void)w.null();
        w.key("example").string(i.example);
        w.endObject();
    }
    w.endArray();
    return w.str();
}

TextTable issuesTable(const std::vector<IssueInfo>& issues)
{
    TextTable t;
    // Within 100 columns: the label cut in the middle, the file at its start (its end names it),
    // the detail (else the example) at its end; the CSV and JSON keep them whole.
    t.addColumn("id");
    t.addColumn("label", TextTable::Align::Left, 10);
    t.addColumn("file", TextTable::Align::Left);
    t.addColumn("severity", TextTable::Align::Left);
    t.addColumn("issue", TextTable::Align::Left);
    t.addColumn("count");
    t.addColumn("line");
    t.addFillColumn("detail", 100);
    for (const auto& i : issues) {
        t.addRow({ std::to_string(i.datasetId), i.label, elideStart(i.sourcePath, 22), issueSeverityText(i.kind),
            i.kind, countText(i.count), i.firstLine ? std::to_string(*i.firstLine) : "",
            i.detail.empty() ? i.example : i.detail });
    }
    return t;
}

// The issues as CSV: the JSON's fields, numbers as numbers.
std::string issuesCsv(const std::vector<IssueInfo>& issues)
{
    TextTable t;
    for (const char* c :
        { "dataset", "label", "file", "severity", "kind", "detail", "count", "first_line", "example" }) {
        t.addColumn(c);
    }
    for (const auto& i : issues) {
        t.addRow({ std::to_string(i.datasetId), i.label, i.sourcePath, issueSeverityText(i.kind), i.kind, i.detail,
            std::to_string(i.count), i.firstLine ? std::to_string(*i.firstLine) : "", i.example });
    }
    return t.renderCsv();
}

// --remove-label: asks nothing (scripts call it); says what went, or why nothing did.
int removeDatasetLabel(const CommonOptions& common, Workspace& workspace, const std::string& label)
{
    const auto started = std::chrono::steady_clock::now();
    auto change = app::removeLabel(workspace, label, core::KeepForUndo::No);
    if (!change) {
        return fail(change.error().message);
    }
    const core::LabelContents* removed = &change->label.contents;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return present(common,
        { [&] {
             return fmt::format("Removed label '{}' from {}: {}, {}, {}, {}, {} ({:.2f} s).\n", label, common.db,
                 countOf(removed->files, "file", "files"), countOf(removed->jobs, "job", "jobs"),
                 countOf(removed->attempts, "attempt", "attempts"), countOf(removed->phases, "phase", "phases"),
                 countOf(removed->checkpoints, "checkpoint", "checkpoints"), seconds);
         },
            [&] {
                JsonWriter w;
                w.beginObject();
                w.key("removed_label").string(label);
                w.key("files").number(removed->files);
                w.key("jobs").number(removed->jobs);
                w.key("attempts").number(removed->attempts);
                w.key("phases").number(removed->phases);
                w.key("checkpoints").number(removed->checkpoints);
                w.endObject();

                return w.str();
            },
            {} });
}

// A stored file's options (its dataset's JSON, core/ingest/reader_options_text.h) as the value of
// "read_with": that object, or null when they are not known.
void readWithJson(JsonWriter& w, const std::string& stored)
{
    if (!core::storedOptionsFlags(stored)) {
        w.null();
        return;
    }
    w.rawValue(stored);
}

// The same as `ettw import` flags for a table: "(not known)" for a file imported before they were
// kept, "" for the defaults.
std::string readWithText(const std::string& stored)
{
    return core::storedOptionsFlags(stored).value_or("(not known)");
}

// --remove-file: asks nothing; says what went, each console log read again (or why not), or why
// nothing went.
int removeDatasetFile(const CommonOptions& common, Workspace& workspace, const DatasetsCmd& cmd)
{
    core::ReaderOptions reader;
    reader.mappingPath = cmd.mapping;
    reader.timezone = cmd.timezone;
    reader.year = cmd.year;
    if (auto st = checkReaderOptions(reader); !st) {
        return fail("datasets: option --" + st.error().option + ": " + st.error().message);
    }
    if (!cmd.mapping.empty() && !std::filesystem::exists(cmd.mapping)) {
        return fail("datasets: option --mapping: " + cmd.mapping + ": no such file");
    }
    const auto started = std::chrono::steady_clock::now();
    auto removal = app::removeFile(workspace, cmd.label, cmd.removeFile, reader);
    if (!removal) {
        return fail(removal.error().message);
    }
    const core::RemovedFile& r = removal->removed;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const auto& again = removal->readAgain.files;
    const int failed = removal->readAgain.failed();
    if (!removal->reloadError.empty()) {
        fail("the file was removed, but the data could not be loaded again: " + removal->reloadError);
    }
    const int code = present(common,
        { [&] {
             std::string out = fmt::format("Removed {} from label '{}' of {}: {}, {}, {}, {}; {} removed with it "
                                           "(nothing of them left) ({:.2f} s).\n",
                 r.path, r.label, common.db, countOf(r.datasets, "import", "imports"),
                 countOf(r.attempts, "attempt", "attempts"), countOf(r.phases, "phase", "phases"),
                 countOf(r.checkpoints, "checkpoint", "checkpoints"), countOf(r.jobs, "job", "jobs"), seconds);
             for (const std::string& log : removal->unchained) {
                 out += fmt::format("  {}: would be read again to chain its configuration without the file, but it "
                                    "is no longer there as it was imported: its configuration's runs keep their "
                                    "attempts\n",
                     log);
             }
             for (const std::string& job : removal->undeclaredJobs) {
                 out += fmt::format("  job {}: the file declared it and no other file of its records could be read "
                                    "again to: it counts 1 GPU and no attributes until one declaring it is imported\n",
                     job);
             }
             for (const ImportedFile& f : again) {
                 out += f.outcome == ImportedFile::Outcome::Failed
                     ? fmt::format("  {}: not read again, it keeps the records it had: {}\n", f.path, f.error.message)
                     : fmt::format("  {}: read again: {}\n", f.path, f.readAgain);
             }
             // The undo: the same file imported again as it was.
             const std::optional<std::string> flags = core::storedOptionsFlags(r.readerOptions);
             const bool known = core::parseTraceFormat(r.format).has_value();
             out += fmt::format("To import it again: ettw import --db {} --label {}{}{} {}\n",
                 core::shellWord(common.db), core::shellWord(r.label), known ? " --format " + r.format : std::string(),
                 flags && !flags->empty() ? " " + *flags : std::string(), core::shellWord(r.path));
             return out;
         },
            [&] {
                JsonWriter w;
                w.beginObject();
                w.key("removed_file").string(r.path);
                w.key("label").string(r.label);
                w.key("imports").number(r.datasets);
                w.key("attempts").number(r.attempts);
                w.key("phases").number(r.phases);
                w.key("checkpoints").number(r.checkpoints);
                w.key("jobs_removed").number(r.jobs);
                w.key("read_with");
                readWithJson(w, r.readerOptions);
                for (const auto& [key, texts] : { std::pair { "unchained", &removal->unchained },
                         std::pair { "undeclared_jobs", &removal->undeclaredJobs } }) {
                    w.key(key).beginArray();
                    for (const std::string& t : *texts) {
                        w.string(t);
                    }
                    w.endArray();
                }
                w.key("read_again").beginArray();
                for (const ImportedFile& f : again) {
                    w.beginObject();
                    w.key("path").string(f.path);
                    w.key("stored").boolean(f.outcome != ImportedFile::Outcome::Failed);
                    w.key("why").string(f.outcome == ImportedFile::Outcome::Failed ? f.error.message : f.readAgain);
                    w.endObject();
                }
                w.endArray();
                w.endObject();
                return w.str();
            },
            {} });
    const bool partly = failed > 0 || !removal->unchained.empty() || !removal->undeclaredJobs.empty();
    return code != 0 ? code : (partly ? kExitUserError : 0);
}

int renameDatasetLabel(
    const CommonOptions& common, Workspace& workspace, const std::string& from, const std::string& to)
{
    if (auto st = app::renameLabel(workspace, from, to); !st) {
        return fail(st.error().message);
    }
    return present(common,
        { [&] { return fmt::format("Renamed label '{}' to '{}' in {}.\n", from, to, common.db); },
            [&] {
                JsonWriter w;
                w.beginObject();
                w.key("renamed_label").string(from);
                w.key("to").string(to);
                w.endObject();

                return w.str();
            },
            {} });
}

std::string datasetsJson(const std::vector<DatasetInfo>& datasets)
{
    JsonWriter w;
    w.beginArray();
    for (const auto& d : datasets) {
        w.beginObject();
        w.key("id").number(d.id);
        w.key("label").string(d.label);
        w.key("file").string(d.sourcePath);
        w.key("sha256").string(d.sha256);
        w.key("format").string(d.format);
        w.key("imported_at").string(d.importedAt);
        w.key("bytes").number(d.bytes);
        w.key("records").number(d.records);
        w.key("issues").number(d.issues);
        w.key("read_with");
        readWithJson(w, d.readerOptions);
        w.endObject();
    }
    w.endArray();
    return w.str();
}

// The table of the datasets, with the start of each hash.
TextTable datasetsTable(const std::vector<DatasetInfo>& datasets)
{
    TextTable t;
    t.addColumn("id");
    t.addColumn("label", TextTable::Align::Left);
    t.addColumn("file", TextTable::Align::Left);
    t.addColumn("format", TextTable::Align::Left);
    t.addColumn("records");
    t.addColumn("MB");
    t.addColumn("issues");
    t.addColumn("imported at", TextTable::Align::Left);
    t.addColumn("sha256", TextTable::Align::Left);
    t.addColumn("read with", TextTable::Align::Left);
    for (const auto& d : datasets) {
        t.addRow({ std::to_string(d.id), d.label, d.sourcePath, d.format, countText(d.records),
            fmt::format("{:.1f}", static_cast<double>(d.bytes) / 1e6), countText(d.issues), d.importedAt,
            d.sha256.substr(0, 16), readWithText(d.readerOptions) });
    }
    return t;
}

// The datasets as CSV: the JSON's fields, numbers as numbers, whole hashes.
std::string datasetsCsv(const std::vector<DatasetInfo>& datasets)
{
    TextTable t;
    for (const char* c :
        { "id", "label", "file", "format", "records", "bytes", "issues", "imported_at", "sha256", "read_with" }) {
        t.addColumn(c);
    }
    for (const auto& d : datasets) {
        t.addRow({ std::to_string(d.id), d.label, d.sourcePath, d.format, std::to_string(d.records),
            std::to_string(d.bytes), std::to_string(d.issues), d.importedAt, d.sha256, readWithText(d.readerOptions) });
    }
    return t.renderCsv();
}

} // namespace

int runIssues(const CommonOptions& common)
{
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    auto issues = importIssues(**workspace);
    if (!issues) {
        return fail(issues.error().message);
    }
    return present(common,
        { [&] {
             return issues->empty() ? std::string("No import issues.\n")
                                    : "Import issues (non-fatal data problems, counted per imported file)\n"
                     + issuesTable(*issues).render();
         },
            [&] { return issuesJson(*issues); }, [&] { return issuesCsv(*issues); } });
}

int runDatasets(const CommonOptions& common, const DatasetsCmd& cmd)
{
    const bool changes = !cmd.removeLabel.empty() || cmd.renameLabel.size() == 2 || !cmd.removeFile.empty();
    auto workspace = Workspace::openStore(common.db, changes ? Workspace::Mode::MustExist : Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    if (!cmd.removeLabel.empty()) {
        return removeDatasetLabel(common, **workspace, cmd.removeLabel);
    }
    if (!cmd.removeFile.empty()) {
        return removeDatasetFile(common, **workspace, cmd);
    }
    if (cmd.renameLabel.size() == 2) {
        return renameDatasetLabel(common, **workspace, cmd.renameLabel[0], cmd.renameLabel[1]);
    }
    auto datasets = app::datasets(**workspace);
    if (!datasets) {
        return fail(datasets.error().message);
    }
    return present(common,
        { [&] { return datasets->empty() ? std::string("No datasets yet.\n") : datasetsTable(*datasets).render(); },
            [&] { return datasetsJson(*datasets); }, [&] { return datasetsCsv(*datasets); } });
}

namespace {

int rebuildColumnarCopy(const std::string& path, int64_t chunks, bool durationsAdded, bool rollupsAdded)
{
    installChunkRollupBuilder();
    auto db = core::Database::open(path, core::Database::OpenMode::MustExist);
    if (!db) {
        return fail(db.error().message);
    }
    // Any write transaction brings the copy up to date before it commits; this one writes nothing else.
    if (auto st = core::inTransaction(**db, [] { return core::Status::success(); }); !st) {
        return fail(path + ": " + st.error().message);
    }
    if (durationsAdded) {
        print(fmt::format("{}: added the sorted phase durations of its columnar copy.\n", path));
    }
    if (rollupsAdded) {
        print(fmt::format("{}: added the roll-ups over all time of its columnar copy.\n", path));
    }
    if (chunks > 0) {
        print(fmt::format(
            "{}: rebuilt {} chunk(s) of its columnar copy from rows changed outside ettw.\n", path, chunks));
    }
    return kExitOk;
}

} // namespace

int runUpgrade(const CommonOptions& common)
{
    {
        // What a query sees first: a database it can read as it is needs nothing. (Closed before
        // it is opened for writing.)
        auto current = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
        if (current) {
            // Up to date, but changed outside the workbench (the sqlite3 shell): its columnar copy
            // is rebuilt where the rows changed, so that loads stop reading those rows.
            auto copy = core::columnStoreSize((*current)->store());
            if (!copy) {
                return fail(common.db + ": " + copy.error().message);
            }
            // Or from before the chunks kept their sorted phase durations, or their roll-ups: they are
            // added.
            if (copy->dirtyChunks > 0 || (copy->chunks > 0 && (!copy->phaseDurations || !copy->rollups))) {
                current->reset();
                return rebuildColumnarCopy(common.db, copy->dirtyChunks, !copy->phaseDurations, !copy->rollups);
            }
            print(fmt::format("{} is up to date (schema version {}, accounting rules {}): nothing to do.\n", common.db,
                core::kSchemaVersion, core::kAccountingVersion));
            return kExitOk;
        }
        if (current.error().option != "upgrade") {
            return fail(current.error().message);
        }
    }
    auto upgraded = Workspace::openStore(common.db, Workspace::Mode::MustExist);
    if (!upgraded) {
        return fail(upgraded.error().message);
    }
    print(fmt::format("Upgraded {} to schema version {} with its derived figures computed by accounting rules {}.\n",
        common.db, core::kSchemaVersion, core::kAccountingVersion));
    return kExitOk;
}

} // namespace ett::app
