// The fleet queries of `ettw summary`, `series`, `jobs` and `intervals` for Python: each runs the
// service's use case once, interruptibly (interruptible.h), and returns its result as columns
// (frame_columns.h). Errors are EttwError with the CLI's message.
#pragma once

#include "app/python/binding_common.h"

#include <cstdint>
#include <optional>
#include <pybind11/pybind11.h>
#include <string>

namespace ett::app::python {

// `ettw summary [--by BY]`: {"fleet": columns (one row), "groups": columns (one row per group)}.
pybind11::dict summary(Handle ws, const ScopeArgs& args, const std::optional<std::string>& by);
// `ettw series --every hour|day|week [--job KEY]`: one row per calendar bucket.
pybind11::dict seriesEvery(
    Handle ws, const ScopeArgs& args, const std::string& every, const std::optional<std::string>& job);
// `ettw series --rolling W --step S [--job KEY]`: one row per sample.
pybind11::dict seriesRolling(Handle ws, const ScopeArgs& args, const std::string& window, const std::string& step,
    const std::optional<std::string>& job);
// `ettw jobs --sort S --limit N`: one row per job, worst first (limit 0: every job).
pybind11::dict jobs(Handle ws, const ScopeArgs& args, const std::string& sort, int64_t limit);
// `ettw intervals --bucket B`: {"rows": columns, and the count and totals of all of them}.
pybind11::dict intervals(Handle ws, const ScopeArgs& args, const std::string& bucket,
    const std::optional<std::string>& job, std::optional<int32_t> attempt, const std::string& sort, int64_t limit);

} // namespace ett::app::python
