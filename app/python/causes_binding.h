// `ettw causes` for Python: interruptions by cause class and by cause, as columns.
#pragma once

#include "app/python/binding_common.h"

#include <pybind11/pybind11.h>

namespace ett::app::python {

// {"classes", "causes", "total": columns; "reclassified": count}. Errors as the CLI's.
pybind11::dict causes(Handle ws, const ScopeArgs& args);

} // namespace ett::app::python
