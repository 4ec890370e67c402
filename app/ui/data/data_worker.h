// The data service's worker: it owns the open workspace (app/service/workspace.h) and lives on the
// service's thread, so nothing here ever runs on the GUI thread. It is a query runner: each method
// skips a request that has gone stale, calls the service's use case, times it, and posts the
// result (or the error) back to the DataService, which delivers it unless a newer request of the
// same channel made it stale. It computes no figure itself.
#pragma once

#include "app/service/store_fleet_source.h"
#include "app/service/whatif_session.h"
#include "app/service/workspace.h"
#include "app/ui/data/data_service.h"
#include "app/ui/data/types.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>

namespace ett::app {

// Request kinds; with the requester, they name the channel whose newest request wins.
enum class RequestKind {
    Overview = 0,
    Table = 1,
    JobTimeline = 2,
    FleetTimeline = 3,
    Comparison = 4,
    Report = 5,
    Advice = 6,
    WhatIf = 7,
    Scenarios = 8,
    Issues = 9,
    FindJobs = 10,
    FleetDensity = 11,
    Intervals = 12,
    JobRanks = 13,
    Hosts = 14,
    Causes = 15,
    Datasets = 16,
};

// The newest request id of one channel (a kind and a requester); shared by both threads.
using LatestId = std::shared_ptr<std::atomic<quint64>>;

class DataWorker : public QObject
{
public:
    // `service` receives the results (posted to its thread).
    explicit DataWorker(DataService* service);
    ~DataWorker() override;

    // --- requests: called on the worker thread; each posts its result to the service ---------
    void openDatabase(const QString& path);
    // Connects to a fleet store (clickhouse://USER@HOST:PORT/DATABASE?cluster=NAME) instead of a
    // database: the query pages answer from the cluster; what needs a database says so.
    void connectStore(const QString& url, const QString& password);
    void importFiles(const QStringList& paths, const QString& label, const core::ReaderOptions& reader, bool update,
        bool readAgain, std::shared_ptr<std::atomic<bool>> cancel);
    // Loads the open database again (DataService::refreshDatabase), mapping engine job index `job`
    // to its index in the new load by its label and key.
    void refresh(int32_t job);
    void renameLabel(const QString& from, const QString& to);
    // Removing a label and undoing it: the removal keeps its rows in the connection's trash
    // (core/store/label_removal.h), which lives as long as the workspace.
    void labelContents(const QString& label);
    void removeLabel(const QString& label);
    void restoreRemovedLabel();
    // Removing one imported file and undoing it (data_worker_files.cpp): the removal reads the files
    // it changes again with the options they were imported with (`fallback` where those are not
    // known); the undo imports the file again from its path, with the options it was imported with.
    void datasets(LatestId latest, quint64 id);
    void removeFile(const QString& label, const QString& path, const core::ReaderOptions& fallback);
    void restoreRemovedFile(const FileRemovalInfo& removed, const core::ReaderOptions& fallback);
    // `latest` is the request's channel: a request that is no longer its newest is skipped, and
    // its result not delivered.
    void overview(
        LatestId latest, quint64 id, const core::CohortSpec& filter, gpu::Calendar every, int64_t rollingWindowNs);
    void table(LatestId latest, quint64 id, const core::CohortSpec& filter, const Location& location);
    void jobTimeline(LatestId latest, quint64 id, int32_t job);
    void intervals(LatestId latest, quint64 id, const IntervalRequest& request);
    void fleetTimeline(
        LatestId latest, quint64 id, const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int maxRows);
    void fleetDensity(LatestId latest, quint64 id, const core::CohortSpec& filter, int64_t fromNs, int64_t toNs,
        int columns, int maxRows);
    void comparison(LatestId latest, quint64 id, const ComparisonRequest& request);
    void report(LatestId latest, quint64 id, const ReportRequest& request);
    void advice(LatestId latest, quint64 id, const AdviceRequest& request);
    void whatIf(LatestId latest, quint64 id, const WhatIfRequest& request);
    void scenarios(LatestId latest, quint64 id);
    void saveScenario(LatestId latest, quint64 id, const core::Scenario& scenario);
    void deleteScenario(LatestId latest, quint64 id, const QString& name);
    void saveExcludedWindows(LatestId latest, quint64 id, const std::vector<core::TimeSpan>& windows);
    void issues(LatestId latest, quint64 id);
    void findJobs(LatestId latest, quint64 id, const QString& query, int limit);
    void jobRanks(LatestId latest, quint64 id, const QString& key, const QString& label);
    void hosts(LatestId latest, quint64 id, const core::CohortSpec& filter);
    void causes(LatestId latest, quint64 id, const core::CohortSpec& filter);
    void changeCauseRules(LatestId latest, quint64 id, const std::optional<core::CauseRules>& rules);

private:
    static bool isStale(const LatestId& latest, quint64 id) { return latest->load() != id; }
    // The loaded fleet (the database's or the store's), or nullptr after posting "no database is
    // open" for request `id`.
    FleetSource* fleetOrFail(const LatestId& latest, quint64 id);
    // The open database, or nullptr after posting for request `id` that `what` needs one (a fleet
    // store is open, or nothing is).
    Workspace* workspaceOrFail(const LatestId& latest, quint64 id, const QString& what);
    // The saved scenarios, or an empty optional after posting the failure of request `id`.
    std::optional<ScenarioList> listScenariosOrFail(const LatestId& latest, quint64 id, const QString& context);
    void postOpened(double loadSeconds);
    // The load statistics of the open workspace (as databaseOpened carries them).
    LoadStats statsOf(FleetSource& fleet, const QString& where, bool store, double loadSeconds) const;
    void postOpened(FleetSource& fleet, const QString& where, bool store, double loadSeconds,
        const QString& warning = {}, const std::vector<core::TimeSpan>& excluded = {});
    void postStoreBusy(bool busy);
    void postTimed(const QString& what, double ms);
    // A failed request's message, delivered unless the request has gone stale.
    void postFailed(const LatestId& latest, quint64 id, const QString& message);
    // Delivers a request's result with the service's signal `ready`, unless it has gone stale.
    template <typename Data>
    void postResult(const LatestId& latest, quint64 id, void (DataService::*ready)(quint64, const Data&), Data data);
    // Runs a use case for a request: skipped when stale, timed, its Error a failure, its value
    // delivered with `ready`. `compute` takes the loaded fleet.
    template <typename Data, typename Compute>
    void answer(const LatestId& latest, quint64 id, const QString& what,
        void (DataService::*ready)(quint64, const Data&), Compute&& compute);

    DataService* m_service;
    std::unique_ptr<Workspace> m_workspace;
    std::unique_ptr<StoreFleetSource> m_store; // instead of m_workspace when a fleet store is open
    QString m_dbPath; // of the open database, as the user named it
    WhatIfSession m_whatIf; // the model of the last cohort asked for
};

} // namespace ett::app
