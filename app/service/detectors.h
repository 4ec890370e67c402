// Detectors: conditions of a running fleet worth a person's attention, as queries over the fleet
// source and job timelines (not a second engine). Each names what it is about (a job, an attempt or a
// scope), the figure and its threshold, and the command that shows the evidence. An alert's `id`
// is the condition's identity: an AlertTracker fires it once while the condition holds and clears it
// when it is over.
//
// All times are int64 ns since the Unix epoch; `nowNs` is the time the fleet is judged at (the
// wall clock for a live fleet). Pure functions over plain values; the fleet-wide ones make the
// source's calls from the caller's thread.
#pragma once

#include "app/service/fleet_source.h"
#include "core/model/job_timeline.h"
#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ett::app {

// One registry of the detectors: name (as JSON and options spell it) and what it looks for.
struct DetectorInfo
{
    const char* name;
    const char* description;
};
inline constexpr DetectorInfo kDetectors[] = {
    { "restart_storm", "A job with at least N attempts starting within a window (default 5 in 30 min)." },
    { "stalled_progress",
        "A job whose last N attempts were all interrupted without a durable checkpoint of their own (default 3)." },
    { "hang", "A running attempt with no new phase or checkpoint for a time (default 30 min)." },
    { "ett_drop",
        "The rolling-window ETT% (spec 7.2, GPU-weighted) of a label below a threshold (default 80% over 6 h), or "
        "below a baseline label's ETT% by more than given points." },
    { "slow_start",
        "A job's latest attempt whose Time to Start exceeds its job's p90 (or, with too few earlier starts, its "
        "team's) by a factor (default 2)." },
    { "checkpoint_cost", "A job's blocking checkpoint save time per hour above a budget (default 180 s per hour)." },
};

struct DetectorOptions
{
    int stormAttempts = 5;
    int64_t stormWindowNs = 30LL * 60 * 1'000'000'000;
    int stalledAttempts = 3;
    int64_t hangNs = 30LL * 60 * 1'000'000'000;
    int64_t ettWindowNs = 6LL * 3600 * 1'000'000'000;
    std::optional<double> ettBelowPercent = 80.0; // nullopt: no absolute threshold
    std::string ettGroupBy; // "": each label is a scope; an attribute key: each of its values in each label
    std::optional<std::string> baselineLabel; // set: compare with this label's ETT% (its whole window)
    double baselineDropPoints = 10.0;
    double slowStartFactor = 2.0;
    int slowStartMinStarts = 5; // earlier Time to Start samples a p90 needs (job first, then team)
    std::string teamKey = "team";
    int64_t checkpointBudgetNsPerHour = 180LL * 1'000'000'000;
    int64_t checkpointWindowNs = 3600LL * 1'000'000'000; // the hour of attempts' time looked at
    std::set<std::string> disabled; // detector names left out
};

struct Alert
{
    std::string detector; // a kDetectors name
    std::string id; // the condition's identity: detector and subject (and attempt): "hang job:default/J1 3"
    std::string subject; // what was judged: "job:LABEL/KEY" or "label:LABEL" (AlertTracker::update)
    std::string label;
    std::string job; // "" for a scope's alert
    std::optional<int32_t> attempt;
    std::string scope; // what a scope's alert is about ("label default"); "" for a job's
    double value = 0; // the figure
    double threshold = 0;
    std::string unit; // "attempts", "seconds", "percent", "seconds_per_hour"
    int64_t atNs = 0; // the time it was judged at
    std::string message; // one line for people
    std::string evidence; // the ettw command that shows it
};

// How evidence commands name the fleet ("--db fleet.db", "--store URL").
struct EvidenceSource
{
    std::string option = "--db";
    std::string where = "ett.db";
};

// Time to Start samples per team (the value of DetectorOptions::teamKey) of every started attempt,
// sorted: what slow_start falls back on. Built by detectFleet(); empty in a live pass.
using TeamStarts = std::map<std::string, std::vector<int64_t>>;

// The job-level detectors (restart_storm, stalled_progress, hang, slow_start, checkpoint_cost) on one
// job's timeline at nowNs. `teams` may be null (slow_start then uses the job's own p90 only).
std::vector<Alert> detectJob(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& options,
    const EvidenceSource& source, const TeamStarts* teams);

// ett_drop for each label of `labels` (every label of the fleet when empty; the baseline label is
// not judged against itself), or with options.ettGroupBy for each value of that attribute in each
// label (compared with the same value's ETT% in the baseline label). Error: an unknown label or
// attribute, or the source's own errors.
core::Result<std::vector<Alert>> detectEttDrop(FleetSource& fleet, const std::vector<std::string>& labels,
    int64_t nowNs, const DetectorOptions& options, const EvidenceSource& source);

// Every detector over every job of the labels (all when empty), for `ettw alerts`: reads each job's
// timeline twice (team starts first), memory that of one job plus the starts. Alerts in detector,
// label, job order.
core::Result<std::vector<Alert>> detectFleet(FleetSource& fleet, const std::vector<std::string>& labels, int64_t nowNs,
    const DetectorOptions& options, const EvidenceSource& source);

// Fires each condition once and clears it when it is over. Not thread-safe.
class AlertTracker
{
public:
    struct Change
    {
        std::vector<Alert> fired; // conditions not open before
        std::vector<Alert> cleared; // open conditions no longer reported (their last alert)
    };
    // `current`: every alert of the subjects judged now (`judged`, Alert::subject values; all
    // subjects when judgedAll). An open condition whose subject was judged and that is not in
    // `current` is cleared; others stay open.
    Change update(const std::vector<Alert>& current, const std::set<std::string>& judged, bool judgedAll);
    const std::map<std::string, Alert>& open() const { return m_open; }

private:
    std::map<std::string, Alert> m_open;
};

// The subject of a job's alerts ("job:LABEL/KEY") and of a label's ("label:LABEL").
std::string jobSubject(const std::string& label, const std::string& key);
std::string labelSubject(const std::string& label);

} // namespace ett::app
