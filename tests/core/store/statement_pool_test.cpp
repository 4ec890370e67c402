// Database::prepare takes again a statement of the same text that its user is done with: reset,
// without bindings, one per user at a time, prepared again by SQLite after a schema change, and
// finalized safely when it outlives its connection.
#include "core/store/database.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

std::unique_ptr<Database> openScratch(test::TempDir& dir)
{
    auto db = Database::open(dir.path("pool.db"), Database::OpenMode::CreateIfMissing);
    EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message);
    EXPECT_TRUE((*db)->exec("CREATE TABLE t(a INTEGER, b TEXT); INSERT INTO t VALUES(1, 'x'), (2, 'y');").ok());
    return db.ok() ? std::move(*db) : nullptr;
}

TEST(StatementPool, AStatementDoneWithIsTakenAgainResetAndWithoutBindings)
{
    test::TempDir dir;
    auto db = openScratch(dir);
    ASSERT_TRUE(db);
    const std::string sql = "SELECT count(*), ?1 IS NULL FROM t WHERE a >= coalesce(?1, 0)";
    sqlite3_stmt* first = nullptr;
    {
        auto st = db->prepare(sql);
        ASSERT_TRUE(st.ok());
        first = st->handle();
        st->bind(1, int64_t { 2 });
        ASSERT_TRUE(*st->step()); // left mid-way: one row read, not reset
        EXPECT_EQ(st->columnInt64(0), 1);
    }
    auto again = db->prepare(sql);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->handle(), first); // the same statement, not compiled again
    ASSERT_TRUE(*again->step()); // from the start, with ?1 unbound (NULL)
    EXPECT_EQ(again->columnInt64(0), 2);
    EXPECT_EQ(again->columnInt64(1), 1);
    // While it is in use, the same text gets a statement of its own.
    auto other = db->prepare(sql);
    ASSERT_TRUE(other.ok());
    EXPECT_NE(other->handle(), first);
    // Another text never gets it.
    auto different = db->prepare("SELECT b FROM t ORDER BY a");
    ASSERT_TRUE(different.ok());
    EXPECT_NE(different->handle(), first);
}

TEST(StatementPool, AStatementTakenAgainAfterASchemaChangeReadsTheNewSchema)
{
    test::TempDir dir;
    auto db = openScratch(dir);
    ASSERT_TRUE(db);
    const std::string sql = "SELECT * FROM t ORDER BY 1";
    {
        auto st = db->prepare(sql);
        ASSERT_TRUE(st.ok());
        ASSERT_TRUE(*st->step());
        EXPECT_EQ(sqlite3_column_count(st->handle()), 2);
    }
    ASSERT_TRUE(
        db->exec("DROP TABLE t; CREATE TABLE t(c TEXT, d INTEGER, e INTEGER); INSERT INTO t VALUES('z', 3, 4);").ok());
    {
        auto st = db->prepare(sql);
        ASSERT_TRUE(st.ok());
        ASSERT_TRUE(*st->step());
        EXPECT_EQ(st->columnText(0), "z");
        EXPECT_EQ(st->columnInt64(2), 4);
    }
    // A table gone (the statements kept, reset, hold no lock on it): taken again, the statement
    // says so at its step.
    ASSERT_TRUE(db->exec("DROP TABLE t").ok());
    auto gone = db->prepare(sql);
    ASSERT_TRUE(gone.ok());
    auto row = gone->step();
    ASSERT_FALSE(row.ok());
    EXPECT_NE(row.error().message.find("no such table: t"), std::string::npos) << row.error().message;
}

TEST(StatementPool, StatementsOfSeveralTextsAreKeptUpToTheLimitAndOutliveTheirConnection)
{
    test::TempDir dir;
    auto db = openScratch(dir);
    ASSERT_TRUE(db);
    // More texts than the pool keeps, all done with: each still prepares and runs.
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 100; ++i) {
            auto st = db->prepare("SELECT " + std::to_string(i) + " + count(*) FROM t");
            ASSERT_TRUE(st.ok());
            ASSERT_TRUE(*st->step());
            EXPECT_EQ(st->columnInt64(0), i + 2);
        }
    }
    // A statement still out when its connection closes is finalized when it goes (ASan: no leak,
    // no use after free).
    auto kept = db->prepare("SELECT a FROM t ORDER BY a");
    ASSERT_TRUE(kept.ok());
    ASSERT_TRUE(*kept->step());
    EXPECT_EQ(kept->columnInt64(0), 1);
    db.reset();
    Statement moved = std::move(*kept);
    EXPECT_NE(moved.handle(), nullptr);
}

} // namespace
} // namespace ett::core
