#include "app/cli/whatif_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/document.h"
#include "app/service/whatif_session.h"
#include "core/ingest/scenario_file.h"
#include "core/model/compare.h"

#include <fmt/core.h>

#include <algorithm>

namespace ett::app {

using namespace ett::core;

namespace {

void writePico(JsonWriter& j, const std::optional<int64_t>& pico)
{
    if (pico) {
        j.rawNumber(formatPico(*pico));
    } else {
        j.null();
    }
}

std::string picoText(const std::optional<int64_t>& pico)
{
    return pico ? fmt::format("{:.3f}%", static_cast<double>(*pico) * 1e-12) : "n/a";
}

std::string changeText(const std::optional<int64_t>& today, const std::optional<int64_t>& projected)
{
    return today && projected ? signedText(static_cast<double>(*projected - *today) * 1e-12, 3) + " pp" : "n/a";
}

// The scenario's cohort as the engine reads it ("all jobs" when empty).
std::string cohortText(const Scenario& s)
{
    auto spec = parseCohortSpec(s.cohort, "cohort");
    return spec ? spec->text() : s.cohort;
}

std::string resultTable(
    const Scenario& s, const WhatIfResult& r, const std::string& db, const std::vector<TimeSpan>& excluded)
{
    std::string out = fmt::format("What-if '{}' in {}\n", s.name, db);
    out += fmt::format("Cohort: {} ({}, {}, {} GPU-days; whole jobs, no queue{})\n\n", cohortText(s),
        countOf(r.jobs, "job", "jobs"), countOf(r.attempts, "attempt", "attempts"),
        groupThousands(fmt::format(
            "{:.1f}", static_cast<double>(static_cast<long double>(r.today.e2eGpuNs) / (kNsPerHour * 24.0)))),
        excludedText(excluded));
    TextTable head;
    head.addColumn("ETT%", TextTable::Align::Left);
    head.addColumn("today");
    head.addColumn("projected");
    head.addColumn("change");
    head.addRow(
        { "GPU-weighted", picoText(r.todayPico), picoText(r.projectedPico), changeText(r.todayPico, r.projectedPico) });
    head.addRow({ "time-weighted", picoText(r.todayPicoTime), picoText(r.projectedPicoTime),
        changeText(r.todayPicoTime, r.projectedPicoTime) });
    out += head.render() + "\n";

    out += "Bridge from today (GPU-weighted; a step is what the time a change saves is worth in ETT%, in percentage\n"
           "points; negative saved time was added)\n";
    TextTable bridge;
    bridge.addColumn("step", TextTable::Align::Left);
    bridge.addColumn("saved GPU-h");
    bridge.addColumn("changed");
    bridge.addColumn("pp");
    bridge.addRow({ "ETT% today", "", "",
        r.todayPico ? fmt::format("{:.3f}", static_cast<double>(*r.todayPico) * 1e-12) : "n/a" });
    for (const auto& step : r.steps) {
        const bool interval = step.change.rfind("checkpoint interval", 0) == 0;
        bridge.addRow({ step.change, hoursText(step.totalSavedGpuNs),
            countOf(step.attemptsChanged, interval ? "job" : "attempt", interval ? "jobs" : "attempts"),
            signedText(static_cast<double>(step.pico) * 1e-12, 3) });
    }
    bridge.addRule();
    bridge.addRow({ "ETT% projected", "", "",
        r.projectedPico ? fmt::format("{:.3f}", static_cast<double>(*r.projectedPico) * 1e-12) : "n/a" });
    out += bridge.render();
    for (const auto& step : r.steps) {
        if (step.jobsNotApplicable > 0) {
            out += fmt::format("{}: {} without a measured interval, save time or interruption in the loop are "
                               "left as they are.\n",
                step.change, countOf(step.jobsNotApplicable, "job", "jobs"));
        }
    }
    out += fmt::format("\nFailures: {} today, {} projected. Preemptions: {} today, {} projected.\n",
        countText(r.today.failures), countText(r.projectedFailures), countText(r.today.preemptions),
        countText(r.projectedPreemptions));
    if (!excluded.empty()) {
        out += fmt::format("Excluded windows: {} GPU-hours of the cohort's jobs left out of today's figures before "
                           "the changes (spec 7.4).\n",
            hoursText(r.today.excludedTotalGpuNs()));
    }
    return out;
}

int runList(const CommonOptions& common, Workspace& workspace)
{
    auto saved = savedScenarios(workspace);
    if (!saved) {
        return fail(saved.error().message);
    }
    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("database").string(common.db);
        j.key("scenarios").beginArray();
        for (const auto& s : *saved) {
            j.beginObject();
            j.key("name").string(s.scenario.name);
            j.key("cohort").string(s.scenario.cohort);
            j.key("changes").beginArray();
            for (const auto& c : s.scenario.changes) {
                j.string(c.text());
            }
            j.endArray();
            j.key("saved_at").string(s.savedAt);
            j.endObject();
        }
        j.endArray();
        j.endObject();
        print(j.str() + "\n");
        return kExitOk;
    }
    if (saved->empty()) {
        print(fmt::format("No saved scenarios in {} (save one with ettw whatif --scenario FILE --save).\n", common.db));
        return kExitOk;
    }
    TextTable t;
    t.addColumn("scenario", TextTable::Align::Left);
    t.addColumn("cohort", TextTable::Align::Left);
    t.addColumn("changes", TextTable::Align::Left);
    t.addColumn("saved at", TextTable::Align::Left);
    for (const auto& s : *saved) {
        std::string changes;
        for (const auto& c : s.scenario.changes) {
            changes += (changes.empty() ? "" : "; ") + c.text();
        }
        t.addRow({ s.scenario.name, cohortText(s.scenario), changes, s.savedAt });
    }
    print(t.render());
    return kExitOk;
}

} // namespace

std::string whatIfJson(const Scenario& scenario, const WhatIfResult& r, const std::string& db,
    const std::string& cohort, bool saved, const std::vector<TimeSpan>& excluded)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(db);
    j.key("scenario").string(scenario.name);
    j.key("cohort").string(cohort);
    if (!excluded.empty()) {
        // Spec 7.4: the windows whose time the figures leave out (only with --exclude).
        j.key("excluded");
        writeExcludedWindows(j, excluded);
    }
    j.key("weighting")
        .string("ett_percent_* and pp are GPU-weighted, *_time time-weighted; exact decimals of 1e-12 pp whose "
                "steps add up to the projection");
    j.key("saved").boolean(saved);
    j.key("jobs").number(r.jobs);
    j.key("attempts").number(r.attempts);
    j.key("ett_percent_today");
    writePico(j, r.todayPico);
    j.key("ett_percent_projected");
    writePico(j, r.projectedPico);
    j.key("ett_percent_today_time");
    writePico(j, r.todayPicoTime);
    j.key("ett_percent_projected_time");
    writePico(j, r.projectedPicoTime);
    j.key("steps").beginArray();
    for (const auto& s : r.steps) {
        j.beginObject();
        j.key("change").string(s.change);
        j.key("saved_s");
        writeSeconds(j, s.totalSavedNs);
        j.key("saved_gpu_s");
        writeSeconds(j, s.totalSavedGpuNs);
        j.key("saved_gpu_hours")
            .number(static_cast<double>(static_cast<long double>(s.totalSavedGpuNs) / kNsPerHour), 6);
        j.key("saved_buckets_s");
        writeBuckets(j, s.savedNs);
        j.key("saved_buckets_gpu_s");
        writeBuckets(j, s.savedGpuNs);
        j.key("changed").number(s.attemptsChanged);
        j.key("jobs_not_applicable").number(s.jobsNotApplicable);
        j.key("pp").rawNumber(formatPico(s.pico));
        j.key("pp_time").rawNumber(formatPico(s.picoTime));
        j.endObject();
    }
    j.endArray();
    j.key("today").beginObject();
    writeFigures(j, r.today, true, !excluded.empty());
    j.endObject();
    j.key("projected").beginObject();
    j.key("e2e_s");
    writeSeconds(j, r.projectedE2eNs);
    j.key("e2e_gpu_s");
    writeSeconds(j, r.projectedE2eGpuNs);
    j.key("buckets_s");
    writeBuckets(j, r.projectedBucketsNs);
    j.key("buckets_gpu_s");
    writeBuckets(j, r.projectedBucketsGpuNs);
    j.key("failures").number(r.projectedFailures);
    j.key("preemptions").number(r.projectedPreemptions);
    j.endObject();
    j.endObject();
    return j.str();
}

int runWhatIf(const CommonOptions& common, const WhatIfCmd& cmd)
{
    const int modes = (cmd.scenarioFile.empty() ? 0 : 1) + (cmd.name.empty() ? 0 : 1) + (cmd.list ? 1 : 0)
        + (cmd.deleteName.empty() ? 0 : 1);
    if (modes != 1) {
        return fail("whatif takes one of --scenario FILE (with --save to keep it), --name NAME, --list or "
                    "--delete NAME");
    }
    if (!common.exclude.empty() && (cmd.list || !cmd.deleteName.empty())) {
        return fail("whatif: --exclude is for running a scenario (--scenario or --name), not for --list or --delete");
    }
    // A scenario file and the windows are read before the database is opened: their errors name
    // the file and field.
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    Scenario scenario;
    if (!cmd.scenarioFile.empty()) {
        auto s = loadScenarioFile(cmd.scenarioFile);
        if (!s) {
            return fail(s.error().message);
        }
        scenario = std::move(*s);
    }
    const bool changes = cmd.save || !cmd.deleteName.empty();
    auto workspace = Workspace::openStore(common.db, changes ? Workspace::Mode::MustExist : Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    if (cmd.list) {
        return runList(common, **workspace);
    }
    if (!cmd.deleteName.empty()) {
        if (auto deleted = deleteScenario(**workspace, cmd.deleteName); !deleted) {
            return fail(deleted.error().message + "; nothing was deleted");
        }
        print(fmt::format("Deleted scenario '{}' from {}.\n", cmd.deleteName, common.db));
        return kExitOk;
    }
    if (!cmd.name.empty()) {
        auto saved = savedScenario(**workspace, cmd.name);
        if (!saved) {
            return fail(saved.error().message);
        }
        scenario = std::move(saved->scenario);
    }

    // Phases are loaded only when a change needs them (the derived segments suffice otherwise).
    LocalFleetSource::LoadOptions load;
    if (!common.backend.empty()) {
        load.backend = gpu::parseBackend(common.backend);
    }
    if (auto st = (*workspace)->load(load); !st) {
        return fail(st.error().message);
    }
    auto result = runScenario(**workspace, scenario, *excluded);
    reportQuery(common, **(*workspace)->fleet(), "what-if projection");
    if (!result) {
        return fail(result.error().message);
    }
    if (result->jobs == 0) {
        return fail(
            "scenario '" + scenario.name + "': cohort '" + scenario.cohort + "' matches no jobs in " + common.db);
    }
    // Saved once it ran: a scenario whose cohort the fleet does not know is not kept.
    if (cmd.save) {
        if (auto st = saveScenario(**workspace, scenario); !st) {
            return fail(st.error().message);
        }
    }
    if (common.format == "json") {
        print(whatIfJson(scenario, *result, common.db, cohortText(scenario), cmd.save, *excluded) + "\n");
    } else {
        std::string out = resultTable(scenario, *result, common.db, *excluded);
        if (cmd.save) {
            out += fmt::format("Saved as '{}' in {} (run it again with --name).\n", scenario.name, common.db);
        }
        print(out);
    }
    return kExitOk;
}

} // namespace ett::app
