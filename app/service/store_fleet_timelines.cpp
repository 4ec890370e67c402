// The fleet store source's timelines: a job's (attempts, segments, phases, checkpoints) and the
// fleet's (spans and faults of the jobs shown), read from the cluster for the jobs drawn; and the
// intervals behind a bucket; the interruptions behind the causes table; the attempts of the
// straggler views.
#include "app/service/store_fleet_source.h"
#include "app/service/store_rows.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/schema.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;
using store_rows::shortRow;

core::Result<core::JobTimeline> StoreFleetSource::jobTimeline(JobIndex job)
{
    if (job < 0 || static_cast<size_t>(job) >= m_jobs.size()) {
        return core::Error { "no job " + std::to_string(job) + " in " + location() };
    }
    const auto started = Clock::now();
    const JobRef ref = m_jobs[static_cast<size_t>(job)];
    const std::string db = m_store->url().database;
    const std::string where = ch::liveDatasetsFilter(db) + " AND dataset_id = " + std::to_string(ref.datasetId)
        + " AND job_no = " + std::to_string(ref.jobNo);
    std::string buckets;
    for (int b = 0; b < core::kBucketCount; ++b) {
        buckets += std::string(", ") + core::bucketColumn(b);
    }
    auto jobRow
        = m_store->select("SELECT label, job_key, name, gpus, isNull(submitted_ns), assumeNotNull(submitted_ns), "
                          "has_checkpoints, first_start_ns, last_end_ns, attr_keys, attr_values FROM "
            + db + ".jobs WHERE " + where);
    auto attempts
        = m_store->select("SELECT attempt_idx, toInt64(attempt_no), start_ns, end_ns, gpus, toString(outcome), "
                          "CAST(interruption AS Int8), fault_at_ns, gap_after_ns, tts_ns, isNull(ttr_ns), "
                          "assumeNotNull(ttr_ns), isNull(first_train_ns), assumeNotNull(first_train_ns), cause, "
                          "symptom, detail"
            + buckets + " FROM " + db + ".attempts WHERE " + where + " ORDER BY attempt_idx");
    auto segments = m_store->select("SELECT attempt_idx, start_ns, end_ns, CAST(bucket AS Int8) FROM " + db
        + ".segments WHERE " + where + " ORDER BY attempt_idx, start_ns, end_ns");
    auto phases
        = m_store->select("SELECT attempt_idx, start_ns, end_ns, CAST(category AS Int8), subcategory, rank FROM " + db
            + ".phases WHERE " + where + " ORDER BY attempt_idx, start_ns, end_ns");
    auto checkpoints
        = m_store->select("SELECT toInt64(attempt_no), isNull(step), assumeNotNull(step), start_ns, durable_ns, "
                          "failed FROM "
            + db + ".checkpoints WHERE " + where + " ORDER BY start_ns, durable_ns");
    for (const auto* r : { &jobRow, &attempts, &segments, &phases, &checkpoints }) {
        if (!*r) {
            return r->error();
        }
    }
    core::JobTimeline t;
    // 1. The job.
    ch::RowBinaryReader jr(*jobRow);
    if (jr.atEnd()) {
        return core::Error { "job " + ref.key + " of label '" + ref.label + "' is no longer in " + location() };
    }
    auto label = jr.string();
    auto key = jr.string();
    auto name = jr.string();
    auto gpus = jr.int64();
    auto noSubmitted = jr.uint8();
    auto submitted = jr.int64();
    auto hasCheckpoints = jr.uint8();
    auto first = jr.int64();
    auto last = jr.int64();
    auto keys = jr.stringArray();
    auto values = jr.stringArray();
    if (!label || !key || !name || !gpus || !noSubmitted || !submitted || !hasCheckpoints || !first || !last || !keys
        || !values || keys->size() != values->size()) {
        return shortRow();
    }
    t.label = *label;
    t.key = *key;
    t.name = *name;
    t.gpus = *gpus;
    if (!*noSubmitted) {
        t.submittedNs = *submitted;
    }
    t.noCheckpointData = *hasCheckpoints == 0;
    t.windowStartNs = *first;
    t.windowEndNs = *last;
    for (size_t i = 0; i < keys->size(); ++i) {
        t.attrs.emplace_back((*keys)[i], (*values)[i]);
    }
    std::sort(t.attrs.begin(), t.attrs.end());
    // 2. Attempts, their segments and phases.
    for (ch::RowBinaryReader r(*attempts); !r.atEnd();) {
        core::TimelineAttempt ta;
        core::AttemptResult& a = ta.result;
        auto idx = r.uint32();
        auto number = r.int64();
        auto start = r.int64();
        auto end = r.int64();
        auto attemptGpus = r.int64();
        auto outcome = r.string();
        auto interruption = r.uint8();
        auto fault = r.int64();
        auto gap = r.int64();
        auto tts = r.int64();
        auto noTtr = r.uint8();
        auto ttr = r.int64();
        auto noTrain = r.uint8();
        auto train = r.int64();
        auto cause = r.string();
        auto symptom = r.string();
        auto detail = r.string();
        if (!idx || !number || !start || !end || !attemptGpus || !outcome || !interruption || !fault || !gap || !tts
            || !noTtr || !ttr || !noTrain || !train || !cause || !symptom || !detail
            || *idx != static_cast<uint32_t>(t.attempts.size())) {
            return shortRow();
        }
        a.number = static_cast<int32_t>(*number);
        a.startNs = *start;
        a.endNs = *end;
        a.gpus = *attemptGpus;
        a.outcome = core::parseOutcome(*outcome).value_or(core::Outcome::Completed);
        a.interruption = static_cast<core::Interruption>(*interruption);
        if (a.outcome == core::Outcome::Failed || a.outcome == core::Outcome::Preempted) {
            a.faultNs = *fault;
        }
        a.gapAfterNs = *gap;
        a.ttsNs = *tts;
        if (!*noTtr) {
            a.ttrNs = *ttr;
        }
        if (!*noTrain) {
            a.firstTrainNs = *train;
        }
        for (auto& b : a.bucketsNs) {
            auto v = r.int64();
            if (!v) {
                return shortRow();
            }
            b = *v;
        }
        ta.cause = std::move(*cause);
        ta.symptom = std::move(*symptom);
        ta.detail = std::move(*detail);
        t.attempts.push_back(std::move(ta));
    }
    for (ch::RowBinaryReader r(*segments); !r.atEnd();) {
        auto idx = r.uint32();
        auto s = r.int64();
        auto e = r.int64();
        auto b = r.uint8();
        if (!idx || !s || !e || !b || *idx >= t.attempts.size() || *b >= core::kBucketCount) {
            return shortRow();
        }
        t.attempts[*idx].result.segments.push_back({ *s, *e, static_cast<core::Bucket>(*b) });
    }
    for (ch::RowBinaryReader r(*phases); !r.atEnd();) {
        auto idx = r.uint32();
        auto s = r.int64();
        auto e = r.int64();
        auto category = r.uint8();
        auto subcategory = r.string();
        auto rank = r.int32();
        if (!idx || !s || !e || !category || !subcategory || !rank || *idx >= t.attempts.size()
            || *category >= core::kCategoryCount) {
            return shortRow();
        }
        // The store keeps no phase names: the timeline names a phase by its kind.
        t.attempts[*idx].phases.push_back(
            { *s, *e, static_cast<core::Category>(*category), std::move(*subcategory), *rank, std::string() });
    }
    for (auto& ta : t.attempts) {
        for (const auto& p : ta.phases) {
            if (p.rank >= 0) {
                ta.ranks.push_back(p.rank);
            }
        }
        std::sort(ta.ranks.begin(), ta.ranks.end());
        ta.ranks.erase(std::unique(ta.ranks.begin(), ta.ranks.end()), ta.ranks.end());
    }
    // 3. Checkpoints.
    for (ch::RowBinaryReader r(*checkpoints); !r.atEnd();) {
        auto attempt = r.int64();
        auto noStep = r.uint8();
        auto step = r.int64();
        auto s = r.int64();
        auto durable = r.int64();
        auto failed = r.uint8();
        if (!attempt || !noStep || !step || !s || !durable || !failed) {
            return shortRow();
        }
        core::TimelineCheckpoint c;
        c.attempt = static_cast<int32_t>(*attempt);
        if (!*noStep) {
            c.step = *step;
        }
        c.startNs = *s;
        c.durableNs = *durable;
        c.failed = *failed != 0;
        t.checkpoints.push_back(c);
    }
    m_lastSeconds = secondsSince(started);
    return t;
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
    std::string in = "(dataset_id, job_no) IN (";
    std::map<std::pair<uint64_t, uint32_t>, size_t> rowOf;
    for (const auto& [start, job] : order) {
        const JobRef& ref = m_jobs[static_cast<size_t>(job)];
        in += (rowOf.empty() ? "(" : ", (") + std::to_string(ref.datasetId) + ", " + std::to_string(ref.jobNo) + ")";
        rowOf[{ ref.datasetId, ref.jobNo }] = d.rows.size();
        FleetTimelineRow row;
        row.job = job;
        row.key = ref.key;
        row.label = ref.label;
        row.gpus = ref.gpus;
        d.rows.push_back(std::move(row));
    }
    in += ")";
    const std::string db = m_store->url().database;
    const std::string live = ch::liveDatasetsFilter(db);
    auto segments = m_store->select("SELECT dataset_id, job_no, attempt_idx, start_ns, end_ns, CAST(bucket "
                                    "AS Int8) FROM "
        + db + ".segments WHERE " + live + " AND " + in + " AND end_ns > " + std::to_string(fromNs) + " AND start_ns < "
        + std::to_string(toNs) + " ORDER BY dataset_id, job_no, attempt_idx, start_ns, end_ns");
    auto attempts = m_store->select(
        "SELECT dataset_id, job_no, attempt_idx, toInt64(attempt_no), start_ns, end_ns, gap_after_ns, "
        "toString(outcome), CAST(interruption AS Int8), fault_at_ns FROM "
        + db + ".attempts WHERE " + live + " AND " + in + " ORDER BY dataset_id, job_no, attempt_idx");
    auto queues = m_store->select("SELECT dataset_id, job_no, first_start_ns, "
                                  "assumeNotNull(submitted_ns) FROM "
        + db + ".jobs WHERE " + live + " AND " + in + " AND isNotNull(submitted_ns)");
    if (!segments || !attempts || !queues) {
        return !segments ? segments.error() : !attempts ? attempts.error() : queues.error();
    }
    auto clip = [&](FleetTimelineRow& row, int64_t s, int64_t e, uint8_t bucket) {
        s = std::max(s, fromNs);
        e = std::min(e, toNs);
        if (s < e) {
            row.spans.push_back({ s, e, bucket });
        }
    };
    if (scope.countQueue) {
        for (ch::RowBinaryReader r(*queues); !r.atEnd();) {
            auto dataset = r.uint64();
            auto jobNo = r.uint32();
            auto first = r.int64();
            auto submitted = r.int64();
            if (!dataset || !jobNo || !first || !submitted) {
                return shortRow();
            }
            if (*submitted < *first) {
                clip(d.rows[rowOf.at({ *dataset, *jobNo })], *submitted, *first,
                    static_cast<uint8_t>(core::Bucket::Queue));
            }
        }
    }
    // Per attempt: its segments, then the gap after it, then its fault (the local source's order).
    ch::RowBinaryReader sr(*segments);
    struct Segment
    {
        uint64_t dataset = 0;
        uint32_t job = 0;
        uint32_t attempt = 0;
        int64_t start = 0;
        int64_t end = 0;
        uint8_t bucket = 0;
    };
    std::optional<Segment> next;
    auto readSegment = [&]() -> core::Status {
        next.reset();
        if (sr.atEnd()) {
            return core::Status::success();
        }
        auto dataset = sr.uint64();
        auto jobNo = sr.uint32();
        auto idx = sr.uint32();
        auto s = sr.int64();
        auto e = sr.int64();
        auto b = sr.uint8();
        if (!dataset || !jobNo || !idx || !s || !e || !b) {
            return shortRow();
        }
        next = Segment { *dataset, *jobNo, *idx, *s, *e, *b };
        return core::Status::success();
    };
    if (auto st = readSegment(); !st) {
        return st.error();
    }
    for (ch::RowBinaryReader r(*attempts); !r.atEnd();) {
        auto dataset = r.uint64();
        auto jobNo = r.uint32();
        auto idx = r.uint32();
        auto number = r.int64();
        auto start = r.int64();
        auto end = r.int64();
        auto gap = r.int64();
        auto outcome = r.string();
        auto interruption = r.uint8();
        auto fault = r.int64();
        if (!dataset || !jobNo || !idx || !number || !start || !end || !gap || !outcome || !interruption || !fault) {
            return shortRow();
        }
        FleetTimelineRow& row = d.rows[rowOf.at({ *dataset, *jobNo })];
        const auto key = std::make_tuple(*dataset, *jobNo, *idx);
        while (next && std::make_tuple(next->dataset, next->job, next->attempt) <= key) {
            if (std::make_tuple(next->dataset, next->job, next->attempt) == key) {
                clip(row, next->start, next->end, next->bucket);
            }
            if (auto st = readSegment(); !st) {
                return st.error();
            }
        }
        if (*gap > 0) {
            clip(row, *end, *end + *gap, static_cast<uint8_t>(core::Bucket::Recovery));
        }
        if ((*outcome == "failed" || *outcome == "preempted") && *fault >= fromNs && *fault <= toNs) {
            row.faults.push_back({ *fault, *interruption, static_cast<int32_t>(*number) });
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
    if (!scope->excluded.empty()) {
        return core::Error { "the intervals of a bucket with excluded windows are listed from a database only, not "
                             "from a fleet store ("
            + location() + ")" };
    }
    const std::string db = m_store->url().database;
    if (request.attempt) {
        // The same message as the local source's for an attempt the job lacks.
        std::optional<int64_t> n;
        if (request.job) {
            const JobRef& ref = m_jobs[static_cast<size_t>(*request.job)];
            auto body = m_store->select("SELECT toInt64(count()) FROM " + db + ".attempts WHERE "
                + ch::liveDatasetsFilter(db) + " AND dataset_id = " + std::to_string(ref.datasetId) + " AND job_no = "
                + std::to_string(ref.jobNo) + " AND attempt_no = " + std::to_string(*request.attempt));
            if (!body) {
                return body.error();
            }
            ch::RowBinaryReader r(*body);
            auto count = r.int64();
            if (!count) {
                return shortRow();
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
    auto listed = ch::storeBucketIntervals(*m_store, *scope, request.bucket, request.attempt, order, request.limit);
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
        const std::string where = unknown.size() <= 200
            ? ch::jobListSql(std::vector<std::pair<uint64_t, uint32_t>>(unknown.begin(), unknown.end()))
            : ch::jobFilterSql(*scope);
        if (auto read = readJobs(where); !read) {
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
        collect.add({ it->second, ref.label, ref.key, i.attempt, i.gap, i.startNs, i.endNs, i.gpus });
    }
    BucketIntervals out = collect.finish();
    out.count = listed->count;
    out.totalNs = listed->totalNs;
    out.totalGpuNs = listed->totalGpuNs;
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
