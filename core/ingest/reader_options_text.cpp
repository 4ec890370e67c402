#include "core/ingest/reader_options_text.h"

#include "core/model/json_text.h"
#include "core/model/names_text.h"

#include <simdjson.h>

#include <cstdint>
#include <limits>
#include <optional>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

// Each option that differs from the defaults, as (key, JSON value, flag value), in the documented order.
struct Given
{
    const char* key;
    std::string json;
    std::string text;
};

std::vector<Given> givenOptions(const ReaderOptions& o)
{
    std::vector<Given> out;
    const auto text = [&](const char* key, const std::string& v) {
        std::string json;
        appendJsonString(json, v);
        out.push_back({ key, json, v });
    };
    const auto number = [&](const char* key, int64_t v) {
        out.push_back({ key, std::to_string(v), std::to_string(v) });
    };
    if (!o.mappingPath.empty()) {
        text("mapping", o.mappingPath);
    }
    if (o.job) {
        text("job", *o.job);
    }
    if (o.attempt) {
        number("attempt", *o.attempt);
    }
    if (o.rank) {
        number("rank", *o.rank);
    }
    if (o.timezone != ReaderOptions {}.timezone) {
        text("timezone", o.timezone);
    }
    if (o.year) {
        number("year", *o.year);
    }
    if (o.gpusPerNode) {
        number("gpus_per_node", *o.gpusPerNode);
    }
    return out;
}

} // namespace

std::string readerOptionsJson(const ReaderOptions& options)
{
    std::string out = "{";
    for (const Given& g : givenOptions(options)) {
        out += out.size() > 1 ? "," : "";
        appendJsonString(out, g.key);
        out += ":" + g.json;
    }
    return out + "}";
}

ReaderOptions storedOrGiven(std::string_view storedJson, const ReaderOptions& given)
{
    if (storedJson.empty()) {
        return given;
    }
    auto stored = parseReaderOptionsJson(storedJson);
    return stored ? std::move(*stored) : given;
}

std::optional<std::string> storedOptionsFlags(std::string_view storedJson)
{
    if (storedJson.empty()) {
        return std::nullopt;
    }
    auto stored = parseReaderOptionsJson(storedJson);
    return stored ? std::optional<std::string>(readerOptionsFlags(*stored)) : std::nullopt;
}

std::string readerOptionsFlags(const ReaderOptions& options)
{
    std::string out;
    for (const Given& g : givenOptions(options)) {
        std::string flag = g.key;
        for (char& c : flag) {
            c = c == '_' ? '-' : c;
        }
        out += (out.empty() ? "--" : " --") + flag + " " + shellWord(g.text);
    }
    return out;
}

Result<ReaderOptions> parseReaderOptionsJson(std::string_view json)
{
    const auto fail = [](const std::string& what) {
        return Error { "the options a file was read with are not readable: " + what };
    };
    dom::parser parser;
    dom::element root;
    simdjson::padded_string text(json);
    if (auto err = parser.parse(text).get(root)) {
        return fail(std::string("not valid JSON: ") + simdjson::error_message(err));
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        return fail("not a JSON object");
    }
    ReaderOptions out;
    for (auto [key, value] : obj) {
        const std::string name(key);
        std::string_view s;
        int64_t n = 0;
        const bool isText = !value.get_string().get(s);
        const bool isInt = !value.get_int64().get(n);
        const auto small = [&](int64_t lo) -> std::optional<int32_t> {
            if (!isInt || n < lo || n > std::numeric_limits<int32_t>::max()) {
                return std::nullopt;
            }
            return static_cast<int32_t>(n);
        };
        if (name == "mapping" || name == "job" || name == "timezone") {
            if (!isText) {
                return fail("\"" + name + "\": expected a string");
            }
            (name == "mapping" ? out.mappingPath : name == "job" ? out.job.emplace() : out.timezone) = std::string(s);
        } else if (name == "attempt" || name == "rank" || name == "gpus_per_node") {
            const auto v = small(name == "gpus_per_node" ? 1 : 0);
            if (!v) {
                return fail(
                    "\"" + name + "\": expected a whole number of at least " + (name == "gpus_per_node" ? "1" : "0"));
            }
            (name == "attempt" ? out.attempt : name == "rank" ? out.rank : out.gpusPerNode) = *v;
        } else if (name == "year") {
            if (!isInt || n < kMinYearOption || n > kMaxYearOption) {
                return fail("\"year\": expected a year from " + std::to_string(kMinYearOption) + " to "
                    + std::to_string(kMaxYearOption));
            }
            out.year = static_cast<int>(n);
        } else {
            return fail("unknown option \"" + name + "\"");
        }
    }
    return out;
}

} // namespace ett::core
