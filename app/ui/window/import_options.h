// How the window imports trace files: the options of `ettw import` (format, mapping, job, attempt,
// rank, timezone, year) as core's ReaderOptions, the ones remembered between sessions, and the
// hint that sends a window user to the import dialog's field when an import fails for want of an
// option (the core's message names the CLI's flag; core::Error::option names the field).
#pragma once

#include "core/ingest/formats.h"

#include <QString>

#include <string>
#include <string_view>

namespace ett::app {

// What the import dialog returns: the dataset label and how to read the files.
struct ImportChoices
{
    QString label;
    core::ReaderOptions reader;
    // Files imported before under the label that changed since replace their earlier records
    // (ettw import --update; ImportRequest::update). Never remembered: each import asks.
    bool update = false;
    // With update, files imported before from their paths are read again with `reader` also when
    // unchanged (ettw import --read-again; ImportRequest::readUnchangedAgain). Never remembered.
    bool readAgain = false;
};

// A format's name as the CLI spells it ("auto", "log", ...).
QString traceFormatText(core::TraceFormat format);

// The options of the last import from the dialog (QSettings group "import": format, mapping,
// timezone, year); defaults when none was saved or a saved value no longer parses. Job, attempt
// and rank belong to the files of one import and are never remembered.
core::ReaderOptions rememberedImportOptions();
void rememberImportOptions(const core::ReaderOptions& options);

// The import dialog's name of an option ("year" -> "Year", "mapping" -> "Mapping file"); the name
// itself for an unknown one.
QString importOptionTitle(std::string_view option);

// The formats whose readers read an option, for tooltips: "chrome, nsys, mlperf, log, table".
QString formatsReadingOption(std::string_view option);

// What a window user can do about a failed import whose core::Error names an option: "Set Year
// under Options in the import dialog (File > Import traces...) and import the file again." (for
// "update", the box to tick); empty when `option` is empty.
QString importOptionHint(const std::string& option);

} // namespace ett::app
