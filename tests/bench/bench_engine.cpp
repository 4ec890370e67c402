// `ett_bench engine`: the engine's operations on a generated fleet, and the same roll-up as a
// SQLite GROUP BY over the same segment rows, in the same process (the SQLite baseline).
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/bench/ett_bench.h"
#include "tests/gpu/engine_bench.h"

namespace ett::bench {

namespace {

using Clock = std::chrono::steady_clock;

// Loads the engine's segments (with the job's team and the attempt's GPUs) into a bare SQLite
// table, then times the roll-up by team over [from, to) as one GROUP BY. Returns the median of
// `repeats` runs, or a negative value on failure (printed).
double sqliteGroupBySeconds(
    const gpu::Engine& engine, const gpu::EngineBenchResult& rollup, int repeats, const std::string& path)
{
    std::remove(path.c_str());
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        std::fprintf(stderr, "ett_bench: cannot open %s\n", path.c_str());
        return -1;
    }
    auto exec = [&](const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK; };
    exec("PRAGMA cache_size=-262144; PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;");
    exec("CREATE TABLE seg(team TEXT, bucket INTEGER, start_ns INTEGER, end_ns INTEGER, gpus INTEGER)");
    const auto& c = engine.columns();
    const auto& at = const_cast<gpu::Engine&>(engine).attribution();
    sqlite3_stmt* ins = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO seg VALUES(?,?,?,?,?)", -1, &ins, nullptr);
    exec("BEGIN");
    for (size_t a = 0; a < c.attempts(); ++a) {
        const auto job = static_cast<size_t>(c.attemptJob[a]);
        std::string team = "(none)";
        if (rollup.groupAttrKey >= 0) {
            const int32_t v = c.attr(job, static_cast<size_t>(rollup.groupAttrKey));
            if (v >= 0) {
                team = c.attrValues[static_cast<size_t>(rollup.groupAttrKey)][static_cast<size_t>(v)];
            }
        }
        for (auto s = at.attemptSegmentBegin[a]; s < at.attemptSegmentBegin[a + 1]; ++s) {
            const auto i = static_cast<size_t>(s);
            sqlite3_bind_text(ins, 1, team.c_str(), static_cast<int>(team.size()), SQLITE_TRANSIENT);
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

    // Clipped to the range like the engine's; the GPU-weighted sum in floating point (total()),
    // because SQLite's integer sum() overflows on GPU-nanoseconds.
    const std::string query = "SELECT team, bucket, sum(min(end_ns, ?2) - max(start_ns, ?1)), "
                              "total((min(end_ns, ?2) - max(start_ns, ?1)) * gpus) FROM seg "
                              "WHERE end_ns > ?1 AND start_ns < ?2 GROUP BY team, bucket";
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(db, query.c_str(), -1, &q, nullptr) != SQLITE_OK) {
        std::fprintf(stderr, "ett_bench: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    std::vector<double> runs;
    for (int r = 0; r < std::max(1, std::min(repeats, 3)); ++r) {
        sqlite3_reset(q);
        sqlite3_bind_int64(q, 1, rollup.fromNs);
        sqlite3_bind_int64(q, 2, rollup.toNs);
        const auto t0 = Clock::now();
        int groups = 0;
        while (sqlite3_step(q) == SQLITE_ROW) {
            ++groups;
        }
        runs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    std::remove(path.c_str());
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

} // namespace

int runBenchEngine(const BenchEngineOptions& options)
{
    gpu::EngineBenchOptions o;
    o.phases = options.phases;
    o.repeats = options.repeats;
    if (!options.backend.empty()) {
        o.backend = gpu::parseBackend(options.backend);
    }
    std::unique_ptr<gpu::Engine> engine;
    const auto results = gpu::runEngineBenchmark(
        o, [](const std::string& s) { std::fprintf(stderr, "%s\n", s.c_str()); }, &engine);
    namespace fs = std::filesystem;
    const fs::path dir = options.workDir.empty() ? fs::temp_directory_path() : fs::path(options.workDir);
    for (const auto& r : results) {
        std::string extra;
        if (r.op == "rollup") {
            std::fprintf(
                stderr, "the same roll-up in SQLite (loading %zu rows first) ...\n", engine->attribution().segments());
            const double sqliteSeconds = sqliteGroupBySeconds(
                *engine, r, options.repeats, (dir / ("ett-bench-engine-" + std::to_string(getpid()) + ".db")).string());
            if (sqliteSeconds >= 0) {
                char buf[128];
                std::snprintf(buf, sizeof buf, ",\"sqlite_group_by_seconds\":%.6f,\"speedup_vs_sqlite\":%.1f",
                    sqliteSeconds, r.seconds > 0 ? sqliteSeconds / r.seconds : 0.0);
                extra = buf;
            }
        }
        std::printf("%s\n", gpu::benchResultJson(r, extra).c_str());
    }
    return kExitOk;
}

} // namespace ett::bench
