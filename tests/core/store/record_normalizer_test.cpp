// The record normalizer alone, without SQLite: a few records built here go through its checks,
// clipping, phase numbering and issue counting, and the rows and issues it gives are asserted.
#include "core/model/timeutil.h"
#include "core/store/record_normalizer.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {
namespace {

constexpr int64_t kT0 = 1'748'736'000'000'000'000; // 2025-06-01T00:00:00Z
constexpr int64_t kS = kNsPerSecond;

AttemptRecord attempt(int32_t number, int64_t startS, int64_t endS)
{
    AttemptRecord a;
    a.job = "J1";
    a.attempt = number;
    a.startNs = kT0 + startS * kS;
    a.endNs = kT0 + endS * kS;
    return a;
}

PhaseRecord phase(Category category, int64_t startS, int64_t endS)
{
    PhaseRecord p;
    p.job = "J1";
    p.attempt = 0;
    p.category = category;
    p.startNs = kT0 + startS * kS;
    p.endNs = kT0 + endS * kS;
    return p;
}

// A job with attempts declared at "line N", as the importer keeps it.
JobState jobWith(std::initializer_list<AttemptRecord> attempts)
{
    JobState job;
    job.key = "J1";
    job.declared = true;
    job.origin = "line 1";
    job.record.job = "J1";
    job.record.name = "llama";
    job.record.gpus = 8;
    int64_t id = 10;
    for (const auto& a : attempts) {
        AttemptState s;
        s.id = id++;
        s.record = a;
        s.origin = "line " + std::to_string(a.attempt + 2);
        RecordNormalizer::occupy(job, a);
        job.attempts.emplace(a.attempt, std::move(s));
    }
    return job;
}

int64_t issueCount(const IssueCounter& issues, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : issues.entries()) {
        if (key.first == kind) {
            n += e.count;
        }
    }
    return n;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

TEST(RecordNormalizer, ClipsAPhaseStickingOutOfItsAttemptAndCountsIt)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    const AttemptRecord a = attempt(0, 0, 100);
    auto inside = n.clipPhase(phase(Category::Train, 10, 20), a, 5);
    ASSERT_TRUE(inside);
    EXPECT_EQ(inside->startNs, kT0 + 10 * kS);
    EXPECT_EQ(inside->endNs, kT0 + 20 * kS);
    EXPECT_EQ(n.issues().total(), 0);

    auto clipped = n.clipPhase(phase(Category::Init, -5, 30), a, 6);
    ASSERT_TRUE(clipped);
    EXPECT_EQ(clipped->startNs, kT0);
    EXPECT_EQ(clipped->endNs, kT0 + 30 * kS);
    ASSERT_EQ(n.issues().entries().size(), 1u);
    const auto& [key, entry] = *n.issues().entries().begin();
    EXPECT_EQ(key.first, "phase_clipped");
    EXPECT_EQ(key.second, "init");
    EXPECT_EQ(entry.count, 1);
    EXPECT_EQ(entry.firstLine, 6);
    EXPECT_TRUE(contains(entry.example, "job J1 attempt 0")) << entry.example;
    EXPECT_TRUE(contains(entry.example, "clipped to")) << entry.example;
}

TEST(RecordNormalizer, RejectsAPhaseEntirelyOutsideItsAttempt)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    auto outside = n.clipPhase(phase(Category::Train, 200, 300), attempt(0, 0, 100), 7);
    ASSERT_FALSE(outside);
    EXPECT_TRUE(contains(outside.error().message, "a.ett.jsonl:7: phase record: field 'start'"))
        << outside.error().message;
    EXPECT_TRUE(contains(outside.error().message, "lies entirely outside attempt 0")) << outside.error().message;
    // An empty phase on the attempt's end is inside; a non-empty one starting there is not.
    EXPECT_TRUE(n.clipPhase(phase(Category::Train, 100, 100), attempt(0, 0, 100), 8));
    EXPECT_FALSE(n.clipPhase(phase(Category::Train, 100, 110), attempt(0, 0, 100), 9));
    EXPECT_EQ(n.issues().total(), 0);
}

TEST(RecordNormalizer, FindsTheAttemptAnotherOneOverlaps)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    const JobState job = jobWith({ attempt(0, 0, 100), attempt(1, 200, 300) });
    EXPECT_TRUE(n.checkNoOverlap(job, attempt(2, 100, 200), 4)) << "touching windows do not overlap";
    EXPECT_TRUE(n.checkNoOverlap(job, attempt(2, 150, 150), 4)) << "an empty window overlaps nothing";
    auto st = n.checkNoOverlap(job, attempt(2, 250, 400), 4);
    ASSERT_FALSE(st);
    EXPECT_TRUE(contains(st.error().message, "a.ett.jsonl:4: attempt record: field 'start': attempt 2"))
        << st.error().message;
    EXPECT_TRUE(contains(st.error().message, "overlaps attempt 1")) << st.error().message;
    EXPECT_TRUE(contains(st.error().message, "(line 3)")) << st.error().message;
}

TEST(RecordNormalizer, AnAttemptSeenAgainMustBeTheSame)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    const JobState job = jobWith({ attempt(0, 0, 100) });
    const AttemptState& first = job.attempts.at(0);
    EXPECT_TRUE(n.checkSameAttempt(first, attempt(0, 0, 100), 9));
    AttemptRecord other = attempt(0, 0, 100);
    other.outcome = Outcome::Failed;
    auto st = n.checkSameAttempt(first, other, 9);
    ASSERT_FALSE(st);
    EXPECT_TRUE(contains(st.error().message, "field 'outcome'")) << st.error().message;
    EXPECT_TRUE(contains(st.error().message, "an attempt number seen again must be the same attempt"));
    // A profiler window may differ: the window is widened instead of compared.
    AttemptRecord fromTrace = attempt(0, 0, 120);
    fromTrace.windowFromTrace = true;
    EXPECT_TRUE(n.checkSameAttempt(first, fromTrace, 9));
}

TEST(RecordNormalizer, WidensAProfilerWindowUnlessItWouldOverlap)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    JobState job = jobWith({ attempt(0, 0, 100), attempt(1, 200, 300) });
    AttemptState& a = job.attempts.at(0);
    auto same = n.widenAttempt(job, a, attempt(0, 10, 90), 5);
    ASSERT_TRUE(same);
    EXPECT_FALSE(*same) << "a window inside the first one changes nothing";

    auto wider = n.widenAttempt(job, a, attempt(0, -10, 150), 6);
    ASSERT_TRUE(wider);
    EXPECT_TRUE(*wider);
    EXPECT_EQ(a.record.startNs, kT0 - 10 * kS);
    EXPECT_EQ(a.record.endNs, kT0 + 150 * kS);
    EXPECT_EQ(job.busy.count({ kT0 - 10 * kS, kT0 + 150 * kS }), 1u);
    EXPECT_EQ(job.busy.count({ kT0, kT0 + 100 * kS }), 0u);

    auto overlapping = n.widenAttempt(job, a, attempt(0, 0, 250), 7);
    ASSERT_FALSE(overlapping);
    EXPECT_TRUE(contains(overlapping.error().message, "overlaps attempt 1")) << overlapping.error().message;
    EXPECT_EQ(a.record.endNs, kT0 + 150 * kS) << "nothing changes on an error";
    EXPECT_EQ(job.busy.count({ kT0 - 10 * kS, kT0 + 150 * kS }), 1u);
}

// Rank files of one attempt read from traces: the most telling outcome wins, whatever the order.
TEST(RecordNormalizer, TraceFilesOfOneAttemptMergeTheirOutcomes)
{
    auto fromTrace = [](Outcome outcome, std::optional<int64_t> faultS, Symptom symptom, const std::string& cause) {
        AttemptRecord a = attempt(0, 0, 100);
        a.windowFromTrace = true;
        a.outcome = outcome;
        a.interruptedAtNs = faultS ? std::optional<int64_t>(kT0 + *faultS * kS) : std::nullopt;
        a.symptom = symptom;
        a.cause = cause;
        a.detail = cause;
        return a;
    };
    const AttemptRecord completed = fromTrace(Outcome::Completed, std::nullopt, Symptom::None, "");
    const AttemptRecord running = fromTrace(Outcome::Running, std::nullopt, Symptom::None, "");
    const AttemptRecord stopped = fromTrace(Outcome::Failed, 40, Symptom::None, "unknown.unclosed_span");
    const AttemptRecord oomLate = fromTrace(Outcome::Failed, 60, Symptom::Explicit, "user.oom");
    const AttemptRecord xidEarly = fromTrace(Outcome::Failed, 50, Symptom::Explicit, "infra.gpu");
    // Each pair in both orders gives the second column.
    const std::vector<std::pair<AttemptRecord, AttemptRecord>> wins = {
        { completed, running }, { running, stopped },
        { stopped, oomLate }, // an explicit error over a log that stops, though later
        { oomLate, xidEarly }, // of two alike, the earlier fault
    };
    for (const auto& [weaker, stronger] : wins) {
        SCOPED_TRACE(stronger.cause + " over " + weaker.cause);
        AttemptRecord a = weaker;
        EXPECT_TRUE(RecordNormalizer::mergeTraceOutcome(a, stronger));
        EXPECT_EQ(a.outcome, stronger.outcome);
        EXPECT_EQ(a.interruptedAtNs, stronger.interruptedAtNs);
        EXPECT_EQ(a.cause, stronger.cause);
        EXPECT_EQ(a.detail, stronger.detail);
        AttemptRecord b = stronger;
        EXPECT_FALSE(RecordNormalizer::mergeTraceOutcome(b, weaker));
        EXPECT_EQ(b.cause, stronger.cause);
        EXPECT_EQ(b.interruptedAtNs, stronger.interruptedAtNs);
    }
    // Merged outcomes are not compared; the GPU count still is.
    RecordNormalizer n("a.jsonl", "default");
    JobState job = jobWith({ completed });
    job.attempts.at(0).record.windowFromTrace = true;
    EXPECT_TRUE(n.checkSameAttempt(job.attempts.at(0), oomLate, 3));
    AttemptRecord moreGpus = oomLate;
    moreGpus.gpus = 4;
    EXPECT_FALSE(n.checkSameAttempt(job.attempts.at(0), moreGpus, 3));
}

TEST(RecordNormalizer, AJobSeenAgainMustAgreeWithItsDeclaration)
{
    RecordNormalizer n("a.ett.jsonl", "before");
    const JobState job = jobWith({});
    JobRecord again = job.record;
    EXPECT_TRUE(n.checkJobAgrees(job, again, 12));
    again.gpus = 16;
    auto st = n.checkJobAgrees(job, again, 12);
    ASSERT_FALSE(st);
    EXPECT_TRUE(contains(st.error().message, "a.ett.jsonl:12: job record: job \"J1\" was already declared differently"))
        << st.error().message;
    EXPECT_TRUE(contains(st.error().message, "gpus 16 vs 8")) << st.error().message;
    EXPECT_TRUE(contains(st.error().message, "under label \"before\"")) << st.error().message;
}

TEST(RecordNormalizer, NamesAnUndeclaredAttempt)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    const Error e = n.undeclaredAttempt("checkpoint", "J9", 3, 40);
    EXPECT_EQ(e.message,
        "a.ett.jsonl:40: checkpoint record: field 'attempt': attempt 3 of job \"J9\" is declared neither in this file "
        "nor earlier under label \"default\"");
}

TEST(RecordNormalizer, CountsDerivedAndImplicitJobWarnings)
{
    RecordNormalizer n("a.ett.jsonl", "default");
    n.noteDerived(true, false, "J1");
    n.noteDerived(false, true, "J2");
    n.noteDerived(false, false, "J3");
    n.noteImplicitJob("J4");
    n.noteImplicitJob("J5");
    EXPECT_EQ(issueCount(n.issues(), "submitted_after_start"), 1);
    EXPECT_EQ(issueCount(n.issues(), "job_without_attempts"), 1);
    EXPECT_EQ(issueCount(n.issues(), "implicit_job"), 2);
    EXPECT_EQ(n.issues().total(), 4);
}

TEST(RecordNormalizer, CheckpointDurabilityAndAttemptInput)
{
    CheckpointRecord c;
    c.startNs = kT0;
    EXPECT_EQ(RecordNormalizer::durableOf(c), kT0) << "durable defaults to the start";
    c.durableNs = kT0 + 5 * kS;
    EXPECT_EQ(RecordNormalizer::durableOf(c), kT0 + 5 * kS);
    c.failed = true;
    EXPECT_EQ(RecordNormalizer::durableOf(c), std::nullopt) << "a failed checkpoint is never durable";

    AttemptRecord a = attempt(1, 0, 100);
    a.outcome = Outcome::Failed;
    const AttemptInput in = RecordNormalizer::attemptInput(a);
    EXPECT_EQ(in.number, 1);
    EXPECT_EQ(in.interruptedAtNs, a.endNs) << "interrupted_at defaults to the end";
}

TEST(RecordNormalizer, BufferedJobGetsItsDeclaredGpus)
{
    JobState job = jobWith({});
    job.buffer.attempts
        = { RecordNormalizer::attemptInput(attempt(0, 0, 10)), RecordNormalizer::attemptInput(attempt(1, 20, 30)) };
    job.bufferAttemptGpus = { std::nullopt, int64_t { 4 } };
    RecordNormalizer::finishBuffer(job);
    EXPECT_EQ(job.buffer.gpus, 8);
    EXPECT_EQ(job.buffer.attempts[0].gpus, 8) << "an attempt without gpus runs on the job's";
    EXPECT_EQ(job.buffer.attempts[1].gpus, 4);
    job.record.gpus.reset();
    RecordNormalizer::finishBuffer(job);
    EXPECT_EQ(job.buffer.gpus, 1) << "a job without gpus counts 1";
}

TEST(PhaseNumbering, NumbersRowsAndGroupsRunsPerAttempt)
{
    PhaseNumbering ids;
    ids.start(101);
    std::optional<PhaseRun> closed;
    EXPECT_EQ(ids.next(7, closed), 101);
    EXPECT_FALSE(closed);
    EXPECT_EQ(ids.next(7, closed), 102);
    EXPECT_FALSE(closed);
    EXPECT_EQ(ids.next(8, closed), 103);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->attemptId, 7);
    EXPECT_EQ(closed->firstId, 101);
    EXPECT_EQ(closed->lastId, 102);
    auto last = ids.close();
    ASSERT_TRUE(last);
    EXPECT_EQ(last->attemptId, 8);
    EXPECT_EQ(last->firstId, 103);
    EXPECT_EQ(last->lastId, 103);
    EXPECT_FALSE(ids.close()) << "no run is open after close()";
    EXPECT_EQ(ids.firstId(), 101);
    EXPECT_EQ(ids.nextId(), 104);
}

} // namespace
} // namespace ett::core
