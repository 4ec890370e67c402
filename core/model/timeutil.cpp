#include "core/model/timeutil.h"

#include <chrono>
#include <cstdio>
#include <limits>
#include <utility>

namespace ett::core {

namespace {

__extension__ typedef __int128 i128;

constexpr int kMaxSignificantDigits = 27; // 1e27 x 1e9 ns/unit still fits in int128

i128 pow10i128(int n)
{
    i128 v = 1;
    for (int i = 0; i < n; ++i) {
        v *= 10;
    }
    return v;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Reads exactly n digits at text[pos]; advances pos. -1 when not digits.
int64_t readDigits(std::string_view text, size_t& pos, size_t n)
{
    if (pos + n > text.size()) {
        return -1;
    }
    int64_t v = 0;
    for (size_t i = 0; i < n; ++i) {
        char c = text[pos + i];
        if (!isDigit(c)) {
            return -1;
        }
        v = v * 10 + (c - '0');
    }
    pos += n;
    return v;
}

} // namespace

std::optional<int64_t> nsPerTimeUnit(std::string_view unit)
{
    if (unit == "s") {
        return kNsPerSecond;
    }
    if (unit == "ms") {
        return 1'000'000;
    }
    if (unit == "us") {
        return 1'000;
    }
    if (unit == "ns") {
        return 1;
    }
    return std::nullopt;
}

std::optional<int64_t> decimalToNs(std::string_view s, int64_t nsPerUnit)
{
    // 0. Fast path for the common case, a plain non-negative integer of up to 18 digits.
    if (!s.empty() && s.size() <= 18) {
        int64_t v = 0;
        size_t i = 0;
        for (; i < s.size() && isDigit(s[i]); ++i) {
            v = v * 10 + (s[i] - '0');
        }
        if (i == s.size()) {
            int64_t ns = 0;
            if (__builtin_mul_overflow(v, nsPerUnit, &ns)) {
                return std::nullopt;
            }
            return ns;
        }
    }

    // 1. Sign, integer digits, fraction digits and exponent, as in a JSON number.
    size_t pos = 0;
    bool negative = false;
    if (pos < s.size() && (s[pos] == '-' || s[pos] == '+')) {
        negative = s[pos] == '-';
        ++pos;
    }
    i128 mantissa = 0;
    int significant = 0;
    int scale = 0; // value = mantissa * 10^scale
    bool anyDigit = false;
    while (pos < s.size() && isDigit(s[pos])) {
        anyDigit = true;
        if (significant < kMaxSignificantDigits) {
            mantissa = mantissa * 10 + (s[pos] - '0');
            if (mantissa != 0) {
                ++significant;
            }
        } else {
            ++scale; // integer digit beyond the kept precision: the value is huge anyway
        }
        ++pos;
    }
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        bool fractionDigit = false;
        while (pos < s.size() && isDigit(s[pos])) {
            fractionDigit = true;
            if (significant < kMaxSignificantDigits) {
                mantissa = mantissa * 10 + (s[pos] - '0');
                --scale;
                if (mantissa != 0) {
                    ++significant;
                }
            }
            ++pos;
        }
        if (!fractionDigit) {
            return std::nullopt;
        }
    }
    if (!anyDigit) {
        return std::nullopt;
    }
    if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
        ++pos;
        bool expNegative = false;
        if (pos < s.size() && (s[pos] == '-' || s[pos] == '+')) {
            expNegative = s[pos] == '-';
            ++pos;
        }
        int exponent = 0;
        bool expDigit = false;
        while (pos < s.size() && isDigit(s[pos])) {
            expDigit = true;
            if (exponent < 10000) {
                exponent = exponent * 10 + (s[pos] - '0');
            }
            ++pos;
        }
        if (!expDigit) {
            return std::nullopt;
        }
        scale += expNegative ? -exponent : exponent;
    }
    if (pos != s.size()) {
        return std::nullopt;
    }

    // 2. Scale to nanoseconds exactly, rounding halves away from zero.
    // The magnitude may reach 2^63 when negative: INT64_MIN fits, its absolute value does not.
    const i128 maxMagnitude = static_cast<i128>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
    i128 value = mantissa * nsPerUnit;
    if (value == 0) {
        return int64_t { 0 };
    }
    if (scale >= 0) {
        for (int i = 0; i < scale; ++i) {
            value *= 10;
            if (value > maxMagnitude) {
                return std::nullopt;
            }
        }
    } else {
        if (-scale > 38) {
            return int64_t { 0 };
        }
        const i128 divisor = pow10i128(-scale);
        const i128 quotient = value / divisor;
        const i128 remainder = value % divisor;
        value = quotient + (remainder * 2 >= divisor ? 1 : 0);
    }
    if (value > maxMagnitude) {
        return std::nullopt;
    }
    return static_cast<int64_t>(negative ? -value : value);
}

int64_t daysFromCivil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

CivilDate civilFromDays(int64_t days)
{
    // Howard Hinnant's civil_from_days.
    const int64_t z = days + 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t y = static_cast<int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return { m <= 2 ? y + 1 : y, m, d };
}

std::optional<int64_t> parseRfc3339(std::string_view t)
{
    size_t pos = 0;
    const int64_t year = readDigits(t, pos, 4);
    if (year < 0 || pos >= t.size() || t[pos++] != '-') {
        return std::nullopt;
    }
    const int64_t month = readDigits(t, pos, 2);
    if (month < 1 || month > 12 || pos >= t.size() || t[pos++] != '-') {
        return std::nullopt;
    }
    const int64_t day = readDigits(t, pos, 2);
    static constexpr int kDaysInMonth[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int64_t maxDay = month == 2 && !leap ? 28 : kDaysInMonth[month - 1];
    if (day < 1 || day > maxDay || pos >= t.size()) {
        return std::nullopt;
    }
    const char sep = t[pos++];
    if (sep != 'T' && sep != 't' && sep != ' ') {
        return std::nullopt;
    }
    const int64_t hour = readDigits(t, pos, 2);
    if (hour < 0 || hour > 23 || pos >= t.size() || t[pos++] != ':') {
        return std::nullopt;
    }
    const int64_t minute = readDigits(t, pos, 2);
    if (minute < 0 || minute > 59 || pos >= t.size() || t[pos++] != ':') {
        return std::nullopt;
    }
    const int64_t second = readDigits(t, pos, 2);
    if (second < 0 || second > 60) { // 60: a leap second, folded into the next minute
        return std::nullopt;
    }
    int64_t fractionNs = 0;
    if (pos < t.size() && t[pos] == '.') {
        ++pos;
        const size_t begin = pos;
        while (pos < t.size() && isDigit(t[pos])) {
            ++pos;
        }
        if (pos == begin) {
            return std::nullopt;
        }
        auto rounded = decimalToNs(std::string("0.").append(t.substr(begin, pos - begin)), kNsPerSecond);
        if (!rounded) {
            return std::nullopt;
        }
        fractionNs = *rounded;
    }
    if (pos >= t.size()) {
        return std::nullopt; // RFC 3339 requires a zone
    }
    int64_t offsetSeconds = 0;
    const char zone = t[pos++];
    if (zone == 'Z' || zone == 'z') {
        offsetSeconds = 0;
    } else if (zone == '+' || zone == '-') {
        const int64_t oh = readDigits(t, pos, 2);
        if (oh < 0 || oh > 23 || pos >= t.size() || t[pos++] != ':') {
            return std::nullopt;
        }
        const int64_t om = readDigits(t, pos, 2);
        if (om < 0 || om > 59) {
            return std::nullopt;
        }
        offsetSeconds = (oh * 3600 + om * 60) * (zone == '-' ? -1 : 1);
    } else {
        return std::nullopt;
    }
    if (pos != t.size()) {
        return std::nullopt;
    }
    const int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    const int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds;
    // Only years 1677 to 2262 fit in int64 nanoseconds; reject the rest instead of wrapping.
    const i128 ns = static_cast<i128>(seconds) * kNsPerSecond + fractionNs;
    if (ns > std::numeric_limits<int64_t>::max() || ns < std::numeric_limits<int64_t>::min()) {
        return std::nullopt;
    }
    return static_cast<int64_t>(ns);
}

std::optional<int64_t> parseUserTime(std::string_view text)
{
    if (auto t = parseRfc3339(text)) {
        return t;
    }
    // A bare date: midnight UTC of that day.
    if (text.size() == 10 && text[4] == '-' && text[7] == '-') {
        if (auto t = parseRfc3339(std::string(text) + "T00:00:00Z")) {
            return t;
        }
    }
    return decimalToNs(text, kNsPerSecond);
}

std::optional<int64_t> parseUserDuration(std::string_view text)
{
    static constexpr std::pair<std::string_view, int64_t> kUnits[] = { { "ns", 1 }, { "us", 1'000 },
        { "ms", 1'000'000 }, { "s", kNsPerSecond }, { "m", 60 * kNsPerSecond }, { "min", 60 * kNsPerSecond },
        { "h", 3'600 * kNsPerSecond }, { "d", 86'400 * kNsPerSecond }, { "w", 7 * 86'400 * kNsPerSecond } };
    // 1. The number: digits with at most one decimal point, and at least one digit.
    size_t end = 0;
    bool dot = false;
    bool digit = false;
    for (; end < text.size() && (isDigit(text[end]) || (text[end] == '.' && !dot)); ++end) {
        dot = dot || text[end] == '.';
        digit = digit || isDigit(text[end]);
    }
    if (!digit) {
        return std::nullopt;
    }
    // 2. The unit, then the exact product.
    const std::string_view unit = text.substr(end);
    for (const auto& [name, nsPerUnit] : kUnits) {
        if (unit == name) {
            const auto ns = decimalToNs(text.substr(0, end), nsPerUnit);
            return ns && *ns > 0 ? ns : std::nullopt;
        }
    }
    return std::nullopt;
}

std::string formatRfc3339(int64_t ns)
{
    int64_t seconds = ns / kNsPerSecond;
    int64_t fraction = ns % kNsPerSecond;
    if (fraction < 0) {
        fraction += kNsPerSecond;
        seconds -= 1;
    }
    int64_t days = seconds / 86400;
    int64_t secOfDay = seconds % 86400;
    if (secOfDay < 0) {
        secOfDay += 86400;
        days -= 1;
    }
    const CivilDate date = civilFromDays(days);
    const int64_t year = date.year;
    const unsigned m = date.month;
    const unsigned d = date.day;

    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld", static_cast<long long>(year), m, d,
        static_cast<long long>(secOfDay / 3600), static_cast<long long>(secOfDay / 60 % 60),
        static_cast<long long>(secOfDay % 60));
    std::string out(buf, static_cast<size_t>(n));
    if (fraction != 0) {
        char frac[16];
        std::snprintf(frac, sizeof frac, "%09lld", static_cast<long long>(fraction));
        std::string f(frac);
        while (!f.empty() && f.back() == '0') {
            f.pop_back();
        }
        out += '.';
        out += f;
    }
    out += 'Z';
    return out;
}

std::string nowRfc3339()
{
    const int64_t ns = wallClockNs();
    return formatRfc3339(ns - ns % 1'000'000);
}

int64_t wallClockNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string formatTimeHuman(int64_t ns)
{
    int64_t seconds = ns / kNsPerSecond;
    if (ns % kNsPerSecond < 0) {
        seconds -= 1; // floor, so that the text never shows a later second than the instant
    }
    std::string s = formatRfc3339(seconds * kNsPerSecond); // "YYYY-MM-DDTHH:MM:SSZ"
    s[10] = ' ';
    s.pop_back();
    return s;
}

std::string formatSeconds(int64_t ns)
{
    const bool negative = ns < 0;
    // Work in unsigned to survive INT64_MIN.
    const uint64_t mag = negative ? uint64_t(0) - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    const uint64_t whole = mag / kNsPerSecond;
    const uint64_t fraction = mag % kNsPerSecond;
    std::string out = negative ? "-" : "";
    out += std::to_string(whole);
    if (fraction != 0) {
        char frac[16];
        std::snprintf(frac, sizeof frac, "%09llu", static_cast<unsigned long long>(fraction));
        std::string f(frac);
        while (!f.empty() && f.back() == '0') {
            f.pop_back();
        }
        out += '.';
        out += f;
    }
    return out;
}

std::string formatDurationHuman(int64_t ns)
{
    char buf[64];
    const bool negative = ns < 0;
    const double s = static_cast<double>(negative ? -ns : ns) / 1e9;
    const char* sign = negative ? "-" : "";
    if (ns == 0) {
        return "0 s";
    }
    if (s < 1.0) {
        std::snprintf(buf, sizeof buf, "%s%.0f ms", sign, s * 1000.0);
    } else if (s < 60.0) {
        std::snprintf(buf, sizeof buf, "%s%.1f s", sign, s);
    } else if (s < 3600.0) {
        const auto total = static_cast<long long>(s + 0.5);
        std::snprintf(buf, sizeof buf, "%s%lld min %02lld s", sign, total / 60, total % 60);
    } else if (s < 86400.0) {
        const auto totalMin = static_cast<long long>(s / 60.0 + 0.5);
        std::snprintf(buf, sizeof buf, "%s%lld h %02lld min", sign, totalMin / 60, totalMin % 60);
    } else {
        const auto totalH = static_cast<long long>(s / 3600.0 + 0.5);
        std::snprintf(buf, sizeof buf, "%s%lld d %02lld h", sign, totalH / 24, totalH % 24);
    }
    return buf;
}

std::string formatDurationExact(int64_t ns)
{
    static constexpr std::pair<int64_t, const char*> kUnits[]
        = { { 86'400 * kNsPerSecond, "d" }, { 3'600 * kNsPerSecond, "h" }, { 60 * kNsPerSecond, "min" } };
    for (const auto& [nsPerUnit, name] : kUnits) {
        if (ns != 0 && ns % nsPerUnit == 0) {
            return std::to_string(ns / nsPerUnit) + " " + name;
        }
    }
    return formatSeconds(ns) + " s";
}

} // namespace ett::core
