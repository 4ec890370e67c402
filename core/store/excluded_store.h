// The excluded windows (spec 7.4) a database keeps as its scope setting: the window saves them with
// the document and reads them back when it opens it. One row of the meta table, the windows as the
// JSON of core/ingest/excluded_file.h.
#pragma once

#include "core/model/result.h"
#include "core/model/rollup.h"

#include <vector>

namespace ett::core {

class Database;

// The windows saved in `db` (none when nothing was saved), in normal form. Error: the database
// cannot be read, or what it holds does not parse (the message names the database).
Result<std::vector<TimeSpan>> loadExcludedWindows(Database& db);
// Saves `windows` (normalised first) as the database's excluded windows, replacing what was there;
// an empty list removes them. One transaction. Error: the database cannot be written.
Status saveExcludedWindows(Database& db, const std::vector<TimeSpan>& windows);

} // namespace ett::core
