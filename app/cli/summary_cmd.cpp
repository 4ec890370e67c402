#include "app/cli/summary_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/figures_text.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/overview.h"
#include "app/service/pre_rolled.h"
#include "app/service/workspace.h"
#include "core/model/rollup.h"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace ett::app {

using namespace ett::core;

namespace {

std::string summaryJson(
    const CommonOptions& common, const SummaryCmd& cmd, const RollupOptions& options, const FleetGroups& s)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(common.db);
    writeScope(j, cmd.label, options);
    writeFigures(j, s.fleet, true, !options.excluded.empty());
    if (cmd.by) {
        j.key("by").string(*cmd.by);
        j.key("groups").beginObject();
        for (const auto& [name, f] : s.groups) {
            j.key(name).beginObject();
            writeFigures(j, f, true, !options.excluded.empty());
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
            cells.push_back(durationText(f.samplePercentiles(core::SampleList::Tts).p50));
            cells.push_back(durationText(f.samplePercentiles(core::SampleList::Ttr).p50));
            t.addRow(std::move(cells));
        }
        out += fmt::format("\nBy {} ({}; lost = GPU-hours not productive)\n", *cmd.by,
                   countOf(static_cast<int64_t>(s.groups.size()), "group", "groups"))
            + t.render();
    }
    return out;
}

// The output, whichever way the figures were read.
int presentSummary(
    const CommonOptions& shown, const SummaryCmd& cmd, const RollupOptions& options, const FleetGroups& s)
{
    return present(shown,
        { [&] { return summaryTable(shown, cmd, options, s); }, [&] { return summaryJson(shown, cmd, options, s); },
            [&] { return summaryCsv(s); } });
}

// Over all time, of the whole database or one label, whole or by an attribute, with the backend
// left to choose: the columnar copy's roll-ups give the summary without the fleet. nullopt where
// they cannot (the fleet is loaded then); else the exit status.
std::optional<int> preRolledRun(const CommonOptions& common, const SummaryCmd& cmd, const RollupOptions& options)
{
    if (!common.store.url.empty() || !common.backend.empty() || options.hasRange() || !options.excluded.empty()
        || !preRolledGrouping(cmd.by)) {
        return std::nullopt;
    }
    const auto start = std::chrono::steady_clock::now();
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    if (auto known = (*workspace)->checkLabel(cmd.label); !known) {
        return fail(known.error().message);
    }
    auto read = preRolledSummary((*workspace)->store(), cmd.label, cmd.by, options.countQueue);
    if (!read) {
        // Derived figures that cannot be read never stop a summary: the fleet gives it.
        std::fprintf(stderr, "ettw: warning: %s: %s; summing the fleet instead\n", common.db.c_str(),
            read.error().message.c_str());
        return std::nullopt;
    }
    if (!*read) {
        return std::nullopt;
    }
    if (common.verbose) {
        std::fprintf(stderr, "ettw: roll-up from %lld stored roll-ups of the columnar copy in %.3f ms\n",
            static_cast<long long>((*read)->rows),
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return presentSummary(common, cmd, options, (*read)->summary);
}

} // namespace

int runSummary(const CommonOptions& common, const SummaryCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue, common);
    if (!options) {
        return fail(options.error().message);
    }
    // Over all time a roll-up needs no segments; a range clips them, and needs only the jobs that
    // may reach it.
    if (const auto done = preRolledRun(common, cmd, *options)) {
        return *done;
    }
    const core::CohortSpec scope = scopeOf(*options);
    const bool clipped = scope.fromNs || scope.toNs;
    auto loaded = openAndLoad(common, cmd.label, false, clipped ? Needs::Full : Needs::Lean, windowOf(scope));
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto summary = summarize(*loaded->fleet, scope, cmd.by);
    if (!summary) {
        return fail((cmd.by ? "--by " + *cmd.by + ": " : std::string()) + summary.error().message);
    }
    const FleetGroups& s = *summary;
    reportQuery(common, *loaded->fleet, "roll-up");
    return presentSummary(withSource(common, *loaded), cmd, *options, s);
}

} // namespace ett::app
