// The straggler views on a fleet store (core/model/ranks.h, spec 7.3): the attempts of a scope
// that have per-rank phases, each with those phases and its ranks' hosts (rank_hosts), read from
// the cluster a slice of jobs at a time so that memory holds one slice whatever the store's size.
// The figures are then computed as on a database (core/store/ranks_store.h feeds the same model).
#pragma once

#include "core/model/ranks.h"
#include "core/model/result.h"
#include "core/store/clickhouse/store_figures.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ett::core::clickhouse {

class FleetStore;

struct StoreRankAttempt
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    std::string label;
    std::string jobKey;
    int32_t attemptNo = 0;
    RankAttemptInput input; // gpus: the attempt's
};

// Which attempts: those of the scope's jobs (labels, attributes, GPUs, `jobs`) that start in its
// range [fromNs, toNs), of number `attemptNo` when given.
struct StoreRankScope
{
    StoreScope jobs;
    std::optional<int32_t> attemptNo;
};

// Calls fn for every such attempt with per-rank phases (rank >= 0), each job's attempts by start,
// jobs by dataset and number. Stops at fn's first Error and returns it; else the server's Error,
// if any. `jobsPerSlice` jobs' rows are read per query.
Status forEachStoreRankAttempt(FleetStore& store, const StoreRankScope& scope,
    const std::function<Status(const StoreRankAttempt&)>& fn, uint32_t jobsPerSlice = 2000);

} // namespace ett::core::clickhouse
