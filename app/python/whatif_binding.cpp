#include "app/python/whatif_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/document.h"
#include "app/service/whatif_session.h"
#include "core/ingest/scenario_file.h"
#include "core/model/compare.h"
#include "core/model/types.h"

namespace ett::app::python {

namespace {

py::object pico(const std::optional<int64_t>& v)
{
    return v ? py::object(py::int_(*v)) : py::object(py::none());
}

} // namespace

py::dict whatIfPy(Handle ws, const std::string& json, const std::string& origin, const std::string& name,
    const std::vector<core::TimeSpan>& excluded)
{
    if (!ws->local()) {
        throw EttwError("whatif needs a database: a fleet store holds no what-if model");
    }
    core::Scenario scenario;
    if (!name.empty()) {
        scenario = take(savedScenario(*ws->local(), name)).scenario;
    } else {
        scenario = take(core::parseScenario(json, origin));
    }
    const core::WhatIfResult r = interruptible(*ws, [&] {
        take(ws->fleet(Needs::Full)); // every label: the scenario's cohort names its own
        return take(runScenario(*ws->local(), scenario, excluded));
    });
    if (r.jobs == 0) {
        throw EttwError(
            "scenario '" + scenario.name + "': cohort '" + scenario.cohort + "' matches no jobs in " + ws->location());
    }
    const auto spec = core::parseCohortSpec(scenario.cohort, "cohort");
    py::dict out;
    out["scenario"] = scenario.name;
    out["cohort"] = spec ? spec->text() : scenario.cohort;
    out["jobs"] = r.jobs;
    out["attempts"] = r.attempts;
    out["ett_percent_today"] = pico(r.todayPico);
    out["ett_percent_projected"] = pico(r.projectedPico);
    out["ett_percent_today_time"] = pico(r.todayPicoTime);
    out["ett_percent_projected_time"] = pico(r.projectedPicoTime);
    std::vector<std::string> change;
    std::vector<core::Wide> saved, savedGpu;
    std::vector<double> savedHours;
    std::vector<std::vector<core::Wide>> buckets(core::kBucketCount), bucketsGpu(core::kBucketCount);
    std::vector<int64_t> changed, notApplicable, pp, ppTime;
    for (const core::WhatIfStep& s : r.steps) {
        change.push_back(s.change);
        saved.push_back(s.totalSavedNs);
        savedGpu.push_back(s.totalSavedGpuNs);
        savedHours.push_back(gpuHoursOf(s.totalSavedGpuNs));
        for (size_t b = 0; b < static_cast<size_t>(core::kBucketCount); ++b) {
            buckets[b].push_back(s.savedNs[b]);
            bucketsGpu[b].push_back(s.savedGpuNs[b]);
        }
        changed.push_back(s.attemptsChanged);
        notApplicable.push_back(s.jobsNotApplicable);
        pp.push_back(s.pico);
        ppTime.push_back(s.picoTime);
    }
    Columns steps;
    steps.strings("change", change);
    steps.wides("saved_s", saved);
    steps.wides("saved_gpu_s", savedGpu);
    steps.doubles("saved_gpu_hours", savedHours);
    for (int b = 0; b < core::kBucketCount; ++b) {
        steps.wides("saved_buckets_s." + std::string(core::bucketName(static_cast<core::Bucket>(b))),
            buckets[static_cast<size_t>(b)]);
    }
    for (int b = 0; b < core::kBucketCount; ++b) {
        steps.wides("saved_buckets_gpu_s." + std::string(core::bucketName(static_cast<core::Bucket>(b))),
            bucketsGpu[static_cast<size_t>(b)]);
    }
    steps.ints("changed", changed);
    steps.ints("jobs_not_applicable", notApplicable);
    steps.ints("pp_pico", pp);
    steps.ints("pp_time_pico", ppTime);
    out["steps"] = steps.toPython();
    Columns today;
    addFigures(today, { &r.today }, true, !excluded.empty());
    out["today"] = today.toPython();
    py::dict projected;
    projected["e2e_s"] = wideToPython(r.projectedE2eNs);
    projected["e2e_gpu_s"] = wideToPython(r.projectedE2eGpuNs);
    for (int b = 0; b < core::kBucketCount; ++b) {
        const std::string n(core::bucketName(static_cast<core::Bucket>(b)));
        projected[py::str("buckets_s." + n)] = wideToPython(r.projectedBucketsNs[static_cast<size_t>(b)]);
        projected[py::str("buckets_gpu_s." + n)] = wideToPython(r.projectedBucketsGpuNs[static_cast<size_t>(b)]);
    }
    projected["failures"] = r.projectedFailures;
    projected["preemptions"] = r.projectedPreemptions;
    out["projected"] = projected;
    return out;
}

} // namespace ett::app::python
