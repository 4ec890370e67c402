// Tests of the console-log reader with its torchtitan preset: hand-written
// edge cases, and the real torchtitan logs of shared/data/torchtitan-logs (BSD-3-Clause, see its
// README) with figures derived by hand from the raw files (each test says how).
#include "core/ingest/formats.h"
#include "core/model/timeutil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kMs = 1'000'000;
constexpr int64_t kS = 1'000 * kMs;

int64_t at(const char* rfc3339)
{
    const auto ns = parseRfc3339(rfc3339);
    EXPECT_TRUE(ns.has_value()) << rfc3339;
    return ns.value_or(0);
}

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

int64_t issues(const ImportSummary& s, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        if (key.first == kind) {
            n += e.count;
        }
    }
    return n;
}

std::string issueDetail(const ImportSummary& s, const std::string& kind)
{
    for (const auto& [key, e] : s.issues.entries()) {
        if (key.first == kind) {
            return key.second;
        }
    }
    return {};
}

ImportOptions logOptions(const std::string& label = "default")
{
    ImportOptions o;
    o.label = label;
    o.reader.format = TraceFormat::Log;
    return o;
}

Result<ImportSummary> tryImport(test::Store& store, const std::string& file, const ImportOptions& o)
{
    return importTraceFile(store.db(), file, o);
}

// A torchtitan trainer line of rank 0: "[rank0]:[titan] 2025-03-01 10:00:00,000 - root - INFO - msg".
std::string titan(const std::string& time, const std::string& msg, const std::string& level = "INFO", int rank = 0)
{
    return "[rank" + std::to_string(rank) + "]:[titan] 2025-03-01 " + time + " - root - " + level + " - " + msg + "\n";
}

FleetJob onlyJob(test::Store& store, const std::string& key)
{
    FleetQuery q;
    q.jobKey = key;
    auto jobs = store.fleet(q);
    EXPECT_EQ(jobs.size(), 1u) << key;
    return jobs.empty() ? FleetJob {} : jobs.front();
}

// The job `key`, checked to be one completed attempt with these seconds of init, compile and
// productive time.
FleetJob onlyCompletedJob(
    test::Store& store, const std::string& key, int64_t initS, int64_t compileS, int64_t productiveS)
{
    FleetJob job = onlyJob(store, key);
    EXPECT_EQ(job.result.attempts.size(), 1u) << key;
    EXPECT_TRUE(!job.result.attempts.empty() && job.result.attempts[0].outcome == Outcome::Completed) << key;
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], initS * kS) << key;
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], compileS * kS) << key;
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], productiveS * kS) << key;
    return job;
}

// ---- Hand-written edge cases ----------------------------------------------------------------

TEST(LogReader, HugeLinesAndExceptionsAreReadWithoutRecursion)
{
    // The rules' regexes run on RE2 (linear, no recursion): a 26,000-character line (the preset's
    // "(.*)$"), an 80 KB exception line that a fault rule ("NCCL.*timed out") scans, and 40
    // traceback lines of 24 KB each once overflowed the stack or took minutes.
    test::Store store;
    std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:10,000", "Training starts at step 1") + titan("10:00:20,000", std::string(26'000, 'x'))
        + titan("10:01:00,000", "step:  1  loss: 1.00");
    text += "[rank0]: Traceback (most recent call last):\n";
    for (int i = 0; i < 40; ++i) {
        text += "[rank0]:   File \"train.py\", line " + std::to_string(i) + ", in f " + std::string(24'000, 'y') + "\n";
    }
    text += "[rank0]: torch.distributed.DistBackendError: NCCL communicator " + std::string(80'000, 'z')
        + " timed out\n";
    const std::string file = store.write("huge.log", text);
    const auto s = store.import(file, logOptions());
    EXPECT_EQ(s.attempts, 1);
    const FleetJob job = onlyJob(store, "huge");
    ASSERT_EQ(job.result.attempts.size(), 1u);
    EXPECT_EQ(job.result.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(job.attemptInfo[0].cause, "unknown.nccl_timeout");
}

TEST(LogReader, BinaryDataAndEndlessLinesStopAtOnce)
{
    // Binary data is no trace: 64 MB of zeros in a gzip (a decompression bomb in miniature: the real
    // one grew to 15 GB) stops at its first NUL, found when its format is sought, as does a log with
    // a NUL in its first 64 KiB; anything else unrecognised is read as a log, a NUL further on stops
    // it there, and a line with no end stops at 16 MiB.
    test::Store store;
    const std::string zeros = store.writeGzip("zeros.gz", std::string(64 << 20, '\0'));
    auto r = importTraceFile(store.db(), zeros, ImportOptions {});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, zeros + ":1: binary data (a NUL byte at column 1), not a trace this version reads");
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1") + "x\nbinary\x01" + std::string(3, '\0');
    r = importTraceFile(store.db(), store.write("nul.log", text), ImportOptions {});
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.ends_with("nul.log:3: binary data (a NUL byte at column 8), not a trace this "
                                            "version reads"))
        << r.error().message;
    std::string late;
    for (int i = 0; late.size() < 70'000; ++i) {
        late += titan("10:00:00,000", "step: " + std::to_string(i + 1) + "  loss: 1.0");
    }
    const auto lines = std::count(late.begin(), late.end(), '\n');
    r = importTraceFile(
        store.db(), store.write("late.log", late + "binary\x01" + std::string(3, '\0')), ImportOptions {});
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.ends_with(
        "late.log:" + std::to_string(lines + 1) + ": a NUL byte at column 8: binary data, not a console log"))
        << r.error().message;
    r = importTraceFile(store.db(), store.write("endless.log", std::string(17 << 20, 'a')), ImportOptions {});
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.ends_with(
        "endless.log:1: the line is longer than 16 MiB: not a console log (binary data, or a file of another format?)"))
        << r.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
}

TEST(LogReader, AnsiEscapesAreStrippedBeforeRulesApply)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:10,000", "\x1b[32mTraining starts at step 1\x1b[39m")
        + titan("10:01:00,000", "\x1b[31mstep:  1  \x1b[32mloss: 1.00\x1b[39m")
        + "\x1b[0m[rank0]:[titan] 2025-03-01 10:02:00,500 - root - INFO - \x1b[31mstep: 20  \x1b[32mloss: 0.5\x1b[39m\n"
        + titan("10:02:01,000", "\x1b[1;33mTraining completed\x1b[0m");
    // Recognized by content although it starts with '[' like a JSON array of Chrome events.
    const std::string file = store.write("ansi.log", text);
    const auto detected = detectFormat(file);
    ASSERT_TRUE(detected.ok()) << detected.error().message;
    EXPECT_EQ(*detected, TraceFormat::Log);
    const auto s = store.import(file);
    EXPECT_EQ(s.format, "log");
    EXPECT_EQ(s.attempts, 1);
    // compile.first_step [10:00:10, 10:01:00), train "steps 1-20" [10:01:00, 10:02:01),
    // init [10:00:00, 10:00:10); shutdown starts at the last line (zero length, not stored).
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE category='compile' AND subcategory='first_step' "
                          "AND end_ns - start_ns = 50000000000"),
        1);
    EXPECT_EQ(
        store.count("SELECT count(*) FROM phases_named WHERE category='train' AND name='steps 1-20' AND rank=0"), 1);
    const FleetJob job = onlyCompletedJob(store, "ansi", 10, 50, 61);
    EXPECT_EQ(job.result.e2eNs(), 121 * kS);
    EXPECT_EQ(issues(s, "assumed_timezone"), 1);
    EXPECT_EQ(issues(s, "assumed_year"), 0); // every time has its year
}

// A year nanoseconds since the epoch cannot hold (int64 ends in 2262) is refused, not wrapped
// (4052 once became 1714).
TEST(LogReader, YearsOutsideTheStoresRangeAreErrors)
{
    test::Store store;
    const std::string file = store.write("far.log",
        "[rank0]:[titan] 2025-03-01 10:00:00,000 - root - INFO - torchtitan version: 0.1\n"
        "[rank0]:[titan] 4052-03-01 10:00:05,000 - root - INFO - Training starts at step 1\n");
    auto failed = tryImport(store, file, logOptions());
    ASSERT_FALSE(failed.ok());
    EXPECT_NE(failed.error().message.find("far.log:2: log line: field 'year': expected a year from 1900 to 2099, got "
                                          "4052"),
        std::string::npos)
        << failed.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
}

// glog-style lines carry no year: an error without --year, the given year with it.
TEST(LogReader, YearlessTimesNeedTheYearOption)
{
    test::Store store;
    const std::string text = "I0301 10:00:00.000000 123 train.py:1] torchtitan version: 0.1\n"
                             "I0301 10:00:05.000000 123 train.py:2] Training starts at step 1\n"
                             "I0301 10:00:30.250000 123 train.py:3] step: 1 loss 2\n"
                             "I0301 10:01:00.000000 123 train.py:4] Training completed\n";
    const std::string file = store.write("yearless.log", text);
    auto failed = tryImport(store, file, logOptions());
    ASSERT_FALSE(failed.ok());
    EXPECT_NE(failed.error().message.find("yearless.log:1: log line: field 'year'"), std::string::npos)
        << failed.error().message;
    EXPECT_NE(failed.error().message.find("--year"), std::string::npos);
    EXPECT_EQ(failed.error().option, "year") << "the window points at its Year field";
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts"), 0);

    ImportOptions o = logOptions();
    o.reader.year = 2024;
    const auto s = store.import(file, o);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2024-03-01T10:00:00Z"));
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), at("2024-03-01T10:01:00Z"));
    EXPECT_EQ(store.count("SELECT start_ns FROM phases_named WHERE category='train'"), at("2024-03-01T10:00:30.25Z"));
    EXPECT_EQ(issues(s, "assumed_year"), 0);
    EXPECT_EQ(issues(s, "assumed_timezone"), 1);
}

// Without --year, yearless lines take the year of a full date in the log, the closest one: a log
// that starts on New Year's Eve with yearless torchrun lines and goes on in January.
TEST(LogReader, YearlessTimesTakeTheClosestYearOfTheLog)
{
    test::Store store;
    const std::string text = "W1231 23:59:50.000000 1 run.py:874] starting\n"
                             "[rank0]:[titan] 2026-01-01 00:00:01,000 - root - INFO - torchtitan version: 0.1\n"
                             "[rank0]:[titan] 2026-01-01 00:00:02,000 - root - INFO - Training starts at step 1\n"
                             "W0101 00:00:09.000000 1 run.py:874] Sending process 7 closing signal SIGTERM\n";
    const auto s = store.import(store.write("newyear.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2025-12-31T23:59:50Z"));
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), at("2026-01-01T00:00:09Z"));
    EXPECT_EQ(issues(s, "assumed_year"), 1);
    EXPECT_NE(issueDetail(s, "assumed_year").find("2026"), std::string::npos);
    EXPECT_EQ(issues(s, "unmapped_name"), 1); // the WARNING "starting" (torchrun) that no rule knows
    // No traceback and no completion line: failed with cause unknown, and said so.
    EXPECT_EQ(issues(s, "no_outcome_line"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE outcome='failed' AND cause='unknown'"), 1);
}

// A --year that contradicts the log's own full dates would open a gap of years before them
// (counted as setup): an error naming the line and the field, nothing stored; the right year or
// none imports.
TEST(LogReader, AYearOptionThatContradictsTheLogsFullDatesIsAnError)
{
    test::Store store;
    const std::string text = "W0519 19:31:02.761000 1 run.py:874] starting\n"
                             "[rank0]:[titan] 2026-05-19 19:31:10,000 - root - INFO - torchtitan version: 0.1\n"
                             "[rank0]:[titan] 2026-05-19 19:31:12,000 - root - INFO - Training starts at step 1\n"
                             "[rank0]:[titan] 2026-05-19 19:32:00,000 - root - INFO - Training completed\n";
    const std::string file = store.write("titan.log", text);
    ImportOptions wrong = logOptions();
    wrong.reader.year = 2024;
    auto failed = tryImport(store, file, wrong);
    ASSERT_FALSE(failed.ok());
    // 2024-05-19T19:31:02.761Z is 730 days (2024-05-19 .. 2026-05-19, 2024 being a leap year after
    // May) and 7.239 s before 2026-05-19T19:31:10Z.
    EXPECT_NE(failed.error().message.find("titan.log:1: log line: field 'year': --year 2024 puts this line at "
                                          "2024-05-19T19:31:02.761Z, 730 days from the log's own full date "
                                          "2026-05-19T19:31:10Z on line 2"),
        std::string::npos)
        << failed.error().message;
    EXPECT_EQ(failed.error().option, "year");
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts"), 0);

    ImportOptions right = logOptions();
    right.reader.year = 2026;
    store.import(file, right);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2026-05-19T19:31:02.761Z"));
    EXPECT_EQ(store.count("SELECT end_ns - start_ns FROM attempts"), 57'239'000'000);
}

TEST(LogReader, TimezoneOptionShiftsLocalTimes)
{
    test::Store store;
    const std::string text
        = titan("10:00:00,000", "torchtitan version: 0.1") + titan("10:00:04,000", "Training completed");
    const std::string file = store.write("tz.log", text);
    ImportOptions o = logOptions();
    o.reader.timezone = "+02:00";
    const auto s = store.import(file, o);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2025-03-01T08:00:00Z"));
    EXPECT_EQ(issues(s, "assumed_timezone"), 0); // given, not assumed

    test::Store other;
    o.reader.timezone = "-05:30";
    other.import(other.write("tz.log", text), o);
    EXPECT_EQ(other.count("SELECT start_ns FROM attempts"), at("2025-03-01T15:30:00Z"));

    o.reader.timezone = "CEST";
    auto bad = tryImport(other, other.write("tz2.log", text), o);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("option --timezone"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("CEST"), std::string::npos);
}

// The check `ettw import` and the window's import dialog share, before any file is read.
TEST(ReaderOptions, AreCheckedBeforeAnyFileIsRead)
{
    EXPECT_TRUE(checkReaderOptions(ReaderOptions {}).ok());
    EXPECT_EQ(parseUtcOffset(" UTC "), 0);
    EXPECT_EQ(parseUtcOffset("+02:00"), 2 * 3600 * kS);
    EXPECT_EQ(parseUtcOffset("-0530"), -(5 * 3600 + 30 * 60) * kS);
    EXPECT_EQ(parseUtcOffset("CEST"), std::nullopt);
    EXPECT_EQ(parseUtcOffset("+24:00"), std::nullopt);

    auto failing = [](auto change) {
        ReaderOptions o;
        change(o);
        const Status st = checkReaderOptions(o);
        EXPECT_FALSE(st.ok());
        return st.ok() ? Error {} : st.error();
    };
    Error e = failing([](ReaderOptions& o) { o.timezone = "CEST"; });
    EXPECT_EQ(e.option, "timezone");
    EXPECT_EQ(e.message, "expected \"UTC\" or an offset like \"+02:00\", got \"CEST\"");
    e = failing([](ReaderOptions& o) { o.year = kMaxYearOption + 1; });
    EXPECT_EQ(e.option, "year");
    EXPECT_EQ(e.message, "expected a year from 1970 to 2262, got 2263");
    EXPECT_EQ(failing([](ReaderOptions& o) { o.attempt = -1; }).option, "attempt");
    EXPECT_EQ(failing([](ReaderOptions& o) { o.rank = -2; }).option, "rank");
    EXPECT_EQ(failing([](ReaderOptions& o) { o.job = ""; }).option, "job");
    e = failing([](ReaderOptions& o) { o.mappingPath = "/nonexistent/rules.json"; });
    EXPECT_EQ(e.option, "mapping");
    EXPECT_NE(e.message.find("/nonexistent/rules.json: cannot open"), std::string::npos) << e.message;

    // A mapping is checked against a chosen format; a native trace reads none (nor a zone).
    test::Store store;
    const std::string rules
        = store.write("rules.json", R"({"format":"chrome","phases":[{"exact":"a","phase":"train"}]})");
    e = failing([&](ReaderOptions& o) {
        o.mappingPath = rules;
        o.format = TraceFormat::Log;
    });
    EXPECT_EQ(e.message, rules + ": these rules are for format \"chrome\", not for \"log\"");
    ReaderOptions ok;
    ok.mappingPath = rules;
    EXPECT_TRUE(checkReaderOptions(ok).ok()) << "auto: the format is known per file";
    ok.format = TraceFormat::Chrome;
    EXPECT_TRUE(checkReaderOptions(ok).ok());
    ok.format = TraceFormat::Ett;
    ok.mappingPath = "/nonexistent/rules.json";
    ok.timezone = "CEST";
    EXPECT_TRUE(checkReaderOptions(ok).ok()) << "options a format does not read are not checked";
    EXPECT_FALSE(formatReadsOption(TraceFormat::Chrome, "year"));
    EXPECT_TRUE(formatReadsOption(TraceFormat::Log, "year"));
    EXPECT_TRUE(formatReadsOption(TraceFormat::Table, "job"));
}

// torchrun's ChildFailedError only wraps: the cause is the root-cause rank's exception (an OOM),
// not the other rank's NCCL error listed first, and the fault time is the Root Cause time.
TEST(LogReader, ChildFailedErrorWrappingAnOomGivesTheRootCause)
{
    test::Store store;
    const std::string text = "W0301 10:00:00.000000 1 run.py:874] *****\n"
        + titan("10:00:01,000", "torchtitan version: 0.1") + titan("10:00:02,000", "Training starts at step 1")
        + titan("10:00:30,000", "step:  1  loss: 3.0") + titan("10:00:40,000", "step:  2  loss: 2.0")
        + "W0301 10:01:05.000000 1 api.py:1014] Sending process 11 closing signal SIGTERM\n"
          "E0301 10:01:10.000000 1 api.py:988] failed (exitcode: 1) local_rank: 1 (pid: 12) of binary: python\n"
          "Traceback (most recent call last):\n"
          "  File \"torchrun\", line 6, in <module>\n"
          "    sys.exit(main())\n"
          "  File \"launcher/api.py\", line 383, in launch_agent\n"
          "    raise ChildFailedError(\n"
          "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
          "============================================================\n"
          "train FAILED\n"
          "------------------------------------------------------------\n"
          "Failures:\n"
          "[1]:\n"
          "  time      : 2025-03-01_10:01:10\n"
          "  rank      : 0 (local_rank: 0)\n"
          "  traceback : Traceback (most recent call last):\n"
          "    File \"trainer.py\", line 10, in train\n"
          "      self.step()\n"
          "  RuntimeError: NCCL error: unhandled system error\n"
          "------------------------------------------------------------\n"
          "Root Cause (first observed failure):\n"
          "[0]:\n"
          "  time      : 2025-03-01_10:01:02\n"
          "  rank      : 1 (local_rank: 1)\n"
          "  traceback : Traceback (most recent call last):\n"
          "    File \"trainer.py\", line 10, in train\n"
          "      self.step()\n"
          "  torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
          "============================================================\n";
    const auto s = store.import(store.write("run3-wrapped.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE outcome='failed' AND cause='user.oom' "
                          "AND symptom='explicit' AND attempt_no=3"),
        1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2025-03-01T10:01:02Z"));
    EXPECT_EQ(
        store.count("SELECT count(*) FROM attempts WHERE detail LIKE 'run3-wrapped: torch.OutOfMemoryError: %'"), 1);
    const FleetJob job = onlyJob(store, "wrapped");
    // setup.launcher [10:00:00, 10:00:01), init [01, 02), compile [02, 30), train [30, f=10:01:02),
    // recovery [f, 10:01:10): the fault instant and the teardown after it.
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Setup)], 1 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], 1 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], 28 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 32 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Recovery)], 8 * kS);
    EXPECT_EQ(job.result.otherInterruptions, 1); // user.oom is not a failure (spec 5.4)
    EXPECT_EQ(job.result.failures, 0);
    EXPECT_EQ(issues(s, "unmapped_fault"), 0);
    // The traceback lines and the summary are untimed; the banner and teardown lines are rules.
    EXPECT_EQ(issues(s, "untimed_line"), 27);
    EXPECT_EQ(issues(s, "unmapped_name"), 0);
}

// The reader reads a log line by line and keeps what its lines say, not the lines: a log of more than
// 64 MiB (the limit of the text it held before) imports, with every line counted.
TEST(LogReader, ALogLongerThanTheTextItOnceHeldIsReadLineByLine)
{
    test::Store store;
    std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:10,000", "Training starts at step 1") + titan("10:00:20,000", "step:  1  loss: 1");
    const std::string print = "[rank0]:" + std::string(4088, 'x') + "\n"; // 4 KiB of print output
    constexpr int kPrints = 17'000; // 68 MiB
    text.reserve(text.size() + kPrints * print.size() + 200);
    for (int i = 0; i < kPrints; ++i) {
        text += print;
    }
    text += titan("10:01:00,000", "step: 100  loss: 1") + titan("10:01:10,000", "Training completed");
    ASSERT_GT(text.size(), size_t { 66 } << 20);
    const auto s = store.import(store.write("long.log", text), logOptions());
    EXPECT_EQ(issues(s, "untimed_line"), kPrints);
    EXPECT_EQ(issues(s, "no_outcome_line"), 0);
    onlyCompletedJob(store, "long", 10, 10, 50);
}

TEST(LogReader, LinesOutOfOrderAreCountedAndPhasesFollowTime)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:20,000", "step:  1  loss: 1") + titan("10:00:10,000", "Training starts at step 1")
        + titan("10:00:50,000", "Training completed");
    const auto s = store.import(store.write("order.log", text), logOptions());
    EXPECT_EQ(issues(s, "time_out_of_order"), 1);
    const FleetJob job = onlyJob(store, "order");
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], 10 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], 10 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 30 * kS);
}

TEST(LogReader, LogWithoutRecognizableLineIsAnError)
{
    test::Store store;
    auto r = tryImport(store, store.write("notes.txt", "hello\nthis is not a training log\n"), logOptions());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("notes.txt: none of the 2 lines has a timestamp"), std::string::npos)
        << r.error().message;
    EXPECT_NE(r.error().message.find("--mapping"), std::string::npos);
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
    // Detected as a log by content too (no other format fits plain text).
    ImportOptions automatic;
    auto r2 = tryImport(store, store.path("notes.txt"), automatic);
    ASSERT_FALSE(r2.ok());
    EXPECT_NE(r2.error().message.find("none of the 2 lines"), std::string::npos) << r2.error().message;
}

TEST(LogReader, BadTimestampFieldsNameLineAndField)
{
    test::Store store;
    auto month = tryImport(store,
        store.write("month.log",
            titan("10:00:00,000", "torchtitan version: 0.1")
                + "[rank0]:[titan] 2025-13-01 10:00:01,000 - root - INFO - Training completed\n"),
        logOptions());
    ASSERT_FALSE(month.ok());
    EXPECT_EQ(month.error().message.substr(month.error().message.find("month.log:")),
        "month.log:2: log line: field 'month': expected 1 to 12, got \"13\"");
    auto day = tryImport(store,
        store.write("day.log", "[titan] 2025-02-29 10:00:01,000 - root - INFO - Training completed\n"), logOptions());
    ASSERT_FALSE(day.ok());
    EXPECT_NE(day.error().message.find("day.log:1: log line: field 'day'"), std::string::npos) << day.error().message;
    auto hour = tryImport(store, store.write("hour.log", "W0301 25:00:00.000000 1 run.py:1] x\n"), logOptions());
    ASSERT_FALSE(hour.ok());
    EXPECT_NE(hour.error().message.find("hour.log:1: log line: field 'hour': expected 0 to 23, got \"25\""),
        std::string::npos)
        << hour.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
}

// Runs named ...-retry / ...-rerun of one configuration are attempts of one job when imported
// under one label: with a run number ("runNNN-") the attempt is that number; without, the retry
// marker's (none 0, "-retry" 1, "-retry2" 2). Under another label they are other jobs.
TEST(LogReader, RetryNamingMakesAttemptsOfOneJob)
{
    test::Store store;
    auto log = [](const std::string& minute) {
        return titan("10:" + minute + ":00,000", "torchtitan version: 0.1")
            + titan("10:" + minute + ":30,000", "Training completed");
    };
    fs::create_directories(store.path("run7-cfg-a"));
    fs::create_directories(store.path("run8-rerun-cfg-a"));
    store.import(store.write("run7-cfg-a/run.log", log("00")), logOptions());
    store.import(store.write("run8-rerun-cfg-a/run.log", log("05")), logOptions());
    store.import(store.write("cfg-b.log", log("10")), logOptions());
    store.import(store.write("cfg-b-retry.log", log("15")), logOptions());
    store.import(store.write("cfg-b-retry2.log", log("20")), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs"), 2);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.job_key='cfg-a' "
                          "AND attempt_no IN (7, 8)"),
        2);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.job_key='cfg-b' "
                          "AND attempt_no IN (0, 1, 2)"),
        3);
    const FleetJob b = onlyJob(store, "cfg-b");
    ASSERT_EQ(b.result.attempts.size(), 3u);
    // Window 10:10:00 .. 10:20:30; the gaps between attempts are recovery (2 x 4 min 30 s).
    EXPECT_EQ(b.result.e2eNs(), (10 * 60 + 30) * kS);
    EXPECT_EQ(b.result.bucketsNs[idx(Bucket::Recovery)], 2 * 270 * kS);

    store.import(store.write("cfg-b-retry3.log", log("25")), logOptions("other"));
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs"), 3);
}

TEST(LogReader, CheckpointSavesGiveCheckpointRecords)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:05,000", "Training starts at step 1") + titan("10:00:20,000", "step:  1  loss: 3")
        + titan("10:01:00,000", "step: 10  loss: 2")
        + titan("10:01:00,500", "Saving the checkpoint (or staging if async is enabled).")
        + titan("10:01:05,000", "Finished saving the checkpoint (or staging if async is enabled)in 4.50 seconds.")
        + titan("10:02:00,000", "step: 20  loss: 1") + titan("10:02:00,250", "Saving a full checkpoint at step 20")
        + "[rank0]:Traceback (most recent call last):\n"
          "[rank0]:  File \"checkpoint.py\", line 9, in save\n"
          "[rank0]:OSError: [Errno 28] No space left on device\n"
        + "E0301 10:02:03.000000 1 api.py:988] failed (exitcode: 1) local_rank: 0 (pid: 12) of binary: python\n";
    const auto s = store.import(store.write("ckpt.log", text), logOptions());
    EXPECT_EQ(s.checkpoints, 2);
    EXPECT_EQ(store.count("SELECT count(*) FROM checkpoints WHERE step=10 AND failed=0 AND start_ns="
                  + std::to_string(at("2025-03-01T10:01:00.5Z"))
                  + " AND durable_ns=" + std::to_string(at("2025-03-01T10:01:05Z"))),
        1);
    EXPECT_EQ(store.count("SELECT count(*) FROM checkpoints WHERE step=20 AND failed=1 AND durable_ns IS NULL"), 1);
    // No fault rule knows OSError: cause unknown, counted; the fault is the first timestamp after
    // the traceback (10:02:03).
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown' AND interrupted_at_ns="
                  + std::to_string(at("2025-03-01T10:02:03Z"))),
        1);
    EXPECT_EQ(issues(s, "unmapped_fault"), 1);
    EXPECT_EQ(issueDetail(s, "unmapped_fault"), "OSError");
    const FleetJob job = onlyJob(store, "ckpt");
    EXPECT_FALSE(job.result.noCheckpointData);
    // Saves: [10:01:00.5, 10:01:05) and [10:02:00.25, f=10:02:03) minus nothing (recovery starts
    // at f = end here: the E line is the last timed line).
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::CheckpointSave)], 4500 * kMs + 2750 * kMs);
    // Train [10:00:20, 10:01:00.5) + [10:01:05, 10:02:00.25); lost: train since the last durable
    // save's start (10:01:00.5) up to f, i.e. [10:01:05, 10:02:00.25).
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::LostProgress)], 55250 * kMs);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 40500 * kMs);
}

// A watchdog timeout says how long the collective hung: the fault is when it began (10:15:00.123
// minus 600 s), so the hang is recovery (time to detect), not the phase it interrupted.
TEST(LogReader, NcclTimeoutIsAHangFromWhenTheCollectiveBegan)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:05,000", "Training starts at step 1") + titan("10:00:20,000", "step:  1  loss: 3")
        + titan("10:05:00,000", "step:  5  loss: 2")
        + "[rank0]:[rank0]:[E301 10:15:00.123456789 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective "
          "operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE) ran for 600000 milliseconds before timing out.\n"
          "[rank0]:[rank0]: Traceback (most recent call last):\n"
          "[rank0]:[rank0]:   File \"trainer.py\", line 10, in train\n"
          "[rank0]:[rank0]: torch.distributed.DistBackendError: NCCL communicator was aborted\n"
          "W0301 10:15:02.000000 1 api.py:1014] Sending process 11 closing signal SIGTERM\n";
    const auto s = store.import(store.write("hang.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown.nccl_timeout' AND symptom='hang'"), 1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2025-03-01T10:05:00.123456789Z"));
    const FleetJob job = onlyJob(store, "hang");
    EXPECT_EQ(job.result.failures, 1);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 280 * kS + 123456789); // [10:00:20, 10:05:00.123..)
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Recovery)], 602 * kS - 123456789); // [10:05:00.123.., 10:15:02)
    EXPECT_EQ(issues(s, "unmapped_name"), 1); // the ERROR watchdog line: no phase rule
}

// The torchtitan case: the first step (compile) hangs in a collective for 5 minutes. Without the
// watchdog's duration, all of it was compile; with it, compile ends when the collective began.
TEST(LogReader, AHangDuringCompileIsRecoveryFromWhenItBegan)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:05,000", "Training starts at step 1")
        + "[rank0]:[rank0]:[E301 10:05:10.000000000 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective "
          "operation timeout: WorkNCCL(SeqNum=3, OpType=ALLGATHER, Timeout(ms)=300000) ran for 300051 milliseconds "
          "before timing out.\n"
          "W0301 10:05:12.000000 1 api.py:1014] Sending process 11 closing signal SIGTERM\n";
    store.import(store.write("compilehang.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown.nccl_timeout' AND symptom='hang'"), 1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2025-03-01T10:00:09.949Z"));
    const FleetJob job = onlyJob(store, "compilehang");
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], 4949 * kMs); // [10:00:05, 10:00:09.949)
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Recovery)], 302051 * kMs); // [10:00:09.949, 10:05:12)
}

TEST(LogReader, TracebackBeforeCompletionIsNotFatal)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + "[rank0]:Traceback (most recent call last):\n[rank0]:  File \"x.py\", line 1, in f\n"
          "[rank0]:ValueError: is not a valid thing (caught and logged)\n"
        + titan("10:00:05,000", "Training completed");
    const auto s = store.import(store.write("nonfatal.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE outcome='completed' AND interrupted_at_ns IS NULL"), 1);
    EXPECT_EQ(issues(s, "nonfatal_traceback"), 1);
}

TEST(LogReader, RanksKeepTheirOwnPhasesAndOptionsOverride)
{
    test::Store store;
    const std::string text = "W0301 09:59:58.000000 1 run.py:874] *****\n"
        + titan("10:00:00,000", "torchtitan version: 0.1", "INFO", 0)
        + titan("10:00:01,000", "torchtitan version: 0.1", "INFO", 1)
        + titan("10:00:05,000", "Training starts at step 1", "INFO", 0)
        + titan("10:00:09,000", "Training starts at step 1", "INFO", 1)
        + titan("10:00:20,000", "step:  1  loss: 3", "INFO", 0) + titan("10:00:21,000", "step:  1  loss: 3", "INFO", 1)
        + titan("10:00:40,000", "Training completed", "INFO", 1)
        + titan("10:00:41,000", "Training completed", "INFO", 0);
    store.import(store.write("ranks.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE rank=1"), 4); // init, compile, train, shutdown
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE rank IS NULL AND category='setup'"), 1);
    // The union over ranks by priority: init until rank 1's "Training starts" (10:00:09), compile
    // until rank 1's first step (10:00:21), train until rank 1's completion (10:00:40), shutdown
    // (which outranks rank 0's train) until the end (10:00:41).
    const FleetJob job = onlyJob(store, "ranks");
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], 9 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], 12 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 19 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Shutdown)], 1 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Setup)], 2 * kS);

    test::Store other;
    ImportOptions o = logOptions();
    o.reader.job = "J";
    o.reader.attempt = 3;
    o.reader.rank = 5;
    other.import(other.write("ranks.log", text), o);
    EXPECT_EQ(other.count("SELECT count(*) FROM attempts a JOIN jobs j ON j.id=a.job_id WHERE j.job_key='J' AND "
                          "a.attempt_no=3"),
        1);
    EXPECT_EQ(other.count("SELECT count(*) FROM phases_named WHERE rank IS NOT 5"), 0);
}

TEST(LogReader, UnknownWarningsAreCountedAsUnmappedNames)
{
    test::Store store;
    const std::string text = titan("10:00:00,000", "torchtitan version: 0.1")
        + titan("10:00:01,000", "7 CUDA memory allocation retries.", "WARNING")
        + titan("10:00:03,000", "12 CUDA memory allocation retries.", "WARNING")
        + titan("10:00:04,000", "Training completed");
    const auto s = store.import(store.writeGzip("warn.log.gz", text), logOptions());
    EXPECT_EQ(issues(s, "unmapped_name"), 2);
    EXPECT_EQ(issueDetail(s, "unmapped_name"), "# CUDA memory allocation retries.");
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs WHERE job_key='warn'"), 1);
}

TEST(LogReader, BadRulesFileIsAnError)
{
    test::Store store;
    const std::string file = store.write("a.log", titan("10:00:00,000", "Training completed"));
    ImportOptions o = logOptions();
    o.reader.mappingPath = store.write("rules.json",
        R"json({"format": "log", "phases": [], "settings": {"line_formats": [{"regex": "^(\\d+):(\\d+)", "fields": ["hour", "minute"]}]}})json");
    auto r = tryImport(store, file, o);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(
        r.error().message.find("rules.json: settings.line_formats[0]: fields: \"day\" is missing"), std::string::npos)
        << r.error().message;
    o.reader.mappingPath = store.write("other.json", R"({"format": "chrome", "phases": []})");
    auto r2 = tryImport(store, file, o);
    ASSERT_FALSE(r2.ok());
    EXPECT_NE(r2.error().message.find("not for \"log\""), std::string::npos) << r2.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
}

// A user's own rules: a plain Python print log with "YYYY-MM-DD HH:MM:SS" and month names.
TEST(LogReader, UserRulesReadOtherLogs)
{
    test::Store store;
    ImportOptions o = logOptions();
    o.reader.mappingPath = store.write("mine.json", R"json({
        "format": "log",
        "phases": [ { "regex": "^epoch", "phase": "train" }, { "regex": "^eval", "phase": "eval" } ],
        "settings": {
          "line_formats": [ { "regex": "^(\\d+) ([A-Za-z]+) (\\d{4}) (\\d\\d):(\\d\\d):(\\d\\d) (\\S+) (.*)$",
                              "fields": ["day", "month_name", "year", "hour", "minute", "second", "zone", "message"] } ],
          "initial_phase": "init", "completed_regex": "^done", "gpus": "4" } })json");
    const auto s = store.import(store.write("plain.log",
                                    "01 Mar 2025 10:00:00 +01:00 start\n"
                                    "01 Mar 2025 10:00:10 +01:00 epoch 1\n"
                                    "01 Mar 2025 10:05:10 +01:00 eval\n"
                                    "01 Mar 2025 10:06:10 +01:00 done\n"),
        o);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2025-03-01T09:00:00Z"));
    EXPECT_EQ(store.count("SELECT gpus FROM jobs"), 4);
    EXPECT_EQ(issues(s, "assumed_timezone"), 0);
    EXPECT_EQ(issues(s, "unmapped_name"), 2); // "start" and "done" have no rule here
    const FleetJob job = onlyJob(store, "plain");
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], 10 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 300 * kS);
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Eval)], 60 * kS);
}

// ---- Real torchtitan logs -------------------------------------------------------------------

std::string realLog(const std::string& run)
{
    return test::sharedDataDir() + "/torchtitan-logs/runs/" + run + "/run.log";
}

#define SKIP_WITHOUT_SHARED_DATA()                                                                                     \
    if (test::sharedDataDir().empty() || !fs::is_directory(test::sharedDataDir() + "/torchtitan-logs/runs")) {         \
        GTEST_SKIP() << "shared/data/torchtitan-logs is not there";                                                    \
    }

// run28 completed. Derived with
//   grep -n -E "^W[0-9]{4}|torchtitan version|Training starts|step:|Sleeping|Training completed|Process group" run.log
// first timed line 12 "W0519 14:07:26.925000" (torchrun), 17 "14:07:35,202 torchtitan version", 40 "14:07:42,751
// Training starts", 41 "14:08:32,550 step: 1", 45 "14:08:54,552 step: 10", 46 "14:08:54,553 Sleeping 2 seconds",
// 47 "14:08:56,553 Training completed", 48 "14:08:56,804 Process group destroyed" (the last line).
// Untimed lines: grep -c -v -E '^(\[rank[0-9]+\]:)*(\[titan\] [0-9]{4}-|[IWEF][0-9]{4} [0-9]|\[[IWEF][0-9]{3,4} )'
// = 16.
TEST(LogReaderReal, CompletedRunPhasesAndBuckets)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    const auto s = store.import(realLog("run28-compile-bf16-lbs5-no-flight-recorder"), logOptions());
    EXPECT_EQ(s.format, "log");
    EXPECT_EQ(s.attempts, 1);
    EXPECT_EQ(s.phases, 5); // setup.launcher, init, compile.first_step, train, shutdown
    const FleetJob job = onlyJob(store, "compile-bf16-lbs5-no-flight-recorder");
    EXPECT_EQ(job.gpus, 8); // "pp=1, dp_replicate=1, dp_shard=8, cp=1, tp=1"
    EXPECT_EQ(job.attr("model"), "qwen3_14b"); // "--config qwen3_14b"
    EXPECT_EQ(job.attr("source"), "log");
    ASSERT_EQ(job.result.attempts.size(), 1u);
    const auto& a = job.result.attempts[0];
    EXPECT_EQ(a.number, 28);
    EXPECT_EQ(a.outcome, Outcome::Completed);
    EXPECT_EQ(a.startNs, at("2026-05-19T14:07:26.925Z"));
    EXPECT_EQ(a.endNs, at("2026-05-19T14:08:56.804Z"));
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Setup)], 8277 * kMs); // 26.925 -> 35.202
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Init)], 7549 * kMs); // 35.202 -> 42.751
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Compile)], 49799 * kMs); // 42.751 -> 08:32.550
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Productive)], 22003 * kMs); // 08:32.550 -> 54.553
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Shutdown)], 2251 * kMs); // 54.553 -> 56.804
    EXPECT_EQ(job.result.bucketsNs[idx(Bucket::Idle)], 0);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE category='train' AND name='steps 1-10'"), 1);
    EXPECT_EQ(issues(s, "untimed_line"), 16);
    EXPECT_EQ(issues(s, "assumed_year"), 1); // glog lines take 2026 from line 17
    EXPECT_EQ(issues(s, "assumed_timezone"), 1);
    EXPECT_EQ(issues(s, "unmapped_name"), 0); // the 8 WARNING lines are known chatter
    EXPECT_EQ(s.issues.total(), 18);
}

// run34 (OOM) and run35-...-retry (OOM again, after one step): one job, attempts 34 and 35.
// Derived with grep -n as above and awk '/Root Cause/{p=1} p && /time *:/' run.log:
//   run34: first line 12 "W0519 14:27:19.292", last timed line 51 "E0519 14:27:53.284", "Training starts"
//          14:27:34,272, no step line, Root Cause time 14:27:45 (rank 7, torch.OutOfMemoryError).
//   run35: first 14:29:24.487, last timed line 121 "E0519 14:30:36.939", torchtitan version 14:29:32,232,
//          Training starts 14:29:37,640, "step: 1" 14:30:10,770, Root Cause time 14:30:25 (rank 4, OOM).
TEST(LogReaderReal, OomRetryIsTheSecondAttemptOfTheJob)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    store.import(realLog("run34-fp8-rowwise-no-auto-filter-compile-bf16-lbs8-no-flight-recorder"), logOptions());
    const auto s = store.import(
        realLog("run35-fp8-rowwise-no-auto-filter-compile-bf16-lbs8-no-flight-recorder-retry"), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs"), 1);
    const FleetJob job = onlyJob(store, "fp8-rowwise-no-auto-filter-compile-bf16-lbs8-no-flight-recorder");
    ASSERT_EQ(job.result.attempts.size(), 2u);
    const auto& a = job.result.attempts[0];
    const auto& b = job.result.attempts[1];
    EXPECT_EQ(a.number, 34);
    EXPECT_EQ(b.number, 35);
    EXPECT_EQ(a.outcome, Outcome::Failed);
    EXPECT_EQ(b.outcome, Outcome::Failed);
    EXPECT_EQ(job.attemptInfo[0].cause, "user.oom");
    EXPECT_EQ(job.attemptInfo[1].cause, "user.oom");
    EXPECT_NE(job.attemptInfo[0].detail.find("GPU 7 has a total capacity"), std::string::npos)
        << job.attemptInfo[0].detail;
    EXPECT_EQ(a.startNs, at("2026-05-19T14:27:19.292Z"));
    EXPECT_EQ(a.endNs, at("2026-05-19T14:27:53.284Z"));
    EXPECT_EQ(a.faultNs, at("2026-05-19T14:27:45Z"));
    EXPECT_EQ(b.startNs, at("2026-05-19T14:29:24.487Z"));
    EXPECT_EQ(b.endNs, at("2026-05-19T14:30:36.939Z"));
    EXPECT_EQ(b.faultNs, at("2026-05-19T14:30:25Z"));
    // Attempt 34: compile 14:27:34.272 -> fault 45.000; recovery 45.000 -> 53.284.
    EXPECT_EQ(a.bucketsNs[idx(Bucket::Compile)], 10728 * kMs);
    EXPECT_EQ(a.bucketsNs[idx(Bucket::Recovery)], 8284 * kMs);
    EXPECT_EQ(a.bucketsNs[idx(Bucket::Productive)], 0);
    // Attempt 35: train 14:30:10.770 -> 25.000 (no checkpoint data: nothing counted lost).
    EXPECT_EQ(b.bucketsNs[idx(Bucket::Productive)], 14230 * kMs);
    EXPECT_EQ(b.bucketsNs[idx(Bucket::Recovery)], 11939 * kMs);
    EXPECT_TRUE(job.result.noCheckpointData);
    // The gap between the two runs (14:27:53.284 -> 14:29:24.487) is recovery of the job.
    EXPECT_EQ(a.gapAfterNs, 91203 * kMs);
    EXPECT_EQ(job.result.otherInterruptions, 2);
    EXPECT_EQ(issues(s, "unmapped_fault"), 0);
}

// run42: rank 0 raises "NotImplementedError: Unsupported recipe" (line 48) during init; the Root
// Cause section has no traceback ("To enable traceback see"), time 14:50:14.
TEST(LogReaderReal, RootCauseFromTheRankTracebackWhenTheSummaryHasNone)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    const auto s = store.import(realLog("run42-fp8-rowwise-gw-hp-compile-bf16-lbs5-no-flight-recorder"), logOptions());
    // The traceback (stderr, lines 18-48) is interleaved with two logger lines of rank 0 (19, 34):
    // its exception line is still found.
    EXPECT_EQ(issues(s, "traceback_without_exception"), 0);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.code' AND detail LIKE "
                          "'%NotImplementedError: Unsupported recipe: Float8LinearRecipeName.ROWWISE_WITH_GW_HP'"),
        1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2026-05-19T14:50:14Z"));
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), at("2026-05-19T14:50:07.989Z"));
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), at("2026-05-19T14:50:15.352Z"));
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE category='compile' OR category='train'"), 0);
}

// run121: an argument error printed in a box (line 19 "Unrecognized options: false"), no Python
// exception but torchrun's ChildFailedError; Root Cause time 20:53:39, exit code 2.
TEST(LogReaderReal, ArgumentErrorWithoutExceptionIsFoundByTheFaultRules)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    store.import(realLog("run121-sdpa-prefetch-seq128-lbs160-compile-bf16-structured-logging-off-no-flight-recorder"),
        logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.config' AND detail LIKE "
                          "'%Unrecognized options: false%' AND attempt_no=121"),
        1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2026-05-19T20:53:39Z"));
}

// run105: no Python exception; the c10 line 60 "[E519 19:52:14.553434411 ProcessGroupNCCL.cpp:2198]
// ... CUDA error: an illegal memory access was encountered" precedes the Root Cause (SIGABRT at
// 19:52:19): its own time, the earlier, is the fault time. One step line (19:51:11,322).
TEST(LogReaderReal, WatchdogErrorLineGivesCauseAndTime)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    const auto s = store.import(
        realLog("run105-sdpa-fp8-rowwise-no-filter-prefetch-seq128-lbs240-compile-bf16-no-flight-recorder"),
        logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown.cuda_illegal_address'"), 1);
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2026-05-19T19:52:14.553434411Z"));
    EXPECT_EQ(store.count("SELECT count(*) FROM phases_named WHERE category='train' AND name='step 1' AND start_ns="
                  + std::to_string(at("2026-05-19T19:51:11.322Z"))),
        1);
    // The 9 "expandable_segments: memory mapping failed with OOM" c10 warnings (grep -c) and the
    // watchdog ERROR line are no phase rule's: counted under two names.
    EXPECT_EQ(issues(s, "unmapped_name"), 10);
}

// run128: "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten"
// matches no fault rule: cause unknown, said so with the exception type.
TEST(LogReaderReal, UnknownExceptionIsCountedAsUnmappedFault)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    const auto s = store.import(
        realLog("run128-sdpa-prefetch-seq128-lbs160-compile-bf16-inductor-cudagraphs-no-flight-recorder"),
        logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown' AND outcome='failed'"), 1);
    EXPECT_EQ(issues(s, "unmapped_fault"), 1);
    EXPECT_EQ(issueDetail(s, "unmapped_fault"), "RuntimeError");
    EXPECT_EQ(store.count("SELECT interrupted_at_ns FROM attempts"), at("2026-05-19T21:22:15Z"));
}

// Every log of the folder under one label. Figures derived with a short Python script over the
// raw files: a run completed when "Training completed" comes after the last "Traceback (most
// recent call last):" (103 of 123), else failed (20); of the failed, 13 contain
// "OutOfMemoryError|CUDA out of memory|CUDA driver error: out of memory"; the other 7 read by
// hand: run31, run75 ("is not a valid MXFP8TrainingRecipe"), run121 ("Unrecognized options"):
// user.config; run40 ModuleNotFoundError: user.environment; run42 NotImplementedError: user.code;
// run105 illegal memory access; run128 RuntimeError (no rule). Jobs: the folder names without
// "runNNN-" and the rerun/retry markers give 101 configurations.
TEST(LogReaderReal, AllLogsImportUnderOneLabel)
{
    SKIP_WITHOUT_SHARED_DATA();
    test::Store store;
    int files = 0;
    for (const auto& entry : fs::directory_iterator(test::sharedDataDir() + "/torchtitan-logs/runs")) {
        const auto s = store.import((entry.path() / "run.log").string(), logOptions());
        EXPECT_EQ(s.attempts, 1) << entry.path();
        ++files;
    }
    EXPECT_EQ(files, 123);
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs"), 101);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts"), 123);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE outcome='completed'"), 103);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE outcome='failed'"), 20);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.oom'"), 13);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.config'"), 3);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.environment'"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='user.code'"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown.cuda_illegal_address'"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause='unknown'"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs WHERE gpus=8"), 101);
    // Three runs of one configuration: run78 and run79-retry (OOM), run80-retry2.
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts a JOIN jobs j ON j.id=a.job_id WHERE "
                          "j.job_key='flex-prefetch-seq2048-lbs10-compile-bf16-no-flight-recorder'"),
        3);
}

} // namespace
} // namespace ett::core
