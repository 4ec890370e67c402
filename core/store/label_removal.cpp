#include "core/store/label_removal.h"

#include "core/store/cause_rules_store.h"
#include "core/store/database.h"
#include "core/store/fleet.h"

#include <sqlite3.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

namespace {

// A label's rows in one table (phases aside: they go by id ranges). `where` selects them in
// main with ?1 = the label's id, through parents that are still there when it runs: removals go
// children first.
struct LabelRows
{
    const char* table;
    const char* where;
};

// The label's jobs and attempts (macros so that they join string literals at compile time).
#define JOBS_OF_LABEL "(SELECT id FROM main.jobs WHERE label_id = ?1)"
#define ATTEMPTS_OF_LABEL "(SELECT a.id FROM main.attempts a JOIN main.jobs j ON j.id = a.job_id WHERE j.label_id = ?1)"

// Parents first (the order of a restore); a removal walks it backwards.
const std::array<LabelRows, 13> kLabelRows { {
    { "labels", "id = ?1" },
    { "datasets", "label_id = ?1" },
    { "jobs", "label_id = ?1" },
    { "job_attrs", "job_id IN " JOBS_OF_LABEL },
    { "attempts", "job_id IN " JOBS_OF_LABEL },
    { "phase_runs", "attempt_id IN " ATTEMPTS_OF_LABEL },
    { "checkpoints", "job_id IN " JOBS_OF_LABEL },
    { "rank_hosts", "attempt_id IN " ATTEMPTS_OF_LABEL },
    { "import_issues", "dataset_id IN (SELECT id FROM main.datasets WHERE label_id = ?1)" },
    { "attempt_derived", "attempt_id IN " ATTEMPTS_OF_LABEL },
    { "attempt_phases", "attempt_id IN " ATTEMPTS_OF_LABEL },
    { "cause_overrides", "attempt_id IN " ATTEMPTS_OF_LABEL },
    { "job_derived", "job_id IN " JOBS_OF_LABEL },
} };

// Tables whose ids a later import may take (SQLite numbers new rows max(id) + 1); phases are
// checked by range. The other tables are keyed by these ids.
constexpr std::array<const char*, 5> kIdTables { "labels", "datasets", "jobs", "attempts", "checkpoints" };

// The trash also holds `removal`: one row naming the label and what it held.
constexpr const char* kTrash = "trash";

struct PhaseRange
{
    int64_t first = 0;
    int64_t last = 0;
};

// Runs `sql` with ?1 bound to `id` and returns the first column of its first row (0 for NULL).
Result<int64_t> queryCount(Database& db, const std::string& sql, int64_t id)
{
    auto st = db.prepare(sql);
    if (!st) {
        return st.error();
    }
    st->bind(1, id);
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    return *row ? st->columnOptionalInt64(0).value_or(0) : 0;
}

Status runWithId(Database& db, const std::string& sql, int64_t id)
{
    auto st = db.prepare(sql);
    if (!st) {
        return st.error();
    }
    st->bind(1, id);
    return st->run();
}

Result<int64_t> requireLabel(Database& db, const std::string& label, const char* verb)
{
    auto id = findLabelId(db, label);
    if (!id) {
        return id.error();
    }
    if (!*id) {
        return Error { std::string("cannot ") + verb + " label '" + label + "': there is no such label" };
    }
    return **id;
}

Result<LabelContents> countContents(Database& db, int64_t labelId)
{
    LabelContents c;
    const std::pair<int64_t*, std::string> queries[] = {
        { &c.files, "SELECT count(*) FROM main.datasets WHERE label_id = ?1" },
        { &c.jobs, "SELECT count(*) FROM main.jobs WHERE label_id = ?1" },
        { &c.attempts, "SELECT count(*) FROM main.attempts WHERE job_id IN " JOBS_OF_LABEL },
        // Each file's phases are one contiguous id range.
        { &c.phases,
            "SELECT sum(last_phase_id - first_phase_id + 1) FROM main.datasets "
            "WHERE label_id = ?1 AND first_phase_id IS NOT NULL" },
        { &c.checkpoints, "SELECT count(*) FROM main.checkpoints WHERE job_id IN " JOBS_OF_LABEL },
    };
    for (const auto& [field, sql] : queries) {
        auto n = queryCount(db, sql, labelId);
        if (!n) {
            return n.error();
        }
        *field = *n;
    }
    return c;
}

Result<std::vector<PhaseRange>> phaseRanges(Database& db, const std::string& schema, int64_t labelId)
{
    auto st = db.prepare("SELECT first_phase_id, last_phase_id FROM " + schema
        + ".datasets WHERE label_id = ?1 AND first_phase_id IS NOT NULL ORDER BY first_phase_id");
    if (!st) {
        return st.error();
    }
    st->bind(1, labelId);
    std::vector<PhaseRange> ranges;
    if (auto rows = st->forEachRow([&] { ranges.push_back({ st->columnInt64(0), st->columnInt64(1) }); }); !rows) {
        return rows.error();
    }
    return ranges;
}

Result<bool> trashAttached(Database& db)
{
    auto n = db.queryInt(std::string("SELECT count(*) FROM pragma_database_list WHERE name = '") + kTrash + "'");
    if (!n) {
        return n.error();
    }
    return n->value_or(0) > 0;
}

// Drops what the trash holds (inside the caller's transaction, so a rollback brings it back).
Status emptyTrash(Database& db)
{
    std::string sql
        = std::string("DROP TABLE IF EXISTS ") + kTrash + ".removal; DROP TABLE IF EXISTS " + kTrash + ".phases;";
    for (const LabelRows& t : kLabelRows) {
        sql += std::string("DROP TABLE IF EXISTS ") + kTrash + "." + t.table + ";";
    }
    return db.exec(sql);
}

// Copies the label's rows into the (emptied) trash, with the removal's description.
Status copyToTrash(Database& db, const std::string& label, int64_t labelId, const LabelContents& contents,
    const std::vector<PhaseRange>& ranges)
{
    if (auto st = emptyTrash(db); !st) {
        return st;
    }
    // 1. The same columns as main's tables, in the same order, so that a restore is SELECT *.
    for (const LabelRows& t : kLabelRows) {
        const std::string create
            = std::string("CREATE TABLE ") + kTrash + "." + t.table + " AS SELECT * FROM main." + t.table + " WHERE 0";
        if (auto st = db.exec(create); !st) {
            return st;
        }
        if (auto st = runWithId(db,
                std::string("INSERT INTO ") + kTrash + "." + t.table + " SELECT * FROM main." + t.table + " WHERE "
                    + t.where,
                labelId);
            !st) {
            return st;
        }
    }
    // 2. Phases range by range, in id order (a restore appends them in that order).
    if (auto st = db.exec(std::string("CREATE TABLE ") + kTrash + ".phases AS SELECT * FROM main.phases WHERE 0");
        !st) {
        return st;
    }
    auto copy = db.prepare(
        std::string("INSERT INTO ") + kTrash + ".phases SELECT * FROM main.phases WHERE id BETWEEN ?1 AND ?2");
    if (!copy) {
        return copy.error();
    }
    for (const PhaseRange& r : ranges) {
        copy->bind(1, r.first);
        copy->bind(2, r.last);
        if (auto st = copy->run(); !st) {
            return st;
        }
    }
    // 3. What was removed, for removedLabel() and the restore's messages.
    if (auto st = db.exec(std::string("CREATE TABLE ") + kTrash
            + ".removal(label TEXT NOT NULL, files INTEGER NOT NULL, jobs INTEGER NOT NULL, attempts INTEGER NOT "
              "NULL, phases INTEGER NOT NULL, checkpoints INTEGER NOT NULL)");
        !st) {
        return st;
    }
    auto note = db.prepare(std::string("INSERT INTO ") + kTrash + ".removal VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    if (!note) {
        return note.error();
    }
    note->bind(1, label);
    note->bind(2, contents.files);
    note->bind(3, contents.jobs);
    note->bind(4, contents.attempts);
    note->bind(5, contents.phases);
    note->bind(6, contents.checkpoints);
    return note->run();
}

} // namespace

Result<LabelContents> labelContents(Database& db, const std::string& label)
{
    auto id = requireLabel(db, label, "count");
    if (!id) {
        return id.error();
    }
    return countContents(db, *id);
}

Result<LabelContents> removeLabel(Database& db, const std::string& label, KeepForUndo keep)
{
    // SQLite attaches only outside a transaction; an empty name is a private temporary database
    // that lives and dies with this connection.
    if (keep == KeepForUndo::Yes) {
        auto attached = trashAttached(db);
        if (!attached) {
            return attached.error();
        }
        if (!*attached) {
            if (auto st = db.exec(std::string("ATTACH DATABASE '' AS ") + kTrash); !st) {
                return st.error();
            }
        }
    }
    LabelContents removed;
    Status outcome = inTransaction(db, [&]() -> Status {
        // 1. What the label holds, read inside the transaction so that nothing slips in between.
        auto id = requireLabel(db, label, "remove");
        if (!id) {
            return id.error();
        }
        auto contents = countContents(db, *id);
        if (!contents) {
            return contents.error();
        }
        removed = *contents;
        auto ranges = phaseRanges(db, "main", *id);
        if (!ranges) {
            return ranges.error();
        }
        // 2. The files' id ranges must hold exactly the phases its attempts point to: a range delete
        //    on a store where they disagree could take another label's phases.
        auto inRuns = queryCount(
            db, "SELECT sum(last_id - first_id + 1) FROM main.phase_runs WHERE attempt_id IN " ATTEMPTS_OF_LABEL, *id);
        if (!inRuns) {
            return inRuns.error();
        }
        if (*inRuns != removed.phases) {
            return Error { "cannot remove label '" + label
                + "': the store is inconsistent (its files' phase id ranges hold " + std::to_string(removed.phases)
                + " phases, its attempts' runs " + std::to_string(*inRuns) + "); nothing was removed" };
        }
        // 3. The copy for undo.
        if (keep == KeepForUndo::Yes) {
            if (auto st = copyToTrash(db, label, *id, removed, *ranges); !st) {
                return st;
            }
        }
        // 4. Children first: each table's rows are found through parents not yet removed.
        for (auto t = kLabelRows.rbegin(); t != kLabelRows.rend(); ++t) {
            if (std::string(t->table) == "attempts") {
                // Phases go after their runs and before their attempts, by range: no scan, no index.
                auto del = db.prepare("DELETE FROM main.phases WHERE id BETWEEN ?1 AND ?2");
                if (!del) {
                    return del.error();
                }
                int64_t deleted = 0;
                for (const PhaseRange& r : *ranges) {
                    del->bind(1, r.first);
                    del->bind(2, r.last);
                    if (auto st = del->run(); !st) {
                        return st;
                    }
                    deleted += sqlite3_changes64(db.handle());
                }
                if (deleted != removed.phases) {
                    return Error { "cannot remove label '" + label + "': " + std::to_string(deleted)
                        + " phases were found in its files' id ranges, " + std::to_string(removed.phases)
                        + " expected; nothing was removed" };
                }
            }
            if (auto st = runWithId(db, std::string("DELETE FROM main.") + t->table + " WHERE " + t->where, *id); !st) {
                return st;
            }
        }
        return Status::success();
    });
    if (!outcome) {
        return outcome.error();
    }
    return removed;
}

Result<std::optional<RemovedLabel>> removedLabel(Database& db)
{
    auto attached = trashAttached(db);
    if (!attached) {
        return attached.error();
    }
    if (!*attached) {
        return std::optional<RemovedLabel> {};
    }
    auto exists = db.queryInt(
        std::string("SELECT count(*) FROM ") + kTrash + ".sqlite_master WHERE type = 'table' AND name = 'removal'");
    if (!exists) {
        return exists.error();
    }
    if (exists->value_or(0) == 0) {
        return std::optional<RemovedLabel> {};
    }
    auto st = db.prepare(
        std::string("SELECT label, files, jobs, attempts, phases, checkpoints FROM ") + kTrash + ".removal");
    if (!st) {
        return st.error();
    }
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<RemovedLabel> {};
    }
    RemovedLabel r;
    r.label = st->columnText(0);
    r.contents = { st->columnInt64(1), st->columnInt64(2), st->columnInt64(3), st->columnInt64(4), st->columnInt64(5) };
    return std::optional<RemovedLabel>(std::move(r));
}

Result<RemovedLabel> restoreRemovedLabel(Database& db)
{
    RemovedLabel restored;
    Status outcome = inTransaction(db, [&]() -> Status {
        // 1. Something to restore?
        auto kept = removedLabel(db);
        if (!kept) {
            return kept.error();
        }
        if (!*kept) {
            return Error { "nothing to restore: no label has been removed since the database was opened" };
        }
        restored = **kept;
        const std::string what = "cannot restore label '" + restored.label + "': ";
        const std::string unchanged = "; nothing was changed";
        // 2. The name, and every id it held, must still be free (checked rather than assumed: an
        //    import numbers its rows after the largest id, so it may have taken the removed ones).
        auto byName = findLabelId(db, restored.label);
        if (!byName) {
            return byName.error();
        }
        if (*byName) {
            return Error { what
                + "a label of that name exists again (imported or renamed since); rename or remove it "
                  "first"
                + unchanged };
        }
        for (const char* table : kIdTables) {
            auto taken = db.queryInt(std::string("SELECT EXISTS(SELECT 1 FROM main.") + table
                + " WHERE id IN (SELECT id FROM " + kTrash + "." + table + "))");
            if (!taken) {
                return taken.error();
            }
            if (taken->value_or(0) != 0) {
                return Error { what + "ids of its " + table + " have been taken by a later import" + unchanged };
            }
        }
        auto labelId = db.queryInt(std::string("SELECT id FROM ") + kTrash + ".labels");
        if (!labelId) {
            return labelId.error();
        }
        auto ranges = phaseRanges(db, kTrash, labelId->value_or(0));
        if (!ranges) {
            return ranges.error();
        }
        auto probe = db.prepare("SELECT EXISTS(SELECT 1 FROM main.phases WHERE id BETWEEN ?1 AND ?2)");
        if (!probe) {
            return probe.error();
        }
        for (const PhaseRange& r : *ranges) {
            probe->bind(1, r.first);
            probe->bind(2, r.last);
            auto row = probe->step();
            if (!row) {
                return row.error();
            }
            const bool taken = probe->columnInt64(0) != 0;
            probe->reset();
            if (taken) {
                return Error { what + "ids of its phases (" + std::to_string(r.first) + ".." + std::to_string(r.last)
                    + ") have been taken by a later import" + unchanged };
            }
        }
        // 3. Copy back, parents first, ids and all; then the trash is empty.
        for (const LabelRows& t : kLabelRows) {
            if (std::string(t.table) == "phase_runs") {
                if (auto st = db.exec(std::string("INSERT INTO main.phases SELECT * FROM ") + kTrash + ".phases");
                    !st) {
                    return st;
                }
            }
            if (auto st
                = db.exec(std::string("INSERT INTO main.") + t.table + " SELECT * FROM " + kTrash + "." + t.table);
                !st) {
                return st;
            }
        }
        // The cause rules in force may have changed since the removal.
        if (auto synced = syncCauseOverrides(db, nullptr); !synced) {
            return synced.error();
        }
        return emptyTrash(db);
    });
    if (!outcome) {
        return outcome.error();
    }
    return restored;
}

} // namespace ett::core

#undef JOBS_OF_LABEL
#undef ATTEMPTS_OF_LABEL
