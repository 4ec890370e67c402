#include "app/cli/job_cmd.h"

#include "app/cli/figures_text.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/job_detail.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

std::string jobJson(const JobDetail& detail)
{
    const FleetJob& j = detail.job;
    const JobResult& r = j.result;
    const Figures& f = detail.figures;
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
    writeFigures(w, f, false, !detail.excluded.empty());
    if (!detail.excluded.empty()) {
        w.key("excluded");
        writeExcludedWindows(w, detail.excluded);
    }
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
        const auto split = ttrSplitOf(r.attempts, i);
        w.key("ttr_detect_s");
        writeOptionalSeconds(w, split ? std::optional<int64_t>(split->detectNs) : std::nullopt);
        w.key("ttr_restart_s");
        writeOptionalSeconds(w, split ? std::optional<int64_t>(split->restartNs) : std::nullopt);
        w.key("ttr_startup_s");
        writeOptionalSeconds(w, split ? std::optional<int64_t>(split->startupNs) : std::nullopt);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

std::string jobTable(const JobDetail& detail)
{
    const FleetJob& j = detail.job;
    const JobResult& r = j.result;
    const Figures& f = detail.figures;

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
    std::string out = core::printableText(
        fmt::format("Job {} (label '{}'){}", j.key, j.label, j.name.empty() ? "" : ": " + j.name));
    out += "\n" + core::printableText(fmt::format("GPUs {}{}", countText(j.gpus), attrs.empty() ? "" : "   " + attrs));
    out += "\n";
    if (!r.hasWindow()) {
        return out + "This job has no attempts, so nothing to account.\n";
    }
    out += fmt::format("Window {} to {} UTC ({})\n", formatTimeHuman(r.windowStartNs), formatTimeHuman(r.windowEndNs),
        formatDurationHuman(r.e2eNs()));
    if (!detail.excluded.empty()) {
        out += "Figures" + excludedText(detail.excluded).substr(1) + "\n";
    }
    if (r.noCheckpointData) {
        out += "Flag: no_checkpoint_data (the job has no checkpoint records, so lost progress is unknown and "
               "counted as 0)\n";
    }
    out += "\n" + headlineText(f) + "\nAttempts (durations; other = stall, eval, shutdown, idle)\n" + t.render() + "\n"
        + figuresTable(f);
    return out;
}

} // namespace

int runJob(const CommonOptions& common, const JobCmd& cmd)
{
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    if (!common.store.url.empty()) {
        auto loaded = openAndLoad(common, std::nullopt);
        if (!loaded) {
            return fail(loaded.error().message);
        }
        auto detail = jobDetail(*loaded->fleet, cmd.job, cmd.label, *excluded);
        if (!detail) {
            return fail(detail.error().message);
        }
        return present(common, { [&] { return jobTable(*detail); }, [&] { return jobJson(*detail); }, {} });
    }
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    auto detail = jobDetail(**workspace, cmd.job, cmd.label, *excluded);
    if (!detail) {
        return fail(detail.error().message);
    }
    return present(common, { [&] { return jobTable(*detail); }, [&] { return jobJson(*detail); }, {} });
}

} // namespace ett::app
