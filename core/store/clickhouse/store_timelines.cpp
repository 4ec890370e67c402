#include "core/store/clickhouse/store_timelines.h"

#include "core/model/types.h"
#include "core/store/clickhouse/fleet_store.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_figures.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/schema.h"

#include <algorithm>

namespace ett::core::clickhouse {

namespace {

// 1. The job's row into `t`. False: no row (the job is not in the store).
Result<bool> readJobRow(const std::string& body, JobTimeline& t)
{
    RowBinaryReader r(body);
    if (r.atEnd()) {
        return false;
    }
    auto label = r.string();
    auto key = r.string();
    auto name = r.string();
    auto gpus = r.int64();
    auto noSubmitted = r.uint8();
    auto submitted = r.int64();
    auto hasCheckpoints = r.uint8();
    auto first = r.int64();
    auto last = r.int64();
    auto keys = r.stringArray();
    auto values = r.stringArray();
    if (!label || !key || !name || !gpus || !noSubmitted || !submitted || !hasCheckpoints || !first || !last || !keys
        || !values || keys->size() != values->size()) {
        return shortRowError();
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
    return true;
}

// 2. The attempts, in attempt order, with their buckets.
Status readAttempts(const std::string& body, JobTimeline& t)
{
    for (RowBinaryReader r(body); !r.atEnd();) {
        TimelineAttempt ta;
        AttemptResult& a = ta.result;
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
            return shortRowError();
        }
        a.number = static_cast<int32_t>(*number);
        a.startNs = *start;
        a.endNs = *end;
        a.gpus = *attemptGpus;
        a.outcome = parseOutcome(*outcome).value_or(Outcome::Completed);
        a.interruption = static_cast<Interruption>(*interruption);
        if (a.outcome == Outcome::Failed || a.outcome == Outcome::Preempted) {
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
                return shortRowError();
            }
            b = *v;
        }
        ta.cause = std::move(*cause);
        ta.symptom = std::move(*symptom);
        ta.detail = std::move(*detail);
        t.attempts.push_back(std::move(ta));
    }
    return Status::success();
}

// 3. The attempts' segments and phases, each attempt's ranks and the hosts its rank records name.
Status readSegmentsAndPhases(
    const std::string& segments, const std::string& phases, const std::string& hosts, JobTimeline& t)
{
    for (RowBinaryReader r(segments); !r.atEnd();) {
        auto idx = r.uint32();
        auto s = r.int64();
        auto e = r.int64();
        auto b = r.uint8();
        if (!idx || !s || !e || !b || *idx >= t.attempts.size() || *b >= kBucketCount) {
            return shortRowError();
        }
        t.attempts[*idx].result.segments.push_back({ *s, *e, static_cast<Bucket>(*b) });
    }
    for (RowBinaryReader r(phases); !r.atEnd();) {
        auto idx = r.uint32();
        auto s = r.int64();
        auto e = r.int64();
        auto category = r.uint8();
        auto subcategory = r.string();
        auto rank = r.int32();
        if (!idx || !s || !e || !category || !subcategory || !rank || *idx >= t.attempts.size()
            || *category >= kCategoryCount) {
            return shortRowError();
        }
        // The store keeps no phase names: the timeline names a phase by its kind.
        t.attempts[*idx].phases.push_back(
            { *s, *e, static_cast<Category>(*category), std::move(*subcategory), *rank, std::string() });
    }
    for (auto& ta : t.attempts) {
        ta.ranks = phaseRanks(ta.phases);
    }
    for (RowBinaryReader r(hosts); !r.atEnd();) {
        auto idx = r.uint32();
        auto rank = r.int32();
        auto host = r.string();
        if (!idx || !rank || !host || *idx >= t.attempts.size()) {
            return shortRowError();
        }
        t.attempts[*idx].hosts.emplace_back(*rank, std::move(*host));
    }
    return Status::success();
}

// 4. The checkpoints.
Status readCheckpoints(const std::string& body, JobTimeline& t)
{
    for (RowBinaryReader r(body); !r.atEnd();) {
        auto attempt = r.int64();
        auto noStep = r.uint8();
        auto step = r.int64();
        auto s = r.int64();
        auto durable = r.int64();
        auto failed = r.uint8();
        if (!attempt || !noStep || !step || !s || !durable || !failed) {
            return shortRowError();
        }
        TimelineCheckpoint c;
        c.attempt = static_cast<int32_t>(*attempt);
        if (!*noStep) {
            c.step = *step;
        }
        c.startNs = *s;
        c.durableNs = *durable;
        c.failed = *failed != 0;
        t.checkpoints.push_back(c);
    }
    return Status::success();
}

} // namespace

Result<std::optional<JobTimeline>> storeJobTimeline(FleetStore& store, uint64_t datasetId, uint32_t jobNo)
{
    const std::string db = store.url().database;
    const std::string where = liveDatasetsFilter(db) + " AND dataset_id = " + std::to_string(datasetId)
        + " AND job_no = " + std::to_string(jobNo);
    std::string buckets;
    for (int b = 0; b < kBucketCount; ++b) {
        buckets += std::string(", ") + bucketColumn(b);
    }
    auto jobRow = store.select("SELECT label, job_key, name, gpus, isNull(submitted_ns), assumeNotNull(submitted_ns), "
                               "has_checkpoints, first_start_ns, last_end_ns, attr_keys, attr_values FROM "
        + db + ".jobs WHERE " + where);
    auto attempts = store.select("SELECT attempt_idx, toInt64(attempt_no), start_ns, end_ns, gpus, toString(outcome), "
                                 "CAST(interruption AS Int8), fault_at_ns, gap_after_ns, tts_ns, isNull(ttr_ns), "
                                 "assumeNotNull(ttr_ns), isNull(first_train_ns), assumeNotNull(first_train_ns), cause, "
                                 "symptom, detail"
        + buckets + " FROM " + db + ".attempts WHERE " + where + " ORDER BY attempt_idx");
    auto segments = store.select("SELECT attempt_idx, start_ns, end_ns, CAST(bucket AS Int8) FROM " + db
        + ".segments WHERE " + where + " ORDER BY attempt_idx, start_ns, end_ns");
    auto phases = store.select("SELECT attempt_idx, start_ns, end_ns, CAST(category AS Int8), subcategory, rank FROM "
        + db + ".phases WHERE " + where + " ORDER BY attempt_idx, start_ns, end_ns");
    auto hosts = store.select(
        "SELECT attempt_idx, rank, host FROM " + db + ".rank_hosts WHERE " + where + " ORDER BY attempt_idx, rank");
    auto checkpoints = store.select("SELECT toInt64(attempt_no), isNull(step), assumeNotNull(step), start_ns, "
                                    "durable_ns, failed FROM "
        + db + ".checkpoints WHERE " + where + " ORDER BY start_ns, durable_ns");
    for (const auto* r : { &jobRow, &attempts, &segments, &phases, &hosts, &checkpoints }) {
        if (!*r) {
            return r->error();
        }
    }
    JobTimeline t;
    auto found = readJobRow(*jobRow, t);
    if (!found) {
        return found.error();
    }
    if (!*found) {
        return std::optional<JobTimeline> {};
    }
    if (auto st = readAttempts(*attempts, t); !st) {
        return st.error();
    }
    if (auto st = readSegmentsAndPhases(*segments, *phases, *hosts, t); !st) {
        return st.error();
    }
    if (auto st = readCheckpoints(*checkpoints, t); !st) {
        return st.error();
    }
    return std::optional<JobTimeline>(std::move(t));
}

Result<StoreTimelineRows> storeTimelineRows(
    FleetStore& store, const std::vector<std::pair<uint64_t, uint32_t>>& ids, int64_t fromNs, int64_t toNs)
{
    const std::string db = store.url().database;
    const std::string where = liveDatasetsFilter(db) + " AND " + jobListSql(ids);
    auto segments = store.select("SELECT dataset_id, job_no, attempt_idx, start_ns, end_ns, CAST(bucket AS Int8) FROM "
        + db + ".segments WHERE " + where + " AND end_ns > " + std::to_string(fromNs) + " AND start_ns < "
        + std::to_string(toNs) + " ORDER BY dataset_id, job_no, attempt_idx, start_ns, end_ns");
    auto attempts = store.select("SELECT dataset_id, job_no, attempt_idx, toInt64(attempt_no), start_ns, end_ns, "
                                 "gap_after_ns, toString(outcome), CAST(interruption AS Int8), fault_at_ns FROM "
        + db + ".attempts WHERE " + where + " ORDER BY dataset_id, job_no, attempt_idx");
    auto queues = store.select("SELECT dataset_id, job_no, first_start_ns, assumeNotNull(submitted_ns) FROM " + db
        + ".jobs WHERE " + where + " AND isNotNull(submitted_ns)");
    if (!segments || !attempts || !queues) {
        return !segments ? segments.error() : !attempts ? attempts.error() : queues.error();
    }
    StoreTimelineRows out;
    for (RowBinaryReader r(*segments); !r.atEnd();) {
        auto dataset = r.uint64();
        auto jobNo = r.uint32();
        auto idx = r.uint32();
        auto s = r.int64();
        auto e = r.int64();
        auto b = r.uint8();
        if (!dataset || !jobNo || !idx || !s || !e || !b) {
            return shortRowError();
        }
        out.segments.push_back({ *dataset, *jobNo, *idx, *s, *e, *b });
    }
    for (RowBinaryReader r(*attempts); !r.atEnd();) {
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
            return shortRowError();
        }
        out.attempts.push_back(
            { *dataset, *jobNo, *idx, *number, *start, *end, *gap, std::move(*outcome), *interruption, *fault });
    }
    for (RowBinaryReader r(*queues); !r.atEnd();) {
        auto dataset = r.uint64();
        auto jobNo = r.uint32();
        auto first = r.int64();
        auto submitted = r.int64();
        if (!dataset || !jobNo || !first || !submitted) {
            return shortRowError();
        }
        out.queues.push_back({ *dataset, *jobNo, *first, *submitted });
    }
    return out;
}

} // namespace ett::core::clickhouse
