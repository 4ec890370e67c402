#include "core/store/derived.h"

#include "core/model/phase_samples.h"
#include "core/model/segment_codec.h"
#include "core/store/cause_rules_store.h"
#include "core/store/schema.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace ett::core {

namespace {

// "INSERT OR REPLACE INTO table(head..., b_productive..., tail...) VALUES(?, ...)".
std::string upsertSql(const char* table, std::vector<std::string> head, const std::vector<std::string>& tail)
{
    for (int b = 0; b < kBucketCount; ++b) {
        head.emplace_back(bucketColumn(b));
    }
    head.insert(head.end(), tail.begin(), tail.end());
    std::string cols;
    std::string params;
    for (const auto& c : head) {
        cols += (cols.empty() ? "" : ",") + c;
        params += params.empty() ? "?" : ",?";
    }
    return std::string("INSERT OR REPLACE INTO ") + table + "(" + cols + ") VALUES(" + params + ")";
}

} // namespace

Result<std::unique_ptr<DerivedUpdater>> DerivedUpdater::create(Database& db)
{
    std::unique_ptr<DerivedUpdater> u(new DerivedUpdater());
    struct Spec
    {
        Statement* target;
        std::string sql;
    };
    const std::string attemptSql = upsertSql("attempt_derived", { "attempt_id" },
        { "gap_after_ns", "tts_ns", "ttr_ns", "first_train_ns", "fault_ns", "interruption", "segments" });
    const std::string jobSql
        = upsertSql("job_derived", { "job_id", "window_start_ns", "window_end_ns", "queue_before_ns", "e2e_ns" },
            { "tts_ns", "failures", "preemptions", "other_interruptions", "no_checkpoint_data" });
    Spec specs[] = {
        { &u->m_job, "SELECT gpus, submitted_ns FROM jobs WHERE id=?" },
        { &u->m_attempts,
            std::string("SELECT a.id, a.attempt_no, a.start_ns, a.end_ns, a.gpus, a.outcome, a.interrupted_at_ns, ")
                + kEffectiveCauseSql + " FROM attempts a WHERE a.job_id=? ORDER BY a.start_ns, a.attempt_no" },
        { &u->m_runs, "SELECT first_id, last_id FROM phase_runs WHERE attempt_id=? ORDER BY first_id" },
        { &u->m_phases,
            "SELECT k.category, p.rank, p.start_ns, p.end_ns, p.kind FROM phases p JOIN phase_kinds k ON k.id = p.kind "
            "WHERE p.id BETWEEN ? AND ?" },
        { &u->m_checkpoints, "SELECT start_ns, durable_ns, failed FROM checkpoints WHERE job_id=?" },
        { &u->m_deleteAttemptDerived,
            "DELETE FROM attempt_derived WHERE attempt_id IN (SELECT id FROM attempts WHERE job_id=?)" },
        { &u->m_deleteAttemptPhases,
            "DELETE FROM attempt_phases WHERE attempt_id IN (SELECT id FROM attempts WHERE job_id=?)" },
        { &u->m_insertAttempt, attemptSql },
        { &u->m_insertPhases, "INSERT OR REPLACE INTO attempt_phases(attempt_id, samples) VALUES(?,?)" },
        { &u->m_insertJob, jobSql },
    };
    for (auto& s : specs) {
        auto st = db.prepare(s.sql);
        if (!st) {
            return st.error();
        }
        *s.target = std::move(*st);
    }
    return u;
}

Result<JobInput> DerivedUpdater::loadInput(int64_t jobId, std::vector<int64_t>& attemptIds)
{
    JobInput in;
    attemptIds.clear();
    m_job.reset();
    m_job.bind(1, jobId);
    auto row = m_job.step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return Error { "job " + std::to_string(jobId) + " is not in the database" };
    }
    in.gpus = m_job.columnInt64(0);
    in.submittedNs = m_job.columnOptionalInt64(1);
    m_job.reset();

    m_attempts.reset();
    m_attempts.bind(1, jobId);
    if (auto rows = m_attempts.forEachRow([&] {
            AttemptInput a;
            attemptIds.push_back(m_attempts.columnInt64(0));
            a.number = static_cast<int32_t>(m_attempts.columnInt64(1));
            a.startNs = m_attempts.columnInt64(2);
            a.endNs = m_attempts.columnInt64(3);
            a.gpus = m_attempts.columnOptionalInt64(4).value_or(in.gpus);
            a.outcome = parseOutcome(m_attempts.columnText(5)).value_or(Outcome::Completed);
            a.interruptedAtNs = m_attempts.columnOptionalInt64(6).value_or(a.endNs);
            a.interruption = classifyInterruption(a.outcome, m_attempts.columnText(7));
            in.attempts.push_back(std::move(a));
        });
        !rows) {
        return rows.error();
    }
    m_attempts.reset();

    for (size_t i = 0; i < in.attempts.size(); ++i) {
        m_runs.reset();
        m_runs.bind(1, attemptIds[i]);
        std::vector<std::pair<int64_t, int64_t>> runs;
        if (auto rows = m_runs.forEachRow([&] { runs.emplace_back(m_runs.columnInt64(0), m_runs.columnInt64(1)); });
            !rows) {
            return rows.error();
        }
        m_runs.reset();
        auto& phases = in.attempts[i].phases;
        for (const auto& [first, last] : runs) {
            m_phases.reset();
            m_phases.bind(1, first);
            m_phases.bind(2, last);
            if (auto rows = m_phases.forEachRow([&] {
                    PhaseSpan p;
                    p.category = static_cast<Category>(m_phases.columnInt64(0));
                    p.rank = static_cast<int32_t>(m_phases.columnOptionalInt64(1).value_or(-1));
                    p.startNs = m_phases.columnInt64(2);
                    p.endNs = m_phases.columnInt64(3);
                    p.kind = static_cast<int32_t>(m_phases.columnInt64(4));
                    phases.push_back(p);
                });
                !rows) {
                return rows.error();
            }
            m_phases.reset();
        }
    }

    m_checkpoints.reset();
    m_checkpoints.bind(1, jobId);
    if (auto rows = m_checkpoints.forEachRow([&] {
            CheckpointMark c;
            c.startNs = m_checkpoints.columnInt64(0);
            c.durableNs = m_checkpoints.columnOptionalInt64(1).value_or(c.startNs);
            c.failed = m_checkpoints.columnInt64(2) != 0;
            in.checkpoints.push_back(c);
        });
        !rows) {
        return rows.error();
    }
    m_checkpoints.reset();
    return in;
}

Result<DerivedUpdater::Notes> DerivedUpdater::update(int64_t jobId)
{
    std::vector<int64_t> attemptIds;
    auto input = loadInput(jobId, attemptIds);
    if (!input) {
        return input.error();
    }
    return write(jobId, *input, attemptIds);
}

Result<DerivedUpdater::Notes> DerivedUpdater::write(
    int64_t jobId, const JobInput& input, const std::vector<int64_t>& attemptIds, Rows rows)
{
    return store(compute(jobId, input, attemptIds), rows);
}

DerivedUpdater::Computed DerivedUpdater::compute(
    int64_t jobId, const JobInput& input, const std::vector<int64_t>& attemptIds)
{
    Computed out;
    out.jobId = jobId;
    out.notes.withoutAttempts = input.attempts.empty();
    out.result = attributeJob(input, true);
    const JobResult& res = out.result;
    if (!input.attempts.empty() && input.submittedNs && *input.submittedNs > res.windowStartNs) {
        out.notes.submittedAfterStart = true;
    }
    // The phase samples of each attempt (core/model/phase_samples.h), for the distributions.
    for (size_t i = 0; i < input.attempts.size(); ++i) {
        const AttemptInput& a = input.attempts[i];
        auto blob = encodePhaseSamples(a.phases, a.startNs);
        if (!blob) {
            out.error = Error { "job " + std::to_string(jobId) + ", attempt " + std::to_string(a.number) + ": "
                + blob.error().message };
            return out;
        }
        out.phaseSamples.emplace_back(attemptIds[i], std::move(*blob));
    }
    // attributeJob sorts by (start, number); the query returned the same order. Map by number to
    // be independent of that.
    std::unordered_map<int32_t, int64_t> idOf;
    for (size_t i = 0; i < input.attempts.size(); ++i) {
        idOf[input.attempts[i].number] = attemptIds[i];
    }
    for (auto& a : out.result.attempts) {
        out.resultAttemptIds.push_back(idOf.at(a.number));
        out.segments.push_back(encodeSegments(a.segments));
        a.segments = {};
    }
    return out;
}

Result<DerivedUpdater::Notes> DerivedUpdater::store(const Computed& computed, Rows rows)
{
    const int64_t jobId = computed.jobId;
    if (rows == Rows::Replace) {
        if (auto st = (m_deleteAttemptDerived.bind(1, jobId), m_deleteAttemptDerived.run()); !st) {
            return st.error();
        }
        if (auto st = (m_deleteAttemptPhases.bind(1, jobId), m_deleteAttemptPhases.run()); !st) {
            return st.error();
        }
    }
    if (computed.error) {
        return *computed.error;
    }
    for (const auto& [attemptId, blob] : computed.phaseSamples) {
        auto& s = m_insertPhases;
        s.bind(1, attemptId);
        s.bindBlob(2, blob);
        if (auto st = s.run(); !st) {
            return st.error();
        }
    }
    const JobResult& res = computed.result;
    for (size_t i = 0; i < res.attempts.size(); ++i) {
        const AttemptResult& a = res.attempts[i];
        auto& s = m_insertAttempt;
        int p = 1;
        s.bind(p++, computed.resultAttemptIds[i]);
        for (int b = 0; b < kBucketCount; ++b) {
            s.bind(p++, a.bucketsNs[static_cast<size_t>(b)]);
        }
        s.bind(p++, a.gapAfterNs);
        s.bind(p++, a.ttsNs);
        s.bind(p++, a.ttrNs);
        s.bind(p++, a.firstTrainNs);
        s.bind(p++, a.faultNs);
        s.bind(p++, interruptionName(a.interruption));
        s.bindBlob(p++, computed.segments[i]);
        if (auto st = s.run(); !st) {
            return st.error();
        }
    }
    auto& s = m_insertJob;
    int p = 1;
    s.bind(p++, jobId);
    if (res.hasWindow()) {
        s.bind(p++, res.windowStartNs);
        s.bind(p++, res.windowEndNs);
    } else {
        s.bindNull(p++);
        s.bindNull(p++);
    }
    s.bind(p++, res.queueBeforeNs);
    s.bind(p++, res.e2eNs());
    for (int b = 0; b < kBucketCount; ++b) {
        s.bind(p++, res.bucketsNs[static_cast<size_t>(b)]);
    }
    if (res.hasWindow()) {
        s.bind(p++, res.ttsNs);
    } else {
        s.bindNull(p++);
    }
    s.bind(p++, int64_t { res.failures });
    s.bind(p++, int64_t { res.preemptions });
    s.bind(p++, int64_t { res.otherInterruptions });
    s.bind(p++, int64_t { res.noCheckpointData ? 1 : 0 });
    if (auto st = s.run(); !st) {
        return st.error();
    }
    return computed.notes;
}

} // namespace ett::core
