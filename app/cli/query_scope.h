// What the fleet queries `ettw summary` and `ettw series` share: their scope options (--label,
// --from, --to, --count-queue) read and written back (the tables' scope line, the JSON "scope"
// object), and the columns of a row of figures per group or per calendar bucket.
#pragma once

#include "app/cli/json_writer.h"
#include "app/cli/text_table.h"
#include "core/model/compare.h"
#include "core/model/result.h"
#include "core/model/rollup.h"
#include "core/store/columns_loader.h"

#include <optional>
#include <string>
#include <vector>

namespace ett::app {

struct CommonOptions;

// The range and the queue option of --from, --to (RFC 3339 or epoch seconds; empty: open) and
// --count-queue, with the excluded windows of --exclude (common.exclude). Error: a time that does
// not parse, or --to before --from (naming the option), or an --exclude file that does not read.
core::Result<core::RollupOptions> rollupOptions(
    const std::string& from, const std::string& to, bool countQueue, const CommonOptions& common);

// The scope line of the tables: which label, which range, whether queue time counts, and the
// excluded windows when there are any.
std::string scopeText(const std::optional<std::string>& label, const core::RollupOptions& o);

// The JSON "scope" object and the "weighting" note that follows it; the scope has "excluded" (the
// windows, RFC 3339) only when there are excluded windows.
void writeScope(JsonWriter& j, const std::optional<std::string>& label, const core::RollupOptions& o);

// The scope of the query commands: every job loaded (the label's when --label), the range, the
// queue option and the excluded windows.
core::CohortSpec scopeOf(const core::RollupOptions& o);
// The part of the fleet a query of that scope reads (openAndLoad's window): its range, when it has
// one.
std::optional<core::TimeWindow> windowOf(const core::CohortSpec& scope);

// The columns of a row per group or per calendar bucket, after the first (its name): counts,
// GPU-hours, both ETT%, lost GPU-hours and interruptions; figureCells() fills one row.
void addFigureColumns(TextTable& t, const std::string& first);
std::vector<std::string> figureCells(const std::string& name, const core::Figures& f);

// The excluded windows in words for a scope line: "" when none, else "; excluding 2 windows
// (2025-06-01T02:00:00Z to ...Z, ...), 5 hours of wall time" (the first three listed).
std::string excludedText(const std::vector<core::TimeSpan>& windows);
// The JSON "excluded" array of the windows: [{"start", "end"}] in RFC 3339.
void writeExcludedWindows(JsonWriter& j, const std::vector<core::TimeSpan>& windows);

} // namespace ett::app
