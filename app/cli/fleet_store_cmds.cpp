#include "app/cli/fleet_store_cmds.h"

#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/cli/text_table.h"
#include "app/service/pre_rolled.h"
#include "app/service/store_connect.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/push.h"
#include "core/store/database.h"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>

namespace ett::app {

namespace ch = ett::core::clickhouse;

namespace {

std::string rateText(int64_t rows, double seconds)
{
    return seconds > 0 ? countText(static_cast<int64_t>(static_cast<double>(rows) / seconds)) : "-";
}

void printPush(const ch::PushReport& r, const std::string& where)
{
    if (r.unchanged) {
        print(fmt::format("label '{}': already in {} with the same content (dataset {}); nothing was sent\n", r.label,
            where, r.datasetId));
        return;
    }
    print(fmt::format("label '{}': {} {} as dataset {}: {}, {}, {}, {}, {} ({} rows) in {:.2f} s ({} rows/s)\n",
        r.label, r.replaced ? "replaced in" : "pushed to", where, r.datasetId, countOf(r.jobs, "job", "jobs"),
        countOf(r.attempts, "attempt", "attempts"), countOf(r.segments, "segment", "segments"),
        countOf(r.phases, "phase", "phases"), countOf(r.checkpoints, "checkpoint", "checkpoints"), countText(r.rows),
        r.seconds, rateText(r.rows, r.seconds)));
    if (!r.dropped.empty()) {
        print(fmt::format("  dropped the rows of {} (unfinished or replaced pushes of the label)\n",
            countOf(static_cast<int64_t>(r.dropped.size()), "earlier dataset", "earlier datasets")));
    }
}

} // namespace

core::Result<std::unique_ptr<ch::FleetStore>> openFleetStore(const StoreOptions& options)
{
    if (options.url.empty()) {
        return core::Error { "--store URL is required (clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME)" };
    }
    return connectFleetStore(options.url, options.timeoutS);
}

int runStoreInit(const StoreOptions& options, const StoreInitCmd& cmd)
{
    auto store = openFleetStore(options);
    if (!store) {
        return fail(store.error().message);
    }
    auto report = (*store)->init(cmd.shards);
    if (!report) {
        return fail("store init: " + report.error().message);
    }
    print(fmt::format("fleet store ready in {} (database {}, cluster {}): {}\n", (*store)->url().masked(),
        (*store)->url().database, (*store)->url().cluster,
        countOf(static_cast<int64_t>(report->shards.size()), "shard", "shards")));
    for (const auto& s : report->shards) {
        print("  " + s.describe() + "\n");
    }
    if (report->queryNodeOutsideCluster) {
        print("  (the URL's server is not a shard: it got the Distributed tables only)\n");
    }
    return kExitOk;
}

int runStoreStatus(const StoreOptions& options, const CommonOptions& common)
{
    auto store = openFleetStore(options);
    if (!store) {
        return fail(store.error().message);
    }
    auto shards = (*store)->shards();
    if (!shards) {
        return fail(shards.error().message);
    }
    auto live = (*store)->liveDatasets();
    if (!live) {
        return fail(live.error().message);
    }
    auto counts = (*store)->counts();
    if (!counts) {
        return fail(counts.error().message);
    }
    if (common.format == "json") {
        JsonWriter w;
        w.beginObject();
        w.key("store").string((*store)->url().masked());
        w.key("shards").beginArray();
        for (const auto& s : *shards) {
            w.string(s.host + ":" + std::to_string(s.port));
        }
        w.endArray();
        w.key("datasets").beginArray();
        for (const auto& d : *live) {
            w.beginObject();
            w.key("label").string(d.label);
            w.key("id").string(std::to_string(d.id));
            w.key("content_sha256").string(d.contentHash);
            w.endObject();
        }
        w.endArray();
        for (const auto& [name, n] : { std::pair<const char*, int64_t> { "jobs", counts->jobs },
                 { "attempts", counts->attempts }, { "segments", counts->segments }, { "phases", counts->phases },
                 { "checkpoints", counts->checkpoints } }) {
            w.key(name).number(n);
        }
        w.endObject();
        print(w.str());
        return kExitOk;
    }
    print(fmt::format("{}: {}, {} live\n", (*store)->url().masked(),
        countOf(static_cast<int64_t>(shards->size()), "shard", "shards"),
        countOf(counts->datasets, "dataset", "datasets")));
    for (const auto& d : *live) {
        print(fmt::format("  label '{}': dataset {} (content {})\n", d.label, d.id, d.contentHash.substr(0, 12)));
    }
    print(fmt::format("  {}, {}, {}, {}, {}\n", countOf(counts->jobs, "job", "jobs"),
        countOf(counts->attempts, "attempt", "attempts"), countOf(counts->segments, "segment", "segments"),
        countOf(counts->phases, "phase", "phases"), countOf(counts->checkpoints, "checkpoint", "checkpoints")));
    return kExitOk;
}

namespace {

// Progress of a push on a terminal: the label and how many of its jobs the shards took.
void showPushProgress(ch::PushOptions& push)
{
    if (isatty(fileno(stderr)) == 0) {
        return;
    }
    push.afterSlice = [](const std::string& label, int64_t sent, int64_t total) {
        std::fprintf(stderr, "\r  pushing '%s': %s of %s jobs sent   ", label.c_str(), countText(sent).c_str(),
            countText(total).c_str());
        std::fflush(stderr);
    };
}

// Clears the progress line (a no-op away from a terminal).
void endPushProgress()
{
    if (isatty(fileno(stderr)) != 0) {
        std::fprintf(stderr, "\r%70s\r", "");
    }
}

} // namespace

int runPush(const CommonOptions& common, const StoreOptions& options, const PushCmd& cmd)
{
    auto store = openFleetStore(options);
    if (!store) {
        return fail(store.error().message);
    }
    auto db = core::Database::open(common.db, core::Database::OpenMode::ReadOnly);
    if (!db) {
        return fail(db.error().message);
    }
    ch::PushOptions push;
    push.replace = cmd.replace;
    push.jobsPerSlice = static_cast<size_t>(cmd.sliceJobs);
    showPushProgress(push);
    const std::string where = (*store)->url().masked();
    auto reports = ch::pushDatabase(
        **store, **db, cmd.label, "push of " + std::filesystem::path(common.db).filename().string(), push);
    endPushProgress();
    if (!reports) {
        return fail(reports.error().message);
    }
    for (const auto& r : *reports) {
        printPush(r, where);
    }
    return kExitOk;
}

int runImportToStore(const CommonOptions& common, const StoreOptions& options, const ImportCmd& cmd, bool replace)
{
    // 1. The store first: a bad URL or a store that does not answer fails before any file is read.
    auto store = openFleetStore(options);
    if (!store) {
        return fail(store.error().message);
    }
    if (auto shards = (*store)->shards(); !shards) {
        return fail(shards.error().message);
    }
    // 2. Import into a temporary database, with the usual readers, checks and attribution.
    std::string pattern = (std::filesystem::temp_directory_path() / "ettw-import-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
        return fail("cannot create a temporary folder in " + std::filesystem::temp_directory_path().string());
    }
    const std::filesystem::path dir = pattern;
    struct Cleanup
    {
        std::filesystem::path dir;
        ~Cleanup()
        {
            std::error_code ec;
            std::filesystem::remove_all(dir, ec);
        }
    } cleanup { dir };
    CommonOptions local = common;
    local.db = (dir / "import.db").string();
    if (const int rc = runImport(local, cmd); rc != kExitOk) {
        std::fprintf(stderr, "ettw: nothing was pushed to the store\n");
        return rc;
    }
    // 3. Push its label.
    installChunkRollupBuilder();
    auto db = core::Database::open(local.db, core::Database::OpenMode::MustExist);
    if (!db) {
        return fail(db.error().message);
    }
    ch::PushOptions push;
    push.replace = replace;
    showPushProgress(push);
    auto reports = ch::pushDatabase(**store, **db, cmd.label,
        "import of " + countOf(static_cast<int64_t>(cmd.files.size()), "file", "files"), push);
    endPushProgress();
    if (!reports) {
        return fail(reports.error().message);
    }
    for (const auto& r : *reports) {
        printPush(r, (*store)->url().masked());
    }
    return kExitOk;
}

} // namespace ett::app
