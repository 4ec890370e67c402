// Tests of the drill-down table's model: it passes QAbstractItemModelTester
// with realistic rows and across resets and weighting switches, sorts numerically through its
// sort role, prints the worked example's figures, and its ETT% column follows the weighting.
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/models/table_views.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

using fixtures::kS;

// Counts the warnings QAbstractItemModelTester prints (in Warning mode every failed check is one).
class WarningCounter
{
public:
    WarningCounter()
    {
        s_count = 0;
        m_previous = qInstallMessageHandler(&WarningCounter::handler);
    }
    ~WarningCounter() { qInstallMessageHandler(m_previous); }
    int count() const { return s_count; }

private:
    static void handler(QtMsgType type, const QMessageLogContext&, const QString& message)
    {
        if (type != QtDebugMsg && type != QtInfoMsg) {
            ++s_count;
            fprintf(stderr, "model warning: %s\n", qPrintable(message));
        }
    }
    static inline int s_count = 0;
    QtMessageHandler m_previous = nullptr;
};

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

TableRow rowWithLost(const QString& name, int64_t productiveS, int64_t recoveryS, int64_t gpus)
{
    TableRow r;
    r.name = name.toStdString();
    r.figures.jobs = 1;
    r.figures.attempts = 1;
    const auto p = static_cast<size_t>(core::Bucket::Productive);
    const auto rec = static_cast<size_t>(core::Bucket::Recovery);
    r.figures.bucketsNs[p] = productiveS * kS;
    r.figures.bucketsNs[rec] = recoveryS * kS;
    r.figures.bucketsGpuNs[p] = static_cast<core::Wide>(productiveS * kS) * gpus;
    r.figures.bucketsGpuNs[rec] = static_cast<core::Wide>(recoveryS * kS) * gpus;
    r.figures.e2eNs = (productiveS + recoveryS) * kS;
    r.figures.e2eGpuNs = r.figures.bucketsGpuNs[p] + r.figures.bucketsGpuNs[rec];
    return r;
}

TEST(FiguresTableModel, PassesTheModelTesterWithRealisticRowsAndResets)
{
    fixtures::ensureApp();
    const auto fleet = fixtures::generateFleet(40);
    FiguresTableModel model;
    WarningCounter warnings;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(FiguresTableModel::SortRole);
    proxy.sort(FiguresTableModel::LostHoursColumn, Qt::DescendingOrder);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);

    model.setTableData(fixtures::jobTable(fleet));
    EXPECT_EQ(model.rowCount(), 40);
    EXPECT_EQ(model.columnCount(), FiguresTableModel::ColumnCount);
    model.setWeighting(Weighting::Time);
    model.setTableData(fixtures::groupTable(fleet, "team"));
    EXPECT_GT(model.rowCount(), 1);
    model.setWeighting(Weighting::Gpu);
    model.setTableData(fixtures::workedExampleAttempts(3));
    EXPECT_EQ(model.rowCount(), 2);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
    model.setWeighting(Weighting::Time); // no rows: only headers change
    model.setTableData(fixtures::jobTable(fleet));

    // Every cell of every role answers without tripping the tester.
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 0; c < model.columnCount(); ++c) {
            for (int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::TextAlignmentRole),
                     int(FiguresTableModel::SortRole) }) {
                (void)model.data(model.index(r, c), role);
            }
        }
    }
    EXPECT_EQ(warnings.count(), 0);
}

TEST(FiguresTableModel, SortRoleIsNumericInNumberColumns)
{
    fixtures::ensureApp();
    FiguresTableModel model;
    model.setTableData(fixtures::jobTable(fixtures::generateFleet(12)));
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = FiguresTableModel::CountColumn; c < FiguresTableModel::ColumnCount; ++c) {
            const QVariant v = model.data(model.index(r, c), FiguresTableModel::SortRole);
            EXPECT_EQ(v.typeId(), QMetaType::Double) << "row " << r << " column " << c;
        }
        EXPECT_EQ(model.data(model.index(r, FiguresTableModel::NameColumn), FiguresTableModel::SortRole).typeId(),
            QMetaType::QString);
        EXPECT_GE(model.data(model.index(r, 0), FiguresTableModel::JobRole).toInt(), 0);
    }
}

TEST(FiguresTableModel, ProxySortsByNumbersNotText)
{
    fixtures::ensureApp();
    FiguresTableModel model;
    TableData t;
    t.rows = { rowWithLost("two", 1000, 2 * 3600, 1), rowWithLost("hundred", 1000, 100 * 3600, 1),
        rowWithLost("ten", 1000, 10 * 3600, 1) };
    model.setTableData(t);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(FiguresTableModel::SortRole);
    proxy.sort(FiguresTableModel::LostHoursColumn, Qt::DescendingOrder);
    EXPECT_EQ(cell(proxy, 0, 0), "hundred");
    EXPECT_EQ(cell(proxy, 1, 0), "ten");
    EXPECT_EQ(cell(proxy, 2, 0), "two");
    proxy.sort(FiguresTableModel::bucketColumn(core::Bucket::Recovery), Qt::AscendingOrder);
    EXPECT_EQ(cell(proxy, 0, 0), "two");
    EXPECT_EQ(cell(proxy, 2, 0), "hundred");
    // Absent values (no interruptions: no TTR) sort below every real one.
    EXPECT_EQ(model.data(model.index(0, FiguresTableModel::TtrColumn), FiguresTableModel::SortRole).toDouble(), -1.0);
    EXPECT_EQ(cell(model, 0, FiguresTableModel::TtrColumn), "–");
}

TEST(FiguresTableModel, PrintsTheWorkedExample)
{
    fixtures::ensureApp();
    FiguresTableModel model;
    TableData t;
    TableRow r;
    r.name = "J1";
    r.job = 0;
    r.figures = fixtures::figuresOf(fixtures::workedExample());
    t.rows.push_back(r);
    model.setTableData(t);
    using M = FiguresTableModel;
    EXPECT_EQ(cell(model, 0, M::CountColumn), "2"); // attempts of a job
    EXPECT_EQ(cell(model, 0, M::E2eHoursColumn), "130.1"); // 58545 s x 8 GPU-h (the header has the unit)
    EXPECT_EQ(cell(model, 0, M::EttColumn), "90.2%"); // 52800 / 58545
    EXPECT_EQ(cell(model, 0, M::LostHoursColumn), "12.8"); // 5745 s x 8
    EXPECT_EQ(cell(model, 0, M::FailuresColumn), "1");
    EXPECT_EQ(cell(model, 0, M::PreemptionsColumn), "0");
    EXPECT_EQ(cell(model, 0, M::TtsColumn), "25 min 00 s");
    EXPECT_EQ(cell(model, 0, M::TtrColumn), "20 min 00 s");
    // Spec 7.1: detect 0 s + restart 300 s + start-up 900 s.
    EXPECT_EQ(cell(model, 0, M::TtrDetectColumn), "0 s");
    EXPECT_EQ(cell(model, 0, M::TtrRestartColumn), "5 min 00 s");
    EXPECT_EQ(cell(model, 0, M::TtrStartupColumn), "15 min 00 s");
    EXPECT_EQ(model.data(model.index(0, M::TtrStartupColumn), M::SortRole).toDouble(), 900.0 * 1e9);
    EXPECT_TRUE(cell(model, 0, M::TtrRestartColumn, Qt::ToolTipRole).contains("300 s"))
        << cell(model, 0, M::TtrRestartColumn, Qt::ToolTipRole).toStdString();
    EXPECT_EQ(cell(model, 0, M::bucketColumn(core::Bucket::Init)), "2.7 (2.0%)");
    EXPECT_TRUE(model.headerData(M::bucketColumn(core::Bucket::Init), Qt::Horizontal).toString().contains("GPU-h"));
    EXPECT_EQ(cell(model, 0, M::bucketColumn(core::Bucket::Idle)), "–");
    EXPECT_EQ(model.data(model.index(0, M::TtsColumn), M::SortRole).toDouble(), 1500.0 * 1e9);
    // Exact values in tooltips.
    EXPECT_TRUE(cell(model, 0, M::EttColumn, Qt::ToolTipRole).contains("90.1870%"))
        << cell(model, 0, M::EttColumn, Qt::ToolTipRole).toStdString();
    EXPECT_TRUE(cell(model, 0, M::bucketColumn(core::Bucket::LostProgress), Qt::ToolTipRole).contains("9600 GPU-s"));
    // Numbers right-aligned, names left.
    EXPECT_EQ(model.data(model.index(0, M::EttColumn), Qt::TextAlignmentRole).value<Qt::Alignment>(),
        Qt::AlignRight | Qt::AlignVCenter);
    EXPECT_EQ(model.data(model.index(0, M::NameColumn), Qt::TextAlignmentRole).value<Qt::Alignment>(),
        Qt::AlignLeft | Qt::AlignVCenter);
    EXPECT_TRUE(model.isColumnEmpty(M::bucketColumn(core::Bucket::Idle)));
    EXPECT_FALSE(model.isColumnEmpty(M::bucketColumn(core::Bucket::Init)));
}

TEST(FiguresTableModel, WeightingSwitchChangesTheEttColumnAndSaysWhich)
{
    fixtures::ensureApp();
    // A group of a big efficient job and a small wasteful one: the weightings disagree.
    TableData t;
    t.location.groupBy = "team";
    TableRow group = rowWithLost("nlp", 9 * 3600, 1 * 3600, 64); // 90%
    group.figures.merge(rowWithLost("", 1 * 3600, 9 * 3600, 1).figures); // 10%
    t.rows.push_back(group);
    FiguresTableModel model;
    model.setTableData(t);
    using M = FiguresTableModel;
    // GPU-weighted: (64 x 9 + 1) / (64 x 10 + 10) = 577 / 650.
    EXPECT_EQ(cell(model, 0, M::EttColumn), "88.8%");
    EXPECT_TRUE(model.headerData(M::EttColumn, Qt::Horizontal).toString().contains("GPU-weighted"));
    EXPECT_EQ(model.headerData(M::NameColumn, Qt::Horizontal).toString(), "team");
    EXPECT_EQ(model.headerData(M::CountColumn, Qt::Horizontal).toString(), "Jobs");
    EXPECT_EQ(cell(model, 0, M::CountColumn), "2");

    QSignalSpy data(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
    model.setWeighting(Weighting::Time);
    ASSERT_EQ(data.count(), 1);
    ASSERT_EQ(headers.count(), 1);
    const auto topLeft = data.at(0).at(0).value<QModelIndex>();
    const auto bottomRight = data.at(0).at(1).value<QModelIndex>();
    EXPECT_LE(topLeft.column(), M::EttColumn);
    EXPECT_GE(bottomRight.column(), M::EttColumn);
    // Time-weighted: (9 + 1) / (10 + 10).
    EXPECT_EQ(cell(model, 0, M::EttColumn), "50.0%");
    EXPECT_EQ(model.data(model.index(0, M::EttColumn), M::SortRole).toDouble(), 50.0);
    EXPECT_TRUE(model.headerData(M::EttColumn, Qt::Horizontal).toString().contains("time-weighted"));
    EXPECT_EQ(cell(model, 0, M::E2eHoursColumn), "20.0");
    EXPECT_TRUE(model.headerData(M::E2eHoursColumn, Qt::Horizontal).toString().startsWith("Hours"));
    EXPECT_TRUE(model.headerData(M::LostHoursColumn, Qt::Horizontal).toString().contains("hours"));
    model.setWeighting(Weighting::Time); // no change, no signal
    EXPECT_EQ(data.count(), 1);
}

TEST(FiguresTableModel, HeadersAndNameSortFollowTheLevel)
{
    fixtures::ensureApp();
    FiguresTableModel model;
    model.setTableData(fixtures::workedExampleAttempts(0));
    using M = FiguresTableModel;
    EXPECT_TRUE(model.rowsAreAttempts());
    EXPECT_EQ(model.headerData(M::NameColumn, Qt::Horizontal).toString(), "Attempt");
    EXPECT_EQ(model.headerData(M::DetailColumn, Qt::Horizontal).toString(), "Outcome");
    EXPECT_EQ(cell(model, 0, M::DetailColumn), "failed, infra.gpu");
    // Attempts keep their time order when sorted by name ("attempt 10" after "attempt 9").
    EXPECT_EQ(model.data(model.index(1, M::NameColumn), M::SortRole).toDouble(), 1.0);
    EXPECT_EQ(model.data(model.index(1, 0), M::AttemptRole).toInt(), 1);

    TableData jobs = fixtures::jobTable(fixtures::generateFleet(3));
    model.setTableData(jobs);
    EXPECT_FALSE(model.rowsAreGroups());
    EXPECT_EQ(model.headerData(M::NameColumn, Qt::Horizontal).toString(), "Job");
    EXPECT_EQ(model.headerData(M::CountColumn, Qt::Horizontal).toString(), "Attempts");
    jobs.location.groupBy = "job"; // grouped by job: still jobs
    model.setTableData(jobs);
    EXPECT_FALSE(model.rowsAreGroups());
    EXPECT_EQ(model.headerData(M::bucketColumn(core::Bucket::Init), Qt::Horizontal, M::ColorRole).value<QColor>(),
        bucketColor(core::Bucket::Init));
    EXPECT_FALSE(model.headerData(M::EttColumn, Qt::Horizontal, M::ColorRole).isValid());
}

// A measured time reads in milliseconds under a second (a fast load is not "0.00 s").
TEST(FiguresFormat, ElapsedTimesReadInMillisecondsUnderASecond)
{
    EXPECT_EQ(formatElapsed(0.0), QStringLiteral("0.0 ms"));
    EXPECT_EQ(formatElapsed(0.00321), QStringLiteral("3.2 ms"));
    EXPECT_EQ(formatElapsed(0.145), QStringLiteral("145 ms"));
    EXPECT_EQ(formatElapsed(0.9994), QStringLiteral("999 ms"));
    EXPECT_EQ(formatElapsed(0.9996), QStringLiteral("1.00 s"));
    EXPECT_EQ(formatElapsed(12.345), QStringLiteral("12.35 s"));
}

// The house tables' header (setUpTableView) sizes a two-line title for its longest line and the sort
// arrow beside it: QHeaderView's own reserved the section's whole height for the arrow, a second
// line's height of nothing in every column. The sorted column's title is still whole.
TEST(TableViews, ATwoLineTitleGetsTheArrowsWidthNotASecondLinesHeight)
{
    fixtures::ensureApp();
    QStandardItemModel model(1, 2);
    model.setHorizontalHeaderLabels({ QStringLiteral("Waste at\ncurrent"), QStringLiteral("Waste at current") });
    model.setItem(0, 0, new QStandardItem(QStringLiteral("1%")));
    model.setItem(0, 1, new QStandardItem(QStringLiteral("1%")));
    QSortFilterProxyModel proxy;
    setUpSortProxy(&proxy, &model, Qt::DisplayRole);
    QTableView house;
    setUpTableView(&house, &proxy);
    QTableView plain; // Qt's own header, sorting on
    plain.setModel(&proxy);
    plain.setSortingEnabled(true);
    for (QTableView* view : { &house, &plain }) {
        view->resize(800, 200);
        view->show();
        view->resizeColumnsToContents();
    }
    const int houseWidth = house.horizontalHeader()->sectionSize(0);
    const int plainWidth = plain.horizontalHeader()->sectionSize(0);
    const int lineSpacing = house.horizontalHeader()->fontMetrics().lineSpacing();
    EXPECT_LE(houseWidth, plainWidth - lineSpacing / 2) << "house " << houseWidth << ", Qt's " << plainWidth;
    // One line: no wider than Qt's.
    EXPECT_LE(house.horizontalHeader()->sectionSize(1), plain.horizontalHeader()->sectionSize(1));

    // Sorted by the two-line column, the style's label rectangle beside the arrow holds its longest line.
    house.sortByColumn(0, Qt::AscendingOrder);
    QHeaderView* header = house.horizontalHeader();
    QStyleOptionHeader option;
    option.initFrom(header);
    option.state |= QStyle::State_Horizontal;
    option.orientation = Qt::Horizontal;
    option.section = 0;
    option.text = model.headerData(0, Qt::Horizontal).toString();
    option.sortIndicator = QStyleOptionHeader::SortDown;
    option.rect = QRect(0, 0, houseWidth, header->height());
    const QRect label = header->style()->subElementRect(QStyle::SE_HeaderLabel, &option, header);
    EXPECT_GE(label.width(), header->fontMetrics().horizontalAdvance(QStringLiteral("Waste at")))
        << "label " << label.width() << " px of a section " << houseWidth << " px wide";
}

} // namespace
} // namespace ett::app
