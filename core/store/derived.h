// The derived tables: reading a job's accounting input back from the store, attributing it with
// the reference accounting and writing the results (attempt_derived, attempt_phases, job_derived).
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"
#include "core/store/database.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

// Holds the prepared statements; reuse one instance for many jobs. Not thread-safe.
class DerivedUpdater
{
public:
    static Result<std::unique_ptr<DerivedUpdater>> create(Database& db);

    // Loads the job's attempts, phases (through phase_runs) and checkpoints, attributes it and
    // replaces its derived rows. `issues` (may be null) receives submitted_after_start and
    // job_without_attempts warnings for the caller to count.
    struct Notes
    {
        bool submittedAfterStart = false;
        bool withoutAttempts = false;
    };
    Result<Notes> update(int64_t jobId);

    // Attributes an accounting input already in memory and replaces the job's derived rows.
    // attemptIds are the attempt row ids in the order of input.attempts. Rows::New: the caller
    // created the job and all its attempts in this transaction and writes its derived rows for the
    // first time (nothing to delete first).
    enum class Rows { Replace, New };
    Result<Notes> write(
        int64_t jobId, const JobInput& input, const std::vector<int64_t>& attemptIds, Rows rows = Rows::Replace);

    // Loads a job's accounting input; attemptIds receives the attempt row ids in the order of
    // job.attempts. Used by update() and by the timeline views.
    Result<JobInput> loadInput(int64_t jobId, std::vector<int64_t>& attemptIds);

    // A job's derived rows, attributed and encoded but not stored: write() is compute() then store(),
    // so that the pure half can run on another thread while the connection's thread writes.
    struct Computed
    {
        int64_t jobId = 0;
        Notes notes;
        std::optional<Error> error; // an attempt whose phase samples cannot be encoded
        std::vector<std::pair<int64_t, std::string>> phaseSamples; // attempt id, blob, in input order
        JobResult result; // its attempts' segments left out (encoded below)
        std::vector<int64_t> resultAttemptIds; // the attempt id of each of result.attempts
        std::vector<std::string> segments; // the encoded segments of each of result.attempts
    };
    // Attributes and encodes. Pure; safe from any thread; attemptIds as for write().
    static Computed compute(int64_t jobId, const JobInput& input, const std::vector<int64_t>& attemptIds);
    // Replaces (Rows::Replace) or writes (Rows::New) the job's derived rows. Error: computed.error, or
    // the database's.
    Result<Notes> store(const Computed& computed, Rows rows);

private:
    DerivedUpdater() = default; // the statements, prepared by create(), hold the connection
    Statement m_job, m_attempts, m_runs, m_phases, m_checkpoints, m_deleteAttemptDerived, m_deleteAttemptPhases,
        m_insertAttempt, m_insertPhases, m_insertJob;
};

} // namespace ett::core
