// Reader of NVIDIA OneLogger's file exporter (nv-one-logger, one_logger_core/exporter/
// base_json_exporter.py and file_exporter.py): JSON Lines, one record per line, each with "type":
//   start     {id, name, attributes?, start_event: {name, attributes: {timestamp_msec, ...}}}
//   stop      {id, name, attributes?, stop_event: {...}}
//   complete  {id, name, attributes?, start_event, stop_event}   (a span without children)
//   event     {span_id, event: {name, attributes: {timestamp_msec, ...}}}
//   application_error     {span_id, event: {name "error", attributes: {exception_type,
//                          exception_message, error_message, timestamp_msec}}}
//   telemetry_data_error  {error: {name, attributes: {...}}}
// and "count" and "pid" on every record. Span names are the training telemetry's
// (training_telemetry/api/spans.py): application, distributed_code_initialization,
// data_loader_initialization, model_initialization, optimizer_initialization, checkpoint_load,
// checkpoint_save_sync, checkpoint_save_async, checkpoint_save_finalization, training_loop,
// training_single_iteration, data_loading, validation_loop, ...
//
// Design note: an export holds a few records per span (iterations are usually not exported), so
// it is read whole and walked once. The decisions:
//  - Spans pair by id (start then stop, or one complete record). No parent id is written: the
//    reader nests spans by time containment (a span's parent is the latest-starting span that
//    contains it) and names each phase by its path ("training_loop/checkpoint_save_sync"); the
//    mapping maps the span's own name. Overlaps need no more: the accounting's priorities settle
//    them (spec 5.2). A stop without its start is counted (stop_without_start) and dropped; a span
//    never stopped is closed at the file's last time (unclosed_interval).
//  - Checkpoints. Each save_checkpoint_success event is a durable checkpoint at the event's time,
//    step = its current_iteration. The state was captured at the start of the save span: the
//    event's own span when it is a checkpoint_save_* span (synchronous saves), else the latest
//    checkpoint_save_async / _sync span with the same current_iteration, else the latest such span
//    started before the event, else the event's time.
//  - Fault. The earliest application_error is the attempt's fault (cause: the first fault rule
//    matching "exception_type: exception_message error_message", else "unknown"). Without one, a
//    span never stopped means the process died: failed at the file's last time, cause
//    unknown.unclosed_span (the setting "missing_end": "running" takes it as still running).
//  - Identity. Job: --job, else the setting "job", else the file name (without .jsonl / .json /
//    .gz). Attempt: --attempt, else 0. The one_logger_initialization event gives the world size
//    (the job's GPUs; else the setting "gpus", else job_gpus_missing), the rank (else --rank, else
//    the whole attempt), the host (node_name: a rank record) and session_tag (a job attribute). The
//    window is the first to the last time of the file (windowFromTrace: ranks' files of one
//    attempt widen it to their union).
//  - Lines that are not JSON objects are counted (malformed_line); telemetry_data_error records
//    are counted (telemetry_data_error); unknown record types are counted (unknown_record_type).
//    A record without its name, id or timestamp, or with a field of the wrong type, is an error
//    naming the line and field.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/readers.h"
#include "core/ingest/span_log.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>
#include <vector>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

constexpr int64_t kNsPerMs = 1'000'000;
constexpr size_t kMaxPathBytes = 300; // of a phase's name (its nesting path)

class OneloggerReader final : public ForeignReader
{
public:
    OneloggerReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "onelogger")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    struct Span
    {
        std::string id;
        std::string name;
        int64_t startNs = 0;
        int64_t endNs = 0;
        int64_t line = 0; // of the start (or of the complete record)
        bool open = true;
        std::optional<int64_t> iteration; // attributes.current_iteration (checkpoint spans)
        std::string path; // names of the enclosing spans and its own, "/"-separated
    };
    struct Event
    {
        std::string spanId;
        std::string name;
        int64_t timeNs = 0;
        int64_t line = 0;
        std::optional<int64_t> iteration;
    };

    Status build() override;
    Status configure();
    Status readRecord(dom::object obj, int64_t line);
    Result<int64_t> timestampOf(dom::object obj, const char* key, const spanlog::Where& w);
    Result<std::string> idOf(dom::object obj, const char* key, const spanlog::Where& w) const;
    void seen(int64_t t, int64_t line);
    void nestSpans();
    // Where a save_checkpoint_success event's state was captured (see the design note); needs
    // indexSaveSpans() first.
    void indexSaveSpans();
    int64_t captureNs(const Event& e) const;
    Status emit();

    Mapping m_mapping;
    ReaderOptions m_options;
    dom::parser m_parser;

    std::optional<int64_t> m_gpusSetting;
    std::string m_jobSetting;
    bool m_missingEndRunning = false;

    int64_t m_records = 0;
    int64_t m_firstNs = std::numeric_limits<int64_t>::max();
    int64_t m_lastNs = std::numeric_limits<int64_t>::min();
    int64_t m_firstLine = 0;
    std::vector<Span> m_spans;
    std::unordered_map<std::string, size_t> m_byId;
    std::vector<Event> m_saves; // save_checkpoint_success events
    std::vector<int64_t> m_saveStarts; // of the checkpoint_save_sync / _async spans, sorted
    std::map<int64_t, std::vector<int64_t>> m_saveStartsByIteration; // the same by current_iteration
    std::optional<Event> m_error; // the earliest application_error
    std::string m_errorText;
    std::optional<int64_t> m_worldSize;
    std::optional<int64_t> m_rank;
    std::string m_host;
    std::string m_sessionTag;
    UnmappedNames m_unmapped;
};

Status OneloggerReader::configure()
{
    const std::string where = m_mapping.origin() + ": settings: ";
    auto gpus = spanlog::gpusSetting(m_mapping, where);
    if (!gpus) {
        return gpus.error();
    }
    m_gpusSetting = *gpus;
    m_jobSetting = m_mapping.setting("job");
    auto missingEnd = spanlog::missingEndRunning(m_mapping, where);
    if (!missingEnd) {
        return missingEnd.error();
    }
    m_missingEndRunning = *missingEnd;
    return Status::success();
}

Status OneloggerReader::build()
{
    if (auto st = configure(); !st) {
        return st;
    }
    TextInput in(source(), "a OneLogger export");
    auto malformedLines = spanlog::forEachObjectLine(
        in, m_parser, m_issues, [this](dom::object obj, int64_t line) { return readRecord(obj, line); });
    if (!malformedLines) {
        return malformedLines.error();
    }
    const int64_t malformed = *malformedLines;
    if (m_records == 0) {
        return Error { path() + ": no OneLogger records (JSON objects with \"type\" start, stop, complete, event or "
            + "application_error)"
            + (malformed > 0 ? "; " + std::to_string(malformed) + " lines are not JSON objects" : "") };
    }
    return emit();
}

void OneloggerReader::seen(int64_t t, int64_t line)
{
    if (t < m_firstNs) {
        m_firstNs = t;
        m_firstLine = line;
    }
    m_lastNs = std::max(m_lastNs, t);
}

// The timestamp_msec of obj[key].attributes, in ns.
Result<int64_t> OneloggerReader::timestampOf(dom::object obj, const char* key, const spanlog::Where& w)
{
    const std::string field = std::string(key) + ".attributes.timestamp_msec";
    dom::element e;
    if (obj[key]["attributes"]["timestamp_msec"].get(e)) {
        return w.field(field, "milliseconds since 1970", obj[key]["attributes"]["timestamp_msec"]);
    }
    auto t = spanlog::numberToNs(e, kNsPerMs);
    if (!t) {
        return w.field(field, "milliseconds since 1970 that fit in 64-bit nanoseconds", e);
    }
    return *t;
}

// A span id: a string (the exporter writes str(uuid)) or an integer.
Result<std::string> OneloggerReader::idOf(dom::object obj, const char* key, const spanlog::Where& w) const
{
    dom::element e;
    std::string_view s;
    int64_t n = 0;
    if (!obj[key].get(e) && !e.get_string().get(s) && !s.empty()) {
        return spanlog::shorten(s, 200);
    }
    if (!obj[key].get(e) && !e.get_int64().get(n)) {
        return std::to_string(n);
    }
    return w.field(key, "a span id (a string)", obj[key]);
}

// An integer attribute, when present and an integer.
std::optional<int64_t> intAttribute(dom::object obj, const char* key)
{
    int64_t v = 0;
    if (obj["attributes"][key].get_int64().get(v)) {
        return std::nullopt;
    }
    return v;
}

Status OneloggerReader::readRecord(dom::object obj, int64_t line)
{
    const spanlog::Where w { path(), line, "OneLogger record" };
    std::string_view type;
    if (obj["type"].get_string().get(type)) {
        return w.field("type", "a record type (start, stop, complete, event, application_error)", obj["type"]);
    }
    if (type == "start" || type == "stop" || type == "complete") {
        auto id = idOf(obj, "id", w);
        if (!id) {
            return id.error();
        }
        std::string_view name;
        if (obj["name"].get_string().get(name) || name.empty()) {
            return w.field("name", "the span's name", obj["name"]);
        }
        std::optional<int64_t> startNs;
        std::optional<int64_t> stopNs;
        if (type != "stop") {
            auto t = timestampOf(obj, "start_event", w);
            if (!t) {
                return t.error();
            }
            startNs = *t;
        }
        if (type != "start") {
            auto t = timestampOf(obj, "stop_event", w);
            if (!t) {
                return t.error();
            }
            stopNs = *t;
        }
        ++m_records;
        seen(startNs ? *startNs : *stopNs, line);
        if (stopNs) {
            seen(*stopNs, line);
        }
        auto it = m_byId.find(*id);
        if (type == "stop") {
            if (it == m_byId.end() || !m_spans[it->second].open) {
                m_issues.add(IssueKind::StopWithoutStart, std::string(name), line,
                    std::string(name) + " stop at " + formatRfc3339(*stopNs) + " without an open start (id " + *id
                        + "); dropped");
                return Status::success();
            }
            Span& s = m_spans[it->second];
            if (*stopNs < s.startNs) {
                m_issues.add(IssueKind::StopBeforeStart, s.name, line,
                    s.name + " stop at " + formatRfc3339(*stopNs) + " is before its start (line "
                        + std::to_string(s.line) + "); taken as zero length");
            }
            s.endNs = std::max(*stopNs, s.startNs);
            s.open = false;
            return Status::success();
        }
        if (it != m_byId.end()) {
            return Error { w.prefix() + "field 'id': span " + *id + " was already started (line "
                + std::to_string(m_spans[it->second].line) + ")" };
        }
        Span s;
        s.id = *id;
        s.name = spanlog::shorten(name, 200);
        s.startNs = *startNs;
        s.endNs = stopNs ? std::max(*stopNs, *startNs) : *startNs;
        s.open = !stopNs;
        s.line = line;
        s.iteration = intAttribute(obj, "current_iteration");
        if (stopNs && *stopNs < *startNs) {
            m_issues.add(
                IssueKind::StopBeforeStart, s.name, line, s.name + " stop is before its start; taken as zero length");
        }
        m_byId.emplace(s.id, m_spans.size());
        m_spans.push_back(std::move(s));
        return Status::success();
    }
    if (type == "event" || type == "application_error") {
        auto spanId = idOf(obj, "span_id", w);
        if (!spanId) {
            return spanId.error();
        }
        dom::object ev;
        if (obj["event"].get_object().get(ev)) {
            return w.field("event", "an object with name and attributes", obj["event"]);
        }
        std::string_view name;
        if (ev["name"].get_string().get(name)) {
            return w.field("event.name", "the event's name", ev["name"]);
        }
        auto t = timestampOf(obj, "event", w);
        if (!t) {
            return t.error();
        }
        ++m_records;
        seen(*t, line);
        Event e { *spanId, std::string(name), *t, line, intAttribute(ev, "current_iteration") };
        if (type == "application_error") {
            if (!m_error || e.timeNs < m_error->timeNs) {
                std::string text;
                for (const char* key : { "exception_type", "exception_message", "error_message" }) {
                    std::string_view part;
                    if (!ev["attributes"][key].get_string().get(part) && !part.empty()) {
                        text += (text.empty() ? "" : key == std::string_view("exception_message") ? ": " : " ");
                        text += part;
                    }
                }
                m_errorText = spanlog::shorten(text.empty() ? std::string_view("application_error") : text, 300);
                m_error = std::move(e);
            }
        } else if (name == "save_checkpoint_success") {
            m_saves.push_back(std::move(e));
        } else if (name == "one_logger_initialization") {
            m_worldSize = intAttribute(ev, "world_size");
            m_rank = intAttribute(ev, "rank");
            std::string_view s;
            if (!ev["attributes"]["node_name"].get_string().get(s)) {
                m_host = spanlog::shorten(s, 256);
            }
            if (!ev["attributes"]["session_tag"].get_string().get(s)) {
                m_sessionTag = spanlog::shorten(s, 256);
            }
        }
        return Status::success();
    }
    if (type == "telemetry_data_error") {
        std::string_view kind;
        std::string_view message;
        if (obj["error"]["attributes"]["telemetry_data_error_type"].get_string().get(kind)) {
            kind = {};
        }
        if (obj["error"]["attributes"]["error_message"].get_string().get(message)) {
            message = {};
        }
        m_issues.add(IssueKind::TelemetryDataError, spanlog::shorten(kind.empty() ? "unknown" : kind, 60), line,
            spanlog::shorten(message));
        return Status::success();
    }
    m_issues.add(IssueKind::UnknownRecordType, spanlog::shorten(type, 60), line);
    return Status::success();
}

// Parents by time containment: spans sorted by start (the longer first on ties); a stack holds the
// chain of spans containing the current one.
void OneloggerReader::nestSpans()
{
    std::vector<size_t> order(m_spans.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const Span& x = m_spans[a];
        const Span& y = m_spans[b];
        return x.startNs != y.startNs ? x.startNs < y.startNs : x.endNs > y.endNs;
    });
    std::vector<size_t> stack;
    for (size_t i : order) {
        Span& s = m_spans[i];
        while (!stack.empty() && m_spans[stack.back()].endNs < s.endNs) {
            stack.pop_back();
        }
        // Bounded names: a longer path keeps its tail only.
        s.path = stack.empty() ? s.name : m_spans[stack.back()].path + "/" + s.name;
        if (s.path.size() > kMaxPathBytes) {
            size_t from = s.path.size() - (kMaxPathBytes - 3);
            while (from < s.path.size() && (static_cast<unsigned char>(s.path[from]) & 0xC0) == 0x80) {
                ++from; // not inside a UTF-8 sequence
            }
            s.path = "..." + s.path.substr(from);
        }
        stack.push_back(i);
    }
}

bool isSaveSpan(std::string_view name)
{
    return name == "checkpoint_save_sync" || name == "checkpoint_save_async";
}

// The latest start <= t in sorted starts, if any.
std::optional<int64_t> latestStart(const std::vector<int64_t>& starts, int64_t t)
{
    auto it = std::upper_bound(starts.begin(), starts.end(), t);
    if (it == starts.begin()) {
        return std::nullopt;
    }
    return *std::prev(it);
}

void OneloggerReader::indexSaveSpans()
{
    for (const Span& s : m_spans) {
        if (isSaveSpan(s.name)) {
            m_saveStarts.push_back(s.startNs);
            if (s.iteration) {
                m_saveStartsByIteration[*s.iteration].push_back(s.startNs);
            }
        }
    }
    std::sort(m_saveStarts.begin(), m_saveStarts.end());
    for (auto& entry : m_saveStartsByIteration) {
        std::sort(entry.second.begin(), entry.second.end());
    }
}

int64_t OneloggerReader::captureNs(const Event& e) const
{
    if (auto it = m_byId.find(e.spanId); it != m_byId.end() && isSaveSpan(m_spans[it->second].name)) {
        return m_spans[it->second].startNs;
    }
    if (e.iteration) {
        if (auto it = m_saveStartsByIteration.find(*e.iteration); it != m_saveStartsByIteration.end()) {
            if (auto t = latestStart(it->second, e.timeNs)) {
                return *t;
            }
        }
    }
    return latestStart(m_saveStarts, e.timeNs).value_or(e.timeNs);
}

Status OneloggerReader::emit()
{
    const std::string job = m_options.job ? *m_options.job
        : !m_jobSetting.empty()           ? m_jobSetting
                                          : [&] {
                                      std::string name = jobIdFromPath(path());
                                      if (name.size() > 6 && name.ends_with(".jsonl")) {
                                          name.resize(name.size() - 6);
                                      }
                                      return name;
                                  }();
    const int32_t attemptNo = m_options.attempt.value_or(0);
    const int32_t rank = m_options.rank                                            ? *m_options.rank
        : m_rank && *m_rank >= 0 && *m_rank <= std::numeric_limits<int32_t>::max() ? static_cast<int32_t>(*m_rank)
                                                                                   : -1;
    // 1. The job.
    JobRecord jr;
    jr.job = job;
    jr.gpus = m_gpusSetting ? m_gpusSetting : m_worldSize && *m_worldSize >= 1 ? m_worldSize : std::nullopt;
    jr.attrs = { { "source", "onelogger" } };
    if (!m_sessionTag.empty()) {
        jr.attrs.emplace_back("session_tag", m_sessionTag);
    }
    if (!jr.gpus) {
        m_issues.add(IssueKind::JobGpusMissing, "", 0,
            "job " + spanlog::shorten(job) + ": no one_logger_initialization event with world_size; 1 GPU assumed");
    }
    add(jr, m_firstLine);
    if (m_firstNs < kYear2000Ns) {
        m_issues.add(IssueKind::RelativeTimes, "", m_firstLine,
            "the first time is " + formatRfc3339(m_firstNs) + ": before 2000, so not a real date");
    }

    // 2. Spans never stopped end at the file's last time.
    std::optional<size_t> unclosed;
    for (size_t i = 0; i < m_spans.size(); ++i) {
        Span& s = m_spans[i];
        if (!s.open) {
            continue;
        }
        s.endNs = std::max(s.startNs, m_lastNs);
        s.open = false;
        m_issues.add(IssueKind::UnclosedInterval, s.name, s.line,
            s.name + " (id " + s.id + ") started at " + formatRfc3339(s.startNs)
                + " and never stopped; closed at the file's last time, " + formatRfc3339(s.endNs));
        if (!unclosed) {
            unclosed = i;
        }
    }

    // 3. The attempt and its fault.
    AttemptRecord ar;
    ar.job = job;
    ar.attempt = attemptNo;
    ar.startNs = m_firstNs;
    ar.endNs = m_lastNs;
    ar.windowFromTrace = true;
    if (m_error) {
        ar.outcome = Outcome::Failed;
        ar.interruptedAtNs = m_error->timeNs;
        ar.cause = "unknown";
        ar.symptom = Symptom::Explicit;
        if (auto rule = m_mapping.fault(m_errorText)) {
            ar.cause = rule->cause;
            ar.symptom = rule->symptom;
        }
        std::string spanName = "an unknown span";
        if (auto it = m_byId.find(m_error->spanId); it != m_byId.end()) {
            spanName = m_spans[it->second].name;
        }
        ar.detail
            = "application_error in " + spanName + " (line " + std::to_string(m_error->line) + "): " + m_errorText;
    } else if (unclosed && m_missingEndRunning) {
        ar.outcome = Outcome::Running;
    } else if (unclosed) {
        const Span& s = m_spans[*unclosed];
        ar.outcome = Outcome::Failed;
        ar.interruptedAtNs = m_lastNs;
        ar.cause = "unknown.unclosed_span";
        ar.detail = "span " + s.name + " (line " + std::to_string(s.line) + ") never stopped; the export ends at "
            + formatRfc3339(m_lastNs);
    }
    add(ar, m_firstLine);
    if (rank >= 0 && !m_host.empty()) {
        add(RankRecord { job, attemptNo, rank, m_host }, m_firstLine);
    }

    // 4. Phases through the mapping, named by their nesting.
    nestSpans();
    for (const Span& s : m_spans) {
        const Mapping::Match& m = m_mapping.map(s.name);
        if (m.what == Mapping::Match::What::Ignore) {
            continue;
        }
        if (m.what == Mapping::Match::What::Unmapped) {
            m_unmapped.add(s.name, s.endNs - s.startNs, s.line);
            continue;
        }
        PhaseRecord p;
        p.job = job;
        p.attempt = attemptNo;
        p.category = m.category;
        p.subcategory = m.subcategory;
        p.startNs = s.startNs;
        p.endNs = s.endNs;
        p.rank = rank;
        p.name = s.path;
        add(p, s.line);
    }

    // 5. Durable checkpoints.
    indexSaveSpans();
    for (const Event& e : m_saves) {
        CheckpointRecord c;
        c.job = job;
        c.attempt = attemptNo;
        c.step = e.iteration;
        c.startNs = std::min(captureNs(e), e.timeNs);
        c.durableNs = e.timeNs;
        add(c, e.line);
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openOneloggerReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<OneloggerReader>(path, options, "onelogger", "onelogger");
}

} // namespace ett::core
