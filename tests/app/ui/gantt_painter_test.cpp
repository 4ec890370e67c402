// The Gantt painter rendered into QImages at known zooms and checked at known pixels. With
// ETT_TIMELINE_PNG_DIR set, GanttScreenshots also writes the job, rank and fleet views of a
// generated fleet there as PNG files, for people to look at.
#include "app/ui/palette.h"
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"
#include "core/store/timeline.h"

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
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

TEST(GanttPainter, FoldsRunsOfTinySpansIntoACountedGreyBlock)
{
    GanttScene scene;
    const int row = scene.addRow({ QStringLiteral("many"), {}, 0, false, false, -1, -1, -1, {}, {} });
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
    EXPECT_EQ(r.at(r.x(t0 + 1000), top), GanttPainter::foldColor());
    EXPECT_EQ(r.at(r.x(t0 + 35000), top), categoryColor(core::Category::Train));
    // The count is written in the block.
    int dark = 0;
    for (int px = r.x(t0); px < r.x(t0 + 20000); ++px) {
        for (int py = static_cast<int>(bar.top()); py < static_cast<int>(bar.bottom()); ++py) {
            dark += r.at(px, py).lightness() < 80;
        }
    }
    EXPECT_GT(dark, 10);
    // Its strip samples the colours beneath: stall, the only one.
    EXPECT_EQ(r.at(r.x(t0 + 10000), static_cast<int>(bar.bottom()) - 2), categoryColor(core::Category::Stall));

    // Zoomed in far enough, the same spans are drawn one by one.
    const Render zoomed(scene, t0, t0 + 100, 100);
    EXPECT_EQ(zoomed.stats.foldsDrawn, 0);
    EXPECT_EQ(zoomed.stats.spansDrawn, 50);
}

TEST(GanttPainter, VisitsOnlyVisibleRowsAndDrawsNothingBelowTheLast)
{
    GanttScene scene;
    for (int i = 0; i < 50; ++i) {
        const int r = scene.addRow({ QStringLiteral("row %1").arg(i), {}, 0, false, false, -1, -1, -1, {}, {} });
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
        const int row = few.addRow({ QStringLiteral("row %1").arg(i), {}, 0, false, false, -1, -1, -1, {}, {} });
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

void savePng(const GanttScene& scene, const QString& path, int width, int maxHeight, int64_t from, int64_t to)
{
    GanttPainter painter;
    GanttLayout layout;
    layout.rowHeight = scene.preferredRowHeight();
    painter.setLayout(layout);
    const int height = std::min(maxHeight, static_cast<int>(layout.headerHeight + painter.contentHeight(scene) + 2));
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
    savePng(fleetScene, dir + QStringLiteral("/fleet_view.png"), 1600, 1400, fleetData->fromNs, fleetData->toNs);

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
}

} // namespace
} // namespace ett::app
