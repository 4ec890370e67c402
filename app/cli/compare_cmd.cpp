#include "app/cli/compare_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/text_table.h"
#include "app/service/comparison.h"
#include "core/model/timeutil.h"
#include "gpu/compare.h"

#include <fmt/core.h>

#include <algorithm>

namespace ett::app {

using namespace ett::core;

namespace {

std::string ppText(std::optional<double> v, int decimals = 2)
{
    return v ? signedText(*v, decimals) + " pp" : "n/a";
}

std::string signedDuration(std::optional<int64_t> a, std::optional<int64_t> b)
{
    if (!a || !b) {
        return "n/a";
    }
    const int64_t d = *b - *a;
    const std::string magnitude = formatDurationHuman(d < 0 ? -d : d);
    std::string s = (d < 0 ? "-" : "+") + magnitude;
    if (*a > 0) {
        s += fmt::format(" ({:+.1f}%)", static_cast<double>(d) / static_cast<double>(*a) * 100.0);
    }
    return s;
}

std::string rateText(std::optional<double> r)
{
    return r ? fmt::format("{:.2f}", *r) : "n/a";
}

void writeOptionalNumber(JsonWriter& j, std::optional<double> v, int decimals)
{
    if (v) {
        j.number(*v, decimals);
    } else {
        j.null();
    }
}

void writeBridge(JsonWriter& j, const std::optional<Bridge>& bridge)
{
    if (!bridge) {
        j.null();
        return;
    }
    j.beginArray();
    for (const auto& s : bridge->steps) {
        j.beginObject();
        j.key("bucket").string(bucketName(s.bucket));
        j.key("pp").rawNumber(formatPico(s.pico));
        j.endObject();
    }
    j.endArray();
}

void writeInterval(JsonWriter& j, const std::optional<Interval>& ci)
{
    if (!ci) {
        j.null();
        return;
    }
    j.beginArray();
    j.number(ci->low, 6);
    j.number(ci->high, 6);
    j.endArray();
}

void writeMatched(JsonWriter& j, const std::vector<MatchedJob>& v)
{
    j.beginArray();
    for (const auto& m : v) {
        j.beginObject();
        j.key("match").string(m.match);
        j.key("run").number(m.run);
        j.key("runs_a").number(m.runsA);
        j.key("runs_b").number(m.runsB);
        j.key("key_a").string(m.keyA);
        j.key("label_a").string(m.labelA);
        j.key("key_b").string(m.keyB);
        j.key("label_b").string(m.labelB);
        j.key("ett_percent_a").number(m.ettA, 6);
        j.key("ett_percent_b").number(m.ettB, 6);
        j.key("delta_pp").number(m.deltaPp, 6);
        j.key("lost_gpu_hours_a").number(m.lostGpuHoursA, 6);
        j.key("lost_gpu_hours_b").number(m.lostGpuHoursB, 6);
        j.key("lost_gpu_hours_change").number(m.lostGpuHoursChange(), 6);
        j.key("name_a").string(m.nameA);
        j.key("name_b").string(m.nameB);
        j.key("gpus_a").number(m.gpusA);
        j.key("gpus_b").number(m.gpusB);
        j.key("name_differs").boolean(m.nameDiffers());
        j.key("gpus_differ").boolean(m.gpusDiffer());
        j.endObject();
    }
    j.endArray();
}

// A matched job's name in a table: its match value, and which run of it when a side has several.
std::string matchedText(const MatchedJob& m)
{
    if (m.runsA == 1 && m.runsB == 1) {
        return m.match;
    }
    return fmt::format("{} (run {}; A {}, B {})", m.match, m.run, m.runsA, m.runsB);
}

// How jobs were paired and why the others were not, two or three lines.
std::string matchingText(const MatchSummary& m, const std::string& by)
{
    std::string out = fmt::format("  Paired {} of A with {} of B, one to one: {}", countOf(m.pairedA(), "job", "jobs"),
        countOf(m.pairedB(), "job", "jobs"), kPairingRule);
    out += m.sharedValues > 0 ? fmt::format(" ({} {} several jobs on a side)\n", countText(m.sharedValues),
               m.sharedValues == 1 ? "value holds" : "values hold")
                              : "\n";
    auto side = [&](const char* name, int64_t only, int64_t extra) {
        return fmt::format("{} {} ({} with a {} the other cohort lacks, {} beyond the other's runs)", name,
            countText(only + extra), countText(only), by == "job" ? "key" : by, countText(extra));
    };
    out += fmt::format("  Not paired: {}; {}\n", side("A", m.onlyA, m.extraA), side("B", m.onlyB, m.extraB));
    if (m.pairsWithoutTime > 0) {
        out += fmt::format(
            "  {} without time in a cohort's range, not ranked\n", countOf(m.pairsWithoutTime, "pair", "pairs"));
    }
    return out;
}

std::string bridgeTable(const Bridge& bridge)
{
    TextTable t;
    t.addColumn("step", TextTable::Align::Left);
    t.addColumn("pp");
    t.addRow({ "ETT% of A", fmt::format("{:.3f}", static_cast<double>(bridge.ettAPico) * 1e-12) });
    for (const auto& s : bridge.steps) {
        if (s.pico == 0) {
            continue;
        }
        t.addRow({ std::string(bucketName(s.bucket)), signedText(s.pp(), 3) });
    }
    t.addRule();
    t.addRow({ "ETT% of B", fmt::format("{:.3f}", static_cast<double>(bridge.ettBPico) * 1e-12) });
    return t.render();
}

void writeTtrBridge(JsonWriter& j, const std::optional<TtrBridge>& bridge)
{
    if (!bridge) {
        j.null();
        return;
    }
    j.beginObject();
    j.key("recoveries_a").number(bridge->recoveriesA);
    j.key("recoveries_b").number(bridge->recoveriesB);
    j.key("mean_ttr_a_s").number(bridge->meanTotalA(), 3);
    j.key("mean_ttr_b_s").number(bridge->meanTotalB(), 3);
    j.key("steps").beginArray();
    for (size_t p = 0; p < TtrBridge::kParts; ++p) {
        j.beginObject();
        j.key("part").string(TtrBridge::partName(p));
        j.key("mean_a_s").number(bridge->meanA(p), 3);
        j.key("mean_b_s").number(bridge->meanB(p), 3);
        j.key("change_s").number(bridge->stepSeconds(p), 3);
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

std::string ttrBridgeTable(const TtrBridge& bridge)
{
    TextTable t;
    t.addColumn("step", TextTable::Align::Left);
    t.addColumn("mean s");
    t.addRow({ fmt::format("TTR of A ({})", countOf(bridge.recoveriesA, "recovery", "recoveries")),
        fmt::format("{:.3f}", bridge.meanTotalA()) });
    for (size_t p = 0; p < TtrBridge::kParts; ++p) {
        t.addRow({ TtrBridge::partName(p), signedText(bridge.stepSeconds(p), 3) });
    }
    t.addRule();
    t.addRow({ fmt::format("TTR of B ({})", countOf(bridge.recoveriesB, "recovery", "recoveries")),
        fmt::format("{:.3f}", bridge.meanTotalB()) });
    return t.render();
}

} // namespace

std::string comparisonJson(const Comparison& c, const std::string& db, const std::string& matchBy)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(db);
    j.key("a").string(c.specA);
    j.key("b").string(c.specB);
    j.key("jobs_a").number(c.jobsA);
    j.key("jobs_b").number(c.jobsB);
    j.key("gpu_days_a").number(c.gpuDaysA, 6);
    j.key("gpu_days_b").number(c.gpuDaysB, 6);
    j.key("weighting")
        .string("ett_percent_a/b, delta_pp, ci95_pp and bridge are GPU-weighted; *_time variants "
                "are time-weighted");
    j.key("ett_percent_a");
    writeOptionalNumber(j, c.ettA, 6);
    j.key("ett_percent_b");
    writeOptionalNumber(j, c.ettB, 6);
    j.key("delta_pp");
    writeOptionalNumber(j, c.deltaPp, 6);
    j.key("ci95_pp");
    writeInterval(j, c.ci);
    j.key("too_few_jobs").boolean(c.tooFewJobs);
    j.key("min_jobs_for_interval").number(kMinJobsForInterval);
    j.key("ett_percent_a_time");
    writeOptionalNumber(j, c.ettATime, 6);
    j.key("ett_percent_b_time");
    writeOptionalNumber(j, c.ettBTime, 6);
    j.key("delta_pp_time");
    writeOptionalNumber(j, c.deltaPpTime, 6);
    j.key("ci95_pp_time");
    writeInterval(j, c.ciTime);
    j.key("bootstrap").beginObject();
    j.key("seed").number(static_cast<int64_t>(c.seed));
    j.key("replicates").number(int64_t { c.replicates });
    j.key("confidence").number(c.confidence, 3);
    j.key("over").string("jobs");
    j.endObject();
    j.key("bridge");
    writeBridge(j, c.bridge);
    j.key("bridge_time");
    writeBridge(j, c.bridgeTime);
    j.key("ttr_bridge");
    writeTtrBridge(j, c.ttrBridge);
    j.key("distributions").beginArray();
    for (const auto& d : c.distributions) {
        j.beginObject();
        j.key("name").string(d.name);
        j.key("count_a").number(d.countA);
        j.key("count_b").number(d.countB);
        const std::pair<const char*, std::optional<int64_t> Percentiles::*> ps[]
            = { { "p50", &Percentiles::p50 }, { "p90", &Percentiles::p90 }, { "p99", &Percentiles::p99 } };
        for (const auto& [name, member] : ps) {
            j.key(std::string(name) + "_a_s");
            writeOptionalSeconds(j, d.a.*member);
            j.key(std::string(name) + "_b_s");
            writeOptionalSeconds(j, d.b.*member);
            j.key(std::string(name) + "_change_s");
            const auto a = d.a.*member;
            const auto b = d.b.*member;
            writeOptionalSeconds(j, a && b ? std::optional<int64_t>(*b - *a) : std::nullopt);
        }
        j.endObject();
    }
    j.endArray();
    j.key("interruptions_per_1000_gpu_days").beginArray();
    for (const auto& r : c.causes) {
        j.beginObject();
        j.key("cause_class").string(r.causeClass.empty() ? "(none)" : r.causeClass);
        j.key("failures_a");
        writeOptionalNumber(j, r.failuresA, 6);
        j.key("failures_b");
        writeOptionalNumber(j, r.failuresB, 6);
        j.key("preemptions_a");
        writeOptionalNumber(j, r.preemptionsA, 6);
        j.key("preemptions_b");
        writeOptionalNumber(j, r.preemptionsB, 6);
        j.key("failure_count_a").number(r.countFailuresA);
        j.key("failure_count_b").number(r.countFailuresB);
        j.key("preemption_count_a").number(r.countPreemptionsA);
        j.key("preemption_count_b").number(r.countPreemptionsB);
        j.endObject();
    }
    j.endArray();
    j.key("matched_by").string(matchBy);
    j.key("matched_jobs").number(c.matchedJobs);
    const MatchSummary& m = c.matching;
    j.key("matching").beginObject();
    j.key("rule").string(kPairingRule);
    j.key("pairs").number(m.pairs);
    j.key("pairs_without_time").number(m.pairsWithoutTime);
    j.key("paired_a").number(m.pairedA());
    j.key("paired_b").number(m.pairedB());
    j.key("only_a").number(m.onlyA);
    j.key("only_b").number(m.onlyB);
    j.key("extra_a").number(m.extraA);
    j.key("extra_b").number(m.extraB);
    j.key("unpaired_a").number(m.unpairedA());
    j.key("unpaired_b").number(m.unpairedB());
    j.key("shared_values").number(m.sharedValues);
    j.endObject();
    j.key("regressions");
    writeMatched(j, c.regressions);
    j.key("improvements");
    writeMatched(j, c.improvements);
    j.endObject();
    return j.str();
}

int runCompare(const CommonOptions& common, const CompareCmd& cmd)
{
    auto a = parseCohortSpec(cmd.a, "--a");
    if (!a) {
        return fail(a.error().message);
    }
    auto b = parseCohortSpec(cmd.b, "--b");
    if (!b) {
        return fail(b.error().message);
    }
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    // Over all time and without excluded windows, the cohorts' roll-ups need no segments (as a
    // summary's): the lean load, and the phase-duration distributions from the stored samples.
    const bool clipped = a->fromNs || a->toNs || b->fromNs || b->toNs || !excluded->empty();
    auto loaded = openAndLoad(common, std::nullopt, false, clipped ? Needs::Full : Needs::Lean);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    const std::string& where = loaded->where;
    ComparisonRequest request;
    request.a = *a;
    request.b = *b;
    request.matchBy = cmd.matchBy;
    request.countQueue = cmd.countQueue;
    request.excluded = *excluded;
    request.seed = cmd.seed;
    request.topMatched = cmd.top;
    if (auto st = checkComparison(*loaded->fleet, request, "--a", "--b"); !st) {
        return fail(st.error().message);
    }
    ComparisonOptions options;
    options.replicates = cmd.replicates;
    options.withSamples = false;
    auto compared = compare(*loaded->fleet, request, options);
    if (!compared) {
        return fail(compared.error().message);
    }
    const Comparison& c = compared->comparison;
    reportQuery(common, *loaded->fleet, "comparison");
    if (c.jobsA == 0) {
        return fail("--a '" + cmd.a + "' matches no jobs in " + where);
    }
    if (c.jobsB == 0) {
        return fail("--b '" + cmd.b + "' matches no jobs in " + where);
    }

    if (common.format == "json") {
        print(comparisonJson(c, where, compared->matchedBy));
    } else {
        std::string out = fmt::format("Comparison in {}\n", where);
        out += fmt::format("A: {} ({}, {} GPU-days)\n", c.specA, countOf(c.jobsA, "job", "jobs"),
            groupThousands(fmt::format("{:.1f}", c.gpuDaysA)));
        out += fmt::format("B: {} ({}, {} GPU-days)\n\n", c.specB, countOf(c.jobsB, "job", "jobs"),
            groupThousands(fmt::format("{:.1f}", c.gpuDaysB)));
        TextTable head;
        head.addColumn("ETT%", TextTable::Align::Left);
        head.addColumn("A");
        head.addColumn("B");
        head.addColumn("change");
        head.addColumn(fmt::format("{:.0f}% interval", c.confidence * 100));
        auto interval = [](const std::optional<Interval>& ci) {
            return ci ? signedText(ci->low, 2) + " .. " + signedText(ci->high, 2) + " pp" : std::string("n/a");
        };
        const bool tooFew = c.tooFewJobs;
        auto intervalOf = [&](const std::optional<Interval>& ci) { return tooFew ? "too few jobs" : interval(ci); };
        head.addRow({ "GPU-weighted", percentText(c.ettA), percentText(c.ettB), ppText(c.deltaPp), intervalOf(c.ci) });
        head.addRow({ "time-weighted", percentText(c.ettATime), percentText(c.ettBTime), ppText(c.deltaPpTime),
            intervalOf(c.ciTime) });
        out += head.render();
        if (c.tooFewJobs) {
            out += fmt::format("No interval and no verdict: an interval needs at least {} in each cohort (A has {}, "
                               "B has {}).\n\n",
                countOf(kMinJobsForInterval, "job", "jobs"), countText(c.jobsA), countText(c.jobsB));
        } else {
            out += fmt::format(
                "Interval: bootstrap over jobs, {} replicates, seed {}.\n\n", countText(c.replicates), c.seed);
        }
        if (c.bridge) {
            out += "Bridge from A to B (GPU-weighted; a step is the change of a bucket's share of E2E, in percentage "
                   "points of ETT)\n"
                + bridgeTable(*c.bridge) + "\n";
        }
        if (c.ttrBridge) {
            out += "Time to Recover from A to B (mean per recovery; a step is the change of a part's mean, spec 7.1)\n"
                + ttrBridgeTable(*c.ttrBridge) + "\n";
        }
        TextTable dist;
        dist.addColumn("distribution", TextTable::Align::Left);
        dist.addColumn("n A");
        dist.addColumn("n B");
        dist.addColumn("p50 A");
        dist.addColumn("p50 B");
        dist.addColumn("p50 change");
        dist.addColumn("p90 change");
        dist.addColumn("p99 change");
        for (const auto& d : c.distributions) {
            dist.addRow({ d.name, countText(d.countA), countText(d.countB), durationText(d.a.p50),
                durationText(d.b.p50), signedDuration(d.a.p50, d.b.p50), signedDuration(d.a.p90, d.b.p90),
                signedDuration(d.a.p99, d.b.p99) });
        }
        out += "Distributions (nearest-rank percentiles)\n" + dist.render() + "\n";
        if (!c.causes.empty()) {
            TextTable causes;
            causes.addColumn("cause class", TextTable::Align::Left);
            causes.addColumn("failures A");
            causes.addColumn("failures B");
            causes.addColumn("preemptions A");
            causes.addColumn("preemptions B");
            for (const auto& r : c.causes) {
                causes.addRow({ r.causeClass.empty() ? std::string("(none)") : r.causeClass, rateText(r.failuresA),
                    rateText(r.failuresB), rateText(r.preemptionsA), rateText(r.preemptionsB) });
            }
            out += "Interruptions per 1,000 GPU-days\n" + causes.render() + "\n";
        }
        const bool automatic = cmd.matchBy == "auto";
        out += fmt::format("Matched jobs (by {}{}): {}; listed by GPU-hours changed\n", compared->matchedBy,
            !automatic                          ? ""
                : compared->matchedBy == "name" ? ", as the same key names different jobs in A and B"
                                                : ", as no key names different jobs in A and B",
            countOf(c.matchedJobs, "pair", "pairs"));
        out += matchingText(c.matching, compared->matchedBy);
        for (const auto* list : { &c.regressions, &c.improvements }) {
            if (list->empty()) {
                continue;
            }
            TextTable t;
            t.addColumn(
                list == &c.regressions ? "largest regressions" : "largest improvements", TextTable::Align::Left);
            t.addColumn("ETT% A");
            t.addColumn("ETT% B");
            t.addColumn("change");
            t.addColumn("lost GPU-h A");
            t.addColumn("lost GPU-h B");
            t.addColumn("change");
            t.addColumn("not alike", TextTable::Align::Left);
            for (const auto& m : *list) {
                std::string differs;
                if (m.nameDiffers()) {
                    differs = "name";
                }
                if (m.gpusDiffer()) {
                    differs += std::string(differs.empty() ? "" : ", ") + "GPUs " + countText(m.gpusA) + " / "
                        + countText(m.gpusB);
                }
                t.addRow({ matchedText(m), percentText(m.ettA), percentText(m.ettB), ppText(m.deltaPp),
                    fmt::format("{:.1f}", m.lostGpuHoursA), fmt::format("{:.1f}", m.lostGpuHoursB),
                    signedText(m.lostGpuHoursChange(), 1), differs });
            }
            out += t.render();
        }
        print(out);
    }
    if (!cmd.failIfDrop) {
        return kExitOk;
    }
    // The gate, said on stderr either way so that a CI log shows what was checked.
    if (cmd.gate == "interval") {
        if (!c.ci) {
            std::fprintf(stderr,
                "ettw: gate on the interval: there is none (%s); it cannot be checked. Use --gate point, or cohorts "
                "of at least %lld jobs\n",
                c.tooFewJobs ? "too few jobs" : "a cohort has no E2E", static_cast<long long>(kMinJobsForInterval));
            return kExitUserError;
        }
        const double surelyDropped = -c.ci->high; // the smallest drop the interval allows
        if (surelyDropped > *cmd.failIfDrop) {
            std::fprintf(stderr,
                "ettw: gate on the interval: ETT%% dropped by at least %.3f pp from A to B (interval %+.3f .. %+.3f "
                "pp), more than the %.3f pp allowed\n",
                surelyDropped, c.ci->low, c.ci->high, *cmd.failIfDrop);
            return kExitGate;
        }
        std::fprintf(stderr,
            "ettw: gate on the interval passed: its upper bound %+.3f pp is within the %.3f pp drop allowed\n",
            c.ci->high, *cmd.failIfDrop);
        return kExitOk;
    }
    if (c.deltaPp && -*c.deltaPp > *cmd.failIfDrop) {
        std::fprintf(stderr,
            "ettw: gate on the change: ETT%% dropped by %.3f pp from A to B, more than the %.3f pp allowed\n",
            -*c.deltaPp, *cmd.failIfDrop);
        return kExitGate;
    }
    std::fprintf(stderr, "ettw: gate on the change passed: %s pp is within the %.3f pp drop allowed\n",
        c.deltaPp ? signedText(*c.deltaPp, 3).c_str() : "n/a", *cmd.failIfDrop);
    return kExitOk;
}

} // namespace ett::app
