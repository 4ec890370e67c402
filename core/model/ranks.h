// Ranks and stragglers (spec 7.3): for each stage of a multi-rank attempt, every rank's time in
// it, the slowest rank, the median and the slowest's excess over it; across attempts, the hosts
// most often slowest and the GPU time their slowness cost.
//
// Decisions the spec leaves open, made here once:
// - A stage is a category with per-rank phases, or a `category.subcategory` with per-rank phases
//   ("init" holds every init phase of a rank, "init.process_group_init" only those).
// - The ranks of a stage are the ranks that recorded it in the attempt (at least one phase of the
//   stage, even of zero length); the median is over them. A stage that fewer than 2 ranks
//   recorded has no straggler and is left out.
// - A slowest rank whose host is unknown (no `rank` record) still is the slowest; it counts for no
//   host (HostTally::pairsWithoutHost).
// Times are exact int64 nanoseconds. Pure; safe from any thread.
#pragma once

#include "core/model/accounting.h"
#include "core/model/types.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

// A per-rank phase of an attempt.
struct RankPhase
{
    Category category = Category::Train;
    std::string subcategory; // "" when the phase is a bare category
    int32_t rank = 0; // phases with rank < 0 (the whole attempt) are ignored
    int64_t startNs = 0;
    int64_t endNs = 0;
};

struct RankAttemptInput
{
    int64_t startNs = 0; // the attempt's window: rank intervals are clipped to it
    int64_t endNs = 0;
    int64_t gpus = 1; // the attempt's GPU count (the job's when the attempt gives none)
    std::vector<RankPhase> phases; // any order
    std::vector<std::pair<int32_t, std::string>> hosts; // rank -> host, any order, one entry per rank
};

struct RankTime
{
    int32_t rank = 0;
    int64_t timeNs = 0; // the length of the union of the rank's intervals of the stage
};

struct StageStraggler
{
    std::string stage; // "init" or "init.process_group_init"
    Category category = Category::Train;
    std::vector<RankTime> ranks; // the ranks that recorded the stage, by rank number; at least 2
    int32_t slowestRank = -1; // the largest time; ties: the lowest rank number
    std::string host; // of the slowest rank; "" when unknown
    int64_t slowestNs = 0;
    int64_t medianNs = 0; // nearest rank (spec 5.4) over `ranks`
    int64_t excessNs = 0; // slowestNs - medianNs
};

// The stages of one attempt with at least 2 ranks, in category order, each category before its
// subcategories (by name).
std::vector<StageStraggler> attemptStragglers(const RankAttemptInput& attempt);

// The host of `rank` in the attempt's hosts; "" when there is none.
std::string hostOfRank(const RankAttemptInput& attempt, int32_t rank);

struct HostStragglers
{
    std::string host;
    int64_t timesSlowest = 0; // (attempt, stage) pairs in which a rank on this host was the slowest
    Wide excessGpuNs = 0; // sum over those pairs of excess x the attempt's GPU count
};

// Sums the stragglers of attempts per host. Not thread-safe; one per query.
class HostTally
{
public:
    // Adds one attempt's stages (attemptStragglers()) with the attempt's GPU count.
    void add(const std::vector<StageStraggler>& stages, int64_t gpus);
    // Every host that was slowest at least once: most excess GPU time first, then most times
    // slowest, then by name.
    std::vector<HostStragglers> hosts() const;
    // (attempt, stage) pairs added, and those whose slowest rank had no known host.
    int64_t pairs() const { return m_pairs; }
    int64_t pairsWithoutHost() const { return m_pairsWithoutHost; }
    // Attempts added with at least one stage.
    int64_t attempts() const { return m_attempts; }

private:
    std::map<std::string, HostStragglers> m_hosts;
    int64_t m_pairs = 0;
    int64_t m_pairsWithoutHost = 0;
    int64_t m_attempts = 0;
};

} // namespace ett::core
