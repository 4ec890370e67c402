#include "samples/synth/generator.h"

#include <algorithm>
#include <utility>

#include "samples/synth/job_builder.h"

namespace ett::core {

// ---- FleetGenerator

FleetGenerator::FleetGenerator(GeneratorOptions options)
    : m_options(std::move(options))
    , m_random(m_options.seed)
    , m_bounded(hasCapacity(m_options))
{
    if (m_bounded) {
        m_trackers.reserve(m_options.capacity.size());
        int64_t largestGpus = 0;
        for (const ClusterCapacity& c : m_options.capacity) {
            m_trackers.emplace_back(c.gpus);
            largestGpus = std::max(largestGpus, c.gpus);
        }
        m_noRoom = largestGpus < kMinClusterGpus;
    }
}

bool FleetGenerator::next(GeneratedJob& out)
{
    const bool done
        = m_options.targetPhases > 0 ? m_phasesDone >= m_options.targetPhases : m_jobsDone >= m_options.jobs;
    if (done || m_noRoom) {
        return false; // complete, or no cluster can hold the smallest job
    }
    synth::FleetFrame frame = synth::fleetFrame(m_options);
    frame.ranks = m_options.ranks;
    if (!m_bounded) {
        synth::JobBuilder builder(m_random, frame, out, nullptr);
        builder.build(m_jobsDone);
    } else {
        // 1. The next submission in time order: the jobs still to come are spread uniformly over
        // what is left of the span. 2. No attempt can start before it, so the trackers forget what
        // ended earlier. 3. The job, placed on its cluster.
        m_submittedFraction = m_random.nextOrdered(m_submittedFraction, m_options.jobs - m_jobsDone);
        const int64_t submittedNs = frame.baseNs
            + synth::msFromSeconds(m_submittedFraction * static_cast<double>(frame.spanNs / kNsPerSecond));
        for (synth::CapacityTracker& t : m_trackers) {
            t.forgetBefore(submittedNs);
        }
        synth::ClusterPlacement placement { m_options.capacity, m_trackers, submittedNs };
        synth::JobBuilder builder(m_random, frame, out, &placement);
        builder.build(m_jobsDone);
        m_jobsNeverStarted += out.attempts.empty() ? 1 : 0;
        for (const synth::CapacityTracker& t : m_trackers) {
            m_peakTrackerSteps = std::max(m_peakTrackerSteps, t.steps());
        }
    }
    ++m_jobsDone;
    m_phasesDone += static_cast<int64_t>(out.phases.size());
    return true;
}

bool hasCapacity(const GeneratorOptions& options)
{
    return !options.capacity.empty() && options.targetPhases <= 0;
}

// ---- accounting input

JobInput toJobInput(const GeneratedJob& g)
{
    JobInput in;
    in.gpus = g.job.gpus.value_or(1);
    in.submittedNs = g.job.submittedNs;
    in.attempts.reserve(g.attempts.size());
    for (const AttemptRecord& a : g.attempts) {
        AttemptInput ai;
        ai.number = a.attempt;
        ai.startNs = a.startNs;
        ai.endNs = a.endNs;
        ai.gpus = a.gpus.value_or(in.gpus);
        ai.outcome = a.outcome;
        ai.interruptedAtNs = a.interruptedAtNs.value_or(a.endNs);
        ai.interruption = classifyInterruption(a.outcome, a.cause);
        in.attempts.push_back(std::move(ai));
    }
    // Phases go to the attempt with their number (usually at that index), clipped to its window;
    // a phase of an unknown attempt or entirely outside its attempt has no place and is skipped.
    for (const PhaseRecord& p : g.phases) {
        AttemptInput* owner = nullptr;
        const auto index = static_cast<size_t>(p.attempt);
        if (p.attempt >= 0 && index < in.attempts.size() && in.attempts[index].number == p.attempt) {
            owner = &in.attempts[index];
        } else {
            for (auto& a : in.attempts) {
                if (a.number == p.attempt) {
                    owner = &a;
                    break;
                }
            }
        }
        if (!owner) {
            continue;
        }
        const int64_t s = std::max(p.startNs, owner->startNs);
        const int64_t e = std::min(p.endNs, owner->endNs);
        if (e < s) {
            continue;
        }
        owner->phases.push_back({ s, e, p.category, p.rank });
    }
    in.checkpoints.reserve(g.checkpoints.size());
    for (const CheckpointRecord& c : g.checkpoints) {
        in.checkpoints.push_back({ c.startNs, c.durableNs.value_or(c.startNs), c.failed });
    }
    return in;
}

void addGeneratedJob(FleetColumnsBuilder& builder, const GeneratedJob& g, const std::string& label)
{
    const JobInput in = toJobInput(g);
    std::vector<std::string> causes;
    causes.reserve(g.attempts.size());
    for (const AttemptRecord& a : g.attempts) {
        causes.push_back(a.cause);
    }
    // The same placement of phases as toJobInput(), recording each phase's subcategory.
    std::vector<std::vector<std::string>> subcategories(in.attempts.size());
    for (const PhaseRecord& p : g.phases) {
        size_t owner = in.attempts.size();
        const auto index = static_cast<size_t>(p.attempt);
        if (p.attempt >= 0 && index < in.attempts.size() && in.attempts[index].number == p.attempt) {
            owner = index;
        } else {
            for (size_t i = 0; i < in.attempts.size(); ++i) {
                if (in.attempts[i].number == p.attempt) {
                    owner = i;
                    break;
                }
            }
        }
        if (owner == in.attempts.size()) {
            continue;
        }
        if (std::min(p.endNs, in.attempts[owner].endNs) < std::max(p.startNs, in.attempts[owner].startNs)) {
            continue;
        }
        subcategories[owner].push_back(p.subcategory);
    }
    builder.addJob(g.job.job, label, in, g.job.attrs, causes, subcategories, g.job.name);
}

} // namespace ett::core
