// The reference accounting (spec ett-trace-v1 section 5): splits a job's end-to-end window into
// non-overlapping segments, one bucket each, and derives Time to Start, Time to Recover and the
// interruption counts.
//
// Design note: this is the *reference*. It is written to be read against the spec line by
// line, not to be fast: one sweep over the phase boundaries of each attempt, keeping a count
// of active phases per category (which is the union over ranks). Its cost is O(P log P) per
// attempt. The aggregation engine in gpu/ must agree with it to the nanosecond.
#pragma once

#include "core/model/types.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ett::core {

// Wide integers for sums that can exceed int64 (GPU-nanoseconds of a 16k-GPU job for a week,
// or nanoseconds summed over a large fleet).
__extension__ typedef __int128 Wide;

// One phase, already clipped to its attempt's window. rank < 0 means "the whole attempt".
struct PhaseSpan
{
    int64_t startNs = 0;
    int64_t endNs = 0;
    Category category = Category::Train;
    int32_t rank = -1;
    int32_t kind = -1; // the store's phase kind (phase_kinds.id) when known; the accounting ignores it
};

// A checkpoint of the job (any attempt). durableNs == startNs when the trace gave no durable
// time; failed checkpoints never became restorable and never count as a saved point.
struct CheckpointMark
{
    int64_t startNs = 0;
    int64_t durableNs = 0;
    bool failed = false;
};

struct AttemptInput
{
    int32_t number = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 1; // the attempt's own count, or the job's when the attempt gave none
    Outcome outcome = Outcome::Completed;
    int64_t interruptedAtNs = 0; // fault instant f; only read when the outcome is interrupted
    Interruption interruption = Interruption::None; // from classifyInterruption()
    std::vector<PhaseSpan> phases;
};

struct JobInput
{
    int64_t gpus = 1;
    std::optional<int64_t> submittedNs;
    std::vector<AttemptInput> attempts; // any order; must not overlap (the importer checks)
    std::vector<CheckpointMark> checkpoints; // of every attempt of the job
};

// A maximal run of one bucket inside an attempt's window. Runs are contiguous and cover the
// window exactly: segment i+1 starts where segment i ends.
struct Segment
{
    int64_t startNs = 0;
    int64_t endNs = 0;
    Bucket bucket = Bucket::Idle;
};

// Time to Recover split (spec 7.1): detect = e - f, restart = s' - e (the next attempt's start),
// start-up = t' - s'; the three sum to Time to Recover.
struct TtrSplit
{
    int64_t detectNs = 0;
    int64_t restartNs = 0;
    int64_t startupNs = 0;

    bool operator==(const TtrSplit& o) const
    {
        return detectNs == o.detectNs && restartNs == o.restartNs && startupNs == o.startupNs;
    }
};

// The split of a Time to Recover `ttrNs` that runs from the fault `faultNs` of an attempt ending at
// `endNs` whose next attempt starts at `nextStartNs`. Pure.
inline TtrSplit splitTtr(int64_t faultNs, int64_t endNs, int64_t nextStartNs, int64_t ttrNs)
{
    return { endNs - faultNs, nextStartNs - endNs, faultNs + ttrNs - nextStartNs };
}

struct AttemptResult
{
    int32_t number = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 1;
    Outcome outcome = Outcome::Completed;
    Interruption interruption = Interruption::None;
    std::optional<int64_t> faultNs; // f, for interrupted attempts
    BucketArray bucketsNs {}; // inside [startNs, endNs); sums to endNs - startNs
    int64_t gapAfterNs = 0; // recovery gap between this attempt's end and the next one's start
    int64_t ttsNs = 0; // Time to Start (spec 5.4)
    std::optional<int64_t> ttrNs; // Time to Recover; absent when not interrupted or never trains again
    std::optional<int64_t> firstTrainNs; // first instant attributed to productive or lost_progress
    std::vector<Segment> segments; // filled when asked for
};

// The split of attempt i's Time to Recover (spec 7.1): nullopt when it has none. `attempts` sorted by
// start, as JobResult holds them.
std::optional<TtrSplit> ttrSplitOf(const std::vector<AttemptResult>& attempts, size_t i);

struct JobResult
{
    std::vector<AttemptResult> attempts; // sorted by start
    int64_t windowStartNs = 0; // first attempt's start (without the count-queue option)
    int64_t windowEndNs = 0; // last attempt's end
    int64_t queueBeforeNs = 0; // submitted -> first start, used only with the count-queue option
    BucketArray bucketsNs {}; // attempts plus gaps; sums to windowEndNs - windowStartNs
    bool noCheckpointData = false;
    int64_t ttsNs = 0; // the first attempt's
    int failures = 0;
    int preemptions = 0;
    int otherInterruptions = 0;

    int64_t e2eNs() const { return windowEndNs - windowStartNs; }
    bool hasWindow() const { return !attempts.empty(); }
};

// Attributes one job exactly by spec 5.1-5.4. With keepSegments, each attempt's segments are
// filled (needed for time-range clipping and timelines). Pure; safe from any thread.
JobResult attributeJob(const JobInput& job, bool keepSegments = true);

// Attributes one attempt's window [startNs, endNs): phases by priority, recovery after the
// fault, lost progress in [lostFromNs, f) when given. Pure. Used by attributeJob().
AttemptResult attributeAttempt(const AttemptInput& attempt, std::optional<int64_t> lostFromNs, bool keepSegments);

// Spec 5.3: where lost progress of an interrupted attempt starts: max(s, attempt start), s being
// the latest checkpoint start of the job durable by f. nullopt when the job has no checkpoint
// records at all (lost progress unknown, flagged no_checkpoint_data).
std::optional<int64_t> lostProgressStart(
    const std::vector<CheckpointMark>& checkpoints, int64_t attemptStartNs, int64_t faultNs);

// Calls fn(startNs, endNs, bucket, gpus) for every segment of the job's window in time order:
// the queue before the first attempt (only when countQueue), each attempt's segments, and the
// recovery gaps between attempts. Requires segments kept by attributeJob().
template <typename Fn> void forEachJobSegment(const JobResult& job, int64_t jobGpus, bool countQueue, Fn&& fn)
{
    if (job.attempts.empty()) {
        return;
    }
    if (countQueue && job.queueBeforeNs > 0) {
        fn(job.windowStartNs - job.queueBeforeNs, job.windowStartNs, Bucket::Queue, jobGpus);
    }
    for (size_t i = 0; i < job.attempts.size(); ++i) {
        const auto& a = job.attempts[i];
        for (const auto& s : a.segments) {
            fn(s.startNs, s.endNs, s.bucket, a.gpus);
        }
        if (a.gapAfterNs > 0) {
            fn(a.endNs, a.endNs + a.gapAfterNs, Bucket::Recovery, jobGpus);
        }
    }
}

} // namespace ett::core
