#include "core/ingest/json_check.h"

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

} // namespace ett::core
