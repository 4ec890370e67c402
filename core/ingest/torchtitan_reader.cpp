// Reader of torchtitan's structured logs: the per-rank JSON Lines that
// torchtitan/observability/structured_logger writes to
// {dump_folder}/structured_logs/{source}.global_rank_{rank}.{YYYYmmdd-HHMMSS}-{random}.jsonl.
// Each line is one flat object: rank, host_name, source, step, relative_step, step_tags,
// time / time_ms / time_us, log_type ("event", "instant", "text"), log_type_name
// ("<span>_start", "<span>_end", "<span>_error" or an instant's name), task_name, value, message.
//
// Design note: a rank's file holds a few records per training step, so it is read whole and walked
// once. The decisions:
//  - Spans. `log_trace_span(name)` writes name_start and name_end (and name_error before the end
//    when an exception left the span). Ends pair with the latest open start of the same name on
//    the same (rank, source, task_name), as upstream's Gantt generator pairs them per task. A
//    record with log_type "instant" (or "text") is never a span, whatever its suffix
//    ("training_start" is an instant). Times are time_us, else time_ms, else time (seconds).
//  - Names for the mapping. The span name, except: the first "step" of each rank (relative_step
//    1, or the rank's first step in the file when relative_step is absent) is "first_step"
//    (graph compilation and warm-up happen there), and a "checkpoint_save" span whose end record
//    lacks the step tag "checkpoint_save" is "checkpoint_save_skipped" (torchtitan opens the span
//    on every step and tags only the steps that really save).
//  - Checkpoints. A tagged checkpoint_save span is a synchronous save: the state is captured at
//    its start and durable at its end (the slowest rank of the file); one record per step. The
//    setting "checkpoints": "none" writes none (asynchronous saves, whose durability the log does
//    not show).
//  - Fault. An "_error" record is the attempt's fault unless its rank starts another span later
//    (the exception was handled: counted handled_error); the earliest such error is the fault time,
//    with the cause of the first fault rule matching its message (else "unknown"). Else a span
//    still open at the end of its rank's records means the process died: the fault is at that
//    rank's last record (the earliest over such ranks), cause unknown.unclosed_span, and the span
//    is closed there (unclosed_interval). The setting "missing_end": "running" takes such a log as
//    a run still going instead.
//  - Identity. The records carry no run id. Job: --job, else the setting "job", else the name of
//    the run's folder (the directory above structured_logs, which every rank's file of a run
//    shares; the file's directory when it is not in a structured_logs folder). Attempt: --attempt,
//    else 0: the files of a restarted run must be imported with their attempt number. The window
//    is the file's first to last record (windowFromTrace), so the ranks' files of one attempt widen
//    it to their union. Ranks come from each record's "rank" (--rank when absent, else the whole
//    attempt), hosts from "host_name" (rank records, spec 7.3). GPUs: the setting "gpus"; the log
//    does not say the world size (job_gpus_missing otherwise).
//  - Lines that are not JSON objects (a line cut when the process died) are counted
//    (malformed_line); a record without log_type_name or a time, or with a field of the wrong type,
//    is an error naming the line and field.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/readers.h"
#include "core/ingest/span_log.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

namespace fs = std::filesystem;

class TorchtitanReader final : public ForeignReader
{
public:
    TorchtitanReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "torchtitan")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    struct Span
    {
        std::string name; // the span's name, without _start
        int32_t rank = -1;
        int64_t startNs = 0;
        int64_t endNs = 0;
        int64_t line = 0; // of the start
        bool open = true;
        bool savedTag = false; // the end record's step_tags hold "checkpoint_save"
        bool firstStep = false;
        bool failed = false; // an _error record came before its end
        std::optional<int64_t> step;
    };
    struct Failure
    {
        int32_t rank = -1;
        int64_t timeNs = 0;
        int64_t line = 0;
        std::string name;
        std::string message;
    };
    struct RankState
    {
        int64_t lastNs = std::numeric_limits<int64_t>::min();
        int64_t lastStartLine = 0;
        bool sawStep = false;
        std::string host;
    };
    // A record's fields that the reader uses.
    struct Record
    {
        std::string_view typeName;
        std::string_view logType;
        std::string_view source;
        std::string_view task;
        bool hasTask = false;
        std::string_view host;
        std::string_view message;
        int32_t rank = -1;
        int64_t timeNs = 0;
        std::optional<int64_t> step;
        std::optional<int64_t> relativeStep;
        bool savedTag = false;
    };
    using PairKey = std::tuple<int32_t, std::string, std::string, std::string>; // rank, source, task, name

    Status build() override;
    Status configure();
    Status readRecord(dom::object obj, int64_t line, Record& r) const;
    void accept(const Record& r, int64_t line);
    Status emit();
    std::string jobKey() const;

    Mapping m_mapping;
    ReaderOptions m_options;
    dom::parser m_parser;

    std::optional<int64_t> m_gpusSetting;
    std::string m_jobSetting;
    bool m_checkpoints = true;
    bool m_missingEndRunning = false;

    int64_t m_records = 0;
    int64_t m_firstNs = std::numeric_limits<int64_t>::max();
    int64_t m_lastNs = std::numeric_limits<int64_t>::min();
    int64_t m_firstLine = 0;
    std::vector<Span> m_spans;
    std::map<PairKey, std::vector<size_t>> m_open;
    std::map<int32_t, RankState> m_ranks;
    std::vector<Failure> m_errors;
    UnmappedNames m_unmapped;
};

Status TorchtitanReader::configure()
{
    const std::string where = m_mapping.origin() + ": settings: ";
    auto gpus = spanlog::gpusSetting(m_mapping, where);
    if (!gpus) {
        return gpus.error();
    }
    m_gpusSetting = *gpus;
    m_jobSetting = m_mapping.setting("job");
    if (const auto s = m_mapping.setting("checkpoints"); !s.empty()) {
        if (s != "sync" && s != "none") {
            return Error { where + "checkpoints: expected \"sync\" or \"none\", found \"" + s + "\"" };
        }
        m_checkpoints = s == "sync";
    }
    auto missingEnd = spanlog::missingEndRunning(m_mapping, where);
    if (!missingEnd) {
        return missingEnd.error();
    }
    m_missingEndRunning = *missingEnd;
    return Status::success();
}

Status TorchtitanReader::build()
{
    if (auto st = configure(); !st) {
        return st;
    }
    TextInput in(source(), "a torchtitan structured log");
    auto malformedLines = spanlog::forEachObjectLine(in, m_parser, m_issues, [this](dom::object obj, int64_t line) {
        Record r;
        if (auto st = readRecord(obj, line, r); !st) {
            return st;
        }
        accept(r, line);
        return Status::success();
    });
    if (!malformedLines) {
        return malformedLines.error();
    }
    const int64_t malformed = *malformedLines;
    if (m_records == 0) {
        return Error { path() + ": no torchtitan structured log records (JSON objects with \"log_type_name\" and "
            + "\"time_us\")"
            + (malformed > 0 ? "; " + std::to_string(malformed) + " lines are not JSON objects" : "") };
    }
    return emit();
}

Status TorchtitanReader::readRecord(dom::object obj, int64_t line, Record& r) const
{
    const spanlog::Where w { path(), line, "torchtitan record" };
    dom::element e;
    if (obj["log_type_name"].get(e) || e.get_string().get(r.typeName) || r.typeName.empty()) {
        return w.field(
            "log_type_name", "the event's name (\"<span>_start\", \"<span>_end\", ...)", obj["log_type_name"]);
    }
    std::optional<int64_t> t;
    bool timed = false;
    for (const auto& [key, nsPerUnit] : { std::pair<const char*, int64_t> { "time_us", 1'000 },
             std::pair<const char*, int64_t> { "time_ms", 1'000'000 },
             std::pair<const char*, int64_t> { "time", 1'000'000'000 } }) {
        if (obj[key].get(e) == simdjson::SUCCESS && !e.is_null()) {
            t = spanlog::numberToNs(e, nsPerUnit);
            if (!t) {
                return w.field(key, "a time since 1970 that fits in 64-bit nanoseconds", e);
            }
            timed = true;
            break;
        }
    }
    if (!timed) {
        return Error { w.prefix() + "field 'time_us' is missing (expected microseconds since 1970; or time_ms, time)" };
    }
    r.timeNs = *t;
    if (obj["rank"].get(e) == simdjson::SUCCESS && !e.is_null()) {
        int64_t rank = 0;
        if (e.get_int64().get(rank) || rank < 0 || rank > std::numeric_limits<int32_t>::max()) {
            return w.field("rank", "an integer >= 0", e);
        }
        r.rank = static_cast<int32_t>(rank);
    } else {
        r.rank = m_options.rank.value_or(-1);
    }
    auto optText = [&](const char* key, std::string_view& out, bool* present = nullptr) -> Status {
        if (obj[key].get(e) == simdjson::SUCCESS && !e.is_null()) {
            if (e.get_string().get(out)) {
                return w.field(key, "a string", e);
            }
            if (present) {
                *present = true;
            }
        }
        return Status::success();
    };
    auto optInt = [&](const char* key, std::optional<int64_t>& out) -> Status {
        if (obj[key].get(e) == simdjson::SUCCESS && !e.is_null()) {
            int64_t v = 0;
            if (e.get_int64().get(v)) {
                return w.field(key, "an integer", e);
            }
            out = v;
        }
        return Status::success();
    };
    for (auto st : { optText("log_type", r.logType), optText("source", r.source),
             optText("task_name", r.task, &r.hasTask), optText("host_name", r.host), optText("message", r.message),
             optInt("step", r.step), optInt("relative_step", r.relativeStep) }) {
        if (!st) {
            return st;
        }
    }
    if (obj["step_tags"].get(e) == simdjson::SUCCESS && !e.is_null()) {
        dom::array tags;
        if (e.get_array().get(tags)) {
            return w.field("step_tags", "an array of strings", e);
        }
        for (dom::element tag : tags) {
            std::string_view s;
            if (tag.get_string().get(s)) {
                return w.field("step_tags", "an array of strings", e);
            }
            r.savedTag = r.savedTag || s == "checkpoint_save";
        }
    }
    return Status::success();
}

void TorchtitanReader::accept(const Record& r, int64_t line)
{
    ++m_records;
    if (r.timeNs < m_firstNs) {
        m_firstNs = r.timeNs;
        m_firstLine = line;
    }
    m_lastNs = std::max(m_lastNs, r.timeNs);
    RankState& rank = m_ranks[r.rank];
    rank.lastNs = std::max(rank.lastNs, r.timeNs);
    if (rank.host.empty() && !r.host.empty()) {
        rank.host = spanlog::shorten(r.host, 256);
    }
    if (r.logType == "instant" || r.logType == "text") {
        return; // markers and scalars: only their times count (for the window)
    }
    const std::string_view n = r.typeName;
    enum class Kind { Start, End, Error, Other };
    const Kind kind = n.size() > 6 && n.ends_with("_start") ? Kind::Start
        : n.size() > 4 && n.ends_with("_end")               ? Kind::End
        : n.size() > 6 && n.ends_with("_error")             ? Kind::Error
                                                            : Kind::Other;
    if (kind == Kind::Other) {
        return;
    }
    const size_t suffix = kind == Kind::Start ? 6 : kind == Kind::End ? 4 : 6;
    std::string name(n.substr(0, n.size() - suffix));
    PairKey key { r.rank, std::string(r.source), r.hasTask ? std::string(r.task) : std::string(), name };
    auto& open = m_open[key];
    switch (kind) {
    case Kind::Start: {
        Span s;
        s.name = std::move(name);
        s.rank = r.rank;
        s.startNs = r.timeNs;
        s.endNs = r.timeNs;
        s.line = line;
        s.step = r.step;
        if (s.name == "step") {
            s.firstStep = r.relativeStep ? *r.relativeStep == 1 : !rank.sawStep;
            rank.sawStep = true;
        }
        rank.lastStartLine = line;
        open.push_back(m_spans.size());
        m_spans.push_back(std::move(s));
        break;
    }
    case Kind::End: {
        if (open.empty()) {
            m_issues.add(IssueKind::StopWithoutStart, std::string(n), line,
                std::string(n) + " at " + formatRfc3339(r.timeNs) + " without an open " + name + "_start; dropped");
            return;
        }
        Span& s = m_spans[open.back()];
        open.pop_back();
        if (r.timeNs < s.startNs) {
            m_issues.add(IssueKind::StopBeforeStart, std::string(n), line,
                std::string(n) + " at " + formatRfc3339(r.timeNs) + " is before its start (line "
                    + std::to_string(s.line) + "); taken as zero length");
        }
        s.endNs = std::max(r.timeNs, s.startNs);
        s.open = false;
        s.savedTag = r.savedTag;
        break;
    }
    case Kind::Error:
        if (!open.empty()) {
            m_spans[open.back()].failed = true;
        }
        m_errors.push_back(
            { r.rank, r.timeNs, line, std::move(name), spanlog::shorten(r.message.empty() ? n : r.message, 300) });
        break;
    case Kind::Other:
        break;
    }
}

std::string TorchtitanReader::jobKey() const
{
    if (m_options.job) {
        return *m_options.job;
    }
    if (!m_jobSetting.empty()) {
        return m_jobSetting;
    }
    std::error_code ec;
    fs::path p = fs::absolute(fs::path(path()), ec);
    if (ec || path() == "-") {
        return jobIdFromPath(path());
    }
    p = p.lexically_normal().parent_path();
    if (p.filename() == "structured_logs" && !p.parent_path().filename().empty()) {
        p = p.parent_path();
    }
    const std::string name = p.filename().string();
    return name.empty() ? jobIdFromPath(path()) : name;
}

Status TorchtitanReader::emit()
{
    const std::string job = jobKey();
    const int32_t attemptNo = m_options.attempt.value_or(0);
    // 1. The job.
    JobRecord jr;
    jr.job = job;
    jr.gpus = m_gpusSetting;
    jr.attrs = { { "source", "torchtitan" } };
    if (!jr.gpus) {
        m_issues.add(IssueKind::JobGpusMissing, "", 0,
            "job " + spanlog::shorten(job) + ": torchtitan's structured log does not say the world size; 1 GPU assumed "
                + "(the mapping setting \"gpus\" gives it)");
    }
    add(jr, m_firstLine);
    if (m_firstNs < kYear2000Ns) {
        m_issues.add(IssueKind::RelativeTimes, "", m_firstLine,
            "the first time is " + formatRfc3339(m_firstNs) + ": before 2000, so not a real date");
    }

    // 2. The fault: an error the rank did not survive, else a span that never ended.
    AttemptRecord ar;
    ar.job = job;
    ar.attempt = attemptNo;
    ar.startNs = m_firstNs;
    ar.endNs = m_lastNs;
    ar.windowFromTrace = true;
    const Failure* fault = nullptr;
    for (const Failure& f : m_errors) {
        if (m_ranks[f.rank].lastStartLine > f.line) {
            m_issues.add(IssueKind::HandledError, f.name, f.line,
                "rank " + std::to_string(f.rank) + ": " + f.message + " (the rank started more spans after it)");
        } else if (!fault || f.timeNs < fault->timeNs) {
            fault = &f;
        }
    }
    std::optional<Failure> unclosed;
    for (Span& s : m_spans) {
        if (!s.open) {
            continue;
        }
        s.endNs = std::max(s.startNs, m_ranks[s.rank].lastNs);
        s.open = false;
        s.failed = true;
        m_issues.add(IssueKind::UnclosedInterval, s.name, s.line,
            "rank " + std::to_string(s.rank) + ": " + s.name + "_start at " + formatRfc3339(s.startNs)
                + " never ended; closed at the rank's last record, " + formatRfc3339(s.endNs));
        if (!unclosed || s.endNs < unclosed->timeNs) {
            unclosed = Failure { s.rank, s.endNs, s.line, s.name, {} };
        }
    }
    const std::string rankText
        = [](int32_t rank) { return rank >= 0 ? "rank " + std::to_string(rank) : "the run"; }(fault ? fault->rank
                  : unclosed                                                                        ? unclosed->rank
                                                                                                    : -1);
    if (fault) {
        ar.outcome = Outcome::Failed;
        ar.interruptedAtNs = fault->timeNs;
        ar.symptom = Symptom::Explicit;
        ar.cause = "unknown";
        if (auto rule = m_mapping.fault(fault->message)) {
            ar.cause = rule->cause;
            ar.symptom = rule->symptom;
        }
        ar.detail
            = rankText + ": " + fault->name + "_error (line " + std::to_string(fault->line) + "): " + fault->message;
    } else if (unclosed && m_missingEndRunning) {
        ar.outcome = Outcome::Running;
    } else if (unclosed) {
        ar.outcome = Outcome::Failed;
        ar.interruptedAtNs = unclosed->timeNs;
        ar.cause = "unknown.unclosed_span";
        ar.detail = rankText + ": span " + unclosed->name + " (line " + std::to_string(unclosed->line)
            + ") never ended; the rank's log stops at " + formatRfc3339(unclosed->timeNs);
    }
    add(ar, m_firstLine);

    // 3. Ranks and their hosts.
    for (const auto& [rank, state] : m_ranks) {
        if (rank >= 0 && !state.host.empty()) {
            add(RankRecord { job, attemptNo, rank, state.host }, m_firstLine);
        }
    }

    // 4. Phases through the mapping, and the saves' checkpoints.
    std::map<int64_t, CheckpointRecord> saves; // by step (or start time without one)
    for (const Span& s : m_spans) {
        std::string name = s.name;
        if (s.firstStep) {
            name = "first_step";
        } else if (s.name == "checkpoint_save" && !s.savedTag) {
            name = "checkpoint_save_skipped";
        }
        if (m_checkpoints && name == "checkpoint_save" && !s.failed) {
            const int64_t key = s.step.value_or(s.startNs);
            auto [it, fresh] = saves.try_emplace(key);
            CheckpointRecord& c = it->second;
            if (fresh) {
                c.job = job;
                c.attempt = attemptNo;
                c.step = s.step;
                c.startNs = s.startNs;
                c.durableNs = s.endNs;
            }
            c.startNs = std::min(c.startNs, s.startNs);
            c.durableNs = std::max(*c.durableNs, s.endNs); // durable once the slowest rank has written
        }
        const Mapping::Match& m = m_mapping.map(name);
        if (m.what == Mapping::Match::What::Ignore) {
            continue;
        }
        if (m.what == Mapping::Match::What::Unmapped) {
            m_unmapped.add(name, s.endNs - s.startNs, s.line);
            continue;
        }
        PhaseRecord p;
        p.job = job;
        p.attempt = attemptNo;
        p.category = m.category;
        p.subcategory = m.subcategory;
        p.startNs = s.startNs;
        p.endNs = s.endNs;
        p.rank = s.rank;
        p.name = s.step ? name + " (step " + std::to_string(*s.step) + ")" : name;
        add(p, s.line);
    }
    for (const auto& [key, c] : saves) {
        add(c, m_firstLine);
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openTorchtitanReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<TorchtitanReader>(path, options, "torchtitan", "torchtitan");
}

} // namespace ett::core
