// End-to-end tests of `ettw causes` (the real binary, as cli_test.cpp runs it): the table's
// figures against hand-derived values, the preview of a rules file (nothing written), --save,
// --list-rules and --undo (which restores `ettw summary --format json` byte for byte), the
// table's interruption counts against the summary's on the fleet sample, and the errors.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

const std::string kFleetSample = std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz";

// The store test's trace (tests/core/store/cause_rules_store_test.cpp), figures by hand:
//   J1 (8 GPUs) failed unknown.nccl/hang: lost 500 s, TTR 100 s -> (500 + 100) x 8 = 4800 GPU-s
//   J2 (4 GPUs) failed infra.gpu/explicit: lost 0, TTR 150 s     -> 600 GPU-s
//   J3 (2 GPUs) preempted unknown: lost 0, never trains again     -> 0 GPU-s, no TTR
const char* kTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}}
{"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000,"outcome":"failed","cause":"unknown.nccl","symptom":"hang","detail":"NCCL watchdog timeout"}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":1000}
{"type":"checkpoint","job":"J1","attempt":0,"start":500,"durable":500}
{"type":"attempt","job":"J1","attempt":1,"start":1100,"end":2000,"outcome":"completed"}
{"type":"phase","job":"J1","attempt":1,"phase":"train","start":1100,"end":2000}
{"type":"job","job":"J2","gpus":4,"attrs":{"team":"search"}}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":500,"outcome":"failed","cause":"infra.gpu","symptom":"explicit","detail":"XID 48"}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":500}
{"type":"attempt","job":"J2","attempt":1,"start":600,"end":900,"outcome":"completed"}
{"type":"phase","job":"J2","attempt":1,"phase":"train","start":650,"end":900}
{"type":"job","job":"J3","gpus":2,"attrs":{"team":"ads"}}
{"type":"attempt","job":"J3","attempt":0,"start":0,"end":300,"outcome":"preempted","cause":"unknown","detail":"NCCL timeout"}
{"type":"phase","job":"J3","attempt":0,"phase":"train","start":0,"end":300}
)";

const char* kRules = R"({"rules": [
  {"match": {"cause": "unknown", "detail": "NCCL.*timeout"}, "set_cause": "user.bad_config"}
]}
)";

class CausesCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path() / ("ettw-causes-" + std::to_string(getpid()) + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
    }
    void TearDown() override
    {
        if (HasFailure()) {
            std::fprintf(stderr, "kept the test directory %s\n", m_root.c_str());
        } else {
            std::error_code ec;
            fs::remove_all(m_root, ec);
        }
    }
    std::string path(const std::string& name) const { return (m_root / "work" / name).string(); }
    std::string write(const std::string& name, const std::string& text) const
    {
        writeFile(path(name), text);
        return path(name);
    }
    RunResult ettw(const std::vector<std::string>& args) const
    {
        return runEttwIn(m_root / "work", m_root / "io", args);
    }
    std::string ok(const std::vector<std::string>& args) const
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << r;
        EXPECT_EQ(r.err, "");
        return r.out;
    }
    void userError(const std::vector<std::string>& args, const std::string& needle) const
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 1) << r;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find(needle), std::string::npos) << r;
    }
    void importTrace() { ok({ "import", "--db", path("t.db"), write("t.ett.jsonl", kTrace), "--quiet" }); }

    fs::path m_root;
    simdjson::dom::parser m_parser;
};

// The parsed document (kept in `doc`, whose storage `parser` owns).
simdjson::dom::element parse(simdjson::dom::parser& parser, const std::string& text)
{
    simdjson::dom::element doc;
    EXPECT_EQ(parser.parse(text).get(doc), simdjson::SUCCESS) << text;
    return doc;
}

int64_t integer(simdjson::dom::element e, const char* key)
{
    int64_t v = -1;
    EXPECT_EQ(e[key].get_int64().get(v), simdjson::SUCCESS) << key;
    return v;
}

int64_t integer(simdjson::simdjson_result<simdjson::dom::element> r, const char* key)
{
    simdjson::dom::element e;
    EXPECT_EQ(r.get(e), simdjson::SUCCESS) << key;
    return integer(e, key);
}

TEST_F(CausesCli, TableFiguresAreTheHandDerivedOnes)
{
    importTrace();
    const std::string out = ok({ "causes", "--db", path("t.db"), "--format", "json" });
    auto doc = parse(m_parser, out);
    auto total = doc["total"];
    EXPECT_EQ(integer(total, "interruptions"), 3);
    EXPECT_EQ(integer(total, "failures"), 2);
    EXPECT_EQ(integer(total, "preemptions"), 1);
    EXPECT_EQ(integer(total, "ttr_defined"), 2);
    EXPECT_EQ(integer(doc, "reclassified"), 0);
    // Exact seconds, as other commands write them: 4800 + 600 GPU-s lost; TTR (100 + 150) / 2.
    EXPECT_NE(out.find("\"lost_gpu_s\": 5400,"), std::string::npos) << out;
    EXPECT_NE(out.find("\"mean_ttr_s\": 125,"), std::string::npos) << out;
    simdjson::dom::array classes;
    ASSERT_EQ(doc["classes"].get_array().get(classes), simdjson::SUCCESS);
    ASSERT_EQ(classes.size(), 2u);
    std::string_view name;
    ASSERT_EQ(classes.at(0)["cause_class"].get_string().get(name), simdjson::SUCCESS);
    EXPECT_EQ(name, "unknown"); // two interruptions, before infra's one
    EXPECT_EQ(integer(classes.at(0), "interruptions"), 2);
    EXPECT_EQ(integer(classes.at(0)["symptoms"], "hang"), 1);
    EXPECT_EQ(integer(classes.at(0)["symptoms"], "none"), 1);
    simdjson::dom::array causes;
    ASSERT_EQ(classes.at(0)["causes"].get_array().get(causes), simdjson::SUCCESS);
    ASSERT_EQ(causes.size(), 2u);
    double share = 0;
    ASSERT_EQ(classes.at(1)["share_percent"].get_double().get(share), simdjson::SUCCESS);
    EXPECT_NEAR(share, 100.0 / 3.0, 1e-6); // written with 6 decimals

    // The table, and a scope: team=ads holds J1 and J3; a range from 400 s holds the faults at 500 s
    // and 1000 s only.
    const std::string table = ok({ "causes", "--db", path("t.db") });
    EXPECT_NE(table.find("unknown.nccl"), std::string::npos) << table;
    EXPECT_NE(table.find("No cause rules in force"), std::string::npos) << table;
    auto ads = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--scope", "team=ads", "--format", "json" }));
    EXPECT_EQ(integer(ads["total"], "interruptions"), 2);
    auto late = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--from", "400", "--format", "json" }));
    EXPECT_EQ(integer(late["total"], "interruptions"), 2);
    EXPECT_EQ(integer(late["total"], "preemptions"), 0);
}

TEST_F(CausesCli, PreviewWritesNothingSaveAppliesEverywhereUndoRestoresBytes)
{
    importTrace();
    const std::string rules = write("rules.json", kRules);
    const std::string summaryBefore = ok({ "summary", "--db", path("t.db"), "--format", "json" });

    // 1. Preview: the table with the rules, the rule's count, and nothing written.
    auto preview = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--rules", rules, "--format", "json" }));
    EXPECT_EQ(integer(preview, "reclassified"), 2);
    EXPECT_EQ(integer(preview["total"], "failures"), 1);
    EXPECT_EQ(integer(preview["total"], "other_interruptions"), 1);
    bool isPreview = false;
    ASSERT_EQ(preview["rules"]["preview"].get_bool().get(isPreview), simdjson::SUCCESS);
    EXPECT_TRUE(isPreview);
    EXPECT_EQ(integer(preview["rules"]["list"].at(0), "moved"), 2);
    EXPECT_EQ(ok({ "summary", "--db", path("t.db"), "--format", "json" }), summaryBefore);

    // 2. Save: the summary (the engine's figures) counts J1's interruption as other now.
    auto saved
        = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--rules", rules, "--save", "--format", "json" }));
    EXPECT_EQ(integer(saved, "attempts_changed"), 2);
    EXPECT_EQ(integer(saved, "jobs_rederived"), 1);
    EXPECT_EQ(integer(saved, "saved_sets"), 1);
    auto summary = parse(m_parser, ok({ "summary", "--db", path("t.db"), "--format", "json" }));
    EXPECT_EQ(integer(summary, "failures"), 1);
    EXPECT_EQ(integer(summary, "other_interruptions"), 1);
    auto listed = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--list-rules", "--format", "json" }));
    EXPECT_EQ(integer(listed["rules"]["list"].at(0), "moved_in_database"), 2);
    const std::string listText = ok({ "causes", "--db", path("t.db"), "--list-rules" });
    EXPECT_NE(listText.find("cause=unknown detail=/NCCL.*timeout/"), std::string::npos) << listText;
    EXPECT_NE(listText.find("user.bad_config"), std::string::npos) << listText;
    const std::string job = ok({ "job", "J1", "--db", path("t.db"), "--format", "json" });
    EXPECT_NE(job.find("\"cause\": \"user.bad_config\""), std::string::npos) << job;

    // 3. Undo: the summary is what it was, byte for byte; a second undo has nothing to undo.
    ok({ "causes", "--db", path("t.db"), "--undo" });
    EXPECT_EQ(ok({ "summary", "--db", path("t.db"), "--format", "json" }), summaryBefore);
    userError({ "causes", "--db", path("t.db"), "--undo" }, "no saved cause rules to undo");
}

TEST_F(CausesCli, OnTheFleetSampleTheCountsAreTheSummarys)
{
    ok({ "import", "--db", path("f.db"), kFleetSample, "--quiet" });
    auto causes = parse(m_parser, ok({ "causes", "--db", path("f.db"), "--format", "json" }));
    simdjson::dom::parser other;
    auto summary = parse(other, ok({ "summary", "--db", path("f.db"), "--format", "json" }));
    EXPECT_GT(integer(causes["total"], "interruptions"), 0);
    for (const char* key : { "failures", "preemptions", "other_interruptions" }) {
        EXPECT_EQ(integer(causes["total"], key), integer(summary, key)) << key;
    }
    int64_t sum = 0;
    simdjson::dom::array classes;
    ASSERT_EQ(causes["classes"].get_array().get(classes), simdjson::SUCCESS);
    for (auto c : classes) {
        sum += integer(c, "interruptions");
    }
    EXPECT_EQ(sum, integer(causes["total"], "interruptions"));
}

TEST_F(CausesCli, ErrorsSayWhatIsWrongAndWriteNothing)
{
    importTrace();
    const std::string bad = write(
        "bad.json", "{\"rules\": [\n  {\"match\": {\"cause\": \"unknown\"},\n   \"set_cause\": \"nope.x\"}\n]}\n");
    userError(
        { "causes", "--db", path("t.db"), "--rules", bad, "--save" }, "bad.json:3: rules[0].set_cause: \"nope.x\"");
    userError({ "causes", "--db", path("t.db"), "--rules", path("missing.json") }, "missing.json: cannot open");
    auto listed = parse(m_parser, ok({ "causes", "--db", path("t.db"), "--list-rules", "--format", "json" }));
    EXPECT_EQ(integer(listed["rules"], "saved_sets"), 0);
    // A fleet store keeps no rules: changing or listing them there is refused before connecting.
    userError({ "causes", "--store", "clickhouse://u@localhost:1/db", "--list-rules" }, "--list-rules needs --db");
    userError({ "causes", "--store", "clickhouse://u@localhost:1/db", "--undo" }, "--undo needs --db");
    userError({ "causes", "--db", path("t.db"), "--scope", "colour=red" }, "colour");
    userError({ "causes", "--db", path("t.db"), "--label", "nope" }, "nope");
    const RunResult usage = ettw({ "causes", "--db", path("t.db"), "--save" });
    EXPECT_EQ(usage.exitCode, 2) << usage;
}

} // namespace
