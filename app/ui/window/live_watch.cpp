#include "app/ui/window/live_watch.h"

#include "app/service/watch_session.h"
#include "app/service/workspace.h"
#include "app/ui/data/types.h"
#include "core/model/timeutil.h"

#include <QFileInfo>
#include <QMetaObject>
#include <QThread>

#include <utility>

namespace ett::app {

namespace {

// The wait between passes is taken in slices this long, so that stop() is answered promptly.
constexpr int kStopSliceMs = 100;

LivePass livePass(const WatchPass& pass, const WatchSession& session)
{
    LivePass out;
    out.atNs = pass.atNs;
    out.changed = pass.changed;
    out.lastChanged = qs(pass.lastChangedPath);
    out.files = static_cast<int>(session.fileCount());
    out.runningJobs = static_cast<int>(session.runningJobs());
    out.fired = pass.alerts.fired;
    out.cleared = pass.alerts.cleared;
    for (const WatchEvent& e : pass.events) {
        if (e.kind == WatchEvent::Kind::Failed) {
            out.failures << qs(e.error.message);
        }
    }
    for (const std::string& p : pass.problems) {
        out.problems << qs(p);
    }
    return out;
}

} // namespace

LiveWatch::LiveWatch(QObject* parent)
    : QObject(parent)
{
}

LiveWatch::~LiveWatch()
{
    stop();
}

void LiveWatch::start(const Settings& settings)
{
    stop();
    m_settings = settings;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    auto stopFlag = m_stop;
    // Results are posted to this object: the thread never outlives it (stop() waits for it), and
    // posts still queued when it goes are dropped by Qt.
    auto post
        = [this](auto&& fn) { QMetaObject::invokeMethod(this, std::forward<decltype(fn)>(fn), Qt::QueuedConnection); };
    auto fail = [this](QThread* thread, const QString& message) {
        // That thread has ended (or is ending): release it, then say why. (A watch started since
        // has a thread of its own.)
        if (m_thread == thread) {
            m_thread->wait();
            delete m_thread;
            m_thread = nullptr;
        }
        emit watchFailed(message);
    };
    m_thread = QThread::create([settings, stopFlag, post, fail, this] {
        // 1. A connection of the watch's own, and the watch over it.
        auto workspace = Workspace::openStore(settings.database.toStdString(), Workspace::Mode::MustExist);
        if (!workspace) {
            const QString message = qs(workspace.error().message);
            post([fail, message, thread = QThread::currentThread()] { fail(thread, message); });
            return;
        }
        WatchSessionOptions options;
        options.watch.paths = stdList(settings.paths);
        options.watch.label = settings.label.toStdString();
        options.watch.polling = settings.polling;
        options.detectors = settings.detectors;
        options.evidence = EvidenceSource { "--db", settings.database.toStdString() };
        auto session = WatchSession::create(**workspace, options);
        if (!session) {
            const QString message = qs(session.error().message);
            post([fail, message, thread = QThread::currentThread()] { fail(thread, message); });
            return;
        }
        const bool notifying = (*session)->notifying();
        post([this, notifying] { emit watchStarted(notifying); });
        // 2. Passes until stopped: each after a change was reported or a poll interval passed.
        while (!stopFlag->load()) {
            const WatchPass pass = (*session)->pass(core::wallClockNs(), stopFlag.get());
            const LivePass live = livePass(pass, **session);
            post([this, live] { emit passDone(live); });
            for (int waited = 0; waited < settings.pollMs && !stopFlag->load(); waited += kStopSliceMs) {
                if ((*session)->waitForChange(kStopSliceMs)) {
                    break;
                }
            }
        }
    });
    m_thread->setObjectName(QStringLiteral("ett-watch"));
    m_thread->start();
}

void LiveWatch::stop()
{
    if (!m_thread) {
        return;
    }
    m_stop->store(true);
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    emit watchStopped();
}

} // namespace ett::app
