#include "app/report/report_gantt.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <memory>

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

namespace {

// A Gantt's legend, as the window shows it: entries in columns of a fifth of the width, an
// entry wider than its column taking two ("many small spans (shares of time)" ran past the
// page's margin), row after row.
void ganttLegend(Layout& l, const std::vector<LegendEntry>& legend)
{
    constexpr int kColumns = 5;
    constexpr double kRowH = 16;
    const QFont f = font(7);
    const QFontMetricsF fm(f, l.device());
    const double cellW = l.width() / kColumns;
    std::vector<std::pair<int, int>> cells; // each entry's row and first column
    int row = 0;
    int column = 0;
    for (const LegendEntry& e : legend) {
        const int span = std::min(kColumns, static_cast<int>(std::ceil((fm.horizontalAdvance(e.label) + 22) / cellW)));
        if (column + span > kColumns) {
            ++row;
            column = 0;
        }
        cells.emplace_back(row, column);
        column += span;
    }
    l.block(kRowH * (legend.empty() ? 0 : row + 1), [&](QPainter& p, const QRectF& r) {
        p.setFont(f);
        for (size_t i = 0; i < legend.size(); ++i) {
            const double x = r.left() + cells[i].second * cellW;
            const double y = r.top() + kRowH * cells[i].first;
            GanttPainter::paintLegendIcon(p, QRectF(x, y + 3, 14, 10), legend[i]);
            p.setPen(kInk);
            p.drawText(QRectF(x + 18, y, r.right() - x - 18, kRowH), Qt::AlignLeft | Qt::AlignVCenter, legend[i].label);
        }
    });
}

} // namespace

void writeJobTimeline(Layout& l, const ReportTimeline& w, Weighting weighting)
{
    const auto scene = std::make_shared<GanttScene>(buildJobScene(w.timeline, w.job.job));
    GanttLayout layout;
    layout.rowHeight = scene->preferredRowHeight();
    layout.labelWidth = 175; // "attempt 29 · preempted" in full
    const QString title = QObject::tr("%1 (%2, %3 GPUs): ETT% %4, lost %5")
                              .arg(qs(w.job.key), qs(w.job.name.empty() ? w.job.label : w.job.name),
                                  formatCount(w.job.gpus), formatPercent(ettOf(w.job.figures, weighting), 1),
                                  hoursText(lostOf(w.job.figures, weighting), weighting));
    // A job that waited long between attempts (or before its first) has its time axis cut
    // there, so that its attempts are not a sliver at one end.
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (const auto& a : w.timeline->attempts) {
        busy.emplace_back(a.result.startNs, a.result.endNs);
    }
    const auto pieces = [&](double width) { return cutTimeAxis(busy, scene->startNs(), scene->endNs(), width); };
    QStringList cuts;
    const auto shown = pieces(std::round(l.width()) - layout.labelWidth);
    for (size_t i = 0; i + 1 < shown.size(); ++i) {
        cuts << formatDuration(shown[i + 1].startNs - shown[i].endNs);
    }
    const auto writeTitle = [&] {
        l.text(title, font(9.5, true));
        if (!cuts.isEmpty()) {
            l.text(QObject::tr("The time axis is cut (//) where no attempt ran for long: %1 left out.")
                       .arg(cuts.join(QStringLiteral(", "))),
                font(8), kMuted);
        }
        l.space(3);
    };
    // Every row, the job's and one per attempt: as many as fit on the page, then the rest in
    // further blocks, each under its own time axis (the same one: the job's extent, cut as above),
    // so that no attempt is hidden however many the job had.
    const size_t total = scene->rows().size();
    const double rowH = layout.rowHeight;
    const double header = layout.headerHeight;
    const double titleH = cuts.isEmpty() ? 22 : 36;
    l.ensure(titleH + header + rowH * static_cast<double>(std::min<size_t>(total, 4)));
    writeTitle();
    size_t first = 0;
    while (first < total) {
        const size_t left = total - first;
        if (first > 0) {
            // A continuation names its job (its rows name their attempts).
            l.ensure(titleH + header + rowH * static_cast<double>(std::min<size_t>(left, 3)));
            l.text(QObject::tr("%1, continued").arg(qs(w.job.key)), font(8.5, true), kMuted);
            l.space(3);
        }
        // At least three rows (or all that are left) in a block; else the next page.
        const size_t fit = static_cast<size_t>(std::max(0.0, std::floor((l.remaining() - header) / rowH)));
        if (fit < std::min<size_t>(left, 3)) {
            l.newPage();
            if (first == 0) {
                writeTitle();
            }
            continue;
        }
        const size_t n = std::min(fit, left);
        const double scrollY = rowH * static_cast<double>(first);
        l.block(header + rowH * static_cast<double>(n), [&](QPainter& p, const QRectF& r) {
            const GanttPainter painter(layout);
            // Rounded, not aligned outwards: one pixel more would let the painter draw
            // (clipped, yet in the PDF's text) the label of the row after the block.
            const QRect rect(QPoint(qRound(r.left()), qRound(r.top())), QSize(qRound(r.width()), qRound(r.height())));
            p.setClipRect(r);
            paintCutGantt(p, rect, layout, *scene, pieces(painter.timeAreaWidth(rect)), scrollY);
        });
        first += n;
    }
    ganttLegend(l, scene->legend());
}

} // namespace ett::app::report
