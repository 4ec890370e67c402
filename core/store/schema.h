// The versioned schema of a workbench database (the user's document) and its migrations.
#pragma once

#include "core/model/result.h"

namespace ett::core {

class Database;

// Schema version written by this build (PRAGMA user_version). Bump it with a migration.
// 1: the initial schema; 2: what-if scenarios (`scenarios`); 3: the phase samples of each attempt
// (`attempt_phases`, derived); 4: the hosts of ranks (`rank_hosts`) and cause re-classification rules
// (`cause_rule_sets`, and the derived `cause_overrides`); 5: the columnar copy of what the engine loads
// (`column_chunks`, `column_data`, `column_dirty` and the triggers that keep it current;
// core/store/column_store.h); 6: the options each file was read with (`datasets.reader_options`;
// core/ingest/reader_options_text.h).
inline constexpr int kSchemaVersion = 6;

// Version of the accounting rules that produced the derived tables; when it changes, every job is
// attributed again on open (the derived tables are a cache of core/model/accounting.cpp).
// 1: segments and figures; 2: with the phase samples (attempt_phases).
inline constexpr int kAccountingVersion = 2;

// 'ETTW' in ASCII: PRAGMA application_id of every workbench database.
inline constexpr int kApplicationId = 0x45545457;

// Creates the schema in an empty database or migrates an older one, in one transaction. An Error,
// and no change at all, when the file belongs to another application or to a newer version.
Status ensureSchema(Database& db);
// As ensureSchema() without writing: Error when the file is not a workbench database at the
// current schema version (empty, older, newer, another application's), saying what to do.
Status checkSchema(Database& db);

// The secondary indexes. None is on `phases`, the only table that grows with the trace: its rows
// are clustered by id and found through phase_runs. The others receive keys in increasing order
// during an import (appends, not scattered inserts); measured, dropping them for a bulk load and
// building them afterwards was slower and used more memory (README, "Speed").
inline constexpr const char* kCreateSecondaryIndexesSql = "CREATE INDEX phase_runs_attempt ON phase_runs(attempt_id);"
                                                          "CREATE INDEX checkpoints_job ON checkpoints(job_id);";

// Names of the accounting bucket columns in derived tables, in Bucket order ("b_productive", ...).
const char* bucketColumn(int bucket);

} // namespace ett::core
