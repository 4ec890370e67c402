#include "core/store/chunk_rollups.h"

#include "core/model/huge_pages.h"
#include "core/model/int_sort.h"
#include "core/model/varint.h"
#include "core/store/column_chunk.h"
#include "core/store/column_codec.h"
#include "core/store/column_store.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <set>
#include <utility>

namespace ett::core {

namespace {

std::mutex& builderMutex()
{
    static std::mutex m;
    return m;
}

ChunkRollupBuilder& builderSlot()
{
    static ChunkRollupBuilder builder;
    return builder;
}

ChunkRollupBuilder installedBuilder()
{
    std::lock_guard lock(builderMutex());
    return builderSlot();
}

__extension__ typedef unsigned __int128 UnsignedWide;

constexpr size_t kWides = 4 + 2 * kBucketCount + kSampleLists;

// The 35 wide sums of a group, in the row's order.
std::array<Wide, kWides> widesOf(const ChunkRollupGroup& g)
{
    std::array<Wide, kWides> w {};
    size_t i = 0;
    w[i++] = g.figures.e2eNs;
    w[i++] = g.figures.e2eGpuNs;
    for (const Wide b : g.figures.bucketsNs) {
        w[i++] = b;
    }
    for (const Wide b : g.figures.bucketsGpuNs) {
        w[i++] = b;
    }
    w[i++] = g.queueNs;
    w[i++] = g.queueGpuNs;
    for (size_t l = 0; l < kSampleLists; ++l) {
        Wide sum = 0;
        for (const int64_t v : g.figures.samples(static_cast<SampleList>(l))) {
            sum += v;
        }
        w[i++] = sum;
    }
    return w;
}

void putWide(std::string& out, Wide v)
{
    const auto u = static_cast<UnsignedWide>(v);
    putVarint(out, zigzag(static_cast<int64_t>(static_cast<uint64_t>(u >> 64))));
    putVarint(out, static_cast<uint64_t>(u));
}

std::optional<Wide> getWide(std::string_view in, size_t& pos)
{
    const auto hi = getVarint(in, pos);
    const auto lo = hi ? getVarint(in, pos) : std::nullopt;
    if (!lo) {
        return std::nullopt;
    }
    const auto high = static_cast<UnsignedWide>(static_cast<uint64_t>(unzigzag(*hi)));
    return static_cast<Wide>((high << 64) | *lo);
}

const char* const kListNames[kSampleLists] = { "Time to Start", "Time to Recover", "detect", "restart", "start-up" };

} // namespace

void setChunkRollupBuilder(ChunkRollupBuilder builder)
{
    std::lock_guard lock(builderMutex());
    builderSlot() = std::move(builder);
}

bool hasChunkRollupBuilder()
{
    std::lock_guard lock(builderMutex());
    return static_cast<bool>(builderSlot());
}

const char* const kChunkRollupsTableSql = R"sql(
CREATE TABLE IF NOT EXISTS column_rollups(
    chunk INTEGER NOT NULL,
    label INTEGER NOT NULL,
    key TEXT NOT NULL,
    groups INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    raw_bytes INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY(chunk, label, key));
CREATE INDEX IF NOT EXISTS column_rollups_by_key ON column_rollups(key, label, chunk, groups, samples);
)sql";
// A rowid table, its key in an index of its own: a row's bytes (tens of KB, on overflow pages) are read
// only when asked for; as the key of a WITHOUT ROWID table every comparison of a search reads them. The
// second index lists the rows of a key without reading the table.

Result<bool> hasChunkRollups(Database& db)
{
    auto n = db.queryInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'column_rollups'");
    if (!n) {
        return n.error();
    }
    return n->value_or(0) == 1;
}

Result<std::string> encodeChunkRollup(const std::vector<ChunkRollupGroup>& groups)
{
    std::string head;
    std::string values;
    putVarint(head, groups.size());
    std::vector<int64_t> sorted;
    for (const ChunkRollupGroup& g : groups) {
        putVarint(head, g.name.size());
        head += g.name;
        const Figures& f = g.figures;
        for (const int64_t n :
            { f.jobs, f.attempts, f.failures, f.preemptions, f.otherInterruptions, f.noCheckpointDataJobs }) {
            if (n < 0) {
                return Error { "a negative count in group '" + g.name + "'" };
            }
            putVarint(head, static_cast<uint64_t>(n));
        }
        for (const Wide w : widesOf(g)) {
            putWide(head, w);
        }
        for (size_t l = 0; l < kSampleLists; ++l) {
            sorted = f.samples(static_cast<SampleList>(l));
            if (std::any_of(sorted.begin(), sorted.end(), [](int64_t v) { return v < 0; })) {
                return Error { std::string("a negative ") + kListNames[l] + " sample in group '" + g.name + "'" };
            }
            sortInt64(sorted);
            const std::string run = columnar::encodeInts(sorted, columnar::Encoding::DeltaInts);
            putVarint(head, sorted.size());
            putVarint(head, run.size());
            values += run;
        }
    }
    return head + values;
}

Status unpackSampleRun(const SampleRun& run, int64_t* out)
{
    auto ints = columnar::readInts(run.encoded);
    if (!ints) {
        return ints.error();
    }
    if (ints->count != run.count || !ints->delta) {
        return Error { "the samples are not the sorted run their header says" };
    }
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    bool ok = false;
    switch (ints->width) {
    case 1:
        ok = columnar::unpack<1>(*ints, out, 0, kMax);
        break;
    case 2:
        ok = columnar::unpack<2>(*ints, out, 0, kMax);
        break;
    case 4:
        ok = columnar::unpack<4>(*ints, out, 0, kMax);
        break;
    default:
        ok = columnar::unpack<8>(*ints, out, 0, kMax);
        break;
    }
    if (!ok) {
        return Error { "a negative sample" };
    }
    if (!std::is_sorted(out, out + run.count)) {
        return Error { "samples out of order" };
    }
    return Status::success();
}

Result<std::vector<PreRolledGroup>> decodeChunkRollup(std::string_view in)
{
    auto damaged = [](const std::string& what) { return Error { "damaged roll-up: " + what }; };
    std::vector<PreRolledGroup> out;
    size_t pos = 0;
    const auto groups = getVarint(in, pos);
    if (!groups || *groups > in.size()) {
        return damaged("the count of groups is truncated or beyond the bytes");
    }
    std::vector<std::array<uint64_t, kSampleLists>> sizes;
    uint64_t valueBytes = 0;
    out.resize(static_cast<size_t>(*groups));
    sizes.resize(out.size());
    for (size_t g = 0; g < out.size(); ++g) {
        PreRolledGroup& group = out[g];
        const std::string where = "group " + std::to_string(g);
        const auto length = getVarint(in, pos);
        if (!length || *length > in.size() - pos) {
            return damaged(where + ": its name is truncated");
        }
        group.name.assign(in.substr(pos, static_cast<size_t>(*length)));
        pos += static_cast<size_t>(*length);
        Figures& f = group.figures;
        for (int64_t* n :
            { &f.jobs, &f.attempts, &f.failures, &f.preemptions, &f.otherInterruptions, &f.noCheckpointDataJobs }) {
            const auto v = getVarint(in, pos);
            if (!v || *v > static_cast<uint64_t>(INT64_MAX)) {
                return damaged(where + ": a count is truncated or beyond int64");
            }
            *n = static_cast<int64_t>(*v);
        }
        std::array<Wide, kWides> w {};
        for (Wide& x : w) {
            const auto v = getWide(in, pos);
            if (!v) {
                return damaged(where + ": a sum is truncated");
            }
            x = *v;
        }
        size_t i = 0;
        f.e2eNs = w[i++];
        f.e2eGpuNs = w[i++];
        for (Wide& b : f.bucketsNs) {
            b = w[i++];
        }
        for (Wide& b : f.bucketsGpuNs) {
            b = w[i++];
        }
        group.queueNs = w[i++];
        group.queueGpuNs = w[i++];
        for (Wide& s : group.sampleSums) {
            s = w[i++];
        }
        for (size_t l = 0; l < kSampleLists; ++l) {
            const auto count = getVarint(in, pos);
            const auto size = count ? getVarint(in, pos) : std::nullopt;
            if (!size || *count > in.size() || *size > in.size()) {
                return damaged(where + ": the " + kListNames[l] + " samples' sizes are truncated or beyond the bytes");
            }
            group.samples[l].count = static_cast<size_t>(*count);
            sizes[g][l] = *size;
            valueBytes += *size;
        }
    }
    if (valueBytes != in.size() - pos) {
        return damaged("the samples' sizes disagree with the bytes");
    }
    size_t values = pos;
    for (size_t g = 0; g < out.size(); ++g) {
        for (size_t l = 0; l < kSampleLists; ++l) {
            SampleRun& run = out[g].samples[l];
            run.encoded = in.substr(values, static_cast<size_t>(sizes[g][l]));
            values += static_cast<size_t>(sizes[g][l]);
            auto ints = columnar::readInts(run.encoded);
            if (!ints || ints->count != run.count || !ints->delta) {
                return damaged("group " + std::to_string(g) + ", " + kListNames[l]
                    + " samples: " + (ints ? std::string("not the run their header says") : ints.error().message));
            }
        }
    }
    return out;
}

Status writeChunkRollups(Database& db, int64_t chunk, StoredFleet&& fleet, const std::vector<int64_t>& labelIdOf)
{
    const ChunkRollupBuilder builder = installedBuilder();
    if (!builder) {
        return Status::success();
    }
    auto rollups = builder(std::move(fleet), labelIdOf);
    if (!rollups) {
        return rollups.error();
    }
    auto ins = db.prepare(
        "INSERT INTO column_rollups(chunk, label, key, groups, samples, raw_bytes, data) VALUES(?, ?, ?, ?, ?, ?, ?)");
    if (!ins) {
        return ins.error();
    }
    for (const ChunkRollup& r : *rollups) {
        std::string raw;
        int64_t samples = 0;
        for (const ChunkRollupGroup& g : r.groups) {
            for (size_t l = 0; l < kSampleLists; ++l) {
                samples += static_cast<int64_t>(g.figures.samples(static_cast<SampleList>(l)).size());
            }
        }
        if (r.rolled) {
            auto encoded = encodeChunkRollup(r.groups);
            if (!encoded) {
                // Samples the encoding cannot hold: the chunk keeps no roll-up (its summaries read
                // the fleet), which its missing whole ("") row says.
                return db.exec("DELETE FROM column_rollups WHERE chunk = " + std::to_string(chunk));
            }
            raw = std::move(*encoded);
        }
        auto data = columnar::compress(raw);
        if (!data) {
            return data.error();
        }
        ins->bind(1, chunk);
        ins->bind(2, r.labelId);
        ins->bind(3, r.key);
        ins->bind(4, r.rolled ? static_cast<int64_t>(r.groups.size()) : int64_t { -1 });
        ins->bind(5, r.rolled ? samples : int64_t { 0 });
        ins->bind(6, static_cast<int64_t>(raw.size()));
        ins->bindBlob(7, *data);
        if (auto st = ins->run(); !st) {
            return st;
        }
    }
    return Status::success();
}

namespace {

// A group's sums and its sample lists (sorted runs), gathered over rows.
struct Gathered
{
    Figures figures;
    Wide queueNs = 0;
    Wide queueGpuNs = 0;
    std::array<Wide, kSampleLists> sampleSums {};
    std::array<std::vector<ValueRun>, kSampleLists> samples;

    // Adds a group whose lists were unpacked to runs[0, kSampleLists).
    void add(const PreRolledGroup& g, const ValueRun* runs)
    {
        figures.merge(g.figures);
        queueNs += g.queueNs;
        queueGpuNs += g.queueGpuNs;
        for (size_t l = 0; l < kSampleLists; ++l) {
            sampleSums[l] += g.sampleSums[l];
            if (!runs[l].empty()) {
                samples[l].push_back(runs[l]);
            }
        }
    }

    // The figures with the queue counted or not, their lists ranked (each rank found by a binary
    // search over the sorted runs).
    Figures finish(bool countQueue) const
    {
        Figures f = figures;
        if (countQueue) {
            const auto queue = static_cast<size_t>(Bucket::Queue);
            f.e2eNs += queueNs;
            f.e2eGpuNs += queueGpuNs;
            f.bucketsNs[queue] += queueNs;
            f.bucketsGpuNs[queue] += queueGpuNs;
        }
        RankedSampleLists::Lists lists;
        for (size_t l = 0; l < kSampleLists; ++l) {
            int64_t count = 0;
            for (const ValueRun& run : samples[l]) {
                count += static_cast<int64_t>(run.count);
            }
            lists[l].count = count;
            lists[l].sum = sampleSums[l];
            lists[l].percentiles = percentilesOfLists(samples[l]);
        }
        f.ranked.set(lists);
        return f;
    }
};

struct RowInfo
{
    int64_t groups = 0;
    int64_t samples = 0;
};

} // namespace

Result<std::optional<PreRolledSummary>> readPreRolledSummary(
    Database& db, std::optional<int64_t> labelId, const std::string& key, bool countQueue)
{
    using Answer = std::optional<PreRolledSummary>;
    // The rows asked for (the baseline of `ettw bench open`): nothing of the copy is read.
    if (rowsAsked()) {
        return Answer {};
    }
    auto has = hasChunkRollups(db);
    if (!has) {
        return has.error();
    }
    if (!*has) {
        return Answer {};
    }
    // Chunks still to rebuild, or of another format, are read from the rows: not from here.
    auto stale = db.queryInt("SELECT (SELECT count(*) FROM column_dirty) + (SELECT count(*) FROM column_chunks "
                             "WHERE format <> "
        + std::to_string(kColumnFormat) + ")");
    if (!stale) {
        return stale.error();
    }
    if (stale->value_or(0) != 0) {
        return Answer {};
    }
    // Every (chunk, label) the selection holds, from the chunks' label lists.
    std::set<std::pair<int64_t, int64_t>> wanted;
    {
        auto st = db.prepare("SELECT chunk, labels FROM column_chunks");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] {
                const int64_t chunk = st->columnInt64(0);
                for (const int64_t id : columnar::parseLabelList(st->columnText(1))) {
                    if (!labelId || id == *labelId) {
                        wanted.emplace(chunk, id);
                    }
                }
            });
            !rows) {
            return rows.error();
        }
    }
    // Which rows there are (their bytes are read below, only those needed).
    std::map<std::pair<int64_t, int64_t>, RowInfo> whole;
    std::map<std::pair<int64_t, int64_t>, RowInfo> byKey;
    {
        std::string sql = "SELECT chunk, label, key, groups, samples FROM column_rollups WHERE key IN ('', ?1)";
        if (labelId) {
            sql += " AND label = ?2";
        }
        auto st = db.prepare(sql);
        if (!st) {
            return st.error();
        }
        st->bind(1, key);
        if (labelId) {
            st->bind(2, *labelId);
        }
        if (auto rows = st->forEachRow([&] {
                const std::pair<int64_t, int64_t> at { st->columnInt64(0), st->columnInt64(1) };
                (st->columnText(2).empty() ? whole : byKey)[at] = RowInfo { st->columnInt64(3), st->columnInt64(4) };
            });
            !rows) {
            return rows.error();
        }
    }
    if (!key.empty() && byKey.empty()) {
        return Answer {};
    }
    // The rows to read, and room for all their samples at once.
    std::vector<std::pair<std::pair<int64_t, int64_t>, bool>> reads; // (chunk, label), by key
    int64_t allSamples = 0;
    for (const auto& at : wanted) {
        const auto k = key.empty() ? byKey.end() : byKey.find(at);
        const auto w = whole.find(at);
        if (w == whole.end() || (k != byKey.end() && k->second.groups < 0)) {
            return Answer {};
        }
        const RowInfo& row = k != byKey.end() ? k->second : w->second;
        if (row.samples < 0 || row.samples > (int64_t { 1 } << 40)) {
            return Error { "the roll-up of chunk " + std::to_string(at.first) + " counts " + std::to_string(row.samples)
                + " samples" };
        }
        allSamples += row.samples;
        reads.emplace_back(at, k != byKey.end());
    }
    auto rowOf = db.prepare("SELECT raw_bytes, data FROM column_rollups WHERE chunk = ? AND label = ? AND key = ?");
    if (!rowOf) {
        return rowOf.error();
    }
    // Written once each, as they are unpacked (no zeroing first).
    const auto room = static_cast<size_t>(std::max<int64_t>(allSamples, 1));
    std::unique_ptr<int64_t[]> values(new int64_t[room]);
    populatePages(values.get(), room * sizeof(int64_t));
    int64_t used = 0;
    std::map<std::string, Gathered> groups;
    Gathered total;
    std::string raw;
    for (const auto& [at, grouped] : reads) {
        auto name = [&, at = at, grouped = grouped] {
            return "the roll-up of chunk " + std::to_string(at.first) + ", label " + std::to_string(at.second)
                + ", key '" + (grouped ? key : std::string()) + "'";
        };
        rowOf->bind(1, at.first);
        rowOf->bind(2, at.second);
        rowOf->bind(3, grouped ? key : std::string());
        auto row = rowOf->step();
        if (!row) {
            return row.error();
        }
        if (!*row) {
            return Error { name() + " is gone" };
        }
        const Status unpacked = columnar::decompress(rowOf->columnBlob(1), rowOf->columnInt64(0), raw);
        rowOf->reset();
        if (!unpacked) {
            return Error { name() + ": " + unpacked.error().message };
        }
        auto decoded = decodeChunkRollup(raw);
        if (!decoded) {
            return Error { name() + ": " + decoded.error().message };
        }
        const RowInfo& info = grouped ? byKey.at(at) : whole.at(at);
        if (static_cast<int64_t>(decoded->size()) != info.groups) {
            return Error { name() + ": " + std::to_string(decoded->size()) + " groups where its row says "
                + std::to_string(info.groups) };
        }
        int64_t rowSamples = 0;
        for (const PreRolledGroup& g : *decoded) {
            for (const SampleRun& run : g.samples) {
                rowSamples += static_cast<int64_t>(run.count);
            }
        }
        if (rowSamples != info.samples) {
            return Error { name() + ": " + std::to_string(rowSamples) + " samples where its row says "
                + std::to_string(info.samples) };
        }
        for (const PreRolledGroup& g : *decoded) {
            std::array<ValueRun, kSampleLists> runs;
            for (size_t l = 0; l < kSampleLists; ++l) {
                int64_t* out = values.get() + used;
                if (auto st = unpackSampleRun(g.samples[l], out); !st) {
                    return Error { name() + ": group '" + g.name + "', " + kListNames[l]
                        + " samples: " + st.error().message };
                }
                runs[l] = ValueRun { out, g.samples[l].count, true };
                used += static_cast<int64_t>(g.samples[l].count);
            }
            total.add(g, runs.data());
            if (!key.empty()) {
                // A chunk whose jobs of the label have no value of the key: all of them in "(none)".
                groups[grouped ? g.name : std::string(kNoGroupName)].add(g, runs.data());
            }
        }
    }
    PreRolledSummary out;
    out.total = total.finish(countQueue);
    for (const auto& [n, g] : groups) {
        out.groups.emplace(n, g.finish(countQueue));
    }
    out.chunks = static_cast<int64_t>(reads.size());
    return Answer { std::move(out) };
}

} // namespace ett::core
