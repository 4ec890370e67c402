// Builds one synthetic job, attempt by attempt. Internal to samples/synth.
//
// Design note: a job is simulated attempt by attempt on a cursor that walks forward in time
// (setup, init, checkpoint load, compile, train chunks with saves, shutdown). What ends an attempt
// is drawn when it starts: the first of a hardware/software fault (Poisson per GPU-hour), a
// preemption, the job's cancellation and the moment the trace is taken; a user error (OOM) is
// drawn when training starts. Every phase is clipped to that instant as it is written, so an
// interrupted attempt costs only what it wrote and a job streams in O(its own records).
//
// Times are whole milliseconds: every duration is rounded to ms before it is added to a cursor
// that starts on a whole ms, so that appendJobLines' integer-ms text round-trips exactly.
// The order of the random draws is part of the contract: a seed gives the same fleet.
//
// On a bounded fleet an attempt is placed before it is kept: it is simulated from the first instant
// its cluster has room, and when it then collides with a later reservation it is simulated again
// (the same draws, from a saved PRNG state) from the first start at which it fits. An attempt's
// course is the same wherever it starts, except where the trace or the owner's cancellation cuts
// it, so this ends in one or two rounds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "samples/synth/capacity_tracker.h"
#include "samples/synth/fleet_catalog.h"
#include "samples/synth/generator.h"
#include "samples/synth/synth_random.h"

namespace ett::core::synth {

// The frame every job of a fleet shares.
struct FleetFrame
{
    int64_t baseNs = 0; // first possible submission, whole ms
    int64_t spanNs = 0; // submissions spread over [base, base + span)
    int64_t traceNs = 0; // the moment the trace is taken
    int32_t ranks = 0; // GeneratorOptions::ranks
};

// Hosts of a cluster with --ranks, and which of them are slow: a fixed sixteenth, whatever the seed.
inline constexpr int32_t kHostsPerCluster = 256;
inline constexpr double kSlowHostFactor = 1.6;
inline bool isSlowHost(int32_t hostIndex)
{
    return hostIndex % 16 == 5;
}

FleetFrame fleetFrame(const GeneratorOptions& options);

// The clusters of a bounded fleet, what is reserved on them, and when the job to build was
// submitted (the generator draws submissions in time order).
struct ClusterPlacement
{
    const std::vector<ClusterCapacity>& clusters;
    std::vector<CapacityTracker>& trackers; // one per cluster, in the same order
    int64_t submittedNs;
};

// What ended an attempt.
enum class Ending : uint8_t { Completed, Fault, Preempted, UserError, Cancelled, TraceTaken };

// The job-wide choices that shape every attempt.
struct JobPlan
{
    int64_t gpus = 8;
    double sizeFactor = 0.0; // 0 for 8 GPUs, 1 for 16k: scales init, compile and checkpoint costs
    int32_t ranks = 0; // > 0: init sub-stages and checkpoint saves are written per rank
    bool checkpointing = true; // false: no checkpoint records at all (spec 5.3 no_checkpoint_data)
    bool resumes = false; // the first attempt loads a checkpoint (fine-tuning, continued runs)
    bool lowPriority = false; // preemptible
    bool compiles = true;
    // Bounded fleets only (the unbounded fleet stays byte for byte what earlier versions wrote):
    bool tagsCompile = false; // compile subcategories say cold, warm or cache_hit
    bool warmRestarts = false; // a restart's cache miss costs half a cold compile
    bool launcher = false;
    bool asyncUpload = false; // saves block briefly, then upload in the background
    bool overlapSave = false; // the blocking save overlaps the end of a train chunk
    int evalEvery = 0; // an eval after every n-th chunk; 0: no eval
    int64_t targetNs = 0; // productive training the job needs
    int64_t intervalNs = 0; // checkpoint interval: wall time of one train chunk
    int64_t stepNs = 0; // wall time of one training step, for checkpoint step numbers
    int64_t cancelAtNs = kNever;
};

// Where a checkpoint of the current attempt stands, beside its record.
struct CheckpointState
{
    int64_t saveEndNs = 0; // the state is captured once every rank's blocking save is over
    int64_t progressNs = 0; // productive training it holds
};

// Who the job is: drawn first, it decides the plan.
struct JobProfile
{
    const TeamSpec* team = nullptr;
    const ModelSpec* model = nullptr;
    std::string_view kind;
    std::string_view cluster;
    std::string_view priority; // empty: no priority attribute
    int gpuIndex = 0; // into kGpuCounts
};

// When and how the current attempt is cut short, unless it completes first.
struct AttemptCut
{
    int64_t cutNs = 0;
    Ending ending = Ending::TraceTaken;
};

// Builds one job into a GeneratedJob, reusing the storage of its records. Draws from `random`;
// places its attempts on `placement`'s clusters when it is not null (a bounded fleet).
class JobBuilder
{
public:
    JobBuilder(SynthRandom& random, const FleetFrame& frame, GeneratedJob& out, ClusterPlacement* placement)
        : m_random(random)
        , m_frame(frame)
        , m_out(out)
        , m_placement(placement)
    {
    }

    // Replaces m_out's records with job number `index` (0-based).
    void build(int64_t index);

private:
    SynthRandom& m_random;
    const FleetFrame& m_frame;
    GeneratedJob& m_out;
    ClusterPlacement* m_placement; // null: an unbounded fleet
    CapacityTracker* m_cluster = nullptr; // the job's cluster on a bounded fleet
    JobPlan m_plan;
    int64_t m_cancelAfterStartNs = kNever; // when the owner cancels, counted from the first start
    size_t m_attempts = 0; // records in use in m_out's vectors
    size_t m_phases = 0;
    size_t m_checkpoints = 0;
    size_t m_ranks = 0;
    // With FleetFrame::ranks: per rank of the current attempt, how much slower its host makes it.
    std::vector<double> m_rankSlowness;

    // State of the attempt being written.
    int32_t m_attempt = 0;
    int64_t m_attemptStartNs = 0;
    int64_t m_clipNs = 0; // phases are clipped to [attempt start, clip]
    // Job progress: the training held by the latest checkpoint durable so far (the restart point).
    int64_t m_committedNs = 0;
    bool m_hasDurable = false;
    std::vector<CheckpointState> m_attemptCheckpoints; // of the current attempt, beside its records
    int64_t m_lastUploadEndNs = 0; // end of the current attempt's latest background upload

    // ---- random helpers
    double uniform() { return m_random.uniform(); }
    bool chance(double p) { return uniform() < p; }
    size_t pick(const double* weights, size_t n) { return m_random.pick(weights, n); }
    // A lognormal duration in whole ms, clamped to [minS, maxS] seconds.
    int64_t logn(double medianS, double sigma, double minS, double maxS)
    {
        return msFromSeconds(std::clamp(m_random.lognormal(medianS, sigma), minS, maxS));
    }
    int64_t uniformMs(double minS, double maxS) { return msFromSeconds(minS + (maxS - minS) * uniform()); }
    // A short uninstrumented pause between steps (idle time), absent half of the time.
    int64_t smallGap() { return chance(0.5) ? uniformMs(0.0, 3.0) : 0; }

    // ---- record storage, reused from the previous job (job_builder.cpp)
    PhaseRecord& newPhase();
    AttemptRecord& newAttempt();
    CheckpointRecord& newCheckpoint();
    RankRecord& newRank();
    // With FleetFrame::ranks: places the attempt's ranks on hosts (rank records) and sets
    // m_rankSlowness. Draws nothing without it.
    void placeRanks();
    // A rank's duration d stretched by its host (with FleetFrame::ranks), whole ms.
    int64_t onHost(int32_t rank, int64_t d) const;
    // A stage of the attempt from t, `d` long: one phase, or per rank with jitter and the hosts'
    // slowness when the attempt's ranks are on hosts (FleetFrame::ranks). Returns when the last
    // rank is done.
    int64_t rankedPhase(Category category, std::string_view sub, int64_t t, int64_t d, std::string_view name = {});
    // Writes a phase of the current attempt clipped to [attempt start, clip]; nothing when the
    // clipped phase is empty (it starts after the attempt was cut).
    void phase(Category category, std::string_view sub, int64_t startNs, int64_t endNs, int32_t rank = -1,
        std::string_view name = {});

    // ---- the job (job_builder.cpp)
    // Fills the job record and m_plan; returns the first attempt's start.
    int64_t describeJob(int64_t index);
    JobProfile drawProfile();
    // Bounded fleet: caps the GPU count to the largest cluster and picks a cluster that holds the
    // job, in proportion to the clusters' GPUs.
    void pickCluster(JobProfile& profile);
    // Writes the job record of `profile`; returns its submission time.
    int64_t writeJobRecord(int64_t index, const JobProfile& profile);
    // Fills the rest of m_plan; returns the train target in hours.
    double planJob(const JobProfile& profile);
    int64_t rescheduleGap(Ending ending);

    // ---- one attempt (attempt_builder.cpp)
    // Bounded fleet: runs the attempt at the earliest start >= readyNs at which its cluster has
    // room for its whole length, and reserves it. False, with nothing written, when that start
    // comes after the trace is taken, or (on a restart) after the owner cancelled.
    bool placeAttempt(int32_t number, int64_t readyNs, int64_t gpus, bool explicitGpus, int64_t& endNs, Ending& ending);
    Ending runAttempt(int32_t number, int64_t startNs, int64_t gpus, bool explicitGpus, int64_t& endNs);
    void beginAttempt(int32_t number, int64_t startNs, int64_t gpus, bool explicitGpus);
    AttemptCut drawCut(int64_t startNs, int64_t gpus);
    // Bring-up, init and restore from t; returns the cursor after them.
    int64_t bringUp(int64_t t);
    int64_t compile(int32_t number, int64_t t, int64_t progressNs);
    void drawUserError(int32_t number, int64_t t, int64_t progressNs, AttemptCut& cut);
    int64_t trainLoop(int64_t t, int64_t& progressNs, int64_t cutNs);
    // One train chunk from t with its stalls and its save; returns where the next step starts.
    int64_t trainChunk(int64_t t, int64_t& progressNs);
    int64_t shutdown(int64_t t, int64_t progressNs, AttemptCut& cut);
    // Writes the attempt's outcome; returns its end.
    int64_t endAttempt(AttemptRecord& a, const AttemptCut& cut, int64_t t);
    void settleCheckpoints(size_t firstCheckpoint, const AttemptCut& cut);
    int64_t initStages(int64_t t);
    int64_t savePhases(int64_t startNs, int64_t blockNs);
    void writeCheckpoint(int64_t startNs, int64_t saveEndNs, int64_t progressNs);
    int64_t interrupt(AttemptRecord& a, Ending ending, int64_t faultNs);
    // The cause, symptom and detail of a fault; returns how long it takes to detect it.
    int64_t drawFault(AttemptRecord& a, std::string_view& detectName);
};

} // namespace ett::core::synth
