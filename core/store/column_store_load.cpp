// Reading the columnar copy (core/store/column_store.h): a fleet, or the segments or checkpoints a
// lean load left out, from the chunks (the dirty ones from the rows), and the copy's size. Writing it
// (schema, triggers, rebuilding dirty chunks) is column_store.cpp's.
#include "core/model/huge_pages.h"
#include "core/store/chunk_rollups.h"
#include "core/store/column_assembler.h"
#include "core/store/column_chunk.h"
#include "core/store/column_codec.h"
#include "core/store/column_store.h"
#include "core/store/database.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ett::core {

using namespace columnar;

namespace {

// Names as an SQL list: 'a', 'b'.
template <size_t N> std::string sqlList(const char* const (&names)[N])
{
    std::string out;
    for (const char* name : names) {
        out += std::string(out.empty() ? "" : ", ") + "'" + name + "'";
    }
    return out;
}

// Whether a job of the chunk whose first attempt start and last attempt end are the statement's
// columns `first` and first + 1 may have a window that overlaps `w` (engine: overlaps()). A job's
// window ends at its last attempt's end, and starts at its first attempt's start, or at its
// submission when the queue counts. Kept generous at the edges (<=, >=), so that a chunk left out
// holds only jobs whose windows start after `w` ends or end before it starts, which the engine
// neither counts nor spans. ThroughQueue: only a submission before the chunk's first attempt can
// reach it (earliestSubmission() decides).
enum class Reach { No, Yes, ThroughQueue };
Reach windowReach(Statement& st, int first, const TimeWindow& w)
{
    if (st.columnIsNull(first) || st.columnIsNull(first + 1)) {
        return Reach::No; // no attempts: nothing counted
    }
    const int64_t firstStart = st.columnInt64(first);
    const int64_t lastEnd = st.columnInt64(first + 1);
    if (lastEnd < w.fromNs) {
        return Reach::No;
    }
    if (firstStart <= w.toNs) {
        return Reach::Yes;
    }
    return w.countQueue ? Reach::ThroughQueue : Reach::No;
}

// The earliest submission of the chunk's jobs (nullopt: none known), from its job_submitted_ns
// column. Error: the column is damaged.
Result<std::optional<int64_t>> earliestSubmission(Statement& column, int64_t chunk)
{
    column.bind(1, chunk);
    std::optional<int64_t> earliest;
    std::vector<int64_t> values;
    std::string raw;
    auto rows = column.forEachRow([&]() -> Status {
        if (auto st = decompress(column.columnBlob(1), column.columnInt64(0), raw); !st) {
            return st;
        }
        if (auto st = decodeInts(raw, values); !st) {
            return st;
        }
        for (const int64_t v : values) {
            if (v != kNoTime && (!earliest || v < *earliest)) {
                earliest = v;
            }
        }
        return Status::success();
    });
    if (!rows) {
        return Error { "the columnar copy, chunk " + std::to_string(chunk)
            + ", column job_submitted_ns: " + rows.error().message };
    }
    return earliest;
}

// Reads the columns of built chunks: the rows a statement selects (name, raw_bytes, data; ?1 the
// chunk) decoded into a Chunk, its buffers reused from chunk to chunk.
class ChunkReader
{
public:
    ChunkReader()
    {
        for (const auto& col : kIntColumns) {
            m_int[col.name] = &col;
        }
        for (const auto& col : kStringColumns) {
            m_string[col.name] = &col;
        }
    }

    // The columns `from` selects of the chunk, into k; with `bulk`, the bulk ones are kept there as
    // stored (decompressed where they are decoded, appendBulk). How many it found. Error: a damaged
    // column, named with its chunk.
    Result<size_t> read(Statement& from, int64_t chunk, Chunk& k, Bulk* bulk = nullptr)
    {
        size_t seen = 0;
        if (bulk) {
            bulk->present.fill(false);
        }
        from.bind(1, chunk);
        auto rows = from.forEachRow([&]() -> Status {
            const std::string name = from.columnText(0);
            if (bulk) {
                const auto b = std::find(std::begin(kBulkNames), std::end(kBulkNames), name);
                if (b != std::end(kBulkNames)) {
                    const auto i = static_cast<size_t>(b - std::begin(kBulkNames));
                    bulk->packed[i].assign(from.columnBlob(2));
                    bulk->rawBytes[i] = from.columnInt64(1);
                    bulk->present[i] = true;
                    ++seen;
                    return Status::success();
                }
            }
            Status st = decompress(from.columnBlob(2), from.columnInt64(1), m_raw);
            if (st) {
                if (auto i = m_int.find(name); i != m_int.end()) {
                    st = decodeInts(m_raw, k.*(i->second->values));
                    ++seen;
                } else if (auto t = m_string.find(name); t != m_string.end()) {
                    st = decodeStrings(m_raw, k.*(t->second->values));
                    ++seen;
                }
            }
            if (!st) {
                return Error { "the columnar copy, chunk " + std::to_string(chunk) + ", column " + name + ": "
                    + st.error().message };
            }
            return Status::success();
        });
        if (!rows) {
            return rows.error();
        }
        return seen;
    }

private:
    std::unordered_map<std::string, const IntColumn*> m_int;
    std::unordered_map<std::string, const StringColumn*> m_string;
    std::string m_raw;
};

// The chunks the triggers listed (to be read from the rows).
Result<std::vector<int64_t>> dirtyChunks(Database& db)
{
    auto st = db.prepare("SELECT chunk FROM column_dirty");
    if (!st) {
        return st.error();
    }
    std::vector<int64_t> out;
    if (auto rows = st->forEachRow([&] { out.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    return out;
}

} // namespace

namespace {

// The labels as the row loader codes them, and the row id of the one a query asks for (unset: none
// asked for, or the database lacks it).
struct QueryLabels
{
    LabelsByName labels;
    std::optional<int64_t> only;
};
Result<QueryLabels> queryLabels(Database& db, const ColumnsQuery& query)
{
    auto labels = labelsByName(db);
    if (!labels) {
        return labels.error();
    }
    QueryLabels out { std::move(*labels), std::nullopt };
    if (query.label) {
        const auto& names = out.labels.names;
        if (auto it = std::find(names.begin(), names.end(), *query.label); it != names.end()) {
            out.only = out.labels.ids[static_cast<size_t>(it - names.begin())];
        }
    }
    return out;
}

// Upper bounds of the jobs, attempts, segments and checkpoints a copy of these rows can hold, in that
// order: the largest ids of jobs, attempts and checkpoints, and the file's size in bytes.
Result<std::array<size_t, 4>> rowBounds(Database& db)
{
    std::array<size_t, 4> out {};
    const char* const kSql[] = { "SELECT max(id) FROM jobs", "SELECT max(id) FROM attempts",
        "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()",
        "SELECT max(id) FROM checkpoints" };
    for (size_t i = 0; i < out.size(); ++i) {
        auto value = db.queryInt(kSql[i]);
        if (!value) {
            return value.error();
        }
        out[i] = static_cast<size_t>(std::max<int64_t>(0, value->value_or(0)));
    }
    return out;
}

// Whether a chunk whose `labels` column is `list` holds a job the query keeps.
bool holdsQueried(const ColumnsQuery& query, const std::optional<int64_t>& only, const std::string& list)
{
    if (!query.label) {
        return true;
    }
    const auto held = parseLabelList(list);
    return only && std::find(held.begin(), held.end(), *only) != held.end();
}

} // namespace

Result<StoredFleet> loadColumnStore(Database& db, const ColumnsQuery& query)
{
    auto queried = queryLabels(db, query);
    if (!queried) {
        return queried.error();
    }
    const LabelsByName* labels = &queried->labels;
    const std::vector<int64_t>& labelIds = labels->ids;
    const std::optional<int64_t> only = queried->only;
    // The chunks to read: built ones of this format holding the label, whole when a job of theirs
    // may reach the window, else their names alone; dirty ones from the rows.
    enum class Read { Columns, Names, Rows };
    std::map<int64_t, Read> chunks;
    std::array<size_t, 4> sizes {}; // jobs, attempts, segments, checkpoints of the chunks read
    // Chunks that reach the window through a job's queue if at all, with their sizes.
    std::vector<std::pair<int64_t, std::array<size_t, 4>>> throughQueue;
    {
        auto st = db.prepare("SELECT chunk, format, labels, jobs, attempts, segments, checkpoints, first_start_ns, "
                             "last_end_ns FROM column_chunks ORDER BY chunk");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] {
                const int64_t chunk = st->columnInt64(0);
                if (st->columnInt64(1) != kColumnFormat) {
                    chunks[chunk] = Read::Rows;
                    return;
                }
                if (!holdsQueried(query, only, st->columnText(2))) {
                    return;
                }
                std::array<size_t, 4> counts {};
                for (size_t i = 0; i < counts.size(); ++i) {
                    counts[i] = static_cast<size_t>(std::max<int64_t>(0, st->columnInt64(3 + static_cast<int>(i))));
                }
                const Reach reach = query.window ? windowReach(*st, 7, *query.window) : Reach::Yes;
                if (reach != Reach::Yes) {
                    chunks[chunk] = Read::Names;
                    if (reach == Reach::ThroughQueue) {
                        throughQueue.emplace_back(chunk, counts);
                    }
                    return;
                }
                chunks[chunk] = Read::Columns;
                for (size_t i = 0; i < sizes.size(); ++i) {
                    sizes[i] += counts[i];
                }
            });
            !rows) {
            return rows.error();
        }
        if (!throughQueue.empty()) {
            auto submitted
                = db.prepare("SELECT raw_bytes, data FROM column_data WHERE chunk = ? AND name = 'job_submitted_ns'");
            if (!submitted) {
                return submitted.error();
            }
            for (const auto& [chunk, counts] : throughQueue) {
                auto earliest = earliestSubmission(*submitted, chunk);
                if (!earliest) {
                    return earliest.error();
                }
                if (*earliest && **earliest <= query.window->toNs) {
                    chunks[chunk] = Read::Columns;
                    for (size_t i = 0; i < sizes.size(); ++i) {
                        sizes[i] += counts[i];
                    }
                }
            }
        }
        auto dirty = dirtyChunks(db);
        if (!dirty) {
            return dirty.error();
        }
        for (const int64_t chunk : *dirty) {
            chunks[chunk] = Read::Rows;
        }
    }

    FleetAssembler fleet(labels->names, labelIds,
        query.label ? std::optional<int64_t>(only.value_or(-1)) : std::nullopt, query.withDetail,
        query.withCheckpoints);
    // As recorded (an upper bound for one label). A damaged count costs at most a larger allocation,
    // never a wrong figure, and no more than the rows justify: no more jobs, attempts or checkpoints
    // than their tables' largest ids, no more segments than the file has bytes (each takes one at
    // least in its attempt's row). Each bound is read off a B-tree's edge, not a scan (the sum of the
    // copy's raw sizes, the bound before, cost 4 to 6 ms of every load at 45,000 jobs).
    auto bounds = rowBounds(db);
    if (!bounds) {
        return bounds.error();
    }
    if (std::equal(sizes.begin(), sizes.end(), bounds->begin(), [](size_t n, size_t most) { return n <= most; })) {
        fleet.reserve(sizes[0], sizes[1], sizes[2], sizes[3]);
    }
    // A lean load leaves the segments' or the checkpoints' blobs unread; a chunk read for its names
    // alone, all but those columns.
    const char* const kSegmentColumns[] = { "segment_bucket", "segment_length_ns" };
    const char* const kCheckpointColumns[] = { "checkpoint_start_ns", "checkpoint_durable_ns", "checkpoint_failed" };
    std::string leftOut = query.withDetail ? "" : sqlList(kSegmentColumns);
    if (!query.withCheckpoints) {
        leftOut += (leftOut.empty() ? "" : ", ") + sqlList(kCheckpointColumns);
    }
    const size_t leftOutCount = (query.withDetail ? 0 : std::size(kSegmentColumns))
        + (query.withCheckpoints ? 0 : std::size(kCheckpointColumns));
    auto data = db.prepare(std::string("SELECT name, raw_bytes, data FROM column_data WHERE chunk = ?")
        + (leftOut.empty() ? "" : " AND name NOT IN (" + leftOut + ")"));
    auto names = db.prepare("SELECT name, raw_bytes, data FROM column_data WHERE chunk = ? AND name IN ("
        + sqlList(kVocabularyColumns) + ")");
    for (auto* st : { &data, &names }) {
        if (!*st) {
            return st->error();
        }
    }
    ChunkReader reader;
    Chunk k; // one chunk at a time, its buffers reused
    const OnePassCache onePass(db); // each blob's pages are read once: not kept in SQLite's cache
    // Every label kept: the largest columns go straight into the fleet's arrays.
    const bool useBulk = !query.label;
    Bulk bulk;
    for (const auto& [chunk, read] : chunks) {
        if (query.cancel && query.cancel->load()) {
            return Error { "cancelled" };
        }
        const std::string where = "the columnar copy, chunk " + std::to_string(chunk);
        Status appended = Status::success();
        if (read == Read::Rows) {
            auto rows = chunkFromRows(db, chunk, labelIds);
            if (!rows) {
                return Error { where + ": " + rows.error().message };
            }
            k = std::move(*rows);
            appended = fleet.append(k);
        } else if (read == Read::Names) {
            auto seen = reader.read(*names, chunk, k);
            if (!seen) {
                return seen.error();
            }
            if (*seen != std::size(kVocabularyColumns)) {
                return Error { where + ": columns are missing" };
            }
            appended = fleet.appendVocabulary(k);
        } else {
            auto seen = reader.read(*data, chunk, k, useBulk ? &bulk : nullptr);
            if (!seen) {
                return seen.error();
            }
            if (!query.withDetail) {
                k.segmentBucket.clear();
                k.segmentLengthNs.clear();
            }
            if (!query.withCheckpoints) {
                k.checkpointStartNs.clear();
                k.checkpointDurableNs.clear();
                k.checkpointFailed.clear();
            }
            if (*seen != std::size(kIntColumns) + std::size(kStringColumns) - leftOutCount) {
                return Error { where + ": columns are missing" };
            }
            appended = fleet.append(k, useBulk ? &bulk : nullptr, chunk);
        }
        if (!appended) {
            // "chunk 3, column job_gpus: ..." as the reader names a damaged column; "chunk 3: ..." else.
            const std::string& why = appended.error().message;
            return Error { where + (why.rfind("column ", 0) == 0 ? ", " : ": ") + why };
        }
    }
    return fleet.finish();
}

namespace {

// The chunks a read of some columns of the jobs a query keeps goes through, in order: the built ones
// of this format holding such a job (false), and those to read from the rows (true: dirty, or of
// another format); with the segments the built ones hold (as their counts say), for a reserve.
struct ChunksToRead
{
    QueryLabels labels;
    std::map<int64_t, bool> fromRows; // chunk -> read from the rows
    size_t builtSegments = 0;
};
Result<ChunksToRead> chunksToRead(Database& db, const ColumnsQuery& query)
{
    auto queried = queryLabels(db, query);
    if (!queried) {
        return queried.error();
    }
    ChunksToRead out { std::move(*queried), {}, 0 };
    const std::optional<int64_t>& only = out.labels.only;
    auto st = db.prepare("SELECT chunk, format, labels, segments FROM column_chunks ORDER BY chunk");
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&] {
            if (st->columnInt64(1) != kColumnFormat) {
                out.fromRows[st->columnInt64(0)] = true;
            } else if (holdsQueried(query, only, st->columnText(2))) {
                out.fromRows[st->columnInt64(0)] = false;
                out.builtSegments += static_cast<size_t>(std::max<int64_t>(0, st->columnInt64(3)));
            }
        });
        !rows) {
        return rows.error();
    }
    auto dirty = dirtyChunks(db);
    if (!dirty) {
        return dirty.error();
    }
    for (const int64_t chunk : *dirty) {
        out.fromRows[chunk] = true;
    }
    return out;
}

// Chunk `chunk` into k: from the rows, or the columns `data` selects (expecting `columns` of them).
Status readChunk(Database& db, int64_t chunk, bool fromRows, const std::vector<int64_t>& labelIds, Statement& data,
    size_t columns, ChunkReader& reader, Chunk& k)
{
    if (fromRows) {
        auto rows = chunkFromRows(db, chunk, labelIds);
        if (!rows) {
            return Error { "the columnar copy, chunk " + std::to_string(chunk) + ": " + rows.error().message };
        }
        k = std::move(*rows);
        return Status::success();
    }
    auto seen = reader.read(data, chunk, k);
    if (!seen) {
        return seen.error();
    }
    if (*seen != columns) {
        return Error { "the columnar copy, chunk " + std::to_string(chunk) + ": columns are missing" };
    }
    return Status::success();
}

} // namespace

Result<StoredCheckpoints> loadColumnStoreCheckpoints(Database& db, const ColumnsQuery& query)
{
    auto chunks = chunksToRead(db, query);
    if (!chunks) {
        return chunks.error();
    }
    const QueryLabels* queried = &chunks->labels;
    const char* const kNames[] = { "job_row_id", "job_label_id", "job_checkpoints", "checkpoint_start_ns",
        "checkpoint_durable_ns", "checkpoint_failed" };
    auto data = db.prepare(
        "SELECT name, raw_bytes, data FROM column_data WHERE chunk = ? AND name IN (" + sqlList(kNames) + ")");
    if (!data) {
        return data.error();
    }
    ChunkReader reader;
    StoredCheckpoints out;
    out.jobCheckpointBegin.push_back(0);
    Chunk k;
    for (const auto& [chunk, fromRows] : chunks->fromRows) {
        const std::string where = "the columnar copy, chunk " + std::to_string(chunk);
        if (auto st = readChunk(db, chunk, fromRows, queried->labels.ids, *data, std::size(kNames), reader, k); !st) {
            return st.error();
        }
        const size_t checkpoints = k.checkpointStartNs.size();
        uint64_t counted = 0;
        for (const int64_t n : k.jobCheckpoints) {
            counted += n < 0 ? checkpoints + 1 : static_cast<uint64_t>(n);
        }
        if (k.jobLabelId.size() != k.jobRowId.size() || k.jobCheckpoints.size() != k.jobRowId.size()
            || k.checkpointDurableNs.size() != checkpoints || k.checkpointFailed.size() != checkpoints
            || counted != checkpoints) {
            return Error { where + ": the job and checkpoint columns disagree" };
        }
        size_t next = 0;
        for (size_t j = 0; j < k.jobRowId.size(); ++j) {
            const auto n = static_cast<size_t>(k.jobCheckpoints[j]);
            if (!query.label || (queried->only && k.jobLabelId[j] == *queried->only)) {
                out.jobRowId.push_back(k.jobRowId[j]);
                for (size_t p = next; p < next + n; ++p) {
                    if (k.checkpointFailed[p] != 0 && k.checkpointFailed[p] != 1) {
                        return Error { where + ": a checkpoint's failed flag is neither 0 nor 1" };
                    }
                    out.startNs.push_back(k.checkpointStartNs[p]);
                    out.durableNs.push_back(k.checkpointDurableNs[p]);
                    out.failed.push_back(static_cast<uint8_t>(k.checkpointFailed[p]));
                }
                out.jobCheckpointBegin.push_back(static_cast<int64_t>(out.startNs.size()));
            }
            next += n;
        }
    }
    return out;
}

Result<StoredSegments> loadColumnStoreSegments(Database& db, const ColumnsQuery& query)
{
    auto chunks = chunksToRead(db, query);
    if (!chunks) {
        return chunks.error();
    }
    const QueryLabels* queried = &chunks->labels;
    const char* const kNames[] = { "job_row_id", "job_label_id", "job_attempts", "attempt_start_ns", "attempt_segments",
        "segment_bucket", "segment_length_ns" };
    auto data = db.prepare(
        "SELECT name, raw_bytes, data FROM column_data WHERE chunk = ? AND name IN (" + sqlList(kNames) + ")");
    if (!data) {
        return data.error();
    }
    // As the counts say (a damaged count costs at most a larger allocation, never a wrong segment).
    StoredSegments out;
    const size_t bound = std::min<size_t>(chunks->builtSegments, size_t { 1 } << 32);
    reserveOnHugePages(out.startNs, bound);
    reserveOnHugePages(out.endNs, bound);
    reserveOnHugePages(out.bucket, bound);
    out.attemptSegmentBegin.push_back(0);
    ChunkReader reader;
    Chunk k;
    const OnePassCache onePass(db);
    for (const auto& [chunk, fromRows] : chunks->fromRows) {
        if (query.cancel && query.cancel->load()) {
            return Error { "cancelled" };
        }
        const std::string where = "the columnar copy, chunk " + std::to_string(chunk);
        if (auto st = readChunk(db, chunk, fromRows, queried->labels.ids, *data, std::size(kNames), reader, k); !st) {
            return st.error();
        }
        const size_t attempts = k.attemptStartNs.size();
        const size_t segments = k.segmentBucket.size();
        uint64_t attemptsCounted = 0, segmentsCounted = 0;
        for (const int64_t n : k.jobAttempts) {
            attemptsCounted += n < 0 ? attempts + 1 : static_cast<uint64_t>(n);
        }
        for (const int64_t n : k.attemptSegments) {
            segmentsCounted += n < 0 ? segments + 1 : static_cast<uint64_t>(n);
        }
        if (k.jobLabelId.size() != k.jobRowId.size() || k.jobAttempts.size() != k.jobRowId.size()
            || k.attemptSegments.size() != attempts || k.segmentLengthNs.size() != segments
            || attemptsCounted != attempts || segmentsCounted != segments) {
            return Error { where + ": the job, attempt and segment columns disagree" };
        }
        size_t attempt = 0, segment = 0;
        for (size_t j = 0; j < k.jobRowId.size(); ++j) {
            const auto attemptEnd = attempt + static_cast<size_t>(k.jobAttempts[j]);
            const bool kept = !query.label || (queried->only && k.jobLabelId[j] == *queried->only);
            if (kept) {
                out.jobRowId.push_back(k.jobRowId[j]);
            }
            for (; attempt < attemptEnd; ++attempt) {
                const auto segmentEnd = segment + static_cast<size_t>(k.attemptSegments[attempt]);
                if (!kept) {
                    segment = segmentEnd;
                    continue;
                }
                int64_t start = k.attemptStartNs[attempt];
                for (; segment < segmentEnd; ++segment) {
                    const int64_t b = k.segmentBucket[segment];
                    if (b < 0 || b >= kBucketCount) {
                        return Error { where + ": a segment's bucket is out of range" };
                    }
                    out.startNs.push_back(start);
                    start += k.segmentLengthNs[segment];
                    out.endNs.push_back(start);
                    out.bucket.push_back(static_cast<uint8_t>(b));
                }
                out.attemptSegmentBegin.push_back(static_cast<int64_t>(out.bucket.size()));
            }
        }
    }
    return out;
}

Result<ColumnStoreSize> columnStoreSize(Database& db)
{
    ColumnStoreSize size;
    auto chunks = db.queryInt("SELECT count(*) FROM column_chunks");
    auto dirty = db.queryInt("SELECT count(*) FROM (SELECT chunk FROM column_dirty UNION SELECT chunk FROM "
                             "column_chunks WHERE format <> "
        + std::to_string(kColumnFormat) + ")");
    auto raw = db.queryInt("SELECT coalesce(sum(raw_bytes), 0) FROM column_data");
    auto stored = db.queryInt("SELECT coalesce(sum(length(data)), 0) FROM column_data");
    for (auto* r : { &chunks, &dirty, &raw, &stored }) {
        if (!*r) {
            return r->error();
        }
    }
    size.chunks = chunks->value_or(0);
    size.dirtyChunks = dirty->value_or(0);
    size.rawBytes = raw->value_or(0);
    size.storedBytes = stored->value_or(0);
    auto durations = hasPhaseDurations(db);
    if (!durations) {
        return durations.error();
    }
    size.phaseDurations = *durations;
    auto rollups = hasChunkRollups(db);
    if (!rollups) {
        return rollups.error();
    }
    size.rollups = *rollups;
    return size;
}

} // namespace ett::core
