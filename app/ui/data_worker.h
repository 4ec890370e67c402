// The data service's worker (issue #4): it owns the open database and the aggregation engine and
// lives on the service's thread, so nothing here ever runs on the GUI thread. Each method does one
// request and posts its result back to the service, which delivers it unless a newer request of
// the same kind has made it stale.
//
// Design note: the computations (translate a UiFilter, roll up, build table rows and timeline
// rows) are plain functions of the engine's columns; they are public so that a test can call them
// on a worker that lives on its own thread. Opening and reloading follow load-then-commit: a new
// database and engine are built aside and replace the current ones only when all went well.
#pragma once

#include "app/report/report_content.h"
#include "app/ui/data_service.h"
#include "app/ui/types.h"
#include "core/store/database.h"
#include "gpu/engine.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <array>
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
    void importFiles(const QStringList& paths, const QString& label, const core::ReaderOptions& reader,
        std::shared_ptr<std::atomic<bool>> cancel);
    void renameLabel(const QString& from, const QString& to);
    // Removing a label and undoing it (DataService::removeLabel): the removal keeps its rows in
    // the connection's trash (core/store/label_removal.h), which lives as long as m_db.
    void labelContents(const QString& label);
    void removeLabel(const QString& label);
    void restoreRemovedLabel();
    // `latest` is the request's channel: a request that is no longer its newest is skipped, and
    // its result not delivered.
    void overview(LatestId latest, quint64 id, const UiFilter& filter, gpu::Calendar every);
    void table(LatestId latest, quint64 id, const UiFilter& filter, const Location& location);
    void jobTimeline(LatestId latest, quint64 id, int32_t job);
    void fleetTimeline(LatestId latest, quint64 id, const UiFilter& filter, int64_t fromNs, int64_t toNs, int maxRows);
    void comparison(LatestId latest, quint64 id, const ComparisonRequest& request);
    // The content of a PDF report (issue #6, item 5); painting it is the GUI thread's.
    void report(LatestId latest, quint64 id, const ReportRequest& request);
    // Checkpoint advice for a filter and a grouping (issue #7).
    void advice(LatestId latest, quint64 id, const AdviceRequest& request);
    // What-if projections and the scenarios saved in the database (issue #7, item 4).
    void whatIf(LatestId latest, quint64 id, const WhatIfRequest& request);
    void scenarios(LatestId latest, quint64 id);
    void saveScenario(LatestId latest, quint64 id, const core::Scenario& scenario);
    void deleteScenario(LatestId latest, quint64 id, const QString& name);

    // --- pure computations over the loaded engine (worker thread; throw on engine errors) ---
    bool hasEngine() const { return m_engine != nullptr && m_loaded; }
    // Names to codes with the engine's dictionaries; unknown names match nothing.
    gpu::Filter translate(const UiFilter& filter) const;
    OverviewData computeOverview(const UiFilter& filter, gpu::Calendar every);
    TableData computeTable(const UiFilter& filter, const Location& location);
    FleetTimelineData computeFleetTimeline(const UiFilter& filter, int64_t fromNs, int64_t toNs, int maxRows);
    // The comparison of two cohorts with its samples and matched pairs. Needs the phases: call
    // ensurePhases() first (without them the phase-duration distributions are empty).
    ComparisonData computeComparison(const ComparisonRequest& request);
    // The advice of gpu::adviseCheckpoints for the request's filter and grouping. An attribute
    // no job has puts every job in "(none)", as the drill-down's groups do.
    gpu::AdviceTable computeAdvice(const AdviceRequest& request);
    // The projection of a request. The cohort's model is built on the first request for it and kept
    // until another cohort is asked for or the engine is replaced (a load, an import, the phases).
    // A bad cohort spec or change throws std::runtime_error with the message. A change of a phase
    // subcategory needs the phases: call ensurePhases() first (without them its time is zero).
    WhatIfData computeWhatIf(const WhatIfRequest& request);
    // Reloads the open database with its phases once (kept until another database is opened);
    // error text on failure (the engine without phases stays).
    QString ensurePhases();
    bool hasPhases() const { return m_withPhases; }
    Vocabulary vocabulary() const;

private:
    static bool isStale(const LatestId& latest, quint64 id) { return latest->load() != id; }
    // Replaces the engine, and drops what points into the old one (the what-if model).
    void setEngine(std::unique_ptr<gpu::Engine> engine);
    // The saved scenarios, or an empty optional after posting the failure of request `id`.
    std::optional<ScenarioList> listScenariosOrFail(const LatestId& latest, quint64 id, const QString& context);
    // Loads the open database into a fresh engine; error text on failure (the old one stays).
    // With the phases when they were loaded before (ensurePhases).
    QString reload(double* seconds);
    void postOpened(double loadSeconds);
    // Reloads after a change of the store and posts databaseOpened; error text on failure.
    QString reloadAndPost();
    void postTimed(const QString& what, double ms);
    // A failed request's message, delivered unless the request has gone stale.
    void postFailed(const LatestId& latest, quint64 id, const QString& message);
    // Delivers a request's result with the service's signal `ready`, unless it has gone stale.
    template <typename Data>
    void postResult(const LatestId& latest, quint64 id, void (DataService::*ready)(quint64, const Data&), Data data);
    // A query of the loaded engine: skipped when stale, timed, its exception a failure, its result
    // delivered with `ready`.
    template <typename Data, typename Compute>
    void answer(const LatestId& latest, quint64 id, const QString& what,
        void (DataService::*ready)(quint64, const Data&), Compute&& compute);
    // The figures of one job's attempts, grouped by attempt, in start order.
    std::vector<TableRow> attemptRows(const gpu::Filter& base, int32_t job);
    // A row per group for a grouping named by the UI ("label", "job", an attribute).
    std::vector<TableRow> groupRows(const gpu::Filter& filter, const QString& groupBy);
    std::vector<TableRow> jobRows(const gpu::Filter& filter);
    // Adds the term "groupBy = value" to a filter.
    void addGroupTerm(gpu::Filter& filter, const QString& groupBy, const QString& value) const;

    DataService* m_service;
    std::unique_ptr<core::Database> m_db;
    QString m_dbPath; // of the open database, for reports
    std::unique_ptr<gpu::Engine> m_engine;
    bool m_loaded = false;
    bool m_withPhases = false; // the engine holds the phases (for phase-duration distributions)
    // The what-if model of the last cohort asked for (it points into m_engine's columns).
    std::unique_ptr<core::WhatIfModel> m_whatIf;
    QString m_whatIfCohort; // the spec as asked
    QString m_whatIfCohortText; // CohortSpec::text()
};

} // namespace ett::app
