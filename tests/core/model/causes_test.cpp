// The causes table against figures derived by hand: counts, shares, lost GPU-time, mean Time to
// Recover, the spec 5.4 split and the symptom split, per class and per finer cause.
#include "core/model/causes.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

constexpr int64_t kS = 1'000'000'000;

InterruptionFacts fact(
    std::string cause, Outcome outcome, Symptom symptom, int64_t gpus, int64_t lostS, std::optional<int64_t> ttrS)
{
    InterruptionFacts f;
    f.cause = std::move(cause);
    f.outcome = outcome;
    f.symptom = symptom;
    f.gpus = gpus;
    f.lostProgressNs = lostS * kS;
    f.ttrNs = ttrS ? std::optional<int64_t>(*ttrS * kS) : std::nullopt;
    return f;
}

// Six interruptions and a completed attempt (which counts nothing):
//   infra.gpu.hbm         failed     explicit  8 GPUs  lost 1200 s  TTR 1200 s -> (1200+1200) x 8 = 19200 GPU-s
//   infra.gpu.hbm         failed     hang      4 GPUs  lost    0 s  TTR  600 s -> 2400 GPU-s
//   infra.network.switch  failed     -         2 GPUs  lost  300 s  no TTR     -> 600 GPU-s
//   unknown.nccl_timeout  failed     hang     16 GPUs  lost  100 s  TTR  900 s -> 16000 GPU-s
//   (none)                preempted  -         1 GPU   lost   50 s  TTR   10 s -> 60 GPU-s
//   user.bad_config       failed     explicit  8 GPUs  lost    0 s  TTR    3 s -> 24 GPU-s
std::vector<InterruptionFacts> sample()
{
    return {
        fact("infra.gpu.hbm", Outcome::Failed, Symptom::Explicit, 8, 1200, 1200),
        fact("infra.gpu.hbm", Outcome::Failed, Symptom::Hang, 4, 0, 600),
        fact("infra.network.switch", Outcome::Failed, Symptom::None, 2, 300, std::nullopt),
        fact("unknown.nccl_timeout", Outcome::Failed, Symptom::Hang, 16, 100, 900),
        fact("", Outcome::Preempted, Symptom::None, 1, 50, 10),
        fact("user.bad_config", Outcome::Failed, Symptom::Explicit, 8, 0, 3),
        fact("infra.gpu.hbm", Outcome::Completed, Symptom::Explicit, 8, 0, std::nullopt),
    };
}

TEST(CausesTable, TotalsMatchTheHandSums)
{
    const CausesTable t = causesTable(sample());
    EXPECT_EQ(t.total.count, 6);
    EXPECT_EQ(t.total.failures, 4); // infra x3 and unknown
    EXPECT_EQ(t.total.preemptions, 1);
    EXPECT_EQ(t.total.otherInterruptions, 1); // user
    EXPECT_EQ(t.total.lostGpuNs, Wide { 19200 + 2400 + 600 + 16000 + 60 + 24 } * kS);
    EXPECT_EQ(t.total.lostProgressGpuNs, Wide { 1200 * 8 + 300 * 2 + 100 * 16 + 50 } * kS);
    EXPECT_EQ(t.total.ttrCount, 5);
    EXPECT_EQ(t.total.ttrUndefined(), 1);
    EXPECT_EQ(t.total.ttrSumNs, Wide { 1200 + 600 + 900 + 10 + 3 } * kS);
    EXPECT_EQ(t.total.meanTtrNs(), (2713 * kS + 2) / 5); // 542.6 s exactly
    EXPECT_EQ(t.total.bySymptom[static_cast<size_t>(Symptom::Explicit)], 2);
    EXPECT_EQ(t.total.bySymptom[static_cast<size_t>(Symptom::Hang)], 2);
    EXPECT_EQ(t.total.bySymptom[static_cast<size_t>(Symptom::None)], 2);
    EXPECT_EQ(t.total.bySymptom[static_cast<size_t>(Symptom::Numeric)], 0);
}

TEST(CausesTable, ClassesAndFinerCausesMostFirstThenByName)
{
    const CausesTable t = causesTable(sample());
    ASSERT_EQ(t.classes.size(), 4u);
    EXPECT_EQ(t.classes[0].causeClass, "infra");
    EXPECT_EQ(t.classes[1].causeClass, ""); // one each: "" < "unknown" < "user"
    EXPECT_EQ(t.classes[2].causeClass, "unknown");
    EXPECT_EQ(t.classes[3].causeClass, "user");

    const CauseClassRow& infra = t.classes[0];
    EXPECT_EQ(infra.figures.count, 3);
    EXPECT_DOUBLE_EQ(*infra.figures.shareOf(t.total.count), 0.5);
    EXPECT_EQ(infra.figures.failures, 3);
    EXPECT_EQ(infra.figures.lostGpuNs, Wide { 19200 + 2400 + 600 } * kS);
    EXPECT_EQ(infra.figures.meanTtrNs(), 900 * kS); // (1200 + 600) / 2; the switch has none
    EXPECT_EQ(infra.figures.ttrUndefined(), 1);
    EXPECT_EQ(infra.figures.bySymptom[static_cast<size_t>(Symptom::Explicit)], 1);
    EXPECT_EQ(infra.figures.bySymptom[static_cast<size_t>(Symptom::Hang)], 1);
    EXPECT_EQ(infra.figures.bySymptom[static_cast<size_t>(Symptom::None)], 1);
    ASSERT_EQ(infra.causes.size(), 2u);
    EXPECT_EQ(infra.causes[0].cause, "infra.gpu.hbm");
    EXPECT_EQ(infra.causes[0].figures.count, 2);
    EXPECT_EQ(infra.causes[0].figures.lostGpuNs, Wide { 21600 } * kS);
    EXPECT_EQ(infra.causes[0].figures.meanTtrNs(), 900 * kS);
    EXPECT_EQ(infra.causes[1].cause, "infra.network.switch");
    EXPECT_EQ(infra.causes[1].figures.meanTtrNs(), std::nullopt);
    EXPECT_EQ(infra.causes[1].figures.lostGpuNs, Wide { 600 } * kS);

    const CauseClassRow& none = t.classes[1];
    EXPECT_EQ(none.figures.preemptions, 1); // a preempted attempt without a cause is a preemption
    EXPECT_EQ(none.figures.failures, 0);
    EXPECT_EQ(t.classes[3].figures.otherInterruptions, 1);
    EXPECT_NEAR(*t.classes[3].figures.shareOf(t.total.count), 1.0 / 6.0, 1e-15);
}

TEST(CausesTable, AClassIsTheSumOfItsCauses)
{
    const CausesTable t = causesTable(sample());
    for (const auto& c : t.classes) {
        int64_t count = 0;
        Wide lost = 0;
        for (const auto& r : c.causes) {
            count += r.figures.count;
            lost += r.figures.lostGpuNs;
            EXPECT_EQ(causeClass(r.cause), c.causeClass);
        }
        EXPECT_EQ(count, c.figures.count);
        EXPECT_EQ(lost, c.figures.lostGpuNs);
    }
}

TEST(CausesTable, MeanTimeToRecoverRoundsToTheNearestNanosecond)
{
    CauseFigures f;
    f.ttrCount = 2;
    f.ttrSumNs = 3; // 1.5 ns
    EXPECT_EQ(f.meanTtrNs(), 2);
    f.ttrSumNs = 5;
    f.ttrCount = 3; // 1.67 ns
    EXPECT_EQ(f.meanTtrNs(), 2);
    f.ttrSumNs = 4; // 1.33 ns
    EXPECT_EQ(f.meanTtrNs(), 1);
    f.ttrCount = 0;
    EXPECT_EQ(f.meanTtrNs(), std::nullopt);
}

TEST(CausesTable, NoInterruptionsGiveAnEmptyTable)
{
    const CausesTable t = causesTable({ fact("infra.x", Outcome::Completed, Symptom::None, 1, 0, std::nullopt) });
    EXPECT_EQ(t.total.count, 0);
    EXPECT_TRUE(t.classes.empty());
    EXPECT_EQ(t.total.shareOf(0), std::nullopt);
}

} // namespace
} // namespace ett::core
