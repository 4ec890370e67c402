#include "app/ui/data/data_worker.h"

#include "app/service/advice.h"
#include "app/service/comparison.h"
#include "app/service/document.h"
#include "app/service/import_files.h"
#include "app/service/overview.h"
#include "app/service/report_content.h"
#include "app/ui/data/import_lines.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/window/import_options.h"
#include "core/store/excluded_store.h"

#include <QFileInfo>
#include <QLocale>
#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>

namespace ett::app {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string ss(const QString& s)
{
    return s.toStdString();
}

// The window lists more regressions and improvements than the CLI's default: the page has room for
// a longer, scrollable list.
constexpr size_t kMatchedListed = 25;

} // namespace

DataWorker::DataWorker(DataService* service)
    : m_service(service)
{
}

DataWorker::~DataWorker() = default;

// --- posting back to the service (runs the lambda on the GUI thread) --------------------------

void DataWorker::postOpened(double loadSeconds)
{
    // The database's excluded windows come with it; ones it cannot read are said, not used.
    auto excluded = core::loadExcludedWindows(m_workspace->store());
    postOpened(**m_workspace->fleet(), QFileInfo(qs(m_workspace->path())).absoluteFilePath(), false, loadSeconds,
        excluded ? QString() : qs(excluded.error().message), excluded ? *excluded : std::vector<core::TimeSpan> {});
}

LoadStats DataWorker::statsOf(FleetSource& fleet, const QString& where, bool store, double loadSeconds) const
{
    const FleetVocabulary fleetVocab = fleet.vocabulary();
    LoadStats stats;
    stats.databasePath = where;
    stats.store = store;
    stats.jobs = fleetVocab.jobs;
    stats.attempts = static_cast<int64_t>(fleetVocab.attempts);
    stats.segments = static_cast<int64_t>(fleetVocab.segments);
    stats.loadSeconds = loadSeconds;
    return stats;
}

void DataWorker::postOpened(FleetSource& fleet, const QString& where, bool store, double loadSeconds,
    const QString& warning, const std::vector<core::TimeSpan>& excluded)
{
    const Vocabulary vocab = Vocabulary::of(fleet.vocabulary());
    LoadStats stats = statsOf(fleet, where, store, loadSeconds);
    stats.warning = warning;
    stats.excluded = excluded;
    const gpu::BackendInfo backend = fleet.backend();
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, stats, vocab, backend] {
            service->m_backend = backend;
            service->m_path = stats.databasePath;
            service->m_store = stats.store;
            emit service->databaseOpened(stats, vocab);
        },
        Qt::QueuedConnection);
}

void DataWorker::postStoreBusy(bool busy)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service, [service, busy] { emit service->storeQueryRunning(busy); }, Qt::QueuedConnection);
}

void DataWorker::postTimed(const QString& what, double ms)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service, [service, what, ms] { emit service->queryTimed(what, ms); }, Qt::QueuedConnection);
}

void DataWorker::postFailed(const LatestId& latest, quint64 id, const QString& message)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, latest, id, message] {
            if (latest->load() == id) {
                emit service->queryFailed(id, message);
            }
        },
        Qt::QueuedConnection);
}

template <typename Data>
void DataWorker::postResult(
    const LatestId& latest, quint64 id, void (DataService::*ready)(quint64, const Data&), Data data)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, latest, id, ready, data = std::move(data)] {
            if (latest->load() == id) {
                emit(service->*ready)(id, data);
            }
        },
        Qt::QueuedConnection);
}

FleetSource* DataWorker::fleetOrFail(const LatestId& latest, quint64 id)
{
    if (m_store) {
        return m_store.get();
    }
    if (!m_workspace || !m_workspace->loaded()) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return nullptr;
    }
    return *m_workspace->fleet();
}

Workspace* DataWorker::workspaceOrFail(const LatestId& latest, quint64 id, const QString& what)
{
    if (m_store) {
        postFailed(latest, id,
            QObject::tr("%1 is not made from a fleet store yet: open a database holding the same files").arg(what));
        return nullptr;
    }
    if (!m_workspace) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return nullptr;
    }
    return m_workspace.get();
}

template <typename Data, typename Compute>
void DataWorker::answer(const LatestId& latest, quint64 id, const QString& what,
    void (DataService::*ready)(quint64, const Data&), Compute&& compute)
{
    if (isStale(latest, id)) {
        return;
    }
    FleetSource* fleet = fleetOrFail(latest, id);
    if (!fleet) {
        return;
    }
    const auto started = Clock::now();
    if (m_store) {
        // A cluster query in flight is abandoned once this request is stale (a newer one of its
        // kind, Stop, or the window closing); the window says that it runs meanwhile.
        m_store->setInterrupt([latest, id] { return latest->load() != id; });
        postStoreBusy(true);
    }
    core::Result<Data> data = compute(*fleet);
    if (m_store) {
        m_store->setInterrupt({});
        postStoreBusy(false);
    }
    if (!data) {
        postFailed(latest, id, qs(data.error().message));
        return;
    }
    postTimed(what, secondsSince(started) * 1000.0);
    postResult(latest, id, ready, std::move(*data));
}

// --- database --------------------------------------------------------------------------------

void DataWorker::openDatabase(const QString& path)
{
    DataService* service = m_service;
    const auto started = Clock::now();
    // Load-then-commit: the current workspace stays until the new one has loaded.
    auto opened = Workspace::open(ss(path), Workspace::Mode::CreateIfMissing, Workspace::windowLoad());
    if (!opened) {
        const QString message = qs(opened.error().message);
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->databaseFailed(message); }, Qt::QueuedConnection);
        return;
    }
    // A removal kept for undo lived on the old connection: it goes with it.
    QMetaObject::invokeMethod(
        service,
        [service] {
            service->m_removedLabel.clear();
            service->m_removedFile.reset(); // its undo would import into another database
        },
        Qt::QueuedConnection);
    m_whatIf.reset();
    m_store.reset();
    m_workspace = std::move(*opened);
    m_dbPath = path;
    postOpened(secondsSince(started));
}

void DataWorker::connectStore(const QString& url, const QString& password)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->databaseFailed(message); }, Qt::QueuedConnection);
    };
    const auto started = Clock::now();
    // The password typed wins; else the URL's, the environment's or the password file's.
    const std::string typed = ss(password);
    auto parsed = core::clickhouse::parseStoreUrl(ss(url), [&typed](const char* name) -> std::optional<std::string> {
        if (!typed.empty() && std::string_view(name) == "ETTW_STORE_PASSWORD") {
            return typed;
        }
        return core::clickhouse::processEnv(name);
    });
    if (!parsed) {
        fail(qs(parsed.error().message));
        return;
    }
    core::clickhouse::Timeouts timeouts;
    auto store = core::clickhouse::FleetStore::open(*parsed, timeouts);
    if (!store) {
        fail(qs(store.error().message));
        return;
    }
    auto source = StoreFleetSource::open(std::move(*store));
    if (!source) {
        fail(qs(source.error().message));
        return;
    }
    // Load-then-commit: the database (or store) open before stays until the store answered.
    QMetaObject::invokeMethod(
        service,
        [service] {
            service->m_removedLabel.clear();
            service->m_removedFile.reset(); // its undo would import into another database
        },
        Qt::QueuedConnection);
    m_whatIf.reset();
    m_workspace.reset();
    m_store = std::move(*source);
    m_dbPath.clear();
    const QString warning = m_store->userMayWrite()
        ? QObject::tr("Connected as '%1', who may write to the store: the window only reads, but a read-only user is "
                      "safer (readonly = 1 in the user's profile).")
              .arg(qs(parsed->user))
        : QString();
    postOpened(*m_store, qs(m_store->location()), true, secondsSince(started), warning);
}

void DataWorker::importFiles(const QStringList& paths, const QString& label, const core::ReaderOptions& reader,
    bool update, bool readAgain, std::shared_ptr<std::atomic<bool>> cancel)
{
    DataService* service = m_service;
    auto finish = [service](const QString& summary, const QStringList& errors, bool cancelled, int skipped,
                      const QStringList& notes = {}) {
        QMetaObject::invokeMethod(
            service,
            [service, summary, errors, cancelled, skipped, notes] {
                service->m_importRunning = false;
                emit service->importFinished(summary, errors, cancelled, skipped, notes);
            },
            Qt::QueuedConnection);
    };
    if (!m_workspace) {
        finish(QObject::tr("Nothing was imported."), { QObject::tr("no database is open") }, false, 0);
        return;
    }
    ImportRequest request;
    for (const QString& p : paths) {
        request.files.push_back(ss(p));
    }
    request.label = ss(label);
    request.reader = reader;
    request.update = update; // readUnchangedAgain implies it (the import service)
    request.readUnchangedAgain = readAgain;
    const auto sink = [service](const ImportProgressInfo& info) {
        QMetaObject::invokeMethod(
            service, [service, info] { emit service->importProgress(info); }, Qt::QueuedConnection);
    };
    const auto started = Clock::now();
    const ImportReport report = app::importFiles(*m_workspace, request, sink, cancel.get());
    QStringList lines;
    QStringList errors;
    for (const ImportedFile& f : report.files) {
        lines << importLine(f, label);
        if (f.outcome == ImportedFile::Outcome::Failed) {
            // The message is the CLI's too (it names --year); a window user gets the field to set.
            const QString hint = importOptionHint(f.error.option);
            errors << qs(f.error.message) + (hint.isEmpty() ? QString() : QLatin1Char('\n') + hint);
        }
    }
    if (report.changed) {
        m_whatIf.reset();
        if (report.reloadError.empty()) {
            postOpened(secondsSince(started));
        } else {
            errors << qs(report.reloadError);
        }
    }
    QStringList notes;
    for (const std::string& note : report.notes) {
        notes << qs(note);
    }
    if (report.files.size() > 1) {
        lines.prepend(importCounts(report));
    }
    finish(lines.join('\n'), errors, report.cancelled, report.notTraces(), notes);
}

void DataWorker::refresh(int32_t job)
{
    DataService* service = m_service;
    auto done = [service](const std::function<void()>& emitIt) {
        QMetaObject::invokeMethod(
            service,
            [service, emitIt] {
                service->m_refreshRunning = false;
                emitIt();
            },
            Qt::QueuedConnection);
    };
    if (!m_workspace || !m_workspace->loaded()) {
        done([service] { emit service->refreshFailed(QObject::tr("no database is open")); });
        return;
    }
    // 1. Who `job` is (label and key), before the load that may renumber the jobs.
    const auto started = Clock::now();
    std::optional<std::pair<std::string, std::string>> identity;
    if (auto old = m_workspace->fleet(); old && job >= 0) {
        const core::FleetColumns& c = (*old)->columns();
        if (static_cast<size_t>(job) < c.jobKey.size()) {
            identity = { c.labels[static_cast<size_t>(c.jobLabel[static_cast<size_t>(job)])],
                c.jobKey[static_cast<size_t>(job)] };
        }
    }
    // 2. Load again (load-then-commit: on Error the previous load stays), then find the job again.
    if (const core::Status st = m_workspace->reload(); !st) {
        const QString message = qs(st.error().message);
        done([service, message] { emit service->refreshFailed(message); });
        return;
    }
    m_whatIf.reset();
    LocalFleetSource& fleet = **m_workspace->fleet();
    int32_t newJob = -1;
    if (identity) {
        const core::FleetColumns& c = fleet.columns();
        for (const JobIndex j : fleet.jobsWithKey(identity->second)) {
            if (c.labels[static_cast<size_t>(c.jobLabel[static_cast<size_t>(j)])] == identity->first) {
                newJob = j;
            }
        }
    }
    const Vocabulary vocab = Vocabulary::of(fleet.vocabulary());
    const LoadStats stats
        = statsOf(fleet, QFileInfo(qs(m_workspace->path())).absoluteFilePath(), false, secondsSince(started));
    done([service, stats, vocab, job, newJob] { emit service->databaseRefreshed(stats, vocab, job, newJob); });
}

void DataWorker::renameLabel(const QString& from, const QString& to)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRenameFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    if (const core::Status st = app::renameLabel(*m_workspace, ss(from), ss(to)); !st) {
        fail(qs(st.error().message));
        return;
    }
    postOpened(secondsSince(started));
    QMetaObject::invokeMethod(
        service, [service, from, to] { emit service->labelRenamed(from, to); }, Qt::QueuedConnection);
}

void DataWorker::labelContents(const QString& label)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRemoveFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    auto contents = app::labelContents(*m_workspace, ss(label));
    if (!contents) {
        fail(qs(contents.error().message));
        return;
    }
    QMetaObject::invokeMethod(
        service, [service, label, c = *contents] { emit service->labelContentsReady(label, c); }, Qt::QueuedConnection);
}

void DataWorker::removeLabel(const QString& label)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRemoveFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    auto removed = app::removeLabel(*m_workspace, ss(label), core::KeepForUndo::Yes);
    if (!removed) {
        fail(qs(removed.error().message));
        return;
    }
    // Removed (and kept for undo) even if the reload fails: say so, and offer the undo still.
    const QString error = qs(removed->reloadError);
    if (error.isEmpty()) {
        postOpened(secondsSince(started));
    }
    QMetaObject::invokeMethod(
        service,
        [service, label, c = removed->label.contents, error] {
            service->m_removedLabel = label;
            if (!error.isEmpty()) {
                emit service->labelRemoveFailed(
                    QObject::tr("Label '%1' was removed, but the data could not be loaded again: %2")
                        .arg(label, error));
                return;
            }
            emit service->labelRemoved(label, c);
        },
        Qt::QueuedConnection);
}

void DataWorker::restoreRemovedLabel()
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRestoreFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    auto restored = app::restoreRemovedLabel(*m_workspace);
    if (!restored) {
        fail(qs(restored.error().message));
        return;
    }
    const QString label = qs(restored->label.label);
    const QString error = qs(restored->reloadError);
    if (error.isEmpty()) {
        postOpened(secondsSince(started));
    }
    QMetaObject::invokeMethod(
        service,
        [service, label, c = restored->label.contents, error] {
            service->m_removedLabel.clear();
            if (!error.isEmpty()) {
                emit service->labelRestoreFailed(
                    QObject::tr("Label '%1' was restored, but the data could not be loaded again: %2")
                        .arg(label, error));
                return;
            }
            emit service->labelRestored(label, c);
        },
        Qt::QueuedConnection);
}

// --- queries -----------------------------------------------------------------------------------

void DataWorker::overview(
    LatestId latest, quint64 id, const core::CohortSpec& filter, gpu::Calendar every, int64_t rollingWindowNs)
{
    answer(latest, id, QObject::tr("overview"), &DataService::overviewReady,
        [&](FleetSource& fleet) -> core::Result<OverviewData> {
            auto d = overviewFigures(fleet, filter, every);
            if (!d) {
                return d;
            }
            if (fleet.segmentsPending()) {
                // A lean fleet (the window's first load): the figures now, the series once the
                // segments are read.
                postResult(latest, id, &DataService::overviewReady, *d);
                if (isStale(latest, id)) {
                    return d; // not delivered; a newer request reads the segments if it needs them
                }
            }
            if (auto st = addOverviewSeries(fleet, filter, *d, rollingWindowNs); !st) {
                return st.error();
            }
            return d;
        });
}

void DataWorker::table(LatestId latest, quint64 id, const core::CohortSpec& filter, const Location& location)
{
    answer(latest, id, QObject::tr("table"), &DataService::tableReady,
        [&](FleetSource& fleet) { return drilldown(fleet, filter, location); });
}

void DataWorker::jobTimeline(LatestId latest, quint64 id, int32_t job)
{
    answer(latest, id, QObject::tr("job timeline"), &DataService::jobTimelineReady,
        [&](FleetSource& fleet) { return fleet.jobTimeline(job); });
}

void DataWorker::intervals(LatestId latest, quint64 id, const IntervalRequest& request)
{
    answer(latest, id, QObject::tr("intervals of a bucket"), &DataService::intervalsReady,
        [&](FleetSource& fleet) { return fleet.bucketIntervals(request); });
}

void DataWorker::fleetTimeline(
    LatestId latest, quint64 id, const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int maxRows)
{
    answer(latest, id, QObject::tr("fleet timeline"), &DataService::fleetTimelineReady,
        [&](FleetSource& fleet) { return fleet.fleetTimeline(filter, fromNs, toNs, maxRows); });
}

void DataWorker::fleetDensity(
    LatestId latest, quint64 id, const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int columns, int maxRows)
{
    answer(latest, id, QObject::tr("fleet density"), &DataService::fleetDensityReady,
        [&](FleetSource& fleet) { return fleet.fleetDensity(filter, fromNs, toNs, columns, maxRows); });
}

void DataWorker::comparison(LatestId latest, quint64 id, const ComparisonRequest& request)
{
    if (isStale(latest, id) || !fleetOrFail(latest, id)) {
        return;
    }
    DataService* service = m_service;
    auto stage = [service, latest, id](const QString& text) {
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, text] {
                if (latest->load() == id) {
                    emit service->comparisonProgress(id, text);
                }
            },
            Qt::QueuedConnection);
    };
    ComparisonRequest listed = request;
    listed.topMatched = kMatchedListed;
    answer(latest, id, QObject::tr("comparison"), &DataService::comparisonReady, [&](FleetSource& fleet) {
        return compare(fleet, listed, {}, [&](const std::string&) { stage(QObject::tr("comparing")); });
    });
}

void DataWorker::advice(LatestId latest, quint64 id, const AdviceRequest& request)
{
    answer(latest, id, QObject::tr("checkpoint advice"), &DataService::adviceReady,
        [&](FleetSource& fleet) { return advise(fleet, request); });
}

void DataWorker::report(LatestId latest, quint64 id, const ReportRequest& request)
{
    if (m_store) {
        answer(latest, id, QObject::tr("report"), &DataService::reportReady,
            [&](FleetSource&) { return gatherStoreReport(*m_store, request); });
        return;
    }
    if (isStale(latest, id) || !workspaceOrFail(latest, id, QObject::tr("The report"))) {
        return;
    }
    answer(latest, id, QObject::tr("report"), &DataService::reportReady,
        [&](FleetSource&) { return gatherReport(*m_workspace, request); });
}

void DataWorker::whatIf(LatestId latest, quint64 id, const WhatIfRequest& request)
{
    if (isStale(latest, id) || !workspaceOrFail(latest, id, QObject::tr("A what-if projection"))) {
        return;
    }
    answer(latest, id, QObject::tr("what-if"), &DataService::whatIfReady,
        [&](FleetSource&) { return m_whatIf.project(*m_workspace, request); });
}

void DataWorker::findJobs(LatestId latest, quint64 id, const QString& query, int limit)
{
    answer(latest, id, QObject::tr("search"), &DataService::jobsFound, [&](FleetSource& fleet) {
        return core::Result<JobMatches>(fleet.findJobs(query.toStdString(), static_cast<size_t>(std::max(0, limit))));
    });
}

void DataWorker::jobRanks(LatestId latest, quint64 id, const QString& key, const QString& label)
{
    if (isStale(latest, id)) {
        return;
    }
    const std::optional<std::string> chosen
        = label.isEmpty() ? std::nullopt : std::optional<std::string>(label.toStdString());
    if (m_store) {
        answer(latest, id, QObject::tr("ranks"), &DataService::jobRanksReady,
            [&](FleetSource&) { return app::jobRanks(*m_store, key.toStdString(), chosen, std::nullopt); });
        return;
    }
    if (!workspaceOrFail(latest, id, QObject::tr("The ranks of a job"))) {
        return;
    }
    answer(latest, id, QObject::tr("ranks"), &DataService::jobRanksReady,
        [&](FleetSource&) { return app::jobRanks(*m_workspace, key.toStdString(), chosen, std::nullopt); });
}

void DataWorker::hosts(LatestId latest, quint64 id, const core::CohortSpec& filter)
{
    if (isStale(latest, id)) {
        return;
    }
    if (m_store) {
        answer(latest, id, QObject::tr("hosts"), &DataService::hostsReady,
            [&](FleetSource&) { return app::hostsRanking(*m_store, filter); });
        return;
    }
    if (!workspaceOrFail(latest, id, QObject::tr("The hosts ranking"))) {
        return;
    }
    answer(latest, id, QObject::tr("hosts"), &DataService::hostsReady,
        [&](FleetSource&) { return app::hostsRanking(*m_workspace, filter); });
}

void DataWorker::issues(LatestId latest, quint64 id)
{
    if (isStale(latest, id) || !workspaceOrFail(latest, id, QObject::tr("The list of import issues"))) {
        return;
    }
    answer(latest, id, QObject::tr("import issues"), &DataService::issuesReady,
        [&](FleetSource&) -> core::Result<IssueList> {
            auto listed = importIssues(*m_workspace);
            if (!listed) {
                return listed.error();
            }
            return IssueList { std::move(*listed) };
        });
}

void DataWorker::datasets(LatestId latest, quint64 id)
{
    if (isStale(latest, id) || !workspaceOrFail(latest, id, QObject::tr("The list of imported files"))) {
        return;
    }
    answer(latest, id, QObject::tr("imported files"), &DataService::datasetsReady,
        [&](FleetSource&) -> core::Result<DatasetList> {
            auto listed = app::datasets(*m_workspace);
            if (!listed) {
                return listed.error();
            }
            return DatasetList { std::move(*listed) };
        });
}

void DataWorker::causes(LatestId latest, quint64 id, const core::CohortSpec& filter)
{
    if (isStale(latest, id)) {
        return;
    }
    if (m_store) {
        answer(latest, id, QObject::tr("causes"), &DataService::causesReady,
            [&](FleetSource&) { return storeCausesOf(*m_store, filter, nullptr); });
        return;
    }
    if (!workspaceOrFail(latest, id, QObject::tr("The causes table"))) {
        return;
    }
    answer(latest, id, QObject::tr("causes"), &DataService::causesReady,
        [&](FleetSource&) { return causesOf(*m_workspace, filter, nullptr); });
}

void DataWorker::changeCauseRules(LatestId latest, quint64 id, const std::optional<core::CauseRules>& rules)
{
    if (!workspaceOrFail(latest, id, QObject::tr("Cause rules"))) {
        return;
    }
    // On error nothing was changed; on success the workspace holds the fleet loaded again.
    const auto started = Clock::now();
    auto changed = rules ? saveCauseRules(*m_workspace, *rules) : undoCauseRules(*m_workspace);
    if (!changed) {
        postFailed(latest, id, qs(changed.error().message));
        return;
    }
    postOpened(secondsSince(started));
    postResult(latest, id, &DataService::causeRulesChanged, *changed);
}

std::optional<ScenarioList> DataWorker::listScenariosOrFail(const LatestId& latest, quint64 id, const QString& context)
{
    auto listed = savedScenarios(*m_workspace);
    if (!listed) {
        postFailed(latest, id, context + qs(listed.error().message));
        return std::nullopt;
    }
    return ScenarioList { std::move(*listed) };
}

void DataWorker::scenarios(LatestId latest, quint64 id)
{
    if (isStale(latest, id)) {
        return;
    }
    if (m_store) {
        // Scenarios are saved in a database; a fleet store holds none.
        postResult(latest, id, &DataService::scenariosReady, ScenarioList {});
        return;
    }
    if (!workspaceOrFail(latest, id, QObject::tr("A saved scenario"))) {
        return;
    }
    if (auto list = listScenariosOrFail(latest, id, QString())) {
        postResult(latest, id, &DataService::scenariosReady, std::move(*list));
    }
}

void DataWorker::saveScenario(LatestId latest, quint64 id, const core::Scenario& scenario)
{
    if (!workspaceOrFail(latest, id, QObject::tr("A saved scenario"))) {
        return;
    }
    // On error nothing is written.
    if (const core::Status st = app::saveScenario(*m_workspace, scenario); !st) {
        postFailed(latest, id, qs(st.error().message));
        return;
    }
    const QString name = qs(scenario.name);
    if (auto list = listScenariosOrFail(
            latest, id, QObject::tr("Scenario '%1' was saved, but the list could not be read: ").arg(name))) {
        DataService* service = m_service;
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, name, listed = std::move(*list)] {
                if (latest->load() == id) {
                    emit service->scenarioSaved(id, name, listed);
                }
            },
            Qt::QueuedConnection);
    }
}

void DataWorker::saveExcludedWindows(LatestId latest, quint64 id, const std::vector<core::TimeSpan>& windows)
{
    if (!workspaceOrFail(latest, id, QObject::tr("Excluded windows"))) {
        return;
    }
    if (const core::Status st = core::saveExcludedWindows(m_workspace->store(), windows); !st) {
        postFailed(latest, id, qs(st.error().message));
    }
}

void DataWorker::deleteScenario(LatestId latest, quint64 id, const QString& name)
{
    if (!workspaceOrFail(latest, id, QObject::tr("A saved scenario"))) {
        return;
    }
    // The deleted scenario comes back, so that the page can undo by saving it again.
    auto saved = app::deleteScenario(*m_workspace, ss(name));
    if (!saved) {
        postFailed(latest, id, qs(saved.error().message));
        return;
    }
    if (auto list = listScenariosOrFail(
            latest, id, QObject::tr("Scenario '%1' was deleted, but the list could not be read: ").arg(name))) {
        DataService* service = m_service;
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, scenario = std::move(*saved), listed = std::move(*list)] {
                if (latest->load() == id) {
                    emit service->scenarioDeleted(id, scenario, listed);
                }
            },
            Qt::QueuedConnection);
    }
}

} // namespace ett::app
