// One cluster's GPUs over time, as the synthetic fleet's scheduler reserves them. Internal to
// samples/synth.
//
// Design note: jobs are placed in submission order, each attempt at the earliest time at which its
// GPUs are free for its whole length (conservative backfilling: a later job may take a hole but
// never delays an attempt already placed). The reservations are kept as a step function of the
// GPUs in use. No query reaches before the latest submission, so the steps before it are
// forgotten: what is held is what runs then and what is already placed after it, which is bounded
// by what the cluster can run before the trace is taken, not by the number of jobs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

namespace ett::core::synth {

class CapacityTracker
{
public:
    // A cluster of `capacityGpus` GPUs (> 0), none of them in use.
    explicit CapacityTracker(int64_t capacityGpus);

    int64_t capacityGpus() const { return m_capacityGpus; }

    // GPUs in use at the instant t (nanoseconds).
    int64_t usedAt(int64_t t) const;
    // Whether `gpus` are free at every instant of [startNs, endNs) (true when it is empty).
    bool fits(int64_t startNs, int64_t endNs, int64_t gpus) const;
    // The earliest instant >= fromNs at which `gpus` are free; INT64_MAX when gpus exceed the capacity.
    int64_t earliestRoom(int64_t fromNs, int64_t gpus) const;
    // The earliest t >= fromNs such that `gpus` are free throughout [t, min(t + durNs, horizonNs));
    // a t >= horizonNs when none is before it, INT64_MAX when gpus exceed the capacity. durNs >= 0.
    int64_t earliestFit(int64_t fromNs, int64_t durNs, int64_t gpus, int64_t horizonNs) const;

    // Takes `gpus` over [startNs, endNs). Precondition: fits(startNs, endNs, gpus).
    void reserve(int64_t startNs, int64_t endNs, int64_t gpus);
    // Forgets the use before nowNs: later calls must not ask about earlier instants.
    void forgetBefore(int64_t nowNs);

    // Steps of the use held (about two per reservation not yet forgotten), for tests and bounds.
    size_t steps() const { return m_steps.size(); }

private:
    int64_t m_capacityGpus;
    // Instant -> GPUs in use from it to the next instant; none in use before the first and after the last.
    std::map<int64_t, int64_t> m_steps;

    // Makes `t` a step of its own (holding the use at t) and returns it.
    std::map<int64_t, int64_t>::iterator splitAt(int64_t t);
};

} // namespace ett::core::synth
