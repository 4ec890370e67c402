// `sacct --json`: {"meta": {...}, "errors": [...], "jobs": [{...}, ...], ...}, as Slurm's
// data_parser plugins write it (openapi/dbv0.0.38 of Slurm 22.05, data_parser v0.0.39 and later).
// The versions differ in shape, and both shapes are read:
//  - state/current: a string ("NODE_FAIL") in 22.05, an array of a base state and flags later
//    (["PENDING", "REQUEUED"] for a requeued run);
//  - numbers that may be unset (array/task_id, exit_code/return_code, time/limit): a number or
//    null in 22.05, {"set": bool, "infinite": bool, "number": N} later;
//  - time/submission, time/start, time/end: Unix seconds, 0 when not (yet) known.
// A job's GPUs are the "gres" entries of tres/allocated ({"type": "gres", "name": "gpu", "count": 4}
// and the typed "gpu:h100"). Steps (the "steps" array) give nothing: a run is the allocation.
#include "core/ingest/json_stream.h"
#include "core/ingest/slurm_internal.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <array>
#include <limits>

namespace ett::core::slurm {

namespace {

namespace dom = simdjson::dom;

constexpr size_t kMaxJobBytes = size_t { 16 } << 20; // one job element, steps included
constexpr size_t kMaxOtherBytes = size_t { 64 } << 20; // "meta", "errors", "warnings"

std::string describe(dom::element e)
{
    switch (e.type()) {
    case dom::element_type::OBJECT:
        return "an object";
    case dom::element_type::ARRAY:
        return "an array";
    case dom::element_type::NULL_VALUE:
        return "null";
    default: {
        const std::string s = simdjson::minify(e);
        return printableText(s.size() > 60 ? s.substr(0, 60) + "..." : s);
    }
    }
}

// A number that may be unset: N, null, or {"set": true, "infinite": false, "number": N}. nullopt
// when unset or infinite; false when the value is of another type.
bool optionalInt(dom::element e, std::optional<int64_t>& out)
{
    out.reset();
    int64_t n = 0;
    if (!e.get_int64().get(n)) {
        out = n;
        return true;
    }
    if (e.type() == dom::element_type::NULL_VALUE) {
        return true;
    }
    dom::object o;
    if (e.get_object().get(o)) {
        return false;
    }
    bool set = true;
    bool infinite = false;
    if (auto s = o["set"]; !s.error() && s.get_bool().get(set)) {
        return false;
    }
    if (auto i = o["infinite"]; !i.error() && i.get_bool().get(infinite)) {
        return false;
    }
    auto number = o["number"];
    if (number.error()) {
        return !set;
    }
    if (number.get_int64().get(n)) {
        return false;
    }
    if (set && !infinite) {
        out = n;
    }
    return true;
}

// A string field's text; null is "". False when the value is of another type.
bool optionalText(dom::element e, std::string& out)
{
    std::string_view s;
    if (!e.get_string().get(s)) {
        out = std::string(s);
        return true;
    }
    out.clear();
    return e.type() == dom::element_type::NULL_VALUE;
}

// The one word of a state: a string, or the array of a base state and flags. A flag that ends a
// run (a requeue) wins over the base, as in sacct's own text (job_state_string).
bool stateWord(dom::element e, std::string& out)
{
    std::string_view s;
    if (!e.get_string().get(s)) {
        out = std::string(s);
        return true;
    }
    dom::array a;
    if (e.get_array().get(a)) {
        return false;
    }
    static constexpr std::array<std::string_view, 6> kEndingFlags
        = { "REQUEUED", "REQUEUE_FED", "REQUEUE_HOLD", "SPECIAL_EXIT", "RESIZING", "REVOKED" };
    out.clear();
    for (dom::element v : a) {
        if (v.get_string().get(s)) {
            return false;
        }
        for (std::string_view flag : kEndingFlags) {
            if (s == flag) {
                out = std::string(s);
                return true;
            }
        }
        if (out.empty()) {
            out = std::string(s); // the base state comes first
        }
    }
    return true;
}

class JobParser
{
public:
    JobParser(const std::string& path, int64_t line)
        : m_path(path)
        , m_line(line)
    {
    }

    Status parse(dom::object job, Run& run);

private:
    Error fieldError(const std::string& field, const std::string& expected, dom::element found) const
    {
        return Error { m_path + ":" + std::to_string(m_line) + ": sacct JSON job: field '" + field + "': expected "
            + expected + ", found " + describe(found) };
    }
    Status times(dom::element e, Run& run) const;
    Status exitCode(dom::element e, Run& run) const;
    Status tres(dom::element e, Run& run) const;

    const std::string& m_path;
    int64_t m_line;
};

Status JobParser::times(dom::element e, Run& run) const
{
    dom::object o;
    if (e.get_object().get(o)) {
        return fieldError("time", "an object", e);
    }
    for (auto [k, v] : o) {
        std::optional<int64_t>* target = k == "submission" ? &run.submitNs
            : k == "start"                                 ? &run.startNs
            : k == "end"                                   ? &run.endNs
                                                           : nullptr;
        if (!target) {
            continue;
        }
        std::optional<int64_t> seconds;
        if (!optionalInt(v, seconds) || (seconds && (*seconds < 0 || *seconds > kMaxSeconds))) {
            return fieldError("time/" + std::string(k), "Unix seconds (an integer >= 0)", v);
        }
        if (seconds && *seconds > 0) {
            *target = *seconds * kNsPerSecond;
        }
    }
    return Status::success();
}

Status JobParser::exitCode(dom::element e, Run& run) const
{
    if (e.type() == dom::element_type::NULL_VALUE) {
        return Status::success();
    }
    dom::object o;
    if (e.get_object().get(o)) {
        return fieldError("exit_code", "an object", e);
    }
    std::optional<int64_t> code;
    std::optional<int64_t> signal;
    if (auto rc = o["return_code"]; !rc.error() && !optionalInt(rc.value_unsafe(), code)) {
        return fieldError("exit_code/return_code", "an integer", rc.value_unsafe());
    }
    if (auto sig = o["signal"]; !sig.error()) {
        dom::object so;
        if (!sig.get_object().get(so)) {
            if (auto id = so["id"]; !id.error() && !optionalInt(id.value_unsafe(), signal)) {
                return fieldError("exit_code/signal/id", "an integer", id.value_unsafe());
            }
        }
    }
    if (code) {
        run.exitCode = std::to_string(*code) + ":" + std::to_string(signal.value_or(0));
    }
    return Status::success();
}

Status JobParser::tres(dom::element e, Run& run) const
{
    dom::object o;
    if (e.get_object().get(o)) {
        return fieldError("tres", "an object", e);
    }
    auto allocated = o["allocated"];
    if (allocated.error()) {
        return Status::success();
    }
    dom::array list;
    if (allocated.get_array().get(list)) {
        return fieldError("tres/allocated", "an array", allocated.value_unsafe());
    }
    std::optional<int64_t> plain;
    int64_t typed = 0;
    for (dom::element t : list) {
        dom::object to;
        std::string_view type;
        std::string_view name;
        int64_t count = 0;
        if (t.get_object().get(to) || to["type"].get_string().get(type)) {
            return fieldError("tres/allocated", "objects with a \"type\"", t);
        }
        if (type != "gres" || to["name"].get_string().get(name) || (name != "gpu" && !name.starts_with("gpu:"))) {
            continue;
        }
        if (to["count"].get_int64().get(count) || count < 0 || count > 1'000'000'000) {
            return fieldError("tres/allocated", "a GPU count (an integer in [0, 10^9])", t);
        }
        if (name == "gpu") {
            plain = count;
        } else {
            typed += count;
        }
    }
    run.gpus = plain.value_or(typed);
    return Status::success();
}

Status JobParser::parse(dom::object job, Run& run)
{
    std::optional<int64_t> jobId;
    std::optional<int64_t> arrayJob;
    std::optional<int64_t> arrayTask;
    std::string arrayTasks;
    std::optional<int64_t> hetJob;
    std::optional<int64_t> hetOffset;
    std::string killer;
    bool hasState = false;
    const auto text = [&](dom::element v, const char* field, std::string& out) -> Status {
        if (!optionalText(v, out)) {
            return fieldError(field, "a string", v);
        }
        return Status::success();
    };
    for (auto [k, v] : job) {
        Status st = Status::success();
        if (k == "job_id") {
            if (!optionalInt(v, jobId) || !jobId || *jobId < 0) {
                return fieldError("job_id", "an integer >= 0", v);
            }
        } else if (k == "array" || k == "het") {
            dom::object o;
            if (v.get_object().get(o)) {
                return fieldError(std::string(k), "an object", v);
            }
            const bool array = k == "array";
            for (auto [ak, av] : o) {
                std::optional<int64_t>* target = ak == "job_id" ? (array ? &arrayJob : &hetJob)
                    : (array && ak == "task_id")                ? &arrayTask
                    : (!array && ak == "job_offset")            ? &hetOffset
                                                                : nullptr;
                if (target && !optionalInt(av, *target)) {
                    return fieldError(std::string(k) + "/" + std::string(ak), "an integer", av);
                }
                if (array && ak == "task" && !optionalText(av, arrayTasks)) {
                    return fieldError("array/task", "a string", av);
                }
            }
        } else if (k == "name") {
            st = text(v, "name", run.name);
        } else if (k == "partition") {
            st = text(v, "partition", run.partition);
        } else if (k == "account") {
            st = text(v, "account", run.account);
        } else if (k == "user") {
            st = text(v, "user", run.user);
        } else if (k == "cluster") {
            st = text(v, "cluster", run.cluster);
        } else if (k == "nodes") {
            st = text(v, "nodes", run.nodes);
        } else if (k == "kill_request_user") {
            st = text(v, "kill_request_user", killer);
        } else if (k == "state") {
            dom::object o;
            dom::element current;
            if (v.get_object().get(o) || o["current"].get(current) || !stateWord(current, run.state)) {
                return fieldError("state", "an object whose \"current\" is a state or an array of them", v);
            }
            hasState = true;
        } else if (k == "time") {
            st = times(v, run);
        } else if (k == "exit_code") {
            st = exitCode(v, run);
        } else if (k == "tres") {
            st = tres(v, run);
        } else if (k == "restart_cnt") {
            if (!optionalInt(v, run.restarts)) {
                return fieldError("restart_cnt", "an integer", v);
            }
        }
        if (!st) {
            return st;
        }
    }
    if (!jobId) {
        return Error { m_path + ":" + std::to_string(m_line)
            + ": sacct JSON job: field 'job_id' is missing (expected the job's number)" };
    }
    if (!hasState || run.state.empty()) {
        return Error { m_path + ":" + std::to_string(m_line)
            + ": sacct JSON job: field 'state' is missing (expected {\"current\": ...})" };
    }
    // The job id as sacct prints it.
    if (arrayJob && *arrayJob > 0 && arrayTask) {
        run.jobId = std::to_string(*arrayJob) + "_" + std::to_string(*arrayTask);
    } else if (arrayJob && *arrayJob > 0 && !arrayTasks.empty()) {
        run.jobId = std::to_string(*arrayJob) + "_[" + arrayTasks + "]";
    } else if (hetJob && *hetJob > 0 && hetOffset) {
        run.jobId = std::to_string(*hetJob) + "+" + std::to_string(*hetOffset);
    } else {
        run.jobId = std::to_string(*jobId);
    }
    if (!killer.empty()) {
        run.stateDetail = "by " + killer;
    }
    return Status::success();
}

} // namespace

Status readJson(ByteSource& source, const std::function<Status(Run&&)>& sink)
{
    const std::string& path = source.path();
    JsonStream in(source, "sacct JSON");
    const auto structure = [&](const std::string& expected) {
        return Error { path + ":" + std::to_string(in.line()) + ": sacct JSON: expected " + expected };
    };
    // Expects `c` next and consumes it.
    const auto expect = [&](char c, const std::string& what) -> Status {
        auto next = in.peek();
        if (!next) {
            return next.error();
        }
        if (*next != c) {
            return structure(what);
        }
        in.take();
        return Status::success();
    };
    if (auto st = expect('{', "an object with \"jobs\" (the output of sacct --json)"); !st) {
        return st;
    }
    dom::parser parser;
    std::string value;
    bool sawJobs = false;
    for (bool first = true;; first = false) {
        auto next = in.peek();
        if (!next) {
            return next.error();
        }
        if (*next == '}') {
            in.take();
            break;
        }
        if (!first) {
            if (auto st = expect(',', "',' or '}' after a value"); !st) {
                return st;
            }
        }
        value.clear();
        if (auto st = in.captureValue(value, kMaxOtherBytes); !st) {
            return st;
        }
        std::string_view key;
        dom::element keyElement;
        if (value.empty() || value.front() != '"' || parser.parse(value).get(keyElement)
            || keyElement.get_string().get(key)) {
            return structure("a key (a string)");
        }
        const bool jobs = key == "jobs";
        if (auto st = expect(':', "':' after a key"); !st) {
            return st;
        }
        if (!jobs) {
            value.clear();
            if (auto st = in.captureValue(value, kMaxOtherBytes); !st) {
                return st;
            }
            continue;
        }
        sawJobs = true;
        if (auto st = expect('[', "\"jobs\": an array"); !st) {
            return st;
        }
        for (bool firstJob = true;; firstJob = false) {
            auto c = in.peek();
            if (!c) {
                return c.error();
            }
            if (*c == ']') {
                in.take();
                break;
            }
            if (!firstJob) {
                if (auto st = expect(',', "',' or ']' after a job"); !st) {
                    return st;
                }
            }
            const int64_t line = in.line();
            value.clear();
            if (auto st = in.captureValue(value, kMaxJobBytes); !st) {
                return st;
            }
            dom::element element;
            dom::object job;
            if (auto err = parser.parse(value).get(element)) {
                return Error { path + ":" + std::to_string(line) + ": sacct JSON job: not valid JSON ("
                    + simdjson::error_message(err) + ")" };
            }
            if (element.get_object().get(job)) {
                return Error { path + ":" + std::to_string(line) + ": sacct JSON job: expected an object, found "
                    + describe(element) };
            }
            Run run;
            run.line = line;
            if (auto st = JobParser(path, line).parse(job, run); !st) {
                return st;
            }
            if (auto st = sink(std::move(run)); !st) {
                return st;
            }
        }
    }
    if (auto rest = in.peek(); !rest) {
        return rest.error();
    } else if (*rest >= 0) {
        return structure("nothing after the document's closing '}'");
    }
    if (!sawJobs) {
        return Error { path + ": sacct JSON: no \"jobs\" array (expected the output of sacct --json)" };
    }
    return Status::success();
}

} // namespace ett::core::slurm
