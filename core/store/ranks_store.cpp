#include "core/store/ranks_store.h"

#include "core/store/database.h"

#include <unordered_map>

namespace ett::core {

namespace {

struct Kind
{
    Category category = Category::Train;
    std::string subcategory;
};

Result<std::unordered_map<int64_t, Kind>> loadKinds(Database& db)
{
    auto st = db.prepare("SELECT id, category, subcategory FROM phase_kinds");
    if (!st) {
        return st.error();
    }
    std::unordered_map<int64_t, Kind> kinds;
    auto rows = st->forEachRow([&] {
        kinds[st->columnInt64(0)] = { static_cast<Category>(st->columnInt64(1)), st->columnText(2) };
    });
    if (!rows) {
        return rows.error();
    }
    return kinds;
}

} // namespace

Status forEachRankAttempt(Database& db, const RankScope& scope, const std::function<Status(const RankAttempt&)>& fn)
{
    auto kinds = loadKinds(db);
    if (!kinds) {
        return kinds.error();
    }
    // 1. The scope's attempts with their phase id runs (an attempt's phases may lie in several
    //    runs, one per file that added to it). NULL parameters select everything.
    auto attempts = db.prepare(
        "SELECT a.id, j.id, l.name, j.job_key, a.attempt_no, a.start_ns, a.end_ns, COALESCE(a.gpus, j.gpus), "
        "r.first_id, r.last_id FROM attempts a JOIN jobs j ON j.id = a.job_id JOIN labels l ON l.id = j.label_id "
        "JOIN phase_runs r ON r.attempt_id = a.id "
        "WHERE (?1 IS NULL OR l.name = ?1) AND (?2 IS NULL OR j.id = ?2) AND (?3 IS NULL OR a.attempt_no = ?3) "
        "AND (?4 IS NULL OR a.start_ns >= ?4) AND (?5 IS NULL OR a.start_ns < ?5) "
        "ORDER BY j.id, a.start_ns, a.id, r.first_id");
    if (!attempts) {
        return attempts.error();
    }
    auto phases
        = db.prepare("SELECT kind, rank, start_ns, end_ns FROM phases WHERE id BETWEEN ?1 AND ?2 AND rank IS NOT NULL");
    if (!phases) {
        return phases.error();
    }
    auto hosts = db.prepare("SELECT rank, host FROM rank_hosts WHERE attempt_id = ?1 ORDER BY rank");
    if (!hosts) {
        return hosts.error();
    }
    if (scope.label) {
        attempts->bind(1, *scope.label);
    }
    attempts->bind(2, scope.jobRowId);
    attempts->bind(3, scope.attemptNo ? std::optional<int64_t>(*scope.attemptNo) : std::nullopt);
    attempts->bind(4, scope.fromNs);
    attempts->bind(5, scope.toNs);

    // 2. Attempt by attempt: gather the runs' per-rank phases, then hand the attempt over.
    RankAttempt current;
    int64_t currentId = -1;
    auto flush = [&]() -> Status {
        if (currentId < 0 || current.input.phases.empty()) {
            return Status::success();
        }
        hosts->bind(1, currentId);
        auto rows = hosts->forEachRow([&] {
            current.input.hosts.emplace_back(static_cast<int32_t>(hosts->columnInt64(0)), hosts->columnText(1));
        });
        if (!rows) {
            return rows;
        }
        return fn(current);
    };
    auto rows = attempts->forEachRow([&]() -> Status {
        const int64_t id = attempts->columnInt64(0);
        if (id != currentId) {
            if (auto st = flush(); !st) {
                return st;
            }
            currentId = id;
            current.jobRowId = attempts->columnInt64(1);
            current.label = attempts->columnText(2);
            current.jobKey = attempts->columnText(3);
            current.attemptNo = static_cast<int32_t>(attempts->columnInt64(4));
            current.input.startNs = attempts->columnInt64(5);
            current.input.endNs = attempts->columnInt64(6);
            current.input.gpus = attempts->columnInt64(7);
            current.input.phases.clear();
            current.input.hosts.clear();
        }
        phases->bind(1, attempts->columnInt64(8));
        phases->bind(2, attempts->columnInt64(9));
        return phases->forEachRow([&]() -> Status {
            auto kind = kinds->find(phases->columnInt64(0));
            if (kind == kinds->end()) {
                return Error { "the store is damaged: a phase has an unknown kind "
                    + std::to_string(phases->columnInt64(0)) };
            }
            current.input.phases.push_back({ kind->second.category, kind->second.subcategory,
                static_cast<int32_t>(phases->columnInt64(1)), phases->columnInt64(2), phases->columnInt64(3) });
            return Status::success();
        });
    });
    if (!rows) {
        return rows;
    }
    return flush();
}

Result<std::vector<std::pair<int64_t, std::string>>> jobsByKey(Database& db, const std::string& key)
{
    auto st = db.prepare(
        "SELECT j.id, l.name FROM jobs j JOIN labels l ON l.id = j.label_id WHERE j.job_key = ?1 ORDER BY l.name");
    if (!st) {
        return st.error();
    }
    st->bind(1, key);
    std::vector<std::pair<int64_t, std::string>> out;
    auto rows = st->forEachRow([&] { out.emplace_back(st->columnInt64(0), st->columnText(1)); });
    if (!rows) {
        return rows.error();
    }
    return out;
}

Result<std::vector<int64_t>> attemptNumbersOf(Database& db, int64_t jobRowId)
{
    auto st = db.prepare("SELECT attempt_no FROM attempts WHERE job_id = ?1 ORDER BY attempt_no");
    if (!st) {
        return st.error();
    }
    st->bind(1, jobRowId);
    std::vector<int64_t> numbers;
    if (auto rows = st->forEachRow([&] { numbers.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    return numbers;
}

} // namespace ett::core
