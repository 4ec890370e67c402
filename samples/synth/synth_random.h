// The random source of the synthetic fleet: xoshiro256** seeded by SplitMix64, with its own
// uniform, exponential, lognormal and weighted-pick draws built from +, -, *, / and exact frexp /
// ldexp / floor only, so that a seed gives the same fleet with every compiler and math library
// (never <random>'s distributions, whose results differ between standard libraries).
// Not thread-safe; one per generator.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ett::core::synth {

class SynthRandom
{
public:
    explicit SynthRandom(uint64_t seed);

    uint64_t nextU64();
    // Uniform in [0, 1), 53 bits.
    double uniform();
    // Exponential with the given mean.
    double exponential(double mean);
    // Lognormal with the given median and sigma of the underlying normal.
    double lognormal(double median, double sigma);
    // An index in [0, n) drawn with the given (non-negative) weights.
    size_t pick(const double* weights, size_t n);
    // The smallest of `remaining` (>= 1) uniforms on [previous, 1): drawn one after the other, with
    // `remaining` counting down, these are n uniforms on [0, 1) in increasing order (Renyi).
    double nextOrdered(double previous, int64_t remaining);

private:
    uint64_t m_state[4] {};
};

} // namespace ett::core::synth
