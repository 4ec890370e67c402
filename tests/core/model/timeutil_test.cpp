// Exact time conversions (spec ett-trace-v1 section 2): decimal numbers in a time unit, RFC 3339
// timestamps, and their formatting back, all to the nanosecond without binary floating point.
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core {
namespace {

constexpr int64_t kS = kNsPerSecond;
constexpr int64_t kMs = 1'000'000;
constexpr int64_t kUs = 1'000;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// 2025-06-01T12:00:00Z in seconds since the epoch.
constexpr int64_t kJune1Noon = 1'748'779'200;

// ---------------------------------------------------------------------------------------------
// Time units

TEST(TimeUnit, EachSpecUnitHasItsNanosecondFactor)
{
    EXPECT_EQ(nsPerTimeUnit("s"), kS);
    EXPECT_EQ(nsPerTimeUnit("ms"), kMs);
    EXPECT_EQ(nsPerTimeUnit("us"), kUs);
    EXPECT_EQ(nsPerTimeUnit("ns"), 1);
}

TEST(TimeUnit, OtherNamesAreRejected)
{
    for (std::string_view unit : { "", "S", "sec", "m", "min", "µs", "ps", "h" }) {
        EXPECT_FALSE(nsPerTimeUnit(unit).has_value()) << unit;
    }
}

// ---------------------------------------------------------------------------------------------
// decimalToNs

TEST(DecimalToNs, ConvertsIntegersInEachUnit)
{
    EXPECT_EQ(decimalToNs("0", kS), 0);
    EXPECT_EQ(decimalToNs("58545", kS), 58545 * kS);
    EXPECT_EQ(decimalToNs("7", kMs), 7 * kMs);
    EXPECT_EQ(decimalToNs("7", kUs), 7 * kUs);
    EXPECT_EQ(decimalToNs("7", 1), 7);
    EXPECT_EQ(decimalToNs("1748779200", kS), kJune1Noon * kS);
    EXPECT_EQ(decimalToNs("1748779200000000", kUs), kJune1Noon * kS);
}

TEST(DecimalToNs, ConvertsFractionsExactly)
{
    EXPECT_EQ(decimalToNs("1.5", kS), 1'500'000'000);
    EXPECT_EQ(decimalToNs("0.000000001", kS), 1);
    EXPECT_EQ(decimalToNs("1748779200.250", kS), kJune1Noon * kS + 250'000'000);
    EXPECT_EQ(decimalToNs("1748779200.123456789", kS), kJune1Noon * kS + 123'456'789);
    EXPECT_EQ(decimalToNs("1.25", kUs), 1250);
    EXPECT_EQ(decimalToNs("0.001", kMs), 1000);
    EXPECT_EQ(decimalToNs("2.000", 1), 2);
    // 0.1 is not exact in binary floating point; here it must be.
    EXPECT_EQ(decimalToNs("0.1", kS), 100'000'000);
    EXPECT_EQ(decimalToNs("1748779200.1", kS), kJune1Noon * kS + 100'000'000);
}

TEST(DecimalToNs, AppliesExponents)
{
    EXPECT_EQ(decimalToNs("1e3", kMs), kS);
    EXPECT_EQ(decimalToNs("1E3", kMs), kS);
    EXPECT_EQ(decimalToNs("1e+2", kS), 100 * kS);
    EXPECT_EQ(decimalToNs("1.5E-3", kS), 1'500'000);
    EXPECT_EQ(decimalToNs("1.7487792e9", kS), 1'748'779'200 * kS);
    EXPECT_EQ(decimalToNs("12345e-4", kUs), 1235); // 1234.5 ns, half rounds away from zero
    EXPECT_EQ(decimalToNs("0e999999", kS), 0);
    EXPECT_EQ(decimalToNs("1e-50", kS), 0);
    EXPECT_EQ(decimalToNs("5e-10", kS), 1); // half a nanosecond
    EXPECT_EQ(decimalToNs("4.9e-10", kS), 0);
}

TEST(DecimalToNs, RoundsHalvesAwayFromZeroAtTheNanosecond)
{
    EXPECT_EQ(decimalToNs("0.5", 1), 1);
    EXPECT_EQ(decimalToNs("1.5", 1), 2);
    EXPECT_EQ(decimalToNs("2.5", 1), 3); // not to even
    EXPECT_EQ(decimalToNs("0.49999", 1), 0);
    EXPECT_EQ(decimalToNs("0.50001", 1), 1);
    EXPECT_EQ(decimalToNs("-0.5", 1), -1);
    EXPECT_EQ(decimalToNs("-2.5", 1), -3);
    EXPECT_EQ(decimalToNs("-0.4", 1), 0);
    EXPECT_EQ(decimalToNs("0.0000000015", kS), 2);
    EXPECT_EQ(decimalToNs("0.0000000025", kS), 3);
    EXPECT_EQ(decimalToNs("0.0000000014999999999", kS), 1);
    EXPECT_EQ(decimalToNs("1.0000005", kMs), 1'000'001); // 1000000.5 ns
    EXPECT_EQ(decimalToNs("1.0000004", kMs), 1'000'000);
}

TEST(DecimalToNs, RoundsCorrectlyWithVeryLongFractions)
{
    EXPECT_EQ(decimalToNs("0.123456789499999999999999999999999999", kS), 123'456'789);
    EXPECT_EQ(decimalToNs("0.123456789500000000000000000000000001", kS), 123'456'790);
    EXPECT_EQ(decimalToNs("0.0000000000000000000000000000000000000000001", kS), 0);
    EXPECT_EQ(decimalToNs("1748779200.00000000049999999999999999999", kS), kJune1Noon * kS);
}

TEST(DecimalToNs, ConvertsNegativeNumbers)
{
    EXPECT_EQ(decimalToNs("-1", kS), -kS);
    EXPECT_EQ(decimalToNs("-1.25", kS), -1'250'000'000);
    EXPECT_EQ(decimalToNs("-3e-3", kS), -3'000'000);
    EXPECT_EQ(decimalToNs("-0", kS), 0);
}

TEST(DecimalToNs, AcceptsTheInt64LimitsAndNothingBeyond)
{
    EXPECT_EQ(decimalToNs("9223372036854775807", 1), kMax);
    EXPECT_FALSE(decimalToNs("9223372036854775808", 1).has_value());
    EXPECT_EQ(decimalToNs("9223372036.854775807", kS), kMax);
    EXPECT_FALSE(decimalToNs("9223372036.854775808", kS).has_value());
    EXPECT_EQ(decimalToNs("-9223372036854775807", 1), kMin + 1);
    EXPECT_EQ(decimalToNs("-9223372036854775808", 1), kMin);
    EXPECT_FALSE(decimalToNs("-9223372036854775809", 1).has_value());
}

TEST(DecimalToNs, OverflowHasNoValue)
{
    EXPECT_FALSE(decimalToNs("9223372037", kS).has_value());
    EXPECT_FALSE(decimalToNs("1e19", 1).has_value());
    EXPECT_FALSE(decimalToNs("1e400", kS).has_value());
    EXPECT_FALSE(decimalToNs("-1e400", kS).has_value());
    EXPECT_FALSE(decimalToNs("1e99999999999", kS).has_value());
    EXPECT_FALSE(decimalToNs("100000000000000000000000000000000000000000", 1).has_value());
    EXPECT_FALSE(decimalToNs("9223372036854775807", kUs).has_value());
}

TEST(DecimalToNs, GarbageHasNoValue)
{
    for (std::string_view text : { "", "-", "abc", "1.", ".5", "-.5", "1e", "1e+", "1e-", "1.2.3", "0x10", " 1", "1 ",
             "1,5", "NaN", "Infinity", "--1", "1e5.5", "1.5s", "e5", "\"1\"" }) {
        EXPECT_FALSE(decimalToNs(text, kS).has_value()) << "'" << text << "'";
    }
}

// ---------------------------------------------------------------------------------------------
// parseRfc3339

TEST(ParseRfc3339, ReadsUtcWithZ)
{
    EXPECT_EQ(parseRfc3339("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00Z"), kJune1Noon * kS);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.250Z"), kJune1Noon * kS + 250'000'000);
    EXPECT_EQ(parseRfc3339("1969-12-31T23:59:59.5Z"), -500'000'000);
}

TEST(ParseRfc3339, AppliesOffsets)
{
    const int64_t expected = kJune1Noon * kS + 250'000'000;
    EXPECT_EQ(parseRfc3339("2025-06-01T14:00:00.25+02:00"), expected);
    EXPECT_EQ(parseRfc3339("2025-06-01T06:30:00.25-05:30"), expected);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.25+00:00"), expected);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.25-00:00"), expected);
    EXPECT_EQ(parseRfc3339("2025-06-02T01:00:00+13:00"), kJune1Noon * kS); // across midnight
}

TEST(ParseRfc3339, AcceptsLowerCaseAndSpaceSeparator)
{
    EXPECT_EQ(parseRfc3339("2025-06-01t12:00:00z"), kJune1Noon * kS);
    EXPECT_EQ(parseRfc3339("2025-06-01 12:00:00Z"), kJune1Noon * kS);
    EXPECT_EQ(parseRfc3339("2025-06-01t12:00:00.5z"), kJune1Noon * kS + 500'000'000);
}

TEST(ParseRfc3339, ReadsFractionsOfOneToNineDigits)
{
    const int64_t base = kJune1Noon * kS;
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.1Z"), base + 100'000'000);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.12Z"), base + 120'000'000);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.123456Z"), base + 123'456'000);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.123456789Z"), base + 123'456'789);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.000000001Z"), base + 1);
}

TEST(ParseRfc3339, RoundsFractionsBeyondNineDigits)
{
    const int64_t base = kJune1Noon * kS;
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.1234567894Z"), base + 123'456'789);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.1234567895Z"), base + 123'456'790);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.00000000049999999999999Z"), base);
    EXPECT_EQ(parseRfc3339("2025-06-01T12:00:00.9999999995Z"), base + kS); // carries into the next second
}

TEST(ParseRfc3339, ChecksDaysPerMonthAndLeapYears)
{
    EXPECT_EQ(parseRfc3339("2024-02-29T00:00:00Z"), 1'709'164'800 * kS);
    EXPECT_TRUE(parseRfc3339("2000-02-29T00:00:00Z").has_value()); // divisible by 400
    EXPECT_FALSE(parseRfc3339("1900-02-29T00:00:00Z").has_value()); // divisible by 100
    EXPECT_FALSE(parseRfc3339("2023-02-29T00:00:00Z").has_value());
    EXPECT_FALSE(parseRfc3339("2024-02-30T00:00:00Z").has_value());
    EXPECT_FALSE(parseRfc3339("2025-04-31T00:00:00Z").has_value());
    EXPECT_TRUE(parseRfc3339("2025-12-31T23:59:59Z").has_value());
    EXPECT_FALSE(parseRfc3339("2025-12-32T00:00:00Z").has_value());
}

TEST(ParseRfc3339, RejectsMalformedText)
{
    for (std::string_view text : {
             "",
             "2025-13-01T00:00:00Z", // month 13
             "2025-00-01T00:00:00Z", // month 0
             "2025-06-00T00:00:00Z", // day 0
             "2025-06-01T24:00:00Z", // hour 24
             "2025-06-01T12:60:00Z", // minute 60
             "2025-06-01T12:00:61Z", // second 61
             "2025-06-01T12:00:00", // no zone
             "2025-06-01T12:00:00.25", // no zone after a fraction
             "2025-06-01", // date only
             "2025-06-01T12:00Z", // no seconds
             "2025-6-1T12:00:00Z", // short fields
             "25-06-01T12:00:00Z",
             "2025/06/01T12:00:00Z",
             "2025-06-01X12:00:00Z", // separator
             "2025-06-01T12:00:00.Z", // empty fraction
             "2025-06-01T12:00:00ZZ", // trailing junk
             "2025-06-01T12:00:00Z ",
             "2025-06-01T12:00:00+0200", // offset without colon
             "2025-06-01T12:00:00+02", // offset without minutes
             "2025-06-01T12:00:00+24:00", // offset hour 24
             "2025-06-01T12:00:00+02:60", // offset minute 60
             "2025-06-01T12:00:00UTC",
             " 2025-06-01T12:00:00Z",
             "1748779200",
         }) {
        EXPECT_FALSE(parseRfc3339(text).has_value()) << "'" << text << "'";
    }
}

TEST(ParseRfc3339, FoldsALeapSecondIntoTheNextMinute)
{
    EXPECT_EQ(parseRfc3339("2016-12-31T23:59:60Z"), (1'483'228'799 + 1) * kS);
}

TEST(ParseRfc3339, AcceptsExactlyTheInt64Range)
{
    EXPECT_EQ(parseRfc3339("2262-04-11T23:47:16.854775807Z"), kMax);
    EXPECT_FALSE(parseRfc3339("2262-04-11T23:47:16.854775808Z").has_value());
    EXPECT_EQ(parseRfc3339("1677-09-21T00:12:43.145224192Z"), kMin);
    EXPECT_FALSE(parseRfc3339("1677-09-21T00:12:43.145224191Z").has_value());
    EXPECT_FALSE(parseRfc3339("9999-12-31T23:59:59Z").has_value());
    EXPECT_FALSE(parseRfc3339("0000-01-01T00:00:00Z").has_value());
}

// ---------------------------------------------------------------------------------------------
// formatRfc3339

TEST(FormatRfc3339, WritesUtcWithTheShortestExactFraction)
{
    EXPECT_EQ(formatRfc3339(0), "1970-01-01T00:00:00Z");
    EXPECT_EQ(formatRfc3339(kJune1Noon * kS), "2025-06-01T12:00:00Z");
    EXPECT_EQ(formatRfc3339(kJune1Noon * kS + 250'000'000), "2025-06-01T12:00:00.25Z");
    EXPECT_EQ(formatRfc3339(kJune1Noon * kS + 1), "2025-06-01T12:00:00.000000001Z");
    EXPECT_EQ(formatRfc3339(-500'000'000), "1969-12-31T23:59:59.5Z");
    EXPECT_EQ(formatRfc3339(-1), "1969-12-31T23:59:59.999999999Z");
    EXPECT_EQ(formatRfc3339(1'709'164'800 * kS), "2024-02-29T00:00:00Z");
}

TEST(FormatRfc3339, RoundTripsThroughParse)
{
    const int64_t values[] = {
        0,
        1,
        -1,
        kJune1Noon * kS + 123'456'789,
        -86'400 * kS - 7,
        951'782'400 * kS, // 2000-02-29
        kMax,
        kMin,
        kMax - 999'999'999,
        kMin + 1,
    };
    for (int64_t v : values) {
        const std::string text = formatRfc3339(v);
        EXPECT_EQ(parseRfc3339(text), v) << text;
    }
    // A sweep over the whole range (one instant every ~ 116 days, at odd nanoseconds).
    for (int64_t v = kMin + 12345; v < kMax - 1'000'000'000'000'000'000; v += 10'000'000'000'000'000 + 987'654'321) {
        const std::string text = formatRfc3339(v);
        ASSERT_EQ(parseRfc3339(text), v) << text;
    }
}

TEST(FormatRfc3339, CanonicalizesParsedText)
{
    EXPECT_EQ(formatRfc3339(*parseRfc3339("2025-06-01T14:00:00.250+02:00")), "2025-06-01T12:00:00.25Z");
    EXPECT_EQ(formatRfc3339(*parseRfc3339("2025-06-01t12:00:00.100000000z")), "2025-06-01T12:00:00.1Z");
}

// ---------------------------------------------------------------------------------------------
// formatSeconds

TEST(FormatSeconds, WritesExactDecimalsWithoutTrailingZeros)
{
    EXPECT_EQ(formatSeconds(58545 * kS), "58545");
    EXPECT_EQ(formatSeconds(250'000'000), "0.25");
    EXPECT_EQ(formatSeconds(0), "0");
    EXPECT_EQ(formatSeconds(1), "0.000000001");
    EXPECT_EQ(formatSeconds(1'500'000'000), "1.5");
    EXPECT_EQ(formatSeconds(123'456'789'012), "123.456789012");
}

TEST(FormatSeconds, WritesNegativeValues)
{
    EXPECT_EQ(formatSeconds(-250'000'000), "-0.25");
    EXPECT_EQ(formatSeconds(-1'000'000'001), "-1.000000001");
    EXPECT_EQ(formatSeconds(-58545 * kS), "-58545");
    EXPECT_EQ(formatSeconds(kMin), "-9223372036.854775808");
    EXPECT_EQ(formatSeconds(kMax), "9223372036.854775807");
}

TEST(FormatSeconds, RoundTripsThroughDecimalToNs)
{
    for (int64_t v : { int64_t { 0 }, int64_t { 1 }, int64_t { -1 }, 58545 * kS, int64_t { 123'456'789'012 }, kMax,
             kMin + 1, kMin }) {
        EXPECT_EQ(decimalToNs(formatSeconds(v), kS), v) << formatSeconds(v);
    }
}

// ---------------------------------------------------------------------------------------------
// parseUserTime

TEST(ParseUserTime, AcceptsRfc3339AndEpochSeconds)
{
    const int64_t expected = kJune1Noon * kS + 250'000'000;
    EXPECT_EQ(parseUserTime("2025-06-01T12:00:00.25Z"), expected);
    EXPECT_EQ(parseUserTime("2025-06-01T14:00:00.25+02:00"), expected);
    EXPECT_EQ(parseUserTime("1748779200.25"), expected);
    EXPECT_EQ(parseUserTime("1748779200"), kJune1Noon * kS);
    EXPECT_EQ(parseUserTime("1.7487792e9"), kJune1Noon * kS);
    EXPECT_EQ(parseUserTime("0"), 0);
    EXPECT_EQ(parseUserTime("-1.5"), -1'500'000'000);
}

TEST(ParseUserTime, RejectsEverythingElse)
{
    for (std::string_view text :
        { "", "yesterday", "2025-06-1", "2025-13-01", "2025-06-01T12:00:00", "12:00", "1748779200s" }) {
        EXPECT_FALSE(parseUserTime(text).has_value()) << "'" << text << "'";
    }
}

TEST(ParseUserTime, ADateIsMidnightUtc)
{
    EXPECT_EQ(parseUserTime("2025-06-01"), daysFromCivil(2025, 6, 1) * 86400 * kS);
    EXPECT_EQ(parseUserTime("2025-06-01"), parseUserTime("2025-06-01T00:00:00Z"));
}

// ---------------------------------------------------------------------------------------------
// Human durations and civil days

TEST(FormatDurationHuman, PicksAUnitForPeople)
{
    EXPECT_EQ(formatDurationHuman(0), "0 s");
    EXPECT_EQ(formatDurationHuman(950 * kMs), "950 ms");
    EXPECT_EQ(formatDurationHuman(12'500 * kMs), "12.5 s");
    EXPECT_EQ(formatDurationHuman(250 * kS), "4 min 10 s");
    EXPECT_EQ(formatDurationHuman((3 * 3600 + 5 * 60) * kS), "3 h 05 min");
    EXPECT_EQ(formatDurationHuman((2 * 86400 + 4 * 3600) * kS), "2 d 04 h");
    EXPECT_EQ(formatDurationHuman(-250 * kS), "-4 min 10 s");
}

TEST(ParseUserDuration, ReadsANumberAndAUnitExactly)
{
    EXPECT_EQ(parseUserDuration("1h"), 3600 * kS);
    EXPECT_EQ(parseUserDuration("30m"), 1800 * kS);
    EXPECT_EQ(parseUserDuration("30min"), 1800 * kS);
    EXPECT_EQ(parseUserDuration("3600s"), 3600 * kS);
    EXPECT_EQ(parseUserDuration("1d"), 86400 * kS);
    EXPECT_EQ(parseUserDuration("2w"), 14 * 86400 * kS);
    EXPECT_EQ(parseUserDuration("250ms"), 250 * kMs);
    EXPECT_EQ(parseUserDuration("7us"), 7 * kUs);
    EXPECT_EQ(parseUserDuration("1ns"), 1);
    EXPECT_EQ(parseUserDuration("1.5h"), 5400 * kS);
    EXPECT_EQ(parseUserDuration("0.000000001s"), 1) << "fractions are exact to the nanosecond";
    EXPECT_EQ(parseUserDuration("106751d"), int64_t { 106751 } * 86400 * kS);
}

TEST(ParseUserDuration, RejectsMalformedZeroNegativeAndHugeDurations)
{
    for (const char* bad : { "", "h", "1", "1x", "1 h", " 1h", "1h ", "1H", "-1h", "+1h", "0h", "0.0s", "1e3s", "1.h",
             ".5h", "1..5h", "1.5.5h", "1hh", "106752d", "99999999999999999999s" }) {
        EXPECT_EQ(parseUserDuration(bad), std::nullopt) << "'" << bad << "'";
    }
}

TEST(FormatDurationExact, UsesTheLargestUnitThatDividesIt)
{
    EXPECT_EQ(formatDurationExact(2 * 86400 * kS), "2 d");
    EXPECT_EQ(formatDurationExact(36 * 3600 * kS), "36 h");
    EXPECT_EQ(formatDurationExact(90 * 60 * kS), "90 min");
    EXPECT_EQ(formatDurationExact(3601 * kS), "3601 s");
    EXPECT_EQ(formatDurationExact(250 * kMs), "0.25 s");
    EXPECT_EQ(formatDurationExact(1), "0.000000001 s");
    EXPECT_EQ(formatDurationExact(0), "0 s");
}

TEST(DaysFromCivil, CountsDaysFromTheEpoch)
{
    EXPECT_EQ(daysFromCivil(1970, 1, 1), 0);
    EXPECT_EQ(daysFromCivil(1969, 12, 31), -1);
    EXPECT_EQ(daysFromCivil(2000, 3, 1), 11017);
    EXPECT_EQ(daysFromCivil(2025, 6, 1), kJune1Noon / 86400);
}

} // namespace
TEST(NamesText, GroupsThousandsOfTheIntegerPartOnly)
{
    EXPECT_EQ(groupThousands("0"), "0");
    EXPECT_EQ(groupThousands("999"), "999");
    EXPECT_EQ(groupThousands("1000"), "1,000");
    EXPECT_EQ(groupThousands("-1234567.25"), "-1,234,567.25");
    EXPECT_EQ(groupThousands("123456.7891"), "123,456.7891");
    EXPECT_EQ(groupThousands(""), "");
}

TEST(NamesText, KnownNamesAreSortedOrNone)
{
    EXPECT_EQ(knownNames({}), "none");
    EXPECT_EQ(knownNames({ "team", "cluster", "model" }), "cluster, model, team");
}

} // namespace ett::core
