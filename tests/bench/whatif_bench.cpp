// Time of one what-if projection on a generated fleet, against the engine's
// roll-up of the same cohort in the same process: figures, never assertions. Prints one JSON object.
//   whatif_bench [--jobs N] [--repeats R]
#include "core/model/whatif.h"
#include "gpu/advisor.h"
#include "gpu/whatif.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "samples/synth/generator.h"

namespace {

using namespace ett;

double seconds(const std::function<void()>& fn)
{
    const auto start = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

core::WhatIfChange change(core::WhatIfTarget target, std::optional<double> scale)
{
    core::WhatIfChange c;
    c.target = target;
    c.scale = scale;
    return c;
}

} // namespace

int main(int argc, char** argv)
{
    int64_t jobs = 10'000;
    int repeats = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--jobs") == 0) {
            jobs = std::atoll(argv[i + 1]);
        } else if (std::strcmp(argv[i], "--repeats") == 0) {
            repeats = std::max(1, std::atoi(argv[i + 1]));
        }
    }
    core::GeneratorOptions o;
    o.jobs = jobs;
    o.seed = 42;
    core::FleetGenerator g(o);
    core::GeneratedJob job;
    core::FleetColumnsBuilder b;
    while (g.next(job)) {
        core::addGeneratedJob(b, job, "gen");
    }
    auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
    engine->load(b.finish());
    engine->attribution();

    // A typical scenario: compile -40%, process-group init -50%, failures -30%,
    // checkpoint interval at the optimum, over every job.
    auto compile = change(core::WhatIfTarget::Bucket, 0.6);
    compile.bucket = core::Bucket::Compile;
    auto pgi = change(core::WhatIfTarget::Phase, 0.5);
    pgi.category = core::Category::Init;
    pgi.subcategory = "process_group_init";
    auto failures = change(core::WhatIfTarget::Interruptions, 0.7);
    auto interval = change(core::WhatIfTarget::CheckpointInterval, std::nullopt);
    interval.optimal = true;
    const std::vector<core::WhatIfChange> changes = { compile, pgi, failures, interval };

    const gpu::Filter all;
    core::WhatIfModel model;
    const double buildS = seconds([&] { model = gpu::whatIfModel(*engine, all); });
    // The first projection also sweeps the phases of the subcategory (then cached).
    double pico = 0;
    const double firstS = seconds([&] { pico = static_cast<double>(*model.project(changes)->projectedPico); });
    std::vector<double> project;
    std::vector<double> rollup;
    for (int r = 0; r < repeats; ++r) {
        project.push_back(seconds([&] { (void)model.project(changes); }));
        rollup.push_back(seconds([&] { (void)engine->rollup(all, gpu::Grouping {}); }));
    }
    std::printf("{\"jobs\": %lld, \"attempts\": %zu, \"phases\": %zu, \"backend\": \"%s\", \"repeats\": %d,\n"
                " \"model_build_s\": %.6f, \"first_projection_s\": %.6f, \"projection_median_s\": %.6f,\n"
                " \"rollup_median_s\": %.6f, \"projection_over_rollup\": %.3f, \"projected_ett_percent\": %.6f}\n",
        static_cast<long long>(model.jobs()), engine->columns().attempts(), engine->columns().phases(),
        engine->backend().name.c_str(), repeats, buildS, firstS, median(project), median(rollup),
        median(project) / median(rollup), pico * 1e-12);
    return 0;
}
