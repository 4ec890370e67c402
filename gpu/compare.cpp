#include "gpu/compare.h"

#include "core/model/int_sort.h"

#include <algorithm>
#include <utility>

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
    f.excluded = spec.excluded;
    f.minGpus = spec.minGpus;
    f.maxGpus = spec.maxGpus;
    f.countQueue = countQueue;
    return f;
}

core::Status checkCohortSpec(const core::CohortSpec& spec, const core::FleetColumns& c, const std::string& what)
{
    return core::checkCohortNames(spec, c.labels, c.attrKeys, what);
}

MatchKey resolveMatchKey(const std::string& matchBy, const core::FleetColumns& c)
{
    if (matchBy.empty() || matchBy == "job") {
        return {};
    }
    if (matchBy == "name") {
        return MatchKey { MatchKey::By::Name, MatchKey::kNoAttribute };
    }
    const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), matchBy);
    return MatchKey { MatchKey::By::Attribute,
        k == c.attrKeys.end() ? MatchKey::kNoAttribute : static_cast<int32_t>(k - c.attrKeys.begin()) };
}

std::string matchValue(const core::FleetColumns& c, size_t job, const MatchKey& key)
{
    switch (key.by) {
    case MatchKey::By::Key:
        return c.jobKey[job];
    case MatchKey::By::Name:
        return job < c.jobName.size() && !c.jobName[job].empty() ? c.jobName[job] : c.jobKey[job];
    case MatchKey::By::Attribute:
        break;
    }
    if (key.attrKey == MatchKey::kNoAttribute) {
        return core::kNoGroupName;
    }
    const int32_t v = c.attr(job, static_cast<size_t>(key.attrKey));
    return v < 0 ? std::string(core::kNoGroupName)
                 : c.attrValues[static_cast<size_t>(key.attrKey)][static_cast<size_t>(v)];
}

std::vector<std::vector<int64_t>> phaseDurationsPerKind(const Engine& engine, const Filter& f)
{
    const auto& c = engine.columns();
    // The durations per phase kind, of the selected jobs' phases that start inside the range.
    std::vector<std::vector<int64_t>> perKind(c.kindCategory.size());
    const std::vector<uint8_t> selected = engine.selectJobs(f);
    const int64_t lo = f.fromNs.value_or(INT64_MIN);
    const int64_t hi = f.toNs.value_or(INT64_MAX);
    if (!c.attemptPhaseBegin.empty()) {
        for (size_t a = 0; a < c.attempts(); ++a) {
            if (!selected[static_cast<size_t>(c.attemptJob[a])]) {
                continue;
            }
            const auto p0 = static_cast<size_t>(c.attemptPhaseBegin[a]);
            const auto p1 = static_cast<size_t>(c.attemptPhaseBegin[a + 1]);
            for (size_t p = p0; p < p1; ++p) {
                if (c.phaseStartNs[p] >= lo && c.phaseStartNs[p] < hi) {
                    perKind[static_cast<size_t>(c.phaseKind[p])].push_back(c.phaseEndNs[p] - c.phaseStartNs[p]);
                }
            }
        }
    }
    return perKind;
}

std::map<std::string, std::vector<int64_t>> phaseDurations(const Engine& engine, const Filter& f)
{
    return durationsByName(engine.columns(), phaseDurationsPerKind(engine, f));
}

namespace {

// Jobs summed at a time for their totals (Engine::jobTotals: about 420 bytes a job of a block).
constexpr size_t kJobTotalsBlock = 16384;

// The kinds of each distribution name: each kind with phases (withPhases[k]) counts under its
// category and under category.subcategory (a kind with no phase in the scope names nothing, as on
// a fleet store). In the order the comparison lists them: by category code, then subcategory, a
// category first.
struct NamedKinds
{
    std::string name;
    bool subcategory = false;
    std::vector<size_t> kinds;
};
std::vector<NamedKinds> kindsByName(const core::FleetColumns& c, const std::vector<uint8_t>& withPhases)
{
    std::map<std::pair<uint8_t, std::string>, std::vector<size_t>> byName;
    for (size_t k = 0; k < withPhases.size() && k < c.kindCategory.size(); ++k) {
        if (!withPhases[k]) {
            continue;
        }
        byName[{ c.kindCategory[k], std::string() }].push_back(k);
        if (!c.kindSubcategory[k].empty()) {
            byName[{ c.kindCategory[k], c.kindSubcategory[k] }].push_back(k);
        }
    }
    std::vector<NamedKinds> out;
    for (auto& [name, kinds] : byName) {
        std::string text(core::categoryName(static_cast<core::Category>(name.first)));
        if (!name.second.empty()) {
            text += "." + name.second;
        }
        out.push_back({ std::move(text), !name.second.empty(), std::move(kinds) });
    }
    return out;
}

} // namespace

std::map<std::string, std::vector<int64_t>> durationsByName(
    const core::FleetColumns& c, std::vector<std::vector<int64_t>> perKind)
{
    // Each kind is sorted once and merged into its names' lists; a subcategory's list (its
    // kind's last use: categories come first) takes a kind of its own without a copy.
    std::vector<uint8_t> withPhases(perKind.size(), 0);
    for (size_t k = 0; k < perKind.size(); ++k) {
        core::sortInt64(perKind[k]);
        withPhases[k] = !perKind[k].empty();
    }
    std::map<std::string, std::vector<int64_t>> out;
    for (const NamedKinds& n : kindsByName(c, withPhases)) {
        auto& list = out[n.name];
        if (n.subcategory && n.kinds.size() == 1) {
            list = std::move(perKind[n.kinds.front()]);
            continue;
        }
        for (const size_t k : n.kinds) {
            const auto mid = static_cast<std::ptrdiff_t>(list.size());
            list.insert(list.end(), perKind[k].begin(), perKind[k].end());
            std::inplace_merge(list.begin(), list.begin() + mid, list.end());
        }
    }
    return out;
}

namespace {

// Count and percentiles per name, the runs of kind k's values given by runsOf(k), and its packed
// sorted runs by packedOf(k).
template <typename RunsOf, typename PackedOf>
std::vector<core::DurationSample> samplesByName(
    const core::FleetColumns& c, size_t kinds, RunsOf&& runsOf, PackedOf&& packedOf)
{
    std::vector<std::vector<core::ValueRun>> runs(kinds);
    std::vector<std::vector<const core::PackedSortedRun*>> packed(kinds);
    std::vector<uint8_t> withPhases(kinds, 0);
    for (size_t k = 0; k < kinds; ++k) {
        runs[k] = runsOf(k);
        packed[k] = packedOf(k);
        for (const auto run : runs[k]) {
            withPhases[k] = withPhases[k] || !run.empty();
        }
        for (const auto* run : packed[k]) {
            withPhases[k] = withPhases[k] || run->count > 0;
        }
    }
    std::vector<core::DurationSample> out;
    for (const NamedKinds& n : kindsByName(c, withPhases)) {
        std::vector<core::ValueRun> lists;
        std::vector<const core::PackedSortedRun*> packedLists;
        int64_t count = 0;
        for (const size_t k : n.kinds) {
            for (const auto run : runs[k]) {
                lists.push_back(run);
                count += static_cast<int64_t>(run.size());
            }
            for (const auto* run : packed[k]) {
                packedLists.push_back(run);
                count += static_cast<int64_t>(run->count);
            }
        }
        out.push_back(core::DurationSample { n.name, count, core::percentilesOfLists(lists, packedLists) });
    }
    return out;
}

} // namespace

std::vector<core::DurationSample> durationSamplesByName(
    const core::FleetColumns& c, const std::vector<std::vector<int64_t>>& perKind)
{
    return samplesByName(
        c, perKind.size(),
        [&](size_t k) {
            return std::vector<core::ValueRun> { core::ValueRun { perKind[k].data(), perKind[k].size() } };
        },
        [](size_t) { return std::vector<const core::PackedSortedRun*> {}; });
}

std::vector<core::DurationSample> durationSamplesByName(
    const core::FleetColumns& c, const core::KindDurationBlocks& perKind)
{
    return samplesByName(
        c, perKind.size(), [&](size_t k) { return perKind[k].runs(); },
        [&](size_t k) {
            std::vector<const core::PackedSortedRun*> out;
            for (const auto& run : perKind[k].packed()) {
                out.push_back(&run);
            }
            return out;
        });
}

core::CohortInput cohortInput(Engine& engine, const core::CohortSpec& spec, const CohortOptions& options)
{
    const auto& c = engine.columns();
    const Filter filter = cohortFilter(spec, c, options.countQueue);
    core::CohortInput in;
    in.spec = spec.text();

    // Per job, and the whole cohort. Over all time a roll-up by job holds the jobs with an attempt,
    // as the engine's job totals do: those and the cohort's roll-up, without each job's figures
    // (about 650 bytes a job); with a range it also holds jobs whose window alone reaches it.
    const MatchKey matchKey = resolveMatchKey(options.matchBy, c);
    auto addJob = [&](size_t job, const core::JobTotals& totals) {
        core::CohortJob j;
        j.key = c.jobKey[job];
        j.match = matchValue(c, job, matchKey);
        j.totals = totals;
        j.name = job < c.jobName.size() ? c.jobName[job] : std::string();
        j.gpus = c.jobGpus[job];
        j.label = c.labels[static_cast<size_t>(c.jobLabel[job])];
        const auto first = static_cast<size_t>(c.jobAttemptBegin[job]);
        j.startNs = first < static_cast<size_t>(c.jobAttemptBegin[job + 1]) ? c.attemptStartNs[first] : INT64_MIN;
        j.ref = static_cast<int64_t>(job);
        in.jobs.push_back(std::move(j));
    };
    if (!filter.fromNs && !filter.toNs) {
        in.total = engine.rollup(filter, Grouping {}).total;
        const auto totals = engine.jobTotals(filter, kJobTotalsBlock);
        in.jobs.reserve(totals.size());
        for (const auto& [job, t] : totals) {
            addJob(static_cast<size_t>(job), t);
        }
    } else {
        Rollup perJob = engine.rollup(filter, Grouping { GroupBy::Job, -1 });
        in.total = std::move(perJob.total);
        in.jobs.reserve(perJob.groups.size());
        for (const auto& g : perJob.groups) {
            addJob(static_cast<size_t>(g.code), g.figures);
        }
    }
    core::sortCohortJobs(in.jobs);

    // Durations of each category present, and of each of its subcategories.
    std::vector<std::pair<uint8_t, std::string>> kinds;
    for (size_t k = 0; options.withDurations && k < c.kindCategory.size(); ++k) {
        kinds.emplace_back(c.kindCategory[k], c.kindSubcategory[k]);
    }
    std::sort(kinds.begin(), kinds.end());
    kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    int lastCategory = -1;
    for (const auto& kind : kinds) {
        const uint8_t category = kind.first; // a named copy: lambdas may not capture structured bindings (C++17)
        const std::string& sub = kind.second;
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
