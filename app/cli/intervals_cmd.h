// `ettw intervals`: from a bucket to its intervals (issue 17, item 6): the segments of a scope in
// one bucket, each with its job, attempt, start, duration and GPU-hours, the first --limit in the
// order of --sort, their count and total (which equal the bucket's time in `ettw summary`).
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::app {

struct IntervalsCmd
{
    std::string bucket; // a spec bucket name, required
    std::optional<std::string> label;
    std::optional<std::string> job; // a job key
    std::optional<int32_t> attempt; // with --job
    std::optional<std::string> scope; // a cohort spec: team=ads,from=...
    std::string from, to;
    bool countQueue = false;
    std::string sort = "gpu_hours";
    int64_t limit = 50; // 0: all
};

// Prints the intervals as a table, JSON or CSV. A bad bucket, sort, scope, job or attempt: a
// message on stderr naming the option and kExitUserError.
int runIntervals(const CommonOptions& common, const IntervalsCmd& cmd);

} // namespace ett::app
