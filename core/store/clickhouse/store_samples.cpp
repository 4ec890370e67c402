#include "core/store/clickhouse/store_samples.h"

#include "core/model/types.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"

namespace ett::core::clickhouse {

namespace {

// The (dataset, job) of a row, then one int64: a StoreJobTime.
Result<std::vector<StoreJobTime>> jobTimes(const std::string& body)
{
    std::vector<StoreJobTime> out;
    for (RowBinaryReader r(body); !r.atEnd();) {
        auto dataset = r.uint64();
        auto jobNo = r.uint32();
        auto ns = r.int64();
        if (!dataset || !jobNo || !ns) {
            return shortRowError();
        }
        out.push_back({ *dataset, *jobNo, *ns });
    }
    return out;
}

// " FROM ... WHERE ...": the phases of the scope's jobs that start in its range.
std::string scopePhasesSql(const std::string& db, const StoreScope& scope)
{
    std::string range;
    if (scope.fromNs) {
        range += " AND start_ns >= " + std::to_string(*scope.fromNs);
    }
    if (scope.toNs) {
        range += " AND start_ns < " + std::to_string(*scope.toNs);
    }
    return " FROM " + db + ".phases WHERE " + liveScopeSql(db, scope.labels) + range
        + " AND (dataset_id, job_no) IN (SELECT dataset_id, job_no FROM " + db + ".jobs_local WHERE "
        + jobFilterSql(scope) + ")";
}

} // namespace

Result<std::vector<StorePhaseKindDurations>> storePhaseDurations(FleetStore& store, const StoreScope& scope)
{
    const std::string db = store.url().database;
    auto body = store.select("SELECT CAST(category AS Int8) AS c, subcategory, arraySort(groupArray(end_ns - start_ns))"
        + scopePhasesSql(db, scope) + " GROUP BY c, subcategory ORDER BY c, subcategory");
    if (!body) {
        return body.error();
    }
    std::vector<StorePhaseKindDurations> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto category = r.uint8();
        auto sub = r.string();
        auto values = r.int64Array();
        if (!category || !sub || !values || *category >= kCategoryCount) {
            return shortRowError();
        }
        out.push_back({ *category, std::move(*sub), std::move(*values) });
    }
    return out;
}

Result<std::vector<StorePhaseKindPercentiles>> storePhaseDurationPercentiles(FleetStore& store, const StoreScope& scope)
{
    // Nearest rank p of v is -quantileExact(1 - p)(-v): quantileExact takes the element at 0-based
    // index floor(level x N) of the sorted values, and floor((1 - p) N) = N - ceil(pN) counts from
    // the top. The levels 0.5, 0.1 and 0.01 are passed as written (0.1 and 0.01 are a hair above
    // their value as doubles, so the product never falls below the integer it should reach).
    const std::string db = store.url().database;
    const std::string from = scopePhasesSql(db, scope);
    const std::string figures = "toInt64(count()), quantilesExact(0.5, 0.1, 0.01)(start_ns - end_ns)";
    auto body = store.select("SELECT CAST(category AS Int8) AS c, subcategory, toUInt8(0), " + figures + from
        + " GROUP BY c, subcategory UNION ALL SELECT CAST(category AS Int8) AS c, '', toUInt8(1), " + figures + from
        + " GROUP BY c");
    if (!body) {
        return body.error();
    }
    std::vector<StorePhaseKindPercentiles> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto category = r.uint8();
        auto sub = r.string();
        auto whole = r.uint8();
        auto count = r.int64();
        auto negated = r.int64Array();
        if (!category || !sub || !whole || !count || !negated || *category >= kCategoryCount || negated->size() != 3
            || *count <= 0) {
            return shortRowError();
        }
        StorePhaseKindPercentiles k;
        k.category = *category;
        k.subcategory = std::move(*sub);
        k.wholeCategory = *whole != 0;
        k.count = *count;
        k.percentiles = { -(*negated)[0], -(*negated)[1], -(*negated)[2] };
        out.push_back(std::move(k));
    }
    return out;
}

Result<std::vector<StoreThinnedDurations>> storeThinnedPhaseDurations(
    FleetStore& store, const StoreScope& scope, int64_t maxSamples)
{
    if (maxSamples < 2) {
        return Error { "a thinned list keeps at least its first and last values, not " + std::to_string(maxSamples) };
    }
    const std::string db = store.url().database;
    const std::string m = std::to_string(maxSamples);
    const std::string from = scopePhasesSql(db, scope);
    // Position p (0-based) of n > m values is kept when it is rank floor(i (n - 1) / (m - 1)) of some i:
    // the only candidate is i = ceil(p (m - 1) / (n - 1)) (the ranks are more than 1 apart). A filter
    // over the list itself, not a map over range(m) that reads the list: a lambda's captured array
    // is copied for every element it maps (m copies of the list).
    const auto part = [&](const std::string& sub, const std::string& whole, const std::string& groupBy) {
        return "SELECT c, sub, whole, if(n <= " + m + ", s, arrayFilter((x, j) -> intDiv(intDiv((j - 1) * (" + m
            + " - 1) + n - 2, n - 1) * (n - 1), " + m
            + " - 1) = j - 1, s, arrayEnumerate(s))) FROM (SELECT "
              "CAST(category AS Int8) AS c, "
            + sub + " AS sub, toUInt8(" + whole
            + ") AS whole, arraySort(groupArray(end_ns - start_ns)) AS s, length(s) AS n" + from + " GROUP BY "
            + groupBy + ")";
    };
    auto body = store.select(part("subcategory", "0", "c, subcategory") + " UNION ALL " + part("''", "1", "c"));
    if (!body) {
        return body.error();
    }
    std::vector<StoreThinnedDurations> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto category = r.uint8();
        auto sub = r.string();
        auto whole = r.uint8();
        auto values = r.int64Array();
        if (!category || !sub || !whole || !values || *category >= kCategoryCount) {
            return shortRowError();
        }
        out.push_back({ { *category, std::move(*sub), std::move(*values) }, *whole != 0 });
    }
    return out;
}

Result<StoreAdviceRows> storeAdviceRows(FleetStore& store, const StoreScope& scope)
{
    const std::string db = store.url().database;
    const std::string live = liveScopeSql(db, scope.labels);
    const std::string jobs = "(SELECT dataset_id, job_no, gpus AS job_gpus, has_checkpoints FROM " + db
        + ".jobs_local WHERE " + jobFilterSql(scope) + ")";
    auto attempts = store.select("SELECT dataset_id, job_no, start_ns, end_ns, gpus, job_gpus, gap_after_ns, "
                                 "toUInt8(outcome IN ('failed', 'preempted')), fault_ns, isNull(first_train_ns), "
                                 "assumeNotNull(first_train_ns), b_productive, b_lost_progress, b_checkpoint_save, "
                                 "has_checkpoints FROM "
        + db + ".attempts ANY INNER JOIN " + jobs + " USING (dataset_id, job_no) WHERE " + live);
    auto saves = store.select("SELECT dataset_id, job_no, end_ns - start_ns FROM " + db + ".segments ANY INNER JOIN "
        + jobs + " USING (dataset_id, job_no) WHERE " + live + " AND bucket = 'checkpoint_save'");
    auto checkpoints = store.select("SELECT dataset_id, job_no, start_ns FROM " + db + ".checkpoints ANY INNER JOIN "
        + jobs + " USING (dataset_id, job_no) WHERE " + live + " AND failed = 0");
    for (const auto* r : { &attempts, &saves, &checkpoints }) {
        if (!*r) {
            return r->error();
        }
    }
    StoreAdviceRows out;
    for (RowBinaryReader r(*attempts); !r.atEnd();) {
        auto dataset = r.uint64();
        auto jobNo = r.uint32();
        int64_t v[5] = {}; // start, end, GPUs, the job's GPUs, gap after
        for (int64_t& x : v) {
            auto read = r.int64();
            if (!read) {
                return shortRowError();
            }
            x = *read;
        }
        auto interrupted = r.uint8();
        auto fault = r.int64();
        auto noTrain = r.uint8();
        auto firstTrain = r.int64();
        auto productive = r.int64();
        auto lost = r.int64();
        auto save = r.int64();
        auto hasCheckpoints = r.uint8();
        if (!dataset || !jobNo || !interrupted || !fault || !noTrain || !firstTrain || !productive || !lost || !save
            || !hasCheckpoints) {
            return shortRowError();
        }
        StoreAdviceAttempt a;
        a.datasetId = *dataset;
        a.jobNo = *jobNo;
        a.startNs = v[0];
        a.endNs = v[1];
        a.gpus = v[2];
        a.jobGpus = v[3];
        a.gapAfterNs = v[4];
        a.interrupted = *interrupted != 0;
        a.faultNs = *fault;
        if (*noTrain == 0) {
            a.firstTrainNs = *firstTrain;
        }
        a.productiveNs = *productive;
        a.lostProgressNs = *lost;
        a.checkpointSaveNs = *save;
        a.hasCheckpoints = *hasCheckpoints != 0;
        out.attempts.push_back(a);
    }
    auto savesNs = jobTimes(*saves);
    if (!savesNs) {
        return savesNs.error();
    }
    auto durable = jobTimes(*checkpoints);
    if (!durable) {
        return durable.error();
    }
    out.savesNs = std::move(*savesNs);
    out.durableStartsNs = std::move(*durable);
    return out;
}

} // namespace ett::core::clickhouse
