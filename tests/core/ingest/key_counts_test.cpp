// KeyCounts against std::unordered_map on the same keys: exact counts through many growths of its
// table, keys longer than an arena block, the empty key and keys that differ only in length.
#include "core/ingest/key_counts.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <unordered_map>

namespace ett::core {
namespace {

TEST(KeyCounts, CountsLikeAnUnorderedMapThroughManyGrowths)
{
    KeyCounts counts;
    std::unordered_map<std::string, int32_t> expected;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> pick(0, 39'999);
    for (int i = 0; i < 200'000; ++i) {
        const std::string key = "job-" + std::to_string(pick(rng));
        EXPECT_EQ(counts[key]++, expected[key]++) << key;
    }
    EXPECT_EQ(counts.size(), expected.size());
    for (const auto& [key, n] : expected) {
        ASSERT_EQ(counts[key], n) << key;
    }
    EXPECT_EQ(counts.size(), expected.size()) << "looking keys up again added none";
}

TEST(KeyCounts, KeysLongerThanABlockEmptyAndPrefixesAreDistinct)
{
    KeyCounts counts;
    const std::string huge(3 << 20, 'x'); // three arena blocks
    counts[huge] = 5;
    counts[""] = 1;
    counts["x"] = 2;
    counts["xx"] = 3;
    counts[huge.substr(0, huge.size() - 1)] = 4;
    EXPECT_EQ(counts[huge], 5);
    EXPECT_EQ(counts[""], 1);
    EXPECT_EQ(counts["x"], 2);
    EXPECT_EQ(counts["xx"], 3);
    EXPECT_EQ(counts[huge.substr(0, huge.size() - 1)], 4);
    EXPECT_EQ(counts.size(), 5U);
}

} // namespace
} // namespace ett::core
