// Ranks and stragglers (spec 7.3) as the front ends ask for them: one job's stages per attempt
// (`ettw ranks`, the window's heat map) and the hosts most often slowest in a scope (`ettw hosts`,
// the window's hosts table). Read from the workbench database through core/store/ranks_store.h,
// or from a fleet store (core/store/clickhouse/store_ranks.h), and computed by core/model/ranks.h.
#pragma once

#include "app/service/workspace.h"
#include "core/model/compare.h"
#include "core/model/ranks.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::app {

struct AttemptRanks
{
    int32_t attempt = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 1;
    std::vector<int32_t> ranks; // every rank with per-rank phases, sorted
    std::vector<std::pair<int32_t, std::string>> hosts; // rank -> host, by rank (ranks with a `rank` record)
    std::vector<core::StageStraggler> stages; // core::attemptStragglers()
};

struct JobRanks
{
    std::string key;
    std::string label;
    std::vector<AttemptRanks> attempts; // by start; only attempts with per-rank phases
};

// The stages of a job's attempts with per-rank phases (only `attempt` when given). Error: no
// such job (under `label` when given), the key under several labels without one chosen, or no
// such attempt. A job without per-rank phases gives no attempts, not an Error.
core::Result<JobRanks> jobRanks(Workspace& workspace, const std::string& key, const std::optional<std::string>& label,
    std::optional<int32_t> attempt);

struct HostsRanking
{
    std::vector<core::HostStragglers> hosts; // core::HostTally::hosts() order
    int64_t attempts = 0; // attempts with at least one stage of 2 ranks or more
    int64_t pairs = 0; // (attempt, stage) pairs
    int64_t pairsWithoutHost = 0; // of those, whose slowest rank has no known host
};

// The hosts of the scope's attempts ranked by the GPU time their slowness cost. The scope's
// labels, attributes and GPU bounds select jobs as on every page; its range selects the attempts
// that start inside it. Error: an unknown label (listing the known ones), or the store's. Loads
// the workspace's fleet when the scope names attributes or GPU bounds.
core::Result<HostsRanking> hostsRanking(Workspace& workspace, const core::CohortSpec& scope);

class StoreFleetSource;

// The same two views on a fleet store, from the per-rank phases and ranks' hosts pushed there.
// Errors as above (a job is found as jobByKey() finds it).
core::Result<JobRanks> jobRanks(StoreFleetSource& store, const std::string& key,
    const std::optional<std::string>& label, std::optional<int32_t> attempt);
core::Result<HostsRanking> hostsRanking(StoreFleetSource& store, const core::CohortSpec& scope);

} // namespace ett::app
