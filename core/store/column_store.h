// The columnar copy of what the engine loads on open (issue 19): jobs, attributes, attempts with
// their attribution (figures and segments) and checkpoints, kept in the database itself beside the
// rows, one chunk per 4,096 job ids, one zstd-compressed blob per column of a chunk.
//
// The rows stay the truth; the copy is derived from them by the row loader itself
// (loadStoredFleet with Storage::Rows over a chunk's job-id range), so the two give equal fleets.
// Triggers on every table the copy is made of list the chunks a write touches in `column_dirty`;
// every write transaction (inTransaction) rebuilds the chunks listed before it commits, so an import
// stays one transaction and a reader never sees a stale chunk. A chunk still listed (a write made
// outside the workbench, with the sqlite3 shell) is read from the rows instead.
//
// Tables (schema version 5):
//   column_chunks(chunk, format, jobs, attempts, segments, checkpoints, labels, first_start_ns,
//                 last_end_ns): one row per chunk; `labels` lists the label ids of its jobs
//                 (" 1 4 "), so that a query for one label reads only the chunks holding it.
//   column_data(chunk, name, raw_bytes, data): one row per column of a chunk; `data` is a zstd
//                 frame of the column encoded as below, `raw_bytes` its size before compression.
//   column_dirty(chunk): the chunks to rebuild.
//   column_rollups(chunk, label, key, groups, samples, raw_bytes, data): per chunk, label and grouping,
//                 the groups' figures over all time (core/store/chunk_rollups.h), rebuilt with the
//                 chunk where the service layer installed their builder. Added after version 5 was
//                 released, like column_phase_durations.
//   column_phase_durations(chunk, phases, raw_bytes, data): the chunk's phase durations per kind,
//                 sorted (core/store/phase_samples_store.h), rebuilt with the chunk; none for a chunk
//                 whose attempts' samples are incomplete. Added after version 5 was released: the
//                 first write transaction to a database without it adds it with every chunk's row.
//
// A column, before compression: one byte of encoding and a varint count of values, then
//   1 (integers) or 2 (the differences to the previous value, wrapping): a varint divisor (the
//     values' greatest common divisor), one byte of width w (1, 2, 4 or 8), and each value divided
//     by the divisor, zigzag-coded, in w little-endian bytes;
//   3 (strings): each a varint length and its bytes.
#pragma once

#include "core/model/result.h"
#include "core/store/columns_loader.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ett::core {

class Database;

// A chunk holds the jobs whose id >> kChunkJobBits is its number.
inline constexpr int kChunkJobBits = 12;
// Bump when the encoding of a chunk changes: chunks of another format are read from the rows.
inline constexpr int kColumnFormat = 1;

// The tables and triggers of schema version 5, and every existing job's chunk listed as dirty (the
// migration's transaction then builds them). IF NOT EXISTS throughout: safe on a file that has some.
std::string columnStoreSchemaSql();

// Rebuilds the chunks listed in column_dirty (and those of another format), in the caller's write
// transaction, and empties the list. Nothing to do (success) on a database without the tables. Error: a row the loader
// refuses.
Status refreshColumnStore(Database& db);

// Whether the database holds the columnar copy (schema version 5 or later).
Result<bool> hasColumnStore(Database& db);
// Whether it holds the chunks' sorted phase durations too (column_phase_durations, added since).
Result<bool> hasPhaseDurations(Database& db);

// A bulk writer that knows which jobs it writes lists their chunks itself (markJobsDirty) instead of
// paying for a trigger on every row. While a pause is active the connection runs no trigger; it is
// active only when the database holds the copy and every trigger in it is one of the copy's, so a
// trigger someone else added always runs. The destructor (or resume()) turns triggers back on.
// Not copyable; one connection, one thread.
class ColumnTriggerPause
{
public:
    // Pauses the triggers when that is safe (see above); an inactive pause otherwise. Error: the
    // schema cannot be read.
    static Result<std::unique_ptr<ColumnTriggerPause>> begin(Database& db);
    ~ColumnTriggerPause() { resume(); }
    ColumnTriggerPause(const ColumnTriggerPause&) = delete;
    ColumnTriggerPause& operator=(const ColumnTriggerPause&) = delete;

    bool active() const { return m_active; }
    // Turns the connection's triggers back on. Idempotent.
    void resume();

private:
    explicit ColumnTriggerPause(Database& db)
        : m_db(db)
    {
    }
    Database& m_db;
    bool m_active = false;
};

// Lists the chunks of these jobs in column_dirty, as the triggers would have for any write to a row
// of theirs (jobs, attributes, attempts, checkpoints, attribution). Nothing to do (success) on a
// database without the copy.
Status markJobsDirty(Database& db, const std::vector<int64_t>& jobIds);

// The fleet the query asks for, read from the chunks (and from the rows for chunks still dirty).
// query.jobIds must be unset. Error: a damaged chunk (naming the chunk and the column) or a row the
// loader refuses.
Result<StoredFleet> loadColumnStore(Database& db, const ColumnsQuery& query);

// The checkpoints of the jobs a query keeps (its label; query.window must be unset), in the order a
// load gives its jobs: what a load without them (ColumnsQuery::withCheckpoints false) left out, read
// alone. Error: a damaged chunk (naming the chunk and the column) or a row the loader refuses.
struct StoredCheckpoints
{
    std::vector<int64_t> jobRowId; // the jobs, as FleetColumns::jobRowId
    std::vector<int64_t> jobCheckpointBegin; // jobs + 1 offsets, as FleetColumns::jobCheckpointBegin
    std::vector<int64_t> startNs, durableNs;
    std::vector<uint8_t> failed;
};
Result<StoredCheckpoints> loadColumnStoreCheckpoints(Database& db, const ColumnsQuery& query);

// The segments of the jobs a query keeps (its label; query.window must be unset), in the order a
// load gives its jobs and attempts: what a lean load (ColumnsQuery::withDetail false) left out, read
// alone, each segment's instants computed from its attempt's start as the load does. Error: a
// damaged chunk (naming the chunk and the column) or a row the loader refuses.
struct StoredSegments
{
    std::vector<int64_t> jobRowId; // the jobs, as FleetColumns::jobRowId
    std::vector<int64_t> attemptSegmentBegin; // attempts + 1 offsets, as Attribution::attemptSegmentBegin
    std::vector<int64_t> startNs, endNs;
    std::vector<uint8_t> bucket;
};
Result<StoredSegments> loadColumnStoreSegments(Database& db, const ColumnsQuery& query);

// Sizes of the copy, for `ettw bench open`.
struct ColumnStoreSize
{
    int64_t chunks = 0;
    int64_t dirtyChunks = 0; // listed by the triggers, or of another format: read from the rows
    int64_t rawBytes = 0; // encoded, before compression
    int64_t storedBytes = 0; // compressed, as stored
    bool phaseDurations = false; // the chunks' sorted phase durations' table is there (added since version 5)
    bool rollups = false; // the chunks' roll-ups' table is there (core/store/chunk_rollups.h, added since)
};
Result<ColumnStoreSize> columnStoreSize(Database& db);

} // namespace ett::core
