// One result of a command in the forms that --format chooses between, and the one place that
// chooses: every command builds its Rendering and hands it to present().
#pragma once

#include "app/cli/cli_common.h"

#include <functional>
#include <string>

namespace ett::app {

// The whole text to print for each format. Each renderer is called only when its format is
// chosen. csv may be empty for commands whose --format has no csv; json may be empty for
// commands that print text only. An empty renderer falls back to the table.
struct Rendering
{
    std::function<std::string()> table;
    std::function<std::string()> json;
    std::function<std::string()> csv;
};

// Prints on stdout what common.format names ("json", "csv", anything else: the table); returns
// kExitOk.
int present(const CommonOptions& common, const Rendering& rendering);

} // namespace ett::app
