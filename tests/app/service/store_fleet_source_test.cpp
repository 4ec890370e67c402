// The fleet store behind the service's seam (StoreFleetSource) against the local source on the
// same imported files, call for call: every figure equal to the nanosecond, for every grouping,
// ranges and queue counting, per job and per attempt; and the searches. Runs against the
// two-shard cluster packaging/run-tests.sh starts (ETT_TEST_STORE_URL); skipped without it.
#include "app/service/job_detail.h"
#include "app/service/local_fleet_source.h"
#include "app/service/ranks.h"
#include "app/service/rolling.h"
#include "app/service/store_fleet_source.h"
#include "app/service/workspace.h"
#include "core/store/clickhouse/push.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_samples.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <tuple>

#include "tests/core/model/generator_fixtures.h"
#include "tests/core/store/test_cluster.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

namespace ch = ett::core::clickhouse;

void expectSameFigures(const core::Figures& s, const core::Figures& l, const std::string& what)
{
    EXPECT_EQ(s.jobs, l.jobs) << what;
    EXPECT_EQ(s.attempts, l.attempts) << what;
    EXPECT_TRUE(s.e2eNs == l.e2eNs) << what;
    EXPECT_TRUE(s.e2eGpuNs == l.e2eGpuNs) << what;
    EXPECT_TRUE(s.bucketsNs == l.bucketsNs) << what;
    EXPECT_TRUE(s.bucketsGpuNs == l.bucketsGpuNs) << what;
    EXPECT_TRUE(s.excludedNs == l.excludedNs) << what << ": excluded";
    EXPECT_TRUE(s.excludedGpuNs == l.excludedGpuNs) << what << ": excluded GPU";
    // Ranked on the cluster: each list's count, sum and percentiles are the samples'.
    for (size_t list = 0; list < core::kSampleLists; ++list) {
        const auto which = static_cast<core::SampleList>(list);
        EXPECT_TRUE(s.rankedSamples(which) == l.rankedSamples(which)) << what << ": sample list " << list;
    }
    if (!s.samplesHeld()) {
        EXPECT_TRUE(s.ttsNs.empty() && s.ttrNs.empty()) << what << ": ranked lists send no samples";
        EXPECT_EQ(s.failures, l.failures) << what;
        EXPECT_EQ(s.preemptions, l.preemptions) << what;
        EXPECT_EQ(s.otherInterruptions, l.otherInterruptions) << what;
        EXPECT_EQ(s.noCheckpointDataJobs, l.noCheckpointDataJobs) << what;
        return;
    }
    auto sorted = [](std::vector<int64_t> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    EXPECT_EQ(sorted(s.ttsNs), sorted(l.ttsNs)) << what;
    EXPECT_EQ(sorted(s.ttrNs), sorted(l.ttrNs)) << what;
    // Each TTR sample with its split (spec 7.1), as a multiset.
    auto splits = [](const core::Figures& f) {
        std::vector<std::array<int64_t, 4>> out;
        for (size_t i = 0;
             i < f.ttrNs.size() && i < f.ttrDetectNs.size() && i < f.ttrRestartNs.size() && i < f.ttrStartupNs.size();
             ++i) {
            out.push_back({ f.ttrNs[i], f.ttrDetectNs[i], f.ttrRestartNs[i], f.ttrStartupNs[i] });
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    EXPECT_EQ(s.ttrDetectNs.size(), s.ttrNs.size()) << what;
    EXPECT_TRUE(splits(s) == splits(l)) << what << ": TTR splits";
    EXPECT_EQ(s.failures, l.failures) << what;
    EXPECT_EQ(s.preemptions, l.preemptions) << what;
    EXPECT_EQ(s.otherInterruptions, l.otherInterruptions) << what;
    EXPECT_EQ(s.noCheckpointDataJobs, l.noCheckpointDataJobs) << what;
}

class StoreSource : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto cluster = core::test::testCluster("src_");
        ASSERT_TRUE(cluster.ok()) << cluster.error().message;
        if (!*cluster) {
            GTEST_SKIP() << core::test::kNoTestCluster;
        }
        m_url = (*cluster)->url;
        m_shards = (*cluster)->shards;
        auto store = ch::FleetStore::open(m_url);
        ASSERT_TRUE(store.ok()) << store.error().message;
        ASSERT_TRUE((*store)->init(m_shards).ok());

        // Two labels of generated fleets (one without capacity stalls), pushed as they are.
        for (const auto& [label, seed] : { std::pair<std::string, uint64_t> { "before", 21 }, { "after", 22 } }) {
            core::GeneratorOptions o;
            o.jobs = label == "before" ? 160 : 110;
            o.seed = seed;
            o.ranks = label == "after" ? 4 : 0; // per-rank phases and `rank` records (spec 7.3)
            m_local.import(m_local.write(label + ".jsonl", core::test::fleetText(o)), label);
        }
        // In slices of 37 jobs: every comparison below also checks that slices number jobs on.
        ch::PushOptions sliced;
        sliced.jobsPerSlice = 37;
        auto pushed = ch::pushDatabase(**store, m_local.db(), std::nullopt, "test", sliced);
        ASSERT_TRUE(pushed.ok()) << pushed.error().message;
        auto source = StoreFleetSource::open(std::move(*store));
        ASSERT_TRUE(source.ok()) << source.error().message;
        m_store = std::move(*source);
        LocalFleetSource::LoadOptions load;
        load.backend = gpu::BackendKind::Cpu;
        auto local = LocalFleetSource::load(m_local.db(), load);
        ASSERT_TRUE(local.ok()) << local.error().message;
        m_localSource = std::move(*local);
    }

    void TearDown() override
    {
        if (!m_shards.empty()) {
            core::test::dropTestDatabase({ m_url, m_shards });
        }
    }

    // The scopes every comparison runs over: all, a label, attributes, GPUs, ranges, queue.
    std::vector<std::pair<std::string, core::CohortSpec>> scopes() const
    {
        const FleetVocabulary v = m_localSource->vocabulary();
        const int64_t day = 86'400'000'000'000;
        std::vector<std::pair<std::string, core::CohortSpec>> out;
        out.emplace_back("all", core::CohortSpec {});
        core::CohortSpec s;
        s.labels = { "after" };
        out.emplace_back("label after", s);
        s = {};
        s.attrs = { { "team", { v.attrValues.at("team").front(), core::kNoGroupName } } };
        s.minGpus = 16;
        out.emplace_back("team and gpus", s);
        s = {};
        s.fromNs = v.firstNs + 2 * day + 7'777'000'000'000;
        s.toNs = v.firstNs + 9 * day;
        out.emplace_back("range", s);
        s.countQueue = true;
        out.emplace_back("range with queue", s);
        s = {};
        s.toNs = v.firstNs + 4 * day;
        s.countQueue = true;
        out.emplace_back("until, with queue", s);
        return out;
    }

    core::test::Store m_local;
    ch::StoreUrl m_url;
    std::vector<std::string> m_shards;
    std::unique_ptr<StoreFleetSource> m_store;
    std::unique_ptr<LocalFleetSource> m_localSource;
};

TEST_F(StoreSource, VocabularyIsTheLocalOne)
{
    const FleetVocabulary s = m_store->vocabulary();
    const FleetVocabulary l = m_localSource->vocabulary();
    EXPECT_EQ(s.labels, l.labels);
    EXPECT_EQ(s.attrKeys, l.attrKeys);
    EXPECT_EQ(s.attrValues, l.attrValues);
    EXPECT_EQ(s.minGpus, l.minGpus);
    EXPECT_EQ(s.maxGpus, l.maxGpus);
    EXPECT_EQ(s.firstNs, l.firstNs);
    EXPECT_EQ(s.lastNs, l.lastNs);
    EXPECT_EQ(s.medianStartNs, l.medianStartNs);
    EXPECT_GT(s.medianStartNs, s.firstNs);
    EXPECT_EQ(s.labelFirstNs, l.labelFirstNs);
    EXPECT_EQ(s.jobs, l.jobs);
    EXPECT_EQ(s.attempts, l.attempts);
    EXPECT_EQ(s.segments, l.segments);
    EXPECT_GT(s.segments, 5000);
}

TEST_F(StoreSource, RollupsEqualTheEngineForEveryGroupingAndScope)
{
    for (const auto& [name, scope] : scopes()) {
        for (const std::string groupBy : { "", "label", "team", "model", "job", "attempt", "cause_class" }) {
            const std::string what = name + " by '" + groupBy + "'";
            auto s = m_store->rollup(scope, groupBy);
            auto l = m_localSource->rollup(scope, groupBy);
            ASSERT_TRUE(s.ok()) << what << ": " << s.error().message;
            ASSERT_TRUE(l.ok()) << what << ": " << l.error().message;
            expectSameFigures(s->total, l->total, what + " total");
            ASSERT_EQ(s->groups.size(), l->groups.size()) << what;
            // Names may repeat (a job key under two labels): compare as sorted (name, figures jobs).
            auto order = [](std::vector<gpu::GroupFigures> g) {
                std::stable_sort(g.begin(), g.end(), [](const auto& a, const auto& b) {
                    return std::tie(a.name, a.figures.e2eNs) < std::tie(b.name, b.figures.e2eNs);
                });
                return g;
            };
            const auto sg = order(s->groups);
            const auto lg = order(l->groups);
            for (size_t i = 0; i < sg.size(); ++i) {
                ASSERT_EQ(sg[i].name, lg[i].name) << what;
                expectSameFigures(sg[i].figures, lg[i].figures, what + " group " + sg[i].name);
            }
        }
    }
}

// Spec 7.4: the same excluded windows give the same figures on the store as on the engine, alone,
// with a range and with queue counted; roll-ups by every grouping, series and job lists.
TEST_F(StoreSource, ExcludedWindowsGiveTheEnginesFiguresIntegerForInteger)
{
    const FleetVocabulary v = m_localSource->vocabulary();
    const int64_t day = 86'400'000'000'000;
    core::CohortSpec x;
    x.excluded = core::normalizeExcluded({ { v.firstNs + 3 * day + 1'234'567, v.firstNs + 4 * day },
        { v.firstNs + day / 2, v.firstNs + day }, { v.firstNs + day - 5, v.firstNs + day + day / 3 },
        { v.firstNs + 8 * day + 17, v.firstNs + 8 * day + day / 5 } });
    std::vector<std::pair<std::string, core::CohortSpec>> scopes { { "excluded", x } };
    x.fromNs = v.firstNs + day / 3;
    x.toNs = v.firstNs + 9 * day - 999;
    x.countQueue = true;
    scopes.emplace_back("excluded in a range, with queue", x);
    bool excludedSome = false;
    for (const auto& [name, scope] : scopes) {
        for (const std::string groupBy : { "", "label", "team", "job", "attempt" }) {
            const std::string what = name + " by '" + groupBy + "'";
            auto s = m_store->rollup(scope, groupBy);
            auto l = m_localSource->rollup(scope, groupBy);
            ASSERT_TRUE(s.ok()) << what << ": " << s.error().message;
            ASSERT_TRUE(l.ok()) << what << ": " << l.error().message;
            expectSameFigures(s->total, l->total, what + " total");
            EXPECT_FALSE(s->total.samplesHeld()) << what << ": the total's samples are ranked on the cluster";
            excludedSome = excludedSome || l->total.excludedTotalNs() > 0;
            ASSERT_EQ(s->groups.size(), l->groups.size()) << what;
        }
        auto s = m_store->series(scope, gpu::Calendar::Day);
        auto l = m_localSource->series(scope, gpu::Calendar::Day);
        ASSERT_TRUE(s.ok() && l.ok()) << name;
        ASSERT_EQ(s->buckets.size(), l->buckets.size()) << name;
        for (size_t k = 0; k < s->buckets.size(); ++k) {
            expectSameFigures(s->buckets[k], l->buckets[k], name + " day " + std::to_string(k));
        }
        auto sj = m_store->jobs(scope);
        auto lj = m_localSource->jobs(scope);
        ASSERT_TRUE(sj.ok() && lj.ok()) << name;
        ASSERT_EQ(sj->size(), lj->size()) << name;
        std::map<std::pair<std::string, std::string>, const JobSummary*> byKey;
        for (const auto& j : *lj) {
            byKey[{ j.label, j.key }] = &j;
        }
        for (const auto& j : *sj) {
            const auto it = byKey.find({ j.label, j.key });
            ASSERT_NE(it, byKey.end()) << j.key;
            expectSameFigures(j.figures, it->second->figures, name + " job " + j.key);
        }
        auto sw = m_store->worstJobs(scope, "lost_gpu_hours", 10);
        auto lw = m_localSource->worstJobs(scope, "lost_gpu_hours", 10);
        ASSERT_TRUE(sw.ok() && lw.ok()) << name;
        ASSERT_EQ(sw->size(), lw->size()) << name;
        for (size_t i = 0; i < sw->size(); ++i) {
            EXPECT_EQ((*sw)[i].key, (*lw)[i].key) << name << " worst " << i;
        }
    }
    EXPECT_TRUE(excludedSome) << "the windows must reach the fleet for this test to mean anything";
}

TEST_F(StoreSource, SeriesJobsAndAttemptsEqualTheEngine)
{
    for (const auto& [name, scope] : scopes()) {
        for (auto every : { gpu::Calendar::Hour, gpu::Calendar::Day, gpu::Calendar::Week }) {
            auto s = m_store->series(scope, every);
            auto l = m_localSource->series(scope, every);
            ASSERT_TRUE(s.ok() && l.ok()) << name;
            EXPECT_EQ(s->originNs, l->originNs) << name;
            ASSERT_EQ(s->buckets.size(), l->buckets.size()) << name;
            for (size_t k = 0; k < s->buckets.size(); ++k) {
                expectSameFigures(s->buckets[k], l->buckets[k], name + " bucket " + std::to_string(k));
            }
        }
        auto sj = m_store->jobs(scope);
        auto lj = m_localSource->jobs(scope);
        ASSERT_TRUE(sj.ok() && lj.ok()) << name;
        ASSERT_EQ(sj->size(), lj->size()) << name;
        std::map<std::pair<std::string, std::string>, const JobSummary*> byKey;
        for (const auto& j : *lj) {
            byKey[{ j.label, j.key }] = &j;
        }
        for (const auto& j : *sj) {
            const auto it = byKey.find({ j.label, j.key });
            ASSERT_NE(it, byKey.end()) << j.key;
            EXPECT_EQ(j.name, it->second->name);
            EXPECT_EQ(j.gpus, it->second->gpus);
            expectSameFigures(j.figures, it->second->figures, name + " job " + j.key);
        }
        // The attempts of a few jobs, by the index each source gave the job.
        for (size_t i = 0; i < sj->size(); i += 37) {
            const JobSummary& j = (*sj)[i];
            auto sa = m_store->attempts(scope, j.job);
            auto la = m_localSource->attempts(scope, byKey.at({ j.label, j.key })->job);
            ASSERT_TRUE(sa.ok() && la.ok()) << j.key;
            ASSERT_EQ(sa->size(), la->size()) << j.key;
            for (size_t a = 0; a < sa->size(); ++a) {
                EXPECT_EQ((*sa)[a].attempt, (*la)[a].attempt);
                EXPECT_EQ((*sa)[a].name, (*la)[a].name);
                EXPECT_EQ((*sa)[a].detail, (*la)[a].detail);
                expectSameFigures((*sa)[a].figures, (*la)[a].figures, name + " " + j.key + " attempt");
            }
        }
    }
}

TEST_F(StoreSource, WorstJobsRankedOnTheClusterAreTheLocalOnes)
{
    for (const auto& [name, scope] : scopes()) {
        for (const std::string sort : { "lost_gpu_hours", "ett" }) {
            for (const int64_t limit : { 1, 7, 60, 0 }) {
                const std::string what = name + ", " + sort + ", limit " + std::to_string(limit);
                auto s = m_store->worstJobs(scope, sort, limit);
                auto l = m_localSource->worstJobs(scope, sort, limit);
                ASSERT_TRUE(s.ok()) << what << ": " << s.error().message;
                ASSERT_TRUE(l.ok()) << what;
                ASSERT_EQ(s->size(), l->size()) << what;
                ASSERT_FALSE(s->empty()) << what;
                for (size_t i = 0; i < s->size(); ++i) {
                    EXPECT_EQ((*s)[i].label + "/" + (*s)[i].key, (*l)[i].label + "/" + (*l)[i].key)
                        << what << " #" << i;
                    expectSameFigures((*s)[i].figures, (*l)[i].figures, what + " " + (*s)[i].key);
                }
            }
        }
    }
}

TEST_F(StoreSource, SearchesFindTheSameJobsAndHostileTextIsOnlyText)
{
    const auto jobs = m_localSource->jobs({});
    ASSERT_TRUE(jobs.ok());
    const std::string key = jobs->front().key;
    EXPECT_EQ(m_store->jobsWithKey(key).size(), m_localSource->jobsWithKey(key).size());
    for (const std::string& query :
        std::vector<std::string> { key, key.substr(0, 4), "  " + key.substr(2, 5) + " ", "TEAM", "nothing-such" }) {
        const JobMatches s = m_store->findJobs(query, 7);
        const JobMatches l = m_localSource->findJobs(query, 7);
        EXPECT_EQ(s.total, l.total) << query;
        ASSERT_EQ(s.matches.size(), l.matches.size()) << query;
        for (size_t i = 0; i < s.matches.size(); ++i) {
            EXPECT_EQ(s.matches[i].key, l.matches[i].key) << query;
            EXPECT_EQ(s.matches[i].label, l.matches[i].label) << query;
            EXPECT_EQ(s.matches[i].field, l.matches[i].field) << query;
            EXPECT_EQ(s.matches[i].value, l.matches[i].value) << query;
        }
    }
    // Quotes, backslashes and NUL in every place a user types: no match, never an SQL error.
    const std::string hostile = std::string("x' OR 1=1 -- \\ \" ") + '\0' + "\xC3\xA9";
    EXPECT_EQ(m_store->findJobs(hostile, 5).total, 0u);
    EXPECT_TRUE(m_store->jobsWithKey(hostile).empty());
    core::CohortSpec spec;
    spec.attrs = { { "team", { hostile } } };
    auto none = m_store->rollup(spec, "team");
    ASSERT_TRUE(none.ok()) << none.error().message;
    EXPECT_EQ(none->total.jobs, 0);
    spec = {};
    spec.labels = { hostile };
    auto unknown = m_store->rollup(spec, "");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("no dataset label"), std::string::npos) << unknown.error().message;
    auto grouping = m_store->rollup({}, hostile);
    ASSERT_FALSE(grouping.ok());
    EXPECT_NE(grouping.error().message.find("cannot group by"), std::string::npos);
}

TEST_F(StoreSource, FleetTimelinesHoldTheLocalSpansAndFaults)
{
    const FleetVocabulary v = m_localSource->vocabulary();
    const int64_t hour = 3'600'000'000'000;
    for (const auto& [name, scope] : scopes()) {
        for (const auto& [from, to] :
            { std::pair { v.firstNs, v.lastNs + 1 }, { v.firstNs + 30 * hour, v.firstNs + 80 * hour } }) {
            auto s = m_store->fleetTimeline(scope, from, to, 1000);
            auto l = m_localSource->fleetTimeline(scope, from, to, 1000);
            ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
            ASSERT_TRUE(l.ok()) << name;
            ASSERT_EQ(s->rows.size(), l->rows.size()) << name;
            std::map<std::pair<std::string, std::string>, const FleetTimelineRow*> local;
            for (const auto& row : l->rows) {
                local[{ row.label, row.key }] = &row;
            }
            for (const auto& row : s->rows) {
                const FleetTimelineRow& lr = *local.at({ row.label, row.key });
                EXPECT_EQ(row.gpus, lr.gpus);
                ASSERT_EQ(row.spans.size(), lr.spans.size()) << name << " " << row.key;
                for (size_t i = 0; i < row.spans.size(); ++i) {
                    EXPECT_EQ(row.spans[i].startNs, lr.spans[i].startNs);
                    EXPECT_EQ(row.spans[i].endNs, lr.spans[i].endNs);
                    EXPECT_EQ(row.spans[i].bucket, lr.spans[i].bucket);
                }
                ASSERT_EQ(row.faults.size(), lr.faults.size()) << name << " " << row.key;
                for (size_t i = 0; i < row.faults.size(); ++i) {
                    EXPECT_EQ(row.faults[i].atNs, lr.faults[i].atNs);
                    EXPECT_EQ(row.faults[i].interruption, lr.faults[i].interruption);
                    EXPECT_EQ(row.faults[i].attempt, lr.faults[i].attempt);
                }
            }
        }
    }
    // The density view bins the same spans.
    auto s = m_store->fleetDensity({}, v.firstNs, v.lastNs + 1, 120, 40);
    auto l = m_localSource->fleetDensity({}, v.firstNs, v.lastNs + 1, 120, 40);
    ASSERT_TRUE(s.ok() && l.ok());
    EXPECT_EQ(s->spans, l->spans);
    EXPECT_EQ(s->bucketNs, l->bucketNs);
    EXPECT_EQ(s->faults, l->faults);
}

TEST_F(StoreSource, JobTimelinesHoldTheLocalAttemptsPhasesAndCheckpoints)
{
    auto jobs = m_store->jobs({});
    ASSERT_TRUE(jobs.ok());
    int compared = 0;
    int withHosts = 0;
    for (size_t i = 0; i < jobs->size(); i += 9) {
        const JobSummary& j = (*jobs)[i];
        auto s = m_store->jobTimeline(j.job);
        ASSERT_TRUE(s.ok()) << s.error().message;
        const auto local = m_localSource->jobsWithKey(j.key);
        std::optional<core::JobTimeline> l;
        for (JobIndex li : local) {
            auto t = m_localSource->jobTimeline(li);
            ASSERT_TRUE(t.ok());
            if (t->label == j.label) {
                l = std::move(*t);
            }
        }
        ASSERT_TRUE(l.has_value()) << j.key;
        EXPECT_EQ(s->key, l->key);
        EXPECT_EQ(s->name, l->name);
        EXPECT_EQ(s->gpus, l->gpus);
        EXPECT_EQ(s->submittedNs, l->submittedNs);
        EXPECT_EQ(s->attrs, l->attrs);
        EXPECT_EQ(s->noCheckpointData, l->noCheckpointData);
        EXPECT_EQ(s->windowStartNs, l->windowStartNs);
        EXPECT_EQ(s->windowEndNs, l->windowEndNs);
        ASSERT_EQ(s->attempts.size(), l->attempts.size());
        for (size_t a = 0; a < s->attempts.size(); ++a) {
            const auto& sa = s->attempts[a];
            const auto& la = l->attempts[a];
            EXPECT_EQ(sa.cause, la.cause);
            EXPECT_EQ(sa.symptom, la.symptom);
            EXPECT_EQ(sa.detail, la.detail);
            EXPECT_EQ(sa.result.number, la.result.number);
            EXPECT_EQ(sa.result.outcome, la.result.outcome);
            EXPECT_EQ(sa.result.interruption, la.result.interruption);
            EXPECT_EQ(sa.result.faultNs, la.result.faultNs);
            EXPECT_EQ(sa.result.bucketsNs, la.result.bucketsNs);
            EXPECT_EQ(sa.result.gapAfterNs, la.result.gapAfterNs);
            EXPECT_EQ(sa.result.ttsNs, la.result.ttsNs);
            EXPECT_EQ(sa.result.ttrNs, la.result.ttrNs);
            EXPECT_EQ(sa.result.firstTrainNs, la.result.firstTrainNs);
            ASSERT_EQ(sa.result.segments.size(), la.result.segments.size());
            for (size_t k = 0; k < sa.result.segments.size(); ++k) {
                EXPECT_EQ(sa.result.segments[k].startNs, la.result.segments[k].startNs);
                EXPECT_EQ(sa.result.segments[k].bucket, la.result.segments[k].bucket);
            }
            // Phases as a multiset (ties in start may come in another order); the store keeps no names.
            auto phases = [](const core::TimelineAttempt& t) {
                std::vector<std::tuple<int64_t, int64_t, int, std::string, int32_t>> out;
                for (const auto& p : t.phases) {
                    out.emplace_back(p.startNs, p.endNs, static_cast<int>(p.category), p.subcategory, p.rank);
                }
                std::sort(out.begin(), out.end());
                return out;
            };
            EXPECT_EQ(phases(sa), phases(la));
            EXPECT_EQ(sa.ranks, la.ranks);
            EXPECT_EQ(sa.hosts, la.hosts);
            withHosts += la.hosts.empty() ? 0 : 1;
        }
        ASSERT_EQ(s->checkpoints.size(), l->checkpoints.size());
        for (size_t c = 0; c < s->checkpoints.size(); ++c) {
            EXPECT_EQ(s->checkpoints[c].startNs, l->checkpoints[c].startNs);
            EXPECT_EQ(s->checkpoints[c].durableNs, l->checkpoints[c].durableNs);
            EXPECT_EQ(s->checkpoints[c].failed, l->checkpoints[c].failed);
            EXPECT_EQ(s->checkpoints[c].attempt, l->checkpoints[c].attempt);
            EXPECT_EQ(s->checkpoints[c].step, l->checkpoints[c].step);
        }
        ++compared;
    }
    EXPECT_GT(compared, 20);
    EXPECT_GT(withHosts, 5); // the label "after" has rank records
}

TEST_F(StoreSource, RollingSeriesAndOddGridsEqualTheLocalOnes)
{
    const int64_t s = 1'000'000'000;
    const int64_t hour = 3600 * s;
    for (const auto& [name, scope] : scopes()) {
        // A series on a grid no calendar has: 7 min 13 s wide, from 1.234567 s.
        auto so = m_store->seriesEvery(scope, 433 * s, 1'234'567'000, std::nullopt);
        auto lo = m_localSource->seriesEvery(scope, 433 * s, 1'234'567'000, std::nullopt);
        ASSERT_TRUE(so.ok() && lo.ok()) << name;
        EXPECT_EQ(so->originNs, lo->originNs) << name;
        ASSERT_EQ(so->buckets.size(), lo->buckets.size()) << name;
        for (size_t k = 0; k < so->buckets.size(); ++k) {
            expectSameFigures(so->buckets[k], lo->buckets[k], name + " odd grid bucket " + std::to_string(k));
        }
        // Rolling windows (spec 7.2); every 10 s over the whole fleet takes several chunks of the grid.
        std::vector<std::pair<int64_t, int64_t>> windows = { { hour, 0 }, { 90 * 60 * s, hour }, { hour, 7 * 60 * s } };
        if (name == "all") {
            windows.emplace_back(hour, 10 * s);
        }
        for (const auto& [w, step] : windows) {
            const std::string what
                = name + ", window " + std::to_string(w / s) + " s every " + std::to_string(step / s);
            const RollingRequest request { scope, std::nullopt, w, step };
            auto sr = rollingSeries(*m_store, request);
            auto lr = rollingSeries(*m_localSource, request);
            ASSERT_TRUE(sr.ok()) << what << ": " << sr.error().message;
            ASSERT_TRUE(lr.ok()) << what << ": " << lr.error().message;
            EXPECT_EQ(sr->span, lr->span) << what;
            ASSERT_EQ(sr->points.size(), lr->points.size()) << what;
            EXPECT_FALSE(lr->points.empty()) << what;
            for (size_t i = 0; i < sr->points.size(); ++i) {
                const RollingPoint& a = sr->points[i];
                const RollingPoint& b = lr->points[i];
                EXPECT_EQ(a.tNs, b.tNs) << what << " sample " << i;
                EXPECT_TRUE(a.productiveNs == b.productiveNs && a.productiveGpuNs == b.productiveGpuNs
                    && a.e2eNs == b.e2eNs && a.e2eGpuNs == b.e2eGpuNs)
                    << what << " sample " << i;
                EXPECT_EQ(a.ettPercentGpu, b.ettPercentGpu) << what << " sample " << i;
            }
        }
    }
    // One job, found by its key on each source (each numbers it its own way).
    auto jobs = m_localSource->jobs({});
    ASSERT_TRUE(jobs.ok() && !jobs->empty());
    const JobSummary& first = jobs->front();
    auto sj = jobByKey(*m_store, first.key, first.label);
    auto lj = jobByKey(*m_localSource, first.key, first.label);
    ASSERT_TRUE(sj.ok()) << sj.error().message;
    ASSERT_TRUE(lj.ok()) << lj.error().message;
    auto sr = rollingSeries(*m_store, { {}, sj->job, hour, 20 * 60 * s });
    auto lr = rollingSeries(*m_localSource, { {}, lj->job, hour, 20 * 60 * s });
    ASSERT_TRUE(sr.ok() && lr.ok());
    ASSERT_EQ(sr->points.size(), lr->points.size());
    EXPECT_FALSE(sr->points.empty());
    for (size_t i = 0; i < sr->points.size(); ++i) {
        EXPECT_TRUE(sr->points[i].tNs == lr->points[i].tNs && sr->points[i].e2eGpuNs == lr->points[i].e2eGpuNs
            && sr->points[i].productiveGpuNs == lr->points[i].productiveGpuNs)
            << "job " << first.key << " sample " << i;
    }
    EXPECT_FALSE(m_store->seriesSpan({}, JobIndex { 1'000'000 }).ok()) << "a job the store never numbered";
}

TEST_F(StoreSource, CohortsPairsAndPhaseDurationsEqualTheLocalOnes)
{
    for (const auto& [name, scope] : scopes()) {
        for (const std::string matchBy : { "job", "name", "team", "nosuch" }) {
            auto s = m_store->cohortInput(scope, matchBy);
            auto l = m_localSource->cohortInput(scope, matchBy);
            ASSERT_TRUE(s.ok() && l.ok()) << name;
            EXPECT_EQ(s->spec, l->spec);
            expectSameFigures(s->total, l->total, name + " total");
            ASSERT_EQ(s->jobs.size(), l->jobs.size()) << name;
            for (size_t i = 0; i < s->jobs.size(); ++i) {
                EXPECT_EQ(s->jobs[i].key, l->jobs[i].key) << name;
                EXPECT_EQ(s->jobs[i].label, l->jobs[i].label) << name;
                EXPECT_EQ(s->jobs[i].match, l->jobs[i].match) << name << " " << matchBy;
                EXPECT_EQ(s->jobs[i].name, l->jobs[i].name);
                EXPECT_EQ(s->jobs[i].gpus, l->jobs[i].gpus);
                EXPECT_EQ(s->jobs[i].startNs, l->jobs[i].startNs) << name << " " << s->jobs[i].key;
                const core::JobTotals& st = s->jobs[i].totals;
                const core::JobTotals& lt = l->jobs[i].totals;
                EXPECT_TRUE(st.e2eNs == lt.e2eNs && st.e2eGpuNs == lt.e2eGpuNs && st.productiveNs == lt.productiveNs
                    && st.productiveGpuNs == lt.productiveGpuNs)
                    << name << " " << s->jobs[i].key;
            }
            ASSERT_EQ(s->causes.size(), l->causes.size()) << name;
            for (size_t i = 0; i < s->causes.size(); ++i) {
                EXPECT_EQ(s->causes[i].causeClass, l->causes[i].causeClass);
                EXPECT_EQ(s->causes[i].failures, l->causes[i].failures);
                EXPECT_EQ(s->causes[i].preemptions, l->causes[i].preemptions);
            }
        }
        auto sd = m_store->phaseDurations(scope);
        auto ld = m_localSource->phaseDurations(scope);
        ASSERT_TRUE(sd.ok() && ld.ok()) << name;
        EXPECT_EQ(*sd, *ld) << name;
        EXPECT_GT(sd->size(), 5u) << name;
        // Thinned to 7 values: the first, the last and evenly ranked ones between (rank i (N - 1) / 6).
        auto store = ch::FleetStore::open(m_url);
        ASSERT_TRUE(store.ok());
        ch::StoreScope all;
        all.fromNs = scope.fromNs;
        all.toNs = scope.toNs;
        all.labels = scope.labels;
        auto thin = ch::storeThinnedPhaseDurations(**store, all, 7);
        ASSERT_TRUE(thin.ok()) << thin.error().message;
        auto full = ch::storePhaseDurations(**store, all);
        ASSERT_TRUE(full.ok());
        size_t checked = 0;
        for (const auto& t : *thin) {
            if (t.wholeCategory) {
                continue;
            }
            for (const auto& f : *full) {
                if (f.category != t.kind.category || f.subcategory != t.kind.subcategory) {
                    continue;
                }
                std::vector<int64_t> expected = f.sortedNs;
                if (expected.size() > 7) {
                    expected.clear();
                    for (size_t i = 0; i < 7; ++i) {
                        expected.push_back(f.sortedNs[i * (f.sortedNs.size() - 1) / 6]);
                    }
                }
                EXPECT_EQ(t.kind.sortedNs, expected) << name << " " << f.subcategory;
                checked += f.sortedNs.size() > 7 ? 1 : 0;
            }
        }
        EXPECT_GT(checked, 3u) << name << ": lists longer than the cap must be thinned for this to mean anything";
        // What the Compare page charts, thinned on the cluster, is the lists' own thinning.
        auto sc = m_store->chartedPhaseDurations(scope);
        auto lc = m_localSource->chartedPhaseDurations(scope);
        ASSERT_TRUE(sc.ok()) << name << ": " << sc.error().message;
        ASSERT_TRUE(lc.ok()) << name << ": " << lc.error().message;
        EXPECT_EQ(sc->thinned, lc->thinned) << name;
        ASSERT_EQ(sc->samples.size(), lc->samples.size()) << name;
        for (size_t i = 0; i < lc->samples.size(); ++i) {
            EXPECT_EQ(sc->samples[i].name, lc->samples[i].name) << name;
            EXPECT_EQ(sc->samples[i].count, lc->samples[i].count) << name;
            EXPECT_EQ(sc->samples[i].percentiles.p90, lc->samples[i].percentiles.p90) << name;
        }
        // The counts and percentiles alone, ranked on the cluster, are those of the lists.
        auto sp = m_store->durationPercentiles(scope);
        ASSERT_TRUE(sp.ok()) << name << ": " << sp.error().message;
        const auto lp = durationSamplesOf(*ld);
        ASSERT_EQ(sp->size(), lp.size()) << name;
        for (size_t i = 0; i < lp.size(); ++i) {
            const std::string what = name + " " + lp[i].name;
            EXPECT_EQ((*sp)[i].name, lp[i].name) << what;
            EXPECT_EQ((*sp)[i].count, lp[i].count) << what;
            EXPECT_EQ((*sp)[i].percentiles.p50, lp[i].percentiles.p50) << what;
            EXPECT_EQ((*sp)[i].percentiles.p90, lp[i].percentiles.p90) << what;
            EXPECT_EQ((*sp)[i].percentiles.p99, lp[i].percentiles.p99) << what;
        }
    }
}

void expectSameMeasure(const core::CheckpointMeasure& s, const core::CheckpointMeasure& l, const std::string& what)
{
    EXPECT_EQ(s.jobs, l.jobs) << what;
    EXPECT_TRUE(s.loopNs == l.loopNs) << what;
    EXPECT_TRUE(s.loopGpuNs == l.loopGpuNs) << what;
    EXPECT_TRUE(s.e2eNs == l.e2eNs) << what;
    EXPECT_TRUE(s.e2eGpuNs == l.e2eGpuNs) << what;
    EXPECT_EQ(s.interruptions, l.interruptions) << what;
    EXPECT_TRUE(s.lostNs == l.lostNs) << what;
    EXPECT_EQ(s.lostInterruptions, l.lostInterruptions) << what;
    EXPECT_EQ(s.lostKnownNs, l.lostKnownNs) << what;
    EXPECT_EQ(s.lostExcludedJobs, l.lostExcludedJobs) << what;
    EXPECT_EQ(s.noCheckpointDataJobs, l.noCheckpointDataJobs) << what;
    EXPECT_EQ(s.saves, l.saves) << what;
    EXPECT_EQ(s.blockingP50Ns, l.blockingP50Ns) << what;
    EXPECT_EQ(s.blockingP90Ns, l.blockingP90Ns) << what;
    EXPECT_EQ(s.intervals, l.intervals) << what;
    EXPECT_EQ(s.intervalP50Ns, l.intervalP50Ns) << what;
}

TEST_F(StoreSource, CheckpointAdviceEqualsTheEngines)
{
    // Every scope, and excluded windows (spec 7.4): the same jobs' lost progress leaves the
    // comparison with I/2.
    auto all = scopes();
    const FleetVocabulary v = m_localSource->vocabulary();
    const int64_t day = 86'400'000'000'000;
    core::CohortSpec x;
    x.excluded = core::normalizeExcluded({ { v.firstNs + day / 3, v.firstNs + 2 * day + 5 } });
    all.emplace_back("excluded", x);
    for (const auto& [name, scope] : all) {
        for (const std::string groupBy : { "", "label", "team", "job" }) {
            const std::string what = name + " by '" + groupBy + "'";
            auto s = m_store->advice(scope, groupBy);
            auto l = m_localSource->advice(scope, groupBy);
            ASSERT_TRUE(s.ok()) << what << ": " << s.error().message;
            ASSERT_TRUE(l.ok()) << what;
            expectSameMeasure(s->total.measured, l->total.measured, what + " fleet");
            EXPECT_GT(s->total.measured.saves, 0) << what;
            if (!scope.excluded.empty()) {
                EXPECT_GT(l->total.measured.lostExcludedJobs, 0) << what;
            }
            ASSERT_EQ(s->groups.size(), l->groups.size()) << what;
            for (size_t i = 0; i < s->groups.size(); ++i) {
                EXPECT_EQ(s->groups[i].name, l->groups[i].name) << what;
                expectSameMeasure(s->groups[i].measured, l->groups[i].measured, what + " " + s->groups[i].name);
            }
        }
    }
    EXPECT_FALSE(m_store->advice({}, "cause_class").ok());
}

// The intervals behind a bucket: every bucket of every scope in every order, the first 7 listed
// (ties at the cut included) and the count and sums of all, equal to the local source's; and one
// job's attempt, gap included.
TEST_F(StoreSource, BucketIntervalsEqualTheLocalOnes)
{
    using Row = std::tuple<std::string, std::string, int32_t, bool, int64_t, int64_t, int64_t>;
    auto rows = [](const BucketIntervals& b) {
        std::vector<Row> out;
        for (const BucketInterval& i : b.rows) {
            out.emplace_back(i.label, i.key, i.attempt, i.gap, i.startNs, i.endNs, i.gpus);
        }
        return out;
    };
    int nonEmpty = 0;
    for (const auto& [name, scope] : scopes()) {
        for (int b = 0; b < core::kBucketCount; ++b) {
            for (const IntervalSort sort : { IntervalSort::GpuTime, IntervalSort::Duration, IntervalSort::Start }) {
                IntervalRequest request;
                request.scope = scope;
                request.bucket = static_cast<core::Bucket>(b);
                request.sort = sort;
                request.limit = 7;
                const std::string what
                    = name + ", " + std::string(core::bucketName(request.bucket)) + ", " + intervalSortName(sort);
                auto s = m_store->bucketIntervals(request);
                auto l = m_localSource->bucketIntervals(request);
                ASSERT_TRUE(s.ok()) << what << ": " << s.error().message;
                ASSERT_TRUE(l.ok()) << what;
                EXPECT_EQ(s->count, l->count) << what;
                EXPECT_TRUE(s->totalNs == l->totalNs) << what;
                EXPECT_TRUE(s->totalGpuNs == l->totalGpuNs) << what;
                EXPECT_EQ(rows(*s), rows(*l)) << what;
                nonEmpty += l->count > 0 ? 1 : 0;
            }
        }
    }
    EXPECT_GT(nonEmpty, 60);
    // Every interval of a bucket, listed by a source that has numbered no job yet: its jobs are
    // read by the scope, not by a list longer than the server takes.
    {
        auto store = ch::FleetStore::open(m_url);
        ASSERT_TRUE(store.ok());
        auto fresh = StoreFleetSource::open(std::move(*store));
        ASSERT_TRUE(fresh.ok());
        IntervalRequest all;
        all.bucket = core::Bucket::Productive;
        all.limit = 0;
        auto s = (*fresh)->bucketIntervals(all);
        auto l = m_localSource->bucketIntervals(all);
        ASSERT_TRUE(s.ok()) << s.error().message;
        ASSERT_TRUE(l.ok());
        EXPECT_GT(l->rows.size(), 1000u);
        EXPECT_EQ(rows(*s), rows(*l));
    }
    // One attempt of a job with a recovery gap after it, every interval listed.
    auto jobs = m_localSource->jobs({});
    ASSERT_TRUE(jobs.ok());
    ASSERT_TRUE(m_store->jobs({}).ok()); // numbers the store's jobs
    int attemptsCompared = 0;
    for (const JobSummary& j : *jobs) {
        if (j.figures.failures + j.figures.preemptions == 0 || attemptsCompared >= 3) {
            continue;
        }
        JobIndex storeJob = -1;
        for (const JobIndex sj : m_store->jobsWithKey(j.key)) {
            auto t = m_store->jobTimeline(sj);
            ASSERT_TRUE(t.ok());
            if (t->label == j.label) {
                storeJob = sj;
            }
        }
        ASSERT_GE(storeJob, 0) << j.key;
        for (const core::Bucket bucket : { core::Bucket::Recovery, core::Bucket::Productive }) {
            IntervalRequest request;
            request.bucket = bucket;
            request.attempt = 0;
            request.limit = 0;
            request.job = j.job;
            auto l = m_localSource->bucketIntervals(request);
            request.job = storeJob;
            auto s = m_store->bucketIntervals(request);
            ASSERT_TRUE(s.ok() && l.ok()) << j.key;
            EXPECT_EQ(rows(*s), rows(*l)) << j.key;
            EXPECT_EQ(s->count, l->count) << j.key;
        }
        ++attemptsCompared;
    }
    EXPECT_EQ(attemptsCompared, 3);
    // An attempt the job lacks: the local source's message.
    IntervalRequest missing;
    missing.job = m_store->jobsWithKey((*jobs)[0].key).front();
    missing.attempt = 99;
    auto s = m_store->bucketIntervals(missing);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("no attempt 99 of job #"), std::string::npos) << s.error().message;
}

// The straggler views from the per-rank phases and hosts pushed: the hosts ranking of every scope
// and the ranks of some jobs' attempts, equal to the database's.
TEST_F(StoreSource, RanksAndHostsEqualTheDatabases)
{
    auto ws = Workspace::openStore(m_local.dbPath(), Workspace::Mode::ReadOnly);
    ASSERT_TRUE(ws.ok()) << ws.error().message;
    for (const auto& [name, scope] : scopes()) {
        auto s = hostsRanking(*m_store, scope);
        auto l = hostsRanking(**ws, scope);
        ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
        ASSERT_TRUE(l.ok()) << name << ": " << l.error().message;
        EXPECT_EQ(s->attempts, l->attempts) << name;
        EXPECT_EQ(s->pairs, l->pairs) << name;
        EXPECT_EQ(s->pairsWithoutHost, l->pairsWithoutHost) << name;
        ASSERT_EQ(s->hosts.size(), l->hosts.size()) << name;
        for (size_t i = 0; i < s->hosts.size(); ++i) {
            EXPECT_EQ(s->hosts[i].host, l->hosts[i].host) << name << " " << i;
            EXPECT_EQ(s->hosts[i].timesSlowest, l->hosts[i].timesSlowest) << name << " " << i;
            EXPECT_TRUE(s->hosts[i].excessGpuNs == l->hosts[i].excessGpuNs) << name << " " << i;
        }
        if (name == "all") {
            EXPECT_GT(l->attempts, 20);
            EXPECT_GT(l->hosts.size(), 5u);
        }
    }
    auto jobs = m_localSource->jobs({});
    ASSERT_TRUE(jobs.ok());
    int compared = 0;
    for (const JobSummary& j : *jobs) {
        if (j.label != "after" || compared >= 12) {
            continue;
        }
        auto l = jobRanks(**ws, j.key, j.label, std::nullopt);
        auto s = jobRanks(*m_store, j.key, j.label, std::nullopt);
        ASSERT_TRUE(l.ok() && s.ok()) << j.key;
        ASSERT_EQ(s->attempts.size(), l->attempts.size()) << j.key;
        for (size_t a = 0; a < s->attempts.size(); ++a) {
            const AttemptRanks& sa = s->attempts[a];
            const AttemptRanks& la = l->attempts[a];
            EXPECT_EQ(sa.attempt, la.attempt) << j.key;
            EXPECT_EQ(sa.ranks, la.ranks) << j.key;
            EXPECT_EQ(sa.hosts, la.hosts) << j.key;
            ASSERT_EQ(sa.stages.size(), la.stages.size()) << j.key;
            for (size_t k = 0; k < sa.stages.size(); ++k) {
                EXPECT_EQ(sa.stages[k].stage, la.stages[k].stage) << j.key;
                EXPECT_EQ(sa.stages[k].slowestRank, la.stages[k].slowestRank) << j.key;
                EXPECT_EQ(sa.stages[k].host, la.stages[k].host) << j.key;
                EXPECT_EQ(sa.stages[k].slowestNs, la.stages[k].slowestNs) << j.key;
                EXPECT_EQ(sa.stages[k].medianNs, la.stages[k].medianNs) << j.key;
            }
        }
        compared += l->attempts.empty() ? 0 : 1;
    }
    EXPECT_GT(compared, 3);
    // One attempt; and one the job lacks, with the database's message.
    const JobSummary& first
        = *std::find_if(jobs->begin(), jobs->end(), [](const JobSummary& j) { return j.label == "after"; });
    auto one = jobRanks(*m_store, first.key, first.label, 0);
    ASSERT_TRUE(one.ok()) << one.error().message;
    EXPECT_LE(one->attempts.size(), 1u);
    auto missing = jobRanks(*m_store, first.key, first.label, 99);
    auto missingLocal = jobRanks(**ws, first.key, first.label, 99);
    ASSERT_FALSE(missing.ok());
    ASSERT_FALSE(missingLocal.ok());
    EXPECT_EQ(missing.error().message, missingLocal.error().message);
}

TEST_F(StoreSource, WhatIsNotComputedOnAStoreSaysSo)
{
    auto model = m_store->whatIfModel({});
    ASSERT_FALSE(model.ok());
    EXPECT_NE(model.error().message.find("not computed on a fleet store yet"), std::string::npos);
}

} // namespace
} // namespace ett::app
