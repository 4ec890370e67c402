// The `rank` record (spec 7.3) through the importer into rank_hosts, and the per-rank phases and
// hosts read back for the straggler views (core/store/ranks_store.h).
#include "core/store/label_removal.h"
#include "core/store/ranks_store.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kS = 1'000'000'000;

const std::string kHead = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                          "\n";

// One file per rank, as a launcher writes them: rank `rank` of attempt 0 of J1 (4 GPUs), its
// process-group init taking `pgInitS` seconds. The rank record comes before the attempt's.
std::string rankFile(int rank, const std::string& host, int pgInitS)
{
    const std::string r = std::to_string(rank);
    return kHead + R"({"type":"rank","job":"J1","attempt":0,"rank":)" + r + R"(,"host":")" + host + "\"}\n"
        + R"({"type":"job","job":"J1","gpus":4})"
          "\n"
        + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000})"
          "\n"
        + R"({"type":"phase","job":"J1","attempt":0,"phase":"init.process_group_init","start":0,"end":)"
        + std::to_string(pgInitS) + R"(,"rank":)" + r + "}\n"
        + R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":200,"end":1000})"
          "\n";
}

std::vector<RankAttempt> readAll(Database& db, const RankScope& scope = {})
{
    std::vector<RankAttempt> out;
    auto st = forEachRankAttempt(db, scope, [&](const RankAttempt& a) {
        out.push_back(a);
        return Status::success();
    });
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return out;
}

TEST(RankHosts, RankRecordsFromFilesOfEachRankAreStoredAndReadBackWithTheirPhases)
{
    test::Store store;
    // Ranks 0, 1 and 2: 30 s, 30 s and 90 s of process-group init. Rank 1's file repeats rank
    // 0's record with the same host (allowed).
    store.import(store.write("r0.ett.jsonl", rankFile(0, "node-a", 30)));
    store.import(store.write("r1.ett.jsonl",
        rankFile(1, "node-a", 30)
            + R"({"type":"rank","job":"J1","attempt":0,"rank":0,"host":"node-a"})"
              "\n"));
    store.import(store.write("r2.ett.jsonl", rankFile(2, "node-b", 90)));
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 3);

    const auto attempts = readAll(store.db());
    ASSERT_EQ(attempts.size(), 1u);
    const RankAttempt& a = attempts[0];
    EXPECT_EQ(a.jobKey, "J1");
    EXPECT_EQ(a.label, "default");
    EXPECT_EQ(a.input.gpus, 4);
    EXPECT_EQ(a.input.phases.size(), 3u); // the train phases have no rank
    ASSERT_EQ(a.input.hosts.size(), 3u);
    EXPECT_EQ(a.input.hosts[2].second, "node-b");

    // Stages "init" and "init.process_group_init": 30 30 90, median 30, rank 2 on node-b slowest
    // by 60 s, which cost 60 x 4 = 240 GPU-seconds per stage.
    const auto stages = attemptStragglers(a.input);
    ASSERT_EQ(stages.size(), 2u);
    EXPECT_EQ(stages[1].stage, "init.process_group_init");
    EXPECT_EQ(stages[1].host, "node-b");
    EXPECT_EQ(stages[1].excessNs, 60 * kS);
    HostTally tally;
    tally.add(stages, a.input.gpus);
    ASSERT_EQ(tally.hosts().size(), 1u);
    EXPECT_TRUE(tally.hosts()[0].excessGpuNs == static_cast<Wide>(480) * kS);

    // Scopes: another label, another attempt number, a range that starts after it.
    RankScope other;
    other.label = "after";
    EXPECT_TRUE(readAll(store.db(), other).empty());
    RankScope attempt1;
    attempt1.attemptNo = 1;
    EXPECT_TRUE(readAll(store.db(), attempt1).empty());
    RankScope later;
    later.fromNs = 1;
    EXPECT_TRUE(readAll(store.db(), later).empty());
    RankScope job;
    job.jobRowId = a.jobRowId;
    job.toNs = 1;
    EXPECT_EQ(readAll(store.db(), job).size(), 1u);
}

TEST(RankHosts, ASecondHostForARankInALaterFileIsAnErrorAndStoresNothing)
{
    test::Store store;
    store.import(store.write("r0.ett.jsonl", rankFile(0, "node-a", 30)));
    const std::string bad = store.write("again.ett.jsonl", rankFile(0, "node-z", 30));
    auto r = importTraceFile(store.db(), bad, ImportOptions {});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(bad + ":2:"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("field 'host'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("\"node-a\""), std::string::npos) << r.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 1);
}

TEST(RankHosts, RemovingALabelRemovesItsRanksHostsOnly)
{
    test::Store store;
    store.import(store.write("a.ett.jsonl", rankFile(0, "node-a", 30)), "before");
    store.import(store.write("b.ett.jsonl", rankFile(1, "node-b", 40)), "after");
    ASSERT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 2);
    auto removed = removeLabel(store.db(), "before", KeepForUndo::Yes);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts WHERE host = 'node-b'"), 1);
    // Undo puts them back.
    auto restored = restoreRemovedLabel(store.db());
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts WHERE host = 'node-a'"), 1);
}

// A PyTorch profiler trace of one rank, with the host at the top level ("hostname", the Chrome
// reader's default setting "host") and one step of `stepUs` microseconds.
std::string chromeRank(int rank, const std::string& host, int stepUs)
{
    return R"({"distributedInfo":{"backend":"nccl","rank":)" + std::to_string(rank) + R"(,"world_size":8},"hostname":")"
        + host + R"(","traceEvents":[)"
        + R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":1000,"dur":)"
        + std::to_string(stepUs) + "}]}";
}

TEST(RankHosts, ChromeTracesNameTheirRanksHost)
{
    test::Store store;
    ImportOptions o;
    o.reader.job = "J7";
    store.import(store.write("rank3.json", chromeRank(3, "node-7", 500)), o);
    store.import(store.write("rank5.json", chromeRank(5, "node-9", 800)), o);
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 2);
    EXPECT_EQ(store.count("SELECT rank FROM rank_hosts WHERE host = 'node-9'"), 5);
    // Stage "train": 500 and 800 us; median (nearest rank of 2) 500; rank 5 on node-9 by 300 us.
    const auto attempts = readAll(store.db());
    ASSERT_EQ(attempts.size(), 1u);
    const auto stages = attemptStragglers(attempts[0].input);
    ASSERT_EQ(stages.size(), 1u);
    EXPECT_EQ(stages[0].stage, "train");
    EXPECT_EQ(stages[0].slowestRank, 5);
    EXPECT_EQ(stages[0].host, "node-9");
    EXPECT_EQ(stages[0].excessNs, 300'000);
    EXPECT_EQ(attempts[0].input.gpus, 8);
}

TEST(RankHosts, NsightReportsNameTheirTargetHost)
{
    if (test::sharedDataDir().empty()) {
        GTEST_SKIP() << "the shared real traces (../shared/data) are not here";
    }
    // TARGET_INFO_SYSTEM_ENV names the host nid001608; the report's ranges are rank 0's.
    test::Store store;
    store.import(test::sharedDataDir() + "/nsys-sqlite/saxpy-mpi-cuda_nsys_perlmutter0.sqlite");
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM rank_hosts WHERE rank = 0 AND host = 'nid001608'"), 1);
}

TEST(RankHosts, JobsByKeyListsEveryLabel)
{
    test::Store store;
    store.import(store.write("a.ett.jsonl", rankFile(0, "node-a", 30)), "before");
    store.import(store.write("b.ett.jsonl", rankFile(0, "node-a", 30)), "after");
    auto jobs = jobsByKey(store.db(), "J1");
    ASSERT_TRUE(jobs.ok());
    ASSERT_EQ(jobs->size(), 2u);
    EXPECT_EQ((*jobs)[0].second, "after");
    EXPECT_EQ((*jobs)[1].second, "before");
    auto none = jobsByKey(store.db(), "J9");
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
}

} // namespace
} // namespace ett::core
