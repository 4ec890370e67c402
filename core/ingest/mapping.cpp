#include "core/ingest/mapping.h"

#include "core/ingest/regex.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace ett::core {

// The compiled-in presets (generated from resources/mappings/*.json at build time).
struct MappingPreset
{
    const char* name;
    const char* json;
};
extern const MappingPreset kMappingPresets[];
extern const size_t kMappingPresetCount;

struct Mapping::Rule
{
    enum class Kind { Exact, Glob, Regex };
    Kind kind = Kind::Exact;
    std::string pattern;
    Regex re;
    std::vector<std::string> sources; // empty: any source category
    Match result;
};

struct Mapping::FaultRule
{
    Regex re;
    Fault fault;
};

Mapping::Mapping() = default;
Mapping::~Mapping() = default;
Mapping::Mapping(Mapping&&) noexcept = default;
Mapping& Mapping::operator=(Mapping&&) noexcept = default;
Mapping::Mapping(const Mapping&) = default;
Mapping& Mapping::operator=(const Mapping&) = default;

bool globMatch(std::string_view p, std::string_view t)
{
    // Iterative matcher with one backtrack point for the last '*'.
    size_t pi = 0;
    size_t ti = 0;
    size_t star = std::string_view::npos;
    size_t mark = 0;
    while (ti < t.size()) {
        if (pi < p.size() && (p[pi] == '?' || p[pi] == t[ti])) {
            ++pi;
            ++ti;
        } else if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            mark = ti;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            ti = ++mark;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*') {
        ++pi;
    }
    return pi == p.size();
}

namespace {

namespace dom = simdjson::dom;

Result<std::string> stringOf(dom::element e, const std::string& where)
{
    std::string_view s;
    if (e.get_string().get(s)) {
        return Error { where + ": expected a string" };
    }
    return std::string(s);
}

Result<Mapping::Match> parsePhase(const std::string& phase, const std::string& where)
{
    Mapping::Match m;
    m.what = Mapping::Match::What::Phase;
    const auto dot = phase.find('.');
    const auto cat = parseCategory(std::string_view(phase).substr(0, dot));
    if (!cat) {
        return Error { where + ": phase \"" + phase + "\": unknown category; expected one of " + categoryList() };
    }
    m.category = *cat;
    if (dot != std::string::npos) {
        m.subcategory = phase.substr(dot + 1);
    }
    return m;
}

Result<Regex> compile(const std::string& pattern, const std::string& where)
{
    return Regex::compile(pattern, where);
}

} // namespace

// The parts of a rules file; `where` names the part in errors ("rules.json: phases[3]").
struct Mapping::Parser
{
    static Result<Rule> phaseRule(dom::element e, const std::string& where);
    static Result<FaultRule> faultRule(dom::element e, const std::string& where);
    static Status settings(dom::element e, const std::string& origin, Mapping& m);
    // Each element of an array through `read`, into `out`; `key` names the array.
    template <typename T, typename Read>
    static Status list(dom::element e, const std::string& origin, const char* key, Read read, std::vector<T>& out)
    {
        dom::array rules;
        if (e.get_array().get(rules)) {
            return Error { origin + ": " + key + ": expected an array of rules" };
        }
        size_t i = 0;
        for (dom::element ruleEl : rules) {
            auto r = read(ruleEl, origin + ": " + key + "[" + std::to_string(i++) + "]");
            if (!r) {
                return r.error();
            }
            out.push_back(std::move(*r));
        }
        return Status::success();
    }
};

Result<Mapping::Rule> Mapping::Parser::phaseRule(dom::element ruleEl, const std::string& where)
{
    dom::object rule;
    if (ruleEl.get_object().get(rule)) {
        return Error { where + ": expected an object" };
    }
    Rule r;
    int patterns = 0;
    bool ignore = false;
    std::string phase;
    for (auto [rk, rv] : rule) {
        if (rk == "exact" || rk == "glob" || rk == "regex") {
            auto s = stringOf(rv, where + ": " + std::string(rk));
            if (!s) {
                return s.error();
            }
            r.pattern = *s;
            r.kind = rk == "exact" ? Rule::Kind::Exact : rk == "glob" ? Rule::Kind::Glob : Rule::Kind::Regex;
            ++patterns;
        } else if (rk == "phase") {
            auto s = stringOf(rv, where + ": phase");
            if (!s) {
                return s.error();
            }
            phase = *s;
        } else if (rk == "ignore") {
            if (rv.get_bool().get(ignore)) {
                return Error { where + ": ignore: expected true or false" };
            }
        } else if (rk == "source") {
            dom::array sources;
            if (rv.get_array().get(sources)) {
                return Error { where + ": source: expected an array of strings" };
            }
            for (dom::element s : sources) {
                auto str = stringOf(s, where + ": source");
                if (!str) {
                    return str.error();
                }
                r.sources.push_back(*str);
            }
        } else if (rk != "comment") {
            return Error { where + ": unknown key \"" + std::string(rk)
                + "\" (expected exact, glob or regex, and phase or ignore, optionally source)" };
        }
    }
    if (patterns != 1) {
        return Error { where + ": expected exactly one of \"exact\", \"glob\", \"regex\"" };
    }
    if (ignore == !phase.empty()) {
        return Error { where + ": expected either \"phase\" or \"ignore\": true" };
    }
    if (ignore) {
        r.result.what = Match::What::Ignore;
    } else {
        auto p = parsePhase(phase, where);
        if (!p) {
            return p.error();
        }
        r.result = *p;
    }
    if (r.kind == Rule::Kind::Regex) {
        auto re = compile(r.pattern, where);
        if (!re) {
            return re.error();
        }
        r.re = std::move(*re);
    }
    return r;
}

Result<Mapping::FaultRule> Mapping::Parser::faultRule(dom::element ruleEl, const std::string& where)
{
    dom::object rule;
    if (ruleEl.get_object().get(rule)) {
        return Error { where + ": expected an object" };
    }
    FaultRule f;
    std::string pattern;
    for (auto [fk, fv] : rule) {
        if (fk == "regex") {
            auto s = stringOf(fv, where + ": regex");
            if (!s) {
                return s.error();
            }
            pattern = *s;
        } else if (fk == "cause") {
            auto s = stringOf(fv, where + ": cause");
            if (!s) {
                return s.error();
            }
            if (!isValidCauseClass(causeClass(*s))) {
                return Error { where + ": cause \"" + *s
                    + "\": the first segment must be infra, preemption, maintenance, dependency, user, "
                      "manual or unknown" };
            }
            f.fault.cause = *s;
        } else if (fk == "symptom") {
            auto s = stringOf(fv, where + ": symptom");
            if (!s) {
                return s.error();
            }
            auto sym = parseSymptom(*s);
            if (!sym) {
                return Error { where + ": symptom \"" + *s + "\": expected explicit, hang, degradation or numeric" };
            }
            f.fault.symptom = *sym;
        } else if (fk != "comment") {
            return Error { where + ": unknown key \"" + std::string(fk) + "\" (expected regex, cause, symptom)" };
        }
    }
    if (pattern.empty() || f.fault.cause.empty()) {
        return Error { where + ": expected \"regex\" and \"cause\"" };
    }
    auto re = compile(pattern, where);
    if (!re) {
        return re.error();
    }
    f.re = std::move(*re);
    f.fault.pattern = pattern;
    return f;
}

// String settings as they are; others (numbers, objects, arrays) as minified JSON text.
Status Mapping::Parser::settings(dom::element value, const std::string& origin, Mapping& m)
{
    dom::object settings;
    if (value.get_object().get(settings)) {
        return Error { origin + ": settings: expected an object" };
    }
    for (auto [k, v] : settings) {
        std::string_view sv;
        if (!v.get_string().get(sv)) {
            m.m_settings[std::string(k)] = std::string(sv);
        } else {
            m.m_settings[std::string(k)] = simdjson::minify(v);
        }
    }
    return Status::success();
}

Result<Mapping> Mapping::parse(std::string_view json, const std::string& origin)
{
    Mapping m;
    m.m_origin = origin;
    dom::parser parser;
    dom::element root;
    simdjson::padded_string text(json);
    if (auto err = parser.parse(text).get(root)) {
        return Error { origin + ": not valid JSON: " + simdjson::error_message(err) };
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        return Error { origin + ": expected a JSON object with \"phases\"" };
    }
    for (auto [key, value] : obj) {
        Status st = Status::success();
        if (key == "format") {
            auto s = stringOf(value, origin + ": format");
            if (!s) {
                return s.error();
            }
            m.m_format = *s;
        } else if (key == "description") {
            // for people only
        } else if (key == "settings") {
            st = Parser::settings(value, origin, m);
        } else if (key == "phases") {
            st = Parser::list(value, origin, "phases", &Parser::phaseRule, m.m_rules);
        } else if (key == "faults") {
            st = Parser::list(value, origin, "faults", &Parser::faultRule, m.m_faults);
        } else {
            return Error { origin + ": unknown key \"" + std::string(key)
                + "\" (expected format, description, phases, faults, settings)" };
        }
        if (!st) {
            return st.error();
        }
    }
    if (m.m_faults.size() > 1) {
        std::string any;
        for (const FaultRule& f : m.m_faults) {
            any += (any.empty() ? "(?:" : "|(?:") + f.re.pattern() + ")";
        }
        if (auto re = Regex::compile(any, origin + ": faults"); re) {
            m.m_anyFault = std::move(*re);
        }
    }
    return m;
}

Result<Mapping> Mapping::load(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Error { path + ": cannot open the mapping file: " + std::strerror(errno) };
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str(), path);
}

std::vector<std::string> Mapping::presetNames()
{
    std::vector<std::string> out;
    for (size_t i = 0; i < kMappingPresetCount; ++i) {
        out.emplace_back(kMappingPresets[i].name);
    }
    return out;
}

Result<std::string> Mapping::presetText(std::string_view name)
{
    for (size_t i = 0; i < kMappingPresetCount; ++i) {
        if (name == kMappingPresets[i].name) {
            return std::string(kMappingPresets[i].json);
        }
    }
    return preset(name).error();
}

Result<Mapping> Mapping::preset(std::string_view name)
{
    for (size_t i = 0; i < kMappingPresetCount; ++i) {
        if (name == kMappingPresets[i].name) {
            // Parsed once: a folder of logs reads the same preset for each file, three times for a
            // console log (logRunByName, identifyLogRun, its import), and compiling its patterns
            // took a third of importing a small log.
            static std::mutex guard;
            static std::map<std::string, Mapping, std::less<>> parsed;
            const std::lock_guard lock(guard);
            if (const auto it = parsed.find(name); it != parsed.end()) {
                return it->second;
            }
            auto mapping = parse(kMappingPresets[i].json, "preset " + std::string(name));
            if (!mapping) {
                return mapping.error();
            }
            return parsed.emplace(std::string(name), std::move(*mapping)).first->second;
        }
    }
    std::string known;
    for (const auto& n : presetNames()) {
        known += (known.empty() ? "" : ", ") + n;
    }
    return Error { "no built-in mapping \"" + std::string(name) + "\" (presets: " + known + ")" };
}

std::string Mapping::memoKey(std::string_view name, std::string_view source)
{
    std::string key(source);
    key += '\x1f';
    key += name;
    return key;
}

const Mapping::Match& Mapping::map(std::string_view name, std::string_view source) const
{
    std::string key = memoKey(name, source);
    if (auto it = m_memo.find(key); it != m_memo.end()) {
        return it->second;
    }
    return m_memo.emplace(std::move(key), compute(name, source)).first->second;
}

Mapping::Match Mapping::mapBounded(std::string_view name, std::string_view source) const
{
    std::string key = memoKey(name, source);
    if (auto it = m_memo.find(key); it != m_memo.end()) {
        return it->second;
    }
    Match result = compute(name, source);
    if (m_memo.size() < m_memoLimit) {
        m_memo.emplace(std::move(key), result);
    }
    return result;
}

Mapping::Match Mapping::compute(std::string_view name, std::string_view source) const
{
    Match result;
    for (const Rule& r : m_rules) {
        if (!r.sources.empty() && std::find(r.sources.begin(), r.sources.end(), source) == r.sources.end()) {
            continue;
        }
        bool hit = false;
        switch (r.kind) {
        case Rule::Kind::Exact:
            hit = name == r.pattern;
            break;
        case Rule::Kind::Glob:
            hit = globMatch(r.pattern, name);
            break;
        case Rule::Kind::Regex:
            hit = r.re.search(name);
            break;
        }
        if (hit) {
            result = r.result;
            break;
        }
    }
    return result;
}

std::optional<Mapping::Fault> Mapping::fault(std::string_view text) const
{
    if (m_anyFault && !m_anyFault->search(text)) {
        return std::nullopt;
    }
    for (const FaultRule& f : m_faults) {
        if (f.re.search(text)) {
            return f.fault;
        }
    }
    return std::nullopt;
}

std::string Mapping::setting(const std::string& key) const
{
    auto it = m_settings.find(key);
    return it == m_settings.end() ? std::string() : it->second;
}

UnmappedNames::Entry& UnmappedNames::entry(std::string_view name, int64_t line)
{
    std::string key(name);
    auto it = m_names.find(key);
    if (it == m_names.end()) {
        if (m_names.size() >= kMaxNames) {
            key = kOtherName;
        }
        it = m_names.try_emplace(std::move(key)).first;
        if (it->second.count == 0) {
            it->second.firstLine = line;
        }
    }
    ++it->second.count;
    return it->second;
}

void UnmappedNames::add(std::string_view name, int64_t durationNs, int64_t line)
{
    entry(name, line).totalNs += durationNs;
}

int64_t& UnmappedNames::addPending(std::string_view name, int64_t line)
{
    return entry(name, line).totalNs;
}

void UnmappedNames::report(IssueCounter& issues) const
{
    std::vector<std::pair<std::string, Entry>> sorted(m_names.begin(), m_names.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.second.totalNs != b.second.totalNs ? a.second.totalNs > b.second.totalNs : a.first < b.first;
    });
    for (const auto& [name, e] : sorted) {
        issues.add(IssueKind::UnmappedName, name, e.firstLine,
            std::to_string(e.count) + " times, " + formatDurationHuman(e.totalNs) + " in all", e.count);
    }
}

} // namespace ett::core
