// An import killed with SIGKILL (an OOM kill, a closed laptop lid, `kill -9`) leaves the store as it
// was before the import began, and the file then imports in full.
//
// A child process (ett_import_child) imports a generated native trace of about 160,000 records and
// is killed at moments spread over the whole import: opening, reading, attributing, committing.
// Every other child runs with a 256 KB page cache instead of the store's 32 MB, so that its one
// transaction writes pages into the database file before the commit, as imports larger than the
// cache do (the hard case for a rollback journal; in WAL mode, which the store uses, those pages
// go to the -wal file). After each kill the test opens the store as any later run would (SQLite
// rolls a hot journal back, or ignores the log's uncommitted frames), and checks that PRAGMA integrity_check says
// "ok", that every row of every table is as before (so the label imported earlier keeps its
// figures) and that importing the file again succeeds with the figures of an import that was
// never killed.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <signal.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "samples/synth/generator.h"
#include "tests/core/test_store.h"

extern char** environ;

namespace ett::core {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Kills per run. Each costs about one and a half imports of the large file (the killed one, half
// done on average, and the import again).
constexpr int kKills = 6;
constexpr int kDeterministicKills = 2;
// The large file: a 19 MB trace, a 7.5 MB store, about 0.3 s to import in a release build. Under
// AddressSanitizer (the asan preset's debug build, about 25 times slower) a sixth of it, so that
// the test stays within seconds; its store is still several times the small cache below.
#if defined(__SANITIZE_ADDRESS__)
#define ETT_KILL_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ETT_KILL_TEST_SANITIZED 1
#endif
#endif
#ifdef ETT_KILL_TEST_SANITIZED
constexpr int64_t kLargePhases = 22'000;
#else
constexpr int64_t kLargePhases = 130'000;
#endif
// The page cache of every other child, in KiB: 64 pages, far fewer than the import writes.
constexpr int kSmallCacheKib = 256;

// Writes a generated fleet as a native trace file, one job at a time.
void writeGeneratedTrace(const std::string& path, uint64_t seed, int64_t phases)
{
    GeneratorOptions options;
    options.seed = seed;
    options.targetPhases = phases;
    FleetGenerator generator(options);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << generatorHeaderLine(options) << '\n';
    GeneratedJob job;
    std::string text;
    while (generator.next(job)) {
        text.clear();
        appendJobLines(job, text);
        out << text;
    }
    ASSERT_TRUE(out.good()) << path;
}

// The child, started on a database, a file and a label (and a page cache size when > 0); its
// output goes to `log`.
pid_t startImport(
    const std::string& db, const std::string& file, const std::string& label, const std::string& log, int cacheKib = 0)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    std::vector<std::string> args { ETT_IMPORT_CHILD, db, file, label };
    if (cacheKib > 0) {
        args.push_back(std::to_string(cacheKib));
    }
    std::vector<char*> argv;
    for (std::string& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, ETT_IMPORT_CHILD, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_EQ(rc, 0) << "cannot start " << ETT_IMPORT_CHILD;
    return rc == 0 ? pid : -1;
}

// Waits until the child's log has a progress report of `stage` with at least `records` records
// (lines "progress STAGE RECORDS", see import_child.cpp). False after 60 s, or when the child's
// log says it finished.
bool waitForReport(const std::string& log, const std::string& stage, int64_t records)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream in(log);
        std::string word;
        std::string seen;
        long long n = 0;
        while (in >> word) {
            if (word == "imported") {
                return false;
            }
            if (word == "progress" && in >> seen >> n && seen == stage && n >= records) {
                return true;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

// Waits for the child; returns its wait status.
int waitFor(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            ADD_FAILURE() << "waitpid: " << std::strerror(errno);
            return -1;
        }
    }
    return status;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// One column value as text that keeps its SQLite type (1 and 1.0 and '1' differ).
std::string valueText(sqlite3_stmt* st, int col)
{
    switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL:
        return "NULL";
    case SQLITE_INTEGER:
        return "i" + std::to_string(sqlite3_column_int64(st, col));
    case SQLITE_FLOAT: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "f%.17g", sqlite3_column_double(st, col));
        return buf;
    }
    default: {
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(st, col));
        return "t" + std::string(bytes ? bytes : "", static_cast<size_t>(sqlite3_column_bytes(st, col)));
    }
    }
}

// The rows of one query, each as text, sorted: equal dumps hold the same rows in any order.
std::vector<std::string> queryRows(Database& db, const std::string& sql)
{
    std::vector<std::string> rows;
    auto st = db.prepare(sql);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    if (!st) {
        return rows;
    }
    auto done = st->forEachRow([&] {
        sqlite3_stmt* s = st->handle();
        std::string row;
        for (int c = 0; c < sqlite3_column_count(s); ++c) {
            row += valueText(s, c) + "|";
        }
        rows.push_back(std::move(row));
    });
    EXPECT_TRUE(done.ok()) << (done.ok() ? "" : done.error().message);
    std::sort(rows.begin(), rows.end());
    return rows;
}

// The schema and every row of every table.
std::vector<std::string> dumpStore(Database& db)
{
    std::vector<std::string> dump = queryRows(db, "SELECT type, name, tbl_name, sql FROM sqlite_master");
    for (const std::string& table : queryRows(db, "SELECT name FROM sqlite_master WHERE type = 'table'")) {
        const std::string name = table.substr(1, table.size() - 2); // "t<name>|"
        for (std::string& row : queryRows(db, "SELECT * FROM \"" + name + "\"")) {
            dump.push_back(name + ": " + row);
        }
    }
    return dump;
}

// The rows per table: what an import adds, independent of when it ran (a dataset row holds the
// time of its import).
std::vector<std::string> tableSizes(Database& db)
{
    std::vector<std::string> sizes;
    for (const std::string& table : queryRows(db, "SELECT name FROM sqlite_master WHERE type = 'table'")) {
        const std::string name = table.substr(1, table.size() - 2);
        auto n = db.queryInt("SELECT count(*) FROM \"" + name + "\"");
        sizes.push_back(name + " " + std::to_string(n.ok() ? n->value_or(-1) : -1));
    }
    return sizes;
}

// The figures of a label's jobs as the fleet query reads them: window, buckets, interruptions and
// each attempt's outcome and cause.
std::vector<std::string> figures(Database& db, const std::string& label)
{
    FleetQuery query;
    query.label = label;
    auto jobs = loadFleet(db, query);
    EXPECT_TRUE(jobs.ok()) << (jobs.ok() ? "" : jobs.error().message);
    std::vector<std::string> out;
    for (const FleetJob& job : jobs.ok() ? *jobs : std::vector<FleetJob> {}) {
        std::string line = job.key + " gpus " + std::to_string(job.gpus) + " window "
            + std::to_string(job.result.windowStartNs) + ".." + std::to_string(job.result.windowEndNs) + " buckets";
        for (const int64_t ns : job.result.bucketsNs) {
            line += " " + std::to_string(ns);
        }
        line += " failures " + std::to_string(job.result.failures) + " preemptions "
            + std::to_string(job.result.preemptions);
        for (size_t i = 0; i < job.result.attempts.size(); ++i) {
            line += " | " + std::to_string(static_cast<int>(job.result.attempts[i].outcome)) + " "
                + (i < job.attemptInfo.size() ? job.attemptInfo[i].cause : "");
        }
        out.push_back(std::move(line));
    }
    return out;
}

std::unique_ptr<Database> openStore(const std::string& path)
{
    auto db = Database::open(path, Database::OpenMode::MustExist);
    EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message);
    return db.ok() ? std::move(*db) : nullptr;
}

std::string integrity(Database& db)
{
    std::string out;
    for (const std::string& row : queryRows(db, "PRAGMA integrity_check")) {
        out += row;
    }
    return out;
}

TEST(KilledImport, LeavesTheStoreAsBeforeAndTheFileImportsAgain)
{
    test::Store store;
    // 1. A store with a label imported earlier, and what it holds.
    const std::string earlier = store.path("earlier.ett.jsonl");
    writeGeneratedTrace(earlier, 7, 3'000);
    store.import(earlier, "earlier");
    const std::vector<std::string> earlierDump = dumpStore(store.db());
    const std::vector<std::string> earlierFigures = figures(store.db(), "earlier");
    ASSERT_FALSE(earlierFigures.empty());

    // 2. The large file, imported once in a child that is not killed: the figures every import of
    //    it must give, and how long one takes here (the kills are spread over that time).
    const std::string large = store.path("large.ett.jsonl");
    writeGeneratedTrace(large, 11, kLargePhases);
    const std::string largeText = readText(large);
    const int64_t largeRecords = std::count(largeText.begin(), largeText.end(), '\n') - 1; // less the header
    const std::string reference = store.path("reference.db");
    // The store runs in WAL mode: fold the log into the file, so that a copy of the file is the
    // whole store.
    ASSERT_TRUE(store.db().exec("PRAGMA wal_checkpoint(TRUNCATE)").ok());
    fs::copy_file(store.dbPath(), reference);
    const auto started = Clock::now();
    const pid_t refPid = startImport(reference, large, "large", store.path("reference.log"));
    ASSERT_GT(refPid, 0);
    const int refStatus = waitFor(refPid);
    const auto importTime = Clock::now() - started;
    ASSERT_TRUE(WIFEXITED(refStatus) && WEXITSTATUS(refStatus) == 0) << readText(store.path("reference.log"));
    std::vector<std::string> largeFigures;
    std::vector<std::string> largeSizes;
    {
        auto db = openStore(reference);
        ASSERT_TRUE(db);
        largeFigures = figures(*db, "large");
        largeSizes = tableSizes(*db);
    }
    ASSERT_FALSE(largeFigures.empty());

    // 3. Kills at random moments, one in each sixth of the import's time. A failure names the
    //    kill, its delay, its cache and the seed.
    const uint64_t seed = std::random_device {}();
    std::mt19937_64 random(seed);
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(importTime).count();
    int insideTransaction = 0;
    int spilled = 0;
    int afterCommit = 0;
    // Then kDeterministicKills more, each once the child has reported reading half the records,
    // with the small cache: certainly inside the transaction, after pages were written, however
    // loaded the machine (a timed kill may miss the transaction).
    for (int k = 0; k < kKills + kDeterministicKills; ++k) {
        const bool onReport = k >= kKills;
        std::uniform_int_distribution<int64_t> in(micros * k / kKills, micros * (k + 1) / kKills);
        const int64_t delay = onReport ? 0 : in(random);
        const int cacheKib = onReport || k % 2 == 1 ? kSmallCacheKib : 0;
        SCOPED_TRACE("kill " + std::to_string(k)
            + (onReport ? " on the report of half the records read"
                        : " after " + std::to_string(delay) + " us of about " + std::to_string(micros))
            + (cacheKib ? ", small cache" : "") + " (seed " + std::to_string(seed) + ")");
        const std::string work = store.path("work.db");
        for (const char* side : { "-journal", "-wal", "-shm" }) {
            fs::remove(work + side);
        }
        fs::copy_file(store.dbPath(), work, fs::copy_options::overwrite_existing);
        const std::string log = store.path("work.log");
        const pid_t pid = startImport(work, large, "large", log, cacheKib);
        ASSERT_GT(pid, 0);
        if (onReport) {
            ASSERT_TRUE(waitForReport(log, "reading", largeRecords / 2)) << readText(log);
        } else {
            std::this_thread::sleep_for(std::chrono::microseconds(delay));
        }
        kill(pid, SIGKILL);
        const int status = waitFor(pid);
        const bool killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        // Finishing first is allowed (the last sixth ends with the exit); failing is not.
        ASSERT_TRUE(killed || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) << readText(log);
        // What the kill left: in WAL mode the transaction's pages go to the -wal file (the file
        // itself changes only at a checkpoint, after a commit); with a rollback journal a
        // -journal is left and pages may already be in the file.
        std::error_code ec;
        const auto walBytes = fs::exists(work + "-wal") ? fs::file_size(work + "-wal", ec) : 0;
        const bool journal = fs::exists(work + "-journal");
        const bool filePagesWritten = readText(work) != readText(store.dbPath());

        auto db = openStore(work);
        ASSERT_TRUE(db);
        EXPECT_EQ(integrity(*db), "tok|");
        // All or nothing: a kill after the commit (while the process exits) keeps the whole
        // import, any earlier kill none of it.
        auto labelId = findLabelId(*db, "large");
        ASSERT_TRUE(labelId.ok()) << labelId.error().message;
        const bool committed = labelId->has_value();
        afterCommit += killed && committed ? 1 : 0;
        if (killed && !committed && (journal || walBytes > 0)) {
            ++insideTransaction;
            spilled += filePagesWritten || walBytes > 0 ? 1 : 0;
        }
        if (!killed) {
            EXPECT_TRUE(committed) << "the child exited 0 without committing";
        }
        if (!committed) {
            EXPECT_EQ(dumpStore(*db), earlierDump) << "the killed import changed the store";
        }
        ImportOptions options;
        options.label = "large";
        auto again = importTraceFile(*db, large, options);
        ASSERT_TRUE(again.ok()) << again.error().message;
        EXPECT_EQ(again->alreadyImported, committed);
        EXPECT_EQ(integrity(*db), "tok|");
        EXPECT_EQ(figures(*db, "earlier"), earlierFigures);
        EXPECT_EQ(figures(*db, "large"), largeFigures);
        EXPECT_EQ(tableSizes(*db), largeSizes);
    }
    // Kills that all missed the transaction, or the pages written before the commit, would have
    // tested little.
    EXPECT_GE(insideTransaction, kDeterministicKills) << "kills inside the import's transaction";
    EXPECT_GE(spilled, kDeterministicKills) << "kills after pages were written into the database file or its log";
    RecordProperty("kills_inside_transaction", insideTransaction);
    RecordProperty("kills_after_pages_were_written", spilled);
    RecordProperty("kills_after_the_commit", afterCommit);
    std::printf(
        "[ kills ] %d of %d inside the transaction, %d of them after pages were written to the file or its log, %d "
        "after the commit; one import %lld ms\n",
        insideTransaction, kKills + kDeterministicKills, spilled, afterCommit, static_cast<long long>(micros / 1000));
}

} // namespace
} // namespace ett::core
