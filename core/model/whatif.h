// What-if projections: scale or replace a bucket, a phase subcategory, the
// interruptions of a class, or the checkpoint interval, for a cohort of jobs, and project the
// cohort's figures and ETT% with the bridge from today.
//
// The projection works on each attempt's exact bucket totals (the engine's attribution): the
// training work (productive time) is kept, and the time a change removes (or adds) is removed from
// (or added to) the jobs' windows. Changes apply in the order given, each to the result of the
// ones before it. Whole jobs: a cohort's time range selects the jobs that overlap it, their
// figures are not clipped. All time sums are exact integers; scaled values are rounded to the
// nearest nanosecond per attempt.
//
// Pure computation: gpu/whatif.h builds the model on the engine, core/store/scenarios.h keeps
// scenarios in the database.
#pragma once

#include "core/model/advisor.h"
#include "core/model/columns.h"
#include "core/model/result.h"
#include "core/model/rollup.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

enum class WhatIfTarget : uint8_t {
    Bucket, // a bucket's time in every attempt (recovery: also the gaps between attempts)
    Phase, // the time of a bucket during which phases of one category.subcategory are active
    Interruptions, // the time the interruptions of a class cost
    CheckpointInterval, // the interval between checkpoints
};

enum class InterruptionClass : uint8_t { Failures, Preemptions, All };

struct WhatIfChange
{
    WhatIfTarget target = WhatIfTarget::Bucket;
    Bucket bucket = Bucket::Compile; // Bucket
    Category category = Category::Init; // Phase
    std::string subcategory; // Phase; not empty
    InterruptionClass interruptions = InterruptionClass::Failures; // Interruptions
    // Bucket, Phase, Interruptions: the factor (>= 0; 0.6 is "-40%"). CheckpointInterval: the
    // factor on each job's measured interval (> 0). At most kMaxWhatIfScale.
    std::optional<double> scale;
    // Bucket, Phase: the seconds each attempt that has any of it spends in it instead (recovery:
    // the attempt's own recovery and the gap after it together, split in their present proportion).
    // CheckpointInterval: the interval in seconds for every job (> 0). At most kMaxWhatIfSetS.
    std::optional<double> setS;
    bool optimal = false; // CheckpointInterval: each job's Young optimum (its own b and M)

    // "compile x0.6", "init.process_group_init = 30 s", "failures x0.7",
    // "checkpoint interval = optimum"
    std::string text() const;
};

struct Scenario
{
    std::string name; // not empty; the key under which it is saved
    std::string cohort; // a cohort spec (core/model/compare.h); empty: every job
    std::vector<WhatIfChange> changes;
};

// Bounds that keep every scaled per-attempt value an exact int64 nanosecond count.
inline constexpr double kMaxWhatIfScale = 100.0;
inline constexpr double kMaxWhatIfSetS = 1e8; // about three years

// Checks a change's fields (one of scale / setS / optimal as its target allows; finite,
// non-negative values within the bounds; a subcategory for Phase; not the productive bucket nor
// train or background phases). `what` names it in the message, followed by the field as a
// scenario's JSON names it: "changes[2].scale: expected a number >= 0 and <= 100 (got -1)".
Status checkChange(const WhatIfChange& change, const std::string& what);

// True when a change needs the phases themselves (a Phase change), not only their attribution:
// the engine must then be loaded with phases.
bool needsPhases(const std::vector<WhatIfChange>& changes);

// What one change did.
struct WhatIfStep
{
    std::string change; // WhatIfChange::text()
    // Time removed from the cohort's buckets (negative: added), time- and GPU-weighted.
    std::array<Wide, kBucketCount> savedNs {};
    std::array<Wide, kBucketCount> savedGpuNs {};
    Wide totalSavedNs = 0;
    Wide totalSavedGpuNs = 0;
    int64_t attemptsChanged = 0; // attempts (or jobs, for the interval) whose time changed
    int64_t jobsNotApplicable = 0; // CheckpointInterval: jobs without a measured interval, b or M
    // The step of the bridge, in 1e-12 pp (core/model/compare.h kPicoPercent): positive when
    // the projected ETT% rises. today + the steps == projected, exactly.
    int64_t pico = 0; // GPU-weighted
    int64_t picoTime = 0;
};

struct WhatIfResult
{
    int64_t jobs = 0;
    int64_t attempts = 0;
    Figures today; // the cohort's whole jobs (no queue, no clipping), as the engine's roll-up
    std::array<Wide, kBucketCount> projectedBucketsNs {};
    std::array<Wide, kBucketCount> projectedBucketsGpuNs {};
    Wide projectedE2eNs = 0;
    Wide projectedE2eGpuNs = 0;
    int64_t projectedFailures = 0; // today's scaled by the interruption changes, rounded
    int64_t projectedPreemptions = 0;
    // ETT% today and projected, in 1e-12 pp, rounded to nearest; absent without E2E.
    std::optional<int64_t> todayPico, projectedPico; // GPU-weighted
    std::optional<int64_t> todayPicoTime, projectedPicoTime;
    std::vector<WhatIfStep> steps; // one per change, in order

    std::optional<double> todayPercent() const;
    std::optional<double> projectedPercent() const;
};

// The cohort's attempts, ready for projections. Built once (by gpu/whatif.h from the engine's
// attribution); each projection is then linear in the attempts (plus, for a Phase change, a sweep
// over that subcategory's phases, cached).
class WhatIfModel
{
public:
    WhatIfModel() = default;
    // `columns` and `attribution` must outlive the model (the engine keeps them); `jobs` are the
    // cohort's job indices; `samples` their measured checkpoint inputs (for the interval change,
    // measured with the same windows). With excluded windows (spec 7.4, any order) the model holds
    // only the time outside them: today's figures are the roll-up's with those windows (the time
    // taken out in Figures::excludedNs) and a change scales or replaces what is left.
    WhatIfModel(const FleetColumns& columns, const Attribution& attribution, std::vector<int32_t> jobs,
        std::vector<JobCheckpointSample> samples, const std::vector<TimeSpan>& excluded = {});

    // Projects the changes. An invalid change (checkChange) is an Error naming it by position
    // ("changes[1].scale: ..."), as is a projection that moves E2E so far (tens of thousands of
    // times) that a bridge step no longer fits 64 bits of 1e-12 pp. Not safe to call from two
    // threads at once on one model (it fills the phase cache).
    Result<WhatIfResult> project(const std::vector<WhatIfChange>& changes) const;

    int64_t jobs() const { return static_cast<int64_t>(m_jobs.size()); }

private:
    // One projection's state, and its steps (whatif.cpp).
    struct Projection;
    size_t attemptIndex(const Projection& p, size_t job, size_t k) const;
    int64_t original(const Projection& p, size_t job, size_t k, size_t b) const;
    void measureToday(Projection& p, Figures& today) const;
    void applyBucket(Projection& p, const WhatIfChange& change, WhatIfStep& step) const;
    void applyPhase(Projection& p, const WhatIfChange& change, WhatIfStep& step) const;
    void applyInterruptions(Projection& p, const WhatIfChange& change, WhatIfStep& step) const;
    void applyInterval(Projection& p, const WhatIfChange& change, WhatIfStep& step) const;

    const FleetColumns* m_columns = nullptr;
    const Attribution* m_attribution = nullptr;
    std::vector<int32_t> m_jobs;
    std::vector<JobCheckpointSample> m_samples;
    std::vector<TimeSpan> m_excluded; // normal form; empty: nothing excluded
    // With excluded windows, per attempt of the cohort (in job order): its buckets' time outside
    // them (attempts x kBucketCount), its window's and the gap's after it.
    std::vector<int64_t> m_keptBuckets;
    std::vector<int64_t> m_keptLengths;
    std::vector<int64_t> m_keptGaps;
    // Per job of the cohort (in order), what the interval change reads of its sample: the median
    // interval, the median blocking time of a save, the mean time between interruptions.
    struct IntervalInputs
    {
        std::optional<int64_t> intervalNs;
        std::optional<int64_t> blockingNs;
        std::optional<double> mtbiS;
    };
    std::vector<IntervalInputs> m_intervalInputs;
    // Per attempt of the cohort (in job order): the time of each phase subcategory inside its
    // bucket, computed on first use. Key: "category.subcategory".
    mutable std::map<std::string, std::vector<int64_t>> m_phaseTime;
};

// A scenario as the document keeps it (core/store/scenarios.h).
struct SavedScenario
{
    Scenario scenario;
    std::string savedAt; // RFC 3339 UTC
};

} // namespace ett::core
