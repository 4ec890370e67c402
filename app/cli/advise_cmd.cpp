#include "app/cli/advise_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/text_table.h"
#include "core/model/checkpoint_model.h"

#include <fmt/core.h>

#include <cmath>
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

} // namespace

int runAdvise(const CommonOptions& common, const AdviseCmd& cmd)
{
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
