// Hand-made inputs of the timeline tests: the spec's worked example (section 6) as a
// core::JobTimeline, with per-rank init stages, a background upload and a failed checkpoint
// added, and a small fleet. Header-only, shared by timeline_test.cpp and gantt_painter_test.cpp.
#pragma once

#include "app/service/fleet_source.h"
#include "app/ui/data/types.h"
#include "app/ui/window/translations.h"
#include "core/model/accounting.h"
#include "core/model/timeutil.h"
#include "core/store/timeline.h"

#include <QApplication>
#include <QLocale>

#include <algorithm>
#include <cstdint>
#include <string>

namespace ett::app::testing {

inline constexpr int64_t kS = core::kNsPerSecond;
inline constexpr int64_t kT0 = 1'748'736'000 * kS; // 2025-06-01T00:00:00Z

// The QApplication of the test binary, created once, offscreen unless told otherwise.
inline QApplication* ensureApp()
{
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) {
        return app;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    static int argc = 1;
    static char name[] = "ui_tests";
    static char* argv[] = { name, nullptr };
    static auto* app = new QApplication(argc, argv);
    // English, as under LANG=C: the plural forms and figures the tests expect.
    setUpLanguage(*app, QStringLiteral("en"), QLocale::c());
    return app;
}

inline int64_t at(int64_t seconds)
{
    return kT0 + seconds * kS;
}

// The worked example of spec section 6 (times in seconds from kT0):
//   attempt 0 [0, 37545) failed (infra.gpu, explicit, "XID 48") at 37545: init [0, 600),
//   compile [600, 1500), train [1500, 37545), saves at 11985, 23985, 36330 (15 s each),
//   checkpoints durable at the end of each save, plus one that failed at 30000, and a
//   background upload [12000, 12100);
//   gap [37545, 37845);
//   attempt 1 [37845, 58545) completed: init stages per rank 0 and 1 (device_init
//   [37845, 38100), process_group_init [38100, 38445)), compile [38445, 38745),
//   train [38745, 56745), shutdown [56745, 58545).
// Expected: TTS 1500 s (attempt 1: 900 s), TTR 1200 s, lost progress [36345, 37545).
inline core::JobTimeline workedExample()
{
    using core::Category;
    core::JobInput in;
    in.gpus = 8;
    core::AttemptInput a0;
    a0.number = 0;
    a0.startNs = at(0);
    a0.endNs = at(37545);
    a0.gpus = 8;
    a0.outcome = core::Outcome::Failed;
    a0.interruptedAtNs = at(37545);
    a0.interruption = core::Interruption::Failure;
    a0.phases = {
        { at(0), at(600), Category::Init, -1 },
        { at(600), at(1500), Category::Compile, -1 },
        { at(1500), at(37545), Category::Train, -1 },
        { at(11985), at(12000), Category::CheckpointSave, -1 },
        { at(12000), at(12100), Category::Background, -1 },
        { at(23985), at(24000), Category::CheckpointSave, -1 },
        { at(36330), at(36345), Category::CheckpointSave, -1 },
    };
    core::AttemptInput a1;
    a1.number = 1;
    a1.startNs = at(37845);
    a1.endNs = at(58545);
    a1.gpus = 8;
    a1.phases = {
        { at(37845), at(38100), Category::Init, 0 },
        { at(38100), at(38445), Category::Init, 0 },
        { at(37845), at(38100), Category::Init, 1 },
        { at(38100), at(38445), Category::Init, 1 },
        { at(38445), at(38745), Category::Compile, -1 },
        { at(38745), at(56745), Category::Train, -1 },
        { at(56745), at(58545), Category::Shutdown, -1 },
    };
    in.attempts = { a0, a1 };
    in.checkpoints = {
        { at(11985), at(12000), false },
        { at(23985), at(24000), false },
        { at(30000), at(30000), true },
        { at(36330), at(36345), false },
    };
    const core::JobResult result = core::attributeJob(in, true);

    core::JobTimeline t;
    t.jobId = core::JobRowId { 1 };
    t.label = "default";
    t.key = "J1";
    t.name = "worked example";
    t.gpus = 8;
    t.windowStartNs = result.windowStartNs;
    t.windowEndNs = result.windowEndNs;
    const char* subcategories[] = { "device_init", "process_group_init", "device_init", "process_group_init" };
    for (size_t i = 0; i < result.attempts.size(); ++i) {
        core::TimelineAttempt ta;
        ta.result = result.attempts[i];
        const core::AttemptInput& input = in.attempts[i];
        for (size_t p = 0; p < input.phases.size(); ++p) {
            core::TimelinePhase ph;
            ph.startNs = input.phases[p].startNs;
            ph.endNs = input.phases[p].endNs;
            ph.category = input.phases[p].category;
            ph.rank = input.phases[p].rank;
            if (i == 1 && p < 4) {
                ph.subcategory = subcategories[p];
            }
            if (ph.category == Category::Background) {
                ph.subcategory = "checkpoint_upload";
            }
            ta.phases.push_back(ph);
        }
        std::stable_sort(ta.phases.begin(), ta.phases.end(),
            [](const core::TimelinePhase& x, const core::TimelinePhase& y) { return x.startNs < y.startNs; });
        if (i == 0) {
            ta.cause = "infra.gpu";
            ta.symptom = "explicit";
            ta.detail = "XID 48";
        } else {
            ta.ranks = { 0, 1 };
        }
        t.attempts.push_back(ta);
    }
    int64_t step = 1000;
    for (const core::CheckpointMark& c : in.checkpoints) {
        core::TimelineCheckpoint tc;
        tc.startNs = c.startNs;
        tc.durableNs = c.durableNs;
        tc.failed = c.failed;
        tc.attempt = 0;
        tc.step = step;
        step += 1000;
        t.checkpoints.push_back(tc);
    }
    return t;
}

// Three jobs over [0, 1000) s: job 7 trains with a failure at 400 s and 100 s of hatched lost
// progress before it; job 3 has a preemption at 500 s; job 9 is idle.
inline FleetTimelineData smallFleet()
{
    using core::Bucket;
    auto span = [](int64_t s, int64_t e, Bucket b) {
        return FleetTimelineRow::Span { at(s), at(e), static_cast<uint8_t>(b) };
    };
    FleetTimelineData d;
    d.fromNs = at(0);
    d.toNs = at(1000);
    FleetTimelineRow r7;
    r7.job = 7;
    r7.key = "job-7";
    r7.label = "default";
    r7.gpus = 64;
    r7.spans = { span(0, 100, Bucket::Init), span(100, 300, Bucket::Productive), span(300, 400, Bucket::LostProgress),
        span(400, 500, Bucket::Recovery), span(500, 900, Bucket::Productive) };
    r7.faults = { { at(400), static_cast<uint8_t>(core::Interruption::Failure), 0 } };
    FleetTimelineRow r3;
    r3.job = 3;
    r3.key = "job-3";
    r3.label = "default";
    r3.spans = { span(200, 500, Bucket::Productive), span(500, 600, Bucket::Recovery) };
    r3.faults = { { at(500), static_cast<uint8_t>(core::Interruption::Preemption), 2 } };
    FleetTimelineRow r9;
    r9.job = 9;
    r9.key = "job-9";
    r9.label = "default";
    r9.spans = { span(600, 1000, Bucket::Idle) };
    d.rows = { r7, r3, r9 };
    return d;
}

// `jobs` jobs one after the other, binned: job k is productive over [10 k, 10 k + 10) s, and every
// hundredth fails at its end.
inline FleetDensity staircase(int jobs, int columns, int maxRows)
{
    FleetDensityBuilder b(at(0), at(10 * static_cast<int64_t>(jobs)), columns, jobs, maxRows);
    for (int k = 0; k < jobs; ++k) {
        b.beginJob(k, "job-" + std::to_string(k));
        b.addSpan(at(10 * k), at(10 * k + 10), static_cast<uint8_t>(core::Bucket::Productive));
        if (k % 100 == 99) {
            b.addFault(at(10 * k + 10));
        }
    }
    return b.finish();
}

} // namespace ett::app::testing
