// The mapping rules of foreign formats: parsing with clear errors, exact /
// glob / regex matching in order, source categories, ignore rules, faults, presets, and the
// counting of names no rule maps.
#include "core/ingest/mapping.h"
#include "core/ingest/regex.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

Mapping parseOk(const std::string& json)
{
    auto m = Mapping::parse(json, "rules.json");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
    return m.ok() ? std::move(*m) : Mapping {};
}

std::string parseError(const std::string& json)
{
    auto m = Mapping::parse(json, "rules.json");
    EXPECT_FALSE(m.ok());
    return m.ok() ? std::string() : m.error().message;
}

TEST(Glob, MatchesStarsAndQuestionMarksOverTheWholeText)
{
    EXPECT_TRUE(globMatch("ProfilerStep#*", "ProfilerStep#12"));
    EXPECT_TRUE(globMatch("*", ""));
    EXPECT_TRUE(globMatch("a*b*c", "axxbyyc"));
    EXPECT_TRUE(globMatch("step?", "step7"));
    EXPECT_FALSE(globMatch("step?", "step12"));
    EXPECT_FALSE(globMatch("ProfilerStep#*", "xProfilerStep#1"));
    EXPECT_FALSE(globMatch("a*b", "acbx"));
}

TEST(Regex, SearchesPrefixesAndGroupsAndNamesABadPattern)
{
    auto re = Regex::compile("rank([0-9]+)(x)?:", "rules.json: phases[0]");
    ASSERT_TRUE(re.ok()) << re.error().message;
    EXPECT_EQ(re->groups(), 2);
    RegexMatch m;
    ASSERT_TRUE(re->search("[rank12:] loss", m));
    EXPECT_EQ(m.size(), 3u);
    EXPECT_EQ(m.group(0), "rank12:");
    EXPECT_EQ(m.str(1), "12");
    EXPECT_FALSE(m.matched(2)) << "an optional group that took no part";
    EXPECT_EQ(m.group(2), "");
    EXPECT_FALSE(re->matchPrefix("[rank12:]")) << "a prefix match starts at the first character";
    EXPECT_TRUE(re->matchPrefix("rank3x: go", m));
    EXPECT_EQ(m.length(0), 7u);
    EXPECT_TRUE(m.matched(2));
    // Linear time, no recursion: a long line with a backtracking-prone pattern is answered.
    auto greedy = Regex::compile("^(.*)(.*)$", "w");
    ASSERT_TRUE(greedy.ok());
    EXPECT_TRUE(greedy->search(std::string(200'000, 'a')));
    auto bad = Regex::compile("(", "rules.json: phases[3]");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("rules.json: phases[3]: regex \"(\" is not valid: "), std::string::npos)
        << bad.error().message;
}

TEST(Mapping, FirstMatchingRuleWinsWithExactGlobAndRegex)
{
    const Mapping m = parseOk(R"json({"format":"chrome","phases":[
        {"exact":"checkpoint","phase":"checkpoint_save"},
        {"glob":"ProfilerStep#*","phase":"train"},
        {"regex":"^enumerate\\(DataLoader\\)","phase":"stall.data"},
        {"glob":"*","phase":"eval"}]})json");
    EXPECT_EQ(m.format(), "chrome");
    const auto& a = m.map("checkpoint");
    EXPECT_EQ(a.what, Mapping::Match::What::Phase);
    EXPECT_EQ(a.category, Category::CheckpointSave);
    EXPECT_EQ(m.map("ProfilerStep#3").category, Category::Train);
    const auto& d = m.map("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__");
    EXPECT_EQ(d.category, Category::Stall);
    EXPECT_EQ(d.subcategory, "data");
    EXPECT_EQ(m.map("anything else").category, Category::Eval) << "the catch-all comes last";
}

TEST(Mapping, SourceRestrictsARuleAndIgnoreIsNotUnmapped)
{
    const Mapping m = parseOk(R"json({"phases":[
        {"glob":"*","ignore":true,"source":["kernel"]},
        {"exact":"train_step","phase":"train"}]})json");
    EXPECT_EQ(m.map("sgemm", "kernel").what, Mapping::Match::What::Ignore);
    EXPECT_EQ(m.map("sgemm", "user_annotation").what, Mapping::Match::What::Unmapped);
    EXPECT_EQ(m.map("train_step", "user_annotation").what, Mapping::Match::What::Phase);
    // Memoized per (source, name): same answer the second time.
    EXPECT_EQ(m.map("sgemm", "kernel").what, Mapping::Match::What::Ignore);
}

// A preset is parsed once per process: each call returns a copy with a memo of its own, which maps
// as the preset does.
TEST(Mapping, EachPresetCallReturnsACopyWithItsOwnMemo)
{
    auto a = Mapping::preset("log-torchtitan");
    auto b = Mapping::preset("log-torchtitan");
    ASSERT_TRUE(a.ok() && b.ok());
    const Mapping::Match first = a->mapBounded("Saving checkpoint at step 10", "INFO");
    EXPECT_EQ(a->memoSize(), 1U);
    EXPECT_EQ(b->memoSize(), 0U);
    const Mapping::Match again = b->mapBounded("Saving checkpoint at step 10", "INFO");
    EXPECT_EQ(again.what, first.what);
    EXPECT_EQ(again.category, first.category);
    a->setMemoLimit(0);
    EXPECT_EQ(Mapping::preset("log-torchtitan")->memoLimit(), b->memoLimit());
    EXPECT_EQ(Mapping::preset("log-torchtitan")->memoSize(), 0U);
}

TEST(Mapping, BoundedMatchesRememberAtMostTheLimitAndAnswerTheSame)
{
    Mapping m = parseOk(R"json({"phases":[
        {"regex":"step: +[0-9]+","phase":"train"},
        {"exact":"Saving checkpoint","phase":"checkpoint_save"}]})json");
    m.setMemoLimit(3);
    // Ten distinct step lines and a repeated one: every answer right, at most 3 names kept.
    for (int i = 0; i < 10; ++i) {
        const Mapping::Match step = m.mapBounded("step: " + std::to_string(i) + "  loss: 3.1", "INFO");
        EXPECT_EQ(step.what, Mapping::Match::What::Phase) << i;
        EXPECT_EQ(step.category, Category::Train) << i;
        EXPECT_EQ(m.mapBounded("Saving checkpoint", "INFO").category, Category::CheckpointSave) << i;
        EXPECT_EQ(m.mapBounded("nothing maps this " + std::to_string(i), "INFO").what, Mapping::Match::What::Unmapped)
            << i;
        EXPECT_LE(m.memoSize(), 3U);
    }
    EXPECT_EQ(m.memoSize(), 3U);
    // The source category is part of what is remembered, past the limit too.
    EXPECT_EQ(m.mapBounded("Saving checkpoint", "WARNING").category, Category::CheckpointSave);
    EXPECT_EQ(m.memoSize(), 3U);
    // map() keeps every name (its references must stay valid): the limit is mapBounded()'s.
    EXPECT_EQ(m.map("step: 99").category, Category::Train);
    EXPECT_EQ(m.memoSize(), 4U);
}

TEST(Mapping, FaultsAndSettings)
{
    const Mapping m = parseOk(R"json({"phases":[],"faults":[
        {"regex":"torch\\.OutOfMemoryError","cause":"user.oom"},
        {"regex":"NCCL.*[Tt]imeout","cause":"unknown.nccl_timeout","symptom":"hang"}],
        "settings":{"job":"from-file-name","steps":{"a":1}}})json");
    const auto oom = m.fault("torch.OutOfMemoryError: CUDA out of memory.");
    ASSERT_TRUE(oom.has_value());
    EXPECT_EQ(oom->cause, "user.oom");
    EXPECT_EQ(oom->symptom, Symptom::Explicit);
    const auto hang = m.fault("[Rank 3] NCCL watchdog Timeout after 600000 ms");
    ASSERT_TRUE(hang.has_value());
    EXPECT_EQ(hang->symptom, Symptom::Hang);
    EXPECT_FALSE(m.fault("all good").has_value());
    EXPECT_EQ(m.setting("job"), "from-file-name");
    EXPECT_EQ(m.setting("steps"), R"json({"a":1})json") << "non-string settings keep their JSON text";
    EXPECT_EQ(m.setting("absent"), "");
}

// fault() first asks one alternation of every rule (a log's reader asks it of every line): each
// rule keeps its own anchor and flags in it, and the first rule that matches still names the fault.
TEST(Mapping, EachFaultRuleKeepsItsAnchorAndFlagsAndTheFirstThatMatchesWins)
{
    const Mapping m = parseOk(R"json({"phases":[],"faults":[
        {"regex":"^Killed","cause":"infra.killed"},
        {"regex":"(?i)out of memory","cause":"user.oom"},
        {"regex":"error$","cause":"unknown.trailing"},
        {"regex":"memory","cause":"unknown.memory"}]})json");
    const auto cause = [&](std::string_view text) {
        const auto f = m.fault(text);
        return f ? f->cause : std::string("-");
    };
    EXPECT_EQ(cause("Killed by signal 9"), "infra.killed");
    EXPECT_EQ(cause("the job was Killed"), "-") << "the anchor is the first rule's alone";
    EXPECT_EQ(cause("CUDA OUT OF MEMORY"), "user.oom");
    EXPECT_EQ(cause("Out Of Memory: error"), "user.oom") << "the first rule that matches, not the last";
    EXPECT_EQ(cause("some error"), "unknown.trailing");
    EXPECT_EQ(cause("an error here"), "-") << "the end anchor is the third rule's alone";
    EXPECT_EQ(cause("MEMORY"), "-") << "the second rule's flag does not reach the fourth";
    EXPECT_EQ(cause("memory pressure"), "unknown.memory");
}

TEST(Mapping, ErrorsNameTheFileTheRuleAndWhatIsWrong)
{
    EXPECT_NE(parseError("{").find("rules.json: not valid JSON"), std::string::npos);
    EXPECT_NE(parseError(R"json({"phases":[{"glob":"x","phase":"training"}]})json")
                  .find("phases[0]: phase \"training\": unknown "
                        "category"),
        std::string::npos);
    EXPECT_NE(
        parseError(R"json({"phases":[{"glob":"x"}]})json").find("either \"phase\" or \"ignore\""), std::string::npos);
    EXPECT_NE(parseError(R"json({"phases":[{"phase":"train"}]})json").find("exactly one of"), std::string::npos);
    EXPECT_NE(
        parseError(R"json({"phases":[{"regex":"(","phase":"train"}]})json").find("is not valid"), std::string::npos);
    EXPECT_NE(
        parseError(R"json({"faults":[{"regex":"x","cause":"gpu"}]})json").find("first segment"), std::string::npos);
    EXPECT_NE(parseError(R"json({"fases":[]})json").find("unknown key \"fases\""), std::string::npos);
    auto missing = Mapping::load("/nonexistent/rules.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("/nonexistent/rules.json: cannot open"), std::string::npos);
}

TEST(Mapping, PresetsAreCompiledInAndValid)
{
    const auto names = Mapping::presetNames();
    ASSERT_FALSE(names.empty());
    for (const auto& n : names) {
        auto m = Mapping::preset(n);
        EXPECT_TRUE(m.ok()) << n << ": " << (m.ok() ? "" : m.error().message);
    }
    auto pytorch = Mapping::preset("chrome-pytorch");
    ASSERT_TRUE(pytorch.ok());
    EXPECT_EQ(pytorch->map("ProfilerStep#7", "user_annotation").category, Category::Train);
    EXPECT_EQ(pytorch->map("aten::mm", "cpu_op").what, Mapping::Match::What::Ignore);
    auto none = Mapping::preset("no-such");
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("chrome-pytorch"), std::string::npos) << "lists the presets";
}

TEST(UnmappedNames, AreReportedWithCountsAndTotalTimeLongestFirst)
{
    UnmappedNames u;
    u.add("short", 1'000'000'000, 3);
    u.add("long", 90'000'000'000, 7);
    u.add("short", 2'000'000'000, 9);
    IssueCounter issues;
    u.report(issues);
    const auto& e = issues.entries();
    ASSERT_EQ(e.size(), 2u);
    const auto& s = e.at({ "unmapped_name", "short" });
    EXPECT_EQ(s.count, 2);
    EXPECT_EQ(s.firstLine, 3);
    EXPECT_NE(s.example.find("3.0 s"), std::string::npos) << s.example;
    EXPECT_EQ(e.at({ "unmapped_name", "long" }).count, 1);
}

// A log with another message on every line must not grow the names without bound: past the limit,
// new names are counted together, and every occurrence and its time is still counted.
TEST(UnmappedNames, NamesPastTheLimitAreCountedTogether)
{
    UnmappedNames u;
    constexpr int kNames = (1 << 18) + 10;
    for (int i = 0; i < kNames; ++i) {
        u.add("name " + std::to_string(i), 1'000'000'000, i + 1);
    }
    int64_t& pending = u.addPending("name 0", 99);
    pending += 4'000'000'000;
    IssueCounter issues;
    u.report(issues);
    const auto& e = issues.entries();
    const auto& other = e.at({ "unmapped_name", "(other names)" });
    EXPECT_EQ(other.count, 10);
    EXPECT_EQ(other.firstLine, (1 << 18) + 1);
    const auto& first = e.at({ "unmapped_name", "name 0" });
    EXPECT_EQ(first.count, 2);
    EXPECT_EQ(first.firstLine, 1);
    EXPECT_NE(first.example.find("5.0 s"), std::string::npos) << first.example;
}

} // namespace
} // namespace ett::core
