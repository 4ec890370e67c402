// The causes use case, for both front ends: the interruptions of a scope by cause class and finer
// cause (core/model/causes.h) under the cause rules in force or under rules previewed, with how
// many interruptions each rule moved; and the changes to the rules (save, undo), which re-derive
// the document's figures (core/store/cause_rules_store.h). A fleet store holds no rules: only its
// table, and previews, are made there.
#pragma once

#include "app/service/workspace.h"
#include "core/ingest/cause_rules.h"
#include "core/model/causes.h"
#include "core/model/compare.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

struct CausesData
{
    core::CausesTable table;
    // The rules the table was computed with: those in force, or the previewed ones.
    core::CauseRules rules;
    bool preview = false;
    // Per rule: interruptions of the scope it moved (set a cause other than the imported one).
    std::vector<int64_t> movedInScope;
    // Per rule in force (not with a preview): interruptions of the whole document it moved.
    std::vector<int64_t> movedInDocument;
    // Interruptions of the scope whose effective cause is not the imported one.
    int64_t reclassified = 0;
    std::optional<std::string> savedAt; // when the set in force was saved (RFC 3339 UTC)
    int64_t savedSets = 0; // rule sets saved: how many undos can follow
    bool onStore = false; // made on a fleet store, which keeps no rules
};

// The scope's causes table. A job counts when the scope selects it (labels, attributes, GPUs); an
// interruption counts when its fault instant lies in the scope's range (spec 5.5). With `preview`,
// the rules are applied to the imported causes instead of the set in force, and nothing is written.
// Error: an unknown label or attribute, or the document cannot be read.
core::Result<CausesData> causesOf(Workspace& ws, const core::CohortSpec& scope, const core::CauseRules* preview);

class StoreFleetSource;

// The same table on a fleet store: its interruptions carry the cause as pushed (the effective one
// of the database each came from). With `preview`, the rules are applied to those causes. No rules
// are stored there: `rules` is the preview or empty, movedInDocument empty, savedSets 0. Error: an
// unknown label or attribute, or the server's.
core::Result<CausesData> storeCausesOf(
    StoreFleetSource& store, const core::CohortSpec& scope, const core::CauseRules* preview);

struct RulesChanged
{
    int64_t attemptsChanged = 0; // attempts whose effective cause changed
    int64_t jobsRederived = 0; // jobs whose figures were derived again
    int64_t savedSets = 0; // rule sets saved after the change
};

// Saves `rules` as the set in force (the one before kept for undo), re-derives what changed in one
// transaction and reloads the workspace's fleet. Error: nothing was changed.
core::Result<RulesChanged> saveCauseRules(Workspace& ws, const core::CauseRules& rules);
// Restores the set in force before the last save (none: the imported causes), likewise.
// Error (nothing saved to undo, ...): nothing was changed.
core::Result<RulesChanged> undoCauseRules(Workspace& ws);

} // namespace ett::app
