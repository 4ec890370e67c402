// The service layer without Qt: a workspace over a real SQLite document, the use cases both front
// ends call, and the fleet-source seam they go through.
#include "app/service/advice.h"
#include "app/service/comparison.h"
#include "app/service/document.h"
#include "app/service/file_removal.h"
#include "app/service/import_files.h"
#include "app/service/job_detail.h"
#include "app/service/local_fleet_source.h"
#include "app/service/overview.h"
#include "app/service/report_content.h"
#include "app/service/whatif_session.h"
#include "app/service/workspace.h"
#include "core/store/fleet.h"
#include "gpu/compare.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include "samples/synth/generator.h"

namespace ett::app {
namespace {

namespace fs = std::filesystem;

const std::string kWorkedExample = ETT_SAMPLES_DIR "/worked-example.ett.jsonl";
const std::string kFleet200 = ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz";

// The figures the reference accounting (core/model/accounting.h) gives for every job of the store.
core::Figures referenceFigures(core::Database& db, const std::optional<std::string>& label = {})
{
    auto jobs = core::loadFleet(db, core::FleetQuery { label, std::nullopt, false });
    EXPECT_TRUE(jobs.ok()) << (jobs.ok() ? "" : jobs.error().message);
    core::Figures f;
    for (const auto& j : jobs.ok() ? *jobs : std::vector<core::FleetJob> {}) {
        core::addJob(f, j.result, j.gpus, core::RollupOptions {});
    }
    return f;
}

void expectSameFigures(const core::Figures& a, const core::Figures& b)
{
    EXPECT_EQ(a.jobs, b.jobs);
    EXPECT_EQ(a.attempts, b.attempts);
    EXPECT_EQ(a.e2eNs, b.e2eNs);
    EXPECT_EQ(a.e2eGpuNs, b.e2eGpuNs);
    EXPECT_EQ(a.bucketsNs, b.bucketsNs);
    EXPECT_EQ(a.bucketsGpuNs, b.bucketsGpuNs);
    EXPECT_EQ(a.failures, b.failures);
    EXPECT_EQ(a.preemptions, b.preemptions);
    EXPECT_EQ(a.noCheckpointDataJobs, b.noCheckpointDataJobs);
    EXPECT_EQ(core::percentilesOf(a.ttsNs).p50, core::percentilesOf(b.ttsNs).p50);
    EXPECT_EQ(core::percentilesOf(a.ttrNs).p90, core::percentilesOf(b.ttrNs).p90);
}

class ServiceTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        std::random_device rd;
        m_dir = fs::temp_directory_path() / ("ett-service-test-" + std::to_string(rd()));
        fs::create_directories(m_dir);
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    std::string path(const std::string& name) const { return (m_dir / name).string(); }

    // A workspace with the sample fleet under "before" and "after" and the worked example.
    std::unique_ptr<Workspace> sampleWorkspace()
    {
        auto ws = Workspace::open(path("fleet.db"), Workspace::Mode::CreateIfMissing);
        EXPECT_TRUE(ws.ok()) << (ws.ok() ? "" : ws.error().message);
        for (const char* label : { "before", "after" }) {
            ImportRequest r;
            r.files = { kFleet200 };
            r.label = label;
            const ImportReport report = importFiles(**ws, r, {}, nullptr);
            EXPECT_EQ(report.failed(), 0);
        }
        return std::move(*ws);
    }

    fs::path m_dir;
};

TEST_F(ServiceTest, QueriesNeverCreateADatabase)
{
    const std::string missing = path("missing.db");
    auto ws = Workspace::open(missing, Workspace::Mode::MustExist);
    ASSERT_FALSE(ws.ok());
    EXPECT_NE(ws.error().message.find("missing.db"), std::string::npos) << ws.error().message;
    EXPECT_FALSE(fs::exists(missing));
}

TEST_F(ServiceTest, FindJobsByKeyNameAndAttributeAcrossLabels)
{
    auto ws = sampleWorkspace();
    FleetSource& fleet = **ws->fleet();
    // A key: the exact one first, under both labels that hold it.
    const JobMatches exact = fleet.findJobs("  JOB-000168 ", 10);
    EXPECT_EQ(exact.query, "JOB-000168");
    ASSERT_EQ(exact.matches.size(), 2u);
    EXPECT_EQ(exact.total, 2u);
    std::set<std::string> labels;
    for (const JobMatch& m : exact.matches) {
        EXPECT_EQ(m.key, "job-000168");
        EXPECT_EQ(m.field, "key");
        labels.insert(m.label);
    }
    EXPECT_EQ(labels, (std::set<std::string> { "after", "before" }));
    // A part of keys: every job whose key holds it, the limit listed, the total counted.
    const JobMatches part = fleet.findJobs("job-0001", 5);
    EXPECT_EQ(part.matches.size(), 5u);
    EXPECT_EQ(part.total, 2u * 100u) << "job-000100 .. job-000199 under two labels";
    // A name (case ignored), and an attribute value no key or name holds.
    const auto names = fleet.findJobs("LLAMA-405B", 1000);
    ASSERT_FALSE(names.matches.empty());
    for (const JobMatch& m : names.matches) {
        EXPECT_EQ(m.field, "name") << m.key;
        EXPECT_NE(m.name.find("llama-405b"), std::string::npos) << m.name;
    }
    const auto cluster = fleet.findJobs("central", 1000);
    ASSERT_FALSE(cluster.matches.empty());
    EXPECT_EQ(cluster.total, 2u * 44u) << "the 44 jobs of cluster central, per label";
    for (const JobMatch& m : cluster.matches) {
        EXPECT_EQ(m.field, "cluster");
        EXPECT_EQ(m.value, "central");
    }
    EXPECT_TRUE(fleet.findJobs("   ", 10).matches.empty());
    EXPECT_EQ(fleet.findJobs("no job is called this", 10).total, 0u);
}

// Drill-down attempt rows give each attempt's own Time to Start (they showed "–" after the first:
// the roll-up counts Time to Start once per job), the same as the job's timeline.
TEST_F(ServiceTest, EveryAttemptRowHasItsOwnTimeToStart)
{
    auto ws = sampleWorkspace();
    FleetSource& fleet = **ws->fleet();
    const std::vector<JobIndex> jobs = fleet.jobsWithKey("job-000168");
    ASSERT_FALSE(jobs.empty());
    auto rows = fleet.attempts({}, jobs.front());
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    auto timeline = fleet.jobTimeline(jobs.front());
    ASSERT_TRUE(timeline.ok()) << timeline.error().message;
    ASSERT_GT(rows->size(), 2u);
    ASSERT_EQ(rows->size(), timeline->attempts.size());
    for (size_t i = 0; i < rows->size(); ++i) {
        const TableRow& r = (*rows)[i];
        ASSERT_EQ(r.figures.ttsNs.size(), 1u) << r.name;
        EXPECT_EQ(r.figures.ttsNs.front(), timeline->attempts[i].result.ttsNs) << r.name;
    }
    // The job's own Time to Start stays its first attempt's.
    auto summaries = fleet.jobs({});
    ASSERT_TRUE(summaries.ok());
    for (const JobSummary& j : *summaries) {
        if (j.job == jobs.front()) {
            ASSERT_EQ(j.figures.ttsNs.size(), 1u);
            EXPECT_EQ(j.figures.ttsNs.front(), timeline->attempts.front().result.ttsNs);
        }
    }
}

TEST_F(ServiceTest, ImportReportsEachFileItsIssuesAndProgressAndReloads)
{
    auto opened = Workspace::open(path("w.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    Workspace& ws = **opened;
    EXPECT_EQ((*ws.fleet())->vocabulary().jobs, 0);

    const std::string bad = path("bad.ett.jsonl");
    std::ofstream(bad) << "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n{\"type\":"
                          "\"job\",\"job\":\n";
    ImportRequest r;
    r.files = { kWorkedExample, bad, kWorkedExample };
    std::vector<ImportProgressInfo> progress;
    const ImportReport report = importFiles(
        ws, r, [&](const ImportProgressInfo& p) { progress.push_back(p); }, nullptr);

    ASSERT_EQ(report.files.size(), 3u);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::Stored);
    EXPECT_EQ(report.files[0].summary.jobsDeclared, 1);
    EXPECT_EQ(report.files[1].outcome, ImportedFile::Outcome::Failed);
    EXPECT_NE(report.files[1].error.message.find("bad.ett.jsonl:2"), std::string::npos)
        << report.files[1].error.message;
    EXPECT_EQ(report.files[2].outcome, ImportedFile::Outcome::AlreadyImported);
    EXPECT_EQ(report.failed(), 1);
    EXPECT_TRUE(report.changed);
    EXPECT_FALSE(report.cancelled);
    // The columnar copy was rebuilt once, after the last file: no chunk is left listed.
    EXPECT_EQ(ws.store().queryInt("SELECT count(*) FROM column_dirty")->value_or(-1), 0);
    EXPECT_EQ(ws.store().queryInt("SELECT count(*) FROM column_chunks")->value_or(-1), 1);
    EXPECT_FALSE(ws.store().columnRefreshDeferred());
    // The fleet follows the store.
    EXPECT_EQ((*ws.fleet())->vocabulary().jobs, 1);
    // Progress names the files and counts bytes over all of them.
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.front().fileCount, 3);
    EXPECT_EQ(progress.front().file, "worked-example.ett.jsonl");
    for (const auto& p : progress) {
        EXPECT_LE(p.bytesDone, p.bytesTotal);
    }
}

TEST_F(ServiceTest, AnNvrxJobFolderReadsItsLogWithItsCycleFilesAsOneJob)
{
    // runs/job-4242: ft_launcher's log and its cycle info folder (with the writer's .current link);
    // runs/job-9: cycle files only, read each on its own as before.
    const fs::path job = m_dir / "runs" / "job-4242";
    fs::create_directories(job / "nvrx");
    fs::create_directories(m_dir / "runs" / "job-9");
    auto ev = [](int cycle, const std::string& event, const std::string& hms) {
        return "[INFO] profiling.py:101   - Cycle: " + std::to_string(cycle) + " Event: " + event
            + " Node: n1 Rank: 0 Time: 2026-07-30 " + hms + " UTC\n";
    };
    std::ofstream(job / "ft_launcher.log")
        << ev(0, "rendezvous_started", "10:00:00.000") << ev(0, "rendezvous_completed", "10:00:20.000")
        << ev(0, "worker_start_started", "10:00:21.000") << ev(0, "worker_start_completed", "10:00:25.000")
        << ev(1, "failure_detected", "11:00:00.000") << ev(1, "worker_terminated", "11:00:05.000")
        << ev(1, "rendezvous_started", "11:00:06.000") << ev(1, "rendezvous_completed", "11:00:30.000")
        << ev(1, "worker_start_started", "11:00:31.000") << ev(1, "worker_start_completed", "11:00:40.000")
        << ev(1, "worker_terminated", "12:00:00.000");
    auto cycle = [](const std::string& id, int n, const std::string& start, const std::string& end) {
        return "{\n  \"job_id\": \"" + id + "\",\n  \"attempt_index\": 0,\n  \"cycle_number\": " + std::to_string(n)
            + ",\n  \"cycle_start_time\": \"" + start + "\",\n  \"cycle_end_time\": \"" + end
            + "\",\n  \"active_nodes\": \"node[001-002]\"\n}\n";
    };
    std::ofstream(job / "nvrx" / "cycle_info.4242.0.0")
        << cycle("4242", 0, "2026-07-30T10:00:20Z", "2026-07-30T11:00:05Z");
    std::ofstream(job / "nvrx" / "cycle_info.4242.0.1")
        << cycle("4242", 1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:00Z");
    fs::create_symlink("cycle_info.4242.0.1", job / "nvrx" / "cycle_info.4242.current");
    std::ofstream(m_dir / "runs" / "job-9" / "cycle_info.9.0.0")
        << cycle("9", 0, "2026-07-30T10:00:00Z", "2026-07-30T10:30:00Z");

    auto opened = Workspace::open(path("nvrx.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    Workspace& ws = **opened;
    ImportRequest r;
    r.files = { (m_dir / "runs").string() };
    r.reader.gpusPerNode = 8;
    const ImportReport report = importFiles(ws, r, {}, nullptr);
    ASSERT_EQ(report.files.size(), 5u);
    EXPECT_EQ(report.failed(), 0);
    int readWith = 0;
    for (const ImportedFile& f : report.files) {
        const std::string name = fs::path(f.path).filename().string();
        if (name == "ft_launcher.log" || name == "cycle_info.9.0.0") {
            EXPECT_EQ(f.outcome, ImportedFile::Outcome::Stored) << name << ": " << f.error.message;
        } else {
            EXPECT_EQ(f.outcome, ImportedFile::Outcome::ReadWith) << name;
            EXPECT_EQ(fs::path(f.readWith).filename(), "ft_launcher.log") << name;
            ++readWith;
        }
    }
    EXPECT_EQ(readWith, 3);
    auto jobs = (*ws.fleet())->jobs(core::CohortSpec {});
    ASSERT_TRUE(jobs.ok()) << jobs.error().message;
    ASSERT_EQ(jobs->size(), 2u);
    const auto j = std::find_if(jobs->begin(), jobs->end(), [](const JobSummary& s) { return s.key == "4242"; });
    ASSERT_NE(j, jobs->end()) << "the cycle files name the job, not the log's file name";
    EXPECT_EQ(j->figures.attempts, 2);
    EXPECT_EQ(j->gpus, 16);
    // Time to Recover from the restart events: detected 11:00:00, workers up 11:00:40.
    auto detail = jobDetail(ws, "4242", std::nullopt);
    ASSERT_TRUE(detail.ok()) << detail.error().message;
    const auto& attempts = detail->job.result.attempts;
    ASSERT_EQ(attempts.size(), 2u);
    ASSERT_TRUE(attempts[0].ttrNs.has_value());
    EXPECT_EQ(*attempts[0].ttrNs, 40'000'000'000);
    // Imported again: nothing changes.
    const ImportReport again = importFiles(ws, r, {}, nullptr);
    for (const ImportedFile& f : again.files) {
        EXPECT_TRUE(f.outcome == ImportedFile::Outcome::AlreadyImported || f.outcome == ImportedFile::Outcome::ReadWith)
            << f.path;
    }
}

// Runs that lie deeper under one folder are all given its name: a file that proves to be of another
// run (another GPU count, or more than a day from the attempt's other files) takes the job its own
// folder names, and says so (the first failed with "already declared differently", the second
// made one job of runs days apart).
TEST_F(ServiceTest, RunsDeeperUnderOneFolderThatAreOtherRunsTakeTheirOwnFoldersJobs)
{
    const fs::path runs = m_dir / "traces";
    for (const char* run : { "run-1", "run-2", "run-3", "run-4" }) {
        fs::create_directories(runs / "profiles" / run);
    }
    auto chrome = [](int worldSize, int64_t startUs) {
        return "{\"distributedInfo\": {\"rank\": 0, \"world_size\": " + std::to_string(worldSize)
            + "}, \"traceEvents\": [{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
              "\"ProfilerStep#1\", \"ts\": "
            + std::to_string(startUs) + ", \"dur\": 5000, \"pid\": 1, \"tid\": 1}]}\n";
    };
    constexpr int64_t kDayUs = 86'400'000'000;
    std::ofstream(runs / "profiles" / "run-1" / "rank0.json") << chrome(8, 1000);
    std::ofstream(runs / "profiles" / "run-2" / "rank0.json") << chrome(16, 1000); // another GPU count
    std::ofstream(runs / "profiles" / "run-3" / "rank0.json") << chrome(8, 2 * kDayUs); // two days later
    std::ofstream(runs / "profiles" / "run-4" / "rank1.json") << chrome(8, 2000); // a rank of run-1's run
    auto opened = Workspace::open(path("deep.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    ImportRequest r;
    r.files = { runs.string() };
    const ImportReport report = importFiles(**opened, r, {}, nullptr);
    ASSERT_EQ(report.files.size(), 4u);
    std::vector<std::pair<std::string, bool>> jobs;
    for (const ImportedFile& f : report.files) {
        EXPECT_EQ(f.outcome, ImportedFile::Outcome::Stored) << f.path << ": " << f.error.message;
        EXPECT_EQ(f.summary.issues.entries().count({ "trace_files_apart", "profiles" }), 0u) << f.path;
        jobs.emplace_back(f.folderJob, f.ownFolder);
    }
    EXPECT_EQ(jobs,
        (std::vector<std::pair<std::string, bool>> {
            { "profiles", false }, { "profiles/run-2", true }, { "profiles/run-3", true }, { "profiles", false } }));
    auto fleet = core::loadFleet((*opened)->store(), core::FleetQuery {});
    ASSERT_TRUE(fleet.ok());
    std::map<std::string, int64_t> gpus;
    for (const core::FleetJob& j : *fleet) {
        gpus[j.key] = j.gpus;
        EXPECT_LT(j.result.e2eNs(), 3600LL * 1'000'000'000) << j.key << ": no job spans the days between runs";
    }
    EXPECT_EQ(gpus,
        (std::map<std::string, int64_t> { { "profiles", 8 }, { "profiles/run-2", 16 }, { "profiles/run-3", 8 } }));
    // Each run's own folder imports as itself.
    auto own = Workspace::open(path("own.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(own.ok()) << own.error().message;
    ImportRequest each;
    each.files = { (runs / "profiles").string() };
    const ImportReport byRun = importFiles(**own, each, {}, nullptr);
    ASSERT_EQ(byRun.files.size(), 4u);
    EXPECT_EQ(byRun.files[0].folderJob, "run-1");
    EXPECT_EQ(byRun.files[1].outcome, ImportedFile::Outcome::Stored) << byRun.files[1].error.message;
    EXPECT_EQ(byRun.files[1].folderJob, "run-2");
    EXPECT_FALSE(byRun.files[1].ownFolder);
}

TEST_F(ServiceTest, AFolderImportsEachRunAsOneJobAndSaysWhatItSkipped)
{
    // runs/job-a: a Chrome trace per rank (they name no job); runs/job-b: a native trace (it names
    // its job); notes.txt: no trace; .cache/: hidden, not walked.
    const fs::path runs = m_dir / "runs";
    fs::create_directories(runs / "job-a");
    fs::create_directories(runs / "job-b");
    fs::create_directories(runs / ".cache");
    auto chrome = [](int rank, int64_t startUs) {
        return "{\"distributedInfo\": {\"rank\": " + std::to_string(rank)
            + ", \"world_size\": 2}, \"traceEvents\": [{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
              "\"ProfilerStep#1\", \"ts\": "
            + std::to_string(startUs) + ", \"dur\": 5000, \"pid\": 1, \"tid\": 1}]}\n";
    };
    std::ofstream(runs / "job-a" / "rank1.json") << chrome(1, 1200);
    std::ofstream(runs / "job-a" / "rank0.json") << chrome(0, 1000);
    fs::copy_file(kWorkedExample, runs / "job-b" / "run.ett.jsonl");
    std::ofstream(runs / "notes.txt") << "remember to rerun job-a\nwith more nodes\n";
    std::ofstream(runs / ".cache" / "x.json") << "{}";

    auto opened = Workspace::open(path("folder.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok()) << opened.error().message;
    Workspace& ws = **opened;
    ImportRequest r;
    r.files = { runs.string() };
    const ImportReport report = importFiles(ws, r, {}, nullptr);
    // In path order: job-a's ranks, job-b's trace, then notes.txt.
    ASSERT_EQ(report.files.size(), 4u);
    EXPECT_EQ(fs::path(report.files[0].path).filename(), "rank0.json");
    EXPECT_EQ(fs::path(report.files[1].path).filename(), "rank1.json");
    for (size_t i : { 0u, 1u }) {
        EXPECT_EQ(report.files[i].outcome, ImportedFile::Outcome::Stored) << report.files[i].error.message;
        EXPECT_EQ(report.files[i].folderJob, "job-a");
    }
    EXPECT_EQ(report.files[2].outcome, ImportedFile::Outcome::Stored);
    EXPECT_EQ(report.files[2].folderJob, "") << "a native trace names its own job";
    EXPECT_EQ(report.files[3].outcome, ImportedFile::Outcome::NotATrace);
    EXPECT_NE(report.files[3].error.message.find("notes.txt"), std::string::npos) << report.files[3].error.message;
    EXPECT_EQ(report.notTraces(), 1);
    EXPECT_EQ(report.failed(), 0);
    EXPECT_EQ(report.hiddenSkipped, 1);
    // Two jobs: job-a (both ranks' files, one attempt) and the worked example's.
    auto jobs = (*ws.fleet())->jobs(core::CohortSpec {});
    ASSERT_TRUE(jobs.ok()) << jobs.error().message;
    ASSERT_EQ(jobs->size(), 2u);
    const auto a = std::find_if(jobs->begin(), jobs->end(), [](const JobSummary& j) { return j.key == "job-a"; });
    ASSERT_NE(a, jobs->end());
    EXPECT_EQ(a->figures.attempts, 1);

    // A file given by itself of which nothing is understood is an error, and nothing is stored.
    ImportRequest single;
    single.files = { (runs / "notes.txt").string() };
    const ImportReport alone = importFiles(ws, single, {}, nullptr);
    ASSERT_EQ(alone.files.size(), 1u);
    EXPECT_EQ(alone.files[0].outcome, ImportedFile::Outcome::Failed);
    EXPECT_EQ(alone.failed(), 1);
    EXPECT_EQ((*ws.fleet())->vocabulary().jobs, 2);
}

TEST_F(ServiceTest, ACancelledImportStoresNothing)
{
    auto opened = Workspace::open(path("c.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok());
    std::atomic<bool> cancel { true };
    ImportRequest r;
    r.files = { kWorkedExample, kFleet200 };
    const ImportReport report = importFiles(**opened, r, {}, &cancel);
    EXPECT_TRUE(report.cancelled);
    EXPECT_FALSE(report.changed);
    for (const auto& f : report.files) {
        EXPECT_EQ(f.outcome, ImportedFile::Outcome::Skipped);
    }
    auto datasets = core::listDatasets((*opened)->store());
    ASSERT_TRUE(datasets.ok());
    EXPECT_TRUE(datasets->empty());
}

// An import with update, as a cron runs it over a folder: a file that changed since its import
// (a trainer's trace that went on, its attempt slot rewritten) replaces its earlier records, under
// its path or another path to it; an unchanged file stays a no-op; a new file is added. The store
// ends as a fresh import of the files as they are. Without update, the changed file fails and its
// message says what to do.
// A file to remove is found as listed, or by another path to it; a path two labels store needs the
// label, and the other label keeps its copy.
TEST_F(ServiceTest, RemovingAFileFindsItByAnotherPathAndAsksWhichLabelWhenTwoStoreIt)
{
    fs::create_directories(m_dir / "runs");
    std::ofstream(path("runs/a.ett.jsonl"), std::ios::binary)
        << R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"A","gpus":8}
{"type":"attempt","job":"A","attempt":0,"start":0,"end":100,"outcome":"completed"}
{"type":"phase","job":"A","attempt":0,"phase":"train","start":0,"end":100}
)";
    fs::create_directory_symlink(m_dir / "runs", m_dir / "link");
    auto opened = Workspace::open(path("r.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok());
    Workspace& ws = **opened;
    for (const char* label : { "before", "after" }) {
        ImportRequest r;
        r.files = { path("runs/a.ett.jsonl") };
        r.label = label;
        ASSERT_EQ(importFiles(ws, r, {}, nullptr).failed(), 0);
    }
    auto ambiguous = removeFile(ws, "", path("link/a.ett.jsonl"), core::ReaderOptions {});
    ASSERT_FALSE(ambiguous.ok());
    EXPECT_NE(ambiguous.error().message.find("under 'after', "), std::string::npos) << ambiguous.error().message;
    EXPECT_NE(ambiguous.error().message.find("under 'before'"), std::string::npos) << ambiguous.error().message;
    EXPECT_EQ(ambiguous.error().option, "label");

    auto removed = removeFile(ws, "after", path("link/a.ett.jsonl"), core::ReaderOptions {});
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(removed->removed.path, path("runs/a.ett.jsonl")) << "the path as stored";
    EXPECT_EQ(removed->removed.jobs, 1);
    const auto left = datasets(ws);
    ASSERT_TRUE(left.ok());
    ASSERT_EQ(left->size(), 1u);
    EXPECT_EQ(left->front().label, "before");

    auto none = removeFile(ws, "after", path("runs/a.ett.jsonl"), core::ReaderOptions {});
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("label 'after' stores no file imported as that path"), std::string::npos)
        << none.error().message;
}

TEST_F(ServiceTest, AnUpdateReplacesTheFilesThatChangedSinceTheirImport)
{
    const std::string header = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                               "\n";
    const auto job
        = [](const char* key) { return std::string(R"({"type":"job","job":")") + key + R"(","gpus":8})" + "\n"; };
    const auto attempt = [](const char* key, int end, const char* outcome) {
        return std::string(R"({"type":"attempt","job":")") + key + R"(","attempt":0,"start":0,"end":)"
            + std::to_string(end) + R"(,"outcome":")" + outcome + "\"}\n";
    };
    const auto phase = [](const char* key, const char* name, int start, int end) {
        return std::string(R"({"type":"phase","job":")") + key + R"(","attempt":0,"phase":")" + name + R"(","start":)"
            + std::to_string(start) + R"(,"end":)" + std::to_string(end) + "}\n";
    };
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(path(name), std::ios::binary | std::ios::trunc) << text;
    };
    fs::create_directories(m_dir / "runs");
    write("runs/a.ett.jsonl", header + job("A") + attempt("A", 100, "running") + phase("A", "init", 0, 50));
    write("runs/b.ett.jsonl", header + job("B") + attempt("B", 100, "completed") + phase("B", "train", 0, 100));
    fs::create_directory_symlink(m_dir / "runs", m_dir / "link");
    auto opened = Workspace::open(path("u.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(opened.ok());
    Workspace& ws = **opened;
    ImportRequest first;
    first.files = { path("link") };
    ASSERT_EQ(importFiles(ws, first, {}, nullptr).failed(), 0);

    // A went on and ended; C is new; B is as it was.
    write("runs/a.ett.jsonl",
        header + job("A") + attempt("A", 300, "completed") + phase("A", "init", 0, 50) + phase("A", "train", 50, 290));
    write("runs/c.ett.jsonl", header + job("C") + attempt("C", 10, "completed") + phase("C", "train", 0, 10));
    ImportRequest plain;
    plain.files = { path("link/a.ett.jsonl") };
    const ImportReport refused = importFiles(ws, plain, {}, nullptr);
    ASSERT_EQ(refused.files.size(), 1u);
    EXPECT_EQ(refused.files[0].outcome, ImportedFile::Outcome::Failed);
    EXPECT_NE(refused.files[0].error.message.find(path("link/a.ett.jsonl")
                  + " was imported before under this label and has changed since: import it with --update"),
        std::string::npos)
        << refused.files[0].error.message;
    EXPECT_EQ(refused.files[0].error.option, "update");

    ImportRequest update;
    update.files = { path("runs") };
    update.update = true;
    const ImportReport report = importFiles(ws, update, {}, nullptr);
    ASSERT_EQ(report.files.size(), 3u);
    std::map<std::string, std::tuple<ImportedFile::Outcome, int64_t, std::string>> outcomes;
    for (const ImportedFile& f : report.files) {
        EXPECT_TRUE(f.error.message.empty()) << f.error.message;
        outcomes[fs::path(f.path).filename().string()] = { f.outcome, f.summary.datasetsReplaced, f.storedAs };
    }
    EXPECT_EQ(outcomes["a.ett.jsonl"],
        std::make_tuple(ImportedFile::Outcome::Stored, int64_t { 1 }, path("link/a.ett.jsonl")));
    EXPECT_EQ(outcomes["b.ett.jsonl"],
        std::make_tuple(ImportedFile::Outcome::AlreadyImported, int64_t { 0 }, path("link/b.ett.jsonl")));
    EXPECT_EQ(outcomes["c.ett.jsonl"], std::make_tuple(ImportedFile::Outcome::Stored, int64_t { 0 }, std::string()));
    auto datasets = core::listDatasets(ws.store());
    ASSERT_TRUE(datasets.ok());
    EXPECT_EQ(datasets->size(), 3u);

    // The same figures as a fresh import of the files as they are.
    auto fresh = Workspace::open(path("fresh.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(fresh.ok());
    ImportRequest all;
    all.files = { path("runs") };
    ASSERT_EQ(importFiles(**fresh, all, {}, nullptr).failed(), 0);
    expectSameFigures(referenceFigures(ws.store()), referenceFigures((*fresh)->store()));
    EXPECT_EQ(referenceFigures(ws.store()).jobs, 3);
}

TEST_F(ServiceTest, SummaryEqualsTheReferenceAccounting)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& fleet = **ws->fleet();
    auto all = summarize(fleet, {}, std::nullopt);
    ASSERT_TRUE(all.ok()) << all.error().message;
    expectSameFigures(all->fleet, referenceFigures(ws->store()));

    auto byLabel = summarize(fleet, {}, "label");
    ASSERT_TRUE(byLabel.ok());
    ASSERT_EQ(byLabel->groups.size(), 2u);
    expectSameFigures(byLabel->groups.at("before"), referenceFigures(ws->store(), "before"));
    expectSameFigures(byLabel->groups.at("after"), referenceFigures(ws->store(), "after"));
}

TEST_F(ServiceTest, UnknownNamesAreTheSameErrorForEveryUseCase)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& fleet = **ws->fleet();
    auto summary = summarize(fleet, {}, "teams");
    ASSERT_FALSE(summary.ok());
    auto advice = advise(fleet, AdviceRequest { {}, "teams" });
    ASSERT_FALSE(advice.ok());
    Location byTeams;
    byTeams.groupBy = "teams";
    auto table = drilldown(fleet, {}, byTeams);
    ASSERT_FALSE(table.ok());
    for (const std::string& message : { summary.error().message, advice.error().message, table.error().message }) {
        EXPECT_NE(message.find("cannot group by 'teams'"), std::string::npos) << message;
        EXPECT_NE(message.find("choose one of: job, label, "), std::string::npos) << message;
        EXPECT_NE(message.find("team"), std::string::npos) << "lists what exists: " << message;
    }
    core::CohortSpec typo;
    typo.labels = { "befor" };
    auto ov = overview(fleet, typo, gpu::Calendar::Day);
    ASSERT_FALSE(ov.ok());
    EXPECT_NE(ov.error().message.find("no dataset label 'befor'"), std::string::npos) << ov.error().message;
    EXPECT_NE(ov.error().message.find("(labels: after, before)"), std::string::npos) << ov.error().message;
    // A value nobody has is a cohort with no jobs, not an error.
    core::CohortSpec nobody;
    nobody.attrs.emplace_back("team", std::vector<std::string> { "nobody" });
    auto empty = overview(fleet, nobody, gpu::Calendar::Day);
    ASSERT_TRUE(empty.ok()) << empty.error().message;
    EXPECT_EQ(empty->fleet.jobs, 0);
}

TEST_F(ServiceTest, DrilldownLevelsAddUpToTheirParent)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& fleet = **ws->fleet();
    Location byTeam;
    byTeam.groupBy = "team";
    auto groups = drilldown(fleet, {}, byTeam);
    ASSERT_TRUE(groups.ok()) << groups.error().message;
    ASSERT_GE(groups->rows.size(), 2u);
    const TableRow& first = groups->rows.front();
    Location group = byTeam;
    group.level = Level::Group;
    group.group = first.name;
    auto jobs = drilldown(fleet, {}, group);
    ASSERT_TRUE(jobs.ok());
    EXPECT_EQ(static_cast<int64_t>(jobs->rows.size()), first.figures.jobs);
    core::Figures sum;
    for (const auto& r : jobs->rows) {
        sum.merge(r.figures);
    }
    expectSameFigures(sum, first.figures);
    // A job's attempts add up to the job.
    Location job = group;
    job.level = Level::Job;
    job.job = jobs->rows.front().job;
    auto attempts = drilldown(fleet, {}, job);
    ASSERT_TRUE(attempts.ok());
    EXPECT_EQ(static_cast<int64_t>(attempts->rows.size()), jobs->rows.front().figures.attempts);
    for (size_t i = 1; i < attempts->rows.size(); ++i) {
        EXPECT_LT(attempts->rows[i - 1].attempt, attempts->rows[i].attempt) << "in start order";
    }
    Location one = job;
    one.level = Level::Attempt;
    one.attempt = attempts->rows.back().attempt;
    auto single = drilldown(fleet, {}, one);
    ASSERT_TRUE(single.ok());
    ASSERT_EQ(single->rows.size(), 1u);
    EXPECT_EQ(single->rows[0].attempt, one.attempt);
}

TEST_F(ServiceTest, ComparisonSamplesAndMatchedJobs)
{
    auto ws = sampleWorkspace();
    ASSERT_TRUE(ws->ensurePhases().ok());
    LocalFleetSource& fleet = **ws->fleet();
    ComparisonRequest request;
    request.a.labels = { "before" };
    request.b.labels = { "after" };
    auto full = compare(fleet, request);
    ASSERT_TRUE(full.ok()) << full.error().message;
    // One fleet under two labels: every key names the same job on both sides, so auto pairs by key.
    EXPECT_EQ(request.matchBy, "auto");
    EXPECT_EQ(full->matchedBy, "job");
    EXPECT_EQ(full->comparison.matchedJobs, 200);
    ComparisonOptions bare;
    bare.withSamples = false;
    auto figuresOnly = compare(fleet, request, bare);
    ASSERT_TRUE(figuresOnly.ok());
    ASSERT_TRUE(full->comparison.bridge && figuresOnly->comparison.bridge);
    EXPECT_EQ(full->comparison.bridge->ettAPico, figuresOnly->comparison.bridge->ettAPico);
    EXPECT_TRUE(figuresOnly->samples.empty());
    ASSERT_EQ(full->samples.size(), full->comparison.distributions.size());
    for (size_t i = 0; i < full->samples.size(); ++i) {
        EXPECT_EQ(full->samples[i].name, full->comparison.distributions[i].name);
        EXPECT_EQ(full->samples[i].countA, full->comparison.distributions[i].countA) << full->samples[i].name;
        EXPECT_TRUE(std::is_sorted(full->samples[i].a.begin(), full->samples[i].a.end()));
    }
    // The same fleet twice: every matched job has a job on both sides.
    for (const auto& p : full->regressions) {
        EXPECT_GE(p.jobA, 0);
        EXPECT_GE(p.jobB, 0);
    }
    // By name, a name several jobs hold pairs its runs one to one by start: the pairs' jobs are the
    // very jobs the comparison ranked, and every job is paired or counted as not.
    request.matchBy = "name";
    auto byName = compare(fleet, request);
    ASSERT_TRUE(byName.ok()) << byName.error().message;
    const core::Comparison& n = byName->comparison;
    EXPECT_GT(n.matching.sharedValues, 0) << "the sample's names are shared by several jobs";
    EXPECT_EQ(n.matching.pairedA() + n.matching.unpairedA(), n.jobsA);
    EXPECT_EQ(n.matching.pairedB() + n.matching.unpairedB(), n.jobsB);
    EXPECT_EQ(n.matching.pairs, n.matchedJobs);
    ASSERT_EQ(byName->regressions.size(), n.regressions.size());
    for (size_t i = 0; i < n.regressions.size(); ++i) {
        const core::MatchedJob& m = n.regressions[i];
        const MatchedPair& p = byName->regressions[i];
        EXPECT_EQ(p.run, m.run);
        EXPECT_EQ(p.jobsA, m.runsA);
        auto ta = fleet.jobTimeline(p.jobA);
        auto tb = fleet.jobTimeline(p.jobB);
        ASSERT_TRUE(ta.ok() && tb.ok());
        EXPECT_EQ(ta->key, m.keyA);
        EXPECT_EQ(ta->label, "before");
        EXPECT_EQ(tb->key, m.keyB);
        EXPECT_EQ(tb->label, "after");
        EXPECT_EQ(ta->name, m.match);
        EXPECT_LE(m.run, std::min(m.runsA, m.runsB));
    }
    request.matchBy = "colour";
    auto bad = compare(fleet, request);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("--match-by"), std::string::npos);
}

TEST_F(ServiceTest, PhaseDurationsFromStoredSamplesEqualThoseFromThePhases)
{
    // The same database twice: one source holds every phase, the other only reads the stored
    // phase samples. Every cohort's durations, and every comparison built on them, are equal.
    auto samples = sampleWorkspace();
    auto phases = Workspace::open(path("fleet.db"), Workspace::Mode::ReadOnly,
        LocalFleetSource::LoadOptions { std::nullopt, true, std::nullopt, true, std::nullopt });
    ASSERT_TRUE(phases.ok()) << phases.error().message;
    LocalFleetSource& fromSamples = **samples->fleet();
    LocalFleetSource& fromPhases = **(*phases)->fleet();
    ASSERT_FALSE(fromSamples.withPhases());
    ASSERT_TRUE(fromPhases.withPhases());
    EXPECT_EQ(fromSamples.columns().phases(), 0u);

    const auto& c = fromPhases.columns();
    const int64_t first = *std::min_element(c.attemptStartNs.begin(), c.attemptStartNs.end());
    const int64_t last = *std::max_element(c.attemptEndNs.begin(), c.attemptEndNs.end());
    ASSERT_FALSE(c.attrKeys.empty());
    const std::string key = c.attrKeys.front();
    std::vector<core::CohortSpec> cohorts(5);
    cohorts[1].labels = { "before" };
    cohorts[2].fromNs = first + (last - first) / 3; // phases that start inside a window
    cohorts[2].toNs = first + 2 * (last - first) / 3;
    cohorts[3].attrs = { { key, { c.attrValues.front().front() } } };
    cohorts[3].minGpus = 8;
    cohorts[4].labels = { "no-such-label-has-jobs" };
    size_t lists = 0;
    for (const auto& cohort : cohorts) {
        auto a = fromSamples.phaseDurations(cohort);
        auto b = fromPhases.phaseDurations(cohort);
        if (cohort.labels == std::vector<std::string> { "no-such-label-has-jobs" }) {
            EXPECT_FALSE(a.ok());
            EXPECT_FALSE(b.ok());
            continue;
        }
        ASSERT_TRUE(a.ok()) << a.error().message;
        ASSERT_TRUE(b.ok()) << b.error().message;
        EXPECT_EQ(*a, *b) << cohort.text();
        for (const auto& [name, values] : *a) {
            lists += values.empty() ? 0 : 1;
            EXPECT_TRUE(std::is_sorted(values.begin(), values.end())) << name;
        }
    }
    EXPECT_GT(lists, 10u) << "the sample has phases of several kinds";

    ComparisonRequest request;
    request.a.labels = { "before" };
    request.b = cohorts[2];
    auto x = compare(fromSamples, request);
    auto y = compare(fromPhases, request);
    ASSERT_TRUE(x.ok() && y.ok());
    ASSERT_EQ(x->comparison.distributions.size(), y->comparison.distributions.size());
    EXPECT_GT(x->comparison.distributions.size(), 2u) << "time to start, to recover, then the phases";
    for (size_t i = 0; i < x->comparison.distributions.size(); ++i) {
        const auto& p = x->comparison.distributions[i];
        const auto& q = y->comparison.distributions[i];
        EXPECT_EQ(p.name, q.name);
        EXPECT_EQ(p.countA, q.countA) << p.name;
        EXPECT_EQ(p.countB, q.countB) << p.name;
        EXPECT_EQ(p.a.p50, q.a.p50) << p.name;
        EXPECT_EQ(p.b.p99, q.b.p99) << p.name;
        EXPECT_EQ(x->samples[i].a, y->samples[i].a) << p.name;
        EXPECT_EQ(x->samples[i].b, y->samples[i].b) << p.name;
    }
}

TEST_F(ServiceTest, DurationPercentilesEqualThoseOfTheListsWhicheverWayThePhasesAreRead)
{
    // A comparison without charts asks only for each list's count and percentiles: read straight
    // from the database (nothing kept), from samples kept by an earlier call, or from the phases in
    // memory, they equal those of the sorted lists by name, name for name and in the same order.
    auto streamed = sampleWorkspace();
    auto kept = sampleWorkspace();
    auto phases = Workspace::open(path("fleet.db"), Workspace::Mode::ReadOnly,
        LocalFleetSource::LoadOptions { std::nullopt, true, std::nullopt, true, std::nullopt });
    ASSERT_TRUE(phases.ok()) << phases.error().message;
    LocalFleetSource& fromDb = **streamed->fleet();
    LocalFleetSource& fromKept = **kept->fleet();
    LocalFleetSource& fromPhases = **(*phases)->fleet();
    ASSERT_TRUE(fromKept.phaseDurations({}).ok()); // keeps the samples

    const auto& c = fromPhases.columns();
    const int64_t first = *std::min_element(c.attemptStartNs.begin(), c.attemptStartNs.end());
    const int64_t last = *std::max_element(c.attemptEndNs.begin(), c.attemptEndNs.end());
    std::vector<core::CohortSpec> cohorts(3);
    cohorts[1].labels = { "after" };
    cohorts[2].fromNs = first + (last - first) / 4;
    cohorts[2].toNs = first + (last - first) / 2;
    size_t names = 0;
    for (const auto& cohort : cohorts) {
        auto lists = fromPhases.phaseDurations(cohort);
        ASSERT_TRUE(lists.ok()) << lists.error().message;
        const auto expected = durationSamplesOf(*lists);
        names += expected.size();
        for (LocalFleetSource* source : { &fromDb, &fromKept, &fromPhases }) {
            auto got = source->durationPercentiles(cohort);
            ASSERT_TRUE(got.ok()) << got.error().message;
            ASSERT_EQ(got->size(), expected.size()) << cohort.text();
            for (size_t i = 0; i < expected.size(); ++i) {
                const auto& g = (*got)[i];
                const auto& e = expected[i];
                EXPECT_EQ(g.name, e.name) << cohort.text();
                EXPECT_EQ(g.count, e.count) << e.name;
                EXPECT_EQ(g.percentiles.p50, e.percentiles.p50) << e.name;
                EXPECT_EQ(g.percentiles.p90, e.percentiles.p90) << e.name;
                EXPECT_EQ(g.percentiles.p99, e.percentiles.p99) << e.name;
            }
        }
    }
    EXPECT_GT(names, 20u) << "categories and subcategories of several cohorts";
    // The three cohorts at once (one pass over the samples; the fleet's jobs are in the first and
    // in another, each cohort with its own range): each one's as asked alone.
    for (LocalFleetSource* source : { &fromDb, &fromKept, &fromPhases }) {
        auto each = source->durationPercentilesEach(cohorts);
        ASSERT_TRUE(each.ok()) << each.error().message;
        ASSERT_EQ(each->size(), cohorts.size());
        for (size_t k = 0; k < cohorts.size(); ++k) {
            auto alone = fromPhases.durationPercentiles(cohorts[k]);
            ASSERT_TRUE(alone.ok());
            ASSERT_EQ((*each)[k].size(), alone->size()) << cohorts[k].text();
            for (size_t i = 0; i < alone->size(); ++i) {
                const auto& g = (*each)[k][i];
                const auto& e = (*alone)[i];
                EXPECT_EQ(g.name, e.name) << cohorts[k].text();
                EXPECT_EQ(g.count, e.count) << cohorts[k].text() << " " << e.name;
                EXPECT_EQ(g.percentiles.p50, e.percentiles.p50) << e.name;
                EXPECT_EQ(g.percentiles.p90, e.percentiles.p90) << e.name;
                EXPECT_EQ(g.percentiles.p99, e.percentiles.p99) << e.name;
            }
        }
    }
    core::CohortSpec unknown;
    unknown.labels = { "no-such-label" };
    EXPECT_FALSE(fromDb.durationPercentiles(unknown).ok());
    EXPECT_FALSE(fromDb.durationPercentilesEach({ cohorts[0], unknown }).ok());
    // More cohorts than a pass takes (8) are read one at a time.
    auto nine = fromDb.durationPercentilesEach(std::vector<core::CohortSpec>(9));
    ASSERT_TRUE(nine.ok()) << nine.error().message;
    EXPECT_EQ(nine->size(), 9u);
}

TEST_F(ServiceTest, ComparisonListsPhaseDistributionsInTheEnginesOrder)
{
    // The service fills the phase distributions from phaseDurations(); they come in the order
    // gpu::cohortInput() gives them from the engine's phases (category code, then subcategory).
    auto ws = Workspace::open(path("order.db"), Workspace::Mode::CreateIfMissing);
    ASSERT_TRUE(ws.ok());
    ImportRequest r;
    r.files = { kFleet200 };
    ASSERT_EQ(importFiles(**ws, r, {}, nullptr).failed(), 0);
    ASSERT_TRUE((*ws)->ensurePhases().ok());
    LocalFleetSource& fleet = **(*ws)->fleet();
    const core::CohortInput engine
        = gpu::cohortInput(fleet.engine(), core::CohortSpec {}, gpu::CohortOptions { "job", false, true });
    ComparisonRequest request;
    auto d = compare(fleet, request, ComparisonOptions { 100, false });
    ASSERT_TRUE(d.ok()) << d.error().message;
    const auto& dist = d->comparison.distributions;
    const size_t k = core::kFigureDistributions;
    ASSERT_EQ(dist.size(), engine.durations.size() + k);
    for (size_t i = 0; i < engine.durations.size(); ++i) {
        EXPECT_EQ(dist[i + k].name, engine.durations[i].name);
        EXPECT_EQ(dist[i + k].countA, engine.durations[i].count);
        EXPECT_EQ(dist[i + k].a.p90, engine.durations[i].percentiles.p90);
    }
}

TEST_F(ServiceTest, CapSamplesKeepsTheEndsAndTheOrder)
{
    std::vector<int64_t> v(DistributionSamples::kMaxSamples * 3);
    for (size_t i = 0; i < v.size(); ++i) {
        v[i] = static_cast<int64_t>(i);
    }
    const auto capped = capSamples(v);
    ASSERT_EQ(capped.size(), DistributionSamples::kMaxSamples);
    EXPECT_EQ(capped.front(), 0);
    EXPECT_EQ(capped.back(), v.back());
    EXPECT_TRUE(std::is_sorted(capped.begin(), capped.end()));
    EXPECT_EQ(capSamples({ 3, 1 }), (std::vector<int64_t> { 3, 1 })) << "short lists stay as they are";
}

TEST_F(ServiceTest, WhatIfSessionKeepsItsModelUntilTheCohortOrTheFleetChanges)
{
    auto ws = sampleWorkspace();
    WhatIfSession session;
    core::WhatIfChange faster;
    faster.bucket = core::Bucket::Init;
    faster.scale = 0.5;
    WhatIfRequest r { "label=before", { faster }, {} };
    auto first = session.project(*ws, r);
    ASSERT_TRUE(first.ok()) << first.error().message;
    EXPECT_TRUE(first->modelBuilt);
    EXPECT_EQ(first->cohortText, "label=before");
    auto again = session.project(*ws, r);
    ASSERT_TRUE(again.ok());
    EXPECT_FALSE(again->modelBuilt);
    EXPECT_EQ(again->result.projectedPico, first->result.projectedPico);
    ASSERT_TRUE(ws->reload().ok());
    auto reloaded = session.project(*ws, r);
    ASSERT_TRUE(reloaded.ok());
    EXPECT_TRUE(reloaded->modelBuilt) << "the old model pointed into the replaced fleet";
    EXPECT_EQ(reloaded->result.projectedPico, first->result.projectedPico);
    // Other excluded windows (spec 7.4) build it again: it holds only the time outside them.
    const auto vocabulary = (*ws->fleet())->vocabulary();
    WhatIfRequest windowed = r;
    windowed.excluded = { { vocabulary.firstNs, vocabulary.firstNs + 86'400'000'000'000 } };
    auto excluded = session.project(*ws, windowed);
    ASSERT_TRUE(excluded.ok()) << excluded.error().message;
    EXPECT_TRUE(excluded->modelBuilt);
    EXPECT_TRUE(excluded->result.today.excludedTotalNs() > 0);
    EXPECT_NE(excluded->result.todayPico, first->result.todayPico);
    EXPECT_FALSE(session.project(*ws, windowed)->modelBuilt);
    EXPECT_TRUE(session.project(*ws, r)->modelBuilt);
    auto typo = session.project(*ws, WhatIfRequest { "label=befor", {}, {} });
    ASSERT_FALSE(typo.ok());
    EXPECT_NE(typo.error().message.find("befor"), std::string::npos);
}

TEST_F(ServiceTest, LabelChangesReloadTheFleetAndUndoRestoresIt)
{
    auto ws = sampleWorkspace();
    auto fleet = [&] { return (*ws->fleet())->vocabulary(); };
    const int64_t jobs = fleet().jobs;
    auto contents = labelContents(*ws, "after");
    ASSERT_TRUE(contents.ok()) << contents.error().message;
    EXPECT_EQ(contents->files, 1);
    EXPECT_EQ(contents->jobs * 2, jobs);

    auto typo = removeLabel(*ws, "aftr", core::KeepForUndo::Yes);
    ASSERT_FALSE(typo.ok());
    EXPECT_NE(typo.error().message.find("nothing was removed"), std::string::npos) << typo.error().message;
    EXPECT_EQ(fleet().jobs, jobs);

    const uint64_t generation = ws->generation();
    auto removed = removeLabel(*ws, "after", core::KeepForUndo::Yes);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(removed->label.label, "after");
    EXPECT_EQ(removed->label.contents, *contents);
    EXPECT_TRUE(removed->reloadError.empty()) << removed->reloadError;
    EXPECT_NE(ws->generation(), generation) << "the fleet followed the store";
    EXPECT_EQ(fleet().labels, std::vector<std::string> { "before" });
    EXPECT_EQ(fleet().jobs * 2, jobs);

    auto restored = restoreRemovedLabel(*ws);
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(restored->label.contents, *contents);
    EXPECT_EQ(fleet().jobs, jobs);
    EXPECT_FALSE(restoreRemovedLabel(*ws).ok()) << "nothing left to restore";

    ASSERT_TRUE(renameLabel(*ws, "after", "candidate").ok());
    EXPECT_EQ(fleet().labels, (std::vector<std::string> { "before", "candidate" }));
    auto taken = renameLabel(*ws, "candidate", "before");
    ASSERT_FALSE(taken.ok());
    EXPECT_NE(taken.error().message.find(ws->path()), std::string::npos) << taken.error().message;
    auto files = datasets(*ws);
    ASSERT_TRUE(files.ok());
    EXPECT_EQ(files->size(), 2u);
}

TEST_F(ServiceTest, SavedScenariosRoundTripAndADeleteReturnsWhatWent)
{
    auto ws = sampleWorkspace();
    core::Scenario s;
    s.name = "faster init";
    s.cohort = "label=before";
    core::WhatIfChange faster;
    faster.bucket = core::Bucket::Init;
    faster.scale = 0.5;
    s.changes = { faster };
    ASSERT_TRUE(saveScenario(*ws, s).ok());
    core::Scenario unnamed = s;
    unnamed.name.clear();
    EXPECT_FALSE(saveScenario(*ws, unnamed).ok()) << "a scenario needs a name";
    auto listed = savedScenarios(*ws);
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 1u);
    EXPECT_EQ(listed->front().scenario.cohort, "label=before");
    auto missing = savedScenario(*ws, "slower");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("faster init"), std::string::npos) << "names what is saved";
    auto deleted = deleteScenario(*ws, "faster init");
    ASSERT_TRUE(deleted.ok()) << deleted.error().message;
    EXPECT_EQ(deleted->scenario.changes.size(), 1u);
    EXPECT_TRUE(savedScenarios(*ws)->empty());
    EXPECT_FALSE(deleteScenario(*ws, "faster init").ok());
}

TEST_F(ServiceTest, JobDetailNamesMissingAndAmbiguousJobs)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& fleet = **ws->fleet();
    const std::string key = (*fleet.jobs({}))[0].key;
    auto ambiguous = jobDetail(*ws, key, std::nullopt);
    ASSERT_FALSE(ambiguous.ok());
    EXPECT_NE(ambiguous.error().message.find("several labels (after, before)"), std::string::npos)
        << ambiguous.error().message;
    auto one = jobDetail(*ws, key, "before");
    ASSERT_TRUE(one.ok()) << one.error().message;
    EXPECT_EQ(one->job.key, key);
    EXPECT_EQ(one->figures.jobs, 1);
    EXPECT_FALSE(jobDetail(*ws, "no-such-job", std::nullopt).ok());
}

TEST_F(ServiceTest, ReportContentCarriesTheImportIssues)
{
    auto ws = sampleWorkspace();
    const std::string clipped = path("clipped.ett.jsonl");
    std::ofstream(clipped) << "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n"
                              "{\"type\":\"job\",\"job\":\"c1\",\"gpus\":8}\n"
                              "{\"type\":\"attempt\",\"job\":\"c1\",\"attempt\":0,\"start\":1000,\"end\":2000,"
                              "\"outcome\":\"completed\"}\n"
                              "{\"type\":\"phase\",\"job\":\"c1\",\"attempt\":0,\"phase\":\"train\","
                              "\"start\":900,\"end\":1500}\n";
    ImportRequest r;
    r.files = { clipped };
    r.label = "clipped";
    const ImportReport report = importFiles(*ws, r, {}, nullptr);
    ASSERT_EQ(report.failed(), 0) << report.files[0].error.message;
    EXPECT_GT(report.files[0].summary.issues.total(), 0);
    EXPECT_NE(issueLines(report.files[0].summary.issues).find("phase_clipped"), std::string::npos);
    auto content = gatherReport(*ws, ReportRequest {});
    ASSERT_TRUE(content.ok()) << content.error().message;
    const auto it = std::find_if(content->issues.begin(), content->issues.end(),
        [](const core::IssueInfo& i) { return i.kind == "phase_clipped"; });
    ASSERT_NE(it, content->issues.end());
    EXPECT_EQ(it->label, "clipped");
    EXPECT_EQ(content->datasets.size(), 3u);
}

// A fleet source that only forwards: the use cases must work through the interface alone, which is
// what lets a warehouse source take the local one's place.
class ForwardingSource final : public FleetSource
{
public:
    explicit ForwardingSource(FleetSource& inner)
        : m_inner(inner)
    {
    }
    int calls = 0;
    std::string location() const override { return m_inner.location(); }
    gpu::BackendInfo backend() const override { return m_inner.backend(); }
    FleetVocabulary vocabulary() const override { return m_inner.vocabulary(); }
    double lastQuerySeconds() const override { return m_inner.lastQuerySeconds(); }
    core::Result<GroupedFigures> rollup(const core::CohortSpec& s, const std::string& g) override
    {
        ++calls;
        return m_inner.rollup(s, g);
    }
    core::Result<std::optional<core::TimeSpan>> seriesSpan(
        const core::CohortSpec& s, std::optional<JobIndex> j) override
    {
        ++calls;
        return m_inner.seriesSpan(s, j);
    }
    core::Result<gpu::Series> seriesEvery(
        const core::CohortSpec& s, int64_t w, int64_t a, std::optional<JobIndex> j) override
    {
        ++calls;
        return m_inner.seriesEvery(s, w, a, j);
    }
    core::Result<std::vector<JobSummary>> jobs(const core::CohortSpec& s) override
    {
        ++calls;
        return m_inner.jobs(s);
    }
    core::Result<std::vector<TableRow>> attempts(const core::CohortSpec& s, JobIndex j) override
    {
        return m_inner.attempts(s, j);
    }
    std::vector<JobIndex> jobsWithKey(const std::string& k) const override { return m_inner.jobsWithKey(k); }
    JobMatches findJobs(const std::string& q, size_t n) const override { return m_inner.findJobs(q, n); }
    core::Result<core::JobTimeline> jobTimeline(JobIndex j) override { return m_inner.jobTimeline(j); }
    core::Result<FleetTimelineData> fleetTimeline(const core::CohortSpec& s, int64_t f, int64_t t, int n) override
    {
        return m_inner.fleetTimeline(s, f, t, n);
    }
    core::Result<core::CohortInput> cohortInput(const core::CohortSpec& c, const std::string& m) override
    {
        return m_inner.cohortInput(c, m);
    }
    core::Result<PhaseDurations> phaseDurations(const core::CohortSpec& c) override
    {
        return m_inner.phaseDurations(c);
    }
    core::Result<BucketIntervals> bucketIntervals(const IntervalRequest& r) override
    {
        return m_inner.bucketIntervals(r);
    }
    core::Result<gpu::AdviceTable> advice(const core::CohortSpec& s, const std::string& g) override
    {
        return m_inner.advice(s, g);
    }
    core::Result<std::unique_ptr<core::WhatIfModel>> whatIfModel(const core::CohortSpec& c) override
    {
        return m_inner.whatIfModel(c);
    }
    std::vector<std::string> scalableSubcategories() const override { return m_inner.scalableSubcategories(); }
    bool withPhases() const override { return m_inner.withPhases(); }
    core::Status ensurePhases() override { return m_inner.ensurePhases(); }

private:
    FleetSource& m_inner;
};

TEST_F(ServiceTest, UseCasesRunThroughTheFleetSourceInterfaceAlone)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& local = **ws->fleet();
    ForwardingSource seam(local);
    core::CohortSpec scope;
    scope.labels = { "after" };
    auto direct = overview(local, scope, gpu::Calendar::Week);
    auto through = overview(seam, scope, gpu::Calendar::Week);
    ASSERT_TRUE(direct.ok() && through.ok());
    EXPECT_GT(seam.calls, 0);
    expectSameFigures(through->fleet, direct->fleet);
    ASSERT_EQ(through->topJobs.size(), direct->topJobs.size());
    for (size_t i = 0; i < direct->topJobs.size(); ++i) {
        EXPECT_EQ(through->topJobs[i].key, direct->topJobs[i].key);
    }
    EXPECT_EQ(through->series.buckets.size(), direct->series.buckets.size());
}

} // namespace
} // namespace ett::app

namespace ett::app {
namespace {

// A lean load (no segments, the columnar copy's segment blobs unread) answers roll-ups over all time
// from the attempts' bucket totals with exactly the figures of a full load; a query that needs the
// segments (a time range, a series, a timeline, advice) reads them first and answers the same.
class LeanLoad : public ServiceTest
{
protected:
    std::unique_ptr<LocalFleetSource> loaded(core::Database& db, bool withDetail)
    {
        LocalFleetSource::LoadOptions o;
        o.withDetail = withDetail;
        o.backend = gpu::BackendKind::Cpu;
        auto s = LocalFleetSource::load(db, o);
        EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
        return s.ok() ? std::move(*s) : nullptr;
    }
};

TEST_F(LeanLoad, RollupsOverAllTimeNeedNoSegmentsAndOthersReadThem)
{
    auto ws = sampleWorkspace();
    auto full = loaded(ws->store(), true);
    auto lean = loaded(ws->store(), false);
    ASSERT_TRUE(full && lean);
    EXPECT_TRUE(full->withDetail());
    EXPECT_FALSE(lean->withDetail());
    EXPECT_EQ(lean->engine().attribution().segments(), 0u);
    EXPECT_EQ(lean->engine().attribution().segmentCount(), full->engine().attribution().segmentCount());
    EXPECT_GT(full->engine().attribution().segmentCount(), 0);
    EXPECT_EQ(lean->vocabulary().segments, full->vocabulary().segments);

    core::CohortSpec all;
    core::CohortSpec queued;
    queued.countQueue = true;
    for (const auto* scope : { &all, &queued }) {
        for (const char* by : { "", "label", "team", "job", "attempt", "cause_class" }) {
            SCOPED_TRACE(std::string("by ") + by + (scope->countQueue ? ", with queue" : ""));
            auto a = full->rollup(*scope, by);
            auto b = lean->rollup(*scope, by);
            ASSERT_TRUE(a.ok() && b.ok());
            expectSameFigures(a->total, b->total);
            ASSERT_EQ(a->groups.size(), b->groups.size());
            for (size_t g = 0; g < a->groups.size(); ++g) {
                EXPECT_EQ(a->groups[g].name, b->groups[g].name);
                expectSameFigures(a->groups[g].figures, b->groups[g].figures);
            }
        }
    }
    auto jobsA = full->jobs(all);
    auto jobsB = lean->jobs(all);
    ASSERT_TRUE(jobsA.ok() && jobsB.ok());
    ASSERT_EQ(jobsA->size(), jobsB->size());
    EXPECT_FALSE(lean->withDetail()) << "roll-ups over all time read the segments";

    // A time range: the segments are read alone into the fleet loaded (not the fleet again), the
    // full load's, and the clipped figures are the full load's.
    core::CohortSpec week;
    week.fromNs = 1'748'736'000'000'000'000 + 2 * 86'400'000'000'000;
    week.toNs = *week.fromNs + 7 * 86'400'000'000'000;
    const void* engineBefore = &lean->engine();
    EXPECT_TRUE(lean->segmentsPending());
    auto clippedA = full->rollup(week, "team");
    auto clippedB = lean->rollup(week, "team");
    ASSERT_TRUE(clippedA.ok() && clippedB.ok()) << (clippedB.ok() ? "" : clippedB.error().message);
    expectSameFigures(clippedA->total, clippedB->total);
    EXPECT_TRUE(lean->withDetail());
    EXPECT_FALSE(lean->segmentsPending());
    EXPECT_EQ(&lean->engine(), engineBefore) << "the fleet was read again, not given its segments";
    const gpu::Attribution& read = lean->engine().attribution();
    const gpu::Attribution& whole = full->engine().attribution();
    EXPECT_EQ(read.segments(), whole.segments());
    EXPECT_EQ(read.segmentCount(), whole.segmentCount());
    EXPECT_EQ(read.attemptSegmentBegin, whole.attemptSegmentBegin);
    EXPECT_EQ(read.segmentStartNs, whole.segmentStartNs);
    EXPECT_EQ(read.segmentEndNs, whole.segmentEndNs);
    EXPECT_EQ(read.segmentBucket, whole.segmentBucket);

    // Each kind of query that needs them reads them on its own.
    using Query = std::function<bool(LocalFleetSource&)>;
    const std::vector<std::pair<const char*, Query>> needing = {
        { "series", [](LocalFleetSource& s) { return s.series({}, gpu::Calendar::Day).ok(); } },
        { "fleet timeline",
            [](LocalFleetSource& s) {
                return s.fleetTimeline({}, 1'748'736'000'000'000'000, 1'750'000'000'000'000'000, 50).ok();
            } },
        { "advice", [](LocalFleetSource& s) { return s.advice({}, "team").ok(); } },
    };
    for (const auto& [name, query] : needing) {
        auto fresh = loaded(ws->store(), false);
        ASSERT_TRUE(fresh);
        EXPECT_TRUE(query(*fresh)) << name;
        EXPECT_TRUE(fresh->withDetail()) << name;
    }
    auto seriesA = full->series({}, gpu::Calendar::Day);
    auto fresh = loaded(ws->store(), false);
    auto seriesB = fresh->series({}, gpu::Calendar::Day);
    ASSERT_TRUE(seriesA.ok() && seriesB.ok());
    ASSERT_EQ(seriesA->buckets.size(), seriesB->buckets.size());
    for (size_t k = 0; k < seriesA->buckets.size(); ++k) {
        expectSameFigures(seriesA->buckets[k], seriesB->buckets[k]);
    }

    // Written in between (a file imported by another hand): the fleet is read whole again.
    {
        auto stale = loaded(ws->store(), false);
        ASSERT_TRUE(stale);
        ImportRequest r;
        r.files = { kWorkedExample };
        r.label = "later";
        ASSERT_EQ(importFiles(*ws, r, {}, nullptr).failed(), 0);
        const void* before = &stale->engine();
        ASSERT_TRUE(stale->ensureDetail().ok());
        EXPECT_NE(&stale->engine(), before);
        auto now = loaded(ws->store(), true);
        ASSERT_TRUE(now);
        EXPECT_EQ(stale->columns().jobs(), full->columns().jobs() + 1);
        EXPECT_EQ(stale->engine().attribution().segmentStartNs, now->engine().attribution().segmentStartNs);
        EXPECT_EQ(stale->engine().attribution().attemptSegmentBegin, now->engine().attribution().attemptSegmentBegin);
    }
}

// What the window reads on open (Workspace::windowLoad): the segments without the checkpoints. The
// overview's queries need no more; the first that needs the checkpoints (advice, what-if) reads
// them alone into the fleet loaded, and answers as a full load does; a database written in between
// is read whole again.
TEST_F(LeanLoad, TheWindowReadsTheCheckpointsWhenFirstAskedFor)
{
    auto ws = sampleWorkspace();
    auto full = loaded(ws->store(), true);
    ASSERT_TRUE(full);
    auto open = [&] {
        LocalFleetSource::LoadOptions o = Workspace::windowLoad();
        o.backend = gpu::BackendKind::Cpu;
        auto s = LocalFleetSource::load(ws->store(), o);
        EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
        return s.ok() ? std::move(*s) : nullptr;
    };
    auto window = open();
    ASSERT_TRUE(window);
    EXPECT_FALSE(window->withDetail());
    EXPECT_FALSE(window->withCheckpoints());
    EXPECT_EQ(window->columns().checkpoints(), 0u);
    // The overview in the data worker's two steps: the figures and top jobs from the lean fleet,
    // then the series once the segments are read; each the full load's.
    auto shown = overviewFigures(*window, {}, gpu::Calendar::Day);
    auto expected = overview(*full, {}, gpu::Calendar::Day);
    ASSERT_TRUE(shown.ok() && expected.ok());
    EXPECT_TRUE(shown->seriesPending);
    EXPECT_FALSE(expected->seriesPending);
    EXPECT_TRUE(shown->series.buckets.empty());
    EXPECT_TRUE(window->segmentsPending()) << "the figures read the segments";
    expectSameFigures(shown->fleet, expected->fleet);
    ASSERT_EQ(shown->topJobs.size(), expected->topJobs.size());
    for (size_t i = 0; i < shown->topJobs.size(); ++i) {
        EXPECT_EQ(shown->topJobs[i].key, expected->topJobs[i].key) << i;
    }
    ASSERT_EQ(shown->byCauseClass.size(), expected->byCauseClass.size());
    ASSERT_TRUE(addOverviewSeries(*window, {}, *shown).ok());
    EXPECT_FALSE(shown->seriesPending);
    EXPECT_TRUE(window->withDetail());
    ASSERT_EQ(shown->series.buckets.size(), expected->series.buckets.size());
    for (size_t k = 0; k < shown->series.buckets.size(); ++k) {
        expectSameFigures(shown->series.buckets[k], expected->series.buckets[k]);
    }
    EXPECT_FALSE(window->withCheckpoints()) << "the overview read the checkpoints";

    const void* engineBefore = &window->engine();
    auto advice = window->advice({}, "team");
    auto reference = full->advice({}, "team");
    ASSERT_TRUE(advice.ok() && reference.ok()) << (advice.ok() ? "" : advice.error().message);
    EXPECT_TRUE(window->withCheckpoints());
    EXPECT_EQ(&window->engine(), engineBefore) << "the fleet was read again, not given its checkpoints";
    EXPECT_EQ(window->columns().checkpointStartNs, full->columns().checkpointStartNs);
    EXPECT_EQ(window->columns().checkpointDurableNs, full->columns().checkpointDurableNs);
    EXPECT_EQ(window->columns().checkpointFailed, full->columns().checkpointFailed);
    ASSERT_EQ(advice->groups.size(), reference->groups.size());
    EXPECT_EQ(advice->total.name, reference->total.name);
    EXPECT_EQ(advice->total.measured.jobs, reference->total.measured.jobs);
    EXPECT_EQ(advice->total.measured.saves, reference->total.measured.saves);
    EXPECT_GT(advice->total.measured.saves, 0);
    EXPECT_EQ(advice->total.youngIntervalS, reference->total.youngIntervalS);
    EXPECT_EQ(advice->total.gainGpuHours, reference->total.gainGpuHours);

    // Written in between (a job's checkpoints, outside the workbench): the fleet is read whole again.
    auto stale = open();
    ASSERT_TRUE(stale);
    ASSERT_TRUE(ws->store().exec("DELETE FROM checkpoints WHERE job_id = (SELECT min(job_id) FROM checkpoints)").ok());
    auto again = stale->advice({}, "team");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(stale->withCheckpoints());
    auto fresh = loaded(ws->store(), true);
    ASSERT_TRUE(fresh);
    EXPECT_EQ(stale->columns().checkpointStartNs, fresh->columns().checkpointStartNs);
    EXPECT_EQ(stale->columns().jobCheckpointBegin, fresh->columns().jobCheckpointBegin);
    EXPECT_LT(stale->columns().checkpoints(), full->columns().checkpoints());
}

// The local source ranks on roll-ups by job of a block of jobs at a time and makes summaries of the
// jobs it returns only: the same jobs in the same order as rankJobs over every job (FleetSource's
// default), ties included, whatever the blocks.
TEST_F(ServiceTest, WorstJobsRankedOnTheRollupAreRankJobsOverEveryJob)
{
    auto ws = sampleWorkspace();
    LocalFleetSource& fleet = **ws->fleet();
    core::CohortSpec all;
    core::CohortSpec week;
    week.fromNs = 1'748'736'000'000'000'000 + 2 * 86'400'000'000'000;
    week.toNs = *week.fromNs + 7 * 86'400'000'000'000;
    core::CohortSpec team;
    team.attrs = { { "team", { "ads", "llm" } } };
    // Ranked in blocks of 16,384 jobs (one here), of 7 (29 blocks) and of one job each.
    for (const size_t block : { size_t { 16'384 }, size_t { 7 }, size_t { 1 } }) {
        fleet.setRankingBlockJobs(block);
        for (const auto* scope : { &all, &week, &team }) {
            for (const char* sort : { "lost_gpu_hours", "ett" }) {
                for (const int64_t limit : { 0, 1, 10, 57 }) {
                    SCOPED_TRACE(scope->text() + " " + sort + " " + std::to_string(limit) + ", blocks of "
                        + std::to_string(block));
                    auto ranked = fleet.worstJobs(*scope, sort, limit);
                    auto reference = fleet.FleetSource::worstJobs(*scope, sort, limit);
                    ASSERT_TRUE(ranked.ok() && reference.ok());
                    ASSERT_EQ(ranked->size(), reference->size());
                    EXPECT_FALSE(ranked->empty());
                    for (size_t i = 0; i < ranked->size(); ++i) {
                        const JobSummary& a = (*ranked)[i];
                        const JobSummary& b = (*reference)[i];
                        EXPECT_EQ(a.job, b.job);
                        EXPECT_EQ(a.key, b.key);
                        EXPECT_EQ(a.label, b.label);
                        EXPECT_EQ(a.name, b.name);
                        EXPECT_EQ(a.rowId, b.rowId);
                        EXPECT_EQ(a.gpus, b.gpus);
                        expectSameFigures(a.figures, b.figures);
                    }
                }
            }
        }
    }
}

} // namespace
} // namespace ett::app
