#include "core/store/timeline.h"

#include "core/model/segment_codec.h"
#include "core/store/cause_rules_store.h"
#include "core/store/database.h"
#include "core/store/schema.h"

#include <algorithm>

namespace ett::core {

Result<std::optional<JobRowId>> findJobId(Database& db, const std::string& label, const std::string& key)
{
    auto st
        = db.prepare("SELECT j.id FROM jobs j JOIN labels l ON l.id = j.label_id WHERE l.name = ? AND j.job_key = ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, label);
    st->bind(2, key);
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    return *row ? std::optional<JobRowId>(JobRowId { st->columnInt64(0) }) : std::nullopt;
}

namespace {

// The job's own row and its derived window.
Status readJob(Database& db, JobTimeline& t)
{
    auto st = db.prepare("SELECT l.name, j.job_key, j.name, j.gpus, j.submitted_ns, d.no_checkpoint_data, "
                         "d.window_start_ns, d.window_end_ns FROM jobs j JOIN labels l ON l.id = j.label_id "
                         "LEFT JOIN job_derived d ON d.job_id = j.id WHERE j.id = ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, t.jobId.value);
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return Error { "no job with id " + std::to_string(t.jobId.value) + " in the database" };
    }
    t.label = st->columnText(0);
    t.key = st->columnText(1);
    t.name = st->columnText(2);
    t.gpus = st->columnInt64(3);
    t.submittedNs = st->columnOptionalInt64(4);
    t.noCheckpointData = st->columnOptionalInt64(5).value_or(0) != 0;
    t.windowStartNs = st->columnOptionalInt64(6).value_or(0);
    t.windowEndNs = st->columnOptionalInt64(7).value_or(0);
    return Status::success();
}

Status readAttrs(Database& db, JobTimeline& t)
{
    auto st = db.prepare("SELECT key, value FROM job_attrs WHERE job_id = ? ORDER BY key");
    if (!st) {
        return st.error();
    }
    st->bind(1, t.jobId.value);
    if (auto rows = st->forEachRow([&] { t.attrs.emplace_back(st->columnText(0), st->columnText(1)); }); !rows) {
        return rows.error();
    }
    return Status::success();
}

// The attempts with their derived figures and segments, in start order; their row ids in `attemptIds`.
Status readAttempts(Database& db, JobTimeline& t, std::vector<int64_t>& attemptIds)
{
    std::string cols;
    for (int b = 0; b < kBucketCount; ++b) {
        cols += std::string(", d.") + bucketColumn(b);
    }
    auto st = db.prepare("SELECT a.id, a.attempt_no, a.start_ns, a.end_ns, coalesce(a.gpus, j.gpus), a.outcome, "
        + std::string(kEffectiveCauseSql)
        + ", a.symptom, a.detail, d.gap_after_ns, d.tts_ns, d.ttr_ns, d.first_train_ns, "
          "d.fault_ns, d.interruption, d.segments"
        + cols
        + " FROM attempts a JOIN jobs j ON j.id = a.job_id JOIN attempt_derived d ON d.attempt_id = a.id "
          "WHERE a.job_id = ? ORDER BY a.start_ns, a.attempt_no");
    if (!st) {
        return st.error();
    }
    st->bind(1, t.jobId.value);
    if (auto rows = st->forEachRow([&]() -> Status {
            TimelineAttempt ta;
            AttemptResult& a = ta.result;
            attemptIds.push_back(st->columnInt64(0));
            a.number = static_cast<int32_t>(st->columnInt64(1));
            a.startNs = st->columnInt64(2);
            a.endNs = st->columnInt64(3);
            a.gpus = st->columnInt64(4);
            a.outcome = parseOutcome(st->columnText(5)).value_or(Outcome::Completed);
            ta.cause = st->columnText(6);
            ta.symptom = st->columnText(7);
            ta.detail = st->columnText(8);
            a.interruption = classifyInterruption(a.outcome, ta.cause);
            a.gapAfterNs = st->columnInt64(9);
            a.ttsNs = st->columnInt64(10);
            a.ttrNs = st->columnOptionalInt64(11);
            a.firstTrainNs = st->columnOptionalInt64(12);
            a.faultNs = st->columnOptionalInt64(13);
            auto segs = decodeSegments(st->columnBlob(15), a.startNs);
            if (!segs) {
                return Error { "job " + t.key + " attempt " + std::to_string(a.number) + ": " + segs.error().message };
            }
            a.segments = std::move(*segs);
            for (int b = 0; b < kBucketCount; ++b) {
                a.bucketsNs[static_cast<size_t>(b)] = st->columnInt64(16 + b);
            }
            t.attempts.push_back(std::move(ta));
            return Status::success();
        });
        !rows) {
        return rows.error();
    }
    return Status::success();
}

// Each attempt's phases as imported, sorted by start, the distinct ranks among them and the hosts
// its rank records name.
Status readPhases(Database& db, JobTimeline& t, const std::vector<int64_t>& attemptIds)
{
    auto runs = db.prepare("SELECT first_id, last_id FROM phase_runs WHERE attempt_id = ? ORDER BY first_id");
    auto hosts = db.prepare("SELECT rank, host FROM rank_hosts WHERE attempt_id = ? ORDER BY rank");
    if (!hosts) {
        return hosts.error();
    }
    auto phases = db.prepare("SELECT k.category, k.subcategory, p.rank, p.start_ns, p.end_ns, p.name FROM phases p "
                             "JOIN phase_kinds k ON k.id = p.kind WHERE p.id BETWEEN ? AND ?");
    if (!runs) {
        return runs.error();
    }
    if (!phases) {
        return phases.error();
    }
    for (size_t i = 0; i < t.attempts.size(); ++i) {
        TimelineAttempt& ta = t.attempts[i];
        std::vector<std::pair<int64_t, int64_t>> ranges;
        runs->bind(1, attemptIds[i]);
        if (auto rows = runs->forEachRow([&] { ranges.emplace_back(runs->columnInt64(0), runs->columnInt64(1)); });
            !rows) {
            return rows.error();
        }
        for (const auto& [first, last] : ranges) {
            phases->bind(1, first);
            phases->bind(2, last);
            if (auto rows = phases->forEachRow([&] {
                    TimelinePhase p;
                    p.category = static_cast<Category>(phases->columnInt64(0));
                    p.subcategory = phases->columnText(1);
                    p.rank = static_cast<int32_t>(phases->columnOptionalInt64(2).value_or(-1));
                    p.startNs = phases->columnInt64(3);
                    p.endNs = phases->columnInt64(4);
                    p.name = phases->columnText(5);
                    ta.phases.push_back(std::move(p));
                });
                !rows) {
                return rows.error();
            }
        }
        std::stable_sort(ta.phases.begin(), ta.phases.end(),
            [](const TimelinePhase& x, const TimelinePhase& y) { return x.startNs < y.startNs; });
        ta.ranks = phaseRanks(ta.phases);
        hosts->bind(1, attemptIds[i]);
        if (auto rows = hosts->forEachRow(
                [&] { ta.hosts.emplace_back(static_cast<int32_t>(hosts->columnInt64(0)), hosts->columnText(1)); });
            !rows) {
            return rows.error();
        }
    }
    return Status::success();
}

Status readCheckpoints(Database& db, JobTimeline& t)
{
    auto st = db.prepare("SELECT attempt_no, step, start_ns, durable_ns, failed FROM checkpoints WHERE job_id = ? "
                         "ORDER BY start_ns");
    if (!st) {
        return st.error();
    }
    st->bind(1, t.jobId.value);
    if (auto rows = st->forEachRow([&] {
            TimelineCheckpoint c;
            c.attempt = static_cast<int32_t>(st->columnInt64(0));
            c.step = st->columnOptionalInt64(1);
            c.startNs = st->columnInt64(2);
            c.durableNs = st->columnOptionalInt64(3).value_or(c.startNs);
            c.failed = st->columnInt64(4) != 0;
            t.checkpoints.push_back(c);
        });
        !rows) {
        return rows.error();
    }
    return Status::success();
}

} // namespace

Result<JobTimeline> loadJobTimeline(Database& db, JobRowId jobId)
{
    JobTimeline t;
    t.jobId = jobId;
    std::vector<int64_t> attemptIds;
    Status st = readJob(db, t);
    st = st ? readAttrs(db, t) : st;
    st = st ? readAttempts(db, t, attemptIds) : st;
    st = st ? readPhases(db, t, attemptIds) : st;
    st = st ? readCheckpoints(db, t) : st;
    if (!st) {
        return st.error();
    }
    return t;
}

} // namespace ett::core
