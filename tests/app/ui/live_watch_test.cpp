// The window watching a folder (File > Watch folder, --watch) while a trainer writes it: the pages
// follow the files without losing the user's place, refreshes are taken together, the alerts panel
// lists a restart storm and opens its job, and closing the window stops the watch.
#include "app/ui/data/data_service.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/alerts_panel.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>

#include "pages_fixtures.h"
#include "window_fixtures.h"

namespace ett::app {
namespace {

using fixtures::openAndWait;

constexpr int kWaitMs = 30'000;

int64_t nowSeconds()
{
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Native trace lines, as a trainer writes them (seconds since the epoch).
std::string header()
{
    return R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
           "\n";
}
std::string jobLine(const std::string& job)
{
    return R"({"type":"job","job":")" + job + R"(","gpus":8})" + "\n";
}
std::string attemptLine(const std::string& job, int n, int64_t start, int64_t end, const char* outcome)
{
    return R"({"type":"attempt","job":")" + job + R"(","attempt":)" + std::to_string(n) + R"(,"start":)"
        + std::to_string(start) + R"(,"end":)" + std::to_string(end) + R"(,"outcome":")" + outcome + "\"}\n";
}
std::string phaseLine(const std::string& job, int n, const char* phase, int64_t start, int64_t end)
{
    return R"({"type":"phase","job":")" + job + R"(","attempt":)" + std::to_string(n) + R"(,"phase":")" + phase
        + R"(","start":)" + std::to_string(start) + R"(,"end":)" + std::to_string(end) + "}\n";
}

void append(const QString& path, const std::string& text)
{
    std::ofstream out(path.toStdString(), std::ios::app | std::ios::binary);
    out << text;
}

// The attempt record in a fixed-size slot (padded with spaces inside the object), as
// samples/instrument/ett_trace.py keeps it: the trainer rewrites it in place as the attempt goes on.
constexpr size_t kSlotBytes = 200;
std::string slotLine(const std::string& job, int n, int64_t start, int64_t end, const char* outcome)
{
    std::string line = attemptLine(job, n, start, end, outcome);
    line.pop_back(); // the newline
    line.pop_back(); // the closing brace
    line.resize(kSlotBytes - 2, ' ');
    return line + "}\n";
}

// Rewrites the slot, which starts at byte `offset` of the file, in place.
void rewriteSlot(const QString& path, size_t offset, const std::string& slot)
{
    std::fstream f(path.toStdString(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(offset));
    f << slot;
}

// The drill-down's row (in the view's order) named `name`; -1 when none.
int viewRowNamed(const DrillDownPage& page, const std::string& name)
{
    const auto* model = static_cast<const FiguresTableModel*>(page.proxy()->sourceModel());
    for (int r = 0; r < page.proxy()->rowCount(); ++r) {
        const TableRow* row = model->rowAt(page.proxy()->mapToSource(page.proxy()->index(r, 0)).row());
        if (row && row->name == name) {
            return r;
        }
    }
    return -1;
}

const TableRow* currentRow(const DrillDownPage& page)
{
    const auto* model = static_cast<const FiguresTableModel*>(page.proxy()->sourceModel());
    return model->rowAt(page.proxy()->mapToSource(page.view()->currentIndex()).row());
}

// Every test: the application, recent files in a test location, and a fresh folder `dir` for its
// database and traces.
class WindowWatch : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QStandardPaths::setTestModeEnabled(true);
        ASSERT_TRUE(dir.isValid());
    }

    QTemporaryDir dir;
};

TEST_F(WindowWatch, FollowsATrainerKeepingTheSelectionAndTheZoom)
{
    const QString runs = dir.filePath(QStringLiteral("runs"));
    ASSERT_TRUE(QDir().mkpath(runs));
    const int64_t t0 = nowSeconds() - 7200;
    // 1. Two jobs: J1 failed once and runs its second attempt (a file per attempt, its record in a
    //    slot the trainer rewrites); J2 completed.
    append(runs + QStringLiteral("/j1-0.ett.jsonl"),
        header() + jobLine("J1") + attemptLine("J1", 0, t0, t0 + 1800, "failed")
            + phaseLine("J1", 0, "init", t0, t0 + 300) + phaseLine("J1", 0, "train", t0 + 300, t0 + 1800));
    const QString j1 = runs + QStringLiteral("/j1-1.ett.jsonl");
    const size_t slotAt = header().size() + jobLine("J1").size();
    append(j1,
        header() + jobLine("J1") + slotLine("J1", 1, t0 + 2000, t0 + 2600, "running")
            + phaseLine("J1", 1, "init", t0 + 2000, t0 + 2100) + phaseLine("J1", 1, "train", t0 + 2100, t0 + 2600));
    append(runs + QStringLiteral("/j2.ett.jsonl"),
        header() + jobLine("J2") + attemptLine("J2", 0, t0, t0 + 3600, "completed")
            + phaseLine("J2", 0, "train", t0 + 60, t0 + 3600));

    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, dir.filePath(QStringLiteral("live.db")), kWaitMs));
    window.watchPaths({ runs }, QStringLiteral("live"));
    WorkbenchState* state = window.state();
    ASSERT_TRUE(QTest::qWaitFor([&] { return state->vocabulary().attempts == 3; }, kWaitMs))
        << "attempts loaded: " << state->vocabulary().attempts;
    EXPECT_TRUE(state->vocabulary().labels.contains(QStringLiteral("live")));
    auto* overview = window.findChild<OverviewPage*>();
    ASSERT_TRUE(overview);
    ASSERT_TRUE(QTest::qWaitFor([&] { return overview->overviewData().fleet.attempts == 3; }, kWaitMs));
    EXPECT_EQ(overview->overviewData().fleet.jobs, 2);
    EXPECT_TRUE(window.watchStatusLabel()->isVisible());
    EXPECT_TRUE(window.watchStatusLabel()->text().contains(QStringLiteral("Watching 3 files")))
        << window.watchStatusLabel()->text().toStdString();

    // 2. The user's place: job J1, its attempt 1 selected, the timeline zoomed in on it.
    window.showPage(1);
    auto* drill = window.findChild<DrillDownPage*>();
    ASSERT_TRUE(drill);
    ASSERT_TRUE(QTest::qWaitFor([&] { return viewRowNamed(*drill, "J1") >= 0; }, kWaitMs));
    const auto* model = static_cast<const FiguresTableModel*>(drill->proxy()->sourceModel());
    const int32_t job
        = model->rowAt(drill->proxy()->mapToSource(drill->proxy()->index(viewRowNamed(*drill, "J1"), 0)).row())->job;
    state->openJob(job, QStringLiteral("J1"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return viewRowNamed(*drill, "attempt 1") >= 0; }, kWaitMs));
    EXPECT_EQ(drill->proxy()->rowCount(), 2);
    const int attemptRow = viewRowNamed(*drill, "attempt 1");
    ASSERT_GE(attemptRow, 0);
    drill->view()->setCurrentIndex(drill->proxy()->index(attemptRow, 0));
    auto* timeline = window.findChild<TimelineView*>();
    ASSERT_TRUE(timeline);
    GanttWidget* gantt = timeline->gantt();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return gantt->scene() && gantt->scene()->mode() == GanttScene::Mode::Job; }, kWaitMs));
    // The job's strip above the timeline shows with the job: the user zooms once the layout has
    // made room for it (a new height can bring the scroll bar, and a new width keeps the range).
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    }
    gantt->setView((t0 + 1900) * 1'000'000'000LL, 2e9);
    const int64_t viewStart = gantt->axis().startNs();
    const double viewScale = gantt->axis().nsPerPx();
    // The running attempt's rows are open-ended while watched.
    bool running = false;
    for (const GanttRow& row : gantt->scene()->rows()) {
        running = running || row.runningEndNs.has_value();
    }
    EXPECT_TRUE(running);
    EXPECT_GT(gantt->liveNowNs(), 0);

    // 3. The trainer goes on: attempt 1 trains on (its slot rewritten, phases appended) and fails;
    //    attempt 2 starts in a new file whose second line is half written.
    const int refreshesBefore = window.refreshCount();
    QElapsedTimer writing;
    writing.start();
    for (int i = 0; i < 8; ++i) {
        // Small writes in quick succession: the refreshes take them together.
        rewriteSlot(j1, slotAt, slotLine("J1", 1, t0 + 2000, t0 + 2610 + i * 10, "running"));
        append(j1, phaseLine("J1", 1, "train", t0 + 2600 + i * 10, t0 + 2610 + i * 10));
        QTest::qWait(60);
    }
    rewriteSlot(j1, slotAt, slotLine("J1", 1, t0 + 2000, t0 + 2700, "failed"));
    append(runs + QStringLiteral("/j1-2.ett.jsonl"),
        header() + jobLine("J1") + attemptLine("J1", 2, t0 + 2800, t0 + 3000, "running")
            + R"({"type":"phase","job":"J1","att)");
    ASSERT_TRUE(QTest::qWaitFor([&] { return state->vocabulary().attempts == 4; }, kWaitMs))
        << "attempts loaded: " << state->vocabulary().attempts << "; "
        << window.watchStatusLabel()->text().toStdString() << "; refreshes " << window.refreshCount();
    const qint64 writingMs = writing.elapsed();
    const int refreshes = window.refreshCount() - refreshesBefore;
    ASSERT_TRUE(QTest::qWaitFor([&] { return drill->proxy()->rowCount() == 3; }, kWaitMs));
    // The place is kept: the job, the selected attempt, the timeline's zoom.
    EXPECT_EQ(state->location().level, Level::Job);
    EXPECT_EQ(state->jobKey(state->location().job), QStringLiteral("J1"));
    const TableRow* selected = currentRow(*drill);
    ASSERT_TRUE(selected);
    EXPECT_EQ(selected->attempt, 1);
    QTest::qWait(300); // the timeline's answer
    EXPECT_EQ(gantt->axis().startNs(), viewStart);
    EXPECT_DOUBLE_EQ(gantt->axis().nsPerPx(), viewScale);
    // Refreshes at least a second apart: the nine writes are taken together, not a refresh each.
    EXPECT_GE(refreshes, 1);
    EXPECT_LE(refreshes, writingMs / MainWindow::kRefreshIntervalMs + 1) << "in " << writingMs << " ms";
    EXPECT_LT(refreshes, 9);

    // 4. The overview's figures moved.
    window.showPage(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return overview->overviewData().fleet.attempts == 4; }, kWaitMs))
        << "overview attempts: " << overview->overviewData().fleet.attempts;
    EXPECT_EQ(overview->overviewData().fleet.failures, 2);

    // 5. Closing the window stops the watch.
    window.close();
    EXPECT_FALSE(window.liveWatch()->running());
    EXPECT_FALSE(window.watchStatusLabel()->isVisible());
}

TEST_F(WindowWatch, AlertsPanelListsARestartStormAndOpensItsJob)
{
    const QString runs = dir.filePath(QStringLiteral("runs"));
    ASSERT_TRUE(QDir().mkpath(runs));
    // Five attempts within the last half hour: a restart storm (5 in 30 min by default).
    const int64_t now = nowSeconds();
    std::string storm = header() + jobLine("S1");
    for (int i = 0; i < 5; ++i) {
        const int64_t start = now - 1500 + i * 300;
        storm += attemptLine("S1", i, start, start + 200, i == 4 ? "running" : "failed")
            + phaseLine("S1", i, "init", start, start + 100);
    }
    append(runs + QStringLiteral("/s1.ett.jsonl"), storm);
    append(runs + QStringLiteral("/calm.ett.jsonl"),
        header() + jobLine("C1") + attemptLine("C1", 0, now - 4000, now - 400, "completed")
            + phaseLine("C1", 0, "train", now - 3900, now - 400));

    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, dir.filePath(QStringLiteral("storm.db")), kWaitMs));
    EXPECT_FALSE(window.alertsDock()->isVisible());
    window.watchPaths({ runs });
    AlertsPanel* panel = window.alertsPanel();
    auto stormRow = [&] {
        for (int r = 0; r < panel->rowCount(); ++r) {
            if (panel->alertAt(r)->detector == "restart_storm") {
                return r;
            }
        }
        return -1;
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return stormRow() >= 0; }, kWaitMs));
    const Alert* alert = panel->alertAt(stormRow());
    EXPECT_EQ(alert->job, "S1");
    EXPECT_EQ(alert->label, "default");
    EXPECT_DOUBLE_EQ(alert->value, 5);
    // Shown without being asked for, with the figure and its threshold; the badge counts it.
    EXPECT_TRUE(window.alertsDock()->isVisible());
    QTreeWidgetItem* item = panel->view()->topLevelItem(stormRow());
    EXPECT_EQ(item->text(AlertsPanel::DetectorColumn), QStringLiteral("restart storm"));
    EXPECT_EQ(item->text(AlertsPanel::FigureColumn), QStringLiteral("5 attempts"));
    EXPECT_EQ(item->text(AlertsPanel::ThresholdColumn), QStringLiteral("5 attempts"));
    EXPECT_TRUE(item->text(AlertsPanel::SubjectColumn).contains(QStringLiteral("S1")));
    // The badge counts it while the panel is closed, and opens the panel.
    auto* badge = window.findChild<QLabel*>(QStringLiteral("alertsBadge"));
    ASSERT_TRUE(badge);
    EXPECT_FALSE(badge->isVisible());
    window.alertsDock()->close();
    ASSERT_TRUE(QTest::qWaitFor([&] { return badge->isVisible(); }, kWaitMs));
    EXPECT_TRUE(badge->text().contains(QStringLiteral("open alert"))) << badge->text().toStdString();
    emit badge->linkActivated(QStringLiteral("alerts"));
    EXPECT_TRUE(window.alertsDock()->isVisible());

    // A click opens the job the alert names (once the data holds it).
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.state()->vocabulary().jobs == 2; }, kWaitMs));
    item = panel->view()->topLevelItem(stormRow());
    const QRect at = panel->view()->visualItemRect(item);
    QTest::mouseClick(panel->view()->viewport(), Qt::LeftButton, {}, at.center());
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.state()->location().level == Level::Job; }, kWaitMs));
    EXPECT_EQ(window.state()->jobKey(window.state()->location().job), QStringLiteral("S1"));
    window.stopWatching();
    EXPECT_FALSE(window.liveWatch()->running());
}

TEST_F(WindowWatch, AMissingFolderIsSaidAndNothingIsWatched)
{
    MainWindow window;
    ASSERT_TRUE(openAndWait(window, dir.filePath(QStringLiteral("x.db")), kWaitMs));
    bool failed = false;
    QObject::connect(window.liveWatch(), &LiveWatch::watchFailed, &window, [&failed] { failed = true; });
    // The error dialog is modal: close it as soon as it shows.
    QTimer closer;
    QObject::connect(&closer, &QTimer::timeout, [] {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            modal->close();
        }
    });
    closer.start(50);
    window.watchPaths({ dir.filePath(QStringLiteral("no-such-folder")) });
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed; }, kWaitMs));
    EXPECT_FALSE(window.liveWatch()->running());
    EXPECT_FALSE(window.stopWatchAction()->isEnabled());
}

} // namespace
} // namespace ett::app
