// The overview's charts, built into a QChart: where the time went, ETT% over
// time, interruptions by cause class, and the jobs that lost the most. The overview page shows them
// in chart views and connects clicks and tooltips to what the builders return; the PDF report
// renders the very same charts onto its pages.
#pragma once

#include "app/ui/data/types.h"

#include <QColor>
#include <QFont>

#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QChartView;
class QWidget;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace ett::app {

// A new, empty chart in the house style (no animation, no legend, bold title).
QChart* newChart();
// A new, empty chart in the view, the old one deleted (charts are rebuilt rather than emptied:
// axes removed from a chart leave their labels behind in Qt Charts 6.4).
QChart* resetChart(QChartView* view);
// The small font of axis labels and legends (8.5 pt).
QFont chartAxisFont(const QChart* chart);

// The part of a bar chart's width that Qt Charts gives the names beside its bars (about 40 %): it
// cuts longer names at the chart's left edge. Measured: 0.45 still cut a name at 1280 pixels.
inline constexpr double kAxisPortion = 0.36;
// The label format of a percent axis with `decimals` ("%.0f%%"), also right where the chart
// localizes its numbers (QtCharts keeps "%%" there as two signs).
QString percentLabelFormat(const QChart* chart, int decimals);
// A value axis from 0 to at least `most` in at most five steps of 1, 2 or 5 x a power of ten
// (whole steps when `whole`: counts), its labels with the decimals the step needs: "0 0.02 0.04"
// where Qt's nice numbers and "%.0f" printed "0 0 0 1 1 1" for a fraction of a GPU-hour.
void setRoundSteps(QValueAxis* axis, double most, bool whole);
// A frameless, antialiased chart view at least minimumHeight tall.
QChartView* makeChartView(QWidget* parent, int minimumHeight);

// Horizontal bars, one per bucket with time, smallest at the bottom. Returns the bar sets (one per
// bucket) and the number of bars; an empty result when there is no data (the title says so).
struct BucketBars
{
    std::vector<std::pair<QBarSet*, core::Bucket>> sets;
    int bars = 0;
};
// `withShares`: each bar's label says its share ("compile  3.1%"); without, the name alone (for a
// chart too narrow for both: the tooltip and the bar's length say the share).
BucketBars fillBucketsChart(QChart* chart, const core::Figures& figures, Weighting w, bool withShares = true);

// ETT% per calendar bucket, with the whole selection's ETT% dashed. Null series when no data.
struct TrendSeries
{
    QLineSeries* line = nullptr;
    QScatterSeries* dots = nullptr;
};
// What a chart has room for: a narrow one (four in a row) gets short legend entries and category
// labels. A chart `width` pixels wide (0: not known) puts on its time axis as many dates as fit
// whole (of the width its labels take: "Jun 30", or "Jun 30 2025" when the dates span years; at
// most ten; ten, or six with years, when its width is not known), and cuts the names beside its
// bars to the part of its width Qt Charts gives them (longer ones it cut at the chart's left edge).
struct ChartRoom
{
    bool narrow = false;
    int width = 0;
};
TrendSeries fillTrendChart(
    QChart* chart, const OverviewData& overview, Weighting w, bool hasData, const ChartRoom& room = {});

// Failures, preemptions and other interruptions stacked per cause class.
// Each class is labelled with its count ("preemption (92)"), a narrow chart's with its name alone,
// so that none of the labels is dropped for lack of room.
std::vector<std::pair<QBarSet*, core::Interruption>> fillCausesChart(
    QChart* chart, const OverviewData& overview, bool hasData, const ChartRoom& room = {});

// Lost hours of the top jobs, stacked by bucket, most lost on top. Bar index i is job n - 1 - i.
std::vector<std::pair<QBarSet*, core::Bucket>> fillTopJobsChart(
    QChart* chart, const OverviewData& overview, Weighting w, bool hasData, const ChartRoom& room = {});

// A histogram of durations (Time to Start, Time to Recover, phase durations): counts per bin as a
// filled step line over a time axis in seconds, minutes or hours, whichever reads best.
void fillDurationHistogramChart(
    QChart* chart, const std::vector<int64_t>& valuesNs, const QString& title, const QColor& color, int bins = 24);

// The noun of an interruption kind ("failures") and the count of that kind in figures.
QString interruptionNoun(core::Interruption kind);
int64_t interruptionsOf(const core::Figures& f, core::Interruption kind);
QString causeClassName(const std::string& name);
QString utcDate(int64_t ns, const char* format);

} // namespace ett::app
