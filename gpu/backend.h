// The backend interface behind gpu::Engine (internal). A backend owns the data placement (host
// memory or device memory) and the parallel skeletons; the per-element logic is gpu/kernels.h.
#pragma once

#include "gpu/engine.h"
#include "gpu/kernels.h"

#include <memory>
#include <string>
#include <vector>

namespace ett::gpu {

// An exact sum of non-negative values: time and GPU-weighted time, 128 bits each as (lo, hi).
struct WideSum
{
    uint64_t timeLo = 0;
    uint64_t timeHi = 0;
    uint64_t gpuLo = 0;
    uint64_t gpuHi = 0;
};

class Backend
{
public:
    virtual ~Backend() = default;
    virtual BackendInfo info() const = 0;

    // Receives the fleet (kept by the engine on the host for the life of the backend).
    virtual void load(const core::FleetColumns& columns) = 0;

    // Attributes every attempt (spec 5) and fills `out` on the host; the backend keeps what it
    // needs for sums (segments, gaps) on its side.
    virtual void attribute(Attribution& out) = 0;

    // Uses an attribution computed elsewhere (the store's derived segments).
    virtual void loadAttribution(const Attribution& attribution) = 0;

    // The heavy pass of roll-ups and series: for every attempt with attemptGroup[a] >= 0, sums its
    // segments, gap and (first attempt, countQueue) queue into out[slot * kBuckets + bucket],
    // where out has params.timeBuckets * params.groups * kBuckets entries.
    virtual void sumSegments(
        const kernels::SumParams& params, const std::vector<int32_t>& attemptGroup, std::vector<WideSum>& out)
        = 0;

    // Durations (end - start) of the phases whose kind is selected, whose attempt has a group >= 0
    // and whose start lies in [lo, hi); per group, sorted ascending.
    virtual void phaseDurations(const std::vector<int32_t>& attemptGroup, int32_t groups,
        const std::vector<uint8_t>& kindSelected, int64_t lo, int64_t hi, std::vector<std::vector<int64_t>>& out)
        = 0;
};

// The CPU backend: all cores (std::thread), thread-private accumulators.
std::unique_ptr<Backend> makeCpuBackend();

// The CUDA backend, or nullptr with the reason when it cannot run here (not built with CUDA, no
// device, driver error).
std::unique_ptr<Backend> makeCudaBackend(std::string& whyNot);

} // namespace ett::gpu
