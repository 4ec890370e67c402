// ett_bench: benchmarks of the whole program, printed as JSON (tests/bench/ett_bench_main.cpp).
// Each subcommand measures a pipeline of core/gpu against a bare SQLite baseline in the same
// process. Exit codes as ettw's: 0 success, 1 user error (message on stderr), 2 usage error.
#pragma once

#include <cstdint>
#include <string>

namespace ett::bench {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;
inline constexpr int kExitUsage = 2;

struct BenchImportOptions
{
    int64_t records = 10'000'000; // phase records to generate
    std::string workDir; // where the temporary trace and databases go; empty: the system temp dir
    bool keep = false; // keep the temporary files
};

// `ett_bench import`: generates N phase records (seed 42), imports them end to end into a fresh
// database, then inserts the same rows with a bare SQLite insert loop; prints one JSON object.
int runBenchImport(const BenchImportOptions& options);

struct BenchEngineOptions
{
    int64_t phases = 10'000'000;
    std::string backend; // "", "cpu" or "cuda"
    int repeats = 5;
    std::string workDir; // where the SQLite comparison database goes; empty: the system temp dir
};

// `ett_bench engine`: the engine's operations on generated phases, one JSON object per operation,
// the roll-up with the time of the same GROUP BY in SQLite over the same rows.
int runBenchEngine(const BenchEngineOptions& options);

} // namespace ett::bench
