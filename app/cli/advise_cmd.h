// `ettw advise`: checkpoint-interval advice measured from a database, per job or group
// (--db, --job, --by); or the models alone from given inputs: the checkpoint interval from a
// checkpoint's blocking time and the mean time between interruptions (Young, Daly, the waste at
// given intervals), or the expected ETTR of a job from its size and failure rate (a first-order
// approximation).
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

struct AdviseCmd
{
    // The interval advice.
    std::optional<double> blockingS; // b: training blocked per checkpoint (also W of the ETTR estimate)
    std::optional<double> mtbiS; // M: mean time between interruptions
    std::vector<double> intervalsS; // intervals at which to report the waste (one: T of the ETTR estimate)
    // The ETTR estimate.
    std::optional<int64_t> nodes;
    std::optional<double> failuresPerNodeDay;
    std::optional<double> restartS;
    // The measured advice (when no model input is given).
    std::optional<std::string> label; // only jobs of this dataset label
    std::optional<std::string> job; // one job's advice
    std::optional<std::string> by; // per group: an attribute, "label" or "job" (the default)
    size_t top = 20; // rows of the table (JSON lists every group)
};

// Prints the advice as a table or (common.format == "json") JSON. Missing, mixed or invalid
// inputs: a message naming the option on stderr and kExitUserError.
int runAdvise(const CommonOptions& common, const AdviseCmd& cmd);

} // namespace ett::app
