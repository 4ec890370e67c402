#include "app/version/huge_pages.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace ett::app {

void runOnHugePages(char** argv)
{
    constexpr const char* kTunable = "glibc.malloc.hugetlb";
    if (const char* off = std::getenv("ETTW_HUGE_PAGES"); off && std::strcmp(off, "0") == 0) {
        return;
    }
    const char* current = std::getenv("GLIBC_TUNABLES");
    std::string tunables = current ? current : "";
    if (tunables.find(kTunable) != std::string::npos) {
        return;
    }
    tunables += (tunables.empty() ? "" : ":") + std::string(kTunable) + "=1";
    if (::setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0) {
        return;
    }
    ::execv("/proc/self/exe", argv);
    // Not re-executed (no /proc): the variable stays set, so nothing tries again; go on as we are.
}

} // namespace ett::app
