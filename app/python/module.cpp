// The `ettw._ettw` extension: the service's use cases called from Python. Each function takes a
// Workspace handle and plain arguments, calls app/service once, and converts its result struct
// to columns (frame_columns.h) or plain values; errors become ettw.Error with the CLI's message.
// Nothing here computes a figure. Functions are called under the GIL; a query runs the service on a
// worker thread without it, so that Ctrl+C interrupts it (interruptible.h).
#include "app/python/advice_binding.h"
#include "app/python/binding_common.h"
#include "app/python/causes_binding.h"
#include "app/python/compare_binding.h"
#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/python/job_binding.h"
#include "app/python/python_workspace.h"
#include "app/python/query_bindings.h"
#include "app/python/ranks_binding.h"
#include "app/python/report_binding.h"
#include "app/python/restarts_binding.h"
#include "app/python/whatif_binding.h"
#include "app/service/comparison.h"
#include "app/service/document.h"
#include "app/service/file_removal.h"
#include "app/service/import_files.h"
#include "app/version/build_info.h"
#include "core/ingest/excluded_file.h"
#include "core/ingest/reader_options_text.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <atomic>
#include <limits>
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
    const auto [v, backend] = interruptible(*ws, [&] {
        FleetSource* fleet = take(ws->fleet(Needs::Lean));
        return std::make_pair(fleet->vocabulary(), fleet->backend());
    });
    py::dict d;
    d["location"] = ws->location();
    d["store"] = ws->isStore();
    d["backend"] = backend.name;
    d["labels"] = v.labels;
    d["attributes"] = v.attrValues;
    d["jobs"] = v.jobs;
    d["attempts"] = v.attempts;
    d["first"] = v.firstNs;
    d["last"] = v.lastNs;
    return d;
}

// --- excluded windows ------------------------------------------------------------------------------

using Spans = std::vector<std::pair<int64_t, int64_t>>;

// Excluded windows given as (start, end) nanosecond pairs, in normal form. Error: an end before its
// start.
std::vector<core::TimeSpan> excludedOf(const Spans& spans)
{
    std::vector<core::TimeSpan> out;
    for (const auto& [from, to] : spans) {
        if (to < from) {
            throw EttwError("exclude: a window ends (" + core::formatRfc3339(to) + ") before it starts ("
                + core::formatRfc3339(from) + ")");
        }
        out.push_back({ from, to });
    }
    return core::normalizeExcluded(std::move(out));
}

// The windows of `--exclude`'s argument: inline (START/END,...) or an excluded-windows file.
Spans excludedFile(const std::string& argument)
{
    Spans out;
    for (const core::TimeSpan& w : take(core::loadExcludedWindows(argument), "exclude: ")) {
        out.emplace_back(w.fromNs, w.toNs);
    }
    return out;
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

// The options of `ettw import` from import_files' keyword arguments (None: not given; the names of
// ReaderOptions' fields as the flags spell them, mapping a path), checked as ettw checks them: an
// ettw.Error naming the option, before any file is read.
core::ReaderOptions readerOptionsFrom(const py::dict& given)
{
    core::ReaderOptions o;
    for (const auto& [k, v] : given) {
        const std::string key = py::str(k);
        if (v.is_none()) {
            continue;
        }
        const auto number = [&]() -> int32_t {
            if (!py::isinstance<py::int_>(v) || py::isinstance<py::bool_>(v)) {
                throw EttwError("import: option " + key + ": expected a whole number, got " + std::string(py::repr(v)));
            }
            const auto n = v.cast<int64_t>();
            if (n < std::numeric_limits<int32_t>::min() || n > std::numeric_limits<int32_t>::max()) {
                throw EttwError("import: option " + key + ": " + std::to_string(n) + " is out of range");
            }
            return static_cast<int32_t>(n);
        };
        if (key == "format") {
            const std::string name = py::str(v);
            const auto format = core::parseTraceFormat(name);
            if (!format) {
                throw EttwError("import: option format: unknown format '" + name + "' (expected one of "
                    + core::traceFormatList() + ")");
            }
            o.format = *format;
        } else if (key == "mapping") {
            o.mappingPath = py::str(v);
        } else if (key == "job") {
            o.job = py::str(v);
        } else if (key == "attempt") {
            o.attempt = number();
        } else if (key == "rank") {
            o.rank = number();
        } else if (key == "timezone") {
            o.timezone = py::str(v);
        } else if (key == "year") {
            o.year = number();
        } else if (key == "gpus_per_node") {
            o.gpusPerNode = number();
        } else {
            throw EttwError("import: unknown option " + key);
        }
    }
    if (auto st = core::checkReaderOptions(o); !st) {
        throw EttwError("import: option " + st.error().option + ": " + st.error().message);
    }
    return o;
}

// Imports the files under `label`. `progress` (may be None) is called with a dict per progress
// step; Ctrl+C (a pending signal, checked at each step with the GIL held) cancels: the current file
// is rolled back, the rest skipped, and KeyboardInterrupt raised.
py::dict importFilesPy(Handle ws, const std::vector<std::string>& paths, const std::string& label, bool update,
    bool readUnchanged, py::object progress, const py::dict& options)
{
    if (!ws->local()) {
        throw EttwError("import needs a database: a fleet store is filled with `ettw push`");
    }
    ImportRequest request;
    request.reader = readerOptionsFrom(options);
    const CallGuard guard(*ws); // under the GIL, but no query may run meanwhile on a worker thread
    request.files = paths;
    request.label = label;
    request.update = update;
    request.readUnchangedAgain = readUnchanged;
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
    std::vector<std::string> path, outcome, error, readAgain, storedAs, issuePath, kind, severity, detail, example;
    std::vector<int64_t> jobs, attempts, phases, records, count, firstLine;
    std::vector<bool> replaced;
    for (const ImportedFile& f : report.files) {
        path.push_back(f.path);
        outcome.push_back(outcomeText(f.outcome));
        error.push_back(f.error.message);
        readAgain.push_back(f.readAgain);
        replaced.push_back(f.summary.datasetsReplaced > 0);
        storedAs.push_back(f.storedAs);
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
    files.strings("read_again", readAgain);
    files.bools("replaced", replaced);
    files.strings("stored_as", storedAs);
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
    out["notes"] = report.notes;
    return out;
}

// The files the database stores, as `ettw datasets` lists them: a frame's columns, `read_with` the
// options each was imported with as ettw import's flags ("" the defaults, "(not known)" imported
// before the database kept them).
py::dict datasetsPy(Handle ws)
{
    if (!ws->local()) {
        throw EttwError("datasets needs a database: a fleet store's labels are listed by `ettw store labels`");
    }
    const CallGuard guard(*ws);
    auto listed = datasets(*ws->local());
    if (!listed) {
        throw EttwError(listed.error().message);
    }
    Columns c;
    std::vector<int64_t> id, bytes, records, issues;
    std::vector<std::string> label, file, sha256, format, importedAt, readWith;
    for (const core::DatasetInfo& d : *listed) {
        id.push_back(d.id);
        label.push_back(d.label);
        file.push_back(d.sourcePath);
        sha256.push_back(d.sha256);
        format.push_back(d.format);
        importedAt.push_back(d.importedAt);
        bytes.push_back(d.bytes);
        records.push_back(d.records);
        issues.push_back(d.issues);
        readWith.push_back(core::storedOptionsFlags(d.readerOptions).value_or("(not known)"));
    }
    c.ints("id", id);
    c.strings("label", label, "cat");
    c.strings("file", file);
    c.strings("format", format, "cat");
    c.strings("imported_at", importedAt);
    c.ints("bytes", bytes);
    c.ints("records", records);
    c.ints("issues", issues);
    c.strings("sha256", sha256);
    c.strings("read_with", readWith);
    return c.toPython();
}

// Removes one imported file (app/service/file_removal.h), as `ettw datasets --remove-file` does;
// the same figures, with the files read again as a list of dicts.
py::dict removeFilePy(Handle ws, const std::string& path, const std::string& label)
{
    if (!ws->local()) {
        throw EttwError("remove_file needs a database: a fleet store's datasets are replaced with `ettw push`");
    }
    const CallGuard guard(*ws);
    auto removal = removeFile(*ws->local(), label, path, core::ReaderOptions {});
    ws->invalidate();
    if (!removal) {
        throw EttwError(removal.error().message);
    }
    const core::RemovedFile& r = removal->removed;
    py::dict d;
    d["removed_file"] = r.path;
    d["label"] = r.label;
    d["imports"] = r.datasets;
    d["attempts"] = r.attempts;
    d["phases"] = r.phases;
    d["checkpoints"] = r.checkpoints;
    d["jobs_removed"] = r.jobs;
    // The options it was imported with (a dict of the flags' names), None when not known.
    if (core::storedOptionsFlags(r.readerOptions)) {
        d["read_with"] = py::module_::import("json").attr("loads")(r.readerOptions);
    } else {
        d["read_with"] = py::none();
    }
    d["unchained"] = removal->unchained;
    d["undeclared_jobs"] = removal->undeclaredJobs;
    py::list again;
    for (const ImportedFile& f : removal->readAgain.files) {
        py::dict a;
        const bool failed = f.outcome == ImportedFile::Outcome::Failed;
        a["path"] = f.path;
        a["stored"] = !failed;
        a["why"] = failed ? f.error.message : f.readAgain;
        again.append(a);
    }
    d["read_again"] = again;
    return d;
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
        .def_readwrite("count_queue", &ScopeArgs::countQueue)
        .def_readwrite("spec", &ScopeArgs::spec)
        .def_property(
            "excluded",
            [](const ScopeArgs& s) {
                Spans out;
                for (const ett::core::TimeSpan& w : s.excluded) {
                    out.emplace_back(w.fromNs, w.toNs);
                }
                return out;
            },
            [](ScopeArgs& s, const Spans& spans) { s.excluded = excludedOf(spans); });
    py::class_<PythonWorkspace, std::shared_ptr<PythonWorkspace>>(m, "Handle")
        .def_property_readonly("location", &PythonWorkspace::location)
        .def_property_readonly("is_store", &PythonWorkspace::isStore)
        .def_property_readonly("loaded", [](const PythonWorkspace& ws) -> py::object {
            const auto l = ws.loaded();
            if (!l) {
                return py::none();
            }
            py::dict d;
            d["label"] = l->label ? py::object(py::str(*l->label)) : py::object(py::none());
            d["detail"] = l->needs == Needs::Lean ? "lean" : l->needs == Needs::Full ? "segments" : "phases";
            d["jobs"] = l->jobs;
            return d;
        });
    m.def("open_local", &openLocal, py::arg("path"), py::arg("create"));
    m.def("open_store", &openStore, py::arg("url"), py::arg("timeout_s"));
    m.def("describe", &describe);
    m.def("import_files", &importFilesPy);
    m.def("remove_file", &removeFilePy);
    m.def("datasets", &datasetsPy);
    m.def("summary", &summary);
    m.def("series_every", &seriesEvery);
    m.def("series_rolling", &seriesRolling);
    m.def("jobs", &jobs);
    m.def("intervals", &intervals);
    m.def("causes", &causes);
    m.def("advice", &advice);
    m.def("compare", &comparePy);
    m.def("ranks", &ranksPy);
    m.def("hosts", &hostsPy);
    m.def("restarts", &restartsPy);
    m.def("whatif",
        [](Handle ws, const std::string& json, const std::string& origin, const std::string& name,
            const Spans& excluded) { return whatIfPy(std::move(ws), json, origin, name, excludedOf(excluded)); });
    m.def("gather_report", &gatherReportPy);
    m.def("exclude_file", &excludedFile);
    m.def("job", [](Handle ws, const std::string& key, const std::optional<std::string>& label, const Spans& excluded) {
        return job(std::move(ws), key, label, excludedOf(excluded));
    });
    m.def(
        "parse_time", [](const std::string& text) -> std::optional<int64_t> { return ett::core::parseUserTime(text); });
    m.def("version", [] { return std::string(ett::app::buildInfo().version); });
    m.attr("DEFAULT_SEED") = ett::core::CompareOptions {}.seed;
    m.attr("DEFAULT_REPLICATES") = ett::core::CompareOptions {}.replicates;
}
