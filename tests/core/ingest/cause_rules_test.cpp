// Cause re-classification rules: how a rule matches (a dotted prefix of the cause, the symptom
// exactly, the detail by regex), first match wins, the file format written back, and errors that
// name the file, the line and the field.
#include "core/ingest/cause_rules.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

CauseRules parsed(const std::string& json)
{
    auto r = parseCauseRules(json, "rules.json");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : CauseRules {};
}

std::string errorOf(const std::string& json)
{
    auto r = parseCauseRules(json, "rules.json");
    EXPECT_FALSE(r.ok()) << "accepted: " << json;
    return r.ok() ? std::string() : r.error().message;
}

TEST(CauseRules, CauseMatchesAsADottedPrefix)
{
    const auto rules = parsed(R"({"rules":[{"match":{"cause":"unknown"},"set_cause":"infra.x"}]})");
    ASSERT_EQ(rules.rules.size(), 1u);
    const CauseRule& r = rules.rules[0];
    EXPECT_TRUE(r.matches("unknown", "", ""));
    EXPECT_TRUE(r.matches("unknown.nccl_timeout", "hang", "any"));
    EXPECT_FALSE(r.matches("unknownx", "", ""));
    EXPECT_FALSE(r.matches("unknow", "", ""));
    EXPECT_FALSE(r.matches("", "", ""));
    EXPECT_FALSE(r.matches("infra.unknown", "", ""));
}

TEST(CauseRules, EmptyCauseAndSymptomMatchOnlyAttemptsWithout)
{
    const auto rules = parsed(R"({"rules":[{"match":{"cause":"","symptom":""},"set_cause":"unknown.unlabelled"}]})");
    const CauseRule& r = rules.rules[0];
    EXPECT_TRUE(r.matches("", "", "whatever"));
    EXPECT_FALSE(r.matches("infra", "", ""));
    EXPECT_FALSE(r.matches("", "hang", ""));
}

TEST(CauseRules, AllGivenPartsMustHoldAndDetailIsSearched)
{
    const auto rules = parsed(
        R"({"rules":[{"match":{"cause":"unknown","symptom":"hang","detail":"NCCL.*timeout"},"set_cause":"infra.network.nccl_timeout"}]})");
    const CauseRule& r = rules.rules[0];
    EXPECT_TRUE(r.matches("unknown.nccl", "hang", "rank 3: NCCL watchdog timeout after 1800 s"));
    EXPECT_FALSE(r.matches("unknown.nccl", "explicit", "NCCL watchdog timeout"));
    EXPECT_FALSE(r.matches("infra", "hang", "NCCL watchdog timeout"));
    EXPECT_FALSE(r.matches("unknown", "hang", "nccl watchdog timeout")); // case matters
    const auto caseless = parsed(R"({"rules":[{"match":{"detail":"(?i)^nccl"},"set_cause":"infra.n"}]})");
    EXPECT_TRUE(caseless.rules[0].matches("", "", "NCCL error"));
    EXPECT_FALSE(caseless.rules[0].matches("", "", "an NCCL error")); // anchored at the start
}

TEST(CauseRules, TheFirstRuleThatMatchesWins)
{
    const auto rules = parsed(R"({"rules":[
        {"match":{"symptom":"hang"},"set_cause":"infra.hang"},
        {"match":{"cause":"unknown"},"set_cause":"user.bad_config"},
        {"match":{"cause":"unknown.nccl"},"set_cause":"infra.network"}]})");
    EXPECT_EQ(rules.firstMatch("unknown.nccl", "hang", ""), 0);
    EXPECT_EQ(rules.firstMatch("unknown.nccl", "explicit", ""), 1); // rule 3 is never reached
    EXPECT_EQ(rules.firstMatch("infra.gpu", "explicit", ""), -1);
    EXPECT_EQ(rules.rules[1].line, 3);
}

TEST(CauseRules, WrittenBackAndReadAgainEqual)
{
    const std::string json = R"({"rules":[{"match":{"cause":"unknown","detail":"a\"b\\d+"},"set_cause":"infra.x"},)"
                             R"({"match":{"symptom":""},"set_cause":"manual.cancel"}]})";
    const auto rules = parsed(json);
    EXPECT_EQ(causeRulesJson(rules), json);
    EXPECT_EQ(causeRulesJson(parsed(causeRulesJson(rules))), json);
    EXPECT_EQ(causeRulesJson(parsed(R"({"rules":[]})")), R"({"rules":[]})");
}

TEST(CauseRules, ErrorsNameFileLineAndField)
{
    EXPECT_EQ(errorOf("{\n  \"rules\": [\n    {\"match\": {\"cause\": \"unknown\"}, \"set_cause\": \"infra.x\"},\n"
                      "    {\"match\": {\"cause\": \"unknown\"}, \"set_cause\": \"bogus.x\"}\n  ]\n}\n"),
        "rules.json:4: rules[1].set_cause: \"bogus.x\": the first segment must be a cause class: infra, preemption, "
        "maintenance, dependency, user, manual or unknown");
    const auto badRegex = errorOf("{\"rules\": [\n{\"match\":\n  {\"detail\": \"(\"},\n \"set_cause\": \"infra\"}]}");
    EXPECT_EQ(badRegex.rfind("rules.json:3: rules[0].match.detail: regex \"(\" is not valid", 0), 0u) << badRegex;
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"symptom\": \"slow\"}, \"set_cause\": \"infra\"}]}"),
        "rules.json:1: rules[0].match.symptom: \"slow\" is not a symptom; expected explicit, hang, degradation, "
        "numeric, or \"\" for none");
    EXPECT_EQ(errorOf("{\"rules\": [\n\n  {\"match\": {}, \"set_cause\": \"infra\"}]}"),
        "rules.json:3: rules[0].match: empty: give at least one of cause, symptom, detail");
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"cause\": \"x\"}}]}"),
        "rules.json:1: rules[0]: no \"set_cause\" (the new dotted cause)");
    EXPECT_EQ(errorOf("{\"rules\": [{\"set_cause\": \"infra\"}]}"),
        "rules.json:1: rules[0]: no \"match\" (an object with cause, symptom and/or detail)");
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"cause\": \"x\"}, \"set_cause\": \"infra\", \"why\": 1}]}"),
        "rules.json:1: rules[0].why: unknown key (expected match, set_cause)");
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"cuase\": \"x\"}, \"set_cause\": \"infra\"}]}"),
        "rules.json:1: rules[0].match.cuase: unknown key (expected cause, symptom, detail)");
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"cause\": 3}, \"set_cause\": \"infra\"}]}"),
        "rules.json:1: rules[0].match.cause: expected a string");
    EXPECT_EQ(errorOf("{\"rules\": [{\"match\": {\"cause\": \"x\"}, \"set_cause\": \"\"}]}"),
        "rules.json:1: rules[0].set_cause: empty; expected a dotted cause such as infra.network.switch");
    EXPECT_EQ(errorOf("{\"rulez\": []}"), "rules.json:1: rulez: unknown key (expected rules)");
    EXPECT_EQ(errorOf("{}"), "rules.json:1: no \"rules\" (an array; [] for none)");
    EXPECT_EQ(errorOf("[]"), "rules.json:1: expected a JSON object with \"rules\"");
    EXPECT_EQ(errorOf("{\"rules\": [}").rfind("rules.json: not valid JSON: ", 0), 0u);
    EXPECT_EQ(errorOf("{\"rules\": {}}"), "rules.json:1: rules: expected an array of rules");
}

TEST(CauseRules, MissingFileIsAnErrorNamingIt)
{
    auto r = loadCauseRulesFile("/nonexistent/rules.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("/nonexistent/rules.json: cannot open the rules file", 0), 0u);
}

} // namespace
} // namespace ett::core
