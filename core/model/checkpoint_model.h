// Models of the checkpoint interval: the training time wasted as a function of the
// interval, its first-order optimum (Young 1974), the higher-order optimum (Daly 2006), and the
// expected Effective Training Time Ratio of a job of N nodes (after Kokolis et al. 2024).
//
// All times are in seconds, as doubles: these are models for advice, not the exact accounting of
// spec 5. Every function is pure and safe from any thread. Inputs outside a function's stated
// domain (zero, negative, NaN or infinite where a positive finite number is needed) give NaN
// fields; callers that take user input check it first (app/cli/advise_cmd.cpp names the option).
#pragma once

#include <cstdint>

namespace ett::core {

// The two parts of the time wasted by checkpointing every intervalS seconds of training.
struct WastedTime
{
    double unsavedS = 0; // progress since the last checkpoint, redone after each interruption
    double blockingS = 0; // training blocked while checkpoints are written
    double totalS() const { return unsavedS + blockingS; }
};

// Wasted time over loopS seconds of training loop with `interruptions` interruptions, when a
// checkpoint that blocks training for blockingS is written every intervalS (Young 1974):
// unsaved = interruptions x I / 2 (an interruption lands on average half-way through an interval),
// blocking = (loopS / I) x b. Needs loopS > 0, interruptions >= 0, intervalS > 0, blockingS >= 0.
WastedTime wastedTime(double loopS, double interruptions, double intervalS, double blockingS);

// The same waste as a fraction of the loop time, with M = loopS / interruptions the mean time
// between interruptions: w(I) = I / (2M) + b / I. Needs intervalS > 0, blockingS >= 0, mtbiS > 0.
double wastedFraction(double intervalS, double blockingS, double mtbiS);

// Young's first-order optimum, the I that minimises wastedFraction: sqrt(2 b M) (J. W. Young, "A
// first order approximation to the optimum checkpoint interval", CACM 17(9), 1974). Needs
// blockingS > 0 and mtbiS > 0.
double youngIntervalS(double blockingS, double mtbiS);

// wastedFraction at Young's interval: sqrt(2 b / M) (the two parts are equal there).
double youngWastedFraction(double blockingS, double mtbiS);

// Daly's higher-order optimum of the compute time between checkpoints.
struct DalyInterval
{
    double intervalS = 0;
    bool boundary = false; // b >= 2M: checkpointing cannot pay, the interval is M itself
};

// J. T. Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps",
// Future Generation Computer Systems 22(3), 2006 (exponential failures, restart time
// neglected): for b < 2M, T = sqrt(2 b M) [1 + (1/3) sqrt(b / (2M)) + (1/9) (b / (2M))] - b;
// for b >= 2M, T = M. Needs blockingS > 0 and mtbiS > 0.
DalyInterval dalyInterval(double blockingS, double mtbiS);

// Inputs of the expected ETTR of one job.
struct EttrInputs
{
    int64_t nodes = 1; // N, >= 1
    double failuresPerNodeDay = 0; // r_f, > 0: failures per node per day of running
    double restartS = 0; // u, >= 0: time from an interruption to training again (restart, reload)
    double intervalS = 0; // T, > 0: training time between checkpoints
    double blockingS = 0; // W, >= 0: training blocked by each checkpoint write
};

// Above this share of the MTTF spent on each failure (u + T/2), the first-order ETTR is only a
// rough guide: it neglects failures during restarts and the second-order terms.
inline constexpr double kEttrValidityLimit = 0.1;

struct EttrEstimate
{
    double mttfS = 0; // the job's mean time to failure, 1 / (N r_f)
    double expectedEttr = 0; // in [0, 1]
    double lossPerFailureShare = 0; // (u + T/2) / MTTF, the validity measure
    bool withinValidity = false; // lossPerFailureShare <= kEttrValidityLimit
};

// Expected ETTR of a job of N nodes, an APPROXIMATION: the first-order model of the kind used by
// Kokolis et al., "Revisiting Reliability in Large-Scale Machine Learning Research Clusters"
// (HPCA 2025, arXiv:2410.21680), with failures arriving as a Poisson process of rate N r_f:
//   MTTF = 1 / (N r_f),  E[ETTR] ~= 1 - W / T - (u + T / 2) / MTTF, clamped to [0, 1].
// Each failure costs the restart u plus on average half an interval of lost progress; each
// interval costs the write W. Valid when u + T/2 << MTTF (see kEttrValidityLimit) and W << T.
// This is not the paper's exact published expression, which could not be checked here.
EttrEstimate expectedEttr(const EttrInputs& in);

} // namespace ett::core
