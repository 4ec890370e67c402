#include "app/cli/summary_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/figures_text.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/overview.h"
#include "core/model/rollup.h"

#include <fmt/core.h>

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

} // namespace

int runSummary(const CommonOptions& common, const SummaryCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, cmd.countQueue, common);
    if (!options) {
        return fail(options.error().message);
    }
    // Over all time a roll-up needs no segments; a range clips them, and needs only the jobs that
    // may reach it.
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
    const CommonOptions shown = withSource(common, *loaded);
    return present(common,
        { [&] { return summaryTable(shown, cmd, *options, s); }, [&] { return summaryJson(shown, cmd, *options, s); },
            [&] { return summaryCsv(s); } });
}

} // namespace ett::app
