#include "core/ingest/native_reader.h"

#include "core/ingest/json_check.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace ett::core {

namespace od = simdjson::ondemand;

namespace {

constexpr size_t kNativeChunkBytes = 4 << 20;
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
    // "path:line: ", the start of every message about this line.
    std::string prefix() const { return path + ":" + std::to_string(line) + ": "; }
    Error invalidJson(simdjson::error_code err) const
    {
        return Error { prefix() + "not valid JSON: " + simdjson::error_message(err) };
    }
    // As invalidJson, but bad UTF-8 is named as such.
    Error badJson(simdjson::error_code err) const
    {
        if (err == simdjson::UTF8_ERROR) {
            return Error { prefix() + "invalid UTF-8 (the line is not UTF-8 text)" };
        }
        return invalidJson(err);
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

// ---- Field tables ---------------------------------------------------------------------------
//
// Each record type is a table of its fields: the name, a handler that reads the value into the
// record, and for a required field what the error says is expected when it is missing. One loop
// (readFields) drives every table, so a record type is its table plus the rules across its fields.

// What a field handler needs besides the value: where the line is and the header's time unit.
struct FieldContext
{
    const Where& w;
    int64_t nsPerUnit;
};

template <typename Rec> struct FieldSpec
{
    std::string_view name;
    Status (*read)(const FieldContext& c, Rec& r, od::value& v, std::string_view name);
    std::string_view required; // what a missing field's error expects; "" for an optional field
};

// Iterates over every field of the line's object but "type", calling handle(key, value); then
// checks that nothing follows the object. JSON errors anywhere in the object are reported.
template <typename Handle> Status forEachField(od::object& obj, od::document& doc, const Where& w, Handle&& handle)
{
    for (auto fieldResult : obj) {
        od::field field;
        if (auto err = std::move(fieldResult).get(field)) {
            return w.badJson(err);
        }
        std::string_view key;
        if (auto err = field.unescaped_key().get(key)) {
            return w.invalidJson(err);
        }
        if (key == "type") {
            continue;
        }
        // The key stays valid: simdjson writes unescaped strings to a per-document buffer.
        od::value value = field.value();
        if (auto st = handle(key, value); !st) {
            return st;
        }
    }
    const char* trailing = nullptr;
    if (!doc.current_location().get(trailing)) {
        return Error { w.prefix() + "unexpected content after the JSON object" };
    }
    return Status::success();
}

// A value no handler reads (unknown field, record of unknown type): still read to its end, so
// that a damaged value does not pass for an unknown one (see json_check.h). `record` names the
// record in the error ("attempt record").
Status checkSkipped(const Where& w, const std::string& record, std::string_view key, od::value& v)
{
    simdjson::error_code err = simdjson::SUCCESS;
    if (const std::string problem = checkJsonValue(v, err); !problem.empty()) {
        return Error { w.prefix() + record + ": field '" + std::string(key) + "': not valid JSON: " + problem };
    }
    return Status::success();
}

// Reads the fields of one record through its table. Fields not in the table are checked and
// counted (unknown_field); a required field that is absent is an error, the first in table order.
template <typename Rec, size_t N>
Status readFields(od::object& obj, od::document& doc, const FieldContext& c, IssueCounter& issues,
    const FieldSpec<Rec> (&table)[N], Rec& r)
{
    static_assert(N <= 32, "the seen fields are a 32-bit mask");
    uint32_t seen = 0;
    auto st = forEachField(obj, doc, c.w, [&](std::string_view key, od::value& v) -> Status {
        for (size_t i = 0; i < N; ++i) {
            if (table[i].name == key) {
                seen |= 1u << i;
                return table[i].read(c, r, v, key);
            }
        }
        const std::string type(c.w.recordType);
        if (auto skipped = checkSkipped(c.w, type + " record", key, v); !skipped) {
            return skipped;
        }
        issues.add(IssueKind::UnknownField, type + "." + std::string(key), c.w.line);
        return Status::success();
    });
    if (!st) {
        return st;
    }
    for (size_t i = 0; i < N; ++i) {
        if (!table[i].required.empty() && !(seen & (1u << i))) {
            return c.w.missing(table[i].name, table[i].required);
        }
    }
    return Status::success();
}

// ---- Field handlers shared by record types --------------------------------------------------

// The record type and value type of a pointer to member.
template <typename T> struct MemberOf;
template <typename R, typename V> struct MemberOf<V R::*>
{
    using Record = R;
};
template <auto M> using RecordOf = typename MemberOf<decltype(M)>::Record;

// A string; null counts as absent.
template <auto M> Status stringField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    (r.*M).assign(*s);
    return Status::success();
}

// A non-empty job identifier.
template <auto M> Status jobField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view)
{
    auto s = readString(v, c.w, "job");
    if (!s) {
        return s.error();
    }
    if (s->empty()) {
        return c.w.field("job", "a non-empty job identifier", "\"\"");
    }
    (r.*M).assign(*s);
    return Status::success();
}

// An attempt number >= 0.
template <auto M> Status attemptField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view)
{
    auto x = readInteger(v, c.w, "attempt", 0, std::numeric_limits<int32_t>::max(), "an integer >= 0");
    if (!x) {
        return x.error();
    }
    r.*M = static_cast<int32_t>(*x);
    return Status::success();
}

// A GPU count >= 1; null counts as absent.
template <auto M> Status gpusField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view)
{
    if (isNull(v)) {
        return Status::success();
    }
    auto x = readInteger(v, c.w, "gpus", 1, std::numeric_limits<int32_t>::max(), "an integer >= 1");
    if (!x) {
        return x.error();
    }
    r.*M = *x;
    return Status::success();
}

// A time in the header's unit or RFC 3339.
template <auto M> Status timeField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view name)
{
    auto t = readTime(v, c.w, name, c.nsPerUnit);
    if (!t) {
        return t.error();
    }
    r.*M = *t;
    return Status::success();
}

// A time, or null for none.
template <auto M> Status optionalTimeField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    return timeField<M>(c, r, v, name);
}

// An integer >= 0 (a rank or a step); null counts as absent.
template <auto M, typename T>
Status countField(const FieldContext& c, RecordOf<M>& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    auto x = readInteger(v, c.w, name, 0, std::numeric_limits<T>::max(), "an integer >= 0");
    if (!x) {
        return x.error();
    }
    r.*M = static_cast<T>(*x);
    return Status::success();
}

constexpr std::string_view kJobExpected = "a job identifier string";
constexpr std::string_view kAttemptExpected = "an integer >= 0";
constexpr std::string_view kTimeExpected = "a time";

// ---- header ---------------------------------------------------------------------------------

// The header as its fields are read: the time unit is settled once all fields are known.
struct HeaderFields
{
    HeaderRecord& header;
    std::string timeUnit = "us";
};

Status headerFormat(const FieldContext& c, HeaderFields&, od::value& v, std::string_view name)
{
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    if (*s != "ett-trace") {
        return c.w.field(name, "\"ett-trace\"", "\"" + shorten(*s) + "\"");
    }
    return Status::success();
}

Status headerVersion(const FieldContext& c, HeaderFields& h, od::value& v, std::string_view name)
{
    auto x = readInteger(v, c.w, name, 1, std::numeric_limits<int32_t>::max(), "an integer >= 1");
    if (!x) {
        return x.error();
    }
    if (*x > kSupportedVersion) {
        return c.w.field(name,
            "version " + std::to_string(kSupportedVersion) + " (this reader supports ett-trace up to version "
                + std::to_string(kSupportedVersion) + ")",
            std::to_string(*x));
    }
    h.header.version = static_cast<int>(*x);
    return Status::success();
}

Status headerTimeUnit(const FieldContext& c, HeaderFields& h, od::value& v, std::string_view name)
{
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    if (!nsPerTimeUnit(*s)) {
        return c.w.field(name, "one of s, ms, us, ns", "\"" + shorten(*s) + "\"");
    }
    h.timeUnit.assign(*s);
    return Status::success();
}

Status headerSource(const FieldContext& c, HeaderFields& h, od::value& v, std::string_view name)
{
    return stringField<&HeaderRecord::source>(c, h.header, v, name);
}

// Free text: a string as it is, any other value as its JSON text.
Status headerCreated(const FieldContext& c, HeaderFields& h, od::value& v, std::string_view name)
{
    od::json_type t;
    if (!v.type().get(t) && t == od::json_type::string) {
        return stringField<&HeaderRecord::created>(c, h.header, v, name);
    }
    h.header.created = describe(v);
    return Status::success();
}

constexpr FieldSpec<HeaderFields> kHeaderFields[] = {
    { "format", headerFormat, "\"ett-trace\"" },
    { "version", headerVersion, "an integer, 1" },
    { "time_unit", headerTimeUnit, "" },
    { "source", headerSource, "" },
    { "created", headerCreated, "" },
};

// ---- job ------------------------------------------------------------------------------------

// An object of string values, each key once (sorted by key).
Status jobAttrs(const FieldContext& c, JobRecord& r, od::value& v, std::string_view)
{
    if (isNull(v)) {
        return Status::success();
    }
    od::object attrs;
    if (v.get_object().get(attrs)) {
        return c.w.field("attrs", "an object of string values", describe(v));
    }
    for (auto attrResult : attrs) {
        od::field attr;
        if (auto err = std::move(attrResult).get(attr)) {
            return c.w.invalidJson(err);
        }
        std::string_view akey;
        if (auto err = attr.unescaped_key().get(akey)) {
            return c.w.invalidJson(err);
        }
        std::string attrKey(akey);
        od::value av = attr.value();
        auto s = readString(av, c.w, "attrs." + attrKey);
        if (!s) {
            return s.error();
        }
        r.attrs.emplace_back(std::move(attrKey), std::string(*s));
    }
    std::stable_sort(r.attrs.begin(), r.attrs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 1; i < r.attrs.size(); ++i) {
        if (r.attrs[i].first == r.attrs[i - 1].first) {
            return c.w.field("attrs", "each key once", "key \"" + shorten(r.attrs[i].first) + "\" twice");
        }
    }
    return Status::success();
}

constexpr FieldSpec<JobRecord> kJobFields[] = {
    { "job", jobField<&JobRecord::job>, kJobExpected },
    { "name", stringField<&JobRecord::name>, "" },
    { "gpus", gpusField<&JobRecord::gpus>, "" },
    { "submitted", optionalTimeField<&JobRecord::submittedNs>, "" },
    { "attrs", jobAttrs, "" },
};

// ---- attempt --------------------------------------------------------------------------------

Status attemptOutcome(const FieldContext& c, AttemptRecord& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    auto o = parseOutcome(*s);
    if (!o) {
        return c.w.field(name, "one of completed, failed, preempted, cancelled, running", "\"" + shorten(*s) + "\"");
    }
    r.outcome = *o;
    return Status::success();
}

Status attemptCause(const FieldContext& c, AttemptRecord& r, od::value& v, std::string_view name)
{
    if (auto s = stringField<&AttemptRecord::cause>(c, r, v, name); !s) {
        return s;
    }
    if (!r.cause.empty() && !isValidCauseClass(causeClass(r.cause))) {
        return c.w.field(name,
            "a dotted cause whose first segment is one of infra, preemption, maintenance, dependency, user, manual, "
            "unknown",
            "\"" + shorten(r.cause) + "\"");
    }
    return Status::success();
}

Status attemptSymptom(const FieldContext& c, AttemptRecord& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    auto sym = parseSymptom(*s);
    if (!sym) {
        return c.w.field(name, "one of explicit, hang, degradation, numeric", "\"" + shorten(*s) + "\"");
    }
    r.symptom = *sym;
    return Status::success();
}

constexpr FieldSpec<AttemptRecord> kAttemptFields[] = {
    { "job", jobField<&AttemptRecord::job>, kJobExpected },
    { "attempt", attemptField<&AttemptRecord::attempt>, kAttemptExpected },
    { "start", timeField<&AttemptRecord::startNs>, kTimeExpected },
    { "end", timeField<&AttemptRecord::endNs>, kTimeExpected },
    { "gpus", gpusField<&AttemptRecord::gpus>, "" },
    { "outcome", attemptOutcome, "" },
    { "interrupted_at", optionalTimeField<&AttemptRecord::interruptedAtNs>, "" },
    { "cause", attemptCause, "" },
    { "symptom", attemptSymptom, "" },
    { "detail", stringField<&AttemptRecord::detail>, "" },
};

// The rules across an attempt's fields (spec 2).
Status checkAttempt(const Where& w, const AttemptRecord& r)
{
    if (r.endNs < r.startNs) {
        return w.field("end", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(r.endNs));
    }
    if (!r.interruptedAtNs) {
        return Status::success();
    }
    if (!isInterrupted(r.outcome)) {
        return w.field("interrupted_at", "no value: it is only allowed when outcome is failed or preempted",
            "outcome " + std::string(outcomeName(r.outcome)));
    }
    if (*r.interruptedAtNs < r.startNs || *r.interruptedAtNs > r.endNs) {
        return w.field("interrupted_at",
            "a time within the attempt [" + formatRfc3339(r.startNs) + ", " + formatRfc3339(r.endNs) + "]",
            formatRfc3339(*r.interruptedAtNs));
    }
    return Status::success();
}

// ---- phase ----------------------------------------------------------------------------------

// "category" or "category.subcategory".
Status phaseName(const FieldContext& c, PhaseRecord& r, od::value& v, std::string_view name)
{
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    const auto dot = s->find('.');
    const auto cat = parseCategory(s->substr(0, dot));
    if (!cat) {
        return c.w.field(name, "a category or category.subcategory, the category one of " + categoryList(),
            "\"" + shorten(*s) + "\"");
    }
    r.category = *cat;
    if (dot != std::string_view::npos) {
        r.subcategory.assign(s->substr(dot + 1));
        if (r.subcategory.empty()) {
            return c.w.field(name, "a subcategory after the dot", "\"" + shorten(*s) + "\"");
        }
    }
    return Status::success();
}

constexpr FieldSpec<PhaseRecord> kPhaseFields[] = {
    { "job", jobField<&PhaseRecord::job>, kJobExpected },
    { "attempt", attemptField<&PhaseRecord::attempt>, kAttemptExpected },
    { "phase", phaseName, "a category or category.subcategory" },
    { "start", timeField<&PhaseRecord::startNs>, kTimeExpected },
    { "end", timeField<&PhaseRecord::endNs>, kTimeExpected },
    { "rank", countField<&PhaseRecord::rank, int32_t>, "" },
    { "name", stringField<&PhaseRecord::name>, "" },
};

Status checkPhase(const Where& w, const PhaseRecord& r)
{
    if (r.endNs < r.startNs) {
        return w.field("end", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(r.endNs));
    }
    return Status::success();
}

// ---- checkpoint -----------------------------------------------------------------------------

Status checkpointFailed(const FieldContext& c, CheckpointRecord& r, od::value& v, std::string_view name)
{
    if (isNull(v)) {
        return Status::success();
    }
    bool b = false;
    if (v.get_bool().get(b)) {
        return c.w.field(name, "true or false", describe(v));
    }
    r.failed = b;
    return Status::success();
}

constexpr FieldSpec<CheckpointRecord> kCheckpointFields[] = {
    { "job", jobField<&CheckpointRecord::job>, kJobExpected },
    { "attempt", attemptField<&CheckpointRecord::attempt>, kAttemptExpected },
    { "step", countField<&CheckpointRecord::step, int64_t>, "" },
    { "start", timeField<&CheckpointRecord::startNs>, kTimeExpected },
    { "durable", optionalTimeField<&CheckpointRecord::durableNs>, "" },
    { "failed", checkpointFailed, "" },
};

Status checkCheckpoint(const Where& w, const CheckpointRecord& r)
{
    if (r.durableNs && *r.durableNs < r.startNs) {
        return w.field("durable", "a time >= start (" + formatRfc3339(r.startNs) + ")", formatRfc3339(*r.durableNs));
    }
    if (r.failed && r.durableNs) {
        return w.field("durable", "no value: a failed checkpoint never became durable", formatRfc3339(*r.durableNs));
    }
    return Status::success();
}

// ---- rank -----------------------------------------------------------------------------------

// A non-empty host name.
Status rankHost(const FieldContext& c, RankRecord& r, od::value& v, std::string_view name)
{
    auto s = readString(v, c.w, name);
    if (!s) {
        return s.error();
    }
    if (s->empty()) {
        return c.w.field(name, "a non-empty host name", "\"\"");
    }
    r.host.assign(*s);
    return Status::success();
}

// A rank number >= 0, required (null is not a rank).
Status rankNumber(const FieldContext& c, RankRecord& r, od::value& v, std::string_view name)
{
    auto x = readInteger(v, c.w, name, 0, std::numeric_limits<int32_t>::max(), "an integer >= 0");
    if (!x) {
        return x.error();
    }
    r.rank = static_cast<int32_t>(*x);
    return Status::success();
}

constexpr FieldSpec<RankRecord> kRankFields[] = {
    { "job", jobField<&RankRecord::job>, kJobExpected },
    { "attempt", attemptField<&RankRecord::attempt>, kAttemptExpected },
    { "rank", rankNumber, "an integer >= 0" },
    { "host", rankHost, "a host name string" },
};

Status checkRank(const Where&, const RankRecord&)
{
    return Status::success();
}

// Reads a record of a known type into its batch slot, checks the rules across its fields and
// commits it to the batch.
template <typename Rec, size_t N>
Status readChecked(od::object& obj, od::document& doc, const FieldContext& c, IssueCounter& issues,
    const FieldSpec<Rec> (&table)[N], Rec& r, Status (*check)(const Where&, const Rec&), RecordKind kind,
    RecordBatch& batch)
{
    if (auto st = readFields(obj, doc, c, issues, table, r); !st) {
        return st;
    }
    if (auto st = check(c.w, r); !st) {
        return st;
    }
    batch.commit(kind, c.w.line);
    return Status::success();
}
// Reads a record of type job, attempt, phase, checkpoint or rank into the batch; a record of another
// type is checked and counted.
Status readTypedRecord(const std::string& type, od::object& obj, od::document& doc, const FieldContext& c,
    IssueCounter& issues, RecordBatch& batch)
{
    if (type == "job") {
        JobRecord& r = batch.newJob();
        if (auto st = readFields(obj, doc, c, issues, kJobFields, r); !st) {
            return st;
        }
        if (!r.gpus) {
            issues.add(IssueKind::JobGpusMissing, "", c.w.line, "job " + shorten(r.job) + " has no gpus; 1 assumed");
        }
        batch.commit(RecordKind::Job, c.w.line);
        return Status::success();
    }
    if (type == "attempt") {
        return readChecked(
            obj, doc, c, issues, kAttemptFields, batch.newAttempt(), checkAttempt, RecordKind::Attempt, batch);
    }
    if (type == "phase") {
        return readChecked(obj, doc, c, issues, kPhaseFields, batch.newPhase(), checkPhase, RecordKind::Phase, batch);
    }
    if (type == "checkpoint") {
        return readChecked(obj, doc, c, issues, kCheckpointFields, batch.newCheckpoint(), checkCheckpoint,
            RecordKind::Checkpoint, batch);
    }
    if (type == "rank") {
        return readChecked(obj, doc, c, issues, kRankFields, batch.newRank(), checkRank, RecordKind::Rank, batch);
    }
    // Forward compatible: unknown record types are ignored and counted (spec 1), once their values
    // are known to be whole JSON.
    const std::string record = "record of type '" + shorten(type) + "'";
    auto st = forEachField(
        obj, doc, c.w, [&](std::string_view key, od::value& v) { return checkSkipped(c.w, record, key, v); });
    if (!st) {
        return st;
    }
    issues.add(IssueKind::UnknownRecordType, shorten(type), c.w.line);
    return Status::success();
}

} // namespace

// ---------------------------------------------------------------------------------------------

// The parser runs its structural pass over each line and its string unescaping on the
// implementation simdjson picks at run time for this CPU (AVX-512, AVX2, ...; see
// simdjson_implementation.h). The On Demand code compiled into this file (navigation, numbers) is
// the build target's, simdjson's "fallback" on baseline x86-64, but it is scalar in every
// implementation: built for AVX2 this file and the Chrome reader ran the same instruction count,
// so they are not compiled once per instruction set.
struct NativeReader::Parser
{
    od::parser parser;
    // Settled at the first line, when the parser takes its implementation: whether it is
    // simdjson's fallback, whose first pass needs firstPassError() beside it (json_check.h).
    bool started = false;
    bool fallback = false;
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
    r->m_buffer.resize(kNativeChunkBytes + simdjson::SIMDJSON_PADDING);
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
        if (usable >= kMaxLineBytes) {
            return Error { lineTooLongMessage(m_path, m_line + 1, "an ETT trace") };
        }
        m_buffer.resize(std::min(usable * 2, kMaxLineBytes) + simdjson::SIMDJSON_PADDING);
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
    // The record type is known once "type" is read; messages before that name only the line.
    Where w { m_path, m_line, {} };
    if (!m_parser->started) {
        m_parser->started = true;
        m_parser->fallback = parsesWithFallback();
    }
    if (m_parser->fallback) {
        if (auto err = firstPassError(std::string_view(data, length))) {
            return w.invalidJson(err);
        }
    }
    od::document doc;
    if (auto err = m_parser->parser.iterate(data, length, capacity).get(doc)) {
        return w.invalidJson(err);
    }
    od::object obj;
    if (auto err = doc.get_object().get(obj)) {
        if (err == simdjson::INCORRECT_TYPE) {
            return Error { w.prefix() + "expected a JSON object per line" };
        }
        return w.badJson(err);
    }
    std::string_view typeView;
    if (auto err = obj.find_field_unordered("type").get_string().get(typeView)) {
        if (err == simdjson::NO_SUCH_FIELD) {
            return Error { w.prefix()
                + "the record has no \"type\" field (expected header, job, attempt, phase or checkpoint)" };
        }
        if (err == simdjson::INCORRECT_TYPE) {
            return Error { w.prefix() + "field 'type': expected a string" };
        }
        return w.badJson(err);
    }
    m_type.assign(typeView);
    if (auto err = obj.reset().error()) {
        return w.invalidJson(err);
    }
    w.recordType = m_type;
    const FieldContext c { w, m_header.nsPerUnit };

    if (m_type == "header") {
        if (m_sawHeader) {
            return w.record("a second header (a file has at most one, as its first record)");
        }
        if (m_sawRecord) {
            return w.record("the header must be the first record of the file");
        }
        m_sawHeader = true;
        HeaderFields h { m_header };
        if (auto st = readFields(obj, doc, c, m_issues, kHeaderFields, h); !st) {
            return st;
        }
        m_header.nsPerUnit = *nsPerTimeUnit(h.timeUnit);
        return Status::success();
    }
    if (!m_sawRecord && !m_sawHeader) {
        // Without a header, only a record of a known type says that this is an ETT trace: another
        // tool's JSON Lines with a "type" field (OneLogger's "start", "event", ...) would otherwise
        // be "imported" as skipped records and no job.
        if (m_type != "job" && m_type != "attempt" && m_type != "phase" && m_type != "checkpoint" && m_type != "rank") {
            return Error { w.prefix() + "field 'type': \"" + shorten(m_type)
                + "\" is not an ETT trace record type, and the file has no header (expected a header, job, "
                  "attempt, phase, checkpoint or rank record first; another tool's JSON Lines? see --format)" };
        }
        m_issues.add(IssueKind::NoHeader, "", m_line,
            "first record is a '" + m_type + "' record; defaults apply (time_unit us)");
    }
    if (auto st = readTypedRecord(m_type, obj, doc, c, m_issues, batch); !st) {
        return st;
    }
    m_sawRecord = true;
    ++m_records;
    return Status::success();
}

} // namespace ett::core
