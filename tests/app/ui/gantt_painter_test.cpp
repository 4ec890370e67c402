// The Gantt painter rendered into QImages at known zooms and checked at known pixels. With
// ETT_TIMELINE_PNG_DIR set, GanttScreenshots also writes the job, rank and fleet views of a
// generated fleet there as PNG files, for people to look at.
#include "app/service/local_fleet_source.h"
#include "app/ui/format/palette.h"
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"
#include "core/store/timeline.h"

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include "samples/synth/generator.h"
#include "tests/app/ui/timeline_fixtures.h"

namespace ett::app {
namespace {

using testing::at;
using testing::ensureApp;
using testing::kS;

constexpr int kWidth = 1000;

// Renders a scene into an image of kWidth x height with the axis fitted exactly to [from, to).
struct Render
{
    QImage image;
    GanttPainter painter;
    TimeAxis axis;
    GanttPaintStats stats;
    QRect rect;

    Render(const GanttScene& scene, int64_t from, int64_t to, int height, double scrollY = 0,
        const GanttHighlight& hl = {})
        : image(kWidth, height, QImage::Format_RGB32)
    {
        ensureApp();
        GanttLayout layout;
        layout.rowHeight = scene.preferredRowHeight();
        painter.setLayout(layout);
        rect = QRect(0, 0, kWidth, height);
        axis.setWidthPx(painter.timeAreaWidth(rect));
        axis.fit(from, to);
        image.fill(Qt::magenta);
        QPainter p(&image);
        stats = painter.paint(p, rect, scene, axis, scrollY, hl);
    }

    int x(int64_t ns) const { return static_cast<int>(painter.timeAreaLeft(rect) + axis.toPx(ns)); }
    QRectF bar(const GanttScene& scene, int row, double scrollY = 0) const
    {
        return painter.barRect(rect, scene.rows()[static_cast<size_t>(row)], row, scrollY);
    }
    QColor at(int px, int py) const { return image.pixelColor(px, py); }
};

GanttRow plainRow(const QString& label)
{
    GanttRow row;
    row.label = label;
    return row;
}

GanttScene jobScene()
{
    return buildJobScene(std::make_shared<const core::JobTimeline>(testing::workedExample()), 1);
}

TEST(GanttPainter, DrawsASegmentInItsBucketColourWhereItMustBe)
{
    const GanttScene scene = jobScene();
    const Render r(scene, at(0), at(58545), 200);
    // Attempt 0's first productive segment [1500, 11985) s on row 1, and compile [600, 1500).
    const int y = static_cast<int>(r.bar(scene, 1).center().y());
    EXPECT_EQ(r.at(r.x(at(6000)), y), bucketColor(core::Bucket::Productive));
    EXPECT_EQ(r.at(r.x(at(1050)), y), bucketColor(core::Bucket::Compile));
    // Attempt 1 on row 2: shutdown at its end; the job row 0 holds the gap as recovery.
    EXPECT_EQ(
        r.at(r.x(at(57500)), static_cast<int>(r.bar(scene, 2).center().y())), bucketColor(core::Bucket::Shutdown));
    EXPECT_EQ(
        r.at(r.x(at(37695)), static_cast<int>(r.bar(scene, 0).center().y())), bucketColor(core::Bucket::Recovery));
    // Nothing of attempt 1 before its start on its row (the row's background, or the gap's band).
    EXPECT_NE(
        r.at(r.x(at(20000)), static_cast<int>(r.bar(scene, 2).center().y())), bucketColor(core::Bucket::Productive));
    EXPECT_EQ(r.stats.rowsVisited, 3);
}

TEST(GanttPainter, DrawsARunningAttemptOpenEndedUpToTheLiveClock)
{
    // The worked example's last attempt, still running: it ends at the last read (57600 s).
    core::JobTimeline t = testing::workedExample();
    t.attempts.back().result.outcome = core::Outcome::Running;
    const GanttScene scene = buildJobScene(std::make_shared<const core::JobTimeline>(t), 1);
    const int row = static_cast<int>(scene.rows().size()) - 1;
    ASSERT_TRUE(scene.rows()[static_cast<size_t>(row)].runningEndNs.has_value());
    EXPECT_TRUE(scene.rows().front().runningEndNs.has_value()); // the job row too
    EXPECT_FALSE(scene.rows()[1].runningEndNs.has_value()); // attempt 0 ended
    const int64_t end = *scene.rows()[static_cast<size_t>(row)].runningEndNs;
    GanttHighlight live;
    live.liveNowNs = end + 4000 * kS;
    const Render r(scene, at(0), end + 6000 * kS, 200, 0, live);
    const Render still(scene, at(0), end + 6000 * kS, 200);
    const int y = static_cast<int>(r.bar(scene, row).center().y());
    // Live: between the data's end and now the row is drawn on (not the row's background), fading.
    const QColor near = r.at(r.x(end + 500 * kS), y);
    const QColor far = r.at(r.x(end + 3500 * kS), y);
    const QColor background = still.at(still.x(end + 500 * kS), y);
    EXPECT_NE(near, background);
    EXPECT_NE(near, far);
    // Past now, and without a live clock between the end and now, nothing is drawn.
    EXPECT_EQ(r.at(r.x(end + 5500 * kS), y), still.at(still.x(end + 5500 * kS), y));
    EXPECT_EQ(still.at(still.x(end + 2000 * kS), y), background);
    // The arrow head at now (live) and at the data's end (not live): dark.
    EXPECT_LT(r.at(r.x(end + 4000 * kS) + 2, y).lightness(), 60);
    EXPECT_LT(still.at(still.x(end) + 2, y).lightness(), 60);
    // A running attempt's tooltip says so.
    const SpanHit hit = scene.spanAt(row, end - 10 * kS, kS);
    ASSERT_TRUE(hit.valid());
    EXPECT_TRUE(scene.describe(hit).contains(QStringLiteral("running")));
}

TEST(GanttPainter, HatchesLostProgressWithTwoAlternatingColours)
{
    const GanttScene scene = jobScene();
    // Zoomed on the end of attempt 0: lost progress is [36345, 37545) s.
    const Render r(scene, at(36000), at(38000), 200);
    const QRectF bar = r.bar(scene, 1);
    const QColor base = bucketColor(core::Bucket::LostProgress);
    const QColor stripe = GanttPainter::hatchColorOf(ColorKey::bucket(core::Bucket::LostProgress));
    int baseCount = 0;
    int stripeCount = 0;
    int changes = 0;
    QColor last;
    // Along the right half of the span (its name is written in the left half).
    const int y = static_cast<int>(bar.center().y());
    for (int px = (r.x(at(36345)) + r.x(at(37545))) / 2; px < r.x(at(37545)) - 2; ++px) {
        const QColor c = r.at(px, y);
        ASSERT_TRUE(c == base || c == stripe) << "x " << px << " " << c.name().toStdString();
        baseCount += c == base;
        stripeCount += c == stripe;
        changes += last.isValid() && c != last;
        last = c;
    }
    EXPECT_GT(baseCount, stripeCount); // 5 of every 8 pixels
    EXPECT_GT(stripeCount, 20);
    EXPECT_GT(changes, 10) << "the stripes alternate along the span";
}

TEST(GanttPainter, DrawsTheTimeToStartBracketUnderTheAttempt)
{
    const GanttScene scene = jobScene();
    const Render r(scene, at(0), at(4000), 200);
    // TTS of attempt 0 spans [0, 1500) s in the bracket lane of row 1.
    const QRectF lane = r.painter.bracketLaneRect(r.rect, scene.rows()[1], 1, 0);
    ASSERT_FALSE(lane.isEmpty());
    const int y = static_cast<int>(std::round(lane.center().y()));
    const QColor tts = GanttPainter::bracketColor(GanttBracket::Kind::TimeToStart);
    // The line (the label sits in its middle at this zoom), and the end ticks above and below it.
    EXPECT_EQ(r.at(r.x(at(100)), y), tts);
    EXPECT_EQ(r.at(r.x(at(1400)), y), tts);
    EXPECT_EQ(r.at(r.x(at(1500)), y - 2), tts);
    EXPECT_EQ(r.at(r.x(at(1500)), y + 2), tts);
    EXPECT_NE(r.at(r.x(at(1700)), y), tts) << "the bracket ends at the first training";
    // Its label is drawn in the bracket's colour somewhere along the line.
    int labelPixels = 0;
    for (int px = r.x(at(300)); px < r.x(at(1200)); ++px) {
        for (int py = static_cast<int>(lane.top()); py < static_cast<int>(lane.bottom()); ++py) {
            labelPixels += r.at(px, py) != QColor(Qt::white) && py != y;
        }
    }
    EXPECT_GT(labelPixels, 10);
    EXPECT_EQ(r.stats.bracketsDrawn, 1) << "attempt 1's brackets are outside the window";
}

TEST(GanttPainter, FoldsRunsOfTinySpansIntoACountedBlockOfWhatTheyHold)
{
    GanttScene scene;
    const int row = scene.addRow(plainRow(QStringLiteral("many")));
    // 10000 spans of 1 ns every 2 ns over [0, 20000) ns, then one wide span [30000, 40000).
    const int64_t t0 = at(0);
    for (int i = 0; i < 10000; ++i) {
        scene.addSpan(row,
            { t0 + 2 * i, t0 + 2 * i + 1, -1, i, SpanKind::Phase, ColorKey::category(core::Category::Stall), false });
    }
    scene.addSpan(
        row, { t0 + 30000, t0 + 40000, -1, -1, SpanKind::Phase, ColorKey::category(core::Category::Train), false });
    scene.finalize();
    const Render r(scene, t0, t0 + 40000, 100);
    EXPECT_EQ(r.stats.foldsDrawn, 1);
    EXPECT_EQ(r.stats.spansFolded, 10000);
    EXPECT_EQ(r.stats.spansDrawn, 1);
    const QRectF bar = r.bar(scene, 0);
    const int top = static_cast<int>(bar.top()) + 2;
    // All of the fold is stall, the only colour it holds (not a grey that hides it).
    EXPECT_EQ(r.at(r.x(t0 + 1000), top), categoryColor(core::Category::Stall));
    EXPECT_EQ(r.at(r.x(t0 + 1000), static_cast<int>(bar.bottom()) - 2), categoryColor(core::Category::Stall));
    EXPECT_EQ(r.at(r.x(t0 + 35000), top), categoryColor(core::Category::Train));
    // The count is written in the block.
    int dark = 0;
    for (int px = r.x(t0); px < r.x(t0 + 20000); ++px) {
        for (int py = static_cast<int>(bar.top()); py < static_cast<int>(bar.bottom()); ++py) {
            dark += r.at(px, py).lightness() < 80;
        }
    }
    EXPECT_GT(dark, 10);

    // Zoomed in far enough, the same spans are drawn one by one.
    const Render zoomed(scene, t0, t0 + 100, 100);
    EXPECT_EQ(zoomed.stats.foldsDrawn, 0);
    EXPECT_EQ(zoomed.stats.spansDrawn, 50);
}

// A row of alternating tiny spans: `trainNs` of productive time then `saveNs` of checkpoint save,
// `count` times from t0 (a long job that checkpoints often, seen from afar).
GanttScene checkpointingRow(int64_t t0, int count, int64_t trainNs, int64_t saveNs)
{
    GanttScene scene;
    const int row = scene.addRow(plainRow(QStringLiteral("job")));
    int64_t t = t0;
    for (int i = 0; i < count; ++i) {
        scene.addSpan(
            row, { t, t + trainNs, -1, 2 * i, SpanKind::FleetSpan, ColorKey::bucket(core::Bucket::Productive), false });
        t += trainNs;
        scene.addSpan(row,
            { t, t + saveNs, -1, 2 * i + 1, SpanKind::FleetSpan, ColorKey::bucket(core::Bucket::CheckpointSave),
                false });
        t += saveNs;
    }
    scene.finalize();
    return scene;
}

// How many pixels of a column, from the bar's top, have a colour.
int runOf(const Render& r, int px, const QRectF& bar, const QColor& color)
{
    int n = 0;
    for (int py = static_cast<int>(bar.top()); py < static_cast<int>(bar.bottom()); ++py) {
        n += r.at(px, py) == color;
    }
    return n;
}

TEST(GanttPainter, AFoldOfHalfTrainAndHalfCheckpointShowsBothColours)
{
    const int64_t t0 = at(0);
    const GanttScene scene = checkpointingRow(t0, 20000, 1, 1);
    const Render r(scene, t0, t0 + 40000, 100);
    ASSERT_EQ(r.stats.foldsDrawn, 1);
    const QRectF bar = r.bar(scene, 0);
    const QColor train = bucketColor(core::Bucket::Productive);
    const QColor save = bucketColor(core::Bucket::CheckpointSave);
    // Away from the count in the middle: productive on top, checkpoint below, half the bar each.
    for (const int64_t ns : { t0 + 2000, t0 + 10000, t0 + 30000 }) {
        const int px = r.x(ns);
        EXPECT_EQ(r.at(px, static_cast<int>(bar.top()) + 1), train) << ns;
        EXPECT_EQ(r.at(px, static_cast<int>(bar.bottom()) - 1), save) << ns;
        const int trainPx = runOf(r, px, bar, train);
        const int savePx = runOf(r, px, bar, save);
        EXPECT_LE(std::abs(trainPx - savePx), 1) << "train " << trainPx << " save " << savePx;
        EXPECT_GE(trainPx + savePx, static_cast<int>(bar.height()) - 1);
    }
    // Three parts train to one part checkpoint: three quarters of the bar.
    const GanttScene mostlyTrain = checkpointingRow(t0, 10000, 3, 1);
    const Render r3(mostlyTrain, t0, t0 + 40000, 100);
    const int trainPx = runOf(r3, r3.x(t0 + 5000), bar, train);
    const int savePx = runOf(r3, r3.x(t0 + 5000), bar, save);
    EXPECT_NEAR(static_cast<double>(trainPx) / (trainPx + savePx), 0.75, 0.08);
}

TEST(GanttPainter, AWideFoldShowsWhereItsMixChanges)
{
    // The first half of the run trains, the second half saves checkpoints only.
    GanttScene scene;
    const int row = scene.addRow(plainRow(QStringLiteral("job")));
    const int64_t t0 = at(0);
    for (int i = 0; i < 20000; ++i) {
        const auto b = i < 10000 ? core::Bucket::Productive : core::Bucket::CheckpointSave;
        scene.addSpan(row, { t0 + 2 * i, t0 + 2 * i + 1, -1, i, SpanKind::FleetSpan, ColorKey::bucket(b), false });
    }
    scene.finalize();
    const Render r(scene, t0, t0 + 40000, 100);
    ASSERT_EQ(r.stats.foldsDrawn, 1);
    const int y = static_cast<int>(r.bar(scene, 0).top()) + 2;
    EXPECT_EQ(r.at(r.x(t0 + 4000), y), bucketColor(core::Bucket::Productive));
    EXPECT_EQ(r.at(r.x(t0 + 36000), y), bucketColor(core::Bucket::CheckpointSave));
}

TEST(LaneMix, SumsOfAnyRunEqualTheSpansTime)
{
    GanttScene scene;
    const int row = scene.addRow(plainRow(QStringLiteral("r")));
    // 1000 spans of varied colours and lengths, hatched lost progress among them.
    int64_t t = at(0);
    for (int i = 0; i < 1000; ++i) {
        const auto b = static_cast<core::Bucket>((i * 7) % 5);
        const int64_t d = 1 + (i * 13) % 17;
        scene.addSpan(row, { t, t + d, -1, i, SpanKind::FleetSpan, ColorKey::bucket(b), i % 11 == 0 });
        t += d + (i % 3);
    }
    scene.finalize();
    const GanttRow& g = scene.rows()[0];
    ASSERT_EQ(g.lanes.size(), 1u);
    ASSERT_EQ(g.mixes.size(), 1u);
    const auto& lane = g.lanes[0];
    const LaneMix& mix = g.mixes[0];
    EXPECT_EQ(mix.keys.size(), 10u); // five buckets, each plain and hatched
    for (const auto& [i, j] : std::vector<std::pair<size_t, size_t>> {
             { 0, 1000 }, { 0, 0 }, { 5, 6 }, { 31, 33 }, { 32, 64 }, { 17, 931 }, { 999, 1000 } }) {
        std::vector<int64_t> got(mix.keys.size(), 0);
        mix.addPrefix(lane, j, got.data());
        mix.addPrefix(lane, i, got.data(), -1);
        std::vector<int64_t> want(mix.keys.size(), 0);
        for (size_t k = i; k < j; ++k) {
            want[mix.keyOf(lane[k])] += lane[k].endNs - lane[k].startNs;
        }
        EXPECT_EQ(got, want) << i << ".." << j;
    }
}

TEST(GanttPainter, VisitsOnlyVisibleRowsAndDrawsNothingBelowTheLast)
{
    GanttScene scene;
    for (int i = 0; i < 50; ++i) {
        const int r = scene.addRow(plainRow(QStringLiteral("row %1").arg(i)));
        scene.addSpan(r, { at(0), at(100), -1, -1, SpanKind::Phase, ColorKey::category(core::Category::Train), false });
    }
    scene.finalize();
    // 22 px rows in 228 - 28 = 200 px: rows 10..19 (and a part of 20) at scrollY 220.
    const Render r(scene, at(0), at(100), 228, 220.0);
    EXPECT_EQ(r.stats.rowsVisited, 10);
    EXPECT_EQ(r.stats.spansDrawn, 10);

    // Three rows in a tall image: below them only the background.
    GanttScene few;
    for (int i = 0; i < 3; ++i) {
        const int row = few.addRow(plainRow(QStringLiteral("row %1").arg(i)));
        few.addSpan(row, { at(0), at(100), -1, -1, SpanKind::Phase, ColorKey::category(core::Category::Train), false });
    }
    few.finalize();
    const Render tall(few, at(0), at(100), 400);
    EXPECT_EQ(tall.stats.rowsVisited, 3);
    const int below = 28 + 3 * 22 + 2;
    for (int py = below; py < 400; py += 7) {
        for (int px = 200; px < kWidth; px += 50) {
            const QColor c = tall.at(px, py);
            ASSERT_TRUE(c == QColor(Qt::white) || c.red() == c.green()) << px << "," << py; // background or grid
        }
    }
    // Scrolled: the header stays on top of the rows.
    const Render scrolled(scene, at(0), at(100), 228, 11.0);
    EXPECT_NE(scrolled.at(500, 5), categoryColor(core::Category::Train));
}

TEST(GanttPainter, OutlinesTheSelectedSpanAndMarksFaults)
{
    const GanttScene scene = jobScene();
    GanttHighlight hl;
    hl.selectedSpan = scene.spanAt(1, at(6000), 0);
    const Render r(scene, at(0), at(58545), 200, 0, hl);
    const QRectF bar = r.bar(scene, 1);
    const int y = static_cast<int>(bar.center().y());
    // The outline's left edge at the segment's start, in black.
    EXPECT_EQ(r.at(r.x(at(1500)) - 1, y), QColor(Qt::black));
    EXPECT_EQ(r.at(r.x(at(6000)), static_cast<int>(bar.top()) - 1), QColor(Qt::black));
    // The fault at 37545 s: a dark line through the row.
    int darkAtFault = 0;
    for (int dx = -1; dx <= 1; ++dx) {
        darkAtFault += r.at(r.x(at(37545)) + dx, y).lightness() < 60;
    }
    EXPECT_GE(darkAtFault, 1);
    EXPECT_GE(r.stats.markersDrawn, 5); // the fault twice, and checkpoints
}

TEST(GanttPainter, DrawsTheHeaderWithTickLabels)
{
    const GanttScene scene = jobScene();
    const Render r(scene, at(0), at(58545), 200);
    // Some text in the header over the time area, and the context in the corner.
    int dark = 0;
    for (int px = 200; px < kWidth; ++px) {
        for (int py = 2; py < 20; ++py) {
            dark += r.at(px, py).lightness() < 100;
        }
    }
    EXPECT_GT(dark, 50);
    int cornerDark = 0;
    for (int px = 4; px < 170; ++px) {
        for (int py = 2; py < 26; ++py) {
            cornerDark += r.at(px, py).lightness() < 160;
        }
    }
    EXPECT_GT(cornerDark, 20);
}

// Rows of attempts too short for their bracket labels, side by side and one under the other.
GanttScene crowdedBrackets()
{
    GanttScene scene;
    const int64_t t0 = at(0);
    std::vector<int> rows;
    for (int r = 0; r < 6; ++r) {
        GanttRow row = plainRow(QStringLiteral("attempt %1").arg(r));
        row.bracketLane = true;
        rows.push_back(scene.addRow(row));
        scene.addSpan(rows.back(),
            { t0 + r * 10 * kS, t0 + (r * 10 + 4) * kS, -1, -1, SpanKind::Segment, ColorKey::bucket(core::Bucket::Init),
                false });
    }
    for (int r = 0; r < 6; ++r) {
        // Per row: a TTS, a TTR right after it, and (on even rows) a second pair at the same place.
        for (int copy = 0; copy < (r % 2 == 0 ? 2 : 1); ++copy) {
            GanttBracket tts;
            tts.kind = GanttBracket::Kind::TimeToStart;
            tts.startNs = t0 + r * 10 * kS;
            tts.endNs = tts.startNs + 4 * kS;
            tts.row = tts.linkRow = rows[static_cast<size_t>(r)];
            tts.label = QStringLiteral("TTS 25 min 00 s (never trained)");
            scene.addBracket(tts);
            GanttBracket ttr;
            ttr.kind = GanttBracket::Kind::TimeToRecover;
            ttr.startNs = tts.endNs;
            ttr.endNs = ttr.startNs + 7 * kS;
            ttr.row = rows[static_cast<size_t>(r)];
            ttr.linkRow = rows[static_cast<size_t>(std::min(r + 1, 5))];
            ttr.label = QStringLiteral("TTR 1 h 05 min");
            scene.addBracket(ttr);
        }
    }
    scene.finalize();
    return scene;
}

TEST(GanttPainter, BracketLabelsNeverOverlapEachOtherOrTheirNeighbours)
{
    const GanttScene scene = crowdedBrackets();
    for (const int64_t span : { 60 * kS, 80 * kS, 200 * kS }) {
        const Render r(scene, at(0), at(0) + span, 400);
        const auto& rects = r.stats.bracketLabelRects;
        EXPECT_EQ(static_cast<int>(rects.size()) + r.stats.bracketLabelsDropped, r.stats.bracketsDrawn);
        EXPECT_GE(rects.size(), 6u) << "every row keeps a label";
        for (size_t i = 0; i < rects.size(); ++i) {
            EXPECT_GE(rects[i].left(), r.painter.timeAreaLeft(r.rect));
            EXPECT_LE(rects[i].right(), kWidth);
            for (size_t j = i + 1; j < rects.size(); ++j) {
                EXPECT_FALSE(rects[i].intersects(rects[j]))
                    << span / kS << " s: label " << i << " and " << j << " overlap";
            }
        }
        // The labels are drawn: pixels of both bracket colours inside their rectangles.
        const QColor white(Qt::white);
        int tts = 0;
        int ttr = 0;
        for (const QRectF& rc : rects) {
            for (int py = static_cast<int>(rc.top()); py < static_cast<int>(rc.bottom()); ++py) {
                for (int px = static_cast<int>(rc.left()); px < static_cast<int>(rc.right()); ++px) {
                    // Anti-aliased text: bluish ink is a TTS label's, reddish a TTR label's.
                    const QColor c = r.at(px, py);
                    tts += c != white && c.blue() > c.red() + 20;
                    ttr += c != white && c.red() > c.blue() + 20;
                }
            }
        }
        EXPECT_GT(tts, 10);
        EXPECT_GT(ttr, 10);
    }
}

TEST(GanttPainter, DensityViewHasAPixelForEveryJob)
{
    // 5000 jobs, one band each, in a grid far shorter than 5000 pixels.
    const auto density = std::make_shared<const FleetDensity>(testing::staircase(5000, 820, 5000));
    const GanttScene scene = buildDensityScene(density);
    ASSERT_EQ(scene.mode(), GanttScene::Mode::Density);
    const Render r(scene, scene.startNs(), scene.endNs(), 700);
    const QRectF grid = r.painter.densityGridRect(r.rect, scene, 0);
    ASSERT_GT(grid.height(), 400.0);
    const QColor white(Qt::white);
    int missing = 0;
    int strayInk = 0;
    for (int k = 0; k < 5000; ++k) {
        const int y = static_cast<int>(grid.top() + (k + 0.5) / 5000.0 * grid.height());
        missing += r.at(r.x(at(10 * k + 5)), y) == white;
        // Half the fleet away in time, that line is empty.
        strayInk += r.at(r.x(at(10 * ((k + 2500) % 5000) + 5)), y) != white;
    }
    EXPECT_EQ(missing, 0);
    EXPECT_EQ(strayInk, 0);
    // The rows above the grid: productive, then faults.
    ASSERT_EQ(scene.rows().size(), 2u);
    EXPECT_EQ(scene.rows()[0].strip, static_cast<int>(core::Bucket::Productive));
    EXPECT_EQ(scene.rows()[1].strip, GanttScene::kFaultStrip);
}

TEST(GanttPainter, DensityStripsShowAWaveOfRecoveries)
{
    // 1000 jobs train over [0, 10000) s; 300 of them recover over [5000, 5200) s at once, and one
    // alone over [2000, 2200) s.
    FleetDensityBuilder b(at(0), at(10000), 500, 1000, 1000);
    const auto productive = static_cast<uint8_t>(core::Bucket::Productive);
    const auto recovery = static_cast<uint8_t>(core::Bucket::Recovery);
    for (int k = 0; k < 1000; ++k) {
        b.beginJob(k, "job-" + std::to_string(k));
        if (k < 300) {
            b.addSpan(at(0), at(5000), productive);
            b.addSpan(at(5000), at(5200), recovery);
            b.addSpan(at(5200), at(10000), productive);
        } else if (k == 999) {
            b.addSpan(at(0), at(2000), productive);
            b.addSpan(at(2000), at(2200), recovery);
            b.addSpan(at(2200), at(10000), productive);
        } else {
            b.addSpan(at(0), at(10000), productive);
        }
    }
    const GanttScene scene = buildDensityScene(std::make_shared<const FleetDensity>(b.finish()));
    int row = -1;
    for (size_t i = 0; i < scene.rows().size(); ++i) {
        row = scene.rows()[i].strip == static_cast<int>(core::Bucket::Recovery) ? static_cast<int>(i) : row;
    }
    ASSERT_GE(row, 0);
    const Render r(scene, scene.startNs(), scene.endNs(), 500);
    const int y = static_cast<int>(r.bar(scene, row).center().y());
    const int wave = r.at(r.x(at(5100)), y).lightness();
    const int lone = r.at(r.x(at(2100)), y).lightness();
    const int none = r.at(r.x(at(8000)), y).lightness();
    EXPECT_LT(wave + 60, lone) << "the wave is much darker than one job";
    EXPECT_LT(lone, none) << "a lone recovery still shows";
    EXPECT_EQ(r.at(r.x(at(8000)), y), QColor(Qt::white));
}

// --- screenshots for people ---------------------------------------------------------------

// A generated fleet imported into a temporary database, with the timelines of its jobs.
struct GeneratedFleet
{
    std::vector<core::JobTimeline> jobs;
};

GeneratedFleet generateFleet(const QString& dir, int jobCount)
{
    GeneratedFleet out;
    core::GeneratorOptions options;
    options.jobs = jobCount;
    options.seed = 11;
    options.days = 5;
    core::FleetGenerator gen(options);
    const std::string trace = (dir + QStringLiteral("/fleet.ett.jsonl")).toStdString();
    std::vector<std::string> keys;
    {
        std::string text = core::generatorHeaderLine(options) + "\n";
        core::GeneratedJob job;
        while (gen.next(job)) {
            core::appendJobLines(job, text);
            keys.push_back(job.job.job);
        }
        std::ofstream(trace) << text;
    }
    auto db = core::Database::open(
        (dir + QStringLiteral("/fleet.db")).toStdString(), core::Database::OpenMode::CreateIfMissing);
    EXPECT_TRUE(db.ok());
    if (!db.ok()) {
        return out;
    }
    auto imported = core::importTraceFile(**db, trace, core::ImportOptions {});
    EXPECT_TRUE(imported.ok()) << (imported.ok() ? "" : imported.error().message);
    for (const std::string& key : keys) {
        auto id = core::findJobId(**db, "default", key);
        if (id.ok() && id->has_value()) {
            auto t = core::loadJobTimeline(**db, **id);
            if (t.ok()) {
                out.jobs.push_back(std::move(*t));
            }
        }
    }
    return out;
}

FleetTimelineData fleetOf(const std::vector<core::JobTimeline>& jobs)
{
    FleetTimelineData d;
    d.fromNs = std::numeric_limits<int64_t>::max();
    d.toNs = std::numeric_limits<int64_t>::min();
    for (size_t j = 0; j < jobs.size(); ++j) {
        const core::JobTimeline& t = jobs[j];
        FleetTimelineRow row;
        row.job = static_cast<int32_t>(j);
        row.key = t.key;
        row.label = t.label;
        row.gpus = t.gpus;
        for (const core::TimelineAttempt& a : t.attempts) {
            for (const core::Segment& s : a.result.segments) {
                row.spans.push_back({ s.startNs, s.endNs, static_cast<uint8_t>(s.bucket) });
            }
            if (a.result.gapAfterNs > 0) {
                row.spans.push_back({ a.result.endNs, a.result.endNs + a.result.gapAfterNs,
                    static_cast<uint8_t>(core::Bucket::Recovery) });
            }
            if (a.result.faultNs) {
                row.faults.push_back(
                    { *a.result.faultNs, static_cast<uint8_t>(a.result.interruption), a.result.number });
            }
        }
        d.fromNs = std::min(d.fromNs, t.windowStartNs);
        d.toNs = std::max(d.toNs, t.windowEndNs);
        d.rows.push_back(std::move(row));
    }
    std::stable_sort(d.rows.begin(), d.rows.end(), [](const FleetTimelineRow& a, const FleetTimelineRow& b) {
        return a.spans.front().startNs < b.spans.front().startNs;
    });
    return d;
}

// The generated fleet's database, loaded as the window loads it.
struct LoadedFleet
{
    std::unique_ptr<core::Database> db;
    std::unique_ptr<LocalFleetSource> source;
};

LoadedFleet loadFleet(const QString& dir)
{
    LoadedFleet out;
    auto db
        = core::Database::open((dir + QStringLiteral("/fleet.db")).toStdString(), core::Database::OpenMode::ReadOnly);
    EXPECT_TRUE(db.ok());
    if (!db.ok()) {
        return out;
    }
    out.db = std::move(*db);
    auto source = LocalFleetSource::load(*out.db, {});
    EXPECT_TRUE(source.ok());
    if (source.ok()) {
        out.source = std::move(*source);
    }
    return out;
}

TEST(FleetDensity, TheLocalSourceBinsAsTheReferenceDoes)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    ASSERT_FALSE(generateFleet(tmp.path(), 80).jobs.empty());
    LoadedFleet fleet = loadFleet(tmp.path());
    ASSERT_TRUE(fleet.source);
    const FleetVocabulary v = fleet.source->vocabulary();
    core::CohortSpec all;
    // The local source bins from the engine's columns; the interface's default from every row of
    // fleetTimeline. Both must give the same grid, bin for bin.
    for (const auto& [from, to] : std::vector<std::pair<int64_t, int64_t>> { { v.firstNs, v.lastNs + 1 },
             { v.firstNs + (v.lastNs - v.firstNs) / 3, v.lastNs - (v.lastNs - v.firstNs) / 3 } }) {
        auto local = fleet.source->fleetDensity(all, from, to, 300, 40);
        auto reference = fleet.source->FleetSource::fleetDensity(all, from, to, 300, 40);
        ASSERT_TRUE(local.ok() && reference.ok());
        EXPECT_GT(local->jobs, 0);
        EXPECT_EQ(local->rows, std::min<int64_t>(local->jobs, 40));
        EXPECT_EQ(local->fromNs, reference->fromNs);
        EXPECT_EQ(local->toNs, reference->toNs);
        EXPECT_GE(local->fromNs, from);
        EXPECT_LE(local->toNs, to);
        EXPECT_EQ(local->jobs, reference->jobs);
        EXPECT_EQ(local->spans, reference->spans);
        EXPECT_EQ(local->rowFirstJob, reference->rowFirstJob);
        EXPECT_EQ(local->rowJobs, reference->rowJobs);
        EXPECT_EQ(local->cellBucket, reference->cellBucket);
        EXPECT_EQ(local->cellCover, reference->cellCover);
        EXPECT_EQ(local->bucketNs, reference->bucketNs);
        EXPECT_EQ(local->faults, reference->faults);
    }
}

void savePng(const GanttScene& scene, const QString& path, int width, int maxHeight, int64_t from, int64_t to)
{
    GanttPainter painter;
    GanttLayout layout;
    layout.rowHeight = scene.preferredRowHeight();
    painter.setLayout(layout);
    // The density view's grid takes whatever height is left below its rows.
    const int height = scene.density()
        ? maxHeight
        : std::min(maxHeight, static_cast<int>(layout.headerHeight + painter.contentHeight(scene) + 2));
    QImage image(width, height, QImage::Format_RGB32);
    const QRect rect(0, 0, width, height);
    TimeAxis axis;
    axis.setWidthPx(painter.timeAreaWidth(rect));
    axis.setBounds(scene.startNs(), scene.endNs());
    axis.fit(from, to, 0.02);
    QPainter p(&image);
    painter.paint(p, rect, scene, axis, 0);
    p.end();
    EXPECT_TRUE(image.save(path)) << path.toStdString();
}

TEST(GanttScreenshots, WritesPngsWhenAsked)
{
    const QString dir = qEnvironmentVariable("ETT_TIMELINE_PNG_DIR");
    if (dir.isEmpty()) {
        GTEST_SKIP() << "set ETT_TIMELINE_PNG_DIR to write the job, rank and fleet views as PNG files";
    }
    ensureApp();
    QDir().mkpath(dir);
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const GeneratedFleet fleet = generateFleet(tmp.path(), 120);
    ASSERT_FALSE(fleet.jobs.empty());
    // The job to show: the most attempts among jobs with per-rank phases (else overall).
    const core::JobTimeline* pick = &fleet.jobs.front();
    auto score = [](const core::JobTimeline& t) {
        bool ranks = false;
        for (const auto& a : t.attempts) {
            ranks = ranks || !a.ranks.empty();
        }
        return static_cast<int>(t.attempts.size()) + (ranks ? 100 : 0);
    };
    for (const core::JobTimeline& t : fleet.jobs) {
        if (score(t) > score(*pick)) {
            pick = &t;
        }
    }
    const auto timeline = std::make_shared<const core::JobTimeline>(*pick);
    const GanttScene job = buildJobScene(timeline, 0);
    savePng(job, dir + QStringLiteral("/job_view.png"), 1600, 900, job.startNs(), job.endNs());
    // The first attempt's first hour, where init and compile are.
    const int64_t a0 = timeline->attempts.front().result.startNs;
    savePng(job, dir + QStringLiteral("/job_view_zoomed.png"), 1600, 900, a0, a0 + 3600 * kS);
    const GanttScene ranks = buildRankScene(timeline, 0);
    savePng(ranks, dir + QStringLiteral("/rank_view.png"), 1600, 1200, ranks.startNs(), ranks.endNs());
    savePng(ranks, dir + QStringLiteral("/rank_view_zoomed.png"), 1600, 1200, a0, a0 + 1800 * kS);
    const auto fleetData = std::make_shared<const FleetTimelineData>(fleetOf(fleet.jobs));
    const GanttScene fleetScene = buildFleetScene(fleetData);
    savePng(fleetScene, dir + QStringLiteral("/fleet_view.png"), 1600, 1400, fleetScene.startNs(), fleetScene.endNs());
    LoadedFleet loaded = loadFleet(tmp.path());
    ASSERT_TRUE(loaded.source);
    const FleetVocabulary v = loaded.source->vocabulary();
    auto density = loaded.source->fleetDensity({}, v.firstNs, v.lastNs + 1, 1420, 700);
    ASSERT_TRUE(density.ok());
    const auto densityData = std::make_shared<const FleetDensity>(std::move(*density));
    const GanttScene densityScene = buildDensityScene(densityData);
    savePng(densityScene, dir + QStringLiteral("/density_view.png"), 1600, 1000, densityScene.startNs(),
        densityScene.endNs());

    // The whole page, toolbar and legend included.
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    view.resize(1400, 560);
    state.openJob(0, QString::fromStdString(pick->key));
    view.showJobTimeline(*pick);
    view.show();
    EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/timeline_view_job.png")));
    state.navigate(Location {});
    view.showFleetTimeline(*fleetData);
    EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/timeline_view_fleet.png")));
    view.showFleetDensity(*densityData);
    view.setMode(TimelineView::Mode::Density);
    // A large grid's scene is built on the thread pool.
    EXPECT_TRUE(QTest::qWaitFor([&] { return view.scene().mode() == GanttScene::Mode::Density; }, 60'000));
    EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/timeline_view_density.png")));
}

// With ETT_TIMELINE_DB naming a database (e.g. a large generated fleet), writes its fleet and
// density views as the timeline page shows them, at two window sizes.
TEST(GanttScreenshots, WritesADatabasesFleetAndDensityWhenAsked)
{
    const QString dir = qEnvironmentVariable("ETT_TIMELINE_PNG_DIR");
    const QString dbPath = qEnvironmentVariable("ETT_TIMELINE_DB");
    if (dir.isEmpty() || dbPath.isEmpty()) {
        GTEST_SKIP() << "set ETT_TIMELINE_PNG_DIR and ETT_TIMELINE_DB to write a database's fleet and density views";
    }
    ensureApp();
    QDir().mkpath(dir);
    auto db = core::Database::open(dbPath.toStdString(), core::Database::OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto source = LocalFleetSource::load(**db, {});
    ASSERT_TRUE(source.ok()) << source.error().message;
    const FleetVocabulary v = (*source)->vocabulary();
    for (const QSize size : { QSize(1600, 1000), QSize(1280, 800) }) {
        WorkbenchState state;
        TimelineView view(&state, nullptr);
        view.resize(size);
        view.show();
        QTest::qWait(50);
        auto fleet = (*source)->fleetTimeline({}, v.firstNs, v.lastNs + 1, TimelineView::kMaxFleetRows);
        ASSERT_TRUE(fleet.ok());
        view.showFleetTimeline(*fleet);
        EXPECT_TRUE(QTest::qWaitFor([&] { return view.scene().mode() == GanttScene::Mode::Fleet; }, 60'000));
        const QString suffix = QStringLiteral("_%1x%2.png").arg(size.width()).arg(size.height());
        QTest::qWait(50); // the legend's layout
        EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/db_fleet") + suffix));
        const auto [columns, rows] = view.densityGrid();
        auto density = (*source)->fleetDensity({}, v.firstNs, v.lastNs + 1, columns, rows);
        ASSERT_TRUE(density.ok());
        view.showFleetDensity(*density);
        view.setMode(TimelineView::Mode::Density);
        EXPECT_TRUE(QTest::qWaitFor([&] { return view.scene().mode() == GanttScene::Mode::Density; }, 60'000));
        QTest::qWait(50);
        EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/db_density") + suffix));
    }
}

} // namespace
} // namespace ett::app
