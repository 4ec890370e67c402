// The fleet roll-up (spec 5.5, whole windows) computed where the data is: one SQL query per
// grouping on the cluster, sums as Decimal128 (exact past 2^63; 18.16 has no Int128) and
// percentiles by nearest rank (NR_p(v) = -quantileExact(1 - p)(-v): quantileExact alone is not
// nearest rank). Only aggregates come back: one row per group.
//
// Design note: rows of a job live on one shard, so each shard joins its attempts with its own
// jobs table (the right side of the JOIN names the local table) and the initiator merges the
// partial aggregates. The attempt rows carry everything the whole-window figures need: buckets,
// the gap after (recovery, weighted by the job's GPUs), TTS on the first attempt, TTR and the
// interruption class.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ett::core::clickhouse {

class FleetStore;

// Figures whose percentiles were computed by the store: `figures` has no samples (ttsNs and
// ttrNs are empty); tts and ttr hold the nearest-rank values and the counts.
struct StoreFigures
{
    Figures figures;
    Percentiles tts;
    int64_t ttsCount = 0;
    Percentiles ttr;
    int64_t ttrCount = 0;
};

struct StoreRollup
{
    StoreFigures fleet;
    std::map<std::string, StoreFigures> groups; // by group name; "(none)": jobs without the attribute
};

// What a scope may name: the live labels and the attribute keys of their jobs, sorted.
struct StoreVocabulary
{
    std::vector<std::string> labels;
    std::vector<std::string> attrKeys;
};
Result<StoreVocabulary> storeVocabulary(FleetStore& store);

// The roll-up of the live jobs (of `label` when set), in total and per group of `groupBy`
// ("label" or an attribute key; nullopt: none). Whole windows only: no time range, queue before
// the first attempt not counted. The caller checks names against storeVocabulary(). Error: the
// server's, naming the shard that does not answer.
Result<StoreRollup> storeRollup(
    FleetStore& store, const std::optional<std::string>& label, const std::optional<std::string>& groupBy);

} // namespace ett::core::clickhouse
