// Micro-benchmarks of the import pipeline's parts: the native reader alone (parse and validate,
// no store), the reference accounting, and the roll-up. The end-to-end import benchmark against
// a bare SQLite insert loop is `ettw bench import` (tests/bench/import_bench.sh).
#include "core/ingest/native_reader.h"
#include "core/model/accounting.h"
#include "core/model/rollup.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "samples/synth/generator.h"

namespace {

using namespace ett::core;

// A generated trace on disk, made once per process.
const std::string& traceFile(int64_t phases)
{
    static std::string path;
    if (path.empty()) {
        path = (std::filesystem::temp_directory_path() / ("ett-core-bench-" + std::to_string(getpid()) + ".jsonl"))
                   .string();
        GeneratorOptions o;
        o.seed = 42;
        o.targetPhases = phases;
        std::string text = generatorHeaderLine(o) + "\n";
        FleetGenerator g(o);
        GeneratedJob job;
        while (g.next(job)) {
            appendJobLines(job, text);
        }
        std::FILE* f = std::fopen(path.c_str(), "wb");
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
        std::atexit([] { std::remove(path.c_str()); });
    }
    return path;
}

std::vector<JobInput> generatedInputs(int64_t phases)
{
    GeneratorOptions o;
    o.seed = 7;
    o.targetPhases = phases;
    FleetGenerator g(o);
    GeneratedJob job;
    std::vector<JobInput> out;
    while (g.next(job)) {
        out.push_back(toJobInput(job));
    }
    return out;
}

void BM_NativeReaderParse(benchmark::State& state)
{
    const std::string& path = traceFile(state.range(0));
    const auto bytes = static_cast<int64_t>(std::filesystem::file_size(path));
    int64_t records = 0;
    for (auto _ : state) {
        auto reader = NativeReader::open(path);
        RecordBatch batch;
        while (true) {
            auto more = (*reader)->nextBatch(batch);
            if (!more) {
                state.SkipWithError(more.error().message.c_str());
                return;
            }
            if (!*more) {
                break;
            }
        }
        records = (*reader)->recordsRead();
        benchmark::DoNotOptimize(records);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * records);
}
BENCHMARK(BM_NativeReaderParse)->Arg(500'000)->Unit(benchmark::kMillisecond);

void BM_AttributeJobs(benchmark::State& state)
{
    const auto inputs = generatedInputs(state.range(0));
    int64_t phases = 0;
    for (const auto& j : inputs) {
        for (const auto& a : j.attempts) {
            phases += static_cast<int64_t>(a.phases.size());
        }
    }
    for (auto _ : state) {
        for (const auto& j : inputs) {
            auto r = attributeJob(j, true);
            benchmark::DoNotOptimize(r.bucketsNs);
        }
    }
    state.SetItemsProcessed(state.iterations() * phases);
}
BENCHMARK(BM_AttributeJobs)->Arg(500'000)->Unit(benchmark::kMillisecond);

void BM_RollupPerDay(benchmark::State& state)
{
    const auto inputs = generatedInputs(state.range(0));
    std::vector<JobResult> results;
    std::vector<int64_t> gpus;
    for (const auto& j : inputs) {
        results.push_back(attributeJob(j, true));
        gpus.push_back(j.gpus);
    }
    const int64_t day = 86'400'000'000'000;
    const int64_t start = GeneratorOptions {}.startNs;
    for (auto _ : state) {
        for (int d = 0; d < 21; ++d) {
            RollupOptions o;
            o.fromNs = start + d * day;
            o.toNs = start + (d + 1) * day;
            Figures f;
            for (size_t i = 0; i < results.size(); ++i) {
                addJob(f, results[i], gpus[i], o);
            }
            benchmark::DoNotOptimize(f.e2eNs);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(results.size()) * 21);
}
BENCHMARK(BM_RollupPerDay)->Arg(200'000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
