// `ettw restarts`: what every restart of a job costs (--job), one row per attempt with the previous
// attempt's end, its recovery split (spec 7.1) and lost progress, and the start-up by stage compared
// with the first attempt's; or (--compile-tags) the compile time of a scope per compile tag.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct RestartsCmd
{
    std::optional<std::string> job; // the job's key
    std::optional<std::string> label; // with --job: needed when the key is under several labels; else the scope
    bool compileTags = false; // the scope's compile time per tag instead of a job's restarts
    std::string from; // --compile-tags: range start (RFC 3339 or epoch seconds); empty: the beginning
    std::string to; // likewise, the end
};

// Prints the job's restarts, or the scope's compile tags, as a table or JSON (common.format). No
// database, an unknown job or label, an ambiguous key without --label, a bad time, or neither --job
// nor --compile-tags: a message on stderr and kExitUserError. With common.store: read from the store
// (the job's timeline, the scope's phase durations), the same output but for "database".
int runRestarts(const CommonOptions& common, const RestartsCmd& cmd);

} // namespace ett::app
