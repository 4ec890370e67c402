// Tests of the OneLogger reader: a hand-made application (init spans, a training loop, a
// checkpoint save that succeeds, an application_error) whose figures were worked out by hand, the
// records upstream's exporter tests expect, detection by content (a OneLogger file is no longer
// taken for a headerless native trace), .gz input, and hostile input.
#include "core/ingest/formats.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000; // nanoseconds per second
constexpr int64_t kMs = 1'000'000;
constexpr int64_t kT0Ms = int64_t { 1767225600 } * 1000; // 2026-01-01T00:00:00Z in milliseconds
constexpr int64_t kT0 = kT0Ms * kMs;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions oneOptions()
{
    ImportOptions o;
    o.reader.format = TraceFormat::Onelogger;
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

std::string importError(Store& s, const std::string& path, const ImportOptions& o = oneOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

// Records as BaseJsonExporter writes them (compact JSON, its key order); times in seconds after
// 2026-01-01T00:00:00Z.
class Export
{
public:
    std::string ts(double sec) const { return std::to_string(kT0Ms + std::llround(sec * 1000)); }
    void start(const std::string& id, const std::string& name, double sec, const std::string& attrs = "")
    {
        put(R"({"type":"start","id":")" + id + R"(","name":")" + name + "\"" + attributes(attrs)
            + R"(,"start_event":{"name":"span_start","attributes":{"timestamp_msec":)" + ts(sec) + "}}");
    }
    void stop(const std::string& id, const std::string& name, double sec)
    {
        put(R"({"type":"stop","id":")" + id + R"(","name":")" + name
            + R"(","stop_event":{"name":"span_stop","attributes":{"timestamp_msec":)" + ts(sec) + "}}");
    }
    void complete(const std::string& id, const std::string& name, double a, double b)
    {
        put(R"({"type":"complete","id":")" + id + R"(","name":")" + name
            + R"(","start_event":{"name":"span_start","attributes":{"timestamp_msec":)" + ts(a)
            + R"(}},"stop_event":{"name":"span_stop","attributes":{"timestamp_msec":)" + ts(b) + "}}");
    }
    void event(const std::string& spanId, const std::string& name, double sec, const std::string& attrs = "")
    {
        put(R"({"type":"event","span_id":")" + spanId + R"(","event":{"name":")" + name
            + R"(","attributes":{"timestamp_msec":)" + ts(sec) + (attrs.empty() ? "" : "," + attrs) + "}}");
    }
    void error(const std::string& spanId, double sec, const std::string& type, const std::string& message)
    {
        put(R"({"type":"application_error","span_id":")" + spanId
            + R"(","event":{"name":"error","attributes":{"exception_type":")" + type + R"(","exception_message":")"
            + message + R"(","error_message":"training crashed","timestamp_msec":)" + ts(sec) + "}}");
    }
    void raw(const std::string& line) { m_text += line + "\n"; }
    const std::string& text() const { return m_text; }

private:
    static std::string attributes(const std::string& a) { return a.empty() ? "" : R"(,"attributes":{)" + a + "}"; }
    void put(const std::string& body)
    {
        m_text += body + R"(,"count":)" + std::to_string(++m_count) + R"(,"pid":4711})" + "\n";
    }

    std::string m_text;
    int m_count = 0;
};

// The application of the hand check (seconds): application [0,51); initialization spans
// [1,3) [3,8) [8,9) [9,10); training_loop [10,50.5); a synchronous save [30,32) of iteration 100
// whose save_checkpoint_success comes at 32; validation [40,45); an illegal memory access at 50.
Export handApplication()
{
    Export e;
    e.start("a", "application", 0);
    e.event("a", "one_logger_initialization", 0,
        R"("world_size":8,"one_logger_training_telemetry_version":"2.3.0","enable_for_current_rank":true,)"
        R"("session_tag":"llm-pretrain","is_baseline_run":false,"summary_data_schema_version":"1.0.0",)"
        R"("node_name":"node-a","rank":0)");
    e.complete("d", "distributed_code_initialization", 1, 3);
    e.complete("m", "model_initialization", 3, 8);
    e.complete("o", "optimizer_initialization", 8, 9);
    e.complete("l", "data_loader_initialization", 9, 10);
    e.start("t", "training_loop", 10, R"("train_iterations_start":0,"train_samples_start":0)");
    e.start("c1", "checkpoint_save_sync", 30,
        R"("checkpoint_strategy":"sync","current_iteration":100,"save_checkpoint_attempt_count":1)");
    e.event("c1", "save_checkpoint_success", 32,
        R"("checkpoint_strategy":"sync","current_iteration":100,"save_checkpoint_success_count":1)");
    e.stop("c1", "checkpoint_save_sync", 32);
    e.complete("v", "validation_loop", 40, 45);
    e.error("t", 50, "RuntimeError", "CUDA error: an illegal memory access was encountered");
    e.stop("t", "training_loop", 50.5);
    e.stop("a", "application", 51);
    return e;
}

TEST(OneloggerReader, ApplicationWithInitTrainingSaveAndErrorGivesHandWorkedFigures)
{
    Store s;
    const ImportSummary sum = s.import(s.write("pretrain.jsonl", handApplication().text())); // detected
    EXPECT_EQ(sum.format, "onelogger");
    EXPECT_EQ(sum.issues.total(), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "pretrain");
    EXPECT_EQ(j.gpus, 8); // world_size
    EXPECT_EQ(j.attr("session_tag"), "llm-pretrain");
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 1u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].faultNs, kT0 + 50 * kS);
    EXPECT_EQ(r.failures, 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'infra.gpu' AND symptom = 'explicit'"), 1);
    EXPECT_EQ(r.windowStartNs, kT0);
    EXPECT_EQ(r.e2eNs(), 51 * kS);
    // By hand: init [1,10) 9 s; idle [0,1) 1 s; recovery from f = 50 to the end 51: 1 s; training
    // [10,50) less the save [30,32) and validation [40,45) = 33 s, of which the part after the
    // checkpoint's start (30; durable 32 <= f) is lost: [32,40) + [45,50) = 13 s; productive 20 s.
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 9 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 1 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 2 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 5 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 13 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 20 * kS);
    EXPECT_EQ(r.ttsNs, 10 * kS);
    // The checkpoint: iteration 100, captured at the save span's start, durable at the event.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints"), 1);
    EXPECT_EQ(s.count("SELECT step FROM checkpoints"), 100);
    EXPECT_EQ(s.count("SELECT start_ns FROM checkpoints"), kT0 + 30 * kS);
    EXPECT_EQ(s.count("SELECT durable_ns FROM checkpoints"), kT0 + 32 * kS);
    // Phases of rank 0 (from the initialization event), named by their nesting; application is
    // not a phase. Its host is a rank record.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 0"), 7);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'application/training_loop/checkpoint_save_sync'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'application/model_initialization'"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts WHERE rank = 0 AND host = 'node-a'"), 1);
}

TEST(OneloggerReader, OneloggerFileIsNoLongerTakenForAHeaderlessNativeTrace)
{
    Store s;
    const std::string file = s.write("export.json", handApplication().text());
    auto f = detectFormat(file);
    ASSERT_TRUE(f.ok()) << f.error().message;
    EXPECT_EQ(*f, TraceFormat::Onelogger);
    // Forced as the native format, it is an error, not "imported" as skipped records and no job.
    ImportOptions ett;
    ett.reader.format = TraceFormat::Ett;
    const std::string err = importError(s, file, ett);
    EXPECT_NE(err.find("export.json:1:"), std::string::npos) << err;
    EXPECT_NE(err.find("not an ETT trace record type"), std::string::npos) << err;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
    // Auto imports it as one job.
    EXPECT_EQ(s.import(file).format, "onelogger");
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 1);
    // A native trace starting with a header or a known record stays native.
    const std::string native = s.write("n.ett.jsonl",
        R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
        "\n"
        R"({"type":"job","job":"J","gpus":2})"
        "\n");
    EXPECT_EQ(*detectFormat(native), TraceFormat::Ett);
}

TEST(OneloggerReader, GzipExportImportsTheSame)
{
    Store s;
    const std::string gz = s.writeGzip("pretrain.jsonl.gz", handApplication().text());
    EXPECT_EQ(*detectFormat(gz), TraceFormat::Onelogger);
    s.import(gz);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "pretrain");
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 20 * kS);
}

TEST(OneloggerReader, AsyncSaveIsCapturedAtItsSpanOfTheSameIteration)
{
    Store s;
    Export e;
    e.start("a", "application", 0);
    e.start("t", "training_loop", 1);
    e.complete("s1", "checkpoint_save_async", 10, 11); // iteration unknown: not this one
    e.start("s2", "checkpoint_save_async", 20, R"("current_iteration":200)");
    e.stop("s2", "checkpoint_save_async", 21);
    e.complete("s3", "checkpoint_save_async", 30, 31);
    e.event("t", "save_checkpoint_success", 35, R"("current_iteration":200)"); // on the training loop
    e.stop("t", "training_loop", 40);
    e.stop("a", "application", 41);
    s.import(s.write("async.jsonl", e.text()), oneOptions());
    EXPECT_EQ(s.count("SELECT start_ns FROM checkpoints WHERE step = 200"), kT0 + 20 * kS);
    EXPECT_EQ(s.count("SELECT durable_ns FROM checkpoints WHERE step = 200"), kT0 + 35 * kS);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Completed);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::CheckpointSave)], 3 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 36 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Idle)], 2 * kS);
}

TEST(OneloggerReader, ExportCutOffFailsAtItsLastTimeAndClosesOpenSpans)
{
    Store s;
    Export e;
    e.start("a", "application", 0);
    e.complete("m", "model_initialization", 1, 4);
    e.start("t", "training_loop", 4);
    e.event("t", "training_metrics_update", 20, R"("current_iteration":10)");
    const ImportSummary sum = s.import(s.write("cut.jsonl", e.text()), oneOptions());
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "application"), 1);
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "training_loop"), 1);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(r.attempts[0].faultNs, kT0 + 20 * kS);
    EXPECT_TRUE(r.noCheckpointData);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 16 * kS); // training [4,20)
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'unknown.unclosed_span'"), 1);
}

TEST(OneloggerReader, OptionsNameJobAttemptAndRankAndRankFilesMergeIntoOneAttempt)
{
    Store s;
    auto o = oneOptions();
    o.reader.job = "run7";
    o.reader.attempt = 1;
    Export r0;
    r0.start("a", "application", 0);
    r0.complete("t", "training_loop", 2, 20);
    r0.stop("a", "application", 21);
    Export r1;
    r1.start("a", "application", 0.5);
    r1.complete("t", "training_loop", 3, 18);
    r1.error("t", 18, "RuntimeError", "NCCL error: unhandled system error");
    r1.stop("a", "application", 19);
    o.reader.rank = 0;
    s.import(s.write("r0.jsonl", r0.text()), o);
    o.reader.rank = 1;
    s.import(s.write("r1.jsonl", r1.text()), o);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE attempt_no = 1"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 1"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "run7");
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.e2eNs(), 21 * kS); // widened to both files
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed); // rank 1's error
    EXPECT_EQ(r.attempts[0].faultNs, kT0 + 18 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'unknown.nccl'"), 1);
}

// ---------------------------------------------------------------------------------------------
// Upstream's records: what one_logger_core/tests/.../exporter/test_file_exporter.py expects the
// file exporter to write, in tests/data/onelogger/ (see the README there).

std::string dataDir()
{
    return std::string(ETT_TEST_DATA_DIR) + "/onelogger";
}

TEST(OneloggerReaderUpstream, MultipleSpansNestByTimeContainment)
{
    Store s;
    const std::string rules = s.write("rules.json",
        R"({"format": "onelogger", "phases": [{"exact": "test_span1", "phase": "train"}, {"exact": "test_span2", "phase": "eval"}]})");
    auto o = oneOptions();
    o.reader.mappingPath = rules;
    const std::string file = dataDir() + "/multiple_spans_with_attributes.jsonl";
    EXPECT_EQ(*detectFormat(file), TraceFormat::Onelogger);
    const ImportSummary sum = s.import(file, o);
    EXPECT_EQ(sum.issues.total(), 2) << "relative (1970) times and no world size";
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'test_span1/test_span2'"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    // test_span1 [24000, 24150) s, test_span2 [24010, 24050) s.
    EXPECT_EQ(jobs[0].result.windowStartNs, 24000 * kS);
    EXPECT_EQ(jobs[0].result.e2eNs(), 150 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Eval)], 40 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 110 * kS);
}

TEST(OneloggerReaderUpstream, OverlappingSpansAreNotNested)
{
    Store s;
    const ImportSummary sum = s.import(dataDir() + "/overlapping_spans.jsonl", oneOptions());
    EXPECT_EQ(issueCount(sum, "unmapped_name"), 3); // the preset knows no test_span
    EXPECT_EQ(issueCount(sum, "stop_without_start"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.e2eNs(), 130 * kS); // 24000 .. 24130
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Idle)], 130 * kS);
}

TEST(OneloggerReaderUpstream, ExportErrorIsTheFault)
{
    Store s;
    const ImportSummary sum = s.import(dataDir() + "/export_error.jsonl", oneOptions());
    EXPECT_EQ(issueCount(sum, "unclosed_interval", "test_span"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(jobs[0].result.attempts[0].faultNs, 24060 * kS);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE cause = 'unknown' AND detail LIKE "
                      "'application_error in test_span (line 2): RuntimeError: error_exception error_msg'"),
        1);
}

TEST(OneloggerReaderUpstream, OnlyATelemetryDataErrorIsNoRun)
{
    Store s;
    const std::string file = dataDir() + "/telemetry_data_error.jsonl";
    EXPECT_EQ(*detectFormat(file), TraceFormat::Onelogger);
    EXPECT_NE(importError(s, file).find("no OneLogger records"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Hostile input.

TEST(OneloggerReaderErrors, CutJunkUnknownAndTelemetryErrorsAreCounted)
{
    Store s;
    Export e = handApplication();
    e.raw(
        R"({"type":"telemetry_data_error","error":{"name":"telemetry_data_error","attributes":{"timestamp_msec":1,"error_message":"x","telemetry_data_error_type":"incomplete_telemetry_data"}},"count":99,"pid":1})");
    e.raw(R"({"type":"future_record","count":100,"pid":1})");
    e.raw(std::string(3000, '{'));
    e.raw("\x01\x02\x03 junk");
    e.raw(R"({"type":"stop","id":"nope","name":"x","stop_event":{"name":"span_stop","attributes":{"timestamp_msec":)"
        + e.ts(51) + "}}}");
    e.raw(R"({"type":"start","id":"cut","name":"training_loop","start_event":{"name":"span_st)");
    const ImportSummary sum = s.import(s.write("noisy.jsonl", e.text()), oneOptions());
    EXPECT_EQ(issueCount(sum, "telemetry_data_error", "incomplete_telemetry_data"), 1);
    EXPECT_EQ(issueCount(sum, "unknown_record_type", "future_record"), 1);
    EXPECT_EQ(issueCount(sum, "malformed_line"), 3);
    EXPECT_EQ(issueCount(sum, "stop_without_start", "x"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 20 * kS);
}

TEST(OneloggerReaderErrors, BadFieldsNameFileLineAndFieldAndStoreNothing)
{
    Store s;
    const std::string good = handApplication().text(); // 14 lines
    struct Case
    {
        std::string line;
        std::string field;
    };
    const std::vector<Case> cases = {
        { R"({"type":5})", "type" },
        { R"({"type":"start","name":"x","start_event":{"name":"span_start","attributes":{"timestamp_msec":1}}})",
            "id" },
        { R"({"type":"start","id":"z","start_event":{"name":"span_start","attributes":{"timestamp_msec":1}}})",
            "name" },
        { R"({"type":"start","id":"z","name":"x","start_event":{"name":"span_start","attributes":{}}})",
            "start_event.attributes.timestamp_msec" },
        { R"({"type":"start","id":"z","name":"x","start_event":{"name":"span_start","attributes":{"timestamp_msec":"now"}}})",
            "start_event.attributes.timestamp_msec" },
        { R"({"type":"complete","id":"z","name":"x","start_event":{"name":"s","attributes":{"timestamp_msec":1}},"stop_event":{"name":"s","attributes":{"timestamp_msec":1e300}}})",
            "stop_event.attributes.timestamp_msec" },
        { R"({"type":"stop","id":"z","name":"x","stop_event":{"name":"s","attributes":{"timestamp_msec":-1}}})",
            "stop_event.attributes.timestamp_msec" },
        { R"({"type":"event","span_id":"a","event":"save"})", "event" },
        { R"({"type":"event","span_id":"a","event":{"attributes":{"timestamp_msec":1}}})", "event.name" },
        { R"({"type":"event","event":{"name":"e","attributes":{"timestamp_msec":1}}})", "span_id" },
        { R"({"type":"start","id":"a","name":"again","start_event":{"name":"s","attributes":{"timestamp_msec":1}}})",
            "id" },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.line);
        const std::string err = importError(s, s.write("bad.jsonl", good + c.line + "\n"));
        EXPECT_NE(err.find("bad.jsonl:15:"), std::string::npos) << err;
        EXPECT_NE(err.find("field '" + c.field + "'"), std::string::npos) << err;
    }
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

TEST(OneloggerReaderErrors, DeepNestingAndManySavesStayBounded)
{
    Store s;
    Export e;
    constexpr int kDepth = 3000;
    for (int i = 0; i < kDepth; ++i) {
        e.start("n" + std::to_string(i), "training_loop", i * 0.001);
    }
    for (int i = kDepth - 1; i >= 0; --i) {
        e.stop("n" + std::to_string(i), "training_loop", 10 + (kDepth - i) * 0.001);
    }
    for (int i = 0; i < 2000; ++i) {
        e.complete("s" + std::to_string(i), "checkpoint_save_async", 20 + i * 0.01, 20 + i * 0.01 + 0.005);
        e.event("n0", "save_checkpoint_success", 20 + i * 0.01 + 0.008, R"("current_iteration":)" + std::to_string(i));
    }
    s.import(s.write("deep.jsonl", e.text()), oneOptions());
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name LIKE '%training_loop'"), kDepth);
    EXPECT_LE(s.count("SELECT MAX(LENGTH(name)) FROM phases"), 300);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints"), 2000);
    // Each success takes the latest async save started before it: 8 ms before its durable time.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints WHERE durable_ns - start_ns = 8000000"), 2000);
}

TEST(OneloggerReaderErrors, BinaryAndEmptyInputAreErrors)
{
    Store s;
    EXPECT_NE(
        importError(s, s.write("bin.jsonl", std::string("{\"type\":\0}\n", 11))).find("bin.jsonl"), std::string::npos);
    EXPECT_NE(importError(s, s.write("junk.jsonl", "[]\nnot json\n")).find("no OneLogger records"), std::string::npos);
    const std::string rules
        = s.write("rules.json", R"({"format": "onelogger", "phases": [], "settings": {"missing_end": "maybe"}})");
    auto o = oneOptions();
    o.reader.mappingPath = rules;
    EXPECT_NE(importError(s, s.write("ok.jsonl", handApplication().text()), o).find("missing_end"), std::string::npos);
}

} // namespace
} // namespace ett::core
