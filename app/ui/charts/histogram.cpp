#include "app/ui/charts/histogram.h"

#include "app/ui/format/figures_format.h"

#include <cmath>
#include <limits>

namespace ett::app {

DistributionAxis distributionAxis(const std::vector<int64_t>& a, const std::vector<int64_t>& b, bool log)
{
    DistributionAxis axis;
    int64_t minNs = std::numeric_limits<int64_t>::max();
    int64_t minPositive = std::numeric_limits<int64_t>::max();
    for (const auto* v : { &a, &b }) {
        if (v->empty()) {
            continue;
        }
        axis.maxNs = std::max(axis.maxNs, v->back());
        minNs = std::min(minNs, v->front());
        const auto it = std::upper_bound(v->begin(), v->end(), int64_t { 0 });
        if (it != v->end()) {
            minPositive = std::min(minPositive, *it);
        }
    }
    axis.minNs = minNs == std::numeric_limits<int64_t>::max() ? 0 : minNs;
    std::tie(axis.unit, axis.unitName) = durationUnit(axis.maxNs);
    axis.log = log && minPositive != std::numeric_limits<int64_t>::max() && axis.maxNs > minPositive;
    axis.floorX = axis.log ? static_cast<double>(minPositive) / axis.unit / 2.0 : 0.0;
    return axis;
}

Histogram histogramOf(const DistributionAxis& axis, const std::vector<int64_t>& a, const std::vector<int64_t>& b)
{
    Histogram h;
    // 1. The common edges.
    const auto most = static_cast<double>(std::max(a.size(), b.size()));
    const int bins = std::clamp(static_cast<int>(std::ceil(std::sqrt(most))), kMinBins, kMaxBins);
    const double x0 = axis.log ? axis.floorX : static_cast<double>(std::min<int64_t>(axis.minNs, 0)) / axis.unit;
    double x1 = static_cast<double>(axis.maxNs) / axis.unit;
    if (x1 <= x0) {
        x1 = x0 + 1;
    }
    for (int i = 0; i <= bins; ++i) {
        const double t = static_cast<double>(i) / bins;
        h.edges.push_back(axis.log ? x0 * std::pow(x1 / x0, t) : x0 + (x1 - x0) * t);
    }
    h.edges.back() = x1;

    // 2. Each cohort's samples per bin; the samples are sorted, so a bin is a run of them.
    for (int cohort = 0; cohort < 2; ++cohort) {
        const std::vector<int64_t>& v = cohort == 0 ? a : b;
        auto& counts = h.counts[static_cast<size_t>(cohort)];
        h.samples[static_cast<size_t>(cohort)] = v.size();
        auto first = v.begin();
        for (size_t i = 0; i + 1 < h.edges.size(); ++i) {
            const double lo = h.edges[i];
            const double hi = h.edges[i + 1];
            first = std::find_if(first, v.end(), [&](int64_t ns) { return axis.toX(ns) >= lo; });
            const auto last = i + 2 == h.edges.size()
                ? v.end()
                : std::find_if(first, v.end(), [&](int64_t ns) { return axis.toX(ns) >= hi; });
            counts.push_back(last - first);
        }
    }
    return h;
}

double Histogram::share(int cohort, size_t bin) const
{
    const auto c = static_cast<size_t>(cohort);
    if (samples[c] == 0) {
        return 0;
    }
    return static_cast<double>(counts[c][bin]) / static_cast<double>(samples[c]) * 100.0;
}

double Histogram::maxShare() const
{
    double most = 0;
    for (int cohort = 0; cohort < 2; ++cohort) {
        for (size_t i = 0; i < bins(); ++i) {
            most = std::max(most, share(cohort, i));
        }
    }
    return most;
}

std::vector<std::pair<double, double>> cdfSteps(
    const DistributionAxis& axis, const std::vector<int64_t>& samples, size_t maxPoints)
{
    std::vector<std::pair<double, double>> out;
    const size_t m = samples.size();
    const size_t points = std::min(m, maxPoints);
    out.reserve(2 * points);
    double previous = 0;
    for (size_t k = 0; k < points; ++k) {
        const size_t rank = points == m ? k : (k + 1) * m / points - 1;
        const double share = static_cast<double>(rank + 1) / static_cast<double>(m) * 100.0;
        const double x = axis.toX(samples[rank]);
        out.emplace_back(x, previous);
        out.emplace_back(x, share);
        previous = share;
    }
    return out;
}

ShareTicks shareTicks(double maxShare)
{
    const double step = maxShare <= 30 ? 5.0 : 10.0;
    const double top = std::max(step, std::ceil(maxShare / step) * step);
    return { top, static_cast<int>(std::lround(top / step)) + 1 };
}

} // namespace ett::app
