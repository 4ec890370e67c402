// Tests of the drill-down page: rows shown per level, double-click and Enter
// go one level down through the state, the breadcrumb goes up, back and forward are followed,
// empty results say why, sorting by a bucket; and, with the real data service, the worked
// example from the database down to its attempts.
#include "app/ui/data/data_service.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

// A double-click as a user makes it: QTest's widget double-click sends the second press only.
void doubleClickRow(QTableView* view, int row)
{
    const QPoint at = view->visualRect(view->model()->index(row, FiguresTableModel::NameColumn)).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
}

QToolButton* crumbButton(DrillDownPage& page, int index)
{
    for (QToolButton* b : page.findChildren<QToolButton*>(QStringLiteral("crumb"))) {
        if (b->property("crumbIndex").toInt() == index) {
            return b;
        }
    }
    return nullptr;
}

TEST(DrillDownPage, DoubleClickOnAJobOpensIt)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.resize(1200, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    const auto fleet = fixtures::generateFleet(20);
    page.setTableData(fixtures::jobTable(fleet));
    ASSERT_EQ(page.proxy()->rowCount(), 20);
    EXPECT_TRUE(page.emptyMessage().isEmpty());
    // Worst first by default.
    const double first
        = page.proxy()->index(0, FiguresTableModel::LostHoursColumn).data(FiguresTableModel::SortRole).toDouble();
    const double second
        = page.proxy()->index(1, FiguresTableModel::LostHoursColumn).data(FiguresTableModel::SortRole).toDouble();
    EXPECT_GE(first, second);

    const QString key = page.proxy()->index(3, FiguresTableModel::NameColumn).data().toString();
    const int job = page.proxy()->index(3, 0).data(FiguresTableModel::JobRole).toInt();
    doubleClickRow(page.view(), 3);
    EXPECT_EQ(state.location().level, Level::Job);
    EXPECT_EQ(state.location().job, job);
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", key }));
    for (int c = FiguresTableModel::FirstBucketColumn; c < FiguresTableModel::ColumnCount; ++c) {
        EXPECT_EQ(page.view()->isColumnHidden(c), page.model()->isColumnEmpty(c)) << "only empty buckets are hidden";
    }
    EXPECT_FALSE(page.view()->isColumnHidden(FiguresTableModel::CountColumn)) << "a job's attempts are counted";
}

TEST(DrillDownPage, EnterOnAnAttemptOpensIt)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.resize(1200, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    state.openJob(5, "J1");
    page.setTableData(fixtures::workedExampleAttempts(5));
    ASSERT_EQ(page.proxy()->rowCount(), 2);
    // Attempts in time order.
    EXPECT_EQ(page.proxy()->index(0, 0).data().toString(), "attempt 0");
    EXPECT_EQ(page.model()->headerData(FiguresTableModel::NameColumn, Qt::Horizontal).toString(), "Attempt");
    // A row per attempt: no column of ones counting them.
    EXPECT_TRUE(page.view()->isColumnHidden(FiguresTableModel::CountColumn));
    page.view()->setFocus();
    page.view()->setCurrentIndex(page.proxy()->index(1, 0));
    QTest::keyClick(page.view(), Qt::Key_Return);
    EXPECT_EQ(state.location().level, Level::Attempt);
    EXPECT_EQ(state.location().job, 5);
    EXPECT_EQ(state.location().attempt, 1);
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", "J1", "attempt 1" }));
}

TEST(DrillDownPage, GroupRowsOpenTheirGroup)
{
    fixtures::ensureApp();
    WorkbenchState state;
    Location byTeam;
    byTeam.groupBy = "team";
    state.navigate(byTeam);
    DrillDownPage page(&state, nullptr);
    page.resize(1200, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    const auto fleet = fixtures::generateFleet(30);
    page.setTableData(fixtures::groupTable(fleet, "team"));
    ASSERT_GT(page.proxy()->rowCount(), 1);
    EXPECT_EQ(page.model()->headerData(FiguresTableModel::NameColumn, Qt::Horizontal).toString(), "team");
    const QString team = page.proxy()->index(0, 0).data().toString();
    doubleClickRow(page.view(), 0);
    EXPECT_EQ(state.location().level, Level::Group);
    EXPECT_EQ(state.location().groupBy, "team");
    EXPECT_EQ(qs(state.location().group), team);
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", "team = " + team }));
}

TEST(DrillDownPage, BreadcrumbGoesUpAndBackAndForwardAreFollowed)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.resize(1200, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    state.openGroup("team", "nlp");
    state.openJob(2, "job-2");
    state.openAttempt(1);
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", "team = nlp", "job-2", "attempt 1" }));

    // The last crumb is where the user is: not a link.
    QToolButton* here = crumbButton(page, 3);
    ASSERT_NE(here, nullptr);
    EXPECT_TRUE(here->font().bold());
    QToolButton* group = crumbButton(page, 1);
    ASSERT_NE(group, nullptr);
    QTest::mouseClick(group, Qt::LeftButton);
    EXPECT_EQ(state.location().level, Level::Group);
    EXPECT_EQ(state.location().group, "nlp");
    QCoreApplication::processEvents(); // the old crumbs go with deleteLater
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", "team = nlp" }));

    auto* back = page.findChild<QToolButton*>(QStringLiteral("back"));
    auto* forward = page.findChild<QToolButton*>(QStringLiteral("forward"));
    ASSERT_NE(back, nullptr);
    ASSERT_NE(forward, nullptr);
    EXPECT_TRUE(back->isEnabled());
    EXPECT_FALSE(forward->isEnabled());
    QTest::mouseClick(back, Qt::LeftButton);
    EXPECT_EQ(state.location().level, Level::Attempt);
    EXPECT_EQ(page.breadcrumbTexts().size(), 4);
    EXPECT_TRUE(forward->isEnabled());
    QTest::mouseClick(forward, Qt::LeftButton);
    EXPECT_EQ(state.location().level, Level::Group);

    QTest::mouseClick(crumbButton(page, 0), Qt::LeftButton);
    EXPECT_EQ(state.location().level, Level::Fleet);
    EXPECT_EQ(state.location().groupBy, "team") << "going up to the fleet keeps the group-by";
}

TEST(DrillDownPage, EmptyResultsSayWhyAndOfferToClearTheFilter)
{
    fixtures::ensureApp();
    WorkbenchState state;
    core::CohortSpec f;
    f.minGpus = 100000;
    state.setFilter(f);
    DrillDownPage page(&state, nullptr);
    page.resize(1000, 500);
    page.show();
    page.setTableData(TableData {});
    EXPECT_TRUE(page.emptyMessage().contains("No jobs match")) << page.emptyMessage().toStdString();
    QPushButton* clear = nullptr;
    for (auto* b : page.findChildren<QPushButton*>()) {
        if (b->text().contains("Clear")) {
            clear = b;
        }
    }
    ASSERT_NE(clear, nullptr);
    EXPECT_TRUE(clear->isVisible());
    QTest::mouseClick(clear, Qt::LeftButton);
    EXPECT_EQ(state.filter(), core::CohortSpec {});

    page.setTableData(fixtures::jobTable(fixtures::generateFleet(2)));
    EXPECT_TRUE(page.emptyMessage().isEmpty());
}

TEST(DrillDownPage, SortByBucketPutsTheLargestFirst)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.setTableData(fixtures::jobTable(fixtures::generateFleet(25)));
    page.sortByBucket(core::Bucket::Init);
    const int column = FiguresTableModel::bucketColumn(core::Bucket::Init);
    EXPECT_EQ(page.proxy()->sortColumn(), column);
    double last = 1e300;
    for (int r = 0; r < page.proxy()->rowCount(); ++r) {
        const double v = page.proxy()->index(r, column).data(FiguresTableModel::SortRole).toDouble();
        EXPECT_LE(v, last);
        last = v;
    }
    // Going to a job (attempt rows) restores time order.
    state.openJob(0, "x");
    EXPECT_EQ(page.proxy()->sortColumn(), FiguresTableModel::NameColumn);
}

TEST(DrillDownPage, WeightingSwitchRelabelsTheTable)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.setTableData(fixtures::jobTable(fixtures::generateFleet(4)));
    EXPECT_TRUE(
        page.model()->headerData(FiguresTableModel::EttColumn, Qt::Horizontal).toString().contains("GPU-weighted"));
    state.setWeighting(Weighting::Time);
    EXPECT_EQ(page.model()->weighting(), Weighting::Time);
    EXPECT_TRUE(
        page.model()->headerData(FiguresTableModel::EttColumn, Qt::Horizontal).toString().contains("time-weighted"));
}

// With the real data service: the worked example imported into a database, from the fleet down
// to its attempts by double-clicks.
TEST(DrillDownPage, FollowsTheDataServiceFromFleetToAttempts)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string db = dir.filePath(QStringLiteral("ett.db")).toStdString();
    {
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(d.ok()) << d.error().message;
        core::ImportOptions options;
        options.label = "default";
        auto s = core::importTraceFile(**d, ETT_SAMPLES_DIR "/worked-example.ett.jsonl", options);
        ASSERT_TRUE(s.ok()) << s.error().message;
    }
    WorkbenchState state;
    DataService service;
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    DrillDownPage page(&state, &service);
    page.resize(1200, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    service.openDatabase(QString::fromStdString(db));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return service.hasDatabase() && !page.isBusy() && page.proxy()->rowCount() == 1; }, 60'000));
    EXPECT_EQ(page.proxy()->index(0, 0).data().toString(), "J1");
    EXPECT_EQ(page.proxy()->index(0, FiguresTableModel::EttColumn).data().toString(), "90.2%");

    ASSERT_TRUE(page.openRow(0));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.isBusy() && page.proxy()->rowCount() == 2; }, 60'000));
    EXPECT_EQ(page.proxy()->index(0, 0).data().toString(), "attempt 0");
    EXPECT_EQ(page.breadcrumbTexts(), (QStringList { "Fleet", "J1" }));
    ASSERT_TRUE(page.openRow(1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.isBusy() && page.proxy()->rowCount() == 1; }, 60'000));
    EXPECT_EQ(state.location().level, Level::Attempt);
    EXPECT_EQ(state.location().attempt, 1);
    state.goBack();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.isBusy() && page.proxy()->rowCount() == 2; }, 60'000));
}

} // namespace
} // namespace ett::app
