// The two-shard ClickHouse cluster packaging/run-tests.sh starts, as the store tests see it:
// ETT_TEST_STORE_URL (the writer), ETT_TEST_STORE_SHARDS (the shards' HTTP addresses), each test
// with a database of its own so that tests may share the cluster. Header-only, for every test
// program that talks to the cluster.
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/http_client.h"
#include "core/store/clickhouse/store_url.h"

#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace ett::core::test {

struct TestCluster
{
    clickhouse::StoreUrl url; // the writer's URL, its database this test's own
    std::vector<std::string> shards; // "host:port" of each shard's HTTP interface
};

// The cluster with a fresh database named `prefix` and a random number; nullopt when
// ETT_TEST_STORE_URL is not set (no cluster: the test skips). Error: a URL that does not parse, or
// not two shards.
inline Result<std::optional<TestCluster>> testCluster(const std::string& prefix)
{
    const auto env = clickhouse::processEnv("ETT_TEST_STORE_URL");
    if (!env || env->empty()) {
        return std::optional<TestCluster> {};
    }
    auto url = clickhouse::parseStoreUrl(*env);
    if (!url) {
        return url.error();
    }
    TestCluster c;
    c.url = *url;
    c.url.database = prefix + std::to_string(std::random_device {}() % 1000000);
    std::stringstream shards(clickhouse::processEnv("ETT_TEST_STORE_SHARDS").value_or(""));
    for (std::string s; std::getline(shards, s, ',');) {
        c.shards.push_back(s);
    }
    if (c.shards.size() != 2) {
        return Error { "ETT_TEST_STORE_SHARDS must name the two shards' HTTP addresses" };
    }
    return std::optional<TestCluster>(std::move(c));
}

// Drops the test's database on every shard (nothing when it does not exist).
inline void dropTestDatabase(const TestCluster& c)
{
    for (const auto& s : c.shards) {
        if (auto hp = clickhouse::parseHostPort(s); hp.ok()) {
            clickhouse::HttpConnection conn({ hp->first, hp->second, "shard" }, { c.url.user, c.url.password });
            (void)conn.query("DROP DATABASE IF EXISTS " + c.url.database);
        }
    }
}

// The skip message of a test without a cluster.
inline constexpr const char* kNoTestCluster = "ETT_TEST_STORE_URL is not set: no ClickHouse cluster to test against";

} // namespace ett::core::test
