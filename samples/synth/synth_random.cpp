#include "samples/synth/synth_random.h"

#include <algorithm>
#include <cmath>

namespace ett::core::synth {

namespace {

// log and exp from +, -, *, / and the exact frexp / ldexp / floor only, so that a seed gives the
// same fleet with every math library (std::log and std::exp may differ in the last bit).
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;

double portableLog(double x) // x > 0 and finite
{
    int e = 0;
    double m = std::frexp(x, &e); // x = m * 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        --e;
    }
    // log(m) = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), |s| <= 0.172: 12 terms reach 1e-18.
    const double s = (m - 1.0) / (m + 1.0);
    const double s2 = s * s;
    double term = s;
    double sum = 0.0;
    for (int k = 0; k < 12; ++k) {
        sum += term / static_cast<double>(2 * k + 1);
        term *= s2;
    }
    return 2.0 * sum + static_cast<double>(e) * kLn2;
}

double portableExp(double x)
{
    x = std::clamp(x, -700.0, 700.0);
    // x = n ln2 + r with |r| <= ln2/2; e^r by its Taylor series (22 terms reach 1e-20).
    const double n = std::floor(x / kLn2 + 0.5);
    const double r = (x - n * kLn2Hi) - n * kLn2Lo;
    double term = 1.0;
    double sum = 1.0;
    for (int k = 1; k < 22; ++k) {
        term *= r / static_cast<double>(k);
        sum += term;
    }
    return std::ldexp(sum, static_cast<int>(n));
}

uint64_t splitMix64(uint64_t& x)
{
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

} // namespace

SynthRandom::SynthRandom(uint64_t seed)
{
    uint64_t x = seed;
    for (auto& s : m_state) {
        s = splitMix64(x);
    }
}

uint64_t SynthRandom::nextU64()
{
    // xoshiro256** (Blackman and Vigna).
    const uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

double SynthRandom::uniform()
{
    return static_cast<double>(nextU64() >> 11) * 0x1.0p-53;
}

double SynthRandom::exponential(double mean)
{
    return -mean * portableLog(1.0 - uniform());
}

double SynthRandom::lognormal(double median, double sigma)
{
    // A standard normal by the polar form of Box-Muller (needs no sin / cos), the second value
    // dropped (the generator keeps no state beside the PRNG's).
    double x = 0.0;
    double s = 0.0;
    do {
        x = 2.0 * uniform() - 1.0;
        const double y = 2.0 * uniform() - 1.0;
        s = x * x + y * y;
    } while (s >= 1.0 || s == 0.0);
    const double z = x * std::sqrt(-2.0 * portableLog(s) / s);
    return median * portableExp(sigma * z);
}

size_t SynthRandom::pick(const double* weights, size_t n)
{
    double total = 0.0;
    for (size_t i = 0; i < n; ++i) {
        total += weights[i];
    }
    double x = uniform() * total;
    for (size_t i = 0; i < n; ++i) {
        if (x < weights[i]) {
            return i;
        }
        x -= weights[i];
    }
    return n - 1;
}

double SynthRandom::nextOrdered(double previous, int64_t remaining)
{
    // The smallest of m uniforms on [0, 1) is 1 - V^(1/m) for V uniform on (0, 1].
    const double v = 1.0 - uniform();
    const double smallest = 1.0 - portableExp(portableLog(v) / static_cast<double>(remaining));
    return previous + (1.0 - previous) * smallest;
}

} // namespace ett::core::synth
