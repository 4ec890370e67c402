// The fleet store's tables in ClickHouse: on every shard a MergeTree table per kind of row
// (name_local) and a Distributed table over the cluster (name), plus the catalogue of pushed
// datasets and the view of the live ones. They mirror what the local engine is loaded with
// (core/model/columns.h): jobs with their attributes, attempts with their attributed figures,
// the attributed segments, phases and checkpoints, every row tagged with its dataset.
//
// Design note: ClickHouse inserts are not atomic across batches nor shards, so a dataset's rows
// are written under a fresh dataset id and only count once the catalogue holds its `committed`
// row, written last, in one insert. Every query filters on
//   dataset_id GLOBAL IN (SELECT dataset_id FROM DB.datasets_live)
// where datasets_live takes, per label, the latest committed (or removed) event. Rows of an
// unfinished push are never counted; a later push of the label drops them.
#pragma once

#include <string>
#include <vector>

namespace ett::core::clickhouse {

// 2: jobs carry their window (first start, last end, attempts, whether they have checkpoints) and
// attempts their fault instant and stretch, so that ranges and calendar series run in SQL; attempts
// their cause, symptom and detail, checkpoints their attempt and step (a job's timeline).
// 3: rank_hosts, the host of each rank of an attempt (spec 7.3). A store of version 2 is upgraded by
// `ettw store init` (it adds the table and keeps what was pushed).
inline constexpr int kStoreSchemaVersion = 3;

// The tables holding fleet rows, in the order a push writes them.
inline constexpr const char* kRowTables[] = { "jobs", "attempts", "segments", "phases", "checkpoints", "rank_hosts" };

// The statements that create the local tables of one shard in `database` (IF NOT EXISTS: safe to
// run again). Identifiers must be plain (isPlainIdentifier).
std::vector<std::string> localTableStatements(const std::string& database);

// The Distributed tables over `cluster` and the view of live datasets, for every server that
// answers queries (IF NOT EXISTS).
std::vector<std::string> distributedTableStatements(const std::string& database, const std::string& cluster);

// The filter every query of fleet rows applies: only rows of live (committed) datasets.
std::string liveDatasetsFilter(const std::string& database);

} // namespace ett::core::clickhouse
