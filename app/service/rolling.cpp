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

// The grid a series is computed on: its first bucket's start, its count and width, and the first and
// last sample times.
struct Grid
{
    int64_t startNs = 0;
    int64_t buckets = 0;
    int64_t widthNs = 0;
    Wide t0 = 0;
    Wide t1 = 0;
};

// 1. The window and step, and the samples whose windows overlap what the scope covers: t from the
// first multiple of the step after its start to the last one before its end plus a window. Sets
// out's window, step and grid; nullopt when no sample falls on the span.
core::Result<std::optional<Grid>> planGrid(RollingSeries& out, const std::string& what, int64_t windowNs,
    int64_t stepNs, const std::optional<core::TimeSpan>& span)
{
    const int64_t w = windowNs;
    const int64_t s = stepNs == 0 ? w : stepNs;
    if (w <= 0 || s <= 0) {
        return core::Error { "a rolling window and its step must be positive durations, not " + core::formatSeconds(w)
            + " s and " + core::formatSeconds(s) + " s" };
    }
    out.windowNs = w;
    out.stepNs = s;
    out.gridNs = std::gcd(w, s);
    out.span = span;
    const int64_t g = out.gridNs;
    if (!out.span || out.span->toNs <= out.span->fromNs) {
        return std::optional<Grid> {};
    }
    const core::TimeSpan covered = *out.span;
    const Wide t0 = (floorDiv(covered.fromNs, s) + 1) * s;
    const Wide t1 = floorDiv(Wide { covered.toNs } + w - 1, s) * s;
    if (t0 > t1) {
        return std::optional<Grid> {}; // steps longer than the window can skip a short span
    }
    const Wide gridStart = t0 - w;
    const Wide buckets = (t1 - gridStart) / g;
    const std::string windowText = what + "a rolling window of " + core::formatDurationExact(w) + " stepped by "
        + core::formatDurationExact(s) + " over " + core::formatRfc3339(covered.fromNs) + " to "
        + core::formatRfc3339(covered.toNs);
    if (!fitsInt64(gridStart - g) || !fitsInt64(t1 + g)) {
        return core::Error { windowText
            + " reaches past the times that can be held (64-bit nanoseconds since 1970): choose a shorter window "
              "or step" };
    }
    if (buckets > kMaxRollingBuckets) {
        return core::Error { windowText + " needs "
            + (fitsInt64(buckets) ? core::groupThousands(std::to_string(static_cast<int64_t>(buckets))) : "too many")
            + " buckets of " + core::formatDurationExact(g)
            + " (the greatest common divisor of window and step), more than the "
            + core::groupThousands(std::to_string(kMaxRollingBuckets))
            + " allowed: choose a window and step with a larger common divisor, or a shorter range" };
    }
    return std::optional<Grid> { Grid { static_cast<int64_t>(gridStart), static_cast<int64_t>(buckets), g, t0, t1 } };
}

// 3. Each window is the difference of two prefix sums (prefix[i] = the sums of the grid's first i
// buckets).
void addPoints(RollingSeries& out, const Grid& grid, const std::vector<Sums>& prefix)
{
    const int64_t g = grid.widthNs;
    const int64_t perWindow = out.windowNs / g;
    const int64_t perStep = out.stepNs / g;
    const int64_t points = static_cast<int64_t>((grid.t1 - grid.t0) / out.stepNs) + 1;
    out.points.reserve(static_cast<size_t>(points));
    for (int64_t i = 0; i < points; ++i) {
        const auto hi = static_cast<size_t>(perWindow + i * perStep);
        const auto lo = static_cast<size_t>(i * perStep);
        RollingPoint p;
        p.tNs = static_cast<int64_t>(Wide { grid.startNs } + Wide { static_cast<int64_t>(hi) } * g);
        p.productiveNs = prefix[hi].productiveNs - prefix[lo].productiveNs;
        p.productiveGpuNs = prefix[hi].productiveGpuNs - prefix[lo].productiveGpuNs;
        p.e2eNs = prefix[hi].e2eNs - prefix[lo].e2eNs;
        p.e2eGpuNs = prefix[hi].e2eGpuNs - prefix[lo].e2eGpuNs;
        p.ettPercentGpu = core::percentOf(p.productiveGpuNs, p.e2eGpuNs);
        p.ettPercentTime = core::percentOf(p.productiveNs, p.e2eNs);
        out.points.push_back(p);
    }
}

void accumulate(std::vector<Sums>& prefix)
{
    for (size_t i = 1; i < prefix.size(); ++i) {
        prefix[i] += prefix[i - 1];
    }
}

} // namespace

core::Result<RollingSeries> rollingSeries(FleetSource& fleet, const RollingRequest& request)
{
    RollingSeries out;
    auto span = fleet.seriesSpan(request.scope, request.job);
    if (!span) {
        return span.error();
    }
    out.querySeconds += fleet.lastQuerySeconds();
    auto planned = planGrid(out, "", request.windowNs, request.stepNs, *span);
    if (!planned) {
        return planned.error();
    }
    if (!*planned) {
        return out;
    }
    const Grid grid = **planned;
    const int64_t g = grid.widthNs;
    const int64_t a0 = grid.startNs;
    const int64_t n = grid.buckets;
    const core::TimeSpan covered = *out.span;

    // 2. The grid buckets that can hold something (those overlapping the span), in chunks: each chunk
    // is the scope with its range cut to the chunk, so its buckets are the grid's, clipped alike.
    std::vector<Sums> prefix(static_cast<size_t>(n) + 1);
    const Wide first = std::max<Wide>(a0, floorDiv(covered.fromNs, g) * g);
    const Wide end = std::min<Wide>(grid.t1, covered.toNs);
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
    accumulate(prefix);
    addPoints(out, grid, prefix);
    return out;
}

core::Result<RollingSeries> jobRollingSeries(const core::JobTimeline& job, int64_t windowNs, int64_t stepNs)
{
    RollingSeries out;
    std::optional<core::TimeSpan> span;
    if (!job.attempts.empty()) {
        span = core::TimeSpan { job.windowStartNs, job.windowEndNs };
    }
    auto planned = planGrid(out, "job " + job.key + ": ", windowNs, stepNs, span);
    if (!planned) {
        return planned.error();
    }
    if (!*planned) {
        return out;
    }
    const Grid grid = **planned;
    const int64_t g = grid.widthNs;
    const Wide gridEnd = Wide { grid.startNs } + Wide { grid.buckets } * g;
    std::vector<Sums> prefix(static_cast<size_t>(grid.buckets) + 1);
    // 2. Each piece of the job's window (spec 5.5: an attempt's segments at its GPUs, the gap after it
    // as recovery at the job's) into the grid buckets it overlaps.
    auto add = [&](int64_t s, int64_t e, core::Bucket bucket, int64_t gpus) {
        Wide from = std::max<Wide>(s, grid.startNs);
        const Wide to = std::min<Wide>(e, gridEnd);
        while (from < to) {
            const Wide index = (from - grid.startNs) / g;
            const Wide bucketEnd = Wide { grid.startNs } + (index + 1) * g;
            const Wide len = std::min(to, bucketEnd) - from;
            Sums& sums = prefix[static_cast<size_t>(index) + 1];
            if (bucket == core::Bucket::Productive) {
                sums.productiveNs += len;
                sums.productiveGpuNs += len * gpus;
            }
            sums.e2eNs += len;
            sums.e2eGpuNs += len * gpus;
            from += len;
        }
    };
    for (const core::TimelineAttempt& a : job.attempts) {
        for (const core::Segment& seg : a.result.segments) {
            add(seg.startNs, seg.endNs, seg.bucket, a.result.gpus);
        }
        if (a.result.gapAfterNs > 0) {
            add(a.result.endNs, a.result.endNs + a.result.gapAfterNs, core::Bucket::Recovery, job.gpus);
        }
    }
    accumulate(prefix);
    addPoints(out, grid, prefix);
    return out;
}

std::optional<RollingPoint> worstWindow(const RollingSeries& series)
{
    if (!series.span) {
        return std::nullopt;
    }
    // Windows that lie inside the span: one at the job's start holding a minute of its init is not
    // its worst hour.
    auto inside = [&](const RollingPoint& p) {
        return Wide { p.tNs } - series.windowNs >= series.span->fromNs && p.tNs <= series.span->toNs;
    };
    auto lowest = [&](bool onlyInside) {
        std::optional<RollingPoint> worst;
        for (const RollingPoint& p : series.points) {
            if (p.ettPercentGpu && (!onlyInside || inside(p)) && (!worst || *p.ettPercentGpu < *worst->ettPercentGpu)) {
                worst = p;
            }
        }
        return worst;
    };
    // A span shorter than a window (or than a window and a step) has none inside: any window then.
    auto worst = lowest(true);
    return worst ? worst : lowest(false);
}

} // namespace ett::app
