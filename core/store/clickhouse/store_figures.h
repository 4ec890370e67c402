// Roll-ups and calendar series of a scope, computed in SQL on the fleet store's cluster with the
// local engine's accounting (gpu/engine.cpp, spec 5.5 and 5.6): the same clipping to a range,
// the same calendar split, the same counting of jobs, attempts, interruptions and samples, so that
// every figure equals the engine's to the nanosecond. Only aggregates come back: one row per
// group, calendar bucket and time bucket for the sums, one per group and calendar bucket for the
// counts (with the Time to Start and Time to Recover samples of that group).
//
// Design note: each query reads one Distributed table (segments or attempts) and joins, on each
// shard, the shard's own jobs (and attempts) named by their local tables: a job's rows live on one
// shard, so shards aggregate what they hold and the initiator merges partial sums. Sums are
// Decimal128 (exact past 2^63). Four queries make a roll-up: segment sums, recovery-gap sums, queue
// sums (when counted) and counts.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"
#include "core/store/cause_rules_store.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core::clickhouse {

class FleetStore;

// The jobs a store query covers and how it counts; names are not checked here (the caller checks
// them against the store's vocabulary).
struct StoreScope
{
    std::vector<std::string> labels; // any of these; empty: every live label
    std::vector<std::pair<std::string, std::vector<std::string>>> attrs; // key -> any of values ("(none)": lacks it)
    std::optional<int64_t> fromNs;
    std::optional<int64_t> toNs;
    int64_t minGpus = 0;
    int64_t maxGpus = std::numeric_limits<int64_t>::max();
    bool countQueue = false;
    std::vector<std::pair<uint64_t, uint32_t>> jobs; // only these (dataset id, job number); empty: all
    // Excluded windows (spec 7.4) in normal form (normalizeExcluded): their time leaves E2E and the
    // buckets and is summed per bucket in Figures::excludedNs, as the engine does.
    std::vector<TimeSpan> excluded;
};

enum class StoreGroupBy { None, Label, Attribute, Job, Attempt, CauseClass };

struct StoreGrouping
{
    StoreGroupBy by = StoreGroupBy::None;
    std::string attrKey; // for Attribute
};

// One group of a roll-up: its name as the engine names it, and for job and attempt groups which.
struct StoreGroup
{
    std::string name;
    uint64_t datasetId = 0; // Job, Attempt
    uint32_t jobNo = 0; // Job, Attempt
    uint32_t attemptIdx = 0; // Attempt: its index within the job, in start order
    Figures figures;
};

struct StoreGroupedFigures
{
    Figures total; // all groups together (a job in several attempt-level groups counts once)
    std::vector<StoreGroup> groups; // sorted by name; only groups with something counted
};

// The roll-up of `scope` grouped by `grouping`, as gpu::Engine::rollup computes it. Error: the
// server's, naming a shard that does not answer.
Result<StoreGroupedFigures> storeGroupedFigures(
    FleetStore& store, const StoreScope& scope, const StoreGrouping& grouping);

struct StoreSeries
{
    int64_t originNs = 0;
    int64_t widthNs = 0;
    std::vector<Figures> buckets;
};

// What a series of `scope` covers, as gpu::Engine::seriesSpan computes it: the scope's range where
// it has an end, else its jobs' windows; nullopt when that leaves nothing. Error: the server's.
Result<std::optional<TimeSpan>> storeSeriesSpan(FleetStore& store, const StoreScope& scope);

// The series of `scope` in buckets `widthNs` wide (> 0, else an Error), aligned to `alignNs`, as
// gpu::Engine::series computes it.
Result<StoreSeries> storeSeries(FleetStore& store, const StoreScope& scope, int64_t widthNs, int64_t alignNs);

// How storeRankedJobs orders jobs: most lost GPU time first, or lowest GPU-weighted ETT% first (a
// job with no E2E last), then most lost GPU time; ties by label, then key.
enum class JobRank { LostGpu, EttGpu };

// The first `limit` jobs of `scope` with an attempt that overlaps its range, ranked on the cluster
// by `rank` (only their ids come back). Lost GPU time is exact (Decimal128); ETT% is a Float64
// ratio there, so a caller that must order as the engine does asks for a few more and ranks their
// exact figures itself.
Result<std::vector<std::pair<uint64_t, uint32_t>>> storeRankedJobs(
    FleetStore& store, const StoreScope& scope, JobRank rank, int64_t limit);

// One interval of a bucket (app/service/bucket_intervals.h) as the store lists it: a segment of an
// attempt at the attempt's GPUs, or the recovery gap after an attempt (`gap`) or the queue before a
// job's first attempt (attempt -1) at the job's GPUs; clipped to the scope's range.
struct StoreInterval
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    int32_t attempt = -1; // the attempt's number
    bool gap = false;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 1;
};

// Most GPU time first, longest first, or earliest first; ties by label, job key, start, attempt.
enum class IntervalOrder { GpuTime, Duration, Start };

struct StoreIntervals
{
    int64_t count = 0; // every interval of the scope in the bucket
    Wide totalNs = 0;
    Wide totalGpuNs = 0;
    // The first `limit` of each source (segments, recovery gaps, queue) in the order asked for: the
    // caller merges them and keeps its first `limit`.
    std::vector<StoreInterval> rows;
};

// The intervals of `bucket` in `scope` (of attempt number `attempt` only, when given), clipped as
// storeGroupedFigures clips them, so that their durations add up to the roll-up's bucket time.
// `limit` <= 0: all. Error: the server's.
Result<StoreIntervals> storeBucketIntervals(FleetStore& store, const StoreScope& scope, Bucket bucket,
    std::optional<int32_t> attempt, IntervalOrder order, int64_t limit);

// The interruptions of the scope's jobs (labels, attributes, GPUs) whose fault instant lies in its
// range, as the causes table counts them (core/model/causes.h), in no particular order. The store
// holds each one's cause as pushed (the effective one of the database it came from): it is both
// the imported and the effective cause here, moved by no rule; the row ids are 0. Error: the
// server's.
Result<std::vector<StoredInterruption>> storeInterruptions(FleetStore& store, const StoreScope& scope);

// "(dataset_id, job_no) IN ((d, j), ...)": these jobs, on the columns every table has (not empty).
// Pure.
std::string jobListSql(const std::vector<std::pair<uint64_t, uint32_t>>& jobs);
// The SQL condition that selects the scope's jobs, on the columns of the jobs tables. Pure.
std::string jobFilterSql(const StoreScope& scope);
// The live datasets of the scope's labels: "dataset_id GLOBAL IN (...)". Pure.
std::string liveScopeSql(const std::string& database, const std::vector<std::string>& labels);

} // namespace ett::core::clickhouse
