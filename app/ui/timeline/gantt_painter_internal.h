// Private to the Gantt painter (gantt_painter.cpp and the files it draws with): the palette, one
// frame's precomputed inputs (Frame) and the drawing steps each file provides. Not installed.
//
//   gantt_painter.cpp        the frame: row backgrounds, grid, header, labels column, selection;
//                            the order of the steps below, geometry, colours, legend icons
//   gantt_bars.cpp           a row's bar: spans, folds of tiny spans (level of detail), the open
//                            end of a running attempt, fault and checkpoint markers
//   gantt_brackets.cpp       Time to Start / Time to Recover brackets: lines, then labels placed
//                            where they overlap no other
//   gantt_density_grid.cpp   the density view: heat strips, the grid of every job and its labels
#pragma once

#include "app/ui/timeline/gantt_painter.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QStaticText>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace ett::app::gantt_paint {

// The palette of the frame (span colours come from palette.h through GanttPainter::colorOf).
inline const QColor kBackground(0xFF, 0xFF, 0xFF);
inline const QColor kStripe(0xF6, 0xF7, 0xF9); // every other row
inline const QColor kHeaderRowBg(0xEC, 0xF0, 0xF5); // group headers
inline const QColor kSelectedRowBg(0xD4, 0xE4, 0xF7);
inline const QColor kHoverRowBg(0xE9, 0xF1, 0xFB);
inline const QColor kHeaderBg(0xF0, 0xF0, 0xF0);
inline const QColor kLabelBg(0xFA, 0xFA, 0xFA);
inline const QColor kLine(0xC8, 0xC8, 0xC8);
inline const QColor kGrid(0xE6, 0xE6, 0xE6);
inline const QColor kText(0x20, 0x20, 0x20);
inline const QColor kMutedText(0x60, 0x60, 0x60);
inline const QColor kFold(0xB4, 0xB4, 0xB4);
inline const QColor kFoldEdge(0x50, 0x50, 0x50);
inline const QColor kFoldLabelBg(0xFF, 0xFF, 0xFF, 0xD8);
inline const QColor kFault(0x11, 0x11, 0x11);
inline const QColor kCheckpoint(0x00, 0x5A, 0x44); // a dark bluish green
inline const QColor kTts(0x1B, 0x3A, 0x6B); // dark blue
inline const QColor kTtr(0x8A, 0x45, 0x00); // dark orange
inline const QColor kSelection(0x00, 0x00, 0x00);

constexpr double kHatchPeriod = 8.0;

// A tile of diagonal stripes: the span's colour and a lighter stripe, 3 of every 8 pixels.
// Tiles are cached per colour (only a few colours are ever hatched). Thread-safe.
const QBrush& hatchBrush(const QColor& base, const QColor& stripe);

// Everything one frame needs, computed once.
struct Frame
{
    QPainter& p;
    const GanttScene& scene;
    const TimeAxis& axis;
    double left; // x of the time area
    double width; // of the time area
    GanttPaintStats& stats;
    QFont spanFont;
    QFontMetricsF spanMetrics;
    QColor colors[2][256]; // [0]: buckets, [1]: categories
    QColor edges[2][256]; // a darker shade: the left edge of wide spans
    QColor textOn[2][256]; // black or white, whichever reads on the colour
    QString names[2][256]; // bucket and category names
    // Span names laid out once per frame: a few distinct names are drawn hundreds of times, and
    // QStaticText skips the text layout that QPainter::drawText does on every call.
    struct Label
    {
        QStaticText text;
        double width = 0;
    };
    QHash<QString, Label> labels;
    std::vector<int64_t> mixSums; // scratch: a fold slice's time per colour
};

inline const QColor& colorIn(const Frame& f, ColorKey key)
{
    return f.colors[key.kind == ColorKey::Kind::Category ? 1 : 0][key.code];
}

inline const QColor& edgeIn(const Frame& f, ColorKey key)
{
    return f.edges[key.kind == ColorKey::Kind::Category ? 1 : 0][key.code];
}

// Keeps far-away coordinates inside what the raster engine handles well.
inline double clampX(const Frame& f, double x)
{
    return std::clamp(x, -4.0, f.width + 4.0);
}

// --- gantt_bars.cpp

// Tracy's level of detail over one lane (sorted, non-overlapping spans) in the bar's rectangle:
// spans at least GanttPainter::kMinVisiblePx wide in their colour, runs of narrower ones folded.
void paintLane(Frame& f, const std::vector<GanttSpan>& lane, const LaneMix& mix, const QRectF& bar);
// A running attempt's open end (row.runningEndNs is set): a fading bar from the data's end to
// nowNs and an arrow head; only the arrow when nowNs is 0 (not live).
void paintOpenEnd(Frame& f, const GanttRow& row, const QRectF& bar, int64_t nowNs);
// The row's fault and checkpoint markers near the visible window, over the bar.
void paintMarkers(Frame& f, const GanttRow& row, const QRectF& bar, double rowTop, double rowHeight);

// --- gantt_brackets.cpp

// A bracket's line in a row's lane; linkY is the y of the far end's row (the TTR's resuming
// attempt). Draw every line before any label (paintBracketLabel), so that no line crosses a label.
void paintBracketLine(Frame& f, const GanttBracket& b, const QRectF& lane, std::optional<double> linkY);
// A bracket's label where it overlaps none of `placed` (every row's labels so far), to which it is
// added; left out (and counted in the stats) when no place is free.
void paintBracketLabel(Frame& f, const GanttBracket& b, const QRectF& lane, std::vector<QRectF>& placed);

// --- gantt_density_grid.cpp

// A heat strip of the density view (row.strip >= 0): its line of the scene's strip image.
void paintStrip(Frame& f, const GanttRow& row, const QRectF& bar);
// The density view's grid of every job in area (GanttPainter::densityGridRect).
void paintDensityGrid(Frame& f, const QRectF& area);
// The density grid's labels in the labels column [left, left + width), in the painter's font.
void paintDensityLabels(QPainter& p, const FleetDensity& d, const QRectF& grid, double left, double width);

} // namespace ett::app::gantt_paint
