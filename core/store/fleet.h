// Reading the store back as plain structs for the command line and the GUI: the attributed jobs
// of a fleet (from the derived tables), the datasets and the import issues.
#pragma once

#include "core/model/accounting.h"
#include "core/model/datasets.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

class Database;

struct AttemptInfo
{
    std::string cause;
    std::string symptom;
    std::string detail;
};

struct FleetJob
{
    int64_t id = 0;
    std::string label;
    std::string key;
    std::string name;
    int64_t gpus = 1;
    std::vector<std::pair<std::string, std::string>> attrs; // sorted by key
    JobResult result; // attempts in start order; segments only when asked for
    std::vector<AttemptInfo> attemptInfo; // parallel to result.attempts

    // The attribute's value, or nullopt when the job has none.
    std::optional<std::string> attr(const std::string& attrKey) const;
};

struct FleetQuery
{
    std::optional<std::string> label; // only this dataset label
    std::optional<std::string> jobKey; // only jobs with this key (in any label)
    bool withSegments = false; // decode attempt segments (needed for time ranges)
};

// Loads attributed jobs. Jobs appear in (label, key) order. Error when the store is damaged.
Result<std::vector<FleetJob>> loadFleet(Database& db, const FleetQuery& query);

Result<std::vector<DatasetInfo>> listDatasets(Database& db);

Result<std::vector<IssueInfo>> listIssues(Database& db);

// Names of every label in the store, sorted.
Result<std::vector<std::string>> listLabels(Database& db);

// The id of a dataset label; nullopt when there is none by that name.
Result<std::optional<int64_t>> findLabelId(Database& db, const std::string& label);

// Ok when `label` can name a dataset: not blank (it could not be selected or removed by name) and
// without control characters. Error naming the label otherwise.
Status checkLabelName(const std::string& label);

// Renames a dataset label: every dataset and job under `from` is then under `to`. One
// transaction. Error (and nothing changed) when `from` does not exist, `to` already exists, or
// `to` is empty. Renaming a label to itself is an error too (it exists).
Status renameLabel(Database& db, const std::string& from, const std::string& to);

} // namespace ett::core

#include "core/model/rollup.h"

#include <map>

namespace ett::core {

struct FleetSummary
{
    Figures fleet;
    std::map<std::string, Figures> groups; // by attribute value; "(none)" for jobs without it
};

// Rolls attributed jobs up into fleet figures and, when groupBy is set, per attribute value.
// groupBy may also be "label" or "job". With a time range, jobs must carry segments. Pure.
FleetSummary summarizeFleet(
    const std::vector<FleetJob>& jobs, const RollupOptions& options, const std::optional<std::string>& groupBy);

// The value a job is grouped under for groupBy (an attribute, "label" or "job").
std::string groupKeyOf(const FleetJob& job, const std::string& groupBy);

inline constexpr const char* kNoGroupValue = kNoGroupName;

} // namespace ett::core
