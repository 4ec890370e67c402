// The options a file was read with, as the database keeps them with the file's dataset
// (datasets.reader_options, schema 6) and as `ettw datasets` shows them: a file read again later (a
// console log whose run is chained anew, a job declared again after another file's removal, an
// undone removal) is read as it was imported, not with the options of the command that reads it.
//
// Kept: what a user gives and a reader reads (mapping, job, attempt, rank, timezone, year, GPUs per
// node), and the job a folder gave a file of a folder's run. Not kept: the format (the dataset
// names the reader that read it), what an import derives for one reading (a console log's job
// and attempt in its chain, an NVRx log's companions, a watched file's copy).
#pragma once

#include "core/ingest/formats.h"
#include "core/model/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace ett::core {

// {"mapping":"/abs/rules.json","timezone":"+02:00","year":2026}: the options that differ from the
// defaults, in that order (mapping, job, attempt, rank, timezone, year, gpus_per_node); "{}" when
// none does. The mapping's path is written as given (the importer makes it absolute first).
std::string readerOptionsJson(const ReaderOptions& options);

// The options of readerOptionsJson's text, on the defaults (format Auto). Error: not such an
// object (invalid JSON, an unknown key, a value of the wrong type or out of range), naming the key.
Result<ReaderOptions> parseReaderOptionsJson(std::string_view json);

// The options a stored file was read with (`storedJson`, as its dataset keeps them), for reading it
// again; `given` (the options of the command that reads it again) when they are not known: "" (a
// file imported before schema 6) or a text parseReaderOptionsJson refuses.
ReaderOptions storedOrGiven(std::string_view storedJson, const ReaderOptions& given);

// The flags (readerOptionsFlags) of the options a stored file was read with (`storedJson`, as its
// dataset keeps them): "" for the defaults; nullopt when they are not known ("" stored, or a text
// parseReaderOptionsJson refuses).
std::optional<std::string> storedOptionsFlags(std::string_view storedJson);

// The same options as `ettw import` flags: "--mapping /abs/rules.json --timezone +02:00 --year 2026"
// (values with blanks or quotes quoted for a POSIX shell); "" when none differs from the defaults.
std::string readerOptionsFlags(const ReaderOptions& options);

} // namespace ett::core
