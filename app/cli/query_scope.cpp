#include "app/cli/query_scope.h"

#include "app/cli/cli_common.h"
#include "core/model/timeutil.h"

namespace ett::app {

using namespace ett::core;

namespace {

// The time of --from or --to (nullopt when not given), or an error naming the option.
Result<std::optional<int64_t>> userTimeOption(const char* option, const std::string& text)
{
    if (text.empty()) {
        return std::optional<int64_t> {};
    }
    if (auto t = parseUserTime(text)) {
        return std::optional<int64_t> { *t };
    }
    return Error { std::string(option) + ": expected an RFC 3339 time (2025-06-01T00:00:00Z) or epoch seconds, got '"
        + text + "'" };
}

} // namespace

Result<RollupOptions> rollupOptions(
    const std::string& from, const std::string& to, bool countQueue, const CommonOptions& common)
{
    auto fromNs = userTimeOption("--from", from);
    auto toNs = userTimeOption("--to", to);
    if (!fromNs || !toNs) {
        return (!fromNs ? fromNs : toNs).error();
    }
    RollupOptions o;
    o.countQueue = countQueue;
    o.fromNs = *fromNs;
    o.toNs = *toNs;
    if (o.fromNs && o.toNs && *o.toNs < *o.fromNs) {
        return Error { "--to (" + to + ") is before --from (" + from + ")" };
    }
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return excluded.error();
    }
    o.excluded = std::move(*excluded);
    return o;
}

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
    return s + excludedText(o.excluded);
}

std::string excludedText(const std::vector<TimeSpan>& windows)
{
    if (windows.empty()) {
        return {};
    }
    std::string s = "; excluding " + countOf(static_cast<int64_t>(windows.size()), "window", "windows") + " (";
    Wide total = 0;
    for (size_t i = 0; i < windows.size(); ++i) {
        total += windows[i].toNs - windows[i].fromNs;
        if (i < 3) {
            s += (i == 0 ? "" : ", ") + formatRfc3339(windows[i].fromNs) + " to " + formatRfc3339(windows[i].toNs);
        } else if (i == 3) {
            s += ", ...";
        }
    }
    return s + "), " + hoursText(total) + " hours of wall time";
}

void writeExcludedWindows(JsonWriter& j, const std::vector<TimeSpan>& windows)
{
    j.beginArray();
    for (const TimeSpan& w : windows) {
        j.beginObject();
        j.key("start").string(formatRfc3339(w.fromNs));
        j.key("end").string(formatRfc3339(w.toNs));
        j.endObject();
    }
    j.endArray();
}

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
    if (!o.excluded.empty()) {
        j.key("excluded");
        writeExcludedWindows(j, o.excluded);
    }
    j.endObject();
    j.key("weighting").string("ett_percent_gpu is GPU-weighted (default); ett_percent_time is time-weighted");
}

CohortSpec scopeOf(const RollupOptions& o)
{
    CohortSpec scope;
    scope.fromNs = o.fromNs;
    scope.toNs = o.toNs;
    scope.countQueue = o.countQueue;
    scope.excluded = o.excluded;
    return scope;
}

std::optional<core::TimeWindow> windowOf(const CohortSpec& scope)
{
    if (!scope.fromNs && !scope.toNs) {
        return std::nullopt;
    }
    core::TimeWindow w;
    w.fromNs = scope.fromNs.value_or(w.fromNs);
    w.toNs = scope.toNs.value_or(w.toNs);
    w.countQueue = scope.countQueue;
    return w;
}

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

} // namespace ett::app
