#include "core/model/ranks.h"

#include "core/model/rollup.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ett::core {

namespace {

// One interval of one rank in one stage, clipped to the attempt.
struct StageInterval
{
    int32_t stage; // index into the stage list
    int32_t rank;
    int64_t startNs;
    int64_t endNs;

    bool operator<(const StageInterval& o) const
    {
        return std::tie(stage, rank, startNs, endNs) < std::tie(o.stage, o.rank, o.startNs, o.endNs);
    }
};

// The straggler figures of a stage from its ranks' times (by rank number, at least 2).
void settle(StageStraggler& s)
{
    // 1. Slowest: the largest time, the first (lowest rank) of equal ones.
    const RankTime* slowest = &s.ranks.front();
    for (const RankTime& r : s.ranks) {
        if (r.timeNs > slowest->timeNs) {
            slowest = &r;
        }
    }
    s.slowestRank = slowest->rank;
    s.slowestNs = slowest->timeNs;
    // 2. Median: nearest rank over the ranks' times (spec 5.4).
    std::vector<int64_t> times;
    times.reserve(s.ranks.size());
    for (const RankTime& r : s.ranks) {
        times.push_back(r.timeNs);
    }
    s.medianNs = nearestRank(times, 50).value_or(0);
    s.excessNs = s.slowestNs - s.medianNs;
}

} // namespace

std::string hostOfRank(const RankAttemptInput& attempt, int32_t rank)
{
    for (const auto& [r, host] : attempt.hosts) {
        if (r == rank) {
            return host;
        }
    }
    return {};
}

std::vector<StageStraggler> attemptStragglers(const RankAttemptInput& attempt)
{
    // 1. Name the stages: (category, "") for a category, (category, subcategory) for a
    //    subcategory; the map's order is the output's order.
    std::map<std::pair<int, std::string>, int32_t> stageIds;
    std::vector<StageInterval> intervals;
    intervals.reserve(attempt.phases.size() * 2);
    auto stageOf = [&](Category c, const std::string& sub) {
        auto [it, inserted] = stageIds.emplace(std::make_pair(static_cast<int>(c), sub), 0);
        if (inserted) {
            it->second = static_cast<int32_t>(stageIds.size() - 1);
        }
        return it->second;
    };
    // 2. Every per-rank phase, clipped to the attempt, counts for its category and, when it has
    //    one, its subcategory. A phase clipped to nothing still records the stage for its rank.
    for (const RankPhase& p : attempt.phases) {
        if (p.rank < 0) {
            continue;
        }
        const int64_t start = std::clamp(p.startNs, attempt.startNs, attempt.endNs);
        const int64_t end = std::clamp(p.endNs, start, attempt.endNs);
        intervals.push_back({ stageOf(p.category, {}), p.rank, start, end });
        if (!p.subcategory.empty()) {
            intervals.push_back({ stageOf(p.category, p.subcategory), p.rank, start, end });
        }
    }
    std::sort(intervals.begin(), intervals.end());

    // 3. Per (stage, rank), the length of the union of its intervals (sorted by start: a sweep).
    std::vector<StageStraggler> byId(stageIds.size());
    for (size_t i = 0; i < intervals.size();) {
        const int32_t stage = intervals[i].stage;
        const int32_t rank = intervals[i].rank;
        int64_t total = 0;
        int64_t coveredTo = intervals[i].startNs;
        for (; i < intervals.size() && intervals[i].stage == stage && intervals[i].rank == rank; ++i) {
            const int64_t from = std::max(intervals[i].startNs, coveredTo);
            if (intervals[i].endNs > from) {
                total += intervals[i].endNs - from;
                coveredTo = intervals[i].endNs;
            }
        }
        byId[static_cast<size_t>(stage)].ranks.push_back({ rank, total });
    }

    // 4. The stages that at least 2 ranks recorded, in the map's order.
    std::vector<StageStraggler> out;
    for (const auto& [key, id] : stageIds) {
        StageStraggler& s = byId[static_cast<size_t>(id)];
        if (s.ranks.size() < 2) {
            continue;
        }
        s.category = static_cast<Category>(key.first);
        s.stage = std::string(categoryName(s.category)) + (key.second.empty() ? "" : "." + key.second);
        settle(s);
        s.host = hostOfRank(attempt, s.slowestRank);
        out.push_back(std::move(s));
    }
    return out;
}

void HostTally::add(const std::vector<StageStraggler>& stages, int64_t gpus)
{
    if (stages.empty()) {
        return;
    }
    ++m_attempts;
    for (const StageStraggler& s : stages) {
        ++m_pairs;
        if (s.host.empty()) {
            ++m_pairsWithoutHost;
            continue;
        }
        HostStragglers& h = m_hosts[s.host];
        ++h.timesSlowest;
        h.excessGpuNs += static_cast<Wide>(s.excessNs) * gpus;
    }
}

std::vector<HostStragglers> HostTally::hosts() const
{
    std::vector<HostStragglers> out;
    out.reserve(m_hosts.size());
    for (const auto& [host, h] : m_hosts) {
        out.push_back(h);
        out.back().host = host;
    }
    std::stable_sort(out.begin(), out.end(), [](const HostStragglers& a, const HostStragglers& b) {
        if (a.excessGpuNs != b.excessGpuNs) {
            return a.excessGpuNs > b.excessGpuNs;
        }
        return a.timesSlowest > b.timesSlowest;
    });
    return out;
}

} // namespace ett::core
