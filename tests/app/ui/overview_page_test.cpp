// Tests of the overview page: cards show the fleet's figures under the named
// weighting, the charts are built from the data in the palette's colours, and clicking a chart
// element drills in (bucket -> drill-down sorted by it, day -> time range, cause class -> jobs
// sorted by that kind of interruption, top job -> the job). Driven with data built by the CPU
// engine the way the data service builds it.
#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/window/translations.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QToolButton>
#include <QValueAxis>
#include <gtest/gtest.h>

#include <set>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

struct Fixture
{
    std::vector<core::GeneratedJob> fleet = fixtures::generateFleet(60);
    std::unique_ptr<gpu::Engine> engine = fixtures::engineOf(fleet);
    OverviewData data = fixtures::overviewOf(*engine);
};

const Fixture& fixture()
{
    static const Fixture f;
    return f;
}

QBarSet* barSet(QChart* chart, const QString& label)
{
    for (QAbstractSeries* s : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
            for (QBarSet* set : bars->barSets()) {
                if (set->label() == label) {
                    return set;
                }
            }
        }
    }
    return nullptr;
}

TEST(OverviewPage, CardsShowTheFleetUnderTheNamedWeighting)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    EXPECT_FALSE(page.hasData());
    EXPECT_EQ(page.cardValue("ett"), "–");
    const OverviewData& d = fixture().data;
    ASSERT_GT(d.fleet.jobs, 0);
    page.setOverviewData(d);
    EXPECT_FALSE(page.isBusy());
    EXPECT_EQ(page.cardTitle("ett"), "ETT% (GPU-weighted)");
    EXPECT_EQ(page.cardValue("ett"), formatPercent(d.fleet.ettPercentGpu()));
    // A narrow window cuts the titles: each has its whole text in its tooltip.
    const auto titles = page.findChildren<QLabel*>(QStringLiteral("cardTitle"));
    ASSERT_FALSE(titles.isEmpty());
    for (const QLabel* t : titles) {
        EXPECT_EQ(t->toolTip(), t->text());
    }
    EXPECT_TRUE(page.cardDetail("ett").contains(formatPercent(d.fleet.ettPercentTime())));
    EXPECT_EQ(page.cardTitle("e2e"), "GPU-hours (E2E)");
    EXPECT_EQ(page.cardValue("e2e"), formatHours(nsToHours(d.fleet.e2eGpuNs), QString()));
    EXPECT_EQ(page.cardTitle("lost"), "Lost GPU-hours");
    EXPECT_EQ(page.cardValue("lost"), formatHours(nsToHours(d.fleet.lostGpuNs()), QString()));
    EXPECT_EQ(page.cardValue("failures"), formatCount(d.fleet.failures));
    EXPECT_EQ(page.cardValue("preemptions"), formatCount(d.fleet.preemptions));
    EXPECT_EQ(page.cardValue("other"), formatCount(d.fleet.otherInterruptions));
    EXPECT_EQ(page.cardValue("tts"), formatDuration(d.tts.p50));
    EXPECT_TRUE(page.cardDetail("tts").contains(formatDuration(d.tts.p90)));
    EXPECT_EQ(page.cardValue("ttr"), formatDuration(d.ttr.p50));
    EXPECT_EQ(page.cardValue("noCheckpoint"), formatCount(d.fleet.noCheckpointDataJobs));
    core::Bucket most = core::Bucket::Idle;
    for (int b = 1; b < core::kBucketCount; ++b) {
        if (d.fleet.bucketsGpuNs[static_cast<size_t>(b)] > d.fleet.bucketsGpuNs[static_cast<size_t>(most)]) {
            most = static_cast<core::Bucket>(b);
        }
    }
    EXPECT_TRUE(page.cardValue("lostByBucket").contains(bucketColor(most).name()))
        << "lost by bucket, in the palette's colours: " << page.cardValue("lostByBucket").toStdString();

    state.setWeighting(Weighting::Time);
    EXPECT_EQ(page.cardTitle("ett"), "ETT% (time-weighted)");
    EXPECT_EQ(page.cardValue("ett"), formatPercent(d.fleet.ettPercentTime()));
    EXPECT_EQ(page.cardTitle("lost"), "Lost hours");
    EXPECT_TRUE(page.chart(OverviewPage::Chart::Buckets)->title().contains("time-weighted"));
    EXPECT_TRUE(page.chart(OverviewPage::Chart::Trend)->title().contains("time-weighted"));
}

TEST(DurationHistogram, TheAxisEndsAtARoundValueWithRoundTicks)
{
    fixtures::ensureApp();
    // (the largest value, its unit) -> the axis' end and tick count: 56 min -> 0 15 30 45 60 min;
    // 5.1 h -> 0 2 4 6 h; 90 s -> 0 20 40 60 80 100 s.
    constexpr int64_t kMin = 60'000'000'000;
    const struct
    {
        int64_t mostNs;
        double top;
        int ticks;
        const char* unit;
    } cases[]
        = { { 56 * kMin, 60, 5, "minutes" }, { 306 * kMin, 6, 4, "hours" }, { 90'000'000'000, 100, 6, "seconds" } };
    for (const auto& c : cases) {
        QChart chart;
        fillDurationHistogramChart(&chart, { c.mostNs / 3, c.mostNs }, "t", Qt::blue, 20);
        const auto axes = chart.axes(Qt::Horizontal);
        ASSERT_EQ(axes.size(), 1);
        const auto* x = qobject_cast<QValueAxis*>(axes.front());
        ASSERT_NE(x, nullptr);
        EXPECT_DOUBLE_EQ(x->max(), c.top) << c.unit;
        EXPECT_EQ(x->tickCount(), c.ticks) << c.unit;
        EXPECT_EQ(x->titleText(), c.unit);
    }
}

TEST(OverviewPage, ChartsUseThePaletteAndTheData)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    const OverviewData& d = fixture().data;
    page.setOverviewData(d);
    QBarSet* productive = barSet(page.chart(OverviewPage::Chart::Buckets), bucketLabel(core::Bucket::Productive));
    ASSERT_NE(productive, nullptr);
    EXPECT_EQ(productive->color(), bucketColor(core::Bucket::Productive));
    double sum = 0;
    for (int i = 0; i < productive->count(); ++i) {
        sum += productive->at(i);
    }
    EXPECT_NEAR(sum, *d.fleet.ettPercentGpu(), 1e-9) << "the productive share is the ETT%";

    // The trend has a point per calendar bucket with data.
    QScatterSeries* dots = nullptr;
    for (QAbstractSeries* s : page.chart(OverviewPage::Chart::Trend)->series()) {
        dots = dots ? dots : qobject_cast<QScatterSeries*>(s);
    }
    ASSERT_NE(dots, nullptr);
    EXPECT_GT(dots->count(), 3);
    EXPECT_LE(static_cast<size_t>(dots->count()), d.series.buckets.size());

    // Interruptions by cause class: one category per class.
    auto* failures = barSet(page.chart(OverviewPage::Chart::Causes), "failures");
    ASSERT_NE(failures, nullptr);
    EXPECT_EQ(static_cast<size_t>(failures->count()), d.byCauseClass.size());
    // Top jobs: one bar per job, the most lost on top (the last category).
    auto* recovery = barSet(page.chart(OverviewPage::Chart::TopJobs), bucketLabel(core::Bucket::Recovery));
    ASSERT_NE(recovery, nullptr);
    EXPECT_EQ(static_cast<size_t>(recovery->count()), d.topJobs.size());
    EXPECT_EQ(barSet(page.chart(OverviewPage::Chart::TopJobs), bucketLabel(core::Bucket::Productive)), nullptr)
        << "top jobs show lost time only";
}

TEST(OverviewPage, TheRollingLineIsDrawnOverTheTrendAtItsSampleTimes)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    OverviewData d = fixture().data;
    auto rollingLine = [&]() -> QLineSeries* {
        for (QAbstractSeries* s : page.chart(OverviewPage::Chart::Trend)->series()) {
            if (s->name().startsWith(QStringLiteral("rolling"))) {
                return qobject_cast<QLineSeries*>(s);
            }
        }
        return nullptr;
    };
    page.setOverviewData(d);
    EXPECT_EQ(rollingLine(), nullptr) << "no rolling line unless asked for";
    auto* toggle = page.findChild<QToolButton*>(QStringLiteral("rolling24h"));
    ASSERT_NE(toggle, nullptr);
    EXPECT_FALSE(toggle->isChecked());
    // Two samples: the end of the first day (x = 0.5, between day 0 and day 1) and a day later.
    constexpr int64_t kDay = 86'400'000'000'000;
    d.rollingWindowNs = kDay;
    d.rolling = { { d.series.originNs + kDay, 80.0, 90.0 }, { d.series.originNs + 2 * kDay, std::nullopt, 70.0 },
        { d.series.originNs + 3 * kDay, 60.0, 65.0 } };
    page.setOverviewData(d);
    QLineSeries* line = rollingLine();
    ASSERT_NE(line, nullptr);
    ASSERT_EQ(line->count(), 2) << "a window without E2E has no point";
    EXPECT_DOUBLE_EQ(line->at(0).x(), 0.5);
    EXPECT_DOUBLE_EQ(line->at(0).y(), 80.0);
    EXPECT_DOUBLE_EQ(line->at(1).x(), 2.5);
    EXPECT_DOUBLE_EQ(line->at(1).y(), 60.0);
}

TEST(OverviewPage, ClickingABucketListsItsIntervalsAndADoubleClickSortsTheDrillDownByIt)
{
    fixtures::ensureApp();
    WorkbenchState state;
    Location job;
    job.level = Level::Job;
    job.groupBy = "team";
    job.job = 1;
    state.navigate(job);
    OverviewPage page(&state, nullptr);
    page.setOverviewData(fixture().data);
    QSignalSpy drill(&page, &OverviewPage::drillDownRequested);
    QSignalSpy bucket(&page, &OverviewPage::bucketActivated);
    QSignalSpy intervals(&page, &OverviewPage::intervalsRequested);
    QBarSet* init = barSet(page.chart(OverviewPage::Chart::Buckets), bucketLabel(core::Bucket::Init));
    ASSERT_NE(init, nullptr);
    emit init->clicked(0);
    ASSERT_EQ(intervals.count(), 1);
    EXPECT_EQ(intervals.at(0).at(0).value<core::Bucket>(), core::Bucket::Init);
    EXPECT_EQ(drill.count(), 0);
    emit init->doubleClicked(0);
    ASSERT_EQ(drill.count(), 1);
    EXPECT_EQ(drill.at(0).at(0).toInt(), FiguresTableModel::bucketColumn(core::Bucket::Init));
    EXPECT_EQ(drill.at(0).at(1).value<Qt::SortOrder>(), Qt::DescendingOrder);
    ASSERT_EQ(bucket.count(), 1);
    EXPECT_EQ(bucket.at(0).at(0).value<core::Bucket>(), core::Bucket::Init);
    EXPECT_EQ(state.location().level, Level::Fleet);
    EXPECT_EQ(state.location().groupBy, "team") << "the fleet, as grouped";
}

TEST(OverviewPage, ClickingADaySelectsItsTimeRange)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    const OverviewData& d = fixture().data;
    page.setOverviewData(d);
    QScatterSeries* dots = nullptr;
    for (QAbstractSeries* s : page.chart(OverviewPage::Chart::Trend)->series()) {
        dots = dots ? dots : qobject_cast<QScatterSeries*>(s);
    }
    ASSERT_NE(dots, nullptr);
    const QPointF third = dots->at(2);
    emit dots->clicked(third);
    const auto i = static_cast<int64_t>(third.x());
    ASSERT_TRUE(state.filter().fromNs.has_value());
    EXPECT_EQ(*state.filter().fromNs, d.series.originNs + i * d.series.widthNs);
    EXPECT_EQ(*state.filter().toNs, *state.filter().fromNs + 86'400 * fixtures::kS);
}

TEST(OverviewPage, ClickingACauseClassListsJobsByThatInterruption)
{
    fixtures::ensureApp();
    WorkbenchState state;
    Location byTeam;
    byTeam.groupBy = "team";
    state.navigate(byTeam);
    OverviewPage page(&state, nullptr);
    const OverviewData& d = fixture().data;
    ASSERT_FALSE(d.byCauseClass.empty());
    page.setOverviewData(d);
    QSignalSpy drill(&page, &OverviewPage::drillDownRequested);
    QSignalSpy cause(&page, &OverviewPage::causeClassActivated);
    emit barSet(page.chart(OverviewPage::Chart::Causes), "preemptions")->clicked(0);
    ASSERT_EQ(drill.count(), 1);
    EXPECT_EQ(drill.at(0).at(0).toInt(), FiguresTableModel::PreemptionsColumn);
    ASSERT_EQ(cause.count(), 1);
    const std::string& name = d.byCauseClass[0].name;
    EXPECT_EQ(cause.at(0).at(0).toString().toStdString(), name.empty() ? core::kNoGroupName : name);
    EXPECT_EQ(state.location(), Location {}) << "the fleet's jobs, no group-by";
}

TEST(OverviewPage, ClickingATopJobOpensIt)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    const OverviewData& d = fixture().data;
    ASSERT_GE(d.topJobs.size(), 3u);
    page.setOverviewData(d);
    QBarSet* set = barSet(page.chart(OverviewPage::Chart::TopJobs), bucketLabel(core::Bucket::Recovery));
    ASSERT_NE(set, nullptr);
    // Categories run bottom-up: the last one is the job that lost the most.
    emit set->clicked(set->count() - 1);
    EXPECT_EQ(state.location().level, Level::Job);
    EXPECT_EQ(state.location().job, d.topJobs[0].job);
    EXPECT_EQ(state.breadcrumb().back().first, qs(d.topJobs[0].key));
    emit set->clicked(set->count() - 3);
    EXPECT_EQ(state.location().job, d.topJobs[2].job);
}

TEST(OverviewPage, TopJobsOfAKeyTwoLabelsHoldNameTheLabelOnEveryBar)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    OverviewData d = fixture().data;
    ASSERT_GE(d.topJobs.size(), 3u);
    d.topJobs[1].key = d.topJobs[0].key;
    d.topJobs[0].label = "before";
    d.topJobs[1].label = "after";
    page.setOverviewData(d);
    QStringList categories;
    for (QAbstractAxis* axis : page.chart(OverviewPage::Chart::TopJobs)->axes(Qt::Vertical)) {
        if (auto* c = qobject_cast<QBarCategoryAxis*>(axis)) {
            categories = c->categories();
        }
    }
    const QString key = qs(d.topJobs[0].key);
    EXPECT_TRUE(categories.contains(key + QStringLiteral(" (before)"))) << categories.join(", ").toStdString();
    EXPECT_TRUE(categories.contains(key + QStringLiteral(" (after)"))) << categories.join(", ").toStdString();
    EXPECT_FALSE(categories.contains(key)) << "neither bar of the shared key is left without its label";
    // The bars come from two labels: every bar names its own.
    EXPECT_TRUE(categories.contains(qs(d.topJobs[2].key) + QStringLiteral(" (%1)").arg(qs(d.topJobs[2].label))))
        << categories.join(", ").toStdString();
}

TEST(OverviewPage, WeeklyDataAndEmptyData)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    page.setOverviewData(fixtures::overviewOf(*fixture().engine, gpu::Calendar::Week));
    EXPECT_EQ(page.calendar(), gpu::Calendar::Week);
    EXPECT_TRUE(page.chart(OverviewPage::Chart::Trend)->title().contains("week"));
    page.setOverviewData(OverviewData {});
    EXPECT_EQ(page.cardValue("ett"), "–");
    EXPECT_TRUE(page.chart(OverviewPage::Chart::Buckets)->series().isEmpty());
    EXPECT_TRUE(page.chart(OverviewPage::Chart::TopJobs)->series().isEmpty());
}

// The first answer of a window's lean fleet: the cards, causes and top jobs drawn, the trend saying
// that the segments are being read; the full answer draws the trend.
TEST(OverviewPage, FiguresFirstThenTheTrendOnceTheSeriesFollow)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    OverviewData first = fixture().data;
    first.series = {};
    first.rolling.clear();
    first.seriesPending = true;
    page.setOverviewData(first);
    EXPECT_NE(page.cardValue("ett"), "–");
    EXPECT_FALSE(page.chart(OverviewPage::Chart::TopJobs)->series().isEmpty());
    QChart* trend = page.chart(OverviewPage::Chart::Trend);
    EXPECT_TRUE(trend->title().contains("reading the segments")) << trend->title().toStdString();
    EXPECT_TRUE(trend->series().isEmpty());
    page.setOverviewData(fixture().data);
    trend = page.chart(OverviewPage::Chart::Trend);
    EXPECT_FALSE(trend->title().contains("reading")) << trend->title().toStdString();
    EXPECT_FALSE(trend->series().isEmpty());
}

// The trend's date labels name the year when the days span more than one ("Jun 8" alone is
// ambiguous, and a category axis drops a label it already has). 730 daily buckets from
// 2023-01-01 (1,672,531,200 s after the epoch): six labels at most with years, one every
// ceil(730 / 6) = 122 days: i = 0, 122, ..., 610; i = 366 is 2024-01-02 (2023 has 365 days).
// Within one year the labels stay short, up to ten.
TEST(OverviewPage, TrendDatesNameTheYearWhenTheDaysSpanMoreThanOne)
{
    fixtures::ensureApp();
    const auto labelsOf = [](int64_t originS, int days) {
        OverviewData data;
        data.series.originNs = originS * fixtures::kS;
        data.series.widthNs = 86'400 * fixtures::kS;
        data.series.buckets.resize(static_cast<size_t>(days));
        QChart chart;
        fillTrendChart(&chart, data, Weighting::Gpu, true);
        auto* x = qobject_cast<QCategoryAxis*>(chart.axes(Qt::Horizontal).value(0));
        return x ? x->categoriesLabels() : QStringList();
    };
    const QStringList twoYears = labelsOf(1'672'531'200, 730);
    ASSERT_EQ(twoYears.size(), 6);
    EXPECT_EQ(twoYears.front(), "Jan 1 2023");
    EXPECT_EQ(twoYears[3], "Jan 2 2024");
    // 2023-06-01 = 2023-01-01 + 151 days; 10 days, one label a day.
    const QStringList june = labelsOf(1'672'531'200 + 151 * 86'400, 10);
    ASSERT_EQ(june.size(), 10);
    EXPECT_EQ(june.front(), "Jun 1");
}

// On a quarter-width chart (four in a row at 1280 x 800) the dates of a fleet spanning decades (a
// trace of 1970 beside today's) were cut to "Jan 1 1..." and "Oct 18 ...": a time axis of known
// width takes as many dates as fit it whole, at least two, up to ten for short dates.
TEST(OverviewPage, TrendDatesFitTheAxisTheyAreGiven)
{
    fixtures::ensureApp();
    const auto labelsOf = [](int days, int width) {
        OverviewData data;
        data.series.originNs = 0; // 1970-01-01
        data.series.widthNs = 86'400 * fixtures::kS;
        data.series.buckets.resize(static_cast<size_t>(days));
        QChart chart;
        ChartRoom room;
        room.narrow = true;
        room.width = width + 90; // the percentage axis beside the dates
        fillTrendChart(&chart, data, Weighting::Gpu, true, room);
        auto* x = qobject_cast<QCategoryAxis*>(chart.axes(Qt::Horizontal).value(0));
        const QFontMetrics metrics(chartAxisFont(&chart));
        int total = 0;
        const QStringList labels = x ? x->categoriesLabels() : QStringList();
        for (const QString& l : labels) {
            total += metrics.horizontalAdvance(l);
        }
        return std::pair { labels, total };
    };
    const auto [decades, decadesWidth] = labelsOf(20'000, 240);
    EXPECT_GE(decades.size(), 2);
    EXPECT_LE(decades.size(), 3);
    EXPECT_EQ(decades.front(), "Jan 1 1970");
    EXPECT_LE(decadesWidth, 240) << decades.join(", ").toStdString();
    const auto [days, daysWidth] = labelsOf(30, 900);
    EXPECT_EQ(days.size(), 10);
    EXPECT_EQ(days.front(), "Jan 1");
    EXPECT_LE(daysWidth, 900);
}

} // namespace
} // namespace ett::app

namespace ett::app {
namespace {

// On a laptop's screen (the page about 1,000 pixels wide beside the Details dock) the page needs no
// sideways scrolling and no card title is cut; on a 1600-pixel window the four charts sit in one
// row above the fold, each title whole in its tooltip.
TEST(OverviewPage, FitsALaptopScreenAndPutsTheChartsInOneRowWhenWide)
{
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    page.setOverviewData(fixture().data);
    page.resize(1000, 700);
    page.show();
    QApplication::processEvents();
    auto* content = page.findChild<QWidget*>(QStringLiteral("overviewContent"));
    ASSERT_NE(content, nullptr);
    EXPECT_LE(content->minimumSizeHint().width(), 1000);
    for (const QLabel* title : page.findChildren<QLabel*>(QStringLiteral("cardTitle"))) {
        EXPECT_TRUE(title->wordWrap()) << title->text().toStdString();
    }
    const auto views = page.findChildren<QChartView*>();
    ASSERT_EQ(views.size(), 4);
    const auto rows = [&] {
        std::set<int> tops;
        for (const QChartView* v : views) {
            tops.insert(v->geometry().top());
        }
        return tops.size();
    };
    EXPECT_EQ(rows(), 2u); // two by two
    page.resize(1300, 700);
    QApplication::processEvents();
    EXPECT_EQ(rows(), 1u); // four in a row
    bool shortened = false;
    for (const QChartView* v : views) {
        if (!v->toolTip().isEmpty()) {
            shortened = true;
            EXPECT_TRUE(v->toolTip().startsWith(v->chart()->title())) << v->toolTip().toStdString();
        }
    }
    EXPECT_TRUE(shortened) << "\"Where the time went (% of E2E, GPU-weighted)\" is shortened in a row of four";
}

// The value axes of the top jobs (lost GPU-hours) and the causes (counts): a fleet that lost a
// fraction of a GPU-hour showed "0 0 0 1 1 1" under its bars (Qt's nice numbers, printed "%.0f").
// Every tick's label differs, the axis reaches the most, in at most five round steps; counts in
// whole ones.
TEST(OverviewCharts, ValueAxesTickInRoundStepsWithTheDecimalsTheyNeed)
{
    fixtures::ensureApp();
    for (const auto& [most, whole] : std::vector<std::pair<double, bool>> { { 0.07, false }, { 0.3, false },
             { 2.7, false }, { 38.9, false }, { 183'992.0, false }, { 1.0, true }, { 3.0, true }, { 7.0, true },
             { 4'512.0, true }, { 0.0, true }, { 0.0, false } }) {
        QValueAxis axis;
        setRoundSteps(&axis, most, whole);
        const int ticks = axis.tickCount();
        EXPECT_GE(ticks, 2) << most;
        EXPECT_LE(ticks, 6) << most;
        EXPECT_GE(axis.max(), most) << most;
        EXPECT_EQ(axis.min(), 0.0);
        const double step = (axis.max() - axis.min()) / (ticks - 1);
        EXPECT_LT(axis.max() - step, most > 0 ? most : 1.0) << most << ": a whole step past the most (0 to 1 for none)";
        if (whole) {
            EXPECT_EQ(step, std::round(step)) << most;
        }
        QStringList labels;
        for (int i = 0; i < ticks; ++i) {
            labels << QString::asprintf(axis.labelFormat().toLatin1().constData(), axis.min() + i * step);
        }
        EXPECT_EQ(labels.removeDuplicates(), 0) << most << ": " << labels.join(' ').toStdString();
    }
    QValueAxis hundredths;
    setRoundSteps(&hundredths, 0.07, false);
    EXPECT_EQ(hundredths.labelFormat(), QStringLiteral("%.2f"));
    EXPECT_EQ(hundredths.max(), 0.08);
}

// Four in a row, a scope without interruptions: the causes chart's title says so whole
// ("Interruptions by cause class: none" was cut to "Interruptions by cause class:...").
TEST(OverviewCharts, ANarrowCausesChartWithoutInterruptionsSaysSoInFewWords)
{
    fixtures::ensureApp();
    OverviewData d = fixture().data;
    d.byCauseClass.clear();
    QChart narrow;
    ChartRoom room;
    room.narrow = true;
    fillCausesChart(&narrow, d, true, room);
    EXPECT_EQ(narrow.title(), QStringLiteral("Interruptions: none"));
    QChart wide;
    fillCausesChart(&wide, d, true);
    EXPECT_EQ(wide.title(), QStringLiteral("Interruptions by cause class: none"));
}

// Four in a row at 1280 pixels: a long key (an MLPerf run's) beside a bar of "Jobs that lost the
// most" is cut in the middle to the names' part of the chart, keeping its submitter and its run;
// cut to 260 pixels it ran past the chart's left edge ("…a2_70b_lora/result_4", its first letter
// cut). It follows the chart when the page is resized.
TEST(OverviewPage, TopJobNamesFitTheirChart)
{
    fixtures::ensureApp();
    OverviewData d = fixture().data;
    ASSERT_FALSE(d.topJobs.empty());
    d.topJobs[0].key = "ASUSTeK/ESC_N8A-E12/llama2_70b_lora/result_4";
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    page.setOverviewData(d);
    page.resize(1240, 700);
    page.show();
    QApplication::processEvents();
    QChartView* top = nullptr;
    for (QChartView* v : page.findChildren<QChartView*>()) {
        top = v->chart()->title().startsWith(QStringLiteral("Jobs that lost")) ? v : top;
    }
    ASSERT_NE(top, nullptr);
    const auto check = [&](const char* when) {
        auto* y = qobject_cast<QBarCategoryAxis*>(top->chart()->axes(Qt::Vertical).value(0));
        ASSERT_NE(y, nullptr) << when;
        const QFontMetrics metrics(chartAxisFont(top->chart()));
        const QString first = y->categories().back(); // most lost on top: the last category
        EXPECT_TRUE(first.startsWith(QStringLiteral("ASUS"))) << when << ": " << first.toStdString();
        EXPECT_TRUE(first.endsWith(QStringLiteral("lt_4"))) << when << ": " << first.toStdString();
        for (const QString& name : y->categories()) {
            EXPECT_LE(metrics.horizontalAdvance(name), top->width() * kAxisPortion)
                << when << ": " << name.toStdString() << " in a chart " << top->width() << " wide";
        }
    };
    check("1240 wide");
    const QString narrow
        = qobject_cast<QBarCategoryAxis*>(top->chart()->axes(Qt::Vertical).value(0))->categories().back();
    page.resize(1900, 700);
    QApplication::processEvents();
    check("1900 wide");
    EXPECT_GT(qobject_cast<QBarCategoryAxis*>(top->chart()->axes(Qt::Vertical).value(0))->categories().back().size(),
        narrow.size())
        << "a wider chart shows more of the name";
}

// One job started and one recovery: the cards' second lines count them in the singular, in English
// and in Portuguese ("1 jobs", "1 recoveries" before).
TEST(OverviewPage, CardsCountOneInTheSingular)
{
    fixtures::ensureApp();
    OverviewData d = fixture().data;
    d.fleet.ttsNs.resize(1);
    d.fleet.ttrNs.resize(1);
    const auto details = [&] {
        WorkbenchState state;
        OverviewPage page(&state, nullptr);
        page.setOverviewData(d);
        return std::make_pair(page.cardDetail("tts"), page.cardDetail("ttr"));
    };
    const auto [tts, ttr] = details();
    EXPECT_TRUE(tts.endsWith(QStringLiteral(" · 1 job"))) << tts.toStdString();
    EXPECT_TRUE(ttr.endsWith(QStringLiteral(" · 1 recovery"))) << ttr.toStdString();
    struct English
    {
        ~English() { setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c()); }
    } restore;
    ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                  QLocale(QLocale::Portuguese, QLocale::Brazil)),
        QStringLiteral("pt_BR"));
    const auto [ttsPt, ttrPt] = details();
    EXPECT_TRUE(ttsPt.endsWith(QStringLiteral(" · 1 job"))) << ttsPt.toStdString();
    EXPECT_TRUE(ttrPt.endsWith(QStringLiteral(" · 1 recuperação"))) << ttrPt.toStdString();
    d.fleet.ttrNs.clear();
    const auto [ttsZero, ttrZero] = details();
    EXPECT_TRUE(ttrZero.endsWith(QStringLiteral(" · 0 recuperações"))) << ttrZero.toStdString();
}

TEST(OverviewPage, ChartsInARowOfFourKeepEveryLabel)
{
    // Four in a row: cause classes by name alone and upright (slanted, the last reached past the
    // chart's edge and was dropped), and only as many dates as the trend's width holds.
    fixtures::ensureApp();
    WorkbenchState state;
    OverviewPage page(&state, nullptr);
    page.setOverviewData(fixture().data);
    auto causeLabels = [&] {
        for (QAbstractAxis* axis : page.chart(OverviewPage::Chart::Causes)->axes(Qt::Horizontal)) {
            if (auto* x = qobject_cast<QBarCategoryAxis*>(axis)) {
                return std::make_pair(x->categories(), x->labelsAngle());
            }
        }
        return std::make_pair(QStringList(), 0);
    };
    page.resize(1000, 700);
    page.show();
    QApplication::processEvents();
    const auto [twoByTwo, angle2] = causeLabels();
    ASSERT_FALSE(twoByTwo.isEmpty());
    EXPECT_TRUE(twoByTwo.front().contains('(')) << "with their counts: " << twoByTwo.front().toStdString();
    page.resize(1300, 700);
    QApplication::processEvents();
    const auto [inARow, angle4] = causeLabels();
    ASSERT_EQ(inARow.size(), twoByTwo.size());
    for (const QString& label : inARow) {
        EXPECT_FALSE(label.contains('(')) << label.toStdString();
    }
    EXPECT_EQ(angle4, -90);
    // The dates: each one's width and a gap fit the plot.
    QChart* trend = page.chart(OverviewPage::Chart::Trend);
    for (QAbstractAxis* axis : trend->axes(Qt::Horizontal)) {
        if (auto* x = qobject_cast<QCategoryAxis*>(axis)) {
            const QFontMetrics metrics(x->labelsFont());
            int width = 0;
            for (const QString& label : x->categoriesLabels()) {
                width += metrics.horizontalAdvance(label) + 6;
            }
            EXPECT_LE(width, trend->plotArea().width() + 1) << x->categoriesLabels().join(' ').toStdString();
            EXPECT_GE(x->count(), 3);
        }
    }
}

} // namespace
} // namespace ett::app
