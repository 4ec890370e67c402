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

TimeSettler::TimeSettler(const ReaderOptions& options, int64_t zoneNs, const std::string& path, IssueCounter& issues)
    : m_options(options)
    , m_zoneNs(zoneNs)
    , m_path(path)
    , m_issues(issues)
{
}

Result<bool> TimeSettler::take(LogLines& lines)
{
    const LogLine& l = lines.back();
    if (!l.timed) {
        return !m_waiting;
    }
    if (l.raw.year && (*l.raw.year < kFirstYear || *l.raw.year > kLastYear)) {
        return Error { at(m_path, l.no) + "log line: field 'year': expected a year from " + std::to_string(kFirstYear)
            + " to " + std::to_string(kLastYear) + ", got " + std::to_string(*l.raw.year) };
    }
    if (!l.raw.zoneOffsetNs && m_zoneNs == 0 && !m_zoneNoted) {
        m_zoneNoted = true;
        m_issues.add(IssueKind::AssumedTimezone,
            "times without a zone are read as UTC; give --timezone (e.g. +02:00) when the log has local times", l.no,
            cleanText(l.body, kMaxUnmappedChars));
    }
    if (!l.raw.year && !m_firstYearlessNo) {
        m_firstYearlessNo = l.no;
        noteAssumedYear();
    }
    const bool waited = m_waiting;
    if (l.raw.year && !m_firstFullNs) {
        if (auto st = noteFullDate(l); !st) {
            return st.error();
        }
    }
    if (m_waiting && !m_firstFullNs) {
        return false;
    }
    // The lines that waited for the full date (all of them but this one), then this one.
    for (size_t i = waited ? 0 : lines.size() - 1; i < lines.size(); ++i) {
        if (auto st = settle(lines[i]); !st) {
            return st.error();
        }
        if (m_waiting) {
            return false; // the first yearless time, with neither --year nor a full date yet
        }
    }
    return true;
}

void TimeSettler::noteAssumedYear()
{
    // Once both are known: the first yearless time and the first full date, whichever came first.
    if (m_firstYearlessNo && m_firstFullNs && !m_options.year) {
        m_issues.add(IssueKind::AssumedYear,
            "times without a year take the year " + std::to_string(m_firstFullYear)
                + " of the first full date in the log; give --year to set it",
            m_firstYearlessNo, "full date on line " + std::to_string(m_firstFullNo));
    }
}

Status TimeSettler::noteFullDate(const LogLine& l)
{
    const auto ns = toNs(l.raw, *l.raw.year, l.raw.zoneOffsetNs.value_or(m_zoneNs));
    if (!ns) {
        return Error { at(m_path, l.no) + "log line: field 'day': expected a day of month "
            + std::to_string(l.raw.month) + " of " + std::to_string(*l.raw.year) + ", got "
            + std::to_string(l.raw.day) };
    }
    m_firstFullNo = l.no;
    m_firstFullYear = *l.raw.year;
    m_firstFullNs = ns;
    m_waiting = false;
    noteAssumedYear();
    if (m_byYearOption) {
        return checkYearOption(m_byYearOption->first, m_byYearOption->second);
    }
    return Status::success();
}

Status TimeSettler::checkYearOption(int64_t no, int64_t ns) const
{
    // The log's own full dates outrank a --year that contradicts them: placed half a year or more
    // from them, this line would open a gap of a year or more (as setup).
    constexpr int64_t kHalfYearNs = 183LL * 86'400 * kNsPerSecond;
    const int64_t full = *m_firstFullNs;
    if (ns - full <= kHalfYearNs && full - ns <= kHalfYearNs) {
        return Status::success();
    }
    return Error { at(m_path, no) + "log line: field 'year': --year " + std::to_string(*m_options.year)
            + " puts this line at " + formatRfc3339(ns) + ", "
            + std::to_string(std::llabs(ns - full) / (86'400 * kNsPerSecond)) + " days from the log's own full date "
            + formatRfc3339(full) + " on line " + std::to_string(m_firstFullNo)
            + "; give the log's year, or leave --year out (its full dates then set the year)",
        "year" };
}

Status TimeSettler::settle(LogLine& l)
{
    if (!l.timed) {
        return Status::success();
    }
    const int64_t zone = l.raw.zoneOffsetNs.value_or(m_zoneNs);
    std::optional<int64_t> ns;
    if (l.raw.year) {
        ns = toNs(l.raw, *l.raw.year, zone);
    } else if (m_prevNs) {
        ns = closestToNs(l.raw, *m_prevNs, zone);
    } else if (m_options.year) {
        ns = toNs(l.raw, *m_options.year, zone);
        if (ns && !m_firstFullNs) {
            m_byYearOption = std::make_pair(l.no, *ns); // checked when the first full date comes
        } else if (ns) {
            if (auto st = checkYearOption(l.no, *ns); !st) {
                return st;
            }
        }
    } else if (m_firstFullNs) {
        ns = closestToNs(l.raw, *m_firstFullNs, zone);
    } else {
        m_waiting = true; // until the first full date
        return Status::success();
    }
    if (!ns) {
        return Error { at(m_path, l.no) + "log line: field 'day': expected a day of month "
            + std::to_string(l.raw.month)
            + (l.raw.year ? " of " + std::to_string(*l.raw.year) : std::string(" in the years around the log's"))
            + ", got " + std::to_string(l.raw.day) };
    }
    l.ns = *ns;
    m_prevNs = ns;
    return Status::success();
}

Status TimeSettler::finish() const
{
    if (m_waiting) {
        return Error { at(m_path, m_firstYearlessNo)
                + "log line: field 'year': the time has no year and no line of the log has a full date; give the "
                  "year with --year (ReaderOptions::year)",
            "year" };
    }
    return Status::success();
}

} // namespace ett::core::logs
