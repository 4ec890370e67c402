// A load for one time window (LocalFleetSource::LoadOptions::window): the database's columnar copy
// leaves out the chunks none of whose jobs reach the window, and every roll-up, job list and series
// of a scope inside the window is the one a load of every job gives, at the window's edges too;
// anything else is refused rather than answered from part of the fleet.
#include "app/service/local_fleet_source.h"
#include "core/store/database.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

constexpr int64_t kDayNs = 86'400'000'000'000;
constexpr int64_t kJune1 = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z
constexpr int64_t kSept1 = kJune1 + 92 * kDayNs;

std::vector<int64_t> sorted(std::vector<int64_t> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

// Every member, the samples as multisets (the engine's threads may gather them in another order).
void expectSameFigures(const core::Figures& a, const core::Figures& b)
{
    EXPECT_EQ(a.jobs, b.jobs);
    EXPECT_EQ(a.attempts, b.attempts);
    EXPECT_TRUE(a.e2eNs == b.e2eNs);
    EXPECT_TRUE(a.e2eGpuNs == b.e2eGpuNs);
    EXPECT_TRUE(a.bucketsNs == b.bucketsNs);
    EXPECT_TRUE(a.bucketsGpuNs == b.bucketsGpuNs);
    EXPECT_EQ(sorted(a.ttsNs), sorted(b.ttsNs));
    EXPECT_EQ(sorted(a.ttrNs), sorted(b.ttrNs));
    EXPECT_EQ(sorted(a.ttrDetectNs), sorted(b.ttrDetectNs));
    EXPECT_EQ(sorted(a.ttrRestartNs), sorted(b.ttrRestartNs));
    EXPECT_EQ(sorted(a.ttrStartupNs), sorted(b.ttrStartupNs));
    EXPECT_EQ(a.failures, b.failures);
    EXPECT_EQ(a.preemptions, b.preemptions);
    EXPECT_EQ(a.otherInterruptions, b.otherInterruptions);
    EXPECT_EQ(a.noCheckpointDataJobs, b.noCheckpointDataJobs);
}

// Two chunks of 4,096 job ids far apart in time: "june" (ids 1 to 4,095, chunk 0, from June 2025)
// and "sept" (chunk 1, from September 2025).
class WindowedLoad : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_store = new core::test::Store;
        s_store->import(fleet("june.jsonl", 4095, 11, kJune1), "june");
        s_store->import(fleet("sept.jsonl", 600, 12, kSept1), "sept");
    }
    static void TearDownTestSuite()
    {
        delete s_store;
        s_store = nullptr;
    }

    static std::string fleet(const std::string& name, int64_t jobs, uint64_t seed, int64_t startNs)
    {
        core::GeneratorOptions o;
        o.jobs = jobs;
        o.seed = seed;
        o.startNs = startNs;
        o.days = 10;
        return s_store->write(name, core::test::fleetText(o));
    }

    static std::unique_ptr<LocalFleetSource> loaded(std::optional<core::TimeWindow> window)
    {
        LocalFleetSource::LoadOptions o;
        o.backend = gpu::BackendKind::Cpu;
        o.window = window;
        auto s = LocalFleetSource::load(s_store->db(), o);
        EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
        return s.ok() ? std::move(*s) : nullptr;
    }

    static int64_t chunkInt(const std::string& column, int chunk)
    {
        return s_store->count("SELECT " + column + " FROM column_chunks WHERE chunk = " + std::to_string(chunk));
    }

    static core::test::Store* s_store;
};

core::test::Store* WindowedLoad::s_store = nullptr;

TEST_F(WindowedLoad, EveryQueryInsideTheWindowIsTheWholeFleetsAtTheEdgesToo)
{
    ASSERT_EQ(s_store->count("SELECT count(*) FROM column_chunks"), 2);
    auto whole = loaded(std::nullopt);
    ASSERT_TRUE(whole);
    const int64_t juneEnd = chunkInt("last_end_ns", 0);
    const int64_t septStart = chunkInt("first_start_ns", 1);
    ASSERT_LT(juneEnd, septStart);

    struct Case
    {
        const char* name;
        std::optional<int64_t> from, to;
        size_t jobs; // loaded
        size_t queueJobs; // loaded with the queue counted
    };
    const size_t june = 4095, sept = 600, both = june + sept;
    const Case cases[] = {
        { "a June week", kJune1 + 2 * kDayNs, kJune1 + 9 * kDayNs, june, june },
        { "from September", septStart, std::nullopt, sept, sept },
        { "up to June's end", std::nullopt, juneEnd, june, june },
        { "up to September's first start (kept: a window is generous at its edges)", std::nullopt, septStart, both,
            both },
        { "from June's last end", juneEnd, std::nullopt, both, both },
        { "just after June's last end", juneEnd + 1, std::nullopt, sept, sept },
        // September's first jobs were submitted before they started: with the queue they reach it.
        { "between the two", juneEnd + 1, septStart - 1, 0, sept },
        { "across both", kJune1 + 5 * kDayNs, kSept1 + 3 * kDayNs, both, both },
        { "before everything", std::nullopt, kJune1 - kDayNs, 0, 0 },
    };
    for (const bool countQueue : { false, true }) {
        for (const auto& c : cases) {
            SCOPED_TRACE(std::string(c.name) + (countQueue ? ", with queue" : ""));
            core::CohortSpec scope;
            scope.fromNs = c.from;
            scope.toNs = c.to;
            scope.countQueue = countQueue;
            core::TimeWindow w;
            w.fromNs = c.from.value_or(w.fromNs);
            w.toNs = c.to.value_or(w.toNs);
            w.countQueue = countQueue;
            auto part = loaded(w);
            ASSERT_TRUE(part);
            // With the queue a chunk whose first attempt starts after the window is read when one of
            // its jobs was submitted before the window's end.
            EXPECT_EQ(part->columns().jobs(), countQueue ? c.queueJobs : c.jobs);
            EXPECT_EQ(part->columns().attrKeys, whole->columns().attrKeys);
            EXPECT_EQ(part->columns().attrValues, whole->columns().attrValues);
            EXPECT_EQ(part->columns().causeClasses, whole->columns().causeClasses);

            for (const char* by : { "", "label", "team", "job", "attempt", "cause_class" }) {
                SCOPED_TRACE(std::string("by ") + by);
                auto a = whole->rollup(scope, by);
                auto b = part->rollup(scope, by);
                ASSERT_TRUE(a.ok() && b.ok()) << (b.ok() ? "" : b.error().message);
                expectSameFigures(a->total, b->total);
                ASSERT_EQ(a->groups.size(), b->groups.size());
                for (size_t g = 0; g < a->groups.size(); ++g) {
                    EXPECT_EQ(a->groups[g].name, b->groups[g].name);
                    expectSameFigures(a->groups[g].figures, b->groups[g].figures);
                }
            }
            // A label only the left-out jobs have still names a scope (of no job here).
            core::CohortSpec septOnly = scope;
            septOnly.labels = { "sept" };
            auto a = whole->rollup(septOnly, "team");
            auto b = part->rollup(septOnly, "team");
            ASSERT_TRUE(a.ok() && b.ok()) << (b.ok() ? "" : b.error().message);
            expectSameFigures(a->total, b->total);

            auto jobsA = whole->worstJobs(scope, "lost", 0);
            auto jobsB = part->worstJobs(scope, "lost", 0);
            ASSERT_TRUE(jobsA.ok() && jobsB.ok());
            ASSERT_EQ(jobsA->size(), jobsB->size());
            for (size_t j = 0; j < jobsA->size(); ++j) {
                EXPECT_EQ((*jobsA)[j].key, (*jobsB)[j].key);
                EXPECT_EQ((*jobsA)[j].label, (*jobsB)[j].label);
            }

            auto spanA = whole->seriesSpan(scope, std::nullopt);
            auto spanB = part->seriesSpan(scope, std::nullopt);
            ASSERT_TRUE(spanA.ok() && spanB.ok());
            EXPECT_EQ(spanA->has_value(), spanB->has_value());
            if (spanA->has_value() && spanB->has_value()) {
                EXPECT_EQ((*spanA)->fromNs, (*spanB)->fromNs);
                EXPECT_EQ((*spanA)->toNs, (*spanB)->toNs);
            }
            auto seriesA = whole->series(scope, gpu::Calendar::Day);
            auto seriesB = part->series(scope, gpu::Calendar::Day);
            ASSERT_TRUE(seriesA.ok() && seriesB.ok()) << (seriesB.ok() ? "" : seriesB.error().message);
            EXPECT_EQ(seriesA->originNs, seriesB->originNs);
            ASSERT_EQ(seriesA->buckets.size(), seriesB->buckets.size());
            for (size_t i = 0; i < seriesA->buckets.size(); ++i) {
                expectSameFigures(seriesA->buckets[i], seriesB->buckets[i]);
            }
        }
    }
}

TEST_F(WindowedLoad, WhatTheWindowCannotAnswerIsRefusedNotGuessed)
{
    core::TimeWindow w;
    w.fromNs = kSept1;
    w.toNs = kSept1 + 5 * kDayNs;
    auto part = loaded(w);
    ASSERT_TRUE(part);
    const size_t jobs = part->columns().jobs();
    EXPECT_EQ(jobs, 600u);

    core::CohortSpec wider;
    wider.fromNs = kJune1;
    wider.toNs = kSept1 + 5 * kDayNs;
    core::CohortSpec queued;
    queued.fromNs = w.fromNs;
    queued.toNs = w.toNs;
    queued.countQueue = true;
    for (const auto* scope : { &wider, &queued }) {
        auto r = part->rollup(*scope, "team");
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().message.find("read for one time range only"), std::string::npos) << r.error().message;
    }
    // Over all time, or a request that needs every job: refused, and nothing is read again.
    EXPECT_FALSE(part->rollup({}, "").ok());
    EXPECT_FALSE(part->series({}, gpu::Calendar::Day).ok());
    EXPECT_FALSE(part->advice({}, "team").ok());
    EXPECT_FALSE(part->fleetTimeline({}, kJune1, kSept1, 10).ok());
    EXPECT_FALSE(part->ensurePhases().ok());
    EXPECT_EQ(part->columns().jobs(), jobs);

    // Inside the window: answered.
    core::CohortSpec inside;
    inside.fromNs = kSept1 + kDayNs;
    inside.toNs = kSept1 + 2 * kDayNs;
    auto r = part->rollup(inside, "label");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_GT(r->total.jobs, 0);
}

} // namespace
} // namespace ett::app
