#include "app/ui/export/hatch_to_vector_device.h"

#include <QImage>
#include <QPainterPath>

#include <cmath>

namespace ett::app {

HatchToVectorEngine::HatchToVectorEngine(QPainter& out)
    : QPaintEngine(QPaintEngine::AllFeatures)
    , m_out(out)
{
}

void HatchToVectorEngine::updateState(const QPaintEngineState& changed)
{
    const DirtyFlags dirty = changed.state();
    if (dirty & DirtyPen) {
        m_pen = changed.pen();
        m_out.setPen(m_pen);
    }
    if (dirty & DirtyBrush) {
        m_brush = changed.brush();
        m_out.setBrush(m_brush);
    }
    if (dirty & DirtyBrushOrigin) {
        m_brushOrigin = changed.brushOrigin();
        m_out.setBrushOrigin(m_brushOrigin);
    }
    if (dirty & DirtyFont) {
        m_out.setFont(changed.font());
    }
    if (dirty & DirtyBackground) {
        m_out.setBackground(changed.backgroundBrush());
    }
    if (dirty & DirtyBackgroundMode) {
        m_out.setBackgroundMode(changed.backgroundMode());
    }
    if (dirty & DirtyTransform) {
        m_out.setTransform(changed.transform());
    }
    if (dirty & DirtyClipEnabled) {
        m_out.setClipping(changed.isClipEnabled());
    }
    if (dirty & DirtyClipRegion) {
        m_out.setClipRegion(changed.clipRegion(), changed.clipOperation());
    }
    if (dirty & DirtyClipPath) {
        m_out.setClipPath(changed.clipPath(), changed.clipOperation());
    }
    if (dirty & DirtyHints) {
        m_out.setRenderHints(changed.renderHints());
    }
    if (dirty & DirtyOpacity) {
        m_out.setOpacity(changed.opacity());
    }
}

void HatchToVectorEngine::drawRects(const QRectF* rects, int count)
{
    for (int i = 0; i < count; ++i) {
        QPainterPath path;
        path.addRect(rects[i]);
        fill(path, [&] { m_out.drawRect(rects[i]); });
    }
}

void HatchToVectorEngine::drawPath(const QPainterPath& path)
{
    fill(path, [&] { m_out.drawPath(path); });
}

void HatchToVectorEngine::drawPolygon(const QPointF* points, int count, PolygonDrawMode mode)
{
    if (mode == PolylineMode) {
        m_out.drawPolyline(points, count);
        return;
    }
    const Qt::FillRule rule = mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill;
    QPainterPath path;
    path.addPolygon(QPolygonF(QList<QPointF>(points, points + count)));
    path.closeSubpath();
    path.setFillRule(rule);
    fill(path, [&] { m_out.drawPolygon(points, count, rule); });
}

void HatchToVectorEngine::drawPolygon(const QPoint* points, int count, PolygonDrawMode mode)
{
    QList<QPointF> f;
    f.reserve(count);
    for (int i = 0; i < count; ++i) {
        f << QPointF(points[i]);
    }
    drawPolygon(f.constData(), count, mode);
}

void HatchToVectorEngine::drawEllipse(const QRectF& r)
{
    QPainterPath path;
    path.addEllipse(r);
    fill(path, [&] { m_out.drawEllipse(r); });
}

void HatchToVectorEngine::drawImage(
    const QRectF& r, const QImage& image, const QRectF& sr, Qt::ImageConversionFlags flags)
{
    m_out.drawImage(r, image, sr, flags);
}

void HatchToVectorEngine::drawTiledPixmap(const QRectF& r, const QPixmap& pm, const QPointF& s)
{
    m_out.drawTiledPixmap(r, pm, s);
}

template <typename Draw> void HatchToVectorEngine::fill(const QPainterPath& path, Draw draw)
{
    if (m_brush.style() != Qt::TexturePattern) {
        draw();
        return;
    }
    m_out.save();
    m_out.setPen(Qt::NoPen);
    hatch(path);
    m_out.restore();
    if (m_pen.style() != Qt::NoPen) {
        m_out.save();
        m_out.setBrush(Qt::NoBrush);
        draw();
        m_out.restore();
    }
}

void HatchToVectorEngine::hatch(const QPainterPath& path)
{
    const QImage tile = m_brush.textureImage().convertToFormat(QImage::Format_RGB32);
    if (tile.isNull()) {
        return;
    }
    // 1. The tile's stripes: row 0 starts with k pixels of the stripe colour, then the base
    //    colour; pixel (x, y) is a stripe pixel when (x + y) mod n < k.
    const int n = tile.width();
    const QRgb stripe = tile.pixel(0, 0);
    int k = 0;
    while (k < n && tile.pixel(k, 0) == stripe) {
        ++k;
    }
    const QRgb base = k < n ? tile.pixel(k, 0) : stripe;
    bool diagonal = tile.height() == n && k > 0 && k < n;
    double r = 0, g = 0, b = 0;
    for (int y = 0; y < tile.height(); ++y) {
        for (int x = 0; x < n; ++x) {
            const QRgb px = tile.pixel(x, y);
            diagonal = diagonal && px == (((x + y) % n) < k ? stripe : base);
            r += qRed(px);
            g += qGreen(px);
            b += qBlue(px);
        }
    }
    if (!diagonal) {
        const double count = static_cast<double>(n) * tile.height();
        m_out.setBrush(QColor(static_cast<int>(r / count), static_cast<int>(g / count), static_cast<int>(b / count)));
        m_out.drawPath(path);
        return;
    }
    m_out.setBrush(QColor(base));
    m_out.drawPath(path);
    // 2. The bands x + y in [c, c + k) that cross the path, as one path.
    const QRectF box = path.boundingRect();
    const double origin = m_brushOrigin.x() + m_brushOrigin.y();
    const double period = n;
    QPainterPath bands;
    for (double c = std::floor((box.left() + box.top() - origin) / period) * period + origin;
         c < box.right() + box.bottom(); c += period) {
        const double c1 = c + k;
        bands.addPolygon(QPolygonF({ QPointF(c - box.top(), box.top()), QPointF(c1 - box.top(), box.top()),
            QPointF(c1 - box.bottom(), box.bottom()), QPointF(c - box.bottom(), box.bottom()) }));
        bands.closeSubpath();
    }
    m_out.setBrush(QColor(stripe));
    m_out.drawPath(bands.intersected(path));
}

HatchToVectorDevice::HatchToVectorDevice(QPainter& out)
    : m_engine(out)
    , m_target(out.device())
{
}

int HatchToVectorDevice::metric(PaintDeviceMetric m) const
{
    switch (m) {
    case PdmWidth:
        return m_target->width();
    case PdmHeight:
        return m_target->height();
    case PdmWidthMM:
        return m_target->widthMM();
    case PdmHeightMM:
        return m_target->heightMM();
    case PdmNumColors:
        return m_target->colorCount();
    case PdmDepth:
        return m_target->depth();
    case PdmDpiX:
        return m_target->logicalDpiX();
    case PdmDpiY:
        return m_target->logicalDpiY();
    case PdmPhysicalDpiX:
        return m_target->physicalDpiX();
    case PdmPhysicalDpiY:
        return m_target->physicalDpiY();
    case PdmDevicePixelRatio:
        return static_cast<int>(std::lround(m_target->devicePixelRatio()));
    case PdmDevicePixelRatioScaled:
        return static_cast<int>(std::lround(m_target->devicePixelRatio() * devicePixelRatioFScale()));
    }
    return QPaintDevice::metric(m);
}

} // namespace ett::app
