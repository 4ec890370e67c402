#include "core/model/accounting.h"

#include <algorithm>
#include <array>

namespace ett::core {

namespace {

struct Event
{
    int64_t timeNs;
    int delta; // +1 phase starts, -1 phase ends
    Category category;
};

// Appends [start, end) with the bucket, merging with the previous run of the same bucket.
void appendRun(std::vector<Segment>& out, int64_t startNs, int64_t endNs, Bucket bucket)
{
    if (endNs <= startNs) {
        return;
    }
    if (!out.empty() && out.back().bucket == bucket && out.back().endNs == startNs) {
        out.back().endNs = endNs;
        return;
    }
    out.push_back({ startNs, endNs, bucket });
}

} // namespace

std::optional<int64_t> lostProgressStart(
    const std::vector<CheckpointMark>& checkpoints, int64_t attemptStartNs, int64_t faultNs)
{
    if (checkpoints.empty()) {
        return std::nullopt;
    }
    // s = the largest checkpoint start whose durable time is <= f (checkpoints of earlier attempts
    // count). Without one, everything trained in this attempt before f is lost.
    std::optional<int64_t> saved;
    for (const auto& c : checkpoints) {
        if (!c.failed && c.durableNs <= faultNs && (!saved || c.startNs > *saved)) {
            saved = c.startNs;
        }
    }
    return saved ? std::max(*saved, attemptStartNs) : attemptStartNs;
}

AttemptResult attributeAttempt(const AttemptInput& a, std::optional<int64_t> lostFromNs, bool keepSegments)
{
    AttemptResult r;
    r.number = a.number;
    r.startNs = a.startNs;
    r.endNs = a.endNs;
    r.gpus = a.gpus;
    r.outcome = a.outcome;
    r.interruption = a.interruption;

    const bool interrupted = isInterrupted(a.outcome);
    // 1. Phases decide the window up to the fault instant; after it everything is recovery.
    const int64_t phaseEndNs = interrupted ? std::clamp(a.interruptedAtNs, a.startNs, a.endNs) : a.endNs;
    if (interrupted) {
        r.faultNs = phaseEndNs;
    }

    // 2. Phase starts and ends as events, clipped to [start, phaseEnd). Background never takes
    //    time; zero-length phases never cover an instant.
    std::vector<Event> events;
    events.reserve(a.phases.size() * 2);
    for (const auto& p : a.phases) {
        if (categoryPriority(p.category) < 0) {
            continue;
        }
        const int64_t s = std::max(p.startNs, a.startNs);
        const int64_t e = std::min(p.endNs, phaseEndNs);
        if (e <= s) {
            continue;
        }
        events.push_back({ s, +1, p.category });
        events.push_back({ e, -1, p.category });
    }
    std::sort(events.begin(), events.end(), [](const Event& x, const Event& y) { return x.timeNs < y.timeNs; });

    // 3. Sweep: between consecutive boundaries the set of active categories is constant; the
    //    highest-priority active one wins (the count per category is the union over ranks).
    std::array<int, kCategoryCount> active {};
    std::vector<Segment> runs;
    size_t next = 0;
    int64_t cur = a.startNs;
    while (cur < phaseEndNs) {
        while (next < events.size() && events[next].timeNs <= cur) {
            active[static_cast<size_t>(events[next].category)] += events[next].delta;
            ++next;
        }
        int64_t until = phaseEndNs;
        if (next < events.size()) {
            until = std::min(until, events[next].timeNs);
        }
        if (lostFromNs && *lostFromNs > cur && *lostFromNs < until) {
            until = *lostFromNs;
        }
        int best = -1;
        Category winner = Category::Train;
        for (int c = 0; c < kCategoryCount; ++c) {
            const auto cat = static_cast<Category>(c);
            if (active[static_cast<size_t>(c)] > 0 && categoryPriority(cat) > best) {
                best = categoryPriority(cat);
                winner = cat;
            }
        }
        Bucket bucket = Bucket::Idle;
        if (best >= 0) {
            bucket = *bucketOfCategory(winner);
            // 4. Train time inside [lostFrom, f) of an interrupted attempt is lost progress.
            if (bucket == Bucket::Productive && interrupted && lostFromNs && cur >= *lostFromNs) {
                bucket = Bucket::LostProgress;
            }
        }
        appendRun(runs, cur, until, bucket);
        cur = until;
    }
    appendRun(runs, phaseEndNs, a.endNs, Bucket::Recovery);

    // 5. Totals, Time to Start and the first training instant.
    for (const auto& s : runs) {
        r.bucketsNs[static_cast<size_t>(s.bucket)] += s.endNs - s.startNs;
        if (!r.firstTrainNs && (s.bucket == Bucket::Productive || s.bucket == Bucket::LostProgress)) {
            r.firstTrainNs = s.startNs;
        }
    }
    r.ttsNs = (r.firstTrainNs ? *r.firstTrainNs : a.endNs) - a.startNs;
    if (keepSegments) {
        r.segments = std::move(runs);
    }
    return r;
}

JobResult attributeJob(const JobInput& job, bool keepSegments)
{
    JobResult out;
    if (job.attempts.empty()) {
        out.noCheckpointData = job.checkpoints.empty();
        return out;
    }
    std::vector<const AttemptInput*> order;
    order.reserve(job.attempts.size());
    for (const auto& a : job.attempts) {
        order.push_back(&a);
    }
    std::sort(order.begin(), order.end(), [](const AttemptInput* x, const AttemptInput* y) {
        return x->startNs != y->startNs ? x->startNs < y->startNs : x->number < y->number;
    });

    out.noCheckpointData = job.checkpoints.empty();
    out.attempts.reserve(order.size());
    for (const AttemptInput* a : order) {
        std::optional<int64_t> lostFrom;
        if (isInterrupted(a->outcome)) {
            const int64_t f = std::clamp(a->interruptedAtNs, a->startNs, a->endNs);
            lostFrom = lostProgressStart(job.checkpoints, a->startNs, f);
        }
        out.attempts.push_back(attributeAttempt(*a, lostFrom, keepSegments));
    }

    // Spec 5.1: the window runs from the first start to the last end; gaps are recovery.
    out.windowStartNs = out.attempts.front().startNs;
    out.windowEndNs = out.attempts.back().endNs;
    if (job.submittedNs && *job.submittedNs < out.windowStartNs) {
        out.queueBeforeNs = out.windowStartNs - *job.submittedNs;
    }
    for (size_t i = 0; i < out.attempts.size(); ++i) {
        auto& a = out.attempts[i];
        if (i + 1 < out.attempts.size()) {
            a.gapAfterNs = std::max<int64_t>(0, out.attempts[i + 1].startNs - a.endNs);
        }
        for (int b = 0; b < kBucketCount; ++b) {
            out.bucketsNs[static_cast<size_t>(b)] += a.bucketsNs[static_cast<size_t>(b)];
        }
        out.bucketsNs[static_cast<size_t>(Bucket::Recovery)] += a.gapAfterNs;
        switch (a.interruption) {
        case Interruption::Failure:
            ++out.failures;
            break;
        case Interruption::Preemption:
            ++out.preemptions;
            break;
        case Interruption::Other:
            ++out.otherInterruptions;
            break;
        case Interruption::None:
            break;
        }
        // Spec 5.4: Time to Recover runs from f to the first training instant of any later attempt.
        if (a.faultNs) {
            for (size_t j = i + 1; j < out.attempts.size(); ++j) {
                if (out.attempts[j].firstTrainNs) {
                    a.ttrNs = *out.attempts[j].firstTrainNs - *a.faultNs;
                    break;
                }
            }
        }
    }
    out.ttsNs = out.attempts.front().ttsNs;
    return out;
}

std::optional<TtrSplit> ttrSplitOf(const std::vector<AttemptResult>& attempts, size_t i)
{
    const AttemptResult& a = attempts[i];
    if (!a.ttrNs || !a.faultNs || i + 1 >= attempts.size()) {
        return std::nullopt;
    }
    return splitTtr(*a.faultNs, a.endNs, attempts[i + 1].startNs, *a.ttrNs);
}

} // namespace ett::core
