// The columnar copy's roll-ups over all time (table column_rollups, core/store/column_store.h): per
// chunk, per label of its jobs, and per way of grouping them (the whole, or each attribute key its
// jobs have), each group's figures as the engine rolls them up, with its sample lists sorted. A
// summary over all time of every job or of one label, whole or by an attribute, is then the sum of a
// few rows and the ranks searched in the sorted samples, without loading the fleet.
//
// They are rebuilt with their chunk, in the same transaction, from the fleet the chunk is built from
// (loadStoredFleet over the rows), by the builder the service layer installs (the engine computes
// them: core does not know it). Where no builder is installed, a rebuilt chunk has no roll-ups, and a
// summary reads the fleet instead; it does the same for a chunk of another format, a chunk still
// listed dirty, and a grouping with more groups than a quarter of the chunk's jobs (not rolled up).
//
// A row: its chunk, label id, key, count of groups (-1: not rolled up), count of sample values, size
// before compression and bytes. Before compression (zstd): a varint count of groups; per group its
// name (a varint length and the bytes); six varints (jobs, attempts, failures, preemptions, other
// interruptions, jobs without checkpoint data); 35 wide sums, each a zigzag varint of its high 64
// bits and a varint of its low 64 bits (E2E, GPU-weighted E2E, the 13 buckets, the 13 GPU-weighted
// buckets, the queue before the first attempt and GPU-weighted, which count only when queue counts
// (spec 5.6), and the five sample lists' sums); per sample list (Time to Start, Time to Recover,
// detect, restart, start-up) a varint count and a varint size of its values. Then every group's
// lists' values in that order, each sorted and encoded as a column of differences
// (core/store/column_codec.h: fixed-width integers, decoded without a branch a value).
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

class Database;
struct StoredFleet;

// One group of a chunk's roll-up: its figures over all time without the queue (the sample lists
// held, in any order), and what counting the queue adds to E2E and to the queue bucket.
struct ChunkRollupGroup
{
    std::string name;
    Figures figures;
    Wide queueNs = 0;
    Wide queueGpuNs = 0;
};

// The groups of one label's jobs of a chunk by one key ("": all of them as one group named ""),
// sorted by name. `rolled` false: more groups than are worth keeping (nothing kept; a summary by
// that key reads the fleet).
struct ChunkRollup
{
    int64_t labelId = 0;
    std::string key;
    bool rolled = true;
    std::vector<ChunkRollupGroup> groups;
};

// Builds a chunk's roll-ups from its fleet, as the row loader read it (the chunk's job-id range;
// labelIdOf maps its label codes to the labels' row ids). An empty list keeps none for the chunk.
using ChunkRollupBuilder
    = std::function<Result<std::vector<ChunkRollup>>(StoredFleet&& chunk, const std::vector<int64_t>& labelIdOf)>;
// Installs the builder every later rebuild of a chunk uses, process-wide (none at first).
void setChunkRollupBuilder(ChunkRollupBuilder builder);
// Whether one is installed.
bool hasChunkRollupBuilder();

// The table, for a database that lacks it.
extern const char* const kChunkRollupsTableSql;
// Whether the database has the table.
Result<bool> hasChunkRollups(Database& db);
// Builds chunk `chunk`'s roll-ups with the installed builder (none without one) and writes them, in
// the caller's transaction; the chunk's old rows must be gone. Error: the builder's or the store's.
Status writeChunkRollups(Database& db, int64_t chunk, StoredFleet&& fleet, const std::vector<int64_t>& labelIdOf);

// The bytes of a row before compression. Error: a negative sample (the encoding holds none).
Result<std::string> encodeChunkRollup(const std::vector<ChunkRollupGroup>& groups);

// A sorted sample list of a decoded row: its count and its bytes (a column of differences,
// core/store/column_codec.h), pointing into the row's bytes.
struct SampleRun
{
    size_t count = 0;
    std::string_view encoded;
};
// Writes the run's values to out[0, count). Error: damage (a value out of range, out of order).
Status unpackSampleRun(const SampleRun& run, int64_t* out);

// One group of a decoded row: sums and counts in `figures` (no samples), its sorted lists.
struct PreRolledGroup
{
    std::string name;
    Figures figures;
    Wide queueNs = 0;
    Wide queueGpuNs = 0;
    std::array<Wide, kSampleLists> sampleSums {};
    std::array<SampleRun, kSampleLists> samples;
};
// The groups of a row's bytes (which must outlive them). Error: damage (a count or size beyond the
// bytes, a list whose header disagrees, bytes left over).
Result<std::vector<PreRolledGroup>> decodeChunkRollup(std::string_view raw);

// A summary over all time from the roll-ups: the whole and each group (by name) with their sample
// lists ranked (Figures::ranked), queue counted when asked.
struct PreRolledSummary
{
    Figures total;
    std::map<std::string, Figures> groups;
    int64_t chunks = 0; // rows read
};
// The summary of every job (labelId nullopt) or of one label's, grouped by `key` ("" none), from
// the roll-ups; nullopt when they cannot give it (no table, a chunk without its rows or still dirty
// or of another format, a grouping not rolled up, or a key no selected job has: the fleet says what
// is wrong). Error: the store's, or damage in a row (named by chunk, label and key).
Result<std::optional<PreRolledSummary>> readPreRolledSummary(
    Database& db, std::optional<int64_t> labelId, const std::string& key, bool countQueue);

} // namespace ett::core
