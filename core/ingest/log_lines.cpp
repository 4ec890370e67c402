// Reading a console log's lines: each line cleaned of terminal escapes, its rank prefixes stripped
// and its time, level and message read by the first line format that matches (steps 1-3 of
// log_reader.cpp). The text helpers every stage of the reader uses live here too.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace ett::core::logs {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Removes ANSI escape sequences (CSI "ESC [ ... final", OSC "ESC ] ... BEL|ST", two-byte ones)
// and keeps what follows the last carriage return.
std::string cleanLine(std::string_view line)
{
    if (const auto cr = line.find_last_of('\r'); cr != std::string_view::npos) {
        // A trailing CR (CRLF files) is just dropped; an inner one overwrote the text before it.
        if (cr + 1 == line.size()) {
            line.remove_suffix(1);
            if (const auto inner = line.find_last_of('\r'); inner != std::string_view::npos) {
                line.remove_prefix(inner + 1);
            }
        } else {
            line.remove_prefix(cr + 1);
        }
    }
    std::string out;
    out.reserve(line.size());
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c != '\x1b') {
            out += c;
            continue;
        }
        if (i + 1 >= line.size()) {
            break;
        }
        const char kind = line[i + 1];
        if (kind == '[') {
            size_t j = i + 2;
            while (j < line.size() && !(line[j] >= '@' && line[j] <= '~')) {
                ++j;
            }
            i = j; // the final byte (or the end)
        } else if (kind == ']') {
            size_t j = i + 2;
            while (j < line.size() && line[j] != '\a'
                && !(line[j] == '\x1b' && j + 1 < line.size() && line[j + 1] == '\\')) {
                ++j;
            }
            i = (j < line.size() && line[j] == '\x1b') ? j + 1 : j;
        } else {
            i += 1; // a two-byte sequence
        }
    }
    return out;
}

std::string normalizeLevel(std::string_view level)
{
    if (level.size() == 1) {
        switch (level[0]) {
        case 'D':
            return "DEBUG";
        case 'I':
            return "INFO";
        case 'W':
            return "WARNING";
        case 'E':
            return "ERROR";
        case 'F':
            return "FATAL";
        default:
            break;
        }
    }
    std::string out(level);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return out;
}

std::optional<unsigned> parseMonthName(std::string_view name)
{
    static constexpr std::array<std::string_view, 12> kMonths
        = { "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec" };
    if (name.size() < 3) {
        return std::nullopt;
    }
    std::string lower;
    for (size_t i = 0; i < 3; ++i) {
        lower += static_cast<char>(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    }
    for (size_t m = 0; m < kMonths.size(); ++m) {
        if (kMonths[m] == lower) {
            return static_cast<unsigned>(m + 1);
        }
    }
    return std::nullopt;
}

// Strips the rank prefixes at the start of the text (settings.rank_prefix), repeatedly; group 1 of
// the first that has one sets `rank`.
std::string_view stripRankPrefixes(std::string_view rest, const Pattern& prefix, int32_t& rank)
{
    for (;;) {
        RegexMatch m;
        if (!prefix.re.matchPrefix(rest, m) || m.length(0) == 0) {
            return rest;
        }
        if (rank < 0 && m.size() > 1 && m.matched(1)) {
            const auto r = parseInt(m.group(1));
            if (r && *r >= 0 && *r <= std::numeric_limits<int32_t>::max()) {
                rank = static_cast<int32_t>(*r);
            }
        }
        rest.remove_prefix(static_cast<size_t>(m.length(0)));
    }
}

// A fraction of a second's digits as nanoseconds (digits past the ninth dropped); nullopt when a
// character is not a digit.
std::optional<int64_t> fractionNs(std::string_view value)
{
    int64_t ns = 0;
    size_t digits = 0;
    for (const char c : value) {
        if (c < '0' || c > '9') {
            return std::nullopt;
        }
        if (digits < 9) {
            ns = ns * 10 + (c - '0');
            ++digits;
        }
    }
    for (; digits < 9; ++digits) {
        ns *= 10;
    }
    return ns;
}

// Reads the value of one named group into the time or the line (of file `path`).
Status readField(
    Field field, std::string_view value, const std::string& path, RawTime& t, LogLine& line, LogLines& lines)
{
    const auto bad = [&](std::string_view name, std::string_view expected) {
        return Error { path + ":" + std::to_string(line.no) + ": log line: field '" + std::string(name) + "': expected "
            + std::string(expected) + ", got \"" + cleanText(value, 40) + "\"" };
    };
    const auto number = [&](int64_t lo, int64_t hi) -> Result<int64_t> {
        const auto v = parseInt(value);
        if (!v || *v < lo || *v > hi) {
            return bad(kFieldNames[static_cast<size_t>(field)], std::to_string(lo) + " to " + std::to_string(hi));
        }
        return *v;
    };
    // The numeric fields: their range and where they go.
    struct Range
    {
        int64_t lo;
        int64_t hi;
    };
    switch (field) {
    case Field::Year:
    case Field::Month:
    case Field::Day:
    case Field::Hour:
    case Field::Minute:
    case Field::Second: {
        static constexpr Range kRanges[] = { { 1, 9999 }, { 1, 12 }, {}, { 1, 31 }, { 0, 23 }, { 0, 59 }, { 0, 60 } };
        const Range r = kRanges[static_cast<size_t>(field)];
        const auto v = number(r.lo, r.hi);
        if (!v) {
            return v.error();
        }
        if (field == Field::Year) {
            t.year = static_cast<int16_t>(*v);
        } else if (field == Field::Month) {
            t.month = static_cast<uint8_t>(*v);
        } else if (field == Field::Day) {
            t.day = static_cast<uint8_t>(*v);
        } else if (field == Field::Hour) {
            t.hour = static_cast<uint8_t>(*v);
        } else if (field == Field::Minute) {
            t.minute = static_cast<uint8_t>(*v);
        } else {
            t.second = static_cast<uint8_t>(*v);
        }
        return Status::success();
    }
    case Field::MonthName: {
        const auto month = parseMonthName(value);
        if (!month) {
            return bad("month_name", "a month name (Jan .. Dec)");
        }
        t.month = static_cast<uint8_t>(*month);
        return Status::success();
    }
    case Field::Fraction: {
        const auto ns = fractionNs(value);
        if (!ns) {
            return bad("fraction", "digits");
        }
        t.fractionNs = static_cast<int32_t>(*ns);
        return Status::success();
    }
    case Field::Zone: {
        const auto z = parseUtcOffset(value);
        if (!z) {
            return bad("zone", "Z, UTC or an offset like +02:00");
        }
        t.zoneOffsetNs = *z;
        return Status::success();
    }
    case Field::Level:
        line.level = lines.keep(normalizeLevel(value));
        return Status::success();
    case Field::Logger:
        return Status::success();
    case Field::Message:
        line.message = trim(value); // a view into the line's body, which `lines` keeps
        return Status::success();
    }
    return Status::success();
}

} // namespace

void LogLines::clear()
{
    m_lines.clear();
    m_text.clear();
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && isSpace(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

size_t indentOf(std::string_view s)
{
    size_t n = 0;
    while (n < s.size() && (s[n] == ' ' || s[n] == '\t')) {
        ++n;
    }
    return n;
}

std::optional<int64_t> parseInt(std::string_view s)
{
    int64_t v = 0;
    if (s.empty()) {
        return std::nullopt;
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

// Text fit for names, details and issue examples: valid UTF-8 (other bytes become '?'), control
// characters as spaces, at most maxChars bytes (cut on a character boundary, marked "...").
std::string cleanText(std::string_view s, size_t maxChars)
{
    std::string out;
    out.reserve(std::min(s.size(), maxChars + 3));
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t len = 1;
        bool valid = true;
        if (c >= 0x80) {
            len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
            valid = len >= 2 && i + len <= s.size() && c >= 0xC2 && c <= 0xF4;
            for (size_t k = 1; valid && k < len; ++k) {
                valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
            }
            if (!valid) {
                len = 1;
            }
        }
        if (out.size() + len > maxChars) {
            out += "...";
            break;
        }
        if (!valid) {
            out += '?';
        } else if (c < 0x20 || c == 0x7F) {
            out += ' ';
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

// The name an unmapped message is counted under: digit runs as "#", at most kMaxUnmappedChars.
std::string unmappedName(std::string_view message)
{
    std::string shape;
    bool inDigits = false;
    for (const char c : trim(message)) {
        const bool digit = c >= '0' && c <= '9';
        if (digit && !inDigits) {
            shape += '#';
        } else if (!digit) {
            shape += c;
        }
        inDigits = digit;
    }
    return cleanText(shape, kMaxUnmappedChars);
}

Status readLogLine(std::string_view text, int64_t no, const LogRules& rules, const ReaderOptions& options,
    const std::string& path, LogLines& lines)
{
    LogLine line;
    line.no = no;
    const std::string clean = cleanLine(text);
    std::string_view rest(clean);
    if (rules.rankPrefix) {
        rest = stripRankPrefixes(rest, *rules.rankPrefix, line.rank);
    }
    if (options.rank) {
        line.rank = *options.rank;
    }
    line.body = lines.keep(rest);

    for (const LineFormat& f : rules.formats) {
        RegexMatch m;
        if (!search(f.re, line.body, m)) {
            continue;
        }
        RawTime t;
        for (size_t g = 0; g < f.fields.size(); ++g) {
            if (!f.fields[g] || !m.matched(g + 1)) {
                continue;
            }
            if (auto st = readField(*f.fields[g], m.group(g + 1), path, t, line, lines); !st) {
                return st;
            }
        }
        line.timed = true;
        line.raw = t;
        break;
    }
    lines.push_back(line);
    return Status::success();
}

} // namespace ett::core::logs
