#include "app/cli/jobs_cmd.h"

#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/overview.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <string>
#include <vector>

namespace ett::app {

using namespace ett::core;

namespace {

std::string jobsJson(const JobsCmd& cmd, const std::vector<JobSummary>& rows, const std::vector<TimeSpan>& excluded)
{
    JsonWriter w;
    w.beginObject();
    w.key("sort").string(cmd.sort);
    if (!excluded.empty()) {
        w.key("excluded");
        writeExcludedWindows(w, excluded);
    }
    w.key("jobs").beginArray();
    for (const JobSummary& j : rows) {
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
        if (!excluded.empty()) {
            w.key("excluded_s");
            writeSeconds(w, f.excludedTotalNs());
        }
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

// The ranking as CSV: the JSON's fields (and the rank), numbers as numbers.
std::string jobsCsv(const std::vector<JobSummary>& rows)
{
    TextTable t;
    for (const char* c : { "rank", "job", "label", "name", "gpus", "attempts", "e2e_s", "productive_s",
             "ett_percent_gpu", "ett_percent_time", "lost_gpu_hours", "failures", "preemptions", "other_interruptions",
             "no_checkpoint_data" }) {
        t.addColumn(c);
    }
    auto pct = [](std::optional<double> p) { return p ? fmt::format("{:.6f}", *p) : std::string(); };
    int rank = 0;
    for (const JobSummary& j : rows) {
        const Figures& f = j.figures;
        t.addRow({ std::to_string(++rank), j.key, j.label, j.name, std::to_string(j.gpus), std::to_string(f.attempts),
            formatWideSeconds(f.e2eNs), formatWideSeconds(f.bucketsNs[static_cast<size_t>(Bucket::Productive)]),
            pct(f.ettPercentGpu()), pct(f.ettPercentTime()),
            fmt::format("{:.6f}", static_cast<double>(static_cast<long double>(f.lostGpuNs()) / kNsPerHour)),
            std::to_string(f.failures), std::to_string(f.preemptions), std::to_string(f.otherInterruptions),
            f.noCheckpointDataJobs > 0 ? "true" : "false" });
    }
    return t.renderCsv();
}

// The table of the ranking (for people).
TextTable jobsTable(const std::vector<JobSummary>& rows)
{
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
    for (const JobSummary& j : rows) {
        const Figures& f = j.figures;
        t.addRow({ std::to_string(++rank), j.label, j.key, j.name, countText(j.gpus), countText(f.attempts),
            formatDurationHuman(static_cast<int64_t>(f.e2eNs)), percentText(f.ettPercentGpu(), 3),
            hoursText(f.lostGpuNs()), countText(f.failures), countText(f.preemptions) });
    }
    return t;
}

} // namespace

int runJobs(const CommonOptions& common, const JobsCmd& cmd)
{
    CohortSpec scope;
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    scope.excluded = *excluded;
    // The jobs' figures over all time: no segments needed, unless windows are excluded.
    auto loaded = openAndLoad(common, cmd.label, false, scope.excluded.empty() ? Needs::Lean : Needs::Full);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto rows = worstJobs(*loaded->fleet, scope, cmd.sort, cmd.limit);
    if (!rows) {
        return fail(rows.error().message);
    }
    reportQuery(common, *loaded->fleet, "roll-up by job");
    return present(common,
        { [&] {
             return fmt::format("Jobs by {} (worst first; lost = GPU-hours not productive){}\n",
                        cmd.sort == "ett" ? "ETT%" : "lost GPU-hours", excludedText(scope.excluded))
                 + jobsTable(*rows).render();
         },
            [&] { return jobsJson(cmd, *rows, scope.excluded); }, [&] { return jobsCsv(*rows); } });
}

} // namespace ett::app
