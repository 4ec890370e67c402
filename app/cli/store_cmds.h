// The commands on what is stored rather than on the figures: `ettw issues` (non-fatal data
// problems counted during import, per file) and `ettw datasets` (the imported files; or removing
// or renaming a dataset label) and `ettw upgrade` (an older database brought up to date).
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>
#include <vector>

namespace ett::app {

// Prints the import issues as a table, JSON or CSV. No database: a message on stderr and
// kExitUserError (nothing is created).
int runIssues(const CommonOptions& common);

struct DatasetsCmd
{
    std::string removeLabel; // --remove-label L
    std::vector<std::string> renameLabel; // --rename-label FROM TO
    std::string removeFile; // --remove-file PATH
    std::string label; // --label L: the label of --remove-file
    // How console logs of a removed log's configuration are read again (as imported).
    std::string mapping;
    std::string timezone = "UTC";
    std::optional<int> year;
};

// Lists the datasets (table, JSON or CSV), or removes or renames a label, asking nothing (scripts
// call it) and saying what changed. An unknown label, or a rename onto an existing one: a message
// on stderr, kExitUserError and nothing changed.
int runDatasets(const CommonOptions& common, const DatasetsCmd& cmd);

// Migrates an older database's schema and recomputes derived figures of older accounting rules,
// saying which; a database already up to date is left as it is ("nothing to do"). A missing file
// or another application's: a message and kExitUserError.
int runUpgrade(const CommonOptions& common);

} // namespace ett::app
