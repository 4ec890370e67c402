// `ettw whatif --scenario FILE` for Python: a scenario (its JSON text, as the file holds it) run on
// the workspace's database, with its bridge from today's ETT% to the projected one.
#pragma once

#include "app/python/binding_common.h"

#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace ett::app::python {

// Runs the scenario `json` (core/ingest/scenario_file.h's format; `origin` names it in errors) or,
// when `name` is not empty, the one saved under that name. Errors as the CLI's (a bad scenario, a
// cohort without jobs). Without the time of the excluded windows (spec 7.4; normal form), today's
// figures then with the CLI's excluded columns. A fleet store has no what-if: an Error.
pybind11::dict whatIfPy(Handle ws, const std::string& json, const std::string& origin, const std::string& name,
    const std::vector<core::TimeSpan>& excluded);

} // namespace ett::app::python
