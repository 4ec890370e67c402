// The import session's record handlers (core/store/import_session.h): each batch's records in file
// order, checked against what is known of their job (the record normalizer), written (the import
// writer), and a job attributed from memory as soon as it closes.
#include "core/store/database.h"
#include "core/store/import_session.h"

#include <algorithm>

namespace ett::core {

Result<JobState*> ImportSession::jobFor(const std::string& key, int64_t line, bool createImplicit)
{
    if (m_lastJob && m_lastJob->key == key && (m_lastJob->id != 0 || !createImplicit)) {
        return m_lastJob;
    }
    if (auto it = m_jobs.find(key); it != m_jobs.end()) {
        m_lastJob = &it->second;
        if (m_lastJob->id == 0 && createImplicit) {
            if (auto st = createImplicitJob(*m_lastJob, line); !st) {
                return st.error();
            }
        }
        return m_lastJob;
    }
    // Not seen in this file: look in the store (same label), else create it.
    JobState state;
    state.key = key;
    auto found = m_writer.loadJob(m_labelId, state);
    if (!found) {
        return found.error();
    }
    if (!*found) {
        state.record.job = key;
        if (createImplicit) {
            if (auto st = createImplicitJob(state, line); !st) {
                return st.error();
            }
        }
    }
    auto [it, inserted] = m_jobs.emplace(key, std::move(state));
    m_lastJob = &it->second;
    return m_lastJob;
}

Status ImportSession::createImplicitJob(JobState& state, int64_t line)
{
    // Spec 3: a job referenced but never declared is created implicitly (gpus 1, warned).
    auto id = m_writer.insertImplicitJob(m_labelId, state.key);
    if (!id) {
        return id.error();
    }
    state.id = *id;
    state.createdHere = true;
    state.fresh = true;
    m_implicitUndeclared.insert(state.key);
    state.attemptsLoaded = true;
    state.origin = "line " + std::to_string(line);
    return Status::success();
}

Status ImportSession::loadAttempts(JobState& job)
{
    if (job.attemptsLoaded) {
        return Status::success();
    }
    job.attemptsLoaded = true;
    if (job.createdHere) {
        return Status::success();
    }
    return m_writer.loadAttempts(job);
}

Status ImportSession::handleJob(const JobRecord& r, int64_t line)
{
    auto found = jobFor(r.job, line, false);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (job.declared) {
        if (auto st = m_normalizer.checkJobAgrees(job, r, line); !st) {
            return st;
        }
        return touch(job);
    }
    if (job.id == 0) {
        auto id = m_writer.insertJob(m_labelId, r, m_datasetId);
        if (!id) {
            return id.error();
        }
        job.id = *id;
        job.attemptsLoaded = true; // a new job has none in the store
        job.fresh = true;
    } else {
        // An implicit job (from this file or an earlier one) gets its declaration now.
        if (auto st = m_writer.redeclareJob(job.id, r, m_datasetId); !st) {
            return st;
        }
    }
    if (auto st = m_writer.insertAttrs(job.id, r); !st) {
        return st;
    }
    job.declared = true;
    job.origin = "line " + std::to_string(line);
    job.record = r;
    m_implicitUndeclared.erase(job.key);
    ++m_summary.jobsDeclared;
    return touch(job);
}

Status ImportSession::handleAttempt(const AttemptRecord& given, int64_t line)
{
    // Spec 3: a running attempt ends when the trace was taken; for a watched file, at the read.
    std::optional<AttemptRecord> extended;
    if (given.outcome == Outcome::Running && m_options.runningEndNs && *m_options.runningEndNs > given.endNs) {
        extended = given;
        extended->endNs = *m_options.runningEndNs;
    }
    const AttemptRecord& r = extended ? *extended : given;
    auto found = jobFor(r.job, line, true);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (auto st = loadAttempts(job); !st) {
        return st;
    }
    if (auto st = touch(job); !st) {
        return st;
    }
    if (auto it = job.attempts.find(r.attempt); it != job.attempts.end()) {
        // Spec 3: an attempt number seen again must be the same attempt; its phases add to it.
        AttemptState& a = it->second;
        if (a.record.windowFromTrace && r.windowFromTrace) {
            // Profiler traces of several ranks of one attempt: the window is the union of spans.
            if (auto st = m_normalizer.noteTraceFilesApart(a, r, line); !st) {
                return st;
            }
            auto widened = m_normalizer.widenAttempt(job, a, r, line);
            if (!widened) {
                return widened.error();
            }
            if (*widened) {
                if (auto st = m_writer.updateAttemptWindow(a.id, a.record.startNs, a.record.endNs); !st) {
                    return st;
                }
            }
            // One rank's file may say that the attempt failed where another's does not.
            if (RecordNormalizer::mergeTraceOutcome(a.record, r)) {
                if (auto st = m_writer.updateAttemptOutcome(a.id, a.record); !st) {
                    return st;
                }
            }
        }
        return m_normalizer.checkSameAttempt(a, r, line);
    }
    if (auto st = m_normalizer.checkNoOverlap(job, r, line); !st) {
        return st;
    }
    RecordNormalizer::occupy(job, r);
    auto id = m_writer.insertAttempt(job.id, r, m_datasetId);
    if (!id) {
        return id.error();
    }
    AttemptState a;
    a.id = *id;
    a.record = r;
    a.origin = "line " + std::to_string(line);
    if (buffering(job)) {
        job.bufferIndex[r.attempt] = job.buffer.attempts.size();
        job.buffer.attempts.push_back(RecordNormalizer::attemptInput(r));
        job.bufferAttemptIds.push_back(a.id);
        job.bufferAttemptGpus.push_back(r.gpus);
    }
    job.attempts.emplace(r.attempt, std::move(a));
    ++m_summary.attempts;
    return Status::success();
}

AttemptState* ImportSession::attemptOf(JobState& job, int32_t attempt)
{
    if (m_lastAttemptJob == &job && m_lastAttemptNo == attempt) {
        return m_lastAttempt;
    }
    auto it = job.attempts.find(attempt);
    if (it == job.attempts.end()) {
        return nullptr;
    }
    m_lastAttemptJob = &job;
    m_lastAttemptNo = attempt;
    m_lastAttempt = &it->second;
    auto b = job.bufferIndex.find(attempt);
    m_lastBufferIndex = b == job.bufferIndex.end() ? SIZE_MAX : b->second;
    return m_lastAttempt;
}

template <typename Record>
Result<JobState*> ImportSession::storedJobOf(
    const Record& r, int64_t line, bool final, std::vector<std::pair<Record, int64_t>>& pending, bool splits)
{
    auto found = jobFor(r.job, line, final);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (job.id == 0) {
        job.dirty = job.dirty || splits;
        pending.emplace_back(r, line); // the job may still be declared later in the file
        return nullptr;
    }
    if (auto st = loadAttempts(job); !st) {
        return st.error();
    }
    return &job;
}

Status ImportSession::handlePhase(const PhaseRecord& r, int64_t line, bool final)
{
    auto found = storedJobOf(r, line, final, m_pendingPhases, true);
    if (!found || !*found) {
        return found ? Status::success() : Status(found.error());
    }
    JobState& job = **found;
    AttemptState* attempt = attemptOf(job, r.attempt);
    if (!attempt) {
        if (!final) {
            job.dirty = true;
            m_pendingPhases.emplace_back(r, line);
            return Status::success();
        }
        return m_normalizer.undeclaredAttempt("phase", r.job, r.attempt, line);
    }
    auto span = m_normalizer.clipPhase(r, attempt->record, line);
    if (!span) {
        return span.error();
    }
    if (auto st = touch(job); !st) {
        return st;
    }
    auto kind = m_writer.kindOf(r);
    if (!kind) {
        return kind.error();
    }
    if (buffering(job) && m_lastBufferIndex < job.buffer.attempts.size()) {
        job.buffer.attempts[m_lastBufferIndex].phases.push_back(
            { span->startNs, span->endNs, r.category, r.rank, static_cast<int32_t>(*kind) });
    }
    std::optional<PhaseRun> closed;
    const int64_t id = m_phaseIds.next(attempt->id, closed);
    if (closed) {
        if (auto st = m_writer.insertRun(*closed); !st) {
            return st;
        }
    }
    // Deferred phases outlive their batch: insert them one at a time with copied text.
    Status st = final ? m_writer.insertPhaseNow(id, attempt->id, *kind, r, *span)
                      : m_writer.addPhase(id, attempt->id, *kind, r, *span);
    if (!st) {
        return st;
    }
    ++m_summary.phases;
    return Status::success();
}

Status ImportSession::flushRun()
{
    if (auto run = m_phaseIds.close()) {
        return m_writer.insertRun(*run);
    }
    return Status::success();
}

Status ImportSession::handleCheckpoint(const CheckpointRecord& r, int64_t line, bool final)
{
    auto found = storedJobOf(r, line, final, m_pendingCheckpoints, true);
    if (!found || !*found) {
        return found ? Status::success() : Status(found.error());
    }
    JobState& job = **found;
    if (job.attempts.find(r.attempt) == job.attempts.end()) {
        if (!final) {
            job.dirty = true;
            m_pendingCheckpoints.emplace_back(r, line);
            return Status::success();
        }
        return m_normalizer.undeclaredAttempt("checkpoint", r.job, r.attempt, line);
    }
    if (auto st = touch(job); !st) {
        return st;
    }
    const std::optional<int64_t> durable = RecordNormalizer::durableOf(r);
    if (buffering(job)) {
        job.buffer.checkpoints.push_back({ r.startNs, durable.value_or(r.startNs), r.failed });
    }
    ++m_summary.checkpoints;
    return m_writer.addCheckpoint({ job.id, r.attempt, r.step, r.startNs, durable, r.failed }, m_datasetId);
}

// A rank's host takes no part in the accounting: the job is not touched (its figures stay as
// they are, and it may still be attributed from memory). Its job and attempt follow the rules of
// a phase's: declared later in the file is fine, never declared is an error.
Status ImportSession::handleRank(const RankRecord& r, int64_t line, bool final)
{
    auto found = storedJobOf(r, line, final, m_pendingRanks, false); // a host: the figures stay
    if (!found || !*found) {
        return found ? Status::success() : Status(found.error());
    }
    JobState& job = **found;
    AttemptState* attempt = attemptOf(job, r.attempt);
    if (!attempt) {
        if (!final) {
            m_pendingRanks.emplace_back(r, line);
            return Status::success();
        }
        return m_normalizer.undeclaredAttempt("rank", r.job, r.attempt, line);
    }
    auto other = m_writer.insertRankHost(attempt->id, r.rank, r.host);
    if (!other) {
        return other.error();
    }
    if (*other) {
        return Error { m_normalizer.at(line) + "rank record: field 'host': rank " + std::to_string(r.rank)
            + " of attempt " + std::to_string(r.attempt) + " of job \"" + r.job + "\" already ran on host \"" + **other
            + "\" (one host per rank and attempt), not \"" + r.host + "\"" };
    }
    return Status::success();
}

Status ImportSession::touch(JobState& job)
{
    if (&job == m_open) {
        return Status::success();
    }
    if (auto st = closeOpen(); !st) {
        return st;
    }
    noteTouched(job.id);
    // Read back at the end unless it is attributed from memory when it closes. A job attributed
    // from memory whose records resume after another job's was reloaded from the store: it is
    // read back.
    m_readBack.emplace(job.id, job.key);
    m_open = &job;
    return Status::success();
}

Status ImportSession::closeOpen()
{
    if (!m_open) {
        return Status::success();
    }
    JobState& job = *m_open;
    m_open = nullptr;
    // 1. A job whose records all came from this file, together, is attributed from memory.
    if (job.fresh && !job.dirty) {
        //    Attributed on the pipeline's thread; its rows are stored here, in the order of closing.
        RecordNormalizer::finishBuffer(job);
        m_derived->push(job.id, job.key, std::move(job.buffer), std::move(job.bufferAttemptIds));
        m_readBack.erase(job.id);
        ++m_jobsFromMemory;
        if (auto st = deliverDerived(DerivedPipeline::kMaxPending); !st) {
            return st;
        }
    }
    // 2. Forget the closed job so that memory stays flat however many jobs a file holds. Should
    //    its records resume later in the file, its state is reloaded from the store.
    if (m_lastAttemptJob == &job) {
        m_lastAttemptJob = nullptr;
    }
    if (m_lastJob == &job) {
        m_lastJob = nullptr;
    }
    m_jobs.erase(job.key);
    return Status::success();
}

Status ImportSession::handleBatch(const RecordBatch& batch)
{
    for (const auto& ref : batch.order) {
        Status st;
        switch (ref.kind) {
        case RecordKind::Job:
            st = m_normalizer.checkLimits(batch.jobs[ref.index], ref.line);
            st = st ? handleJob(batch.jobs[ref.index], ref.line) : st;
            break;
        case RecordKind::Attempt:
            st = m_normalizer.checkLimits(batch.attempts[ref.index], ref.line);
            st = st ? handleAttempt(batch.attempts[ref.index], ref.line) : st;
            break;
        case RecordKind::Phase:
            st = m_normalizer.checkLimits(batch.phases[ref.index], ref.line);
            st = st ? handlePhase(batch.phases[ref.index], ref.line, false) : st;
            break;
        case RecordKind::Checkpoint:
            st = m_normalizer.checkLimits(batch.checkpoints[ref.index], ref.line);
            st = st ? handleCheckpoint(batch.checkpoints[ref.index], ref.line, false) : st;
            break;
        case RecordKind::Rank:
            st = m_normalizer.checkLimits(batch.ranks[ref.index], ref.line);
            st = st ? handleRank(batch.ranks[ref.index], ref.line, false) : st;
            break;
        }
        if (!st) {
            return st;
        }
    }
    // The buffered rows point into this batch, which is about to be recycled.
    return m_writer.flushPhases();
}

} // namespace ett::core
