// Console logs imported together, as runs of configurations: which job and attempt each run is.
//
// One log file is one run, one attempt. The rules name a run's configuration (settings.job_from_name
// on the run name, or --job). The runs of one configuration in time order form chains: a run after
// an interrupted (failed, preempted or unfinished) run is the next attempt of that run's job; a run
// after a completed (or cancelled) run starts a new job, for a rerun of a finished configuration is a new job and the
// time between the two is no recovery. A job's key is the run name of its first run (unique, and the same whichever
// files are imported together); its name is the configuration, so that comparisons pair the jobs of one configuration
// by name. Attempts are numbered from 0 in time order.
#pragma once

#include "core/ingest/formats.h"
#include "core/model/result.h"
#include "core/model/types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ett::core {

// What the chaining needs of one run.
struct LogRun
{
    std::string run; // the run name (the file's, or its folder's)
    std::string config; // the job key the rules give: --job, or job_from_name on the run name
    int32_t order = 0; // the attempt the rules give (a run number): a tie-break of equal starts
    int64_t startNs = 0;
    Outcome outcome = Outcome::Failed;
};

// Reads the log as an import would (the same options and rules) and says who its run is. Error: as
// the import of the file would fail.
Result<LogRun> identifyLogRun(const std::string& path, const ReaderOptions& options);

// Who the log's run is by its name alone, without reading it: the run, its configuration and its
// number, with startNs 0 and outcome completed. Enough to chain the only run of a configuration (its
// job and attempt do not depend on its start or outcome). Error: the rules cannot be read.
Result<LogRun> logRunByName(const std::string& path, const ReaderOptions& options);

// Which job and attempt a run is.
struct LogRunIdentity
{
    std::string job;
    std::string name; // the configuration; empty with --job
    int32_t attempt = 0;
    bool operator==(const LogRunIdentity&) const = default;
};

// The identity of each run, in the order given. With --job (jobGiven) every run is of that job, in
// time order, never split; with --attempt (attemptGiven) the attempts are left as given.
std::vector<LogRunIdentity> chainLogRuns(const std::vector<LogRun>& runs, bool jobGiven, bool attemptGiven);

} // namespace ett::core
