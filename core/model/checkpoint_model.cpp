#include "core/model/checkpoint_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ett::core {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kSecondsPerDay = 86400.0;

bool positive(double v)
{
    return std::isfinite(v) && v > 0;
}

bool nonNegative(double v)
{
    return std::isfinite(v) && v >= 0;
}

} // namespace

WastedTime wastedTime(double loopS, double interruptions, double intervalS, double blockingS)
{
    if (!positive(loopS) || !nonNegative(interruptions) || !positive(intervalS) || !nonNegative(blockingS)) {
        return { kNaN, kNaN };
    }
    return { interruptions * intervalS / 2.0, loopS / intervalS * blockingS };
}

double wastedFraction(double intervalS, double blockingS, double mtbiS)
{
    if (!positive(intervalS) || !nonNegative(blockingS) || !positive(mtbiS)) {
        return kNaN;
    }
    // wastedTime(L, L / M, I, b) / L, written without L.
    return intervalS / (2.0 * mtbiS) + blockingS / intervalS;
}

double youngIntervalS(double blockingS, double mtbiS)
{
    if (!positive(blockingS) || !positive(mtbiS)) {
        return kNaN;
    }
    return std::sqrt(2.0 * blockingS * mtbiS);
}

double youngWastedFraction(double blockingS, double mtbiS)
{
    if (!positive(blockingS) || !positive(mtbiS)) {
        return kNaN;
    }
    return std::sqrt(2.0 * blockingS / mtbiS);
}

DalyInterval dalyInterval(double blockingS, double mtbiS)
{
    if (!positive(blockingS) || !positive(mtbiS)) {
        return { kNaN, false };
    }
    if (blockingS >= 2.0 * mtbiS) {
        return { mtbiS, true };
    }
    const double x = blockingS / (2.0 * mtbiS);
    const double t = std::sqrt(2.0 * blockingS * mtbiS) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - blockingS;
    return { t, false };
}

EttrEstimate expectedEttr(const EttrInputs& in)
{
    if (in.nodes < 1 || !positive(in.failuresPerNodeDay) || !nonNegative(in.restartS) || !positive(in.intervalS)
        || !nonNegative(in.blockingS)) {
        return { kNaN, kNaN, kNaN, false };
    }
    // 1. The job fails when any of its nodes does: the rates add up.
    const double mttfS = kSecondsPerDay / (static_cast<double>(in.nodes) * in.failuresPerNodeDay);
    // 2. Per failure: the restart plus, on average, half an interval of progress redone.
    const double lossShare = (in.restartS + in.intervalS / 2.0) / mttfS;
    // 3. Per interval: the blocking write.
    const double ettr = 1.0 - in.blockingS / in.intervalS - lossShare;
    return { mttfS, std::clamp(ettr, 0.0, 1.0), lossShare, lossShare <= kEttrValidityLimit };
}

} // namespace ett::core
