// Measured checkpoint inputs and advice on hand-built jobs whose figures
// are derived by hand below, and on a generated fleet cross-checked with the engine's roll-up.
#include "core/model/advisor.h"
#include "gpu/advisor.h"

#include <gtest/gtest.h>

#include <cmath>

#include "samples/synth/generator.h"

namespace ett {
namespace {

using core::Bucket;
using core::Category;

constexpr int64_t kS = 1'000'000'000;

core::PhaseSpan phase(int64_t startS, int64_t endS, Category c)
{
    return { startS * kS, endS * kS, c, -1 };
}

core::CheckpointMark mark(int64_t startS, int64_t durableS)
{
    return { startS * kS, durableS * kS, false };
}

// Job J, 8 GPUs, saves of 10 s every 600 s.
//   attempt 0 [0, 4000): init [0, 100), train [100, 4000), saves at 690, 1290, 1890, 2490, 3090
//     (each blocks 10 s, durable when it ends); fails (infra) at 3400.
//     Lost progress (spec 5.3): s = 3090, train in [3090, 3400) minus the save = 300 s.
//     Loop: [100, 3400) = 3300 s (saves 50, lost 300, productive 2950); recovery [3400, 4000).
//   attempt 1 [4300, 6000): init [4300, 4400), train [4400, 6000), saves at 4990 and 5590.
//     Loop 1600 s. The pair 3090 -> 4990 spans two attempts: not an interval.
// Measured: 7 saves of 10 s, 5 intervals of 600 s, 1 interruption, loop 4900 s, lost 300 s,
// E2E 4000 + 300 (gap) + 1700 = 6000 s.
// Advice: M = 4900 s, b = 10 s; Young sqrt(2 x 10 x 4900) = sqrt(98000) = 313.0495 s;
// waste at 600 s: 600 / 9800 + 10 / 600 = 7.78912%; at the optimum sqrt(20 / 4900) = 6.38877%;
// gain (7.78912 - 6.38877) x 4900 / 6000 = 1.14362 pp. Lost / (I / 2) = 300 / 300 = 1: no flag.
core::JobInput jobJ()
{
    core::JobInput j;
    j.gpus = 8;
    core::AttemptInput a0;
    a0.number = 0;
    a0.startNs = 0;
    a0.endNs = 4000 * kS;
    a0.gpus = 8;
    a0.outcome = core::Outcome::Failed;
    a0.interruptedAtNs = 3400 * kS;
    a0.interruption = core::classifyInterruption(core::Outcome::Failed, "infra");
    a0.phases = { phase(0, 100, Category::Init), phase(100, 4000, Category::Train) };
    for (int64_t t : { 690, 1290, 1890, 2490, 3090 }) {
        a0.phases.push_back(phase(t, t + 10, Category::CheckpointSave));
        j.checkpoints.push_back(mark(t, t + 10));
    }
    core::AttemptInput a1;
    a1.number = 1;
    a1.startNs = 4300 * kS;
    a1.endNs = 6000 * kS;
    a1.gpus = 8;
    a1.phases = { phase(4300, 4400, Category::Init), phase(4400, 6000, Category::Train) };
    for (int64_t t : { 4990, 5590 }) {
        a1.phases.push_back(phase(t, t + 10, Category::CheckpointSave));
        j.checkpoints.push_back(mark(t, t + 10));
    }
    j.attempts = { a0, a1 };
    return j;
}

// Job K, 2 GPUs: one attempt [0, 1000) training throughout, saves of 1 s every 100 s (100 ... 900)
// whose uploads take 500 s (durable at start + 500). Fails at 950: the newest checkpoint durable
// by then started at 400, so lost = [400, 950) minus the 6 saves inside = 544 s against a
// measured interval of 100 s: ratio 544 / 50 = 10.88 > 2, flagged lost_progress_high.
core::JobInput jobK()
{
    core::JobInput j;
    j.gpus = 2;
    core::AttemptInput a;
    a.startNs = 0;
    a.endNs = 1000 * kS;
    a.gpus = 2;
    a.outcome = core::Outcome::Failed;
    a.interruptedAtNs = 950 * kS;
    a.interruption = core::classifyInterruption(core::Outcome::Failed, "unknown");
    a.phases = { phase(0, 1000, Category::Train) };
    for (int64_t t = 100; t <= 900; t += 100) {
        a.phases.push_back(phase(t, t + 1, Category::CheckpointSave));
        j.checkpoints.push_back(mark(t, t + 500));
    }
    j.attempts = { a };
    return j;
}

// Job L, 1 GPU, never interrupted: no MTBI, no optimum.
core::JobInput jobL()
{
    core::JobInput j;
    core::AttemptInput a;
    a.startNs = 0;
    a.endNs = 1000 * kS;
    a.phases = { phase(0, 1000, Category::Train), phase(500, 505, Category::CheckpointSave) };
    j.checkpoints = { mark(500, 505) };
    j.attempts = { a };
    return j;
}

std::unique_ptr<gpu::Engine> engineOf(core::FleetColumns columns)
{
    auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
    engine->load(std::move(columns));
    return engine;
}

std::unique_ptr<gpu::Engine> handBuilt()
{
    core::FleetColumnsBuilder b;
    b.addJob("J", "default", jobJ(), { { "team", "ads" } }, {}, {});
    b.addJob("K", "default", jobK(), { { "team", "ads" } }, {}, {});
    b.addJob("L", "default", jobL(), {}, {}, {});
    return engineOf(b.finish());
}

const core::CheckpointAdvice& row(const gpu::AdviceTable& t, const std::string& name)
{
    for (const auto& g : t.groups) {
        if (g.name == name) {
            return g;
        }
    }
    throw std::runtime_error("no row " + name);
}

TEST(Advisor, MeasuresJobFromItsPhasesAndCheckpoints)
{
    auto engine = handBuilt();
    const auto samples = core::measureCheckpoints(engine->columns(), engine->attribution(), { 0 });
    ASSERT_EQ(samples.size(), 1u);
    const auto& s = samples[0];
    EXPECT_EQ(s.loopNs, 4900 * kS);
    EXPECT_EQ(s.loopGpuNs, 8 * 4900 * kS);
    EXPECT_EQ(s.e2eNs, 6000 * kS);
    EXPECT_EQ(s.interruptions, 1);
    EXPECT_EQ(s.lostInterruptions, 1);
    EXPECT_EQ(s.lostNs, 300 * kS);
    EXPECT_EQ(s.savesNs, std::vector<int64_t>(7, 10 * kS));
    EXPECT_EQ(s.intervalsNs, std::vector<int64_t>(5, 600 * kS));
    EXPECT_FALSE(s.noCheckpointData);
}

TEST(Advisor, AdvisesPerJobWithHandDerivedFigures)
{
    auto engine = handBuilt();
    const auto table = gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping { gpu::GroupBy::Job, -1 });
    ASSERT_EQ(table.groups.size(), 3u);
    const auto& j = row(table, "J");
    EXPECT_DOUBLE_EQ(*j.measured.mtbiS, 4900.0);
    EXPECT_DOUBLE_EQ(*j.currentIntervalS, 600.0);
    EXPECT_DOUBLE_EQ(*j.blockingS, 10.0);
    EXPECT_NEAR(*j.youngIntervalS, 313.0495, 1e-4);
    EXPECT_NEAR(*j.wastedCurrentPercent, 7.78912, 1e-5);
    EXPECT_NEAR(*j.wastedOptimumPercent, 6.38877, 1e-5);
    EXPECT_NEAR(*j.gainPp, 1.14362, 1e-5);
    // 1.40035% of the loop's 8 GPUs x 4,900 s.
    EXPECT_NEAR(*j.gainGpuHours, 0.0140035 * 8 * 4900 / 3600.0, 1e-6);
    EXPECT_DOUBLE_EQ(*j.lostRatio, 1.0);
    EXPECT_TRUE(j.flags.empty());
    ASSERT_TRUE(j.dalyIntervalS.has_value());
    EXPECT_LT(*j.dalyIntervalS, *j.youngIntervalS); // Daly subtracts b, adds small terms

    const auto& k = row(table, "K");
    EXPECT_EQ(k.measured.lostNs, 544 * kS);
    EXPECT_DOUBLE_EQ(*k.currentIntervalS, 100.0);
    EXPECT_DOUBLE_EQ(*k.lostRatio, 10.88);
    ASSERT_EQ(k.flags, std::vector<std::string> { "lost_progress_high" });
    EXPECT_NE(k.note.find("not restorable"), std::string::npos) << k.note;

    const auto& l = row(table, "L");
    EXPECT_FALSE(l.measured.mtbiS.has_value());
    EXPECT_FALSE(l.youngIntervalS.has_value());
    EXPECT_FALSE(l.gainPp.has_value());
    EXPECT_FALSE(l.gainGpuHours.has_value());
    EXPECT_NE(l.note.find("no interruptions"), std::string::npos) << l.note;
    EXPECT_NE(l.note.find("fewer than two durable checkpoints"), std::string::npos) << l.note;
}

TEST(Advisor, PoolsGroupsFromSamplesNotFromMedians)
{
    auto engine = handBuilt();
    const int32_t team = 0; // the only attribute key
    const auto table = gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping { gpu::GroupBy::Attribute, team });
    ASSERT_EQ(table.groups.size(), 2u);
    EXPECT_EQ(table.groups[0].name, core::kNoGroupName); // "(none)" sorts before "ads"
    const auto& ads = row(table, "ads");
    // J and K: loop 4900 + 950 s (K trains until its fault) over 2 interruptions; saves 7 x 10 s and 9 x 1 s pooled:
    // the nearest-rank median of 16 is the 8th smallest, 1 s; p90 (rank 15) is 10 s; intervals 5 x 600 and 8 x 100: the
    // 7th smallest of 13 is 100 s.
    EXPECT_EQ(ads.measured.jobs, 2);
    EXPECT_DOUBLE_EQ(*ads.measured.mtbiS, 2925.0);
    EXPECT_EQ(*ads.measured.blockingP50Ns, 1 * kS);
    EXPECT_EQ(*ads.measured.blockingP90Ns, 10 * kS);
    EXPECT_EQ(*ads.measured.intervalP50Ns, 100 * kS);
    // K is flagged on its own; the group carries no flag of its own, only the count.
    EXPECT_TRUE(ads.flags.empty());
    EXPECT_EQ(ads.flaggedJobs, 1);
    EXPECT_NE(ads.note.find("1 of 2 jobs flagged (1 losing more than an interval"), std::string::npos) << ads.note;
    EXPECT_EQ(table.total.name, "fleet");
    EXPECT_EQ(table.total.measured.jobs, 3);
    EXPECT_EQ(table.total.measured.interruptions, 2);

    gpu::Filter onlyK;
    onlyK.jobs = { 1 };
    const auto one = gpu::adviseCheckpoints(*engine, onlyK, gpu::Grouping {});
    EXPECT_TRUE(one.groups.empty());
    EXPECT_EQ(one.total.measured.jobs, 1);
    EXPECT_EQ(one.total.measured.lostNs, 544 * kS);
    EXPECT_THROW(gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping { gpu::GroupBy::Attempt, -1 }),
        std::invalid_argument);
}

TEST(Advisor, OneKeyUnderTwoLabelsIsTwoRows)
{
    core::FleetColumnsBuilder b;
    b.addJob("J", "before", jobJ());
    b.addJob("J", "after", jobK());
    b.addJob("L", "after", jobL());
    auto engine = engineOf(b.finish());
    const auto table = gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping { gpu::GroupBy::Job, -1 });
    ASSERT_EQ(table.groups.size(), 3u);
    EXPECT_EQ(row(table, "J (before)").measured.lostNs, 300 * kS); // job J's figures, above
    EXPECT_EQ(row(table, "J (after)").measured.lostNs, 544 * kS); // job K's
    EXPECT_EQ(row(table, "L").measured.jobs, 1);
}

// 150 generated jobs over 5 days, on the CPU engine.
std::unique_ptr<gpu::Engine> generatedEngine(uint64_t seed)
{
    core::GeneratorOptions o;
    o.seed = seed;
    o.jobs = 150;
    o.days = 5;
    core::FleetGenerator gen(o);
    core::GeneratedJob g;
    core::FleetColumnsBuilder b;
    while (gen.next(g)) {
        core::addGeneratedJob(b, g, "default");
    }
    return engineOf(b.finish());
}

TEST(Advisor, GeneratedFleetAgreesWithTheEngineRollup)
{
    for (uint64_t seed : { 3u, 11u }) {
        auto engine = generatedEngine(seed);
        const auto rollup = engine->rollup(gpu::Filter {}, gpu::Grouping {});
        const auto table = gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping {});
        const auto& m = table.total.measured;
        const auto bucket = [&](Bucket x) { return rollup.total.bucketsNs[static_cast<size_t>(x)]; };
        const auto bucketGpu = [&](Bucket x) { return rollup.total.bucketsGpuNs[static_cast<size_t>(x)]; };
        SCOPED_TRACE("seed " + std::to_string(seed));
        EXPECT_EQ(m.jobs, rollup.total.jobs);
        EXPECT_EQ(m.e2eNs, rollup.total.e2eNs);
        EXPECT_EQ(m.e2eGpuNs, rollup.total.e2eGpuNs);
        EXPECT_EQ(m.loopNs, bucket(Bucket::Productive) + bucket(Bucket::LostProgress) + bucket(Bucket::CheckpointSave));
        EXPECT_EQ(m.loopGpuNs,
            bucketGpu(Bucket::Productive) + bucketGpu(Bucket::LostProgress) + bucketGpu(Bucket::CheckpointSave));
        // Every interrupted attempt that trained counts; lost progress only occurs in those.
        EXPECT_LE(m.interruptions, rollup.total.failures + rollup.total.preemptions + rollup.total.otherInterruptions);
        EXPECT_GT(m.interruptions, 0);
        EXPECT_EQ(m.lostNs, bucket(Bucket::LostProgress));
        EXPECT_GT(m.saves, 0);
        EXPECT_GT(m.intervals, 0);
        ASSERT_TRUE(table.total.youngIntervalS.has_value());
        // The optimum minimises the modelled waste.
        EXPECT_LE(*table.total.wastedOptimumPercent, *table.total.wastedCurrentPercent + 1e-12);
    }
}

TEST(Advisor, ExcludedWindowsLeaveEachJobsLoopWindowAndLostProgress)
{
    auto engine = generatedEngine(21);
    const core::GeneratorOptions o;
    const int64_t day = 86'400'000'000'000;
    gpu::Filter filter;
    filter.excluded = { { o.startNs + 2 * day, o.startNs + 3 * day + 5 }, { o.startNs + day / 4, o.startNs + day / 3 },
        { o.startNs + 2 * day + day / 2, o.startNs + 2 * day + day / 2 + 1 } };
    const auto whole = gpu::adviseCheckpoints(*engine, gpu::Filter {}, gpu::Grouping { gpu::GroupBy::Job, -1 });
    const auto table = gpu::adviseCheckpoints(*engine, filter, gpu::Grouping { gpu::GroupBy::Job, -1 });
    const auto byJob = engine->rollup(filter, gpu::Grouping { gpu::GroupBy::Job, -1 });
    ASSERT_EQ(table.groups.size(), byJob.groups.size());
    ASSERT_EQ(table.groups.size(), whole.groups.size());
    int64_t touched = 0;
    int64_t lostExcluded = 0;
    int64_t knownInterruptions = 0;
    core::Wide knownLost = 0;
    for (size_t i = 0; i < table.groups.size(); ++i) {
        const auto& m = table.groups[i].measured;
        const auto& f = byJob.groups[i].figures;
        const auto& w = whole.groups[i].measured;
        SCOPED_TRACE(table.groups[i].name);
        ASSERT_EQ(table.groups[i].name, byJob.groups[i].name);
        const auto bucket = [&](Bucket x) { return f.bucketsNs[static_cast<size_t>(x)]; };
        const auto bucketGpu = [&](Bucket x) { return f.bucketsGpuNs[static_cast<size_t>(x)]; };
        EXPECT_EQ(m.e2eNs, f.e2eNs);
        EXPECT_EQ(m.e2eGpuNs, f.e2eGpuNs);
        EXPECT_EQ(m.loopNs, bucket(Bucket::Productive) + bucket(Bucket::LostProgress) + bucket(Bucket::CheckpointSave));
        EXPECT_EQ(m.loopGpuNs,
            bucketGpu(Bucket::Productive) + bucketGpu(Bucket::LostProgress) + bucketGpu(Bucket::CheckpointSave));
        EXPECT_EQ(m.lostNs, m.noCheckpointDataJobs ? 0 : bucket(Bucket::LostProgress));
        // Events and durations do not change (spec 7.4).
        EXPECT_EQ(m.interruptions, w.interruptions);
        EXPECT_EQ(m.saves, w.saves);
        EXPECT_EQ(m.blockingP50Ns, w.blockingP50Ns);
        EXPECT_EQ(m.intervalP50Ns, w.intervalP50Ns);
        touched += m.e2eNs != w.e2eNs ? 1 : 0;
        // A job that lost progress inside a window is not compared with I/2 (its loss per
        // interruption is not known); the others keep theirs.
        const bool lostOut = !m.noCheckpointDataJobs && m.lostNs != w.lostNs;
        EXPECT_EQ(m.lostExcludedJobs, lostOut ? 1 : 0);
        if (lostOut) {
            EXPECT_EQ(m.lostInterruptions, 0);
            EXPECT_FALSE(m.lostPerInterruptionS.has_value());
            EXPECT_FALSE(table.groups[i].lostRatio.has_value());
            EXPECT_TRUE(table.groups[i].flags.empty());
            EXPECT_NE(
                table.groups[i].note.find("lost progress of 1 job lies partly in excluded windows"), std::string::npos)
                << table.groups[i].note;
            ++lostExcluded;
        } else {
            EXPECT_EQ(m.lostInterruptions, w.lostInterruptions);
            EXPECT_EQ(m.lostKnownNs, w.lostKnownNs);
            EXPECT_EQ(m.lostPerInterruptionS, w.lostPerInterruptionS);
            knownInterruptions += m.lostInterruptions;
            knownLost += m.lostKnownNs;
        }
    }
    EXPECT_GT(lostExcluded, 0);
    EXPECT_EQ(table.total.measured.lostExcludedJobs, lostExcluded);
    EXPECT_EQ(table.total.measured.lostInterruptions, knownInterruptions);
    EXPECT_EQ(table.total.measured.lostKnownNs, knownLost);
    EXPECT_GT(table.total.measured.lostNs, knownLost);
    EXPECT_GT(touched, 10);
    EXPECT_LT(touched, static_cast<int64_t>(table.groups.size()));
}

} // namespace
} // namespace ett
