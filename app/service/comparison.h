// The comparison of two cohorts for every front end: core/model/compare.h's figures over the
// fleet source's cohort inputs, plus what the charts show beside them (the samples behind each
// distribution and the jobs behind each matched pair).
#pragma once

#include "app/service/fleet_source.h"

#include <functional>
#include <string>

namespace ett::app {

// Checks a comparison request against the fleet: cohorts naming a label or attribute it lacks, or
// a match key that is neither job, name nor an attribute, are an Error (`whatA` / `whatB` name the
// cohorts in it: "--a", "A").
core::Status checkComparison(FleetSource& fleet, const ComparisonRequest& request, const std::string& whatA = "A",
    const std::string& whatB = "B");

// Compares the cohorts. With samples, also the sorted durations behind each distribution (at most
// DistributionSamples::kMaxSamples each) and the jobs behind the matched pairs; the phase
// durations need fleet.withPhases(). `stage` (optional) says what runs ("comparing").
struct ComparisonOptions
{
    int replicates = core::CompareOptions {}.replicates;
    bool withSamples = true;
};
core::Result<ComparisonData> compare(FleetSource& fleet, const ComparisonRequest& request,
    const ComparisonOptions& options = {}, const std::function<void(const std::string&)>& stage = {});

} // namespace ett::app
