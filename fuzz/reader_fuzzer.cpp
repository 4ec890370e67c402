// One reader on any bytes: the fuzz input is opened as a file of the format ETT_FUZZ_FORMAT names
// ("ett", "chrome", "nsys", "mlperf", "log", "table", "slurm", "nvrx", "elastic", "torchtitan",
// "onelogger" or "goodput"; the format is forced, so every input reaches that reader, whatever its
// first bytes) and drained batch by batch. Every input must end in records or an Error value; a
// crash, a sanitizer report, a leak or a hang is a reader's bug.
#include "core/ingest/formats.h"
#include "core/ingest/record_source.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "fuzz_input.h"

#ifndef ETT_FUZZ_FORMAT
#error "ETT_FUZZ_FORMAT must name the reader's format, e.g. \"chrome\""
#endif

namespace {

using namespace ett::core;

// Small batches, so that even a short input crosses batch boundaries, where readers keep state
// (open intervals, pending slices) from one call to the next.
constexpr size_t kBatchRecords = 7;

ReaderOptions fuzzOptions()
{
    const auto format = parseTraceFormat(ETT_FUZZ_FORMAT);
    if (!format || *format == TraceFormat::Auto) {
        std::abort(); // a build mistake: the harness names no reader
    }
    ReaderOptions options;
    options.format = *format;
    // Console logs without a year in their times need one; with it, yearless inputs reach the
    // rules instead of stopping at the first time.
    if (*format == TraceFormat::Log) {
        options.year = 2025;
    }
    return options;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const ReaderOptions options = fuzzOptions();
    const std::string& path = ett::fuzz::writeInputFile(data, size);
    auto source = openRecordSource(path, options);
    if (!source) {
        return 0; // refused at open: an Error is a fine answer
    }
    RecordBatch batch;
    while (true) {
        auto more = (*source)->nextBatch(batch, kBatchRecords);
        if (!more || !*more) {
            break;
        }
    }
    // The counted issues are complete now; reading them walks every entry the reader made.
    volatile int64_t sink = (*source)->issues().total() + (*source)->recordsRead();
    (void)sink;
    return 0;
}
