// `ettw import`: traces into a database under a dataset label, with progress on a terminal, one
// line per stored file and its non-fatal issues.
#pragma once

#include "app/cli/cli_common.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

// How many files of a folder skipped as not traces `ettw import` names without --verbose.
inline constexpr int kListedSkips = 10;

struct ImportCmd
{
    std::string label = "default";
    std::vector<std::string> files;
    bool quiet = false;
    bool verbose = false; // every file of a folder skipped as not a trace, not only the first few
    std::string format = "auto";
    std::string mapping;
    std::optional<std::string> job;
    std::optional<int32_t> attempt;
    std::optional<int32_t> rank;
    std::string timezone = "UTC";
    std::optional<int> year;
    std::optional<int32_t> gpusPerNode;
    bool update = false; // files imported before that changed since replace their earlier records
    bool readAgain = false; // as update, and unchanged files imported before are read again too
};

// Imports every file (the database is created when missing). A bad option fails before any
// file is read; a file that fails stores nothing of it and the others are still imported; any
// failure: messages on stderr and kExitUserError.
int runImport(const CommonOptions& common, const ImportCmd& cmd);

} // namespace ett::app
