// The closed vocabulary of import issues: non-fatal data problems that a reader or the importer
// counts instead of failing (see IssueCounter). One table gives each kind its stable name (stored
// in import_issues.kind and printed by `ettw issues`), its severity and a line a user reads.
// IssueCounter::add takes an IssueKind, so a kind that is not in the table cannot be written.
//
// Names are a stored interface: add kinds freely, never rename or reuse one. A database written
// by an older version may hold names that are no longer here; issueKindInfo(name) answers nullptr
// for those and callers show them without severity or description.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace ett::core {

// How much an issue can change what the user sees.
enum class IssueSeverity : uint8_t {
    Info, // noted for completeness; the figures are as the input says
    Warning, // an assumption or a repair was made; figures may differ from the truth
    DataLoss, // part of the input was dropped or cut
};

// The table: F(enumerator, "stable_name", severity, "description").
#define ETT_ISSUE_KINDS(F)                                                                                             \
    /* Native trace (ett-trace JSON Lines). */                                                                         \
    F(NoHeader, "no_header", Info, "The file has no header record; the defaults apply (time unit microseconds).")      \
    F(UnknownRecordType, "unknown_record_type", Info,                                                                  \
        "Records of a type this version does not know were skipped (a newer format version may define them).")         \
    F(UnknownField, "unknown_field", Info, "Fields this version does not know were ignored.")                          \
    F(JobGpusMissing, "job_gpus_missing", Warning, "The job does not say how many GPUs it used; 1 GPU is assumed.")    \
    /* Importer: rules across records. */                                                                              \
    F(PhaseClipped, "phase_clipped", DataLoss, "Phases reaching outside their attempt were cut to the attempt.")       \
    F(SubmittedAfterStart, "submitted_after_start", Warning,                                                           \
        "The job's submission time is after its first attempt started; queue time is taken as 0.")                     \
    F(JobWithoutAttempts, "job_without_attempts", Warning, "A declared job has no attempt records.")                   \
    F(ImplicitJob, "implicit_job", Warning, "Records name a job that is never declared; 1 GPU is assumed.")            \
    F(NoPhaseRecognised, "no_phase_recognised", Warning,                                                               \
        "No phase was recognised in the file: its attempts hold no phase, so their time counts as idle (see the "      \
        "format's mapping: ettw mappings).")                                                                           \
    F(ReadWithOtherOptions, "read_with_other_options", Warning,                                                        \
        "The file replaced its earlier import, which was read with other reader options (ettw datasets shows "         \
        "them): its records are now those of the options given. Import it again with the earlier ones to go back.")    \
    F(TraceFilesApart, "trace_files_apart", Warning,                                                                   \
        "Trace files of one attempt (its ranks' files) lie more than a day apart: they may be separate runs given "    \
        "one job (by their folder), and the attempt's window spans the time between; import each run's own folder "    \
        "or give it its own --job.")                                                                                   \
    /* Every reader that maps names by rules. */                                                                       \
    F(UnmappedName, "unmapped_name", Warning,                                                                          \
        "Names that no mapping rule maps; their time is not in any phase (it counts as idle).")                        \
    F(RelativeTimes, "relative_times", Info,                                                                           \
        "The input's times are relative, not dates: durations are right, the dates shown are nominal.")                \
    /* Chrome trace. */                                                                                                \
    F(UnterminatedArray, "unterminated_array", Warning,                                                                \
        "The event array has no closing ']' (the trace may have been cut off); it was closed at the end.")             \
    F(UnknownEventType, "unknown_event_type", Info,                                                                    \
        "Events of a type the Chrome trace format does not define were skipped.")                                      \
    F(UnmatchedEnd, "unmatched_end", Warning, "End events without an open begin were skipped.")                        \
    F(UnclosedSlice, "unclosed_slice", Warning, "Slices that begin but never end were closed at the trace's end.")     \
    /* Nsight Systems export. */                                                                                       \
    F(RankAmbiguous, "rank_ambiguous", Warning, "The thread names of a process give several ranks; one was used.")     \
    F(RankGuessed, "rank_guessed", Warning, "No thread name gives a process's rank; ranks were numbered by pid.")      \
    F(UnclosedRange, "unclosed_range", Warning, "NVTX ranges that never end were closed at the end of the capture.")   \
    /* MLPerf log. */                                                                                                  \
    F(IgnoredLine, "ignored_line", Info, "Lines that are not MLLOG lines were ignored.")                               \
    F(MalformedMllog, "malformed_mllog", DataLoss, "MLLOG lines that are not valid JSON objects were skipped.")        \
    F(DuplicateEvent, "duplicate_event", Warning,                                                                      \
        "An event was logged more than once (e.g. by every rank); it was counted once.")                               \
    F(StopWithoutStart, "stop_without_start", DataLoss, "Stop events without an open start were dropped.")             \
    F(StopBeforeStart, "stop_before_start", Warning, "Stop events before their start were taken as zero length.")      \
    F(UnclosedInterval, "unclosed_interval", Warning, "Intervals that start but never stop were closed at the end.")   \
    F(SystemJson, "system_json", Warning, "The system description's GPU count is missing or disagrees.")               \
    F(MissingRunStop, "missing_run_stop", Warning, "The run has no run_stop event; its outcome was inferred.")         \
    F(UnknownRunStatus, "unknown_run_status", Warning,                                                                 \
        "The run_stop status is not one this version knows; taken as failed.")                                         \
    /* Console log by rules. */                                                                                        \
    F(AssumedYear, "assumed_year", Warning, "Times without a year took the year of the log's first full date.")        \
    F(AssumedTimezone, "assumed_timezone", Warning, "Times without a zone were read as UTC.")                          \
    F(UntimedLine, "untimed_line", Info, "Lines without a timestamp were not used for time.")                          \
    F(TimeOutOfOrder, "time_out_of_order", Warning, "A line's time is before an earlier line's of the same rank.")     \
    F(TracebackWithoutException, "traceback_without_exception", Warning,                                               \
        "A Python traceback ends without its exception line.")                                                         \
    F(BadRootCauseTime, "bad_root_cause_time", Warning, "The failure summary's time is not a valid date; not used.")   \
    F(NonfatalTraceback, "nonfatal_traceback", Info,                                                                   \
        "Python tracebacks came before the completion line (training went on).")                                       \
    F(NoOutcomeLine, "no_outcome_line", Warning,                                                                       \
        "Neither a completion line nor a traceback: the outcome is the rules' unfinished_outcome.")                    \
    F(UnmappedFault, "unmapped_fault", Warning, "No fault rule recognizes the failure; its cause is 'unknown'.")       \
    F(NoPhaseMarker, "no_phase_marker", Warning, "No line matched a phase rule: the attempt has no phases.")           \
    F(CheckpointWithoutEnd, "checkpoint_without_end", DataLoss,                                                        \
        "A checkpoint save without its completion line gave no checkpoint record.")                                    \
    /* Span logs (torchtitan structured logs, OneLogger). */                                                           \
    F(MalformedLine, "malformed_line", DataLoss,                                                                       \
        "Lines that are not valid JSON objects (a record cut off when a process died) were skipped.")                  \
    F(HandledError, "handled_error", Info,                                                                             \
        "A span reported an error but its rank went on working: not taken as the attempt's fault.")                    \
    F(TelemetryDataError, "telemetry_data_error", Warning,                                                             \
        "The telemetry library reported its own data as incomplete or invalid.")                                       \
    /* Job table. */                                                                                                   \
    F(ZeroGpus, "zero_gpus", Info, "Rows with 0 GPUs (CPU-only jobs) were skipped: GPU time does not cover them.")     \
    F(QueueUnknown, "queue_unknown", Warning, "The table has no start column: attempts start at submission.")          \
    F(Coarse, "coarse", Warning, "Job-level data without phases: ETT% is an upper bound.")                             \
    /* Slurm accounting. */                                                                                            \
    F(NeverStarted, "never_started", Info,                                                                             \
        "Jobs that never ran (pending, or cancelled before they started) have no attempt and were skipped.")           \
    F(RunningAtCapture, "running_at_capture", Warning,                                                                 \
        "Runs without an end (still running) end at the latest time in the file, taken as the capture time.")          \
    F(EarlierRunsMissing, "earlier_runs_missing", Warning,                                                             \
        "Jobs were restarted more often than the file has runs (captured without --duplicates): attempts and queue "   \
        "time are undercounted.")                                                                                      \
    F(UnknownState, "unknown_state", Warning, "A job state this version does not know; the run is taken as failed.")   \
    F(StepWithoutJob, "step_without_job", Info, "Job steps whose job has no allocation row were skipped.")             \
    /* Restart events (NVRx, TorchElastic). */                                                                         \
    F(UnusedLine, "unused_line", Info, "Lines without an event (other output of the launcher) were ignored.")          \
    F(MalformedEvent, "malformed_event", DataLoss, "Event lines that could not be parsed were skipped.")               \
    F(UnknownEvent, "unknown_event", Info, "Events this version does not know were ignored.")                          \
    F(NodesNumbered, "nodes_numbered", Warning,                                                                        \
        "The launcher's lines do not give each node a rank of its own: the nodes were numbered by name from 0.")       \
    F(FaultTimeUnknown, "fault_time_unknown", Warning,                                                                 \
        "An interrupted attempt's fault time is not in the input: the attempt's end is taken (detect 0).")             \
    F(OutcomeAssumed, "outcome_assumed", Warning,                                                                      \
        "The input does not say how an attempt ended: the outcome was assumed (see the example).")                     \
    F(RunningAttempt, "running_attempt", Info, "An attempt had not ended when the input was written: it is running.")  \
    F(UntimedEvent, "untimed_event", Warning,                                                                          \
        "Events with neither a timestamp nor a dated log prefix could not be placed in time; not used for times.")     \
    F(OtherRun, "other_run", Warning, "Events of another run than the file's first were skipped.")                     \
    F(RdzvEventUnplaced, "rdzv_event_unplaced", Info,                                                                  \
        "Rendezvous events name no attempt: they were counted, not placed (their failures give fault text only).")     \
    /* ml-goodput-measurement log entries. */                                                                          \
    F(NotGoodputEntry, "not_goodput_entry", Info,                                                                      \
        "Log entries without a goodput field (or a checkpoint entry without a job or time) were skipped.")             \
    F(NoJobStart, "no_job_start", Warning,                                                                             \
        "A job has no job_start_time entry: its first attempt starts at its earliest recorded time.")                  \
    F(JobEndIgnored, "job_end_ignored", Warning,                                                                       \
        "A job_end_time before the job's last job_start_time was ignored: the last attempt is taken as running.")      \
    F(InferredInterruption, "inferred_interruption", Warning,                                                          \
        "An attempt ended by a later job_start_time: taken as failed at the start of its last step (the cause is "     \
        "not logged).")                                                                                                \
    F(RepeatedStep, "repeated_step", Warning,                                                                          \
        "A step number came again inside an attempt (a restart without a job_start_time): the attempt was not split "  \
        "and no lost progress was charged.")

// One kind of import issue. Values are not stored (names are) and may change between versions.
enum class IssueKind : uint16_t {
#define ETT_ISSUE_KIND_ENUM(id, name, severity, description) id,
    ETT_ISSUE_KINDS(ETT_ISSUE_KIND_ENUM)
#undef ETT_ISSUE_KIND_ENUM
};

struct IssueKindInfo
{
    IssueKind kind;
    std::string_view name; // stable snake_case, e.g. "unmapped_name"
    IssueSeverity severity;
    std::string_view description; // one sentence for a user
};

// Every kind, in enum order. The table is static: safe from any thread.
std::span<const IssueKindInfo> issueKinds();
// The entry of a kind; every enumerator has one.
const IssueKindInfo& issueKindInfo(IssueKind kind);
// The entry of a stored name, or nullptr for a name this version does not know (one written by an
// older version, or any other text). Exact, case-sensitive match.
const IssueKindInfo* issueKindInfo(std::string_view name);
// The stable name of a kind (what is stored and printed).
inline std::string_view issueKindName(IssueKind kind)
{
    return issueKindInfo(kind).name;
}
// "info", "warning" or "data_loss".
std::string_view issueSeverityName(IssueSeverity severity);

} // namespace ett::core
