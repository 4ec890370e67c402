// Tests of the What-if page on the bundled sample fleet (fleet-200) in a
// real database, served by the real data service: a slider moved to 60% on compile shows exactly
// what core::WhatIfModel::project gives for "compile x0.6" on the same database (the engine loaded
// here as `ettw whatif` loads it), the bridge's bars walk from today to projected in exact steps,
// only the newest request's projection is shown, a saved scenario (in the database) loads back into
// the rows, a delete is undone by saving it again, a refused save changes nothing, the cohort can
// be typed, an import builds the model again, the steps and the bridge export with their exact
// values, and an empty database shows an empty state.
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "core/store/importer.h"
#include "core/store/scenarios.h"
#include "gpu/compare.h"
#include "gpu/whatif.h"

#include <QAction>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

using Row = WhatIfPage::Row;

constexpr int kWaitMs = 60'000;

// fleet-200 imported under "default" into a database of its own, once.
struct Store
{
    QTemporaryDir dir;
    std::string db;

    Store()
    {
        db = dir.filePath(QStringLiteral("whatif.db")).toStdString();
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        EXPECT_TRUE(d.ok()) << d.error().message;
        core::ImportOptions options;
        options.label = "default";
        auto s = core::importTraceFile(**d, ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz", options);
        EXPECT_TRUE(s.ok()) << s.error().message;
    }
};

const Store& store()
{
    static const Store s;
    return s;
}

// What `ettw whatif` projects for a cohort spec and changes: the store loaded with its phases on
// the CPU engine, the cohort's model, the changes projected.
core::WhatIfResult expectedProjection(const std::vector<core::WhatIfChange>& changes, const std::string& cohort = "",
    const std::vector<core::TimeSpan>& excluded = {})
{
    auto engine = fixtures::engineOfStore(store().db);
    auto spec = core::parseCohortSpec(cohort, "cohort");
    EXPECT_TRUE(spec.ok());
    spec->excluded = excluded;
    const core::WhatIfModel model = gpu::whatIfModel(*engine, gpu::cohortFilter(*spec, engine->columns()));
    auto result = model.project(changes);
    EXPECT_TRUE(result.ok()) << result.error().message;
    return *result;
}

core::WhatIfChange bucketChange(core::Bucket b, double scale)
{
    core::WhatIfChange c;
    c.target = core::WhatIfTarget::Bucket;
    c.bucket = b;
    c.scale = scale;
    return c;
}

core::WhatIfChange failuresChange(double scale)
{
    core::WhatIfChange c;
    c.target = core::WhatIfTarget::Interruptions;
    c.interruptions = core::InterruptionClass::Failures;
    c.scale = scale;
    return c;
}

QStringList texts(const std::vector<core::WhatIfChange>& changes)
{
    QStringList out;
    for (const auto& c : changes) {
        out << QString::fromStdString(c.text());
    }
    return out;
}

// The scenarios in the database, as JSON by name (read with the core, not through the page).
std::map<std::string, std::string> storedScenarios()
{
    auto d = core::Database::open(store().db, core::Database::OpenMode::MustExist);
    EXPECT_TRUE(d.ok());
    auto list = core::listScenarios(**d);
    EXPECT_TRUE(list.ok()) << list.error().message;
    std::map<std::string, std::string> out;
    for (const auto& s : *list) {
        out[s.scenario.name] = core::scenarioJson(s.scenario);
    }
    return out;
}

class WhatIfPageTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        clearScenarios();
        QObject::connect(&service, &DataService::databaseOpened, &state,
            [this](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
        page = std::make_unique<WhatIfPage>(&state, &service);
        page->resize(1600, 900);
        page->show();
        QSignalSpy shown(page.get(), &WhatIfPage::projectionShown);
        QSignalSpy listed(page.get(), &WhatIfPage::scenariosShown);
        service.openDatabase(QString::fromStdString(store().db));
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0 && listed.count() > 0; }, kWaitMs))
            << page->errorText().toStdString();
    }

    void TearDown() override { page.reset(); }

    // Each test starts without saved scenarios.
    static void clearScenarios()
    {
        auto d = core::Database::open(store().db, core::Database::OpenMode::MustExist);
        ASSERT_TRUE(d.ok());
        auto list = core::listScenarios(**d);
        ASSERT_TRUE(list.ok());
        for (const auto& s : *list) {
            ASSERT_TRUE(core::deleteScenario(**d, s.scenario.name).ok());
        }
    }

    // Does `action`, then waits for the next projection shown, of the page's changes at that time.
    void waitForProjection(const std::function<void()>& action)
    {
        QSignalSpy shown(page.get(), &WhatIfPage::projectionShown);
        action();
        const QStringList wanted = texts(page->changes());
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return shown.count() > 0 && !page->isBusy() && texts(page->data().request.changes) == wanted; },
            kWaitMs))
            << page->errorText().toStdString();
    }

    void waitForScenarios(const std::function<void()>& action)
    {
        QSignalSpy listed(page.get(), &WhatIfPage::scenariosShown);
        action();
        ASSERT_TRUE(QTest::qWaitFor([&] { return listed.count() > 0; }, kWaitMs));
    }

    std::vector<QAreaSeries*> bridgeBars() const { return fixtures::areaSeriesOf(page->bridgeChart()); }

    WorkbenchState state;
    DataService service;
    std::unique_ptr<WhatIfPage> page;
};

TEST_F(WhatIfPageTest, TodayIsTheCohortsFiguresBeforeAnyChange)
{
    const core::WhatIfResult expected = expectedProjection({});
    const core::WhatIfResult& shown = page->data().result;
    EXPECT_TRUE(page->changes().empty()) << "every row at 100%: no change";
    EXPECT_EQ(shown.jobs, 200);
    EXPECT_EQ(shown.todayPico, expected.todayPico);
    EXPECT_EQ(shown.projectedPico, shown.todayPico) << "no change projects today";
    EXPECT_EQ(shown.todayPicoTime, expected.todayPicoTime);
    const QString today = formatPercent(static_cast<double>(*expected.todayPico) * 1e-12, 2);
    EXPECT_EQ(page->headlineText(), today + QStringLiteral(" → ") + today);
    EXPECT_TRUE(page->data().modelBuilt) << "the first request builds the cohort's model";
    EXPECT_FALSE(page->showsEmptyState());
}

TEST_F(WhatIfPageTest, CompileSliderAtSixtyShowsWhatTheModelProjects)
{
    waitForProjection([&] { page->slider(Row::Compile)->setValue(60); });
    EXPECT_DOUBLE_EQ(page->spinBox(Row::Compile)->value(), 60.0) << "the spin box shows the exact %";
    ASSERT_EQ(texts(page->changes()), QStringList { "compile x0.6" });

    const core::WhatIfResult expected = expectedProjection({ bucketChange(core::Bucket::Compile, 0.6) });
    const core::WhatIfResult& shown = page->data().result;
    ASSERT_TRUE(expected.projectedPico && shown.projectedPico);
    EXPECT_EQ(*shown.projectedPico, *expected.projectedPico);
    EXPECT_EQ(shown.projectedPicoTime, expected.projectedPicoTime);
    EXPECT_EQ(shown.projectedE2eGpuNs, expected.projectedE2eGpuNs);
    EXPECT_GT(*shown.projectedPico, *shown.todayPico) << "less compile time: more of E2E is training";
    EXPECT_FALSE(page->data().modelBuilt) << "a slider move reuses the cohort's model";

    // By hand: each attempt's compile c becomes round(0.6 c), so the step saves 0.4 of today's
    // compile time, give or take half a nanosecond per attempt (time-weighted: weight 1).
    const size_t compile = static_cast<size_t>(core::Bucket::Compile);
    const core::WhatIfStep& step = shown.steps.at(0);
    const double fortyPercent = 0.4 * static_cast<double>(shown.today.bucketsNs[compile]);
    EXPECT_GT(fortyPercent, 0.0);
    EXPECT_LE(
        std::abs(static_cast<double>(step.totalSavedNs) - fortyPercent), 0.5 * static_cast<double>(shown.attempts));
    EXPECT_EQ(step.totalSavedGpuNs, step.savedGpuNs[compile]) << "compile only";

    const QString expectedHeadline = formatPercent(static_cast<double>(*expected.todayPico) * 1e-12, 2)
        + QStringLiteral(" → ") + formatPercent(static_cast<double>(*expected.projectedPico) * 1e-12, 2);
    EXPECT_EQ(page->headlineText(), expectedHeadline);
    EXPECT_EQ(page->headlineChangeText(),
        formatPp(static_cast<double>(*expected.projectedPico - *expected.todayPico) * 1e-12));

    // Back to 100%: no change, today again.
    waitForProjection([&] { page->spinBox(Row::Compile)->setValue(100); });
    EXPECT_TRUE(page->changes().empty());
    EXPECT_EQ(page->slider(Row::Compile)->value(), 100) << "the slider follows the spin box";
    EXPECT_EQ(page->data().result.projectedPico, expected.todayPico);
}

TEST_F(WhatIfPageTest, TheBridgeWalksFromTodayToProjectedInExactSteps)
{
    waitForProjection([&] {
        page->setPercent(Row::Compile, 60);
        page->setPercent(Row::Init, 50);
        page->setPercent(Row::Failures, 70);
    });
    // In the order of the rows.
    ASSERT_EQ(texts(page->changes()), (QStringList { "init x0.5", "compile x0.6", "failures x0.7" }));
    const core::WhatIfResult expected = expectedProjection(
        { bucketChange(core::Bucket::Init, 0.5), bucketChange(core::Bucket::Compile, 0.6), failuresChange(0.7) });
    const core::WhatIfResult& r = page->data().result;
    ASSERT_EQ(r.steps.size(), 3u);
    EXPECT_EQ(r.projectedPico, expected.projectedPico);
    EXPECT_EQ(r.projectedFailures, expected.projectedFailures);
    EXPECT_LT(r.projectedFailures, r.today.failures);

    int64_t sum = 0;
    for (size_t i = 0; i < r.steps.size(); ++i) {
        EXPECT_EQ(r.steps[i].pico, expected.steps[i].pico) << r.steps[i].change;
        EXPECT_NE(r.steps[i].pico, 0) << "each change moves ETT%";
        sum += r.steps[i].pico;
    }
    EXPECT_EQ(*r.todayPico + sum, *r.projectedPico) << "exact in 1e-12 pp";

    // today, a bar per change, projected; each step starts where the last ended.
    const auto bars = bridgeBars();
    ASSERT_EQ(bars.size(), 5u);
    EXPECT_EQ(bars.front()->property("toPico").toLongLong(), *r.todayPico);
    int64_t level = *r.todayPico;
    for (size_t i = 0; i < r.steps.size(); ++i) {
        QAreaSeries* bar = bars[i + 1];
        EXPECT_EQ(bar->name(), QString::fromStdString(r.steps[i].change));
        EXPECT_EQ(bar->property("fromPico").toLongLong(), level);
        level += r.steps[i].pico;
        EXPECT_EQ(bar->property("toPico").toLongLong(), level);
        const double top = static_cast<double>(std::max<int64_t>(level, level - r.steps[i].pico)) * 1e-12;
        EXPECT_NEAR(bar->upperSeries()->at(0).y(), top, 1e-9);
    }
    EXPECT_EQ(level, *r.projectedPico);
    EXPECT_EQ(bars.back()->property("toPico").toLongLong(), *r.projectedPico);

    // The table: a row per change, then their total, which is the headline's change.
    QTableWidget* t = page->stepsTable();
    ASSERT_EQ(t->rowCount(), 4);
    EXPECT_EQ(t->item(1, 0)->text(), "compile x0.6");
    EXPECT_EQ(t->item(1, 3)->text(), formatPp(static_cast<double>(r.steps[1].pico) * 1e-12));
    EXPECT_EQ(t->item(3, 3)->text(), page->headlineChangeText());
}

TEST_F(WhatIfPageTest, OnlyTheNewestProjectionIsShown)
{
    QSignalSpy shown(page.get(), &WhatIfPage::projectionShown);
    page->setPercent(Row::Compile, 60);
    page->refresh();
    page->setPercent(Row::Compile, 20);
    page->refresh();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->isBusy(); }, kWaitMs));
    QTest::qWait(100); // a stale result, had it been delivered, would have arrived by now
    EXPECT_EQ(shown.count(), 1);
    EXPECT_EQ(texts(page->data().request.changes), QStringList { "compile x0.2" });
    EXPECT_EQ(page->data().result.projectedPico,
        expectedProjection({ bucketChange(core::Bucket::Compile, 0.2) }).projectedPico);
}

TEST_F(WhatIfPageTest, APhaseSubcategoryAndTheIntervalProjectAsTheModelDoes)
{
    const QStringList subcategories = qsList(page->data().subcategories);
    ASSERT_TRUE(subcategories.contains("init.process_group_init")) << subcategories.join(", ").toStdString();
    waitForProjection([&] {
        page->setPhaseSubcategory("init.process_group_init");
        page->setPercent(Row::Phase, 50);
        page->setInterval(WhatIfPage::Interval::Optimum);
    });
    ASSERT_EQ(
        texts(page->changes()), (QStringList { "init.process_group_init x0.5", "checkpoint interval = optimum" }));
    const core::WhatIfResult expected = expectedProjection(page->changes());
    const core::WhatIfResult& r = page->data().result;
    EXPECT_EQ(r.projectedPico, expected.projectedPico);
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_GT(r.steps[0].totalSavedGpuNs, 0) << "the phases were loaded: the subcategory has time";
    EXPECT_EQ(r.steps[0].totalSavedGpuNs, expected.steps[0].totalSavedGpuNs);
    EXPECT_EQ(r.steps[1].jobsNotApplicable, expected.steps[1].jobsNotApplicable);
    // The table counts the jobs the interval change did not apply to.
    EXPECT_EQ(page->stepsTable()->item(1, 6)->text(), formatCount(expected.steps[1].jobsNotApplicable));
}

TEST_F(WhatIfPageTest, ASavedScenarioLoadsBackIntoTheRows)
{
    waitForProjection([&] {
        page->setPercent(Row::Compile, 60);
        page->setPercent(Row::Failures, 70);
        page->setInterval(WhatIfPage::Interval::Scale, 50);
    });
    const QStringList saved = texts(page->changes());
    ASSERT_EQ(saved, (QStringList { "compile x0.6", "failures x0.7", "checkpoint interval x0.5" }));
    const std::optional<int64_t> projected = page->data().result.projectedPico;
    waitForScenarios([&] { page->saveScenarioAs("faster start"); });
    ASSERT_EQ(page->scenarios().scenarios.size(), 1u);
    EXPECT_EQ(page->scenarios().scenarios[0].scenario.name, "faster start");
    EXPECT_EQ(texts(page->scenarios().scenarios[0].scenario.changes), saved);
    EXPECT_EQ(page->scenariosTable()->rowCount(), 1);
    EXPECT_EQ(page->scenariosTable()->item(0, 1)->text(), saved.join(", "));
    // In the database, as the CLI would read it.
    const auto stored = storedScenarios();
    ASSERT_EQ(stored.count("faster start"), 1u);
    EXPECT_NE(stored.at("faster start").find("\"compile\""), std::string::npos);

    waitForProjection([&] { page->reset(); });
    EXPECT_TRUE(page->changes().empty());
    EXPECT_EQ(page->slider(Row::Compile)->value(), 100);

    waitForProjection([&] { ASSERT_TRUE(page->loadScenario("faster start")); });
    EXPECT_EQ(page->slider(Row::Compile)->value(), 60);
    EXPECT_DOUBLE_EQ(page->spinBox(Row::Failures)->value(), 70.0);
    EXPECT_EQ(page->interval(), WhatIfPage::Interval::Scale);
    EXPECT_DOUBLE_EQ(page->intervalPercent(), 50.0);
    EXPECT_EQ(texts(page->changes()), saved);
    EXPECT_EQ(page->data().result.projectedPico, projected) << "the same changes project the same";
}

TEST_F(WhatIfPageTest, ADeleteIsUndoneBySavingTheScenarioAgain)
{
    waitForProjection([&] { page->setPercent(Row::Setup, 0); });
    waitForScenarios([&] { page->saveScenarioAs("no setup"); });
    const std::string json = storedScenarios().at("no setup");

    waitForScenarios([&] { page->deleteScenario("no setup"); });
    EXPECT_TRUE(page->scenarios().scenarios.empty());
    EXPECT_EQ(storedScenarios().count("no setup"), 0u) << "deleted in the database";
    ASSERT_TRUE(page->canUndoDelete());
    auto* undo = page->findChild<QPushButton*>("undoDelete");
    ASSERT_NE(undo, nullptr);
    EXPECT_TRUE(undo->isVisible());

    waitForScenarios([&] { undo->click(); });
    ASSERT_EQ(page->scenarios().scenarios.size(), 1u);
    EXPECT_EQ(storedScenarios().at("no setup"), json) << "the very same scenario is back";
    EXPECT_FALSE(page->canUndoDelete());
    EXPECT_FALSE(undo->isVisible());
    EXPECT_TRUE(page->scenarioMessage().contains("Restored")) << page->scenarioMessage().toStdString();

    // An undo that would replace a scenario saved under the name since is refused.
    waitForScenarios([&] { page->deleteScenario("no setup"); });
    waitForProjection([&] { page->setPercent(Row::Setup, 50); });
    waitForScenarios([&] { page->saveScenarioAs("no setup"); });
    const std::string newer = storedScenarios().at("no setup");
    ASSERT_NE(newer, json);
    page->undoDelete();
    EXPECT_TRUE(page->scenarioMessage().contains("Not undone")) << page->scenarioMessage().toStdString();
    QTest::qWait(200);
    EXPECT_EQ(storedScenarios().at("no setup"), newer);
}

TEST_F(WhatIfPageTest, ARefusedSaveChangesNothing)
{
    waitForProjection([&] { page->setPercent(Row::Recovery, 50); });
    waitForScenarios([&] { page->saveScenarioAs("half recovery"); });
    const auto before = storedScenarios();
    // No name: core::saveScenario refuses it and writes nothing.
    waitForScenarios([&] { page->saveScenarioAs("   "); });
    EXPECT_TRUE(page->scenarioMessage().startsWith("Nothing was changed")) << page->scenarioMessage().toStdString();
    EXPECT_EQ(storedScenarios(), before);
    ASSERT_EQ(page->scenarios().scenarios.size(), 1u) << "the list shown stays";
}

TEST_F(WhatIfPageTest, ATypedCohortIsProjectedAndABadOneIsNamed)
{
    const core::WhatIfResult expected = expectedProjection({}, "gpus>=64");
    ASSERT_GT(expected.jobs, 0);
    ASSERT_LT(expected.jobs, 200);
    waitForProjection([&] { page->setCohortSpec(QStringLiteral("gpus>=64")); });
    EXPECT_FALSE(page->followsFilter());
    EXPECT_EQ(page->data().result.jobs, expected.jobs);
    EXPECT_EQ(page->data().result.todayPico, expected.todayPico);
    EXPECT_TRUE(page->data().modelBuilt) << "another cohort: another model";

    QSignalSpy shown(page.get(), &WhatIfPage::projectionShown);
    page->setCohortSpec(QStringLiteral("label=nope"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->isBusy() && !page->errorText().isEmpty(); }, kWaitMs));
    EXPECT_TRUE(page->errorText().contains("nope")) << page->errorText().toStdString();
    EXPECT_EQ(shown.count(), 0);

    // Back to the filter bar's jobs: the filter's spec, followed as it changes.
    waitForProjection([&] { page->setCohortSpec(std::nullopt); });
    EXPECT_EQ(page->data().result.jobs, 200);
    core::CohortSpec f;
    f.minGpus = 64;
    waitForProjection([&] { state.setFilter(f); });
    EXPECT_EQ(page->cohortSpec(), "gpus>=64");
    EXPECT_EQ(page->data().result.jobs, expected.jobs);
}

// The filter bar's excluded windows (spec 7.4) apply to the projection, a typed cohort's too.
TEST_F(WhatIfPageTest, TheFilterBarsExcludedWindowsLeaveTheirTimeOut)
{
    const int64_t day = 86'400'000'000'000;
    const int64_t first = state.vocabulary().firstNs;
    const std::vector<core::TimeSpan> windows = { { first + day, first + 3 * day } };
    const std::vector<core::WhatIfChange> compile = { bucketChange(core::Bucket::Compile, 0.6) };
    const core::WhatIfResult expected = expectedProjection(compile, "gpus>=64", windows);
    ASSERT_TRUE(expected.today.excludedTotalNs() > 0);
    waitForProjection([&] { page->setCohortSpec(QStringLiteral("gpus>=64")); });
    waitForProjection([&] { page->slider(Row::Compile)->setValue(60); });
    ASSERT_EQ(texts(page->changes()), QStringList { "compile x0.6" });
    const auto whole = page->data().result.projectedPico;
    core::CohortSpec f = state.filter();
    f.excluded = windows;
    waitForProjection([&] { state.setFilter(f); });
    EXPECT_TRUE(page->data().modelBuilt) << "other windows: another model";
    EXPECT_EQ(page->data().result.todayPico, expected.todayPico);
    EXPECT_EQ(page->data().result.projectedPico, expected.projectedPico);
    EXPECT_NE(page->data().result.projectedPico, whole);
    EXPECT_TRUE(page->data().result.today.excludedNs == expected.today.excludedNs);
}

TEST_F(WhatIfPageTest, StepsAndBridgeExportWithTheExactValues)
{
    waitForProjection([&] {
        page->setPercent(Row::Compile, 60);
        page->setPercent(Row::Failures, 70);
    });
    const core::WhatIfResult& r = page->data().result;
    QTemporaryDir dir;
    const QString json = dir.filePath("steps.json");
    const core::Status status = exportWidget(page->stepsTable(), json);
    ASSERT_TRUE(status.ok()) << status.error().message;
    QFile jf(json);
    ASSERT_TRUE(jf.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
    EXPECT_EQ(root["table"].toString(), "What-if: the steps from ETT% today to projected");
    EXPECT_TRUE(root["scope"].toString().contains("compile x0.6, failures x0.7"))
        << root["scope"].toString().toStdString();
    const QJsonArray rows = root["rows"].toArray();
    ASSERT_EQ(rows.size(), 3) << "two changes and their total";
    const QJsonObject compile = rows[0].toObject();
    EXPECT_EQ(compile["Change"].toString(), "compile x0.6");
    // Exact: GPU-seconds of a nanosecond sum, pp of a 1e-12 pp step.
    EXPECT_DOUBLE_EQ(compile["GPU-s saved"].toDouble(), static_cast<double>(r.steps[0].totalSavedGpuNs) / 1e9);
    EXPECT_DOUBLE_EQ(compile["pp GPU-weighted"].toDouble(), static_cast<double>(r.steps[0].pico) / 1e12);
    EXPECT_DOUBLE_EQ(
        rows[2].toObject()["pp GPU-weighted"].toDouble(), static_cast<double>(*r.projectedPico - *r.todayPico) / 1e12);
    // The bridge as SVG, its title in it.
    const QString svg = dir.filePath("bridge.svg");
    ASSERT_TRUE(exportWidget(page->findChild<QChartView*>("bridgeChart"), svg).ok());
    QFile sf(svg);
    ASSERT_TRUE(sf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(sf.readAll().contains("Bridge from ETT% today to projected"));
}

TEST(WhatIfPageEmpty, AnEmptyDatabaseShowsAnEmptyState)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    WorkbenchState state;
    DataService service;
    WhatIfPage page(&state, &service);
    page.show();
    EXPECT_TRUE(page.showsEmptyState()) << "no database";
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    QSignalSpy listed(&page, &WhatIfPage::scenariosShown);
    service.openDatabase(dir.filePath(QStringLiteral("empty.db")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return listed.count() > 0; }, kWaitMs));
    EXPECT_TRUE(page.showsEmptyState());
    auto* empty = page.findChild<QLabel*>("emptyState");
    ASSERT_NE(empty, nullptr);
    EXPECT_TRUE(empty->isVisible());
    EXPECT_TRUE(empty->text().contains("no jobs")) << empty->text().toStdString();
    EXPECT_FALSE(page.hasData());
}

TEST(WhatIfPageReload, AnImportBuildsTheModelAgain)
{
    // The same cohort (every job) after an import: the worker's engine is new, so is the model.
    fixtures::ensureApp();
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("reload.db"));
    {
        auto d = core::Database::open(db.toStdString(), core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(d.ok());
        core::ImportOptions options;
        options.label = "fleet";
        ASSERT_TRUE(core::importTraceFile(**d, ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz", options).ok());
    }
    WorkbenchState state;
    DataService service;
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    WhatIfPage page(&state, &service);
    page.show();
    QSignalSpy shown(&page, &WhatIfPage::projectionShown);
    service.openDatabase(db);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0 && !page.isBusy(); }, kWaitMs));
    EXPECT_EQ(page.data().result.jobs, 200);
    page.setPercent(Row::Compile, 60);
    page.refresh();
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 1 && !page.isBusy(); }, kWaitMs));
    EXPECT_FALSE(page.data().modelBuilt);

    // The worked example (one job) imported under another label: 201 jobs, a model built anew.
    service.importFiles({ QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl") }, QStringLiteral("example"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return page.hasData() && page.data().result.jobs == 201; }, kWaitMs))
        << page.errorText().toStdString();
    EXPECT_TRUE(page.data().modelBuilt);
    EXPECT_EQ(texts(page.data().request.changes), QStringList { "compile x0.6" }) << "the rows stay";
}

TEST(WhatIfInWindow, CtrlFiveShowsThePageBesideTheFilterBar)
{
    fixtures::ensureApp();
    MainWindow window;
    window.show();
    QAction* whatIf = fixtures::actionNamed(window, "&What-if");
    ASSERT_NE(whatIf, nullptr);
    EXPECT_EQ(whatIf->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_5));
    whatIf->trigger();
    ASSERT_NE(window.whatIfPage(), nullptr);
    EXPECT_TRUE(window.whatIfPage()->isVisible());
    auto* tabs = window.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->currentIndex(), MainWindow::kWhatIfPage);
    EXPECT_EQ(tabs->tabText(MainWindow::kWhatIfPage), "What-if");
    auto* details = window.findChild<QDockWidget*>(QStringLiteral("details"));
    ASSERT_NE(details, nullptr);
    EXPECT_FALSE(details->isVisible()) << "the details make room";
    auto* filters = window.findChild<QToolBar*>("filters");
    ASSERT_NE(filters, nullptr);
    EXPECT_TRUE(filters->isVisible()) << "the page's cohort is the filter bar's";
    window.showPage(0);
    EXPECT_FALSE(window.whatIfPage()->isVisible());
}

} // namespace
} // namespace ett::app
