// The clusters of a synthetic fleet and their GPU counts, which the generator's concurrent
// attempts respect; and the text form of `ettw generate --capacity`.
#pragma once

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

struct ClusterCapacity
{
    std::string name; // the job attribute `cluster`
    int64_t gpus = 0;

    bool operator==(const ClusterCapacity&) const = default;
};

// The smallest job of a generated fleet: a cluster needs at least this many GPUs.
constexpr int64_t kMinClusterGpus = 8;
// The largest GPU count a cluster may have (a bound that keeps GPU arithmetic far from overflow).
constexpr int64_t kMaxClusterGpus = 100'000'000;

// The fleet `ettw generate` simulates unless told otherwise: five clusters, 53,248 GPUs in all.
std::vector<ClusterCapacity> defaultFleetCapacity();

// Reads a --capacity value: "default" (defaultFleetCapacity()), "none" (unbounded: an empty list)
// or CLUSTER=GPUS,... (names of letters, digits, '-', '_' and '.', each once; GPUS a whole number
// from kMinClusterGpus to kMaxClusterGpus). The Error quotes `what` (the option) and the value and
// names the part at fault.
Result<std::vector<ClusterCapacity>> parseFleetCapacity(std::string_view text, std::string_view what);

// The GPUs of all the clusters.
int64_t totalGpus(const std::vector<ClusterCapacity>& clusters);

// CLUSTER=GPUS,... in the given order: what parseFleetCapacity reads back; "none" for an empty list.
std::string formatFleetCapacity(const std::vector<ClusterCapacity>& clusters);

} // namespace ett::core
