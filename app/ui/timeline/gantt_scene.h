// What the Gantt timeline draws, as plain data without widgets: rows of
// spans, markers and brackets over one wall-clock axis, plus the legend. Three builders turn
// the data service's results into scenes: the job view and the rank view of a core::JobTimeline,
// and the fleet view of FleetTimelineData. The painter (gantt_painter.h) draws a scene; the
// widget hit-tests it; the PDF report can reuse both.
//
// Design note: a frame must only touch what is visible (Tracy). Rows are in display order, so
// the visible ones follow from the scroll offset alone. Spans of a row are split into lanes of
// non-overlapping spans sorted by start (phases may overlap: a stall inside a train chunk lands
// in a second lane, drawn on top), so that starts and ends of a lane both increase and a binary
// search finds the first visible span and skips runs of tiny ones. finalize() builds the lanes
// and, per lane, running sums of time per colour (LaneMix), so that a folded run of tiny spans
// shows what it holds at a cost that does not grow with the run's length.
#pragma once

#include "app/ui/data/types.h"
#include "core/model/job_timeline.h"
#include "core/model/types.h"

#include <QImage>
#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ett::app {

// What the user selected on the timeline, for the details panel.
enum class SelectionKind : uint8_t { None, Attempt, Phase, Segment, Job };

struct TimelineSelection
{
    SelectionKind kind = SelectionKind::None;
    int32_t job = -1; // engine job index (-1: unknown)
    int32_t attempt = -1; // attempt number (-1: none, e.g. a fleet span or a whole job)
    int64_t startNs = 0; // the selected interval, half-open
    int64_t endNs = 0;
    std::optional<core::Bucket> bucket; // segments and fleet spans
    std::optional<core::Category> category; // phases
    QString subcategory; // phases: "" when none
    int32_t rank = -1; // phases and rank rows: -1 for the whole attempt
    QString text; // a few lines describing it (what, times in RFC 3339, duration)

    bool operator==(const TimelineSelection&) const = default;
};

// A span's colour: a bucket (job and fleet views) or a phase category (rank view).
struct ColorKey
{
    enum class Kind : uint8_t { None, Bucket, Category };
    Kind kind = Kind::None;
    uint8_t code = 0; // core::Bucket or core::Category

    static ColorKey bucket(core::Bucket b) { return { Kind::Bucket, static_cast<uint8_t>(b) }; }
    static ColorKey category(core::Category c) { return { Kind::Category, static_cast<uint8_t>(c) }; }
    bool operator==(const ColorKey&) const = default;
};

// What a span stands for; with GanttSpan::attempt and ::item it leads back to the source.
enum class SpanKind : uint8_t {
    Segment, // item: index into the attempt's result.segments
    Gap, // the recovery gap after the attempt (item -1)
    Phase, // item: index into the attempt's phases
    PhaseGroup, // the union of a run of init stages on a rank row; item: its first phase
    FleetSpan, // item: index into the fleet row's spans
};

// One bar. 32 bytes: a million of them fit in 32 MB.
struct GanttSpan
{
    int64_t startNs = 0; // half-open [startNs, endNs), startNs < endNs
    int64_t endNs = 0;
    int32_t attempt = -1; // index into JobTimeline::attempts (job and rank views), else -1
    int32_t item = -1; // see SpanKind
    SpanKind what = SpanKind::Segment;
    ColorKey color;
    bool hatched = false; // lost progress: drawn with diagonal stripes
};

struct GanttMarker
{
    enum class Kind : uint8_t { Fault, Checkpoint };
    Kind kind = Kind::Fault;
    int64_t atNs = 0; // the fault instant, or the checkpoint's start (the state captured)
    int64_t untilNs = 0; // checkpoint: when it became durable (== atNs when immediate); fault: atNs
    bool durable = true; // checkpoint: became restorable (false: failed)
    core::Interruption interruption = core::Interruption::None; // fault: how it counts
    int32_t attempt = -1; // attempt number
    QString text; // tooltip: "failure infra.gpu.hbm (explicit): XID 48", "checkpoint step 1200 ..."
};

struct GanttBracket
{
    enum class Kind : uint8_t { TimeToStart, TimeToRecover };
    Kind kind = Kind::TimeToStart;
    int64_t startNs = 0; // TTS: attempt start; TTR: the fault instant
    int64_t endNs = 0; // the first instant of training (productive or lost progress)
    int row = -1; // drawn in the bracket lane of this row (TTR: the interrupted attempt's)
    int linkRow = -1; // the row of the far end (TTR: where training resumes), joined by a dashed
                      // line at endNs; == row for TTS
    int32_t attempt = -1; // attempt number (TTS: the attempt; TTR: the interrupted one)
    QString label; // "TTS 25 min 00 s"
};

// A vertical band behind all rows (the recovery gaps between attempts).
struct GanttBand
{
    int64_t startNs = 0;
    int64_t endNs = 0;
    ColorKey color;
};

struct LegendEntry
{
    enum class Kind : uint8_t { Swatch, Fault, CheckpointDurable, CheckpointFailed, TimeToStart, TimeToRecover, Fold };
    Kind kind = Kind::Swatch;
    QString label;
    ColorKey color; // Swatch; Fold: the colour its icon shows stacked over grey
    bool hatched = false; // Swatch only
};

// A lane's time per colour over its prefixes, for the mix of a folded run of spans. Sums are kept
// every kBlock spans only (a million spans of eight colours take 2 MB, not 64 MB); the sum over any
// run [i, j) then costs O(colours + kBlock), whatever its length. Built by GanttScene::finalize().
struct LaneMix
{
    static constexpr size_t kBlock = 32;
    struct Key
    {
        ColorKey color;
        bool hatched = false;
        bool operator==(const Key&) const = default;
    };
    std::vector<Key> keys; // the lane's distinct colours, buckets then categories, in enum order
    std::vector<int64_t> blockSums; // (lane.size() / kBlock + 1) x keys.size(): time of spans [0, b * kBlock)

    // Adds the time per key of spans [0, end) of `lane` (the lane this mix was built from) to
    // out[0 .. keys.size()); negative `sign` subtracts it.
    void addPrefix(const std::vector<GanttSpan>& lane, size_t end, int64_t* out, int sign = 1) const;
    // The index of a span's key in keys (keys.size() when absent).
    size_t keyOf(const GanttSpan& span) const;
};

struct GanttRow
{
    QString label;
    QString tooltip; // shown over the label column
    int depth = 0; // indentation level of the label (nested sub-rows: 1, 2)
    bool header = false; // a group header (an attempt in the rank view): bold, tinted
    bool bracketLane = false; // the bottom of the row is kept for brackets
    int32_t job = -1; // engine job index (fleet view: the row's job)
    int32_t attempt = -1; // index into JobTimeline::attempts, -1 for none
    int32_t rank = -1; // rank rows: the rank
    int strip = -1; // density view: the bucket whose share of jobs this row shows (kFaultStrip: faults)
    // A running attempt's row (job view: its row and the job's; rank view: its header): the end the
    // data gives (the time of the last read); the painter draws it open-ended from there to now.
    std::optional<int64_t> runningEndNs;
    // After finalize(): non-overlapping spans, each lane sorted by start (and so by end).
    std::vector<std::vector<GanttSpan>> lanes;
    std::vector<LaneMix> mixes; // after finalize(): one per lane
    std::vector<GanttMarker> markers; // sorted by atNs after finalize()
};

// Identifies one span of a scene: rows()[row].lanes[lane][index].
struct SpanHit
{
    int row = -1;
    int lane = -1;
    int index = -1;

    bool valid() const { return row >= 0 && lane >= 0 && index >= 0; }
    bool operator==(const SpanHit&) const = default;
};

class GanttScene
{
public:
    enum class Mode : uint8_t { Empty, Job, Ranks, Fleet, Density };
    // GanttRow::strip of the density view's row of faults.
    static constexpr int kFaultStrip = 0xFF;

    GanttScene() = default;

    Mode mode() const { return m_mode; }
    const std::vector<GanttRow>& rows() const { return m_rows; }
    const std::vector<GanttBracket>& brackets() const { return m_brackets; }
    const std::vector<GanttBand>& bands() const { return m_bands; }
    const std::vector<LegendEntry>& legend() const { return m_legend; }
    // The extent of everything in the scene; both 0 when the scene is empty.
    int64_t startNs() const { return m_startNs; }
    int64_t endNs() const { return m_endNs; }
    // The row height this scene reads best at (taller when rows carry bracket lanes).
    int preferredRowHeight() const { return m_preferredRowHeight; }
    int32_t job() const { return m_job; }
    const core::JobTimeline* timeline() const { return m_timeline.get(); }
    const FleetTimelineData* fleet() const { return m_fleet.get(); }
    // The density view's grid, and that grid as an image: one pixel per bin and band of jobs, in
    // its bucket's colour, paler where jobs cover less of it, transparent where none. Null / empty
    // in other views.
    const FleetDensity* density() const { return m_density.get(); }
    const QImage& densityImage() const { return m_densityImage; }
    // The heat strips as an image of columns x (kBucketCount + 1) pixels: line b for bucket b (how
    // many jobs are in it per bin, darker for more, relative to its peak), the last for faults.
    const QImage& stripImage() const { return m_stripImage; }
    int64_t spanCount() const { return m_spanCount; }

    // --- building (the builders below use these; tests may too)
    void setMode(Mode mode) { m_mode = mode; }
    void setJob(int32_t job) { m_job = job; }
    void setPreferredRowHeight(int px) { m_preferredRowHeight = px; }
    void setSource(std::shared_ptr<const core::JobTimeline> timeline) { m_timeline = std::move(timeline); }
    void setSource(std::shared_ptr<const FleetTimelineData> fleet) { m_fleet = std::move(fleet); }
    // Sets the density grid and renders its image (rows x columns pixels).
    void setSource(std::shared_ptr<const FleetDensity> density);
    // Appends a row; returns its index.
    int addRow(GanttRow row);
    // Adds a span to a row; empty spans (end <= start) are dropped. Call finalize() after.
    void addSpan(int row, const GanttSpan& span);
    void addMarker(int row, GanttMarker marker);
    void addBracket(GanttBracket bracket);
    void addBand(GanttBand band);
    void addLegend(LegendEntry entry);
    // Sorts spans into lanes and markers by time and computes the extent. Call once, last.
    void finalize();
    // Overrides the extent computed by finalize() (the fleet view shows its whole range).
    void setExtent(int64_t startNs, int64_t endNs);

    // --- queries (valid after finalize)
    // The index of the first span of a lane that ends after ns (lane.size() when none).
    static size_t firstEndingAfter(const std::vector<GanttSpan>& lane, int64_t ns);
    // The index of the first span of a lane that starts at or after ns.
    static size_t firstStartingAt(const std::vector<GanttSpan>& lane, int64_t ns);
    const GanttSpan* span(const SpanHit& hit) const;
    // The top-most span of a row within slackNs of ns (the nearest one when several qualify);
    // an invalid hit when none.
    SpanHit spanAt(int row, int64_t ns, int64_t slackNs) const;
    // The marker of a row nearest to ns within slackNs; nullptr when none.
    const GanttMarker* markerAt(int row, int64_t ns, int64_t slackNs) const;
    // The selection a click on a span or on a row's label makes.
    TimelineSelection selectionFor(const SpanHit& hit) const;
    TimelineSelection selectionForRow(int row) const;
    // What a span is called in its bar ("train", "device_init", "lost progress").
    QString spanName(const GanttSpan& span) const;
    // Tooltip text of a span: what, where, start and end in RFC 3339, duration.
    QString describe(const SpanHit& hit) const;
    QString describe(const GanttMarker& marker) const;
    QString describe(const GanttBracket& bracket) const;
    // Density view: what a heat strip row shows at ns, and what band `band` of the grid holds
    // (which jobs, the bucket it spends most of the bin at ns in).
    QString describeStrip(int row, int64_t ns) const;
    QString describeBand(int band, int64_t ns) const;

private:
    Mode m_mode = Mode::Empty;
    std::vector<GanttRow> m_rows;
    std::vector<std::vector<GanttSpan>> m_pending; // per row, before finalize()
    std::vector<GanttBracket> m_brackets;
    std::vector<GanttBand> m_bands;
    std::vector<LegendEntry> m_legend;
    int64_t m_startNs = 0;
    int64_t m_endNs = 0;
    int64_t m_spanCount = 0;
    int m_preferredRowHeight = 22;
    int32_t m_job = -1;
    std::shared_ptr<const core::JobTimeline> m_timeline;
    std::shared_ptr<const FleetTimelineData> m_fleet;
    std::shared_ptr<const FleetDensity> m_density;
    QImage m_densityImage;
    QImage m_stripImage;
};

// The job view: a first row for the whole job (segments and gaps), then one row per attempt on
// the same wall-clock axis: segments coloured by bucket (lost progress hatched), recovery gaps as
// bands behind all rows, Time to Start and Time to Recover brackets, fault markers with cause and
// symptom, checkpoint ticks (durable or not). `job` is the engine job index, carried into
// selections. Pure; safe from any thread.
GanttScene buildJobScene(std::shared_ptr<const core::JobTimeline> timeline, int32_t job);

// The rank view: per attempt a header row (its segments by bucket), a row of the phases without
// rank and, for attempts with per-rank phases, one row per rank, coloured by category. Init
// stages (category init with a subcategory) go to an indented sub-row under their rank, shown on
// the rank row as one init bar per run; background work goes to its own sub-row. With
// `attemptNumber`, that attempt alone (the view of one attempt lists its own ranks). Pure.
GanttScene buildRankScene(std::shared_ptr<const core::JobTimeline> timeline, int32_t job,
    std::optional<int32_t> attemptNumber = std::nullopt);

// The fleet view: one row per job, spans coloured by bucket (lost progress hatched), fault markers
// by interruption class. The extent is the jobs' (within the data's range), not the whole range.
// Pure.
GanttScene buildFleetScene(std::shared_ptr<const FleetTimelineData> data);

// The fleet's density view: every job at once. A row per bucket the jobs spend time in, a heat strip
// of how many jobs are in it over time (so that waves of failures and recoveries stand out), a row
// of faults per bin, then the grid of every job (density()), drawn below the rows. The extent is
// the grid's. Pure.
GanttScene buildDensityScene(std::shared_ptr<const FleetDensity> density);

// Human names of selection kinds ("phase", "attempt").
QString selectionKindName(SelectionKind kind);

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::TimelineSelection)
