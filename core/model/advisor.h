// Checkpoint-interval advice from a fleet's own data: the measured inputs
// of each job (time in the train loop, interruptions in it, blocking time of each save, the
// interval actually used between durable checkpoints, lost progress per interruption), pooled per
// group, and the advice the models of core/model/checkpoint_model.h give for them.
//
// Measured, exactly, from the columns and their attribution (spec 5); the advice is a model
// (doubles). Pure computation: gpu/advisor.h gathers it on the engine.
#pragma once

#include "core/model/columns.h"
#include "core/model/rollup.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

// What one job measured. Raw samples, so that groups pool them (a median of medians is not one).
struct JobCheckpointSample
{
    int32_t job = -1; // index into the columns
    // Time in the train loop: productive + lost_progress + checkpoint_save, over all attempts.
    Wide loopNs = 0;
    Wide loopGpuNs = 0;
    Wide e2eNs = 0; // the job's window (attempts and the gaps between them; no queue)
    Wide e2eGpuNs = 0;
    // Interruptions in the loop: interrupted attempts (failed or preempted, any cause class) whose
    // fault came after they had started training (their first productive or lost_progress instant).
    int64_t interruptions = 0;
    // Lost progress of those interruptions (spec 5.3) and how many of them it is known for (0 for a
    // job flagged no_checkpoint_data).
    Wide lostNs = 0;
    int64_t lostInterruptions = 0;
    // Each save's blocking time: every maximal run of checkpoint_save in an attempt is one save.
    std::vector<int64_t> savesNs;
    // Between the starts of consecutive checkpoints that became durable (not failed), both taken in
    // the same attempt: the interval actually used.
    std::vector<int64_t> intervalsNs;
    bool noCheckpointData = false;
    // Part of the lost progress lies in excluded windows (spec 7.4): lostNs keeps what is outside
    // them, and the job's interruptions are not compared with the interval (their loss is unknown).
    bool lostExcluded = false;
};

// Measures the given jobs (indices into the columns); `attribution` must be the columns' own.
std::vector<JobCheckpointSample> measureCheckpoints(
    const FleetColumns& columns, const Attribution& attribution, const std::vector<int32_t>& jobs);

// Takes a job's time inside excluded windows (spec 7.4), per bucket it came from and GPU-weighted,
// out of its sample: the loop's buckets (productive, lost progress, checkpoint save) out of the
// loop, all of it out of the window, lost progress out of lostNs where that is counted (a job with
// checkpoint data: lost progress only arises in an interrupted attempt that had trained). Counts,
// saves and intervals are events and durations and do not change. A job that had lost progress
// taken out is marked lostExcluded: what its interruptions lost is no longer known whole, so lost
// per interruption leaves it out (else an excluded loss would read as a loss of 0).
void takeOutExcluded(
    JobCheckpointSample& sample, const SparseBucketWides& excludedNs, const SparseBucketWides& excludedGpuNs);

// The inputs of a job or a group, pooled from its jobs' samples.
struct CheckpointMeasure
{
    int64_t jobs = 0;
    Wide loopNs = 0;
    Wide loopGpuNs = 0;
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;
    int64_t interruptions = 0;
    std::optional<double> mtbiS; // loop time / interruptions; absent without interruptions
    int64_t saves = 0;
    std::optional<int64_t> blockingP50Ns; // nearest rank over every save of the group
    std::optional<int64_t> blockingP90Ns;
    int64_t intervals = 0;
    std::optional<int64_t> intervalP50Ns; // median interval between durable checkpoints
    Wide lostNs = 0; // every job's, outside excluded windows: the lost_progress bucket
    // The interruptions whose loss is known whole (jobs with checkpoint data and no lost progress in
    // an excluded window), and what they lost.
    int64_t lostInterruptions = 0;
    Wide lostKnownNs = 0;
    std::optional<double> lostPerInterruptionS; // lostKnownNs / lostInterruptions
    int64_t noCheckpointDataJobs = 0;
    int64_t lostExcludedJobs = 0; // jobs with lost progress in an excluded window
};

CheckpointMeasure poolCheckpoints(const std::vector<const JobCheckpointSample*>& samples);

// Lost progress per interruption compared with the model's I/2 (an interruption lands on average
// half-way through an interval). With durable checkpoints every I, one interruption cannot lose
// more than I (ratio 2): above kLostHighRatio the checkpoints are probably not restorable when the
// job thinks they are (slow or failed uploads). Far below (with enough interruptions to average
// out) the saves measured are not the ones restarts load from.
inline constexpr double kLostHighRatio = 2.0;
inline constexpr double kLostLowRatio = 0.25;
inline constexpr int64_t kLostLowMinInterruptions = 5;

struct CheckpointAdvice
{
    std::string name; // the job key, the group's value, or "fleet"
    CheckpointMeasure measured;
    std::optional<double> currentIntervalS; // the measured median interval
    std::optional<double> blockingS; // b: the median blocking time of a save
    std::optional<double> youngIntervalS; // the optimum, sqrt(2 b M)
    std::optional<double> dalyIntervalS; // Daly's higher-order optimum
    bool dalyBoundary = false; // b >= 2M
    // The model's waste (unsaved + blocking) as a percentage of the loop time.
    std::optional<double> wastedCurrentPercent;
    std::optional<double> wastedOptimumPercent;
    // Projected ETT% gain (GPU-weighted, percentage points) from moving to the optimum: the
    // waste saved, times the loop's share of E2E.
    std::optional<double> gainPp;
    // The same gain in GPU-hours: the waste saved at the optimum times the loop's GPU time. Advice is
    // ranked by it (a +30 pp job of 30 GPU-hours gains the fleet less than +1 pp of a large one).
    std::optional<double> gainGpuHours;
    std::optional<double> lostRatio; // lost per interruption / (current interval / 2)
    // One job: "lost_progress_high" or "lost_progress_low" (see kLost*), with a sentence in `note`.
    // A group: no flags of its own (its pooled ratio mixes intervals); flaggedJobs counts its jobs
    // flagged one by one.
    std::vector<std::string> flags;
    int64_t flaggedJobs = 0;
    int64_t flaggedHigh = 0; // of flaggedJobs: lost_progress_high
    int64_t flaggedLow = 0; // of flaggedJobs: lost_progress_low
    // Why a figure is missing ("no interruptions in the train loop", ...) or what a flag means.
    std::string note;
};

// The advice for measured inputs; flags only when they are one job's (measured.jobs == 1).
CheckpointAdvice adviseCheckpoint(std::string name, const CheckpointMeasure& measured);

// The advice for a group of jobs: pooled inputs, and its jobs flagged one by one.
CheckpointAdvice adviseGroup(std::string name, const std::vector<const JobCheckpointSample*>& samples);

} // namespace ett::core
