#include "app/ui/charts/advisor_charts.h"

#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"
#include "core/model/checkpoint_model.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ett::app {

namespace {

// The axis spans optimum / kSpan to optimum x kSpan; a current interval outside that is given
// kMargin of room on its side.
constexpr double kSpan = 20.0;
constexpr double kMargin = 1.5;
// Points of the curve (evenly spaced in log I; the optimum and the current interval are added).
constexpr int kCurvePoints = 240;
// At most this many interval labels on the x axis.
constexpr int kMaxLabels = 11;
// Closer than this (in decades of I) the two points' labels would overlap: the legend alone gives
// their waste then.
constexpr double kLabelGapDecades = 0.15;
// The y axis shows the curve up to max(kHeadroomOptimum x the optimum's waste, kHeadroomCurrent x
// the current one): the curve rises steeply towards the ends, and what matters is near the bottom.
constexpr double kHeadroomOptimum = 4.0;
constexpr double kHeadroomCurrent = 1.3;

// Okabe-Ito: the curve blue, the current interval vermillion, the optimum bluish green.
const QColor kCurveColor(0x00, 0x72, 0xB2);
const QColor kCurrentColor(0xD5, 0x5E, 0x00);
const QColor kOptimumColor(0x00, 0x9E, 0x73);

// Interval labels at 1-2-5 steps (and the half hour, the quarter day): seconds.
constexpr double kLabelSeconds[] = { 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120,
    300, 600, 1200, 1800, 3600, 2 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 7 * 86400, 30 * 86400 };

// A label's text: "500 ms", "30 s", "10 min", "2 h", "7 d".
QString intervalLabel(double s)
{
    if (s < 1) {
        return QObject::tr("%1 ms").arg(s * 1e3, 0, 'g', 3);
    }
    if (s < 60) {
        return QObject::tr("%1 s").arg(s, 0, 'g', 3);
    }
    if (s < 3600) {
        return QObject::tr("%1 min").arg(s / 60, 0, 'g', 3);
    }
    if (s < 86400) {
        return QObject::tr("%1 h").arg(s / 3600, 0, 'g', 3);
    }
    return QObject::tr("%1 d").arg(s / 86400, 0, 'g', 3);
}

// A dashed drop line from the axis up to a point of the curve (its label stays clear above it),
// named for the legend.
QLineSeries* markerLine(double x, double y, const QColor& color, const QString& name)
{
    auto* line = new QLineSeries;
    line->setName(name);
    line->append(x, 0);
    line->append(x, y);
    QPen pen(color);
    pen.setWidthF(1.6);
    pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    return line;
}

// One point on the curve, labelled with its waste.
QScatterSeries* markerPoint(QChart* chart, double x, double percent, const QColor& color)
{
    auto* point = new QScatterSeries;
    point->append(x, percent);
    point->setMarkerSize(11);
    point->setColor(color);
    point->setBorderColor(Qt::white);
    // A literal format: the label is the waste, as the table prints it.
    point->setPointLabelsFormat(formatPercent(percent, 2));
    point->setPointLabelsVisible(true);
    point->setPointLabelsColor(color.darker(130));
    QFont font = chartAxisFont(chart);
    font.setBold(true);
    point->setPointLabelsFont(font);
    point->setPointLabelsClipping(false);
    return point;
}

} // namespace

double xOfInterval(double seconds)
{
    return std::log10(seconds);
}

double intervalAtX(double x)
{
    return std::pow(10.0, x);
}

std::optional<double> wastePercentAt(const core::CheckpointAdvice& advice, double intervalS)
{
    if (!advice.blockingS || !advice.measured.mtbiS) {
        return std::nullopt;
    }
    const double w = core::wastedFraction(intervalS, *advice.blockingS, *advice.measured.mtbiS);
    return std::isfinite(w) ? std::optional<double>(w * 100.0) : std::nullopt;
}

WasteCurveSeries fillWasteCurveChart(QChart* chart, const core::CheckpointAdvice& advice, const QString& name)
{
    WasteCurveSeries out;
    chart->setTitle(QObject::tr("Waste vs checkpoint interval: %1")
                        .arg(name.isEmpty() ? QString::fromStdString(advice.name) : name));
    const std::optional<double> optimumPercent
        = advice.youngIntervalS ? wastePercentAt(advice, *advice.youngIntervalS) : std::nullopt;
    if (!optimumPercent || !(*advice.youngIntervalS > 0)) {
        chart->setTitle(chart->title() + QObject::tr(": no advice"));
        return out;
    }
    const double optimum = *advice.youngIntervalS;
    // The current interval and its waste, when measured (plain values: GCC 12 sees optionals
    // read here as maybe uninitialised).
    bool hasCurrent = false;
    double current = 0;
    double currentPercent = 0;
    if (advice.currentIntervalS) {
        if (const auto w = wastePercentAt(advice, *advice.currentIntervalS)) {
            hasCurrent = true;
            current = *advice.currentIntervalS;
            currentPercent = *w;
        }
    }

    // 1. The range: optimum / 20 to optimum x 20, widened to hold the current interval.
    double lo = optimum / kSpan;
    double hi = optimum * kSpan;
    if (hasCurrent) {
        lo = std::min(lo, current / kMargin);
        hi = std::max(hi, current * kMargin);
    }
    const double x0 = xOfInterval(lo);
    const double x1 = xOfInterval(hi);

    // 2. The curve, evenly in log I, with the optimum and the current interval as points of it.
    std::vector<double> xs;
    xs.reserve(kCurvePoints + 3);
    for (int i = 0; i <= kCurvePoints; ++i) {
        xs.push_back(x0 + (x1 - x0) * i / kCurvePoints);
    }
    xs.push_back(xOfInterval(optimum));
    if (hasCurrent) {
        xs.push_back(xOfInterval(current));
    }
    std::sort(xs.begin(), xs.end());
    auto* curve = new QLineSeries;
    curve->setName(QObject::tr("waste I/(2M) + b/I"));
    QPen pen(kCurveColor);
    pen.setWidthF(2.2);
    curve->setPen(pen);
    for (const double x : xs) {
        curve->append(x, wastePercentAt(advice, intervalAtX(x)).value_or(0));
    }

    // 3. The y range: the interesting bottom of the curve, both marked wastes with room above.
    const double top = std::max(*optimumPercent * kHeadroomOptimum, currentPercent * kHeadroomCurrent);
    auto* y = new QValueAxis;
    y->setRange(0, top);
    y->applyNiceNumbers();
    const double yTop = y->max();
    y->setLabelFormat(percentLabelFormat(chart, yTop < 10 ? 1 : 0));
    y->setTitleText(QObject::tr("waste, % of loop time"));
    y->setLabelsFont(chartAxisFont(chart));
    y->setTitleFont(chartAxisFont(chart));

    // 4. The markers.
    const QString optimumName
        = QObject::tr("optimum %1: %2").arg(formatSeconds(optimum), formatPercent(*optimumPercent, 2));
    QLineSeries* optimumLine = markerLine(xOfInterval(optimum), *optimumPercent, kOptimumColor, optimumName);
    out.optimum = markerPoint(chart, xOfInterval(optimum), *optimumPercent, kOptimumColor);
    QLineSeries* currentLine = nullptr;
    if (hasCurrent) {
        currentLine = markerLine(xOfInterval(current), currentPercent, kCurrentColor,
            QObject::tr("current %1: %2").arg(formatSeconds(current), formatPercent(currentPercent, 2)));
        out.current = markerPoint(chart, xOfInterval(current), currentPercent, kCurrentColor);
        if (std::abs(xOfInterval(current) - xOfInterval(optimum)) < kLabelGapDecades) {
            out.current->setPointLabelsVisible(false);
            out.optimum->setPointLabelsVisible(false);
        }
    }

    // 5. x: log10 of the interval, labelled in readable units.
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setStartValue(x0);
    std::vector<double> labels;
    for (const double s : kLabelSeconds) {
        if (s >= lo && s <= hi) {
            labels.push_back(s);
        }
    }
    // Evenly spread on the log axis: a label at least a quarter decade (and 1/kMaxLabels of the
    // axis) from the one before, so that "20 min" and "30 min" never share their place.
    const double minGap = std::max(0.25, (std::log10(hi) - std::log10(lo)) / kMaxLabels);
    double last = -1e300;
    for (const double s : labels) {
        if (xOfInterval(s) - last >= minGap - 1e-9) {
            x->append(intervalLabel(s), xOfInterval(s));
            last = xOfInterval(s);
        }
    }
    x->setRange(x0, x1);
    x->setTitleText(QObject::tr("checkpoint interval I (log scale)"));
    x->setLabelsFont(chartAxisFont(chart));
    x->setTitleFont(chartAxisFont(chart));

    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    std::vector<QXYSeries*> all = { curve, optimumLine, out.optimum };
    if (currentLine) {
        all.insert(all.begin() + 1, currentLine);
        all.push_back(out.current);
    }
    for (QXYSeries* s : all) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->legend()->show();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(chartAxisFont(chart));
    for (QScatterSeries* point : { out.optimum, out.current }) {
        if (point) {
            for (QLegendMarker* m : chart->legend()->markers(point)) {
                m->setVisible(false);
            }
        }
    }
    out.curve = curve;
    return out;
}

} // namespace ett::app
