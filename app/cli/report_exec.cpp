#include "app/cli/report_exec.h"

#include "app/cli/report_cmd.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

#ifndef ETT_REPORT_HELPER_FROM_BINDIR
#error "ETT_REPORT_HELPER_FROM_BINDIR: the helper's path relative to the installed ettw"
#endif

namespace ett::app {

namespace {

char** g_argv = nullptr;

// Where the helper is: beside this program (a build tree), else where the install puts it
// relative to it (bin/../libexec/ettw/ettw-report).
std::vector<std::filesystem::path> helperCandidates()
{
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) {
        return {};
    }
    const std::filesystem::path dir = self.parent_path();
    return { dir / "ettw-report", (dir / ETT_REPORT_HELPER_FROM_BINDIR).lexically_normal() };
}

} // namespace

void rememberCommandLine(char** argv)
{
    g_argv = argv;
}

int runReport(const CommonOptions&, const ReportCmd&)
{
    if (g_argv == nullptr || g_argv[0] == nullptr) {
        std::fprintf(stderr, "ettw: report: internal error: the command line was not kept\n");
        return 1;
    }
    const auto candidates = helperCandidates();
    for (const auto& helper : candidates) {
        if (::access(helper.c_str(), X_OK) != 0) {
            continue;
        }
        std::string path = helper.string();
        char* const first = g_argv[0];
        g_argv[0] = path.data();
        ::execv(path.c_str(), g_argv);
        const int err = errno;
        g_argv[0] = first;
        std::fprintf(stderr, "ettw: report: cannot run the report renderer %s: %s\n", path.c_str(), std::strerror(err));
        return 1;
    }
    std::string looked;
    for (const auto& c : candidates) {
        looked += (looked.empty() ? "" : ", ") + c.string();
    }
    std::fprintf(stderr,
        "ettw: report: the report renderer ettw-report is missing (looked for %s); it is installed with ettw\n",
        looked.empty() ? "it beside this program" : looked.c_str());
    return 1;
}

} // namespace ett::app
