// A fleet store: a ClickHouse cluster holding pushed fleets (store_schema.h), reached through
// the server its URL names. Creates the schema on every shard, knows the shards' HTTP addresses
// (so that a push sends each shard its rows directly) and reads the catalogue of datasets.
// Not thread-safe: one thread at a time; workers open their own connections (connectShard()).
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/http_client.h"
#include "core/store/clickhouse/store_url.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::core::clickhouse {

// A dataset the store counts: the latest committed push of its label.
struct LiveDataset
{
    std::string label;
    uint64_t id = 0;
    std::string contentHash;
};

// A committed push as it was recorded: where its dataset came from and how many segments it holds.
struct PushedDataset
{
    uint64_t id = 0;
    std::string source;
    int64_t segments = 0;
};

// Rows of the live datasets per table, and the sums a test compares with the local engine's.
struct StoreCounts
{
    int64_t datasets = 0;
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;
    std::string segmentNs; // sum of end - start, exact (decimal text)
    std::string segmentGpuNs; // sum of (end - start) x gpus, exact (decimal text)
};

struct InitReport
{
    std::vector<ServerAddress> shards; // in the store's shard order
    bool queryNodeOutsideCluster = false; // the URL's server is not a shard (it got the Distributed tables)
};

class FleetStore
{
public:
    // Connects to the URL's server and checks that it answers. Error naming it (never the password).
    static Result<std::unique_ptr<FleetStore>> open(const StoreUrl& url, Timeouts timeouts = {});

    const StoreUrl& url() const { return m_url; }
    // The server the URL names, for queries.
    HttpConnection& queryNode() { return *m_main; }
    const Timeouts& timeouts() const { return m_timeouts; }

    // "DB.name".
    std::string table(const char* name) const { return m_url.database + "." + name; }

    // Creates the database, the local tables on every shard and the Distributed tables and view on
    // every shard (and on the URL's server when it is not one), then checks through the cluster
    // that the shards given are exactly the cluster's. `shardAddresses`: the shards' HTTP
    // addresses (HOST:PORT); empty: the cluster's hosts with the URL's port. Safe to run again.
    Result<InitReport> init(const std::vector<std::string>& shardAddresses);

    // The shards' HTTP addresses recorded by init(), in shard order. Error: no store in this
    // database (init it first), or a schema this build does not know.
    Result<std::vector<ServerAddress>> shards();

    // A new connection to one server with this store's credentials and timeouts.
    std::unique_ptr<HttpConnection> connect(const ServerAddress& server) const;

    // The live datasets (all labels, or one). Error as the server's.
    Result<std::vector<LiveDataset>> liveDatasets(const std::optional<std::string>& label = std::nullopt);

    // Every committed push (live or replaced since), in no particular order.
    Result<std::vector<PushedDataset>> pushedDatasets();

    // The live rows per table (all labels or one), through the Distributed tables.
    Result<StoreCounts> counts(const std::optional<std::string>& label = std::nullopt);

    // Runs a SELECT (without its FORMAT) on the URL's server and returns its rows in RowBinary. Error:
    // the server's, explained (explain()).
    Result<std::string> select(const std::string& sql);

    // `error` of a query through the cluster, leading with the shards that do not answer now
    // (each pinged within a few seconds), so that a user reads which shard is down or hung rather
    // than only the cluster's message. Unchanged when every shard answers or none is known.
    Error explain(const Error& error);

private:
    FleetStore(StoreUrl url, Timeouts timeouts);

    StoreUrl m_url;
    Timeouts m_timeouts;
    std::unique_ptr<HttpConnection> m_main;
};

} // namespace ett::core::clickhouse
