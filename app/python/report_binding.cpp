#include "app/python/report_binding.h"

#include "app/python/interruptible.h"
#include "app/service/report_content.h"
#include "core/model/compare.h"

#include <memory>

namespace ett::app::python {

py::object gatherReportPy(Handle ws, const std::string& title, const std::string& scopeSpec, const ScopeArgs& args,
    const std::optional<std::string>& a, const std::optional<std::string>& b, const std::string& weighting,
    const std::string& every, const std::string& matchBy)
{
    // 1. The request, as runReport builds it from the command line.
    if (weighting != "gpu" && weighting != "time") {
        throw EttwError("weighting: expected gpu or time, got '" + weighting + "'");
    }
    if (every != "day" && every != "week") {
        throw EttwError("every: expected day or week, got '" + every + "'");
    }
    if (a.has_value() != b.has_value()) {
        throw EttwError("a and b go together: a comparison needs both cohorts");
    }
    ReportRequest request;
    request.title = title;
    request.scope = take(core::parseCohortSpec(scopeSpec, "scope"));
    if (args.label) {
        request.scope.labels = { *args.label };
    }
    for (const auto& [key, values] : args.attrs) {
        request.scope.setAttr(key, values);
    }
    request.scope.fromNs = args.fromNs ? args.fromNs : request.scope.fromNs;
    request.scope.toNs = args.toNs ? args.toNs : request.scope.toNs;
    request.scope.excluded = args.excluded;
    if (a) {
        request.a = take(core::parseCohortSpec(*a, "a"));
        request.b = take(core::parseCohortSpec(*b, "b"));
    }
    request.weighting = weighting == "time" ? Weighting::Time : Weighting::Gpu;
    request.every = every == "week" ? gpu::Calendar::Week : gpu::Calendar::Day;
    request.matchBy = matchBy;
    request.countQueue = args.countQueue;

    // 2. The content, from every label (the scope and the cohorts name theirs).
    auto content = std::make_unique<ReportContent>(interruptible(*ws, [&] {
        check(ws->checkLabel(args.label));
        take(ws->fleet(Needs::Full));
        return ws->store() ? take(gatherStoreReport(*ws->store(), request)) : take(gatherReport(*ws->local(), request));
    }));
    if (content->overview.fleet.jobs == 0) {
        // The scope as the user wrote it (as the CLI says --scope), or all it came to with label= and the rest.
        const bool onlySpec = !args.label && args.attrs.empty() && !args.fromNs && !args.toNs;
        const std::string what = onlySpec ? scopeSpec : request.scope.text();
        throw EttwError((what.empty() ? std::string("the database") : "scope '" + what + "'") + " matches no jobs in "
            + ws->location() + ": no report written");
    }
    // 3. Handed over in a capsule that owns it.
    PyObject* capsule = PyCapsule_New(content.get(), kReportCapsule,
        [](PyObject* c) { delete static_cast<ReportContent*>(PyCapsule_GetPointer(c, kReportCapsule)); });
    if (!capsule) {
        throw py::error_already_set();
    }
    content.release();
    return py::reinterpret_steal<py::object>(capsule);
}

} // namespace ett::app::python
