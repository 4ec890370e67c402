// `ettw bench open --db PATH`: what opening a fleet costs before the engine answers, in one run.
// Times, each stage in a process of its own (so that its peak memory is its own): the engine's
// load as `ettw summary` does it, then the roll-up by team, the series per day, the percentiles and
// the top jobs; the window's first overview (open the database, load, the overview's queries); and
// `ettw summary --by team` and `ettw series --every day` end to end as a user runs them. Prints
// one JSON object. `storage` names how the derived data is read ("rows": SQLite rows, today's one
// way), so that a later way is measured beside this baseline in the same run.
#pragma once

#include "app/cli/cli_common.h"

namespace ett::app {

struct BenchOpenCmd
{
    int repeats = 3; // each query's and each command's time is the median of this many runs
};

int runBenchOpen(const CommonOptions& common, const BenchOpenCmd& cmd);

} // namespace ett::app
