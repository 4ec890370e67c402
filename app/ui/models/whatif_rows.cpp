#include "app/ui/models/whatif_rows.h"

#include <QtGlobal>

#include <cmath>

namespace ett::app {

namespace {

using Row = WhatIfRows::Row;
using Interval = WhatIfRows::Interval;

static_assert(WhatIfRows::kRows == 8, "WhatIfRows::percents starts with one 100 per row");

// In the order of WhatIfRows::Row.
const WhatIfRows::Info kRowInfo[WhatIfRows::kRows] = {
    { "setup", QT_TRANSLATE_NOOP("WhatIfPage", "Setup"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Setup time of every attempt") },
    { "init", QT_TRANSLATE_NOOP("WhatIfPage", "Init"), QT_TRANSLATE_NOOP("WhatIfPage", "Init time of every attempt") },
    { "checkpoint_load", QT_TRANSLATE_NOOP("WhatIfPage", "Checkpoint load"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Checkpoint-load time of every attempt") },
    { "compile", QT_TRANSLATE_NOOP("WhatIfPage", "Compile"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Compile time of every attempt") },
    { "recovery", QT_TRANSLATE_NOOP("WhatIfPage", "Recovery"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Recovery time: after each fault and in the gaps between attempts") },
    { "phase", QT_TRANSLATE_NOOP("WhatIfPage", "Subcategory"),
        QT_TRANSLATE_NOOP(
            "WhatIfPage", "The time of its bucket during which phases of the chosen category.subcategory are active") },
    { "failures", QT_TRANSLATE_NOOP("WhatIfPage", "Failures"),
        QT_TRANSLATE_NOOP("WhatIfPage",
            "What failures cost: the progress they lose, their recovery and the next attempt's start-up") },
    { "preemptions", QT_TRANSLATE_NOOP("WhatIfPage", "Preemptions"),
        QT_TRANSLATE_NOOP("WhatIfPage",
            "What preemptions cost: the progress they lose, their recovery and the next attempt's start-up") },
};

} // namespace

const WhatIfRows::Info& WhatIfRows::info(Row row)
{
    return kRowInfo[index(row)];
}

std::optional<Row> WhatIfRows::rowNamed(const QString& name)
{
    for (int r = 0; r < kRows; ++r) {
        if (name == QLatin1String(kRowInfo[r].id)) {
            return static_cast<Row>(r);
        }
    }
    return std::nullopt;
}

std::optional<core::Bucket> WhatIfRows::bucketOfRow(Row row)
{
    switch (row) {
    case Row::Setup:
        return core::Bucket::Setup;
    case Row::Init:
        return core::Bucket::Init;
    case Row::CheckpointLoad:
        return core::Bucket::CheckpointLoad;
    case Row::Compile:
        return core::Bucket::Compile;
    case Row::Recovery:
        return core::Bucket::Recovery;
    default:
        return std::nullopt;
    }
}

double WhatIfRows::scaleOf(double percent)
{
    return percent / 100.0;
}

std::optional<double> WhatIfRows::percentOf(double scale, double min, double max)
{
    const double p = std::round(scale * 100.0 * std::pow(10.0, kDecimals)) / std::pow(10.0, kDecimals);
    if (p < min || p > max || scaleOf(p) != scale) {
        return std::nullopt;
    }
    return p;
}

std::optional<std::pair<core::Category, std::string>> WhatIfRows::splitSubcategory(const QString& name)
{
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    if (dot <= 0 || dot + 1 >= name.size()) {
        return std::nullopt;
    }
    const auto category = core::parseCategory(name.left(dot).toStdString());
    if (!category) {
        return std::nullopt;
    }
    return std::pair { *category, name.mid(dot + 1).toStdString() };
}

std::vector<core::WhatIfChange> WhatIfRows::changes() const
{
    std::vector<core::WhatIfChange> out;
    for (int r = 0; r < kRows; ++r) {
        const auto row = static_cast<Row>(r);
        const double p = (*this)[row];
        if (p == 100) {
            continue; // no change
        }
        core::WhatIfChange c;
        c.scale = scaleOf(p);
        if (const auto bucket = bucketOfRow(row)) {
            c.target = core::WhatIfTarget::Bucket;
            c.bucket = *bucket;
        } else if (row == Row::Phase) {
            const auto kind = splitSubcategory(phase);
            if (!kind) {
                continue; // no subcategory chosen (the fleet has none)
            }
            c.target = core::WhatIfTarget::Phase;
            c.category = kind->first;
            c.subcategory = kind->second;
        } else {
            c.target = core::WhatIfTarget::Interruptions;
            c.interruptions
                = row == Row::Failures ? core::InterruptionClass::Failures : core::InterruptionClass::Preemptions;
        }
        out.push_back(std::move(c));
    }
    core::WhatIfChange change;
    change.target = core::WhatIfTarget::CheckpointInterval;
    if (interval == Interval::Optimum) {
        change.optimal = true;
        out.push_back(change);
    } else if (interval == Interval::Scale && intervalPercent != 100) {
        change.scale = scaleOf(intervalPercent);
        out.push_back(change);
    }
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
}

WhatIfRows WhatIfRows::fromScenario(const core::Scenario& scenario)
{
    WhatIfRows rows;
    std::array<bool, kRows> used {};
    bool intervalUsed = false;
    for (const core::WhatIfChange& c : scenario.changes) {
        std::optional<Row> row;
        switch (c.target) {
        case core::WhatIfTarget::Bucket:
            for (int r = 0; r < kRows; ++r) {
                if (bucketOfRow(static_cast<Row>(r)) == c.bucket) {
                    row = static_cast<Row>(r);
                }
            }
            break;
        case core::WhatIfTarget::Phase:
            row = Row::Phase;
            break;
        case core::WhatIfTarget::Interruptions:
            if (c.interruptions != core::InterruptionClass::All) {
                row = c.interruptions == core::InterruptionClass::Failures ? Row::Failures : Row::Preemptions;
            }
            break;
        case core::WhatIfTarget::CheckpointInterval:
            if (!intervalUsed && c.optimal) {
                rows.interval = Interval::Optimum;
                intervalUsed = true;
                continue;
            }
            if (const auto p = c.scale ? percentOf(*c.scale, kMinIntervalPercent, kMaxIntervalPercent) : std::nullopt;
                !intervalUsed && p) {
                rows.interval = Interval::Scale;
                rows.intervalPercent = *p;
                intervalUsed = true;
                continue;
            }
            break;
        }
        const auto p = c.scale ? percentOf(*c.scale, 0, kMaxPercent) : std::nullopt;
        if (row && !used[index(*row)] && p) {
            used[index(*row)] = true;
            rows[*row] = *p;
            if (*row == Row::Phase) {
                rows.phase = QString::fromStdString(std::string(core::categoryName(c.category)) + "." + c.subcategory);
            }
        } else {
            rows.extra.push_back(c);
        }
    }
    return rows;
}

} // namespace ett::app
