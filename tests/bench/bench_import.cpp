// `ett_bench import`: the import pipeline end to end (parse, validate, store, index, accounting)
// against the ceiling of a plain prepared-statement insert loop into a bare SQLite table (the
// SQLite baseline), in the same process.
#include "app/cli/json_writer.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "samples/synth/generator.h"
#include "tests/bench/ett_bench.h"

namespace ett::bench {

using namespace ett::core;
using app::JsonWriter;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// Peak resident set size of this process in MB since the last resetPeakRss() (Linux VmHWM).
double peakRssMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0) {
            return std::stod(line.substr(6)) / 1024.0;
        }
    }
    return 0.0;
}

// Resets the peak RSS counter so that the import is measured on its own (Linux >= 4.0).
bool resetPeakRss()
{
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    return static_cast<bool>(clear);
}

struct BareResult
{
    int64_t rows = 0;
    double seconds = 0;
};

// Inserts the same phase rows with one prepared single-row INSERT in one transaction into a bare
// table (no index, no constraint), timing only the SQLite calls. Rows are regenerated with the
// same seed, job by job, so that memory stays flat.
Result<BareResult> bareInsert(const std::string& path, const GeneratorOptions& options)
{
    std::remove(path.c_str());
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        return Error { "cannot open " + path };
    }
    auto exec = [&](const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK; };
    exec("PRAGMA cache_size=-32768; PRAGMA synchronous=NORMAL;"); // as the store
    exec("CREATE TABLE phases(attempt_id INTEGER, category INTEGER, subcategory TEXT, rank INTEGER, start_ns "
         "INTEGER, end_ns INTEGER, name TEXT)");
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO phases VALUES(?,?,?,?,?,?,?)", -1, &st, nullptr);
    BareResult result;
    FleetGenerator gen(options);
    GeneratedJob job;
    int64_t attemptBase = 0;
    Clock::duration spent {};
    auto t0 = Clock::now();
    exec("BEGIN");
    spent += Clock::now() - t0;
    bool ok = true;
    while (ok && gen.next(job)) {
        t0 = Clock::now();
        for (const auto& p : job.phases) {
            sqlite3_bind_int64(st, 1, attemptBase + p.attempt);
            sqlite3_bind_int(st, 2, static_cast<int>(p.category));
            p.subcategory.empty()
                ? sqlite3_bind_null(st, 3)
                : sqlite3_bind_text(st, 3, p.subcategory.data(), static_cast<int>(p.subcategory.size()), SQLITE_STATIC);
            p.rank < 0 ? sqlite3_bind_null(st, 4) : sqlite3_bind_int(st, 4, p.rank);
            sqlite3_bind_int64(st, 5, p.startNs);
            sqlite3_bind_int64(st, 6, p.endNs);
            p.name.empty() ? sqlite3_bind_null(st, 7)
                           : sqlite3_bind_text(st, 7, p.name.data(), static_cast<int>(p.name.size()), SQLITE_STATIC);
            ok = sqlite3_step(st) == SQLITE_DONE && ok;
            sqlite3_reset(st);
            ++result.rows;
        }
        spent += Clock::now() - t0;
        attemptBase += static_cast<int64_t>(job.attempts.size());
    }
    t0 = Clock::now();
    ok = exec("COMMIT") && ok;
    spent += Clock::now() - t0;
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (!ok) {
        return Error { "bare insert into " + path + " failed" };
    }
    result.seconds = std::chrono::duration<double>(spent).count();
    return result;
}

// Writes the generated fleet as an ETT trace file.
Status writeTrace(const std::string& trace, const GeneratorOptions& gen)
{
    std::FILE* out = std::fopen(trace.c_str(), "wb");
    if (!out) {
        return Error { "cannot write " + trace };
    }
    std::string buffer = generatorHeaderLine(gen) + "\n";
    FleetGenerator g(gen);
    GeneratedJob job;
    while (g.next(job)) {
        appendJobLines(job, buffer);
        if (buffer.size() > (8u << 20)) {
            std::fwrite(buffer.data(), 1, buffer.size(), out);
            buffer.clear();
        }
    }
    std::fwrite(buffer.data(), 1, buffer.size(), out);
    if (std::fclose(out) != 0) {
        return Error { "cannot write " + trace + " (disk full?)" };
    }
    return Status::success();
}

} // namespace

int runBenchImport(const BenchImportOptions& options)
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(options.workDir.empty() ? fs::temp_directory_path().string() : options.workDir)
        / ("ett-bench-" + std::to_string(getpid()));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "ett_bench: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
        return kExitUserError;
    }
    const std::string trace = (dir / "bench.ett.jsonl").string();
    const std::string dbPath = (dir / "bench.db").string();
    const std::string barePath = (dir / "bare.db").string();
    auto cleanup = [&] {
        if (!options.keep) {
            fs::remove_all(dir, ec);
        }
    };

    // 1. Generate the trace (not timed as import).
    GeneratorOptions gen;
    gen.seed = 42;
    gen.targetPhases = options.records;
    std::fprintf(
        stderr, "generating %lld phase records into %s ...\n", static_cast<long long>(options.records), trace.c_str());
    auto genStart = Clock::now();
    if (auto written = writeTrace(trace, gen); !written) {
        std::fprintf(stderr, "ett_bench: %s\n", written.error().message.c_str());
        cleanup();
        return kExitUserError;
    }
    const double genSeconds = secondsSince(genStart);
    const auto fileBytes = static_cast<int64_t>(fs::file_size(trace, ec));

    // 2. Import end to end into a fresh database.
    std::fprintf(stderr, "importing ...\n");
    const bool peakReset = resetPeakRss();
    const double rssBefore = peakRssMb();
    auto importStart = Clock::now();
    double importSeconds = 0;
    ImportSummary summary;
    {
        fs::remove(dbPath, ec);
        auto db = Database::open(dbPath, Database::OpenMode::CreateIfMissing);
        if (!db) {
            std::fprintf(stderr, "ett_bench: %s\n", db.error().message.c_str());
            cleanup();
            return kExitUserError;
        }
        auto r = importTraceFile(**db, trace, ImportOptions {});
        if (!r) {
            std::fprintf(stderr, "ett_bench: %s\n", r.error().message.c_str());
            cleanup();
            return kExitUserError;
        }
        summary = std::move(*r);
        importSeconds = secondsSince(importStart);
    }
    const double peakMb = peakRssMb();

    // 3. The bare insert loop over the same phase rows.
    std::fprintf(stderr, "bare insert loop ...\n");
    auto bare = bareInsert(barePath, gen);
    if (!bare) {
        std::fprintf(stderr, "ett_bench: %s\n", bare.error().message.c_str());
        cleanup();
        return kExitUserError;
    }

    const double recordsPerS = static_cast<double>(summary.records) / importSeconds;
    const double bareRowsPerS = static_cast<double>(bare->rows) / bare->seconds;
    JsonWriter j;
    j.beginObject();
    j.key("records").number(summary.records);
    j.key("phases").number(summary.phases);
    j.key("jobs").number(summary.jobsTouched);
    j.key("file_mb").number(static_cast<double>(fileBytes) / 1e6, 1);
    j.key("seconds").number(importSeconds, 3);
    j.key("records_per_s").number(recordsPerS, 0);
    j.key("bare_insert_records_per_s").number(bareRowsPerS, 0);
    j.key("bare_insert_rows").number(bare->rows);
    j.key("bare_insert_seconds").number(bare->seconds, 3);
    j.key("ratio").number(recordsPerS / bareRowsPerS, 3);
    j.key("peak_rss_mb").number(peakMb, 1);
    j.key("rss_before_import_mb").number(rssBefore, 1);
    j.key("peak_rss_measured_for_import_only").boolean(peakReset);
    j.key("generate_seconds").number(genSeconds, 3);
    j.key("stage_seconds").beginObject();
    j.key("parse_validate_store").number(summary.storeSeconds, 3);
    j.key("attribute").number(summary.attributeSeconds, 3);
    j.key("commit").number(summary.commitSeconds, 3);
    j.key("parse_thread_busy").number(summary.parseSeconds, 3);
    j.key("store_thread_waiting").number(summary.waitSeconds, 3);
    j.endObject();
    j.endObject();
    std::fputs(j.str().c_str(), stdout);
    cleanup();
    return kExitOk;
}

} // namespace ett::bench
