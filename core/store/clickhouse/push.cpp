#include "core/store/clickhouse/push.h"

#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/database.h"
#include "core/store/schema.h"

#include <openssl/evp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <thread>
#include <tuple>

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
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count());
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
    ShardWriter(const StoredFleet& fleet, uint64_t datasetId, const std::string& database, HttpConnection& conn,
        size_t shard, const PushOptions& options, std::atomic<bool>& stopAll, const FleetTexts* fleetTexts)
        : f(fleet.columns)
        , at(fleet.attribution)
        , id(datasetId)
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
            w.uint32(j);
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
                w.uint32(j);
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
        return flush("checkpoints");
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
        w.uint32(job);
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

Result<FleetTexts> loadFleetTexts(Database& db, const StoredFleet& fleet, const std::optional<std::string>& label)
{
    const FleetColumns& f = fleet.columns;
    const std::string where = label ? " WHERE j.label_id = (SELECT id FROM labels WHERE name = ?1)" : "";
    FleetTexts out;
    // 1. Attempts in the columns' order (the loader's ORDER BY, a total order).
    auto st = db.prepare("SELECT a.cause, a.symptom, a.detail FROM attempts a JOIN jobs j ON j.id = a.job_id JOIN "
                         "attempt_derived d ON d.attempt_id = a.id"
        + where + " ORDER BY a.job_id, a.start_ns, a.attempt_no");
    if (!st) {
        return st.error();
    }
    if (label) {
        st->bind(1, *label);
    }
    if (auto rows = st->forEachRow([&] {
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
    if (label) {
        ck->bind(1, *label);
    }
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

Result<PushReport> pushFleet(FleetStore& store, const StoredFleet& fleet, const std::string& label,
    const std::string& contentHash, const std::string& source, const PushOptions& options, const FleetTexts* texts)
{
    const auto t0 = std::chrono::steady_clock::now();
    PushOptions opt = options;
    opt.batchRows = std::clamp<size_t>(opt.batchRows, 1, kMaxBatchRows);
    const FleetColumns& f = fleet.columns;
    PushReport report;
    report.label = label;
    report.contentHash = contentHash;
    report.jobs = static_cast<int64_t>(f.jobs());
    report.attempts = static_cast<int64_t>(f.attempts());
    report.segments = static_cast<int64_t>(fleet.attribution.segments());
    report.phases = static_cast<int64_t>(f.attemptPhaseBegin.empty() ? 0 : f.phases());
    report.checkpoints = static_cast<int64_t>(f.checkpoints());

    // 1. What the store holds under this label.
    auto shards = store.shards();
    if (!shards) {
        return shards.error();
    }
    auto live = store.liveDatasets(label);
    if (!live) {
        return live.error();
    }
    std::optional<uint64_t> replacing;
    if (!live->empty()) {
        const LiveDataset& current = live->front();
        if (current.contentHash == contentHash) {
            report.unchanged = true;
            report.datasetId = current.id;
            report.seconds = secondsSince(t0);
            return report;
        }
        if (!opt.replace) {
            return Error { "label '" + label + "' already holds other content in the store (dataset "
                + std::to_string(current.id) + "); push with --replace to replace it, or use another label" };
        }
        replacing = current.id;
    }

    // 2. Rows of unfinished pushes of this label (a push killed midway): never counted; dropped.
    HttpConnection& main = store.queryNode();
    auto unfinished = main.query("SELECT id FROM " + store.table("datasets") + " WHERE label = " + sqlString(label)
        + " GROUP BY id HAVING countIf(state != 'pending') = 0 ORDER BY id FORMAT RowBinary");
    if (!unfinished) {
        return store.explain(unfinished.error());
    }
    RowBinaryReader ur(*unfinished);
    while (!ur.atEnd()) {
        auto id = ur.uint64();
        if (!id) {
            return id.error();
        }
        report.dropped.push_back(*id);
    }
    if (auto st = dropDatasets(store, *shards, report.dropped); !st) {
        return st.error();
    }
    auto catalogue = store.connect(shards->front());
    for (uint64_t id : report.dropped) {
        // Marked removed (with sequence 0, so that it never decides what is live), so that the
        // next push does not look for its rows again.
        PushReport gone;
        gone.datasetId = id;
        gone.label = label;
        if (auto st = writeCatalogueRow(store, *catalogue, gone, DatasetState::Removed, "unfinished push dropped", 0);
            !st) {
            return st.error();
        }
    }

    // 3. A fresh dataset id, announced as pending on the first shard.
    std::random_device rd;
    report.datasetId = ((static_cast<uint64_t>(rd()) << 32) | rd()) & 0x7FFF'FFFF'FFFF'FFFFULL;
    report.datasetId = std::max<uint64_t>(report.datasetId, 1);
    if (auto st = writeCatalogueRow(store, *catalogue, report, DatasetState::Pending, source, nowNs()); !st) {
        if (catalogue->lastError().code == kReadonlyErrorCode) {
            return Error { st.error().message + " (user '" + store.url().user
                + "' may only read: push with a user that may insert)" };
        }
        return st.error();
    }

    // 4. Every shard its jobs' rows, in parallel.
    std::vector<std::vector<uint32_t>> jobsOf(shards->size());
    for (size_t j = 0; j < f.jobs(); ++j) {
        jobsOf[shardOf(f.jobKey[j], shards->size())].push_back(static_cast<uint32_t>(j));
    }
    std::vector<Status> results(shards->size());
    std::atomic<bool> stop { false };
    {
        std::vector<std::thread> workers;
        for (size_t s = 0; s < shards->size(); ++s) {
            workers.emplace_back([&, s] {
                auto conn = store.connect((*shards)[s]);
                ShardWriter writer(fleet, report.datasetId, store.url().database, *conn, s, opt, stop, texts);
                results[s] = writer.run(jobsOf[s], label);
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
            return Error { "push of label '" + label + "' stopped: " + st.error().message
                + "; nothing of it is counted by queries (push again to finish it)" };
        }
    }

    // 5. Count the rows back through the cluster before committing.
    const std::pair<const char*, int64_t> expected[] = { { "jobs", report.jobs }, { "attempts", report.attempts },
        { "segments", report.segments }, { "phases", report.phases }, { "checkpoints", report.checkpoints } };
    for (const auto& [table, n] : expected) {
        auto got = main.query("SELECT count() FROM " + store.table(table)
            + " WHERE dataset_id = " + std::to_string(report.datasetId) + " FORMAT TSV");
        if (!got) {
            return store.explain(got.error());
        }
        if (*got != std::to_string(n) + "\n") {
            return Error { "push of label '" + label + "': the store holds " + got->substr(0, got->find('\n')) + " "
                + table + " rows of dataset " + std::to_string(report.datasetId) + ", " + std::to_string(n)
                + " were sent (another push of the label at the same time?); nothing was committed" };
        }
        report.rows += n;
    }

    // 6. Commit: one row, one insert. From here on queries count the dataset.
    if (auto st = writeCatalogueRow(store, *catalogue, report, DatasetState::Committed, source, nowNs()); !st) {
        return Error { st.error().message + "; the push of label '" + label
            + "' was not committed (push again to finish it)" };
    }

    // 7. The replaced dataset is no longer live: drop its rows.
    if (replacing) {
        report.replaced = true;
        report.dropped.push_back(*replacing);
        if (auto st = dropDatasets(store, *shards, { *replacing }); !st) {
            return Error { "label '" + label
                + "' was pushed, but the rows of the dataset it replaced could not be "
                  "dropped: "
                + st.error().message };
        }
    }
    report.seconds = secondsSince(t0);
    return report;
}

Result<std::string> labelContentHash(Database& db, const std::string& label)
{
    auto st = db.prepare(
        "SELECT d.sha256 FROM datasets d JOIN labels l ON l.id = d.label_id WHERE l.name = ?1 ORDER BY d.sha256");
    if (!st) {
        return st.error();
    }
    st->bind(1, label);
    std::string text = "ett-fleet-store accounting " + std::to_string(kAccountingVersion) + "\n";
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
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_Digest(text.data(), text.size(), md, &size, EVP_sha256(), nullptr) != 1) {
        return Error { "cannot compute SHA-256 (OpenSSL)" };
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) {
        hex += kHex[md[i] >> 4];
        hex += kHex[md[i] & 0xF];
    }
    return hex;
}

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
        auto hash = labelContentHash(db, l);
        if (!hash) {
            return hash.error();
        }
        ColumnsQuery q;
        q.label = l;
        q.withPhases = true;
        auto fleet = loadStoredFleet(db, q);
        if (!fleet) {
            return fleet.error();
        }
        auto texts = loadFleetTexts(db, *fleet, l);
        if (!texts) {
            return texts.error();
        }
        auto report = pushFleet(store, *fleet, l, *hash, source, options, &*texts);
        if (!report) {
            return report.error();
        }
        out.push_back(std::move(*report));
    }
    return out;
}

} // namespace ett::core::clickhouse
