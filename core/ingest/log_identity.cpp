// Who a console log is: its run name, the job key and attempt number derived from it (or given as
// options), and the job's GPUs and attributes found in the set-up output. See log_reader.cpp.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

// The product of the groups of a gpus_from match (an unmatched group counts 1); nullopt when a
// group is not a count from 1 to 1,000,000 or the product passes 1,000,000,000.
std::optional<int64_t> gpuProduct(const RegexMatch& m)
{
    int64_t product = 1;
    bool ok = m.size() > 1;
    for (size_t g = 1; ok && g < m.size(); ++g) {
        const auto v = m.matched(g) ? parseInt(m.str(g)) : std::optional<int64_t>(1);
        ok = v && *v >= 1 && *v <= 1'000'000 && product <= 1'000'000'000 / *v;
        product *= ok ? *v : 1;
    }
    return ok ? std::optional<int64_t>(product) : std::nullopt;
}

} // namespace

std::string runName(const std::string& path, const LogRules& rules)
{
    const std::string stem = jobIdFromPath(path);
    if (!search(rules.genericFileName, stem)) {
        return stem;
    }
    std::string dir = path;
    const auto slash = dir.find_last_of("/\\");
    if (slash == std::string::npos) {
        return stem;
    }
    dir.resize(slash);
    while (!dir.empty() && (dir.back() == '/' || dir.back() == '\\')) {
        dir.pop_back();
    }
    const auto parent = dir.find_last_of("/\\");
    std::string name = parent == std::string::npos ? dir : dir.substr(parent + 1);
    return name.empty() || name == "." || name == ".." ? stem : name;
}

std::string jobKey(const std::string& run, const ReaderOptions& options, const LogRules& rules)
{
    if (options.job) {
        return *options.job;
    }
    if (rules.jobFromName) {
        RegexMatch m;
        if (search(*rules.jobFromName, run, m) && m.size() > 1 && m.matched(1) && m.length(1) > 0) {
            return m.str(1);
        }
    }
    return run;
}

int32_t attemptNumber(const std::string& run, const ReaderOptions& options, const LogRules& rules)
{
    if (options.attempt) {
        return *options.attempt;
    }
    RegexMatch m;
    std::optional<int64_t> n;
    if (rules.attemptFromName && search(*rules.attemptFromName, run, m) && m.size() > 1 && m.matched(1)) {
        n = parseInt(m.str(1));
    }
    if (!n && rules.retryFromName && search(*rules.retryFromName, run, m)) {
        // A retry marker without a number is the first retry.
        n = m.size() > 1 && m.matched(1) && m.length(1) > 0 ? parseInt(m.str(1)) : std::optional<int64_t>(1);
    }
    if (n && *n >= 0 && *n <= std::numeric_limits<int32_t>::max()) {
        return static_cast<int32_t>(*n);
    }
    return 0;
}

JobScanner::JobScanner(const LogRules& rules)
    : m_rules(rules)
    , m_gpus(rules.gpusFrom.size())
    , m_attrs(rules.jobAttrs.size())
{
}

void JobScanner::line(const LogLine& l, bool stepLine)
{
    // The first line each regex matches, among the set-up lines. GPUs: the first regex of
    // settings.gpus_from (in its order) that matched a line.
    if (m_over) {
        return;
    }
    m_over = stepLine;
    for (size_t k = 0; k < m_rules.gpusFrom.size(); ++k) {
        RegexMatch m;
        if (!m_gpus[k] && search(m_rules.gpusFrom[k], l.body, m)) {
            m_gpus[k] = gpuProduct(m);
        }
    }
    for (size_t k = 0; k < m_rules.jobAttrs.size(); ++k) {
        RegexMatch m;
        if (m_attrs[k] || !search(m_rules.jobAttrs[k].second, l.body, m)) {
            continue;
        }
        for (size_t g = 1; g < m.size(); ++g) {
            if (m.matched(g) && m.length(g) > 0) {
                m_attrs[k] = cleanText(m.str(g), kMaxNameChars);
                break;
            }
        }
    }
}

JobRecord JobScanner::finish() const
{
    JobRecord r;
    for (const auto& g : m_gpus) {
        if (g) {
            r.gpus = *g;
            break;
        }
    }
    if (!r.gpus && m_rules.gpus) {
        r.gpus = m_rules.gpus;
    }
    for (size_t k = 0; k < m_rules.jobAttrs.size(); ++k) {
        if (m_attrs[k]) {
            r.attrs.emplace_back(m_rules.jobAttrs[k].first, *m_attrs[k]);
        }
    }
    r.attrs.emplace_back("source", "log");
    std::sort(r.attrs.begin(), r.attrs.end());
    return r;
}

} // namespace ett::core::logs
