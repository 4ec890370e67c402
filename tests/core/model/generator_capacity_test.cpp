// The generator's bounded fleet: the capacity tracker, the --capacity text, and fleets whose running
// attempts never use more GPUs than their cluster has.
#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "samples/synth/capacity_tracker.h"
#include "samples/synth/fleet_capacity.h"
#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"

namespace ett::core {
namespace {

using test::fleetText;
using test::generateFleet;

using synth::CapacityTracker;

constexpr int64_t kNever = INT64_MAX;

// ---- the tracker

TEST(CapacityTracker, FitsWhereTheGpusAreFreeTheWholeWay)
{
    CapacityTracker t(100);
    EXPECT_TRUE(t.fits(0, 1000, 100));
    EXPECT_FALSE(t.fits(0, 1000, 101));
    t.reserve(100, 200, 60);
    t.reserve(150, 300, 30);
    EXPECT_EQ(t.usedAt(99), 0);
    EXPECT_EQ(t.usedAt(100), 60);
    EXPECT_EQ(t.usedAt(150), 90);
    EXPECT_EQ(t.usedAt(200), 30); // ends are exclusive
    EXPECT_EQ(t.usedAt(300), 0);
    EXPECT_TRUE(t.fits(0, 100, 100)); // up to the start of a reservation
    EXPECT_TRUE(t.fits(150, 200, 10));
    EXPECT_FALSE(t.fits(150, 200, 11));
    EXPECT_FALSE(t.fits(50, 160, 41));
    EXPECT_TRUE(t.fits(50, 160, 10));
    EXPECT_TRUE(t.fits(300, 400, 100));
    EXPECT_TRUE(t.fits(120, 120, 1000)); // empty
}

TEST(CapacityTracker, EarliestFitSkipsHolesTooShortForTheWholeLength)
{
    CapacityTracker t(100);
    t.reserve(100, 200, 80);
    t.reserve(250, 400, 80); // a hole of 50 between them
    EXPECT_EQ(t.earliestFit(0, 100, 50, kNever), 0); // ends as the first begins
    EXPECT_EQ(t.earliestFit(0, 101, 50, kNever), 400); // runs into the first, then the hole is short
    EXPECT_EQ(t.earliestFit(0, 101, 20, kNever), 0); // small enough to run beside them
    EXPECT_EQ(t.earliestFit(120, 50, 50, kNever), 200); // the hole fits it exactly
    EXPECT_EQ(t.earliestFit(120, 51, 50, kNever), 400);
    EXPECT_EQ(t.earliestFit(120, 51, 50, 250), 200); // cut by the horizon, it fits the hole
    EXPECT_EQ(t.earliestFit(500, 51, 50, 250), 500); // at or after the horizon: nothing to fit
    EXPECT_EQ(t.earliestFit(0, 10, 101, kNever), kNever);
    EXPECT_EQ(t.earliestRoom(120, 50), 200);
    EXPECT_EQ(t.earliestRoom(120, 20), 120);
    EXPECT_EQ(t.earliestRoom(300, 50), 400);
}

TEST(CapacityTracker, MergesStepsAndForgetsThePast)
{
    CapacityTracker t(100);
    t.reserve(0, 100, 10);
    t.reserve(100, 200, 10); // continues the first: no step at 100
    EXPECT_EQ(t.steps(), 2u);
    t.reserve(300, 400, 5);
    EXPECT_EQ(t.steps(), 4u);
    t.forgetBefore(150);
    EXPECT_EQ(t.usedAt(150), 10);
    EXPECT_EQ(t.steps(), 4u); // the step holding 150 stays
    t.forgetBefore(250);
    EXPECT_EQ(t.steps(), 2u);
    EXPECT_EQ(t.usedAt(350), 5);
    t.forgetBefore(1000);
    EXPECT_EQ(t.steps(), 0u);
    EXPECT_EQ(t.earliestFit(1000, 10, 100, kNever), 1000);
}

// ---- the --capacity text

TEST(FleetCapacityText, ReadsKeywordsAndLists)
{
    auto d = parseFleetCapacity("default", "--capacity");
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(*d, defaultFleetCapacity());
    for (const ClusterCapacity& c : *d) {
        EXPECT_GE(c.gpus, 4096) << c.name;
        EXPECT_LE(c.gpus, 16384) << c.name;
    }
    EXPECT_GE(d->size(), 4u);
    EXPECT_LE(d->size(), 6u);
    EXPECT_EQ(totalGpus(*d), 53'248);
    auto none = parseFleetCapacity("none", "--capacity");
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
    auto list = parseFleetCapacity(" a=8, b.2_x-y = 1000 ", "--capacity");
    ASSERT_TRUE(list.ok()) << list.error().message;
    EXPECT_EQ(*list, (std::vector<ClusterCapacity> { { "a", 8 }, { "b.2_x-y", 1000 } }));
    EXPECT_EQ(formatFleetCapacity(*list), "a=8,b.2_x-y=1000");
    EXPECT_EQ(formatFleetCapacity({}), "none");
    EXPECT_EQ(*parseFleetCapacity(formatFleetCapacity(*d), "--capacity"), *d);
}

TEST(FleetCapacityText, ErrorsNameTheOptionTheValueAndThePart)
{
    const std::vector<std::pair<std::string, std::string>> cases = {
        { "", "expected default, none or CLUSTER=GPUS" },
        { "lots", "cluster 'lots': expected CLUSTER=GPUS" },
        { "east=abc", "cluster 'east=abc': expected a whole number of GPUs from 8" },
        { "east=4", "from 8 (the smallest job)" },
        { "east=-8", "whole number" },
        { "east=8.5", "whole number" },
        { "east=", "whole number" },
        { "east=999999999999", "to 100,000,000" },
        { "=64", "the cluster name is empty" },
        { "e st=64", "letters, digits" },
        { "east=64,,west=64", "an empty cluster" },
        { "east=64,", "an empty cluster" },
        { "east=64,east=128", "cluster 'east' is named twice" },
    };
    for (const auto& [text, needle] : cases) {
        const auto r = parseFleetCapacity(text, "--capacity");
        ASSERT_FALSE(r.ok()) << text;
        const std::string& m = r.error().message;
        EXPECT_EQ(m.rfind("--capacity '" + text + "': ", 0), 0u) << m;
        EXPECT_NE(m.find(needle), std::string::npos) << text << ": " << m;
    }
}

// ---- bounded fleets

GeneratorOptions boundedOptions(uint64_t seed, int64_t jobs, std::vector<ClusterCapacity> capacity)
{
    GeneratorOptions o;
    o.seed = seed;
    o.jobs = jobs;
    o.capacity = std::move(capacity);
    return o;
}

std::string clusterOf(const GeneratedJob& g)
{
    for (const auto& [key, value] : g.job.attrs) {
        if (key == "cluster") {
            return value;
        }
    }
    return {};
}

// The most GPUs the attempts running at once use on each cluster: a sweep over their starts and
// ends, an end before a start at the same instant (windows are half-open).
std::map<std::string, int64_t> peakGpusByCluster(const std::vector<GeneratedJob>& fleet)
{
    std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> events;
    for (const GeneratedJob& g : fleet) {
        auto& e = events[clusterOf(g)];
        for (const AttemptRecord& a : g.attempts) {
            const int64_t gpus = a.gpus.value_or(*g.job.gpus);
            e.emplace_back(a.startNs, gpus);
            e.emplace_back(a.endNs, -gpus);
        }
    }
    std::map<std::string, int64_t> peaks;
    for (auto& [cluster, e] : events) {
        std::sort(e.begin(), e.end());
        int64_t used = 0;
        int64_t peak = 0;
        for (const auto& [t, delta] : e) {
            used += delta;
            peak = std::max(peak, used);
        }
        EXPECT_EQ(used, 0) << cluster;
        peaks[cluster] = peak;
    }
    return peaks;
}

const std::vector<ClusterCapacity> kSmallFleet = { { "big", 4096 }, { "mid", 2048 }, { "small", 512 } };

// 3,000 jobs over 14 days need some 90,000 GPUs on average: 6,656 GPUs are always full.
const std::vector<GeneratedJob>& busyFleet()
{
    static const std::vector<GeneratedJob> fleet = generateFleet(boundedOptions(5, 3000, kSmallFleet));
    return fleet;
}

TEST(GeneratorCapacity, RunningAttemptsNeverUseMoreGpusThanTheirClusterHas)
{
    const auto peaks = peakGpusByCluster(busyFleet());
    ASSERT_EQ(peaks.size(), kSmallFleet.size());
    for (const ClusterCapacity& c : kSmallFleet) {
        ASSERT_TRUE(peaks.count(c.name)) << c.name;
        EXPECT_LE(peaks.at(c.name), c.gpus) << c.name;
        // Busy, not empty: the fleet asks for far more than it has.
        EXPECT_GE(peaks.at(c.name), c.gpus * 9 / 10) << c.name;
    }
    // Other seeds and a roomier fleet keep the rule too.
    const std::vector<ClusterCapacity> fleetDefault = defaultFleetCapacity();
    for (uint64_t seed : { 1u, 2u }) {
        const auto fleet = generateFleet(boundedOptions(seed, 1500, fleetDefault));
        for (const auto& [cluster, peak] : peakGpusByCluster(fleet)) {
            const auto& name = cluster; // clang 14 captures no structured binding
            const auto it = std::find_if(
                fleetDefault.begin(), fleetDefault.end(), [&](const ClusterCapacity& c) { return c.name == name; });
            ASSERT_NE(it, fleetDefault.end()) << cluster;
            EXPECT_LE(peak, it->gpus) << cluster << " seed " << seed;
        }
    }
}

TEST(GeneratorCapacity, JobsAreSubmittedInOrderAndWaitForRoom)
{
    const GeneratorOptions options = boundedOptions(5, 3000, kSmallFleet);
    const int64_t traceNs = options.startNs + (options.days + 1) * 86'400 * kNsPerSecond;
    int64_t previousSubmittedNs = options.startNs;
    int64_t neverStarted = 0;
    int64_t restarts = 0;
    std::vector<int64_t> earlyQueueNs; // of the jobs submitted in the first 6 hours
    std::vector<int64_t> laterQueueNs; // submitted on days 2 to 6, once the fleet is full
    for (const GeneratedJob& g : busyFleet()) {
        ASSERT_TRUE(g.job.submittedNs);
        EXPECT_GE(*g.job.submittedNs, previousSubmittedNs) << g.job.job;
        EXPECT_LT(*g.job.submittedNs, options.startNs + options.days * 86'400 * kNsPerSecond);
        previousSubmittedNs = *g.job.submittedNs;
        // The job fits its cluster.
        const std::string cluster = clusterOf(g);
        const auto it = std::find_if(
            kSmallFleet.begin(), kSmallFleet.end(), [&](const ClusterCapacity& c) { return c.name == cluster; });
        ASSERT_NE(it, kSmallFleet.end()) << g.job.job << " on " << cluster;
        EXPECT_LE(*g.job.gpus, it->gpus) << g.job.job;
        if (g.attempts.empty()) {
            ++neverStarted; // still queued when the trace was taken
            EXPECT_TRUE(g.phases.empty() && g.checkpoints.empty());
            continue;
        }
        EXPECT_GE(g.attempts[0].startNs, *g.job.submittedNs);
        const int64_t sinceStartNs = *g.job.submittedNs - options.startNs;
        const int64_t queueNs = g.attempts[0].startNs - *g.job.submittedNs;
        if (sinceStartNs < 6 * 3600 * kNsPerSecond) {
            earlyQueueNs.push_back(queueNs);
        } else if (sinceStartNs >= 2 * 86'400 * kNsPerSecond && sinceStartNs < 7 * 86'400 * kNsPerSecond) {
            laterQueueNs.push_back(queueNs);
        }
        for (size_t i = 0; i < g.attempts.size(); ++i) {
            const AttemptRecord& a = g.attempts[i];
            EXPECT_EQ(a.attempt, static_cast<int32_t>(i));
            EXPECT_LE(a.startNs, a.endNs);
            EXPECT_LE(a.endNs, traceNs);
            if (i > 0) {
                EXPECT_GT(a.startNs, g.attempts[i - 1].endNs) << g.job.job << ": a restart after a gap";
                ++restarts;
            }
        }
        for (const PhaseRecord& p : g.phases) {
            const AttemptRecord& a = g.attempts.at(static_cast<size_t>(p.attempt));
            EXPECT_GE(p.startNs, a.startNs);
            EXPECT_LE(p.endNs, a.endNs);
        }
    }
    EXPECT_GT(restarts, 100);
    // The fleet fills: queue time grows from minutes to days (it asks for 13 times its GPUs).
    const auto medianOf = [](std::vector<int64_t> v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    ASSERT_GT(earlyQueueNs.size(), 30u);
    ASSERT_GT(laterQueueNs.size(), 300u);
    EXPECT_LT(medianOf(earlyQueueNs), 3600 * kNsPerSecond);
    EXPECT_GT(medianOf(laterQueueNs), 86'400 * kNsPerSecond);
    EXPECT_GT(neverStarted, 0);
    EXPECT_LT(neverStarted, 3000);
}

TEST(GeneratorCapacity, IsDeterministicAndNamesTheCapacityInTheHeader)
{
    const GeneratorOptions options = boundedOptions(7, 400, defaultFleetCapacity());
    const std::string first = fleetText(options);
    EXPECT_EQ(first, fleetText(options));
    EXPECT_NE(first, fleetText(boundedOptions(8, 400, defaultFleetCapacity())));
    EXPECT_EQ(first.substr(0, first.find('\n')),
        R"({"type":"header","format":"ett-trace","version":1,"time_unit":"ms","source":)"
        R"("ettw generate --seed 7 --jobs 400 --days 14 )"
        R"(--capacity east=16384,west=16384,central=8192,north=8192,south=4096"})");
    GeneratorOptions unbounded = options;
    unbounded.capacity.clear();
    EXPECT_NE(first, fleetText(unbounded));
}

TEST(GeneratorCapacity, JobsAreCappedToTheLargestCluster)
{
    std::map<int64_t, int> gpus;
    for (const GeneratedJob& g : generateFleet(boundedOptions(3, 1000, { { "only", 1000 } }))) {
        ++gpus[*g.job.gpus];
        EXPECT_EQ(clusterOf(g), "only");
        for (const AttemptRecord& a : g.attempts) {
            EXPECT_LE(a.gpus.value_or(*g.job.gpus), 1000);
        }
    }
    EXPECT_EQ(gpus.rbegin()->first, 512); // the largest count of the catalogue that fits
    EXPECT_GT(gpus[512], 10);
    // A cluster too small for the smallest job takes none; without another, there is no fleet.
    FleetGenerator none(boundedOptions(3, 10, { { "tiny", 4 } }));
    GeneratedJob g;
    EXPECT_FALSE(none.next(g));
    for (const GeneratedJob& j : generateFleet(boundedOptions(3, 200, { { "tiny", 4 }, { "ok", 64 } }))) {
        EXPECT_EQ(clusterOf(j), "ok");
        EXPECT_LE(*j.job.gpus, 64);
    }
}

TEST(GeneratorCapacity, TrackerMemoryIsBoundedByTheFleetNotTheJobCount)
{
    // Twice the jobs over the same days: the clusters are just as full, and the trackers hold
    // about as much (what runs and what is placed before the trace is taken).
    size_t steps[2] = {};
    int64_t jobs[2] = { 4000, 8000 };
    for (int i = 0; i < 2; ++i) {
        FleetGenerator gen(boundedOptions(5, jobs[i], kSmallFleet));
        GeneratedJob g;
        while (gen.next(g)) { }
        steps[i] = gen.peakTrackerSteps();
        EXPECT_GT(steps[i], 0u);
        EXPECT_LT(steps[i], static_cast<size_t>(jobs[i] / 4)) << jobs[i] << " jobs";
    }
    EXPECT_LT(steps[1], steps[0] * 3 / 2);
}

} // namespace
} // namespace ett::core
