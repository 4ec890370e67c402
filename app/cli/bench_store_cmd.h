// `ettw bench store --store URL --segments N`: what a fleet store costs and gains, in one run. A
// generated fleet of about N segments is imported into a temporary database and pushed into a
// database of the bench's own on the store's shards (dropped at the end); then the roll-up by an
// attribute, the series per day, the TTS/TTR percentiles and the top jobs are timed on the
// cluster, on the local engine (load and query) and the roll-up as a bare SQLite GROUP BY over
// the same segment rows. Each stage runs in a process of its own, so that its peak memory is its
// own. Prints one JSON object; exit 1 when the cluster's roll-up is not the engine's. With
// queriesOnly, only the cluster's queries on the store's own database, as it is.
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <string>

namespace ett::app {

struct BenchStoreCmd
{
    int64_t segments = 1'000'000;
    int repeats = 3; // each query's time is the median of this many runs
    std::string workDir; // where the trace and the database go; empty: a temporary folder
    bool clusterOnly = false; // no local engine or SQLite stage (and no equality check)
    bool queriesOnly = false; // the queries on --store's own database, nothing generated or pushed
};

int runBenchStore(const CommonOptions& common, const BenchStoreCmd& cmd);

} // namespace ett::app
