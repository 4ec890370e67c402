// Settling a console log's times: the year of yearless times and the zone of zoneless ones, so
// that every timed line gets nanoseconds since 1970 (step 4 of log_reader.cpp).
#include "core/ingest/log_internal.h"

#include <cstdlib>

namespace ett::core::logs {

namespace {

bool isLeap(int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned daysInMonth(int64_t year, unsigned month)
{
    static constexpr std::array<unsigned, 12> kDays = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return month == 2 && isLeap(year) ? 29 : kDays[month - 1];
}

int64_t localYearOf(int64_t ns, int64_t zoneNs)
{
    const int64_t local = ns + zoneNs;
    const int64_t days = local >= 0 ? local / kNsPerDay : -((-local + kNsPerDay - 1) / kNsPerDay);
    return civilFromDays(days).year;
}

std::string at(const std::string& path, int64_t line)
{
    return path + ":" + std::to_string(line) + ": ";
}

} // namespace

// The years a log's times may have: those whose instants the store accepts (1900 to 2099), so
// that no year overflows nanoseconds since the epoch (int64 ends in 2262).
constexpr int64_t kFirstYear = 1900;
constexpr int64_t kLastYear = 2099;

// Nanoseconds since the epoch of a written time in a year; nullopt when the day does not exist in
// that year (Feb 29) or the year is out of range.
std::optional<int64_t> toNs(const RawTime& t, int64_t year, int64_t zoneNs)
{
    if (year < kFirstYear || year > kLastYear || t.day > daysInMonth(year, t.month)) {
        return std::nullopt;
    }
    const int64_t days = daysFromCivil(year, t.month, t.day);
    return days * kNsPerDay + ((t.hour * 60 + t.minute) * 60 + t.second) * kNsPerSecond + t.fractionNs - zoneNs;
}

// Among the years around the reference's, the one that puts a yearless time closest to it.
std::optional<int64_t> closestToNs(const RawTime& t, int64_t referenceNs, int64_t zoneNs)
{
    const int64_t y = localYearOf(referenceNs, zoneNs);
    std::optional<int64_t> best;
    for (const int64_t candidate : { y - 1, y, y + 1 }) {
        const auto ns = toNs(t, candidate, zoneNs);
        if (ns && (!best || std::abs(*ns - referenceNs) < std::abs(*best - referenceNs))) {
            best = ns;
        }
    }
    return best;
}

Status resolveTimes(
    LogLines& lines, const ReaderOptions& options, int64_t zoneNs, const std::string& path, IssueCounter& issues)
{
    // The first full date: the reference year of yearless times when --year is not given.
    const LogLine* firstFull = nullptr;
    const LogLine* firstYearless = nullptr;
    bool zoneAssumed = false;
    for (const LogLine& l : lines) {
        if (!l.timed) {
            continue;
        }
        if (l.raw.year && !firstFull) {
            firstFull = &l;
        }
        if (!l.raw.year && !firstYearless) {
            firstYearless = &l;
        }
        zoneAssumed = zoneAssumed || !l.raw.zoneOffsetNs;
    }
    for (const LogLine& l : lines) {
        if (l.timed && l.raw.year && (*l.raw.year < kFirstYear || *l.raw.year > kLastYear)) {
            return Error { at(path, l.no) + "log line: field 'year': expected a year from " + std::to_string(kFirstYear)
                + " to " + std::to_string(kLastYear) + ", got " + std::to_string(*l.raw.year) };
        }
    }
    std::optional<int64_t> firstFullNs;
    if (firstFull) {
        const auto ns = toNs(firstFull->raw, *firstFull->raw.year, firstFull->raw.zoneOffsetNs.value_or(zoneNs));
        if (!ns) {
            return Error { at(path, firstFull->no) + "log line: field 'day': expected a day of month "
                + std::to_string(firstFull->raw.month) + " of " + std::to_string(*firstFull->raw.year) + ", got "
                + std::to_string(firstFull->raw.day) };
        }
        firstFullNs = ns;
    }
    if (firstYearless && !options.year && !firstFull) {
        return Error { at(path, firstYearless->no)
                + "log line: field 'year': the time has no year and no line of the log has a full date; give the "
                  "year "
                  "with --year (ReaderOptions::year)",
            "year" };
    }
    if (firstYearless && !options.year) {
        issues.add(IssueKind::AssumedYear,
            "times without a year take the year " + std::to_string(*firstFull->raw.year)
                + " of the first full date in the log; give --year to set it",
            firstYearless->no, "full date on line " + std::to_string(firstFull->no));
    }
    if (zoneAssumed && zoneNs == 0) {
        const LogLine* first = nullptr;
        for (const LogLine& l : lines) {
            if (l.timed && !l.raw.zoneOffsetNs) {
                first = &l;
                break;
            }
        }
        issues.add(IssueKind::AssumedTimezone,
            "times without a zone are read as UTC; give --timezone (e.g. +02:00) when the log has local times",
            first ? first->no : 0, first ? cleanText(first->body, kMaxUnmappedChars) : std::string());
    }

    std::optional<int64_t> prev;
    for (LogLine& l : lines) {
        if (!l.timed) {
            continue;
        }
        const int64_t zone = l.raw.zoneOffsetNs.value_or(zoneNs);
        std::optional<int64_t> ns;
        if (l.raw.year) {
            ns = toNs(l.raw, *l.raw.year, zone);
        } else if (prev) {
            ns = closestToNs(l.raw, *prev, zone);
        } else if (options.year) {
            ns = toNs(l.raw, *options.year, zone);
            // The log's own full dates outrank a --year that contradicts them: placed half a year
            // or more from them, this line would open a gap of a year or more (as setup).
            constexpr int64_t kHalfYearNs = 183LL * 86'400 * kNsPerSecond;
            if (ns && firstFullNs && (*ns - *firstFullNs > kHalfYearNs || *firstFullNs - *ns > kHalfYearNs)) {
                return Error { at(path, l.no) + "log line: field 'year': --year " + std::to_string(*options.year)
                        + " puts this line at " + formatRfc3339(*ns) + ", "
                        + std::to_string(std::llabs(*ns - *firstFullNs) / (86'400 * kNsPerSecond))
                        + " days from the log's own full date " + formatRfc3339(*firstFullNs) + " on line "
                        + std::to_string(firstFull->no)
                        + "; give the log's year, or leave --year out (its full "
                          "dates then set the year)",
                    "year" };
            }
        } else {
            ns = closestToNs(l.raw, *firstFullNs, zone);
        }
        if (!ns) {
            return Error { at(path, l.no) + "log line: field 'day': expected a day of month "
                + std::to_string(l.raw.month)
                + (l.raw.year ? " of " + std::to_string(*l.raw.year) : std::string(" in the years around the log's"))
                + ", got " + std::to_string(l.raw.day) };
        }
        l.ns = *ns;
        prev = ns;
    }
    return Status::success();
}

} // namespace ett::core::logs
