// The ettw command line. Exit codes: 0 success, 1 user error (message on stderr), 2 usage error.
#pragma once

#include <cstdint>
#include <string>

namespace ett::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;
inline constexpr int kExitUsage = 2;

// Parses argv and runs the chosen command, writing results to stdout and messages to stderr.
int runEttw(int argc, char** argv);

struct BenchImportOptions
{
    int64_t records = 10'000'000; // phase records to generate
    std::string workDir; // where the temporary trace and databases go; empty: the system temp dir
    bool keep = false; // keep the temporary files
};

// `ettw bench import`: generates, imports, compares with a bare SQLite insert loop, prints JSON.
int runBenchImport(const BenchImportOptions& options);

struct BenchEngineOptions
{
    int64_t phases = 10'000'000;
    std::string backend; // "", "cpu" or "cuda"
    int repeats = 5;
    std::string workDir; // where the SQLite comparison database goes; empty: the system temp dir
};

// `ettw bench engine`: the engine's operations on generated phases, one JSON object per operation,
// the roll-up with the time of the same GROUP BY in SQLite over the same rows.
int runBenchEngine(const BenchEngineOptions& options);

} // namespace ett::app
