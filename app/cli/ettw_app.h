// The ettw command tree, built by one function for parsing (runEttw), the man page and the bash
// completion (ettw_docs.h), so that none of them can drift from the others.
#pragma once

#include "app/cli/cli_common.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ett::app {

// A registered command: its CLI11 subcommand, and what runs when it was parsed (the options it
// binds live as long as the closure).
struct Command
{
    CLI::App* app = nullptr;
    std::function<int()> run;
};

// The App with every command, option, footer (exit statuses; each command's examples) and
// --version, and the options the commands bind. Not movable: the closures point into it.
struct EttwApp
{
    EttwApp();
    EttwApp(const EttwApp&) = delete;
    EttwApp& operator=(const EttwApp&) = delete;

    CLI::App app;
    CommonOptions common;
    std::vector<Command> commands; // in the order of `ettw --help`
};

// With `only` the name of a command: that command alone (what a run of it parses); else, or when
// `only` names none, every command.
std::unique_ptr<EttwApp> buildEttwApp(std::string_view only = {});

// The names of every command, in the order of `ettw --help`.
std::vector<std::string> ettwCommandNames();

// The words after "ettw" that name `command`: "store init"; "" for the App itself.
std::string commandPath(const CLI::App* command);

// The subcommands of `command`, in the order of registration.
std::vector<CLI::App*> subcommandsOf(CLI::App* command);

} // namespace ett::app
