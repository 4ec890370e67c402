// Tests of what the What-if page shows of a projection, from a hand-made WhatIfData: the headline
// (today -> projected under the weighting, the change coloured by its direction, the other
// weighting, the counts, the jobs an interval change did not apply to), the bridge (its ends and a
// step per change in the colour of the bucket it takes time from, adding up exactly) and the steps
// table with a bold total and the exact values behind the cells.
#include "app/ui/export/table_export.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/whatif_results.h"

#include <QHeaderView>
#include <QTableWidget>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int64_t kPp = 1'000'000'000'000; // 1 pp in 1e-12 pp
constexpr int64_t kHourNs = 3600LL * 1'000'000'000;

// Compile at 60% and every job at its optimal interval: 74.21% -> 78.90% GPU-weighted
// (4 + 0.69 pp), 70% -> 71% time-weighted (0.6 + 0.4 pp); the interval did not apply to 3 jobs.
WhatIfData projection()
{
    WhatIfData data;
    data.cohortText = "label=after";
    core::WhatIfChange compile;
    compile.target = core::WhatIfTarget::Bucket;
    compile.bucket = core::Bucket::Compile;
    compile.scale = 0.6;
    core::WhatIfChange interval;
    interval.target = core::WhatIfTarget::CheckpointInterval;
    interval.optimal = true;
    data.request.changes = { compile, interval };
    core::WhatIfResult& r = data.result;
    r.jobs = 12;
    r.attempts = 30;
    r.today.failures = 4;
    r.today.preemptions = 2;
    r.today.e2eGpuNs = 100 * kHourNs;
    r.projectedFailures = 3;
    r.projectedPreemptions = 2;
    r.projectedE2eGpuNs = 88 * kHourNs;
    r.todayPico = 7421 * kPp / 100;
    r.projectedPico = 7890 * kPp / 100;
    r.todayPicoTime = 70 * kPp;
    r.projectedPicoTime = 71 * kPp;
    core::WhatIfStep s1;
    s1.change = compile.text();
    s1.pico = 4 * kPp;
    s1.picoTime = 6 * kPp / 10;
    s1.totalSavedGpuNs = 10 * kHourNs;
    s1.totalSavedNs = kHourNs;
    s1.attemptsChanged = 30;
    core::WhatIfStep s2;
    s2.change = interval.text();
    s2.pico = 69 * kPp / 100;
    s2.picoTime = 4 * kPp / 10;
    s2.totalSavedGpuNs = 2 * kHourNs;
    s2.totalSavedNs = kHourNs / 2;
    s2.attemptsChanged = 9;
    s2.jobsNotApplicable = 3;
    r.steps = { s1, s2 };
    return data;
}

TEST(WhatIfHeadline, ShowsTodayToProjectedTheChangeAndTheOtherWeighting)
{
    fixtures::ensureApp(); // the English plural forms ("3 jobs") are a catalog of the application
    const WhatIfHeadline h = whatIfHeadline(projection(), Weighting::Gpu);
    EXPECT_EQ(h.title, QStringLiteral("ETT% today → projected (GPU-weighted) · label=after"));
    EXPECT_EQ(h.headline, QStringLiteral("74.21% → 78.90%"));
    EXPECT_EQ(h.headlineTip, QStringLiteral("Exactly 74.21% today, 78.9% projected"));
    EXPECT_EQ(h.change, QStringLiteral("+4.69 pp"));
    EXPECT_EQ(h.changeStyle, QStringLiteral("color: #007a57;"));
    EXPECT_EQ(h.other, QStringLiteral("time-weighted: 70.00% → 71.00% (+1.00 pp)"));
    EXPECT_EQ(h.intervalNote,
        QStringLiteral("The interval change did not apply to 3 jobs (no measured interval, blocking per save or "
                       "interruption)."));
    EXPECT_TRUE(h.facts.contains(QStringLiteral("<td>Failures</td><td align=right>&nbsp;&nbsp;4</td>"
                                                "<td>&nbsp;→&nbsp;</td><td align=right><b>3</b></td>")))
        << h.facts.toStdString();
    EXPECT_TRUE(h.facts.contains(QStringLiteral("<td>E2E GPU-h</td><td align=right>&nbsp;&nbsp;100.0</td>")))
        << h.facts.toStdString();
    EXPECT_EQ(h.factsTip,
        QStringLiteral("30 attempts · 12.0 GPU-h saved in all · projections keep every job and its training"));

    const WhatIfHeadline time = whatIfHeadline(projection(), Weighting::Time);
    EXPECT_EQ(time.headline, QStringLiteral("70.00% → 71.00%"));
    EXPECT_EQ(time.change, QStringLiteral("+1.00 pp"));
    EXPECT_EQ(time.other, QStringLiteral("GPU-weighted: 74.21% → 78.90% (+4.69 pp)"));
}

TEST(WhatIfHeadline, AFallIsRedNoChangeUncolouredAndNoCohortIsAllJobs)
{
    WhatIfData data = projection();
    data.cohortText.clear();
    data.result.projectedPico = 70 * kPp;
    const WhatIfHeadline worse = whatIfHeadline(data, Weighting::Gpu);
    EXPECT_EQ(worse.title, QStringLiteral("ETT% today → projected (GPU-weighted) · all jobs"));
    EXPECT_EQ(worse.change, QStringLiteral("−4.21 pp"));
    EXPECT_EQ(worse.changeStyle, QStringLiteral("color: #c03900;"));
    data.result.projectedPico = data.result.todayPico;
    EXPECT_EQ(whatIfHeadline(data, Weighting::Gpu).changeStyle, QString());
    data.result.todayPico.reset();
    const WhatIfHeadline none = whatIfHeadline(data, Weighting::Gpu);
    EXPECT_EQ(none.headline, QStringLiteral("– → 74.21%"));
    EXPECT_EQ(none.change, QStringLiteral("–"));
    EXPECT_EQ(none.changeStyle, QString());
    data.request.changes.pop_back(); // no interval change: no note
    EXPECT_EQ(whatIfHeadline(data, Weighting::Gpu).intervalNote, QString());
}

TEST(WhatIfBridge, WalksFromTodayToProjectedInAStepPerChange)
{
    fixtures::ensureApp(); // "30 attempts changed": a plural form of the catalog
    const auto bridge = whatIfBridge(projection(), Weighting::Gpu);
    ASSERT_TRUE(bridge.has_value());
    EXPECT_EQ(bridge->title, whatIfBridgeTitle(Weighting::Gpu));
    EXPECT_EQ(bridge->title, QStringLiteral("Bridge from ETT% today to projected, a bar per change (GPU-weighted)"));
    EXPECT_EQ(bridge->start.pico, 7421 * kPp / 100);
    EXPECT_EQ(bridge->start.seriesName, QStringLiteral("ETT% today"));
    EXPECT_EQ(bridge->end.pico, 7890 * kPp / 100);
    EXPECT_EQ(bridge->end.color, bucketColor(core::Bucket::Productive));
    ASSERT_EQ(bridge->steps.size(), 2u);
    EXPECT_EQ(bridge->steps[0].label, QStringLiteral("compile x0.6"));
    EXPECT_EQ(bridge->steps[0].pico, 4 * kPp);
    EXPECT_EQ(bridge->steps[0].color, bucketColor(core::Bucket::Compile));
    EXPECT_EQ(bridge->steps[0].tip,
        QStringLiteral("compile x0.6: +4.00 pp of ETT% (exactly +4 pp)\nsaves 10.0 GPU-h (30 attempts changed)"));
    EXPECT_EQ(bridge->steps[1].color, bucketColor(core::Bucket::CheckpointSave));
    EXPECT_EQ(bridge->start.pico + bridge->steps[0].pico + bridge->steps[1].pico, bridge->end.pico);

    const auto time = whatIfBridge(projection(), Weighting::Time);
    ASSERT_TRUE(time.has_value());
    EXPECT_EQ(time->start.pico, 70 * kPp);
    EXPECT_EQ(time->steps[0].pico, 6 * kPp / 10);
    EXPECT_EQ(time->start.pico + time->steps[0].pico + time->steps[1].pico, time->end.pico);
    EXPECT_TRUE(time->steps[0].tip.endsWith(QStringLiteral("saves 1.0 h (30 attempts changed)")))
        << time->steps[0].tip.toStdString();

    // One attempt is one attempt (the plural forms of the catalog).
    auto one = projection();
    auto& r = one.result;
    r.steps[0].attemptsChanged = 1;
    r.attempts = 1;
    EXPECT_TRUE(whatIfBridge(one, Weighting::Gpu)->steps[0].tip.endsWith(QStringLiteral("(1 attempt changed)")));
    EXPECT_TRUE(whatIfHeadline(one, Weighting::Gpu).factsTip.startsWith(QStringLiteral("1 attempt · ")));
}

TEST(WhatIfBridge, ThereIsNoneWithoutETTPercent)
{
    WhatIfData data = projection();
    data.result.projectedPico.reset();
    EXPECT_FALSE(whatIfBridge(data, Weighting::Gpu).has_value());
    EXPECT_TRUE(whatIfBridge(data, Weighting::Time).has_value());
}

TEST(WhatIfSteps, ARowPerStepAndABoldTotalWithTheExactValues)
{
    fixtures::ensureApp();
    QTableWidget table(0, 7);
    fillWhatIfSteps(&table, projection());
    ASSERT_EQ(table.rowCount(), 3);
    EXPECT_EQ(table.item(0, 0)->text(), QStringLiteral("compile x0.6"));
    EXPECT_EQ(table.item(0, 1)->text(), QStringLiteral("10.0"));
    EXPECT_EQ(table.item(0, 1)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("36000"));
    EXPECT_EQ(table.item(0, 3)->text(), QStringLiteral("+4.00 pp"));
    EXPECT_EQ(table.item(0, 3)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("4"));
    EXPECT_EQ(table.item(0, 5)->text(), QStringLiteral("30"));
    EXPECT_EQ(table.item(0, 6)->text(), QStringLiteral("–")); // not an interval change
    EXPECT_FALSE(table.item(0, 6)->data(ExportValueRole).isValid());
    EXPECT_EQ(table.item(1, 6)->text(), QStringLiteral("3"));
    EXPECT_EQ(table.item(1, 2)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("1800"));
    EXPECT_EQ(table.item(2, 0)->text(), QStringLiteral("all changes"));
    EXPECT_TRUE(table.item(2, 0)->font().bold());
    EXPECT_FALSE(table.item(0, 0)->font().bold());
    EXPECT_EQ(table.item(2, 3)->text(), QStringLiteral("+4.69 pp"));
    EXPECT_EQ(table.item(2, 3)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("4.69"));
    EXPECT_EQ(table.item(2, 4)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("1"));
    EXPECT_EQ(table.item(2, 1)->data(ExportValueRole).value<ExactNumber>().text, QStringLiteral("43200"));
    EXPECT_EQ(table.item(2, 5)->text(), QString());
    EXPECT_EQ(table.horizontalHeader()->sectionResizeMode(0), QHeaderView::Stretch);
}

TEST(WhatIfSteps, NoStepsNoRows)
{
    fixtures::ensureApp();
    QTableWidget table(0, 7);
    WhatIfData data = projection();
    data.result.steps.clear();
    fillWhatIfSteps(&table, data);
    EXPECT_EQ(table.rowCount(), 0);
}

} // namespace
} // namespace ett::app
