#include "fuzz_input.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace ett::fuzz {

namespace {

[[noreturn]] void harnessFailed(const char* what, const std::string& path)
{
    std::fprintf(stderr, "fuzz harness: %s %s: %s\n", what, path.c_str(), std::strerror(errno));
    std::abort();
}

// Never destroyed, so that the exit handler below can still read them.
const std::string* g_dir = nullptr;
const std::string* g_file = nullptr;

void removeInputFile()
{
    ::unlink(g_file->c_str());
    ::rmdir(g_dir->c_str());
}

const std::string& inputPath()
{
    if (!g_file) {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/ett-fuzz-XXXXXX";
        std::vector<char> buffer(pattern.begin(), pattern.end());
        buffer.push_back('\0');
        if (!::mkdtemp(buffer.data())) {
            harnessFailed("cannot make a directory like", pattern);
        }
        g_dir = new std::string(buffer.data());
        g_file = new std::string(*g_dir + "/input");
        std::atexit(removeInputFile);
    }
    return *g_file;
}

} // namespace

const std::string& writeInputFile(const uint8_t* data, size_t size)
{
    const std::string& path = inputPath();
    // O_TRUNC: a shorter input must not keep the tail of the previous one. Every reader of the
    // previous input is closed by now (each lives within one LLVMFuzzerTestOneInput call).
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        harnessFailed("cannot open", path);
    }
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(fd, data + done, size - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            harnessFailed("cannot write", path);
        }
        done += static_cast<size_t>(n);
    }
    if (::close(fd) != 0) {
        harnessFailed("cannot close", path);
    }
    return path;
}

} // namespace ett::fuzz
