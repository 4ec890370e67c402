#include "core/ingest/cause_rules.h"

#include "core/model/json_text.h"
#include "core/model/types.h"

#include <simdjson.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

constexpr size_t kMaxCauseBytes = 1024; // as the importer's limit on a cause

// The byte offset of a value inside JSON text that simdjson has accepted, found by a path of keys
// and array indexes; for the line numbers of messages (simdjson's DOM keeps no positions).
class JsonLocator
{
public:
    explicit JsonLocator(std::string_view text)
        : m_s(text)
    {
    }

    struct Step
    {
        std::string_view key; // used when index < 0
        int64_t index = -1;
    };

    // The 1-based line of the value at `path`; the line of the deepest step found when a later
    // one is missing (a missing key is reported where its object starts).
    int64_t line(const std::vector<Step>& path)
    {
        m_p = 0;
        skipSpace();
        size_t found = m_p;
        for (const Step& step : path) {
            if (!enter(step)) {
                break;
            }
            found = m_p;
        }
        int64_t line = 1;
        for (size_t i = 0; i < found && i < m_s.size(); ++i) {
            line += m_s[i] == '\n' ? 1 : 0;
        }
        return line;
    }

private:
    void skipSpace()
    {
        while (m_p < m_s.size() && (m_s[m_p] == ' ' || m_s[m_p] == '\t' || m_s[m_p] == '\n' || m_s[m_p] == '\r')) {
            ++m_p;
        }
    }
    // A string token, without its quotes (escapes left as written).
    std::string_view stringToken()
    {
        const size_t start = ++m_p;
        while (m_p < m_s.size() && m_s[m_p] != '"') {
            m_p += m_s[m_p] == '\\' ? 2 : 1;
        }
        const auto text = m_s.substr(start, std::min(m_p, m_s.size()) - start);
        ++m_p;
        return text;
    }
    // Skips one value (the text is valid JSON: brackets balance outside strings), up to the comma
    // or bracket after it.
    void skipValue()
    {
        int depth = 0;
        while (true) {
            skipSpace();
            if (m_p >= m_s.size()) {
                return;
            }
            const char c = m_s[m_p];
            if (depth == 0 && (c == ',' || c == '}' || c == ']')) {
                return;
            }
            if (c == '"') {
                stringToken();
            } else if (c == '{' || c == '[') {
                ++depth;
                ++m_p;
            } else if (c == '}' || c == ']') {
                --depth;
                ++m_p;
            } else {
                ++m_p; // a scalar's byte, or a comma or colon inside a container
            }
        }
    }
    // Moves from a container's start to the value the step names; false when it is not there.
    bool enter(const Step& step)
    {
        skipSpace();
        if (m_p >= m_s.size()) {
            return false;
        }
        const char open = m_s[m_p];
        if ((step.index < 0) != (open == '{') || (open != '{' && open != '[')) {
            return false;
        }
        ++m_p;
        for (int64_t i = 0;; ++i) {
            skipSpace();
            if (m_p >= m_s.size() || m_s[m_p] == '}' || m_s[m_p] == ']') {
                return false;
            }
            if (open == '{') {
                const auto key = stringToken();
                skipSpace();
                ++m_p; // ':'
                skipSpace();
                if (key == step.key) {
                    return true;
                }
            } else if (i == step.index) {
                return true;
            }
            skipValue();
            skipSpace();
            if (m_p < m_s.size() && m_s[m_p] == ',') {
                ++m_p;
            }
        }
    }

    std::string_view m_s;
    size_t m_p = 0;
};

// Builds "ORIGIN:LINE: FIELD: what" messages for one rules text.
class Errors
{
public:
    Errors(std::string_view text, std::string origin)
        : m_locator(text)
        , m_origin(std::move(origin))
    {
    }
    Error at(const std::vector<JsonLocator::Step>& path, const std::string& what)
    {
        std::string field;
        for (const auto& step : path) {
            field += step.index >= 0 ? "[" + std::to_string(step.index) + "]"
                                     : (field.empty() ? "" : ".") + std::string(step.key);
        }
        return Error { m_origin + ":" + std::to_string(m_locator.line(path)) + ": "
            + (field.empty() ? "" : field + ": ") + what };
    }
    int64_t line(const std::vector<JsonLocator::Step>& path) { return m_locator.line(path); }

private:
    JsonLocator m_locator;
    std::string m_origin;
};

int duplicateCount(dom::object o, std::string_view key)
{
    int seen = 0;
    for (auto [k, v] : o) {
        (void)v;
        seen += k == key ? 1 : 0;
    }
    return seen;
}

std::string symptomList()
{
    return "explicit, hang, degradation, numeric, or \"\" for none";
}

Result<CauseRule> parseRule(dom::element el, std::vector<JsonLocator::Step> path, Errors& errors)
{
    dom::object obj;
    if (el.get_object().get(obj)) {
        return errors.at(
            path, "expected an object such as {\"match\": {\"cause\": \"unknown\"}, \"set_cause\": \"...\"}");
    }
    CauseRule rule;
    rule.line = errors.line(path);
    bool hasMatch = false;
    bool hasSet = false;
    for (auto [key, value] : obj) {
        auto here = path;
        here.push_back({ key });
        if (duplicateCount(obj, key) > 1) {
            return errors.at(here, "given twice");
        }
        if (key == "match") {
            hasMatch = true;
            dom::object m;
            if (value.get_object().get(m)) {
                return errors.at(here, "expected an object with cause, symptom and/or detail");
            }
            for (auto [mk, mv] : m) {
                auto field = here;
                field.push_back({ mk });
                if (duplicateCount(m, mk) > 1) {
                    return errors.at(field, "given twice");
                }
                std::string_view s;
                if (mv.get_string().get(s)) {
                    return errors.at(field, "expected a string");
                }
                if (mk == "cause") {
                    rule.cause = std::string(s);
                } else if (mk == "symptom") {
                    if (!s.empty() && !parseSymptom(s)) {
                        return errors.at(
                            field, "\"" + std::string(s) + "\" is not a symptom; expected " + symptomList());
                    }
                    rule.symptom = std::string(s);
                } else if (mk == "detail") {
                    // The message is Regex's, less its "WHERE: " (the field names it here).
                    auto re = Regex::compile(std::string(s), "-");
                    if (!re) {
                        return errors.at(field, re.error().message.substr(3));
                    }
                    rule.detail = std::string(s);
                    rule.detailRegex = std::move(*re);
                } else {
                    return errors.at(field, "unknown key (expected cause, symptom, detail)");
                }
            }
            if (!rule.cause && !rule.symptom && !rule.detail) {
                return errors.at(here, "empty: give at least one of cause, symptom, detail");
            }
        } else if (key == "set_cause") {
            hasSet = true;
            std::string_view s;
            if (value.get_string().get(s)) {
                return errors.at(here, "expected a string (a dotted cause such as infra.network.switch)");
            }
            if (auto why = invalidSetCause(s)) {
                return errors.at(here, *why);
            }
            rule.setCause = std::string(s);
        } else {
            return errors.at(here, "unknown key (expected match, set_cause)");
        }
    }
    if (!hasMatch) {
        return errors.at(path, "no \"match\" (an object with cause, symptom and/or detail)");
    }
    if (!hasSet) {
        return errors.at(path, "no \"set_cause\" (the new dotted cause)");
    }
    return rule;
}

} // namespace

bool CauseRule::matches(std::string_view c, std::string_view s, std::string_view d) const
{
    if (cause) {
        const std::string& p = *cause;
        if (p.empty() ? !c.empty()
                      : !(c == p || (c.size() > p.size() && c.substr(0, p.size()) == p && c[p.size()] == '.'))) {
            return false;
        }
    }
    if (symptom && s != *symptom) {
        return false;
    }
    return !detail || detailRegex.search(d);
}

int CauseRules::firstMatch(std::string_view cause, std::string_view symptom, std::string_view detail) const
{
    for (size_t i = 0; i < rules.size(); ++i) {
        if (rules[i].matches(cause, symptom, detail)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::optional<std::string> invalidSetCause(std::string_view cause)
{
    if (cause.empty()) {
        return std::string("empty; expected a dotted cause such as infra.network.switch");
    }
    if (cause.size() > kMaxCauseBytes) {
        return "longer than " + std::to_string(kMaxCauseBytes) + " bytes";
    }
    if (!isValidCauseClass(causeClass(cause))) {
        return "\"" + std::string(cause)
            + "\": the first segment must be a cause class: infra, preemption, maintenance, dependency, user, "
              "manual or unknown";
    }
    return std::nullopt;
}

Result<CauseRules> parseCauseRules(std::string_view json, const std::string& origin)
{
    dom::parser parser;
    dom::element root;
    simdjson::padded_string text(json);
    if (auto err = parser.parse(text).get(root)) {
        return Error { origin + ": not valid JSON: " + simdjson::error_message(err) };
    }
    Errors errors(json, origin);
    dom::object obj;
    if (root.get_object().get(obj)) {
        return errors.at({}, "expected a JSON object with \"rules\"");
    }
    CauseRules out;
    bool hasRules = false;
    for (auto [key, value] : obj) {
        if (duplicateCount(obj, key) > 1) {
            return errors.at({ { key } }, "given twice");
        }
        if (key != "rules") {
            return errors.at({ { key } }, "unknown key (expected rules)");
        }
        hasRules = true;
        dom::array rules;
        if (value.get_array().get(rules)) {
            return errors.at({ { key } }, "expected an array of rules");
        }
        int64_t i = 0;
        for (dom::element r : rules) {
            auto rule = parseRule(r, { { "rules" }, { {}, i } }, errors);
            if (!rule) {
                return rule.error();
            }
            out.rules.push_back(std::move(*rule));
            ++i;
        }
    }
    if (!hasRules) {
        return errors.at({}, "no \"rules\" (an array; [] for none)");
    }
    return out;
}

Result<CauseRules> loadCauseRulesFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Error { path + ": cannot open the rules file: " + std::strerror(errno) };
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseCauseRules(text.str(), path);
}

std::string causeRulesJson(const CauseRules& rules)
{
    std::string out = "{\"rules\":[";
    for (size_t i = 0; i < rules.rules.size(); ++i) {
        const CauseRule& r = rules.rules[i];
        out += i == 0 ? "{\"match\":{" : ",{\"match\":{";
        bool first = true;
        for (const auto& [name, value] : { std::pair { "cause", &r.cause }, std::pair { "symptom", &r.symptom },
                 std::pair { "detail", &r.detail } }) {
            if (*value) {
                out += first ? "\"" : ",\"";
                out += name;
                out += "\":";
                appendJsonString(out, **value);
                first = false;
            }
        }
        out += "},\"set_cause\":";
        appendJsonString(out, r.setCause);
        out += "}";
    }
    out += "]}";
    return out;
}

} // namespace ett::core
