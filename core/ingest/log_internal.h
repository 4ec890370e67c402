// Private to the console-log reader (log_*.cpp): the types its stages share and the stages
// themselves. log_reader.cpp describes the format and runs the stages; every line goes through them
// once, in file order, and is then forgotten (a log may be far larger than memory):
//   rules   (log_rules.cpp)       the mapping's settings compiled once per file
//   lines   (log_lines.cpp)       each line cleaned, its rank and time fields read
//   times   (log_times.cpp)       years and zones settled, one time per timed line
//   markers (log_markers.cpp)     which phases the matched lines open and close, checkpoints
//   fault   (log_fault_cause.cpp) tracebacks, the outcome, the cause and when it struck
//   identity(log_identity.cpp)    run name, job key, attempt number, GPUs and job attributes
// What is kept is what the lines said: the phase markers (32 bytes each, the older ones of a rank
// folded into one run per phase), the candidate lines of a cause (a few per log) and counts; the
// analysis after the last line works on those alone.
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
#include <memory>
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

// Lines of a log and their text: the lines read but not yet analysed (those that wait for the year
// of their times, log_times.cpp; else just the latest). Compact: the text in large blocks, a line's
// message a view into its body; a deque, so that growing never holds two copies of the lines.
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
    LogLine& back() { return m_lines.back(); }
    void push_back(const LogLine& line) { m_lines.push_back(line); }
    // A copy of `text` that lives until clear().
    std::string_view keep(std::string_view text) { return m_text.keep(text); }
    // Forgets the lines and their text (a block of text is kept for the next lines).
    void clear();
    // The bytes the lines' text holds.
    size_t textBytes() const { return m_text.reserved(); }

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
// Settles the times of a log's lines as they are read (step 4 of log_reader.cpp): the year of
// yearless times and the zone of zoneless ones, counting assumed_year and assumed_timezone. A
// yearless time is placed after the line before it; the first one takes --year, else the year of the
// first full date in the log, so lines wait (in the caller's LogLines) until that date is read.
class TimeSettler
{
public:
    TimeSettler(const ReaderOptions& options, int64_t zoneNs, const std::string& path, IssueCounter& issues);

    // Takes the line just read (the last of `lines`, whose earlier lines wait); sets `ns` of every
    // timed line it can. True: all of `lines` are settled, in order (the caller analyses and clears
    // them); false: they wait for a full date. Error: a year out of range, a day that does not exist,
    // or a --year that contradicts the log's own dates.
    Result<bool> take(LogLines& lines);
    // At the end of the log. Error: lines still wait (the log's times have no year and none has a
    // full date; give --year).
    Status finish() const;
    // The line of the first yearless time while lines wait for a full date (0 when none wait).
    int64_t waitingSince() const { return m_waiting ? m_firstYearlessNo : 0; }

private:
    Status settle(LogLine& l);
    Status noteFullDate(const LogLine& l);
    // Counts assumed_year once the first yearless time and the first full date are both known.
    void noteAssumedYear();
    // Error when --year put line `no` at `ns` half a year or more from the first full date.
    Status checkYearOption(int64_t no, int64_t ns) const;

    const ReaderOptions& m_options;
    int64_t m_zoneNs = 0;
    const std::string& m_path;
    IssueCounter& m_issues;
    bool m_waiting = false;
    bool m_zoneNoted = false;
    int64_t m_firstYearlessNo = 0;
    std::optional<int64_t> m_prevNs;
    // The first full date: its line, year and time.
    int64_t m_firstFullNo = 0;
    int16_t m_firstFullYear = 0;
    std::optional<int64_t> m_firstFullNs;
    // The first time placed by --year before any full date was read: checked against that date.
    std::optional<std::pair<int64_t, int64_t>> m_byYearOption; // (line, ns)
};

// ---- Markers and phases ---------------------------------------------------------------------

// A timed line a phase rule maps: it opens its phase. Compact (a log may have a marker on most of
// its lines): the match is an index into MarkerScan::matches, the text kept only where a phase
// name or an issue may need it.
struct Marker
{
    int64_t ns = 0;
    int64_t no = 0; // its line
    int64_t step = 0; // when hasStep: group 1 of settings.step_regex
    uint32_t text = 0; // 1 + index into MarkerScan::texts; 0 when not kept (a step line's)
    uint32_t match : 30 = 0; // into MarkerScan::matches (one per phase rule at most)
    uint32_t hasStep : 1 = 0;
    uint32_t done : 1 = 0; // settings.checkpoint_done_regex matches its message
};
static_assert(sizeof(Marker) == 32);
// A deque: a log whose every line is a marker must not hold two copies of them while they grow.
using MarkerList = std::deque<Marker>;

// Consecutive markers of one rank (in time order) with one phase: one phase record. What the
// phases and checkpoints read of them is kept; the markers themselves are not.
struct MarkerRun
{
    int64_t ns = 0; // its first marker's time and line
    int64_t no = 0;
    int64_t firstStep = 0; // when hasStep: the first and last step numbers, and their lines' times
    int64_t lastStep = 0;
    int64_t firstStepNs = 0;
    int64_t lastStepNs = 0;
    std::string text; // its first marker's kept text
    uint32_t match = 0;
    bool hasStep = false;
    bool done = false; // its first marker matches settings.checkpoint_done_regex
};

// The markers of one rank: the older ones folded into runs, then the newest as they were read.
// A rank's memory then grows with its phases, not its lines.
struct RankMarkers
{
    std::deque<MarkerRun> runs; // time order
    MarkerList tail; // file order until folded or sorted
    std::optional<int64_t> foldedUpToNs; // the latest time folded into runs
};

// What the timed lines say: phase markers per rank, the unmapped messages.
struct MarkerScan
{
    std::map<int32_t, RankMarkers> markers;
    std::vector<Mapping::Match> matches; // the distinct matches of the markers
    std::vector<std::string> texts; // the kept texts of markers (a prefix of the message)
    std::vector<uint32_t> freeTexts; // slots of texts no marker holds
    std::optional<int64_t> firstStepNo; // the line of the first marker with a step number
    UnmappedNames unmapped;
    // A marker came before one already folded into a run (a line far out of time order): the runs
    // are not what the markers in time order make, and the log must be read keeping every marker.
    bool foldedTooSoon = false;

    const Mapping::Match& matchOf(uint32_t match) const { return matches[match]; }
    std::string_view textOf(const Marker& mk) const { return mk.text ? texts[mk.text - 1] : std::string_view(); }
    // A slot for a marker's text (Marker::text).
    uint32_t keepText(std::string_view text);
    // Sorts the rank's unfolded markers by time (stable: lines of one time in file order) and folds
    // the first n of them into its runs. Returns how many runs it added.
    size_t fold(RankMarkers& rank, size_t n);
    // The time of the latest step line at or before ns of any rank (nullopt: none), in `found`.
    // False when folding lost it: a run's step lines lie on both sides of ns.
    bool lastStepAtOrBefore(int64_t ns, std::optional<int64_t>& found) const;
};

// Reads the settled lines one at a time, in file order; counts time_out_of_order. With `fold`,
// a rank's markers are folded into runs as they age (kFoldMarkers at a time), so that the memory
// grows with the phases, not the lines; a line out of time order by more than that many markers
// of its rank sets MarkerScan::foldedTooSoon (the log is then read again without folding).
class MarkerScanner
{
public:
    static constexpr size_t kFoldMarkers = 4096;

    MarkerScanner(const LogRules& rules, const Mapping& mapping, IssueCounter& issues, bool fold);
    // True when the line is a marker that settings.step_regex reads (a step line).
    bool line(const LogLine& l);
    // The markers and runs held.
    size_t count() const { return m_count; }
    bool foldedTooSoon() const { return m_scan.foldedTooSoon; }
    MarkerScan finish();

private:
    const LogRules& m_rules;
    const Mapping& m_mapping;
    IssueCounter& m_issues;
    const bool m_fold;
    MarkerScan m_scan;
    size_t m_count = 0;
    std::map<int32_t, int64_t> m_latestNs;
    // Per rank, an unmapped line's time until the next timed line of its rank.
    struct Pending
    {
        int64_t* totalNs = nullptr;
        int64_t ns = 0;
    };
    std::map<int32_t, Pending> m_pending;
};

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

// Phases from the markers (per rank, in time order, runs of one phase merged; folds every marker
// into its rank's runs) and checkpoints from the saves of the lowest rank that saves. Counts no_phase_marker and
// checkpoint_without_end.
void buildPhases(MarkerScan& scan, const LogRules& rules, const ReaderOptions& options, const AttemptFrame& frame,
    IssueCounter& issues, Numbered<PhaseRecord>& phases, Numbered<CheckpointRecord>& checkpoints);

// ---- Fault cause ----------------------------------------------------------------------------

// A line that may give the cause or the time of a failure, as kept while the lines go by.
struct CauseLine
{
    int64_t no = 0;
    std::string text; // the message of a timed line, the trimmed body of an untimed one
    bool timed = false;
    int64_t ns = 0; // when timed
    std::optional<int64_t> nextTimedNs; // the time of the first timed line after it
};

// What the lines say of the outcome: the completion line, Python tracebacks (per rank),
// torchelastic's failure summary, and the lines a cause may come from.
struct OutcomeScan
{
    std::optional<int64_t> completedNo; // the last line matching settings.completed_regex
    int64_t headers = 0; // lines opening a traceback
    int64_t firstHeaderNo = 0;
    int64_t lastHeaderNo = 0;
    // The first traceback after the last completion line (the fatal one when the attempt failed).
    std::optional<CauseLine> fatalHeader;
    // The first exception line after fatalHeader: inside the Root Cause section and not the wrapper
    // (settings.wrapper_exception); not the wrapper; any.
    std::array<std::optional<CauseLine>, 3> roots;
    // The first line a fault rule recognizes, with its fault.
    std::optional<CauseLine> faultLine;
    std::optional<Mapping::Fault> fault;
    // The first line settings.hang_duration_ms_regex reads: its time (when timed) and milliseconds.
    struct HangLine
    {
        bool timed = false;
        int64_t ns = 0;
        int64_t ms = 0;
    };
    std::optional<HangLine> hang;
    std::optional<int64_t> rootCauseNs; // the failure summary's time
    int64_t lastNo = 0;
};

// Reads the settled lines one at a time, in file order; counts untimed_line,
// traceback_without_exception and bad_root_cause_time.
class OutcomeScanner
{
public:
    OutcomeScanner(const LogRules& rules, const Mapping& mapping, int64_t zoneNs, IssueCounter& issues);
    ~OutcomeScanner();
    void line(const LogLine& l);
    // endNs (the attempt's end) places a yearless summary time.
    OutcomeScan finish(int64_t endNs);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

// Sets the attempt's outcome and, for a failure, its cause, symptom, detail and interrupted_at
// (startNs, endNs and detail = the run name must be set). Counts nonfatal_traceback,
// no_outcome_line and unmapped_fault. False when the markers were folded too far to say when a
// hang struck (MarkerScan::lastStepAtOrBefore): nothing counted is then of use, the log must be
// read again keeping every marker.
[[nodiscard]] bool classifyOutcome(const OutcomeScan& scan, const MarkerScan& markers, const LogRules& rules,
    const Mapping& mapping, const std::string& run, AttemptRecord& attempt, IssueCounter& issues);

// ---- Identity -------------------------------------------------------------------------------

// The run name: the file name without extensions, or its folder's name when the file name matches
// settings.generic_file_name.
std::string runName(const std::string& path, const LogRules& rules);
// options.job, else group 1 of settings.job_from_name on the run name, else the run name.
std::string jobKey(const std::string& run, const ReaderOptions& options, const LogRules& rules);
// options.attempt, else from settings.attempt_from_name or retry_from_name, else 0.
int32_t attemptNumber(const std::string& run, const ReaderOptions& options, const LogRules& rules);

// The job's GPUs and attributes, from the set-up lines: those up to and including the first step
// line (this bounds the cost on long logs).
class JobScanner
{
public:
    explicit JobScanner(const LogRules& rules);
    // Reads the line unless the set-up lines are over; `stepLine`: it is a marker that
    // settings.step_regex reads (the last set-up line).
    void line(const LogLine& l, bool stepLine);
    // The job record (its GPUs and attributes, source "log"; the caller names the job).
    JobRecord finish() const;

private:
    const LogRules& m_rules;
    bool m_over = false;
    std::vector<std::optional<int64_t>> m_gpus; // per settings.gpus_from regex
    std::vector<std::optional<std::string>> m_attrs; // per settings.job_attrs key
};

} // namespace ett::core::logs
