// Tests of the Advisor page against a real database served by the real data
// service: three jobs with known checkpoint figures (below), advice per job, per team and for the
// fleet, the fleet row kept first, the flagged job marked, the waste curve's minimum at the optimum,
// rows without advice explained, the page following the filter, the empty state, the exports and
// the tab in the window.
//
// The trace (seconds; every save blocks 60 s, every checkpoint is taken every 3600 s of training):
//   ja  team vision, 8 GPUs. Attempt 0 [0, 10000] trains 100..9000 and fails at 9000 (infra.gpu);
//       saves 3700..3760, 7300..7360, both durable when they end. Attempt 1 [10300, 20000] trains
//       10400..20000, saves 14000..14060, 17600..17660. Completed.
//   jb  as ja, but the checkpoint taken at 7300 becomes durable only at 9500, after the fault.
//   jc  team ads, 16 GPUs, one attempt [0, 7300] training 100..7300, one save 3700..3760. No
//       interruption.
//
// Measured (core/model/advisor.h): loop = train time (the saves lie inside it), so
//   ja, jb: loop 8900 + 9600 = 18500 s, 1 interruption, 4 saves of 60 s, intervals 3600, 3600;
//           E2E 20000 s; x 8 GPUs
//   jc:     loop 7200 s, 0 interruptions, 1 save, no interval; E2E 7300 s; x 16 GPUs
//   lost at the fault (spec 5.3): ja from 7300 (durable 7360 <= 9000) to 9000 less the save
//           7300..7360 = 1640 s; jb from 3700 (its 7300 checkpoint is not durable yet) to 9000 less
//           two saves = 5300 - 120 = 5180 s.
// Pooled:
//   fleet   loop 44200 s, 2 interruptions: M = 22100 s; b = 60 s; I = 3600 s
//           Young sqrt(2 b M) = sqrt(2,652,000) = 1628.4962 s
//           w(I) = 3600 / 44200 + 60 / 3600 = 0.0814480 + 0.0166667 = 9.81146 %
//           w(opt) = sqrt(2 b / M) = sqrt(120 / 22100) = 7.36876 %
//           loop share of E2E, GPU-weighted: (2 x 18500 x 8 + 7200 x 16) / (2 x 20000 x 8 + 7300 x 16)
//             = 411200 / 436800; gain = (9.81146 - 7.36876) x 411200 / 436800 = 2.29954 pp
//           lost per interruption (1640 + 5180) / 2 = 3410 s vs I/2 = 1800 s: ratio 1.8944
//   vision  loop 37000 s: M = 18500 s; Young sqrt(2,220,000) = 1489.9664 s;
//           w(I) = 3600 / 37000 + 1/60 = 11.39640 %, w(opt) = sqrt(120 / 18500) = 8.05387 %
//   ja, jb  M = 18500 s as vision; ja lost 1640 / 1800 = 0.9111; jb 5180 / 1800 = 2.8778 > 2:
//           flagged lost_progress_high. Groups carry no flags of their own (a pooled ratio mixes
//           intervals) but count their flagged jobs: the fleet and vision 1.
//   ads, jc no interruption: no MTBI, no advice
#include "app/ui/charts/advisor_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/advice_table_model.h"
#include "app/ui/pages/advisor_page.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QAction>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QValueAxis>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;

// The hand-derived figures above.
constexpr double kFleetMtbiS = 22100;
constexpr double kVisionMtbiS = 18500;
constexpr double kBlockingS = 60;
constexpr double kIntervalS = 3600;
const double kFleetYoungS = std::sqrt(2.0 * 60 * 22100); // 1628.4962
const double kVisionYoungS = std::sqrt(2.0 * 60 * 18500); // 1489.9664
constexpr double kFleetWasteCurrent = 9.81146;
constexpr double kFleetWasteOptimum = 7.36876;
constexpr double kFleetGainPp = (9.811463 - 7.368760) * 411200.0 / 436800.0;
constexpr double kVisionWasteCurrent = 11.39640;
constexpr double kVisionWasteOptimum = 8.05387;

const char* const kTrace
    = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s","source":"advisor page test"}
{"type":"job","job":"ja","gpus":8,"attrs":{"team":"vision"}}
{"type":"attempt","job":"ja","attempt":0,"start":0,"end":10000,"outcome":"failed","interrupted_at":9000,"cause":"infra.gpu"}
{"type":"phase","job":"ja","attempt":0,"phase":"init","start":0,"end":100}
{"type":"phase","job":"ja","attempt":0,"phase":"train","start":100,"end":9000}
{"type":"phase","job":"ja","attempt":0,"phase":"checkpoint_save","start":3700,"end":3760}
{"type":"phase","job":"ja","attempt":0,"phase":"checkpoint_save","start":7300,"end":7360}
{"type":"checkpoint","job":"ja","attempt":0,"start":3700,"durable":3760}
{"type":"checkpoint","job":"ja","attempt":0,"start":7300,"durable":7360}
{"type":"attempt","job":"ja","attempt":1,"start":10300,"end":20000,"outcome":"completed"}
{"type":"phase","job":"ja","attempt":1,"phase":"init","start":10300,"end":10400}
{"type":"phase","job":"ja","attempt":1,"phase":"train","start":10400,"end":20000}
{"type":"phase","job":"ja","attempt":1,"phase":"checkpoint_save","start":14000,"end":14060}
{"type":"phase","job":"ja","attempt":1,"phase":"checkpoint_save","start":17600,"end":17660}
{"type":"checkpoint","job":"ja","attempt":1,"start":14000,"durable":14060}
{"type":"checkpoint","job":"ja","attempt":1,"start":17600,"durable":17660}
{"type":"job","job":"jb","gpus":8,"attrs":{"team":"vision"}}
{"type":"attempt","job":"jb","attempt":0,"start":0,"end":10000,"outcome":"failed","interrupted_at":9000,"cause":"infra.gpu"}
{"type":"phase","job":"jb","attempt":0,"phase":"init","start":0,"end":100}
{"type":"phase","job":"jb","attempt":0,"phase":"train","start":100,"end":9000}
{"type":"phase","job":"jb","attempt":0,"phase":"checkpoint_save","start":3700,"end":3760}
{"type":"phase","job":"jb","attempt":0,"phase":"checkpoint_save","start":7300,"end":7360}
{"type":"checkpoint","job":"jb","attempt":0,"start":3700,"durable":3760}
{"type":"checkpoint","job":"jb","attempt":0,"start":7300,"durable":9500}
{"type":"attempt","job":"jb","attempt":1,"start":10300,"end":20000,"outcome":"completed"}
{"type":"phase","job":"jb","attempt":1,"phase":"init","start":10300,"end":10400}
{"type":"phase","job":"jb","attempt":1,"phase":"train","start":10400,"end":20000}
{"type":"phase","job":"jb","attempt":1,"phase":"checkpoint_save","start":14000,"end":14060}
{"type":"phase","job":"jb","attempt":1,"phase":"checkpoint_save","start":17600,"end":17660}
{"type":"checkpoint","job":"jb","attempt":1,"start":14000,"durable":14060}
{"type":"checkpoint","job":"jb","attempt":1,"start":17600,"durable":17660}
{"type":"job","job":"jc","gpus":16,"attrs":{"team":"ads"}}
{"type":"attempt","job":"jc","attempt":0,"start":0,"end":7300,"outcome":"completed"}
{"type":"phase","job":"jc","attempt":0,"phase":"init","start":0,"end":100}
{"type":"phase","job":"jc","attempt":0,"phase":"train","start":100,"end":7300}
{"type":"phase","job":"jc","attempt":0,"phase":"checkpoint_save","start":3700,"end":3760}
{"type":"checkpoint","job":"jc","attempt":0,"start":3700,"durable":3760}
)";

// The database with the trace above, and an empty one. Built once.
struct Store
{
    QTemporaryDir dir;
    std::string db;
    std::string empty;

    Store()
    {
        db = dir.filePath(QStringLiteral("advisor.db")).toStdString();
        empty = dir.filePath(QStringLiteral("empty.db")).toStdString();
        const std::string trace = dir.filePath(QStringLiteral("advisor.ett.jsonl")).toStdString();
        std::ofstream(trace, std::ios::binary | std::ios::trunc) << kTrace;
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        EXPECT_TRUE(d.ok()) << d.error().message;
        auto s = core::importTraceFile(**d, trace, core::ImportOptions {});
        EXPECT_TRUE(s.ok()) << s.error().message;
        EXPECT_TRUE(core::Database::open(empty, core::Database::OpenMode::CreateIfMissing).ok());
    }
};

const Store& store()
{
    static const Store s;
    return s;
}

// A shown page on the real data service over a database, with its first advice delivered.
class AdvisorPageTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QObject::connect(&service, &DataService::databaseOpened, &state,
            [this](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
        page = std::make_unique<AdvisorPage>(&state, &service);
        page->resize(1500, 900);
        page->show();
        waitForAdvice([this] { service.openDatabase(QString::fromStdString(databasePath())); });
    }

    void TearDown() override { page.reset(); }

    virtual std::string databasePath() const { return store().db; }

    void waitForAdvice(const std::function<void()>& action)
    {
        QSignalSpy shown(page.get(), &AdvisorPage::adviceShown);
        action();
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0; }, kWaitMs)) << page->emptyMessage().toStdString();
    }

    // The model row of a group name (-1 when absent).
    int rowOf(const QString& name) const { return page->model()->rowOfName(name); }
    const core::CheckpointAdvice& advice(const QString& name) const
    {
        const core::CheckpointAdvice* a = page->model()->adviceAt(rowOf(name));
        EXPECT_NE(a, nullptr) << name.toStdString();
        static const core::CheckpointAdvice none;
        return a ? *a : none;
    }
    QString cell(const QString& name, int column, int role = Qt::DisplayRole) const
    {
        return page->model()->index(rowOf(name), column).data(role).toString();
    }

    WorkbenchState state;
    DataService service;
    std::unique_ptr<AdvisorPage> page;
};

class EmptyAdvisorPageTest : public AdvisorPageTest
{
protected:
    std::string databasePath() const override { return store().empty; }
};

TEST_F(AdvisorPageTest, FillsPerJobWithTheFleetFirstAndTheMeasuredFigures)
{
    EXPECT_FALSE(page->isBusy());
    EXPECT_TRUE(page->emptyMessage().isEmpty()) << page->emptyMessage().toStdString();
    EXPECT_EQ(page->groupBy(), "job");
    EXPECT_EQ(page->groupByBox()->currentData().toString(), "job");
    // The fleet and the three jobs; the fleet first and bold.
    ASSERT_EQ(page->model()->rowCount(), 4);
    const QModelIndex first = page->proxy()->index(0, AdviceTableModel::NameColumn);
    EXPECT_EQ(first.data().toString(), "fleet");
    EXPECT_TRUE(first.data(Qt::FontRole).value<QFont>().bold());
    EXPECT_FALSE(page->proxy()->index(1, 0).data(Qt::FontRole).value<QFont>().bold());
    EXPECT_EQ(page->model()->headerData(AdviceTableModel::NameColumn, Qt::Horizontal).toString(), "Job");

    // The fleet's inputs and advice, as derived at the top.
    const core::CheckpointAdvice& fleet = advice("fleet");
    EXPECT_EQ(fleet.measured.jobs, 3);
    EXPECT_EQ(fleet.measured.interruptions, 2);
    EXPECT_EQ(fleet.measured.loopNs, core::Wide { 44200 } * fixtures::kS);
    EXPECT_EQ(fleet.measured.loopGpuNs, core::Wide { 411200 } * fixtures::kS);
    ASSERT_TRUE(fleet.measured.mtbiS && fleet.youngIntervalS && fleet.currentIntervalS && fleet.gainPp);
    EXPECT_DOUBLE_EQ(*fleet.measured.mtbiS, kFleetMtbiS);
    EXPECT_EQ(fleet.measured.blockingP50Ns.value_or(-1), 60 * fixtures::kS);
    EXPECT_DOUBLE_EQ(*fleet.currentIntervalS, kIntervalS);
    EXPECT_NEAR(*fleet.youngIntervalS, kFleetYoungS, 1e-9);
    EXPECT_NEAR(*fleet.wastedCurrentPercent, kFleetWasteCurrent, 1e-4);
    EXPECT_NEAR(*fleet.wastedOptimumPercent, kFleetWasteOptimum, 1e-4);
    EXPECT_NEAR(*fleet.gainPp, kFleetGainPp, 1e-4);
    EXPECT_NEAR(*fleet.lostRatio, 3410.0 / 1800.0, 1e-9);
    EXPECT_TRUE(fleet.flags.empty());
    EXPECT_EQ(fleet.flaggedJobs, 1);

    // Shown in readable units: 22100 s = 6 h 08 min; 1628.5 s = 27 min 08 s; 3600 s = 1 h 00 min.
    EXPECT_EQ(cell("fleet", AdviceTableModel::JobsColumn), "3");
    EXPECT_EQ(cell("fleet", AdviceTableModel::MtbiColumn), "6 h 08 min");
    EXPECT_EQ(cell("fleet", AdviceTableModel::BlockingP50Column), "1 min 00 s");
    EXPECT_EQ(cell("fleet", AdviceTableModel::CurrentIntervalColumn), "1 h 00 min");
    EXPECT_EQ(cell("fleet", AdviceTableModel::YoungColumn), "27 min 08 s");
    EXPECT_EQ(cell("fleet", AdviceTableModel::WasteCurrentColumn), "9.81%");
    EXPECT_EQ(cell("fleet", AdviceTableModel::WasteOptimumColumn), "7.37%");
    EXPECT_EQ(cell("fleet", AdviceTableModel::GainColumn), "+2.30 pp");
    EXPECT_EQ(cell("fleet", AdviceTableModel::LostColumn), "56 min 50 s (1.89× I/2)");
    // 411200 GPU-s = 114.2 GPU-h; time-weighted 44200 s = 12.3 h (the header has the unit).
    EXPECT_EQ(cell("fleet", AdviceTableModel::LoopHoursColumn), "114.2");
    EXPECT_EQ(page->model()->headerData(AdviceTableModel::LoopHoursColumn, Qt::Horizontal).toString(), "Loop\nGPU-h");
    state.setWeighting(Weighting::Time);
    EXPECT_EQ(cell("fleet", AdviceTableModel::LoopHoursColumn), "12.3");
    EXPECT_EQ(page->model()->headerData(AdviceTableModel::LoopHoursColumn, Qt::Horizontal).toString(), "Loop\nhours");
    // The gain in hours: 2.4427% of the loop, 411200 GPU-s = 2.79 GPU-h; 44200 s = 0.30 h.
    ASSERT_TRUE(fleet.gainGpuHours);
    EXPECT_NEAR(*fleet.gainGpuHours, (9.811463 - 7.368760) / 100 * 411200.0 / 3600.0, 1e-4);
    EXPECT_EQ(cell("fleet", AdviceTableModel::GainHoursColumn), "0.3");
    EXPECT_EQ(
        page->model()->headerData(AdviceTableModel::GainHoursColumn, Qt::Horizontal).toString(), "Hours\nto gain");
    state.setWeighting(Weighting::Gpu);
    EXPECT_EQ(cell("fleet", AdviceTableModel::GainHoursColumn), "2.8");

    // A job: ja has the vision figures (M = 18500 s).
    const core::CheckpointAdvice& ja = advice("ja");
    ASSERT_TRUE(ja.youngIntervalS);
    EXPECT_NEAR(*ja.youngIntervalS, kVisionYoungS, 1e-9);
    EXPECT_NEAR(*ja.wastedCurrentPercent, kVisionWasteCurrent, 1e-4);
    EXPECT_NEAR(*ja.lostRatio, 1640.0 / 1800.0, 1e-9);
}

TEST_F(AdvisorPageTest, RowsAreRankedByGpuHoursToGainByDefault)
{
    EXPECT_EQ(page->proxy()->sortColumn(), AdviceTableModel::GainHoursColumn);
    EXPECT_EQ(page->proxy()->sortOrder(), Qt::DescendingOrder);
    double previous = 1e300;
    for (int r = 1; r < page->proxy()->rowCount(); ++r) {
        const QString name = page->proxy()->index(r, AdviceTableModel::NameColumn).data().toString();
        const double gain = advice(name).gainGpuHours.value_or(-1);
        EXPECT_LE(gain, previous) << name.toStdString();
        previous = gain;
    }
}

TEST_F(AdvisorPageTest, TheFleetRowStaysFirstWhateverTheSort)
{
    for (const int column : { int(AdviceTableModel::NameColumn), int(AdviceTableModel::GainColumn),
             int(AdviceTableModel::JobsColumn), int(AdviceTableModel::LostColumn) }) {
        for (const Qt::SortOrder order : { Qt::AscendingOrder, Qt::DescendingOrder }) {
            page->view()->sortByColumn(column, order);
            EXPECT_EQ(page->proxy()->index(0, 0).data().toString(), "fleet") << column << " " << order;
        }
    }
    // The rest sorts: by name descending jc, jb, ja under the fleet.
    page->view()->sortByColumn(AdviceTableModel::NameColumn, Qt::DescendingOrder);
    EXPECT_EQ(page->proxy()->index(1, 0).data().toString(), "jc");
    EXPECT_EQ(page->proxy()->index(3, 0).data().toString(), "ja");
    // By lost ratio ascending: jc has none (sorts lowest), then ja 0.91, jb 2.88.
    page->view()->sortByColumn(AdviceTableModel::LostColumn, Qt::AscendingOrder);
    EXPECT_EQ(page->proxy()->index(1, 0).data().toString(), "jc");
    EXPECT_EQ(page->proxy()->index(2, 0).data().toString(), "ja");
    EXPECT_EQ(page->proxy()->index(3, 0).data().toString(), "jb");
}

// At a laptop's width the answer is in view: the flags and the gain beside the job's name, then the
// intervals (in the model's order the flags and the gain lay beyond the edge behind a sideways scroll
// bar).
TEST_F(AdvisorPageTest, TheFlagsAndTheGainStandBesideTheNameInView)
{
    page->resize(900, 700);
    QApplication::processEvents();
    QTableView* view = page->view();
    ASSERT_EQ(view->horizontalScrollBar()->value(), 0);
    const QHeaderView* header = view->horizontalHeader();
    EXPECT_EQ(header->visualIndex(AdviceTableModel::NameColumn), 0);
    EXPECT_EQ(header->visualIndex(AdviceTableModel::FlagsColumn), 1);
    EXPECT_EQ(header->visualIndex(AdviceTableModel::GainHoursColumn), 2);
    EXPECT_EQ(header->visualIndex(AdviceTableModel::GainColumn), 3);
    EXPECT_EQ(header->visualIndex(AdviceTableModel::LostColumn), AdviceTableModel::ColumnCount - 1);
    for (const int column : { int(AdviceTableModel::FlagsColumn), int(AdviceTableModel::GainHoursColumn),
             int(AdviceTableModel::GainColumn), int(AdviceTableModel::YoungColumn) }) {
        EXPECT_GT(view->columnWidth(column), 0) << column;
        EXPECT_LE(view->columnViewportPosition(column) + view->columnWidth(column), view->viewport()->width())
            << column;
    }
}

TEST_F(AdvisorPageTest, TheJobWhoseCheckpointsWereNotDurableIsFlagged)
{
    const core::CheckpointAdvice& jb = advice("jb");
    ASSERT_EQ(jb.flags, std::vector<std::string> { "lost_progress_high" });
    ASSERT_TRUE(jb.lostRatio);
    EXPECT_NEAR(*jb.lostRatio, 5180.0 / 1800.0, 1e-9);
    EXPECT_FALSE(jb.note.empty());
    // Marked: the flag in its column, the row tinted, the note in the tooltips.
    EXPECT_EQ(cell("jb", AdviceTableModel::FlagsColumn), "⚠ lost progress high");
    EXPECT_EQ(cell("jb", AdviceTableModel::LostColumn), "1 h 26 min (2.88× I/2)");
    EXPECT_TRUE(page->model()->index(rowOf("jb"), AdviceTableModel::YoungColumn).data(Qt::BackgroundRole).isValid());
    // The note as the window writes it (its durations, its language): core's note's sentence.
    const QString note = AdviceTableModel::noteText(jb);
    EXPECT_EQ(note.toStdString(),
        "lost progress per interruption 1 h 26 min exceeds the whole interval 1 h 00 min: checkpoints are probably "
        "not restorable when the job thinks (slow or failed uploads)");
    EXPECT_NE(jb.note.find("exceeds the whole interval"), std::string::npos);
    EXPECT_TRUE(cell("jb", AdviceTableModel::FlagsColumn, Qt::ToolTipRole).contains(note));
    EXPECT_TRUE(cell("jb", AdviceTableModel::NameColumn, Qt::ToolTipRole).contains(note));
    // Not ja.
    EXPECT_TRUE(advice("ja").flags.empty());
    EXPECT_TRUE(cell("ja", AdviceTableModel::FlagsColumn).isEmpty());
    EXPECT_FALSE(page->model()->index(rowOf("ja"), 0).data(Qt::BackgroundRole).isValid());
    // The fleet counts its flagged job, marked too.
    EXPECT_EQ(cell("fleet", AdviceTableModel::FlagsColumn), "⚠ 1 job flagged");
    EXPECT_TRUE(page->model()->index(0, 0).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell("fleet", AdviceTableModel::FlagsColumn, Qt::ToolTipRole).contains("1 of 3 jobs flagged"));
    // Selected, the summary says it.
    page->selectRow(rowOf("jb"));
    EXPECT_TRUE(page->summaryText().contains("⚠ lost progress high"));
    EXPECT_TRUE(page->summaryText().contains(note.toHtmlEscaped()));
}

TEST_F(AdvisorPageTest, TheCurveOfTheSelectedRowHasItsMinimumAtTheOptimum)
{
    // The fleet row is selected first.
    EXPECT_EQ(page->selectedRow(), 0);
    const WasteCurveSeries& c = page->curve();
    ASSERT_NE(c.curve, nullptr);
    ASSERT_NE(c.optimum, nullptr);
    ASSERT_NE(c.current, nullptr);
    EXPECT_TRUE(page->explanation().isEmpty());
    EXPECT_TRUE(page->chart()->title().contains("fleet"));

    // 1. Every point is w(I) = I/(2M) + b/I with the hand-derived b and M; the smallest is at
    //    Young's optimum, where it is sqrt(2b/M).
    const QList<QPointF> points = c.curve->points();
    ASSERT_GT(points.size(), 100);
    QPointF lowest = points.front();
    for (const QPointF& p : points) {
        const double interval = intervalAtX(p.x());
        EXPECT_NEAR(p.y(), 100.0 * (interval / (2 * kFleetMtbiS) + kBlockingS / interval), 1e-9);
        if (p.y() < lowest.y()) {
            lowest = p;
        }
    }
    EXPECT_NEAR(intervalAtX(lowest.x()), kFleetYoungS, 1e-6);
    EXPECT_NEAR(lowest.y(), kFleetWasteOptimum, 1e-4);
    // 2. The markers: the optimum at that minimum, the current interval at 3600 s on the curve.
    ASSERT_EQ(c.optimum->count(), 1);
    EXPECT_NEAR(c.optimum->at(0).x(), lowest.x(), 1e-12);
    EXPECT_NEAR(c.optimum->at(0).y(), lowest.y(), 1e-9);
    ASSERT_EQ(c.current->count(), 1);
    EXPECT_NEAR(intervalAtX(c.current->at(0).x()), kIntervalS, 1e-6);
    EXPECT_NEAR(c.current->at(0).y(), kFleetWasteCurrent, 1e-4);
    EXPECT_EQ(c.current->pointLabelsFormat(), "9.81%");
    EXPECT_EQ(c.optimum->pointLabelsFormat(), "7.37%");
    // 3600 s is 0.34 decades from the optimum: room for both labels.
    EXPECT_TRUE(c.current->pointLabelsVisible());
    EXPECT_TRUE(c.optimum->pointLabelsVisible());
    // 3. The interval axis: optimum / 20 to optimum x 20 (3600 s lies inside), labelled in units.
    auto* x = qobject_cast<QCategoryAxis*>(page->chart()->axes(Qt::Horizontal).value(0));
    ASSERT_NE(x, nullptr);
    EXPECT_NEAR(intervalAtX(x->min()), kFleetYoungS / 20, 1e-6);
    EXPECT_NEAR(intervalAtX(x->max()), kFleetYoungS * 20, 1e-6);
    EXPECT_TRUE(x->categoriesLabels().contains("1 h"));
    EXPECT_TRUE(x->categoriesLabels().contains("10 min"));
    // Labels at least a quarter decade apart: "20 min" kept, "30 min" (0.18 decades on) left out.
    EXPECT_TRUE(x->categoriesLabels().contains("20 min"));
    EXPECT_FALSE(x->categoriesLabels().contains("30 min"));
    const QStringList axisLabels = x->categoriesLabels();
    for (int i = 1; i < axisLabels.size(); ++i) {
        EXPECT_GE(x->endValue(axisLabels[i]) - x->endValue(axisLabels[i - 1]), 0.25 - 1e-9)
            << axisLabels[i - 1].toStdString() << " / " << axisLabels[i].toStdString();
    }
    // The legend names both intervals with their waste.
    QStringList names;
    for (QAbstractSeries* s : page->chart()->series()) {
        names << s->name();
    }
    EXPECT_TRUE(names.contains("current 1 h 00 min: 9.81%")) << names.join(" | ").toStdString();
    EXPECT_TRUE(names.contains("optimum 27 min 08 s: 7.37%")) << names.join(" | ").toStdString();

    // Another row: ja's curve (M = 18500 s) has its minimum at its own optimum.
    page->selectRow(rowOf("ja"));
    ASSERT_NE(page->curve().optimum, nullptr);
    EXPECT_NEAR(intervalAtX(page->curve().optimum->at(0).x()), kVisionYoungS, 1e-6);
    EXPECT_NEAR(page->curve().optimum->at(0).y(), kVisionWasteOptimum, 1e-4);
    for (const QPointF& p : page->curve().curve->points()) {
        EXPECT_GE(p.y(), page->curve().optimum->at(0).y() - 1e-9);
    }
    // Clicking a row in the table selects it too.
    const QModelIndex jb = page->proxy()->mapFromSource(page->model()->index(rowOf("jb"), 0));
    page->view()->setCurrentIndex(jb);
    EXPECT_EQ(page->selectedRow(), rowOf("jb"));
    EXPECT_TRUE(page->chart()->title().contains("jb"));
}

TEST_F(AdvisorPageTest, ARowWithoutAdviceSaysWhyInsteadOfACurve)
{
    page->selectRow(rowOf("jc"));
    const core::CheckpointAdvice& jc = advice("jc");
    EXPECT_FALSE(jc.youngIntervalS);
    EXPECT_EQ(jc.measured.interruptions, 0);
    EXPECT_FALSE(jc.note.empty());
    EXPECT_EQ(page->curve().curve, nullptr);
    EXPECT_TRUE(page->chart()->series().isEmpty());
    EXPECT_TRUE(page->explanation().contains("No advice for jc"));
    EXPECT_TRUE(page->explanation().contains(QString::fromStdString(jc.note).toHtmlEscaped()));
    EXPECT_EQ(cell("jc", AdviceTableModel::FlagsColumn), "no advice");
    EXPECT_EQ(cell("jc", AdviceTableModel::YoungColumn), "–");
    EXPECT_EQ(cell("jc", AdviceTableModel::BlockingP50Column), "1 min 00 s"); // measured all the same
}

TEST_F(AdvisorPageTest, GroupBySwitchesTheRows)
{
    // By team: the fleet, ads, vision.
    waitForAdvice([this] { page->setGroupBy("team"); });
    EXPECT_EQ(page->groupByBox()->currentData().toString(), "team");
    ASSERT_EQ(page->model()->rowCount(), 3);
    EXPECT_EQ(page->model()->headerData(AdviceTableModel::NameColumn, Qt::Horizontal).toString(), "team");
    const core::CheckpointAdvice& vision = advice("vision");
    EXPECT_EQ(vision.measured.jobs, 2);
    ASSERT_TRUE(vision.measured.mtbiS && vision.youngIntervalS);
    EXPECT_DOUBLE_EQ(*vision.measured.mtbiS, kVisionMtbiS);
    EXPECT_NEAR(*vision.youngIntervalS, kVisionYoungS, 1e-9);
    EXPECT_NEAR(*vision.wastedCurrentPercent, kVisionWasteCurrent, 1e-4);
    EXPECT_NEAR(*vision.wastedOptimumPercent, kVisionWasteOptimum, 1e-4);
    // (1640 + 5180) / 2 = 3410 s per interruption: 1.89 x I/2; jb flagged within.
    EXPECT_NEAR(*vision.lostRatio, 3410.0 / 1800.0, 1e-9);
    EXPECT_TRUE(vision.flags.empty());
    EXPECT_EQ(vision.flaggedJobs, 1);
    EXPECT_EQ(cell("vision", AdviceTableModel::FlagsColumn), "⚠ 1 job flagged");
    EXPECT_EQ(cell("ads", AdviceTableModel::FlagsColumn), "no advice");
    EXPECT_FALSE(advice("ads").youngIntervalS);
    EXPECT_EQ(advice("ads").measured.jobs, 1);

    EXPECT_FALSE(page->view()->isColumnHidden(AdviceTableModel::JobsColumn)) << "a team counts its jobs";

    // The fleet alone: one row.
    waitForAdvice([this] { page->setGroupBy(QString()); });
    ASSERT_EQ(page->model()->rowCount(), 1);
    EXPECT_EQ(page->model()->headerData(AdviceTableModel::NameColumn, Qt::Horizontal).toString(), "Scope");
    EXPECT_NEAR(*advice("fleet").youngIntervalS, kFleetYoungS, 1e-9);

    // By dataset label: the one label, with the fleet's figures.
    waitForAdvice([this] { page->setGroupBy("label"); });
    ASSERT_EQ(page->model()->rowCount(), 2);
    EXPECT_NEAR(*advice("default").youngIntervalS, kFleetYoungS, 1e-9);

    // Per job every row but the fleet's would say 1: the column is hidden, and back by team.
    waitForAdvice([this] { page->setGroupBy("job"); });
    EXPECT_TRUE(page->view()->isColumnHidden(AdviceTableModel::JobsColumn));
    waitForAdvice([this] { page->setGroupBy("team"); });
    EXPECT_FALSE(page->view()->isColumnHidden(AdviceTableModel::JobsColumn));

    // The combo box offers the groupings and the attributes.
    QStringList offered;
    for (int i = 0; i < page->groupByBox()->count(); ++i) {
        offered << page->groupByBox()->itemData(i).toString();
    }
    EXPECT_TRUE(offered.contains("job"));
    EXPECT_TRUE(offered.contains("label"));
    EXPECT_TRUE(offered.contains("team"));
}

TEST_F(AdvisorPageTest, FollowsTheFilter)
{
    core::CohortSpec f;
    f.setAttr("team", { "vision" });
    waitForAdvice([&] { state.setFilter(f); });
    const core::CheckpointAdvice& fleet = advice("fleet");
    EXPECT_EQ(fleet.measured.jobs, 2);
    ASSERT_TRUE(fleet.youngIntervalS);
    EXPECT_NEAR(*fleet.youngIntervalS, kVisionYoungS, 1e-9);
    EXPECT_EQ(page->model()->rowCount(), 3); // the fleet, ja, jb

    // Only ads: nothing to advise for the fleet, and it says why.
    f.setAttr("team", { "ads" });
    waitForAdvice([&] { state.setFilter(f); });
    EXPECT_EQ(advice("fleet").measured.jobs, 1);
    EXPECT_FALSE(advice("fleet").youngIntervalS);
    EXPECT_TRUE(page->explanation().contains("No advice for fleet"));

    // No job: the empty state.
    f.setAttr("team", { "nobody" });
    waitForAdvice([&] { state.setFilter(f); });
    EXPECT_TRUE(page->emptyMessage().contains("No jobs match the filter")) << page->emptyMessage().toStdString();
}

TEST_F(AdvisorPageTest, TableAndChartExportWithTheExactValues)
{
    QTemporaryDir dir;
    // JSON: the exact figures, keys naming their units; the rows in the order shown.
    const QString json = dir.filePath("advice.json");
    const core::Status status = exportWidget(page->view(), json);
    ASSERT_TRUE(status.ok()) << status.error().message;
    QFile jf(json);
    ASSERT_TRUE(jf.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
    EXPECT_EQ(root["table"].toString(), "Advisor: checkpoint advice by job");
    const QJsonArray rows = root["rows"].toArray();
    ASSERT_EQ(rows.size(), 4);
    const QJsonObject fleet = rows[0].toObject();
    EXPECT_EQ(fleet["Job"].toString(), "fleet");
    EXPECT_NEAR(fleet["Young optimum s"].toDouble(), kFleetYoungS, 1e-9);
    EXPECT_DOUBLE_EQ(fleet["MTBI s"].toDouble(), kFleetMtbiS);
    EXPECT_DOUBLE_EQ(fleet["Blocking p50 s"].toDouble(), kBlockingS);
    EXPECT_DOUBLE_EQ(fleet["Loop GPU-s"].toDouble(), 411200.0);
    EXPECT_NEAR(fleet["ETT gain pp"].toDouble(), kFleetGainPp, 1e-4);
    EXPECT_EQ(fleet["Interruptions"].toInteger(), 2);
    for (const QJsonValue& r : rows) {
        const QJsonObject o = r.toObject();
        if (o["Job"].toString() == "jb") {
            EXPECT_EQ(o["Flags"].toObject()["flags"].toArray().first().toString(), "lost_progress_high");
        }
        if (o["Job"].toString() == "jc") {
            EXPECT_TRUE(o["Young optimum s"].isNull());
        }
    }
    // CSV: the cells as shown.
    const QString csv = dir.filePath("advice.csv");
    ASSERT_TRUE(exportWidget(page->view(), csv).ok());
    QFile cf(csv);
    ASSERT_TRUE(cf.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(cf.readAll());
    EXPECT_TRUE(text.startsWith("Job,Jobs,Loop GPU-h,")) << text.left(80).toStdString();
    EXPECT_TRUE(text.contains("fleet,3,114.2,2,6 h 08 min,1 min 00 s,1 min 00 s,1 h 00 min,27 min 08 s"))
        << text.toStdString();
    // The chart as PNG and SVG.
    for (const QString& name : { QStringLiteral("curve.png"), QStringLiteral("curve.svg") }) {
        const core::Status st = exportWidget(page->chartView(), dir.filePath(name));
        ASSERT_TRUE(st.ok()) << st.error().message;
        EXPECT_GT(QFileInfo(dir.filePath(name)).size(), 1000);
    }
    QFile svg(dir.filePath("curve.svg"));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    EXPECT_TRUE(svg.readAll().contains("Waste vs checkpoint interval: fleet"));
}

TEST_F(EmptyAdvisorPageTest, AnEmptyDatabaseShowsWhatToDo)
{
    EXPECT_EQ(page->model()->rowCount(), 1);
    EXPECT_TRUE(page->emptyMessage().contains("no jobs yet")) << page->emptyMessage().toStdString();
}

TEST(AdvisorPageDeferral, APageBehindAnotherTabAsksOnlyWhenShown)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DataService service;
    QObject::connect(&service, &DataService::databaseOpened, &state,
        [&state](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
    QTabWidget tabs;
    auto* front = new QWidget;
    auto* page = new AdvisorPage(&state, &service);
    tabs.addTab(front, "front");
    tabs.addTab(page, "advisor");
    tabs.show();
    service.openDatabase(QString::fromStdString(store().db));
    ASSERT_TRUE(QTest::qWaitFor([&] { return state.vocabulary().jobs == 3; }, kWaitMs));
    // The filter changes too: still nothing asked while the page cannot be seen.
    core::CohortSpec f;
    f.setAttr("team", { "vision" });
    state.setFilter(f);
    QTest::qWait(50);
    EXPECT_FALSE(page->isBusy());
    EXPECT_FALSE(page->hasData());
    // Shown: it asks once, for the current filter.
    QSignalSpy shown(page, &AdvisorPage::adviceShown);
    tabs.setCurrentWidget(page);
    EXPECT_TRUE(page->isBusy());
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0; }, kWaitMs));
    EXPECT_EQ(page->model()->adviceAt(0)->measured.jobs, 2);
    EXPECT_FALSE(page->isBusy());
}

TEST(AdvisorPageWindow, IsTheFourthTabOnCtrl4AndMakesRoom)
{
    fixtures::ensureApp();
    MainWindow window;
    window.show();
    auto* tabs = window.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    ASSERT_GT(tabs->count(), MainWindow::kAdvisorPage); // the What-if page comes after it
    EXPECT_EQ(tabs->tabText(MainWindow::kAdvisorPage), "Advisor");
    EXPECT_EQ(tabs->widget(MainWindow::kAdvisorPage), window.advisorPage());
    QAction* advisor = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_4)) {
            advisor = a;
        }
    }
    ASSERT_NE(advisor, nullptr);
    advisor->trigger();
    EXPECT_EQ(tabs->currentIndex(), MainWindow::kAdvisorPage);
    // The filter bar stays (the page follows it); the timeline and the details make room.
    auto* filters = window.findChild<QToolBar*>(QStringLiteral("filters"));
    ASSERT_NE(filters, nullptr);
    EXPECT_TRUE(filters->isVisible());
    auto* details = window.findChild<QDockWidget*>(QStringLiteral("details"));
    ASSERT_NE(details, nullptr);
    EXPECT_FALSE(details->isVisible());
    window.showPage(0);
    // Back on the overview the details take no width while they have nothing to show (no job
    // open), and come back with a job.
    EXPECT_FALSE(details->isVisible());
    window.state()->openJob(0, QStringLiteral("j0"));
    EXPECT_TRUE(details->isVisible());
    window.state()->navigate(Location {});
    EXPECT_FALSE(details->isVisible());
    // No database: the page says what to do.
    EXPECT_TRUE(window.advisorPage()->emptyMessage().contains("open a database"));
}

} // namespace
} // namespace ett::app
