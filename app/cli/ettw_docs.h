// What the build generates from ettw's command tree (ettw_app.h): the man page ettw(1) and the
// bash completion script. Both walk the same App that parses the command line, so every command,
// option, choice and example in them is the one --help shows.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace ett::app {

struct EttwApp;

// ettw(1) in roff: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, COMMANDS (every command and subcommand
// with every option), EXIT STATUS, EXAMPLES, ENVIRONMENT, FILES, SEE ALSO.
std::string ettwManPage(EttwApp& ettw);

// A bash script defining _ettw and registering it for `ettw`: commands and subcommands, each
// command's options, the choices of options checked against a set (--format, --backend, ...),
// file names for FILE and DIR options and file arguments, and the labels of the database on the
// line (--db, else ett.db) for --label and for label= in cohort specs (--a, --b, --scope).
std::string ettwBashCompletion(EttwApp& ettw);

// The values an option accepts when it is checked against a set (CLI11's IsMember), in order;
// empty otherwise.
std::vector<std::string> optionChoices(const CLI::Option& option);

// The options of a command that --help lists for it, help flags left out.
std::vector<CLI::Option*> documentedOptions(CLI::App& command);

} // namespace ett::app
