#include "app/ui/overview_data.h"

#include "gpu/compare.h"

#include <algorithm>

namespace ett::app {

namespace {

int64_t interruptions(const core::Figures& f)
{
    return f.failures + f.preemptions + f.otherInterruptions;
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

core::CohortSpec toCohortSpec(const UiFilter& filter)
{
    core::CohortSpec spec;
    for (const QString& l : filter.labels) {
        spec.labels.push_back(l.toStdString());
    }
    for (auto it = filter.attrs.cbegin(); it != filter.attrs.cend(); ++it) {
        if (it.value().isEmpty()) {
            continue; // no value chosen: no restriction
        }
        std::vector<std::string> values;
        for (const QString& v : it.value()) {
            values.push_back(v.toStdString());
        }
        spec.attrs.emplace_back(it.key().toStdString(), std::move(values));
    }
    spec.fromNs = filter.fromNs;
    spec.toNs = filter.toNs;
    spec.minGpus = filter.minGpus;
    spec.maxGpus = filter.maxGpus;
    return spec;
}

gpu::Filter toEngineFilter(const UiFilter& filter, const core::FleetColumns& columns)
{
    return gpu::cohortFilter(toCohortSpec(filter), columns, filter.countQueue);
}

OverviewData computeOverview(gpu::Engine& engine, const gpu::Filter& f, gpu::Calendar every, size_t topJobs)
{
    const auto& c = engine.columns();
    OverviewData d;
    d.every = every;
    // 1. The whole filter, and its TTS / TTR percentiles.
    d.fleet = engine.rollup(f, { gpu::GroupBy::None, -1 }).total;
    d.tts = core::percentilesOf(d.fleet.ttsNs);
    d.ttr = core::percentilesOf(d.fleet.ttrNs);
    // 2. The calendar series.
    d.series = engine.series(f, every);
    // 3. Interruptions by cause class: only classes that interrupted something, most first.
    for (auto& g : engine.rollup(f, { gpu::GroupBy::CauseClass, -1 }).groups) {
        if (interruptions(g.figures) > 0) {
            d.byCauseClass.push_back(std::move(g));
        }
    }
    std::stable_sort(
        d.byCauseClass.begin(), d.byCauseClass.end(), [](const gpu::GroupFigures& a, const gpu::GroupFigures& b) {
            return interruptions(a.figures) > interruptions(b.figures);
        });
    // 4. The jobs that lost the most GPU-hours.
    auto jobs = engine.rollup(f, { gpu::GroupBy::Job, -1 }).groups;
    std::stable_sort(jobs.begin(), jobs.end(), [](const gpu::GroupFigures& a, const gpu::GroupFigures& b) {
        return a.figures.lostGpuNs() > b.figures.lostGpuNs();
    });
    for (size_t i = 0; i < jobs.size() && i < topJobs; ++i) {
        const auto j = static_cast<size_t>(jobs[i].code);
        JobSummary s;
        s.job = jobs[i].code;
        s.rowId = j < c.jobRowId.size() ? c.jobRowId[j] : 0;
        s.key = qs(c.jobKey[j]);
        s.label = qs(c.labels[static_cast<size_t>(c.jobLabel[j])]);
        s.name = j < c.jobName.size() ? qs(c.jobName[j]) : QString();
        s.gpus = c.jobGpus[j];
        s.figures = std::move(jobs[i].figures);
        d.topJobs.push_back(std::move(s));
    }
    return d;
}

} // namespace ett::app
