// Rolling-window ETT% (spec 7.2): for a window length W and a sample time t, the productive time of
// a scope over its E2E time inside [t - W, t), buckets clipped to that range as in spec 5.5, both
// GPU-weighted and time-weighted; t runs over the multiples of a step S since the Unix epoch.
//
// Design note: sums of clipped pieces add up over adjacent stretches of time, so a window's sums are
// those of the grid buckets it is made of when the grid's width divides both W and S: their greatest
// common divisor g, aligned to the epoch. The fleet source computes the series on that grid (in
// chunks, so that memory stays bounded whatever the span), prefix sums then give every window with
// two lookups. Exact integers throughout; the work is bounded by the grid's size (kMaxRollingBuckets).
#pragma once

#include "app/service/fleet_source.h"
#include "core/model/job_timeline.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ett::app {

// The most grid buckets a rolling series may need (from the first window's start to the last t).
inline constexpr int64_t kMaxRollingBuckets = 1'000'000;

struct RollingRequest
{
    core::CohortSpec scope; // the jobs, a range that clips what is counted, the queue option
    std::optional<JobIndex> job; // only this job of the scope (see jobByKey())
    int64_t windowNs = 0; // W, > 0
    int64_t stepNs = 0; // S, > 0; 0: the window
};

// One sample: the sums inside [tNs - window, tNs).
struct RollingPoint
{
    int64_t tNs = 0;
    core::Wide productiveNs = 0;
    core::Wide productiveGpuNs = 0;
    core::Wide e2eNs = 0;
    core::Wide e2eGpuNs = 0;
    std::optional<double> ettPercentGpu; // productive / E2E, GPU-weighted; nullopt when E2E is 0
    std::optional<double> ettPercentTime; // the same time-weighted
};

struct RollingSeries
{
    int64_t windowNs = 0;
    int64_t stepNs = 0;
    int64_t gridNs = 0; // gcd(window, step): the width of the buckets windows are made of
    std::optional<core::TimeSpan> span; // what the scope covers (FleetSource::seriesSpan); nullopt: nothing
    // Every multiple t of the step whose window [t - window, t) overlaps the span, in time order (none
    // without a span). A point whose window holds no E2E has both percentages nullopt.
    std::vector<RollingPoint> points;
    double querySeconds = 0; // the source's calls together, where they ran (FleetSource::lastQuerySeconds)
};

// The rolling series of a scope. Error: a window or step that is not positive; a label, attribute or
// job the source lacks; a grid of more than kMaxRollingBuckets buckets (the message names the
// window, the step and the span); the source's own errors. Same thread rules as the source.
core::Result<RollingSeries> rollingSeries(FleetSource& fleet, const RollingRequest& request);

// The rolling series of one job from its timeline (the job view's line): the same sums as
// rollingSeries() over a scope of that job alone, without a range or the queue option (its span is
// the job's window). Errors as rollingSeries()'s, naming the job.
core::Result<RollingSeries> jobRollingSeries(const core::JobTimeline& job, int64_t windowNs, int64_t stepNs);

// The window of lowest ETT% (GPU-weighted; ties: the earliest) among those inside the series' span,
// or among all when none is (a span shorter than a window); nullopt without a window holding E2E.
// "The worst hour of a job" with a window of an hour.
std::optional<RollingPoint> worstWindow(const RollingSeries& series);

} // namespace ett::app
