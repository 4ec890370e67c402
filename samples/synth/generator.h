// A synthetic fleet that looks real, for `ettw generate`, benchmarks and tests: teams, models
// and clusters; GPU counts from 8 to 16k; failures as a Poisson process per GPU-hour with causes
// in the proportions of the Llama 3 report; preemptions; periodic checkpoints with blocking saves;
// compile with cache hits and misses; init sub-stages; per-rank phases for some jobs.
//
// Deterministic for a seed on every platform: it uses its own PRNG and its own distributions
// (never <random>'s, whose results differ between standard libraries). Jobs are produced one at
// a time so that a fleet of any size streams in constant memory.
#pragma once

#include "core/model/accounting.h"
#include "core/model/columns.h"
#include "core/model/json_text.h"
#include "core/model/records.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "samples/synth/synth_random.h"

namespace ett::core {

struct GeneratorOptions
{
    int64_t jobs = 200; // number of jobs; ignored when targetPhases > 0
    uint64_t seed = 1;
    int days = 14; // jobs are submitted over this many days
    int64_t startNs = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z
    int64_t targetPhases = 0; // > 0: generate jobs until at least this many phase records exist
};

// Everything the trace holds about one job, as validated records (times in nanoseconds).
struct GeneratedJob
{
    JobRecord job;
    std::vector<AttemptRecord> attempts;
    std::vector<PhaseRecord> phases;
    std::vector<CheckpointRecord> checkpoints;
};

class FleetGenerator
{
public:
    explicit FleetGenerator(GeneratorOptions options);

    // Produces the next job into `out` (reusing its storage). Returns false when the fleet is
    // complete. Not thread-safe; one generator per thread.
    bool next(GeneratedJob& out);

    int64_t jobsGenerated() const { return m_jobsDone; }
    int64_t phasesGenerated() const { return m_phasesDone; }

private:
    GeneratorOptions m_options;
    synth::SynthRandom m_random;
    int64_t m_jobsDone = 0;
    int64_t m_phasesDone = 0;
};

// The header line of a generated file (time_unit "ms", source "ettw generate ...").
std::string generatorHeaderLine(const GeneratorOptions& options);

// Appends the job's records as ETT trace JSON Lines (job, attempts, phases, checkpoints), times
// as integer milliseconds since the epoch. Generated times are whole milliseconds, so the text
// round-trips exactly.
void appendJobLines(const GeneratedJob& job, std::string& out);

// The accounting input for a generated job, exactly as an import of its lines would build it
// (phases clipped to their attempt, defaults applied). Lets tests and the GPU engine skip the
// text and the store.
JobInput toJobInput(const GeneratedJob& job);

// Adds a generated job to columns under a label, with its attributes, causes and phase
// subcategories, exactly as toJobInput() builds its accounting input.
void addGeneratedJob(FleetColumnsBuilder& builder, const GeneratedJob& job, const std::string& label);

} // namespace ett::core
