// The order of "worst jobs" every source ranks by (rankJobs, LocalFleetSource::worstJobs), over
// indexes into whatever holds the jobs' figures, labels and keys.
#pragma once

#include "core/model/rollup.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace ett::app {

// The indexes of the first `limit` (all when <= 0) of `candidates` (indexes, ascending), worst
// first: the sort's figure, then label and job key (as the store lists them), then the index. A
// strict total order, so that only the first `limit` are placed.
template <typename FiguresOf, typename LabelOf, typename KeyOf>
std::vector<size_t> rankedIndexes(std::vector<size_t> candidates, FiguresOf&& figuresOf, LabelOf&& labelOf,
    KeyOf&& keyOf, const std::string& sort, int64_t limit)
{
    const bool byEtt = sort == "ett";
    std::vector<double> ett(candidates.size());
    std::vector<core::Wide> lost(candidates.size());
    for (size_t i = 0; i < candidates.size(); ++i) {
        const auto& f = figuresOf(candidates[i]); // core::Figures or core::JobTotals
        ett[i] = f.ettPercentGpu().value_or(100.0);
        lost[i] = f.lostGpuNs();
    }
    auto before = [&](size_t a, size_t b) {
        if (byEtt && ett[a] != ett[b]) {
            return ett[a] < ett[b];
        }
        if (lost[a] != lost[b]) {
            return lost[a] > lost[b];
        }
        const std::string& labelA = labelOf(candidates[a]);
        const std::string& labelB = labelOf(candidates[b]);
        if (labelA != labelB) {
            return labelA < labelB;
        }
        const std::string& keyA = keyOf(candidates[a]);
        const std::string& keyB = keyOf(candidates[b]);
        if (keyA != keyB) {
            return keyA < keyB;
        }
        return a < b;
    };
    std::vector<size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), size_t { 0 });
    const size_t kept = limit > 0 ? std::min(order.size(), static_cast<size_t>(limit)) : order.size();
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(kept), order.end(), before);
    order.resize(kept);
    for (size_t& o : order) {
        o = candidates[o];
    }
    return order;
}

} // namespace ett::app
