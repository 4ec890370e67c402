// What the scene builders share (gantt_scene.cpp, gantt_job_scenes.cpp, gantt_fleet_scenes.cpp):
// the texts of times, attempts, faults and checkpoints, and the legend of the colours a scene uses.
// Internal to the timeline; not for other parts of the window.
#pragma once

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/timeline/gantt_scene.h"
#include "core/model/timeutil.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace ett::app::scene_text {

// Folded runs of spans too thin to draw show their time per colour as stacked bands.
inline QString foldLegend()
{
    return QCoreApplication::translate("Gantt", "many small spans (shares of time)");
}

inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

inline QString duration(int64_t ns)
{
    return formatDuration(ns) + QStringLiteral(" (") + qs(core::formatSeconds(ns)) + QStringLiteral(" s)");
}

inline QString timesText(int64_t startNs, int64_t endNs)
{
    return QCoreApplication::translate("Gantt", "start %1\nend   %2\nduration %3")
        .arg(qs(core::formatRfc3339(startNs)), qs(core::formatRfc3339(endNs)), duration(endNs - startNs));
}

// What a running attempt's row and spans add to their tooltips.
inline QString runningNote()
{
    return QCoreApplication::translate("Gantt",
        "\nrunning: its end is the time of the last read; drawn open-ended up to now while the folder is watched");
}

// "rank 3 · node-a17", or "rank 3" when no rank record of the attempt names its host (spec 7.3).
inline QString rankText(const core::TimelineAttempt& a, int32_t rank)
{
    const std::string* host = a.hostOf(rank);
    return host ? QCoreApplication::translate("Gantt", "rank %1 · %2").arg(rank).arg(qs(*host))
                : QCoreApplication::translate("Gantt", "rank %1").arg(rank);
}

inline QString attemptTitle(const core::TimelineAttempt& a)
{
    return QCoreApplication::translate("Gantt", "attempt %1 · %2")
        .arg(a.result.number)
        .arg(outcomeLabel(a.result.outcome));
}

// "failure infra.gpu.hbm (explicit): XID 48"
inline QString faultText(const core::TimelineAttempt& a)
{
    const QString what = a.result.interruption == core::Interruption::None ? outcomeLabel(a.result.outcome)
                                                                           : interruptionLabel(a.result.interruption);
    const QString none = QCoreApplication::translate("Gantt", "(none given)");
    QString s = QCoreApplication::translate("Gantt", "attempt %1 %2 at %3\ncause: %4\nsymptom: %5")
                    .arg(a.result.number)
                    .arg(what, qs(core::formatRfc3339(a.result.faultNs.value_or(a.result.endNs))),
                        a.cause.empty() ? none : qs(a.cause), a.symptom.empty() ? none : qs(a.symptom));
    if (!a.detail.empty()) {
        s += QCoreApplication::translate("Gantt", "\ndetail: %1").arg(qs(a.detail));
    }
    return s;
}

inline QString checkpointText(const core::TimelineCheckpoint& c)
{
    QString s = c.step ? QCoreApplication::translate("Gantt", "checkpoint step %1").arg(*c.step)
                       : QCoreApplication::translate("Gantt", "checkpoint");
    s += QCoreApplication::translate("Gantt", " (attempt %1)\ncaptured %2")
             .arg(c.attempt)
             .arg(qs(core::formatRfc3339(c.startNs)));
    if (c.failed) {
        s += QCoreApplication::translate("Gantt", "\nnever became durable (failed)");
    } else {
        s += QCoreApplication::translate("Gantt", "\ndurable  %1 (+%2)")
                 .arg(qs(core::formatRfc3339(c.durableNs)), formatDuration(c.durableNs - c.startNs));
    }
    return s;
}

inline bool isInitStage(const core::TimelinePhase& p)
{
    return p.category == core::Category::Init && !p.subcategory.empty();
}

// Legend entries of the colour keys used, in enum order, without two of the same colour.
class LegendBuilder
{
public:
    void use(ColorKey key, bool hatched)
    {
        if (key.kind == ColorKey::Kind::Bucket) {
            m_buckets[key.code] = true;
        } else if (key.kind == ColorKey::Kind::Category) {
            m_categories[key.code] = true;
        }
        m_hatched = m_hatched || hatched;
    }
    void addTo(GanttScene& scene) const
    {
        std::vector<QRgb> seen;
        auto add = [&](ColorKey key, const QColor& color, const QString& label, bool hatched) {
            if (std::find(seen.begin(), seen.end(), color.rgb()) != seen.end() && !hatched) {
                return;
            }
            if (!hatched) {
                seen.push_back(color.rgb());
            }
            scene.addLegend({ LegendEntry::Kind::Swatch, label, key, hatched });
        };
        for (int c = 0; c < core::kCategoryCount; ++c) {
            if (m_categories[static_cast<size_t>(c)]) {
                const auto cat = static_cast<core::Category>(c);
                add(ColorKey::category(cat), categoryColor(cat), categoryLabel(cat), false);
            }
        }
        for (int b = 0; b < core::kBucketCount; ++b) {
            if (m_buckets[static_cast<size_t>(b)]) {
                const auto bucket = static_cast<core::Bucket>(b);
                add(ColorKey::bucket(bucket), bucketColor(bucket), bucketLabel(bucket),
                    bucket == core::Bucket::LostProgress);
            }
        }
    }

private:
    std::array<bool, 256> m_buckets {};
    std::array<bool, 256> m_categories {};
    bool m_hatched = false;
};

} // namespace ett::app::scene_text
