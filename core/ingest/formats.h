// Trace formats and their readers: the native format and what training jobs and
// clusters already write, detected by content (never by file name) and opened as a RecordSource.
#pragma once

#include "core/ingest/record_source.h"
#include "core/model/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

enum class TraceFormat {
    Auto,
    Ett,
    Chrome,
    Nsys,
    Mlperf,
    Log,
    Table,
    Slurm,
    Nvrx,
    Elastic,
    Torchtitan,
    Onelogger,
    Goodput,
};

// "auto", "ett", "chrome", "nsys", "mlperf", "log", "table", "slurm", "nvrx", "elastic", "torchtitan",
// "onelogger", "goodput".
std::string_view traceFormatName(TraceFormat format);
std::optional<TraceFormat> parseTraceFormat(std::string_view name);
// Every format a file can be read as, for messages: "ett, chrome, nsys, mlperf, log, table".
std::string traceFormatList();

// How to read a file. Foreign formats map their names onto phases with a mapping:
// a built-in preset chosen by format, or the user's file.
struct ReaderOptions
{
    TraceFormat format = TraceFormat::Auto;
    std::string mappingPath; // a rules file overriding the format's preset; empty: the preset
    std::optional<std::string> job; // which job the file belongs to (formats that cannot say)
    std::optional<int32_t> attempt; // which attempt
    // The job's name (console logs: the configuration, set by core/ingest/log_runs.h); empty: none.
    std::string jobName;
    std::optional<int32_t> rank; // which rank
    std::string timezone = "UTC"; // console logs and Slurm accounting with local times ("UTC" or "+02:00")
    std::optional<int> year; // console logs whose timestamps lack a year
    // GPUs of one node, for formats that count nodes but not GPUs (NVRx, TorchElastic); >= 1.
    std::optional<int32_t> gpusPerNode;
    // NVRx: the other files of this launcher log's job, read with it into one account of the job
    // (cycle info files and the launcher logs of other nodes or Slurm attempts; set by
    // core/ingest/nvrx_runs.h, never by a user). Empty: the file is read on its own.
    std::vector<std::string> companions;
    // The file the one read is a copy of (the watcher's snapshot, app/service/file_watch.h); empty:
    // the path read is the file itself. Readers that look beside the file (an MLPerf result's
    // <submitter>/systems/<system>.json) look beside this one.
    std::string copyOf;
};

// The years a year option may name (`ettw import --year`, the window's import dialog): every time
// of them fits int64 nanoseconds since 1970.
constexpr int kMinYearOption = 1970;
constexpr int kMaxYearOption = 2262;

// "UTC", "Z", "GMT", "+02:00", "+0200", "+02", "-05:30" (blanks around allowed) -> the offset east
// of UTC in nanoseconds; nullopt for anything else (zone names such as "CEST" are ambiguous).
std::optional<int64_t> parseUtcOffset(std::string_view zone);

// Whether a format's reader reads an option: "mapping", "job", "attempt", "rank", "timezone",
// "year" or "gpus_per_node" (names of ReaderOptions fields, as the CLI's flags). Auto reads them all (the format is
// not known yet); the native format none.
bool formatReadsOption(TraceFormat format, std::string_view option);

// Whether one run of this format is commonly split across the files of one folder (a file per rank
// or per cycle), so that a folder import gives those files the job their folder names when they do
// not name it themselves: Chrome traces, Nsight exports, torchtitan structured logs and OneLogger
// exports. Not the formats that name their jobs (native, NVRx, TorchElastic), MLPerf logs (a file
// is a run of its own), console logs (their runs are chained by content) or job tables and Slurm
// accounting (a file lists many jobs).
bool formatJoinsFolderRun(TraceFormat format);

// Checks the options a user gave before any file is read, one check shared by `ettw import` and
// the window's import dialog. Of the options the format reads (formatReadsOption): the timezone
// parses, the year lies in [kMinYearOption, kMaxYearOption], attempt and rank are >= 0, GPUs per node
// >= 1, a given
// job is not empty, and a mapping file loads, parses and is for that format. The Error's `option`
// names the option; its message says what was expected and found (a mapping's names its file and
// rule), without the option's name, which the caller writes as its user knows it.
Status checkReaderOptions(const ReaderOptions& options);

// Looks at the file's first bytes (decompressed when gzip) and names its format; an Error that
// says why when no format fits or two could.
Result<TraceFormat> detectFormat(const std::string& path);

// Opens a reader for the file in the given (or detected) format. Error: cannot open, unsure
// format, bad mapping file, or a format this build cannot read yet.
Result<std::unique_ptr<RecordSource>> openRecordSource(const std::string& path, const ReaderOptions& options);

} // namespace ett::core
