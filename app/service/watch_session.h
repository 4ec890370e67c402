// One watcher's passes, for both front ends (`ettw watch` and the window's File > Watch folder): a
// pass imports what changed (FileWatch), judges the jobs the changed files hold and the running
// ones with the job detectors, now and then the labels' ETT% (ett_drop, which loads the fleet), and
// says which alerts fired and which cleared (AlertTracker). The caller decides when to pass (after
// waitForChange) and where events and alerts go.
//
// Design note: a pass costs the changed files and the running jobs, not the fleet: jobs are judged
// one timeline at a time from the store; only ett_drop loads the fleet, at most every fleetEveryNs,
// and lets it go once judged (a watcher of 20,000 jobs held 80 MB between two judgements). The columnar copy's chunks a
// change touches (4,096 jobs each: on a fleet of 20,000 jobs, rebuilding one after every append took 1.5 s and 80 MB)
// are rebuilt once the files have been quiet for columnQuietNs, at the latest columnEveryNs after the first change, and
// when the session ends; until then readers read those chunks from the rows. Not thread-safe: one thread runs a session
// (the window runs it on a thread of its own, with a connection of its own to the database).
#pragma once

#include "app/service/detectors.h"
#include "app/service/file_watch.h"
#include "core/model/result.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ett::app {

class Workspace;

struct WatchSessionOptions
{
    WatchOptions watch;
    DetectorOptions detectors;
    EvidenceSource evidence;
    // How often ett_drop loads the fleet to judge each label's ETT% (nullopt: never).
    std::optional<int64_t> fleetEveryNs = 5LL * 60 * 1'000'000'000;
    // A running job whose files did not change is judged again this often (a hang is a matter of
    // minutes), not on every pass.
    int64_t runningEveryNs = 10LL * 1'000'000'000;
    // The columnar copy of the changed jobs' chunks: rebuilt after a pass without changes this long
    // after the last change, or at the latest this long after the first one not yet rebuilt.
    int64_t columnQuietNs = 30LL * 1'000'000'000;
    int64_t columnEveryNs = 10LL * 60 * 1'000'000'000;
};

// What one pass did.
struct WatchPass
{
    int64_t atNs = 0; // the time of the read
    std::vector<WatchEvent> events; // one per file that was looked at and differed
    bool changed = false; // a file was imported, replaced or moved: the database's figures changed
    std::string lastChangedPath; // the last such file
    AlertTracker::Change alerts; // fired and cleared by this pass
    std::vector<std::string> problems; // what went wrong besides files (ett_drop's fleet load)
    bool columnsRefreshed = false; // the columnar copy of the changed chunks was rebuilt
};

class WatchSession
{
public:
    // Prepares the watch over the workspace's database (FileWatch::create). `workspace` must outlive
    // the session. Error: a missing path, or the database's error.
    static core::Result<std::unique_ptr<WatchSession>> create(Workspace& workspace, WatchSessionOptions options);
    ~WatchSession();
    WatchSession(const WatchSession&) = delete;
    WatchSession& operator=(const WatchSession&) = delete;

    // One pass at nowNs (the wall clock: running attempts end there). *cancel stops between files.
    WatchPass pass(int64_t nowNs, const std::atomic<bool>* cancel = nullptr);
    // Blocks until a change is reported or timeoutMs passes; true when a change was reported.
    bool waitForChange(int timeoutMs) { return m_watch->waitForChange(timeoutMs); }
    bool notifying() const { return m_watch->notifying(); }
    // Whether changes wait for their chunks of the columnar copy to be rebuilt.
    bool columnsPending() const { return m_columnsDirtySinceNs.has_value(); }
    // Files seen by the last pass; jobs whose latest attempt runs; conditions open now.
    size_t fileCount() const { return m_watch->fileCount(); }
    size_t runningJobs() const { return m_running.size(); }
    const std::map<std::string, Alert>& openAlerts() const { return m_tracker.open(); }

private:
    WatchSession(Workspace& workspace, WatchSessionOptions options, std::unique_ptr<FileWatch> watch);
    // Judges the jobs by their store rows; keeps m_running current.
    void judgeJobs(
        const std::set<int64_t>& rows, int64_t nowNs, std::vector<Alert>& alerts, std::set<std::string>& judged);
    // ett_drop over the fleet, loaded for it and let go after.
    void judgeFleet(int64_t nowNs, WatchPass& pass, std::vector<Alert>& alerts, std::set<std::string>& judged);
    // Rebuilds the columnar copy's chunks the changes left listed; a problem is said in `pass`, and
    // tried again as if the files had changed at nowNs.
    void refreshColumns(int64_t nowNs, WatchPass* pass);

    Workspace& m_workspace;
    WatchSessionOptions m_options;
    std::unique_ptr<FileWatch> m_watch;
    AlertTracker m_tracker;
    std::set<int64_t> m_running; // store rows of jobs whose latest attempt runs
    std::optional<int64_t> m_lastFleetNs;
    std::optional<int64_t> m_lastRunningNs;
    bool m_judgeFleet = false;
    std::optional<int64_t> m_cacheBefore; // the connection's page cache size before the session
    std::optional<int64_t> m_columnsDirtySinceNs; // the first change whose chunks wait
    int64_t m_lastChangeNs = 0;
};

} // namespace ett::app
