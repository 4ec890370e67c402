// Exports of what the window shows: every table as CSV and JSON, every chart
// and every Gantt timeline as PNG and SVG, and the context menus and shortcut that offer them.
//
//   tables    CSV (RFC 4180: a header row, quotes doubled, fields with commas, quotes or line
//             breaks quoted, CRLF, UTF-8) of the cells as shown; JSON of the exact values behind
//             them where the model offers them (ExportValueRole), with what the table is and its
//             scope. All rows and columns of the model, hidden columns included, in model order.
//   charts    the chart's scene rendered into a QImage (PNG, scaled) or a QSvgGenerator (SVG,
//             vector: text stays text).
//   timeline  GanttPainter into the same devices, at the widget's view (its time range and the
//             rows in sight) or with every row, the legend below.
//
// Every write is all or nothing (QSaveFile): an error names the path and leaves no file behind.
// GUI thread only (charts and widgets are read).
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"

#include <QMetaType>
#include <QSize>
#include <QString>
#include <QVariant>

#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
class QAbstractItemView;
class QChart;
class QChartView;
class QMenu;
class QModelIndex;
class QWidget;
QT_END_NAMESPACE

namespace ett::app {

class GanttWidget;
class WorkbenchState;

// --- what a model may offer the JSON export ---------------------------------------------------

enum ExportRole : int {
    // A cell's exact value for JSON: a number (int, qint64, double), a bool, an ExactNumber, a
    // string, a QVariantMap or QVariantList of those, or QVariant::fromValue(nullptr) for an absent
    // value (JSON null). Without it the cell's display text is written.
    ExportValueRole = Qt::UserRole + 0x4500,
    // A column's JSON key (horizontal headerData), when its exact values are in another unit than
    // the header says ("E2E GPU-s" under "GPU-h (E2E)"). Without it the header text is the key.
    ExportKeyRole,
};

// A number written as this exact decimal text ("58545.000000001"), for values a double would
// round (seconds of nanosecond sums). Text that is no JSON number is written as a string.
struct ExactNumber
{
    QString text;
};

// Exact decimal seconds of a nanosecond count, as an ExactNumber in a QVariant.
QVariant exactSeconds(core::Wide ns);

// What a table is, for the JSON metadata and the file name; and, for models that cannot answer the
// roles above themselves, the same answers as functions (tried first; an invalid QVariant or an
// empty key falls back to the roles, then to the display text).
struct TableExport
{
    QString title; // "Drill-down: jobs of the fleet"
    QString scope; // the filter, location and weighting it shows ("" when none)
    std::function<QVariant(const QModelIndex& index)> value;
    std::function<QString(int column)> key;
};

// --- tables -------------------------------------------------------------------------------------

// The model's top-level rows as CSV: a header row (header texts, line breaks as spaces), then one
// record per row of the cells' display text. UTF-8, CRLF, no byte-order mark.
QByteArray tableToCsv(const QAbstractItemModel& model);
// The model as a JSON object: "table", "scope", "exported" (UTC, RFC 3339), "columns" (key and
// header of each), "rowCount" and "rows", an array of one object per row keyed by column.
QByteArray tableToJson(const QAbstractItemModel& model, const TableExport& info = {});
// Writes them to path (all or nothing); the error names the path.
core::Status exportTableCsv(const QAbstractItemModel& model, const QString& path);
core::Status exportTableJson(const QAbstractItemModel& model, const QString& path, const TableExport& info = {});

// The exact values of the drill-down table (FiguresTableModel, possibly behind proxies that keep
// its columns): seconds exact (GPU-seconds when GPU-weighted), ETT% and shares as numbers, counts
// as integers, absent values null; and the keys that name their units. For TableExport.
QVariant figuresExportValue(const QModelIndex& index);
QString figuresExportKey(const QAbstractItemModel& model, int column);

// A one-line description of the state's filter and weighting, for TableExport::scope and SVG
// descriptions ("filter: label=llm · GPU-weighted").
QString exportScopeText(const WorkbenchState& state);

// --- charts -------------------------------------------------------------------------------------

// The chart as it is laid out now (its current size), as a PNG of size x scale pixels on white,
// or as an SVG of the same size in pixels (vectors and text; the drop shadow, a raster effect, is
// left out). `description` goes into the SVG's <desc>. Fails when the chart has no size.
core::Status exportChartPng(QChart* chart, const QString& path, double scale = 2.0);
core::Status exportChartSvg(QChart* chart, const QString& path, const QString& description = {});

// --- the Gantt timeline ---------------------------------------------------------------------------

enum class GanttExtent {
    View, // what the widget shows: its time range and the rows in sight (from the first whole one)
    AllRows, // its time range and every row
};

// The size in pixels (at scale 1) of a Gantt export: the widget's width (less its scroll bar),
// the header and the rows of the extent, and the legend below.
QSize ganttExportSize(const GanttWidget& gantt, GanttExtent extent);
// The timeline as PNG (on white, scaled; the scale shrinks, down to 0.5, when the image would be
// too large, and the export fails beyond) or SVG. No selection or hover is drawn.
core::Status exportGanttPng(const GanttWidget& gantt, const QString& path, GanttExtent extent, double scale = 2.0);
core::Status exportGanttSvg(
    const GanttWidget& gantt, const QString& path, GanttExtent extent, const QString& title = {});

// --- in the window --------------------------------------------------------------------------------

// Gives a chart view a context menu with "Export as PNG…" and "Export as SVG…", and Ctrl+Shift+E
// (while it has focus) for an export dialog. `page` starts the proposed file name; the chart's
// title at the time of the export completes it; `scope`, asked then too, goes into the SVG's
// description. The view owns what is added.
void installChartExport(QChartView* view, const QString& page, std::function<QString()> scope = {});
// Gives a table view (QTableView, QTableWidget) a context menu with "Export as CSV…", "Export as
// JSON…" and "Copy" (the selected rows, or all, as tab-separated text with a header; also
// Ctrl+C), and Ctrl+Shift+E. `describe` is asked at the time of the export (title, scope and
// value functions); without it the page names the table.
void installTableExport(QAbstractItemView* view, const QString& page, std::function<TableExport()> describe = {});
// Adds to the Gantt widget's context menu "Export view as PNG…/SVG…" and "Export all rows as
// PNG…/SVG…", and Ctrl+Shift+E. `name` is asked at the time of the export ("Timeline J1, job view").
void installGanttExport(GanttWidget* gantt, std::function<QString()> name);

// The export menu of a widget given one of the above (caller owns it); nullptr otherwise.
QMenu* createExportMenu(QWidget* target, QWidget* parent = nullptr);
// The widget given an export at or above `widget` (e.g. the focus widget), or nullptr: what a
// window-wide "Export…" command exports.
QWidget* exportTargetFor(QWidget* widget);
// Asks for a file (the format by its filter or suffix) and exports the target; errors are shown in
// a message box. False when cancelled, failed, or the target has no export.
bool openExportDialog(QWidget* target);

// Exports the target without asking, in the format the path's suffix names (png, svg, csv, json;
// a timeline: its view), as its menu would. An error names the path (also: a format the target
// does not offer, a widget without export).
core::Status exportWidget(QWidget* target, const QString& path);

// A file name for an export: "overview-where-the-time-went.png" from ("Overview", "Where the time
// went", "png"): lower case, words joined by '-', nothing a file system would mind.
QString proposedExportName(const QString& page, const QString& what, const QString& suffix);

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::ExactNumber)
