// The import summary's lines, as the window shows them after an import (DataService::importFinished)
// and after an undone file removal: one line per file, and the counts of several.
#pragma once

#include "app/service/import_files.h"

#include <QString>

namespace ett::app {

// The first line of a summary of several files: "12 files: 9 imported, 3 skipped (not traces)".
QString importCounts(const ImportReport& report);

// The line that says what became of one file imported under `label`.
QString importLine(const ImportedFile& f, const QString& label);

} // namespace ett::app
