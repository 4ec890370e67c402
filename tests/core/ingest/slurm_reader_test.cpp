// Tests of the Slurm accounting reader: real sacct output of a one-node Slurm 22.05 cluster
// (tests/data/slurm/README.md says how the jobs were made: requeued, preempted, timed out,
// cancelled, failed, a node failure, an array, one still running), in --parsable2 with and without
// --duplicates, in another timezone, and --json; then hand-made files for what that cluster could
// not show (the later JSON shape, OUT_OF_MEMORY, BOOT_FAIL, PENDING, Restarts, CPU-only jobs), and
// bad input.
#include "core/ingest/formats.h"
#include "core/model/timeutil.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000; // nanoseconds per second

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions slurmOptions(const std::string& label = "default")
{
    ImportOptions o;
    o.label = label;
    o.reader.format = TraceFormat::Slurm;
    return o;
}

int64_t issueCount(const ImportSummary& s, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        if (key.first == kind) {
            n += e.count;
        }
    }
    return n;
}

std::string importError(Store& s, const std::string& path, const ImportOptions& o = slurmOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

// 2026-12-03T<hms>Z in nanoseconds: the day of the real capture.
int64_t at(const std::string& hms)
{
    return *parseRfc3339("2026-12-03T" + hms + "Z");
}

std::string dataFile(const std::string& name)
{
    return std::string(ETT_TEST_DATA_DIR) + "/slurm/" + name;
}

const FleetJob* findJob(const std::vector<FleetJob>& jobs, const std::string& key)
{
    for (const FleetJob& j : jobs) {
        if (j.key == key) {
            return &j;
        }
    }
    return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Real sacct output. The figures below were worked out by hand from the rows of
// sacct_duplicates.txt (quoted in each test).

TEST(SlurmReaderReal, DuplicatesCaptureGivesOneJobPerSlurmJobAndOneAttemptPerRun)
{
    Store s;
    const ImportSummary sum = s.import(dataFile("sacct_duplicates.txt")); // detected by content
    EXPECT_EQ(sum.format, "slurm");
    // Jobs 1-11, the array tasks 12_1 and 12_2, 15, 16, 17: 16 jobs. Runs: 4, 5 and 11 twice, 16
    // three times, the others once: 21 attempts. The 37 step rows give nothing.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 16);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 21);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'completed'"), 10);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'failed'"), 7);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'preempted'"), 2);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'cancelled'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'running'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 21) << "one phase covering each attempt";
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs WHERE job_key IN ('12_1', '12_2')"), 2) << "array tasks";
    EXPECT_EQ(issueCount(sum, "coarse"), 16);
    EXPECT_EQ(issueCount(sum, "assumed_timezone"), 1);
    EXPECT_EQ(issueCount(sum, "running_at_capture"), 1);
    EXPECT_EQ(issueCount(sum, "step_without_job"), 0);
}

TEST(SlurmReaderReal, RequeuedTwiceJobHasThreeAttemptsAndItsFirstSubmission)
{
    // 16|16|requeue-twice|batch|mlteam|root|REQUEUED|0:0|...15:41:30|...15:41:33|...15:41:35|...gres/gpu=3...
    // 16|16|requeue-twice|batch|mlteam|root|REQUEUED|0:0|...15:41:35|...15:43:58|...15:44:04|...
    // 16|16|requeue-twice|batch|mlteam|root|COMPLETED|0:0|...15:44:04|...15:46:30|...15:46:42|...
    Store s;
    s.import(dataFile("sacct_duplicates.txt"), slurmOptions());
    const auto jobs = s.fleet();
    const FleetJob* j = findJob(jobs, "16");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->name, "requeue-twice");
    EXPECT_EQ(j->gpus, 3);
    EXPECT_EQ(j->attr("account"), "mlteam");
    EXPECT_EQ(j->attr("user"), "root");
    EXPECT_EQ(j->attr("partition"), "batch");
    EXPECT_EQ(j->attr("source"), "slurm");
    const JobResult& r = j->result;
    ASSERT_EQ(r.attempts.size(), 3u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[2].outcome, Outcome::Completed);
    EXPECT_EQ(j->attemptInfo[0].cause, "manual.requeue");
    EXPECT_EQ(r.windowStartNs, at("15:41:33"));
    EXPECT_EQ(r.windowEndNs, at("15:46:42"));
    EXPECT_EQ(r.e2eNs(), 309 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 20 * kS); // 2 + 6 + 12
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 289 * kS); // 143 + 146 between the runs
    EXPECT_EQ(r.queueBeforeNs, 3 * kS) << "15:41:30 (the first Submit; a requeue resets it) to 15:41:33";
    EXPECT_EQ(r.failures, 0) << "a requeue by hand is another interruption, not a failure";
    EXPECT_EQ(r.otherInterruptions, 2);
}

TEST(SlurmReaderReal, NodeFailureIsAnInfraFailureRecoveredByTheRequeue)
{
    // 11|11|nodefail-requeue|...|NODE_FAIL|0:0|...15:38:49|...15:38:50|...15:38:57|...gres/gpu=4...
    // 11|11|nodefail-requeue|...|COMPLETED|0:0|...15:38:57|...15:40:59|...15:41:20|...
    Store s;
    s.import(dataFile("sacct_duplicates.txt"), slurmOptions());
    const auto jobs = s.fleet();
    const FleetJob* j = findJob(jobs, "11");
    ASSERT_NE(j, nullptr);
    const JobResult& r = j->result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(j->gpus, 4);
    EXPECT_EQ(j->attemptInfo[0].cause, "infra.node");
    EXPECT_EQ(r.failures, 1);
    EXPECT_EQ(r.attempts[0].faultNs, at("15:38:57"));
    EXPECT_EQ(r.attempts[0].ttrNs, 122 * kS); // 15:38:57 -> 15:40:59
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 28 * kS); // 7 + 21
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 122 * kS);
    EXPECT_EQ(r.queueBeforeNs, 1 * kS);
}

TEST(SlurmReaderReal, StatesGiveOutcomesCausesAndDetails)
{
    Store s;
    s.import(dataFile("sacct_duplicates.txt"), slurmOptions());
    const auto jobs = s.fleet();
    // 5|5|preempt-victim|...|PREEMPTED|...|...15:37:39|...15:37:40|...15:37:46|...gres/gpu=7...
    const FleetJob* preempted = findJob(jobs, "5");
    ASSERT_NE(preempted, nullptr);
    EXPECT_EQ(preempted->result.preemptions, 1);
    EXPECT_EQ(preempted->attemptInfo[0].cause, "preemption");
    EXPECT_EQ(preempted->gpus, 7);
    // 2|2|bad-config|batch|mlteam|alice|FAILED|3:0|...15:37:01|...15:37:04|...15:37:06|...
    const FleetJob* failed = findJob(jobs, "2");
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(failed->attemptInfo[0].cause, "unknown.exit_code");
    EXPECT_EQ(failed->attemptInfo[0].detail, "state FAILED; exit code 3:0; nodes vm");
    EXPECT_EQ(failed->attr("user"), "alice");
    EXPECT_EQ(failed->result.failures, 1);
    EXPECT_EQ(failed->result.queueBeforeNs, 3 * kS);
    // 3|3|will-timeout|...|TIMEOUT|...
    const FleetJob* timeout = findJob(jobs, "3");
    ASSERT_NE(timeout, nullptr);
    EXPECT_EQ(timeout->result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(timeout->attemptInfo[0].cause, "user.time_limit");
    // 9|9|cancel-me|batch|mlteam|alice|CANCELLED by 1001|0:0|...15:38:07|...15:38:08|...15:38:17|...
    const FleetJob* cancelled = findJob(jobs, "9");
    ASSERT_NE(cancelled, nullptr);
    EXPECT_EQ(cancelled->result.attempts[0].outcome, Outcome::Cancelled);
    EXPECT_EQ(cancelled->attemptInfo[0].detail, "state CANCELLED by 1001; exit code 0:0; nodes vm");
    EXPECT_EQ(cancelled->result.e2eNs(), 9 * kS);
    // 17|17|llm-long-run|urgent|...|RUNNING|...|15:51:12|15:51:12|Unknown|...gres/gpu=8...: its
    // start is the latest time in the file, so the run ends there.
    const FleetJob* running = findJob(jobs, "17");
    ASSERT_NE(running, nullptr);
    EXPECT_EQ(running->result.attempts[0].outcome, Outcome::Running);
    EXPECT_EQ(running->result.windowEndNs, at("15:51:12"));
    EXPECT_EQ(running->gpus, 8);
}

TEST(SlurmReaderReal, JsonGivesTheSameAttemptsAsTheParsableTable)
{
    Store s;
    const ImportSummary json = s.import(dataFile("sacct_duplicates.json"), "json"); // detected by content
    EXPECT_EQ(json.format, "slurm");
    s.import(dataFile("sacct_duplicates.txt"), "table");
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 42);
    // Every attempt of one label has its twin in the other: same job, number, window, outcome,
    // cause and GPUs.
    EXPECT_EQ(s.count(R"(SELECT COUNT(*) FROM attempts a JOIN jobs ja ON ja.id = a.job_id
        JOIN labels la ON la.id = ja.label_id AND la.name = 'json'
        JOIN jobs jb ON jb.job_key = ja.job_key AND jb.id != ja.id AND jb.gpus = ja.gpus
            AND jb.name = ja.name AND jb.submitted_ns IS ja.submitted_ns
        JOIN attempts b ON b.job_id = jb.id AND b.attempt_no = a.attempt_no AND b.start_ns = a.start_ns
            AND b.end_ns = a.end_ns AND b.outcome = a.outcome AND b.cause = a.cause AND b.gpus IS a.gpus)"),
        21);
    EXPECT_EQ(issueCount(json, "assumed_timezone"), 0) << "JSON times are Unix seconds";
}

TEST(SlurmReaderReal, LocalTimesAreReadInTheGivenTimezone)
{
    // The same capture with TZ=Europe/Berlin (UTC+01:00 in December): every time one hour later.
    Store s;
    s.import(dataFile("sacct_duplicates.txt"), "utc");
    ImportOptions berlin = slurmOptions("berlin");
    berlin.reader.timezone = "+01:00";
    const ImportSummary sum = s.import(dataFile("sacct_duplicates_berlin.txt"), berlin);
    EXPECT_EQ(issueCount(sum, "assumed_timezone"), 0);
    EXPECT_EQ(s.count(R"(SELECT COUNT(*) FROM attempts a JOIN jobs ja ON ja.id = a.job_id
        JOIN jobs jb ON jb.job_key = ja.job_key AND jb.id > ja.id
        JOIN attempts b ON b.job_id = jb.id AND b.attempt_no = a.attempt_no AND b.start_ns = a.start_ns
            AND b.end_ns = a.end_ns)"),
        21);
    // Read as UTC, the Berlin file is an hour late.
    Store t;
    t.import(dataFile("sacct_duplicates_berlin.txt"), slurmOptions());
    const auto jobs = t.fleet();
    const FleetJob* j = findJob(jobs, "16");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->result.windowStartNs, at("16:41:33"));
}

TEST(SlurmReaderReal, WithoutDuplicatesOnlyTheLatestRunIsKnown)
{
    // 16|16|requeue-twice|...|COMPLETED|0:0|2026-12-03T15:44:04|2026-12-03T15:46:30|2026-12-03T15:46:42
    Store s;
    s.import(dataFile("sacct_latest.txt"), slurmOptions());
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 16);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 16);
    const auto jobs = s.fleet();
    const FleetJob* j = findJob(jobs, "16");
    ASSERT_NE(j, nullptr);
    ASSERT_EQ(j->result.attempts.size(), 1u);
    EXPECT_EQ(j->result.queueBeforeNs, 146 * kS) << "the requeue reset Submit: the wait after it looks like queue";
}

// ---------------------------------------------------------------------------------------------
// Hand-made files, modelled on sacct's output (sacct.1; Slurm's data_parser for --json).

TEST(SlurmReader, ParsableWithTrailingBarsRestartsAndStatesTheClusterCouldNotShow)
{
    Store s;
    // --parsable (every line ends with '|'), times in UTC+02:00.
    const std::string text
        = "JobID|JobName|Partition|Account|User|State|ExitCode|Submit|Start|End|AllocTRES|NodeList|Restarts|\n"
          "100|oom|gpu|ml|bob|OUT_OF_MEMORY|0:125|2026-06-01T10:00:00|2026-06-01T10:05:00|2026-06-01T11:05:00|"
          "cpu=64,gres/gpu:a100=8,node=1|n[01-02]|0|\n"
          "100.batch|batch||ml||OUT_OF_MEMORY|0:125|2026-06-01T10:05:00|2026-06-01T10:05:00|2026-06-01T11:05:00|"
          "cpu=64,gres/gpu:a100=8,mem=0,node=1|n01||\n"
          "101|boot|gpu|ml|bob|BOOT_FAIL|0:0|2026-06-01T10:00:00|2026-06-01T10:01:00|2026-06-01T10:01:30|"
          "gres/gpu=16|n03|2|\n"
          "102|waiting|gpu|ml|bob|PENDING|0:0|2026-06-01T10:00:00|Unknown|Unknown||None assigned|0|\n"
          "103|gave-up|gpu|ml|bob|CANCELLED by 0|0:0|2026-06-01T10:00:00|None|2026-06-01T10:30:00||None "
          "assigned|0|\n"
          "104|cpu-only|cpu|ml|bob|COMPLETED|0:0|2026-06-01T10:00:00|2026-06-01T10:00:00|2026-06-01T10:10:00|"
          "cpu=4,node=1|c01|0|\n"
          "105|odd|gpu|ml|bob|LOST_IN_SPACE|0:0|2026-06-01T10:00:00|2026-06-01T10:00:10|2026-06-01T10:00:20|"
          "gres/gpu=1|n04|0|\n"
          "999.0|orphan||ml||COMPLETED|0:0|2026-06-01T10:00:00|2026-06-01T10:00:00|2026-06-01T10:00:01|gres/gpu=1|"
          "n05||\n";
    ImportOptions o = slurmOptions();
    o.reader.timezone = "+02:00";
    const ImportSummary sum = s.import(s.write("hand.txt", text), o);
    EXPECT_EQ(issueCount(sum, "never_started"), 2) << "102 pending, 103 cancelled before it started";
    EXPECT_EQ(issueCount(sum, "zero_gpus"), 1) << "104";
    EXPECT_EQ(issueCount(sum, "unknown_state"), 1) << "105";
    EXPECT_EQ(issueCount(sum, "earlier_runs_missing"), 1) << "101: Restarts 2, one run";
    EXPECT_EQ(issueCount(sum, "step_without_job"), 1) << "999.0";
    EXPECT_EQ(issueCount(sum, "assumed_timezone"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 3);
    const auto jobs = s.fleet();
    const FleetJob* oom = findJob(jobs, "100");
    ASSERT_NE(oom, nullptr);
    EXPECT_EQ(oom->gpus, 8) << "the typed gres/gpu:a100 count";
    EXPECT_EQ(oom->attemptInfo[0].cause, "user.oom");
    EXPECT_EQ(oom->attemptInfo[0].detail, "state OUT_OF_MEMORY; exit code 0:125; nodes n[01-02]");
    // 10:05 local at +02:00 is 08:05 UTC; queue 5 min; one hour of run.
    EXPECT_EQ(oom->result.windowStartNs, *parseRfc3339("2026-06-01T08:05:00Z"));
    EXPECT_EQ(oom->result.queueBeforeNs, 300 * kS);
    EXPECT_EQ(oom->result.bucketsNs[idx(Bucket::Productive)], 3600 * kS);
    EXPECT_EQ(oom->result.otherInterruptions, 1) << "user cause";
    const FleetJob* boot = findJob(jobs, "101");
    ASSERT_NE(boot, nullptr);
    EXPECT_EQ(boot->gpus, 16);
    EXPECT_EQ(boot->attemptInfo[0].cause, "infra.node.boot");
    EXPECT_EQ(boot->result.failures, 1);
    const FleetJob* odd = findJob(jobs, "105");
    ASSERT_NE(odd, nullptr);
    EXPECT_EQ(odd->result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(odd->attemptInfo[0].cause, "unknown");
}

// The shape of data_parser v0.0.40 and later: states as arrays, numbers that may be unset as
// {"set", "infinite", "number"}, restart_cnt, typed GPU TRES.
const char* kNewJson = R"({
  "jobs": [
    {"job_id": 500, "name": "pretrain", "partition": "h100", "account": "llm", "user": "carol", "cluster": "c1",
     "array": {"job_id": 0, "task_id": {"set": false, "infinite": false, "number": 0}, "task": ""},
     "het": {"job_id": 0, "job_offset": {"set": false, "infinite": false, "number": 0}},
     "state": {"current": ["PENDING", "REQUEUED"], "reason": "None"},
     "exit_code": {"status": ["SUCCESS"], "return_code": {"set": true, "infinite": false, "number": 0},
                   "signal": {"id": {"set": false, "infinite": false, "number": 0}, "name": ""}},
     "time": {"submission": 1780000000, "start": 1780000600, "end": 1780004200, "elapsed": 3600,
              "limit": {"set": true, "infinite": false, "number": 1440}},
     "restart_cnt": 0, "nodes": "gpu[001-004]",
     "tres": {"allocated": [{"type": "cpu", "name": "", "id": 1, "count": 128},
                            {"type": "gres", "name": "gpu:h100", "id": 1002, "count": 32}], "requested": []},
     "steps": [{"step": {"id": "500.batch"}, "state": ["CANCELLED"]}]},
    {"job_id": 500, "name": "pretrain", "partition": "h100", "account": "llm", "user": "carol", "cluster": "c1",
     "array": {"job_id": 0, "task_id": {"set": false, "infinite": false, "number": 0}},
     "state": {"current": ["FAILED"], "reason": "NonZeroExitCode"},
     "exit_code": {"status": ["ERROR"], "return_code": {"set": true, "infinite": false, "number": 1},
                   "signal": {"id": {"set": false, "infinite": false, "number": 0}, "name": ""}},
     "time": {"submission": 1780004200, "start": 1780004500, "end": 1780008100},
     "restart_cnt": 1, "nodes": "gpu[005-008]",
     "tres": {"allocated": [{"type": "gres", "name": "gpu:h100", "id": 1002, "count": 32}]}},
    {"job_id": 502, "name": "sweep", "array": {"job_id": 501, "task_id": {"set": true, "infinite": false, "number": 3}},
     "state": {"current": ["CANCELLED"]}, "kill_request_user": "dave",
     "exit_code": {"status": ["SIGNALED"], "return_code": {"set": true, "infinite": false, "number": 0},
                   "signal": {"id": {"set": true, "infinite": false, "number": 15}, "name": "TERM"}},
     "time": {"submission": 1780000000, "start": 1780000100, "end": 1780000200},
     "tres": {"allocated": [{"type": "gres", "name": "gpu", "id": 1001, "count": 1}]}}
  ],
  "meta": {"slurm": {"version": {"major": "24", "micro": "1", "minor": "05"}, "release": "24.05.1"}},
  "errors": [], "warnings": []
})";

TEST(SlurmReader, LaterJsonShapeWithStateArraysAndUnsetNumbers)
{
    // 500: run 0 [1780000600, 1780004200) requeued, run 1 [1780004500, 1780008100) failed with exit
    // code 1. Submitted 1780000000: queue 600 s. Gap 300 s. 32 GPUs.
    // 501_3: an array task cancelled by dave after 100 s.
    Store s;
    const ImportSummary sum = s.import(s.write("new.json", kNewJson)); // detected by content
    EXPECT_EQ(sum.format, "slurm");
    EXPECT_EQ(issueCount(sum, "earlier_runs_missing"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 2u);
    const FleetJob* j = findJob(jobs, "500");
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->gpus, 32);
    EXPECT_EQ(j->attr("cluster"), "c1");
    const JobResult& r = j->result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(j->attemptInfo[0].cause, "manual.requeue");
    EXPECT_EQ(j->attemptInfo[1].cause, "unknown.exit_code");
    EXPECT_EQ(j->attemptInfo[1].detail, "state FAILED; exit code 1:0; nodes gpu[005-008]");
    EXPECT_EQ(r.queueBeforeNs, 600 * kS);
    EXPECT_EQ(r.e2eNs(), 7500 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 7200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 300 * kS);
    EXPECT_EQ(r.failures, 1);
    EXPECT_EQ(r.otherInterruptions, 1);
    const FleetJob* task = findJob(jobs, "501_3");
    ASSERT_NE(task, nullptr);
    EXPECT_EQ(task->result.attempts[0].outcome, Outcome::Cancelled);
    EXPECT_EQ(task->attemptInfo[0].detail, "state CANCELLED by dave; exit code 0:15");
}

TEST(SlurmReader, SettingsChangeWhatAStateMeans)
{
    Store s;
    const std::string rules
        = s.write("rules.json", R"({"format": "slurm", "phases": [{"exact": "run", "phase": "train"}],
        "settings": {"outcomes": {"TIMEOUT": "completed"}, "causes": {"FAILED": "user.crash"}}})");
    ImportOptions o = slurmOptions();
    o.reader.mappingPath = rules;
    s.import(dataFile("sacct_duplicates.txt"), o);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.job_key = '3' AND "
                      "a.outcome = 'completed'"),
        1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'user.crash'"), 2) << "jobs 2 and 15";
}

TEST(SlurmReader, AnotherDelimiterKeepsBarsInJobNames)
{
    // sacct --parsable2 --delimiter=';' for a job named "a|b".
    Store s;
    const std::string rules
        = s.write("semi.json", R"({"format": "slurm", "phases": [{"exact": "run", "phase": "train"}],
        "settings": {"delimiter": ";"}})");
    ImportOptions o = slurmOptions();
    o.reader.mappingPath = rules;
    s.import(s.write("semi.txt",
                 "JobID;JobName;State;Start;End;AllocTRES\n"
                 "7;a|b;COMPLETED;2026-01-01T00:00:00;2026-01-01T00:10:00;gres/gpu=2\n"),
        o);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].name, "a|b");
    EXPECT_EQ(jobs[0].result.e2eNs(), 600 * kS);
    // Captured with '|', the same row has a field too many.
    const std::string bar = s.write("bar.txt",
        "JobID|JobName|State|Start|End|AllocTRES\n"
        "7|a|b|COMPLETED|2026-01-01T00:00:00|2026-01-01T00:10:00|gres/gpu=2\n");
    const std::string msg = importError(s, bar);
    EXPECT_NE(msg.find(bar + ":2: sacct row: expected 6 fields (as many as the header), found 7"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("setting \"delimiter\""), std::string::npos) << msg;
}

// ---------------------------------------------------------------------------------------------
// Detection and bad input.

// The detected format, or Auto when detection fails.
TraceFormat detected(const std::string& path)
{
    auto f = detectFormat(path);
    return f.ok() ? *f : TraceFormat::Auto;
}

TEST(SlurmReaderDetect, ContentNotNameChoosesSlurm)
{
    Store s;
    EXPECT_EQ(detected(s.write("a.log", "JobID|State|Start|End\n1|COMPLETED|Unknown|Unknown\n")), TraceFormat::Slurm);
    EXPECT_EQ(detected(s.write("b.csv", "JobIDRaw|JobName|State\n")), TraceFormat::Slurm);
    EXPECT_EQ(detected(s.write("c.txt", kNewJson)), TraceFormat::Slurm);
    const std::string compact = R"({"meta":{"plugin":{"type":"openapi/dbv0.0.38"},"Slurm":{}},"jobs":[]})";
    EXPECT_EQ(detected(s.write("d.json", compact)), TraceFormat::Slurm);
    // Not Slurm: a console line with bars, a CSV header, a native trace.
    EXPECT_EQ(detected(s.write("e.log", "12:00 step 3 | loss 2.1 | lr 0.1\n")), TraceFormat::Log);
    EXPECT_EQ(detected(s.write("f.csv", "job,state,start,end\n")), TraceFormat::Table);
    EXPECT_EQ(detected(s.write("g.jsonl", "{\"type\":\"job\",\"job\":\"jobs\"}\n")), TraceFormat::Ett);
    EXPECT_EQ(detected(s.write("h.jsonl",
                  "{\"type\":\"job\",\"job\":\"jobs\",\"attrs\":{\"scheduler\":\"slurm\",\"job_id\":\"1\"}}\n")),
        TraceFormat::Ett)
        << "a native record that mentions jobs and slurm";
}

TEST(SlurmReaderErrors, BadParsableInputNamesFileLineAndField)
{
    Store s;
    const std::string header = "JobID|State|Submit|Start|End|AllocTRES\n";
    std::string f = s.write("nohead.txt", "JobID|JobName\n1|x\n");
    std::string msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":1: sacct header: missing State, Start, End"), std::string::npos) << msg;

    f = s.write("fields.txt", header + "1|COMPLETED|2026-01-01T00:00:00\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: expected 6 fields"), std::string::npos) << msg;

    f = s.write("time.txt", header + "1|COMPLETED|2026-01-01T00:00:00|yesterday|2026-01-01T01:00:00|gres/gpu=1\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: field 'Start': expected a time"), std::string::npos) << msg;
    EXPECT_NE(msg.find("\"yesterday\""), std::string::npos) << msg;

    f = s.write("month.txt", header + "1|COMPLETED|2026-13-01T00:00:00|Unknown|Unknown|gres/gpu=1\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: field 'Submit'"), std::string::npos) << msg;

    f = s.write("huge.txt", header + "1|COMPLETED|99999999999999999999|Unknown|Unknown|gres/gpu=1\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: field 'Submit'"), std::string::npos) << msg;

    f = s.write(
        "tres.txt", header + "1|COMPLETED|2026-01-01T00:00:00|2026-01-01T00:00:00|2026-01-01T01:00:00|gres/gpu=many\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: field 'AllocTRES'"), std::string::npos) << msg;

    f = s.write(
        "order.txt", header + "1|COMPLETED|2026-01-01T00:00:00|2026-01-01T02:00:00|2026-01-01T01:00:00|gres/gpu=1\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: job 1: field 'End': expected a time at or after Start"), std::string::npos) << msg;

    f = s.write("empty.txt", "\n\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ": the file is empty"), std::string::npos) << msg;

    f = s.write("binary.txt", header + std::string("1|COMPLETED|\0\x01\x02|x|y|z\n", 22));
    msg = importError(s, f);
    EXPECT_FALSE(msg.empty());
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0) << "nothing of a failed file is stored";
}

TEST(SlurmReaderErrors, BadJsonNamesFileLineAndField)
{
    Store s;
    std::string f = s.write("type.json", R"({"jobs": [{"job_id": "500", "state": {"current": "COMPLETED"}}]})");
    std::string msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":1: sacct JSON job: field 'job_id': expected an integer"), std::string::npos) << msg;

    f = s.write("nostate.json", "{\"jobs\": [\n{\"job_id\": 5}]}");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct JSON job: field 'state' is missing"), std::string::npos) << msg;

    f = s.write("cut.json", R"({"jobs": [{"job_id": 5, "state": {"current": "COMPLETED"}, "time": {"sta)");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":1: sacct JSON job: not valid JSON"), std::string::npos) << msg;

    f = s.write(
        "time.json", R"({"jobs": [{"job_id": 5, "state": {"current": "COMPLETED"}, "time": {"start": 1e300}}]})");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":1: sacct JSON job: field 'time/start': expected Unix seconds"), std::string::npos) << msg;

    f = s.write("nojobs.json", R"({"meta": {"slurm": {}}, "errors": []})");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ": sacct JSON: no \"jobs\" array"), std::string::npos) << msg;

    f = s.write("deep.json", "{\"jobs\": [" + std::string(5000, '[') + std::string(5000, ']') + "]}");
    msg = importError(s, f);
    EXPECT_FALSE(msg.empty());

    f = s.write("after.json", R"({"jobs": []} trailing)");
    msg = importError(s, f);
    EXPECT_NE(msg.find("nothing after the document's closing '}'"), std::string::npos) << msg;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

TEST(SlurmReaderErrors, HostileShapesEndInAnErrorNotACrash)
{
    Store s;
    // A job nested 43,500 arrays deep in a field the reader skips (the fuzz regression's shape).
    const std::string deep = std::string(43500, '[') + std::string(43500, ']');
    std::string f = s.write("deep.json",
        R"({"jobs": [{"job_id": 1, "state": {"current": "COMPLETED"}, "comment": )" + deep
            + R"(}], "meta": {"slurm": {}}})");
    std::string msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":1: sacct JSON job: not valid JSON"), std::string::npos) << msg;
    // A row of 200,000 fields.
    f = s.write("wide.txt", "JobID|State|Start|End\n" + std::string(200000, '|') + "\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ":2: sacct row: expected 4 fields (as many as the header), found 200001"), std::string::npos)
        << msg;
    // Only a header.
    f = s.write("header.txt", "JobID|State|Start|End\n");
    msg = importError(s, f);
    EXPECT_NE(msg.find(f + ": no job in the file"), std::string::npos) << msg;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

} // namespace
} // namespace ett::core
