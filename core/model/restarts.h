// What every restart of a job costs: one row per attempt (attempt 0 is the baseline start, every later
// one a restart) with how the previous attempt ended, the split of its recovery (spec 7.1), the
// lost progress its interruption cost (spec 5.3) and this attempt's start-up by stage, compared
// with the first attempt's.
//
// How a stage's time is measured (exact int64 ns, from the attributed segments):
// - The start-up window of an attempt is [start, t): t is its first instant attributed to
//   productive or lost progress, or its end when it never trains; its length is the attempt's
//   Time to Start (spec 5.4).
// - A category stage (queue, setup, init, checkpoint_load, compile) is the time of that bucket
//   inside the window; `idle` is the idle bucket, `other` whatever else the window holds
//   (recovery after a fault, stall, eval, checkpoint_save, shutdown). Buckets, not phase unions,
//   because every instant has exactly one bucket: the category stages, idle and other add up to the
//   start-up exactly, and init overlapped by a higher-priority setup or checkpoint load is counted
//   once, where the accounting puts it.
// - A sub-stage (`init.process_group_init`, `setup.container`, `compile.pt2`, ...: every
//   subcategory the job's phases of a stage category record) is the part of its category's bucket
//   inside the window that phases of that subcategory cover, of any rank (the attempt-level union
//   over ranks, spec 4). Sub-stages may run at once (ranks in different sub-stages), so they need not
//   add up to their category; the part of the category no sub-stage covers is not listed.
// - Compile tags (compile_tags.h): per tag, the part of the compile bucket inside the window that
//   compile phases with that tag cover; `untagged` is the compile time no tagged phase covers.
//
// Growth: a stage grew at an attempt when its time exceeds the first attempt's by at least
// kGrowthMinNs and by at least kGrowthMinPercent percent of the first attempt's time (both, so
// that neither noise on a long stage nor a second added to a short one is flagged). A compile
// sub-stage named by its tag (compile.pt2.warm) never grows: the tag says which compile it was,
// so attempts are compared on the compile stage instead (a warm compile that a cold one
// preceded did not grow from nothing).
#pragma once

#include "core/model/compile_tags.h"
#include "core/model/job_timeline.h"
#include "core/model/result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

inline constexpr int64_t kGrowthMinNs = 1'000'000'000; // 1 s
inline constexpr int64_t kGrowthMinPercent = 10;

// True when `valueNs` grew from `baseNs` by the rule above. Exact (wide integers).
bool stageGrew(int64_t baseNs, int64_t valueNs);

// A column of the restarts table.
struct RestartStage
{
    // "queue", "setup", "init", "init.process_group_init", "checkpoint_load", "compile",
    // "compile.pt2", ..., "idle", "other".
    std::string name;
    // The category whose bucket it measures; nullopt for idle and other.
    std::optional<Category> category;
    bool substage = false; // a subcategory of `category`
};

struct RestartRow
{
    int32_t attempt = 0; // the attempt's number
    int64_t startNs = 0;
    int64_t endNs = 0;
    Outcome outcome = Outcome::Completed;
    std::string cause;

    // The previous attempt (by start), absent for the first row.
    std::optional<int32_t> previousAttempt;
    Outcome previousOutcome = Outcome::Completed;
    Interruption previousInterruption = Interruption::None;
    std::string previousCause;
    // The split of the previous attempt's Time to Recover (spec 7.1): detect, restart, and start-up
    // through as many attempts as it takes. nullopt when it has none (not interrupted, or the job
    // never trained again).
    std::optional<TtrSplit> recovery;
    std::optional<int64_t> recoveryNs; // that Time to Recover
    std::optional<int64_t> gapBeforeNs; // this start - the previous end (always given after the first)
    std::optional<int64_t> lostProgressNs; // the previous attempt's lost_progress bucket (0 if none)

    // This attempt's start-up: [startNs, startNs + startupNs), equal to its Time to Start.
    int64_t startupNs = 0;
    bool trained = false; // false: it never trains, the window runs to its end
    std::vector<int64_t> stageNs; // per JobRestarts::stages
    std::vector<int64_t> changeNs; // stageNs minus the first row's
    std::vector<uint8_t> grew; // stageGrew(first row's, this row's), per stage
    std::array<int64_t, kCompileTagCount> compileTagNs {}; // by CompileTag

    // The tags with compile time in the window, in CompileTag order, joined with '+' ("cold",
    // "warm", "cold+untagged"); "" when the window holds no compile time.
    std::string compileTagText() const;
};

// Per stage, the comparison of its times across attempts.
struct StageTrend
{
    int64_t firstNs = 0; // the first attempt's
    int64_t lastNs = 0; // the last attempt's
    int64_t maxNs = 0;
    int32_t grownAttempts = 0; // rows (after the first) where it grew
    // Never shrinking from one attempt to the next, and the last grew from the first.
    bool growing = false;
};

struct JobRestarts
{
    std::string label;
    std::string key;
    std::string name;
    bool noCheckpointData = false; // lost progress unknown (counted as 0), spec 5.3
    std::vector<RestartStage> stages; // categories in bucket order, each followed by its sub-stages
    std::vector<RestartRow> rows; // one per attempt, by start
    std::vector<StageTrend> trends; // per stage
};

// The restarts of a job from its timeline: attempts with their results and segments (as
// core/store/timeline.h reads them) and their phases. Pure. Error: an attempt whose segments do not
// cover its window (a timeline read without them), naming it.
Result<JobRestarts> restartsOf(const JobTimeline& timeline);

} // namespace ett::core
