// A job's Gantt on a report page, its time axis cut where no attempt ran for long: a job whose
// first attempt failed and that waited a week for the next showed its attempts as a sliver at the
// right end of the page. Each piece of the axis has its own scale and ticks; a cut is drawn as a
// gap with two slanted strokes.
#pragma once

#include "app/report/report_layout.h"
#include "app/service/report_content.h"
#include "app/ui/timeline/gantt_painter.h"

#include <QRect>

#include <cstdint>
#include <utility>
#include <vector>

class QPainter;

namespace ett::app::report {

// A piece of a cut time axis: [startNs, endNs) drawn from x (relative to the time area's left)
// across width pixels.
struct AxisPiece
{
    int64_t startNs = 0;
    int64_t endNs = 0;
    double x = 0;
    double width = 0;
};

// The pieces of [startNs, endNs) across widthPx: cut at the longest stretches without an attempt
// (`busy`: the attempts' [start, end), any order) while such a stretch takes at least
// kCutShare of the time still shown, at most kMaxCuts of them; kBreakPx between pieces, each
// piece at least kMinPiecePx wide and otherwise as wide as its share of the time shown. One piece
// (no cut) when no stretch is that long.
inline constexpr double kCutShare = 0.3;
inline constexpr int kMaxCuts = 3;
inline constexpr double kBreakPx = 14;
inline constexpr double kMinPiecePx = 48;
std::vector<AxisPiece> cutTimeAxis(
    std::vector<std::pair<int64_t, int64_t>> busy, int64_t startNs, int64_t endNs, double widthPx);

// Paints the scene's rows (from scrollY) into rect, the labels column as `layout` has it and the
// time area in `pieces`, with the cuts between them.
void paintCutGantt(QPainter& p, const QRect& rect, const GanttLayout& layout, const GanttScene& scene,
    const std::vector<AxisPiece>& pieces, double scrollY);

// Writes the timeline of one of the jobs that lost the most: its title, its rows in as many
// blocks as the pages take (each under its time axis, cut as cutTimeAxis says) and its legend.
void writeJobTimeline(Layout& l, const ReportTimeline& w, Weighting weighting);

} // namespace ett::app::report
