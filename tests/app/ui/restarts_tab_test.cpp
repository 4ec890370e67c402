// The Details dock's Restarts tab: one row per attempt, one column per start-up stage, growth from the
// first attempt marked (▲ and a tint) by core::stageGrew's rule, the compile tags; in the dock
// whatever attempt it shows.
#include "app/ui/export/table_export.h"
#include "app/ui/models/restarts_model.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/widgets/restarts_tab.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractItemModelTester>
#include <QTabWidget>
#include <QTableView>
#include <gtest/gtest.h>

#include "pages_fixtures.h"
#include "tests/core/model/restarts_fixtures.h"

namespace ett::app {
namespace {

QStringList columnOf(const QAbstractItemModel& m, int c, int role = Qt::DisplayRole)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r) {
        out << m.index(r, c).data(role).toString();
    }
    return out;
}

TEST(RestartsModel, PassesTheModelTester)
{
    fixtures::ensureApp();
    RestartsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto r = core::restartsOf(core::restarts_fixtures::threeAttemptsTimeline());
    ASSERT_TRUE(r.ok()) << r.error().message;
    model.setRestarts(std::move(*r));
    EXPECT_EQ(model.rowCount(), 3);
    model.setRestarts({});
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(RestartsModel, OneRowPerAttemptOneColumnPerStageGrowthMarked)
{
    fixtures::ensureApp();
    RestartsModel model;
    auto r = core::restartsOf(core::restarts_fixtures::threeAttemptsTimeline());
    ASSERT_TRUE(r.ok()) << r.error().message;
    model.setRestarts(std::move(*r));
    EXPECT_EQ(columnOf(model, RestartsModel::AttemptColumn), (QStringList { "0", "1", "2" }));
    EXPECT_EQ(columnOf(model, RestartsModel::AfterColumn), (QStringList { "first start", "failed", "preempted" }));
    EXPECT_EQ(model.index(2, RestartsModel::AfterColumn).data(Qt::ToolTipRole).toString(),
        "attempt 1 preempted, cause preemption.spot");
    EXPECT_EQ(columnOf(model, RestartsModel::DetectColumn), (QStringList { "–", "1 min 40 s", "3 min 20 s" }));
    EXPECT_EQ(columnOf(model, RestartsModel::RestartColumn), (QStringList { "–", "1 min 40 s", "50.0 s" }));
    EXPECT_EQ(columnOf(model, RestartsModel::LostColumn), (QStringList { "–", "6 min 20 s", "4 min 50 s" }));
    EXPECT_EQ(
        columnOf(model, RestartsModel::StartupColumn), (QStringList { "4 min 20 s", "4 min 00 s", "4 min 00 s" }));

    const int pg = model.stageColumn("init.process_group_init");
    ASSERT_GT(pg, 0);
    EXPECT_EQ(model.headerData(pg, Qt::Horizontal, Qt::DisplayRole).toString(), "· process_group_init");
    EXPECT_EQ(columnOf(model, pg), (QStringList { "50.0 s", "1 min 20 s ▲", "2 min 00 s ▲" }));
    EXPECT_FALSE(model.index(0, pg).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(model.index(1, pg).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(model.index(2, pg).data(Qt::ToolTipRole).toString().contains("+1 min 10 s from attempt 0"));
    // Device init 40, 30, 30 s: no mark; checkpoint load 0, 50, 0 s: grew at attempt 1 only.
    EXPECT_EQ(columnOf(model, model.stageColumn("init.device_init")), (QStringList { "40.0 s", "30.0 s", "30.0 s" }));
    EXPECT_EQ(columnOf(model, model.stageColumn("checkpoint_load")), (QStringList { "0 s", "50.0 s ▲", "0 s" }));
    EXPECT_EQ(columnOf(model, model.compileTagColumn()), (QStringList { "cold", "warm", "cache_hit+untagged" }));
    EXPECT_EQ(model.columnCount(), model.compileTagColumn() + 1);
    // Exact seconds for the JSON export, with the stage's name as its key.
    EXPECT_EQ(model.index(2, pg).data(ExportValueRole).value<ExactNumber>().text, "120");
    EXPECT_EQ(model.headerData(pg, Qt::Horizontal, ExportKeyRole).toString(), "init.process_group_init s");

    const QString summary = model.growthSummary();
    EXPECT_TRUE(summary.contains("init.process_group_init (50.0 s → 2 min 00 s)")) << summary.toStdString();
    EXPECT_TRUE(summary.contains("init (1 min 20 s → 2 min 30 s)")) << summary.toStdString();
    EXPECT_FALSE(summary.contains("device_init")) << summary.toStdString();
}

TEST(RestartsTab, InTheDetailsDockForTheWholeJobWhicheverAttemptIsShown)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(520, 900);
    panel.show();
    state.openJob(7, "J2");
    panel.setJobTimeline(7, core::restarts_fixtures::threeAttemptsTimeline());
    RestartsTab* tab = panel.restartsTab();
    ASSERT_NE(tab, nullptr);
    EXPECT_EQ(tab->model()->rowCount(), 3);
    EXPECT_EQ(tab->tabText(), "Restarts (2)");
    auto* tabs = panel.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->tabText(tabs->indexOf(tab)), "Restarts (2)");
    panel.showRestartsTab();
    EXPECT_EQ(tabs->currentWidget(), tab);
    EXPECT_TRUE(tab->note().startsWith("Growing over the restarts: init (")) << tab->note().toStdString();
    state.openAttempt(1);
    EXPECT_EQ(tab->model()->rowCount(), 3) << "the whole job's restarts, whichever attempt is shown";

    // The worked example: no stage grows; a job without checkpoints says lost progress is unknown.
    state.openJob(4, "J1");
    panel.setJobTimeline(4, core::restarts_fixtures::workedExampleTimeline());
    EXPECT_EQ(tab->model()->rowCount(), 2);
    EXPECT_TRUE(tab->note().startsWith("No stage grows over the restarts.")) << tab->note().toStdString();
    core::JobTimeline noSegments = core::restarts_fixtures::workedExampleTimeline();
    noSegments.attempts[0].result.segments.clear();
    panel.setJobTimeline(4, noSegments);
    EXPECT_EQ(tab->model()->rowCount(), 0);
    EXPECT_TRUE(tab->note().contains("cannot be shown")) << tab->note().toStdString();
}

} // namespace
} // namespace ett::app
