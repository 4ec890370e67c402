#include "app/cli/series_cmd.h"

#include "app/cli/figures_text.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/job_detail.h"
#include "app/service/rolling.h"
#include "core/model/names_text.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"
#include "gpu/engine.h"

#include <fmt/core.h>

#include <optional>
#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

// What a series shows besides its figures: where, the scope, and the one job when --job.
struct SeriesHeader
{
    const CommonOptions& common; // its db names the source
    const SeriesCmd& cmd;
    const RollupOptions& options;
    std::optional<KeyedJob> job;

    // The lines over a table: the title (which names common.db), the scope and the job.
    std::string tableHead(const std::string& title) const
    {
        std::string out = fmt::format("{}\nScope: {}\n", title, scopeText(cmd.label, options));
        if (job) {
            out += core::printableText(fmt::format("Job: {} (label '{}')", job->timeline.key, job->timeline.label))
                + "\n";
        }
        return out + "\n";
    }
    // The JSON "job" member: the job's key and label, or null.
    void writeJob(JsonWriter& j) const
    {
        j.key("job");
        if (!job) {
            j.null();
            return;
        }
        j.beginObject();
        j.key("key").string(job->timeline.key);
        j.key("label").string(job->timeline.label);
        j.endObject();
    }
};

int64_t bucketStartNs(const gpu::Series& series, size_t k)
{
    return series.originNs + static_cast<int64_t>(k) * series.widthNs;
}

std::string seriesJson(const SeriesHeader& h, const gpu::Series& series)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(h.common.db);
    j.key("every").string(h.cmd.every);
    h.writeJob(j);
    writeScope(j, h.cmd.label, h.options);
    j.key("buckets").beginArray();
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        const int64_t start = bucketStartNs(series, k);
        j.beginObject();
        j.key("start").string(formatRfc3339(start));
        j.key("start_s").rawNumber(formatSeconds(start));
        j.key("end_s").rawNumber(formatSeconds(start + series.widthNs));
        writeFigures(j, series.buckets[k], true, !h.options.excluded.empty());
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

std::string seriesTable(const SeriesHeader& h, const gpu::Series& series)
{
    TextTable t;
    addFigureColumns(t, h.cmd.every + " (UTC)");
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        t.addRow(figureCells(formatTimeHuman(bucketStartNs(series, k)), series.buckets[k]));
    }
    return h.tableHead("ETT per " + h.cmd.every + " of " + h.common.db)
        + (series.buckets.empty() ? std::string("No jobs in this scope.\n") : t.render());
}

// --- the rolling series

std::string rollingJson(const SeriesHeader& h, const RollingSeries& r)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(h.common.db);
    j.key("rolling").beginObject();
    j.key("window_s").rawNumber(formatSeconds(r.windowNs));
    j.key("step_s").rawNumber(formatSeconds(r.stepNs));
    j.key("grid_s").rawNumber(formatSeconds(r.gridNs));
    j.endObject();
    h.writeJob(j);
    writeScope(j, h.cmd.label, h.options);
    j.key("span");
    if (r.span) {
        j.beginObject();
        j.key("from").string(formatRfc3339(r.span->fromNs));
        j.key("to").string(formatRfc3339(r.span->toNs));
        j.endObject();
    } else {
        j.null();
    }
    j.key("points").beginArray();
    for (const RollingPoint& p : r.points) {
        j.beginObject();
        j.key("t").string(formatRfc3339(p.tNs));
        j.key("t_ns").number(p.tNs);
        j.key("e2e_s");
        writeSeconds(j, p.e2eNs);
        j.key("e2e_gpu_s");
        writeSeconds(j, p.e2eGpuNs);
        j.key("productive_s");
        writeSeconds(j, p.productiveNs);
        j.key("productive_gpu_s");
        writeSeconds(j, p.productiveGpuNs);
        j.key("ett_percent_gpu");
        writePercent(j, p.ettPercentGpu);
        j.key("ett_percent_time");
        writePercent(j, p.ettPercentTime);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.str();
}

std::string rollingCsv(const RollingSeries& r)
{
    TextTable t;
    for (const char* c : { "t", "t_ns", "e2e_s", "e2e_gpu_s", "productive_s", "productive_gpu_s", "ett_percent_gpu",
             "ett_percent_time" }) {
        t.addColumn(c);
    }
    auto pct = [](std::optional<double> p) { return p ? fmt::format("{:.6f}", *p) : std::string(); };
    for (const RollingPoint& p : r.points) {
        t.addRow({ formatRfc3339(p.tNs), std::to_string(p.tNs), formatWideSeconds(p.e2eNs),
            formatWideSeconds(p.e2eGpuNs), formatWideSeconds(p.productiveNs), formatWideSeconds(p.productiveGpuNs),
            pct(p.ettPercentGpu), pct(p.ettPercentTime) });
    }
    return t.renderCsv();
}

std::string rollingTable(const SeriesHeader& h, const RollingSeries& r)
{
    TextTable t;
    t.addColumn("window end (UTC)", TextTable::Align::Left);
    for (const char* c : { "GPU-hours", "productive GPU-h", "ETT% (GPU-w.)", "ETT% (time-w.)" }) {
        t.addColumn(c);
    }
    for (const RollingPoint& p : r.points) {
        t.addRow({ formatTimeHuman(p.tNs), hoursText(p.e2eGpuNs), hoursText(p.productiveGpuNs),
            percentText(p.ettPercentGpu, 3), percentText(p.ettPercentTime, 3) });
    }
    return h.tableHead("Rolling ETT% of " + h.common.db + ": windows of " + formatDurationExact(r.windowNs) + ", every "
               + formatDurationExact(r.stepNs))
        + (r.points.empty() ? std::string("No jobs in this scope.\n")
                            : "Each row: the window [end - " + formatDurationExact(r.windowNs)
                    + ", end); n/a where it holds no end-to-end time\n" + t.render());
}

} // namespace

int runSeries(const CommonOptions& common, const SeriesCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue, common);
    if (!options) {
        return fail(options.error().message);
    }
    RollingRequest rolling;
    if (cmd.rolling) {
        auto window = durationOption("--rolling", *cmd.rolling);
        auto step = cmd.step ? durationOption("--step", *cmd.step) : window;
        if (!window || !step) {
            return fail((!window ? window : step).error().message);
        }
        rolling.windowNs = *window;
        rolling.stepNs = *step;
    }
    // A plain series over a range needs only the jobs that may reach it; one job's is found by its
    // key among all, and a rolling window reaches back before the range.
    const bool windowed = !cmd.job && !cmd.rolling;
    auto loaded
        = openAndLoad(common, cmd.label, false, Needs::Full, windowed ? windowOf(scopeOf(*options)) : std::nullopt);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    FleetSource& fleet = *loaded->fleet;
    const CommonOptions shown = withSource(common, *loaded);
    SeriesHeader header { shown, cmd, *options, std::nullopt };
    if (cmd.job) {
        auto found = jobByKey(fleet, *cmd.job, cmd.label);
        if (!found) {
            return fail("--job: " + found.error().message);
        }
        header.job = std::move(*found);
    }
    const std::optional<JobIndex> job = header.job ? std::optional<JobIndex>(header.job->job) : std::nullopt;

    if (cmd.rolling) {
        rolling.scope = scopeOf(*options);
        rolling.job = job;
        auto computed = rollingSeries(fleet, rolling);
        if (!computed) {
            return fail(computed.error().message);
        }
        const RollingSeries& r = *computed;
        reportQuery(common, fleet, "rolling series", r.querySeconds);
        return present(common,
            { [&] { return rollingTable(header, r); }, [&] { return rollingJson(header, r); },
                [&] { return rollingCsv(r); } });
    }
    const gpu::Calendar every = cmd.every == "hour" ? gpu::Calendar::Hour
        : cmd.every == "week"                       ? gpu::Calendar::Week
                                                    : gpu::Calendar::Day;
    auto computed = fleet.seriesEvery(scopeOf(*options), gpu::calendarWidthNs(every), gpu::calendarAlignNs(every), job);
    if (!computed) {
        return fail(computed.error().message);
    }
    const gpu::Series& series = *computed;
    reportQuery(common, fleet, "series");
    return present(common,
        { [&] { return seriesTable(header, series); }, [&] { return seriesJson(header, series); },
            [&] { return seriesCsv(series); } });
}

} // namespace ett::app
