#include "app/ui/data_service.h"

#include "app/ui/data_worker.h"

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
        qRegisterMetaType<ett::app::UiFilter>();
        qRegisterMetaType<ett::app::Location>();
        qRegisterMetaType<ett::app::Vocabulary>();
        qRegisterMetaType<ett::app::OverviewData>();
        qRegisterMetaType<ett::app::TableData>();
        qRegisterMetaType<ett::app::FleetTimelineData>();
        qRegisterMetaType<ett::app::ImportProgressInfo>();
        qRegisterMetaType<ett::app::LoadStats>();
        qRegisterMetaType<ett::core::JobTimeline>();
        qRegisterMetaType<ett::gpu::BackendInfo>();
    });
}

} // namespace

DataService::DataService(QObject* parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    registerMetaTypes();
    std::array<std::shared_ptr<std::atomic<quint64>>, 4> latest;
    for (size_t k = 0; k < 4; ++k) {
        m_latest[k] = std::make_shared<std::atomic<quint64>>(0);
        latest[k] = m_latest[k];
    }
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("ett-data"));
    m_worker = new DataWorker(this, latest);
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

DataService::~DataService()
{
    // Stop what runs (an import rolls back), let the thread finish its current request, then free
    // the database and the engine; requests still queued are dropped with the worker.
    m_cancel->store(true);
    for (auto& latest : m_latest) {
        latest->store(0);
    }
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    m_worker = nullptr;
}

void DataService::openDatabase(const QString& path)
{
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, path] { worker->openDatabase(path); }, Qt::QueuedConnection);
}

void DataService::importFiles(const QStringList& paths, const QString& label)
{
    // A fresh flag per import, so that a cancel of the last one cannot stop this one.
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_importRunning = true;
    DataWorker* worker = m_worker;
    auto cancel = m_cancel;
    QMetaObject::invokeMethod(
        worker, [worker, paths, label, cancel] { worker->importFiles(paths, label, cancel); }, Qt::QueuedConnection);
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

quint64 DataService::requestOverview(const UiFilter& filter, gpu::Calendar every)
{
    const quint64 id = m_nextId++;
    m_latest[static_cast<size_t>(RequestKind::Overview)]->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, id, filter, every] { worker->overview(id, filter, every); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestTable(const UiFilter& filter, const Location& location)
{
    const quint64 id = m_nextId++;
    m_latest[static_cast<size_t>(RequestKind::Table)]->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, id, filter, location] { worker->table(id, filter, location); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestJobTimeline(int32_t job)
{
    const quint64 id = m_nextId++;
    m_latest[static_cast<size_t>(RequestKind::JobTimeline)]->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, id, job] { worker->jobTimeline(id, job); }, Qt::QueuedConnection);
    return id;
}

quint64 DataService::requestFleetTimeline(const UiFilter& filter, int64_t fromNs, int64_t toNs, int maxRows)
{
    const quint64 id = m_nextId++;
    m_latest[static_cast<size_t>(RequestKind::FleetTimeline)]->store(id);
    DataWorker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [worker, id, filter, fromNs, toNs, maxRows] { worker->fleetTimeline(id, filter, fromNs, toNs, maxRows); },
        Qt::QueuedConnection);
    return id;
}

} // namespace ett::app
