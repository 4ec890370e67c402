// `ettw store init`, `ettw push`, `ettw import --store`, `ettw store status` and the query commands
// with --store (summary, series and series --rolling, jobs, job, compare, advise, intervals, causes,
// restarts, ranks, hosts, alerts) as a user runs
// them (the real binary), against the two-shard cluster packaging/run-tests.sh starts
// (ETT_TEST_STORE_URL); skipped without it.
#include "core/store/clickhouse/http_client.h"
#include "core/store/clickhouse/store_url.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/app/cli/ettw_process.h"
#include "tests/core/store/test_cluster.h"

namespace {

namespace fs = std::filesystem;
namespace ch = ett::core::clickhouse;
using namespace ett::clitest;

bool contains(const std::string& text, const std::string& what)
{
    return text.find(what) != std::string::npos;
}

class StoreCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto cluster = ett::core::test::testCluster("cli_");
        ASSERT_TRUE(cluster.ok()) << cluster.error().message;
        if (!*cluster) {
            GTEST_SKIP() << ett::core::test::kNoTestCluster;
        }
        m_url = (*cluster)->url;
        m_shards = (*cluster)->shards;
        m_root = fs::temp_directory_path() / ("ett-store-cli-" + m_url.database);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
    }

    void TearDown() override
    {
        if (!m_shards.empty()) {
            ett::core::test::dropTestDatabase({ m_url, m_shards });
        }
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }

    // The URL with its password, as a user types it.
    std::string url() const
    {
        return "clickhouse://" + m_url.user + ":" + m_url.password + "@" + m_url.address() + "/" + m_url.database
            + "?cluster=" + m_url.cluster;
    }

    RunResult ettw(const std::vector<std::string>& args) const
    {
        return runEttwIn(m_root / "work", m_root / "io", args);
    }

    ch::StoreUrl m_url;
    std::vector<std::string> m_shards;
    fs::path m_root;
};

TEST_F(StoreCli, InitImportPushAndStatusNeverShowThePassword)
{
    ASSERT_EQ(ettw({ "generate", "--jobs", "40", "--seed", "3", "--out", "fleet.jsonl" }).exitCode, 0);
    auto noPassword = [&](const RunResult& r) {
        EXPECT_FALSE(contains(r.out, m_url.password)) << r;
        EXPECT_FALSE(contains(r.err, m_url.password)) << r;
    };

    const RunResult init = ettw({ "store", "init", "--store", url(), "--shard", m_shards[0], "--shard", m_shards[1] });
    ASSERT_EQ(init.exitCode, 0) << init;
    EXPECT_TRUE(contains(init.out, "2 shards")) << init;
    noPassword(init);

    // Straight into the store, then the same file through a local database: same content, so
    // the push sends nothing.
    const RunResult imported = ettw({ "import", "--store", url(), "--label", "cli", "fleet.jsonl" });
    ASSERT_EQ(imported.exitCode, 0) << imported;
    EXPECT_TRUE(contains(imported.out, "label 'cli': pushed to")) << imported;
    noPassword(imported);
    ASSERT_EQ(ettw({ "import", "--db", "local.db", "--label", "cli", "fleet.jsonl" }).exitCode, 0);
    const RunResult pushed = ettw({ "push", "--db", "local.db", "--store", url() });
    ASSERT_EQ(pushed.exitCode, 0) << pushed;
    EXPECT_TRUE(contains(pushed.out, "already in")) << pushed;
    EXPECT_TRUE(contains(pushed.out, "nothing was sent")) << pushed;
    noPassword(pushed);

    const RunResult status = ettw({ "store", "status", "--store", url() });
    ASSERT_EQ(status.exitCode, 0) << status;
    EXPECT_TRUE(contains(status.out, "40 jobs")) << status;
    EXPECT_TRUE(contains(status.out, "1 dataset")) << status;
    noPassword(status);
}

TEST_F(StoreCli, AWrongPasswordOrAStoreNotInitialisedIsAClearError)
{
    const std::string wrong = "clickhouse://" + m_url.user + ":Wr0ngSecret@" + m_url.address() + "/" + m_url.database
        + "?cluster=" + m_url.cluster;
    const RunResult denied = ettw({ "store", "status", "--store", wrong });
    EXPECT_EQ(denied.exitCode, 1) << denied;
    EXPECT_TRUE(contains(denied.err, "193")) << denied; // wrong password
    EXPECT_FALSE(contains(denied.err, "Wr0ngSecret")) << denied;
    EXPECT_TRUE(contains(denied.err, ":***@")) << denied;

    const RunResult missing = ettw({ "store", "status", "--store", url() });
    EXPECT_EQ(missing.exitCode, 1) << missing;
    EXPECT_TRUE(contains(missing.err, "ettw store init")) << missing;

    const RunResult badUrl = ettw({ "push", "--store", "clickhouse://u:Secret9@h:1/bad-db" });
    EXPECT_EQ(badUrl.exitCode, 1) << badUrl;
    EXPECT_FALSE(contains(badUrl.err, "Secret9")) << badUrl;
    // A URL in the wrong place is echoed by the usage error, masked.
    const RunResult misplaced = ettw({ "push", "clickhouse://u:Secret9@h:1/db" });
    EXPECT_EQ(misplaced.exitCode, 2) << misplaced;
    EXPECT_TRUE(contains(misplaced.err, "clickhouse://u:***@h:1/db")) << misplaced;
    EXPECT_FALSE(contains(misplaced.err, "Secret9")) << misplaced;
}

// The JSON without its first line naming the source ("database": the file or the store).
std::string withoutSource(const std::string& json)
{
    const size_t key = json.find("\"database\"");
    if (key == std::string::npos) {
        return json;
    }
    const size_t eol = json.find('\n', key);
    return json.substr(0, key) + (eol == std::string::npos ? std::string() : json.substr(eol + 1));
}

TEST_F(StoreCli, SummarySeriesAndJobsOnTheStoreAreTheLocalOnesToTheNanosecond)
{
    ASSERT_EQ(ettw({ "generate", "--jobs", "150", "--seed", "11", "--out", "a.jsonl" }).exitCode, 0);
    ASSERT_EQ(
        ettw({ "generate", "--jobs", "90", "--seed", "12", "--capacity", "none", "--ranks", "4", "--out", "b.jsonl" })
            .exitCode,
        0);
    ASSERT_EQ(ettw({ "import", "--db", "local.db", "--label", "before", "a.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "import", "--db", "local.db", "--label", "after", "b.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "store", "init", "--store", url(), "--shard", m_shards[0], "--shard", m_shards[1] }).exitCode, 0);
    const RunResult pushed = ettw({ "push", "--db", "local.db", "--store", url() });
    ASSERT_EQ(pushed.exitCode, 0) << pushed;

    // Ranges cut jobs, attempts and calendar buckets (the generator starts on 2025-06-01).
    const std::string from = "2025-06-03T07:30:00Z";
    const std::string to = "2025-06-09T12:00:00Z";
    const std::vector<std::vector<std::string>> commands = {
        { "summary" },
        { "summary", "--by", "team" },
        { "summary", "--by", "label" },
        { "summary", "--by", "cluster", "--count-queue" },
        { "summary", "--by", "job" },
        { "summary", "--label", "after", "--by", "model" },
        { "summary", "--label", "before" },
        { "summary", "--from", from },
        { "summary", "--to", to, "--by", "team" },
        { "summary", "--from", from, "--to", to, "--by", "job", "--count-queue" },
        { "series" },
        { "series", "--every", "hour", "--label", "after" },
        { "series", "--every", "week", "--count-queue" },
        { "series", "--from", from, "--to", to },
        { "series", "--every", "hour", "--from", from, "--count-queue" },
        { "series", "--every", "day", "--job", "job-000007", "--label", "before" },
        { "series", "--rolling", "1h", "--step", "25m" },
        { "series", "--rolling", "1d", "--step", "6h", "--from", from, "--to", to, "--count-queue" },
        { "series", "--rolling", "2h", "--job", "job-000042", "--label", "after" },
        { "jobs", "--limit", "0" },
        { "jobs", "--sort", "ett", "--label", "before" },
        { "job", "job-000007", "--label", "before" },
        { "job", "job-000042", "--label", "after" },
        { "compare", "--a", "label=before", "--b", "label=after" },
        { "advise", "--by", "team" },
        { "advise", "--job", "job-000007", "--label", "before" },
        { "compare", "--a", "label=before", "--b", "label=after,from=" + from, "--match-by", "team", "--count-queue" },
        { "intervals", "--bucket", "lost_progress" },
        { "intervals", "--bucket", "recovery", "--from", from, "--to", to, "--limit", "0" },
        { "intervals", "--bucket", "queue", "--count-queue", "--sort", "start", "--label", "before" },
        { "intervals", "--bucket", "productive", "--job", "job-000007", "--label", "before", "--attempt", "0", "--sort",
            "duration" },
        // Spec 7.4: the parts outside the excluded windows, counted and summed as the roll-up does.
        { "intervals", "--bucket", "productive", "--exclude", "maint.json" },
        { "intervals", "--bucket", "recovery", "--from", from, "--to", to, "--limit", "0", "--exclude", "maint.json" },
        { "intervals", "--bucket", "productive", "--job", "job-000007", "--label", "before", "--sort", "start",
            "--exclude", "maint.json" },
        // ... and out of each job's loop, window and lost progress for the advice.
        { "advise", "--by", "team", "--exclude", "maint.json" },
        { "advise", "--by", "job", "--label", "after", "--exclude", "maint.json" },
        { "causes" },
        { "causes", "--label", "before", "--from", from },
        { "causes", "--rules", "rules.json", "--scope", "team=ads|llm" },
        { "restarts", "--job", "job-000007", "--label", "before" },
        { "ranks", "--job", "job-000042", "--label", "after" },
        { "hosts" },
        { "hosts", "--label", "after", "--from", from, "--top", "5" },
    };
    writeFile(m_root / "work" / "maint.json",
        R"([{"start": "2025-06-04T00:00:00Z", "end": "2025-06-04T12:00:00Z"},
            {"start": "2025-06-06T03:17:00Z", "end": "2025-06-06T05:00:00.5Z"}])");
    writeFile(
        m_root / "work" / "rules.json", R"({"rules": [{"match": {"cause": "infra"}, "set_cause": "infra.hardware"}]})");
    for (const auto& command : commands) {
        for (const char* format : { "json", "csv" }) {
            const bool tableOnly = command.front() == "job" || command.front() == "compare"
                || command.front() == "advise" || command.front() == "causes" || command.front() == "restarts"
                || command.front() == "ranks" || command.front() == "hosts";
            if (tableOnly && std::string(format) == "csv") {
                continue; // no CSV form
            }
            std::vector<std::string> local = command;
            std::vector<std::string> store = command;
            local.insert(local.end(), { "--db", "local.db", "--format", format });
            if (!tableOnly || command.front() == "causes") {
                local.insert(local.end(), { "--backend", "cpu" });
            }
            store.insert(store.end(), { "--store", url(), "--format", format });
            const RunResult l = ettw(local);
            const RunResult s = ettw(store);
            std::string what;
            for (const auto& a : command) {
                what += a + " ";
            }
            ASSERT_EQ(l.exitCode, 0) << what << l;
            ASSERT_EQ(s.exitCode, 0) << what << s;
            EXPECT_GT(s.out.size(), 100u) << what << s;
            EXPECT_EQ(withoutSource(s.out), withoutSource(l.out)) << what << format;
            EXPECT_FALSE(contains(s.out, m_url.password));
        }
    }
    // The windows take time out of the intervals listed on the store (the test means something).
    const RunResult whole
        = ettw({ "intervals", "--bucket", "productive", "--store", url(), "--format", "json", "--limit", "0" });
    const RunResult cut = ettw({ "intervals", "--bucket", "productive", "--store", url(), "--format", "json", "--limit",
        "0", "--exclude", "maint.json" });
    ASSERT_EQ(whole.exitCode, 0) << whole;
    ASSERT_EQ(cut.exitCode, 0) << cut;
    EXPECT_NE(withoutSource(whole.out), withoutSource(cut.out));
    EXPECT_TRUE(contains(cut.out, "2025-06-06T05:00:00.5Z")) << "the windows are stated";
    const RunResult advice = ettw({ "advise", "--store", url(), "--format", "json" });
    const RunResult adviceCut = ettw({ "advise", "--store", url(), "--format", "json", "--exclude", "maint.json" });
    ASSERT_EQ(advice.exitCode, 0) << advice;
    ASSERT_EQ(adviceCut.exitCode, 0) << adviceCut;
    auto loopOf = [](const std::string& out) { return out.substr(out.find("\"loop_s\""), 40); };
    EXPECT_NE(loopOf(advice.out), loopOf(adviceCut.out)) << "the windows take time out of the loop";
    // The report from the store has the local report's pages (its figures come from the same calls).
    const RunResult localReport
        = ettw({ "report", "--db", "local.db", "--out", "l.pdf", "--a", "label=before", "--b", "label=after" });
    const RunResult storeReport
        = ettw({ "report", "--store", url(), "--out", "s.pdf", "--a", "label=before", "--b", "label=after" });
    ASSERT_EQ(localReport.exitCode, 0) << localReport;
    ASSERT_EQ(storeReport.exitCode, 0) << storeReport;
    auto pages = [](const std::string& out) {
        return out.substr(out.find("report of"), out.find(" pages") - out.find("report of"));
    };
    EXPECT_EQ(pages(storeReport.out), pages(localReport.out));
    EXPECT_GT(fs::file_size(m_root / "work" / "s.pdf"), 20000u);
    // Tables name the store (masked) where they name the database.
    const RunResult table = ettw({ "summary", "--store", url() });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_TRUE(contains(table.out, "Fleet summary of clickhouse://" + m_url.user + ":***@")) << table;
    EXPECT_FALSE(contains(table.out, m_url.password));
    // The read-only user (as the window connects) gets the same answers and may not push.
    const std::string reader = ch::processEnv("ETT_TEST_STORE_READER").value_or("");
    ASSERT_NE(reader.find(':'), std::string::npos) << "ETT_TEST_STORE_READER must be USER:PASSWORD";
    const std::string readerUrl
        = "clickhouse://" + reader + "@" + m_url.address() + "/" + m_url.database + "?cluster=" + m_url.cluster;
    const RunResult local = ettw({ "summary", "--db", "local.db", "--format", "json", "--by", "team" });
    const RunResult read = ettw({ "summary", "--store", readerUrl, "--format", "json", "--by", "team" });
    ASSERT_EQ(read.exitCode, 0) << read;
    EXPECT_EQ(withoutSource(read.out), withoutSource(local.out));
    ASSERT_EQ(ettw({ "import", "--db", "other.db", "--label", "other", "b.jsonl" }).exitCode, 0);
    const RunResult refused = ettw({ "push", "--db", "other.db", "--store", readerUrl });
    EXPECT_EQ(refused.exitCode, 1) << refused;
    EXPECT_TRUE(contains(refused.err, "may only read")) << refused;

    const RunResult bad = ettw({ "summary", "--store", url(), "--format", "json", "--by", "nosuch" });
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_TRUE(contains(bad.err, "cannot group by 'nosuch'")) << bad;
    const RunResult label = ettw({ "series", "--store", url(), "--label", "nosuch" });
    EXPECT_EQ(label.exitCode, 1);
    EXPECT_TRUE(contains(label.err, "no dataset label 'nosuch'")) << label;
    EXPECT_TRUE(contains(label.err, "after, before")) << label;
}

// The JSON without the lines that name the source ("source", and the evidence commands that name it).
std::string withoutSourceLines(const std::string& json)
{
    std::string out;
    size_t at = 0;
    while (at < json.size()) {
        size_t eol = json.find('\n', at);
        eol = eol == std::string::npos ? json.size() : eol + 1;
        const std::string line = json.substr(at, eol - at);
        if (!contains(line, "\"source\"") && !contains(line, "\"evidence\"")) {
            out += line;
        }
        at = eol;
    }
    return out;
}

TEST_F(StoreCli, AlertsOnTheStoreFireWhatTheyFireOnTheDatabaseWithTheSameExitStatus)
{
    ASSERT_EQ(ettw({ "generate", "--jobs", "40", "--seed", "3", "--out", "fleet.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "store", "init", "--store", url(), "--shard", m_shards[0], "--shard", m_shards[1] }).exitCode, 0);
    ASSERT_EQ(ettw({ "import", "--db", "local.db", "--label", "cli", "fleet.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "push", "--db", "local.db", "--store", url() }).exitCode, 0);

    // Thresholds this fleet crosses: its checkpoint cost, ETT% and slow starts.
    const std::vector<std::string> firing = { "--now", "latest", "--checkpoint-budget", "1s", "--ett-below", "99",
        "--slow-start-factor", "1.01", "--format", "json" };
    auto alerts = [&](const std::vector<std::string>& source, const std::vector<std::string>& options) {
        std::vector<std::string> args = { "alerts" };
        args.insert(args.end(), source.begin(), source.end());
        args.insert(args.end(), options.begin(), options.end());
        return ettw(args);
    };
    const RunResult local = alerts({ "--db", "local.db" }, firing);
    const RunResult store = alerts({ "--store", url() }, firing);
    ASSERT_EQ(local.exitCode, 4) << local;
    EXPECT_EQ(store.exitCode, 4) << store;
    for (const char* detector : { "\"checkpoint_cost\"", "\"ett_drop\"", "\"slow_start\"" }) {
        EXPECT_TRUE(contains(local.out, detector)) << detector << "\n" << local.out;
    }
    EXPECT_EQ(withoutSourceLines(store.out), withoutSourceLines(local.out));
    // The evidence names the store, never its password.
    EXPECT_TRUE(contains(store.out, "\"evidence\": \"ettw summary --store")) << store.out;
    EXPECT_FALSE(contains(store.out, m_url.password)) << store.out;
    EXPECT_FALSE(contains(store.err, m_url.password)) << store.err;

    // The defaults: nothing fires on either, exit status 0.
    const RunResult quietLocal = alerts({ "--db", "local.db" }, { "--now", "latest" });
    const RunResult quietStore = alerts({ "--store", url() }, { "--now", "latest" });
    EXPECT_EQ(quietLocal.exitCode, 0) << quietLocal;
    EXPECT_EQ(quietStore.exitCode, 0) << quietStore;
    EXPECT_TRUE(contains(quietStore.out, "No alert at 2025-06-15T14:41:14.377Z")) << quietStore;
}

// `ettw bench store --queries-only` times every query the window and the report run on the store
// (the Intervals dialog's included) and names the store without its password.
TEST_F(StoreCli, BenchStoreQueriesOnlyTimesEveryQueryOnTheStore)
{
    ASSERT_EQ(ettw({ "generate", "--jobs", "30", "--seed", "5", "--out", "fleet.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "store", "init", "--store", url(), "--shard", m_shards[0], "--shard", m_shards[1] }).exitCode, 0);
    ASSERT_EQ(ettw({ "import", "--db", "local.db", "--label", "cli", "fleet.jsonl" }).exitCode, 0);
    ASSERT_EQ(ettw({ "push", "--db", "local.db", "--store", url() }).exitCode, 0);
    const RunResult bench = ettw({ "bench", "store", "--store", url(), "--queries-only", "--repeats", "1" });
    ASSERT_EQ(bench.exitCode, 0) << bench;
    EXPECT_TRUE(contains(bench.out, "\"shards\": 2")) << bench.out;
    const std::string version = ettw({ "--version" }).out; // "ettw 0.2.0 (commit abc1234, ..."
    const size_t at = version.find("(commit ");
    ASSERT_NE(at, std::string::npos) << version;
    const std::string commit = version.substr(at + 8, version.find(',', at) - at - 8);
    EXPECT_TRUE(contains(bench.out, "\"ettw_commit\": \"" + commit + "\"")) << bench.out;
    for (const char* key : { "open_s", "rollup_by_team_s", "series_per_day_s", "percentiles_s", "top_jobs_s",
             "intervals_productive_s", "intervals_lost_progress_s", "peak_rss_mb" }) {
        EXPECT_TRUE(contains(bench.out, "\"" + std::string(key) + "\": ")) << key << "\n" << bench.out;
    }
    EXPECT_FALSE(contains(bench.out, m_url.password)) << bench.out;
}

} // namespace
