#include "core/store/clickhouse/store_ranks.h"

#include "core/model/types.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"

#include <map>
#include <tuple>

namespace ett::core::clickhouse {

namespace {

using AttemptKey = std::tuple<uint64_t, uint32_t, uint32_t>; // dataset, job, attempt index

constexpr const char* kShortRow = "a short row in the server's answer";

} // namespace

Status forEachStoreRankAttempt(FleetStore& store, const StoreRankScope& scope,
    const std::function<Status(const StoreRankAttempt&)>& fn, uint32_t jobsPerSlice)
{
    const std::string db = store.url().database;
    const std::string live = liveScopeSql(db, scope.jobs.labels);
    // The attempts of the scope (on each shard, its own jobs and attempts).
    std::string attemptCond = "1";
    if (scope.jobs.fromNs) {
        attemptCond += " AND start_ns >= toInt64(" + std::to_string(*scope.jobs.fromNs) + ")";
    }
    if (scope.jobs.toNs) {
        attemptCond += " AND start_ns < toInt64(" + std::to_string(*scope.jobs.toNs) + ")";
    }
    if (scope.attemptNo) {
        attemptCond += " AND attempt_no = " + std::to_string(*scope.attemptNo);
    }
    const std::string jobs = "(SELECT dataset_id, job_no, label, job_key FROM " + db + ".jobs_local WHERE "
        + jobFilterSql(scope.jobs) + ")";
    auto top = store.select("SELECT toUInt32(max(job_no)) FROM " + db + ".jobs WHERE " + live);
    if (!top) {
        return top.error();
    }
    RowBinaryReader tr(*top);
    auto maxJob = tr.uint32();
    if (!maxJob) {
        return Error { kShortRow };
    }
    jobsPerSlice = std::max<uint32_t>(jobsPerSlice, 1);
    // Named jobs: one slice of them. Else slices of job numbers (every table is ordered by them).
    const bool named = !scope.jobs.jobs.empty();
    for (uint64_t lo = 0; lo <= *maxJob; lo += jobsPerSlice) {
        std::string slice = "job_no >= " + std::to_string(lo) + " AND job_no < " + std::to_string(lo + jobsPerSlice);
        if (named) {
            slice = jobListSql(scope.jobs.jobs);
        }
        // Only the slice's phases are looked at, on each shard.
        const std::string rankedAttempts
            = "(dataset_id, job_no, attempt_idx) IN (SELECT dataset_id, job_no, attempt_idx FROM " + db
            + ".phases_local WHERE rank >= 0 AND " + slice + ")";
        // 1. The attempts with per-rank phases.
        auto attempts = store.select("SELECT dataset_id, job_no, attempt_idx, toInt32(attempt_no), start_ns, end_ns, "
                                     "gpus, label, job_key FROM "
            + db + ".attempts ANY INNER JOIN " + jobs + " USING (dataset_id, job_no) WHERE " + live + " AND " + slice
            + " AND " + attemptCond + " AND " + rankedAttempts + " ORDER BY dataset_id, job_no, attempt_idx");
        if (!attempts) {
            return attempts.error();
        }
        std::map<AttemptKey, StoreRankAttempt> found;
        for (RowBinaryReader r(*attempts); !r.atEnd();) {
            auto dataset = r.uint64();
            auto jobNo = r.uint32();
            auto idx = r.uint32();
            auto number = r.int32();
            auto start = r.int64();
            auto end = r.int64();
            auto gpus = r.int64();
            auto label = r.string();
            auto key = r.string();
            if (!dataset || !jobNo || !idx || !number || !start || !end || !gpus || !label || !key) {
                return Error { kShortRow };
            }
            StoreRankAttempt a;
            a.datasetId = *dataset;
            a.jobNo = *jobNo;
            a.label = std::move(*label);
            a.jobKey = std::move(*key);
            a.attemptNo = *number;
            a.input.startNs = *start;
            a.input.endNs = *end;
            a.input.gpus = *gpus;
            found.emplace(AttemptKey { *dataset, *jobNo, *idx }, std::move(a));
        }
        if (found.empty()) {
            if (named) {
                break;
            }
            continue;
        }
        // 2. Their per-rank phases and 3. their ranks' hosts.
        const std::string those = live + " AND " + slice + " AND (dataset_id, job_no, attempt_idx) IN (SELECT "
            + "dataset_id, job_no, attempt_idx FROM " + db + ".attempts_local ANY INNER JOIN " + jobs
            + " USING (dataset_id, job_no) WHERE " + attemptCond + ")";
        auto phases = store.select("SELECT dataset_id, job_no, attempt_idx, CAST(category AS Int8), subcategory, rank, "
                                   "start_ns, end_ns FROM "
            + db + ".phases WHERE " + those + " AND rank >= 0");
        auto hosts = store.select(
            "SELECT dataset_id, job_no, attempt_idx, rank, host FROM " + db + ".rank_hosts WHERE " + those);
        if (!phases || !hosts) {
            return !phases ? phases.error() : hosts.error();
        }
        for (RowBinaryReader r(*phases); !r.atEnd();) {
            auto dataset = r.uint64();
            auto jobNo = r.uint32();
            auto idx = r.uint32();
            auto category = r.uint8();
            auto sub = r.string();
            auto rank = r.int32();
            auto start = r.int64();
            auto end = r.int64();
            if (!dataset || !jobNo || !idx || !category || !sub || !rank || !start || !end
                || *category >= kCategoryCount) {
                return Error { kShortRow };
            }
            const auto it = found.find({ *dataset, *jobNo, *idx });
            if (it != found.end()) {
                it->second.input.phases.push_back(
                    { static_cast<Category>(*category), std::move(*sub), *rank, *start, *end });
            }
        }
        for (RowBinaryReader r(*hosts); !r.atEnd();) {
            auto dataset = r.uint64();
            auto jobNo = r.uint32();
            auto idx = r.uint32();
            auto rank = r.int32();
            auto host = r.string();
            if (!dataset || !jobNo || !idx || !rank || !host) {
                return Error { kShortRow };
            }
            const auto it = found.find({ *dataset, *jobNo, *idx });
            if (it != found.end()) {
                it->second.input.hosts.emplace_back(*rank, std::move(*host));
            }
        }
        for (auto& [key, attempt] : found) {
            if (auto st = fn(attempt); !st) {
                return st;
            }
        }
        if (named) {
            break;
        }
    }
    return Status::success();
}

} // namespace ett::core::clickhouse
