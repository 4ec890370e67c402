#include "app/report/report_gantt.h"

#include "app/ui/timeline/time_axis.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ett::app::report {

std::vector<AxisPiece> cutTimeAxis(
    std::vector<std::pair<int64_t, int64_t>> busy, int64_t startNs, int64_t endNs, double widthPx)
{
    endNs = std::max(endNs, startNs + 1);
    // 1. The stretches without an attempt: between the merged attempts, and from the axis's ends
    //    (a long queue before the first attempt is cut as well).
    busy.emplace_back(startNs, startNs);
    busy.emplace_back(endNs, endNs);
    std::sort(busy.begin(), busy.end());
    std::vector<std::pair<int64_t, int64_t>> idle;
    int64_t reached = busy.front().second;
    for (const auto& [from, to] : busy) {
        if (from > reached) {
            idle.emplace_back(reached, from);
        }
        reached = std::max(reached, to);
    }
    // 2. The longest ones, while each takes kCutShare of what is still shown.
    std::sort(
        idle.begin(), idle.end(), [](const auto& a, const auto& b) { return a.second - a.first > b.second - b.first; });
    int64_t shown = endNs - startNs;
    std::vector<std::pair<int64_t, int64_t>> cuts;
    for (const auto& gap : idle) {
        const int64_t length = gap.second - gap.first;
        if (static_cast<int>(cuts.size()) >= kMaxCuts
            || static_cast<double>(length) < kCutShare * static_cast<double>(shown)) {
            break;
        }
        cuts.push_back(gap);
        shown -= length;
    }
    std::sort(cuts.begin(), cuts.end());
    // 3. The pieces between the cuts, each keeping a little of the stretch it borders, so that
    //    the idle time is seen to start and end.
    const auto pad = std::max<int64_t>(1, shown / 40);
    std::vector<AxisPiece> pieces;
    int64_t from = startNs;
    for (const auto& [a, b] : cuts) {
        const int64_t keep = std::min(pad, (b - a) / 4);
        pieces.push_back({ from, a + keep });
        from = b - keep;
    }
    pieces.push_back({ from, endNs });
    // 4. Widths: a share of the time shown, at least kMinPiecePx.
    const double room = std::max(1.0, widthPx - kBreakPx * static_cast<double>(cuts.size()));
    double total = 0;
    for (const auto& piece : pieces) {
        total += static_cast<double>(piece.endNs - piece.startNs);
    }
    double fixed = 0;
    double rest = 0;
    for (auto& piece : pieces) {
        const auto length = static_cast<double>(piece.endNs - piece.startNs);
        if (pieces.size() > 1 && room * length / total < kMinPiecePx) {
            piece.width = kMinPiecePx;
            fixed += kMinPiecePx;
        } else {
            rest += length;
        }
    }
    double x = 0;
    for (auto& piece : pieces) {
        if (piece.width == 0) {
            piece.width = (room - fixed) * static_cast<double>(piece.endNs - piece.startNs) / rest;
        }
        piece.x = x;
        x += piece.width + kBreakPx;
    }
    return pieces;
}

void paintCutGantt(QPainter& p, const QRect& rect, const GanttLayout& layout, const GanttScene& scene,
    const std::vector<AxisPiece>& pieces, double scrollY)
{
    // The first piece with the labels column; the others without one, each into its own part
    // of the time area (the painter draws nothing outside the rectangle it is given).
    GanttLayout bare = layout;
    bare.labelWidth = 0;
    const int timeLeft = rect.left() + layout.labelWidth;
    for (size_t i = 0; i < pieces.size(); ++i) {
        const AxisPiece& piece = pieces[i];
        const int left = timeLeft + qRound(piece.x);
        const int right = i + 1 < pieces.size() ? timeLeft + qRound(piece.x + piece.width) : rect.right() + 1;
        const QRect r = i == 0 ? QRect(QPoint(rect.left(), rect.top()), QPoint(right - 1, rect.bottom()))
                               : QRect(QPoint(left, rect.top()), QPoint(right - 1, rect.bottom()));
        const GanttPainter painter(i == 0 ? layout : bare);
        const double width = painter.timeAreaWidth(r);
        const TimeAxis axis(piece.startNs, static_cast<double>(piece.endNs - piece.startNs) / width, width);
        p.save();
        painter.paint(p, r, scene, axis, scrollY);
        p.restore();
        if (i + 1 < pieces.size()) {
            // The cut: two slanted strokes in the header, a dotted line down the rows.
            const double cx = right + kBreakPx / 2.0;
            p.save();
            p.setPen(QPen(QColor(0x88, 0x88, 0x88), 1.0));
            for (const double dx : { -2.5, 2.5 }) {
                p.drawLine(
                    QPointF(cx + dx - 3, rect.top() + layout.headerHeight - 4), QPointF(cx + dx + 3, rect.top() + 4));
            }
            p.setPen(QPen(QColor(0xBB, 0xBB, 0xBB), 1.0, Qt::DotLine));
            p.drawLine(QPointF(cx, rect.top() + layout.headerHeight), QPointF(cx, rect.bottom()));
            p.restore();
        }
    }
}

} // namespace ett::app::report
