// The fleet-store client's pure parts: store URLs (the password never shown) and SQL literals.
#include "core/store/clickhouse/http_client.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_url.h"

#include <gtest/gtest.h>

#include <map>

namespace ett::core::clickhouse {
namespace {

EnvLookup envOf(std::map<std::string, std::string> vars)
{
    return [vars](const char* name) -> std::optional<std::string> {
        auto it = vars.find(name);
        return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

TEST(StoreUrl, ParsesEveryPartAndDecodesCredentials)
{
    auto u = parseStoreUrl("clickhouse://ett%40w:s3%3Acret@db.example:18121/fleet_1?cluster=two", envOf({}));
    ASSERT_TRUE(u.ok()) << u.error().message;
    EXPECT_EQ(u->user, "ett@w");
    EXPECT_EQ(u->password, "s3:cret");
    EXPECT_EQ(u->host, "db.example");
    EXPECT_EQ(u->port, 18121);
    EXPECT_EQ(u->database, "fleet_1");
    EXPECT_EQ(u->cluster, "two");
    EXPECT_EQ(u->masked(), "clickhouse://ett@w:***@db.example:18121/fleet_1?cluster=two");
}

TEST(StoreUrl, DefaultsPortAndDatabase)
{
    auto u = parseStoreUrl("clickhouse://reader@h", envOf({}));
    ASSERT_TRUE(u.ok()) << u.error().message;
    EXPECT_EQ(u->port, kDefaultHttpPort);
    EXPECT_EQ(u->database, "ett");
    EXPECT_EQ(u->password, "");
}

TEST(StoreUrl, PasswordFromEnvironmentWhenTheUrlHasNone)
{
    auto u = parseStoreUrl("clickhouse://w@h:1/d?cluster=c", envOf({ { "ETTW_STORE_PASSWORD", "from-env" } }));
    ASSERT_TRUE(u.ok());
    EXPECT_EQ(u->password, "from-env");
    auto given = parseStoreUrl("clickhouse://w:inline@h:1/d", envOf({ { "ETTW_STORE_PASSWORD", "from-env" } }));
    ASSERT_TRUE(given.ok());
    EXPECT_EQ(given->password, "inline");
    auto missingFile
        = parseStoreUrl("clickhouse://w@h:1/d", envOf({ { "ETTW_STORE_PASSWORD_FILE", "/nonexistent/pw" } }));
    ASSERT_FALSE(missingFile.ok());
    EXPECT_NE(missingFile.error().message.find("ETTW_STORE_PASSWORD_FILE"), std::string::npos);
}

TEST(StoreUrl, ErrorsNeverShowThePassword)
{
    for (const char* url : { "clickhouse://u:Secret1@h:99999/db", "clickhouse://u:Secret1@h:1/bad-name",
             "clickhouse://u:Secret1@h:1/db?cluster=x;DROP", "clickhouse://u:Secret1@h:1/db?user=x",
             "http://u:Secret1@h:1/db" }) {
        auto u = parseStoreUrl(url, envOf({}));
        ASSERT_FALSE(u.ok()) << url;
        EXPECT_EQ(u.error().message.find("Secret1"), std::string::npos) << u.error().message;
        EXPECT_NE(u.error().message.find("***"), std::string::npos) << u.error().message;
    }
    EXPECT_EQ(maskStoreUrl("--store clickhouse://a:b@c:1/d and clickhouse://e:f@g/h"),
        "--store clickhouse://a:***@c:1/d and clickhouse://e:***@g/h");
}

TEST(SqlText, LiteralsHoldOnlyHexEscapes)
{
    const std::string hostile = std::string("x' OR 1=1 -- \\ \" \t \n \r ") + '\0' + " \xC3\xA9 \xFF";
    const std::string lit = sqlString(hostile);
    ASSERT_EQ(lit.size(), hostile.size() * 4 + 2);
    EXPECT_EQ(lit.front(), '\'');
    EXPECT_EQ(lit.back(), '\'');
    for (size_t i = 1; i + 1 < lit.size(); i += 4) {
        EXPECT_EQ(lit.substr(i, 2), "\\x");
        EXPECT_NE(std::string("0123456789ABCDEF").find(lit[i + 2]), std::string::npos);
        EXPECT_NE(std::string("0123456789ABCDEF").find(lit[i + 3]), std::string::npos);
    }
    EXPECT_EQ(sqlString("A'"), "'\\x41\\x27'");
}

TEST(SqlText, IdentifiersArePlainNamesOnly)
{
    EXPECT_TRUE(isPlainIdentifier("ett_fleet2"));
    EXPECT_TRUE(isPlainIdentifier("_x"));
    for (const char* bad : { "", "2x", "a-b", "a.b", "a`b", "a b", "x;DROP" }) {
        EXPECT_FALSE(isPlainIdentifier(bad)) << bad;
    }
}

TEST(RowBinary, StringsAndIntegersRoundTrip)
{
    RowBinaryWriter w;
    const std::string big(300, 'z');
    w.string(big);
    w.int64(-5);
    w.string(std::string("a\0b", 3));
    RowBinaryReader r(w.data());
    EXPECT_EQ(*r.string(), big);
    EXPECT_EQ(*r.int64(), -5);
    EXPECT_EQ(*r.string(), std::string("a\0b", 3));
    EXPECT_TRUE(r.atEnd());
    EXPECT_FALSE(r.int64().ok()); // past the end: an error, not a read of garbage
}

TEST(HttpClient, FindsAnExceptionAppendedMidStream)
{
    const std::string body = "1\t2\n3\t4\nCode: 241, e.displayText() = DB::Exception: Memory limit (for query) "
                             "exceeded, e.what() = DB::Exception\n";
    auto e = trailingException(body);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->code, 241);
    EXPECT_EQ(e->message, "DB::Exception: Memory limit (for query) exceeded");
    EXPECT_FALSE(trailingException("1\t2\n3\t4\n").has_value());
    EXPECT_FALSE(trailingException("").has_value());
}

TEST(HttpClient, ANonListeningServerIsNamedInTheError)
{
    // Port 1 on loopback: nothing listens there.
    HttpConnection c({ "127.0.0.1", 1, "shard 7" }, { "u", "pw-not-shown" },
        { std::chrono::milliseconds(2000), std::chrono::milliseconds(3000) });
    auto r = c.query("SELECT 1");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("shard 7 (127.0.0.1:1)"), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find("pw-not-shown"), std::string::npos);
}

} // namespace
} // namespace ett::core::clickhouse
