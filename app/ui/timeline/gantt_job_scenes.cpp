// The job view and the rank view of a core::JobTimeline (declared in gantt_scene.h).
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
    jobRow.tooltip = QCoreApplication::translate("Gantt", "job %1 (%2)\n%3\n%4 GPUs")
                         .arg(qs(t.key), qs(t.label), qs(t.name))
                         .arg(t.gpus);
    if (t.noCheckpointData) {
        jobRow.tooltip += QCoreApplication::translate("Gantt", "\nno checkpoint data: lost progress unknown");
    }
    jobRow.header = true;
    jobRow.job = job;
    if (!t.attempts.empty() && t.attempts.back().result.outcome == core::Outcome::Running) {
        jobRow.runningEndNs = t.attempts.back().result.endNs;
        jobRow.tooltip += runningNote();
    }
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
        row.tooltip = row.label + QCoreApplication::translate("Gantt", ", %1 GPUs\n").arg(a.result.gpus)
            + timesText(a.result.startNs, a.result.endNs);
        row.depth = 1;
        row.bracketLane = true;
        row.job = job;
        row.attempt = static_cast<int32_t>(i);
        if (a.result.outcome == core::Outcome::Running) {
            row.runningEndNs = a.result.endNs;
            row.tooltip += runningNote();
        }
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
// Recover brackets (with the split of its TTR, `split`). `rowAt` is the attempt row holding an
// instant.
void addAttemptMarks(GanttScene& scene, const core::TimelineAttempt& ta, const std::optional<core::TtrSplit>& split,
    int attemptRow, int jobRow, const std::function<int(int64_t)>& rowAt, JobMarks& marks)
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
        b.label = QStringLiteral("TTS ") + formatDuration(a.ttsNs);
        if (!a.firstTrainNs) {
            b.label += QCoreApplication::translate("Gantt", " (never trained)");
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
        b.label = QStringLiteral("TTR ") + formatDuration(*a.ttrNs);
        if (split) {
            // Spec 7.1: where the recovery went.
            b.label += QCoreApplication::translate("Gantt", " = detect %1 + restart %2 + start-up %3")
                           .arg(formatDuration(split->detectNs), formatDuration(split->restartNs),
                               formatDuration(split->startupNs));
        }
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
        scene.addLegend({ LegendEntry::Kind::Fault, QCoreApplication::translate("Gantt", "fault"), {}, false });
    }
    if (marks.durable) {
        scene.addLegend(
            { LegendEntry::Kind::CheckpointDurable, QCoreApplication::translate("Gantt", "checkpoint"), {}, false });
    }
    if (marks.failedCheckpoint) {
        scene.addLegend({ LegendEntry::Kind::CheckpointFailed,
            QCoreApplication::translate("Gantt", "checkpoint not durable"), {}, false });
    }
    scene.addLegend(
        { LegendEntry::Kind::TimeToStart, QCoreApplication::translate("Gantt", "time to start"), {}, false });
    if (marks.ttr) {
        scene.addLegend(
            { LegendEntry::Kind::TimeToRecover, QCoreApplication::translate("Gantt", "time to recover"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, foldLegend(), ColorKey::bucket(core::Bucket::Productive), false });
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
        addAttemptMarks(scene, t.attempts[i], core::ttrSplitOf(t, i), attemptRow[i], jobRow, rowAt, marks);
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
            header.label += QCoreApplication::translate("Gantt", " · %1 ranks").arg(ta.ranks.size());
        }
        header.tooltip = header.label + QLatin1Char('\n') + timesText(a.startNs, a.endNs);
        header.header = true;
        header.job = job;
        header.attempt = ai;
        if (a.outcome == core::Outcome::Running) {
            header.runningEndNs = a.endNs;
            header.tooltip += runningNote();
        }
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
            main.label = rank >= 0 ? rankText(ta, rank)
                                   : (multiRank ? QCoreApplication::translate("Gantt", "all ranks")
                                                : QCoreApplication::translate("Gantt", "phases"));
            main.tooltip = QCoreApplication::translate("Gantt", "attempt %1 · ").arg(a.number) + main.label;
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
                        sub.label = QCoreApplication::translate("Gantt", "init stages");
                        sub.tooltip = main.tooltip + QCoreApplication::translate("Gantt", " · init stages");
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
                        sub.label = QCoreApplication::translate("Gantt", "background");
                        sub.tooltip = main.tooltip
                            + QCoreApplication::translate("Gantt", " · background (never blocks training)");
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
        scene.addLegend({ LegendEntry::Kind::Fault, QCoreApplication::translate("Gantt", "fault"), {}, false });
    }
    scene.addLegend({ LegendEntry::Kind::Fold, foldLegend(), ColorKey::category(core::Category::Train), false });
    scene.finalize();
    return scene;
}

} // namespace ett::app
