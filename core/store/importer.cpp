#include "core/store/importer.h"

#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/derived.h"
#include "core/store/schema.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace ett::core {

namespace {

constexpr size_t kBatchRecords = 8192;
constexpr size_t kBatchesInFlight = 4;
constexpr int kPhaseRowsPerInsert = 64; // multi-row VALUES: about 3x a row-at-a-time loop
constexpr int kPhaseColumns = 6;

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

std::string interval(int64_t s, int64_t e)
{
    return "[" + formatRfc3339(s) + ", " + formatRfc3339(e) + ")";
}

// Parses on a second thread and hands over batches in file order; a bounded pool of batches
// keeps memory flat.
class BatchPipeline
{
public:
    explicit BatchPipeline(RecordSource& reader)
        : m_reader(reader)
    {
        for (size_t i = 0; i < kBatchesInFlight; ++i) {
            m_free.push_back(std::make_unique<RecordBatch>());
        }
        m_thread = std::thread([this] { produce(); });
    }
    ~BatchPipeline() { stop(); }
    BatchPipeline(const BatchPipeline&) = delete;
    BatchPipeline& operator=(const BatchPipeline&) = delete;

    // The next batch in file order; nullptr at the end. Error when parsing failed.
    Result<RecordBatch*> next()
    {
        if (m_current) {
            std::lock_guard lock(m_mutex);
            m_free.push_back(std::move(m_current));
            m_cv.notify_all();
        }
        std::unique_lock lock(m_mutex);
        const auto waitStart = std::chrono::steady_clock::now();
        m_cv.wait(lock, [&] { return !m_full.empty() || m_done; });
        m_waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - waitStart).count();
        if (!m_full.empty()) {
            m_current = std::move(m_full.front());
            m_full.pop_front();
            return m_current.get();
        }
        if (m_error) {
            return *m_error;
        }
        return static_cast<RecordBatch*>(nullptr);
    }

    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
            m_cv.notify_all();
        }
        if (m_thread.joinable()) {
            m_thread.join();
        }
    }

    int64_t bytesRead() const { return m_bytesRead.load(std::memory_order_relaxed); }
    // Valid after stop(): time the parsing thread spent parsing, and this thread spent waiting.
    double parseSeconds() const { return m_parseSeconds; }
    double waitSeconds() const { return m_waitSeconds; }

private:
    void produce()
    {
        while (true) {
            std::unique_ptr<RecordBatch> batch;
            {
                std::unique_lock lock(m_mutex);
                m_cv.wait(lock, [&] { return !m_free.empty() || m_stop; });
                if (m_stop) {
                    break;
                }
                batch = std::move(m_free.back());
                m_free.pop_back();
            }
            const auto parseStart = std::chrono::steady_clock::now();
            auto more = m_reader.nextBatch(*batch, kBatchRecords);
            m_parseSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - parseStart).count();
            m_bytesRead.store(m_reader.source().rawBytesRead(), std::memory_order_relaxed);
            std::lock_guard lock(m_mutex);
            if (!more) {
                m_error = more.error();
                m_done = true;
                m_cv.notify_all();
                break;
            }
            if (batch->size() > 0) {
                m_full.push_back(std::move(batch));
            } else {
                m_free.push_back(std::move(batch));
            }
            if (!*more) {
                m_done = true;
                m_cv.notify_all();
                break;
            }
            m_cv.notify_all();
        }
        std::lock_guard lock(m_mutex);
        m_done = true;
        m_cv.notify_all();
    }

    RecordSource& m_reader;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::unique_ptr<RecordBatch>> m_full;
    std::vector<std::unique_ptr<RecordBatch>> m_free;
    std::unique_ptr<RecordBatch> m_current;
    std::optional<Error> m_error;
    bool m_done = false;
    bool m_stop = false;
    std::atomic<int64_t> m_bytesRead { 0 };
    double m_parseSeconds = 0; // written by the parsing thread only
    double m_waitSeconds = 0; // written by the consuming thread only
};

struct AttemptState
{
    int64_t id = 0;
    AttemptRecord record; // as declared (job field unused)
    std::string origin; // "line 12" or "file a.ett.jsonl"
};

struct JobState
{
    int64_t id = 0;
    std::string key;
    bool declared = false;
    bool createdHere = false; // implicit job first created by this file
    std::string origin; // where it was declared: "line 3" or "file x.ett.jsonl"
    JobRecord record; // effective declaration (gpus filled when declared)
    bool attemptsLoaded = false;
    std::map<int32_t, AttemptState> attempts;
    std::set<std::pair<int64_t, int64_t>> busy; // non-empty attempt windows, for overlap checks

    // Attribution without reading back: a job that did not exist before this file and whose
    // records arrive together is attributed from memory when the next job's records begin.
    bool fresh = false; // all of the job's data is in this file
    bool dirty = false; // must be attributed by reading it back from the store at the end
    JobInput buffer;
    std::vector<int64_t> bufferAttemptIds;
    std::vector<std::optional<int64_t>> bufferAttemptGpus; // as given by the attempt record
    std::unordered_map<int32_t, size_t> bufferIndex; // attempt number -> index in buffer.attempts
};

// One import of one file, inside the caller's transaction.
class ImportSession
{
public:
    ImportSession(Database& db, const std::string& path, const ImportOptions& options)
        : m_db(db)
        , m_path(path)
        , m_options(options)
    {
    }

    Result<ImportSummary> run();

private:
    Status prepare();
    Status handleBatch(const RecordBatch& batch);
    Status handleJob(const JobRecord& r, int64_t line);
    Status checkNoOverlap(const JobState& job, const AttemptRecord& r, int64_t line);
    // Widens an attempt whose window came from a profiler trace to also cover r's window.
    Status widenAttempt(JobState& job, AttemptState& a, const AttemptRecord& r, int64_t line);
    Status handleAttempt(const AttemptRecord& r, int64_t line);
    Status handlePhase(const PhaseRecord& r, int64_t line, bool final);
    Status handleCheckpoint(const CheckpointRecord& r, int64_t line, bool final);
    Result<JobState*> jobFor(const std::string& key, int64_t line, bool createImplicit);
    Status loadAttempts(JobState& job);
    Status createImplicitJob(JobState& state, int64_t line);
    Status flushPhaseRows();
    Status flushCheckpointRows();
    Status checkPhaseId(int64_t expected);
    Status flushRun();
    // Makes `job` the open job (closing the previous one); called for every record.
    Status touch(JobState& job);
    // Attributes the open job from its buffer when it is eligible.
    Status closeOpen();
    bool buffering(const JobState& job) const { return &job == m_open && job.fresh && !job.dirty; }
    void noteDerived(const DerivedUpdater::Notes& notes, const std::string& jobKey);
    Status finish();
    std::string at(int64_t line) const { return m_path + ":" + std::to_string(line) + ": "; }
    // The source path of a dataset (and its format when asked).
    std::string datasetPath(int64_t datasetId, std::string* format = nullptr);

    Database& m_db;
    std::string m_path;
    const ImportOptions& m_options;
    RecordSource* m_reader = nullptr;
    std::chrono::steady_clock::time_point m_commitStarted;
    ImportSummary m_summary;
    int64_t m_labelId = 0;
    int64_t m_datasetId = 0;
    int64_t m_firstPhaseId = 0;
    int64_t m_nextPhaseId = 0;

    std::unordered_map<std::string, JobState> m_jobs;
    JobState* m_lastJob = nullptr;
    JobState* m_open = nullptr;
    std::unique_ptr<DerivedUpdater> m_updater;
    int64_t m_jobsFromMemory = 0;
    // The attempt of the previous phase, to skip the map look-up for runs of phases.
    const JobState* m_lastAttemptJob = nullptr;
    int32_t m_lastAttemptNo = -1;
    AttemptState* m_lastAttempt = nullptr;
    size_t m_lastBufferIndex = 0;
    struct CheckpointRow
    {
        int64_t jobId;
        int32_t attempt;
        std::optional<int64_t> step;
        int64_t startNs;
        std::optional<int64_t> durableNs;
        bool failed;
    };
    std::vector<CheckpointRow> m_checkpointRows;
    // Jobs whose derived figures this file changes (id -> key); those attributed from memory and
    // not touched again since; implicit jobs created here and not declared yet.
    std::unordered_map<int64_t, std::string> m_touched;
    std::unordered_set<int64_t> m_doneFromMemory;
    std::unordered_set<std::string> m_implicitUndeclared;
    std::vector<std::pair<PhaseRecord, int64_t>> m_pendingPhases;
    std::vector<std::pair<CheckpointRecord, int64_t>> m_pendingCheckpoints;
    IssueCounter m_issues;

    // Phase rows waiting for a multi-row INSERT; strings point into the current batch, so the
    // buffer is flushed before the batch is released.
    struct PhaseRow
    {
        int64_t id;
        int64_t attemptId;
        int64_t kind;
        const PhaseRecord* record;
        int64_t startNs;
        int64_t endNs;
    };
    std::vector<PhaseRow> m_phaseRows;
    int64_t m_runAttempt = -1;
    int64_t m_runFirst = 0;
    int64_t m_runLast = -1;

    Statement m_findLabel, m_insertLabel, m_findJob, m_findAttrs, m_insertJob, m_updateJob, m_insertAttr, m_deleteAttrs,
        m_findAttempts, m_insertAttempt, m_insertPhaseMany, m_insertPhaseOne, m_insertRun, m_insertCheckpoint,
        m_insertCheckpointMany, m_datasetPath, m_findKinds, m_insertKind, m_widenAttempt;

    // Phase kinds (category, subcategory) -> phase_kinds.id, loaded on first use.
    Result<int64_t> kindOf(const PhaseRecord& r);
    std::unordered_map<std::string, int64_t> m_kinds;
    bool m_kindsLoaded = false;
    std::string m_kindKey;
    int64_t m_lastKind = -1;
    Category m_lastKindCategory = Category::Train;
    std::string m_lastKindSubcategory;
};

Status ImportSession::prepare()
{
    // Phase ids are not bound: SQLite gives each new row max(id) + 1, which keeps a file's phases
    // contiguous and lets the rows be appended without a seek (checked after each insert).
    std::string many = "INSERT INTO phases(attempt_id,kind,rank,start_ns,end_ns,name) VALUES";
    for (int i = 0; i < kPhaseRowsPerInsert; ++i) {
        many += i == 0 ? "(?,?,?,?,?,?)" : ",(?,?,?,?,?,?)";
    }
    std::string manyCheckpoints
        = "INSERT INTO checkpoints(job_id, attempt_no, step, start_ns, durable_ns, failed, dataset_id) VALUES";
    for (int i = 0; i < kPhaseRowsPerInsert; ++i) {
        manyCheckpoints += i == 0 ? "(?,?,?,?,?,?,?)" : ",(?,?,?,?,?,?,?)";
    }
    struct Spec
    {
        Statement* target;
        std::string sql;
    };
    Spec specs[] = {
        { &m_findLabel, "SELECT id FROM labels WHERE name=?" },
        { &m_insertLabel, "INSERT INTO labels(name) VALUES(?)" },
        { &m_findJob,
            "SELECT id, name, gpus, gpus_given, submitted_ns, declared_in FROM jobs WHERE label_id=? AND job_key=?" },
        { &m_findAttrs, "SELECT key, value FROM job_attrs WHERE job_id=? ORDER BY key" },
        { &m_insertJob,
            "INSERT INTO jobs(label_id, job_key, name, gpus, gpus_given, submitted_ns, declared_in) "
            "VALUES(?,?,?,?,?,?,?)" },
        { &m_updateJob, "UPDATE jobs SET name=?, gpus=?, gpus_given=?, submitted_ns=?, declared_in=? WHERE id=?" },
        { &m_insertAttr, "INSERT INTO job_attrs(job_id, key, value) VALUES(?,?,?)" },
        { &m_deleteAttrs, "DELETE FROM job_attrs WHERE job_id=?" },
        { &m_findAttempts,
            "SELECT id, attempt_no, start_ns, end_ns, gpus, outcome, interrupted_at_ns, cause, symptom, detail, "
            "declared_in FROM attempts WHERE job_id=?" },
        { &m_insertAttempt,
            "INSERT INTO attempts(job_id, attempt_no, start_ns, end_ns, gpus, outcome, interrupted_at_ns, cause, "
            "symptom, detail, declared_in) VALUES(?,?,?,?,?,?,?,?,?,?,?)" },
        { &m_insertPhaseMany, many },
        { &m_insertPhaseOne, "INSERT INTO phases(attempt_id,kind,rank,start_ns,end_ns,name) VALUES(?,?,?,?,?,?)" },
        { &m_findKinds, "SELECT id, category, subcategory FROM phase_kinds" },
        { &m_insertKind, "INSERT INTO phase_kinds(category, subcategory) VALUES(?,?)" },
        { &m_insertRun, "INSERT INTO phase_runs(attempt_id, first_id, last_id) VALUES(?,?,?)" },
        { &m_insertCheckpoint,
            "INSERT INTO checkpoints(job_id, attempt_no, step, start_ns, durable_ns, failed, dataset_id) "
            "VALUES(?,?,?,?,?,?,?)" },
        { &m_datasetPath, "SELECT source_path, format FROM datasets WHERE id=?" },
        { &m_widenAttempt, "UPDATE attempts SET start_ns=?, end_ns=? WHERE id=?" },
        { &m_insertCheckpointMany, manyCheckpoints },
    };
    for (auto& s : specs) {
        auto st = m_db.prepare(s.sql);
        if (!st) {
            return st.error();
        }
        *s.target = std::move(*st);
    }
    return Status::success();
}

std::string ImportSession::datasetPath(int64_t datasetId, std::string* format)
{
    m_datasetPath.reset();
    m_datasetPath.bind(1, datasetId);
    auto row = m_datasetPath.step();
    const bool found = row && *row;
    std::string p = found ? m_datasetPath.columnText(0) : "dataset " + std::to_string(datasetId);
    if (format) {
        *format = found ? m_datasetPath.columnText(1) : std::string();
    }
    m_datasetPath.reset();
    return p;
}

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
    m_findJob.reset();
    m_findJob.bind(1, m_labelId);
    m_findJob.bind(2, key);
    auto row = m_findJob.step();
    if (!row) {
        return row.error();
    }
    if (*row) {
        state.id = m_findJob.columnInt64(0);
        state.record.job = key;
        state.record.name = m_findJob.columnText(1);
        if (m_findJob.columnInt64(3) != 0) {
            state.record.gpus = m_findJob.columnInt64(2);
        }
        state.record.submittedNs = m_findJob.columnOptionalInt64(4);
        const auto declaredIn = m_findJob.columnOptionalInt64(5);
        m_findJob.reset();
        state.declared = declaredIn.has_value();
        if (declaredIn) {
            state.origin = "file " + datasetPath(*declaredIn);
        }
        m_findAttrs.reset();
        m_findAttrs.bind(1, state.id);
        if (auto rows = m_findAttrs.forEachRow(
                [&] { state.record.attrs.emplace_back(m_findAttrs.columnText(0), m_findAttrs.columnText(1)); });
            !rows) {
            return rows.error();
        }
        m_findAttrs.reset();
    } else {
        m_findJob.reset();
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
    m_insertJob.reset();
    m_insertJob.bind(1, m_labelId);
    m_insertJob.bind(2, state.key);
    m_insertJob.bind(3, std::string_view {});
    m_insertJob.bind(4, int64_t { 1 });
    m_insertJob.bind(5, int64_t { 0 });
    m_insertJob.bindNull(6);
    m_insertJob.bindNull(7);
    if (auto st = m_insertJob.run(); !st) {
        return st;
    }
    state.id = m_db.lastInsertRowid();
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
    m_findAttempts.reset();
    m_findAttempts.bind(1, job.id);
    if (auto rows = m_findAttempts.forEachRow([&] {
            AttemptState a;
            a.id = m_findAttempts.columnInt64(0);
            a.record.attempt = static_cast<int32_t>(m_findAttempts.columnInt64(1));
            a.record.startNs = m_findAttempts.columnInt64(2);
            a.record.endNs = m_findAttempts.columnInt64(3);
            a.record.gpus = m_findAttempts.columnOptionalInt64(4);
            a.record.outcome = parseOutcome(m_findAttempts.columnText(5)).value_or(Outcome::Completed);
            a.record.interruptedAtNs = m_findAttempts.columnOptionalInt64(6);
            a.record.cause = m_findAttempts.columnText(7);
            a.record.symptom = parseSymptom(m_findAttempts.columnText(8)).value_or(Symptom::None);
            a.record.detail = m_findAttempts.columnText(9);
            std::string format;
            a.origin = "file " + datasetPath(m_findAttempts.columnInt64(10), &format);
            a.record.windowFromTrace = format == "chrome" || format == "nsys";
            if (a.record.endNs > a.record.startNs) {
                job.busy.emplace(a.record.startNs, a.record.endNs);
            }
            job.attempts.emplace(a.record.attempt, std::move(a));
        });
        !rows) {
        return rows.error();
    }
    m_findAttempts.reset();
    return Status::success();
}

Status ImportSession::handleJob(const JobRecord& r, int64_t line)
{
    auto found = jobFor(r.job, line, false);
    if (!found) {
        return found.error();
    }
    JobState& job = **found;
    JobRecord effective = r;
    if (job.declared) {
        // Spec 3: a job record seen again under the same label must agree with the first.
        std::string diff;
        if (effective.name != job.record.name) {
            diff = "name " + quoted(effective.name) + " vs " + quoted(job.record.name);
        } else if (effective.gpus != job.record.gpus) {
            diff = "gpus " + (effective.gpus ? std::to_string(*effective.gpus) : "(absent)") + " vs "
                + (job.record.gpus ? std::to_string(*job.record.gpus) : "(absent)");
        } else if (effective.submittedNs != job.record.submittedNs) {
            diff = "submitted " + (effective.submittedNs ? formatRfc3339(*effective.submittedNs) : "(absent)") + " vs "
                + (job.record.submittedNs ? formatRfc3339(*job.record.submittedNs) : "(absent)");
        } else if (effective.attrs != job.record.attrs) {
            diff = "attrs differ";
        }
        if (!diff.empty()) {
            return Error { at(line) + "job record: job " + quoted(r.job) + " was already declared differently ("
                + job.origin + "): " + diff + "; a job seen again under label " + quoted(m_options.label)
                + " must agree with its first declaration" };
        }
        return touch(job);
    }
    const int64_t gpus = effective.gpus.value_or(1);
    if (job.id == 0) {
        m_insertJob.reset();
        m_insertJob.bind(1, m_labelId);
        m_insertJob.bind(2, r.job);
        m_insertJob.bind(3, r.name);
        m_insertJob.bind(4, gpus);
        m_insertJob.bind(5, int64_t { effective.gpus ? 1 : 0 });
        m_insertJob.bind(6, r.submittedNs);
        m_insertJob.bind(7, m_datasetId);
        if (auto st = m_insertJob.run(); !st) {
            return st;
        }
        job.id = m_db.lastInsertRowid();
        job.attemptsLoaded = true; // a new job has none in the store
        job.fresh = true;
    } else {
        // An implicit job (from this file or an earlier one) gets its declaration now.
        m_updateJob.reset();
        m_updateJob.bind(1, r.name);
        m_updateJob.bind(2, gpus);
        m_updateJob.bind(3, int64_t { effective.gpus ? 1 : 0 });
        m_updateJob.bind(4, r.submittedNs);
        m_updateJob.bind(5, m_datasetId);
        m_updateJob.bind(6, job.id);
        if (auto st = m_updateJob.run(); !st) {
            return st;
        }
        m_deleteAttrs.reset();
        m_deleteAttrs.bind(1, job.id);
        if (auto st = m_deleteAttrs.run(); !st) {
            return st;
        }
    }
    for (const auto& [k, v] : r.attrs) {
        m_insertAttr.reset();
        m_insertAttr.bind(1, job.id);
        m_insertAttr.bind(2, k);
        m_insertAttr.bind(3, v);
        if (auto st = m_insertAttr.run(); !st) {
            return st;
        }
    }
    job.declared = true;
    job.origin = "line " + std::to_string(line);
    job.record = std::move(effective);
    m_implicitUndeclared.erase(job.key);
    ++m_summary.jobsDeclared;
    return touch(job);
}

Status ImportSession::checkNoOverlap(const JobState& job, const AttemptRecord& r, int64_t line)
{
    // Spec 3: attempts of one job must not overlap. Non-empty windows are disjoint, so the only
    // candidate is the last window starting before this one ends.
    if (r.endNs <= r.startNs) {
        return Status::success();
    }
    auto it = job.busy.lower_bound({ r.endNs, std::numeric_limits<int64_t>::min() });
    if (it == job.busy.begin()) {
        return Status::success();
    }
    --it;
    if (it->second <= r.startNs) {
        return Status::success();
    }
    std::string other;
    for (const auto& [n, a] : job.attempts) {
        if (a.record.startNs == it->first && a.record.endNs == it->second) {
            other = "attempt " + std::to_string(n) + " " + interval(it->first, it->second) + " (" + a.origin + ")";
            break;
        }
    }
    return Error { at(line) + "attempt record: field 'start': attempt " + std::to_string(r.attempt) + " of job "
        + quoted(r.job) + " " + interval(r.startNs, r.endNs) + " overlaps " + other
        + "; attempts of one job must not overlap" };
}

Status ImportSession::widenAttempt(JobState& job, AttemptState& a, const AttemptRecord& r, int64_t line)
{
    AttemptRecord& first = a.record;
    const int64_t start = std::min(first.startNs, r.startNs);
    const int64_t end = std::max(first.endNs, r.endNs);
    if (start == first.startNs && end == first.endNs) {
        return Status::success();
    }
    if (first.endNs > first.startNs) {
        job.busy.erase({ first.startNs, first.endNs });
    }
    AttemptRecord widened = first;
    widened.startNs = start;
    widened.endNs = end;
    if (auto st = checkNoOverlap(job, widened, line); !st) {
        if (first.endNs > first.startNs) {
            job.busy.emplace(first.startNs, first.endNs);
        }
        return st;
    }
    m_widenAttempt.reset();
    m_widenAttempt.bind(1, start);
    m_widenAttempt.bind(2, end);
    m_widenAttempt.bind(3, a.id);
    if (auto st = m_widenAttempt.run(); !st) {
        return st;
    }
    first.startNs = start;
    first.endNs = end;
    if (end > start) {
        job.busy.emplace(start, end);
    }
    return Status::success();
}

Status ImportSession::handleAttempt(const AttemptRecord& r, int64_t line)
{
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
        AttemptRecord& first = it->second.record;
        if (first.windowFromTrace && r.windowFromTrace) {
            // Profiler traces of several ranks of one attempt: the window is the union of spans.
            if (auto st = widenAttempt(job, it->second, r, line); !st) {
                return st;
            }
        }
        std::string field;
        if (first.startNs != r.startNs && !r.windowFromTrace) {
            field = "start";
        } else if (first.endNs != r.endNs && !r.windowFromTrace) {
            field = "end";
        } else if (first.outcome != r.outcome) {
            field = "outcome";
        } else if (first.interruptedAtNs != r.interruptedAtNs) {
            field = "interrupted_at";
        } else if (first.gpus != r.gpus) {
            field = "gpus";
        } else if (first.cause != r.cause) {
            field = "cause";
        }
        if (!field.empty()) {
            return Error { at(line) + "attempt record: field '" + field + "': attempt " + std::to_string(r.attempt)
                + " of job " + quoted(r.job) + " was already declared as " + interval(first.startNs, first.endNs)
                + " outcome " + std::string(outcomeName(first.outcome)) + " (" + it->second.origin
                + "); an attempt number seen again must be the same attempt" };
        }
        return Status::success();
    }
    if (auto st = checkNoOverlap(job, r, line); !st) {
        return st;
    }
    if (r.endNs > r.startNs) {
        job.busy.emplace(r.startNs, r.endNs);
    }
    auto& s = m_insertAttempt;
    s.reset();
    s.bind(1, job.id);
    s.bind(2, int64_t { r.attempt });
    s.bind(3, r.startNs);
    s.bind(4, r.endNs);
    s.bind(5, r.gpus);
    s.bind(6, outcomeName(r.outcome));
    s.bind(7, r.interruptedAtNs);
    s.bind(8, r.cause);
    s.bind(9, symptomName(r.symptom));
    s.bind(10, r.detail);
    s.bind(11, m_datasetId);
    if (auto st = s.run(); !st) {
        return st;
    }
    AttemptState a;
    a.id = m_db.lastInsertRowid();
    a.record = r;
    a.origin = "line " + std::to_string(line);
    if (buffering(job)) {
        AttemptInput in;
        in.number = r.attempt;
        in.startNs = r.startNs;
        in.endNs = r.endNs;
        in.outcome = r.outcome;
        in.interruptedAtNs = r.interruptedAtNs.value_or(r.endNs);
        in.interruption = classifyInterruption(r.outcome, r.cause);
        job.bufferIndex[r.attempt] = job.buffer.attempts.size();
        job.buffer.attempts.push_back(std::move(in));
        job.bufferAttemptIds.push_back(a.id);
        job.bufferAttemptGpus.push_back(r.gpus);
    }
    job.attempts.emplace(r.attempt, std::move(a));
    ++m_summary.attempts;
    return Status::success();
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
    AttemptState* attempt = nullptr;
    if (m_lastAttemptJob == &job && m_lastAttemptNo == r.attempt) {
        attempt = m_lastAttempt;
    } else {
        auto it = job.attempts.find(r.attempt);
        if (it == job.attempts.end()) {
            if (!final) {
                job.dirty = true;
                m_pendingPhases.emplace_back(r, line);
                return Status::success();
            }
            return Error { at(line) + "phase record: field 'attempt': attempt " + std::to_string(r.attempt) + " of job "
                + quoted(r.job) + " is declared neither in this file nor earlier under label "
                + quoted(m_options.label) };
        }
        attempt = &it->second;
        m_lastAttemptJob = &job;
        m_lastAttemptNo = r.attempt;
        m_lastAttempt = attempt;
        auto b = job.bufferIndex.find(r.attempt);
        m_lastBufferIndex = b == job.bufferIndex.end() ? SIZE_MAX : b->second;
    }
    const AttemptRecord& a = attempt->record;
    // Spec 3: a phase sticking out of its attempt is clipped (warned); one entirely outside is
    // an error.
    const int64_t cs = std::max(r.startNs, a.startNs);
    const int64_t ce = std::min(r.endNs, a.endNs);
    if (ce < cs || (ce == cs && r.endNs > r.startNs)) {
        return Error { at(line) + "phase record: field 'start': phase " + quoted(std::string(categoryName(r.category)))
            + " " + interval(r.startNs, r.endNs) + " lies entirely outside attempt " + std::to_string(r.attempt)
            + " of job " + quoted(r.job) + " " + interval(a.startNs, a.endNs) };
    }
    if (cs != r.startNs || ce != r.endNs) {
        m_issues.add(IssueKind::PhaseClipped, std::string(categoryName(r.category)), line,
            "job " + r.job + " attempt " + std::to_string(r.attempt) + ": " + interval(r.startNs, r.endNs)
                + " clipped to " + interval(cs, ce));
    }
    if (auto st = touch(job); !st) {
        return st;
    }
    if (buffering(job) && m_lastBufferIndex < job.buffer.attempts.size()) {
        job.buffer.attempts[m_lastBufferIndex].phases.push_back({ cs, ce, r.category, r.rank });
    }
    const int64_t id = m_nextPhaseId++;
    const int64_t attemptId = attempt->id;
    if (attemptId != m_runAttempt) {
        if (auto st = flushRun(); !st) {
            return st;
        }
        m_runAttempt = attemptId;
        m_runFirst = id;
    }
    m_runLast = id;
    if (final) {
        // Deferred phases outlive their batch: insert them one at a time with copied text.
        auto& s = m_insertPhaseOne;
        s.reset();
        s.bind(1, attemptId);
        auto kind = kindOf(r);
        if (!kind) {
            return kind.error();
        }
        s.bind(2, *kind);
        r.rank < 0 ? s.bindNull(3) : s.bind(3, int64_t { r.rank });
        s.bind(4, cs);
        s.bind(5, ce);
        r.name.empty() ? s.bindNull(6) : s.bind(6, r.name);
        if (auto st = s.run(); !st) {
            return st;
        }
        if (auto st = checkPhaseId(id); !st) {
            return st;
        }
    } else {
        auto kind = kindOf(r);
        if (!kind) {
            return kind.error();
        }
        m_phaseRows.push_back({ id, attemptId, *kind, &r, cs, ce });
        if (m_phaseRows.size() == kPhaseRowsPerInsert) {
            if (auto st = flushPhaseRows(); !st) {
                return st;
            }
        }
    }
    ++m_summary.phases;
    return Status::success();
}

Result<int64_t> ImportSession::kindOf(const PhaseRecord& r)
{
    // Runs of phases of one kind are common (train chunks, per-rank stages): skip the map then.
    if (m_lastKind >= 0 && r.category == m_lastKindCategory && r.subcategory == m_lastKindSubcategory) {
        return m_lastKind;
    }
    auto keyOf = [](Category c, std::string_view sub) {
        std::string k(1, static_cast<char>('A' + static_cast<int>(c)));
        k += sub;
        return k;
    };
    if (!m_kindsLoaded) {
        m_kindsLoaded = true;
        if (auto rows = m_findKinds.forEachRow([&] {
                m_kinds[keyOf(static_cast<Category>(m_findKinds.columnInt64(1)), m_findKinds.columnText(2))]
                    = m_findKinds.columnInt64(0);
            });
            !rows) {
            return rows.error();
        }
    }
    m_kindKey = keyOf(r.category, r.subcategory);
    auto it = m_kinds.find(m_kindKey);
    if (it == m_kinds.end()) {
        m_insertKind.reset();
        m_insertKind.bind(1, static_cast<int64_t>(r.category));
        m_insertKind.bind(2, r.subcategory);
        if (auto st = m_insertKind.run(); !st) {
            return st.error();
        }
        it = m_kinds.emplace(m_kindKey, m_db.lastInsertRowid()).first;
    }
    m_lastKind = it->second;
    m_lastKindCategory = r.category;
    m_lastKindSubcategory = r.subcategory;
    return m_lastKind;
}

Status ImportSession::flushPhaseRows()
{
    auto bindRow = [&](Statement& s, int base, const PhaseRow& row) {
        const PhaseRecord& r = *row.record;
        s.bind(base + 1, row.attemptId);
        s.bind(base + 2, row.kind);
        r.rank < 0 ? s.bindNull(base + 3) : s.bind(base + 3, int64_t { r.rank });
        s.bind(base + 4, row.startNs);
        s.bind(base + 5, row.endNs);
        r.name.empty() ? s.bindNull(base + 6) : s.bindStatic(base + 6, r.name);
    };
    if (m_phaseRows.size() == kPhaseRowsPerInsert) {
        auto& s = m_insertPhaseMany;
        s.reset();
        for (int i = 0; i < kPhaseRowsPerInsert; ++i) {
            bindRow(s, i * kPhaseColumns, m_phaseRows[static_cast<size_t>(i)]);
        }
        if (auto st = s.run(); !st) {
            return st;
        }
    } else {
        for (const auto& row : m_phaseRows) {
            auto& s = m_insertPhaseOne;
            s.reset();
            bindRow(s, 0, row);
            if (auto st = s.run(); !st) {
                return st;
            }
        }
    }
    if (!m_phaseRows.empty()) {
        if (auto st = checkPhaseId(m_phaseRows.back().id); !st) {
            return st;
        }
    }
    m_phaseRows.clear();
    return Status::success();
}

Status ImportSession::checkPhaseId(int64_t expected)
{
    // phase_runs relies on SQLite numbering appended rows max(id) + 1 in insertion order.
    if (m_db.lastInsertRowid() != expected) {
        return Error { m_path + ": internal error: phase row got id " + std::to_string(m_db.lastInsertRowid())
            + ", expected " + std::to_string(expected) + "; nothing of this file was stored" };
    }
    return Status::success();
}

Status ImportSession::flushRun()
{
    if (m_runAttempt < 0) {
        return Status::success();
    }
    m_insertRun.reset();
    m_insertRun.bind(1, m_runAttempt);
    m_insertRun.bind(2, m_runFirst);
    m_insertRun.bind(3, m_runLast);
    m_runAttempt = -1;
    return m_insertRun.run();
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
        return Error { at(line) + "checkpoint record: field 'attempt': attempt " + std::to_string(r.attempt)
            + " of job " + quoted(r.job) + " is declared neither in this file nor earlier under label "
            + quoted(m_options.label) };
    }
    if (auto st = touch(job); !st) {
        return st;
    }
    const std::optional<int64_t> durable
        = r.failed ? std::nullopt : std::optional<int64_t>(r.durableNs.value_or(r.startNs));
    if (buffering(job)) {
        job.buffer.checkpoints.push_back({ r.startNs, durable.value_or(r.startNs), r.failed });
    }
    m_checkpointRows.push_back({ job.id, r.attempt, r.step, r.startNs, durable, r.failed });
    ++m_summary.checkpoints;
    if (m_checkpointRows.size() == kPhaseRowsPerInsert) {
        return flushCheckpointRows();
    }
    return Status::success();
}

Status ImportSession::flushCheckpointRows()
{
    auto bindRow = [&](Statement& s, int base, const CheckpointRow& row) {
        s.bind(base + 1, row.jobId);
        s.bind(base + 2, int64_t { row.attempt });
        s.bind(base + 3, row.step);
        s.bind(base + 4, row.startNs);
        s.bind(base + 5, row.durableNs);
        s.bind(base + 6, int64_t { row.failed ? 1 : 0 });
        s.bind(base + 7, m_datasetId);
    };
    if (m_checkpointRows.size() == kPhaseRowsPerInsert) {
        auto& s = m_insertCheckpointMany;
        s.reset();
        for (int i = 0; i < kPhaseRowsPerInsert; ++i) {
            bindRow(s, i * 7, m_checkpointRows[static_cast<size_t>(i)]);
        }
        if (auto st = s.run(); !st) {
            return st;
        }
    } else {
        for (const auto& row : m_checkpointRows) {
            auto& s = m_insertCheckpoint;
            s.reset();
            bindRow(s, 0, row);
            if (auto st = s.run(); !st) {
                return st;
            }
        }
    }
    m_checkpointRows.clear();
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
    m_touched.emplace(job.id, job.key);
    // A job attributed from memory whose records resume after another job's: its state was
    // reloaded from the store, and it is attributed by reading it back at the end.
    m_doneFromMemory.erase(job.id);
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
        job.buffer.gpus = job.record.gpus.value_or(1);
        job.buffer.submittedNs = job.record.submittedNs;
        for (size_t i = 0; i < job.buffer.attempts.size(); ++i) {
            job.buffer.attempts[i].gpus = job.bufferAttemptGpus[i].value_or(job.buffer.gpus);
        }
        auto notes = m_updater->write(job.id, job.buffer, job.bufferAttemptIds);
        if (!notes) {
            return notes.error();
        }
        noteDerived(*notes, job.key);
        m_doneFromMemory.insert(job.id);
        ++m_jobsFromMemory;
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

void ImportSession::noteDerived(const DerivedUpdater::Notes& notes, const std::string& jobKey)
{
    if (notes.submittedAfterStart) {
        m_issues.add(
            IssueKind::SubmittedAfterStart, "", 0, "job " + jobKey + " was submitted after its first attempt started");
    }
    if (notes.withoutAttempts) {
        m_issues.add(IssueKind::JobWithoutAttempts, "", 0, "job " + jobKey + " has no attempt records");
    }
}

Status ImportSession::handleBatch(const RecordBatch& batch)
{
    for (const auto& ref : batch.order) {
        Status st;
        switch (ref.kind) {
        case RecordKind::Job:
            st = handleJob(batch.jobs[ref.index], ref.line);
            break;
        case RecordKind::Attempt:
            st = handleAttempt(batch.attempts[ref.index], ref.line);
            break;
        case RecordKind::Phase:
            st = handlePhase(batch.phases[ref.index], ref.line, false);
            break;
        case RecordKind::Checkpoint:
            st = handleCheckpoint(batch.checkpoints[ref.index], ref.line, false);
            break;
        }
        if (!st) {
            return st;
        }
    }
    // The buffered rows point into this batch, which is about to be recycled.
    return flushPhaseRows();
}

Result<ImportSummary> ImportSession::run()
{
    const auto started = std::chrono::steady_clock::now();
    m_summary.path = m_path;
    m_summary.label = m_options.label;

    auto reader = openRecordSource(m_path, m_options.reader);
    if (!reader) {
        return reader.error();
    }
    RecordSource& rd = **reader;
    m_summary.format = rd.formatName();
    m_reader = &rd;
    const int64_t totalBytes = rd.source().fileSize();

    if (auto st = prepare(); !st) {
        return st.error();
    }

    // 1. A file whose size matches one already imported under this label may be the same
    //    content: hash it first, so that a re-import is a quick no-op.
    m_findLabel.reset();
    m_findLabel.bind(1, m_options.label);
    auto labelRow = m_findLabel.step();
    if (!labelRow) {
        return labelRow.error();
    }
    if (*labelRow) {
        m_labelId = m_findLabel.columnInt64(0);
        m_findLabel.reset();
        auto same = m_db.prepare("SELECT count(*) FROM datasets WHERE label_id=? AND bytes=?");
        if (!same) {
            return same.error();
        }
        same->bind(1, m_labelId);
        same->bind(2, totalBytes);
        auto r = same->step();
        if (!r) {
            return r.error();
        }
        if (same->columnInt64(0) > 0) {
            auto sha = sha256OfFile(m_path);
            if (!sha) {
                return sha.error();
            }
            auto dup = m_db.prepare("SELECT count(*) FROM datasets WHERE label_id=? AND sha256=?");
            if (!dup) {
                return dup.error();
            }
            dup->bind(1, m_labelId);
            dup->bind(2, *sha);
            if (auto d = dup->step(); !d) {
                return d.error();
            }
            if (dup->columnInt64(0) > 0) {
                m_summary.alreadyImported = true;
                m_summary.sha256 = *sha;
                return m_summary;
            }
        }
    } else {
        m_findLabel.reset();
    }

    Status outcome = inTransaction(m_db, [&]() -> Status {
        // 2. Label and dataset rows; phase ids continue after the largest one.
        if (m_labelId == 0) {
            m_insertLabel.bind(1, m_options.label);
            if (auto st = m_insertLabel.run(); !st) {
                return st;
            }
            m_labelId = m_db.lastInsertRowid();
        }
        auto ds = m_db.prepare("INSERT INTO datasets(label_id, source_path, sha256, format, imported_at, bytes) "
                               "VALUES(?,?,?,?,?,?)");
        if (!ds) {
            return ds.error();
        }
        ds->bind(1, m_labelId);
        ds->bind(2, m_path);
        ds->bind(3, "pending:" + m_path);
        ds->bind(4, rd.formatName());
        ds->bind(5, nowRfc3339());
        ds->bind(6, totalBytes);
        if (auto st = ds->run(); !st) {
            return st;
        }
        m_datasetId = m_db.lastInsertRowid();
        auto maxId = m_db.queryInt("SELECT max(id) FROM phases");
        if (!maxId) {
            return maxId.error();
        }
        m_firstPhaseId = maxId->value_or(0) + 1;
        m_nextPhaseId = m_firstPhaseId;
        auto updater = DerivedUpdater::create(m_db);
        if (!updater) {
            return updater.error();
        }
        m_updater = std::move(*updater);

        // 3. Stream: a second thread parses, this one validates against the store and writes.
        BatchPipeline pipeline(rd);
        int64_t records = 0;
        while (true) {
            if (m_options.cancel && m_options.cancel->load()) {
                return Error { m_path + ": import cancelled; nothing of this file was stored" };
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
            if (m_options.progress) {
                m_options.progress({ "reading", pipeline.bytesRead(), totalBytes, records });
            }
        }
        pipeline.stop();
        m_summary.parseSeconds = pipeline.parseSeconds();
        m_summary.waitSeconds = pipeline.waitSeconds();
        m_summary.records = rd.recordsRead();
        m_summary.storeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

        // 4. Same content under the same label already imported: undo, report a no-op.
        auto sha = rd.source().sha256Hex();
        if (!sha) {
            return sha.error();
        }
        m_summary.sha256 = *sha;
        auto dup = m_db.prepare("SELECT count(*) FROM datasets WHERE label_id=? AND sha256=?");
        if (!dup) {
            return dup.error();
        }
        dup->bind(1, m_labelId);
        dup->bind(2, *sha);
        if (auto d = dup->step(); !d) {
            return d.error();
        }
        if (dup->columnInt64(0) > 0) {
            m_summary.alreadyImported = true;
            return Error { "" }; // roll back; not an error for the caller
        }
        auto st = finish();
        m_commitStarted = std::chrono::steady_clock::now();
        return st;
    });
    if (!outcome) {
        if (m_summary.alreadyImported) {
            const std::string sha = m_summary.sha256;
            m_summary = ImportSummary {};
            m_summary.path = m_path;
            m_summary.label = m_options.label;
            m_summary.sha256 = sha;
            m_summary.alreadyImported = true;
            return m_summary;
        }
        return outcome.error();
    }
    m_summary.issues = m_issues;
    m_summary.datasetId = m_datasetId;
    m_summary.commitSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_commitStarted).count();
    m_summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return m_summary;
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
    if (auto st = closeOpen(); !st) {
        return st;
    }
    if (auto st = flushRun(); !st) {
        return st;
    }
    if (auto st = flushCheckpointRows(); !st) {
        return st;
    }
    for (const auto& key : m_implicitUndeclared) {
        m_issues.add(IssueKind::ImplicitJob, "", 0, "job " + key + " is referenced but never declared; gpus 1 assumed");
    }

    // 6. Attribute every job this file touched (spec 5), reading its phases back.
    const auto attributeStarted = std::chrono::steady_clock::now();
    if (m_options.progress) {
        m_options.progress({ "attributing", 0, 0, m_summary.records });
    }
    std::vector<std::pair<int64_t, std::string>> readBack;
    for (const auto& [id, key] : m_touched) {
        if (!m_doneFromMemory.count(id)) {
            readBack.emplace_back(id, key);
        }
    }
    std::sort(readBack.begin(), readBack.end());
    int64_t done = 0;
    for (const auto& [jobId, key] : readBack) {
        if (m_options.cancel && m_options.cancel->load()) {
            return Error { m_path + ": import cancelled; nothing of this file was stored" };
        }
        auto notes = m_updater->update(jobId);
        if (!notes) {
            return notes.error();
        }
        noteDerived(*notes, key);
        if (m_options.progress && (++done % 1024) == 0) {
            m_options.progress({ "attributing", done, static_cast<int64_t>(readBack.size()), m_summary.records });
        }
    }
    if (m_options.cancel && m_options.cancel->load()) {
        return Error { m_path + ": import cancelled; nothing of this file was stored" };
    }
    m_summary.jobsTouched = static_cast<int64_t>(m_touched.size());
    m_summary.jobsReadBack = static_cast<int64_t>(readBack.size());
    m_summary.attributeSeconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - attributeStarted).count();

    // 7. The dataset row and its issues (the reader's and ours).
    m_issues.merge(m_reader->issues());
    auto issue = m_db.prepare(
        "INSERT INTO import_issues(dataset_id, kind, detail, count, first_line, example) VALUES(?,?,?,?,?,?)");
    if (!issue) {
        return issue.error();
    }
    for (const auto& [key, e] : m_issues.entries()) {
        issue->bind(1, m_datasetId);
        issue->bind(2, key.first);
        issue->bind(3, key.second);
        issue->bind(4, e.count);
        e.firstLine > 0 ? issue->bind(5, e.firstLine) : issue->bindNull(5);
        issue->bind(6, e.example);
        if (auto st = issue->run(); !st) {
            return st;
        }
    }
    auto upd = m_db.prepare("UPDATE datasets SET sha256=?, records=?, first_phase_id=?, last_phase_id=? WHERE id=?");
    if (!upd) {
        return upd.error();
    }
    upd->bind(1, m_summary.sha256);
    upd->bind(2, m_summary.records);
    if (m_nextPhaseId > m_firstPhaseId) {
        upd->bind(3, m_firstPhaseId);
        upd->bind(4, m_nextPhaseId - 1);
    } else {
        upd->bindNull(3);
        upd->bindNull(4);
    }
    upd->bind(5, m_datasetId);
    if (auto st = upd->run(); !st) {
        return st;
    }
    if (m_options.progress) {
        m_options.progress({ "committing", 0, 0, m_summary.records });
    }
    return Status::success();
}

} // namespace

Result<ImportSummary> importTraceFile(Database& db, const std::string& path, const ImportOptions& options)
{
    ImportSession session(db, path, options);
    return session.run();
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
