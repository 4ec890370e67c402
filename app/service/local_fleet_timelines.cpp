// The local source's timelines: a job's (read from its rows), the fleet timeline and its density,
// and the intervals of one bucket, all walked from the engine's columns span by span.
#include "app/service/engine_call.h"
#include "app/service/excluded_intervals.h"
#include "app/service/local_fleet_source.h"
#include "core/model/types.h"
#include "core/store/timeline.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ett::app {

core::Result<core::JobTimeline> LocalFleetSource::jobTimeline(JobIndex job)
{
    const auto& c = m_engine->columns();
    if (job < 0 || static_cast<size_t>(job) >= c.jobRowId.size()) {
        return core::Error { "no job " + std::to_string(job) + " in the loaded fleet" };
    }
    return core::loadJobTimeline(*m_db, core::JobRowId { c.jobRowId[static_cast<size_t>(job)] });
}

core::Result<std::vector<int32_t>> LocalFleetSource::timelineJobs(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs)
{
    const auto& c = m_engine->columns();
    // 1. The selected jobs whose window overlaps the range: the engine's job roll-up over it.
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    filter->fromNs = fromNs;
    filter->toNs = toNs;
    std::vector<int32_t> jobs;
    for (const auto& g : m_engine->rollup(*filter, { gpu::GroupBy::Job, -1 }).groups) {
        const auto j = static_cast<size_t>(g.code);
        if (c.jobAttemptBegin[j] < c.jobAttemptBegin[j + 1]) {
            jobs.push_back(g.code);
        }
    }
    // 2. By start.
    auto startOf
        = [&](int32_t j) { return c.attemptStartNs[static_cast<size_t>(c.jobAttemptBegin[static_cast<size_t>(j)])]; };
    std::sort(jobs.begin(), jobs.end(), [&](int32_t a, int32_t b) {
        const int64_t sa = startOf(a);
        const int64_t sb = startOf(b);
        return sa != sb ? sa < sb : a < b;
    });
    return jobs;
}

template <typename OnSpan, typename OnFault>
void LocalFleetSource::forEachSpan(
    int32_t job, bool countQueue, int64_t fromNs, int64_t toNs, OnSpan&& onSpan, OnFault&& onFault) const
{
    const auto& c = m_engine->columns();
    const auto& at = m_engine->attribution();
    auto addSpan = [&](int64_t s, int64_t e, uint8_t bucket, int64_t attemptRow, bool gap) {
        s = std::max(s, fromNs);
        e = std::min(e, toNs);
        if (s < e) {
            onSpan(s, e, bucket, attemptRow, gap);
        }
    };
    const auto j = static_cast<size_t>(job);
    const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
    const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
    if (countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < c.attemptStartNs[a0]) {
        addSpan(c.jobSubmittedNs[j], c.attemptStartNs[a0], static_cast<uint8_t>(core::Bucket::Queue), -1, false);
    }
    for (size_t a = a0; a < a1; ++a) {
        const auto row = static_cast<int64_t>(a);
        const auto s0 = static_cast<size_t>(at.attemptSegmentBegin[a]);
        const auto s1 = static_cast<size_t>(at.attemptSegmentBegin[a + 1]);
        for (size_t s = s0; s < s1; ++s) {
            addSpan(at.segmentStartNs[s], at.segmentEndNs[s], at.segmentBucket[s], row, false);
        }
        const int64_t gap = at.attemptGapAfterNs[a];
        if (gap > 0) {
            addSpan(
                c.attemptEndNs[a], c.attemptEndNs[a] + gap, static_cast<uint8_t>(core::Bucket::Recovery), row, true);
        }
        if (core::isInterrupted(static_cast<core::Outcome>(c.attemptOutcome[a]))) {
            // The fault instant, clamped into the attempt as the accounting does.
            const int64_t fault = std::clamp(c.attemptFaultNs[a], c.attemptStartNs[a], c.attemptEndNs[a]);
            if (fault >= fromNs && fault <= toNs) {
                onFault(fault, c.attemptInterruption[a], c.attemptNumber[a]);
            }
        }
    }
}

core::Result<BucketIntervals> LocalFleetSource::bucketIntervals(const IntervalRequest& request)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    if (request.job && (*request.job < 0 || static_cast<size_t>(*request.job) >= c.jobs())) {
        return core::Error { "no job #" + std::to_string(*request.job) + " in " + location() };
    }
    const int64_t fromNs = request.scope.fromNs.value_or(std::numeric_limits<int64_t>::min());
    const int64_t toNs = request.scope.toNs.value_or(std::numeric_limits<int64_t>::max());
    // The jobs the roll-up counts (a job of the scope whose window overlaps the range).
    auto filter = filterOf(request.scope, request.job);
    if (!filter) {
        return filter.error();
    }
    std::vector<int32_t> jobs;
    auto grouped = guarded([&] { return m_engine->rollup(*filter, { gpu::GroupBy::Job, -1 }); });
    if (!grouped) {
        return grouped.error();
    }
    for (const auto& g : grouped->groups) {
        jobs.push_back(g.code);
    }
    if (request.attempt) {
        const bool found = request.job && [&] {
            const auto j = static_cast<size_t>(*request.job);
            for (auto a = c.jobAttemptBegin[j]; a < c.jobAttemptBegin[j + 1]; ++a) {
                if (c.attemptNumber[static_cast<size_t>(a)] == *request.attempt) {
                    return true;
                }
            }
            return false;
        }();
        if (!found) {
            return core::Error { "no attempt " + std::to_string(*request.attempt) + " of job #"
                + (request.job ? std::to_string(*request.job) : std::string("(none given)")) + " in " + location() };
        }
    }
    IntervalCollector collect(request.bucket, request.sort, request.limit);
    const auto wanted = static_cast<uint8_t>(request.bucket);
    const std::vector<core::TimeSpan> excluded = core::normalizeExcluded(request.scope.excluded);
    for (const int32_t job : jobs) {
        const auto j = static_cast<size_t>(job);
        forEachSpan(
            job, request.scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t attemptRow, bool gap) {
                if (bucket != wanted) {
                    return;
                }
                const int32_t attempt = attemptRow < 0 ? -1 : c.attemptNumber[static_cast<size_t>(attemptRow)];
                if (request.attempt && attempt != *request.attempt) {
                    return;
                }
                // Spec 5.5: an attempt's segments at its GPUs, gaps and queue at the job's.
                const int64_t gpus
                    = attemptRow < 0 || gap ? c.jobGpus[j] : c.attemptGpus[static_cast<size_t>(attemptRow)];
                // Spec 7.4: the parts outside the excluded windows, as the roll-up counts them.
                addOutsideExcluded(collect,
                    { job, c.labels[static_cast<size_t>(c.jobLabel[j])], c.jobKey[j], attempt, gap, s, e, gpus },
                    excluded);
            },
            [](int64_t, uint8_t, int32_t) {});
    }
    return collect.finish();
}

core::Result<FleetTimelineData> LocalFleetSource::fleetTimeline(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    FleetTimelineData d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    if (toNs <= fromNs || maxRows <= 0) {
        return d;
    }
    // 1. The first maxRows jobs by start.
    auto jobs = timelineJobs(scope, fromNs, toNs);
    if (!jobs) {
        return jobs.error();
    }
    if (jobs->size() > static_cast<size_t>(maxRows)) {
        jobs->resize(static_cast<size_t>(maxRows));
    }
    // 2. Their spans and faults, clipped.
    d.rows.reserve(jobs->size());
    for (int32_t job : *jobs) {
        const auto j = static_cast<size_t>(job);
        FleetTimelineRow row;
        row.job = job;
        row.key = c.jobKey[j];
        row.label = c.labels[static_cast<size_t>(c.jobLabel[j])];
        row.gpus = c.jobGpus[j];
        forEachSpan(
            job, scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t, bool) {
                row.spans.push_back({ s, e, bucket });
            },
            [&](int64_t at, uint8_t interruption, int32_t attempt) {
                row.faults.push_back({ at, interruption, attempt });
            });
        d.rows.push_back(std::move(row));
    }
    return d;
}

core::Result<FleetDensity> LocalFleetSource::fleetDensity(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int columns, int maxRows)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    if (toNs <= fromNs || columns <= 0 || maxRows <= 0) {
        return FleetDensityBuilder::empty(fromNs, toNs);
    }
    auto jobs = timelineJobs(scope, fromNs, toNs);
    if (!jobs) {
        return jobs.error();
    }
    // 1. The extent of the jobs' spans inside the range: the bins cover what is shown.
    int64_t lo = toNs;
    int64_t hi = fromNs;
    for (int32_t job : *jobs) {
        forEachSpan(
            job, scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t, int64_t, bool) {
                lo = std::min(lo, s);
                hi = std::max(hi, e);
            },
            [](int64_t, uint8_t, int32_t) {});
    }
    if (hi <= lo) {
        return FleetDensityBuilder::empty(fromNs, toNs);
    }
    // 2. Every job's spans into the grid, job by job.
    FleetDensityBuilder builder(lo, hi, columns, static_cast<int64_t>(jobs->size()), maxRows);
    for (int32_t job : *jobs) {
        builder.beginJob(job, c.jobKey[static_cast<size_t>(job)]);
        forEachSpan(
            job, scope.countQueue, lo, hi,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t, bool) { builder.addSpan(s, e, bucket); },
            [&](int64_t at, uint8_t, int32_t) { builder.addFault(at); });
    }
    return builder.finish();
}

} // namespace ett::app
