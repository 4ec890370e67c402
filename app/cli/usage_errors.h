// Explaining a command line that CLI11 refuses in its own words: the word that is not a command
// where one is required, and each unknown option or argument with what was likely meant.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace ett::app {

// CLI11 reports an unknown command as "A subcommand is required"; this finds the word that is not a
// command where one is required (or an option before the command), so that the message can name it.
// nullopt: none.
std::optional<std::string> unknownCommandError(CLI::App& app, int argc, char** argv);

// CLI11 says "The following arguments were not expected: month --per" (its words in reverse order,
// neither named as what it is); this names each unknown option with the nearest known one (or the
// commands of `everything` that have it), and an argument the command takes no place for, in the
// order typed, for the command parsed last. Empty when nothing was left over.
std::string unexpectedArgumentsError(const CLI::App& app, const CLI::App& everything);

} // namespace ett::app
