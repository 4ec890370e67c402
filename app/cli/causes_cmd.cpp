#include "app/cli/causes_cmd.h"

#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/causes.h"

#include <fmt/core.h>

#include <chrono>
#include <string>
#include <vector>

namespace ett::app {

using namespace ett::core;

namespace {

constexpr std::array<Symptom, kSymptomCount> kSymptomOrder
    = { Symptom::Explicit, Symptom::Hang, Symptom::Degradation, Symptom::Numeric, Symptom::None };

std::string symptomKey(Symptom s)
{
    return s == Symptom::None ? std::string("none") : std::string(symptomName(s));
}

double gpuHours(Wide ns)
{
    return static_cast<double>(static_cast<long double>(ns) / kNsPerHour);
}

// A rule's match written for people: cause=unknown symptom=hang detail=/NCCL.*timeout/.
std::string matchText(const CauseRule& r)
{
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : " ") + part; };
    if (r.cause) {
        add("cause=" + (r.cause->empty() ? std::string("(none)") : *r.cause));
    }
    if (r.symptom) {
        add("symptom=" + (r.symptom->empty() ? std::string("(none)") : *r.symptom));
    }
    if (r.detail) {
        add("detail=/" + *r.detail + "/");
    }
    return s;
}

void writeCauseFigures(JsonWriter& j, const CauseFigures& f, int64_t total)
{
    j.key("interruptions").number(f.count);
    j.key("share_percent");
    const auto share = f.shareOf(total);
    writePercent(j, share ? std::optional<double>(*share * 100.0) : std::nullopt);
    j.key("failures").number(f.failures);
    j.key("preemptions").number(f.preemptions);
    j.key("other_interruptions").number(f.otherInterruptions);
    j.key("lost_gpu_s");
    writeSeconds(j, f.lostGpuNs);
    j.key("lost_gpu_hours").number(gpuHours(f.lostGpuNs), 6);
    j.key("lost_progress_gpu_s");
    writeSeconds(j, f.lostProgressGpuNs);
    j.key("mean_ttr_s");
    writeOptionalSeconds(j, f.meanTtrNs());
    j.key("ttr_defined").number(f.ttrCount);
    j.key("ttr_sum_s");
    writeSeconds(j, f.ttrSumNs);
    j.key("symptoms").beginObject();
    for (Symptom s : kSymptomOrder) {
        j.key(symptomKey(s)).number(f.bySymptom[static_cast<size_t>(s)]);
    }
    j.endObject();
}

void writeRules(JsonWriter& j, const CausesData& d)
{
    j.key("rules").beginObject();
    j.key("preview").boolean(d.preview);
    j.key("saved_at");
    d.savedAt ? j.string(*d.savedAt) : j.null();
    j.key("saved_sets").number(d.savedSets);
    j.key("list").beginArray();
    for (size_t i = 0; i < d.rules.rules.size(); ++i) {
        const CauseRule& r = d.rules.rules[i];
        j.beginObject();
        j.key("position").number(static_cast<int64_t>(i + 1));
        j.key("match").beginObject();
        for (const auto& [name, value] : { std::pair { "cause", &r.cause }, std::pair { "symptom", &r.symptom },
                 std::pair { "detail", &r.detail } }) {
            if (*value) {
                j.key(name).string(**value);
            }
        }
        j.endObject();
        j.key("set_cause").string(r.setCause);
        j.key("moved").number(i < d.movedInScope.size() ? d.movedInScope[i] : 0);
        j.key("moved_in_database");
        i < d.movedInDocument.size() ? j.number(d.movedInDocument[i]) : j.null();
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

std::string causesJson(const std::string& where, const CausesCmd& cmd, const RollupOptions& options,
    const CohortSpec& scope, const CausesData& d, bool tableToo)
{
    JsonWriter j;
    j.beginObject();
    j.key("database").string(where);
    if (tableToo) {
        writeScope(j, cmd.label, options);
        j.key("cohort").string(scope.text());
        j.key("definitions")
            .string("interruptions: failed or preempted attempts, by effective cause; lost_gpu_s: (lost progress + "
                    "time to recover where defined) x the attempt's GPUs; mean_ttr_s: over the interruptions whose "
                    "time to recover is defined");
        j.key("reclassified").number(d.reclassified);
        j.key("total").beginObject();
        writeCauseFigures(j, d.table.total, d.table.total.count);
        j.endObject();
        j.key("classes").beginArray();
        for (const auto& c : d.table.classes) {
            j.beginObject();
            j.key("cause_class").string(c.causeClass);
            writeCauseFigures(j, c.figures, d.table.total.count);
            j.key("causes").beginArray();
            for (const auto& r : c.causes) {
                j.beginObject();
                j.key("cause").string(r.cause);
                writeCauseFigures(j, r.figures, d.table.total.count);
                j.endObject();
            }
            j.endArray();
            j.endObject();
        }
        j.endArray();
    }
    writeRules(j, d);
    j.endObject();
    return j.str();
}

std::vector<std::string> causeCells(const std::string& name, const CauseFigures& f, int64_t total)
{
    const auto share = f.shareOf(total);
    std::vector<std::string> cells { name, countText(f.count),
        percentText(share ? std::optional<double>(*share * 100.0) : std::nullopt, 1), countText(f.failures),
        countText(f.preemptions), countText(f.otherInterruptions), hoursText(f.lostGpuNs),
        durationText(f.meanTtrNs()) };
    for (Symptom s : kSymptomOrder) {
        cells.push_back(countText(f.bySymptom[static_cast<size_t>(s)]));
    }
    return cells;
}

std::string rulesTable(const CausesData& d)
{
    if (d.onStore && !d.preview) {
        return "A fleet store keeps no cause rules: causes are as pushed (after the rules in force in each "
               "database pushed); `--rules FILE` previews rules on them.\n";
    }
    if (d.rules.rules.empty()) {
        return d.preview ? "The rules file has no rules.\n"
                         : "No cause rules in force: causes are as imported"
                + std::string(d.savedSets > 0 ? " (`ettw causes --undo` restores the set saved before).\n" : ".\n");
    }
    TextTable t;
    t.addColumn("#");
    t.addColumn("match", TextTable::Align::Left, 60);
    t.addColumn("set cause", TextTable::Align::Left);
    t.addColumn(d.preview ? "would move" : "moved");
    if (!d.preview) {
        t.addColumn("in database");
    }
    for (size_t i = 0; i < d.rules.rules.size(); ++i) {
        const CauseRule& r = d.rules.rules[i];
        std::vector<std::string> row { std::to_string(i + 1), matchText(r), r.setCause,
            countText(i < d.movedInScope.size() ? d.movedInScope[i] : 0) };
        if (!d.preview) {
            row.push_back(countText(i < d.movedInDocument.size() ? d.movedInDocument[i] : 0));
        }
        t.addRow(std::move(row));
    }
    const std::string title = d.preview
        ? "Rules previewed (nothing saved; the first rule that matches sets the cause; moved: interruptions of "
          "this scope)\n"
        : "Rules in force, saved " + d.savedAt.value_or("?") + " (" + countOf(d.savedSets, "set", "sets")
            + " saved; the first rule that matches sets the cause)\n";
    return title + t.render();
}

std::string causesTableText(const std::string& where, const CausesCmd& cmd, const RollupOptions& options,
    const CohortSpec& scope, const CausesData& d)
{
    std::string out = fmt::format("Interruptions by cause in {}\nScope: {}{}\n\n", where, scopeText(cmd.label, options),
        cmd.scope.empty() ? std::string() : "; cohort " + scope.text());
    if (d.table.total.count == 0) {
        out += "No interruptions in this scope.\n";
    } else {
        TextTable t;
        for (const char* c : { "cause", "interruptions", "share", "failures", "preempt.", "other", "lost GPU-h",
                 "mean TTR", "explicit", "hang", "degrad.", "numeric", "no symptom" }) {
            t.addColumn(c, std::string(c) == "cause" ? TextTable::Align::Left : TextTable::Align::Right);
        }
        const int64_t total = d.table.total.count;
        for (const auto& c : d.table.classes) {
            t.addRow(causeCells(c.causeClass.empty() ? "(none)" : c.causeClass, c.figures, total));
            const bool onlyItself = c.causes.size() == 1 && c.causes[0].cause == c.causeClass;
            if (!onlyItself) {
                for (const auto& r : c.causes) {
                    t.addRow(causeCells("  " + r.cause, r.figures, total));
                }
            }
        }
        t.addRule();
        t.addRow(causeCells("total", d.table.total, total));
        out += t.render();
        out += fmt::format("\nlost GPU-h: (lost progress + time to recover where defined) x the attempt's GPUs; mean "
                           "TTR over the {} interruptions that trained again.\n",
            countText(d.table.total.ttrCount));
        if (d.reclassified > 0) {
            out += fmt::format("{} re-classified by the rules below.\n",
                countOf(d.reclassified, "interruption was", "interruptions were"));
        }
    }
    return out + "\n" + rulesTable(d);
}

int runChange(const CommonOptions& common, const CausesCmd& cmd)
{
    auto ws = Workspace::openStore(common.db, Workspace::Mode::MustExist);
    if (!ws) {
        return fail(ws.error().message);
    }
    std::optional<CauseRules> rules;
    if (cmd.save) {
        auto loaded = loadCauseRulesFile(cmd.rulesFile);
        if (!loaded) {
            return fail(loaded.error().message + "; nothing was saved");
        }
        rules = std::move(*loaded);
    }
    auto changed = rules ? saveCauseRules(**ws, *rules) : undoCauseRules(**ws);
    if (!changed) {
        return fail(changed.error().message);
    }
    const std::string what = rules ? "saved" : "undone";
    return present(common,
        { [&] {
             return fmt::format("Cause rules {} in {}: {} changed cause, {} derived again; {} saved{}.\n", what,
                 common.db, countOf(changed->attemptsChanged, "interruption", "interruptions"),
                 countOf(changed->jobsRederived, "job's figures", "jobs' figures"),
                 countOf(changed->savedSets, "rule set", "rule sets"),
                 changed->savedSets > 0 ? " (`ettw causes --undo` restores the one before)" : "");
         },
            [&] {
                JsonWriter j;
                j.beginObject();
                j.key("database").string(common.db);
                j.key("change").string(rules ? "save" : "undo");
                j.key("rules_saved").number(rules ? static_cast<int64_t>(rules->rules.size()) : 0);
                j.key("attempts_changed").number(changed->attemptsChanged);
                j.key("jobs_rederived").number(changed->jobsRederived);
                j.key("saved_sets").number(changed->savedSets);
                j.endObject();
                return j.str();
            },
            {} });
}

} // namespace

int runCauses(const CommonOptions& common, const CausesCmd& cmd)
{
    if (!common.store.url.empty() && (cmd.save || cmd.undo || cmd.listRules)) {
        return fail(std::string("ettw causes ")
            + (cmd.save        ? "--save"
                    : cmd.undo ? "--undo"
                               : "--list-rules")
            + " needs --db: a fleet store keeps no cause rules (its causes are as pushed; `--rules FILE` previews "
              "rules on them)");
    }
    if (cmd.save && cmd.rulesFile.empty()) {
        return fail("--save needs --rules FILE (the rules to save)");
    }
    if (cmd.save || cmd.undo) {
        return runChange(common, cmd);
    }
    auto options = rollupOptions(cmd.from, cmd.to, false, common);
    if (!options) {
        return fail(options.error().message);
    }
    CohortSpec scope;
    if (!cmd.scope.empty()) {
        auto parsed = parseCohortSpec(cmd.scope, "--scope");
        if (!parsed) {
            return fail(parsed.error().message);
        }
        scope = std::move(*parsed);
    }
    if (options->fromNs) {
        scope.fromNs = options->fromNs;
    }
    if (options->toNs) {
        scope.toNs = options->toNs;
    }
    options->fromNs = scope.fromNs;
    options->toNs = scope.toNs;
    std::optional<CauseRules> preview;
    if (!cmd.rulesFile.empty()) {
        auto loaded = loadCauseRulesFile(cmd.rulesFile);
        if (!loaded) {
            return fail(loaded.error().message);
        }
        preview = std::move(*loaded);
    }
    auto loaded = openAndLoad(common, cmd.label);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    const auto started = std::chrono::steady_clock::now();
    auto data = loaded->store ? storeCausesOf(*loaded->store, scope, preview ? &*preview : nullptr)
                              : causesOf(*loaded->workspace, scope, preview ? &*preview : nullptr);
    if (!data) {
        return fail(data.error().message);
    }
    reportQuery(common, *loaded->fleet,
        loaded->store ? "causes table (interruptions read from the store)"
                      : "causes table (interruptions read from the database)",
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    const std::string where = loaded->where;
    if (cmd.listRules) {
        return present(common,
            { [&] { return rulesTable(*data); }, [&] { return causesJson(where, cmd, *options, scope, *data, false); },
                {} });
    }
    return present(common,
        { [&] { return causesTableText(where, cmd, *options, scope, *data); },
            [&] { return causesJson(where, cmd, *options, scope, *data, true); }, {} });
}

} // namespace ett::app
