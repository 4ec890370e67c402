// The checkpoint-interval models (core/model/checkpoint_model.h) against the example:
// a checkpoint blocking training for 15 s and 3 interruptions a day (M = 28800 s).
#include "core/model/checkpoint_model.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace ett::core;

constexpr double kBlockingS = 15.0;
constexpr double kMtbiS = 86400.0 / 3.0; // 3 interruptions a day

double wastedPercent(double intervalS)
{
    return wastedFraction(intervalS, kBlockingS, kMtbiS) * 100.0;
}

TEST(Young, SeedExampleOptimumIs929_5SecondsWasting3_227Percent)
{
    EXPECT_NEAR(youngIntervalS(kBlockingS, kMtbiS), 929.5, 0.05);
    EXPECT_NEAR(youngIntervalS(kBlockingS, kMtbiS), std::sqrt(2.0 * 15.0 * 28800.0), 1e-9);
    EXPECT_NEAR(youngWastedFraction(kBlockingS, kMtbiS) * 100.0, 3.227, 0.0005);
    EXPECT_NEAR(wastedPercent(youngIntervalS(kBlockingS, kMtbiS)), 3.227, 0.0005);
}

TEST(CheckpointWaste, SeedExampleAtFiveTenThirtySixtyMinutes)
{
    EXPECT_NEAR(wastedPercent(300), 5.521, 0.0005);
    EXPECT_NEAR(wastedPercent(600), 3.542, 0.0005);
    EXPECT_NEAR(wastedPercent(1800), 3.958, 0.0005);
    EXPECT_NEAR(wastedPercent(3600), 6.667, 0.0005);
}

TEST(CheckpointWaste, AbsoluteTimeIsInterruptionsTimesHalfIntervalPlusWritesTimesBlocking)
{
    // One day of loop with 3 interruptions at a 5-minute interval: 3 x 150 s unsaved, 288 x 15 s blocked.
    const WastedTime w = wastedTime(86400.0, 3.0, 300.0, kBlockingS);
    EXPECT_DOUBLE_EQ(w.unsavedS, 450.0);
    EXPECT_DOUBLE_EQ(w.blockingS, 4320.0);
    EXPECT_NEAR(w.totalS() / 86400.0, wastedFraction(300.0, kBlockingS, kMtbiS), 1e-15);
}

TEST(CheckpointWaste, YoungIntervalMinimisesTheFirstOrderWaste)
{
    const double young = youngIntervalS(kBlockingS, kMtbiS);
    const double best = wastedFraction(young, kBlockingS, kMtbiS);
    for (double factor : { 0.25, 0.5, 0.9, 0.99, 1.01, 1.1, 2.0, 4.0 }) {
        EXPECT_GT(wastedFraction(young * factor, kBlockingS, kMtbiS), best) << "factor " << factor;
    }
    // Decreasing before the optimum, increasing after it.
    double previous = wastedFraction(10.0, kBlockingS, kMtbiS);
    for (double i = 20.0; i < young; i += 10.0) {
        const double w = wastedFraction(i, kBlockingS, kMtbiS);
        EXPECT_LT(w, previous) << i;
        previous = w;
    }
    previous = best;
    for (double i = young + 10.0; i < 20000.0; i += 10.0) {
        const double w = wastedFraction(i, kBlockingS, kMtbiS);
        EXPECT_GT(w, previous) << i;
        previous = w;
    }
    // At the optimum the two parts are equal.
    const WastedTime parts = wastedTime(86400.0, 3.0, young, kBlockingS);
    EXPECT_NEAR(parts.unsavedS, parts.blockingS, 1e-9);
}

TEST(CheckpointWaste, InvalidInputsGiveNaN)
{
    EXPECT_TRUE(std::isnan(wastedFraction(0.0, kBlockingS, kMtbiS)));
    EXPECT_TRUE(std::isnan(wastedFraction(300.0, -1.0, kMtbiS)));
    EXPECT_TRUE(std::isnan(wastedFraction(300.0, kBlockingS, 0.0)));
    EXPECT_TRUE(std::isnan(youngIntervalS(0.0, kMtbiS)));
    EXPECT_TRUE(std::isnan(youngIntervalS(kBlockingS, -5.0)));
    EXPECT_TRUE(std::isnan(dalyInterval(kBlockingS, 0.0).intervalS));
    EXPECT_TRUE(std::isnan(wastedTime(86400.0, -1.0, 300.0, kBlockingS).unsavedS));
}

TEST(Daly, SeedExampleIsCloseToYoungAndMatchesTheFormula)
{
    const DalyInterval d = dalyInterval(kBlockingS, kMtbiS);
    EXPECT_FALSE(d.boundary);
    // Recomputed by hand: x = 15 / 57600; sqrt(2 b M) (1 + sqrt(x) / 3 + x / 9) - b = 919.54 s.
    const double x = 15.0 / 57600.0;
    EXPECT_NEAR(d.intervalS, std::sqrt(864000.0) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - 15.0, 1e-9);
    EXPECT_NEAR(d.intervalS, 919.54, 0.005);
    const double young = youngIntervalS(kBlockingS, kMtbiS);
    EXPECT_LT(std::abs(d.intervalS - young) / young, 0.02);
}

TEST(Daly, ConvergesToYoungAsBlockingBecomesSmall)
{
    double previousGap = 1.0;
    for (double b : { 100.0, 10.0, 1.0, 0.1, 0.01 }) {
        const double gap
            = std::abs(dalyInterval(b, kMtbiS).intervalS - youngIntervalS(b, kMtbiS)) / youngIntervalS(b, kMtbiS);
        EXPECT_LT(gap, previousGap) << "b = " << b;
        previousGap = gap;
    }
    EXPECT_LT(previousGap, 1e-3);
}

TEST(Daly, BoundaryBlockingAtLeastTwiceTheMtbiGivesTheMtbi)
{
    for (double b : { 2.0 * 100.0, 250.0, 1e6 }) {
        const DalyInterval d = dalyInterval(b, 100.0);
        EXPECT_TRUE(d.boundary) << b;
        EXPECT_DOUBLE_EQ(d.intervalS, 100.0) << b;
    }
    const DalyInterval justBelow = dalyInterval(199.0, 100.0);
    EXPECT_FALSE(justBelow.boundary);
    EXPECT_GT(justBelow.intervalS, 0.0);
}

TEST(Kokolis, ExpectedEttrIsOneMinusWriteShareMinusLossPerFailureOverMttf)
{
    // 1024 nodes at 0.005 failures per node-day: MTTF = 86400 / 5.12 = 16875 s (4.6875 h).
    // Restart 600 s, 30-minute interval, 15 s writes:
    // 1 - 15/1800 - (600 + 900)/16875 = 1 - 0.0083333 - 0.0888889 = 0.9027778.
    const EttrEstimate e = expectedEttr({ 1024, 0.005, 600.0, 1800.0, 15.0 });
    EXPECT_NEAR(e.mttfS, 16875.0, 1e-9);
    EXPECT_NEAR(e.mttfS / 3600.0, 4.6875, 1e-12);
    EXPECT_NEAR(e.expectedEttr, 0.9027778, 5e-8);
    EXPECT_NEAR(e.lossPerFailureShare, 1500.0 / 16875.0, 1e-12);
    EXPECT_TRUE(e.withinValidity);
}

TEST(Kokolis, OutsideItsRangeTheApproximationIsFlaggedAndClamped)
{
    // 16384 nodes at 0.05 failures per node-day: MTTF = 105.5 s, shorter than the restart.
    const EttrEstimate e = expectedEttr({ 16384, 0.05, 600.0, 1800.0, 15.0 });
    EXPECT_NEAR(e.mttfS, 86400.0 / 819.2, 1e-9);
    EXPECT_FALSE(e.withinValidity);
    EXPECT_EQ(e.expectedEttr, 0.0);
    // More nodes, fewer writes or a longer restart can only lower the estimate.
    const EttrEstimate base = expectedEttr({ 64, 0.01, 300.0, 1200.0, 10.0 });
    EXPECT_GT(base.expectedEttr, expectedEttr({ 128, 0.01, 300.0, 1200.0, 10.0 }).expectedEttr);
    EXPECT_GT(base.expectedEttr, expectedEttr({ 64, 0.01, 600.0, 1200.0, 10.0 }).expectedEttr);
    EXPECT_GT(base.expectedEttr, expectedEttr({ 64, 0.01, 300.0, 1200.0, 20.0 }).expectedEttr);
    EXPECT_LE(base.expectedEttr, 1.0);
}

TEST(Kokolis, InvalidInputsGiveNaN)
{
    EXPECT_TRUE(std::isnan(expectedEttr({ 0, 0.01, 300.0, 1200.0, 10.0 }).expectedEttr));
    EXPECT_TRUE(std::isnan(expectedEttr({ 8, 0.0, 300.0, 1200.0, 10.0 }).expectedEttr));
    EXPECT_TRUE(std::isnan(expectedEttr({ 8, 0.01, -1.0, 1200.0, 10.0 }).expectedEttr));
    EXPECT_TRUE(std::isnan(expectedEttr({ 8, 0.01, 300.0, 0.0, 10.0 }).expectedEttr));
    EXPECT_FALSE(expectedEttr({ 8, 0.01, 300.0, 0.0, 10.0 }).withinValidity);
}

} // namespace
