// The columnar copy's encoding of one column (core/store/column_codec.h), on its own: integers of every
// width, as values and as differences, with and without a common divisor, the extremes of int64;
// values checked against a narrower range; appending after what a vector holds; strings; and damage
// refused without a read past the end.
#include "core/store/column_codec.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace ett::core::columnar {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

std::vector<int64_t> roundTrip(const std::vector<int64_t>& values, Encoding encoding)
{
    auto packed = compress(encodeInts(values, encoding));
    EXPECT_TRUE(packed.ok());
    std::string raw;
    EXPECT_TRUE(decompress(*packed, static_cast<int64_t>(encodeInts(values, encoding).size()), raw).ok());
    std::vector<int64_t> out;
    EXPECT_TRUE(decodeInts(raw, out).ok());
    return out;
}

// The width the encoder picked: the byte after the header's count and divisor.
int widthOf(const std::vector<int64_t>& values, Encoding encoding)
{
    auto run = readInts(encodeInts(values, encoding));
    EXPECT_TRUE(run.ok());
    return run.ok() ? run->width : 0;
}

TEST(ColumnCodec, IntegersOfEveryWidthRoundTripAsValuesAndDifferences)
{
    std::mt19937_64 random(7);
    for (const int64_t magnitude : { int64_t { 100 }, int64_t { 30'000 }, int64_t { 2'000'000'000 }, kMax / 4 }) {
        for (const int64_t divisor : { int64_t { 1 }, int64_t { 1'000'000 } }) {
            SCOPED_TRACE(std::to_string(magnitude) + " x " + std::to_string(divisor));
            std::vector<int64_t> values;
            std::uniform_int_distribution<int64_t> draw(-magnitude, magnitude);
            for (int i = 0; i < 1000; ++i) {
                const int64_t v = draw(random);
                values.push_back(divisor == 1 || v > kMax / divisor || v < kMin / divisor ? v : v * divisor);
            }
            for (const Encoding e : { Encoding::Ints, Encoding::DeltaInts }) {
                EXPECT_EQ(roundTrip(values, e), values);
            }
        }
    }
    // Each width is used where it is the fewest bytes (zigzag-coded, after the common divisor).
    EXPECT_EQ(widthOf({ 0, 1, -1, 100 }, Encoding::Ints), 1);
    EXPECT_EQ(widthOf({ 1, 30'000 }, Encoding::Ints), 2);
    EXPECT_EQ(widthOf({ 1, 2'000'000'000 }, Encoding::Ints), 4);
    EXPECT_EQ(widthOf({ 1, kMax }, Encoding::Ints), 8);
    EXPECT_EQ(widthOf({ 0, 30'000'000, 60'000'000 }, Encoding::Ints), 1) << "divided by 30,000,000";
    // The extremes, a missing time (kMin) next to times, and an empty column.
    const std::vector<int64_t> extremes { kMin, kMax, 0, -1, 1, kMin, 1'750'000'000'000'000'000, kMin, kMax };
    EXPECT_EQ(roundTrip(extremes, Encoding::Ints), extremes);
    EXPECT_EQ(roundTrip(extremes, Encoding::DeltaInts), extremes);
    EXPECT_TRUE(roundTrip({}, Encoding::DeltaInts).empty());
}

TEST(ColumnCodec, AppendsAfterWhatTheVectorHoldsAndRefusesValuesOutOfRange)
{
    const std::string codes = encodeInts({ 0, 3, 255, 7 }, Encoding::Ints);
    std::vector<uint8_t> small { 9 };
    ASSERT_TRUE(appendInts(codes, small, 0, 255).ok());
    EXPECT_EQ(small, (std::vector<uint8_t> { 9, 0, 3, 255, 7 }));
    // A value outside the range: refused, and the vector keeps what it held.
    EXPECT_FALSE(appendInts(codes, small, 0, 254).ok());
    EXPECT_EQ(small.size(), 5u);
    EXPECT_FALSE(appendInts(encodeInts({ 1, -1 }, Encoding::DeltaInts), small, 0, 255).ok());
    std::vector<int32_t> numbers;
    EXPECT_FALSE(appendInts(encodeInts({ 1, int64_t { 1 } << 31 }, Encoding::Ints), numbers).ok());
    EXPECT_TRUE(numbers.empty());
    ASSERT_TRUE(appendInts(encodeInts({ -(int64_t { 1 } << 31), 5 }, Encoding::DeltaInts), numbers).ok());
    EXPECT_EQ(numbers, (std::vector<int32_t> { std::numeric_limits<int32_t>::min(), 5 }));
    // The full range of int64 is not checked at all, and every value passes.
    std::vector<int64_t> wide { 1 };
    ASSERT_TRUE(appendInts(encodeInts({ kMin, kMax }, Encoding::Ints), wide).ok());
    EXPECT_EQ(wide, (std::vector<int64_t> { 1, kMin, kMax }));
}

TEST(ColumnCodec, StringsRoundTripAppendAndRefuseDamage)
{
    const std::vector<std::string> texts { "", "a", std::string(300, 'x'), "job-\xc3\xa9t\xc3\xa9",
        std::string(1, '\0') };
    const std::string raw = encodeStrings(texts);
    std::vector<std::string> out { "kept" };
    ASSERT_TRUE(appendStrings(raw, out).ok());
    ASSERT_EQ(out.size(), texts.size() + 1);
    EXPECT_EQ(out[0], "kept");
    EXPECT_EQ(std::vector<std::string>(out.begin() + 1, out.end()), texts);
    ASSERT_TRUE(decodeStrings(raw, out).ok());
    EXPECT_EQ(out, texts);
    // Every cut of the column is refused, and so is a byte after it; what was appended before stays.
    for (size_t n = 0; n < raw.size(); ++n) {
        std::vector<std::string> cut { "kept" };
        EXPECT_FALSE(appendStrings(raw.substr(0, n), cut).ok()) << n;
        EXPECT_EQ(cut, std::vector<std::string> { "kept" }) << n;
    }
    std::vector<std::string> longer;
    EXPECT_FALSE(appendStrings(raw + "z", longer).ok());
    // Integers are not strings, nor strings integers.
    EXPECT_FALSE(appendStrings(encodeInts({ 1 }, Encoding::Ints), longer).ok());
    std::vector<int64_t> ints;
    EXPECT_FALSE(appendInts(raw, ints).ok());
}

TEST(ColumnCodec, DamagedIntegersAreRefused)
{
    const std::string raw = encodeInts({ 5, 6, 7, 1'000'000 }, Encoding::DeltaInts);
    for (size_t n = 0; n < raw.size(); ++n) {
        std::vector<int64_t> out;
        EXPECT_FALSE(appendInts(raw.substr(0, n), out).ok()) << n;
        EXPECT_TRUE(out.empty()) << n;
    }
    std::vector<int64_t> out;
    EXPECT_FALSE(appendInts(raw + '\0', out).ok());
    std::string frame = *compress(raw);
    std::string back;
    EXPECT_FALSE(decompress(frame, static_cast<int64_t>(raw.size()) + 1, back).ok()) << "a size not the frame's";
    EXPECT_FALSE(decompress(frame.substr(0, frame.size() - 1), static_cast<int64_t>(raw.size()), back).ok());
    EXPECT_FALSE(decompress("not zstd", 8, back).ok());
}

} // namespace
} // namespace ett::core::columnar
