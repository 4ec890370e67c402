#include "core/store/clickhouse/store_figures.h"

#include "core/model/rollup.h"
#include "core/model/types.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_figures_sql.h"
#include "core/store/schema.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace ett::core::clickhouse {

namespace {

using namespace figures_sql;

using GroupKey = std::tuple<std::string, uint64_t, uint32_t, uint32_t>;

// Figures per group and calendar bucket, as the queries fill them.
struct Accumulator
{
    std::map<std::pair<GroupKey, int64_t>, Figures> cells;

    Figures& at(GroupKey key, int64_t k) { return cells[{ std::move(key), k }]; }
};

Result<GroupKey> readKey(RowBinaryReader& r)
{
    auto g = r.string();
    if (!g) {
        return g.error();
    }
    auto gd = r.uint64();
    if (!gd) {
        return gd.error();
    }
    auto gj = r.uint32();
    if (!gj) {
        return gj.error();
    }
    auto ga = r.uint32();
    if (!ga) {
        return ga.error();
    }
    return GroupKey { std::move(*g), *gd, *gj, *ga };
}

// Runs a sums query (rows: group, k, bucket, time, GPU time, and with `excluded` the excluded time
// and GPU time: PieceSql::sums) into the accumulator.
Status addSums(FleetStore& store, const std::string& sql, Accumulator& acc, bool excluded)
{
    auto body = store.select(sql);
    if (!body) {
        return body.error();
    }
    RowBinaryReader r(*body);
    while (!r.atEnd()) {
        auto key = readKey(r);
        if (!key) {
            return key.error();
        }
        auto k = r.int64();
        auto b = r.uint8();
        if (!k || !b) {
            return Error { "a short row in the server's answer" };
        }
        auto t = r.decimal128();
        auto tg = r.decimal128();
        if (!t || !tg) {
            return Error { "a short row in the server's answer" };
        }
        if (*b >= kBucketCount) {
            return Error { "an unknown bucket in the server's answer" };
        }
        Figures& f = acc.at(std::move(*key), *k);
        f.bucketsNs[*b] += *t;
        f.bucketsGpuNs[*b] += *tg;
        f.e2eNs += *t;
        f.e2eGpuNs += *tg;
        if (excluded) {
            auto x = r.decimal128();
            auto xg = r.decimal128();
            if (!x || !xg) {
                return Error { "a short row in the server's answer" };
            }
            f.excludedNs.at(*b) += *x;
            f.excludedGpuNs.at(*b) += *xg;
        }
    }
    return Status::success();
}

// The samples of a counts row, as sampleColumns() wrote them, into `f`.
Status readSamples(RowBinaryReader& r, Figures& f, bool ranked)
{
    if (ranked) {
        RankedSampleLists::Lists lists;
        for (RankedSamples& list : lists) {
            auto count = r.int64();
            auto sum = count ? r.decimal128() : Result<Wide>(count.error());
            auto negated = sum ? r.int64Array() : Result<std::vector<int64_t>>(sum.error());
            if (!negated || negated->size() != 3 || *count < 0) {
                return Error { "a short row in the server's answer" };
            }
            list.count = *count;
            list.sum = *sum;
            if (list.count > 0) {
                list.percentiles = { -(*negated)[0], -(*negated)[1], -(*negated)[2] };
            }
        }
        f.ranked.set(lists);
        return Status::success();
    }
    std::vector<int64_t>* lists[] = { &f.ttrNs, &f.ttrDetectNs, &f.ttrRestartNs, &f.ttrStartupNs, &f.ttsNs };
    for (std::vector<int64_t>* list : lists) {
        auto v = r.int64Array();
        if (!v) {
            return v.error();
        }
        list->insert(list->end(), v->begin(), v->end());
    }
    return Status::success();
}

// The rest of a counts row after its group and k (countColumns(ranked)) into `f`; with `jobsOnly`,
// only the job counts and the samples are taken (the total of attempt-level groupings).
Status readCounts(RowBinaryReader& r, Figures& f, bool ranked, bool jobsOnly)
{
    uint64_t n[4] = {};
    for (uint64_t& v : n) {
        auto x = r.uint64();
        if (!x) {
            return x.error();
        }
        v = *x;
    }
    Figures samples;
    if (auto st = readSamples(r, samples, ranked); !st) {
        return st;
    }
    auto jobs = r.uint64();
    auto noCheckpoints = r.uint64();
    if (!jobs || !noCheckpoints) {
        return Error { "a short row in the server's answer" };
    }
    f.jobs += static_cast<int64_t>(*jobs);
    f.noCheckpointDataJobs += static_cast<int64_t>(*noCheckpoints);
    f.mergeSamples(samples);
    if (!jobsOnly) {
        f.attempts += static_cast<int64_t>(n[0]);
        f.failures += static_cast<int64_t>(n[1]);
        f.preemptions += static_cast<int64_t>(n[2]);
        f.otherInterruptions += static_cast<int64_t>(n[3]);
    }
    return Status::success();
}

// Runs a counts query (rows: group, k, countColumns(ranked)) into the accumulator (readCounts()).
Status addCounts(FleetStore& store, const std::string& sql, Accumulator& acc, bool ranked, bool jobsOnly = false)
{
    auto body = store.select(sql);
    if (!body) {
        return body.error();
    }
    RowBinaryReader r(*body);
    while (!r.atEnd()) {
        auto key = readKey(r);
        if (!key) {
            return key.error();
        }
        auto k = r.int64();
        if (!k) {
            return k.error();
        }
        if (auto st = readCounts(r, acc.at(std::move(*key), *k), ranked, jobsOnly); !st) {
            return st;
        }
    }
    return Status::success();
}

// Reads a pair of Decimal128 sums (time, GPU time) into bucket `b` of `f` and its E2E.
Status addBucketSums(RowBinaryReader& r, Figures& f, size_t b)
{
    auto t = r.decimal128();
    auto tg = t ? r.decimal128() : Result<Wide>(t.error());
    if (!tg) {
        return Error { "a short row in the server's answer" };
    }
    f.bucketsNs[b] += *t;
    f.bucketsGpuNs[b] += *tg;
    f.e2eNs += *t;
    f.e2eGpuNs += *tg;
    return Status::success();
}

bool attemptLevel(const StoreGrouping& g)
{
    return g.by == StoreGroupBy::Attempt || g.by == StoreGroupBy::CauseClass;
}

// Whether the scope takes every job of its labels' live datasets (jobFilterSql() holds for all).
bool everyJob(const StoreScope& scope)
{
    return scope.attrs.empty() && scope.jobs.empty() && scope.minGpus <= 0
        && scope.maxGpus == std::numeric_limits<int64_t>::max();
}

// The scope's jobs of this shard as the right side of a join for figures of `grouping`: the numbers
// the queries read (GPUs, window, checkpoint data, queue) and, for a grouping of jobs, its group
// columns g, gd, gj, ga computed here (job_key for a grouping of attempts). A join's right side
// is a hash table of what it selects: the jobs' attribute arrays, labels and keys would cost more
// than the query (at 1.3 M jobs, 4 s instead of 1).
std::string jobsForFigures(const std::string& db, const StoreScope& scope, const StoreGrouping& grouping)
{
    return "(SELECT dataset_id, job_no, gpus AS job_gpus, first_start_ns, last_end_ns, has_checkpoints, "
        + queueSql(scope.countQueue) + " AS queue_ns, " + (attemptLevel(grouping) ? "job_key" : groupColumns(grouping))
        + " FROM " + db + ".jobs_local WHERE " + jobFilterSql(scope) + ")";
}

// The group columns of a query over attempts joined with jobsForFigures(grouping).
std::string figureGroups(const StoreGrouping& grouping)
{
    return attemptLevel(grouping) ? groupColumns(grouping) : "g, gd, gj, ga";
}

// The three sums queries (segments, recovery gaps, queue) of a scope, grouping and clip.
Status sumAll(FleetStore& store, const StoreScope& scope, const StoreGrouping& grouping, const Clip& clip,
    Accumulator& acc, bool gapsAndQueue = true)
{
    const std::string db = store.url().database;
    const std::string live = liveScopeSql(db, scope.labels);
    const std::string groups = figureGroups(grouping);
    const std::string jobs = jobsForFigures(db, scope, grouping);
    const std::string groupBy = " GROUP BY g, gd, gj, ga, k, b";
    // 1. Segments, weighted by their attempt's GPUs (whole windows are storeGroupedFigures' own
    // pass over the attempts' stored bucket sums).
    // Segments carry their job, attempt and GPUs: a group of the whole scope needs no join (only
    // a set of the scope's jobs when it filters them), a group of jobs joins the shard's jobs, and
    // only a group of attempts joins the attempts (a join costs 3 to 4 times the scan).
    const PieceSql p = pieces(clip, "start_ns", "end_ns");
    std::string from = " FROM " + db + ".segments";
    std::string where = live + " AND " + p.where;
    if (grouping.by == StoreGroupBy::None) {
        if (!everyJob(scope)) {
            where += " AND (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db + ".jobs_local WHERE "
                + jobFilterSql(scope) + ")";
        }
    } else if (!attemptLevel(grouping)) {
        from += " ANY INNER JOIN (SELECT dataset_id, job_no, " + groupColumns(grouping) + " FROM " + db
            + ".jobs_local WHERE " + jobFilterSql(scope) + ") USING (dataset_id, job_no)";
    } else {
        from += " ANY INNER JOIN (SELECT dataset_id, job_no, attempt_idx, " + groups + " FROM " + db
            + ".attempts_local ANY INNER JOIN " + jobs
            + " USING (dataset_id, job_no)) USING (dataset_id, job_no, "
              "attempt_idx)";
    }
    const std::string sql = "SELECT " + (grouping.by == StoreGroupBy::None ? groupColumns(grouping) : "g, gd, gj, ga")
        + ", " + p.k + ", CAST(bucket AS Int8) AS b, " + p.sums("gpus") + from + " WHERE " + where + groupBy;
    if (auto st = addSums(store, sql, acc, !p.excluded.empty()); !st) {
        return st;
    }
    // 2. The recovery gap after each attempt, and 3. the queue before a job's first attempt, both
    // weighted by the job's GPUs.
    auto extra = [&](const std::string& s, const std::string& e, Bucket bucket, const std::string& cond) {
        const PieceSql piece = pieces(clip, s, e);
        return addSums(store,
            "SELECT " + groups + ", " + piece.k + ", toInt8(" + std::to_string(static_cast<int>(bucket)) + ") AS b, "
                + piece.sums("job_gpus") + " FROM " + db + ".attempts ANY INNER JOIN " + jobs
                + " USING (dataset_id, job_no) WHERE " + live + " AND " + cond + " AND " + piece.where + groupBy,
            acc, !piece.excluded.empty());
    };
    if (!gapsAndQueue) {
        return Status::success();
    }
    if (auto st = extra("end_ns", "end_ns + gap_after_ns", Bucket::Recovery, "gap_after_ns > 0"); !st) {
        return st;
    }
    if (scope.countQueue) {
        if (auto st
            = extra("first_start_ns - queue_ns", "first_start_ns", Bucket::Queue, "attempt_idx = 0 AND queue_ns > 0");
            !st) {
            return st;
        }
    }
    return Status::success();
}

std::string countsSql(const std::string& db, const StoreScope& scope, const StoreGrouping& grouping,
    const std::string& k, const RangeSql& range, bool ranked)
{
    return "SELECT " + figureGroups(grouping) + ", " + k + ", " + countColumns(range, ranked) + " FROM " + db
        + ".attempts ANY INNER JOIN " + jobsForFigures(db, scope, grouping) + " USING (dataset_id, job_no) WHERE "
        + liveScopeSql(db, scope.labels) + " GROUP BY g, gd, gj, ga, k";
}

} // namespace

Result<StoreIntervals> storeBucketIntervals(FleetStore& store, const StoreScope& scope, Bucket bucket,
    std::optional<int32_t> attempt, IntervalOrder order, int64_t limit)
{
    const std::string db = store.url().database;
    const std::string live = liveScopeSql(db, scope.labels);
    const std::string jobs = jobsSubquery(db, scope);
    Clip clip;
    clip.lo = scope.fromNs;
    clip.hi = scope.toNs;
    // The key an order ranks by first (the rest break its ties), of an interval [s, e) at w GPUs.
    const auto keyOf = [order](const std::string& s, const std::string& e, const std::string& w) {
        return order == IntervalOrder::GpuTime ? "toDecimal128(" + e + " - " + s + ", 0) * " + w
            : order == IntervalOrder::Duration ? e + " - " + s
                                               : s;
    };
    const std::string firstKey = keyOf("s", "e", "w");
    // The first key in its order. GPU time as a Float64 first: 18.16 sorts keys led by a Decimal128
    // many times slower (10 M segments, the 20 longest productive intervals: 48 to 58 s instead of
    // 1.1 to 1.6 s); the exact value then breaks the ties its rounding makes.
    const std::string firstOrder = order == IntervalOrder::GpuTime
        ? "toFloat64(" + firstKey + ") DESC, " + firstKey + " DESC"
        : firstKey + (order == IntervalOrder::Start ? " ASC" : " DESC");
    const std::string orderBy = firstOrder + ", label, job_key, s, an";
    StoreIntervals out;
    // One source: `from` (with label, job_key and dataset_id, job_no), its interval [start, end) at
    // `gpus` GPUs of attempt number `number`, where `cond` holds. `lean`: the same rows from one
    // table that carries the GPUs without the join (the segments: `from` joins them with their
    // attempts and jobs for the attempt number, label and key), when no attempt number is asked;
    // `leanScope` keeps the scope's jobs there.
    auto source = [&](const std::string& from, const std::string& start, const std::string& end,
                      const std::string& gpus, const std::string& number, bool gap, const std::string& cond,
                      const std::string& lean = {}, const std::string& leanScope = {}) -> Status {
        // Named copies, not a structured binding: rowsOf captures them (clang 14 cannot capture a binding).
        const auto clippedSpan = clipped(clip, start, end);
        const std::string& cs = clippedSpan.first;
        const std::string& ce = clippedSpan.second;
        std::string where = live + " AND " + cond + " AND " + ce + " > " + cs;
        const bool leanRows = !lean.empty() && !attempt;
        if (attempt) {
            where += " AND " + number + " = " + std::to_string(*attempt);
        }
        const auto rowsOf = [&](const std::string& prewhere) {
            return "SELECT dataset_id, job_no, toInt32(" + number + ") AS an, " + cs + " AS s, " + ce + " AS e, " + gpus
                + " AS w, label, job_key FROM " + from + prewhere + " WHERE " + where;
        };
        const std::string inner = rowsOf({});
        const std::string leanInner = leanRows
            ? "SELECT " + cs + " AS s, " + ce + " AS e, " + gpus + " AS w FROM " + lean + " WHERE " + where + leanScope
            : inner;
        auto sums = store.select("SELECT toUInt64(count()), sum(toDecimal128(e - s, 0)), sum(toDecimal128(e - s, 0) * "
                                 "w) FROM ("
            + leanInner + ")");
        if (!sums) {
            return sums.error();
        }
        RowBinaryReader t(*sums);
        auto n = t.uint64();
        auto total = t.decimal128();
        auto totalGpu = t.decimal128();
        if (!n || !total || !totalGpu) {
            return Error { "a short row in the server's answer" };
        }
        out.count += static_cast<int64_t>(*n);
        out.totalNs += *total;
        out.totalGpuNs += *totalGpu;
        if (*n == 0) {
            return Status::success();
        }
        // Where more rows than listed: the listed one's first key, found without the join, and only
        // the rows that reach it joined and ordered (the ones that tie with it included, so the
        // order within them is the exact one).
        std::string reach;
        if (leanRows && limit > 0 && static_cast<int64_t>(*n) > limit) {
            auto cut = store.select("SELECT " + firstKey + " FROM (" + leanInner + ") ORDER BY " + firstOrder
                + " LIMIT 1 OFFSET " + std::to_string(limit - 1));
            if (!cut) {
                return cut.error();
            }
            RowBinaryReader c(*cut);
            std::string value;
            if (order == IntervalOrder::GpuTime) {
                auto v = c.decimal128();
                if (!v) {
                    return Error { "a short row in the server's answer" };
                }
                value = "toDecimal128('" + formatWide(*v) + "', 0)";
            } else {
                auto v = c.int64();
                if (!v) {
                    return Error { "a short row in the server's answer" };
                }
                value = i64(*v);
            }
            // On the segments as they are read (PREWHERE: before the join), the key of their columns.
            reach = " PREWHERE " + keyOf(cs, ce, gpus) + (order == IntervalOrder::Start ? " <= " : " >= ") + value;
        }
        auto rows = store.select("SELECT dataset_id, job_no, an, s, e, w FROM (" + rowsOf(reach) + ") ORDER BY "
            + orderBy + (limit > 0 ? " LIMIT " + std::to_string(limit) : std::string()));
        if (!rows) {
            return rows.error();
        }
        for (RowBinaryReader r(*rows); !r.atEnd();) {
            auto dataset = r.uint64();
            auto jobNo = r.uint32();
            auto an = r.int32();
            auto s = r.int64();
            auto e = r.int64();
            auto w = r.int64();
            if (!dataset || !jobNo || !an || !s || !e || !w) {
                return Error { "a short row in the server's answer" };
            }
            out.rows.push_back({ *dataset, *jobNo, *an, gap, *s, *e, *w });
        }
        return Status::success();
    };
    const std::string bucketName(core::bucketName(bucket));
    // 1. Segments at their attempt's GPUs.
    if (auto st = source(db
                + ".segments ANY INNER JOIN (SELECT dataset_id, job_no, attempt_idx, attempt_no, label, "
                  "job_key FROM "
                + db + ".attempts_local ANY INNER JOIN " + jobs
                + " USING (dataset_id, job_no)) USING (dataset_id, job_no, attempt_idx)",
            "start_ns", "end_ns", "gpus", "attempt_no", false, "bucket = " + sqlString(bucketName), db + ".segments",
            everyJob(scope) ? std::string()
                            : " AND (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db
                    + ".jobs_local WHERE " + jobFilterSql(scope) + ")");
        !st) {
        return st.error();
    }
    // 2. The recovery gap after each attempt, and 3. the queue before a job's first, at the job's GPUs.
    const std::string attempts = db + ".attempts ANY INNER JOIN " + jobs + " USING (dataset_id, job_no)";
    if (bucket == Bucket::Recovery) {
        if (auto st
            = source(attempts, "end_ns", "end_ns + gap_after_ns", "job_gpus", "attempt_no", true, "gap_after_ns > 0");
            !st) {
            return st.error();
        }
    }
    if (bucket == Bucket::Queue && scope.countQueue) {
        if (auto st = source(attempts, "first_start_ns - queue_ns", "first_start_ns", "job_gpus", "-1", false,
                "attempt_idx = 0 AND queue_ns > 0");
            !st) {
            return st.error();
        }
    }
    return out;
}

Result<std::vector<StoredInterruption>> storeInterruptions(FleetStore& store, const StoreScope& scope)
{
    const std::string db = store.url().database;
    const RangeSql range = rangeOf(scope);
    auto body = store.select("SELECT cause, toString(outcome), symptom, detail, gpus, "
        + std::string(bucketColumn(static_cast<int>(Bucket::LostProgress)))
        + ", isNull(ttr_ns), assumeNotNull(ttr_ns), toInt32(attempt_no), fault_at_ns FROM " + db
        + ".attempts ANY INNER JOIN " + jobsSubquery(db, scope) + " USING (dataset_id, job_no) WHERE "
        + liveScopeSql(db, scope.labels) + " AND outcome IN ('failed', 'preempted') AND "
        + range.inRange("fault_at_ns"));
    if (!body) {
        return body.error();
    }
    std::vector<StoredInterruption> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto cause = r.string();
        auto outcome = r.string();
        auto symptom = r.string();
        auto detail = r.string();
        auto gpus = r.int64();
        auto lost = r.int64();
        auto noTtr = r.uint8();
        auto ttr = r.int64();
        auto number = r.int32();
        auto fault = r.int64();
        if (!cause || !outcome || !symptom || !detail || !gpus || !lost || !noTtr || !ttr || !number || !fault) {
            return Error { "a short row in the server's answer" };
        }
        StoredInterruption i;
        i.attemptNo = *number;
        i.importedCause = *cause;
        i.effectiveCause = std::move(*cause);
        i.outcome = parseOutcome(*outcome).value_or(Outcome::Failed);
        i.symptom = std::move(*symptom);
        i.detail = std::move(*detail);
        i.gpus = *gpus;
        i.lostProgressNs = *lost;
        if (!*noTtr) {
            i.ttrNs = *ttr;
        }
        i.faultNs = *fault;
        out.push_back(std::move(i));
    }
    return out;
}

std::string jobFilterSql(const StoreScope& scope)
{
    std::string s = "gpus >= " + i64(scope.minGpus) + " AND gpus <= " + i64(scope.maxGpus);
    if (!scope.labels.empty()) {
        s += " AND label IN (";
        for (size_t i = 0; i < scope.labels.size(); ++i) {
            s += (i ? ", " : "") + sqlString(scope.labels[i]);
        }
        s += ")";
    }
    for (const auto& [key, values] : scope.attrs) {
        const std::string k = sqlString(key);
        s += " AND if(has(attr_keys, " + k + "), attr_values[indexOf(attr_keys, " + k + ")], " + sqlString(kNoGroupName)
            + ") IN (";
        if (values.empty()) {
            s += "''";
        }
        for (size_t i = 0; i < values.size(); ++i) {
            s += (i ? ", " : "") + sqlString(values[i]);
        }
        s += ")";
    }
    if (!scope.jobs.empty()) {
        s += " AND " + jobListSql(scope.jobs);
    }
    return s;
}

std::string jobListSql(const std::vector<std::pair<uint64_t, uint32_t>>& jobs)
{
    std::string s = "(dataset_id, job_no) IN (";
    for (size_t i = 0; i < jobs.size(); ++i) {
        s += (i ? ", (" : "(") + std::to_string(jobs[i].first) + ", " + std::to_string(jobs[i].second) + ")";
    }
    return s + ")";
}

std::string liveScopeSql(const std::string& db, const std::vector<std::string>& labels)
{
    std::string s = "dataset_id GLOBAL IN (SELECT dataset_id FROM " + db + ".datasets_live";
    if (!labels.empty()) {
        s += " WHERE label IN (";
        for (size_t i = 0; i < labels.size(); ++i) {
            s += (i ? ", " : "") + sqlString(labels[i]);
        }
        s += ")";
    }
    return s + ")";
}

Result<StoreGroupedFigures> storeGroupedFigures(
    FleetStore& store, const StoreScope& scope, const StoreGrouping& grouping)
{
    const std::string db = store.url().database;
    Clip clip;
    clip.lo = scope.fromNs;
    clip.hi = scope.toNs;
    clip.excluded = scope.excluded;
    Accumulator acc;
    const RangeSql range = rangeOf(scope);
    // The samples of a group of jobs or attempts are few and travel as they are (a job's rows hold
    // them); any other group's are ranked on the cluster.
    const bool perJob = grouping.by == StoreGroupBy::Job || grouping.by == StoreGroupBy::Attempt;
    if (!clip.lo && !clip.hi && clip.excluded.empty()) {
        // Whole windows: one pass over the attempts joined with their jobs gives everything (the
        // attempts' bucket sums, the recovery gaps and queue weighted by the job's GPUs, the counts
        // and samples): the join costs more than the rest of the query.
        std::string sums;
        for (int b = 0; b < kBucketCount; ++b) {
            const std::string col = bucketColumn(b);
            sums += ", sum(toDecimal128(" + col + ", 0)), sum(toDecimal128(" + col + ", 0) * gpus)";
        }
        const auto sumsIf = [](const std::string& len, const std::string& cond) {
            return ", sumIf(toDecimal128(" + len + ", 0), " + cond + "), sumIf(toDecimal128(" + len
                + ", 0) * job_gpus, " + cond + ")";
        };
        sums += sumsIf("gap_after_ns", "gap_after_ns > 0");
        if (scope.countQueue) {
            sums += sumsIf("queue_ns", "attempt_idx = 0 AND queue_ns > 0");
        }
        auto body = store.select("SELECT " + figureGroups(grouping) + sums + ", " + countColumns(range, !perJob)
            + " FROM " + db + ".attempts ANY INNER JOIN " + jobsForFigures(db, scope, grouping)
            + " USING (dataset_id, job_no) WHERE " + liveScopeSql(db, scope.labels) + " GROUP BY g, gd, gj, ga");
        if (!body) {
            return body.error();
        }
        for (RowBinaryReader r(*body); !r.atEnd();) {
            auto key = readKey(r);
            if (!key) {
                return key.error();
            }
            Figures& f = acc.at(std::move(*key), 0);
            for (size_t b = 0; b < static_cast<size_t>(kBucketCount); ++b) {
                if (auto st = addBucketSums(r, f, b); !st) {
                    return st.error();
                }
            }
            if (auto st = addBucketSums(r, f, static_cast<size_t>(Bucket::Recovery)); !st) {
                return st.error();
            }
            if (scope.countQueue) {
                if (auto st = addBucketSums(r, f, static_cast<size_t>(Bucket::Queue)); !st) {
                    return st.error();
                }
            }
            if (auto st = readCounts(r, f, !perJob, false); !st) {
                return st.error();
            }
        }
    } else {
        if (auto st = sumAll(store, scope, grouping, clip, acc); !st) {
            return st.error();
        }
        if (auto st = addCounts(store, countsSql(db, scope, grouping, "toInt64(0) AS k", range, !perJob), acc, !perJob);
            !st) {
            return st.error();
        }
    }
    StoreGroupedFigures out;
    for (auto& [cell, f] : acc.cells) {
        if (f.empty()) {
            continue;
        }
        out.total.merge(f);
        const auto& [g, gd, gj, ga] = cell.first;
        out.groups.push_back({ g, gd, gj, ga, std::move(f) });
    }
    if (attemptLevel(grouping)) {
        // A job may count in several attempt-level groups; the total counts it once (and ranks the
        // samples, below).
        Accumulator once;
        if (auto st = addCounts(store, countsSql(db, scope, {}, "toInt64(0) AS k", range, true), once, true, true);
            !st) {
            return st.error();
        }
        out.total.jobs = 0;
        out.total.noCheckpointDataJobs = 0;
        for (const auto& [cell, f] : once.cells) {
            out.total.jobs += f.jobs;
            out.total.noCheckpointDataJobs += f.noCheckpointDataJobs;
        }
    }
    if (grouping.by != StoreGroupBy::None) {
        // The total's samples ranked as one group (ranked samples do not merge): they come from the
        // attempts alone, without joining the jobs (only a set of them when the scope filters).
        auto body = store.select("SELECT " + sampleColumns(ttsCondition(range), ttrCondition(range), true) + " FROM "
            + db + ".attempts WHERE " + liveScopeSql(db, scope.labels)
            + (everyJob(scope) ? std::string()
                               : " AND (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db
                        + ".jobs_local WHERE " + jobFilterSql(scope) + ")"));
        if (!body) {
            return body.error();
        }
        Figures counts;
        RowBinaryReader r(*body);
        if (auto st = readSamples(r, counts, true); !st) {
            return st.error();
        }
        for (std::vector<int64_t>* list : { &out.total.ttsNs, &out.total.ttrNs, &out.total.ttrDetectNs,
                 &out.total.ttrRestartNs, &out.total.ttrStartupNs }) {
            std::vector<int64_t>().swap(*list);
        }
        out.total.ranked = counts.ranked;
    }
    std::stable_sort(
        out.groups.begin(), out.groups.end(), [](const StoreGroup& a, const StoreGroup& b) { return a.name < b.name; });
    return out;
}

Result<std::vector<std::pair<uint64_t, uint32_t>>> storeRankedJobs(
    FleetStore& store, const StoreScope& scope, JobRank rank, int64_t limit)
{
    const std::string db = store.url().database;
    const std::string live = liveScopeSql(db, scope.labels);
    // The scope's jobs of this shard with the numbers the sums read, and nothing else: a join's
    // right side is a hash table of what it selects (see jobsForFigures).
    const std::string jobs = "(SELECT dataset_id, job_no, gpus AS job_gpus, first_start_ns, "
        + queueSql(scope.countQueue) + " AS queue_ns FROM " + db + ".jobs_local WHERE " + jobFilterSql(scope) + ")";
    Clip clip;
    clip.lo = scope.fromNs;
    clip.hi = scope.toNs;
    const std::string productive = std::to_string(static_cast<int>(Bucket::Productive));
    // Per job: GPU-weighted time (tg) and its productive part (pg), from segments (or the attempts'
    // per-bucket sums for whole windows), recovery gaps and queue, as sumAll counts them. Every
    // part reads the shard's own tables: a job's rows all live on its shard, so each shard ranks
    // its own jobs whole and the first `limit` of the fleet are among the shards' first `limit`.
    std::vector<std::string> parts;
    if (!clip.lo && !clip.hi) {
        std::string all;
        for (int b = 0; b < kBucketCount; ++b) {
            all += std::string(b ? " + " : "") + "toDecimal128(" + bucketColumn(b) + ", 0)";
        }
        // Attempts carry their GPUs: the jobs are joined only to keep the scope's (a join costs
        // more than the scan).
        parts.push_back("SELECT dataset_id, job_no, sum((" + all + ") * gpus) AS tg, sum(toDecimal128("
            + bucketColumn(static_cast<int>(Bucket::Productive)) + ", 0) * gpus) AS pg FROM " + db + ".attempts_local "
            + (everyJob(scope) ? std::string() : "ANY INNER JOIN " + jobs + " USING (dataset_id, job_no) ") + "WHERE "
            + live + " GROUP BY dataset_id, job_no");
    } else {
        const auto [cs, ce] = clipped(clip, "start_ns", "end_ns");
        parts.push_back("SELECT dataset_id, job_no, sum(toDecimal128(" + ce + " - " + cs
            + ", 0) * gpus) AS tg, sumIf(toDecimal128(" + ce + " - " + cs + ", 0) * gpus, bucket = " + productive
            + ") AS pg FROM " + db + ".segments_local WHERE " + live + " AND " + ce + " > " + cs
            + (everyJob(scope) ? std::string()
                               : " AND (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db
                        + ".jobs_local WHERE " + jobFilterSql(scope) + ")")
            + " GROUP BY dataset_id, job_no");
    }
    auto unproductive = [&](const std::string& s, const std::string& e, const std::string& cond) {
        const auto [cs, ce] = clipped(clip, s, e);
        parts.push_back("SELECT dataset_id, job_no, sum(toDecimal128(" + ce + " - " + cs
            + ", 0) * job_gpus) AS tg, toDecimal128(0, 0) * count() AS pg FROM " + db
            + ".attempts_local ANY INNER JOIN " + jobs + " USING (dataset_id, job_no) WHERE " + live + " AND " + cond
            + " AND " + ce + " > " + cs + " GROUP BY dataset_id, job_no");
    };
    unproductive("end_ns", "end_ns + gap_after_ns", "gap_after_ns > 0");
    if (scope.countQueue) {
        unproductive("first_start_ns - queue_ns", "first_start_ns", "attempt_idx = 0 AND queue_ns > 0");
    }
    std::string unioned;
    for (const auto& part : parts) {
        unioned += (unioned.empty() ? "" : " UNION ALL ") + part;
    }
    // Jobs counted as the engine counts them: with an attempt that overlaps the range (over all
    // time, with an attempt: the jobs table counts them). The query runs on every shard over its
    // own jobs (the distributed table on the left, the shard's tables in the subqueries); the
    // initiator merges the shards' first `limit` in order.
    const RangeSql range = rangeOf(scope);
    const std::string counted = range.any ? "(dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db
            + ".attempts_local WHERE " + live + " AND " + range.overlaps("start_ns", "end_ns") + ")"
                                          : std::string("attempts > 0");
    // Lost time as a Float64 first: 18.16 sorts several keys led by a Decimal128 several times
    // slower (0.6 s instead of 0.15 s for a shard's 65,000 jobs); the exact value then breaks the
    // ties the rounding makes, so the order is the exact one.
    const std::string lost = "toFloat64(lost) DESC, lost DESC, label, job_key";
    const std::string order
        = rank == JobRank::LostGpu ? lost : "if(e2e = 0, 100., toFloat64(prod) * 100. / toFloat64(e2e)), " + lost;
    // Every counted job, with or without time (a job with none has zero of both).
    auto body = store.select("SELECT dataset_id, job_no FROM " + db + ".jobs ANY LEFT JOIN (SELECT dataset_id, "
        + "job_no, sum(tg) AS e2e, sum(pg) AS prod, e2e - prod AS lost FROM (" + unioned
        + ") GROUP BY dataset_id, job_no) USING (dataset_id, job_no) WHERE " + live + " AND " + jobFilterSql(scope)
        + " AND " + counted + " ORDER BY " + order + " LIMIT " + std::to_string(std::max<int64_t>(limit, 0)));
    if (!body) {
        return body.error();
    }
    std::vector<std::pair<uint64_t, uint32_t>> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto d = r.uint64();
        auto j = d ? r.uint32() : Result<uint32_t>(d.error());
        if (!j) {
            return j.error();
        }
        out.emplace_back(*d, *j);
    }
    return out;
}

Result<std::optional<TimeSpan>> storeSeriesSpan(FleetStore& store, const StoreScope& scope)
{
    const std::string db = store.url().database;
    auto body = store.select("SELECT count(), min(first_start_ns - " + queueSql(scope.countQueue)
        + "), max(last_end_ns) FROM " + db + ".jobs WHERE " + liveScopeSql(db, scope.labels) + " AND attempts > 0 AND "
        + jobFilterSql(scope));
    if (!body) {
        return body.error();
    }
    RowBinaryReader r(*body);
    auto n = r.uint64();
    auto lo = r.int64();
    auto hi = r.int64();
    if (!n || !lo || !hi) {
        return Error { "a short row in the server's answer" };
    }
    int64_t first = *n > 0 ? *lo : std::numeric_limits<int64_t>::max();
    int64_t last = *n > 0 ? *hi : std::numeric_limits<int64_t>::min();
    if (scope.fromNs) {
        first = *scope.fromNs;
    }
    if (scope.toNs) {
        last = *scope.toNs;
    }
    if (first > last) {
        return std::optional<TimeSpan> {};
    }
    return std::optional<TimeSpan> { TimeSpan { first, last } };
}

Result<StoreSeries> storeSeries(FleetStore& store, const StoreScope& scope, int64_t widthNs, int64_t alignNs)
{
    if (widthNs <= 0) {
        return Error { "a series needs buckets of a positive width, not " + std::to_string(widthNs) + " ns" };
    }
    const std::string db = store.url().database;
    StoreSeries out;
    out.widthNs = widthNs;
    // 1. The span: the range when given, else the scope's job windows (with queue when counted).
    auto span = storeSeriesSpan(store, scope);
    if (!span) {
        return span.error();
    }
    if (!*span) {
        return out;
    }
    const int64_t first = (*span)->fromNs;
    const int64_t last = (*span)->toNs;
    out.originNs = alignNs + floorDiv(first - alignNs, widthNs) * widthNs;
    const int64_t buckets = std::max<int64_t>(1, floorDiv(last - 1 - out.originNs, widthNs) + 1);
    out.buckets.assign(static_cast<size_t>(buckets), Figures {});

    // 2. Sums per calendar bucket.
    Clip clip;
    clip.lo = std::max(scope.fromNs.value_or(out.originNs), out.originNs);
    clip.hi = std::min(scope.toNs.value_or(out.originNs + buckets * widthNs), out.originNs + buckets * widthNs);
    clip.originNs = out.originNs;
    clip.widthNs = widthNs;
    clip.buckets = buckets;
    clip.excluded = scope.excluded;
    // Without excluded windows the recovery gaps and queue are summed in the counts' pass (3.): they
    // lie inside their job's window, whose buckets that pass visits (one join instead of two).
    const bool gapsWithCounts = scope.excluded.empty();
    Accumulator acc;
    if (auto st = sumAll(store, scope, {}, clip, acc, !gapsWithCounts); !st) {
        return st.error();
    }
    // 3. Counts per calendar bucket: each job visits the buckets its window reaches, each with its
    // bucket's bounds cut to the range.
    const std::string o = i64(out.originNs);
    const std::string w = i64(widthNs);
    const std::string ws = "(first_start_ns - queue_ns)";
    const std::string kf = "if(" + ws + " < " + o + ", toInt64(0), intDiv(" + ws + " - " + o + ", " + w + "))";
    const std::string kl = "least(" + i64(buckets - 1) + ", if(last_end_ns < " + o
        + ", toInt64(-1), intDiv(last_end_ns - " + o + ", " + w + ")))";
    const std::string k = "arrayJoin(arrayMap(i -> " + kf + " + toInt64(i), range(toUInt64(greatest(" + kl + " - " + kf
        + " + 1, toInt64(0)))))) AS k";
    RangeSql range;
    range.any = true;
    const std::string bucketLo = o + " + k * " + w;
    const std::string bucketHi = o + " + (k + 1) * " + w;
    range.lo = scope.fromNs ? "greatest(" + i64(*scope.fromNs) + ", " + bucketLo + ")" : "(" + bucketLo + ")";
    range.hi = scope.toNs ? "least(" + i64(*scope.toNs) + ", " + bucketHi + ")" : "(" + bucketHi + ")";
    // A bucket whose bounds cut to the range are empty counts nothing (the engine skips it).
    const std::string guard = " AND " + *range.lo + " < " + *range.hi + " GROUP BY g, gd, gj, ga, k";
    if (!gapsWithCounts) {
        const std::string sql = countsSql(db, scope, {}, k, range, true);
        if (auto st = addCounts(store, sql.substr(0, sql.rfind(" GROUP BY")) + guard, acc, true); !st) {
            return st.error();
        }
    } else {
        // Each piece [s, e) where `cond` holds, clipped to the bucket's bounds, weighted by the job's GPUs.
        std::vector<std::string> sums;
        const auto pieceSums = [&](const std::string& s, const std::string& e, const std::string& cond) {
            const std::string len = "if(" + cond + ", greatest(least(" + e + ", " + *range.hi + ") - greatest(" + s
                + ", " + *range.lo + "), toInt64(0)), toInt64(0))";
            sums.push_back("sum(toDecimal128(" + len + ", 0))");
            sums.push_back("sum(toDecimal128(" + len + ", 0) * job_gpus)");
        };
        pieceSums("end_ns", "end_ns + gap_after_ns", "gap_after_ns > 0");
        if (scope.countQueue) {
            pieceSums("first_start_ns - queue_ns", "first_start_ns", "attempt_idx = 0 AND queue_ns > 0");
        }
        const std::string sql = perDatasetCounts(figureGroups({}), k, sums, range,
            " FROM " + db + ".attempts ANY INNER JOIN " + jobsForFigures(db, scope, {})
                + " USING (dataset_id, job_no) WHERE " + liveScopeSql(db, scope.labels) + " AND " + *range.lo + " < "
                + *range.hi);
        auto body = store.select(sql);
        if (!body) {
            return body.error();
        }
        for (RowBinaryReader r(*body); !r.atEnd();) {
            auto key = readKey(r);
            auto kk = key ? r.int64() : Result<int64_t>(key.error());
            if (!kk) {
                return kk.error();
            }
            Figures& f = acc.at(std::move(*key), *kk);
            if (auto st = addBucketSums(r, f, static_cast<size_t>(Bucket::Recovery)); !st) {
                return st.error();
            }
            if (scope.countQueue) {
                if (auto st = addBucketSums(r, f, static_cast<size_t>(Bucket::Queue)); !st) {
                    return st.error();
                }
            }
            if (auto st = readCounts(r, f, true, false); !st) {
                return st.error();
            }
        }
    }
    for (auto& [cell, f] : acc.cells) {
        const int64_t kk = cell.second;
        if (kk >= 0 && kk < buckets) {
            out.buckets[static_cast<size_t>(kk)].merge(f);
        }
    }
    return out;
}

} // namespace ett::core::clickhouse
