// The SQL text of the fleet store's figures (store_figures.cpp): pieces of segments clipped to a
// range and split at calendar buckets, the group columns of a grouping, the counts' and sample
// lists' select items, all over the store's tables (core/store/clickhouse/store_schema.cpp). Pure
// string building; nothing here talks to a server.
#pragma once

#include "core/model/rollup.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_figures.h"
#include "core/store/schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core::clickhouse::figures_sql {

// An Int64 literal (a bare literal past 2^63 / 2 would be UInt64, which has no common type with
// the Int64 columns in 18.16).
inline std::string i64(int64_t v)
{
    return "toInt64(" + std::to_string(v) + ")";
}

inline int64_t floorDiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if (a % b < 0) {
        --q;
    }
    return q;
}

// Where pieces are clipped and how they are split: [lo, hi) (either side open when unset) and,
// with a width, calendar buckets [origin + k width, origin + (k + 1) width), k in [0, buckets).
struct Clip
{
    std::optional<int64_t> lo;
    std::optional<int64_t> hi;
    int64_t originNs = 0;
    int64_t widthNs = 0;
    int64_t buckets = 1;
    std::vector<TimeSpan> excluded; // normal form; those that meet [lo, hi) are written into the SQL
};

// The group columns g, gd, gj, ga of a grouping, over jobs (and attempts) columns.
inline std::string groupColumns(const StoreGrouping& g)
{
    const std::string none = "toUInt64(0) AS gd, toUInt32(0) AS gj, toUInt32(0) AS ga";
    switch (g.by) {
    case StoreGroupBy::None:
        return "'(all)' AS g, " + none;
    case StoreGroupBy::Label:
        return "label AS g, " + none;
    case StoreGroupBy::Attribute: {
        const std::string k = sqlString(g.attrKey);
        return "if(has(attr_keys, " + k + "), attr_values[indexOf(attr_keys, " + k + ")], " + sqlString(kNoGroupName)
            + ") AS g, " + none;
    }
    case StoreGroupBy::Job:
        return "job_key AS g, dataset_id AS gd, job_no AS gj, toUInt32(0) AS ga";
    case StoreGroupBy::Attempt:
        return "concat(job_key, '#', toString(attempt_no)) AS g, dataset_id AS gd, job_no AS gj, attempt_idx AS ga";
    case StoreGroupBy::CauseClass:
        return "if(cause_class = '', " + sqlString(kNoGroupName) + ", cause_class) AS g, " + none;
    }
    return {};
}

// Queue before a job's first attempt, counted (spec 5.6), over jobs columns.
inline std::string queueSql(bool countQueue)
{
    return countQueue ? "if(isNotNull(submitted_ns) AND assumeNotNull(submitted_ns) < first_start_ns, first_start_ns "
                        "- assumeNotNull(submitted_ns), toInt64(0))"
                      : "toInt64(0)";
}

// The scope's jobs of this shard, with what the interval and interruption queries read of them (a
// join's right side is a hash table of what it selects: the attribute arrays would cost more than
// the query).
inline std::string jobsSubquery(const std::string& db, const StoreScope& scope)
{
    return "(SELECT dataset_id, job_no, gpus AS job_gpus, label, job_key, first_start_ns, " + queueSql(scope.countQueue)
        + " AS queue_ns FROM " + db + ".jobs_local WHERE " + jobFilterSql(scope) + ")";
}

// [cs, ce): [s, e) clipped, as SQL.
inline std::pair<std::string, std::string> clipped(const Clip& c, const std::string& s, const std::string& e)
{
    return { c.lo ? "greatest(" + s + ", " + i64(*c.lo) + ")" : "(" + s + ")",
        c.hi ? "least(" + e + ", " + i64(*c.hi) + ")" : "(" + e + ")" };
}

// "k, len" of the pieces [s, e) makes, as select-list items (arrayJoin over calendar buckets when
// the clip has a width), the condition for the piece to count, and with excluded windows "xl": the
// piece's time inside them (spec 7.4).
struct PieceSql
{
    std::string k;
    std::string len;
    std::string where;
    std::string excluded; // "" without excluded windows

    // The sums' select items of a piece weighted by `gpus`: its time and GPU time, then with
    // excluded windows the time kept (len - xl) and the time excluded (xl), each with its GPU time.
    std::string sums(const std::string& gpus) const
    {
        if (excluded.empty()) {
            return "sum(toDecimal128(" + len + ", 0)), sum(toDecimal128(len, 0) * " + gpus + ")";
        }
        return "sum(toDecimal128(" + len + ", 0) - toDecimal128(" + excluded + ", 0)), sum((toDecimal128(len, 0) - "
            + "toDecimal128(xl, 0)) * " + gpus + "), sum(toDecimal128(xl, 0)), sum(toDecimal128(xl, 0) * " + gpus + ")";
    }
};

// The time of the piece [ps, pe) inside the clip's excluded windows that meet its range, as SQL:
// a sum of one clipped overlap per window (the windows are disjoint); "" when none meets it.
inline std::string excludedSql(const Clip& c, const std::string& ps, const std::string& pe)
{
    std::string sum;
    for (const TimeSpan& x : c.excluded) {
        if ((c.hi && x.fromNs >= *c.hi) || (c.lo && x.toNs <= *c.lo)) {
            continue;
        }
        sum += std::string(sum.empty() ? "" : " + ") + "greatest(least(" + pe + ", " + i64(x.toNs) + ") - greatest("
            + ps + ", " + i64(x.fromNs) + "), toInt64(0))";
    }
    return sum.empty() ? std::string() : "(" + sum + ") AS xl";
}

inline PieceSql pieces(const Clip& c, const std::string& s, const std::string& e)
{
    const auto [cs, ce] = clipped(c, s, e);
    PieceSql p;
    p.where = ce + " > " + cs;
    if (c.widthNs <= 0) {
        p.k = "toInt64(0) AS k";
        p.len = ce + " - " + cs + " AS len";
        p.excluded = excludedSql(c, cs, ce);
        return p;
    }
    // cs >= origin (the clip's lo is at least the origin): intDiv is floor division here.
    const std::string o = i64(c.originNs);
    const std::string w = i64(c.widthNs);
    const std::string kf = "intDiv(" + cs + " - " + o + ", " + w + ")";
    const std::string kl = "intDiv(" + ce + " - 1 - " + o + ", " + w + ")";
    p.k = "arrayJoin(arrayMap(i -> " + kf + " + toInt64(i), range(toUInt64(" + kl + " - " + kf + " + 1)))) AS k";
    const std::string ps = "greatest(" + cs + ", " + o + " + k * " + w + ")";
    const std::string pe = "least(" + ce + ", " + o + " + (k + 1) * " + w + ")";
    p.len = pe + " - " + ps + " AS len";
    p.excluded = excludedSql(c, ps, pe);
    return p;
}

// The range conditions of the counts (spec 5.5): [L, H) as SQL (unset: open), and whether there is
// a range at all.
struct RangeSql
{
    std::optional<std::string> lo;
    std::optional<std::string> hi;
    bool any = false;

    std::string inRange(const std::string& t) const
    {
        if (!any) {
            return "1";
        }
        std::string s = "(1";
        if (lo) {
            s += " AND " + t + " >= " + *lo;
        }
        if (hi) {
            s += " AND " + t + " < " + *hi;
        }
        return s + ")";
    }
    std::string overlaps(const std::string& s, const std::string& e) const
    {
        if (!any) {
            return "1";
        }
        std::string both = "(1";
        if (hi) {
            both += " AND " + s + " < " + *hi;
        }
        if (lo) {
            both += " AND " + e + " > " + *lo;
        }
        both += ")";
        return "if(" + s + " = " + e + ", " + inRange(s) + ", " + both + ")";
    }
};

// The scope's range, as the counts test it.
RangeSql rangeOf(const StoreScope& scope)
{
    RangeSql range;
    range.any = scope.fromNs || scope.toNs;
    if (scope.fromNs) {
        range.lo = i64(*scope.fromNs);
    }
    if (scope.toNs) {
        range.hi = i64(*scope.toNs);
    }
    return range;
}

// The five sample lists (SampleList order) as (value, condition) over attempts columns: TTS where
// `ttsCond` holds, TTR and its split (spec 7.1: detect = end - fault, restart = the next attempt's
// start - end, the stretch end of an attempt that is not the last, start-up = fault + TTR - the
// next start) where `ttrCond` holds.
inline std::vector<std::pair<std::string, std::string>> sampleLists(
    const std::string& ttsCond, const std::string& ttrCond)
{
    return { { "tts_ns", ttsCond }, { "assumeNotNull(ttr_ns)", ttrCond }, { "end_ns - fault_at_ns", ttrCond },
        { "stretch_end_ns - end_ns", ttrCond }, { "fault_at_ns + assumeNotNull(ttr_ns) - stretch_end_ns", ttrCond } };
}

// The sample lists' select items: with `ranked`, each list's count, exact sum and nearest-rank p50,
// p90 and p99 (-quantilesExact(1 - p)(-v), as storePhaseDurationPercentiles ranks), in SampleList
// order; else the samples as arrays (TTR, its three parts, TTS).
inline std::string sampleColumns(const std::string& ttsCond, const std::string& ttrCond, bool ranked)
{
    const auto lists = sampleLists(ttsCond, ttrCond);
    std::string out;
    if (!ranked) {
        for (size_t i = 1; i < lists.size(); ++i) {
            out += "groupArrayIf(" + lists[i].first + ", " + lists[i].second + "), ";
        }
        return out + "groupArrayIf(" + lists[0].first + ", " + lists[0].second + ")";
    }
    for (const auto& [v, cond] : lists) {
        out += std::string(out.empty() ? "" : ", ") + "toInt64(countIf(" + cond + ")), sumIf(toDecimal128(" + v
            + ", 0), " + cond + "), quantilesExactIf(0.5, 0.1, 0.01)(-(" + v + "), " + cond + ")";
    }
    return out;
}

// Where an attempt gives a TTS sample (a first attempt starting in the range) and a TTR sample (an
// interruption whose fault lies in the range and that trained again).
inline std::string ttsCondition(const RangeSql& r)
{
    return "attempt_idx = 0 AND " + r.inRange("start_ns");
}
inline std::string interruptedCondition(const RangeSql& r);
inline std::string ttrCondition(const RangeSql& r)
{
    return interruptedCondition(r) + " AND isNotNull(ttr_ns)";
}

// The counts' select list after the group and k columns (gpu/engine.cpp addJobCounts); the
// samples as sampleColumns() gives them.
// Where an attempt's row makes its job count (gpu/engine.cpp addJobCounts): the job's window and
// the attempt's stretch reach the range, or the job has one attempt.
inline std::string jobCondition(const RangeSql& r)
{
    const std::string ws = "(first_start_ns - queue_ns)";
    return "(" + r.overlaps(ws, "last_end_ns") + " AND ("
        + r.overlaps("if(attempt_idx = 0, " + ws + ", start_ns)", "stretch_end_ns")
        + " OR (attempt_idx = 0 AND is_last = 1)))";
}

// Where an attempt is interrupted inside the range.
inline std::string interruptedCondition(const RangeSql& r)
{
    return "outcome IN ('failed', 'preempted') AND " + r.inRange("fault_at_ns");
}

inline std::string countColumns(const RangeSql& r, bool ranked)
{
    const std::string interrupted = interruptedCondition(r);
    const std::string job = jobCondition(r);
    return "toUInt64(countIf(" + r.overlaps("start_ns", "end_ns") + ")), toUInt64(countIf(" + interrupted
        + " AND interruption = 'failure')), toUInt64(countIf(" + interrupted
        + " AND interruption = 'preemption')), toUInt64(countIf(" + interrupted + " AND interruption = 'other')), "
        + sampleColumns(ttsCondition(r), ttrCondition(r), ranked) + ", toUInt64(uniqExactIf(dataset_id, job_no, " + job
        + ")), toUInt64(uniqExactIf(dataset_id, job_no, " + job + " AND has_checkpoints = 0))";
}

// countColumns() as an aggregation per group, k and dataset, merged per group and k: within one
// dataset a job is its number, so each dataset's jobs are counted with uniqExactIf(job_no) (a
// UInt32 set) and the counts summed, instead of one set of (dataset_id, job_no) pairs hashed
// 128-bit wide (a third of the counts' pass over 100 M segments' attempts). The result has
// countColumns()' columns and types. `extra`: sums ("sum(...)" items) selected before them.
// `inner`: the rest of the inner query after its select list (" FROM ... WHERE ..."), grouped here.
inline std::string perDatasetCounts(const std::string& groups, const std::string& k,
    const std::vector<std::string>& extra, const RangeSql& r, const std::string& inner)
{
    struct Column
    {
        std::string inner; // the aggregate per group, k and dataset
        std::string merge; // the outer aggregate over it, written around "(alias)"
        std::string close = ")";
    };
    std::vector<Column> cols;
    for (const std::string& e : extra) {
        cols.push_back({ e, "sum" });
    }
    const std::string interrupted = interruptedCondition(r);
    cols.push_back({ "countIf(" + r.overlaps("start_ns", "end_ns") + ")", "toUInt64(sum", "))" });
    for (const char* kind : { "failure", "preemption", "other" }) {
        cols.push_back({ "countIf(" + interrupted + " AND interruption = '" + kind + "')", "toUInt64(sum", "))" });
    }
    for (const auto& [v, cond] : sampleLists(ttsCondition(r), ttrCondition(r))) {
        cols.push_back({ "countIf(" + cond + ")", "toInt64(sum", "))" });
        cols.push_back({ "sumIf(toDecimal128(" + v + ", 0), " + cond + ")", "sum" });
        cols.push_back({ "quantilesExactIfState(0.5, 0.1, 0.01)(-(" + v + "), " + cond + ")",
            "quantilesExactIfMerge(0.5, 0.1, 0.01)" });
    }
    const std::string job = jobCondition(r);
    cols.push_back({ "uniqExactIf(job_no, " + job + ")", "toUInt64(sum", "))" });
    cols.push_back({ "uniqExactIf(job_no, " + job + " AND has_checkpoints = 0)", "toUInt64(sum", "))" });
    std::string in = "SELECT " + groups + ", " + k;
    std::string out = "SELECT g, gd, gj, ga, k";
    for (size_t i = 0; i < cols.size(); ++i) {
        const std::string alias = "c" + std::to_string(i);
        in += ", " + cols[i].inner + " AS " + alias;
        out += ", " + cols[i].merge + "(" + alias + cols[i].close;
    }
    return out + " FROM (" + in + inner + " GROUP BY g, gd, gj, ga, k, dataset_id) GROUP BY g, gd, gj, ga, k";
}

} // namespace ett::core::clickhouse::figures_sql
