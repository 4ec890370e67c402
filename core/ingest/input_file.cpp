#include "core/ingest/input_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ett::core {

namespace {

// Paths the user gave -> the descriptor of their copy. Imports of several files run on several
// threads (the window), hence the lock.
std::mutex g_mutex;
std::map<std::string, std::string> g_spooled;

std::string fdPath(int fd)
{
    return "/proc/self/fd/" + std::to_string(fd);
}

bool isStdin(const std::string& path)
{
    return path == "-";
}

// Copies `in` to `out` to the end. Error text (errno) or empty.
std::string copyAll(int in, int out)
{
    std::vector<char> buffer(1 << 20);
    for (;;) {
        const ssize_t n = ::read(in, buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return std::string("read error: ") + std::strerror(errno);
        }
        if (n == 0) {
            return {};
        }
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(out, buffer.data() + done, static_cast<size_t>(n - done));
            if (w < 0) {
                if (errno == EINTR) {
                    continue;
                }
                return std::string("cannot keep a temporary copy of it: ") + std::strerror(errno);
            }
            done += w;
        }
    }
}

} // namespace

Result<SpooledInput> SpooledInput::prepare(const std::string& path)
{
    struct stat st = {};
    if (isStdin(path)) {
        if (::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
            return SpooledInput {}; // `< file`: openablePath reads the file itself
        }
    } else if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
        return SpooledInput {}; // a file, or an error the reader reports as for any file
    }
    const char* tmpdir = std::getenv("TMPDIR");
    const std::string dir = tmpdir && *tmpdir ? tmpdir : "/tmp";
    std::string tmpl = dir + "/ett-input-XXXXXX";
    const int out = ::mkstemp(tmpl.data());
    if (out < 0) {
        return Error { path + ": cannot keep a temporary copy of it in " + dir + ": " + std::strerror(errno) };
    }
    const int in = isStdin(path) ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        const int err = errno;
        ::close(out);
        ::unlink(tmpl.c_str());
        return Error { path + ": cannot open: " + std::strerror(err) };
    }
    const std::string problem = copyAll(in, out);
    if (in != STDIN_FILENO) {
        ::close(in);
    }
    ::close(out);
    if (!problem.empty()) {
        ::unlink(tmpl.c_str());
        return Error { (isStdin(path) ? std::string("standard input") : path) + ": " + problem };
    }
    SpooledInput spool;
    spool.m_path = path;
    spool.m_copy = tmpl;
    std::lock_guard lock(g_mutex);
    g_spooled[path] = tmpl;
    return spool;
}

SpooledInput::SpooledInput(SpooledInput&& other) noexcept
    : m_path(std::move(other.m_path))
    , m_copy(std::move(other.m_copy))
{
    other.m_copy.clear();
}

SpooledInput& SpooledInput::operator=(SpooledInput&& other) noexcept
{
    if (this != &other) {
        release();
        m_path = std::move(other.m_path);
        m_copy = std::move(other.m_copy);
        other.m_copy.clear();
    }
    return *this;
}

SpooledInput::~SpooledInput()
{
    release();
}

void SpooledInput::release()
{
    if (m_copy.empty()) {
        return;
    }
    {
        std::lock_guard lock(g_mutex);
        if (auto it = g_spooled.find(m_path); it != g_spooled.end() && it->second == m_copy) {
            g_spooled.erase(it);
        }
    }
    ::unlink(m_copy.c_str());
    m_copy.clear();
}

std::string openablePath(const std::string& path)
{
    {
        std::lock_guard lock(g_mutex);
        if (auto it = g_spooled.find(path); it != g_spooled.end()) {
            return it->second;
        }
    }
    return isStdin(path) ? fdPath(STDIN_FILENO) : path;
}

} // namespace ett::core
