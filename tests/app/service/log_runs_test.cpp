// Console logs imported together: a rerun after a completed run is a new job of the same name, a
// run after an interrupted one is the next attempt, attempts are numbered from 0 in time order
// (core/ingest/log_runs.h), for every front end through importFiles.
#include "app/service/file_removal.h"
#include "app/service/file_watch.h"
#include "app/service/import_files.h"
#include "app/service/log_chains.h"
#include "app/service/workspace.h"
#include "core/ingest/log_runs.h"
#include "core/store/fleet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "tests/app/titan_logs.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kS = 1'000'000'000;

// The jobs of run1-cfg-a (failed), run2-retry-cfg-a (its retry, completed) and run3-cfg-a-rerun (a
// rerun after it), however they arrive: the retry is attempt 1 of the first run's job.
const std::map<std::string, std::string> kRetryChained { { "run1-cfg-a",
                                                             "cfg-a 0:failed 1:completed e2e 330000000000" },
    { "run3-cfg-a-rerun", "cfg-a 0:completed e2e 30000000000" } };

using test::completedRun;
using test::oomRun;

// What a job is, for comparing two front ends' databases.
std::map<std::string, std::string> jobShapes(const std::map<std::string, core::FleetJob>& jobs)
{
    std::map<std::string, std::string> out;
    for (const auto& [key, j] : jobs) {
        std::string shape = j.name;
        for (const auto& a : j.result.attempts) {
            shape += " " + std::to_string(a.number) + ":" + std::string(core::outcomeName(a.outcome));
        }
        shape += " e2e " + std::to_string(j.result.e2eNs());
        out[key] = shape;
    }
    return out;
}

class LogRunsTest : public ::testing::Test
{
protected:
    // runs/<run>/run.log, as torchtitan writes them.
    std::string writeRun(const std::string& run, const std::string& text)
    {
        fs::create_directories(m_dir.path("runs/" + run));
        return m_dir.write("runs/" + run + "/run.log", text);
    }
    std::unique_ptr<Workspace> workspace()
    {
        auto ws = Workspace::open(m_dir.path("w.db"), Workspace::Mode::CreateIfMissing);
        EXPECT_TRUE(ws.ok()) << (ws.ok() ? "" : ws.error().message);
        return ws.ok() ? std::move(*ws) : nullptr;
    }
    // A watcher of the runs folder (as `ettw watch runs/`), over `db`.
    std::unique_ptr<FileWatch> watchRuns(core::Database& db)
    {
        WatchOptions o;
        o.paths = { m_dir.path("runs") };
        o.polling = true;
        auto made = FileWatch::create(db, o);
        EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.error().message);
        return made.ok() ? std::move(*made) : nullptr;
    }
    // One pass of `watch`: each event's kind by its run's folder (none may fail).
    static std::map<std::string, WatchEvent::Kind> kindsByRun(FileWatch& watch)
    {
        std::map<std::string, WatchEvent::Kind> kinds;
        for (const WatchEvent& e : watch.scan(0)) {
            kinds[fs::path(e.path).parent_path().filename().string()] = e.kind;
            EXPECT_TRUE(e.error.message.empty()) << e.path << ": " << e.error.message;
        }
        return kinds;
    }
    // What one import of `folder` stores (w.db), as jobShapes.
    std::map<std::string, std::string> importedWhole(const fs::path& folder)
    {
        auto ws = workspace();
        if (!ws) {
            return {};
        }
        ImportRequest r;
        r.files = { folder.string() };
        EXPECT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
        return jobShapes(jobsByKey(*ws));
    }
    std::map<std::string, core::FleetJob> jobsByKey(Workspace& ws) { return jobsByKey(ws.store()); }
    std::map<std::string, core::FleetJob> jobsByKey(core::Database& db)
    {
        auto jobs = core::loadFleet(db, core::FleetQuery {});
        EXPECT_TRUE(jobs.ok());
        std::map<std::string, core::FleetJob> out;
        for (auto& j : jobs.ok() ? *jobs : std::vector<core::FleetJob> {}) {
            out.emplace(j.key, std::move(j));
        }
        return out;
    }

    core::test::TempDir m_dir;
};

// Removing a run's log chains the other runs of its configuration as an import that never had it
// would: the first run removed, its retries become attempts 0 and 1 of a job keyed by the first of
// them (both read again); the middle one removed, the last becomes attempt 1 (read again alone).
TEST_F(LogRunsTest, RemovingALogChainsTheOtherRunsAsAnImportWithoutItWould)
{
    const std::string run1 = writeRun("run1-cfg-a", oomRun("10:00"));
    const std::string run2 = writeRun("run2-retry-cfg-a", oomRun("10:05"));
    const std::string run3 = writeRun("run3-retry2-cfg-a", completedRun("10:10"));
    for (const auto& [removed, readAgain] : { std::pair { run1, 2u }, std::pair { run2, 1u } }) {
        SCOPED_TRACE(removed);
        std::map<std::string, std::string> shapes;
        {
            auto opened = Workspace::open(m_dir.path("r.db"), Workspace::Mode::CreateIfMissing);
            ASSERT_TRUE(opened.ok());
            Workspace& ws = **opened;
            ImportRequest r;
            r.files = { m_dir.path("runs") };
            ASSERT_EQ(importFiles(ws, r, {}, nullptr).failed(), 0);
            ASSERT_EQ(jobsByKey(ws).at("run1-cfg-a").result.attempts.size(), 3u);
            auto removal = removeFile(ws, "", removed, core::ReaderOptions {});
            ASSERT_TRUE(removal.ok()) << removal.error().message;
            EXPECT_EQ(removal->removed.attempts, 1);
            EXPECT_EQ(removal->readAgain.failed(), 0);
            EXPECT_EQ(removal->readAgain.files.size(), readAgain);
            EXPECT_TRUE(removal->undeclaredJobs.empty());
            shapes = jobShapes(jobsByKey(ws));
        }
        // What an import of the two runs left stores.
        const fs::path folder = fs::path(removed).parent_path();
        fs::rename(folder, m_dir.path("aside"));
        EXPECT_EQ(shapes, importedWhole(m_dir.path("runs")));
        fs::rename(m_dir.path("aside"), folder);
        fs::remove(m_dir.path("r.db"));
        fs::remove(m_dir.path("w.db"));
    }
}

// A log that would be read again but is no longer there as imported: its configuration's runs keep
// their attempts and the removal says so; the job the removed first run declared is declared again
// by another of its logs, read again as it is.
TEST_F(LogRunsTest, RemovingALogWhoseConfigurationCannotBeChainedAgainSaysWhichLogStopsIt)
{
    const std::string run1 = writeRun("run1-cfg-a", oomRun("10:00"));
    const std::string run2 = writeRun("run2-retry-cfg-a", oomRun("10:05"));
    const std::string run3 = writeRun("run3-retry2-cfg-a", completedRun("10:10"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest r;
    r.files = { m_dir.path("runs") };
    ASSERT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
    fs::remove(run3);
    auto removal = removeFile(*ws, "default", run1, core::ReaderOptions {});
    ASSERT_TRUE(removal.ok()) << removal.error().message;
    ASSERT_EQ(removal->unchained.size(), 1u);
    EXPECT_EQ(removal->unchained[0], run3 + " (stored as attempt 2 of job run1-cfg-a)");
    ASSERT_EQ(removal->readAgain.files.size(), 1u);
    EXPECT_EQ(removal->readAgain.files[0].path, run2);
    EXPECT_NE(removal->readAgain.files[0].readAgain.find("declares job run1-cfg-a again"), std::string::npos);
    EXPECT_TRUE(removal->undeclaredJobs.empty());
    const auto jobs = jobsByKey(*ws);
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobShapes(jobs).at("run1-cfg-a"), "cfg-a 1:failed 2:completed e2e 330000000000");
}

TEST_F(LogRunsTest, ARerunAfterACompletedRunIsANewJobOfTheSameName)
{
    // cfg-a: run1 fails, run2 (its retry) completes, run3 reruns the finished configuration.
    // Given out of order, as a shell's glob sorts run10 before run2.
    const std::string run1 = writeRun("run1-cfg-a", oomRun("10:00"));
    const std::string run2 = writeRun("run2-retry-cfg-a", completedRun("10:05"));
    const std::string run3 = writeRun("run3-cfg-a-rerun", completedRun("10:20"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest r;
    r.files = { run3, run1, run2 };
    std::vector<std::string> stages;
    const ImportReport report = importFiles(
        *ws, r, [&](const ImportProgressInfo& p) { stages.push_back(p.stage); }, nullptr);
    ASSERT_EQ(report.failed(), 0) << report.files[0].error.message << report.files[1].error.message;
    EXPECT_NE(std::find(stages.begin(), stages.end(), "identifying runs"), stages.end());

    const auto jobs = jobsByKey(*ws);
    ASSERT_EQ(jobs.size(), 2u);
    // The first job: keyed by its first run, named by the configuration, attempts 0 and 1.
    ASSERT_TRUE(jobs.contains("run1-cfg-a"));
    const core::FleetJob& first = jobs.at("run1-cfg-a");
    EXPECT_EQ(first.name, "cfg-a");
    ASSERT_EQ(first.result.attempts.size(), 2u);
    EXPECT_EQ(first.result.attempts[0].number, 0);
    EXPECT_EQ(first.result.attempts[0].outcome, core::Outcome::Failed);
    EXPECT_EQ(first.result.attempts[1].number, 1);
    EXPECT_EQ(first.result.attempts[1].outcome, core::Outcome::Completed);
    // Its recovery: from the fault (10:00:20) to the retry's start (10:05:00), one Time to Recover.
    EXPECT_EQ(first.result.bucketsNs[static_cast<size_t>(core::Bucket::Recovery)], 280 * kS);
    EXPECT_TRUE(first.result.attempts[0].ttrNs.has_value());
    // The rerun: a job of its own of the same name; the 14 min 30 s before it are nobody's recovery.
    ASSERT_TRUE(jobs.contains("run3-cfg-a-rerun"));
    const core::FleetJob& rerun = jobs.at("run3-cfg-a-rerun");
    EXPECT_EQ(rerun.name, "cfg-a");
    ASSERT_EQ(rerun.result.attempts.size(), 1u);
    EXPECT_EQ(rerun.result.attempts[0].number, 0);
    EXPECT_EQ(rerun.result.bucketsNs[static_cast<size_t>(core::Bucket::Recovery)], 0);
    EXPECT_EQ(rerun.result.e2eNs(), 30 * kS);
}

TEST_F(LogRunsTest, AGivenJobKeepsEveryRunAsItsAttemptsInTimeOrder)
{
    const std::string late = writeRun("run9-x", completedRun("11:00"));
    const std::string early = writeRun("run4-y", completedRun("10:00"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest r;
    r.files = { late, early };
    r.reader.job = "mine";
    ASSERT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
    const auto jobs = jobsByKey(*ws);
    ASSERT_EQ(jobs.size(), 1u);
    const core::FleetJob& j = jobs.at("mine");
    ASSERT_EQ(j.result.attempts.size(), 2u);
    EXPECT_EQ(j.result.attempts[0].number, 0);
    EXPECT_EQ(j.result.attempts[1].number, 1);
    EXPECT_EQ(j.result.attempts[1].startNs - j.result.attempts[0].startNs, 3600 * kS); // 10:00, then 11:00
}

TEST(LogRunChains, SplitAfterCompletedRunsAndNumberFromZero)
{
    using core::LogRun;
    using core::Outcome;
    const std::vector<LogRun> runs = {
        { "run7-b", "b", 7, 700, Outcome::Completed },
        { "run1-a", "a", 1, 100, Outcome::Failed },
        { "run2-a", "a", 2, 200, Outcome::Failed },
        { "run3-a", "a", 3, 300, Outcome::Completed },
        { "run4-a", "a", 4, 400, Outcome::Completed },
        { "run5-a", "a", 5, 500, Outcome::Failed },
        { "run6-a", "a", 6, 600, Outcome::Running },
        { "run8-b", "b", 8, 800, Outcome::Cancelled },
        { "run9-b", "b", 9, 900, Outcome::Failed },
    };
    const auto ids = core::chainLogRuns(runs, false, false);
    ASSERT_EQ(ids.size(), runs.size());
    const auto expect = [&](size_t i, const std::string& job, int32_t attempt) {
        EXPECT_EQ(ids[i].job, job) << runs[i].run;
        EXPECT_EQ(ids[i].attempt, attempt) << runs[i].run;
        EXPECT_EQ(ids[i].name, runs[i].config) << runs[i].run;
    };
    expect(1, "run1-a", 0);
    expect(2, "run1-a", 1);
    expect(3, "run1-a", 2); // completes the chain
    expect(4, "run4-a", 0); // a rerun of a finished configuration
    expect(5, "run5-a", 0);
    expect(6, "run5-a", 1); // after a failure
    expect(0, "run7-b", 0);
    expect(7, "run8-b", 0); // after a completed run
    expect(8, "run9-b", 0); // a cancelled run ends its job too

    // With --job, one job in time order; with --attempt too, the attempts as given.
    const auto given = core::chainLogRuns(runs, true, false);
    EXPECT_EQ(given[1].job, "a");
    EXPECT_EQ(given[4].attempt, 3);
    EXPECT_TRUE(given[4].name.empty());
    EXPECT_EQ(core::chainLogRuns(runs, true, true)[4].attempt, 4);
    // Two runs of one name (two folders' run.log of one configuration) get distinct keys.
    const auto twins = core::chainLogRuns(
        { { "r", "c", 0, 1, Outcome::Completed }, { "r", "c", 0, 2, Outcome::Completed } }, false, false);
    EXPECT_EQ(twins[0].job, "r");
    EXPECT_EQ(twins[1].job, "r#2");
}

// The torchtitan sweep, every log in one import: no job runs on after a completed attempt, attempts
// count from 0, every job is named by its configuration, and recovery time belongs to recoveries.
TEST_F(LogRunsTest, TheTorchtitanSweepSplitsIntoJobsThatEndWhenARunCompletes)
{
    const fs::path runs = fs::path(ETT_SHARED_DATA_DIR) / "torchtitan-logs" / "runs";
    if (!fs::is_directory(runs)) {
        GTEST_SKIP() << "no shared data at " << runs;
    }
    ImportRequest r;
    for (const auto& entry : fs::directory_iterator(runs)) {
        r.files.push_back((entry.path() / "run.log").string());
    }
    std::sort(r.files.begin(), r.files.end()); // run1, run10, run100, ...: not time order
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ASSERT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
    const auto jobs = jobsByKey(*ws);
    size_t attempts = 0;
    std::set<std::string> names;
    for (const auto& [key, j] : jobs) {
        names.insert(j.name);
        EXPECT_FALSE(j.name.empty()) << key;
        for (size_t a = 0; a < j.result.attempts.size(); ++a) {
            const auto& at = j.result.attempts[a];
            EXPECT_EQ(at.number, static_cast<int32_t>(a)) << key;
            if (a + 1 < j.result.attempts.size()) {
                EXPECT_NE(at.outcome, core::Outcome::Completed) << key << " runs on after a completed attempt";
            }
        }
        attempts += j.result.attempts.size();
        // Recovery belongs to interruptions: a job without one has none (the gap before a rerun of
        // a finished run was counted as recovery).
        if (j.result.failures + j.result.preemptions + j.result.otherInterruptions == 0) {
            EXPECT_EQ(j.result.bucketsNs[static_cast<size_t>(core::Bucket::Recovery)], 0) << key;
        }
    }
    EXPECT_EQ(attempts, r.files.size());
    EXPECT_EQ(names.size(), 101u); // the configurations
    EXPECT_GT(jobs.size(), names.size()); // reruns of finished configurations are jobs of their own
}

// The watcher chains the logs it watches as `ettw import` chains the logs it is given: the same jobs,
// names and attempts (it took each log's job from the rules' name pattern alone: a rerun of a
// finished configuration became the next attempt of the finished job, and a run's number was lost
// from its job's key).
TEST_F(LogRunsTest, TheWatcherChainsTheTorchtitanSweepAsImportDoes)
{
    const fs::path runs = fs::path(ETT_SHARED_DATA_DIR) / "torchtitan-logs" / "runs";
    if (!fs::is_directory(runs)) {
        GTEST_SKIP() << "no shared data at " << runs;
    }
    const auto expected = importedWhole(runs);

    auto db = core::Database::open(m_dir.path("watched.db"), core::Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(db.ok()) << db.error().message;
    WatchOptions o;
    o.paths = { runs.string() };
    o.polling = true;
    auto watch = FileWatch::create(**db, o);
    ASSERT_TRUE(watch.ok()) << watch.error().message;
    for (const WatchEvent& e : (*watch)->scan(0)) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
    }
    EXPECT_GT(expected.size(), 101u);
    EXPECT_EQ(jobShapes(jobsByKey(**db)), expected);
}

// A run found after the runs that followed it (an earlier log copied in late) changes their
// chain: the watched logs it changes are read again, and the database holds what an import of all
// of them holds. A run that follows the ones stored changes nothing stored.
TEST_F(LogRunsTest, TheWatcherReadsAgainTheLogsALateRunChains)
{
    writeRun("run2-retry-cfg-a", completedRun("10:05"));
    writeRun("run3-cfg-a-rerun", completedRun("10:20"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    const auto made = watchRuns(ws->store());
    ASSERT_TRUE(made);
    FileWatch& watch = *made;
    auto events = watch.scan(0);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(jobShapes(jobsByKey(*ws)).size(), 2u); // each completed run is a job of its own

    // The failed first run appears: the retry becomes its attempt 1 (read again); the rerun, after
    // a completed run either way, is not read again.
    writeRun("run1-cfg-a", oomRun("10:00"));
    events = watch.scan(0);
    std::map<std::string, WatchEvent::Kind> kinds;
    for (const WatchEvent& e : events) {
        const std::string run = fs::path(e.path).parent_path().filename().string();
        kinds[run] = e.kind;
        EXPECT_TRUE(e.error.message.empty()) << e.path << ": " << e.error.message;
        // Why a file that did not change was read again.
        EXPECT_EQ(e.note,
            run == "run2-retry-cfg-a" ? "its run is now attempt 1 of job run1-cfg-a (the runs of its configuration "
                                        "found so far, chained in time order)"
                                      : "");
    }
    EXPECT_EQ(kinds,
        (std::map<std::string, WatchEvent::Kind> {
            { "run1-cfg-a", WatchEvent::Kind::Imported }, { "run2-retry-cfg-a", WatchEvent::Kind::Replaced } }));
    const auto jobs = jobsByKey(*ws);
    EXPECT_EQ(jobShapes(jobs), kRetryChained);

    // A pass without a change reads nothing; the next failed run starts a job of its own and
    // changes nothing stored.
    EXPECT_TRUE(watch.scan(0).empty());
    writeRun("run4-cfg-a", oomRun("11:00"));
    events = watch.scan(0);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Imported) << events[0].error.message;
    EXPECT_EQ(jobsByKey(*ws).size(), 3u);
}

// Whatever order the runs arrive in, a few at a time between passes, the watcher ends with what an
// import of all of them stores: the torchtitan sweep copied in five random batches (two seeds).
TEST_F(LogRunsTest, TheWatcherEndsAsImportDoesWhateverOrderTheRunsArriveIn)
{
    const fs::path sweep = fs::path(ETT_SHARED_DATA_DIR) / "torchtitan-logs" / "runs";
    if (!fs::is_directory(sweep)) {
        GTEST_SKIP() << "no shared data at " << sweep;
    }
    std::vector<fs::path> all;
    for (const auto& entry : fs::directory_iterator(sweep)) {
        all.push_back(entry.path());
    }
    std::sort(all.begin(), all.end());
    const auto expected = importedWhole(sweep);

    for (const unsigned seed : { 1u, 2u }) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        fs::remove_all(m_dir.path("runs"));
        fs::create_directories(m_dir.path("runs"));
        const std::string dbPath = m_dir.path("order-" + std::to_string(seed) + ".db");
        auto db = core::Database::open(dbPath, core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        const auto watch = watchRuns(**db);
        ASSERT_TRUE(watch);
        std::vector<fs::path> order = all;
        std::shuffle(order.begin(), order.end(), std::mt19937(seed));
        for (size_t batch = 0; batch < 5; ++batch) {
            for (size_t i = batch * order.size() / 5; i < (batch + 1) * order.size() / 5; ++i) {
                fs::create_directories(m_dir.path("runs/" + order[i].filename().string()));
                fs::copy_file(order[i] / "run.log", m_dir.path("runs/" + order[i].filename().string() + "/run.log"));
            }
            for (const WatchEvent& e : watch->scan(0)) {
                EXPECT_NE(e.kind, WatchEvent::Kind::Failed) << e.path << ": " << e.error.message;
            }
        }
        EXPECT_EQ(jobShapes(jobsByKey(**db)), expected);
    }
}

// A watcher started again (or `ettw watch --once` run again) finds a log stored as another run than
// its chain now makes it (the earlier run was copied in while no watcher ran): it is read again, as
// a running watcher reads it (its content was stored already, and it was left as it was).
TEST_F(LogRunsTest, AWatcherStartedAgainReadsAgainTheLogsWhoseChainChanged)
{
    writeRun("run2-retry-cfg-a", completedRun("10:05"));
    writeRun("run3-cfg-a-rerun", completedRun("10:20"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    {
        const auto first = watchRuns(ws->store());
        ASSERT_TRUE(first);
        ASSERT_EQ(first->scan(0).size(), 2u);
    }
    writeRun("run1-cfg-a", oomRun("10:00"));
    const auto again = watchRuns(ws->store());
    ASSERT_TRUE(again);
    EXPECT_EQ(kindsByRun(*again),
        (std::map<std::string, WatchEvent::Kind> { { "run1-cfg-a", WatchEvent::Kind::Imported },
            { "run2-retry-cfg-a", WatchEvent::Kind::Replaced }, { "run3-cfg-a-rerun", WatchEvent::Kind::Unchanged } }));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)), kRetryChained);
    // Started once more, nothing is read again.
    const auto third = watchRuns(ws->store());
    ASSERT_TRUE(third);
    for (const WatchEvent& e : third->scan(0)) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Unchanged) << e.path;
    }
}

// `ettw import` of one log at a time (a cron importing each run as it ends, or in any order) stores
// what one import of all of them stores: each import chains its logs with the runs the label stores,
// and reads again the stored logs whose job or attempt a late run changes (they were jobs of their
// own, or attempts of the wrong job: 123 jobs instead of 114 for the torchtitan sweep). The sweep
// given again as a folder changes nothing.
TEST_F(LogRunsTest, ImportsOfOneLogAtATimeStoreWhatOneImportOfAllStores)
{
    const fs::path sweep = fs::path(ETT_SHARED_DATA_DIR) / "torchtitan-logs" / "runs";
    if (!fs::is_directory(sweep)) {
        GTEST_SKIP() << "no shared data at " << sweep;
    }
    const auto expected = importedWhole(sweep);
    ASSERT_EQ(expected.size(), 114u);

    std::vector<std::string> logs;
    for (const auto& entry : fs::directory_iterator(sweep)) {
        logs.push_back((entry.path() / "run.log").string());
    }
    std::sort(logs.begin(), logs.end());
    for (const unsigned seed : { 1u, 2u }) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        auto ws = Workspace::open(m_dir.path("one-" + std::to_string(seed) + ".db"), Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        std::vector<std::string> order = logs;
        std::shuffle(order.begin(), order.end(), std::mt19937(seed));
        int readAgain = 0;
        for (const std::string& log : order) {
            ImportRequest one;
            one.files = { log };
            const ImportReport report = importFiles(**ws, one, {}, nullptr);
            for (const ImportedFile& f : report.files) {
                ASSERT_EQ(f.outcome, ImportedFile::Outcome::Stored) << f.path << ": " << f.error.message;
                readAgain += f.readAgain.empty() ? 0 : 1;
            }
            EXPECT_TRUE(report.notes.empty()) << report.notes.front();
        }
        EXPECT_GT(readAgain, 0);
        EXPECT_EQ(jobShapes(jobsByKey(**ws)), expected);
        ImportRequest all;
        all.files = { sweep.string() };
        const ImportReport again = importFiles(**ws, all, {}, nullptr);
        for (const ImportedFile& f : again.files) {
            EXPECT_EQ(f.outcome, ImportedFile::Outcome::AlreadyImported) << f.path << ": " << f.error.message;
        }
    }
}

// A failed first run imported after its retry and a rerun: the retry, stored as a job of its own, is
// read again as the first run's attempt 1 and says why; the rerun (after a completed run either way)
// is left as it is.
TEST_F(LogRunsTest, ALateFirstRunReadsAgainTheStoredRetry)
{
    const std::string run2 = writeRun("run2-retry-cfg-a", completedRun("10:05"));
    const std::string run3 = writeRun("run3-cfg-a-rerun", completedRun("10:20"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    for (const std::string& log : { run2, run3 }) {
        ImportRequest r;
        r.files = { log };
        ASSERT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
    }
    ASSERT_EQ(jobsByKey(*ws).size(), 2u);

    ImportRequest late;
    late.files = { writeRun("run1-cfg-a", oomRun("10:00")) };
    const ImportReport report = importFiles(*ws, late, {}, nullptr);
    ASSERT_EQ(report.files.size(), 2u);
    // The retry first (it frees nothing here, but a stored log always goes before the new ones).
    EXPECT_EQ(report.files[0].path, run2);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::Stored) << report.files[0].error.message;
    EXPECT_EQ(report.files[0].readAgain,
        "its run is now attempt 1 of job run1-cfg-a (the runs of its configuration found so far, chained in time "
        "order)");
    EXPECT_EQ(report.files[0].summary.datasetsReplaced, 1);
    EXPECT_EQ(report.files[1].path, late.files[0]);
    EXPECT_EQ(report.files[1].outcome, ImportedFile::Outcome::Stored) << report.files[1].error.message;
    EXPECT_TRUE(report.files[1].readAgain.empty());
    EXPECT_EQ(jobShapes(jobsByKey(*ws)), kRetryChained);
    // The recovery between them is now counted, as an import of the three together counts it.
    EXPECT_EQ(jobsByKey(*ws).at("run1-cfg-a").result.bucketsNs[static_cast<size_t>(core::Bucket::Recovery)], 280 * kS);
}

// Logs imported under another spelling of their paths (here through a link to the folder; a relative
// path is the same case) are the watched logs: the watcher takes them over, and a late first run
// it reads has the stored retry read again in place of what it stored (not as another job beside
// it); the next pass reads nothing.
TEST_F(LogRunsTest, TheWatcherReadsAgainALogStoredUnderAnotherSpellingOfItsPath)
{
    writeRun("run2-retry-cfg-a", completedRun("10:05"));
    writeRun("run3-cfg-a-rerun", completedRun("10:20"));
    const fs::path link = m_dir.path("link");
    fs::create_directory_symlink(m_dir.path("runs"), link);
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest before;
    before.files = { link.string() };
    ASSERT_EQ(importFiles(*ws, before, {}, nullptr).failed(), 0);
    ASSERT_EQ(jobsByKey(*ws).size(), 2u);

    writeRun("run1-cfg-a", oomRun("10:00"));
    const auto watch = watchRuns(ws->store());
    ASSERT_TRUE(watch);
    EXPECT_EQ(kindsByRun(*watch),
        (std::map<std::string, WatchEvent::Kind> { { "run1-cfg-a", WatchEvent::Kind::Imported },
            { "run2-retry-cfg-a", WatchEvent::Kind::Replaced }, { "run3-cfg-a-rerun", WatchEvent::Kind::Moved } }));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)), kRetryChained);
    // Each log is stored once, under the watched path.
    auto sources = ws->store().prepare("SELECT source_path FROM datasets ORDER BY source_path");
    ASSERT_TRUE(sources.ok());
    std::vector<std::string> paths;
    ASSERT_TRUE(sources->forEachRow([&] { paths.push_back(sources->columnText(0)); }).ok());
    EXPECT_EQ(paths,
        (std::vector<std::string> { m_dir.path("runs/run1-cfg-a/run.log"), m_dir.path("runs/run2-retry-cfg-a/run.log"),
            m_dir.path("runs/run3-cfg-a-rerun/run.log") }));
    EXPECT_TRUE(watch->scan(0).empty());
}

// Runs that push stored attempts up: each stored log is read again as its next attempt, the last
// first (each frees the number the one before it takes), whether the stored logs are given again
// (the folder imported again) or not.
TEST_F(LogRunsTest, ALateRunMovesEveryLaterStoredAttemptUp)
{
    for (const bool folder : { false, true }) {
        SCOPED_TRACE(folder ? "the folder imported again" : "the new log alone");
        fs::remove_all(m_dir.path("runs"));
        const std::string db = m_dir.path(folder ? "up-folder.db" : "up-alone.db");
        auto ws = Workspace::open(db, Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        for (const auto& [run, start] : std::map<std::string, std::string> { { "run1-cfg-b", "10:00" },
                 { "run3-cfg-b", "10:10" }, { "run4-cfg-b", "10:20" }, { "run5-cfg-b", "10:30" } }) {
            ImportRequest r;
            r.files = { writeRun(run, oomRun(start)) };
            ASSERT_EQ(importFiles(**ws, r, {}, nullptr).failed(), 0);
        }
        ASSERT_EQ(jobShapes(jobsByKey(**ws)),
            (std::map<std::string, std::string> {
                { "run1-cfg-b", "cfg-b 0:failed 1:failed 2:failed 3:failed e2e 1820000000000" } }));
        ImportRequest late;
        late.files = { writeRun("run2-cfg-b", oomRun("10:05")) };
        if (folder) {
            late.files = { m_dir.path("runs") };
        }
        const ImportReport report = importFiles(**ws, late, {}, nullptr);
        std::vector<std::string> readAgain;
        for (const ImportedFile& f : report.files) {
            EXPECT_EQ(f.outcome,
                folder && f.readAgain.empty() && f.path.find("run2-") == std::string::npos
                    ? ImportedFile::Outcome::AlreadyImported
                    : ImportedFile::Outcome::Stored)
                << f.path << ": " << f.error.message;
            if (!f.readAgain.empty()) {
                readAgain.push_back(fs::path(f.path).parent_path().filename().string());
            }
        }
        EXPECT_EQ(readAgain, (std::vector<std::string> { "run5-cfg-b", "run4-cfg-b", "run3-cfg-b" }));
        EXPECT_EQ(jobShapes(jobsByKey(**ws)),
            (std::map<std::string, std::string> {
                { "run1-cfg-b", "cfg-b 0:failed 1:failed 2:failed 3:failed 4:failed e2e 1820000000000" } }));
    }
}

// An import cancelled after it moved the stored attempts up for a late run, before that run was
// stored: the stored logs go back to the attempts they had (read again, the first first), so that
// no job is left without the attempt they were moved from; the import says it was cancelled. The
// same for a late first run whose retry was stored as a job of its own.
TEST_F(LogRunsTest, AnImportCancelledBeforeItsLateRunWasStoredPutsTheStoredAttemptsBack)
{
    struct Case
    {
        std::map<std::string, std::string> stored; // run -> start
        std::string late, lateStart;
        std::vector<std::string> back; // the stored runs read again to put them back, in order
    };
    for (const Case& c : { Case { { { "run1-cfg-b", "10:00" }, { "run3-cfg-b", "10:10" }, { "run4-cfg-b", "10:20" },
                                      { "run5-cfg-b", "10:30" } },
                               "run2-cfg-b", "10:05", { "run3-cfg-b", "run4-cfg-b", "run5-cfg-b" } },
             Case { { { "run2-retry-cfg-a", "10:05" } }, "run1-cfg-a", "10:00", { "run2-retry-cfg-a" } } }) {
        SCOPED_TRACE(c.late);
        fs::remove_all(m_dir.path("runs"));
        auto ws = Workspace::open(m_dir.path(c.late + ".db"), Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        for (const auto& [run, start] : c.stored) {
            ImportRequest r;
            r.files = { writeRun(run, oomRun(start)) };
            ASSERT_EQ(importFiles(**ws, r, {}, nullptr).failed(), 0);
        }
        const auto before = jobShapes(jobsByKey(**ws));

        ImportRequest late;
        late.files = { writeRun(c.late, oomRun(c.lateStart)) };
        std::atomic<bool> cancel { false };
        const size_t moved = c.back.size();
        const ImportReport report = importFiles(
            **ws, late,
            [&](const ImportProgressInfo& info) {
                // The late run's import has begun: the stored logs before it were read again.
                if (info.stage != "identifying runs" && info.fileIndex == static_cast<int>(moved)) {
                    cancel = true;
                }
            },
            &cancel);
        EXPECT_TRUE(report.cancelled);
        ASSERT_EQ(report.files.size(), 2 * moved + 1);
        for (size_t k = 0; k < moved; ++k) {
            EXPECT_EQ(report.files[k].outcome, ImportedFile::Outcome::Stored) << report.files[k].error.message;
            EXPECT_FALSE(report.files[k].readAgain.empty());
        }
        EXPECT_EQ(report.files[moved].path, late.files[0]);
        EXPECT_EQ(report.files[moved].outcome, ImportedFile::Outcome::Cancelled);
        std::vector<std::string> back;
        for (size_t k = moved + 1; k < report.files.size(); ++k) {
            const ImportedFile& f = report.files[k];
            EXPECT_EQ(f.outcome, ImportedFile::Outcome::Stored) << f.path << ": " << f.error.message;
            EXPECT_FALSE(f.readAgain.empty());
            back.push_back(fs::path(f.path).parent_path().filename().string());
        }
        EXPECT_EQ(back, c.back);
        EXPECT_EQ(jobShapes(jobsByKey(**ws)), before);
    }
}

// The order in which stored logs are read again: none takes an attempt another still holds.
TEST(LogRunChains, StoredLogsAreReadAgainSoThatNoneTakesAnAttemptAnotherHolds)
{
    const auto move = [](int32_t from, int32_t to) {
        LogChainPlan::Stored s;
        s.run.declared = { "run1", "cfg", from };
        s.identity = { "run1", "cfg", to };
        return s;
    };
    // Up by one (a late run before them): the last first.
    EXPECT_EQ(readAgainOrder({ move(1, 2), move(2, 3), move(3, 4) }), (std::vector<size_t> { 2, 1, 0 }));
    // Back down (that run not stored): the first first, whatever order they come in.
    EXPECT_EQ(readAgainOrder({ move(4, 3), move(3, 2), move(2, 1) }), (std::vector<size_t> { 2, 1, 0 }));
    EXPECT_EQ(readAgainOrder({ move(2, 1), move(3, 2) }), (std::vector<size_t> { 0, 1 }));
    // Into another job: any order, as given.
    LogChainPlan::Stored other = move(0, 1);
    other.identity.job = "run0";
    EXPECT_EQ(readAgainOrder({ other, move(1, 0) }), (std::vector<size_t> { 0, 1 }));
}

// A stored log that the new run would change but that is gone from its path cannot be read again:
// the new run is chained among the logs given only (a job of its own), the stored log keeps its
// rows, and the import says why.
TEST_F(LogRunsTest, AStoredLogThatIsGoneIsNotChainedAndTheImportSaysSo)
{
    const std::string run2 = writeRun("run2-retry-cfg-a", completedRun("10:05"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest first;
    first.files = { run2 };
    ASSERT_EQ(importFiles(*ws, first, {}, nullptr).failed(), 0);
    fs::remove(run2);

    ImportRequest late;
    late.files = { writeRun("run1-cfg-a", oomRun("10:00")) };
    const ImportReport report = importFiles(*ws, late, {}, nullptr);
    ASSERT_EQ(report.files.size(), 1u);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::Stored) << report.files[0].error.message;
    ASSERT_EQ(report.notes.size(), 1u);
    EXPECT_EQ(report.notes[0],
        "the new runs of configuration cfg-a were not chained with its stored runs: " + run2
            + " (stored as attempt 0 of job run2-retry-cfg-a) would be read again, but it is no longer there as it was "
              "imported; import the configuration's logs together to chain them");
    EXPECT_EQ(jobShapes(jobsByKey(*ws)),
        (std::map<std::string, std::string> { { "run1-cfg-a", "cfg-a 0:failed e2e 20000000000" },
            { "run2-retry-cfg-a", "cfg-a 0:completed e2e 30000000000" } }));
}

// The watcher too reads the stored attempts a late run pushes up from the last one down.
TEST_F(LogRunsTest, TheWatcherMovesEveryLaterStoredAttemptUp)
{
    for (const auto& [run, start] : std::map<std::string, std::string> { { "run1-cfg-b", "10:00" },
             { "run3-cfg-b", "10:10" }, { "run4-cfg-b", "10:20" }, { "run5-cfg-b", "10:30" } }) {
        writeRun(run, oomRun(start));
    }
    auto ws = workspace();
    ASSERT_TRUE(ws);
    const auto watch = watchRuns(ws->store());
    ASSERT_TRUE(watch);
    ASSERT_EQ(watch->scan(0).size(), 4u);
    writeRun("run2-cfg-b", oomRun("10:05"));
    std::vector<std::string> replaced;
    for (const WatchEvent& e : watch->scan(0)) {
        EXPECT_NE(e.kind, WatchEvent::Kind::Failed) << e.path << ": " << e.error.message;
        if (e.kind == WatchEvent::Kind::Replaced) {
            replaced.push_back(fs::path(e.path).parent_path().filename().string());
        }
    }
    EXPECT_EQ(replaced, (std::vector<std::string> { "run5-cfg-b", "run4-cfg-b", "run3-cfg-b" }));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)),
        (std::map<std::string, std::string> {
            { "run1-cfg-b", "cfg-b 0:failed 1:failed 2:failed 3:failed 4:failed e2e 1820000000000" } }));
}

// The watcher chains the logs it watches with the console logs the label stores from other folders
// (imported before, by `ettw import` or another watcher), as `ettw import` chains with them: a retry
// watched here is the next attempt of a failed run imported from elsewhere, and a failed first run
// watched here makes a stored retry of another folder its attempt 1 (read again, said; that folder
// is not watched for it).
TEST_F(LogRunsTest, TheWatcherChainsWithTheLogsStoredFromOtherFolders)
{
    fs::create_directories(m_dir.path("old/run1-cfg-a"));
    const std::string first = m_dir.write("old/run1-cfg-a/run.log", oomRun("10:00"));
    fs::create_directories(m_dir.path("old/run5-retry-cfg-c"));
    const std::string storedRetry = m_dir.write("old/run5-retry-cfg-c/run.log", completedRun("11:05"));
    auto ws = workspace();
    ASSERT_TRUE(ws);
    ImportRequest before;
    before.files = { first, storedRetry };
    ASSERT_EQ(importFiles(*ws, before, {}, nullptr).failed(), 0);

    writeRun("run2-retry-cfg-a", completedRun("10:05"));
    writeRun("run4-cfg-c", oomRun("11:00"));
    const auto watch = watchRuns(ws->store());
    ASSERT_TRUE(watch);
    std::map<std::string, std::pair<WatchEvent::Kind, std::string>> events;
    for (const WatchEvent& e : watch->scan(0)) {
        events[e.path] = { e.kind, e.note };
        EXPECT_TRUE(e.error.message.empty()) << e.path << ": " << e.error.message;
    }
    EXPECT_EQ(events.size(), 3u);
    EXPECT_EQ(events[storedRetry],
        std::make_pair(WatchEvent::Kind::Replaced,
            std::string("its run is now attempt 1 of job run4-cfg-c (the runs of its configuration found so far, "
                        "chained in time order)")));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)),
        (std::map<std::string, std::string> { { "run1-cfg-a", "cfg-a 0:failed 1:completed e2e 330000000000" },
            { "run4-cfg-c", "cfg-c 0:failed 1:completed e2e 330000000000" } }));
    // The stored log of the other folder is not watched: nothing of it on the next passes.
    EXPECT_TRUE(watch->scan(0).empty());
    EXPECT_EQ(watch->fileCount(), 2u);

    // A stored log that is gone cannot be read again: the watched run's event says why it is not
    // chained with it.
    fs::create_directories(m_dir.path("old/run8-retry-cfg-d"));
    const std::string gone = m_dir.write("old/run8-retry-cfg-d/run.log", completedRun("12:05"));
    ImportRequest more;
    more.files = { gone };
    ASSERT_EQ(importFiles(*ws, more, {}, nullptr).failed(), 0);
    fs::remove(gone);
    const std::string late = writeRun("run7-cfg-d", oomRun("12:00"));
    const auto lateEvents = watch->scan(0);
    ASSERT_EQ(lateEvents.size(), 1u);
    EXPECT_EQ(lateEvents[0].path, late);
    EXPECT_EQ(lateEvents[0].kind, WatchEvent::Kind::Imported) << lateEvents[0].error.message;
    EXPECT_EQ(lateEvents[0].note,
        "the new runs of configuration cfg-d were not chained with its stored runs: " + gone
            + " (stored as attempt 0 of job run8-retry-cfg-d) would be read again, but it is no longer there as it "
              "was imported; import the configuration's logs together to chain them");
}

// A log imported by a relative path in the database's folder is found there by a watcher started in
// another folder: a late first run reads it again, in place of what it stored.
TEST_F(LogRunsTest, TheWatcherFindsAStoredRelativePathUnderTheDatabasesFolder)
{
    fs::create_directories(m_dir.path("old/run5-retry-cfg-c"));
    m_dir.write("old/run5-retry-cfg-c/run.log", completedRun("11:05"));
    fs::create_directories(m_dir.path("elsewhere"));
    const fs::path started = fs::current_path();
    struct Back
    {
        fs::path to;
        ~Back() { fs::current_path(to); }
    } back { started };
    auto ws = workspace();
    ASSERT_TRUE(ws);
    fs::current_path(m_dir.path(""));
    ImportRequest before;
    before.files = { "old/run5-retry-cfg-c/run.log" };
    ASSERT_EQ(importFiles(*ws, before, {}, nullptr).failed(), 0);

    fs::current_path(m_dir.path("elsewhere"));
    writeRun("run4-cfg-c", oomRun("11:00"));
    const auto watch = watchRuns(ws->store());
    ASSERT_TRUE(watch);
    std::map<std::string, std::pair<WatchEvent::Kind, std::string>> events;
    for (const WatchEvent& e : watch->scan(0)) {
        events[e.path] = { e.kind, e.note };
        EXPECT_TRUE(e.error.message.empty()) << e.path << ": " << e.error.message;
    }
    EXPECT_EQ(events,
        (std::map<std::string, std::pair<WatchEvent::Kind, std::string>> {
            { m_dir.path("old/run5-retry-cfg-c/run.log"),
                { WatchEvent::Kind::Replaced,
                    "its run is now attempt 1 of job run4-cfg-c (the runs of its configuration found so far, "
                    "chained in time order)" } },
            { m_dir.path("runs/run4-cfg-c/run.log"), { WatchEvent::Kind::Imported, "" } } }));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)),
        (std::map<std::string, std::string> { { "run4-cfg-c", "cfg-c 0:failed 1:completed e2e 330000000000" } }));
    // The log read again is stored as the path it was imported as.
    EXPECT_EQ(ws->store()
                  .queryInt("SELECT count(*) FROM datasets WHERE source_path = 'old/run5-retry-cfg-c/run.log'")
                  ->value_or(-1),
        1);
    EXPECT_EQ(ws->store().queryInt("SELECT count(*) FROM datasets")->value_or(-1), 2);
    EXPECT_TRUE(watch->scan(0).empty());
}

// A log that is the only run of its configuration, among the logs given and stored, is chained by
// its name alone: it is read once, by its import (a 60 MB log took twice as long, reading it whole
// to say who its run is). One whose configuration has other runs is read first to chain it.
TEST_F(LogRunsTest, TheOnlyRunOfAConfigurationIsReadOnce)
{
    auto ws = workspace();
    ASSERT_TRUE(ws);
    const auto stagesOf = [&](const std::string& log) {
        ImportRequest r;
        r.files = { log };
        std::set<std::string> stages;
        const ImportReport report = importFiles(
            *ws, r, [&](const ImportProgressInfo& p) { stages.insert(p.stage); }, nullptr);
        EXPECT_EQ(report.failed(), 0);
        return stages;
    };
    EXPECT_FALSE(stagesOf(writeRun("run1-cfg-a", oomRun("10:00"))).contains("identifying runs"));
    EXPECT_FALSE(stagesOf(writeRun("run5-cfg-e", oomRun("10:00"))).contains("identifying runs"));
    // The same log grown (given again at its path): still the only run of its configuration.
    EXPECT_FALSE(stagesOf(writeRun("run5-cfg-e", completedRun("10:00"))).contains("identifying runs"));
    EXPECT_TRUE(stagesOf(writeRun("run2-retry-cfg-a", completedRun("10:05"))).contains("identifying runs"));
    EXPECT_EQ(jobShapes(jobsByKey(*ws)),
        (std::map<std::string, std::string> { { "run1-cfg-a", "cfg-a 0:failed 1:completed e2e 330000000000" },
            { "run5-cfg-e", "cfg-e 0:completed e2e 30000000000" } }));
}

// A log read whole to chain it (another run of its configuration appeared) whose run did not change
// is not read again, and the copy taken to read it does not stay behind: the watcher's snapshots
// hold copies of whole logs.
TEST_F(LogRunsTest, TheWatcherKeepsNoCopyOfALogItDidNotReadAgain)
{
    const std::string tmp = m_dir.path("tmp");
    fs::create_directories(tmp);
    fs::create_directories(m_dir.path("runs"));
    const char* before = std::getenv("TMPDIR");
    const std::string saved = before ? before : "";
    ::setenv("TMPDIR", tmp.c_str(), 1);
    auto ws = workspace();
    ASSERT_TRUE(ws);
    const auto watch = watchRuns(ws->store());
    if (before) {
        ::setenv("TMPDIR", saved.c_str(), 1);
    } else {
        ::unsetenv("TMPDIR");
    }
    ASSERT_TRUE(watch);
    const auto copies = [&] {
        size_t n = 0;
        for (const auto& e : fs::recursive_directory_iterator(tmp)) {
            n += e.is_regular_file() ? 1 : 0;
        }
        return n;
    };
    writeRun("run1-cfg-a", completedRun("10:00"));
    ASSERT_EQ(watch->scan(0).size(), 1u);
    EXPECT_EQ(copies(), 0u);
    writeRun("run2-cfg-a", completedRun("10:20")); // a rerun after a completed run: run1 stays as it is
    const auto events = watch->scan(0);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Imported) << events[0].error.message;
    EXPECT_EQ(copies(), 0u);
    EXPECT_EQ(jobsByKey(*ws).size(), 2u);
}

} // namespace
} // namespace ett::app
