#include "gpu/compare.h"

#include <algorithm>

namespace ett::gpu {

Filter cohortFilter(const core::CohortSpec& spec, const core::FleetColumns& c, bool countQueue)
{
    Filter f;
    for (const auto& name : spec.labels) {
        const auto it = std::find(c.labels.begin(), c.labels.end(), name);
        if (it != c.labels.end()) {
            f.labels.push_back(static_cast<int32_t>(it - c.labels.begin()));
        }
    }
    if (!spec.labels.empty() && f.labels.empty()) {
        f.labels.push_back(-1); // no known label: a code no job has
    }
    for (const auto& [key, values] : spec.attrs) {
        Filter::AttrTerm term;
        const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), key);
        if (k != c.attrKeys.end()) {
            term.key = static_cast<int32_t>(k - c.attrKeys.begin());
            const auto& dict = c.attrValues[static_cast<size_t>(term.key)];
            for (const auto& value : values) {
                if (value == core::kNoGroupName) {
                    term.values.push_back(-1);
                    continue;
                }
                const auto v = std::find(dict.begin(), dict.end(), value);
                if (v != dict.end()) {
                    term.values.push_back(static_cast<int32_t>(v - dict.begin()));
                }
            }
        } else {
            // An attribute nobody has: only "(none)" matches (every job lacks it).
            const bool none = std::find(values.begin(), values.end(), core::kNoGroupName) != values.end();
            if (none) {
                continue;
            }
        }
        f.attrs.push_back(std::move(term));
    }
    f.fromNs = spec.fromNs;
    f.toNs = spec.toNs;
    f.minGpus = spec.minGpus;
    f.maxGpus = spec.maxGpus;
    f.countQueue = countQueue;
    return f;
}

namespace {

std::string knownList(const std::vector<std::string>& names)
{
    std::string s;
    for (const auto& n : names) {
        s += (s.empty() ? "" : ", ") + n;
    }
    return s.empty() ? "none" : s;
}

} // namespace

core::Status checkCohortSpec(const core::CohortSpec& spec, const core::FleetColumns& c, const std::string& what)
{
    for (const auto& l : spec.labels) {
        if (std::find(c.labels.begin(), c.labels.end(), l) == c.labels.end()) {
            return core::Error { what + ": no dataset label '" + l + "' (labels: " + knownList(c.labels) + ")" };
        }
    }
    for (const auto& [key, values] : spec.attrs) {
        if (std::find(c.attrKeys.begin(), c.attrKeys.end(), key) == c.attrKeys.end()) {
            return core::Error { what + ": no job has the attribute '" + key + "' (attributes: " + knownList(c.attrKeys)
                + "; or label, from, to, gpus)" };
        }
    }
    return core::Status::success();
}

core::CohortInput cohortInput(Engine& engine, const core::CohortSpec& spec, const CohortOptions& options)
{
    const auto& c = engine.columns();
    const Filter filter = cohortFilter(spec, c, options.countQueue);
    core::CohortInput in;
    in.spec = spec.text();

    // Per job, and the whole cohort.
    const Rollup perJob = engine.rollup(filter, Grouping { GroupBy::Job, -1 });
    in.total = perJob.total;
    int32_t matchKey = -1;
    if (!options.matchBy.empty() && options.matchBy != "job" && options.matchBy != "name") {
        const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), options.matchBy);
        matchKey = k == c.attrKeys.end() ? -2 : static_cast<int32_t>(k - c.attrKeys.begin());
    }
    for (const auto& g : perJob.groups) {
        const auto job = static_cast<size_t>(g.code);
        core::CohortJob j;
        j.key = c.jobKey[job];
        if (options.matchBy == "name") {
            j.match = job < c.jobName.size() && !c.jobName[job].empty() ? c.jobName[job] : c.jobKey[job];
        } else if (matchKey == -2) {
            j.match = core::kNoGroupName;
        } else if (matchKey >= 0) {
            const int32_t v = c.attr(job, static_cast<size_t>(matchKey));
            j.match = v < 0 ? std::string(core::kNoGroupName)
                            : c.attrValues[static_cast<size_t>(matchKey)][static_cast<size_t>(v)];
        } else {
            j.match = c.jobKey[job];
        }
        j.figures = g.figures;
        in.jobs.push_back(std::move(j));
    }

    // Durations of each category present, and of each of its subcategories.
    std::vector<std::pair<uint8_t, std::string>> kinds;
    for (size_t k = 0; k < c.kindCategory.size(); ++k) {
        kinds.emplace_back(c.kindCategory[k], c.kindSubcategory[k]);
    }
    std::sort(kinds.begin(), kinds.end());
    kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    int lastCategory = -1;
    for (const auto& [category, sub] : kinds) {
        const std::string catName(core::categoryName(static_cast<core::Category>(category)));
        auto add = [&](const std::string& name, std::optional<std::string> subcategory) {
            DistributionSpec d;
            d.of = DistributionSpec::Of::PhaseDuration;
            d.category = category;
            d.subcategory = std::move(subcategory);
            d.histogramBins = 1;
            const auto dist = engine.distribution(filter, Grouping {}, d);
            if (!dist.empty() && dist.front().count > 0) {
                in.durations.push_back(core::DurationSample { name, dist.front().count, dist.front().percentiles });
            }
        };
        if (category != lastCategory) {
            add(catName, std::nullopt);
            lastCategory = category;
        }
        if (!sub.empty()) {
            add(catName + "." + sub, sub);
        }
    }

    // Interruptions by cause class.
    const Rollup causes = engine.rollup(filter, Grouping { GroupBy::CauseClass, -1 });
    for (const auto& g : causes.groups) {
        if (g.figures.failures + g.figures.preemptions == 0) {
            continue;
        }
        in.causes.push_back(core::CauseCount { g.name, g.figures.failures, g.figures.preemptions });
    }
    return in;
}

core::Comparison compareCohorts(Engine& engine, const core::CohortSpec& a, const core::CohortSpec& b,
    const CohortOptions& options, const core::CompareOptions& compareOptions)
{
    const core::CohortInput ia = cohortInput(engine, a, options);
    const core::CohortInput ib = cohortInput(engine, b, options);
    return core::compareCohorts(ia, ib, compareOptions);
}

} // namespace ett::gpu
