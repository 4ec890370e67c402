// The commands on a fleet store (a ClickHouse cluster, core/store/clickhouse): `ettw store init`
// creates its tables on every shard, `ettw store status` lists what it counts, `ettw push` sends
// a local database's labels, and `ettw import --store` imports files straight into it.
#pragma once

#include "app/cli/cli_common.h"
#include "app/cli/import_cmd.h"
#include "app/cli/store_options.h"

#include <optional>
#include <string>
#include <vector>

namespace ett::app {

struct StoreInitCmd
{
    std::vector<std::string> shards; // HTTP HOST:PORT of each shard
};

struct PushCmd
{
    std::optional<std::string> label; // one label of the database, else all
    bool replace = false;
    int64_t sliceJobs = 4'096; // jobs read and sent at a time (ch::PushOptions::jobsPerSlice)
};

// Creates the store's tables on every shard and says which shards it found. Errors (a bad URL,
// a shard that does not answer, addresses that are not the cluster's): a message naming the
// server, never the password, and kExitUserError.
int runStoreInit(const StoreOptions& store, const StoreInitCmd& cmd);

// Lists the live datasets and their rows (table or JSON). Errors as runStoreInit.
int runStoreStatus(const StoreOptions& store, const CommonOptions& common);

// Pushes the labels of the database (all, or --label), one dataset each; a label already pushed
// with the same content is said and skipped. Errors as runStoreInit; labels pushed before an
// error stay pushed, the failed one is not counted.
int runPush(const CommonOptions& common, const StoreOptions& store, const PushCmd& cmd);

// `ettw import --store`: imports the files into a temporary database with the usual readers and
// checks, then pushes its label; the temporary database is removed. Errors as runImport and runPush.
int runImportToStore(const CommonOptions& common, const StoreOptions& store, const ImportCmd& cmd, bool replace);

} // namespace ett::app
