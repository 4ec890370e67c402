// Exports of what the window draws as pictures: every chart and every Gantt timeline as PNG and
// SVG.
//
//   charts    the chart's scene rendered into a QImage (PNG, scaled) or a QSvgGenerator (SVG,
//             vector: text stays text).
//   timeline  GanttPainter into the same devices, at the widget's view (its time range and the
//             rows in sight) or with every row, the legend below.
//
// Every write is all or nothing (QSaveFile): an error names the path and leaves no file behind.
// GUI thread only (charts and widgets are read).
#pragma once

#include "core/model/result.h"

#include <QSize>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace ett::app {

class GanttWidget;

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

} // namespace ett::app
