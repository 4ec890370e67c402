// The derived tables: reading a job's accounting input back from the store, attributing it with
// the reference accounting and writing the results (attempt_derived, attempt_phases, job_derived).
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"
#include "core/store/database.h"

#include <cstdint>
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
    // attemptIds are the attempt row ids in the order of input.attempts.
    Result<Notes> write(int64_t jobId, const JobInput& input, const std::vector<int64_t>& attemptIds);

    // Loads a job's accounting input; attemptIds receives the attempt row ids in the order of
    // job.attempts. Used by update() and by the timeline views.
    Result<JobInput> loadInput(int64_t jobId, std::vector<int64_t>& attemptIds);

private:
    DerivedUpdater() = default; // the statements, prepared by create(), hold the connection
    Statement m_job, m_attempts, m_runs, m_phases, m_checkpoints, m_deleteAttemptDerived, m_deleteAttemptPhases,
        m_insertAttempt, m_insertPhases, m_insertJob;
};

} // namespace ett::core
