// The fleet store source's timelines: a job's (attempts, segments, phases, checkpoints) and the
// fleet's (spans and faults of the jobs shown), read from the cluster for the jobs drawn; and the
// intervals behind a bucket; the interruptions behind the causes table; the attempts of the
// straggler views.
#include "app/service/excluded_intervals.h"
#include "app/service/store_fleet_source.h"
#include "app/service/store_rows.h"
#include "core/store/clickhouse/store_timelines.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;

core::Result<core::JobTimeline> StoreFleetSource::jobTimeline(JobIndex job)
{
    if (job < 0 || static_cast<size_t>(job) >= m_jobs.size()) {
        return core::Error { "no job " + std::to_string(job) + " in " + location() };
    }
    const auto started = Clock::now();
    const JobRef ref = m_jobs[static_cast<size_t>(job)];
    auto t = ch::storeJobTimeline(*m_store, ref.datasetId, ref.jobNo);
    if (!t) {
        return t.error();
    }
    if (!*t) {
        return core::Error { "job " + ref.key + " of label '" + ref.label + "' is no longer in " + location() };
    }
    m_lastSeconds = secondsSince(started);
    return std::move(**t);
}

core::Result<FleetTimelineData> StoreFleetSource::fleetTimeline(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows)
{
    const auto started = Clock::now();
    FleetTimelineData d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    if (toNs <= fromNs || maxRows <= 0) {
        return d;
    }
    // 1. The scope's jobs counted in the range (the engine's job roll-up over it), by first start.
    core::CohortSpec ranged = scope;
    ranged.fromNs = fromNs;
    ranged.toNs = toNs;
    auto byJob = rollup(ranged, "job");
    if (!byJob) {
        return byJob.error();
    }
    std::vector<std::pair<int64_t, JobIndex>> order;
    for (const auto& g : byJob->groups) {
        if (g.code >= 0) {
            order.emplace_back(m_jobs[static_cast<size_t>(g.code)].firstStartNs, g.code);
        }
    }
    std::sort(order.begin(), order.end());
    if (order.size() > static_cast<size_t>(maxRows)) {
        order.resize(static_cast<size_t>(maxRows));
    }
    if (order.empty()) {
        return d;
    }
    // 2. Their segments inside the range, and their attempts (gaps, faults) and queue.
    std::vector<std::pair<uint64_t, uint32_t>> ids;
    std::map<std::pair<uint64_t, uint32_t>, size_t> rowOf;
    for (const auto& [start, job] : order) {
        const JobRef& ref = m_jobs[static_cast<size_t>(job)];
        ids.emplace_back(ref.datasetId, ref.jobNo);
        rowOf[{ ref.datasetId, ref.jobNo }] = d.rows.size();
        FleetTimelineRow row;
        row.job = job;
        row.key = ref.key;
        row.label = ref.label;
        row.gpus = ref.gpus;
        d.rows.push_back(std::move(row));
    }
    auto rows = ch::storeTimelineRows(*m_store, ids, fromNs, toNs);
    if (!rows) {
        return rows.error();
    }
    auto clip = [&](FleetTimelineRow& row, int64_t s, int64_t e, uint8_t bucket) {
        s = std::max(s, fromNs);
        e = std::min(e, toNs);
        if (s < e) {
            row.spans.push_back({ s, e, bucket });
        }
    };
    if (scope.countQueue) {
        for (const ch::StoreTimelineQueue& q : rows->queues) {
            if (q.submittedNs < q.firstStartNs) {
                clip(d.rows[rowOf.at({ q.datasetId, q.jobNo })], q.submittedNs, q.firstStartNs,
                    static_cast<uint8_t>(core::Bucket::Queue));
            }
        }
    }
    // Per attempt: its segments, then the gap after it, then its fault (the local source's order).
    // Both lists are in (dataset, job, attempt) order.
    auto next = rows->segments.begin();
    for (const ch::StoreTimelineAttempt& a : rows->attempts) {
        FleetTimelineRow& row = d.rows[rowOf.at({ a.datasetId, a.jobNo })];
        const auto key = std::make_tuple(a.datasetId, a.jobNo, a.attemptIdx);
        for (; next != rows->segments.end() && std::make_tuple(next->datasetId, next->jobNo, next->attemptIdx) <= key;
             ++next) {
            if (std::make_tuple(next->datasetId, next->jobNo, next->attemptIdx) == key) {
                clip(row, next->startNs, next->endNs, next->bucket);
            }
        }
        if (a.gapAfterNs > 0) {
            clip(row, a.endNs, a.endNs + a.gapAfterNs, static_cast<uint8_t>(core::Bucket::Recovery));
        }
        if ((a.outcome == "failed" || a.outcome == "preempted") && a.faultNs >= fromNs && a.faultNs <= toNs) {
            row.faults.push_back({ a.faultNs, a.interruption, static_cast<int32_t>(a.number) });
        }
    }
    m_lastSeconds = secondsSince(started);
    return d;
}

core::Result<BucketIntervals> StoreFleetSource::bucketIntervals(const IntervalRequest& request)
{
    const auto started = Clock::now();
    auto scope = scopeOf(request.scope, request.job);
    if (!scope) {
        return scope.error();
    }
    // Spec 7.4: with excluded windows, every interval of the bucket comes from the cluster (which
    // clips them to the range) and is clipped here as the database's source clips it; their count
    // and time are then those of the parts.
    const std::vector<core::TimeSpan> excluded = core::normalizeExcluded(request.scope.excluded);
    if (request.attempt) {
        // The same message as the local source's for an attempt the job lacks.
        std::optional<int64_t> n;
        if (request.job) {
            const JobRef& ref = m_jobs[static_cast<size_t>(*request.job)];
            auto count = ch::storeAttemptCount(*m_store, ref.datasetId, ref.jobNo, *request.attempt);
            if (!count) {
                return count.error();
            }
            n = *count;
        }
        if (!n || *n == 0) {
            return core::Error { "no attempt " + std::to_string(*request.attempt) + " of job #"
                + (request.job ? std::to_string(*request.job) : std::string("(none given)")) + " in " + location() };
        }
    }
    const auto order = [&] {
        switch (request.sort) {
        case IntervalSort::Duration:
            return ch::IntervalOrder::Duration;
        case IntervalSort::Start:
            return ch::IntervalOrder::Start;
        case IntervalSort::GpuTime:
            break;
        }
        return ch::IntervalOrder::GpuTime;
    }();
    auto listed = ch::storeBucketIntervals(
        *m_store, *scope, request.bucket, request.attempt, order, excluded.empty() ? request.limit : 0);
    if (!listed) {
        return listed.error();
    }
    // Number the jobs listed that this source has not met yet: by name when they are few, else
    // every job of the scope in one query (a list of thousands would pass the server's query size).
    std::set<std::pair<uint64_t, uint32_t>> unknown;
    for (const ch::StoreInterval& i : listed->rows) {
        if (!m_index.contains({ i.datasetId, i.jobNo })) {
            unknown.emplace(i.datasetId, i.jobNo);
        }
    }
    if (!unknown.empty()) {
        auto read = numberJobs(unknown.size() <= 200
                ? ch::storeJobsOf(*m_store, std::vector<std::pair<uint64_t, uint32_t>>(unknown.begin(), unknown.end()))
                : ch::storeJobs(*m_store, *scope));
        if (!read) {
            return read.error();
        }
    }
    // The sources' first rows merged into the first `limit` (the local source's order and ties).
    IntervalCollector collect(request.bucket, request.sort, request.limit);
    for (const ch::StoreInterval& i : listed->rows) {
        const auto it = m_index.find({ i.datasetId, i.jobNo });
        if (it == m_index.end()) {
            return core::Error { "a job listed by " + location() + " is no longer in it; try again" };
        }
        const JobRef& ref = m_jobs[static_cast<size_t>(it->second)];
        addOutsideExcluded(
            collect, { it->second, ref.label, ref.key, i.attempt, i.gap, i.startNs, i.endNs, i.gpus }, excluded);
    }
    BucketIntervals out = collect.finish();
    if (excluded.empty()) {
        // The cluster counted and summed every interval, the listed ones are the first `limit`.
        out.count = listed->count;
        out.totalNs = listed->totalNs;
        out.totalGpuNs = listed->totalGpuNs;
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<std::vector<core::StoredInterruption>> StoreFleetSource::interruptions(const core::CohortSpec& spec)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    auto out = ch::storeInterruptions(*m_store, *scope);
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Status StoreFleetSource::forEachRankAttempt(const core::CohortSpec& spec, std::optional<JobIndex> job,
    std::optional<int32_t> attempt, const std::function<core::Status(const ch::StoreRankAttempt&)>& fn)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec, job);
    if (!scope) {
        return scope.error();
    }
    auto st = ch::forEachStoreRankAttempt(*m_store, { *scope, attempt }, fn);
    m_lastSeconds = secondsSince(started);
    return st;
}

} // namespace ett::app
