// ettw alerts end to end on the worked example (spec 6, 7.2): the detectors judged at a given time,
// the alerts as a table and JSON, and the exit status that says whether any fired; a query that
// never changes the database.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

class AlertsCli : public testing::Test
{
protected:
    void SetUp() override
    {
        char pattern[] = "/tmp/ettw-alerts-XXXXXX";
        ASSERT_NE(mkdtemp(pattern), nullptr);
        m_dir = pattern;
        m_db = (m_dir / "t.db").string();
        const RunResult r = ettw({ "import", "--db", m_db, "--label", "after", kWorkedExample });
        ASSERT_EQ(r.exitCode, 0) << r;
    }
    void TearDown() override { fs::remove_all(m_dir); }

    RunResult ettw(const std::vector<std::string>& args) { return runEttwIn(m_dir, m_dir, args); }

    fs::path m_dir;
    std::string m_db;
};

TEST_F(AlertsCli, EttDropAtTheWorkedExamplesWindowFiresWithExitStatusFour)
{
    const std::string before = readFile(m_db);
    // At t = 37800 s the hour before holds 59.1667% (spec 7.2).
    const RunResult fired = ettw(
        { "alerts", "--db", m_db, "--now", "37800", "--ett-window", "1h", "--ett-below", "60", "--format", "json" });
    EXPECT_EQ(fired.exitCode, 4) << fired;
    simdjson::dom::parser parser;
    const simdjson::dom::element doc = parser.parse(fired.out).value();
    EXPECT_EQ(std::string(doc["at"].get_string().value()), "1970-01-01T10:30:00Z");
    const simdjson::dom::array alerts = doc["alerts"].get_array().value();
    ASSERT_EQ(alerts.size(), 1u) << fired.out;
    const simdjson::dom::element a = alerts.at(0).value();
    EXPECT_EQ(std::string(a["detector"].get_string().value()), "ett_drop");
    EXPECT_EQ(std::string(a["label"].get_string().value()), "after");
    EXPECT_TRUE(a["job"].is_null());
    EXPECT_NEAR(a["value"].get_double().value(), 59.167, 1e-9);
    EXPECT_EQ(a["threshold"].get_double().value(), 60.0);
    EXPECT_EQ(std::string(a["unit"].get_string().value()), "percent");
    const std::string evidence(a["evidence"].get_string().value());
    EXPECT_NE(evidence.find("ettw summary --db " + m_db
                  + " --label after --from 1970-01-01T09:30:00Z --to "
                    "1970-01-01T10:30:00Z"),
        std::string::npos)
        << evidence;
    // The evidence command shows the figure.
    const RunResult shown = ettw({ "summary", "--db", m_db, "--label", "after", "--from", "1970-01-01T09:30:00Z",
        "--to", "1970-01-01T10:30:00Z" });
    EXPECT_EQ(shown.exitCode, 0) << shown;
    EXPECT_NE(shown.out.find("59.167"), std::string::npos) << shown.out;

    // Just under the figure: nothing fires, exit status 0.
    const RunResult quiet
        = ettw({ "alerts", "--db", m_db, "--now", "37800", "--ett-window", "1h", "--ett-below", "59" });
    EXPECT_EQ(quiet.exitCode, 0) << quiet;
    EXPECT_NE(quiet.out.find("No alert at 1970-01-01T10:30:00Z"), std::string::npos) << quiet.out;
    EXPECT_EQ(readFile(m_db), before) << "alerts changed the database";
}

TEST_F(AlertsCli, LatestJudgesAtTheFleetsLastTimeAndBadValuesAreNamed)
{
    // At the end of the worked example (58545 s) the last 6 hours, [36945, 58545), hold 18000 s
    // productive of 21600 s: 83.333%, above the default 80; no storm, stalled job, hang or slow start.
    const RunResult quiet = ettw({ "alerts", "--db", m_db, "--now", "latest" });
    EXPECT_EQ(quiet.exitCode, 0) << quiet;
    EXPECT_NE(quiet.out.find("No alert at 1970-01-01T16:15:45Z"), std::string::npos) << quiet.out;
    const RunResult fired = ettw({ "alerts", "--db", m_db, "--now", "latest", "--ett-below", "83.34" });
    EXPECT_EQ(fired.exitCode, 4) << fired;
    EXPECT_NE(fired.out.find("1 alert at 1970-01-01T16:15:45Z"), std::string::npos) << fired.out;
    EXPECT_NE(fired.out.find("ett_drop: label after: ETT% 83.33 over the last 6 h"), std::string::npos) << fired.out;
    const RunResult off
        = ettw({ "alerts", "--db", m_db, "--now", "latest", "--ett-below", "83.34", "--disable", "ett_drop" });
    EXPECT_EQ(off.exitCode, 0) << off;
    const RunResult bad = ettw({ "alerts", "--db", m_db, "--hang-after", "soon" });
    EXPECT_EQ(bad.exitCode, 1) << bad;
    EXPECT_NE(bad.err.find("--hang-after"), std::string::npos) << bad.err;
    const RunResult badNow = ettw({ "alerts", "--db", m_db, "--now", "yesterday" });
    EXPECT_EQ(badNow.exitCode, 1) << badNow;
    EXPECT_NE(badNow.err.find("--now"), std::string::npos) << badNow.err;
}

} // namespace
