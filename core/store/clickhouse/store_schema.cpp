#include "core/store/clickhouse/store_schema.h"

#include "core/model/types.h"
#include "core/store/schema.h"

#include <string_view>

namespace ett::core::clickhouse {

namespace {

// Enum8('name'=code, ...) of a closed vocabulary, with the codes the C++ enums use.
template <typename E> std::string enumType(int count, std::string_view (*name)(E))
{
    std::string out = "Enum8(";
    for (int i = 0; i < count; ++i) {
        out += std::string(i ? ", '" : "'") + std::string(name(static_cast<E>(i))) + "' = " + std::to_string(i);
    }
    return out + ")";
}

std::string bucketColumns()
{
    std::string out;
    for (int b = 0; b < kBucketCount; ++b) {
        out += std::string(",\n    ") + bucketColumn(b) + " Int64";
    }
    return out;
}

} // namespace

std::vector<std::string> localTableStatements(const std::string& db)
{
    const std::string engine = " ENGINE = MergeTree PARTITION BY dataset_id ORDER BY ";
    return {
        "CREATE DATABASE IF NOT EXISTS " + db,
        // The catalogue: one row per event of a dataset (pending, committed, removed).
        "CREATE TABLE IF NOT EXISTS " + db + R"(.datasets_local (
    id UInt64,
    label String,
    content_hash String,
    state Enum8('pending' = 1, 'committed' = 2, 'removed' = 3),
    seq UInt64,
    at DateTime,
    source String,
    jobs UInt64,
    attempts UInt64,
    segments UInt64,
    phases UInt64,
    checkpoints UInt64
) ENGINE = MergeTree ORDER BY (label, id, seq))",
        // The shards' HTTP addresses, as `ettw store init` found them; `self` marks the server's own.
        "CREATE TABLE IF NOT EXISTS " + db + R"(.shards_local (
    idx UInt16,
    host String,
    port UInt16,
    self UInt8,
    schema_version UInt32
) ENGINE = MergeTree ORDER BY idx)",
        "CREATE TABLE IF NOT EXISTS " + db + R"(.jobs_local (
    dataset_id UInt64,
    job_no UInt32,
    job_key String,
    name String,
    label String,
    gpus Int64,
    submitted_ns Nullable(Int64),
    attr_keys Array(String),
    attr_values Array(String),
    attempts UInt32,
    first_start_ns Int64,
    last_end_ns Int64,
    has_checkpoints UInt8
))" + engine + "(dataset_id, job_no)",
        "CREATE TABLE IF NOT EXISTS " + db + R"(.attempts_local (
    dataset_id UInt64,
    job_no UInt32,
    attempt_idx UInt32,
    attempt_no Int32,
    start_ns Int64,
    end_ns Int64,
    gpus Int64,
    outcome )"
            + enumType<Outcome>(kOutcomeCount, outcomeName) + R"(,
    interruption )"
            + enumType<Interruption>(4, interruptionName) + R"(,
    fault_ns Int64,
    cause_class String)"
            + bucketColumns() + R"(,
    gap_after_ns Int64,
    tts_ns Int64,
    first_train_ns Nullable(Int64),
    ttr_ns Nullable(Int64),
    fault_at_ns Int64,
    stretch_end_ns Int64,
    is_last UInt8,
    cause String,
    symptom String,
    detail String
))" + engine + "(dataset_id, job_no, attempt_idx)",
        "CREATE TABLE IF NOT EXISTS " + db + R"(.segments_local (
    dataset_id UInt64,
    job_no UInt32,
    attempt_idx UInt32,
    start_ns Int64,
    end_ns Int64,
    bucket )"
            + enumType<Bucket>(kBucketCount, bucketName) + R"(,
    gpus Int64
))" + engine + "(dataset_id, bucket, start_ns)",
        "CREATE TABLE IF NOT EXISTS " + db + R"(.phases_local (
    dataset_id UInt64,
    job_no UInt32,
    attempt_idx UInt32,
    start_ns Int64,
    end_ns Int64,
    category )"
            + enumType<Category>(kCategoryCount, categoryName) + R"(,
    subcategory String,
    rank Int32
))" + engine + "(dataset_id, job_no, attempt_idx, start_ns)",
        "CREATE TABLE IF NOT EXISTS " + db + R"(.checkpoints_local (
    dataset_id UInt64,
    job_no UInt32,
    start_ns Int64,
    durable_ns Int64,
    failed UInt8,
    attempt_no Int32,
    step Nullable(Int64)
))" + engine + "(dataset_id, job_no, start_ns)",
        // The host each rank of an attempt ran on (spec 7.3, the `rank` record).
        "CREATE TABLE IF NOT EXISTS " + db + R"(.rank_hosts_local (
    dataset_id UInt64,
    job_no UInt32,
    attempt_idx UInt32,
    rank Int32,
    host String
))" + engine + "(dataset_id, job_no, attempt_idx, rank)",
    };
}

std::vector<std::string> distributedTableStatements(const std::string& db, const std::string& cluster)
{
    std::vector<std::string> out;
    for (const char* t :
        { "datasets", "shards", "jobs", "attempts", "segments", "phases", "checkpoints", "rank_hosts" }) {
        // No sharding key: rows are never inserted through these (the client sends each shard
        // its jobs' rows), so an insert here fails rather than scattering a job's rows.
        out.push_back("CREATE TABLE IF NOT EXISTS " + db + "." + t + " AS " + db + "." + t
            + "_local ENGINE = Distributed(" + cluster + ", " + db + ", " + t + "_local)");
    }
    // Per label, the latest committed or removed event decides; pending events never count.
    out.push_back("CREATE VIEW IF NOT EXISTS " + db + ".datasets_live AS SELECT label, argMax(id, seq) AS dataset_id, "
        + "argMax(content_hash, seq) AS dataset_hash, argMax(state, seq) AS last_state, max(seq) AS last_seq FROM " + db
        + ".datasets WHERE state != 'pending' GROUP BY label HAVING last_state = 'committed'");
    return out;
}

std::string liveDatasetsFilter(const std::string& db)
{
    return "dataset_id GLOBAL IN (SELECT dataset_id FROM " + db + ".datasets_live)";
}

} // namespace ett::core::clickhouse
