#include "core/store/excluded_store.h"

#include "core/ingest/excluded_file.h"
#include "core/store/database.h"

namespace ett::core {

namespace {

constexpr const char* kMetaKey = "excluded_windows";

} // namespace

Result<std::vector<TimeSpan>> loadExcludedWindows(Database& db)
{
    auto st = db.prepare("SELECT value FROM meta WHERE key = ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, std::string(kMetaKey));
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::vector<TimeSpan> {};
    }
    return parseExcludedWindows(st->columnText(0), db.path() + ": the saved excluded windows");
}

Status saveExcludedWindows(Database& db, const std::vector<TimeSpan>& windows)
{
    const std::vector<TimeSpan> normal = normalizeExcluded(windows);
    return inTransaction(db, [&]() -> Status {
        auto st = db.prepare(
            normal.empty() ? "DELETE FROM meta WHERE key = ?" : "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)");
        if (!st) {
            return st.error();
        }
        st->bind(1, std::string(kMetaKey));
        if (!normal.empty()) {
            st->bind(2, excludedWindowsJson(normal));
        }
        return st->run();
    });
}

} // namespace ett::core
