// The restarts table (core/model/restarts.h) against figures derived by hand: spec 6's worked example
// (and its 7.1 split) and a three-attempt job with init sub-stages on two ranks.
#include "core/model/restarts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "restarts_fixtures.h"

namespace ett::core {
namespace {

using namespace restarts_fixtures;

std::vector<std::string> stageNames(const JobRestarts& r)
{
    std::vector<std::string> out;
    for (const auto& s : r.stages) {
        out.push_back(s.name);
    }
    return out;
}

// The seconds of stage `name` in each row.
std::vector<int64_t> stageSeconds(const JobRestarts& r, const std::string& name)
{
    std::vector<int64_t> out;
    const auto it
        = std::find_if(r.stages.begin(), r.stages.end(), [&](const RestartStage& s) { return s.name == name; });
    EXPECT_NE(it, r.stages.end()) << name;
    if (it == r.stages.end()) {
        return out;
    }
    const auto s = static_cast<size_t>(it - r.stages.begin());
    for (const auto& row : r.rows) {
        EXPECT_EQ(row.stageNs[s] % kS, 0) << name;
        out.push_back(row.stageNs[s] / kS);
    }
    return out;
}

const StageTrend& trendOf(const JobRestarts& r, const std::string& name)
{
    const auto it
        = std::find_if(r.stages.begin(), r.stages.end(), [&](const RestartStage& s) { return s.name == name; });
    return r.trends.at(static_cast<size_t>(it - r.stages.begin()));
}

TEST(RestartsWorkedExample, OneRowPerAttemptWithTheSpecsSplit)
{
    auto r = restartsOf(workedExampleTimeline());
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(r->rows.size(), 2u);
    const RestartRow& first = r->rows[0];
    EXPECT_EQ(first.attempt, 0);
    EXPECT_FALSE(first.previousAttempt);
    EXPECT_FALSE(first.recovery);
    EXPECT_FALSE(first.lostProgressNs);
    EXPECT_EQ(first.startupNs, 1500 * kS); // the job's Time to Start

    const RestartRow& restart = r->rows[1];
    EXPECT_EQ(restart.attempt, 1);
    EXPECT_EQ(restart.previousAttempt, 0);
    EXPECT_EQ(restart.previousOutcome, Outcome::Failed);
    EXPECT_EQ(restart.previousInterruption, Interruption::Failure);
    EXPECT_EQ(restart.previousCause, "infra.gpu");
    // Spec 7.1: detect 0 s, restart 300 s, start-up 900 s; Time to Recover 1200 s.
    ASSERT_TRUE(restart.recovery);
    EXPECT_EQ(*restart.recovery, (TtrSplit { 0, 300 * kS, 900 * kS }));
    EXPECT_EQ(restart.recoveryNs, 1200 * kS);
    EXPECT_EQ(restart.gapBeforeNs, 300 * kS);
    EXPECT_EQ(restart.lostProgressNs, 1200 * kS); // spec 6: train in [36330, 37545) minus the 15 s save
    EXPECT_EQ(restart.startupNs, 900 * kS);
    EXPECT_TRUE(restart.trained);
}

TEST(RestartsWorkedExample, StartUpByStage)
{
    auto r = restartsOf(workedExampleTimeline());
    ASSERT_TRUE(r) << r.error().message;
    // Queue, idle and other hold nothing in any attempt: left out; the four start-up stages stay.
    EXPECT_EQ(stageNames(*r), (std::vector<std::string> { "setup", "init", "checkpoint_load", "compile" }));
    EXPECT_EQ(stageSeconds(*r, "setup"), (std::vector<int64_t> { 0, 0 }));
    EXPECT_EQ(stageSeconds(*r, "init"), (std::vector<int64_t> { 600, 600 }));
    EXPECT_EQ(stageSeconds(*r, "checkpoint_load"), (std::vector<int64_t> { 0, 0 }));
    EXPECT_EQ(stageSeconds(*r, "compile"), (std::vector<int64_t> { 900, 300 }));
    // Compile 900 -> 300: a change of -600 s, not growth; nothing grew.
    EXPECT_EQ(r->rows[1].changeNs[3], -600 * kS);
    EXPECT_EQ(r->rows[1].changeNs[1], 0);
    for (const auto& row : r->rows) {
        EXPECT_EQ(std::count(row.grew.begin(), row.grew.end(), 1), 0);
    }
    EXPECT_FALSE(trendOf(*r, "compile").growing);
    EXPECT_EQ(trendOf(*r, "compile").firstNs, 900 * kS);
    EXPECT_EQ(trendOf(*r, "compile").lastNs, 300 * kS);
    EXPECT_EQ(trendOf(*r, "compile").maxNs, 900 * kS);
}

TEST(RestartsWorkedExample, UntaggedCompileWhenTheTraceSaysNothing)
{
    auto r = restartsOf(workedExampleTimeline());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->rows[0].compileTagNs, (std::array<int64_t, 4> { 0, 0, 0, 900 * kS }));
    EXPECT_EQ(r->rows[1].compileTagNs, (std::array<int64_t, 4> { 0, 0, 0, 300 * kS }));
    EXPECT_EQ(r->rows[0].compileTagText(), "untagged");
}

TEST(RestartsThreeAttempts, PreviousAttemptSplitAndLostProgress)
{
    auto r = restartsOf(threeAttemptsTimeline());
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(r->rows.size(), 3u);
    // Attempt 0 failed at 900 s, ended 1000 s; attempt 1 started 1100 s and trained from 1340 s.
    const RestartRow& r1 = r->rows[1];
    EXPECT_EQ(r1.previousInterruption, Interruption::Failure);
    EXPECT_EQ(r1.previousCause, "infra.network");
    EXPECT_EQ(*r1.recovery, (TtrSplit { 100 * kS, 100 * kS, 240 * kS }));
    EXPECT_EQ(r1.recoveryNs, 440 * kS);
    // Saved point 500 s (durable 520 s): train in [500, 900) less the save [500, 520).
    EXPECT_EQ(r1.lostProgressNs, 380 * kS);
    // Attempt 1 preempted at 1800 s, ended 2000 s; attempt 2 started 2050 s, trained from 2290 s.
    const RestartRow& r2 = r->rows[2];
    EXPECT_EQ(r2.previousOutcome, Outcome::Preempted);
    EXPECT_EQ(r2.previousInterruption, Interruption::Preemption);
    EXPECT_EQ(*r2.recovery, (TtrSplit { 200 * kS, 50 * kS, 240 * kS }));
    EXPECT_EQ(r2.gapBeforeNs, 50 * kS);
    // Saved point 1500 s (durable 1510 s): train in [1500, 1800) less the save [1500, 1510).
    EXPECT_EQ(r2.lostProgressNs, 290 * kS);
    EXPECT_EQ((std::vector<int64_t> { r->rows[0].startupNs, r1.startupNs, r2.startupNs }),
        (std::vector<int64_t> { 260 * kS, 240 * kS, 240 * kS }));
}

TEST(RestartsThreeAttempts, StagesAndSubStagesAreBucketTimeCoveredByTheUnionOverRanks)
{
    auto r = restartsOf(threeAttemptsTimeline());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(stageNames(*r),
        (std::vector<std::string> { "setup", "setup.container", "init", "init.device_init", "init.process_group_init",
            "checkpoint_load", "compile", "compile.cache_hit", "compile.cold", "compile.pt2", "compile.warm",
            "idle" }));
    EXPECT_EQ(stageSeconds(*r, "setup"), (std::vector<int64_t> { 50, 50, 50 }));
    EXPECT_EQ(stageSeconds(*r, "setup.container"), (std::vector<int64_t> { 50, 50, 0 }));
    // Init [50, 130), [1200, 1310), [2100, 2250).
    EXPECT_EQ(stageSeconds(*r, "init"), (std::vector<int64_t> { 80, 110, 150 }));
    // Rank 1's device init runs to 90 s while rank 0's process-group init starts at 80 s: the
    // sub-stages overlap in [80, 90), so 40 + 50 > 80.
    EXPECT_EQ(stageSeconds(*r, "init.device_init"), (std::vector<int64_t> { 40, 30, 30 }));
    EXPECT_EQ(stageSeconds(*r, "init.process_group_init"), (std::vector<int64_t> { 50, 80, 120 }));
    EXPECT_EQ(stageSeconds(*r, "checkpoint_load"), (std::vector<int64_t> { 0, 50, 0 }));
    EXPECT_EQ(stageSeconds(*r, "compile"), (std::vector<int64_t> { 130, 30, 30 }));
    EXPECT_EQ(stageSeconds(*r, "compile.cold"), (std::vector<int64_t> { 130, 0, 0 }));
    EXPECT_EQ(stageSeconds(*r, "compile.warm"), (std::vector<int64_t> { 0, 30, 0 }));
    EXPECT_EQ(stageSeconds(*r, "compile.cache_hit"), (std::vector<int64_t> { 0, 0, 10 }));
    EXPECT_EQ(stageSeconds(*r, "compile.pt2"), (std::vector<int64_t> { 0, 0, 30 }));
    EXPECT_EQ(stageSeconds(*r, "idle"), (std::vector<int64_t> { 0, 0, 10 })); // [2280, 2290)
}

TEST(RestartsThreeAttempts, CategoryStagesIdleAndOtherAddUpToTimeToStart)
{
    for (const JobTimeline& t : { workedExampleTimeline(), threeAttemptsTimeline() }) {
        auto r = restartsOf(t);
        ASSERT_TRUE(r) << r.error().message;
        for (size_t i = 0; i < r->rows.size(); ++i) {
            int64_t sum = 0;
            for (size_t s = 0; s < r->stages.size(); ++s) {
                sum += r->stages[s].substage ? 0 : r->rows[i].stageNs[s];
            }
            EXPECT_EQ(sum, r->rows[i].startupNs) << t.key << " row " << i;
            EXPECT_EQ(r->rows[i].startupNs, t.attempts[i].result.ttsNs) << t.key << " row " << i;
        }
    }
}

TEST(RestartsThreeAttempts, ProcessGroupInitGrowsAndIsFlagged)
{
    auto r = restartsOf(threeAttemptsTimeline());
    ASSERT_TRUE(r) << r.error().message;
    const StageTrend& pg = trendOf(*r, "init.process_group_init");
    EXPECT_TRUE(pg.growing);
    EXPECT_EQ(pg.grownAttempts, 2);
    EXPECT_EQ(pg.firstNs, 50 * kS);
    EXPECT_EQ(pg.lastNs, 120 * kS);
    EXPECT_TRUE(trendOf(*r, "init").growing); // 80, 110, 150
    EXPECT_FALSE(trendOf(*r, "init.device_init").growing); // 40, 30, 30
    EXPECT_FALSE(trendOf(*r, "setup").growing); // flat
    // Checkpoint load 0, 50, 0: grew at attempt 1 only, so not growing.
    const StageTrend& load = trendOf(*r, "checkpoint_load");
    EXPECT_EQ(load.grownAttempts, 1);
    EXPECT_FALSE(load.growing);
    const auto pgIndex = 4u;
    ASSERT_EQ(r->stages[pgIndex].name, "init.process_group_init");
    EXPECT_EQ(r->rows[1].changeNs[pgIndex], 30 * kS);
    EXPECT_EQ(r->rows[2].changeNs[pgIndex], 70 * kS);
    EXPECT_EQ((std::vector<int> { r->rows[0].grew[pgIndex], r->rows[1].grew[pgIndex], r->rows[2].grew[pgIndex] }),
        (std::vector<int> { 0, 1, 1 }));
}

TEST(RestartsThreeAttempts, CompileTagsPerAttempt)
{
    auto r = restartsOf(threeAttemptsTimeline());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->rows[0].compileTagNs, (std::array<int64_t, 4> { 130 * kS, 0, 0, 0 }));
    EXPECT_EQ(r->rows[1].compileTagNs, (std::array<int64_t, 4> { 0, 30 * kS, 0, 0 }));
    // [2250, 2280) compiles; the cache hit covers [2250, 2260), the rest only compile.pt2.
    EXPECT_EQ(r->rows[2].compileTagNs, (std::array<int64_t, 4> { 0, 0, 10 * kS, 20 * kS }));
    EXPECT_EQ(r->rows[0].compileTagText(), "cold");
    EXPECT_EQ(r->rows[1].compileTagText(), "warm");
    EXPECT_EQ(r->rows[2].compileTagText(), "cache_hit+untagged");
    // A stage named by its tag never grows: warm 0 -> 30 s and cache_hit 0 -> 10 s are other
    // compiles, not longer ones (the compile stage compares the attempts).
    for (const char* tagged : { "compile.warm", "compile.cache_hit", "compile.cold" }) {
        EXPECT_EQ(trendOf(*r, tagged).grownAttempts, 0) << tagged;
        EXPECT_FALSE(trendOf(*r, tagged).growing) << tagged;
    }
}

TEST(Restarts, AnAttemptThatNeverTrainsCountsToItsEndAsOther)
{
    using C = Category;
    const JobTimeline t = restarts_fixtures::timelineOf("J3", 1,
        {
            { 0, 0, 100, Outcome::Failed, 70, "infra", { { C::Init, "", 0, 60 } } },
            { 1, 110, 200, Outcome::Completed, 0, "", { { C::Init, "", 110, 130 }, { C::Train, "", 130, 200 } } },
        },
        {});
    auto r = restartsOf(t);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_FALSE(r->rows[0].trained);
    EXPECT_EQ(r->rows[0].startupNs, 100 * kS);
    // init 60, idle [60, 70), recovery after the fault [70, 100) is other.
    EXPECT_EQ(
        stageNames(*r), (std::vector<std::string> { "setup", "init", "checkpoint_load", "compile", "idle", "other" }));
    EXPECT_EQ(stageSeconds(*r, "idle"), (std::vector<int64_t> { 10, 0 }));
    EXPECT_EQ(stageSeconds(*r, "other"), (std::vector<int64_t> { 30, 0 }));
    EXPECT_TRUE(r->noCheckpointData);
    EXPECT_EQ(r->rows[1].lostProgressNs, 0);
    EXPECT_EQ(*r->rows[1].recovery, (TtrSplit { 30 * kS, 10 * kS, 20 * kS }));
}

TEST(Restarts, ATimelineWithoutSegmentsIsAnErrorNamingTheAttempt)
{
    JobTimeline t = workedExampleTimeline();
    t.attempts[1].result.segments.clear();
    auto r = restartsOf(t);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("job 'J1' (label 'default'), attempt 1"), std::string::npos) << r.error().message;
}

TEST(Restarts, NoAttemptsGiveNoRows)
{
    JobTimeline t;
    t.key = "empty";
    auto r = restartsOf(t);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(r->rows.empty());
    EXPECT_EQ(r->trends.size(), r->stages.size());
}

TEST(StageGrew, NeedsOneSecondAndTenPercent)
{
    EXPECT_TRUE(stageGrew(0, kS));
    EXPECT_FALSE(stageGrew(0, kS - 1));
    EXPECT_FALSE(stageGrew(100 * kS, 109 * kS)); // 9 %
    EXPECT_TRUE(stageGrew(100 * kS, 110 * kS)); // 10 %
    EXPECT_FALSE(stageGrew(5 * kS, 5 * kS + 900'000'000)); // 18 % but under a second
    EXPECT_FALSE(stageGrew(10 * kS, 5 * kS));
    EXPECT_TRUE(stageGrew(0, INT64_MAX)); // no overflow
    EXPECT_FALSE(stageGrew(INT64_MAX, INT64_MAX));
}

} // namespace
} // namespace ett::core
