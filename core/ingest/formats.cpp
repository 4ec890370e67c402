#include "core/ingest/formats.h"

#include "core/ingest/byte_source.h"
#include "core/ingest/foreign_reader.h"
#include "core/ingest/input_file.h"
#include "core/ingest/native_reader.h"
#include "core/ingest/readers.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>

namespace ett::core {

namespace {

constexpr std::array<std::string_view, 13> kNames = { "auto", "ett", "chrome", "nsys", "mlperf", "log", "table",
    "slurm", "nvrx", "elastic", "torchtitan", "onelogger", "goodput" };
constexpr size_t kSniffBytes = 64 * 1024;

bool contains(std::string_view hay, std::string_view needle)
{
    return hay.find(needle) != std::string_view::npos;
}

// A JSON array of events ("[{" or "[]", blanks allowed), not a console line such as "[rank0]:...".
bool jsonArrayStart(std::string_view s)
{
    if (s.empty() || s.front() != '[') {
        return false;
    }
    const auto next = s.find_first_not_of(" \t\r\n", 1);
    return next == std::string_view::npos || s[next] == '{' || s[next] == ']';
}

std::string_view firstLine(std::string_view s)
{
    const auto nl = s.find('\n');
    return nl == std::string_view::npos ? s : s.substr(0, nl);
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// `sacct --json`: an object whose first key is one of its top-level keys ("meta", "jobs", "errors",
// "warnings"), with a "jobs" array and Slurm's "meta" (22.05 names it "Slurm", later versions
// "slurm"), or jobs with a "job_id" and "time"/"submission" when "meta" comes after them. The first
// key keeps a native record that merely mentions "jobs" and "slurm" (an attribute) out.
bool isSlurmJson(std::string_view s)
{
    if (s.front() != '{') {
        return false;
    }
    const auto open = s.find_first_not_of(" \t\r\n", 1);
    if (open == std::string_view::npos || s[open] != '"') {
        return false;
    }
    const auto close = s.find('"', open + 1);
    const std::string_view key
        = close == std::string_view::npos ? std::string_view {} : s.substr(open + 1, close - open - 1);
    if (key != "meta" && key != "jobs" && key != "errors" && key != "warnings") {
        return false;
    }
    return contains(s, "\"jobs\"")
        && (contains(s, "\"Slurm\"") || contains(s, "\"slurm\"")
            || (contains(s, "\"job_id\"") && contains(s, "\"submission\"")));
}

// ml-goodput-measurement log entries: Cloud Logging entries ("jsonPayload") or bare payloads
// (objects with "job_name") holding one of the recorder's or the checkpoint logger's field names.
bool isGoodputLog(std::string_view s)
{
    if (s.front() != '{' && !jsonArrayStart(s)) {
        return false;
    }
    if (!contains(s, "\"jsonPayload\"") && !(s.front() == '{' && contains(firstLine(s), "\"job_name\""))) {
        return false;
    }
    for (std::string_view key :
        { "\"job_start_time\"", "\"job_end_time\"", "\"step_start_time\"", "\"tpu_init_start_time\"",
            "\"training_prep_start_time\"", "\"data_loading_start_time\"", "\"custom_badput_event_type\"",
            "\"checkpoint_manager_blocking_duration_secs\"", "\"checkpoint_manager_duration_secs\"" }) {
        if (contains(s, key)) {
            return true;
        }
    }
    return false;
}

// `sacct --parsable2` (or --parsable) header: field names separated by '|', one of them JobID or
// JobIDRaw.
bool isSacctHeader(std::string_view line)
{
    if (line.find('|') == std::string_view::npos) {
        return false;
    }
    while (!line.empty()) {
        const auto bar = line.find('|');
        std::string_view field = line.substr(0, bar);
        while (!field.empty() && isBlank(field.back())) {
            field.remove_suffix(1);
        }
        if (field == "JobID" || field == "JobIDRaw") {
            return true;
        }
        if (bar == std::string_view::npos) {
            break;
        }
        line.remove_prefix(bar + 1);
    }
    return false;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// An NVRx restart-timing line anywhere in the text: "Cycle: <digits> Event: <name> ... Time: ".
bool hasNvrxEventLine(std::string_view s)
{
    constexpr std::string_view kCycle = "Cycle: ";
    for (size_t at = s.find(kCycle); at != std::string_view::npos; at = s.find(kCycle, at + 1)) {
        size_t i = at + kCycle.size();
        const size_t digits = i;
        while (i < s.size() && isDigit(s[i])) {
            ++i;
        }
        if (i == digits || s.substr(i, 8) != " Event: ") {
            continue;
        }
        const std::string_view rest = firstLine(s.substr(i));
        if (contains(rest, " Time: ") && contains(rest, " UTC")) {
            return true;
        }
    }
    return false;
}

// A TorchElastic event on one of the first lines, plain or after a log prefix: an Event
// ("name", "source" AGENT or WORKER, "metadata") or an RdzvEvent ("run_id", "node_state").
bool hasElasticEvent(std::string_view s)
{
    for (int lines = 0; !s.empty() && lines < 64; ++lines) {
        const std::string_view line = firstLine(s);
        s.remove_prefix(std::min(s.size(), line.size() + 1));
        const auto brace = line.find('{');
        if (brace == std::string_view::npos) {
            continue;
        }
        const std::string_view obj = line.substr(brace);
        if (!obj.starts_with("{\"name\"")) {
            continue; // both dataclasses serialize "name" first
        }
        const bool event = (contains(obj, "\"source\": \"AGENT\"") || contains(obj, "\"source\": \"WORKER\"")
                               || contains(obj, "\"source\":\"AGENT\"") || contains(obj, "\"source\":\"WORKER\""))
            && contains(obj, "\"metadata\"");
        const bool rdzv = contains(obj, "\"run_id\"") && contains(obj, "\"node_state\"");
        if (event || rdzv) {
            return true;
        }
    }
    return false;
}

// The span logs whose lines are flat JSON objects, told apart by their fields (first line only):
// OneLogger's exporter writes "type" start | stop | complete | event | application_error |
// telemetry_data_error with its span or event objects; torchtitan's structured logger writes
// "log_type_name" and its times, and no "type". Neither is taken for the native format, whose
// types (header, job, attempt, phase, checkpoint, rank) differ.
std::optional<TraceFormat> spanLogFormat(std::string_view line)
{
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (parser.parse(line.data(), line.size(), true).get(obj)) {
        return std::nullopt;
    }
    std::string_view type;
    if (!obj["type"].get_string().get(type)) {
        static constexpr std::array<std::string_view, 6> kOneLoggerTypes
            = { "start", "stop", "complete", "event", "application_error", "telemetry_data_error" };
        const bool oneLoggerType
            = std::find(kOneLoggerTypes.begin(), kOneLoggerTypes.end(), type) != kOneLoggerTypes.end();
        for (const char* key : { "start_event", "stop_event", "span_id", "error" }) {
            if (oneLoggerType && obj[key].error() == simdjson::SUCCESS) {
                return TraceFormat::Onelogger;
            }
        }
        return std::nullopt;
    }
    if (obj["type"].error() != simdjson::NO_SUCH_FIELD || obj["log_type_name"].get_string().error()) {
        return std::nullopt;
    }
    for (const char* key : { "time_us", "time_ms", "time" }) {
        if (obj[key].is_number()) {
            return TraceFormat::Torchtitan;
        }
    }
    return std::nullopt;
}

} // namespace

std::string_view traceFormatName(TraceFormat f)
{
    return kNames[static_cast<size_t>(f)];
}

std::optional<TraceFormat> parseTraceFormat(std::string_view name)
{
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == name) {
            return static_cast<TraceFormat>(i);
        }
    }
    return std::nullopt;
}

std::optional<int64_t> parseUtcOffset(std::string_view z)
{
    while (!z.empty() && isBlank(z.front())) {
        z.remove_prefix(1);
    }
    while (!z.empty() && isBlank(z.back())) {
        z.remove_suffix(1);
    }
    if (z == "Z" || z == "z" || z == "UTC" || z == "utc" || z == "GMT") {
        return 0;
    }
    if (z.size() < 3 || (z[0] != '+' && z[0] != '-')) {
        return std::nullopt;
    }
    const int64_t sign = z[0] == '-' ? -1 : 1;
    std::string digits;
    for (size_t i = 1; i < z.size(); ++i) {
        if (z[i] == ':' && i == 3) {
            continue;
        }
        if (z[i] < '0' || z[i] > '9') {
            return std::nullopt;
        }
        digits += z[i];
    }
    if (digits.size() != 2 && digits.size() != 4) {
        return std::nullopt;
    }
    const int64_t hours = (digits[0] - '0') * 10 + (digits[1] - '0');
    const int64_t minutes = digits.size() == 4 ? (digits[2] - '0') * 10 + (digits[3] - '0') : 0;
    if (hours > 23 || minutes > 59) {
        return std::nullopt;
    }
    return sign * (hours * 60 + minutes) * kNsPerMinute;
}

bool formatReadsOption(TraceFormat format, std::string_view option)
{
    switch (format) {
    case TraceFormat::Auto:
        return true;
    case TraceFormat::Ett:
        return false; // a native trace names its jobs, attempts and times itself
    case TraceFormat::Log:
        return option != "gpus_per_node"; // the only reader of local, yearless times
    case TraceFormat::Goodput:
        return option == "mapping"; // the entries name their jobs and times
    case TraceFormat::Slurm:
        // sacct names jobs and runs itself; its parsable times are local, without a zone.
        return option == "mapping" || option == "timezone";
    case TraceFormat::Nvrx: // counts nodes, not GPUs; --attempt is the Slurm attempt of a log's cycles
        return option == "mapping" || option == "job" || option == "attempt" || option == "gpus_per_node";
    case TraceFormat::Elastic: // counts nodes, not GPUs; its attempts are the agent's restarts
        return option == "mapping" || option == "job" || option == "gpus_per_node";
    case TraceFormat::Chrome:
    case TraceFormat::Nsys:
    case TraceFormat::Mlperf:
    case TraceFormat::Table:
    case TraceFormat::Torchtitan:
    case TraceFormat::Onelogger:
        break;
    }
    return option == "mapping" || option == "job" || option == "attempt" || option == "rank";
}

std::string traceFormatList()
{
    std::string out;
    for (size_t i = 1; i < kNames.size(); ++i) {
        out += (out.empty() ? "" : ", ") + std::string(kNames[i]);
    }
    return out;
}

bool formatJoinsFolderRun(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Chrome:
    case TraceFormat::Nsys:
    case TraceFormat::Torchtitan: // a file per rank, no run id inside
    case TraceFormat::Onelogger: // a file per rank or process
        return true;
    case TraceFormat::Auto:
    case TraceFormat::Ett:
    case TraceFormat::Mlperf:
    case TraceFormat::Log:
    case TraceFormat::Table:
    case TraceFormat::Slurm: // accounting of many jobs
    case TraceFormat::Nvrx: // cycle files and launcher logs name their job
    case TraceFormat::Elastic: // events name their run
    case TraceFormat::Goodput: // entries name their job
        break;
    }
    return false;
}

Status checkReaderOptions(const ReaderOptions& options)
{
    // Only what the format reads: an option it ignores cannot make its import fail either.
    auto reads = [&](std::string_view option) { return formatReadsOption(options.format, option); };
    if (reads("timezone") && !parseUtcOffset(options.timezone)) {
        return Error { "expected \"UTC\" or an offset like \"+02:00\", got \"" + options.timezone + "\"", "timezone" };
    }
    if (reads("year") && options.year && (*options.year < kMinYearOption || *options.year > kMaxYearOption)) {
        return Error { "expected a year from " + std::to_string(kMinYearOption) + " to "
                + std::to_string(kMaxYearOption) + ", got " + std::to_string(*options.year),
            "year" };
    }
    if (reads("attempt") && options.attempt && *options.attempt < 0) {
        return Error { "expected an attempt number >= 0, got " + std::to_string(*options.attempt), "attempt" };
    }
    if (reads("rank") && options.rank && *options.rank < 0) {
        return Error { "expected a rank >= 0, got " + std::to_string(*options.rank), "rank" };
    }
    if (reads("gpus_per_node") && options.gpusPerNode && *options.gpusPerNode < 1) {
        return Error { "expected a GPU count >= 1, got " + std::to_string(*options.gpusPerNode), "gpus_per_node" };
    }
    if (reads("job") && options.job && options.job->empty()) {
        return Error { "expected a job id, got an empty text", "job" };
    }
    if (reads("mapping") && !options.mappingPath.empty()) {
        // Auto: the format is known per file, so only the file itself is checked here.
        const std::string_view format
            = options.format == TraceFormat::Auto ? std::string_view {} : traceFormatName(options.format);
        if (auto mapping = readerMapping(options, {}, format); !mapping) {
            return mapping.error();
        }
    }
    return Status::success();
}

namespace {

// What a file is by its name when it is a document, a configuration or a program that no trace is
// written as ("a Markdown document"), before its content is guessed at (a README that quotes a
// log's lines read as a log without a timestamp, or as an MLPerf log without an event); nullptr:
// its content says. The name without a compression suffix.
const char* nonTraceByName(const std::string& path)
{
    std::string name = std::filesystem::path(path).filename().string();
    for (const char* suffix : { ".gz", ".zst", ".zstd" }) {
        if (name.size() > std::strlen(suffix) && name.ends_with(suffix)) {
            name.resize(name.size() - std::strlen(suffix));
            break;
        }
    }
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    static constexpr std::pair<std::string_view, const char*> kKinds[] = {
        { ".md", "a Markdown document" },
        { ".markdown", "a Markdown document" },
        { ".rst", "a reStructuredText document" },
        { ".adoc", "an AsciiDoc document" },
        { ".html", "an HTML page" },
        { ".htm", "an HTML page" },
        { ".ipynb", "a Jupyter notebook" },
        { ".py", "a Python program" },
        { ".sh", "a shell script" },
        { ".yaml", "a YAML file" },
        { ".yml", "a YAML file" },
        { ".toml", "a TOML file" },
    };
    for (const auto& [ext, kind] : kKinds) {
        if (name.size() > ext.size() && name.ends_with(ext)) {
            return kind;
        }
    }
    return nullptr;
}

} // namespace

Result<TraceFormat> detectFormat(const std::string& path)
{
    // 1. SQLite files (Nsight Systems exports) by their 16-byte magic, before any decompression.
    {
        std::FILE* f = std::fopen(openablePath(path).c_str(), "rb");
        if (!f) {
            return Error { path + ": cannot open: " + std::strerror(errno) };
        }
        char magic[16] = {};
        const size_t n = std::fread(magic, 1, sizeof magic, f);
        std::fclose(f);
        if (n == sizeof magic && std::memcmp(magic, "SQLite format 3", 16) == 0) {
            return TraceFormat::Nsys;
        }
    }
    // 2. The first bytes of the content (decompressed when gzip).
    auto src = ByteSource::open(path);
    if (!src) {
        return src.error();
    }
    std::string head(kSniffBytes, '\0');
    size_t have = 0;
    std::optional<Error> readError;
    while (have < head.size()) {
        auto n = (*src)->read(head.data() + have, head.size() - have);
        if (!n) {
            readError = n.error(); // a cut gzip stream may still tell its format from what came out
            break;
        }
        if (*n == 0) {
            break;
        }
        have += *n;
    }
    head.resize(have);
    if (have == 0 && readError) {
        return *readError;
    }
    // No format this version reads as text has a NUL byte (the text readers stop at one): binary
    // data (an image, an archive, a core dump) is not a trace, and a folder's walk passes over it.
    // Traces are often passed around in archives: name the two common ones rather than their NUL.
    // Zip only by its name as well: a PyTorch checkpoint (.pt), a .npz or a .jar is a zip too, and
    // no archive to extract.
    const bool zip = head.starts_with(std::string_view("PK\x03\x04", 4)) && path.ends_with(".zip");
    const bool tar = head.size() >= 262 && std::string_view(head).substr(257, 5) == "ustar";
    if (zip || tar) {
        return Error { path + ": " + (zip ? "a zip archive" : "a tar archive") + ", not a trace: extract it first ("
                + (zip ? "unzip" : "tar -xf") + "), then import the traces or their folder",
            "format" };
    }
    if (const size_t nul = head.find('\0'); nul != std::string::npos) {
        const auto line = std::count(head.begin(), head.begin() + static_cast<std::ptrdiff_t>(nul), '\n') + 1;
        const size_t lineStart = nul == 0 ? 0 : head.rfind('\n', nul - 1) + 1; // npos + 1 == 0
        return Error { path + ":" + std::to_string(line) + ": binary data (a NUL byte at column "
                + std::to_string(nul - lineStart + 1) + "), not a trace this version reads",
            "format" };
    }
    if (const char* kind = nonTraceByName(path)) {
        return Error { path + ": " + kind + " (by its name), not a trace this version reads", "format" };
    }
    std::string_view s(head);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    if (s.empty()) {
        return Error { path + ": the file is empty; cannot tell its format" };
    }
    // 3. Content rules, most specific first.
    if (contains(s, ":::MLLOG")) {
        return TraceFormat::Mlperf;
    }
    const std::string_view line = firstLine(s);
    // ml-goodput-measurement entries (before the native check: an entry's "resource" has a "type",
    // and before Chrome: gcloud writes a JSON array of entries).
    if (isGoodputLog(s)) {
        return TraceFormat::Goodput;
    }
    // Slurm accounting: `sacct --json` (an object with "jobs" and Slurm's "meta"; before the native
    // check, since a compact document's first line also holds a "type"), or `sacct --parsable2` (a
    // header of '|'-separated field names with JobID).
    if (isSlurmJson(s) || isSacctHeader(line)) {
        return TraceFormat::Slurm;
    }
    if (s.front() == '{') {
        if (auto f = spanLogFormat(line)) {
            return *f;
        }
    }
    // One JSON object per line with a "type" field: the native format (its reader names what is
    // wrong with a header of another format).
    if (s.front() == '{' && contains(line, "\"type\"") && !contains(line, "\"ph\"")
        && !contains(line, "\"traceEvents\"")) {
        return TraceFormat::Ett;
    }
    // An NVRx cycle info file: one JSON object (written indented) of the NVRxCycleInfo fields.
    if (s.front() == '{' && contains(s, "\"cycle_number\"") && contains(s, "\"cycle_start_time\"")) {
        return TraceFormat::Nvrx;
    }
    // Kineto writes its header ("schemaVersion", "deviceProperties", "distributedInfo" with every
    // process group's ranks) before "traceEvents": for a large job that header alone outgrows the
    // sniffed bytes.
    if (jsonArrayStart(s)
        || (s.front() == '{'
            && (contains(s, "\"traceEvents\"") || contains(s, "\"ph\"") || contains(s, "\"schemaVersion\"")
                || contains(s, "\"distributedInfo\"")))) {
        return TraceFormat::Chrome;
    }
    if (hasElasticEvent(s)) {
        return TraceFormat::Elastic;
    }
    if (hasNvrxEventLine(s)) {
        return TraceFormat::Nvrx;
    }
    const auto commas = std::count(line.begin(), line.end(), ',');
    if (commas >= 2 && line.find('{') == std::string_view::npos && line.find('"') == std::string_view::npos
        && std::none_of(line.begin(), line.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return TraceFormat::Table; // a CSV header: words separated by commas, no digits
    }
    // An MLPerf system description (<submitter>/systems/<system>.json): read with the results that
    // name it, for their GPU count.
    if (s.front() == '{' && contains(s, "\"system_name\"") && contains(s, "\"submitter\"")
        && contains(s, "\"accelerators_per_node\"")) {
        return Error { path
                + ": an MLPerf system description (read with the result logs that name its system, for their "
                  "GPU count), not a trace this version reads",
            "format" };
    }
    if (s.front() == '{') {
        return Error { path
                + ": looks like JSON but neither an ETT trace (a \"type\" field on each line) nor a "
                  "Chrome trace (\"traceEvents\" or \"ph\"); say which with --format",
            "format" };
    }
    return TraceFormat::Log;
}

Result<std::unique_ptr<RecordSource>> openRecordSource(const std::string& path, const ReaderOptions& options)
{
    TraceFormat format = options.format;
    if (format == TraceFormat::Auto) {
        auto detected = detectFormat(path);
        if (!detected) {
            return detected.error();
        }
        format = *detected;
    }
    switch (format) {
    case TraceFormat::Ett: {
        auto r = NativeReader::open(path);
        if (!r) {
            return r.error();
        }
        return std::unique_ptr<RecordSource>(std::move(*r));
    }
    case TraceFormat::Chrome:
        return openChromeReader(path, options);
    case TraceFormat::Nsys:
        return openNsysReader(path, options);
    case TraceFormat::Mlperf:
        return openMlperfReader(path, options);
    case TraceFormat::Log:
        return openLogReader(path, options);
    case TraceFormat::Table:
        return openTableReader(path, options);
    case TraceFormat::Slurm:
        return openSlurmReader(path, options);
    case TraceFormat::Nvrx:
        return openNvrxReader(path, options);
    case TraceFormat::Elastic:
        return openElasticReader(path, options);
    case TraceFormat::Torchtitan:
        return openTorchtitanReader(path, options);
    case TraceFormat::Onelogger:
        return openOneloggerReader(path, options);
    case TraceFormat::Goodput:
        return openGoodputReader(path, options);
    case TraceFormat::Auto:
        break;
    }
    return Error { path + ": no format" };
}

} // namespace ett::core
