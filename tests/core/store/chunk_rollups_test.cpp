// The bytes of a chunk's roll-up (core/store/chunk_rollups.h): what is encoded decodes to the same
// sums, counts and sorted samples, wide sums beyond 64 bits included; a negative sample is refused;
// every cut of the bytes, and bytes left over, are damage.
#include "core/store/chunk_rollups.h"
#include "core/store/column_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace ett::core {
namespace {

std::vector<ChunkRollupGroup> someGroups()
{
    std::vector<ChunkRollupGroup> groups(3);
    groups[0].name = "ads";
    groups[1].name = "";
    groups[2].name = "(none)";
    int64_t seed = 7;
    auto next = [&seed] {
        seed = static_cast<int64_t>(
            (static_cast<uint64_t>(seed) * 6364136223846793005ULL + 1442695040888963407ULL) >> 1);
        return seed % 100'000'000'000LL;
    };
    for (size_t g = 0; g < groups.size(); ++g) {
        Figures& f = groups[g].figures;
        f.jobs = 10 + static_cast<int64_t>(g);
        f.attempts = 17;
        f.failures = 3;
        f.preemptions = 2;
        f.otherInterruptions = 1;
        f.noCheckpointDataJobs = static_cast<int64_t>(g);
        f.e2eNs = static_cast<Wide>(1) << 80; // beyond 64 bits
        f.e2eGpuNs = -(static_cast<Wide>(123) << 70);
        for (size_t b = 0; b < kBucketCount; ++b) {
            f.bucketsNs[b] = static_cast<Wide>(next()) * static_cast<Wide>(b);
            f.bucketsGpuNs[b] = static_cast<Wide>(next()) << 20;
        }
        groups[g].queueNs = next();
        groups[g].queueGpuNs = static_cast<Wide>(next()) << 40;
        // 200 TTS samples (more than three anchors' strides), fewer of the others, one list empty.
        for (int i = 0; i < 200; ++i) {
            f.ttsNs.push_back(next());
        }
        for (int i = 0; i < 70 * static_cast<int>(g); ++i) {
            f.addTtr(next(), TtrSplit { next(), next(), next() });
        }
        f.ttsNs.push_back(0);
        f.ttsNs.push_back(INT64_MAX);
    }
    return groups;
}

TEST(ChunkRollupBytes, DecodeToWhatWasEncoded)
{
    const auto groups = someGroups();
    auto raw = encodeChunkRollup(groups);
    ASSERT_TRUE(raw.ok()) << raw.error().message;
    auto decoded = decodeChunkRollup(*raw);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    ASSERT_EQ(decoded->size(), groups.size());
    for (size_t g = 0; g < groups.size(); ++g) {
        const ChunkRollupGroup& want = groups[g];
        const PreRolledGroup& got = (*decoded)[g];
        EXPECT_EQ(got.name, want.name);
        EXPECT_EQ(got.figures.jobs, want.figures.jobs);
        EXPECT_EQ(got.figures.attempts, want.figures.attempts);
        EXPECT_EQ(got.figures.failures, want.figures.failures);
        EXPECT_EQ(got.figures.preemptions, want.figures.preemptions);
        EXPECT_EQ(got.figures.otherInterruptions, want.figures.otherInterruptions);
        EXPECT_EQ(got.figures.noCheckpointDataJobs, want.figures.noCheckpointDataJobs);
        EXPECT_TRUE(got.figures.e2eNs == want.figures.e2eNs);
        EXPECT_TRUE(got.figures.e2eGpuNs == want.figures.e2eGpuNs);
        EXPECT_TRUE(got.figures.bucketsNs == want.figures.bucketsNs);
        EXPECT_TRUE(got.figures.bucketsGpuNs == want.figures.bucketsGpuNs);
        EXPECT_TRUE(got.queueNs == want.queueNs);
        EXPECT_TRUE(got.queueGpuNs == want.queueGpuNs);
        for (size_t l = 0; l < kSampleLists; ++l) {
            std::vector<int64_t> sorted = want.figures.samples(static_cast<SampleList>(l));
            Wide sum = 0;
            for (const int64_t v : sorted) {
                sum += v;
            }
            std::sort(sorted.begin(), sorted.end());
            std::vector<int64_t> unpacked(got.samples[l].count);
            ASSERT_TRUE(unpackSampleRun(got.samples[l], unpacked.data()).ok());
            EXPECT_EQ(unpacked, sorted) << "group " << g << ", list " << l;
            EXPECT_TRUE(got.sampleSums[l] == sum) << "group " << g << ", list " << l;
        }
    }
}

TEST(ChunkRollupBytes, ANegativeSampleIsRefused)
{
    auto groups = someGroups();
    groups[1].figures.ttrRestartNs.push_back(-1);
    groups[1].figures.ttrNs.push_back(5);
    auto raw = encodeChunkRollup(groups);
    ASSERT_FALSE(raw.ok());
    EXPECT_NE(raw.error().message.find("restart"), std::string::npos) << raw.error().message;
}

TEST(ChunkRollupBytes, SamplesOutOfOrderOrNegativeAreDamage)
{
    // A list's bytes replaced by a column of the same count whose values fall, or go below zero.
    for (const std::vector<int64_t>& wrong : { std::vector<int64_t> { 5, 3, 9 }, std::vector<int64_t> { -4, 1, 2 } }) {
        const std::string encoded = columnar::encodeInts(wrong, columnar::Encoding::DeltaInts);
        std::vector<int64_t> out(3);
        const Status st = unpackSampleRun(SampleRun { 3, encoded }, out.data());
        EXPECT_FALSE(st.ok());
    }
    const std::string values = columnar::encodeInts({ 1, 2 }, columnar::Encoding::Ints);
    std::vector<int64_t> out(2);
    EXPECT_FALSE(unpackSampleRun(SampleRun { 2, values }, out.data()).ok()) << "not a column of differences";
    EXPECT_FALSE(unpackSampleRun(
        SampleRun { 3, columnar::encodeInts({ 1, 2 }, columnar::Encoding::DeltaInts) }, std::vector<int64_t>(3).data())
                     .ok())
        << "a count that disagrees";
}

TEST(ChunkRollupBytes, EveryCutAndBytesLeftOverAreDamage)
{
    auto raw = encodeChunkRollup(someGroups());
    ASSERT_TRUE(raw.ok()) << raw.error().message;
    for (size_t n = 0; n < raw->size(); ++n) {
        auto cut = decodeChunkRollup(std::string_view(*raw).substr(0, n));
        EXPECT_FALSE(cut.ok()) << "cut at " << n;
    }
    const std::string longer = *raw + "x";
    auto left = decodeChunkRollup(longer);
    ASSERT_FALSE(left.ok());
    EXPECT_NE(left.error().message.find("damaged roll-up"), std::string::npos);
    // An empty roll-up (no groups) is one byte.
    auto none = encodeChunkRollup({});
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(*none, std::string(1, '\0'));
    EXPECT_TRUE(decodeChunkRollup(*none)->empty());
}

} // namespace
} // namespace ett::core
