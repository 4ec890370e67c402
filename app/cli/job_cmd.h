// `ettw job`: one job's attempts, buckets, Time to Start and Time to Recover, as a table or JSON.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct JobCmd
{
    std::string job; // the job's key
    std::optional<std::string> label; // needed when the key exists under several labels
};

// Prints the job as a table or (common.format == "json") JSON. No database, an unknown job or an
// ambiguous key without --label: a message on stderr and kExitUserError.
int runJob(const CommonOptions& common, const JobCmd& cmd);

} // namespace ett::app
