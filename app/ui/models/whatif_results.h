// What the What-if page shows of a projection (WhatIfData): the headline (ETT% today -> projected
// under a weighting, its change, the other weighting beside, the counts today and projected), the
// bridge from today to projected (a waterfall with a bar per change, exact: today + the steps ==
// projected in 1e-12 pp) and the table of its steps with their exact values for the JSON export.
// The headline and the bridge are pure (text and a Waterfall to draw); the steps fill a table
// widget (GUI thread only).
#pragma once

#include "app/ui/charts/compare_charts.h"
#include "app/ui/data/types.h"

#include <QString>

#include <optional>

QT_BEGIN_NAMESPACE
class QTableWidget;
QT_END_NAMESPACE

namespace ett::app {

// The headline of a projection, as its labels show it.
struct WhatIfHeadline
{
    QString title; // "ETT% today → projected (GPU-weighted) · label=after"
    QString headline; // "74.21% → 78.90%"
    QString headlineTip; // the exact percentages
    QString change; // "+4.69 pp"
    QString changeStyle; // a style sheet: the change green when ETT% rises, red when it falls; "" none
    QString other; // the other weighting: "time-weighted: 70.00% → 71.00% (+1.00 pp)"
    QString facts; // rich text: jobs, failures, preemptions and E2E GPU-h, today → projected
    QString factsTip; // attempts and the GPU-hours saved in all
    QString intervalNote; // the jobs an interval change did not apply to; "" when none
};

// The headline of a projection under weighting w (the other weighting beside).
WhatIfHeadline whatIfHeadline(const WhatIfData& data, Weighting w);

// A change as the window says it, in its language ("preparação x0,5", "failures = optimum"):
// core's WhatIfChange::text() stays the CLI's, the JSON's and the saved scenarios'.
QString changeText(const core::WhatIfChange& change);
// The bridge chart's title under weighting w (a reason is appended when there is no bridge).
QString whatIfBridgeTitle(Weighting w);
// The bridge from ETT% today to projected under weighting w: a step per change in the colour of
// the bucket it takes time from, with its exact value and the hours it saves in the tip. nullopt
// when the cohort has no E2E (no ETT% today or projected).
std::optional<Waterfall> whatIfBridge(const WhatIfData& data, Weighting w);

// Appends to an empty table of seven columns (change, GPU-h saved, h saved, pp GPU-weighted, pp
// time-weighted, attempts changed, jobs not applicable) a row per step and a bold total row ("all
// changes": the headline's change), each cell with its exact value (ExportValueRole), then fits
// the columns (the first stretches).
void fillWhatIfSteps(QTableWidget* table, const WhatIfData& data);

} // namespace ett::app
