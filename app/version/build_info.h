// What this build of ETT Workbench is: the version, the commit it was built from, the build type and
// the aggregation backends compiled in. The values come from one source generated at build time
// (write_build_info.cmake), refreshed on every build when HEAD moves. Pure; safe from any thread.
#pragma once

#include <string>

namespace ett::app {

struct BuildInfo
{
    const char* version; // the project's version, "0.2.0"
    const char* commit; // short hash of the commit built, "unknown" when not built from a git checkout
    const char* buildType; // CMake's build type, "RelWithDebInfo"
    const char* backends; // the aggregation backends compiled in, "cpu" or "cpu cuda"
};

// This build's information (static storage).
const BuildInfo& buildInfo();

// One line for --version: "PROGRAM 0.2.0 (commit 1a2b3c4, RelWithDebInfo, backends: cpu cuda)".
std::string versionLine(const std::string& program);

} // namespace ett::app
