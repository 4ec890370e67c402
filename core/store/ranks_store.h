// Reading what the straggler views need from the store (core/model/ranks.h): the per-rank phases
// of attempts and the hosts their ranks ran on (rank_hosts), one attempt at a time, so that
// memory holds one attempt's phases whatever the store's size.
#pragma once

#include "core/model/ranks.h"
#include "core/model/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

class Database;

// Which attempts: every condition given must hold.
struct RankScope
{
    std::optional<std::string> label;
    std::optional<int64_t> jobRowId; // jobs.id
    std::optional<int32_t> attemptNo;
    std::optional<int64_t> fromNs; // the attempt starts at or after
    std::optional<int64_t> toNs; // the attempt starts before
};

struct RankAttempt
{
    int64_t jobRowId = 0;
    std::string label;
    std::string jobKey;
    int32_t attemptNo = 0;
    RankAttemptInput input; // gpus: the attempt's, else the job's
};

// Calls fn for every attempt of the scope that has per-rank phases, each job's attempts by start,
// jobs by row id. Stops at fn's first Error and returns it; else the store's Error, if any.
Status forEachRankAttempt(Database& db, const RankScope& scope, const std::function<Status(const RankAttempt&)>& fn);

// The (row id, label) of every job whose key is `key`, by label.
Result<std::vector<std::pair<int64_t, std::string>>> jobsByKey(Database& db, const std::string& key);

// The attempt numbers of the job with row id `jobRowId`, in order.
Result<std::vector<int64_t>> attemptNumbersOf(Database& db, int64_t jobRowId);

} // namespace ett::core
