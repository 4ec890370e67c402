// Job timelines built in code for the restarts tests: attempts in seconds with phases that keep
// their subcategories and ranks, attributed by the reference accounting (segments kept), as the
// store would read them back.
#pragma once

#include "core/model/accounting.h"
#include "core/model/job_timeline.h"
#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <string>
#include <vector>

namespace ett::core::restarts_fixtures {

inline constexpr int64_t kS = kNsPerSecond;

struct PhaseS
{
    Category category;
    std::string subcategory;
    int64_t startS;
    int64_t endS;
    int32_t rank = -1;
};

struct AttemptS
{
    int32_t number = 0;
    int64_t startS = 0;
    int64_t endS = 0;
    Outcome outcome = Outcome::Completed;
    int64_t faultS = 0; // read when interrupted
    std::string cause;
    std::vector<PhaseS> phases;
};

struct CheckpointS
{
    int64_t startS;
    int64_t durableS;
};

inline JobTimeline timelineOf(const std::string& key, int64_t gpus, const std::vector<AttemptS>& attempts,
    const std::vector<CheckpointS>& checkpoints)
{
    JobInput in;
    in.gpus = gpus;
    for (const auto& a : attempts) {
        AttemptInput ai;
        ai.number = a.number;
        ai.startNs = a.startS * kS;
        ai.endNs = a.endS * kS;
        ai.gpus = gpus;
        ai.outcome = a.outcome;
        ai.interruptedAtNs = a.faultS * kS;
        ai.interruption = classifyInterruption(a.outcome, a.cause);
        for (const auto& p : a.phases) {
            ai.phases.push_back({ p.startS * kS, p.endS * kS, p.category, p.rank });
        }
        in.attempts.push_back(std::move(ai));
    }
    for (const auto& c : checkpoints) {
        in.checkpoints.push_back({ c.startS * kS, c.durableS * kS, false });
    }
    const JobResult r = attributeJob(in, true);

    JobTimeline t;
    t.label = "default";
    t.key = key;
    t.gpus = gpus;
    t.noCheckpointData = r.noCheckpointData;
    t.windowStartNs = r.windowStartNs;
    t.windowEndNs = r.windowEndNs;
    for (size_t i = 0; i < attempts.size(); ++i) {
        TimelineAttempt ta;
        ta.result = r.attempts[i];
        ta.cause = attempts[i].cause;
        for (const auto& p : attempts[i].phases) {
            ta.phases.push_back({ p.startS * kS, p.endS * kS, p.category, p.subcategory, p.rank, "" });
        }
        t.attempts.push_back(std::move(ta));
    }
    return t;
}

// Spec 6's worked example: J1, 8 GPUs, attempt 0 failed (infra.gpu) at its end, attempt 1 completed.
inline JobTimeline workedExampleTimeline()
{
    using C = Category;
    return timelineOf("J1", 8,
        {
            { 0, 0, 37545, Outcome::Failed, 37545, "infra.gpu",
                { { C::Init, "", 0, 600 }, { C::Compile, "", 600, 1500 }, { C::Train, "", 1500, 37545 },
                    { C::CheckpointSave, "", 11985, 12000 }, { C::CheckpointSave, "", 23985, 24000 },
                    { C::CheckpointSave, "", 36330, 36345 } } },
            { 1, 37845, 58545, Outcome::Completed, 0, "",
                { { C::Init, "", 37845, 38445 }, { C::Compile, "", 38445, 38745 }, { C::Train, "", 38745, 56745 },
                    { C::Shutdown, "", 56745, 58545 } } },
        },
        { { 11985, 12000 }, { 23985, 24000 }, { 36330, 36345 } });
}

// Three attempts of a 2-rank job whose process-group init grows (50 s, 80 s, 120 s), with a cold,
// a warm and a cache-hit compile. Hand-derived figures are in restarts_test.cpp.
inline JobTimeline threeAttemptsTimeline()
{
    using C = Category;
    return timelineOf("J2", 16,
        {
            { 0, 0, 1000, Outcome::Failed, 900, "infra.network",
                { { C::Setup, "container", 0, 50 }, { C::Init, "device_init", 50, 80, 0 },
                    { C::Init, "device_init", 50, 90, 1 }, { C::Init, "process_group_init", 80, 120, 0 },
                    { C::Init, "process_group_init", 90, 130, 1 }, { C::Compile, "cold", 130, 250, 0 },
                    { C::Compile, "cold", 130, 260, 1 }, { C::Train, "", 260, 1000 },
                    { C::CheckpointSave, "", 500, 520 } } },
            { 1, 1100, 2000, Outcome::Preempted, 1800, "preemption.spot",
                { { C::Setup, "container", 1100, 1150 }, { C::CheckpointLoad, "", 1150, 1200 },
                    { C::Init, "device_init", 1200, 1230, 0 }, { C::Init, "device_init", 1200, 1230, 1 },
                    { C::Init, "process_group_init", 1230, 1300, 0 }, { C::Init, "process_group_init", 1230, 1310, 1 },
                    { C::Compile, "warm", 1310, 1340 }, { C::Train, "", 1340, 2000 },
                    { C::CheckpointSave, "", 1500, 1510 } } },
            { 2, 2050, 3000, Outcome::Completed, 0, "",
                { { C::Setup, "", 2050, 2100 }, { C::Init, "device_init", 2100, 2130 },
                    { C::Init, "process_group_init", 2130, 2250, 0 }, { C::Init, "process_group_init", 2130, 2240, 1 },
                    { C::Compile, "cache_hit", 2250, 2260 }, { C::Compile, "pt2", 2250, 2280 },
                    { C::Train, "", 2290, 3000 } } },
        },
        { { 500, 520 }, { 1500, 1510 } });
}

} // namespace ett::core::restarts_fixtures
