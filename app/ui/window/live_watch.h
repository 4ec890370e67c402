// Watching files and folders from the window (File > Watch folder, --watch): the service's
// WatchSession (the passes of `ettw watch`: import what changed, judge the jobs, fire and clear
// alerts) on a thread of its own, with a connection of its own to the open database, so that neither
// an import nor the wait for the next change ever runs on the GUI thread or holds up the data
// service's queries. Readers see each file's old records or its new ones (one transaction per file).
// Each pass comes back as a LivePass through passDone, on the GUI thread. GUI thread only.
#pragma once

#include "app/service/detectors.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

class QThread;

namespace ett::app {

// What one pass did, for the status bar, the alerts panel and the refresh of the pages.
struct LivePass
{
    int64_t atNs = 0; // the time of the read
    bool changed = false; // a file was imported, replaced or moved: the pages' figures changed
    QString lastChanged; // the last such file (its path)
    int files = 0; // files watched
    int runningJobs = 0;
    std::vector<Alert> fired;
    std::vector<Alert> cleared;
    QStringList failures; // files that could not be read (their earlier records are kept)
    QStringList problems; // what else went wrong (ett_drop's fleet load)
};

class LiveWatch : public QObject
{
    Q_OBJECT
public:
    struct Settings
    {
        QString database; // the open database (a connection of the watch's own)
        QStringList paths; // files and folders (folders recursively)
        QString label = QStringLiteral("default"); // as `ettw watch`
        int pollMs = 2000; // look at every file at least this often (inotify makes it prompt)
        bool polling = false; // no inotify
        DetectorOptions detectors;
    };

    explicit LiveWatch(QObject* parent = nullptr);
    // Stops the watch (stop()).
    ~LiveWatch() override;

    // Starts watching (a running watch is stopped first): watchStarted once the paths were checked
    // and the first pass is under way, or watchFailed (a missing path, the database's error).
    void start(const Settings& settings);
    // Stops between two files (the file being read is rolled back; everything committed stays) and
    // waits for the thread: at most the time of one file's import. watchStopped when one ran.
    void stop();
    bool running() const { return m_thread != nullptr; }
    const Settings& settings() const { return m_settings; }

signals:
    // notifying: inotify is in use (else: a look every pollMs only).
    void watchStarted(bool notifying);
    void watchFailed(const QString& message);
    void passDone(const ett::app::LivePass& pass);
    void watchStopped();

private:
    Settings m_settings;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
};

} // namespace ett::app
