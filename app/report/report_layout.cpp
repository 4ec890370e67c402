#include "app/report/report_layout.h"

#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"

#include <QGraphicsScene>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ett::app::report {

void renderChart(QPainter& p, const QRectF& r, const std::function<void(QChart*)>& build)
{
    QGraphicsScene scene;
    QChart* chart = newChart();
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->setBackgroundBrush(Qt::white);
    build(chart);
    scene.addItem(chart); // the scene owns the chart
    chart->resize(r.size());
    scene.setSceneRect(QRectF(QPointF(0, 0), r.size()));
    scene.render(&p, r, QRectF(QPointF(0, 0), r.size()));
}

// KPI tiles: a row of (title, value, detail) boxes.
void paintTiles(QPainter& p, const QRectF& r, const std::vector<std::array<QString, 3>>& tiles)
{
    const double gap = 8;
    const double w = (r.width() - gap * static_cast<double>(tiles.size() - 1)) / static_cast<double>(tiles.size());
    for (size_t i = 0; i < tiles.size(); ++i) {
        const QRectF box(r.left() + static_cast<double>(i) * (w + gap), r.top(), w, r.height());
        p.setPen(Qt::NoPen);
        p.setBrush(kTint);
        p.drawRoundedRect(box, 5, 5);
        p.setPen(kMuted);
        // The title at 8 pt, down to 6.5 pt when it is long ("Time to recover, p50"), elided last.
        QFont title = font(8);
        while (title.pointSizeF() > 6.5 && QFontMetricsF(title, p.device()).horizontalAdvance(tiles[i][0]) > w - 18) {
            title.setPointSizeF(title.pointSizeF() - 0.5);
        }
        p.setFont(title);
        p.drawText(box.adjusted(9, 6, -9, 0), Qt::AlignLeft | Qt::AlignTop,
            QFontMetricsF(title, p.device()).elidedText(tiles[i][0], Qt::ElideRight, w - 18));
        p.setPen(i == 0 ? kAccent : kInk);
        // The value at the largest size (17 pt down to 9 pt) that fits the tile.
        QFont value = font(17, true);
        while (value.pointSizeF() > 9 && QFontMetricsF(value, p.device()).horizontalAdvance(tiles[i][1]) > w - 18) {
            value.setPointSizeF(value.pointSizeF() - 1);
        }
        p.setFont(value);
        p.drawText(box.adjusted(9, 22, -9, 0), Qt::AlignLeft | Qt::AlignTop, tiles[i][1]);
        p.setPen(kMuted);
        // The detail under the value, wrapped, at 7.5 pt down to 6 pt so that it stays clear of
        // the value ("200 failures, 94 preemptions, 32 other" took three lines and ran into it).
        const double room = box.height() - 22 - QFontMetricsF(value, p.device()).height() - 6;
        QFont detail = font(7.5);
        const auto detailHeight = [&](const QFont& f) {
            return QFontMetricsF(f, p.device())
                .boundingRect(QRectF(0, 0, w - 18, 1e6), Qt::AlignLeft | Qt::TextWordWrap, tiles[i][2])
                .height();
        };
        while (detail.pointSizeF() > 6 && detailHeight(detail) > room) {
            detail.setPointSizeF(detail.pointSizeF() - 0.5);
        }
        p.setFont(detail);
        p.drawText(box.adjusted(9, 0, -9, -6), Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, tiles[i][2]);
    }
}

// Percentage points as the window and the charts write them ("+1.23 pp", "−0.40 pp"), "n/a"
// when absent.
QString pp(std::optional<double> v, int decimals)
{
    return v ? formatPp(v, decimals) : QObject::tr("n/a");
}

// "88,284.6": a number with the thousands separators of formatCount ("88.284,6" in pt_BR).
QString decimal(double v, int decimals)
{
    return formatNumber(v, decimals);
}

QString signedDuration(std::optional<int64_t> a, std::optional<int64_t> b)
{
    if (!a || !b) {
        return QObject::tr("n/a");
    }
    const int64_t d = *b - *a;
    return (d < 0 ? QStringLiteral("−") : QStringLiteral("+")) + formatDuration(d < 0 ? -d : d);
}

QString hoursText(core::Wide ns, Weighting w)
{
    return formatHours(nsToHours(ns), hoursUnit(w));
}

} // namespace ett::app::report
