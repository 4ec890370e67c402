#include "core/ingest/elastic_internal.h"
#include "core/ingest/reader_text.h"
#include "core/model/timeutil.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace ett::core::elastic {

namespace {

namespace dom = simdjson::dom;

constexpr int64_t kNsPerMs = 1'000'000;
constexpr int64_t kNsPerS = 1'000'000'000;
constexpr double kMaxMs = 9.0e12; // under int64 nanoseconds (year 2262)

std::string describe(dom::element e)
{
    return describeJson(e, 80);
}

Error typeError(std::string_view field, std::string_view expected, dom::element v)
{
    return Error { "field '" + std::string(field) + "': expected " + std::string(expected) + ", got " + describe(v) };
}

// Milliseconds (integer or fraction) in [0, kMaxMs] -> nanoseconds, rounded.
std::optional<int64_t> msToNs(dom::element v)
{
    int64_t i = 0;
    if (!v.get_int64().get(i)) {
        if (i < 0 || static_cast<double>(i) > kMaxMs) {
            return std::nullopt;
        }
        return i * kNsPerMs;
    }
    double d = 0;
    if (!v.get_double().get(d) && std::isfinite(d) && d >= 0 && d <= kMaxMs) {
        return static_cast<int64_t>(std::llround(d * static_cast<double>(kNsPerMs)));
    }
    return std::nullopt;
}

std::optional<int64_t> digits(std::string_view s)
{
    int64_t v = 0;
    if (s.empty() || s.size() > 18) {
        return std::nullopt;
    }
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

// A count: an integer, or a one-element list of one (the agent writes (n,) tuples as [n]).
std::optional<int64_t> countOf(dom::element v)
{
    int64_t n = 0;
    if (!v.get_int64().get(n)) {
        return n;
    }
    dom::array a;
    if (!v.get_array().get(a) && a.size() == 1 && !a.at(0).get_int64().get(n)) {
        return n;
    }
    return std::nullopt;
}

// raw_error: the error file's JSON ({"message": {"message": text, "extraInfo": {"timestamp":
// seconds}}} or {"message": text}), else any text as it is.
void readRawError(std::string_view raw, Event& e)
{
    e.errorText = std::string(raw);
    dom::parser parser;
    dom::element root;
    if (parser.parse(raw.data(), raw.size(), true).get(root)) {
        return;
    }
    dom::element message;
    if (root.at_key("message").get(message)) {
        return;
    }
    std::string_view text;
    if (!message.get_string().get(text)) {
        e.errorText = std::string(text);
        return;
    }
    if (!message.at_key("message").get_string().get(text)) {
        e.errorText = std::string(text);
    }
    dom::element ts;
    if (!message.at_key("extraInfo").at_key("timestamp").get(ts)) {
        std::string_view s;
        int64_t secs = 0;
        if (!ts.get_string().get(s)) {
            if (auto d = digits(s)) {
                secs = *d;
            }
        } else if (ts.get_int64().get(secs)) {
            secs = 0;
        }
        if (secs > 0 && secs < std::numeric_limits<int64_t>::max() / kNsPerS) {
            e.errorTimeNs = secs * kNsPerS;
        }
    }
}

// The JSON string in metadata.metadata: group_world_size and role_world_size.
void readInnerMetadata(std::string_view text, Event& e)
{
    dom::parser parser;
    dom::element root;
    if (parser.parse(text.data(), text.size(), true).get(root)) {
        return;
    }
    dom::element v;
    if (!root.at_key("role_world_size").get(v)) {
        if (auto n = countOf(v); n && *n >= 1 && *n <= 100'000'000) {
            e.worldSize = n;
        }
    }
    if (!root.at_key("group_world_size").get(v)) {
        if (auto n = countOf(v); n && *n >= 1 && *n <= 100'000'000) {
            e.groupWorldSize = n;
        }
    }
}

Status readMetadata(dom::object md, Event& e)
{
    for (auto [k, v] : md) {
        const bool null = v.is_null();
        std::string_view s;
        if (k == "run_id" || k == "state" || k == "raw_error" || k == "metadata" || k == "hostname") {
            if (null) {
                continue;
            }
            if (v.get_string().get(s)) {
                return typeError("metadata." + std::string(k), "a string or null", v);
            }
            if (k == "run_id") {
                e.runId = std::string(s.substr(0, 256));
            } else if (k == "state") {
                e.state = std::string(s.substr(0, 64));
            } else if (k == "hostname") {
                e.hostname = std::string(s.substr(0, 256));
            } else if (k == "raw_error") {
                readRawError(s, e);
            } else {
                readInnerMetadata(s, e);
            }
        } else if (k == "global_rank") {
            int64_t n = 0;
            if (null) {
                continue;
            }
            if (v.get_int64().get(n) || n < 0 || n > std::numeric_limits<int32_t>::max()) {
                return typeError("metadata.global_rank", "a rank >= 0 or null", v);
            }
            e.globalRank = static_cast<int32_t>(n);
        } else if (k == "agent_restarts") {
            int64_t n = 0;
            if (null) {
                continue;
            }
            if (v.get_int64().get(n) || n < 0 || n > 100'000) {
                return typeError("metadata.agent_restarts", "an integer from 0 to 100000", v);
            }
            e.agentRestarts = static_cast<int32_t>(n);
        } else if (k == "duration_ms") {
            if (null) {
                continue;
            }
            e.durationNs = msToNs(v);
            if (!e.durationNs) {
                return typeError("metadata.duration_ms", "milliseconds >= 0", v);
            }
        } else if (k == "total_run_time") {
            int64_t n = 0;
            if (null) {
                continue;
            }
            if (v.get_int64().get(n) || n < 0) {
                return typeError("metadata.total_run_time", "seconds >= 0", v);
            }
            e.totalRunTimeS = n;
        }
    }
    return Status::success();
}

Result<Event> readRdzvEvent(dom::object obj)
{
    Event e;
    e.kind = Event::Kind::Rdzv;
    for (auto [k, v] : obj) {
        std::string_view s;
        if (k == "name" || k == "run_id" || k == "node_state" || k == "error_trace" || k == "message") {
            if (v.is_null()) {
                continue;
            }
            if (v.get_string().get(s)) {
                return typeError(k, "a string", v);
            }
            if (k == "name") {
                e.name = std::string(s.substr(0, 256));
            } else if (k == "run_id") {
                e.runId = std::string(s.substr(0, 256));
            } else if (k == "node_state") {
                if (s != "INIT" && s != "RUNNING" && s != "SUCCEEDED" && s != "FAILED") {
                    return typeError(k, "INIT, RUNNING, SUCCEEDED or FAILED", v);
                }
                e.state = std::string(s);
            } else if (k == "error_trace") {
                e.errorText = std::string(s);
            }
        }
    }
    return e;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Whether `s` at `i` has the digit pattern: 'd' a digit, other characters themselves.
bool matches(std::string_view s, size_t i, std::string_view pattern)
{
    if (i + pattern.size() > s.size()) {
        return false;
    }
    for (size_t k = 0; k < pattern.size(); ++k) {
        const char c = s[i + k];
        if (pattern[k] == 'd' ? !isDigit(c) : pattern[k] == 'T' ? (c != 'T' && c != ' ') : c != pattern[k]) {
            return false;
        }
    }
    return true;
}

} // namespace

std::string shorten(std::string_view s, size_t max)
{
    return shortenText(s, max);
}

Result<Event> readEvent(dom::object obj)
{
    dom::element source;
    dom::element metadata;
    const bool isEvent = !obj.at_key("source").get(source) && !obj.at_key("metadata").get(metadata);
    if (!isEvent) {
        dom::element x;
        if (!obj.at_key("node_state").get(x) && !obj.at_key("run_id").get(x)) {
            return readRdzvEvent(obj);
        }
        return Event {};
    }
    Event e;
    std::string_view s;
    if (source.get_string().get(s) || (s != "AGENT" && s != "WORKER")) {
        return typeError("source", "AGENT or WORKER", source);
    }
    e.kind = s == "AGENT" ? Event::Kind::Agent : Event::Kind::Worker;
    dom::element v;
    if (obj.at_key("name").get(v) || v.get_string().get(s)) {
        return obj.at_key("name").error() ? Error { "field 'name' is missing" } : typeError("name", "a string", v);
    }
    e.name = std::string(s.substr(0, 256));
    if (!obj.at_key("timestamp").get(v) && !v.is_null()) {
        const auto ns = msToNs(v);
        if (!ns) {
            return typeError("timestamp", "milliseconds since the epoch (>= 0, before 2262)", v);
        }
        if (*ns > 0) {
            e.timeNs = ns;
        }
    }
    if (metadata.is_null()) {
        return e;
    }
    dom::object md;
    if (metadata.get_object().get(md)) {
        return typeError("metadata", "an object", metadata);
    }
    if (auto st = readMetadata(md, e); !st) {
        return st.error();
    }
    return e;
}

std::optional<PrefixTime> prefixTime(std::string_view p)
{
    for (size_t i = 0; i + 19 <= p.size(); ++i) {
        if (!matches(p, i, "dddd-dd-ddTdd:dd:dd")) {
            continue;
        }
        std::string text(p.substr(i, 19));
        text[10] = 'T';
        size_t j = i + 19;
        if (j < p.size() && (p[j] == '.' || p[j] == ',') && j + 1 < p.size() && isDigit(p[j + 1])) {
            text += '.';
            ++j;
            while (j < p.size() && isDigit(p[j]) && text.size() < 40) {
                text += p[j++];
            }
        }
        PrefixTime t;
        if (j < p.size() && (p[j] == 'Z' || p[j] == 'z')) {
            text += 'Z';
        } else if (matches(p, j, "+dd:dd") || matches(p, j, "-dd:dd")) {
            text += std::string(p.substr(j, 6));
        } else {
            text += 'Z';
            t.assumedUtc = true;
        }
        if (auto ns = parseRfc3339(text)) {
            t.ns = *ns;
            return t;
        }
    }
    return std::nullopt;
}

} // namespace ett::core::elastic
