// `ettw advise` (issue #7, models part): the checkpoint interval from a checkpoint's blocking time
// and the mean time between interruptions (Young, Daly, the waste at given intervals), or the
// expected ETTR of a job from its size and failure rate (a first-order approximation). Needs no
// database; the advice from measured inputs (--db, --job) is not part of this command yet.
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
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
};

// Prints the advice as a table or (common.format == "json") JSON. Missing, mixed or invalid
// inputs: a message naming the option on stderr and kExitUserError.
int runAdvise(const CommonOptions& common, const AdviseCmd& cmd);

} // namespace ett::app
