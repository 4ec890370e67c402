// `ettw whatif`: a what-if scenario projected on a database's fleet (today's
// ETT%, one bridge step per change, the projected ETT%), run from a JSON file or saved in the
// database by name; and the saved scenarios listed or deleted.
#pragma once

#include "app/cli/cli_common.h"
#include "core/model/whatif.h"

#include <string>

namespace ett::app {

struct WhatIfCmd
{
    std::string scenarioFile; // --scenario FILE (core/ingest/scenario_file.h)
    bool save = false; // --save: also keep the scenario in the database
    std::string name; // --name NAME: run a saved scenario
    bool list = false; // --list
    std::string deleteName; // --delete NAME
};

// Exit codes as the other commands: 0, or 1 with a message naming the file, field or scenario.
int runWhatIf(const CommonOptions& common, const WhatIfCmd& cmd);

// The projection's JSON object (the public interface of `ettw whatif --format json`); `saved`:
// whether the scenario was saved by this run; `excluded`: the windows of --exclude (spec 7.4),
// stated with the time they took out of today's figures when there are any.
std::string whatIfJson(const core::Scenario& scenario, const core::WhatIfResult& r, const std::string& db,
    const std::string& cohortText, bool saved, const std::vector<core::TimeSpan>& excluded = {});

} // namespace ett::app
