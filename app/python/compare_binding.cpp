#include "app/python/compare_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/comparison.h"
#include "core/model/types.h"

namespace ett::app::python {

namespace {

py::object optionalDouble(std::optional<double> v)
{
    return v ? py::object(py::float_(*v)) : py::object(py::none());
}

py::object intervalOf(const std::optional<core::Interval>& ci)
{
    return ci ? py::object(py::make_tuple(ci->low, ci->high)) : py::object(py::none());
}

// The bridge's steps in picos of a percentage point (exact), as the JSON's "pp".
py::object bridgeOf(const std::optional<core::Bridge>& bridge)
{
    if (!bridge) {
        return py::none();
    }
    Columns c;
    std::vector<std::string> bucket;
    std::vector<int64_t> pico;
    for (const auto& s : bridge->steps) {
        bucket.push_back(std::string(core::bucketName(s.bucket)));
        pico.push_back(s.pico);
    }
    c.strings("bucket", bucket, "cat");
    c.ints("pp_pico", pico);
    py::dict out = c.toPython();
    out["ett_a_pico"] = bridge->ettAPico;
    out["ett_b_pico"] = bridge->ettBPico;
    return out;
}

py::dict matchedOf(const std::vector<core::MatchedJob>& v)
{
    Columns c;
    std::vector<std::string> match, keyA, labelA, keyB, labelB, nameA, nameB;
    std::vector<int64_t> run, runsA, runsB, gpusA, gpusB;
    std::vector<double> ettA, ettB, delta, lostA, lostB, change;
    std::vector<bool> nameDiffers, gpusDiffer;
    for (const auto& m : v) {
        match.push_back(m.match);
        run.push_back(m.run);
        runsA.push_back(m.runsA);
        runsB.push_back(m.runsB);
        keyA.push_back(m.keyA);
        labelA.push_back(m.labelA);
        keyB.push_back(m.keyB);
        labelB.push_back(m.labelB);
        ettA.push_back(m.ettA);
        ettB.push_back(m.ettB);
        delta.push_back(m.deltaPp);
        lostA.push_back(m.lostGpuHoursA);
        lostB.push_back(m.lostGpuHoursB);
        change.push_back(m.lostGpuHoursChange());
        nameA.push_back(m.nameA);
        nameB.push_back(m.nameB);
        gpusA.push_back(m.gpusA);
        gpusB.push_back(m.gpusB);
        nameDiffers.push_back(m.nameDiffers());
        gpusDiffer.push_back(m.gpusDiffer());
    }
    c.strings("match", match);
    c.ints("run", run);
    c.ints("runs_a", runsA);
    c.ints("runs_b", runsB);
    c.strings("key_a", keyA);
    c.strings("label_a", labelA);
    c.strings("key_b", keyB);
    c.strings("label_b", labelB);
    c.doubles("ett_percent_a", ettA);
    c.doubles("ett_percent_b", ettB);
    c.doubles("delta_pp", delta);
    c.doubles("lost_gpu_hours_a", lostA);
    c.doubles("lost_gpu_hours_b", lostB);
    c.doubles("lost_gpu_hours_change", change);
    c.strings("name_a", nameA);
    c.strings("name_b", nameB);
    c.ints("gpus_a", gpusA);
    c.ints("gpus_b", gpusB);
    c.bools("name_differs", nameDiffers);
    c.bools("gpus_differ", gpusDiffer);
    return c.toPython();
}

py::dict distributionsOf(const std::vector<core::DistributionChange>& v)
{
    Columns c;
    std::vector<std::string> name;
    std::vector<int64_t> countA, countB;
    std::vector<std::vector<int64_t>> cols(9);
    for (const auto& d : v) {
        name.push_back(d.name);
        countA.push_back(d.countA);
        countB.push_back(d.countB);
        const std::optional<int64_t> a[3] = { d.a.p50, d.a.p90, d.a.p99 };
        const std::optional<int64_t> b[3] = { d.b.p50, d.b.p90, d.b.p99 };
        for (size_t k = 0; k < 3; ++k) {
            cols[3 * k].push_back(orNone(a[k]));
            cols[3 * k + 1].push_back(orNone(b[k]));
            cols[3 * k + 2].push_back(a[k] && b[k] ? *b[k] - *a[k] : kNone);
        }
    }
    c.strings("name", name);
    c.ints("count_a", countA);
    c.ints("count_b", countB);
    const char* ps[3] = { "p50", "p90", "p99" };
    for (size_t k = 0; k < 3; ++k) {
        c.ints(std::string(ps[k]) + "_a_s", cols[3 * k], "td");
        c.ints(std::string(ps[k]) + "_b_s", cols[3 * k + 1], "td");
        c.ints(std::string(ps[k]) + "_change_s", cols[3 * k + 2], "td");
    }
    return c.toPython();
}

py::dict causeRatesOf(const std::vector<core::CauseRate>& v)
{
    Columns c;
    std::vector<std::string> cls;
    std::vector<double> fa, fb, pa, pb;
    std::vector<int64_t> cfa, cfb, cpa, cpb;
    for (const auto& r : v) {
        cls.push_back(r.causeClass.empty() ? "(none)" : r.causeClass);
        fa.push_back(orNan(r.failuresA));
        fb.push_back(orNan(r.failuresB));
        pa.push_back(orNan(r.preemptionsA));
        pb.push_back(orNan(r.preemptionsB));
        cfa.push_back(r.countFailuresA);
        cfb.push_back(r.countFailuresB);
        cpa.push_back(r.countPreemptionsA);
        cpb.push_back(r.countPreemptionsB);
    }
    c.strings("cause_class", cls);
    c.doubles("failures_a", fa);
    c.doubles("failures_b", fb);
    c.doubles("preemptions_a", pa);
    c.doubles("preemptions_b", pb);
    c.ints("failure_count_a", cfa);
    c.ints("failure_count_b", cfb);
    c.ints("preemption_count_a", cpa);
    c.ints("preemption_count_b", cpb);
    return c.toPython();
}

} // namespace

py::dict comparePy(Handle ws, const std::string& a, const std::string& b, const std::string& matchBy, bool countQueue,
    uint64_t seed, int replicates, size_t top, const std::vector<std::pair<int64_t, int64_t>>& excluded)
{
    ComparisonRequest request;
    request.a = take(core::parseCohortSpec(a, "a"));
    request.b = take(core::parseCohortSpec(b, "b"));
    request.matchBy = matchBy;
    request.countQueue = countQueue;
    request.seed = seed;
    request.topMatched = top;
    for (const auto& [from, to] : excluded) {
        request.excluded.push_back({ from, to }); // in normal form (the module's excludedOf)
    }
    ComparisonOptions options;
    options.replicates = replicates;
    options.withSamples = false;
    const ComparisonData data = interruptible(*ws, [&] {
        FleetSource* fleet = take(ws->fleet(Needs::Full)); // every label: the cohorts name theirs
        check(checkComparison(*fleet, request, "a", "b"));
        return take(app::compare(*fleet, request, options));
    });
    const core::Comparison& c = data.comparison;
    if (c.jobsA == 0) {
        throw EttwError("a '" + a + "' matches no jobs in " + ws->location());
    }
    if (c.jobsB == 0) {
        throw EttwError("b '" + b + "' matches no jobs in " + ws->location());
    }
    py::dict headline;
    headline["a"] = c.specA;
    headline["b"] = c.specB;
    headline["jobs_a"] = c.jobsA;
    headline["jobs_b"] = c.jobsB;
    headline["gpu_days_a"] = c.gpuDaysA;
    headline["gpu_days_b"] = c.gpuDaysB;
    headline["ett_percent_a"] = optionalDouble(c.ettA);
    headline["ett_percent_b"] = optionalDouble(c.ettB);
    headline["delta_pp"] = optionalDouble(c.deltaPp);
    headline["ci95_pp"] = intervalOf(c.ci);
    headline["too_few_jobs"] = c.tooFewJobs;
    headline["ett_percent_a_time"] = optionalDouble(c.ettATime);
    headline["ett_percent_b_time"] = optionalDouble(c.ettBTime);
    headline["delta_pp_time"] = optionalDouble(c.deltaPpTime);
    headline["ci95_pp_time"] = intervalOf(c.ciTime);
    headline["seed"] = c.seed;
    headline["replicates"] = c.replicates;
    headline["confidence"] = c.confidence;
    headline["matched_by"] = data.matchedBy;
    headline["matched_jobs"] = c.matchedJobs;
    py::dict out;
    out["headline"] = headline;
    out["bridge"] = bridgeOf(c.bridge);
    out["bridge_time"] = bridgeOf(c.bridgeTime);
    out["distributions"] = distributionsOf(c.distributions);
    out["interruptions_per_1000_gpu_days"] = causeRatesOf(c.causes);
    out["regressions"] = matchedOf(c.regressions);
    out["improvements"] = matchedOf(c.improvements);
    return out;
}

} // namespace ett::app::python
