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

JobRecord jobRecord(const std::string& job, const LogLines& lines, size_t lastSetupLine, const LogRules& rules)
{
    // The first line each regex matches, among the set-up lines (this bounds the cost on long
    // logs). GPUs: the first regex of settings.gpus_from (in its order) that matched a line.
    std::vector<std::optional<int64_t>> gpusFound(rules.gpusFrom.size());
    std::vector<std::optional<std::string>> attrsFound(rules.jobAttrs.size());
    for (size_t i = 0; i < lines.size() && i <= lastSetupLine; ++i) {
        const LogLine& l = lines[i];
        for (size_t k = 0; k < rules.gpusFrom.size(); ++k) {
            RegexMatch m;
            if (!gpusFound[k] && search(rules.gpusFrom[k], l.body, m)) {
                gpusFound[k] = gpuProduct(m);
            }
        }
        for (size_t k = 0; k < rules.jobAttrs.size(); ++k) {
            RegexMatch m;
            if (attrsFound[k] || !search(rules.jobAttrs[k].second, l.body, m)) {
                continue;
            }
            for (size_t g = 1; g < m.size(); ++g) {
                if (m.matched(g) && m.length(g) > 0) {
                    attrsFound[k] = cleanText(m.str(g), kMaxNameChars);
                    break;
                }
            }
        }
    }
    JobRecord r;
    r.job = job;
    for (const auto& g : gpusFound) {
        if (g) {
            r.gpus = *g;
            break;
        }
    }
    if (!r.gpus && rules.gpus) {
        r.gpus = rules.gpus;
    }
    for (size_t k = 0; k < rules.jobAttrs.size(); ++k) {
        if (attrsFound[k]) {
            r.attrs.emplace_back(rules.jobAttrs[k].first, *attrsFound[k]);
        }
    }
    r.attrs.emplace_back("source", "log");
    std::sort(r.attrs.begin(), r.attrs.end());
    return r;
}

} // namespace ett::core::logs
