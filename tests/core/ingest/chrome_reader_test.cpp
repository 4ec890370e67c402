// Tests of the Chrome Trace Event Format reader: the real PyTorch profiler
// (Kineto) traces with the chrome-pytorch preset, Catapult's edge-case traces with small user
// mappings, rank files of one attempt widening its window, gzip, options, and bad input.
//
// Expected figures come from the raw files, computed independently of the reader with Python's
// json module and exact decimals, by /tmp-free one-liners quoted where each figure is used. The
// common helper (call it expect.py) for the Kineto traces was:
//   import json,gzip,sys,re; from decimal import Decimal as D
//   ns=lambda x:int(D(x)*1000)                        # microseconds -> ns, exact
//   d=json.loads(gzip.open(f).read(),parse_float=D,parse_int=D); ev=d['traceEvents']
//   base=int(d.get('baseTimeNanoseconds',0))
//   times = ts of every event but 'M', and ts+dur of every 'X'  -> window [min, max] (+ base)
//   steps = X events named ^ProfilerStep#[0-9]+$ whose cat is not gpu_user_annotation
//   stall = X events named enumerate(DataLoader)*;  optimizer = Optimizer.* (not GPU side)
//   productive = |union(steps, optimizer, DDP.forward) minus union(stall)|
#include "core/ingest/formats.h"
#include "core/model/accounting.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kMs = 1'000'000; // nanoseconds per millisecond
constexpr int64_t kUs = 1'000; // nanoseconds per microsecond

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

int64_t issueCount(const ImportSummary& s, const std::string& kind, const std::string& detail)
{
    auto it = s.issues.entries().find({ kind, detail });
    return it == s.issues.entries().end() ? 0 : it->second.count;
}

// All occurrences of a kind, whatever the detail.
int64_t issueKindCount(const ImportSummary& s, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        if (key.first == kind) {
            n += e.count;
        }
    }
    return n;
}

ImportOptions withMapping(const std::string& mappingPath, const std::string& label = "default")
{
    ImportOptions o;
    o.label = label;
    o.reader.mappingPath = mappingPath;
    return o;
}

Result<ImportSummary> tryImport(Store& s, const std::string& path, const ImportOptions& o = {})
{
    return importTraceFile(s.db(), path, o);
}

// Phases of a category (and subcategory) in the store: how many, and their summed length.
std::string phaseWhere(const std::string& category, const std::string& subcategory)
{
    return " FROM phases p JOIN phase_kinds k ON k.id = p.kind JOIN categories c ON c.id = k.category WHERE c.name = '"
        + category + "' AND k.subcategory = '" + subcategory + "'";
}
int64_t phaseCount(Store& s, const std::string& category, const std::string& subcategory = "")
{
    return s.count("SELECT COUNT(*)" + phaseWhere(category, subcategory));
}
int64_t phaseTotalNs(Store& s, const std::string& category, const std::string& subcategory = "")
{
    return s.count("SELECT COALESCE(SUM(p.end_ns - p.start_ns), 0)" + phaseWhere(category, subcategory));
}

std::string shared(const std::string& rel)
{
    return test::sharedDataDir() + "/" + rel;
}

#define SKIP_WITHOUT_SHARED_DATA()                                                                                     \
    if (test::sharedDataDir().empty()) {                                                                               \
        GTEST_SKIP() << "the shared real traces (../shared/data) are not here";                                        \
    }

// --- Kineto traces with the preset -----------------------------------------------------------

TEST(ChromeKineto, Resnet50SingleProcessLoaderStepsStallsAndWindow)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r
        = s.import(shared("kineto-tb-plugin-samples/resnet50_num_workers_0/worker0.1623143089861.pt.trace.json.gz"));
    EXPECT_EQ(r.format, "chrome");
    // 1 job + 1 attempt + 6 ProfilerStep#5..#10 + 12 Optimizer.step/zero_grad + 6 enumerate(DataLoader)
    // (grep -c over the zcat output of each name; the ops, kernels and runtime calls are ignored).
    EXPECT_EQ(r.records, 26);
    EXPECT_EQ(r.phases, 24);
    EXPECT_EQ(phaseCount(s, "train"), 6);
    EXPECT_EQ(phaseCount(s, "train", "optimizer"), 12);
    EXPECT_EQ(phaseCount(s, "stall", "data"), 6);
    // expect.py: sum of the six steps' dur = 176078+173992+176918+181259+176468+164261 us.
    EXPECT_EQ(phaseTotalNs(s, "train"), 1'048'976 * kUs);
    // No distributedInfo: rank unknown (NULL), GPUs not given (counted).
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank IS NULL"), 24);
    EXPECT_EQ(issueCount(r, "job_gpus_missing", ""), 1);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 0) << "every name of this trace is mapped or ignored";

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "worker0.1623143089861");
    EXPECT_EQ(jobs[0].attr("source"), "chrome");
    const JobResult& j = jobs[0].result;
    // No baseTimeNanoseconds: ts are microseconds since the epoch (2021-06-08). Window: first
    // event (the "Trace" span, ts 1623142623460016) to "Record Window End" (ts 1623142624633484).
    EXPECT_EQ(j.windowStartNs, 1'623'142'623'460'016 * kUs);
    EXPECT_EQ(j.windowEndNs, 1'623'142'624'633'484 * kUs);
    EXPECT_EQ(issueKindCount(r, "relative_times"), 0);
    // expect.py: the six data-loader waits (415791 us) all lie inside steps; stall outranks train.
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 415'791 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], (1'048'976 - 415'791) * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Idle)], (1'173'468 - 1'048'976) * kUs);
}

TEST(ChromeKineto, Resnet50WorkerProcessesStallLess)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r
        = s.import(shared("kineto-tb-plugin-samples/resnet50_num_workers_4/worker0.1623212756351.pt.trace.json.gz"));
    EXPECT_EQ(r.phases, 24);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& j = jobs[0].result;
    // expect.py: window [1623212388426602, 1623212389365930] us; steps 838152 us; the loader
    // waits (6, 8522 us in all) lie inside steps.
    EXPECT_EQ(j.windowStartNs, 1'623'212'388'426'602 * kUs);
    EXPECT_EQ(j.e2eNs(), 939'328 * kUs);
    EXPECT_EQ(phaseTotalNs(s, "train"), 838'152 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 8'522 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], (838'152 - 8'522) * kUs);
}

TEST(ChromeKineto, BaseTimeNanosecondsRankAndWorldSize)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r = s.import(shared("hta-kineto-traces/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"));
    // One ProfilerStep#551 (user_annotation); the ten gloo:all_reduce annotations are collectives
    // (ignored), the cpu_op and Trace events too: nothing unmapped.
    EXPECT_EQ(r.phases, 1);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 0);
    EXPECT_EQ(issueKindCount(r, "job_gpus_missing"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "rank-34.Jul_15_10_52_41.1074");
    EXPECT_EQ(jobs[0].gpus, 300) << "distributedInfo.world_size";
    EXPECT_EQ(s.count("SELECT rank FROM phases"), 34) << "distributedInfo.rank";
    const JobResult& j = jobs[0].result;
    // baseTimeNanoseconds 1719853884000000000 + ts: the "Trace" span starts at ts 1212075525586.016
    // and "Record Window End" is at ts 1212076832503.044 (2024-07-15T17:52Z, 10:52 PDT as the file
    // name says). Exact to the nanosecond.
    EXPECT_EQ(j.windowStartNs, 1'719'853'884'000'000'000 + 1'212'075'525'586'016);
    EXPECT_EQ(j.windowEndNs, 1'719'853'884'000'000'000 + 1'212'076'832'503'044);
    EXPECT_EQ(s.count("SELECT start_ns FROM phases"), 1'719'853'884'000'000'000 + 1'212'075'529'876'817);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 210'109'162) << "ProfilerStep#551 dur 210109.162 us";
}

TEST(ChromeKineto, NanosecondResolutionTraceNamesItsJob)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r
        = s.import(shared("hta-kineto-traces/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz"));
    // 5 steps + 10 Optimizer.* + 5 DistributedDataParallel.forward + the script's own training-loop
    // annotations, 5 each of "## forward ##", "## backward ##" and "## optimizer ##" (user_annotation;
    // the GPU-side copies are gpu_user_annotation, ignored).
    EXPECT_EQ(r.phases, 35);
    EXPECT_EQ(phaseCount(s, "train"), 25);
    EXPECT_EQ(phaseCount(s, "train", "optimizer"), 10);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 0) << "the ## ... ## annotations are training";
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    // The trace says its job (mast_job_name) and attempt (mast_job_attempt "0"); world_size 1.
    EXPECT_EQ(jobs[0].key, "torchx-pytorch_resnet_integration_test-bq9m2dtfhskc6c");
    EXPECT_EQ(jobs[0].gpus, 1);
    EXPECT_EQ(s.count("SELECT attempt_no FROM attempts"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 0"), 35);
    // "ts": 1712195495502094.565 (3 decimals in the file): exact, not through a double.
    EXPECT_EQ(s.count("SELECT MIN(start_ns)" + phaseWhere("train", "") + " AND p.name = 'ProfilerStep#101'"),
        1'712'195'495'502'094'565);
    const JobResult& j = jobs[0].result;
    // expect.py: window [1712195495406752.797, 1712195496004644.183] us; steps 394140.808 us in
    // all, contiguous enough that DDP.forward and the optimizer add nothing outside them.
    EXPECT_EQ(j.windowStartNs, 1'712'195'495'406'752'797);
    EXPECT_EQ(j.windowEndNs, 1'712'195'496'004'644'183);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 394'140'808);
}

TEST(ChromeKineto, TraceWithoutStepsHasAWindowAndListsItsNames)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r
        = s.import(shared("hta-kineto-traces/critical_path/alexnet/benchmark_result_2869224_1695835535_trace.json.gz"));
    EXPECT_EQ(r.phases, 0);
    EXPECT_EQ(r.attempts, 1);
    // PARAM benchmark annotations are not PyTorch names: 5 names listed, e.g. "[param|cuda]" once
    // for 43425.283 ms ("dur": 43425283 in the file).
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 8);
    const auto& e = r.issues.entries().at({ "unmapped_name", "[param|cuda]" });
    EXPECT_EQ(e.count, 1);
    EXPECT_NE(e.example.find("1 times"), std::string::npos) << e.example;
    // distributedInfo {"rank": 0} without world_size: GPUs not given.
    EXPECT_EQ(issueCount(r, "job_gpus_missing", ""), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.e2eNs(), 43'458'933 * kUs) << "expect.py: window length";
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Idle)], 43'458'933 * kUs);
}

TEST(ChromeKineto, DocsTracesBaseTimeAndSubMicrosecondWindow)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const auto r = s.import(shared("kineto-tb-plugin-samples/docs-traces/before_fix_trace.json"));
    EXPECT_EQ(r.phases, 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    // baseTimeNanoseconds 1775078550000000000; ts from 88437691101.719 to 88437691102.019 us.
    EXPECT_EQ(jobs[0].result.windowStartNs, 1'775'078'550'000'000'000 + 88'437'691'101'719);
    EXPECT_EQ(jobs[0].result.e2eNs(), 300);
}

TEST(ChromeKineto, EveryRealFileIsDetectedAsChrome)
{
    SKIP_WITHOUT_SHARED_DATA();
    for (const char* rel : {
             "kineto-tb-plugin-samples/resnet50_num_workers_0/worker0.1623143089861.pt.trace.json.gz",
             "kineto-tb-plugin-samples/resnet50_num_workers_4/worker0.1623212756351.pt.trace.json.gz",
             "kineto-tb-plugin-samples/docs-traces/before_fix_trace.json",
             "kineto-tb-plugin-samples/docs-traces/after_fix_trace.json",
             "hta-kineto-traces/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz",
             "hta-kineto-traces/critical_path/alexnet/benchmark_result_2869224_1695835535_trace.json.gz",
             "hta-kineto-traces/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz",
             "chrome-trace-examples/async_begin_end.json",
             "chrome-trace-examples/main_thread_has_unclosed_slices.json",
             "chrome-trace-examples/nanoseconds.json",
             "chrome-trace-examples/simple_trace.json",
             "chrome-trace-examples/trivial_trace.json",
         }) {
        auto f = detectFormat(shared(rel));
        ASSERT_TRUE(f.ok()) << rel << ": " << f.error().message;
        EXPECT_EQ(*f, TraceFormat::Chrome) << rel;
    }
}

TEST(ChromeKineto, LargeDistributedHeaderIsStillDetected)
{
    // A 2048-rank job's distributedInfo lists every process group's ranks before "traceEvents":
    // more than the 64 KiB the detector looks at.
    std::string ranks;
    for (int i = 0; i < 2048; ++i) {
        ranks += (i ? ", " : "") + std::to_string(i);
    }
    std::string groups;
    for (int g = 0; g < 8; ++g) {
        groups
            += std::string(g ? ", " : "") + "{\"pg_name\": \"" + std::to_string(g) + "\", \"ranks\": [" + ranks + "]}";
    }
    Store s;
    const std::string file = s.write("big-header.json",
        "{\n  \"schemaVersion\": 1,\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 5, \"world_size\": "
        "2048, \"pg_config\": ["
            + groups
            + "]},\n  \"traceEvents\": [\n  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
              "\"ProfilerStep#1\", \"pid\": 1, \"tid\": 1, \"ts\": 1700000000000000, \"dur\": 1000}\n]}\n");
    ASSERT_GT(file.size(), 0u);
    auto f = detectFormat(file);
    ASSERT_TRUE(f.ok()) << f.error().message;
    EXPECT_EQ(*f, TraceFormat::Chrome);
    const auto r = s.import(file);
    EXPECT_EQ(r.phases, 1);
    EXPECT_EQ(s.count("SELECT rank FROM phases"), 5);
    EXPECT_EQ(s.count("SELECT gpus FROM jobs"), 2048);
}

TEST(ChromeReader, AHugeEventNameIsMappedWithoutRecursion)
{
    // The preset's "DataLoader.*__next__" on a 30,000-character name once overflowed std::regex's
    // stack; RE2 reads it in linear time.
    Store s;
    const std::string name = "DataLoader" + std::string(30'000, 'x') + "__next__";
    const std::string file = s.write("huge-name.json",
        "[\n{\"ph\": \"X\", \"name\": \"ProfilerStep#1\", \"cat\": \"user_annotation\", \"ts\": 1000, \"dur\": 100},\n"
        "{\"ph\": \"X\", \"name\": \""
            + name + "\", \"cat\": \"user_annotation\", \"ts\": 1200, \"dur\": 50}\n]");
    const auto r = s.import(file);
    EXPECT_EQ(r.phases, 2);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Stall)], 50 * kUs);
}

// --- Catapult edge cases with user mappings ----------------------------------------------------

TEST(ChromeCatapult, TrivialArrayFormBeginEndPairs)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const std::string rules = s.write("rules.json",
        R"({"format": "chrome", "phases": [ {"exact": "a", "phase": "train"}, {"exact": "b", "phase": "stall.data"} ]})");
    const auto r = s.import(shared("chrome-trace-examples/trivial_trace.json"), withMapping(rules));
    // a: B 9524, E 9560; b: B 9629, E 9631 (the four lines of the file).
    EXPECT_EQ(r.phases, 2);
    EXPECT_EQ(issueKindCount(r, "relative_times"), 1) << "ts 9524 us: no real date";
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "trivial_trace");
    const JobResult& j = jobs[0].result;
    EXPECT_EQ(j.windowStartNs, 9'524 * kUs);
    EXPECT_EQ(j.windowEndNs, 9'631 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 36 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 2 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Idle)], (107 - 38) * kUs);
}

TEST(ChromeCatapult, DisplayTimeUnitDoesNotChangeTsUnits)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const std::string rules = s.write("rules.json",
        R"({"format": "chrome", "phases": [ {"glob": "us*", "phase": "train"}, {"glob": "ns*", "phase": "eval"} ]})");
    const auto r = s.import(shared("chrome-trace-examples/nanoseconds.json"), withMapping(rules));
    EXPECT_EQ(r.phases, 8);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& j = jobs[0].result;
    // "displayTimeUnit": "ns", yet ts are microseconds: us1..us4 = [0,1.1] [1.1,1.3] [1.3,1.6]
    // [1.7,2.1] -> 2000 ns of train; ns1..ns4 = [3.000,3.011] [3.011,3.013] [3.013,3.016]
    // [3.017,3.021] -> 20 ns of eval; window [0, 3.021 us].
    EXPECT_EQ(j.e2eNs(), 3'021);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 2'000);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Eval)], 20);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Idle)], 1'001);
}

TEST(ChromeCatapult, ObjectFormMixedEventsMetadataOutsideTheWindow)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const std::string rules = s.write("rules.json", R"({"format": "chrome", "phases": [
        {"glob": "*", "phase": "train", "source": ["PERF"]},
        {"glob": "*", "ignore": true, "source": ["PREF"]} ]})");
    const auto r = s.import(shared("chrome-trace-examples/simple_trace.json"), withMapping(rules));
    // PERF slices (B/E per pid/tid; an E closes the innermost B whatever its name):
    // [826,833] [827,828] [829,832] [840,848] [850,854] on tid 22630, [827,854] on 22631: 6
    // phases, union [826,854] = 28 us. PREF (X and B/E) ignored; counters, instants, samples and
    // metadata are not phases. Window: X1 at 818 to the global instant at 880; the metadata
    // events' ts 0 does not count.
    EXPECT_EQ(r.phases, 6);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 0);
    EXPECT_EQ(issueKindCount(r, "unclosed_slice"), 0);
    EXPECT_EQ(issueKindCount(r, "unmatched_end"), 0);
    const JobResult j = s.fleet().at(0).result;
    EXPECT_EQ(j.windowStartNs, 818 * kUs);
    EXPECT_EQ(j.windowEndNs, 880 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 28 * kUs);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'A long name that doesnt fit but is exceedingly "
                      "informative' AND end_ns = 833000"),
        1)
        << "closed by the E without a name at 833";
}

TEST(ChromeCatapult, AsyncEventsLegacyAndNestable)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const std::string rules
        = s.write("rules.json", R"({"format": "chrome", "phases": [ {"glob": "*", "phase": "train"} ]})");
    const auto r = s.import(shared("chrome-trace-examples/async_begin_end.json"), withMapping(rules));
    // Legacy S/F by (cat, id, name): B#1 [100,300], B#2 [200,400], A#1a [50,900], A#2a [250,750],
    // E#1 [500,700], E#2 [600,800], F#F [0,100] [100,200] [200,300] (in file order); B/E BE1
    // [120,170], BE1 [220,350], BE2 [230,270]; never closed: S#us (ts 0), b#ub (ts 0), D#bf2
    // (ts 725), closed at 900. F "D" #bf1 (ts 150) ends nothing. T steps are not phases.
    EXPECT_EQ(r.phases, 15);
    EXPECT_EQ(issueKindCount(r, "unclosed_slice"), 3);
    EXPECT_EQ(issueCount(r, "unclosed_slice", "b"), 1);
    EXPECT_EQ(issueCount(r, "unmatched_end", "D"), 1);
    EXPECT_EQ(r.issues.entries().at({ "unmatched_end", "D" }).firstLine, 8);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'A' AND start_ns = 50000 AND end_ns = 900000"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'F'"), 3);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE name = 'D' AND start_ns = 725000 AND end_ns = 900000"), 1);
    const JobResult j = s.fleet().at(0).result;
    EXPECT_EQ(j.e2eNs(), 900 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 900 * kUs);
}

TEST(ChromeCatapult, UnclosedSlicesAreClosedAtTheEndAndCounted)
{
    SKIP_WITHOUT_SHARED_DATA();
    Store s;
    const std::string rules = s.write("rules.json", R"({"format": "chrome", "phases": [
        {"exact": "MessageLoop::RunTask", "phase": "train"}, {"glob": "*", "ignore": true} ]})");
    const auto r = s.import(shared("chrome-trace-examples/main_thread_has_unclosed_slices.json"), withMapping(rules));
    // grep -o '"ph":"B"' | wc -l = 1684, '"ph":"E"' = 1680: 4 left open (BrowserMain,
    // BrowserMain:MESSAGE_LOOP and two MessageLoop::RunTask, by a per-thread stack in Python);
    // grep -o '"ph":"B","name":"MessageLoop::RunTask"' | wc -l = 1414 phases.
    EXPECT_EQ(r.phases, 1414);
    EXPECT_EQ(issueKindCount(r, "unclosed_slice"), 4);
    EXPECT_EQ(issueCount(r, "unclosed_slice", "MessageLoop::RunTask"), 2);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 0) << "everything else is ignored by the rules";
    const JobResult j = s.fleet().at(0).result;
    // min / max ts over B and E (the 22 M events have ts 0 and do not count).
    EXPECT_EQ(j.windowStartNs, 714'007'690'251 * kUs);
    EXPECT_EQ(j.windowEndNs, 714'012'742'060 * kUs);
    // Union of the 1414 RunTask slices, the open ones closed at 714012742060 (Python stack replay).
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 5'003'406 * kUs);
}

// --- Hand-written traces: the preset, ranks, gzip, options -------------------------------------

// Two ranks of one attempt; 2025-06-15T15:06:40Z base.
const std::string kRank0 = R"({
  "schemaVersion": 1,
  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2},
  "baseTimeNanoseconds": 1750000000000000000,
  "traceEvents": [
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": 1000, "dur": 100000},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 1, "tid": 1, "ts": 101000, "dur": 100000}
  ]
})";
const std::string kRank1 = R"({
  "schemaVersion": 1,
  "distributedInfo": {"backend": "nccl", "rank": 1, "world_size": 2},
  "baseTimeNanoseconds": 1750000000000000000,
  "traceEvents": [
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 2, "tid": 2, "ts": 21000, "dur": 100000},
    {"ph": "X", "cat": "user_annotation", "name": "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__",
     "pid": 2, "tid": 2, "ts": 121000, "dur": 30000},
    {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 2, "tid": 2, "ts": 151000, "dur": 150000}
  ]
})";
constexpr int64_t kBase = 1'750'000'000'000'000'000;

TEST(ChromeRanks, RankFilesOfOneAttemptWidenItsWindow)
{
    Store s;
    ImportOptions o;
    o.reader.job = "J";
    const auto r0 = s.import(s.write("rank0.json", kRank0), o);
    EXPECT_EQ(r0.phases, 2);
    {
        const JobResult j = s.fleet().at(0).result;
        EXPECT_EQ(j.windowStartNs, kBase + 1 * kMs);
        EXPECT_EQ(j.windowEndNs, kBase + 201 * kMs);
        EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 200 * kMs);
    }
    const auto r1 = s.import(s.write("rank1.json", kRank1), o);
    EXPECT_EQ(r1.phases, 3);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 1);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 0"), 2);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 1"), 3);
    auto check = [&] {
        const auto jobs = s.fleet();
        ASSERT_EQ(jobs.size(), 1u);
        EXPECT_EQ(jobs[0].gpus, 2);
        const JobResult& j = jobs[0].result;
        // Window: the union [1, 301] ms. Rank 1 waits for data in [121, 151] ms while rank 0
        // trains: the union over ranks gives stall (it outranks train), the rest is productive.
        EXPECT_EQ(j.windowStartNs, kBase + 1 * kMs);
        EXPECT_EQ(j.windowEndNs, kBase + 301 * kMs);
        EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 30 * kMs);
        EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 270 * kMs);
        EXPECT_EQ(j.bucketsNs[idx(Bucket::Idle)], 0);
    };
    check();
    // The same content again (under another name): nothing changes.
    const auto again = s.import(s.write("rank0-copy.json", kRank0), o);
    EXPECT_TRUE(again.alreadyImported);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 5);
    check();
}

// Rank files of one run overlap in time; a file more than a day from the attempt's others is most
// likely another run that its folder gave the same job: the window still widens (that is what the
// files say), and the import says so, naming the job and how far apart.
TEST(ChromeRanks, FilesMoreThanADayApartAreSaid)
{
    Store s;
    ImportOptions o;
    o.reader.job = "J";
    s.import(s.write("rank0.json", kRank0), o);
    const auto near = s.import(s.write("rank1.json", kRank1), o);
    EXPECT_EQ(near.issues.entries().count({ "trace_files_apart", "J" }), 0u) << "ranks of one run overlap";
    // The same rank profiled 2 days later, under the same job.
    std::string later = kRank0;
    const std::string base = "1750000000000000000";
    later.replace(later.find(base), base.size(), std::to_string(kBase + 2 * 86'400 * int64_t { 1'000'000'000 }));
    const std::string rank0 = "\"rank\": 0";
    later.replace(later.find(rank0), rank0.size(), "\"rank\": 2");
    // Where the job came from a folder, the import refuses it instead (for the caller to import it
    // as a job of its own): nothing of it is stored, the window stays.
    ImportOptions refusing = o;
    refusing.refuseFilesApart = true;
    const std::string laterPath = s.write("later.json", later);
    const auto refused = importTraceFile(s.db(), laterPath, refusing);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().option, "job");
    EXPECT_NE(
        refused.error().message.find("attempt 0 of job J: this file lies 2 d 00 h " + std::string(kAnotherRunApart)),
        std::string::npos)
        << refused.error().message;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 5);
    EXPECT_EQ(s.count("SELECT MAX(end_ns) - MIN(start_ns) FROM attempts"), 300 * kMs);
    const auto far = s.import(laterPath, o);
    const auto it = far.issues.entries().find({ "trace_files_apart", "J" });
    ASSERT_NE(it, far.issues.entries().end());
    EXPECT_NE(it->second.example.find("attempt 0 of job J: this file lies 2 d 00 h from the attempt's other files"),
        std::string::npos)
        << it->second.example;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), 1);
    // Just under a day apart: not said.
    std::string day = kRank0;
    day.replace(day.find(base), base.size(), std::to_string(kBase - 86'000 * int64_t { 1'000'000'000 }));
    day.replace(day.find(rank0), rank0.size(), "\"rank\": 3");
    const auto close = s.import(s.write("earlier.json", day), o);
    EXPECT_EQ(close.issues.entries().count({ "trace_files_apart", "J" }), 0u);
}

TEST(ChromeRanks, WithoutAJobEachFileIsItsOwnJob)
{
    Store s;
    s.import(s.write("rank0.json", kRank0));
    s.import(s.write("rank1.json", kRank1));
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 2) << "one file = one rank of one attempt of the job it names";
}

TEST(ChromeRanks, OptionsOverrideWhatTheFileSays)
{
    Store s;
    ImportOptions o;
    o.reader.job = "other";
    o.reader.attempt = 3;
    o.reader.rank = 7;
    s.import(s.write("rank1.json", kRank1), o);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs WHERE job_key = 'other'"), 1);
    EXPECT_EQ(s.count("SELECT attempt_no FROM attempts"), 3);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases WHERE rank = 7"), 3);
}

TEST(ChromeReader, GzipGivesTheSameRecords)
{
    Store s;
    const auto plain = s.import(s.write("rank1.json", kRank1), "plain");
    const auto gz = s.import(s.writeGzip("rank1.json.gz", kRank1), "gz");
    EXPECT_EQ(gz.format, "chrome");
    EXPECT_EQ(gz.phases, plain.phases);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].key, "rank1") << "the job id from the file name drops .json and .gz";
    EXPECT_EQ(jobs[0].result.bucketsNs, jobs[1].result.bucketsNs);
    EXPECT_EQ(jobs[0].result.windowStartNs, jobs[1].result.windowStartNs);
}

TEST(ChromeReader, PresetMapsPyTorchNamesAndIgnoresDeviceSide)
{
    Store s;
    const std::string file = s.write("preset.json", R"json({"baseTimeNanoseconds": 1750000000000000000, "traceEvents": [
{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#7", "ts": 0, "dur": 1000},
{"ph": "X", "cat": "gpu_user_annotation", "name": "ProfilerStep#7", "ts": 100, "dur": 1000},
{"ph": "X", "cat": "user_annotation", "name": "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "ts": 0, "dur": 50},
{"ph": "X", "cat": "user_annotation", "name": "Optimizer.step#AdamW.step", "ts": 900, "dur": 90},
{"ph": "X", "cat": "user_annotation", "name": "save_checkpoint", "ts": 1000, "dur": 200},
{"ph": "X", "cat": "user_annotation", "name": "_compile.compile_inner (dynamo_timed)", "ts": 1200, "dur": 300},
{"ph": "X", "cat": "user_annotation", "name": "TorchDynamo Cache Lookup", "ts": 1500, "dur": 1},
{"ph": "X", "cat": "user_annotation", "name": "evaluate", "ts": 1500, "dur": 100},
{"ph": "X", "cat": "user_annotation", "name": "RenderWidget::InvalidationCallback", "ts": 1600, "dur": 10},
{"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 10, "dur": 5},
{"ph": "X", "cat": "kernel", "name": "sm90_xmma_gemm", "ts": 20, "dur": 5},
{"ph": "X", "cat": "Operator", "name": "aten::add", "ts": 30, "dur": 5},
{"ph": "X", "cat": "Operator", "name": "AddBackward0", "ts": 30, "dur": 5},
{"ph": "X", "cat": "Operator", "name": "my_block", "ts": 30, "dur": 5},
{"ph": "X", "cat": "user_annotation", "name": "nccl:all_reduce", "ts": 40, "dur": 500},
{"ph": "i", "s": "g", "name": "Record Window End", "ts": 2000}
]})json");
    const auto r = s.import(file);
    EXPECT_EQ(phaseCount(s, "train"), 1) << "the GPU-side copy of the step is ignored";
    EXPECT_EQ(phaseCount(s, "stall", "data"), 1);
    EXPECT_EQ(phaseCount(s, "train", "optimizer"), 1);
    EXPECT_EQ(phaseCount(s, "checkpoint_save"), 1);
    EXPECT_EQ(phaseCount(s, "compile", "pt2"), 1);
    EXPECT_EQ(phaseCount(s, "eval"), 1);
    EXPECT_EQ(r.phases, 6);
    // Unmapped, listed with their time: a user range of the old schema and "Invalidation" (not eval).
    EXPECT_EQ(issueCount(r, "unmapped_name", "my_block"), 1);
    EXPECT_EQ(issueCount(r, "unmapped_name", "RenderWidget::InvalidationCallback"), 1);
    EXPECT_EQ(issueKindCount(r, "unmapped_name"), 2);
    const JobResult j = s.fleet().at(0).result;
    EXPECT_EQ(j.e2eNs(), 2 * kMs) << "to the Record Window End instant";
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 50 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 950 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::CheckpointSave)], 200 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Compile)], 300 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Eval)], 100 * kUs);
}

TEST(ChromeReader, UnmappedNamesAreCountedWithTheirTotalTime)
{
    Store s;
    const std::string rules
        = s.write("rules.json", R"({"format": "chrome", "phases": [ {"exact": "step", "phase": "train"} ]})");
    const std::string file = s.write("unmapped.json", R"([
{"ph": "X", "name": "step", "ts": 0, "dur": 10},
{"ph": "X", "name": "mystery", "ts": 0, "dur": 2.5},
{"ph": "B", "name": "mystery", "ts": 5, "pid": 1, "tid": 1},
{"ph": "E", "ts": 9, "pid": 1, "tid": 1},
{"ph": "X", "name": "other", "ts": 1, "dur": 1}
])");
    const auto r = s.import(file, withMapping(rules));
    EXPECT_EQ(r.phases, 1);
    const auto& e = r.issues.entries().at({ "unmapped_name", "mystery" });
    EXPECT_EQ(e.count, 2);
    EXPECT_EQ(e.firstLine, 3);
    EXPECT_NE(e.example.find("2 times"), std::string::npos) << e.example;
    EXPECT_EQ(issueCount(r, "unmapped_name", "other"), 1);
}

TEST(ChromeReader, ArrayWithoutClosingBracketIsAccepted)
{
    Store s;
    const std::string rules
        = s.write("rules.json", R"({"format": "chrome", "phases": [ {"glob": "*", "phase": "train"} ]})");
    const std::string file = s.write("cut.json",
        "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 2},\n"
        "{\"ph\": \"X\", \"name\": \"b\", \"ts\": 5, \"dur\": 1},\n");
    const auto r = s.import(file, withMapping(rules));
    EXPECT_EQ(r.phases, 2);
    EXPECT_EQ(issueKindCount(r, "unterminated_array"), 1);
}

TEST(ChromeReader, NestedBeginEndOnTwoThreadsAndAnEndWithoutBegin)
{
    Store s;
    const std::string rules = s.write("rules.json", R"({"format": "chrome", "phases": [
        {"exact": "outer", "phase": "train"}, {"exact": "inner", "phase": "stall.sync"} ]})");
    const std::string file = s.write("nested.json", R"({"traceEvents": [
{"ph": "B", "name": "outer", "ts": 0, "pid": 1, "tid": 1},
{"ph": "B", "name": "outer", "ts": 0, "pid": 1, "tid": "2"},
{"ph": "B", "name": "inner", "ts": 10, "pid": 1, "tid": 1},
{"ph": "E", "ts": 20, "pid": 1, "tid": 1},
{"ph": "E", "ts": 30, "pid": 1, "tid": "2"},
{"ph": "E", "ts": 100, "pid": 1, "tid": 1},
{"ph": "E", "name": "stray", "ts": 101, "pid": 1, "tid": 1}
], "displayTimeUnit": "ms"})");
    const auto r = s.import(file, withMapping(rules));
    EXPECT_EQ(r.phases, 3);
    EXPECT_EQ(issueCount(r, "unmatched_end", "stray"), 1);
    EXPECT_EQ(r.issues.entries().at({ "unmatched_end", "stray" }).firstLine, 8);
    EXPECT_EQ(s.count("SELECT end_ns FROM phases WHERE name = 'inner'"), 20 * kUs);
    EXPECT_EQ(s.count("SELECT MAX(end_ns) FROM phases WHERE name = 'outer'"), 100 * kUs);
    const JobResult j = s.fleet().at(0).result;
    EXPECT_EQ(j.e2eNs(), 101 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Stall)], 10 * kUs);
    EXPECT_EQ(j.bucketsNs[idx(Bucket::Productive)], 90 * kUs);
}

// --- Bad input ----------------------------------------------------------------------------------

TEST(ChromeBadInput, ErrorsNameFileLineAndFieldAndStoreNothing)
{
    Store s;
    // Something good first: a failed import must leave it untouched.
    s.import(s.write("good.json", kRank0));
    const int64_t phasesBefore = s.count("SELECT COUNT(*) FROM phases");
    const int64_t datasetsBefore = s.count("SELECT COUNT(*) FROM datasets");
    ASSERT_EQ(phasesBefore, 2);

    struct Case
    {
        const char* name;
        std::string content;
        std::string expected; // after "PATH"
    };
    const std::vector<Case> cases = {
        { "dur-missing.json",
            "{\"traceEvents\": [\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 2},\n"
            "{\"ph\": \"X\", \"name\": \"b\", \"ts\": 5}\n]}",
            ":3: traceEvents[1] event (ph \"X\"): field 'dur' is missing" },
        { "ts-string.json", "[\n{\"ph\": \"B\", \"name\": \"a\", \"ts\": \"12\", \"pid\": 1, \"tid\": 1}\n]",
            ":2: traceEvents[0] event (ph \"B\"): field 'ts': expected a number of microseconds" },
        { "dur-negative.json", "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 10,\n \"dur\": -3}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'dur': expected a duration >= 0 in microseconds (fractions "
            "allowed), found -3" },
        { "end-before-begin.json",
            "[\n{\"ph\": \"B\", \"name\": \"a\", \"ts\": 10, \"pid\": 1, \"tid\": 1},\n"
            "{\"ph\": \"E\", \"ts\": 5, \"pid\": 1, \"tid\": 1}\n]",
            ":3: traceEvents[1] event (ph \"E\"): field 'ts': expected an end not before its begin (line 2" },
        { "name-number.json", "[\n{\"ph\": \"X\", \"name\": 5, \"ts\": 1, \"dur\": 1}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'name': expected a string, found 5" },
        { "ph-missing.json", "[\n{\"name\": \"a\", \"ts\": 1, \"dur\": 1}\n]",
            ":2: traceEvents[0] event: field 'ph' is missing" },
        { "not-an-event.json", "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n 7\n]",
            ":3: traceEvents[1]: expected an event object" },
        { "no-events.json", "{\"displayTimeUnit\": \"ms\",\n \"otherData\": {}}",
            ":1: trace object: field 'traceEvents' is missing" },
        { "events-not-array.json", "{\n\"traceEvents\": {}}",
            ":2: trace object: field 'traceEvents': expected an array" },
        { "rank-bad.json",
            "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1}],\n"
            " \"distributedInfo\": {\"rank\": -2}}",
            ":2: trace object: field 'distributedInfo.rank' (mapping setting \"rank\"): expected a rank >= 0, found "
            "-2" },
        { "world-bad.json",
            "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1}],\n"
            " \"distributedInfo\": {\"world_size\": 0}}",
            ":2: trace object: field 'distributedInfo.world_size' (mapping setting \"gpus\"): expected a GPU count >= "
            "1, found 0" },
        { "base-bad.json", "{\"traceEvents\": [],\n \"baseTimeNanoseconds\": \"soon\"}",
            ":2: trace object: field 'baseTimeNanoseconds': expected nanoseconds since the epoch, found \"soon\"" },
        { "empty-events.json", "{\"traceEvents\": [\n{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1}]}",
            ": the trace has no timed events" },
        { "bad-json.json", "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\",, }\n]",
            ":3: not valid JSON" },
        { "trailing.json", "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1}]}\n{}",
            ":2: unexpected content after the end of the trace's JSON value" },
        { "cut-in-string.json",
            "{\"traceEvents\": [\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\", \"na",
            ":3: not valid JSON: A string is opened, but never closed. (was the file cut off?)" },
        { "cut-object.json",
            "{\"traceEvents\": [\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\"\n",
            ":3: not valid JSON: JSON document ended early in the middle of an object or array. (was the file cut "
            "off?)" },
        { "cut-array.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\", \"name\": \"b\"",
            ":3: not valid JSON" },
        // Damage inside values the reader does not need is still damage (a skip alone would pass it).
        { "args-bad-atom.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\", \"name\": \"b\", \"ts\": 2, "
            "\"dur\": 1,\n \"args\": {\"ok\": fal$e}}\n]",
            ":4: traceEvents[1] event (ph \"X\"): field 'args': not valid JSON: found fal$e, not a value" },
        { "args-bad-bracket.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"args\": {\"v\": [1, 2}]}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'args': not valid JSON" },
        { "args-bad-escape.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"args\": {\"s\": \"a\\qb\"}}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'args': not valid JSON" },
        { "args-bad-number.json", "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"tts\": 01}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'tts': not valid JSON: found 01, not a number" },
        { "top-bad.json",
            "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1}],\n"
            " \"deviceProperties\": [{\"id\": 0, \"name\": nul}]}",
            ":2: trace object: field 'deviceProperties': not valid JSON: found nul, not a value" },
        { "setting-object-bad.json",
            "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1}],\n"
            " \"distributedInfo\": {\"rank\": 0,\n \"backend\": tru}}",
            ":3: trace object: field 'distributedInfo.backend': not valid JSON: found tru, not a value" },
        // Nesting is bounded: a walk that recursed per level would overflow the stack first.
        { "args-deep.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1, \"args\": {\"v\": " + std::string(43'500, '[')
                + std::string(43'500, ']') + "}}\n]",
            ":2: traceEvents[0] event (ph \"X\"): field 'args': not valid JSON: objects and arrays nested deeper "
            "than 256 levels" },
        { "utf8.json",
            "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\", \"name\": \"\xff\", \"ts\": "
            "1, "
            "\"dur\": 1}\n]",
            ":3: invalid UTF-8" },
        // The document is read one value at a time: binary data stops at its first chunk, an
        // event larger than any trace writes is refused (named by its first line).
        { "nul.json", "[\n{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 1},\n" + std::string(2, '\0'),
            ":3: a NUL byte: binary data, not a Chrome trace" },
        { "huge-event.json",
            "{\"traceEvents\": [\n{\"ph\": \"X\", \"ts\": 1, \"dur\": 1},\n{\"ph\": \"X\", \"name\": \""
                + std::string(17 << 20, 'n') + "\"}\n]}",
            ":3: a value of more than 16 MiB: too large for a Chrome trace" },
    };
    for (const auto& c : cases) {
        const std::string file = s.write(c.name, c.content);
        ImportOptions o;
        o.reader.format = TraceFormat::Chrome;
        auto r = tryImport(s, file, o);
        ASSERT_FALSE(r.ok()) << c.name;
        EXPECT_NE(r.error().message.find(file + c.expected), std::string::npos) << c.name << ": " << r.error().message;
        EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), phasesBefore) << c.name;
        EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), datasetsBefore) << c.name;
        EXPECT_EQ(s.count("SELECT COUNT(*) FROM jobs"), 1) << c.name;
    }
}

TEST(ChromeBadInput, RulesForAnotherFormatAreRefused)
{
    Store s;
    const std::string rules = s.write("rules.json", R"({"format": "mlperf", "phases": []})");
    auto r = tryImport(s, s.write("t.json", kRank0), withMapping(rules));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("these rules are for format \"mlperf\""), std::string::npos) << r.error().message;
}

} // namespace
} // namespace ett::core
