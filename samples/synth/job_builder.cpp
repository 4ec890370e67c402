#include "samples/synth/job_builder.h"

#include <charconv>

namespace ett::core::synth {

FleetFrame fleetFrame(const GeneratorOptions& options)
{
    FleetFrame f;
    f.baseNs = floorToMs(options.startNs);
    f.spanNs = static_cast<int64_t>(std::max(options.days, 0)) * kNsPerDay;
    f.traceNs = f.baseNs + f.spanNs + kTraceAfterSubmissionsNs;
    return f;
}

void JobBuilder::build(int64_t index)
{
    m_attempts = 0;
    m_phases = 0;
    m_checkpoints = 0;
    m_ranks = 0;
    const int64_t firstStartNs = describeJob(index);

    // 1. Attempts until the job completes, is cancelled, gives up or the trace is taken. On a
    // bounded fleet each waits from when it is ready until its cluster has room.
    int64_t startNs = firstStartNs;
    int64_t gpus = m_plan.gpus;
    bool explicitGpus = chance(0.15);
    for (int32_t number = 0; number < kMaxAttempts; ++number) {
        int64_t endNs = startNs;
        Ending ending = Ending::TraceTaken;
        if (!m_placement) {
            ending = runAttempt(number, startNs, gpus, explicitGpus, endNs);
        } else if (!placeAttempt(number, startNs, gpus, explicitGpus, endNs, ending)) {
            break; // still waiting for room when the trace is taken, or cancelled while waiting
        }
        if (ending == Ending::Completed || ending == Ending::Cancelled || ending == Ending::TraceTaken) {
            break;
        }
        if (ending == Ending::UserError && chance(0.5)) {
            break; // the user gives up on this job and submits a fixed one
        }
        // 2. The next attempt after a reschedule gap (the gap is recovery, spec 5.1).
        startNs = endNs + rescheduleGap(ending);
        if (startNs >= m_frame.traceNs || startNs >= m_plan.cancelAtNs) {
            break; // still waiting for resources when the trace is taken, or cancelled while waiting
        }
        gpus = m_plan.gpus;
        explicitGpus = chance(0.15);
        if (ending == Ending::Fault && m_plan.gpus >= 16 && chance(0.1)) {
            gpus = m_plan.gpus - 8; // restarted without the bad node
            explicitGpus = true;
        }
    }

    m_out.attempts.resize(m_attempts);
    m_out.phases.resize(m_phases);
    m_out.checkpoints.resize(m_checkpoints);
    m_out.ranks.resize(m_ranks);
}

// ---- record storage

PhaseRecord& JobBuilder::newPhase()
{
    if (m_phases == m_out.phases.size()) {
        m_out.phases.emplace_back();
    }
    return m_out.phases[m_phases++];
}

AttemptRecord& JobBuilder::newAttempt()
{
    if (m_attempts == m_out.attempts.size()) {
        m_out.attempts.emplace_back();
    }
    AttemptRecord& a = m_out.attempts[m_attempts++];
    a.job.assign(m_out.job.job);
    a.gpus.reset();
    a.outcome = Outcome::Completed;
    a.interruptedAtNs.reset();
    a.cause.clear();
    a.symptom = Symptom::None;
    a.detail.clear();
    return a;
}

CheckpointRecord& JobBuilder::newCheckpoint()
{
    if (m_checkpoints == m_out.checkpoints.size()) {
        m_out.checkpoints.emplace_back();
    }
    return m_out.checkpoints[m_checkpoints++];
}

RankRecord& JobBuilder::newRank()
{
    if (m_ranks == m_out.ranks.size()) {
        m_out.ranks.emplace_back();
    }
    return m_out.ranks[m_ranks++];
}

void JobBuilder::phase(
    Category category, std::string_view sub, int64_t startNs, int64_t endNs, int32_t rank, std::string_view name)
{
    startNs = std::max(startNs, m_attemptStartNs);
    endNs = std::min(endNs, m_clipNs);
    if (endNs <= startNs) {
        return;
    }
    PhaseRecord& p = newPhase();
    p.job.assign(m_out.job.job);
    p.attempt = m_attempt;
    p.category = category;
    p.subcategory.assign(sub);
    p.startNs = startNs;
    p.endNs = endNs;
    p.rank = rank;
    p.name.assign(name);
}

// ---- the job

int64_t JobBuilder::describeJob(int64_t index)
{
    const JobProfile profile = drawProfile();
    const int64_t submittedNs = writeJobRecord(index, profile);
    const double targetHours = planJob(profile);
    JobPlan& p = m_plan;

    // 3. Queue delay before the first attempt: minutes, longer for bigger jobs (on a bounded fleet,
    // the scheduler's own delay before the wait for room).
    const int64_t queueNs = logn(240.0 * (1.0 + 4.0 * p.sizeFactor), 1.1, 5.0, 8.0 * 3600.0);
    const int64_t firstStartNs = submittedNs + queueNs;
    m_cancelAfterStartNs = kNever;
    if (chance(0.025)) {
        // Cancelled by its owner somewhere in what would be its run.
        m_cancelAfterStartNs = msFromSeconds((0.05 + 0.9 * uniform()) * targetHours * 3600.0);
        p.cancelAtNs = firstStartNs + m_cancelAfterStartNs;
    }
    m_committedNs = 0;
    m_hasDurable = false;
    return firstStartNs;
}

JobProfile JobBuilder::drawProfile()
{
    JobProfile profile;
    double teamWeights[std::size(kTeams)];
    for (size_t i = 0; i < std::size(kTeams); ++i) {
        teamWeights[i] = kTeams[i].weight;
    }
    const TeamSpec& team = kTeams[pick(teamWeights, std::size(kTeams))];
    double modelWeights[8];
    for (size_t i = 0; i < team.modelCount; ++i) {
        modelWeights[i] = kModels[team.firstModel + i].weight;
    }
    profile.team = &team;
    profile.model = &kModels[team.firstModel + pick(modelWeights, team.modelCount)];
    profile.kind = kKinds[team.firstKind + static_cast<size_t>(uniform() * static_cast<double>(team.kindCount))];
    if (!m_placement) {
        profile.cluster = kClusters[pick(kClusterWeights, std::size(kClusters))];
    }

    // GPU count: inside the model's range, smaller counts more likely (weights 1, 0.55, 0.3...).
    const ModelSpec& model = *profile.model;
    double gpuWeights[std::size(kGpuCounts)];
    const int gpuSpan = model.maxGpuIndex - model.minGpuIndex + 1;
    double w = 1.0;
    for (int i = 0; i < gpuSpan; ++i) {
        gpuWeights[i] = w;
        w *= 0.55;
    }
    profile.gpuIndex = model.minGpuIndex + static_cast<int>(pick(gpuWeights, static_cast<size_t>(gpuSpan)));
    if (m_placement) {
        pickCluster(profile);
    }

    // Priority: most research jobs are preemptible; big jobs never are (nobody evicts 1k GPUs).
    const bool preemptible = profile.gpuIndex <= 5;
    if (team.team == "research") {
        profile.priority = chance(0.7) && preemptible ? "low" : "normal";
    } else if (chance(0.25)) {
        const double weights[] = { 40, 40, preemptible ? 20.0 : 0.0 };
        constexpr std::string_view kPriorities[] = { "high", "normal", "low" };
        profile.priority = kPriorities[pick(weights, 3)];
    }
    return profile;
}

void JobBuilder::pickCluster(JobProfile& profile)
{
    const std::vector<ClusterCapacity>& clusters = m_placement->clusters;
    int64_t largestGpus = 0;
    for (const ClusterCapacity& c : clusters) {
        largestGpus = std::max(largestGpus, c.gpus);
    }
    while (profile.gpuIndex > 0 && kGpuCounts[profile.gpuIndex] > largestGpus) {
        --profile.gpuIndex;
    }
    // Only the clusters that hold the job take part in the draw (the generator makes sure one does).
    const int64_t gpus = kGpuCounts[profile.gpuIndex];
    std::vector<double> weights;
    std::vector<size_t> holding;
    for (size_t i = 0; i < clusters.size(); ++i) {
        if (clusters[i].gpus >= gpus) {
            weights.push_back(static_cast<double>(clusters[i].gpus));
            holding.push_back(i);
        }
    }
    const size_t chosen = holding[pick(weights.data(), weights.size())];
    profile.cluster = clusters[chosen].name;
    m_cluster = &m_placement->trackers[chosen];
}

int64_t JobBuilder::writeJobRecord(int64_t index, const JobProfile& profile)
{
    // Attrs are sorted by key.
    JobRecord& job = m_out.job;
    char id[32] = "job-";
    auto idEnd = std::to_chars(id + 4, id + sizeof(id), index + 1).ptr;
    const auto digits = idEnd - (id + 4);
    job.job.assign("job-");
    job.job.append(static_cast<size_t>(std::max<std::ptrdiff_t>(0, 6 - digits)), '0');
    job.job.append(id + 4, idEnd);
    job.name.assign(profile.model->model);
    job.name.push_back(' ');
    job.name.append(profile.kind);
    m_plan = JobPlan {};
    m_plan.gpus = kGpuCounts[profile.gpuIndex];
    job.gpus = m_plan.gpus;
    const int64_t submittedNs = m_placement
        ? m_placement->submittedNs
        : m_frame.baseNs + msFromSeconds(uniform() * static_cast<double>(m_frame.spanNs / kNsPerSecond));
    job.submittedNs = submittedNs;
    size_t attrCount = profile.priority.empty() ? 3 : 4;
    job.attrs.resize(attrCount);
    job.attrs[0].first.assign("cluster");
    job.attrs[0].second.assign(profile.cluster);
    job.attrs[1].first.assign("model");
    job.attrs[1].second.assign(profile.model->model);
    size_t at = 2;
    if (!profile.priority.empty()) {
        job.attrs[at].first.assign("priority");
        job.attrs[at].second.assign(profile.priority);
        ++at;
    }
    job.attrs[at].first.assign("team");
    job.attrs[at].second.assign(profile.team->team);
    return submittedNs;
}

double JobBuilder::planJob(const JobProfile& profile)
{
    JobPlan& p = m_plan;
    p.sizeFactor = static_cast<double>(profile.gpuIndex) / static_cast<double>(kGpuCountLast);
    p.ranks = chance(0.1) ? static_cast<int32_t>(std::min<int64_t>(p.gpus, 8)) : 0;
    if (m_frame.ranks > 0 && p.gpus >= 2) {
        p.ranks = static_cast<int32_t>(std::min<int64_t>(p.gpus, m_frame.ranks));
    }
    p.checkpointing = !chance(0.03);
    p.resumes = p.checkpointing && startsFromCheckpoint(profile.kind);
    p.lowPriority = profile.priority == "low";
    p.compiles = chance(0.8);
    p.tagsCompile = m_placement && profile.team->tagsCompile;
    p.warmRestarts = m_placement != nullptr;
    p.launcher = chance(0.3);
    p.asyncUpload = chance(0.4 + 0.5 * p.sizeFactor); // big jobs cannot afford long blocking saves
    p.overlapSave = chance(0.5);
    p.evalEvery = chance(0.35) ? 2 + static_cast<int>(uniform() * 3.0) : 0;
    // Train target: lognormal around the model's median, capped so that the job expects at most
    // kMaxExpectedFaults faults; jobs without checkpoints are short runs (sweeps, smoke tests).
    const double faultsPerHour = kLlamaFailuresPerGpuHour * kFailureRateScale * static_cast<double>(p.gpus);
    double targetHours = m_random.lognormal(profile.model->trainMedianHours, 0.8);
    targetHours = std::min({ targetHours, 5.0 * 24.0, kMaxExpectedFaults / faultsPerHour });
    if (!p.checkpointing) {
        targetHours = std::min(targetHours, 0.5 + 3.5 * uniform());
    }
    targetHours = std::max(targetHours, 0.25);
    p.targetNs = msFromSeconds(targetHours * 3600.0);
    // Big jobs checkpoint more often (their failures are more frequent and a restart costs more).
    const double intervalsMin[3][3] = { { 30, 60, 120 }, { 20, 30, 45 }, { 10, 15, 20 } };
    const double intervalWeights[] = { 30, 50, 20 };
    const int sizeClass = profile.gpuIndex >= 8 ? 2 : (profile.gpuIndex >= 5 ? 1 : 0);
    p.intervalNs = msFromSeconds(60.0 * intervalsMin[sizeClass][pick(intervalWeights, 3)]);
    p.stepNs = logn(profile.team->team == "llm" ? 6.0 : 0.8, 0.5, 0.05, 30.0);
    return targetHours;
}

int64_t JobBuilder::rescheduleGap(Ending ending)
{
    switch (ending) {
    case Ending::Preempted:
        return logn(2400.0, 1.0, 60.0, 8.0 * 3600.0); // waits for capacity
    case Ending::UserError:
        return logn(2700.0, 0.7, 300.0, 6.0 * 3600.0); // a person fixes the config
    default:
        return logn(180.0, 0.8, 5.0, 3600.0); // automatic restart
    }
}

} // namespace ett::core::synth
