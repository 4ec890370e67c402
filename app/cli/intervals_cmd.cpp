#include "app/cli/intervals_cmd.h"

#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/bucket_intervals.h"
#include "app/service/job_detail.h"
#include "core/model/names_text.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

double gpuHoursOf(Wide gpuNs)
{
    return static_cast<double>(static_cast<long double>(gpuNs) / kNsPerHour);
}

std::string attemptText(const BucketInterval& i)
{
    if (i.attempt < 0) {
        return "(queue)";
    }
    return i.gap ? fmt::format("{} (gap after)", i.attempt) : std::to_string(i.attempt);
}

std::string intervalsJson(const IntervalsCmd& cmd, const BucketIntervals& r, const std::vector<TimeSpan>& excluded)
{
    JsonWriter w;
    w.beginObject();
    w.key("bucket").string(bucketName(r.bucket));
    w.key("sort").string(intervalSortName(r.sort));
    w.key("count").number(r.count);
    w.key("listed").number(static_cast<int64_t>(r.rows.size()));
    w.key("total_s");
    writeSeconds(w, r.totalNs);
    w.key("total_gpu_hours").number(gpuHoursOf(r.totalGpuNs), 6);
    w.key("scope").string(cmd.scope.value_or(""));
    if (!excluded.empty()) {
        // Spec 7.4: the windows whose time the intervals leave out (only with --exclude).
        w.key("excluded");
        writeExcludedWindows(w, excluded);
    }
    w.key("intervals").beginArray();
    for (const BucketInterval& i : r.rows) {
        w.beginObject();
        w.key("job").string(i.key);
        w.key("label").string(i.label);
        w.key("attempt");
        if (i.attempt < 0) {
            w.null();
        } else {
            w.number(int64_t { i.attempt });
        }
        w.key("gap").boolean(i.gap);
        w.key("start").string(formatRfc3339(i.startNs));
        w.key("end").string(formatRfc3339(i.endNs));
        w.key("duration_s");
        writeSeconds(w, i.durationNs());
        w.key("gpus").number(i.gpus);
        w.key("gpu_hours").number(gpuHoursOf(i.gpuNs()), 6);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

std::string intervalsCsv(const BucketIntervals& r)
{
    TextTable t;
    for (const char* c : { "job", "label", "attempt", "gap", "start", "end", "duration_s", "gpus", "gpu_hours" }) {
        t.addColumn(c);
    }
    for (const BucketInterval& i : r.rows) {
        t.addRow({ i.key, i.label, i.attempt < 0 ? std::string() : std::to_string(i.attempt), i.gap ? "true" : "false",
            formatRfc3339(i.startNs), formatRfc3339(i.endNs), formatWideSeconds(i.durationNs()), std::to_string(i.gpus),
            fmt::format("{:.6f}", gpuHoursOf(i.gpuNs())) });
    }
    return t.renderCsv();
}

std::string intervalsTable(const BucketIntervals& r, const std::vector<TimeSpan>& excluded)
{
    std::string out
        = fmt::format("Intervals in bucket {}: {} in all, {} ({}); {} listed by {}{}\n\n", bucketName(r.bucket),
            countText(r.count), formatDurationHuman(static_cast<int64_t>(r.totalNs)), hoursText(r.totalGpuNs),
            countText(static_cast<int64_t>(r.rows.size())), intervalSortName(r.sort), excludedText(excluded));
    TextTable t;
    t.addColumn("#");
    t.addColumn("label", TextTable::Align::Left);
    t.addColumn("job", TextTable::Align::Left);
    t.addColumn("attempt", TextTable::Align::Left);
    t.addColumn("start (UTC)", TextTable::Align::Left);
    t.addColumn("duration");
    t.addColumn("GPUs");
    t.addColumn("GPU-h");
    int n = 0;
    for (const BucketInterval& i : r.rows) {
        t.addRow({ std::to_string(++n), i.label, i.key, attemptText(i), formatRfc3339(i.startNs),
            formatDurationHuman(i.durationNs()), countText(i.gpus), fmt::format("{:.3f}", gpuHoursOf(i.gpuNs())) });
    }
    out += t.render();
    if (r.truncated()) {
        out += fmt::format(
            "{} more not listed (--limit 0 lists all)\n", countText(r.count - static_cast<int64_t>(r.rows.size())));
    }
    return out;
}

} // namespace

int runIntervals(const CommonOptions& common, const IntervalsCmd& cmd)
{
    auto bucket = parseBucketName(cmd.bucket);
    if (!bucket) {
        return fail("--bucket: " + bucket.error().message);
    }
    auto sort = parseIntervalSort(cmd.sort);
    if (!sort) {
        return fail("--sort: " + sort.error().message);
    }
    if (cmd.attempt && !cmd.job) {
        return fail("--attempt needs --job (the attempt of which job)");
    }
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue, common);
    if (!options) {
        return fail(options.error().message);
    }
    IntervalRequest request;
    request.scope = scopeOf(*options);
    if (cmd.scope) {
        auto spec = parseCohortSpec(*cmd.scope, "--scope");
        if (!spec) {
            return fail(spec.error().message);
        }
        // The spec's terms, then the options given beside it.
        CohortSpec merged = *spec;
        merged.fromNs = request.scope.fromNs ? request.scope.fromNs : spec->fromNs;
        merged.toNs = request.scope.toNs ? request.scope.toNs : spec->toNs;
        merged.countQueue = request.scope.countQueue || spec->countQueue;
        merged.excluded = request.scope.excluded;
        request.scope = merged;
    }
    request.bucket = *bucket;
    request.sort = *sort;
    request.limit = cmd.limit;
    request.attempt = cmd.attempt;
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    FleetSource& fleet = *loaded->fleet;
    if (cmd.job) {
        auto found = jobByKey(fleet, *cmd.job, cmd.label);
        if (!found) {
            return fail("--job: " + found.error().message);
        }
        request.job = found->job;
    }
    auto listed = fleet.bucketIntervals(request);
    if (!listed) {
        return fail(listed.error().message);
    }
    reportQuery(common, fleet, "intervals of a bucket");
    return present(common,
        { [&] { return intervalsTable(*listed, request.scope.excluded); },
            [&] { return intervalsJson(cmd, *listed, request.scope.excluded); },
            [&] { return intervalsCsv(*listed); } });
}

} // namespace ett::app
