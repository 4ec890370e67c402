#include "app/ui/export/image_export.h"

#include "app/ui/export/export_file.h"
#include "app/ui/export/hatch_to_vector_device.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_widget.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGuiApplication>
#include <QIODevice>
#include <QImage>
#include <QImageWriter>
#include <QPainter>
#include <QScreen>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <memory>

namespace ett::app {

namespace {

// A PNG beyond this many pixels (at 4 bytes each: 256 MiB) is not attempted.
constexpr double kMaxPngPixels = 64.0 * 1024 * 1024;
// QImage's (and most viewers') limit per side.
constexpr double kMaxPngSide = 32767;
// Timelines too tall for a PNG shrink down to this scale, and fail beyond.
constexpr double kMinGanttScale = 0.5;

// --- charts -----------------------------------------------------------------------------------------

// The logical dots per inch of the screen the chart is shown on (fonts in points are laid out at
// it; a device at another resolution would draw the text at another size than the layout).
int chartDpi(const QChart* chart)
{
    if (chart->scene() && !chart->scene()->views().isEmpty()) {
        return chart->scene()->views().constFirst()->logicalDpiY();
    }
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        return static_cast<int>(std::lround(screen->logicalDotsPerInchY()));
    }
    return 96;
}

// Renders the chart, at its current layout, into target. Its drop shadow (a raster effect) is off
// meanwhile. A chart in no scene is put into one for the time of the call.
void renderChart(QChart* chart, QPainter& painter, const QRectF& target)
{
    QGraphicsScene* scene = chart->scene();
    std::unique_ptr<QGraphicsScene> own;
    if (!scene) {
        own = std::make_unique<QGraphicsScene>();
        own->addItem(chart);
        scene = own.get();
    }
    const bool shadow = chart->isDropShadowEnabled();
    chart->setDropShadowEnabled(false);
    const QRectF source = chart->mapRectToScene(QRectF(QPointF(0, 0), chart->size()));
    scene->render(&painter, target, source, Qt::IgnoreAspectRatio);
    chart->setDropShadowEnabled(shadow);
    if (own) {
        own->removeItem(chart); // the caller keeps the chart
    }
}

void setDpi(QImage& image, double dpi)
{
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
}

QString noSizeError()
{
    return QObject::tr("the chart has no size (it was never laid out)");
}

// --- the Gantt timeline -----------------------------------------------------------------------------

const GanttScene& emptyGanttScene()
{
    static const GanttScene scene = [] {
        GanttScene s;
        s.finalize();
        return s;
    }();
    return scene;
}

constexpr int kLegendIconW = 18;
constexpr int kLegendIconH = 11;
constexpr int kLegendGap = 14;
constexpr int kLegendMargin = 6;

// Lays the legend out in lines of width w (as the timeline's legend strip does); paints it when p
// is given, at top. Returns its height (0 without entries).
int layoutLegend(const std::vector<LegendEntry>& entries, const QFont& font, int w, QPainter* p, int top)
{
    if (entries.empty()) {
        return 0;
    }
    const QFontMetricsF fm(font);
    const int lh = std::max(kLegendIconH, static_cast<int>(std::ceil(fm.height()))) + 4;
    double x = kLegendMargin;
    int y = top + kLegendMargin;
    if (p) {
        p->setFont(font);
    }
    for (const LegendEntry& e : entries) {
        const double itemW = kLegendIconW + 5 + fm.horizontalAdvance(e.label);
        if (x > kLegendMargin && x + itemW > w - kLegendMargin) {
            x = kLegendMargin;
            y += lh;
        }
        if (p) {
            GanttPainter::paintLegendIcon(*p, QRectF(x, y + (lh - kLegendIconH) / 2.0, kLegendIconW, kLegendIconH), e);
            p->setPen(QColor(0x20, 0x20, 0x20));
            p->drawText(QRectF(x + kLegendIconW + 5, y, itemW - kLegendIconW - 5 + 2, lh),
                Qt::AlignLeft | Qt::AlignVCenter, e.label);
        }
        x += itemW + kLegendGap;
    }
    return y + lh + kLegendMargin - top;
}

// What a Gantt export paints: the widget's scene, axis and layout over the extent's rows.
struct GanttPicture
{
    const GanttScene* scene = nullptr;
    GanttPainter painter;
    QFont font; // the widget's
    TimeAxis axis;
    int width = 0;
    int ganttHeight = 0; // header and rows
    int legendHeight = 0;
    double scrollY = 0;

    QSize size() const { return { width, ganttHeight + legendHeight }; }
};

GanttPicture ganttPicture(const GanttWidget& gantt, GanttExtent extent)
{
    GanttPicture pic;
    pic.scene = gantt.scene() ? gantt.scene() : &emptyGanttScene();
    pic.painter = gantt.painter();
    pic.axis = gantt.axis();
    pic.font = gantt.font();
    const QRect r = gantt.paintRect();
    pic.width = r.width();
    if (extent == GanttExtent::View) {
        // From the first row in sight, whole: a row cut at the top would run into the header
        // where clipping is ignored (QSvgGenerator of Qt 6.4 writes no clip paths).
        const double rh = pic.painter.layout().rowHeight;
        pic.ganttHeight = r.height();
        pic.scrollY = rh > 0 ? std::floor(gantt.scrollY() / rh) * rh : 0.0;
    } else {
        const int rows = static_cast<int>(std::ceil(pic.painter.contentHeight(*pic.scene)));
        pic.ganttHeight = pic.painter.layout().headerHeight + std::max(rows, pic.painter.layout().rowHeight);
        pic.scrollY = 0;
    }
    pic.legendHeight = layoutLegend(pic.scene->legend(), pic.font, pic.width, nullptr, 0);
    return pic;
}

void paintGanttPicture(QPainter& p, const GanttPicture& pic)
{
    p.setFont(pic.font);
    const QRect rect(0, 0, pic.width, pic.ganttHeight);
    pic.painter.paint(p, rect, *pic.scene, pic.axis, pic.scrollY);
    p.setClipping(false);
    p.fillRect(QRect(0, pic.ganttHeight, pic.width, pic.legendHeight), Qt::white);
    layoutLegend(pic.scene->legend(), pic.font, pic.width, &p, pic.ganttHeight);
}

} // namespace

// --- charts -----------------------------------------------------------------------------------------------

core::Status exportChartPng(QChart* chart, const QString& path, double scale)
{
    if (!chart || chart->size().isEmpty()) {
        return writeError(path, noSizeError());
    }
    scale = std::clamp(scale, 0.1, 8.0);
    const QSize px(static_cast<int>(std::lround(chart->size().width() * scale)),
        static_cast<int>(std::lround(chart->size().height() * scale)));
    QImage image(px, QImage::Format_RGB32);
    if (image.isNull()) {
        return writeError(
            path, QObject::tr("an image of %1 × %2 pixels is too large").arg(px.width()).arg(px.height()));
    }
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        renderChart(chart, p, QRectF(QPointF(0, 0), QSizeF(px)));
    }
    // Painted at the screen's resolution (fonts in points sized as on screen); the file says
    // scale times as many dots per inch: printed, it has the size the chart has on screen.
    setDpi(image, chartDpi(chart) * scale);
    return saveAll(path, [&](QIODevice& out) {
        QImageWriter writer(&out, "png");
        writer.setText(QStringLiteral("Title"), chart->title());
        writer.setText(QStringLiteral("Software"), QStringLiteral("ETT Workbench"));
        return writer.write(image) ? QString() : writer.errorString();
    });
}

core::Status exportChartSvg(QChart* chart, const QString& path, const QString& description)
{
    if (!chart || chart->size().isEmpty()) {
        return writeError(path, noSizeError());
    }
    const QSizeF size = chart->size();
    return saveAll(path, [&](QIODevice& out) {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setResolution(chartDpi(chart));
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setTitle(chart->title());
        svg.setDescription(description);
        QPainter p;
        if (!p.begin(&svg)) {
            return QObject::tr("cannot draw into an SVG");
        }
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        renderChart(chart, p, QRectF(QPointF(0, 0), size));
        p.end();
        return QString();
    });
}

// --- the Gantt timeline -----------------------------------------------------------------------------------

QSize ganttExportSize(const GanttWidget& gantt, GanttExtent extent)
{
    return ganttPicture(gantt, extent).size();
}

core::Status exportGanttPng(const GanttWidget& gantt, const QString& path, GanttExtent extent, double scale)
{
    const GanttPicture pic = ganttPicture(gantt, extent);
    const QSizeF size = pic.size();
    if (size.isEmpty()) {
        return writeError(path, QObject::tr("the timeline has no size"));
    }
    // 1. Large timelines (thousands of rows) shrink to what an image can hold, to a limit.
    scale = std::clamp(scale, 0.1, 8.0);
    scale = std::min({ scale, kMaxPngSide / size.width(), kMaxPngSide / size.height(),
        std::sqrt(kMaxPngPixels / (size.width() * size.height())) });
    if (scale < kMinGanttScale) {
        return writeError(path,
            QObject::tr("%1 × %2 pixels is too large for a PNG: export the view, or as SVG")
                .arg(size.width())
                .arg(size.height()));
    }
    const QSize px(
        static_cast<int>(std::floor(size.width() * scale)), static_cast<int>(std::floor(size.height() * scale)));
    QImage image(px, QImage::Format_RGB32);
    if (image.isNull()) {
        return writeError(
            path, QObject::tr("an image of %1 × %2 pixels is too large").arg(px.width()).arg(px.height()));
    }
    setDpi(image, gantt.logicalDpiY());
    image.fill(Qt::white);
    {
        // 2. Painted at scale 1 through a scaled painter: the layout is the widget's.
        QPainter p(&image);
        p.scale(scale, scale);
        paintGanttPicture(p, pic);
    }
    setDpi(image, gantt.logicalDpiY() * scale); // as for charts: the size on screen when printed
    return saveAll(path, [&](QIODevice& out) {
        QImageWriter writer(&out, "png");
        writer.setText(QStringLiteral("Software"), QStringLiteral("ETT Workbench"));
        return writer.write(image) ? QString() : writer.errorString();
    });
}

core::Status exportGanttSvg(const GanttWidget& gantt, const QString& path, GanttExtent extent, const QString& title)
{
    const GanttPicture pic = ganttPicture(gantt, extent);
    const QSize size = pic.size();
    if (size.isEmpty()) {
        return writeError(path, QObject::tr("the timeline has no size"));
    }
    return saveAll(path, [&](QIODevice& out) {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setResolution(gantt.logicalDpiY());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QObject::tr("ETT Workbench timeline, %1 to %2")
                               .arg(formatUtc(pic.axis.startNs()), formatUtc(pic.axis.endNs())));
        QPainter p;
        if (!p.begin(&svg)) {
            return QObject::tr("cannot draw into an SVG");
        }
        // Through the hatch-to-vector device: lost progress keeps its stripes.
        HatchToVectorDevice device(p);
        QPainter inner(&device);
        paintGanttPicture(inner, pic);
        inner.end();
        p.end();
        return QString();
    });
}

} // namespace ett::app
