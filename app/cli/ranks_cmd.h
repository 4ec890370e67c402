// `ettw ranks` and `ettw hosts`: stragglers among the ranks of a job's attempts, and the hosts
// most often slowest across a scope (spec 7.3).
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::app {

struct RanksCmd
{
    std::string job; // the job's key
    std::optional<std::string> label; // needed when the key exists under several labels
    std::optional<int32_t> attempt; // only this attempt
};

// Prints each stage of the job's multi-rank attempts (slowest rank, its host, its time, the
// median, the excess) as a table or JSON. No database, an unknown job or attempt, or --store: a
// message on stderr and kExitUserError.
int runRanks(const CommonOptions& common, const RanksCmd& cmd);

struct HostsCmd
{
    std::optional<std::string> label;
    std::string from; // attempts starting at or after (RFC 3339 or epoch seconds); empty: open
    std::string to; // attempts starting before; empty: open
    std::string scope; // a cohort spec (label=..., team=..., gpus>=8, from=..., to=...); empty: every job
    int64_t top = 20; // 0: every host
};

// Prints the hosts by the GPU time their slowest ranks cost (times slowest, excess GPU-seconds)
// as a table or JSON. A bad time or label, or --store: a message on stderr and kExitUserError.
int runHosts(const CommonOptions& common, const HostsCmd& cmd);

} // namespace ett::app
