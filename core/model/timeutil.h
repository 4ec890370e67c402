// Exact time conversions (spec section 2). Every time inside the workbench is an int64 count of
// nanoseconds since the Unix epoch; these helpers turn text into such counts and back without
// going through floating point, so that a value survives import and export unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core {

inline constexpr int64_t kNsPerSecond = 1'000'000'000;
inline constexpr int64_t kNsPerMinute = 60 * kNsPerSecond;
inline constexpr int64_t kNsPerHourInt = 60 * kNsPerMinute;
inline constexpr int64_t kNsPerDay = 24 * kNsPerHourInt;

// Nanoseconds per unit for a header time_unit ("s", "ms", "us", "ns"); nullopt otherwise.
std::optional<int64_t> nsPerTimeUnit(std::string_view unit);

// Converts a JSON number literal (sign, digits, optional fraction and exponent) in units of
// nsPerUnit to nanoseconds, rounding to the nearest nanosecond (halves away from zero).
// Exact decimal arithmetic: no binary floating point. nullopt when the text is not a number
// or the result does not fit in int64.
std::optional<int64_t> decimalToNs(std::string_view number, int64_t nsPerUnit);

// Parses an RFC 3339 timestamp ("2025-06-01T12:00:00.250Z", "...+02:00"; 't' / ' ' separator
// and 'z' accepted). Fractions beyond nanoseconds are rounded. nullopt when malformed.
std::optional<int64_t> parseRfc3339(std::string_view text);

// Parses a user-given time: RFC 3339, a date ("2025-06-01": midnight UTC), or a plain number of
// seconds since the epoch (fractions allowed). nullopt when it is none of these.
std::optional<int64_t> parseUserTime(std::string_view text);

// Parses a user-given positive duration: a decimal number (fractions allowed) and a unit, one of
// ns, us, ms, s, m or min (minutes), h, d (days of 24 h), w (weeks): "1h", "30m", "3600s", "1.5d".
// Exact (no binary floating point). nullopt when malformed, zero, or too long for int64 nanoseconds.
std::optional<int64_t> parseUserDuration(std::string_view text);

// Formats nanoseconds since the epoch as RFC 3339 UTC with the shortest exact fraction
// ("2025-06-01T12:00:00.25Z").
std::string formatRfc3339(int64_t ns);

// The current time as RFC 3339 UTC to the millisecond (when a file was imported, a scenario saved).
std::string nowRfc3339();

// The current time in nanoseconds since the epoch (the system clock, UTC): a running attempt's end
// at the time of a read, a watcher's "now", a push's dataset id.
int64_t wallClockNs();

// Formats nanoseconds since the epoch for tables: "2025-06-01 12:00:00" (UTC, whole seconds,
// truncated), always 19 characters for years 1000-9999.
std::string formatTimeHuman(int64_t ns);

// Formats a nanosecond count as an exact decimal number of seconds, without trailing zeros
// ("58545", "0.25", "-1.000000001").
std::string formatSeconds(int64_t ns);

// Formats a duration for people: "0 s", "950 ms", "12.5 s", "4 min 10 s", "3 h 05 min", "2 d 04 h".
std::string formatDurationHuman(int64_t ns);

// Formats a duration exactly in the largest unit that divides it: "2 d", "36 h", "30 min", "3601 s",
// "0.25 s" (seconds with the shortest exact fraction otherwise).
std::string formatDurationExact(int64_t ns);

// Days since 1970-01-01 of a proleptic Gregorian civil date (Howard Hinnant's algorithm).
int64_t daysFromCivil(int64_t year, unsigned month, unsigned day);

struct CivilDate
{
    int64_t year;
    unsigned month; // 1..12
    unsigned day; // 1..31
};

// The civil date of a day count since 1970-01-01 (the inverse of daysFromCivil).
CivilDate civilFromDays(int64_t days);

} // namespace ett::core
