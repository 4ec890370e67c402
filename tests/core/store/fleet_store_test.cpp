// The fleet store against a real two-shard ClickHouse cluster (tests/store/clickhouse_cluster.sh,
// started by packaging/run-tests.sh, which sets ETT_TEST_STORE_URL and ETT_TEST_STORE_SHARDS).
// Without them every test here is skipped, so a plain ctest passes on a machine without
// ClickHouse. Each test works in its own database, dropped at the end.
#include "core/model/rollup.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/push.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/columns_loader.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <random>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/test_store.h"

namespace ett::core::clickhouse {
namespace {

using test::Store;
using test::TempDir;

std::vector<std::string> splitCommas(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!item.empty()) {
            out.push_back(item);
        }
    }
    return out;
}

std::string decimal(Wide v)
{
    return formatWide(v);
}

// A synthetic fleet as an ETT trace.
std::string generatedTrace(int64_t jobs, uint64_t seed)
{
    GeneratorOptions o;
    o.jobs = jobs;
    o.seed = seed;
    return test::fleetText(o);
}

// What the local engine is loaded with, counted.
struct LocalCounts
{
    int64_t jobs = 0, attempts = 0, segments = 0, phases = 0, checkpoints = 0;
    std::string segmentNs, segmentGpuNs;
};

LocalCounts localCounts(Database& db, const std::optional<std::string>& label = std::nullopt)
{
    ColumnsQuery q;
    q.label = label;
    q.withPhases = true;
    auto fleet = loadStoredFleet(db, q);
    EXPECT_TRUE(fleet.ok()) << (fleet.ok() ? "" : fleet.error().message);
    LocalCounts out;
    if (!fleet.ok()) {
        return out;
    }
    const FleetColumns& c = fleet->columns;
    const Attribution& at = fleet->attribution;
    out.jobs = static_cast<int64_t>(c.jobs());
    out.attempts = static_cast<int64_t>(c.attempts());
    out.segments = static_cast<int64_t>(at.segments());
    out.phases = static_cast<int64_t>(c.phases());
    out.checkpoints = static_cast<int64_t>(c.checkpoints());
    Wide ns = 0, gpuNs = 0;
    for (size_t a = 0; a < c.attempts(); ++a) {
        for (auto s = static_cast<size_t>(at.attemptSegmentBegin[a]);
             s < static_cast<size_t>(at.attemptSegmentBegin[a + 1]); ++s) {
            const Wide d = at.segmentEndNs[s] - at.segmentStartNs[s];
            ns += d;
            gpuNs += d * c.attemptGpus[a];
        }
    }
    out.segmentNs = decimal(ns);
    out.segmentGpuNs = decimal(gpuNs);
    return out;
}

void expectSameCounts(const StoreCounts& store, const LocalCounts& local)
{
    EXPECT_EQ(store.jobs, local.jobs);
    EXPECT_EQ(store.attempts, local.attempts);
    EXPECT_EQ(store.segments, local.segments);
    EXPECT_EQ(store.phases, local.phases);
    EXPECT_EQ(store.checkpoints, local.checkpoints);
    EXPECT_EQ(store.segmentNs, local.segmentNs);
    EXPECT_EQ(store.segmentGpuNs, local.segmentGpuNs);
}

class FleetStoreCluster : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto env = processEnv("ETT_TEST_STORE_URL");
        if (!env || env->empty()) {
            GTEST_SKIP() << "ETT_TEST_STORE_URL is not set: no ClickHouse cluster to test against "
                            "(packaging/run-tests.sh starts one with tests/store/clickhouse_cluster.sh)";
        }
        auto url = parseStoreUrl(*env);
        ASSERT_TRUE(url.ok()) << url.error().message;
        m_url = *url;
        // A database of this test's own, so that tests run in parallel on one cluster.
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = std::string("t_") + info->name() + "_" + std::to_string(std::random_device {}() % 1000000);
        for (char& ch : name) {
            if (!isPlainIdentifier(std::string(1, ch)) && !(ch >= '0' && ch <= '9')) {
                ch = '_';
            }
        }
        m_url.database = name.substr(0, 60);
        m_shards = splitCommas(processEnv("ETT_TEST_STORE_SHARDS").value_or(""));
        ASSERT_EQ(m_shards.size(), 2u) << "ETT_TEST_STORE_SHARDS must name the two shards' HTTP addresses";
        auto store = FleetStore::open(m_url);
        ASSERT_TRUE(store.ok()) << store.error().message;
        m_store = std::move(*store);
    }

    void TearDown() override
    {
        if (!m_store) {
            return;
        }
        for (const auto& s : m_shards) {
            auto hp = parseHostPort(s);
            if (hp.ok()) {
                auto c = m_store->connect({ hp->first, hp->second, "shard" });
                (void)c->query("DROP DATABASE IF EXISTS " + m_url.database);
            }
        }
    }

    void init()
    {
        auto r = m_store->init(m_shards);
        ASSERT_TRUE(r.ok()) << r.error().message;
    }

    std::unique_ptr<HttpConnection> shard(size_t i)
    {
        auto hp = parseHostPort(m_shards[i]);
        return m_store->connect({ hp->first, hp->second, "shard " + std::to_string(i + 1) });
    }

    int64_t countOn(HttpConnection& c, const std::string& sql)
    {
        auto r = c.query(sql + " FORMAT TSV");
        EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
        return r.ok() && !r->empty() ? std::stoll(*r) : -1;
    }

    StoreCounts counts(const std::optional<std::string>& label = std::nullopt)
    {
        auto c = m_store->counts(label);
        EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
        return c.ok() ? *c : StoreCounts {};
    }

    StoreUrl m_url;
    std::vector<std::string> m_shards;
    std::unique_ptr<FleetStore> m_store;
};

TEST_F(FleetStoreCluster, InitCreatesTheTablesOnEveryShardAndCanRunAgain)
{
    init();
    init();
    for (size_t i = 0; i < m_shards.size(); ++i) {
        auto c = shard(i);
        // 8 local tables, 8 Distributed tables and the view of live datasets.
        EXPECT_EQ(countOn(*c, "SELECT count() FROM system.tables WHERE database = " + sqlString(m_url.database)), 17)
            << m_shards[i];
        EXPECT_EQ(countOn(*c,
                      "SELECT count() FROM system.tables WHERE engine = 'Distributed' AND database = "
                          + sqlString(m_url.database)),
            8);
    }
    auto shards = m_store->shards();
    ASSERT_TRUE(shards.ok()) << shards.error().message;
    ASSERT_EQ(shards->size(), 2u);
    EXPECT_EQ((*shards)[1].host + ":" + std::to_string((*shards)[1].port), m_shards[1]);
}

// A store of schema version 2 (no rank_hosts) is refused with the way out; `store init` upgrades
// it and keeps what was pushed; the next push sends the label again, with its ranks' hosts.
TEST_F(FleetStoreCluster, AVersion2StoreIsUpgradedByInitAndKeepsItsRows)
{
    init();
    Store local;
    GeneratorOptions o;
    o.jobs = 40;
    o.seed = 5;
    o.ranks = 4;
    local.import(local.write("fleet.jsonl", test::fleetText(o)), "ranked");
    ASSERT_TRUE(pushDatabase(*m_store, local.db(), std::nullopt, "test").ok());
    const int64_t hosts = countOn(m_store->queryNode(), "SELECT count() FROM " + m_store->table("rank_hosts"));
    EXPECT_GT(hosts, 40);
    // What version 2 looked like: no rank_hosts tables, version 2 in every shard's list, and the
    // label's content hash as version 2 computed it (tables rewritten by copy: 18.16's ALTER
    // UPDATE is asynchronous).
    auto older = labelContentHash(local.db(), "ranked", 2);
    ASSERT_TRUE(older.ok());
    for (size_t i = 0; i < m_shards.size(); ++i) {
        auto c = shard(i);
        const std::string db = m_url.database + ".";
        for (const std::string& sql :
            {
                "DROP TABLE " + db + "rank_hosts",
                "DROP TABLE " + db + "rank_hosts_local",
                "CREATE TABLE " + db + "shards_v2 AS " + db + "shards_local",
                "INSERT INTO " + db + "shards_v2 SELECT idx, host, port, self, toUInt32(2) FROM " + db + "shards_local",
                "DROP TABLE " + db + "shards_local",
                "RENAME TABLE " + db + "shards_v2 TO " + db + "shards_local",
                "CREATE TABLE " + db + "datasets_v2 AS " + db + "datasets_local",
                "INSERT INTO " + db + "datasets_v2 SELECT id, label, " + sqlString(*older)
                    + ", state, seq, at, source, jobs, attempts, segments, phases, checkpoints FROM " + db
                    + "datasets_local",
                "DROP TABLE " + db + "datasets_local",
                "RENAME TABLE " + db + "datasets_v2 TO " + db + "datasets_local",
            }) {
            auto r = c->query(sql);
            ASSERT_TRUE(r.ok()) << sql << ": " << r.error().message;
        }
    }
    auto refused = m_store->shards();
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("schema version 2; this ettw knows version 3: run `ettw store init`"),
        std::string::npos)
        << refused.error().message;
    init();
    ASSERT_TRUE(m_store->shards().ok());
    EXPECT_EQ(counts("ranked").jobs, 40);
    EXPECT_EQ(countOn(m_store->queryNode(), "SELECT count() FROM " + m_store->table("rank_hosts")), 0);
    // No --replace needed: the same files, sent again with what the store now holds.
    auto again = pushDatabase(*m_store, local.db(), std::nullopt, "test");
    ASSERT_TRUE(again.ok()) << again.error().message;
    ASSERT_EQ(again->size(), 1u);
    EXPECT_FALSE((*again)[0].unchanged);
    EXPECT_TRUE((*again)[0].replaced);
    EXPECT_EQ(countOn(m_store->queryNode(), "SELECT count() FROM " + m_store->table("rank_hosts")), hosts);
    EXPECT_EQ(counts("ranked").jobs, 40);
}

TEST_F(FleetStoreCluster, WideSumsComeBackExactBeyondTwentyOneDigits)
{
    // GPU-nanosecond sums of a real fleet pass 10^21 (40,000 jobs: 1.29 x 10^24). 18.16 writes
    // such a Decimal128 wrongly as text (a NUL for its second digit), so sums travel in
    // RowBinary: every digit comes back, whatever the size and sign.
    HttpConnection& c = m_store->queryNode();
    const Wide e18 = 1'000'000'000'000'000'000;
    const std::pair<std::string, Wide> cases[] = {
        { "toDecimal128(toInt64(1000000000000000000), 0) * 1289169", e18 * 1'289'169 },
        { "toDecimal128(toInt64(-1000000000000000000), 0) * 1064787147", -e18 * 1'064'787'147 },
        { "toDecimal128(toInt64(9223372036854775807), 0) * 16384 * 1000000", Wide { INT64_MAX } * 16'384 * 1'000'000 },
        { "toDecimal128(toInt64(0), 0)", 0 },
    };
    for (const auto& [expr, expected] : cases) {
        auto body = c.query("SELECT sum(x) FROM (SELECT " + expr + " AS x) FORMAT RowBinary");
        ASSERT_TRUE(body.ok()) << body.error().message;
        RowBinaryReader r(*body);
        auto v = r.decimal128();
        ASSERT_TRUE(v.ok()) << v.error().message;
        EXPECT_EQ(formatWide(*v), formatWide(expected)) << expr;
        EXPECT_TRUE(r.atEnd());
    }
    EXPECT_EQ(formatWide(e18 * 1'289'169), "1289169000000000000000000");
}

TEST_F(FleetStoreCluster, InitRefusesShardAddressesThatAreNotTheCluster)
{
    auto once = m_store->init({ m_shards[0], m_shards[0] });
    ASSERT_FALSE(once.ok());
    EXPECT_NE(once.error().message.find("not the shards of cluster"), std::string::npos) << once.error().message;
    auto tooFew = m_store->init({ m_shards[0] });
    ASSERT_FALSE(tooFew.ok());
    EXPECT_NE(tooFew.error().message.find("has 2 shards but 1"), std::string::npos) << tooFew.error().message;
}

TEST_F(FleetStoreCluster, HostileStringsRoundTripAsLiteralsAndExternalData)
{
    const std::string hostile = std::string("x' OR 1=1 -- \\ \" \t \n \r ") + '\0' + " \xC3\xA9";
    HttpConnection& c = m_store->queryNode();
    // 1. A literal comes back byte for byte.
    auto lit = c.query("SELECT " + sqlString(hostile) + " FORMAT RowBinary");
    ASSERT_TRUE(lit.ok()) << lit.error().message;
    RowBinaryReader r(*lit);
    EXPECT_EQ(*r.string(), hostile);
    // 2. An external table carries it (the way lists are sent).
    RowBinaryWriter rows;
    rows.string(hostile);
    rows.string("plain");
    auto ext = c.query("SELECT count(), countIf(s = " + sqlString(hostile) + ") FROM ext FORMAT TSV",
        { ExternalTable { "ext", "s String", rows.data() } });
    ASSERT_TRUE(ext.ok()) << ext.error().message;
    EXPECT_EQ(*ext, "2\t1\n");
}

TEST_F(FleetStoreCluster, HostileLabelsKeysAndAttributesSurviveAPush)
{
    init();
    Store local;
    // JSON escapes in the trace: quote, backslash, tab, newline, carriage return, é. (A label may
    // hold no control character: the importer refuses one; the literal test above sends NUL.)
    const std::string key = "x' OR 1=1 -- \\ \" \t \n \r \xC3\xA9";
    const std::string label = "lbl' OR ''=' -- \\ \" \xC3\xA9";
    const std::string trace = std::string(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})")
        + "\n" + R"({"type":"job","job":"x' OR 1=1 -- \\ \" \t \n \r é","gpus":8,"attrs":{"team":"t' -- \\ \"\t"}})"
        + "\n" + R"({"type":"attempt","job":"x' OR 1=1 -- \\ \" \t \n \r é","attempt":0,"start":0,"end":100})" + "\n"
        + R"({"type":"phase","job":"x' OR 1=1 -- \\ \" \t \n \r é","attempt":0,"phase":"train","start":10,"end":90})"
        + "\n";
    local.import(local.write("hostile.jsonl", trace), label);
    auto pushed = pushDatabase(*m_store, local.db(), label, "test");
    ASSERT_TRUE(pushed.ok()) << pushed.error().message;
    auto back = m_store->queryNode().query("SELECT job_key, label, attr_values[1] FROM " + m_store->table("jobs")
        + " WHERE " + liveDatasetsFilter(m_url.database) + " AND label = " + sqlString(label)
        + " AND job_key = " + sqlString(key) + " FORMAT RowBinary");
    ASSERT_TRUE(back.ok()) << back.error().message;
    RowBinaryReader r(*back);
    EXPECT_EQ(*r.string(), key);
    EXPECT_EQ(*r.string(), label);
    EXPECT_EQ(*r.string(), "t' -- \\ \"\t");
    EXPECT_TRUE(r.atEnd());
    auto live = m_store->liveDatasets(label);
    ASSERT_TRUE(live.ok()) << live.error().message;
    ASSERT_EQ(live->size(), 1u);
    EXPECT_EQ(live->front().label, label);
}

TEST_F(FleetStoreCluster, PushLandsEveryRowExactlyOnceAndAgainIsANoOp)
{
    init();
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(300, 7)), "before");
    local.import(local.write("fleet2.jsonl", generatedTrace(120, 8)), "after");
    auto pushed = pushDatabase(*m_store, local.db(), std::nullopt, "test");
    ASSERT_TRUE(pushed.ok()) << pushed.error().message;
    ASSERT_EQ(pushed->size(), 2u);
    EXPECT_FALSE((*pushed)[0].unchanged);
    const LocalCounts expected = localCounts(local.db());
    ASSERT_GT(expected.segments, 1000);
    StoreCounts got = counts();
    EXPECT_EQ(got.datasets, 2);
    expectSameCounts(got, expected);
    expectSameCounts(counts("after"), localCounts(local.db(), "after"));
    // Both shards hold jobs (sharded by job), and a job's rows are all on its shard.
    for (size_t i = 0; i < 2; ++i) {
        auto c = shard(i);
        EXPECT_GT(countOn(*c, "SELECT count() FROM " + m_url.database + ".jobs_local"), 0) << m_shards[i];
        EXPECT_EQ(countOn(*c,
                      "SELECT count() FROM " + m_url.database + ".segments_local WHERE (dataset_id, job_no) NOT IN "
                          + "(SELECT dataset_id, job_no FROM " + m_url.database + ".jobs_local)"),
            0);
    }
    // The same content again: nothing sent, nothing doubled.
    auto again = pushDatabase(*m_store, local.db(), std::nullopt, "test");
    ASSERT_TRUE(again.ok()) << again.error().message;
    for (const auto& r : *again) {
        EXPECT_TRUE(r.unchanged) << r.label;
    }
    expectSameCounts(counts(), expected);
}

TEST_F(FleetStoreCluster, OtherContentUnderAPushedLabelNeedsReplace)
{
    init();
    Store a, b;
    a.import(a.write("a.jsonl", generatedTrace(40, 1)), "cohort");
    b.import(b.write("b.jsonl", generatedTrace(60, 2)), "cohort");
    ASSERT_TRUE(pushDatabase(*m_store, a.db(), std::nullopt, "a").ok());
    auto refused = pushDatabase(*m_store, b.db(), std::nullopt, "b");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("--replace"), std::string::npos) << refused.error().message;
    expectSameCounts(counts(), localCounts(a.db()));
    PushOptions replace;
    replace.replace = true;
    auto replaced = pushDatabase(*m_store, b.db(), std::nullopt, "b", replace);
    ASSERT_TRUE(replaced.ok()) << replaced.error().message;
    EXPECT_TRUE(replaced->front().replaced);
    expectSameCounts(counts(), localCounts(b.db()));
}

TEST_F(FleetStoreCluster, APushStoppedMidwayIsNeverCountedAndARetryCompletesIt)
{
    init();
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(200, 3)), "default");
    const LocalCounts expected = localCounts(local.db());

    // 1. Stop after the first batch a shard accepted (batches of 500 rows).
    std::atomic<int> batches { 0 };
    PushOptions failing;
    failing.batchRows = 500;
    failing.afterBatch = [&](const BatchSent&) -> Status {
        return ++batches >= 1 ? Status(Error { "injected failure" }) : Status::success();
    };
    auto stopped = pushDatabase(*m_store, local.db(), std::nullopt, "test", failing);
    ASSERT_FALSE(stopped.ok());
    EXPECT_NE(stopped.error().message.find("injected failure"), std::string::npos) << stopped.error().message;
    EXPECT_NE(stopped.error().message.find("nothing of it is counted"), std::string::npos);
    // Rows were written, but no query counts them.
    int64_t written = 0;
    for (size_t i = 0; i < 2; ++i) {
        auto c = shard(i);
        written += countOn(*c, "SELECT count() FROM " + m_url.database + ".jobs_local");
    }
    EXPECT_GT(written, 0);
    const StoreCounts none = counts();
    EXPECT_EQ(none.datasets, 0);
    EXPECT_EQ(none.jobs, 0);
    EXPECT_EQ(none.segments, 0);
    EXPECT_EQ(none.segmentNs, "0");

    // 2. A retry drops the unfinished rows and lands every row once.
    PushOptions small;
    small.batchRows = 500;
    auto retried = pushDatabase(*m_store, local.db(), std::nullopt, "test", small);
    ASSERT_TRUE(retried.ok()) << retried.error().message;
    EXPECT_EQ(retried->front().dropped.size(), 1u);
    expectSameCounts(counts(), expected);
    int64_t jobsOnShards = 0;
    for (size_t i = 0; i < 2; ++i) {
        auto c = shard(i);
        jobsOnShards += countOn(*c, "SELECT count() FROM " + m_url.database + ".jobs_local");
    }
    EXPECT_EQ(jobsOnShards, expected.jobs);
}

TEST_F(FleetStoreCluster, APushStoppedInALaterSliceIsNeverCountedAndSlicesNumberJobsOn)
{
    init();
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(200, 4)), "default");
    const LocalCounts expected = localCounts(local.db());

    // 1. Slices of 30 jobs; stop once the third slice is under way.
    std::vector<int64_t> progress;
    PushOptions failing;
    failing.jobsPerSlice = 30;
    failing.afterSlice = [&](const std::string&, int64_t sent, int64_t total) {
        EXPECT_EQ(total, 200);
        progress.push_back(sent);
    };
    failing.afterBatch = [&](const BatchSent&) -> Status {
        return progress.size() >= 2 ? Status(Error { "injected failure" }) : Status::success();
    };
    auto stopped = pushDatabase(*m_store, local.db(), std::nullopt, "test", failing);
    ASSERT_FALSE(stopped.ok());
    EXPECT_EQ(progress, (std::vector<int64_t> { 30, 60 }));
    int64_t written = 0;
    for (size_t i = 0; i < 2; ++i) {
        auto c = shard(i);
        written += countOn(*c, "SELECT count() FROM " + m_url.database + ".jobs_local");
    }
    EXPECT_GE(written, 60);
    EXPECT_EQ(counts().datasets, 0);
    EXPECT_EQ(counts().jobs, 0);

    // 2. A sliced retry lands every row once, each job under its own number.
    PushOptions sliced;
    sliced.jobsPerSlice = 30;
    auto retried = pushDatabase(*m_store, local.db(), std::nullopt, "test", sliced);
    ASSERT_TRUE(retried.ok()) << retried.error().message;
    EXPECT_EQ(retried->front().jobs, 200);
    expectSameCounts(counts(), expected);
    auto c = shard(0);
    EXPECT_EQ(countOn(*c,
                  "SELECT uniqExact(job_no) FROM " + m_url.database
                      + ".jobs WHERE dataset_id = " + std::to_string(retried->front().datasetId)),
        200);
    EXPECT_EQ(countOn(*c,
                  "SELECT max(job_no) FROM " + m_url.database
                      + ".jobs WHERE dataset_id = " + std::to_string(retried->front().datasetId)),
        199);
}

TEST_F(FleetStoreCluster, AQueryInFlightIsAbandonedOnInterruptAndKilledOnTheServer)
{
    // As the window's read-only user: a query of about a minute, abandoned a moment after it began.
    const auto reader = processEnv("ETT_TEST_STORE_READER").value_or("");
    const auto colon = reader.find(':');
    ASSERT_NE(colon, std::string::npos) << "ETT_TEST_STORE_READER is user:password";
    auto hp = parseHostPort(m_shards[0]);
    ASSERT_TRUE(hp.ok());
    HttpConnection c({ hp->first, hp->second, "the store" }, { reader.substr(0, colon), reader.substr(colon + 1) });
    const std::string marker = "ett_cancel_test_" + std::to_string(std::random_device {}());
    const auto started = std::chrono::steady_clock::now();
    c.setInterrupt([&] { return std::chrono::steady_clock::now() - started > std::chrono::milliseconds(300); });
    auto r = c.query("SELECT count() AS " + marker + " FROM (SELECT number FROM system.numbers LIMIT 200000000000)");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(c.cancelled());
    EXPECT_NE(r.error().message.find(kCancelled), std::string::npos) << r.error().message;
    // The server stops it (KILL QUERY by its id): it leaves system.processes.
    c.setInterrupt({});
    int64_t running = -1;
    for (int i = 0; i < 100 && running != 0; ++i) {
        auto n = c.query("SELECT count() FROM system.processes WHERE query LIKE '%AS " + marker
            + " FROM%' AND query NOT LIKE '%system.processes%' FORMAT TSV");
        ASSERT_TRUE(n.ok()) << n.error().message;
        running = std::stoll(*n);
        if (running != 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }
    EXPECT_EQ(running, 0);
    // The connection answers the next query.
    auto next = c.query("SELECT 1 FORMAT TSV");
    ASSERT_TRUE(next.ok()) << next.error().message;
    EXPECT_FALSE(c.cancelled());
}

TEST_F(FleetStoreCluster, APushKilledMidwayIsNeverCountedAndARetryCompletesIt)
{
    init();
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(150, 13)), "default");
    const LocalCounts expected = localCounts(local.db());
    // A child process pushes and is killed (SIGKILL, no cleanup) after its first accepted batch.
    const std::string dbPath = local.dbPath();
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        auto db = Database::open(dbPath, Database::OpenMode::ReadOnly);
        auto store = FleetStore::open(m_url);
        if (!db.ok() || !store.ok()) {
            _exit(2);
        }
        PushOptions o;
        o.batchRows = 500;
        o.afterBatch = [](const BatchSent&) -> Status {
            raise(SIGKILL);
            return Status::success();
        };
        (void)pushDatabase(**store, **db, std::nullopt, "killed", o);
        _exit(3);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
    const StoreCounts none = counts();
    EXPECT_EQ(none.datasets, 0);
    EXPECT_EQ(none.jobs, 0);
    EXPECT_EQ(none.segments, 0);

    auto retried = pushDatabase(*m_store, local.db(), std::nullopt, "retry");
    ASSERT_TRUE(retried.ok()) << retried.error().message;
    EXPECT_EQ(retried->front().dropped.size(), 1u);
    expectSameCounts(counts(), expected);
}

// A cluster of this test's own, on other ports, so that stopping a shard disturbs no other test.
class OwnCluster
{
public:
    explicit OwnCluster(int basePort)
        : m_base(basePort)
    {
        m_started = run("start " + m_dir.path("cluster") + " " + std::to_string(basePort)) == 0;
    }
    ~OwnCluster() { run("stop " + m_dir.path("cluster")); }
    bool started() const { return m_started; }
    int stopShard(int n) { return run("stop " + m_dir.path("cluster") + " " + std::to_string(n)); }
    // Sends a signal to shard n's server (SIGSTOP hangs it, SIGCONT wakes it).
    int signalShard(int n, const char* signal)
    {
        return std::system(("kill -" + std::string(signal) + " \"$(cat " + m_dir.path("cluster") + "/shard"
            + std::to_string(n) + "/pid)\"")
                               .c_str());
    }
    std::string url(const std::string& db) const
    {
        return "clickhouse://ett_writer:ett-writer-test@127.0.0.1:" + std::to_string(m_base + 1) + "/" + db
            + "?cluster=ett_test";
    }
    std::vector<std::string> shards() const
    {
        return { "127.0.0.1:" + std::to_string(m_base + 1), "127.0.0.1:" + std::to_string(m_base + 2) };
    }

private:
    static int run(const std::string& args)
    {
        return std::system((std::string(ETT_CLUSTER_SCRIPT) + " " + args + " >/dev/null").c_str());
    }
    TempDir m_dir;
    int m_base;
    bool m_started = false;
};

TEST(FleetStoreFaults, AStoppedShardIsAnErrorNamingItWithinSeconds)
{
    if (!processEnv("ETT_TEST_STORE_URL")) {
        GTEST_SKIP() << "ETT_TEST_STORE_URL is not set: no ClickHouse to test against";
    }
    OwnCluster cluster(18220);
    ASSERT_TRUE(cluster.started());
    auto url = parseStoreUrl(cluster.url("faults"));
    ASSERT_TRUE(url.ok());
    Timeouts timeouts;
    timeouts.request = std::chrono::milliseconds(20'000);
    auto store = FleetStore::open(*url, timeouts);
    ASSERT_TRUE(store.ok()) << store.error().message;
    ASSERT_TRUE((*store)->init(cluster.shards()).ok());
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(30, 5)), "default");
    auto pushed = pushDatabase(**store, local.db(), std::nullopt, "test");
    ASSERT_TRUE(pushed.ok()) << pushed.error().message;

    ASSERT_EQ(cluster.stopShard(2), 0);
    const std::string shard2 = "shard 2 (" + cluster.shards()[1] + ")";
    // A query through the cluster, then a push (which sends to shard 2 directly).
    const auto t0 = std::chrono::steady_clock::now();
    auto counted = (*store)->counts();
    ASSERT_FALSE(counted.ok());
    EXPECT_NE(counted.error().message.find(shard2), std::string::npos) << counted.error().message;
    EXPECT_EQ(counted.error().message.find("ett-writer-test"), std::string::npos);
    Store other;
    other.import(other.write("other.jsonl", generatedTrace(10, 6)), "other");
    auto refused = pushDatabase(**store, other.db(), std::nullopt, "test");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find(shard2), std::string::npos) << refused.error().message;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(15));
}

TEST(FleetStoreFaults, AHungShardIsAnErrorNamingItWithinSeconds)
{
    if (!processEnv("ETT_TEST_STORE_URL")) {
        GTEST_SKIP() << "ETT_TEST_STORE_URL is not set: no ClickHouse to test against";
    }
    OwnCluster cluster(18250);
    ASSERT_TRUE(cluster.started());
    auto url = parseStoreUrl(cluster.url("hung"));
    ASSERT_TRUE(url.ok());
    // Requests wait at most 25 s; the cluster's own receive timeout (5 s, 3 tries: users.xml)
    // ends a query through a hung shard before that.
    Timeouts timeouts;
    timeouts.request = std::chrono::milliseconds(25'000);
    auto store = FleetStore::open(*url, timeouts);
    ASSERT_TRUE(store.ok()) << store.error().message;
    ASSERT_TRUE((*store)->init(cluster.shards()).ok());
    Store local;
    local.import(local.write("fleet.jsonl", generatedTrace(20, 9)), "default");
    ASSERT_TRUE(pushDatabase(**store, local.db(), std::nullopt, "test").ok());

    ASSERT_EQ(cluster.signalShard(2, "STOP"), 0);
    const auto t0 = std::chrono::steady_clock::now();
    auto counted = (*store)->counts();
    const auto waited = std::chrono::steady_clock::now() - t0;
    ASSERT_EQ(cluster.signalShard(2, "CONT"), 0);
    ASSERT_FALSE(counted.ok()) << "a query through a hung shard must fail, never answer in part";
    EXPECT_NE(counted.error().message.find("shard 2 (" + cluster.shards()[1] + ")"), std::string::npos)
        << counted.error().message;
    EXPECT_LT(waited, std::chrono::seconds(35));
}

} // namespace
} // namespace ett::core::clickhouse
