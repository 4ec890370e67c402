// `ettw compare` for Python: the comparison of two cohorts as a dict of small parts (headline
// values, and columns for the bridge, distributions, cause rates and matched jobs).
#pragma once

#include "app/python/binding_common.h"

#include <cstdint>
#include <pybind11/pybind11.h>
#include <string>
#include <utility>
#include <vector>

namespace ett::app::python {

// Cohorts `a` and `b` as cohort specs (label=before,team=ads), paired by `matchBy`. Errors as the
// CLI's (a spec that does not parse, an unknown label or attribute, a cohort without jobs).
// `excluded`: excluded windows (spec 7.4) as (start, end) nanoseconds in normal form.
pybind11::dict comparePy(Handle ws, const std::string& a, const std::string& b, const std::string& matchBy,
    bool countQueue, uint64_t seed, int replicates, size_t top,
    const std::vector<std::pair<int64_t, int64_t>>& excluded);

} // namespace ett::app::python
