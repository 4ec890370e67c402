// The generator's --ranks option: multi-rank attempts whose ranks run on named hosts, some hosts
// slower than the others, and nothing changed without it.
#include "core/model/ranks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "samples/synth/job_builder.h"
#include "tests/core/model/generator_fixtures.h"

namespace ett::core {
namespace {

GeneratorOptions withRanks(int32_t ranks)
{
    GeneratorOptions o;
    o.jobs = 120;
    o.seed = 7;
    o.ranks = ranks;
    return o;
}

// The host index of a generated host name ("east-node-021" -> 21).
int32_t hostIndex(const std::string& host)
{
    return std::stoi(host.substr(host.rfind('-') + 1));
}

TEST(GeneratorRanks, WithoutTheOptionTheTextHasNoRankRecords)
{
    const std::string text = test::fleetText(withRanks(0));
    EXPECT_EQ(text.find(R"("type":"rank")"), std::string::npos);
    EXPECT_EQ(text.find("--ranks"), std::string::npos);
    // The option changes the fleet's text: it is opt-in.
    EXPECT_NE(text, test::fleetText(withRanks(4)));
}

TEST(GeneratorRanks, EveryAttemptNamesTheHostOfEachRankAndHasPerRankStages)
{
    const auto jobs = test::generateFleet(withRanks(4));
    int64_t attempts = 0;
    for (const GeneratedJob& j : jobs) {
        const int64_t gpus = j.job.gpus.value_or(1);
        const auto ranks = static_cast<size_t>(std::min<int64_t>(gpus, 4));
        std::map<int32_t, std::set<int32_t>> ranksOfAttempt;
        for (const RankRecord& r : j.ranks) {
            EXPECT_EQ(r.job, j.job.job);
            EXPECT_FALSE(r.host.empty());
            ranksOfAttempt[r.attempt].insert(r.rank);
        }
        for (const AttemptRecord& a : j.attempts) {
            ++attempts;
            EXPECT_EQ(ranksOfAttempt[a.attempt].size(), ranks) << j.job.job << " attempt " << a.attempt;
        }
        // Per-rank phases: init sub-stages (process-group init among them), saves, loads, compiles.
        std::set<std::string> ranked;
        for (const PhaseRecord& p : j.phases) {
            if (p.rank >= 0) {
                ranked.insert(std::string(categoryName(p.category)) + "." + p.subcategory);
                EXPECT_LT(p.rank, static_cast<int32_t>(ranks));
            }
        }
        if (!j.attempts.empty() && j.attempts.front().endNs - j.attempts.front().startNs > 3600LL * 1'000'000'000) {
            EXPECT_TRUE(ranked.count("init.process_group_init")) << j.job.job;
        }
    }
    EXPECT_GT(attempts, 100);
}

TEST(GeneratorRanks, SlowHostsAreTheMostOftenSlowest)
{
    HostTally tally;
    for (const GeneratedJob& j : test::generateFleet(withRanks(8))) {
        for (const AttemptRecord& a : j.attempts) {
            RankAttemptInput in;
            in.startNs = a.startNs;
            in.endNs = a.endNs;
            in.gpus = a.gpus.value_or(j.job.gpus.value_or(1));
            for (const PhaseRecord& p : j.phases) {
                if (p.attempt == a.attempt && p.rank >= 0) {
                    in.phases.push_back({ p.category, p.subcategory, p.rank, p.startNs, p.endNs });
                }
            }
            for (const RankRecord& r : j.ranks) {
                if (r.attempt == a.attempt) {
                    in.hosts.emplace_back(r.rank, r.host);
                }
            }
            tally.add(attemptStragglers(in), in.gpus);
        }
    }
    const auto hosts = tally.hosts();
    ASSERT_GE(hosts.size(), 10u);
    EXPECT_EQ(tally.pairsWithoutHost(), 0);
    // The ten hosts that cost the most are slow ones, and so is the one most often slowest.
    for (size_t i = 0; i < 10; ++i) {
        EXPECT_TRUE(synth::isSlowHost(hostIndex(hosts[i].host))) << i << ": " << hosts[i].host;
    }
    const auto mostOften = std::max_element(hosts.begin(), hosts.end(),
        [](const HostStragglers& a, const HostStragglers& b) { return a.timesSlowest < b.timesSlowest; });
    EXPECT_TRUE(synth::isSlowHost(hostIndex(mostOften->host))) << mostOften->host;
}

} // namespace
} // namespace ett::core
