// What the fleet store source reads of a scope beside its figures, as plain rows: the phases'
// durations per kind (sorted on the cluster) for a comparison's distributions, and each job's
// attempts, saves and durable checkpoints for checkpoint advice (core::measureCheckpoints' input).
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"
#include "core/store/clickhouse/store_figures.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::core::clickhouse {

class FleetStore;

// The durations (end - start, ns, ascending) of one phase kind of a scope's phases that start in
// its range [fromNs, toNs).
struct StorePhaseKindDurations
{
    uint8_t category = 0; // a Category, checked < kCategoryCount
    std::string subcategory; // "" when none
    std::vector<int64_t> sortedNs;
};

// Per phase kind, by category then subcategory. Error: the server's, or a row it cut short.
Result<std::vector<StorePhaseKindDurations>> storePhaseDurations(FleetStore& store, const StoreScope& scope);

// The count and nearest-rank p50, p90 and p99 of one list of those durations: a phase kind's, or
// with `wholeCategory` every kind of the category together.
struct StorePhaseKindPercentiles
{
    uint8_t category = 0; // a Category, checked < kCategoryCount
    std::string subcategory; // "" when none, and for a whole category
    bool wholeCategory = false;
    int64_t count = 0;
    Percentiles percentiles;
};

// Per phase kind and per category, computed on the cluster (only these rows travel: the client's
// memory does not grow with the phases), in no particular order. Error: as storePhaseDurations().
Result<std::vector<StorePhaseKindPercentiles>> storePhaseDurationPercentiles(
    FleetStore& store, const StoreScope& scope);

// Per phase kind and per category (as storePhaseDurationPercentiles()), the durations sorted and
// thinned on the cluster to at most `maxSamples` evenly ranked values (the element at 0-based
// rank i (N - 1) / (maxSamples - 1) for each i; all of them when N <= maxSamples), in
// StorePhaseKindDurations::sortedNs. Error: as storePhaseDurations(), or maxSamples < 2.
struct StoreThinnedDurations
{
    StorePhaseKindDurations kind;
    bool wholeCategory = false;
};
Result<std::vector<StoreThinnedDurations>> storeThinnedPhaseDurations(
    FleetStore& store, const StoreScope& scope, int64_t maxSamples);

// One attempt of a scope's job as checkpoint advice reads it.
struct StoreAdviceAttempt
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gpus = 0; // the attempt's
    int64_t jobGpus = 0;
    int64_t gapAfterNs = 0;
    bool interrupted = false; // failed or preempted
    int64_t faultNs = 0;
    std::optional<int64_t> firstTrainNs; // nullopt: it never trained
    int64_t productiveNs = 0;
    int64_t lostProgressNs = 0;
    int64_t checkpointSaveNs = 0;
    bool hasCheckpoints = false; // the job's
};

// A time of one job: a save's length, or a durable checkpoint's start.
struct StoreJobTime
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    int64_t ns = 0;
};

struct StoreAdviceRows
{
    std::vector<StoreAdviceAttempt> attempts;
    std::vector<StoreJobTime> savesNs; // checkpoint_save segments' lengths
    std::vector<StoreJobTime> durableStartsNs; // starts of the checkpoints that did not fail
};

// The rows of the scope's jobs (labels, attributes, GPUs; whole jobs: its range is not applied),
// in no particular order. Error: the server's, or a row it cut short.
Result<StoreAdviceRows> storeAdviceRows(FleetStore& store, const StoreScope& scope);

} // namespace ett::core::clickhouse
