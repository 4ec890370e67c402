// The values of the What-if page's rows, and the changes (core/model/whatif.h) they make: a
// percentage per row (setup, init, checkpoint load, compile, recovery: the bucket's time; a phase
// subcategory: its time; failures and preemptions: what each costs), the checkpoint interval (as
// measured, each job's optimum, or a scale of the measured one), and the changes of a loaded
// scenario that no row can show. Both ways: the rows' changes in the order they apply, and a
// saved scenario put into the rows. A value type; pure, safe from any thread.
#pragma once

#include "core/model/whatif.h"

#include <QString>

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace ett::app {

struct WhatIfRows
{
    // The rows of percentages, in the order their changes apply.
    enum class Row { Setup, Init, CheckpointLoad, Compile, Recovery, Phase, Failures, Preemptions };
    static constexpr int kRows = 8;
    enum class Interval { AsMeasured, Optimum, Scale };

    static constexpr double kMaxPercent = 200; // the rows' range: 0-200%
    static constexpr double kMinIntervalPercent = 10; // the interval's scale: 10-400% of the measured one
    static constexpr double kMaxIntervalPercent = 400;
    static constexpr int kDecimals = 1; // of the spin boxes' percentages

    // What a row is called: `id` starts its controls' object names ("<id>Slider", "<id>Spin");
    // label and tip are source text, marked for translation (QT_TRANSLATE_NOOP) and translated where shown.
    struct Info
    {
        const char* id;
        const char* label;
        const char* tip;
    };
    static const Info& info(Row row);
    // The row's position (0 to kRows - 1).
    static size_t index(Row row) { return static_cast<size_t>(row); }
    // The row of a name: "setup", "init", "checkpoint_load", "compile", "recovery", "phase",
    // "failures", "preemptions".
    static std::optional<Row> rowNamed(const QString& name);
    // The bucket whose time a row scales; nullopt for the phase and interruption rows.
    static std::optional<core::Bucket> bucketOfRow(Row row);

    // A percentage as a change's scale (60 -> 0.6).
    static double scaleOf(double percent);
    // The percentage a spin box (kDecimals) shows for a scale, when it gives the very same scale
    // back and lies in [min, max]; else nullopt (no row can show it exactly).
    static std::optional<double> percentOf(double scale, double min, double max);
    // "init.process_group_init" as a change's category and subcategory; nullopt when it is not one.
    static std::optional<std::pair<core::Category, std::string>> splitSubcategory(const QString& name);

    // A row's percentage, 100 for no change.
    std::array<double, kRows> percents = { 100, 100, 100, 100, 100, 100, 100, 100 };
    // The Phase row's subcategory ("init.process_group_init"); "" none.
    QString phase;
    Interval interval = Interval::AsMeasured;
    double intervalPercent = 100; // of the measured interval, for Interval::Scale
    // Changes of a loaded scenario that no row shows (applied after the rows').
    std::vector<core::WhatIfChange> extra;

    double& operator[](Row row) { return percents[static_cast<size_t>(row)]; }
    double operator[](Row row) const { return percents[static_cast<size_t>(row)]; }

    // The changes, in the order they apply: a change per row not at 100% (the Phase row only with
    // a subcategory), the interval's unless as measured (a scale of 100% is none), then `extra`.
    std::vector<core::WhatIfChange> changes() const;

    // A saved scenario in the rows: each change into its row when the row is free and can show it
    // exactly (a percentage in the row's range with kDecimals), the first interval change into the
    // interval, every other change into `extra`, in the scenario's order. `phase` is set only when
    // a change went into the Phase row ("" otherwise: the page keeps the subcategory it shows).
    static WhatIfRows fromScenario(const core::Scenario& scenario);
};

} // namespace ett::app
