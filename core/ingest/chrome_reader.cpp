// Chrome Trace Event Format reader: PyTorch profiler (Kineto) traces and any
// tool that writes the format (Catapult, Perfetto's JSON export, custom tracers).
//
// Design note. A profiler trace is one rank's view of a short window of one attempt: tens of
// thousands of kernels, operators and runtime calls, of which only a handful of names (the
// ProfilerStep#N annotations, data-loader waits, optimizer steps, checkpoints) are phases. The
// whole file is parsed in one pass with simdjson On Demand over the padded content: per event only
// the fields that matter ("ph", "name", "cat", "ts", "dur", "pid", "tid", "id", "id2", "scope")
// are touched, "args" and everything else are skipped without being materialized; the name is
// looked up by (name, cat) in the Mapping, which memoizes per name, so a kernel seen 10,000 times
// costs one rule evaluation. Times are converted from the number's text (decimalToNs), never
// through a double, so "ts": 1712195495502094.565 is exactly ...094565 ns. Line numbers (for
// messages) are counted lazily and incrementally, only for events that need one.
//
// Decisions, each checked against the shared real traces:
// - Units. "ts" and "dur" are microseconds, fractions allowed. "displayTimeUnit" ("ms" / "ns")
//   only sets how a viewer displays times (the spec: "displayTimeUnit ... specifies in which unit
//   timestamps should be displayed"); it does not change the unit of "ts". Catapult's
//   nanoseconds.json (displayTimeUnit "ns") has slices like ns1 = [3.000, 3.011]: 11 ns written as
//   fractional microseconds; HTA's ns_resolution_trace has displayTimeUnit "ns" and ts values like
//   1712195495502094.565 that are microseconds since the epoch (2024-04-04).
// - Absolute time. Recent Kineto writes "baseTimeNanoseconds" at the top level and "ts" relative
//   to it: cpu_only/rank-34.Jul_15_10_52_41 has base 1719853884000000000 (2024-07-01T17:11:24Z) and
//   ts ~ 1212075525586 us (14.03 days), i.e. 2024-07-15T17:52Z = 10:52 PDT as its file name says;
//   the kineto docs traces give 2026-04-02, the day they were committed. So time = base + ts.
//   Without a base, older Kineto wrote ts as microseconds since the epoch (resnet50 traces: 2021-06
//   dates); other tools write times since an arbitrary origin (Catapult examples: ts 826, 9524).
//   Then the times are taken as microseconds since 1970 and, when they fall before the year 2000,
//   the import counts an issue "relative_times" so that the user knows the dates are not real.
// - Identity. One file is one rank of one attempt. Job: --job, else the top-level field named by
//   the mapping setting "job" (the preset names Meta's "mast_job_name"), else the file name.
//   Attempt: --attempt, else the setting "attempt" (preset: "mast_job_attempt"), else 0. Rank:
//   --rank, else the setting "rank" (default "distributedInfo.rank"), else -1 (the file does not
//   say which rank it is: its phases describe the attempt). The job's GPU count: the setting
//   "gpus" (default "distributedInfo.world_size"); absent otherwise (the importer then counts
//   job_gpus_missing). The host of the rank: the setting "host" (default: a top-level "hostname",
//   which PyTorch does not write but an instrumented job may); with a rank it is the file's `rank`
//   record (spec 7.3). A setting "none" turns a default off.
// - Window. The attempt is marked windowFromTrace and spans the trace: from the earliest to the
//   latest time of any timed event but metadata ("M"), whatever the mapping does with it (Kineto's
//   "Trace" span and "Record Window End" instant included). Time in the window outside every phase
//   is idle; rank files of one attempt widen it to the union (the importer does that).
// - Events. "X" complete events; "B"/"E" pairs matched per (pid, tid) as a stack (an "E" closes the
//   innermost open "B" whatever its name, as Catapult does); nestable async "b"/"e" matched per
//   (cat, scope, id or id2), an "e" closing the innermost open "b" of the same name (else the
//   innermost); legacy async "S"/"F" matched per (cat, scope, id, name). A begin still open at the
//   end is closed at the trace's last time and counted ("unclosed_slice"); an end without a begin
//   is counted ("unmatched_end"). Instants, counters, flows, samples, snapshots and async steps
//   are not phases (their times count for the window); metadata "M" is ignored entirely.
// - The JSON Array Format may lack its closing "]" (a trace cut off while written; the spec allows
//   it): the reader closes it and counts "unterminated_array".
#include "core/ingest/chrome_internal.h"
#include "core/ingest/json_check.h"
#include "core/ingest/readers.h"

#include <cstring>

namespace ett::core {

namespace chrome {

namespace {

// The first byte of [p, end) that is not part of valid UTF-8 (overlongs, surrogates and code points
// past U+10FFFF included), or end. Only for error messages: simdjson says that the text is
// invalid, not where.
const char* firstInvalidUtf8(const char* p, const char* end)
{
    const auto* s = reinterpret_cast<const unsigned char*>(p);
    const auto* e = reinterpret_cast<const unsigned char*>(end);
    while (s < e) {
        const unsigned c = *s;
        size_t n = 0;
        unsigned min = 0;
        if (c < 0x80) {
            ++s;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            min = 0x10000;
        } else {
            return reinterpret_cast<const char*>(s);
        }
        if (static_cast<size_t>(e - s) <= n) {
            return reinterpret_cast<const char*>(s);
        }
        unsigned cp = c & (0x3F >> n);
        for (size_t i = 1; i <= n; ++i) {
            if ((s[i] & 0xC0) != 0x80) {
                return reinterpret_cast<const char*>(s);
            }
            cp = (cp << 6) | (s[i] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return reinterpret_cast<const char*>(s);
        }
        s += n + 1;
    }
    return end;
}

} // namespace

// A non-negative (or >= min) integer from a JSON number token or a string holding one.
std::optional<int64_t> integerOf(std::string_view text, int64_t min)
{
    text = trimJsonSpace(text);
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
        text = text.substr(1, text.size() - 2);
    }
    if (text.empty() || text.size() > 18) {
        return std::nullopt;
    }
    int64_t v = 0;
    bool negative = false;
    size_t i = 0;
    if (text[0] == '-') {
        negative = true;
        i = 1;
    }
    if (i == text.size()) {
        return std::nullopt;
    }
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') {
            return std::nullopt;
        }
        v = v * 10 + (text[i] - '0');
    }
    v = negative ? -v : v;
    return v >= min ? std::optional<int64_t>(v) : std::nullopt;
}

int64_t ChromeReader::lineOf(const char* p)
{
    // m_line is 1 + the newlines before m_linePos. Forward: count the newlines up to p (one pass
    // over the file in all); backward (rare: a message about an earlier place): count back.
    p = std::clamp(p, m_content, m_content + m_contentSize);
    if (p >= m_linePos) {
        for (const char* cur = m_linePos;;) {
            const void* nl = std::memchr(cur, '\n', static_cast<size_t>(p - cur));
            if (!nl) {
                break;
            }
            ++m_line;
            cur = static_cast<const char*>(nl) + 1;
        }
        m_linePos = p;
        return m_line;
    }
    return m_line - static_cast<int64_t>(std::count(p, m_linePos, '\n'));
}

Error ChromeReader::jsonError(simdjson::error_code err, const char* at)
{
    // Where: the caller's position, else where the parser stands. Errors of the first pass over the
    // whole file (simdjson's stage 1) come without a position: then the likely place is found.
    const char* where = at;
    if (err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT) {
        where = nullptr; // found at the root, but missing at the end: say the end
    } else if (!where && m_doc) {
        const char* loc = nullptr;
        if (!m_doc->current_location().get(loc)) {
            where = loc;
        }
    }
    const char* end = m_content + m_contentSize;
    if (!where && err == simdjson::UTF8_ERROR) {
        where = firstInvalidUtf8(m_content, end);
    } else if (!where && err == simdjson::UNCLOSED_STRING) {
        // A file cut off inside a string: the last quote opens it.
        const void* q = memrchr(m_content, '"', m_contentSize);
        where = q ? static_cast<const char*>(q) : end;
    }
    if (!where) {
        // Past the last token (the document ended early): the last line that has content.
        where = trimJsonSpace(std::string_view(m_content, m_contentSize)).data()
            + trimJsonSpace(std::string_view(m_content, m_contentSize)).size();
        where = where > m_content ? where - 1 : where;
    }
    const int64_t line = lineOf(where);
    if (err == simdjson::UTF8_ERROR) {
        return Error { path() + ":" + std::to_string(line) + ": invalid UTF-8 (the file is not UTF-8 text)" };
    }
    std::string msg = path() + ":" + std::to_string(line) + ": not valid JSON: " + simdjson::error_message(err);
    if (err == simdjson::UNCLOSED_STRING || err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT) {
        msg += " (was the file cut off?)";
    }
    return Error { std::move(msg) };
}

Error ChromeReader::eventError(
    const EventFields& f, std::string_view field, std::string_view expected, std::string_view found)
{
    std::string msg = path() + ":" + std::to_string(lineOf(f.at ? f.at : m_linePos)) + ": traceEvents["
        + std::to_string(m_eventIndex) + "] event";
    if (!f.ph.empty()) {
        msg += " (ph \"" + shorten(f.ph) + "\")";
    }
    msg += ": field '" + std::string(field) + "'";
    if (found.empty()) {
        msg += " is missing (expected " + std::string(expected) + ")";
    } else {
        msg += ": expected " + std::string(expected) + ", found " + std::string(found);
    }
    return Error { std::move(msg) };
}

Result<int64_t> ChromeReader::eventTime(const EventFields& f, std::string_view field, std::string_view raw)
{
    auto ns = decimalToNs(raw, kNsPerUs);
    if (!ns) {
        return eventError(f, field, "a number of microseconds (fractions allowed) that fits in 64-bit nanoseconds",
            describeJsonToken(raw));
    }
    return *ns;
}

Status ChromeReader::build()
{
    // 1. Which top-level values the settings ask for.
    const std::pair<const char*, const char*> kSettingDefaults[] = {
        { "job", "" },
        { "attempt", "" },
        { "rank", "distributedInfo.rank" },
        { "gpus", "distributedInfo.world_size" },
        { "host", "hostname" },
    };
    for (const auto& [key, fallback] : kSettingDefaults) {
        std::string p = m_mapping.setting(key);
        if (p.empty()) {
            p = fallback;
        }
        if (p.empty() || p == "none") {
            continue;
        }
        SettingPath s;
        s.key = key;
        const auto dot = p.find('.');
        s.outer = p.substr(0, dot);
        if (dot != std::string::npos) {
            s.inner = p.substr(dot + 1);
        }
        m_settings.push_back(std::move(s));
    }

    // 2. The document is read one value at a time (JsonStream): the events one by one, each other
    //    top-level field whole; each is parsed on its own. Memory holds one value, never the file.
    JsonStream in(source(), "a Chrome trace");
    m_stream = &in;
    auto first = in.peek();
    if (!first) {
        return first.error();
    }
    if (*first < 0) {
        return Error { path()
            + ": the file is empty (expected a Chrome trace: [events...] or {\"traceEvents\": "
              "[...]})" };
    }
    if (*first == '[') {
        in.take();
        if (auto st = readEventArray(true); !st) {
            return st;
        }
    } else if (*first == '{') {
        in.take();
        if (auto st = readTopLevelObject(); !st) {
            return st;
        }
    } else {
        // Not an array or object: the parser says whether it is JSON at all.
        if (auto st = parseValue("[", ']', kMaxEventBytes, m_stream->line()); !st) {
            return st;
        }
        od::array wrapper;
        od::value v;
        if (auto err = m_valueDoc.get_array().get(wrapper)) {
            return jsonError(err, nullptr);
        }
        for (auto element : wrapper) {
            if (auto err = std::move(element).get(v)) {
                return jsonError(err, nullptr);
            }
            break;
        }
        return Error { path()
            + ":1: expected a Chrome trace: a JSON array of events, or an object with \"traceEvents\"" };
    }
    auto trailing = in.peek();
    if (!trailing) {
        return trailing.error();
    }
    if (*trailing >= 0) {
        return Error { path() + ":" + std::to_string(in.line())
            + ": unexpected content after the end of the trace's JSON value" };
    }
    // 3. Records.
    return emit();
}

Status ChromeReader::parseValue(std::string prefix, char close, size_t maxBytes, int64_t startLine)
{
    m_value = std::move(prefix);
    if (auto st = m_stream->captureValue(m_value, maxBytes); !st) {
        return st;
    }
    if (m_stream->captureComplete()) {
        m_value.push_back(close); // else the document ends where the file does, as the parser should see it
    }
    m_value.reserve(m_value.size() + simdjson::SIMDJSON_PADDING);
    m_content = m_value.data();
    m_contentSize = m_value.size();
    m_linePos = m_content;
    m_line = startLine;
    m_doc = nullptr; // errors of the parse itself have no position: jsonError finds one
    if (parsesWithFallback()) {
        if (auto err = firstPassError(std::string_view(m_content, m_contentSize))) {
            return jsonError(err, nullptr);
        }
    }
    if (auto err = m_parser.iterate(m_content, m_contentSize, m_value.capacity()).get(m_valueDoc)) {
        return jsonError(err, nullptr);
    }
    m_doc = &m_valueDoc;
    return Status::success();
}

Error ChromeReader::structureError(int64_t line, bool cutOff) const
{
    const simdjson::error_code err = cutOff ? simdjson::INCOMPLETE_ARRAY_OR_OBJECT : simdjson::TAPE_ERROR;
    return Error { path() + ":" + std::to_string(line) + ": not valid JSON: " + simdjson::error_message(err)
        + (cutOff ? " (was the file cut off?)" : "") };
}

Result<ChromeReader::Next> ChromeReader::nextItem(char close, bool first)
{
    auto c = m_stream->peek();
    if (!c) {
        return c.error();
    }
    if (*c >= 0 && *c == close) {
        m_stream->take();
        return Next::Close;
    }
    if (!first) {
        if (*c >= 0 && *c != ',') {
            return structureError(m_stream->line(), false);
        }
        if (*c == ',') {
            m_stream->take();
            c = m_stream->peek();
            if (!c) {
                return c.error();
            }
            if (*c == close) {
                return structureError(m_stream->line(), false); // a ',' before the close
            }
        }
    }
    return *c < 0 ? Next::End : Next::Item;
}

Status ChromeReader::readEventArray(bool topLevel)
{
    for (bool first = true;; first = false) {
        auto next = nextItem(']', first);
        if (!next) {
            return next.error();
        }
        if (*next == Next::Close) {
            return Status::success();
        }
        if (*next == Next::End) {
            if (!topLevel) {
                return structureError(m_stream->lastContentLine(), true);
            }
            // The JSON Array Format may end without its "]" (the spec allows it: a trace cut off
            // while being written).
            m_issues.add(IssueKind::UnterminatedArray, "the event array has no closing ']'", 1,
                "closed at the end of the file (the trace may have been cut off)");
            return Status::success();
        }
        if (auto st = parseValue("[", ']', kMaxEventBytes, m_stream->line()); !st) {
            return st;
        }
        od::array wrapper;
        if (auto err = m_valueDoc.get_array().get(wrapper)) {
            return jsonError(err, nullptr);
        }
        for (auto element : wrapper) {
            od::value event;
            if (auto err = std::move(element).get(event)) {
                return jsonError(err, nullptr);
            }
            if (auto st = readEvent(event); !st) {
                return st;
            }
        }
    }
}

Status ChromeReader::readTopLevelObject()
{
    for (bool first = true;; first = false) {
        auto next = nextItem('}', first);
        if (!next) {
            return next.error();
        }
        if (*next == Next::Close) {
            break;
        }
        if (*next == Next::End) {
            return structureError(m_stream->lastContentLine(), true);
        }
        // The key, then ':' and, for "traceEvents", the events one by one; any other field
        // (traceEvents that is not an array too) is parsed whole as the object {key: value}.
        auto c = m_stream->peek();
        if (!c) {
            return c.error();
        }
        std::string key;
        const int64_t keyLine = m_stream->line();
        if (*c != '"') {
            return structureError(keyLine, false);
        }
        if (auto st = m_stream->captureValue(key, kMaxFieldBytes); !st) {
            return st;
        }
        auto colon = m_stream->peek();
        if (!colon) {
            return colon.error();
        }
        if (*colon != ':') {
            return structureError(*colon < 0 ? m_stream->lastContentLine() : m_stream->line(), *colon < 0);
        }
        m_stream->take();
        if (key == "\"traceEvents\"") {
            auto v = m_stream->peek();
            if (!v) {
                return v.error();
            }
            if (*v == '[') {
                m_stream->take();
                m_sawEvents = true;
                if (auto st = readEventArray(false); !st) {
                    return st;
                }
                continue;
            }
        }
        if (auto st = parseField(key, keyLine); !st) {
            return st;
        }
    }
    if (!m_sawEvents) {
        return Error { path()
            + ":1: trace object: field 'traceEvents' is missing (expected the events of a Chrome "
              "trace: {\"traceEvents\": [...]})" };
    }
    return Status::success();
}

Status ChromeReader::parseField(const std::string& key, int64_t keyLine)
{
    // {key: value}, parsed as one small document; lines count from the key's (the blanks after
    // the colon skipped first, so that the value's line is known).
    if (auto next = m_stream->peek(); !next) {
        return next.error();
    }
    std::string prefix = "{" + key + ":";
    prefix.append(static_cast<size_t>(m_stream->line() - keyLine), '\n');
    if (auto st = parseValue(std::move(prefix), '}', kMaxFieldBytes, keyLine); !st) {
        return st;
    }
    od::object root;
    if (auto err = m_valueDoc.get_object().get(root)) {
        return jsonError(err, nullptr);
    }
    for (auto fieldResult : root) {
        od::field field;
        if (auto err = std::move(fieldResult).get(field)) {
            return jsonError(err, nullptr);
        }
        if (auto st = readTopLevelField(field); !st) {
            return st;
        }
    }
    return Status::success();
}

Status ChromeReader::readTopLevelField(od::field& field)
{
    const od::raw_json_string key = field.key();
    const char* at = key.raw();
    od::value value = field.value();
    if (key.unsafe_is_equal("traceEvents")) { // an array goes to readEventArray, not here
        od::json_type type;
        if (auto err = value.type().get(type)) {
            return jsonError(err, nullptr);
        }
        return Error { path() + ":" + std::to_string(lineOf(at))
            + ": trace object: field 'traceEvents': expected an array of events" };
    }
    if (key.unsafe_is_equal("baseTimeNanoseconds")) {
        const std::string_view raw = value.raw_json_token();
        auto base = decimalToNs(trimJsonSpace(raw), 1);
        if (!base) {
            return Error { path() + ":" + std::to_string(lineOf(at))
                + ": trace object: field 'baseTimeNanoseconds': expected nanoseconds since the epoch, found "
                + describeJsonToken(raw) };
        }
        m_baseNs = *base;
        return Status::success();
    }
    // "displayTimeUnit" is for display only (see the design note); other fields
    // (deviceProperties, traceName, stackFrames, ...) are not needed.
    bool wanted = false;
    for (const auto& s : m_settings) {
        if (key.unsafe_is_equal(s.outer)) {
            wanted = true;
        }
    }
    if (!wanted) {
        return checkSkipped(value, at, [&] { return "trace object: field '" + keyText(at) + "'"; });
    }
    // A settings path: this field itself, or fields inside it.
    od::json_type vt;
    if (auto err = value.type().get(vt)) {
        return jsonError(err, at);
    }
    if (vt == od::json_type::object) {
        od::object inner;
        if (auto err = value.get_object().get(inner)) {
            return jsonError(err, at);
        }
        for (auto innerResult : inner) {
            od::field innerField;
            if (auto err = std::move(innerResult).get(innerField)) {
                return jsonError(err, nullptr);
            }
            const od::raw_json_string innerKey = innerField.key();
            bool read = false;
            for (auto& s : m_settings) {
                if (key.unsafe_is_equal(s.outer) && !s.inner.empty() && innerKey.unsafe_is_equal(s.inner)) {
                    if (auto st = readSettingValue(s, innerField.value(), innerKey.raw()); !st) {
                        return st;
                    }
                    read = true;
                    break;
                }
            }
            if (!read) {
                if (auto st = checkSkipped(innerField.value(), innerKey.raw(),
                        [&] { return "trace object: field '" + keyText(at) + "." + keyText(innerKey.raw()) + "'"; });
                    !st) {
                    return st;
                }
            }
        }
    } else {
        for (auto& s : m_settings) {
            if (key.unsafe_is_equal(s.outer) && s.inner.empty()) {
                if (auto st = readSettingValue(s, value, at); !st) {
                    return st;
                }
                break;
            }
        }
    }
    return Status::success();
}

Status ChromeReader::readSettingValue(SettingPath& s, od::value& v, const char* at)
{
    s.line = lineOf(at);
    od::json_type t;
    if (auto err = v.type().get(t)) {
        return jsonError(err, at);
    }
    if (t == od::json_type::string) {
        std::string_view sv;
        if (auto err = v.get_string().get(sv)) {
            return jsonError(err, at);
        }
        s.text = std::string(sv);
    } else if (t == od::json_type::number) {
        s.text = std::string(trimJsonSpace(v.raw_json_token()));
    } else if (t != od::json_type::null) {
        const std::string_view raw = v.raw_json_token();
        return Error { path() + ":" + std::to_string(s.line) + ": trace object: field '" + s.outer
            + (s.inner.empty() ? "" : "." + s.inner) + "' (mapping setting \"" + s.key
            + "\"): expected a string or a number, found " + describeJsonToken(raw) };
    }
    return Status::success();
}

template <typename Where> Status ChromeReader::checkSkipped(od::value& v, const char* at, const Where& where)
{
    simdjson::error_code err = simdjson::SUCCESS;
    const std::string problem = checkJsonValue(v, err);
    if (problem.empty()) {
        return Status::success();
    }
    // Where the parser stopped is where the damage is (never before `at`: lines only go forward).
    const char* loc = nullptr;
    if (m_doc->current_location().get(loc) || loc < at) {
        loc = at;
    }
    return Error { path() + ":" + std::to_string(lineOf(loc)) + ": " + where() + ": not valid JSON: " + problem };
}

Status ChromeReader::readEvent(od::value& event)
{
    {
        od::object obj;
        if (auto err = event.get_object().get(obj)) {
            if (err == simdjson::INCORRECT_TYPE) {
                const char* loc = nullptr;
                if (m_doc->current_location().get(loc)) {
                    loc = nullptr;
                }
                return Error { path() + ":" + std::to_string(loc ? lineOf(loc) : m_line) + ": traceEvents["
                    + std::to_string(m_eventIndex) + "]: expected an event object" };
            }
            return jsonError(err, nullptr);
        }
        EventFields f;
        for (auto fieldResult : obj) {
            od::field field;
            if (auto err = std::move(fieldResult).get(field)) {
                return jsonError(err, f.at);
            }
            const od::raw_json_string key = field.key();
            const char* k = key.raw();
            if (!f.at) {
                f.at = k;
            }
            od::value& v = field.value();
            // Strings that must be strings; tokens that are only compared or converted from text.
            auto str = [&](std::string_view& out, std::string_view name) -> Status {
                if (auto err = v.get_string().get(out)) {
                    if (err == simdjson::INCORRECT_TYPE) {
                        return eventError(f, name, "a string", describeJsonToken(v.raw_json_token()));
                    }
                    return jsonError(err, f.at);
                }
                return Status::success();
            };
            auto token = [&](std::string_view& out) -> Status {
                out = trimJsonSpace(v.raw_json_token());
                return Status::success();
            };
            Status st = Status::success();
            bool used = true; // false: a field the reader skips (checked to its end)
            switch (k[0]) {
            case 'p':
                if (key.unsafe_is_equal("ph")) {
                    st = str(f.ph, "ph");
                } else if (key.unsafe_is_equal("pid")) {
                    st = token(f.pid);
                } else {
                    used = false;
                }
                break;
            case 't':
                if (key.unsafe_is_equal("ts")) {
                    st = token(f.ts);
                    f.hasTs = true;
                } else if (key.unsafe_is_equal("tid")) {
                    st = token(f.tid);
                } else {
                    used = false;
                }
                break;
            case 'n':
                if (key.unsafe_is_equal("name")) {
                    st = str(f.name, "name");
                } else {
                    used = false;
                }
                break;
            case 'c':
                if (key.unsafe_is_equal("cat")) {
                    st = str(f.cat, "cat");
                } else {
                    used = false;
                }
                break;
            case 'd':
                if (key.unsafe_is_equal("dur")) {
                    st = token(f.dur);
                    f.hasDur = true;
                } else {
                    used = false;
                }
                break;
            case 'i':
                if (key.unsafe_is_equal("id")) {
                    st = token(f.id);
                } else if (key.unsafe_is_equal("id2")) {
                    od::object id2;
                    if (auto err = v.get_object().get(id2)) {
                        const std::string_view raw = v.raw_json_token();
                        st = err == simdjson::INCORRECT_TYPE ? Status(eventError(
                                 f, "id2", "an object {\"local\": ...} or {\"global\": ...}", describeJsonToken(raw)))
                                                             : Status(jsonError(err, f.at));
                        break;
                    }
                    for (auto id2Field : id2) {
                        od::field idf;
                        if (auto err = std::move(id2Field).get(idf)) {
                            return jsonError(err, f.at);
                        }
                        const od::raw_json_string idKey = idf.key();
                        const std::string_view raw = idf.value().raw_json_token();
                        if (idKey.unsafe_is_equal("local")) {
                            f.id2Local = trimJsonSpace(raw);
                        } else if (idKey.unsafe_is_equal("global")) {
                            f.id2Global = trimJsonSpace(raw);
                        }
                    }
                } else {
                    used = false;
                }
                break;
            case 's':
                if (key.unsafe_is_equal("scope")) {
                    st = token(f.scope);
                } else {
                    used = false;
                }
                break;
            default:
                used = false; // "args", "s", "bp", "sf", "tts", ...: not needed
                break;
            }
            if (!used) {
                st = checkSkipped(v, k, [&] {
                    std::string where = "traceEvents[" + std::to_string(m_eventIndex) + "] event";
                    if (!f.ph.empty()) {
                        where += " (ph \"" + shorten(f.ph) + "\")";
                    }
                    return where + ": field '" + keyText(k) + "'";
                });
            }
            if (!st) {
                return st;
            }
        }
        if (auto st = handleEvent(f); !st) {
            return st;
        }
        ++m_eventIndex;
    }
    return Status::success();
}

} // namespace chrome

Result<std::unique_ptr<RecordSource>> openChromeReader(const std::string& path, const ReaderOptions& options)
{
    auto in = openForeignInput(path, options, "chrome-pytorch", "chrome");
    if (!in) {
        return in.error();
    }
    return std::unique_ptr<RecordSource>(
        new chrome::ChromeReader(std::move(in->source), options, std::move(in->mapping)));
}

} // namespace ett::core
