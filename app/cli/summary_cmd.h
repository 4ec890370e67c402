// `ettw summary`: the fleet's ETT% and where the time went, optionally per group (--by), over a
// scope: the jobs of a label (all when unset), a time range and whether queue time counts.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct SummaryCmd
{
    std::optional<std::string> label;
    std::optional<std::string> by; // an attribute, "label" or "job"
    std::string from; // RFC 3339 or epoch seconds; empty: the beginning
    std::string to; // likewise; empty: the end
    bool countQueue = false;
};

// Prints the summary as a table, JSON or CSV (common.format). A bad time, label or --by: a
// message on stderr and kExitUserError. With common.store: computed there in SQL, identical to
// the local output on the same data but for "database", which names the store.
int runSummary(const CommonOptions& common, const SummaryCmd& cmd);

} // namespace ett::app
