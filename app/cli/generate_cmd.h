// `ettw generate`: a synthetic fleet written as an ETT trace, the same for the same seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ett::app {

struct GenerateCmd
{
    int64_t jobs = 200;
    uint64_t seed = 1;
    // Over which jobs are submitted. Not given: 14, or on a bounded fleet as many as keep its
    // clusters about 70% busy (so that nearly every job runs instead of queueing past the end).
    std::optional<int> days;
    std::string capacity = "default"; // the clusters: default, none (unbounded) or CLUSTER=GPUS,...
    std::string out; // the trace; gzip-compressed when it ends in .gz
    int32_t ranks = 0; // > 0: multi-rank attempts with hosts (GeneratorOptions::ranks)
};

// Writes the trace (through a temporary file renamed at the end, so that a failure leaves no
// half file) and prints what it wrote. A bad --capacity (before anything is written) or a write
// failure: a message on stderr and kExitUserError.
int runGenerate(const GenerateCmd& cmd);

} // namespace ett::app
