// The attribution pipeline of an import (core/store/derived_pipeline.h): jobs come back in the order
// they were pushed, attributed as DerivedUpdater::compute does on the calling thread, however many
// wait; the first job whose attribution fails stops the delivery with its error.
#include "core/store/derived_pipeline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ett::core {
namespace {

// A job of `attempts` attempts, each a setup, a compile and a train phase; seed varies the lengths.
JobInput job(int attempts, int64_t seed)
{
    JobInput in;
    in.gpus = 8 + seed % 5;
    int64_t t = 1'000'000 + seed * 7;
    for (int a = 0; a < attempts; ++a) {
        AttemptInput at;
        at.number = a;
        at.startNs = t;
        at.gpus = in.gpus;
        const int64_t setup = 100 + seed % 13, compile = 50 + seed % 7, train = 1'000 + seed % 101;
        at.phases.push_back({ t, t + setup, Category::Setup, -1, 1 });
        at.phases.push_back({ t + setup, t + setup + compile, Category::Compile, -1, 2 });
        at.phases.push_back({ t + setup + compile, t + setup + compile + train, Category::Train, -1, 3 });
        at.endNs = t + setup + compile + train + 10;
        if (a + 1 < attempts) {
            at.outcome = Outcome::Failed;
            at.interruptedAtNs = at.endNs;
            at.interruption = Interruption::Failure;
        }
        in.attempts.push_back(at);
        t = at.endNs + 500;
    }
    return in;
}

std::vector<int64_t> ids(const JobInput& in, int64_t first)
{
    std::vector<int64_t> out;
    for (size_t i = 0; i < in.attempts.size(); ++i) {
        out.push_back(first + static_cast<int64_t>(i));
    }
    return out;
}

TEST(DerivedPipeline, DeliversEveryJobInTheOrderPushedAsComputedOnThisThread)
{
    DerivedPipeline pipeline;
    constexpr int kJobs = 3 * static_cast<int>(DerivedPipeline::kMaxPending) + 17;
    std::vector<int64_t> delivered;
    auto store = [&](const DerivedUpdater::Computed& c, const std::string& key) -> Status {
        const int64_t n = c.jobId;
        EXPECT_EQ(key, "job-" + std::to_string(n));
        const JobInput in = job(1 + static_cast<int>(n % 3), n);
        const DerivedUpdater::Computed here = DerivedUpdater::compute(n, in, ids(in, n * 10));
        EXPECT_FALSE(c.error.has_value());
        EXPECT_EQ(c.phaseSamples, here.phaseSamples) << "job " << n;
        EXPECT_EQ(c.segments, here.segments) << "job " << n;
        EXPECT_EQ(c.resultAttemptIds, here.resultAttemptIds) << "job " << n;
        EXPECT_EQ(c.result.bucketsNs, here.result.bucketsNs) << "job " << n;
        EXPECT_EQ(c.result.failures, here.result.failures) << "job " << n;
        delivered.push_back(n);
        return Status::success();
    };
    for (int64_t n = 0; n < kJobs; ++n) {
        const JobInput in = job(1 + static_cast<int>(n % 3), n);
        pipeline.push(n, "job-" + std::to_string(n), in, ids(in, n * 10));
        ASSERT_TRUE(pipeline.deliver(DerivedPipeline::kMaxPending, store).ok());
        EXPECT_LE(pipeline.pending(), DerivedPipeline::kMaxPending);
    }
    ASSERT_TRUE(pipeline.deliver(0, store).ok());
    EXPECT_EQ(pipeline.pending(), 0u);
    ASSERT_EQ(delivered.size(), static_cast<size_t>(kJobs));
    for (int64_t n = 0; n < kJobs; ++n) {
        EXPECT_EQ(delivered[static_cast<size_t>(n)], n);
    }
}

// Jobs go to the computing thread kHandOver at a time; fewer staged than that must still be
// computed when delivery waits for them.
TEST(DerivedPipeline, DeliveryWaitsForJobsNotYetHandedOver)
{
    static_assert(DerivedPipeline::kHandOver > 5);
    DerivedPipeline pipeline;
    std::vector<int64_t> delivered;
    auto store = [&](const DerivedUpdater::Computed& c, const std::string&) -> Status {
        delivered.push_back(c.jobId);
        return Status::success();
    };
    for (int64_t n = 0; n < 5; ++n) {
        const JobInput in = job(1, n);
        pipeline.push(n, "job-" + std::to_string(n), in, ids(in, n * 10));
    }
    ASSERT_TRUE(pipeline.deliver(2, store).ok());
    EXPECT_LE(pipeline.pending(), 2u);
    EXPECT_GE(delivered.size(), 3u);
    ASSERT_TRUE(pipeline.deliver(0, store).ok());
    EXPECT_EQ(delivered, (std::vector<int64_t> { 0, 1, 2, 3, 4 }));
}

TEST(DerivedPipeline, StopsAtTheFirstJobWhoseAttributionFailed)
{
    DerivedPipeline pipeline;
    JobInput bad = job(2, 5);
    bad.attempts[1].phases[0].kind = -1; // a phase without a kind cannot be sampled
    for (int64_t n = 0; n < 3; ++n) {
        const JobInput in = n == 1 ? bad : job(1, n);
        pipeline.push(n, "job-" + std::to_string(n), in, ids(in, n * 10));
    }
    std::vector<int64_t> delivered;
    auto st = pipeline.deliver(0, [&](const DerivedUpdater::Computed& c, const std::string&) -> Status {
        if (c.error) {
            return *c.error;
        }
        delivered.push_back(c.jobId);
        return Status::success();
    });
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().message, "job 1, attempt 1: phase 0 of the attempt has no kind");
    EXPECT_EQ(delivered, std::vector<int64_t> { 0 });
    EXPECT_EQ(pipeline.pending(), 1u); // job 2 was never stored
}

} // namespace
} // namespace ett::core
