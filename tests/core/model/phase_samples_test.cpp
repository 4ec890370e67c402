// The compact phase samples of the derived table attempt_phases: every phase comes back with its
// kind, start and duration, whatever the order, overlap or size of the phases; a damaged blob is
// an error that says where.
#include "core/model/phase_samples.h"
#include "core/model/varint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>

namespace ett::core {
namespace {

std::vector<PhaseSample> decodeAll(const std::string& blob, int64_t attemptStartNs, std::string* error = nullptr)
{
    std::vector<PhaseSample> out;
    PhaseSampleReader reader(blob, attemptStartNs);
    PhaseSample p;
    while (reader.next(p)) {
        out.push_back(p);
    }
    if (error) {
        *error = reader.error();
    }
    return out;
}

std::vector<std::tuple<int64_t, int64_t, int64_t>> sorted(const std::vector<PhaseSpan>& phases)
{
    std::vector<std::tuple<int64_t, int64_t, int64_t>> v;
    for (const auto& p : phases) {
        v.emplace_back(p.startNs, p.endNs - p.startNs, p.kind);
    }
    std::sort(v.begin(), v.end());
    return v;
}

std::vector<std::tuple<int64_t, int64_t, int64_t>> sorted(const std::vector<PhaseSample>& samples)
{
    std::vector<std::tuple<int64_t, int64_t, int64_t>> v;
    for (const auto& p : samples) {
        v.emplace_back(p.startNs, p.durNs, p.kind);
    }
    std::sort(v.begin(), v.end());
    return v;
}

TEST(PhaseSamples, RoundTripOverlappingPhasesInAnyOrder)
{
    std::mt19937_64 rng(7);
    for (int round = 0; round < 200; ++round) {
        const int64_t attemptStart = static_cast<int64_t>(rng() % 2'000'000'000'000'000'000);
        std::vector<PhaseSpan> phases;
        const int n = static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            PhaseSpan p;
            p.startNs = attemptStart + static_cast<int64_t>(rng() % 86'400'000'000'000);
            p.endNs = p.startNs + static_cast<int64_t>(rng() % (i % 3 == 0 ? 10 : 3'600'000'000'000));
            p.kind = static_cast<int32_t>(rng() % 300);
            p.rank = static_cast<int32_t>(rng() % 8) - 1;
            phases.push_back(p);
        }
        auto blob = encodePhaseSamples(phases, attemptStart);
        ASSERT_TRUE(blob.ok()) << blob.error().message;
        std::string error;
        EXPECT_EQ(sorted(decodeAll(*blob, attemptStart, &error)), sorted(phases));
        EXPECT_EQ(error, "");
    }
}

TEST(PhaseSamples, ExtremeTimesRoundTrip)
{
    // Starts far before the attempt's (never in a store, but the format does not care) and spans
    // of the whole int64 range come back exactly.
    const std::vector<PhaseSpan> phases = {
        { INT64_MIN, INT64_MIN + 1, Category::Init, -1, 0 },
        { 0, INT64_MAX, Category::Train, 3, 7 },
        { -5, INT64_MAX - 5, Category::Eval, 3, 8 },
        { INT64_MAX, INT64_MAX, Category::Compile, -1, 2 },
    };
    auto blob = encodePhaseSamples(phases, 1'000);
    ASSERT_TRUE(blob.ok());
    EXPECT_EQ(sorted(decodeAll(*blob, 1'000)), sorted(phases));
}

TEST(PhaseSamples, PhasesThatFollowEachOtherCostAByteForTheirStart)
{
    // Kind 1, start at the attempt start (gap 0), 300 ns; kind 2 right after it (gap 0), 1 ns.
    auto blob = encodePhaseSamples({ { 310, 311, Category::Train, -1, 2 }, { 10, 310, Category::Init, -1, 1 } }, 10);
    ASSERT_TRUE(blob.ok());
    EXPECT_EQ(*blob, std::string("\x01\x00\xac\x02\x02\x00\x01", 7));
}

TEST(PhaseSamples, APhaseWithoutKindOrEndingBeforeItStartsIsRefused)
{
    auto noKind = encodePhaseSamples({ { 0, 5, Category::Train, -1, 3 }, { 0, 5, Category::Train, -1, -1 } }, 0);
    ASSERT_FALSE(noKind.ok());
    EXPECT_NE(noKind.error().message.find("phase 1"), std::string::npos) << noKind.error().message;
    auto backwards = encodePhaseSamples({ { 9, 5, Category::Train, -1, 3 } }, 0);
    ASSERT_FALSE(backwards.ok());
    EXPECT_NE(backwards.error().message.find("ends before it starts"), std::string::npos);
    auto tooLong = encodePhaseSamples({ { -5, INT64_MAX, Category::Train, -1, 3 } }, 0);
    ASSERT_FALSE(tooLong.ok());
    EXPECT_NE(tooLong.error().message.find("int64"), std::string::npos) << tooLong.error().message;
}

TEST(PhaseSamples, DamagedBlobIsAnErrorThatSaysWhere)
{
    auto blob = encodePhaseSamples({ { 0, 5, Category::Train, -1, 3 }, { 5, 900, Category::Train, -1, 4 } }, 0);
    ASSERT_TRUE(blob.ok());
    // Cut inside the second phase's duration: the first phase comes back, then the error.
    const std::string cut = blob->substr(0, blob->size() - 1);
    std::string error;
    const auto read = decodeAll(cut, 0, &error);
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read[0].durNs, 5);
    EXPECT_NE(error.find("byte 3"), std::string::npos) << error;
    // A varint longer than 64 bits.
    std::string overlong(11, '\x80');
    decodeAll(overlong, 0, &error);
    EXPECT_NE(error.find("byte 0"), std::string::npos) << error;
    // A duration beyond int64.
    std::string huge;
    putVarint(huge, 1);
    putVarint(huge, 0);
    putVarint(huge, UINT64_MAX);
    decodeAll(huge, 0, &error);
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
}

TEST(Varint, ZigzagKeepsSmallMagnitudesSmallAndRoundTripsEveryEdge)
{
    EXPECT_EQ(zigzag(0), 0u);
    EXPECT_EQ(zigzag(-1), 1u);
    EXPECT_EQ(zigzag(1), 2u);
    for (const int64_t v : { INT64_MIN, INT64_MIN + 1, int64_t { -1 }, int64_t { 0 }, INT64_MAX }) {
        EXPECT_EQ(unzigzag(zigzag(v)), v);
        std::string s;
        putVarint(s, zigzag(v));
        size_t pos = 0;
        const auto back = getVarint(s, pos);
        ASSERT_TRUE(back.has_value());
        EXPECT_EQ(unzigzag(*back), v);
        EXPECT_EQ(pos, s.size());
    }
}

} // namespace
} // namespace ett::core
