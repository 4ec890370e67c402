// A synthetic fleet that looks real, for `ettw generate`, benchmarks and tests: teams, models
// and clusters; GPU counts from 8 to 16k; failures as a Poisson process per GPU-hour with causes
// in the proportions of the Llama 3 report; preemptions; periodic checkpoints with blocking saves;
// compile with cache hits and misses; init sub-stages; per-rank phases for some jobs.
//
// Deterministic for a seed on every platform: it uses its own PRNG and its own distributions
// (never <random>'s, whose results differ between standard libraries). Jobs are produced one at
// a time so that a fleet of any size streams in constant memory.
//
// With a capacity the fleet runs on clusters of so many GPUs: jobs are submitted in time order and
// each attempt starts at the earliest time its cluster has room for it the whole way through, so
// that queue time grows as the fleet fills (see capacity_tracker.h).
#pragma once

#include "core/model/accounting.h"
#include "core/model/columns.h"
#include "core/model/json_text.h"
#include "core/model/records.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "samples/synth/capacity_tracker.h"
#include "samples/synth/fleet_capacity.h"
#include "samples/synth/synth_random.h"

namespace ett::core {

struct GeneratorOptions
{
    int64_t jobs = 200; // number of jobs; ignored when targetPhases > 0
    uint64_t seed = 1;
    int days = 14; // jobs are submitted over this many days
    int64_t startNs = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z
    int64_t targetPhases = 0; // > 0: generate jobs until at least this many phase records exist
    // The clusters and their GPUs (defaultFleetCapacity() is what `ettw generate` uses). Empty: an
    // unbounded fleet, where every job starts after a short queue delay whatever else runs; the
    // default, whose text for a seed never changes (fixtures and hand-derived figures rest on it).
    // With clusters, at no instant do the attempts running on a cluster use more GPUs than it has:
    // a job, and a restart, waits for room; a job goes to a cluster that can hold it, its GPU count
    // capped to the largest cluster; one that cannot start before the trace is taken has no
    // attempts. Jobs are then submitted in time order, which needs their number (and makes a
    // smaller fleet no prefix of a larger one): the capacity applies only when targetPhases is 0,
    // and a cluster of fewer than kMinClusterGpus GPUs takes no job.
    std::vector<ClusterCapacity> capacity;
    // > 0: every job of 2 GPUs or more runs this many ranks (at most its GPU count), with per-rank
    // init sub-stages, checkpoint loads, compiles and saves, and `rank` records naming each rank's
    // host (spec 7.3). Hosts are kSynthHostsPerCluster per cluster, a fixed sixteenth of them slower
    // than the rest (synth::isSlowHost). 0 (the default) changes nothing: the text for a seed is the
    // same as without the option.
    int32_t ranks = 0;
};

// Everything the trace holds about one job, as validated records (times in nanoseconds).
struct GeneratedJob
{
    JobRecord job;
    std::vector<AttemptRecord> attempts;
    std::vector<PhaseRecord> phases;
    std::vector<CheckpointRecord> checkpoints;
    std::vector<RankRecord> ranks; // GeneratorOptions::ranks > 0 only
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
    // With a capacity: the jobs that could not start before the trace was taken (no attempts).
    int64_t jobsNeverStarted() const { return m_jobsNeverStarted; }
    // With a capacity: the most steps any cluster's tracker has held (its memory), else 0.
    size_t peakTrackerSteps() const { return m_peakTrackerSteps; }

private:
    GeneratorOptions m_options;
    synth::SynthRandom m_random;
    int64_t m_jobsDone = 0;
    int64_t m_phasesDone = 0;
    // Capacity mode: one tracker per cluster of m_options.capacity, and where the ordered
    // submissions stand (a fraction of the submission span).
    bool m_bounded = false;
    bool m_noRoom = false; // bounded, and no cluster holds kMinClusterGpus GPUs
    std::vector<synth::CapacityTracker> m_trackers;
    double m_submittedFraction = 0.0;
    size_t m_peakTrackerSteps = 0;
    int64_t m_jobsNeverStarted = 0;
};

// Whether `options` give a bounded fleet: clusters, and jobs counted (targetPhases is 0).
bool hasCapacity(const GeneratorOptions& options);

// The header line of a generated file (time_unit "ms", source "ettw generate ...", with
// --capacity CLUSTER=GPUS,... when the fleet is bounded).
std::string generatorHeaderLine(const GeneratorOptions& options);

// Appends the job's records as ETT trace JSON Lines (job, attempts, phases, checkpoints, ranks), times
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
