#include "app/service/change_notifier.h"

#include <cerrno>
#include <cstdint>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace ett::app {

ChangeNotifier::ChangeNotifier(bool usePolling)
{
    if (!usePolling) {
        m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    }
}

ChangeNotifier::~ChangeNotifier()
{
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

void ChangeNotifier::watchFolders(const std::vector<std::string>& folders)
{
    if (m_fd < 0) {
        return;
    }
    constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
    for (const std::string& f : folders) {
        // Adding a folder watched already returns its watch again: nothing to remember here.
        if (inotify_add_watch(m_fd, f.c_str(), kEvents) < 0 && errno == ENOSPC) {
            // Out of watches: polling finds what inotify would have said, one interval later.
            ::close(m_fd);
            m_fd = -1;
            return;
        }
    }
}

bool ChangeNotifier::wait(int timeoutMs)
{
    if (m_fd < 0) {
        // Polling only: sleep in short steps so that a signal's flag is seen soon (the caller's loop
        // checks it between waits).
        pollfd none {};
        ::poll(&none, 0, timeoutMs);
        return false;
    }
    pollfd p { m_fd, POLLIN, 0 };
    const int n = ::poll(&p, 1, timeoutMs);
    if (n <= 0) {
        return false;
    }
    // Drain every queued event: the scan that follows looks at the files themselves.
    alignas(inotify_event) char buffer[16384];
    bool any = false;
    while (true) {
        const ssize_t got = ::read(m_fd, buffer, sizeof buffer);
        if (got <= 0) {
            break;
        }
        any = true;
    }
    return any;
}

} // namespace ett::app
