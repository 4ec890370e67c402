// Tests of the preset log-megatron (console logs of Megatron-LM runs, read by the log reader): a
// run that hangs in an NCCL collective after a checkpoint save, and its restart that loads the
// checkpoint and completes. Line formats as megatron/training/training.py and checkpointing.py
// print them (training_log, save_checkpoint, load_checkpoint, print_datetime).
#include "core/ingest/formats.h"
#include "core/ingest/mapping.h"
#include "core/model/timeutil.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kMs = 1'000'000;
constexpr int64_t kS = 1'000'000'000;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

int64_t at(const std::string& hms)
{
    return *parseRfc3339("2026-08-22T" + hms + "Z");
}

// print_datetime: "[<what>] datetime: 2026-08-22 HH:MM:SS.ffffff "
std::string stamp(const std::string& what, const std::string& hms)
{
    return "[" + what + "] datetime: 2026-08-22 " + hms + ".000000 \n";
}

// training_log: " [ts] iteration N/ T | consumed samples: ... |"; hms with its fraction.
std::string iteration(const std::string& hms, int n)
{
    char buf[512];
    std::snprintf(buf, sizeof buf,
        " [2026-08-22 %s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): "
        "6000.0 | learning rate: 1.000000E-04 | global batch size:    64 | lm loss: 5.000000E+00 | loss scale: 1.0 | "
        "grad norm: 1.000 | number of skipped iterations:   0 | number of nan iterations:   0 |\n",
        hms.c_str(), n, 100, n * 64);
    return buf;
}

ImportOptions megatronOptions(const std::string& rules, int attempt)
{
    ImportOptions o;
    o.reader.format = TraceFormat::Log;
    o.reader.mappingPath = rules;
    o.reader.job = "gpt";
    o.reader.attempt = attempt;
    return o;
}

TEST(LogMegatron, HangAfterASaveThenARestartFromTheCheckpoint)
{
    test::Store s;
    auto preset = Mapping::presetText("log-megatron");
    ASSERT_TRUE(preset.ok());
    const std::string rules = s.write("megatron.json", *preset);

    // Attempt 0: init 10:00:00-10:00:50 (process group 10 s, model and optimizer 30 s, data 10 s);
    // train from 10:00:50; a save at iteration 20, 10:02:50.5-10:03:00.5 (a checkpoint: start
    // 10:02:50.5); iteration 30 at 10:04:00.5; rank 3's NCCL watchdog at 10:10:00 says the
    // collective ran 300051 ms: the hang began at 10:04:59.949 (f, symptom hang).
    std::string first = stamp("after in-job setup and before initialize_megatron", "10:00:00")
        + stamp("after megatron is initialized", "10:00:10")
        + stamp("after model, optimizer, and learning rate scheduler are built", "10:00:40")
        + stamp("after dataloaders are built", "10:00:50") + iteration("10:01:50.000000", 10)
        + iteration("10:02:50.000000", 20)
        + "[2026-08-22 10:02:50.500000] saving checkpoint at iteration      20 to /ckpt in torch_dist format\n"
        + "  [2026-08-22 10:03:00.500000] successfully saved checkpoint from iteration      20 to /ckpt [ t 1/1, "
          "gtp_remat 1/1, p 1/1 ]\n"
        + iteration("10:04:00.500000", 30)
        + "[rank3]:[E822 10:10:00.000000000 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective "
          "operation timeout: WorkNCCL(SeqNum=900, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=300000) ran "
          "for 300051 milliseconds before timing out.\n";
    // Attempt 1: 10:15:00; the load lines carry no time (inside model building, 10:15:10-10:15:40);
    // train from 10:15:50; 'after training is done' at 10:18:00: completed.
    std::string second = stamp("after in-job setup and before initialize_megatron", "10:15:00")
        + stamp("after megatron is initialized", "10:15:10")
        + " loading distributed checkpoint from /ckpt at iteration 20\n"
        + "  successfully loaded checkpoint from /ckpt [ t 1/1, gtp_remat 1/1, p 1/1 ] at iteration 20\n"
        + stamp("after model, optimizer, and learning rate scheduler are built", "10:15:40")
        + stamp("after dataloaders are built", "10:15:50") + iteration("10:16:50.000000", 30)
        + iteration("10:17:50.000000", 40) + stamp("after training is done", "10:18:00");
    const std::string firstFile = s.write("run1-gpt.log", first);
    auto detected = detectFormat(firstFile);
    ASSERT_TRUE(detected.ok());
    EXPECT_EQ(*detected, TraceFormat::Log) << "--format auto reads a Megatron log as a console log";
    s.import(firstFile, megatronOptions(rules, 0));
    s.import(s.write("run2-gpt.log", second), megatronOptions(rules, 1));

    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const JobResult& r = jobs[0].result;
    ASSERT_EQ(r.attempts.size(), 2u);
    EXPECT_EQ(r.attempts[0].startNs, at("10:00:00"));
    EXPECT_EQ(r.attempts[0].endNs, at("10:10:00"));
    EXPECT_EQ(r.attempts[0].outcome, Outcome::Failed);
    EXPECT_EQ(jobs[0].attemptInfo[0].cause, "unknown.nccl_timeout");
    EXPECT_EQ(jobs[0].attemptInfo[0].symptom, "hang");
    EXPECT_EQ(r.attempts[0].faultNs, at("10:04:59.949"));
    EXPECT_EQ(r.attempts[1].outcome, Outcome::Completed);
    EXPECT_EQ(s.count("SELECT COUNT(*) FROM checkpoints"), 1);
    EXPECT_EQ(s.count("SELECT step FROM checkpoints"), 20);
    EXPECT_EQ(s.count("SELECT durable_ns FROM checkpoints"), at("10:03:00.5"));

    // Hand-worked: E2E 10:00:00-10:18:00 = 1080 s. Init 50 + 50; checkpoint_save 10; productive
    // [10:00:50, 10:02:50.5) 120.5 + [10:15:50, 10:18:00) 130 = 250.5; lost progress from the
    // save's start to f less the save: [10:03:00.5, 10:04:59.949) = 119.449; recovery: f to the
    // attempt's end 300.051 + the gap 300 = 600.051.
    EXPECT_EQ(r.e2eNs(), 1080 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Init)], 100 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::CheckpointSave)], 10 * kS);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Productive)], 250'500 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::LostProgress)], 119'449 * kMs);
    EXPECT_EQ(r.bucketsNs[idx(Bucket::Recovery)], 600'051 * kMs);
    EXPECT_EQ(r.failures, 1);
    ASSERT_TRUE(r.attempts[0].ttrNs);
    EXPECT_EQ(*r.attempts[0].ttrNs, at("10:15:50") - at("10:04:59.949"));
}

} // namespace
} // namespace ett::core
