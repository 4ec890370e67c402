// Renders the pages with real data into PNGs for people to look at (not a check of pixels): the
// sample fleet imported into a temporary database and served by the real data service. Runs only
// when ETT_UI_SCREENSHOTS names a folder, e.g.
//   ETT_UI_SCREENSHOTS=/tmp/shots QT_QPA_PLATFORM=offscreen ui_tests --gtest_filter='PagesScreenshots.*'
#include "app/ui/data/data_service.h"
#include "app/ui/models/advice_table_model.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/advisor_page.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/widgets/filter_bar.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QDir>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;

// A window-sized frame: the filter bar over a page, as the main window stacks them.
struct Frame
{
    QWidget window;
    QVBoxLayout* layout = new QVBoxLayout(&window);
    Frame(WorkbenchState* state, DataService* service, QWidget* page, bool withFilterBar = true)
    {
        layout->setContentsMargins(4, 4, 4, 4);
        if (withFilterBar) {
            layout->addWidget(new FilterBar(state, service, &window));
        }
        page->setParent(&window);
        layout->addWidget(page, 1);
        window.resize(1600, 1000);
        window.show();
    }
    void save(const QString& dir, const QString& name)
    {
        QCoreApplication::processEvents();
        ASSERT_TRUE(window.grab().save(QDir(dir).filePath(name))) << name.toStdString();
    }
};

// The Compare page with its default cohorts (the halves of the data's time range) and the largest
// regression on the timelines; the histogram, the rank view and the table of changes; at 1280 x 800
// too. The page has cohorts of its own: no filter bar over it.
void saveComparePage(WorkbenchState& state, DataService& service, const QString& out)
{
    auto* compare = new ComparePage(&state, &service);
    QSignalSpy timelines(compare, &ComparePage::timelinesShown);
    Frame c(&state, &service, compare, false);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return compare->hasData() && !compare->isBusy()
                && (compare->selectedPair() == nullptr || timelines.count() > 0);
        },
        kWaitMs));
    c.save(out, "compare.png");
    compare->setDistributionView(ComparePage::DistributionView::Histogram);
    compare->setRankView(true);
    c.save(out, "compare-histogram-ranks.png");
    compare->tabs()->setCurrentIndex(1);
    c.save(out, "compare-changes.png");
    c.window.resize(1280, 800);
    c.save(out, "compare-changes-1280.png");
    compare->tabs()->setCurrentIndex(0);
    compare->setDistributionView(ComparePage::DistributionView::Cdf);
    compare->setRankView(false);
    c.save(out, "compare-1280.png");
}

TEST(PagesScreenshots, RenderEveryPageWithTheSampleFleet)
{
    const QString out = qEnvironmentVariable("ETT_UI_SCREENSHOTS");
    if (out.isEmpty()) {
        GTEST_SKIP() << "set ETT_UI_SCREENSHOTS to a folder to render the pages";
    }
    fixtures::ensureApp();
    QDir().mkpath(out);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string db = dir.filePath(QStringLiteral("ett.db")).toStdString();
    {
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(d.ok()) << d.error().message;
        core::ImportOptions options;
        options.label = "fleet-200";
        auto s = core::importTraceFile(**d, ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz", options);
        ASSERT_TRUE(s.ok()) << s.error().message;
    }
    WorkbenchState state;
    DataService service;
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    service.openDatabase(QString::fromStdString(db));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !state.vocabulary().labels.isEmpty(); }, kWaitMs));

    // 1. Overview.
    auto* overview = new OverviewPage(&state, &service);
    {
        Frame f(&state, &service, overview);
        ASSERT_TRUE(QTest::qWaitFor([&] { return overview->hasData() && !overview->isBusy(); }, kWaitMs));
        f.save(out, "overview.png");
        state.setWeighting(Weighting::Time);
        f.save(out, "overview-time-weighted.png");
        state.setWeighting(Weighting::Gpu);
    }

    // 2. Drill-down: the fleet by team, a team's jobs, a job's attempts, an attempt.
    auto* drill = new DrillDownPage(&state, &service);
    Frame f(&state, &service, drill);
    auto settle = [&] { return QTest::qWaitFor([&] { return !drill->isBusy(); }, kWaitMs); };
    Location byTeam;
    byTeam.groupBy
        = (state.vocabulary().attrKeys.contains("team") ? QStringLiteral("team") : state.vocabulary().attrKeys.value(0))
              .toStdString();
    state.navigate(byTeam);
    ASSERT_TRUE(settle());
    f.save(out, "drilldown-groups.png");
    ASSERT_TRUE(drill->openRow(0));
    ASSERT_TRUE(settle());
    f.save(out, "drilldown-jobs.png");
    // The job with the most attempts among the first rows.
    int best = 0;
    for (int r = 0; r < std::min(20, drill->proxy()->rowCount()); ++r) {
        const auto count = [&](int row) {
            return drill->proxy()
                ->index(row, FiguresTableModel::CountColumn)
                .data(FiguresTableModel::SortRole)
                .toDouble();
        };
        best = count(r) > count(best) ? r : best;
    }
    ASSERT_TRUE(drill->openRow(best));
    ASSERT_TRUE(settle());
    f.save(out, "drilldown-attempts.png");
    const Location jobLocation = state.location();

    // 3. Details of that job, wide and as a dock, then of its first interrupted attempt.
    auto* details = new DetailsPanel(&state, &service);
    Frame d(&state, &service, details, false);
    ASSERT_TRUE(QTest::qWaitFor([&] { return details->shownJob() == jobLocation.job && !details->isBusy(); }, kWaitMs));
    d.save(out, "details-job.png");
    int attemptRow = 0;
    for (int r = 0; r < drill->proxy()->rowCount(); ++r) {
        if (drill->proxy()->index(r, FiguresTableModel::DetailColumn).data().toString().startsWith("failed")) {
            attemptRow = r;
            break;
        }
    }
    ASSERT_TRUE(drill->openRow(attemptRow));
    ASSERT_TRUE(settle());
    f.save(out, "drilldown-attempt.png");
    details->showTimelineSelection(QStringLiteral("init.process_group on rank 0: 41.2 s (from the timeline)"));
    d.save(out, "details-attempt.png");
    d.window.resize(420, 1000);
    d.save(out, "details-dock.png");
    if (auto* tabs = details->findChild<QTabWidget*>()) {
        tabs->setCurrentIndex(1);
        d.save(out, "details-dock-init-stages.png");
    }

    // 4. The Advisor: per job (the fleet's curve), a flagged job, a job without advice; per team.
    auto* advisor = new AdvisorPage(&state, &service);
    Frame a(&state, &service, advisor);
    ASSERT_TRUE(QTest::qWaitFor([&] { return advisor->hasData() && !advisor->isBusy(); }, kWaitMs));
    a.save(out, "advisor-jobs.png");
    const auto firstRow = [&](const std::function<bool(const core::CheckpointAdvice&)>& pick) {
        for (int r = 1; r < advisor->model()->rowCount(); ++r) {
            if (pick(*advisor->model()->adviceAt(r))) {
                return r;
            }
        }
        return 0;
    };
    advisor->selectRow(firstRow([](const core::CheckpointAdvice& x) { return !x.flags.empty(); }));
    a.save(out, "advisor-flagged.png");
    advisor->selectRow(firstRow([](const core::CheckpointAdvice& x) { return !x.youngIntervalS; }));
    a.save(out, "advisor-no-advice.png");
    advisor->setGroupBy(qs(byTeam.groupBy));
    ASSERT_TRUE(QTest::qWaitFor([&] { return advisor->model()->groupBy() == qs(byTeam.groupBy); }, kWaitMs));
    a.save(out, "advisor-groups.png");

    // 5. What-if: compile at 60% and failures at 70%, saved as a scenario; then a phase
    //    subcategory halved and every job at its optimal checkpoint interval.
    auto* whatIf = new WhatIfPage(&state, &service);
    Frame w(&state, &service, whatIf);
    const auto projected
        = [&] { return QTest::qWaitFor([&] { return whatIf->hasData() && !whatIf->isBusy(); }, kWaitMs); };
    ASSERT_TRUE(projected());
    whatIf->setPercent(WhatIfPage::Row::Compile, 60);
    whatIf->setPercent(WhatIfPage::Row::Failures, 70);
    whatIf->refresh();
    ASSERT_TRUE(projected());
    whatIf->saveScenarioAs(QStringLiteral("faster compile, fewer failures"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !whatIf->scenarios().scenarios.empty(); }, kWaitMs));
    w.save(out, "whatif.png");
    whatIf->setPhaseSubcategory(QStringLiteral("init.process_group_init"));
    whatIf->setPercent(WhatIfPage::Row::Phase, 50);
    whatIf->setInterval(WhatIfPage::Interval::Optimum);
    whatIf->refresh();
    ASSERT_TRUE(projected());
    w.save(out, "whatif-phase-interval.png");

    // 6. Compare.
    saveComparePage(state, service, out);
    // The filter bar at 1280 x 800, over the drill-down.
    f.window.resize(1280, 800);
    f.save(out, "drilldown-1280.png");
}

} // namespace
} // namespace ett::app
