#include "core/store/clickhouse/fleet_store.h"

#include "core/model/rollup.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"

#include <algorithm>

namespace ett::core::clickhouse {

namespace {

// Splits a TSV body of plain numbers into its lines.
std::vector<std::string> lines(const std::string& body)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start < body.size()) {
        size_t nl = body.find('\n', start);
        if (nl == std::string::npos) {
            nl = body.size();
        }
        out.push_back(body.substr(start, nl - start));
        start = nl + 1;
    }
    return out;
}

Result<int64_t> oneInt(HttpConnection& c, const std::string& sql)
{
    auto body = c.query(sql + " FORMAT TSV");
    if (!body) {
        return body.error();
    }
    const auto l = lines(*body);
    if (l.size() != 1 || l[0].empty() || l[0].find_first_not_of("-0123456789") != std::string::npos) {
        return Error { c.server().describe() + ": an unexpected answer to " + sql.substr(0, 60) + "..." };
    }
    return std::stoll(l[0]);
}

} // namespace

FleetStore::FleetStore(StoreUrl url, Timeouts timeouts)
    : m_url(std::move(url))
    , m_timeouts(timeouts)
    , m_main(std::make_unique<HttpConnection>(
          ServerAddress { m_url.host, m_url.port, "the store" }, Credentials { m_url.user, m_url.password }, timeouts))
{
}

Result<std::unique_ptr<FleetStore>> FleetStore::open(const StoreUrl& url, Timeouts timeouts)
{
    std::unique_ptr<FleetStore> store(new FleetStore(url, timeouts));
    if (auto st = store->m_main->ping(); !st) {
        return Error { st.error().message + " [" + url.masked() + "]" };
    }
    return store;
}

std::unique_ptr<HttpConnection> FleetStore::connect(const ServerAddress& server) const
{
    return std::make_unique<HttpConnection>(server, Credentials { m_url.user, m_url.password }, m_timeouts);
}

Result<InitReport> FleetStore::init(const std::vector<std::string>& shardAddresses)
{
    if (m_url.cluster.empty()) {
        return Error { "the store URL names no cluster: add ?cluster=NAME (a cluster of the servers' "
                       "remote_servers) to "
            + m_url.masked() };
    }
    const std::string& db = m_url.database;
    // 1. The cluster as the URL's server knows it: one replica per shard.
    auto hosts = m_main->query("SELECT shard_num, replica_num, host_name FROM system.clusters WHERE cluster = "
        + sqlString(m_url.cluster) + " ORDER BY shard_num, replica_num FORMAT RowBinary");
    if (!hosts) {
        return hosts.error();
    }
    std::vector<std::string> clusterHosts;
    {
        RowBinaryReader r(*hosts);
        while (!r.atEnd()) {
            auto shard = r.uint32();
            auto replica = shard ? r.uint32() : shard;
            if (!replica) {
                return replica.error();
            }
            auto host = r.string();
            if (!host) {
                return host.error();
            }
            if (*replica > 1) {
                return Error { "cluster " + m_url.cluster
                    + " has more than one replica per shard; the fleet store "
                      "supports one replica per shard" };
            }
            clusterHosts.push_back(*host);
        }
    }
    if (clusterHosts.empty()) {
        return Error { m_main->server().describe() + ": no cluster named '" + m_url.cluster
            + "' in its remote_servers configuration" };
    }
    // 2. The shards' HTTP addresses: given, or the cluster's hosts on the URL's port.
    InitReport report;
    if (shardAddresses.empty()) {
        for (size_t i = 0; i < clusterHosts.size(); ++i) {
            report.shards.push_back({ clusterHosts[i], m_url.port, "shard " + std::to_string(i + 1) });
        }
    } else {
        for (size_t i = 0; i < shardAddresses.size(); ++i) {
            auto hp = parseHostPort(shardAddresses[i]);
            if (!hp) {
                return Error { "--shard " + hp.error().message };
            }
            report.shards.push_back({ hp->first, hp->second, "shard " + std::to_string(i + 1) });
        }
    }
    if (report.shards.size() != clusterHosts.size()) {
        return Error { "cluster " + m_url.cluster + " has " + std::to_string(clusterHosts.size()) + " shards but "
            + std::to_string(report.shards.size()) + " shard addresses were given (one --shard HOST:PORT each)" };
    }
    // 3. Every shard: its database, local tables, its list of shards, the Distributed tables.
    auto setUp = [&](HttpConnection& c, std::optional<size_t> selfIdx) -> Status {
        std::vector<std::string> statements = localTableStatements(db);
        statements.push_back("DROP TABLE IF EXISTS " + db + ".shards_local");
        statements.push_back(localTableStatements(db)[2]);
        for (const auto& sql : statements) {
            if (auto r = c.query(sql); !r) {
                return r.error();
            }
        }
        RowBinaryWriter w;
        for (size_t i = 0; i < report.shards.size(); ++i) {
            w.uint16(static_cast<uint16_t>(i));
            w.string(report.shards[i].host);
            w.uint16(static_cast<uint16_t>(report.shards[i].port));
            w.uint8(static_cast<uint8_t>(selfIdx == i ? 1 : 0));
            w.uint32(kStoreSchemaVersion);
        }
        if (auto st = c.insert("INSERT INTO " + db + ".shards_local FORMAT RowBinary", w.data()); !st) {
            return st;
        }
        for (const auto& sql : distributedTableStatements(db, m_url.cluster)) {
            if (auto r = c.query(sql); !r) {
                return r.error();
            }
        }
        return Status::success();
    };
    bool mainIsShard = false;
    for (size_t i = 0; i < report.shards.size(); ++i) {
        auto c = connect(report.shards[i]);
        if (auto st = setUp(*c, i); !st) {
            return st.error();
        }
        mainIsShard = mainIsShard || (report.shards[i].host == m_url.host && report.shards[i].port == m_url.port);
    }
    if (!mainIsShard) {
        report.queryNodeOutsideCluster = true;
        if (auto st = setUp(*m_main, std::nullopt); !st) {
            return st.error();
        }
    }
    // 4. Through the cluster, each shard's own row: the addresses given must be the cluster's
    //    shards, each once.
    const std::string notTheCluster = "the shard addresses given are not the shards of cluster " + m_url.cluster;
    auto selves = m_main->query("SELECT idx FROM " + db + ".shards WHERE self = 1 ORDER BY idx FORMAT TSV");
    if (!selves) {
        // A shard of the cluster without the tables: it was not among the addresses given.
        return Error { notTheCluster + " (through the cluster: " + selves.error().message
            + "); give each shard's HTTP address once, in any order" };
    }
    std::vector<std::string> expected;
    for (size_t i = 0; i < report.shards.size(); ++i) {
        expected.push_back(std::to_string(i));
    }
    if (lines(*selves) != expected) {
        return Error { notTheCluster + " (through the cluster, the shards answering as themselves were: "
            + (selves->empty() ? std::string("none") : *selves)
            + "); give each shard's HTTP address once, in any order" };
    }
    return report;
}

Result<std::vector<ServerAddress>> FleetStore::shards()
{
    auto body = m_main->query(
        "SELECT idx, host, port, schema_version FROM " + table("shards_local") + " ORDER BY idx FORMAT RowBinary");
    if (!body) {
        if (m_main->lastError().code == 60 || m_main->lastError().code == 81) {
            return Error { "no fleet store in database '" + m_url.database + "' of " + m_url.masked()
                + ": create it with `ettw store init --store URL`" };
        }
        return body.error();
    }
    std::vector<ServerAddress> out;
    RowBinaryReader r(*body);
    while (!r.atEnd()) {
        // idx UInt16, host String, port UInt16, schema_version UInt32.
        auto idx = r.uint16();
        auto host = idx ? r.string() : Result<std::string>(idx.error());
        auto port = host ? r.uint16() : Result<uint16_t>(host.error());
        auto version = port ? r.uint32() : Result<uint32_t>(port.error());
        if (!version) {
            return version.error();
        }
        if (*version != kStoreSchemaVersion) {
            return Error { "the fleet store in " + m_url.masked() + " has schema version " + std::to_string(*version)
                + "; this ettw knows version " + std::to_string(kStoreSchemaVersion)
                + (*version < static_cast<uint32_t>(kStoreSchemaVersion)
                        ? ": run `ettw store init` on it again to upgrade it (what was pushed stays)"
                        : std::string()) };
        }
        out.push_back({ *host, static_cast<int>(*port), "shard " + std::to_string(*idx + 1) });
    }
    if (out.empty()) {
        return Error { "no fleet store in database '" + m_url.database + "' of " + m_url.masked()
            + ": create it with `ettw store init --store URL`" };
    }
    return out;
}

Result<std::string> FleetStore::select(const std::string& sql)
{
    auto body = m_main->query(sql + " FORMAT RowBinary");
    if (!body) {
        return m_main->cancelled() ? body.error() : explain(body.error());
    }
    return body;
}

Error FleetStore::explain(const Error& error)
{
    auto shardList = shards();
    if (!shardList) {
        return error;
    }
    Timeouts quick;
    quick.connect = std::min(m_timeouts.connect, std::chrono::milliseconds(2'000));
    quick.request = std::min(m_timeouts.request, std::chrono::milliseconds(3'000));
    std::string down;
    for (const auto& s : *shardList) {
        HttpConnection c(s, Credentials { m_url.user, m_url.password }, quick);
        if (auto st = c.ping(); !st) {
            down += (down.empty() ? "" : "; ") + st.error().message;
        }
    }
    if (down.empty()) {
        return error;
    }
    return Error { "a shard does not answer: " + down + ". The query through the cluster failed: " + error.message };
}

Result<std::vector<LiveDataset>> FleetStore::liveDatasets(const std::optional<std::string>& label)
{
    auto body = m_main->query("SELECT label, dataset_id, dataset_hash FROM " + table("datasets_live")
        + (label ? " WHERE label = " + sqlString(*label) : std::string()) + " ORDER BY label FORMAT RowBinary");
    if (!body) {
        return explain(body.error());
    }
    std::vector<LiveDataset> out;
    RowBinaryReader r(*body);
    while (!r.atEnd()) {
        LiveDataset d;
        auto l = r.string();
        auto id = l ? r.uint64() : Result<uint64_t>(l.error());
        auto h = id ? r.string() : Result<std::string>(id.error());
        if (!h) {
            return h.error();
        }
        d.label = std::move(*l);
        d.id = *id;
        d.contentHash = std::move(*h);
        out.push_back(std::move(d));
    }
    return out;
}

Result<std::vector<PushedDataset>> FleetStore::pushedDatasets()
{
    auto body = m_main->query(
        "SELECT id, source, segments FROM " + table("datasets") + " WHERE state = 'committed' FORMAT RowBinary");
    if (!body) {
        return explain(body.error());
    }
    std::vector<PushedDataset> out;
    for (RowBinaryReader r(*body); !r.atEnd();) {
        auto id = r.uint64();
        auto source = r.string();
        auto segments = r.uint64();
        if (!id || !source || !segments) {
            return Error { "a short row in the fleet store's answer" };
        }
        out.push_back({ *id, std::move(*source), static_cast<int64_t>(*segments) });
    }
    return out;
}

Result<StoreCounts> FleetStore::counts(const std::optional<std::string>& label)
{
    const std::string live = "dataset_id GLOBAL IN (SELECT dataset_id FROM " + table("datasets_live")
        + (label ? " WHERE label = " + sqlString(*label) : std::string()) + ")";
    StoreCounts out;
    auto datasets = oneInt(*m_main,
        "SELECT count() FROM " + table("datasets_live")
            + (label ? " WHERE label = " + sqlString(*label) : std::string()));
    if (!datasets) {
        return explain(datasets.error());
    }
    out.datasets = *datasets;
    std::pair<const char*, int64_t*> tables[] = { { "jobs", &out.jobs }, { "attempts", &out.attempts },
        { "segments", &out.segments }, { "phases", &out.phases }, { "checkpoints", &out.checkpoints } };
    for (auto& [name, value] : tables) {
        auto n = oneInt(*m_main, "SELECT count() FROM " + table(name) + " WHERE " + live);
        if (!n) {
            return explain(n.error());
        }
        *value = *n;
    }
    // In RowBinary: 18.16 writes some Decimal128 values wrongly as text (store_figures.cpp).
    auto sums = m_main->query("SELECT sum(toDecimal128(end_ns - start_ns, 0)), "
                              "sum(toDecimal128(end_ns - start_ns, 0) * gpus) FROM "
        + table("segments") + " WHERE " + live + " FORMAT RowBinary");
    if (!sums) {
        return explain(sums.error());
    }
    RowBinaryReader r(*sums);
    auto ns = r.decimal128();
    auto gpuNs = ns ? r.decimal128() : ns;
    if (!gpuNs || !r.atEnd()) {
        return Error { m_main->server().describe() + ": an unexpected answer to the segment sums" };
    }
    out.segmentNs = formatWide(*ns);
    out.segmentGpuNs = formatWide(*gpuNs);
    return out;
}

} // namespace ett::core::clickhouse
