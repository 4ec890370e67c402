// Tests of WhatIfRows, the values of the What-if page's rows: rows at 100% and the interval as
// measured make no change; the others make their changes in the order of the rows, the interval's
// after them and a scenario's extra changes last; a saved scenario goes back into the rows where a
// row is free and shows it exactly, and into the extra changes otherwise.
#include "app/ui/models/whatif_rows.h"

#include <gtest/gtest.h>

namespace ett::app {
namespace {

using Row = WhatIfRows::Row;
using Interval = WhatIfRows::Interval;

std::vector<std::string> texts(const std::vector<core::WhatIfChange>& changes)
{
    std::vector<std::string> out;
    for (const auto& c : changes) {
        out.push_back(c.text());
    }
    return out;
}

core::WhatIfChange bucket(core::Bucket b, double scale)
{
    core::WhatIfChange c;
    c.target = core::WhatIfTarget::Bucket;
    c.bucket = b;
    c.scale = scale;
    return c;
}

core::WhatIfChange interval(std::optional<double> scale, bool optimal = false)
{
    core::WhatIfChange c;
    c.target = core::WhatIfTarget::CheckpointInterval;
    c.scale = scale;
    c.optimal = optimal;
    return c;
}

TEST(WhatIfRows, RowsAtAHundredPercentMakeNoChange)
{
    const WhatIfRows rows;
    EXPECT_TRUE(rows.changes().empty());
    WhatIfRows scaled;
    scaled.interval = Interval::Scale; // at 100% of the measured interval
    EXPECT_TRUE(scaled.changes().empty());
}

TEST(WhatIfRows, ChangesApplyInTheOrderOfTheRowsThenTheIntervalThenTheExtra)
{
    WhatIfRows rows;
    rows[Row::Preemptions] = 50;
    rows[Row::Compile] = 60;
    rows[Row::Setup] = 120;
    rows[Row::Failures] = 70;
    rows.interval = Interval::Optimum;
    rows.extra = { bucket(core::Bucket::Init, 0.25) };
    const auto changes = rows.changes();
    EXPECT_EQ(texts(changes),
        (std::vector<std::string> { "setup x1.2", "compile x0.6", "failures x0.7", "preemptions x0.5",
            "checkpoint interval = optimum", "init x0.25" }));
    ASSERT_EQ(changes.size(), 6u);
    EXPECT_EQ(changes[1].target, core::WhatIfTarget::Bucket);
    EXPECT_EQ(changes[1].bucket, core::Bucket::Compile);
    EXPECT_DOUBLE_EQ(*changes[1].scale, 0.6);
    EXPECT_EQ(changes[2].target, core::WhatIfTarget::Interruptions);
    EXPECT_EQ(changes[2].interruptions, core::InterruptionClass::Failures);
    EXPECT_EQ(changes[3].interruptions, core::InterruptionClass::Preemptions);
    EXPECT_TRUE(changes[4].optimal);
    EXPECT_FALSE(changes[4].scale.has_value());
}

TEST(WhatIfRows, ThePhaseRowNeedsASubcategory)
{
    WhatIfRows rows;
    rows[Row::Phase] = 50;
    EXPECT_TRUE(rows.changes().empty()); // none chosen
    rows.phase = QStringLiteral("nonsense");
    EXPECT_TRUE(rows.changes().empty());
    rows.phase = QStringLiteral("init.process_group_init");
    const auto changes = rows.changes();
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].target, core::WhatIfTarget::Phase);
    EXPECT_EQ(changes[0].category, core::Category::Init);
    EXPECT_EQ(changes[0].subcategory, "process_group_init");
    EXPECT_EQ(changes[0].text(), "init.process_group_init x0.5");
}

TEST(WhatIfRows, AScaleOfTheIntervalIsAChangeOfItsScale)
{
    WhatIfRows rows;
    rows.interval = Interval::Scale;
    rows.intervalPercent = 250;
    const auto changes = rows.changes();
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].target, core::WhatIfTarget::CheckpointInterval);
    EXPECT_DOUBLE_EQ(*changes[0].scale, 2.5);
    EXPECT_FALSE(changes[0].optimal);
}

TEST(WhatIfRows, AScenarioGoesIntoTheRowsThatShowItExactly)
{
    core::Scenario s;
    s.name = "faster start";
    core::WhatIfChange phase;
    phase.target = core::WhatIfTarget::Phase;
    phase.category = core::Category::Init;
    phase.subcategory = "process_group_init";
    phase.scale = 0.3;
    core::WhatIfChange failures;
    failures.target = core::WhatIfTarget::Interruptions;
    failures.interruptions = core::InterruptionClass::Failures;
    failures.scale = 0.8;
    s.changes = { bucket(core::Bucket::Compile, 0.6), phase, failures, interval(0.5) };
    const WhatIfRows rows = WhatIfRows::fromScenario(s);
    EXPECT_DOUBLE_EQ(rows[Row::Compile], 60);
    EXPECT_DOUBLE_EQ(rows[Row::Phase], 30);
    EXPECT_DOUBLE_EQ(rows[Row::Failures], 80);
    EXPECT_DOUBLE_EQ(rows[Row::Setup], 100);
    EXPECT_DOUBLE_EQ(rows[Row::Preemptions], 100);
    EXPECT_EQ(rows.phase, QStringLiteral("init.process_group_init"));
    EXPECT_EQ(rows.interval, Interval::Scale);
    EXPECT_DOUBLE_EQ(rows.intervalPercent, 50);
    EXPECT_TRUE(rows.extra.empty());
    EXPECT_EQ(texts(rows.changes()), texts(s.changes)); // the page's order is the scenario's here
}

TEST(WhatIfRows, WhatNoRowCanShowStaysAnExtraChangeInTheScenariosOrder)
{
    core::Scenario s;
    s.name = "odd";
    core::WhatIfChange all;
    all.target = core::WhatIfTarget::Interruptions;
    all.interruptions = core::InterruptionClass::All;
    all.scale = 0.5;
    core::WhatIfChange set;
    set.target = core::WhatIfTarget::Bucket;
    set.bucket = core::Bucket::Setup;
    set.setS = 30;
    s.changes = {
        bucket(core::Bucket::Compile, 0.6), bucket(core::Bucket::Compile, 0.5), // the compile row is taken
        bucket(core::Bucket::Init, 0.6543), // more decimals than a row shows
        bucket(core::Bucket::Recovery, 2.5), // beyond the rows' 200%
        all, // no row for every interruption
        set, // a time, not a scale
        interval(std::nullopt, true),
        interval(2.0), // the interval is taken
    };
    const WhatIfRows rows = WhatIfRows::fromScenario(s);
    EXPECT_DOUBLE_EQ(rows[Row::Compile], 60);
    EXPECT_DOUBLE_EQ(rows[Row::Init], 100);
    EXPECT_DOUBLE_EQ(rows[Row::Recovery], 100);
    EXPECT_DOUBLE_EQ(rows[Row::Setup], 100);
    EXPECT_EQ(rows.interval, Interval::Optimum);
    EXPECT_TRUE(rows.phase.isEmpty()); // no change went into the Phase row
    EXPECT_EQ(texts(rows.extra),
        (std::vector<std::string> { "compile x0.5", "init x0.6543", "recovery x2.5", "interruptions x0.5",
            "setup = 30 s", "checkpoint interval x2" }));
    EXPECT_EQ(texts(rows.changes()),
        (std::vector<std::string> { "compile x0.6", "checkpoint interval = optimum", "compile x0.5", "init x0.6543",
            "recovery x2.5", "interruptions x0.5", "setup = 30 s", "checkpoint interval x2" }));
}

TEST(WhatIfRows, AnIntervalScaleOutsideItsRangeIsAnExtraChange)
{
    core::Scenario s;
    s.name = "short";
    s.changes = { interval(0.05) }; // 5%: below the scale's 10%
    const WhatIfRows rows = WhatIfRows::fromScenario(s);
    EXPECT_EQ(rows.interval, Interval::AsMeasured);
    EXPECT_EQ(texts(rows.extra), (std::vector<std::string> { "checkpoint interval x0.05" }));
}

TEST(WhatIfRows, PercentagesAreThoseASpinBoxShowsExactly)
{
    EXPECT_EQ(WhatIfRows::percentOf(0.6, 0, 200), 60.0);
    EXPECT_EQ(WhatIfRows::percentOf(0.125, 0, 200), 12.5);
    EXPECT_EQ(WhatIfRows::percentOf(0.655, 0, 200), 65.5);
    EXPECT_EQ(WhatIfRows::percentOf(0.6543, 0, 200), std::nullopt);
    EXPECT_EQ(WhatIfRows::percentOf(2.5, 0, 200), std::nullopt);
    EXPECT_EQ(WhatIfRows::percentOf(0.05, 10, 400), std::nullopt);
    EXPECT_EQ(WhatIfRows::percentOf(4.0, 10, 400), 400.0);
    EXPECT_DOUBLE_EQ(WhatIfRows::scaleOf(60), 0.6);
}

TEST(WhatIfRows, RowsAreNamedAsTheirControls)
{
    EXPECT_EQ(WhatIfRows::rowNamed(QStringLiteral("checkpoint_load")), Row::CheckpointLoad);
    EXPECT_EQ(WhatIfRows::rowNamed(QStringLiteral("preemptions")), Row::Preemptions);
    EXPECT_EQ(WhatIfRows::rowNamed(QStringLiteral("Compile")), std::nullopt);
    EXPECT_STREQ(WhatIfRows::info(Row::Phase).id, "phase");
    EXPECT_STREQ(WhatIfRows::info(Row::Phase).label, "Subcategory");
    EXPECT_EQ(WhatIfRows::bucketOfRow(Row::Recovery), core::Bucket::Recovery);
    EXPECT_EQ(WhatIfRows::bucketOfRow(Row::Failures), std::nullopt);
    const auto split = WhatIfRows::splitSubcategory(QStringLiteral("checkpoint_save.flush"));
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(split->second, "flush");
    EXPECT_EQ(WhatIfRows::splitSubcategory(QStringLiteral("init.")), std::nullopt);
    EXPECT_EQ(WhatIfRows::splitSubcategory(QStringLiteral(".x")), std::nullopt);
}

} // namespace
} // namespace ett::app
