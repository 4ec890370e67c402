// The child process of the kill tests (kill_import_test.cpp): imports one trace file into one
// database under one label, as `ettw import` does, and exits. Its own binary, linking ett_core
// only, so that the test runs in builds without the command line.
//
//     ett_import_child DB FILE LABEL [CACHE_KIB]
//
// CACHE_KIB shrinks SQLite's page cache from the store's 32 MB, so that a transaction of a few MB
// already writes pages into the database file before its commit, as an import of more than 32 MB
// does with the store's own setting. Progress goes to stdout, a line a report. Exit status 0 when the file was
// imported, 1 with the Error on stderr otherwise, 2 on bad usage.
#include "core/store/database.h"
#include "core/store/importer.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv)
{
    using namespace ett::core;
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: ett_import_child DB FILE LABEL [CACHE_KIB]\n");
        return 2;
    }
    auto db = Database::open(argv[1], Database::OpenMode::CreateIfMissing);
    if (!db) {
        std::fprintf(stderr, "%s\n", db.error().message.c_str());
        return 1;
    }
    if (argc == 5) {
        const long kib = std::strtol(argv[4], nullptr, 10);
        if (kib <= 0) {
            std::fprintf(stderr, "CACHE_KIB: expected a positive number, got %s\n", argv[4]);
            return 2;
        }
        if (auto st = (*db)->exec("PRAGMA cache_size=-" + std::to_string(kib)); !st) {
            std::fprintf(stderr, "%s\n", st.error().message.c_str());
            return 1;
        }
    }
    ImportOptions options;
    options.label = argv[3];
    // Each progress report is a line "progress STAGE RECORDS", written at once: the test kills on
    // one to be sure the kill lands inside the import's transaction.
    options.progress = [](const ImportProgress& p) {
        std::printf("progress %s %lld\n", p.stage.c_str(), static_cast<long long>(p.records));
        std::fflush(stdout);
    };
    auto summary = importTraceFile(**db, argv[2], options);
    if (!summary) {
        std::fprintf(stderr, "%s\n", summary.error().message.c_str());
        return 1;
    }
    std::printf("imported %lld records\n", static_cast<long long>(summary->records));
    return 0;
}
