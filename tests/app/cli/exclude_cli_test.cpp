// End-to-end: --exclude FILE (spec 7.4) on the worked example: the spec's figures in the JSON and
// the table, the same from a JSON and a CSV file and inline, nothing added without it, and a bad file refused
// with its line and field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

class ExcludeCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path() / ("ettw-exclude-" + std::to_string(getpid()) + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
        const RunResult r = ettw({ "import", "--db", "ett.db", "-q", ETT_SAMPLES_DIR "/worked-example.ett.jsonl" });
        ASSERT_EQ(r.exitCode, 0) << r;
        write("maint.csv", "start,end,note\n36000,39600,planned maintenance\n");
        write("maint.json", "[{\"start\": \"1970-01-01T10:00:00Z\", \"end\": 39600}]\n");
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }
    void write(const std::string& name, const std::string& text) const
    {
        std::ofstream(m_root / "work" / name) << text;
    }
    RunResult ettw(const std::vector<std::string>& args) const
    {
        return runEttwIn(m_root / "work", m_root / "io", args);
    }

    fs::path m_root;
};

TEST_F(ExcludeCli, SummaryJsonHasTheWorkedExampleOfSpec74)
{
    const RunResult r = ettw({ "summary", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(r.exitCode, 0) << r;
    for (const char* want : { "\"e2e_s\": 54945,", "\"e2e_gpu_s\": 439560,", "\"productive\": 51615,",
             "\"excluded_s\": 3600,", "\"excluded_gpu_s\": 28800,", "\"ett_percent_gpu\": 93.939394,",
             "\"failures\": 1,", "\"start\": \"1970-01-01T10:00:00Z\"", "\"end\": \"1970-01-01T11:00:00Z\"" }) {
        EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
    }
    // Per bucket it came from: productive 1185, checkpoint_save 15, lost_progress 1200, recovery 300,
    // init 600, compile 300.
    const auto from = r.out.find("\"excluded_buckets_s\"");
    ASSERT_NE(from, std::string::npos);
    const std::string buckets = r.out.substr(from, r.out.find('}', from) - from);
    for (const char* want : { "\"productive\": 1185,", "\"init\": 600,", "\"compile\": 300,",
             "\"checkpoint_save\": 15,", "\"lost_progress\": 1200,", "\"recovery\": 300,", "\"shutdown\": 0," }) {
        EXPECT_NE(buckets.find(want), std::string::npos) << want << "\n" << buckets;
    }
    // The JSON file gives the same output, and so does the window written inline.
    const RunResult j = ettw({ "summary", "--format", "json", "--exclude", "maint.json" });
    ASSERT_EQ(j.exitCode, 0) << j;
    EXPECT_EQ(j.out, r.out);
    const RunResult inline_ = ettw({ "summary", "--format", "json", "--exclude", "1970-01-01T10:00:00Z/39600" });
    ASSERT_EQ(inline_.exitCode, 0) << inline_;
    EXPECT_EQ(inline_.out, r.out);
    const RunResult backwards = ettw({ "summary", "--exclude", "39600/36000" });
    EXPECT_EQ(backwards.exitCode, 1) << backwards;
    EXPECT_NE(backwards.err.find("--exclude: 39600/36000: end: 1970-01-01T10:00:00Z is before start "
                                 "1970-01-01T11:00:00Z"),
        std::string::npos)
        << backwards;
    // Without --exclude nothing is added.
    const RunResult plain = ettw({ "summary", "--format", "json" });
    ASSERT_EQ(plain.exitCode, 0) << plain;
    EXPECT_EQ(plain.out.find("excluded"), std::string::npos);
    EXPECT_NE(plain.out.find("\"e2e_s\": 58545,"), std::string::npos);
}

TEST_F(ExcludeCli, TablesStateTheExcludedTimeBesideTheFigures)
{
    const RunResult r = ettw({ "summary", "--exclude", "maint.csv" });
    ASSERT_EQ(r.exitCode, 0) << r;
    EXPECT_NE(r.out.find("excluding 1 window (1970-01-01T10:00:00Z to 1970-01-01T11:00:00Z)"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("excluded (not in end-to-end)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  from lost_progress"), std::string::npos) << r.out;
    const RunResult job = ettw({ "job", "J1", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(job.exitCode, 0) << job;
    EXPECT_NE(job.out.find("\"e2e_s\": 54945,"), std::string::npos) << job.out;
    EXPECT_NE(job.out.find("\"excluded_s\": 3600,"), std::string::npos) << job.out;
    const RunResult series = ettw({ "series", "--every", "day", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(series.exitCode, 0) << series;
    EXPECT_NE(series.out.find("\"excluded_s\": 3600,"), std::string::npos) << series.out;
}

// The intervals of a bucket are the parts outside the windows: they add up to the bucket's time of
// spec 7.4's worked values, and the output names the windows.
TEST_F(ExcludeCli, IntervalsAddUpToTheWorkedExamplesBucketsAndNameTheWindows)
{
    for (const auto& [bucket, total] : std::vector<std::pair<std::string, std::string>> { { "productive", "51615" },
             { "checkpoint_save", "30" }, { "lost_progress", "0" }, { "init", "600" }, { "compile", "900" },
             { "recovery", "0" }, { "shutdown", "1800" } }) {
        const RunResult r
            = ettw({ "intervals", "--bucket", bucket, "--format", "json", "--limit", "0", "--exclude", "maint.csv" });
        ASSERT_EQ(r.exitCode, 0) << r;
        EXPECT_NE(r.out.find("\"total_s\": " + total + ","), std::string::npos) << bucket << "\n" << r.out;
        EXPECT_NE(r.out.find("\"excluded\": ["), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("\"end\": \"1970-01-01T11:00:00Z\""), std::string::npos) << r.out;
    }
    // No interval of the bucket lies in the window: the productive one around it is cut in two.
    const RunResult cut = ettw(
        { "intervals", "--bucket", "productive", "--sort", "start", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(cut.exitCode, 0) << cut;
    const size_t listed = cut.out.find("\"intervals\"");
    ASSERT_NE(listed, std::string::npos) << cut.out;
    EXPECT_EQ(cut.out.find("\"start\": \"1970-01-01T10:", listed), std::string::npos) << cut.out;
    EXPECT_NE(cut.out.find("\"end\": \"1970-01-01T10:00:00Z\"", listed), std::string::npos) << cut.out;
    EXPECT_NE(cut.out.find("\"start\": \"1970-01-01T11:00:00Z\"", listed), std::string::npos) << cut.out;
    const RunResult table = ettw({ "intervals", "--bucket", "productive", "--exclude", "maint.csv" });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_NE(table.out.find("excluding 1 window (1970-01-01T10:00:00Z to 1970-01-01T11:00:00Z)"), std::string::npos)
        << table.out;
    const RunResult plain = ettw({ "intervals", "--bucket", "productive", "--format", "json" });
    ASSERT_EQ(plain.exitCode, 0) << plain;
    EXPECT_EQ(plain.out.find("excluded"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\"total_s\": 52800,"), std::string::npos) << plain.out;
}

// Checkpoint advice and what-if projections leave the windows' time out of the loop, the window,
// lost progress and today's figures; counts and saves stay (spec 7.4).
TEST_F(ExcludeCli, AdviseAndWhatIfLeaveTheWindowsOut)
{
    // J1's loop: productive 51615 + lost progress 0 + checkpoint_save 30 s outside the window
    // (54045 s without it); its one interruption lost 1200 s, all of it inside the window: what it
    // lost is unknown, so lost per interruption has nothing to go on (not 0 s, which would read as
    // checkpoints restored at once).
    const RunResult advice = ettw({ "advise", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(advice.exitCode, 0) << advice;
    const auto fleet = advice.out.substr(advice.out.find("\"fleet\""));
    for (const char* want : { "\"loop_s\": 51645,", "\"e2e_s\": 54945,", "\"interruptions\": 1,", "\"mtbi_s\": 51645,",
             "\"saves\": 3,", "\"lost_progress_s\": 0,", "\"lost_interruptions\": 0,",
             "\"lost_per_interruption_s\": null,", "\"lost_ratio_to_half_interval\": null,",
             "\"lost_excluded_jobs\": 1,", "lost progress of 1 job lies partly in excluded windows" }) {
        EXPECT_NE(fleet.find(want), std::string::npos) << want << "\n" << advice.out;
    }
    EXPECT_NE(advice.out.find("\"end\": \"1970-01-01T11:00:00Z\""), std::string::npos) << advice.out;
    const RunResult plain = ettw({ "advise", "--format", "json" });
    ASSERT_EQ(plain.exitCode, 0) << plain;
    EXPECT_NE(plain.out.find("\"loop_s\": 54045,"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\"lost_progress_s\": 1200,"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\"lost_interruptions\": 1,"), std::string::npos) << plain.out;
    EXPECT_NE(plain.out.find("\"lost_per_interruption_s\": 1200,"), std::string::npos) << plain.out;
    EXPECT_EQ(plain.out.find("excluded"), std::string::npos) << plain.out;
    const RunResult table = ettw({ "advise", "--job", "J1", "--exclude", "maint.json" });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_NE(
        table.out.find("(job J1; excluding 1 window (1970-01-01T10:00:00Z to 1970-01-01T11:00:00Z)"), std::string::npos)
        << table.out;

    // compile x0.5 halves the 900 s of compile left outside the window (attempt 1's 300 s are
    // inside it): 51615 / 54945 = 93.939...% today, 51615 / 54495 = 94.715...% projected.
    write("half.json", R"({"name":"half compile","changes":[{"bucket":"compile","scale":0.5}]})");
    const RunResult w = ettw({ "whatif", "--scenario", "half.json", "--format", "json", "--exclude", "maint.csv" });
    ASSERT_EQ(w.exitCode, 0) << w;
    for (const char* want : { "\"ett_percent_today\": 93.939393939394,", "\"ett_percent_projected\": 94.715111478117,",
             "\"saved_s\": 450,", "\"pp\": 0.775717538723,", "\"excluded_s\": 3600,", "\"e2e_s\": 54945," }) {
        EXPECT_NE(w.out.find(want), std::string::npos) << want << "\n" << w.out;
    }
    const RunResult wt = ettw({ "whatif", "--scenario", "half.json", "--exclude", "maint.csv" });
    ASSERT_EQ(wt.exitCode, 0) << wt;
    for (const char* want : { "whole jobs, no queue; excluding 1 window (1970-01-01T10:00:00Z to 1970-01-01T11:00:00Z)",
             "93.939%", "94.715%", "Excluded windows: 8.0 GPU-hours of the cohort's jobs left out" }) {
        EXPECT_NE(wt.out.find(want), std::string::npos) << want << "\n" << wt.out;
    }

    // The windows belong to measured figures: the models alone and the scenario list refuse them.
    const RunResult model = ettw({ "advise", "--blocking-s", "10", "--mtbi-s", "3600", "--exclude", "maint.csv" });
    EXPECT_EQ(model.exitCode, 1) << model;
    EXPECT_NE(model.err.find("--exclude are for the advice measured from --db"), std::string::npos) << model;
    const RunResult list = ettw({ "whatif", "--list", "--exclude", "maint.csv" });
    EXPECT_EQ(list.exitCode, 1) << list;
    EXPECT_NE(list.err.find("--exclude is for running a scenario"), std::string::npos) << list;
}

TEST_F(ExcludeCli, ABadFileIsAUserErrorNamingTheFileLineAndField)
{
    write("bad.json", "[{\"start\": 36000,\n  \"end\": \"soon\"}]\n");
    const RunResult r = ettw({ "summary", "--exclude", "bad.json" });
    EXPECT_EQ(r.exitCode, 1) << r;
    EXPECT_NE(r.err.find("--exclude: bad.json:2: [0].end: expected an RFC 3339 time, a date or epoch seconds (got "
                         "\"soon\")"),
        std::string::npos)
        << r;
    const RunResult missing = ettw({ "jobs", "--exclude", "none.csv" });
    EXPECT_EQ(missing.exitCode, 1) << missing;
    EXPECT_NE(missing.err.find("none.csv: cannot open"), std::string::npos) << missing;
}

// The commands whose figures excluded windows do not change (events and durations of attempts,
// spec 7.4) refuse --exclude with that reason (a usage error), and do not list it in their help.
TEST_F(ExcludeCli, CommandsOfEventsRefuseExcludeAndSayWhy)
{
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>> {
             { "causes" }, { "restarts", "--job", "J1" }, { "ranks", "--job", "J1" }, { "hosts" } }) {
        std::vector<std::string> withExclude = args;
        withExclude.insert(withExclude.end(), { "--exclude", "maint.csv" });
        const RunResult r = ettw(withExclude);
        EXPECT_EQ(r.exitCode, 2) << r;
        EXPECT_EQ(r.err.rfind("--exclude: excluded windows do not change ", 0), 0u) << r;
        EXPECT_NE(r.err.find("(spec 7.4: events and durations of attempts count in full)"), std::string::npos) << r;
        EXPECT_EQ(r.out, "") << r;
        const RunResult help = ettw({ args.front(), "--help" });
        ASSERT_EQ(help.exitCode, 0) << help;
        EXPECT_EQ(help.out.find("--exclude"), std::string::npos) << help.out;
        const RunResult plain = ettw(args);
        EXPECT_EQ(plain.exitCode, 0) << plain;
    }
}

} // namespace
