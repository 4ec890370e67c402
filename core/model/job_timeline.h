// Everything the timeline views show of one job, as plain values: attempts with their derived
// figures and segments, the phases as imported (ranks, subcategories, names) and the checkpoints.
// The store reads it (core/store/timeline.h); the views and the service only hold it.
#pragma once

#include "core/model/accounting.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

// A job's row id in the store (jobs.id): what the store reads a job by. Not a fleet source's job
// index (an int32_t position in the fleet it holds), which changes whenever the fleet is loaded.
struct JobRowId
{
    int64_t value = 0;

    auto operator<=>(const JobRowId&) const = default;
};

struct TimelinePhase
{
    int64_t startNs = 0;
    int64_t endNs = 0;
    Category category = Category::Train;
    std::string subcategory; // "" when none
    int32_t rank = -1; // -1: the whole attempt
    std::string name;
};

struct TimelineCheckpoint
{
    int64_t startNs = 0;
    int64_t durableNs = 0; // == startNs when the trace gave none
    bool failed = false;
    int32_t attempt = 0;
    std::optional<int64_t> step;
};

struct TimelineAttempt
{
    AttemptResult result; // buckets, segments, TTS, TTR, fault instant, gap after
    std::string cause;
    std::string symptom;
    std::string detail;
    std::vector<TimelinePhase> phases; // sorted by start
    std::vector<int32_t> ranks; // distinct ranks of its phases, sorted (empty: no per-rank phases)
    // The hosts its rank records name (spec 7.3), sorted by rank; a rank without one is absent.
    std::vector<std::pair<int32_t, std::string>> hosts;

    // The host of `rank`, or nullptr when no rank record names one.
    const std::string* hostOf(int32_t rank) const
    {
        const auto it = std::lower_bound(hosts.begin(), hosts.end(), rank,
            [](const std::pair<int32_t, std::string>& h, int32_t r) { return h.first < r; });
        return it != hosts.end() && it->first == rank ? &it->second : nullptr;
    }
};

struct JobTimeline
{
    JobRowId jobId;
    std::string label;
    std::string key;
    std::string name;
    int64_t gpus = 1;
    std::optional<int64_t> submittedNs;
    std::vector<std::pair<std::string, std::string>> attrs;
    bool noCheckpointData = false;
    int64_t windowStartNs = 0;
    int64_t windowEndNs = 0;
    std::vector<TimelineAttempt> attempts; // by start
    std::vector<TimelineCheckpoint> checkpoints; // by start
};

// The distinct ranks of an attempt's phases, sorted (empty: no per-rank phases): TimelineAttempt::ranks.
inline std::vector<int32_t> phaseRanks(const std::vector<TimelinePhase>& phases)
{
    std::vector<int32_t> ranks;
    for (const auto& p : phases) {
        if (p.rank >= 0) {
            ranks.push_back(p.rank);
        }
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

// The split of attempt i's Time to Recover (spec 7.1), as ttrSplitOf() over the attempts' results.
inline std::optional<TtrSplit> ttrSplitOf(const JobTimeline& t, size_t i)
{
    const AttemptResult& a = t.attempts[i].result;
    if (!a.ttrNs || !a.faultNs || i + 1 >= t.attempts.size()) {
        return std::nullopt;
    }
    return splitTtr(*a.faultNs, a.endNs, t.attempts[i + 1].result.startNs, *a.ttrNs);
}

} // namespace ett::core
