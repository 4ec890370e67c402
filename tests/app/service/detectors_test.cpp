// Tests of the detectors (app/service/detectors.h) on hand-made timelines, each at its threshold's
// edge: one below or at it stays quiet, one past it fires; and of AlertTracker's fire-once / clear.
#include "app/service/detectors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/app/service/workspace_fixture.h"

namespace ett::app {
namespace {

constexpr int64_t kS = 1'000'000'000;
constexpr int64_t kMin = 60 * kS;
constexpr int64_t kNow = 1'000'000 * kS;

core::TimelineAttempt attemptAt(int32_t number, int64_t startNs, int64_t endNs, core::Outcome outcome)
{
    core::TimelineAttempt a;
    a.result.number = number;
    a.result.startNs = startNs;
    a.result.endNs = endNs;
    a.result.outcome = outcome;
    return a;
}

core::JobTimeline job(std::vector<core::TimelineAttempt> attempts, const std::string& team = "ads")
{
    core::JobTimeline t;
    t.label = "default";
    t.key = "J1";
    t.attrs = { { "team", team } };
    t.attempts = std::move(attempts);
    return t;
}

std::vector<std::string> fired(const core::JobTimeline& t, const DetectorOptions& o, const TeamStarts* teams = nullptr)
{
    std::vector<std::string> names;
    for (const Alert& a : detectJob(t, kNow, o, EvidenceSource { "--db", "my fleet.db" }, teams)) {
        names.push_back(a.detector);
    }
    return names;
}

bool has(const std::vector<std::string>& names, const char* name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(Detectors, RestartStormFiresAtNAttemptsInsideTheWindowOnly)
{
    DetectorOptions o;
    std::vector<core::TimelineAttempt> attempts;
    // Four attempts inside the last 30 minutes, one exactly 30 minutes ago (outside: (now - W, now]).
    attempts.push_back(attemptAt(0, kNow - 30 * kMin, kNow - 25 * kMin, core::Outcome::Failed));
    for (int i = 1; i <= 4; ++i) {
        attempts.push_back(attemptAt(i, kNow - 25 * kMin + i * 5 * kMin, kNow - 24 * kMin + i * 5 * kMin,
            i == 4 ? core::Outcome::Running : core::Outcome::Failed));
    }
    EXPECT_FALSE(has(fired(job(attempts), o), "restart_storm"));
    attempts[0].result.startNs += 1; // now inside
    const auto alerts = detectJob(job(attempts), kNow, o, EvidenceSource { "--db", "my fleet.db" }, nullptr);
    auto storm
        = std::find_if(alerts.begin(), alerts.end(), [](const Alert& a) { return a.detector == "restart_storm"; });
    ASSERT_NE(storm, alerts.end());
    EXPECT_EQ(storm->value, 5);
    EXPECT_EQ(storm->threshold, 5);
    EXPECT_EQ(storm->job, "J1");
    EXPECT_EQ(storm->evidence, "ettw restarts --db 'my fleet.db' --label default --job J1");
    o.stormAttempts = 6;
    EXPECT_FALSE(has(fired(job(attempts), o), "restart_storm"));
}

TEST(Detectors, StalledProgressCountsInterruptedAttemptsWithoutTheirOwnDurableCheckpoint)
{
    DetectorOptions o;
    o.disabled = { "restart_storm" };
    std::vector<core::TimelineAttempt> attempts;
    for (int i = 0; i < 3; ++i) {
        attempts.push_back(attemptAt(i, i * 100 * kMin, i * 100 * kMin + 90 * kMin, core::Outcome::Failed));
    }
    attempts.push_back(attemptAt(3, 300 * kMin, kNow, core::Outcome::Running)); // not judged
    core::JobTimeline t = job(attempts);
    EXPECT_TRUE(has(fired(t, o), "stalled_progress"));
    // A durable checkpoint in the first attempt: only two in a row remain.
    t.checkpoints.push_back({ 10 * kMin, 11 * kMin, false, 0, 100 });
    EXPECT_FALSE(has(fired(t, o), "stalled_progress"));
    o.stalledAttempts = 2;
    EXPECT_TRUE(has(fired(t, o), "stalled_progress"));
    // A failed save, or one durable only after its attempt ended, saves nothing.
    t.checkpoints = { { 110 * kMin, 111 * kMin, true, 1, 200 }, { 280 * kMin, 295 * kMin, false, 2, 300 } };
    o.stalledAttempts = 3;
    EXPECT_TRUE(has(fired(t, o), "stalled_progress"));
    // A completed attempt ends the streak.
    t.attempts[1].result.outcome = core::Outcome::Completed;
    EXPECT_FALSE(has(fired(t, o), "stalled_progress"));
}

TEST(Detectors, HangFiresWhenARunningAttemptShowsNothingNewForTheThreshold)
{
    DetectorOptions o;
    core::TimelineAttempt a = attemptAt(0, kNow - 120 * kMin, kNow, core::Outcome::Running);
    core::TimelinePhase train;
    train.startNs = kNow - 110 * kMin;
    train.endNs = kNow - 30 * kMin + 1; // 30 minutes less a nanosecond ago
    a.phases.push_back(train);
    core::JobTimeline t = job({ a });
    EXPECT_FALSE(has(fired(t, o), "hang"));
    t.attempts[0].phases[0].endNs -= 1; // exactly 30 minutes
    EXPECT_TRUE(has(fired(t, o), "hang"));
    // A checkpoint made durable since is a sign of life.
    t.checkpoints.push_back({ kNow - 40 * kMin, kNow - 5 * kMin, false, 0, 7 });
    EXPECT_FALSE(has(fired(t, o), "hang"));
    // An attempt that ended is not hanging.
    t.checkpoints.clear();
    t.attempts[0].result.outcome = core::Outcome::Failed;
    EXPECT_FALSE(has(fired(t, o), "hang"));
}

TEST(Detectors, SlowStartComparesTheLatestAttemptWithTheJobsP90ThenTheTeams)
{
    DetectorOptions o;
    o.disabled = { "restart_storm", "stalled_progress" };
    std::vector<core::TimelineAttempt> attempts;
    // Five earlier starts of 1..5 minutes: p90 (nearest rank) is 5 minutes; the factor 2 makes 10.
    for (int i = 0; i < 5; ++i) {
        core::TimelineAttempt a = attemptAt(i, i * 100 * kMin, i * 100 * kMin + 50 * kMin, core::Outcome::Failed);
        a.result.ttsNs = (i + 1) * kMin;
        a.result.firstTrainNs = a.result.startNs + a.result.ttsNs;
        attempts.push_back(a);
    }
    core::TimelineAttempt latest = attemptAt(5, 600 * kMin, 700 * kMin, core::Outcome::Completed);
    latest.result.ttsNs = 10 * kMin;
    latest.result.firstTrainNs = latest.result.startNs + latest.result.ttsNs;
    attempts.push_back(latest);
    EXPECT_FALSE(has(fired(job(attempts), o), "slow_start"));
    attempts.back().result.ttsNs = 10 * kMin + 1;
    EXPECT_TRUE(has(fired(job(attempts), o), "slow_start"));
    // A running attempt that has not trained yet has been starting since its start.
    attempts.back().result.firstTrainNs.reset();
    attempts.back().result.outcome = core::Outcome::Running;
    attempts.back().result.startNs = kNow - 9 * kMin;
    EXPECT_FALSE(has(fired(job(attempts), o), "slow_start"));
    attempts.back().result.startNs = kNow - 11 * kMin;
    EXPECT_TRUE(has(fired(job(attempts), o), "slow_start"));
    // Too few earlier starts of its own: the team's p90, when the team has enough.
    std::vector<core::TimelineAttempt> two(attempts.begin() + 4, attempts.end());
    EXPECT_FALSE(has(fired(job(two), o), "slow_start"));
    const TeamStarts teams { { "ads", { kMin, kMin, 2 * kMin, 2 * kMin, 3 * kMin } } };
    EXPECT_TRUE(has(fired(job(two), o, &teams), "slow_start")); // 11 min > 2 x 3 min
    EXPECT_FALSE(has(fired(job(two, "search"), o, &teams), "slow_start"));
}

TEST(Detectors, CheckpointCostIsSaveTimePerHourOfTheLastHourAgainstTheBudget)
{
    DetectorOptions o;
    o.disabled = { "hang" };
    core::TimelineAttempt a = attemptAt(0, kNow - 2 * 60 * kMin, kNow, core::Outcome::Running);
    // In the last hour: 180 s of saves (the budget): quiet; one more nanosecond fires.
    a.result.segments = {
        { kNow - 120 * kMin, kNow - 30 * kMin, core::Bucket::Productive },
        { kNow - 30 * kMin, kNow - 27 * kMin, core::Bucket::CheckpointSave },
        { kNow - 27 * kMin, kNow, core::Bucket::Productive },
        // Before the window: not counted.
        { kNow - 100 * kMin, kNow - 90 * kMin, core::Bucket::CheckpointSave },
    };
    core::JobTimeline t = job({ a });
    EXPECT_FALSE(has(fired(t, o), "checkpoint_cost"));
    t.attempts[0].result.segments[1].endNs += 1;
    EXPECT_TRUE(has(fired(t, o), "checkpoint_cost"));
    o.checkpointBudgetNsPerHour = 181 * kS;
    EXPECT_FALSE(has(fired(t, o), "checkpoint_cost"));
}

TEST(AlertTracker, FiresOnceWhileAConditionHoldsAndClearsOnlyWhatWasJudged)
{
    Alert hang;
    hang.detector = "hang";
    hang.subject = jobSubject("default", "J1");
    hang.id = "hang " + hang.subject + " 0";
    Alert other = hang;
    other.subject = jobSubject("default", "J2");
    other.id = "hang " + other.subject + " 0";
    AlertTracker tracker;
    auto c = tracker.update({ hang, other }, { hang.subject, other.subject }, false);
    EXPECT_EQ(c.fired.size(), 2u);
    c = tracker.update({ hang, other }, { hang.subject, other.subject }, false);
    EXPECT_TRUE(c.fired.empty());
    EXPECT_TRUE(c.cleared.empty());
    // J2 not judged this time: it stays open; J1 judged and quiet: cleared, once.
    c = tracker.update({}, { hang.subject }, false);
    ASSERT_EQ(c.cleared.size(), 1u);
    EXPECT_EQ(c.cleared[0].id, hang.id);
    EXPECT_EQ(tracker.open().size(), 1u);
    c = tracker.update({}, {}, true);
    EXPECT_EQ(c.cleared.size(), 1u);
    EXPECT_TRUE(tracker.open().empty());
}

// ETT% of a label over the rolling window, from the worked example (spec 7.2): at t = 37800 s the
// hour before holds 59.1667%.
class EttDrop : public testing::WorkspaceTest
{
protected:
    EttDrop()
        : WorkspaceTest("ett-drop")
    {
    }
};

TEST_F(EttDrop, FiresBelowTheThresholdOrTheBaselineByMoreThanThePoints)
{
    import(std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl", "after");
    import(std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl", "before");
    DetectorOptions o;
    o.ettWindowNs = 3600 * kS;
    const int64_t t = 37800 * kS;
    o.ettBelowPercent = 59.16;
    auto quiet = detectEttDrop(fleet(), { "after" }, t, o, {});
    ASSERT_TRUE(quiet.ok()) << quiet.error().message;
    EXPECT_TRUE(quiet->empty());
    o.ettBelowPercent = 59.17;
    auto below = detectEttDrop(fleet(), { "after" }, t, o, {});
    ASSERT_TRUE(below.ok());
    ASSERT_EQ(below->size(), 1u);
    EXPECT_NEAR((*below)[0].value, 59.1667, 1e-4);
    EXPECT_EQ((*below)[0].scope, "label after");
    EXPECT_NE((*below)[0].evidence.find("ettw summary --db ett.db --label after --from"), std::string::npos);
    // The baseline's whole-window ETT% is 90.187%: 59.17 is 31.02 points below it.
    o.ettBelowPercent.reset();
    o.baselineLabel = "before";
    o.baselineDropPoints = 31.1;
    auto near = detectEttDrop(fleet(), {}, t, o, {});
    ASSERT_TRUE(near.ok());
    EXPECT_TRUE(near->empty());
    o.baselineDropPoints = 31.0;
    auto drop = detectEttDrop(fleet(), {}, t, o, {});
    ASSERT_TRUE(drop.ok());
    ASSERT_EQ(drop->size(), 1u); // the baseline is not judged against itself
    EXPECT_EQ((*drop)[0].label, "after");
    auto unknown = detectEttDrop(fleet(), { "nope" }, t, o, {});
    EXPECT_FALSE(unknown.ok());
}

// Per team inside a label: only the team below the threshold fires, and each team is compared with
// the same team of the baseline label.
TEST_F(EttDrop, ByAnAttributeJudgesEachValueInEachLabel)
{
    auto trace = [](int adsInitS) {
        return std::string(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"A","gpus":4,"attrs":{"team":"ads"}}
{"type":"attempt","job":"A","attempt":0,"start":0,"end":3600}
{"type":"phase","job":"A","attempt":0,"phase":"init","start":0,"end":)")
            + std::to_string(adsInitS) + R"(}
{"type":"phase","job":"A","attempt":0,"phase":"train","start":)"
            + std::to_string(adsInitS) + R"(,"end":3600}
{"type":"job","job":"S","gpus":4,"attrs":{"team":"search"}}
{"type":"attempt","job":"S","attempt":0,"start":0,"end":3600}
{"type":"phase","job":"S","attempt":0,"phase":"train","start":0,"end":3600}
)";
    };
    importText("after.ett.jsonl", trace(1800), "after");
    importText("before.ett.jsonl", trace(0), "before");
    DetectorOptions o;
    o.ettWindowNs = 3600 * kS;
    o.ettGroupBy = "team";
    o.ettBelowPercent = 60;
    auto below = detectEttDrop(fleet(), { "after" }, 3600 * kS, o, {});
    ASSERT_TRUE(below.ok()) << below.error().message;
    ASSERT_EQ(below->size(), 1u);
    EXPECT_EQ((*below)[0].scope, "label after, team ads");
    EXPECT_EQ((*below)[0].value, 50.0);
    EXPECT_EQ((*below)[0].subject, "label:after/team=ads");
    EXPECT_NE((*below)[0].evidence.find("--label after --by team --from"), std::string::npos);
    o.ettBelowPercent.reset();
    o.baselineLabel = "before";
    o.baselineDropPoints = 49.9;
    auto drop = detectEttDrop(fleet(), {}, 3600 * kS, o, {});
    ASSERT_TRUE(drop.ok()) << drop.error().message;
    ASSERT_EQ(drop->size(), 1u);
    EXPECT_EQ((*drop)[0].scope, "label after, team ads");
    EXPECT_EQ((*drop)[0].threshold, 100.0 - 49.9);
    o.baselineDropPoints = 50.0;
    drop = detectEttDrop(fleet(), {}, 3600 * kS, o, {});
    ASSERT_TRUE(drop.ok());
    EXPECT_TRUE(drop->empty());
    o.ettGroupBy = "nope";
    EXPECT_FALSE(detectEttDrop(fleet(), {}, 3600 * kS, o, {}).ok());
}

} // namespace
} // namespace ett::app
