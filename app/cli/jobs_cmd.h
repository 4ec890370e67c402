// `ettw jobs`: the jobs ranked by lost GPU-hours (most first) or by ETT% (lowest first).
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::app {

struct JobsCmd
{
    std::string sort = "lost_gpu_hours"; // or "ett"
    int64_t limit = 20; // 0: every job
    std::optional<std::string> label;
};

// Prints the ranking as a table, JSON or CSV. An unknown label or sort: a message on stderr and
// kExitUserError.
int runJobs(const CommonOptions& common, const JobsCmd& cmd);

} // namespace ett::app
