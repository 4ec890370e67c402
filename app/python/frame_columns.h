// Columns for pandas, built in C++ from the service's result structs: numeric columns as numpy
// arrays (pandas wraps their buffers), text as numpy arrays of str objects, categories as their
// codes, exact wide sums as Python ints. Each
// column carries a kind that the Python layer turns into a dtype, and nothing else:
//   "wide_s"  a __int128 nanosecond sum as a Python int  -> exact decimal seconds (Decimal)
//   "td"      int64 nanoseconds (INT64_MIN: none)        -> timedelta64[ns] (NaT)
//   "dt"      int64 nanoseconds since the epoch (INT64_MIN: none) -> datetime64[ns, UTC] (NaT)
//   "int_na"  int64 with INT64_MIN for none              -> pandas Int64 (NA)
//   "cat"     (int32 codes, sorted categories as str)    -> category
//   ""        as is (int64, float64 with NaN for none, bool, str)
// The names are the CLI JSON's fields; nested objects are flattened with a dot ("buckets_s.init").
#pragma once

#include "core/model/accounting.h"
#include "core/model/rollup.h"

#include <cstdint>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace ett::app::python {

namespace py = pybind11;

inline constexpr int64_t kNone = INT64_MIN;
inline constexpr double kNsPerHour = 3600.0 * 1e9;

// An ordered set of named columns with their kinds; toPython() gives {"columns": {...}, "kinds": {...}}.
class Columns
{
public:
    void add(const std::string& name, py::object column, const char* kind = "");
    void ints(const std::string& name, const std::vector<int64_t>& values, const char* kind = "");
    void doubles(const std::string& name, const std::vector<double>& values);
    void bools(const std::string& name, const std::vector<bool>& values);
    void strings(const std::string& name, const std::vector<std::string>& values, const char* kind = "");
    void wides(const std::string& name, const std::vector<core::Wide>& values);
    py::dict toPython() const;

private:
    py::dict m_columns;
    py::dict m_kinds;
};

// A wide integer as a Python int, every digit.
py::object wideToPython(core::Wide v);
// NaN for none.
double orNan(std::optional<double> v);
int64_t orNone(std::optional<int64_t> v);
// GPU-hours as the CLI computes them before printing (long double quotient).
double gpuHoursOf(core::Wide gpuNs);

// The figures object of the CLI JSON (writeFigures) as columns, one row per figures:
// jobs, attempts (or attempt_count), e2e_s, e2e_gpu_s, buckets_s.*, buckets_gpu_s.*, both ETT%,
// lost_gpu_hours, tts_s.* / ttr_s.* / ttr_detect_s.* / ttr_restart_s.* / ttr_startup_s.* (p50, p90,
// p99, count), failures, preemptions, other_interruptions, no_checkpoint_data_jobs; with
// `withExcluded` (excluded windows, spec 7.4) also excluded_s, excluded_gpu_s, excluded_buckets_s.*
// and excluded_buckets_gpu_s.*.
void addFigures(
    Columns& c, const std::vector<const core::Figures*>& rows, bool attemptsAsCount = true, bool withExcluded = false);

} // namespace ett::app::python
