// The `ettw._ettw` extension: the service's use cases called from Python. Each function takes a
// Workspace handle and plain arguments, calls app/service once, and converts its result struct
// to columns (frame_columns.h) or plain values; errors become ettw.Error with the CLI's message.
// Nothing here computes a figure. Functions are called under the GIL.
#include "app/python/binding_common.h"
#include "app/python/compare_binding.h"
#include "app/python/frame_columns.h"
#include "app/python/python_workspace.h"
#include "app/python/ranks_binding.h"
#include "app/python/restarts_binding.h"
#include "app/python/whatif_binding.h"
#include "app/service/advice.h"
#include "app/service/bucket_intervals.h"
#include "app/service/causes.h"
#include "app/service/comparison.h"
#include "app/service/import_files.h"
#include "app/service/job_detail.h"
#include "app/service/overview.h"
#include "app/service/rolling.h"
#include "app/version/build_info.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <atomic>
#include <pybind11/functional.h>
#include <pybind11/stl.h>
#include <stdexcept>

namespace py = pybind11;

namespace ett::app::python {

namespace {

// --- opening -----------------------------------------------------------------------------------

Handle openLocal(const std::string& path, bool create)
{
    return Handle(take(PythonWorkspace::openLocal(path, create)).release());
}

Handle openStore(const std::string& url, double timeoutS)
{
    return Handle(take(PythonWorkspace::openStore(url, timeoutS)).release());
}

// What the workspace holds, for its repr: location, backend, labels, attributes and counts.
py::dict describe(Handle ws)
{
    FleetSource* fleet = take(ws->fleet(Needs::Lean));
    const FleetVocabulary v = fleet->vocabulary();
    py::dict d;
    d["location"] = ws->location();
    d["store"] = ws->isStore();
    d["backend"] = fleet->backend().name;
    d["labels"] = v.labels;
    d["attributes"] = v.attrValues;
    d["jobs"] = v.jobs;
    d["attempts"] = v.attempts;
    d["first"] = v.firstNs;
    d["last"] = v.lastNs;
    return d;
}

// --- import --------------------------------------------------------------------------------------

const char* outcomeText(ImportedFile::Outcome o)
{
    switch (o) {
    case ImportedFile::Outcome::Stored:
        return "stored";
    case ImportedFile::Outcome::AlreadyImported:
        return "already imported";
    case ImportedFile::Outcome::Failed:
        return "failed";
    case ImportedFile::Outcome::Cancelled:
        return "cancelled";
    case ImportedFile::Outcome::Skipped:
        return "skipped";
    case ImportedFile::Outcome::NotATrace:
        return "not a trace";
    case ImportedFile::Outcome::ReadWith:
        return "read with another file";
    }
    return "";
}

// Imports the files under `label`. `progress` (may be None) is called with a dict per progress
// step; Ctrl+C (a pending signal, checked at each step with the GIL held) cancels: the current file
// is rolled back, the rest skipped, and KeyboardInterrupt raised.
py::dict importFilesPy(Handle ws, const std::vector<std::string>& paths, const std::string& label, py::object progress)
{
    if (!ws->local()) {
        throw EttwError("import needs a database: a fleet store is filled with `ettw push`");
    }
    ImportRequest request;
    request.files = paths;
    request.label = label;
    std::atomic<bool> cancel { false };
    bool interrupted = false;
    py::object pending; // an exception the progress callback raised
    auto sink = [&](const ImportProgressInfo& p) {
        if (interrupted || pending) {
            return;
        }
        if (PyErr_CheckSignals() != 0) {
            interrupted = true;
            cancel = true;
            return;
        }
        if (!progress.is_none()) {
            py::dict d;
            d["file"] = p.file;
            d["file_index"] = p.fileIndex;
            d["file_count"] = p.fileCount;
            d["stage"] = p.stage;
            d["records"] = p.records;
            d["bytes_done"] = p.bytesDone;
            d["bytes_total"] = p.bytesTotal;
            d["eta_s"] = p.etaSeconds;
            try {
                progress(d);
            } catch (py::error_already_set& e) {
                pending = py::reinterpret_borrow<py::object>(e.value());
                cancel = true;
            }
        }
    };
    const ImportReport report = importFiles(*ws->local(), request, sink, &cancel);
    ws->invalidate();
    if (interrupted) {
        throw py::error_already_set();
    }
    if (pending) {
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(pending.ptr())), pending.ptr());
        throw py::error_already_set();
    }
    Columns files;
    Columns issues;
    std::vector<std::string> path, outcome, error, issuePath, kind, severity, detail, example;
    std::vector<int64_t> jobs, attempts, phases, records, count, firstLine;
    for (const ImportedFile& f : report.files) {
        path.push_back(f.path);
        outcome.push_back(outcomeText(f.outcome));
        error.push_back(f.error.message);
        jobs.push_back(f.summary.jobsDeclared);
        attempts.push_back(f.summary.attempts);
        phases.push_back(f.summary.phases);
        records.push_back(f.summary.records);
        for (const auto& [kd, issue] : f.summary.issues.entries()) {
            issuePath.push_back(f.path);
            kind.push_back(kd.first);
            severity.push_back(issueSeverityText(kd.first));
            detail.push_back(kd.second);
            example.push_back(issue.example);
            count.push_back(issue.count);
            firstLine.push_back(issue.firstLine);
        }
    }
    files.strings("path", path);
    files.strings("outcome", outcome, "cat");
    files.strings("error", error);
    files.ints("jobs", jobs);
    files.ints("attempts", attempts);
    files.ints("phases", phases);
    files.ints("records", records);
    issues.strings("file", issuePath);
    issues.strings("kind", kind, "cat");
    issues.strings("severity", severity, "cat");
    issues.ints("count", count);
    issues.strings("detail", detail);
    issues.strings("example", example);
    issues.ints("first_line", firstLine);
    py::dict out;
    out["files"] = files.toPython();
    out["issues"] = issues.toPython();
    out["cancelled"] = report.cancelled;
    out["failed"] = report.failed();
    out["reload_error"] = report.reloadError;
    return out;
}

// --- queries -------------------------------------------------------------------------------------

Needs needsOf(const ScopeArgs& s)
{
    return s.fromNs || s.toNs ? Needs::Full : Needs::Lean;
}

// `ettw summary [--by BY]`: the fleet's figures, and one row per group when grouped.
py::dict summary(Handle ws, const ScopeArgs& args, const std::optional<std::string>& by)
{
    const core::CohortSpec scope = take(ws->scope(args, needsOf(args)));
    FleetSource* fleet = take(ws->fleet(needsOf(args)));
    const FleetGroups s = take(summarize(*fleet, scope, by), by ? "by " + *by + ": " : std::string());
    Columns total;
    addFigures(total, { &s.fleet });
    Columns groups;
    std::vector<std::string> names;
    std::vector<const core::Figures*> rows;
    for (const auto& [name, f] : s.groups) {
        names.push_back(name);
        rows.push_back(&f);
    }
    groups.strings(by.value_or("group"), names);
    addFigures(groups, rows);
    py::dict out;
    out["fleet"] = total.toPython();
    out["groups"] = groups.toPython();
    return out;
}

// The job of a `job=` option (under the scope's label when several hold its key).
std::optional<KeyedJob> jobOf(FleetSource& fleet, const std::optional<std::string>& key, const ScopeArgs& args)
{
    if (!key) {
        return std::nullopt;
    }
    return take(jobByKey(fleet, *key, args.label), "job: ");
}

// `ettw series --every hour|day|week`.
py::dict seriesEvery(Handle ws, const ScopeArgs& args, const std::string& every, const std::optional<std::string>& job)
{
    if (every != "hour" && every != "day" && every != "week") {
        throw EttwError("every: expected hour, day or week, got '" + every + "'");
    }
    const core::CohortSpec scope = take(ws->scope(args, Needs::Full));
    FleetSource* fleet = take(ws->fleet(Needs::Full));
    const auto keyed = jobOf(*fleet, job, args);
    const gpu::Calendar calendar = every == "hour" ? gpu::Calendar::Hour
        : every == "week"                          ? gpu::Calendar::Week
                                                   : gpu::Calendar::Day;
    const gpu::Series series = keyed
        ? take(fleet->seriesEvery(scope, gpu::calendarWidthNs(calendar), gpu::calendarAlignNs(calendar), keyed->job))
        : take(fleet->series(scope, calendar));
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
    addFigures(c, rows);
    return c.toPython();
}

int64_t durationArg(const char* name, const std::string& text)
{
    if (auto ns = core::parseUserDuration(text)) {
        return *ns;
    }
    throw EttwError(std::string(name) + ": expected a positive duration such as 1h, 30m, 3600s or 1d (units ns, us, "
        + "ms, s, m or min, h, d, w), got '" + text + "'");
}

// `ettw series --rolling W --step S`.
py::dict seriesRolling(Handle ws, const ScopeArgs& args, const std::string& window, const std::string& step,
    const std::optional<std::string>& job)
{
    RollingRequest request;
    request.windowNs = durationArg("rolling", window);
    request.stepNs = step.empty() ? request.windowNs : durationArg("step", step);
    request.scope = take(ws->scope(args, Needs::Full));
    FleetSource* fleet = take(ws->fleet(Needs::Full));
    const auto keyed = jobOf(*fleet, job, args);
    if (keyed) {
        request.job = keyed->job;
    }
    const RollingSeries r = take(rollingSeries(*fleet, request));
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

// `ettw jobs --sort S --limit N`: one row per job, worst first.
py::dict jobs(Handle ws, const ScopeArgs& args, const std::string& sort, int64_t limit)
{
    if (sort != "lost_gpu_hours" && sort != "ett") {
        throw EttwError("sort: expected lost_gpu_hours or ett, got '" + sort + "'");
    }
    const core::CohortSpec scope = take(ws->scope(args, needsOf(args)));
    FleetSource* fleet = take(ws->fleet(needsOf(args)));
    const std::vector<JobSummary> rows = take(worstJobs(*fleet, scope, sort, limit));
    const size_t n = rows.size();
    std::vector<std::string> key(n), label(n), name(n);
    std::vector<int64_t> gpus(n), attempts(n), e2e(n), productive(n), failures(n), preemptions(n), other(n);
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
    return c.toPython();
}

// Every phase of a job's attempts: attempt, start, end, category, subcategory, rank, name.
py::dict phasesOf(const core::JobTimeline& timeline)
{
    std::vector<int64_t> pAttempt, pStart, pEnd, pRank;
    std::vector<std::string> pCategory, pSub, pName;
    for (const auto& a : timeline.attempts) {
        for (const auto& p : a.phases) {
            pAttempt.push_back(a.result.number);
            pStart.push_back(p.startNs);
            pEnd.push_back(p.endNs);
            pCategory.push_back(std::string(core::categoryName(p.category)));
            pSub.push_back(p.subcategory);
            pRank.push_back(p.rank);
            pName.push_back(p.name);
        }
    }
    Columns phases;
    phases.ints("attempt", pAttempt);
    phases.ints("start", pStart, "dt");
    phases.ints("end", pEnd, "dt");
    phases.strings("category", pCategory, "cat");
    phases.strings("subcategory", pSub);
    phases.ints("rank", pRank);
    phases.strings("name", pName);
    return phases.toPython();
}

// `ettw job KEY`: the job, its figures, its attempts (with the CLI's fields) and their phases.
py::dict job(Handle ws, const std::string& key, const std::optional<std::string>& label)
{
    check(ws->checkLabel(label));
    FleetSource* fleet = take(ws->fleet(Needs::Lean));
    const JobDetail detail
        = ws->local() ? take(jobDetail(*ws->local(), key, label)) : take(jobDetail(*fleet, key, label));
    const core::FleetJob& j = detail.job;
    const core::JobResult& r = j.result;
    py::dict out;
    out["job"] = j.key;
    out["label"] = j.label;
    out["name"] = j.name;
    out["gpus"] = j.gpus;
    py::dict attrs;
    for (const auto& [k, v] : j.attrs) {
        attrs[py::str(k)] = v;
    }
    out["attrs"] = attrs;
    out["window_start"] = r.hasWindow() ? r.windowStartNs : kNone;
    out["window_end"] = r.hasWindow() ? r.windowEndNs : kNone;
    out["no_checkpoint_data"] = r.noCheckpointData;
    out["job_tts_s"] = r.hasWindow() ? r.ttsNs : kNone;
    Columns figures;
    addFigures(figures, { &detail.figures }, false);
    out["figures"] = figures.toPython();

    const size_t n = r.attempts.size();
    std::vector<int64_t> number(n), start(n), end(n), gpus(n), fault(n), gap(n), tts(n), ttr(n), detect(n), restart(n),
        startup(n);
    std::vector<std::string> outcome(n), cause(n), symptom(n), text(n), interruption(n);
    std::vector<std::vector<int64_t>> buckets(core::kBucketCount, std::vector<int64_t>(n));
    for (size_t i = 0; i < n; ++i) {
        const auto& a = r.attempts[i];
        const auto& info = j.attemptInfo[i];
        number[i] = a.number;
        start[i] = a.startNs;
        end[i] = a.endNs;
        gpus[i] = a.gpus;
        outcome[i] = std::string(core::outcomeName(a.outcome));
        cause[i] = info.cause;
        symptom[i] = info.symptom;
        text[i] = info.detail;
        interruption[i] = std::string(core::interruptionName(a.interruption));
        fault[i] = orNone(a.faultNs);
        for (size_t b = 0; b < static_cast<size_t>(core::kBucketCount); ++b) {
            buckets[b][i] = a.bucketsNs[b];
        }
        gap[i] = a.gapAfterNs;
        tts[i] = a.ttsNs;
        ttr[i] = orNone(a.ttrNs);
        const auto split = core::ttrSplitOf(r.attempts, i);
        detect[i] = split ? split->detectNs : kNone;
        restart[i] = split ? split->restartNs : kNone;
        startup[i] = split ? split->startupNs : kNone;
    }
    Columns attempts;
    attempts.ints("attempt", number);
    attempts.ints("start", start, "dt");
    attempts.ints("end", end, "dt");
    attempts.ints("gpus", gpus);
    attempts.strings("outcome", outcome, "cat");
    attempts.strings("cause", cause);
    attempts.strings("symptom", symptom);
    attempts.strings("detail", text);
    attempts.strings("interruption", interruption, "cat");
    attempts.ints("fault", fault, "dt");
    for (int b = 0; b < core::kBucketCount; ++b) {
        attempts.ints("buckets_s." + std::string(core::bucketName(static_cast<core::Bucket>(b))),
            buckets[static_cast<size_t>(b)], "td");
    }
    attempts.ints("gap_after_s", gap, "td");
    attempts.ints("tts_s", tts, "td");
    attempts.ints("ttr_s", ttr, "td");
    attempts.ints("ttr_detect_s", detect, "td");
    attempts.ints("ttr_restart_s", restart, "td");
    attempts.ints("ttr_startup_s", startup, "td");
    out["attempts"] = attempts.toPython();

    // The phases, from the job's timeline (what the Gantt chart draws).
    out["phases"] = phasesOf(take(jobByKey(*fleet, key, label)).timeline);
    return out;
}

// `ettw intervals --bucket B`: the intervals of a bucket, the first `limit` in `sort` order.
py::dict intervals(Handle ws, const ScopeArgs& args, const std::string& bucket, const std::optional<std::string>& job,
    std::optional<int32_t> attempt, const std::string& sort, int64_t limit)
{
    IntervalRequest request;
    request.bucket = take(parseBucketName(bucket), "bucket: ");
    request.sort = take(parseIntervalSort(sort), "sort: ");
    if (attempt && !job) {
        throw EttwError("attempt needs job (the attempt of which job)");
    }
    request.scope = take(ws->scope(args, Needs::Full));
    request.limit = limit;
    request.attempt = attempt;
    FleetSource* fleet = take(ws->fleet(Needs::Full));
    if (const auto keyed = jobOf(*fleet, job, args)) {
        request.job = keyed->job;
    }
    const BucketIntervals r = take(fleet->bucketIntervals(request));
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

// `ettw causes`: interruptions by cause class (rows with cause None) and by cause under each.
py::dict causes(Handle ws, const ScopeArgs& args)
{
    const core::CohortSpec scope = take(ws->scope(args, Needs::Lean));
    const CausesData d = ws->store() ? take(storeCausesOf(*ws->store(), scope, nullptr))
                                     : take(causesOf(*ws->local(), scope, nullptr));
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

// `ettw advise [--by BY | --job KEY]`: measured checkpoint advice, the fleet row first.
py::dict advice(
    Handle ws, const ScopeArgs& args, const std::optional<std::string>& by, const std::optional<std::string>& job)
{
    if (job && by) {
        throw EttwError("advise: give job or by, not both");
    }
    const core::CohortSpec scope = take(ws->scope(args, Needs::Full));
    FleetSource* fleet = take(ws->fleet(Needs::Full));
    const gpu::AdviceTable table = job ? take(adviseJob(*fleet, *job, args.label), "advise: ")
                                       : take(advise(*fleet, AdviceRequest { scope, by.value_or("job") }, true),
                                           "advise: by " + by.value_or("job") + ": ");
    std::vector<const core::CheckpointAdvice*> rows { &table.total };
    for (const auto& g : table.groups) {
        rows.push_back(&g);
    }
    std::vector<std::string> name, flags, note;
    std::vector<int64_t> jobs, interruptions, saves, intervalsCount, lostInterruptions, noCkpt, flagged, p50, p90;
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
    c.strings("flags", flags);
    c.ints("flagged_jobs", flagged);
    c.strings("note", note);
    return c.toPython();
}

} // namespace

} // namespace ett::app::python

PYBIND11_MODULE(_ettw, m)
{
    using namespace ett::app::python;
    m.doc() = "The service of ETT Workbench, for the ettw Python package (use `import ettw`).";
    py::register_exception<EttwError>(m, "Error");
    py::class_<ScopeArgs>(m, "Scope")
        .def(py::init<>())
        .def_readwrite("label", &ScopeArgs::label)
        .def_readwrite("attrs", &ScopeArgs::attrs)
        .def_readwrite("from_ns", &ScopeArgs::fromNs)
        .def_readwrite("to_ns", &ScopeArgs::toNs)
        .def_readwrite("count_queue", &ScopeArgs::countQueue);
    py::class_<PythonWorkspace, std::shared_ptr<PythonWorkspace>>(m, "Handle")
        .def_property_readonly("location", &PythonWorkspace::location)
        .def_property_readonly("is_store", &PythonWorkspace::isStore);
    m.def("open_local", &openLocal, py::arg("path"), py::arg("create"));
    m.def("open_store", &openStore, py::arg("url"), py::arg("timeout_s"));
    m.def("describe", &describe);
    m.def("import_files", &importFilesPy);
    m.def("summary", &summary);
    m.def("series_every", &seriesEvery);
    m.def("series_rolling", &seriesRolling);
    m.def("jobs", &jobs);
    m.def("job", &job);
    m.def("intervals", &intervals);
    m.def("causes", &causes);
    m.def("advice", &advice);
    m.def("compare", &comparePy);
    m.def("ranks", &ranksPy);
    m.def("hosts", &hostsPy);
    m.def("restarts", &restartsPy);
    m.def("whatif", &whatIfPy);
    m.def(
        "parse_time", [](const std::string& text) -> std::optional<int64_t> { return ett::core::parseUserTime(text); });
    m.def("version", [] { return std::string(ett::app::buildInfo().version); });
    m.attr("DEFAULT_SEED") = ett::core::CompareOptions {}.seed;
    m.attr("DEFAULT_REPLICATES") = ett::core::CompareOptions {}.replicates;
}
