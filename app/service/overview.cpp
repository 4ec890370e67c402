#include "app/service/overview.h"

#include "app/service/rolling.h"

#include <algorithm>

namespace ett::app {

namespace {

int64_t interruptions(const core::Figures& f)
{
    return f.failures + f.preemptions + f.otherInterruptions;
}

// The job rows of a scope: the job's name (and its label when the fleet has several) as detail.
core::Result<std::vector<TableRow>> jobRows(FleetSource& fleet, const core::CohortSpec& scope, bool manyLabels)
{
    auto jobs = fleet.jobs(scope);
    if (!jobs) {
        return jobs.error();
    }
    std::vector<TableRow> rows;
    rows.reserve(jobs->size());
    for (auto& j : *jobs) {
        TableRow r;
        r.name = j.key;
        r.job = j.job;
        r.figures = std::move(j.figures);
        r.detail = j.name;
        if (manyLabels) {
            r.detail = r.detail.empty() ? j.label : r.detail + " (" + j.label + ")";
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

core::Result<std::vector<TableRow>> groupRows(FleetSource& fleet, const core::CohortSpec& scope, const std::string& by)
{
    auto r = fleet.rollup(scope, by);
    if (!r) {
        return r.error();
    }
    std::vector<TableRow> rows;
    for (auto& g : r->groups) {
        TableRow row;
        row.name = g.name;
        row.figures = std::move(g.figures);
        rows.push_back(std::move(row));
    }
    return rows;
}

// The rows of one group: its jobs. Narrowing to a label outside the scope's labels selects nothing.
core::Result<std::vector<TableRow>> groupJobRows(
    FleetSource& fleet, core::CohortSpec scope, const Location& location, bool manyLabels)
{
    if (location.groupBy.empty()) {
        return jobRows(fleet, scope, manyLabels);
    }
    if (location.groupBy == "label") {
        const bool allowed = scope.labels.empty()
            || std::find(scope.labels.begin(), scope.labels.end(), location.group) != scope.labels.end();
        const auto labels = fleet.vocabulary().labels;
        if (!allowed || std::find(labels.begin(), labels.end(), location.group) == labels.end()) {
            return std::vector<TableRow> {};
        }
        scope.labels = { location.group };
        return jobRows(fleet, scope, manyLabels);
    }
    if (location.groupBy == "job") {
        auto rows = jobRows(fleet, scope, manyLabels);
        if (rows) {
            std::erase_if(*rows, [&](const TableRow& r) { return r.name != location.group; });
        }
        return rows;
    }
    scope.attrs.emplace_back(location.groupBy, std::vector<std::string> { location.group });
    return jobRows(fleet, scope, manyLabels);
}

} // namespace

core::Result<OverviewData> overviewFigures(
    FleetSource& fleet, const core::CohortSpec& scope, gpu::Calendar every, size_t topJobs)
{
    OverviewData d;
    d.every = every;
    d.seriesPending = true;
    // 1. The whole scope, and its TTS / TTR percentiles.
    auto total = fleet.rollup(scope, "");
    if (!total) {
        return total.error();
    }
    d.fleet = std::move(total->total);
    d.tts = d.fleet.samplePercentiles(core::SampleList::Tts);
    d.ttr = d.fleet.samplePercentiles(core::SampleList::Ttr);
    // 2. Interruptions by cause class: only classes that interrupted something, most first.
    auto causes = fleet.rollup(scope, "cause_class");
    if (!causes) {
        return causes.error();
    }
    for (auto& g : causes->groups) {
        if (interruptions(g.figures) > 0) {
            d.byCauseClass.push_back(std::move(g));
        }
    }
    std::stable_sort(
        d.byCauseClass.begin(), d.byCauseClass.end(), [](const gpu::GroupFigures& a, const gpu::GroupFigures& b) {
            return interruptions(a.figures) > interruptions(b.figures);
        });
    // 3. The jobs that lost the most GPU-hours.
    auto jobs = fleet.worstJobs(scope, "lost_gpu_hours", static_cast<int64_t>(topJobs));
    if (!jobs) {
        return jobs.error();
    }
    d.topJobs = std::move(*jobs);
    return d;
}

core::Status addOverviewSeries(
    FleetSource& fleet, const core::CohortSpec& scope, OverviewData& d, int64_t rollingWindowNs)
{
    // 4. The calendar series.
    auto series = fleet.series(scope, d.every);
    if (!series) {
        return series.error();
    }
    d.series = std::move(*series);
    // 5. The rolling ETT%, when asked for.
    d.rollingWindowNs = 0;
    d.rolling.clear();
    if (rollingWindowNs > 0) {
        RollingRequest r;
        r.scope = scope;
        r.windowNs = rollingWindowNs;
        r.stepNs = std::max<int64_t>(1, rollingWindowNs / 24);
        auto rolling = rollingSeries(fleet, r);
        if (!rolling) {
            return rolling.error();
        }
        d.rollingWindowNs = rollingWindowNs;
        for (const RollingPoint& p : rolling->points) {
            d.rolling.push_back({ p.tNs, p.ettPercentGpu, p.ettPercentTime });
        }
    }
    d.seriesPending = false;
    return core::Status::success();
}

core::Result<OverviewData> overview(
    FleetSource& fleet, const core::CohortSpec& scope, gpu::Calendar every, size_t topJobs, int64_t rollingWindowNs)
{
    auto d = overviewFigures(fleet, scope, every, topJobs);
    if (!d) {
        return d.error();
    }
    if (auto st = addOverviewSeries(fleet, scope, *d, rollingWindowNs); !st) {
        return st.error();
    }
    return d;
}

core::Result<TableData> drilldown(FleetSource& fleet, const core::CohortSpec& scope, const Location& location)
{
    TableData d;
    d.location = location;
    const bool manyLabels = fleet.vocabulary().labels.size() > 1;
    core::Result<std::vector<TableRow>> rows = std::vector<TableRow> {};
    switch (location.level) {
    case Level::Fleet:
        rows = location.groupBy.empty() || location.groupBy == "job" ? jobRows(fleet, scope, manyLabels)
                                                                     : groupRows(fleet, scope, location.groupBy);
        break;
    case Level::Group:
        rows = groupJobRows(fleet, scope, location, manyLabels);
        break;
    case Level::Job:
    case Level::Attempt:
        rows = fleet.attempts(scope, location.job);
        if (rows && location.level == Level::Attempt) {
            std::erase_if(*rows, [&](const TableRow& r) { return r.attempt != location.attempt; });
        }
        break;
    }
    if (!rows) {
        return rows.error();
    }
    d.rows = std::move(*rows);
    return d;
}

core::Result<FleetGroups> summarize(
    FleetSource& fleet, const core::CohortSpec& scope, const std::optional<std::string>& groupBy)
{
    auto r = fleet.rollup(scope, groupBy.value_or(""));
    if (!r) {
        return r.error();
    }
    FleetGroups out;
    out.fleet = std::move(r->total);
    if (groupBy) {
        for (const auto& g : r->groups) {
            out.groups[g.name].merge(g.figures);
        }
    }
    return out;
}

core::Result<std::vector<JobSummary>> worstJobs(
    FleetSource& fleet, const core::CohortSpec& scope, const std::string& sort, int64_t limit)
{
    return fleet.worstJobs(scope, sort, limit);
}

} // namespace ett::app
