// The pure half of an import: turns reader records into the rows the store keeps, without SQLite.
// It checks records against what the file and the store said before (spec 3: a job or attempt
// seen again must agree, attempts of a job must not overlap, a phase must touch its attempt),
// clips phases to their attempt, numbers phase rows and groups them into runs, and counts the
// non-fatal problems as typed issues. Errors name file, line and field. Not thread-safe; one per
// import. The SQL side is core/store/import_writer.h, the pipeline core/store/importer.cpp.
#pragma once

#include "core/ingest/record_source.h"
#include "core/model/accounting.h"
#include "core/model/records.h"
#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ett::core {

// One attempt as the import knows it: its row id, its record as first declared (window widened
// for profiler traces) and where it was declared.
struct AttemptState
{
    int64_t id = 0;
    AttemptRecord record; // as declared (job field unused)
    std::string origin; // "line 12" or "file a.ett.jsonl"
};

// One job as the import knows it, from this file and the store.
struct JobState
{
    int64_t id = 0; // 0 until the job has a row
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

// A phase clipped to its attempt: [startNs, endNs).
struct ClippedPhase
{
    int64_t startNs = 0;
    int64_t endNs = 0;
};

// Consecutive phase rows of one attempt: one phase_runs row.
struct PhaseRun
{
    int64_t attemptId = 0;
    int64_t firstId = 0;
    int64_t lastId = 0;
};

// Numbers the phase rows of a file from firstId on, in insertion order, and groups consecutive
// rows of one attempt into runs.
class PhaseNumbering
{
public:
    void start(int64_t firstId);
    // The id of the next phase row, of attempt attemptId. When it begins a new run, `closed`
    // receives the run it ends (if any).
    int64_t next(int64_t attemptId, std::optional<PhaseRun>& closed);
    // Ends the open run and returns it (nullopt when none is open).
    std::optional<PhaseRun> close();
    int64_t firstId() const { return m_firstId; }
    // One past the last id given (firstId() when none was).
    int64_t nextId() const { return m_nextId; }

private:
    int64_t m_firstId = 0;
    int64_t m_nextId = 0;
    int64_t m_runAttempt = -1;
    int64_t m_runFirst = 0;
    int64_t m_runLast = -1;
};

class RecordNormalizer
{
public:
    // path and label name the file and the label in error messages.
    RecordNormalizer(std::string path, std::string label);

    // "path:line: ", the start of every error about a record.
    std::string at(int64_t line) const { return m_path + ":" + std::to_string(line) + ": "; }

    // Times the accounting can hold: every instant of a record in [1900-01-01, 2100-01-01) UTC, so
    // that the difference of any two instants, and the sums of a job's parts, fit in 64 bits (an
    // attempt from -9e9 s to 9e9 s has ends that fit and a length that does not). Texts within the
    // byte limits of record_normalizer.cpp (a 500 MB line must not become a 500 MB job id). Error naming the
    // record's field, its value (or its size) and the limit.
    Status checkLimits(const JobRecord& r, int64_t line) const;
    Status checkLimits(const AttemptRecord& r, int64_t line) const;
    Status checkLimits(const PhaseRecord& r, int64_t line) const;
    Status checkLimits(const CheckpointRecord& r, int64_t line) const;
    Status checkLimits(const RankRecord& r, int64_t line) const;

    // Spec 3: a job record seen again under the same label must agree with the first (job is
    // declared). Error naming the first difference.
    Status checkJobAgrees(const JobState& job, const JobRecord& r, int64_t line) const;
    // Spec 3: an attempt number seen again must be the same attempt (profiler windows may
    // differ: they are widened instead). Error naming the first differing field.
    Status checkSameAttempt(const AttemptState& first, const AttemptRecord& r, int64_t line) const;
    // Spec 3: attempts of one job must not overlap; r against job.busy. Error naming the other.
    Status checkNoOverlap(const JobState& job, const AttemptRecord& r, int64_t line) const;
    // Widens a's window (from a profiler trace) to also cover r's, keeping job.busy in step.
    // Returns true when the window changed; Error (nothing changed) when it would overlap.
    Result<bool> widenAttempt(JobState& job, AttemptState& a, const AttemptRecord& r, int64_t line) const;
    // Ranks of one run overlap in time; a profiler trace r more than a day from a's window is most
    // likely another run that a folder gave the same job: counted (IssueKind::TraceFilesApart), as
    // the window then spans the time between; or, with refuseFilesApart(), an Error (option "job")
    // whose message holds kAnotherRunApart (core/store/importer.h), for the caller to import the file as a job of its
    // own.
    Status noteTraceFilesApart(const AttemptState& a, const AttemptRecord& r, int64_t line);
    void refuseFilesApart() { m_refuseApart = true; }
    // Records a's window in job.busy (when not empty).
    static void occupy(JobState& job, const AttemptRecord& a);
    // Files of one attempt read from traces (windowFromTrace on both: the ranks' files of a run)
    // may see different ends: one rank crashed, another hung or did not see it. The attempt takes
    // the most telling: an interrupted outcome (failed, preempted) with a symptom (an explicit
    // error) over one without (a log that stops) over running over cancelled over completed; of
    // two alike, the earlier interrupted_at (ties: the first); with its cause, symptom and detail.
    // Returns true when `first` changed. Pure.
    static bool mergeTraceOutcome(AttemptRecord& first, const AttemptRecord& r);

    // Spec 3: a phase sticking out of its attempt is clipped (counted as phase_clipped); one
    // entirely outside is an Error.
    Result<ClippedPhase> clipPhase(const PhaseRecord& r, const AttemptRecord& a, int64_t line);
    // The Error for a phase or checkpoint record ("phase", "checkpoint") of an attempt declared
    // neither in the file nor earlier under the label.
    Error undeclaredAttempt(const char* record, const std::string& job, int32_t attempt, int64_t line) const;

    // The durable time stored for a checkpoint: none when failed, else durable (start if absent).
    static std::optional<int64_t> durableOf(const CheckpointRecord& r);
    // The accounting input of an attempt record, without phases (gpus filled by finishBuffer).
    static AttemptInput attemptInput(const AttemptRecord& r);
    // Applies the job's declaration to its buffered accounting input: job gpus (1 if absent),
    // submission time, and each attempt's gpus (the job's when the attempt gives none).
    static void finishBuffer(JobState& job);

    // Counts the warnings of a job's derived figures (submitted_after_start, job_without_attempts).
    void noteDerived(bool submittedAfterStart, bool withoutAttempts, const std::string& jobKey);
    // Counts a job referenced but never declared (implicit_job).
    void noteImplicitJob(const std::string& key);

    IssueCounter& issues() { return m_issues; }
    const IssueCounter& issues() const { return m_issues; }

private:
    std::string m_path;
    std::string m_label;
    IssueCounter m_issues;
    bool m_refuseApart = false;
};

} // namespace ett::core
