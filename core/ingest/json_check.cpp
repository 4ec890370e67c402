#include "core/ingest/json_check.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ett::core {

namespace {

namespace od = simdjson::ondemand;

// True for a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool isJsonNumber(std::string_view s)
{
    size_t i = 0;
    auto digits = [&] {
        const size_t from = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        return i > from;
    };
    if (i < s.size() && s[i] == '-') {
        ++i;
    }
    if (i < s.size() && s[i] == '0') {
        ++i;
    } else if (!digits()) {
        return false;
    }
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) {
            return false;
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
            ++i;
        }
        if (!digits()) {
            return false;
        }
    }
    return i == s.size();
}

std::string checkNested(od::value& v, simdjson::error_code& err, int depth);

} // namespace

std::string_view trimJsonSpace(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
        s.remove_suffix(1);
    }
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) {
        s.remove_prefix(1);
    }
    return s;
}

std::string describeJsonToken(std::string_view raw)
{
    raw = trimJsonSpace(raw);
    if (raw.empty()) {
        return "nothing";
    }
    if (raw.front() == '{') {
        return "an object";
    }
    if (raw.front() == '[') {
        return "an array";
    }
    constexpr size_t kMax = 60;
    return raw.size() <= kMax ? std::string(raw) : std::string(raw.substr(0, kMax)) + "...";
}

namespace {

std::string checkNested(od::value& v, simdjson::error_code& err, int depth)
{
    od::json_type t;
    if ((err = v.type().get(t))) {
        return simdjson::error_message(err);
    }
    if ((t == od::json_type::object || t == od::json_type::array) && depth >= kMaxJsonNesting) {
        return "objects and arrays nested deeper than " + std::to_string(kMaxJsonNesting) + " levels";
    }
    switch (t) {
    case od::json_type::object: {
        od::object o;
        if ((err = v.get_object().get(o))) {
            return simdjson::error_message(err);
        }
        for (auto fieldResult : o) {
            od::field f;
            std::string_view key;
            if ((err = std::move(fieldResult).get(f)) || (err = f.unescaped_key().get(key))) {
                return simdjson::error_message(err);
            }
            if (std::string problem = checkNested(f.value(), err, depth + 1); !problem.empty()) {
                return problem;
            }
        }
        return {};
    }
    case od::json_type::array: {
        od::array a;
        if ((err = v.get_array().get(a))) {
            return simdjson::error_message(err);
        }
        for (auto elementResult : a) {
            od::value e;
            if ((err = std::move(elementResult).get(e))) {
                return simdjson::error_message(err);
            }
            if (std::string problem = checkNested(e, err, depth + 1); !problem.empty()) {
                return problem;
            }
        }
        return {};
    }
    case od::json_type::string: {
        std::string_view text;
        if ((err = v.get_string().get(text))) {
            return simdjson::error_message(err);
        }
        return {};
    }
    case od::json_type::number: {
        const std::string_view raw = trimJsonSpace(v.raw_json_token());
        return isJsonNumber(raw) ? std::string() : "found " + describeJsonToken(raw) + ", not a number";
    }
    case od::json_type::boolean:
    case od::json_type::null: {
        const std::string_view raw = trimJsonSpace(v.raw_json_token());
        return raw == "true" || raw == "false" || raw == "null" ? std::string()
                                                                : "found " + describeJsonToken(raw) + ", not a value";
    }
    }
    return {};
}

} // namespace

std::string checkJsonValue(od::value& v, simdjson::error_code& err)
{
    return checkNested(v, err, 0);
}

simdjson::error_code firstPassError(std::string_view input)
{
    // One pass keeps the string state as the vectorised scanner does: backslashes escape the byte
    // after an odd run of them inside and outside strings alike, so such a quote never counts.
    bool inString = false;
    bool controlInString = false;
    for (size_t i = 0; i < input.size();) {
        // Most bytes change nothing: eight at a time, go to the first that is a quote, a backslash
        // or below 0x20 (the usual bit tricks, exact for the lowest such byte of a little-endian
        // word: a zero byte of x ^ c is a byte equal to c).
        if (std::endian::native == std::endian::little && i + 8 <= input.size()) {
            constexpr uint64_t kOnes = 0x0101010101010101;
            constexpr uint64_t kHighs = 0x8080808080808080;
            uint64_t x = 0;
            std::memcpy(&x, input.data() + i, sizeof x);
            const uint64_t quote = x ^ (kOnes * '"');
            const uint64_t backslash = x ^ (kOnes * '\\');
            const uint64_t special
                = (((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | ((x - kOnes * 0x20) & ~x))
                & kHighs;
            if (!special) {
                i += 8;
                continue;
            }
            i += static_cast<size_t>(std::countr_zero(special) / 8);
        }
        const auto c = static_cast<unsigned char>(input[i]);
        if (c == '\\') {
            size_t run = 0;
            while (i < input.size() && input[i] == '\\') {
                ++run;
                ++i;
            }
            if (run % 2 == 1 && i < input.size()) {
                controlInString = controlInString || (inString && static_cast<unsigned char>(input[i]) < 0x20);
                ++i;
            }
            continue;
        }
        if (c == '"') {
            inString = !inString;
        } else if (inString && c < 0x20) {
            controlInString = true;
        }
        ++i;
    }
    // The order in which their first pass reports them.
    if (inString) {
        return simdjson::UNCLOSED_STRING;
    }
    if (controlInString) {
        return simdjson::UNESCAPED_CHARS;
    }
    return simdjson::validate_utf8(input) ? simdjson::SUCCESS : simdjson::UTF8_ERROR;
}

bool parsesWithFallback()
{
    return simdjson::get_active_implementation()->name() == "fallback";
}

} // namespace ett::core
