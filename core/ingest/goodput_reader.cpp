// Google's ml-goodput-measurement log entries, as `gcloud logging read --format=json` writes them
// (a JSON array of entries) or as JSON Lines of the same entries. Each entry's `jsonPayload` (or
// the object itself when it has no `jsonPayload`: the payloads as the library caches them) holds
// `job_name` and one of the recorder's fields (src/goodput.py): `job_start_time`, `job_end_time`,
// `step_count` + `step_start_time`, `tpu_init_start_time`/`_end_time`,
// `training_prep_start_time`/`_end_time`, `data_loading_start_time`/`_end_time`,
// `custom_badput_event_type` + `custom_badput_event_start_time`/`_end_time`; all Unix seconds.
// The Orbax checkpoint logger's entries (src/checkpoint_badput_calculator.py) carry `event_type`
// (save, restore, emergency_restore) and blocking durations in seconds.
//
// Mapping (the notes file of this reader says why each rule makes the spec's figures right):
//  - one job per job_name; each job_start_time starts an attempt, which ends at the next
//    job_start_time (failed, cause from the preset's `restart_cause`, interrupted at the start of
//    its last step, the library's "disruption time"), at job_end_time (completed), or at the
//    latest time in the file (running);
//  - each step is a phase "step" from its step_start_time to the next step's start in the same
//    attempt (the last step: to the attempt's end);
//  - the first step of a later attempt names the step training resumed at: the earlier attempt's
//    start of that step becomes a durable checkpoint (the steps after it there are lost progress);
//  - tpu_init, training_prep, data_loading (the first of an attempt; later ones
//    "data_loading_async"), "custom_badput/<TYPE>", "checkpoint_save", "checkpoint_restore" are
//    phase names mapped by the preset "goodput".
// Entries may come in any order (gcloud writes the newest first): everything is sorted by time.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/json_stream.h"
#include "core/ingest/readers.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

constexpr size_t kMaxEntryBytes = size_t { 1 } << 20; // one log entry
// 2100-01-01: later times, with a duration of up to 1e9 s added, would not fit int64 nanoseconds
// (a fuzzed 17,040,070,800 s, year 2510, overflowed the conversion).
constexpr double kMaxUnixSeconds = 4102444800.0;
constexpr double kMaxStep = 9007199254740992.0; // 2^53: exact in a double
constexpr int64_t kMaxJobs = 100000;
constexpr int64_t kMaxMarks = 10'000'000; // entries kept in memory (about 64 bytes each), all jobs together

enum class MarkKind { TpuInit, Prep, Data, Custom };

struct Mark
{
    MarkKind kind;
    bool start;
    std::string type; // custom badput type, upper case
    int64_t ns;
    int64_t line;
};

struct Step
{
    int64_t step;
    int64_t ns;
    int64_t line;
};

struct Blocking
{
    bool save; // else a restore
    int64_t startNs;
    int64_t endNs;
    int64_t line;
};

struct Job
{
    std::string name;
    int64_t firstLine = 0;
    std::string logName;
    std::vector<std::pair<int64_t, int64_t>> starts; // (ns, line)
    std::optional<std::pair<int64_t, int64_t>> end; // the latest job_end_time
    std::vector<Step> steps;
    std::vector<Mark> marks;
    std::vector<Blocking> blocking;
    int64_t earliestNs = std::numeric_limits<int64_t>::max();
    int64_t latestNs = std::numeric_limits<int64_t>::min();
    void saw(int64_t ns)
    {
        earliestNs = std::min(earliestNs, ns);
        latestNs = std::max(latestNs, ns);
    }
};

struct Attempt
{
    int64_t startNs;
    int64_t endNs;
    int64_t line;
    Outcome outcome = Outcome::Completed;
    std::optional<int64_t> interruptedNs;
    std::vector<size_t> steps; // indexes into Job::steps, in time order
    int64_t lastSeenNs;
};

std::string describe(dom::element e)
{
    switch (e.type()) {
    case dom::element_type::OBJECT:
        return "an object";
    case dom::element_type::ARRAY:
        return "an array";
    case dom::element_type::NULL_VALUE:
        return "null";
    case dom::element_type::STRING:
        return "a string";
    case dom::element_type::BOOL:
        return "a boolean";
    default:
        break;
    }
    std::string s = simdjson::minify(e);
    return s.size() > 40 ? s.substr(0, 40) + "..." : s;
}

class GoodputReader final : public ForeignReader
{
public:
    GoodputReader(std::unique_ptr<ByteSource> source, Mapping mapping)
        : ForeignReader(std::move(source), "goodput")
        , m_mapping(std::move(mapping))
    {
    }

    // The preset's (or rules file's) settings; Error naming the setting.
    Status readSettings()
    {
        const std::string g = m_mapping.setting("gpus");
        if (g.empty()) {
            return Status::success();
        }
        int64_t v = 0;
        for (const char c : g) {
            if (c < '0' || c > '9' || v > 1'000'000'000) {
                v = 0;
                break;
            }
            v = v * 10 + (c - '0');
        }
        if (v < 1 || v > std::numeric_limits<int32_t>::max()) {
            return Error { m_mapping.origin() + ": settings: gpus: expected a GPU count >= 1, got \"" + g + "\"",
                "mapping" };
        }
        m_gpus = v;
        return Status::success();
    }

protected:
    Status build() override;

private:
    Status entry(const std::string& text, int64_t line);
    Error fieldError(int64_t line, const std::string& field, const std::string& expected, dom::element found) const
    {
        return Error { path() + ":" + std::to_string(line) + ": goodput entry: field '" + field + "': expected "
            + expected + ", found " + describe(found) };
    }
    // A time field (Unix seconds) of the payload: nullopt when absent, Error when not a time.
    Result<std::optional<int64_t>> seconds(dom::object p, const char* key, int64_t line) const;
    Result<std::optional<double>> duration(dom::object p, const char* key, int64_t line) const;
    Status emitJob(Job& job);
    void phase(const std::string& jobId, const std::vector<Attempt>& attempts, int32_t attempt, const std::string& name,
        int64_t startNs, int64_t endNs, int64_t line);

    Mapping m_mapping;
    UnmappedNames m_unmapped;
    dom::parser m_parser;
    std::map<std::string, Job> m_jobs;
    std::vector<Blocking> m_unowned; // checkpoint entries without job_name
    std::optional<int64_t> m_gpus; // setting gpus
    int64_t m_marks = 0;
    int64_t m_latestNs = std::numeric_limits<int64_t>::min();
};

Result<std::optional<int64_t>> GoodputReader::seconds(dom::object p, const char* key, int64_t line) const
{
    dom::element e;
    if (p.at_key(key).get(e)) {
        return std::optional<int64_t> {};
    }
    double v = 0;
    if (e.is<double>()) {
        v = e.get<double>().value();
    } else if (e.is<int64_t>()) {
        v = static_cast<double>(e.get<int64_t>().value());
    } else if (e.is<uint64_t>()) {
        v = static_cast<double>(e.get<uint64_t>().value());
    } else {
        return fieldError(line, key, "Unix seconds (a number)", e);
    }
    if (!(v >= 0.0 && v <= kMaxUnixSeconds)) {
        return fieldError(line, key, "Unix seconds from 0 to 4102444800 (the year 2100)", e);
    }
    // Microseconds: a double of today's Unix seconds holds about that much; finer digits are noise.
    return std::optional<int64_t> { std::llround(v * 1e6) * 1000 };
}

Result<std::optional<double>> GoodputReader::duration(dom::object p, const char* key, int64_t line) const
{
    dom::element e;
    if (p.at_key(key).get(e) || e.is_null()) {
        return std::optional<double> {};
    }
    double v = 0;
    if (e.is<double>()) {
        v = e.get<double>().value();
    } else if (e.is<int64_t>()) {
        v = static_cast<double>(e.get<int64_t>().value());
    } else if (e.is<uint64_t>()) {
        v = static_cast<double>(e.get<uint64_t>().value());
    } else {
        return fieldError(line, key, "seconds (a number)", e);
    }
    if (!(v >= 0.0 && v <= 1e9)) {
        return fieldError(line, key, "seconds from 0 to 1e9", e);
    }
    return std::optional<double> { v };
}

Status GoodputReader::entry(const std::string& text, int64_t line)
{
    dom::element root;
    if (auto err = m_parser.parse(text).get(root)) {
        return Error { path() + ":" + std::to_string(line) + ": goodput entry: not valid JSON ("
            + simdjson::error_message(err) + ")" };
    }
    dom::object o;
    if (root.get_object().get(o)) {
        return Error { path() + ":" + std::to_string(line) + ": goodput entry: expected an object, found "
            + describe(root) };
    }
    dom::object p = o;
    dom::element payload;
    if (!o.at_key("jsonPayload").get(payload)) {
        if (payload.get_object().get(p)) {
            m_issues.add(IssueKind::NotGoodputEntry, "jsonPayload is not an object", line);
            return Status::success();
        }
    }
    std::optional<int64_t> entryNs;
    std::string_view text_;
    if (!o.at_key("timestamp").get_string().get(text_)) {
        entryNs = parseRfc3339(text_);
        if (!entryNs) {
            return Error { path() + ":" + std::to_string(line) + ": goodput entry: field 'timestamp': expected an "
                + "RFC 3339 time, found \"" + printableText(text_.substr(0, 40)) + "\"" };
        }
        m_latestNs = std::max(m_latestNs, *entryNs);
    }

    // The Orbax checkpoint logger's entries: durations placed by their start fields or the entry's time.
    std::string_view eventType;
    const bool checkpoint = !p.at_key("event_type").get_string().get(eventType)
        && (eventType == "save" || eventType == "restore" || eventType == "emergency_restore");
    Job* job = nullptr;
    std::string_view jobName;
    if (dom::element j; !p.at_key("job_name").get(j)) {
        if (j.get_string().get(jobName) || jobName.empty()) {
            return fieldError(line, "job_name", "a non-empty string", j);
        }
        auto [it, fresh] = m_jobs.try_emplace(std::string(jobName));
        if (fresh) {
            if (static_cast<int64_t>(m_jobs.size()) > kMaxJobs) {
                return Error { path() + ":" + std::to_string(line) + ": goodput entries: more than "
                    + std::to_string(kMaxJobs) + " job names" };
            }
            it->second.name = std::string(jobName);
            it->second.firstLine = line;
            std::string_view logName;
            if (!o.at_key("logName").get_string().get(logName)) {
                it->second.logName = printableText(logName.substr(0, 200));
            }
        }
        job = &it->second;
    } else if (!checkpoint) {
        m_issues.add(IssueKind::NotGoodputEntry, "no job_name", line);
        return Status::success();
    }
    if (++m_marks > kMaxMarks) {
        return Error { path() + ":" + std::to_string(line) + ": goodput entries: more than " + std::to_string(kMaxMarks)
            + " entries" };
    }

    if (checkpoint) {
        const bool save = eventType == "save";
        const char* durKey = save ? "checkpoint_manager_blocking_duration_secs" : "checkpoint_manager_duration_secs";
        const char* altKey = save ? "checkpointer_blocking_duration_secs" : "checkpointer_duration_secs";
        const char* startKey = save ? "checkpoint_manager_blocking_start_time" : "checkpoint_manager_start_time";
        const char* altStartKey = save ? "checkpointer_blocking_start_time" : "checkpointer_start_time";
        auto d = duration(p, durKey, line);
        if (!d) {
            return d.error();
        }
        const char* usedStart = startKey;
        if (!*d) {
            d = duration(p, altKey, line);
            if (!d) {
                return d.error();
            }
            usedStart = altStartKey;
        }
        if (!*d) {
            m_issues.add(IssueKind::NotGoodputEntry, "checkpoint entry without a blocking duration", line);
            return Status::success();
        }
        auto s = seconds(p, usedStart, line);
        if (!s) {
            return s.error();
        }
        const int64_t durNs = std::llround(**d * 1e6) * 1000;
        Blocking b { save, 0, 0, line };
        if (*s) {
            b.startNs = **s;
            b.endNs = b.startNs + durNs;
        } else if (entryNs) {
            b.endNs = *entryNs;
            b.startNs = b.endNs - durNs;
        } else {
            m_issues.add(IssueKind::NotGoodputEntry, "checkpoint entry without a time", line);
            return Status::success();
        }
        m_latestNs = std::max(m_latestNs, b.endNs);
        if (job) {
            job->saw(b.startNs);
            job->saw(b.endNs);
            job->blocking.push_back(b);
        } else {
            m_unowned.push_back(b);
        }
        return Status::success();
    }

    bool known = false;
    auto take = [&](const char* key) -> Result<std::optional<int64_t>> {
        auto t = seconds(p, key, line);
        if (t && *t) {
            known = true;
            job->saw(**t);
            m_latestNs = std::max(m_latestNs, **t);
        }
        return t;
    };
    auto start = take("job_start_time");
    if (!start) {
        return start.error();
    }
    if (*start) {
        job->starts.emplace_back(**start, line);
    }
    auto end = take("job_end_time");
    if (!end) {
        return end.error();
    }
    if (*end && (!job->end || **end >= job->end->first)) {
        job->end = std::pair { **end, line };
    }
    auto stepStart = take("step_start_time");
    if (!stepStart) {
        return stepStart.error();
    }
    if (*stepStart) {
        dom::element c;
        if (p.at_key("step_count").get(c)) {
            return Error { path() + ":" + std::to_string(line)
                + ": goodput entry: field 'step_count': missing beside step_start_time" };
        }
        double v = -1;
        if (c.is<int64_t>()) {
            v = static_cast<double>(c.get<int64_t>().value());
        } else if (c.is<uint64_t>()) {
            v = static_cast<double>(c.get<uint64_t>().value());
        } else if (c.is<double>()) {
            v = c.get<double>().value();
        }
        if (!(v >= 0 && v < kMaxStep) || v != std::floor(v)) {
            return fieldError(line, "step_count", "a step number (an integer >= 0)", c);
        }
        job->steps.push_back(Step { static_cast<int64_t>(v), **stepStart, line });
    }
    struct Pair
    {
        MarkKind kind;
        const char* start;
        const char* end;
    };
    for (const Pair& k : { Pair { MarkKind::TpuInit, "tpu_init_start_time", "tpu_init_end_time" },
             Pair { MarkKind::Prep, "training_prep_start_time", "training_prep_end_time" },
             Pair { MarkKind::Data, "data_loading_start_time", "data_loading_end_time" },
             Pair { MarkKind::Custom, "custom_badput_event_start_time", "custom_badput_event_end_time" } }) {
        for (const bool isStart : { true, false }) {
            auto t = take(isStart ? k.start : k.end);
            if (!t) {
                return t.error();
            }
            if (!*t) {
                continue;
            }
            std::string type;
            if (k.kind == MarkKind::Custom) {
                dom::element te;
                std::string_view tv = "unknown"; // the recorder's default
                if (!p.at_key("custom_badput_event_type").get(te) && te.get_string().get(tv)) {
                    return fieldError(line, "custom_badput_event_type", "a string", te);
                }
                type = printableText(tv.substr(0, 100));
                std::transform(type.begin(), type.end(), type.begin(),
                    [](char ch) { return ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch; });
            }
            job->marks.push_back(Mark { k.kind, isStart, std::move(type), **t, line });
        }
    }
    if (!known) {
        m_issues.add(IssueKind::NotGoodputEntry, "no goodput field", line);
    }
    return Status::success();
}

Status GoodputReader::build()
{
    JsonStream in(source(), "a goodput log");
    auto first = in.peek();
    if (!first) {
        return first.error();
    }
    const bool array = *first == '[';
    if (array) {
        in.take();
    }
    std::string value;
    for (bool firstValue = true;; firstValue = false) {
        auto c = in.peek();
        if (!c) {
            return c.error();
        }
        if (*c < 0) {
            if (array) {
                m_issues.add(IssueKind::UnterminatedArray, "", in.lastContentLine());
            }
            break;
        }
        if (array && *c == ']') {
            in.take();
            auto rest = in.peek();
            if (!rest) {
                return rest.error();
            }
            if (*rest >= 0) {
                return Error { path() + ":" + std::to_string(in.line())
                    + ": goodput log: expected nothing after the array's closing ']'" };
            }
            break;
        }
        if (array && !firstValue) {
            if (*c != ',') {
                return Error { path() + ":" + std::to_string(in.line())
                    + ": goodput log: expected ',' or ']' after an entry" };
            }
            in.take();
        }
        const int64_t line = in.line();
        value.clear();
        if (auto st = in.captureValue(value, kMaxEntryBytes); !st) {
            return st;
        }
        if (!in.captureComplete()) {
            return Error { path() + ":" + std::to_string(line) + ": goodput entry: cut off at the end of the file" };
        }
        if (auto st = entry(value, line); !st) {
            return st;
        }
    }
    if (m_jobs.empty()) {
        return Error { path()
            + ": no goodput entry with a job_name (expected gcloud logging read --format=json "
              "output of ml-goodput-measurement entries)" };
    }
    if (!m_unowned.empty()) {
        if (m_jobs.size() == 1) {
            Job& only = m_jobs.begin()->second;
            for (const Blocking& b : m_unowned) {
                only.saw(b.startNs);
                only.saw(b.endNs);
                only.blocking.push_back(b);
            }
        } else {
            m_issues.add(IssueKind::NotGoodputEntry, "checkpoint entries without job_name in a file of several jobs",
                m_unowned.front().line, {}, static_cast<int64_t>(m_unowned.size()));
        }
    }
    for (auto& [name, job] : m_jobs) {
        if (auto st = emitJob(job); !st) {
            return st;
        }
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

void GoodputReader::phase(const std::string& jobId, const std::vector<Attempt>& attempts, int32_t attempt,
    const std::string& name, int64_t startNs, int64_t endNs, int64_t line)
{
    const Attempt& a = attempts[static_cast<size_t>(attempt)];
    const int64_t s = std::max(startNs, a.startNs);
    const int64_t e = std::min(endNs, a.endNs);
    if (s != startNs || e != endNs) {
        m_issues.add(IssueKind::PhaseClipped, name, line,
            "attempt " + std::to_string(attempt) + ": " + formatRfc3339(startNs) + " to " + formatRfc3339(endNs));
    }
    if (e <= s) {
        return;
    }
    addMapped(m_mapping.mapBounded(name), m_unmapped, name, jobId, attempt, s, e, line);
}

Status GoodputReader::emitJob(Job& job)
{
    // 1. Attempts: one per distinct job_start_time, in time order.
    std::sort(job.starts.begin(), job.starts.end());
    std::vector<Attempt> attempts;
    for (const auto& [ns, line] : job.starts) {
        if (!attempts.empty() && attempts.back().startNs == ns) {
            m_issues.add(IssueKind::DuplicateEvent, "job_start_time", line, formatRfc3339(ns));
            continue;
        }
        attempts.push_back(Attempt { ns, 0, line, Outcome::Completed, std::nullopt, {}, ns });
    }
    if (attempts.empty()) {
        m_issues.add(IssueKind::NoJobStart, "", job.firstLine, "job " + printableText(job.name));
        attempts.push_back(
            Attempt { job.earliestNs, 0, job.firstLine, Outcome::Completed, std::nullopt, {}, job.earliestNs });
    }
    auto attemptAt = [&](int64_t ns) {
        auto it = std::upper_bound(
            attempts.begin(), attempts.end(), ns, [](int64_t t, const Attempt& a) { return t < a.startNs; });
        return it == attempts.begin() ? size_t { 0 } : static_cast<size_t>(it - attempts.begin() - 1);
    };
    const std::string restartCause = [&] {
        const std::string c = m_mapping.setting("restart_cause");
        return c.empty() ? std::string("unknown") : c;
    }();
    const size_t n = attempts.size();
    for (size_t k = 0; k + 1 < n; ++k) {
        attempts[k].endNs = attempts[k + 1].startNs;
        attempts[k].outcome = Outcome::Failed;
    }
    Attempt& last = attempts.back();
    if (job.end && job.end->first >= last.startNs) {
        last.endNs = job.end->first;
        last.outcome = Outcome::Completed;
    } else {
        if (job.end) {
            m_issues.add(IssueKind::JobEndIgnored, "", job.end->second,
                "job " + printableText(job.name) + ": job_end_time " + formatRfc3339(job.end->first)
                    + " before the last job_start_time " + formatRfc3339(last.startNs));
        }
        last.endNs = std::max({ m_latestNs, job.latestNs, last.startNs });
        last.outcome = Outcome::Running;
        m_issues.add(IssueKind::RunningAtCapture, "", last.line,
            "job " + printableText(job.name) + ": no job_end_time; the last attempt ends at "
                + formatRfc3339(last.endNs));
    }

    // 2. Steps by time, each in the attempt it started in.
    std::stable_sort(job.steps.begin(), job.steps.end(), [](const Step& a, const Step& b) { return a.ns < b.ns; });
    for (size_t i = 0; i < job.steps.size(); ++i) {
        attempts[attemptAt(job.steps[i].ns)].steps.push_back(i);
    }
    for (auto& a : attempts) {
        a.lastSeenNs = a.startNs;
    }
    auto seen = [&](int64_t ns) {
        Attempt& a = attempts[attemptAt(ns)];
        a.lastSeenNs = std::max(a.lastSeenNs, std::min(ns, a.endNs));
    };
    for (const Mark& m : job.marks) {
        seen(m.ns);
    }
    for (const Blocking& b : job.blocking) {
        seen(b.endNs);
    }
    for (Attempt& a : attempts) {
        if (a.outcome != Outcome::Failed) {
            continue;
        }
        // The library's disruption time: the start of the last step before the restart.
        a.interruptedNs = a.steps.empty() ? a.lastSeenNs : job.steps[a.steps.back()].ns;
        a.interruptedNs = std::clamp(*a.interruptedNs, a.startNs, a.endNs);
    }

    // 3. Records: the job, its attempts.
    JobRecord jr;
    jr.job = job.name;
    jr.name = job.name;
    jr.gpus = m_gpus;
    jr.attrs.emplace_back("source", "goodput");
    add(jr, job.firstLine);
    if (!m_gpus) {
        m_issues.add(IssueKind::JobGpusMissing, "", job.firstLine,
            "job " + printableText(job.name)
                + ": goodput entries do not say how many GPUs (chips) the job used; 1 assumed (setting gpus)");
    }
    for (size_t k = 0; k < n; ++k) {
        const Attempt& a = attempts[k];
        AttemptRecord r;
        r.job = job.name;
        r.attempt = static_cast<int32_t>(k);
        r.startNs = a.startNs;
        r.endNs = a.endNs;
        r.outcome = a.outcome;
        if (a.outcome == Outcome::Failed) {
            r.interruptedAtNs = a.interruptedNs;
            r.cause = restartCause;
            r.detail = "a later job_start_time restarted the job";
            m_issues.add(IssueKind::InferredInterruption, "", attempts[k + 1].line,
                "job " + printableText(job.name) + " attempt " + std::to_string(k) + ": interrupted at "
                    + formatRfc3339(*a.interruptedNs));
        }
        add(r, a.line);
    }

    // 4. Steps: train phases; the restart point of each later attempt: a checkpoint.
    for (size_t k = 0; k < n; ++k) {
        const Attempt& a = attempts[k];
        std::optional<int64_t> highest;
        for (size_t i = 0; i < a.steps.size(); ++i) {
            const Step& s = job.steps[a.steps[i]];
            if (highest && s.step <= *highest) {
                // The library counts a restart here; without a job_start_time we cannot say when the
                // attempt ended and the next began.
                m_issues.add(IssueKind::RepeatedStep, "", s.line,
                    "job " + printableText(job.name) + " attempt " + std::to_string(k) + ": step "
                        + std::to_string(s.step) + " at " + formatRfc3339(s.ns) + " after step "
                        + std::to_string(*highest));
            }
            highest = std::max(highest.value_or(s.step), s.step);
            const int64_t endNs = i + 1 < a.steps.size() ? job.steps[a.steps[i + 1]].ns : a.endNs;
            phase(job.name, attempts, static_cast<int32_t>(k), "step", s.ns, endNs, s.line);
        }
    }
    std::optional<size_t> previous; // the latest earlier attempt with steps
    std::set<std::pair<size_t, int64_t>> saved;
    for (size_t k = 0; k < n; ++k) {
        const Attempt& a = attempts[k];
        if (a.steps.empty()) {
            continue;
        }
        if (previous) {
            const Attempt& p = attempts[*previous];
            const int64_t resumed = job.steps[a.steps.front()].step;
            // The earliest step of the earlier attempt at or after the resumed one.
            std::optional<Step> at;
            for (size_t i : p.steps) {
                const Step& s = job.steps[i];
                if (s.step >= resumed && (!at || s.step < at->step)) {
                    at = s;
                }
            }
            const int64_t ns = at ? at->ns : p.interruptedNs.value_or(p.endNs);
            if (saved.insert({ *previous, ns }).second) {
                CheckpointRecord c;
                c.job = job.name;
                c.attempt = static_cast<int32_t>(*previous);
                c.step = resumed;
                c.startNs = ns;
                c.durableNs = ns;
                add(c, job.steps[a.steps.front()].line);
            }
        }
        previous = k;
    }

    // 5. Intervals: each end closes the latest open start of its kind (and custom type).
    std::stable_sort(job.marks.begin(), job.marks.end(), [](const Mark& a, const Mark& b) { return a.ns < b.ns; });
    std::map<std::pair<int, std::string>, const Mark*> open;
    std::set<size_t> dataSeen; // attempts whose synchronous data loading was seen
    auto emitInterval = [&](const Mark& s, int64_t endNs, int64_t line) {
        const size_t k = attemptAt(s.ns);
        std::string name;
        switch (s.kind) {
        case MarkKind::TpuInit:
            name = "tpu_init";
            break;
        case MarkKind::Prep:
            name = "training_prep";
            break;
        case MarkKind::Data:
            name = dataSeen.insert(k).second ? "data_loading" : "data_loading_async";
            break;
        case MarkKind::Custom:
            name = "custom_badput/" + s.type;
            break;
        }
        phase(job.name, attempts, static_cast<int32_t>(k), name, s.ns, endNs, line);
    };
    for (const Mark& m : job.marks) {
        const auto key = std::pair { static_cast<int>(m.kind), m.type };
        if (m.start) {
            if (auto it = open.find(key); it != open.end()) {
                m_issues.add(IssueKind::UnclosedInterval, "", it->second->line, "job " + printableText(job.name));
                emitInterval(*it->second, attempts[attemptAt(it->second->ns)].endNs, it->second->line);
            }
            open[key] = &m;
        } else if (auto it = open.find(key); it != open.end()) {
            emitInterval(*it->second, m.ns, it->second->line);
            open.erase(it);
        } else {
            m_issues.add(IssueKind::StopWithoutStart, "", m.line, "job " + printableText(job.name));
        }
    }
    for (const auto& [key, m] : open) {
        m_issues.add(IssueKind::UnclosedInterval, "", m->line, "job " + printableText(job.name));
        emitInterval(*m, attempts[attemptAt(m->ns)].endNs, m->line);
    }

    // 6. Checkpoint blocking times.
    for (const Blocking& b : job.blocking) {
        phase(job.name, attempts, static_cast<int32_t>(attemptAt(b.startNs)),
            b.save ? "checkpoint_save" : "checkpoint_restore", b.startNs, b.endNs, b.line);
    }
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openGoodputReader(const std::string& path, const ReaderOptions& options)
{
    auto in = openForeignInput(path, options, "goodput", "goodput");
    if (!in) {
        return in.error();
    }
    auto reader = std::make_unique<GoodputReader>(std::move(in->source), std::move(in->mapping));
    if (auto st = reader->readSettings(); !st) {
        return st.error();
    }
    return std::unique_ptr<RecordSource>(std::move(reader));
}

} // namespace ett::core
