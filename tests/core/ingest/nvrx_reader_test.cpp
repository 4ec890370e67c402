// Tests of the NVRx reader: a launcher log with restart-timing lines and cycle info files, with
// figures worked out by hand from the lines (attempts, outcome, fault time, the split of Time to
// Recover, buckets), detection by content, GPU counts, and hostile input.
#include "core/ingest/formats.h"
#include "core/ingest/nvrx_internal.h"
#include "core/model/accounting.h"
#include "core/model/restarts.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/timeline.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000;
// 2026-07-30T10:00:00Z, the origin of the hand-made cases.
constexpr int64_t kT0 = 1'785'405'600 * kS;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions nvrxOptions(std::optional<int32_t> gpusPerNode = std::nullopt)
{
    ImportOptions o;
    o.reader.format = TraceFormat::Nvrx;
    o.reader.gpusPerNode = gpusPerNode;
    return o;
}

int64_t issueCount(const ImportSummary& s, const std::string& kind, const std::string& detail = "\x01")
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        if (key.first == kind && (detail == "\x01" || key.second == detail)) {
            n += e.count;
        }
    }
    return n;
}

std::string importError(Store& s, const std::string& path, const ImportOptions& o = nvrxOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

// One restart-timing line as the launcher's logger writes it (with its usual prefix).
std::string ev(int cycle, const std::string& event, const std::string& node, int rank, const std::string& hms)
{
    return "2026-07-30 " + hms + ",000 [INFO] [" + node + "] [workload:0(0) infra:" + std::to_string(rank)
        + "(0)] profiling.py:101   - Cycle: " + std::to_string(cycle) + " Event: " + event + " Node: " + node
        + " Rank: " + std::to_string(rank) + " Time: 2026-07-30 " + hms + " UTC\n";
}

// Two nodes, two cycles. Cycle 0 runs until node n2 detects a failure at 11:00:00 (n1 joins the
// restart at 11:00:01); both tear down (the later at 11:00:05), rendezvous again from 11:00:06 and
// start workers by 11:00:40; the job then ends normally (workers terminated at 12:00:00).
std::string twoCycleLog()
{
    std::string log = "Launching NVRx ft_launcher with 2 nodes\n";
    log += ev(0, "rendezvous_started", "n1", 0, "10:00:00.000");
    log += ev(0, "rendezvous_started", "n2", 1, "10:00:00.500");
    log += ev(0, "rendezvous_completed", "n1", 0, "10:00:19.000");
    log += ev(0, "rendezvous_completed", "n2", 1, "10:00:20.000");
    log += ev(0, "worker_start_started", "n1", 0, "10:00:21.000");
    log += ev(0, "worker_start_started", "n2", 1, "10:00:21.200");
    log += ev(0, "worker_start_completed", "n1", 0, "10:00:24.000");
    log += ev(0, "worker_start_completed", "n2", 1, "10:00:25.000");
    log += "[rank3]: RuntimeError: CUDA error: an illegal memory access was encountered\n";
    log += "[rank3]: torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970\n";
    log += ev(1, "failure_detected", "n2", 1, "11:00:00.000");
    log += ev(1, "failure_detected", "n1", 0, "11:00:01.000");
    log += ev(1, "worker_terminated", "n2", 1, "11:00:04.000");
    log += ev(1, "worker_terminated", "n1", 0, "11:00:05.000");
    log += ev(1, "rendezvous_started", "n1", 0, "11:00:06.000");
    log += ev(1, "rendezvous_started", "n2", 1, "11:00:06.000");
    log += ev(1, "health_check_completed", "n1", 0, "11:00:10.000");
    log += ev(1, "rendezvous_completed", "n1", 0, "11:00:30.000");
    log += ev(1, "rendezvous_completed", "n2", 1, "11:00:29.000");
    log += ev(1, "worker_start_started", "n1", 0, "11:00:31.000");
    log += ev(1, "worker_start_started", "n2", 1, "11:00:31.000");
    log += ev(1, "worker_start_completed", "n1", 0, "11:00:40.000");
    log += ev(1, "worker_start_completed", "n2", 1, "11:00:39.000");
    log += ev(1, "worker_terminated", "n1", 0, "12:00:00.000");
    log += ev(1, "worker_terminated", "n2", 1, "11:59:59.000");
    return log;
}

TEST(NvrxReader, TwoCycleLogGivesAFailedAndACompletedAttemptWithTheRecoverySplit)
{
    Store s;
    const std::string file = s.write("ft_launcher.log", twoCycleLog());
    ImportOptions o;
    o.reader.gpusPerNode = 8; // detected by content
    const ImportSummary sum = s.import(file, o);
    EXPECT_EQ(sum.format, "nvrx");
    EXPECT_EQ(issueCount(sum, "unused_line"), 3);
    EXPECT_EQ(issueCount(sum, "outcome_assumed", "completed"), 1);
    EXPECT_EQ(issueCount(sum, "coarse"), 1);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "ft_launcher");
    EXPECT_EQ(j.gpus, 16); // 2 nodes x 8
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 2u);
    const AttemptResult& a0 = r.attempts[0];
    const AttemptResult& a1 = r.attempts[1];
    // Attempt 0: from the first rendezvous_started to the later teardown; fault at the earliest
    // failure_detected.
    EXPECT_EQ(a0.number, 0);
    EXPECT_EQ(a0.startNs, kT0);
    EXPECT_EQ(a0.endNs, kT0 + 3605 * kS);
    EXPECT_EQ(a0.outcome, Outcome::Failed);
    ASSERT_TRUE(a0.faultNs.has_value());
    EXPECT_EQ(*a0.faultNs, kT0 + 3600 * kS);
    // The cause: the preset's NCCL rule on the first matching line after the workers started.
    EXPECT_EQ(j.attemptInfo[0].cause, "unknown.nccl");
    EXPECT_EQ(j.attemptInfo[0].detail,
        "NVRx failure_detected (cycle 1) by node n2; line 11: [rank3]: torch.distributed.DistBackendError: NCCL "
        "error in: ProcessGroupNCCL.cpp:1970");
    // Attempt 1: rendezvous_started 11:00:06 to its own termination at 12:00:00.
    EXPECT_EQ(a1.number, 1);
    EXPECT_EQ(a1.startNs, kT0 + 3606 * kS);
    EXPECT_EQ(a1.endNs, kT0 + 7200 * kS);
    EXPECT_EQ(a1.outcome, Outcome::Completed);
    // Time to Recover: 11:00:00 -> the latest worker_start_completed of cycle 1, 11:00:40.
    ASSERT_TRUE(a0.ttrNs.has_value());
    EXPECT_EQ(*a0.ttrNs, 40 * kS);
    const auto split = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(split->detectNs, 5 * kS); // 11:00:00 -> 11:00:05 (teardown)
    EXPECT_EQ(split->restartNs, 1 * kS); // -> 11:00:06 (rendezvous_started)
    EXPECT_EQ(split->startupNs, 34 * kS); // -> 11:00:40 (workers started)
    // Buckets (seconds from 10:00:00): attempt 0 setup 20 (rendezvous) + 4 (worker start), idle 1,
    // productive 25 -> 3600, recovery 3600 -> 3605; gap 1; attempt 1 setup 24 + 9, idle 1,
    // productive 3640 -> 7200.
    EXPECT_EQ(r.e2eNs(), 7200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 57 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 6 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 7135 * kS);
    EXPECT_EQ(r.failures, 1);
    // Per node (every event names its node): 2 cycles x 2 nodes.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'rendezvous' AND rank IS NOT NULL"), 4);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'running' AND rank IS NOT NULL"), 4);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank IS NULL"), 0);
    // The restarts table says the same: the second row's recovery split and its start-up stages.
    auto id = findJobId(s.db(), "default", "ft_launcher");
    ASSERT_TRUE(id.ok() && id->has_value());
    auto timeline = loadJobTimeline(s.db(), **id);
    ASSERT_TRUE(timeline.ok()) << timeline.error().message;
    // Each node's row names its node as the rank's host (the Gantt's rank rows show it).
    ASSERT_EQ(timeline->attempts.size(), 2u);
    for (const auto& a : timeline->attempts) {
        ASSERT_EQ(a.hosts.size(), 2u);
        EXPECT_EQ(a.ranks, (std::vector<int32_t> { 0, 1 }));
        ASSERT_NE(a.hostOf(0), nullptr);
        ASSERT_NE(a.hostOf(1), nullptr);
        EXPECT_EQ(*a.hostOf(0), "n1");
        EXPECT_EQ(*a.hostOf(1), "n2");
    }
    EXPECT_EQ(timeline->attempts[0].hostOf(-1), nullptr);
    auto restarts = restartsOf(*timeline);
    ASSERT_TRUE(restarts.ok()) << restarts.error().message;
    ASSERT_EQ(restarts->rows.size(), 2u);
    const RestartRow& row = restarts->rows[1];
    ASSERT_TRUE(row.recovery.has_value());
    EXPECT_EQ(*row.recovery, (TtrSplit { 5 * kS, 1 * kS, 34 * kS }));
    EXPECT_EQ(row.gapBeforeNs, 1 * kS);
    EXPECT_EQ(row.startupNs, 34 * kS); // rendezvous 24 + idle 1 + worker start 9
    int substages = 0;
    for (size_t i = 0; i < restarts->stages.size(); ++i) {
        if (restarts->stages[i].name == "setup.rendezvous") {
            EXPECT_EQ(row.stageNs[i], 24 * kS);
            ++substages;
        } else if (restarts->stages[i].name == "setup.worker_start") {
            EXPECT_EQ(row.stageNs[i], 9 * kS);
            ++substages;
        }
    }
    EXPECT_EQ(substages, 2);
}

// An attempt's phase rows, one "rank name start-end" line each (milliseconds from kT0; rank "-"
// for the whole attempt), for the per-node checks.
std::string phaseRows(Store& s, int attemptNo)
{
    std::string out;
    auto stmt = s.db().prepare("SELECT p.rank, p.name, p.start_ns, p.end_ns FROM phases p JOIN attempts a ON a.id = "
                               "p.attempt_id WHERE a.attempt_no = "
        + std::to_string(attemptNo) + " ORDER BY p.rank, p.start_ns, p.name");
    EXPECT_TRUE(stmt.ok()) << (stmt.ok() ? "" : stmt.error().message);
    if (!stmt.ok()) {
        return out;
    }
    auto st = stmt->forEachRow([&] {
        const auto rank = stmt->columnOptionalInt64(0);
        out += (rank ? std::to_string(*rank) : std::string("-")) + " " + stmt->columnText(1) + " "
            + std::to_string((stmt->columnInt64(2) - kT0) / 1'000'000) + "-"
            + std::to_string((stmt->columnInt64(3) - kT0) / 1'000'000) + "\n";
    });
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return out;
}

TEST(NvrxReader, EachNodeIsARankRowWithItsOwnSetupAndTheCyclesTraining)
{
    // The two-cycle log: n1 and n2 write Rank 0 and 1. Each node's own rendezvous and worker start;
    // training for both from the cycle's last worker_start_completed (the slowest node gates).
    Store s;
    const std::string file = s.write("ft_launcher.log", twoCycleLog());
    EXPECT_EQ(issueCount(s.import(file, nvrxOptions(8)), "nodes_numbered"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts"), 4);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts WHERE (rank = 0 AND host = 'n1') OR (rank = 1 AND host = "
                      "'n2')"),
        4);
    EXPECT_EQ(phaseRows(s, 0),
        "0 rendezvous 0-19000\n"
        "0 worker_start 21000-24000\n"
        "0 running 25000-3605000\n"
        "1 rendezvous 500-20000\n"
        "1 worker_start 21200-25000\n"
        "1 running 25000-3605000\n");
    // Cycle 1: n1's rendezvous ends at its rendezvous_completed 11:00:30 (after its health check).
    EXPECT_EQ(phaseRows(s, 1),
        "0 rendezvous 3606000-3630000\n"
        "0 worker_start 3631000-3640000\n"
        "0 running 3640000-7200000\n"
        "1 rendezvous 3606000-3629000\n"
        "1 worker_start 3631000-3639000\n"
        "1 running 3640000-7200000\n");
}

TEST(NvrxReader, NodesWithoutRanksOfTheirOwnAreNumberedByName)
{
    // Rank None (a launcher without an infra rank), then two nodes claiming rank 0: numbered by name.
    Store s;
    std::string log;
    for (const char* node : { "b", "a" }) {
        log += "  - Cycle: 0 Event: rendezvous_started Node: " + std::string(node)
            + " Rank: None Time: 2026-07-30 10:00:00.000 UTC\n";
        log += "  - Cycle: 0 Event: worker_start_completed Node: " + std::string(node)
            + " Rank: None Time: 2026-07-30 10:00:10.000 UTC\n";
    }
    log += "  - Cycle: 0 Event: worker_terminated Node: a Rank: None Time: 2026-07-30 11:00:00.000 UTC\n";
    const ImportSummary sum = s.import(s.write("none.log", log), nvrxOptions(4));
    EXPECT_EQ(issueCount(sum, "nodes_numbered"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts WHERE (rank = 0 AND host = 'a') OR (rank = 1 AND host = "
                      "'b')"),
        2);
    const std::string dup = ev(0, "rendezvous_started", "x", 0, "10:00:00.000")
        + ev(0, "rendezvous_started", "y", 0, "10:00:01.000") + ev(0, "worker_start_completed", "x", 0, "10:00:09.000")
        + ev(0, "worker_start_completed", "y", 0, "10:00:10.000");
    Store t;
    EXPECT_EQ(issueCount(t.import(t.write("dup.log", dup), nvrxOptions(4)), "nodes_numbered"), 1);
    EXPECT_EQ(t.count("SELECT COUNT(*) FROM rank_hosts WHERE (rank = 0 AND host = 'x') OR (rank = 1 AND host = "
                      "'y')"),
        2);
}

TEST(NvrxReader, ASetupEventWithoutItsNodeKeepsTheCycleWidePhases)
{
    // One rendezvous line names node "unknown": the per-node rows would miss its time, so the
    // cycle's phases stay whole (no ranks), with the same figures.
    Store s;
    std::string log = twoCycleLog();
    const std::string n2 = "Event: rendezvous_started Node: n2 Rank: 1 Time: 2026-07-30 10:00:00.500";
    ASSERT_NE(log.find(n2), std::string::npos);
    log.replace(
        log.find(n2), n2.size(), "Event: rendezvous_started Node: unknown Rank: 1 Time: 2026-07-30 10:00:00.500");
    s.import(s.write("ft_launcher.log", log), nvrxOptions(8));
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases p JOIN attempts a ON a.id = p.attempt_id WHERE a.attempt_no = 0 "
                      "AND p.rank IS NOT NULL"),
        0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases p JOIN attempts a ON a.id = p.attempt_id WHERE a.attempt_no = 1 "
                      "AND p.rank IS NULL"),
        0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Setup)], 57 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 7135 * kS);
}

TEST(NvrxReader, LogWithoutEndIsRunningAndAttemptOptionNumbersTheCycles)
{
    Store s;
    std::string log = ev(4, "failure_detected", "n1", 0, "10:00:00.000");
    log += ev(4, "worker_terminated", "n1", 0, "10:00:02.000");
    log += ev(4, "rendezvous_started", "n1", 0, "10:00:03.000");
    log += ev(4, "rendezvous_completed", "n1", 0, "10:00:13.000");
    log += ev(4, "worker_start_started", "n1", 0, "10:00:13.000");
    log += ev(4, "worker_start_completed", "n1", 0, "10:00:20.000");
    ImportOptions o = nvrxOptions();
    o.reader.attempt = 2; // the Slurm restart count
    o.reader.job = "slurm-77";
    const ImportSummary sum = s.import(s.write("tail.log", log), o);
    EXPECT_EQ(issueCount(sum, "running_attempt"), 1);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1); // no --gpus-per-node
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "slurm-77");
    ASSERT_EQ(jobs[0].result.attempts.size(), 1u);
    const AttemptResult& a = jobs[0].result.attempts[0];
    EXPECT_EQ(a.number, 20004); // 2 x 10000 + cycle 4
    EXPECT_EQ(a.outcome, Outcome::Running);
    EXPECT_EQ(a.startNs, kT0 + 3 * kS); // the cycle's teardown lines belong to cycle 3, not in the log
    EXPECT_EQ(a.endNs, kT0 + 20 * kS); // the last event
}

TEST(NvrxReader, ExhaustedRestartsEndTheLastCycleFailed)
{
    Store s;
    std::string log = ev(0, "rendezvous_started", "n1", 0, "10:00:00.000");
    log += ev(0, "rendezvous_completed", "n1", 0, "10:00:10.000");
    log += ev(0, "worker_start_started", "n1", 0, "10:00:10.000");
    log += ev(0, "worker_start_completed", "n1", 0, "10:00:15.000");
    log += ev(1, "failure_detected", "n1", 0, "10:30:00.000");
    log += ev(1, "worker_terminated", "n1", 0, "10:30:07.000");
    s.import(s.write("exhausted.log", log), nvrxOptions(4));
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 4);
    ASSERT_EQ(jobs[0].result.attempts.size(), 1u);
    const AttemptResult& a = jobs[0].result.attempts[0];
    EXPECT_EQ(a.outcome, Outcome::Failed);
    EXPECT_EQ(a.endNs, kT0 + 1807 * kS);
    EXPECT_EQ(*a.faultNs, kT0 + 1800 * kS);
    EXPECT_FALSE(a.ttrNs.has_value()); // never trains again
}

// A cycle info file as CycleInfoWriter writes it (protobuf JSON, indent 2, 64-bit generation as a
// string), with the fields of the upstream test's payload.
std::string cycleFile(const std::string& job, int attempt, int cycle, const std::string& start, const std::string& end,
    const std::string& nodes = "node[001-002]")
{
    return "{\n  \"job_id\": \"" + job + "\",\n  \"attempt_index\": " + std::to_string(attempt)
        + ",\n  \"cycle_number\": " + std::to_string(cycle) + ",\n  \"cycle_start_time\": \"" + start
        + "\",\n  \"cycle_end_time\": \"" + end + "\",\n  \"cycle_log_file\": \"/logs/c_cycle" + std::to_string(cycle)
        + ".log\",\n  \"active_nodes\": \"" + nodes
        + "\",\n  \"standby_nodes\": \"node003\",\n  \"generation\": \"1\",\n" + "  \"active_ranks\": \"0-1\"\n}";
}

TEST(NvrxReader, CycleFilesAreAttemptsAndTheNextFileMarksAFailure)
{
    Store s;
    const std::string c0 = s.write(
        "cycle_info.job7.0.0", cycleFile("job7", 0, 0, "2026-07-30T10:00:00.000000Z", "2026-07-30T10:30:00.000000Z"));
    const std::string c1
        = s.write("cycle_info.job7.0.1", cycleFile("job7", 0, 1, "2026-07-30T10:31:00.000000Z", "", "node[001,003]"));
    const ImportSummary s0 = s.import(c0, nvrxOptions(4));
    EXPECT_EQ(s0.format, "nvrx");
    EXPECT_EQ(issueCount(s0, "fault_time_unknown"), 1);
    ImportOptions autoFormat;
    autoFormat.reader.gpusPerNode = 4;
    const ImportSummary s1 = s.import(c1, autoFormat); // detected by content
    EXPECT_EQ(s1.format, "nvrx");
    EXPECT_EQ(issueCount(s1, "running_attempt"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "job7");
    EXPECT_EQ(jobs[0].gpus, 8); // 2 active nodes x 4, from the first file
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].gpus, 8);
    EXPECT_EQ(*r.attempts[0].faultNs, kT0 + 1800 * kS); // no better time: the cycle's end
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Running);
    EXPECT_EQ(r.attempts[1].startNs, kT0 + 1860 * kS);
    EXPECT_GE(r.attempts[1].endNs, r.attempts[1].startNs);
    // The cycle is one train phase, so recovery is the gap: detect 0, restart 60 s, start-up 0.
    const auto split = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(*split, (TtrSplit { 0, 60 * kS, 0 }));
}

TEST(NvrxReader, CycleFilesOfOneJobMustAgreeOnTheGpuCount)
{
    // The job record of each file carries its cycle's nodes x GPUs: a cycle with other active
    // nodes declares the job differently, which the importer refuses (the documented limit).
    Store s;
    s.import(s.write("cycle_info.j.0.0", cycleFile("j", 0, 0, "2026-07-30T10:00:00Z", "2026-07-30T10:30:00Z")),
        nvrxOptions(4));
    const std::string e = importError(s,
        s.write("cycle_info.j.0.1", cycleFile("j", 0, 1, "2026-07-30T10:31:00Z", "", "node[001-003]")), nvrxOptions(4));
    EXPECT_NE(e.find("gpus 12 vs 8"), std::string::npos) << e;
    EXPECT_EQ(s.fleet().at(0).result.attempts.size(), 1u);
}

TEST(NvrxReader, ALogAndCycleFilesOfOneJobImportedOneByOneGoUnderDifferentLabels)
{
    // The same job as cycle files and as a log, each file imported on its own (not read together,
    // as a folder import reads them): one label refuses the second (same attempt numbers, other
    // windows), two labels keep both.
    Store s;
    const std::string c0 = s.write(
        "cycle_info.ft_launcher.0.0", cycleFile("ft_launcher", 0, 0, "2026-07-30T10:00:00Z", "2026-07-30T11:00:02Z"));
    s.write("cycle_info.ft_launcher.0.1", cycleFile("ft_launcher", 0, 1, "2026-07-30T11:00:30Z", ""));
    const std::string log = s.write("ft_launcher.log", twoCycleLog());
    s.import(c0, nvrxOptions(8));
    const std::string e = importError(s, log, nvrxOptions(8));
    EXPECT_NE(e.find("an attempt number seen again must be the same attempt"), std::string::npos) << e;
    ImportOptions other = nvrxOptions(8);
    other.label = "log";
    s.import(log, other);
    EXPECT_EQ(s.fleet().size(), 2u);
}

// The log's lines up to (not including) the first line containing `stop`.
std::string logUntil(const std::string& log, const std::string& stop)
{
    return log.substr(0, log.find(stop) == std::string::npos ? log.size() : log.rfind('\n', log.find(stop)) + 1);
}

TEST(NvrxReader, ALogReadWithItsCycleFilesIsOneJobWithTheLogsRecoverySplit)
{
    // The two-cycle run as ft_launcher leaves it: the log and the cycle info files of job 4242
    // (cycle 0 written after its rendezvous at 10:00:20, ended when the round closed at 11:00:05;
    // cycle 1 from 11:00:30 to the shutdown at 12:00:00), read together.
    Store s;
    const std::string c0
        = s.write("cycle_info.4242.0.0", cycleFile("4242", 0, 0, "2026-07-30T10:00:20Z", "2026-07-30T11:00:05Z"));
    const std::string c1
        = s.write("cycle_info.4242.0.1", cycleFile("4242", 0, 1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:00Z"));
    const std::string log = s.write("ft_launcher.log", twoCycleLog());
    ImportOptions o = nvrxOptions(8);
    o.reader.companions = { c0, c1 };
    const ImportSummary sum = s.import(log, o);
    EXPECT_EQ(sum.format, "nvrx");
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 0);
    EXPECT_EQ(issueCount(sum, "fault_time_unknown"), 0) << "the log says when the fault was detected";
    EXPECT_EQ(issueCount(sum, "outcome_assumed", "completed"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "4242") << "the cycle files name the job";
    EXPECT_EQ(j.gpus, 16); // node[001-002] x 8
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 2u);
    // The windows, the fault and the split are the log's (as read alone, above).
    EXPECT_EQ(r.attempts[0].startNs, kT0);
    EXPECT_EQ(r.attempts[0].endNs, kT0 + 3605 * kS);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(*r.attempts[0].faultNs, kT0 + 3600 * kS);
    EXPECT_EQ(r.attempts[0].gpus, 16);
    EXPECT_EQ(r.attempts[1].startNs, kT0 + 3606 * kS);
    EXPECT_EQ(r.attempts[1].endNs, kT0 + 7200 * kS);
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Completed);
    const auto split = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(*split, (TtrSplit { 5 * kS, 1 * kS, 34 * kS }));
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 7135 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'cycle'"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 1);
    // Read again: the same content, nothing changes; a cycle file that changed makes it new.
    EXPECT_TRUE(s.import(log, o).alreadyImported);
    s.write("cycle_info.4242.0.1", cycleFile("4242", 0, 1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:01Z"));
    ImportOptions other = o;
    other.label = "again";
    EXPECT_FALSE(s.import(log, other).alreadyImported);
}

TEST(NvrxReader, ACycleTheLogHasNotEndedEndsWhereItsFileSaysAndLaterCyclesComeFromTheirFiles)
{
    // The log stops while cycle 1 runs (its last line: workers started 11:00:40); cycle 1's file
    // ended at 12:00:00 and cycle 2's file (12:00:30 to 13:00:00) follows: cycle 1 failed at its
    // file's end, cycle 2 is its file's window (one phase), the last, taken as completed.
    Store s;
    const std::string c0
        = s.write("cycle_info.77.0.0", cycleFile("77", 0, 0, "2026-07-30T10:00:20Z", "2026-07-30T11:00:05Z"));
    const std::string c1
        = s.write("cycle_info.77.0.1", cycleFile("77", 0, 1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:00Z"));
    const std::string c2 = s.write(
        "cycle_info.77.0.2", cycleFile("77", 0, 2, "2026-07-30T12:00:30Z", "2026-07-30T13:00:00Z", "node[001-004]"));
    const std::string log = s.write("ft_launcher.log", logUntil(twoCycleLog(), "12:00:00.000"));
    ImportOptions o = nvrxOptions(8);
    o.reader.companions = { c0, c1, c2 };
    const ImportSummary sum = s.import(log, o);
    EXPECT_EQ(issueCount(sum, "fault_time_unknown"), 1);
    EXPECT_EQ(issueCount(sum, "outcome_assumed", "completed"), 1);
    EXPECT_EQ(issueCount(sum, "running_attempt"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 32) << "the most nodes of any cycle: 4 x 8";
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 3u);
    EXPECT_EQ(r.attempts[1].startNs, kT0 + 3606 * kS);
    EXPECT_EQ(r.attempts[1].endNs, kT0 + 7200 * kS);
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Failed);
    EXPECT_EQ(*r.attempts[1].faultNs, kT0 + 7200 * kS);
    EXPECT_EQ(r.attempts[1].gpus, 16);
    EXPECT_EQ(r.attempts[2].number, 2);
    EXPECT_EQ(r.attempts[2].startNs, kT0 + 7230 * kS);
    EXPECT_EQ(r.attempts[2].endNs, kT0 + 10800 * kS);
    EXPECT_EQ(r.attempts[2].outcome, Outcome::Completed);
    EXPECT_EQ(r.attempts[2].gpus, 32);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'cycle'"), 1);
    // Attempt 1 productive from 11:00:40 to 12:00:00, attempt 2 (one train phase) the whole hour less 30 s.
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], (3600 - 25) * kS + (3600 - 40) * kS + 3570 * kS);
}

TEST(NvrxReader, ACycleStillOpenInItsFileRunsUntilTheImport)
{
    Store s;
    const std::string c0
        = s.write("cycle_info.5.0.0", cycleFile("5", 0, 0, "2026-07-30T10:00:20Z", "2026-07-30T11:00:05Z"));
    const std::string c1 = s.write("cycle_info.5.0.1", cycleFile("5", 0, 1, "2026-07-30T11:00:30Z", ""));
    const std::string log = s.write("ft_launcher.log", logUntil(twoCycleLog(), "12:00:00.000"));
    ImportOptions o = nvrxOptions(8);
    o.reader.companions = { c0, c1 };
    const ImportSummary sum = s.import(log, o);
    EXPECT_EQ(issueCount(sum, "running_attempt"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Running);
    EXPECT_GT(r.attempts[1].endNs, kT0 + 7200 * kS) << "running to the import, not to the log's last line";
}

TEST(NvrxReader, ALogOutsideEveryCycleOfItsFilesIsRefusedNamingBoth)
{
    Store s;
    const std::string c0
        = s.write("cycle_info.5.0.0", cycleFile("5", 0, 0, "2026-07-31T10:00:20Z", "2026-07-31T11:00:05Z"));
    const std::string log = s.write("ft_launcher.log", twoCycleLog());
    ImportOptions o = nvrxOptions(8);
    o.reader.companions = { c0 };
    const std::string e = importError(s, log, o);
    EXPECT_NE(e.find("ft_launcher.log: its restart-timing events (cycles 0 to 1) fall in no cycle"), std::string::npos)
        << e;
    EXPECT_NE(e.find("attempt index 0 from 2026-07-31T10:00:20"), std::string::npos) << e;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 0);
    // Cycle files of two jobs read with one log: refused, naming the file.
    const std::string other
        = s.write("cycle_info.6.0.1", cycleFile("6", 0, 1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:00Z"));
    o.reader.companions = { c0, other };
    const std::string e2 = importError(s, log, o);
    EXPECT_NE(e2.find("cycle_info.6.0.1:1: NVRx cycle info: field 'job_id': '6'"), std::string::npos) << e2;
}

TEST(NvrxReader, LastEndedCycleIsAssumedCompletedAndSlurmAttemptsNumberAbove)
{
    Store s;
    const std::string c = s.write(
        "cycle_info.9.3.2", cycleFile("9", 3, 2, "2026-07-30T10:00:00Z", "2026-07-30T11:00:00.5Z", "gpu[1-4],cpu7"));
    const ImportSummary sum = s.import(c, nvrxOptions(8));
    EXPECT_EQ(issueCount(sum, "outcome_assumed", "completed"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 40); // 5 nodes x 8
    ASSERT_EQ(jobs[0].result.attempts.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].number, 30002);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Completed);
    EXPECT_EQ(jobs[0].result.attempts[0].endNs, kT0 + 3600 * kS + kS / 2);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 3600 * kS + kS / 2);
}

TEST(NvrxReader, UpstreamTestPayloadReadsAsAnOpenCycle)
{
    // The payload of TestCycleInfoReader.write in tests/fault_tolerance/unit/test_nvrx_watch.py,
    // as json.dump writes it (one line).
    Store s;
    const std::string c = s.write("cycle_info.job1.0.3",
        R"({"job_id": "job1", "attempt_index": 0, "cycle_number": 3, "cycle_start_time": "2026-07-30T11:00:00.000000Z", "cycle_end_time": "", "cycle_log_file": "/logs/c.log", "active_nodes": "node[001-002]", "standby_nodes": "node003", "generation": 0, "active_ranks": "0-1"})");
    const ImportSummary sum = s.import(c);
    EXPECT_EQ(sum.format, "nvrx");
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].number, 3);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Running);
    EXPECT_EQ(jobs[0].result.attempts[0].startNs, kT0 + 3600 * kS);
    // The same open cycle read again later (rewritten: generation 1), still open, ends at another
    // "now": still the same attempt, not a refused one. (The .current link to the same bytes is a
    // duplicate file the importer skips.)
    s.import(s.write("cycle_info.job1.current",
        R"({"job_id": "job1", "attempt_index": 0, "cycle_number": 3, "cycle_start_time": "2026-07-30T11:00:00.000000Z", "cycle_end_time": "", "cycle_log_file": "/logs/c.log", "active_nodes": "node[001-002]", "standby_nodes": "node003", "generation": 1, "active_ranks": "0-1"})"));
    ASSERT_EQ(s.fleet().at(0).result.attempts.size(), 1u);
}

TEST(NvrxReader, GzipLogReadsTheSame)
{
    Store s;
    const ImportSummary sum = s.import(s.writeGzip("launcher.log.gz", twoCycleLog()), nvrxOptions(8));
    EXPECT_EQ(sum.format, "nvrx");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "launcher");
    EXPECT_EQ(jobs[0].result.attempts.size(), 2u);
    EXPECT_EQ(*jobs[0].result.attempts[0].ttrNs, 40 * kS);
}

TEST(NvrxReader, DetectionPicksBothKindsAndNoOtherFormat)
{
    Store s;
    EXPECT_EQ(detectFormat(s.write("a", twoCycleLog())).value(), TraceFormat::Nvrx);
    EXPECT_EQ(detectFormat(s.write("b", cycleFile("j", 0, 0, "2026-07-30T10:00:00Z", ""))).value(), TraceFormat::Nvrx);
    // A line that mentions a cycle without the event grammar stays a console log.
    EXPECT_EQ(detectFormat(s.write("c", "Cycle: 3 done, Event: none\nstep 10 loss 2.0\n")).value(), TraceFormat::Log);
    EXPECT_EQ(detectFormat(s.write("d",
                               R"({"type":"header","format":"ett-trace","version":1})"
                               "\n"))
                  .value(),
        TraceFormat::Ett);
}

TEST(NvrxReader, OnlyGpusPerNodeFormatsReadTheOption)
{
    EXPECT_TRUE(formatReadsOption(TraceFormat::Nvrx, "gpus_per_node"));
    EXPECT_TRUE(formatReadsOption(TraceFormat::Elastic, "gpus_per_node"));
    EXPECT_FALSE(formatReadsOption(TraceFormat::Nvrx, "rank"));
    EXPECT_TRUE(formatReadsOption(TraceFormat::Nvrx, "attempt"));
    EXPECT_FALSE(formatReadsOption(TraceFormat::Elastic, "attempt"));
    EXPECT_FALSE(formatReadsOption(TraceFormat::Log, "gpus_per_node"));
    EXPECT_FALSE(formatReadsOption(TraceFormat::Mlperf, "gpus_per_node"));
    ReaderOptions o;
    o.format = TraceFormat::Nvrx;
    o.gpusPerNode = 0;
    const Status st = checkReaderOptions(o);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().option, "gpus_per_node");
    o.format = TraceFormat::Chrome; // not read: not checked
    EXPECT_TRUE(checkReaderOptions(o).ok());
    EXPECT_EQ(parseTraceFormat("nvrx"), TraceFormat::Nvrx);
    EXPECT_EQ(traceFormatName(TraceFormat::Elastic), "elastic");
}

TEST(NvrxParse, SlurmNodeListsAndRanges)
{
    EXPECT_EQ(nvrx::countSlurmNodes("node001"), 1);
    EXPECT_EQ(nvrx::countSlurmNodes("node[001-003]"), 3);
    EXPECT_EQ(nvrx::countSlurmNodes("node[001-002,007]"), 3);
    EXPECT_EQ(nvrx::countSlurmNodes("a[1-2],b3"), 3);
    EXPECT_EQ(nvrx::countSlurmNodes("node[01-02]suffix"), 2);
    EXPECT_EQ(nvrx::countSlurmNodes("r[1-2]n[1-3]"), 6);
    EXPECT_FALSE(nvrx::countSlurmNodes("node[3-1]"));
    EXPECT_FALSE(nvrx::countSlurmNodes("node[1-"));
    EXPECT_FALSE(nvrx::countSlurmNodes("a,,b"));
    EXPECT_FALSE(nvrx::countSlurmNodes("n[0-999999999999]"));
    EXPECT_FALSE(nvrx::countSlurmNodes("n[0-9999]m[0-9999]")); // 10^8 hosts: over the bound
    EXPECT_EQ(nvrx::countRanges("0-3,6"), 5);
    EXPECT_FALSE(nvrx::countRanges("0-"));
}

TEST(NvrxReader, HostileCycleFilesFailNamingFileLineAndField)
{
    Store s;
    EXPECT_NE(importError(s, s.write("t1", R"({"job_id": "j", "cycle_number": 0, "cycle_start_ti)"))
                  .find("t1:1: NVRx cycle info: not valid JSON"),
        std::string::npos);
    EXPECT_NE(importError(s, s.write("t2", R"({"job_id": "j", "cycle_number": 0})")).find("'cycle_start_time'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("t3", R"({"job_id": "j", "cycle_number": "x", "cycle_start_time": "2026-07-30T10:00:00Z"})"))
                  .find("field 'cycle_number'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("t4",
                      R"({"job_id": "j", "cycle_number": 9999999999999, "cycle_start_time": "2026-07-30T10:00:00Z"})"))
                  .find("field 'cycle_number'"),
        std::string::npos);
    EXPECT_NE(
        importError(s,
            s.write("t5",
                R"({"job_id": "j", "cycle_number": 1, "cycle_start_time": "2026-07-30T10:00:00Z", "cycle_end_time": "2026-07-30T09:00:00Z"})"))
            .find("before cycle_start_time"),
        std::string::npos);
    EXPECT_NE(importError(s, s.write("t6", R"({"job_id": 7, "cycle_number": 1, "cycle_start_time": "x"})"))
                  .find("field 'job_id'"),
        std::string::npos);
    EXPECT_NE(
        importError(
            s, s.write("t7", R"({"job_id": "j", "cycle_number": 12345, "cycle_start_time": "2026-07-30T10:00:00Z"})"))
            .find("at most 9999"),
        std::string::npos);
    EXPECT_FALSE(importError(s, s.write("t8", std::string(5000, '[') + std::string(5000, ']'))).empty());
    EXPECT_FALSE(importError(s, s.write("t9", std::string("{\"job_id\"\0\x01\x02", 12))).empty());
    EXPECT_FALSE(importError(s, s.write("t10", "[1, 2]")).empty());
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 0);
}

TEST(NvrxReader, HostileLogLinesAreCountedAndALogWithoutEventsFails)
{
    Store s;
    std::string log = ev(0, "rendezvous_started", "n1", 0, "10:00:00.000");
    log += "  - Cycle: 0 Event: worker_start_started Node: n1 Rank: 0 Time: 2026-13-45 99:00:00.000 UTC\n";
    log += "  - Cycle: 99999999999999999999 Event: x Node: n1 Rank: 0 Time: 2026-07-30 10:00:00.000 UTC\n";
    log += "  - Cycle: 0 Event: worker_start_completed Node: n1 Rank: 0 Time: garbage\n";
    log += "  - Cycle: 0 Event: teleported Node: n1 Rank: 0 Time: 2026-07-30 10:00:01.000 UTC\n";
    log += "  - Cycle: 0 Event: worker_start_completed Node: n1 Rank: None Time: 2026-07-30 10:00:09.000 UTC\n";
    const ImportSummary sum = s.import(s.write("junk.log", log), nvrxOptions());
    EXPECT_EQ(issueCount(sum, "malformed_event"), 3);
    EXPECT_EQ(issueCount(sum, "unknown_event", "teleported"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].endNs, kT0 + 9 * kS);
    EXPECT_NE(importError(s, s.write("plain.log", "hello\nworld\n")).find("no restart-timing line"), std::string::npos);
    // A log whose first line is JSON of something else is still a log.
    const ImportSummary json = s.import(s.write("json-first.log", "{\"level\": \"info\"}\n" + log), nvrxOptions());
    EXPECT_EQ(issueCount(json, "unused_line"), 1);
    EXPECT_FALSE(importError(s, s.write("bin.log", std::string("Cycle: 1\0 Event", 15))).empty());
}

} // namespace
} // namespace ett::core
