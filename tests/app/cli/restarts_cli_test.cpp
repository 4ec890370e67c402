// ettw restarts end to end: a job's restarts (table and JSON) and a scope's compile tags, on the
// worked example (spec 6 and 7.1) and on a hand-made three-attempt trace (tests/data/restarts/)
// whose figures are derived by hand in tests/core/model/restarts_test.cpp.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";
const std::string kThreeAttempts = std::string(ETT_TEST_DATA_DIR) + "/restarts/three-attempts.ett.jsonl";

class RestartsCli : public testing::Test
{
protected:
    void SetUp() override
    {
        char pattern[] = "/tmp/ettw-restarts-XXXXXX";
        ASSERT_NE(mkdtemp(pattern), nullptr);
        m_dir = pattern;
        m_db = (m_dir / "t.db").string();
    }
    void TearDown() override { fs::remove_all(m_dir); }

    RunResult ettw(const std::vector<std::string>& args) { return runEttwIn(m_dir, m_dir, args); }
    void import(const std::string& file, const std::string& label)
    {
        const RunResult r = ettw({ "import", "--db", m_db, "--label", label, file });
        ASSERT_EQ(r.exitCode, 0) << r;
    }

    fs::path m_dir;
    std::string m_db;
};

// Seconds as ettw writes them (whole seconds in these traces: doubles hold them exactly).
double seconds(simdjson::dom::element e)
{
    return e.is_null() ? -1.0 : e.get_double().value();
}

TEST_F(RestartsCli, WorkedExampleGivesTheSpecsSplitAndStartUp)
{
    import(kWorkedExample, "before");
    const RunResult r = ettw({ "restarts", "--db", m_db, "--job", "J1", "--format", "json" });
    ASSERT_EQ(r.exitCode, 0) << r;
    simdjson::dom::parser parser;
    const simdjson::dom::element doc = parser.parse(r.out).value();
    EXPECT_EQ(std::string(doc["job"].get_string().value()), "J1");
    const simdjson::dom::array rows = doc["restarts"].get_array().value();
    ASSERT_EQ(rows.size(), 2u);
    const simdjson::dom::element first = rows.at(0).value();
    EXPECT_TRUE(first["detect_s"].is_null());
    EXPECT_TRUE(first["previous_outcome"].is_null());
    EXPECT_EQ(seconds(first["startup_s"]), 1500);
    EXPECT_EQ(seconds(first["stages"]["compile"]["s"]), 900);
    const simdjson::dom::element restart = rows.at(1).value();
    EXPECT_EQ(std::string(restart["previous_outcome"].get_string().value()), "failed");
    EXPECT_EQ(std::string(restart["previous_cause"].get_string().value()), "infra.gpu");
    EXPECT_EQ(seconds(restart["detect_s"]), 0);
    EXPECT_EQ(seconds(restart["restart_s"]), 300);
    EXPECT_EQ(seconds(restart["recovery_startup_s"]), 900);
    EXPECT_EQ(seconds(restart["ttr_s"]), 1200);
    EXPECT_EQ(seconds(restart["lost_progress_s"]), 1200);
    EXPECT_EQ(seconds(restart["startup_s"]), 900);
    EXPECT_EQ(seconds(restart["stages"]["init"]["s"]), 600);
    EXPECT_EQ(seconds(restart["stages"]["compile"]["s"]), 300);
    EXPECT_EQ(restart["stages"]["compile"]["change_s"].get_double().value(), -600);
    EXPECT_FALSE(restart["stages"]["compile"]["grew"].get_bool().value());
    EXPECT_EQ(std::string(restart["compile_tag"].get_string().value()), "untagged");
}

TEST_F(RestartsCli, ThreeAttemptsShowProcessGroupInitGrowingAndTheCompileTags)
{
    import(kThreeAttempts, "default");
    const RunResult r = ettw({ "restarts", "--db", m_db, "--job", "J2", "--format", "json" });
    ASSERT_EQ(r.exitCode, 0) << r;
    simdjson::dom::parser parser;
    const simdjson::dom::element doc = parser.parse(r.out).value();
    const simdjson::dom::array rows = doc["restarts"].get_array().value();
    ASSERT_EQ(rows.size(), 3u);
    const std::vector<double> pg { 50, 80, 120 };
    const std::vector<double> lost { -1, 380, 290 };
    const std::vector<std::string> tags { "cold", "warm", "cache_hit+untagged" };
    for (size_t i = 0; i < 3; ++i) {
        const simdjson::dom::element row = rows.at(i).value();
        EXPECT_EQ(seconds(row["stages"]["init.process_group_init"]["s"]), pg[i]) << i;
        EXPECT_EQ(row["stages"]["init.process_group_init"]["grew"].get_bool().value(), i > 0) << i;
        EXPECT_EQ(seconds(row["lost_progress_s"]), lost[i]) << i;
        EXPECT_EQ(std::string(row["compile_tag"].get_string().value()), tags[i]) << i;
    }
    EXPECT_EQ(seconds(rows.at(2).value()["detect_s"]), 200);
    EXPECT_EQ(seconds(rows.at(2).value()["restart_s"]), 50);
    EXPECT_EQ(seconds(rows.at(2).value()["compile_tags_s"]["cache_hit"]), 10);
    EXPECT_EQ(seconds(rows.at(2).value()["compile_tags_s"]["untagged"]), 20);
    EXPECT_TRUE(doc["trends"]["init.process_group_init"]["growing"].get_bool().value());
    EXPECT_FALSE(doc["trends"]["init.device_init"]["growing"].get_bool().value());

    const RunResult table = ettw({ "restarts", "--db", m_db, "--job", "J2" });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_NE(table.out.find("Restarts of job J2 (label 'default'): three attempts"), std::string::npos) << table.out;
    // The process-group init row: 50 s, 1 min 20 s (grew), 2 min (grew), +1 min 10 s, growing.
    EXPECT_TRUE(std::regex_search(table.out,
        std::regex(R"(\n  init\.process_group_init +50\.0 s +1 min 20 s \* +2 min 00 s \* +\+1 min 10 s +growing\n)")))
        << table.out;
    EXPECT_TRUE(std::regex_search(table.out,
        std::regex(
            R"(\n +2 +1970-01-01 00:34:10 +preempted +preemption\.spot +3 min 20 s +50\.0 s +4 min 50 s +8 min 10 s )"
            R"(+4 min 00 s +cache_hit\+untagged\n)")))
        << table.out;
}

TEST_F(RestartsCli, CompileTagsOfAScopeCountEveryRanksPhase)
{
    import(kThreeAttempts, "default");
    import(kWorkedExample, "before");
    const RunResult r = ettw({ "restarts", "--db", m_db, "--compile-tags", "--label", "default", "--format", "json" });
    ASSERT_EQ(r.exitCode, 0) << r;
    simdjson::dom::parser parser;
    const simdjson::dom::element doc = parser.parse(r.out).value();
    const simdjson::dom::array tags = doc["compile_tags"].get_array().value();
    ASSERT_EQ(tags.size(), 4u);
    // cold: ranks 0 and 1 of attempt 0 (120 s, 130 s); warm 30 s; cache_hit 10 s; untagged: pt2 30 s.
    const std::vector<std::string> names { "cold", "warm", "cache_hit", "untagged" };
    const std::vector<int64_t> counts { 2, 1, 1, 1 };
    const std::vector<double> totals { 250, 30, 10, 30 };
    const std::vector<double> p50 { 120, 30, 10, 30 };
    const std::vector<double> p99 { 130, 30, 10, 30 };
    for (size_t i = 0; i < 4; ++i) {
        const simdjson::dom::element t = tags.at(i).value();
        EXPECT_EQ(std::string(t["tag"].get_string().value()), names[i]);
        EXPECT_EQ(t["count"].get_int64().value(), counts[i]) << names[i];
        EXPECT_EQ(seconds(t["total_s"]), totals[i]) << names[i];
        EXPECT_EQ(seconds(t["p50_s"]), p50[i]) << names[i];
        EXPECT_EQ(seconds(t["p99_s"]), p99[i]) << names[i];
    }
    // All labels: the worked example's two untagged compiles (900 s, 300 s) join the untagged.
    const RunResult all = ettw({ "restarts", "--db", m_db, "--compile-tags", "--format", "json" });
    ASSERT_EQ(all.exitCode, 0) << all;
    const simdjson::dom::element allDoc = parser.parse(all.out).value();
    const simdjson::dom::element untagged = allDoc["compile_tags"].get_array().value().at(3).value();
    EXPECT_EQ(untagged["count"].get_int64().value(), 3);
    EXPECT_EQ(seconds(untagged["total_s"]), 1230);
    EXPECT_EQ(seconds(untagged["p50_s"]), 300);
    // A range keeps the phases that start in it: [1000 s, 2200 s) holds only the warm compile.
    const RunResult ranged = ettw({ "restarts", "--db", m_db, "--compile-tags", "--from", "1000", "--to", "2200" });
    ASSERT_EQ(ranged.exitCode, 0) << ranged;
    EXPECT_TRUE(std::regex_search(ranged.out, std::regex(R"(\nwarm +1 +30\.0 s +30\.0 s +30\.0 s +30\.0 s\n)")))
        << ranged.out;
    EXPECT_TRUE(std::regex_search(ranged.out, std::regex(R"(\ncold +0 +0 s +n/a +n/a +n/a\n)"))) << ranged.out;
}

TEST_F(RestartsCli, UnknownOrAmbiguousJobsAndMissingChoicesAreErrors)
{
    import(kWorkedExample, "before");
    import(kWorkedExample, "after");
    RunResult r = ettw({ "restarts", "--db", m_db, "--job", "NOPE" });
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no job 'NOPE' in " + m_db), std::string::npos) << r;
    r = ettw({ "restarts", "--db", m_db, "--job", "J1" });
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(
        r.err.find("job 'J1' exists under several labels (after, before); choose one with --label"), std::string::npos)
        << r;
    r = ettw({ "restarts", "--db", m_db, "--job", "J1", "--label", "after" });
    EXPECT_EQ(r.exitCode, 0) << r;
    r = ettw({ "restarts", "--db", m_db });
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("--job KEY"), std::string::npos) << r;
    r = ettw({ "restarts", "--db", m_db, "--compile-tags", "--label", "nope" });
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("nope"), std::string::npos) << r;
    r = ettw({ "restarts", "--db", m_db, "--job", "J1", "--compile-tags" });
    EXPECT_EQ(r.exitCode, 2) << r; // excluded options: a usage error
    r = ettw({ "restarts", "--db", (m_dir / "missing.db").string(), "--job", "J1" });
    EXPECT_EQ(r.exitCode, 1) << r;
}

} // namespace
