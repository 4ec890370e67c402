#include "samples/synth/generator.h"

#include <algorithm>

#include "samples/synth/job_builder.h"

namespace ett::core {

// ---- FleetGenerator

FleetGenerator::FleetGenerator(GeneratorOptions options)
    : m_options(options)
    , m_random(options.seed)
{
}

bool FleetGenerator::next(GeneratedJob& out)
{
    const bool done
        = m_options.targetPhases > 0 ? m_phasesDone >= m_options.targetPhases : m_jobsDone >= m_options.jobs;
    if (done) {
        return false;
    }
    const synth::FleetFrame frame = synth::fleetFrame(m_options);
    synth::JobBuilder builder(m_random, frame, out);
    builder.build(m_jobsDone);
    ++m_jobsDone;
    m_phasesDone += static_cast<int64_t>(out.phases.size());
    return true;
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
