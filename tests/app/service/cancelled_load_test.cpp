// A load of the local fleet that is cancelled (LocalFleetSource::LoadOptions::cancel) returns an
// Error and leaves the fleet loaded before in place; a SQLite statement stops once its
// connection's cancel flag is set (Database::setCancel), and runs again once it is cleared.
#include "app/service/local_fleet_source.h"
#include "core/store/database.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

class CancelledLoad : public ::testing::Test
{
protected:
    void SetUp() override
    {
        core::GeneratorOptions o;
        o.jobs = 300;
        o.seed = 5;
        o.days = 5;
        m_store.import(m_store.write("fleet.jsonl", core::test::fleetText(o)), "fleet");
    }

    core::test::Store m_store;
};

TEST_F(CancelledLoad, ReturnsAnErrorAndKeepsTheFleetLoadedBefore)
{
    std::atomic<bool> cancel { true };
    LocalFleetSource::LoadOptions o;
    o.backend = gpu::BackendKind::Cpu;
    o.cancel = &cancel;
    auto refused = LocalFleetSource::load(m_store.db(), o);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message, "the load was cancelled");

    // A lean load, then its segments asked for while cancelled: refused, the lean fleet kept.
    cancel = false;
    o.withDetail = false;
    auto lean = LocalFleetSource::load(m_store.db(), o);
    ASSERT_TRUE(lean.ok()) << lean.error().message;
    const core::Figures whole = (*(*lean)->rollup({}, "label")).total;
    cancel = true;
    EXPECT_FALSE((*lean)->ensureDetail().ok());
    cancel = false;
    EXPECT_EQ((*(*lean)->rollup({}, "label")).total.e2eGpuNs, whole.e2eGpuNs);
    ASSERT_TRUE((*lean)->ensureDetail().ok());
    EXPECT_TRUE((*lean)->withDetail());
    EXPECT_EQ((*(*lean)->rollup({}, "label")).total.e2eGpuNs, whole.e2eGpuNs);
}

TEST_F(CancelledLoad, AStatementStopsWhileTheConnectionsFlagIsSet)
{
    // A statement of some millions of steps.
    const std::string sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) "
                            "SELECT count(*) FROM n";
    std::atomic<bool> cancel { true };
    m_store.db().setCancel(&cancel);
    auto stopped = m_store.db().queryInt(sql);
    ASSERT_FALSE(stopped.ok());
    EXPECT_NE(stopped.error().message.find("interrupt"), std::string::npos) << stopped.error().message;
    m_store.db().setCancel(nullptr);
    auto counted = m_store.db().queryInt(sql);
    ASSERT_TRUE(counted.ok()) << counted.error().message;
    EXPECT_EQ(counted->value_or(0), 3000000);
}

} // namespace
} // namespace ett::app
