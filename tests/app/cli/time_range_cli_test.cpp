// End-to-end: a summary or a series over a time range reads only the chunks of the database's
// columnar copy that reach the range, and prints byte for byte what the rows give
// (ETTW_STORAGE=rows, which reads every job).
#include "core/store/database.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

// 4,500 jobs from 2025-06-01 over 47 days: job ids 1 to 4,095 in chunk 0 (June to July 19), the
// last 405 in chunk 1 (from July 13).
class TimeRangeCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path() / ("ettw-range-" + std::to_string(getpid()) + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
        RunResult r = ettw({ "generate", "--jobs", "4500", "--seed", "3", "--out", "f.ett.jsonl.gz" });
        ASSERT_EQ(r.exitCode, 0) << r;
        r = ettw({ "import", "--db", "ett.db", "-q", "f.ett.jsonl.gz" });
        ASSERT_EQ(r.exitCode, 0) << r;
    }
    void TearDown() override
    {
        ::unsetenv("ETTW_STORAGE");
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }

    RunResult ettw(const std::vector<std::string>& args) const
    {
        return runEttwIn(m_root / "work", m_root / "io", args);
    }

    // The jobs a command loaded, from its -v line "loaded N jobs".
    std::string loadedJobs(std::vector<std::string> args) const
    {
        args.push_back("-v");
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << r;
        const auto at = r.err.find("loaded ");
        if (at == std::string::npos) {
            ADD_FAILURE() << "no 'loaded' line\n" << r;
            return {};
        }
        return r.err.substr(at + 7, r.err.find(' ', at + 7) - at - 7);
    }

    fs::path m_root;
};

TEST_F(TimeRangeCli, ARangedSummaryOrSeriesReadsTheChunksThatReachItAndPrintsWhatTheRowsGive)
{
    const std::vector<std::vector<std::string>> commands = {
        { "summary", "--by", "team", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-15T00:00:00Z", "--format",
            "json" },
        { "summary", "--by", "label", "--from", "2025-07-15T00:00:00Z", "--format", "json" },
        { "summary", "--by", "job", "--to", "2025-06-03T00:00:00Z", "--format", "csv" },
        { "summary", "--by", "cluster", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-15T00:00:00Z",
            "--count-queue", "--format", "json" },
        { "summary", "--from", "2026-01-01T00:00:00Z" },
        { "summary", "--by", "attempt", "--from", "2025-07-18T00:00:00Z", "--to", "2025-07-19T00:00:00Z" },
        { "series", "--every", "day", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-20T00:00:00Z", "--format",
            "json" },
        { "series", "--every", "week", "--to", "2025-06-20T00:00:00Z", "--format", "csv" },
        { "series", "--every", "day", "--from", "2025-07-10T00:00:00Z", "--format", "json" },
        { "series", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-09T00:00:00Z", "--rolling", "6h" },
    };
    for (const auto& args : commands) {
        std::string text;
        for (const auto& a : args) {
            text += a + " ";
        }
        SCOPED_TRACE(text);
        ::setenv("ETTW_STORAGE", "rows", 1);
        const RunResult rows = ettw(args);
        ::unsetenv("ETTW_STORAGE");
        const RunResult columns = ettw(args);
        EXPECT_EQ(rows.exitCode, 0) << rows;
        EXPECT_EQ(columns.exitCode, rows.exitCode);
        EXPECT_EQ(columns.out, rows.out);
        EXPECT_EQ(columns.err, rows.err);
        EXPECT_FALSE(rows.out.empty());
    }

    // What was read: every job over all time; the first chunk alone for a week of June, with the
    // queue counted too (the second chunk's jobs were submitted in July); none after the last job.
    // (A summary over all time adds up the copy's roll-ups and loads nothing, unless a backend is named.)
    EXPECT_EQ(loadedJobs({ "summary", "--backend", "cpu" }), "4500");
    {
        const RunResult r = ettw({ "summary", "--by", "team", "-v" });
        EXPECT_EQ(r.exitCode, 0) << r;
        EXPECT_NE(r.err.find("roll-up from 2 stored roll-ups of the columnar copy"), std::string::npos) << r;
        EXPECT_EQ(r.err.find("loaded "), std::string::npos) << r;
    }
    {
        // A damaged roll-up: a warning that names it, and the same figures from the fleet.
        const RunResult good = ettw({ "summary", "--by", "team", "--format", "json" });
        auto db = ett::core::Database::open(
            (m_root / "work" / "ett.db").string(), ett::core::Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
        ASSERT_TRUE((*db)->exec("UPDATE column_rollups SET data = x'00' WHERE chunk = 1 AND key = 'team'").ok());
        db->reset();
        const RunResult r = ettw({ "summary", "--by", "team", "--format", "json" });
        EXPECT_EQ(r.exitCode, 0) << r;
        EXPECT_EQ(r.out, good.out);
        EXPECT_NE(r.err.find("warning: ett.db: the roll-up of chunk 1, label "), std::string::npos) << r;
        EXPECT_NE(r.err.find("summing the fleet instead"), std::string::npos) << r;
    }
    EXPECT_EQ(loadedJobs({ "summary", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-15T00:00:00Z" }), "4095");
    EXPECT_EQ(loadedJobs({ "series", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-15T00:00:00Z" }), "4095");
    EXPECT_EQ(loadedJobs({ "summary", "--from", "2026-01-01T00:00:00Z" }), "0");
    EXPECT_EQ(
        loadedJobs({ "summary", "--from", "2025-06-08T00:00:00Z", "--to", "2025-06-15T00:00:00Z", "--count-queue" }),
        "4095");
    // One job's series finds the job among all of them.
    EXPECT_EQ(loadedJobs({ "series", "--from", "2026-01-01T00:00:00Z", "--job", "job-000001" }), "4500");
}

} // namespace
