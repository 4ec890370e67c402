// The SQL side of an import: every statement the importer runs, prepared once per file, and the
// buffered multi-row inserts of phases and checkpoints. It stores rows the record normalizer
// produced and reads back what the store already holds about a job; it validates nothing. Runs
// inside the caller's transaction. Not thread-safe; one per import.
#pragma once

#include "core/ingest/record_source.h"
#include "core/model/records.h"
#include "core/model/result.h"
#include "core/store/database.h"
#include "core/store/record_normalizer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ett::core {

class ImportWriter
{
public:
    // path names the file in internal-error messages.
    ImportWriter(Database& db, std::string path);

    // Prepares every statement. Must succeed before any other call.
    Status prepare();

    // ---- labels and datasets
    Result<std::optional<int64_t>> findLabel(const std::string& label);
    Result<int64_t> insertLabel(const std::string& label);
    // Whether a dataset of the label has this size / this content hash.
    Result<bool> hasDatasetOfSize(int64_t labelId, int64_t bytes);
    Result<bool> hasDatasetWithSha(int64_t labelId, const std::string& sha256);
    // A new dataset row whose hash is pending until finishDataset().
    // `readerOptions`: the options it was read with (core/ingest/reader_options_text.h).
    Result<int64_t> insertDataset(int64_t labelId, const std::string& path, const std::string& format, int64_t bytes,
        const std::string& readerOptions);
    // The largest phase id in the store (0 when there is none).
    Result<int64_t> maxPhaseId();
    // The source path of a dataset (and its format when asked); "dataset N" when it is unknown.
    std::string datasetPath(int64_t datasetId, std::string* format = nullptr);
    // Writes the issues of a dataset.
    Status writeIssues(int64_t datasetId, const IssueCounter& issues);
    // Completes a dataset row: hash, record count and its phase id range (none when empty).
    Status finishDataset(int64_t datasetId, const std::string& sha256, int64_t records,
        std::optional<std::pair<int64_t, int64_t>> phaseIds);

    // ---- jobs and attempts
    // Fills job (id, record, declared, origin) from the store; false when the label has no such job.
    Result<bool> loadJob(int64_t labelId, JobState& job);
    // Spec 3: a job referenced but never declared is created implicitly (gpus 1). Returns its id.
    Result<int64_t> insertImplicitJob(int64_t labelId, const std::string& key);
    // A declared job: a new row, or the declaration of an implicit one (its attrs replaced).
    Result<int64_t> insertJob(int64_t labelId, const JobRecord& r, int64_t datasetId);
    Status redeclareJob(int64_t jobId, const JobRecord& r, int64_t datasetId);
    Status insertAttrs(int64_t jobId, const JobRecord& r);
    // Adds the job's attempts in the store to job.attempts and job.busy.
    Status loadAttempts(JobState& job);
    Result<int64_t> insertAttempt(int64_t jobId, const AttemptRecord& r, int64_t datasetId);
    Status updateAttemptWindow(int64_t attemptId, int64_t startNs, int64_t endNs);
    // Writes r's outcome, interrupted_at, cause, symptom and detail to the attempt's row.
    Status updateAttemptOutcome(int64_t attemptId, const AttemptRecord& r);

    // ---- phases and checkpoints
    // Phase kinds (category, subcategory) -> phase_kinds.id, created on first use.
    Result<int64_t> kindOf(const PhaseRecord& r);
    // Buffers a phase row; r must stay alive until flushPhases() (the end of its batch).
    Status addPhase(int64_t id, int64_t attemptId, int64_t kind, const PhaseRecord& r, const ClippedPhase& span);
    // Inserts a phase row at once, copying its text (for records that outlive their batch).
    Status insertPhaseNow(int64_t id, int64_t attemptId, int64_t kind, const PhaseRecord& r, const ClippedPhase& span);
    Status flushPhases();
    Status insertRun(const PhaseRun& run);
    struct CheckpointRow
    {
        int64_t jobId;
        int32_t attempt;
        std::optional<int64_t> step;
        int64_t startNs;
        std::optional<int64_t> durableNs;
        bool failed;
    };
    // Buffers a checkpoint row of dataset datasetId.
    Status addCheckpoint(const CheckpointRow& row, int64_t datasetId);
    Status flushCheckpoints(int64_t datasetId);

    // ---- ranks' hosts (spec 7.3)
    // Records that `rank` of the attempt ran on `host`. Returns the host recorded before when it is
    // another one (nothing is changed then); nullopt when stored or already recorded the same.
    Result<std::optional<std::string>> insertRankHost(int64_t attemptId, int32_t rank, const std::string& host);

private:
    Status checkPhaseId(int64_t expected);

    Database& m_db;
    std::string m_path;

    // Phase rows waiting for a multi-row INSERT; strings point into the current batch.
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
    std::vector<CheckpointRow> m_checkpointRows;

    Statement m_findLabel, m_insertLabel, m_findJob, m_findAttrs, m_insertJob, m_updateJob, m_insertAttr, m_deleteAttrs,
        m_findAttempts, m_insertAttempt, m_insertPhaseMany, m_insertPhaseOne, m_insertRun, m_insertCheckpoint,
        m_insertCheckpointMany, m_datasetPath, m_findKinds, m_insertKind, m_widenAttempt, m_mergeOutcome,
        m_datasetOfSize, m_datasetWithSha, m_findRankHost, m_insertRankHost;

    std::unordered_map<std::string, int64_t> m_kinds;
    bool m_kindsLoaded = false;
    std::string m_kindKey;
    int64_t m_lastKind = -1;
    Category m_lastKindCategory = Category::Train;
    std::string m_lastKindSubcategory;
};

} // namespace ett::core
