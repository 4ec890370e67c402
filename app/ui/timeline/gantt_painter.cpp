// The painter's frame: geometry, colours and legend icons, and one paint call in order: row
// backgrounds and grid, each visible row's bar (gantt_bars.cpp) and the density grid
// (gantt_density_grid.cpp), the brackets (gantt_brackets.cpp), the selection, the header and the
// labels column.
#include "app/ui/timeline/gantt_painter.h"

#include "app/ui/format/palette.h"
#include "app/ui/timeline/gantt_painter_internal.h"

#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace ett::app {

using namespace gantt_paint;

GanttPainter::GanttPainter(GanttLayout layout)
    : m_layout(layout)
{
}

double GanttPainter::timeAreaWidth(const QRect& rect) const
{
    return std::max(1.0, static_cast<double>(rect.width() - m_layout.labelWidth));
}

double GanttPainter::rowsHeight(const QRect& rect) const
{
    return std::max(0.0, static_cast<double>(rect.height() - m_layout.headerHeight));
}

int GanttPainter::rowAt(const QRect& rect, double y, double scrollY, int rowCount) const
{
    const double inRows = y - rowsTop(rect);
    if (inRows < 0 || y >= rect.bottom() + 1) {
        return -1;
    }
    const auto row = static_cast<int>(std::floor((inRows + scrollY) / m_layout.rowHeight));
    return row >= 0 && row < rowCount ? row : -1;
}

double GanttPainter::rowTop(const QRect& rect, int row, double scrollY) const
{
    return rowsTop(rect) + static_cast<double>(row) * m_layout.rowHeight - scrollY;
}

QRectF GanttPainter::barRect(const QRect& rect, const GanttRow& row, int rowIndex, double scrollY) const
{
    const double top = rowTop(rect, rowIndex, scrollY);
    const double h = m_layout.rowHeight;
    const double margin = h >= 16 ? 3.0 : 1.0;
    const double lane = row.bracketLane ? std::min(11.0, std::floor(h * 0.38)) : 0.0;
    return { timeAreaLeft(rect), top + margin, timeAreaWidth(rect), std::max(1.0, h - 2 * margin - lane) };
}

QRectF GanttPainter::bracketLaneRect(const QRect& rect, const GanttRow& row, int rowIndex, double scrollY) const
{
    if (!row.bracketLane) {
        return {};
    }
    const QRectF bar = barRect(rect, row, rowIndex, scrollY);
    const double bottom = rowTop(rect, rowIndex, scrollY) + m_layout.rowHeight;
    return { bar.left(), bar.bottom() + 1.0, bar.width(), std::max(1.0, bottom - bar.bottom() - 1.0) };
}

QRectF GanttPainter::densityGridRect(const QRect& rect, const GanttScene& scene, double scrollY) const
{
    if (!scene.density()) {
        return {};
    }
    const double top = rowTop(rect, static_cast<int>(scene.rows().size()), scrollY) + kDensityGapPx;
    const double bottom = rect.top() + rect.height() - 2.0;
    return { timeAreaLeft(rect), top, timeAreaWidth(rect), std::max(kMinDensityGridPx, bottom - top) };
}

double GanttPainter::contentHeight(const GanttScene& scene) const
{
    const double rows = static_cast<double>(scene.rows().size()) * m_layout.rowHeight;
    return scene.density() ? rows + kDensityGapPx + kMinDensityGridPx + 2.0 : rows;
}

double GanttPainter::maxScrollY(const QRect& rect, const GanttScene& scene) const
{
    return std::max(0.0, contentHeight(scene) - rowsHeight(rect));
}

QColor GanttPainter::colorOf(ColorKey key)
{
    switch (key.kind) {
    case ColorKey::Kind::Bucket:
        return key.code < core::kBucketCount ? bucketColor(static_cast<core::Bucket>(key.code)) : kFold;
    case ColorKey::Kind::Category:
        return key.code < core::kCategoryCount ? categoryColor(static_cast<core::Category>(key.code)) : kFold;
    case ColorKey::Kind::None:
        break;
    }
    return kFold;
}

QColor GanttPainter::hatchColorOf(ColorKey key)
{
    // Through QRgb, so that it compares equal to the pixels it paints.
    return QColor::fromRgb(colorOf(key).lighter(150).rgb());
}

QColor GanttPainter::foldColor()
{
    return kFold;
}

QColor GanttPainter::bracketColor(GanttBracket::Kind kind)
{
    return kind == GanttBracket::Kind::TimeToStart ? kTts : kTtr;
}

void GanttPainter::paintLegendIcon(QPainter& p, const QRectF& r, const LegendEntry& e)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QPointF c = r.center();
    switch (e.kind) {
    case LegendEntry::Kind::Swatch: {
        const QColor color = colorOf(e.color);
        p.fillRect(r, e.hatched ? hatchBrush(color, hatchColorOf(e.color)) : QBrush(color));
        p.setPen(QColor(0, 0, 0, 60));
        p.drawRect(r.adjusted(0, 0, -1, -1));
        break;
    }
    case LegendEntry::Kind::Fold: {
        // Stacked shares: the entry's colour over the fold grey.
        const QRectF top(r.left(), r.top(), r.width(), std::round(r.height() * 0.6));
        p.fillRect(r, kFold);
        p.fillRect(top, e.color.kind == ColorKey::Kind::None ? kFold : colorOf(e.color));
        p.setPen(kFoldEdge);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        break;
    }
    case LegendEntry::Kind::Fault:
        p.setPen(QPen(kFault, 2.0));
        p.drawLine(QPointF(c.x(), r.top()), QPointF(c.x(), r.bottom()));
        p.setPen(QPen(kFault, 1.0));
        p.setBrush(kFault);
        p.drawPolygon(
            QPolygonF({ QPointF(c.x() - 5, r.top()), QPointF(c.x() + 5, r.top()), QPointF(c.x(), r.top() + 7) }));
        break;
    case LegendEntry::Kind::CheckpointDurable:
    case LegendEntry::Kind::CheckpointFailed: {
        const bool durable = e.kind == LegendEntry::Kind::CheckpointDurable;
        p.setPen(QPen(durable ? kCheckpoint : QColor(0xB0, 0x30, 0x00), 1.0));
        p.setBrush(durable ? kCheckpoint : QColor(Qt::white));
        p.drawPolygon(
            QPolygonF({ QPointF(c.x(), c.y() - 5), QPointF(c.x() - 4, c.y() + 3), QPointF(c.x() + 4, c.y() + 3) }));
        break;
    }
    case LegendEntry::Kind::TimeToStart:
    case LegendEntry::Kind::TimeToRecover: {
        p.setPen(QPen(e.kind == LegendEntry::Kind::TimeToStart ? kTts : kTtr, 1.0));
        p.drawLine(QPointF(r.left() + 1, c.y()), QPointF(r.right() - 1, c.y()));
        p.drawLine(QPointF(r.left() + 1, c.y() - 3), QPointF(r.left() + 1, c.y() + 3));
        p.drawLine(QPointF(r.right() - 1, c.y() - 3), QPointF(r.right() - 1, c.y() + 3));
        break;
    }
    }
    p.restore();
}

namespace {

// The colours, edges, text colours and names of buckets and categories, once per frame.
void fillFrameTables(Frame& f, const QColor& fold)
{
    for (int b = 0; b < core::kBucketCount; ++b) {
        f.colors[0][b] = GanttPainter::colorOf(ColorKey::bucket(static_cast<core::Bucket>(b)));
    }
    for (int c = 0; c < core::kCategoryCount; ++c) {
        f.colors[1][c] = GanttPainter::colorOf(ColorKey::category(static_cast<core::Category>(c)));
    }
    for (int k = 0; k < 256; ++k) {
        if (k >= core::kBucketCount) {
            f.colors[0][k] = fold;
        }
        if (k >= core::kCategoryCount) {
            f.colors[1][k] = fold;
        }
        f.edges[0][k] = f.colors[0][k].darker(135);
        f.edges[1][k] = f.colors[1][k].darker(135);
        f.textOn[0][k] = textColorOn(f.colors[0][k]);
        f.textOn[1][k] = textColorOn(f.colors[1][k]);
    }
    for (int b = 0; b < core::kBucketCount; ++b) {
        f.names[0][b] = bucketLabel(static_cast<core::Bucket>(b));
    }
    for (int c = 0; c < core::kCategoryCount; ++c) {
        f.names[1][c] = categoryLabel(static_cast<core::Category>(c));
    }
}

} // namespace

struct GanttPainter::Pass
{
    Frame& f;
    const QRect& rect;
    double scrollY;
    const GanttHighlight& hl;
    const std::vector<GanttRow>& rows;
    int rowCount;
    int firstRow; // the visible rows, firstRow..lastRow (none when lastRow < firstRow)
    int lastRow;
    AxisTicks ticks;
};

GanttPaintStats GanttPainter::paint(QPainter& p, const QRect& rect, const GanttScene& scene, const TimeAxis& axis,
    double scrollY, const GanttHighlight& hl) const
{
    GanttPaintStats stats;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setClipRect(rect);
    p.fillRect(rect, kBackground);

    QFont spanFont = p.font();
    spanFont.setPointSizeF(std::max(6.0, spanFont.pointSizeF() * 0.85));
    Frame f { p, scene, axis, timeAreaLeft(rect), timeAreaWidth(rect), stats, spanFont, QFontMetricsF(spanFont), {}, {},
        {}, {}, {}, {} };
    fillFrameTables(f, kFold);

    // The visible rows follow from the scroll offset alone.
    const auto& rows = scene.rows();
    const int rowCount = static_cast<int>(rows.size());
    const double rh = m_layout.rowHeight;
    const int firstRow = std::max(0, static_cast<int>(std::floor(scrollY / rh)));
    const int lastRow = std::min(rowCount - 1, static_cast<int>(std::floor((scrollY + rowsHeight(rect) - 1) / rh)));
    const Pass pass { f, rect, scrollY, hl, rows, rowCount, firstRow, lastRow, axis.ticks(90.0) };

    paintRowsArea(pass);
    paintBrackets(pass);
    paintSelection(pass);
    paintHeader(pass);
    paintLabels(pass);
    p.restore();
    return stats;
}

// Row backgrounds, the recovery bands, the grid, then the spans (lane by lane, upper lanes on top)
// and markers of each visible row.
void GanttPainter::paintRowsArea(const Pass& pass) const
{
    Frame& f = pass.f;
    QPainter& p = f.p;
    const QRect& rect = pass.rect;
    const double rh = m_layout.rowHeight;
    const QRectF rowsArea(f.left, rowsTop(rect), f.width, rowsHeight(rect));
    const double contentBottom = std::min(rowsArea.bottom(), rowTop(rect, pass.rowCount, pass.scrollY));
    p.setClipRect(rowsArea);
    for (int r = pass.firstRow; r <= pass.lastRow; ++r) {
        const GanttRow& row = pass.rows[static_cast<size_t>(r)];
        const QRectF band(f.left, rowTop(rect, r, pass.scrollY), f.width, rh);
        if (r == pass.hl.selectedRow) {
            p.fillRect(band, kSelectedRowBg);
        } else if (r == pass.hl.hoverRow) {
            p.fillRect(band, kHoverRowBg);
        } else if (row.header) {
            p.fillRect(band, kHeaderRowBg);
        } else if (r % 2 == 1) {
            p.fillRect(band, kStripe);
        }
    }
    if (pass.lastRow >= pass.firstRow) {
        const double top = rowTop(rect, pass.firstRow, pass.scrollY);
        for (const GanttBand& b : f.scene.bands()) {
            const double x0 = clampX(f, f.axis.toPx(b.startNs));
            const double x1 = clampX(f, f.axis.toPx(b.endNs));
            if (x1 > 0 && x0 < f.width) {
                QColor c = colorOf(b.color);
                c.setAlpha(55);
                p.fillRect(QRectF(f.left + x0, top, std::max(1.0, x1 - x0), contentBottom - top), c);
            }
        }
        p.setPen(kGrid);
        for (const AxisTick& t : pass.ticks.ticks) {
            if (t.major) {
                const double x = std::round(f.left + t.px) + 0.5;
                p.drawLine(QPointF(x, top), QPointF(x, contentBottom));
            }
        }
    }
    p.setFont(f.spanFont);
    for (int r = pass.firstRow; r <= pass.lastRow; ++r) {
        const GanttRow& row = pass.rows[static_cast<size_t>(r)];
        ++f.stats.rowsVisited;
        const QRectF bar = barRect(rect, row, r, pass.scrollY);
        if (row.strip >= 0) {
            paintStrip(f, row, bar);
        }
        static const LaneMix kNoMix;
        for (size_t l = 0; l < row.lanes.size(); ++l) {
            paintLane(f, row.lanes[l], l < row.mixes.size() ? row.mixes[l] : kNoMix, bar);
        }
        if (row.runningEndNs) {
            paintOpenEnd(f, row, bar, pass.hl.liveNowNs);
        }
        paintMarkers(f, row, bar, rowTop(rect, r, pass.scrollY), rh);
    }
    if (f.scene.density()) {
        paintDensityGrid(f, densityGridRect(rect, f.scene, pass.scrollY));
    }
}

// Brackets whose row (or connector) is visible: lines first, then labels over them.
void GanttPainter::paintBrackets(const Pass& pass) const
{
    Frame& f = pass.f;
    const QRect& rect = pass.rect;
    std::vector<std::pair<const GanttBracket*, QRectF>> labels;
    for (const GanttBracket& b : f.scene.brackets()) {
        if (b.row < 0 || b.row >= pass.rowCount) {
            continue;
        }
        const int top = std::min(b.row, b.linkRow);
        const int bottom = std::max(b.row, b.linkRow);
        if (bottom < pass.firstRow || top > pass.lastRow) {
            continue;
        }
        if (f.axis.toPx(b.endNs) < -2.0 || f.axis.toPx(b.startNs) > f.width + 2.0) {
            continue;
        }
        const GanttRow& row = pass.rows[static_cast<size_t>(b.row)];
        QRectF lane = bracketLaneRect(rect, row, b.row, pass.scrollY);
        if (lane.isEmpty()) {
            lane = barRect(rect, row, b.row, pass.scrollY);
        }
        std::optional<double> linkY;
        if (b.linkRow >= 0 && b.linkRow < pass.rowCount && b.linkRow != b.row) {
            const QRectF linkBar = barRect(rect, pass.rows[static_cast<size_t>(b.linkRow)], b.linkRow, pass.scrollY);
            linkY = b.linkRow > b.row ? linkBar.top() : linkBar.bottom();
        }
        paintBracketLine(f, b, lane, linkY);
        labels.emplace_back(&b, lane);
    }
    std::vector<QRectF> placed;
    for (const auto& [b, lane] : labels) {
        paintBracketLabel(f, *b, lane, placed);
    }
}

// The selected span's outline.
void GanttPainter::paintSelection(const Pass& pass) const
{
    Frame& f = pass.f;
    const SpanHit& selected = pass.hl.selectedSpan;
    const GanttSpan* s = f.scene.span(selected);
    if (!s || selected.row < pass.firstRow || selected.row > pass.lastRow) {
        return;
    }
    const QRectF bar = barRect(pass.rect, pass.rows[static_cast<size_t>(selected.row)], selected.row, pass.scrollY);
    const double x0 = clampX(f, f.axis.toPx(s->startNs));
    const double x1 = std::max(x0 + 1.0, clampX(f, f.axis.toPx(s->endNs)));
    f.p.setPen(QPen(kSelection, 2.0));
    f.p.setBrush(Qt::NoBrush);
    f.p.drawRect(QRectF(f.left + x0 - 1, bar.top() - 1, x1 - x0 + 2, bar.height() + 2));
}

// The header: ticks and labels over the time area, the labels' context in the corner.
void GanttPainter::paintHeader(const Pass& pass) const
{
    Frame& f = pass.f;
    QPainter& p = f.p;
    const QRect& rect = pass.rect;
    p.setClipRect(rect);
    const QRectF header(rect.left(), rect.top(), rect.width(), m_layout.headerHeight);
    p.fillRect(header, kHeaderBg);
    QFont small = p.font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.9));
    p.setFont(small);
    const QFontMetricsF fm(small);
    const double hb = header.bottom();
    p.setClipRect(QRectF(f.left, header.top(), f.width, header.height()));
    for (const AxisTick& t : pass.ticks.ticks) {
        const double x = std::round(f.left + t.px) + 0.5;
        p.setPen(t.major ? kMutedText : kLine);
        p.drawLine(QPointF(x, hb - (t.major ? 8.0 : 4.0)), QPointF(x, hb));
        // A label that would run past the time area's end is left out rather than cut there (on a
        // PDF page it ran into the margin).
        const double labelW = fm.horizontalAdvance(t.label) + 4;
        if (t.major && x + 3 + labelW <= f.left + f.width + 1) {
            p.setPen(kText);
            p.drawText(
                QRectF(x + 3, header.top(), labelW, header.height() - 7), Qt::AlignLeft | Qt::AlignVCenter, t.label);
        }
    }
    p.setClipRect(rect);
    p.setPen(kLine);
    p.drawLine(QPointF(rect.left(), hb + 0.5), QPointF(rect.right(), hb + 0.5));
    p.fillRect(QRectF(rect.left(), header.top(), m_layout.labelWidth, header.height()), kHeaderBg);
    p.setPen(kMutedText);
    p.drawText(QRectF(rect.left() + 6, header.top(), m_layout.labelWidth - 10, header.height() - 1),
        Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(pass.ticks.context, Qt::ElideRight, m_layout.labelWidth - 10));
}

// The labels column, in the header's font (bold for header rows).
void GanttPainter::paintLabels(const Pass& pass) const
{
    QPainter& p = pass.f.p;
    const QRect& rect = pass.rect;
    const double rh = m_layout.rowHeight;
    const QRectF labelArea(rect.left(), rowsTop(rect), m_layout.labelWidth, rowsHeight(rect));
    p.setClipRect(labelArea);
    p.fillRect(labelArea, kLabelBg);
    const QFont small = p.font();
    const QFontMetricsF fm(small);
    QFont bold = small;
    bold.setBold(true);
    const QFontMetricsF fmBold(bold);
    for (int r = pass.firstRow; r <= pass.lastRow; ++r) {
        const GanttRow& row = pass.rows[static_cast<size_t>(r)];
        const double top = rowTop(rect, r, pass.scrollY);
        if (r == pass.hl.selectedRow) {
            p.fillRect(QRectF(rect.left(), top, m_layout.labelWidth, rh), kSelectedRowBg);
        } else if (row.header) {
            p.fillRect(QRectF(rect.left(), top, m_layout.labelWidth, rh), kHeaderRowBg);
        }
        const double x = rect.left() + 6.0 + row.depth * m_layout.indentPx;
        const double w = m_layout.labelWidth - (x - rect.left()) - 4.0;
        p.setFont(row.header ? bold : small);
        p.setPen(row.depth >= 2 ? kMutedText : kText);
        const QString text = (row.header ? fmBold : fm).elidedText(row.label, Qt::ElideMiddle, w);
        p.drawText(QRectF(x, top, w, row.bracketLane ? rh - 8.0 : rh), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    if (const FleetDensity* d = pass.f.scene.density()) {
        p.setFont(small);
        paintDensityLabels(p, *d, densityGridRect(rect, pass.f.scene, pass.scrollY), rect.left(), m_layout.labelWidth);
    }
    p.setClipRect(rect);
    p.setPen(kLine);
    const double lx = rect.left() + m_layout.labelWidth - 0.5;
    p.drawLine(QPointF(lx, rect.top()), QPointF(lx, rect.bottom()));
}

} // namespace ett::app
