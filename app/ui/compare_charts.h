// The comparison's charts (issue #6, item 3): the bridge from ETT% of A to B as a waterfall. The
// Compare page shows it (and connects the tooltips returned); the PDF report renders the same chart.
#pragma once

#include "app/ui/types.h"
#include "core/model/compare.h"

#include <QColor>
#include <QString>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QAreaSeries;
class QChart;
QT_END_NAMESPACE

namespace ett::app {

// A bar of the waterfall and its tooltip (exact pp, each cohort's share of E2E in the bucket).
struct BridgeBar
{
    QAreaSeries* area = nullptr;
    QString tip;
};

// The waterfall: a bar for ETT% of A, a floating bar per bucket whose share changed (in the
// bucket's colour, outlined green when ETT% goes up, red when down, its value over it), a bar for
// ETT% of B, and a dashed line walking between them. Without a bridge the title says why.
std::vector<BridgeBar> fillBridgeChart(QChart* chart, const std::optional<core::Bridge>& bridge,
    const core::Figures& totalA, const core::Figures& totalB, Weighting w, const QColor& colorA, const QColor& colorB);

} // namespace ett::app
