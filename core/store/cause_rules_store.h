// Cause re-classification rules in the document (schema version 4): the rule sets saved
// (cause_rule_sets, newest in force, older ones kept for undo) and the effective causes they give
// (cause_overrides, derived). Attempts keep their cause as imported; every reader of a cause asks
// for kEffectiveCauseSql instead, and the derived figures (the interruption classes of
// attempt_derived and the failure counts of job_derived) follow the effective cause.
//
// Invariant: the derived rows of every job were computed with the overrides stored. A save, an
// undo and an import bring the overrides in line with the set in force and re-derive, from the
// stored rows, exactly the jobs where an attempt's interruption class changed.
#pragma once

#include "core/ingest/cause_rules.h"
#include "core/model/result.h"
#include "core/model/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

class Database;

// The effective cause of the attempt row aliased `a`, as an SQL expression: the cause a rule set,
// else the imported one.
inline constexpr const char* kEffectiveCauseSql
    = "coalesce((SELECT co.cause FROM cause_overrides co WHERE co.attempt_id = a.id), a.cause)";

struct SavedCauseRules
{
    int64_t id = 0; // cause_rule_sets.id
    std::string savedAt; // RFC 3339 UTC
    CauseRules rules;
};

// The rule set in force; nullopt when none was saved (or every save was undone). A stored text
// that no longer parses is an Error.
Result<std::optional<SavedCauseRules>> activeCauseRules(Database& db);
// How many rule sets are saved: how many undos can follow.
Result<int64_t> savedCauseRuleSets(Database& db);
// Per rule of a set of `ruleCount` rules in force: how many interruptions of the whole database it
// moved (gave a cause other than the imported one).
Result<std::vector<int64_t>> movedPerRule(Database& db, size_t ruleCount);

struct CauseRulesChange
{
    int64_t attemptsChanged = 0; // attempts whose effective cause (or moving rule) changed
    int64_t jobsRederived = 0; // jobs attributed again: an attempt's interruption class changed
};

// Saves `rules` as the set in force (the one before is kept for undo), then syncs: one transaction,
// all or nothing.
Result<CauseRulesChange> saveCauseRules(Database& db, const CauseRules& rules);
// Deletes the set in force, so that the one saved before it (none: the imported causes) is in
// force again, then syncs: one transaction. Error when no set is saved.
Result<CauseRulesChange> undoCauseRules(Database& db);
// Brings cause_overrides and the derived figures of `jobIds` (every job when null) in line with the
// set in force. Runs inside the caller's transaction; not thread-safe per Database.
Result<CauseRulesChange> syncCauseOverrides(Database& db, const std::vector<int64_t>* jobIds);

// One interrupted attempt (failed or preempted) as stored: its causes, symptom and detail, and what
// the causes table sums of it.
struct StoredInterruption
{
    int64_t attemptId = 0;
    int64_t jobId = 0; // jobs.id
    int32_t attemptNo = 0;
    Outcome outcome = Outcome::Failed;
    std::string importedCause;
    std::string effectiveCause;
    int32_t rule = -1; // the rule of the set in force that moved it; -1 when none did
    std::string symptom; // as imported ("" when none)
    std::string detail;
    int64_t gpus = 1;
    int64_t faultNs = 0;
    int64_t lostProgressNs = 0;
    std::optional<int64_t> ttrNs;
};
// Every interrupted attempt of the database, by job row and start.
Result<std::vector<StoredInterruption>> loadInterruptions(Database& db);

} // namespace ett::core
