#include "app/ui/palette.h"

namespace ett::app {

namespace {
// Okabe & Ito (2008), "Color Universal Design": black, orange, sky blue, bluish green, yellow,
// blue, vermillion, reddish purple; plus greys and lighter tints for the rarer buckets.
const QColor kOrange(0xE6, 0x9F, 0x00);
const QColor kSkyBlue(0x56, 0xB4, 0xE9);
const QColor kBluishGreen(0x00, 0x9E, 0x73);
const QColor kYellow(0xF0, 0xE4, 0x42);
const QColor kBlue(0x00, 0x72, 0xB2);
const QColor kVermillion(0xD5, 0x5E, 0x00);
const QColor kReddishPurple(0xCC, 0x79, 0xA7);
const QColor kGrey(0x99, 0x99, 0x99);
const QColor kLightGrey(0xDD, 0xDD, 0xDD);
const QColor kDarkGrey(0x55, 0x55, 0x55);
const QColor kPaleBlue(0xA6, 0xCE, 0xE3);
const QColor kPaleGreen(0x9E, 0xD9, 0xC4);
const QColor kPalePurple(0xE5, 0xB8, 0xD3);
} // namespace

QColor bucketColor(core::Bucket b)
{
    switch (b) {
    case core::Bucket::Productive:
        return kBlue;
    case core::Bucket::Queue:
        return kLightGrey;
    case core::Bucket::Setup:
        return kGrey;
    case core::Bucket::Init:
        return kSkyBlue;
    case core::Bucket::CheckpointLoad:
        return kPaleBlue;
    case core::Bucket::Compile:
        return kReddishPurple;
    case core::Bucket::CheckpointSave:
        return kYellow;
    case core::Bucket::LostProgress:
        return kVermillion;
    case core::Bucket::Stall:
        return kPalePurple;
    case core::Bucket::Eval:
        return kBluishGreen;
    case core::Bucket::Recovery:
        return kOrange;
    case core::Bucket::Shutdown:
        return kPaleGreen;
    case core::Bucket::Idle:
        return kDarkGrey;
    }
    return kGrey;
}

QColor categoryColor(core::Category c)
{
    if (c == core::Category::Background) {
        return kLightGrey;
    }
    const auto bucket = core::bucketOfCategory(c);
    return bucket ? bucketColor(*bucket) : kGrey;
}

QColor textColorOn(const QColor& bg)
{
    // Relative luminance (sRGB, approximate) decides black or white text.
    const double l = 0.2126 * bg.redF() + 0.7152 * bg.greenF() + 0.0722 * bg.blueF();
    return l > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

QString bucketLabel(core::Bucket b)
{
    return QString::fromUtf8(core::bucketName(b).data()).replace('_', ' ');
}

QString categoryLabel(core::Category c)
{
    return QString::fromUtf8(core::categoryName(c).data()).replace('_', ' ');
}

} // namespace ett::app
