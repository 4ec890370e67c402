// What-if scenarios in their JSON form and in the database: every kind of change
// parses and writes back the same, bad input is named by file and field, and the scenarios table
// saves (replacing by name), lists, loads and deletes them.
#include "core/model/timeutil.h"
#include "core/store/scenarios.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

// The example of the issue, plus the interval as a factor.
const std::string kExample = R"({"name":"faster start","cohort":"label=after,team=ads","changes":[
    {"bucket":"compile","scale":0.6},
    {"phase":"init.process_group_init","scale":0.5},
    {"interruptions":"failures","scale":0.7},
    {"checkpoint_interval":"optimal"},
    {"checkpoint_interval":600},
    {"checkpoint_interval":{"scale":0.5}},
    {"bucket":"setup","set_s":60},
    {"interruptions":"all","scale":0},
    {"interruptions":"preemptions","scale":1}]})";

TEST(ScenarioJson, ParsesEveryKindOfChange)
{
    auto s = parseScenario(kExample, "scenario.json");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->name, "faster start");
    EXPECT_EQ(s->cohort, "label=after,team=ads");
    std::vector<std::string> texts;
    for (const auto& c : s->changes) {
        texts.push_back(c.text());
    }
    EXPECT_EQ(texts,
        (std::vector<std::string> { "compile x0.6", "init.process_group_init x0.5", "failures x0.7",
            "checkpoint interval = optimum", "checkpoint interval = 600 s", "checkpoint interval x0.5", "setup = 60 s",
            "interruptions x0", "preemptions x1" }));
    const auto& phase = s->changes[1];
    EXPECT_EQ(phase.target, WhatIfTarget::Phase);
    EXPECT_EQ(phase.category, Category::Init);
    EXPECT_EQ(phase.subcategory, "process_group_init");
    EXPECT_EQ(s->changes[2].interruptions, InterruptionClass::Failures);
    EXPECT_TRUE(s->changes[3].optimal);
    EXPECT_EQ(s->changes[4].setS, 600.0);
    EXPECT_EQ(s->changes[5].scale, 0.5);
    EXPECT_EQ(s->changes[6].bucket, Bucket::Setup);
    EXPECT_EQ(s->changes[6].setS, 60.0);
}

TEST(ScenarioJson, WritesWhatItReadsBack)
{
    auto s = parseScenario(kExample, "scenario.json");
    ASSERT_TRUE(s.ok());
    const std::string json = scenarioJson(*s);
    EXPECT_EQ(json.substr(0, 62), R"({"name":"faster start","cohort":"label=after,team=ads","change)");
    auto again = parseScenario(json, "again");
    ASSERT_TRUE(again.ok()) << again.error().message << "\n" << json;
    EXPECT_EQ(scenarioJson(*again), json);
    // Names with quotes and control characters survive; the cohort may be absent (every job).
    auto odd = parseScenario(R"({"name":"say \"hi\"\n","changes":[{"bucket":"idle","scale":0.1}]})", "odd");
    ASSERT_TRUE(odd.ok()) << odd.error().message;
    EXPECT_EQ(odd->name, "say \"hi\"\n");
    EXPECT_EQ(odd->cohort, "");
    EXPECT_EQ(parseScenario(scenarioJson(*odd), "odd")->name, odd->name);
}

TEST(ScenarioJson, ErrorsNameTheFileAndTheField)
{
    struct Case
    {
        std::string json;
        std::string expected;
    };
    auto one = [](const std::string& change) { return R"({"name":"a","changes":[)" + change + "]}"; };
    const std::vector<Case> cases = {
        { R"({"name":"a","changes":[{"bucket":"compile","scale":0.6},{"bucket":"setup","scale":1},)"
          R"({"bucket":"init","scale":-1}]})",
            "scenario.json: changes[2].scale: expected a number >= 0" },
        { one(R"({"bucket":"compile","scale":"x"})"), "scenario.json: changes[0].scale: expected a number >= 0" },
        { one(R"({"bucket":"compile","set_s":-5})"),
            "scenario.json: changes[0].set_s: expected a number of seconds >= 0" },
        { one(R"({"bucket":"compile","scale":0.5,"set_s":5})"), "changes[0]: give one of scale or set_s" },
        { one(R"({"bucket":"compile"})"), "changes[0]: give one of scale or set_s" },
        { one(R"({"bucket":"compile","factor":0.5})"), R"(changes[0]: unknown key "factor")" },
        { one(R"({"bucket":"compiel","scale":1})"), R"(changes[0].bucket: unknown bucket "compiel")" },
        { one(R"({"bucket":"productive","scale":1})"), "changes[0].bucket: productive" },
        { one(R"({"bucket":3,"scale":1})"), "changes[0].bucket: expected a string" },
        { one(R"({"phase":"init","scale":0.5})"), "changes[0].phase: expected category.subcategory" },
        { one(R"({"phase":"warmup.x","scale":0.5})"), "changes[0].phase: \"warmup.x\": unknown category" },
        { one(R"({"phase":"train.step","scale":0.5})"), "changes[0].phase: train phases take no time" },
        { one(R"({"interruptions":"crashes","scale":0.5})"),
            "changes[0].interruptions: expected failures, preemptions or all" },
        { one(R"({"interruptions":"failures","set_s":5})"), "changes[0]: interruptions take a scale only" },
        { one(R"({"checkpoint_interval":"best"})"), "changes[0].checkpoint_interval: expected \"optimal\"" },
        { one(R"({"checkpoint_interval":600,"scale":0.5})"), "changes[0]: checkpoint_interval takes its value" },
        { one(R"({"checkpoint_interval":{"factor":2}})"), R"(changes[0].checkpoint_interval: unknown key "factor")" },
        { one(R"({"checkpoint_interval":0})"),
            "changes[0].checkpoint_interval: a checkpoint interval must be positive" },
        { one(R"({"checkpoint_interval":{"scale":-1}})"), "changes[0].checkpoint_interval.scale: expected a number" },
        { one(R"({"bucket":"compile","phase":"init.x","scale":1})"), "changes[0]: more than one target" },
        { one(R"({"scale":1})"), "changes[0]: no target" },
        { one(R"(7)"), "changes[0]: expected an object" },
        { R"({"changes":[]})", "scenario.json: name: expected a non-empty string" },
        { R"({"name":"","changes":[]})", "scenario.json: name: expected a non-empty string" },
        { R"({"name":"a"})", "scenario.json: changes: missing" },
        { R"({"name":"a","changes":{}})", "scenario.json: changes: expected an array" },
        { R"({"name":"a","changes":[],"colour":1})", R"(scenario.json: unknown key "colour")" },
        { R"({"name":"a","name":"b","changes":[]})", R"(scenario.json: "name" is given twice)" },
        { R"({"name":"a","cohort":5,"changes":[]})", "scenario.json: cohort: expected a string" },
        { R"({"name":"a",)", "scenario.json: not valid JSON" },
        { R"([1, 2])", "scenario.json: expected a JSON object" },
    };
    for (const auto& c : cases) {
        auto s = parseScenario(c.json, "scenario.json");
        ASSERT_FALSE(s.ok()) << c.json;
        EXPECT_NE(s.error().message.find(c.expected), std::string::npos)
            << c.json << "\n  got: " << s.error().message << "\n  expected: " << c.expected;
    }
}

TEST(ScenarioJson, FilesAreNamedInErrors)
{
    test::Store store;
    const std::string missing = store.path("nope.json");
    auto s = loadScenarioFile(missing);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find(missing + ": cannot open"), std::string::npos) << s.error().message;
    const std::string bad = store.write("bad.json", R"({"name":"a","changes":[{"bucket":"init","scale":-2}]})");
    s = loadScenarioFile(bad);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find(bad + ": changes[0].scale"), std::string::npos) << s.error().message;
    const std::string good = store.write("good.json", kExample);
    s = loadScenarioFile(good);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->changes.size(), 9u);
}

TEST(ScenarioStore, SavesListsLoadsReplacesAndDeletes)
{
    test::Store store;
    Database& db = store.db();
    auto none = listScenarios(db);
    ASSERT_TRUE(none.ok()) << none.error().message;
    EXPECT_TRUE(none->empty());

    auto example = parseScenario(kExample, "example");
    ASSERT_TRUE(example.ok());
    Scenario other;
    other.name = "another";
    other.changes = { example->changes[0] };
    ASSERT_TRUE(saveScenario(db, *example).ok());
    ASSERT_TRUE(saveScenario(db, other).ok());
    auto all = listScenarios(db);
    ASSERT_TRUE(all.ok()) << all.error().message;
    ASSERT_EQ(all->size(), 2u);
    EXPECT_EQ((*all)[0].scenario.name, "another") << "by name";
    EXPECT_EQ((*all)[1].scenario.name, "faster start");
    EXPECT_EQ(scenarioJson((*all)[1].scenario), scenarioJson(*example));
    EXPECT_TRUE(parseRfc3339((*all)[1].savedAt).has_value()) << (*all)[1].savedAt;

    // The same name again replaces it.
    Scenario replaced = *example;
    replaced.cohort = "label=before";
    ASSERT_TRUE(saveScenario(db, replaced).ok());
    EXPECT_EQ(store.count("SELECT count(*) FROM scenarios"), 2);
    auto loaded = loadScenario(db, "faster start");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->scenario.cohort, "label=before");

    auto missing = loadScenario(db, "slower start");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("no saved scenario 'slower start' (saved: another, faster start)"),
        std::string::npos)
        << missing.error().message;

    auto deleted = deleteScenario(db, "another");
    ASSERT_TRUE(deleted.ok());
    EXPECT_TRUE(*deleted);
    deleted = deleteScenario(db, "another");
    ASSERT_TRUE(deleted.ok());
    EXPECT_FALSE(*deleted);
    EXPECT_EQ(store.count("SELECT count(*) FROM scenarios"), 1);

    // Scenarios live in the document: they are there when it is opened again.
    store.open();
    EXPECT_TRUE(loadScenario(store.db(), "faster start").ok());
}

TEST(ScenarioStore, InvalidScenarioIsRefusedAndNothingIsWritten)
{
    test::Store store;
    Scenario s;
    s.name = "bad";
    WhatIfChange c;
    c.target = WhatIfTarget::Bucket;
    c.bucket = Bucket::Productive;
    c.scale = 0.5;
    s.changes = { c };
    const Status st = saveScenario(store.db(), s);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("scenario 'bad': changes[0].bucket: productive"), std::string::npos)
        << st.error().message;
    s.name.clear();
    s.changes.clear();
    EXPECT_FALSE(saveScenario(store.db(), s).ok());
    EXPECT_EQ(store.count("SELECT count(*) FROM scenarios"), 0);
}

TEST(ScenarioStore, BrokenStoredTextIsNamed)
{
    // A row another program wrote by hand: listing names it instead of failing silently.
    test::Store store;
    ASSERT_TRUE(store.db().exec("INSERT INTO scenarios VALUES('hand', '{\"name\":\"hand\"}', 'x')").ok());
    auto all = listScenarios(store.db());
    ASSERT_FALSE(all.ok());
    EXPECT_NE(all.error().message.find("saved scenario 'hand': changes: missing"), std::string::npos)
        << all.error().message;
}

} // namespace
} // namespace ett::core
