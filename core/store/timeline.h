// Reading one job's timeline (core/model/job_timeline.h) from the store.
#pragma once

#include "core/model/job_timeline.h"
#include "core/model/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ett::core {

class Database;

// Loads one job (by its row id in jobs). Error when it does not exist or the store is damaged.
Result<JobTimeline> loadJobTimeline(Database& db, JobRowId jobId);

// Loads jobs one after another with statements prepared once (on the first load): for many jobs
// (a watcher judging every job a pass stored), where preparing the statements of each job took
// longer than reading it. Lives no longer than the connection.
class JobTimelineReader
{
public:
    explicit JobTimelineReader(Database& db);
    ~JobTimelineReader();
    JobTimelineReader(const JobTimelineReader&) = delete;
    JobTimelineReader& operator=(const JobTimelineReader&) = delete;

    // As loadJobTimeline.
    Result<JobTimeline> load(JobRowId jobId);

private:
    struct Statements;
    Database& m_db;
    std::unique_ptr<Statements> m_statements;
};

// The row id of a job by label and key; nullopt when there is none.
Result<std::optional<JobRowId>> findJobId(Database& db, const std::string& label, const std::string& key);

} // namespace ett::core
