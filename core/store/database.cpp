#include "core/store/database.h"

#include "core/store/column_store.h"
#include "core/store/importer.h"
#include "core/store/schema.h"

#include <sqlite3.h>

#include <cctype>
#include <deque>
#include <filesystem>
#include <iterator>
#include <mutex>
#include <unistd.h>
#include <utility>

namespace ett::core {

namespace detail {

// Statements that Database::prepare gave out and whose users are done with them, reset and without
// bindings, for the next prepare of the same text, the last given back first. At most kKept: one
// more finalizes the oldest, so that the statements in use now (a watcher's detectors after its
// imports) push out those of work done before, and SQL built with values in it never fills it.
class StatementPool
{
public:
    static constexpr size_t kKept = 64;

    sqlite3_stmt* take(std::string_view sql)
    {
        const std::lock_guard lock(m_mutex);
        for (auto it = m_done.rbegin(); it != m_done.rend(); ++it) {
            if (it->first == sql) {
                sqlite3_stmt* stmt = it->second;
                m_done.erase(std::next(it).base());
                return stmt;
            }
        }
        return nullptr;
    }
    // False when the connection is closing (the caller finalizes it).
    bool give(sqlite3_stmt* stmt)
    {
        sqlite3_reset(stmt);
        sqlite3_clear_bindings(stmt);
        const std::lock_guard lock(m_mutex);
        if (m_closed) {
            return false;
        }
        if (m_done.size() >= kKept) {
            sqlite3_finalize(m_done.front().second);
            m_done.pop_front();
        }
        m_done.emplace_back(sqlite3_sql(stmt), stmt);
        return true;
    }
    void finalizeAll()
    {
        const std::lock_guard lock(m_mutex);
        for (auto& [sql, stmt] : m_done) {
            sqlite3_finalize(stmt);
        }
        m_done.clear();
        m_closed = true;
    }

private:
    std::mutex m_mutex;
    bool m_closed = false; // the connection is closing: statements done are finalized
    std::deque<std::pair<std::string, sqlite3_stmt*>> m_done; // the oldest first
};

} // namespace detail

Statement::Statement(sqlite3_stmt* stmt, sqlite3* db)
    : m_stmt(stmt)
    , m_db(db)
{
}

Statement::~Statement()
{
    release();
}

void Statement::release()
{
    if (!m_stmt) {
        return;
    }
    const auto pool = m_pool.lock();
    if (!pool || !pool->give(m_stmt)) {
        sqlite3_finalize(m_stmt);
    }
    m_stmt = nullptr;
}

Statement::Statement(Statement&& other) noexcept
    : m_stmt(other.m_stmt)
    , m_db(other.m_db)
    , m_pool(std::move(other.m_pool))
{
    other.m_stmt = nullptr;
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        release();
        m_stmt = other.m_stmt;
        m_db = other.m_db;
        m_pool = std::move(other.m_pool);
        other.m_stmt = nullptr;
    }
    return *this;
}

void Statement::bind(int index, int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
}

namespace {

// How much of a file a read-only connection maps (SQLite's mmap_size): the workbench's files whole.
constexpr int64_t kReadMapBytes = int64_t { 64 } << 30;

// How long a statement waits for a lock before SQLITE_BUSY. With WAL only writers wait for
// each other (beginWrite goes on waiting when asked to).
constexpr int kBusyTimeoutMs = 5000;

// SQLite binds NULL when the pointer is null, and an empty std::string_view may have a null
// data(): bind such a value as empty text (or an empty blob), never as NULL.
const char* nonNull(std::string_view s)
{
    return s.data() ? s.data() : "";
}
} // namespace

void Statement::bind(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, nonNull(text), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void Statement::bindStatic(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, nonNull(text), static_cast<int>(text.size()), SQLITE_STATIC);
}

void Statement::bindBlob(int index, std::string_view bytes)
{
    sqlite3_bind_blob(m_stmt, index, nonNull(bytes), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
}

void Statement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
}

void Statement::bind(int index, const std::optional<int64_t>& value)
{
    if (value) {
        bind(index, *value);
    } else {
        bindNull(index);
    }
}

Result<bool> Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        return true;
    }
    if (rc == SQLITE_DONE) {
        return false;
    }
    std::string msg = sqlite3_errmsg(m_db);
    sqlite3_reset(m_stmt);
    return Error { "database error: " + msg };
}

Status Statement::run()
{
    auto r = step();
    sqlite3_reset(m_stmt);
    if (!r) {
        return r.error();
    }
    return Status::success();
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
}

int64_t Statement::columnInt64(int index) const
{
    return sqlite3_column_int64(m_stmt, index);
}

std::optional<int64_t> Statement::columnOptionalInt64(int index) const
{
    if (columnIsNull(index)) {
        return std::nullopt;
    }
    return columnInt64(index);
}

std::string Statement::columnText(int index) const
{
    const auto* text = sqlite3_column_text(m_stmt, index);
    if (!text) {
        return {};
    }
    return std::string(reinterpret_cast<const char*>(text), static_cast<size_t>(sqlite3_column_bytes(m_stmt, index)));
}

std::string_view Statement::columnBlob(int index) const
{
    const void* data = sqlite3_column_blob(m_stmt, index);
    if (!data) {
        return {};
    }
    return { static_cast<const char*>(data), static_cast<size_t>(sqlite3_column_bytes(m_stmt, index)) };
}

bool Statement::columnIsNull(int index) const
{
    return sqlite3_column_type(m_stmt, index) == SQLITE_NULL;
}

void Database::setCancel(const std::atomic<bool>* cancel)
{
    // SQLite calls the handler every few thousand virtual-machine steps; non-zero stops the
    // statement with SQLITE_INTERRUPT.
    if (!cancel) {
        sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
        return;
    }
    sqlite3_progress_handler(
        m_db, 4096, [](void* flag) -> int { return static_cast<const std::atomic<bool>*>(flag)->load() ? 1 : 0; },
        const_cast<void*>(static_cast<const void*>(cancel)));
}

Database::~Database()
{
    if (m_pool) {
        m_pool->finalizeAll(); // a statement still out finalizes itself (its pool is gone)
        m_pool.reset();
    }
    if (m_db) {
        sqlite3_close_v2(m_db);
    }
}

namespace {

// The version of the accounting rules the derived tables were computed by (0 when none is
// recorded). Error names the file.
Result<int64_t> accountingVersionOf(Database& db)
{
    auto version = db.queryInt("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'accounting_version'");
    if (!version) {
        return Error { db.path() + ": " + version.error().message };
    }
    return version->value_or(0);
}

std::string readOnlyMessage(const std::string& path)
{
    return path
        + ": the database is read-only (the file, or its folder, is not writable by this user): nothing was changed";
}

// Whether this user may write the file and its folder (the -wal and -shm files go there).
bool writable(const std::string& path)
{
    std::error_code ec;
    std::filesystem::path folder = std::filesystem::absolute(path, ec).parent_path();
    return !ec && ::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK | X_OK) == 0;
}

} // namespace

bool Database::readable()
{
    return sqlite3_exec(m_db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK;
}

Result<std::unique_ptr<Database>> Database::open(const std::string& path, OpenMode mode)
{
    // Before the first connection of the process: no memory statistics (nothing reads them), so that
    // SQLite's every allocation does not take a process-wide mutex (a bulk import makes millions).
    // Refused, harmlessly, when SQLite was already initialised.
    static std::once_flag configured;
    std::call_once(configured, [] { (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); });
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    if (mode != OpenMode::CreateIfMissing && !exists) {
        return Error { path + ": no such database (create one with `ettw import --db " + path + " FILE...`)" };
    }
    std::unique_ptr<Database> db(new Database());
    db->m_path = path;
    // A query opens a file it may write read-write all the same, with every write refused
    // (query_only below): a read-only connection leaves the -wal and -shm files of a WAL database
    // behind, as it may not fold them back; the last read-write one removes them.
    const bool readOnlyFile = mode == OpenMode::ReadOnly && !writable(path);
    int flags = (readOnlyFile ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX;
    if (mode == OpenMode::CreateIfMissing) {
        flags |= SQLITE_OPEN_CREATE;
    }
    if (sqlite3_open_v2(path.c_str(), &db->m_db, flags, nullptr) != SQLITE_OK) {
        std::string msg = db->m_db ? sqlite3_errmsg(db->m_db) : "out of memory";
        return Error { path + ": cannot open database: " + msg };
    }
    sqlite3_extended_result_codes(db->m_db, 1);
    if (mode != OpenMode::ReadOnly && sqlite3_db_readonly(db->m_db, "main") == 1) {
        // SQLite opens a write-protected file read-only without a word (and cannot even read it
        // when it is in WAL mode in a folder this user may not write): say so, with the path.
        return Error { readOnlyMessage(path) };
    }
    if (mode == OpenMode::ReadOnly && !readOnlyFile) {
        if (auto st = db->exec("PRAGMA query_only=ON"); !st) {
            return Error { path + ": " + st.error().message };
        }
    }
    if (readOnlyFile && !db->readable()) {
        // A database in WAL mode is read through its -shm index, which is created next to it by
        // the first connection; in a folder this user may not write, without those files (no
        // other connection is open: the last one removes them), SQLite cannot read it. Without a
        // -wal file every committed page is in the database file itself: read it as immutable.
        // (Should another user start an import into it meanwhile, this read does not see it.)
        if (std::filesystem::exists(path + "-wal", ec)) {
            return Error { path + ": cannot read the database: " + db->errorMessage()
                + " (its -wal file is there, and this user may not write its folder)" };
        }
        sqlite3_close_v2(db->m_db);
        db->m_db = nullptr;
        if (sqlite3_open_v2(immutableUri(path).c_str(), &db->m_db, flags | SQLITE_OPEN_URI, nullptr) != SQLITE_OK
            || !db->readable()) {
            std::string msg = db->m_db ? sqlite3_errmsg(db->m_db) : "out of memory";
            return Error { path + ": cannot read the database: " + msg };
        }
        sqlite3_extended_result_codes(db->m_db, 1);
    }
    sqlite3_busy_timeout(db->m_db, kBusyTimeoutMs);
    // NORMAL sync (safe with WAL: a power cut may lose the last commit, never consistency), a large
    // page cache.
    if (auto st = db->exec("PRAGMA cache_size=-32768; PRAGMA synchronous=NORMAL;"); !st) {
        return Error { path + ": " + st.error().message };
    }
    if (mode == OpenMode::ReadOnly) {
        // A query reads its pages where the file is mapped: no copy into the page cache, and a
        // blob of many pages (the columnar copy's) read from the mapping.
        if (auto st = db->exec("PRAGMA mmap_size=" + std::to_string(kReadMapBytes)); !st) {
            return Error { path + ": " + st.error().message };
        }
        if (auto st = checkSchema(*db); !st) {
            return Error { path + ": " + st.error().message, st.error().option };
        }
        // Derived figures of other accounting rules: a read-only open cannot recompute them.
        auto version = accountingVersionOf(*db);
        if (!version) {
            return version.error();
        }
        if (*version != kAccountingVersion) {
            return Error { path + ": its derived figures were computed by other accounting rules (version "
                    + std::to_string(*version) + ", this build's are " + std::to_string(kAccountingVersion)
                    + "); queries never change a database: recompute them once with `ettw upgrade --db " + path + "`",
                "upgrade" };
        }
        return db;
    }
    if (auto st = ensureSchema(*db); !st) {
        return Error { path + ": " + st.error().message };
    }
    // Write-ahead logging, so that a query (`ettw summary`, the window) reads the last committed
    // state while an import writes, however long the import: with a rollback journal the import
    // takes the exclusive lock as soon as its pages outgrow the cache, and every reader then
    // failed after the busy timeout. The -wal and -shm files exist only while the database is
    // open; the last connection to close folds the log back into the one file and removes them.
    // Switched on only once the file is known to be ours (a refused file stays byte for byte as it
    // was). A database another process holds in the old mode stays in it this time (the pragma
    // is then busy): nothing is lost, a later open switches.
    (void)db->exec("PRAGMA journal_mode=WAL");
    // The derived tables are a cache of the accounting rules: rebuild them when the rules changed.
    auto version = accountingVersionOf(*db);
    if (!version) {
        return version.error();
    }
    if (*version != kAccountingVersion) {
        if (auto st = reattributeAll(*db); !st) {
            return Error { path + ": " + st.error().message };
        }
    }
    return db;
}

Status Database::exec(const std::string& sql)
{
    char* err = nullptr;
    if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errmsg(m_db);
        sqlite3_free(err);
        return Error { "database error: " + msg };
    }
    return Status::success();
}

Result<Statement> Database::prepare(std::string_view sql)
{
    if (!m_pool) {
        m_pool = std::make_shared<detail::StatementPool>();
    }
    sqlite3_stmt* stmt = m_pool->take(sql);
    if (!stmt && sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK) {
        return Error { "database error: " + std::string(sqlite3_errmsg(m_db)) + " in: " + std::string(sql) };
    }
    Statement out(stmt, m_db);
    // Kept for the next prepare of the same text only when its text is all of `sql` (not the
    // first of several statements).
    if (stmt && sql == std::string_view(sqlite3_sql(stmt))) {
        out.m_pool = m_pool;
    }
    return out;
}

int64_t Database::lastInsertRowid() const
{
    return sqlite3_last_insert_rowid(m_db);
}

std::string Database::errorMessage() const
{
    return sqlite3_errmsg(m_db);
}

Result<std::optional<int64_t>> Database::queryInt(std::string_view sql)
{
    auto st = prepare(sql);
    if (!st) {
        return st.error();
    }
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<int64_t> {};
    }
    return st->columnOptionalInt64(0);
}

OnePassCache::OnePassCache(Database& db)
    : m_db(db)
{
    // A failure leaves the cache as it was: the pass is then only larger, never wrong.
    if (auto size = m_db.queryInt("PRAGMA cache_size"); size && *size && m_db.exec("PRAGMA cache_size=-256")) {
        m_before = **size;
    }
}

OnePassCache::~OnePassCache()
{
    if (m_before) {
        (void)m_db.exec("PRAGMA cache_size=" + std::to_string(*m_before));
    }
}

Status Database::beginWrite(const std::function<bool()>& whileBusy)
{
    // SQLite opens a write-protected file read-only without a word; say so before any write,
    // with the path (the bare "attempt to write a readonly database" named neither).
    if (sqlite3_db_readonly(m_db, "main") == 1) {
        return Error { readOnlyMessage(m_path) };
    }
    // The first try does not wait, so that a wait is said at once; later ones wait the timeout.
    if (whileBusy) {
        sqlite3_busy_timeout(m_db, 0);
    }
    for (;;) {
        const int rc = sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
        sqlite3_busy_timeout(m_db, kBusyTimeoutMs);
        if (rc == SQLITE_OK) {
            return Status::success();
        }
        const int code = sqlite3_extended_errcode(m_db) & 0xff;
        if (code != SQLITE_BUSY || !whileBusy || !whileBusy()) {
            return Error { "database error: " + std::string(sqlite3_errmsg(m_db)) };
        }
    }
}

Status inTransaction(Database& db, const std::function<Status()>& fn, const std::function<bool()>& whileBusy)
{
    if (auto st = db.beginWrite(whileBusy); !st) {
        return st;
    }
    // A step that fails, or throws (out of memory, the only exception the code lets through),
    // rolls the transaction back: nothing half-written stays.
    auto orRollBack = [&db](const std::function<Status()>& step) {
        Status st = Status::success();
        try {
            st = step();
        } catch (...) {
            (void)db.exec("ROLLBACK");
            throw;
        }
        if (!st) {
            (void)db.exec("ROLLBACK");
        }
        return st;
    };
    if (auto st = orRollBack(fn); !st) {
        return st;
    }
    // What the transaction changed, the columnar copy gets too, in the same transaction (unless
    // the connection defers it: the chunks stay listed, and are read from the rows until rebuilt).
    if (!db.columnRefreshDeferred()) {
        if (auto st = orRollBack([&db] { return refreshColumnStore(db); }); !st) {
            return st;
        }
    }
    if (auto st = db.exec("COMMIT"); !st) {
        (void)db.exec("ROLLBACK");
        return st;
    }
    return Status::success();
}

Status refreshDeferredColumns(Database& db)
{
    const bool deferred = db.columnRefreshDeferred();
    db.deferColumnRefresh(false);
    auto st = inTransaction(db, [] { return Status::success(); });
    db.deferColumnRefresh(deferred);
    return st;
}

Result<bool> removeIfEmpty(const std::string& path)
{
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        if (!db) {
            return db.error();
        }
        // Decided under the write lock, so that an import another process runs into the same new
        // file is not removed from under it: it holds the lock until it commits.
        bool empty = false;
        auto st = inTransaction(**db, [&]() -> Status {
            auto rows = (*db)->queryInt("SELECT (SELECT count(*) FROM datasets) + (SELECT count(*) FROM jobs)");
            if (!rows) {
                return rows.error();
            }
            empty = rows->value_or(0) == 0;
            return Status::success();
        });
        if (!st) {
            return Error { path + ": " + st.error().message };
        }
        if (!empty) {
            return false;
        }
    } // closed: the -wal and -shm files are folded back and removed
    std::error_code ec;
    std::filesystem::remove(path + "-wal", ec);
    std::filesystem::remove(path + "-shm", ec);
    if (!std::filesystem::remove(path, ec) || ec) {
        return Error { path + ": cannot remove the empty database: " + ec.message() };
    }
    return true;
}

std::string immutableUri(const std::string& path)
{
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    std::string uri = "file:";
    for (const char ch : ec ? path : absolute) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            uri += ch;
        } else {
            constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri + "?immutable=1";
}

} // namespace ett::core
