// `ettw restarts --job KEY` for Python: what every restart of a job cost, stage by stage.
#pragma once

#include "app/python/binding_common.h"

#include <optional>
#include <pybind11/pybind11.h>
#include <string>

namespace ett::app::python {

// A row per attempt (the CLI's "restarts", stages flattened as "stages.NAME.s" / ".change_s" /
// ".grew" and "compile_tags_s.TAG") and a row per stage of the trends. Errors as the CLI's.
pybind11::dict restartsPy(Handle ws, const std::string& key, const std::optional<std::string>& label);

} // namespace ett::app::python
