// `ettw advise` for Python: measured checkpoint-interval advice, as columns.
#pragma once

#include "app/python/binding_common.h"

#include <optional>
#include <pybind11/pybind11.h>
#include <string>

namespace ett::app::python {

// The fleet row first, then one per group of `by` (default: per job), or one job's advice
// (`job`; not with `by`). Errors as the CLI's.
pybind11::dict advice(
    Handle ws, const ScopeArgs& args, const std::optional<std::string>& by, const std::optional<std::string>& job);

} // namespace ett::app::python
