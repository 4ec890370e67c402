// Summaries over all time from the columnar copy's roll-ups (app/service/pre_rolled.h): for every
// label, grouping and way of counting the queue, what summarize() over the loaded fleet gives; kept
// right through later imports (a chunk of two labels) and a label's removal; none where they cannot
// answer (another grouping, a dirty chunk, no builder installed), and damage named.
#include "app/service/local_fleet_source.h"
#include "app/service/overview.h"
#include "app/service/pre_rolled.h"
#include "core/store/chunk_rollups.h"
#include "core/store/column_store.h"
#include "core/store/database.h"
#include "core/store/label_removal.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

constexpr int64_t kDayNs = 86'400'000'000'000;
constexpr int64_t kJune1 = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z

// What a summary shows of two figures: every sum and count, and each sample list's count, sum and
// percentiles.
void expectSameFigures(const core::Figures& a, const core::Figures& b, const std::string& what)
{
    SCOPED_TRACE(what);
    EXPECT_EQ(a.jobs, b.jobs);
    EXPECT_EQ(a.attempts, b.attempts);
    EXPECT_TRUE(a.e2eNs == b.e2eNs);
    EXPECT_TRUE(a.e2eGpuNs == b.e2eGpuNs);
    EXPECT_TRUE(a.bucketsNs == b.bucketsNs);
    EXPECT_TRUE(a.bucketsGpuNs == b.bucketsGpuNs);
    EXPECT_EQ(a.failures, b.failures);
    EXPECT_EQ(a.preemptions, b.preemptions);
    EXPECT_EQ(a.otherInterruptions, b.otherInterruptions);
    EXPECT_EQ(a.noCheckpointDataJobs, b.noCheckpointDataJobs);
    for (size_t l = 0; l < core::kSampleLists; ++l) {
        const auto list = static_cast<core::SampleList>(l);
        EXPECT_TRUE(a.rankedSamples(list) == b.rankedSamples(list)) << "sample list " << l;
    }
}

class PreRolled : public ::testing::Test
{
protected:
    void SetUp() override { installChunkRollupBuilder(); }

    std::string fleet(const std::string& name, int64_t jobs, uint64_t seed, int64_t startNs)
    {
        core::GeneratorOptions o;
        o.jobs = jobs;
        o.seed = seed;
        o.startNs = startNs;
        o.days = 10;
        return m_store.write(name, core::test::fleetText(o));
    }

    FleetGroups loaded(const std::optional<std::string>& label, const std::optional<std::string>& by, bool countQueue)
    {
        LocalFleetSource::LoadOptions o;
        o.backend = gpu::BackendKind::Cpu;
        o.label = label;
        o.withDetail = false;
        auto s = LocalFleetSource::load(m_store.db(), o);
        EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
        core::CohortSpec scope;
        scope.countQueue = countQueue;
        auto g = summarize(**s, scope, by);
        EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
        return g.ok() ? std::move(*g) : FleetGroups {};
    }

    // Every label (and all of them), every attribute and none, queue counted and not.
    void expectEveryoneSame(const std::vector<std::string>& labels)
    {
        std::vector<std::optional<std::string>> scopes { std::nullopt };
        for (const auto& l : labels) {
            scopes.emplace_back(l);
        }
        for (const auto& label : scopes) {
            for (const std::optional<std::string>& by : { std::optional<std::string> {},
                     std::optional<std::string> { "team" }, std::optional<std::string> { "model" },
                     std::optional<std::string> { "cluster" }, std::optional<std::string> { "priority" } }) {
                for (const bool queue : { false, true }) {
                    const std::string what = "label " + label.value_or("(all)") + ", by " + by.value_or("(none)")
                        + (queue ? ", queue counted" : "");
                    auto pre = preRolledSummary(m_store.db(), label, by, queue);
                    ASSERT_TRUE(pre.ok()) << pre.error().message;
                    ASSERT_TRUE(pre->has_value()) << what;
                    const FleetGroups want = loaded(label, by, queue);
                    const FleetGroups& got = (*pre)->summary;
                    ASSERT_GT(want.fleet.jobs, 0) << what;
                    expectSameFigures(got.fleet, want.fleet, what);
                    ASSERT_EQ(got.groups.size(), want.groups.size()) << what;
                    for (const auto& [name, f] : want.groups) {
                        ASSERT_TRUE(got.groups.contains(name)) << what << ": group " << name;
                        expectSameFigures(got.groups.at(name), f, what + ", group " + name);
                    }
                }
            }
        }
    }

    core::test::Store m_store;
};

TEST_F(PreRolled, EveryLabelGroupingAndQueueCountGivesWhatTheFleetGives)
{
    m_store.import(fleet("june.jsonl", 4095, 11, kJune1), "june");
    m_store.import(fleet("july.jsonl", 700, 12, kJune1 + 30 * kDayNs), "july");
    EXPECT_GT(m_store.count("SELECT count(*) FROM column_rollups WHERE key = 'team'"), 1);
    expectEveryoneSame({ "june", "july" });
    // A third label in the second chunk (its jobs next to july's), then june removed: the chunks'
    // roll-ups are rebuilt with them.
    m_store.import(fleet("aug.jsonl", 300, 13, kJune1 + 60 * kDayNs), "aug");
    EXPECT_EQ(m_store.count("SELECT count(DISTINCT label) FROM column_rollups WHERE chunk = 1"), 2);
    expectEveryoneSame({ "june", "july", "aug" });
    ASSERT_TRUE(core::removeLabel(m_store.db(), "june").ok());
    EXPECT_EQ(m_store.count("SELECT count(*) FROM column_rollups WHERE chunk = 0"), 0);
    expectEveryoneSame({ "july", "aug" });
}

TEST_F(PreRolled, ALabelOfJobsWithoutAttemptsShowsNoGroup)
{
    m_store.import(fleet("june.jsonl", 300, 61, kJune1), "june");
    // Two jobs still queued (no attempt), in the same chunk, one without a team.
    m_store.import(m_store.write("queued.jsonl",
                       "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n"
                       "{\"type\":\"job\",\"job\":\"Q1\",\"gpus\":8,\"attrs\":{\"team\":\"ads\"}}\n"
                       "{\"type\":\"job\",\"job\":\"Q2\",\"gpus\":8}\n"),
        "queued");
    expectEveryoneSame({ "june" });
    // Nothing of the label counts: no group (the engine shows only groups with something counted).
    auto whole = preRolledSummary(m_store.db(), std::string("queued"), std::nullopt, false);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    ASSERT_TRUE(whole->has_value());
    expectSameFigures((*whole)->summary.fleet, loaded(std::string("queued"), std::nullopt, false).fleet, "queued");
    EXPECT_EQ((*whole)->summary.fleet.jobs, 0);
    // By team: no row of the label's (no group counted anything), so the fleet answers: no group.
    auto byTeam = preRolledSummary(m_store.db(), std::string("queued"), std::string("team"), false);
    ASSERT_TRUE(byTeam.ok());
    EXPECT_FALSE(byTeam->has_value());
    EXPECT_TRUE(loaded(std::string("queued"), std::string("team"), false).groups.empty());
    // Every job together: the queued jobs add nothing, and no empty "(none)" group appears.
    auto all = preRolledSummary(m_store.db(), std::nullopt, std::string("team"), false);
    ASSERT_TRUE(all.ok() && all->has_value());
    const FleetGroups want = loaded(std::nullopt, std::string("team"), false);
    EXPECT_EQ((*all)->summary.groups.size(), want.groups.size());
    expectSameFigures((*all)->summary.fleet, want.fleet, "all, by team");
}

TEST_F(PreRolled, AnswersNothingWhereTheRollUpsCannot)
{
    m_store.import(fleet("june.jsonl", 500, 21, kJune1), "june");
    auto& db = m_store.db();
    for (const char* by : { "cause_class", "job", "label", "attempt", "no_such_key" }) {
        auto pre = preRolledSummary(db, std::nullopt, std::string(by), false);
        ASSERT_TRUE(pre.ok()) << pre.error().message;
        EXPECT_FALSE(pre->has_value()) << by;
    }
    auto unknownLabel = preRolledSummary(db, std::string("nope"), std::nullopt, false);
    ASSERT_TRUE(unknownLabel.ok());
    EXPECT_FALSE(unknownLabel->has_value());
    ASSERT_TRUE(preRolledSummary(db, std::nullopt, std::string("team"), false)->has_value());
    // A chunk a write outside the workbench left listed is read from the rows.
    ASSERT_TRUE(db.exec("INSERT INTO column_dirty VALUES(0)").ok());
    EXPECT_FALSE(preRolledSummary(db, std::nullopt, std::string("team"), false)->has_value());
    ASSERT_TRUE(db.exec("DELETE FROM column_dirty").ok());
    // A grouping not rolled up (too many groups) sends the summary to the fleet too.
    ASSERT_TRUE(db.exec("UPDATE column_rollups SET groups = -1 WHERE key = 'model'").ok());
    EXPECT_FALSE(preRolledSummary(db, std::nullopt, std::string("model"), false)->has_value());
    EXPECT_TRUE(preRolledSummary(db, std::nullopt, std::string("team"), false)->has_value());
}

TEST_F(PreRolled, ChunksRebuiltWithoutABuilderHaveNone)
{
    core::setChunkRollupBuilder({});
    m_store.import(fleet("june.jsonl", 300, 31, kJune1), "june");
    EXPECT_EQ(m_store.count("SELECT count(*) FROM column_rollups"), 0);
    auto pre = preRolledSummary(m_store.db(), std::nullopt, std::nullopt, false);
    ASSERT_TRUE(pre.ok());
    EXPECT_FALSE(pre->has_value());
    // The next write with the builder installed rebuilds the chunk (both labels' jobs) with them.
    installChunkRollupBuilder();
    m_store.import(fleet("july.jsonl", 200, 32, kJune1 + 20 * kDayNs), "july");
    EXPECT_EQ(m_store.count("SELECT count(*) FROM column_rollups WHERE key = ''"), 2);
    expectEveryoneSame({ "june", "july" });
}

TEST_F(PreRolled, ADatabaseFromBeforeThemGainsThemAtItsNextWrite)
{
    m_store.import(fleet("june.jsonl", 4095, 51, kJune1), "june");
    m_store.import(fleet("july.jsonl", 300, 52, kJune1 + 20 * kDayNs), "july");
    auto& db = m_store.db();
    ASSERT_TRUE(db.exec("DROP TABLE column_rollups").ok());
    EXPECT_FALSE(preRolledSummary(db, std::nullopt, std::nullopt, false)->has_value());
    auto size = core::columnStoreSize(db);
    ASSERT_TRUE(size.ok());
    EXPECT_FALSE(size->rollups);
    // What `ettw upgrade` does: a write transaction that writes nothing else.
    ASSERT_TRUE(core::inTransaction(db, [] { return core::Status::success(); }).ok());
    EXPECT_TRUE(core::columnStoreSize(db)->rollups);
    EXPECT_EQ(m_store.count("SELECT count(DISTINCT chunk) FROM column_rollups"), 2);
    expectEveryoneSame({ "june", "july" });
}

TEST_F(PreRolled, DamageIsNamedByChunkLabelAndKey)
{
    m_store.import(fleet("june.jsonl", 300, 41, kJune1), "june");
    auto& db = m_store.db();
    // Valid zstd frames of wrong bytes: the row's count of groups, then a truncated group.
    ASSERT_TRUE(db.exec("UPDATE column_rollups SET groups = 7 WHERE key = 'team'").ok());
    auto wrongCount = preRolledSummary(db, std::nullopt, std::string("team"), false);
    ASSERT_FALSE(wrongCount.ok());
    EXPECT_NE(wrongCount.error().message.find("the roll-up of chunk 0, label "), std::string::npos)
        << wrongCount.error().message;
    EXPECT_NE(wrongCount.error().message.find("key 'team'"), std::string::npos) << wrongCount.error().message;
    ASSERT_TRUE(db.exec("UPDATE column_rollups SET data = x'00' WHERE key = 'team'").ok());
    auto damaged = preRolledSummary(db, std::nullopt, std::string("team"), false);
    ASSERT_FALSE(damaged.ok());
    EXPECT_NE(damaged.error().message.find("key 'team'"), std::string::npos) << damaged.error().message;
}

} // namespace
} // namespace ett::app
