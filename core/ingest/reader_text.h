// Text helpers every reader's messages share: blanks trimmed, long text shortened, a JSON value
// described. Header only, no state.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ett::core {

// 2000-01-01T00:00:00Z: the readers take a first time before it as relative (no real date).
inline constexpr int64_t kYear2000Ns = int64_t { 946'684'800 } * 1'000'000'000;

// `s` without blanks (space, tab, CR) at both ends.
inline std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

// At most `max` bytes of s (never cutting a UTF-8 sequence), "..." when cut.
inline std::string shortenText(std::string_view s, size_t max)
{
    if (s.size() <= max) {
        return std::string(s);
    }
    size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) {
        --n;
    }
    return std::string(s.substr(0, n)) + "...";
}

// A JSON value as a message shows it: "null", "an object", "an array", or its text (minified,
// shortened to `max` bytes).
inline std::string describeJson(simdjson::dom::element e, size_t max)
{
    switch (e.type()) {
    case simdjson::dom::element_type::OBJECT:
        return "an object";
    case simdjson::dom::element_type::ARRAY:
        return "an array";
    case simdjson::dom::element_type::NULL_VALUE:
        return "null";
    default:
        return shortenText(simdjson::minify(e), max);
    }
}

} // namespace ett::core
