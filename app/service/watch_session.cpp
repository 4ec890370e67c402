#include "app/service/watch_session.h"

#include "app/service/workspace.h"
#include "core/store/database.h"
#include "core/store/timeline.h"

#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ett::app {

core::Result<std::unique_ptr<WatchSession>> WatchSession::create(Workspace& workspace, WatchSessionOptions options)
{
    auto watch = FileWatch::create(workspace.store(), options.watch);
    if (!watch) {
        return watch.error();
    }
    return std::unique_ptr<WatchSession>(new WatchSession(workspace, std::move(options), std::move(*watch)));
}

namespace {
constexpr int64_t kWatchCacheKiB = -4096; // PRAGMA cache_size: negative is KiB
} // namespace

WatchSession::WatchSession(Workspace& workspace, WatchSessionOptions options, std::unique_ptr<FileWatch> watch)
    : m_workspace(workspace)
    , m_options(std::move(options))
    , m_watch(std::move(watch))
{
    const DetectorOptions& d = m_options.detectors;
    m_judgeFleet
        = m_options.fleetEveryNs && d.disabled.count("ett_drop") == 0 && (d.ettBelowPercent || d.baselineLabel);
    m_workspace.store().deferColumnRefresh(true);
    // A pass reads the changed files' jobs, not the fleet: a small page cache (the connection's
    // 32 MB filled with a large fleet's pages over a few minutes, and stayed).
    if (auto size = m_workspace.store().queryInt("PRAGMA cache_size"); size && *size) {
        m_cacheBefore = **size;
        (void)m_workspace.store().exec("PRAGMA cache_size=" + std::to_string(kWatchCacheKiB));
    }
}

WatchSession::~WatchSession()
{
    // What the changes left listed is rebuilt before the watch ends (a watcher killed before this
    // leaves it listed: readers read it from the rows, the next write rebuilds it).
    if (m_columnsDirtySinceNs) {
        refreshColumns(0, nullptr);
    }
    m_workspace.store().deferColumnRefresh(false);
    if (m_cacheBefore) {
        (void)m_workspace.store().exec("PRAGMA cache_size=" + std::to_string(*m_cacheBefore));
    }
}

namespace {

// Gives the memory a pass freed back to the system. A watcher reads each changed file again whole
// and imports it (its parse, its rows, its attribution on a second thread): hundreds of thousands of
// short-lived allocations a second. Under heaptrack an hour-like soak held at most 10.9 MB live
// and leaked nothing of its own (205 KB at exit, the TLS libraries' one-time tables), yet its
// resident memory grew by about 0.3 MiB a minute: free memory glibc kept inside its heaps, which
// it returns only from their top. malloc_trim returns every free page (a few ms).
void releaseFreedMemory()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace

WatchPass WatchSession::pass(int64_t nowNs, const std::atomic<bool>* cancel)
{
    WatchPass out;
    out.atNs = nowNs;
    out.events = m_watch->scan(nowNs, cancel);
    // 1. The jobs to judge: those of the changed files, and the running ones every runningEveryNs.
    std::set<int64_t> rows;
    if (!m_lastRunningNs || nowNs - *m_lastRunningNs >= m_options.runningEveryNs) {
        rows = m_running;
        m_lastRunningNs = nowNs;
    }
    for (const WatchEvent& e : out.events) {
        rows.insert(e.jobRowIds.begin(), e.jobRowIds.end());
        if (e.kind == WatchEvent::Kind::Imported || e.kind == WatchEvent::Kind::Replaced
            || e.kind == WatchEvent::Kind::Moved) {
            out.changed = true;
            out.lastChangedPath = e.path;
        }
    }
    if (out.changed) {
        m_lastChangeNs = nowNs;
        m_columnsDirtySinceNs = m_columnsDirtySinceNs.value_or(nowNs);
    }
    // 2. Judge them (and the labels' ETT% when it is time), then fire and clear.
    std::vector<Alert> alerts;
    std::set<std::string> judged;
    judgeJobs(rows, nowNs, alerts, judged);
    if (m_judgeFleet && (!m_lastFleetNs || nowNs - *m_lastFleetNs >= *m_options.fleetEveryNs)) {
        judgeFleet(nowNs, out, alerts, judged);
    }
    out.alerts = m_tracker.update(alerts, judged, false);
    // 3. The columnar copy, once the files are quiet (or have changed for long).
    if (m_columnsDirtySinceNs
        && ((!out.changed && nowNs - m_lastChangeNs >= m_options.columnQuietNs)
            || nowNs - *m_columnsDirtySinceNs >= m_options.columnEveryNs)) {
        refreshColumns(nowNs, &out);
    }
    if (out.changed || out.columnsRefreshed) {
        releaseFreedMemory();
    }
    return out;
}

void WatchSession::refreshColumns(int64_t nowNs, WatchPass* pass)
{
    if (auto st = core::refreshDeferredColumns(m_workspace.store()); !st) {
        if (pass) {
            pass->problems.push_back(
                "cannot rebuild the columnar copy (read from the rows meanwhile): " + st.error().message);
        }
        m_columnsDirtySinceNs = nowNs;
        m_lastChangeNs = nowNs;
        return;
    }
    m_columnsDirtySinceNs.reset();
    if (pass) {
        pass->columnsRefreshed = true;
    }
}

void WatchSession::judgeJobs(
    const std::set<int64_t>& rows, int64_t nowNs, std::vector<Alert>& alerts, std::set<std::string>& judged)
{
    for (int64_t row : rows) {
        auto t = core::loadJobTimeline(m_workspace.store(), core::JobRowId { row });
        if (!t) {
            m_running.erase(row); // removed since (its file's new content no longer holds it)
            continue;
        }
        judged.insert(jobSubject(t->label, t->key));
        auto found = detectJob(*t, nowNs, m_options.detectors, m_options.evidence, nullptr);
        alerts.insert(alerts.end(), found.begin(), found.end());
        if (!t->attempts.empty() && t->attempts.back().result.outcome == core::Outcome::Running) {
            m_running.insert(row);
        } else {
            m_running.erase(row);
        }
    }
}

void WatchSession::judgeFleet(int64_t nowNs, WatchPass& pass, std::vector<Alert>& alerts, std::set<std::string>& judged)
{
    m_lastFleetNs = nowNs;
    // Loaded for this judgement only: the fleet's memory is not held between two of them.
    auto fleet = m_workspace.fleet();
    if (!fleet) {
        pass.problems.push_back("cannot load the fleet for ett_drop: " + fleet.error().message);
        return;
    }
    struct Unload
    {
        Workspace& w;
        ~Unload() { w.unload(); }
    } unload { m_workspace };
    auto drops = detectEttDrop(**fleet, {}, nowNs, m_options.detectors, m_options.evidence);
    if (!drops) {
        pass.problems.push_back("ett_drop: " + drops.error().message);
        return;
    }
    alerts.insert(alerts.end(), drops->begin(), drops->end());
    for (const std::string& l : (*fleet)->vocabulary().labels) {
        judged.insert(labelSubject(l));
    }
}

} // namespace ett::app
