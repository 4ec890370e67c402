// Tests of the details panel: it follows the state's location, shows the whole
// job or one attempt (figures, buckets, phases), sums init stages per subcategory with the
// slowest rank, navigates from its attempt menu and shows the timeline's selection text.
#include "app/ui/data/data_service.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <gtest/gtest.h>

#include <map>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

using fixtures::kS;

QStringList column(const QAbstractItemModel* m, int c)
{
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r) {
        out << m->index(r, c).data().toString();
    }
    return out;
}

TEST(DetailsPanel, ShowsTheWholeJobThenAnAttempt)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(420, 900);
    panel.show();
    EXPECT_EQ(panel.shownJob(), -1);
    state.openJob(4, "J1");
    panel.setJobTimeline(4, fixtures::workedExampleTimeline());
    EXPECT_EQ(panel.shownJob(), 4);
    EXPECT_FALSE(panel.shownAttempt().has_value());
    const QString job = panel.figuresText();
    EXPECT_TRUE(job.contains("E2E: 16 h 16 min")) << job.toStdString(); // 58545 s
    EXPECT_TRUE(job.contains("ETT%: 90.2%")) << job.toStdString();
    EXPECT_TRUE(job.contains("1 failure, 0 preemptions")) << job.toStdString();
    EXPECT_TRUE(job.contains("Time to Start: 25 min 00 s")) << job.toStdString();
    // Buckets of the whole job: the gap is recovery.
    const QStringList buckets = column(panel.bucketModel(), 0);
    EXPECT_TRUE(buckets.contains("recovery"));
    EXPECT_TRUE(buckets.contains("lost progress"));
    EXPECT_FALSE(buckets.contains("idle")) << "empty buckets are left out";
    EXPECT_EQ(panel.phaseModel()->rowCount(), 10);

    state.openAttempt(0);
    ASSERT_TRUE(panel.shownAttempt().has_value());
    EXPECT_EQ(*panel.shownAttempt(), 0);
    const QString attempt = panel.figuresText();
    EXPECT_TRUE(attempt.contains("Outcome: failed (counted as a failure)")) << attempt.toStdString();
    EXPECT_TRUE(attempt.contains("Cause: infra.gpu, symptom explicit")) << attempt.toStdString();
    EXPECT_TRUE(attempt.contains("Detail: XID 79")) << attempt.toStdString();
    EXPECT_TRUE(attempt.contains("Time to Recover: 20 min 00 s")) << attempt.toStdString();
    EXPECT_EQ(panel.phaseModel()->rowCount(), 6);
    EXPECT_EQ(panel.phaseModel()->index(0, 3).data().toString(), "init"); // sorted by start
    EXPECT_EQ(panel.phaseModel()->index(0, 2).data().toString(), "10 min 00 s");
    ASSERT_EQ(panel.initModel()->rowCount(), 1);
    EXPECT_EQ(panel.initModel()->index(0, 0).data().toString(), "(none)");
    EXPECT_EQ(panel.initModel()->index(0, 1).data().toString(), "10 min 00 s");

    // Back at the fleet: a hint, and the job stays cached for the way back.
    state.navigate(Location {});
    EXPECT_EQ(panel.shownJob(), 4);
    state.goBack();
    EXPECT_EQ(*panel.shownAttempt(), 0);
}

TEST(DetailsPanel, ANarrowDockWrapsTheFiguresInsteadOfCuttingThem)
{
    // The bucket table is as wide as its columns; a fixed width once made the figures above it
    // as wide and cut every value of a narrow dock on the right.
    fixtures::ensureApp();
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(240, 900);
    panel.show();
    state.openJob(4, "J1");
    panel.setJobTimeline(4, fixtures::workedExampleTimeline());
    QApplication::processEvents();
    bool checked = false;
    for (const QScrollArea* scroll : panel.findChildren<QScrollArea*>()) {
        if (scroll->widget() && scroll->widget()->findChild<QFormLayout*>()) {
            EXPECT_LE(scroll->widget()->width(), scroll->viewport()->width());
            checked = true;
        }
    }
    EXPECT_TRUE(checked) << "the figures sit in a scroll area";
}

TEST(DetailsPanel, PhaseModelPassesTheModelTester)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    QAbstractItemModelTester tester(panel.phaseModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    state.openJob(1, "J1");
    panel.setJobTimeline(1, fixtures::workedExampleTimeline());
    state.openAttempt(1);
    state.openAttempt(0);
    EXPECT_EQ(panel.phaseModel()->rowCount(), 6);
}

// The service delivers only the newest job timeline request: when another view (the timeline)
// asks after the panel, the panel takes that answer if it is its job.
TEST(DetailsPanel, TakesTheNewerAnswerForItsJob)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DataService service;
    DetailsPanel panel(&state, &service);
    state.openJob(3, "J1");
    EXPECT_TRUE(panel.isBusy());
    emit service.jobTimelineReady(1'000'000, fixtures::workedExampleTimeline());
    EXPECT_FALSE(panel.isBusy());
    EXPECT_EQ(panel.shownJob(), 3);
    EXPECT_TRUE(panel.figuresText().contains("ETT%: 90.2%"));
}

TEST(DetailsPanel, InitStagesSumPerSubcategoryWithTheSlowestRank)
{
    fixtures::ensureApp();
    core::JobTimeline t = fixtures::workedExampleTimeline();
    auto& phases = t.attempts[0].phases;
    phases.clear();
    // Two ranks: process-group init 10 s and 30 s, checkpoint read 5 s and 4 s + 3 s.
    phases.push_back({ 0, 10 * kS, core::Category::Init, "process_group", 0, "pg" });
    phases.push_back({ 0, 30 * kS, core::Category::Init, "process_group", 1, "pg" });
    phases.push_back({ 30 * kS, 35 * kS, core::Category::Init, "model_build", 0, "" });
    phases.push_back({ 30 * kS, 34 * kS, core::Category::Init, "model_build", 1, "" });
    phases.push_back({ 34 * kS, 37 * kS, core::Category::Init, "model_build", 1, "" });
    phases.push_back({ 40 * kS, 100 * kS, core::Category::Train, "", -1, "" });
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    state.openJob(0, "J1");
    state.openAttempt(0);
    panel.setJobTimeline(0, t);
    const QAbstractItemModel* init = panel.initModel();
    ASSERT_EQ(init->rowCount(), 2);
    // Largest total first.
    EXPECT_EQ(init->index(0, 0).data().toString(), "process_group");
    EXPECT_EQ(init->index(0, 1).data().toString(), "40.0 s");
    EXPECT_EQ(init->index(0, 2).data().toString(), "30.0 s");
    EXPECT_EQ(init->index(0, 3).data().toString(), "2");
    EXPECT_EQ(init->index(1, 0).data().toString(), "model_build");
    EXPECT_EQ(init->index(1, 1).data().toString(), "12.0 s");
    EXPECT_EQ(init->index(1, 2).data().toString(), "7.0 s"); // rank 1: 4 + 3
    EXPECT_EQ(init->index(1, 4).data().toString(), "3");
    // Phase names and ranks in the phase table.
    EXPECT_TRUE(column(panel.phaseModel(), 3).contains("init.process_group"));
    EXPECT_TRUE(column(panel.phaseModel(), 4).contains("all"));
}

TEST(DetailsPanel, AttemptMenuNavigatesAndSelectionTextShows)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(420, 900);
    panel.show();
    state.openJob(2, "J1");
    panel.setJobTimeline(2, fixtures::workedExampleTimeline());
    auto* menu = panel.findChild<QComboBox*>();
    ASSERT_NE(menu, nullptr);
    ASSERT_EQ(menu->count(), 3); // whole job + 2 attempts
    EXPECT_EQ(menu->itemText(0), "Whole job (2 attempts)");
    EXPECT_TRUE(menu->itemText(1).contains("infra.gpu"));
    menu->setCurrentIndex(2);
    emit menu->activated(2);
    EXPECT_EQ(state.location().level, Level::Attempt);
    EXPECT_EQ(state.location().attempt, 1);
    EXPECT_EQ(*panel.shownAttempt(), 1);
    emit menu->activated(0);
    EXPECT_EQ(state.location().level, Level::Job);
    EXPECT_FALSE(panel.shownAttempt().has_value());

    EXPECT_TRUE(panel.timelineSelection().isEmpty());
    panel.showTimelineSelection("init.process_group on rank 3: 41.2 s");
    EXPECT_EQ(panel.timelineSelection(), "init.process_group on rank 3: 41.2 s");
    panel.showTimelineSelection({});
    EXPECT_TRUE(panel.timelineSelection().isEmpty());
}

TEST(DetailsPanel, GeneratedJobWithRanks)
{
    fixtures::ensureApp();
    // A generated job with per-rank init phases (the generator writes them for some jobs).
    const auto fleet = fixtures::generateFleet(60);
    const core::GeneratedJob* ranked = nullptr;
    for (const auto& j : fleet) {
        for (const auto& p : j.phases) {
            if (p.rank >= 0 && p.category == core::Category::Init) {
                ranked = &j;
            }
        }
        if (ranked) {
            break;
        }
    }
    ASSERT_NE(ranked, nullptr);
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    state.openJob(9, QString::fromStdString(ranked->job.job));
    state.openAttempt(ranked->attempts.front().attempt);
    panel.setJobTimeline(9, fixtures::timelineOf(*ranked));
    ASSERT_GT(panel.initModel()->rowCount(), 0);
    for (int r = 0; r < panel.initModel()->rowCount(); ++r) {
        const double total = panel.initModel()->index(r, 1).data(Qt::UserRole).toDouble();
        const double max = panel.initModel()->index(r, 2).data(Qt::UserRole).toDouble();
        EXPECT_LE(max, total);
        EXPECT_GT(max, 0);
    }
}

// A laptop's dock (about 260 pixels): each table's names give way, elided, until the duration
// beside them is in view (it lay beyond the edge behind a sideways scroll bar); a wide dock shows
// the names whole again.
TEST(DetailsPanel, ANarrowDockShowsEachNameWithItsDuration)
{
    fixtures::ensureApp();
    const auto fleet = fixtures::generateFleet(60);
    const core::GeneratedJob* ranked = nullptr;
    for (const auto& j : fleet) {
        for (const auto& p : j.phases) {
            if (p.category == core::Category::Init && p.subcategory.size() >= 16) {
                ranked = &j;
            }
        }
        if (ranked) {
            break;
        }
    }
    ASSERT_NE(ranked, nullptr) << "a generated job with long init stage names";
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(260, 900);
    panel.show();
    state.openJob(9, QString::fromStdString(ranked->job.job));
    panel.setJobTimeline(9, fixtures::timelineOf(*ranked));
    QApplication::processEvents();
    const QList<QTableView*> tables = panel.findChildren<QTableView*>();
    std::map<QString, int> narrowNames;
    for (QTableView* view : tables) {
        const QHeaderView* header = view->horizontalHeader();
        const QString second = view->model()->headerData(header->logicalIndex(1), Qt::Horizontal).toString();
        if (second != "Duration" && second != "Total") {
            continue;
        }
        panel.findChild<QTabWidget*>()->setCurrentWidget(view); // shown, for a laid-out viewport
        QApplication::processEvents();
        const int next = header->logicalIndex(1);
        EXPECT_LE(header->sectionViewportPosition(next) + header->sectionSize(next), view->viewport()->width())
            << second.toStdString() << " lies beyond the dock's edge";
        narrowNames[second] = header->sectionSize(header->logicalIndex(0));
    }
    ASSERT_EQ(narrowNames.size(), 2u) << "the phases' and the init stages' tables";
    panel.resize(900, 900);
    QApplication::processEvents();
    bool narrowed = false;
    for (QTableView* view : tables) {
        const QHeaderView* header = view->horizontalHeader();
        const QString second = view->model()->headerData(header->logicalIndex(1), Qt::Horizontal).toString();
        if (narrowNames.count(second) != 0) {
            panel.findChild<QTabWidget*>()->setCurrentWidget(view);
            QApplication::processEvents();
            const int first = header->logicalIndex(0);
            const QAbstractItemView* items = view; // QTableView makes the hint protected
            EXPECT_GE(header->sectionSize(first), items->sizeHintForColumn(first))
                << second.toStdString() << ": a wide dock shows the names whole";
            narrowed = narrowed || header->sectionSize(first) > narrowNames[second];
        }
    }
    EXPECT_TRUE(narrowed) << "the narrow dock elided some names";
}

} // namespace
} // namespace ett::app
