// The engine benchmark, shared by `ett_bench engine` (tests/bench) and the device check:
// a generated fleet of N phases, and the median time of each operation on one backend.
#pragma once

#include "gpu/engine.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ett::gpu {

struct EngineBenchOptions
{
    int64_t phases = 10'000'000;
    std::optional<BackendKind> backend; // default: as Engine::create chooses
    int repeats = 5; // runs per operation; the median is reported
    uint64_t seed = 42;
};

struct EngineBenchResult
{
    std::string op; // "attribution", "rollup", "series", "percentiles", "load"
    std::string backend;
    int64_t rows = 0; // rows the operation goes through (phases or segments)
    double seconds = 0; // median
    double rowsPerS = 0;
    std::vector<double> runs;
    std::string detail;
    int64_t fromNs = 0; // the time range of the roll-up
    int64_t toNs = 0;
    int32_t groupAttrKey = -1; // the attribute the roll-up groups by
};

// Generates the fleet (progress lines go to `log` when given), loads it and times each operation.
// `keep` (optional) receives the engine with the fleet loaded, for further measurements.
std::vector<EngineBenchResult> runEngineBenchmark(const EngineBenchOptions& options,
    const std::function<void(const std::string&)>& log = {}, std::unique_ptr<Engine>* keep = nullptr);

// One JSON object per line: {"op":..., "backend":..., "rows":..., "seconds":..., "rows_per_s":...}.
std::string benchResultJson(const EngineBenchResult& r, const std::string& extraFields = {});

} // namespace ett::gpu
