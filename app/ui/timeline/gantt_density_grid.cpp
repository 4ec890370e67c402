// The density view: a heat strip per bucket row, the grid of every job (a band of jobs a line of
// pixels, a bin a column) below the rows, and the grid's labels in the labels column.
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_painter_internal.h"

#include <QCoreApplication>
#include <QImage>

#include <algorithm>

namespace ett::app::gantt_paint {

namespace {

// The x range of the density grid's bins [fromNs, toNs) in the time area.
QRectF densityTarget(const Frame& f, const FleetDensity& d, double top, double height)
{
    const double x0 = f.left + f.axis.toPx(d.fromNs);
    const double x1 = f.left + f.axis.toPx(d.toNs);
    return { x0, top, std::max(1.0, x1 - x0), height };
}

} // namespace

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

} // namespace ett::app::gantt_paint
