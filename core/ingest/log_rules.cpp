// Compiling a console log's rules: the mapping's settings (regexes, line formats, GPUs, job
// attributes) checked and compiled once per file; see log_reader.cpp for what each setting means.
#include "core/ingest/log_internal.h"

#include <simdjson.h>

#include <algorithm>
#include <memory>

namespace ett::core::logs {

namespace {

bool anchoredAtStart(std::string_view p)
{
    if (p.empty() || p.front() != '^') {
        return false;
    }
    int depth = 0;
    bool inClass = false;
    for (size_t i = 1; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\') {
            ++i;
        } else if (inClass) {
            inClass = c != ']';
        } else if (c == '[') {
            inClass = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            --depth;
        } else if (c == '|' && depth == 0) {
            return false;
        }
    }
    return true;
}

class SettingsParser
{
public:
    explicit SettingsParser(const Mapping& m)
        : m_mapping(m)
    {
    }

    std::string where(const std::string& key) const { return m_mapping.origin() + ": settings." + key; }

    Result<std::optional<Pattern>> regex(const std::string& key) const
    {
        const std::string text = m_mapping.setting(key);
        if (text.empty()) {
            return std::optional<Pattern> {};
        }
        auto re = compile(text, where(key));
        if (!re) {
            return re.error();
        }
        return std::optional<Pattern>(std::move(*re));
    }

    static Result<Pattern> compile(const std::string& pattern, const std::string& where)
    {
        auto re = Regex::compile(pattern, where);
        if (!re) {
            return re.error();
        }
        return Pattern { std::move(*re), anchoredAtStart(pattern) };
    }

    // A JSON value of a setting (objects and arrays are kept as JSON text by the Mapping).
    Result<std::optional<simdjson::dom::element>> json(const std::string& key)
    {
        const std::string text = m_mapping.setting(key);
        if (text.empty()) {
            return std::optional<simdjson::dom::element> {};
        }
        m_padded.emplace_back(std::make_unique<simdjson::padded_string>(text));
        m_parsers.emplace_back(std::make_unique<simdjson::dom::parser>());
        simdjson::dom::element e;
        if (m_parsers.back()->parse(*m_padded.back()).get(e)) {
            return Error { where(key) + ": expected a JSON array or object, got " + text };
        }
        return std::optional<simdjson::dom::element>(e);
    }

    // {"regex": "...", "fields": ["year", ...]}
    static Result<LineFormat> lineFormat(simdjson::dom::element e, const std::string& where)
    {
        simdjson::dom::object obj;
        if (e.get_object().get(obj)) {
            return Error { where + ": expected an object with \"regex\" and \"fields\"" };
        }
        LineFormat f;
        bool haveRegex = false;
        bool haveFields = false;
        for (auto [k, v] : obj) {
            if (k == "regex") {
                std::string_view s;
                if (v.get_string().get(s)) {
                    return Error { where + ": regex: expected a string" };
                }
                auto re = compile(std::string(s), where);
                if (!re) {
                    return re.error();
                }
                f.re = std::move(*re);
                haveRegex = true;
            } else if (k == "fields") {
                simdjson::dom::array arr;
                if (v.get_array().get(arr)) {
                    return Error { where + ": fields: expected an array of field names" };
                }
                for (simdjson::dom::element n : arr) {
                    std::string_view name;
                    if (n.get_string().get(name)) {
                        return Error { where + ": fields: expected strings" };
                    }
                    if (name.empty()) {
                        f.fields.emplace_back(std::nullopt);
                        continue;
                    }
                    const auto it = std::find(kFieldNames.begin(), kFieldNames.end(), name);
                    if (it == kFieldNames.end()) {
                        std::string known;
                        for (auto fn : kFieldNames) {
                            known += (known.empty() ? "" : ", ") + std::string(fn);
                        }
                        return Error { where + ": fields: unknown field \"" + std::string(name) + "\" (expected one of "
                            + known + ", or \"\")" };
                    }
                    f.fields.emplace_back(static_cast<Field>(it - kFieldNames.begin()));
                }
                haveFields = true;
            } else if (k != "comment") {
                return Error { where + ": unknown key \"" + std::string(k) + "\" (expected regex, fields, comment)" };
            }
        }
        if (!haveRegex || !haveFields) {
            return Error { where + ": expected \"regex\" and \"fields\"" };
        }
        if (f.fields.size() > static_cast<size_t>(f.re.re.groups())) {
            return Error { where + ": fields names " + std::to_string(f.fields.size()) + " groups but the regex has "
                + std::to_string(static_cast<size_t>(f.re.re.groups())) };
        }
        for (const Field need : { Field::Day, Field::Hour, Field::Minute, Field::Second }) {
            if (std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(need)) == f.fields.end()) {
                return Error { where + ": fields: \"" + std::string(kFieldNames[static_cast<size_t>(need)])
                    + "\" is missing (month or month_name, day, hour, minute and second are required)" };
            }
        }
        if (std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(Field::Month)) == f.fields.end()
            && std::find(f.fields.begin(), f.fields.end(), std::optional<Field>(Field::MonthName)) == f.fields.end()) {
            return Error { where + ": fields: \"month\" or \"month_name\" is missing" };
        }
        return f;
    }

private:
    const Mapping& m_mapping;
    std::vector<std::unique_ptr<simdjson::padded_string>> m_padded;
    std::vector<std::unique_ptr<simdjson::dom::parser>> m_parsers;
};

Status readLineFormats(SettingsParser& p, LogRules& r)
{
    auto formats = p.json("line_formats");
    if (!formats) {
        return formats.error();
    }
    simdjson::dom::array arr;
    if (!*formats || (*formats)->get_array().get(arr)) {
        return Error { p.where("line_formats")
            + ": expected an array of {\"regex\", \"fields\"}: a log mapping needs at least one line format" };
    }
    size_t i = 0;
    for (simdjson::dom::element e : arr) {
        auto f = SettingsParser::lineFormat(e, p.where("line_formats[" + std::to_string(i++) + "]"));
        if (!f) {
            return f.error();
        }
        r.formats.push_back(std::move(*f));
    }
    if (r.formats.empty()) {
        return Error { p.where("line_formats") + ": expected at least one line format" };
    }
    return Status::success();
}

Status readRegexSettings(const SettingsParser& p, LogRules& r)
{
    struct RegexSetting
    {
        const char* key;
        std::optional<Pattern>* target;
    };
    const RegexSetting regexes[] = {
        { "rank_prefix", &r.rankPrefix },
        { "step_regex", &r.step },
        { "completed_regex", &r.completed },
        { "wrapper_exception", &r.wrapper },
        { "root_cause_regex", &r.rootCause },
        { "root_cause_end_regex", &r.rootCauseEnd },
        { "checkpoint_done_regex", &r.checkpointDone },
        { "generic_file_name", &r.genericFileName },
        { "job_from_name", &r.jobFromName },
        { "attempt_from_name", &r.attemptFromName },
        { "retry_from_name", &r.retryFromName },
        { "hang_duration_ms_regex", &r.hangDurationMs },
    };
    for (const auto& s : regexes) {
        auto re = p.regex(s.key);
        if (!re) {
            return re.error();
        }
        *s.target = std::move(*re);
    }
    return Status::success();
}

// settings.initial_phase and settings.unfinished_outcome.
Status readPhaseSettings(const Mapping& mapping, const SettingsParser& p, LogRules& r)
{
    if (const std::string phase = mapping.setting("initial_phase"); !phase.empty()) {
        const auto dot = phase.find('.');
        const auto cat = parseCategory(std::string_view(phase).substr(0, dot));
        if (!cat) {
            return Error { p.where("initial_phase") + ": phase \"" + phase + "\": unknown category; expected one of "
                + categoryList() };
        }
        Mapping::Match m;
        m.what = Mapping::Match::What::Phase;
        m.category = *cat;
        m.subcategory = dot == std::string::npos ? std::string() : phase.substr(dot + 1);
        r.initialPhase = std::move(m);
    }
    if (const std::string u = mapping.setting("unfinished_outcome"); !u.empty()) {
        if (u == "failed") {
            r.unfinished = Outcome::Failed;
        } else if (u == "running") {
            r.unfinished = Outcome::Running;
        } else {
            return Error { p.where("unfinished_outcome") + ": expected \"failed\" or \"running\", got \"" + u + "\"" };
        }
    }
    return Status::success();
}

Status readRootCauseTime(SettingsParser& p, LogRules& r)
{
    auto rct = p.json("root_cause_time");
    if (!rct) {
        return rct.error();
    }
    if (*rct) {
        auto f = SettingsParser::lineFormat(**rct, p.where("root_cause_time"));
        if (!f) {
            return f.error();
        }
        r.rootCauseTime = std::move(*f);
    }
    return Status::success();
}

// settings.gpus_from (regexes whose groups multiply) and settings.gpus (the fallback).
Status readGpuSettings(const Mapping& mapping, SettingsParser& p, LogRules& r)
{
    auto gpusFrom = p.json("gpus_from");
    if (!gpusFrom) {
        return gpusFrom.error();
    }
    if (*gpusFrom) {
        simdjson::dom::array list;
        if ((*gpusFrom)->get_array().get(list)) {
            return Error { p.where("gpus_from") + ": expected an array of regexes" };
        }
        size_t k = 0;
        for (simdjson::dom::element e : list) {
            const std::string w = p.where("gpus_from[" + std::to_string(k++) + "]");
            std::string_view s;
            if (e.get_string().get(s)) {
                return Error { w + ": expected a string" };
            }
            auto re = SettingsParser::compile(std::string(s), w);
            if (!re) {
                return re.error();
            }
            r.gpusFrom.push_back(std::move(*re));
        }
    }
    if (const std::string g = mapping.setting("gpus"); !g.empty()) {
        const auto v = parseInt(g);
        if (!v || *v < 1) {
            return Error { p.where("gpus") + ": expected an integer >= 1, got \"" + g + "\"" };
        }
        r.gpus = *v;
    }
    return Status::success();
}

Status readJobAttrs(SettingsParser& p, LogRules& r)
{
    auto attrs = p.json("job_attrs");
    if (!attrs) {
        return attrs.error();
    }
    if (!*attrs) {
        return Status::success();
    }
    simdjson::dom::object obj;
    if ((*attrs)->get_object().get(obj)) {
        return Error { p.where("job_attrs") + ": expected an object {\"attribute\": \"regex\"}" };
    }
    for (auto [k, v] : obj) {
        const std::string w = p.where("job_attrs." + std::string(k));
        std::string_view s;
        if (v.get_string().get(s)) {
            return Error { w + ": expected a regex string" };
        }
        if (k == "source") {
            return Error { w + ": \"source\" is set by the reader (\"log\")" };
        }
        auto re = SettingsParser::compile(std::string(s), w);
        if (!re) {
            return re.error();
        }
        r.jobAttrs.emplace_back(std::string(k), std::move(*re));
    }
    std::sort(r.jobAttrs.begin(), r.jobAttrs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return Status::success();
}

} // namespace

Result<LogRules> readRules(const Mapping& mapping)
{
    SettingsParser p(mapping);
    LogRules r;
    // In this order, so that the first bad setting is the one reported.
    if (auto st = readLineFormats(p, r); !st) {
        return st.error();
    }
    if (auto st = readRegexSettings(p, r); !st) {
        return st.error();
    }
    if (auto st = readPhaseSettings(mapping, p, r); !st) {
        return st.error();
    }
    if (auto st = readRootCauseTime(p, r); !st) {
        return st.error();
    }
    if (auto st = readGpuSettings(mapping, p, r); !st) {
        return st.error();
    }
    if (auto st = readJobAttrs(p, r); !st) {
        return st.error();
    }
    return r;
}

} // namespace ett::core::logs
