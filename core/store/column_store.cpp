// Writing the columnar copy (core/store/column_store.h): its schema and triggers, the chunks a
// write lists dirty, and their rebuild (with each chunk's sorted phase durations) before a commit.
// Reading it is column_store_load.cpp's.
#include "core/store/column_store.h"

#include "core/store/chunk_rollups.h"
#include "core/store/column_chunk.h"
#include "core/store/column_codec.h"
#include "core/store/database.h"
#include "core/store/phase_samples_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <system_error>
#include <thread>
#include <vector>

namespace ett::core {

using namespace columnar;

namespace {

std::string triggerSql(const char* table, const char* event, const std::string& chunkOf)
{
    const std::string name = std::string("column_dirty_") + table + "_" + event;
    return "CREATE TRIGGER IF NOT EXISTS " + name + " AFTER " + event + " ON " + table
        + " BEGIN INSERT OR IGNORE INTO column_dirty " + chunkOf + "; END;\n";
}

// The chunks' sorted phase durations (phase_samples_store.h). Added after schema version 5 first
// shipped: a database without the table gains it, and every chunk's row, at its next write.
constexpr const char* kPhaseDurationsTableSql = R"sql(
CREATE TABLE IF NOT EXISTS column_phase_durations(
    chunk INTEGER PRIMARY KEY,
    phases INTEGER NOT NULL,
    raw_bytes INTEGER NOT NULL,
    data BLOB NOT NULL);
)sql";

// Writes the chunk's sorted phase durations (none when its samples are incomplete), where it has no
// row.
Status writeChunkPhaseDurations(Database& db, int64_t chunk, Statement& ins)
{
    auto packed = packChunkPhaseDurations(db, chunk);
    if (!packed) {
        return packed.error();
    }
    if (!*packed) {
        return Status::success();
    }
    auto data = compress((*packed)->raw);
    if (!data) {
        return data.error();
    }
    ins.bind(1, chunk);
    ins.bind(2, (*packed)->phases);
    ins.bind(3, static_cast<int64_t>((*packed)->raw.size()));
    ins.bindBlob(4, *data);
    return ins.run();
}

// The chunks built in this format and not listed dirty: those a table added since gains its rows for
// at once.
Result<std::vector<int64_t>> builtChunks(Database& db)
{
    std::vector<int64_t> built;
    auto st = db.prepare("SELECT chunk FROM column_chunks WHERE format = " + std::to_string(kColumnFormat)
        + " AND chunk NOT IN (SELECT chunk FROM column_dirty) ORDER BY chunk");
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&] { built.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    return built;
}

// A column of a chunk as stored: its name, its encoded size and its compressed bytes.
struct PackedColumn
{
    const char* name = nullptr;
    int64_t rawBytes = 0;
    std::string data;
};

// Encodes and compresses every column of a chunk, in the order of kIntColumns then kStringColumns.
// The columns are independent: this thread and a second one take them in turn (the bytes are the
// same as one after the other), since building the copy is the last step of an import's commit.
Result<std::vector<PackedColumn>> packColumns(const Chunk& k)
{
    constexpr size_t kInts = std::size(kIntColumns);
    constexpr size_t kColumns = kInts + std::size(kStringColumns);
    std::vector<PackedColumn> out(kColumns);
    std::vector<std::optional<Error>> errors(kColumns);
    std::atomic<size_t> next { 0 };
    auto work = [&] {
        for (size_t i = next++; i < kColumns; i = next++) {
            try {
                const std::string raw = i < kInts ? encodeInts(k.*(kIntColumns[i].values), kIntColumns[i].encoding)
                                                  : encodeStrings(k.*(kStringColumns[i - kInts].values));
                out[i].name = i < kInts ? kIntColumns[i].name : kStringColumns[i - kInts].name;
                out[i].rawBytes = static_cast<int64_t>(raw.size());
                auto data = compress(raw);
                if (!data) {
                    errors[i] = data.error();
                } else {
                    out[i].data = std::move(*data);
                }
            } catch (const std::bad_alloc&) {
                errors[i] = Error { "out of memory while building the columnar copy" };
            } catch (const std::exception& e) {
                errors[i] = Error { std::string("the columnar copy: ") + e.what() };
            }
        }
    };
    {
        std::thread helper;
        try {
            helper = std::thread(work);
        } catch (const std::system_error&) {
            // No second thread to be had: this one does it all.
        }
        work();
        if (helper.joinable()) {
            helper.join();
        }
    }
    for (auto& e : errors) {
        if (e) {
            return *e;
        }
    }
    return out;
}

} // namespace

std::string columnStoreSchemaSql()
{
    const std::string shift = std::to_string(kChunkJobBits);
    std::string sql = R"sql(
CREATE TABLE IF NOT EXISTS column_chunks(
    chunk INTEGER PRIMARY KEY,
    format INTEGER NOT NULL,
    jobs INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    segments INTEGER NOT NULL,
    checkpoints INTEGER NOT NULL,
    labels TEXT NOT NULL,
    first_start_ns INTEGER,
    last_end_ns INTEGER);
CREATE TABLE IF NOT EXISTS column_data(
    chunk INTEGER NOT NULL,
    name TEXT NOT NULL,
    raw_bytes INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY(chunk, name));
CREATE TABLE IF NOT EXISTS column_dirty(chunk INTEGER PRIMARY KEY) WITHOUT ROWID;
)sql" + std::string(kPhaseDurationsTableSql);
    // The chunk of a row: its job's, found through the attempt where the row has no job id.
    struct Source
    {
        const char* table;
        std::string (*chunk)(const char* row, const std::string& shift);
    };
    const Source sources[] = {
        { "jobs", [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".id >> " + s; } },
        { "job_attrs",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "attempts",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "checkpoints",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "attempt_derived",
            [](const char* row, const std::string& s) {
                return "SELECT job_id >> " + s + " FROM attempts WHERE id = " + row + ".attempt_id";
            } },
        { "cause_overrides",
            [](const char* row, const std::string& s) {
                return "SELECT job_id >> " + s + " FROM attempts WHERE id = " + row + ".attempt_id";
            } },
    };
    for (const auto& src : sources) {
        sql += triggerSql(src.table, "INSERT", src.chunk("NEW", shift));
        sql += triggerSql(src.table, "DELETE", src.chunk("OLD", shift));
        // An update may move a row to another job: both chunks.
        const std::string name = std::string("column_dirty_") + src.table + "_UPDATE";
        sql += "CREATE TRIGGER IF NOT EXISTS " + name + " AFTER UPDATE ON " + src.table
            + " BEGIN INSERT OR IGNORE INTO column_dirty " + src.chunk("OLD", shift)
            + "; INSERT OR IGNORE INTO column_dirty " + src.chunk("NEW", shift) + "; END;\n";
    }
    // Every job's chunk, to be built in the migration's transaction.
    sql += "INSERT OR IGNORE INTO column_dirty SELECT DISTINCT id >> " + shift + " FROM jobs;\n";
    return sql;
}

Result<bool> hasColumnStore(Database& db)
{
    auto n = db.queryInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                         "('column_chunks', 'column_data', 'column_dirty')");
    if (!n) {
        return n.error();
    }
    return n->value_or(0) == 3;
}

Result<bool> hasPhaseDurations(Database& db)
{
    auto n = db.queryInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'column_phase_durations'");
    if (!n) {
        return n.error();
    }
    return n->value_or(0) == 1;
}

Result<std::unique_ptr<ColumnTriggerPause>> ColumnTriggerPause::begin(Database& db)
{
    std::unique_ptr<ColumnTriggerPause> pause(new ColumnTriggerPause(db));
    auto has = hasColumnStore(db);
    if (!has) {
        return has.error();
    }
    // Triggers other than the copy's (column_dirty_<table>_<event>) must keep running.
    auto others = db.queryInt(
        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE 'column\\_dirty\\_%' ESCAPE '\\'");
    if (!others) {
        return others.error();
    }
    if (*has && others->value_or(0) == 0) {
        int enabled = 1;
        if (sqlite3_db_config(db.handle(), SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &enabled) == SQLITE_OK && enabled == 0) {
            pause->m_active = true;
        }
    }
    return pause;
}

void ColumnTriggerPause::resume()
{
    if (m_active) {
        int enabled = 0;
        sqlite3_db_config(m_db.handle(), SQLITE_DBCONFIG_ENABLE_TRIGGER, 1, &enabled);
        m_active = false;
    }
}

Status markJobsDirty(Database& db, const std::vector<int64_t>& jobIds)
{
    auto has = hasColumnStore(db);
    if (!has) {
        return has.error();
    }
    if (!*has || jobIds.empty()) {
        return Status::success();
    }
    std::vector<int64_t> chunks;
    chunks.reserve(jobIds.size());
    for (const int64_t id : jobIds) {
        chunks.push_back(id >> kChunkJobBits);
    }
    std::sort(chunks.begin(), chunks.end());
    chunks.erase(std::unique(chunks.begin(), chunks.end()), chunks.end());
    auto mark = db.prepare("INSERT OR IGNORE INTO column_dirty(chunk) VALUES(?)");
    if (!mark) {
        return mark.error();
    }
    for (const int64_t chunk : chunks) {
        mark->bind(1, chunk);
        if (auto st = mark->run(); !st) {
            return st;
        }
    }
    return Status::success();
}

Status refreshColumnStore(Database& db)
{
    auto has = hasColumnStore(db);
    if (!has) {
        return has.error();
    }
    if (!*has) {
        return Status::success();
    }
    // A database from before the chunks' phase durations gains their table, and every built chunk
    // not rebuilt below its row.
    auto hadDurations = hasPhaseDurations(db);
    if (!hadDurations) {
        return hadDurations.error();
    }
    if (!*hadDurations) {
        if (auto st = db.exec(kPhaseDurationsTableSql); !st) {
            return st;
        }
    }
    auto delDurations = db.prepare("DELETE FROM column_phase_durations WHERE chunk = ?");
    auto insDurations
        = db.prepare("INSERT INTO column_phase_durations(chunk, phases, raw_bytes, data) VALUES(?, ?, ?, ?)");
    for (auto* st : { &delDurations, &insDurations }) {
        if (!*st) {
            return st->error();
        }
    }
    if (!*hadDurations) {
        auto built = builtChunks(db);
        if (!built) {
            return built.error();
        }
        for (const int64_t chunk : *built) {
            if (auto w = writeChunkPhaseDurations(db, chunk, *insDurations); !w) {
                return w;
            }
        }
    }
    // Likewise the chunks' roll-ups over all time (core/store/chunk_rollups.h), built where a builder
    // is installed.
    auto hadRollups = hasChunkRollups(db);
    if (!hadRollups) {
        return hadRollups.error();
    }
    if (!*hadRollups) {
        if (auto st = db.exec(kChunkRollupsTableSql); !st) {
            return st;
        }
    }
    auto delRollups = db.prepare("DELETE FROM column_rollups WHERE chunk = ?");
    if (!delRollups) {
        return delRollups.error();
    }
    std::optional<LabelsByName> labelsRead;
    auto labels = [&]() -> Result<const LabelsByName*> {
        if (!labelsRead) {
            auto l = labelsByName(db);
            if (!l) {
                return l.error();
            }
            labelsRead = std::move(*l);
        }
        return &*labelsRead;
    };
    if (!*hadRollups && hasChunkRollupBuilder()) {
        auto built = builtChunks(db);
        if (!built) {
            return built.error();
        }
        for (const int64_t chunk : *built) {
            auto l = labels();
            if (!l) {
                return l.error();
            }
            auto fleet = chunkFleetFromRows(db, chunk);
            if (!fleet) {
                return fleet.error();
            }
            if (auto w = writeChunkRollups(db, chunk, std::move(*fleet), (*l)->ids); !w) {
                return w;
            }
        }
    }
    std::vector<int64_t> dirty;
    {
        // Listed by the triggers, or written by another format.
        auto st = db.prepare("SELECT chunk FROM column_dirty UNION SELECT chunk FROM column_chunks WHERE format <> "
            + std::to_string(kColumnFormat) + " ORDER BY chunk");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] { dirty.push_back(st->columnInt64(0)); }); !rows) {
            return rows.error();
        }
    }
    if (dirty.empty()) {
        return Status::success();
    }
    auto labelList = labels();
    if (!labelList) {
        return labelList.error();
    }
    const std::vector<int64_t>& labelIds = (*labelList)->ids;
    auto delData = db.prepare("DELETE FROM column_data WHERE chunk = ?");
    auto delChunk = db.prepare("DELETE FROM column_chunks WHERE chunk = ?");
    auto insData = db.prepare("INSERT INTO column_data(chunk, name, raw_bytes, data) VALUES(?, ?, ?, ?)");
    auto insChunk = db.prepare("INSERT INTO column_chunks(chunk, format, jobs, attempts, segments, checkpoints, "
                               "labels, first_start_ns, last_end_ns) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (auto* st : { &delData, &delChunk, &insData, &insChunk }) {
        if (!*st) {
            return st->error();
        }
    }
    for (const int64_t chunk : dirty) {
        for (auto* st : { &*delData, &*delChunk, &*delDurations, &*delRollups }) {
            st->bind(1, chunk);
            if (auto r = st->run(); !r) {
                return r;
            }
        }
        auto fleet = chunkFleetFromRows(db, chunk);
        if (!fleet) {
            return Error { "the columnar copy of jobs " + std::to_string(chunk * kChunkJobs) + " to "
                + std::to_string((chunk + 1) * kChunkJobs - 1) + ": " + fleet.error().message };
        }
        const Chunk k = chunkOf(*fleet, labelIds);
        if (k.jobRowId.empty()) {
            continue;
        }
        auto packed = packColumns(k);
        if (!packed) {
            return packed.error();
        }
        for (const auto& column : *packed) {
            insData->bind(1, chunk);
            insData->bindStatic(2, column.name);
            insData->bind(3, column.rawBytes);
            insData->bindBlob(4, column.data);
            if (auto st = insData->run(); !st) {
                return st;
            }
        }
        std::set<int64_t> chunkLabels(k.jobLabelId.begin(), k.jobLabelId.end());
        std::string chunkLabelList = " ";
        for (const int64_t l : chunkLabels) {
            chunkLabelList += std::to_string(l) + " ";
        }
        auto& s = *insChunk;
        int p = 1;
        s.bind(p++, chunk);
        s.bind(p++, int64_t { kColumnFormat });
        s.bind(p++, static_cast<int64_t>(k.jobRowId.size()));
        s.bind(p++, static_cast<int64_t>(k.attemptRowId.size()));
        s.bind(p++, static_cast<int64_t>(k.segmentBucket.size()));
        s.bind(p++, static_cast<int64_t>(k.checkpointStartNs.size()));
        s.bind(p++, chunkLabelList);
        if (k.attemptStartNs.empty()) {
            s.bindNull(p++);
            s.bindNull(p++);
        } else {
            s.bind(p++, *std::min_element(k.attemptStartNs.begin(), k.attemptStartNs.end()));
            s.bind(p++, *std::max_element(k.attemptEndNs.begin(), k.attemptEndNs.end()));
        }
        if (auto r = s.run(); !r) {
            return r;
        }
        if (auto r = writeChunkPhaseDurations(db, chunk, *insDurations); !r) {
            return r;
        }
        if (auto r = writeChunkRollups(db, chunk, std::move(*fleet), labelIds); !r) {
            return Error { "the roll-ups of jobs " + std::to_string(chunk * kChunkJobs) + " to "
                + std::to_string((chunk + 1) * kChunkJobs - 1) + ": " + r.error().message };
        }
    }
    return db.exec("DELETE FROM column_dirty");
}

} // namespace ett::core
