#include "core/store/clickhouse/store_rollup.h"

#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/schema.h"

namespace ett::core::clickhouse {

namespace {

// Wide sums travel as Decimal128 in RowBinary (16 bytes), never as text: 18.16's toString() of a
// Decimal128 of 22 digits or more writes a NUL byte for its second digit (seen on a 40,000-job
// fleet: 1289169386373024000000 came back as "1\0" "89169386373024000000").
std::string wideSum(const std::string& expr)
{
    return "sum(toDecimal128(" + expr + ", 0))";
}

// The SELECT list after the group: counts, wide sums, interruptions, percentiles. Percentiles
// p50, p90, p99 by nearest rank: -quantilesExact(0.5, 0.1, 0.01)(-v).
std::string figureColumns()
{
    std::string s = "toUInt64(countIf(attempt_idx = 0)), toUInt64(count()), "
        + wideSum("end_ns - start_ns + gap_after_ns") + ", sum(toDecimal128(end_ns - start_ns, 0) * gpus "
        + "+ toDecimal128(gap_after_ns, 0) * job_gpus)";
    const auto recovery = static_cast<int>(Bucket::Recovery);
    for (int b = 0; b < kBucketCount; ++b) {
        s += ", " + wideSum(std::string(bucketColumn(b)) + (b == recovery ? " + gap_after_ns" : ""));
    }
    for (int b = 0; b < kBucketCount; ++b) {
        s += ", sum(toDecimal128(" + std::string(bucketColumn(b)) + ", 0) * gpus"
            + (b == recovery ? " + toDecimal128(gap_after_ns, 0) * job_gpus" : "") + ")";
    }
    s += ", toUInt64(countIf(interruption = 'failure')), toUInt64(countIf(interruption = 'preemption')), "
         "toUInt64(countIf(interruption = 'other')), toUInt64(countIf(attempt_idx = 0 AND has_checkpoints = 0))";
    s += ", arrayMap(x -> -x, quantilesExactIf(0.5, 0.1, 0.01)(-tts_ns, attempt_idx = 0))";
    s += ", toUInt64(countIf(isNotNull(ttr_ns))), "
         "arrayMap(x -> -x, quantilesExactIf(0.5, 0.1, 0.01)(-assumeNotNull(ttr_ns), isNotNull(ttr_ns)))";
    return s;
}

Result<std::vector<int64_t>> readInt64Array(RowBinaryReader& r)
{
    // Array(Int64): a LEB128 length, then the items.
    uint64_t n = 0;
    for (int shift = 0;; shift += 7) {
        auto b = r.uint8();
        if (!b) {
            return b.error();
        }
        n |= static_cast<uint64_t>(*b & 0x7F) << shift;
        if ((*b & 0x80) == 0 || shift > 56) {
            break;
        }
    }
    std::vector<int64_t> out;
    for (uint64_t i = 0; i < n; ++i) {
        auto v = r.int64();
        if (!v) {
            return v.error();
        }
        out.push_back(*v);
    }
    return out;
}

Percentiles percentilesFrom(const std::vector<int64_t>& values, int64_t count)
{
    Percentiles p;
    if (count > 0 && values.size() == 3) {
        p.p50 = values[0];
        p.p90 = values[1];
        p.p99 = values[2];
    }
    return p;
}

// One row: the group, then figureColumns().
Result<StoreFigures> readFigures(RowBinaryReader& r)
{
    StoreFigures out;
    Figures& f = out.figures;
    auto u64 = [&](int64_t& into) -> Status {
        auto v = r.uint64();
        if (!v) {
            return v.error();
        }
        into = static_cast<int64_t>(*v);
        return Status::success();
    };
    auto wide = [&](Wide& into) -> Status {
        auto v = r.decimal128();
        if (!v) {
            return v.error();
        }
        into = *v;
        return Status::success();
    };
    if (auto st = u64(f.jobs); !st) {
        return st.error();
    }
    out.ttsCount = f.jobs;
    for (Status st : { u64(f.attempts), wide(f.e2eNs), wide(f.e2eGpuNs) }) {
        if (!st) {
            return st.error();
        }
    }
    for (auto& b : f.bucketsNs) {
        if (auto st = wide(b); !st) {
            return st.error();
        }
    }
    for (auto& b : f.bucketsGpuNs) {
        if (auto st = wide(b); !st) {
            return st.error();
        }
    }
    for (int64_t* v : { &f.failures, &f.preemptions, &f.otherInterruptions, &f.noCheckpointDataJobs }) {
        if (auto st = u64(*v); !st) {
            return st.error();
        }
    }
    auto tts = readInt64Array(r);
    if (!tts) {
        return tts.error();
    }
    out.tts = percentilesFrom(*tts, out.ttsCount);
    if (auto st = u64(out.ttrCount); !st) {
        return st.error();
    }
    auto ttr = readInt64Array(r);
    if (!ttr) {
        return ttr.error();
    }
    out.ttr = percentilesFrom(*ttr, out.ttrCount);
    return out;
}

} // namespace

Result<StoreVocabulary> storeVocabulary(FleetStore& store)
{
    StoreVocabulary out;
    auto live = store.liveDatasets();
    if (!live) {
        return live.error();
    }
    for (const auto& d : *live) {
        out.labels.push_back(d.label);
    }
    const std::string db = store.url().database;
    auto keys = store.queryNode().query("SELECT DISTINCT arrayJoin(attr_keys) AS k FROM " + db + ".jobs WHERE "
        + liveDatasetsFilter(db) + " ORDER BY k FORMAT RowBinary");
    if (!keys) {
        return store.explain(keys.error());
    }
    RowBinaryReader r(*keys);
    while (!r.atEnd()) {
        auto k = r.string();
        if (!k) {
            return k.error();
        }
        out.attrKeys.push_back(std::move(*k));
    }
    return out;
}

Result<StoreRollup> storeRollup(
    FleetStore& store, const std::optional<std::string>& label, const std::optional<std::string>& groupBy)
{
    const std::string db = store.url().database;
    const std::string live = "dataset_id GLOBAL IN (SELECT dataset_id FROM " + db + ".datasets_live"
        + (label ? " WHERE label = " + sqlString(*label) : std::string()) + ")";
    auto run = [&](const std::string& groupExpr) -> Result<std::vector<std::pair<std::string, StoreFigures>>> {
        // The jobs side of the join names the local table: each shard joins its own rows.
        const std::string sql = "SELECT g, " + figureColumns() + " FROM " + db
            + ".attempts ANY INNER JOIN (SELECT dataset_id, job_no, gpus AS job_gpus, " + groupExpr
            + " AS g, (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db
            + ".checkpoints_local) AS has_checkpoints FROM " + db + ".jobs_local) USING (dataset_id, job_no) WHERE "
            + live + " GROUP BY g ORDER BY g FORMAT RowBinary";
        auto body = store.queryNode().query(sql);
        if (!body) {
            return store.explain(body.error());
        }
        std::vector<std::pair<std::string, StoreFigures>> rows;
        RowBinaryReader r(*body);
        while (!r.atEnd()) {
            auto g = r.string();
            if (!g) {
                return g.error();
            }
            auto f = readFigures(r);
            if (!f) {
                return f.error();
            }
            rows.emplace_back(std::move(*g), std::move(*f));
        }
        return rows;
    };
    StoreRollup out;
    auto fleet = run("''");
    if (!fleet) {
        return fleet.error();
    }
    if (!fleet->empty()) {
        out.fleet = std::move(fleet->front().second);
    }
    if (groupBy) {
        const std::string expr = *groupBy == "label" ? std::string("label")
                                                     : "if(has(attr_keys, " + sqlString(*groupBy)
                + "), attr_values[indexOf(attr_keys, " + sqlString(*groupBy) + ")], '(none)')";
        auto groups = run(expr);
        if (!groups) {
            return groups.error();
        }
        for (auto& [name, f] : *groups) {
            out.groups.emplace(name, std::move(f));
        }
    }
    return out;
}

} // namespace ett::core::clickhouse
