#include "app/cli/figures_text.h"

#include "app/cli/cli_common.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <optional>
#include <vector>

namespace ett::app {

using namespace ett::core;

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
    if (f.excludedTotalNs() != 0) {
        // Spec 7.4: what excluded windows took out, beside the figures, per bucket it came from.
        t.addRule();
        t.addRow({ "excluded (not in end-to-end)", hoursText(f.excludedTotalGpuNs()), "",
            hoursText(f.excludedTotalNs()), "" });
        for (int b = 0; b < kBucketCount; ++b) {
            const auto i = static_cast<size_t>(b);
            if (f.excludedNs[i] != 0) {
                t.addRow({ "  from " + std::string(bucketName(static_cast<Bucket>(b))), hoursText(f.excludedGpuNs[i]),
                    "", hoursText(f.excludedNs[i]), "" });
            }
        }
    }
    return t.render();
}

std::string headlineText(const Figures& f)
{
    const Percentiles tts = f.samplePercentiles(core::SampleList::Tts);
    const Percentiles ttr = f.samplePercentiles(core::SampleList::Ttr);
    std::string out;
    out += fmt::format("ETT  {} GPU-weighted   ({} time-weighted)\n", percentText(f.ettPercentGpu(), 3),
        percentText(f.ettPercentTime(), 3));
    out += fmt::format("Jobs {}   attempts {}   end-to-end {} GPU-hours ({} hours)   lost {} GPU-hours\n",
        countText(f.jobs), countText(f.attempts), hoursText(f.e2eGpuNs), hoursText(f.e2eNs), hoursText(f.lostGpuNs()));
    out += fmt::format("Time to Start    p50 {}   p90 {}   p99 {}   ({})\n", durationText(tts.p50),
        durationText(tts.p90), durationText(tts.p99),
        countOf(static_cast<int64_t>(f.sampleCount(core::SampleList::Tts)), "job", "jobs"));
    out += fmt::format("Time to Recover  p50 {}   p90 {}   p99 {}   ({})\n", durationText(ttr.p50),
        durationText(ttr.p90), durationText(ttr.p99),
        countOf(static_cast<int64_t>(f.sampleCount(core::SampleList::Ttr)), "recovery", "recoveries"));
    if (f.sampleCount(core::SampleList::Ttr) > 0) {
        // Spec 7.1: each part's percentiles over the same recoveries.
        const Percentiles detect = f.samplePercentiles(core::SampleList::TtrDetect);
        const Percentiles restart = f.samplePercentiles(core::SampleList::TtrRestart);
        const Percentiles startup = f.samplePercentiles(core::SampleList::TtrStartup);
        out += fmt::format("  detect         p50 {}   p90 {}   p99 {}\n", durationText(detect.p50),
            durationText(detect.p90), durationText(detect.p99));
        out += fmt::format("  restart        p50 {}   p90 {}   p99 {}\n", durationText(restart.p50),
            durationText(restart.p90), durationText(restart.p99));
        out += fmt::format("  start-up       p50 {}   p90 {}   p99 {}\n", durationText(startup.p50),
            durationText(startup.p90), durationText(startup.p99));
    }
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
    const Percentiles tts = f.samplePercentiles(core::SampleList::Tts);
    const Percentiles ttr = f.samplePercentiles(core::SampleList::Ttr);
    for (auto v : { tts.p50, tts.p90, tts.p99, ttr.p50, ttr.p90, ttr.p99 }) {
        row.push_back(sec(v));
    }
    for (auto v : { f.failures, f.preemptions, f.otherInterruptions, f.noCheckpointDataJobs }) {
        row.push_back(std::to_string(v));
    }
    t.addRow(std::move(row));
}

// The scope of the query commands: every job loaded (the label's when --label), the range and
} // namespace ett::app
