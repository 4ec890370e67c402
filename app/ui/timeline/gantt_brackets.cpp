// Time to Start and Time to Recover brackets: a line in the row's bracket lane (and a dashed link to
// the resuming attempt's row), and a label placed where it overlaps no other.
#include "app/ui/timeline/gantt_painter_internal.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace ett::app::gantt_paint {

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

namespace {

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

} // namespace

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

} // namespace ett::app::gantt_paint
