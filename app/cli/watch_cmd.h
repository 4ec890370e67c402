// `ettw watch` (follow trace files while they are written: live import, detectors, alerts) and
// `ettw alerts` (the detectors once, for cron and CI).
#pragma once

#include "app/cli/alert_outputs.h"
#include "app/cli/ettw_app.h"
#include "app/service/detectors.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

// The detectors' options as the command line spells them (durations as text: "30m", "6h").
struct DetectorArgs
{
    int stormAttempts = 5;
    std::string stormWindow = "30m";
    int stalledAttempts = 3;
    std::string hangAfter = "30m";
    std::string ettWindow = "6h";
    double ettBelow = 80.0; // 0: no absolute threshold
    std::string ettBy; // "": per label; an attribute key: per value of it in each label
    std::optional<std::string> baselineLabel;
    double baselineDrop = 10.0;
    double slowStartFactor = 2.0;
    std::string teamKey = "team";
    std::string checkpointBudget = "180s";
    std::vector<std::string> disabled;
};

// Registers the detector options on a command.
void addDetectorOptions(CLI::App* cmd, DetectorArgs& args);
// The service's options from the arguments. Error naming the option whose value is not a duration.
core::Result<DetectorOptions> detectorOptions(const DetectorArgs& args);

// The `watch` and `alerts` commands, for the command tree (commands.cpp).
Command addWatchCommand(CLI::App& app, CommonOptions& common);
Command addAlertsCommand(CLI::App& app, CommonOptions& common);

} // namespace ett::app
