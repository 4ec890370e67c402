// Properties of generated fleets through the whole pipeline (text -> reader -> store -> roll-up):
// every nanosecond in exactly one bucket, the store agreeing with the reference accounting run
// directly on the generated records, per-day ranges adding up exactly to the whole, and GPU- and
// time-weighted ETT% agreeing when every job has the same GPU count.
#include "core/model/accounting.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "samples/synth/generator.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kDayNs = 86'400 * kNsPerSecond;
constexpr int64_t kJobsPerSeed = 150;
constexpr int kDays = 7;
constexpr int64_t kEqualGpus = 8;
const std::vector<uint64_t> kSeeds = { 1, 2, 3 };

std::string labelOf(uint64_t seed)
{
    return "seed-" + std::to_string(seed);
}
const std::string kEqualLabel = "equal-gpus";

// The records of a fleet, kept to compare the store against, and its text.
struct GeneratedFleet
{
    std::vector<GeneratedJob> jobs;
    std::string text;
};

GeneratedFleet generate(uint64_t seed, bool equalGpus)
{
    GeneratorOptions options;
    options.seed = seed;
    options.jobs = kJobsPerSeed;
    options.days = kDays;
    GeneratedFleet fleet;
    fleet.text = generatorHeaderLine(options);
    if (fleet.text.empty() || fleet.text.back() != '\n') {
        fleet.text += '\n';
    }
    FleetGenerator gen(options);
    GeneratedJob job;
    while (gen.next(job)) {
        if (equalGpus) {
            job.job.gpus = kEqualGpus;
            for (auto& a : job.attempts) {
                if (a.gpus) {
                    a.gpus = kEqualGpus;
                }
            }
        }
        appendJobLines(job, fleet.text);
        fleet.jobs.push_back(job);
    }
    return fleet;
}

// One database for the whole suite: every seed under its own label, and the seed-1 fleet with
// equal GPU counts under a label of its own.
class GeneratedFleets : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        static std::atomic<int> counter { 0 };
        std::random_device rd;
        s_dir = fs::temp_directory_path() / ("ett-property-" + std::to_string(rd()) + "-" + std::to_string(counter++));
        fs::create_directories(s_dir);
        auto db = Database::open((s_dir / "fleet.db").string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        s_db = std::move(*db);

        auto importFleet = [](const GeneratedFleet& fleet, const std::string& label) {
            const fs::path file = s_dir / (label + ".ett.jsonl");
            {
                std::ofstream out(file, std::ios::binary);
                out.write(fleet.text.data(), static_cast<std::streamsize>(fleet.text.size()));
            }
            ImportOptions options;
            options.label = label;
            auto r = importTraceFile(*s_db, file.string(), options);
            ASSERT_TRUE(r.ok()) << r.error().message;
            ASSERT_FALSE(r->alreadyImported);
            ASSERT_EQ(r->jobsDeclared, static_cast<int64_t>(fleet.jobs.size()));
        };
        for (const uint64_t seed : kSeeds) {
            s_fleets[seed] = generate(seed, false);
            importFleet(s_fleets[seed], labelOf(seed));
        }
        s_equal = generate(kSeeds.front(), true);
        importFleet(s_equal, kEqualLabel);
    }
    static void TearDownTestSuite()
    {
        s_db.reset();
        s_fleets.clear();
        s_equal = {};
        std::error_code ec;
        fs::remove_all(s_dir, ec);
    }

    static std::vector<FleetJob> load(const std::string& label, bool withSegments)
    {
        FleetQuery q;
        q.label = label;
        q.withSegments = withSegments;
        auto jobs = loadFleet(*s_db, q);
        EXPECT_TRUE(jobs.ok()) << (jobs.ok() ? "" : jobs.error().message);
        return jobs.ok() ? *jobs : std::vector<FleetJob> {};
    }

    static int64_t queryInt(const std::string& sql)
    {
        auto v = s_db->queryInt(sql);
        EXPECT_TRUE(v.ok()) << (v.ok() ? "" : v.error().message);
        return v.ok() ? v->value_or(-1) : -1;
    }

    static fs::path s_dir;
    static std::unique_ptr<Database> s_db;
    static std::map<uint64_t, GeneratedFleet> s_fleets;
    static GeneratedFleet s_equal;
};

fs::path GeneratedFleets::s_dir;
std::unique_ptr<Database> GeneratedFleets::s_db;
std::map<uint64_t, GeneratedFleet> GeneratedFleets::s_fleets;
GeneratedFleet GeneratedFleets::s_equal;

std::string bucketSumSql(const char* alias)
{
    std::string sum;
    for (int b = 0; b < kBucketCount; ++b) {
        sum += std::string(b == 0 ? "" : " + ") + alias + "." + bucketColumn(b);
    }
    return "(" + sum + ")";
}

// ---------------------------------------------------------------------------------------------

TEST_F(GeneratedFleets, FleetIsNotTrivial)
{
    // The properties below mean something only when the fleets hold what they are about.
    for (const uint64_t seed : kSeeds) {
        const auto& fleet = s_fleets.at(seed);
        ASSERT_EQ(fleet.jobs.size(), static_cast<size_t>(kJobsPerSeed)) << seed;
    }
    EXPECT_EQ(queryInt("SELECT count(*) FROM jobs"), kJobsPerSeed * static_cast<int64_t>(kSeeds.size() + 1));
    EXPECT_GT(queryInt("SELECT count(*) FROM attempts"), queryInt("SELECT count(*) FROM jobs"));
    EXPECT_GT(queryInt("SELECT count(*) FROM attempts WHERE outcome IN ('failed', 'preempted')"), 0);
    EXPECT_GT(queryInt("SELECT count(*) FROM phases WHERE rank IS NOT NULL"), 0);
    EXPECT_GT(queryInt("SELECT sum(b_lost_progress) FROM job_derived"), 0);
    EXPECT_GT(queryInt("SELECT count(DISTINCT gpus) FROM jobs"), 2);
}

TEST_F(GeneratedFleets, BucketsOfEveryJobSumToItsEndToEndTime)
{
    EXPECT_EQ(queryInt("SELECT count(*) FROM job_derived d WHERE " + bucketSumSql("d") + " != d.e2e_ns"), 0);
    EXPECT_EQ(queryInt("SELECT count(*) FROM job_derived d WHERE d.window_start_ns IS NOT NULL AND "
                       "d.e2e_ns != d.window_end_ns - d.window_start_ns"),
        0);
    EXPECT_EQ(
        queryInt("SELECT count(*) FROM jobs j LEFT JOIN job_derived d ON d.job_id = j.id WHERE d.job_id IS NULL"), 0);
    // Attempt windows and the gaps after them tile the job window.
    EXPECT_EQ(queryInt("SELECT count(*) FROM job_derived d WHERE d.e2e_ns != (SELECT coalesce(sum(a.end_ns - "
                       "a.start_ns + ad.gap_after_ns), 0) FROM attempts a JOIN attempt_derived ad ON ad.attempt_id "
                       "= a.id WHERE a.job_id = d.job_id)"),
        0);
}

TEST_F(GeneratedFleets, BucketsOfEveryAttemptSumToItsWindow)
{
    EXPECT_EQ(queryInt("SELECT count(*) FROM attempts a LEFT JOIN attempt_derived d ON d.attempt_id = a.id "
                       "WHERE d.attempt_id IS NULL"),
        0);
    EXPECT_EQ(queryInt("SELECT count(*) FROM attempts a JOIN attempt_derived d ON d.attempt_id = a.id WHERE "
                  + bucketSumSql("d") + " != a.end_ns - a.start_ns"),
        0);
    // And from the read-back structs, segments included.
    for (const uint64_t seed : kSeeds) {
        for (const FleetJob& j : load(labelOf(seed), true)) {
            for (const AttemptResult& a : j.result.attempts) {
                int64_t sum = 0;
                for (const int64_t v : a.bucketsNs) {
                    sum += v;
                }
                EXPECT_EQ(sum, a.endNs - a.startNs) << j.key << " attempt " << a.number;
                int64_t cursor = a.startNs;
                BucketArray fromSegments {};
                for (const Segment& s : a.segments) {
                    EXPECT_EQ(s.startNs, cursor) << j.key << " attempt " << a.number;
                    EXPECT_LT(s.startNs, s.endNs);
                    fromSegments[static_cast<size_t>(s.bucket)] += s.endNs - s.startNs;
                    cursor = s.endNs;
                }
                EXPECT_EQ(cursor, a.endNs) << j.key << " attempt " << a.number;
                EXPECT_EQ(fromSegments, a.bucketsNs) << j.key << " attempt " << a.number;
            }
        }
    }
}

TEST_F(GeneratedFleets, StoreAgreesWithReferenceAccountingOfGeneratedRecords)
{
    for (const uint64_t seed : kSeeds) {
        const auto stored = load(labelOf(seed), false);
        std::map<std::string, const FleetJob*> byKey;
        for (const auto& j : stored) {
            byKey[j.key] = &j;
        }
        const auto& generated = s_fleets.at(seed).jobs;
        ASSERT_EQ(stored.size(), generated.size()) << "seed " << seed;
        for (const GeneratedJob& g : generated) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " job " + g.job.job);
            ASSERT_EQ(byKey.count(g.job.job), 1u);
            const FleetJob& j = *byKey.at(g.job.job);
            const JobResult expected = attributeJob(toJobInput(g), false);
            const JobResult& got = j.result;
            EXPECT_EQ(j.gpus, g.job.gpus.value_or(1));
            EXPECT_EQ(got.windowStartNs, expected.windowStartNs);
            EXPECT_EQ(got.windowEndNs, expected.windowEndNs);
            EXPECT_EQ(got.queueBeforeNs, expected.queueBeforeNs);
            EXPECT_EQ(got.bucketsNs, expected.bucketsNs);
            EXPECT_EQ(got.ttsNs, expected.ttsNs);
            EXPECT_EQ(got.failures, expected.failures);
            EXPECT_EQ(got.preemptions, expected.preemptions);
            EXPECT_EQ(got.otherInterruptions, expected.otherInterruptions);
            EXPECT_EQ(got.noCheckpointData, expected.noCheckpointData);
            ASSERT_EQ(got.attempts.size(), expected.attempts.size());
            for (size_t i = 0; i < got.attempts.size(); ++i) {
                const AttemptResult& a = got.attempts[i];
                const AttemptResult& e = expected.attempts[i];
                SCOPED_TRACE("attempt " + std::to_string(e.number));
                EXPECT_EQ(a.number, e.number);
                EXPECT_EQ(a.startNs, e.startNs);
                EXPECT_EQ(a.endNs, e.endNs);
                EXPECT_EQ(a.gpus, e.gpus);
                EXPECT_EQ(a.outcome, e.outcome);
                EXPECT_EQ(a.interruption, e.interruption);
                EXPECT_EQ(a.bucketsNs[static_cast<size_t>(Bucket::Productive)],
                    e.bucketsNs[static_cast<size_t>(Bucket::Productive)]);
                EXPECT_EQ(a.bucketsNs[static_cast<size_t>(Bucket::LostProgress)],
                    e.bucketsNs[static_cast<size_t>(Bucket::LostProgress)]);
                EXPECT_EQ(a.bucketsNs, e.bucketsNs);
                EXPECT_EQ(a.ttsNs, e.ttsNs);
                EXPECT_EQ(a.ttrNs, e.ttrNs);
                EXPECT_EQ(a.faultNs, e.faultNs);
                EXPECT_EQ(a.firstTrainNs, e.firstTrainNs);
                EXPECT_EQ(a.gapAfterNs, e.gapAfterNs);
            }
        }
    }
}

// The figures that add up across disjoint ranges (jobs and attempts overlapping several ranges
// are counted in each, so they are left out).
struct Additive
{
    Wide e2eNs = 0;
    Wide e2eGpuNs = 0;
    std::array<Wide, kBucketCount> bucketsNs {};
    std::array<Wide, kBucketCount> bucketsGpuNs {};
    int64_t failures = 0;
    int64_t preemptions = 0;
    int64_t otherInterruptions = 0;
    std::vector<int64_t> tts;
    std::vector<int64_t> ttr;

    void add(const Figures& f)
    {
        e2eNs += f.e2eNs;
        e2eGpuNs += f.e2eGpuNs;
        for (size_t b = 0; b < bucketsNs.size(); ++b) {
            bucketsNs[b] += f.bucketsNs[b];
            bucketsGpuNs[b] += f.bucketsGpuNs[b];
        }
        failures += f.failures;
        preemptions += f.preemptions;
        otherInterruptions += f.otherInterruptions;
        tts.insert(tts.end(), f.ttsNs.begin(), f.ttsNs.end());
        ttr.insert(ttr.end(), f.ttrNs.begin(), f.ttrNs.end());
    }
};

// Compares exactly; Wide has no printer, so mismatches are reported per bucket by name.
void expectSameAdditive(const Additive& days, const Figures& whole, const std::string& what)
{
    SCOPED_TRACE(what);
    EXPECT_TRUE(days.e2eNs == whole.e2eNs) << "e2e";
    EXPECT_TRUE(days.e2eGpuNs == whole.e2eGpuNs) << "e2e GPU-weighted";
    for (size_t b = 0; b < days.bucketsNs.size(); ++b) {
        const auto name = bucketName(static_cast<Bucket>(b));
        EXPECT_TRUE(days.bucketsNs[b] == whole.bucketsNs[b]) << name << " time-weighted";
        EXPECT_TRUE(days.bucketsGpuNs[b] == whole.bucketsGpuNs[b]) << name << " GPU-weighted";
    }
    EXPECT_EQ(days.failures, whole.failures);
    EXPECT_EQ(days.preemptions, whole.preemptions);
    EXPECT_EQ(days.otherInterruptions, whole.otherInterruptions);
    auto tts = days.tts;
    auto ttr = days.ttr;
    auto wholeTts = whole.ttsNs;
    auto wholeTtr = whole.ttrNs;
    std::sort(tts.begin(), tts.end());
    std::sort(ttr.begin(), ttr.end());
    std::sort(wholeTts.begin(), wholeTts.end());
    std::sort(wholeTtr.begin(), wholeTtr.end());
    EXPECT_EQ(tts, wholeTts) << "Time to Start samples";
    EXPECT_EQ(ttr, wholeTtr) << "Time to Recover samples";
}

TEST_F(GeneratedFleets, PerDayRangesAddUpExactlyToTheWhole)
{
    for (const uint64_t seed : kSeeds) {
        const auto jobs = load(labelOf(seed), true);
        for (const bool countQueue : { false, true }) {
            SCOPED_TRACE("seed " + std::to_string(seed) + (countQueue ? " counting queue" : ""));
            RollupOptions wholeOptions;
            wholeOptions.countQueue = countQueue;
            const FleetSummary whole = summarizeFleet(jobs, wholeOptions, std::string("team"));

            // Days covering every window, queue included, from midnight UTC.
            int64_t lo = std::numeric_limits<int64_t>::max();
            int64_t hi = std::numeric_limits<int64_t>::min();
            for (const auto& j : jobs) {
                if (j.result.hasWindow()) {
                    lo = std::min(lo, j.result.windowStartNs - j.result.queueBeforeNs);
                    hi = std::max(hi, j.result.windowEndNs);
                }
            }
            ASSERT_LT(lo, hi);
            const int64_t firstDay = (lo / kDayNs) * kDayNs;
            Additive days;
            std::map<std::string, Additive> dayGroups;
            int dayCount = 0;
            for (int64_t from = firstDay; from <= hi; from += kDayNs) {
                RollupOptions day = wholeOptions;
                day.fromNs = from;
                day.toNs = from + kDayNs;
                const FleetSummary s = summarizeFleet(jobs, day, std::string("team"));
                days.add(s.fleet);
                for (const auto& [team, g] : s.groups) {
                    dayGroups[team].add(g);
                }
                ++dayCount;
            }
            EXPECT_GE(dayCount, kDays);
            expectSameAdditive(days, whole.fleet, "fleet");
            ASSERT_EQ(dayGroups.size(), whole.groups.size());
            for (const auto& [team, g] : whole.groups) {
                expectSameAdditive(dayGroups[team], g, "team " + team);
            }

            // One range over everything gives the whole too.
            RollupOptions all = wholeOptions;
            all.fromNs = firstDay;
            all.toNs = firstDay + static_cast<int64_t>(dayCount) * kDayNs;
            Additive once;
            const FleetSummary allRange = summarizeFleet(jobs, all, std::nullopt);
            once.add(allRange.fleet);
            expectSameAdditive(once, whole.fleet, "one range over everything");
            EXPECT_EQ(allRange.fleet.jobs, whole.fleet.jobs);
            EXPECT_EQ(allRange.fleet.attempts, whole.fleet.attempts);
        }
    }
}

TEST_F(GeneratedFleets, EqualGpuCountsMakeGpuAndTimeWeightedEttAgree)
{
    const auto jobs = load(kEqualLabel, true);
    ASSERT_EQ(jobs.size(), static_cast<size_t>(kJobsPerSeed));
    for (const auto& j : jobs) {
        ASSERT_EQ(j.gpus, kEqualGpus) << j.key;
        for (const auto& a : j.result.attempts) {
            ASSERT_EQ(a.gpus, kEqualGpus) << j.key;
        }
    }
    auto check = [](const Figures& f, const std::string& what) {
        SCOPED_TRACE(what);
        EXPECT_TRUE(f.e2eGpuNs == f.e2eNs * kEqualGpus);
        for (size_t b = 0; b < f.bucketsNs.size(); ++b) {
            EXPECT_TRUE(f.bucketsGpuNs[b] == f.bucketsNs[b] * kEqualGpus) << bucketName(static_cast<Bucket>(b));
        }
        ASSERT_TRUE(f.ettPercentGpu().has_value());
        ASSERT_TRUE(f.ettPercentTime().has_value());
        EXPECT_EQ(*f.ettPercentGpu(), *f.ettPercentTime());
        EXPECT_GT(*f.ettPercentTime(), 0.0);
        EXPECT_LT(*f.ettPercentTime(), 100.0);
    };
    for (const bool countQueue : { false, true }) {
        RollupOptions options;
        options.countQueue = countQueue;
        const FleetSummary s = summarizeFleet(jobs, options, std::string("team"));
        check(s.fleet, countQueue ? "fleet, queue counted" : "fleet");
        for (const auto& [team, g] : s.groups) {
            check(g, "team " + team);
        }
        // And inside a time range (the second day).
        const int64_t day2 = (jobs.front().result.windowStartNs / kDayNs + 1) * kDayNs;
        options.fromNs = day2;
        options.toNs = day2 + kDayNs;
        check(summarizeFleet(jobs, options, std::nullopt).fleet, "second day");
    }

    // The same jobs with their own GPU counts do weigh differently (the test above is not
    // trivially true).
    const FleetSummary mixed = summarizeFleet(load(labelOf(kSeeds.front()), false), RollupOptions {}, std::nullopt);
    EXPECT_NE(*mixed.fleet.ettPercentGpu(), *mixed.fleet.ettPercentTime());
    // Same time-weighted figures: only the weights changed.
    const FleetSummary equal = summarizeFleet(jobs, RollupOptions {}, std::nullopt);
    EXPECT_TRUE(mixed.fleet.e2eNs == equal.fleet.e2eNs);
    EXPECT_TRUE(mixed.fleet.bucketsNs == equal.fleet.bucketsNs);
}

} // namespace
} // namespace ett::core
