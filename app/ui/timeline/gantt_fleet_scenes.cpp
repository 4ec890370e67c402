// The fleet view and the density view (declared in gantt_scene.h).
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/gantt_scene_text.h"

#include <QColor>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace ett::app {

using namespace scene_text;

GanttScene buildFleetScene(std::shared_ptr<const FleetTimelineData> data)
{
    GanttScene scene;
    scene.setMode(GanttScene::Mode::Fleet);
    scene.setPreferredRowHeight(18);
    if (!data) {
        scene.finalize();
        return scene;
    }
    scene.setSource(data);
    LegendBuilder legend;
    bool anyFault = false;
    // A key that two labels hold names its label on each of its rows.
    std::map<std::string, int> keys;
    for (const FleetTimelineRow& f : data->rows) {
        ++keys[f.key];
    }
    for (const FleetTimelineRow& f : data->rows) {
        GanttRow row;
        row.label = keys[f.key] > 1 ? QStringLiteral("%1 (%2)").arg(qs(f.key), qs(f.label)) : qs(f.key);
        row.tooltip = QCoreApplication::translate("Gantt", "job %1 (%2), %3 GPUs\ndouble-click to open")
                          .arg(qs(f.key), qs(f.label))
                          .arg(f.gpus);
        row.job = f.job;
        const int r = scene.addRow(row);
        for (size_t s = 0; s < f.spans.size(); ++s) {
            const FleetTimelineRow::Span& fs = f.spans[s];
            const auto bucket = static_cast<core::Bucket>(fs.bucket);
            GanttSpan span { fs.startNs, fs.endNs, -1, static_cast<int32_t>(s), SpanKind::FleetSpan,
                ColorKey::bucket(bucket), bucket == core::Bucket::LostProgress };
            scene.addSpan(r, span);
            legend.use(span.color, span.hatched);
        }
        for (const FleetTimelineRow::Fault& fault : f.faults) {
            GanttMarker m;
            m.kind = GanttMarker::Kind::Fault;
            m.atNs = m.untilNs = fault.atNs;
            m.interruption = static_cast<core::Interruption>(fault.interruption);
            m.attempt = fault.attempt;
            m.text = QCoreApplication::translate("Gantt", "job %1 attempt %2: %3 at %4")
                         .arg(qs(f.key))
                         .arg(fault.attempt)
                         .arg(interruptionLabel(m.interruption), qs(core::formatRfc3339(fault.atNs)));
            scene.addMarker(r, m);
            anyFault = true;
        }
    }
    legend.addTo(scene);
    if (anyFault) {
        scene.addLegend({ LegendEntry::Kind::Fault, QCoreApplication::translate("Gantt", "fault"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, foldLegend(), ColorKey::bucket(core::Bucket::Productive), false });
    scene.finalize();
    // The axis covers the jobs shown (inside the range asked for), not the whole range: the first
    // jobs of a long range would otherwise be squeezed into its first pixels.
    if (scene.spanCount() > 0 && data->toNs > data->fromNs) {
        scene.setExtent(std::max(scene.startNs(), data->fromNs), std::min(scene.endNs(), data->toNs));
    } else if (data->toNs > data->fromNs) {
        scene.setExtent(data->fromNs, data->toNs);
    }
    return scene;
}

void GanttScene::setSource(std::shared_ptr<const FleetDensity> density)
{
    m_density = std::move(density);
    m_densityImage = {};
    if (!m_density || m_density->rows <= 0 || m_density->columns <= 0) {
        return;
    }
    const FleetDensity& d = *m_density;
    QImage image(d.columns, d.rows, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    std::array<QRgb, 256> colors {};
    for (int b = 0; b < core::kBucketCount; ++b) {
        colors[static_cast<size_t>(b)] = bucketColor(static_cast<core::Bucket>(b)).rgb();
    }
    for (int r = 0; r < d.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(r));
        const size_t base = static_cast<size_t>(r) * static_cast<size_t>(d.columns);
        for (int c = 0; c < d.columns; ++c) {
            const uint8_t b = d.cellBucket[base + static_cast<size_t>(c)];
            if (b == FleetDensity::kNone) {
                continue;
            }
            // A cell a quarter covered or more is fully coloured; less, paler (toward white).
            const int cover = d.cellCover[base + static_cast<size_t>(c)];
            const int a = std::min(255, 96 + cover * 3);
            const QRgb rgb = colors[b];
            auto mixChannel = [a](int ch) { return 255 - (255 - ch) * a / 255; };
            line[c] = qRgb(mixChannel(qRed(rgb)), mixChannel(qGreen(rgb)), mixChannel(qBlue(rgb)));
        }
    }
    m_densityImage = std::move(image);

    // The strips: each bucket relative to its own peak, so that a rare bucket's waves show too.
    QImage strips(d.columns, core::kBucketCount + 1, QImage::Format_ARGB32);
    strips.fill(Qt::white);
    auto shade = [](QRgb rgb, double v) {
        // v in (0, 1]: from a tint (never invisible) to the full colour.
        const double a = 0.15 + 0.85 * std::clamp(v, 0.0, 1.0);
        auto ch = [a](int x) { return static_cast<int>(std::lround(255.0 - (255.0 - x) * a)); };
        return qRgb(ch(qRed(rgb)), ch(qGreen(rgb)), ch(qBlue(rgb)));
    };
    for (int b = 0; b < core::kBucketCount; ++b) {
        const int64_t* ns = d.bucketNs.data() + static_cast<size_t>(b) * static_cast<size_t>(d.columns);
        double peak = 0;
        for (int c = 0; c < d.columns; ++c) {
            peak = std::max(
                peak, static_cast<double>(ns[c]) / static_cast<double>(d.binStartNs(c + 1) - d.binStartNs(c)));
        }
        auto* line = reinterpret_cast<QRgb*>(strips.scanLine(b));
        for (int c = 0; c < d.columns && peak > 0; ++c) {
            if (ns[c] > 0) {
                const double jobs
                    = static_cast<double>(ns[c]) / static_cast<double>(d.binStartNs(c + 1) - d.binStartNs(c));
                line[c] = shade(colors[static_cast<size_t>(b)], jobs / peak);
            }
        }
    }
    const int32_t peakFaults = d.faults.empty() ? 0 : *std::max_element(d.faults.begin(), d.faults.end());
    auto* faultLine = reinterpret_cast<QRgb*>(strips.scanLine(core::kBucketCount));
    for (int c = 0; c < d.columns && peakFaults > 0; ++c) {
        if (d.faults[static_cast<size_t>(c)] > 0) {
            faultLine[c]
                = shade(qRgb(0x11, 0x11, 0x11), static_cast<double>(d.faults[static_cast<size_t>(c)]) / peakFaults);
        }
    }
    m_stripImage = std::move(strips);
}

QString GanttScene::describeStrip(int row, int64_t ns) const
{
    if (!m_density || row < 0 || row >= static_cast<int>(m_rows.size()) || m_rows[static_cast<size_t>(row)].strip < 0) {
        return {};
    }
    const FleetDensity& d = *m_density;
    const int c = d.binAt(ns);
    if (c < 0) {
        return {};
    }
    const int64_t b0 = d.binStartNs(c);
    const int64_t b1 = d.binStartNs(c + 1);
    const QString when = QCoreApplication::translate("Gantt", "%1 to %2")
                             .arg(qs(core::formatRfc3339(b0)), qs(core::formatRfc3339(b1)));
    const int strip = m_rows[static_cast<size_t>(row)].strip;
    if (strip == kFaultStrip) {
        return QCoreApplication::translate("Gantt", "%1 faults\n%2").arg(d.faults[static_cast<size_t>(c)]).arg(when);
    }
    const int64_t jobNs
        = d.bucketNs[static_cast<size_t>(strip) * static_cast<size_t>(d.columns) + static_cast<size_t>(c)];
    const double jobs = static_cast<double>(jobNs) / static_cast<double>(std::max<int64_t>(1, b1 - b0));
    return QCoreApplication::translate("Gantt", "%1 jobs in %2 on average\n%3")
        .arg(formatDecimal(jobs, jobs < 10 ? 1 : 0))
        .arg(bucketLabel(static_cast<core::Bucket>(strip)), when);
}

QString GanttScene::describeBand(int band, int64_t ns) const
{
    if (!m_density || band < 0 || band >= m_density->rows) {
        return {};
    }
    const FleetDensity& d = *m_density;
    const auto r = static_cast<size_t>(band);
    const int64_t first = d.rowFirstJob[r];
    const int64_t count = d.rowFirstJob[r + 1] - first;
    QString text = count == 1 ? QCoreApplication::translate("Gantt", "job %1 (%2 of %3 by start)")
                                    .arg(qs(d.rowKeys[r]))
                                    .arg(first + 1)
                                    .arg(d.jobs)
                              : QCoreApplication::translate("Gantt", "%1 jobs from %2 (%3 to %4 of %5 by start)")
                                    .arg(count)
                                    .arg(qs(d.rowKeys[r]))
                                    .arg(first + 1)
                                    .arg(first + count)
                                    .arg(d.jobs);
    const int c = d.binAt(ns);
    if (c >= 0) {
        const uint8_t bucket = d.cellBucket[r * static_cast<size_t>(d.columns) + static_cast<size_t>(c)];
        text += QStringLiteral("\n%1: %2")
                    .arg(qs(core::formatRfc3339(d.binStartNs(c))),
                        bucket == FleetDensity::kNone ? QCoreApplication::translate("Gantt", "nothing")
                                                      : QCoreApplication::translate("Gantt", "mostly %1")
                                                            .arg(bucketLabel(static_cast<core::Bucket>(bucket))));
    }
    return text + QCoreApplication::translate("Gantt", "\ndouble-click to open the first");
}

GanttScene buildDensityScene(std::shared_ptr<const FleetDensity> density)
{
    // Buckets with less of the jobs' time than this have no strip of their own.
    constexpr double kMinStripShare = 0.01;
    GanttScene scene;
    scene.setMode(GanttScene::Mode::Density);
    scene.setPreferredRowHeight(14);
    if (!density) {
        scene.finalize();
        return scene;
    }
    const FleetDensity& d = *density;
    LegendBuilder legend;
    // 1. A heat strip per bucket with a share of the jobs' time worth a row (lost progress and
    //    recovery always: their waves are what the view is for), in enum order, the peak number of
    //    jobs in its tooltip. Every bucket with time has its legend entry (the grid shows them all).
    std::array<int64_t, core::kBucketCount> totalNs {};
    int64_t allNs = 0;
    for (int b = 0; b < core::kBucketCount; ++b) {
        for (int c = 0; c < d.columns; ++c) {
            totalNs[static_cast<size_t>(b)]
                += d.bucketNs[static_cast<size_t>(b) * static_cast<size_t>(d.columns) + static_cast<size_t>(c)];
        }
        allNs += totalNs[static_cast<size_t>(b)];
    }
    for (int b = 0; b < core::kBucketCount && d.columns > 0; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        const int64_t total = totalNs[static_cast<size_t>(b)];
        if (total <= 0) {
            continue;
        }
        legend.use(ColorKey::bucket(bucket), bucket == core::Bucket::LostProgress);
        const bool waves = bucket == core::Bucket::LostProgress || bucket == core::Bucket::Recovery;
        if (!waves && static_cast<double>(total) < kMinStripShare * static_cast<double>(allNs)) {
            continue;
        }
        double peak = 0;
        for (int c = 0; c < d.columns; ++c) {
            const double width = static_cast<double>(d.binStartNs(c + 1) - d.binStartNs(c));
            const int64_t ns
                = d.bucketNs[static_cast<size_t>(b) * static_cast<size_t>(d.columns) + static_cast<size_t>(c)];
            peak = std::max(peak, static_cast<double>(ns) / std::max(1.0, width));
        }
        GanttRow row;
        row.label = bucketLabel(bucket);
        row.tooltip = QCoreApplication::translate("Gantt", "jobs in %1 over time (darker: more; at most %2 at once)")
                          .arg(bucketLabel(bucket), formatDecimal(peak, peak < 10 ? 1 : 0));
        row.depth = 1;
        row.strip = b;
        scene.addRow(row);
    }
    // 2. Faults per bin.
    int32_t faults = 0;
    for (const int32_t n : d.faults) {
        faults += n;
    }
    if (faults > 0) {
        GanttRow row;
        row.label = QCoreApplication::translate("Gantt", "faults");
        row.tooltip = QCoreApplication::translate("Gantt", "interruptions per time bin (%1 in all)").arg(faults);
        row.depth = 1;
        row.strip = GanttScene::kFaultStrip;
        scene.addRow(row);
    }
    legend.addTo(scene);
    if (faults > 0) {
        scene.addLegend({ LegendEntry::Kind::Fault, QCoreApplication::translate("Gantt", "faults"), {}, false });
    }
    scene.setSource(density);
    scene.finalize();
    scene.setExtent(d.fromNs, d.toNs);
    return scene;
}

} // namespace ett::app
