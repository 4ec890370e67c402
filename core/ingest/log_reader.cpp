// Reader of console logs by rules (issue #5, item 5): a training job's console output (torchrun +
// torchtitan and alike) becomes one attempt of a job with phases, an outcome, a fault cause and
// checkpoints. One file is one attempt; the lines of all ranks of a node may be interleaved.
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
// after the fatal traceback; else the attempt end. For a cause with symptom "hang" it is the last
// step line before that (the job stopped progressing there). Clamped to the attempt window.
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
// cut by the fault gives a failed checkpoint. Taken from one rank only (the lowest that saves).
// Train phases are named "steps A-B" after the step numbers of their markers.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/readers.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ett::core {

namespace {

constexpr int64_t kNsPerDay = 86'400 * kNsPerSecond;
constexpr size_t kMaxNameChars = 120;
constexpr size_t kMaxDetailChars = 300;
constexpr size_t kMaxUnmappedChars = 80;

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

// A compiled regex. One anchored at its start ("^..." without a top-level "|") is only tried at
// the start of the text: std::regex would otherwise try every position of every line.
struct Pattern
{
    std::regex re;
    bool anchored = false;
};

bool anchoredAtStart(std::string_view p)
{
    if (p.empty() || p.front() != '^') {
        return false;
    }
    int depth = 0;
    bool inClass = false;
    for (size_t i = 1; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\') {
            ++i;
        } else if (inClass) {
            inClass = c != ']';
        } else if (c == '[') {
            inClass = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            --depth;
        } else if (c == '|' && depth == 0) {
            return false;
        }
    }
    return true;
}

std::regex_constants::match_flag_type flagsOf(const Pattern& p)
{
    return p.anchored ? std::regex_constants::match_continuous : std::regex_constants::match_default;
}

bool search(const Pattern& p, std::string_view text)
{
    return std::regex_search(text.begin(), text.end(), p.re, flagsOf(p));
}

bool search(const std::optional<Pattern>& p, std::string_view text)
{
    return p && search(*p, text);
}

bool search(const Pattern& p, const std::string& text, std::smatch& m)
{
    return std::regex_search(text, m, p.re, flagsOf(p));
}

struct LineFormat
{
    Pattern re;
    std::vector<std::optional<Field>> fields; // per regex group (1-based group = index + 1)
};

// A time as written, before the year and zone are settled.
struct RawTime
{
    std::optional<int64_t> year;
    unsigned month = 1;
    unsigned day = 1;
    int64_t hour = 0;
    int64_t minute = 0;
    int64_t second = 0;
    int64_t fractionNs = 0;
    std::optional<int64_t> zoneOffsetNs;
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
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && isSpace(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

size_t indentOf(std::string_view s)
{
    size_t n = 0;
    while (n < s.size() && (s[n] == ' ' || s[n] == '\t')) {
        ++n;
    }
    return n;
}

std::optional<int64_t> parseInt(std::string_view s)
{
    int64_t v = 0;
    if (s.empty()) {
        return std::nullopt;
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

// Removes ANSI escape sequences (CSI "ESC [ ... final", OSC "ESC ] ... BEL|ST", two-byte ones)
// and keeps what follows the last carriage return.
std::string cleanLine(std::string_view line)
{
    if (const auto cr = line.find_last_of('\r'); cr != std::string_view::npos) {
        // A trailing CR (CRLF files) is just dropped; an inner one overwrote the text before it.
        if (cr + 1 == line.size()) {
            line.remove_suffix(1);
            if (const auto inner = line.find_last_of('\r'); inner != std::string_view::npos) {
                line.remove_prefix(inner + 1);
            }
        } else {
            line.remove_prefix(cr + 1);
        }
    }
    std::string out;
    out.reserve(line.size());
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c != '\x1b') {
            out += c;
            continue;
        }
        if (i + 1 >= line.size()) {
            break;
        }
        const char kind = line[i + 1];
        if (kind == '[') {
            size_t j = i + 2;
            while (j < line.size() && !(line[j] >= '@' && line[j] <= '~')) {
                ++j;
            }
            i = j; // the final byte (or the end)
        } else if (kind == ']') {
            size_t j = i + 2;
            while (j < line.size() && line[j] != '\a'
                && !(line[j] == '\x1b' && j + 1 < line.size() && line[j + 1] == '\\')) {
                ++j;
            }
            i = (j < line.size() && line[j] == '\x1b') ? j + 1 : j;
        } else {
            i += 1; // a two-byte sequence
        }
    }
    return out;
}

// Text fit for names, details and issue examples: valid UTF-8 (other bytes become '?'), control
// characters as spaces, at most maxChars bytes (cut on a character boundary, marked "...").
std::string cleanText(std::string_view s, size_t maxChars)
{
    std::string out;
    out.reserve(std::min(s.size(), maxChars + 3));
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t len = 1;
        bool valid = true;
        if (c >= 0x80) {
            len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
            valid = len >= 2 && i + len <= s.size() && c >= 0xC2 && c <= 0xF4;
            for (size_t k = 1; valid && k < len; ++k) {
                valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
            }
            if (!valid) {
                len = 1;
            }
        }
        if (out.size() + len > maxChars) {
            out += "...";
            break;
        }
        if (!valid) {
            out += '?';
        } else if (c < 0x20 || c == 0x7F) {
            out += ' ';
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

// The name an unmapped message is counted under: digit runs as "#", at most kMaxUnmappedChars.
std::string unmappedName(std::string_view message)
{
    std::string shape;
    bool inDigits = false;
    for (const char c : trim(message)) {
        const bool digit = c >= '0' && c <= '9';
        if (digit && !inDigits) {
            shape += '#';
        } else if (!digit) {
            shape += c;
        }
        inDigits = digit;
    }
    return cleanText(shape, kMaxUnmappedChars);
}

std::string normalizeLevel(std::string_view level)
{
    if (level.size() == 1) {
        switch (level[0]) {
        case 'D':
            return "DEBUG";
        case 'I':
            return "INFO";
        case 'W':
            return "WARNING";
        case 'E':
            return "ERROR";
        case 'F':
            return "FATAL";
        default:
            break;
        }
    }
    std::string out(level);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return out;
}

std::optional<unsigned> parseMonthName(std::string_view name)
{
    static constexpr std::array<std::string_view, 12> kMonths
        = { "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec" };
    if (name.size() < 3) {
        return std::nullopt;
    }
    std::string lower;
    for (size_t i = 0; i < 3; ++i) {
        lower += static_cast<char>(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    }
    for (size_t m = 0; m < kMonths.size(); ++m) {
        if (kMonths[m] == lower) {
            return static_cast<unsigned>(m + 1);
        }
    }
    return std::nullopt;
}

bool isLeap(int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned daysInMonth(int64_t year, unsigned month)
{
    static constexpr std::array<unsigned, 12> kDays = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return month == 2 && isLeap(year) ? 29 : kDays[month - 1];
}

// Nanoseconds since the epoch of a written time in a year; nullopt when the day does not exist in
// that year (Feb 29) or the year is out of range.
std::optional<int64_t> toNs(const RawTime& t, int64_t year, int64_t zoneNs)
{
    if (year < 1 || year > 9999 || t.day > daysInMonth(year, t.month)) {
        return std::nullopt;
    }
    const int64_t days = daysFromCivil(year, t.month, t.day);
    return days * kNsPerDay + ((t.hour * 60 + t.minute) * 60 + t.second) * kNsPerSecond + t.fractionNs - zoneNs;
}

int64_t localYearOf(int64_t ns, int64_t zoneNs)
{
    const int64_t local = ns + zoneNs;
    const int64_t days = local >= 0 ? local / kNsPerDay : -((-local + kNsPerDay - 1) / kNsPerDay);
    return civilFromDays(days).year;
}

// Among the years around the reference's, the one that puts a yearless time closest to it.
std::optional<int64_t> closestToNs(const RawTime& t, int64_t referenceNs, int64_t zoneNs)
{
    const int64_t y = localYearOf(referenceNs, zoneNs);
    std::optional<int64_t> best;
    for (const int64_t candidate : { y - 1, y, y + 1 }) {
        const auto ns = toNs(t, candidate, zoneNs);
        if (ns && (!best || std::abs(*ns - referenceNs) < std::abs(*best - referenceNs))) {
            best = ns;
        }
    }
    return best;
}

// ---- Settings -------------------------------------------------------------------------------

class SettingsParser
{
public:
    explicit SettingsParser(const Mapping& m)
        : m_mapping(m)
    {
    }

    std::string where(const std::string& key) const { return m_mapping.origin() + ": settings." + key; }

    Result<std::optional<Pattern>> regex(const std::string& key) const
    {
        const std::string text = m_mapping.setting(key);
        if (text.empty()) {
            return std::optional<Pattern> {};
        }
        auto re = compile(text, where(key));
        if (!re) {
            return re.error();
        }
        return std::optional<Pattern>(std::move(*re));
    }

    static Result<Pattern> compile(const std::string& pattern, const std::string& where)
    {
        try {
            return Pattern { std::regex(pattern, std::regex::ECMAScript), anchoredAtStart(pattern) };
        } catch (const std::regex_error& e) {
            return Error { where + ": regex \"" + pattern + "\" is not valid: " + e.what() };
        }
    }

    // A JSON value of a setting (objects and arrays are kept as JSON text by the Mapping).
    Result<std::optional<simdjson::dom::element>> json(const std::string& key)
    {
        const std::string text = m_mapping.setting(key);
        if (text.empty()) {
            return std::optional<simdjson::dom::element> {};
        }
        m_padded.emplace_back(std::make_unique<simdjson::padded_string>(text));
        m_parsers.emplace_back(std::make_unique<simdjson::dom::parser>());
        simdjson::dom::element e;
        if (m_parsers.back()->parse(*m_padded.back()).get(e)) {
            return Error { where(key) + ": expected a JSON array or object, got " + text };
        }
        return std::optional<simdjson::dom::element>(e);
    }

    // {"regex": "...", "fields": ["year", ...]}
    static Result<LineFormat> lineFormat(simdjson::dom::element e, const std::string& where)
    {
        simdjson::dom::object obj;
        if (e.get_object().get(obj)) {
            return Error { where + ": expected an object with \"regex\" and \"fields\"" };
        }
        LineFormat f;
        bool haveRegex = false;
        bool haveFields = false;
        for (auto [k, v] : obj) {
            if (k == "regex") {
                std::string_view s;
                if (v.get_string().get(s)) {
                    return Error { where + ": regex: expected a string" };
                }
                auto re = compile(std::string(s), where);
                if (!re) {
                    return re.error();
                }
                f.re = std::move(*re);
                haveRegex = true;
            } else if (k == "fields") {
                simdjson::dom::array arr;
                if (v.get_array().get(arr)) {
                    return Error { where + ": fields: expected an array of field names" };
                }
                for (simdjson::dom::element n : arr) {
                    std::string_view name;
                    if (n.get_string().get(name)) {
                        return Error { where + ": fields: expected strings" };
                    }
                    if (name.empty()) {
                        f.fields.emplace_back(std::nullopt);
                        continue;
                    }
                    const auto it = std::find(kFieldNames.begin(), kFieldNames.end(), name);
                    if (it == kFieldNames.end()) {
                        std::string known;
                        for (auto fn : kFieldNames) {
                            known += (known.empty() ? "" : ", ") + std::string(fn);
                        }
                        return Error { where + ": fields: unknown field \"" + std::string(name) + "\" (expected one of "
                            + known + ", or \"\")" };
                    }
                    f.fields.emplace_back(static_cast<Field>(it - kFieldNames.begin()));
                }
                haveFields = true;
            } else if (k != "comment") {
                return Error { where + ": unknown key \"" + std::string(k) + "\" (expected regex, fields, comment)" };
            }
        }
        if (!haveRegex || !haveFields) {
            return Error { where + ": expected \"regex\" and \"fields\"" };
        }
        if (f.fields.size() > f.re.re.mark_count()) {
            return Error { where + ": fields names " + std::to_string(f.fields.size()) + " groups but the regex has "
                + std::to_string(f.re.re.mark_count()) };
        }
        for (const Field need : { Field::Day, Field::Hour, Field::Minute, Field::Second }) {
            if (std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(need)) == f.fields.end()) {
                return Error { where + ": fields: \"" + std::string(kFieldNames[static_cast<size_t>(need)])
                    + "\" is missing (month or month_name, day, hour, minute and second are required)" };
            }
        }
        if (std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(Field::Month)) == f.fields.end()
            && std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(Field::MonthName)) == f.fields.end()) {
            return Error { where + ": fields: \"month\" or \"month_name\" is missing" };
        }
        return f;
    }

private:
    const Mapping& m_mapping;
    std::vector<std::unique_ptr<simdjson::padded_string>> m_padded;
    std::vector<std::unique_ptr<simdjson::dom::parser>> m_parsers;
};

Result<LogRules> readRules(const Mapping& mapping)
{
    SettingsParser p(mapping);
    LogRules r;

    auto formats = p.json("line_formats");
    if (!formats) {
        return formats.error();
    }
    simdjson::dom::array arr;
    if (!*formats || (*formats)->get_array().get(arr)) {
        return Error { p.where("line_formats")
            + ": expected an array of {\"regex\", \"fields\"}: a log mapping needs at least one line format" };
    }
    size_t i = 0;
    for (simdjson::dom::element e : arr) {
        auto f = SettingsParser::lineFormat(e, p.where("line_formats[" + std::to_string(i++) + "]"));
        if (!f) {
            return f.error();
        }
        r.formats.push_back(std::move(*f));
    }
    if (r.formats.empty()) {
        return Error { p.where("line_formats") + ": expected at least one line format" };
    }

    struct RegexSetting
    {
        const char* key;
        std::optional<Pattern>* target;
    };
    const RegexSetting regexes[] = {
        { "rank_prefix", &r.rankPrefix },
        { "step_regex", &r.step },
        { "completed_regex", &r.completed },
        { "wrapper_exception", &r.wrapper },
        { "root_cause_regex", &r.rootCause },
        { "root_cause_end_regex", &r.rootCauseEnd },
        { "checkpoint_done_regex", &r.checkpointDone },
        { "generic_file_name", &r.genericFileName },
        { "job_from_name", &r.jobFromName },
        { "attempt_from_name", &r.attemptFromName },
        { "retry_from_name", &r.retryFromName },
    };
    for (const auto& s : regexes) {
        auto re = p.regex(s.key);
        if (!re) {
            return re.error();
        }
        *s.target = std::move(*re);
    }

    if (const std::string phase = mapping.setting("initial_phase"); !phase.empty()) {
        const auto dot = phase.find('.');
        const auto cat = parseCategory(std::string_view(phase).substr(0, dot));
        if (!cat) {
            return Error { p.where("initial_phase") + ": phase \"" + phase + "\": unknown category; expected one of "
                + categoryList() };
        }
        Mapping::Match m;
        m.what = Mapping::Match::What::Phase;
        m.category = *cat;
        m.subcategory = dot == std::string::npos ? std::string() : phase.substr(dot + 1);
        r.initialPhase = std::move(m);
    }

    if (const std::string u = mapping.setting("unfinished_outcome"); !u.empty()) {
        if (u == "failed") {
            r.unfinished = Outcome::Failed;
        } else if (u == "running") {
            r.unfinished = Outcome::Running;
        } else {
            return Error { p.where("unfinished_outcome") + ": expected \"failed\" or \"running\", got \"" + u + "\"" };
        }
    }

    auto rct = p.json("root_cause_time");
    if (!rct) {
        return rct.error();
    }
    if (*rct) {
        auto f = SettingsParser::lineFormat(**rct, p.where("root_cause_time"));
        if (!f) {
            return f.error();
        }
        r.rootCauseTime = std::move(*f);
    }

    auto gpusFrom = p.json("gpus_from");
    if (!gpusFrom) {
        return gpusFrom.error();
    }
    if (*gpusFrom) {
        simdjson::dom::array list;
        if ((*gpusFrom)->get_array().get(list)) {
            return Error { p.where("gpus_from") + ": expected an array of regexes" };
        }
        size_t k = 0;
        for (simdjson::dom::element e : list) {
            const std::string w = p.where("gpus_from[" + std::to_string(k++) + "]");
            std::string_view s;
            if (e.get_string().get(s)) {
                return Error { w + ": expected a string" };
            }
            auto re = SettingsParser::compile(std::string(s), w);
            if (!re) {
                return re.error();
            }
            r.gpusFrom.push_back(std::move(*re));
        }
    }
    if (const std::string g = mapping.setting("gpus"); !g.empty()) {
        const auto v = parseInt(g);
        if (!v || *v < 1) {
            return Error { p.where("gpus") + ": expected an integer >= 1, got \"" + g + "\"" };
        }
        r.gpus = *v;
    }

    auto attrs = p.json("job_attrs");
    if (!attrs) {
        return attrs.error();
    }
    if (*attrs) {
        simdjson::dom::object obj;
        if ((*attrs)->get_object().get(obj)) {
            return Error { p.where("job_attrs") + ": expected an object {\"attribute\": \"regex\"}" };
        }
        for (auto [k, v] : obj) {
            const std::string w = p.where("job_attrs." + std::string(k));
            std::string_view s;
            if (v.get_string().get(s)) {
                return Error { w + ": expected a regex string" };
            }
            if (k == "source") {
                return Error { w + ": \"source\" is set by the reader (\"log\")" };
            }
            auto re = SettingsParser::compile(std::string(s), w);
            if (!re) {
                return re.error();
            }
            r.jobAttrs.emplace_back(std::string(k), std::move(*re));
        }
        std::sort(r.jobAttrs.begin(), r.jobAttrs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    return r;
}

// ---- The reader -----------------------------------------------------------------------------

struct LogLine
{
    int64_t no = 0; // 1-based line number
    int32_t rank = -1; // -1: the whole attempt
    std::string body; // after ANSI and rank prefixes
    bool timed = false;
    RawTime raw;
    int64_t ns = 0;
    std::string level;
    std::string message;
};

struct Marker
{
    int64_t ns = 0;
    size_t index = 0; // into the lines
    Mapping::Match match;
    std::optional<int64_t> step;
};

struct ExceptionLine
{
    size_t index = 0;
    bool inRootCause = false;
    bool wrapper = false;
};

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

protected:
    Status build() override;

private:
    std::string at(int64_t line) const { return path() + ":" + std::to_string(line) + ": "; }
    Status readLine(std::string_view text, int64_t no);
    Status resolveTimes();
    std::string runName() const;
    void analyze();

    ReaderOptions m_options;
    Mapping m_mapping;
    LogRules m_rules;
    int64_t m_zoneNs = 0;
    std::vector<LogLine> m_lines;
};

Status LogReader::readLine(std::string_view text, int64_t no)
{
    LogLine line;
    line.no = no;
    std::string clean = cleanLine(text);
    std::string_view rest(clean);
    if (m_rules.rankPrefix) {
        for (;;) {
            std::cmatch m;
            if (!std::regex_search(rest.data(), rest.data() + rest.size(), m, m_rules.rankPrefix->re,
                    std::regex_constants::match_continuous)
                || m.length(0) == 0) {
                break;
            }
            if (line.rank < 0 && m.size() > 1 && m[1].matched) {
                const auto r = parseInt(std::string_view(m[1].first, static_cast<size_t>(m[1].length())));
                if (r && *r >= 0 && *r <= std::numeric_limits<int32_t>::max()) {
                    line.rank = static_cast<int32_t>(*r);
                }
            }
            rest.remove_prefix(static_cast<size_t>(m.length(0)));
        }
    }
    if (m_options.rank) {
        line.rank = *m_options.rank;
    }
    line.body = std::string(rest);

    for (const LineFormat& f : m_rules.formats) {
        std::smatch m;
        if (!search(f.re, line.body, m)) {
            continue;
        }
        RawTime t;
        for (size_t g = 0; g < f.fields.size(); ++g) {
            if (!f.fields[g] || !m[g + 1].matched) {
                continue;
            }
            const std::string value = m[g + 1].str();
            const Field field = *f.fields[g];
            const std::string name(kFieldNames[static_cast<size_t>(field)]);
            auto number = [&](int64_t lo, int64_t hi) -> Result<int64_t> {
                const auto v = parseInt(value);
                if (!v || *v < lo || *v > hi) {
                    return Error { at(no) + "log line: field '" + name + "': expected " + std::to_string(lo) + " to "
                        + std::to_string(hi) + ", got \"" + cleanText(value, 40) + "\"" };
                }
                return *v;
            };
            Result<int64_t> v = int64_t { 0 };
            switch (field) {
            case Field::Year:
                v = number(1, 9999);
                if (v) {
                    t.year = *v;
                }
                break;
            case Field::Month:
                v = number(1, 12);
                if (v) {
                    t.month = static_cast<unsigned>(*v);
                }
                break;
            case Field::MonthName: {
                const auto month = parseMonthName(value);
                if (!month) {
                    return Error { at(no) + "log line: field 'month_name': expected a month name (Jan .. Dec), got \""
                        + cleanText(value, 40) + "\"" };
                }
                t.month = *month;
                break;
            }
            case Field::Day:
                v = number(1, 31);
                if (v) {
                    t.day = static_cast<unsigned>(*v);
                }
                break;
            case Field::Hour:
                v = number(0, 23);
                if (v) {
                    t.hour = *v;
                }
                break;
            case Field::Minute:
                v = number(0, 59);
                if (v) {
                    t.minute = *v;
                }
                break;
            case Field::Second:
                v = number(0, 60);
                if (v) {
                    t.second = *v;
                }
                break;
            case Field::Fraction: {
                int64_t ns = 0;
                size_t digits = 0;
                for (const char c : value) {
                    if (c < '0' || c > '9') {
                        return Error { at(no) + "log line: field 'fraction': expected digits, got \""
                            + cleanText(value, 40) + "\"" };
                    }
                    if (digits < 9) {
                        ns = ns * 10 + (c - '0');
                        ++digits;
                    }
                }
                for (; digits < 9; ++digits) {
                    ns *= 10;
                }
                t.fractionNs = ns;
                break;
            }
            case Field::Zone: {
                const auto z = parseUtcOffset(value);
                if (!z) {
                    return Error { at(no) + "log line: field 'zone': expected Z, UTC or an offset like +02:00, got \""
                        + cleanText(value, 40) + "\"" };
                }
                t.zoneOffsetNs = *z;
                break;
            }
            case Field::Level:
                line.level = normalizeLevel(value);
                break;
            case Field::Logger:
                break;
            case Field::Message:
                line.message = std::string(trim(value));
                break;
            }
            if (!v) {
                return v.error();
            }
        }
        line.timed = true;
        line.raw = t;
        break;
    }
    m_lines.push_back(std::move(line));
    return Status::success();
}

Status LogReader::resolveTimes()
{
    // The first full date: the reference year of yearless times when --year is not given.
    const LogLine* firstFull = nullptr;
    const LogLine* firstYearless = nullptr;
    bool zoneAssumed = false;
    for (const LogLine& l : m_lines) {
        if (!l.timed) {
            continue;
        }
        if (l.raw.year && !firstFull) {
            firstFull = &l;
        }
        if (!l.raw.year && !firstYearless) {
            firstYearless = &l;
        }
        zoneAssumed = zoneAssumed || !l.raw.zoneOffsetNs;
    }
    std::optional<int64_t> firstFullNs;
    if (firstFull) {
        const auto ns = toNs(firstFull->raw, *firstFull->raw.year, firstFull->raw.zoneOffsetNs.value_or(m_zoneNs));
        if (!ns) {
            return Error { at(firstFull->no) + "log line: field 'day': expected a day of month "
                + std::to_string(firstFull->raw.month) + " of " + std::to_string(*firstFull->raw.year) + ", got "
                + std::to_string(firstFull->raw.day) };
        }
        firstFullNs = ns;
    }
    if (firstYearless && !m_options.year && !firstFull) {
        return Error { at(firstYearless->no)
                + "log line: field 'year': the time has no year and no line of the log has a full date; give the year "
                  "with --year (ReaderOptions::year)",
            "year" };
    }
    if (firstYearless && !m_options.year) {
        m_issues.add("assumed_year",
            "times without a year take the year " + std::to_string(*firstFull->raw.year)
                + " of the first full date in the log; give --year to set it",
            firstYearless->no, "full date on line " + std::to_string(firstFull->no));
    }
    if (zoneAssumed && m_zoneNs == 0) {
        const LogLine* first = nullptr;
        for (const LogLine& l : m_lines) {
            if (l.timed && !l.raw.zoneOffsetNs) {
                first = &l;
                break;
            }
        }
        m_issues.add("assumed_timezone",
            "times without a zone are read as UTC; give --timezone (e.g. +02:00) when the log has local times",
            first ? first->no : 0, first ? cleanText(first->body, kMaxUnmappedChars) : std::string());
    }

    std::optional<int64_t> prev;
    for (LogLine& l : m_lines) {
        if (!l.timed) {
            continue;
        }
        const int64_t zone = l.raw.zoneOffsetNs.value_or(m_zoneNs);
        std::optional<int64_t> ns;
        if (l.raw.year) {
            ns = toNs(l.raw, *l.raw.year, zone);
        } else if (prev) {
            ns = closestToNs(l.raw, *prev, zone);
        } else if (m_options.year) {
            ns = toNs(l.raw, *m_options.year, zone);
            // The log's own full dates outrank a --year that contradicts them: placed half a year
            // or more from them, this line would open a gap of a year or more (as setup).
            constexpr int64_t kHalfYearNs = 183LL * 86'400 * kNsPerSecond;
            if (ns && firstFullNs && (*ns - *firstFullNs > kHalfYearNs || *firstFullNs - *ns > kHalfYearNs)) {
                return Error { at(l.no) + "log line: field 'year': --year " + std::to_string(*m_options.year)
                        + " puts this line at " + formatRfc3339(*ns) + ", "
                        + std::to_string(std::llabs(*ns - *firstFullNs) / (86'400 * kNsPerSecond))
                        + " days from the log's own full date " + formatRfc3339(*firstFullNs) + " on line "
                        + std::to_string(firstFull->no)
                        + "; give the log's year, or leave --year out (its full "
                          "dates then set the year)",
                    "year" };
            }
        } else {
            ns = closestToNs(l.raw, *firstFullNs, zone);
        }
        if (!ns) {
            return Error { at(l.no) + "log line: field 'day': expected a day of month " + std::to_string(l.raw.month)
                + (l.raw.year ? " of " + std::to_string(*l.raw.year) : std::string(" in the years around the log's"))
                + ", got " + std::to_string(l.raw.day) };
        }
        l.ns = *ns;
        prev = ns;
    }
    return Status::success();
}

std::string LogReader::runName() const
{
    const std::string stem = jobIdFromPath(path());
    if (!search(m_rules.genericFileName, stem)) {
        return stem;
    }
    std::string dir = path();
    const auto slash = dir.find_last_of("/\\");
    if (slash == std::string::npos) {
        return stem;
    }
    dir.resize(slash);
    while (!dir.empty() && (dir.back() == '/' || dir.back() == '\\')) {
        dir.pop_back();
    }
    const auto parent = dir.find_last_of("/\\");
    std::string name = parent == std::string::npos ? dir : dir.substr(parent + 1);
    return name.empty() || name == "." || name == ".." ? stem : name;
}

Status LogReader::build()
{
    auto content = readAll();
    if (!content) {
        return content.error();
    }
    // 1. Every line: cleaned, rank, time fields.
    std::string_view text(*content);
    int64_t no = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        if (auto st = readLine(line, ++no); !st) {
            return st;
        }
    }
    if (std::none_of(m_lines.begin(), m_lines.end(), [](const LogLine& l) { return l.timed; })) {
        return Error { path() + ": none of the " + std::to_string(m_lines.size())
                + " lines has a timestamp that the rules (" + m_mapping.origin()
                + ", settings.line_formats) can read: this is not a log of that kind; give the format with --format or "
                  "rules that fit with --mapping",
            "format" };
    }
    // 2. Years and zones settled.
    if (auto st = resolveTimes(); !st) {
        return st;
    }
    // 3. Markers, tracebacks, outcome, cause, records.
    analyze();
    return Status::success();
}

void LogReader::analyze()
{
    const auto& lines = m_lines;
    int64_t startNs = std::numeric_limits<int64_t>::max();
    int64_t endNs = std::numeric_limits<int64_t>::min();
    int64_t firstTimedNo = 0;
    for (const LogLine& l : lines) {
        if (l.timed) {
            startNs = std::min(startNs, l.ns);
            endNs = std::max(endNs, l.ns);
            firstTimedNo = firstTimedNo ? firstTimedNo : l.no;
        }
    }

    // The next timed line of the same rank, for the time an unmapped line stands for.
    std::vector<int64_t> nextNs(lines.size(), 0);
    {
        std::map<int32_t, int64_t> after;
        for (size_t i = lines.size(); i-- > 0;) {
            if (!lines[i].timed) {
                continue;
            }
            auto it = after.find(lines[i].rank);
            nextNs[i] = it == after.end() ? lines[i].ns : it->second;
            after[lines[i].rank] = lines[i].ns;
        }
    }

    struct TracebackState
    {
        bool open = false;
        size_t indent = 0;
        bool inRootCause = false;
        int64_t headerNo = 0;
    };
    std::map<int32_t, TracebackState> tracebacks;
    std::map<int32_t, std::vector<Marker>> markers;
    std::map<int32_t, int64_t> latestNs;
    std::vector<size_t> headers; // lines opening a traceback
    std::vector<ExceptionLine> exceptions;
    std::optional<size_t> completedAt;
    bool training = false; // a step line was seen
    bool inRootCause = false;
    std::optional<int64_t> rootCauseNs;
    std::vector<std::optional<std::pair<size_t, int64_t>>> gpusFound(m_rules.gpusFrom.size()); // line, gpus
    std::vector<std::optional<std::string>> attrsFound(m_rules.jobAttrs.size());
    UnmappedNames unmapped;
    int64_t untimed = 0;
    int64_t firstUntimedNo = 0;
    std::string firstUntimed;
    static constexpr std::string_view kTracebackHeader = "Traceback (most recent call last):";

    auto closeTraceback = [&](TracebackState& tb) {
        if (tb.open) {
            m_issues.add("traceback_without_exception", "a Python traceback without its exception line", tb.headerNo,
                "Traceback (most recent call last):");
            tb.open = false;
        }
    };

    for (size_t i = 0; i < lines.size(); ++i) {
        const LogLine& l = lines[i];
        TracebackState& tb = tracebacks[l.rank];
        const std::string_view body = trim(l.body);

        // GPUs and job attributes: the first line each regex matches, among the lines before the
        // first step line (set-up output; this bounds the cost on long logs).
        for (size_t k = 0; k < m_rules.gpusFrom.size() && !training; ++k) {
            if (gpusFound[k]) {
                continue;
            }
            std::smatch m;
            if (!search(m_rules.gpusFrom[k], l.body, m)) {
                continue;
            }
            int64_t product = 1;
            bool ok = m.size() > 1;
            for (size_t g = 1; ok && g < m.size(); ++g) {
                const auto v = m[g].matched ? parseInt(m[g].str()) : std::optional<int64_t>(1);
                ok = v && *v >= 1 && *v <= 1'000'000 && product <= 1'000'000'000 / *v;
                product *= ok ? *v : 1;
            }
            if (ok) {
                gpusFound[k] = std::make_pair(i, product);
            }
        }
        for (size_t k = 0; k < m_rules.jobAttrs.size() && !training; ++k) {
            if (attrsFound[k]) {
                continue;
            }
            std::smatch m;
            if (!search(m_rules.jobAttrs[k].second, l.body, m)) {
                continue;
            }
            for (size_t g = 1; g < m.size(); ++g) {
                if (m[g].matched && m[g].length() > 0) {
                    attrsFound[k] = cleanText(m[g].str(), kMaxNameChars);
                    break;
                }
            }
        }

        if (l.timed) {
            // A new log record ends torchelastic's failure summary. Not a traceback: Python writes
            // those to stderr while the logger's lines (stdout, other threads) go on between them.
            inRootCause = false;
            auto [latest, inserted] = latestNs.try_emplace(l.rank, l.ns);
            if (!inserted) {
                if (l.ns < latest->second) {
                    m_issues.add("time_out_of_order",
                        l.rank >= 0 ? "a line's time is before an earlier line's (rank " + std::to_string(l.rank) + ")"
                                    : std::string("a line's time is before an earlier line's"),
                        l.no, formatRfc3339(l.ns) + " after " + formatRfc3339(latest->second));
                } else {
                    latest->second = l.ns;
                }
            }
            if (search(m_rules.completed, l.message)) {
                completedAt = i;
            }
            const Mapping::Match match = m_mapping.mapBounded(l.message, l.level);
            if (match.what == Mapping::Match::What::Phase) {
                Marker mk;
                mk.ns = l.ns;
                mk.index = i;
                mk.match = match;
                if (m_rules.step) {
                    std::smatch sm;
                    if (search(*m_rules.step, l.message, sm) && sm.size() > 1 && sm[1].matched) {
                        mk.step = parseInt(sm[1].str());
                        training = true;
                    }
                }
                markers[l.rank].push_back(std::move(mk));
            } else if (match.what == Mapping::Match::What::Unmapped) {
                unmapped.add(unmappedName(l.message.empty() ? l.body : l.message), nextNs[i] - l.ns, l.no);
            }
            continue;
        }

        ++untimed;
        if (!firstUntimedNo) {
            firstUntimedNo = l.no;
            firstUntimed = cleanText(l.body, kMaxUnmappedChars);
        }
        // torchelastic's failure summary: the Root Cause section and its time.
        if (search(m_rules.rootCause, body)) {
            inRootCause = true;
        } else if (inRootCause && search(m_rules.rootCauseEnd, body)) {
            inRootCause = false;
        } else if (inRootCause && m_rules.rootCauseTime && !rootCauseNs) {
            std::smatch m;
            const std::string b(body);
            if (search(m_rules.rootCauseTime->re, b, m)) {
                RawTime t;
                bool valid = true;
                for (size_t g = 0; g < m_rules.rootCauseTime->fields.size() && valid; ++g) {
                    const auto& f = m_rules.rootCauseTime->fields[g];
                    if (!f || !m[g + 1].matched) {
                        continue;
                    }
                    const auto v = parseInt(m[g + 1].str());
                    switch (*f) {
                    case Field::Year:
                        valid = v && *v >= 1 && *v <= 9999;
                        t.year = v;
                        break;
                    case Field::Month:
                        valid = v && *v >= 1 && *v <= 12;
                        t.month = static_cast<unsigned>(v.value_or(1));
                        break;
                    case Field::Day:
                        valid = v && *v >= 1 && *v <= 31;
                        t.day = static_cast<unsigned>(v.value_or(1));
                        break;
                    case Field::Hour:
                        valid = v && *v >= 0 && *v <= 23;
                        t.hour = v.value_or(0);
                        break;
                    case Field::Minute:
                        valid = v && *v >= 0 && *v <= 59;
                        t.minute = v.value_or(0);
                        break;
                    case Field::Second:
                        valid = v && *v >= 0 && *v <= 60;
                        t.second = v.value_or(0);
                        break;
                    default:
                        break; // other fields of a summary time are not used
                    }
                }
                if (valid) {
                    rootCauseNs = t.year ? toNs(t, *t.year, m_zoneNs) : closestToNs(t, endNs, m_zoneNs);
                }
                if (!valid || !rootCauseNs) {
                    m_issues.add("bad_root_cause_time", "a Root Cause time that is not a valid date", l.no,
                        cleanText(body, kMaxDetailChars));
                }
            }
        }
        // Python tracebacks, per rank (ranks' lines interleave).
        if (body.find(kTracebackHeader) != std::string_view::npos) {
            closeTraceback(tb);
            tb.open = true;
            tb.indent = indentOf(l.body);
            tb.inRootCause = inRootCause;
            tb.headerNo = l.no;
            headers.push_back(i);
        } else if (tb.open && !body.empty() && indentOf(l.body) <= tb.indent && !body.starts_with("File \"")) {
            tb.open = false;
            exceptions.push_back({ i, tb.inRootCause, search(m_rules.wrapper, body) });
        }
    }
    for (auto& [rank, tb] : tracebacks) {
        closeTraceback(tb);
    }
    if (untimed > 0) {
        m_issues.add("untimed_line", "lines without a timestamp (shell trace, print output, tracebacks): not timed",
            firstUntimedNo, firstUntimed, untimed);
    }

    // Outcome (see the top of the file).
    const std::string run = runName();
    AttemptRecord attempt;
    attempt.startNs = startNs;
    attempt.endNs = endNs;
    attempt.detail = cleanText(run, kMaxDetailChars);
    std::optional<size_t> fatalFrom; // the first fatal traceback's header
    if (completedAt && (headers.empty() || *completedAt > headers.back())) {
        attempt.outcome = Outcome::Completed;
        if (!headers.empty()) {
            m_issues.add("nonfatal_traceback", "Python tracebacks before the completion line (training went on)",
                lines[headers.front()].no, "", static_cast<int64_t>(headers.size()));
        }
    } else if (!headers.empty()) {
        attempt.outcome = Outcome::Failed;
        for (const size_t h : headers) {
            if (!completedAt || h > *completedAt) {
                fatalFrom = h;
                break;
            }
        }
    } else {
        attempt.outcome = m_rules.unfinished;
        m_issues.add("no_outcome_line",
            std::string("neither a completion line nor a traceback: the attempt is taken as ")
                + std::string(outcomeName(m_rules.unfinished)) + " (settings.unfinished_outcome)",
            lines.back().no);
    }

    if (attempt.outcome == Outcome::Failed) {
        // 1. The root exception.
        const ExceptionLine* root = nullptr;
        auto fatal = [&](const ExceptionLine& e) { return !fatalFrom || e.index > *fatalFrom; };
        for (const auto& e : exceptions) {
            if (e.inRootCause && !e.wrapper && fatal(e)) {
                root = &e;
                break;
            }
        }
        for (size_t k = 0; !root && k < exceptions.size(); ++k) {
            if (!exceptions[k].wrapper && fatal(exceptions[k])) {
                root = &exceptions[k];
            }
        }
        for (size_t k = 0; !root && k < exceptions.size(); ++k) {
            if (fatal(exceptions[k])) {
                root = &exceptions[k];
            }
        }
        auto textOf
            = [&](size_t i) { return lines[i].timed ? std::string_view(lines[i].message) : trim(lines[i].body); };
        std::optional<Mapping::Fault> fault;
        std::optional<size_t> causeLine;
        if (root) {
            fault = m_mapping.fault(textOf(root->index));
            causeLine = root->index;
        }
        // 2. Any line the fault rules recognize.
        for (size_t i = 0; !fault && i < lines.size(); ++i) {
            if ((fault = m_mapping.fault(textOf(i)))) {
                causeLine = i;
            }
        }
        if (fault) {
            attempt.cause = fault->cause;
            attempt.symptom = fault->symptom;
        } else {
            attempt.cause = "unknown";
            attempt.symptom = Symptom::Explicit;
            const std::string text = root ? std::string(textOf(root->index)) : std::string("(no exception line)");
            const auto colon = text.find(':');
            if (fatalFrom) {
                m_issues.add("unmapped_fault", cleanText(text.substr(0, std::min<size_t>(colon, 60)), 60),
                    root ? lines[root->index].no : lines[*fatalFrom].no, cleanText(text, kMaxDetailChars));
            }
        }
        if (causeLine) {
            attempt.detail = cleanText(run + ": " + std::string(textOf(*causeLine)), kMaxDetailChars);
        }

        // 3. When it happened.
        std::optional<int64_t> faultNs = rootCauseNs;
        if (causeLine && lines[*causeLine].timed) {
            faultNs = faultNs ? std::min(*faultNs, lines[*causeLine].ns) : lines[*causeLine].ns;
        }
        if (!faultNs && (causeLine || fatalFrom)) {
            const size_t after = std::max(causeLine.value_or(0), fatalFrom.value_or(0));
            for (size_t i = after + 1; i < lines.size(); ++i) {
                if (lines[i].timed) {
                    faultNs = lines[i].ns;
                    break;
                }
            }
        }
        int64_t f = faultNs.value_or(endNs);
        if (attempt.symptom == Symptom::Hang) {
            std::optional<int64_t> lastStep;
            for (const auto& [rank, list] : markers) {
                for (const Marker& mk : list) {
                    if (mk.step && mk.ns <= f && (!lastStep || mk.ns > *lastStep)) {
                        lastStep = mk.ns;
                    }
                }
            }
            f = lastStep.value_or(f);
        }
        attempt.interruptedAtNs = std::clamp(f, startNs, endNs);
    }

    // Job and attempt identity.
    std::string job = run;
    if (m_options.job) {
        job = *m_options.job;
    } else if (m_rules.jobFromName) {
        std::smatch m;
        if (search(*m_rules.jobFromName, run, m) && m.size() > 1 && m[1].matched && m[1].length() > 0) {
            job = m[1].str();
        }
    }
    int32_t number = 0;
    if (m_options.attempt) {
        number = *m_options.attempt;
    } else {
        std::smatch m;
        std::optional<int64_t> n;
        if (m_rules.attemptFromName && search(*m_rules.attemptFromName, run, m) && m.size() > 1 && m[1].matched) {
            n = parseInt(m[1].str());
        }
        if (!n && m_rules.retryFromName && search(*m_rules.retryFromName, run, m)) {
            n = m.size() > 1 && m[1].matched && m[1].length() > 0 ? parseInt(m[1].str()) : std::optional<int64_t>(1);
        }
        if (n && *n >= 0 && *n <= std::numeric_limits<int32_t>::max()) {
            number = static_cast<int32_t>(*n);
        }
    }
    attempt.job = job;
    attempt.attempt = number;

    JobRecord jobRecord;
    jobRecord.job = job;
    for (const auto& g : gpusFound) {
        if (g) {
            jobRecord.gpus = g->second;
            break;
        }
    }
    if (!jobRecord.gpus && m_rules.gpus) {
        jobRecord.gpus = m_rules.gpus;
    }
    for (size_t k = 0; k < m_rules.jobAttrs.size(); ++k) {
        if (attrsFound[k]) {
            jobRecord.attrs.emplace_back(m_rules.jobAttrs[k].first, *attrsFound[k]);
        }
    }
    jobRecord.attrs.emplace_back("source", "log");
    std::sort(jobRecord.attrs.begin(), jobRecord.attrs.end());
    add(jobRecord, firstTimedNo);
    add(attempt, firstTimedNo);

    // Phases: per rank, markers in time order, runs of one phase merged.
    if (markers.empty()) {
        m_issues.add(
            "no_phase_marker", "no line matched a phase rule: the attempt has no phases (all idle)", firstTimedNo);
    }
    auto phase = [&](const Mapping::Match& m, int64_t from, int64_t to, int32_t rank, std::string name, int64_t no) {
        if (to <= from) {
            return;
        }
        PhaseRecord p;
        p.job = job;
        p.attempt = number;
        p.category = m.category;
        p.subcategory = m.subcategory;
        p.startNs = from;
        p.endNs = to;
        p.rank = rank;
        p.name = std::move(name);
        add(p, no);
    };
    int64_t firstMarkerNs = endNs;
    for (auto& [rank, list] : markers) {
        std::stable_sort(list.begin(), list.end(), [](const Marker& a, const Marker& b) { return a.ns < b.ns; });
        firstMarkerNs = std::min(firstMarkerNs, list.front().ns);
    }
    if (m_rules.initialPhase && !markers.empty()) {
        phase(*m_rules.initialPhase, startNs, firstMarkerNs, m_options.rank.value_or(-1), "", firstTimedNo);
    }
    std::optional<int32_t> checkpointRank;
    for (const auto& [rank, list] : markers) {
        if (std::any_of(list.begin(), list.end(),
                [](const Marker& mk) { return mk.match.category == Category::CheckpointSave; })) {
            checkpointRank = rank;
            break;
        }
    }
    std::vector<std::pair<CheckpointRecord, int64_t>> checkpoints;
    for (const auto& [rank, list] : markers) {
        std::optional<int64_t> lastStep;
        for (size_t a = 0; a < list.size();) {
            size_t b = a + 1;
            std::optional<int64_t> firstStep = list[a].step;
            std::optional<int64_t> lastStepHere = list[a].step;
            const std::optional<int64_t> stepBefore = lastStep;
            if (list[a].step) {
                lastStep = list[a].step;
            }
            while (b < list.size() && list[b].match.category == list[a].match.category
                && list[b].match.subcategory == list[a].match.subcategory) {
                if (list[b].step) {
                    firstStep = firstStep ? firstStep : list[b].step;
                    lastStepHere = list[b].step;
                    lastStep = list[b].step;
                }
                ++b;
            }
            const int64_t to = b < list.size() ? list[b].ns : endNs;
            std::string name;
            if (firstStep) {
                name = *firstStep == *lastStepHere
                    ? "step " + std::to_string(*firstStep)
                    : "steps " + std::to_string(*firstStep) + "-" + std::to_string(*lastStepHere);
            } else {
                name = cleanText(lines[list[a].index].message, kMaxNameChars);
            }
            phase(list[a].match, list[a].ns, to, rank, std::move(name), lines[list[a].index].no);

            if (list[a].match.category == Category::CheckpointSave && checkpointRank && rank == *checkpointRank) {
                CheckpointRecord c;
                c.job = job;
                c.attempt = number;
                c.step = stepBefore;
                c.startNs = list[a].ns;
                if (b < list.size() && search(m_rules.checkpointDone, lines[list[b].index].message)) {
                    c.durableNs = list[b].ns;
                    checkpoints.emplace_back(c, lines[list[a].index].no);
                } else if (b == list.size() && attempt.outcome == Outcome::Failed) {
                    c.failed = true;
                    checkpoints.emplace_back(c, lines[list[a].index].no);
                } else {
                    m_issues.add("checkpoint_without_end",
                        "a checkpoint save without its completion line: no checkpoint record", lines[list[a].index].no,
                        cleanText(lines[list[a].index].message, kMaxDetailChars));
                }
            }
            a = b;
        }
    }
    for (const auto& [c, no] : checkpoints) {
        add(c, no);
    }
    unmapped.report(m_issues);
}

} // namespace

Result<std::unique_ptr<RecordSource>> openLogReader(const std::string& path, const ReaderOptions& options)
{
    auto mapping = readerMapping(options, "log-torchtitan", "log");
    if (!mapping) {
        return mapping.error();
    }
    auto rules = readRules(*mapping);
    if (!rules) {
        return rules.error();
    }
    const auto zone = parseUtcOffset(options.timezone);
    if (!zone) {
        return Error { path + ": option --timezone: expected \"UTC\" or an offset like \"+02:00\", got \""
                + options.timezone + "\"",
            "timezone" };
    }
    if (options.year && (*options.year < 1 || *options.year > 9999)) {
        return Error { path + ": option --year: expected a year from 1 to 9999, got " + std::to_string(*options.year),
            "year" };
    }
    auto source = ByteSource::open(path);
    if (!source) {
        return source.error();
    }
    return std::unique_ptr<RecordSource>(
        std::make_unique<LogReader>(std::move(*source), options, std::move(*mapping), std::move(*rules), *zone));
}

} // namespace ett::core
