// What-if projections on small fleets whose figures are derived by hand below,
// run through the engine (CPU backend) as `ettw whatif` runs them; and on a generated fleet, where
// today must be the engine's roll-up of the same jobs and the bridge must add up exactly.
#include "core/model/compare.h"
#include "core/model/whatif.h"
#include "gpu/advisor.h"
#include "gpu/whatif.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "samples/synth/generator.h"

namespace ett {
namespace {

using core::Bucket;
using core::Category;
using core::WhatIfChange;
using core::WhatIfTarget;
using core::Wide;

constexpr int64_t kS = 1'000'000'000;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

core::PhaseSpan phase(int64_t startS, int64_t endS, Category c, int32_t rank = -1)
{
    return { startS * kS, endS * kS, c, rank };
}

core::AttemptInput attempt(int32_t number, int64_t startS, int64_t endS, int64_t gpus)
{
    core::AttemptInput a;
    a.number = number;
    a.startNs = startS * kS;
    a.endNs = endS * kS;
    a.gpus = gpus;
    return a;
}

void fail(core::AttemptInput& a, int64_t atS, core::Outcome outcome, const std::string& cause)
{
    a.outcome = outcome;
    a.interruptedAtNs = atS * kS;
    a.interruption = core::classifyInterruption(outcome, cause);
}

WhatIfChange bucket(Bucket b, std::optional<double> scale, std::optional<double> setS = {})
{
    WhatIfChange c;
    c.target = WhatIfTarget::Bucket;
    c.bucket = b;
    c.scale = scale;
    c.setS = setS;
    return c;
}

WhatIfChange phaseChange(Category category, const std::string& sub, double scale)
{
    WhatIfChange c;
    c.target = WhatIfTarget::Phase;
    c.category = category;
    c.subcategory = sub;
    c.scale = scale;
    return c;
}

WhatIfChange interruptions(core::InterruptionClass cls, double scale)
{
    WhatIfChange c;
    c.target = WhatIfTarget::Interruptions;
    c.interruptions = cls;
    c.scale = scale;
    return c;
}

WhatIfChange interval(std::optional<double> scale, std::optional<double> setS, bool optimal)
{
    WhatIfChange c;
    c.target = WhatIfTarget::CheckpointInterval;
    c.scale = scale;
    c.setS = setS;
    c.optimal = optimal;
    return c;
}

std::unique_ptr<gpu::Engine> engineOf(core::FleetColumns columns)
{
    auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
    engine->load(std::move(columns));
    return engine;
}

core::WhatIfResult project(gpu::Engine& engine, const std::vector<WhatIfChange>& changes)
{
    const core::WhatIfModel model = gpu::whatIfModel(engine, gpu::Filter {});
    auto r = model.project(changes);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : core::WhatIfResult {};
}

// Every step of the bridge adds up: today + steps == projected, GPU- and time-weighted.
void expectBridgeAddsUp(const core::WhatIfResult& r)
{
    ASSERT_TRUE(r.todayPico && r.projectedPico && r.todayPicoTime && r.projectedPicoTime);
    int64_t gpu = *r.todayPico;
    int64_t time = *r.todayPicoTime;
    for (const auto& s : r.steps) {
        gpu += s.pico;
        time += s.picoTime;
    }
    EXPECT_EQ(gpu, *r.projectedPico);
    EXPECT_EQ(time, *r.projectedPicoTime);
}

// --- compile x0.6 and set_s ------------------------------------------------------------------

// A (4 GPUs): [0, 1000) init [0, 100), compile [100, 300), train [300, 1000).
// B (2 GPUs): [0, 500) compile [0, 50), train [50, 500).
// Z (1 GPU): [0, 100) train only.
// Today: productive 700 + 450 + 100 = 1250 s (GPU: 2800 + 900 + 100 = 3800), E2E 1600 s (GPU:
// 4000 + 1000 + 100 = 5100); compile 250 s (GPU 800 + 100 = 900).
core::FleetColumns compileFleet()
{
    core::FleetColumnsBuilder b;
    core::JobInput a;
    a.gpus = 4;
    auto a0 = attempt(0, 0, 1000, 4);
    a0.phases
        = { phase(0, 100, Category::Init), phase(100, 300, Category::Compile), phase(300, 1000, Category::Train) };
    a.attempts = { a0 };
    b.addJob("A", "x", a);
    core::JobInput bj;
    bj.gpus = 2;
    auto b0 = attempt(0, 0, 500, 2);
    b0.phases = { phase(0, 50, Category::Compile), phase(50, 500, Category::Train) };
    bj.attempts = { b0 };
    b.addJob("B", "x", bj);
    core::JobInput z;
    z.gpus = 1;
    auto z0 = attempt(0, 0, 100, 1);
    z0.phases = { phase(0, 100, Category::Train) };
    z.attempts = { z0 };
    b.addJob("Z", "x", z);
    return b.finish();
}

TEST(WhatIf, CompileScaledByPointSix)
{
    auto engine = engineOf(compileFleet());
    const auto r = project(*engine, { bucket(Bucket::Compile, 0.6) });
    EXPECT_EQ(r.jobs, 3);
    EXPECT_EQ(r.attempts, 3);
    EXPECT_TRUE(r.today.bucketsNs[idx(Bucket::Productive)] == 1250 * kS);
    EXPECT_TRUE(r.today.e2eGpuNs == 5100 * kS);
    ASSERT_EQ(r.steps.size(), 1u);
    const auto& s = r.steps[0];
    EXPECT_EQ(s.change, "compile x0.6");
    // A: 200 -> 120 s (80 removed, x4 GPUs = 320); B: 50 -> 30 s (20, x2 = 40).
    EXPECT_TRUE(s.savedNs[idx(Bucket::Compile)] == 100 * kS);
    EXPECT_TRUE(s.savedGpuNs[idx(Bucket::Compile)] == 360 * kS);
    EXPECT_TRUE(s.totalSavedNs == 100 * kS);
    EXPECT_TRUE(s.totalSavedGpuNs == 360 * kS);
    EXPECT_EQ(s.attemptsChanged, 2);
    EXPECT_TRUE(r.projectedBucketsNs[idx(Bucket::Compile)] == 150 * kS);
    EXPECT_TRUE(r.projectedBucketsGpuNs[idx(Bucket::Productive)] == 3800 * kS) << "productive time is kept";
    EXPECT_TRUE(r.projectedE2eNs == 1500 * kS);
    EXPECT_TRUE(r.projectedE2eGpuNs == 4740 * kS);
    // GPU: 3800 / 5100 = 74.50980392156862...% -> 74509803921569 (1e-12 pp, rounded);
    //      3800 / 4740 = 80.16877637130801...% -> 80168776371308.
    // Time: 1250 / 1600 = 78.125%; 1250 / 1500 = 83.3333...% -> 83333333333333.
    EXPECT_EQ(*r.todayPico, 74509803921569);
    EXPECT_EQ(*r.projectedPico, 80168776371308);
    EXPECT_EQ(s.pico, 80168776371308 - 74509803921569);
    EXPECT_EQ(*r.todayPicoTime, 78125000000000);
    EXPECT_EQ(*r.projectedPicoTime, 83333333333333);
    EXPECT_EQ(s.picoTime, 83333333333333 - 78125000000000);
    EXPECT_NEAR(*r.projectedPercent(), 80.168776, 1e-6);
}

TEST(WhatIf, SetSecondsReplacesTheBucketOfAttemptsThatHaveIt)
{
    auto engine = engineOf(compileFleet());
    const auto r = project(*engine, { bucket(Bucket::Compile, std::nullopt, 60.0) });
    const auto& s = r.steps.at(0);
    EXPECT_EQ(s.change, "compile = 60 s");
    // A: 200 -> 60 (140 removed, GPU 560); B: 50 -> 60 (10 added, GPU -20); Z has no compile: stays 0.
    EXPECT_TRUE(s.savedNs[idx(Bucket::Compile)] == 130 * kS);
    EXPECT_TRUE(s.savedGpuNs[idx(Bucket::Compile)] == 540 * kS);
    EXPECT_EQ(s.attemptsChanged, 2);
    EXPECT_TRUE(r.projectedBucketsNs[idx(Bucket::Compile)] == 120 * kS);
    // GPU 3800 / 4560 = 83.3333...%; time 1250 / 1470 = 85.03401360544217...%.
    EXPECT_EQ(*r.projectedPico, 83333333333333);
    EXPECT_EQ(*r.projectedPicoTime, 85034013605442);
    expectBridgeAddsUp(r);
}

TEST(WhatIf, StepsOfOppositeSignsAreApportionedExactly)
{
    // compile x0.6 removes 360 GPU-s; init = 200 s adds 100 s to A's init (GPU -400).
    // E' = 5100 - 360 + 400 = 5140 GPU-s. Exact steps 3800e14 x 360 / (5100 x 5140) =
    // 5218585488670.176 and 3800e14 x (-400) / (5100 x 5140) = -5798428320744.641; their floors
    // 5218585488670 and -5798428320745 already sum to projected - today = 73929961089494 -
    // 74509803921569 = -579842832075: no unit is left to give.
    // Time: 1250e14 x 100 / (1600 x 1600) = 4882812500000 each way; projected = today.
    auto engine = engineOf(compileFleet());
    const auto r = project(*engine, { bucket(Bucket::Compile, 0.6), bucket(Bucket::Init, std::nullopt, 200.0) });
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_TRUE(r.steps[1].savedGpuNs[idx(Bucket::Init)] == -400 * kS);
    EXPECT_EQ(*r.projectedPico, 73929961089494);
    EXPECT_EQ(r.steps[0].pico, 5218585488670);
    EXPECT_EQ(r.steps[1].pico, -5798428320745);
    EXPECT_EQ(r.steps[0].picoTime, 4882812500000);
    EXPECT_EQ(r.steps[1].picoTime, -4882812500000);
    EXPECT_EQ(*r.projectedPicoTime, *r.todayPicoTime);
    expectBridgeAddsUp(r);
}

// --- a phase subcategory on two ranks --------------------------------------------------------

// C (8 GPUs): [0, 1000) setup [0, 60), init [60, 300), init.process_group_init on rank 0
// [50, 150) and rank 1 [100, 200), compile [300, 400), train [400, 1000).
// Buckets: setup 60 (it outranks init on [50, 60)), init 240, compile 100, productive 600.
// process_group_init inside init: the union [50, 200) of the ranks, intersected with the init
// segment [60, 300): [60, 200) = 140 s.
core::FleetColumns phaseFleet()
{
    core::FleetColumnsBuilder b;
    core::JobInput c;
    c.gpus = 8;
    auto a = attempt(0, 0, 1000, 8);
    a.phases = { phase(0, 60, Category::Setup), phase(60, 300, Category::Init), phase(50, 150, Category::Init, 0),
        phase(100, 200, Category::Init, 1), phase(300, 400, Category::Compile), phase(400, 1000, Category::Train) };
    c.attempts = { a };
    b.addJob("C", "x", c, {}, { "" }, { { "", "", "process_group_init", "process_group_init", "", "" } });
    return b.finish();
}

TEST(WhatIf, PhaseSubcategoryIsTheUnionOverRanksInsideItsBucket)
{
    auto engine = engineOf(phaseFleet());
    const auto r = project(*engine, { phaseChange(Category::Init, "process_group_init", 0.5) });
    const auto& s = r.steps.at(0);
    EXPECT_EQ(s.change, "init.process_group_init x0.5");
    // 140 s -> 70 s: 70 s removed from init (GPU x8 = 560).
    EXPECT_TRUE(s.savedNs[idx(Bucket::Init)] == 70 * kS);
    EXPECT_TRUE(s.savedGpuNs[idx(Bucket::Init)] == 560 * kS);
    EXPECT_TRUE(s.totalSavedNs == 70 * kS) << "nothing else moves (setup keeps [50, 60))";
    EXPECT_EQ(s.attemptsChanged, 1);
    // 4800 / 8000 = 60%; 4800 / 7440 = 64.51612903225806...% -> 64516129032258.
    EXPECT_EQ(*r.todayPico, 60000000000000);
    EXPECT_EQ(*r.projectedPico, 64516129032258);
    EXPECT_EQ(s.pico, 4516129032258);
}

TEST(WhatIf, ExcludedWindowsLeaveTheirTimeOutBeforeTheChanges)
{
    // Spec 7.4, the window [150, 250) over C: init [60, 300) keeps 140 s (100 s excluded), E2E
    // 900 s, today 600 / 900 = 66.666...%. process_group_init's [60, 200) keeps [60, 150) = 90 s;
    // x0.5 removes 45 s: 600 / 855 = 70.17543859649122...%.
    auto engine = engineOf(phaseFleet());
    gpu::Filter filter;
    filter.excluded = { { 200 * kS, 250 * kS }, { 150 * kS, 210 * kS } }; // overlapping, out of order
    const core::WhatIfModel model = gpu::whatIfModel(*engine, filter);
    const auto r = model.project({ phaseChange(Category::Init, "process_group_init", 0.5) });
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->today.e2eNs == 900 * kS);
    EXPECT_TRUE(r->today.e2eGpuNs == 7200 * kS);
    EXPECT_TRUE(r->today.bucketsNs[idx(Bucket::Init)] == 140 * kS);
    EXPECT_TRUE(r->today.excludedNs[idx(Bucket::Init)] == 100 * kS);
    EXPECT_TRUE(r->today.excludedGpuNs[idx(Bucket::Init)] == 800 * kS);
    EXPECT_TRUE(r->today.excludedTotalNs() == 100 * kS);
    ASSERT_EQ(r->steps.size(), 1u);
    EXPECT_TRUE(r->steps[0].savedNs[idx(Bucket::Init)] == 45 * kS);
    EXPECT_EQ(*r->todayPico, 66666666666667);
    EXPECT_EQ(*r->projectedPico, 70175438596491);
    EXPECT_EQ(r->steps[0].pico, 3508771929824);
    // Today is the roll-up with the same windows (which has no range here).
    const auto rollup = engine->rollup(filter, gpu::Grouping {}).total;
    EXPECT_TRUE(rollup.e2eGpuNs == r->today.e2eGpuNs);
    EXPECT_TRUE(rollup.excludedNs == r->today.excludedNs);

    // Init set to 30 s replaces the 140 s left, not the 240 s of the whole window.
    const auto set = model.project({ bucket(Bucket::Init, std::nullopt, 30.0) });
    ASSERT_TRUE(set.ok());
    EXPECT_TRUE(set->steps.at(0).savedNs[idx(Bucket::Init)] == 110 * kS);
    // Windows over the whole job leave nothing to change.
    filter.excluded = { { -1 * kS, 2000 * kS } };
    const auto none = gpu::whatIfModel(*engine, filter).project({ bucket(Bucket::Init, 0.0) });
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(none->jobs, 1);
    EXPECT_TRUE(none->today.e2eNs == 0);
    EXPECT_EQ(none->steps.at(0).attemptsChanged, 0);
    EXPECT_FALSE(none->todayPico.has_value());
}

TEST(WhatIf, TwoChangesInSequenceScaleThePhaseWithItsBucket)
{
    // init x0.5: 240 -> 120 s (120 removed). Then process_group_init x0.5: its 140 s scale with
    // init first (140 x 120 / 240 = 70 s), so 35 s are removed: init 120 -> 85 s.
    // E' = 1000 - 155 = 845 s; ETT 600 / 845 = 71.00591715976331...% -> 71005917159763.
    // Exact steps 600e14 x 120 / (1000 x 845) = 8520710059171.598 and 600e14 x 35 / (1000 x 845)
    // = 2485207100591.716; floors sum to 11005917159762, one unit short of 71005917159763 - 60%:
    // it goes to the larger remainder (.716), the second step.
    auto engine = engineOf(phaseFleet());
    const auto r
        = project(*engine, { bucket(Bucket::Init, 0.5), phaseChange(Category::Init, "process_group_init", 0.5) });
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_TRUE(r.steps[0].savedNs[idx(Bucket::Init)] == 120 * kS);
    EXPECT_TRUE(r.steps[1].savedNs[idx(Bucket::Init)] == 35 * kS);
    EXPECT_TRUE(r.projectedBucketsNs[idx(Bucket::Init)] == 85 * kS);
    EXPECT_EQ(*r.projectedPico, 71005917159763);
    EXPECT_EQ(r.steps[0].pico, 8520710059171);
    EXPECT_EQ(r.steps[1].pico, 2485207100592);
    EXPECT_EQ(r.steps[0].picoTime, 8520710059171) << "one job: both weightings agree";
    EXPECT_EQ(r.steps[1].picoTime, 2485207100592);
    expectBridgeAddsUp(r);
}

// --- interruptions -----------------------------------------------------------------------------

// D (4 GPUs): attempt 0 [0, 1000): setup [0, 50), init [50, 150), compile [150, 250), train
//   [250, 1000); fails (infra) at 900; checkpoint started 500, durable 510. Lost progress: train
//   in [500, 900) = 400 s; productive 250 s; recovery [900, 1000) = 100 s. Gap [1000, 1100).
//   attempt 1 (8 GPUs) [1100, 2000): setup 30, init 70, checkpoint_load 20, compile 80, train
//   [1300, 2000) = 700 s.
// E (2 GPUs): attempt 0 [0, 400) train, preempted at 300 (no checkpoints: lost unknown, 0):
//   productive 300, recovery 100; gap 50; attempt 1 [450, 600): init 50, train 100.
// Today: productive 1350 s (GPU 250x4 + 700x8 + 400x2 = 7400), E2E 2600 s (GPU 4000 + 400 +
// 7200 + 1200 = 12800); 1 failure, 1 preemption.
core::FleetColumns interruptedFleet()
{
    core::FleetColumnsBuilder b;
    core::JobInput d;
    d.gpus = 4;
    auto d0 = attempt(0, 0, 1000, 4);
    d0.phases = { phase(0, 50, Category::Setup), phase(50, 150, Category::Init), phase(150, 250, Category::Compile),
        phase(250, 1000, Category::Train) };
    fail(d0, 900, core::Outcome::Failed, "infra.gpu");
    auto d1 = attempt(1, 1100, 2000, 8);
    d1.phases = { phase(1100, 1130, Category::Setup), phase(1130, 1200, Category::Init),
        phase(1200, 1220, Category::CheckpointLoad), phase(1220, 1300, Category::Compile),
        phase(1300, 2000, Category::Train) };
    d.attempts = { d0, d1 };
    d.checkpoints = { { 500 * kS, 510 * kS, false } };
    b.addJob("D", "x", d, {}, { "infra.gpu", "" }, {});
    core::JobInput e;
    e.gpus = 2;
    auto e0 = attempt(0, 0, 400, 2);
    e0.phases = { phase(0, 400, Category::Train) };
    fail(e0, 300, core::Outcome::Preempted, "preemption");
    auto e1 = attempt(1, 450, 600, 2);
    e1.phases = { phase(450, 500, Category::Init), phase(500, 600, Category::Train) };
    e.attempts = { e0, e1 };
    b.addJob("E", "x", e, {}, { "preemption", "" }, {});
    return b.finish();
}

TEST(WhatIf, FailuresScaledIncludeTheNextAttemptsStartup)
{
    auto engine = engineOf(interruptedFleet());
    const auto r = project(*engine, { interruptions(core::InterruptionClass::Failures, 0.7) });
    EXPECT_EQ(r.today.failures, 1);
    EXPECT_EQ(r.today.preemptions, 1);
    const auto& s = r.steps.at(0);
    EXPECT_EQ(s.change, "failures x0.7");
    // D's failure: lost 400 -> 280 (120), recovery 100 -> 70 (30), gap 100 -> 70 (30), and
    // attempt 1's setup 30 -> 21 (9), init 70 -> 49 (21), checkpoint_load 20 -> 14 (6), compile
    // 80 -> 56 (24). E's preemption is not a failure: untouched.
    EXPECT_TRUE(s.savedNs[idx(Bucket::LostProgress)] == 120 * kS);
    EXPECT_TRUE(s.savedNs[idx(Bucket::Recovery)] == 60 * kS);
    EXPECT_TRUE(s.savedNs[idx(Bucket::Setup)] == 9 * kS);
    EXPECT_TRUE(s.savedNs[idx(Bucket::Init)] == 21 * kS);
    EXPECT_TRUE(s.savedNs[idx(Bucket::CheckpointLoad)] == 6 * kS);
    EXPECT_TRUE(s.savedNs[idx(Bucket::Compile)] == 24 * kS);
    EXPECT_TRUE(s.totalSavedNs == 240 * kS);
    // GPU: attempt 0 (4 GPUs) 150 x 4 = 600, gap (job, 4 GPUs) 30 x 4 = 120, attempt 1 (8 GPUs)
    // 60 x 8 = 480.
    EXPECT_TRUE(s.savedGpuNs[idx(Bucket::Recovery)] == (30 * 4 + 30 * 4) * kS);
    EXPECT_TRUE(s.totalSavedGpuNs == 1200 * kS);
    EXPECT_EQ(s.attemptsChanged, 1);
    // 1 x 0.7 rounds to 1 failure; the preemption stays.
    EXPECT_EQ(r.projectedFailures, 1);
    EXPECT_EQ(r.projectedPreemptions, 1);
    // GPU 7400 / 12800 = 57.8125%; 7400 / 11600 = 63.79310344827586...% -> 63793103448276.
    // Time 1350 / 2600 = 51.92307692307692...%; 1350 / 2360 = 57.20338983050847...%.
    EXPECT_EQ(*r.todayPico, 57812500000000);
    EXPECT_EQ(*r.projectedPico, 63793103448276);
    EXPECT_EQ(*r.todayPicoTime, 51923076923077);
    EXPECT_EQ(*r.projectedPicoTime, 57203389830508);
    expectBridgeAddsUp(r);
}

TEST(WhatIf, NoPreemptionsRemoveTheirRecoveryAndRestart)
{
    auto engine = engineOf(interruptedFleet());
    const auto r = project(*engine, { interruptions(core::InterruptionClass::Preemptions, 0.0) });
    const auto& s = r.steps.at(0);
    EXPECT_EQ(s.change, "preemptions x0");
    // E: recovery 100 + gap 50 + attempt 1's init 50; lost is 0 (no checkpoint data).
    EXPECT_TRUE(s.totalSavedNs == 200 * kS);
    EXPECT_TRUE(s.totalSavedGpuNs == 400 * kS);
    EXPECT_EQ(r.projectedPreemptions, 0);
    EXPECT_EQ(r.projectedFailures, 1);
    // Every interruption (both jobs) x0.5 removes half of each value: D 200 (lost) + 50 (recovery) +
    // 50 (gap) + 15 + 35 + 10 + 40 (start-up) = 400 s; E 50 + 25 + 25 = 100 s.
    const auto all = project(*engine, { interruptions(core::InterruptionClass::All, 0.5) });
    EXPECT_TRUE(all.steps.at(0).totalSavedNs == 500 * kS);
    EXPECT_EQ(all.steps.at(0).change, "interruptions x0.5");
    EXPECT_EQ(all.projectedFailures, 1) << "1 x 0.5 rounds half away from zero";
    EXPECT_EQ(all.projectedPreemptions, 1);
}

// --- the checkpoint interval -----------------------------------------------------------------

// Q (4 GPUs): attempt 0 [0, 2000): train throughout, saves of 20 s at 400, 800, 1200, 1600
//   (durable when they end); fails (infra) at 1900. Lost: train in [1600, 1900) minus the save =
//   280 s; save bucket 80 s. attempt 1 [2100, 3000): train, saves at 2500 and 2900 (40 s).
//   Measured: b = 20 s (6 saves), I = 400 s (4 intervals, none across the attempts), one
//   interruption, loop 1540 + 280 + 80 + 860 + 40 = 2800 s, so M = 2800 s and the Young optimum
//   is sqrt(2 x 20 x 2800) = sqrt(112000) = 334.664010613630 s.
// R (1 GPU): [0, 1000) train, saves of 10 s at 200, 400, 600: I = 200 s, no interruption.
// Z (1 GPU): [0, 100) train, no checkpoints.
core::FleetColumns checkpointFleet()
{
    core::FleetColumnsBuilder b;
    core::JobInput q;
    q.gpus = 4;
    auto q0 = attempt(0, 0, 2000, 4);
    q0.phases = { phase(0, 2000, Category::Train) };
    for (int64_t t : { 400, 800, 1200, 1600 }) {
        q0.phases.push_back(phase(t, t + 20, Category::CheckpointSave));
        q.checkpoints.push_back({ t * kS, (t + 20) * kS, false });
    }
    fail(q0, 1900, core::Outcome::Failed, "infra");
    auto q1 = attempt(1, 2100, 3000, 4);
    q1.phases = { phase(2100, 3000, Category::Train) };
    for (int64_t t : { 2500, 2900 }) {
        q1.phases.push_back(phase(t, t + 20, Category::CheckpointSave));
        q.checkpoints.push_back({ t * kS, (t + 20) * kS, false });
    }
    q.attempts = { q0, q1 };
    b.addJob("Q", "x", q, {}, { "infra", "" }, {});
    core::JobInput r;
    auto r0 = attempt(0, 0, 1000, 1);
    r0.phases = { phase(0, 1000, Category::Train) };
    for (int64_t t : { 200, 400, 600 }) {
        r0.phases.push_back(phase(t, t + 10, Category::CheckpointSave));
        r.checkpoints.push_back({ t * kS, (t + 10) * kS, false });
    }
    r.attempts = { r0 };
    b.addJob("R", "x", r);
    core::JobInput z;
    auto z0 = attempt(0, 0, 100, 1);
    z0.phases = { phase(0, 100, Category::Train) };
    z.attempts = { z0 };
    b.addJob("Z", "x", z);
    return b.finish();
}

TEST(WhatIf, IntervalAtTheYoungOptimum)
{
    auto engine = engineOf(checkpointFleet());
    const auto r = project(*engine, { interval(std::nullopt, std::nullopt, true) });
    const auto& s = r.steps.at(0);
    EXPECT_EQ(s.change, "checkpoint interval = optimum");
    // Only Q has an interval, b and M; R never fails (no M), Z has no checkpoints.
    EXPECT_EQ(s.attemptsChanged, 1);
    EXPECT_EQ(s.jobsNotApplicable, 2);
    // Saves x I / I' = 400 / 334.664 = sqrt(10/7): 80 s -> 95.618288747 s, 40 s -> 47.809144373 s;
    // lost x I' / I = sqrt(7/10): 280 s -> 234.264807430 s (nearest ns, by 50-digit arithmetic).
    const Wide saves = r.projectedBucketsNs[idx(Bucket::CheckpointSave)] - 30 * kS; // R's 30 s stay
    EXPECT_NEAR(static_cast<double>(saves), 95618288747.0 + 47809144373.0, 2.0);
    EXPECT_NEAR(static_cast<double>(r.projectedBucketsNs[idx(Bucket::LostProgress)]), 234264807430.0, 1.0);
    // Net: 45.735192570 s less lost progress, 23.427433120 s more saving: 22.307759450 s saved.
    EXPECT_NEAR(static_cast<double>(s.totalSavedNs), 22307759450.0, 3.0);
    expectBridgeAddsUp(r);
}

TEST(WhatIf, IntervalSetOrScaled)
{
    auto engine = engineOf(checkpointFleet());
    // 800 s: Q's saves halve (80 -> 40, 40 -> 20), its lost progress doubles (280 -> 560); R's
    // interval 200 -> 800: its saves x0.25 (30 -> 7.5 s). Z has no interval.
    const auto set = project(*engine, { interval(std::nullopt, 800.0, false) });
    const auto& s = set.steps.at(0);
    EXPECT_EQ(s.change, "checkpoint interval = 800 s");
    EXPECT_EQ(s.attemptsChanged, 2);
    EXPECT_EQ(s.jobsNotApplicable, 1);
    EXPECT_TRUE(s.savedNs[idx(Bucket::CheckpointSave)] == (60 * kS + 22 * kS + kS / 2));
    EXPECT_TRUE(s.savedNs[idx(Bucket::LostProgress)] == -280 * kS);
    EXPECT_TRUE(s.savedGpuNs[idx(Bucket::CheckpointSave)] == (60 * 4 * kS + 22 * kS + kS / 2));
    // x0.5: Q saves twice as often (80 -> 160, 40 -> 80) and loses half (280 -> 140); R 30 -> 60.
    const auto scaled = project(*engine, { interval(0.5, std::nullopt, false) });
    EXPECT_EQ(scaled.steps.at(0).change, "checkpoint interval x0.5");
    EXPECT_TRUE(scaled.steps.at(0).savedNs[idx(Bucket::CheckpointSave)] == -150 * kS);
    EXPECT_TRUE(scaled.steps.at(0).savedNs[idx(Bucket::LostProgress)] == 140 * kS);
}

// --- the worked example (spec 6) --------------------------------------------------------------

core::FleetColumns workedExample()
{
    core::JobInput j;
    j.gpus = 8;
    auto a0 = attempt(0, 0, 37545, 8);
    fail(a0, 37545, core::Outcome::Failed, "infra.gpu");
    a0.phases = { phase(0, 600, Category::Init), phase(600, 1500, Category::Compile),
        phase(1500, 37545, Category::Train), phase(11985, 12000, Category::CheckpointSave),
        phase(23985, 24000, Category::CheckpointSave), phase(36330, 36345, Category::CheckpointSave) };
    auto a1 = attempt(1, 37845, 58545, 8);
    a1.phases = { phase(37845, 38445, Category::Init), phase(38445, 38745, Category::Compile),
        phase(38745, 56745, Category::Train), phase(56745, 58545, Category::Shutdown) };
    j.attempts = { a0, a1 };
    j.checkpoints
        = { { 11985 * kS, 12000 * kS, false }, { 23985 * kS, 24000 * kS, false }, { 36330 * kS, 36345 * kS, false } };
    core::FleetColumnsBuilder b;
    b.addJob("J1", "default", j, {}, { "infra.gpu", "" }, {});
    return b.finish();
}

TEST(WhatIf, WorkedExampleWithoutItsFailure)
{
    // Without the failure's cost: lost progress 1200 s, the 300 s gap (the fault is at the end, so
    // no recovery inside the attempt), attempt 1's init 600 s and compile 300 s: 2400 s.
    // ETT 52800 / 58545 = 90.18703...% -> 52800 / 56145 = 94.04221212930804...%.
    auto engine = engineOf(workedExample());
    const auto r = project(*engine, { interruptions(core::InterruptionClass::Failures, 0.0) });
    EXPECT_TRUE(r.today.e2eNs == 58545 * kS);
    EXPECT_TRUE(r.steps.at(0).totalSavedNs == 2400 * kS);
    EXPECT_TRUE(r.projectedE2eNs == 56145 * kS);
    EXPECT_EQ(*r.todayPico, 90187035613631);
    EXPECT_EQ(*r.projectedPico, 94042212129308);
    EXPECT_EQ(r.steps[0].pico, 94042212129308 - 90187035613631);
    EXPECT_EQ(r.projectedFailures, 0);
}

// --- the contract ------------------------------------------------------------------------------

TEST(WhatIf, ChangesAreCheckedAndNamedByPosition)
{
    struct Case
    {
        WhatIfChange change;
        std::string expected;
    };
    WhatIfChange noSub = phaseChange(Category::Init, "", 0.5);
    WhatIfChange train = phaseChange(Category::Train, "step", 0.5);
    WhatIfChange twoValues = bucket(Bucket::Setup, 0.5, 10.0);
    WhatIfChange setInterruptions = interruptions(core::InterruptionClass::All, 0.5);
    setInterruptions.setS = 3.0;
    WhatIfChange optimalBucket = bucket(Bucket::Setup, std::nullopt);
    optimalBucket.optimal = true;
    const std::vector<Case> cases = {
        { bucket(Bucket::Productive, 0.5), "what.bucket: productive" },
        { bucket(Bucket::Compile, -0.1), "what.scale: expected a number >= 0" },
        { bucket(Bucket::Compile, std::nan("")), "what.scale: expected a number >= 0" },
        { bucket(Bucket::Compile, std::nullopt, INFINITY), "what.set_s: expected a number of seconds >= 0" },
        { bucket(Bucket::Compile, std::nullopt), "what: give one of scale or set_s" },
        { twoValues, "what: give one of scale or set_s" },
        { noSub, "what.phase: expected category.subcategory" },
        { train, "what.phase: train phases take no time" },
        { setInterruptions, "what: interruptions take a scale only" },
        { optimalBucket, "what: only the checkpoint interval has an optimum" },
        { interval(0.0, std::nullopt, false),
            "what.checkpoint_interval.scale: a checkpoint interval must be positive" },
        { interval(std::nullopt, 0.0, false), "what.checkpoint_interval: a checkpoint interval must be positive" },
        { interval(0.5, std::nullopt, true), "what: give one of \"optimal\"" },
    };
    for (const auto& c : cases) {
        const auto st = core::checkChange(c.change, "what");
        ASSERT_FALSE(st.ok()) << c.expected;
        EXPECT_NE(st.error().message.find(c.expected), std::string::npos) << st.error().message;
    }
    EXPECT_TRUE(core::checkChange(bucket(Bucket::Recovery, 0.0), "what").ok());
    EXPECT_TRUE(core::checkChange(interval(std::nullopt, std::nullopt, true), "what").ok());

    auto engine = engineOf(compileFleet());
    const core::WhatIfModel model = gpu::whatIfModel(*engine, gpu::Filter {});
    const auto r = model.project({ bucket(Bucket::Compile, 0.5), bucket(Bucket::Productive, 0.5) });
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("changes[1].bucket"), std::string::npos) << r.error().message;
}

TEST(WhatIf, RecoverySetSecondsCoversTheGapToo)
{
    // D: recovery inside attempt 0 is 100 s and the gap 100 s: together they become 60 s, split
    // in their proportion (30 + 30). E: 100 + 50 -> 40 + 20. Attempts without recovery keep none.
    auto engine = engineOf(interruptedFleet());
    const auto r = project(*engine, { bucket(Bucket::Recovery, std::nullopt, 60.0) });
    EXPECT_TRUE(r.steps.at(0).savedNs[idx(Bucket::Recovery)] == (140 + 90) * kS);
    EXPECT_EQ(r.steps.at(0).attemptsChanged, 2);
    // x0.5 halves both parts: (200 + 150) / 2.
    const auto half = project(*engine, { bucket(Bucket::Recovery, 0.5) });
    EXPECT_TRUE(half.steps.at(0).savedNs[idx(Bucket::Recovery)] == 175 * kS);
}

TEST(WhatIf, ScenarioErrorsNameTheScenario)
{
    auto engine = engineOf(compileFleet());
    core::Scenario s;
    s.name = "typo";
    s.cohort = "label=y";
    s.changes = { bucket(Bucket::Compile, 0.5) };
    auto r = gpu::runScenario(*engine, s);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("scenario 'typo'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("labels: x"), std::string::npos) << r.error().message;
    s.cohort = "label=x";
    s.changes = { bucket(Bucket::Compile, -1) };
    r = gpu::runScenario(*engine, s);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("scenario 'typo': changes[0].scale"), std::string::npos) << r.error().message;
    s.changes = { bucket(Bucket::Compile, 0.6) };
    r = gpu::runScenario(*engine, s);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(*r->projectedPico, 80168776371308) << "the same projection as CompileScaledByPointSix";
}

// --- a generated fleet -------------------------------------------------------------------------

core::FleetColumns generatedFleet(int64_t jobs, uint64_t seed)
{
    core::GeneratorOptions o;
    o.jobs = jobs;
    o.seed = seed;
    core::FleetGenerator g(o);
    core::GeneratedJob job;
    core::FleetColumnsBuilder b;
    while (g.next(job)) {
        core::addGeneratedJob(b, job, "gen");
    }
    return b.finish();
}

// Why two figures differ, or "" when they are the same.
std::string differences(const core::Figures& a, const core::Figures& b)
{
    std::string d;
    auto check = [&](bool same, const char* what) { d += same ? "" : std::string(what) + " "; };
    check(a.jobs == b.jobs, "jobs");
    check(a.attempts == b.attempts, "attempts");
    check(a.e2eNs == b.e2eNs, "e2eNs");
    check(a.e2eGpuNs == b.e2eGpuNs, "e2eGpuNs");
    check(a.bucketsNs == b.bucketsNs, "bucketsNs");
    check(a.bucketsGpuNs == b.bucketsGpuNs, "bucketsGpuNs");
    check(a.ttsNs == b.ttsNs, "ttsNs");
    check(a.ttrNs == b.ttrNs, "ttrNs");
    check(a.failures == b.failures, "failures");
    check(a.preemptions == b.preemptions, "preemptions");
    check(a.otherInterruptions == b.otherInterruptions, "otherInterruptions");
    check(a.noCheckpointDataJobs == b.noCheckpointDataJobs, "noCheckpointDataJobs");
    return d;
}

TEST(WhatIfGenerated, TodayIsTheEnginesRollupOfTheSameJobs)
{
    auto engine = engineOf(generatedFleet(300, 11));
    const auto all = project(*engine, {});
    EXPECT_EQ(all.jobs, 300);
    EXPECT_EQ(differences(all.today, engine->rollup(gpu::Filter {}, gpu::Grouping {}).total), "");
    EXPECT_GT(all.today.failures, 0);

    // A cohort with a time range: whole jobs that overlap it, as the roll-up of those jobs
    // without the range (and without queue).
    const int64_t day = 86400 * kS;
    const int64_t start = core::GeneratorOptions {}.startNs;
    gpu::Filter ranged;
    ranged.fromNs = start + 3 * day;
    ranged.toNs = start + 5 * day;
    const core::WhatIfModel model = gpu::whatIfModel(*engine, ranged);
    const auto r = model.project({});
    ASSERT_TRUE(r.ok());
    gpu::Filter same;
    same.jobs = gpu::selectedJobs(*engine, ranged);
    ASSERT_FALSE(same.jobs.empty());
    EXPECT_LT(same.jobs.size(), 300u);
    EXPECT_EQ(r->jobs, static_cast<int64_t>(same.jobs.size()));
    EXPECT_EQ(differences(r->today, engine->rollup(same, gpu::Grouping {}).total), "");
    EXPECT_TRUE(r->today.e2eNs != engine->rollup(ranged, gpu::Grouping {}).total.e2eNs) << "not clipped";
}

TEST(WhatIfGenerated, WithExcludedWindowsTodayIsTheRollupWithThemAndTheBridgeAddsUp)
{
    auto engine = engineOf(generatedFleet(300, 14));
    const int64_t day = 86400 * kS;
    const int64_t start = core::GeneratorOptions {}.startNs;
    gpu::Filter filter;
    filter.excluded = { { start + 2 * day + 7'777, start + 3 * day }, { start + day / 3, start + day / 2 },
        { start + 2 * day, start + 2 * day + 9'999 } };
    const core::WhatIfModel model = gpu::whatIfModel(*engine, filter);
    const auto r = model.project({ bucket(Bucket::Compile, 0.6), phaseChange(Category::Init, "process_group_init", 0.5),
        interruptions(core::InterruptionClass::Failures, 0.7), interval(std::nullopt, std::nullopt, true),
        bucket(Bucket::Recovery, 0.5) });
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto rollup = engine->rollup(filter, gpu::Grouping {}).total;
    EXPECT_EQ(differences(r->today, rollup), "");
    EXPECT_TRUE(r->today.excludedNs == rollup.excludedNs);
    EXPECT_TRUE(r->today.excludedGpuNs == rollup.excludedGpuNs);
    EXPECT_TRUE(rollup.excludedTotalNs() > 0);
    expectBridgeAddsUp(*r);
    Wide sum = 0;
    for (size_t b = 0; b < core::kBucketCount; ++b) {
        EXPECT_TRUE(r->projectedBucketsNs[b] >= 0) << b;
        sum += r->projectedBucketsGpuNs[b];
    }
    EXPECT_TRUE(sum == r->projectedE2eGpuNs) << "the projected buckets still make up E2E";
    // The same changes without the windows save more (they had more time to scale).
    const auto whole = project(*engine, { bucket(Bucket::Compile, 0.6) });
    const auto kept = model.project({ bucket(Bucket::Compile, 0.6) });
    ASSERT_TRUE(kept.ok());
    EXPECT_TRUE(kept->steps.at(0).totalSavedNs < whole.steps.at(0).totalSavedNs);
}

TEST(WhatIfGenerated, IdentityScenarioGivesTodayExactly)
{
    auto engine = engineOf(generatedFleet(300, 12));
    const auto r = project(*engine,
        { bucket(Bucket::Compile, 1.0), phaseChange(Category::Init, "process_group_init", 1.0),
            interruptions(core::InterruptionClass::All, 1.0), interval(1.0, std::nullopt, false),
            bucket(Bucket::Recovery, 1.0) });
    EXPECT_TRUE(r.projectedBucketsNs == r.today.bucketsNs);
    EXPECT_TRUE(r.projectedBucketsGpuNs == r.today.bucketsGpuNs);
    EXPECT_TRUE(r.projectedE2eGpuNs == r.today.e2eGpuNs);
    EXPECT_EQ(r.projectedPico, r.todayPico);
    EXPECT_EQ(r.projectedPicoTime, r.todayPicoTime);
    EXPECT_EQ(r.projectedFailures, r.today.failures);
    for (const auto& s : r.steps) {
        EXPECT_EQ(s.pico, 0) << s.change;
        EXPECT_EQ(s.attemptsChanged, 0) << s.change;
    }
}

TEST(WhatIfGenerated, BridgeIsExactOverManyChanges)
{
    auto engine = engineOf(generatedFleet(400, 13));
    const auto r = project(*engine,
        { bucket(Bucket::Compile, 0.6), phaseChange(Category::Init, "process_group_init", 0.5),
            interruptions(core::InterruptionClass::Failures, 0.7), interval(std::nullopt, std::nullopt, true),
            bucket(Bucket::Setup, std::nullopt, 60.0), bucket(Bucket::Recovery, 0.5),
            bucket(Bucket::Stall, std::nullopt, 0.0) });
    expectBridgeAddsUp(r);
    const auto productive = idx(Bucket::Productive);
    EXPECT_TRUE(r.projectedBucketsGpuNs[productive] == r.today.bucketsGpuNs[productive]);
    Wide sum = 0;
    for (size_t b = 0; b < core::kBucketCount; ++b) {
        EXPECT_TRUE(r.projectedBucketsNs[b] >= 0) << b;
        sum += r.projectedBucketsGpuNs[b];
    }
    EXPECT_TRUE(sum == r.projectedE2eGpuNs) << "the projected buckets still make up E2E";
    // Each step is P D / (E E') to within the one unit of the apportionment.
    const auto p = static_cast<long double>(r.today.bucketsGpuNs[productive]);
    const auto e = static_cast<long double>(r.today.e2eGpuNs);
    const auto e2 = static_cast<long double>(r.projectedE2eGpuNs);
    for (const auto& s : r.steps) {
        EXPECT_GT(s.attemptsChanged, 0) << s.change;
        const long double exact = p * static_cast<long double>(s.totalSavedGpuNs) / (e * e2) * 1e14L;
        EXPECT_NEAR(static_cast<double>(s.pico), static_cast<double>(exact), 1.0) << s.change;
    }
    EXPECT_NEAR(static_cast<double>(*r.projectedPico), static_cast<double>(p / e2 * 1e14L), 1.0);
    EXPECT_GT(*r.projectedPico, *r.todayPico);
    EXPECT_LT(r.projectedFailures, r.today.failures);
}

} // namespace
} // namespace ett
