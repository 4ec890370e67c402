#include "app/python/advice_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/advice.h"

namespace ett::app::python {

py::dict advice(
    Handle ws, const ScopeArgs& args, const std::optional<std::string>& by, const std::optional<std::string>& job)
{
    if (job && by) {
        throw EttwError("advise: give job or by, not both");
    }
    const gpu::AdviceTable table = interruptible(*ws, [&] {
        const core::CohortSpec scope = take(ws->scope(args, Needs::Full));
        FleetSource* fleet = take(ws->fleet(Needs::Full, args.label));
        return job ? take(adviseJob(*fleet, *job, args.label, scope.excluded), "advise: ")
                   : take(advise(*fleet, AdviceRequest { scope, by.value_or("job") }, true),
                       "advise: by " + by.value_or("job") + ": ");
    });
    std::vector<const core::CheckpointAdvice*> rows { &table.total };
    for (const auto& g : table.groups) {
        rows.push_back(&g);
    }
    std::vector<std::string> name, flags, note;
    std::vector<int64_t> jobs, interruptions, saves, intervalsCount, lostInterruptions, noCkpt, lostExcluded, flagged,
        p50, p90;
    std::vector<core::Wide> loop, e2e, lost;
    std::vector<double> loopGpuHours, mtbi, current, young, daly, wastedCurrent, wastedOptimum, gainPp, gainHours,
        lostPer, lostRatio;
    std::vector<bool> dalyBoundary;
    for (const core::CheckpointAdvice* a : rows) {
        const auto& m = a->measured;
        name.push_back(a->name);
        jobs.push_back(m.jobs);
        loop.push_back(m.loopNs);
        loopGpuHours.push_back(static_cast<double>(m.loopGpuNs) / kNsPerHour);
        e2e.push_back(m.e2eNs);
        interruptions.push_back(m.interruptions);
        mtbi.push_back(orNan(m.mtbiS));
        saves.push_back(m.saves);
        p50.push_back(orNone(m.blockingP50Ns));
        p90.push_back(orNone(m.blockingP90Ns));
        intervalsCount.push_back(m.intervals);
        current.push_back(orNan(a->currentIntervalS));
        young.push_back(orNan(a->youngIntervalS));
        daly.push_back(orNan(a->dalyIntervalS));
        dalyBoundary.push_back(a->dalyBoundary);
        wastedCurrent.push_back(orNan(a->wastedCurrentPercent));
        wastedOptimum.push_back(orNan(a->wastedOptimumPercent));
        gainPp.push_back(orNan(a->gainPp));
        gainHours.push_back(orNan(a->gainGpuHours));
        lost.push_back(m.lostNs);
        lostInterruptions.push_back(m.lostInterruptions);
        lostPer.push_back(orNan(m.lostPerInterruptionS));
        lostRatio.push_back(orNan(a->lostRatio));
        noCkpt.push_back(m.noCheckpointDataJobs);
        lostExcluded.push_back(m.lostExcludedJobs);
        std::string f;
        for (const auto& flag : a->flags) {
            f += (f.empty() ? "" : ",") + flag;
        }
        flags.push_back(f);
        flagged.push_back(a->flaggedJobs);
        note.push_back(a->note);
    }
    Columns c;
    c.strings("name", name);
    c.ints("jobs", jobs);
    c.wides("loop_s", loop);
    c.doubles("loop_gpu_hours", loopGpuHours);
    c.wides("e2e_s", e2e);
    c.ints("interruptions", interruptions);
    c.doubles("mtbi_s", mtbi);
    c.ints("saves", saves);
    c.ints("blocking_p50_s", p50, "td");
    c.ints("blocking_p90_s", p90, "td");
    c.ints("intervals", intervalsCount);
    c.doubles("current_interval_s", current);
    c.doubles("young_interval_s", young);
    c.doubles("daly_interval_s", daly);
    c.bools("daly_boundary", dalyBoundary);
    c.doubles("wasted_percent_current", wastedCurrent);
    c.doubles("wasted_percent_optimum", wastedOptimum);
    c.doubles("projected_gain_pp", gainPp);
    c.doubles("projected_gain_gpu_hours", gainHours);
    c.wides("lost_progress_s", lost);
    c.ints("lost_interruptions", lostInterruptions);
    c.doubles("lost_per_interruption_s", lostPer);
    c.doubles("lost_ratio_to_half_interval", lostRatio);
    c.ints("no_checkpoint_data_jobs", noCkpt);
    c.ints("lost_excluded_jobs", lostExcluded);
    c.strings("flags", flags);
    c.ints("flagged_jobs", flagged);
    c.strings("note", note);
    return c.toPython();
}

} // namespace ett::app::python
