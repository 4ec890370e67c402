// Pushing a fleet into a fleet store: a local database's labels, each as one dataset, streamed in
// slices of jobs.
//
// Design note: a push is all or nothing as queries see it, though ClickHouse inserts are not
// atomic. 1) A `pending` row names a fresh dataset id; 2) every row goes, tagged with that id,
// in RowBinary batches of at most 1,048,576 rows (one insert block each), straight to the local
// tables of the shard its job hashes to, shards in parallel; 3) the rows are counted back
// through the cluster; 4) one `committed` row makes the dataset live (store_schema.h). A push
// stopped anywhere before 4 leaves rows that no query counts; the next push of the label drops
// them. Same content under the same label: nothing is sent.
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/columns_loader.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {
class Database;
}

namespace ett::core::clickhouse {

inline constexpr size_t kMaxBatchRows = 1'048'576;

// A batch a shard accepted.
struct BatchSent
{
    size_t shard = 0; // index into the store's shards
    std::string table; // "segments", ...
    int64_t rows = 0;
};

struct PushOptions
{
    bool replace = false; // a label holding other content is replaced (else an Error)
    size_t batchRows = kMaxBatchRows; // at most kMaxBatchRows
    // Called after each batch a shard accepted, from that shard's thread; an Error stops the push
    // (nothing is committed). For progress, and for tests that stop a push midway.
    std::function<Status(const BatchSent&)> afterBatch;
    // A label is read from the database and sent in slices of this many jobs (its memory).
    size_t jobsPerSlice = 4'096;
    // Called after each slice the shards took, with the label's jobs sent so far and in all (for
    // progress).
    std::function<void(const std::string& label, int64_t jobsSent, int64_t jobsTotal)> afterSlice;
};

struct PushReport
{
    std::string label;
    std::string contentHash;
    bool unchanged = false; // the store already held this content under this label: nothing sent
    bool replaced = false; // the label held other content, now replaced
    uint64_t datasetId = 0;
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;
    int64_t rankHosts = 0;
    int64_t rows = 0; // all tables
    std::vector<uint64_t> dropped; // unfinished or replaced datasets whose rows were dropped
    double seconds = 0;
};

// What a job's timeline shows beyond the engine's columns, aligned with them: per attempt its
// effective cause (core/store/cause_rules_store.h), symptom, detail and its ranks' hosts; per
// checkpoint the attempt it was written in and its step.
struct FleetTexts
{
    std::vector<std::string> attemptCause;
    std::vector<std::string> attemptSymptom;
    std::vector<std::string> attemptDetail;
    std::vector<int32_t> checkpointAttempt;
    std::vector<std::optional<int64_t>> checkpointStep;
    // Per attempt, the hosts of its ranks (rank_hosts), by rank.
    std::vector<std::vector<std::pair<int32_t, std::string>>> attemptHosts;
};

// Reads the texts of `fleet`, loaded from `db` with `query` (loadStoredFleet). Error: the
// database's, or rows that do not match the fleet's (the database changed in between).
Result<FleetTexts> loadFleetTexts(Database& db, const StoredFleet& fleet, const ColumnsQuery& query);

// The content of a label of a local database as a store of `storeVersion` holds it: SHA-256 over
// its files' SHA-256 (sorted), the accounting version and (from version 3) the store's version. The
// same files pushed to an older store have another hash: a push sends them again, replacing the
// older rows without --replace. Error: no such label, or the database's.
Result<std::string> labelContentHash(Database& db, const std::string& label, int storeVersion = kStoreSchemaVersion);

// Pushes the labels of a local database (all, or `label`), one dataset each, in label order, each
// read and sent in slices of jobs (PushOptions::jobsPerSlice), so that memory does not grow with
// the label. Stops at the first error (labels pushed before it stay pushed).
Result<std::vector<PushReport>> pushDatabase(FleetStore& store, Database& db, const std::optional<std::string>& label,
    const std::string& source, const PushOptions& options = {});

} // namespace ett::core::clickhouse
