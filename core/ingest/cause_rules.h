// Re-classification rules for interruption causes: the user's after-the-fact knowledge ("these
// NCCL timeouts were a switch") written as ordered rules that set a new cause, kept in the
// database (core/store/cause_rules_store.h) and applied to every view without re-import.
//
//   {"rules": [
//     {"match": {"cause": "unknown", "detail": "NCCL.*timeout"}, "set_cause": "infra.network.nccl_timeout"},
//     {"match": {"symptom": "hang"}, "set_cause": "infra.hang"}]}
//
// A rule matches an interrupted attempt (failed or preempted) on its imported cause, symptom and
// detail; each of the three is optional, at least one is given, all given must hold:
// - "cause": a dotted prefix: "unknown" matches "unknown" and "unknown.nccl_timeout" (not
//   "unknownx"); "" matches attempts without a cause;
// - "symptom": exactly one of explicit, hang, degradation, numeric, or "" for none;
// - "detail": an RE2 regular expression found anywhere in the detail text (core/ingest/regex.h;
//   "^...$" to match all of it, "(?i)" to ignore case).
// "set_cause" is a dotted cause whose first segment is a cause class of the spec. Rules are tried
// in order; the first that matches sets the cause, and later rules are not tried. Rules always
// match the imported values, never a cause another rule set. Unknown keys are errors.
#pragma once

#include "core/ingest/regex.h"
#include "core/model/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

struct CauseRule
{
    std::optional<std::string> cause; // dotted prefix; "" = no cause
    std::optional<std::string> symptom; // a symptom name; "" = none
    std::optional<std::string> detail; // RE2 pattern, searched
    std::string setCause;
    int64_t line = 0; // where the rule starts in its file (0 when not from a file)
    Regex detailRegex; // compiled `detail`

    // Whether the rule matches an attempt with this imported cause, symptom and detail.
    bool matches(std::string_view cause, std::string_view symptom, std::string_view detail) const;
};

struct CauseRules
{
    std::vector<CauseRule> rules;

    // Index of the first rule that matches, or -1.
    int firstMatch(std::string_view cause, std::string_view symptom, std::string_view detail) const;
};

// Parses the rules' JSON; `origin` (a file name) starts every error, with the line and the field:
// "rules.json:4: rules[1].set_cause: \"bogus.x\": the first segment must be one of infra, ...".
Result<CauseRules> parseCauseRules(std::string_view json, const std::string& origin);
// Reads and parses a rules file (errors name the path).
Result<CauseRules> loadCauseRulesFile(const std::string& path);
// The rules as JSON (one line, the format above); parseCauseRules reads it back equal.
std::string causeRulesJson(const CauseRules& rules);

// Why `cause` cannot be a rule's new cause (empty, too long, or its first segment not a cause
// class); nullopt when it can.
std::optional<std::string> invalidSetCause(std::string_view cause);

} // namespace ett::core
