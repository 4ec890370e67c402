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

// The range and the queue option of --from, --to (RFC 3339 or epoch seconds; empty: open) and
// --count-queue. Error: a time that does not parse, or --to before --from (naming the option).
core::Result<core::RollupOptions> rollupOptions(const std::string& from, const std::string& to, bool countQueue);

// The scope line of the tables: which label, which range, whether queue time counts.
std::string scopeText(const std::optional<std::string>& label, const core::RollupOptions& o);

// The JSON "scope" object and the "weighting" note that follows it.
void writeScope(JsonWriter& j, const std::optional<std::string>& label, const core::RollupOptions& o);

// The scope of the query commands: every job loaded (the label's when --label), the range and
// the queue option.
core::CohortSpec scopeOf(const core::RollupOptions& o);
// The part of the fleet a query of that scope reads (openAndLoad's window): its range, when it has
// one.
std::optional<core::TimeWindow> windowOf(const core::CohortSpec& scope);

// The columns of a row per group or per calendar bucket, after the first (its name): counts,
// GPU-hours, both ETT%, lost GPU-hours and interruptions; figureCells() fills one row.
void addFigureColumns(TextTable& t, const std::string& first);
std::vector<std::string> figureCells(const std::string& name, const core::Figures& f);

} // namespace ett::app
