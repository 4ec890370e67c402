#include "app/service/rolling.h"

#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

namespace ett::app {

namespace {

using core::Wide;

// Grid buckets asked of the source at once: the memory of one series call stays bounded.
constexpr int64_t kChunkBuckets = int64_t { 1 } << 16;

Wide floorDiv(Wide a, Wide b)
{
    const Wide q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

bool fitsInt64(Wide v)
{
    return v >= std::numeric_limits<int64_t>::min() && v <= std::numeric_limits<int64_t>::max();
}

// The sums a window needs, per grid bucket (and, once summed up, as prefix sums).
struct Sums
{
    Wide productiveNs = 0;
    Wide productiveGpuNs = 0;
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;

    Sums& operator+=(const Sums& o)
    {
        productiveNs += o.productiveNs;
        productiveGpuNs += o.productiveGpuNs;
        e2eNs += o.e2eNs;
        e2eGpuNs += o.e2eGpuNs;
        return *this;
    }
};

std::string windowText(const RollingRequest& r, int64_t stepNs)
{
    return "a rolling window of " + core::formatDurationExact(r.windowNs) + " stepped by "
        + core::formatDurationExact(stepNs);
}

} // namespace

core::Result<RollingSeries> rollingSeries(FleetSource& fleet, const RollingRequest& request)
{
    const int64_t w = request.windowNs;
    const int64_t s = request.stepNs == 0 ? w : request.stepNs;
    if (w <= 0 || s <= 0) {
        return core::Error { "a rolling window and its step must be positive durations, not " + core::formatSeconds(w)
            + " s and " + core::formatSeconds(s) + " s" };
    }
    RollingSeries out;
    out.windowNs = w;
    out.stepNs = s;
    out.gridNs = std::gcd(w, s);
    const int64_t g = out.gridNs;

    // 1. What the scope covers, and the samples whose windows overlap it: t from the first multiple
    // of the step after its start to the last one before its end plus a window.
    auto span = fleet.seriesSpan(request.scope, request.job);
    if (!span) {
        return span.error();
    }
    out.querySeconds += fleet.lastQuerySeconds();
    out.span = *span;
    if (!out.span || out.span->toNs <= out.span->fromNs) {
        return out;
    }
    const core::TimeSpan covered = *out.span;
    const Wide t0 = (floorDiv(covered.fromNs, s) + 1) * s;
    const Wide t1 = floorDiv(Wide { covered.toNs } + w - 1, s) * s;
    if (t0 > t1) {
        return out; // steps longer than the window can skip a short span
    }
    const Wide gridStart = t0 - w;
    const Wide buckets = (t1 - gridStart) / g;
    const std::string over
        = " over " + core::formatRfc3339(covered.fromNs) + " to " + core::formatRfc3339(covered.toNs);
    if (!fitsInt64(gridStart - g) || !fitsInt64(t1 + g)) {
        return core::Error { windowText(request, s) + over
            + " reaches past the times that can be held (64-bit nanoseconds since 1970): choose a shorter window "
              "or step" };
    }
    if (buckets > kMaxRollingBuckets) {
        return core::Error { windowText(request, s) + over + " needs "
            + (fitsInt64(buckets) ? core::groupThousands(std::to_string(static_cast<int64_t>(buckets))) : "too many")
            + " buckets of " + core::formatDurationExact(g)
            + " (the greatest common divisor of window and step), more than the "
            + core::groupThousands(std::to_string(kMaxRollingBuckets))
            + " allowed: choose a window and step with a larger common divisor, or a shorter range" };
    }
    const auto a0 = static_cast<int64_t>(gridStart);
    const auto n = static_cast<int64_t>(buckets);

    // 2. The grid buckets that can hold something (those overlapping the span), in chunks: each chunk
    // is the scope with its range cut to the chunk, so its buckets are the grid's, clipped alike.
    std::vector<Sums> prefix(static_cast<size_t>(n) + 1);
    const Wide first = std::max<Wide>(a0, floorDiv(covered.fromNs, g) * g);
    const Wide end = std::min<Wide>(t1, covered.toNs);
    const auto productive = static_cast<size_t>(core::Bucket::Productive);
    for (Wide c = first; c < end; c += Wide { kChunkBuckets } * g) {
        core::CohortSpec chunk = request.scope;
        chunk.fromNs = static_cast<int64_t>(std::max<Wide>(c, covered.fromNs));
        chunk.toNs = static_cast<int64_t>(std::min<Wide>(c + Wide { kChunkBuckets } * g, end));
        auto series = fleet.seriesEvery(chunk, g, 0, request.job);
        if (!series) {
            return series.error();
        }
        out.querySeconds += fleet.lastQuerySeconds();
        for (size_t k = 0; k < series->buckets.size(); ++k) {
            const Wide startNs = Wide { series->originNs } + Wide { static_cast<int64_t>(k) } * g;
            const Wide index = (startNs - a0) / g;
            if (index < 0 || index >= n) {
                continue; // outside every window (cannot hold anything counted: nothing to add)
            }
            const core::Figures& f = series->buckets[k];
            prefix[static_cast<size_t>(index) + 1]
                += Sums { f.bucketsNs[productive], f.bucketsGpuNs[productive], f.e2eNs, f.e2eGpuNs };
        }
    }
    for (size_t i = 1; i < prefix.size(); ++i) {
        prefix[i] += prefix[i - 1];
    }

    // 3. Each window is the difference of two prefix sums.
    const int64_t perWindow = w / g;
    const int64_t perStep = s / g;
    const int64_t points = static_cast<int64_t>((t1 - t0) / s) + 1;
    out.points.reserve(static_cast<size_t>(points));
    for (int64_t i = 0; i < points; ++i) {
        const auto hi = static_cast<size_t>(perWindow + i * perStep);
        const auto lo = static_cast<size_t>(i * perStep);
        RollingPoint p;
        p.tNs = static_cast<int64_t>(Wide { a0 } + Wide { static_cast<int64_t>(hi) } * g);
        p.productiveNs = prefix[hi].productiveNs - prefix[lo].productiveNs;
        p.productiveGpuNs = prefix[hi].productiveGpuNs - prefix[lo].productiveGpuNs;
        p.e2eNs = prefix[hi].e2eNs - prefix[lo].e2eNs;
        p.e2eGpuNs = prefix[hi].e2eGpuNs - prefix[lo].e2eGpuNs;
        p.ettPercentGpu = core::percentOf(p.productiveGpuNs, p.e2eGpuNs);
        p.ettPercentTime = core::percentOf(p.productiveNs, p.e2eNs);
        out.points.push_back(p);
    }
    return out;
}

} // namespace ett::app
