// Tests of the Compare page, against a real database with two labels: the
// sample fleet under "before" and a generated fleet two weeks later under "after", served by the
// real data service. The page picks the labels in time order, its headline is what
// gpu::compareCohorts gives for the same specs, the bridge's bars walk from ETT% of A to ETT% of
// B exactly, swapping mirrors the change, the distribution view switches between CDFs and
// histograms in shares of each cohort, selecting a matched job loads its two timelines, which
// zoom and pan together, and the offset control moves B.
#include "app/ui/charts/compare_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/compare_models.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/timeline/legend_strip.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "core/store/importer.h"
#include "gpu/compare.h"

#include <QAction>
#include <QApplication>
#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDateTimeEdit>
#include <QDoubleSpinBox>
#include <QGraphicsSimpleTextItem>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolBar>
#include <QToolButton>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <map>

#include "pages_fixtures.h"
#include "samples/synth/generator.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;
constexpr int64_t kDayNs = 86'400 * fixtures::kS;

// The database: fleet-200 (2025-06-01, 14 days) as "before", 120 generated jobs from 2025-06-16 as
// "after" (keys job-000001 ... overlap: those jobs are matched). Built once.
struct Store
{
    QTemporaryDir dir;
    std::string db;

    Store()
    {
        db = dir.filePath(QStringLiteral("compare.db")).toStdString();
        const std::string after = dir.filePath(QStringLiteral("after.ett.jsonl")).toStdString();
        {
            core::GeneratorOptions o;
            o.jobs = 120;
            o.seed = 2;
            o.days = 7;
            o.startNs += 15 * kDayNs;
            std::ofstream out(after, std::ios::binary | std::ios::trunc);
            out << core::generatorHeaderLine(o) << "\n";
            core::FleetGenerator gen(o);
            core::GeneratedJob job;
            std::string buffer;
            while (gen.next(job)) {
                buffer.clear();
                core::appendJobLines(job, buffer);
                out << buffer;
            }
        }
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        EXPECT_TRUE(d.ok()) << d.error().message;
        for (const auto& [file, label] :
            { std::pair<std::string, std::string> { ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz", "before" },
                { after, "after" } }) {
            core::ImportOptions options;
            options.label = label;
            auto s = core::importTraceFile(**d, file, options);
            EXPECT_TRUE(s.ok()) << s.error().message;
        }
    }
};

const Store& store()
{
    static const Store s;
    return s;
}

// What `ettw compare` computes for two specs: the store loaded with phases on the CPU engine.
core::Comparison expectedComparison(
    const core::CohortSpec& a, const core::CohortSpec& b, bool countQueue = false, const std::string& matchBy = "job")
{
    auto engine = fixtures::engineOfStore(store().db);
    gpu::CohortOptions cohort;
    cohort.matchBy = matchBy;
    cohort.countQueue = countQueue;
    return gpu::compareCohorts(*engine, a, b, cohort, core::CompareOptions {});
}

// A window-sized page on the real data service over the store, shown (a hidden page asks for
// nothing), with its first comparison delivered.
class ComparePageTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QObject::connect(&service, &DataService::databaseOpened, &state,
            [this](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
        page = std::make_unique<ComparePage>(&state, &service);
        page->resize(1600, 1000);
        page->show();
        QSignalSpy shown(page.get(), &ComparePage::comparisonShown);
        service.openDatabase(QString::fromStdString(store().db));
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0; }, kWaitMs)) << page->errorText().toStdString();
    }

    void TearDown() override { page.reset(); }

    // Waits for the next comparison the page shows.
    void waitForComparison(const std::function<void()>& action)
    {
        QSignalSpy shown(page.get(), &ComparePage::comparisonShown);
        action();
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0; }, kWaitMs));
    }

    std::vector<QAreaSeries*> bridgeBars() const
    {
        return fixtures::areaSeriesOf(page->chart(ComparePage::Chart::Bridge));
    }

    WorkbenchState state;
    DataService service;
    std::unique_ptr<ComparePage> page;
};

TEST(ComparePageDefaults, TwoLabelsInTimeOrderElseTheHalvesOfTheRange)
{
    Vocabulary v;
    v.labels = { "after", "before" }; // sorted by name: the later one first
    v.labelFirstNs = { { "before", 1000 }, { "after", 5000 } };
    v.firstNs = 1000;
    v.lastNs = 9000;
    auto [a, b] = ComparePage::defaultCohorts(v);
    EXPECT_EQ(a.labels, std::vector<std::string> { "before" });
    EXPECT_EQ(b.labels, std::vector<std::string> { "after" });
    EXPECT_FALSE(a.fromNs);
    // Names without a known order: the one that starts first.
    v.labels = { "june", "may" };
    v.labelFirstNs = { { "may", 1000 }, { "june", 5000 } };
    std::tie(a, b) = ComparePage::defaultCohorts(v);
    EXPECT_EQ(a.labels, std::vector<std::string> { "may" });
    EXPECT_EQ(b.labels, std::vector<std::string> { "june" });
    // Names that say it win over times ("baseline" re-run later).
    v.labels = { "baseline", "candidate" };
    v.labelFirstNs = { { "candidate", 1000 }, { "baseline", 5000 } };
    std::tie(a, b) = ComparePage::defaultCohorts(v);
    EXPECT_EQ(a.labels, std::vector<std::string> { "baseline" });

    // One label: the first and the second half of the range, at whole days.
    const int64_t start = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z
    Vocabulary one;
    one.labels = { "fleet" };
    one.firstNs = start + 3 * 3600 * fixtures::kS;
    one.lastNs = start + 9 * kDayNs + 5 * 3600 * fixtures::kS;
    std::tie(a, b) = ComparePage::defaultCohorts(one);
    EXPECT_TRUE(a.labels.empty());
    EXPECT_EQ(a.fromNs, start);
    EXPECT_EQ(a.toNs, start + 5 * kDayNs);
    EXPECT_EQ(b.fromNs, start + 5 * kDayNs);
    EXPECT_EQ(b.toNs, start + 10 * kDayNs);

    // With its median attempt start known, at that day: a trace of 1970 beside ten days of 2025 put
    // 2 jobs in A and the whole fleet in B at the half of 55 years; A now has the earlier half.
    Vocabulary skewed = one;
    skewed.firstNs = 0;
    skewed.medianStartNs = start + 4 * kDayNs + 13 * 3600 * fixtures::kS; // rounds to the 6th
    std::tie(a, b) = ComparePage::defaultCohorts(skewed);
    EXPECT_EQ(a.fromNs, 0);
    EXPECT_EQ(a.toNs, start + 5 * kDayNs);
    EXPECT_EQ(b.fromNs, start + 5 * kDayNs);
    EXPECT_EQ(b.toNs, start + 10 * kDayNs);
    // A median within the first hour of a two-hour fleet: whole minutes.
    Vocabulary hours;
    hours.labels = { "fleet" };
    hours.firstNs = start;
    hours.lastNs = start + 2 * 3600 * fixtures::kS;
    hours.medianStartNs = start + 1000 * fixtures::kS; // 16 min 40 s: the 17th minute
    std::tie(a, b) = ComparePage::defaultCohorts(hours);
    EXPECT_EQ(a.toNs, start + 17 * 60 * fixtures::kS);
    EXPECT_EQ(b.toNs, start + 2 * 3600 * fixtures::kS);
}

TEST(CompareCohortEditor, ItsMenusAndRangesEditTheCohortAtOnce)
{
    fixtures::ensureApp();
    const int64_t june1 = 1'748'736'000 * fixtures::kS; // 2025-06-01T00:00:00Z
    Vocabulary v;
    v.labels = { "after", "before" };
    v.attrKeys = { "team" };
    v.attrValues["team"] = { "nlp", "vision" };
    v.maxGpus = 64;
    v.firstNs = june1 + 3600 * fixtures::kS;
    v.lastNs = june1 + 9 * kDayNs + 7200 * fixtures::kS;
    CohortEditor editor(QStringLiteral("B"), ComparePage::colorB());
    editor.setVocabulary(v);
    QSignalSpy edited(&editor, &CohortEditor::edited);

    // 1. Labels, kept sorted; the button and the spec field say which.
    auto* labels = editor.findChild<QToolButton*>(QStringLiteral("labels"));
    ASSERT_NE(labels, nullptr);
    ASSERT_EQ(labels->menu()->actions().size(), 2);
    labels->menu()->actions().at(1)->setChecked(true);
    labels->menu()->actions().at(0)->setChecked(true);
    EXPECT_EQ(editor.cohort().labels, (std::vector<std::string> { "after", "before" }));
    EXPECT_EQ(labels->text(), "Datasets: after, before");
    EXPECT_EQ(editor.findChild<QLineEdit*>(QStringLiteral("spec"))->text(), "label=after|before");

    // 2. An attribute's values, from its submenu ("(none)" too).
    auto* attrs = editor.findChild<QToolButton*>(QStringLiteral("attributes"));
    ASSERT_NE(attrs, nullptr);
    QMenu* team = attrs->menu()->findChild<QMenu*>(QStringLiteral("team"));
    ASSERT_NE(team, nullptr);
    ASSERT_EQ(team->actions().size(), 3);
    team->actions().at(1)->setChecked(true);
    ASSERT_NE(editor.cohort().attrValues("team"), nullptr);
    EXPECT_EQ(*editor.cohort().attrValues("team"), std::vector<std::string> { "vision" });
    EXPECT_EQ(attrs->text(), "Attributes: team=vision");
    EXPECT_EQ(team->title(), "team (1)");
    EXPECT_EQ(edited.count(), 3);

    // 3. The time range: the data's whole days when "All time" is unchecked; an empty range is
    //    refused and said to be; GPU counts apply without a pause (the page waits for the edits).
    editor.findChild<QCheckBox*>(QStringLiteral("allTime"))->setChecked(false);
    EXPECT_EQ(editor.cohort().fromNs, june1);
    EXPECT_EQ(editor.cohort().toNs, june1 + 10 * kDayNs);
    auto* to = editor.findChild<QDateTimeEdit*>(QStringLiteral("to"));
    to->setDateTime(QDateTime(QDate(2025, 5, 30), QTime(0, 0), QTimeZone::utc()));
    EXPECT_EQ(editor.cohort().toNs, june1 + 10 * kDayNs);
    EXPECT_EQ(to->toolTip(), "The end must be after the start");
    editor.findChild<QSpinBox*>(QStringLiteral("minGpus"))->setValue(8);
    EXPECT_EQ(editor.cohort().minGpus, 0) << "the range is empty: nothing applies";
    to->setDateTime(QDateTime(QDate(2025, 6, 5), QTime(0, 0), QTimeZone::utc()));
    EXPECT_EQ(editor.cohort().toNs, june1 + 4 * kDayNs);
    EXPECT_EQ(editor.cohort().minGpus, 8);
    auto* maxGpus = editor.findChild<QSpinBox*>(QStringLiteral("maxGpus"));
    EXPECT_EQ(maxGpus->maximum(), 64);
    maxGpus->setValue(32);
    EXPECT_EQ(editor.cohort().maxGpus, 32);
    maxGpus->setValue(0);
    EXPECT_EQ(editor.cohort().maxGpus, std::numeric_limits<int64_t>::max()) << "0 means any";
    EXPECT_EQ(
        editor.specText(), "label=after|before,team=vision,from=2025-06-01T00:00:00Z,to=2025-06-05T00:00:00Z,gpus>=8");
}

TEST_F(ComparePageTest, FillsFromTheDatabaseAndTheHeadlineIsTheCoreComparison)
{
    EXPECT_EQ(page->cohortA().labels, std::vector<std::string> { "before" });
    EXPECT_EQ(page->cohortB().labels, std::vector<std::string> { "after" });
    EXPECT_EQ(page->editor(false)->specText(), "label=before");
    ASSERT_TRUE(page->hasData());
    EXPECT_FALSE(page->isBusy());
    EXPECT_TRUE(page->errorText().isEmpty()) << page->errorText().toStdString();

    // The two fleets number their jobs apart (a key names another job in each): auto pairs by name.
    EXPECT_EQ(page->comparisonData().matchedBy, "name");
    const core::Comparison expected
        = expectedComparison(page->cohortA(), page->cohortB(), false, page->comparisonData().matchedBy);
    const core::Comparison& got = page->comparisonData().comparison;
    EXPECT_EQ(got.jobsA, 200);
    EXPECT_EQ(got.jobsB, 120);
    EXPECT_EQ(got.ettA, expected.ettA);
    EXPECT_EQ(got.ettB, expected.ettB);
    EXPECT_EQ(got.deltaPp, expected.deltaPp);
    ASSERT_TRUE(got.ci && expected.ci);
    EXPECT_EQ(got.ci->low, expected.ci->low);
    EXPECT_EQ(got.ci->high, expected.ci->high);
    ASSERT_TRUE(got.bridge && expected.bridge);
    EXPECT_EQ(got.bridge->ettAPico, expected.bridge->ettAPico);
    ASSERT_EQ(got.bridge->steps.size(), expected.bridge->steps.size());
    for (size_t i = 0; i < got.bridge->steps.size(); ++i) {
        EXPECT_EQ(got.bridge->steps[i].pico, expected.bridge->steps[i].pico);
    }
    EXPECT_EQ(got.matchedJobs, expected.matchedJobs);
    EXPECT_GT(got.matchedJobs, 0);

    // The cards say it under the named weighting.
    EXPECT_EQ(page->cardTitle("a"), "A · ETT% (GPU-weighted)");
    EXPECT_EQ(page->cardValue("a"), formatPercent(expected.ettA, 2));
    EXPECT_EQ(page->cardValue("b"), formatPercent(expected.ettB, 2));
    EXPECT_TRUE(page->cardValue("change").endsWith(" pp"));
    EXPECT_TRUE(page->cardValue("change").contains(QString::number(std::abs(*expected.deltaPp), 'f', 2)));
    EXPECT_TRUE(page->cardDetail("change").contains("95% interval"));
    EXPECT_TRUE(page->cardDetail("a").contains("200 jobs"));
    EXPECT_EQ(page->cardValue("matched"), formatCount(expected.matchedJobs));

    // Time-weighted: the window's weighting switches the headline and the bridge.
    state.setWeighting(Weighting::Time);
    EXPECT_EQ(page->cardTitle("change"), "Change B − A (time-weighted)");
    EXPECT_EQ(page->cardValue("a"), formatPercent(expected.ettATime, 2));
    EXPECT_TRUE(page->chart(ComparePage::Chart::Bridge)->title().contains("time-weighted"));
    ASSERT_FALSE(bridgeBars().empty());
    EXPECT_EQ(bridgeBars().front()->property("toPico").toLongLong(), expected.bridgeTime->ettAPico);

    // The table of changes: a row per distribution, with the percentiles of both.
    const QAbstractItemModel* changes = page->changesTable()->model();
    ASSERT_EQ(changes->rowCount(), static_cast<int>(expected.distributions.size()));
    EXPECT_EQ(changes->index(0, 0).data().toString(), "time to start");
    EXPECT_EQ(changes->index(0, 1).data().toString(), "200 / 120");
    EXPECT_EQ(changes->index(0, 2).data().toString(), formatDuration(expected.distributions[0].a.p50));
    EXPECT_EQ(changes->index(0, 3).data().toString(), formatDuration(expected.distributions[0].b.p50));
    EXPECT_EQ(page->causesTable()->model()->rowCount(), static_cast<int>(expected.causes.size()));
    // Under them, Time to Recover's bridge of the same comparison.
    ASSERT_TRUE(got.ttrBridge && expected.ttrBridge);
    EXPECT_TRUE(got.ttrBridge->sumA == expected.ttrBridge->sumA);
    EXPECT_TRUE(got.ttrBridge->sumB == expected.ttrBridge->sumB);
    EXPECT_EQ(page->ttrBridgeLine(), ttrBridgeText(expected.ttrBridge));
}

TEST_F(ComparePageTest, SamplesAgreeWithTheComparisonsPercentiles)
{
    // The charts' samples are the very durations the engine's percentiles come from.
    const ComparisonData& d = page->comparisonData();
    ASSERT_EQ(d.samples.size(), d.comparison.distributions.size());
    bool phases = false;
    for (size_t i = 0; i < d.samples.size(); ++i) {
        const auto& s = d.samples[i];
        const auto& c = d.comparison.distributions[i];
        EXPECT_EQ(s.name, c.name);
        EXPECT_EQ(s.countA, c.countA) << c.name;
        EXPECT_EQ(s.countB, c.countB) << c.name;
        ASSERT_LE(s.a.size(), DistributionSamples::kMaxSamples);
        if (static_cast<size_t>(s.countA) == s.a.size()) {
            const auto p = core::percentilesOf(s.a);
            EXPECT_EQ(p.p50, c.a.p50) << c.name;
            EXPECT_EQ(p.p90, c.a.p90) << c.name;
            EXPECT_EQ(p.p99, c.a.p99) << c.name;
        }
        if (static_cast<size_t>(s.countB) == s.b.size()) {
            const auto p = core::percentilesOf(s.b);
            EXPECT_EQ(p.p50, c.b.p50) << c.name;
            EXPECT_EQ(p.p99, c.b.p99) << c.name;
        }
        phases = phases || (i >= 2 && s.countA > 0);
    }
    EXPECT_TRUE(phases) << "phase-duration distributions need the phases loaded";
}

TEST_F(ComparePageTest, TheBridgeWalksFromAToB)
{
    const core::Bridge& bridge = *page->comparisonData().comparison.bridge;
    const auto bars = bridgeBars();
    int64_t nonZero = 0;
    int64_t sum = 0;
    for (const auto& s : bridge.steps) {
        nonZero += s.pico != 0 ? 1 : 0;
        sum += s.pico;
    }
    EXPECT_EQ(bridge.ettAPico + sum, bridge.ettBPico) << "exact in 1e-12 pp";
    ASSERT_EQ(static_cast<int64_t>(bars.size()), nonZero + 2) << "A, a bar per non-zero step, B";

    // The first bar rises to ETT% of A, each step starts where the last ended, the last is B.
    EXPECT_EQ(bars.front()->property("toPico").toLongLong(), bridge.ettAPico);
    EXPECT_NEAR(bars.front()->upperSeries()->at(0).y(), static_cast<double>(bridge.ettAPico) * 1e-12, 1e-9);
    EXPECT_EQ(bars.front()->color(), ComparePage::colorA());
    int64_t level = bridge.ettAPico;
    size_t step = 0;
    for (size_t i = 1; i + 1 < bars.size(); ++i) {
        while (bridge.steps[step].pico == 0) {
            ++step;
        }
        const auto& s = bridge.steps[step++];
        QAreaSeries* bar = bars[i];
        EXPECT_EQ(bar->property("fromPico").toLongLong(), level);
        EXPECT_EQ(bar->property("toPico").toLongLong(), level + s.pico);
        const double from = static_cast<double>(level) * 1e-12;
        const double to = static_cast<double>(level + s.pico) * 1e-12;
        EXPECT_NEAR(bar->upperSeries()->at(0).y(), std::max(from, to), 1e-9);
        EXPECT_NEAR(bar->lowerSeries()->at(0).y(), std::min(from, to), 1e-9);
        EXPECT_EQ(bar->name(), bucketLabel(s.bucket));
        EXPECT_EQ(bar->color(), bucketColor(s.bucket)) << "the bucket's colour";
        // Outlined green when B spends less of E2E in the bucket (ETT% up), red when more.
        const QColor outline = bar->pen().color();
        EXPECT_EQ(s.pico > 0, outline.green() > outline.red()) << bar->name().toStdString();
        level += s.pico;
    }
    EXPECT_EQ(level, bridge.ettBPico);
    EXPECT_EQ(bars.back()->property("toPico").toLongLong(), bridge.ettBPico);
    EXPECT_NEAR(bars.back()->upperSeries()->at(0).y(), static_cast<double>(bridge.ettBPico) * 1e-12, 1e-9);
    EXPECT_EQ(bars.back()->color(), ComparePage::colorB());

    // The values over the bars: one per bar, stacked over everything else the chart draws (its
    // grid and bands would otherwise cut a value that crosses a grid line).
    QChart* chart = page->chart(ComparePage::Chart::Bridge);
    double highest = -1e9;
    std::vector<QGraphicsSimpleTextItem*> values;
    for (QGraphicsItem* child : chart->childItems()) {
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(child)) {
            values.push_back(text);
        } else {
            highest = std::max(highest, child->zValue());
        }
    }
    ASSERT_EQ(values.size(), bars.size());
    for (const QGraphicsSimpleTextItem* text : values) {
        EXPECT_GT(text->zValue(), highest) << text->text().toStdString();
    }
}

TEST_F(ComparePageTest, BridgeNamesNeverOverlapOnANarrowPage)
{
    // On a laptop the bridge's step names go over two or three staggered lines: names on one line
    // never overlap, whatever the width.
    QChart* chart = page->chart(ComparePage::Chart::Bridge);
    QCategoryAxis* x = nullptr;
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
        x = x ? x : qobject_cast<QCategoryAxis*>(axis);
    }
    ASSERT_NE(x, nullptr);
    int maxLines = 0;
    for (const int width : { 1600, 1100, 800 }) {
        page->resize(width, 800);
        QApplication::processEvents();
        const QFontMetrics metrics(x->labelsFont());
        std::map<int, std::vector<std::pair<double, double>>> lines; // line -> [left, right) of names
        for (const QString& label : x->categoriesLabels()) {
            const int line = static_cast<int>(label.count(QStringLiteral("<br>")));
            const QString name = QString(label).remove(QStringLiteral("<br>"));
            const double at = chart->mapToPosition(QPointF(x->endValue(label), 0)).x();
            const double half = metrics.horizontalAdvance(name) / 2.0;
            lines[line].emplace_back(at - half, at + half);
            maxLines = std::max(maxLines, line + 1);
        }
        for (auto& [line, spans] : lines) {
            std::sort(spans.begin(), spans.end());
            for (size_t i = 1; i < spans.size(); ++i) {
                EXPECT_LE(spans[i - 1].second, spans[i].first + 0.5)
                    << "width " << width << ", line " << line << ": two names overlap";
            }
        }
    }
    EXPECT_GE(maxLines, 2) << "the narrowest page staggers the names";
}

TEST_F(ComparePageTest, ACohortsCardShowsItsSpecWholeOnALaptop)
{
    // A cohort's card names its spec; written without blanks ("from=...,to=..."), the spec could not
    // wrap and was cut at the card's edge at 1280 x 800. Each word fits the card, every line is shown.
    auto a = core::parseCohortSpec("label=before,from=2025-06-01T00:00:00Z,to=2025-06-08T00:00:00Z", "--a");
    auto b = core::parseCohortSpec("label=after,from=2020-01-01T00:00:00Z,to=2030-01-01T00:00:00Z", "--b");
    ASSERT_TRUE(a.ok() && b.ok());
    waitForComparison([&] { page->setCohorts(*a, *b); });
    for (const int width : { 1280, 1024 }) {
        page->resize(width, 800);
        QApplication::processEvents();
        for (const char* id : { "a", "b" }) {
            const QString text = page->cardDetail(id);
            ASSERT_TRUE(text.contains("from=")) << text.toStdString();
            const QLabel* detail = nullptr;
            for (const QLabel* label : page->findChildren<QLabel*>(QStringLiteral("cardDetail"))) {
                detail = label->text() == text ? label : detail;
            }
            ASSERT_NE(detail, nullptr);
            const int room = detail->contentsRect().width();
            for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                EXPECT_LE(detail->fontMetrics().horizontalAdvance(word), room)
                    << "width " << width << ": '" << word.toStdString() << "' is cut in " << text.toStdString();
            }
            EXPECT_GE(detail->height(), detail->heightForWidth(detail->width()))
                << "width " << width << ": " << text.toStdString();
        }
    }
}

TEST_F(ComparePageTest, SwapExchangesTheCohorts)
{
    const core::Comparison before = page->comparisonData().comparison;
    waitForComparison([&] { page->swapCohorts(); });
    EXPECT_TRUE(page->isVisible());
    EXPECT_EQ(page->cohortA().labels, std::vector<std::string> { "after" });
    EXPECT_EQ(page->cohortB().labels, std::vector<std::string> { "before" });
    EXPECT_EQ(page->editor(false)->specText(), "label=after");
    const core::Comparison& after = page->comparisonData().comparison;
    EXPECT_EQ(after.ettA, before.ettB);
    EXPECT_EQ(after.ettB, before.ettA);
    EXPECT_EQ(after.deltaPp, -*before.deltaPp);
    EXPECT_EQ(after.bridge->ettAPico, before.bridge->ettBPico);
    EXPECT_EQ(page->cardValue("a"), formatPercent(before.ettB, 2));
    // The regressions of A -> B are the improvements of B -> A.
    ASSERT_FALSE(before.regressions.empty());
    ASSERT_FALSE(after.improvements.empty());
    EXPECT_EQ(after.improvements.front().match, before.regressions.front().match);
}

TEST_F(ComparePageTest, DistributionsSwitchBetweenCdfAndHistogramInShares)
{
    QChart* chart = page->chart(ComparePage::Chart::Distribution);
    ASSERT_EQ(page->distributionView(), ComparePage::DistributionView::Cdf);
    EXPECT_TRUE(chart->title().startsWith("time to start"));
    std::vector<QLineSeries*> lines;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* l = qobject_cast<QLineSeries*>(s)) {
            lines.push_back(l);
        }
    }
    ASSERT_EQ(lines.size(), 2u) << "A and B";
    EXPECT_TRUE(lines[0]->name().startsWith("A (n = 200"));
    EXPECT_EQ(lines[0]->pen().color(), ComparePage::colorA());
    for (QLineSeries* l : lines) {
        EXPECT_DOUBLE_EQ(l->at(l->count() - 1).y(), 100.0) << "a CDF ends at the whole cohort";
    }

    page->setDistributionView(ComparePage::DistributionView::Histogram);
    chart = page->chart(ComparePage::Chart::Distribution);
    EXPECT_TRUE(chart->title().contains("per bin"));
    std::vector<QAreaSeries*> areas;
    for (QAbstractSeries* s : chart->series()) {
        EXPECT_EQ(qobject_cast<QLineSeries*>(s), nullptr) << "no CDF lines in the histogram";
        if (auto* a = qobject_cast<QAreaSeries*>(s)) {
            areas.push_back(a);
        }
    }
    ASSERT_EQ(areas.size(), 2u);
    std::vector<double> edgesA;
    for (QAreaSeries* a : areas) {
        // Steps: (edge, share), (next edge, share) per bin, from 0 back to 0.
        double total = 0;
        const QLineSeries* u = a->upperSeries();
        std::vector<double> edges;
        for (int i = 1; i + 1 < u->count(); i += 2) {
            total += u->at(i).y();
            edges.push_back(u->at(i).x());
        }
        EXPECT_NEAR(total, 100.0, 1e-6) << "shares of the cohort, whatever its count";
        if (edgesA.empty()) {
            edgesA = edges;
        } else {
            EXPECT_EQ(edges, edgesA) << "common bins";
        }
    }

    // Another distribution, on a log axis.
    const auto& names = page->comparisonData().samples;
    int compile = -1;
    for (size_t i = 0; i < names.size(); ++i) {
        if (names[i].name == "compile") {
            compile = static_cast<int>(i);
        }
    }
    ASSERT_GE(compile, 0);
    page->setDistributionIndex(compile);
    page->setLogScale(true);
    chart = page->chart(ComparePage::Chart::Distribution);
    EXPECT_TRUE(chart->title().startsWith("compile"));
    EXPECT_EQ(chart->series().size(), 2);
    // The log axis runs from decade to decade, so that it has at least two numbers (Qt labels the
    // powers of ten alone: compiles of 2 to 60 minutes showed "10" alone).
    auto* log = qobject_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    ASSERT_NE(log, nullptr);
    const double decades = std::log10(log->max()) - std::log10(log->min());
    EXPECT_GE(decades, 1.0 - 1e-9);
    EXPECT_NEAR(decades, std::round(decades), 1e-9) << log->min() << " to " << log->max();
    for (const QAbstractSeries* series : chart->series()) {
        for (const QPointF& p : qobject_cast<const QAreaSeries*>(series)->upperSeries()->points()) {
            EXPECT_GE(p.x(), log->min());
            EXPECT_LE(p.x(), log->max());
        }
    }
}

TEST_F(ComparePageTest, AMatchedJobShowsTwoTimelinesThatMoveTogether)
{
    QTableView* table = page->matchedTable();
    ASSERT_GT(table->model()->rowCount(), 1);
    // 1. The largest regression is shown at first; clicking another row shows that one.
    QSignalSpy timelines(page.get(), &ComparePage::timelinesShown);
    const QRect rect = table->visualRect(table->model()->index(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    EXPECT_EQ(page->selectedMatched(), 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return timelines.count() > 0; }, kWaitMs));
    const MatchedPair* pair = page->selectedPair();
    ASSERT_NE(pair, nullptr);
    EXPECT_EQ(qs(pair->match), table->model()->index(1, 0).data(Qt::UserRole).toString());
    GanttWidget* a = page->gantt(false);
    GanttWidget* b = page->gantt(true);
    ASSERT_NE(a->scene(), nullptr);
    ASSERT_NE(b->scene(), nullptr);
    EXPECT_EQ(a->scene()->job(), pair->jobA);
    EXPECT_EQ(b->scene()->job(), pair->jobB);
    EXPECT_NE(pair->jobA, pair->jobB) << "the same key under two labels: two jobs";
    EXPECT_EQ(a->scene()->timeline()->label, "before");
    EXPECT_EQ(b->scene()->timeline()->label, "after");
    // Each pane's header names its job; in a pane too narrow for it, what follows the key is
    // elided with an ellipsis (whole in its tooltip), never cut under the Open button.
    for (const bool isB : { false, true }) {
        const QString side = isB ? QStringLiteral("B") : QStringLiteral("A");
        auto* key = page->findChild<ElidedLabel*>(QStringLiteral("headerKey") + side);
        auto* rest = page->findChild<ElidedLabel*>(QStringLiteral("headerRest") + side);
        ASSERT_TRUE(key && rest);
        EXPECT_EQ(key->fullText(), qs(page->gantt(isB)->scene()->timeline()->key));
        EXPECT_TRUE(rest->fullText().startsWith(isB ? QStringLiteral("(after) · ") : QStringLiteral("(before) · ")))
            << rest->fullText().toStdString();
        rest->resize(rest->fontMetrics().horizontalAdvance(rest->fullText()) / 2, rest->height());
        EXPECT_TRUE(rest->text().endsWith(QChar(0x2026))) << rest->text().toStdString();
        EXPECT_LE(rest->fontMetrics().horizontalAdvance(rest->text()), rest->width());
        EXPECT_EQ(rest->toolTip(), rest->fullText());
    }

    // The legend above them names every entry of both scenes' legends, each once.
    auto legendLabels = [&] {
        QStringList labels;
        auto* strip = page->findChild<LegendStrip*>("timelineLegend");
        EXPECT_NE(strip, nullptr);
        for (const LegendEntry& e : strip ? strip->entries() : std::vector<LegendEntry> {}) {
            labels << e.label;
        }
        return labels;
    };
    auto expectedLabels = [&] {
        QStringList labels;
        for (const GanttWidget* g : { a, b }) {
            for (const LegendEntry& e : g->scene()->legend()) {
                if (!labels.contains(e.label)) {
                    labels << e.label;
                }
            }
        }
        return labels;
    };
    EXPECT_TRUE(legendLabels().contains(QStringLiteral("productive")));
    EXPECT_EQ(legendLabels(), expectedLabels());

    // 2. Aligned by start: B's view starts where A's does, plus the two jobs' difference.
    EXPECT_EQ(page->alignment(), ComparePage::Align::Starts);
    EXPECT_EQ(page->offsetNs(), b->scene()->startNs() - a->scene()->startNs());
    auto inStep = [&] {
        EXPECT_EQ(b->axis().startNs(), a->axis().startNs() + page->offsetNs());
        EXPECT_NEAR(static_cast<double>(b->axis().visibleDurationNs()),
            static_cast<double>(a->axis().visibleDurationNs()),
            2.0 + 1e-6 * static_cast<double>(a->axis().visibleDurationNs()));
    };
    inStep();

    // 3. Zooming one zooms the other; panning either pans both.
    const int64_t before = a->axis().visibleDurationNs();
    a->zoomIn();
    EXPECT_LT(a->axis().visibleDurationNs(), before);
    inStep();
    b->zoomIn();
    inStep();
    b->panBy(40);
    inStep();
    a->panBy(-25);
    inStep();

    // 4. The offset control shifts B: 10 minutes right on screen is 10 minutes less offset.
    const int64_t aligned = page->offsetNs();
    const int64_t startA = a->axis().startNs();
    auto* shift = page->findChild<QDoubleSpinBox*>("shift");
    ASSERT_NE(shift, nullptr);
    shift->setValue(10.0);
    EXPECT_EQ(page->shiftNs(), 10 * 60 * fixtures::kS);
    EXPECT_EQ(page->offsetNs(), aligned - 10 * 60 * fixtures::kS);
    EXPECT_EQ(a->axis().startNs(), startA) << "A stays";
    inStep();
    page->setShiftNs(0);
    EXPECT_EQ(page->offsetNs(), aligned);
    inStep();

    // 5. The rank view of both, still in step.
    page->setRankView(true);
    EXPECT_EQ(a->scene()->mode(), GanttScene::Mode::Ranks);
    EXPECT_EQ(b->scene()->mode(), GanttScene::Mode::Ranks);
    EXPECT_EQ(legendLabels(), expectedLabels()) << "the rank view's legend";
    inStep();

    // 6. By wall clock: the same instants side by side.
    page->setAlignment(ComparePage::Align::WallClock);
    EXPECT_EQ(page->offsetNs(), 0);
    inStep();
}

TEST_F(ComparePageTest, EditsAskAgainAndProblemsAreShown)
{
    // A typed spec applies on Enter; a label the database lacks is refused and marked.
    CohortEditor* editor = page->editor(true);
    EXPECT_FALSE(editor->applySpecText("label=nope"));
    EXPECT_EQ(page->cohortB().labels, std::vector<std::string> { "after" });
    EXPECT_FALSE(editor->applySpecText("gpus>=abc"));

    // A cohort of jobs with many GPUs: asked for after the pause.
    waitForComparison([&] {
        ASSERT_TRUE(editor->applySpecText("label=after, gpus>=64"));
        EXPECT_EQ(page->cohortB().minGpus, 64);
    });
    EXPECT_LT(page->comparisonData().comparison.jobsB, 120);
    EXPECT_EQ(page->comparisonData().comparison.specB, "label=after,gpus>=64");

    // A cohort that matches nothing is said to, not drawn as 0%. While it is computed, the page is
    // busy.
    core::CohortSpec none;
    none.labels = { "before" };
    none.minGpus = 1'000'000;
    waitForComparison([&] {
        page->setCohorts(page->cohortA(), none);
        EXPECT_TRUE(page->isBusy());
        EXPECT_TRUE(page->findChild<QWidget*>("busy")->isVisible());
    });
    EXPECT_EQ(page->comparisonData().comparison.jobsB, 0);
    EXPECT_TRUE(page->errorText().contains("matches no jobs")) << page->errorText().toStdString();
    EXPECT_EQ(page->cardValue("b"), "–");
}

TEST_F(ComparePageTest, ANewerComparisonMakesTheOlderOneStale)
{
    // Two requests on one channel: only the newer is computed and delivered, with its stages.
    QObject requester;
    std::vector<quint64> ready;
    std::vector<std::pair<quint64, QString>> stages;
    auto c1 = QObject::connect(
        &service, &DataService::comparisonReady, [&](quint64 id, const ComparisonData&) { ready.push_back(id); });
    auto c2 = QObject::connect(&service, &DataService::comparisonProgress,
        [&](quint64 id, const QString& stage) { stages.emplace_back(id, stage); });
    ComparisonRequest first = page->request();
    ComparisonRequest second = first;
    second.matchBy = "name";
    const quint64 old = service.requestComparison(first, &requester);
    const quint64 latest = service.requestComparison(second, &requester);
    ASSERT_TRUE(QTest::qWaitFor([&] { return std::find(ready.begin(), ready.end(), latest) != ready.end(); }, kWaitMs));
    QTest::qWait(50);
    EXPECT_EQ(std::find(ready.begin(), ready.end(), old), ready.end()) << "the older result is dropped";
    EXPECT_NE(std::find(stages.begin(), stages.end(), std::pair { latest, QString("comparing") }), stages.end());
    for (const auto& [id, stage] : stages) {
        EXPECT_NE(id, old);
    }
    QObject::disconnect(c1);
    QObject::disconnect(c2);
}

// A waterfall from `start` through `steps` (both in 1 / `per` of a point), drawn in the width a
// laptop gives the bridge (600 x 260); false when its view was not shown.
bool showWaterfall(QChartView& view, Waterfall& w, int64_t start, const std::vector<int64_t>& steps, int64_t per)
{
    constexpr int64_t kPp = 1'000'000'000'000; // pico-points in a point
    w.start = { QStringLiteral("A"), QStringLiteral("ETT% of A"), start * kPp / per, Qt::darkYellow, {} };
    int64_t level = w.start.pico;
    for (const int64_t step : steps) {
        w.steps.push_back({ QStringLiteral("step %1").arg(w.steps.size()), step * kPp / per, Qt::gray, {} });
        level += step * kPp / per;
    }
    w.end = { QStringLiteral("B"), QStringLiteral("ETT% of B"), level, Qt::darkBlue, {} };
    fillWaterfallChart(view.chart(), w);
    view.resize(600, 260);
    view.show();
    const bool shown = QTest::qWaitForWindowExposed(&view);
    QCoreApplication::processEvents();
    return shown;
}

// The values over a waterfall's bars.
std::vector<const QGraphicsSimpleTextItem*> barValues(const QChart* chart)
{
    std::vector<const QGraphicsSimpleTextItem*> values;
    for (const QGraphicsItem* child : chart->childItems()) {
        if (const auto* text = dynamic_cast<const QGraphicsSimpleTextItem*>(child)) {
            values.push_back(text);
        }
    }
    return values;
}

// A bridge in the width a laptop gives it, with steps of a hundredth of a point beside the ends: no
// value runs into another ("68,21%+0,01" and "+0,0075,94%" at 1280 x 800 in Portuguese).
TEST(BridgeValues, NeverRunIntoEachOtherInANarrowChart)
{
    fixtures::ensureApp();
    QChartView view;
    Waterfall w;
    ASSERT_TRUE(showWaterfall(view, w, 6821, { 1, 4, 60, 22, 20, 1, 27, -3, -101, 744, -1, 1 }, 100));
    const std::vector<const QGraphicsSimpleTextItem*> values = barValues(view.chart());
    ASSERT_EQ(values.size(), w.steps.size() + 2);
    for (size_t i = 0; i < values.size(); ++i) {
        for (size_t j = i + 1; j < values.size(); ++j) {
            EXPECT_FALSE(values[i]->sceneBoundingRect().intersects(values[j]->sceneBoundingRect()))
                << values[i]->text().toStdString() << " runs into " << values[j]->text().toStdString();
        }
    }
}

// Steps down from an ETT% of A about 0 (the value axis starts at 0): their values are not put
// under the bars, where they ran into the steps' names ("init" under "-0.00" at 1280 x 800), but
// over them, inside the plot.
TEST(BridgeValues, StayInThePlotWhenABarGoesDownToTheAxis)
{
    fixtures::ensureApp();
    QChartView view;
    Waterfall w;
    ASSERT_TRUE(showWaterfall(view, w, 5, { -1, -1, -1, 99'980, -1 }, 1000));
    const QRectF plot = view.chart()->plotArea();
    int downs = 0;
    for (const QGraphicsSimpleTextItem* text : barValues(view.chart())) {
        downs += text->text().startsWith(QStringLiteral("−")) ? 1 : 0;
        EXPECT_LE(text->mapRectToParent(text->boundingRect()).bottom(), plot.bottom())
            << text->text().toStdString() << " is under the plot, among the names";
    }
    EXPECT_EQ(downs, 4);
}

TEST(CompareInWindow, ViewMenuShowsTheComparePageWithRoomForIt)
{
    fixtures::ensureApp();
    MainWindow window;
    window.show();
    QAction* compare = fixtures::actionNamed(window, "&Compare A/B");
    ASSERT_NE(compare, nullptr);
    EXPECT_EQ(compare->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_3));
    auto* filters = window.findChild<QToolBar*>("filters");
    ASSERT_NE(filters, nullptr);
    EXPECT_FALSE(filters->isVisible()) << "no database: the empty state, which needs no filters";
    compare->trigger();
    ASSERT_NE(window.comparePage(), nullptr);
    EXPECT_TRUE(window.comparePage()->isVisible());
    EXPECT_FALSE(filters->isVisible()) << "the page has cohorts of its own";
    window.showPage(0);
    EXPECT_TRUE(filters->isVisible());
}

} // namespace
} // namespace ett::app
