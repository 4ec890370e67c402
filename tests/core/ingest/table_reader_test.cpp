// Tests of the job-table reader: the Philly table of the shared data with its
// preset, then hand-written CSV for the parser (quotes, embedded delimiters and line breaks, CRLF,
// byte order mark), absolute times, attempts of one job, CPU rows, and bad input (missing
// columns, bad numbers, unknown statuses, empty files) naming file, line and column.
#include "core/ingest/formats.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kS = 1'000'000'000; // nanoseconds per second
constexpr int64_t kEpoch = 1506816000; // 2017-10-01T00:00:00Z, the preset's nominal epoch

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

ImportOptions tableOptions(const std::string& mapping = {})
{
    ImportOptions o;
    o.reader.format = TraceFormat::Table;
    o.reader.mappingPath = mapping;
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

std::string importError(Store& s, const std::string& path, const ImportOptions& o)
{
    auto r = importTraceFile(s.db(), path, o);
    EXPECT_FALSE(r.ok()) << path << " was imported";
    return r.ok() ? std::string() : r.error().message;
}

int64_t rowsInStore(Store& s)
{
    return s.count("SELECT (SELECT COUNT(*) FROM datasets) + (SELECT COUNT(*) FROM jobs) + (SELECT COUNT(*) FROM "
                   "attempts) + (SELECT COUNT(*) FROM phases) + (SELECT COUNT(*) FROM import_issues)");
}

// A rules file for tables with absolute times (RFC 3339 or Unix seconds).
const char* kAbsoluteRules = R"({"format": "table", "phases": [{"exact": "run", "phase": "train"}],
  "settings": {"job_column": "id", "submit_column": "submitted", "start_column": "start", "end_column": "end",
    "status_column": "state", "outcomes": {"COMPLETED": "completed", "FAILED": "failed", "PREEMPTED": "preempted"},
    "causes": {"FAILED": "infra"}, "detail_column": "reason", "gpus_column": "gpus",
    "attrs": {"team": "team"}, "source": "slurm"}})";

// ---------------------------------------------------------------------------------------------
// The Philly table (../shared/data/cluster-job-tables). Expected figures derived with Python's
// csv module over the raw file (independent of the reader):
//   rows = list(csv.DictReader(open(f, newline=''))); len(rows) -> 15000
//   Counter(r['new_status']) -> Pass 8538, Failed 4509, Killed 1953 (as the README says)
//   sum(int(r['gpu_num']) * int(r['run_time'])) -> 2756749794 GPU-seconds (765763.83 GPU-hours)
//   sum(int(r['run_time'])) -> 1124305836 s
//   running sum of 'interval' gives each row's submission (seconds after the epoch).

TEST(TableReaderShared, PhillyTableGivesOneJobPerRowWithOutcomesAndGpuHours)
{
    const std::string dir = test::sharedDataDir();
    if (dir.empty()) {
        GTEST_SKIP() << "../shared/data is not here";
    }
    Store s;
    const ImportSummary sum = s.import(dir + "/cluster-job-tables/philly_data_training.csv"); // detected
    EXPECT_EQ(sum.format, "table");
    EXPECT_EQ(sum.jobsDeclared, 15000);
    EXPECT_EQ(sum.attempts, 15000);
    EXPECT_EQ(sum.phases, 15000);
    EXPECT_EQ(issueCount(sum, "coarse"), 15000);
    EXPECT_EQ(issueCount(sum, "relative_times"), 1);
    EXPECT_EQ(issueCount(sum, "queue_unknown"), 15000);
    EXPECT_EQ(issueCount(sum, "job_gpus_missing"), 0);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'completed'"), 8538);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'failed' AND cause = 'unknown'"), 4509);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts WHERE outcome = 'cancelled'"), 1953);
    EXPECT_EQ(s.count("SELECT SUM(j.gpus * (a.end_ns - a.start_ns)) / 1000000000 FROM attempts a JOIN jobs j ON "
                      "a.job_id = j.id"),
        2756749794);
    EXPECT_EQ(s.count("SELECT COUNT(DISTINCT value) FROM job_attrs WHERE key = 'user'"), 136);

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 15000u);
    int64_t productiveS = 0;
    for (const auto& j : jobs) {
        productiveS += j.result.bucketsNs[idx(Bucket::Productive)] / kS;
    }
    EXPECT_EQ(productiveS, 1124305836) << "the whole run is train: every second of run_time is productive";

    // Rows checked by hand (grep -n '^1,' etc. in the file).
    const auto find = [&](const std::string& key) -> const FleetJob* {
        for (const auto& j : jobs) {
            if (j.key == key) {
                return &j;
            }
        }
        return nullptr;
    };
    // Line 3: 1,2,8,0,4,395146,14405,0,Failed -> submitted 395146 s after the epoch (row 0's
    // interval is 0).
    const FleetJob* j1 = find("philly-1");
    ASSERT_NE(j1, nullptr);
    EXPECT_EQ(j1->gpus, 8);
    EXPECT_EQ(j1->attr("user"), "2");
    EXPECT_EQ(j1->attr("nodes"), "4");
    EXPECT_EQ(j1->attr("source"), "philly");
    EXPECT_EQ(j1->result.windowStartNs, (kEpoch + 395146) * kS);
    EXPECT_EQ(j1->result.e2eNs(), 14405 * kS);
    EXPECT_EQ(j1->result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(j1->result.failures, 1);
    EXPECT_TRUE(j1->result.noCheckpointData);
    // Line 9: 8,1,1,0,1,0,120018,0,Failed: interval 0 after line 8 (u_id 7, interval 7949), so
    // both were submitted 856059 s after the epoch.
    const FleetJob* j8 = find("philly-8");
    ASSERT_NE(j8, nullptr);
    EXPECT_EQ(j8->result.windowStartNs, (kEpoch + 856059) * kS);
    EXPECT_EQ(j8->result.windowEndNs, (kEpoch + 856059 + 120018) * kS);
    // Line 2: 0,1,1,0,1,0,1389243,0,Killed -> cancelled, not a failure.
    const FleetJob* j0 = find("philly-0");
    ASSERT_NE(j0, nullptr);
    EXPECT_EQ(j0->result.windowStartNs, kEpoch * kS);
    EXPECT_EQ(j0->result.attempts[0].outcome, Outcome::Cancelled);
    EXPECT_EQ(j0->result.failures, 0);
    // Last line (15001): 14999,109,1,0,1,1,3995,0,Pass; the sum of all intervals is 4977039.
    const FleetJob* jl = find("philly-14999");
    ASSERT_NE(jl, nullptr);
    EXPECT_EQ(jl->result.windowStartNs, (kEpoch + 4977039) * kS);
    EXPECT_EQ(jl->result.e2eNs(), 3995 * kS);
    EXPECT_EQ(jl->result.attempts[0].outcome, Outcome::Completed);
}

// ---------------------------------------------------------------------------------------------
// Hand-written tables.

TEST(TableReader, RowsAreHandedOutBeforeTheFileIsRead)
{
    // A scheduler's export may be gigabytes: the reader hands out a batch of rows while it reads
    // (memory holds one batch), and the whole table still imports with every row.
    Store s;
    const std::string rules = s.write("rules.json", kAbsoluteRules);
    std::string csv = "id,team,submitted,start,end,state,reason,gpus\n";
    const int rows = 40'000;
    for (int i = 0; i < rows; ++i) {
        csv += "job-" + std::to_string(i) + ",team-" + std::to_string(i % 7)
            + ",1748736000,1748736000,1748739600,COMPLETED,a reason long enough to make the table a few MB,8\n";
    }
    const std::string path = s.write("big.csv", csv);
    ASSERT_GT(csv.size(), size_t { 4 } << 20);
    ReaderOptions o;
    o.format = TraceFormat::Table;
    o.mappingPath = rules;
    auto reader = openRecordSource(path, o);
    ASSERT_TRUE(reader.ok()) << reader.error().message;
    RecordBatch batch;
    auto more = (*reader)->nextBatch(batch, 30);
    ASSERT_TRUE(more.ok()) << more.error().message;
    EXPECT_TRUE(*more);
    EXPECT_EQ(batch.size(), 30u);
    EXPECT_LT((*reader)->source().rawBytesRead(), static_cast<int64_t>(csv.size()) / 2)
        << "the first batch must not need the whole file";
    const ImportSummary sum = s.import(path, tableOptions(rules));
    EXPECT_EQ(sum.jobsDeclared, rows);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM attempts"), rows);
}

TEST(TableReader, ParsesQuotesEmbeddedDelimitersLineBreaksCrlfAndBom)
{
    Store s;
    const std::string rules = s.write("rules.json", kAbsoluteRules);
    const std::string csv = "\xEF\xBB\xBF"
                            "id,team,submitted,start,end,state,reason,gpus\r\n"
                            "\"j,1\",\"ads, \"\"core\"\"\",2025-06-01T00:00:00Z,2025-06-01T00:10:00Z,"
                            "2025-06-01T01:10:00Z,COMPLETED,,8\r\n"
                            "\r\n"
                            "j2,\"multi\nline\",1748736000,1748736000,1748739600,FAILED,\"Xid 79, GPU fell off\",4\r\n";
    const ImportSummary sum = s.import(s.write("jobs.csv", csv), tableOptions(rules));
    EXPECT_EQ(sum.jobsDeclared, 2);
    EXPECT_EQ(issueCount(sum, "coarse"), 2);
    EXPECT_EQ(issueCount(sum, "relative_times"), 0) << "absolute times";
    EXPECT_EQ(issueCount(sum, "queue_unknown"), 0);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].key, "j,1");
    EXPECT_EQ(jobs[0].attr("team"), "ads, \"core\"");
    EXPECT_EQ(jobs[0].attr("source"), "slurm");
    EXPECT_EQ(jobs[0].gpus, 8);
    EXPECT_EQ(jobs[0].result.e2eNs(), 3600 * kS);
    EXPECT_EQ(jobs[1].key, "j2");
    EXPECT_EQ(jobs[1].attr("team"), "multi\nline");
    EXPECT_EQ(jobs[1].result.windowStartNs, 1748736000 * kS); // Unix seconds without an epoch
    EXPECT_EQ(jobs[1].result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(jobs[1].attemptInfo[0].cause, "infra");
    EXPECT_EQ(jobs[1].attemptInfo[0].detail, "status FAILED; Xid 79, GPU fell off");
    // Submission 10 minutes before the start: with count-queue that is queue time.
    EXPECT_EQ(s.count("SELECT submitted_ns FROM jobs WHERE job_key = 'j,1'"), 1748736000 * kS);
    // Line numbers count physical lines: the row after the blank line and the quoted line break
    // starts on line 4.
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM phases"), 2);
}

TEST(TableReader, RowsOfOneJobAreItsAttemptsInOrder)
{
    Store s;
    const std::string rules = s.write("rules.json", kAbsoluteRules);
    const std::string csv = "id,team,submitted,start,end,state,reason,gpus\n"
                            "a,x,100,100,200,PREEMPTED,,2\n"
                            "a,x,100,260,400,COMPLETED,,4\n";
    s.import(s.write("attempts.csv", csv), tableOptions(rules));
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Preempted);
    EXPECT_EQ(r.attempts[1].gpus, 4);
    EXPECT_EQ(r.preemptions, 1);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 60 * kS); // the gap 200 .. 260
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 240 * kS);
}

TEST(TableReader, RowsWithoutGpusAreSkippedAndCounted)
{
    Store s;
    const std::string csv = "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
                            "0,1,0,8,1,0,100,0,Pass\n"
                            "1,1,2,0,1,50,100,0,Pass\n";
    const ImportSummary sum = s.import(s.write("helios-like.csv", csv), tableOptions());
    EXPECT_EQ(issueCount(sum, "zero_gpus"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].key, "philly-1");
    EXPECT_EQ(jobs[0].result.windowStartNs, (kEpoch + 50) * kS) << "the skipped row's interval still counts";
}

TEST(TableReader, RulesCanMapTheRunToAnotherPhaseOrIgnoreIt)
{
    Store s;
    const std::string rules = s.write("rules.json", R"({"format": "table", "phases": [
        {"exact": "train-job", "phase": "train"}, {"exact": "eval-job", "phase": "eval"}],
        "settings": {"job_column": "id", "start_column": "t0", "duration_column": "secs", "phase_column": "kind",
          "phase_name": "train-job"}})");
    const std::string csv = "id,t0,secs,kind\n"
                            "a,1000,10,train-job\n"
                            "b,1000,20,eval-job\n"
                            "c,1000,30,mystery\n";
    const ImportSummary sum = s.import(s.write("kinds.csv", csv), tableOptions(rules));
    EXPECT_EQ(issueCount(sum, "unmapped_name"), 1);
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 3u);
    EXPECT_EQ(jobs[1].result.bucketsNs[idx(Bucket::Eval)], 20 * kS);
    EXPECT_EQ(jobs[2].result.bucketsNs[idx(Bucket::Idle)], 30 * kS);
}

// ---------------------------------------------------------------------------------------------
// Bad input.

TEST(TableReaderErrors, MissingColumnNamesTheColumnAndTheSetting)
{
    Store s;
    const std::string f = s.write("nocol.csv", "u_id,user,gpu_num,interval,new_status\n1,1,1,0,Pass\n");
    const std::string msg = importError(s, f, tableOptions());
    EXPECT_NE(msg.find(f + ":1: header: column 'run_time' (setting 'duration_column'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("the header has: u_id, user, gpu_num, interval, new_status"), std::string::npos) << msg;
}

TEST(TableReaderErrors, BadNumberNamesLineAndColumnAndStoresNothing)
{
    Store s;
    const std::string good = "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
                             "0,1,1,0,1,0,100,0,Pass\n";
    s.import(s.write("good.csv", good), tableOptions());
    const int64_t before = rowsInStore(s);
    const std::string bad = s.write("bad.csv",
        "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
        "0,1,1,0,1,0,100,0,Pass\n"
        "1,1,1,0,1,5,\"12 h\",0,Pass\n");
    std::string msg = importError(s, bad, tableOptions());
    EXPECT_NE(
        msg.find(bad + ":3: row: column 'run_time': expected a number of s >= 0, found \"12 h\""), std::string::npos)
        << msg;
    EXPECT_EQ(rowsInStore(s), before);

    const std::string gpus = s.write("gpus.csv",
        "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
        "0,1,-2,0,1,0,100,0,Pass\n");
    msg = importError(s, gpus, tableOptions());
    EXPECT_NE(msg.find(gpus + ":2: row: column 'gpu_num': expected an integer >= 0, found \"-2\""), std::string::npos)
        << msg;
}

TEST(TableReaderErrors, UnknownStatusListsTheKnownOnes)
{
    Store s;
    const std::string f = s.write("status.csv",
        "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
        "0,1,1,0,1,0,100,0,Vanished\n");
    const std::string msg = importError(s, f, tableOptions());
    EXPECT_NE(msg.find(f + ":2: row: column 'new_status'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Pass"), std::string::npos) << msg;
    EXPECT_NE(msg.find("\"Vanished\""), std::string::npos) << msg;
}

TEST(TableReaderErrors, EmptyFileHeaderOnlyAndRaggedRows)
{
    Store s;
    const std::string empty = s.write("empty.csv", "\n\n");
    EXPECT_NE(importError(s, empty, tableOptions()).find(empty + ": the file is empty"), std::string::npos);

    const std::string header = s.write("header.csv",
        "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,"
        "wall_time,new_status\r\n");
    EXPECT_NE(importError(s, header, tableOptions()).find(header + ": the table has a header but no rows"),
        std::string::npos);

    const std::string ragged = s.write("ragged.csv",
        "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
        "0,1,1,0,1,0,100,0,Pass\n"
        "1,1,1,0,1,0,100,Pass\n");
    const std::string msg = importError(s, ragged, tableOptions());
    EXPECT_NE(msg.find(ragged + ":3: row: expected 9 fields (as many as the header), found 8"), std::string::npos)
        << msg;
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM datasets"), 0);
}

TEST(TableReaderErrors, UnclosedQuoteAndTextAfterAQuoteAreErrors)
{
    Store s;
    const std::string rules = s.write("rules.json", kAbsoluteRules);
    const std::string open = s.write("open.csv",
        "id,team,submitted,start,end,state,reason,gpus\n"
        "a,\"never closed,1,1,2,COMPLETED,,1\n");
    std::string msg = importError(s, open, tableOptions(rules));
    EXPECT_NE(msg.find(open + ":2: field 2: a quoted field is not closed"), std::string::npos) << msg;
    const std::string after = s.write("after.csv",
        "id,team,submitted,start,end,state,reason,gpus\n"
        "a,\"x\"y,1,1,2,COMPLETED,,1\n");
    msg = importError(s, after, tableOptions(rules));
    EXPECT_NE(msg.find(after + ":2: field 2: unexpected character 'y' after a closing quote"), std::string::npos)
        << msg;
    // A terminal escape (or any control byte) after the quote is named, not echoed raw.
    const std::string esc = s.write("esc.csv",
        "id,team,submitted,start,end,state,reason,gpus\n"
        "a,\"x\"\x1b[2J,1,1,2,COMPLETED,,1\n");
    msg = importError(s, esc, tableOptions(rules));
    EXPECT_NE(msg.find(esc + ":2: field 2: unexpected character '\\x1b' after a closing quote"), std::string::npos)
        << msg;
    EXPECT_EQ(msg.find('\x1b'), std::string::npos) << msg;
    // A quoted field that spans lines keeps its line break; the row is the line it starts on.
    const std::string spans = s.write("spans.csv",
        "id,team,submitted,start,end,state,reason,gpus\r\n"
        "a,\"two\r\nlines\",1,1,2,COMPLETED,,1\r\n"
        "b,x,1,1,2,COMPLETED,,0\r\n");
    const auto imported = importTraceFile(s.db(), spans, tableOptions(rules));
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    const auto jobs = s.fleet();
    const auto a = std::find_if(jobs.begin(), jobs.end(), [](const FleetJob& j) { return j.key == "a"; });
    ASSERT_NE(a, jobs.end());
    EXPECT_EQ(a->attr("team").value_or("?"), "two\r\nlines");
}

TEST(TableReaderErrors, EndBeforeStartAndBadSettingsAreErrors)
{
    Store s;
    const std::string rules = s.write("rules.json", kAbsoluteRules);
    const std::string f = s.write("back.csv",
        "id,team,submitted,start,end,state,reason,gpus\n"
        "a,x,2025-06-01T00:00:00Z,2025-06-01T01:00:00Z,2025-06-01T00:30:00Z,COMPLETED,,1\n");
    std::string msg = importError(s, f, tableOptions(rules));
    EXPECT_NE(msg.find(f + ":2: row: column 'end': expected an end at or after the start"), std::string::npos) << msg;

    const std::string badRules = s.write("bad.json", R"({"format": "table", "phases": [],
        "settings": {"job_column": "id", "start_column": "t", "end_column": "u", "epoch": "yesterday"}})");
    msg = importError(s, f, tableOptions(badRules));
    EXPECT_NE(msg.find(badRules + ": settings: epoch: expected an RFC 3339 time"), std::string::npos) << msg;
}

} // namespace
} // namespace ett::core
