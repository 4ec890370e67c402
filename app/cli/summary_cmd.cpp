#include "app/cli/summary_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/figures_text.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/text_table.h"
#include "app/service/overview.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"
#include "gpu/engine.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace ett::app {

using namespace ett::core;

namespace {

Result<RollupOptions> rollupOptions(const std::string& from, const std::string& to, bool countQueue)
{
    RollupOptions o;
    o.countQueue = countQueue;
    if (!from.empty()) {
        auto t = parseUserTime(from);
        if (!t) {
            return Error { "--from: expected an RFC 3339 time (2025-06-01T00:00:00Z) or epoch seconds, got '" + from
                + "'" };
        }
        o.fromNs = *t;
    }
    if (!to.empty()) {
        auto t = parseUserTime(to);
        if (!t) {
            return Error { "--to: expected an RFC 3339 time (2025-06-01T00:00:00Z) or epoch seconds, got '" + to
                + "'" };
        }
        o.toNs = *t;
    }
    if (o.fromNs && o.toNs && *o.toNs < *o.fromNs) {
        return Error { "--to (" + to + ") is before --from (" + from + ")" };
    }
    return o;
}

// The scope line of the tables: which label, which range, whether queue time counts.
std::string scopeText(const std::optional<std::string>& label, const RollupOptions& o)
{
    std::string s = label ? "label '" + *label + "'" : "all labels";
    if (o.hasRange()) {
        s += ", from " + (o.fromNs ? formatRfc3339(*o.fromNs) : std::string("the beginning")) + " to "
            + (o.toNs ? formatRfc3339(*o.toNs) : std::string("the end"));
    } else {
        s += ", all time";
    }
    s += o.countQueue ? "; queue time before the first attempt counted" : "; queue time not counted";
    return s;
}

// The JSON "scope" object and the "weighting" note that follows it.
void writeScope(JsonWriter& j, const std::optional<std::string>& label, const RollupOptions& o)
{
    j.key("scope").beginObject();
    j.key("label");
    label ? j.string(*label) : j.null();
    j.key("from");
    o.fromNs ? j.string(formatRfc3339(*o.fromNs)) : j.null();
    j.key("to");
    o.toNs ? j.string(formatRfc3339(*o.toNs)) : j.null();
    j.key("count_queue").boolean(o.countQueue);
    j.endObject();
    j.key("weighting").string("ett_percent_gpu is GPU-weighted (default); ett_percent_time is time-weighted");
}

// The scope of the query commands: every job loaded (the label's when --label), the range and
// the queue option.
CohortSpec scopeOf(const RollupOptions& o)
{
    CohortSpec scope;
    scope.fromNs = o.fromNs;
    scope.toNs = o.toNs;
    scope.countQueue = o.countQueue;
    return scope;
}

// The columns of a row per group or per calendar bucket, after the first (its name).
void addFigureColumns(TextTable& t, const std::string& first)
{
    t.addColumn(first, TextTable::Align::Left);
    for (const char* c : { "jobs", "attempts", "GPU-hours", "ETT% (GPU-w.)", "ETT% (time-w.)", "lost GPU-h", "failures",
             "preemptions", "other" }) {
        t.addColumn(c);
    }
}

std::vector<std::string> figureCells(const std::string& name, const Figures& f)
{
    return { name, countText(f.jobs), countText(f.attempts), hoursText(f.e2eGpuNs), percentText(f.ettPercentGpu(), 3),
        percentText(f.ettPercentTime(), 3), hoursText(f.lostGpuNs()), countText(f.failures), countText(f.preemptions),
        countText(f.otherInterruptions) };
}

std::string summaryJson(
    const CommonOptions& common, const SummaryCmd& cmd, const RollupOptions& options, const FleetGroups& s)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(common.db);
    writeScope(j, cmd.label, options);
    writeFigures(j, s.fleet);
    if (cmd.by) {
        j.key("by").string(*cmd.by);
        j.key("groups").beginObject();
        for (const auto& [name, f] : s.groups) {
            j.key(name).beginObject();
            writeFigures(j, f);
            j.endObject();
        }
        j.endObject();
    }
    j.endObject();
    return j.str();
}

std::string summaryCsv(const FleetGroups& s)
{
    TextTable t;
    addCsvFigures(t, true, "(fleet)", s.fleet);
    for (const auto& [name, f] : s.groups) {
        addCsvFigures(t, false, name, f);
    }
    return t.renderCsv();
}

std::string summaryTable(
    const CommonOptions& common, const SummaryCmd& cmd, const RollupOptions& options, const FleetGroups& s)
{
    std::string out = fmt::format("Fleet summary of {}\nScope: {}\n\n", common.db, scopeText(cmd.label, options));
    if (s.fleet.jobs == 0) {
        return out + "No jobs in this scope.\n";
    }
    out += headlineText(s.fleet) + "\n" + figuresTable(s.fleet);
    if (cmd.by) {
        TextTable t;
        addFigureColumns(t, *cmd.by);
        t.addColumn("TTS p50");
        t.addColumn("TTR p50");
        for (const auto& [name, f] : s.groups) {
            auto cells = figureCells(name, f);
            cells.push_back(durationText(percentilesOf(f.ttsNs).p50));
            cells.push_back(durationText(percentilesOf(f.ttrNs).p50));
            t.addRow(std::move(cells));
        }
        out += fmt::format("\nBy {} ({}; lost = GPU-hours not productive)\n", *cmd.by,
                   countOf(static_cast<int64_t>(s.groups.size()), "group", "groups"))
            + t.render();
    }
    return out;
}

int64_t bucketStartNs(const gpu::Series& series, size_t k)
{
    return series.originNs + static_cast<int64_t>(k) * series.widthNs;
}

std::string seriesJson(
    const CommonOptions& common, const SeriesCmd& cmd, const RollupOptions& options, const gpu::Series& series)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(common.db);
    j.key("every").string(cmd.every);
    writeScope(j, cmd.label, options);
    j.key("buckets").beginArray();
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        const int64_t start = bucketStartNs(series, k);
        j.beginObject();
        j.key("start").string(formatRfc3339(start));
        j.key("start_s").rawNumber(formatSeconds(start));
        j.key("end_s").rawNumber(formatSeconds(start + series.widthNs));
        writeFigures(j, series.buckets[k]);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.str();
}

std::string seriesCsv(const gpu::Series& series)
{
    TextTable t;
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        addCsvFigures(t, k == 0, formatRfc3339(bucketStartNs(series, k)), series.buckets[k]);
    }
    return t.renderCsv();
}

std::string seriesTable(
    const CommonOptions& common, const SeriesCmd& cmd, const RollupOptions& options, const gpu::Series& series)
{
    TextTable t;
    addFigureColumns(t, cmd.every + " (UTC)");
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        t.addRow(figureCells(formatTimeHuman(bucketStartNs(series, k)), series.buckets[k]));
    }
    return fmt::format("ETT per {} of {}\nScope: {}\n\n", cmd.every, common.db, scopeText(cmd.label, options))
        + (series.buckets.empty() ? std::string("No jobs in this scope.\n") : t.render());
}

} // namespace

int runSummary(const CommonOptions& common, const SummaryCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue);
    if (!options) {
        return fail(options.error().message);
    }
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto summary = summarize(*loaded->fleet, scopeOf(*options), cmd.by);
    if (!summary) {
        return fail((cmd.by ? "--by " + *cmd.by + ": " : std::string()) + summary.error().message);
    }
    const FleetGroups& s = *summary;
    reportQuery(common, *loaded->fleet, "roll-up");
    const CommonOptions shown = withSource(common, *loaded);
    return present(common,
        { [&] { return summaryTable(shown, cmd, *options, s); }, [&] { return summaryJson(shown, cmd, *options, s); },
            [&] { return summaryCsv(s); } });
}

int runSeries(const CommonOptions& common, const SeriesCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue);
    if (!options) {
        return fail(options.error().message);
    }
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    const gpu::Calendar every = cmd.every == "hour" ? gpu::Calendar::Hour
        : cmd.every == "week"                       ? gpu::Calendar::Week
                                                    : gpu::Calendar::Day;
    auto computed = loaded->fleet->series(scopeOf(*options), every);
    if (!computed) {
        return fail(computed.error().message);
    }
    const gpu::Series& series = *computed;
    reportQuery(common, *loaded->fleet, "series");
    const CommonOptions shown = withSource(common, *loaded);
    return present(common,
        { [&] { return seriesTable(shown, cmd, *options, series); },
            [&] { return seriesJson(shown, cmd, *options, series); }, [&] { return seriesCsv(series); } });
}

} // namespace ett::app
