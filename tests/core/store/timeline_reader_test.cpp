// Jobs loaded one after another on one connection (the watcher's detectors: each load takes the
// statements of the one before again, Database::prepare) are the jobs loadJobTimeline loads on a
// connection of their own, also after a job that is not there.
#include "core/store/database.h"
#include "core/store/timeline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

// What a timeline holds, as text.
std::string shapeOf(const JobTimeline& t)
{
    std::string s = t.label + "/" + t.key + " " + t.name + " gpus " + std::to_string(t.gpus) + " window "
        + std::to_string(t.windowStartNs) + "-" + std::to_string(t.windowEndNs);
    for (const auto& [k, v] : t.attrs) {
        s += " " + k + "=" + v;
    }
    for (const TimelineAttempt& a : t.attempts) {
        s += "\n  attempt " + std::to_string(a.result.number) + " " + std::to_string(a.result.startNs) + "-"
            + std::to_string(a.result.endNs) + " " + std::string(outcomeName(a.result.outcome)) + " " + a.cause
            + " segments " + std::to_string(a.result.segments.size()) + " phases " + std::to_string(a.phases.size())
            + " hosts " + std::to_string(a.hosts.size());
        for (const int64_t b : a.result.bucketsNs) {
            s += " " + std::to_string(b);
        }
        if (!a.phases.empty()) {
            s += " first " + a.phases.front().name + " last " + a.phases.back().name;
        }
    }
    s += "\n  checkpoints " + std::to_string(t.checkpoints.size());
    return s;
}

TEST(JobTimelineReader, LoadsManyJobsOnOneConnectionAsEachAlone)
{
    test::Store s;
    s.import(std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz");
    std::vector<int64_t> ids;
    auto q = s.db().prepare("SELECT id FROM jobs ORDER BY id");
    ASSERT_TRUE(q.ok());
    ASSERT_TRUE(q->forEachRow([&] { ids.push_back(q->columnInt64(0)); }).ok());
    ASSERT_EQ(ids.size(), 200u);

    // Each job alone: on a connection of its own, whose statements are all compiled for it.
    const auto alone = [&](int64_t id) {
        auto db = Database::open(s.dbPath(), Database::OpenMode::ReadOnly);
        EXPECT_TRUE(db.ok());
        return loadJobTimeline(**db, JobRowId { id });
    };
    int checkpoints = 0;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i == 100) {
            // A job that is not there says so, and the next one loads all the same.
            auto missing = loadJobTimeline(s.db(), JobRowId { ids.back() + 1000 });
            ASSERT_FALSE(missing.ok());
            EXPECT_EQ(
                missing.error().message, "no job with id " + std::to_string(ids.back() + 1000) + " in the database");
        }
        auto one = alone(ids[i]);
        auto many = loadJobTimeline(s.db(), JobRowId { ids[i] });
        ASSERT_TRUE(one.ok()) << one.error().message;
        ASSERT_TRUE(many.ok()) << many.error().message;
        EXPECT_EQ(shapeOf(*many), shapeOf(*one));
        checkpoints += static_cast<int>(many->checkpoints.size());
    }
    // Again, the first job after the last: nothing of the last is left in the statements.
    auto again = loadJobTimeline(s.db(), JobRowId { ids.front() });
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(shapeOf(*again), shapeOf(*alone(ids.front())));
    EXPECT_GT(checkpoints, 0);
}

} // namespace
} // namespace ett::core
