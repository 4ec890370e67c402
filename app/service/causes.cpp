#include "app/service/causes.h"

#include "app/service/store_fleet_source.h"
#include "core/store/cause_rules_store.h"

#include <unordered_map>

namespace ett::app {

namespace {

// Adds one interruption of the scope to `facts` with its effective cause, or the cause `preview`
// gives its imported one, counting what each rule moved.
void addFacts(const core::StoredInterruption& i, const core::CauseRules* preview, CausesData& out,
    std::vector<core::InterruptionFacts>& facts)
{
    std::string cause = i.effectiveCause;
    int rule = i.rule;
    if (preview) {
        rule = preview->firstMatch(i.importedCause, i.symptom, i.detail);
        const bool moves = rule >= 0 && preview->rules[static_cast<size_t>(rule)].setCause != i.importedCause;
        rule = moves ? rule : -1;
        cause = moves ? preview->rules[static_cast<size_t>(rule)].setCause : i.importedCause;
    }
    if (rule >= 0 && static_cast<size_t>(rule) < out.movedInScope.size()) {
        ++out.movedInScope[static_cast<size_t>(rule)];
    }
    out.reclassified += cause != i.importedCause ? 1 : 0;
    core::InterruptionFacts f;
    f.cause = std::move(cause);
    f.outcome = i.outcome;
    f.symptom = core::parseSymptom(i.symptom).value_or(core::Symptom::None);
    f.gpus = i.gpus;
    f.lostProgressNs = i.lostProgressNs;
    f.ttrNs = i.ttrNs;
    facts.push_back(std::move(f));
}

} // namespace

core::Result<CausesData> causesOf(Workspace& ws, const core::CohortSpec& scope, const core::CauseRules* preview)
{
    auto fleet = ws.fleet();
    if (!fleet) {
        return fleet.error();
    }
    // 1. The jobs the scope selects, by their row id in the document.
    auto filter = (*fleet)->filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    const auto selected = (*fleet)->engine().selectJobs(*filter);
    const auto& cols = (*fleet)->columns();
    std::unordered_map<int64_t, size_t> jobOfRow;
    for (size_t j = 0; j < cols.jobRowId.size(); ++j) {
        jobOfRow.emplace(cols.jobRowId[j], j);
    }

    // 2. The rules: previewed, or those in force.
    CausesData out;
    auto active = core::activeCauseRules(ws.store());
    if (!active) {
        return active.error();
    }
    auto saved = core::savedCauseRuleSets(ws.store());
    if (!saved) {
        return saved.error();
    }
    out.savedSets = *saved;
    if (preview) {
        out.rules = *preview;
        out.preview = true;
    } else if (*active) {
        out.rules = (*active)->rules;
        out.savedAt = (*active)->savedAt;
        auto moved = core::movedPerRule(ws.store(), out.rules.rules.size());
        if (!moved) {
            return moved.error();
        }
        out.movedInDocument = std::move(*moved);
    }
    out.movedInScope.assign(out.rules.rules.size(), 0);

    // 3. The scope's interruptions with their effective causes.
    auto stored = core::loadInterruptions(ws.store());
    if (!stored) {
        return stored.error();
    }
    std::vector<core::InterruptionFacts> facts;
    for (const auto& i : *stored) {
        const auto job = jobOfRow.find(i.jobId);
        if (job == jobOfRow.end() || !selected[job->second]) {
            continue;
        }
        if ((scope.fromNs && i.faultNs < *scope.fromNs) || (scope.toNs && i.faultNs >= *scope.toNs)) {
            continue;
        }
        addFacts(i, preview, out, facts);
    }
    out.table = core::causesTable(facts);
    return out;
}

core::Result<CausesData> storeCausesOf(
    StoreFleetSource& store, const core::CohortSpec& scope, const core::CauseRules* preview)
{
    auto stored = store.interruptions(scope);
    if (!stored) {
        return stored.error();
    }
    CausesData out;
    out.onStore = true;
    if (preview) {
        out.rules = *preview;
        out.preview = true;
    }
    out.movedInScope.assign(out.rules.rules.size(), 0);
    std::vector<core::InterruptionFacts> facts;
    // The cause as pushed stands for the imported one: a preview re-classifies from it.
    for (const auto& i : *stored) {
        addFacts(i, preview, out, facts);
    }
    out.table = core::causesTable(facts);
    return out;
}

namespace {

template <typename Change> core::Result<RulesChanged> changeRules(Workspace& ws, Change&& change)
{
    auto changed = change(ws.store());
    if (!changed) {
        return changed.error();
    }
    RulesChanged out { changed->attemptsChanged, changed->jobsRederived, 0 };
    auto saved = core::savedCauseRuleSets(ws.store());
    if (!saved) {
        return saved.error();
    }
    out.savedSets = *saved;
    // The engine holds the interruption classes and cause classes it was loaded with.
    if (ws.loaded()) {
        if (auto st = ws.reload(); !st) {
            return core::Error { "the rules were changed, but the fleet could not be loaded again: "
                + st.error().message };
        }
    }
    return out;
}

} // namespace

core::Result<RulesChanged> saveCauseRules(Workspace& ws, const core::CauseRules& rules)
{
    return changeRules(ws, [&](core::Database& db) { return core::saveCauseRules(db, rules); });
}

core::Result<RulesChanged> undoCauseRules(Workspace& ws)
{
    return changeRules(ws, [](core::Database& db) { return core::undoCauseRules(db); });
}

} // namespace ett::app
