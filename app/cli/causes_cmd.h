// `ettw causes`: the interruptions of a scope by cause class and finer cause (count, share, lost
// GPU-hours, mean Time to Recover, the symptom split), and the cause re-classification rules:
// previewed from a file (--rules), saved (--rules FILE --save), listed (--list-rules) and undone
// (--undo). Through app/service/causes.h, as the window's Causes page.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct CausesCmd
{
    std::optional<std::string> label;
    std::string scope; // a cohort spec (label=..., team=..., gpus>=...); empty: every job
    std::string from; // RFC 3339 or epoch seconds; empty: the beginning
    std::string to; // likewise; empty: the end
    std::string rulesFile; // preview these rules (nothing written), or save them with `save`
    bool save = false;
    bool listRules = false;
    bool undo = false;
};

// Prints the table (or, with listRules, the rules in force; with save or undo, what changed) as a
// table or JSON (common.format). Bad options, rules, times or names: a message on stderr and
// kExitUserError, nothing written. On a fleet store (common.store): an error saying it needs --db.
int runCauses(const CommonOptions& common, const CausesCmd& cmd);

} // namespace ett::app
