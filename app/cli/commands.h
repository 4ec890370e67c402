// The ettw command line. Exit codes: 0 success, 1 user error (message on stderr), 2 usage error.
#pragma once

#include <cstdint>
#include <string>

namespace ett::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;
inline constexpr int kExitUsage = 2;

// Parses argv and runs the chosen command, writing results to stdout and messages to stderr.
int runEttw(int argc, char** argv);

} // namespace ett::app
