// Reading one job's timeline (core/model/job_timeline.h) from the store.
#pragma once

#include "core/model/job_timeline.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::core {

class Database;

// Loads one job (by its row id in jobs). Error when it does not exist or the store is damaged.
Result<JobTimeline> loadJobTimeline(Database& db, JobRowId jobId);

// The row id of a job by label and key; nullopt when there is none.
Result<std::optional<JobRowId>> findJobId(Database& db, const std::string& label, const std::string& key);

} // namespace ett::core
