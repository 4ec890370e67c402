#include "app/ui/data/data_service.h"

#include "app/ui/data/data_worker.h"
#include "app/ui/window/import_options.h"

#include <QMetaObject>
#include <QThread>

#include <mutex>

namespace ett::app {

namespace {

// The structs that cross threads in queued signals (a view may connect with a queued connection).
void registerMetaTypes()
{
    static std::once_flag once;
    std::call_once(once, [] {
        qRegisterMetaType<ett::core::CohortSpec>();
        qRegisterMetaType<ett::app::DatasetList>();
        qRegisterMetaType<ett::app::FileRemovalInfo>();
        qRegisterMetaType<ett::app::Location>();
        qRegisterMetaType<ett::app::Vocabulary>();
        qRegisterMetaType<ett::app::OverviewData>();
        qRegisterMetaType<ett::app::TableData>();
        qRegisterMetaType<ett::app::FleetTimelineData>();
        qRegisterMetaType<ett::app::FleetDensity>();
        qRegisterMetaType<ett::app::ImportProgressInfo>();
        qRegisterMetaType<ett::app::ComparisonRequest>();
        qRegisterMetaType<ett::app::ComparisonData>();
        qRegisterMetaType<ett::app::AdviceRequest>();
        qRegisterMetaType<ett::gpu::AdviceTable>();
        qRegisterMetaType<ett::app::WhatIfRequest>();
        qRegisterMetaType<ett::app::WhatIfData>();
        qRegisterMetaType<ett::app::ScenarioList>();
        qRegisterMetaType<ett::app::IssueList>();
        qRegisterMetaType<ett::app::JobMatches>();
        qRegisterMetaType<ett::core::SavedScenario>();
        qRegisterMetaType<ett::app::ReportRequest>();
        qRegisterMetaType<ett::app::ReportContent>();
        qRegisterMetaType<ett::app::LoadStats>();
        qRegisterMetaType<ett::app::CausesData>();
        qRegisterMetaType<ett::app::RulesChanged>();
        qRegisterMetaType<ett::core::LabelContents>();
        qRegisterMetaType<ett::app::JobRanks>();
        qRegisterMetaType<ett::app::HostsRanking>();
        qRegisterMetaType<ett::core::JobTimeline>();
        qRegisterMetaType<ett::app::BucketIntervals>();
        qRegisterMetaType<ett::gpu::BackendInfo>();
    });
}

} // namespace

DataService::DataService(QObject* parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    registerMetaTypes();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("ett-data"));
    m_worker = new DataWorker(this);
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

DataService::~DataService()
{
    // Stop what runs (an import rolls back), let the thread finish its current request, then free
    // the database and the engine; requests still queued are dropped with the worker.
    m_cancel->store(true);
    for (auto& [key, latest] : m_latest) {
        latest->store(0);
    }
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    m_worker = nullptr;
}

void DataService::stopQueries()
{
    for (auto& [key, latest] : m_latest) {
        latest->store(0);
    }
}

void DataService::openDatabase(const QString& path)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, path] { worker->openDatabase(path); }, Qt::QueuedConnection);
}

void DataService::connectStore(const QString& url, const QString& password)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, url, password] { worker->connectStore(url, password); }, Qt::QueuedConnection);
}

void DataService::importFiles(
    const QStringList& paths, const QString& label, const core::ReaderOptions& reader, bool update, bool readAgain)
{
    // A fresh flag per import, so that a cancel of the last one cannot stop this one.
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_importRunning = true;
    DataWorker* worker = m_worker;
    auto cancel = m_cancel;
    QMetaObject::invokeMethod(
        worker,
        [worker, paths, label, reader, update, readAgain, cancel] {
            worker->importFiles(paths, label, reader, update, readAgain, cancel);
        },
        Qt::QueuedConnection);
}

void DataService::refreshDatabase(int32_t job)
{
    m_refreshRunning = true;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, job] { worker->refresh(job); }, Qt::QueuedConnection);
}

void DataService::cancelImport()
{
    m_cancel->store(true);
}

void DataService::renameLabel(const QString& from, const QString& to)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, from, to] { worker->renameLabel(from, to); }, Qt::QueuedConnection);
}

void DataService::requestLabelContents(const QString& label)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, label] { worker->labelContents(label); }, Qt::QueuedConnection);
}

void DataService::removeLabel(const QString& label)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, label] { worker->removeLabel(label); }, Qt::QueuedConnection);
}

void DataService::restoreRemovedLabel()
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->restoreRemovedLabel(); }, Qt::QueuedConnection);
}

quint64 DataService::requestDatasets(const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::Datasets), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id] { worker->datasets(latest, id); }, Qt::QueuedConnection);
    return id;
}

void DataService::removeFile(const QString& label, const QString& path)
{
    DataWorker* worker = m_worker;
    const core::ReaderOptions fallback = rememberedImportOptions(); // read here: QSettings of the GUI thread
    QMetaObject::invokeMethod(
        worker, [worker, label, path, fallback] { worker->removeFile(label, path, fallback); }, Qt::QueuedConnection);
}

void DataService::restoreRemovedFile()
{
    if (!m_removedFile) {
        emit fileRestoreFailed(tr("there is no removed file to import again"));
        return;
    }
    DataWorker* worker = m_worker;
    const FileRemovalInfo removed = *m_removedFile;
    const core::ReaderOptions fallback = rememberedImportOptions();
    QMetaObject::invokeMethod(
        worker, [worker, removed, fallback] { worker->restoreRemovedFile(removed, fallback); }, Qt::QueuedConnection);
}

std::shared_ptr<std::atomic<quint64>> DataService::channel(int kind, const QObject* requester)
{
    auto& slot = m_latest[{ kind, requester }];
    if (!slot) {
        slot = std::make_shared<std::atomic<quint64>>(0);
    }
    return slot;
}

std::pair<quint64, LatestId> DataService::newRequest(int kind, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = kind < 0 ? std::make_shared<std::atomic<quint64>>(0) : channel(kind, requester);
    latest->store(id);
    return { id, latest };
}

quint64 DataService::requestOverview(
    const core::CohortSpec& filter, gpu::Calendar every, const QObject* requester, int64_t rollingWindowNs)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Overview), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [worker, latest, id, filter, every, rollingWindowNs] {
            worker->overview(latest, id, filter, every, rollingWindowNs);
        },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestTable(const core::CohortSpec& filter, const Location& location, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Table), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, filter, location] { worker->table(latest, id, filter, location); },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestJobTimeline(int32_t job, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::JobTimeline), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, job] { worker->jobTimeline(latest, id, job); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestIntervals(const IntervalRequest& request, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Intervals), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, request] { worker->intervals(latest, id, request); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestFleetTimeline(
    const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int maxRows, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::FleetTimeline), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [worker, latest, id, filter, fromNs, toNs, maxRows] {
            worker->fleetTimeline(latest, id, filter, fromNs, toNs, maxRows);
        },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestFleetDensity(
    const core::CohortSpec& filter, int64_t fromNs, int64_t toNs, int columns, int maxRows, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::FleetDensity), requester);
    const quint64 id = made.first;
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [worker, latest, id, filter, fromNs, toNs, columns, maxRows] {
            worker->fleetDensity(latest, id, filter, fromNs, toNs, columns, maxRows);
        },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestComparison(const ComparisonRequest& request, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Comparison), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, request] { worker->comparison(latest, id, request); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestAdvice(const AdviceRequest& request, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Advice), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, request] { worker->advice(latest, id, request); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestReport(const ReportRequest& request, const QObject* requester)
{
    const quint64 id = m_nextId++;
    LatestId latest = channel(static_cast<int>(RequestKind::Report), requester);
    latest->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, request] { worker->report(latest, id, request); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestWhatIf(const WhatIfRequest& request, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::WhatIf), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, request] { worker->whatIf(latest, id, request); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestIssues(const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::Issues), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id] { worker->issues(latest, id); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestJobRanks(const QString& key, const QString& label, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::JobRanks), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, key, label] { worker->jobRanks(latest, id, key, label); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestHosts(const core::CohortSpec& filter, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::Hosts), requester);
    const quint64 id = made.first;
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, filter] { worker->hosts(latest, id, filter); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestFindJobs(const QString& query, int limit, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::FindJobs), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, query, limit] { worker->findJobs(latest, id, query, limit); },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestScenarios(const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::Scenarios), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id] { worker->scenarios(latest, id); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestCauses(const core::CohortSpec& filter, const QObject* requester)
{
    const auto made = newRequest(static_cast<int>(RequestKind::Causes), requester);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, filter] { worker->causes(latest, id, filter); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::changeCauseRules(const std::optional<core::CauseRules>& rules)
{
    const auto made = newRequest(-1, nullptr);
    const quint64 id = made.first;
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, rules] { worker->changeCauseRules(latest, id, rules); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::saveScenario(const core::Scenario& scenario)
{
    const auto made = newRequest(-1, nullptr);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, scenario] { worker->saveScenario(latest, id, scenario); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::saveExcludedWindows(const std::vector<core::TimeSpan>& windows)
{
    const auto made = newRequest(-1, nullptr);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, windows] { worker->saveExcludedWindows(latest, id, windows); },
        Qt::QueuedConnection);
    return id;
}

quint64 DataService::deleteScenario(const QString& name)
{
    const auto made = newRequest(-1, nullptr);
    const quint64 id = made.first; // named copies: C++17 lambdas cannot capture bindings
    const LatestId latest = made.second;
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, latest, id, name] { worker->deleteScenario(latest, id, name); }, Qt::QueuedConnection);
    return id;
}

} // namespace ett::app
