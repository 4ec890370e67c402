// The restarts use cases of the service: a job's restarts read from a database by key (only its
// timeline) equal those through the fleet source (the path a fleet store takes), job for job; and
// the compile tags of a scope.
#include "app/service/import_files.h"
#include "app/service/restarts.h"
#include "app/service/workspace.h"
#include "core/store/fleet.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

namespace ett::app {
namespace {

namespace fs = std::filesystem;

const std::string kWorkedExample = ETT_SAMPLES_DIR "/worked-example.ett.jsonl";
const std::string kFleet200 = ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz";

class RestartsService : public ::testing::Test
{
protected:
    void SetUp() override
    {
        std::random_device rd;
        m_dir = fs::temp_directory_path() / ("ett-restarts-service-" + std::to_string(rd()));
        fs::create_directories(m_dir);
        auto ws = Workspace::open((m_dir / "w.db").string(), Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        m_ws = std::move(*ws);
        for (const auto& [file, label] : { std::pair { kFleet200, "fleet" }, { kWorkedExample, "example" } }) {
            ImportRequest r;
            r.files = { file };
            r.label = label;
            ASSERT_EQ(importFiles(*m_ws, r, {}, nullptr).failed(), 0);
        }
    }
    void TearDown() override
    {
        m_ws.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    fs::path m_dir;
    std::unique_ptr<Workspace> m_ws;
};

void expectSameRestarts(const core::JobRestarts& a, const core::JobRestarts& b)
{
    ASSERT_EQ(a.stages.size(), b.stages.size()) << a.key;
    for (size_t s = 0; s < a.stages.size(); ++s) {
        EXPECT_EQ(a.stages[s].name, b.stages[s].name) << a.key;
    }
    ASSERT_EQ(a.rows.size(), b.rows.size()) << a.key;
    for (size_t i = 0; i < a.rows.size(); ++i) {
        EXPECT_EQ(a.rows[i].stageNs, b.rows[i].stageNs) << a.key << " row " << i;
        EXPECT_EQ(a.rows[i].compileTagNs, b.rows[i].compileTagNs) << a.key << " row " << i;
        EXPECT_EQ(a.rows[i].recovery, b.rows[i].recovery) << a.key << " row " << i;
        EXPECT_EQ(a.rows[i].lostProgressNs, b.rows[i].lostProgressNs) << a.key << " row " << i;
        EXPECT_EQ(a.rows[i].startupNs, b.rows[i].startupNs) << a.key << " row " << i;
    }
}

TEST_F(RestartsService, ByKeyFromTheDatabaseEqualsThroughTheFleetSource)
{
    auto fleet = m_ws->fleet();
    ASSERT_TRUE(fleet.ok()) << fleet.error().message;
    auto jobs = core::loadFleet(m_ws->store(), core::FleetQuery { std::string("fleet"), std::nullopt, false });
    ASSERT_TRUE(jobs.ok()) << jobs.error().message;
    int restarted = 0;
    for (const auto& j : *jobs) {
        auto direct = jobRestarts(*m_ws, j.key, std::string("fleet"));
        auto through = jobRestarts(**fleet, j.key, std::string("fleet"));
        ASSERT_TRUE(direct.ok()) << direct.error().message;
        ASSERT_TRUE(through.ok()) << through.error().message;
        expectSameRestarts(*direct, *through);
        // Every row's category stages, idle and other add up to its start-up, which is its Time to Start.
        for (size_t i = 0; i < direct->rows.size(); ++i) {
            int64_t sum = 0;
            for (size_t s = 0; s < direct->stages.size(); ++s) {
                sum += direct->stages[s].substage ? 0 : direct->rows[i].stageNs[s];
            }
            EXPECT_EQ(sum, direct->rows[i].startupNs) << j.key;
            EXPECT_EQ(direct->rows[i].startupNs, j.result.attempts[i].ttsNs) << j.key;
        }
        restarted += direct->rows.size() > 1 ? 1 : 0;
    }
    EXPECT_GT(restarted, 10) << "the sample fleet restarts jobs";
}

TEST_F(RestartsService, TheWorkedExamplesRestartCosts)
{
    auto r = jobRestarts(*m_ws, "J1", std::nullopt);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->label, "example");
    ASSERT_EQ(r->rows.size(), 2u);
    constexpr int64_t kS = 1'000'000'000;
    EXPECT_EQ(r->rows[1].recovery, (core::TtrSplit { 0, 300 * kS, 900 * kS }));
    EXPECT_EQ(r->rows[1].lostProgressNs, 1200 * kS);
}

TEST_F(RestartsService, UnknownKeysAndLabelsAreErrors)
{
    auto r = jobRestarts(*m_ws, "NOPE", std::nullopt);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("no job 'NOPE'"), std::string::npos) << r.error().message;
    r = jobRestarts(*m_ws, "J1", std::string("fleet"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("under label 'fleet'"), std::string::npos) << r.error().message;
}

TEST_F(RestartsService, CompileTagsOfTheSampleAreUntaggedAndCountEveryCompilePhase)
{
    // The bundled fleet records compile.pt2, compile.autotune and compile.recompile: nothing tagged.
    auto fleet = m_ws->fleet();
    ASSERT_TRUE(fleet.ok()) << fleet.error().message;
    auto durations = (*fleet)->phaseDurations(core::CohortSpec {});
    ASSERT_TRUE(durations.ok()) << durations.error().message;
    auto tags = compileTagTable(**fleet, core::CohortSpec {});
    ASSERT_TRUE(tags.ok()) << tags.error().message;
    for (auto t : { core::CompileTag::Cold, core::CompileTag::Warm, core::CompileTag::CacheHit }) {
        EXPECT_EQ((*tags)[static_cast<size_t>(t)].count, 0);
    }
    const auto& untagged = (*tags)[static_cast<size_t>(core::CompileTag::Untagged)];
    EXPECT_EQ(untagged.count, static_cast<int64_t>(durations->at("compile").size()));
    EXPECT_GT(untagged.count, 0);
}

} // namespace
} // namespace ett::app
