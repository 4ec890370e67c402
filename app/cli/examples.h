// Examples of each ettw command, defined once: `ettw CMD --help` shows them in its footer and the
// man page in its EXAMPLES section. A test parses every one with the real command tree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ett::app {

struct Example
{
    const char* what; // one sentence: what it does
    const char* commandLine; // as typed, starting with "ettw"
};

// The examples of a command, by its path after "ettw" ("summary", "store init"); empty when none.
const std::vector<Example>& examplesOf(std::string_view commandPath);

// Every command path that has examples, in the order of the table.
std::vector<std::string> commandsWithExamples();

// The examples as a --help footer: "Examples:" and, per example, its sentence and line.
std::string examplesText(std::string_view commandPath);

} // namespace ett::app
