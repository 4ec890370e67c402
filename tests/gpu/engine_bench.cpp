#include "tests/gpu/engine_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "samples/synth/generator.h"

namespace ett::gpu {

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

} // namespace

std::vector<EngineBenchResult> runEngineBenchmark(const EngineBenchOptions& options,
    const std::function<void(const std::string&)>& log, std::unique_ptr<Engine>* keep)
{
    auto say = [&](const std::string& s) {
        if (log) {
            log(s);
        }
    };
    // 1. The fleet, as columns (not timed as an operation).
    say("generating " + std::to_string(options.phases) + " phases ...");
    auto t0 = Clock::now();
    core::GeneratorOptions g;
    g.seed = options.seed;
    g.targetPhases = options.phases;
    core::FleetGenerator gen(g);
    core::GeneratedJob job;
    core::FleetColumnsBuilder builder;
    while (gen.next(job)) {
        core::addGeneratedJob(builder, job, "bench");
    }
    core::FleetColumns cols = builder.finish();
    const double generateSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto phases = static_cast<int64_t>(cols.phases());
    int32_t teamKey = -1;
    for (size_t k = 0; k < cols.attrKeys.size(); ++k) {
        if (cols.attrKeys[k] == "team") {
            teamKey = static_cast<int32_t>(k);
        }
    }

    auto engine = Engine::create(options.backend);
    const std::string backend = engine->backend().name;
    say("backend " + backend + "; " + std::to_string(cols.jobs()) + " jobs, " + std::to_string(cols.attempts())
        + " attempts, " + std::to_string(phases) + " phases generated in " + std::to_string(generateSeconds) + " s");
    std::vector<EngineBenchResult> out;
    auto record = [&](const std::string& op, int64_t rows, std::vector<double> runs, const std::string& detail) {
        EngineBenchResult r;
        r.op = op;
        r.backend = backend;
        r.rows = rows;
        r.runs = runs;
        r.seconds = median(runs);
        r.rowsPerS = r.seconds > 0 ? static_cast<double>(rows) / r.seconds : 0;
        r.detail = detail;
        out.push_back(r);
        say(op + ": " + std::to_string(r.seconds * 1000.0) + " ms (median of " + std::to_string(runs.size()) + ")");
    };

    // 2. Load (copy to the backend), once.
    t0 = Clock::now();
    engine->load(std::move(cols));
    record("load", phases, { std::chrono::duration<double>(Clock::now() - t0).count() }, "columns to the backend");

    // 3. Attribution of every phase into segments.
    std::vector<double> runs;
    for (int i = 0; i < options.repeats; ++i) {
        engine->resetAttribution();
        t0 = Clock::now();
        engine->attribution();
        runs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    const auto segments = static_cast<int64_t>(engine->attribution().segments());
    record("attribution", phases, runs, std::to_string(segments) + " segments");

    // 4. Roll-up by one attribute over a time range (every segment clipped), GPU- and time-weighted.
    Filter range;
    range.fromNs = g.startNs + 86'400'000'000'000;
    range.toNs = g.startNs + 8 * 86'400'000'000'000;
    const Grouping byTeam { teamKey >= 0 ? GroupBy::Attribute : GroupBy::None, teamKey };
    runs.clear();
    for (int i = 0; i < options.repeats; ++i) {
        t0 = Clock::now();
        auto r = engine->rollup(range, byTeam);
        runs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    record("rollup", segments, runs, "by team, days 2 to 8");
    out.back().fromNs = *range.fromNs;
    out.back().toNs = *range.toNs;
    out.back().groupAttrKey = teamKey;

    // 5. Series per day over the whole fleet.
    runs.clear();
    for (int i = 0; i < options.repeats; ++i) {
        t0 = Clock::now();
        auto s = engine->series({}, Calendar::Day);
        runs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    record("series", segments, runs, "per day");

    // 6. Percentiles (and histograms) of compile durations per team.
    DistributionSpec spec;
    spec.of = DistributionSpec::Of::PhaseDuration;
    spec.category = static_cast<int>(core::Category::Compile);
    runs.clear();
    for (int i = 0; i < options.repeats; ++i) {
        t0 = Clock::now();
        auto d = engine->distribution({}, byTeam, spec);
        runs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    record("percentiles", phases, runs, "compile durations by team");
    if (keep) {
        *keep = std::move(engine);
    }
    return out;
}

std::string benchResultJson(const EngineBenchResult& r, const std::string& extraFields)
{
    char buf[512];
    std::snprintf(buf, sizeof buf,
        "{\"op\":\"%s\",\"backend\":\"%s\",\"rows\":%lld,\"seconds\":%.6f,\"rows_per_s\":%.0f,\"runs\":%zu,\"detail\":"
        "\"%s\"",
        r.op.c_str(), r.backend.c_str(), static_cast<long long>(r.rows), r.seconds, r.rowsPerS, r.runs.size(),
        r.detail.c_str());
    return std::string(buf) + extraFields + "}";
}

} // namespace ett::gpu
