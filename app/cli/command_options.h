// The options many ettw commands share, registered one way everywhere (commands.cpp defines them):
// --db, --format, --backend / --verbose, --store / --store-timeout.
#pragma once

#include "app/cli/cli_common.h"

#include <CLI/CLI.hpp>

#include <string>

namespace ett::app {

// --db FILE (common.db).
void addDbOption(CLI::App* cmd, CommonOptions& common);
// --format: table, json and (when csv) csv.
void addFormatOption(CLI::App* cmd, std::string& format, bool csv = true);
// --backend and -v / --verbose.
void addEngineOptions(CLI::App* cmd, CommonOptions& common);
// What --store says for the commands that compute on a fleet store.
extern const char* const kComputeOnStore;
// --store URL and --store-timeout; `what` opens the option's description.
void addStoreOption(CLI::App* cmd, StoreOptions& store, const std::string& what);

} // namespace ett::app
