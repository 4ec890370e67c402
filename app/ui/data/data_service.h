// The workbench's data service (DESIGN.md: "the GUI never blocks"). It owns the open
// database and the aggregation engine on a worker thread; views ask for results with request*()
// and get them through signals, each carrying the id its request returned. A newer request of
// the same kind makes older ones stale: they are skipped if not started, and their results are
// not delivered (after hotspot's job tracker). All methods are called on the GUI thread.
#pragma once

#include "app/service/bucket_intervals.h"
#include "app/service/causes.h"
#include "app/service/ranks.h"
#include "app/ui/data/types.h"
#include "core/ingest/formats.h"
#include "core/model/label_contents.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <map>
#include <memory>
#include <utility>

class QThread;

namespace ett::app {

class DataWorker;

struct LoadStats
{
    QString databasePath; // or the fleet store's URL, masked
    bool store = false; // a fleet store, not a database
    QString warning; // what the user should know about the connection (a user who may write)
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
    double loadSeconds = 0;
    // The excluded windows (spec 7.4) the database keeps as its scope setting (none on a store).
    std::vector<core::TimeSpan> excluded;
};

class DataService : public QObject
{
    Q_OBJECT
public:
    explicit DataService(QObject* parent = nullptr);
    ~DataService() override;

    // The backend the engine chose (valid after databaseOpened).
    const gpu::BackendInfo& backend() const { return m_backend; }
    bool hasDatabase() const { return !m_path.isEmpty(); }
    const QString& databasePath() const { return m_path; }
    // Whether what is open is a fleet store (databasePath() is then its URL, masked).
    bool isStore() const { return m_store; }

    // Opens a workbench database (created when missing) and loads it into the engine; emits
    // databaseOpened or databaseFailed.
    void openDatabase(const QString& path);
    // Connects to a fleet store instead (url without its password; `password` empty: from the
    // environment or the password file); emits databaseOpened (stats.store set) or databaseFailed.
    void connectStore(const QString& url, const QString& password);

    // Imports trace files into the open database (one transaction each) under a label, read with
    // `reader` (format, mapping, job, ... as `ettw import` takes them; the caller has checked them
    // with core::checkReaderOptions), then reloads; progress through importProgress, the end
    // through importFinished. cancelImport() stops the current file (rolled back) and skips the rest.
    // `update`: files imported before that changed since replace their earlier records
    // (ImportRequest::update); `readAgain`: unchanged ones too, read with `reader`
    // (ImportRequest::readUnchangedAgain; implies update).
    void importFiles(const QStringList& paths, const QString& label, const core::ReaderOptions& reader = {},
        bool update = false, bool readAgain = false);
    void cancelImport();
    bool importRunning() const { return m_importRunning; }

    // Loads the open database again after others wrote to it (a watched folder's imports), off the
    // GUI thread: databaseRefreshed, with where engine job index `job` (-1: none) went in the new
    // load (-1 when its job is gone), or refreshFailed (the previous load stays). Nothing on a fleet
    // store. The caller coalesces: one refresh at a time (refreshRunning()).
    void refreshDatabase(int32_t job = -1);
    bool refreshRunning() const { return m_refreshRunning; }

    // Renames a dataset label (error if the new name exists); reloads on success.
    void renameLabel(const QString& from, const QString& to);

    // Removing a dataset label (File > Remove label): what it holds, for the confirmation
    // (labelContentsReady, or labelRemoveFailed when it does not exist), then the removal, which
    // keeps a copy on the worker's connection for undo and reloads: labelRemoved, or
    // labelRemoveFailed (nothing was removed).
    void requestLabelContents(const QString& label);
    void removeLabel(const QString& label);
    // Puts the last removed label back with its ids (Edit > Undo) and reloads: labelRestored, or
    // labelRestoreFailed saying why (its name is used again, or a later import took its ids;
    // nothing changed, and the removal can still be undone once that is resolved).
    void restoreRemovedLabel();
    // The label an undo would restore; empty when there is none (nothing removed since the
    // database was opened, or it was restored).
    const QString& removedLabel() const { return m_removedLabel; }

    // The files the open database stores: datasetsReady or queryFailed (a fleet store is open).
    quint64 requestDatasets(const QObject* requester = nullptr);
    // Removes one imported file (File > Remove file; app/service/file_removal.h) as if it had never
    // been imported, and reloads: fileRemoved (what went, and what could not be made as an import
    // without it would), or fileRemoveFailed (nothing was removed). The files read again are read
    // with the options they were imported with; those of files imported before the database kept
    // them, with the import dialog's remembered options.
    void removeFile(const QString& label, const QString& path);
    // Imports the last removed file again (Edit > Undo) from its path, under its label, with the
    // options it was imported with (else the remembered ones), and reloads: fileRestored, or
    // fileRestoreFailed saying why (the file is no longer there, or its import failed; the undo
    // stays possible).
    void restoreRemovedFile();
    // The file an undo would import again; nullopt when there is none.
    const std::optional<FileRemovalInfo>& removedFile() const { return m_removedFile; }

    // Each request returns its id. `requester` (usually the asking view) names its channel: a
    // newer request of the same kind from the same requester makes the older stale; requests of
    // other requesters are independent (two views may ask for the same kind at once).
    // With `rollingWindowNs`, the overview carries the rolling ETT% over that window (OverviewData).
    quint64 requestOverview(const core::CohortSpec& filter, gpu::Calendar every, const QObject* requester = nullptr,
        int64_t rollingWindowNs = 0);
    quint64 requestTable(const core::CohortSpec& filter, const Location& location, const QObject* requester = nullptr);
    quint64 requestJobTimeline(int32_t job, const QObject* requester = nullptr);
    // The intervals behind a bucket (FleetSource::bucketIntervals): intervalsReady.
    quint64 requestIntervals(const IntervalRequest& request, const QObject* requester = nullptr);
    quint64 requestFleetTimeline(
        const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int maxRows, const QObject* requester = nullptr);
    // Every job of the filter at once, binned into at most `columns` time bins x `maxRows` bands of
    // jobs (FleetSource::fleetDensity, computed on the worker): fleetDensityReady or queryFailed.
    quint64 requestFleetDensity(const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int columns, int maxRows,
        const QObject* requester = nullptr);
    // Compares two cohorts: comparisonProgress while it runs, then comparisonReady (or
    // queryFailed). The first comparison after a load also loads the phases (phase-duration
    // distributions need them); the engine keeps them until the next database is opened.
    quint64 requestComparison(const ComparisonRequest& request, const QObject* requester = nullptr);
    // Checkpoint advice for the filter's jobs, pooled per group of request.groupBy:
    // adviceReady or queryFailed.
    quint64 requestAdvice(const AdviceRequest& request, const QObject* requester = nullptr);
    // Gathers a report's content on the worker: reportReady or queryFailed.
    quint64 requestReport(const ReportRequest& request, const QObject* requester = nullptr);

    // What-if projections: whatIfReady or queryFailed. The worker keeps the model
    // of the last cohort and builds it again only when the cohort or the loaded data change, so that
    // a request per slider move stays fast; newest wins as for every request. A change of a phase
    // subcategory loads the phases once (as the first comparison does).
    quint64 requestWhatIf(const WhatIfRequest& request, const QObject* requester = nullptr);
    // The import issues stored in the open database (per file and kind): issuesReady or queryFailed.
    quint64 requestIssues(const QObject* requester = nullptr);
    // Jobs whose key, name or an attribute value contains the query, any label, the best `limit`
    // first (FleetSource::findJobs): jobsFound or queryFailed.
    quint64 requestFindJobs(const QString& query, int limit, const QObject* requester = nullptr);
    // The stragglers of one job's multi-rank attempts (spec 7.3; `label` empty: any): jobRanksReady
    // or queryFailed (a fleet store is open, no such job, or its key under several labels).
    quint64 requestJobRanks(const QString& key, const QString& label, const QObject* requester = nullptr);
    // The hosts of the filter's jobs ranked by the GPU time their slowest ranks cost: hostsReady or
    // queryFailed (a fleet store is open).
    quint64 requestHosts(const core::CohortSpec& filter, const QObject* requester = nullptr);
    // The scenarios saved in the open database: scenariosReady or queryFailed.
    quint64 requestScenarios(const QObject* requester = nullptr);
    // Saves a scenario under its name (replacing one of the same name) in one transaction:
    // scenarioSaved with the new list, or queryFailed (nothing written). Never made stale.
    quint64 saveScenario(const core::Scenario& scenario);
    // Deletes the scenario saved under `name`: scenarioDeleted with what was deleted (to undo: save
    // it again) and the new list, or queryFailed (nothing deleted). Never made stale.
    quint64 deleteScenario(const QString& name);
    // Saves the excluded windows (spec 7.4) with the open database, replacing those it kept (an
    // empty list removes them): nothing back on success, queryFailed when it cannot be written.
    quint64 saveExcludedWindows(const std::vector<core::TimeSpan>& windows);

    // The causes table of the filter under the cause rules in force (app/service/causes.h):
    // causesReady or queryFailed (a fleet store holds no rules: it needs a database).
    quint64 requestCauses(const core::CohortSpec& filter, const QObject* requester = nullptr);
    // Saves `rules` as the cause rules in force (nullopt: restores the set saved before the last
    // save), derives the figures again and reloads: databaseOpened, then causeRulesChanged; or
    // queryFailed (nothing changed). Never made stale.
    quint64 changeCauseRules(const std::optional<core::CauseRules>& rules);

    // Makes every request made so far stale: a fleet store's query in flight is abandoned (and
    // killed on the server), and no result of them is delivered.
    void stopQueries();

signals:
    void databaseOpened(const ett::app::LoadStats& stats, const ett::app::Vocabulary& vocabulary);
    void databaseFailed(const QString& message);
    // The same database loaded again (refreshDatabase): the place the user is stays; `job` is now
    // `newJob` (-1: gone). databaseOpened is not emitted for it.
    void databaseRefreshed(
        const ett::app::LoadStats& stats, const ett::app::Vocabulary& vocabulary, int32_t job, int32_t newJob);
    void refreshFailed(const QString& message);
    void importProgress(const ett::app::ImportProgressInfo& progress);
    // summary: one line per file, after a line of counts when there were several; errors:
    // "file:line: message" of files that failed (nothing of them was stored); cancelled: the user
    // stopped it; skipped: files of folders that no reader places (their lines say why); notes: console
    // logs not chained with the runs stored before them, and why (ImportReport::notes).
    void importFinished(
        const QString& summary, const QStringList& errors, bool cancelled, int skipped, const QStringList& notes);
    void labelRenamed(const QString& from, const QString& to);
    void labelRenameFailed(const QString& message);
    void labelContentsReady(const QString& label, const ett::core::LabelContents& contents);
    void labelRemoved(const QString& label, const ett::core::LabelContents& contents);
    void labelRemoveFailed(const QString& message);
    void labelRestored(const QString& label, const ett::core::LabelContents& contents);
    void labelRestoreFailed(const QString& message);
    void datasetsReady(quint64 id, const ett::app::DatasetList& list);
    void fileRemoved(const ett::app::FileRemovalInfo& removed);
    void fileRemoveFailed(const QString& message);
    // `summary`: the import's line for the file.
    void fileRestored(const ett::app::FileRemovalInfo& removed, const QString& summary);
    void fileRestoreFailed(const QString& message);

    void overviewReady(quint64 id, const ett::app::OverviewData& data);
    void tableReady(quint64 id, const ett::app::TableData& data);
    void jobTimelineReady(quint64 id, const ett::core::JobTimeline& timeline);
    void intervalsReady(quint64 id, const ett::app::BucketIntervals& intervals);
    void fleetTimelineReady(quint64 id, const ett::app::FleetTimelineData& data);
    void fleetDensityReady(quint64 id, const ett::app::FleetDensity& density);
    void comparisonReady(quint64 id, const ett::app::ComparisonData& data);
    void reportReady(quint64 id, const ett::app::ReportContent& content);
    void adviceReady(quint64 id, const ett::gpu::AdviceTable& advice);
    void whatIfReady(quint64 id, const ett::app::WhatIfData& data);
    void scenariosReady(quint64 id, const ett::app::ScenarioList& list);
    void issuesReady(quint64 id, const ett::app::IssueList& list);
    void jobsFound(quint64 id, const ett::app::JobMatches& matches);
    void jobRanksReady(quint64 id, const ett::app::JobRanks& ranks);
    void hostsReady(quint64 id, const ett::app::HostsRanking& hosts);
    void causesReady(quint64 id, const ett::app::CausesData& data);
    void causeRulesChanged(quint64 id, const ett::app::RulesChanged& change);
    void scenarioSaved(quint64 id, const QString& name, const ett::app::ScenarioList& list);
    void scenarioDeleted(quint64 id, const ett::core::SavedScenario& deleted, const ett::app::ScenarioList& list);
    // What a running comparison is doing ("loading phase durations", "comparing"), for the page.
    void comparisonProgress(quint64 id, const QString& stage);
    void queryFailed(quint64 id, const QString& message);

    // For the status bar: what was computed, on which backend, how long it took.
    void queryTimed(const QString& what, double milliseconds);
    // A fleet store's query started (true) or ended (false) on the worker.
    void storeQueryRunning(bool running);

private:
    friend class DataWorker;
    QThread* m_thread = nullptr;
    DataWorker* m_worker = nullptr;
    gpu::BackendInfo m_backend;
    QString m_path;
    bool m_store = false;
    bool m_importRunning = false;
    bool m_refreshRunning = false;
    QString m_removedLabel; // set and cleared by the worker's posts
    std::optional<FileRemovalInfo> m_removedFile; // likewise
    std::shared_ptr<std::atomic<bool>> m_cancel;
    // The newest request id per channel (kind, requester); a fresh channel for a new requester.
    std::shared_ptr<std::atomic<quint64>> channel(int kind, const QObject* requester);
    // A request's id and channel: the newest of (kind, requester), or, with `kind` < 0, a channel of
    // its own (a request no other makes stale).
    std::pair<quint64, std::shared_ptr<std::atomic<quint64>>> newRequest(int kind, const QObject* requester);
    std::map<std::pair<int, const QObject*>, std::shared_ptr<std::atomic<quint64>>> m_latest;
    std::atomic<quint64> m_nextId { 1 };
};

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::LoadStats)
Q_DECLARE_METATYPE(ett::app::CausesData)
Q_DECLARE_METATYPE(ett::app::RulesChanged)
Q_DECLARE_METATYPE(ett::app::FleetDensity)
Q_DECLARE_METATYPE(ett::app::BucketIntervals)
Q_DECLARE_METATYPE(ett::core::LabelContents)
Q_DECLARE_METATYPE(ett::app::JobRanks)
Q_DECLARE_METATYPE(ett::app::HostsRanking)
