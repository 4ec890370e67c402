// One attempt of a synthetic job: bring-up, init, restore, compile, train chunks with saves,
// shutdown, and how it ends (see the design note in job_builder.h).
#include <cmath>
#include <cstdio>

#include "samples/synth/job_builder.h"

namespace ett::core::synth {

bool JobBuilder::placeAttempt(
    int32_t number, int64_t readyNs, int64_t gpus, bool explicitGpus, int64_t& endNs, Ending& ending)
{
    CapacityTracker& cluster = *m_cluster;
    // 1. It cannot start before its GPUs are free at all.
    int64_t startNs = cluster.earliestRoom(readyNs, gpus);
    // 2. What a second round must undo: the PRNG, the records written, the job's progress.
    const SynthRandom random = m_random;
    const size_t attempts = m_attempts;
    const size_t phases = m_phases;
    const size_t checkpoints = m_checkpoints;
    const size_t ranks = m_ranks;
    const int64_t committedNs = m_committedNs;
    const bool hasDurable = m_hasDurable;
    while (true) {
        if (startNs >= m_frame.traceNs || (number > 0 && startNs >= m_plan.cancelAtNs)) {
            return false;
        }
        if (number == 0 && m_cancelAfterStartNs != kNever) {
            m_plan.cancelAtNs = startNs + m_cancelAfterStartNs; // the owner cancels part way through the run
        }
        // 3. Run it from there; keep it when its cluster has room for it the whole way.
        ending = runAttempt(number, startNs, gpus, explicitGpus, endNs);
        if (cluster.fits(startNs, endNs, gpus)) {
            cluster.reserve(startNs, endNs, gpus);
            return true;
        }
        // 4. Else undo it and try again from the first start where it fits. It does not fit at
        // startNs and ends before the trace is taken, so the next start is later.
        const int64_t nextNs = cluster.earliestFit(startNs, endNs - startNs, gpus, m_frame.traceNs);
        m_random = random;
        m_attempts = attempts;
        m_phases = phases;
        m_checkpoints = checkpoints;
        m_ranks = ranks;
        m_committedNs = committedNs;
        m_hasDurable = hasDurable;
        startNs = nextNs;
    }
}

Ending JobBuilder::runAttempt(int32_t number, int64_t startNs, int64_t gpus, bool explicitGpus, int64_t& endNs)
{
    const size_t attemptIndex = m_attempts;
    const size_t firstCheckpoint = m_checkpoints;
    beginAttempt(number, startNs, gpus, explicitGpus);

    // 1. What ends the attempt, unless it completes first.
    AttemptCut cut = drawCut(startNs, gpus);
    m_clipNs = cut.cutNs;
    // 2. and 3. Bring-up, trainer init, the restore.
    int64_t t = bringUp(startNs);
    // 4. Compile.
    int64_t progressNs = m_plan.checkpointing ? m_committedNs : 0;
    t = compile(number, t, progressNs);
    // 5. A user error (out of memory) strikes early in training, mostly on a first attempt.
    drawUserError(number, t, progressNs, cut);
    // 6. The train loop.
    t = trainLoop(t, progressNs, cut.cutNs);
    // 7. Shutdown after training.
    t = shutdown(t, progressNs, cut);
    // 8. How the attempt ends.
    endNs = endAttempt(m_out.attempts[attemptIndex], cut, t);
    // 9. Checkpoints this attempt could not finish.
    settleCheckpoints(firstCheckpoint, cut);
    return cut.ending;
}

void JobBuilder::beginAttempt(int32_t number, int64_t startNs, int64_t gpus, bool explicitGpus)
{
    AttemptRecord& a = newAttempt();
    a.attempt = number;
    a.startNs = startNs;
    if (explicitGpus) {
        a.gpus = gpus;
    }
    m_attempt = number;
    m_attemptStartNs = startNs;
    m_attemptCheckpoints.clear();
    m_lastUploadEndNs = startNs;
    placeRanks();
}

void JobBuilder::placeRanks()
{
    m_rankSlowness.clear();
    if (m_frame.ranks <= 0 || m_plan.ranks <= 0) {
        return;
    }
    // The ranks go to consecutive hosts of the job's cluster (its first attribute) from a random one.
    const std::string& cluster = m_out.job.attrs.front().second;
    const auto base = static_cast<int32_t>(uniform() * kHostsPerCluster);
    for (int32_t r = 0; r < m_plan.ranks; ++r) {
        const int32_t host = (base + r) % kHostsPerCluster;
        RankRecord& rec = newRank();
        rec.job.assign(m_out.job.job);
        rec.attempt = m_attempt;
        rec.rank = r;
        char name[16];
        std::snprintf(name, sizeof name, "-node-%03d", static_cast<int>(host));
        rec.host.assign(cluster).append(name);
        m_rankSlowness.push_back(isSlowHost(host) ? kSlowHostFactor : 1.0);
    }
}

int64_t JobBuilder::onHost(int32_t rank, int64_t d) const
{
    if (m_rankSlowness.empty()) {
        return d;
    }
    return floorToMs(static_cast<int64_t>(static_cast<double>(d) * m_rankSlowness[static_cast<size_t>(rank)]));
}

int64_t JobBuilder::rankedPhase(Category category, std::string_view sub, int64_t t, int64_t d, std::string_view name)
{
    if (m_rankSlowness.empty()) {
        phase(category, sub, t, t + d, -1, name);
        return t + d;
    }
    int64_t endNs = t;
    for (int32_t r = 0; r < m_plan.ranks; ++r) {
        const int64_t s = t + uniformMs(0.0, 0.2);
        const int64_t dr = onHost(r, floorToMs(static_cast<int64_t>(static_cast<double>(d) * (0.9 + 0.2 * uniform()))));
        phase(category, sub, s, s + dr, r, name);
        endNs = std::max(endNs, s + dr);
    }
    return endNs;
}

AttemptCut JobBuilder::drawCut(int64_t startNs, int64_t gpus)
{
    // The first of a fault (Poisson per GPU-hour on this attempt's GPUs), a preemption, the
    // cancellation, the end of the trace.
    const double faultsPerHour = kLlamaFailuresPerGpuHour * kFailureRateScale * static_cast<double>(gpus);
    const double faultHours = std::min(m_random.exponential(1.0 / faultsPerHour), 24.0 * 365.0);
    const int64_t faultNs = startNs + msFromSeconds(faultHours * 3600.0);
    const int64_t preemptNs
        = m_plan.lowPriority ? startNs + msFromSeconds(std::min(m_random.exponential(6.0 * 3600.0), 1e8)) : kNever;
    AttemptCut cut { m_frame.traceNs, Ending::TraceTaken };
    if (m_plan.cancelAtNs < cut.cutNs) {
        cut = { m_plan.cancelAtNs, Ending::Cancelled };
    }
    if (preemptNs < cut.cutNs) {
        cut = { preemptNs, Ending::Preempted };
    }
    if (faultNs < cut.cutNs) {
        cut = { faultNs, Ending::Fault };
    }
    return cut;
}

int64_t JobBuilder::bringUp(int64_t t)
{
    const JobPlan& p = m_plan;
    // Sometimes a wait inside the allocation, the container, the launcher.
    if (chance(0.05)) {
        const int64_t d = logn(120.0, 0.8, 5.0, 1800.0);
        phase(Category::Queue, "", t, t + d, -1, "waiting for all nodes");
        t += d;
    }
    {
        const int64_t d = logn(45.0 + 60.0 * p.sizeFactor, 0.5, 5.0, 1200.0);
        phase(Category::Setup, "container", t, t + d);
        t += d;
    }
    if (p.launcher) {
        const int64_t d = logn(15.0, 0.5, 1.0, 300.0);
        phase(Category::Setup, "launcher", t, t + d);
        t += d;
    }
    t += smallGap();

    // Trainer init, then the restore (restarts, and jobs that start from a checkpoint).
    t = initStages(t);
    t += smallGap();
    const bool loads = p.checkpointing && (m_hasDurable || p.resumes);
    if (loads) {
        const int64_t d = logn(30.0 + 150.0 * p.sizeFactor, 0.5, 3.0, 3600.0);
        t = rankedPhase(Category::CheckpointLoad, "", t, d);
        t += smallGap();
    }
    return t;
}

int64_t JobBuilder::compile(int32_t number, int64_t t, int64_t progressNs)
{
    // The cache is cold on most first attempts and warm on most restarts.
    const JobPlan& p = m_plan;
    if (!p.compiles || progressNs >= p.targetNs) {
        return t;
    }
    const bool hit = chance(number == 0 ? 0.3 : 0.9);
    // A miss on a restart finds the kernels of the attempt before still cached (warm): half the work.
    if (hit) {
        const int64_t d = logn(90.0, 0.4, 30.0, 240.0);
        t = rankedPhase(Category::Compile, p.tagsCompile ? "pt2.cache_hit" : "pt2", t, d, "cache hit");
    } else {
        const int64_t cold = logn(60.0 * (8.0 + 15.0 * p.sizeFactor), 0.4, 300.0, 2700.0);
        const int64_t d = number == 0 || !p.warmRestarts ? cold : floorToMs(cold / 2);
        t = rankedPhase(
            Category::Compile, p.tagsCompile ? (number == 0 ? "pt2.cold" : "pt2.warm") : "pt2", t, d, "cache miss");
        if (chance(0.4)) {
            const int64_t a = logn(240.0, 0.5, 30.0, 1800.0);
            t = rankedPhase(Category::Compile, "autotune", t, a);
        }
    }
    return t + smallGap();
}

void JobBuilder::drawUserError(int32_t number, int64_t t, int64_t progressNs, AttemptCut& cut)
{
    if (t < cut.cutNs && progressNs < m_plan.targetNs && chance(number == 0 ? 0.03 : 0.005)) {
        const int64_t oomNs = t + msFromSeconds(std::min(m_random.exponential(900.0), 86400.0));
        if (oomNs < cut.cutNs) {
            cut = { oomNs, Ending::UserError };
            m_clipNs = cut.cutNs;
        }
    }
}

int64_t JobBuilder::trainLoop(int64_t t, int64_t& progressNs, int64_t cutNs)
{
    // One train phase per checkpoint interval, each ending in a blocking save (overlapping the
    // chunk's end, or after it), sometimes an eval between chunks.
    const JobPlan& p = m_plan;
    int chunk = 0;
    while (progressNs < p.targetNs && t < cutNs) {
        t = trainChunk(t, progressNs);
        ++chunk;
        if (p.evalEvery > 0 && chunk % p.evalEvery == 0 && progressNs < p.targetNs) {
            const int64_t d = logn(300.0, 0.5, 20.0, 1800.0);
            phase(Category::Eval, "", t, t + d);
            t += d;
        }
        t += smallGap();
    }
    return t;
}

int64_t JobBuilder::trainChunk(int64_t t, int64_t& progressNs)
{
    const JobPlan& p = m_plan;
    const int64_t remainingNs = p.targetNs - progressNs;
    // Saves come every so many steps: the wall time between them wobbles by about 1%.
    const double jitterS = static_cast<double>(p.intervalNs) / 1e9 * 0.02 * (uniform() - 0.5);
    const int64_t lenNs = std::clamp(remainingNs, kNsPerMinute, p.intervalNs + msFromSeconds(jitterS));
    const int64_t chunkEndNs = t + lenNs;
    const int64_t quarterNs = floorToMs(lenNs / 4); // caps what may block one chunk
    phase(Category::Train, "", t, chunkEndNs);
    int64_t blockedNs = 0;
    if (chance(0.12)) {
        const int64_t d = std::min(logn(45.0, 0.8, 2.0, 900.0), quarterNs);
        const int64_t at = t + floorToMs(static_cast<int64_t>(uniform() * static_cast<double>(lenNs / 2)));
        phase(Category::Stall, "data", at, at + d, -1, "dataloader starved");
        blockedNs += d;
    }
    if (chance(0.015)) {
        const int64_t d = std::min(logn(40.0, 0.5, 5.0, 600.0), quarterNs);
        const int64_t at = t + floorToMs(static_cast<int64_t>(uniform() * static_cast<double>(lenNs / 2)));
        phase(Category::Compile, "recompile", at, at + d, -1, "shape change");
        blockedNs += d;
    }
    if (!p.checkpointing) {
        progressNs += lenNs - blockedNs;
        return chunkEndNs;
    }
    const int64_t saveNs = p.asyncUpload ? logn(4.0 + 10.0 * p.sizeFactor, 0.5, 1.0, 120.0)
                                         : logn(10.0 + 40.0 * p.sizeFactor, 0.5, 2.0, 600.0);
    const int64_t blockNs = std::min(saveNs, quarterNs);
    const int64_t saveStartNs = p.overlapSave ? chunkEndNs - blockNs : chunkEndNs;
    const int64_t saveEndNs = savePhases(saveStartNs, blockNs);
    progressNs += std::max<int64_t>(0, saveStartNs - t - blockedNs);
    writeCheckpoint(saveStartNs, saveEndNs, progressNs);
    return std::max(chunkEndNs, saveEndNs);
}

int64_t JobBuilder::shutdown(int64_t t, int64_t progressNs, AttemptCut& cut)
{
    // Publish (waits for the last upload to be durable), teardown.
    const JobPlan& p = m_plan;
    if (progressNs >= p.targetNs && t < cut.cutNs) {
        const int64_t publishNs = logn(90.0 + 180.0 * p.sizeFactor, 0.6, 5.0, 3600.0);
        const int64_t publishEndNs = std::max(t + publishNs, m_lastUploadEndNs);
        phase(Category::Shutdown, "publish", t, publishEndNs);
        t = publishEndNs;
        const int64_t teardownNs = logn(30.0, 0.5, 2.0, 600.0);
        phase(Category::Shutdown, "teardown", t, t + teardownNs);
        t += teardownNs;
        if (t <= cut.cutNs) {
            cut.ending = Ending::Completed;
        }
    }
    return t;
}

int64_t JobBuilder::endAttempt(AttemptRecord& a, const AttemptCut& cut, int64_t t)
{
    int64_t endNs = t;
    switch (cut.ending) {
    case Ending::Completed:
        break;
    case Ending::TraceTaken:
        endNs = cut.cutNs;
        a.outcome = Outcome::Running;
        break;
    case Ending::Cancelled:
        endNs = std::min(cut.cutNs + logn(20.0, 0.6, 1.0, 600.0), m_frame.traceNs);
        a.outcome = Outcome::Cancelled;
        a.cause.assign("manual.cancel");
        m_clipNs = endNs;
        phase(Category::Shutdown, "teardown", cut.cutNs, endNs, -1, "cancelled by owner");
        break;
    case Ending::Fault:
    case Ending::Preempted:
    case Ending::UserError:
        endNs = interrupt(a, cut.ending, cut.cutNs);
        break;
    }
    a.endNs = endNs;
    return endNs;
}

void JobBuilder::settleCheckpoints(size_t firstCheckpoint, const AttemptCut& cut)
{
    // Capture cut -> dropped; upload cut -> failed (never restorable); when the trace is taken
    // mid-upload the record is not written yet. The restart point is the latest checkpoint durable
    // by the cut.
    const bool finished = cut.ending == Ending::Completed;
    size_t kept = firstCheckpoint;
    for (size_t i = firstCheckpoint; i < m_checkpoints; ++i) {
        CheckpointRecord& c = m_out.checkpoints[i];
        const CheckpointState& s = m_attemptCheckpoints[i - firstCheckpoint];
        bool keep = finished || s.saveEndNs <= cut.cutNs;
        if (keep && !finished && c.durableNs && *c.durableNs > cut.cutNs) {
            if (cut.ending == Ending::TraceTaken) {
                keep = false;
            } else {
                c.durableNs.reset();
                c.failed = true;
            }
        }
        if (!keep) {
            continue;
        }
        if (!c.failed) {
            m_hasDurable = true;
            m_committedNs = std::max(m_committedNs, s.progressNs);
        }
        if (kept != i) {
            std::swap(m_out.checkpoints[kept], c);
        }
        ++kept;
    }
    m_checkpoints = kept;
}

// Init sub-stages one after the other; per rank with jitter for multi-rank jobs (the attempt
// moves on when the slowest rank is done). Returns the end.
int64_t JobBuilder::initStages(int64_t t)
{
    const JobPlan& p = m_plan;
    struct Stage
    {
        std::string_view name;
        double medianS;
    };
    const Stage stages[] = {
        { "device_init", 12.0 },
        { "process_group_init", 3.0 * std::sqrt(static_cast<double>(p.gpus) / 8.0) },
        { "preproc_creation", 20.0 },
        { "train_module_creation", 25.0 + 60.0 * p.sizeFactor },
        { "init_plugins", 6.0 },
        { "pre_train", 10.0 },
        { "get_first_batch_data", 40.0 },
    };
    int64_t durations[std::size(stages)];
    for (size_t i = 0; i < std::size(stages); ++i) {
        durations[i] = logn(stages[i].medianS, 0.4, 0.2, 3600.0);
    }
    if (p.ranks == 0) {
        for (size_t i = 0; i < std::size(stages); ++i) {
            phase(Category::Init, stages[i].name, t, t + durations[i]);
            t += durations[i];
        }
        return t;
    }
    int64_t endNs = t;
    for (int32_t r = 0; r < p.ranks; ++r) {
        int64_t tr = t + uniformMs(0.0, 0.3);
        for (size_t i = 0; i < std::size(stages); ++i) {
            const int64_t d = onHost(
                r, floorToMs(static_cast<int64_t>(static_cast<double>(durations[i]) * (0.9 + 0.25 * uniform()))));
            phase(Category::Init, stages[i].name, tr, tr + d, r);
            tr += d;
        }
        endNs = std::max(endNs, tr);
    }
    return endNs;
}

// The blocking part of a save from startNs; per rank with jitter for multi-rank jobs.
// Returns when the last rank is done.
int64_t JobBuilder::savePhases(int64_t startNs, int64_t blockNs)
{
    if (m_plan.ranks == 0) {
        phase(Category::CheckpointSave, "", startNs, startNs + blockNs);
        return startNs + blockNs;
    }
    int64_t endNs = startNs;
    for (int32_t r = 0; r < m_plan.ranks; ++r) {
        const int64_t s = startNs + uniformMs(0.0, 0.2);
        const int64_t d
            = onHost(r, floorToMs(static_cast<int64_t>(static_cast<double>(blockNs) * (0.85 + 0.3 * uniform()))));
        phase(Category::CheckpointSave, "", s, s + d, r);
        endNs = std::max(endNs, s + d);
    }
    return endNs;
}

// The checkpoint record of a save: captured at its start, durable after the blocking part
// (synchronous writes) or after a background upload; about 1% never become durable.
void JobBuilder::writeCheckpoint(int64_t startNs, int64_t saveEndNs, int64_t progressNs)
{
    const JobPlan& p = m_plan;
    int64_t durableNs = saveEndNs;
    const bool failed = chance(0.01);
    if (p.asyncUpload) {
        const int64_t uploadNs = logn(30.0 + 120.0 * p.sizeFactor, 0.5, 3.0, 3600.0);
        durableNs = saveEndNs + uploadNs;
        const int64_t uploadEndNs = failed ? saveEndNs + floorToMs(uploadNs / 3) : durableNs;
        phase(Category::Background, "checkpoint_upload", saveEndNs, uploadEndNs, -1, failed ? "upload failed" : "");
        m_lastUploadEndNs = std::max(m_lastUploadEndNs, uploadEndNs);
    }
    CheckpointRecord& c = newCheckpoint();
    c.job.assign(m_out.job.job);
    c.attempt = m_attempt;
    c.step = progressNs / p.stepNs;
    c.startNs = startNs;
    c.durableNs.reset();
    if (!failed) {
        c.durableNs = durableNs;
    }
    c.failed = failed;
    m_attemptCheckpoints.push_back({ saveEndNs, progressNs });
}

// Marks the attempt interrupted at faultNs (fault, preemption, user error), writes the detection
// and teardown phases and returns the attempt's end.
int64_t JobBuilder::interrupt(AttemptRecord& a, Ending ending, int64_t faultNs)
{
    a.interruptedAtNs = faultNs;
    int64_t detectNs = 0;
    std::string_view detectName;
    if (ending == Ending::Preempted) {
        a.outcome = Outcome::Preempted;
        a.cause.assign("preemption.scheduler");
        a.symptom = Symptom::Explicit;
        a.detail.assign("evicted for a higher-priority job");
        detectNs = logn(10.0, 0.5, 1.0, 120.0);
        detectName = "SIGTERM from scheduler";
    } else if (ending == Ending::UserError) {
        a.outcome = Outcome::Failed;
        a.cause.assign("user.oom");
        a.symptom = Symptom::Explicit;
        a.detail.assign("CUDA out of memory");
        detectNs = logn(10.0, 0.6, 1.0, 300.0);
    } else {
        detectNs = drawFault(a, detectName);
    }
    const int64_t teardownNs = logn(45.0, 0.6, 2.0, 900.0);
    const int64_t endNs = std::min(faultNs + detectNs + teardownNs, m_frame.traceNs);
    m_clipNs = endNs;
    if (chance(0.7)) {
        phase(Category::Recovery, "detect", faultNs, faultNs + detectNs, -1, detectName);
    }
    if (chance(0.5)) {
        phase(Category::Recovery, "teardown", faultNs + detectNs, endNs);
    }
    return endNs;
}

int64_t JobBuilder::drawFault(AttemptRecord& a, std::string_view& detectName)
{
    double weights[kLlamaCauseCount];
    for (size_t i = 0; i < kLlamaCauseCount; ++i) {
        weights[i] = kLlamaCauses[i].weight;
    }
    const CauseSpec& cause = kLlamaCauses[pick(weights, kLlamaCauseCount)];
    a.outcome = Outcome::Failed;
    a.cause.assign(cause.cause);
    a.symptom = cause.symptom;
    a.detail.assign(cause.detail);
    // Detection: an error surfaces in seconds; a hang waits for the NCCL watchdog; silent
    // corruption and slowdowns are noticed late, by loss curves or throughput alerts.
    switch (cause.symptom) {
    case Symptom::Hang:
        detectName = "watchdog";
        return logn(900.0, 0.4, 300.0, 2400.0);
    case Symptom::Numeric:
        detectName = "loss spike alert";
        return logn(1200.0, 0.8, 60.0, 7200.0);
    case Symptom::Degradation:
        detectName = "throughput alert";
        return logn(1800.0, 0.7, 60.0, 7200.0);
    default:
        return logn(20.0, 0.8, 2.0, 600.0);
    }
}

} // namespace ett::core::synth
