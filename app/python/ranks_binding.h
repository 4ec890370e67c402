// `ettw ranks` and `ettw hosts` for Python: a job's stages per attempt with their slowest rank,
// and the hosts whose slow ranks cost the most GPU time (spec 7.3).
#pragma once

#include "app/python/binding_common.h"

#include <cstdint>
#include <optional>
#include <pybind11/pybind11.h>
#include <string>

namespace ett::app::python {

// The stages of a job's attempts with per-rank phases (only `attempt` when given): columns of the
// stages and of every rank's time in each. Errors as the CLI's (no such job or attempt).
pybind11::dict ranksPy(
    Handle ws, const std::string& key, const std::optional<std::string>& label, std::optional<int32_t> attempt);
// The hosts of the scope's attempts ranked by the GPU time their slowness cost, the first `top`
// (all when top <= 0). Errors as the CLI's (an unknown label).
pybind11::dict hostsPy(Handle ws, const ScopeArgs& args, int64_t top);

} // namespace ett::app::python
