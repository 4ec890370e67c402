#include "core/store/clickhouse/push.h"

#include "core/ingest/sha256.h"
#include "core/model/timeutil.h"
#include "core/store/cause_rules_store.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/database.h"
#include "core/store/schema.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <random>
#include <thread>
#include <tuple>
#include <unordered_map>

namespace ett::core::clickhouse {

namespace {

// ClickHouse's "Cannot ... in readonly mode".
constexpr int kReadonlyErrorCode = 164;

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

uint64_t nowNs()
{
    return static_cast<uint64_t>(core::wallClockNs());
}

// Which shard holds a job: FNV-1a of its key, so that a job's rows always meet on one shard.
size_t shardOf(const std::string& key, size_t shards)
{
    uint64_t h = 14695981039346656037ULL;
    for (const char c : key) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return static_cast<size_t>(h % shards);
}

// The instant an attempt's interruption counts at: its fault clamped into the attempt when it
// failed or was preempted, else its end (gpu::kernels::phaseEnd).
int64_t faultInstant(int64_t start, int64_t end, uint8_t outcome, int64_t fault)
{
    const bool interrupted
        = outcome == static_cast<uint8_t>(Outcome::Failed) || outcome == static_cast<uint8_t>(Outcome::Preempted);
    return interrupted ? std::min(std::max(fault, start), end) : end;
}

std::optional<int64_t> present(int64_t v)
{
    return v == kNoTime ? std::nullopt : std::optional<int64_t>(v);
}

// The rows of one shard, table by table, sent in batches of at most `batchRows` rows.
class ShardWriter
{
public:
    ShardWriter(const StoredFleet& fleet, uint64_t datasetId, uint32_t firstJobNo, const std::string& database,
        HttpConnection& conn, size_t shard, const PushOptions& options, std::atomic<bool>& stopAll,
        const FleetTexts* fleetTexts)
        : f(fleet.columns)
        , at(fleet.attribution)
        , id(datasetId)
        , base(firstJobNo)
        , db(database)
        , c(conn)
        , shardIdx(shard)
        , opt(options)
        , stop(stopAll)
        , texts(fleetTexts)
    {
    }

    Status run(const std::vector<uint32_t>& jobs, const std::string& label)
    {
        // 1. Jobs.
        for (uint32_t j : jobs) {
            w.uint64(id);
            w.uint32(base + j);
            w.string(f.jobKey[j]);
            w.string(j < f.jobName.size() ? f.jobName[j] : std::string());
            w.string(label);
            w.int64(f.jobGpus[j]);
            w.nullableInt64(present(f.jobSubmittedNs[j]));
            std::vector<std::string> keys, values;
            for (size_t k = 0; k < f.attrKeys.size(); ++k) {
                if (const int32_t v = f.attr(j, k); v >= 0) {
                    keys.push_back(f.attrKeys[k]);
                    values.push_back(f.attrValues[k][static_cast<size_t>(v)]);
                }
            }
            w.stringArray(keys);
            w.stringArray(values);
            // The job's window and whether it has checkpoint records (spec 5.5: ranges count a job
            // where its window overlaps them).
            const auto a0 = static_cast<size_t>(f.jobAttemptBegin[j]);
            const auto a1 = static_cast<size_t>(f.jobAttemptBegin[j + 1]);
            w.uint32(static_cast<uint32_t>(a1 - a0));
            w.int64(a0 < a1 ? f.attemptStartNs[a0] : 0);
            w.int64(a0 < a1 ? f.attemptEndNs[a1 - 1] : 0);
            w.uint8(f.jobCheckpointBegin[j] < f.jobCheckpointBegin[j + 1] ? 1 : 0);
            if (auto st = rowDone("jobs"); !st) {
                return st;
            }
        }
        if (auto st = flush("jobs"); !st) {
            return st;
        }
        // 2. Attempts, with their attributed figures.
        auto attemptRows = forEachAttempt(jobs, [&](uint32_t j, size_t a, uint32_t idx) {
            key(j, idx);
            w.int32(f.attemptNumber[a]);
            w.int64(f.attemptStartNs[a]);
            w.int64(f.attemptEndNs[a]);
            w.int64(f.attemptGpus[a]);
            w.int8(static_cast<int8_t>(f.attemptOutcome[a]));
            w.int8(static_cast<int8_t>(f.attemptInterruption[a]));
            w.int64(f.attemptFaultNs[a]);
            w.string(f.causeClasses[static_cast<size_t>(f.attemptCauseClass[a])]);
            for (size_t b = 0; b < static_cast<size_t>(kBucketCount); ++b) {
                w.int64(at.attemptBucketsNs[a * kBucketCount + b]);
            }
            w.int64(at.attemptGapAfterNs[a]);
            w.int64(at.attemptTtsNs[a]);
            w.nullableInt64(present(at.attemptFirstTrainNs[a]));
            w.nullableInt64(present(at.attemptTtrNs[a]));
            // Where an interruption counts (its fault clamped into the attempt, spec 5.4), and the
            // attempt's stretch end: the next attempt's start, or its own end when it is the last.
            const bool last = a + 1 == static_cast<size_t>(f.jobAttemptBegin[j + 1]);
            w.int64(faultInstant(f.attemptStartNs[a], f.attemptEndNs[a], f.attemptOutcome[a], f.attemptFaultNs[a]));
            w.int64(last ? f.attemptEndNs[a] : f.attemptStartNs[a + 1]);
            w.uint8(last ? 1 : 0);
            const bool hasTexts = texts && a < texts->attemptCause.size();
            w.string(hasTexts ? texts->attemptCause[a] : std::string());
            w.string(hasTexts ? texts->attemptSymptom[a] : std::string());
            w.string(hasTexts ? texts->attemptDetail[a] : std::string());
            return rowDone("attempts");
        });
        if (auto st = attemptRows ? flush("attempts") : attemptRows; !st) {
            return st;
        }
        // 3. Segments, each with its attempt's GPU count (the weight of GPU-weighted sums).
        auto segmentRows = forEachAttempt(jobs, [&](uint32_t j, size_t a, uint32_t idx) {
            for (auto s = static_cast<size_t>(at.attemptSegmentBegin[a]);
                 s < static_cast<size_t>(at.attemptSegmentBegin[a + 1]); ++s) {
                key(j, idx);
                w.int64(at.segmentStartNs[s]);
                w.int64(at.segmentEndNs[s]);
                w.int8(static_cast<int8_t>(at.segmentBucket[s]));
                w.int64(f.attemptGpus[a]);
                if (auto st = rowDone("segments"); !st) {
                    return st;
                }
            }
            return Status::success();
        });
        if (auto st = segmentRows ? flush("segments") : segmentRows; !st) {
            return st;
        }
        // 4. Phases (held only when the fleet was loaded with them).
        if (!f.attemptPhaseBegin.empty()) {
            auto phaseRows = forEachAttempt(jobs, [&](uint32_t j, size_t a, uint32_t idx) {
                for (auto p = static_cast<size_t>(f.attemptPhaseBegin[a]);
                     p < static_cast<size_t>(f.attemptPhaseBegin[a + 1]); ++p) {
                    const auto kind = static_cast<size_t>(f.phaseKind[p]);
                    key(j, idx);
                    w.int64(f.phaseStartNs[p]);
                    w.int64(f.phaseEndNs[p]);
                    w.int8(static_cast<int8_t>(f.kindCategory[kind]));
                    w.string(f.kindSubcategory[kind]);
                    w.int32(f.phaseRank[p]);
                    if (auto st = rowDone("phases"); !st) {
                        return st;
                    }
                }
                return Status::success();
            });
            if (auto st = phaseRows ? flush("phases") : phaseRows; !st) {
                return st;
            }
        }
        // 5. Checkpoints.
        for (uint32_t j : jobs) {
            for (auto k = static_cast<size_t>(f.jobCheckpointBegin[j]);
                 k < static_cast<size_t>(f.jobCheckpointBegin[j + 1]); ++k) {
                w.uint64(id);
                w.uint32(base + j);
                w.int64(f.checkpointStartNs[k]);
                w.int64(f.checkpointDurableNs[k]);
                w.uint8(f.checkpointFailed[k]);
                const bool hasTexts = texts && k < texts->checkpointAttempt.size();
                w.int32(hasTexts ? texts->checkpointAttempt[k] : 0);
                w.nullableInt64(hasTexts ? texts->checkpointStep[k] : std::nullopt);
                if (auto st = rowDone("checkpoints"); !st) {
                    return st;
                }
            }
        }
        if (auto st = flush("checkpoints"); !st) {
            return st;
        }
        // 6. The hosts of the attempts' ranks.
        if (!texts) {
            return Status::success();
        }
        auto hostRows = forEachAttempt(jobs, [&](uint32_t j, size_t a, uint32_t idx) {
            if (a >= texts->attemptHosts.size()) {
                return Status::success();
            }
            for (const auto& [rank, host] : texts->attemptHosts[a]) {
                key(j, idx);
                w.int32(rank);
                w.string(host);
                if (auto st = rowDone("rank_hosts"); !st) {
                    return st;
                }
            }
            return Status::success();
        });
        return hostRows ? flush("rank_hosts") : hostRows;
    }

private:
    // Calls fn(job, attempt, index of the attempt within its job) for every attempt of `jobs`,
    // in order; stops at the first Error.
    template <typename Fn> Status forEachAttempt(const std::vector<uint32_t>& jobs, Fn&& fn)
    {
        for (uint32_t j : jobs) {
            const auto begin = static_cast<size_t>(f.jobAttemptBegin[j]);
            for (size_t a = begin; a < static_cast<size_t>(f.jobAttemptBegin[j + 1]); ++a) {
                if (auto st = fn(j, a, static_cast<uint32_t>(a - begin)); !st) {
                    return st;
                }
            }
        }
        return Status::success();
    }

    // The key every row of an attempt starts with: dataset, job, attempt index.
    void key(uint32_t job, uint32_t attemptIdx)
    {
        w.uint64(id);
        w.uint32(base + job);
        w.uint32(attemptIdx);
    }

    Status rowDone(const char* table)
    {
        ++rows;
        return rows >= opt.batchRows ? flush(table) : Status::success();
    }

    Status flush(const char* table)
    {
        if (rows == 0) {
            return Status::success();
        }
        if (stop) {
            // Another shard failed: the push is lost anyway, so send no more.
            return Error { "stopped" };
        }
        if (auto st = c.insert("INSERT INTO " + db + "." + table + "_local FORMAT RowBinary", w.data()); !st) {
            return st;
        }
        const BatchSent sent { shardIdx, table, static_cast<int64_t>(rows) };
        w.clear();
        rows = 0;
        return opt.afterBatch ? opt.afterBatch(sent) : Status::success();
    }

    const FleetColumns& f;
    const Attribution& at;
    const uint64_t id;
    const uint32_t base; // the store's number of the slice's first job
    const std::string& db;
    HttpConnection& c;
    const size_t shardIdx;
    const PushOptions& opt;
    std::atomic<bool>& stop;
    const FleetTexts* texts;
    RowBinaryWriter w;
    size_t rows = 0;
};

// Drops every row of `ids` from every shard (partitions are dataset ids: dropping one is
// immediate and whole). A missing partition is no error.
Status dropDatasets(FleetStore& store, const std::vector<ServerAddress>& shards, const std::vector<uint64_t>& ids)
{
    for (const auto& s : shards) {
        auto c = store.connect(s);
        for (uint64_t id : ids) {
            for (const char* t : kRowTables) {
                if (auto r = c->query("ALTER TABLE " + store.table(t) + "_local DROP PARTITION " + std::to_string(id));
                    !r) {
                    return r.error();
                }
            }
        }
    }
    return Status::success();
}

// The catalogue's states (store_schema.h).
enum class DatasetState : int8_t { Pending = 1, Committed = 2, Removed = 3 };

// One event of a dataset in the catalogue. `seq` orders the events of a label (the latest
// committed or removed one decides): the time now, or 0 for an event that must never decide.
Status writeCatalogueRow(FleetStore& store, HttpConnection& c, const PushReport& r, DatasetState state,
    const std::string& source, uint64_t seq)
{
    const uint64_t now = nowNs();
    RowBinaryWriter w;
    w.uint64(r.datasetId);
    w.string(r.label);
    w.string(r.contentHash);
    w.int8(static_cast<int8_t>(state));
    w.uint64(seq);
    w.uint32(static_cast<uint32_t>(now / 1'000'000'000));
    w.string(source);
    for (int64_t n : { r.jobs, r.attempts, r.segments, r.phases, r.checkpoints }) {
        w.uint64(static_cast<uint64_t>(n));
    }
    return c.insert("INSERT INTO " + store.table("datasets_local") + " FORMAT RowBinary", w.data());
}

} // namespace

Result<FleetTexts> loadFleetTexts(Database& db, const StoredFleet& fleet, const ColumnsQuery& query)
{
    const FleetColumns& f = fleet.columns;
    const std::string where = columnsQueryWhere(query);
    FleetTexts out;
    // 1. Attempts in the columns' order (the loader's ORDER BY, a total order).
    auto st = db.prepare("SELECT " + std::string(kEffectiveCauseSql)
        + ", a.symptom, a.detail, a.id FROM attempts a JOIN jobs j ON j.id = a.job_id JOIN "
          "attempt_derived d ON d.attempt_id = a.id"
        + where + " ORDER BY a.job_id, a.start_ns, a.attempt_no");
    if (!st) {
        return st.error();
    }
    bindColumnsQuery(*st, query);
    std::unordered_map<int64_t, size_t> attemptOfId;
    if (auto rows = st->forEachRow([&] {
            attemptOfId.emplace(st->columnInt64(3), out.attemptCause.size());
            out.attemptCause.push_back(st->columnText(0));
            out.attemptSymptom.push_back(st->columnText(1));
            out.attemptDetail.push_back(st->columnText(2));
        });
        !rows) {
        return rows.error();
    }
    if (out.attemptCause.size() != f.attempts()) {
        return Error { db.path() + ": the attempts changed while they were read; push again" };
    }
    // The ranks' hosts of those attempts.
    out.attemptHosts.resize(f.attempts());
    auto hosts = db.prepare("SELECT h.attempt_id, h.rank, h.host FROM rank_hosts h JOIN attempts a ON a.id = "
                            "h.attempt_id JOIN jobs j ON j.id = a.job_id"
        + where + " ORDER BY h.attempt_id, h.rank");
    if (!hosts) {
        return hosts.error();
    }
    bindColumnsQuery(*hosts, query);
    if (auto rows = hosts->forEachRow([&] {
            if (const auto it = attemptOfId.find(hosts->columnInt64(0)); it != attemptOfId.end()) {
                out.attemptHosts[it->second].emplace_back(
                    static_cast<int32_t>(hosts->columnInt64(1)), hosts->columnText(2));
            }
        });
        !rows) {
        return rows.error();
    }
    // 2. Checkpoints, matched by job, start, durable instant and failure (in the order each key
    // comes, when several checkpoints share one).
    using Key = std::tuple<int64_t, int64_t, int64_t, bool>;
    std::map<Key, std::vector<std::pair<int32_t, std::optional<int64_t>>>> byKey;
    auto ck = db.prepare("SELECT c.job_id, c.start_ns, coalesce(c.durable_ns, c.start_ns), c.failed, c.attempt_no, "
                         "c.step FROM checkpoints c JOIN jobs j ON j.id = c.job_id"
        + where + " ORDER BY c.id DESC");
    if (!ck) {
        return ck.error();
    }
    bindColumnsQuery(*ck, query);
    if (auto rows = ck->forEachRow([&] {
            byKey[{ ck->columnInt64(0), ck->columnInt64(1), ck->columnInt64(2), ck->columnInt64(3) != 0 }].emplace_back(
                static_cast<int32_t>(ck->columnInt64(4)), ck->columnOptionalInt64(5));
        });
        !rows) {
        return rows.error();
    }
    for (size_t j = 0; j < f.jobs(); ++j) {
        for (auto k = static_cast<size_t>(f.jobCheckpointBegin[j]);
             k < static_cast<size_t>(f.jobCheckpointBegin[j + 1]); ++k) {
            auto it = byKey.find(
                { f.jobRowId[j], f.checkpointStartNs[k], f.checkpointDurableNs[k], f.checkpointFailed[k] != 0 });
            if (it == byKey.end() || it->second.empty()) {
                return Error { db.path() + ": the checkpoints changed while they were read; push again" };
            }
            out.checkpointAttempt.push_back(it->second.back().first);
            out.checkpointStep.push_back(it->second.back().second);
            it->second.pop_back();
        }
    }
    return out;
}

Result<std::string> labelContentHash(Database& db, const std::string& label, int storeVersion)
{
    auto st = db.prepare(
        "SELECT d.sha256 FROM datasets d JOIN labels l ON l.id = d.label_id WHERE l.name = ?1 ORDER BY d.sha256");
    if (!st) {
        return st.error();
    }
    st->bind(1, label);
    std::string text = "ett-fleet-store accounting " + std::to_string(kAccountingVersion)
        + (storeVersion >= 3 ? " store " + std::to_string(storeVersion) : std::string()) + "\n";
    int files = 0;
    if (auto rows = st->forEachRow([&] {
            text += st->columnText(0) + "\n";
            ++files;
        });
        !rows) {
        return rows.error();
    }
    if (files == 0) {
        return Error { "no label '" + label + "' in " + db.path() };
    }
    return sha256Hex(text);
}

namespace {

// One push of one label, in three steps: begin() announces a fresh dataset (or finds the content
// already there), send() streams a slice of the label's jobs to the shards, commit() counts the
// rows back and makes the dataset live.
class LabelPush
{
public:
    LabelPush(FleetStore& store, const std::string& label, const std::string& contentHash,
        const std::string& olderStoreHash, const std::string& source, const PushOptions& options)
        : m_store(store)
        , m_source(source)
        , m_olderStoreHash(olderStoreHash)
        , m_opt(options)
        , m_t0(std::chrono::steady_clock::now())
    {
        m_opt.batchRows = std::clamp<size_t>(m_opt.batchRows, 1, kMaxBatchRows);
        m_report.label = label;
        m_report.contentHash = contentHash;
    }

    // Steps 1 to 3. After it, report().unchanged says the store holds this content already.
    Status begin()
    {
        const std::string& label = m_report.label;
        // 1. What the store holds under this label.
        auto shards = m_store.shards();
        if (!shards) {
            return shards.error();
        }
        m_shards = std::move(*shards);
        auto live = m_store.liveDatasets(label);
        if (!live) {
            return live.error();
        }
        if (!live->empty()) {
            const LiveDataset& current = live->front();
            if (current.contentHash == m_report.contentHash) {
                m_report.unchanged = true;
                m_report.datasetId = current.id;
                m_report.seconds = secondsSince(m_t0);
                return Status::success();
            }
            // The same files pushed before the store's upgrade lack what the store now holds.
            if (!m_opt.replace && current.contentHash != m_olderStoreHash) {
                return Error { "label '" + label + "' already holds other content in the store (dataset "
                    + std::to_string(current.id) + "); push with --replace to replace it, or use another label" };
            }
            m_replacing = current.id;
        }

        // 2. Rows of unfinished pushes of this label (a push killed midway): never counted; dropped.
        auto unfinished = m_store.select("SELECT id FROM " + m_store.table("datasets")
            + " WHERE label = " + sqlString(label) + " GROUP BY id HAVING countIf(state != 'pending') = 0 ORDER BY id");
        if (!unfinished) {
            return unfinished.error();
        }
        for (RowBinaryReader ur(*unfinished); !ur.atEnd();) {
            auto id = ur.uint64();
            if (!id) {
                return id.error();
            }
            m_report.dropped.push_back(*id);
        }
        if (auto st = dropDatasets(m_store, m_shards, m_report.dropped); !st) {
            return st.error();
        }
        m_catalogue = m_store.connect(m_shards.front());
        for (uint64_t id : m_report.dropped) {
            // Marked removed (with sequence 0, so that it never decides what is live), so that the
            // next push does not look for its rows again.
            PushReport gone;
            gone.datasetId = id;
            gone.label = label;
            if (auto st
                = writeCatalogueRow(m_store, *m_catalogue, gone, DatasetState::Removed, "unfinished push dropped", 0);
                !st) {
                return st.error();
            }
        }

        // 3. A fresh dataset id, announced as pending on the first shard.
        std::random_device rd;
        m_report.datasetId = ((static_cast<uint64_t>(rd()) << 32) | rd()) & 0x7FFF'FFFF'FFFF'FFFFULL;
        m_report.datasetId = std::max<uint64_t>(m_report.datasetId, 1);
        if (auto st = writeCatalogueRow(m_store, *m_catalogue, m_report, DatasetState::Pending, m_source, nowNs());
            !st) {
            if (m_catalogue->lastError().code == kReadonlyErrorCode) {
                return Error { st.error().message + " (user '" + m_store.url().user
                    + "' may only read: push with a user that may insert)" };
            }
            return st.error();
        }
        return Status::success();
    }

    // Step 4, for one slice of the label's jobs: every shard its jobs' rows, in parallel. The
    // slice's jobs are numbered on from the slices sent before.
    Status send(const StoredFleet& fleet, const FleetTexts* texts)
    {
        const FleetColumns& f = fleet.columns;
        std::vector<std::vector<uint32_t>> jobsOf(m_shards.size());
        for (size_t j = 0; j < f.jobs(); ++j) {
            jobsOf[shardOf(f.jobKey[j], m_shards.size())].push_back(static_cast<uint32_t>(j));
        }
        const auto base = static_cast<uint32_t>(m_report.jobs);
        std::vector<Status> results(m_shards.size());
        std::atomic<bool> stop { false };
        {
            std::vector<std::thread> workers;
            for (size_t s = 0; s < m_shards.size(); ++s) {
                workers.emplace_back([&, s] {
                    auto conn = m_store.connect(m_shards[s]);
                    ShardWriter writer(
                        fleet, m_report.datasetId, base, m_store.url().database, *conn, s, m_opt, stop, texts);
                    results[s] = writer.run(jobsOf[s], m_report.label);
                    if (!results[s]) {
                        stop = true;
                    }
                });
            }
            for (auto& t : workers) {
                t.join();
            }
        }
        for (const Status& st : results) {
            if (!st && st.error().message != "stopped") {
                return Error { "push of label '" + m_report.label + "' stopped: " + st.error().message
                    + "; nothing of it is counted by queries (push again to finish it)" };
            }
        }
        m_report.jobs += static_cast<int64_t>(f.jobs());
        m_report.attempts += static_cast<int64_t>(f.attempts());
        m_report.segments += static_cast<int64_t>(fleet.attribution.segments());
        m_report.phases += static_cast<int64_t>(f.attemptPhaseBegin.empty() ? 0 : f.phases());
        m_report.checkpoints += static_cast<int64_t>(f.checkpoints());
        if (texts) {
            for (const auto& h : texts->attemptHosts) {
                m_report.rankHosts += static_cast<int64_t>(h.size());
            }
        }
        return Status::success();
    }

    // Steps 5 to 7.
    Result<PushReport> commit()
    {
        const std::string& label = m_report.label;
        // 5. Count the rows back through the cluster before committing.
        const std::pair<const char*, int64_t> expected[] = { { "jobs", m_report.jobs },
            { "attempts", m_report.attempts }, { "segments", m_report.segments }, { "phases", m_report.phases },
            { "checkpoints", m_report.checkpoints }, { "rank_hosts", m_report.rankHosts } };
        m_report.rows = 0;
        for (const auto& [table, n] : expected) {
            auto got = m_store.select("SELECT count() FROM " + m_store.table(table)
                + " WHERE dataset_id = " + std::to_string(m_report.datasetId));
            if (!got) {
                return got.error();
            }
            RowBinaryReader r(*got);
            auto count = r.uint64();
            if (!count) {
                return count.error();
            }
            if (*count != static_cast<uint64_t>(n)) {
                return Error { "push of label '" + label + "': the store holds " + std::to_string(*count) + " " + table
                    + " rows of dataset " + std::to_string(m_report.datasetId) + ", " + std::to_string(n)
                    + " were sent (another push of the label at the same time?); nothing was committed" };
            }
            m_report.rows += n;
        }

        // 6. Commit: one row, one insert. From here on queries count the dataset.
        if (auto st = writeCatalogueRow(m_store, *m_catalogue, m_report, DatasetState::Committed, m_source, nowNs());
            !st) {
            return Error { st.error().message + "; the push of label '" + label
                + "' was not committed (push again to finish it)" };
        }

        // 7. The replaced dataset is no longer live: drop its rows.
        if (m_replacing) {
            m_report.replaced = true;
            m_report.dropped.push_back(*m_replacing);
            if (auto st = dropDatasets(m_store, m_shards, { *m_replacing }); !st) {
                return Error { "label '" + label
                    + "' was pushed, but the rows of the dataset it replaced could not be dropped: "
                    + st.error().message };
            }
        }
        m_report.seconds = secondsSince(m_t0);
        return m_report;
    }

    const PushReport& report() const { return m_report; }

private:
    FleetStore& m_store;
    const std::string m_source;
    const std::string m_olderStoreHash; // the label's content as a store of the version before holds it
    PushOptions m_opt;
    const std::chrono::steady_clock::time_point m_t0;
    PushReport m_report;
    std::vector<ServerAddress> m_shards;
    std::unique_ptr<HttpConnection> m_catalogue;
    std::optional<uint64_t> m_replacing;
};

// The row ids of a label's jobs cut into slices of at most `jobsPerSlice` jobs, in id order.
Result<std::vector<std::pair<int64_t, int64_t>>> jobSlices(
    Database& db, const std::string& label, size_t jobsPerSlice, int64_t& jobs)
{
    auto st = db.prepare(
        "SELECT j.id FROM jobs j WHERE j.label_id = (SELECT id FROM labels WHERE name = ?1) ORDER BY j.id");
    if (!st) {
        return st.error();
    }
    st->bind(1, label);
    std::vector<std::pair<int64_t, int64_t>> out;
    size_t inSlice = 0;
    if (auto rows = st->forEachRow([&] {
            const int64_t id = st->columnInt64(0);
            if (out.empty() || inSlice == jobsPerSlice) {
                out.emplace_back(id, id);
                inSlice = 0;
            }
            out.back().second = id;
            ++inSlice;
            ++jobs;
        });
        !rows) {
        return rows.error();
    }
    return out;
}

// One slice of a label loaded with its texts.
struct Slice
{
    StoredFleet fleet;
    FleetTexts texts;
};

Result<Slice> loadSlice(Database& db, const ColumnsQuery& q)
{
    auto fleet = loadStoredFleet(db, q);
    if (!fleet) {
        return fleet.error();
    }
    auto texts = loadFleetTexts(db, *fleet, q);
    if (!texts) {
        return texts.error();
    }
    return Slice { std::move(*fleet), std::move(*texts) };
}

// Pushes one label of `db`, slice by slice: the next slice is read from the database while the
// shards take the current one, so at most two slices are held.
Result<PushReport> pushLabel(
    FleetStore& store, Database& db, const std::string& label, const std::string& source, const PushOptions& options)
{
    auto hash = labelContentHash(db, label);
    auto older = labelContentHash(db, label, kStoreSchemaVersion - 1);
    if (!hash || !older) {
        return !hash ? hash.error() : older.error();
    }
    LabelPush push(store, label, *hash, *older, source, options);
    if (auto st = push.begin(); !st) {
        return st.error();
    }
    if (push.report().unchanged) {
        return push.report();
    }
    int64_t jobsInLabel = 0;
    auto slices = jobSlices(db, label, std::max<size_t>(options.jobsPerSlice, 1), jobsInLabel);
    if (!slices) {
        return slices.error();
    }
    auto query = [&](size_t i) {
        ColumnsQuery q;
        q.label = label;
        q.withPhases = true;
        q.jobIds = (*slices)[i];
        return q;
    };
    int64_t jobsTotal = 0;
    std::future<Result<Slice>> next;
    if (!slices->empty()) {
        next = std::async(std::launch::async, [&db, q = query(0)] { return loadSlice(db, q); });
    }
    for (size_t i = 0; i < slices->size(); ++i) {
        auto slice = next.get();
        if (!slice) {
            return slice.error();
        }
        if (i + 1 < slices->size()) {
            next = std::async(std::launch::async, [&db, q = query(i + 1)] { return loadSlice(db, q); });
        }
        // On an error the slice being read is waited for (the future's destructor) before returning.
        if (auto st = push.send(slice->fleet, &slice->texts); !st) {
            return st.error();
        }
        jobsTotal += static_cast<int64_t>(slice->fleet.columns.jobs());
        if (options.afterSlice) {
            options.afterSlice(label, jobsTotal, jobsInLabel);
        }
    }
    return push.commit();
}

} // namespace

Result<std::vector<PushReport>> pushDatabase(FleetStore& store, Database& db, const std::optional<std::string>& label,
    const std::string& source, const PushOptions& options)
{
    std::vector<std::string> labels;
    if (label) {
        labels.push_back(*label);
    } else {
        auto st = db.prepare("SELECT name FROM labels l WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.label_id = "
                             "l.id) ORDER BY name");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] { labels.push_back(st->columnText(0)); }); !rows) {
            return rows.error();
        }
        if (labels.empty()) {
            return Error { db.path() + " holds no imported files: nothing to push" };
        }
    }
    std::vector<PushReport> out;
    for (const auto& l : labels) {
        auto report = pushLabel(store, db, l, source, options);
        if (!report) {
            return report.error();
        }
        out.push_back(std::move(*report));
    }
    return out;
}

} // namespace ett::core::clickhouse
