#include "app/version/huge_pages.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>

namespace ett::app {

std::optional<std::string> withMallocTunables(std::string_view current)
{
    constexpr const char* kTunables[][2] = {
        { "glibc.malloc.hugetlb", "1" }, { "glibc.malloc.mmap_threshold", "33554432" }, // 32 MiB, glibc's largest
        { "glibc.malloc.trim_threshold", "1073741824" }, // 1 GiB
    };
    std::string tunables(current);
    bool added = false;
    for (const auto& [name, value] : kTunables) {
        // A name counts where it is a whole entry's name, at the start or after a ':'.
        const std::string entry = std::string(name) + "=";
        const bool named = tunables.rfind(entry, 0) == 0 || tunables.find(":" + entry) != std::string::npos;
        if (!named) {
            tunables += (tunables.empty() ? "" : ":") + entry + value;
            added = true;
        }
    }
    return added ? std::optional<std::string>(tunables) : std::nullopt;
}

bool setMallocTunables()
{
    if (const char* off = std::getenv("ETTW_HUGE_PAGES"); off && std::strcmp(off, "0") == 0) {
        return false;
    }
    const char* current = std::getenv("GLIBC_TUNABLES");
    const auto tunables = withMallocTunables(current ? current : "");
    return tunables && ::setenv("GLIBC_TUNABLES", tunables->c_str(), 1) == 0;
}

void runOnHugePages(char** argv)
{
    if (!setMallocTunables()) {
        return;
    }
    ::execv("/proc/self/exe", argv);
    // Not re-executed (no /proc): the variable stays set, so nothing tries again; go on as we are.
}

} // namespace ett::app
