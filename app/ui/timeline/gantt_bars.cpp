// A row's bar: spans in their colours, runs of tiny spans folded into blocks that show their mix
// (see the design note in gantt_painter.h), the open end of a running attempt, and the fault and
// checkpoint markers.
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_painter_internal.h"

#include <QImage>
#include <QLinearGradient>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ett::app::gantt_paint {

const QBrush& hatchBrush(const QColor& base, const QColor& stripe)
{
    static std::mutex mutex;
    static std::unordered_map<QRgb, QBrush> cache;
    std::lock_guard lock(mutex);
    auto it = cache.find(base.rgb());
    if (it == cache.end()) {
        const int n = static_cast<int>(kHatchPeriod);
        QImage tile(n, n, QImage::Format_RGB32);
        for (int y = 0; y < n; ++y) {
            for (int x = 0; x < n; ++x) {
                tile.setPixel(x, y, ((x + y) % n) < 3 ? stripe.rgb() : base.rgb());
            }
        }
        it = cache.emplace(base.rgb(), QBrush(tile)).first;
    }
    return it->second;
}

namespace {

// One span wide enough to show, over [x0, x1] of the bar, with its name inside when it fits.
void drawSpan(Frame& f, const GanttSpan& s, double x0, double x1, const QRectF& bar)
{
    const double a = clampX(f, x0);
    const double b = clampX(f, std::max(x1, x0 + 1.0)); // at least one pixel
    const QRectF r(f.left + a, bar.top(), b - a, bar.height());
    const QColor& c = colorIn(f, s.color);
    if (s.hatched) {
        f.p.fillRect(r, hatchBrush(c, GanttPainter::hatchColorOf(s.color)));
    } else {
        f.p.fillRect(r, c);
    }
    ++f.stats.spansDrawn;
    // A darker left edge tells adjacent spans of one colour apart (init stages, train chunks).
    if (b - a >= 4.0) {
        f.p.fillRect(QRectF(r.left(), r.top(), 1.0, r.height()), edgeIn(f, s.color));
    }
    // The name inside the bar when it fits (the painter's font is the span font here).
    if (b - a < 40.0 || bar.height() < 10.0) {
        return;
    }
    const int k = s.color.kind == ColorKey::Kind::Category ? 1 : 0;
    QString name;
    switch (s.what) {
    case SpanKind::Segment:
    case SpanKind::FleetSpan:
        name = f.names[k][s.color.code];
        break;
    case SpanKind::Gap:
    case SpanKind::PhaseGroup:
    case SpanKind::Phase:
        name = f.scene.spanName(s);
        break;
    }
    if (name.isEmpty()) {
        return;
    }
    auto it = f.labels.find(name);
    if (it == f.labels.end()) {
        Frame::Label label { QStaticText(name), f.spanMetrics.horizontalAdvance(name) };
        label.text.setTextFormat(Qt::PlainText);
        label.text.prepare(QTransform(), f.spanFont);
        it = f.labels.insert(name, label);
    }
    f.p.setPen(s.hatched ? QColor(Qt::black) : f.textOn[k][s.color.code]);
    const double room = b - a - 8.0;
    if (it->width <= room) {
        f.p.drawStaticText(QPointF(r.left() + 4.0, r.center().y() - it->text.size().height() / 2.0), it->text);
        return;
    }
    const QString text = f.spanMetrics.elidedText(name, Qt::ElideRight, room);
    if (text.size() > 1) {
        f.p.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
}

// The first index in [from, to) whose span is not `before` (a predicate true for a prefix of the
// lane), by galloping from `from`: the frame's searches move forward a few pixels at a time, so
// the answer is near and the probes stay in cache, where a plain binary search over a lane of a
// million spans would miss the cache at every step.
template <typename Before> size_t gallop(const std::vector<GanttSpan>& lane, size_t from, size_t to, Before before)
{
    if (from >= to || !before(lane[from])) {
        return from;
    }
    size_t lo = from; // before(lane[lo]) holds
    size_t step = 1;
    for (;;) {
        const size_t probe = lo + step;
        if (probe >= to || !before(lane[probe])) {
            const auto base = lane.begin();
            return static_cast<size_t>(std::partition_point(base + static_cast<std::ptrdiff_t>(lo + 1),
                                           base + static_cast<std::ptrdiff_t>(std::min(probe, to)), before)
                - base);
        }
        lo = probe;
        step *= 2;
    }
}

// Width of the slices a wide fold is cut into, each showing its own mix: a fold across the whole
// row (a long job of small train chunks and checkpoint saves) still shows where the mix changes.
constexpr double kMixSlicePx = 4.0;

// Fills r with the mix of time per colour in sums (one per key of mix): stacked bands, each as
// tall as its share of the time, in key order from the top (productive first).
void drawMix(Frame& f, const LaneMix& mix, const int64_t* sums, const QRectF& r)
{
    int64_t total = 0;
    for (size_t k = 0; k < mix.keys.size(); ++k) {
        total += sums[k];
    }
    if (total <= 0) {
        return;
    }
    int64_t before = 0;
    const auto yAt = [&](int64_t t) {
        return std::round(r.top() + r.height() * static_cast<double>(t) / static_cast<double>(total));
    };
    for (size_t k = 0; k < mix.keys.size(); ++k) {
        if (sums[k] <= 0) {
            continue;
        }
        const double y0 = yAt(before);
        before += sums[k];
        const double y1 = yAt(before);
        if (y1 <= y0) {
            continue;
        }
        const QRectF band(r.left(), y0, r.width(), y1 - y0);
        const LaneMix::Key& key = mix.keys[k];
        const QColor& c = colorIn(f, key.color);
        if (key.hatched) {
            f.p.fillRect(band, hatchBrush(c, GanttPainter::hatchColorOf(key.color)));
        } else {
            f.p.fillRect(band, c);
        }
    }
}

// A folded run lane[i, j): its time per colour as stacked bands (drawMix), slice by slice of
// kMixSlicePx, dark at both ends, with the number of spans in a label when it fits. A slice's spans are
// those that start in it, found by galloping forward; their time comes from the lane's running
// sums, so a slice costs O(colours + LaneMix::kBlock) however many spans it holds.
void drawFold(Frame& f, const std::vector<GanttSpan>& lane, const LaneMix& mix, size_t i, size_t j, double x0,
    double x1, const QRectF& bar)
{
    const double a = std::floor(clampX(f, x0));
    const double b = std::max(a + 1.0, std::ceil(clampX(f, x1)));
    const QRectF r(f.left + a, bar.top(), b - a, bar.height());
    ++f.stats.foldsDrawn;
    f.stats.spansFolded += static_cast<int64_t>(j - i);
    const size_t keys = mix.keys.size();
    f.mixSums.assign(keys, 0);
    size_t from = i;
    double sliceStart = a;
    for (double sliceEnd = std::min(b, a + kMixSlicePx);; sliceEnd = std::min(b, sliceEnd + kMixSlicePx)) {
        size_t to = j;
        if (sliceEnd < b) {
            const int64_t t = f.axis.toNs(sliceEnd);
            to = gallop(lane, from, j, [t](const GanttSpan& s) { return s.startNs < t; });
        }
        if (to > from) {
            // A slice with no span starting in it joins the next one.
            std::fill(f.mixSums.begin(), f.mixSums.end(), 0);
            mix.addPrefix(lane, to, f.mixSums.data());
            mix.addPrefix(lane, from, f.mixSums.data(), -1);
            drawMix(
                f, mix, f.mixSums.data(), QRectF(f.left + sliceStart, bar.top(), sliceEnd - sliceStart, bar.height()));
            from = to;
            sliceStart = sliceEnd;
        }
        if (sliceEnd >= b) {
            break;
        }
    }
    if (sliceStart < b) {
        // The tail after the last span's start: the last slice's mix goes on.
        drawMix(f, mix, f.mixSums.data(), QRectF(f.left + sliceStart, bar.top(), b - sliceStart, bar.height()));
    }
    // Dark ends tell a fold from a span of the same colour; its top and bottom stay its mix.
    if (b - a >= 6.0) {
        f.p.fillRect(QRectF(r.left(), r.top(), 1.0, r.height()), kFoldEdge);
        f.p.fillRect(QRectF(r.right() - 1.0, r.top(), 1.0, r.height()), kFoldEdge);
    }
    // The count on a light label in the middle, when it fits.
    const QString count = formatCount(static_cast<int64_t>(j - i)); // "1,500", as every count
    const double textW = f.spanMetrics.horizontalAdvance(count);
    if (textW + 8.0 <= b - a && bar.height() >= 10.0) {
        const double h = std::min(bar.height() - 2.0, f.spanMetrics.height());
        const QRectF tr(r.center().x() - textW / 2.0 - 2.0, r.center().y() - h / 2.0, textW + 4.0, h);
        f.p.fillRect(tr, kFoldLabelBg);
        f.p.setFont(f.spanFont);
        f.p.setPen(kText);
        f.p.drawText(tr, Qt::AlignCenter, count);
    }
}

} // namespace

// Tracy's level of detail over one lane (sorted, non-overlapping spans).
void paintLane(Frame& f, const std::vector<GanttSpan>& lane, const LaneMix& mix, const QRectF& bar)
{
    const size_t n = lane.size();
    const int64_t t1 = f.axis.endNs();
    size_t i = GanttScene::firstEndingAfter(lane, f.axis.startNs());
    while (i < n && lane[i].startNs < t1) {
        const GanttSpan& s = lane[i];
        const double x0 = f.axis.toPx(s.startNs);
        const double x1 = f.axis.toPx(s.endNs);
        if (x1 - x0 >= GanttPainter::kMinVisiblePx) {
            drawSpan(f, s, x0, x1, bar);
            ++i;
            continue;
        }
        // 1. A tiny span starts a fold. Spans that start within kMinVisiblePx of the fold's end
        //    join it; one search finds all of them, and only the last can be wide.
        size_t j = i + 1;
        double foldEnd = x1;
        while (j < n && foldEnd <= f.width) {
            const int64_t limit = f.axis.toNs(foldEnd + GanttPainter::kMinVisiblePx);
            const size_t k = gallop(lane, j, n, [limit](const GanttSpan& x) { return x.startNs < limit; });
            if (k == j) {
                break;
            }
            const GanttSpan& lastJoined = lane[k - 1];
            if (f.axis.toPx(lastJoined.endNs) - f.axis.toPx(lastJoined.startNs) >= GanttPainter::kMinVisiblePx) {
                j = k - 1; // a wide span ends the fold and is drawn on its own
                break;
            }
            foldEnd = f.axis.toPx(lastJoined.endNs);
            j = k;
        }
        // 2. A lone tiny span keeps its colour (a checkpoint save between long train chunks).
        if (j - i == 1) {
            drawSpan(f, s, x0, x1, bar);
        } else {
            drawFold(f, lane, mix, i, j, x0, foldEnd, bar);
        }
        i = j;
    }
}

// A running attempt's open end: from the end its data gives (the last read) to now, a bar in the
// colour of its last span that fades out, closed by an arrow head pointing on in time. Without a
// live clock only the arrow is drawn, at the data's end.
void paintOpenEnd(Frame& f, const GanttRow& row, const QRectF& bar, int64_t nowNs)
{
    const int64_t endNs = *row.runningEndNs;
    const double x0 = f.axis.toPx(endNs);
    const double x1 = f.axis.toPx(std::max(endNs, nowNs));
    if (x1 < -16.0 || x0 > f.width + 16.0) {
        return;
    }
    QColor c = kFault;
    if (!row.lanes.empty() && !row.lanes.front().empty()) {
        c = colorIn(f, row.lanes.front().back().color);
    }
    QPainter& p = f.p;
    const double left = f.left + clampX(f, x0);
    const double right = f.left + clampX(f, x1);
    const double mid = bar.center().y();
    const double h = std::max(4.0, bar.height() * 0.6);
    if (right - left >= 1.0) {
        QLinearGradient fade(left, 0, right, 0);
        QColor from = c;
        from.setAlpha(210);
        QColor to = c;
        to.setAlpha(40);
        fade.setColorAt(0, from);
        fade.setColorAt(1, to);
        p.fillRect(QRectF(left, mid - h / 2, right - left, h), fade);
    }
    if (x1 < -8.0 || x1 > f.width + 8.0) {
        return; // the arrow head is off screen
    }
    const double arrow = std::max(4.0, bar.height() * 0.45);
    const double tip = f.left + x1 + arrow;
    const QPolygonF head({ QPointF(f.left + x1, mid - arrow), QPointF(tip, mid), QPointF(f.left + x1, mid + arrow) });
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(kFault);
    p.drawPolygon(head);
    p.restore();
}

void paintMarkers(Frame& f, const GanttRow& row, const QRectF& bar, double rowTop, double rowHeight)
{
    const auto& markers = row.markers;
    if (markers.empty()) {
        return;
    }
    // Markers are a few pixels wide: start a little left of the window.
    const int64_t from = f.axis.toNs(-6.0);
    const int64_t to = f.axis.toNs(f.width + 6.0);
    auto it
        = std::partition_point(markers.begin(), markers.end(), [from](const GanttMarker& m) { return m.atNs < from; });
    double lastCheckpointX = -1e9;
    f.p.setRenderHint(QPainter::Antialiasing, true);
    for (; it != markers.end() && it->atNs <= to; ++it) {
        const GanttMarker& m = *it;
        const double x = f.left + f.axis.toPx(m.atNs);
        if (m.kind == GanttMarker::Kind::Fault) {
            // A vertical line through the row under a downward triangle: filled for failures,
            // hollow for preemptions, grey for other interruptions.
            f.p.setPen(QPen(kFault, 2.0));
            f.p.drawLine(QPointF(x, rowTop + 1), QPointF(x, rowTop + rowHeight - 1));
            const QPolygonF tri({ QPointF(x - 5, rowTop + 1), QPointF(x + 5, rowTop + 1), QPointF(x, rowTop + 8) });
            f.p.setPen(QPen(kFault, 1.0));
            if (m.interruption == core::Interruption::Preemption) {
                f.p.setBrush(Qt::white);
            } else if (m.interruption == core::Interruption::Other) {
                f.p.setBrush(QColor(0x90, 0x90, 0x90));
            } else {
                f.p.setBrush(kFault);
            }
            f.p.drawPolygon(tri);
            ++f.stats.markersDrawn;
            continue;
        }
        // Checkpoints: an upward triangle under the bar at the captured instant, and a line to the
        // instant it became durable; hollow when it never did. Close ones share a pixel.
        if (std::abs(x - lastCheckpointX) < 3.0) {
            continue;
        }
        lastCheckpointX = x;
        const double y = bar.bottom();
        if (m.untilNs > m.atNs) {
            const double xd = f.left + clampX(f, f.axis.toPx(m.untilNs));
            if (xd - x >= 2.0) {
                f.p.setPen(QPen(kCheckpoint, 1.0));
                f.p.drawLine(QPointF(x, y + 0.5), QPointF(xd, y + 0.5));
            }
        }
        const QPolygonF tri({ QPointF(x, y - 5), QPointF(x - 4, y + 2), QPointF(x + 4, y + 2) });
        f.p.setPen(QPen(m.durable ? kCheckpoint : QColor(0xB0, 0x30, 0x00), 1.0));
        f.p.setBrush(m.durable ? kCheckpoint : QColor(Qt::white));
        f.p.drawPolygon(tri);
        ++f.stats.markersDrawn;
    }
    f.p.setRenderHint(QPainter::Antialiasing, false);
    f.p.setBrush(Qt::NoBrush);
}

} // namespace ett::app::gantt_paint
