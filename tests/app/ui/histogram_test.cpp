// Tests of the numbers behind the Compare page's distribution chart, on small hand-made samples:
// the duration axis and its unit, the histogram's common bins (edges and each cohort's counts) for
// no samples, one, all equal, and outliers on a linear and a log axis, the CDF's steps and the
// share axis's ticks.
#include "app/ui/charts/compare_charts.h"
#include "app/ui/charts/histogram.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QValueAxis>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int64_t kMs = 1'000'000;
constexpr int64_t kS = 1'000 * kMs;

using Counts = std::vector<int64_t>;

std::vector<double> evenEdges(double x0, double x1, int bins)
{
    std::vector<double> edges;
    for (int i = 0; i <= bins; ++i) {
        edges.push_back(x0 + (x1 - x0) * static_cast<double>(i) / bins);
    }
    return edges;
}

void expectEdges(const Histogram& h, const std::vector<double>& expected)
{
    ASSERT_EQ(h.edges.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_DOUBLE_EQ(h.edges[i], expected[i]) << "edge " << i;
    }
}

TEST(CompareHistogram, NoSamplesGiveTheLeastBinsOverOneUnitAndNoShares)
{
    const std::vector<int64_t> none;
    const DistributionAxis axis = distributionAxis(none, none, true);
    EXPECT_EQ(axis.unitName, "ms");
    EXPECT_FALSE(axis.log) << "no positive sample";
    EXPECT_EQ(axis.minNs, 0);
    EXPECT_EQ(axis.maxNs, 0);
    const Histogram h = histogramOf(axis, none, none);
    ASSERT_EQ(h.bins(), static_cast<size_t>(kMinBins));
    EXPECT_EQ(h.edges.front(), 0.0);
    EXPECT_EQ(h.edges.back(), 1.0);
    expectEdges(h, evenEdges(0, 1, kMinBins));
    EXPECT_EQ(h.counts[0], Counts(6, 0));
    EXPECT_EQ(h.counts[1], Counts(6, 0));
    EXPECT_EQ(h.share(0, 0), 0.0);
    EXPECT_EQ(h.maxShare(), 0.0);
}

TEST(CompareHistogram, OneValueFallsInTheLastBinWhichIsClosed)
{
    const std::vector<int64_t> a = { 3 * kS };
    const std::vector<int64_t> b;
    const DistributionAxis axis = distributionAxis(a, b, false);
    EXPECT_EQ(axis.unit, 1e9);
    EXPECT_EQ(axis.unitName, "s");
    EXPECT_EQ(axis.minNs, 3 * kS);
    EXPECT_EQ(axis.maxNs, 3 * kS);
    const Histogram h = histogramOf(axis, a, b);
    // From 0 (a linear axis starts at 0) to the value, in six bins of half a second.
    expectEdges(h, { 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0 });
    EXPECT_EQ(h.counts[0], (Counts { 0, 0, 0, 0, 0, 1 }));
    EXPECT_EQ(h.counts[1], Counts(6, 0));
    EXPECT_EQ(h.share(0, 5), 100.0);
    EXPECT_EQ(h.share(1, 5), 0.0) << "B has no samples";
    EXPECT_EQ(h.maxShare(), 100.0);
}

TEST(CompareHistogram, AllEqualValuesShareOneBin)
{
    const std::vector<int64_t> a = { 2 * kS, 2 * kS, 2 * kS, 2 * kS };
    const std::vector<int64_t> b = { 2 * kS };
    const DistributionAxis axis = distributionAxis(a, b, false);
    EXPECT_EQ(axis.unitName, "s") << "2 s and up are shown in seconds";
    const Histogram h = histogramOf(axis, a, b);
    expectEdges(h, evenEdges(0, 2, 6));
    EXPECT_EQ(h.counts[0], (Counts { 0, 0, 0, 0, 0, 4 }));
    EXPECT_EQ(h.counts[1], (Counts { 0, 0, 0, 0, 0, 1 }));
    EXPECT_EQ(h.share(0, 5), 100.0);
    EXPECT_EQ(h.share(1, 5), 100.0);

    // All zero: the bins span one unit from 0 and hold everything in the first.
    const std::vector<int64_t> zeros = { 0, 0, 0 };
    const DistributionAxis zeroAxis = distributionAxis(zeros, {}, true);
    EXPECT_FALSE(zeroAxis.log) << "no positive sample for a log axis";
    EXPECT_EQ(zeroAxis.floorX, 0.0);
    const Histogram z = histogramOf(zeroAxis, zeros, {});
    expectEdges(z, evenEdges(0, 1, 6));
    EXPECT_EQ(z.counts[0], (Counts { 3, 0, 0, 0, 0, 0 }));
}

TEST(CompareHistogram, AnOutlierStretchesTheLinearBinsAndEdgesAreShared)
{
    // Nine values of 1 s and one of 60 s in A; B's values fall into the same edges.
    std::vector<int64_t> a(9, 1 * kS);
    a.push_back(60 * kS);
    const std::vector<int64_t> b = { 5 * kS, 15 * kS, 25 * kS, 59 * kS };
    const DistributionAxis axis = distributionAxis(a, b, false);
    EXPECT_EQ(axis.unitName, "s");
    EXPECT_EQ(axis.maxNs, 60 * kS);
    const Histogram h = histogramOf(axis, a, b);
    // ceil(sqrt(10)) = 4 bins is below the least: six bins of 10 s.
    expectEdges(h, evenEdges(0, 60, 6));
    EXPECT_EQ(h.counts[0], (Counts { 9, 0, 0, 0, 0, 1 }));
    EXPECT_EQ(h.counts[1], (Counts { 1, 1, 1, 0, 0, 1 }));
    EXPECT_DOUBLE_EQ(h.share(0, 0), 90.0);
    EXPECT_DOUBLE_EQ(h.share(1, 0), 25.0);
    EXPECT_DOUBLE_EQ(h.maxShare(), 90.0);
}

TEST(CompareHistogram, TheLargerCohortSetsTheNumberOfBinsUpToTheMost)
{
    std::vector<int64_t> hundred;
    for (int64_t i = 0; i < 100; ++i) {
        hundred.push_back(i * 100 * kMs); // 0 to 9.9 s
    }
    const DistributionAxis axis = distributionAxis({ 1 * kS }, hundred, false);
    const Histogram h = histogramOf(axis, { 1 * kS }, hundred);
    ASSERT_EQ(h.bins(), 10u) << "ceil(sqrt(100))";
    expectEdges(h, evenEdges(0, 9.9, 10));
    EXPECT_EQ(h.counts[1], Counts(10, 10));
    EXPECT_EQ(h.counts[0], (Counts { 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 })) << "1 s is in [0.99 s, 1.98 s)";

    const std::vector<int64_t> many(2000, 1 * kS);
    EXPECT_EQ(histogramOf(distributionAxis(many, {}, false), many, {}).bins(), static_cast<size_t>(kMaxBins));
}

TEST(CompareHistogram, OnALogAxisZerosSitAtHalfTheSmallestPositiveValue)
{
    // 0, 1 ms, 10 ms, 100 ms, 1 s: in milliseconds (below 2 s), from 0.5 ms to 1000 ms.
    const std::vector<int64_t> a = { 0, 1 * kMs, 10 * kMs, 100 * kMs, 1000 * kMs };
    const DistributionAxis axis = distributionAxis(a, {}, true);
    EXPECT_TRUE(axis.log);
    EXPECT_EQ(axis.unitName, "ms");
    EXPECT_EQ(axis.floorX, 0.5);
    EXPECT_EQ(axis.toX(0), 0.5);
    EXPECT_EQ(axis.toX(10 * kMs), 10.0);
    const Histogram h = histogramOf(axis, a, {});
    // Six bins of equal ratio, 2000^(1/6) (about 3.55): 0.5, 1.77, 6.30, 22.4, 79.4, 282, 1000.
    ASSERT_EQ(h.bins(), 6u);
    EXPECT_EQ(h.edges.front(), 0.5);
    EXPECT_EQ(h.edges.back(), 1000.0);
    const double ratio = std::pow(2000.0, 1.0 / 6.0);
    for (size_t i = 0; i + 1 < h.edges.size(); ++i) {
        EXPECT_NEAR(h.edges[i + 1] / h.edges[i], ratio, 1e-9) << "edge " << i;
    }
    EXPECT_EQ(h.counts[0], (Counts { 2, 0, 1, 0, 1, 1 }));

    // Unasked for, or with no positive value below the largest: linear.
    EXPECT_FALSE(distributionAxis(a, {}, false).log);
    EXPECT_FALSE(distributionAxis({ 0, 5 * kMs }, { 5 * kMs }, true).log);
}

TEST(CompareHistogram, CdfStepsRiseFromNothingToTheWholeCohort)
{
    const std::vector<int64_t> v = { 1 * kS, 2 * kS, 3 * kS, 4 * kS };
    const DistributionAxis axis = distributionAxis(v, {}, false);
    using Steps = std::vector<std::pair<double, double>>;
    EXPECT_EQ(cdfSteps(axis, v, 100),
        (Steps { { 1, 0 }, { 1, 25 }, { 2, 25 }, { 2, 50 }, { 3, 50 }, { 3, 75 }, { 4, 75 }, { 4, 100 } }));
    // Fewer points than samples: evenly ranked, still ending at the whole cohort.
    EXPECT_EQ(cdfSteps(axis, v, 2), (Steps { { 2, 0 }, { 2, 50 }, { 4, 50 }, { 4, 100 } }));
    EXPECT_TRUE(cdfSteps(axis, {}, 100).empty());
}

TEST(CompareHistogram, ShareTicksAreRound)
{
    EXPECT_EQ(shareTicks(0).top, 5.0);
    EXPECT_EQ(shareTicks(0).ticks, 2);
    EXPECT_EQ(shareTicks(12).top, 15.0);
    EXPECT_EQ(shareTicks(12).ticks, 4);
    EXPECT_EQ(shareTicks(30).top, 30.0);
    EXPECT_EQ(shareTicks(30).ticks, 7);
    EXPECT_EQ(shareTicks(45).top, 50.0);
    EXPECT_EQ(shareTicks(45).ticks, 6);
    EXPECT_EQ(shareTicks(100).top, 100.0);
    EXPECT_EQ(shareTicks(100).ticks, 11);
}

} // namespace

// A CDF's share axis: every 20% on a tall chart; 0, 50 and 100% on a low one (crowded, Qt Charts
// dropped every other label and the top one went missing), and back when the chart grows.
TEST(CompareDistributionChart, ACdfKeepsItsTopLevelOnALowChart)
{
    fixtures::ensureApp();
    DistributionSamples samples;
    samples.name = "time_to_start";
    samples.a = { 60 * fixtures::kS, 120 * fixtures::kS, 600 * fixtures::kS };
    samples.b = { 90 * fixtures::kS, 300 * fixtures::kS };
    samples.countA = 3;
    samples.countB = 2;
    auto* chart = new QChart;
    QChartView view(chart);
    fillDistributionChart(chart, samples, true, false, Qt::red, Qt::blue);
    const auto shareAxis = [chart] {
        const auto axes = chart->axes(Qt::Vertical);
        return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.front());
    };
    ASSERT_NE(shareAxis(), nullptr);
    const auto shownAt = [&](int height) {
        view.resize(600, height);
        view.show();
        QCoreApplication::processEvents();
        return shareAxis()->tickCount();
    };
    EXPECT_EQ(shownAt(160), 3) << "plot area " << chart->plotArea().height() << " px";
    EXPECT_EQ(shownAt(600), 6) << "plot area " << chart->plotArea().height() << " px";
    EXPECT_EQ(shownAt(160), 3);
    EXPECT_DOUBLE_EQ(shareAxis()->max(), 100.0);
}

} // namespace ett::app
