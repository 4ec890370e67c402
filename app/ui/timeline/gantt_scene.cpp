#include "app/ui/timeline/gantt_scene.h"

#include "app/ui/palette.h"
#include "core/model/timeutil.h"

#include <QColor>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace ett::app {

static_assert(sizeof(GanttSpan) == 32, "a million spans should take 32 MB");

namespace {

// Folded runs of spans too thin to draw show their time per colour as stacked bands.
const QString kFoldLegend = QStringLiteral("many small spans (shares of time)");

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString duration(int64_t ns)
{
    return qs(core::formatDurationHuman(ns)) + QStringLiteral(" (") + qs(core::formatSeconds(ns))
        + QStringLiteral(" s)");
}

QString timesText(int64_t startNs, int64_t endNs)
{
    return QStringLiteral("start %1\nend   %2\nduration %3")
        .arg(qs(core::formatRfc3339(startNs)), qs(core::formatRfc3339(endNs)), duration(endNs - startNs));
}

QString attemptTitle(const core::TimelineAttempt& a)
{
    return QStringLiteral("attempt %1 · %2").arg(a.result.number).arg(qs(core::outcomeName(a.result.outcome)));
}

// "failure infra.gpu.hbm (explicit): XID 48"
QString faultText(const core::TimelineAttempt& a)
{
    QString s = qs(core::interruptionName(a.result.interruption));
    if (a.result.interruption == core::Interruption::None) {
        s = qs(core::outcomeName(a.result.outcome));
    }
    s += QStringLiteral(" at ") + qs(core::formatRfc3339(a.result.faultNs.value_or(a.result.endNs)));
    s += QStringLiteral("\ncause: ") + (a.cause.empty() ? QStringLiteral("(none given)") : qs(a.cause));
    s += QStringLiteral("\nsymptom: ") + (a.symptom.empty() ? QStringLiteral("(none given)") : qs(a.symptom));
    if (!a.detail.empty()) {
        s += QStringLiteral("\ndetail: ") + qs(a.detail);
    }
    return QStringLiteral("attempt %1 ").arg(a.result.number) + s;
}

QString checkpointText(const core::TimelineCheckpoint& c)
{
    QString s = QStringLiteral("checkpoint");
    if (c.step) {
        s += QStringLiteral(" step %1").arg(*c.step);
    }
    s += QStringLiteral(" (attempt %1)\ncaptured %2").arg(c.attempt).arg(qs(core::formatRfc3339(c.startNs)));
    if (c.failed) {
        s += QStringLiteral("\nnever became durable (failed)");
    } else {
        s += QStringLiteral("\ndurable  %1 (+%2)")
                 .arg(qs(core::formatRfc3339(c.durableNs)), qs(core::formatDurationHuman(c.durableNs - c.startNs)));
    }
    return s;
}

bool isInitStage(const core::TimelinePhase& p)
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
        return QStringLiteral("recovery gap");
    case SpanKind::PhaseGroup:
        return QStringLiteral("init stages");
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
        sel.text = attemptTitle(a) + (row.rank >= 0 ? QStringLiteral(" · rank %1").arg(row.rank) : QString())
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
    sel.text = QStringLiteral("job ") + row.label + QLatin1Char('\n') + timesText(sel.startNs, sel.endNs);
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
        what += QStringLiteral(" (bucket)");
        break;
    case SpanKind::Gap:
        what += QStringLiteral(" (between attempts, counted as recovery)");
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
            what = QStringLiteral("init: %1 stages (in the sub-row below)").arg(stages);
        }
        break;
    case SpanKind::FleetSpan:
        where = QStringLiteral("job ") + row.label;
        break;
    }
    if (a) {
        where = QStringLiteral("job %1 · attempt %2").arg(qs(m_timeline->key)).arg(a->result.number);
        if (row.rank >= 0) {
            where += QStringLiteral(" · rank %1").arg(row.rank);
        }
    }
    return what + QLatin1Char('\n') + where + QLatin1Char('\n') + timesText(s->startNs, s->endNs);
}

QString GanttScene::describe(const GanttMarker& marker) const
{
    return marker.text;
}

QString GanttScene::describe(const GanttBracket& b) const
{
    const QString name = b.kind == GanttBracket::Kind::TimeToStart ? QStringLiteral("Time to Start")
                                                                   : QStringLiteral("Time to Recover");
    const QString from = b.kind == GanttBracket::Kind::TimeToStart ? QStringLiteral("attempt %1 start")
                                                                   : QStringLiteral("fault of attempt %1");
    return name + QStringLiteral(": ") + duration(b.endNs - b.startNs) + QLatin1Char('\n') + from.arg(b.attempt)
        + QStringLiteral(" %1\nfirst training  %2")
              .arg(qs(core::formatRfc3339(b.startNs)), qs(core::formatRfc3339(b.endNs)));
}

// --- builders

namespace {

// What a job's scene marks, for its legend.
struct JobMarks
{
    bool fault = false;
    bool durable = false;
    bool failedCheckpoint = false;
    bool ttr = false;
};

// The whole job on one row (its segments and recovery gaps are added to it).
int addJobRow(GanttScene& scene, const core::JobTimeline& t, int32_t job)
{
    GanttRow jobRow;
    jobRow.label = qs(t.key);
    jobRow.tooltip = QStringLiteral("job %1 (%2)\n%3\n%4 GPUs").arg(qs(t.key), qs(t.label), qs(t.name)).arg(t.gpus);
    if (t.noCheckpointData) {
        jobRow.tooltip += QStringLiteral("\nno checkpoint data: lost progress unknown");
    }
    jobRow.header = true;
    jobRow.job = job;
    return scene.addRow(jobRow);
}

// One row per attempt; their indices, in attempt order.
std::vector<int> addAttemptRows(GanttScene& scene, const core::JobTimeline& t, int32_t job)
{
    std::vector<int> attemptRow(t.attempts.size());
    for (size_t i = 0; i < t.attempts.size(); ++i) {
        const core::TimelineAttempt& a = t.attempts[i];
        GanttRow row;
        row.label = attemptTitle(a);
        row.tooltip = row.label + QStringLiteral(", %1 GPUs\n").arg(a.result.gpus)
            + timesText(a.result.startNs, a.result.endNs);
        row.depth = 1;
        row.bracketLane = true;
        row.job = job;
        row.attempt = static_cast<int32_t>(i);
        attemptRow[i] = scene.addRow(row);
    }
    return attemptRow;
}

// Segments by bucket on the attempt's row and on the job row (lost progress hatched), and the
// recovery gap after the attempt: a span on the job row and a band behind all rows.
void addAttemptSpans(
    GanttScene& scene, const core::AttemptResult& a, int32_t ai, int attemptRow, int jobRow, LegendBuilder& legend)
{
    for (size_t s = 0; s < a.segments.size(); ++s) {
        const core::Segment& seg = a.segments[s];
        GanttSpan span { seg.startNs, seg.endNs, ai, static_cast<int32_t>(s), SpanKind::Segment,
            ColorKey::bucket(seg.bucket), seg.bucket == core::Bucket::LostProgress };
        scene.addSpan(attemptRow, span);
        scene.addSpan(jobRow, span);
        legend.use(span.color, span.hatched);
    }
    if (a.gapAfterNs > 0) {
        GanttSpan gap { a.endNs, a.endNs + a.gapAfterNs, ai, -1, SpanKind::Gap,
            ColorKey::bucket(core::Bucket::Recovery), false };
        scene.addSpan(jobRow, gap);
        scene.addBand({ gap.startNs, gap.endNs, gap.color });
        legend.use(gap.color, false);
    }
}

// The fault (on the attempt's row and on the job row) and the attempt's Time to Start and Time to
// Recover brackets. `rowAt` is the attempt row holding an instant.
void addAttemptMarks(GanttScene& scene, const core::TimelineAttempt& ta, int attemptRow, int jobRow,
    const std::function<int(int64_t)>& rowAt, JobMarks& marks)
{
    const core::AttemptResult& a = ta.result;
    if (a.faultNs) {
        GanttMarker m;
        m.kind = GanttMarker::Kind::Fault;
        m.atNs = m.untilNs = *a.faultNs;
        m.interruption = a.interruption;
        m.attempt = a.number;
        m.text = faultText(ta);
        scene.addMarker(attemptRow, m);
        scene.addMarker(jobRow, m);
        marks.fault = true;
    }
    // Time to Start: from the attempt's start to its first training (its end if none).
    {
        GanttBracket b;
        b.kind = GanttBracket::Kind::TimeToStart;
        b.startNs = a.startNs;
        b.endNs = a.startNs + a.ttsNs;
        b.row = b.linkRow = attemptRow;
        b.attempt = a.number;
        b.label = QStringLiteral("TTS ") + qs(core::formatDurationHuman(a.ttsNs));
        if (!a.firstTrainNs) {
            b.label += QStringLiteral(" (never trained)");
        }
        scene.addBracket(b);
    }
    // Time to Recover: from the fault to the first training after it. Drawn on the row of the
    // interrupted attempt, right of its end where the row is empty (on the resuming row it would
    // collide with that attempt's TTS, which ends at the same instant), with a dashed line down to
    // the row where training resumes.
    if (a.faultNs && a.ttrNs) {
        GanttBracket b;
        b.kind = GanttBracket::Kind::TimeToRecover;
        b.startNs = *a.faultNs;
        b.endNs = *a.faultNs + *a.ttrNs;
        b.row = attemptRow;
        b.linkRow = rowAt(b.endNs);
        b.attempt = a.number;
        b.label = QStringLiteral("TTR ") + qs(core::formatDurationHuman(*a.ttrNs));
        scene.addBracket(b);
        marks.ttr = true;
    }
}

// Checkpoints as ticks on the row of the attempt that wrote them.
void addCheckpoints(GanttScene& scene, const core::JobTimeline& t, const std::vector<int>& attemptRow, JobMarks& marks)
{
    auto rowOfAttemptNumber = [&](int32_t number) {
        for (size_t i = 0; i < t.attempts.size(); ++i) {
            if (t.attempts[i].result.number == number) {
                return attemptRow[i];
            }
        }
        return -1;
    };
    for (const core::TimelineCheckpoint& c : t.checkpoints) {
        GanttMarker m;
        m.kind = GanttMarker::Kind::Checkpoint;
        m.atNs = c.startNs;
        m.untilNs = std::max(c.startNs, c.durableNs);
        m.durable = !c.failed;
        m.attempt = c.attempt;
        m.text = checkpointText(c);
        scene.addMarker(rowOfAttemptNumber(c.attempt), m);
        marks.durable = marks.durable || !c.failed;
        marks.failedCheckpoint = marks.failedCheckpoint || c.failed;
    }
}

// The legend: buckets used, then the marks.
void addJobLegend(GanttScene& scene, const LegendBuilder& legend, const JobMarks& marks)
{
    legend.addTo(scene);
    if (marks.fault) {
        scene.addLegend({ LegendEntry::Kind::Fault, QStringLiteral("fault"), {}, false });
    }
    if (marks.durable) {
        scene.addLegend({ LegendEntry::Kind::CheckpointDurable, QStringLiteral("checkpoint"), {}, false });
    }
    if (marks.failedCheckpoint) {
        scene.addLegend({ LegendEntry::Kind::CheckpointFailed, QStringLiteral("checkpoint not durable"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::TimeToStart, QStringLiteral("time to start"), {}, false });
    if (marks.ttr) {
        scene.addLegend({ LegendEntry::Kind::TimeToRecover, QStringLiteral("time to recover"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, kFoldLegend, ColorKey::bucket(core::Bucket::Productive), false });
}

} // namespace

GanttScene buildJobScene(std::shared_ptr<const core::JobTimeline> timeline, int32_t job)
{
    GanttScene scene;
    scene.setMode(GanttScene::Mode::Job);
    scene.setJob(job);
    scene.setPreferredRowHeight(30);
    if (!timeline) {
        scene.finalize();
        return scene;
    }
    const core::JobTimeline& t = *timeline;
    scene.setSource(timeline);
    const int jobRow = addJobRow(scene, t, job);
    const std::vector<int> attemptRow = addAttemptRows(scene, t, job);
    // The attempt row holding an instant (for the far end of a TTR bracket).
    auto rowAt = [&](int64_t ns) {
        for (size_t i = 0; i < t.attempts.size(); ++i) {
            if (ns >= t.attempts[i].result.startNs && ns <= t.attempts[i].result.endNs) {
                return attemptRow[i];
            }
        }
        return attemptRow.empty() ? -1 : attemptRow.back();
    };
    LegendBuilder legend;
    JobMarks marks;
    for (size_t i = 0; i < t.attempts.size(); ++i) {
        addAttemptSpans(scene, t.attempts[i].result, static_cast<int32_t>(i), attemptRow[i], jobRow, legend);
        addAttemptMarks(scene, t.attempts[i], attemptRow[i], jobRow, rowAt, marks);
    }
    addCheckpoints(scene, t, attemptRow, marks);
    addJobLegend(scene, legend, marks);
    scene.finalize();
    if (t.windowEndNs > t.windowStartNs) {
        scene.setExtent(std::min(scene.startNs(), t.windowStartNs), std::max(scene.endNs(), t.windowEndNs));
    }
    return scene;
}

GanttScene buildRankScene(
    std::shared_ptr<const core::JobTimeline> timeline, int32_t job, std::optional<int32_t> attemptNumber)
{
    GanttScene scene;
    scene.setMode(GanttScene::Mode::Ranks);
    scene.setJob(job);
    scene.setPreferredRowHeight(20);
    if (!timeline) {
        scene.finalize();
        return scene;
    }
    const core::JobTimeline& t = *timeline;
    scene.setSource(timeline);
    LegendBuilder legend;
    bool anyFault = false;

    for (size_t i = 0; i < t.attempts.size(); ++i) {
        const core::TimelineAttempt& ta = t.attempts[i];
        const core::AttemptResult& a = ta.result;
        if (attemptNumber && a.number != *attemptNumber) {
            continue;
        }
        const auto ai = static_cast<int32_t>(i);
        const bool multiRank = !ta.ranks.empty();

        // 1. The attempt's header row: its segments by bucket, and its fault.
        GanttRow header;
        header.label = attemptTitle(ta);
        if (multiRank) {
            header.label += QStringLiteral(" · %1 ranks").arg(ta.ranks.size());
        }
        header.tooltip = header.label + QLatin1Char('\n') + timesText(a.startNs, a.endNs);
        header.header = true;
        header.job = job;
        header.attempt = ai;
        const int headerRow = scene.addRow(header);
        for (size_t s = 0; s < a.segments.size(); ++s) {
            const core::Segment& seg = a.segments[s];
            GanttSpan span { seg.startNs, seg.endNs, ai, static_cast<int32_t>(s), SpanKind::Segment,
                ColorKey::bucket(seg.bucket), seg.bucket == core::Bucket::LostProgress };
            scene.addSpan(headerRow, span);
            legend.use(span.color, span.hatched);
        }
        if (a.faultNs) {
            GanttMarker m;
            m.kind = GanttMarker::Kind::Fault;
            m.atNs = m.untilNs = *a.faultNs;
            m.interruption = a.interruption;
            m.attempt = a.number;
            m.text = faultText(ta);
            scene.addMarker(headerRow, m);
            anyFault = true;
        }

        // 2. Phases grouped by rank (-1: the whole attempt), keeping their start order.
        std::map<int32_t, std::vector<int32_t>> byRank;
        for (size_t p = 0; p < ta.phases.size(); ++p) {
            byRank[std::max(-1, ta.phases[p].rank)].push_back(static_cast<int32_t>(p));
        }
        for (const auto& [rank, indexes] : byRank) {
            GanttRow main;
            main.label = rank >= 0 ? QStringLiteral("rank %1").arg(rank)
                                   : (multiRank ? QStringLiteral("all ranks") : QStringLiteral("phases"));
            main.tooltip = QStringLiteral("attempt %1 · ").arg(a.number) + main.label;
            main.depth = 1;
            main.job = job;
            main.attempt = ai;
            main.rank = rank;
            const int mainRow = scene.addRow(main);
            int initRow = -1;
            int backgroundRow = -1;
            // 3. Init stages go to a sub-row; their runs are summarized on the main row.
            int64_t runStart = 0;
            int64_t runEnd = std::numeric_limits<int64_t>::min();
            int32_t runFirst = -1;
            auto closeRun = [&] {
                if (runFirst >= 0) {
                    scene.addSpan(mainRow,
                        { runStart, runEnd, ai, runFirst, SpanKind::PhaseGroup,
                            ColorKey::category(core::Category::Init), false });
                }
                runFirst = -1;
            };
            for (const int32_t p : indexes) {
                const core::TimelinePhase& ph = ta.phases[static_cast<size_t>(p)];
                const GanttSpan span { ph.startNs, ph.endNs, ai, p, SpanKind::Phase, ColorKey::category(ph.category),
                    false };
                legend.use(span.color, false);
                if (isInitStage(ph)) {
                    if (initRow < 0) {
                        GanttRow sub;
                        sub.label = QStringLiteral("init stages");
                        sub.tooltip = main.tooltip + QStringLiteral(" · init stages");
                        sub.depth = 2;
                        sub.job = job;
                        sub.attempt = ai;
                        sub.rank = rank;
                        initRow = scene.addRow(sub);
                    }
                    scene.addSpan(initRow, span);
                    if (runFirst >= 0 && ph.startNs <= runEnd) {
                        runEnd = std::max(runEnd, ph.endNs);
                    } else {
                        closeRun();
                        runStart = ph.startNs;
                        runEnd = ph.endNs;
                        runFirst = p;
                    }
                } else if (ph.category == core::Category::Background) {
                    // 4. Background work never blocks: a sub-row of its own keeps it off the bars.
                    if (backgroundRow < 0) {
                        GanttRow sub;
                        sub.label = QStringLiteral("background");
                        sub.tooltip = main.tooltip + QStringLiteral(" · background (never blocks training)");
                        sub.depth = 2;
                        sub.job = job;
                        sub.attempt = ai;
                        sub.rank = rank;
                        backgroundRow = scene.addRow(sub);
                    }
                    scene.addSpan(backgroundRow, span);
                } else {
                    scene.addSpan(mainRow, span);
                }
            }
            closeRun();
        }
    }
    legend.addTo(scene);
    if (anyFault) {
        scene.addLegend({ LegendEntry::Kind::Fault, QStringLiteral("fault"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, kFoldLegend, ColorKey::category(core::Category::Train), false });
    scene.finalize();
    return scene;
}

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
        row.tooltip
            = QStringLiteral("job %1 (%2), %3 GPUs\ndouble-click to open").arg(qs(f.key), qs(f.label)).arg(f.gpus);
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
            m.text = QStringLiteral("job %1 attempt %2: %3 at %4")
                         .arg(qs(f.key))
                         .arg(fault.attempt)
                         .arg(qs(core::interruptionName(m.interruption)), qs(core::formatRfc3339(fault.atNs)));
            scene.addMarker(r, m);
            anyFault = true;
        }
    }
    legend.addTo(scene);
    if (anyFault) {
        scene.addLegend({ LegendEntry::Kind::Fault, QStringLiteral("fault"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, kFoldLegend, ColorKey::bucket(core::Bucket::Productive), false });
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
    const QString when = QStringLiteral("%1 to %2").arg(qs(core::formatRfc3339(b0)), qs(core::formatRfc3339(b1)));
    const int strip = m_rows[static_cast<size_t>(row)].strip;
    if (strip == kFaultStrip) {
        return QStringLiteral("%1 faults\n%2").arg(d.faults[static_cast<size_t>(c)]).arg(when);
    }
    const int64_t jobNs
        = d.bucketNs[static_cast<size_t>(strip) * static_cast<size_t>(d.columns) + static_cast<size_t>(c)];
    const double jobs = static_cast<double>(jobNs) / static_cast<double>(std::max<int64_t>(1, b1 - b0));
    return QStringLiteral("%1 jobs in %2 on average\n%3")
        .arg(jobs, 0, 'f', jobs < 10 ? 1 : 0)
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
    QString text = count == 1
        ? QStringLiteral("job %1 (%2 of %3 by start)").arg(qs(d.rowKeys[r])).arg(first + 1).arg(d.jobs)
        : QStringLiteral("%1 jobs from %2 (%3 to %4 of %5 by start)")
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
                        bucket == FleetDensity::kNone
                            ? QStringLiteral("nothing")
                            : QStringLiteral("mostly ") + bucketLabel(static_cast<core::Bucket>(bucket)));
    }
    return text + QStringLiteral("\ndouble-click to open the first");
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
        row.tooltip = QStringLiteral("jobs in %1 over time (darker: more; at most %2 at once)")
                          .arg(bucketLabel(bucket))
                          .arg(peak, 0, 'f', peak < 10 ? 1 : 0);
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
        row.label = QStringLiteral("faults");
        row.tooltip = QStringLiteral("interruptions per time bin (%1 in all)").arg(faults);
        row.depth = 1;
        row.strip = GanttScene::kFaultStrip;
        scene.addRow(row);
    }
    legend.addTo(scene);
    if (faults > 0) {
        scene.addLegend({ LegendEntry::Kind::Fault, QStringLiteral("faults"), {}, false });
    }
    scene.setSource(density);
    scene.finalize();
    scene.setExtent(d.fromNs, d.toNs);
    return scene;
}

} // namespace ett::app
