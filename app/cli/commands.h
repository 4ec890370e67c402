// The ettw command line: runEttw, and its exit statuses (defined once: --help's footer and the man
// page list kExitStatuses).
#pragma once

#include <cstdint>
#include <string>

namespace ett::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;
inline constexpr int kExitUsage = 2;
// `ettw compare --fail-if-drop PP` when B's ETT% is lower than A's by more than PP.
inline constexpr int kExitGate = 3;
// `ettw alerts` when a detector fired.
inline constexpr int kExitAlerts = 4;

struct ExitStatus
{
    int code;
    const char* meaning;
};
inline constexpr ExitStatus kExitStatuses[] = {
    { kExitOk, "Success." },
    { kExitUserError,
        "The command could not do what was asked: a file or database that cannot be read, a label or job that "
        "does not exist, a store that cannot be reached (the message on standard error says which)." },
    { kExitUsage, "The command line is wrong: an unknown command or option, a missing or invalid value." },
    { kExitGate,
        "compare --fail-if-drop: the ETT% of cohort B is lower than A's by more than the given percentage points." },
    { kExitAlerts, "alerts: at least one detector fired (the alerts are printed)." },
};

// Parses argv and runs the chosen command, writing results to stdout and messages to stderr.
// Hidden options for the build: `ettw --man` prints the man page, `ettw --completion bash` the bash
// completion script, both from the same command tree as the parser.
int runEttw(int argc, char** argv);

} // namespace ett::app
