// core::sortInt64 against std::sort: sizes on both sides of the radix threshold, negative values,
// duplicates, values that differ only in high bytes, and lists where every value is the same.
#include "core/model/int_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace ett::core {
namespace {

void expectSortedLikeStd(std::vector<int64_t> values)
{
    std::vector<int64_t> want = values;
    std::sort(want.begin(), want.end());
    sortInt64(values);
    EXPECT_EQ(values, want);
}

TEST(SortInt64, RandomValuesOfEverySignAndSizeSortAsStdSortDoes)
{
    std::mt19937_64 rng(7);
    for (const size_t n : { size_t { 0 }, size_t { 1 }, size_t { 100 }, size_t { 4095 }, size_t { 4096 },
             size_t { 10'000 }, size_t { 100'003 } }) {
        std::vector<int64_t> any(n);
        std::vector<int64_t> durations(n);
        std::vector<int64_t> few(n);
        for (size_t i = 0; i < n; ++i) {
            any[i] = static_cast<int64_t>(rng());
            durations[i] = static_cast<int64_t>(rng() % 400'000'000'000'000ULL); // up to about 4.6 days in ns
            few[i] = static_cast<int64_t>(rng() % 5) - 2; // duplicates around zero
        }
        SCOPED_TRACE(n);
        expectSortedLikeStd(any);
        expectSortedLikeStd(durations);
        expectSortedLikeStd(few);
    }
}

TEST(SortInt64, ExtremesHighBytesAndEqualValues)
{
    std::vector<int64_t> extremes;
    std::vector<int64_t> highOnly;
    for (int i = 0; i < 5000; ++i) {
        extremes.push_back(i % 3 == 0 ? std::numeric_limits<int64_t>::min()
                : i % 3 == 1          ? std::numeric_limits<int64_t>::max()
                                      : (5000 - i));
        highOnly.push_back(static_cast<int64_t>((5000 - i) % 97) << 48); // only bytes 6 and 7 differ
    }
    expectSortedLikeStd(extremes);
    expectSortedLikeStd(highOnly);
    expectSortedLikeStd(std::vector<int64_t>(6000, 42)); // no byte differs: nothing to do
    std::vector<int64_t> descending(8000);
    for (size_t i = 0; i < descending.size(); ++i) {
        descending[i] = static_cast<int64_t>(descending.size() - i) * 1'000'000'007LL;
    }
    expectSortedLikeStd(descending);
}

} // namespace
} // namespace ett::core
