#include "core/ingest/excluded_file.h"

#include "core/ingest/json_check.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

namespace ett::core {

namespace {

namespace od = simdjson::ondemand;

constexpr const char* kExpectedTime = "expected an RFC 3339 time, a date or epoch seconds";

// The 1-based line of byte `offset` of `text`.
int64_t lineAt(std::string_view text, size_t offset)
{
    int64_t line = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        line += text[i] == '\n' ? 1 : 0;
    }
    return line;
}

std::string quoted(std::string_view s)
{
    return "'" + std::string(s) + "'";
}

// One interval checked: both ends given, end not before start. `where` names it ("f:3: [1]").
Result<TimeSpan> checkedSpan(std::optional<int64_t> start, std::optional<int64_t> end, const std::string& where)
{
    if (!start || !end) {
        return Error { where + ": " + (!start ? "start" : "end")
            + ": missing (every interval has a start and an end)" };
    }
    if (*end < *start) {
        return Error { where + ": end: " + formatRfc3339(*end) + " is before start " + formatRfc3339(*start) };
    }
    return TimeSpan { *start, *end };
}

// A time field of the JSON form: a number of epoch seconds (exact, from its text) or a string.
Result<int64_t> jsonTime(od::value v, const std::string& where)
{
    od::json_type type;
    if (v.type().get(type)) {
        return Error { where + ": " + kExpectedTime };
    }
    if (type == od::json_type::number) {
        const std::string_view raw = trimJsonSpace(v.raw_json_token());
        if (auto ns = decimalToNs(raw, kNsPerSecond)) {
            return *ns;
        }
        return Error { where + ": " + kExpectedTime + " (got " + std::string(raw) + ")" };
    }
    if (type == od::json_type::string) {
        std::string_view s;
        if (v.get_string().get(s)) {
            return Error { where + ": a broken string" };
        }
        if (auto ns = parseUserTime(s)) {
            return *ns;
        }
        return Error { where + ": " + kExpectedTime + " (got \"" + std::string(s) + "\")" };
    }
    return Error { where + ": " + kExpectedTime + " (got " + describeJsonToken(v.raw_json_token()) + ")" };
}

Result<std::vector<TimeSpan>> parseJson(std::string_view text, const std::string& origin)
{
    const simdjson::padded_string padded(text);
    auto lineOf = [&](std::string_view token) {
        const auto offset = static_cast<size_t>(token.data() - padded.data());
        return origin + ":" + std::to_string(lineAt(text, offset));
    };
    od::parser parser;
    od::document doc;
    od::array array;
    if (parser.iterate(padded).get(doc) || doc.get_array().get(array)) {
        return Error { origin + ": expected a JSON array of {\"start\": ..., \"end\": ...} objects" };
    }
    std::vector<TimeSpan> spans;
    size_t i = 0;
    for (auto item : array) {
        const std::string index = "[" + std::to_string(i++) + "]";
        od::value v;
        if (auto err = item.get(v)) {
            return Error { origin + ": " + index + ": not valid JSON (" + simdjson::error_message(err) + ")" };
        }
        const std::string where = lineOf(v.raw_json_token()) + ": " + index;
        od::object obj;
        if (v.get_object().get(obj)) {
            return Error { where
                + ": expected an object such as {\"start\": \"2025-06-01T02:00:00Z\", \"end\": "
                  "\"2025-06-01T06:00:00Z\"}" };
        }
        std::optional<int64_t> start;
        std::optional<int64_t> end;
        bool note = false;
        for (auto field : obj) {
            std::string_view key;
            od::value fv;
            if (field.unescaped_key().get(key) || field.value().get(fv)) {
                return Error { where + ": not valid JSON" };
            }
            const std::string at = lineOf(fv.raw_json_token()) + ": " + index + "." + std::string(key);
            if (key == "start" || key == "end") {
                std::optional<int64_t>& slot = key == "start" ? start : end;
                if (slot) {
                    return Error { at + ": given twice" };
                }
                auto t = jsonTime(fv, at);
                if (!t) {
                    return t.error();
                }
                slot = *t;
            } else if (key == "note") {
                std::string_view s;
                if (note || fv.get_string().get(s)) {
                    return Error { at + (note ? ": given twice" : ": expected a string") };
                }
                note = true;
            } else {
                return Error { at + ": unknown key (the keys are start, end and note)" };
            }
        }
        auto span = checkedSpan(start, end, where);
        if (!span) {
            return span.error();
        }
        spans.push_back(*span);
    }
    // Whatever follows the array (simdjson stops reading at its end) must be blanks.
    const char* rest = nullptr;
    if (!doc.current_location().get(rest) && rest != nullptr) {
        const auto offset = static_cast<size_t>(rest - padded.data());
        if (offset < text.size() && !trimJsonSpace(text.substr(offset)).empty()) {
            return Error { origin + ":" + std::to_string(lineAt(text, offset))
                + ": not valid JSON: something follows the array" };
        }
    }
    return normalizeExcluded(std::move(spans));
}

std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') {
        s = s.substr(1, s.size() - 2);
    }
    return s;
}

Result<std::vector<TimeSpan>> parseCsv(std::string_view text, const std::string& origin)
{
    std::vector<TimeSpan> spans;
    bool header = false;
    bool withNote = false;
    int64_t line = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t nl = text.find('\n', pos);
        const std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++line;
        if (trimBlanks(raw).empty()) {
            continue;
        }
        const std::string where = origin + ":" + std::to_string(line);
        const size_t c1 = raw.find(',');
        const size_t c2 = c1 == std::string_view::npos ? c1 : raw.find(',', c1 + 1);
        const std::string_view first = trimBlanks(raw.substr(0, c1));
        const std::string_view second = c1 == std::string_view::npos
            ? std::string_view {}
            : trimBlanks(raw.substr(c1 + 1, c2 == std::string_view::npos ? std::string_view::npos : c2 - c1 - 1));
        if (!header) {
            const std::string_view rest
                = c2 == std::string_view::npos ? std::string_view {} : trimBlanks(raw.substr(c2 + 1));
            if (first != "start" || second != "end" || (c2 != std::string_view::npos && rest != "note")) {
                return Error { where + ": expected the header start,end (or start,end,note), got " + quoted(raw) };
            }
            header = true;
            withNote = c2 != std::string_view::npos;
            continue;
        }
        if (c1 == std::string_view::npos) {
            return Error { where + ": end: missing (a line is start,end" + (withNote ? ",note)" : ")") };
        }
        if (c2 != std::string_view::npos && !withNote) {
            return Error { where + ": more fields than the header's start,end" };
        }
        const auto start = parseUserTime(first);
        if (!start) {
            return Error { where + ": start: " + kExpectedTime + " (got " + quoted(first) + ")" };
        }
        const auto end = parseUserTime(second);
        if (!end) {
            return Error { where + ": end: " + kExpectedTime + " (got " + quoted(second) + ")" };
        }
        auto span = checkedSpan(start, end, where);
        if (!span) {
            return span.error();
        }
        spans.push_back(*span);
    }
    if (!header) {
        return Error { origin + ": empty: expected a JSON array or a CSV with the header start,end" };
    }
    return normalizeExcluded(std::move(spans));
}

} // namespace

Result<std::vector<TimeSpan>> parseExcludedWindows(std::string_view text, const std::string& origin)
{
    // The form by content: JSON starts with '[' (after blanks and a byte-order mark), CSV with its
    // header.
    std::string_view body = text;
    if (body.substr(0, 3) == "\xEF\xBB\xBF") {
        body.remove_prefix(3);
    }
    const std::string_view lead = trimJsonSpace(body);
    if (!lead.empty() && (lead.front() == '[' || lead.front() == '{')) {
        return parseJson(body, origin);
    }
    return parseCsv(body, origin);
}

Result<std::vector<TimeSpan>> loadExcludedWindowsFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Error { path + ": cannot open the excluded-windows file: " + std::strerror(errno) };
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseExcludedWindows(text.str(), path);
}

std::optional<Result<std::vector<TimeSpan>>> parseInlineExcludedWindows(std::string_view text)
{
    std::vector<TimeSpan> spans;
    std::vector<std::string_view> pieces;
    for (size_t from = 0;;) {
        const size_t comma = text.find(',', from);
        pieces.push_back(trimJsonSpace(text.substr(from, comma == std::string_view::npos ? comma : comma - from)));
        if (comma == std::string_view::npos) {
            break;
        }
        from = comma + 1;
    }
    for (const std::string_view piece : pieces) {
        if (piece.empty() && pieces.size() > 1) {
            continue; // "a/b," or "a/b,,c/d": the comma is a slip, not a window
        }
        const size_t slash = piece.find('/');
        if (slash == std::string_view::npos) {
            return std::nullopt;
        }
        const auto start = parseUserTime(piece.substr(0, slash));
        const auto end = parseUserTime(piece.substr(slash + 1));
        if (!start || !end) {
            return std::nullopt;
        }
        auto span = checkedSpan(start, end, std::string(piece));
        if (!span) {
            return Result<std::vector<TimeSpan>> { span.error() };
        }
        spans.push_back(*span);
    }
    if (spans.empty()) {
        return std::nullopt; // commas only
    }
    return Result<std::vector<TimeSpan>> { normalizeExcluded(std::move(spans)) };
}

Result<std::vector<TimeSpan>> loadExcludedWindows(const std::string& argument)
{
    if (auto inline_ = parseInlineExcludedWindows(argument)) {
        return std::move(*inline_);
    }
    return loadExcludedWindowsFile(argument);
}

Result<std::vector<TimeSpan>> parseExcludedWindowLines(std::string_view text)
{
    std::vector<TimeSpan> spans;
    int64_t line = 0;
    for (size_t from = 0; from <= text.size();) {
        const size_t nl = text.find('\n', from);
        const std::string_view raw
            = trimJsonSpace(text.substr(from, nl == std::string_view::npos ? std::string_view::npos : nl - from));
        from = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++line;
        if (raw.empty() || raw.front() == '#') {
            continue;
        }
        const std::string where = "line " + std::to_string(line) + ": ";
        auto parsed = parseInlineExcludedWindows(raw);
        if (!parsed) {
            return Error { where + "expected START/END, each an RFC 3339 time, a date or epoch seconds (got "
                + quoted(raw) + ")" };
        }
        if (!*parsed) {
            return Error { where + parsed->error().message };
        }
        spans.insert(spans.end(), (*parsed)->begin(), (*parsed)->end());
    }
    return normalizeExcluded(std::move(spans));
}

std::string excludedWindowLines(const std::vector<TimeSpan>& windows)
{
    std::string out;
    for (const TimeSpan& w : windows) {
        out += formatRfc3339(w.fromNs) + "/" + formatRfc3339(w.toNs) + "\n";
    }
    return out;
}

std::string excludedWindowsJson(const std::vector<TimeSpan>& windows)
{
    std::string out = "[";
    for (size_t i = 0; i < windows.size(); ++i) {
        out += (i == 0 ? "{\"start\":\"" : ",{\"start\":\"") + formatRfc3339(windows[i].fromNs) + "\",\"end\":\""
            + formatRfc3339(windows[i].toNs) + "\"}";
    }
    return out + "]";
}

} // namespace ett::core
