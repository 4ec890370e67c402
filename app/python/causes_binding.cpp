#include "app/python/causes_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/causes.h"
#include "core/model/names_text.h"
#include "core/model/types.h"

#include <limits>

namespace ett::app::python {

namespace {

// The figures of a causes row, as the CLI's JSON writes them.
struct CauseColumns
{
    std::vector<std::string> causeClass, cause;
    std::vector<int64_t> interruptions, failures, preemptions, other, ttrDefined, meanTtr;
    std::vector<double> share, lostHours;
    std::vector<core::Wide> lost, lostProgress, ttrSum;
    std::vector<std::vector<int64_t>> symptoms = std::vector<std::vector<int64_t>>(core::kSymptomCount);

    void add(const std::string& cls, const std::string& c, const core::CauseFigures& f, int64_t total)
    {
        causeClass.push_back(cls);
        cause.push_back(c);
        interruptions.push_back(f.count);
        const auto s = f.shareOf(total);
        share.push_back(s ? *s * 100.0 : std::numeric_limits<double>::quiet_NaN());
        failures.push_back(f.failures);
        preemptions.push_back(f.preemptions);
        other.push_back(f.otherInterruptions);
        lost.push_back(f.lostGpuNs);
        lostHours.push_back(gpuHoursOf(f.lostGpuNs));
        lostProgress.push_back(f.lostProgressGpuNs);
        meanTtr.push_back(orNone(f.meanTtrNs()));
        ttrDefined.push_back(f.ttrCount);
        ttrSum.push_back(f.ttrSumNs);
        for (size_t k = 0; k < static_cast<size_t>(core::kSymptomCount); ++k) {
            symptoms[k].push_back(f.bySymptom[k]);
        }
    }

    py::dict toPython() const
    {
        Columns c;
        c.strings("cause_class", causeClass, "cat");
        c.strings("cause", cause);
        c.ints("interruptions", interruptions);
        c.doubles("share_percent", share);
        c.ints("failures", failures);
        c.ints("preemptions", preemptions);
        c.ints("other_interruptions", other);
        c.wides("lost_gpu_s", lost);
        c.doubles("lost_gpu_hours", lostHours);
        c.wides("lost_progress_gpu_s", lostProgress);
        c.ints("mean_ttr_s", meanTtr, "td");
        c.ints("ttr_defined", ttrDefined);
        c.wides("ttr_sum_s", ttrSum);
        for (int k = 0; k < core::kSymptomCount; ++k) {
            const auto s = static_cast<core::Symptom>(k);
            c.ints("symptoms." + (s == core::Symptom::None ? std::string("none") : std::string(core::symptomName(s))),
                symptoms[static_cast<size_t>(k)]);
        }
        return c.toPython();
    }
};

} // namespace

py::dict causes(Handle ws, const ScopeArgs& args)
{
    const CausesData d = interruptible(*ws, [&] {
        // The scope loads the fleet the service reads (the label's jobs only, with label=).
        const core::CohortSpec scope = take(ws->scope(args, Needs::Lean));
        return ws->store() ? take(storeCausesOf(*ws->store(), scope, nullptr))
                           : take(causesOf(*ws->local(), scope, nullptr));
    });
    const int64_t total = d.table.total.count;
    CauseColumns classes;
    CauseColumns rows;
    for (const auto& c : d.table.classes) {
        classes.add(c.causeClass, "", c.figures, total);
        for (const auto& r : c.causes) {
            rows.add(c.causeClass, r.cause, r.figures, total);
        }
    }
    CauseColumns totals;
    totals.add("", "", d.table.total, total);
    py::dict out;
    out["classes"] = classes.toPython();
    out["causes"] = rows.toPython();
    out["total"] = totals.toPython();
    out["reclassified"] = d.reclassified;
    return out;
}

} // namespace ett::app::python
