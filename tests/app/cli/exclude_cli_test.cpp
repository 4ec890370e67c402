// End-to-end: --exclude FILE (spec 7.4) on the worked example: the spec's figures in the JSON and
// the table, the same from a JSON and a CSV file, nothing added without it, and a bad file refused
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
    // The JSON file gives the same output.
    const RunResult j = ettw({ "summary", "--format", "json", "--exclude", "maint.json" });
    ASSERT_EQ(j.exitCode, 0) << j;
    EXPECT_EQ(j.out, r.out);
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

} // namespace
