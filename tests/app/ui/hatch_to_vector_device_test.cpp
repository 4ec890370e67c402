// Tests of HatchToVectorDevice: a fill with the Gantt's hatch tile (two colours in diagonal
// stripes) arrives at the painter as the base colour with the stripes over it, at the tile's
// pixels; any other tile as its average colour; other brushes unchanged; and in an SVG the hatch
// is vector shapes in its two colours, no image.
#include "app/ui/export/hatch_to_vector_device.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

const QColor kBase(0x20, 0x60, 0xA0);
const QColor kStripe(0xF0, 0xC0, 0x30);

// The tile GanttPainter hatches with: the stripe colour on 3 of every 8 pixels along x + y.
QBrush hatchTile()
{
    QImage tile(8, 8, QImage::Format_RGB32);
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            tile.setPixel(x, y, ((x + y) % 8) < 3 ? kStripe.rgb() : kBase.rgb());
        }
    }
    return QBrush(tile);
}

// Fills rect with brush through the device into a white image of size.
QImage paintThrough(const QBrush& brush, const QRectF& rect, QSize size = QSize(64, 32))
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    {
        HatchToVectorDevice device(p);
        QPainter inner(&device);
        inner.fillRect(rect, brush);
        inner.end();
    }
    p.end();
    return image;
}

TEST(HatchToVector, AHatchedFillIsTheBaseColourWithTheStripesOverItAsTheTileHasThem)
{
    fixtures::ensureApp();
    const QImage image = paintThrough(hatchTile(), QRectF(0, 0, 64, 32));
    int stripes = 0;
    int bases = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            // Away from the stripes' edges (where a vector edge and the tile's pixels may round
            // differently): the middle of a stripe, and the middle of the base between two.
            const int phase = (x + y) % 8;
            if (phase == 0 || phase == 1) {
                EXPECT_EQ(image.pixel(x, y), kStripe.rgb()) << x << "," << y;
                ++stripes;
            } else if (phase >= 3 && phase <= 6) {
                EXPECT_EQ(image.pixel(x, y), kBase.rgb()) << x << "," << y;
                ++bases;
            }
        }
    }
    EXPECT_EQ(stripes, 64 * 32 / 4);
    EXPECT_EQ(bases, 64 * 32 / 2);
}

TEST(HatchToVector, StaysInsideTheShapeFilled)
{
    fixtures::ensureApp();
    const QImage image = paintThrough(hatchTile(), QRectF(16, 8, 16, 8));
    EXPECT_EQ(image.pixel(15, 10), QColor(Qt::white).rgb());
    EXPECT_EQ(image.pixel(32, 10), QColor(Qt::white).rgb());
    EXPECT_EQ(image.pixel(20, 7), QColor(Qt::white).rgb());
    EXPECT_EQ(image.pixel(20, 16), QColor(Qt::white).rgb());
    EXPECT_EQ(image.pixel(16, 8), kStripe.rgb()); // x + y = 24: a stripe's middle
    EXPECT_EQ(image.pixel(20, 8), kBase.rgb()); // x + y = 28
}

TEST(HatchToVector, AnyOtherTileIsItsAverageColour)
{
    fixtures::ensureApp();
    // Left half red, right half blue: two colours, but not in diagonal stripes.
    QImage tile(4, 4, QImage::Format_RGB32);
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 4; ++x) {
            tile.setPixel(x, y, x < 2 ? qRgb(255, 0, 0) : qRgb(0, 0, 255));
        }
    }
    const QImage image = paintThrough(QBrush(tile), QRectF(0, 0, 64, 32));
    EXPECT_EQ(image.pixel(0, 0), qRgb(127, 0, 127));
    EXPECT_EQ(image.pixel(33, 17), qRgb(127, 0, 127));
    EXPECT_EQ(image.pixel(63, 31), qRgb(127, 0, 127));
}

TEST(HatchToVector, OtherBrushesPassThroughUnchanged)
{
    fixtures::ensureApp();
    const QImage image = paintThrough(QBrush(QColor(0x11, 0x88, 0x44)), QRectF(8, 8, 8, 8));
    EXPECT_EQ(image.pixel(8, 8), qRgb(0x11, 0x88, 0x44));
    EXPECT_EQ(image.pixel(15, 15), qRgb(0x11, 0x88, 0x44));
    EXPECT_EQ(image.pixel(16, 16), QColor(Qt::white).rgb());
}

TEST(HatchToVector, AnSvgOfAHatchedFillHasItsTwoColoursAsShapesAndNoImage)
{
    fixtures::ensureApp();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(64, 32));
    svg.setViewBox(QRect(0, 0, 64, 32));
    {
        QPainter p(&svg);
        HatchToVectorDevice device(p);
        QPainter inner(&device);
        inner.fillRect(QRectF(0, 0, 64, 32), hatchTile());
        inner.end();
        p.end();
    }
    const QString text = QString::fromUtf8(buffer.data());
    EXPECT_FALSE(text.contains(QLatin1String("<image"))) << text.toStdString();
    EXPECT_TRUE(text.contains(kBase.name(), Qt::CaseInsensitive)) << text.toStdString();
    EXPECT_TRUE(text.contains(kStripe.name(), Qt::CaseInsensitive)) << text.toStdString();
    EXPECT_TRUE(text.contains(QLatin1String("<path"))) << text.toStdString();
}

} // namespace
} // namespace ett::app
