// End-to-end tests of `ettw ranks` and `ettw hosts` (spec 7.3) on a small trace whose figures are
// derived by hand in the comments, through the real binary.
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

// J1 (8 GPUs), attempt 0 over [0, 1000) s with ranks 0 to 3: ranks 0 and 1 on node-a, rank 2 on
// node-b, rank 3 without a rank record. J2 (2 GPUs) under the same label, ranks on node-c, node-d.
const std::string kTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8}
{"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000}
{"type":"rank","job":"J1","attempt":0,"rank":0,"host":"node-a"}
{"type":"rank","job":"J1","attempt":0,"rank":1,"host":"node-a"}
{"type":"rank","job":"J1","attempt":0,"rank":2,"host":"node-b"}
{"type":"phase","job":"J1","attempt":0,"phase":"init.device_init","start":0,"end":10,"rank":0}
{"type":"phase","job":"J1","attempt":0,"phase":"init.device_init","start":0,"end":12,"rank":1}
{"type":"phase","job":"J1","attempt":0,"phase":"init.device_init","start":0,"end":10,"rank":2}
{"type":"phase","job":"J1","attempt":0,"phase":"init.device_init","start":0,"end":30,"rank":3}
{"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":10,"end":40,"rank":0}
{"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":12,"end":40,"rank":1}
{"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":10,"end":100,"rank":2}
{"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":50,"end":120,"rank":2}
{"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":30,"end":60,"rank":3}
{"type":"phase","job":"J1","attempt":0,"phase":"checkpoint_save","start":500,"end":520,"rank":0}
{"type":"phase","job":"J1","attempt":0,"phase":"checkpoint_save","start":500,"end":530,"rank":1}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":120,"end":1000}
{"type":"checkpoint","job":"J1","attempt":0,"start":520,"durable":530}
{"type":"job","job":"J2","gpus":2}
{"type":"attempt","job":"J2","attempt":0,"start":2000,"end":2200}
{"type":"rank","job":"J2","attempt":0,"rank":0,"host":"node-c"}
{"type":"rank","job":"J2","attempt":0,"rank":1,"host":"node-d"}
{"type":"phase","job":"J2","attempt":0,"phase":"init","start":2000,"end":2100,"rank":0}
{"type":"phase","job":"J2","attempt":0,"phase":"init","start":2000,"end":2050,"rank":1}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":2100,"end":2200}
)";

class RanksCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path() / ("ettw-ranks-" + std::to_string(getpid()) + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
        writeFile(m_root / "work" / "ranks.ett.jsonl", kTrace);
        const RunResult r = ettw({ "import", "--db", "ett.db", "-q", "ranks.ett.jsonl" });
        ASSERT_EQ(r.exitCode, 0) << r;
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }

    RunResult ettw(const std::vector<std::string>& args) const
    {
        return runEttwIn(m_root / "work", m_root / "io", args);
    }

    // The command's JSON output, parsed; the command must succeed.
    simdjson::dom::element json(const std::vector<std::string>& args)
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << r;
        EXPECT_EQ(r.err, "");
        m_text = simdjson::padded_string(r.out);
        return m_parser.parse(m_text).value();
    }

    void expectUserError(const std::vector<std::string>& args, const std::vector<std::string>& needles) const
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 1) << r;
        EXPECT_EQ(r.out, "");
        for (const auto& n : needles) {
            EXPECT_NE(r.err.find(n), std::string::npos) << "stderr should mention '" << n << "'\n" << r;
        }
    }

    fs::path m_root;
    simdjson::dom::parser m_parser;
    simdjson::padded_string m_text;
};

double num(simdjson::dom::element e)
{
    double d = 0;
    if (e.is_int64()) {
        return static_cast<double>(e.get_int64().value());
    }
    EXPECT_EQ(e.get_double().get(d), simdjson::SUCCESS);
    return d;
}

TEST_F(RanksCli, RanksPrintsEachStagesSlowestRankHostAndExcess)
{
    auto doc = json({ "ranks", "--db", "ett.db", "--job", "J1", "--format", "json" });
    EXPECT_EQ(std::string(doc["job"].get_string().value()), "J1");
    EXPECT_EQ(std::string(doc["label"].get_string().value()), "default");
    auto attempts = doc["attempts"].get_array().value();
    ASSERT_EQ(attempts.size(), 1u);
    auto attempt = attempts.at(0).value();
    EXPECT_EQ(num(attempt["gpus"]), 8);
    EXPECT_EQ(attempt["ranks"].get_array().value().size(), 4u);
    EXPECT_TRUE(attempt["ranks"].at(3)["host"].is_null()); // rank 3 has no rank record
    auto stages = attempt["stages"].get_array().value();
    ASSERT_EQ(stages.size(), 4u);
    // init: ranks 40 40 120 60 s; median (nearest rank) 40, rank 2 on node-b, excess 80.
    auto init = stages.at(0).value();
    EXPECT_EQ(std::string(init["stage"].get_string().value()), "init");
    EXPECT_EQ(num(init["slowest_rank"]), 2);
    EXPECT_EQ(std::string(init["host"].get_string().value()), "node-b");
    EXPECT_EQ(num(init["slowest_s"]), 120);
    EXPECT_EQ(num(init["median_s"]), 40);
    EXPECT_EQ(num(init["excess_s"]), 80);
    // init.device_init: 10 12 10 30; rank 3 (no host) is slowest by 20 s.
    auto device = stages.at(1).value();
    EXPECT_EQ(std::string(device["stage"].get_string().value()), "init.device_init");
    EXPECT_EQ(num(device["slowest_rank"]), 3);
    EXPECT_TRUE(device["host"].is_null());
    EXPECT_EQ(num(device["excess_s"]), 20);
    // init.process_group_init: rank 2's two overlapping phases are 110 s, not 160.
    auto pg = stages.at(2).value();
    EXPECT_EQ(num(pg["slowest_s"]), 110);
    EXPECT_EQ(num(pg["median_s"]), 30);
    EXPECT_EQ(num(pg["rank_times"].at(2)["time_s"]), 110);
    // checkpoint_save: 20 and 30 s, median 20, rank 1 on node-a by 10 s.
    auto save = stages.at(3).value();
    EXPECT_EQ(std::string(save["stage"].get_string().value()), "checkpoint_save");
    EXPECT_EQ(num(save["slowest_rank"]), 1);
    EXPECT_EQ(std::string(save["host"].get_string().value()), "node-a");
    EXPECT_EQ(num(save["excess_s"]), 10);

    const RunResult table = ettw({ "ranks", "--db", "ett.db", "--job", "J1" });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_NE(table.out.find("init.process_group_init"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("node-b"), std::string::npos) << table.out;
}

TEST_F(RanksCli, HostsRanksHostsByExcessGpuSeconds)
{
    // node-b: (80 + 80) x 8 = 1280 GPU-s, twice slowest; node-c: 50 x 2 = 100; node-a: 10 x 8 = 80.
    auto doc = json({ "hosts", "--db", "ett.db", "--format", "json" });
    EXPECT_EQ(num(doc["attempts"]), 2);
    EXPECT_EQ(num(doc["pairs"]), 5);
    EXPECT_EQ(num(doc["pairs_without_host"]), 1);
    auto hosts = doc["hosts"].get_array().value();
    ASSERT_EQ(hosts.size(), 3u);
    EXPECT_EQ(std::string(hosts.at(0)["host"].get_string().value()), "node-b");
    EXPECT_EQ(num(hosts.at(0)["times_slowest"]), 2);
    EXPECT_EQ(num(hosts.at(0)["excess_gpu_s"]), 1280);
    EXPECT_EQ(std::string(hosts.at(1)["host"].get_string().value()), "node-c");
    EXPECT_EQ(num(hosts.at(1)["excess_gpu_s"]), 100);
    EXPECT_EQ(std::string(hosts.at(2)["host"].get_string().value()), "node-a");
    EXPECT_EQ(num(hosts.at(2)["times_slowest"]), 1);
    EXPECT_EQ(num(hosts.at(2)["excess_gpu_s"]), 80);

    // --top, and a range holding only J2's attempt (it starts at 2000 s).
    auto top = json({ "hosts", "--db", "ett.db", "--format", "json", "--top", "1" });
    EXPECT_EQ(top["hosts"].get_array().value().size(), 1u);
    EXPECT_EQ(num(top["host_count"]), 3);
    auto late = json({ "hosts", "--db", "ett.db", "--format", "json", "--from", "1500" });
    ASSERT_EQ(late["hosts"].get_array().value().size(), 1u);
    EXPECT_EQ(std::string(late["hosts"].at(0)["host"].get_string().value()), "node-c");

    // --scope selects jobs as a cohort spec: J1 alone has 4 GPUs or more.
    auto big = json({ "hosts", "--db", "ett.db", "--format", "json", "--scope", "gpus>=4" });
    ASSERT_EQ(big["hosts"].get_array().value().size(), 2u);
    EXPECT_EQ(std::string(big["hosts"].at(0)["host"].get_string().value()), "node-b");
    EXPECT_EQ(std::string(big["hosts"].at(1)["host"].get_string().value()), "node-a");
    EXPECT_EQ(num(big["pairs"]), 4);
    auto team = json({ "hosts", "--db", "ett.db", "--format", "json", "--scope", "label=default" });
    EXPECT_EQ(team["hosts"].get_array().value().size(), 3u);

    const RunResult table = ettw({ "hosts", "--db", "ett.db" });
    ASSERT_EQ(table.exitCode, 0) << table;
    EXPECT_NE(table.out.find("node-b"), std::string::npos) << table.out;
}

TEST_F(RanksCli, SlowHostsOfAGeneratedFleetComeOutOnTop)
{
    // generate --ranks: every sixteenth host of a cluster from the sixth (index % 16 == 5) is slower.
    const RunResult gen = ettw({ "generate", "--jobs", "80", "--ranks", "8", "--seed", "5", "--out", "g.ett.jsonl" });
    ASSERT_EQ(gen.exitCode, 0) << gen;
    const RunResult imp = ettw({ "import", "--db", "g.db", "-q", "g.ett.jsonl" });
    ASSERT_EQ(imp.exitCode, 0) << imp;
    auto doc = json({ "hosts", "--db", "g.db", "--format", "json", "--top", "5" });
    EXPECT_EQ(num(doc["pairs_without_host"]), 0);
    auto hosts = doc["hosts"].get_array().value();
    ASSERT_EQ(hosts.size(), 5u);
    for (auto h : hosts) {
        const std::string host(h["host"].get_string().value());
        const int index = std::stoi(host.substr(host.rfind('-') + 1));
        EXPECT_EQ(index % 16, 5) << host << " is not one of the slow hosts";
    }
}

TEST_F(RanksCli, AttemptOptionAndErrors)
{
    auto doc = json({ "ranks", "--db", "ett.db", "--job", "J2", "--attempt", "0", "--format", "json" });
    ASSERT_EQ(doc["attempts"].get_array().value().size(), 1u);
    expectUserError({ "ranks", "--db", "ett.db", "--job", "J2", "--attempt", "4" }, { "no attempt 4", "0" });
    expectUserError({ "ranks", "--db", "ett.db", "--job", "NOPE" }, { "no job 'NOPE'" });
    expectUserError({ "ranks", "--db", "ett.db", "--job", "J1", "--label", "after" }, { "label 'after'" });
    expectUserError({ "hosts", "--db", "ett.db", "--label", "after" }, { "after", "default" });
    expectUserError({ "hosts", "--db", "ett.db", "--from", "yesterday" }, { "--from" });
    expectUserError({ "hosts", "--db", "ett.db", "--scope", "gpus>>4" }, { "--scope" });
    // With --store they run there (tests/app/cli/fleet_store_cli_test.cpp); a store that does not
    // answer is an error naming it, its password masked.
    expectUserError({ "hosts", "--store", "clickhouse://u:p@localhost:1/db" }, { "localhost:1", "u:***@" });
    expectUserError({ "ranks", "--job", "J1", "--store", "clickhouse://u:p@localhost:1/db" }, { "cannot connect" });
}

} // namespace
