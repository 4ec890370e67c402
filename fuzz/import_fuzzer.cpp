// The whole import on any bytes: the fuzz input is imported as a file of any format (detected by
// content, as `ettw import` does by default) into a fresh in-memory database, and on success the
// stored jobs are loaded back. Every input must end in an ImportSummary or an Error value; a
// crash, a sanitizer report, a leak or a hang is a bug of the detection, a reader, the importer
// or the store. So is an import that succeeds and stores what the fleet query then cannot load
// (the importer refuses what the accounting cannot hold): the harness aborts on it.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ett::core;
    const std::string& path = ett::fuzz::writeInputFile(data, size);
    // A fresh database per input, so that each input's result depends on that input alone (a
    // crash reproduces from its one file).
    auto db = Database::open(":memory:", Database::OpenMode::CreateIfMissing);
    if (!db) {
        std::fprintf(stderr, "fuzz harness: cannot open an in-memory database: %s\n", db.error().message.c_str());
        std::abort();
    }
    ImportOptions options;
    options.label = "fuzz";
    auto summary = importTraceFile(**db, path, options);
    if (!summary) {
        return 0; // refused: an Error is a fine answer
    }
    FleetQuery query;
    query.withSegments = true;
    auto jobs = loadFleet(**db, query);
    if (!jobs) {
        std::fprintf(
            stderr, "fuzz: the import succeeded, then loading its jobs failed: %s\n", jobs.error().message.c_str());
        std::abort();
    }
    return 0;
}
