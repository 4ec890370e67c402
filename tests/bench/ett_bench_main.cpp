// ett_bench [engine|import] [options]: the benchmarks that were `ettw bench`, with the same
// options and the same JSON on stdout; progress goes to stderr.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "tests/bench/ett_bench.h"

int main(int argc, char** argv)
{
    using namespace ett::bench;
    CLI::App app { "ETT Workbench benchmarks, printed as JSON", "ett_bench" };
    app.require_subcommand(1);

    BenchImportOptions benchImport;
    auto* benchImportCmd = app.add_subcommand(
        "import", "Generate N phase records, import them, compare with a bare SQLite insert loop (JSON)");
    benchImportCmd->add_option("--records", benchImport.records, "Phase records to generate")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    benchImportCmd->add_option(
        "--dir", benchImport.workDir, "Directory for the temporary files (default: system temp)");
    benchImportCmd->add_flag("--keep", benchImport.keep, "Keep the generated trace and databases");

    BenchEngineOptions benchEngine;
    std::string benchEngineBackend;
    auto* benchEngineCmd = app.add_subcommand("engine",
        "Time the aggregation engine (attribution, roll-up, series, percentiles) on N generated phases, and the "
        "same roll-up as a SQLite GROUP BY (JSON)");
    benchEngineCmd->add_option("--phases", benchEngine.phases, "Phases to generate")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    benchEngineCmd->add_option("--backend", benchEngineBackend, "cpu or cuda (default: CUDA when a GPU is present)")
        ->check(CLI::IsMember({ "cpu", "cuda" }));
    benchEngineCmd->add_option("--repeats", benchEngine.repeats, "Runs per operation (the median is printed)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    benchEngineCmd->add_option("--dir", benchEngine.workDir, "Directory for the temporary SQLite database");

    // An unknown command is named, not reported as a missing one.
    if (argc > 1 && argv[1][0] != '-'
        && app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == argv[1]; }).empty()) {
        std::fprintf(stderr, "ett_bench: unknown command '%s' (commands: engine, import)\n", argv[1]);
        return kExitUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }
    if (benchImportCmd->parsed()) {
        return runBenchImport(benchImport);
    }
    if (benchEngineCmd->parsed()) {
        if (!benchEngineBackend.empty()) {
            benchEngine.backend = benchEngineBackend;
        }
        return runBenchEngine(benchEngine);
    }
    return kExitUsage;
}
