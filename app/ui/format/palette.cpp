#include "app/ui/format/palette.h"

#include <QCoreApplication>

#include <array>

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
    // core::bucketName's order, words for people (the names are identifiers: "lost_progress").
    static constexpr std::array<const char*, core::kBucketCount> kLabels = {
        QT_TRANSLATE_NOOP("Bucket", "productive"),
        QT_TRANSLATE_NOOP("Bucket", "queue"),
        QT_TRANSLATE_NOOP("Bucket", "setup"),
        QT_TRANSLATE_NOOP("Bucket", "init"),
        QT_TRANSLATE_NOOP("Bucket", "checkpoint load"),
        QT_TRANSLATE_NOOP("Bucket", "compile"),
        QT_TRANSLATE_NOOP("Bucket", "checkpoint save"),
        QT_TRANSLATE_NOOP("Bucket", "lost progress"),
        QT_TRANSLATE_NOOP("Bucket", "stall"),
        QT_TRANSLATE_NOOP("Bucket", "eval"),
        QT_TRANSLATE_NOOP("Bucket", "recovery"),
        QT_TRANSLATE_NOOP("Bucket", "shutdown"),
        QT_TRANSLATE_NOOP("Bucket", "idle"),
    };
    return QCoreApplication::translate("Bucket", kLabels[static_cast<size_t>(b)]);
}

QString categoryLabel(core::Category c)
{
    // core::categoryName's order.
    static constexpr std::array<const char*, core::kCategoryCount> kLabels = {
        QT_TRANSLATE_NOOP("Category", "queue"),
        QT_TRANSLATE_NOOP("Category", "setup"),
        QT_TRANSLATE_NOOP("Category", "init"),
        QT_TRANSLATE_NOOP("Category", "checkpoint load"),
        QT_TRANSLATE_NOOP("Category", "compile"),
        QT_TRANSLATE_NOOP("Category", "train"),
        QT_TRANSLATE_NOOP("Category", "checkpoint save"),
        QT_TRANSLATE_NOOP("Category", "stall"),
        QT_TRANSLATE_NOOP("Category", "eval"),
        QT_TRANSLATE_NOOP("Category", "recovery"),
        QT_TRANSLATE_NOOP("Category", "shutdown"),
        QT_TRANSLATE_NOOP("Category", "background"),
    };
    return QCoreApplication::translate("Category", kLabels[static_cast<size_t>(c)]);
}

QString outcomeLabel(core::Outcome o)
{
    static constexpr std::array<const char*, core::kOutcomeCount> kLabels = {
        QT_TRANSLATE_NOOP("Outcome", "completed"),
        QT_TRANSLATE_NOOP("Outcome", "failed"),
        QT_TRANSLATE_NOOP("Outcome", "preempted"),
        QT_TRANSLATE_NOOP("Outcome", "cancelled"),
        QT_TRANSLATE_NOOP("Outcome", "running"),
    };
    return QCoreApplication::translate("Outcome", kLabels[static_cast<size_t>(o)]);
}

QString interruptionLabel(core::Interruption i)
{
    static constexpr std::array<const char*, 4> kLabels = {
        QT_TRANSLATE_NOOP("Interruption", "none"),
        QT_TRANSLATE_NOOP("Interruption", "failure"),
        QT_TRANSLATE_NOOP("Interruption", "preemption"),
        QT_TRANSLATE_NOOP("Interruption", "other"),
    };
    return QCoreApplication::translate("Interruption", kLabels[static_cast<size_t>(i)]);
}

QString translateKnown(const char* context, std::span<const char* const> known, const std::string& text)
{
    for (const char* k : known) {
        if (text == k) {
            return QCoreApplication::translate(context, k);
        }
    }
    return QString::fromStdString(text);
}

QString causeClassLabel(const std::string& name)
{
    // The classes of core's cause vocabulary; rules may name others, shown as they are.
    static constexpr std::array<const char*, 8> kClasses = {
        QT_TRANSLATE_NOOP("CauseClass", "infra"),
        QT_TRANSLATE_NOOP("CauseClass", "preemption"),
        QT_TRANSLATE_NOOP("CauseClass", "maintenance"),
        QT_TRANSLATE_NOOP("CauseClass", "dependency"),
        QT_TRANSLATE_NOOP("CauseClass", "user"),
        QT_TRANSLATE_NOOP("CauseClass", "manual"),
        QT_TRANSLATE_NOOP("CauseClass", "unknown"),
        QT_TRANSLATE_NOOP("CauseClass", "(none)"),
    };
    return translateKnown("CauseClass", kClasses, name.empty() ? std::string("(none)") : name);
}

QString symptomLabel(const std::string& symptom)
{
    static constexpr std::array<const char*, 5> kSymptoms = {
        QT_TRANSLATE_NOOP("Symptom", "explicit"),
        QT_TRANSLATE_NOOP("Symptom", "hang"),
        QT_TRANSLATE_NOOP("Symptom", "degradation"),
        QT_TRANSLATE_NOOP("Symptom", "numeric"),
        QT_TRANSLATE_NOOP("Symptom", "(none)"),
    };
    return translateKnown("Symptom", kSymptoms, symptom.empty() ? std::string("(none)") : symptom);
}

QString importStageLabel(const std::string& stage)
{
    static constexpr std::array<const char*, 5> kStages = {
        QT_TRANSLATE_NOOP("ImportStage", "identifying runs"),
        QT_TRANSLATE_NOOP("ImportStage", "reading"),
        QT_TRANSLATE_NOOP("ImportStage", "attributing"),
        QT_TRANSLATE_NOOP("ImportStage", "committing"),
        QT_TRANSLATE_NOOP("ImportStage", "waiting for another import into this database to finish"),
    };
    return translateKnown("ImportStage", kStages, stage);
}

QString severityLabel(const std::string& severity)
{
    static constexpr std::array<const char*, 4> kSeverities = {
        QT_TRANSLATE_NOOP("Severity", "info"),
        QT_TRANSLATE_NOOP("Severity", "warning"),
        QT_TRANSLATE_NOOP("Severity", "data loss"),
        QT_TRANSLATE_NOOP("Severity", "issue"),
    };
    return translateKnown("Severity", kSeverities, severity);
}

} // namespace ett::app
