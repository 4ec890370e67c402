// From a bucket to its intervals (issue 17, item 6): the segments of a scope attributed to one
// bucket (spec 5), each with its job, attempt, start, end and GPUs, clipped to the scope's range as
// the roll-up clips them, so that their durations add up to the bucket's time in the roll-up to
// the nanosecond. A scope of a fleet holds millions of them: a collector keeps only the first
// `limit` in the order asked for and counts the rest.
#pragma once

#include "app/service/results.h"
#include "core/model/accounting.h"
#include "core/model/compare.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

// The order intervals are listed in: most GPU time first, longest first, or earliest first; ties by
// label, key, start, then attempt.
enum class IntervalSort { GpuTime, Duration, Start };

// A bucket by its spec name ("lost_progress"). Error: another name, listing the valid ones.
core::Result<core::Bucket> parseBucketName(const std::string& name);

// "gpu_hours", "duration", "start".
const char* intervalSortName(IntervalSort sort);
// Error: another name, listing the valid ones.
core::Result<IntervalSort> parseIntervalSort(const std::string& name);

struct BucketInterval
{
    JobIndex job = -1;
    std::string label;
    std::string key;
    int32_t attempt = -1; // the attempt it belongs to (for a recovery gap, the one before it); -1: queue
    bool gap = false; // the recovery gap after the attempt, not a segment inside it
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 1;

    int64_t durationNs() const { return endNs - startNs; }
    core::Wide gpuNs() const { return static_cast<core::Wide>(endNs - startNs) * gpus; }
};

struct BucketIntervals
{
    core::Bucket bucket = core::Bucket::Productive;
    IntervalSort sort = IntervalSort::GpuTime;
    int64_t count = 0; // every interval of the scope, listed or not
    core::Wide totalNs = 0; // their durations together: the roll-up's time in the bucket
    core::Wide totalGpuNs = 0;
    std::vector<BucketInterval> rows; // the first `limit` in `sort` order

    bool truncated() const { return count > static_cast<int64_t>(rows.size()); }
};

// What to list: the intervals of `bucket` in the scope (only `job`'s, and of that only `attempt`'s
// when given: its segments and the recovery gap after it).
struct IntervalRequest
{
    core::CohortSpec scope;
    std::optional<JobIndex> job;
    std::optional<int32_t> attempt; // an attempt number of `job`
    core::Bucket bucket = core::Bucket::Productive;
    IntervalSort sort = IntervalSort::GpuTime;
    int64_t limit = 1000; // <= 0: all
};

// Keeps the first `limit` intervals in the order of `sort` (all when limit <= 0), counting and
// summing every one added. Memory: the intervals kept.
class IntervalCollector
{
public:
    IntervalCollector(core::Bucket bucket, IntervalSort sort, int64_t limit);

    // Intervals of zero length are ignored.
    void add(BucketInterval interval);
    // The result, rows sorted.
    BucketIntervals finish();

private:
    bool before(const BucketInterval& a, const BucketInterval& b) const;

    BucketIntervals m_out;
    int64_t m_limit;
    std::vector<BucketInterval> m_heap; // the worst kept on top while full
};

} // namespace ett::app
