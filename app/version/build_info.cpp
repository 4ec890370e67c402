#include "app/version/build_info.h"

namespace ett::app {

std::string versionLine(const std::string& program)
{
    const BuildInfo& b = buildInfo();
    return program + " " + b.version + " (commit " + b.commit + ", " + b.buildType + ", backends: " + b.backends + ")";
}

} // namespace ett::app
