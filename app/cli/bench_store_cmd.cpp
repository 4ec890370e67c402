#include "app/cli/bench_store_cmd.h"

#include "app/cli/bench_common.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/service/local_fleet_source.h"
#include "app/service/overview.h"
#include "app/service/store_fleet_source.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/push.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <random>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ett::app {

namespace ch = ett::core::clickhouse;
namespace fs = std::filesystem;

namespace {

using namespace bench;

// The same roll-up by team as one SQLite GROUP BY over a bare table of the fleet's segments.
core::Result<std::string> sqliteRollup(const std::string& dbPath, const std::string& tablePath, int repeats)
{
    auto opened = core::Database::open(dbPath, core::Database::OpenMode::ReadOnly);
    if (!opened) {
        return opened.error();
    }
    core::Database& db = **opened;
    auto fleet = core::loadStoredFleet(db, core::ColumnsQuery {});
    if (!fleet) {
        return fleet.error();
    }
    const auto& c = fleet->columns;
    const auto& at = fleet->attribution;
    const auto team = std::find(c.attrKeys.begin(), c.attrKeys.end(), "team");
    sqlite3* s = nullptr;
    std::remove(tablePath.c_str());
    if (sqlite3_open(tablePath.c_str(), &s) != SQLITE_OK) {
        return core::Error { "cannot open " + tablePath };
    }
    auto exec = [&](const char* sql) { return sqlite3_exec(s, sql, nullptr, nullptr, nullptr) == SQLITE_OK; };
    exec("PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;");
    exec("CREATE TABLE seg(team TEXT, bucket INTEGER, start_ns INTEGER, end_ns INTEGER, gpus INTEGER)");
    sqlite3_stmt* ins = nullptr;
    sqlite3_prepare_v2(s, "INSERT INTO seg VALUES(?,?,?,?,?)", -1, &ins, nullptr);
    exec("BEGIN");
    for (size_t a = 0; a < c.attempts(); ++a) {
        const auto j = static_cast<size_t>(c.attemptJob[a]);
        std::string value = core::kNoGroupName;
        if (team != c.attrKeys.end()) {
            const auto k = static_cast<size_t>(team - c.attrKeys.begin());
            if (const int32_t v = c.attr(j, k); v >= 0) {
                value = c.attrValues[k][static_cast<size_t>(v)];
            }
        }
        for (auto i = static_cast<size_t>(at.attemptSegmentBegin[a]);
             i < static_cast<size_t>(at.attemptSegmentBegin[a + 1]); ++i) {
            sqlite3_bind_text(ins, 1, value.c_str(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
            sqlite3_bind_int(ins, 2, at.segmentBucket[i]);
            sqlite3_bind_int64(ins, 3, at.segmentStartNs[i]);
            sqlite3_bind_int64(ins, 4, at.segmentEndNs[i]);
            sqlite3_bind_int64(ins, 5, c.attemptGpus[a]);
            sqlite3_step(ins);
            sqlite3_reset(ins);
        }
    }
    exec("COMMIT");
    sqlite3_finalize(ins);
    std::vector<double> runs;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = Clock::now();
        exec("SELECT team, bucket, sum(end_ns - start_ns), total((end_ns - start_ns) * gpus) FROM seg GROUP BY team, "
             "bucket");
        runs.push_back(secondsSince(t0));
    }
    sqlite3_close(s);
    std::remove(tablePath.c_str());
    return "\"rollup_by_team_s\": " + number(median(runs));
}

} // namespace

int runBenchStore(const CommonOptions& common, const BenchStoreCmd& cmd)
{
    if (common.store.url.empty()) {
        return fail("bench store: --store URL is required");
    }
    auto store = openFleetStore(common.store);
    if (!store) {
        return fail(store.error().message);
    }
    auto shards = (*store)->shards();
    if (!shards) {
        return fail("bench store: " + shards.error().message);
    }
    // The queries alone, on what the store holds.
    const auto onCluster = [&](const ch::StoreUrl& url) -> core::Result<std::string> {
        auto s = ch::FleetStore::open(url, (*store)->timeouts());
        if (!s) {
            return s.error();
        }
        const auto t0 = Clock::now();
        auto source = StoreFleetSource::open(std::move(*s));
        if (!source) {
            return source.error();
        }
        const double open = secondsSince(t0);
        std::string rollup;
        auto times = timeQueries(**source, cmd.repeats, rollup);
        if (!times) {
            return times.error();
        }
        return "\"open_s\": " + number(open) + *times + ", \"check\": \"" + rollup + "\"";
    };
    if (cmd.queriesOnly) {
        const StepResult r = inChild([&] { return onCluster((*store)->url()); });
        if (!r.ok) {
            return fail("bench store: " + r.error);
        }
        const size_t check = r.json.find(", \"check\"");
        print("{\n  " + buildMembers() + ",\n  \"store\": \"" + (*store)->url().masked() + "\", \"shards\": "
            + std::to_string(shards->size()) + ", \"repeats\": " + std::to_string(cmd.repeats) + ",\n  \"cluster\": {"
            + r.json.substr(0, check) + ", \"peak_rss_mb\": " + number(r.peakRssMb, 1) + "}\n}\n");
        return kExitOk;
    }
    // A database of the bench's own on the same shards, dropped at the end: the store's data is
    // never touched.
    ch::StoreUrl benchUrl = (*store)->url();
    benchUrl.database = "ettw_bench_" + std::to_string(getpid());
    std::vector<std::string> shardArgs;
    for (const auto& s : *shards) {
        shardArgs.push_back(s.host + ":" + std::to_string(s.port));
    }
    const fs::path work = cmd.workDir.empty() ? fs::temp_directory_path() / ("ettw-bench-" + std::to_string(getpid()))
                                              : fs::path(cmd.workDir);
    std::error_code ec;
    fs::create_directories(work, ec);
    const std::string trace = (work / "fleet.ett.jsonl.gz").string();
    const std::string dbPath = (work / "fleet.db").string();
    auto cleanup = [&] {
        for (const auto& s : *shards) {
            auto c = (*store)->connect(s);
            (void)c->query("DROP DATABASE IF EXISTS " + benchUrl.database);
        }
        fs::remove(trace, ec);
        fs::remove(dbPath, ec);
        if (cmd.workDir.empty()) {
            fs::remove_all(work, ec);
        }
    };
    auto failClean = [&](const std::string& message) {
        cleanup();
        return fail("bench store: " + message);
    };

    // 1. A generated fleet of about N segments (about 77 a job), imported into a local database.
    const int64_t jobs = std::max<int64_t>(10, cmd.segments / 77);
    if (auto st
        = runEttw({ "generate", "--jobs", std::to_string(jobs), "--seed", "42", "--capacity", "none", "--out", trace });
        !st) {
        return failClean(st.error().message);
    }
    const auto importStart = Clock::now();
    if (auto st = runEttw({ "import", "--db", dbPath, "--label", "bench", trace }); !st) {
        return failClean(st.error().message);
    }
    const double importSeconds = secondsSince(importStart);
    auto benchStore = ch::FleetStore::open(benchUrl, (*store)->timeouts());
    if (!benchStore) {
        return failClean(benchStore.error().message);
    }
    if (auto r = (*benchStore)->init(shardArgs); !r) {
        return failClean(r.error().message);
    }

    // 2. The push, in a process of its own (its peak memory is the client's).
    const StepResult push = inChild([&]() -> core::Result<std::string> {
        auto opened = core::Database::open(dbPath, core::Database::OpenMode::ReadOnly);
        if (!opened) {
            return opened.error();
        }
        core::Database& db = **opened;
        auto s = ch::FleetStore::open(benchUrl, (*store)->timeouts());
        if (!s) {
            return s.error();
        }
        const auto t0 = Clock::now();
        auto reports = ch::pushDatabase(**s, db, std::nullopt, "ettw bench store");
        if (!reports) {
            return reports.error();
        }
        const double seconds = secondsSince(t0);
        const auto& r = reports->front();
        return "\"seconds\": " + number(seconds) + ", \"segments\": " + std::to_string(r.segments) + ", \"rows\": "
            + std::to_string(r.rows) + ", \"segments_per_s\": " + number(static_cast<double>(r.segments) / seconds, 0)
            + ", \"rows_per_s\": " + number(static_cast<double>(r.rows) / seconds, 0)
            + ", \"jobs\": " + std::to_string(r.jobs);
    });
    if (!push.ok) {
        return failClean("push: " + push.error);
    }
    // 3. The queries on the cluster, then on the local engine (load + query), then SQLite.
    const StepResult onStore = inChild([&] { return onCluster(benchUrl); });
    const auto skipped = [] { return core::Result<std::string>(std::string("\"skipped\": true")); };
    const StepResult onLocal = cmd.clusterOnly ? inChild(skipped) : inChild([&]() -> core::Result<std::string> {
        auto opened = core::Database::open(dbPath, core::Database::OpenMode::ReadOnly);
        if (!opened) {
            return opened.error();
        }
        core::Database& db = **opened;
        const auto t0 = Clock::now();
        auto source = LocalFleetSource::load(db, {});
        if (!source) {
            return source.error();
        }
        const double load = secondsSince(t0);
        std::string rollup;
        auto times = timeQueries(**source, cmd.repeats, rollup);
        if (!times) {
            return times.error();
        }
        return "\"load_s\": " + number(load) + *times + ", \"check\": \"" + rollup + "\"";
    });
    const StepResult onSqlite = cmd.clusterOnly ? inChild(skipped) : inChild([&]() {
        return sqliteRollup(dbPath, (work / "segments.sqlite").string(), std::max(1, cmd.repeats));
    });
    cleanup();
    for (const StepResult* r : { &onStore, &onLocal, &onSqlite }) {
        if (!r->ok) {
            return fail("bench store: " + r->error);
        }
    }
    // The store's roll-up must be the engine's: the bench measures the same answer.
    auto checkOf = [](const std::string& json) {
        const size_t at = json.find("\"check\": \"");
        return at == std::string::npos ? std::string() : json.substr(at);
    };
    auto withoutCheck = [](const std::string& json) {
        const size_t at = json.find(", \"check\"");
        return at == std::string::npos ? json : json.substr(0, at);
    };
    const bool identical = !checkOf(onStore.json).empty() && checkOf(onStore.json) == checkOf(onLocal.json);
    auto field = [](const std::string& json, const std::string& key) {
        const size_t at = json.find("\"" + key + "\": ");
        return at == std::string::npos ? 0.0 : std::atof(json.c_str() + at + key.size() + 4);
    };
    const double storeRollupS = field(onStore.json, "rollup_by_team_s");
    const double localLoadS = field(onLocal.json, "load_s");
    const double localRollupS = field(onLocal.json, "rollup_by_team_s");
    const double sqliteS = field(onSqlite.json, "rollup_by_team_s");
    std::string out = "{\n  " + buildMembers() + ",\n  \"store\": \"" + (*store)->url().masked()
        + "\", \"shards\": " + std::to_string(shards->size()) + ", \"segments_asked\": " + std::to_string(cmd.segments)
        + ", \"repeats\": " + std::to_string(cmd.repeats) + ",\n  \"import_s\": " + number(importSeconds)
        + ",\n  \"push\": {" + push.json + ", \"peak_rss_mb\": " + number(push.peakRssMb, 1) + "},\n  \"cluster\": {"
        + withoutCheck(onStore.json) + ", \"peak_rss_mb\": " + number(onStore.peakRssMb, 1)
        + "},\n  \"local_engine\": {" + withoutCheck(onLocal.json) + ", \"peak_rss_mb\": "
        + number(onLocal.peakRssMb, 1) + "},\n  \"sqlite\": {" + onSqlite.json + "},\n  \"rollup_identical\": "
        + (cmd.clusterOnly  ? "null"
                : identical ? "true"
                            : "false")
        + ",\n  \"rollup_sqlite_over_cluster\": " + number(storeRollupS > 0 ? sqliteS / storeRollupS : 0, 2)
        + ",\n  \"rollup_local_load_and_query_over_cluster\": "
        + number(storeRollupS > 0 ? (localLoadS + localRollupS) / storeRollupS : 0, 2) + "\n}\n";
    print(out);
    return identical || cmd.clusterOnly ? kExitOk
                                        : fail("bench store: the cluster's roll-up differs from the engine's");
}

} // namespace ett::app
