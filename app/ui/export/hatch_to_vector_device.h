// SVG without texture brushes: a paint device that forwards painting to another painter, drawing
// fills with a texture brush (the Gantt's hatched lost progress) as vector shapes. QSvgGenerator of
// Qt 6.4 writes no texture brushes (such fills vanish). A tile of two colours in diagonal stripes,
// as GanttPainter makes, becomes a fill of the base colour and the stripes as one path; any other
// tile becomes its average colour. Everything else passes through unchanged.
//
//     QPainter p(&svg);
//     HatchToVectorDevice device(p);
//     QPainter inner(&device); // what inner paints, p paints
//
// The painter must be active, and outlive the device; the same thread as the painter.
#pragma once

#include <QBrush>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QPen>
#include <QPointF>

namespace ett::app {

// Forwards painting to another painter; fills with a texture brush become vector shapes.
class HatchToVectorEngine final : public QPaintEngine
{
public:
    explicit HatchToVectorEngine(QPainter& out);

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState& changed) override;

    void drawRects(const QRectF* rects, int count) override;
    void drawPath(const QPainterPath& path) override;
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override;
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override;
    void drawEllipse(const QRectF& r) override;
    void drawLines(const QLineF* lines, int count) override { m_out.drawLines(lines, count); }
    void drawLines(const QLine* lines, int count) override { m_out.drawLines(lines, count); }
    void drawPoints(const QPointF* points, int count) override { m_out.drawPoints(points, count); }
    void drawPixmap(const QRectF& r, const QPixmap& pm, const QRectF& sr) override { m_out.drawPixmap(r, pm, sr); }
    void drawImage(const QRectF& r, const QImage& image, const QRectF& sr, Qt::ImageConversionFlags flags) override;
    void drawTiledPixmap(const QRectF& r, const QPixmap& pm, const QPointF& s) override;
    void drawTextItem(const QPointF& p, const QTextItem& item) override { m_out.drawTextItem(p, item); }

private:
    // Fills path with the brush (as vectors when it is a texture), then strokes it with the pen.
    template <typename Draw> void fill(const QPainterPath& path, Draw draw);
    void hatch(const QPainterPath& path);

    QPainter& m_out;
    QPen m_pen;
    QBrush m_brush;
    QPointF m_brushOrigin;
};

// A paint device with the metrics of the painter's device that paints through HatchToVectorEngine.
class HatchToVectorDevice final : public QPaintDevice
{
public:
    explicit HatchToVectorDevice(QPainter& out);
    ~HatchToVectorDevice() override = default;

    QPaintEngine* paintEngine() const override { return &m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override;

private:
    mutable HatchToVectorEngine m_engine;
    QPaintDevice* m_target;
};

} // namespace ett::app
