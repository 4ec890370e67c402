// Paints a GanttScene into any QPainter (a widget, a QImage in tests, a PDF page), after
// hotspot's timeline delegate and Tracy's level of detail.
//
// Layout of the painted rectangle:
//
//   +-------------+--------------------------------------+
//   | context     | time axis header: ticks and labels   |  headerHeight
//   +-------------+--------------------------------------+
//   | row labels  | rows: bands, grid, spans, markers,   |  rowHeight each,
//   | (indented)  | brackets, selection                  |  scrolled by scrollY
//   +-------------+--------------------------------------+
//     labelWidth    axis.widthPx() (= rect width - labelWidth)
//
// Design note: the cost of a frame depends on what is visible, not on the size of the scene.
// Only visible rows are visited (rows have one height, so they follow from scrollY); in each
// lane a binary search finds the first visible span; a run of spans narrower than
// kMinVisiblePx is folded into one block that shows what it holds (its time per colour as stacked
// bands, a few pixels of time at a time) and how many spans, and the run is skipped with one
// binary search per slice. The mix comes from the lane's running sums (LaneMix), not from its
// spans. A frame thus costs O(visible rows x width x (log spans + colours + LaneMix::kBlock)),
// whatever the zoom.
#pragma once

#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"

#include <QColor>
#include <QRect>

#include <vector>

class QPainter;

namespace ett::app {

struct GanttLayout
{
    int headerHeight = 28; // the time axis header
    int labelWidth = 180; // the row labels column
    int rowHeight = 22; // every row
    int indentPx = 14; // label indentation per depth level
};

// What to emphasize in a frame.
struct GanttHighlight
{
    SpanHit selectedSpan; // outlined
    int selectedRow = -1; // tinted
    int hoverRow = -1; // lightly tinted
    // The clock while the data is live (a watched folder): a running attempt's row is drawn on from
    // the end its data gives up to this time. 0: not live (only the open end's arrow is drawn).
    int64_t liveNowNs = 0;
};

// What a frame did, for tests and benchmarks.
struct GanttPaintStats
{
    int rowsVisited = 0;
    int64_t spansDrawn = 0; // drawn with their own colour
    int64_t foldsDrawn = 0; // counted blocks of their mix
    int64_t spansFolded = 0; // spans inside those blocks
    int64_t markersDrawn = 0;
    int bracketsDrawn = 0;
    // Where bracket labels went (never two intersecting), and how many had no room (their
    // bracket's tooltip still tells).
    std::vector<QRectF> bracketLabelRects;
    int bracketLabelsDropped = 0;
};

class GanttPainter
{
public:
    // Spans narrower than this are folded (Tracy's MinVisSize).
    static constexpr double kMinVisiblePx = 3.0;

    explicit GanttPainter(GanttLayout layout = {});

    const GanttLayout& layout() const { return m_layout; }
    void setLayout(const GanttLayout& layout) { m_layout = layout; }

    // Paints the scene into rect. The axis maps time to x inside the time area: its widthPx()
    // should be timeAreaWidth(rect). scrollY is the vertical offset of the rows in pixels
    // (0: the first row at the top). Touches only the visible rows. Not thread-safe with
    // itself only through the painter; the scene is read only.
    GanttPaintStats paint(QPainter& painter, const QRect& rect, const GanttScene& scene, const TimeAxis& axis,
        double scrollY, const GanttHighlight& highlight = {}) const;

    // Geometry shared with the widget's hit testing (all in the coordinates of rect).
    double timeAreaLeft(const QRect& rect) const { return rect.left() + m_layout.labelWidth; }
    double timeAreaWidth(const QRect& rect) const;
    double rowsTop(const QRect& rect) const { return rect.top() + m_layout.headerHeight; }
    double rowsHeight(const QRect& rect) const;
    // The row under y, or -1 over the header or below the last row.
    int rowAt(const QRect& rect, double y, double scrollY, int rowCount) const;
    double rowTop(const QRect& rect, int row, double scrollY) const;
    // The bar of a row: its whole height less a margin, less the bracket lane when it has one.
    QRectF barRect(const QRect& rect, const GanttRow& row, int rowIndex, double scrollY) const;
    // The bracket lane of a row (empty rect when it has none).
    QRectF bracketLaneRect(const QRect& rect, const GanttRow& row, int rowIndex, double scrollY) const;
    // The density view's grid of every job: kDensityGapPx below the last row down to the bottom of
    // rect, at least kMinDensityGridPx tall (contentHeight() counts that much); an empty rect in
    // other views.
    static constexpr double kDensityGapPx = 6.0;
    static constexpr double kMinDensityGridPx = 160.0;
    QRectF densityGridRect(const QRect& rect, const GanttScene& scene, double scrollY) const;
    // Height of all rows (and of the density grid's least height), and the largest useful scroll
    // offset for rect.
    double contentHeight(const GanttScene& scene) const;
    double maxScrollY(const QRect& rect, const GanttScene& scene) const;

    // The fill of a colour key (palette.h) and the stripes drawn over hatched spans.
    static QColor colorOf(ColorKey key);
    static QColor hatchColorOf(ColorKey key);
    // The neutral grey of colour keys without a colour (and of the fold's legend icon).
    static QColor foldColor();
    // The line colour of Time to Start and Time to Recover brackets.
    static QColor bracketColor(GanttBracket::Kind kind);
    // Draws a legend entry's icon (a swatch, a marker or a bracket) into r. For the legend widget
    // and the PDF report.
    static void paintLegendIcon(QPainter& painter, const QRectF& r, const LegendEntry& entry);

private:
    // One paint call's inputs and the rows it shows (defined in the source).
    struct Pass;
    void paintRowsArea(const Pass& pass) const;
    void paintBrackets(const Pass& pass) const;
    void paintSelection(const Pass& pass) const;
    void paintHeader(const Pass& pass) const;
    void paintLabels(const Pass& pass) const;

    GanttLayout m_layout;
};

} // namespace ett::app
