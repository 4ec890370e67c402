// The overview of a scope and the drill-down tables under it, for the window's pages, the PDF
// report and ettw summary / jobs, so that every front end shows the same numbers.
#pragma once

#include "app/service/fleet_source.h"

#include <map>
#include <optional>
#include <string>

namespace ett::app {

// The whole scope with its TTS / TTR percentiles, the calendar series, interruptions by cause
// class (only classes that interrupted something, most first) and the `topJobs` jobs that lost
// the most GPU-hours; with `rollingWindowNs`, the rolling ETT% over that window every 1/24 of it.
core::Result<OverviewData> overview(FleetSource& fleet, const core::CohortSpec& scope, gpu::Calendar every,
    size_t topJobs = 10, int64_t rollingWindowNs = 0);
// The same in two steps, for a front end that shows the figures while a lean fleet reads the
// segments the series need (FleetSource::segmentsPending): first everything but the series and the
// rolling ETT% (OverviewData::seriesPending set), then those added (seriesPending cleared).
core::Result<OverviewData> overviewFigures(
    FleetSource& fleet, const core::CohortSpec& scope, gpu::Calendar every, size_t topJobs = 10);
core::Status addOverviewSeries(
    FleetSource& fleet, const core::CohortSpec& scope, OverviewData& overview, int64_t rollingWindowNs = 0);

// The rows under a drill-down location: per group (or per job when not grouped) at the fleet,
// per job in a group, per attempt of a job, the one attempt at attempt level.
core::Result<TableData> drilldown(FleetSource& fleet, const core::CohortSpec& scope, const Location& location);

// A summary: the fleet's figures and, when grouped, one entry per group name.
struct FleetGroups
{
    core::Figures fleet;
    std::map<std::string, core::Figures> groups;
};
core::Result<FleetGroups> summarize(
    FleetSource& fleet, const core::CohortSpec& scope, const std::optional<std::string>& groupBy);

// Jobs with attempts, worst first: by lost GPU-hours ("lost_gpu_hours") or by GPU-weighted ETT%
// ("ett", ties by lost GPU time); equal ones by label, then key. limit <= 0: all.
core::Result<std::vector<JobSummary>> worstJobs(
    FleetSource& fleet, const core::CohortSpec& scope, const std::string& sort, int64_t limit);

} // namespace ett::app
