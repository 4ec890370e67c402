// Tests of the TorchElastic events reader: hand-made event streams shaped as the agent writes them
// (json.dumps(asdict(Event)), metadata from SimpleElasticAgent._construct_event) with figures worked
// out by hand, the upstream test's objects, prefixes, detection, and hostile input.
#include "core/ingest/elastic_internal.h"
#include "core/ingest/formats.h"
#include "core/model/accounting.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000;
constexpr int64_t kT0 = 1'700'000'000 * kS; // 2023-11-14T22:13:20Z

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions elasticOptions()
{
    ImportOptions o;
    o.reader.format = TraceFormat::Elastic;
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

std::string importError(Store& s, const std::string& path, const ImportOptions& o = elasticOptions())
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

struct Ev
{
    std::string source = "AGENT";
    std::string state;
    int64_t timestampMs = 0;
    int restarts = 0;
    std::string durationMs = "null";
    std::string rawError = "null"; // JSON value
    std::string globalRank = "null";
    std::string runId = "r1";
    int totalRunTime = 0;
};

// One event as json.dumps(asdict(Event)) writes it.
std::string event(const Ev& e)
{
    const bool worker = e.source == "WORKER";
    const std::string md = worker
        ? R"({\"group_world_size\": 2, \"entry_point\": \"python\", \"local_rank\": [0], \"role_rank\": [3], \"role_world_size\": [16]})"
        : R"({\"group_world_size\": 2, \"entry_point\": \"python\"})";
    return "{\"name\": \"torchelastic.worker.status." + e.state + "\", \"source\": \"" + e.source
        + "\", \"timestamp\": " + std::to_string(e.timestampMs) + ", \"metadata\": {\"run_id\": \"" + e.runId
        + "\", \"global_rank\": " + e.globalRank + ", \"group_rank\": 0, \"worker_id\": "
        + (worker ? "\"4242\"" : "null") + ", \"role\": \"default\", \"hostname\": \"node-a\", \"state\": \"" + e.state
        + "\", \"total_run_time\": " + std::to_string(e.totalRunTime)
        + ", \"rdzv_backend\": \"c10d\", \"raw_error\": " + e.rawError + ", \"metadata\": \"" + md
        + "\", \"agent_restarts\": " + std::to_string(e.restarts) + ", \"duration_ms\": " + e.durationMs + "}}\n";
}

// The error file of a worker that ran out of memory at 1700003590 s.
const std::string kOomError
    = R"("{\"message\": {\"message\": \"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\", \"extraInfo\": {\"py_callstack\": \"Traceback (most recent call last):\\n  File \\\"train.py\\\", line 9\", \"timestamp\": \"1700003590\"}}}")";

// Attempt 0: rendezvous 10 s (0 -> 10), workers run until rank 3 fails (error file at 3590 s;
// the worker event is written at 3600). Attempt 1: rendezvous 3605 -> 3620, workers succeed at 7200.
std::string twoAttempts()
{
    std::string s;
    s += event({ .state = "RENDEZVOUS", .timestampMs = 1'700'000'010'000, .durationMs = "10000.0" });
    s += event({ .source = "WORKER",
        .state = "FAILED",
        .timestampMs = 1'700'003'600'000,
        .rawError = kOomError,
        .globalRank = "3" });
    s += event({ .state = "RENDEZVOUS", .timestampMs = 1'700'003'620'000, .restarts = 1, .durationMs = "15000" });
    s += event({ .source = "WORKER",
        .state = "SUCCEEDED",
        .timestampMs = 1'700'007'200'000,
        .restarts = 1,
        .globalRank = "0",
        .totalRunTime = 7200 });
    s += event({ .state = "SUCCEEDED", .timestampMs = 1'700'007'200'000, .restarts = 1, .totalRunTime = 7200 });
    return s;
}

TEST(ElasticReader, TwoAttemptsGiveTheFaultTheCauseAndTheRecoverySplit)
{
    Store s;
    const ImportSummary sum = s.import(s.write("events.jsonl", twoAttempts())); // detected by content
    EXPECT_EQ(sum.format, "elastic");
    EXPECT_EQ(issueCount(sum, "coarse"), 1);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 0);
    EXPECT_EQ(issueCount(sum, "fault_time_unknown"), 0);
    EXPECT_EQ(issueCount(sum, "outcome_assumed"), 0); // the workers say SUCCEEDED
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "r1"); // run_id
    EXPECT_EQ(j.gpus, 16); // role_world_size
    const JobResult& r = j.result;
    ASSERT_EQ(r.attempts.size(), 2u);
    const AttemptResult& a0 = r.attempts[0];
    const AttemptResult& a1 = r.attempts[1];
    EXPECT_EQ(a0.startNs, kT0); // the rendezvous began 10 s before its event
    EXPECT_EQ(a0.endNs, kT0 + 3605 * kS); // the next attempt's rendezvous began
    EXPECT_EQ(a0.outcome, Outcome::Failed);
    EXPECT_EQ(*a0.faultNs, kT0 + 3590 * kS); // the error file's timestamp
    EXPECT_EQ(j.attemptInfo[0].cause, "user.oom");
    EXPECT_EQ(j.attemptInfo[0].detail, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB");
    EXPECT_EQ(a1.startNs, kT0 + 3605 * kS);
    EXPECT_EQ(a1.endNs, kT0 + 7200 * kS);
    EXPECT_EQ(a1.outcome, Outcome::Completed);
    // Time to Recover 3590 -> 3620 (training after the second rendezvous): detect 15, restart 0,
    // start-up 15.
    EXPECT_EQ(*a0.ttrNs, 30 * kS);
    EXPECT_EQ(*ttrSplitOf(r.attempts, 0), (TtrSplit { 15 * kS, 0, 15 * kS }));
    // Buckets: setup 10 + 15, productive 3580 (10 -> 3590) + 3580 (3620 -> 7200), recovery 15.
    EXPECT_EQ(r.e2eNs(), 7200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Setup)], 25 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 7160 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 15 * kS);
    EXPECT_EQ(r.otherInterruptions, 1); // user.oom is a user cause, not a failure (spec 5.4)
    // The worker events name their ranks' host: rank 3 in attempt 0, rank 0 in attempt 1.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM rank_hosts WHERE host = 'node-a'"), 2);
    EXPECT_EQ(r.failures, 0);
}

TEST(ElasticReader, PrefixedLinesTakeTheirTimeFromThePrefixAndTotalRunTimeStartsTheRun)
{
    Store s;
    // The agent's own events have timestamp 0: the log prefix dates them.
    std::string log = "[2024-05-01 12:00:00,000] INFO starting agent\n";
    log += "2024-05-01 12:00:30,000 torchelastic " + event({ .state = "RENDEZVOUS", .durationMs = "20000" });
    log += "2024-05-01 13:00:00,000 torchelastic "
        + event({ .source = "WORKER", .state = "FAILED", .globalRank = "0", .totalRunTime = 3600 });
    log += "2024-05-01 13:00:00,500 torchelastic "
        + event({ .state = "FAILED", .rawError = R"("Traceback: ChildFailedError: NCCL error in: x")" });
    const ImportSummary sum = s.import(s.write("agent.log", log));
    EXPECT_EQ(sum.format, "elastic");
    EXPECT_EQ(issueCount(sum, "unused_line"), 1);
    EXPECT_EQ(issueCount(sum, "assumed_timezone"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const AttemptResult& a = jobs[0].result.attempts.at(0);
    const int64_t noon = 1'714'564'800 * kS; // 2024-05-01T12:00:00Z
    EXPECT_EQ(a.startNs, noon); // 13:00:00 - total_run_time 3600 s (before the rendezvous' 12:00:10)
    EXPECT_EQ(a.endNs, noon + 3600 * kS + kS / 2);
    EXPECT_EQ(a.outcome, Outcome::Failed);
    EXPECT_EQ(*a.faultNs, noon + 3600 * kS); // the failed worker event (no error file)
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "unknown.nccl"); // from the agent's traceback
}

TEST(ElasticReader, UpstreamTestObjects)
{
    // RdzvEventLibTest.get_test_rdzv_event and EventLibTest.test_event_deser, as serialize() writes
    // them (test/distributed/elastic/events/lib_test.py).
    const std::string rdzv
        = R"({"name": "test_name", "run_id": "test_run_id", "message": "test_message", "hostname": "test_hostname", "pid": 1, "node_state": "RUNNING", "master_endpoint": "test_master_endpoint", "rank": 3, "local_id": 4, "error_trace": "test_error_trace"})";
    const std::string deser
        = R"({"name": "test_event", "source": "AGENT", "timestamp": 0, "metadata": {"key1": "value1", "key2": 2, "key3": 1.0}})";
    Store s;
    EXPECT_EQ(detectFormat(s.write("rdzv.json", rdzv + "\n")).value(), TraceFormat::Elastic);
    EXPECT_EQ(detectFormat(s.write("ev.json", deser + "\n")).value(), TraceFormat::Elastic);
    // Neither has a time: nothing can be placed.
    EXPECT_NE(importError(s, s.path("ev.json")).find("no TorchElastic event has a time"), std::string::npos);
    // With a timed agent event of the same run, the rendezvous event is counted, not placed.
    const std::string mixed
        = rdzv + "\n" + event({ .state = "SUCCEEDED", .timestampMs = 1'700'000'000'000, .runId = "test_run_id" });
    const ImportSummary sum = s.import(s.write("mixed.json", mixed), elasticOptions());
    EXPECT_EQ(issueCount(sum, "rdzv_event_unplaced"), 1);
    EXPECT_EQ(issueCount(sum, "outcome_assumed", "completed"), 1); // only the agent says SUCCEEDED
    EXPECT_EQ(s.fleet().at(0).key, "test_run_id");
}

TEST(ElasticReader, OtherRunsUntimedEventsAndNoFinalEventAreCounted)
{
    Store s;
    std::string log = event({ .state = "RENDEZVOUS", .timestampMs = 1'700'000'010'000, .durationMs = "10000" });
    log += event({ .state = "RENDEZVOUS", .timestampMs = 1'700'000'020'000, .durationMs = "5", .runId = "r2" });
    log += event({ .state = "RUNNING" }); // no time at all
    ImportOptions o = elasticOptions();
    o.reader.gpusPerNode = 4;
    o.reader.job = "mine";
    const ImportSummary sum = s.import(s.write("partial.jsonl", log), o);
    EXPECT_EQ(issueCount(sum, "other_run", "r2"), 1);
    EXPECT_EQ(issueCount(sum, "untimed_event"), 1);
    EXPECT_EQ(issueCount(sum, "running_attempt"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "mine");
    EXPECT_EQ(jobs[0].gpus, 8); // group_world_size 2 x 4
    EXPECT_EQ(jobs[0].result.attempts.at(0).outcome, Outcome::Running);
    EXPECT_EQ(jobs[0].result.attempts.at(0).endNs, kT0 + 10 * kS);
}

TEST(ElasticReader, GzipReadsTheSame)
{
    Store s;
    const ImportSummary sum = s.import(s.writeGzip("events.jsonl.gz", twoAttempts()));
    EXPECT_EQ(sum.format, "elastic");
    EXPECT_EQ(*s.fleet().at(0).result.attempts.at(0).ttrNs, 30 * kS);
}

TEST(ElasticReader, HostileEventsFailNamingLineAndFieldOrAreCounted)
{
    Store s;
    const std::string ok = event({ .state = "SUCCEEDED", .timestampMs = 1'700'000'000'000 });
    EXPECT_NE(importError(s,
                  s.write("h1",
                      ok
                          + R"({"name": "x", "source": "BOSS", "metadata": {}})"
                            "\n"))
                  .find("h1:2: TorchElastic event: field 'source'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h2",
                      R"({"name": "x", "source": "AGENT", "timestamp": -5, "metadata": {}})"
                      "\n"))
                  .find("field 'timestamp'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h3",
                      R"({"name": "x", "source": "AGENT", "timestamp": 1e300, "metadata": {}})"
                      "\n"))
                  .find("field 'timestamp'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h4",
                      R"({"name": "x", "source": "AGENT", "timestamp": 5, "metadata": [1]})"
                      "\n"))
                  .find("field 'metadata'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h5",
                      R"({"name": "x", "source": "AGENT", "timestamp": 5, "metadata": {"agent_restarts": "two"}})"
                      "\n"))
                  .find("metadata.agent_restarts"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h6",
                      R"({"name": 1, "run_id": "r", "node_state": "LOST"})"
                      "\n"))
                  .find("field 'name'"),
        std::string::npos);
    EXPECT_NE(importError(s,
                  s.write("h5b",
                      R"({"name": "x", "source": "WORKER", "timestamp": 5, "metadata": {"global_rank": -1}})"
                      "\n"))
                  .find("metadata.global_rank"),
        std::string::npos);
    EXPECT_FALSE(importError(s, s.write("h7", std::string("{\"name\"\0\x01", 9))).empty());
    EXPECT_FALSE(importError(s, s.write("h8", "just text\n")).empty());
    // Cut and deeply nested lines are counted; the good line still imports.
    const std::string cut = ok.substr(0, 60) + "\n";
    const std::string deep = "{\"name\": " + std::string(3000, '[') + "\n";
    const ImportSummary sum = s.import(s.write("h9", cut + deep + ok), elasticOptions());
    EXPECT_EQ(issueCount(sum, "malformed_event"), 2);
    EXPECT_EQ(s.fleet().size(), 1u);
}

TEST(ElasticParse, PrefixTimes)
{
    auto t = elastic::prefixTime("[2024-05-01T12:00:00.5+02:00] x");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->ns, 1'714'557'600 * kS + kS / 2);
    EXPECT_FALSE(t->assumedUtc);
    t = elastic::prefixTime("I0501 2024-05-01 12:00:00,250 ");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->ns, 1'714'564'800 * kS + kS / 4);
    EXPECT_TRUE(t->assumedUtc);
    EXPECT_FALSE(elastic::prefixTime("[default0]: "));
    EXPECT_FALSE(elastic::prefixTime("2024-99-01 12:00:00 "));
}

} // namespace
} // namespace ett::core
