// The MLPerf results layout and system descriptions (core/ingest/mlperf_system.h).
#include "core/ingest/mlperf_system.h"

#include "core/ingest/foreign_reader.h"
#include "core/ingest/reader_text.h"

#include <simdjson.h>

#include <charconv>

namespace ett::core::mlperf {

namespace {

namespace dom = simdjson::dom;
namespace fs = std::filesystem;

std::string_view trim(std::string_view s)
{
    return trimBlanks(s);
}

// The text of a JSON value: a string as is, anything else as minified JSON.
std::string textOf(dom::element e)
{
    std::string_view s;
    if (!e.get_string().get(s)) {
        return std::string(s);
    }
    return simdjson::minify(e);
}

// A count from a system description: a number or a string holding one ("8").
std::optional<int64_t> countOf(dom::element e)
{
    int64_t n = 0;
    if (!e.get_int64().get(n)) {
        return n;
    }
    std::string_view s;
    if (e.get_string().get(s)) {
        return std::nullopt;
    }
    s = trim(s);
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || p != s.data() + s.size()) {
        return std::nullopt;
    }
    return n;
}

} // namespace

SystemInfo readSystemJson(std::string_view text)
{
    SystemInfo info;
    dom::parser parser;
    dom::element root;
    if (auto err = parser.parse(text.data(), text.size(), true).get(root)) {
        info.problem = std::string("not valid JSON: ") + simdjson::error_message(err);
        return info;
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        info.problem = "not a JSON object";
        return info;
    }
    std::optional<int64_t> nodes;
    std::optional<int64_t> perNode;
    for (auto [k, v] : obj) {
        if (k == "number_of_nodes") {
            nodes = countOf(v);
        } else if (k == "accelerators_per_node") {
            perNode = countOf(v);
        } else if (k == "system_name") {
            info.systemName = textOf(v);
        } else if (k == "accelerator_model_name") {
            info.accelerator = textOf(v);
        }
    }
    if (!nodes || !perNode) {
        info.problem = "number_of_nodes or accelerators_per_node missing or not a number";
    } else if (*nodes < 1 || *perNode < 1 || *nodes > 1'000'000 || *perNode > 1'000'000) {
        info.problem = "number_of_nodes x accelerators_per_node is " + std::to_string(*nodes) + " x "
            + std::to_string(*perNode) + " (no accelerators)";
    } else {
        info.gpus = *nodes * *perNode;
    }
    return info;
}

Layout layoutOf(const std::string& path)
{
    Layout l;
    std::error_code ec;
    fs::path p = fs::absolute(fs::path(path), ec);
    if (ec) {
        p = fs::path(path);
    }
    p = p.lexically_normal();
    const fs::path bench = p.parent_path();
    const fs::path system = bench.parent_path();
    const fs::path results = system.parent_path();
    const fs::path submitter = results.parent_path();
    if (results.filename() != "results" || submitter.filename().empty() || system.filename().empty()
        || bench.filename().empty()) {
        return l;
    }
    l.matches = true;
    l.submitter = submitter.filename().string();
    l.system = system.filename().string();
    l.benchmark = bench.filename().string();
    l.run = jobIdFromPath(p.filename().string());
    l.systemJson = submitter / "systems" / (l.system + ".json");
    return l;
}

} // namespace ett::core::mlperf
