// The Compare page's charts and colours: waterfall charts of ETT% (the comparison's bridge from
// ETT% of A to B, and the What-if page's bridge from today to projected) and the distribution of a
// duration in A and B. The pages show them (and connect the tooltips returned); the PDF report
// renders the same waterfalls.
#pragma once

#include "app/ui/data/types.h"
#include "core/model/compare.h"

#include <QColor>
#include <QString>

#include <optional>
#include <string>
#include <vector>

QT_BEGIN_NAMESPACE
class QAreaSeries;
class QChart;
QT_END_NAMESPACE

namespace ett::app {

// The colour of cohort A or B (b) in every chart, badge and timeline header: Okabe-Ito orange and
// blue, told apart with the common forms of colour blindness.
QColor cohortColor(bool b);
// Better and worse for ETT%, for outlines and changes: Okabe-Ito bluish green and vermillion,
// darkened to read as text on white.
QColor betterColor();
QColor worseColor();

// A distribution of the comparison (core::DistributionChange::name) as people read it: Time to
// Start, Time to Recover and its parts translated; a phase's name ("init.process_group_init") as
// it is.
QString distributionLabel(const std::string& name);
// A cohort's text (core::CohortSpec::text()) as people read it: the empty cohort's "all jobs"
// translated, a spec ("team=llm,from=...") as it is.
QString cohortLabel(const std::string& text);

// A bar of the waterfall and its tooltip (exact pp, each cohort's share of E2E in the bucket).
struct BridgeBar
{
    QAreaSeries* area = nullptr;
    QString tip;
};

// One end of a waterfall: a bar from the axis up to an ETT% level.
struct WaterfallEnd
{
    QString label; // under the bar (rich text), e.g. "A", "today"
    QString seriesName; // e.g. "ETT% of A"
    int64_t pico = 0; // the level in 1e-12 pp
    QColor color;
    QString tip;
};

// A floating bar between two levels: the step that changes ETT% by `pico`.
struct WaterfallStep
{
    QString label; // under the bar and the series' name
    int64_t pico = 0; // in 1e-12 pp; positive: ETT% goes up
    QColor color; // the fill
    QString tip;
};

struct Waterfall
{
    QString title;
    WaterfallEnd start;
    std::vector<WaterfallStep> steps; // in order; steps of 0 get no bar
    WaterfallEnd end; // its level must be start + the steps, exactly
};

// Draws the waterfall: the start bar, a floating bar per non-zero step (outlined green when ETT%
// goes up, red when down, its value over it), the end bar, and a dashed line walking between them.
// Each bar's series carries the properties "fromPico" and "toPico". Returns the bars with their tips.
std::vector<BridgeBar> fillWaterfallChart(QChart* chart, const Waterfall& waterfall);

// Shows each bar's tip while the pointer is over it (connections owned by `context`).
void showTipsOnHover(const std::vector<BridgeBar>& bars, QObject* context);

// The waterfall: a bar for ETT% of A, a floating bar per bucket whose share changed (in the
// bucket's colour, outlined green when ETT% goes up, red when down, its value over it), a bar for
// ETT% of B, and a dashed line walking between them. Without a bridge the title says why.
std::vector<BridgeBar> fillBridgeChart(QChart* chart, const std::optional<core::Bridge>& bridge,
    const core::Figures& totalA, const core::Figures& totalB, Weighting w, const QColor& colorA, const QColor& colorB);

// The distributions of one duration in A and B overlaid, in shares of each cohort's own samples
// (their counts differ): CDFs, or histograms over common bins (histogram.h); on a log duration axis
// when `log` and the samples allow one. The legend names each cohort's count; without samples the
// title says so.
void fillDistributionChart(
    QChart* chart, const DistributionSamples& samples, bool cdf, bool log, const QColor& colorA, const QColor& colorB);

// A matched pair as tables and the report name it: its match value, and which run of it when a side
// has several ("llama-70b · run 2 of 3 in A, 2 in B").
QString matchedPairText(const core::MatchedJob& m);
// How a comparison's jobs were paired and why the others were not, one paragraph.
QString matchingSummaryText(const core::MatchSummary& m, const QString& matchBy);

} // namespace ett::app
