// `ettw report` for Python, gathering half: the report's content gathered by the service (no Qt),
// handed to Python as an opaque capsule that the module ettw._report (report_module.cpp, linked
// with Qt) lays out and writes as a PDF. Two extensions, so that `import ettw` never loads Qt.
#pragma once

#include "app/python/binding_common.h"

#include <optional>
#include <pybind11/pybind11.h>
#include <string>

namespace ett::app::python {

namespace py = pybind11;

// The capsule's name; its pointer is an app::ReportContent, owned by the capsule.
inline constexpr const char* kReportCapsule = "ettw.ReportContent";

// Gathers the report of `scopeSpec` (a cohort spec, as --scope) narrowed by `args` (label, attrs,
// range, excluded windows), with the comparison of cohort specs `a` and `b` when both are given.
// weighting: "gpu" or "time"; every: "day" or "week". Errors as the CLI's (a spec that does not
// parse, an unknown label or attribute, a scope without jobs: no report written).
pybind11::object gatherReportPy(Handle ws, const std::string& title, const std::string& scopeSpec,
    const ScopeArgs& args, const std::optional<std::string>& a, const std::optional<std::string>& b,
    const std::string& weighting, const std::string& every, const std::string& matchBy);

} // namespace ett::app::python
