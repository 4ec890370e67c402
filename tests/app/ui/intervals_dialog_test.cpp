// From a bucket to its intervals in the window (issue 17, item 6): the intervals dialog over a real
// database lists the worked example's intervals through the data service, sorts them by any column
// and opens one's job at its attempt; a double-click on a drill-down bucket cell asks for the
// intervals of that cell's row (a double-click elsewhere still drills down), and the overview's
// and the Compare page's clicks reach the window's dialog.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/intervals_dialog.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int64_t kS = 1'000'000'000;

std::string workedExampleDb(const QTemporaryDir& dir)
{
    const std::string db = dir.filePath(QStringLiteral("ett.db")).toStdString();
    auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
    EXPECT_TRUE(d.ok()) << d.error().message;
    if (!d.ok()) {
        return {};
    }
    core::ImportOptions options;
    options.label = "default";
    auto s = core::importTraceFile(**d, ETT_SAMPLES_DIR "/worked-example.ett.jsonl", options);
    EXPECT_TRUE(s.ok()) << s.error().message;
    return db;
}

TEST(IntervalsDialog, ListsABucketsIntervalsSortsThemAndOpensOnesJob)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string db = workedExampleDb(dir);
    WorkbenchState state;
    DataService service;
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    service.openDatabase(QString::fromStdString(db));
    ASSERT_TRUE(QTest::qWaitFor([&] { return service.hasDatabase(); }, 60'000));

    IntervalsDialog dialog(&state, &service);
    IntervalScope productive;
    productive.request.bucket = core::Bucket::Productive;
    productive.description = QStringLiteral("the whole fleet");
    dialog.showScopes({ productive });
    EXPECT_TRUE(dialog.isBusy());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, 60'000));
    // Four productive stretches, 52800 s in all (14 h 40 min), most GPU-hours first.
    const QAbstractItemModel* view = dialog.table()->model();
    ASSERT_EQ(view->rowCount(), 4);
    EXPECT_TRUE(dialog.summaryText().startsWith("4 intervals, 14 h 40 min (117.3 GPU-h)"))
        << dialog.summaryText().toStdString(); // 52800 s x 8 GPUs
    EXPECT_EQ(view->index(0, IntervalsTableModel::JobColumn).data().toString(), "J1");
    EXPECT_EQ(view->index(0, IntervalsTableModel::AttemptColumn).data().toString(), "1");
    EXPECT_EQ(view->index(0, IntervalsTableModel::DurationColumn).data().toString(), "5 h 00 min");
    EXPECT_EQ(dialog.windowTitle(), "Intervals in productive");
    // Sorted by start, by a click on its header's column.
    dialog.table()->sortByColumn(IntervalsTableModel::StartColumn, Qt::AscendingOrder);
    EXPECT_EQ(view->index(0, IntervalsTableModel::DurationColumn).data().toString(), "2 h 55 min"); // 10485 s
    // Opening the first (attempt 0) goes to that attempt of the job.
    dialog.openRow(0);
    EXPECT_EQ(state.location().level, Level::Attempt);
    EXPECT_EQ(state.location().attempt, 0);

    // Listed by duration: a new request, the same intervals.
    dialog.setSort(IntervalSort::Duration);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, 60'000));
    EXPECT_EQ(dialog.model()->intervals().sort, IntervalSort::Duration);
    EXPECT_EQ(dialog.model()->intervals().count, 4);

    // Two scopes (cohorts A and B): the list picks which; a stale answer is dropped.
    IntervalScope a = productive;
    a.name = QStringLiteral("A");
    a.request.bucket = core::Bucket::Recovery;
    IntervalScope b = a;
    b.name = QStringLiteral("B");
    b.request.scope.fromNs = 40000 * kS; // after the gap: none
    dialog.showScopes({ a, b }, 1);
    EXPECT_EQ(dialog.currentScope(), 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, 60'000));
    EXPECT_EQ(dialog.model()->intervals().count, 0);
    // None: said, without asking to double-click one.
    EXPECT_EQ(dialog.summaryText(), "No interval is attributed to recovery in this scope: its time here is 0.");
    dialog.setCurrentScope(0);
    dialog.handleIntervals(dialog.pendingRequest() + 100, BucketIntervals {}); // not the latest: dropped
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, 60'000));
    ASSERT_EQ(dialog.model()->intervals().rows.size(), 1u);
    EXPECT_TRUE(dialog.model()->intervals().rows[0].gap);
    EXPECT_EQ(dialog.table()->model()->index(0, IntervalsTableModel::AttemptColumn).data().toString(), "0 (gap after)");
}

// Keys of a hundred characters (torchtitan run names) do not push the figures out of sight: the
// job column takes at most a third of the view, elided in the middle, the key whole in its tool tip.
TEST(IntervalsDialog, LongJobKeysLeaveTheFiguresInSight)
{
    fixtures::ensureApp();
    WorkbenchState state;
    IntervalsDialog dialog(&state, nullptr);
    dialog.resize(900, 500);
    dialog.show();
    const std::string key(110, 'k');
    BucketIntervals listed;
    listed.bucket = core::Bucket::Recovery;
    listed.count = 1;
    listed.rows.push_back({ 0, "titan", key, 0, true, 0, 452 * kS, 8 });
    dialog.handleIntervals(0, listed);
    QTableView* table = dialog.table();
    const int viewport = table->viewport()->width();
    EXPECT_LE(table->columnWidth(IntervalsTableModel::JobColumn), std::max(viewport / 3, 80));
    EXPECT_EQ(table->textElideMode(), Qt::ElideMiddle);
    int total = 0;
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        total += table->columnWidth(c);
    }
    EXPECT_LE(total, viewport + 2) << "every column in sight";
    const QString tip = table->model()->index(0, IntervalsTableModel::JobColumn).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(key)));
}

TEST(DrillDownPage, ADoubleClickOnABucketCellAsksForItsIntervals)
{
    fixtures::ensureApp();
    WorkbenchState state;
    Location byTeam;
    byTeam.groupBy = "team";
    state.navigate(byTeam);
    core::CohortSpec filter;
    filter.labels = { "after" };
    state.setFilter(filter);
    DrillDownPage page(&state, nullptr);
    page.resize(1400, 500);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    page.setTableData(fixtures::groupTable(fixtures::generateFleet(30), "team"));
    ASSERT_GT(page.proxy()->rowCount(), 0);
    QSignalSpy spy(&page, &DrillDownPage::intervalsRequested);

    // A bucket cell: the bucket in the filter narrowed to the row's team.
    const int column = FiguresTableModel::bucketColumn(core::Bucket::Init);
    const QModelIndex cell = page.proxy()->index(0, column);
    const QString team = page.proxy()->index(0, 0).data().toString();
    page.view()->scrollTo(cell);
    const QRect rect = page.view()->visualRect(cell);
    // A double-click as a user makes it: a press and release, then the double-click.
    QTest::mouseClick(page.view()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(page.view()->viewport(), Qt::LeftButton, {}, rect.center());
    ASSERT_EQ(spy.count(), 1);
    const auto scopes = spy.at(0).at(0).value<std::vector<IntervalScope>>();
    ASSERT_EQ(scopes.size(), 1u);
    EXPECT_EQ(scopes[0].request.bucket, core::Bucket::Init);
    EXPECT_EQ(scopes[0].request.scope.labels, std::vector<std::string> { "after" });
    ASSERT_NE(scopes[0].request.scope.attrValues("team"), nullptr);
    EXPECT_EQ(*scopes[0].request.scope.attrValues("team"), std::vector<std::string> { team.toStdString() });
    EXPECT_TRUE(scopes[0].description.contains("team = " + team)) << scopes[0].description.toStdString();
    EXPECT_EQ(state.location().level, Level::Fleet) << "a bucket cell lists, it does not drill down";

    // Other columns drill down as before; Ctrl+L lists the current cell's.
    page.view()->scrollTo(page.proxy()->index(0, FiguresTableModel::NameColumn));
    const QPoint name = page.view()->visualRect(page.proxy()->index(0, FiguresTableModel::NameColumn)).center();
    QTest::mouseClick(page.view()->viewport(), Qt::LeftButton, {}, name);
    QTest::mouseDClick(page.view()->viewport(), Qt::LeftButton, {}, name);
    EXPECT_EQ(spy.count(), 1);
    EXPECT_EQ(state.location().level, Level::Group);
    page.setTableData(fixtures::workedExampleAttempts(3));
    page.view()->setCurrentIndex(page.proxy()->index(1, FiguresTableModel::bucketColumn(core::Bucket::Compile)));
    page.view()->setFocus();
    QTest::keyClick(page.view(), Qt::Key_L, Qt::ControlModifier);
    ASSERT_EQ(spy.count(), 2);
    const auto attempt = spy.at(1).at(0).value<std::vector<IntervalScope>>();
    ASSERT_EQ(attempt.size(), 1u);
    EXPECT_EQ(attempt[0].request.job, 3);
    ASSERT_TRUE(attempt[0].request.attempt.has_value());
    EXPECT_EQ(*attempt[0].request.attempt,
        page.proxy()
            ->index(1, FiguresTableModel::NameColumn)
            .data()
            .toString()
            .mid(QStringLiteral("attempt ").size())
            .toInt());
    EXPECT_EQ(attempt[0].request.bucket, core::Bucket::Compile);
    // A column without a bucket lists nothing.
    EXPECT_FALSE(page.showCellIntervals(page.proxy()->index(0, FiguresTableModel::EttColumn)));
}

} // namespace
} // namespace ett::app
