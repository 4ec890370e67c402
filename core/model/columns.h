// A fleet as columns (structure of arrays): what the aggregation engine in gpu/ is loaded with.
// Times are int64 nanoseconds, categories and attribute values are dictionary codes, and the
// one-to-many relations are CSR offsets (the attempts of job j are attempts
// [jobAttemptBegin[j], jobAttemptBegin[j + 1]), sorted by start; likewise phases per attempt and
// checkpoints per job). Plain data with no dependency: the store fills it from SQLite, tests and
// the device check fill it from the generator.
#pragma once

#include "core/model/accounting.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace ett::core {

// A time that is not there (no submission, no training instant...).
inline constexpr int64_t kNoTime = std::numeric_limits<int64_t>::min();

struct FleetColumns
{
    // Dictionaries.
    std::vector<std::string> labels; // label code -> name
    std::vector<std::string> attrKeys; // attribute key code -> name
    std::vector<std::vector<std::string>> attrValues; // per key code: value code -> text
    std::vector<uint8_t> kindCategory; // phase kind code -> Category
    std::vector<std::string> kindSubcategory; // phase kind code -> subcategory ("" when none)
    std::vector<std::string> causeClasses; // cause class code -> first cause segment ("" = none)

    // Jobs.
    std::vector<std::string> jobKey;
    std::vector<std::string> jobName; // may be empty (then names are unknown)
    std::vector<int64_t> jobRowId; // the store's jobs.id; empty for fleets not from a store
    std::vector<int32_t> jobLabel;
    std::vector<int64_t> jobGpus;
    std::vector<int64_t> jobSubmittedNs; // kNoTime when absent
    std::vector<int32_t> jobAttr; // jobs x attrKeys, row-major; -1 when the job lacks the key
    std::vector<int64_t> jobAttemptBegin; // size jobs + 1
    std::vector<int64_t> jobCheckpointBegin; // size jobs + 1

    // Attempts (grouped by job, sorted by start within a job).
    std::vector<int32_t> attemptJob;
    std::vector<int32_t> attemptNumber;
    std::vector<int64_t> attemptStartNs;
    std::vector<int64_t> attemptEndNs;
    std::vector<int64_t> attemptGpus; // effective: the attempt's own count or the job's
    std::vector<uint8_t> attemptOutcome; // Outcome
    std::vector<uint8_t> attemptInterruption; // Interruption
    std::vector<int64_t> attemptFaultNs; // interrupted_at (or end); read only when interrupted
    std::vector<int32_t> attemptCauseClass; // into causeClasses
    std::vector<int64_t> attemptPhaseBegin; // size attempts + 1

    // Phases (grouped by attempt, any order within an attempt; clipped to the attempt).
    std::vector<int64_t> phaseStartNs;
    std::vector<int64_t> phaseEndNs;
    std::vector<int32_t> phaseKind; // into kindCategory / kindSubcategory
    std::vector<int32_t> phaseRank; // -1: the whole attempt

    // Checkpoints (grouped by job).
    std::vector<int64_t> checkpointStartNs;
    std::vector<int64_t> checkpointDurableNs;
    std::vector<uint8_t> checkpointFailed;
    // False for a lean load: jobCheckpointBegin still counts each job's checkpoints (roll-ups count
    // the jobs without any), but the three columns above are empty. What reads checkpoints (advice,
    // what-if, attribution) needs a full load.
    bool checkpointsLoaded = true;

    size_t jobs() const { return jobGpus.size(); }
    size_t attempts() const { return attemptJob.size(); }
    size_t phases() const { return phaseStartNs.size(); }
    size_t checkpoints() const { return checkpointStartNs.size(); }
    int32_t attr(size_t job, size_t key) const { return jobAttr[job * attrKeys.size() + key]; }

    // The accounting input of one job, exactly as the reference expects it.
    JobInput jobInput(size_t job) const;

    // Checks the invariants above (sizes, CSR monotone, codes in range, attempts sorted and not
    // overlapping); an empty string when they hold, else what is wrong.
    std::string validate() const;
};

// Phases turned into segments, one bucket each (spec 5), plus the per-attempt figures: what the
// engine's attribution produces and what the store keeps in its derived tables.
struct Attribution
{
    std::vector<int64_t> attemptBucketsNs; // attempts x kBucketCount, row-major
    std::vector<int64_t> attemptTtsNs;
    std::vector<int64_t> attemptFirstTrainNs; // kNoTime when the attempt never trains
    std::vector<int64_t> attemptTtrNs; // kNoTime when undefined
    std::vector<int64_t> attemptGapAfterNs;
    std::vector<int64_t> attemptSegmentBegin; // attempts + 1
    std::vector<int64_t> segmentStartNs;
    std::vector<int64_t> segmentEndNs;
    std::vector<uint8_t> segmentBucket; // Bucket
    // False for a lean load (the store's columnar copy without its segments): attemptSegmentBegin
    // is all 0 and there are no segments. Roll-ups over all time need only attemptBucketsNs (the
    // sum of the attempt's segments per bucket); anything clipped or calendared needs the segments.
    bool segmentsLoaded = true;
    int64_t segmentsLeftOut = 0; // how many segments a lean load did not read

    size_t segments() const { return segmentBucket.size(); }
    // The attempts' segments, read or not.
    int64_t segmentCount() const { return static_cast<int64_t>(segments()) + segmentsLeftOut; }
};

// Builds columns from jobs given as accounting inputs plus their keys, labels, attributes.
class FleetColumnsBuilder
{
public:
    // Adds a job; attempts in any order (they are sorted), phases must lie in their attempt.
    void addJob(const std::string& key, const std::string& label, const JobInput& job,
        const std::vector<std::pair<std::string, std::string>>& attrs, const std::vector<std::string>& attemptCauses,
        const std::vector<std::vector<std::string>>& phaseSubcategories, const std::string& name = {});
    // Simpler: no attributes, causes or subcategories.
    void addJob(const std::string& key, const std::string& label, const JobInput& job);

    FleetColumns finish();

private:
    int32_t code(std::vector<std::string>& dict, const std::string& text);
    int32_t kindCode(Category c, const std::string& sub);

    FleetColumns m_cols;
    std::vector<std::vector<std::pair<int32_t, int32_t>>> m_attrs; // per job: key code, value code
};

} // namespace ett::core
