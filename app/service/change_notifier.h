// Waking a watcher when files change: Linux inotify on the watched folders (and the folders of the
// watched files), with a plain timeout as the fallback. The watcher scans on every wake-up and on
// every timeout, so changes inotify cannot see (network file systems, a kernel out of watches) are
// still found within one poll interval: inotify makes it prompt, polling makes it complete.
#pragma once

#include <string>
#include <vector>

namespace ett::app {

class ChangeNotifier
{
public:
    // usePolling: no inotify at all (the interval alone decides when to look).
    explicit ChangeNotifier(bool usePolling);
    ~ChangeNotifier();
    ChangeNotifier(const ChangeNotifier&) = delete;
    ChangeNotifier& operator=(const ChangeNotifier&) = delete;

    // Watches these folders (already watched ones are kept; a folder that cannot be watched leaves
    // the notifier polling). Call again after a scan found new folders.
    void watchFolders(const std::vector<std::string>& folders);
    // Blocks until a change is reported or timeoutMs passes; true when a change was reported.
    // Returns early (false) when the process receives a signal.
    bool wait(int timeoutMs);
    // Whether inotify is in use (false: polling only).
    bool notifying() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

} // namespace ett::app
