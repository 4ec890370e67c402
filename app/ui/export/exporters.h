// Exports of what the window shows, as the window offers them: every table as CSV and JSON
// (table_export.h), every chart and every Gantt timeline as PNG and SVG (image_export.h), and the
// context menus, dialog, clipboard copy and shortcut that offer them. Including this header
// includes those two.
//
// Every write is all or nothing (QSaveFile): an error names the path and leaves no file behind.
// GUI thread only (charts and widgets are read).
#pragma once

#include "app/ui/export/image_export.h"
#include "app/ui/export/table_export.h"

#include <QString>

#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractItemView;
class QChartView;
class QMenu;
class QWidget;
QT_END_NAMESPACE

namespace ett::app {

class GanttWidget;
class WorkbenchState;

// A one-line description of the state's filter and weighting, for TableExport::scope and SVG
// descriptions ("filter: label=llm · GPU-weighted").
QString exportScopeText(const WorkbenchState& state);

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
