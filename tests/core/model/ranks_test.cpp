// Ranks and stragglers (spec 7.3) against figures derived by hand.
#include "core/model/ranks.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

constexpr int64_t kS = 1'000'000'000;

RankPhase phase(Category c, const std::string& sub, int32_t rank, int64_t startS, int64_t endS)
{
    return { c, sub, rank, startS * kS, endS * kS };
}

// Attempt [0, 1000) s on 8 GPUs with ranks 0 to 3; ranks 0 and 1 on node-a, rank 2 on node-b,
// rank 3 without a `rank` record.
RankAttemptInput example()
{
    RankAttemptInput a;
    a.startNs = 0;
    a.endNs = 1000 * kS;
    a.gpus = 8;
    a.hosts = { { 2, "node-b" }, { 0, "node-a" }, { 1, "node-a" } };
    a.phases = {
        phase(Category::Init, "device_init", 0, 0, 10), phase(Category::Init, "device_init", 1, 0, 12),
        phase(Category::Init, "device_init", 2, 0, 10), phase(Category::Init, "device_init", 3, 0, 30),
        phase(Category::Init, "process_group_init", 0, 10, 40), phase(Category::Init, "process_group_init", 1, 12, 40),
        phase(Category::Init, "process_group_init", 2, 10, 100),
        phase(Category::Init, "process_group_init", 2, 50, 120), // overlaps the one before
        phase(Category::Init, "process_group_init", 3, 30, 60),
        phase(Category::CheckpointLoad, "", 0, -50, 5), // sticks out of the attempt
        phase(Category::CheckpointLoad, "", 1, 0, 5), phase(Category::CheckpointSave, "", 0, 500, 520),
        phase(Category::CheckpointSave, "", 1, 500, 530),
        phase(Category::Compile, "", 0, 60, 200), // one rank only: no straggler
        phase(Category::Train, "", -1, 200, 1000), // the whole attempt: not a rank's
    };
    return a;
}

TEST(RankStragglers, FollowSpecSevenThreeOnAHandDerivedAttempt)
{
    const auto stages = attemptStragglers(example());
    // Categories in spec order, each before its subcategories; compile (1 rank) and train (no
    // rank) are not stages of stragglers.
    ASSERT_EQ(stages.size(), 5u);
    EXPECT_EQ(stages[0].stage, "init");
    EXPECT_EQ(stages[1].stage, "init.device_init");
    EXPECT_EQ(stages[2].stage, "init.process_group_init");
    EXPECT_EQ(stages[3].stage, "checkpoint_load");
    EXPECT_EQ(stages[4].stage, "checkpoint_save");

    // init, the union of each rank's init phases: r0 [0,40) 40, r1 [0,40) 40, r2 [0,120) 120,
    // r3 [0,60) 60. Sorted 40 40 60 120: median at rank ceil(0.5 x 4) = 2 is 40; slowest r2,
    // excess 120 - 40 = 80.
    const StageStraggler& init = stages[0];
    ASSERT_EQ(init.ranks.size(), 4u);
    EXPECT_EQ(init.ranks[0].timeNs, 40 * kS);
    EXPECT_EQ(init.ranks[1].timeNs, 40 * kS);
    EXPECT_EQ(init.ranks[2].timeNs, 120 * kS);
    EXPECT_EQ(init.ranks[3].timeNs, 60 * kS);
    EXPECT_EQ(init.slowestRank, 2);
    EXPECT_EQ(init.host, "node-b");
    EXPECT_EQ(init.slowestNs, 120 * kS);
    EXPECT_EQ(init.medianNs, 40 * kS);
    EXPECT_EQ(init.excessNs, 80 * kS);

    // device_init: 10 12 10 30, sorted 10 10 12 30, median 10; slowest r3 (no host), excess 20.
    EXPECT_EQ(stages[1].slowestRank, 3);
    EXPECT_EQ(stages[1].host, "");
    EXPECT_EQ(stages[1].medianNs, 10 * kS);
    EXPECT_EQ(stages[1].excessNs, 20 * kS);

    // process_group_init: r0 30, r1 28, r2 [10,100) u [50,120) = 110 (not 160), r3 30. Sorted
    // 28 30 30 110, median 30; excess 80.
    EXPECT_EQ(stages[2].ranks[2].timeNs, 110 * kS);
    EXPECT_EQ(stages[2].slowestRank, 2);
    EXPECT_EQ(stages[2].medianNs, 30 * kS);
    EXPECT_EQ(stages[2].excessNs, 80 * kS);

    // checkpoint_load: r0 clipped to [0,5), r1 [0,5): a tie goes to the lowest rank, excess 0.
    EXPECT_EQ(stages[3].ranks[0].timeNs, 5 * kS);
    EXPECT_EQ(stages[3].slowestRank, 0);
    EXPECT_EQ(stages[3].host, "node-a");
    EXPECT_EQ(stages[3].excessNs, 0);

    // checkpoint_save: 20 and 30; median at rank ceil(0.5 x 2) = 1 is 20; excess 10.
    EXPECT_EQ(stages[4].slowestRank, 1);
    EXPECT_EQ(stages[4].medianNs, 20 * kS);
    EXPECT_EQ(stages[4].excessNs, 10 * kS);
}

TEST(RankStragglers, MedianIsTheNearestRankOfOddCounts)
{
    // Three ranks 10, 70, 40 s: sorted 10 40 70, median at rank ceil(1.5) = 2 is 40; excess 30.
    RankAttemptInput a;
    a.endNs = 100 * kS;
    a.phases = { phase(Category::Compile, "pt2", 0, 0, 10), phase(Category::Compile, "pt2", 1, 0, 70),
        phase(Category::Compile, "pt2", 2, 0, 40) };
    const auto stages = attemptStragglers(a);
    ASSERT_EQ(stages.size(), 2u); // compile and compile.pt2
    for (const auto& s : stages) {
        EXPECT_EQ(s.slowestRank, 1);
        EXPECT_EQ(s.medianNs, 40 * kS);
        EXPECT_EQ(s.excessNs, 30 * kS);
    }
}

TEST(RankStragglers, NoStagesWithoutTwoRanks)
{
    RankAttemptInput a;
    a.endNs = 100 * kS;
    EXPECT_TRUE(attemptStragglers(a).empty());
    a.phases = { phase(Category::Init, "", 4, 0, 10), phase(Category::Init, "", -1, 0, 90) };
    EXPECT_TRUE(attemptStragglers(a).empty());
}

TEST(HostTally, SumsTimesSlowestAndExcessGpuSecondsPerHost)
{
    HostTally tally;
    tally.add(attemptStragglers(example()), 8);
    // A second attempt on 2 GPUs: init r0 100 s on node-c, r1 50 s on node-d; median 50, excess 50.
    RankAttemptInput b;
    b.endNs = 200 * kS;
    b.gpus = 2;
    b.hosts = { { 0, "node-c" }, { 1, "node-d" } };
    b.phases = { phase(Category::Init, "", 0, 0, 100), phase(Category::Init, "", 1, 0, 50) };
    tally.add(attemptStragglers(b), b.gpus);
    tally.add({}, 4); // an attempt without stages counts for nothing

    // node-b: init 80 s x 8 + process_group_init 80 s x 8 = 1280 GPU-s, twice slowest.
    // node-c: 50 s x 2 = 100 GPU-s. node-a: checkpoint_load 0 + checkpoint_save 10 s x 8 = 80.
    // device_init's slowest (rank 3) has no host.
    const auto hosts = tally.hosts();
    ASSERT_EQ(hosts.size(), 3u);
    EXPECT_EQ(hosts[0].host, "node-b");
    EXPECT_EQ(hosts[0].timesSlowest, 2);
    EXPECT_TRUE(hosts[0].excessGpuNs == static_cast<Wide>(1280) * kS);
    EXPECT_EQ(hosts[1].host, "node-c");
    EXPECT_EQ(hosts[1].timesSlowest, 1);
    EXPECT_TRUE(hosts[1].excessGpuNs == static_cast<Wide>(100) * kS);
    EXPECT_EQ(hosts[2].host, "node-a");
    EXPECT_EQ(hosts[2].timesSlowest, 2);
    EXPECT_TRUE(hosts[2].excessGpuNs == static_cast<Wide>(80) * kS);
    EXPECT_EQ(tally.attempts(), 2);
    EXPECT_EQ(tally.pairs(), 6);
    EXPECT_EQ(tally.pairsWithoutHost(), 1);
}

TEST(HostTally, EqualExcessIsOrderedByTimesSlowestThenName)
{
    HostTally tally;
    StageStraggler s;
    s.excessNs = 0;
    s.host = "zeta";
    tally.add({ s, s }, 1);
    s.host = "beta";
    tally.add({ s }, 1);
    s.host = "alpha";
    tally.add({ s }, 1);
    const auto hosts = tally.hosts();
    ASSERT_EQ(hosts.size(), 3u);
    EXPECT_EQ(hosts[0].host, "zeta");
    EXPECT_EQ(hosts[1].host, "alpha");
    EXPECT_EQ(hosts[2].host, "beta");
}

} // namespace
} // namespace ett::core
