// The numbers behind the Compare page's distribution chart, computed from two cohorts' samples of
// a duration (nanoseconds, each cohort's sorted ascending) with no widgets: the duration axis (a
// unit for the largest sample; on a log axis, where zeros sit), the histogram's common bins and
// each cohort's counts in them, the CDF's steps, and round ticks for the share axis. Pure; safe
// from any thread.
#pragma once

#include <QString>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ett::app {

// Histogram bins when both cohorts have many samples; fewer (at least kMinBins) for small samples.
inline constexpr int kMinBins = 6;
inline constexpr int kMaxBins = 30;

// The duration axis of both cohorts' samples.
struct DistributionAxis
{
    double unit = 1e6; // nanoseconds per axis unit (durationUnit of the largest sample)
    QString unitName = QStringLiteral("ms");
    // A log axis: asked for, and some positive sample is below the largest one.
    bool log = false;
    // The least x: on a log axis half the smallest positive sample (zeros are drawn there), else 0.
    double floorX = 0;
    int64_t minNs = 0; // the smallest and the largest sample of both (0 and 0 without samples)
    int64_t maxNs = 0;

    // A duration on the axis, in its unit (never below floorX).
    double toX(int64_t ns) const { return std::max(floorX, static_cast<double>(ns) / unit); }
};

DistributionAxis distributionAxis(const std::vector<int64_t>& a, const std::vector<int64_t>& b, bool log);

// Common bins of A and B: ceil(sqrt(n)) of them for the larger cohort's n samples, within
// [kMinBins, kMaxBins]; even on a linear axis (from min(0, smallest)), geometric on a log one
// (from floorX), up to the largest sample (one unit wide when that is no further).
struct Histogram
{
    std::vector<double> edges; // bins + 1, increasing, in the axis unit
    // Per cohort (0: A, 1: B), the samples in each bin: [edge i, edge i + 1), the last one closed.
    std::array<std::vector<int64_t>, 2> counts;
    std::array<size_t, 2> samples { 0, 0 }; // each cohort's sample count

    size_t bins() const { return edges.empty() ? 0 : edges.size() - 1; }
    // The share of a cohort's own samples in a bin, in percent (0 for a cohort without samples).
    double share(int cohort, size_t bin) const;
    // The largest share of either cohort in any bin, in percent.
    double maxShare() const;
};

Histogram histogramOf(const DistributionAxis& axis, const std::vector<int64_t>& a, const std::vector<int64_t>& b);

// A cohort's CDF as the corners of its steps, (x in the axis unit, share at or below in percent):
// at most `maxPoints` samples, evenly ranked (every sample when there are no more), two corners
// each, rising from 0 to 100. Empty without samples.
std::vector<std::pair<double, double>> cdfSteps(
    const DistributionAxis& axis, const std::vector<int64_t>& samples, size_t maxPoints);

// The share axis of a histogram: from 0 to `top` percent in `ticks` round ticks, every 5% up to
// 30%, else every 10%.
struct ShareTicks
{
    double top = 0;
    int ticks = 0;
};
ShareTicks shareTicks(double maxShare);

} // namespace ett::app
