// `ettw series`: a scope's figures per calendar hour, day or week (UTC), or its rolling-window ETT%
// (spec 7.2, --rolling) sampled at every multiple of a step; of every job of the scope or of one
// (--job). The scope is that of `ettw summary`: a label, a time range, whether queue time counts.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct SeriesCmd
{
    std::optional<std::string> label;
    std::string every = "day"; // hour, day or week
    std::string from; // RFC 3339 or epoch seconds; empty: the beginning
    std::string to; // likewise; empty: the end
    bool countQueue = false;
    std::optional<std::string> job; // only the job of this key (under --label when given)
    std::optional<std::string> rolling; // the window of a rolling series, a duration ("1h", "30m")
    std::optional<std::string> step; // its step (a duration; default the window)
};

// Prints one row (object) per calendar bucket, or per sample of the rolling series, as a table,
// JSON or CSV (common.format). A bad time, duration, label or job, or a rolling series too fine for
// its span: a message on stderr and kExitUserError. With common.store: computed there in SQL,
// identical to the local output on the same data but for "database", which names the store.
int runSeries(const CommonOptions& common, const SeriesCmd& cmd);

} // namespace ett::app
