// Tests of the Compare page's table models on hand-made results: each passes
// QAbstractItemModelTester, shows the texts the page shows (subcategories indented, "A → B" rates,
// regressions marked and first), colours a change by whether it is better or worse for ETT%, and
// gives the exports the exact values and unit-bearing keys.
#include "app/ui/charts/compare_charts.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/compare_models.h"
#include "app/ui/widgets/compare_cards.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

QString text(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}

QColor foregroundOf(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data(Qt::ForegroundRole).value<QBrush>().color();
}

// A comparison of a few jobs shows its change without an interval or a verdict (1 job once read
// "95% interval -34.19 to -16.06 · B is worse").
TEST(CompareCards, TooFewJobsGiveNoVerdict)
{
    fixtures::ensureApp();
    CompareCards cards;
    core::Comparison c;
    c.jobsA = 1;
    c.jobsB = 1;
    c.deltaPp = -25.0;
    c.tooFewJobs = true;
    c.confidence = 0.95;
    cards.showComparison(&c, Weighting::Gpu, QStringLiteral("job"));
    const QString detail = cards.detail(QStringLiteral("change"));
    EXPECT_TRUE(detail.startsWith(QStringLiteral("no interval or verdict: too few jobs (A 1, B 1; at least 5 each)")))
        << detail.toStdString();
    EXPECT_FALSE(detail.contains(QStringLiteral("worse")));
    c.tooFewJobs = false;
    c.jobsA = c.jobsB = 40;
    c.ci = core::Interval { -30.0, -20.0 };
    cards.showComparison(&c, Weighting::Gpu, QStringLiteral("job"));
    EXPECT_TRUE(cards.detail(QStringLiteral("change")).contains(QStringLiteral("B is worse")));
}

TEST(CompareModels, TimeToRecoverBridgeStepsFromAsMeanToBsColouredByTheChange)
{
    fixtures::ensureApp(); // the English plural forms ("1 recovery") are a catalog of the application
    // A: the worked example's recovery, 0 + 300 + 900 s; B: (60, 120, 600) and (0, 300, 300) s, means
    // 30, 210 and 450 s: detect +30 s (slower: red), restart -1 min 30 s, start-up -7 min 30 s (green).
    constexpr int64_t kS = 1'000'000'000;
    core::Figures a;
    a.addTtr(1200 * kS, core::TtrSplit { 0, 300 * kS, 900 * kS });
    core::Figures b;
    b.addTtr(780 * kS, core::TtrSplit { 60 * kS, 120 * kS, 600 * kS });
    b.addTtr(600 * kS, core::TtrSplit { 0, 300 * kS, 300 * kS });
    const QString line = ttrBridgeText(core::ttrBridgeOf(a, b));
    EXPECT_TRUE(line.contains("A 20 min 00 s (1 recovery)")) << line.toStdString();
    EXPECT_TRUE(line.contains("B 11 min 30 s (2 recoveries)")) << line.toStdString();
    EXPECT_TRUE(
        line.contains(QStringLiteral("<span style=\"color:%1\">detect +30.0 s</span>").arg(worseColor().name())))
        << line.toStdString();
    EXPECT_TRUE(line.contains(QStringLiteral("restart −1 min 30 s"))) << line.toStdString();
    EXPECT_TRUE(
        line.contains(QStringLiteral("<span style=\"color:%1\">start-up −7 min 30 s</span>").arg(betterColor().name())))
        << line.toStdString();
    EXPECT_TRUE(ttrBridgeText(std::nullopt).contains("no interruption that trained again"));
}

TEST(CompareModels, DistributionChangesShowPercentilesOfBothAndTheChange)
{
    fixtures::ensureApp();
    core::DistributionChange compile;
    compile.name = "compile";
    compile.countA = 3;
    compile.countB = 4;
    compile.a.p50 = 60 * fixtures::kS;
    compile.b.p50 = 90 * fixtures::kS;
    compile.a.p90 = 120 * fixtures::kS;
    compile.b.p90 = 60 * fixtures::kS;
    core::DistributionChange autotune;
    autotune.name = "compile.autotune";
    DistributionChangesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setChanges({ compile, autotune });

    ASSERT_EQ(model.rowCount(), 2);
    ASSERT_EQ(model.columnCount(), 11);
    EXPECT_EQ(model.headerData(0, Qt::Horizontal).toString(), "Distribution");
    EXPECT_EQ(model.headerData(4, Qt::Horizontal).toString(), "p50 change");
    EXPECT_EQ(model.headerData(2, Qt::Horizontal, ExportKeyRole).toString(), "p50 A s");
    EXPECT_FALSE(model.headerData(1, Qt::Horizontal, ExportKeyRole).isValid());
    EXPECT_EQ(text(model, 0, 0), "compile");
    EXPECT_EQ(text(model, 1, 0), "   compile.autotune") << "subcategories indented";
    EXPECT_EQ(model.index(1, 0).data(ExportValueRole).toString(), "compile.autotune");
    EXPECT_EQ(text(model, 0, 1), "3 / 4");
    EXPECT_EQ(model.index(0, 1).data(ExportValueRole).toMap().value("b").toLongLong(), 4);
    EXPECT_EQ(text(model, 0, 2), formatDuration(compile.a.p50));
    EXPECT_EQ(text(model, 0, 3), formatDuration(compile.b.p50));
    EXPECT_TRUE(text(model, 0, 4).startsWith("+")) << text(model, 0, 4).toStdString();
    EXPECT_TRUE(text(model, 0, 4).endsWith("(+50.0%)")) << text(model, 0, 4).toStdString();
    EXPECT_EQ(foregroundOf(model, 0, 4), worseColor()) << "a longer duration is worse";
    EXPECT_EQ(foregroundOf(model, 0, 7), betterColor());
    EXPECT_EQ(text(model, 1, 4), "–") << "no samples: no change";
    EXPECT_FALSE(model.index(1, 4).data(Qt::ForegroundRole).isValid());
    EXPECT_EQ(model.index(0, 2).data(ExportValueRole).value<ExactNumber>().text, "60");
    EXPECT_TRUE(model.index(1, 2).data(ExportValueRole).isNull()) << "absent: JSON null";
    EXPECT_EQ(model.index(0, 0).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignLeft | Qt::AlignVCenter));
    EXPECT_EQ(model.index(0, 2).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));

    model.setChanges({});
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(CompareModels, CauseRatesShowAToBColouredByTheChange)
{
    fixtures::ensureApp();
    core::CauseRate none;
    none.failuresA = 1.0;
    none.failuresB = 2.5;
    none.countFailuresA = 3;
    none.countFailuresB = 7;
    none.preemptionsA = 4.0;
    none.preemptionsB = 4.0;
    core::CauseRate infra;
    infra.causeClass = "infra";
    CauseRatesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRates({ none, infra });

    ASSERT_EQ(model.rowCount(), 2);
    ASSERT_EQ(model.columnCount(), 3);
    EXPECT_EQ(model.headerData(1, Qt::Horizontal).toString(), "Failures A → B");
    EXPECT_EQ(text(model, 0, 0), "(none)");
    EXPECT_EQ(text(model, 1, 0), "infra");
    EXPECT_EQ(text(model, 0, 1), "1.00 → 2.50");
    EXPECT_EQ(foregroundOf(model, 0, 1), worseColor()) << "more failures are worse";
    EXPECT_FALSE(model.index(0, 2).data(Qt::ForegroundRole).isValid()) << "no change: no colour";
    EXPECT_EQ(text(model, 1, 1), "– → –");
    EXPECT_TRUE(model.index(0, 1).data(Qt::ToolTipRole).toString().contains("failures per 1,000 GPU-days"));
    const QVariantMap exact = model.index(0, 1).data(ExportValueRole).toMap();
    EXPECT_EQ(exact.value("b").toDouble(), 2.5);
    EXPECT_EQ(exact.value("countB").toLongLong(), 7);
    EXPECT_TRUE(model.index(1, 1).data(ExportValueRole).toMap().value("a").isNull());
}

TEST(CompareModels, MatchedJobsListRegressionsThenImprovements)
{
    fixtures::ensureApp();
    core::MatchedJob worse { "job-1", 90.0, 80.0, -10.0, 1.5, 3.0, "a", "a", 8, 8 };
    core::MatchedJob better { "job-2", 70.0, 75.5, 5.5, 2.0, 1.0, "b", "b", 8, 8 };
    MatchedJobsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setJobs({ worse }, { better });

    ASSERT_EQ(model.rowCount(), 2);
    ASSERT_EQ(model.columnCount(), 7);
    EXPECT_EQ(text(model, 0, 0), "▼ job-1");
    EXPECT_EQ(text(model, 1, 0), "▲ job-2");
    EXPECT_EQ(model.matchAt(1), MatchedJobsModel::pairId("job-2", 1));
    EXPECT_EQ(model.matchAt(2), "");
    EXPECT_EQ(model.index(0, 0).data(MatchedJobsModel::MatchRole).toString(), "job-1");
    EXPECT_EQ(foregroundOf(model, 0, 0), worseColor());
    EXPECT_EQ(foregroundOf(model, 1, 3), betterColor());
    EXPECT_FALSE(model.index(1, 1).data(Qt::ForegroundRole).isValid());
    EXPECT_EQ(text(model, 0, 1), formatPercent(90.0, 2));
    EXPECT_EQ(text(model, 0, 3), formatPp(-10.0));
    EXPECT_EQ(text(model, 0, 5), formatHours(3.0, QString()));
    EXPECT_EQ(model.index(1, 3).data(ExportValueRole).toDouble(), 5.5);
    EXPECT_EQ(model.headerData(3, Qt::Horizontal, ExportKeyRole).toString(), "Change pp");
    EXPECT_EQ(model.headerData(5, Qt::Horizontal, ExportKeyRole).toString(), "Lost GPU-h B");
    EXPECT_TRUE(model.headerData(4, Qt::Horizontal, Qt::ToolTipRole).toString().startsWith("GPU-hours A lost"));
    // Alike pairs carry no flag.
    EXPECT_EQ(model.notAlikeCount(), 0);
    EXPECT_EQ(text(model, 0, MatchedJobsModel::kNotAlikeColumn), "");
    EXPECT_FALSE(model.index(0, MatchedJobsModel::kNotAlikeColumn).data(Qt::ForegroundRole).isValid());
}

// A key paired with a job of another name or size is flagged: it may be two different jobs.
TEST(CompareModels, MatchedJobsFlagPairsThatAreNotAlike)
{
    fixtures::ensureApp();
    core::MatchedJob renamed { "k1", 90.0, 10.0, -80.0, 1.0, 50.0, "ranking", "backfill", 64, 64 };
    core::MatchedJob resized { "k2", 90.0, 80.0, -10.0, 1.0, 5.0, "llm", "llm", 64, 16384 };
    core::MatchedJob both { "k3", 70.0, 75.0, 5.0, 2.0, 1.0, "a", "b", 8, 16 };
    core::MatchedJob alike { "k4", 70.0, 72.0, 2.0, 2.0, 1.5, "c", "c", 8, 8 };
    MatchedJobsModel model;
    model.setJobs({ renamed, resized }, { both, alike });
    const int c = MatchedJobsModel::kNotAlikeColumn;
    EXPECT_EQ(model.headerData(c, Qt::Horizontal).toString(), "Not alike");
    EXPECT_EQ(model.notAlikeCount(), 3);
    EXPECT_EQ(text(model, 0, c), "⚠ names differ");
    EXPECT_EQ(text(model, 1, c), "⚠ 64 → 16,384 GPUs");
    EXPECT_EQ(text(model, 2, c), "⚠ names differ, 8 → 16 GPUs");
    EXPECT_EQ(text(model, 3, c), "");
    EXPECT_EQ(foregroundOf(model, 0, c), worseColor());
    const QString tip = model.index(0, c).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains("A: ranking (64 GPUs)")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("B: backfill (64 GPUs)")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("two different jobs")) << tip.toStdString();
    EXPECT_EQ(model.index(2, c).data(ExportValueRole).toStringList(), QStringList({ "name_differs", "gpus_differ" }));
    EXPECT_TRUE(model.index(3, c).data(ExportValueRole).toList().isEmpty());
}

} // namespace
} // namespace ett::app
