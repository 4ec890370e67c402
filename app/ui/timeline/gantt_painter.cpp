#include "app/ui/timeline/gantt_painter.h"

#include "app/ui/figures_format.h"
#include "app/ui/palette.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>
#include <QImage>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <QStaticText>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ett::app {

namespace {

const QColor kBackground(0xFF, 0xFF, 0xFF);
const QColor kStripe(0xF6, 0xF7, 0xF9); // every other row
const QColor kHeaderRowBg(0xEC, 0xF0, 0xF5); // group headers
const QColor kSelectedRowBg(0xD4, 0xE4, 0xF7);
const QColor kHoverRowBg(0xE9, 0xF1, 0xFB);
const QColor kHeaderBg(0xF0, 0xF0, 0xF0);
const QColor kLabelBg(0xFA, 0xFA, 0xFA);
const QColor kLine(0xC8, 0xC8, 0xC8);
const QColor kGrid(0xE6, 0xE6, 0xE6);
const QColor kText(0x20, 0x20, 0x20);
const QColor kMutedText(0x60, 0x60, 0x60);
const QColor kFold(0xB4, 0xB4, 0xB4);
const QColor kFoldEdge(0x50, 0x50, 0x50);
const QColor kFoldLabelBg(0xFF, 0xFF, 0xFF, 0xD8);
const QColor kFault(0x11, 0x11, 0x11);
const QColor kCheckpoint(0x00, 0x5A, 0x44); // a dark bluish green
const QColor kTts(0x1B, 0x3A, 0x6B); // dark blue
const QColor kTtr(0x8A, 0x45, 0x00); // dark orange
const QColor kSelection(0x00, 0x00, 0x00);

constexpr double kHatchPeriod = 8.0;

// A tile of diagonal stripes: the span's colour and a lighter stripe, 3 of every 8 pixels.
// Tiles are cached per colour (only a few colours are ever hatched).
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

const QColor& colorIn(const Frame& f, ColorKey key)
{
    return f.colors[key.kind == ColorKey::Kind::Category ? 1 : 0][key.code];
}

const QColor& edgeIn(const Frame& f, ColorKey key)
{
    return f.edges[key.kind == ColorKey::Kind::Category ? 1 : 0][key.code];
}

// Keeps far-away coordinates inside what the raster engine handles well.
double clampX(const Frame& f, double x)
{
    return std::clamp(x, -4.0, f.width + 4.0);
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
    const QString count = QString::number(static_cast<qulonglong>(j - i));
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

// A bracket's line in a row's lane; linkY is the y of the far end's row (the TTR's resuming
// attempt). Labels come after all lines (paintBracketLabel), so that no line crosses a label.
void paintBracketLine(Frame& f, const GanttBracket& b, const QRectF& lane, std::optional<double> linkY)
{
    const QColor color = b.kind == GanttBracket::Kind::TimeToStart ? kTts : kTtr;
    const double x0 = f.left + clampX(f, f.axis.toPx(b.startNs));
    const double x1 = f.left + clampX(f, f.axis.toPx(b.endNs));
    const double y = std::round(lane.center().y()) + 0.5;
    f.p.setPen(QPen(color, 1.0));
    // The link of a TTR bracket down to the first training, on the resuming attempt's row.
    if (linkY) {
        f.p.setPen(QPen(color, 1.0, Qt::DashLine));
        f.p.drawLine(QPointF(x1, y), QPointF(x1, *linkY));
        f.p.setPen(QPen(color, 1.0));
    }
    f.p.drawLine(QPointF(x0, y), QPointF(x1, y));
    f.p.drawLine(QPointF(x0, y - 3), QPointF(x0, y + 3));
    f.p.drawLine(QPointF(x1, y - 3), QPointF(x1, y + 3));
    ++f.stats.bracketsDrawn;
}

// The forms of a bracket's label, longest first: "TTS 25 min 00 s (never trained)", then without
// the note, then the duration's first unit ("TTS 25 min"), then the kind alone ("TTS").
QStringList labelForms(const QString& label)
{
    QStringList forms { label };
    auto add = [&](const QString& s) {
        if (!s.isEmpty() && !forms.contains(s)) {
            forms.push_back(s);
        }
    };
    const qsizetype note = label.indexOf(QStringLiteral(" ("));
    const QString bare = note > 0 ? label.left(note) : label;
    add(bare);
    const QStringList words = bare.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() > 3) {
        add(words.mid(0, 3).join(QLatin1Char(' ')));
    }
    if (!words.isEmpty()) {
        add(words.front());
    }
    return forms;
}

// A bracket's label, placed where it overlaps no label placed before (`placed`, every row's): in
// the middle of its line when it fits, else a TTS label left of the attempt's start (its row is
// empty before the attempt) and a TTR label right of its end (the interrupted attempt's row is
// empty after it), else the other side. When no place is free, shorter forms of the label are
// tried (labelForms), then the shortest right of the labels in the way; failing that the label is
// left out (the bracket's tooltip still tells). A label's rectangle is as tall as the font even
// in a thinner lane, so that labels of neighbouring rows are kept apart too; text never leaves it.
void paintBracketLabel(Frame& f, const GanttBracket& b, const QRectF& lane, std::vector<QRectF>& placed)
{
    const QColor color = b.kind == GanttBracket::Kind::TimeToStart ? kTts : kTtr;
    const double x0 = f.left + clampX(f, f.axis.toPx(b.startNs));
    const double x1 = f.left + clampX(f, f.axis.toPx(b.endNs));
    const double h = std::max(lane.height(), std::ceil(f.spanMetrics.height()));
    const double top = lane.center().y() - h / 2.0;
    const double right = f.left + f.width;
    const auto isFree = [&](const QRectF& r) {
        return r.left() >= f.left && r.right() <= right
            && std::none_of(placed.begin(), placed.end(), [&](const QRectF& o) { return o.intersects(r); });
    };
    const bool ttsFirst = b.kind == GanttBracket::Kind::TimeToStart;
    const QStringList forms = labelForms(b.label);
    QRectF tr;
    QString text;
    for (const QString& form : forms) {
        const double textW = std::ceil(f.spanMetrics.horizontalAdvance(form)) + 2.0;
        const QRectF middle(std::round((x0 + x1 - textW) / 2.0) - 3.0, top, textW + 6.0, h);
        const QRectF leftOf(std::floor(x0 - textW - 6.0), top, textW + 4.0, h);
        const QRectF rightOf(std::ceil(x1 + 4.0), top, textW + 2.0, h);
        const QRectF candidates[]
            = { x1 - x0 >= textW + 12.0 ? middle : QRectF(), ttsFirst ? leftOf : rightOf, ttsFirst ? rightOf : leftOf };
        for (const QRectF& c : candidates) {
            if (!c.isNull() && isFree(c)) {
                tr = c;
                text = form;
                break;
            }
        }
        if (!text.isEmpty()) {
            break;
        }
    }
    if (text.isEmpty()) {
        // The shortest form right of the labels in the way, as near to the bracket as there is room.
        text = forms.back();
        const double textW = std::ceil(f.spanMetrics.horizontalAdvance(text)) + 2.0;
        QRectF r(std::ceil(x1 + 4.0), top, textW + 2.0, h);
        for (bool moved = true; moved && r.right() <= right;) {
            moved = false;
            for (const QRectF& o : placed) {
                if (o.intersects(r)) {
                    r.moveLeft(std::ceil(o.right() + 4.0));
                    moved = true;
                }
            }
        }
        if (!isFree(r)) {
            ++f.stats.bracketLabelsDropped;
            return;
        }
        tr = r;
    }
    placed.push_back(tr);
    f.stats.bracketLabelRects.push_back(tr);
    f.p.setFont(f.spanFont);
    f.p.fillRect(tr, kBackground);
    f.p.setPen(color);
    f.p.drawText(tr, Qt::AlignCenter, text);
}

// The x range of the density grid's bins [fromNs, toNs) in the time area.
QRectF densityTarget(const Frame& f, const FleetDensity& d, double top, double height)
{
    const double x0 = f.left + f.axis.toPx(d.fromNs);
    const double x1 = f.left + f.axis.toPx(d.toNs);
    return { x0, top, std::max(1.0, x1 - x0), height };
}

// A heat strip of the density view: its line of the scene's strip image, stretched over the bins.
void paintStrip(Frame& f, const GanttRow& row, const QRectF& bar)
{
    const FleetDensity* d = f.scene.density();
    const QImage& strips = f.scene.stripImage();
    if (!d || strips.isNull()) {
        return;
    }
    const int line = row.strip == GanttScene::kFaultStrip ? core::kBucketCount : row.strip;
    if (line < 0 || line >= strips.height()) {
        return;
    }
    f.p.drawImage(densityTarget(f, *d, bar.top(), bar.height()), strips, QRectF(0, line, strips.width(), 1));
}

// The density view's grid: every band of jobs a line of pixels (or several), every bin a column.
// Drawn without smoothing while every band has a pixel line; a grid taller than the area is first
// scaled down with averaging, so that no band is skipped.
void paintDensityGrid(Frame& f, const QRectF& area)
{
    const QImage& image = f.scene.densityImage();
    const FleetDensity* d = f.scene.density();
    if (!d || image.isNull() || area.height() < 1.0) {
        return;
    }
    const QRectF target = densityTarget(f, *d, area.top(), area.height());
    f.p.setPen(kLine);
    f.p.drawLine(QPointF(f.left, area.top() - 2.5), QPointF(f.left + f.width, area.top() - 2.5));
    if (image.height() > static_cast<int>(area.height())) {
        const QImage scaled = image.scaled(image.width(), std::max(1, static_cast<int>(area.height())),
            Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        f.p.drawImage(target, scaled);
    } else {
        f.p.drawImage(target, image);
    }
}

} // namespace

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

// The density grid's labels: how many jobs, then the key of the band at every few lines, so that
// the reader knows which jobs a line of pixels stands for.
void paintDensityLabels(QPainter& p, const FleetDensity& d, const QRectF& grid, double left, double width)
{
    if (grid.height() < 1.0 || d.rows <= 0) {
        return;
    }
    const QFontMetricsF fm(p.font());
    const double lineH = fm.height();
    p.setPen(kText);
    const QString title = d.rows == d.jobs ? QCoreApplication::translate("Gantt", "%1 jobs, one a line").arg(d.jobs)
                                           : QCoreApplication::translate("Gantt", "%1 jobs, %2 a line")
                                                 .arg(d.jobs)
                                                 .arg(formatDecimal(static_cast<double>(d.jobs) / d.rows, 1));
    p.drawText(QRectF(left + 6.0, grid.top(), width - 10.0, lineH), Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(title, Qt::ElideRight, width - 10.0));
    p.setPen(kMutedText);
    const double step = lineH * 2.0;
    for (double y = grid.top() + lineH * 1.5; y + lineH <= grid.bottom(); y += step) {
        const auto band
            = std::clamp(static_cast<int>((y + lineH / 2.0 - grid.top()) / grid.height() * d.rows), 0, d.rows - 1);
        const QString key = band < static_cast<int>(d.rowKeys.size())
            ? QString::fromStdString(d.rowKeys[static_cast<size_t>(band)])
            : QString();
        p.drawText(QRectF(left + 20.0, y, width - 24.0, lineH), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(key, Qt::ElideMiddle, width - 24.0));
    }
}

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
        if (t.major) {
            p.setPen(kText);
            p.drawText(QRectF(x + 3, header.top(), fm.horizontalAdvance(t.label) + 4, header.height() - 7),
                Qt::AlignLeft | Qt::AlignVCenter, t.label);
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
