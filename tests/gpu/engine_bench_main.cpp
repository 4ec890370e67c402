// The engine benchmark without the store: engine_bench [--phases N] [--backend cpu|cuda]
// [--repeats R]. Prints one JSON object per operation (see tests/gpu/engine_bench.h).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tests/gpu/engine_bench.h"

int main(int argc, char** argv)
{
    ett::gpu::EngineBenchOptions o;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--phases") == 0 && i + 1 < argc) {
            o.phases = std::atoll(argv[++i]);
        } else if (std::strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            o.backend = ett::gpu::parseBackend(argv[++i]);
            if (!o.backend) {
                std::fprintf(stderr, "engine_bench: --backend takes cpu or cuda\n");
                return 2;
            }
        } else if (std::strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
            o.repeats = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: engine_bench [--phases N] [--backend cpu|cuda] [--repeats R]\n");
            return 2;
        }
    }
    auto results
        = ett::gpu::runEngineBenchmark(o, [](const std::string& s) { std::fprintf(stderr, "%s\n", s.c_str()); });
    for (const auto& r : results) {
        std::printf("%s\n", ett::gpu::benchResultJson(r).c_str());
    }
    return 0;
}
