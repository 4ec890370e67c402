// Tests of the cohort comparison: the cohort spec, the bridge whose steps
// add up exactly, the seeded bootstrap (reproducible, and covering a known shift), interruption
// rates, distributions and matched jobs.
#include "core/model/accounting.h"
#include "core/model/compare.h"
#include "core/model/timeutil.h"

#include <gtest/gtest.h>

#include <random>

#include "samples/synth/generator.h"

namespace ett::core {
namespace {

constexpr int64_t kS = 1'000'000'000;

TEST(CohortSpec, ParsesEveryKindOfTerm)
{
    auto s = parseCohortSpec("label=before, team=ads|search ,from=2025-06-01,to=2025-06-08T00:00:00Z,gpus>=8", "--a");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->labels, std::vector<std::string> { "before" });
    ASSERT_EQ(s->attrs.size(), 1u);
    EXPECT_EQ(s->attrs[0].first, "team");
    EXPECT_EQ(s->attrs[0].second, (std::vector<std::string> { "ads", "search" }));
    EXPECT_EQ(*s->fromNs, daysFromCivil(2025, 6, 1) * 86400 * kS);
    EXPECT_EQ(*s->toNs, daysFromCivil(2025, 6, 8) * 86400 * kS);
    EXPECT_EQ(s->minGpus, 8);
    EXPECT_EQ(s->text(), "label=before,team=ads|search,from=2025-06-01T00:00:00Z,to=2025-06-08T00:00:00Z,gpus>=8");
    // Its text parses back to the same spec.
    auto again = parseCohortSpec(s->text(), "--a");
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->text(), s->text());
    EXPECT_EQ(parseCohortSpec("", "--b")->text(), "all jobs");
}

TEST(CohortSpec, ErrorsNameTheTerm)
{
    struct Case
    {
        const char* spec;
        const char* expect;
    };
    for (const Case& c : { Case { "label=a,,team=x", "empty term" }, Case { "teamads", "term 'teamads'" },
             Case { "from=yesterday", "term 'from=yesterday'" }, Case { "gpus>=many", "term 'gpus>=many'" },
             Case { "team=", "the value is empty" }, Case { "from=2025-06-02,to=2025-06-01", "not after 'from'" },
             Case { "team=a,team=b", "given twice" }, Case { "gpus>=8,gpus<=4", "GPU range is empty" } }) {
        auto s = parseCohortSpec(c.spec, "--a");
        ASSERT_FALSE(s.ok()) << c.spec;
        EXPECT_NE(s.error().message.find(c.expect), std::string::npos) << s.error().message;
        EXPECT_NE(s.error().message.find("--a"), std::string::npos) << s.error().message;
    }
}

TEST(CohortSpec, QuotedValuesHoldCommasBarsAndQuotes)
{
    // A label or an attribute value may hold the spec's separators: in double quotes, "" for a quote.
    auto s = parseCohortSpec(R"(label="before, v2"|after, team = "ads|search" , model="say ""hi""=x")", "--a");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->labels, (std::vector<std::string> { "before, v2", "after" }));
    ASSERT_EQ(s->attrs.size(), 2u);
    EXPECT_EQ(s->attrs[0], (std::pair<std::string, std::vector<std::string>> { "team", { "ads|search" } }));
    EXPECT_EQ(s->attrs[1], (std::pair<std::string, std::vector<std::string>> { "model", { "say \"hi\"=x" } }));
    // text() quotes exactly the values that need it, and reads back to the same spec.
    EXPECT_EQ(s->text(), R"(label="before, v2"|after,team="ads|search",model="say ""hi""=x")");
    auto again = parseCohortSpec(s->text(), "--a");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(*again, *s);
    CohortSpec blanks;
    blanks.labels = { " padded " };
    EXPECT_EQ(blanks.text(), R"(label=" padded ")");
    EXPECT_EQ(parseCohortSpec(blanks.text(), "--a")->labels, blanks.labels);
    for (const char* bad : { R"(label="open)", R"(label="a"b)", R"(team="x"y|z)" }) {
        auto e = parseCohortSpec(bad, "--a");
        ASSERT_FALSE(e.ok()) << bad;
        EXPECT_NE(e.error().message.find("quote"), std::string::npos) << e.error().message;
    }
}

TEST(CohortSpec, SpacedTextBreaksBetweenTermsAndReadsBackTheSame)
{
    // For a label that wraps: a blank after each term's comma, none inside a quoted value.
    const std::string canonical
        = R"(label="before, v2"|after,team=ads,from=2025-06-01T00:00:00Z,to=2025-06-08T00:00:00Z)";
    const std::string spaced = spacedCohortText(canonical);
    EXPECT_EQ(spaced, R"(label="before, v2"|after, team=ads, from=2025-06-01T00:00:00Z, to=2025-06-08T00:00:00Z)");
    auto a = parseCohortSpec(canonical, "--a");
    auto b = parseCohortSpec(spaced, "--a");
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(*a, *b);
    EXPECT_EQ(b->text(), canonical);
    EXPECT_EQ(spacedCohortText("all jobs"), "all jobs"); // no spec: as it was
    EXPECT_EQ(spacedCohortText("label=a"), "label=a");
}

TEST(CohortSpec, EditsKeepOneTermPerAttributeSortedByKey)
{
    CohortSpec a;
    EXPECT_TRUE(a.addAttrValue("team", "nlp"));
    EXPECT_TRUE(a.addAttrValue("cluster", "east"));
    EXPECT_FALSE(a.addAttrValue("team", "nlp")) << "already there";
    EXPECT_TRUE(a.addAttrValue("team", "ads"));
    ASSERT_EQ(a.attrs.size(), 2u);
    EXPECT_EQ(a.attrs[0].first, "cluster");
    EXPECT_EQ(a.attrs[1].second, (std::vector<std::string> { "nlp", "ads" }));
    EXPECT_EQ(a.text(), "cluster=east,team=nlp|ads");

    // The same terms added in another order select the same jobs and compare equal.
    CohortSpec b;
    b.setAttr("team", { "nlp", "ads" });
    b.setAttr("cluster", { "east" });
    EXPECT_EQ(a, b);

    EXPECT_FALSE(a.removeAttrValue("team", "vision"));
    EXPECT_TRUE(a.removeAttrValue("cluster", "east"));
    EXPECT_EQ(a.attrValues("cluster"), nullptr) << "an emptied term is no term";
    a.setAttr("team", {});
    EXPECT_TRUE(a.attrs.empty());
    EXPECT_EQ(a, CohortSpec {});

    a.labels = { "before", "after" };
    EXPECT_TRUE(a.removeLabel("before"));
    EXPECT_FALSE(a.removeLabel("before"));
    EXPECT_EQ(a.labels, std::vector<std::string> { "after" });
}

TEST(CohortSpec, UnknownNamesAreErrorsListingTheKnownOnes)
{
    CohortSpec spec;
    spec.labels = { "after" };
    spec.setAttr("team", { "ads" });
    const std::vector<std::string> labels { "before", "after" };
    EXPECT_TRUE(checkCohortNames(spec, labels, { "team" }, "--a").ok());
    auto noTeam = checkCohortNames(spec, labels, { "model", "cluster" }, "--a");
    ASSERT_FALSE(noTeam.ok());
    EXPECT_EQ(noTeam.error().message,
        "--a: no job has the attribute 'team' (attributes: cluster, model; or label, from, to, gpus)");
    spec.labels = { "aftr" };
    auto typo = checkCohortNames(spec, labels, { "team" }, {}, "fleet.db");
    ASSERT_FALSE(typo.ok());
    EXPECT_EQ(typo.error().message, "no dataset label 'aftr' in fleet.db (labels: after, before)");
}

std::array<Wide, kBucketCount> randomBuckets(std::mt19937_64& rng, Wide& e2e)
{
    std::array<Wide, kBucketCount> b {};
    e2e = 0;
    for (auto& x : b) {
        // Mostly huge GPU-nanosecond sums, some zero, some tiny.
        const auto kind = rng() % 4;
        x = kind == 0 ? 0 : kind == 1 ? static_cast<Wide>(rng() % 1000) : static_cast<Wide>(rng() >> 4) * 4096;
        e2e += x;
    }
    return b;
}

TEST(Bridge, SharesSumToExactlyOneHundredPercent)
{
    std::mt19937_64 rng(1);
    for (int i = 0; i < 2000; ++i) {
        Wide e2e = 0;
        const auto b = randomBuckets(rng, e2e);
        const auto shares = apportionShares(b, e2e);
        if (e2e == 0) {
            EXPECT_TRUE(shares.empty());
            continue;
        }
        int64_t sum = 0;
        for (size_t k = 0; k < shares.size(); ++k) {
            sum += shares[k];
            // Each share is its exact value rounded down or up (largest remainder).
            const Wide exactFloor = b[k] * kPicoPercent / e2e;
            EXPECT_TRUE(shares[k] == exactFloor || shares[k] == exactFloor + 1);
        }
        EXPECT_EQ(sum, kPicoPercent);
    }
}

TEST(Bridge, StepsAddUpToTheDifferenceExactly)
{
    std::mt19937_64 rng(2);
    for (int i = 0; i < 2000; ++i) {
        Wide ea = 0;
        Wide eb = 0;
        const auto a = randomBuckets(rng, ea);
        const auto b = randomBuckets(rng, eb);
        const auto bridge = bridgeOf(a, ea, b, eb);
        if (ea == 0 || eb == 0) {
            EXPECT_FALSE(bridge.has_value());
            continue;
        }
        ASSERT_TRUE(bridge.has_value());
        int64_t walk = bridge->ettAPico;
        for (const auto& s : bridge->steps) {
            EXPECT_NE(s.bucket, Bucket::Productive);
            walk += s.pico;
        }
        EXPECT_EQ(walk, bridge->ettBPico);
        EXPECT_EQ(bridge->steps.size(), static_cast<size_t>(kBucketCount - 1));
        // ETT% of each end agrees with the plain quotient to within a unit of 1e-12 pp.
        const double ettA = static_cast<double>(static_cast<long double>(a[0]) * 100.0L / static_cast<long double>(ea));
        EXPECT_NEAR(static_cast<double>(bridge->ettAPico) * 1e-12, ettA, 1e-9);
    }
}

TEST(Bridge, AStepIsTheChangeOfItsBucketsShare)
{
    // A: 80 productive, 20 compile of 100. B: 90 productive, 10 compile. Compile gave +10 pp.
    std::array<Wide, kBucketCount> a {};
    std::array<Wide, kBucketCount> b {};
    a[static_cast<size_t>(Bucket::Productive)] = 80;
    a[static_cast<size_t>(Bucket::Compile)] = 20;
    b[static_cast<size_t>(Bucket::Productive)] = 90;
    b[static_cast<size_t>(Bucket::Compile)] = 10;
    const auto bridge = bridgeOf(a, 100, b, 100);
    ASSERT_TRUE(bridge);
    EXPECT_EQ(bridge->ettAPico, 80 * kPicoPercent / 100);
    EXPECT_EQ(bridge->ettBPico, 90 * kPicoPercent / 100);
    for (const auto& s : bridge->steps) {
        EXPECT_EQ(s.pico, s.bucket == Bucket::Compile ? 10 * kPicoPercent / 100 : 0) << bucketName(s.bucket);
    }
}

// Jobs whose productive share is drawn around `mean` (sd 0.05), E2E uniform in [1, 10] days.
std::vector<std::pair<double, double>> syntheticCohort(std::mt19937_64& rng, size_t jobs, double mean)
{
    std::normal_distribution<double> share(mean, 0.05);
    std::uniform_real_distribution<double> days(1.0, 10.0);
    std::vector<std::pair<double, double>> v;
    for (size_t i = 0; i < jobs; ++i) {
        const double e2e = days(rng) * 86400.0 * 1e9;
        v.emplace_back(std::clamp(share(rng), 0.0, 1.0) * e2e, e2e);
    }
    return v;
}

TEST(TtrBridge, StepsFromAsMeanToBsAreThePartsChanges)
{
    // A: the worked example's one recovery, detect 0 s + restart 300 s + start-up 900 s = 1200 s.
    Figures a;
    a.addTtr(1200 * kS, TtrSplit { 0, 300 * kS, 900 * kS });
    // B: two recoveries, (60, 120, 600) and (0, 300, 300): means detect 30, restart 210, start-up
    // 450, in all 690 s.
    Figures b;
    b.addTtr(780 * kS, TtrSplit { 60 * kS, 120 * kS, 600 * kS });
    b.addTtr(600 * kS, TtrSplit { 0, 300 * kS, 300 * kS });
    const auto bridge = ttrBridgeOf(a, b);
    ASSERT_TRUE(bridge);
    EXPECT_EQ(bridge->recoveriesA, 1);
    EXPECT_EQ(bridge->recoveriesB, 2);
    EXPECT_DOUBLE_EQ(bridge->meanTotalA(), 1200.0);
    EXPECT_DOUBLE_EQ(bridge->meanTotalB(), 690.0);
    EXPECT_DOUBLE_EQ(bridge->stepSeconds(0), 30.0); // detect got slower
    EXPECT_DOUBLE_EQ(bridge->stepSeconds(1), -90.0);
    EXPECT_DOUBLE_EQ(bridge->stepSeconds(2), -450.0);
    EXPECT_DOUBLE_EQ(bridge->meanTotalA() + bridge->stepSeconds(0) + bridge->stepSeconds(1) + bridge->stepSeconds(2),
        bridge->meanTotalB());
    EXPECT_STREQ(TtrBridge::partName(2), "start-up");
    // No recovery on a side: no bridge.
    EXPECT_FALSE(ttrBridgeOf(a, Figures {}));
    EXPECT_FALSE(ttrBridgeOf(Figures {}, b));
}

TEST(Bootstrap, SameSeedSameIntervalOtherSeedAnother)
{
    std::mt19937_64 rng(3);
    const auto a = syntheticCohort(rng, 300, 0.80);
    const auto b = syntheticCohort(rng, 300, 0.85);
    const auto x = bootstrapDifference(a, b, 42, 1000, 0.95);
    const auto y = bootstrapDifference(a, b, 42, 1000, 0.95);
    const auto z = bootstrapDifference(a, b, 43, 1000, 0.95);
    ASSERT_TRUE(x && y && z);
    EXPECT_EQ(x->low, y->low);
    EXPECT_EQ(x->high, y->high);
    EXPECT_NE(x->low, z->low);
    EXPECT_LT(x->low, x->high);
}

TEST(Bootstrap, CoversAKnownShiftAtAboutTheNominalRate)
{
    // 40 independent pairs of cohorts whose population difference is 5 pp (shares drawn around
    // 0.80 and 0.85, independent of E2E, so the ratio of sums converges to the mean share). A 95%
    // interval should miss about 2 of 40; more than 6 misses (p < 0.5% under the nominal rate)
    // means the interval is too narrow.
    std::mt19937_64 rng(4);
    int covered = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const auto a = syntheticCohort(rng, 200, 0.80);
        const auto b = syntheticCohort(rng, 200, 0.85);
        const auto ci = bootstrapDifference(a, b, 1000 + static_cast<uint64_t>(trial), 600, 0.95);
        ASSERT_TRUE(ci);
        covered += ci->low <= 5.0 && 5.0 <= ci->high;
        // The interval is about +-1 pp wide for 200 jobs a side (sd 0.05 / sqrt(200) x 2 x 1.96).
        EXPECT_LT(ci->high - ci->low, 3.0);
    }
    EXPECT_GE(covered, 34);
}

// Two weightings in one pass give each one's interval alone, exactly; a weighting without time has
// none while the other keeps its own.
TEST(Bootstrap, WeightingsInOnePassEqualEachAlone)
{
    std::mt19937_64 rng(5);
    const auto a = syntheticCohort(rng, 2500, 0.80); // large enough for the threads
    const auto b = syntheticCohort(rng, 1700, 0.83);
    auto other = [&](const std::vector<std::pair<double, double>>& v) {
        std::vector<std::pair<double, double>> out;
        for (const auto& [num, den] : v) {
            out.emplace_back(num * 0.5 + 1, den * 0.7 + 2);
        }
        return out;
    };
    const auto both = bootstrapDifferences({ a, other(a) }, { b, other(b) }, 42, 1000, 0.95);
    ASSERT_EQ(both.size(), 2u);
    const auto first = bootstrapDifference(a, b, 42, 1000, 0.95);
    const auto second = bootstrapDifference(other(a), other(b), 42, 1000, 0.95);
    ASSERT_TRUE(both[0] && both[1] && first && second);
    EXPECT_EQ(both[0]->low, first->low);
    EXPECT_EQ(both[0]->high, first->high);
    EXPECT_EQ(both[1]->low, second->low);
    EXPECT_EQ(both[1]->high, second->high);
    EXPECT_NE(both[0]->low, both[1]->low);
    std::vector<std::pair<double, double>> idle(a.size(), { 0.0, 0.0 });
    const auto partly = bootstrapDifferences({ a, idle }, { b, other(b) }, 42, 1000, 0.95);
    EXPECT_TRUE(partly[0] && partly[0]->low == first->low);
    EXPECT_FALSE(partly[1]);
}

// Any number of weightings draws the same jobs: three in one pass (the general path) give each
// one's interval alone (the one-weighting path), with cohorts of odd sizes (a random word's last
// half unused, B's draws after A's words).
TEST(Bootstrap, ThreeWeightingsAndOddCohortsEqualEachAlone)
{
    std::mt19937_64 rng(11);
    const auto a = syntheticCohort(rng, 2501, 0.80);
    const auto b = syntheticCohort(rng, 1699, 0.84);
    auto scaled = [](const std::vector<std::pair<double, double>>& v, double k) {
        std::vector<std::pair<double, double>> out;
        for (const auto& [num, den] : v) {
            out.emplace_back(num * k + 1, den * (k + 0.2) + 2);
        }
        return out;
    };
    const auto three = bootstrapDifferences(
        { a, scaled(a, 0.5), scaled(a, 0.3) }, { b, scaled(b, 0.5), scaled(b, 0.3) }, 7, 800, 0.9);
    ASSERT_EQ(three.size(), 3u);
    const std::vector<std::optional<Interval>> alone { bootstrapDifference(a, b, 7, 800, 0.9),
        bootstrapDifference(scaled(a, 0.5), scaled(b, 0.5), 7, 800, 0.9),
        bootstrapDifference(scaled(a, 0.3), scaled(b, 0.3), 7, 800, 0.9) };
    for (size_t k = 0; k < 3; ++k) {
        ASSERT_TRUE(three[k] && alone[k]) << k;
        EXPECT_EQ(three[k]->low, alone[k]->low) << k;
        EXPECT_EQ(three[k]->high, alone[k]->high) << k;
    }
    EXPECT_LT(three[0]->low, three[0]->high);
}

TEST(Bootstrap, NoIntervalWithoutJobs)
{
    EXPECT_FALSE(bootstrapDifference({}, { { 1, 2 } }, 1, 100, 0.95));
    EXPECT_FALSE(bootstrapDifference({ { 0, 0 } }, { { 1, 2 } }, 1, 100, 0.95));
}

Figures jobFigures(int64_t productive, int64_t lost, int64_t gpus)
{
    Figures f;
    f.jobs = 1;
    f.attempts = 1;
    f.e2eNs = productive + lost;
    f.e2eGpuNs = static_cast<Wide>(productive + lost) * gpus;
    f.bucketsNs[static_cast<size_t>(Bucket::Productive)] = productive;
    f.bucketsGpuNs[static_cast<size_t>(Bucket::Productive)] = static_cast<Wide>(productive) * gpus;
    f.bucketsNs[static_cast<size_t>(Bucket::Compile)] = lost;
    f.bucketsGpuNs[static_cast<size_t>(Bucket::Compile)] = static_cast<Wide>(lost) * gpus;
    return f;
}

CohortInput cohort(const std::vector<std::tuple<std::string, int64_t, int64_t>>& jobs)
{
    CohortInput in;
    for (const auto& [key, productive, lost] : jobs) {
        const Figures f = jobFigures(productive * kS, lost * kS, 8);
        CohortJob j { key, key, f, key, 8, {}, INT64_MIN, -1 };
        in.total.merge(f);
        in.jobs.push_back(j);
    }
    return in;
}

TEST(Compare, HeadlineMatchedJobsAndRates)
{
    CohortInput a = cohort({ { "j1", 90, 10 }, { "j2", 50, 50 }, { "j3", 70, 30 }, { "only-a", 10, 90 } });
    CohortInput b = cohort({ { "j1", 80, 20 }, { "j2", 90, 10 }, { "j3", 70, 30 }, { "only-b", 100, 0 } });
    a.causes = { CauseCount { "infra", 3, 0 }, CauseCount { "preemption", 0, 2 } };
    b.causes = { CauseCount { "infra", 1, 0 } };
    a.durations = { DurationSample { "compile", 4, Percentiles { 10 * kS, 20 * kS, 30 * kS } } };
    b.durations = { DurationSample { "compile.pt2", 2, Percentiles { 5 * kS, 6 * kS, 6 * kS } } };
    const auto c = compareCohorts(a, b, CompareOptions {});
    // A: productive 220 of 400 s = 55%; B: 340 of 400 = 85%.
    ASSERT_TRUE(c.ettA && c.ettB && c.deltaPp);
    EXPECT_DOUBLE_EQ(*c.ettA, 55.0);
    EXPECT_DOUBLE_EQ(*c.ettB, 85.0);
    EXPECT_DOUBLE_EQ(*c.deltaPp, 30.0);
    ASSERT_TRUE(c.bridge);
    for (const auto& s : c.bridge->steps) {
        EXPECT_EQ(s.pico, s.bucket == Bucket::Compile ? 30 * kPicoPercent / 100 : 0);
    }
    // Four jobs a cohort: too few for an interval to mean anything.
    EXPECT_TRUE(c.tooFewJobs);
    EXPECT_FALSE(c.ci);
    EXPECT_FALSE(c.ciTime);
    // Matched: j1 -10 pp, j2 +40 pp, j3 0 (neither list); the unmatched jobs are not paired.
    EXPECT_EQ(c.matchedJobs, 3);
    ASSERT_EQ(c.regressions.size(), 1u);
    EXPECT_EQ(c.regressions[0].match, "j1");
    EXPECT_DOUBLE_EQ(c.regressions[0].deltaPp, -10.0);
    ASSERT_EQ(c.improvements.size(), 1u);
    EXPECT_EQ(c.improvements[0].match, "j2");
    EXPECT_DOUBLE_EQ(c.improvements[0].lostGpuHoursA, 50.0 * 8 / 3600);
    // 400 s x 8 GPUs = 3200 GPU-s = 1/27 GPU-day: 3 infra failures are 81,000 per 1,000 GPU-days.
    ASSERT_EQ(c.causes.size(), 2u);
    EXPECT_EQ(c.causes[0].causeClass, "infra");
    EXPECT_NEAR(*c.causes[0].failuresA, 3.0 / (3200.0 / 86400.0) * 1000.0, 1e-6);
    EXPECT_NEAR(*c.causes[0].failuresB, 1.0 / (3200.0 / 86400.0) * 1000.0, 1e-6);
    EXPECT_EQ(c.causes[1].countPreemptionsA, 2);
    // Distributions: TTS, TTR and its split, then A's names and B's.
    ASSERT_EQ(c.distributions.size(), kFigureDistributions + 2);
    EXPECT_EQ(c.distributions[2].name, "time to recover: detect");
    EXPECT_EQ(c.distributions[2].countA, c.distributions[1].countA);
    EXPECT_EQ(c.distributions[kFigureDistributions].name, "compile");
    EXPECT_EQ(c.distributions[kFigureDistributions].countB, 0);
    EXPECT_EQ(c.distributions[kFigureDistributions + 1].name, "compile.pt2");
    EXPECT_EQ(*c.distributions[kFigureDistributions + 1].b.p90, 6 * kS);
}

TEST(Compare, IntervalsNeedFiveJobsAndPairsRankByGpuHoursChanged)
{
    // small: 1 GPU, -30 pp (30 s more lost); big: 1,024 GPUs, -2 pp (2 s more lost, 2,048 GPU-s).
    auto make = [](const std::vector<std::tuple<std::string, int64_t, int64_t, int64_t>>& jobs) {
        CohortInput in;
        for (const auto& [key, productive, lost, gpus] : jobs) {
            const Figures f = jobFigures(productive * kS, lost * kS, gpus);
            CohortJob j { key, key, f, key, gpus, {}, INT64_MIN, -1 };
            in.total.merge(f);
            in.jobs.push_back(j);
        }
        return in;
    };
    const CohortInput a = make({ { "small", 90, 10, 1 }, { "big", 90, 10, 1024 }, { "mid", 90, 10, 64 },
        { "up-small", 50, 50, 1 }, { "up-big", 90, 10, 512 } });
    const CohortInput b = make({ { "small", 60, 40, 1 }, { "big", 88, 12, 1024 }, { "mid", 85, 15, 64 },
        { "up-small", 90, 10, 1 }, { "up-big", 95, 5, 512 } });
    const auto c = compareCohorts(a, b, CompareOptions {});
    EXPECT_FALSE(c.tooFewJobs);
    ASSERT_TRUE(c.ci) << "five jobs each: an interval";
    ASSERT_EQ(c.regressions.size(), 3u);
    EXPECT_EQ(c.regressions[0].match, "big") << "2 pp of 1,024 GPUs lose more than 30 pp of one";
    EXPECT_EQ(c.regressions[1].match, "mid");
    EXPECT_EQ(c.regressions[2].match, "small");
    EXPECT_NEAR(c.regressions[0].lostGpuHoursChange(), 2.0 * 1024 / 3600, 1e-9);
    ASSERT_EQ(c.improvements.size(), 2u);
    EXPECT_EQ(c.improvements[0].match, "up-big") << "+5 pp of 512 GPUs saves more than +40 pp of one";
    EXPECT_EQ(c.improvements[1].match, "up-small");
}

// Only the listed pairs are ranked in full: the first n of a longer list are the n listed, ties of
// GPU-hours and percentage points broken by the match value.
TEST(Compare, TheTopPairsAreTheFirstOfTheWholeRanking)
{
    std::vector<std::tuple<std::string, int64_t, int64_t>> before;
    std::vector<std::tuple<std::string, int64_t, int64_t>> after;
    for (int i = 0; i < 40; ++i) {
        const std::string key = "job-" + std::to_string(39 - i);
        before.emplace_back(key, 90, 10);
        // Four jobs each of ten changes: -4 .. +5 s of lost time (ties within each change).
        const int64_t change = i % 10 - 4;
        after.emplace_back(key, 90 - change, 10 + change);
    }
    const CohortInput a = cohort(before);
    const CohortInput b = cohort(after);
    CompareOptions all;
    all.topMatched = 100;
    CompareOptions three;
    three.topMatched = 3;
    const auto full = compareCohorts(a, b, all);
    const auto top = compareCohorts(a, b, three);
    ASSERT_EQ(full.regressions.size(), 20u) << "+1 .. +5 s lost, four jobs each";
    ASSERT_EQ(full.improvements.size(), 16u) << "-1 .. -4 s, four each; no change is in neither list";
    ASSERT_EQ(top.regressions.size(), 3u);
    ASSERT_EQ(top.improvements.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(top.regressions[i].match, full.regressions[i].match) << i;
        EXPECT_EQ(top.improvements[i].match, full.improvements[i].match) << i;
    }
    // The most lost first; among the four that lost 5 s more, the match values in order.
    EXPECT_EQ(full.regressions[0].match, "job-0");
    EXPECT_EQ(full.regressions[1].match, "job-10");
    EXPECT_EQ(full.regressions[3].match, "job-30");
    EXPECT_NEAR(full.regressions[4].lostGpuHoursChange(), 4.0 * 8 / 3600, 1e-12);
    EXPECT_EQ(full.improvements[0].match, "job-19") << "-4 s: jobs 19, 29, 39 and 9, in that order";
    EXPECT_EQ(full.improvements[3].match, "job-9");
    EXPECT_EQ(full.matchedJobs, 40);
}

TEST(Compare, GeneratedFleetAgainstItselfIsNoChange)
{
    GeneratorOptions o;
    o.seed = 9;
    o.targetPhases = 20'000;
    FleetGenerator g(o);
    GeneratedJob job;
    CohortInput in;
    while (g.next(job)) {
        const JobInput input = toJobInput(job);
        const JobResult r = attributeJob(input, false);
        CohortJob j;
        j.key = j.match = job.job.job;
        Figures f;
        addJob(f, r, input.gpus, RollupOptions {});
        j.totals = f;
        in.total.merge(f);
        in.jobs.push_back(std::move(j));
    }
    ASSERT_GT(in.jobs.size(), 10u);
    const auto c = compareCohorts(in, in, CompareOptions {});
    EXPECT_EQ(*c.deltaPp, 0.0);
    for (const auto& s : c.bridge->steps) {
        EXPECT_EQ(s.pico, 0);
    }
    EXPECT_TRUE(c.regressions.empty());
    EXPECT_TRUE(c.improvements.empty());
    EXPECT_EQ(c.matchedJobs, static_cast<int64_t>(in.jobs.size()));
}

TEST(Compare, AMatchValueOfSeveralJobsPairsTheNthRunByStartOneToOne)
{
    // Name "llama" holds three runs in A and two in B; "bert" one in A only, "t5" one in B only;
    // "vit" one in each but no time in B. Each job's match is its name; keys are distinct.
    struct Run
    {
        std::string key, name;
        int64_t startS, productive, lost;
    };
    auto make = [](const std::vector<Run>& runs, const std::string& label) {
        CohortInput in;
        int64_t ref = label == "a" ? 100 : 200;
        for (const Run& r : runs) {
            CohortJob j;
            j.key = r.key;
            j.match = r.name;
            j.name = r.name;
            j.label = label;
            j.gpus = 8;
            j.startNs = r.startS * kS;
            j.ref = ref++;
            const Figures f = jobFigures(r.productive * kS, r.lost * kS, 8);
            j.totals = f;
            in.total.merge(f);
            in.jobs.push_back(j);
        }
        sortCohortJobs(in.jobs);
        return in;
    };
    // Listed by key, which is not start order: the pairing must sort by start.
    const CohortInput a
        = make({ { "a1", "llama", 300, 50, 50 }, { "a2", "llama", 100, 90, 10 }, { "a3", "llama", 200, 70, 30 },
                   { "a4", "bert", 0, 10, 90 }, { "a5", "vit", 0, 9, 1 } },
            "a");
    const CohortInput b = make({ { "b1", "llama", 150, 60, 40 }, { "b2", "llama", 50, 95, 5 },
                                   { "b3", "t5", 0, 100, 0 }, { "b4", "vit", 0, 0, 0 } },
        "b");
    const auto c = compareCohorts(a, b, CompareOptions {});
    // llama: a2 (t=100) with b2 (t=50), a3 (t=200) with b1 (t=150); a1 is a run beyond B's.
    EXPECT_EQ(c.matchedJobs, 2);
    EXPECT_EQ(c.matching.pairs, 2);
    EXPECT_EQ(c.matching.pairsWithoutTime, 1) << "vit: B has no E2E";
    EXPECT_EQ(c.matching.onlyA, 1) << "bert";
    EXPECT_EQ(c.matching.onlyB, 1) << "t5";
    EXPECT_EQ(c.matching.extraA, 1) << "the third llama run";
    EXPECT_EQ(c.matching.extraB, 0);
    EXPECT_EQ(c.matching.sharedValues, 1);
    // Every job is counted once on each side.
    EXPECT_EQ(c.matching.pairedA() + c.matching.unpairedA(), static_cast<int64_t>(a.jobs.size()));
    EXPECT_EQ(c.matching.pairedB() + c.matching.unpairedB(), static_cast<int64_t>(b.jobs.size()));
    // a2 90% -> b2 95%: +5 pp, an improvement; a3 70% -> b1 60%: -10 pp, a regression.
    ASSERT_EQ(c.regressions.size(), 1u);
    const MatchedJob& worse = c.regressions[0];
    EXPECT_EQ(worse.match, "llama");
    EXPECT_EQ(worse.run, 2);
    EXPECT_EQ(worse.runsA, 3);
    EXPECT_EQ(worse.runsB, 2);
    EXPECT_EQ(worse.keyA, "a3");
    EXPECT_EQ(worse.keyB, "b1");
    EXPECT_EQ(worse.labelA, "a");
    EXPECT_EQ(worse.refA, 102);
    EXPECT_EQ(worse.refB, 200);
    EXPECT_EQ(worse.startA, 200 * kS);
    EXPECT_DOUBLE_EQ(worse.deltaPp, -10.0);
    ASSERT_EQ(c.improvements.size(), 1u);
    EXPECT_EQ(c.improvements[0].keyA, "a2");
    EXPECT_EQ(c.improvements[0].keyB, "b2");
    EXPECT_EQ(c.improvements[0].run, 1);
    EXPECT_DOUBLE_EQ(c.improvements[0].deltaPp, 5.0) << "one job's figures, not the group's";
}

TEST(Compare, RunsThatStartTogetherPairInKeyOrder)
{
    CohortInput a;
    CohortInput b;
    for (const std::string key : { "k2", "k1" }) {
        for (CohortInput* in : { &a, &b }) {
            CohortJob j;
            j.key = key;
            j.match = "same";
            j.startNs = 0;
            j.totals = jobFigures(key == "k1" ? 10 * kS : 20 * kS, kS, 1);
            in->jobs.push_back(j);
        }
    }
    b.jobs[0].totals = jobFigures(20 * kS, 2 * kS, 1); // k2 of B is worse than k2 of A
    const auto c = compareCohorts(a, b, CompareOptions {});
    EXPECT_EQ(c.matchedJobs, 2);
    ASSERT_EQ(c.regressions.size(), 1u);
    EXPECT_EQ(c.regressions[0].keyA, "k2");
    EXPECT_EQ(c.regressions[0].keyB, "k2");
    EXPECT_EQ(c.regressions[0].run, 2);
}

} // namespace
} // namespace ett::core
