#include "core/store/clickhouse/store_jobs.h"

#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"

#include <algorithm>

namespace ett::core::clickhouse {

namespace {

// The columns of the jobs table a StoreJob is read from (readJob), in its order.
constexpr const char* kJobColumns
    = "dataset_id, job_no, job_key, label, name, gpus, first_start_ns, attr_keys, attr_values";

Result<StoreJob> readJob(RowBinaryReader& r)
{
    auto dataset = r.uint64();
    auto jobNo = r.uint32();
    auto key = r.string();
    auto label = r.string();
    auto name = r.string();
    auto gpus = r.int64();
    auto first = r.int64();
    auto keys = r.stringArray();
    auto values = r.stringArray();
    if (!dataset || !jobNo || !key || !label || !name || !gpus || !first || !keys || !values
        || keys->size() != values->size()) {
        return shortRowError();
    }
    StoreJob job { *dataset, *jobNo, std::move(*key), std::move(*label), std::move(*name), *gpus, *first, {} };
    for (size_t i = 0; i < keys->size(); ++i) {
        job.attrs.emplace_back(std::move((*keys)[i]), std::move((*values)[i]));
    }
    return job;
}

// The live jobs matching `where` (SQL over the jobs table).
Result<std::vector<StoreJob>> jobsWhere(FleetStore& store, const std::string& where)
{
    const std::string db = store.url().database;
    auto body = store.select(std::string("SELECT ") + kJobColumns + " FROM " + db + ".jobs WHERE "
        + liveDatasetsFilter(db) + " AND (" + where + ")");
    if (!body) {
        return body.error();
    }
    std::vector<StoreJob> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto job = readJob(r);
        if (!job) {
            return job.error();
        }
        out.push_back(std::move(*job));
    }
    return out;
}

std::string ofJob(uint64_t datasetId, uint32_t jobNo)
{
    return " AND dataset_id = " + std::to_string(datasetId) + " AND job_no = " + std::to_string(jobNo);
}

} // namespace

Result<StoreVocabulary> storeVocabulary(FleetStore& store)
{
    const std::string db = store.url().database;
    const std::string live = liveDatasetsFilter(db);
    StoreVocabulary v;
    // 1. Attribute keys and their values.
    auto attrs = store.select("SELECT DISTINCT k, v FROM " + db + ".jobs ARRAY JOIN attr_keys AS k, attr_values AS v "
        + "WHERE " + live + " ORDER BY k, v");
    if (!attrs) {
        return attrs.error();
    }
    for (RowBinaryReader r(*attrs); !r.atEnd();) {
        auto k = r.string();
        auto value = r.string();
        if (!k || !value) {
            return shortRowError();
        }
        if (v.attrKeys.empty() || v.attrKeys.back() != *k) {
            v.attrKeys.push_back(*k);
        }
        v.attrValues[*k].push_back(std::move(*value));
    }
    // 2. GPUs and counts.
    auto jobs = store.select(
        "SELECT toInt64(min(gpus)), toInt64(max(gpus)), count(), sum(attempts) FROM " + db + ".jobs WHERE " + live);
    if (!jobs) {
        return jobs.error();
    }
    RowBinaryReader jr(*jobs);
    auto minGpus = jr.int64();
    auto maxGpus = jr.int64();
    auto jobCount = jr.uint64();
    auto attemptCount = jr.uint64();
    if (!minGpus || !maxGpus || !jobCount || !attemptCount) {
        return shortRowError();
    }
    v.jobs = static_cast<int64_t>(*jobCount);
    v.attempts = static_cast<int64_t>(*attemptCount);
    v.minGpus = *minGpus;
    v.maxGpus = *maxGpus;
    // 3. When each label starts, when the last attempt ends, and the segments.
    auto starts = store.select("SELECT label, min(first_start_ns) FROM " + db + ".jobs WHERE " + live
        + " AND attempts > 0 GROUP BY label ORDER BY label");
    if (!starts) {
        return starts.error();
    }
    for (RowBinaryReader r(*starts); !r.atEnd();) {
        auto label = r.string();
        auto first = r.int64();
        if (!label || !first) {
            return shortRowError();
        }
        v.labelFirstNs[*label] = *first;
    }
    auto ends = store.select(
        "SELECT max(end_ns), count(), quantileExact(0.5)(start_ns) FROM " + db + ".attempts WHERE " + live);
    auto segments = store.select("SELECT count() FROM " + db + ".segments WHERE " + live);
    if (!ends || !segments) {
        return !ends ? ends.error() : segments.error();
    }
    RowBinaryReader er(*ends);
    auto last = er.int64();
    auto attemptRows = er.uint64();
    auto median = er.int64();
    RowBinaryReader sr(*segments);
    auto segmentCount = sr.uint64();
    if (!last || !attemptRows || !median || !segmentCount) {
        return shortRowError();
    }
    v.lastEndNs = *last;
    v.medianStartNs = *median;
    v.segments = static_cast<int64_t>(*segmentCount);
    return v;
}

bool storeUserMayWrite(FleetStore& store)
{
    auto body = store.queryNode().query("SELECT value FROM system.settings WHERE name = 'readonly' FORMAT TSV");
    return body && !body->empty() && body->front() == '0';
}

Result<std::vector<StoreJob>> storeJobs(FleetStore& store, const StoreScope& scope)
{
    return jobsWhere(store, jobFilterSql(scope));
}

Result<std::vector<StoreJob>> storeJobsOf(FleetStore& store, const std::vector<std::pair<uint64_t, uint32_t>>& ids)
{
    return jobsWhere(store, jobListSql(ids));
}

Result<std::vector<StoreJob>> storeJobsWithKey(FleetStore& store, const std::string& key)
{
    return jobsWhere(store, "job_key = " + sqlString(key));
}

Result<StoreJobSearch> storeSearchJobs(FleetStore& store, std::string_view query, size_t limit)
{
    const std::string q = sqlString(query);
    const std::string db = store.url().database;
    // Ranked on the cluster as the local source ranks: 0 the key is the query, 1 the key contains
    // it, 2 the name, 3 an attribute value (the first key, in the job's order, whose value
    // matches). lower() and positionCaseInsensitive() fold ASCII only, as the local search does.
    const std::string rank = "multiIf(lower(job_key) = lower(" + q + "), 0, positionCaseInsensitive(job_key, " + q
        + ") > 0, 1, positionCaseInsensitive(name, " + q + ") > 0, 2, 3)";
    const std::string attr = "arrayFirstIndex(v -> positionCaseInsensitive(v, " + q + ") > 0, attr_values)";
    const std::string where = liveDatasetsFilter(db) + " AND (positionCaseInsensitive(job_key, " + q
        + ") > 0 OR positionCaseInsensitive(name, " + q + ") > 0 OR " + attr + " > 0)";
    auto count = store.select("SELECT count() FROM " + db + ".jobs WHERE " + where);
    if (!count) {
        return count.error();
    }
    auto body = store.select("SELECT " + rank + " AS r, " + kJobColumns + ", " + attr + " FROM " + db + ".jobs WHERE "
        + where + " ORDER BY r, job_key, label, dataset_id, job_no LIMIT " + std::to_string(limit));
    if (!body) {
        return body.error();
    }
    StoreJobSearch out;
    RowBinaryReader cr(*count);
    auto total = cr.uint64();
    if (!total) {
        return shortRowError();
    }
    out.total = *total;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto rk = r.uint8();
        auto job = rk ? readJob(r) : Result<StoreJob>(rk.error());
        auto ai = r.uint32(); // 1-based index of the first attribute value that matches
        if (!job || !ai || *rk > 3 || (*rk == 3 && (*ai == 0 || *ai > job->attrs.size()))) {
            return shortRowError();
        }
        out.matches.push_back({ *rk, std::move(*job), *rk == 3 ? static_cast<size_t>(*ai - 1) : 0 });
    }
    return out;
}

Result<std::vector<StoreAttemptInfo>> storeJobAttempts(FleetStore& store, uint64_t datasetId, uint32_t jobNo)
{
    const std::string db = store.url().database;
    auto body = store.select("SELECT attempt_idx, toInt64(attempt_no), toString(outcome), cause, start_ns, tts_ns FROM "
        + db + ".attempts WHERE " + liveDatasetsFilter(db) + ofJob(datasetId, jobNo));
    if (!body) {
        return body.error();
    }
    std::vector<StoreAttemptInfo> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto idx = r.uint32();
        auto number = r.int64();
        auto outcome = r.string();
        auto cause = r.string();
        auto start = r.int64();
        auto tts = r.int64();
        if (!idx || !number || !outcome || !cause || !start || !tts) {
            return shortRowError();
        }
        out.push_back({ *idx, *number, std::move(*outcome), std::move(*cause), *start, *tts });
    }
    return out;
}

Result<int64_t> storeAttemptCount(FleetStore& store, uint64_t datasetId, uint32_t jobNo, int64_t attemptNo)
{
    const std::string db = store.url().database;
    auto body = store.select("SELECT toInt64(count()) FROM " + db + ".attempts WHERE " + liveDatasetsFilter(db)
        + ofJob(datasetId, jobNo) + " AND attempt_no = " + std::to_string(attemptNo));
    if (!body) {
        return body.error();
    }
    RowBinaryReader r(*body);
    auto count = r.int64();
    if (!count) {
        return shortRowError();
    }
    return *count;
}

} // namespace ett::core::clickhouse
