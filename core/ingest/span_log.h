// What the readers of span logs (torchtitan structured logs, OneLogger exports) share: JSON Lines
// whose records open and close named spans. Small helpers for their fields and messages; header
// only, no state.
#pragma once

#include "core/ingest/mapping.h"
#include "core/ingest/reader_text.h"
#include "core/ingest/record_source.h"
#include "core/ingest/text_input.h"
#include "core/model/result.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core::spanlog {

inline std::string_view trim(std::string_view s)
{
    return trimBlanks(s);
}

inline std::string shorten(std::string_view s, size_t max = 120)
{
    return shortenText(s, max);
}

inline std::string describe(simdjson::dom::element e)
{
    return describeJson(e, 120);
}

// The same for a looked-up field: "missing" when it is not there.
inline std::string describe(simdjson::simdjson_result<simdjson::dom::element> v)
{
    simdjson::dom::element e;
    return v.get(e) ? std::string("missing") : describe(e);
}

// An integer >= 1 from a setting's text ("8"); nullopt otherwise.
inline std::optional<int64_t> parseCount(std::string_view s)
{
    int64_t n = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || p != s.data() + s.size() || n < 1) {
        return std::nullopt;
    }
    return n;
}

// A JSON number of `nsPerUnit` units since 1970 as nanoseconds: integers exactly, fractions rounded
// to the nanosecond from their text. nullopt when it is not a number, is negative, or does not fit
// int64 nanoseconds.
inline std::optional<int64_t> numberToNs(simdjson::dom::element e, int64_t nsPerUnit)
{
    int64_t v = 0;
    if (!e.get_int64().get(v)) {
        if (v < 0 || v > std::numeric_limits<int64_t>::max() / nsPerUnit) {
            return std::nullopt;
        }
        return v * nsPerUnit;
    }
    double d = 0;
    if (e.get_double().get(d) || !std::isfinite(d) || d < 0) {
        return std::nullopt; // uint64 beyond int64 lands here too: get_double succeeds, the range check below fails
    }
    if (d >= static_cast<double>(std::numeric_limits<int64_t>::max()) / static_cast<double>(nsPerUnit)) {
        return std::nullopt;
    }
    return decimalToNs(simdjson::minify(e), nsPerUnit);
}

// Where a record is, for messages: "PATH:LINE: <what>: field 'F': expected E, found V".
struct Where
{
    std::string_view path;
    int64_t line = 0;
    std::string_view what; // "torchtitan record", "OneLogger record"

    std::string prefix() const
    {
        return std::string(path) + ":" + std::to_string(line) + ": " + std::string(what) + ": ";
    }
    Error field(std::string_view name, std::string_view expected, const std::string& found) const
    {
        return Error { prefix() + "field '" + std::string(name) + "': expected " + std::string(expected) + ", found "
            + found };
    }
    Error field(std::string_view name, std::string_view expected, simdjson::dom::element found) const
    {
        return field(name, expected, describe(found));
    }
    Error field(
        std::string_view name, std::string_view expected, simdjson::simdjson_result<simdjson::dom::element> found) const
    {
        return field(name, expected, describe(found));
    }
};

// Reads every non-blank line of `in` as one JSON object and calls fn(obj, line), a Status. A line
// that is not one (cut when the process died, or two writers interleaved) is counted as
// malformed_line and skipped. Returns how many were; the input's or fn's first Error otherwise.
template <typename Fn>
Result<int64_t> forEachObjectLine(TextInput& in, simdjson::dom::parser& parser, IssueCounter& issues, Fn&& fn)
{
    int64_t malformed = 0;
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            return malformed;
        }
        const std::string_view raw = trim(**next);
        const int64_t line = in.line();
        if (raw.empty()) {
            continue;
        }
        simdjson::dom::object obj;
        if (auto err = parser.parse(raw.data(), raw.size(), true).get(obj)) {
            issues.add(IssueKind::MalformedLine,
                err == simdjson::INCORRECT_TYPE ? "not a JSON object" : simdjson::error_message(err), line,
                shorten(raw));
            ++malformed;
            continue;
        }
        if (auto st = fn(obj, line); !st) {
            return st.error();
        }
    }
}

// The mapping's "gpus" setting (the job's GPU count when the files do not say it): nullopt when
// there is none. Error naming the setting, `where` first.
inline Result<std::optional<int64_t>> gpusSetting(const Mapping& mapping, const std::string& where)
{
    const std::string g = mapping.setting("gpus");
    if (g.empty()) {
        return std::optional<int64_t> {};
    }
    auto n = parseCount(g);
    if (!n) {
        return Error { where + "gpus: expected an integer >= 1, found \"" + g + "\"" };
    }
    return n;
}

// The mapping's "missing_end" setting (what a span that never ends makes of its attempt): true for
// "running", false for "failed" or no setting. Error naming the setting, `where` first.
inline Result<bool> missingEndRunning(const Mapping& mapping, const std::string& where)
{
    const std::string s = mapping.setting("missing_end");
    if (!s.empty() && s != "failed" && s != "running") {
        return Error { where + "missing_end: expected \"failed\" or \"running\", found \"" + s + "\"" };
    }
    return s == "running";
}

} // namespace ett::core::spanlog
