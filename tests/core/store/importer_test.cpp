// Tests of the importer and the store read-back: the worked example's
// figures from the store, re-imports, merging files under one label, implicit jobs, clipping,
// forward references, datasets and issues, cancel and progress, and roll-ups of imported data.
#include "core/model/accounting.h"
#include "core/model/rollup.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "samples/synth/generator.h"
#include "tests/core/test_store.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;
using test::Store;

constexpr int64_t kS = 1'000'000'000; // nanoseconds per second
const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

// Every row of every table, ordered by all columns (as in bad_input_test).
std::string dumpQuery(sqlite3* db, const std::string& sql)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
        ADD_FAILURE() << sqlite3_errmsg(db);
        return {};
    }
    std::string out;
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
            out += c == 0 ? "" : "|";
            if (sqlite3_column_type(st, c) == SQLITE_NULL) {
                out += "NULL";
            } else if (sqlite3_column_type(st, c) == SQLITE_INTEGER) {
                out += "i:" + std::to_string(sqlite3_column_int64(st, c));
            } else {
                // Text and blobs byte for byte (a blob may hold any byte; it is only compared).
                const auto* p = static_cast<const char*>(sqlite3_column_blob(st, c));
                out += "b:" + std::string(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, c)));
            }
        }
        out += "\n";
    }
    sqlite3_finalize(st);
    return out;
}

std::string dumpDatabase(sqlite3* db)
{
    std::string out = dumpQuery(db, "SELECT type, name, sql FROM sqlite_master ORDER BY type, name");
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &st, nullptr);
    std::vector<std::string> tables;
    while (sqlite3_step(st) == SQLITE_ROW) {
        tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    }
    sqlite3_finalize(st);
    for (const auto& t : tables) {
        sqlite3_stmt* probe = nullptr;
        const std::string all = "SELECT * FROM \"" + t + "\"";
        sqlite3_prepare_v2(db, all.c_str(), -1, &probe, nullptr);
        const int columns = sqlite3_column_count(probe);
        sqlite3_finalize(probe);
        std::string order;
        for (int c = 1; c <= columns; ++c) {
            order += (c == 1 ? " ORDER BY " : ", ") + std::to_string(c);
        }
        out += "table " + t + "\n" + dumpQuery(db, all + order);
    }
    return out;
}

// SHA-256 by coreutils, independent of the code under test.
std::string sha256sum(const std::string& path)
{
    const std::string cmd = "sha256sum '" + path + "'";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) {
        ADD_FAILURE() << "cannot run sha256sum";
        return {};
    }
    char buf[256] = {};
    const size_t n = std::fread(buf, 1, sizeof buf - 1, p);
    pclose(p);
    return std::string(buf, std::min<size_t>(n, 64));
}

// Sum of the buckets of an array.
template <typename Array> auto bucketSum(const Array& a)
{
    typename Array::value_type sum = 0;
    for (const auto v : a) {
        sum += v;
    }
    return sum;
}

const IssueInfo* findIssue(
    const std::vector<IssueInfo>& issues, const std::string& kind, const std::string& detail = "")
{
    for (const auto& i : issues) {
        if (i.kind == kind && i.detail == detail) {
            return &i;
        }
    }
    return nullptr;
}

std::vector<IssueInfo> issuesOf(Database& db)
{
    auto issues = listIssues(db);
    EXPECT_TRUE(issues.ok());
    return issues.ok() ? *issues : std::vector<IssueInfo> {};
}

const std::string kHead = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                          "\n";
std::string line(const std::string& json)
{
    return json + "\n";
}

// ---------------------------------------------------------------------------------------------
// The worked example (spec section 6)

TEST(ImporterWorkedExample, StoreGivesSpecFiguresExactly)
{
    Store s;
    const ImportSummary sum = s.import(kWorkedExample);
    EXPECT_FALSE(sum.alreadyImported);
    EXPECT_EQ(sum.records, 16);
    EXPECT_EQ(sum.jobsDeclared, 1);
    EXPECT_EQ(sum.jobsTouched, 1);
    EXPECT_EQ(sum.attempts, 2);
    EXPECT_EQ(sum.phases, 10);
    EXPECT_EQ(sum.checkpoints, 3);
    EXPECT_EQ(sum.issues.total(), 0);
    EXPECT_GT(sum.datasetId, 0);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const FleetJob& j = jobs[0];
    EXPECT_EQ(j.key, "J1");
    EXPECT_EQ(j.label, "default");
    EXPECT_EQ(j.name, "worked example");
    EXPECT_EQ(j.gpus, 8);
    const JobResult& r = j.result;
    EXPECT_EQ(r.e2eNs(), 58545 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 52800 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 1200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 45 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 1200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Compile)], 1200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 300 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Shutdown)], 1800 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 0);
    EXPECT_EQ(bucketSum(r.bucketsNs), 58545 * kS);
    EXPECT_EQ(r.ttsNs, 1500 * kS);
    EXPECT_EQ(r.failures, 1);
    EXPECT_EQ(r.preemptions, 0);
    EXPECT_FALSE(r.noCheckpointData);
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].faultNs, 37545 * kS);
    EXPECT_EQ(r.attempts[0].ttrNs, 1200 * kS);
    EXPECT_EQ(r.attempts[0].gapAfterNs, 300 * kS);
    EXPECT_EQ(r.attempts[0].interruption, Interruption::Failure);
    EXPECT_EQ(j.attemptInfo[0].cause, "infra.gpu");

    const FleetSummary fs = summarizeFleet(jobs, RollupOptions {}, std::nullopt);
    const Figures& f = fs.fleet;
    EXPECT_EQ(f.jobs, 1);
    EXPECT_EQ(f.attempts, 2);
    EXPECT_TRUE(f.e2eNs == Wide { 58545 * kS });
    EXPECT_TRUE(f.e2eGpuNs == Wide { 8 * 58545 * kS });
    EXPECT_TRUE(f.bucketsNs[idx(Bucket::Productive)] == Wide { 52800 * kS });
    EXPECT_TRUE(f.bucketsNs[idx(Bucket::LostProgress)] == Wide { 1200 * kS });
    EXPECT_EQ(f.ttsNs, std::vector<int64_t> { 1500 * kS });
    EXPECT_EQ(f.ttrNs, std::vector<int64_t> { 1200 * kS });
    EXPECT_EQ(f.failures, 1);
    EXPECT_EQ(f.preemptions, 0);
    EXPECT_EQ(f.otherInterruptions, 0);
    char buf[32];
    ASSERT_TRUE(f.ettPercentTime().has_value());
    std::snprintf(buf, sizeof buf, "%.3f", *f.ettPercentTime());
    EXPECT_STREQ(buf, "90.187");
    ASSERT_TRUE(f.ettPercentGpu().has_value());
    std::snprintf(buf, sizeof buf, "%.3f", *f.ettPercentGpu());
    EXPECT_STREQ(buf, "90.187");
    EXPECT_TRUE(f.lostGpuNs() == Wide { 8 * (58545 - 52800) * kS });
}

TEST(ImporterWorkedExample, DerivedTablesHoldTheSameFiguresAsRows)
{
    Store s;
    s.import(kWorkedExample);
    EXPECT_EQ(s.count("SELECT e2e_ns FROM job_derived"), 58545 * kS);
    EXPECT_EQ(s.count("SELECT b_productive FROM job_derived"), 52800 * kS);
    EXPECT_EQ(s.count("SELECT b_lost_progress FROM job_derived"), 1200 * kS);
    EXPECT_EQ(s.count("SELECT tts_ns FROM job_derived"), 1500 * kS);
    EXPECT_EQ(s.count("SELECT ttr_ns FROM attempt_derived d JOIN attempts a ON a.id = d.attempt_id "
                      "WHERE a.attempt_no = 0"),
        1200 * kS);
    EXPECT_EQ(s.count("SELECT count(*) FROM attempt_derived"), 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM phase_runs"), 2);
}

// ---------------------------------------------------------------------------------------------
// Re-imports and labels

TEST(ImporterReimport, SameFileUnderSameLabelIsNoOp)
{
    Store s;
    const ImportSummary first = s.import(kWorkedExample);
    const std::string before = dumpDatabase(s.db().handle());

    const ImportSummary again = s.import(kWorkedExample);
    EXPECT_TRUE(again.alreadyImported);
    EXPECT_EQ(again.sha256, first.sha256);
    EXPECT_EQ(again.records, 0);
    EXPECT_EQ(again.phases, 0);
    EXPECT_EQ(dumpDatabase(s.db().handle()), before);

    // The same content under another file name is the same dataset.
    std::ifstream in(kWorkedExample, std::ios::binary);
    const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const ImportSummary copy = s.import(s.write("copy.ett.jsonl", content));
    EXPECT_TRUE(copy.alreadyImported);
    EXPECT_EQ(dumpDatabase(s.db().handle()), before);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM phases"), 10);
}

TEST(ImporterReimport, SameFileUnderAnotherLabelIsSecondJob)
{
    Store s;
    s.import(kWorkedExample);
    const ImportSummary second = s.import(kWorkedExample, "rerun");
    EXPECT_FALSE(second.alreadyImported);
    EXPECT_EQ(second.jobsDeclared, 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 2);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].label, "default");
    EXPECT_EQ(jobs[1].label, "rerun");
    EXPECT_EQ(jobs[0].key, "J1");
    EXPECT_EQ(jobs[1].key, "J1");
    EXPECT_NE(jobs[0].id, jobs[1].id);

    FleetQuery onlyRerun;
    onlyRerun.label = "rerun";
    ASSERT_EQ(s.fleet(onlyRerun).size(), 1u);
    FleetQuery byKey;
    byKey.jobKey = "J1";
    EXPECT_EQ(s.fleet(byKey).size(), 2u);
    auto labels = listLabels(s.db());
    ASSERT_TRUE(labels.ok());
    EXPECT_EQ(*labels, (std::vector<std::string> { "default", "rerun" }));

    const FleetSummary fs = summarizeFleet(jobs, RollupOptions {}, std::string("label"));
    ASSERT_EQ(fs.groups.size(), 2u);
    for (const auto& [label, g] : fs.groups) {
        EXPECT_TRUE(g.e2eNs == Wide { 58545 * kS }) << label;
        EXPECT_TRUE(g.bucketsNs[idx(Bucket::Productive)] == Wide { 52800 * kS }) << label;
    }
    EXPECT_TRUE(fs.fleet.e2eNs == Wide { 2 * 58545 * kS });
    EXPECT_EQ(fs.fleet.failures, 2);

    // Re-importing under either label is now a no-op.
    EXPECT_TRUE(s.import(kWorkedExample, "rerun").alreadyImported);
    EXPECT_TRUE(s.import(kWorkedExample).alreadyImported);
}

// ---------------------------------------------------------------------------------------------
// Merging files under one label

// Job R, 4 GPUs. Attempt 0 [0, 1000) failed at 900 (infra), attempt 1 [1100, 2000) completed; a
// checkpoint captured at 500, durable at 510.
const std::string kAttemptsFile = kHead + line(R"({"type":"job","job":"R","name":"ranks","gpus":4})")
    + line(
        R"({"type":"attempt","job":"R","attempt":0,"start":0,"end":1000,"outcome":"failed","interrupted_at":900,"cause":"infra.network"})")
    + line(R"({"type":"attempt","job":"R","attempt":1,"start":1100,"end":2000})")
    + line(R"({"type":"checkpoint","job":"R","attempt":0,"step":50,"start":500,"durable":510})");

// Rank 0: init is short. The job record is repeated, identical.
const std::string kRank0File = kHead + line(R"({"type":"job","job":"R","name":"ranks","gpus":4})")
    + line(R"({"type":"phase","job":"R","attempt":0,"phase":"init","start":0,"end":100,"rank":0})")
    + line(R"({"type":"phase","job":"R","attempt":0,"phase":"train","start":100,"end":900,"rank":0})")
    + line(R"({"type":"phase","job":"R","attempt":1,"phase":"init","start":1100,"end":1150,"rank":0})")
    + line(R"({"type":"phase","job":"R","attempt":1,"phase":"train","start":1150,"end":2000,"rank":0})");

// Rank 1: the slow one; it also records the blocking save. No job record.
const std::string kRank1File = kHead
    + line(R"({"type":"phase","job":"R","attempt":0,"phase":"init.device_init","start":0,"end":200,"rank":1})")
    + line(R"({"type":"phase","job":"R","attempt":0,"phase":"train","start":200,"end":900,"rank":1})")
    + line(R"({"type":"phase","job":"R","attempt":0,"phase":"checkpoint_save","start":500,"end":510,"rank":1})")
    + line(R"({"type":"phase","job":"R","attempt":1,"phase":"init","start":1100,"end":1300,"rank":1})")
    + line(R"({"type":"phase","job":"R","attempt":1,"phase":"train","start":1300,"end":2000,"rank":1})");

// The accounting input of job R with both ranks, built by hand.
JobInput rankJobInput()
{
    JobInput in;
    in.gpus = 4;
    AttemptInput a0;
    a0.number = 0;
    a0.startNs = 0;
    a0.endNs = 1000 * kS;
    a0.gpus = 4;
    a0.outcome = Outcome::Failed;
    a0.interruptedAtNs = 900 * kS;
    a0.interruption = Interruption::Failure;
    a0.phases = { { 0, 100 * kS, Category::Init, 0 }, { 100 * kS, 900 * kS, Category::Train, 0 },
        { 0, 200 * kS, Category::Init, 1 }, { 200 * kS, 900 * kS, Category::Train, 1 },
        { 500 * kS, 510 * kS, Category::CheckpointSave, 1 } };
    AttemptInput a1;
    a1.number = 1;
    a1.startNs = 1100 * kS;
    a1.endNs = 2000 * kS;
    a1.gpus = 4;
    a1.phases = { { 1100 * kS, 1150 * kS, Category::Init, 0 }, { 1150 * kS, 2000 * kS, Category::Train, 0 },
        { 1100 * kS, 1300 * kS, Category::Init, 1 }, { 1300 * kS, 2000 * kS, Category::Train, 1 } };
    in.attempts = { a0, a1 };
    in.checkpoints = { { 500 * kS, 510 * kS, false } };
    return in;
}

TEST(ImporterMerge, AttemptsFileThenPerRankFilesGiveUnionOverRanks)
{
    Store s;
    const ImportSummary a = s.import(s.write("attempts.ett.jsonl", kAttemptsFile));
    EXPECT_EQ(a.attempts, 2);
    EXPECT_EQ(a.phases, 0);
    {
        // No phases yet: everything but the recovery after the fault and the gap is idle.
        const auto jobs = s.fleet();
        ASSERT_EQ(jobs.size(), 1u);
        const JobResult& r = jobs[0].result;
        EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], (900 + 900) * kS);
        EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], (100 + 100) * kS);
        EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 0);
    }

    const ImportSummary r0 = s.import(s.write("rank0.ett.jsonl", kRank0File));
    EXPECT_EQ(r0.phases, 4);
    EXPECT_EQ(r0.attempts, 0);
    EXPECT_EQ(r0.issues.total(), 0);
    {
        // Rank 0 alone: init 100 + 50; lost progress from the save point 500 to the fault 900.
        const auto jobs = s.fleet();
        const JobResult& r = jobs.at(0).result;
        EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 150 * kS);
        EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], (400 + 850) * kS);
        EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 400 * kS);
        EXPECT_EQ(r.ttsNs, 100 * kS);
        EXPECT_EQ(r.attempts.at(0).ttrNs, (1150 - 900) * kS);
    }

    const ImportSummary r1 = s.import(s.write("rank1.ett.jsonl", kRank1File));
    EXPECT_EQ(r1.phases, 5);
    EXPECT_EQ(r1.jobsTouched, 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    // Union over ranks: init [0, 200) and [1100, 1300), the save [500, 510) of rank 1.
    EXPECT_EQ(r.e2eNs(), 2000 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 400 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 10 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], (300 + 700) * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 390 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 200 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 0);
    EXPECT_EQ(bucketSum(r.bucketsNs), r.e2eNs());
    EXPECT_EQ(r.ttsNs, 200 * kS);
    EXPECT_EQ(r.attempts.at(0).ttrNs, (1300 - 900) * kS);

    // The same as the reference accounting of both ranks together.
    const JobResult expected = attributeJob(rankJobInput(), false);
    EXPECT_EQ(r.bucketsNs, expected.bucketsNs);
    EXPECT_EQ(r.ttsNs, expected.ttsNs);
    ASSERT_EQ(r.attempts.size(), expected.attempts.size());
    for (size_t i = 0; i < r.attempts.size(); ++i) {
        EXPECT_EQ(r.attempts[i].bucketsNs, expected.attempts[i].bucketsNs) << "attempt " << i;
        EXPECT_EQ(r.attempts[i].ttsNs, expected.attempts[i].ttsNs) << "attempt " << i;
        EXPECT_EQ(r.attempts[i].ttrNs, expected.attempts[i].ttrNs) << "attempt " << i;
        EXPECT_EQ(r.attempts[i].firstTrainNs, expected.attempts[i].firstTrainNs) << "attempt " << i;
    }

    // Per-rank phases are kept (one Gantt row per rank), with their subcategories.
    EXPECT_EQ(s.count("SELECT count(DISTINCT rank) FROM phases"), 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM phases_named WHERE subcategory = 'device_init' AND rank = 1"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 3);
    EXPECT_EQ(s.count("SELECT gpus FROM jobs"), 4);
}

TEST(ImporterMerge, PhasesInOneFileGiveTheSameResultAsPhasesInThree)
{
    Store split;
    split.import(split.write("attempts.ett.jsonl", kAttemptsFile));
    split.import(split.write("rank0.ett.jsonl", kRank0File));
    split.import(split.write("rank1.ett.jsonl", kRank1File));

    Store whole;
    std::string all = kAttemptsFile + kRank0File.substr(kHead.size()) + kRank1File.substr(kHead.size());
    whole.import(whole.write("all.ett.jsonl", all));

    const auto a = split.fleet();
    const auto b = whole.fleet();
    ASSERT_EQ(a.size(), 1u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(a[0].result.bucketsNs, b[0].result.bucketsNs);
    EXPECT_EQ(a[0].result.ttsNs, b[0].result.ttsNs);
    EXPECT_EQ(a[0].result.attempts.at(0).ttrNs, b[0].result.attempts.at(0).ttrNs);
}

TEST(ImporterMerge, SecondFileAddsPhasesToExistingAttemptAndRecomputes)
{
    Store s;
    s.import(kWorkedExample);
    // An eval of attempt 1 that takes over part of its train time, and the attempt repeated
    // identically.
    const std::string extra = kHead
        + line(R"({"type":"attempt","job":"J1","attempt":1,"start":37845,"end":58545,"outcome":"completed"})")
        + line(R"({"type":"phase","job":"J1","attempt":1,"phase":"eval","start":40000,"end":40600})");
    const ImportSummary sum = s.import(s.write("eval.ett.jsonl", extra));
    EXPECT_EQ(sum.attempts, 0);
    EXPECT_EQ(sum.phases, 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Eval)], 600 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], (52800 - 600) * kS);
    EXPECT_EQ(r.e2eNs(), 58545 * kS);
    EXPECT_EQ(s.count("SELECT b_eval FROM job_derived"), 600 * kS);
    EXPECT_EQ(s.count("SELECT count(*) FROM phase_runs"), 3);
}

TEST(ImporterMerge, AcceptsIdenticalJobRecordSeenAgain)
{
    Store s;
    const std::string job
        = line(R"({"type":"job","job":"D","name":"dup","gpus":2,"submitted":5,"attrs":{"team":"a","model":"m"}})");
    const std::string sameOtherOrder
        = line(R"({"type":"job","attrs":{"model":"m","team":"a"},"submitted":5,"gpus":2,"name":"dup","job":"D"})");
    const std::string file1
        = kHead + job + line(R"({"type":"attempt","job":"D","attempt":0,"start":10,"end":20})") + sameOtherOrder;
    const ImportSummary a = s.import(s.write("one.ett.jsonl", file1));
    EXPECT_EQ(a.jobsDeclared, 1);
    const ImportSummary b = s.import(s.write("two.ett.jsonl", kHead + sameOtherOrder + job));
    EXPECT_FALSE(b.alreadyImported);
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM job_attrs"), 2);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].attr("team"), "a");
    EXPECT_EQ(jobs[0].attr("model"), "m");
    EXPECT_EQ(jobs[0].attr("cluster"), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// Implicit jobs

TEST(ImporterImplicitJobs, CreatesUndeclaredJobWithOneGpuAndCountsIssue)
{
    Store s;
    const std::string file = kHead + line(R"({"type":"attempt","job":"IMP","attempt":0,"start":0,"end":100})")
        + line(R"({"type":"phase","job":"IMP","attempt":0,"phase":"train","start":0,"end":100})");
    const std::string path = s.write("implicit.ett.jsonl", file);
    const ImportSummary sum = s.import(path);
    EXPECT_EQ(sum.jobsDeclared, 0);
    EXPECT_EQ(sum.attempts, 1);
    EXPECT_EQ(s.count("SELECT gpus FROM jobs WHERE job_key = 'IMP'"), 1);
    EXPECT_EQ(s.count("SELECT gpus_given FROM jobs WHERE job_key = 'IMP'"), 0);
    EXPECT_EQ(s.count("SELECT declared_in IS NULL FROM jobs WHERE job_key = 'IMP'"), 1);

    const auto issues = issuesOf(s.db());
    const IssueInfo* implicit = findIssue(issues, "implicit_job");
    ASSERT_NE(implicit, nullptr);
    EXPECT_EQ(implicit->count, 1);
    EXPECT_EQ(implicit->sourcePath, path);
    EXPECT_EQ(implicit->label, "default");
    EXPECT_NE(implicit->example.find("IMP"), std::string::npos) << implicit->example;

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 1);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 100 * kS);
}

TEST(ImporterImplicitJobs, LaterFileDeclaringImplicitJobFillsItIn)
{
    Store s;
    s.import(s.write("implicit.ett.jsonl",
        kHead + line(R"({"type":"attempt","job":"IMP","attempt":0,"start":0,"end":100})")
            + line(R"({"type":"phase","job":"IMP","attempt":0,"phase":"train","start":0,"end":100})")));
    const ImportSummary decl = s.import(s.write("declare.ett.jsonl",
        kHead
            + line(
                R"({"type":"job","job":"IMP","name":"now declared","gpus":4,"submitted":-50,"attrs":{"team":"x"}})")));
    EXPECT_EQ(decl.jobsDeclared, 1);
    EXPECT_EQ(decl.jobsTouched, 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT gpus FROM jobs"), 4);
    EXPECT_EQ(s.count("SELECT gpus_given FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT declared_in FROM jobs"), decl.datasetId);
    EXPECT_EQ(s.count("SELECT submitted_ns FROM jobs"), -50 * kS);
    // The derived figures follow the declaration: queue before the first attempt is known now.
    EXPECT_EQ(s.count("SELECT queue_before_ns FROM job_derived"), 50 * kS);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 4);
    EXPECT_EQ(jobs[0].name, "now declared");
    EXPECT_EQ(jobs[0].attr("team"), "x");
    const FleetSummary fs = summarizeFleet(jobs, RollupOptions {}, std::nullopt);
    EXPECT_TRUE(fs.fleet.e2eGpuNs == Wide { 4 * 100 * kS });

    // A third file that declares it differently is refused, naming the declaring file.
    ImportOptions options;
    auto bad = importTraceFile(s.db(),
        s.write("conflict.ett.jsonl", kHead + line(R"({"type":"job","job":"IMP","name":"now declared","gpus":8})")),
        options);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find(s.path("declare.ett.jsonl")), std::string::npos) << bad.error().message;
}

TEST(ImporterImplicitJobs, JobDeclaredLaterInSameFileIsNotImplicit)
{
    Store s;
    const ImportSummary sum = s.import(s.write("later.ett.jsonl",
        kHead + line(R"({"type":"attempt","job":"L","attempt":0,"start":0,"end":100})")
            + line(R"({"type":"job","job":"L","gpus":2})")));
    EXPECT_EQ(sum.jobsDeclared, 1);
    EXPECT_EQ(s.count("SELECT gpus FROM jobs"), 2);
    EXPECT_EQ(s.count("SELECT declared_in IS NOT NULL FROM jobs"), 1);
    EXPECT_EQ(findIssue(issuesOf(s.db()), "implicit_job"), nullptr);
}

// ---------------------------------------------------------------------------------------------
// Clipping, forward references, jobs without attempts

TEST(ImporterClipping, StoresPhasesClippedToTheirAttemptAndCountsThem)
{
    Store s;
    const std::string path = s.write("clip.ett.jsonl",
        kHead + line(R"({"type":"job","job":"C","gpus":2})")
            + line(R"({"type":"attempt","job":"C","attempt":0,"start":100,"end":200})")
            + line(R"({"type":"phase","job":"C","attempt":0,"phase":"train","start":90,"end":150})")
            + line(R"({"type":"phase","job":"C","attempt":0,"phase":"eval","start":150,"end":250})")
            + line(R"({"type":"phase","job":"C","attempt":0,"phase":"train","start":50,"end":250,"rank":3})")
            + line(R"({"type":"phase","job":"C","attempt":0,"phase":"init","start":100,"end":100})"));
    const ImportSummary sum = s.import(path);
    EXPECT_EQ(sum.phases, 4);
    auto st = s.db().prepare(
        "SELECT k.category, p.start_ns, p.end_ns FROM phases p JOIN phase_kinds k ON k.id = p.kind ORDER BY p.id");
    ASSERT_TRUE(st.ok());
    std::vector<std::vector<int64_t>> rows;
    while (true) {
        auto row = st->step();
        ASSERT_TRUE(row.ok());
        if (!*row) {
            break;
        }
        rows.push_back({ st->columnInt64(0), st->columnInt64(1), st->columnInt64(2) });
    }
    const std::vector<std::vector<int64_t>> expected = {
        { static_cast<int64_t>(Category::Train), 100 * kS, 150 * kS },
        { static_cast<int64_t>(Category::Eval), 150 * kS, 200 * kS },
        { static_cast<int64_t>(Category::Train), 100 * kS, 200 * kS },
        { static_cast<int64_t>(Category::Init), 100 * kS, 100 * kS },
    };
    EXPECT_EQ(rows, expected);

    const auto issues = issuesOf(s.db());
    const IssueInfo* train = findIssue(issues, "phase_clipped", "train");
    const IssueInfo* eval = findIssue(issues, "phase_clipped", "eval");
    ASSERT_NE(train, nullptr);
    ASSERT_NE(eval, nullptr);
    EXPECT_EQ(train->count, 2);
    EXPECT_EQ(train->firstLine, 4);
    EXPECT_EQ(eval->count, 1);
    EXPECT_EQ(eval->firstLine, 5);
    EXPECT_EQ(findIssue(issues, "phase_clipped", "init"), nullptr);
    EXPECT_EQ(sum.issues.total(), 3);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 50 * kS);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Eval)], 50 * kS);
    EXPECT_EQ(jobs[0].result.e2eNs(), 100 * kS);
}

TEST(ImporterOrder, RecordsReferringToAttemptDeclaredLaterInFileWork)
{
    Store s;
    const std::string file = kHead
        + line(R"({"type":"phase","job":"F","attempt":1,"phase":"train","start":150,"end":200})")
        + line(R"({"type":"checkpoint","job":"F","attempt":0,"start":40,"durable":45})")
        + line(R"({"type":"phase","job":"F","attempt":0,"phase":"train","start":0,"end":100,"rank":0})")
        + line(R"({"type":"attempt","job":"F","attempt":1,"start":120,"end":200})")
        + line(R"({"type":"job","job":"F","gpus":2})")
        + line(
            R"({"type":"attempt","job":"F","attempt":0,"start":0,"end":100,"outcome":"preempted","interrupted_at":80})");
    const ImportSummary sum = s.import(s.write("forward.ett.jsonl", file));
    EXPECT_EQ(sum.attempts, 2);
    EXPECT_EQ(sum.phases, 2);
    EXPECT_EQ(sum.checkpoints, 1);
    EXPECT_EQ(sum.jobsDeclared, 1);
    EXPECT_EQ(findIssue(issuesOf(s.db()), "implicit_job"), nullptr);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    EXPECT_EQ(jobs[0].gpus, 2);
    EXPECT_EQ(r.preemptions, 1);
    // Attempt 0: train [0, 80) of which [40, 80) is lost, recovery [80, 100); gap [100, 120);
    // attempt 1: idle [120, 150), train [150, 200).
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], (40 + 50) * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 40 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], (20 + 20) * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Idle)], 30 * kS);
    EXPECT_EQ(r.attempts.at(0).ttrNs, (150 - 80) * kS);
}

TEST(ImporterOrder, JobWithoutAttemptsIsStoredAndCounted)
{
    Store s;
    s.import(s.write("lonely.ett.jsonl", kHead + line(R"({"type":"job","job":"LONE","gpus":3})")));
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 1);
    EXPECT_EQ(s.count("SELECT e2e_ns FROM job_derived"), 0);
    EXPECT_NE(findIssue(issuesOf(s.db()), "job_without_attempts"), nullptr);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_FALSE(jobs[0].result.hasWindow());
    const FleetSummary fs = summarizeFleet(jobs, RollupOptions {}, std::nullopt);
    EXPECT_EQ(fs.fleet.jobs, 0);
}

// ---------------------------------------------------------------------------------------------
// Datasets and issues

TEST(ImporterDatasets, ListsEveryFileWithItsRealSha256)
{
    Store s;
    const std::string noisy = s.write("noisy.ett.jsonl",
        line(R"({"type":"job","job":"N","color":"red"})") + line(R"({"type":"metric","v":1})")
            + line(R"({"type":"attempt","job":"N","attempt":0,"start":0,"end":5})"));
    std::ifstream in(kWorkedExample, std::ios::binary);
    const std::string example((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string gz = s.writeGzip("example.ett.jsonl.gz", example);

    s.import(kWorkedExample);
    s.import(noisy);
    const ImportSummary gzSum = s.import(gz, "gz");
    EXPECT_EQ(gzSum.records, 16);

    auto datasets = listDatasets(s.db());
    ASSERT_TRUE(datasets.ok()) << datasets.error().message;
    ASSERT_EQ(datasets->size(), 3u);
    const std::vector<std::string> paths = { kWorkedExample, noisy, gz };
    const std::vector<std::string> labels = { "default", "default", "gz" };
    const std::vector<int64_t> records = { 16, 3, 16 }; // an unknown record is a record read
    for (size_t i = 0; i < 3; ++i) {
        const DatasetInfo& d = (*datasets)[i];
        EXPECT_EQ(d.sourcePath, paths[i]);
        EXPECT_EQ(d.label, labels[i]);
        EXPECT_EQ(d.sha256, sha256sum(paths[i])) << paths[i];
        EXPECT_EQ(d.sha256.size(), 64u);
        EXPECT_EQ(d.bytes, static_cast<int64_t>(fs::file_size(paths[i])));
        EXPECT_EQ(d.records, records[i]);
        EXPECT_EQ(d.format, "ett");
        EXPECT_FALSE(d.importedAt.empty());
    }
    // noisy: no header, an unknown field, an unknown record type, job without gpus.
    EXPECT_EQ((*datasets)[0].issues, 0);
    EXPECT_EQ((*datasets)[1].issues, 4);
    EXPECT_EQ((*datasets)[2].issues, 0);
    EXPECT_NE((*datasets)[0].sha256, (*datasets)[2].sha256); // the gzip file's own bytes

    const auto issues = issuesOf(s.db());
    ASSERT_EQ(issues.size(), 4u);
    for (const auto& i : issues) {
        EXPECT_EQ(i.datasetId, (*datasets)[1].id);
        EXPECT_EQ(i.sourcePath, noisy);
        EXPECT_EQ(i.count, 1);
    }
    EXPECT_NE(findIssue(issues, "no_header"), nullptr);
    EXPECT_NE(findIssue(issues, "job_gpus_missing"), nullptr);
    EXPECT_NE(findIssue(issues, "unknown_field", "job.color"), nullptr);
    const IssueInfo* unknownType = findIssue(issues, "unknown_record_type", "metric");
    ASSERT_NE(unknownType, nullptr);
    EXPECT_EQ(unknownType->firstLine, 2);

    // The gzip file under its own label gives the same figures as the plain one.
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 3u);
    const FleetJob* plain = nullptr;
    const FleetJob* zipped = nullptr;
    for (const auto& j : jobs) {
        if (j.key == "J1") {
            (j.label == "gz" ? zipped : plain) = &j;
        }
    }
    ASSERT_NE(plain, nullptr);
    ASSERT_NE(zipped, nullptr);
    EXPECT_EQ(plain->result.bucketsNs, zipped->result.bucketsNs);
}

// ---------------------------------------------------------------------------------------------
// Cancel and progress

void expectCancelLeavesDatabaseUnchanged(const std::string& cancelStage)
{
    Store s;
    s.import(kWorkedExample);
    const std::string path = s.write("more.ett.jsonl", kAttemptsFile + kRank0File.substr(kHead.size()));
    const std::string before = dumpDatabase(s.db().handle());
    const auto sizeBefore = fs::file_size(s.dbPath());

    std::atomic<bool> cancel { false };
    std::vector<std::string> stages;
    ImportOptions options;
    options.cancel = &cancel;
    options.progress = [&](const ImportProgress& p) {
        stages.push_back(p.stage);
        if (p.stage == cancelStage) {
            cancel = true;
        }
    };
    auto r = importTraceFile(s.db(), path, options);
    ASSERT_FALSE(r.ok()) << "the import was not cancelled at " << cancelStage;
    EXPECT_NE(r.error().message.find("cancelled"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(path), std::string::npos) << r.error().message;
    EXPECT_EQ(std::count(stages.begin(), stages.end(), std::string("committing")), 0);
    EXPECT_EQ(dumpDatabase(s.db().handle()), before);
    EXPECT_EQ(fs::file_size(s.dbPath()), sizeBefore);

    // Not cancelled, the same file imports.
    cancel = false;
    options.progress = nullptr;
    auto again = importTraceFile(s.db(), path, options);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_FALSE(again->alreadyImported);
    EXPECT_EQ(again->phases, 4);
}

TEST(ImporterCancel, CancelWhileReadingLeavesDatabaseUnchanged)
{
    expectCancelLeavesDatabaseUnchanged("reading");
}

TEST(ImporterCancel, CancelWhileAttributingLeavesDatabaseUnchanged)
{
    expectCancelLeavesDatabaseUnchanged("attributing");
}

TEST(ImporterProgress, ReportsReadingThenAttributingThenCommitting)
{
    Store s;
    std::vector<ImportProgress> calls;
    ImportOptions options;
    options.progress = [&](const ImportProgress& p) { calls.push_back(p); };
    auto r = importTraceFile(s.db(), kWorkedExample, options);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_GE(calls.size(), 3u);
    const auto size = static_cast<int64_t>(fs::file_size(kWorkedExample));
    std::vector<std::string> stages;
    for (const auto& c : calls) {
        if (stages.empty() || stages.back() != c.stage) {
            stages.push_back(c.stage);
        }
        if (c.stage == "reading") {
            EXPECT_EQ(c.bytesTotal, size);
            EXPECT_LE(c.bytesDone, c.bytesTotal);
            EXPECT_GT(c.records, 0);
        }
    }
    EXPECT_EQ(stages, (std::vector<std::string> { "reading", "attributing", "committing" }));
    EXPECT_EQ(calls.back().records, 16);
    // The last reading call has consumed the whole file.
    const auto lastReading
        = std::find_if(calls.rbegin(), calls.rend(), [](const auto& c) { return c.stage == "reading"; });
    EXPECT_EQ(lastReading->bytesDone, size);
    EXPECT_EQ(lastReading->records, 16);
}

// ---------------------------------------------------------------------------------------------
// Roll-ups of imported data

TEST(ImporterRollup, CountQueueStartsWindowAtSubmitted)
{
    Store s;
    s.import(s.write("queue.ett.jsonl",
        kHead + line(R"({"type":"job","job":"Q","gpus":2,"submitted":0})")
            + line(R"({"type":"attempt","job":"Q","attempt":0,"start":1000,"end":2000})")
            + line(R"({"type":"phase","job":"Q","attempt":0,"phase":"train","start":1000,"end":2000})")));
    FleetQuery q;
    q.withSegments = true;
    const auto jobs = s.fleet(q);
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.queueBeforeNs, 1000 * kS);

    const Figures plain = summarizeFleet(jobs, RollupOptions {}, std::nullopt).fleet;
    EXPECT_TRUE(plain.e2eNs == Wide { 1000 * kS });
    EXPECT_TRUE(plain.bucketsNs[idx(Bucket::Queue)] == Wide { 0 });

    RollupOptions queue;
    queue.countQueue = true;
    const Figures counted = summarizeFleet(jobs, queue, std::nullopt).fleet;
    EXPECT_TRUE(counted.e2eNs == Wide { 2000 * kS });
    EXPECT_TRUE(counted.e2eGpuNs == Wide { 2 * 2000 * kS });
    EXPECT_TRUE(counted.bucketsNs[idx(Bucket::Queue)] == Wide { 1000 * kS });
    EXPECT_TRUE(counted.bucketsGpuNs[idx(Bucket::Queue)] == Wide { 2 * 1000 * kS });
    EXPECT_TRUE(counted.bucketsNs[idx(Bucket::Productive)] == Wide { 1000 * kS });
    EXPECT_EQ(*counted.ettPercentTime(), 50.0);

    // With a range, the queue is clipped like any other segment.
    RollupOptions range = queue;
    range.fromNs = 500 * kS;
    range.toNs = 1500 * kS;
    const Figures clipped = summarizeFleet(jobs, range, std::nullopt).fleet;
    EXPECT_TRUE(clipped.e2eNs == Wide { 1000 * kS });
    EXPECT_TRUE(clipped.bucketsNs[idx(Bucket::Queue)] == Wide { 500 * kS });
    EXPECT_TRUE(clipped.bucketsNs[idx(Bucket::Productive)] == Wide { 500 * kS });
    EXPECT_EQ(clipped.jobs, 1);
}

TEST(ImporterRollup, SubmittedAfterStartIsCounted)
{
    Store s;
    s.import(s.write("late.ett.jsonl",
        kHead + line(R"({"type":"job","job":"Q","gpus":2,"submitted":1500})")
            + line(R"({"type":"attempt","job":"Q","attempt":0,"start":1000,"end":2000})")));
    EXPECT_NE(findIssue(issuesOf(s.db()), "submitted_after_start"), nullptr);
}

TEST(ImporterRollup, TimeRangesOfWorkedExampleAddUpToTheWhole)
{
    Store s;
    s.import(kWorkedExample);
    FleetQuery q;
    q.withSegments = true;
    const auto jobs = s.fleet(q);
    ASSERT_EQ(jobs.size(), 1u);
    ASSERT_FALSE(jobs[0].result.attempts.at(0).segments.empty());

    // [30000, 40000): train to the last save, the save, lost progress, the gap, attempt 1's init
    // and compile, and train from 38745.
    RollupOptions mid;
    mid.fromNs = 30000 * kS;
    mid.toNs = 40000 * kS;
    const Figures m = summarizeFleet(jobs, mid, std::nullopt).fleet;
    EXPECT_TRUE(m.e2eNs == Wide { 10000 * kS });
    EXPECT_TRUE(m.e2eGpuNs == Wide { 8 * 10000 * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::Productive)] == Wide { (6330 + 1255) * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::CheckpointSave)] == Wide { 15 * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::LostProgress)] == Wide { 1200 * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::Recovery)] == Wide { 300 * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::Init)] == Wide { 600 * kS });
    EXPECT_TRUE(m.bucketsNs[idx(Bucket::Compile)] == Wide { 300 * kS });
    EXPECT_EQ(m.failures, 1);
    EXPECT_EQ(m.ttrNs, std::vector<int64_t> { 1200 * kS });
    EXPECT_TRUE(m.ttsNs.empty()); // the first attempt starts before the range

    // Two halves split at the fault instant: the failure belongs to the second (it holds f).
    RollupOptions first;
    first.toNs = 37545 * kS;
    RollupOptions second;
    second.fromNs = 37545 * kS;
    const Figures a = summarizeFleet(jobs, first, std::nullopt).fleet;
    const Figures b = summarizeFleet(jobs, second, std::nullopt).fleet;
    const Figures whole = summarizeFleet(jobs, RollupOptions {}, std::nullopt).fleet;
    for (size_t i = 0; i < static_cast<size_t>(kBucketCount); ++i) {
        EXPECT_TRUE(a.bucketsNs[i] + b.bucketsNs[i] == whole.bucketsNs[i]) << bucketName(static_cast<Bucket>(i));
        EXPECT_TRUE(a.bucketsGpuNs[i] + b.bucketsGpuNs[i] == whole.bucketsGpuNs[i])
            << bucketName(static_cast<Bucket>(i));
    }
    EXPECT_TRUE(a.e2eNs + b.e2eNs == whole.e2eNs);
    EXPECT_TRUE(a.e2eGpuNs + b.e2eGpuNs == whole.e2eGpuNs);
    EXPECT_EQ(a.failures, 0);
    EXPECT_EQ(b.failures, 1);
    EXPECT_EQ(a.ttsNs, std::vector<int64_t> { 1500 * kS });
    EXPECT_TRUE(b.ttsNs.empty());
    EXPECT_EQ(b.ttrNs, std::vector<int64_t> { 1200 * kS });
    EXPECT_EQ(a.jobs, 1);
    EXPECT_EQ(b.jobs, 1);

    // A range outside every window counts nothing.
    RollupOptions after;
    after.fromNs = 60000 * kS;
    const Figures none = summarizeFleet(jobs, after, std::nullopt).fleet;
    EXPECT_EQ(none.jobs, 0);
    EXPECT_TRUE(none.e2eNs == Wide { 0 });
}

TEST(ImporterRollup, FailureAtEndOfJobWindowCountsInTheRangeHoldingIt)
{
    // A job that failed at the very end of its window and never ran again. Split at the fault
    // instant, the failure belongs to the range that holds f (spec 5.5), and the two ranges add
    // up to the whole.
    Store s;
    s.import(s.write("last.ett.jsonl",
        kHead + line(R"({"type":"job","job":"END","gpus":2})")
            + line(
                R"({"type":"attempt","job":"END","attempt":0,"start":0,"end":100,"outcome":"failed","cause":"infra.gpu"})")
            + line(R"({"type":"phase","job":"END","attempt":0,"phase":"train","start":0,"end":100})")
            + line(R"({"type":"checkpoint","job":"END","attempt":0,"start":50})")));
    FleetQuery q;
    q.withSegments = true;
    const auto jobs = s.fleet(q);
    ASSERT_EQ(jobs.size(), 1u);
    ASSERT_EQ(jobs[0].result.attempts.at(0).faultNs, 100 * kS);

    const Figures whole = summarizeFleet(jobs, RollupOptions {}, std::nullopt).fleet;
    EXPECT_EQ(whole.failures, 1);
    RollupOptions before;
    before.toNs = 100 * kS;
    RollupOptions after;
    after.fromNs = 100 * kS;
    const Figures a = summarizeFleet(jobs, before, std::nullopt).fleet;
    const Figures b = summarizeFleet(jobs, after, std::nullopt).fleet;
    EXPECT_TRUE(a.e2eNs + b.e2eNs == whole.e2eNs);
    EXPECT_EQ(a.failures, 0) << "f = 100 s is not in [.., 100 s)";
    EXPECT_EQ(b.failures, 1) << "f = 100 s is in [100 s, ..)";
    EXPECT_EQ(a.failures + b.failures, whole.failures);
}

// The importer attributes a job from memory when its records arrive together, and by reading it
// back from the store when they are interleaved with other jobs' records (its state is evicted
// when another job's records begin). Both paths must give the reference's figures.
std::vector<std::string> jobLines(const GeneratedJob& job)
{
    std::string text;
    appendJobLines(job, text);
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        const size_t nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl - start + 1));
        start = nl + 1;
    }
    return lines;
}

void expectMatchesReference(Store& store, const std::vector<GeneratedJob>& jobs)
{
    const auto fleet = store.fleet();
    ASSERT_EQ(fleet.size(), jobs.size());
    std::map<std::string, const FleetJob*> byKey;
    for (const auto& j : fleet) {
        byKey[j.key] = &j;
    }
    for (const auto& g : jobs) {
        const JobResult ref = attributeJob(toJobInput(g), false);
        const FleetJob* got = byKey.at(g.job.job);
        EXPECT_EQ(got->result.bucketsNs, ref.bucketsNs) << g.job.job;
        EXPECT_EQ(got->result.ttsNs, ref.ttsNs) << g.job.job;
        EXPECT_EQ(got->result.noCheckpointData, ref.noCheckpointData) << g.job.job;
        ASSERT_EQ(got->result.attempts.size(), ref.attempts.size()) << g.job.job;
        for (size_t i = 0; i < ref.attempts.size(); ++i) {
            EXPECT_EQ(got->result.attempts[i].bucketsNs, ref.attempts[i].bucketsNs) << g.job.job << " " << i;
            EXPECT_EQ(got->result.attempts[i].ttrNs, ref.attempts[i].ttrNs) << g.job.job << " " << i;
            EXPECT_EQ(got->result.attempts[i].gapAfterNs, ref.attempts[i].gapAfterNs) << g.job.job << " " << i;
        }
    }
}

TEST(ImporterInterleaving, InterleavedJobsAreReadBackAndMatchTheReference)
{
    GeneratorOptions options;
    options.jobs = 40;
    options.seed = 11;
    FleetGenerator gen(options);
    std::vector<GeneratedJob> jobs;
    GeneratedJob g;
    while (gen.next(g)) {
        jobs.push_back(g);
    }
    // Round robin over the jobs, a few lines at a time, each job's lines in their own order.
    std::vector<std::vector<std::string>> lines;
    for (const auto& j : jobs) {
        lines.push_back(jobLines(j));
    }
    std::string text = generatorHeaderLine(options) + "\n";
    std::vector<size_t> next(lines.size(), 0);
    bool more = true;
    while (more) {
        more = false;
        for (size_t j = 0; j < lines.size(); ++j) {
            for (int k = 0; k < 7 && next[j] < lines[j].size(); ++k) {
                text += lines[j][next[j]++];
            }
            more = more || next[j] < lines[j].size();
        }
    }
    Store store;
    const ImportSummary s = store.import(store.write("interleaved.ett.jsonl", text));
    EXPECT_EQ(s.jobsTouched, 40);
    EXPECT_GT(s.jobsReadBack, 30) << "interleaved jobs are attributed from the store";
    expectMatchesReference(store, jobs);
}

TEST(ImporterInterleaving, ContiguousJobsAreAttributedFromMemoryAndMatchTheReference)
{
    GeneratorOptions options;
    options.jobs = 40;
    options.seed = 11;
    FleetGenerator gen(options);
    std::vector<GeneratedJob> jobs;
    GeneratedJob g;
    std::string text = generatorHeaderLine(options) + "\n";
    while (gen.next(g)) {
        jobs.push_back(g);
        appendJobLines(g, text);
    }
    Store store;
    const ImportSummary s = store.import(store.write("contiguous.ett.jsonl", text));
    EXPECT_EQ(s.jobsTouched, 40);
    EXPECT_EQ(s.jobsReadBack, 0) << "contiguous new jobs need no read-back";
    expectMatchesReference(store, jobs);
}

TEST(ImporterInterleaving, ImplicitJobDeclaredAfterOtherJobsIsFilledIn)
{
    Store store;
    const std::string text = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"attempt","job":"A","attempt":0,"start":0,"end":100}
{"type":"phase","job":"A","attempt":0,"phase":"train","start":0,"end":100}
{"type":"job","job":"B","gpus":2}
{"type":"attempt","job":"B","attempt":0,"start":0,"end":50}
{"type":"phase","job":"B","attempt":0,"phase":"train","start":10,"end":50}
{"type":"job","job":"A","gpus":4,"attrs":{"team":"ads"}}
{"type":"phase","job":"A","attempt":0,"phase":"init","start":0,"end":20}
)";
    const ImportSummary s = store.import(store.write("late.ett.jsonl", text));
    EXPECT_EQ(s.issues.entries().count({ "implicit_job", "" }), 0u) << "A was declared in the end";
    const auto fleet = store.fleet();
    ASSERT_EQ(fleet.size(), 2u);
    EXPECT_EQ(fleet[0].key, "A");
    EXPECT_EQ(fleet[0].gpus, 4);
    EXPECT_EQ(fleet[0].attr("team"), std::optional<std::string>("ads"));
    EXPECT_EQ(fleet[0].result.bucketsNs[idx(Bucket::Init)], 20 * kS);
    EXPECT_EQ(fleet[0].result.bucketsNs[idx(Bucket::Productive)], 80 * kS);
    EXPECT_EQ(fleet[1].result.bucketsNs[idx(Bucket::Idle)], 10 * kS);
}

// A native file of one job `key` with `phases` train phases (a few hundred KB: long enough that two
// imports started together both look their label up before either commits).
std::string concurrentTrace(const std::string& key, int phases)
{
    std::string text = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                       "\n";
    text += R"({"type":"job","job":")" + key + R"(","gpus":8})" + "\n";
    text += R"({"type":"attempt","job":")" + key + R"(","attempt":0,"start":0,"end":)" + std::to_string(phases) + "}\n";
    for (int i = 0; i < phases; ++i) {
        text += R"({"type":"phase","job":")" + key + R"(","attempt":0,"phase":"train","start":)" + std::to_string(i)
            + R"(,"end":)" + std::to_string(i + 1) + "}\n";
    }
    return text;
}

TEST(ImporterConcurrency, TwoImportsIntoOneNewLabelBothLand)
{
    // Each import runs on its own connection, as two processes would; the second waits for the
    // first's write transaction and finds the label it created.
    Store s;
    const std::string a = s.write("a.ett.jsonl", concurrentTrace("A", 20'000));
    const std::string b = s.write("b.ett.jsonl", concurrentTrace("B", 20'000));
    std::string errors[2];
    std::atomic<int> ready { 0 };
    auto run = [&](int i, const std::string& file) {
        auto db = Database::open(s.dbPath(), Database::OpenMode::MustExist);
        if (!db) {
            errors[i] = db.error().message;
            return;
        }
        ++ready;
        while (ready.load() < 2) {
            std::this_thread::yield();
        }
        ImportOptions o;
        o.label = "fresh";
        if (auto r = importTraceFile(**db, file, o); !r) {
            errors[i] = r.error().message;
        }
    };
    std::thread ta(run, 0, a);
    std::thread tb(run, 1, b);
    ta.join();
    tb.join();
    EXPECT_EQ(errors[0], "");
    EXPECT_EQ(errors[1], "");
    EXPECT_EQ(s.count("SELECT count(*) FROM labels WHERE name = 'fresh'"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets d JOIN labels l ON l.id = d.label_id WHERE l.name = 'fresh'"), 2);
}

TEST(ImporterConcurrency, TwoConnectionsCreatingOneNewDatabaseBothOpenIt)
{
    // The schema is created inside the write transaction after the version is read again there.
    Store s;
    for (int round = 0; round < 20; ++round) {
        const std::string path = s.path("new-" + std::to_string(round) + ".db");
        std::string errors[2];
        std::atomic<int> ready { 0 };
        auto open = [&](int i) {
            ++ready;
            while (ready.load() < 2) {
                std::this_thread::yield();
            }
            if (auto db = Database::open(path, Database::OpenMode::CreateIfMissing); !db) {
                errors[i] = db.error().message;
            }
        };
        std::thread t0(open, 0);
        std::thread t1(open, 1);
        t0.join();
        t1.join();
        EXPECT_EQ(errors[0], "") << "round " << round;
        EXPECT_EQ(errors[1], "") << "round " << round;
    }
}

TEST(ImporterTwoProcesses, QueriesReadAndImportsWaitDuringALongImport)
{
    // A child process imports and holds its write transaction open (in its progress callback)
    // after its pages outgrew a tiny page cache: with a rollback journal that is the exclusive
    // lock, and every reader failed with "database is locked" after the 5 s busy timeout.
    Store s;
    s.import(s.write("a.ett.jsonl", concurrentTrace("A", 10)), "before");
    const std::string big = s.write("big.ett.jsonl", concurrentTrace("B", 20'000));
    const std::string second = s.write("c.ett.jsonl", concurrentTrace("C", 10));
    int toParent[2];
    int toChild[2];
    ASSERT_EQ(::pipe(toParent), 0);
    ASSERT_EQ(::pipe(toChild), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::alarm(60); // never outlive a failed parent
        auto db = Database::open(s.dbPath(), Database::OpenMode::MustExist);
        if (!db || !(*db)->exec("PRAGMA cache_size=50")) {
            ::_exit(2);
        }
        bool held = false;
        ImportOptions o;
        o.label = "long";
        o.progress = [&](const ImportProgress& p) {
            if (p.stage == "attributing" && !held) {
                held = true;
                char c = 'x';
                (void)!::write(toParent[1], &c, 1); // inside the transaction now
                (void)!::read(toChild[0], &c, 1); // until the parent's import waits
            }
        };
        ::_exit(importTraceFile(**db, big, o).ok() && held ? 0 : 1);
    }
    // Whatever fails below, the child is let go and waited for.
    bool released = false;
    auto release = [&] {
        if (!released) {
            released = true;
            char go = 'x';
            EXPECT_EQ(::write(toChild[1], &go, 1), 1);
        }
    };
    struct Reaper
    {
        std::function<void()> f;
        ~Reaper() { f(); }
    } reaper { [&] {
        release();
        int status = 0;
        EXPECT_EQ(::waitpid(child, &status, 0), child);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child's import failed: " << status;
        for (int fd : { toParent[0], toParent[1], toChild[0], toChild[1] }) {
            ::close(fd);
        }
    } };
    char c = 0;
    ASSERT_EQ(::read(toParent[0], &c, 1), 1);

    // 1. A query on its own connection reads the committed state at once.
    {
        auto reader = Database::open(s.dbPath(), Database::OpenMode::MustExist);
        ASSERT_TRUE(reader.ok()) << reader.error().message;
        FleetQuery q;
        q.label = "before";
        auto jobs = loadFleet(**reader, q);
        ASSERT_TRUE(jobs.ok()) << jobs.error().message;
        EXPECT_EQ(jobs->size(), 1u);
        auto labels = listLabels(**reader);
        ASSERT_TRUE(labels.ok()) << labels.error().message;
        EXPECT_EQ(*labels, std::vector<std::string> { "before" }) << "the running import is not visible";
    }
    // 2. An import waits its turn and says so (then the child goes on and commits).
    bool saidWaiting = false;
    ImportOptions o;
    o.label = "second";
    o.progress = [&](const ImportProgress& p) {
        if (p.stage.starts_with("waiting for another import") && !saidWaiting) {
            saidWaiting = true;
            release();
        }
    };
    const auto r = importTraceFile(s.db(), second, o);
    EXPECT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(saidWaiting);
    release();
    reaper.f();
    reaper.f = [] {};
    EXPECT_EQ(s.count("SELECT count(*) FROM labels"), 3);
    auto check = s.db().prepare("PRAGMA integrity_check");
    ASSERT_TRUE(check.ok());
    auto row = check->step();
    ASSERT_TRUE(row.ok() && *row);
    EXPECT_EQ(check->columnText(0), "ok");
}

} // namespace
} // namespace ett::core
