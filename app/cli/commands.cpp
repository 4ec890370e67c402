#include "app/cli/commands.h"

#include "app/cli/advise_cmd.h"
#include "app/cli/cli_common.h"
#include "app/cli/compare_cmd.h"
#include "app/cli/whatif_cmd.h"
#ifdef ETT_WITH_REPORT
#include "app/cli/report_cmd.h"
#endif
#include "app/cli/json_writer.h"
#include "app/cli/text_table.h"
#include "app/service/import_files.h"
#include "app/service/job_detail.h"
#include "app/service/overview.h"
#include "core/ingest/mapping.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/label_removal.h"
#include "gpu/engine.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <unistd.h>

#include "samples/synth/generator.h"

namespace ett::app {

using namespace ett::core;

namespace {

// --- import ---------------------------------------------------------------------------------

struct ImportCmd
{
    std::string label = "default";
    std::vector<std::string> files;
    bool quiet = false;
    std::string format = "auto";
    std::string mapping;
    std::optional<std::string> job;
    std::optional<int32_t> attempt;
    std::optional<int32_t> rank;
    std::string timezone = "UTC";
    std::optional<int> year;
};

int runImport(const CommonOptions& common, const ImportCmd& cmd)
{
    ImportRequest request;
    request.files = cmd.files;
    request.label = cmd.label;
    core::ReaderOptions& reader = request.reader;
    reader.format = parseTraceFormat(cmd.format).value_or(TraceFormat::Auto);
    reader.mappingPath = cmd.mapping;
    reader.job = cmd.job;
    reader.attempt = cmd.attempt;
    reader.rank = cmd.rank;
    reader.timezone = cmd.timezone;
    reader.year = cmd.year;
    // The window's import dialog runs the same check; a bad option fails before any file is read.
    if (auto st = checkReaderOptions(reader); !st) {
        return fail("import: option --" + st.error().option + ": " + st.error().message);
    }
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::CreateIfMissing);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    const bool tty = isatty(fileno(stderr)) != 0 && !cmd.quiet;
    ImportSink sink;
    if (tty) {
        sink = [](const ImportProgressInfo& p) {
            std::string eta;
            if (p.stage == "reading" && p.bytesTotal > 0 && p.bytesDone > 0) {
                eta = fmt::format(" {:.0f}%", 100.0 * static_cast<double>(p.bytesDone) / static_cast<double>(p.bytesTotal));
                if (p.etaSeconds >= 0) {
                    eta += fmt::format(", ETA {:.0f} s", p.etaSeconds);
                }
            }
            std::fprintf(stderr, "\r  %s: %s records%s   ", p.stage.c_str(), countText(p.records).c_str(), eta.c_str());
            std::fflush(stderr);
        };
    }
    const ImportReport report = importFiles(**workspace, request, sink, nullptr);
    if (tty) {
        std::fprintf(stderr, "\r%60s\r", "");
    }
    for (const ImportedFile& f : report.files) {
        switch (f.outcome) {
        case ImportedFile::Outcome::Cancelled:
        case ImportedFile::Outcome::Skipped:
            std::fprintf(stderr, "ettw: %s: import cancelled; nothing of it was stored.\n", f.path.c_str());
            break;
        case ImportedFile::Outcome::Failed:
            std::fprintf(
                stderr, "ettw: %s\n      nothing of %s was stored.\n", f.error.message.c_str(), f.path.c_str());
            break;
        case ImportedFile::Outcome::AlreadyImported:
            print(fmt::format("{}: already imported under label '{}' (same SHA-256 {}); nothing changed\n", f.path,
                cmd.label, f.summary.sha256.substr(0, 12)));
            break;
        case ImportedFile::Outcome::Stored:
            if (!cmd.quiet) {
                const core::ImportSummary& s = f.summary;
                print(fmt::format("{}: {} imported under label '{}': {} records ({} jobs declared, {} attempts, {} "
                                  "phases, {} checkpoints; {} jobs attributed) in {:.2f} s\n",
                    f.path, s.format, cmd.label, countText(s.records), countText(s.jobsDeclared),
                    countText(s.attempts), countText(s.phases), countText(s.checkpoints), countText(s.jobsTouched),
                    s.seconds));
                print(issueLines(s.issues));
            }
            break;
        }
    }
    if (const int failed = report.failed(); failed > 0) {
        std::fprintf(stderr, "ettw: %d of %zu files failed to import%s\n", failed, cmd.files.size(),
            static_cast<size_t>(failed) < cmd.files.size() ? "; the others were imported" : "");
        return kExitUserError;
    }
    return kExitOk;
}

// --- summary --------------------------------------------------------------------------------

struct SummaryCmd
{
    std::optional<std::string> label;
    std::optional<std::string> by;
    std::string from;
    std::string to;
    bool countQueue = false;
};

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

std::string figuresTable(const Figures& f)
{
    TextTable t;
    t.addColumn("where the time went", TextTable::Align::Left);
    t.addColumn("GPU-hours");
    t.addColumn("% (GPU-weighted)");
    t.addColumn("hours");
    t.addColumn("% (time-weighted)");
    for (int b = 0; b < kBucketCount; ++b) {
        const auto i = static_cast<size_t>(b);
        t.addRow({ std::string(bucketName(static_cast<Bucket>(b))), hoursText(f.bucketsGpuNs[i]),
            percentText(percentOf(f.bucketsGpuNs[i], f.e2eGpuNs)), hoursText(f.bucketsNs[i]),
            percentText(percentOf(f.bucketsNs[i], f.e2eNs)) });
    }
    t.addRule();
    t.addRow({ "end-to-end", hoursText(f.e2eGpuNs), f.e2eGpuNs > 0 ? "100.00%" : "n/a", hoursText(f.e2eNs),
        f.e2eNs > 0 ? "100.00%" : "n/a" });
    return t.render();
}

std::string headlineText(const Figures& f)
{
    const Percentiles tts = percentilesOf(f.ttsNs);
    const Percentiles ttr = percentilesOf(f.ttrNs);
    std::string out;
    out += fmt::format("ETT  {} GPU-weighted   ({} time-weighted)\n", percentText(f.ettPercentGpu(), 3),
        percentText(f.ettPercentTime(), 3));
    out += fmt::format("Jobs {}   attempts {}   end-to-end {} GPU-hours ({} hours)   lost {} GPU-hours\n",
        countText(f.jobs), countText(f.attempts), hoursText(f.e2eGpuNs), hoursText(f.e2eNs), hoursText(f.lostGpuNs()));
    out += fmt::format("Time to Start    p50 {}   p90 {}   p99 {}   ({})\n", durationText(tts.p50),
        durationText(tts.p90), durationText(tts.p99), countOf(static_cast<int64_t>(f.ttsNs.size()), "job", "jobs"));
    out += fmt::format("Time to Recover  p50 {}   p90 {}   p99 {}   ({})\n", durationText(ttr.p50),
        durationText(ttr.p90), durationText(ttr.p99),
        countOf(static_cast<int64_t>(f.ttrNs.size()), "recovery", "recoveries"));
    out += fmt::format("Failures {}   preemptions {}   other interruptions {}   jobs without checkpoint data {}\n",
        countText(f.failures), countText(f.preemptions), countText(f.otherInterruptions),
        countText(f.noCheckpointDataJobs));
    return out;
}

void addCsvFigures(TextTable& t, bool header, const std::string& group, const Figures& f)
{
    if (header) {
        for (const char* c :
            { "group", "jobs", "attempts", "e2e_s", "e2e_gpu_s", "ett_percent_gpu", "ett_percent_time" }) {
            t.addColumn(c);
        }
        for (int b = 0; b < kBucketCount; ++b) {
            t.addColumn(std::string(bucketName(static_cast<Bucket>(b))) + "_s");
        }
        for (int b = 0; b < kBucketCount; ++b) {
            t.addColumn(std::string(bucketName(static_cast<Bucket>(b))) + "_gpu_s");
        }
        for (const char* c : { "tts_p50_s", "tts_p90_s", "tts_p99_s", "ttr_p50_s", "ttr_p90_s", "ttr_p99_s", "failures",
                 "preemptions", "other_interruptions", "no_checkpoint_data_jobs" }) {
            t.addColumn(c);
        }
    }
    auto pct = [](std::optional<double> p) { return p ? fmt::format("{:.6f}", *p) : std::string(); };
    auto sec = [](std::optional<int64_t> ns) { return ns ? formatSeconds(*ns) : std::string(); };
    std::vector<std::string> row = { group, std::to_string(f.jobs), std::to_string(f.attempts),
        formatWideSeconds(f.e2eNs), formatWideSeconds(f.e2eGpuNs), pct(f.ettPercentGpu()), pct(f.ettPercentTime()) };
    for (int b = 0; b < kBucketCount; ++b) {
        row.push_back(formatWideSeconds(f.bucketsNs[static_cast<size_t>(b)]));
    }
    for (int b = 0; b < kBucketCount; ++b) {
        row.push_back(formatWideSeconds(f.bucketsGpuNs[static_cast<size_t>(b)]));
    }
    const Percentiles tts = percentilesOf(f.ttsNs);
    const Percentiles ttr = percentilesOf(f.ttrNs);
    for (auto v : { tts.p50, tts.p90, tts.p99, ttr.p50, ttr.p90, ttr.p99 }) {
        row.push_back(sec(v));
    }
    for (auto v : { f.failures, f.preemptions, f.otherInterruptions, f.noCheckpointDataJobs }) {
        row.push_back(std::to_string(v));
    }
    t.addRow(std::move(row));
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

    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("database").string(common.db);
        j.key("scope").beginObject();
        j.key("label");
        cmd.label ? j.string(*cmd.label) : j.null();
        j.key("from");
        options->fromNs ? j.string(formatRfc3339(*options->fromNs)) : j.null();
        j.key("to");
        options->toNs ? j.string(formatRfc3339(*options->toNs)) : j.null();
        j.key("count_queue").boolean(options->countQueue);
        j.endObject();
        j.key("weighting").string("ett_percent_gpu is GPU-weighted (default); ett_percent_time is time-weighted");
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
        print(j.str());
        return kExitOk;
    }
    if (common.format == "csv") {
        TextTable t;
        addCsvFigures(t, true, "(fleet)", s.fleet);
        for (const auto& [name, f] : s.groups) {
            addCsvFigures(t, false, name, f);
        }
        print(t.renderCsv());
        return kExitOk;
    }

    std::string out = fmt::format("Fleet summary of {}\nScope: {}\n\n", common.db, scopeText(cmd.label, *options));
    if (s.fleet.jobs == 0) {
        out += "No jobs in this scope.\n";
        print(out);
        return kExitOk;
    }
    out += headlineText(s.fleet) + "\n" + figuresTable(s.fleet);
    if (cmd.by) {
        TextTable t;
        t.addColumn(*cmd.by, TextTable::Align::Left);
        t.addColumn("jobs");
        t.addColumn("attempts");
        t.addColumn("GPU-hours");
        t.addColumn("ETT% (GPU-w.)");
        t.addColumn("ETT% (time-w.)");
        t.addColumn("lost GPU-h");
        t.addColumn("failures");
        t.addColumn("preemptions");
        t.addColumn("other");
        t.addColumn("TTS p50");
        t.addColumn("TTR p50");
        for (const auto& [name, f] : s.groups) {
            t.addRow({ name, countText(f.jobs), countText(f.attempts), hoursText(f.e2eGpuNs),
                percentText(f.ettPercentGpu(), 3), percentText(f.ettPercentTime(), 3), hoursText(f.lostGpuNs()),
                countText(f.failures), countText(f.preemptions), countText(f.otherInterruptions),
                durationText(percentilesOf(f.ttsNs).p50), durationText(percentilesOf(f.ttrNs).p50) });
        }
        out += fmt::format("\nBy {} ({} groups; lost = GPU-hours not productive)\n", *cmd.by, s.groups.size())
            + t.render();
    }
    print(out);
    return kExitOk;
}

// --- series ---------------------------------------------------------------------------------

struct SeriesCmd
{
    std::optional<std::string> label;
    std::string every = "day";
    std::string from;
    std::string to;
    bool countQueue = false;
};

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

    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("database").string(common.db);
        j.key("every").string(cmd.every);
        j.key("scope").beginObject();
        j.key("label");
        cmd.label ? j.string(*cmd.label) : j.null();
        j.key("from");
        options->fromNs ? j.string(formatRfc3339(*options->fromNs)) : j.null();
        j.key("to");
        options->toNs ? j.string(formatRfc3339(*options->toNs)) : j.null();
        j.key("count_queue").boolean(options->countQueue);
        j.endObject();
        j.key("weighting").string("ett_percent_gpu is GPU-weighted (default); ett_percent_time is time-weighted");
        j.key("buckets").beginArray();
        for (size_t k = 0; k < series.buckets.size(); ++k) {
            const int64_t start = series.originNs + static_cast<int64_t>(k) * series.widthNs;
            j.beginObject();
            j.key("start").string(formatRfc3339(start));
            j.key("start_s").rawNumber(formatSeconds(start));
            j.key("end_s").rawNumber(formatSeconds(start + series.widthNs));
            writeFigures(j, series.buckets[k]);
            j.endObject();
        }
        j.endArray();
        j.endObject();
        print(j.str());
        return kExitOk;
    }
    if (common.format == "csv") {
        TextTable t;
        for (size_t k = 0; k < series.buckets.size(); ++k) {
            addCsvFigures(t, k == 0, formatRfc3339(series.originNs + static_cast<int64_t>(k) * series.widthNs),
                series.buckets[k]);
        }
        print(t.renderCsv());
        return kExitOk;
    }
    TextTable t;
    t.addColumn(cmd.every + " (UTC)", TextTable::Align::Left);
    t.addColumn("jobs");
    t.addColumn("attempts");
    t.addColumn("GPU-hours");
    t.addColumn("ETT% (GPU-w.)");
    t.addColumn("ETT% (time-w.)");
    t.addColumn("lost GPU-h");
    t.addColumn("failures");
    t.addColumn("preemptions");
    t.addColumn("other");
    for (size_t k = 0; k < series.buckets.size(); ++k) {
        const Figures& f = series.buckets[k];
        t.addRow({ formatTimeHuman(series.originNs + static_cast<int64_t>(k) * series.widthNs), countText(f.jobs),
            countText(f.attempts), hoursText(f.e2eGpuNs), percentText(f.ettPercentGpu(), 3),
            percentText(f.ettPercentTime(), 3), hoursText(f.lostGpuNs()), countText(f.failures),
            countText(f.preemptions), countText(f.otherInterruptions) });
    }
    print(fmt::format("ETT per {} of {}\nScope: {}\n\n", cmd.every, common.db, scopeText(cmd.label, *options))
        + (series.buckets.empty() ? std::string("No jobs in this scope.\n") : t.render()));
    return kExitOk;
}

// --- job ------------------------------------------------------------------------------------

struct JobCmd
{
    std::string job;
    std::optional<std::string> label;
};

int runJob(const CommonOptions& common, const JobCmd& cmd)
{
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::MustExist);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    auto detail = jobDetail(**workspace, cmd.job, cmd.label);
    if (!detail) {
        return fail(detail.error().message);
    }
    const FleetJob& j = detail->job;
    const JobResult& r = j.result;
    const Figures& f = detail->figures;

    if (common.format == "json") {
        JsonWriter w;
        w.beginObject();
        w.key("job").string(j.key);
        w.key("label").string(j.label);
        w.key("name").string(j.name);
        w.key("gpus").number(j.gpus);
        w.key("attrs").beginObject();
        for (const auto& [k, v] : j.attrs) {
            w.key(k).string(v);
        }
        w.endObject();
        w.key("window_start");
        r.hasWindow() ? w.string(formatRfc3339(r.windowStartNs)) : w.null();
        w.key("window_end");
        r.hasWindow() ? w.string(formatRfc3339(r.windowEndNs)) : w.null();
        w.key("no_checkpoint_data").boolean(r.noCheckpointData);
        w.key("job_tts_s");
        r.hasWindow() ? (void)w.rawNumber(formatSeconds(r.ttsNs)) : (void)w.null();
        writeFigures(w, f, false);
        w.key("attempts").beginArray();
        for (size_t i = 0; i < r.attempts.size(); ++i) {
            const auto& a = r.attempts[i];
            const auto& info = j.attemptInfo[i];
            w.beginObject();
            w.key("attempt").number(int64_t { a.number });
            w.key("start_s").rawNumber(formatSeconds(a.startNs));
            w.key("end_s").rawNumber(formatSeconds(a.endNs));
            w.key("start").string(formatRfc3339(a.startNs));
            w.key("end").string(formatRfc3339(a.endNs));
            w.key("gpus").number(a.gpus);
            w.key("outcome").string(outcomeName(a.outcome));
            w.key("cause").string(info.cause);
            w.key("symptom").string(info.symptom);
            w.key("detail").string(info.detail);
            w.key("interruption").string(interruptionName(a.interruption));
            w.key("fault_s");
            writeOptionalSeconds(w, a.faultNs);
            w.key("buckets_s");
            writeBuckets(w, a.bucketsNs);
            w.key("gap_after_s").rawNumber(formatSeconds(a.gapAfterNs));
            w.key("tts_s").rawNumber(formatSeconds(a.ttsNs));
            w.key("ttr_s");
            writeOptionalSeconds(w, a.ttrNs);
            w.endObject();
        }
        w.endArray();
        w.endObject();
        print(w.str());
        return kExitOk;
    }

    TextTable t;
    t.addColumn("attempt");
    t.addColumn("start (UTC)", TextTable::Align::Left);
    t.addColumn("duration");
    t.addColumn("GPUs");
    t.addColumn("outcome", TextTable::Align::Left);
    t.addColumn("cause", TextTable::Align::Left);
    t.addColumn("productive");
    t.addColumn("lost");
    t.addColumn("init+setup");
    t.addColumn("compile");
    t.addColumn("ckpt save");
    t.addColumn("recovery");
    t.addColumn("other");
    t.addColumn("TTS");
    t.addColumn("TTR");
    auto b = [](const BucketArray& a, Bucket k) { return a[static_cast<size_t>(k)]; };
    for (size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        const int64_t initSetup = b(a.bucketsNs, Bucket::Init) + b(a.bucketsNs, Bucket::Setup)
            + b(a.bucketsNs, Bucket::Queue) + b(a.bucketsNs, Bucket::CheckpointLoad);
        const int64_t shown = b(a.bucketsNs, Bucket::Productive) + b(a.bucketsNs, Bucket::LostProgress) + initSetup
            + b(a.bucketsNs, Bucket::Compile) + b(a.bucketsNs, Bucket::CheckpointSave)
            + b(a.bucketsNs, Bucket::Recovery);
        const int64_t other = (a.endNs - a.startNs) - shown;
        t.addRow({ std::to_string(a.number), formatTimeHuman(a.startNs), formatDurationHuman(a.endNs - a.startNs),
            countText(a.gpus), std::string(outcomeName(a.outcome)), j.attemptInfo[i].cause,
            formatDurationHuman(b(a.bucketsNs, Bucket::Productive)),
            formatDurationHuman(b(a.bucketsNs, Bucket::LostProgress)), formatDurationHuman(initSetup),
            formatDurationHuman(b(a.bucketsNs, Bucket::Compile)),
            formatDurationHuman(b(a.bucketsNs, Bucket::CheckpointSave)),
            formatDurationHuman(b(a.bucketsNs, Bucket::Recovery)), formatDurationHuman(other),
            formatDurationHuman(a.ttsNs), durationText(a.ttrNs) });
        if (a.gapAfterNs > 0) {
            t.addRow({ "gap", formatTimeHuman(a.endNs), formatDurationHuman(a.gapAfterNs), "", "recovery", "", "", "",
                "", "", "", formatDurationHuman(a.gapAfterNs), "", "", "" });
        }
    }
    std::string attrs;
    for (const auto& [k, v] : j.attrs) {
        attrs += (attrs.empty() ? "" : ", ") + k + "=" + v;
    }
    std::string out = fmt::format("Job {} (label '{}'){}\n", j.key, j.label, j.name.empty() ? "" : ": " + j.name);
    out += fmt::format("GPUs {}{}\n", countText(j.gpus), attrs.empty() ? "" : "   " + attrs);
    if (!r.hasWindow()) {
        out += "This job has no attempts, so nothing to account.\n";
        print(out);
        return kExitOk;
    }
    out += fmt::format("Window {} to {} UTC ({})\n", formatTimeHuman(r.windowStartNs), formatTimeHuman(r.windowEndNs),
        formatDurationHuman(r.e2eNs()));
    if (r.noCheckpointData) {
        out += "Flag: no_checkpoint_data (the job has no checkpoint records, so lost progress is unknown and "
               "counted as 0)\n";
    }
    out += "\n" + headlineText(f) + "\nAttempts (durations; other = stall, eval, shutdown, idle)\n" + t.render() + "\n"
        + figuresTable(f);
    print(out);
    return kExitOk;
}

// --- jobs -----------------------------------------------------------------------------------

struct JobsCmd
{
    std::string sort = "lost_gpu_hours";
    int64_t limit = 20;
    std::optional<std::string> label;
};

int runJobs(const CommonOptions& common, const JobsCmd& cmd)
{
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto rows = worstJobs(*loaded->fleet, CohortSpec {}, cmd.sort, cmd.limit);
    if (!rows) {
        return fail(rows.error().message);
    }
    reportQuery(common, *loaded->fleet, "roll-up by job");
    if (common.format == "json") {
        JsonWriter w;
        w.beginObject();
        w.key("sort").string(cmd.sort);
        w.key("jobs").beginArray();
        for (const JobSummary& j : *rows) {
            const Figures& f = j.figures;
            w.beginObject();
            w.key("job").string(j.key);
            w.key("label").string(j.label);
            w.key("name").string(j.name);
            w.key("gpus").number(j.gpus);
            w.key("attempts").number(f.attempts);
            w.key("e2e_s");
            writeSeconds(w, f.e2eNs);
            w.key("productive_s");
            writeSeconds(w, f.bucketsNs[static_cast<size_t>(Bucket::Productive)]);
            w.key("ett_percent_gpu");
            writePercent(w, f.ettPercentGpu());
            w.key("ett_percent_time");
            writePercent(w, f.ettPercentTime());
            w.key("lost_gpu_hours").number(static_cast<double>(static_cast<long double>(f.lostGpuNs()) / kNsPerHour), 6);
            w.key("failures").number(f.failures);
            w.key("preemptions").number(f.preemptions);
            w.key("other_interruptions").number(f.otherInterruptions);
            w.key("no_checkpoint_data").boolean(f.noCheckpointDataJobs > 0);
            w.endObject();
        }
        w.endArray();
        w.endObject();
        print(w.str());
        return kExitOk;
    }
    TextTable t;
    t.addColumn("#");
    t.addColumn("label", TextTable::Align::Left);
    t.addColumn("job", TextTable::Align::Left);
    t.addColumn("name", TextTable::Align::Left);
    t.addColumn("GPUs");
    t.addColumn("attempts");
    t.addColumn("E2E");
    t.addColumn("ETT% (GPU-w.)");
    t.addColumn("lost GPU-h");
    t.addColumn("failures");
    t.addColumn("preemptions");
    int rank = 0;
    for (const JobSummary& j : *rows) {
        const Figures& f = j.figures;
        t.addRow({ std::to_string(++rank), j.label, j.key, j.name, countText(j.gpus), countText(f.attempts),
            formatDurationHuman(static_cast<int64_t>(f.e2eNs)), percentText(f.ettPercentGpu(), 3),
            hoursText(f.lostGpuNs()), countText(f.failures), countText(f.preemptions) });
    }
    if (common.format == "csv") {
        print(t.renderCsv());
        return kExitOk;
    }
    print(fmt::format("Jobs by {} (worst first; lost = GPU-hours not productive)\n",
              cmd.sort == "ett" ? "ETT%" : "lost GPU-hours")
        + t.render());
    return kExitOk;
}

// --- issues, datasets -----------------------------------------------------------------------

int runIssues(const CommonOptions& common)
{
    auto db = openForQuery(common.db);
    if (!db) {
        return fail(db.error().message);
    }
    auto issues = listIssues(**db);
    if (!issues) {
        return fail(issues.error().message);
    }
    if (common.format == "json") {
        JsonWriter w;
        w.beginArray();
        for (const auto& i : *issues) {
            w.beginObject();
            w.key("dataset").number(i.datasetId);
            w.key("label").string(i.label);
            w.key("file").string(i.sourcePath);
            w.key("kind").string(i.kind);
            w.key("detail").string(i.detail);
            w.key("count").number(i.count);
            w.key("first_line");
            i.firstLine ? (void)w.number(*i.firstLine) : (void)w.null();
            w.key("example").string(i.example);
            w.endObject();
        }
        w.endArray();
        print(w.str());
        return kExitOk;
    }
    TextTable t;
    t.addColumn("dataset");
    t.addColumn("label", TextTable::Align::Left);
    t.addColumn("file", TextTable::Align::Left);
    t.addColumn("issue", TextTable::Align::Left);
    t.addColumn("count");
    t.addColumn("first line");
    t.addColumn("example", TextTable::Align::Left);
    for (const auto& i : *issues) {
        t.addRow({ std::to_string(i.datasetId), i.label, i.sourcePath,
            i.kind + (i.detail.empty() ? "" : " (" + i.detail + ")"), countText(i.count),
            i.firstLine ? std::to_string(*i.firstLine) : "", i.example });
    }
    if (common.format == "csv") {
        print(t.renderCsv());
        return kExitOk;
    }
    if (issues->empty()) {
        print("No import issues.\n");
        return kExitOk;
    }
    print("Import issues (non-fatal data problems, counted per imported file)\n" + t.render());
    return kExitOk;
}

struct DatasetsCmd
{
    std::string removeLabel; // --remove-label L
    std::vector<std::string> renameLabel; // --rename-label FROM TO
};

// --remove-label: asks nothing (scripts call it); says what went, or why nothing did.
int removeDatasetLabel(const CommonOptions& common, Workspace& workspace, const std::string& label)
{
    if (auto known = workspace.checkLabel(label); !known) {
        return fail(known.error().message + "; nothing was removed");
    }
    const auto started = std::chrono::steady_clock::now();
    auto removed = core::removeLabel(workspace.store(), label);
    if (!removed) {
        return fail(common.db + ": " + removed.error().message);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (common.format == "json") {
        JsonWriter w;
        w.beginObject();
        w.key("removed_label").string(label);
        w.key("files").number(removed->files);
        w.key("jobs").number(removed->jobs);
        w.key("attempts").number(removed->attempts);
        w.key("phases").number(removed->phases);
        w.key("checkpoints").number(removed->checkpoints);
        w.endObject();
        print(w.str());
        return kExitOk;
    }
    print(fmt::format("Removed label '{}' from {}: {}, {}, {}, {}, {} ({:.2f} s).\n", label, common.db,
        countOf(removed->files, "file", "files"), countOf(removed->jobs, "job", "jobs"),
        countOf(removed->attempts, "attempt", "attempts"), countOf(removed->phases, "phase", "phases"),
        countOf(removed->checkpoints, "checkpoint", "checkpoints"), seconds));
    return kExitOk;
}

int renameDatasetLabel(
    const CommonOptions& common, Workspace& workspace, const std::string& from, const std::string& to)
{
    if (auto st = core::renameLabel(workspace.store(), from, to); !st) {
        return fail(common.db + ": " + st.error().message);
    }
    if (common.format == "json") {
        JsonWriter w;
        w.beginObject();
        w.key("renamed_label").string(from);
        w.key("to").string(to);
        w.endObject();
        print(w.str());
        return kExitOk;
    }
    print(fmt::format("Renamed label '{}' to '{}' in {}.\n", from, to, common.db));
    return kExitOk;
}

int runDatasets(const CommonOptions& common, const DatasetsCmd& cmd)
{
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::MustExist);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    if (!cmd.removeLabel.empty()) {
        return removeDatasetLabel(common, **workspace, cmd.removeLabel);
    }
    if (cmd.renameLabel.size() == 2) {
        return renameDatasetLabel(common, **workspace, cmd.renameLabel[0], cmd.renameLabel[1]);
    }
    auto datasets = listDatasets((*workspace)->store());
    if (!datasets) {
        return fail(datasets.error().message);
    }
    if (common.format == "json") {
        JsonWriter w;
        w.beginArray();
        for (const auto& d : *datasets) {
            w.beginObject();
            w.key("id").number(d.id);
            w.key("label").string(d.label);
            w.key("file").string(d.sourcePath);
            w.key("sha256").string(d.sha256);
            w.key("format").string(d.format);
            w.key("imported_at").string(d.importedAt);
            w.key("bytes").number(d.bytes);
            w.key("records").number(d.records);
            w.key("issues").number(d.issues);
            w.endObject();
        }
        w.endArray();
        print(w.str());
        return kExitOk;
    }
    TextTable t;
    t.addColumn("id");
    t.addColumn("label", TextTable::Align::Left);
    t.addColumn("file", TextTable::Align::Left);
    t.addColumn("format", TextTable::Align::Left);
    t.addColumn("records");
    t.addColumn("MB");
    t.addColumn("issues");
    t.addColumn("imported at", TextTable::Align::Left);
    t.addColumn("sha256", TextTable::Align::Left);
    for (const auto& d : *datasets) {
        t.addRow({ std::to_string(d.id), d.label, d.sourcePath, d.format, countText(d.records),
            fmt::format("{:.1f}", static_cast<double>(d.bytes) / 1e6), countText(d.issues), d.importedAt,
            common.format == "csv" ? d.sha256 : d.sha256.substr(0, 16) });
    }
    if (common.format == "csv") {
        print(t.renderCsv());
        return kExitOk;
    }
    if (datasets->empty()) {
        print("No datasets yet.\n");
        return kExitOk;
    }
    print(t.render());
    return kExitOk;
}

// --- mappings -------------------------------------------------------------------------------

int runMappings(const std::string& name)
{
    if (name.empty()) {
        TextTable t;
        t.addColumn("preset", TextTable::Align::Left);
        t.addColumn("format", TextTable::Align::Left);
        for (const auto& n : Mapping::presetNames()) {
            auto m = Mapping::preset(n);
            t.addRow({ n, m ? m->format() : "(invalid: " + m.error().message + ")" });
        }
        print("Built-in mapping presets (print one with `ettw mappings NAME`, change it, use it with "
              "`ettw import --mapping FILE`)\n"
            + t.render());
        return kExitOk;
    }
    auto text = Mapping::presetText(name);
    if (!text) {
        return fail(text.error().message);
    }
    print(*text);
    return kExitOk;
}

// --- generate -------------------------------------------------------------------------------

struct GenerateCmd
{
    int64_t jobs = 200;
    uint64_t seed = 1;
    int days = 14;
    std::string out;
};

int runGenerate(const GenerateCmd& cmd)
{
    GeneratorOptions options;
    options.jobs = cmd.jobs;
    options.seed = cmd.seed;
    options.days = cmd.days;
    const bool gzip = cmd.out.size() > 3 && cmd.out.substr(cmd.out.size() - 3) == ".gz";
    // Write to a temporary name and rename at the end, so that a failure never leaves half a file.
    const std::string tmp = cmd.out + ".partial";
    std::FILE* plain = nullptr;
    gzFile gz = nullptr;
    if (gzip) {
        gz = gzopen(tmp.c_str(), "wb6");
    } else {
        plain = std::fopen(tmp.c_str(), "wb");
    }
    if (!gz && !plain) {
        return fail("cannot write " + tmp + ": " + std::strerror(errno));
    }
    auto write = [&](const std::string& s) -> bool {
        if (gz) {
            return gzwrite(gz, s.data(), static_cast<unsigned>(s.size())) == static_cast<int>(s.size());
        }
        return std::fwrite(s.data(), 1, s.size(), plain) == s.size();
    };
    bool ok = write(generatorHeaderLine(options) + "\n");
    FleetGenerator gen(options);
    GeneratedJob job;
    std::string buffer;
    int64_t records = 0; // not counting the header line, like `ettw import`
    while (ok && gen.next(job)) {
        buffer.clear();
        appendJobLines(job, buffer);
        records += static_cast<int64_t>(1 + job.attempts.size() + job.phases.size() + job.checkpoints.size());
        ok = write(buffer);
    }
    const bool closed = gz ? gzclose(gz) == Z_OK : std::fclose(plain) == 0;
    if (!ok || !closed) {
        std::remove(tmp.c_str());
        return fail("cannot write " + cmd.out + " (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, cmd.out, ec);
    if (ec) {
        std::remove(tmp.c_str());
        return fail("cannot rename " + tmp + " to " + cmd.out + ": " + ec.message());
    }
    print(fmt::format("wrote {}: {} jobs, {} records ({} phases), seed {}, {} days\n", cmd.out,
        countText(gen.jobsGenerated()), countText(records), countText(gen.phasesGenerated()), cmd.seed, cmd.days));
    return kExitOk;
}

void addFormatOption(CLI::App* cmd, std::string& format, bool csv = true)
{
    cmd->add_option("--format", format, csv ? "Output: table (for people), json or csv" : "Output: table or json")
        ->check(csv ? CLI::IsMember({ "table", "json", "csv" }) : CLI::IsMember({ "table", "json" }))
        ->capture_default_str();
}

// CLI11 reports an unknown command as "A subcommand is required"; this finds the word that is
// not a command where one is required, so that the message can name it. nullopt: none.
std::optional<std::string> unknownCommandError(CLI::App& app, int argc, char** argv)
{
    CLI::App* current = &app;
    std::string path = "ettw";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.empty() || arg[0] == '-') {
            return std::nullopt;
        }
        const auto matches = current->get_subcommands([&](CLI::App* sub) { return sub->get_name() == arg; });
        if (!matches.empty()) {
            current = matches.front();
            path += " " + arg;
            continue;
        }
        if (current->get_require_subcommand_min() == 0) {
            return std::nullopt;
        }
        std::string known;
        for (const CLI::App* sub : current->get_subcommands([](CLI::App*) { return true; })) {
            known += (known.empty() ? "" : ", ") + sub->get_name();
        }
        return "unknown command '" + arg + "' for " + path + " (commands: " + known + ")";
    }
    return std::nullopt;
}

} // namespace

int runEttw(int argc, char** argv)
{
    CLI::App app { "ettw: Effective Training Time of ML training jobs, computed exactly from their traces.\n"
                   "Import traces into a database, then ask where the wall-clock time went.",
        "ettw" };
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show help for every command");

    CommonOptions common;
    auto addDb = [&](CLI::App* cmd) {
        cmd->add_option("--db", common.db, "Workbench database (a SQLite file)")->capture_default_str();
    };

    ImportCmd importCmd;
    auto* import = app.add_subcommand("import",
        "Import traces into a database: ETT traces, PyTorch profiler / Chrome traces, Nsight Systems SQLite exports, "
        "MLPerf logs, console logs, CSV job tables (the format is recognised by content)");
    addDb(import);
    import->add_option("--label", importCmd.label, "Dataset label for these files (e.g. before, after)")
        ->capture_default_str();
    import->add_flag("-q,--quiet", importCmd.quiet, "Print only errors and duplicates");
    import
        ->add_option("--format", importCmd.format,
            "auto (by content), ett, chrome (PyTorch profiler / Chrome trace), nsys (Nsight Systems SQLite), "
            "mlperf (:::MLLOG), log (console logs by rules), table (CSV job table)")
        ->check(CLI::IsMember({ "auto", "ett", "chrome", "nsys", "mlperf", "log", "table" }))
        ->capture_default_str();
    import->add_option("--mapping", importCmd.mapping,
        "Rules file mapping names to phases (default: the format's preset; see `ettw mappings`)");
    import->add_option("--job", importCmd.job, "Job of the files, for formats that cannot say");
    import->add_option("--attempt", importCmd.attempt, "Attempt number of the files, for formats that cannot say")
        ->check(CLI::NonNegativeNumber);
    import->add_option("--rank", importCmd.rank, "Rank of the files, for formats that cannot say")
        ->check(CLI::NonNegativeNumber);
    import
        ->add_option("--timezone", importCmd.timezone,
            "Zone of console-log times that have none: UTC or an offset such as +02:00")
        ->capture_default_str();
    import->add_option("--year", importCmd.year, "Year of console-log times that have none")
        ->check(CLI::Range(kMinYearOption, kMaxYearOption));
    import->add_option("files", importCmd.files, "Trace files")->required();

    SummaryCmd summaryCmd;
    auto* summary = app.add_subcommand("summary", "Fleet ETT% and where the time went, optionally by an attribute");
    addDb(summary);
    summary->add_option("--label", summaryCmd.label, "Only jobs of this dataset label");
    summary->add_option("--by", summaryCmd.by, "Group by an attribute (team, model, cluster, ...), 'label' or 'job'");
    summary->add_option("--from", summaryCmd.from, "Range start (RFC 3339 or epoch seconds), inclusive");
    summary->add_option("--to", summaryCmd.to, "Range end (RFC 3339 or epoch seconds), exclusive");
    summary->add_flag("--count-queue", summaryCmd.countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    addFormatOption(summary, common.format);

    auto addEngineOptions = [&](CLI::App* cmd) {
        cmd->add_option(
               "--backend", common.backend, "Aggregation backend: cpu or cuda (default: CUDA when a GPU is present)")
            ->check(CLI::IsMember({ "cpu", "cuda" }));
        cmd->add_flag("-v,--verbose", common.verbose, "Print the backend chosen, and load and query times, on stderr");
    };
    addEngineOptions(summary);

    SeriesCmd seriesCmd;
    auto* seriesApp = app.add_subcommand("series", "ETT% and the buckets per calendar hour, day or week (UTC)");
    addDb(seriesApp);
    seriesApp->add_option("--every", seriesCmd.every, "hour, day or week (weeks start on Monday)")
        ->check(CLI::IsMember({ "hour", "day", "week" }))
        ->capture_default_str();
    seriesApp->add_option("--label", seriesCmd.label, "Only jobs of this dataset label");
    seriesApp->add_option("--from", seriesCmd.from, "Range start (RFC 3339 or epoch seconds), inclusive");
    seriesApp->add_option("--to", seriesCmd.to, "Range end (RFC 3339 or epoch seconds), exclusive");
    seriesApp->add_flag("--count-queue", seriesCmd.countQueue, "Count the wait before the first attempt as queue");
    addFormatOption(seriesApp, common.format);
    addEngineOptions(seriesApp);

    JobCmd jobCmd;
    auto* job = app.add_subcommand("job", "One job: its attempts, buckets, Time to Start and Time to Recover");
    addDb(job);
    job->add_option("job", jobCmd.job, "Job identifier")->required();
    job->add_option("--label", jobCmd.label, "Dataset label, when the job exists under several");
    addFormatOption(job, common.format, false);

    CompareCmd compareCmd;
    auto* compare = app.add_subcommand("compare",
        "Compare two cohorts (before / after): ETT% with a bootstrap interval, the bridge by bucket, "
        "distributions, interruption rates, matched jobs; --fail-if-drop gates CI pipelines (exit code 3)");
    addDb(compare);
    compare
        ->add_option("--a", compareCmd.a,
            "Cohort A: comma-separated key=value terms, ANDed: label=before, from=2025-06-01, to=..., gpus>=8, "
            "team=ads|search")
        ->required();
    compare->add_option("--b", compareCmd.b, "Cohort B, written like --a")->required();
    compare->add_option("--fail-if-drop", compareCmd.failIfDrop,
        "Exit with code 3 when ETT% of B is lower than A's by more than this many percentage points");
    compare->add_option("--match-by", compareCmd.matchBy, "Pair jobs of A and B by: job (key), name, or an attribute")
        ->capture_default_str();
    compare->add_flag("--count-queue", compareCmd.countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    compare->add_option("--seed", compareCmd.seed, "Seed of the bootstrap (same seed, same interval)")
        ->capture_default_str();
    compare->add_option("--replicates", compareCmd.replicates, "Bootstrap replicates")
        ->check(CLI::Range(100, 1'000'000))
        ->capture_default_str();
    compare->add_option("--top", compareCmd.top, "Matched jobs listed as regressions and as improvements")
        ->capture_default_str();
    addFormatOption(compare, common.format, false);
    addEngineOptions(compare);

    AdviseCmd adviseCmd;
    auto* advise = app.add_subcommand("advise",
        "Advise checkpoint intervals from a database: per job or group, the measured interval, blocking time of a "
        "save, time between interruptions and lost progress, the optimum and the ETT% to gain (--db, --job, --by); "
        "or, without a database, from given inputs: the interval from the blocking time and the mean time between "
        "interruptions (Young, Daly, the waste at given intervals), or a job's expected ETTR from its nodes, "
        "failure rate and restart time (an approximation)");
    advise->add_option("--blocking-s", adviseCmd.blockingS, "Seconds of training blocked by each checkpoint write");
    advise->add_option("--mtbi-s", adviseCmd.mtbiS, "Mean time between interruptions, in seconds of training loop");
    advise->add_option("--interval-s", adviseCmd.intervalsS,
        "A checkpoint interval in seconds: the waste is reported at each one given (the option repeats); "
        "with --nodes, the interval of the ETTR estimate");
    advise->add_option("--nodes", adviseCmd.nodes, "ETTR estimate: nodes of the job");
    advise->add_option(
        "--failures-per-node-day", adviseCmd.failuresPerNodeDay, "ETTR estimate: failures per node per day");
    advise->add_option("--restart-s", adviseCmd.restartS,
        "ETTR estimate: seconds from a failure to training again (restart and checkpoint load)");
    addDb(advise);
    advise->add_option("--label", adviseCmd.label, "Measured advice: only jobs of this dataset label");
    advise->add_option("--job", adviseCmd.job, "Measured advice for one job");
    advise->add_option("--by", adviseCmd.by,
        "Measured advice per group: an attribute (team, model, cluster, ...), 'label' or 'job' (default)");
    advise->add_option("--top", adviseCmd.top, "Groups shown in the table, most to gain first")->capture_default_str();
    addFormatOption(advise, common.format, false);
    addEngineOptions(advise);

    WhatIfCmd whatIfCmd;
    auto* whatIf = app.add_subcommand("whatif",
        "Project a what-if scenario on a cohort (scale or replace a bucket or a phase subcategory, the cost of "
        "failures or preemptions, the checkpoint interval): today's ETT%, the bridge step of each change, the "
        "projected ETT%; scenarios can be saved in the database and run again by name");
    addDb(whatIf);
    auto* scenarioOption = whatIf->add_option(
        "--scenario", whatIfCmd.scenarioFile, "A scenario file (JSON: name, cohort, changes; see the README)");
    whatIf->add_flag("--save", whatIfCmd.save, "Also save the scenario in the database under its name")
        ->needs(scenarioOption);
    auto* nameOption = whatIf->add_option("--name", whatIfCmd.name, "Run the scenario saved under this name");
    auto* listFlag = whatIf->add_flag("--list", whatIfCmd.list, "List the saved scenarios");
    auto* deleteOption = whatIf->add_option("--delete", whatIfCmd.deleteName, "Delete the saved scenario of this name");
    scenarioOption->excludes(nameOption)->excludes(listFlag)->excludes(deleteOption);
    nameOption->excludes(listFlag)->excludes(deleteOption);
    listFlag->excludes(deleteOption);
    addFormatOption(whatIf, common.format, false);
    addEngineOptions(whatIf);

#ifdef ETT_WITH_REPORT
    ReportCmd reportCmd;
    auto* report = app.add_subcommand("report",
        "Write a PDF report: provenance, headline figures, where the time went, interruptions, the jobs that lost "
        "the most with their timelines, and a comparison when --a and --b are given (no display needed)");
    addDb(report);
    report->add_option("--out", reportCmd.out, "The PDF file to write")->required();
    report->add_option("--title", reportCmd.title, "Title of the report")->capture_default_str();
    report->add_option("--scope", reportCmd.scope, "Which jobs, as a cohort spec (label=..., team=..., from=...)");
    report->add_option("--a", reportCmd.a, "Cohort A of the comparison section (a cohort spec, as for compare)");
    report->add_option("--b", reportCmd.b, "Cohort B of the comparison section");
    report->add_option("--page", reportCmd.page, "Page size: a4 or letter")
        ->check(CLI::IsMember({ "a4", "letter" }))
        ->capture_default_str();
    report->add_option("--weighting", reportCmd.weighting, "gpu (GPU-weighted) or time")
        ->check(CLI::IsMember({ "gpu", "time" }))
        ->capture_default_str();
    report->add_option("--every", reportCmd.every, "The ETT% series per day or week")
        ->check(CLI::IsMember({ "day", "week" }))
        ->capture_default_str();
    report->add_option("--match-by", reportCmd.matchBy, "Pair jobs of A and B by: job, name, or an attribute")
        ->capture_default_str();
    report->add_flag("--count-queue", reportCmd.countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    addEngineOptions(report);
#endif

    JobsCmd jobsCmd;
    auto* jobsApp = app.add_subcommand("jobs", "Jobs ranked by lost GPU-hours or by ETT%");
    addDb(jobsApp);
    jobsApp->add_option("--sort", jobsCmd.sort, "lost_gpu_hours (most first) or ett (lowest first)")
        ->check(CLI::IsMember({ "lost_gpu_hours", "ett" }))
        ->capture_default_str();
    jobsApp->add_option("--limit", jobsCmd.limit, "How many jobs (0: all)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    jobsApp->add_option("--label", jobsCmd.label, "Only jobs of this dataset label");
    addFormatOption(jobsApp, common.format);
    addEngineOptions(jobsApp);

    auto* issues = app.add_subcommand("issues", "Non-fatal data problems counted during import, per file");
    addDb(issues);
    addFormatOption(issues, common.format);

    DatasetsCmd datasetsCmd;
    auto* datasets = app.add_subcommand(
        "datasets", "Imported files: label, hash, records, issues; or remove or rename a dataset label");
    addDb(datasets);
    addFormatOption(datasets, common.format);
    auto* removeOption = datasets->add_option("--remove-label", datasetsCmd.removeLabel,
        "Remove this label: every file imported under it and everything derived from them (asks nothing; other "
        "labels are untouched)");
    auto* renameOption = datasets
                             ->add_option("--rename-label", datasetsCmd.renameLabel,
                                 "Rename a label: FROM TO (an error when TO exists)")
                             ->expected(2)
                             ->type_name("FROM TO");
    removeOption->excludes(renameOption);

    std::string mappingName;
    auto* mappings = app.add_subcommand("mappings",
        "List the built-in mapping presets of foreign formats, or print one (a starting point for --mapping)");
    mappings->add_option("name", mappingName, "A preset to print");

    GenerateCmd genCmd;
    auto* generate
        = app.add_subcommand("generate", "Write a synthetic fleet as an ETT trace (deterministic for a seed)");
    generate->add_option("--jobs", genCmd.jobs, "Number of jobs")->check(CLI::PositiveNumber)->capture_default_str();
    generate->add_option("--seed", genCmd.seed, "Random seed")->capture_default_str();
    generate->add_option("--days", genCmd.days, "Days over which jobs are submitted")
        ->check(CLI::Range(1, 3650))
        ->capture_default_str();
    generate->add_option("--out", genCmd.out, "Output file (.gz: gzip-compressed)")->required();

    if (auto unknown = unknownCommandError(app, argc, argv)) {
        std::fprintf(stderr, "ettw: %s\nRun with --help for more information.\n", unknown->c_str());
        return kExitUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    if (import->parsed()) {
        return runImport(common, importCmd);
    }
    if (summary->parsed()) {
        return runSummary(common, summaryCmd);
    }
    if (seriesApp->parsed()) {
        return runSeries(common, seriesCmd);
    }
    if (job->parsed()) {
        return runJob(common, jobCmd);
    }
    if (compare->parsed()) {
        return runCompare(common, compareCmd);
    }
    if (advise->parsed()) {
        return runAdvise(common, adviseCmd);
    }
    if (whatIf->parsed()) {
        return runWhatIf(common, whatIfCmd);
    }
#ifdef ETT_WITH_REPORT
    if (report->parsed()) {
        return runReport(common, reportCmd);
    }
#endif
    if (jobsApp->parsed()) {
        return runJobs(common, jobsCmd);
    }
    if (issues->parsed()) {
        return runIssues(common);
    }
    if (datasets->parsed()) {
        return runDatasets(common, datasetsCmd);
    }
    if (mappings->parsed()) {
        return runMappings(mappingName);
    }
    if (generate->parsed()) {
        return runGenerate(genCmd);
    }
    return kExitUsage;
}

} // namespace ett::app
