// `ettw job KEY` for Python: one job, its figures, its attempts (the CLI's fields) and the phases
// of its timeline.
#pragma once

#include "app/python/binding_common.h"
#include "core/model/rollup.h"

#include <optional>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace ett::app::python {

// The job `key` (under `label` when several hold it), its figures without its time inside
// `excluded` (spec 7.4, normal form). Errors as the CLI's (unknown job or label, ambiguous key).
pybind11::dict job(Handle ws, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded);

} // namespace ett::app::python
