// A thin RAII layer over SQLite: connections and prepared statements that report errors as
// values. Only core/store uses SQL; everything above asks core for plain structs.
#pragma once

#include "core/model/result.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

struct sqlite3;
struct sqlite3_stmt;

namespace ett::core {

namespace detail {
class StatementPool;
}

class Statement
{
public:
    Statement() = default;
    // A statement of its own: finalized when done.
    Statement(sqlite3_stmt* stmt, sqlite3* db);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters are 1-based as in SQLite. Text is copied unless bindStatic is used, in which
    // case the caller keeps the bytes alive until the next step() or reset().
    void bind(int index, int64_t value);
    void bind(int index, std::string_view text);
    void bindStatic(int index, std::string_view text);
    void bindBlob(int index, std::string_view bytes);
    void bindNull(int index);
    void bind(int index, const std::optional<int64_t>& value);

    // Executes one step: true when a row is available, false when done. Error with SQLite's
    // message otherwise.
    Result<bool> step();
    // step() for statements without rows; resets the statement afterwards.
    Status run();
    void reset();

    // Steps through every remaining row, calling fn() on each (it reads the columns); resets the
    // statement at the end. Returns SQLite's Error, or the first Error fn returns.
    template <typename Fn> Status forEachRow(Fn&& fn)
    {
        while (true) {
            auto row = step();
            if (!row) {
                reset();
                return row.error();
            }
            if (!*row) {
                reset();
                return Status::success();
            }
            if constexpr (std::is_void_v<std::invoke_result_t<Fn>>) {
                fn();
            } else {
                if (Status st = fn(); !st) {
                    reset();
                    return st;
                }
            }
        }
    }

    int64_t columnInt64(int index) const;
    std::optional<int64_t> columnOptionalInt64(int index) const;
    std::string columnText(int index) const;
    std::string_view columnBlob(int index) const; // valid until the next step
    bool columnIsNull(int index) const;

    sqlite3_stmt* handle() const { return m_stmt; }

private:
    friend class Database;
    // Gives the statement back to its connection's pool (Database::prepare), or finalizes it.
    void release();
    sqlite3_stmt* m_stmt = nullptr;
    sqlite3* m_db = nullptr;
    std::weak_ptr<detail::StatementPool> m_pool;
};

class Database
{
public:
    enum class OpenMode {
        CreateIfMissing, // for import: a new file becomes an empty workbench database
        MustExist, // for changes to what is there (labels, upgrade): a missing file is an error
        ReadOnly, // for queries: nothing on disk is created or changed, whatever the file
    };

    // Opens (and, for a new file, creates) a workbench database, then checks its schema version:
    // an older schema is migrated, a newer one is an Error and the file is left untouched, and a
    // SQLite file of another application is refused. ReadOnly opens the file read-only: an empty
    // file, an older schema and derived figures of older accounting rules are Errors saying what
    // to do (import into it; `ettw upgrade`) instead of changes, and a file the user may not
    // write is read all the same.
    static Result<std::unique_ptr<Database>> open(const std::string& path, OpenMode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Status exec(const std::string& sql);
    // BEGIN IMMEDIATE: takes the write lock. Another writer (an import in another process) may hold
    // it for minutes: after each busy timeout (5 s) without it, `whileBusy` is called; true waits
    // another round, false (or no callback) gives up with the "database is locked" Error.
    Status beginWrite(const std::function<bool()>& whileBusy);
    // A statement of `sql`. One this connection prepared before and that is done (destroyed) is
    // taken again, reset and without bindings, instead of compiling the text again: an import of
    // many small files prepared the same statements (multi-row inserts among them) for each file,
    // a third of its time. A statement taken again that a schema change made stale is prepared
    // again by SQLite at its first step.
    Result<Statement> prepare(std::string_view sql);
    int64_t lastInsertRowid() const;
    std::string errorMessage() const;
    const std::string& path() const { return m_path; }
    sqlite3* handle() const { return m_db; }
    // While set, a statement running on this connection stops soon after *cancel becomes true, and
    // fails as SQLite's "interrupted" (a read returns that Error; a write's transaction rolls back).
    // nullptr: never. `cancel` must outlive its setting; the connection's thread sets it.
    void setCancel(const std::atomic<bool>* cancel);

    // Reads a single integer (first column of the first row); nullopt when there is no row or it is
    // NULL.
    Result<std::optional<int64_t>> queryInt(std::string_view sql);

    // While deferred, a write transaction (inTransaction) on this connection leaves the columnar
    // copy's chunks it touched listed in column_dirty instead of rebuilding them before it commits
    // (core/store/column_store.h): readers read a listed chunk from the rows, so nothing they see is
    // stale, and a watcher's change costs its file, not the 4,096 jobs of its chunk.
    // refreshDeferredColumns() rebuilds them. Off by default.
    void deferColumnRefresh(bool defer) { m_deferColumnRefresh = defer; }
    bool columnRefreshDeferred() const { return m_deferColumnRefresh; }

private:
    Database() = default;
    // Whether a first read of the schema succeeds.
    bool readable();
    sqlite3* m_db = nullptr;
    std::string m_path;
    bool m_deferColumnRefresh = false;
    std::shared_ptr<detail::StatementPool> m_pool;
};

// While alive, the connection's page cache holds a few pages only: for one pass over pages read
// once (every job's blobs), which would fill a large cache for nothing. The size before is set back
// after (the pages then come back as they are read).
class OnePassCache
{
public:
    explicit OnePassCache(Database& db);
    ~OnePassCache();
    OnePassCache(const OnePassCache&) = delete;
    OnePassCache& operator=(const OnePassCache&) = delete;

private:
    Database& m_db;
    std::optional<int64_t> m_before;
};

// Runs `fn` inside BEGIN IMMEDIATE ... COMMIT; rolls back when fn returns an Error (nothing of
// it is stored) and passes the Error on. `whileBusy`: see Database::beginWrite.
Status inTransaction(Database& db, const std::function<Status()>& fn, const std::function<bool()>& whileBusy = nullptr);

// Rebuilds the columnar copy's listed chunks in a write transaction of their own, whether or not
// the connection defers them (Database::deferColumnRefresh). Error: the database's, or a row the
// loader refuses (nothing is changed then).
Status refreshDeferredColumns(Database& db);

// Removes the database file (and its -wal and -shm) when it holds no dataset and no job: for an
// import that created the file and stored nothing (a failed first import must not leave an empty
// database behind). Returns whether it was removed; a file with data is left as it is.
Result<bool> removeIfEmpty(const std::string& path);

// A "file:" URI of the path with immutable=1, for sqlite3_open_v2 with SQLITE_OPEN_URI (RFC 3986
// percent-encoding of all but unreserved characters and "/"): SQLite then takes no lock and writes
// no -shm or -wal beside the file. Only where no -wal is there (its pages would be missed).
std::string immutableUri(const std::string& path);

} // namespace ett::core
