// Fixtures shared by the tests of the pages (overview, drill-down, filter bar, details): the
// worked example of the spec (section 6) and generated fleets, turned into the plain results the
// data service delivers (TableData, OverviewData, JobTimeline) with the core's reference
// accounting and the CPU engine; a database on the CPU engine as the command line loads it; and
// small lookups into windows and charts. Header-only; test code.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/window/translations.h"
#include "core/model/accounting.h"
#include "core/model/rollup.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "gpu/engine.h"

#include <QAction>
#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QLocale>
#include <QString>
#include <QTimer>
#include <QWidget>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "samples/synth/generator.h"

namespace ett::app::fixtures {

inline constexpr int64_t kS = 1'000'000'000;

inline void ensureApp()
{
    if (QCoreApplication::instance() == nullptr) {
        static int argc = 1;
        static char name[] = "ui_tests";
        static char* argv[] = { name, nullptr };
        auto* app = new QApplication(argc, argv); // lives for the whole test program
        // English, as under LANG=C: the plural forms and figures the tests expect.
        setUpLanguage(*app, QStringLiteral("en"), QLocale::c());
    }
}

// The window's action of that text ("&Compare A/B"), or nullptr.
// Runs `handle` on the next modal widget of type W once it shows (inside its exec()).
template <typename W> void onNextModal(std::function<void(W*)> handle)
{
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, handle] {
        if (auto* w = qobject_cast<W*>(QApplication::activeModalWidget())) {
            timer->stop();
            timer->deleteLater();
            handle(w);
        }
    });
    timer->start();
}

inline QAction* actionNamed(const QWidget& window, const QString& text)
{
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

// The areas of a chart (the bars of a waterfall), in the order they were added.
inline std::vector<QAreaSeries*> areaSeriesOf(const QChart* chart)
{
    std::vector<QAreaSeries*> out;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* a = qobject_cast<QAreaSeries*>(s)) {
            out.push_back(a);
        }
    }
    return out;
}

// The spec's worked example (section 6): J1, 8 GPUs, a failed attempt and a completed one.
inline core::JobInput workedExample()
{
    using core::Category;
    core::JobInput job;
    job.gpus = 8;
    core::AttemptInput a0;
    a0.number = 0;
    a0.startNs = 0;
    a0.endNs = 37545 * kS;
    a0.gpus = 8;
    a0.outcome = core::Outcome::Failed;
    a0.interruptedAtNs = 37545 * kS;
    a0.interruption = core::classifyInterruption(core::Outcome::Failed, "infra.gpu");
    a0.phases = {
        { 0, 600 * kS, Category::Init, -1 },
        { 600 * kS, 1500 * kS, Category::Compile, -1 },
        { 1500 * kS, 37545 * kS, Category::Train, -1 },
        { 11985 * kS, 12000 * kS, Category::CheckpointSave, -1 },
        { 23985 * kS, 24000 * kS, Category::CheckpointSave, -1 },
        { 36330 * kS, 36345 * kS, Category::CheckpointSave, -1 },
    };
    core::AttemptInput a1;
    a1.number = 1;
    a1.startNs = 37845 * kS;
    a1.endNs = 58545 * kS;
    a1.gpus = 8;
    a1.phases = {
        { 37845 * kS, 38445 * kS, Category::Init, -1 },
        { 38445 * kS, 38745 * kS, Category::Compile, -1 },
        { 38745 * kS, 56745 * kS, Category::Train, -1 },
        { 56745 * kS, 58545 * kS, Category::Shutdown, -1 },
    };
    job.attempts = { a0, a1 };
    job.checkpoints
        = { { 11985 * kS, 12000 * kS, false }, { 23985 * kS, 24000 * kS, false }, { 36330 * kS, 36345 * kS, false } };
    return job;
}

// The figures of one job, as the roll-up adds it.
inline core::Figures figuresOf(const core::JobInput& job, const core::RollupOptions& options = {})
{
    core::Figures f;
    core::addJob(f, core::attributeJob(job, true), job.gpus, options);
    return f;
}

// The figures of one attempt of a job (its window only, as a table row at the job level).
inline core::Figures attemptFiguresOf(const core::JobInput& job, size_t attempt)
{
    const core::JobResult all = core::attributeJob(job, true);
    core::Figures f;
    core::JobResult r;
    r.attempts = { all.attempts[attempt] };
    r.attempts[0].gapAfterNs = 0;
    r.windowStartNs = r.attempts[0].startNs;
    r.windowEndNs = r.attempts[0].endNs;
    r.bucketsNs = r.attempts[0].bucketsNs;
    r.ttsNs = r.attempts[0].ttsNs;
    r.failures = r.attempts[0].interruption == core::Interruption::Failure ? 1 : 0;
    r.preemptions = r.attempts[0].interruption == core::Interruption::Preemption ? 1 : 0;
    r.otherInterruptions = r.attempts[0].interruption == core::Interruption::Other ? 1 : 0;
    core::addJob(f, r, job.gpus, {});
    return f;
}

// A generated fleet (deterministic for a seed).
inline std::vector<core::GeneratedJob> generateFleet(int64_t jobs, uint64_t seed = 7, int days = 10)
{
    core::GeneratorOptions o;
    o.jobs = jobs;
    o.seed = seed;
    o.days = days;
    core::FleetGenerator g(o);
    std::vector<core::GeneratedJob> out;
    core::GeneratedJob j;
    while (g.next(j)) {
        out.push_back(j);
    }
    return out;
}

// The value of an attribute of a generated job ("" when absent).
inline std::string attrOf(const core::GeneratedJob& job, const std::string& key)
{
    for (const auto& [k, v] : job.job.attrs) {
        if (k == key) {
            return v;
        }
    }
    return {};
}

// The fleet-level table of jobs, as the data service gives it without a group-by.
inline TableData jobTable(const std::vector<core::GeneratedJob>& fleet)
{
    TableData t;
    for (size_t i = 0; i < fleet.size(); ++i) {
        TableRow r;
        r.name = fleet[i].job.job;
        r.detail = fleet[i].job.name;
        r.job = static_cast<int32_t>(i);
        r.figures = figuresOf(core::toJobInput(fleet[i]));
        t.rows.push_back(std::move(r));
    }
    return t;
}

// The fleet-level table grouped by an attribute.
inline TableData groupTable(const std::vector<core::GeneratedJob>& fleet, const std::string& key)
{
    TableData t;
    t.location.groupBy = key;
    std::map<std::string, core::Figures> groups;
    for (const auto& j : fleet) {
        const std::string v = attrOf(j, key);
        groups[v.empty() ? core::kNoGroupName : v].merge(figuresOf(core::toJobInput(j)));
    }
    for (auto& [name, f] : groups) {
        TableRow r;
        r.name = name;
        r.figures = std::move(f);
        t.rows.push_back(std::move(r));
    }
    return t;
}

// The attempts of the worked example as the job-level table.
inline TableData workedExampleAttempts(int32_t job)
{
    TableData t;
    t.location.level = Level::Job;
    t.location.job = job;
    const core::JobInput in = workedExample();
    for (size_t a = 0; a < in.attempts.size(); ++a) {
        TableRow r;
        r.job = job;
        r.attempt = in.attempts[a].number;
        r.name = "attempt " + std::to_string(r.attempt);
        r.detail = a == 0 ? "failed, infra.gpu" : "completed";
        r.figures = attemptFiguresOf(in, a);
        t.rows.push_back(std::move(r));
    }
    return t;
}

// A database loaded with its phases on the CPU engine, as the command line loads it (`ettw compare`,
// `ettw whatif`): what a page's figures are checked against.
inline std::unique_ptr<gpu::Engine> engineOfStore(const std::string& db)
{
    auto d = core::Database::open(db, core::Database::OpenMode::MustExist);
    EXPECT_TRUE(d.ok());
    auto stored = core::loadStoredFleet(**d,
        core::ColumnsQuery { std::nullopt, true, std::nullopt, core::ColumnsQuery::Storage::Auto, true, std::nullopt });
    EXPECT_TRUE(stored.ok());
    auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
    engine->load(std::move(stored->columns), std::move(stored->attribution));
    return engine;
}

// An engine over a generated fleet (CPU backend), as the data service holds one.
inline std::unique_ptr<gpu::Engine> engineOf(const std::vector<core::GeneratedJob>& fleet)
{
    core::FleetColumnsBuilder b;
    for (const auto& j : fleet) {
        core::addGeneratedJob(b, j, "default");
    }
    auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
    engine->load(b.finish());
    return engine;
}

// The overview of a whole fleet, built the way the data service builds it.
inline OverviewData overviewOf(gpu::Engine& engine, gpu::Calendar every = gpu::Calendar::Day)
{
    OverviewData d;
    d.every = every;
    d.fleet = engine.rollup({}, { gpu::GroupBy::None, -1 }).total;
    d.tts = core::percentilesOf(d.fleet.ttsNs);
    d.ttr = core::percentilesOf(d.fleet.ttrNs);
    d.series = engine.series({}, every);
    for (auto& g : engine.rollup({}, { gpu::GroupBy::CauseClass, -1 }).groups) {
        if (g.figures.failures + g.figures.preemptions + g.figures.otherInterruptions > 0) {
            d.byCauseClass.push_back(std::move(g));
        }
    }
    auto jobs = engine.rollup({}, { gpu::GroupBy::Job, -1 }).groups;
    std::stable_sort(jobs.begin(), jobs.end(),
        [](const auto& a, const auto& b) { return a.figures.lostGpuNs() > b.figures.lostGpuNs(); });
    const auto& c = engine.columns();
    for (size_t i = 0; i < jobs.size() && i < 10; ++i) {
        JobSummary s;
        s.job = jobs[i].code;
        s.key = jobs[i].name;
        s.name = c.jobName[static_cast<size_t>(s.job)];
        s.label = "default";
        s.gpus = c.jobGpus[static_cast<size_t>(s.job)];
        s.figures = jobs[i].figures;
        d.topJobs.push_back(std::move(s));
    }
    return d;
}

// A job's timeline as the store would give it: the reference attribution of its input plus its
// phases as imported (ranks, subcategories, names).
inline core::JobTimeline timelineOf(const core::GeneratedJob& job)
{
    const core::JobInput in = core::toJobInput(job);
    const core::JobResult r = core::attributeJob(in, true);
    core::JobTimeline t;
    t.key = job.job.job;
    t.name = job.job.name;
    t.label = "default";
    t.gpus = in.gpus;
    t.submittedNs = job.job.submittedNs;
    t.attrs = job.job.attrs;
    t.noCheckpointData = r.noCheckpointData;
    t.windowStartNs = r.windowStartNs;
    t.windowEndNs = r.windowEndNs;
    for (const auto& a : r.attempts) {
        core::TimelineAttempt ta;
        ta.result = a;
        for (const auto& rec : job.attempts) {
            if (rec.attempt == a.number) {
                ta.cause = rec.cause;
                ta.symptom = std::string(core::symptomName(rec.symptom));
                ta.detail = rec.detail;
            }
        }
        for (const auto& p : job.phases) {
            if (p.attempt == a.number) {
                ta.phases.push_back({ std::max(p.startNs, a.startNs), std::min(p.endNs, a.endNs), p.category,
                    p.subcategory, p.rank, p.name });
            }
        }
        std::sort(
            ta.phases.begin(), ta.phases.end(), [](const auto& x, const auto& y) { return x.startNs < y.startNs; });
        t.attempts.push_back(std::move(ta));
    }
    return t;
}

// The worked example's timeline (no ranks, no subcategories).
inline core::JobTimeline workedExampleTimeline()
{
    const core::JobInput in = workedExample();
    const core::JobResult r = core::attributeJob(in, true);
    core::JobTimeline t;
    t.key = "J1";
    t.label = "default";
    t.gpus = 8;
    t.windowStartNs = r.windowStartNs;
    t.windowEndNs = r.windowEndNs;
    for (size_t i = 0; i < r.attempts.size(); ++i) {
        core::TimelineAttempt ta;
        ta.result = r.attempts[i];
        if (i == 0) {
            ta.cause = "infra.gpu";
            ta.symptom = "explicit";
            ta.detail = "XID 79";
        }
        for (const auto& p : in.attempts[i].phases) {
            ta.phases.push_back({ p.startNs, p.endNs, p.category, {}, p.rank, {} });
        }
        std::sort(
            ta.phases.begin(), ta.phases.end(), [](const auto& x, const auto& y) { return x.startNs < y.startNs; });
        t.attempts.push_back(std::move(ta));
    }
    for (const auto& c : in.checkpoints) {
        t.checkpoints.push_back({ c.startNs, c.durableNs, false, 0, {} });
    }
    return t;
}

} // namespace ett::app::fixtures
