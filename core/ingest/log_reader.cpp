// Reader of console logs by rules: a training job's console output (torchrun + torchtitan and
// alike) becomes one attempt of a job with phases, an outcome, a fault cause and
// checkpoints. One file is one attempt; the lines of all ranks of a node may be interleaved.
// The lines are read once, one at a time (log_internal.h): memory grows with the phases, not with
// the log's text (a rank's markers are folded into runs of one phase as they age; a log with a line
// out of time order by thousands of markers of its rank is read a second time, keeping them all).
//
// How a line is read (in this order):
//   1. ANSI escape sequences are removed; of a line with carriage returns, the text after the
//      last one is kept (what a terminal shows).
//   2. Prefixes matching settings.rank_prefix ("[rank3]:") are stripped, repeatedly; group 1 of
//      the first is the line's rank. Lines without one belong to the whole attempt (rank -1).
//      options.rank puts every line on that rank.
//   3. The first of settings.line_formats whose regex matches gives the line's time, level and
//      message: each entry is {"regex": ..., "fields": [...]} naming the regex's groups in order
//      (year, month, month_name, day, hour, minute, second, fraction, zone, level, logger,
//      message; "" skips a group). month..second are required. One-letter levels (glog I/W/E/F,
//      D) are read as INFO, WARNING, ERROR, FATAL, DEBUG. Lines no format reads are "untimed":
//      counted (issue untimed_line), used for tracebacks, GPUs and attributes, never for time.
//   4. Times without a zone are local times of options.timezone ("UTC" or "+02:00"); while that
//      is UTC it is an assumption, warned once (issue assumed_timezone). Times without a year take
//      options.year for the first of them; without --year, the year of the first full date in the
//      log (issue assumed_year); with neither it is an error (the current year would be wrong).
//      Later yearless times take the year that puts them closest to the line before (a log may
//      cross New Year).
//
// Phases (the mapping's phase rules): a timed line whose message a phase rule maps (the rule's
// "source" is the level) is a MARKER: its phase runs from that line until the next marker of the
// same rank with another phase, the last one until the attempt's end. A line that ends a phase
// is written as a rule for the phase that resumes ("Finished saving the checkpoint" -> train).
// Markers of a rank are taken in time order (lines out of order are counted: time_out_of_order).
// settings.initial_phase covers [attempt start, first marker of any rank) on the whole attempt.
// Timed lines that no rule maps are counted as unmapped names (digits shown as #) with the time
// until the next timed line of their rank; "ignore" rules drop lines on purpose.
//
// Attempt window: [first timestamp, last timestamp] of the file. Outcome: "completed" when a
// message matches settings.completed_regex after the last Python traceback ("Traceback (most
// recent call last):"); "failed" when a traceback comes after it, or there is none; with neither
// a traceback nor a completion line, settings.unfinished_outcome ("failed" by default, or
// "running"), counted as no_outcome_line. Tracebacks before a completion line are counted
// (nonfatal_traceback).
//
// Cause of a failure: the exception line of a traceback is its first line indented no deeper than
// the "Traceback" line that is not a "File" frame. The root exception is the first one inside the
// section of settings.root_cause_regex .. root_cause_end_regex (torchelastic's "Root Cause (first
// observed failure)"), else the first one in the file that does not match
// settings.wrapper_exception (ChildFailedError only wraps the ranks' errors), else the wrapper.
// The fault rules are applied to it; when none matches, to every line in file order (signals,
// watchdog errors, argument errors printed without a traceback). No rule: cause "unknown" and the
// issue unmapped_fault (the exception type). The attempt's detail is the run name and the line
// that gave the cause. interrupted_at: the Root Cause section's time (settings.root_cause_time,
// a line format) or the cause line's own time, the earlier of the two; else the first timestamp
// after the fatal traceback; else the attempt end. For a cause with symptom "hang" it is when the
// hung collective began: the time of the first line matching settings.hang_duration_ms_regex minus
// its group 1 in milliseconds (NCCL's watchdog: "ran for 300051 milliseconds before timing out"),
// else the last step line before the fault (the job stopped progressing there). Clamped to the
// attempt window.
//
// Job and attempt: options.job / options.attempt when given. Else from the run name: the file
// name without extensions, or the name of its folder when the file name matches
// settings.generic_file_name ("run.log" in a folder per run). job = group 1 of
// settings.job_from_name when it matches (else the run name). attempt = group 1 of
// settings.attempt_from_name (a run number: unique and in time order, also for repeats of a
// configuration that no marker names), else from settings.retry_from_name: no match 0, a marker
// without a number 1, "-retry2" 2. Attempts of one job must not overlap in time (importer).
//
// GPUs: the product of the groups of the first regex of settings.gpus_from that matches a line
// (e.g. pp x dp_replicate x dp_shard x cp x tp), else settings.gpus. Job attributes: "source" =
// "log" and, per key of settings.job_attrs, the first non-empty group of its regex at its first
// matching line (the same for every attempt of a configuration, as the importer requires). Both
// are searched in the lines before the first step line (set-up output; bounds the cost).
// Steps: group 1 of settings.step_regex on the message of marker lines.
//
// Checkpoints: a checkpoint_save phase that ends at a marker matching
// settings.checkpoint_done_regex gives a checkpoint record: step = the last step number
// (settings.step_regex) of that rank before the save, start = the save line, durable = the done
// line (with asynchronous checkpointing that is when staging finished, not the upload). A save
#include "core/ingest/foreign_reader.h"
#include "core/ingest/log_internal.h"
#include "core/ingest/log_runs.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

namespace {

using namespace logs;

// The most text of lines that wait for the year of their times (a log whose first times have no
// year waits for its first full date; with --year nothing waits). The lines go by one at a time
// otherwise: what the reader keeps is its markers (kMaxMarkers) and a few lines per traceback.
constexpr size_t kMaxWaitingBytes = size_t { 64 } << 20;
// The most phase markers and runs one log may hold (32 to 90 bytes each): 16 M phases, or, read
// without folding, a marker per step for 16 M steps.
constexpr size_t kMaxMarkers = size_t { 1 } << 24;

class LogReader final : public ForeignReader
{
public:
    LogReader(
        std::unique_ptr<ByteSource> source, ReaderOptions options, Mapping mapping, LogRules rules, int64_t zoneNs)
        : ForeignReader(std::move(source), "log")
        , m_options(std::move(options))
        , m_mapping(std::move(mapping))
        , m_rules(std::move(rules))
        , m_zoneNs(zoneNs)
    {
    }

    // Reads the whole log and says who its run is (log_runs.h).
    Result<LogRun> identify()
    {
        if (auto st = build(); !st) {
            return st.error();
        }
        return m_run;
    }

protected:
    Status build() override;

private:
    // What the lines said, read once.
    struct Scans
    {
        AttemptFrame frame;
        MarkerScan markers;
        OutcomeScan outcome;
        JobRecord job;
    };
    // Every line once. With `fold`, scans.markers.foldedTooSoon may say that it must be done again
    // without (and the scan then stops there).
    Status scan(Scans& scans, bool fold);
    // False when the markers were folded too far (classifyOutcome); nothing is added then.
    bool analyze(Scans& scans);

    ReaderOptions m_options;
    Mapping m_mapping;
    LogRules m_rules;
    int64_t m_zoneNs = 0;
    LogRun m_run;
};

Status LogReader::build()
{
    {
        Scans scans;
        if (auto st = scan(scans, true); !st) {
            return st;
        }
        if (!scans.markers.foldedTooSoon && analyze(scans)) {
            return Status::success();
        }
    }
    // A line far out of time order, or a hang that struck inside a folded run: read the log again,
    // keeping every marker (what it counted is counted again).
    m_issues = IssueCounter();
    if (auto st = source().rewind(); !st) {
        return st;
    }
    Scans scans;
    if (auto st = scan(scans, false); !st) {
        return st;
    }
    [[maybe_unused]] const bool complete = analyze(scans);
    return Status::success();
}

Status LogReader::scan(Scans& scans, bool fold)
{
    // 1. Every line once, in order: cleaned, its rank and time read, its time settled (lines whose
    //    year is not known yet wait), then what it says taken by each scan.
    TextInput in(source(), "a console log");
    LogLines pending;
    TimeSettler times(m_options, m_zoneNs, path(), m_issues);
    MarkerScanner markers(m_rules, m_mapping, m_issues, fold);
    OutcomeScanner outcome(m_rules, m_mapping, m_zoneNs, m_issues);
    JobScanner job(m_rules);
    AttemptFrame& frame = scans.frame;
    frame.startNs = std::numeric_limits<int64_t>::max();
    frame.endNs = std::numeric_limits<int64_t>::min();
    int64_t lineCount = 0;
    bool anyTimed = false;
    for (;;) {
        auto line = in.nextLine();
        if (!line) {
            return line.error();
        }
        if (!*line) {
            break;
        }
        ++lineCount;
        if (auto st = readLogLine(**line, in.line(), m_rules, m_options, path(), pending); !st) {
            return st;
        }
        anyTimed = anyTimed || pending.back().timed;
        auto settled = times.take(pending);
        if (!settled) {
            return settled.error();
        }
        if (!*settled) {
            if (pending.textBytes() > kMaxWaitingBytes) {
                return Error { path() + ":" + std::to_string(times.waitingSince())
                        + ": log line: field 'year': the time has no year and none of the "
                        + std::to_string(pending.size()) + " lines after it (over "
                        + std::to_string(kMaxWaitingBytes >> 20)
                        + " MiB) has a full date; give the year with --year (ReaderOptions::year)",
                    "year" };
            }
            continue;
        }
        for (const LogLine& l : pending) {
            if (l.timed) {
                frame.startNs = std::min(frame.startNs, l.ns);
                frame.endNs = std::max(frame.endNs, l.ns);
                frame.firstTimedNo = frame.firstTimedNo ? frame.firstTimedNo : l.no;
            }
            job.line(l, markers.line(l));
            outcome.line(l);
        }
        pending.clear();
        if (markers.foldedTooSoon()) {
            scans.markers.foldedTooSoon = true;
            return Status::success();
        }
        if (markers.count() > kMaxMarkers) {
            return Error { path() + ":" + std::to_string(in.line()) + ": the log has more than "
                + std::to_string(kMaxMarkers)
                + (fold ? " phases (runs of lines that open one phase)" : " lines that open a phase (steps, saves)")
                + ": one console log is one attempt; split it per attempt "
                  "(or per rank)" };
        }
    }
    if (!anyTimed) {
        return Error { path() + ": none of the " + std::to_string(lineCount) + " lines has a timestamp that the rules ("
                + m_mapping.origin()
                + ", settings.line_formats) can read: this is not a log of that kind; give the format with --format or "
                  "rules that fit with --mapping",
            "format" };
    }
    if (auto st = times.finish(); !st) {
        return st;
    }
    // 2. Markers, tracebacks, outcome, cause, records.
    scans.markers = markers.finish();
    scans.outcome = outcome.finish(frame.endNs);
    scans.job = job.finish();
    return Status::success();
}

bool LogReader::analyze(Scans& scans)
{
    AttemptFrame& frame = scans.frame;
    // 1. Outcome and cause.
    const std::string run = runName(path(), m_rules);
    AttemptRecord attempt;
    attempt.startNs = frame.startNs;
    attempt.endNs = frame.endNs;
    attempt.detail = cleanText(run, kMaxDetailChars);
    if (!classifyOutcome(scans.outcome, scans.markers, m_rules, m_mapping, run, attempt, m_issues)) {
        return false;
    }

    // 2. Identity: job, attempt, GPUs and attributes from the set-up lines (up to the first step).
    frame.job = jobKey(run, m_options, m_rules);
    frame.attempt = attemptNumber(run, m_options, m_rules);
    frame.outcome = attempt.outcome;
    attempt.job = frame.job;
    attempt.attempt = frame.attempt;
    m_run = LogRun { run, frame.job, frame.attempt, frame.startNs, attempt.outcome };
    JobRecord job = std::move(scans.job);
    job.job = frame.job;
    job.name = m_options.jobName;
    add(job, frame.firstTimedNo);
    add(attempt, frame.firstTimedNo);

    // 3. Phases and checkpoints.
    Numbered<PhaseRecord> phases;
    Numbered<CheckpointRecord> checkpoints;
    buildPhases(scans.markers, m_rules, m_options, frame, m_issues, phases, checkpoints);
    for (const auto& [p, line] : phases) {
        add(p, line);
    }
    for (const auto& [c, line] : checkpoints) {
        add(c, line);
    }
    scans.markers.unmapped.report(m_issues);
    return true;
}

} // namespace

namespace {

// The rules of the options (--mapping, else the preset) and the mapping they come from.
struct MappedRules
{
    Mapping mapping;
    LogRules rules;
};

Result<MappedRules> readMappedRules(const ReaderOptions& options)
{
    auto mapping = readerMapping(options, "log-torchtitan", "log");
    if (!mapping) {
        return mapping.error();
    }
    auto rules = logs::readRules(*mapping);
    if (!rules) {
        return rules.error();
    }
    return MappedRules { std::move(*mapping), std::move(*rules) };
}

Result<MappedRules> rulesOf(const ReaderOptions& options)
{
    if (!options.mappingPath.empty()) {
        return readMappedRules(options); // a rules file: read as it is now
    }
    // The preset's, compiled once per process (a copy shares the compiled patterns).
    static std::mutex guard;
    static std::optional<MappedRules> preset;
    const std::lock_guard lock(guard);
    if (!preset) {
        auto read = readMappedRules(options);
        if (!read) {
            return read.error();
        }
        preset = std::move(*read);
    }
    return *preset;
}

Result<std::unique_ptr<LogReader>> makeLogReader(const std::string& path, const ReaderOptions& options)
{
    auto mapped = rulesOf(options);
    if (!mapped) {
        return mapped.error();
    }
    const auto zone = parseUtcOffset(options.timezone);
    if (!zone) {
        return Error { path + ": option --timezone: expected \"UTC\" or an offset like \"+02:00\", got \""
                + options.timezone + "\"",
            "timezone" };
    }
    if (options.year && (*options.year < 1900 || *options.year > 2099)) {
        return Error {
            path + ": option --year: expected a year from 1900 to 2099, got " + std::to_string(*options.year), "year"
        };
    }
    auto source = ByteSource::open(path);
    if (!source) {
        return source.error();
    }
    return std::make_unique<LogReader>(
        std::move(*source), options, std::move(mapped->mapping), std::move(mapped->rules), *zone);
}

} // namespace

Result<std::unique_ptr<RecordSource>> openLogReader(const std::string& path, const ReaderOptions& options)
{
    auto reader = makeLogReader(path, options);
    if (!reader) {
        return reader.error();
    }
    return std::unique_ptr<RecordSource>(std::move(*reader));
}

Result<LogRun> logRunByName(const std::string& path, const ReaderOptions& options)
{
    auto mapped = rulesOf(options);
    if (!mapped) {
        return mapped.error();
    }
    const LogRules& rules = mapped->rules;
    const std::string run = logs::runName(path, rules);
    return LogRun { run, logs::jobKey(run, options, rules), logs::attemptNumber(run, options, rules), 0,
        Outcome::Completed };
}

Result<LogRun> identifyLogRun(const std::string& path, const ReaderOptions& options)
{
    auto reader = makeLogReader(path, options);
    if (!reader) {
        return reader.error();
    }
    return (*reader)->identify();
}

} // namespace ett::core
