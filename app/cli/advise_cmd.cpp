#include "app/cli/advise_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/advice.h"
#include "core/model/checkpoint_model.h"
#include "gpu/advisor.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

constexpr const char* kEttrApproximation
    = "first-order approximation after Kokolis et al. 2024: E[ETTR] ~= 1 - W/T - (u + T/2)/MTTF, "
      "MTTF = 1/(N r_f), clamped to [0, 1]; valid when u + T/2 << MTTF and W << T";

// The interval as the user wrote it, without trailing zeros: 300, 929.5.
std::string secondsKey(double s)
{
    return fmt::format("{}", s);
}

std::string minutesText(double s)
{
    return fmt::format("{:.1f} min", s / 60.0);
}

// An error naming the option when v is not a finite number above (or, with zeroAllowed, at) zero.
std::optional<std::string> checkNumber(const char* option, double v, bool zeroAllowed)
{
    if (std::isfinite(v) && (v > 0 || (zeroAllowed && v == 0))) {
        return std::nullopt;
    }
    return fmt::format("{} must be a {} number (got {})", option, zeroAllowed ? "finite non-negative" : "positive",
        fmt::format("{}", v));
}

int runInterval(const CommonOptions& common, const AdviseCmd& cmd)
{
    const double b = *cmd.blockingS;
    const double m = *cmd.mtbiS;
    const double young = youngIntervalS(b, m);
    const DalyInterval daly = dalyInterval(b, m);
    const double optimalPercent = youngWastedFraction(b, m) * 100.0;

    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("blocking_s").number(b, 6);
        j.key("mtbi_s").number(m, 6);
        j.key("young_interval_s").number(young, 6);
        j.key("daly_interval_s").number(daly.intervalS, 6);
        j.key("daly_boundary").boolean(daly.boundary);
        j.key("wasted_percent_at").beginObject();
        for (double i : cmd.intervalsS) {
            j.key(secondsKey(i)).number(wastedFraction(i, b, m) * 100.0, 6);
        }
        j.endObject();
        j.key("optimal_wasted_percent").number(optimalPercent, 6);
        j.key("waste_model")
            .string("wasted share of the training loop = I/(2M) + b/I (Young 1974); "
                    "daly_interval_s: Daly 2006, the MTBI itself when b >= 2M");
        j.endObject();
        print(j.str() + "\n");
        return kExitOk;
    }

    std::string out = fmt::format("Checkpoint interval for a {} s blocking write and {} s between interruptions\n"
                                  "Wasted share of the training loop: I/(2M) unsaved + b/I blocked (Young 1974)\n\n",
        secondsKey(b), secondsKey(m));
    TextTable t;
    t.addColumn("interval", TextTable::Align::Left);
    t.addColumn("seconds");
    t.addColumn("minutes");
    t.addColumn("wasted %");
    t.addRow({ "Young optimum sqrt(2bM)", fmt::format("{:.1f}", young), minutesText(young),
        fmt::format("{:.3f}", optimalPercent) });
    t.addRow({ daly.boundary ? "Daly (b >= 2M: the MTBI)" : "Daly higher-order optimum",
        fmt::format("{:.1f}", daly.intervalS), minutesText(daly.intervalS),
        fmt::format("{:.3f}", wastedFraction(daly.intervalS, b, m) * 100.0) });
    if (!cmd.intervalsS.empty()) {
        t.addRule();
    }
    for (double i : cmd.intervalsS) {
        t.addRow({ "given", secondsKey(i), minutesText(i), fmt::format("{:.3f}", wastedFraction(i, b, m) * 100.0) });
    }
    out += t.render();
    if (daly.boundary) {
        out += "\nThe write takes at least twice the MTBI: checkpointing cannot pay for itself at this rate.\n";
    }
    print(out);
    return kExitOk;
}

int runEttr(const CommonOptions& common, const AdviseCmd& cmd)
{
    const EttrInputs in { *cmd.nodes, *cmd.failuresPerNodeDay, *cmd.restartS, cmd.intervalsS.front(), *cmd.blockingS };
    const EttrEstimate e = expectedEttr(in);

    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("nodes").number(in.nodes);
        j.key("failures_per_node_day").number(in.failuresPerNodeDay, 9);
        j.key("restart_s").number(in.restartS, 6);
        j.key("interval_s").number(in.intervalS, 6);
        j.key("blocking_s").number(in.blockingS, 6);
        j.key("mttf_h").number(e.mttfS / 3600.0, 6);
        j.key("expected_ettr").number(e.expectedEttr, 6);
        j.key("approximation").string(kEttrApproximation);
        j.key("loss_per_failure_share").number(e.lossPerFailureShare, 6);
        j.key("within_validity").boolean(e.withinValidity);
        j.endObject();
        print(j.str() + "\n");
        return kExitOk;
    }

    std::string out = fmt::format("Expected ETTR of a job of {} nodes at {} failures per node-day\n", in.nodes,
        secondsKey(in.failuresPerNodeDay));
    out += fmt::format("Restart {} s, checkpoint every {} s, {} s blocked per checkpoint\n\n", secondsKey(in.restartS),
        secondsKey(in.intervalS), secondsKey(in.blockingS));
    out += fmt::format("MTTF           {:.3f} h\n", e.mttfS / 3600.0);
    out += fmt::format("Expected ETTR  {:.4f}   (an approximation)\n\n", e.expectedEttr);
    out += fmt::format("Model: {}.\n", kEttrApproximation);
    if (!e.withinValidity) {
        out += fmt::format("Warning: outside the range of validity: restart plus half an interval is {:.1f}% of the "
                           "MTTF (above {:.0f}%); read the estimate as a rough guide only.\n",
            e.lossPerFailureShare * 100.0, kEttrValidityLimit * 100.0);
    }
    print(out);
    return kExitOk;
}

// --- advice measured from a database --------------------------------------------------------

// A column of spans reads in one unit, chosen by its median value (so that one outlier does not
// turn every row into "0.5 h"): seconds below 2 min, minutes below 2 h, hours above.
enum class SpanUnit { S, Min, H };

SpanUnit spanUnit(const std::vector<std::optional<double>>& column)
{
    std::vector<double> present;
    for (const auto& s : column) {
        if (s) {
            present.push_back(*s);
        }
    }
    if (present.empty()) {
        return SpanUnit::S;
    }
    const auto middle = present.begin() + static_cast<std::ptrdiff_t>(present.size() / 2);
    std::nth_element(present.begin(), middle, present.end());
    return *middle < 120 ? SpanUnit::S : *middle < 2 * 3600 ? SpanUnit::Min : SpanUnit::H;
}

// "12 s", "15.5 min", "3.2 h" in the column's unit; "-" when absent.
std::string spanText(std::optional<double> s, SpanUnit unit)
{
    if (!s) {
        return "-";
    }
    switch (unit) {
    case SpanUnit::S:
        return fmt::format("{:.3g} s", *s);
    case SpanUnit::Min:
        return fmt::format("{:.1f} min", *s / 60.0);
    case SpanUnit::H:
        break;
    }
    return groupThousands(fmt::format("{:.1f}", *s / 3600.0)) + " h";
}

std::string fixedText(std::optional<double> v, int decimals)
{
    return v ? fmt::format("{:.{}f}", *v, decimals) : "-";
}

std::optional<double> nsToSeconds(std::optional<int64_t> ns)
{
    if (!ns) {
        return std::nullopt;
    }
    return static_cast<double>(*ns) / 1e9;
}

void writeOptional(JsonWriter& j, std::optional<double> v, int decimals)
{
    if (v) {
        j.number(*v, decimals);
    } else {
        j.null();
    }
}

// withExcluded: the run set excluded windows aside, and says how many jobs lost progress in them.
void writeAdvice(JsonWriter& j, const CheckpointAdvice& a, bool withExcluded)
{
    const auto& m = a.measured;
    j.beginObject();
    j.key("name").string(a.name);
    j.key("jobs").number(m.jobs);
    j.key("loop_s");
    writeSeconds(j, m.loopNs);
    j.key("loop_gpu_hours").number(static_cast<double>(m.loopGpuNs) / kNsPerHour, 6);
    j.key("e2e_s");
    writeSeconds(j, m.e2eNs);
    j.key("interruptions").number(m.interruptions);
    j.key("mtbi_s");
    writeOptional(j, m.mtbiS, 3);
    j.key("saves").number(m.saves);
    j.key("blocking_p50_s");
    writeOptionalSeconds(j, m.blockingP50Ns);
    j.key("blocking_p90_s");
    writeOptionalSeconds(j, m.blockingP90Ns);
    j.key("intervals").number(m.intervals);
    j.key("current_interval_s");
    writeOptional(j, a.currentIntervalS, 3);
    j.key("young_interval_s");
    writeOptional(j, a.youngIntervalS, 3);
    j.key("daly_interval_s");
    writeOptional(j, a.dalyIntervalS, 3);
    j.key("daly_boundary").boolean(a.dalyBoundary);
    j.key("wasted_percent_current");
    writeOptional(j, a.wastedCurrentPercent, 6);
    j.key("wasted_percent_optimum");
    writeOptional(j, a.wastedOptimumPercent, 6);
    j.key("projected_gain_pp");
    writeOptional(j, a.gainPp, 6);
    j.key("projected_gain_gpu_hours");
    writeOptional(j, a.gainGpuHours, 6);
    j.key("lost_progress_s");
    writeSeconds(j, m.lostNs);
    j.key("lost_interruptions").number(m.lostInterruptions);
    j.key("lost_per_interruption_s");
    writeOptional(j, m.lostPerInterruptionS, 3);
    j.key("lost_ratio_to_half_interval");
    writeOptional(j, a.lostRatio, 6);
    j.key("no_checkpoint_data_jobs").number(m.noCheckpointDataJobs);
    if (withExcluded) {
        j.key("lost_excluded_jobs").number(m.lostExcludedJobs);
    }
    j.key("flags").beginArray();
    for (const auto& f : a.flags) {
        j.string(f);
    }
    j.endArray();
    j.key("flagged_jobs").number(a.flaggedJobs);
    j.key("note").string(a.note);
    j.endObject();
}

// The columns of spans of an advice row, in the table's order.
constexpr size_t kSpanColumns = 7;

std::array<std::optional<double>, kSpanColumns> adviceSpans(const CheckpointAdvice& a)
{
    const auto& m = a.measured;
    return { m.mtbiS, nsToSeconds(m.blockingP50Ns), nsToSeconds(m.blockingP90Ns), a.currentIntervalS, a.youngIntervalS,
        a.dalyIntervalS, m.lostPerInterruptionS };
}

// One unit per span column over the rows shown.
std::array<SpanUnit, kSpanColumns> adviceSpanUnits(const std::vector<const CheckpointAdvice*>& rows)
{
    std::array<SpanUnit, kSpanColumns> units {};
    for (size_t c = 0; c < kSpanColumns; ++c) {
        std::vector<std::optional<double>> column;
        column.reserve(rows.size());
        for (const auto* a : rows) {
            column.push_back(adviceSpans(*a)[c]);
        }
        units[c] = spanUnit(column);
    }
    return units;
}

void addAdviceRow(TextTable& t, const CheckpointAdvice& a, const std::array<SpanUnit, kSpanColumns>& units)
{
    const auto& m = a.measured;
    std::string flags;
    for (const auto& f : a.flags) {
        flags += (flags.empty() ? "" : " ") + f;
    }
    if (m.jobs > 1 && a.flaggedJobs > 0) {
        flags = countOf(a.flaggedJobs, "job flagged", "jobs flagged");
    }
    const auto spans = adviceSpans(a);
    const auto span = [&](size_t c) { return spanText(spans[c], units[c]); };
    const auto gainHours = a.gainGpuHours ? groupThousands(fmt::format("{:.1f}", *a.gainGpuHours)) : "-";
    t.addRow({ a.name, countText(m.jobs), hoursText(m.loopGpuNs), countText(m.interruptions), span(0), span(1), span(2),
        span(3), span(4), span(5), fixedText(a.wastedCurrentPercent, 3), fixedText(a.wastedOptimumPercent, 3),
        fixedText(a.gainPp, 3), gainHours, span(6), fixedText(a.lostRatio, 2), flags.empty() ? "" : flags });
}

int runMeasured(const CommonOptions& common, const AdviseCmd& cmd)
{
    if (cmd.job && cmd.by) {
        return fail("advise: give --job or --by, not both");
    }
    std::error_code ec;
    if (common.store.url.empty() && !std::filesystem::exists(common.db, ec)) {
        return fail("advise: no database " + common.db
            + " to measure from (import traces with ettw import, or name one with --db); the models alone need "
              "--blocking-s and --mtbi-s, or --nodes, --failures-per-node-day, --restart-s, --interval-s and "
              "--blocking-s");
    }
    // A bad --exclude file is said before the database is read.
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    CohortSpec scope;
    scope.excluded = *excluded;
    const auto table = cmd.job ? adviseJob(*loaded->fleet, *cmd.job, cmd.label, *excluded)
                               : advise(*loaded->fleet, AdviceRequest { scope, cmd.by.value_or("job") }, true);
    if (!table) {
        return fail(
            "advise: " + (cmd.job ? std::string() : "--by " + cmd.by.value_or("job") + ": ") + table.error().message);
    }
    reportQuery(common, *loaded->fleet, "checkpoint advice");
    const std::string byText = cmd.job ? "job " + *cmd.job : "by " + cmd.by.value_or("job");

    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("database").string(loaded->where);
        j.key("scope").beginObject();
        j.key("label");
        cmd.label ? j.string(*cmd.label) : j.null();
        j.key("job");
        cmd.job ? j.string(*cmd.job) : j.null();
        j.key("by");
        cmd.job ? j.null() : j.string(cmd.by.value_or("job"));
        if (!excluded->empty()) {
            j.key("excluded");
            writeExcludedWindows(j, *excluded);
        }
        j.endObject();
        j.key("model").string(
            "waste of the train loop = I/(2M) + b/I (Young 1974) with M the measured mean time "
            "between interruptions and b the median blocking time of a save; gain = waste saved "
            "at the optimum x the loop's share of E2E (GPU-weighted); gain in GPU-hours = waste saved x the "
            "loop's GPU time; groups ranked by GPU-hours to gain");
        j.key("fleet");
        writeAdvice(j, table->total, !excluded->empty());
        j.key("groups").beginArray();
        for (const auto& g : table->groups) {
            writeAdvice(j, g, !excluded->empty());
        }
        j.endArray();
        j.endObject();
        print(j.str() + "\n");
        return kExitOk;
    }

    std::string out
        = fmt::format("Checkpoint advice from {} ({}{})\n"
                      "Waste of the train loop: I/(2M) unsaved + b/I blocked (Young 1974); M measured "
                      "between interruptions, b the median save; gain in ETT pp (GPU-weighted) and GPU-hours; "
                      "rows ranked by GPU-hours to gain\n\n",
            loaded->where, byText, excludedText(*excluded));
    if (table->total.measured.jobs == 0) {
        print(out + "No jobs in this scope.\n");
        return kExitOk;
    }
    TextTable t;
    t.addColumn(cmd.job ? "job" : cmd.by.value_or("job"), TextTable::Align::Left);
    for (const char* c : { "jobs", "loop GPU-h", "interr.", "MTBI", "save p50", "save p90", "interval", "optimum",
             "Daly", "waste %", "at opt. %", "gain pp", "gain GPU-h", "lost/int.", "lost/(I/2)" }) {
        t.addColumn(c);
    }
    t.addColumn("flags", TextTable::Align::Left);
    const size_t shown = std::min(table->groups.size(), cmd.top);
    std::vector<const CheckpointAdvice*> rows { &table->total };
    for (size_t i = 0; i < shown; ++i) {
        rows.push_back(&table->groups[i]);
    }
    const auto units = adviceSpanUnits(rows);
    addAdviceRow(t, table->total, units);
    if (!table->groups.empty()) {
        t.addRule();
    }
    for (size_t i = 0; i < shown; ++i) {
        addAdviceRow(t, table->groups[i], units);
    }
    out += t.render();
    if (shown < table->groups.size()) {
        out += fmt::format("... {} more (--top N, or --format json for all)\n", table->groups.size() - shown);
    }
    // Notes: the fleet's, then the flagged or unadvised rows shown.
    std::string notes;
    const auto addNote = [&](const CheckpointAdvice& a) {
        if (!a.note.empty()) {
            notes += fmt::format("  {}: {}\n", a.name, a.note);
        }
    };
    addNote(table->total);
    for (size_t i = 0; i < shown; ++i) {
        addNote(table->groups[i]);
    }
    if (!notes.empty()) {
        out += "\nNotes\n" + notes;
    }
    print(out);
    return kExitOk;
}

} // namespace

int runAdvise(const CommonOptions& common, const AdviseCmd& cmd)
{
    const bool modelMode
        = cmd.blockingS || cmd.mtbiS || !cmd.intervalsS.empty() || cmd.nodes || cmd.failuresPerNodeDay || cmd.restartS;
    if (!modelMode) {
        return runMeasured(common, cmd);
    }
    if (cmd.job || cmd.by || cmd.label || !common.exclude.empty()) {
        return fail("advise: --job, --by, --label and --exclude are for the advice measured from --db; the models take "
                    "--blocking-s, --mtbi-s, --interval-s (or the ETTR inputs) instead (give one set)");
    }
    const bool ettrMode = cmd.nodes || cmd.failuresPerNodeDay || cmd.restartS;
    if (ettrMode) {
        if (cmd.mtbiS) {
            return fail("advise: --mtbi-s is for the interval advice; the ETTR estimate takes --nodes, "
                        "--failures-per-node-day and --restart-s instead (give one set)");
        }
        std::string missing;
        const std::pair<const char*, bool> needed[]
            = { { "--nodes", cmd.nodes.has_value() }, { "--failures-per-node-day", cmd.failuresPerNodeDay.has_value() },
                  { "--restart-s", cmd.restartS.has_value() }, { "--interval-s", !cmd.intervalsS.empty() },
                  { "--blocking-s", cmd.blockingS.has_value() } };
        for (const auto& [name, given] : needed) {
            if (!given) {
                missing += (missing.empty() ? "" : ", ") + std::string(name);
            }
        }
        if (!missing.empty()) {
            return fail("advise: the ETTR estimate also needs " + missing);
        }
        if (cmd.intervalsS.size() != 1) {
            return fail("advise: the ETTR estimate takes exactly one --interval-s");
        }
        if (*cmd.nodes < 1) {
            return fail(fmt::format("--nodes must be at least 1 (got {})", *cmd.nodes));
        }
        for (const auto& error : { checkNumber("--failures-per-node-day", *cmd.failuresPerNodeDay, false),
                 checkNumber("--restart-s", *cmd.restartS, true),
                 checkNumber("--interval-s", cmd.intervalsS.front(), false),
                 checkNumber("--blocking-s", *cmd.blockingS, true) }) {
            if (error) {
                return fail(*error);
            }
        }
        return runEttr(common, cmd);
    }

    if (!cmd.blockingS || !cmd.mtbiS) {
        return fail("advise needs --blocking-s and --mtbi-s (the interval advice), or --nodes, "
                    "--failures-per-node-day, --restart-s, --interval-s and --blocking-s (the ETTR estimate)");
    }
    for (const auto& error :
        { checkNumber("--blocking-s", *cmd.blockingS, false), checkNumber("--mtbi-s", *cmd.mtbiS, false) }) {
        if (error) {
            return fail(*error);
        }
    }
    for (double i : cmd.intervalsS) {
        if (auto error = checkNumber("--interval-s", i, false)) {
            return fail(*error);
        }
    }
    return runInterval(common, cmd);
}

} // namespace ett::app
