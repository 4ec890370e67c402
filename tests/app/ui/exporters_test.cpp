// Tests of the exports: CSV of a model has a header and a record per row and
// round-trips commas, quotes and line breaks (RFC 4180); JSON parses, keyed by column, with exact
// values as numbers; the drill-down's JSON carries the exact figures; a chart's PNG has the chart's
// size times the scale and is not blank; SVGs of a chart and of the Gantt timeline are XML with the
// title and the row labels as text and no raster image of the whole; a write into a missing
// directory fails naming the path and creates nothing; the pages' views offer the exports in their
// context menus.
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/window/workbench_state.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

#include "pages_fixtures.h"
#include "tests/app/ui/timeline_fixtures.h"

namespace ett::app {
namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// With ETT_KEEP_EXPORTS=<dir>, the files the tests export are copied there, to look at.
void keep(const QString& path)
{
    if (qEnvironmentVariableIsSet("ETT_KEEP_EXPORTS")) {
        const QString to = qEnvironmentVariable("ETT_KEEP_EXPORTS") + QLatin1Char('/') + QFileInfo(path).fileName();
        QFile::remove(to);
        QFile::copy(path, to);
    }
}

// A reader of RFC 4180 CSV (quoted fields, doubled quotes, CRLF records), for the round trip.
std::vector<QStringList> parseCsv(const QString& text)
{
    std::vector<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            record << field;
            field.clear();
            records.push_back(record);
            record.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return records;
}

// What an SVG holds: whether it parsed, the text of its <text> elements, its <image> sizes.
struct SvgContent
{
    bool valid = false;
    QString error;
    QStringList texts;
    std::vector<QSizeF> images;
    QSizeF size;
};

SvgContent readSvg(const QString& path)
{
    SvgContent out;
    QXmlStreamReader xml(readAll(path));
    QString current;
    int depth = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("svg")) {
                // The size in user units (width and height are in millimetres).
                const QStringList box
                    = xml.attributes().value(QLatin1String("viewBox")).toString().split(QLatin1Char(' '));
                if (box.size() == 4) {
                    out.size = QSizeF(box[2].toDouble(), box[3].toDouble());
                }
            } else if (name == QLatin1String("image")) {
                out.images.emplace_back(xml.attributes().value(QLatin1String("width")).toDouble(),
                    xml.attributes().value(QLatin1String("height")).toDouble());
            } else if (name == QLatin1String("text")) {
                ++depth;
                current.clear();
            }
        } else if (xml.isCharacters() && depth > 0) {
            current += xml.text();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("text") && depth > 0) {
            --depth;
            out.texts << current.simplified();
        }
    }
    out.valid = !xml.hasError() && !out.size.isEmpty();
    keep(path);
    out.error = xml.errorString();
    return out;
}

bool anyTextContains(const SvgContent& svg, const QString& needle)
{
    return std::any_of(svg.texts.begin(), svg.texts.end(), [&](const QString& t) { return t.contains(needle); });
}

int nonWhitePixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            n += (image.pixel(x, y) & 0xFFFFFF) != 0xFFFFFF ? 1 : 0;
        }
    }
    return n;
}

QStringList actionNames(const QWidget* w)
{
    QStringList names;
    for (const QAction* a : w->actions()) {
        names << a->objectName();
    }
    return names;
}

// A table with everything CSV must quote, and a two-line header.
std::unique_ptr<QStandardItemModel> awkwardModel()
{
    auto m = std::make_unique<QStandardItemModel>(0, 3);
    m->setHorizontalHeaderLabels({ QStringLiteral("Name"), QStringLiteral("GPU-h\n(E2E)"), QStringLiteral("Note") });
    m->appendRow({ new QStandardItem(QStringLiteral("plain")), new QStandardItem(QStringLiteral("1,234")),
        new QStandardItem(QStringLiteral("say \"hi\"")) });
    m->appendRow({ new QStandardItem(QStringLiteral("two\nlines")), new QStandardItem(QStringLiteral("12.5")),
        new QStandardItem(QStringLiteral(" padded")) });
    m->appendRow({ new QStandardItem(QStringLiteral("µs – ünïcode")), new QStandardItem(QString()),
        new QStandardItem(QStringLiteral("\"a\",\"b\"\r\nc")) });
    return m;
}

struct Pages
{
    std::vector<core::GeneratedJob> fleet = fixtures::generateFleet(40);
    std::unique_ptr<gpu::Engine> engine = fixtures::engineOf(fleet);
    OverviewData overview = fixtures::overviewOf(*engine);
    TableData jobs = fixtures::jobTable(fleet);
};

const Pages& pages()
{
    static const Pages p;
    return p;
}

// --- tables ---------------------------------------------------------------------------------------

TEST(TableCsv, HasAHeaderAndOneRecordPerRowAndRoundTripsWhatMustBeQuoted)
{
    fixtures::ensureApp();
    const auto model = awkwardModel();
    const QByteArray csv = tableToCsv(*model);
    EXPECT_TRUE(csv.startsWith("Name,GPU-h (E2E),Note\r\n")) << csv.toStdString();
    EXPECT_TRUE(csv.contains("plain,\"1,234\",\"say \"\"hi\"\"\"\r\n")) << csv.toStdString();
    EXPECT_TRUE(csv.endsWith("\r\n"));
    const auto records = parseCsv(QString::fromUtf8(csv));
    ASSERT_EQ(records.size(), 1u + static_cast<size_t>(model->rowCount()));
    for (int r = 0; r < model->rowCount(); ++r) {
        ASSERT_EQ(records[static_cast<size_t>(r) + 1].size(), model->columnCount());
        for (int c = 0; c < model->columnCount(); ++c) {
            EXPECT_EQ(records[static_cast<size_t>(r) + 1][c], model->item(r, c)->text()) << r << "," << c;
        }
    }
}

TEST(TableJson, ParsesWithARowPerModelRowKeyedByColumnAndExactNumbers)
{
    fixtures::ensureApp();
    auto model = awkwardModel();
    // The second column offers exact values in another unit than its header: its key says which.
    model->horizontalHeaderItem(1)->setData(QStringLiteral("E2E GPU-s"), ExportKeyRole);
    model->item(0, 1)->setData(exactSeconds(static_cast<core::Wide>(4442400) * 1'000'000'000 + 1), ExportValueRole);
    model->item(1, 1)->setData(45000.0, ExportValueRole);
    model->item(2, 1)->setData(QVariant::fromValue(nullptr), ExportValueRole);
    model->item(2, 2)->setData(QVariantMap { { "a", 1 }, { "b", 2.5 } }, ExportValueRole);
    const QByteArray json = tableToJson(*model, { QStringLiteral("Awkward"), QStringLiteral("all jobs"), {}, {} });
    // Every digit of the exact value, which a double would round.
    EXPECT_TRUE(json.contains("\"E2E GPU-s\": 4442400.000000001")) << json.toStdString();

    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    ASSERT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    const QJsonObject root = doc.object();
    EXPECT_EQ(root["table"].toString(), "Awkward");
    EXPECT_EQ(root["scope"].toString(), "all jobs");
    EXPECT_EQ(root["rowCount"].toInt(), 3);
    EXPECT_EQ(root["columns"].toArray().size(), 3);
    EXPECT_EQ(root["columns"].toArray()[1].toObject()["header"].toString(), "GPU-h (E2E)");
    const QJsonArray rows = root["rows"].toArray();
    ASSERT_EQ(rows.size(), 3);
    for (const auto& row : rows) {
        EXPECT_EQ(row.toObject().keys(), (QStringList { "E2E GPU-s", "Name", "Note" }));
    }
    EXPECT_TRUE(rows[0].toObject()["E2E GPU-s"].isDouble());
    EXPECT_DOUBLE_EQ(rows[0].toObject()["E2E GPU-s"].toDouble(), 4442400.000000001);
    EXPECT_EQ(rows[1].toObject()["E2E GPU-s"].toDouble(), 45000.0);
    EXPECT_TRUE(rows[2].toObject()["E2E GPU-s"].isNull());
    EXPECT_EQ(rows[2].toObject()["Note"].toObject()["b"].toDouble(), 2.5);
    // Text without an exact value is the text shown, line breaks and quotes intact.
    EXPECT_EQ(rows[1].toObject()["Name"].toString(), "two\nlines");
    EXPECT_EQ(rows[0].toObject()["Note"].toString(), "say \"hi\"");
    EXPECT_EQ(rows[2].toObject()["Name"].toString(), QStringLiteral("µs – ünïcode"));
}

TEST(TableExport, DrillDownJsonCarriesTheExactFiguresInTheOrderShown)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    WorkbenchState state;
    DrillDownPage page(&state, nullptr);
    page.setTableData(pages().jobs);
    const QString path = dir.filePath(QStringLiteral("jobs.json"));
    const core::Status status = exportWidget(page.view(), path);
    ASSERT_TRUE(status.ok()) << status.error().message;
    keep(path);
    const QByteArray json = readAll(path);
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    EXPECT_TRUE(root["table"].toString().contains("Jobs of the fleet")) << root["table"].toString().toStdString();
    EXPECT_TRUE(root["scope"].toString().contains("GPU-weighted"));
    const QJsonArray rows = root["rows"].toArray();
    ASSERT_EQ(rows.size(), static_cast<qsizetype>(pages().jobs.rows.size()));
    // Every column, hidden ones included; keys name the units of the exact values.
    const QJsonArray columns = root["columns"].toArray();
    EXPECT_EQ(columns.size(), FiguresTableModel::ColumnCount);
    EXPECT_EQ(columns[FiguresTableModel::E2eHoursColumn].toObject()["key"].toString(), "E2E GPU-s");
    EXPECT_EQ(columns[FiguresTableModel::E2eHoursColumn].toObject()["header"].toString(), "GPU-h (E2E)");
    // Row 0 is the first row shown (worst first), with its exact figures.
    const QModelIndex first = page.proxy()->mapToSource(page.proxy()->index(0, 0));
    const TableRow* row = page.model()->rowAt(first.row());
    ASSERT_NE(row, nullptr);
    const QJsonObject r0 = rows[0].toObject();
    EXPECT_EQ(r0["Job"].toString(), qs(row->name));
    EXPECT_TRUE(r0["Attempts"].isDouble());
    EXPECT_EQ(r0["Attempts"].toInteger(), row->figures.attempts);
    EXPECT_EQ(r0["Failures"].toInteger(), row->figures.failures);
    const std::string e2e = core::formatWideSeconds(row->figures.e2eGpuNs);
    EXPECT_TRUE(json.contains(QByteArray("\"E2E GPU-s\": ") + QByteArray::fromStdString(e2e))) << e2e;
    EXPECT_NEAR(r0["E2E GPU-s"].toDouble(), wideToDouble(row->figures.e2eGpuNs) / 1e9, 1e-6);
    ASSERT_TRUE(r0["ETT% (GPU-weighted)"].isDouble());
    EXPECT_DOUBLE_EQ(r0["ETT% (GPU-weighted)"].toDouble(), *row->figures.ettPercentGpu());
    // CSV of the same view: the cells as shown.
    const QString csvPath = dir.filePath(QStringLiteral("jobs.csv"));
    ASSERT_TRUE(exportWidget(page.view(), csvPath).ok());
    const auto records = parseCsv(QString::fromUtf8(readAll(csvPath)));
    ASSERT_EQ(records.size(), pages().jobs.rows.size() + 1);
    EXPECT_EQ(records[1][FiguresTableModel::E2eHoursColumn],
        page.proxy()->index(0, FiguresTableModel::E2eHoursColumn).data().toString());
}

TEST(TableExport, CopyPutsTheSelectedRowsWithTheHeaderOnTheClipboard)
{
    fixtures::ensureApp();
    const auto model = awkwardModel();
    QTableView view;
    view.setModel(model.get());
    view.setSelectionBehavior(QAbstractItemView::SelectRows);
    view.setColumnHidden(2, true);
    installTableExport(&view, QStringLiteral("Test"));
    view.selectRow(0);
    QAction* copy = nullptr;
    for (QAction* a : view.actions()) {
        if (a->objectName() == QLatin1String("copyTable")) {
            copy = a;
        }
    }
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->shortcut(), QKeySequence(QKeySequence::Copy));
    copy->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), "Name\tGPU-h (E2E)\nplain\t1,234\n");
    // Nothing selected: every row.
    view.clearSelection();
    copy->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->text().count(QLatin1Char('\n')), 4);
}

// --- charts -----------------------------------------------------------------------------------------

class ChartExport : public ::testing::Test
{
protected:
    void SetUp() override
    {
        page.setOverviewData(pages().overview);
        page.resize(1400, 1000);
        page.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
        chart = page.chart(OverviewPage::Chart::Buckets);
        ASSERT_NE(chart, nullptr);
        ASSERT_FALSE(chart->size().isEmpty());
    }

    int dummy = (fixtures::ensureApp(), 0);
    QTemporaryDir dir;
    WorkbenchState state;
    OverviewPage page { &state, nullptr };
    QChart* chart = nullptr;
};

TEST_F(ChartExport, PngHasTheChartsSizeTimesTheScaleAndIsNotBlank)
{
    const QString path = dir.filePath(QStringLiteral("buckets.png"));
    const core::Status status = exportChartPng(chart, path, 2.0);
    ASSERT_TRUE(status.ok()) << status.error().message;
    keep(path);
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), static_cast<int>(std::lround(chart->size().width() * 2)));
    EXPECT_EQ(image.height(), static_cast<int>(std::lround(chart->size().height() * 2)));
    // Bars, axes and text: a good part of the picture.
    EXPECT_GT(nonWhitePixels(image), image.width() * image.height() / 50);
    EXPECT_EQ(image.text(QStringLiteral("Title")), chart->title());
}

TEST_F(ChartExport, SvgIsVectorsWithTheTitleAsText)
{
    // A drop shadow is a raster effect: the export leaves it out, and puts it back.
    chart->setDropShadowEnabled(true);
    const QString path = dir.filePath(QStringLiteral("buckets.svg"));
    const core::Status status = exportChartSvg(chart, path, QStringLiteral("a test"));
    EXPECT_TRUE(chart->isDropShadowEnabled());
    ASSERT_TRUE(status.ok()) << status.error().message;
    const SvgContent svg = readSvg(path);
    ASSERT_TRUE(svg.valid) << svg.error.toStdString();
    EXPECT_NEAR(svg.size.width(), chart->size().width(), 1.0);
    EXPECT_TRUE(anyTextContains(svg, chart->title())) << svg.texts.join(" | ").toStdString();
    // Axis labels are text too: a bucket's name.
    EXPECT_TRUE(anyTextContains(svg, QStringLiteral("productive"))) << svg.texts.join(" | ").toStdString();
    // No picture of the chart inside: at most small images (none expected).
    for (const QSizeF& image : svg.images) {
        EXPECT_LT(image.width() * image.height(), chart->size().width() * chart->size().height() / 4);
    }
    EXPECT_TRUE(svg.images.empty());
}

TEST_F(ChartExport, ChartViewsOfferTheExportsInTheirContextMenu)
{
    const auto views = page.findChildren<QChartView*>();
    ASSERT_EQ(views.size(), 4);
    for (const QChartView* view : views) {
        EXPECT_EQ(view->contextMenuPolicy(), Qt::ActionsContextMenu);
        EXPECT_EQ(actionNames(view), (QStringList { "exportPng", "exportSvg" }));
        EXPECT_NE(view->findChild<QShortcut*>(QStringLiteral("exportShortcut")), nullptr);
    }
    std::unique_ptr<QMenu> menu(createExportMenu(views[0]));
    ASSERT_NE(menu, nullptr);
    QStringList texts;
    for (const QAction* a : menu->actions()) {
        texts << a->text();
    }
    EXPECT_EQ(texts, (QStringList { "Export as PNG…", "Export as SVG…" }));
    // The window's "Export…" finds the chart from its viewport (the focus widget).
    EXPECT_EQ(exportTargetFor(views[0]->viewport()), views[0]);
    EXPECT_EQ(exportTargetFor(&page), nullptr);
    // The export through the view names the file after the page and the chart.
    const QString path = dir.filePath(QStringLiteral("via-view.svg"));
    ASSERT_TRUE(exportWidget(const_cast<QChartView*>(views[0]), path).ok());
    EXPECT_TRUE(readSvg(path).valid);
    EXPECT_FALSE(exportWidget(const_cast<QChartView*>(views[0]), dir.filePath(QStringLiteral("x.csv"))).ok());
}

// --- the Gantt timeline ------------------------------------------------------------------------------

class GanttExport : public ::testing::Test
{
protected:
    void SetUp() override
    {
        gantt.resize(900, 110); // fewer rows in sight than the scene has
        gantt.setScene(std::make_shared<const GanttScene>(
            buildRankScene(std::make_shared<const core::JobTimeline>(testing::workedExample()), 7)));
        gantt.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&gantt));
        installGanttExport(&gantt, [] { return QStringLiteral("Timeline J1, job view"); });
    }

    QApplication* app = testing::ensureApp();
    QTemporaryDir dir;
    GanttWidget gantt;
};

TEST_F(GanttExport, SvgHasTheRowLabelsAsTextAndNoRaster)
{
    const QString path = dir.filePath(QStringLiteral("all.svg"));
    const core::Status status = exportGanttSvg(gantt, path, GanttExtent::AllRows, QStringLiteral("J1"));
    ASSERT_TRUE(status.ok()) << status.error().message;
    const SvgContent svg = readSvg(path);
    ASSERT_TRUE(svg.valid) << svg.error.toStdString();
    const QSize size = ganttExportSize(gantt, GanttExtent::AllRows);
    EXPECT_NEAR(svg.size.height(), size.height(), 1.0);
    // Every row's label, the last one too (out of the widget's sight), and the legend.
    for (const GanttRow& row : gantt.scene()->rows()) {
        EXPECT_TRUE(anyTextContains(svg, row.label)) << row.label.toStdString();
    }
    ASSERT_FALSE(gantt.scene()->legend().empty());
    EXPECT_TRUE(anyTextContains(svg, gantt.scene()->legend().front().label));
    // No raster at all: hatched lost progress (a texture on screen) comes as vector stripes in its
    // two colours, which QSvgGenerator would otherwise drop.
    EXPECT_TRUE(svg.images.empty());
    const QByteArray text = readAll(path);
    const ColorKey lost = ColorKey::bucket(core::Bucket::LostProgress);
    EXPECT_TRUE(text.contains("fill=\"" + GanttPainter::colorOf(lost).name().toLatin1() + "\""));
    EXPECT_TRUE(text.contains("fill=\"" + GanttPainter::hatchColorOf(lost).name().toLatin1() + "\""));
}

TEST_F(GanttExport, PngOfTheViewAndOfAllRows)
{
    const QSize view = ganttExportSize(gantt, GanttExtent::View);
    const QSize all = ganttExportSize(gantt, GanttExtent::AllRows);
    EXPECT_EQ(view.width(), gantt.paintRect().width());
    EXPECT_GT(all.height(), view.height());
    const int rowsHeight = static_cast<int>(std::ceil(gantt.painter().contentHeight(*gantt.scene())));
    EXPECT_GE(all.height(), gantt.painter().layout().headerHeight + rowsHeight);
    for (const auto& [extent, size] : { std::pair { GanttExtent::View, view }, { GanttExtent::AllRows, all } }) {
        const QString path = dir.filePath(extent == GanttExtent::View ? "view.png" : "all.png");
        const core::Status status = exportGanttPng(gantt, path, extent, 2.0);
        ASSERT_TRUE(status.ok()) << status.error().message;
        keep(path);
        const QImage image(path);
        ASSERT_FALSE(image.isNull());
        EXPECT_EQ(image.size(), size * 2);
        EXPECT_GT(nonWhitePixels(image), image.width() * image.height() / 20);
    }
}

TEST_F(GanttExport, ContextMenuHasNavigationAndTheExports)
{
    std::unique_ptr<QMenu> menu(gantt.createContextMenu());
    QStringList texts;
    for (const QAction* a : menu->actions()) {
        if (!a->isSeparator()) {
            texts << a->text();
        }
    }
    EXPECT_EQ(texts,
        (QStringList { "Fit all", "Zoom in", "Zoom out", "Export view as PNG…", "Export view as SVG…",
            "Export all rows as PNG…", "Export all rows as SVG…" }));
    // A right click without dragging pops it up (a right drag still zooms: timeline_test).
    QTest::mouseClick(&gantt, Qt::RightButton, {}, QPoint(400, 60));
    auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(popup, nullptr);
    EXPECT_EQ(popup->actions().size(), menu->actions().size());
    popup->close();
    // And the export through the widget: its view.
    const QString path = dir.filePath(QStringLiteral("widget.png"));
    ASSERT_TRUE(exportWidget(&gantt, path).ok());
    EXPECT_EQ(QImage(path).size(), ganttExportSize(gantt, GanttExtent::View) * 2);
}

// --- failures, wiring, names ----------------------------------------------------------------------------

TEST_F(GanttExport, AWriteIntoAMissingDirectoryFailsNamingThePathAndCreatesNothing)
{
    const auto model = awkwardModel();
    QChart chart;
    chart.setTitle(QStringLiteral("Empty"));
    chart.resize(300, 200);
    const QString missing = dir.filePath(QStringLiteral("missing"));
    const std::vector<std::pair<QString, std::function<core::Status(const QString&)>>> writes = {
        { "t.csv", [&](const QString& p) { return exportTableCsv(*model, p); } },
        { "t.json", [&](const QString& p) { return exportTableJson(*model, p); } },
        { "c.png", [&](const QString& p) { return exportChartPng(&chart, p); } },
        { "c.svg", [&](const QString& p) { return exportChartSvg(&chart, p); } },
        { "g.png", [&](const QString& p) { return exportGanttPng(gantt, p, GanttExtent::View); } },
        { "g.svg", [&](const QString& p) { return exportGanttSvg(gantt, p, GanttExtent::AllRows); } },
    };
    for (const auto& [name, write] : writes) {
        const QString path = missing + QLatin1Char('/') + name;
        const core::Status status = write(path);
        ASSERT_FALSE(status.ok()) << name.toStdString();
        EXPECT_TRUE(QString::fromStdString(status.error().message).contains(path)) << status.error().message;
        EXPECT_FALSE(QFileInfo::exists(path));
    }
    EXPECT_FALSE(QFileInfo::exists(missing));
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
    // A chart never laid out has nothing to draw: an error, not an empty file.
    QChart unsized;
    const QString path = dir.filePath(QStringLiteral("unsized.png"));
    EXPECT_FALSE(exportChartPng(&unsized, path).ok());
    EXPECT_FALSE(QFileInfo::exists(path));
}

// The dialog of Ctrl+Shift+E (the menu's entries ask the same way, for one format), driven from
// inside its event loop: a name without suffix gets the filter's, the file is written and its
// directory remembered; a failure is shown in a message box naming the path.
TEST(ExportDialog, AsksForAFileWritesItRemembersTheDirectoryAndShowsFailures)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    static QTemporaryDir settingsDir; // the test's settings, not the user's (for the whole process)
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    const auto model = awkwardModel();
    QTableView view;
    view.setModel(model.get());
    installTableExport(&view, QStringLiteral("Test"));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));

    const auto answer = [](const QString& file, QString* message) {
        QTimer::singleShot(0, [file, message] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                return;
            }
            dialog->selectFile(file);
            static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept, which checks the name
            if (message) {
                // The failure's message box comes after the dialog.
                QTimer::singleShot(0, [message] {
                    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                        *message = box->text();
                        box->close();
                    }
                });
            }
        });
    };
    // Ctrl+Shift+E in the focused table.
    QApplication::setActiveWindow(&view);
    ASSERT_TRUE(QTest::qWaitForWindowActive(&view));
    view.setFocus();
    answer(dir.filePath(QStringLiteral("table")), nullptr);
    QTest::keyClick(view.viewport(), Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
    const QString written = dir.filePath(QStringLiteral("table.csv"));
    ASSERT_TRUE(QFileInfo::exists(written));
    EXPECT_EQ(readAll(written), tableToCsv(*model));
    EXPECT_EQ(QSettings().value(QStringLiteral("export/lastDirectory")).toString(), QFileInfo(written).absolutePath());

    QString message;
    const QString missing = dir.filePath(QStringLiteral("missing/table.json"));
    answer(missing, &message);
    EXPECT_FALSE(openExportDialog(&view));
    EXPECT_TRUE(message.contains(missing)) << message.toStdString();
    EXPECT_FALSE(QFileInfo::exists(missing));
}

TEST(ExportWiring, EveryTableChartAndTimelineOfThePagesOffersItsExports)
{
    fixtures::ensureApp();
    WorkbenchState state;
    DrillDownPage drill(&state, nullptr);
    // The drill-down adds "list the intervals behind this cell" (Ctrl+L) after the exports.
    EXPECT_EQ(actionNames(drill.view()), (QStringList { "exportCsv", "exportJson", "copyTable", "cellIntervals" }));
    EXPECT_EQ(drill.view()->contextMenuPolicy(), Qt::ActionsContextMenu);

    ComparePage compare(&state, nullptr);
    for (QTableView* table : { compare.changesTable(), compare.causesTable(), compare.matchedTable() }) {
        EXPECT_EQ(actionNames(table), (QStringList { "exportCsv", "exportJson", "copyTable" }))
            << table->objectName().toStdString();
    }
    const auto charts = compare.findChildren<QChartView*>();
    EXPECT_EQ(charts.size(), 2);
    for (const QChartView* view : charts) {
        EXPECT_EQ(actionNames(view), (QStringList { "exportPng", "exportSvg" }));
    }
    for (const bool b : { false, true }) {
        EXPECT_EQ(
            actionNames(compare.gantt(b)), (QStringList { "exportPng", "exportSvg", "exportAllPng", "exportAllSvg" }));
    }
}

TEST(ExportNames, AreLowerCaseWordsJoinedByDashes)
{
    EXPECT_EQ(proposedExportName("Overview", "Where the time went (% of E2E, GPU-weighted)", "png"),
        "overview-where-the-time-went-of-e2e-gpu-weighted.png");
    EXPECT_EQ(proposedExportName("Timeline", "Timeline J1/../x, job view", "svg"), "timeline-j1-x-job-view.svg");
    EXPECT_EQ(proposedExportName("", "", "csv"), "export.csv");
}

} // namespace
} // namespace ett::app
