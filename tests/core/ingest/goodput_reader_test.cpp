// Tests of the ml-goodput-measurement reader: the library's own test timelines
// (ml_goodput_measurement/tests/goodput_test.py) written as Cloud Logging entries
// (tests/data/goodput/, made by make_timelines.py there), whose figures are checked against the
// library's goodput and badput figures where the definitions coincide; then hand-made entries
// with hand-worked figures, and bad input.
#include "core/ingest/formats.h"
#include "core/ingest/mapping.h"
#include "core/model/timeutil.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000;
const int64_t kT = *parseRfc3339("2024-01-01T01:00:00Z"); // the library's _TEST_JOB_START_TIME
constexpr double kTs = 1704070800.0; // the same in Unix seconds

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions goodputOptions()
{
    ImportOptions o;
    o.reader.format = TraceFormat::Goodput;
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

std::string importError(Store& s, const std::string& path)
{
    auto r = importTraceFile(s.db(), path, goodputOptions());
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

std::string dataFile(const std::string& name)
{
    return std::string(ETT_TEST_DATA_DIR) + "/goodput/" + name;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// One entry as a JSON line: {"jsonPayload": {"job_name": job, <fields>}, "timestamp": ...}.
std::string entry(const std::string& job, const std::string& fields, const std::string& timestamp = "")
{
    return R"({"jsonPayload": {"job_name": ")" + job + "\", " + fields + "}, \"logName\": \"projects/p/logs/gp\""
        + (timestamp.empty() ? "" : ", \"timestamp\": \"" + timestamp + "\"") + "}\n";
}

std::string at(double offset)
{
    std::ostringstream s;
    s.precision(17);
    s << kTs + offset;
    return s.str();
}

// ---------------------------------------------------------------------------------------------
// The library's test timelines.

TEST(GoodputReaderLibrary, WastedProgressAndDisruptionsMatchTheLibrarysBadput)
{
    // test_badput_calculator_wasted_progress_and_disruptions, job start at 01:00:00 (seconds from it):
    // tpu_init 0-1, training_prep 1-3, data_loading 3-5, steps 0..4 start at 5, 13 (first step
    // 3 s + 5 s extra), 16, 19, 22; disruption 5 s after step 4's end (25): job_start_time 30;
    // tpu_init 30-31, prep 31-33, data 33-35, steps 2, 3, 4 at 35, 43, 46; job_end_time 49.
    // The file is a gcloud JSON array, newest entry first.
    Store s;
    const ImportSummary sum = s.import(dataFile("wasted_progress.json")); // detected by content
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "test-run-wasted-progress");
    EXPECT_EQ(jobs[0].attr("source"), "goodput");
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].startNs, kT);
    EXPECT_EQ(r.attempts[0].endNs, kT + 30 * kS) << "ended by the next job_start_time";
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].faultNs, kT + 22 * kS) << "the library's disruption time: step 4's start";
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "unknown");
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Completed);
    EXPECT_EQ(r.windowEndNs, kT + 49 * kS);
    // The restart resumed at step 2: attempt 0's step 2 start (16 s) is the durable checkpoint.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints"), 1);
    EXPECT_EQ(s.count("SELECT step FROM checkpoints"), 2);
    EXPECT_EQ(s.count("SELECT attempt_no FROM checkpoints"), 0);
    EXPECT_EQ(s.count("SELECT start_ns FROM checkpoints"), kT + 16 * kS);
    EXPECT_FALSE(r.noCheckpointData);

    // Library: total 49 s; wasted progress 6 s (restart_from_step x step time); infrastructure
    // recovery 8 s (job restart 30 minus the last step start 22); TPU init 2 s, training prep 4 s,
    // sync data loading 4 s; productive 15 s and program startup 10 s (the 5 s extra of each
    // attempt's first step). Ours: the same, except that the first step's extra time is train.
    EXPECT_EQ(r.e2eNs(), 49 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 6 * kS) << "= the library's WASTED_PROGRESS_FROM_DISRUPTION";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 8 * kS) << "= INFRASTRUCTURE_RECOVERY_FROM_DISRUPTION";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 6 * kS) << "= TPU_INITIALIZATION + TRAINING_PREP";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Stall)], 4 * kS) << "= DATA_LOADING_SYNC";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 25 * kS) << "= library productive 15 + PROGRAM_STARTUP 10";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 0);
    EXPECT_EQ(r.failures, 1);
    // Time to Recover (spec 7.1): fault 22 -> training again at 35: detect 8, restart 0, start-up 5.
    ASSERT_TRUE(r.attempts[0].ttrNs);
    EXPECT_EQ(*r.attempts[0].ttrNs, 13 * kS);
    const auto split = ttrSplitOf(r.attempts, 0);
    ASSERT_TRUE(split);
    EXPECT_EQ(split->detectNs, 8 * kS);
    EXPECT_EQ(split->restartNs, 0);
    EXPECT_EQ(split->startupNs, 5 * kS);
    EXPECT_EQ(r.ttsNs, 5 * kS);
    EXPECT_EQ(issueCount(sum, "inferred_interruption"), 1);
    EXPECT_EQ(issueCount(sum, "unmapped_name"), 0);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1);
    EXPECT_EQ(jobs[0].gpus, 1);
}

TEST(GoodputReaderLibrary, CustomSyncBadputMatchesTheLibrarysGoodput)
{
    // test_badput_calculator_custom_sync_badput as JSON Lines: tpu_init 0-1, steps 0..4 at 6, 9,
    // 12, 15, 18; custom badput 'eval_step' 21-26; steps 5..9 at 26 ... 38; job_end_time 41.
    // Library: goodput 30/41 (10 steps x 3 s), CUSTOM_BADPUT_EVENTS['EVAL_STEP'] 5/41, TPU init 1,
    // and 5 s of "other" (the startup before the first step): our idle.
    Store s;
    const ImportSummary sum = s.import(dataFile("custom_sync.jsonl"));
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Completed);
    EXPECT_EQ(r.e2eNs(), 41 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 30 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 5 * kS) << "custom_badput/EVAL_STEP -> eval";
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 5 * kS);
    EXPECT_TRUE(r.noCheckpointData) << "never restarted: no resumed step, no checkpoint entries";
}

TEST(GoodputReaderLibrary, CheckpointSaveAndRestoreMatchTheLibrarysBadput)
{
    // test_badput_calculator_checkpoint_badput: the wasted-progress timeline plus the Orbax entries
    // the test writes without job_name: a save whose checkpoint manager blocked 6 s and a restore
    // of 2 s. The test's start times (10.0: seconds after 1970) only serve its sums; here the save
    // starts at 7 s (inside the first step) and the restore at 35 s (inside the first step after
    // the restart), so that neither overlaps other badput.
    // Library: UNPRODUCTIVE_CHECKPOINT_SAVE_TIME 6/49, UNPRODUCTIVE_CHECKPOINT_RESTORE_TIME 2/49,
    // WASTED_PROGRESS_FROM_DISRUPTION 6/49. Ours: checkpoint_save 6, checkpoint_load 2, lost 6;
    // productive 25 - 6 - 2 = 17.
    std::string text = readText(dataFile("wasted_progress.json"));
    const auto close = text.rfind(']');
    ASSERT_NE(close, std::string::npos);
    text = text.substr(0, close)
        + R"(, {"jsonPayload": {"step": 1, "event_type": "save", "directory": "gs://bucket/path",
  "reached_preemption": true, "preemption_received_at": )"
        + at(7) + R"(, "synchronous": true,
  "wait_for_prev_start_time": )"
        + at(7) + R"(, "wait_for_prev_duration_secs": 1.0,
  "checkpointer_blocking_start_time": )"
        + at(9) + R"(, "checkpointer_blocking_duration_secs": 2.0,
  "get_old_steps_start_time": )"
        + at(10) + R"(, "get_old_steps_duration_secs": 3.0,
  "checkpoint_manager_blocking_start_time": )"
        + at(7) + R"(, "checkpoint_manager_blocking_duration_secs": 6.0}},
{"jsonPayload": {"step": 1, "event_type": "restore", "directory": "gs://bucket/path",
  "checkpointer_start_time": )"
        + at(35) + R"(, "checkpointer_duration_secs": 2.0,
  "checkpoint_manager_start_time": )"
        + at(35) + R"(, "checkpoint_manager_duration_secs": 2.0}}]
)";
    Store s;
    const ImportSummary sum = s.import(s.write("checkpoint.json", text));
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.e2eNs(), 49 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 6 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointLoad)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 6 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 17 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'checkpoint_save'"), 1);
    EXPECT_EQ(s.count("SELECT start_ns FROM phases WHERE name = 'checkpoint_restore'"), kT + 35 * kS);
}

TEST(GoodputReaderLibrary, GzipAndJsonLinesGiveTheSameFigures)
{
    Store s;
    const std::string text = readText(dataFile("custom_sync.jsonl"));
    ASSERT_FALSE(text.empty());
    const ImportSummary sum = s.import(s.writeGzip("entries.jsonl.gz", text));
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 30 * kS);
}

// ---------------------------------------------------------------------------------------------
// Hand-made entries.

TEST(GoodputReader, CheckpointEntriesAsyncDataLoadingAndARunningAttempt)
{
    // Job "j", seconds from 01:00:00:
    //   job_start 0; data_loading 0-2 (sync: the first of the attempt); steps 0, 1, 2, 3 at 2, 4,
    //   6, 8; an Orbax save of step 2 whose checkpoint manager blocked 1.5 s, logged at 8 (so
    //   6.5-8); a second data_loading 4.5-5 (async: inside step 1, background); custom badput
    //   "slow_gcs" 9-10 (stall.custom). A restart at 12 resumes at step 3 (so step 3's start 8 in
    //   attempt 0 is the checkpoint): restore blocked 2 s, logged at 14 (12-14); steps 3, 4 at 14,
    //   16. No job_end_time: the attempt runs to the latest time in the file, 17 (an unrelated
    //   entry's timestamp).
    // Attempt 0 [0, 12), fault at 8 (step 3's start): stall 2, train [2, 8) less the save
    //   [6.5, 8) = 4.5 productive, checkpoint_save 1.5; lost progress: train in [8, 8) = 0;
    //   recovery [8, 12) = 4 (the custom badput at 9-10 lies in it).
    // Attempt 1 [12, 17), running: checkpoint_load 2, productive [14, 17) = 3.
    const std::string j = "j";
    std::string text;
    text += entry(j, "\"job_start_time\": " + at(0));
    text += entry(j, "\"data_loading_start_time\": " + at(0));
    text += entry(j, "\"data_loading_end_time\": " + at(2));
    for (int step = 0; step < 4; ++step) {
        text += entry(j, "\"step_count\": " + std::to_string(step) + ", \"step_start_time\": " + at(2 + 2 * step));
    }
    text += entry(j,
        "\"step\": 2, \"event_type\": \"save\", \"directory\": \"gs://b/c\", "
        "\"checkpoint_manager_blocking_duration_secs\": 1.5, \"checkpointer_blocking_duration_secs\": 1.0",
        "2024-01-01T01:00:08Z");
    text += entry(j, "\"data_loading_start_time\": " + at(4.5));
    text += entry(j, "\"data_loading_end_time\": " + at(5));
    text += entry(j, R"("custom_badput_event_type": "slow_gcs", "custom_badput_event_start_time": )" + at(9));
    text += entry(j, R"("custom_badput_event_type": "slow_gcs", "custom_badput_event_end_time": )" + at(10));
    text += entry(j, "\"job_start_time\": " + at(12));
    text += entry(j, "\"step\": 3, \"event_type\": \"restore\", \"checkpoint_manager_duration_secs\": 2",
        "2024-01-01T01:00:14.000000000Z"); // gcloud prints nanoseconds
    text += entry(j, "\"step_count\": 3, \"step_start_time\": " + at(14));
    text += entry(j, "\"step_count\": 4, \"step_start_time\": " + at(16));
    text += R"({"textPayload": "unrelated", "timestamp": "2024-01-01T01:00:17Z"})"
            "\n";
    Store s;
    const ImportSummary sum = s.import(s.write("hand.jsonl", text));
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].faultNs, kT + 8 * kS);
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Running);
    EXPECT_EQ(r.windowEndNs, kT + 17 * kS);
    EXPECT_EQ(s.count("SELECT start_ns FROM checkpoints"), kT + 8 * kS);
    EXPECT_EQ(s.count("SELECT step FROM checkpoints"), 3);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Stall)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 1'500'000'000);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointLoad)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 0);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 4 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 7'500'000'000); // 4.5 + 3
    EXPECT_EQ(r.e2eNs(), 17 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'data_loading_async'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'custom_badput/SLOW_GCS'"), 1);
    EXPECT_EQ(issueCount(sum, "not_goodput_entry"), 1);
    EXPECT_EQ(issueCount(sum, "running_at_capture"), 1);
}

TEST(GoodputReader, LostProgressAfterTheResumedStep)
{
    // Steps 0..5 at 10, 20, ..., 60 after a start at 0; restart at 70 resumes at step 2, then steps
    // 2, 3 at 75, 85, job_end 95. Attempt 0: f = 60 (step 5's start), checkpoint = step 2's start
    // 30: lost = train [30, 60) = 30; productive [10, 30) = 20; idle [0, 10) = 10; recovery [60, 70).
    // Attempt 1: idle [70, 75), productive [75, 95) = 20. E2E 95 = 40 + 30 + 10 + 15.
    std::string text;
    text += entry("k", "\"job_start_time\": " + at(0));
    for (int step = 0; step < 6; ++step) {
        text += entry("k", "\"step_count\": " + std::to_string(step) + ", \"step_start_time\": " + at(10 + 10 * step));
    }
    text += entry("k", "\"job_start_time\": " + at(70));
    text += entry("k", "\"step_count\": 2, \"step_start_time\": " + at(75));
    text += entry("k", "\"step_count\": 3, \"step_start_time\": " + at(85));
    text += entry("k", "\"job_end_time\": " + at(95));
    Store s;
    s.import(s.write("k.jsonl", text));
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 30 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 40 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 10 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 15 * kS);
    EXPECT_EQ(r.e2eNs(), 95 * kS);

    // Steps 0, 1, 2, 1, 2 at 10, 20, 30, 40, 50 without a second job_start_time: one attempt, the
    // repeat of step 1 flagged (once per repeated step), all train.
    std::string one = entry("m", "\"job_start_time\": " + at(0));
    int t = 10;
    for (int step : { 0, 1, 2, 1, 2 }) {
        one += entry("m", "\"step_count\": " + std::to_string(step) + ", \"step_start_time\": " + at(t));
        t += 10;
    }
    one += entry("m", "\"job_end_time\": " + at(60));
    Store other;
    const ImportSummary sum = other.import(other.write("m.jsonl", one));
    EXPECT_EQ(issueCount(sum, "repeated_step"), 2);
    const auto m = other.fleet();
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].result.attempts.size(), 1u);
    EXPECT_EQ(m[0].result.bucketsNs[idx(Bucket::Productive)], 50 * kS);
}

TEST(GoodputReader, SeveralJobsMissingStartsAndOddEntriesAreCounted)
{
    std::string text = "[\n";
    // Job a: no job_start_time (its first attempt starts at its earliest time, 5); a job_end_time.
    text += entry("a", "\"step_count\": 0, \"step_start_time\": " + at(5)) + ",";
    text += entry("a", "\"job_end_time\": " + at(9)) + ",";
    // Job b: started twice at 0 (one attempt) and again at 3; an end without its start (1), a
    // start without its end (4: closed at the attempt's end), a job_end_time (1) before its last
    // start (ignored: the attempt runs to the latest time in the file, 9).
    // Attempt 0 [0, 3): failed at 1, its latest entry. Attempt 1 [3, 9): init [4, 9) = 5.
    text += entry("b", "\"job_start_time\": " + at(0)) + ",";
    text += entry("b", "\"job_start_time\": " + at(0)) + ",";
    text += entry("b", "\"tpu_init_end_time\": " + at(1)) + ",";
    text += entry("b", "\"job_start_time\": " + at(3)) + ",";
    text += entry("b", "\"training_prep_start_time\": " + at(4)) + ",";
    text += entry("b", "\"job_end_time\": " + at(1)) + ",";
    text += entry("b", "\"step_count\": 0, \"step_start_time\": " + at(5)) + ",";
    text += R"({"jsonPayload": {"message": "hello"}, "timestamp": "2024-01-01T01:00:06Z"})";
    text += "]\n";
    Store s;
    const ImportSummary sum = s.import(s.write("ab.json", text));
    EXPECT_EQ(sum.format, "goodput");
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].key, "a");
    EXPECT_EQ(jobs[0].result.windowStartNs, kT + 5 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 4 * kS);
    ASSERT_EQ(jobs[1].result.attempts.size(), 2u);
    EXPECT_EQ(jobs[1].result.attempts[0].faultNs, kT + 1 * kS) << "no step: its latest entry";
    EXPECT_EQ(jobs[1].result.attempts[1].outcome, Outcome::Running);
    EXPECT_EQ(jobs[1].result.windowEndNs, kT + 9 * kS) << "the latest time in the file";
    EXPECT_EQ(jobs[1].result.bucketsNs[idx(Bucket::Init)], 5 * kS) << "prep 4 .. the attempt's end 9";
    EXPECT_EQ(jobs[1].result.bucketsNs[idx(Bucket::Recovery)], 2 * kS) << "1 .. 3";
    EXPECT_EQ(issueCount(sum, "no_job_start"), 1);
    EXPECT_EQ(issueCount(sum, "duplicate_event"), 1);
    EXPECT_EQ(issueCount(sum, "stop_without_start"), 1);
    EXPECT_EQ(issueCount(sum, "unclosed_interval"), 1);
    EXPECT_EQ(issueCount(sum, "job_end_ignored"), 1);
    EXPECT_EQ(issueCount(sum, "not_goodput_entry"), 1);
}

TEST(GoodputReader, SettingsGiveTheGpuCountAndTheRestartCause)
{
    Store s;
    auto preset = Mapping::presetText("goodput");
    ASSERT_TRUE(preset.ok());
    std::string rules = *preset;
    const auto at = rules.find("\"restart_cause\": \"unknown\"");
    ASSERT_NE(at, std::string::npos);
    rules.replace(at, std::string("\"restart_cause\": \"unknown\"").size(),
        "\"restart_cause\": \"preemption.spot\", \"gpus\": \"256\"");
    ImportOptions o = goodputOptions();
    o.reader.mappingPath = s.write("rules.json", rules);
    const ImportSummary sum = s.import(dataFile("wasted_progress.json"), o);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 256);
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "preemption.spot");
    EXPECT_EQ(jobs[0].result.preemptions, 1);
    EXPECT_EQ(jobs[0].result.failures, 0);

    rules.replace(rules.find("\"256\""), 5, "\"many\"");
    o.reader.mappingPath = s.write("bad.json", rules);
    auto r = importTraceFile(s.db(), dataFile("wasted_progress.json"), o);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("settings: gpus"), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().option, "mapping");
}

TEST(GoodputReaderDetect, ContentNotNameChoosesGoodput)
{
    Store s;
    auto detected = [](const std::string& p) {
        auto f = detectFormat(p);
        EXPECT_TRUE(f.ok()) << p;
        return f.ok() ? *f : TraceFormat::Auto;
    };
    EXPECT_EQ(detected(dataFile("wasted_progress.json")), TraceFormat::Goodput);
    EXPECT_EQ(detected(dataFile("custom_sync.jsonl")), TraceFormat::Goodput);
    EXPECT_EQ(detected(s.write("bare.log", "{\"job_name\": \"x\", \"job_start_time\": 1.0}\n")), TraceFormat::Goodput);
    // Not stolen: a Chrome array, a native record, a log entry of something else.
    EXPECT_EQ(detected(s.write("c.json", R"([{"name": "step", "ph": "X", "ts": 1, "dur": 2}])")), TraceFormat::Chrome);
    EXPECT_EQ(detected(s.write("n.jsonl", "{\"type\":\"job\",\"job\":\"job_name\"}\n")), TraceFormat::Ett);
    EXPECT_EQ(detected(s.write("o.json", R"([{"jsonPayload": {"message": "hi"}, "ph": "X"}])")), TraceFormat::Chrome);
}

TEST(GoodputReaderErrors, BadInputNamesFileLineAndField)
{
    Store s;
    const auto o = goodputOptions();
    std::string e = importError(s, s.write("type.jsonl", entry("x", "\"job_start_time\": \"yesterday\"")));
    EXPECT_NE(e.find("type.jsonl:1: goodput entry: field 'job_start_time': expected Unix seconds"), std::string::npos)
        << e;
    e = importError(s, s.write("huge.jsonl", entry("x", "\"job_start_time\": 1e300")));
    EXPECT_NE(e.find("field 'job_start_time'"), std::string::npos) << e;
    // Found by fuzzing: the year 2510 (within the former year-3000 bound) overflowed int64 ns.
    e = importError(s, s.write("2510.jsonl", entry("x", "\"job_start_time\": 17040070800")));
    EXPECT_NE(e.find("2510.jsonl:1: goodput entry: field 'job_start_time': expected Unix seconds from 0 to 4102444800"),
        std::string::npos)
        << e;
    e = importError(
        s, s.write("neg.jsonl", entry("x", "\"job_start_time\": 1, \"step_start_time\": 2, \"step_count\": -1")));
    EXPECT_NE(e.find("field 'step_count'"), std::string::npos) << e;
    e = importError(s, s.write("nostep.jsonl", entry("x", "\"step_start_time\": 2")));
    EXPECT_NE(e.find("'step_count': missing"), std::string::npos) << e;
    e = importError(s, s.write("name.jsonl", R"({"jsonPayload": {"job_name": 7, "job_start_time": 1}})"));
    EXPECT_NE(e.find("field 'job_name'"), std::string::npos) << e;
    e = importError(s, s.write("cut.jsonl", entry("x", "\"job_start_time\": 1") + R"({"jsonPayload": {"job_na)"));
    EXPECT_NE(e.find("cut.jsonl:2"), std::string::npos) << e;
    e = importError(s, s.write("junk.jsonl", entry("x", "\"job_start_time\": 1") + "\x01\x02garbage\n"));
    EXPECT_NE(e.find("junk.jsonl"), std::string::npos) << e;
    e = importError(s, s.write("nul.jsonl", std::string("{\"a\":\0}", 7)));
    EXPECT_FALSE(e.empty());
    e = importError(s, s.write("none.json", R"([{"jsonPayload": {"message": "x"}}])"));
    EXPECT_NE(e.find("no goodput entry with a job_name"), std::string::npos) << e;
    e = importError(s, s.write("deep.jsonl", std::string(5000, '[') + std::string(5000, ']')));
    EXPECT_FALSE(e.empty());
    e = importError(s, s.write("after.json", "[" + entry("x", "\"job_start_time\": 1") + "] x"));
    EXPECT_NE(e.find("after the array"), std::string::npos) << e;
    e = importError(s, s.write("ts.jsonl", entry("x", "\"job_start_time\": 1", "noon")));
    EXPECT_NE(e.find("field 'timestamp'"), std::string::npos) << e;
    (void)o;
}

TEST(GoodputReaderErrors, EveryCutOfAFileImportsOrFailsCleanly)
{
    // A capture cut anywhere (a full disk, a download stopped): records or an error, never a crash.
    const std::string text = readText(dataFile("wasted_progress.json"));
    ASSERT_GT(text.size(), 1000u);
    Store s;
    for (size_t n = 1; n < text.size(); n += 97) {
        const std::string name = "cut" + std::to_string(n) + ".json";
        auto r = importTraceFile(s.db(), s.write(name, text.substr(0, n)), goodputOptions());
        if (!r.ok()) {
            EXPECT_NE(r.error().message.find(name), std::string::npos) << r.error().message;
        }
    }
    auto whole = importTraceFile(s.db(), s.write("whole.json", text.substr(0, text.rfind(']'))), goodputOptions());
    EXPECT_TRUE(whole.ok()) << "cut just before ']': every entry whole, counted as unterminated";
    if (whole.ok()) {
        EXPECT_EQ(issueCount(*whole, "unterminated_array"), 1);
    }
}

} // namespace
} // namespace ett::core
