#include "app/cli/restarts_cmd.h"

#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/restarts.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

std::optional<int64_t> splitPart(const RestartRow& r, int64_t TtrSplit::*part)
{
    return r.recovery ? std::optional<int64_t>((*r.recovery).*part) : std::nullopt;
}

// A change with its sign: "+1 min 10 s", "-10 min", "0 s".
std::string changeText(int64_t ns)
{
    if (ns == 0) {
        return "0 s";
    }
    const uint64_t magnitude = ns < 0 ? 0 - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    // formatDurationHuman takes int64; INT64_MIN's magnitude does not fit: shown at INT64_MAX.
    return (ns < 0 ? "-" : "+") + formatDurationHuman(static_cast<int64_t>(std::min<uint64_t>(magnitude, INT64_MAX)));
}

std::string trendText(const StageTrend& t, size_t rows)
{
    if (t.growing) {
        return "growing";
    }
    if (t.grownAttempts > 0) {
        return fmt::format("grew in {} of {}", t.grownAttempts, rows - 1);
    }
    return "";
}

std::string restartsJson(const std::string& where, const JobRestarts& r)
{
    JsonWriter w;
    w.beginObject();
    w.key("database").string(where);
    w.key("job").string(r.key);
    w.key("label").string(r.label);
    w.key("name").string(r.name);
    w.key("no_checkpoint_data").boolean(r.noCheckpointData);
    w.key("growth_rule").beginObject();
    w.key("min_s").rawNumber(formatSeconds(kGrowthMinNs));
    w.key("min_percent").number(kGrowthMinPercent);
    w.endObject();
    w.key("stage_names").beginArray();
    for (const auto& s : r.stages) {
        w.string(s.name);
    }
    w.endArray();
    w.key("restarts").beginArray();
    for (const auto& row : r.rows) {
        w.beginObject();
        w.key("attempt").number(int64_t { row.attempt });
        w.key("start").string(formatRfc3339(row.startNs));
        w.key("end").string(formatRfc3339(row.endNs));
        w.key("start_s").rawNumber(formatSeconds(row.startNs));
        w.key("end_s").rawNumber(formatSeconds(row.endNs));
        w.key("outcome").string(outcomeName(row.outcome));
        w.key("cause").string(row.cause);
        w.key("previous_attempt");
        row.previousAttempt ? w.number(int64_t { *row.previousAttempt }) : w.null();
        w.key("previous_outcome");
        row.previousAttempt ? w.string(outcomeName(row.previousOutcome)) : w.null();
        w.key("previous_interruption");
        row.previousAttempt ? w.string(interruptionName(row.previousInterruption)) : w.null();
        w.key("previous_cause");
        row.previousAttempt ? w.string(row.previousCause) : w.null();
        w.key("detect_s");
        writeOptionalSeconds(w, splitPart(row, &TtrSplit::detectNs));
        w.key("restart_s");
        writeOptionalSeconds(w, splitPart(row, &TtrSplit::restartNs));
        w.key("recovery_startup_s");
        writeOptionalSeconds(w, splitPart(row, &TtrSplit::startupNs));
        w.key("ttr_s");
        writeOptionalSeconds(w, row.recoveryNs);
        w.key("gap_before_s");
        writeOptionalSeconds(w, row.gapBeforeNs);
        w.key("lost_progress_s");
        writeOptionalSeconds(w, row.lostProgressNs);
        w.key("startup_s").rawNumber(formatSeconds(row.startupNs));
        w.key("trained").boolean(row.trained);
        w.key("stages").beginObject();
        for (size_t s = 0; s < r.stages.size(); ++s) {
            w.key(r.stages[s].name).beginObject();
            w.key("s").rawNumber(formatSeconds(row.stageNs[s]));
            w.key("change_s").rawNumber(formatSeconds(row.changeNs[s]));
            w.key("grew").boolean(row.grew[s] != 0);
            w.endObject();
        }
        w.endObject();
        w.key("compile_tag").string(row.compileTagText());
        w.key("compile_tags_s").beginObject();
        for (int t = 0; t < kCompileTagCount; ++t) {
            w.key(compileTagName(static_cast<CompileTag>(t)))
                .rawNumber(formatSeconds(row.compileTagNs[static_cast<size_t>(t)]));
        }
        w.endObject();
        w.endObject();
    }
    w.endArray();
    w.key("trends").beginObject();
    for (size_t s = 0; s < r.stages.size(); ++s) {
        const StageTrend& t = r.trends[s];
        w.key(r.stages[s].name).beginObject();
        w.key("first_s").rawNumber(formatSeconds(t.firstNs));
        w.key("last_s").rawNumber(formatSeconds(t.lastNs));
        w.key("max_s").rawNumber(formatSeconds(t.maxNs));
        w.key("grown_attempts").number(int64_t { t.grownAttempts });
        w.key("growing").boolean(t.growing);
        w.endObject();
    }
    w.endObject();
    w.endObject();
    return w.str();
}

std::string restartsTable(const JobRestarts& r)
{
    std::string out = printableText(fmt::format(
                          "Restarts of job {} (label '{}'){}", r.key, r.label, r.name.empty() ? "" : ": " + r.name))
        + "\n";
    if (r.rows.empty()) {
        return out + "This job has no attempts, so no restarts.\n";
    }
    out += fmt::format("{} ({}); start-up: from an attempt's start to its first training (its Time to Start)\n",
        countOf(static_cast<int64_t>(r.rows.size()), "attempt", "attempts"),
        countOf(static_cast<int64_t>(r.rows.size()) - 1, "restart", "restarts"));
    if (r.noCheckpointData) {
        out += "Flag: no_checkpoint_data (the job has no checkpoint records, so lost progress is unknown and "
               "counted as 0)\n";
    }
    TextTable t;
    t.addColumn("attempt");
    t.addColumn("start (UTC)", TextTable::Align::Left);
    t.addColumn("after", TextTable::Align::Left);
    t.addColumn("cause", TextTable::Align::Left);
    t.addColumn("detect");
    t.addColumn("restart");
    t.addColumn("lost");
    t.addColumn("TTR");
    t.addColumn("start-up");
    t.addColumn("compile", TextTable::Align::Left);
    for (const auto& row : r.rows) {
        const bool first = !row.previousAttempt;
        t.addRow({ std::to_string(row.attempt), formatTimeHuman(row.startNs),
            first ? "(first start)" : std::string(outcomeName(row.previousOutcome)), first ? "" : row.previousCause,
            durationText(splitPart(row, &TtrSplit::detectNs)), durationText(splitPart(row, &TtrSplit::restartNs)),
            durationText(row.lostProgressNs), durationText(row.recoveryNs),
            formatDurationHuman(row.startupNs) + (row.trained ? "" : " (no training)"), row.compileTagText() });
    }
    out += "\nRestarts (after: how the previous attempt ended; detect, restart: spec 7.1 split of its Time to "
           "Recover; lost: its lost progress)\n"
        + t.render();

    TextTable s;
    s.addColumn("stage", TextTable::Align::Left);
    for (const auto& row : r.rows) {
        s.addColumn("attempt " + std::to_string(row.attempt));
    }
    s.addColumn("change");
    s.addColumn("trend", TextTable::Align::Left);
    for (size_t k = 0; k < r.stages.size(); ++k) {
        std::vector<std::string> cells { (r.stages[k].substage ? "  " : "") + r.stages[k].name };
        for (const auto& row : r.rows) {
            cells.push_back(formatDurationHuman(row.stageNs[k]) + (row.grew[k] ? " *" : ""));
        }
        cells.push_back(changeText(r.rows.back().changeNs[k]));
        cells.push_back(trendText(r.trends[k], r.rows.size()));
        s.addRow(std::move(cells));
    }
    out += fmt::format("\nStart-up by stage (bucket time; indented: the part of it a subcategory's phases cover, any "
                       "rank; * grew from attempt {} by at least {} and {}%; change: last attempt against the first)\n",
               r.rows.front().attempt, formatDurationHuman(kGrowthMinNs), kGrowthMinPercent)
        + s.render();
    return out;
}

std::string compileTagsJson(
    const std::string& where, const RestartsCmd& cmd, const RollupOptions& options, const CompileTagTable& tags)
{
    JsonWriter w;
    w.beginObject();
    w.key("database").string(where);
    writeScope(w, cmd.label, options);
    w.key("sample").string("one compile phase (end - start, each rank's) that starts inside the range");
    w.key("compile_tags").beginArray();
    for (const auto& d : tags) {
        w.beginObject();
        w.key("tag").string(compileTagName(d.tag));
        w.key("count").number(d.count);
        w.key("total_s");
        writeSeconds(w, d.totalNs);
        w.key("p50_s");
        writeOptionalSeconds(w, d.percentiles.p50);
        w.key("p90_s");
        writeOptionalSeconds(w, d.percentiles.p90);
        w.key("p99_s");
        writeOptionalSeconds(w, d.percentiles.p99);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

std::string compileTagsTable(
    const std::string& where, const RestartsCmd& cmd, const RollupOptions& options, const CompileTagTable& tags)
{
    TextTable t;
    t.addColumn("tag", TextTable::Align::Left);
    t.addColumn("phases");
    t.addColumn("total");
    t.addColumn("p50");
    t.addColumn("p90");
    t.addColumn("p99");
    for (const auto& d : tags) {
        t.addRow({ std::string(compileTagName(d.tag)), countText(d.count),
            formatDurationHuman(static_cast<int64_t>(std::min<Wide>(d.totalNs, INT64_MAX))),
            durationText(d.percentiles.p50), durationText(d.percentiles.p90), durationText(d.percentiles.p99) });
    }
    return fmt::format("Compile time per tag in {}\nScope: {}\nA sample is one compile phase (each rank's) starting "
                       "in the range; the tag is read from the subcategory (compile.cold, compile.warm, "
                       "compile.cache_hit, compile.pt2.warm, ...), untagged when it names none\n\n",
               where, scopeText(cmd.label, options))
        + t.render();
}

int runCompileTags(const CommonOptions& common, const RestartsCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, false, common);
    if (!options) {
        return fail(options.error().message);
    }
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto tags = compileTagTable(*loaded->fleet, scopeOf(*options));
    if (!tags) {
        return fail(tags.error().message);
    }
    reportQuery(common, *loaded->fleet, "compile tags");
    const std::string where = withSource(common, *loaded).db;
    return present(common,
        { [&] { return compileTagsTable(where, cmd, *options, *tags); },
            [&] { return compileTagsJson(where, cmd, *options, *tags); }, {} });
}

} // namespace

int runRestarts(const CommonOptions& common, const RestartsCmd& cmd)
{
    if (cmd.compileTags) {
        if (cmd.job) {
            return fail("--compile-tags is over a scope (--label, --from, --to), not one job: drop --job");
        }
        return runCompileTags(common, cmd);
    }
    if (!cmd.job) {
        return fail("restarts: say which job (--job KEY), or ask for a scope's compile tags (--compile-tags)");
    }
    if (!cmd.from.empty() || !cmd.to.empty()) {
        return fail("--from and --to go with --compile-tags; a job's restarts cover all its attempts");
    }
    if (!common.store.url.empty()) {
        auto loaded = openAndLoad(common, std::nullopt);
        if (!loaded) {
            return fail(loaded.error().message);
        }
        auto restarts = jobRestarts(*loaded->fleet, *cmd.job, cmd.label);
        if (!restarts) {
            return fail(restarts.error().message);
        }
        const std::string where = withSource(common, *loaded).db;
        return present(
            common, { [&] { return restartsTable(*restarts); }, [&] { return restartsJson(where, *restarts); }, {} });
    }
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    auto restarts = jobRestarts(**workspace, *cmd.job, cmd.label);
    if (!restarts) {
        return fail(restarts.error().message);
    }
    return present(
        common, { [&] { return restartsTable(*restarts); }, [&] { return restartsJson(common.db, *restarts); }, {} });
}

} // namespace ett::app
