// Tests of the torchtitan structured log reader: hand-made per-rank logs whose figures were worked
// out by hand (phases per rank, the attempt's buckets, the fault and the lost progress), the
// records upstream's own tests write, detection by content, .gz input, and hostile input.
#include "core/ingest/formats.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000; // nanoseconds per second
constexpr int64_t kT0Us = int64_t { 1767225600 } * 1'000'000; // 2026-01-01T00:00:00Z in microseconds
constexpr int64_t kT0 = kT0Us * 1000;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions titanOptions(const std::string& job = "run1")
{
    ImportOptions o;
    o.reader.format = TraceFormat::Torchtitan;
    o.reader.job = job;
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

std::string importError(Store& s, const std::string& path, const ImportOptions& o = titanOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

// What a record carries beside its rank, time and name.
struct Opt
{
    int step = -1;
    int rel = -1;
    std::string tags; // a JSON array's content: "\"checkpoint_save\""
    std::string logType = "event";
    std::string message;
};

Opt stepOpt(int step, int rel = -1)
{
    Opt o;
    o.step = step;
    o.rel = rel;
    return o;
}

Opt instantOpt()
{
    Opt o;
    o.logType = "instant";
    return o;
}

Opt errorOpt(int step, int rel, const std::string& message)
{
    Opt o = stepOpt(step, rel);
    o.message = message;
    return o;
}

// One rank's log as TraceJsonlFormatter writes it (its field order), lines sorted by time.
class RankLog
{
public:
    explicit RankLog(int rank)
        : m_rank(rank)
    {
    }
    void record(double sec, const std::string& typeName, const Opt& o = {})
    {
        const int64_t us = kT0Us + std::llround(sec * 1e6);
        const std::string r = std::to_string(m_rank);
        std::string l = R"({"delta_ms": 0.25, "tid": 4242, "rank": )" + r + R"(, "global_rank": )" + r
            + R"(, "local_rank": )" + r + R"(, "source": "training", "host_name": "node-)" + r + R"(", "pid": )"
            + std::to_string(1000 + m_rank);
        if (o.step >= 0) {
            l += R"(, "step": )" + std::to_string(o.step);
        }
        if (o.rel >= 0) {
            l += R"(, "relative_step": )" + std::to_string(o.rel);
        }
        if (!o.tags.empty()) {
            l += R"(, "step_tags": [)" + o.tags + "]";
        }
        l += R"(, "time": )" + std::to_string(us / 1'000'000) + R"(, "time_ms": )" + std::to_string(us / 1000)
            + R"(, "time_us": )" + std::to_string(us) + R"(, "log_type": ")" + o.logType + R"(", "log_type_name": ")"
            + typeName + R"(", "event_name": null, "caller": "torchtitan/trainer.py:1033:train", "seq_id": )"
            + std::to_string(m_lines.size()) + R"(, "message": ")" + o.message + "\"}";
        m_lines.emplace_back(us, m_lines.size(), l);
    }
    void span(double a, double b, const std::string& name, const Opt& o = {}, const std::string& endTags = "")
    {
        record(a, name + "_start", o);
        Opt e = o;
        e.tags = endTags;
        record(b, name + "_end", e);
    }
    std::string text() const
    {
        auto lines = m_lines;
        std::stable_sort(lines.begin(), lines.end());
        std::string out;
        for (const auto& l : lines) {
            out += std::get<2>(l) + "\n";
        }
        return out;
    }

private:
    int m_rank;
    std::vector<std::tuple<int64_t, size_t, std::string>> m_lines;
};

// The start shared by the hand-worked runs (seconds after 2026-01-01T00:00:00Z):
//   rank 0: logger 0; Trainer.Config.build [1,10) with torch_distributed_init [1,3);
//           checkpoint_load [10,12); step 1 [12,30) with fetching_batch [12,13).
//   rank 1: logger 0.5; build [1.5,11) with torch_distributed_init [1.5,3.5);
//           checkpoint_load [11,12.5); step 1 [12.5,31).
void startOfRun(RankLog& log, int rank)
{
    const double d = rank == 0 ? 0 : 0.5;
    log.record(d, "structured_logger_started", instantOpt());
    log.span(1 + d, rank == 0 ? 10 : 11, "Trainer.Config.build");
    log.span(1 + d, 3 + d, "torch_distributed_init");
    log.record(rank == 0 ? 10 : 11, "training_start", instantOpt());
    log.span(rank == 0 ? 10 : 11, 12 + d, "checkpoint_load");
    log.span(12 + d, 30 + 2 * d, "step", stepOpt(1, 1));
    if (rank == 0) {
        log.span(12, 13, "fetching_batch", stepOpt(1, 1));
    }
    log.span(30 + 2 * d - 0.1, 30 + 2 * d - 0.05, "checkpoint_save", stepOpt(1, 1)); // not saving
}

// Two ranks, init, three steps, a checkpoint save and an eval, then teardown:
//   rank 0: step 2 [30,40) with fetching_batch [30,31); step 3 [40,60) with a tagged
//           checkpoint_save [50,58) and eval [58,60); teardown [61,62).
//   rank 1: step 2 [31,40) with fetching_batch [31,32); step 3 [40,60) with the save [50,59) and
//           eval [59,60); teardown [61,62.5).
std::string completedRank(int rank)
{
    RankLog log(rank);
    startOfRun(log, rank);
    const double d = rank == 0 ? 0 : 1;
    log.span(30 + d, 40, "step", stepOpt(2, 2));
    log.span(30 + d, 31 + d, "fetching_batch", stepOpt(2, 2));
    log.span(39.9, 39.95, "checkpoint_save", stepOpt(2, 2));
    log.span(40, 60, "step", stepOpt(3, 3));
    log.span(50, 58 + d, "checkpoint_save", stepOpt(3, 3), R"("checkpoint_save")");
    log.span(58 + d, 60, "eval", stepOpt(3, 3), R"("checkpoint_save", "eval")");
    log.span(61, 62 + rank * 0.5, "torch_distributed_teardown", stepOpt(3, 3));
    return log.text();
}

TEST(TorchtitanReader, TwoRanksGiveOneAttemptWithPhasesPerRankAndHandWorkedBuckets)
{
    Store s;
    const auto o = titanOptions();
    const ImportSummary s0
        = s.import(s.write("training.global_rank_0.20260101-000000-AB12CD.jsonl", completedRank(0)), o);
    const ImportSummary s1
        = s.import(s.write("training.global_rank_1.20260101-000000-ZX98QW.jsonl", completedRank(1)), o);
    EXPECT_EQ(s0.format, "torchtitan");
    EXPECT_EQ(issueCount(s0, "unmapped_name"), 0);
    EXPECT_EQ(issueCount(s1, "unclosed_interval"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "run1");
    EXPECT_EQ(jobs[0].attr("source"), "torchtitan");
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Completed);
    // The window is the union of the ranks' records: 0 (rank 0's first) .. 62.5 (rank 1's last).
    EXPECT_EQ(r.windowStartNs, kT0);
    EXPECT_EQ(r.windowEndNs, kT0 + 62 * kS + kS / 2);
    // By hand (union over ranks, then priority):
    //   checkpoint_load [10,12.5) 2.5 s; init [1,11) less the load = [1,10) 9 s;
    //   compile: the first steps [12,31) less the load = [12.5,31) 18.5 s;
    //   checkpoint_save [50,59) 9 s; stall: fetching [30,32) less compile = [31,32) 1 s;
    //   eval [58,60) less the save = [59,60) 1 s; shutdown [61,62.5) 1.5 s;
    //   train: steps [30,60) less all of the above = [32,50) 18 s; idle [0,1) and [60,61) 2 s.
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointLoad)], 2 * kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 9 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Compile)], 18 * kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 9 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Stall)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Shutdown)], kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 18 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 0);
    EXPECT_EQ(r.ttsNs, 32 * kS); // first productive instant at 32 s
    // Per rank: build, process-group init, load, first step, fetching x2, steps 2 and 3, the real
    // save, eval, teardown = 11 phases; the two per-step save checks are not phases.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 0"), 11);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 1"), 10); // rank 1 fetched once
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank IS NULL"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'first_step (step 1)'"), 2);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases p JOIN phase_kinds k ON k.id = p.kind JOIN categories c ON "
                      "c.id = k.category WHERE c.name = 'init' AND k.subcategory = 'process_group_init'"),
        2);
    // Hosts of the ranks (spec 7.3).
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts WHERE (rank = 0 AND host = 'node-0') OR (rank = 1 AND host = "
                      "'node-1')"),
        2);
    // The step-3 save of each rank's file: captured at 50, durable when that rank finished.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints WHERE step = 3"), 2);
    EXPECT_EQ(s.count("SELECT MAX(durable_ns) FROM checkpoints"), kT0 + 59 * kS);
    EXPECT_EQ(s.count("SELECT MIN(start_ns) FROM checkpoints"), kT0 + 50 * kS);
}

// The same start; then step 2 with a tagged save [38,39.5) on both ranks; in step 3 rank 1 runs
// out of memory at 45 (fwd_bwd_error, fwd_bwd_end, step_error, step_end) and rank 0's log stops
// at 41 inside step 3 (hung in a collective, killed).
std::string crashedRank(int rank)
{
    RankLog log(rank);
    startOfRun(log, rank);
    const double d = rank == 0 ? 0 : 1;
    log.span(30 + d, 40, "step", stepOpt(2, 2));
    log.span(30 + d, 31 + d, "fetching_batch", stepOpt(2, 2));
    log.span(38, 39.5, "checkpoint_save", stepOpt(2, 2), R"("checkpoint_save")");
    log.record(40, "step_start", stepOpt(3, 3));
    log.span(40, 41, "fetching_batch", stepOpt(3, 3));
    log.record(41, "fwd_bwd_start", stepOpt(3, 3));
    if (rank == 1) {
        const Opt o = errorOpt(3, 3, "[step 3] fwd_bwd_error: OutOfMemoryError: CUDA out of memory.");
        log.record(45, "fwd_bwd_error", o);
        log.record(45, "fwd_bwd_end", stepOpt(3, 3));
        log.record(45, "step_error", o);
        log.record(45, "step_end", stepOpt(3, 3));
    }
    return log.text();
}

void expectCrashFigures(Store& s)
{
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 1u);
    // Rank 1's explicit error wins over rank 0's log that stops (unclosed spans at 41).
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].faultNs, kT0 + 45 * kS);
    // Spec 5.4: a fault of cause class user is an "other interruption", not a failure.
    EXPECT_EQ(r.failures, 0);
    EXPECT_EQ(r.otherInterruptions, 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'user.oom' AND symptom = 'explicit'"), 1);
    EXPECT_EQ(r.windowEndNs, kT0 + 45 * kS);
    // By hand: init 9, load 2.5, compile 18.5 as before; stall [31,32) + [40,41) = 2; save
    // [38,39.5) 1.5; train [32,38) + [39.5,40) + [41,45) = 10.5, of which the part after the save's
    // start (38, durable 39.5 <= f 45) is lost: [39.5,40) + [41,45) = 4.5; idle [0,1) 1.
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 9 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointLoad)], 2 * kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Compile)], 18 * kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Stall)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 6 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 4 * kS + kS / 2);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 0); // f is the attempt's end
    EXPECT_EQ(r.e2eNs(), 45 * kS);
}

TEST(TorchtitanReader, ErrorOfOneRankIsTheAttemptsFaultWhateverTheOrderOfTheFiles)
{
    for (const bool rank1First : { false, true }) {
        SCOPED_TRACE(rank1First ? "rank 1's file first" : "rank 0's file first");
        Store s;
        const std::string f0 = s.write("r0.jsonl", crashedRank(0));
        const std::string f1 = s.write("r1.jsonl", crashedRank(1));
        const ImportSummary first = s.import(rank1First ? f1 : f0, titanOptions());
        const ImportSummary second = s.import(rank1First ? f0 : f1, titanOptions());
        const ImportSummary& r0 = rank1First ? second : first;
        EXPECT_EQ(issueCount(r0, "unclosed_interval", "step"), 1);
        EXPECT_EQ(issueCount(r0, "unclosed_interval", "fwd_bwd"), 1);
        expectCrashFigures(s);
    }
}

TEST(TorchtitanReader, LogThatStopsFailsAtItsLastRecordWithUnknownCause)
{
    Store s;
    s.import(s.write("r0.jsonl", crashedRank(0)), titanOptions());
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(jobs[0].result.attempts[0].faultNs, kT0 + 41 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'unknown.unclosed_span'"), 1);
}

TEST(TorchtitanReader, MissingEndCanMeanStillRunningByTheRules)
{
    Store s;
    const std::string rules = s.write("rules.json",
        R"({"format": "torchtitan", "phases": [{"exact": "step", "phase": "train"}], "settings": {"missing_end": "running"}})");
    auto o = titanOptions();
    o.reader.mappingPath = rules;
    const ImportSummary sum = s.import(s.write("r0.jsonl", crashedRank(0)), o);
    EXPECT_GT(issueCount(sum, "unmapped_name"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Running);
}

TEST(TorchtitanReader, HandledErrorIsCountedNotAFault)
{
    Store s;
    RankLog log(0);
    log.span(0, 10, "step", stepOpt(1, 1));
    log.record(5, "fetching_batch_start", stepOpt(1, 1));
    log.record(6, "fetching_batch_error", errorOpt(1, 1, "DataloaderExhaustedError"));
    log.record(6, "fetching_batch_end", stepOpt(1, 1));
    log.span(11, 12, "torch_distributed_teardown");
    const ImportSummary sum = s.import(s.write("handled.jsonl", log.text()), titanOptions());
    EXPECT_EQ(issueCount(sum, "handled_error", "fetching_batch"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Completed);
}

TEST(TorchtitanReader, FirstStepWithoutRelativeStepIsTheRanksFirstAndOnlyIt)
{
    Store s;
    RankLog log(3);
    log.span(0, 5, "step", stepOpt(101));
    log.span(5, 6, "step", stepOpt(102));
    log.span(6, 7, "step", stepOpt(103));
    s.import(s.write("resumed.jsonl", log.text()), titanOptions());
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'first_step (step 101)' AND rank = 3"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Compile)], 5 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 2 * kS);
}

TEST(TorchtitanReader, JobIsTheRunFolderAboveStructuredLogsAndAttemptComesFromTheOption)
{
    Store s;
    std::filesystem::create_directories(s.path("llama3_8b/structured_logs"));
    RankLog log(0);
    log.span(0, 5, "step", stepOpt(1, 1));
    const std::string file
        = s.write("llama3_8b/structured_logs/training.global_rank_0.20260101-000000-AAAAAA.jsonl", log.text());
    ImportOptions o;
    o.reader.format = TraceFormat::Torchtitan;
    o.reader.attempt = 2;
    const ImportSummary sum = s.import(file, o);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs WHERE job_key = 'llama3_8b'"), 1);
    EXPECT_EQ(s.count("SELECT attempt_no FROM attempts"), 2);
}

TEST(TorchtitanReader, DetectedByContentAlsoWhenGzippedAndOthersKeepTheirFormats)
{
    Store s;
    const std::string plain = s.write("no-extension", completedRank(0));
    const std::string gz = s.writeGzip("rank0.jsonl.gz", completedRank(0));
    auto f = detectFormat(plain);
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(*f, TraceFormat::Torchtitan);
    auto g = detectFormat(gz);
    ASSERT_TRUE(g.ok());
    EXPECT_EQ(*g, TraceFormat::Torchtitan);
    ImportOptions o;
    o.reader.job = "gz";
    EXPECT_EQ(s.import(gz, o).format, "torchtitan");
    EXPECT_EQ(s.fleet().size(), 1u);
    // A native trace without a header, and a Chrome trace, are not taken for torchtitan.
    const std::string native = s.write("native.jsonl",
        R"({"type":"job","job":"J","gpus":1})"
        "\n"
        R"({"type":"attempt","job":"J","attempt":0,"start":0,"end":10})"
        "\n");
    EXPECT_EQ(*detectFormat(native), TraceFormat::Ett);
    const std::string chrome = s.write("t.json", R"({"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":2}]})");
    EXPECT_EQ(*detectFormat(chrome), TraceFormat::Chrome);
    EXPECT_EQ(parseTraceFormat("torchtitan"), TraceFormat::Torchtitan);
    EXPECT_EQ(traceFormatName(TraceFormat::Torchtitan), "torchtitan");
}

// ---------------------------------------------------------------------------------------------
// Upstream's records: tests/unit_tests/observability/test_structured_logging.py writes these
// (json.dumps of each dict, one per line) for its Gantt generator tests; copied in
// tests/data/torchtitan/ (see the README there).

std::string dataDir()
{
    return std::string(ETT_TEST_DATA_DIR) + "/torchtitan";
}

TEST(TorchtitanReaderUpstream, SpmdNestedSpansPairAsUpstreamPairsThem)
{
    Store s;
    const ImportSummary sum = s.import(dataDir() + "/spmd_pairing_with_null_task_name.jsonl", titanOptions());
    EXPECT_EQ(issueCount(sum, "stop_without_start"), 0);
    EXPECT_EQ(issueCount(sum, "unclosed_interval"), 0);
    // step [1000, 2000) us, the rank's first step: compile; fwd_bwd is detail.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 1);
    EXPECT_EQ(s.count("SELECT end_ns - start_ns FROM phases"), 1000 * 1000);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.e2eNs(), 1000 * 1000);
}

TEST(TorchtitanReaderUpstream, ConcurrentTasksPairByTaskName)
{
    Store s;
    const std::string rules = s.write("rules.json",
        R"({"format": "torchtitan", "phases": [{"exact": "A", "phase": "train"}, {"exact": "B", "phase": "eval"}]})");
    auto o = titanOptions();
    o.reader.mappingPath = rules;
    s.import(dataDir() + "/concurrent_non_nested_tasks.jsonl", o);
    // A [1000,1500) us on Task-1, B [1100,2000) us on Task-2: upstream's expected pairing.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE start_ns = 1000000 AND end_ns = 1500000"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE start_ns = 1100000 AND end_ns = 2000000"), 1);
}

TEST(TorchtitanReaderUpstream, PairsBySpanIdRecordsPairByName)
{
    Store s;
    const std::string rules
        = s.write("rules.json", R"({"format": "torchtitan", "phases": [{"exact": "fwd_bwd", "phase": "train"}]})");
    auto o = titanOptions();
    o.reader.mappingPath = rules;
    s.import(dataDir() + "/pairs_by_span_id.jsonl", o);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE start_ns = 1000000 AND end_ns = 2000000 AND rank = 0"), 1);
}

TEST(TorchtitanReaderUpstream, InstantsAndMetricsAreNotSpans)
{
    Store s;
    const ImportSummary a = s.import(dataDir() + "/instant_routes.jsonl", titanOptions("instants"));
    EXPECT_EQ(issueCount(a, "unclosed_interval"), 0) << "training_start has log_type instant";
    s.import(dataDir() + "/metric_events.jsonl", titanOptions("metrics"));
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'completed'"), 2);
    EXPECT_EQ(s.count("SELECT end_ns - start_ns FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.job_key = "
                      "'instants'"),
        1000 * 1000);
}

TEST(TorchtitanReaderUpstream, AnErrorRecordAloneIsTheFault)
{
    Store s;
    s.import(dataDir() + "/error_events.jsonl", titanOptions());
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(jobs[0].result.attempts[0].faultNs, 1500 * 1000);
    EXPECT_EQ(
        s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'unknown' AND detail LIKE 'rank 0: fwd_bwd_error%'"), 1);
}

// ---------------------------------------------------------------------------------------------
// Hostile input.

TEST(TorchtitanReaderErrors, CutAndJunkLinesAreCountedNotFatal)
{
    Store s;
    RankLog log(0);
    log.span(0, 5, "step", stepOpt(1, 1));
    const std::string deep = std::string(5000, '[') + std::string(5000, ']');
    const std::string text = log.text() + "garbage \x01\x02 not json\n" + deep + "\n"
        + R"({"rank": 0, "log_type_name": "step_start", "time_us": 17672256)";
    const ImportSummary sum = s.import(s.write("cut.jsonl", text), titanOptions());
    EXPECT_EQ(issueCount(sum, "malformed_line"), 3);
    EXPECT_EQ(s.fleet().size(), 1u);
}

TEST(TorchtitanReaderErrors, BadFieldsNameFileLineAndFieldAndStoreNothing)
{
    Store s;
    RankLog log(0);
    log.span(0, 5, "step", stepOpt(1, 1));
    const std::string good = log.text();
    struct Case
    {
        std::string line;
        std::string field;
    };
    const std::vector<Case> cases = {
        { R"({"rank": 0, "time_us": 1767225600000000})", "log_type_name" },
        { R"({"rank": 0, "log_type_name": 7, "time_us": 1767225600000000})", "log_type_name" },
        { R"({"rank": 0, "log_type_name": "x_start"})", "time_us" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": "soon"})", "time_us" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": 1e30})", "time_us" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": 18446744073709551615})", "time_us" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": -5})", "time_us" },
        { R"({"rank": -1, "log_type_name": "x_start", "time_us": 1})", "rank" },
        { R"({"rank": "zero", "log_type_name": "x_start", "time_us": 1})", "rank" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": 1, "step": 1.5})", "step" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": 1, "step_tags": "gc"})", "step_tags" },
        { R"({"rank": 0, "log_type_name": "x_start", "time_us": 1, "task_name": {"a": 1}})", "task_name" },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.line);
        const std::string file = s.write("bad.jsonl", good + c.line + "\n");
        const std::string err = importError(s, file);
        EXPECT_NE(err.find("bad.jsonl:3:"), std::string::npos) << err;
        EXPECT_NE(err.find("field '" + c.field + "'"), std::string::npos) << err;
    }
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

TEST(TorchtitanReaderErrors, FileWithoutRecordsOrWithBinaryIsAnError)
{
    Store s;
    EXPECT_NE(importError(s, s.write("junk.jsonl", "not json\n[1,2]\n")).find("no torchtitan structured log records"),
        std::string::npos);
    EXPECT_NE(
        importError(s, s.write("bin.jsonl", std::string("{\"a\":\0}\n", 9))).find("bin.jsonl"), std::string::npos);
    const std::string rules
        = s.write("rules.json", R"({"format": "torchtitan", "phases": [], "settings": {"gpus": "0"}})");
    auto o = titanOptions();
    o.reader.mappingPath = rules;
    RankLog log(0);
    log.span(0, 5, "step");
    EXPECT_NE(importError(s, s.write("ok.jsonl", log.text()), o).find("gpus"), std::string::npos);
}

TEST(TorchtitanReaderErrors, EndWithoutStartAndEndBeforeStartAreCounted)
{
    Store s;
    RankLog log(0);
    log.record(1, "optim_end");
    log.record(5, "step_start", stepOpt(1, 1));
    log.record(9, "step_end", stepOpt(1, 1));
    log.record(10, "eval_start");
    std::string text = log.text();
    RankLog back(0);
    back.record(4, "eval_end");
    text += back.text(); // eval ends before it starts (clock stepped back)
    const ImportSummary sum = s.import(s.write("odd.jsonl", text), titanOptions());
    EXPECT_EQ(issueCount(sum, "stop_without_start", "optim_end"), 1);
    EXPECT_EQ(issueCount(sum, "stop_before_start", "eval_end"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE start_ns = end_ns"), 1);
}

} // namespace
} // namespace ett::core
