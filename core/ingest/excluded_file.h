// Excluded windows (spec 7.4) as the user writes them in a file: UTC intervals no job could have
// used (planned maintenance, a site-wide outage). Two forms, told apart by content:
//
//   JSON: an array of objects, each with "start" and "end" and optionally a free-text "note":
//     [{"start": "2025-06-01T02:00:00Z", "end": "2025-06-01T06:00:00Z", "note": "switch upgrade"},
//      {"start": 1748764800, "end": 1748768400.5}]
//   CSV: a header line "start,end" (or "start,end,note"), then one interval a line:
//     start,end,note
//     2025-06-01T02:00:00Z,2025-06-01T06:00:00Z,switch upgrade
//
// A time is RFC 3339 (with a zone), a date ("2025-06-01": midnight UTC), or seconds since the Unix
// epoch (a JSON number or a string of digits; fractions allowed, exact to the nanosecond). Every
// interval is half-open [start, end); end before start is an error, end == start excludes nothing.
// Intervals may overlap and come in any order: they are merged.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// Parses the text of an excluded-windows file; `origin` names it in errors, with the line and the
// field: "maint.json:3: [1].end: expected an RFC 3339 time, a date or epoch seconds (got true)".
// The result is in normal form (normalizeExcluded): sorted, merged, none empty. Pure.
Result<std::vector<TimeSpan>> parseExcludedWindows(std::string_view text, const std::string& origin);
// Reads and parses an excluded-windows file (errors name the path).
Result<std::vector<TimeSpan>> loadExcludedWindowsFile(const std::string& path);

// Windows written inline, as on a command line: START/END, several separated by commas
// ("2025-06-03T02:00:00Z/2025-06-03T06:00:00Z,2025-06-09/2025-06-10"), each time as in a file.
// nullopt when `text` is not of that form (a path, then); an error when it is but an end comes
// before its start. In normal form. Pure.
std::optional<Result<std::vector<TimeSpan>>> parseInlineExcludedWindows(std::string_view text);
// What `--exclude` takes: windows inline, else the path of an excluded-windows file.
Result<std::vector<TimeSpan>> loadExcludedWindows(const std::string& argument);

// Windows as a person types them, a window a line (START/END; blank lines and lines starting with
// '#' skipped; a line may hold several separated by commas). Errors name the line: "line 2:
// expected START/END, each an RFC 3339 time, a date or epoch seconds (got 'tomorrow')". In normal
// form. Pure.
Result<std::vector<TimeSpan>> parseExcludedWindowLines(std::string_view text);
// The windows a line each, START/END in RFC 3339 (exact), as parseExcludedWindowLines reads them
// back. Pure.
std::string excludedWindowLines(const std::vector<TimeSpan>& windows);

// The windows as JSON, one line ([{"start": "...Z", "end": "...Z"}, ...]: RFC 3339, exact), which
// parseExcludedWindows reads back equal (for saving them with a database). Pure.
std::string excludedWindowsJson(const std::vector<TimeSpan>& windows);

} // namespace ett::core
