#include "core/model/advisor.h"

#include "core/model/checkpoint_model.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ett::core {

namespace {

constexpr double kNsPerS = 1e9;

size_t bucketIndex(Bucket b)
{
    return static_cast<size_t>(b);
}

double seconds(Wide ns)
{
    return static_cast<double>(ns) / kNsPerS;
}

// The attempt (index into the columns) of job j whose window [start, end) holds t; -1 if none.
int64_t attemptHolding(const FleetColumns& c, size_t j, int64_t t)
{
    for (int64_t a = c.jobAttemptBegin[j]; a < c.jobAttemptBegin[j + 1]; ++a) {
        const auto i = static_cast<size_t>(a);
        if (t >= c.attemptStartNs[i] && t < c.attemptEndNs[i]) {
            return a;
        }
    }
    return -1;
}

JobCheckpointSample measureJob(const FleetColumns& c, const Attribution& at, int32_t job)
{
    JobCheckpointSample s;
    s.job = job;
    const auto j = static_cast<size_t>(job);
    const int64_t jobGpus = c.jobGpus[j];
    const int64_t firstAttempt = c.jobAttemptBegin[j];
    const int64_t lastAttempt = c.jobAttemptBegin[j + 1];
    s.noCheckpointData = c.jobCheckpointBegin[j] == c.jobCheckpointBegin[j + 1];

    for (int64_t ai = firstAttempt; ai < lastAttempt; ++ai) {
        const auto a = static_cast<size_t>(ai);
        const int64_t gpus = c.attemptGpus[a];
        const int64_t* buckets = &at.attemptBucketsNs[a * kBucketCount];
        const int64_t loop = buckets[bucketIndex(Bucket::Productive)] + buckets[bucketIndex(Bucket::LostProgress)]
            + buckets[bucketIndex(Bucket::CheckpointSave)];
        s.loopNs += loop;
        s.loopGpuNs += static_cast<Wide>(loop) * gpus;
        const int64_t length = c.attemptEndNs[a] - c.attemptStartNs[a];
        s.e2eNs += length + at.attemptGapAfterNs[a];
        s.e2eGpuNs += static_cast<Wide>(length) * gpus + static_cast<Wide>(at.attemptGapAfterNs[a]) * jobGpus;

        // An interruption of the loop: the attempt had trained before its fault.
        const auto outcome = static_cast<Outcome>(c.attemptOutcome[a]);
        const int64_t firstTrain = at.attemptFirstTrainNs[a];
        if (isInterrupted(outcome) && firstTrain != kNoTime && firstTrain < c.attemptFaultNs[a]) {
            ++s.interruptions;
            if (!s.noCheckpointData) {
                ++s.lostInterruptions;
                s.lostNs += buckets[bucketIndex(Bucket::LostProgress)];
            }
        }

        // Each checkpoint_save segment is one save (segments are maximal runs of one bucket).
        for (int64_t si = at.attemptSegmentBegin[a]; si < at.attemptSegmentBegin[a + 1]; ++si) {
            const auto k = static_cast<size_t>(si);
            if (static_cast<Bucket>(at.segmentBucket[k]) == Bucket::CheckpointSave) {
                s.savesNs.push_back(at.segmentEndNs[k] - at.segmentStartNs[k]);
            }
        }
    }

    // Durable checkpoints by start; consecutive ones taken in the same attempt give an interval.
    std::vector<std::pair<int64_t, int64_t>> durable; // start, attempt
    for (int64_t ci = c.jobCheckpointBegin[j]; ci < c.jobCheckpointBegin[j + 1]; ++ci) {
        const auto k = static_cast<size_t>(ci);
        if (c.checkpointFailed[k]) {
            continue;
        }
        durable.emplace_back(c.checkpointStartNs[k], attemptHolding(c, j, c.checkpointStartNs[k]));
    }
    std::sort(durable.begin(), durable.end());
    for (size_t k = 1; k < durable.size(); ++k) {
        const auto& [prevStart, prevAttempt] = durable[k - 1];
        const auto& [start, attempt] = durable[k];
        if (attempt >= 0 && attempt == prevAttempt && start > prevStart) {
            s.intervalsNs.push_back(start - prevStart);
        }
    }
    return s;
}

std::string formatS(double s)
{
    std::ostringstream out;
    out.precision(4);
    out << s << " s";
    return out.str();
}

} // namespace

std::vector<JobCheckpointSample> measureCheckpoints(
    const FleetColumns& columns, const Attribution& attribution, const std::vector<int32_t>& jobs)
{
    if (!columns.checkpointsLoaded) {
        throw std::logic_error("checkpoint measures need the checkpoints, which this load leaves out");
    }
    std::vector<JobCheckpointSample> out;
    out.reserve(jobs.size());
    for (int32_t j : jobs) {
        out.push_back(measureJob(columns, attribution, j));
    }
    return out;
}

void takeOutExcluded(
    JobCheckpointSample& sample, const SparseBucketWides& excludedNs, const SparseBucketWides& excludedGpuNs)
{
    for (const Bucket b : { Bucket::Productive, Bucket::LostProgress, Bucket::CheckpointSave }) {
        sample.loopNs -= excludedNs[bucketIndex(b)];
        sample.loopGpuNs -= excludedGpuNs[bucketIndex(b)];
    }
    for (size_t b = 0; b < kBucketCount; ++b) {
        sample.e2eNs -= excludedNs[b];
        sample.e2eGpuNs -= excludedGpuNs[b];
    }
    const Wide lostOut = excludedNs[bucketIndex(Bucket::LostProgress)];
    if (!sample.noCheckpointData && lostOut != 0) {
        sample.lostNs -= lostOut;
        sample.lostExcluded = true;
    }
}

CheckpointMeasure poolCheckpoints(const std::vector<const JobCheckpointSample*>& samples)
{
    CheckpointMeasure m;
    std::vector<int64_t> saves;
    std::vector<int64_t> intervals;
    for (const auto* s : samples) {
        ++m.jobs;
        m.loopNs += s->loopNs;
        m.loopGpuNs += s->loopGpuNs;
        m.e2eNs += s->e2eNs;
        m.e2eGpuNs += s->e2eGpuNs;
        m.interruptions += s->interruptions;
        m.lostNs += s->lostNs;
        if (s->lostExcluded) {
            ++m.lostExcludedJobs;
        } else {
            m.lostInterruptions += s->lostInterruptions;
            m.lostKnownNs += s->lostNs;
        }
        m.noCheckpointDataJobs += s->noCheckpointData ? 1 : 0;
        saves.insert(saves.end(), s->savesNs.begin(), s->savesNs.end());
        intervals.insert(intervals.end(), s->intervalsNs.begin(), s->intervalsNs.end());
    }
    if (m.interruptions > 0 && m.loopNs > 0) {
        m.mtbiS = seconds(m.loopNs) / static_cast<double>(m.interruptions);
    }
    if (m.lostInterruptions > 0) {
        m.lostPerInterruptionS = seconds(m.lostKnownNs) / static_cast<double>(m.lostInterruptions);
    }
    m.saves = static_cast<int64_t>(saves.size());
    m.blockingP50Ns = nearestRank(saves, 50);
    m.blockingP90Ns = nearestRank(saves, 90);
    m.intervals = static_cast<int64_t>(intervals.size());
    m.intervalP50Ns = nearestRank(intervals, 50);
    return m;
}

CheckpointAdvice adviseCheckpoint(std::string name, const CheckpointMeasure& m)
{
    CheckpointAdvice a;
    a.name = std::move(name);
    a.measured = m;
    if (m.intervalP50Ns) {
        a.currentIntervalS = static_cast<double>(*m.intervalP50Ns) / kNsPerS;
    }
    if (m.blockingP50Ns) {
        a.blockingS = static_cast<double>(*m.blockingP50Ns) / kNsPerS;
    }

    std::vector<std::string> missing;
    if (!m.mtbiS) {
        missing.emplace_back("no interruptions in the train loop (the optimum is unbounded: save as rarely as "
                             "other needs allow)");
    }
    if (!a.blockingS || *a.blockingS <= 0) {
        missing.emplace_back("no blocking checkpoint_save time measured");
    }
    if (!a.currentIntervalS) {
        missing.emplace_back("fewer than two durable checkpoints in one attempt (no interval measured)");
    }

    const bool canOptimise = m.mtbiS && a.blockingS && *a.blockingS > 0;
    if (canOptimise) {
        a.youngIntervalS = youngIntervalS(*a.blockingS, *m.mtbiS);
        const auto daly = dalyInterval(*a.blockingS, *m.mtbiS);
        a.dalyIntervalS = daly.intervalS;
        a.dalyBoundary = daly.boundary;
        a.wastedOptimumPercent = 100.0 * youngWastedFraction(*a.blockingS, *m.mtbiS);
        if (a.currentIntervalS) {
            a.wastedCurrentPercent = 100.0 * wastedFraction(*a.currentIntervalS, *a.blockingS, *m.mtbiS);
            if (m.e2eGpuNs > 0) {
                const double loopShare = static_cast<double>(m.loopGpuNs) / static_cast<double>(m.e2eGpuNs);
                a.gainPp = (*a.wastedCurrentPercent - *a.wastedOptimumPercent) * loopShare;
                a.gainGpuHours = (*a.wastedCurrentPercent - *a.wastedOptimumPercent) / 100.0
                    * static_cast<double>(m.loopGpuNs) / (kNsPerS * 3600.0);
            }
        }
    }

    if (m.lostExcludedJobs > 0) {
        missing.push_back("lost progress of " + std::to_string(m.lostExcludedJobs)
            + (m.lostExcludedJobs == 1 ? " job" : " jobs")
            + " lies partly in excluded windows (left out of lost per interruption)");
    }
    std::string note;
    for (const auto& text : missing) {
        note += (note.empty() ? "" : "; ") + text;
    }
    if (a.currentIntervalS && m.lostPerInterruptionS && *a.currentIntervalS > 0) {
        a.lostRatio = *m.lostPerInterruptionS / (*a.currentIntervalS / 2.0);
    }
    if (a.lostRatio && m.jobs == 1) {
        if (*a.lostRatio > kLostHighRatio) {
            a.flags.emplace_back("lost_progress_high");
            note += (note.empty() ? "" : "; ") + std::string("lost progress per interruption ")
                + formatS(*m.lostPerInterruptionS) + " exceeds the whole interval " + formatS(*a.currentIntervalS)
                + ": checkpoints are probably not restorable when the job thinks (slow or failed uploads)";
        } else if (*a.lostRatio < kLostLowRatio && m.lostInterruptions >= kLostLowMinInterruptions) {
            a.flags.emplace_back("lost_progress_low");
            note += (note.empty() ? "" : "; ") + std::string("lost progress per interruption ")
                + formatS(*m.lostPerInterruptionS) + " is far below half the interval "
                + formatS(*a.currentIntervalS / 2.0) + ": the saves measured are probably not the ones restarts load";
        }
    }
    a.note = std::move(note);
    return a;
}

CheckpointAdvice adviseGroup(std::string name, const std::vector<const JobCheckpointSample*>& samples)
{
    CheckpointAdvice a = adviseCheckpoint(std::move(name), poolCheckpoints(samples));
    if (samples.size() == 1) {
        a.flaggedJobs = a.flags.empty() ? 0 : 1;
        return a;
    }
    int64_t high = 0;
    int64_t low = 0;
    for (const auto* s : samples) {
        const auto one = adviseCheckpoint({}, poolCheckpoints({ s }));
        for (const auto& f : one.flags) {
            (f == "lost_progress_high" ? high : low) += 1;
        }
    }
    a.flaggedJobs = high + low;
    a.flaggedHigh = high;
    a.flaggedLow = low;
    if (a.flaggedJobs > 0) {
        std::ostringstream text;
        text << a.flaggedJobs << " of " << samples.size() << " jobs flagged (";
        if (high > 0) {
            text << high << " losing more than an interval per interruption";
        }
        if (low > 0) {
            text << (high > 0 ? ", " : "") << low << " losing far less than half an interval";
        }
        text << ")";
        a.note += (a.note.empty() ? "" : "; ") + text.str();
    }
    return a;
}

} // namespace ett::core
