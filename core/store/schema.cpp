#include "core/store/schema.h"

#include "core/model/types.h"
#include "core/store/column_store.h"
#include "core/store/database.h"

#include <string>

namespace ett::core {

namespace {

std::string bucketColumns(const char* type)
{
    std::string out;
    for (int b = 0; b < kBucketCount; ++b) {
        out += std::string(",\n    ") + bucketColumn(b) + " " + type;
    }
    return out;
}

// Version 1: the initial schema. Times are int64 nanoseconds since the Unix epoch.
std::string schemaV1()
{
    std::string sql = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE labels(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE);
-- One row per imported file.
CREATE TABLE datasets(
    id INTEGER PRIMARY KEY,
    label_id INTEGER NOT NULL REFERENCES labels(id),
    source_path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    format TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    records INTEGER NOT NULL DEFAULT 0,
    first_phase_id INTEGER,
    last_phase_id INTEGER,
    UNIQUE(label_id, sha256));
-- A job is identified by (label, job_key) (spec 3, identity across files).
CREATE TABLE jobs(
    id INTEGER PRIMARY KEY,
    label_id INTEGER NOT NULL REFERENCES labels(id),
    job_key TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    gpus INTEGER NOT NULL DEFAULT 1,
    gpus_given INTEGER NOT NULL DEFAULT 0,
    submitted_ns INTEGER,
    declared_in INTEGER REFERENCES datasets(id), -- NULL while the job is implicit
    UNIQUE(label_id, job_key));
CREATE TABLE job_attrs(
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY(job_id, key)) WITHOUT ROWID;
CREATE TABLE attempts(
    id INTEGER PRIMARY KEY,
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    attempt_no INTEGER NOT NULL,
    start_ns INTEGER NOT NULL,
    end_ns INTEGER NOT NULL,
    gpus INTEGER,
    outcome TEXT NOT NULL,
    interrupted_at_ns INTEGER,
    cause TEXT NOT NULL DEFAULT '',
    symptom TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    declared_in INTEGER NOT NULL REFERENCES datasets(id),
    UNIQUE(job_id, attempt_no));
-- The spec's phase categories (fixed codes) and the phase kinds met in traces: a category with
-- a free subcategory ('' when none), dictionary-coded so that a phase row holds one integer.
CREATE TABLE categories(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE phase_kinds(
    id INTEGER PRIMARY KEY,
    category INTEGER NOT NULL REFERENCES categories(id),
    subcategory TEXT NOT NULL DEFAULT '',
    UNIQUE(category, subcategory));
-- Phases as imported (clipped to their attempt). Each file's phases take a contiguous id range
-- (datasets.first_phase_id .. last_phase_id), and phase_runs maps an attempt to the id ranges
-- holding its phases: a clustered index that costs nothing to build.
CREATE TABLE phases(
    id INTEGER PRIMARY KEY,
    attempt_id INTEGER NOT NULL,
    kind INTEGER NOT NULL, -- phase_kinds.id
    rank INTEGER,
    start_ns INTEGER NOT NULL,
    end_ns INTEGER NOT NULL,
    name TEXT);
CREATE TABLE phase_runs(
    attempt_id INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    last_id INTEGER NOT NULL);
CREATE TABLE checkpoints(
    id INTEGER PRIMARY KEY,
    job_id INTEGER NOT NULL,
    attempt_no INTEGER NOT NULL,
    step INTEGER,
    start_ns INTEGER NOT NULL,
    durable_ns INTEGER,
    failed INTEGER NOT NULL DEFAULT 0,
    dataset_id INTEGER NOT NULL);
-- Non-fatal data problems per imported file (counted, never silent).
CREATE TABLE import_issues(
    dataset_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL,
    count INTEGER NOT NULL,
    first_line INTEGER,
    example TEXT NOT NULL DEFAULT '',
    PRIMARY KEY(dataset_id, kind, detail)) WITHOUT ROWID;
-- Derived by core/model/accounting.cpp: bucket nanoseconds inside the attempt window, the gap
-- after it, Time to Start / Recover, and the segments (see core/model/segment_codec.h).
CREATE TABLE attempt_derived(
    attempt_id INTEGER PRIMARY KEY)sql";
    sql += bucketColumns("INTEGER NOT NULL");
    sql += R"sql(,
    gap_after_ns INTEGER NOT NULL,
    tts_ns INTEGER NOT NULL,
    ttr_ns INTEGER,
    first_train_ns INTEGER,
    fault_ns INTEGER,
    interruption TEXT NOT NULL,
    segments BLOB NOT NULL);
CREATE TABLE job_derived(
    job_id INTEGER PRIMARY KEY,
    window_start_ns INTEGER,
    window_end_ns INTEGER,
    queue_before_ns INTEGER NOT NULL,
    e2e_ns INTEGER NOT NULL)sql";
    sql += bucketColumns("INTEGER NOT NULL");
    sql += R"sql(,
    tts_ns INTEGER,
    failures INTEGER NOT NULL,
    preemptions INTEGER NOT NULL,
    other_interruptions INTEGER NOT NULL,
    no_checkpoint_data INTEGER NOT NULL);
)sql";
    sql += kCreateSecondaryIndexesSql;
    sql += R"sql(
-- Phases with their category and subcategory spelled out, for reading with sqlite3.
CREATE VIEW phases_named AS
    SELECT p.id, p.attempt_id, c.name AS category, k.subcategory, p.rank, p.start_ns, p.end_ns, p.name
    FROM phases p JOIN phase_kinds k ON k.id = p.kind JOIN categories c ON c.id = k.category;
)sql";
    sql += "\n";
    for (int c = 0; c < kCategoryCount; ++c) {
        sql += "INSERT INTO categories VALUES(" + std::to_string(c) + ", '"
            + std::string(categoryName(static_cast<Category>(c))) + "');\n";
    }
    return sql;
}

// Version 2: what-if scenarios, saved by name; `spec` is the scenario's JSON
// (core/store/scenarios.h), `saved_at` RFC 3339 UTC.
constexpr const char* kSchemaV2 = R"sql(
CREATE TABLE scenarios(
    name TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    saved_at TEXT NOT NULL);
)sql";

// Per attempt its phases' kinds, starts and durations in one compact blob (core/model/
// phase_samples.h): the phase-duration distributions read these instead of every phase row.
// Derived: written with attempt_derived, recomputed with it.
constexpr const char* kSchemaV3 = R"sql(
CREATE TABLE attempt_phases(
    attempt_id INTEGER PRIMARY KEY,
    samples BLOB NOT NULL);
)sql";

// Version 4. rank_hosts: the host each rank of an attempt ran on (spec 7.3, the `rank` record), as
// imported. Re-classification of causes (core/ingest/cause_rules.h): every rule set saved, as its
// JSON; the newest is in force and an undo deletes it (an empty set clears). cause_overrides is
// derived from the set in force: the effective cause of each interrupted attempt a rule moved, with
// the rule's 0-based position; attempts keep their cause as imported. IF NOT EXISTS: a file made to
// look older by dropping only some of these tables (as tests do) keeps the others and still migrates.
constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE IF NOT EXISTS rank_hosts(
    attempt_id INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    host TEXT NOT NULL,
    PRIMARY KEY(attempt_id, rank)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS cause_rule_sets(
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    saved_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cause_overrides(
    attempt_id INTEGER PRIMARY KEY,
    cause TEXT NOT NULL,
    rule INTEGER NOT NULL);
)sql";

// Version 6: the options each file was read with (see the migration).
constexpr const char* kSchemaV6 = "ALTER TABLE datasets ADD COLUMN reader_options TEXT NOT NULL DEFAULT '';";

Result<int64_t> readPragma(Database& db, const char* name)
{
    auto v = db.queryInt(std::string("PRAGMA ") + name);
    if (!v) {
        return v.error();
    }
    return v->value_or(0);
}

} // namespace

const char* bucketColumn(int bucket)
{
    static constexpr const char* kColumns[kBucketCount] = {
        "b_productive",
        "b_queue",
        "b_setup",
        "b_init",
        "b_checkpoint_load",
        "b_compile",
        "b_checkpoint_save",
        "b_lost_progress",
        "b_stall",
        "b_eval",
        "b_recovery",
        "b_shutdown",
        "b_idle",
    };
    return kColumns[bucket];
}

namespace {

// Whether the file is ours and which schema version it has: the version, or an Error saying why
// it must not be touched (another application's file, a newer or an invalid version).
Result<int64_t> checkedVersion(Database& db)
{
    auto version = readPragma(db, "user_version");
    if (!version) {
        return version.error();
    }
    auto appId = readPragma(db, "application_id");
    if (!appId) {
        return appId.error();
    }
    auto tables = db.queryInt("SELECT count(*) FROM sqlite_master");
    if (!tables) {
        return tables.error();
    }
    const bool empty = tables->value_or(0) == 0;
    if (!empty && *appId != kApplicationId) {
        return Error { "not an ETT Workbench database (it is a SQLite file of another application); "
                       "nothing was changed" };
    }
    if (*version > kSchemaVersion) {
        return Error { "this database was written by a newer ETT Workbench (schema version " + std::to_string(*version)
            + "; this build reads up to " + std::to_string(kSchemaVersion)
            + "); it was not changed. Open it with a newer ettw." };
    }
    if (*version < 0) {
        return Error { "this database has an invalid schema version (" + std::to_string(*version)
            + "); it was not changed" };
    }
    return *version;
}

// One read transaction, so that the reads see one state of a file that another process may be
// creating.
Result<int64_t> readVersion(Database& db)
{
    if (auto st = db.exec("BEGIN"); !st) {
        return st.error();
    }
    auto version = checkedVersion(db);
    (void)db.exec("COMMIT");
    return version;
}

} // namespace

Status checkSchema(Database& db)
{
    auto version = readVersion(db);
    if (!version) {
        return version.error();
    }
    if (*version == 0) {
        return Error { "an empty file, not yet a workbench database: import traces into it first (`ettw import --db "
            + db.path() + " FILE...`)" };
    }
    if (*version < kSchemaVersion) {
        return Error { "this database was written by an older ETT Workbench (schema version " + std::to_string(*version)
                + ", this build writes " + std::to_string(kSchemaVersion)
                + "); queries never change a database: upgrade it once with `ettw upgrade --db " + db.path() + "`",
            "upgrade" };
    }
    return Status::success();
}

Status ensureSchema(Database& db)
{
    // 1. Read only: is this ours, and which version? Nothing is written before these checks pass.
    auto version = readVersion(db);
    if (!version) {
        return version.error();
    }
    if (*version == kSchemaVersion) {
        return Status::success();
    }

    // 2. Create or migrate, all in one write transaction, deciding again inside it: another
    //    process may have created or migrated the file since the check above.
    return inTransaction(db, [&]() -> Status {
        auto current = checkedVersion(db);
        if (!current) {
            return current.error();
        }
        int64_t v = *current;
        if (v == kSchemaVersion) {
            return Status::success();
        }
        // A new file has no derived figures to recompute: it is at the current accounting rules.
        // A migrated one keeps its recorded version, so that its figures are recomputed on open
        // when the rules (or what the derived tables hold) changed since.
        const bool created = v == 0;
        if (v == 0) {
            if (auto st = db.exec(schemaV1()); !st) {
                return st;
            }
            v = 1;
        }
        if (v == 1) {
            if (auto st = db.exec(kSchemaV2); !st) {
                return st;
            }
            v = 2;
        }
        if (v == 2) {
            if (auto st = db.exec(kSchemaV3); !st) {
                return st;
            }
            v = 3;
        }
        if (v == 3) {
            if (auto st = db.exec(kSchemaV4); !st) {
                return st;
            }
            v = 4;
        }
        if (v == 4) {
            // The columnar copy (core/store/column_store.h): its tables and triggers, every job's
            // chunk listed; inTransaction builds them before this transaction commits.
            if (auto st = db.exec(columnStoreSchemaSql()); !st) {
                return st;
            }
            v = 5;
        }
        if (v == 5) {
            // The options each file was read with, as a JSON object (core/ingest/reader_options_text.h),
            // so that a file read again (a console log rechained, a job declared again after a
            // removal) is read as it was imported; '' for a file imported before: not known.
            // (A file made to look older, as tests do, may have the column already.)
            auto has = db.queryInt("SELECT count(*) FROM pragma_table_info('datasets') WHERE name = 'reader_options'");
            if (!has) {
                return has.error();
            }
            if (has->value_or(0) == 0) {
                if (auto st = db.exec(kSchemaV6); !st) {
                    return st;
                }
            }
            v = 6;
        }
        // Later migrations go here: if (v == 6) { ...; v = 7; }
        std::string sql = "PRAGMA application_id=" + std::to_string(kApplicationId)
            + "; PRAGMA user_version=" + std::to_string(v) + ";";
        if (created) {
            sql += "INSERT OR REPLACE INTO meta VALUES('accounting_version', '" + std::to_string(kAccountingVersion)
                + "');";
        }
        return db.exec(sql);
    });
}

} // namespace ett::core
