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

static_assert(sizeof(GanttSpan) == 32, "a million spans should take 32 MB");

namespace {

// Orders colour keys: buckets, then categories, each in enum order, plain before hatched.
bool keyBefore(const LaneMix::Key& a, const LaneMix::Key& b)
{
    if (a.color.kind != b.color.kind) {
        return a.color.kind < b.color.kind;
    }
    return a.color.code != b.color.code ? a.color.code < b.color.code : a.hatched < b.hatched;
}

// The mix of one lane: its distinct keys, then the running sums every kBlock spans.
LaneMix buildMix(const std::vector<GanttSpan>& lane)
{
    LaneMix mix;
    for (const GanttSpan& s : lane) {
        if (mix.keyOf(s) == mix.keys.size()) {
            mix.keys.push_back({ s.color, s.hatched });
        }
    }
    std::sort(mix.keys.begin(), mix.keys.end(), keyBefore);
    const size_t k = mix.keys.size();
    const size_t blocks = lane.size() / LaneMix::kBlock + 1;
    mix.blockSums.assign(blocks * k, 0);
    std::vector<int64_t> sums(k, 0);
    for (size_t i = 0; i < lane.size(); ++i) {
        if (i % LaneMix::kBlock == 0) {
            std::copy(
                sums.begin(), sums.end(), mix.blockSums.begin() + static_cast<std::ptrdiff_t>(i / LaneMix::kBlock * k));
        }
        sums[mix.keyOf(lane[i])] += lane[i].endNs - lane[i].startNs;
    }
    if (lane.size() % LaneMix::kBlock == 0) {
        std::copy(sums.begin(), sums.end(), mix.blockSums.begin() + static_cast<std::ptrdiff_t>((blocks - 1) * k));
    }
    return mix;
}

} // namespace

size_t LaneMix::keyOf(const GanttSpan& span) const
{
    const Key key { span.color, span.hatched };
    return static_cast<size_t>(std::find(keys.begin(), keys.end(), key) - keys.begin());
}

void LaneMix::addPrefix(const std::vector<GanttSpan>& lane, size_t end, int64_t* out, int sign) const
{
    const size_t k = keys.size();
    end = std::min(end, lane.size());
    const size_t block = end / kBlock;
    const int64_t* sums = blockSums.data() + block * k;
    for (size_t c = 0; c < k; ++c) {
        out[c] += sign * sums[c];
    }
    for (size_t i = block * kBlock; i < end; ++i) {
        const size_t c = keyOf(lane[i]);
        if (c < k) {
            out[c] += sign * (lane[i].endNs - lane[i].startNs);
        }
    }
}

QString selectionKindName(SelectionKind kind)
{
    switch (kind) {
    case SelectionKind::None:
        return QStringLiteral("none");
    case SelectionKind::Attempt:
        return QStringLiteral("attempt");
    case SelectionKind::Phase:
        return QStringLiteral("phase");
    case SelectionKind::Segment:
        return QStringLiteral("segment");
    case SelectionKind::Job:
        return QStringLiteral("job");
    }
    return {};
}

// --- building

int GanttScene::addRow(GanttRow row)
{
    m_rows.push_back(std::move(row));
    m_pending.emplace_back();
    return static_cast<int>(m_rows.size()) - 1;
}

void GanttScene::addSpan(int row, const GanttSpan& span)
{
    if (span.endNs <= span.startNs || row < 0 || row >= static_cast<int>(m_rows.size())) {
        return;
    }
    m_pending[static_cast<size_t>(row)].push_back(span);
}

void GanttScene::addMarker(int row, GanttMarker marker)
{
    if (row < 0 || row >= static_cast<int>(m_rows.size())) {
        return;
    }
    m_rows[static_cast<size_t>(row)].markers.push_back(std::move(marker));
}

void GanttScene::addBracket(GanttBracket bracket)
{
    m_brackets.push_back(std::move(bracket));
}

void GanttScene::addBand(GanttBand band)
{
    if (band.endNs > band.startNs) {
        m_bands.push_back(band);
    }
}

void GanttScene::addLegend(LegendEntry entry)
{
    m_legend.push_back(std::move(entry));
}

void GanttScene::setExtent(int64_t startNs, int64_t endNs)
{
    m_startNs = startNs;
    m_endNs = std::max(startNs, endNs);
}

void GanttScene::finalize()
{
    int64_t lo = std::numeric_limits<int64_t>::max();
    int64_t hi = std::numeric_limits<int64_t>::min();
    auto extend = [&](int64_t s, int64_t e) {
        lo = std::min(lo, s);
        hi = std::max(hi, e);
    };
    m_spanCount = 0;
    for (size_t r = 0; r < m_rows.size(); ++r) {
        GanttRow& row = m_rows[r];
        std::vector<GanttSpan>& spans = m_pending[r];
        // 1. Sort by start, longer first on ties, so that an enclosing span takes the lower lane.
        std::stable_sort(spans.begin(), spans.end(), [](const GanttSpan& a, const GanttSpan& b) {
            return a.startNs != b.startNs ? a.startNs < b.startNs : a.endNs > b.endNs;
        });
        // 2. Greedy lanes: each span goes to the first lane whose last span has ended. Rows of
        //    segments never overlap and stay in one lane; phases rarely need more than three.
        std::vector<int64_t> laneEnds;
        for (const GanttSpan& s : spans) {
            size_t lane = 0;
            while (lane < laneEnds.size() && laneEnds[lane] > s.startNs) {
                ++lane;
            }
            if (lane == laneEnds.size()) {
                laneEnds.push_back(s.endNs);
                row.lanes.emplace_back();
            }
            laneEnds[lane] = s.endNs;
            row.lanes[lane].push_back(s);
            extend(s.startNs, s.endNs);
        }
        m_spanCount += static_cast<int64_t>(spans.size());
        spans = {};
        // 3. The running sums per colour of each lane, for the mix of folded runs.
        row.mixes.clear();
        for (const auto& lane : row.lanes) {
            row.mixes.push_back(buildMix(lane));
        }
        std::stable_sort(row.markers.begin(), row.markers.end(),
            [](const GanttMarker& a, const GanttMarker& b) { return a.atNs < b.atNs; });
        for (const GanttMarker& m : row.markers) {
            extend(m.atNs, std::max(m.atNs, m.untilNs));
        }
    }
    m_pending.clear();
    for (const GanttBracket& b : m_brackets) {
        extend(b.startNs, b.endNs);
    }
    for (const GanttBand& b : m_bands) {
        extend(b.startNs, b.endNs);
    }
    if (lo <= hi) {
        m_startNs = lo;
        m_endNs = hi;
    } else {
        m_startNs = m_endNs = 0;
    }
}

// --- queries

size_t GanttScene::firstEndingAfter(const std::vector<GanttSpan>& lane, int64_t ns)
{
    return static_cast<size_t>(std::partition_point(lane.begin(), lane.end(), [ns](const GanttSpan& s) {
        return s.endNs <= ns;
    }) - lane.begin());
}

size_t GanttScene::firstStartingAt(const std::vector<GanttSpan>& lane, int64_t ns)
{
    return static_cast<size_t>(std::partition_point(lane.begin(), lane.end(), [ns](const GanttSpan& s) {
        return s.startNs < ns;
    }) - lane.begin());
}

const GanttSpan* GanttScene::span(const SpanHit& hit) const
{
    if (!hit.valid() || hit.row >= static_cast<int>(m_rows.size())) {
        return nullptr;
    }
    const GanttRow& row = m_rows[static_cast<size_t>(hit.row)];
    if (hit.lane >= static_cast<int>(row.lanes.size())) {
        return nullptr;
    }
    const auto& lane = row.lanes[static_cast<size_t>(hit.lane)];
    return hit.index < static_cast<int>(lane.size()) ? &lane[static_cast<size_t>(hit.index)] : nullptr;
}

SpanHit GanttScene::spanAt(int row, int64_t ns, int64_t slackNs) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size())) {
        return {};
    }
    const GanttRow& r = m_rows[static_cast<size_t>(row)];
    // 1. A span containing ns, top-most lane first (the lane drawn last).
    for (size_t l = r.lanes.size(); l-- > 0;) {
        const auto& lane = r.lanes[l];
        const size_t i = firstEndingAfter(lane, ns);
        if (i < lane.size() && lane[i].startNs <= ns) {
            return { row, static_cast<int>(l), static_cast<int>(i) };
        }
    }
    // 2. Otherwise the nearest span within the slack (thin spans are hard to hit exactly).
    SpanHit best;
    int64_t bestDist = slackNs + 1;
    for (size_t l = r.lanes.size(); l-- > 0;) {
        const auto& lane = r.lanes[l];
        const size_t i = firstEndingAfter(lane, ns);
        if (i < lane.size() && lane[i].startNs - ns < bestDist) {
            bestDist = lane[i].startNs - ns;
            best = { row, static_cast<int>(l), static_cast<int>(i) };
        }
        if (i > 0 && ns - lane[i - 1].endNs < bestDist) {
            bestDist = ns - lane[i - 1].endNs;
            best = { row, static_cast<int>(l), static_cast<int>(i - 1) };
        }
    }
    return bestDist <= slackNs ? best : SpanHit {};
}

const GanttMarker* GanttScene::markerAt(int row, int64_t ns, int64_t slackNs) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size())) {
        return nullptr;
    }
    const auto& markers = m_rows[static_cast<size_t>(row)].markers;
    auto it = std::partition_point(
        markers.begin(), markers.end(), [&](const GanttMarker& m) { return m.atNs < ns - slackNs; });
    const GanttMarker* best = nullptr;
    int64_t bestDist = slackNs + 1;
    for (; it != markers.end() && it->atNs <= ns + slackNs; ++it) {
        const int64_t d = it->atNs > ns ? it->atNs - ns : ns - it->atNs;
        // Faults win over checkpoints at the same distance: they matter more.
        if (d < bestDist || (d == bestDist && best && it->kind == GanttMarker::Kind::Fault)) {
            bestDist = d;
            best = &*it;
        }
    }
    return best;
}

QString GanttScene::spanName(const GanttSpan& s) const
{
    switch (s.what) {
    case SpanKind::Segment:
    case SpanKind::FleetSpan:
        return s.color.kind == ColorKey::Kind::Bucket ? bucketLabel(static_cast<core::Bucket>(s.color.code))
                                                      : QString();
    case SpanKind::Gap:
        return QCoreApplication::translate("Gantt", "recovery gap");
    case SpanKind::PhaseGroup:
        return QCoreApplication::translate("Gantt", "init stages");
    case SpanKind::Phase: {
        if (!m_timeline || s.attempt < 0 || s.attempt >= static_cast<int32_t>(m_timeline->attempts.size())) {
            return {};
        }
        const auto& phases = m_timeline->attempts[static_cast<size_t>(s.attempt)].phases;
        if (s.item < 0 || s.item >= static_cast<int32_t>(phases.size())) {
            return {};
        }
        const core::TimelinePhase& p = phases[static_cast<size_t>(s.item)];
        return p.subcategory.empty() ? categoryLabel(p.category) : qs(p.subcategory);
    }
    }
    return {};
}

TimelineSelection GanttScene::selectionFor(const SpanHit& hit) const
{
    TimelineSelection sel;
    const GanttSpan* s = span(hit);
    if (!s) {
        return sel;
    }
    const GanttRow& row = m_rows[static_cast<size_t>(hit.row)];
    sel.job = row.job >= 0 ? row.job : m_job;
    sel.startNs = s->startNs;
    sel.endNs = s->endNs;
    sel.rank = row.rank;
    const core::TimelineAttempt* a = nullptr;
    if (m_timeline && s->attempt >= 0 && s->attempt < static_cast<int32_t>(m_timeline->attempts.size())) {
        a = &m_timeline->attempts[static_cast<size_t>(s->attempt)];
        sel.attempt = a->result.number;
    }
    switch (s->what) {
    case SpanKind::Segment:
    case SpanKind::Gap:
    case SpanKind::FleetSpan:
        sel.kind = SelectionKind::Segment;
        if (s->color.kind == ColorKey::Kind::Bucket) {
            sel.bucket = static_cast<core::Bucket>(s->color.code);
        }
        break;
    case SpanKind::Phase:
    case SpanKind::PhaseGroup:
        sel.kind = SelectionKind::Phase;
        if (a && s->item >= 0 && s->item < static_cast<int32_t>(a->phases.size())) {
            const core::TimelinePhase& p = a->phases[static_cast<size_t>(s->item)];
            sel.category = p.category;
            sel.rank = p.rank;
            if (s->what == SpanKind::Phase) {
                sel.subcategory = qs(p.subcategory);
            }
        }
        break;
    }
    sel.text = describe(hit);
    return sel;
}

TimelineSelection GanttScene::selectionForRow(int rowIndex) const
{
    TimelineSelection sel;
    if (rowIndex < 0 || rowIndex >= static_cast<int>(m_rows.size())) {
        return sel;
    }
    const GanttRow& row = m_rows[static_cast<size_t>(rowIndex)];
    sel.job = row.job >= 0 ? row.job : m_job;
    sel.rank = row.rank;
    if (m_timeline && row.attempt >= 0 && row.attempt < static_cast<int32_t>(m_timeline->attempts.size())) {
        const core::TimelineAttempt& a = m_timeline->attempts[static_cast<size_t>(row.attempt)];
        sel.kind = SelectionKind::Attempt;
        sel.attempt = a.result.number;
        sel.startNs = a.result.startNs;
        sel.endNs = a.result.endNs;
        sel.text = attemptTitle(a) + (row.rank >= 0 ? QStringLiteral(" · ") + rankText(a, row.rank) : QString())
            + QLatin1Char('\n') + timesText(sel.startNs, sel.endNs);
        return sel;
    }
    sel.kind = SelectionKind::Job;
    if (m_mode == Mode::Fleet && m_fleet) {
        // Fleet rows are in the data's order; the row's job index finds its data.
        for (const FleetTimelineRow& f : m_fleet->rows) {
            if (f.job == row.job) {
                sel.startNs = f.spans.empty() ? 0 : f.spans.front().startNs;
                sel.endNs = f.spans.empty() ? 0 : f.spans.back().endNs;
                break;
            }
        }
    } else if (m_timeline) {
        sel.startNs = m_timeline->windowStartNs;
        sel.endNs = m_timeline->windowEndNs;
    }
    sel.text = QCoreApplication::translate("Gantt", "job %1").arg(row.label) + QLatin1Char('\n')
        + timesText(sel.startNs, sel.endNs);
    return sel;
}

QString GanttScene::describe(const SpanHit& hit) const
{
    const GanttSpan* s = span(hit);
    if (!s) {
        return {};
    }
    const GanttRow& row = m_rows[static_cast<size_t>(hit.row)];
    QString what = spanName(*s);
    QString where;
    const core::TimelineAttempt* a = nullptr;
    if (m_timeline && s->attempt >= 0 && s->attempt < static_cast<int32_t>(m_timeline->attempts.size())) {
        a = &m_timeline->attempts[static_cast<size_t>(s->attempt)];
    }
    switch (s->what) {
    case SpanKind::Segment:
        what += QCoreApplication::translate("Gantt", " (bucket)");
        break;
    case SpanKind::Gap:
        what += QCoreApplication::translate("Gantt", " (between attempts, counted as recovery)");
        break;
    case SpanKind::Phase:
        if (a && s->item >= 0 && s->item < static_cast<int32_t>(a->phases.size())) {
            const core::TimelinePhase& p = a->phases[static_cast<size_t>(s->item)];
            what = categoryLabel(p.category);
            if (!p.subcategory.empty()) {
                what += QStringLiteral(" · ") + qs(p.subcategory);
            }
            if (!p.name.empty()) {
                what += QStringLiteral(" \"") + qs(p.name) + QLatin1Char('"');
            }
        }
        break;
    case SpanKind::PhaseGroup:
        if (a) {
            int stages = 0;
            for (const core::TimelinePhase& p : a->phases) {
                stages += isInitStage(p) && p.rank == row.rank && p.startNs >= s->startNs && p.endNs <= s->endNs;
            }
            what = QCoreApplication::translate("Gantt", "init: %1 stages (in the sub-row below)").arg(stages);
        }
        break;
    case SpanKind::FleetSpan:
        where = QCoreApplication::translate("Gantt", "job %1").arg(row.label);
        break;
    }
    if (a) {
        where = QCoreApplication::translate("Gantt", "job %1 · attempt %2")
                    .arg(qs(m_timeline->key))
                    .arg(a->result.number);
        if (row.rank >= 0) {
            where += QStringLiteral(" · ") + rankText(*a, row.rank);
        }
    }
    QString text = what + QLatin1Char('\n') + where + QLatin1Char('\n') + timesText(s->startNs, s->endNs);
    if (a && a->result.outcome == core::Outcome::Running) {
        text += runningNote();
    }
    return text;
}

QString GanttScene::describe(const GanttMarker& marker) const
{
    return marker.text;
}

QString GanttScene::describe(const GanttBracket& b) const
{
    const QString name = b.kind == GanttBracket::Kind::TimeToStart
        ? QCoreApplication::translate("Gantt", "Time to Start")
        : QCoreApplication::translate("Gantt", "Time to Recover");
    const QString from = b.kind == GanttBracket::Kind::TimeToStart
        ? QCoreApplication::translate("Gantt", "attempt %1 start")
        : QCoreApplication::translate("Gantt", "fault of attempt %1");
    return name + QStringLiteral(": ") + duration(b.endNs - b.startNs) + QLatin1Char('\n') + from.arg(b.attempt)
        + QCoreApplication::translate("Gantt", " %1\nfirst training  %2")
              .arg(qs(core::formatRfc3339(b.startNs)), qs(core::formatRfc3339(b.endNs)));
}

} // namespace ett::app
