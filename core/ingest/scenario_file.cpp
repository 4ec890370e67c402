#include "core/ingest/scenario_file.h"

#include "core/model/json_text.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

std::optional<Bucket> parseBucket(std::string_view name)
{
    for (int b = 0; b < kBucketCount; ++b) {
        if (bucketName(static_cast<Bucket>(b)) == name) {
            return static_cast<Bucket>(b);
        }
    }
    return std::nullopt;
}

std::string bucketList()
{
    std::string s;
    for (int b = 1; b < kBucketCount; ++b) { // not productive: no change can target it
        s += (s.empty() ? "" : ", ") + std::string(bucketName(static_cast<Bucket>(b)));
    }
    return s;
}

Result<std::string> stringOf(dom::element e, const std::string& where)
{
    std::string_view s;
    if (e.get_string().get(s)) {
        return Error { where + ": expected a string" };
    }
    return std::string(s);
}

// A JSON number (integer or not) as a double; errors say what the field takes.
Result<double> numberOf(dom::element e, const std::string& where, const char* expected)
{
    double v = 0;
    if (e.get_double().get(v)) {
        return Error { where + ": expected " + expected };
    }
    return v;
}

// Whether the object has `key` more than once (simdjson keeps duplicates; a scenario must not).
Status checkKey(dom::object o, std::string_view key, const std::string& where)
{
    int seen = 0;
    for (auto [k, v] : o) {
        (void)v;
        seen += k == key ? 1 : 0;
    }
    if (seen > 1) {
        return Error { where + ": \"" + std::string(key) + "\" is given twice" };
    }
    return Status::success();
}

Result<WhatIfChange> parseChange(dom::element el, const std::string& where)
{
    dom::object obj;
    if (el.get_object().get(obj)) {
        return Error { where + ": expected an object such as {\"bucket\": \"compile\", \"scale\": 0.6}" };
    }
    WhatIfChange c;
    int targets = 0;
    for (auto [key, value] : obj) {
        if (auto st = checkKey(obj, key, where); !st) {
            return st.error();
        }
        const std::string field = where + "." + std::string(key);
        if (key == "bucket") {
            ++targets;
            auto name = stringOf(value, field);
            if (!name) {
                return name.error();
            }
            const auto b = parseBucket(*name);
            if (!b) {
                return Error { field + ": unknown bucket \"" + *name + "\"; expected one of " + bucketList() };
            }
            c.target = WhatIfTarget::Bucket;
            c.bucket = *b;
        } else if (key == "phase") {
            ++targets;
            auto name = stringOf(value, field);
            if (!name) {
                return name.error();
            }
            const auto dot = name->find('.');
            const auto category = parseCategory(std::string_view(*name).substr(0, dot));
            if (!category) {
                return Error { field + ": \"" + *name + "\": unknown category; expected category.subcategory with "
                    + "a category of " + categoryList() };
            }
            c.target = WhatIfTarget::Phase;
            c.category = *category;
            c.subcategory = dot == std::string::npos ? std::string() : name->substr(dot + 1);
        } else if (key == "interruptions") {
            ++targets;
            auto name = stringOf(value, field);
            if (!name) {
                return name.error();
            }
            c.target = WhatIfTarget::Interruptions;
            if (*name == "failures") {
                c.interruptions = InterruptionClass::Failures;
            } else if (*name == "preemptions") {
                c.interruptions = InterruptionClass::Preemptions;
            } else if (*name == "all") {
                c.interruptions = InterruptionClass::All;
            } else {
                return Error { field + ": expected failures, preemptions or all (got \"" + *name + "\")" };
            }
        } else if (key == "checkpoint_interval") {
            ++targets;
            c.target = WhatIfTarget::CheckpointInterval;
            constexpr const char* kExpected = "\"optimal\", a number of seconds > 0, or {\"scale\": x}";
            std::string_view text;
            dom::object inner;
            if (!value.get_string().get(text)) {
                if (text != "optimal") {
                    return Error { field + ": expected " + kExpected + " (got \"" + std::string(text) + "\")" };
                }
                c.optimal = true;
            } else if (!value.get_object().get(inner)) {
                for (auto [ik, iv] : inner) {
                    if (ik != "scale") {
                        return Error { field + ": unknown key \"" + std::string(ik) + "\" (expected scale)" };
                    }
                    auto s = numberOf(iv, field + ".scale", "a number > 0");
                    if (!s) {
                        return s.error();
                    }
                    c.scale = *s;
                }
                if (!c.scale) {
                    return Error { field + ": expected {\"scale\": x}" };
                }
            } else {
                auto s = numberOf(value, field, kExpected);
                if (!s) {
                    return s.error();
                }
                c.setS = *s;
            }
        } else if (key == "scale") {
            auto s = numberOf(value, field, "a number >= 0");
            if (!s) {
                return s.error();
            }
            c.scale = *s;
        } else if (key == "set_s") {
            auto s = numberOf(value, field, "a number of seconds >= 0");
            if (!s) {
                return s.error();
            }
            c.setS = *s;
        } else {
            return Error { where + ": unknown key \"" + std::string(key)
                + "\" (expected one of bucket, phase, interruptions, checkpoint_interval, with scale or set_s)" };
        }
    }
    if (targets != 1) {
        return Error { where
            + (targets == 0 ? ": no target; expected one of bucket, phase, interruptions, checkpoint_interval"
                            : ": more than one target; one change has one of bucket, phase, interruptions, "
                              "checkpoint_interval") };
    }
    if (c.target == WhatIfTarget::CheckpointInterval && obj.size() != 1) {
        return Error { where
            + ": checkpoint_interval takes its value inside it: \"optimal\", seconds, or "
              "{\"scale\": x}" };
    }
    if (auto st = checkChange(c, where); !st) {
        return st.error();
    }
    return c;
}

void appendNumber(std::string& out, double v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

} // namespace

Status checkScenario(const Scenario& s, const std::string& where)
{
    if (s.name.empty()) {
        return Error { where + ": name: expected a non-empty string" };
    }
    for (size_t i = 0; i < s.changes.size(); ++i) {
        if (auto st = checkChange(s.changes[i], where + ": changes[" + std::to_string(i) + "]"); !st) {
            return st;
        }
    }
    return Status::success();
}

Result<Scenario> parseScenario(std::string_view json, const std::string& origin)
{
    dom::parser parser;
    dom::element root;
    simdjson::padded_string text(json);
    if (auto err = parser.parse(text).get(root)) {
        return Error { origin + ": not valid JSON: " + simdjson::error_message(err) };
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        return Error { origin + ": expected a JSON object with \"name\" and \"changes\"" };
    }
    Scenario s;
    bool named = false;
    bool changes = false;
    for (auto [key, value] : obj) {
        if (auto st = checkKey(obj, key, origin); !st) {
            return st.error();
        }
        if (key == "name") {
            auto name = stringOf(value, origin + ": name");
            if (!name) {
                return name.error();
            }
            s.name = *name;
            named = true;
        } else if (key == "cohort") {
            auto cohort = stringOf(value, origin + ": cohort");
            if (!cohort) {
                return cohort.error();
            }
            s.cohort = *cohort;
        } else if (key == "changes") {
            dom::array list;
            if (value.get_array().get(list)) {
                return Error { origin + ": changes: expected an array of changes" };
            }
            size_t i = 0;
            for (dom::element el : list) {
                auto c = parseChange(el, origin + ": changes[" + std::to_string(i++) + "]");
                if (!c) {
                    return c.error();
                }
                s.changes.push_back(std::move(*c));
            }
            changes = true;
        } else {
            return Error { origin + ": unknown key \"" + std::string(key) + "\" (expected name, cohort, changes)" };
        }
    }
    if (!named || s.name.empty()) {
        return Error { origin + ": name: expected a non-empty string (the name it is saved under)" };
    }
    if (!changes) {
        return Error { origin + ": changes: missing (an array of changes)" };
    }
    return s;
}

Result<Scenario> loadScenarioFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Error { path + ": cannot open the scenario file: " + std::strerror(errno) };
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseScenario(text.str(), path);
}

std::string scenarioJson(const Scenario& scenario)
{
    std::string out = "{\"name\":";
    appendJsonString(out, scenario.name);
    out += ",\"cohort\":";
    appendJsonString(out, scenario.cohort);
    out += ",\"changes\":[";
    for (size_t i = 0; i < scenario.changes.size(); ++i) {
        const WhatIfChange& c = scenario.changes[i];
        out += i == 0 ? "{" : ",{";
        switch (c.target) {
        case WhatIfTarget::Bucket:
            out += "\"bucket\":";
            appendJsonString(out, bucketName(c.bucket));
            break;
        case WhatIfTarget::Phase:
            out += "\"phase\":";
            appendJsonString(out, std::string(categoryName(c.category)) + "." + c.subcategory);
            break;
        case WhatIfTarget::Interruptions:
            out += "\"interruptions\":";
            out += c.interruptions == InterruptionClass::Failures   ? "\"failures\""
                : c.interruptions == InterruptionClass::Preemptions ? "\"preemptions\""
                                                                    : "\"all\"";
            break;
        case WhatIfTarget::CheckpointInterval:
            out += "\"checkpoint_interval\":";
            if (c.optimal) {
                out += "\"optimal\"";
            } else if (c.setS) {
                appendNumber(out, *c.setS);
            } else {
                out += "{\"scale\":";
                appendNumber(out, c.scale.value_or(1.0));
                out += "}";
            }
            break;
        }
        if (c.target != WhatIfTarget::CheckpointInterval) {
            if (c.scale) {
                out += ",\"scale\":";
                appendNumber(out, *c.scale);
            }
            if (c.setS) {
                out += ",\"set_s\":";
                appendNumber(out, *c.setS);
            }
        }
        out += "}";
    }
    out += "]}";
    return out;
}

} // namespace ett::core
