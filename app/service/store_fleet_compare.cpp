// The fleet store source's comparisons and checkpoint advice: each cohort's job roll-up and causes
// from SQL, jobs paired as the local source pairs them, the phase durations sorted on the cluster,
// and each selected job's checkpoint measures pooled as the engine pools them.
#include "app/service/store_fleet_source.h"
#include "app/service/store_rows.h"
#include "core/model/advisor.h"
#include "core/store/clickhouse/store_samples.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;

std::string StoreFleetSource::matchValue(const JobRef& job, const std::string& matchBy) const
{
    if (matchBy.empty() || matchBy == "job") {
        return job.key;
    }
    if (matchBy == "name") {
        return job.name.empty() ? job.key : job.name;
    }
    for (const auto& [k, v] : job.attrs) {
        if (k == matchBy) {
            return v;
        }
    }
    return core::kNoGroupName;
}

core::Result<GroupedFigures> StoreFleetSource::jobRollup(const core::CohortSpec& cohort)
{
    auto byJob = rollup(cohort, "job");
    if (!byJob) {
        return byJob.error();
    }
    for (const auto& g : byJob->groups) {
        if (g.code < 0) {
            return core::Error { "a job of " + location() + " changed while it was read; try again" };
        }
    }
    return byJob;
}

core::Result<core::CohortInput> StoreFleetSource::cohortInput(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    const auto started = Clock::now();
    auto byJob = jobRollup(cohort);
    if (!byJob) {
        return byJob.error();
    }
    core::CohortInput in;
    in.spec = cohort.text();
    in.total = std::move(byJob->total);
    for (auto& g : byJob->groups) {
        const JobRef& ref = m_jobs[static_cast<size_t>(g.code)];
        core::CohortJob j;
        j.key = ref.key;
        j.match = matchValue(ref, matchBy);
        j.totals = g.figures;
        j.name = ref.name;
        j.gpus = ref.gpus;
        j.label = ref.label;
        j.startNs = ref.firstStartNs;
        j.ref = g.code;
        in.jobs.push_back(std::move(j));
    }
    core::sortCohortJobs(in.jobs);
    // Interruptions by cause class.
    auto causes = rollup(cohort, "cause_class");
    if (!causes) {
        return causes.error();
    }
    for (const auto& g : causes->groups) {
        if (g.figures.failures + g.figures.preemptions > 0) {
            in.causes.push_back(core::CauseCount { g.name, g.figures.failures, g.figures.preemptions });
        }
    }
    m_lastSeconds = secondsSince(started);
    return in;
}

core::Result<PhaseDurations> StoreFleetSource::phaseDurations(const core::CohortSpec& cohort)
{
    const auto started = Clock::now();
    auto scope = scopeOf(cohort);
    if (!scope) {
        return scope.error();
    }
    // The durations of the cohort's phases that start inside the range, sorted on the cluster per
    // kind; each kind counts under its category and under category.subcategory.
    auto kinds = ch::storePhaseDurations(*m_store, *scope);
    if (!kinds) {
        return kinds.error();
    }
    PhaseDurations out;
    auto mergeInto = [](std::vector<int64_t>& list, const std::vector<int64_t>& sorted) {
        const auto mid = static_cast<std::ptrdiff_t>(list.size());
        list.insert(list.end(), sorted.begin(), sorted.end());
        std::inplace_merge(list.begin(), list.begin() + mid, list.end());
    };
    for (const ch::StorePhaseKindDurations& k : *kinds) {
        const std::string name(core::categoryName(static_cast<core::Category>(k.category)));
        mergeInto(out[name], k.sortedNs);
        if (!k.subcategory.empty()) {
            mergeInto(out[name + "." + k.subcategory], k.sortedNs);
        }
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<std::vector<core::DurationSample>> StoreFleetSource::durationPercentiles(const core::CohortSpec& cohort)
{
    const auto started = Clock::now();
    auto scope = scopeOf(cohort);
    if (!scope) {
        return scope.error();
    }
    auto kinds = ch::storePhaseDurationPercentiles(*m_store, *scope);
    if (!kinds) {
        return kinds.error();
    }
    // durationSamplesOf()'s order: by category code, a category before its subcategories. A kind
    // without a subcategory counts only under its category.
    std::sort(kinds->begin(), kinds->end(),
        [](const ch::StorePhaseKindPercentiles& x, const ch::StorePhaseKindPercentiles& y) {
            return std::tuple(x.category, !x.wholeCategory, x.subcategory)
                < std::tuple(y.category, !y.wholeCategory, y.subcategory);
        });
    std::vector<core::DurationSample> out;
    for (ch::StorePhaseKindPercentiles& k : *kinds) {
        if (!k.wholeCategory && k.subcategory.empty()) {
            continue;
        }
        std::string name(core::categoryName(static_cast<core::Category>(k.category)));
        if (!k.wholeCategory) {
            name += "." + k.subcategory;
        }
        out.push_back({ std::move(name), k.count, k.percentiles });
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<ChartedDurations> StoreFleetSource::chartedPhaseDurations(const core::CohortSpec& cohort)
{
    auto samples = durationPercentiles(cohort);
    if (!samples) {
        return samples.error();
    }
    const auto started = Clock::now();
    auto scope = scopeOf(cohort);
    if (!scope) {
        return scope.error();
    }
    auto lists
        = ch::storeThinnedPhaseDurations(*m_store, *scope, static_cast<int64_t>(DistributionSamples::kMaxSamples));
    if (!lists) {
        return lists.error();
    }
    ChartedDurations out;
    out.samples = std::move(*samples);
    for (ch::StoreThinnedDurations& l : *lists) {
        // A kind without a subcategory counts only under its category (durationPercentiles()).
        if (!l.wholeCategory && l.kind.subcategory.empty()) {
            continue;
        }
        std::string name(core::categoryName(static_cast<core::Category>(l.kind.category)));
        if (!l.wholeCategory) {
            name += "." + l.kind.subcategory;
        }
        out.thinned.emplace(std::move(name), std::move(l.kind.sortedNs));
    }
    m_lastSeconds += secondsSince(started);
    return out;
}

core::Result<gpu::AdviceTable> StoreFleetSource::advice(const core::CohortSpec& spec, const std::string& groupBy)
{
    const auto started = Clock::now();
    if (groupBy == "attempt" || groupBy == "cause_class") {
        return core::Error { "checkpoint advice is per job or group of jobs, not per " + groupBy };
    }
    auto grouping = groupingOf(groupBy);
    if (!grouping) {
        return grouping.error();
    }
    // 1. The jobs the scope selects (counted in its range), then what core::measureCheckpoints
    // reads of each: its attempts' loop, window and interruptions, its saves (checkpoint_save
    // segments) and its durable checkpoints' starts. Whole jobs, as the engine measures them.
    auto byJob = jobRollup(spec);
    if (!byJob) {
        return byJob.error();
    }
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    scope->fromNs.reset();
    scope->toNs.reset();
    std::map<std::pair<uint64_t, uint32_t>, core::JobCheckpointSample> samples;
    for (const auto& g : byJob->groups) {
        const JobRef& ref = m_jobs[static_cast<size_t>(g.code)];
        samples[{ ref.datasetId, ref.jobNo }].job = g.code;
    }
    auto rows = ch::storeAdviceRows(*m_store, *scope);
    if (!rows) {
        return rows.error();
    }
    // Each job's attempt windows, for the attempt holding a checkpoint.
    std::map<std::pair<uint64_t, uint32_t>, std::vector<std::pair<int64_t, int64_t>>> windows;
    for (const ch::StoreAdviceAttempt& a : rows->attempts) {
        const auto it = samples.find({ a.datasetId, a.jobNo });
        if (it == samples.end()) {
            continue;
        }
        core::JobCheckpointSample& s = it->second;
        s.noCheckpointData = !a.hasCheckpoints;
        const int64_t loop = a.productiveNs + a.lostProgressNs + a.checkpointSaveNs;
        s.loopNs += loop;
        s.loopGpuNs += static_cast<core::Wide>(loop) * a.gpus;
        s.e2eNs += a.endNs - a.startNs + a.gapAfterNs;
        s.e2eGpuNs += static_cast<core::Wide>(a.endNs - a.startNs) * a.gpus
            + static_cast<core::Wide>(a.gapAfterNs) * a.jobGpus;
        if (a.interrupted && a.firstTrainNs && *a.firstTrainNs < a.faultNs) {
            ++s.interruptions;
            if (!s.noCheckpointData) {
                ++s.lostInterruptions;
                s.lostNs += a.lostProgressNs;
            }
        }
        windows[{ a.datasetId, a.jobNo }].emplace_back(a.startNs, a.endNs);
    }
    for (const ch::StoreJobTime& t : rows->savesNs) {
        if (const auto it = samples.find({ t.datasetId, t.jobNo }); it != samples.end()) {
            it->second.savesNs.push_back(t.ns);
        }
    }
    std::map<std::pair<uint64_t, uint32_t>, std::vector<int64_t>> durable;
    for (const ch::StoreJobTime& t : rows->durableStartsNs) {
        durable[{ t.datasetId, t.jobNo }].push_back(t.ns);
    }
    for (auto& [job, starts] : durable) {
        const auto it = samples.find(job);
        if (it == samples.end()) {
            continue;
        }
        auto& w = windows[job];
        std::sort(w.begin(), w.end());
        auto holding = [&](int64_t t) -> int64_t {
            for (size_t a = 0; a < w.size(); ++a) {
                if (t >= w[a].first && t < w[a].second) {
                    return static_cast<int64_t>(a);
                }
            }
            return -1;
        };
        std::sort(starts.begin(), starts.end());
        for (size_t k = 1; k < starts.size(); ++k) {
            const int64_t attempt = holding(starts[k]);
            if (attempt >= 0 && attempt == holding(starts[k - 1]) && starts[k] > starts[k - 1]) {
                it->second.intervalsNs.push_back(starts[k] - starts[k - 1]);
            }
        }
    }
    // Spec 7.4: each job's time inside the excluded windows leaves its measures, over its whole
    // window (as core::measureCheckpoints takes it out: no range, no queue).
    if (!spec.excluded.empty()) {
        core::CohortSpec whole = spec;
        whole.fromNs.reset();
        whole.toNs.reset();
        whole.countQueue = false;
        auto wholeByJob = whole == spec ? std::move(byJob) : jobRollup(whole);
        if (!wholeByJob) {
            return wholeByJob.error();
        }
        for (const auto& g : wholeByJob->groups) {
            const JobRef& ref = m_jobs[static_cast<size_t>(g.code)];
            if (const auto it = samples.find({ ref.datasetId, ref.jobNo }); it != samples.end()) {
                core::takeOutExcluded(it->second, g.figures.excludedNs, g.figures.excludedGpuNs);
            }
        }
    }
    // 2. Pooled per group, as gpu::adviseCheckpoints groups them.
    std::map<std::string, int> keyCount;
    for (const auto& [id, s] : samples) {
        ++keyCount[m_jobs[static_cast<size_t>(s.job)].key];
    }
    gpu::AdviceTable table;
    std::vector<const core::JobCheckpointSample*> all;
    std::map<std::string, std::vector<const core::JobCheckpointSample*>> groups;
    for (const auto& [id, s] : samples) {
        all.push_back(&s);
        const JobRef& ref = m_jobs[static_cast<size_t>(s.job)];
        switch (grouping->by) {
        case ch::StoreGroupBy::Attribute:
            groups[matchValue(ref, grouping->attrKey)].push_back(&s);
            break;
        case ch::StoreGroupBy::Label:
            groups[ref.label].push_back(&s);
            break;
        case ch::StoreGroupBy::Job:
            // A key under several labels is several jobs: the label tells them apart.
            groups[keyCount[ref.key] > 1 ? ref.key + " (" + ref.label + ")" : ref.key].push_back(&s);
            break;
        default:
            break;
        }
    }
    table.total = core::adviseGroup("fleet", all);
    for (const auto& [name, members] : groups) {
        table.groups.push_back(core::adviseGroup(name, members));
    }
    m_lastSeconds = secondsSince(started);
    return table;
}

} // namespace ett::app
