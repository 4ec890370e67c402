#include "core/ingest/native_reader.h"

#include "core/ingest/json_check.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace ett::core {

namespace od = simdjson::ondemand;

namespace {

constexpr size_t kChunkBytes = 4 << 20;
constexpr int kSupportedVersion = 1;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
        s.remove_suffix(1);
    }
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    return s;
}

bool isBlank(const char* data, size_t len)
{
    for (size_t i = 0; i < len; ++i) {
        const char c = data[i];
        if (c != ' ' && c != '\t' && c != '\r') {
            return false;
        }
    }
    return true;
}

std::string shorten(std::string_view s)
{
    constexpr size_t kMax = 60;
    if (s.size() <= kMax) {
        return std::string(s);
    }
    return std::string(s.substr(0, kMax)) + "...";
}

// Everything needed to say where a problem is.
struct Where
{
    const std::string& path;
    int64_t line;
    std::string_view recordType;

    Error field(std::string_view name, std::string_view expected, std::string_view got) const
    {
        std::string msg = path + ":" + std::to_string(line) + ": " + std::string(recordType) + " record: field '"
            + std::string(name) + "': expected " + std::string(expected);
        if (!got.empty()) {
            msg += ", got " + std::string(got);
        }
        return Error { std::move(msg) };
    }
    Error missing(std::string_view name, std::string_view expected) const
    {
        return Error { path + ":" + std::to_string(line) + ": " + std::string(recordType) + " record: field '"
            + std::string(name) + "' is missing (expected " + std::string(expected) + ")" };
    }
    Error record(std::string_view message) const
    {
        return Error { path + ":" + std::to_string(line) + ": " + std::string(recordType)
            + " record: " + std::string(message) };
    }
};

// A readable rendering of a value for error messages.
std::string describe(od::value& v)
{
    od::json_type t;
    if (v.type().get(t)) {
        return "malformed JSON";
    }
    switch (t) {
    case od::json_type::object:
        return "an object";
    case od::json_type::array:
        return "an array";
    case od::json_type::null:
        return "null";
    default:
        break;
    }
    return shorten(trim(v.raw_json_token()));
}

bool isNull(od::value& v)
{
    od::json_type t;
    return !v.type().get(t) && t == od::json_type::null;
}

Result<std::string_view> readString(od::value& v, const Where& w, std::string_view name)
{
    std::string_view s;
    od::json_type t;
    if (v.type().get(t) || t != od::json_type::string) {
        return w.field(name, "a string", describe(v));
    }
    if (auto err = v.get_string().get(s)) {
        return w.field(name, "a valid string", simdjson::error_message(err));
    }
    return s;
}

Result<int64_t> readInteger(
    od::value& v, const Where& w, std::string_view name, int64_t min, int64_t max, std::string_view expected)
{
    od::json_type t;
    if (v.type().get(t) || t != od::json_type::number) {
        return w.field(name, expected, describe(v));
    }
    int64_t x = 0;
    if (v.get_int64().get(x)) {
        return w.field(name, expected, describe(v));
    }
    if (x < min || x > max) {
        return w.field(name, expected, std::to_string(x));
    }
    return x;
}

Result<int64_t> readTime(od::value& v, const Where& w, std::string_view name, int64_t nsPerUnit)
{
    od::json_type t;
    if (v.type().get(t)) {
        return w.field(name, "a time", "malformed JSON");
    }
    if (t == od::json_type::number) {
        const std::string_view raw = trim(v.raw_json_token());
        auto ns = decimalToNs(raw, nsPerUnit);
        if (!ns) {
            return w.field(name, "a time that fits in 64-bit nanoseconds since 1970", shorten(raw));
        }
        return *ns;
    }
    if (t == od::json_type::string) {
        std::string_view s;
        if (v.get_string().get(s)) {
            return w.field(name, "a valid string", "");
        }
        auto ns = parseRfc3339(s);
        if (!ns) {
            return w.field(
                name, "an RFC 3339 timestamp such as \"2025-06-01T12:00:00.250Z\"", "\"" + shorten(s) + "\"");
        }
        return *ns;
    }
    return w.field(name, "a time (a number in the header's time_unit, or an RFC 3339 string)", describe(v));
}

} // namespace

// ---------------------------------------------------------------------------------------------

struct NativeReader::Parser
{
    od::parser parser;
};

NativeReader::~NativeReader() = default;

Result<std::unique_ptr<NativeReader>> NativeReader::open(const std::string& path)
{
    auto src = ByteSource::open(path);
    if (!src) {
        return src.error();
    }
    std::unique_ptr<NativeReader> r(new NativeReader());
    r->m_source = std::move(*src);
    r->m_path = path;
    r->m_buffer.resize(kChunkBytes + simdjson::SIMDJSON_PADDING);
    r->m_parser = std::make_unique<Parser>();
    return r;
}

Result<bool> NativeReader::fillBuffer()
{
    // Move the unconsumed tail to the front, grow when a single line fills the whole buffer.
    const size_t pending = m_end - m_begin;
    if (m_begin > 0) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_begin, pending);
        m_begin = 0;
        m_end = pending;
    }
    const size_t usable = m_buffer.size() - simdjson::SIMDJSON_PADDING;
    if (m_end == usable) {
        m_buffer.resize(m_buffer.size() * 2);
    }
    const size_t room = m_buffer.size() - simdjson::SIMDJSON_PADDING - m_end;
    auto n = m_source->read(m_buffer.data() + m_end, room);
    if (!n) {
        return n.error();
    }
    m_end += *n;
    if (*n == 0) {
        m_eof = true;
    }
    return *n > 0;
}

Result<bool> NativeReader::nextBatch(RecordBatch& batch, size_t maxRecords)
{
    batch.clear();
    while (batch.size() < maxRecords) {
        const char* base = m_buffer.data();
        const void* nl = std::memchr(base + m_begin, '\n', m_end - m_begin);
        size_t lineEnd = 0;
        if (nl) {
            lineEnd = static_cast<size_t>(static_cast<const char*>(nl) - base);
        } else if (!m_eof) {
            auto more = fillBuffer();
            if (!more) {
                return more.error();
            }
            continue;
        } else if (m_begin < m_end) {
            lineEnd = m_end; // the last line has no newline
        } else {
            break;
        }
        ++m_line;
        const size_t lineStart = m_begin;
        m_begin = nl ? lineEnd + 1 : lineEnd;
        size_t len = lineEnd - lineStart;
        if (len > 0 && base[lineStart + len - 1] == '\r') {
            --len;
        }
        if (isBlank(base + lineStart, len)) {
            continue;
        }
        if (auto st = parseLine(base + lineStart, len, batch); !st) {
            return st.error();
        }
    }
    const bool done = m_eof && m_begin >= m_end;
    if (done && !m_sawRecord) {
        if (m_sawHeader) {
            return Error { m_path + ": the file has a header but no job, attempt, phase or checkpoint records" };
        }
        return Error { m_path + ": the file is empty (no records)" };
    }
    return !done;
}

Status NativeReader::parseLine(const char* data, size_t length, RecordBatch& batch)
{
    const size_t capacity = static_cast<size_t>(m_buffer.data() + m_buffer.size() - data);
    // Built only when a message needs it: this runs once per line.
    auto where = [&] { return m_path + ":" + std::to_string(m_line) + ": "; };
    od::document doc;
    if (auto err = m_parser->parser.iterate(data, length, capacity).get(doc)) {
        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
    }
    od::object obj;
    if (auto err = doc.get_object().get(obj)) {
        if (err == simdjson::INCORRECT_TYPE) {
            return Error { where() + "expected a JSON object per line" };
        }
        if (err == simdjson::UTF8_ERROR) {
            return Error { where() + "invalid UTF-8 (the line is not UTF-8 text)" };
        }
        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
    }
    std::string_view typeView;
    if (auto err = obj.find_field_unordered("type").get_string().get(typeView)) {
        if (err == simdjson::NO_SUCH_FIELD) {
            return Error { where()
                + "the record has no \"type\" field (expected header, job, attempt, phase or "
                  "checkpoint)" };
        }
        if (err == simdjson::INCORRECT_TYPE) {
            return Error { where() + "field 'type': expected a string" };
        }
        if (err == simdjson::UTF8_ERROR) {
            return Error { where() + "invalid UTF-8 (the line is not UTF-8 text)" };
        }
        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
    }
    m_type.assign(typeView);
    const std::string& type = m_type;
    if (auto err = obj.reset().error()) {
        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
    }

    Where w { m_path, m_line, type };
    const int64_t unit = m_header.nsPerUnit;

    // Iterates every field, calling handle(key, value) for each but "type". Unknown fields are
    // counted; JSON errors anywhere in the object are reported.
    auto forEachField = [&](auto&& handle) -> Status {
        for (auto fieldResult : obj) {
            od::field field;
            if (auto err = std::move(fieldResult).get(field)) {
                if (err == simdjson::UTF8_ERROR) {
                    return Error { where() + "invalid UTF-8 (the line is not UTF-8 text)" };
                }
                return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
            }
            std::string_view key;
            if (auto err = field.unescaped_key().get(key)) {
                return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
            }
            if (key == "type") {
                continue;
            }
            // The key stays valid: simdjson writes unescaped strings to a per-document buffer.
            od::value value = field.value();
            auto st = handle(key, value);
            if (!st) {
                return st;
            }
        }
        const char* trailing = nullptr;
        if (!doc.current_location().get(trailing)) {
            return Error { where() + "unexpected content after the JSON object" };
        }
        return Status::success();
    };
    // A field the spec does not define: counted, and its value still read to its end (a damaged
    // value must not pass for an unknown one; see json_check.h).
    // `record` names the record in the error ("attempt record").
    auto checkSkipped = [&](const std::string& record, std::string_view key, od::value& v) -> Status {
        simdjson::error_code err = simdjson::SUCCESS;
        if (const std::string problem = checkJsonValue(v, err); !problem.empty()) {
            return Error { where() + record + ": field '" + std::string(key) + "': not valid JSON: " + problem };
        }
        return Status::success();
    };
    auto unknownField = [&](std::string_view key, od::value& v) -> Status {
        if (auto st = checkSkipped(type + " record", key, v); !st) {
            return st;
        }
        m_issues.add("unknown_field", type + "." + std::string(key), m_line);
        return Status::success();
    };

    // Reads a string field into `out`; null counts as absent.
    auto stringInto = [&](std::string& out, od::value& v, std::string_view name) -> Status {
        if (isNull(v)) {
            return Status::success();
        }
        auto s = readString(v, w, name);
        if (!s) {
            return s.error();
        }
        out.assign(*s);
        return Status::success();
    };
    auto jobInto = [&](std::string& out, od::value& v) -> Status {
        auto s = readString(v, w, "job");
        if (!s) {
            return s.error();
        }
        if (s->empty()) {
            return w.field("job", "a non-empty job identifier", "\"\"");
        }
        out.assign(*s);
        return Status::success();
    };
    auto attemptInto = [&](int32_t& out, od::value& v) -> Status {
        auto x = readInteger(v, w, "attempt", 0, std::numeric_limits<int32_t>::max(), "an integer >= 0");
        if (!x) {
            return x.error();
        }
        out = static_cast<int32_t>(*x);
        return Status::success();
    };
    auto gpusInto = [&](std::optional<int64_t>& out, od::value& v) -> Status {
        if (isNull(v)) {
            return Status::success();
        }
        auto x = readInteger(v, w, "gpus", 1, std::numeric_limits<int32_t>::max(), "an integer >= 1");
        if (!x) {
            return x.error();
        }
        out = *x;
        return Status::success();
    };
    auto timeInto = [&](int64_t& out, od::value& v, std::string_view name) -> Status {
        auto t = readTime(v, w, name, unit);
        if (!t) {
            return t.error();
        }
        out = *t;
        return Status::success();
    };
    auto optionalTimeInto = [&](std::optional<int64_t>& out, od::value& v, std::string_view name) -> Status {
        if (isNull(v)) {
            return Status::success();
        }
        auto t = readTime(v, w, name, unit);
        if (!t) {
            return t.error();
        }
        out = *t;
        return Status::success();
    };

    if (type == "header") {
        if (m_sawHeader) {
            return w.record("a second header (a file has at most one, as its first record)");
        }
        if (m_sawRecord) {
            return w.record("the header must be the first record of the file");
        }
        m_sawHeader = true;
        bool sawFormat = false;
        bool sawVersion = false;
        std::string timeUnit = "us";
        auto st = forEachField([&](std::string_view key, od::value& v) -> Status {
            if (key == "format") {
                auto s = readString(v, w, key);
                if (!s) {
                    return s.error();
                }
                if (*s != "ett-trace") {
                    return w.field(key, "\"ett-trace\"", "\"" + shorten(*s) + "\"");
                }
                sawFormat = true;
                return Status::success();
            }
            if (key == "version") {
                auto x = readInteger(v, w, key, 1, std::numeric_limits<int32_t>::max(), "an integer >= 1");
                if (!x) {
                    return x.error();
                }
                if (*x > kSupportedVersion) {
                    return w.field(key,
                        "version " + std::to_string(kSupportedVersion)
                            + " (this reader supports ett-trace up to version " + std::to_string(kSupportedVersion)
                            + ")",
                        std::to_string(*x));
                }
                m_header.version = static_cast<int>(*x);
                sawVersion = true;
                return Status::success();
            }
            if (key == "time_unit") {
                auto s = readString(v, w, key);
                if (!s) {
                    return s.error();
                }
                if (!nsPerTimeUnit(*s)) {
                    return w.field(key, "one of s, ms, us, ns", "\"" + shorten(*s) + "\"");
                }
                timeUnit.assign(*s);
                return Status::success();
            }
            if (key == "source") {
                return stringInto(m_header.source, v, key);
            }
            if (key == "created") {
                od::json_type t;
                if (!v.type().get(t) && t == od::json_type::string) {
                    return stringInto(m_header.created, v, key);
                }
                m_header.created = describe(v);
                return Status::success();
            }
            return unknownField(key, v);
        });
        if (!st) {
            return st;
        }
        if (!sawFormat) {
            return w.missing("format", "\"ett-trace\"");
        }
        if (!sawVersion) {
            return w.missing("version", "an integer, 1");
        }
        m_header.nsPerUnit = *nsPerTimeUnit(timeUnit);
        return Status::success();
    }

    if (!m_sawRecord && !m_sawHeader) {
        m_issues.add("no_header", "", m_line, "first record is a '" + type + "' record; defaults apply (time_unit us)");
    }

    if (type == "job") {
        JobRecord& r = batch.newJob();
        bool sawJob = false;
        auto st = forEachField([&](std::string_view key, od::value& v) -> Status {
            if (key == "job") {
                sawJob = true;
                return jobInto(r.job, v);
            }
            if (key == "name") {
                return stringInto(r.name, v, key);
            }
            if (key == "gpus") {
                return gpusInto(r.gpus, v);
            }
            if (key == "submitted") {
                return optionalTimeInto(r.submittedNs, v, key);
            }
            if (key == "attrs") {
                if (isNull(v)) {
                    return Status::success();
                }
                od::object attrs;
                if (v.get_object().get(attrs)) {
                    return w.field("attrs", "an object of string values", describe(v));
                }
                for (auto attrResult : attrs) {
                    od::field attr;
                    if (auto err = std::move(attrResult).get(attr)) {
                        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
                    }
                    std::string_view akey;
                    if (auto err = attr.unescaped_key().get(akey)) {
                        return Error { where() + "not valid JSON: " + simdjson::error_message(err) };
                    }
                    std::string attrKey(akey);
                    od::value av = attr.value();
                    const std::string fieldName = "attrs." + attrKey;
                    auto s = readString(av, w, fieldName);
                    if (!s) {
                        return s.error();
                    }
                    r.attrs.emplace_back(std::move(attrKey), std::string(*s));
                }
                std::stable_sort(
                    r.attrs.begin(), r.attrs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
                for (size_t i = 1; i < r.attrs.size(); ++i) {
                    if (r.attrs[i].first == r.attrs[i - 1].first) {
                        return w.field("attrs", "each key once", "key \"" + shorten(r.attrs[i].first) + "\" twice");
                    }
                }
                return Status::success();
            }
            return unknownField(key, v);
        });
        if (!st) {
            return st;
        }
        if (!sawJob) {
            return w.missing("job", "a job identifier string");
        }
        if (!r.gpus) {
            m_issues.add("job_gpus_missing", "", m_line, "job " + shorten(r.job) + " has no gpus; 1 assumed");
        }
        batch.commit(RecordKind::Job, m_line);
    } else if (type == "attempt") {
        AttemptRecord& r = batch.newAttempt();
        bool sawJob = false;
        bool sawAttempt = false;
        bool sawStart = false;
        bool sawEnd = false;
        auto st = forEachField([&](std::string_view key, od::value& v) -> Status {
            if (key == "job") {
                sawJob = true;
                return jobInto(r.job, v);
            }
            if (key == "attempt") {
                sawAttempt = true;
                return attemptInto(r.attempt, v);
            }
            if (key == "start") {
                sawStart = true;
                return timeInto(r.startNs, v, key);
            }
            if (key == "end") {
                sawEnd = true;
                return timeInto(r.endNs, v, key);
            }
            if (key == "gpus") {
                return gpusInto(r.gpus, v);
            }
            if (key == "outcome") {
                if (isNull(v)) {
                    return Status::success();
                }
                auto s = readString(v, w, key);
                if (!s) {
                    return s.error();
                }
                auto o = parseOutcome(*s);
                if (!o) {
                    return w.field(
                        key, "one of completed, failed, preempted, cancelled, running", "\"" + shorten(*s) + "\"");
                }
                r.outcome = *o;
                return Status::success();
            }
            if (key == "interrupted_at") {
                return optionalTimeInto(r.interruptedAtNs, v, key);
            }
            if (key == "cause") {
                if (auto s = stringInto(r.cause, v, key); !s) {
                    return s;
                }
                if (!r.cause.empty() && !isValidCauseClass(causeClass(r.cause))) {
                    return w.field(key,
                        "a dotted cause whose first segment is one of infra, preemption, maintenance, dependency, "
                        "user, manual, unknown",
                        "\"" + shorten(r.cause) + "\"");
                }
                return Status::success();
            }
            if (key == "symptom") {
                if (isNull(v)) {
                    return Status::success();
                }
                auto s = readString(v, w, key);
                if (!s) {
                    return s.error();
                }
                auto sym = parseSymptom(*s);
                if (!sym) {
                    return w.field(key, "one of explicit, hang, degradation, numeric", "\"" + shorten(*s) + "\"");
                }
                r.symptom = *sym;
                return Status::success();
            }
            if (key == "detail") {
                return stringInto(r.detail, v, key);
            }
            return unknownField(key, v);
        });
        if (!st) {
            return st;
        }
        if (!sawJob) {
            return w.missing("job", "a job identifier string");
        }
        if (!sawAttempt) {
            return w.missing("attempt", "an integer >= 0");
        }
        if (!sawStart) {
            return w.missing("start", "a time");
        }
        if (!sawEnd) {
            return w.missing("end", "a time");
        }
        if (r.endNs < r.startNs) {
            return w.field("end", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(r.endNs));
        }
        if (r.interruptedAtNs) {
            if (!isInterrupted(r.outcome)) {
                return w.field("interrupted_at", "no value: it is only allowed when outcome is failed or preempted",
                    "outcome " + std::string(outcomeName(r.outcome)));
            }
            if (*r.interruptedAtNs < r.startNs || *r.interruptedAtNs > r.endNs) {
                return w.field("interrupted_at",
                    "a time within the attempt [" + formatRfc3339(r.startNs) + ", " + formatRfc3339(r.endNs) + "]",
                    formatRfc3339(*r.interruptedAtNs));
            }
        }
        batch.commit(RecordKind::Attempt, m_line);
    } else if (type == "phase") {
        PhaseRecord& r = batch.newPhase();
        bool sawJob = false;
        bool sawAttempt = false;
        bool sawPhase = false;
        bool sawStart = false;
        bool sawEnd = false;
        auto st = forEachField([&](std::string_view key, od::value& v) -> Status {
            if (key == "job") {
                sawJob = true;
                return jobInto(r.job, v);
            }
            if (key == "attempt") {
                sawAttempt = true;
                return attemptInto(r.attempt, v);
            }
            if (key == "phase") {
                sawPhase = true;
                auto s = readString(v, w, key);
                if (!s) {
                    return s.error();
                }
                const auto dot = s->find('.');
                const auto cat = parseCategory(s->substr(0, dot));
                if (!cat) {
                    return w.field(key, "a category or category.subcategory, the category one of " + categoryList(),
                        "\"" + shorten(*s) + "\"");
                }
                r.category = *cat;
                if (dot != std::string_view::npos) {
                    r.subcategory.assign(s->substr(dot + 1));
                    if (r.subcategory.empty()) {
                        return w.field(key, "a subcategory after the dot", "\"" + shorten(*s) + "\"");
                    }
                }
                return Status::success();
            }
            if (key == "start") {
                sawStart = true;
                return timeInto(r.startNs, v, key);
            }
            if (key == "end") {
                sawEnd = true;
                return timeInto(r.endNs, v, key);
            }
            if (key == "rank") {
                if (isNull(v)) {
                    return Status::success();
                }
                auto x = readInteger(v, w, key, 0, std::numeric_limits<int32_t>::max(), "an integer >= 0");
                if (!x) {
                    return x.error();
                }
                r.rank = static_cast<int32_t>(*x);
                return Status::success();
            }
            if (key == "name") {
                return stringInto(r.name, v, key);
            }
            return unknownField(key, v);
        });
        if (!st) {
            return st;
        }
        if (!sawJob) {
            return w.missing("job", "a job identifier string");
        }
        if (!sawAttempt) {
            return w.missing("attempt", "an integer >= 0");
        }
        if (!sawPhase) {
            return w.missing("phase", "a category or category.subcategory");
        }
        if (!sawStart) {
            return w.missing("start", "a time");
        }
        if (!sawEnd) {
            return w.missing("end", "a time");
        }
        if (r.endNs < r.startNs) {
            return w.field("end", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(r.endNs));
        }
        batch.commit(RecordKind::Phase, m_line);
    } else if (type == "checkpoint") {
        CheckpointRecord& r = batch.newCheckpoint();
        bool sawJob = false;
        bool sawAttempt = false;
        bool sawStart = false;
        auto st = forEachField([&](std::string_view key, od::value& v) -> Status {
            if (key == "job") {
                sawJob = true;
                return jobInto(r.job, v);
            }
            if (key == "attempt") {
                sawAttempt = true;
                return attemptInto(r.attempt, v);
            }
            if (key == "step") {
                if (isNull(v)) {
                    return Status::success();
                }
                auto x = readInteger(v, w, key, 0, std::numeric_limits<int64_t>::max(), "an integer >= 0");
                if (!x) {
                    return x.error();
                }
                r.step = *x;
                return Status::success();
            }
            if (key == "start") {
                sawStart = true;
                return timeInto(r.startNs, v, key);
            }
            if (key == "durable") {
                return optionalTimeInto(r.durableNs, v, key);
            }
            if (key == "failed") {
                if (isNull(v)) {
                    return Status::success();
                }
                bool b = false;
                if (v.get_bool().get(b)) {
                    return w.field(key, "true or false", describe(v));
                }
                r.failed = b;
                return Status::success();
            }
            return unknownField(key, v);
        });
        if (!st) {
            return st;
        }
        if (!sawJob) {
            return w.missing("job", "a job identifier string");
        }
        if (!sawAttempt) {
            return w.missing("attempt", "an integer >= 0");
        }
        if (!sawStart) {
            return w.missing("start", "a time");
        }
        if (r.durableNs && *r.durableNs < r.startNs) {
            return w.field(
                "durable", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(*r.durableNs));
        }
        if (r.failed && r.durableNs) {
            return w.field(
                "durable", "no value: a failed checkpoint never became durable", formatRfc3339(*r.durableNs));
        }
        batch.commit(RecordKind::Checkpoint, m_line);
    } else {
        // Forward compatible: unknown record types are ignored and counted (spec 1), once their
        // values are known to be whole JSON.
        const std::string record = "record of type '" + shorten(type) + "'";
        auto st = forEachField([&](std::string_view key, od::value& v) { return checkSkipped(record, key, v); });
        if (!st) {
            return st;
        }
        m_issues.add("unknown_record_type", shorten(type), m_line);
    }
    m_sawRecord = true;
    ++m_records;
    return Status::success();
}

} // namespace ett::core
