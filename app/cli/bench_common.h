// What the benches (`ettw bench store`, `ettw bench open`) share: steps run in a child process so
// that each one's peak memory is its own, ettw itself run and timed, the timed queries on any fleet
// source, and how the version and numbers are printed in their JSON.
#pragma once

#include "app/service/fleet_source.h"
#include "core/model/result.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace ett::app::bench {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t);

// What a step measured: its JSON members, its process's peak resident memory, and whether it worked.
struct StepResult
{
    bool ok = false;
    std::string json; // "key": value, ... (members of the step's object)
    double peakRssMb = 0;
    std::string error;
};

// Runs `step` in a child process, so that its peak memory is its own (wait4's rusage): the parent
// holds nothing of the fleet. The child writes its JSON members (or "!" and an error) to a pipe.
StepResult inChild(const std::function<core::Result<std::string>()>& step);

// A run of ettw itself: its wall time and peak resident memory.
struct ChildRun
{
    double wallS = 0;
    double peakRssMb = 0;
};

// Runs ettw itself (this binary) with `args`, its output discarded; Error with its exit status.
core::Result<ChildRun> runEttwTimed(const std::vector<std::string>& args);
core::Status runEttw(const std::vector<std::string>& args);

// The build that measured, as the first JSON members of a bench's output:
// "ettw_version": "0.2.0", "ettw_commit": "abc1234" (with "-dirty" for a changed tree).
std::string buildMembers();

// "%.{decimals}f".
std::string number(double v, int decimals = 4);
double median(std::vector<double> v);

// The timed queries on any fleet source (roll-up by team, series per day, percentiles, top jobs,
// the 20 longest productive and lost-progress intervals), each the median of `repeats` runs, as JSON
// members; `rollupText` receives the roll-up by team's figures as text, for an equality check.
core::Result<std::string> timeQueries(FleetSource& fleet, int repeats, std::string& rollupText);

} // namespace ett::app::bench
