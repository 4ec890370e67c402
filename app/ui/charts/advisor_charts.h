// The Advisor page's chart: the training time a checkpoint interval wastes, as
// the model of core/model/checkpoint_model.h gives it for one row of advice,
//   w(I) = I / (2M) + b / I   (unsaved progress redone after interruptions + blocking saves),
// in percent of the train loop, over a logarithmic interval axis from about optimum/20 to
// optimum x 20 (widened to hold the current interval), with the current interval and Young's
// optimum marked by dashed drop lines and points labelled with their waste. The page shows it (and
// connects the tooltips); a report can render the same chart.
//
// The x axis is log10 of the interval in seconds, labelled in readable units ("10 min", "1 h") at
// 1-2-5 steps: intervalAtX() and xOfInterval() convert. GUI thread only (Qt Charts).
#pragma once

#include "core/model/advisor.h"

#include <QString>
#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QChart;
class QLineSeries;
class QScatterSeries;
QT_END_NAMESPACE

namespace ett::app {

// The series of a filled chart; all null when the advice has no optimum (the title says why).
struct WasteCurveSeries
{
    QLineSeries* curve = nullptr; // x: log10(interval s), y: waste % of loop time
    QScatterSeries* current = nullptr; // one point: the current interval on the curve
    QScatterSeries* optimum = nullptr; // one point: Young's optimum on the curve (its minimum)
};

// Fills an empty chart (newChart()) with the waste curve of `advice`.
// `name`: the advice's name as the window says it (empty: advice.name).
WasteCurveSeries fillWasteCurveChart(QChart* chart, const core::CheckpointAdvice& advice, const QString& name = {});

// The chart's x coordinate of an interval in seconds, and the interval at an x coordinate.
double xOfInterval(double seconds);
double intervalAtX(double x);

// The model's waste in % of loop time at intervalS for the advice's b and M; nullopt without them.
std::optional<double> wastePercentAt(const core::CheckpointAdvice& advice, double intervalS);

} // namespace ett::app
