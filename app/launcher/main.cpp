// ettw, the program people run: it starts the command line program (ettw-cli) with glibc's malloc
// tunables set (app/version/huge_pages.h), so that every command runs on transparent huge pages
// without starting twice. glibc reads its tunables only when a program starts; ettw-cli, started
// without them, would run itself again, loading its 40 shared objects and relocating its 170 MB a
// second time (20 ms of a 0.1 s `ettw summary`). This launcher loads nothing but libc (the
// standard library is linked in statically) and takes about a millisecond.
//
// ettw-cli is beside the launcher in a build tree, in LIBEXECDIR/ettw when installed (the path
// relative to the installed launcher is ETT_CLI_FROM_BINDIR). It is exec'd: same process id,
// arguments (argv[0] kept, so usage and errors still say ettw), descriptors and environment.
#include "app/version/huge_pages.h"

#include <climits>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

#ifndef ETT_CLI_FROM_BINDIR
#error "ETT_CLI_FROM_BINDIR: the command line program's path relative to the installed launcher"
#endif

namespace {

// The directory of this program, with a trailing '/', into `dir`; false when /proc is not there.
bool ownDirectory(char (&dir)[PATH_MAX])
{
    const ssize_t n = ::readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0) {
        return false;
    }
    dir[n] = '\0';
    char* slash = std::strrchr(dir, '/');
    if (slash == nullptr) {
        return false;
    }
    slash[1] = '\0';
    return true;
}

} // namespace

int main(int, char** argv)
{
    char dir[PATH_MAX];
    if (!ownDirectory(dir)) {
        std::fprintf(stderr, "ettw: cannot find where this program is (/proc/self/exe: %s)\n", std::strerror(errno));
        return 1;
    }
    ett::app::setMallocTunables();
    const char* const relative[] = { "ettw-cli", ETT_CLI_FROM_BINDIR };
    char tried[2][PATH_MAX];
    for (size_t i = 0; i < 2; ++i) {
        const int n = std::snprintf(tried[i], sizeof tried[i], "%s%s", dir, relative[i]);
        if (n > 0 && static_cast<size_t>(n) < sizeof tried[i] && ::access(tried[i], X_OK) == 0) {
            ::execv(tried[i], argv);
            std::fprintf(stderr, "ettw: cannot run %s: %s\n", tried[i], std::strerror(errno));
            return 1;
        }
    }
    std::fprintf(stderr,
        "ettw: the command line program ettw-cli is missing (looked for %s and %s); it is installed with ettw\n",
        tried[0], tried[1]);
    return 1;
}
