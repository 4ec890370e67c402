// What the fleet store source reads of the jobs themselves, as plain rows: the vocabulary a window
// offers (labels' starts, attribute values, counts), jobs by scope, by id or by key, a search over
// keys, names and attribute values, and one job's attempts. The SQL of these lives here only.
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/store_figures.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ett::core::clickhouse {

class FleetStore;

// What the live datasets hold, for the filters a user picks from.
struct StoreVocabulary
{
    std::vector<std::string> attrKeys; // sorted
    std::map<std::string, std::vector<std::string>> attrValues; // per key, sorted
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
    int64_t minGpus = 0; // meaningful when jobs > 0
    int64_t maxGpus = 0;
    std::map<std::string, int64_t> labelFirstNs; // each label's first attempt start (labels with attempts)
    int64_t lastEndNs = 0; // the last attempt end (meaningful when labelFirstNs is not empty)
    // The median attempt start: the (n / 2)-th of the n starts in order (quantileExact(0.5)).
    int64_t medianStartNs = 0;
};

// Error: the server's, or a row it cut short.
Result<StoreVocabulary> storeVocabulary(FleetStore& store);

// Whether the store's user may write (its `readonly` setting is 0). False when the server does not
// answer.
bool storeUserMayWrite(FleetStore& store);

// A job as the store source numbers it.
struct StoreJob
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    std::string key;
    std::string label;
    std::string name;
    int64_t gpus = 1;
    int64_t firstStartNs = 0;
    std::vector<std::pair<std::string, std::string>> attrs; // as stored
};

// The live jobs of a scope (labels, attributes, GPUs, the jobs it names), in no particular order.
// Error: the server's, or a row it cut short.
Result<std::vector<StoreJob>> storeJobs(FleetStore& store, const StoreScope& scope);
// The live jobs of these (dataset, job) ids (not empty). Error: as storeJobs.
Result<std::vector<StoreJob>> storeJobsOf(FleetStore& store, const std::vector<std::pair<uint64_t, uint32_t>>& ids);
// The live jobs whose key is `key`, under any label. Error: as storeJobs.
Result<std::vector<StoreJob>> storeJobsWithKey(FleetStore& store, const std::string& key);

// One job a search found, and where: 0 the key is the query, 1 the key holds it, 2 the name holds
// it, 3 an attribute value holds it (`attr`, the 0-based index in job.attrs of the first one).
struct StoreJobMatch
{
    uint8_t rank = 0;
    StoreJob job;
    size_t attr = 0;
};

struct StoreJobSearch
{
    uint64_t total = 0; // every live job that matches
    std::vector<StoreJobMatch> matches; // the first `limit`, by rank, key, label, dataset and job
};

// A case-insensitive search (ASCII folding, as the local search) of `query` (not blank) in keys,
// names and attribute values. Error: the server's, or a row it cut short.
Result<StoreJobSearch> storeSearchJobs(FleetStore& store, std::string_view query, size_t limit);

// One attempt of a job as a job's attempts table reads it.
struct StoreAttemptInfo
{
    uint32_t attemptIdx = 0;
    int64_t number = 0;
    std::string outcome; // as core::outcomeName
    std::string cause; // as imported; "" when none
    int64_t startNs = 0;
    int64_t ttsNs = 0;
};

// The attempts of a live job, in no particular order. Error: as storeJobs.
Result<std::vector<StoreAttemptInfo>> storeJobAttempts(FleetStore& store, uint64_t datasetId, uint32_t jobNo);

// How many attempts numbered `attemptNo` a live job has (0 or 1). Error: as storeJobs.
Result<int64_t> storeAttemptCount(FleetStore& store, uint64_t datasetId, uint32_t jobNo, int64_t attemptNo);

} // namespace ett::core::clickhouse
