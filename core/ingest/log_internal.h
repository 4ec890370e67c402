// Private to the console-log reader (log_*.cpp): the types its stages share and the stages
// themselves. log_reader.cpp describes the format and runs the stages in order:
//   rules   (log_rules.cpp)       the mapping's settings compiled once per file
//   lines   (log_lines.cpp)       each line cleaned, its rank and time fields read
//   times   (log_times.cpp)       years and zones settled, one time per timed line
//   markers (log_markers.cpp)     which phases the matched lines open and close, checkpoints
//   fault   (log_fault_cause.cpp) tracebacks, the outcome, the cause and when it struck
//   identity(log_identity.cpp)    run name, job key, attempt number, GPUs and job attributes
#pragma once

#include "core/ingest/formats.h"
#include "core/ingest/mapping.h"
#include "core/ingest/record_source.h"
#include "core/ingest/regex.h"
#include "core/ingest/text_arena.h"
#include "core/model/records.h"
#include "core/model/result.h"
#include "core/model/timeutil.h"

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ett::core::logs {

constexpr size_t kMaxNameChars = 120;
constexpr size_t kMaxDetailChars = 300;
constexpr size_t kMaxUnmappedChars = 80;

// ---- Rules ----------------------------------------------------------------------------------

// The fields a line format's groups can name.
enum class Field : uint8_t {
    Year,
    Month,
    MonthName,
    Day,
    Hour,
    Minute,
    Second,
    Fraction,
    Zone,
    Level,
    Logger,
    Message
};
constexpr std::array<std::string_view, 12> kFieldNames = { "year", "month", "month_name", "day", "hour", "minute",
    "second", "fraction", "zone", "level", "logger", "message" };

// A compiled regex (RE2: linear time, core/ingest/regex.h). One anchored at its start ("^..."
// without a top-level "|") is only tried at the start of the text.
struct Pattern
{
    Regex re;
    bool anchored = false;
};

// Whether the pattern occurs in the text (at its start when anchored).
inline bool search(const Pattern& p, std::string_view text)
{
    return p.anchored ? p.re.matchPrefix(text) : p.re.search(text);
}

// As search(), false for an absent pattern.
inline bool search(const std::optional<Pattern>& p, std::string_view text)
{
    return p && search(*p, text);
}

// As search(), with the groups in `m` (which points into `text`).
inline bool search(const Pattern& p, std::string_view text, RegexMatch& m)
{
    return p.anchored ? p.re.matchPrefix(text, m) : p.re.search(text, m);
}

struct LineFormat
{
    Pattern re;
    std::vector<std::optional<Field>> fields; // per regex group (1-based group = index + 1)
};

// The reader's settings, read from the mapping once per file.
struct LogRules
{
    std::vector<LineFormat> formats;
    std::optional<Pattern> rankPrefix;
    std::optional<Mapping::Match> initialPhase;
    std::optional<Pattern> step;
    std::optional<Pattern> completed;
    Outcome unfinished = Outcome::Failed;
    std::optional<Pattern> wrapper;
    std::optional<Pattern> rootCause;
    std::optional<Pattern> rootCauseEnd;
    std::optional<LineFormat> rootCauseTime;
    std::optional<Pattern> checkpointDone;
    std::vector<Pattern> gpusFrom;
    std::optional<int64_t> gpus;
    std::vector<std::pair<std::string, Pattern>> jobAttrs; // sorted by key
    std::optional<Pattern> genericFileName;
    std::optional<Pattern> jobFromName;
    std::optional<Pattern> attemptFromName;
    std::optional<Pattern> retryFromName;
    // Group 1: how many milliseconds a hung collective ran before the watchdog timed it out.
    std::optional<Pattern> hangDurationMs;
};

// Compiles the mapping's settings. Error names the rules file and the setting
// ("rules.json: settings.line_formats[1]: ...").
Result<LogRules> readRules(const Mapping& mapping);

// ---- Lines ----------------------------------------------------------------------------------

// A time as written, before the year and zone are settled (fields in the ranges readLogLine
// checks: narrow, as every line of a log keeps one).
struct RawTime
{
    std::optional<int64_t> zoneOffsetNs;
    int32_t fractionNs = 0;
    std::optional<int16_t> year; // 1 to 9999
    uint8_t month = 1;
    uint8_t day = 1;
    uint8_t hour = 0;
    uint8_t minute = 0;
    uint8_t second = 0;
};

// One line of a log. Its texts are views into the text its LogLines keeps.
struct LogLine
{
    int64_t no = 0; // 1-based line number
    int64_t ns = 0; // set by resolveTimes() for timed lines
    std::string_view body; // after ANSI and rank prefixes
    std::string_view level; // normalized (INFO, WARNING, ...)
    std::string_view message; // a part of body
    int32_t rank = -1; // -1: the whole attempt
    bool timed = false;
    RawTime raw;
};

// The lines of a log, in order, and their text. The reader keeps every line (its analysis looks at
// them more than once), so they are compact: about 100 bytes a line beside its text, the text in
// large blocks, a line's message a view into its body; a deque, so that growing never holds two
// copies of the lines.
class LogLines
{
public:
    size_t size() const { return m_lines.size(); }
    const LogLine& operator[](size_t i) const { return m_lines[i]; }
    LogLine& operator[](size_t i) { return m_lines[i]; }
    auto begin() const { return m_lines.begin(); }
    auto end() const { return m_lines.end(); }
    auto begin() { return m_lines.begin(); }
    auto end() { return m_lines.end(); }
    const LogLine& back() const { return m_lines.back(); }
    void push_back(const LogLine& line) { m_lines.push_back(line); }
    // A copy of `text` that lives as long as the lines.
    std::string_view keep(std::string_view text) { return m_text.keep(text); }

private:
    std::deque<LogLine> m_lines;
    TextArena m_text;
};

// Reads one line (steps 1-3 of log_reader.cpp) and appends it to `lines`. Error (a time field out
// of range) names path:no and the field.
Status readLogLine(std::string_view text, int64_t no, const LogRules& rules, const ReaderOptions& options,
    const std::string& path, LogLines& lines);

// Without spaces (blank, tab, CR, LF, FF, VT) at either end.
std::string_view trim(std::string_view s);
// The number of blanks and tabs the text starts with.
size_t indentOf(std::string_view s);
// A whole decimal integer (sign allowed), or nullopt.
std::optional<int64_t> parseInt(std::string_view s);
// Text fit for names, details and issue examples: valid UTF-8 (other bytes become '?'), control
// characters as spaces, at most maxChars bytes (cut on a character boundary, marked "...").
std::string cleanText(std::string_view s, size_t maxChars);
// The name an unmapped message is counted under: digit runs as "#", at most kMaxUnmappedChars.
std::string unmappedName(std::string_view message);

// ---- Times ----------------------------------------------------------------------------------

// Nanoseconds since the epoch of a written time in a year; nullopt when the day does not exist in
// that year (Feb 29) or the year is out of range.
std::optional<int64_t> toNs(const RawTime& t, int64_t year, int64_t zoneNs);
// Among the years around the reference's, the one that puts a yearless time closest to it.
std::optional<int64_t> closestToNs(const RawTime& t, int64_t referenceNs, int64_t zoneNs);
// Sets `ns` of every timed line (step 4 of log_reader.cpp), counting assumed_year and
// assumed_timezone. Error: a yearless log without --year, a day that does not exist, or a --year
// that contradicts the log's own dates.
Status resolveTimes(
    LogLines& lines, const ReaderOptions& options, int64_t zoneNs, const std::string& path, IssueCounter& issues);

// ---- Markers and phases ---------------------------------------------------------------------

struct Marker
{
    int64_t ns = 0;
    size_t index = 0; // into the lines
    Mapping::Match match;
    std::optional<int64_t> step;
};
// A deque: a log whose every line is a marker must not hold two copies of them while they grow.
using MarkerList = std::deque<Marker>;

// What the timed lines say: phase markers per rank (file order), the completion line, the
// unmapped messages.
struct MarkerScan
{
    std::map<int32_t, MarkerList> markers;
    std::optional<size_t> completedAt; // the last line matching settings.completed_regex
    std::optional<size_t> firstStepAt; // the first marker with a step number
    UnmappedNames unmapped;
};

// One pass over the timed lines; counts time_out_of_order.
MarkerScan scanMarkers(const LogLines& lines, const LogRules& rules, const Mapping& mapping, IssueCounter& issues);

// The attempt's window and who it is, as the phases need them.
struct AttemptFrame
{
    std::string job;
    int32_t attempt = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t firstTimedNo = 0;
    Outcome outcome = Outcome::Failed;
};

template <typename Rec> using Numbered = std::vector<std::pair<Rec, int64_t>>; // record, line

// Phases from the markers (per rank, in time order, runs of one phase merged; sorts the markers)
// and checkpoints from the saves of the lowest rank that saves. Counts no_phase_marker and
// checkpoint_without_end.
void buildPhases(std::map<int32_t, MarkerList>& markers, const LogLines& lines, const LogRules& rules,
    const ReaderOptions& options, const AttemptFrame& frame, IssueCounter& issues, Numbered<PhaseRecord>& phases,
    Numbered<CheckpointRecord>& checkpoints);

// ---- Fault cause ----------------------------------------------------------------------------

struct ExceptionLine
{
    size_t index = 0;
    bool inRootCause = false;
    bool wrapper = false;
};

// What the untimed lines say: Python tracebacks (per rank) and torchelastic's failure summary.
struct TracebackScan
{
    std::vector<size_t> headers; // lines opening a traceback
    std::vector<ExceptionLine> exceptions;
    std::optional<int64_t> rootCauseNs;
};

// One pass over the lines; counts untimed_line, traceback_without_exception and
// bad_root_cause_time. endNs places a yearless summary time.
TracebackScan scanTracebacks(
    const LogLines& lines, const LogRules& rules, int64_t zoneNs, int64_t endNs, IssueCounter& issues);

// Sets the attempt's outcome and, for a failure, its cause, symptom, detail and interrupted_at
// (startNs, endNs and detail = the run name must be set). Counts nonfatal_traceback,
// no_outcome_line and unmapped_fault.
void classifyOutcome(const LogLines& lines, const MarkerScan& markers, const TracebackScan& tracebacks,
    const LogRules& rules, const Mapping& mapping, const std::string& run, AttemptRecord& attempt,
    IssueCounter& issues);

// ---- Identity -------------------------------------------------------------------------------

// The run name: the file name without extensions, or its folder's name when the file name matches
// settings.generic_file_name.
std::string runName(const std::string& path, const LogRules& rules);
// options.job, else group 1 of settings.job_from_name on the run name, else the run name.
std::string jobKey(const std::string& run, const ReaderOptions& options, const LogRules& rules);
// options.attempt, else from settings.attempt_from_name or retry_from_name, else 0.
int32_t attemptNumber(const std::string& run, const ReaderOptions& options, const LogRules& rules);
// The job record: GPUs and attributes from the lines up to and including lastSetupLine (the first
// step line: set-up output), source "log".
JobRecord jobRecord(const std::string& job, const LogLines& lines, size_t lastSetupLine, const LogRules& rules);

} // namespace ett::core::logs
