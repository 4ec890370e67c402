#include "app/python/query_bindings.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/bucket_intervals.h"
#include "app/service/job_detail.h"
#include "app/service/overview.h"
#include "app/service/pre_rolled.h"
#include "app/service/rolling.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"
#include "core/model/types.h"

namespace ett::app::python {

namespace {

// A scope with a range needs the segments (clipped sums); one over all time only the roll-ups,
// unless windows are excluded (their time is cut out of the segments).
Needs needsOf(const ScopeArgs& s)
{
    return s.fromNs || s.toNs || !s.excluded.empty() ? Needs::Full : Needs::Lean;
}

// The job of a `job=` option (under the scope's label when several hold its key).
std::optional<KeyedJob> jobOf(FleetSource& fleet, const std::optional<std::string>& key, const ScopeArgs& args)
{
    if (!key) {
        return std::nullopt;
    }
    return take(jobByKey(fleet, *key, args.label), "job: ");
}

int64_t durationArg(const char* name, const std::string& text)
{
    if (auto ns = core::parseUserDuration(text)) {
        return *ns;
    }
    throw EttwError(std::string(name) + ": expected a positive duration such as 1h, 30m, 3600s or 1d (units ns, us, "
        + "ms, s, m or min, h, d, w), got '" + text + "'");
}

// The summary of a database over all time from its stored roll-ups, as `ettw summary` reads it
// (pre_rolled.h), without loading the fleet: nullopt where they cannot give it (a store, a scope
// that selects more than a label, a range, excluded windows, a grouping that is no attribute, or
// roll-ups missing or unreadable: the fleet gives it then).
std::optional<FleetGroups> preRolled(PythonWorkspace& ws, const ScopeArgs& args, const std::optional<std::string>& by)
{
    if (ws.isStore() || !preRolledGrouping(by)) {
        return std::nullopt;
    }
    const core::CohortSpec spec = take(cohortOf(args));
    if (spec.labels.size() > 1 || !spec.attrs.empty() || spec.fromNs || spec.toNs || spec.minGpus > 0
        || spec.maxGpus != INT64_MAX || !spec.excluded.empty()) {
        return std::nullopt;
    }
    const std::optional<std::string> label
        = spec.labels.empty() ? std::nullopt : std::optional<std::string>(spec.labels.front());
    check(ws.checkLabel(label));
    auto read = preRolledSummary(ws.local()->store(), label, by, spec.countQueue);
    if (!read || !*read) {
        return std::nullopt;
    }
    return std::move((*read)->summary);
}

} // namespace

py::dict summary(Handle ws, const ScopeArgs& args, const std::optional<std::string>& by)
{
    const FleetGroups s = interruptible(*ws, [&] {
        if (auto rolled = preRolled(*ws, args, by)) {
            return std::move(*rolled);
        }
        const core::CohortSpec scope = take(ws->scope(args, needsOf(args)));
        FleetSource* fleet = take(ws->fleet(needsOf(args), args.label));
        return take(summarize(*fleet, scope, by), by ? "by " + *by + ": " : std::string());
    });
    const bool withExcluded = !args.excluded.empty();
    Columns total;
    addFigures(total, { &s.fleet }, true, withExcluded);
    Columns groups;
    std::vector<std::string> names;
    std::vector<const core::Figures*> rows;
    for (const auto& [name, f] : s.groups) {
        names.push_back(name);
        rows.push_back(&f);
    }
    groups.strings(by.value_or("group"), names);
    addFigures(groups, rows, true, withExcluded);
    py::dict out;
    out["fleet"] = total.toPython();
    out["groups"] = groups.toPython();
    return out;
}

py::dict seriesEvery(Handle ws, const ScopeArgs& args, const std::string& every, const std::optional<std::string>& job)
{
    if (every != "hour" && every != "day" && every != "week") {
        throw EttwError("every: expected hour, day or week, got '" + every + "'");
    }
    const gpu::Calendar calendar = every == "hour" ? gpu::Calendar::Hour
        : every == "week"                          ? gpu::Calendar::Week
                                                   : gpu::Calendar::Day;
    const gpu::Series series = interruptible(*ws, [&] {
        const core::CohortSpec scope = take(ws->scope(args, Needs::Full));
        FleetSource* fleet = take(ws->fleet(Needs::Full, args.label));
        const auto keyed = jobOf(*fleet, job, args);
        return keyed ? take(fleet->seriesEvery(
                   scope, gpu::calendarWidthNs(calendar), gpu::calendarAlignNs(calendar), keyed->job))
                     : take(fleet->series(scope, calendar));
    });
    Columns c;
    std::vector<int64_t> start, end;
    std::vector<const core::Figures*> rows;
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        start.push_back(series.originNs + static_cast<int64_t>(k) * series.widthNs);
        end.push_back(start.back() + series.widthNs);
        rows.push_back(&series.buckets[k]);
    }
    c.ints("start", start, "dt");
    c.ints("end", end, "dt");
    addFigures(c, rows, true, !args.excluded.empty());
    return c.toPython();
}

py::dict seriesRolling(Handle ws, const ScopeArgs& args, const std::string& window, const std::string& step,
    const std::optional<std::string>& job)
{
    RollingRequest request;
    request.windowNs = durationArg("rolling", window);
    request.stepNs = step.empty() ? request.windowNs : durationArg("step", step);
    const RollingSeries r = interruptible(*ws, [&] {
        request.scope = take(ws->scope(args, Needs::Full));
        FleetSource* fleet = take(ws->fleet(Needs::Full, args.label));
        if (const auto keyed = jobOf(*fleet, job, args)) {
            request.job = keyed->job;
        }
        return take(rollingSeries(*fleet, request));
    });
    Columns c;
    std::vector<int64_t> t;
    std::vector<core::Wide> e2e, e2eGpu, productive, productiveGpu;
    std::vector<double> gpuPct, timePct;
    for (const RollingPoint& p : r.points) {
        t.push_back(p.tNs);
        e2e.push_back(p.e2eNs);
        e2eGpu.push_back(p.e2eGpuNs);
        productive.push_back(p.productiveNs);
        productiveGpu.push_back(p.productiveGpuNs);
        gpuPct.push_back(orNan(p.ettPercentGpu));
        timePct.push_back(orNan(p.ettPercentTime));
    }
    c.ints("t", t, "dt");
    c.ints("t_ns", t);
    c.wides("e2e_s", e2e);
    c.wides("e2e_gpu_s", e2eGpu);
    c.wides("productive_s", productive);
    c.wides("productive_gpu_s", productiveGpu);
    c.doubles("ett_percent_gpu", gpuPct);
    c.doubles("ett_percent_time", timePct);
    return c.toPython();
}

py::dict jobs(Handle ws, const ScopeArgs& args, const std::string& sort, int64_t limit)
{
    if (sort != "lost_gpu_hours" && sort != "ett") {
        throw EttwError("sort: expected lost_gpu_hours or ett, got '" + sort + "'");
    }
    const std::vector<JobSummary> rows = interruptible(*ws, [&] {
        const core::CohortSpec scope = take(ws->scope(args, needsOf(args)));
        FleetSource* fleet = take(ws->fleet(needsOf(args), args.label));
        return take(worstJobs(*fleet, scope, sort, limit));
    });
    const bool withExcluded = !args.excluded.empty();
    const size_t n = rows.size();
    std::vector<std::string> key(n), label(n), name(n);
    std::vector<int64_t> gpus(n), attempts(n), e2e(n), productive(n), failures(n), preemptions(n), other(n),
        excluded(withExcluded ? n : 0);
    std::vector<double> gpuPct(n), timePct(n), lost(n);
    std::vector<bool> noCkpt(n);
    for (size_t i = 0; i < n; ++i) {
        const JobSummary& j = rows[i];
        const core::Figures& f = j.figures;
        key[i] = j.key;
        label[i] = j.label;
        name[i] = j.name;
        gpus[i] = j.gpus;
        attempts[i] = f.attempts;
        e2e[i] = static_cast<int64_t>(f.e2eNs); // one job's wall time fits 64 bits
        productive[i] = static_cast<int64_t>(f.bucketsNs[static_cast<size_t>(core::Bucket::Productive)]);
        gpuPct[i] = orNan(f.ettPercentGpu());
        timePct[i] = orNan(f.ettPercentTime());
        lost[i] = gpuHoursOf(f.lostGpuNs());
        failures[i] = f.failures;
        preemptions[i] = f.preemptions;
        other[i] = f.otherInterruptions;
        noCkpt[i] = f.noCheckpointDataJobs > 0;
        if (withExcluded) {
            excluded[i] = static_cast<int64_t>(f.excludedTotalNs());
        }
    }
    Columns c;
    c.strings("job", key);
    c.strings("label", label, "cat");
    c.strings("name", name);
    c.ints("gpus", gpus);
    c.ints("attempts", attempts);
    c.ints("e2e_s", e2e, "td");
    c.ints("productive_s", productive, "td");
    c.doubles("ett_percent_gpu", gpuPct);
    c.doubles("ett_percent_time", timePct);
    c.doubles("lost_gpu_hours", lost);
    c.ints("failures", failures);
    c.ints("preemptions", preemptions);
    c.ints("other_interruptions", other);
    c.bools("no_checkpoint_data", noCkpt);
    if (withExcluded) {
        c.ints("excluded_s", excluded, "td");
    }
    return c.toPython();
}

py::dict intervals(Handle ws, const ScopeArgs& args, const std::string& bucket, const std::optional<std::string>& job,
    std::optional<int32_t> attempt, const std::string& sort, int64_t limit)
{
    IntervalRequest request;
    request.bucket = take(parseBucketName(bucket), "bucket: ");
    request.sort = take(parseIntervalSort(sort), "sort: ");
    if (attempt && !job) {
        throw EttwError("attempt needs job (the attempt of which job)");
    }
    request.limit = limit;
    request.attempt = attempt;
    const BucketIntervals r = interruptible(*ws, [&] {
        request.scope = take(ws->scope(args, Needs::Full));
        FleetSource* fleet = take(ws->fleet(Needs::Full, args.label));
        if (const auto keyed = jobOf(*fleet, job, args)) {
            request.job = keyed->job;
        }
        return take(fleet->bucketIntervals(request));
    });
    const size_t n = r.rows.size();
    std::vector<std::string> key(n), label(n);
    std::vector<int64_t> number(n), start(n), end(n), duration(n), gpus(n);
    std::vector<bool> gap(n);
    std::vector<double> gpuHours(n);
    for (size_t i = 0; i < n; ++i) {
        const BucketInterval& b = r.rows[i];
        key[i] = b.key;
        label[i] = b.label;
        number[i] = b.attempt < 0 ? kNone : b.attempt;
        gap[i] = b.gap;
        start[i] = b.startNs;
        end[i] = b.endNs;
        duration[i] = b.durationNs();
        gpus[i] = b.gpus;
        gpuHours[i] = gpuHoursOf(b.gpuNs());
    }
    Columns c;
    c.strings("job", key);
    c.strings("label", label, "cat");
    c.ints("attempt", number, "int_na");
    c.bools("gap", gap);
    c.ints("start", start, "dt");
    c.ints("end", end, "dt");
    c.ints("duration_s", duration, "td");
    c.ints("gpus", gpus);
    c.doubles("gpu_hours", gpuHours);
    py::dict out;
    out["rows"] = c.toPython();
    out["bucket"] = std::string(core::bucketName(r.bucket));
    out["sort"] = intervalSortName(r.sort);
    out["count"] = r.count;
    out["listed"] = static_cast<int64_t>(n);
    out["total_s"] = wideToPython(r.totalNs);
    out["total_gpu_hours"] = gpuHoursOf(r.totalGpuNs);
    return out;
}

} // namespace ett::app::python
