// Tests of the MLPerf log reader: real result files of MLPerf Training v4.0
// (one per submitter, and the aborted run), then hand-written logs for the edge cases: ranks
// printing the same events, prefixes and garbage, stops without starts, unclosed intervals, a
// missing run_stop, GPU counts, user mappings, and bad input.
#include "core/ingest/formats.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kMs = 1'000'000; // nanoseconds per millisecond

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions mlperfOptions()
{
    ImportOptions o;
    o.reader.format = TraceFormat::Mlperf;
    return o;
}

// Sum of the counts of an issue kind (all details), or of one (kind, detail).
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

std::string importError(Store& s, const std::string& path, const ImportOptions& o = mlperfOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

// One MLLOG line: type "S" (INTERVAL_START), "E" (INTERVAL_END) or "P" (POINT_IN_TIME).
std::string mllog(int64_t ms, const std::string& type, const std::string& key,
    const std::string& metadata = R"({"file": "train.py", "lineno": 10})", const std::string& value = "null")
{
    const std::string t = type == "S" ? "INTERVAL_START" : type == "E" ? "INTERVAL_END" : "POINT_IN_TIME";
    return ":::MLLOG {\"namespace\": \"\", \"time_ms\": " + std::to_string(ms) + ", \"event_type\": \"" + t
        + "\", \"key\": \"" + key + "\", \"value\": " + value + ", \"metadata\": " + metadata + "}\n";
}

std::string withStatus(const std::string& status)
{
    return R"({"file": "train.py", "lineno": 99, "status": ")" + status + "\"}";
}

std::string epochMeta(int n)
{
    return R"({"file": "train.py", "lineno": 20, "epoch_num": )" + std::to_string(n) + "}";
}

std::string mlperfDir()
{
    const std::string dir = test::sharedDataDir();
    return dir.empty() ? dir : dir + "/mlperf-training-v4.0";
}

// ---------------------------------------------------------------------------------------------
// Real result files. Every expected figure below was derived from the raw file with a short
// Python script, independent of the reader (/tmp/mlperf_hand.py when these tests were written):
// json.loads of the text after ":::MLLOG" on each line; the time_ms of init_start, init_stop,
// run_start, run_stop; the first and last time_ms of all events; the count of block_start,
// epoch_start and eval_start; the sum of eval_stop - eval_start over pairs in file order; the
// number of non-blank lines without ":::MLLOG" or ":::SYSJSON". GPU counts are
// number_of_nodes x accelerators_per_node of <submitter>/systems/<system>.json, read by eye.

TEST(MlperfReaderShared, AsustekLlamaRunGivesInitEvalAndTrainOfTheLog)
{
    if (mlperfDir().empty()) {
        GTEST_SKIP() << "../shared/data is not here";
    }
    Store s;
    const std::string file = mlperfDir() + "/ASUSTeK/results/ESC_N8A-E12/llama2_70b_lora/result_0.txt";
    const ImportSummary sum = s.import(file); // detected by content
    EXPECT_EQ(sum.format, "mlperf");
    EXPECT_EQ(sum.issues.total(), 0) << "52 MLLOG lines, nothing else, no duplicates";
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "ASUSTeK/ESC_N8A-E12/llama2_70b_lora/result_0");
    EXPECT_EQ(j.gpus, 8); // ESC_N8A-E12.json: 1 node x 8 accelerators
    EXPECT_EQ(j.attr("benchmark"), "llama2_70b_lora");
    EXPECT_EQ(j.attr("submitter"), "ASUSTeK");
    EXPECT_EQ(j.attr("division"), "closed");
    EXPECT_EQ(j.attr("system"), "ESC_N8A-E12");
    EXPECT_EQ(j.attr("accelerator"), "NVIDIA H100-SXM5-80GB");
    EXPECT_EQ(j.attr("source"), "mlperf");
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Completed); // run_stop status "success"
    // First event 1715848254167 (cache_clear, same ms as init_start), last 1715850093688 (run_stop).
    EXPECT_EQ(r.windowStartNs, 1715848254167 * kMs);
    EXPECT_EQ(r.windowEndNs, 1715850093688 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 0);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 66257 * kMs); // 1715848320424 - 1715848254167
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 190695 * kMs); // 5 evals
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 1 * kMs); // init_stop ...424 -> run_start ...425
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 1582568 * kMs); // run 1773263 - eval 190695
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'block #%'"), 5);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'epoch%'"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'eval #%'"), 5);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'run #1'"), 1);
}

TEST(MlperfReaderShared, DellAbortedResnetRunIsAFailedAttemptWithItsEpochs)
{
    if (mlperfDir().empty()) {
        GTEST_SKIP() << "../shared/data is not here";
    }
    Store s;
    const std::string file = mlperfDir() + "/Dell/results/XE9680x8H100-SXM-80GB/resnet/result_4.txt";
    const ImportSummary sum = s.import(file);
    // 75 lines of shell trace and framework output; the last block (first_epoch_num 36) has no
    // block_stop: run_stop (status aborted, epoch 36) comes after epoch 37.
    EXPECT_EQ(issueCount(sum, "ignored_line"), 75);
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "block"), 1);
    EXPECT_EQ(issueCount(sum, "duplicate_event"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "Dell/XE9680x8H100-SXM-80GB/resnet/result_4");
    EXPECT_EQ(j.gpus, 8);
    EXPECT_EQ(j.attr("benchmark"), "resnet");
    EXPECT_EQ(j.attr("platform"), "1xXE9680x8H100-SXM-80GB");
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].faultNs, 1714566950073 * kMs); // at run_stop, the last event
    EXPECT_EQ(j.attemptInfo[0].cause, "unknown.aborted");
    EXPECT_EQ(r.failures, 1);
    EXPECT_TRUE(r.noCheckpointData);
    EXPECT_EQ(r.e2eNs(), 926801 * kMs); // 1714566023272 (submission_benchmark) .. 1714566950073
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 41809 * kMs); // first event -> init_start 1714566065081
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 48349 * kMs); // -> init_stop 1714566113430
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 1 * kMs); // -> run_start 1714566113431
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 5758 * kMs); // 9 evals
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 830884 * kMs); // run 836642 - eval 5758
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 0);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'block #%'"), 10);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'epoch %'"), 37);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'eval (epoch %'"), 9);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'epoch 37'"), 1);
}

TEST(MlperfReaderShared, NvidiaRunTakesGpusFromTheSystemsFileAndKnowsTheSysjsonLines)
{
    if (mlperfDir().empty()) {
        GTEST_SKIP() << "../shared/data is not here";
    }
    Store s;
    const std::string file = mlperfDir() + "/NVIDIA/results/eos_n8_ngc24.04_nemo/llama2_70b_lora/result_0.txt";
    const ImportSummary sum = s.import(file);
    EXPECT_EQ(issueCount(sum, "ignored_line"), 0) << "the two :::SYSJSON lines are used, not ignored";
    EXPECT_EQ(issueCount(sum, "system_json"), 0) << "the file and the SYSJSON line agree (8 x 8)";
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "NVIDIA/eos_n8_ngc24.04_nemo/llama2_70b_lora/result_0");
    EXPECT_EQ(j.gpus, 64); // eos_n8_ngc24.04_nemo.json: 8 nodes x 8 accelerators
    const JobResult& r = j.result;
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Completed);
    EXPECT_EQ(r.e2eNs(), 396381 * kMs); // 1714861329539 .. 1714861725920
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 1 * kMs); // cache_clear 1 ms before init_start
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 53087 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 51121 * kMs); // 6 evals
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 292172 * kMs); // run 343293 - eval 51121
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 0); // run_start at init_stop's millisecond
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'block #%'"), 6);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'eval #%'"), 6);
}

TEST(MlperfReaderShared, EveryResultFileImportsAsOneJobWithOneAttempt)
{
    if (mlperfDir().empty()) {
        GTEST_SKIP() << "../shared/data is not here";
    }
    Store s;
    int files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(mlperfDir())) {
        if (e.path().extension() == ".txt") {
            s.import(e.path().string());
            ++files;
        }
    }
    // find .../results -name '*.txt' | wc -l -> 25; grep -l '"status": "aborted"' -> 1 file.
    EXPECT_EQ(files, 25);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 25);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 25);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'failed'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'completed'"), 24);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs WHERE gpus_given = 0"), 0) << "every system file was found";
}

// A whole round of results (a checkout of mlcommons/training_results_vX.Y, or its results and
// systems folders) named by the environment variable ETT_MLPERF_ROUND: every result file must import,
// and the issues met are printed by kind. Skipped without it (the rounds are hundreds of MB).
TEST(MlperfReaderRound, EveryResultFileOfTheRoundImports)
{
    const char* round = std::getenv("ETT_MLPERF_ROUND");
    if (!round || !std::filesystem::is_directory(round)) {
        GTEST_SKIP() << "set ETT_MLPERF_ROUND to a results round's folder";
    }
    test::TempDir dir;
    auto db = Database::open(dir.path("round.db"), Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(db.ok());
    int files = 0;
    int failed = 0;
    int power = 0;
    std::map<std::string, std::pair<int64_t, std::string>> issues; // kind -> count, first example
    for (const auto& e : std::filesystem::recursive_directory_iterator(round)) {
        const std::string path = e.path().string();
        if (e.path().extension() != ".txt" || path.find("/results/") == std::string::npos) {
            continue;
        }
        ++files;
        auto r = importTraceFile(**db, path, mlperfOptions());
        if (!r.ok()) {
            // Power measurement logs (power/result_N/node_M.txt) are not runs: an error by design.
            if (r.error().message.find("power measurement log") == std::string::npos) {
                ++failed;
                ADD_FAILURE() << r.error().message;
            } else {
                ++power;
            }
            continue;
        }
        for (const auto& [key, entry] : r->issues.entries()) {
            auto& [n, example] = issues[key.first];
            if (n == 0) {
                example = path + ": " + key.second + ": " + entry.example;
            }
            n += entry.count;
        }
    }
    std::cout << files << " result files, " << failed << " failed, " << power << " power logs refused\n";
    for (const auto& [kind, entry] : issues) {
        std::cout << "  " << kind << ": " << entry.first << " (first: " << entry.second.substr(0, 300) << ")\n";
    }
    EXPECT_GT(files, 0);
}

// MLPerf Training v4.1 (tests/data/mlperf-v4.1, copied from mlcommons/training_results_v4.1). Figures
// from the raw file by a Python script independent of the reader, as above.

std::string v41File(const std::string& relative)
{
    return std::string(ETT_TEST_DATA_DIR) + "/mlperf-v4.1/" + relative;
}

TEST(MlperfReaderV41, TinycorpInitEndsAtItsPointInTimeInitStop)
{
    // tinygrad logs init_stop and epoch_stop as POINT_IN_TIME. first event 1728516945293,
    // init_start 1728516945491, init_stop 1728518502722, run_start 1728518514008, run_stop
    // 1728543990349 (the last event, status success), 21 evals of 1114056 ms in all.
    Store s;
    const ImportSummary sum = s.import(v41File("tinycorp/results/tinybox_red/bert/result_0.txt"));
    EXPECT_EQ(sum.format, "mlperf");
    EXPECT_EQ(issueCount(sum, "unclosed_interval"), 0) << "init_stop and epoch_stop close their intervals";
    EXPECT_EQ(issueCount(sum, "ignored_line"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "tinycorp/tinybox_red/bert/result_0");
    EXPECT_EQ(j.gpus, 6); // tinybox_red.json: 1 node x 6 accelerators
    const JobResult& r = j.result;
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Completed);
    EXPECT_EQ(r.e2eNs(), 27045056 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 198 * kMs); // first event -> init_start
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 1557231 * kMs); // init_start -> init_stop, not to run_start
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 11286 * kMs); // init_stop -> run_start
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 1114056 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 24362285 * kMs); // run 25476341 - eval
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'epoch 0' AND end_ns = 1728543990349000000"), 1);
}

TEST(MlperfReaderV41, ShellTracedSysjsonLineDoesNotHideTheRealOne)
{
    // Line 2 is bash's trace of the command (+ echo ':::SYSJSON {...}'), not JSON; line 3 is the
    // line itself: 1 node x 8 accelerators. Outside the results layout it is the only GPU count.
    Store s;
    const std::string text = s.write("result_09.txt", [] {
        std::ifstream in(v41File("Supermicro/results/SYS-421GE-TNHR2-LCC-1/dlrm_dcnv2/result_09.txt"));
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }());
    const ImportSummary sum = s.import(text, mlperfOptions());
    EXPECT_EQ(issueCount(sum, "system_json"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 8);
    EXPECT_EQ(jobs[0].attr("accelerator"), "NVIDIA H200");
    // In the layout the systems file says the same.
    Store t;
    t.import(v41File("Supermicro/results/SYS-421GE-TNHR2-LCC-1/dlrm_dcnv2/result_09.txt"));
    EXPECT_EQ(t.fleet()[0].gpus, 8);
}

// ---------------------------------------------------------------------------------------------
// Hand-written logs.

TEST(MlperfReader, InterleavedRanksAreDeduplicatedAndStopsTakeTheSlowestRank)
{
    Store s;
    const std::string r0 = "[1,0]<stdout>:";
    const std::string r1 = "[1,1]<stdout>:";
    const std::string md = R"({"file": "train.py", "lineno": 10})";
    const std::string log = r0 + mllog(1000, "S", "init_start") + r1 + mllog(1002, "S", "init_start") + r1
        + "NCCL INFO Bootstrap : Using eth0\n" + r0 + mllog(5000, "E", "init_stop") + r1 + mllog(5300, "E", "init_stop")
        + r0 + mllog(5400, "S", "run_start") + r1 + mllog(5401, "S", "run_start") + r0
        + mllog(6000, "S", "epoch_start", epochMeta(1)) + r1 + mllog(6001, "S", "epoch_start", epochMeta(1)) + r1
        + mllog(9000, "E", "epoch_stop", epochMeta(1)) + r0 + mllog(9002, "E", "epoch_stop", epochMeta(1)) + r0
        + mllog(9100, "S", "eval_start", epochMeta(1)) + r0 + mllog(9500, "E", "eval_stop", epochMeta(1)) + r1
        + mllog(9101, "S", "eval_start", epochMeta(1)) + r1 + mllog(9600, "E", "eval_stop", epochMeta(1)) + r0
        + mllog(10000, "E", "run_stop", withStatus("success")) + r1
        + mllog(10005, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("ranks.log", log), mlperfOptions());
    // The second rank's copy of each of the 8 interval events.
    EXPECT_EQ(issueCount(sum, "duplicate_event"), 8);
    EXPECT_EQ(issueCount(sum, "ignored_line"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "ranks");
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.windowStartNs, 1000 * kMs);
    EXPECT_EQ(r.windowEndNs, 10005 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 4300 * kMs); // 1000 .. 5300 (the slower rank's stop)
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 100 * kMs); // 5300 .. 5400
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 500 * kMs); // 9100 .. 9600
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 4105 * kMs); // 5400 .. 10005 less eval
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'epoch 1'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'epoch 1' AND end_ns = 9002000000"), 1);
}

TEST(MlperfReader, LoopWithTheSameMetadataEveryRoundGivesOneIntervalPerRound)
{
    Store s;
    std::string log = mllog(0, "S", "init_start") + mllog(100, "E", "init_stop") + mllog(100, "S", "run_start");
    for (int i = 0; i < 3; ++i) {
        log += mllog(200 + i * 1000, "S", "block_start") + mllog(900 + i * 1000, "E", "block_stop");
    }
    log += mllog(3000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("loop.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "duplicate_event"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE 'block #%'"), 3);
}

TEST(MlperfReader, StopWithoutStartIsCountedAndDropped)
{
    Store s;
    const std::string log = mllog(0, "S", "run_start") + mllog(500, "E", "eval_stop")
        + mllog(1000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("orphan.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "stop_without_start", "eval_stop"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Eval)], 0);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 1000 * kMs);
}

TEST(MlperfReader, GarbageAndCutLinesAreCountedNotFatal)
{
    Store s;
    const std::string log = "2024-05-01 12:00:00 starting\n\n   \n" + mllog(0, "S", "run_start")
        + "binary \x01\x02 noise\n" + ":::MLLOG {\"namespace\": \"\", \"time_ms\": 12\n"
        + "[1,3]<stderr>: :::MLLOG [1, 2]\n" + mllog(2000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("garbage.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "ignored_line"), 2) << "blank lines are not counted";
    EXPECT_EQ(issueCount(sum, "malformed_mllog"), 2);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.e2eNs(), 2000 * kMs);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Completed);
}

TEST(MlperfReader, MissingRunStopFailsAtTheLastEventAndClosesWhatIsOpen)
{
    Store s;
    const std::string log = "Traceback (most recent call last):\n" + mllog(0, "S", "init_start")
        + mllog(300, "E", "init_stop") + mllog(300, "S", "run_start") + mllog(400, "S", "epoch_start", epochMeta(1))
        + mllog(1400, "P", "tracked_stats", R"({"file": "train.py", "lineno": 5, "step": 1})", "1.5")
        + "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
    const ImportSummary sum = s.import(s.write("crashed.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "missing_run_stop"), 1);
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "epoch"), 1);
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "run"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.windowEndNs, 1400 * kMs) << "the last event";
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "user.oom") << "the preset's fault rule on the traceback line";
    EXPECT_NE(jobs[0].attemptInfo[0].detail.find("line 7"), std::string::npos) << jobs[0].attemptInfo[0].detail;
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 300 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 1100 * kMs);
}

TEST(MlperfReader, MissingRunStopCanMeanStillRunningByTheRules)
{
    Store s;
    const std::string rules = s.write("running.json", R"({"format": "mlperf", "phases": [
        {"exact": "run", "phase": "train"}, {"exact": "init", "phase": "init"}],
        "settings": {"missing_run_stop": "running", "gpus": "16"}})");
    const std::string log = mllog(0, "S", "init_start") + mllog(300, "E", "init_stop") + mllog(300, "S", "run_start")
        + mllog(900, "P", "tracked_stats", R"({"file": "t.py", "lineno": 5, "step": 1})", "2");
    ImportOptions o = mlperfOptions();
    o.reader.mappingPath = rules;
    const ImportSummary sum = s.import(s.write("live.log", log), o);
    EXPECT_EQ(issueCount(sum, "missing_run_stop"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 16) << "settings gpus";
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Running);
    EXPECT_EQ(jobs[0].result.failures, 0);
}

TEST(MlperfReader, UnclosedInitEndsAtRunStart)
{
    Store s;
    const std::string log = mllog(0, "S", "init_start") + mllog(700, "S", "run_start")
        + mllog(1000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("noinitstop.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "init"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Init)], 700 * kMs);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 300 * kMs);
}

TEST(MlperfReader, SysjsonLineGivesGpusOutsideTheResultsLayout)
{
    Store s;
    const std::string log
        = R"(:::SYSJSON {"submitter":"X","system_name":"x4","number_of_nodes":"4","accelerators_per_node":"8","accelerator_model_name":"GPU-Z"})"
          "\n"
        + mllog(0, "S", "run_start") + mllog(1000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("sys.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "ignored_line"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 32);
    EXPECT_EQ(jobs[0].attr("accelerator"), "GPU-Z");
}

TEST(MlperfReader, ResultsLayoutNamesTheJobAndFindsTheSystemFile)
{
    Store s;
    std::filesystem::create_directories(s.path("Acme/results/box_n2/bert"));
    std::filesystem::create_directories(s.path("Acme/systems"));
    s.write(
        "Acme/systems/box_n2.json", R"({"system_name": "box", "number_of_nodes": 2, "accelerators_per_node": "4"})");
    const std::string log = mllog(0, "P", "submission_benchmark", R"({"file": "a.py", "lineno": 1})", "\"bert\"")
        + mllog(0, "S", "run_start") + mllog(1000, "E", "run_stop", withStatus("aborted"));
    s.write("Acme/results/box_n2/bert/result_7.txt", log);
    s.import(s.path("Acme/results/box_n2/bert/result_7.txt"), mlperfOptions());
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "Acme/box_n2/bert/result_7");
    EXPECT_EQ(jobs[0].gpus, 8);
    EXPECT_EQ(jobs[0].name, "bert result_7");
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "unknown.aborted");
}

TEST(MlperfReader, OptionsOverrideJobAttemptAndRank)
{
    Store s;
    const std::string log = mllog(0, "S", "run_start") + mllog(1000, "E", "run_stop", withStatus("success"));
    ImportOptions o = mlperfOptions();
    o.reader.job = "bench-A";
    o.reader.attempt = 3;
    o.reader.rank = 5;
    s.import(s.write("r.log", log), o);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs WHERE job_key = 'bench-A'"), 1);
    EXPECT_EQ(s.count("SELECT attempt_no FROM attempts"), 3);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 5"), 1);
}

TEST(MlperfReader, IntervalsNoRuleMapsAreCountedWithTheirTime)
{
    Store s;
    const std::string log = mllog(0, "S", "run_start") + mllog(100, "S", "checkpoint_start")
        + mllog(350, "E", "checkpoint_stop") + mllog(1000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("ckpt.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "unmapped_name", "checkpoint"), 1);

    // A user mapping that names it.
    Store t;
    const std::string rules = t.write("ckpt.json", R"({"format": "mlperf", "phases": [
        {"exact": "run", "phase": "train"}, {"exact": "checkpoint", "phase": "checkpoint_save"}]})");
    ImportOptions o = mlperfOptions();
    o.reader.mappingPath = rules;
    const ImportSummary mapped = t.import(t.write("ckpt.log", log), o);
    EXPECT_EQ(issueCount(mapped, "unmapped_name"), 0);
    const auto jobs = t.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::CheckpointSave)], 250 * kMs);
}

TEST(MlperfReader, InitStopLoggedAsPointInTimeEndsInitAndTheGapToRunStartIsNotInit)
{
    Store s;
    const std::string log = mllog(0, "S", "init_start") + mllog(1000, "P", "init_stop") + mllog(1500, "S", "run_start")
        + mllog(5000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("pit.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "unclosed_interval"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 1000 * kMs) << "init ends at init_stop";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 500 * kMs) << "init_stop -> run_start is no phase's";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 3500 * kMs);
}

TEST(MlperfReader, StopKeysEndTheirIntervalsWhateverTheEventTypeAndRankPrefixes)
{
    // "56: " rank prefixes (as torchrun prints them), an epoch_stop logged as POINT_IN_TIME, an
    // eval_stop logged as INTERVAL_START by mistake.
    Store s;
    const std::string log = "0: " + mllog(0, "S", "init_start") + "56: " + mllog(400, "P", "init_stop")
        + "0: " + mllog(400, "S", "run_start") + "0: " + mllog(500, "S", "epoch_start", epochMeta(1)) + "12: "
        + mllog(1500, "P", "epoch_stop", epochMeta(1)) + "0: " + mllog(1500, "S", "eval_start", epochMeta(1)) + "0: "
        + mllog(1700, "S", "eval_stop", epochMeta(1)) + "0: " + mllog(3000, "E", "run_stop", withStatus("success"));
    const ImportSummary sum = s.import(s.write("ranks.log", log), mlperfOptions());
    EXPECT_EQ(issueCount(sum, "unclosed_interval"), 0);
    EXPECT_EQ(issueCount(sum, "ignored_line"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 400 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 200 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 2400 * kMs);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'epoch 1' AND end_ns = 1500000000"), 1);
}

// ---------------------------------------------------------------------------------------------
// Bad input: an error naming file, line and field; nothing stored.

TEST(MlperfReaderErrors, BadTimeNamesFileLineAndFieldAndStoresNothing)
{
    Store s;
    s.import(s.write("good.log", mllog(0, "S", "run_start") + mllog(10, "E", "run_stop", withStatus("success"))),
        mlperfOptions());
    const auto countAll = [&] {
        return s.count("SELECT (SELECT COUNT(*) FROM datasets) + (SELECT COUNT(*) FROM jobs) + (SELECT COUNT(*) "
                       "FROM attempts) + (SELECT COUNT(*) FROM phases) + (SELECT COUNT(*) FROM import_issues)");
    };
    const int64_t before = countAll();
    const std::string bad = s.write("bad.log",
        mllog(0, "S", "run_start")
            + ":::MLLOG {\"time_ms\": \"soon\", \"key\": \"run_stop\", \"event_type\": "
              "\"INTERVAL_END\"}\n");
    const std::string msg = importError(s, bad);
    EXPECT_NE(msg.find(bad + ":2: MLLOG event: field 'time_ms': expected"), std::string::npos) << msg;
    EXPECT_NE(msg.find("\"soon\""), std::string::npos) << msg;
    EXPECT_EQ(countAll(), before);
}

TEST(MlperfReaderErrors, MissingKeyAndBadEventTypeAreErrors)
{
    Store s;
    const std::string noKey = s.write("nokey.log", ":::MLLOG {\"time_ms\": 5, \"event_type\": \"POINT_IN_TIME\"}\n");
    std::string msg = importError(s, noKey);
    EXPECT_NE(msg.find(noKey + ":1: MLLOG event: field 'key' is missing"), std::string::npos) << msg;
    const std::string badType
        = s.write("type.log", ":::MLLOG {\"time_ms\": 5, \"key\": \"x\", \"event_type\": \"SOMETIMES\"}\n");
    msg = importError(s, badType);
    EXPECT_NE(msg.find(badType + ":1: MLLOG event: field 'event_type'"), std::string::npos) << msg;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

TEST(MlperfReaderErrors, FileWithoutMllogLinesIsAnError)
{
    Store s;
    const std::string f = s.write("plain.log", "hello\nworld\n");
    const std::string msg = importError(s, f);
    EXPECT_NE(msg.find(f + ": no \":::MLLOG\" event in 2 lines"), std::string::npos) << msg;
}

TEST(MlperfReaderErrors, BadSettingsNameTheRulesFile)
{
    Store s;
    const std::string rules = s.write("bad.json", R"({"format": "mlperf", "phases": [],
        "settings": {"aborted_cause": "cosmic.rays"}})");
    ImportOptions o = mlperfOptions();
    o.reader.mappingPath = rules;
    const std::string msg = importError(s, s.write("x.log", mllog(0, "S", "run_start") + mllog(1, "E", "run_stop")), o);
    EXPECT_NE(msg.find(rules + ": settings: aborted_cause"), std::string::npos) << msg;
}

TEST(MlperfReaderErrors, PowerMeasurementLogIsNotATrainingRun)
{
    // The shape of results/<system>/<benchmark>/power/result_N/node_M.txt (mlperf_logging's
    // power_measurement.py): a power_measurement interval and readings, no init or run.
    Store s;
    const std::string md = R"({"file": "power_measurement.py", "lineno": 88, "host": "6"})";
    const std::string f = s.write("node_6.txt",
        mllog(0, "S", "power_measurement_start") + mllog(1000, "P", "power_reading", md, "2878.0")
            + mllog(2000, "P", "power_reading", md, "2881.0") + mllog(3000, "E", "power_measurement_stop"));
    const std::string msg = importError(s, f);
    EXPECT_NE(msg.find(f + ": an MLPerf power measurement log"), std::string::npos) << msg;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

} // namespace
} // namespace ett::core
