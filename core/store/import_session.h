// The import session (private to core/store): one import of one file, shared by importer.cpp (the
// run, the transaction, the stream, the derived figures) and import_records.cpp (the record
// handlers). Users call core/store/importer.h.
#pragma once

#include "core/ingest/record_source.h"
#include "core/model/result.h"
#include "core/store/column_store.h"
#include "core/store/derived.h"
#include "core/store/derived_pipeline.h"
#include "core/store/import_writer.h"
#include "core/store/importer.h"
#include "core/store/record_normalizer.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace ett::core {

class Database;

// One import of one file, inside the caller's transaction (core/store/importer.h's importTraceFile).
// The record handlers (handleBatch and what it calls: each record checked against what is known of
// its job, turned into rows, jobs attributed from memory when they close) are in import_records.cpp;
// the run, its one transaction, the stream of batches and the derived figures in importer.cpp.
class ImportSession
{
public:
    using Clock = std::chrono::steady_clock;

    ImportSession(Database& db, const std::string& path, const ImportOptions& options)
        : m_db(db)
        , m_path(path)
        , m_sourcePath(options.sourcePath.empty() ? path : options.sourcePath)
        , m_options(options)
        , m_normalizer(path, options.label)
        , m_writer(db, path)
    {
        if (options.refuseFilesApart) {
            m_normalizer.refuseFilesApart();
        }
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
    // The job of a record that may come before its job's declaration (a phase, a checkpoint, a
    // rank), its attempts loaded; nullptr while the job is not stored: the record then waits in
    // `pending` (handled again at the end of the file, `final`), and with `splits` the job is
    // attributed from the store at the end (its records are split). Error: the job never declared
    // (final), or SQLite's. Defined in import_records.cpp, its one user.
    template <typename Record>
    Result<JobState*> storedJobOf(
        const Record& r, int64_t line, bool final, std::vector<std::pair<Record, int64_t>>& pending, bool splits);
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
    // Counts read_with_other_options when the earlier import `datasetId` of this file, which this
    // one replaces, was read with known options other than this import's.
    Status noteOtherOptions(int64_t datasetId);
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

} // namespace ett::core
