// Tests of how the console-log reader keeps its phase markers: a rank's older markers are folded
// into runs of one phase as the log goes by (core/ingest/log_internal.h), so that its memory grows
// with the phases, not the lines. The records must be those of the markers in time order, also
// when a line comes far out of order or a hang struck inside a folded run (the log is then read
// again keeping every marker). Expected figures are derived from how each log is written.
#include "core/ingest/log_internal.h"
#include "core/model/timeutil.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kMs = 1'000'000;

// ---- The runs themselves ----------------------------------------------------------------------

logs::Marker marker(int64_t ns, int64_t no, uint32_t match, std::optional<int64_t> step = std::nullopt)
{
    logs::Marker mk;
    mk.ns = ns;
    mk.no = no;
    mk.match = match & ((1U << 30) - 1);
    mk.hasStep = step.has_value();
    mk.step = step.value_or(0);
    return mk;
}

TEST(LogMarkerRuns, FoldingKeepsTheFirstMarkerAndTheStepsOfEachRun)
{
    logs::MarkerScan scan;
    logs::RankMarkers rank;
    rank.tail.push_back(marker(10, 1, 0, 1));
    rank.tail.push_back(marker(20, 2, 0, 2));
    logs::Marker save = marker(30, 3, 1);
    save.text = scan.keepText("Saving the checkpoint");
    rank.tail.push_back(save);
    logs::Marker done = marker(35, 5, 0);
    done.done = 1;
    done.text = scan.keepText("Finished saving");
    rank.tail.push_back(done);
    rank.tail.push_back(marker(33, 4, 1)); // out of order: between the save and its done line
    rank.tail.push_back(marker(40, 6, 0, 3));

    EXPECT_EQ(scan.fold(rank, 5), 3u); // train [10, 30), save [30, 35) with the line at 33, train from 35
    ASSERT_EQ(rank.runs.size(), 3u);
    EXPECT_EQ(rank.tail.size(), 1u);
    EXPECT_EQ(rank.foldedUpToNs, 35);
    const logs::MarkerRun& train = rank.runs[0];
    EXPECT_EQ(train.ns, 10);
    EXPECT_EQ(train.no, 1);
    EXPECT_TRUE(train.hasStep);
    EXPECT_EQ(train.firstStep, 1);
    EXPECT_EQ(train.lastStep, 2);
    EXPECT_EQ(train.firstStepNs, 10);
    EXPECT_EQ(train.lastStepNs, 20);
    EXPECT_EQ(rank.runs[1].ns, 30);
    EXPECT_EQ(rank.runs[1].text, "Saving the checkpoint");
    EXPECT_FALSE(rank.runs[1].hasStep);
    EXPECT_TRUE(rank.runs[2].done);
    EXPECT_EQ(rank.runs[2].text, "Finished saving");
    // The folded markers' texts are given back and taken again.
    EXPECT_EQ(scan.freeTexts.size(), 2u);
    EXPECT_EQ(scan.keepText("x"), 2u);

    // The rest continues the last run: one phase across the two folds.
    EXPECT_EQ(scan.fold(rank, 10), 0u);
    ASSERT_EQ(rank.runs.size(), 3u);
    EXPECT_TRUE(rank.tail.empty());
    EXPECT_EQ(rank.runs[2].ns, 35);
    EXPECT_EQ(rank.runs[2].firstStep, 3);
    EXPECT_EQ(rank.runs[2].lastStepNs, 40);
}

TEST(LogMarkerRuns, TheLastStepBeforeATimeIsFoundUnlessAFoldedRunHidesIt)
{
    logs::MarkerScan scan;
    logs::RankMarkers& rank = scan.markers[0];
    for (int64_t k = 1; k <= 5; ++k) {
        rank.tail.push_back(marker(k * 10, k, 0, k));
    }
    rank.tail.push_back(marker(60, 6, 1));
    rank.tail.push_back(marker(70, 7, 0, 6));
    std::optional<int64_t> found;
    EXPECT_TRUE(scan.lastStepAtOrBefore(45, found));
    EXPECT_EQ(found, 40);
    EXPECT_TRUE(scan.lastStepAtOrBefore(5, found));
    EXPECT_FALSE(found.has_value());

    scan.fold(rank, 6); // steps 1-5 in one run, the save in another; step 6 stays a marker
    EXPECT_FALSE(scan.lastStepAtOrBefore(45, found)); // step 4 was folded into the run
    EXPECT_TRUE(scan.lastStepAtOrBefore(50, found));
    EXPECT_EQ(found, 50);
    EXPECT_TRUE(scan.lastStepAtOrBefore(65, found));
    EXPECT_EQ(found, 50);
    EXPECT_TRUE(scan.lastStepAtOrBefore(75, found));
    EXPECT_EQ(found, 70);
    EXPECT_TRUE(scan.lastStepAtOrBefore(9, found));
    EXPECT_FALSE(found.has_value());
}

// ---- Whole logs -------------------------------------------------------------------------------

// A torchtitan trainer line at `ms` after 10:00:00 on 2025-03-01.
std::string titan(int64_t ms, const std::string& msg, int rank = 0)
{
    char time[32];
    std::snprintf(time, sizeof time, "%02lld:%02lld:%02lld,%03lld", static_cast<long long>(10 + ms / 3'600'000),
        static_cast<long long>(ms / 60'000 % 60), static_cast<long long>(ms / 1'000 % 60),
        static_cast<long long>(ms % 1'000));
    return "[rank" + std::to_string(rank) + "]:[titan] 2025-03-01 " + time + " - root - INFO - " + msg + "\n";
}

int64_t t(int64_t ms)
{
    return *parseRfc3339("2025-03-01T10:00:00Z") + ms * kMs;
}

const std::string kSave = "Saving the checkpoint (or staging if async is enabled).";
const std::string kSaved = "Finished saving the checkpoint (or staging if async is enabled)in 0.50 seconds.";

ImportOptions logOptions()
{
    ImportOptions o;
    o.label = "default";
    o.reader.format = TraceFormat::Log;
    return o;
}

int64_t issues(const ImportSummary& s, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        n += key.first == kind ? e.count : 0;
    }
    return n;
}

// The phases of a rank as "category start end name", in time order (times in ms after 10:00).
std::vector<std::string> phasesOf(test::Store& store, int rank)
{
    auto st = store.db().prepare("SELECT c.name, p.start_ns, p.end_ns, p.name FROM phases p JOIN phase_kinds k ON "
                                 "k.id = p.kind JOIN categories c ON c.id = k.category WHERE p.rank = ?1 ORDER BY "
                                 "p.start_ns");
    EXPECT_TRUE(st.ok());
    std::vector<std::string> out;
    if (!st.ok()) {
        return out;
    }
    st->bind(1, int64_t { rank });
    const int64_t base = t(0);
    EXPECT_TRUE(st->forEachRow([&] {
                      out.push_back(st->columnText(0) + " " + std::to_string((st->columnInt64(1) - base) / kMs) + " "
                          + std::to_string((st->columnInt64(2) - base) / kMs) + " " + st->columnText(3));
                  }).ok());
    return out;
}

// Two ranks of 30,000 steps (a second apart), rank 0 saving a checkpoint every 5,000: each rank's
// markers are folded several times over, into exactly the phases of its runs.
TEST(LogReaderFolding, ALongLogGivesThePhasesOfItsRunsOfMarkers)
{
    constexpr int64_t kSteps = 30'000;
    constexpr int64_t kEvery = 5'000;
    static_assert(kSteps > 3 * 2 * logs::MarkerScanner::kFoldMarkers);
    test::Store store;
    std::string text = titan(0, "torchtitan version: 0.1") + titan(5'000, "Training starts at step 1");
    for (int64_t k = 1; k <= kSteps; ++k) {
        const int64_t ms = 10'000 + k * 1'000;
        const std::string step = "step: " + std::to_string(k) + "  loss: 1";
        text += titan(ms, step, 0) + titan(ms, step, 1);
        if (k % kEvery == 0 && k < kSteps) {
            text += titan(ms + 200, kSave) + titan(ms + 700, kSaved);
        }
    }
    const int64_t endMs = 10'000 + (kSteps + 1) * 1'000;
    text += titan(endMs, "Training completed");
    const auto s = store.import(store.write("long.log", text), logOptions());
    EXPECT_EQ(issues(s, "time_out_of_order"), 0);

    std::vector<std::string> rank0
        = { "init 0 5000 torchtitan version: 0.1", "compile 5000 11000 Training starts at step 1" };
    for (int64_t j = 0; j < kSteps / kEvery; ++j) {
        const int64_t from = j == 0 ? 11'000 : 10'000 + j * kEvery * 1'000 + 700;
        const int64_t last = (j + 1) * kEvery;
        const int64_t to = last < kSteps ? 10'000 + last * 1'000 + 200 : endMs;
        rank0.push_back("train " + std::to_string(from) + " " + std::to_string(to) + " steps "
            + std::to_string(j * kEvery + 1) + "-" + std::to_string(last));
        if (last < kSteps) {
            rank0.push_back("checkpoint_save " + std::to_string(to) + " " + std::to_string(to + 500) + " " + kSave);
        }
    }
    EXPECT_EQ(phasesOf(store, 0), rank0);
    EXPECT_EQ(
        phasesOf(store, 1), std::vector<std::string>({ "train 11000 " + std::to_string(endMs) + " steps 1-30000" }));

    EXPECT_EQ(s.checkpoints, kSteps / kEvery - 1);
    for (int64_t j = 1; j < kSteps / kEvery; ++j) {
        const int64_t ms = 10'000 + j * kEvery * 1'000;
        EXPECT_EQ(store.count("SELECT count(*) FROM checkpoints WHERE failed = 0 AND step = "
                      + std::to_string(j * kEvery) + " AND start_ns = " + std::to_string(t(ms + 200))
                      + " AND durable_ns = " + std::to_string(t(ms + 700))),
            1)
            << j;
    }
}

// A save and its done line printed at the end of the log with the times of step 100: far before
// the markers already folded. The log is read again keeping every marker, and the save splits the
// run of steps where its time puts it; the lines out of order are counted once.
TEST(LogReaderFolding, ALineFarOutOfOrderIsPlacedByItsTime)
{
    constexpr int64_t kSteps = 20'000;
    static_assert(kSteps > 2 * logs::MarkerScanner::kFoldMarkers);
    test::Store store;
    std::string text = titan(0, "Training starts at step 1");
    for (int64_t k = 1; k <= kSteps; ++k) {
        text += titan(10'000 + k * 1'000, "step: " + std::to_string(k) + "  loss: 1");
    }
    text += titan(10'000 + 100 * 1'000 + 200, kSave) + titan(10'000 + 100 * 1'000 + 700, kSaved);
    const int64_t endMs = 10'000 + (kSteps + 1) * 1'000;
    text += titan(endMs, "Training completed");
    const auto s = store.import(store.write("late.log", text), logOptions());
    EXPECT_EQ(issues(s, "time_out_of_order"), 2);
    EXPECT_EQ(phasesOf(store, 0),
        std::vector<std::string>({ "compile 0 11000 Training starts at step 1", "train 11000 110200 steps 1-100",
            "checkpoint_save 110200 110700 " + kSave,
            "train 110700 " + std::to_string(endMs) + " steps 101-" + std::to_string(kSteps) }));
    EXPECT_EQ(s.checkpoints, 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM checkpoints WHERE step = 100 AND start_ns = "
                  + std::to_string(t(110'200)) + " AND durable_ns = " + std::to_string(t(110'700))),
        1);
}

// A hang whose watchdog line gives no duration struck at the last step line before it. Its time
// (10:02:30.5, step 140's second) lies inside a run folded long before the line is read: the log
// is read again keeping every marker, and the fault is step 140's line, not the run's edge.
TEST(LogReaderFolding, AHangInsideAFoldedRunStruckAtItsLastStepLine)
{
    constexpr int64_t kSteps = 20'000;
    test::Store store;
    std::string text = titan(0, "Training starts at step 1");
    for (int64_t k = 1; k <= kSteps; ++k) {
        text += titan(10'000 + k * 1'000, "step: " + std::to_string(k) + "  loss: 1");
    }
    text += "E0301 10:02:30.500000 1 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE)\n";
    store.import(store.write("hung.log", text), logOptions());
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts WHERE cause = 'unknown.nccl_timeout' AND symptom = 'hang' "
                          "AND interrupted_at_ns = "
                  + std::to_string(t(150'000))),
        1);
}

} // namespace
} // namespace ett::core
