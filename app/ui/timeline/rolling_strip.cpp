#include "app/ui/timeline/rolling_strip.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/timeline/gantt_widget.h"
#include "core/model/timeutil.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

constexpr int kTopPad = 5;
constexpr int kBottomPad = 5;

// "1h", "30m", "1d": the window as `ettw series --rolling` takes it.
QString windowText(int64_t windowNs)
{
    return QString::fromStdString(core::formatDurationExact(windowNs));
}

} // namespace

RollingStrip::RollingStrip(GanttWidget* gantt, QWidget* parent)
    : QWidget(parent)
    , m_gantt(gantt)
{
    setObjectName(QStringLiteral("rollingStrip"));
    setFixedHeight(kHeight);
    setMouseTracking(true);
    connect(m_gantt, &GanttWidget::viewChanged, this, [this] { update(); });
}

void RollingStrip::setSeries(RollingSeries series, std::optional<RollingPoint> worst)
{
    m_series = std::move(series);
    m_worst = worst;
    update();
}

void RollingStrip::clear()
{
    setSeries(RollingSeries {}, std::nullopt);
}

double RollingStrip::timeAreaLeft() const
{
    // The Gantt's time area starts after its labels column; both widgets share the layout's left edge.
    return m_gantt->painter().timeAreaLeft(m_gantt->paintRect()) + (m_gantt->x() - x());
}

double RollingStrip::xOf(int64_t ns) const
{
    return timeAreaLeft() + m_gantt->axis().toPx(ns);
}

double RollingStrip::yOf(double percent) const
{
    const double h = height() - kTopPad - kBottomPad;
    return kTopPad + h * (1.0 - std::clamp(percent, 0.0, 100.0) / 100.0);
}

const RollingPoint* RollingStrip::pointAtX(double x) const
{
    if (m_series.points.empty() || x < timeAreaLeft()) {
        return nullptr;
    }
    const RollingPoint* best = nullptr;
    double bestDistance = 0;
    for (const RollingPoint& p : m_series.points) {
        const double d = std::abs(xOf(p.tNs) - x);
        if (!best || d < bestDistance) {
            best = &p;
            bestDistance = d;
        }
    }
    return bestDistance <= 12 ? best : nullptr;
}

QString RollingStrip::toolTipAtX(double x) const
{
    const RollingPoint* p = pointAtX(x);
    if (!p) {
        return {};
    }
    QString text = tr("ETT% of the %1 window ending %2 UTC: %3 (GPU-weighted)\nproductive %4 of %5 end-to-end")
                       .arg(windowText(m_series.windowNs), formatUtc(p->tNs), formatPercent(p->ettPercentGpu, 2),
                           formatDuration(static_cast<int64_t>(p->productiveNs)),
                           formatDuration(static_cast<int64_t>(p->e2eNs)));
    if (m_worst && m_worst->tNs == p->tNs) {
        text += tr("\nthe job's worst window");
    }
    return text;
}

bool RollingStrip::event(QEvent* event)
{
    if (handleToolTipEvent(this, event, [this](QPoint p) { return toolTipAtX(p.x()); })) {
        return true;
    }
    return QWidget::event(event);
}

QFont RollingStrip::labelsFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
    return small;
}

QRectF RollingStrip::labelsRect() const
{
    return { 4, 0, std::max(0.0, timeAreaLeft() - 40), static_cast<double>(height()) };
}

QString RollingStrip::labelsText() const
{
    const QString title
        = m_series.windowNs > 0 ? tr("ETT%, rolling %1").arg(windowText(m_series.windowNs)) : tr("ETT%, rolling");
    QString second;
    if (m_worst) {
        second = tr("worst %1").arg(formatPercent(m_worst->ettPercentGpu, 1));
    } else if (m_series.points.empty()) {
        second = tr("no window");
    }
    return second.isEmpty() ? title : title + QLatin1Char('\n') + second;
}

int RollingStrip::labelsLines() const
{
    const QFontMetricsF metrics(labelsFont());
    const QRectF bounds = metrics.boundingRect(labelsRect(), Qt::AlignLeft | Qt::TextWordWrap, labelsText());
    return static_cast<int>(std::lround(bounds.height() / metrics.lineSpacing()));
}

void RollingStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const double left = timeAreaLeft();
    const QColor grid(0xdd, 0xdd, 0xdd);
    const QColor text = palette().color(QPalette::Text);

    // 1. The labels column: what the line is, and its scale.
    p.setFont(labelsFont());
    p.setPen(text);
    p.drawText(labelsRect(), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, labelsText());
    p.setPen(palette().color(QPalette::PlaceholderText));
    for (const int percent : { 0, 50, 100 }) {
        const QRectF tick(left - 36, yOf(percent) - 8, 32, 16);
        p.drawText(tick, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1%").arg(percent));
    }

    // 2. The time area (the Gantt's, not past it: its scroll bar is beside it): grid lines, the worst
    //    window shaded, the line.
    const double right = std::min<double>(width(), left + m_gantt->axis().widthPx());
    p.setClipRect(QRectF(left, 0, std::max(0.0, right - left), height()));
    p.setPen(QPen(grid, 1));
    for (const int percent : { 0, 50, 100 }) {
        p.drawLine(QPointF(left, yOf(percent)), QPointF(right, yOf(percent)));
    }
    if (m_worst) {
        const double x0 = xOf(m_worst->tNs - m_series.windowNs);
        const double x1 = xOf(m_worst->tNs);
        QColor shade(0xd5, 0x5e, 0x00); // Okabe-Ito vermillion, as worse changes are drawn
        shade.setAlpha(50);
        p.fillRect(QRectF(x0, kTopPad, std::max(1.0, x1 - x0), height() - kTopPad - kBottomPad), shade);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    QPainterPath path;
    bool drawing = false;
    for (const RollingPoint& pt : m_series.points) {
        if (!pt.ettPercentGpu) {
            drawing = false; // a window without E2E: a gap in the line
            continue;
        }
        const QPointF at(xOf(pt.tNs), yOf(*pt.ettPercentGpu));
        if (drawing) {
            path.lineTo(at);
        } else {
            path.moveTo(at);
            drawing = true;
        }
    }
    p.setPen(QPen(bucketColor(core::Bucket::Productive).darker(150), 1.6));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

} // namespace ett::app
