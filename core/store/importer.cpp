#include "core/store/importer.h"

#include "core/ingest/byte_source.h"
#include "core/ingest/input_file.h"
#include "core/store/batch_pipeline.h"
#include "core/store/cause_rules_store.h"
#include "core/store/column_store.h"
#include "core/store/database.h"
#include "core/store/dataset_replacement.h"
#include "core/store/derived.h"
#include "core/store/derived_pipeline.h"
#include "core/store/fleet.h"
#include "core/store/import_writer.h"
#include "core/store/record_normalizer.h"
#include "core/store/schema.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <iterator>
#include <new>
#include <unordered_map>
#include <unordered_set>
#include <vector>

// Design note: one import of one file is three parts. The record normalizer (pure) checks each
// record against what is known of its job and turns it into rows; the import writer runs the SQL;
// this file is the pipeline: the reader thread's batches in file order, the per-job state that
// decides when a job can be attributed from memory, progress, cancel and the one transaction.

namespace ett::core {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// One import of one file, inside the caller's transaction.
class ImportSession
{
public:
    ImportSession(Database& db, const std::string& path, const ImportOptions& options)
        : m_db(db)
        , m_path(path)
        , m_sourcePath(options.sourcePath.empty() ? path : options.sourcePath)
        , m_options(options)
        , m_normalizer(path, options.label)
        , m_writer(db, path)
    {
    }

    Result<ImportSummary> run();

private:
    // Hashes a file whose size matches a dataset of the label: true when its content is there.
    Result<bool> alreadyImported(int64_t totalBytes);
    // Steps 2 to 4 of run(), inside the transaction.
    Status importInTransaction(RecordSource& rd, int64_t totalBytes, Clock::time_point started);
    Status streamBatches(RecordSource& rd, int64_t totalBytes);
    Status handleBatch(const RecordBatch& batch);
    Status handleJob(const JobRecord& r, int64_t line);
    Status handleAttempt(const AttemptRecord& given, int64_t line);
    Status handlePhase(const PhaseRecord& r, int64_t line, bool final);
    Status handleCheckpoint(const CheckpointRecord& r, int64_t line, bool final);
    Status handleRank(const RankRecord& r, int64_t line, bool final);
    Result<JobState*> jobFor(const std::string& key, int64_t line, bool createImplicit);
    Status loadAttempts(JobState& job);
    Status createImplicitJob(JobState& state, int64_t line);
    // Looks up the attempt of a phase, through the last one for runs of phases.
    AttemptState* attemptOf(JobState& job, int32_t attempt);
    Status flushRun();
    // Makes `job` the open job (closing the previous one); called for every record.
    Status touch(JobState& job);
    // Attributes the open job from its buffer when it is eligible.
    Status closeOpen();
    bool buffering(const JobState& job) const { return &job == m_open && job.fresh && !job.dirty; }
    void noteDerived(const DerivedUpdater::Notes& notes, const std::string& jobKey)
    {
        m_normalizer.noteDerived(notes.submittedAfterStart, notes.withoutAttempts, jobKey);
    }
    // Adds a job to m_touched, compacting the list when its unsorted tail has grown as long as its
    // sorted head (amortised O(log n) a call; a job touched again and again costs no memory).
    void noteTouched(int64_t jobId)
    {
        m_touched.push_back(jobId);
        if (m_touched.size() >= 2 * m_touchedUnique + 1024) {
            compactTouched();
        }
    }
    void compactTouched()
    {
        std::sort(m_touched.begin() + static_cast<std::ptrdiff_t>(m_touchedUnique), m_touched.end());
        std::inplace_merge(
            m_touched.begin(), m_touched.begin() + static_cast<std::ptrdiff_t>(m_touchedUnique), m_touched.end());
        m_touched.erase(std::unique(m_touched.begin(), m_touched.end()), m_touched.end());
        m_touchedUnique = m_touched.size();
    }
    Status finish();
    // Stores the attributed jobs the pipeline has ready, waiting while more than keepAtMost are queued
    // (0: all of them).
    Status deliverDerived(size_t keepAtMost);
    // An error of the import; an attribution still queued would have failed before it: that one then.
    Status orEarlier(Status st)
    {
        if (!st && m_derived && !st.error().message.empty()) {
            if (auto earlier = deliverDerived(0); !earlier) {
                return earlier;
            }
        }
        return st;
    }
    Status attributeTouched();
    Status writeDataset();
    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }
    Error cancelledError() const { return Error { m_path + ": import cancelled; nothing of this file was stored" }; }
    void progress(const char* stage, int64_t done, int64_t total, int64_t records) const
    {
        if (m_options.progress) {
            m_options.progress({ stage, done, total, records });
        }
    }

    Database& m_db;
    std::string m_path;
    std::string m_sourcePath; // stored as the dataset's source (m_path unless a copy is read)
    const ImportOptions& m_options;
    RecordNormalizer m_normalizer;
    ImportWriter m_writer;
    RecordSource* m_reader = nullptr;
    Clock::time_point m_commitStarted;
    ImportSummary m_summary;
    int64_t m_labelId = 0;
    int64_t m_datasetId = 0;
    PhaseNumbering m_phaseIds;

    std::unordered_map<std::string, JobState> m_jobs;
    JobState* m_lastJob = nullptr;
    JobState* m_open = nullptr;
    std::unique_ptr<DerivedUpdater> m_updater;
    std::unique_ptr<DerivedPipeline> m_derived; // jobs attributed from memory, on a second thread
    std::unique_ptr<ColumnTriggerPause> m_triggerPause; // while the file's rows are written
    int64_t m_jobsFromMemory = 0;
    // The attempt of the previous phase, to skip the map look-up for runs of phases.
    const JobState* m_lastAttemptJob = nullptr;
    int32_t m_lastAttemptNo = -1;
    AttemptState* m_lastAttempt = nullptr;
    size_t m_lastBufferIndex = 0;
    // The jobs whose derived figures this file changes, as ids (8 bytes a job: a file of millions
    // of jobs keeps nothing else per job; duplicates are dropped as the list grows); of those, the
    // ones to attribute by reading them back at the end (id -> key): the jobs attributed from
    // memory leave it when they close. Implicit jobs created here and not declared yet.
    std::vector<int64_t> m_touched;
    std::vector<int64_t> m_replacedJobs; // jobs whose rows the replaced datasets held
    size_t m_touchedUnique = 0; // m_touched[0, m_touchedUnique) is sorted and without duplicates
    std::unordered_map<int64_t, std::string> m_readBack;
    std::unordered_set<std::string> m_implicitUndeclared;
    std::vector<std::pair<PhaseRecord, int64_t>> m_pendingPhases;
    std::vector<std::pair<CheckpointRecord, int64_t>> m_pendingCheckpoints;
    std::vector<std::pair<RankRecord, int64_t>> m_pendingRanks;
};

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
            m_normalizer.noteTraceFilesApart(a, r, line);
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

Status ImportSession::handlePhase(const PhaseRecord& r, int64_t line, bool final)
{
    auto found = jobFor(r.job, line, final);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (job.id == 0) {
        job.dirty = true; // its records are split: attribute it from the store at the end
        m_pendingPhases.emplace_back(r, line); // the job may still be declared later in the file
        return Status::success();
    }
    if (auto st = loadAttempts(job); !st) {
        return st;
    }
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
    auto found = jobFor(r.job, line, final);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (job.id == 0) {
        job.dirty = true;
        m_pendingCheckpoints.emplace_back(r, line);
        return Status::success();
    }
    if (auto st = loadAttempts(job); !st) {
        return st;
    }
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
    auto found = jobFor(r.job, line, final);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    if (job.id == 0) {
        m_pendingRanks.emplace_back(r, line);
        return Status::success();
    }
    if (auto st = loadAttempts(job); !st) {
        return st;
    }
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

Result<bool> ImportSession::alreadyImported(int64_t totalBytes)
{
    auto sameSize = m_writer.hasDatasetOfSize(m_labelId, totalBytes);
    if (!sameSize) {
        return sameSize.error();
    }
    if (!*sameSize) {
        return false;
    }
    auto fileSha = sha256OfFile(m_path);
    if (!fileSha) {
        return fileSha.error();
    }
    auto sha = sha256WithFiles(*fileSha, m_options.reader.companions);
    if (!sha) {
        return sha.error();
    }
    auto dup = m_writer.hasDatasetWithSha(m_labelId, *sha);
    if (!dup) {
        return dup.error();
    }
    if (*dup) {
        m_summary.sha256 = *sha;
    }
    return *dup;
}

Result<ImportSummary> ImportSession::run()
{
    const auto started = Clock::now();
    m_summary.path = m_sourcePath;
    m_summary.label = m_options.label;
    if (auto st = checkLabelName(m_options.label); !st) {
        return Error { m_path + ": " + st.error().message + "; nothing was stored" };
    }

    // A pipe, a FIFO or "-" is read once into a temporary copy that every open below reads.
    auto spool = SpooledInput::prepare(m_path);
    if (!spool) {
        return spool.error();
    }
    auto reader = openRecordSource(m_path, m_options.reader);
    if (!reader) {
        return reader.error();
    }
    RecordSource& rd = **reader;
    m_summary.format = rd.formatName();
    m_reader = &rd;
    const int64_t totalBytes = rd.source().fileSize();

    if (auto st = m_writer.prepare(); !st) {
        return st.error();
    }

    // 1. A file whose size matches one already imported under this label may be the same
    //    content: hash it first, so that a re-import is a quick no-op.
    auto labelId = m_writer.findLabel(m_options.label);
    if (!labelId) {
        return labelId.error();
    }
    if (*labelId) {
        m_labelId = **labelId;
    }
    if (*labelId && !(m_options.readAgain && m_options.replaceSamePath)) {
        auto same = alreadyImported(totalBytes);
        if (!same) {
            return same.error();
        }
        if (*same) {
            m_summary.alreadyImported = true;
            if (m_options.replaceSamePath) {
                auto adopted = adoptMovedDataset(m_db, m_labelId, m_summary.sha256, m_sourcePath);
                if (!adopted) {
                    return adopted.error();
                }
                m_summary.adopted = *adopted;
            }
            return m_summary;
        }
    }

    // Another import holds the write lock: say so (progress stage "waiting") and wait its turn,
    // unless cancelled.
    auto whileBusy = [&] {
        progress("waiting for another import into this database to finish", 0, 0, 0);
        return !cancelled();
    };
    Status outcome = inTransaction(
        m_db, [&]() -> Status { return importInTransaction(rd, totalBytes, started); }, whileBusy);
    m_triggerPause.reset(); // on every way out of the transaction
    if (!outcome && cancelled() && !m_summary.alreadyImported) {
        return cancelledError();
    }
    if (!outcome) {
        if (m_summary.alreadyImported) {
            const std::string sha = m_summary.sha256;
            m_summary = ImportSummary {};
            m_summary.path = m_sourcePath;
            m_summary.label = m_options.label;
            m_summary.sha256 = sha;
            m_summary.alreadyImported = true;
            return m_summary;
        }
        return outcome.error();
    }
    m_summary.issues = m_normalizer.issues();
    m_summary.datasetId = m_datasetId;
    m_summary.commitSeconds = secondsSince(m_commitStarted);
    m_summary.seconds = secondsSince(started);
    return m_summary;
}

Status ImportSession::importInTransaction(RecordSource& rd, int64_t totalBytes, Clock::time_point started)
{
    // 2. Label and dataset rows; phase ids continue after the largest one. The label is looked up
    //    again under the write lock: another import may have created it since step 1.
    if (m_labelId == 0) {
        auto found = m_writer.findLabel(m_options.label);
        if (!found) {
            return found.error();
        }
        m_labelId = found->value_or(0);
    }
    if (m_labelId == 0) {
        auto id = m_writer.insertLabel(m_options.label);
        if (!id) {
            return id.error();
        }
        m_labelId = *id;
    }
    // The file's earlier imports go first, in this transaction: their jobs are settled at the end.
    // So do those of the files read with it (an NVRx job's cycle files read alone before its log
    // was there): their records are this import's now.
    if (m_options.replaceSamePath) {
        std::vector<std::string> paths { m_sourcePath };
        paths.insert(paths.end(), m_options.reader.companions.begin(), m_options.reader.companions.end());
        for (const std::string& path : paths) {
            auto earlier = datasetsFromPath(m_db, m_labelId, path);
            if (!earlier) {
                return earlier.error();
            }
            for (int64_t id : *earlier) {
                auto jobs = removeDatasetRows(m_db, id, path);
                if (!jobs) {
                    return jobs.error();
                }
                m_replacedJobs.insert(m_replacedJobs.end(), jobs->begin(), jobs->end());
                ++m_summary.datasetsReplaced;
            }
        }
    }
    auto ds = m_writer.insertDataset(m_labelId, m_sourcePath, rd.formatName(), totalBytes);
    if (!ds) {
        return ds.error();
    }
    m_datasetId = *ds;
    auto maxId = m_writer.maxPhaseId();
    if (!maxId) {
        return maxId.error();
    }
    m_phaseIds.start(*maxId + 1);
    auto updater = DerivedUpdater::create(m_db);
    if (!updater) {
        return updater.error();
    }
    m_updater = std::move(*updater);

    // 3. Stream: a second thread parses, this one validates against the store and writes. Every
    //    row written until the jobs are attributed belongs to a job in m_touched: their chunks of the
    //    columnar copy are listed once at the end instead of by a trigger on every row.
    auto pause = ColumnTriggerPause::begin(m_db);
    if (!pause) {
        return pause.error();
    }
    m_triggerPause = std::move(*pause);
    m_derived = std::make_unique<DerivedPipeline>();
    if (auto st = streamBatches(rd, totalBytes); !st) {
        return orEarlier(st);
    }
    if (auto st = deliverDerived(0); !st) {
        return st;
    }
    m_summary.records = rd.recordsRead();
    m_summary.storeSeconds = secondsSince(started);
    // Attempts without a single phase: the file was read, but none of its names became a phase
    // (console logs and job tables say so in their own terms).
    const std::string format = rd.formatName();
    if (m_summary.attempts > 0 && m_summary.phases == 0 && format != "ett" && format != "log" && format != "table") {
        m_normalizer.issues().add(IssueKind::NoPhaseRecognised, "", 0,
            std::to_string(m_summary.attempts) + (m_summary.attempts == 1 ? " attempt" : " attempts")
                + " without a phase");
    }
    // A file of which nothing was understood is not a trace of its format: said, never "imported".
    if (m_summary.records == 0) {
        const bool detected = m_options.reader.format == TraceFormat::Auto;
        return Error { m_path + ": no record was understood in it as " + format
                + (detected
                        ? " (the format --format auto chose from its content; the formats: " + traceFormatList() + ")"
                        : std::string())
                + "; nothing of it was stored",
            "format" };
    }

    // 4. Same content under the same label already imported: undo, report a no-op.
    auto fileSha = rd.source().sha256Hex();
    if (!fileSha) {
        return fileSha.error();
    }
    auto sha = sha256WithFiles(*fileSha, m_options.reader.companions);
    if (!sha) {
        return sha.error();
    }
    m_summary.sha256 = *sha;
    auto dup = m_writer.hasDatasetWithSha(m_labelId, *sha);
    if (!dup) {
        return dup.error();
    }
    if (*dup) {
        m_summary.alreadyImported = true;
        return Error { "" }; // roll back; not an error for the caller
    }
    auto st = orEarlier(finish());
    m_derived.reset();
    m_commitStarted = Clock::now();
    return st;
}

Status ImportSession::streamBatches(RecordSource& rd, int64_t totalBytes)
{
    BatchPipeline pipeline(rd);
    int64_t records = 0;
    while (true) {
        if (cancelled()) {
            return cancelledError();
        }
        auto batch = pipeline.next();
        if (!batch) {
            return batch.error();
        }
        if (*batch == nullptr) {
            break;
        }
        if (auto st = handleBatch(**batch); !st) {
            return st;
        }
        records += static_cast<int64_t>((*batch)->size());
        progress("reading", pipeline.bytesRead(), totalBytes, records);
    }
    pipeline.stop();
    m_summary.parseSeconds = pipeline.parseSeconds();
    m_summary.waitSeconds = pipeline.waitSeconds();
    return Status::success();
}

Status ImportSession::finish()
{
    // 5. Records that referred to jobs or attempts declared later in the file.
    if (auto st = closeOpen(); !st) {
        return st;
    }
    auto phases = std::move(m_pendingPhases);
    for (const auto& [r, line] : phases) {
        if (auto st = handlePhase(r, line, true); !st) {
            return st;
        }
    }
    auto checkpoints = std::move(m_pendingCheckpoints);
    for (const auto& [r, line] : checkpoints) {
        if (auto st = handleCheckpoint(r, line, true); !st) {
            return st;
        }
    }
    auto ranks = std::move(m_pendingRanks);
    for (const auto& [r, line] : ranks) {
        if (auto st = handleRank(r, line, true); !st) {
            return st;
        }
    }
    if (auto st = closeOpen(); !st) {
        return st;
    }
    if (auto st = flushRun(); !st) {
        return st;
    }
    if (auto st = m_writer.flushCheckpoints(m_datasetId); !st) {
        return st;
    }
    for (const auto& key : m_implicitUndeclared) {
        m_normalizer.noteImplicitJob(key);
    }
    if (auto st = deliverDerived(0); !st) {
        return st;
    }
    if (auto st = attributeTouched(); !st) {
        return st;
    }
    if (m_triggerPause && m_triggerPause->active()) {
        if (auto st = markJobsDirty(m_db, m_touched); !st) {
            return st;
        }
    }
    m_triggerPause.reset(); // what follows (replaced datasets, cause rules) is listed by the triggers
    // Jobs the replaced imports held and this content did not touch: attributed again, or removed
    // when nothing of them is left.
    if (!m_replacedJobs.empty()) {
        std::sort(m_replacedJobs.begin(), m_replacedJobs.end());
        m_replacedJobs.erase(std::unique(m_replacedJobs.begin(), m_replacedJobs.end()), m_replacedJobs.end());
        std::vector<int64_t> settle;
        std::set_difference(m_replacedJobs.begin(), m_replacedJobs.end(), m_touched.begin(), m_touched.end(),
            std::back_inserter(settle));
        if (auto st = settleJobs(m_db, *m_updater, settle); !st) {
            return st;
        }
        m_touched.insert(m_touched.end(), settle.begin(), settle.end());
        compactTouched();
    }
    // The cause rules in force apply to what this file brought (core/store/cause_rules_store.h).
    if (auto synced = syncCauseOverrides(m_db, &m_touched); !synced) {
        return synced.error();
    }
    return writeDataset();
}

Status ImportSession::deliverDerived(size_t keepAtMost)
{
    return m_derived->deliver(keepAtMost, [&](const DerivedUpdater::Computed& computed, const std::string& key) {
        auto notes = m_updater->store(computed, DerivedUpdater::Rows::New);
        if (!notes) {
            return Status(notes.error());
        }
        noteDerived(*notes, key);
        return Status::success();
    });
}

Status ImportSession::attributeTouched()
{
    // 6. Attribute every job this file touched (spec 5), reading its phases back.
    const auto attributeStarted = Clock::now();
    progress("attributing", 0, 0, m_summary.records);
    std::vector<std::pair<int64_t, std::string>> readBack(
        std::make_move_iterator(m_readBack.begin()), std::make_move_iterator(m_readBack.end()));
    m_readBack.clear();
    std::sort(readBack.begin(), readBack.end());
    int64_t done = 0;
    for (const auto& [jobId, key] : readBack) {
        if (cancelled()) {
            return cancelledError();
        }
        auto notes = m_updater->update(jobId);
        if (!notes) {
            return notes.error();
        }
        noteDerived(*notes, key);
        if ((++done % 1024) == 0) {
            progress("attributing", done, static_cast<int64_t>(readBack.size()), m_summary.records);
        }
    }
    if (cancelled()) {
        return cancelledError();
    }
    compactTouched();
    m_summary.jobsTouched = static_cast<int64_t>(m_touched.size());
    m_summary.jobsReadBack = static_cast<int64_t>(readBack.size());
    m_summary.attributeSeconds = secondsSince(attributeStarted);
    return Status::success();
}

Status ImportSession::writeDataset()
{
    // 7. The dataset row and its issues (the reader's and ours).
    m_normalizer.issues().merge(m_reader->issues());
    if (auto st = m_writer.writeIssues(m_datasetId, m_normalizer.issues()); !st) {
        return st;
    }
    std::optional<std::pair<int64_t, int64_t>> phaseIds;
    if (m_phaseIds.nextId() > m_phaseIds.firstId()) {
        phaseIds.emplace(m_phaseIds.firstId(), m_phaseIds.nextId() - 1);
    }
    if (auto st = m_writer.finishDataset(m_datasetId, m_summary.sha256, m_summary.records, phaseIds); !st) {
        return st;
    }
    progress("committing", 0, 0, m_summary.records);
    return Status::success();
}

} // namespace

Result<ImportSummary> importTraceFile(Database& db, const std::string& path, const ImportOptions& options)
{
    try {
        ImportSession session(db, path, options);
        auto summary = session.run();
        if (!summary && !options.sourcePath.empty() && options.sourcePath != path) {
            return namingSource(summary.error(), path, options.sourcePath);
        }
        return summary;
    } catch (const std::bad_alloc&) {
        // The transaction was rolled back on the way out (inTransaction).
        return Error { path + ": out of memory while importing it" };
    }
}

Status reattributeAll(Database& db)
{
    return inTransaction(db, [&]() -> Status {
        auto updater = DerivedUpdater::create(db);
        if (!updater) {
            return updater.error();
        }
        auto jobs = db.prepare("SELECT id FROM jobs ORDER BY id");
        if (!jobs) {
            return jobs.error();
        }
        std::vector<int64_t> ids;
        if (auto rows = jobs->forEachRow([&] { ids.push_back(jobs->columnInt64(0)); }); !rows) {
            return rows.error();
        }
        for (int64_t id : ids) {
            if (auto n = (*updater)->update(id); !n) {
                return n.error();
            }
        }
        return db.exec(
            "INSERT OR REPLACE INTO meta VALUES('accounting_version', '" + std::to_string(kAccountingVersion) + "')");
    });
}

} // namespace ett::core
