// Reader of MLPerf logging: the ":::MLLOG {json}" lines that MLPerf Training
// reference code and submissions print (mlcommons/logging). One result file is one attempt of one
// job; its intervals (`X_start` / `X_stop` keys) become phases through the mapping's rules, whose
// names are the interval names without the suffix ("init", "run", "block", "epoch", "eval"). The
// key decides, not event_type: an `X_stop` logged as POINT_IN_TIME still ends X (init ends at
// init_stop; the time from there to run_start is no phase's, so idle).
//
// Design note: a result file is small (thousands of lines), so it is read whole and walked once.
// The assumptions that keep it simple:
//  - A line holds at most one event, anywhere after a prefix ("[1,0]<stdout>:", a timestamp):
//    everything before ":::MLLOG" is ignored. Lines without it are counted (ignored_line), except
//    ":::SYSJSON" lines, whose system description gives the GPU count.
//  - Several ranks may print the same event. An event is a duplicate of an earlier one with the
//    same key and metadata when the metadata carries a counter (epoch_num, samples_count, ...),
//    or, when it carries only file and lineno, when no event of the same interval was accepted
//    in between (so a loop that logs identical metadata each round still gives one interval per
//    round). The first occurrence is kept; a duplicate stop moves the end later (the slowest
//    rank gates, spec 4); duplicates are counted (duplicate_event).
//  - Stops pair with the latest open start of the same interval (the one with the same
//    epoch_num when both carry it). An unpaired stop is counted and dropped; an unclosed start
//    is closed at the end of the window (init: at run_start when there is one) and counted.
//
// Attempt: from the first event to the last (normally run_stop). Outcome from run_stop's
// metadata.status: "success" -> completed; "aborted" -> settings "aborted_outcome" (default
// failed) with cause "aborted_cause" (default unknown.aborted: MLPerf logs no root cause; the
// status also marks runs that ended without reaching the quality target); no run_stop at all ->
// settings "missing_run_stop" ("failed", the default, with cause unknown.no_run_stop, or
// "running"). A failed run takes the cause of the first fault rule matching a non-MLLOG line.
// Pseudo-intervals "before_init" (first event -> init_start: the harness and launcher) and
// "after_run" (run_stop -> last event) are mapped like the others.
//
// GPUs: settings "gpus" (a number), else the system description JSON
// (number_of_nodes x accelerators_per_node): settings "system_json" = "auto" looks it up by the
// results layout, <submitter>/results/<system>/<benchmark>/result_N.txt ->
// <submitter>/systems/<system>.json; a path (relative to the current directory) names the file,
// and is an error when it cannot be opened; "none" skips it. Else a ":::SYSJSON"
// line of the log. Else none (the importer then warns and assumes 1).
#include "core/ingest/foreign_reader.h"
#include "core/ingest/mlperf_system.h"
#include "core/ingest/reader_text.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

constexpr std::string_view kMllog = ":::MLLOG";
constexpr std::string_view kSysJson = ":::SYSJSON";
constexpr int64_t kNsPerMs = 1'000'000;

std::string_view trim(std::string_view s)
{
    return trimBlanks(s);
}

std::string mlperfShorten(std::string_view s, size_t max = 120)
{
    return shortenText(s, max);
}

std::string describe(dom::element e)
{
    return describeJson(e, 120);
}

// The text of a JSON value: a string as is, anything else as minified JSON.
std::string textOf(dom::element e)
{
    std::string_view s;
    if (!e.get_string().get(s)) {
        return std::string(s);
    }
    return simdjson::minify(e);
}

using mlperf::Layout;
using mlperf::layoutOf;
using mlperf::readSystemJson;
using mlperf::SystemInfo;

class MlperfReader final : public ForeignReader
{
public:
    MlperfReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "mlperf")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    enum class Kind { Point, Start, End };

    struct Interval
    {
        std::string name; // "init", "block", ...
        int64_t startNs = 0;
        int64_t endNs = 0;
        int64_t line = 0; // of the start
        bool open = true;
        std::optional<int64_t> epochNum;
        int ordinal = 0; // 1-based among intervals of this name
    };

    struct Seen
    {
        uint64_t generation = 0; // of the interval name when accepted
        size_t interval = SIZE_MAX; // the interval it opened or closed
    };

    Status build() override;
    Status configure();
    Status parseEvent(std::string_view json, int64_t line, std::string_view rawLine);
    // The fields of one MLLOG event that the reader uses.
    struct Event
    {
        std::string key;
        std::optional<int64_t> timeNs;
        std::optional<Kind> kind;
        std::string metadata; // minified, part of the duplicate key
        bool counters = false; // metadata beyond file and lineno
        std::string status;
        std::optional<int64_t> epochNum;
        std::optional<simdjson::dom::element> value;
    };
    // Reads an event's fields; Error names the line and field. `kind` is set (from the key's suffix
    // when there is no event_type).
    Status readEventFields(simdjson::dom::object obj, int64_t line, Event& e) const;
    void acceptStart(const std::string& name, int64_t t, int64_t line, std::optional<int64_t> epochNum, Seen& seen);
    void acceptEnd(const std::string& key, const std::string& name, int64_t t, int64_t line,
        std::optional<int64_t> epochNum, Seen& seen);
    Status emit();
    // Steps of emit().
    std::vector<Interval> closedIntervals(int64_t startNs, int64_t endNs);
    Result<JobRecord> jobRecord();
    Status jobGpus(const Layout& layout, JobRecord& job, std::map<std::string, std::string>& attrs);
    AttemptRecord attemptRecord(const JobRecord& job, int64_t startNs, int64_t endNs);

    Mapping m_mapping;
    ReaderOptions m_options;
    dom::parser m_parser;

    // Settings.
    std::optional<int64_t> m_gpusSetting;
    std::string m_systemJsonSetting = "auto";
    Outcome m_abortedOutcome = Outcome::Failed;
    std::string m_abortedCause = "unknown.aborted";
    bool m_missingStopRunning = false;
    std::vector<std::pair<std::string, std::string>> m_attrKeys; // MLLOG key -> attribute name

    // What the lines said.
    int64_t m_events = 0;
    int64_t m_firstNs = std::numeric_limits<int64_t>::max();
    int64_t m_lastNs = std::numeric_limits<int64_t>::min();
    int64_t m_firstEventLine = 0;
    std::vector<Interval> m_intervals;
    std::unordered_map<std::string, std::vector<size_t>> m_open; // interval name -> open intervals
    std::unordered_map<std::string, uint64_t> m_generation; // interval name -> accepted events
    std::unordered_map<std::string, int> m_ordinals;
    std::unordered_map<std::string, Seen> m_seen; // key + metadata -> first occurrence
    std::map<std::string, std::string> m_pointValues; // first value of each point key
    std::optional<int64_t> m_runStopNs;
    int64_t m_runStopLine = 0;
    std::string m_runStatus;
    int64_t m_ignoredLines = 0;
    int64_t m_firstIgnoredLine = 0;
    std::string m_firstIgnored;
    std::optional<Mapping::Fault> m_fault;
    int64_t m_faultLine = 0;
    std::string m_faultText;
    std::optional<SystemInfo> m_sysJsonLine; // from the first ":::SYSJSON" line
    UnmappedNames m_unmapped;
};

Status MlperfReader::configure()
{
    const std::string where = m_mapping.origin() + ": settings: ";
    if (const auto g = m_mapping.setting("gpus"); !g.empty()) {
        int64_t n = 0;
        const auto [p, ec] = std::from_chars(g.data(), g.data() + g.size(), n);
        if (ec != std::errc() || p != g.data() + g.size() || n < 1) {
            return Error { where + "gpus: expected an integer >= 1, found \"" + g + "\"" };
        }
        m_gpusSetting = n;
    }
    if (const auto s = m_mapping.setting("system_json"); !s.empty()) {
        m_systemJsonSetting = s;
    }
    if (const auto s = m_mapping.setting("aborted_outcome"); !s.empty()) {
        const auto o = parseOutcome(s);
        if (!o || *o == Outcome::Running) {
            return Error { where + "aborted_outcome: expected completed, failed, preempted or cancelled, found \"" + s
                + "\"" };
        }
        m_abortedOutcome = *o;
    }
    if (const auto s = m_mapping.setting("aborted_cause"); !s.empty()) {
        if (!isValidCauseClass(causeClass(s))) {
            return Error { where + "aborted_cause: \"" + s
                + "\": the first segment must be infra, preemption, maintenance, dependency, user, manual or "
                  "unknown" };
        }
        m_abortedCause = s;
    }
    if (const auto s = m_mapping.setting("missing_run_stop"); !s.empty()) {
        if (s != "failed" && s != "running") {
            return Error { where + "missing_run_stop: expected \"failed\" or \"running\", found \"" + s + "\"" };
        }
        m_missingStopRunning = s == "running";
    }
    if (const auto s = m_mapping.setting("attrs"); !s.empty()) {
        dom::parser parser;
        dom::element root;
        dom::object obj;
        if (parser.parse(s.data(), s.size(), true).get(root) || root.get_object().get(obj)) {
            return Error { where + "attrs: expected an object of MLLOG key -> attribute name" };
        }
        for (auto [k, v] : obj) {
            std::string_view name;
            if (v.get_string().get(name) || name.empty()) {
                return Error { where + "attrs: \"" + std::string(k) + "\": expected an attribute name (a string)" };
            }
            m_attrKeys.emplace_back(std::string(k), std::string(name));
        }
    }
    return Status::success();
}

Status MlperfReader::build()
{
    if (auto st = configure(); !st) {
        return st;
    }
    TextInput in(source(), "an MLPerf log");
    int64_t line = 0;
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            break;
        }
        const std::string_view raw = **next;
        line = in.line();
        if (const auto at = raw.find(kMllog); at != std::string_view::npos) {
            if (auto st = parseEvent(trim(raw.substr(at + kMllog.size())), line, raw); !st) {
                return st;
            }
            continue;
        }
        const std::string_view body = trim(raw);
        if (body.empty()) {
            continue;
        }
        if (const auto at = body.find(kSysJson); at != std::string_view::npos) {
            // The first line that gives a GPU count wins: a shell trace may print the line first
            // inside its command (+ echo ':::SYSJSON {...}'), which is not JSON.
            if (!m_sysJsonLine || !m_sysJsonLine->gpus) {
                SystemInfo info = readSystemJson(trim(body.substr(at + kSysJson.size())));
                if (!m_sysJsonLine || info.gpus) {
                    m_sysJsonLine = std::move(info);
                }
            }
            continue;
        }
        if (m_ignoredLines++ == 0) {
            m_firstIgnoredLine = line;
            m_firstIgnored = mlperfShorten(body);
        }
        if (!m_fault) {
            if (auto f = m_mapping.fault(body)) {
                m_fault = std::move(f);
                m_faultLine = line;
                m_faultText = mlperfShorten(body, 200);
            }
        }
    }
    if (m_events == 0) {
        return Error { path() + ": no \":::MLLOG\" event in " + std::to_string(line)
                + " lines; is this an MLPerf log? (choose another format with --format)",
            "format" };
    }
    // A power measurement log (results/<system>/<benchmark>/power/result_N/node_M.txt) logs MLLOG
    // events too, but no run: it is not an attempt of a job.
    const auto hasInterval = [&](std::string_view name) {
        return std::any_of(m_intervals.begin(), m_intervals.end(), [&](const Interval& iv) { return iv.name == name; });
    };
    if (!hasInterval("run") && !hasInterval("init") && !m_runStopNs && hasInterval("power_measurement")) {
        return Error { path()
                + ": an MLPerf power measurement log (power_measurement_start / power_reading), not a training "
                  "run: it has no init_start or run_start (import the result_N.txt files of the benchmark instead)",
            "format" };
    }
    if (m_ignoredLines > 0) {
        m_issues.add(IssueKind::IgnoredLine, "not an MLLOG line", m_firstIgnoredLine, m_firstIgnored, m_ignoredLines);
    }
    return emit();
}

Status MlperfReader::readEventFields(dom::object obj, int64_t line, Event& e) const
{
    const auto where = [&](const std::string& field) {
        return path() + ":" + std::to_string(line) + ": MLLOG event: field '" + field + "': ";
    };
    for (auto [k, v] : obj) {
        if (k == "key") {
            std::string_view s;
            if (v.get_string().get(s) || s.empty()) {
                return Error { where("key") + "expected a non-empty string, found " + describe(v) };
            }
            e.key = std::string(s);
        } else if (k == "time_ms") {
            int64_t i = 0;
            uint64_t u = 0;
            double d = 0;
            constexpr int64_t kMaxMs = std::numeric_limits<int64_t>::max() / kNsPerMs;
            if (!v.get_int64().get(i) && i >= 0 && i <= kMaxMs) {
                e.timeNs = i * kNsPerMs;
            } else if (!v.get_uint64().get(u)) {
                return Error { where("time_ms") + "expected Unix epoch milliseconds, found " + describe(v)
                    + " (too large)" };
            } else if (!v.get_double().get(d) && std::isfinite(d) && d >= 0 && d <= static_cast<double>(kMaxMs)) {
                e.timeNs = std::llround(d * static_cast<double>(kNsPerMs));
            } else {
                return Error { where("time_ms") + "expected Unix epoch milliseconds (a number >= 0), found "
                    + describe(v) };
            }
        } else if (k == "event_type") {
            std::string_view s;
            if (v.get_string().get(s)) {
                return Error { where("event_type") + "expected a string, found " + describe(v) };
            }
            if (s == "POINT_IN_TIME") {
                e.kind = Kind::Point;
            } else if (s == "INTERVAL_START") {
                e.kind = Kind::Start;
            } else if (s == "INTERVAL_END") {
                e.kind = Kind::End;
            } else {
                return Error { where("event_type") + "expected POINT_IN_TIME, INTERVAL_START or INTERVAL_END, found \""
                    + std::string(s) + "\"" };
            }
        } else if (k == "value") {
            e.value = v;
        } else if (k == "metadata") {
            dom::object md;
            if (v.type() == dom::element_type::NULL_VALUE) {
                continue;
            }
            if (v.get_object().get(md)) {
                return Error { where("metadata") + "expected an object, found " + describe(v) };
            }
            e.metadata = simdjson::minify(v);
            for (auto [mk, mv] : md) {
                if (mk != "file" && mk != "lineno") {
                    e.counters = true;
                }
                if (mk == "status") {
                    e.status = textOf(mv);
                } else if (mk == "epoch_num") {
                    int64_t n = 0;
                    if (!mv.get_int64().get(n)) {
                        e.epochNum = n;
                    }
                }
            }
        }
    }
    if (e.key.empty()) {
        return Error { path() + ":" + std::to_string(line)
            + ": MLLOG event: field 'key' is missing (expected the event's name, e.g. \"run_start\")" };
    }
    if (!e.timeNs) {
        return Error { path() + ":" + std::to_string(line)
            + ": MLLOG event: field 'time_ms' is missing (expected Unix epoch milliseconds)" };
    }
    // The key's suffix says what an interval key is, whatever its event_type: some submitters log
    // init_stop or epoch_stop as POINT_IN_TIME, and such a stop still ends its interval. Without
    // event_type (older loggers), "_end" ends one too.
    if (e.key.ends_with("_start") && e.key.size() > 6) {
        e.kind = Kind::Start;
    } else if (e.key.ends_with("_stop") && e.key.size() > 5) {
        e.kind = Kind::End;
    } else if (!e.kind) {
        e.kind = e.key.ends_with("_end") ? Kind::End : Kind::Point;
    }
    return Status::success();
}

Status MlperfReader::parseEvent(std::string_view json, int64_t line, std::string_view rawLine)
{
    dom::element root;
    if (auto err = m_parser.parse(json.data(), json.size(), true).get(root)) {
        // A cut or interleaved line (two ranks writing at once) is common in logs: count it.
        m_issues.add(IssueKind::MalformedMllog, simdjson::error_message(err), line, mlperfShorten(trim(rawLine)));
        return Status::success();
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        m_issues.add(IssueKind::MalformedMllog, "not a JSON object", line, mlperfShorten(trim(rawLine)));
        return Status::success();
    }
    Event e;
    if (auto st = readEventFields(obj, line, e); !st) {
        return st;
    }
    const std::string& key = e.key;
    const std::optional<int64_t>& timeNs = e.timeNs;
    const std::optional<Kind>& kind = e.kind;
    ++m_events;
    if (*timeNs < m_firstNs) {
        m_firstNs = *timeNs;
        m_firstEventLine = line;
    }
    m_lastNs = std::max(m_lastNs, *timeNs);

    // The interval name: the key without its suffix.
    std::string name = key;
    if (*kind == Kind::Start && name.ends_with("_start") && name.size() > 6) {
        name.resize(name.size() - 6);
    } else if (*kind == Kind::End && name.ends_with("_stop") && name.size() > 5) {
        name.resize(name.size() - 5);
    } else if (*kind == Kind::End && name.ends_with("_end") && name.size() > 4) {
        name.resize(name.size() - 4);
    }

    // Duplicates (several ranks printing the same event): see the design note.
    std::string dedupe = key;
    dedupe += '\x1f';
    dedupe += e.metadata;
    const uint64_t generation = *kind == Kind::Point ? 0 : m_generation[name];
    if (auto it = m_seen.find(dedupe); it != m_seen.end()) {
        Seen& seen = it->second;
        if (*kind == Kind::Point || e.counters || seen.generation == generation) {
            m_issues.add(IssueKind::DuplicateEvent, key, line, mlperfShorten(trim(rawLine)));
            if (seen.interval < m_intervals.size()) {
                Interval& iv = m_intervals[seen.interval];
                if (*kind == Kind::Start && *timeNs < iv.startNs) {
                    iv.startNs = *timeNs;
                } else if (*kind == Kind::End && !iv.open && *timeNs > iv.endNs) {
                    iv.endNs = *timeNs; // the slowest rank's stop
                    if (key == "run_stop" && m_runStopNs) {
                        m_runStopNs = *timeNs;
                    }
                }
            }
            return Status::success();
        }
    }
    Seen& seen = m_seen[dedupe];
    seen = Seen {};
    switch (*kind) {
    case Kind::Point:
        if (e.value) {
            m_pointValues.emplace(key, textOf(*e.value));
        }
        break;
    case Kind::Start:
        acceptStart(name, *timeNs, line, e.epochNum, seen);
        break;
    case Kind::End:
        acceptEnd(key, name, *timeNs, line, e.epochNum, seen);
        if (key == "run_stop") {
            m_runStopNs = *timeNs;
            m_runStopLine = line;
            m_runStatus = e.status;
        }
        break;
    }
    return Status::success();
}

void MlperfReader::acceptStart(
    const std::string& name, int64_t t, int64_t line, std::optional<int64_t> epochNum, Seen& seen)
{
    Interval iv;
    iv.name = name;
    iv.startNs = t;
    iv.endNs = t;
    iv.line = line;
    iv.epochNum = epochNum;
    iv.ordinal = ++m_ordinals[name];
    seen.interval = m_intervals.size();
    m_open[name].push_back(m_intervals.size());
    m_intervals.push_back(std::move(iv));
    seen.generation = ++m_generation[name];
}

void MlperfReader::acceptEnd(const std::string& key, const std::string& name, int64_t t, int64_t line,
    std::optional<int64_t> epochNum, Seen& seen)
{
    seen.generation = ++m_generation[name];
    auto& open = m_open[name];
    if (open.empty()) {
        m_issues.add(IssueKind::StopWithoutStart, key, line,
            key + " at " + formatRfc3339(t) + " without an open " + name + "_start; dropped");
        return;
    }
    // The latest open start, or the one of the same epoch when both say.
    auto pick = open.end() - 1;
    if (epochNum) {
        for (auto it = open.rbegin(); it != open.rend(); ++it) {
            if (m_intervals[*it].epochNum == epochNum) {
                pick = std::prev(it.base());
                break;
            }
        }
    }
    Interval& iv = m_intervals[*pick];
    open.erase(pick);
    if (t < iv.startNs) {
        m_issues.add(IssueKind::StopBeforeStart, key, line,
            key + " at " + formatRfc3339(t) + " is before its start (line " + std::to_string(iv.line)
                + "); taken as zero length");
        t = iv.startNs;
    }
    iv.endNs = t;
    iv.open = false;
    seen.interval = static_cast<size_t>(&iv - m_intervals.data());
}

// Closes what never stopped (init at run_start when there is one, the rest at the end) and adds
// the pseudo-intervals before init and after the run; sorted by start.
std::vector<MlperfReader::Interval> MlperfReader::closedIntervals(int64_t startNs, int64_t endNs)
{
    // 1. Close what never stopped.
    std::optional<int64_t> runStartNs;
    for (const Interval& iv : m_intervals) {
        if (iv.name == "run") {
            runStartNs = runStartNs ? std::min(*runStartNs, iv.startNs) : iv.startNs;
        }
    }
    for (Interval& iv : m_intervals) {
        if (!iv.open) {
            continue;
        }
        iv.endNs = endNs;
        if (iv.name == "init" && runStartNs && *runStartNs >= iv.startNs) {
            iv.endNs = *runStartNs;
        }
        iv.open = false;
        m_issues.add(IssueKind::UnclosedInterval, iv.name, iv.line,
            iv.name + "_start at " + formatRfc3339(iv.startNs) + " never stopped; closed at "
                + formatRfc3339(iv.endNs));
    }

    // 2. The pseudo-intervals around init and run.
    std::optional<int64_t> initStartNs;
    for (const Interval& iv : m_intervals) {
        if (iv.name == "init") {
            initStartNs = initStartNs ? std::min(*initStartNs, iv.startNs) : iv.startNs;
        }
    }
    std::vector<Interval> all = m_intervals;
    if (initStartNs && *initStartNs > startNs) {
        all.push_back({ "before_init", startNs, *initStartNs, m_firstEventLine, false, std::nullopt, 1 });
    }
    if (m_runStopNs && *m_runStopNs < endNs) {
        all.push_back({ "after_run", *m_runStopNs, endNs, m_runStopLine, false, std::nullopt, 1 });
    }
    std::stable_sort(
        all.begin(), all.end(), [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; });

    return all;
}

// The job: its key (--job, else submitter/system/benchmark/run from the results layout, else the
// file name), attributes, GPUs and name.
Result<JobRecord> MlperfReader::jobRecord()
{
    const Layout layout = layoutOf(m_options.copyOf.empty() ? path() : m_options.copyOf);
    JobRecord job;
    job.job = m_options.job ? *m_options.job
        : layout.matches    ? layout.submitter + "/" + layout.system + "/" + layout.benchmark + "/" + layout.run
                            : jobIdFromPath(path());
    std::map<std::string, std::string> attrs;
    attrs["source"] = "mlperf";
    for (const auto& [key, attr] : m_attrKeys) {
        if (auto it = m_pointValues.find(key); it != m_pointValues.end() && !it->second.empty()) {
            attrs[attr] = it->second;
        }
    }
    if (layout.matches) {
        attrs.try_emplace("submitter", layout.submitter);
        attrs.try_emplace("benchmark", layout.benchmark);
        attrs["system"] = layout.system;
    }
    if (auto st = jobGpus(layout, job, attrs); !st) {
        return st.error();
    }
    job.attrs.assign(attrs.begin(), attrs.end());
    const auto bench = attrs.find("benchmark");
    job.name = bench != attrs.end() ? bench->second + (layout.matches ? " " + layout.run : std::string()) : job.job;
    return job;
}

// The job's GPUs: the setting, else the system description file, else the :::SYSJSON line; each
// problem with them is counted (system_json). Adds the accelerator attribute.
Status MlperfReader::jobGpus(const Layout& layout, JobRecord& job, std::map<std::string, std::string>& attrs)
{
    std::optional<SystemInfo> fromFile;
    std::string systemJsonPath;
    if (m_systemJsonSetting == "auto") {
        if (layout.matches) {
            systemJsonPath = layout.systemJson.string();
        }
    } else if (m_systemJsonSetting != "none") {
        systemJsonPath = m_systemJsonSetting;
    }
    if (!systemJsonPath.empty()) {
        std::ifstream in(systemJsonPath, std::ios::binary);
        if (in) {
            std::ostringstream text;
            text << in.rdbuf();
            fromFile = readSystemJson(text.str());
            if (!fromFile->gpus) {
                m_issues.add(IssueKind::SystemJson, "no GPU count", 0, systemJsonPath + ": " + fromFile->problem);
            }
        } else if (m_systemJsonSetting != "auto") {
            return Error { m_mapping.origin() + ": settings: system_json: cannot open \"" + systemJsonPath + "\"" };
        } else {
            m_issues.add(IssueKind::SystemJson, "not found", 0, systemJsonPath + " does not exist");
        }
    }
    if (m_sysJsonLine && !m_sysJsonLine->gpus) {
        m_issues.add(IssueKind::SystemJson, "no GPU count", 0, ":::SYSJSON line: " + m_sysJsonLine->problem);
    }
    if (m_gpusSetting) {
        job.gpus = m_gpusSetting;
    } else if (fromFile && fromFile->gpus) {
        job.gpus = fromFile->gpus;
        if (m_sysJsonLine && m_sysJsonLine->gpus && m_sysJsonLine->gpus != fromFile->gpus) {
            m_issues.add(IssueKind::SystemJson, "GPU counts disagree", 0,
                systemJsonPath + " says " + std::to_string(*fromFile->gpus) + ", the :::SYSJSON line "
                    + std::to_string(*m_sysJsonLine->gpus) + "; the file wins");
        }
    } else if (m_sysJsonLine && m_sysJsonLine->gpus) {
        job.gpus = m_sysJsonLine->gpus;
    }
    for (const auto* sys : { &fromFile, &m_sysJsonLine }) {
        if (*sys && !(*sys)->accelerator.empty()) {
            attrs.try_emplace("accelerator", (*sys)->accelerator);
        }
    }
    return Status::success();
}

// The attempt and its outcome from run_stop (or its absence) and the fault rules.
AttemptRecord MlperfReader::attemptRecord(const JobRecord& job, int64_t startNs, int64_t endNs)
{
    AttemptRecord attempt;
    attempt.job = job.job;
    attempt.attempt = m_options.attempt.value_or(0);
    attempt.startNs = startNs;
    attempt.endNs = endNs;
    attempt.windowFromTrace = true; // per-rank logs of one run (same --job/--attempt) widen to the union
    bool failed = false;
    if (!m_runStopNs) {
        m_issues.add(IssueKind::MissingRunStop, "", 0,
            std::string("no run_stop event: the run ") + (m_missingStopRunning ? "is taken as still running" : "failed")
                + " at the last event, " + formatRfc3339(endNs));
        if (m_missingStopRunning) {
            attempt.outcome = Outcome::Running;
        } else {
            attempt.outcome = Outcome::Failed;
            attempt.cause = "unknown.no_run_stop";
            attempt.detail = "the log ends without run_stop";
            failed = true;
        }
    } else if (m_runStatus == "success") {
        attempt.outcome = Outcome::Completed;
    } else if (m_runStatus == "aborted") {
        attempt.outcome = m_abortedOutcome;
        attempt.cause = m_abortedCause;
        attempt.symptom = Symptom::Explicit;
        attempt.detail = "run_stop status aborted";
        failed = isInterrupted(m_abortedOutcome);
    } else {
        m_issues.add(IssueKind::UnknownRunStatus, m_runStatus.empty() ? "(none)" : m_runStatus, m_runStopLine,
            "run_stop metadata.status \"" + m_runStatus + "\": taken as failed");
        attempt.outcome = Outcome::Failed;
        attempt.cause = "unknown";
        attempt.detail = "run_stop status " + (m_runStatus.empty() ? std::string("missing") : m_runStatus);
        failed = true;
    }
    if (failed && m_fault) {
        attempt.cause = m_fault->cause;
        attempt.symptom = m_fault->symptom;
        attempt.detail += (attempt.detail.empty() ? "" : "; ") + std::string("line ") + std::to_string(m_faultLine)
            + ": " + m_faultText;
    }
    return attempt;
}

Status MlperfReader::emit()
{
    const int64_t startNs = m_firstNs;
    const int64_t endNs = m_lastNs;
    // 1-2. Intervals closed and completed.
    const std::vector<Interval> all = closedIntervals(startNs, endNs);
    // 3. The job.
    auto job = jobRecord();
    if (!job) {
        return job.error();
    }
    add(*job, m_firstEventLine);
    // 4. The attempt.
    const AttemptRecord attempt = attemptRecord(*job, startNs, endNs);
    add(attempt, m_runStopNs ? m_runStopLine : m_firstEventLine);

    // 5. Phases, through the mapping.
    for (const Interval& iv : all) {
        const Mapping::Match& m = m_mapping.map(iv.name);
        if (m.what == Mapping::Match::What::Ignore) {
            continue;
        }
        if (m.what == Mapping::Match::What::Unmapped) {
            m_unmapped.add(iv.name, iv.endNs - iv.startNs, iv.line);
            continue;
        }
        PhaseRecord p;
        p.job = job->job;
        p.attempt = attempt.attempt;
        p.category = m.category;
        p.subcategory = m.subcategory;
        p.startNs = iv.startNs;
        p.endNs = iv.endNs;
        p.rank = m_options.rank.value_or(-1);
        p.name = !iv.epochNum    ? iv.name + " #" + std::to_string(iv.ordinal)
            : iv.name == "epoch" ? "epoch " + std::to_string(*iv.epochNum)
                                 : iv.name + " (epoch " + std::to_string(*iv.epochNum) + ")";
        add(p, iv.line);
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openMlperfReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<MlperfReader>(path, options, "mlperf", "mlperf");
}

} // namespace ett::core
