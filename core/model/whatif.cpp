// What-if projections (see whatif.h).
//
// Design note: a projection copies the cohort's per-attempt bucket totals and gaps (attempts x 13
// integers), lets each change remove time from them in place, and sums what every change removed
// per bucket. Productive time never changes, so the projected ETT% is P / (E - removed) and the
// bridge from today is exact: step i moves ETT by P D_i / (E E'), and the steps sum to P/E' - P/E.
// Those products need up to 254 bits (GPU-nanoseconds squared, times 1e14), hence the small
// unsigned 256-bit arithmetic below; it runs once per step, never per attempt.
#include "core/model/whatif.h"

#include "core/model/checkpoint_model.h"
#include "core/model/compare.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace ett::core {

namespace {

constexpr size_t kB = kBucketCount;
constexpr auto kProductive = static_cast<size_t>(Bucket::Productive);
constexpr auto kRecovery = static_cast<size_t>(Bucket::Recovery);
constexpr auto kLost = static_cast<size_t>(Bucket::LostProgress);
constexpr auto kSave = static_cast<size_t>(Bucket::CheckpointSave);
// The start-up of the attempt after an interruption: what the restart costs before training.
constexpr Bucket kStartup[] = { Bucket::Queue, Bucket::Setup, Bucket::Init, Bucket::CheckpointLoad, Bucket::Compile };

constexpr double kMaxScale = kMaxWhatIfScale;
constexpr double kMaxSetS = kMaxWhatIfSetS;

std::string numberText(double v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

// v x scale, rounded to the nearest nanosecond (halves away from zero).
int64_t scaleNs(int64_t v, double scale)
{
    return static_cast<int64_t>(std::llroundl(static_cast<long double>(v) * static_cast<long double>(scale)));
}

int64_t secondsToNs(double s)
{
    return static_cast<int64_t>(std::llroundl(static_cast<long double>(s) * kNsPerSecond));
}

// --- unsigned 256-bit integers, just enough for exact quotients of products -------------------

__extension__ typedef unsigned __int128 U128;

struct U256
{
    U128 hi = 0;
    U128 lo = 0;

    friend bool operator<(const U256& x, const U256& y) { return x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo); }
    bool isZero() const { return hi == 0 && lo == 0; }
};

U256 mul(U128 a, U128 b)
{
    const auto a0 = static_cast<uint64_t>(a);
    const auto a1 = static_cast<uint64_t>(a >> 64);
    const auto b0 = static_cast<uint64_t>(b);
    const auto b1 = static_cast<uint64_t>(b >> 64);
    const U128 p00 = static_cast<U128>(a0) * b0;
    const U128 p01 = static_cast<U128>(a0) * b1;
    const U128 p10 = static_cast<U128>(a1) * b0;
    const U128 p11 = static_cast<U128>(a1) * b1;
    // The middle column: at most 3 x (2^64 - 1), no overflow.
    const U128 mid = (p00 >> 64) + static_cast<uint64_t>(p01) + static_cast<uint64_t>(p10);
    U256 r;
    r.lo = (mid << 64) | static_cast<uint64_t>(p00);
    r.hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    return r;
}

U256 sub(const U256& x, const U256& y)
{
    U256 r;
    r.lo = x.lo - y.lo;
    r.hi = x.hi - y.hi - (x.lo < y.lo ? 1 : 0);
    return r;
}

// Quotient and remainder, bit by bit (256 steps). Needs d < 2^255 and d > 0.
std::pair<U256, U256> divmod(const U256& n, const U256& d)
{
    U256 q;
    U256 r;
    for (int i = 255; i >= 0; --i) {
        r.hi = (r.hi << 1) | (r.lo >> 127);
        r.lo <<= 1;
        const U128 bit = i >= 128 ? (n.hi >> (i - 128)) & 1 : (n.lo >> i) & 1;
        r.lo |= bit;
        if (!(r < d)) {
            r = sub(r, d);
            if (i >= 128) {
                q.hi |= U128 { 1 } << (i - 128);
            } else {
                q.lo |= U128 { 1 } << i;
            }
        }
    }
    return { q, r };
}

// --- the bridge ---------------------------------------------------------------------------------

struct PicoBridge
{
    std::optional<int64_t> today;
    std::optional<int64_t> projected;
    std::vector<int64_t> steps;
};

// num / den in units of 1e-12 pp (num x 1e14 / den), rounded to nearest; 0 <= num <= den.
int64_t roundedPico(Wide num, Wide den)
{
    const U128 n = static_cast<U128>(num) * static_cast<U128>(kPicoPercent);
    const U128 d = static_cast<U128>(den);
    return static_cast<int64_t>((2 * n + d) / (2 * d));
}

// ETT% today (P / E) and projected (P / E', E' = E - sum of removed), and the steps
// P D_i / (E E') apportioned by largest remainder so that today + steps == projected exactly.
Result<PicoBridge> picoBridge(Wide productive, Wide e2e, const std::vector<Wide>& removed)
{
    PicoBridge out;
    out.steps.assign(removed.size(), 0);
    Wide projectedE2e = e2e;
    for (Wide d : removed) {
        projectedE2e -= d;
    }
    if (e2e > 0) {
        out.today = roundedPico(productive, e2e);
    }
    if (projectedE2e > 0) {
        out.projected = roundedPico(productive, projectedE2e);
    }
    if (!out.today || !out.projected) {
        return out;
    }
    // 1. Floors and remainders of the exact steps over the common denominator E x E'.
    const U128 num = static_cast<U128>(productive) * static_cast<U128>(kPicoPercent);
    const U256 den = mul(static_cast<U128>(e2e), static_cast<U128>(projectedE2e));
    std::vector<U256> remainders(removed.size());
    Wide floors = 0;
    for (size_t i = 0; i < removed.size(); ++i) {
        const bool negative = removed[i] < 0;
        const U128 magnitude = negative ? static_cast<U128>(-removed[i]) : static_cast<U128>(removed[i]);
        auto [q, r] = divmod(mul(num, magnitude), den);
        if (q.hi != 0 || q.lo >= static_cast<U128>(std::numeric_limits<int64_t>::max())) {
            return Error { "the projection changes E2E so much (from " + formatWideSeconds(e2e) + " to "
                + formatWideSeconds(projectedE2e) + ") that a step of ETT% does not fit the bridge" };
        }
        auto floor = static_cast<int64_t>(q.lo);
        if (negative) {
            floor = -floor;
            if (!r.isZero()) {
                floor -= 1;
                r = sub(den, r);
            }
        }
        out.steps[i] = floor;
        remainders[i] = r;
        floors += floor;
    }
    // 2. The units left between the rounded ends and the floors: 0 <= units <= steps, because the
    //    exact steps sum to exactly projected - today before rounding.
    const Wide units = static_cast<Wide>(*out.projected) - *out.today - floors;
    addLargestRemainders(out.steps, remainders, static_cast<int64_t>(units));
    return out;
}

// The part of [s, e) outside the excluded windows (spec 7.4; normal form, none: all of it).
int64_t keptLength(int64_t s, int64_t e, const std::vector<TimeSpan>& excluded)
{
    return e <= s ? 0 : e - s - (excluded.empty() ? 0 : excludedLength(s, e, excluded));
}

// --- the phase time of a subcategory, per attempt --------------------------------------------

// For each attempt of the jobs (in order), the time of `bucket` during which a phase of the kind
// is active on any rank: the union of those phases, intersected with the attempt's segments of
// the bucket, outside the excluded windows.
std::vector<int64_t> phaseTimes(const FleetColumns& c, const Attribution& at, const std::vector<int32_t>& jobs,
    Category category, const std::string& subcategory, Bucket bucket, const std::vector<TimeSpan>& excluded)
{
    std::vector<char> kind(c.kindCategory.size(), 0);
    for (size_t k = 0; k < kind.size(); ++k) {
        kind[k] = c.kindCategory[k] == static_cast<uint8_t>(category) && c.kindSubcategory[k] == subcategory;
    }
    std::vector<int64_t> out;
    std::vector<std::pair<int64_t, int64_t>> spans;
    for (const int32_t j : jobs) {
        for (auto a = static_cast<size_t>(c.jobAttemptBegin[j]); a < static_cast<size_t>(c.jobAttemptBegin[j + 1]);
             ++a) {
            // 1. The union of the kind's phases (any rank).
            spans.clear();
            for (auto p = static_cast<size_t>(c.attemptPhaseBegin[a]);
                 p < static_cast<size_t>(c.attemptPhaseBegin[a + 1]); ++p) {
                if (kind[static_cast<size_t>(c.phaseKind[p])] && c.phaseEndNs[p] > c.phaseStartNs[p]) {
                    spans.emplace_back(c.phaseStartNs[p], c.phaseEndNs[p]);
                }
            }
            int64_t total = 0;
            if (!spans.empty()) {
                std::sort(spans.begin(), spans.end());
                size_t merged = 0;
                for (size_t i = 1; i < spans.size(); ++i) {
                    if (spans[i].first <= spans[merged].second) {
                        spans[merged].second = std::max(spans[merged].second, spans[i].second);
                    } else {
                        spans[++merged] = spans[i];
                    }
                }
                spans.resize(merged + 1);
                // 2. Intersected with the bucket's segments (both sorted: one merge pass).
                size_t i = 0;
                for (auto s = static_cast<size_t>(at.attemptSegmentBegin[a]);
                     s < static_cast<size_t>(at.attemptSegmentBegin[a + 1]) && i < spans.size(); ++s) {
                    if (at.segmentBucket[s] != static_cast<uint8_t>(bucket)) {
                        continue;
                    }
                    const int64_t s0 = at.segmentStartNs[s];
                    const int64_t s1 = at.segmentEndNs[s];
                    while (i < spans.size() && spans[i].second <= s0) {
                        ++i;
                    }
                    for (size_t k = i; k < spans.size() && spans[k].first < s1; ++k) {
                        total += keptLength(std::max(s0, spans[k].first), std::min(s1, spans[k].second), excluded);
                    }
                }
            }
            out.push_back(total);
        }
    }
    return out;
}

// The median (nearest rank) of a sample, or nullopt.
std::optional<int64_t> median(std::vector<int64_t> values)
{
    return nearestRank(values, 50);
}

} // namespace

// --- changes -----------------------------------------------------------------------------------

std::string WhatIfChange::text() const
{
    std::string what;
    switch (target) {
    case WhatIfTarget::Bucket:
        what = std::string(bucketName(bucket));
        break;
    case WhatIfTarget::Phase:
        what = std::string(categoryName(category)) + "." + subcategory;
        break;
    case WhatIfTarget::Interruptions:
        what = interruptions == InterruptionClass::Failures   ? "failures"
            : interruptions == InterruptionClass::Preemptions ? "preemptions"
                                                              : "interruptions";
        break;
    case WhatIfTarget::CheckpointInterval:
        what = "checkpoint interval";
        break;
    }
    if (optimal) {
        return what + " = optimum";
    }
    if (setS) {
        return what + " = " + numberText(*setS) + " s";
    }
    return what + " x" + numberText(scale.value_or(1.0));
}

Status checkChange(const WhatIfChange& change, const std::string& what)
{
    // Messages name the field as a scenario's JSON does (core/store/scenarios.h).
    const bool interval = change.target == WhatIfTarget::CheckpointInterval;
    const std::string scaleField = interval ? ".checkpoint_interval.scale" : ".scale";
    const std::string setField = interval ? ".checkpoint_interval" : ".set_s";
    auto error = [&](const std::string& field, const std::string& message) {
        return Status(Error { what + field + ": " + message });
    };
    switch (change.target) {
    case WhatIfTarget::Bucket:
        if (change.bucket == Bucket::Productive || static_cast<int>(change.bucket) >= kBucketCount) {
            return error(".bucket", "productive time is what every projection keeps; name another bucket");
        }
        break;
    case WhatIfTarget::Phase: {
        if (change.subcategory.empty()) {
            return error(".phase", "expected category.subcategory (a whole category is a bucket: use \"bucket\")");
        }
        const auto b = bucketOfCategory(change.category);
        if (!b || *b == Bucket::Productive) {
            return error(".phase",
                std::string(categoryName(change.category))
                    + " phases take no time a change can remove (train is productive, background never blocks)");
        }
        break;
    }
    case WhatIfTarget::Interruptions:
        if (change.setS || change.optimal) {
            return error("", "interruptions take a scale only");
        }
        break;
    case WhatIfTarget::CheckpointInterval:
        break;
    }
    if (change.optimal && !interval) {
        return error("", "only the checkpoint interval has an optimum");
    }
    const int given = (change.scale ? 1 : 0) + (change.setS ? 1 : 0) + (change.optimal ? 1 : 0);
    if (given != 1) {
        return error("",
            interval ? "give one of \"optimal\", a number of seconds, or {\"scale\": x}"
                     : (change.target == WhatIfTarget::Interruptions ? "give a scale" : "give one of scale or set_s"));
    }
    if (change.scale && !(std::isfinite(*change.scale) && *change.scale >= 0 && *change.scale <= kMaxScale)) {
        return error(scaleField,
            "expected a number >= 0 and <= " + numberText(kMaxScale) + " (got " + numberText(*change.scale) + ")");
    }
    if (change.setS && !(std::isfinite(*change.setS) && *change.setS >= 0 && *change.setS <= kMaxSetS)) {
        return error(
            setField, "expected a number of seconds >= 0 and <= 100000000 (got " + numberText(*change.setS) + ")");
    }
    if (interval && ((change.scale && *change.scale == 0) || (change.setS && secondsToNs(*change.setS) == 0))) {
        return error(change.scale ? scaleField : setField, "a checkpoint interval must be positive");
    }
    return Status::success();
}

bool needsPhases(const std::vector<WhatIfChange>& changes)
{
    return std::any_of(
        changes.begin(), changes.end(), [](const WhatIfChange& c) { return c.target == WhatIfTarget::Phase; });
}

std::optional<double> WhatIfResult::todayPercent() const
{
    return todayPico ? std::optional<double>(static_cast<double>(*todayPico) * 1e-12) : std::nullopt;
}

std::optional<double> WhatIfResult::projectedPercent() const
{
    return projectedPico ? std::optional<double>(static_cast<double>(*projectedPico) * 1e-12) : std::nullopt;
}

// --- the model -----------------------------------------------------------------------------------

WhatIfModel::WhatIfModel(const FleetColumns& columns, const Attribution& attribution, std::vector<int32_t> jobs,
    std::vector<JobCheckpointSample> samples, const std::vector<TimeSpan>& excluded)
    : m_columns(&columns)
    , m_attribution(&attribution)
    , m_jobs(std::move(jobs))
    , m_samples(std::move(samples))
    , m_excluded(normalizeExcluded(excluded))
{
    if (!m_excluded.empty()) {
        // Spec 7.4: each segment's, window's and gap's time outside the windows, once.
        for (const int32_t j : m_jobs) {
            for (auto a = static_cast<size_t>(columns.jobAttemptBegin[static_cast<size_t>(j)]);
                 a < static_cast<size_t>(columns.jobAttemptBegin[static_cast<size_t>(j) + 1]); ++a) {
                const size_t row = m_keptBuckets.size();
                m_keptBuckets.insert(m_keptBuckets.end(), kB, 0);
                for (auto k = static_cast<size_t>(attribution.attemptSegmentBegin[a]);
                     k < static_cast<size_t>(attribution.attemptSegmentBegin[a + 1]); ++k) {
                    m_keptBuckets[row + attribution.segmentBucket[k]]
                        += keptLength(attribution.segmentStartNs[k], attribution.segmentEndNs[k], m_excluded);
                }
                const int64_t start = columns.attemptStartNs[a];
                const int64_t end = columns.attemptEndNs[a];
                m_keptLengths.push_back(keptLength(start, end, m_excluded));
                m_keptGaps.push_back(keptLength(end, end + attribution.attemptGapAfterNs[a], m_excluded));
            }
        }
    }
    // The medians once, not per projection (they sort every save of a job).
    std::vector<const JobCheckpointSample*> byJob(columns.jobs(), nullptr);
    for (const auto& sample : m_samples) {
        if (sample.job >= 0 && static_cast<size_t>(sample.job) < byJob.size()) {
            byJob[static_cast<size_t>(sample.job)] = &sample;
        }
    }
    m_intervalInputs.resize(m_jobs.size());
    for (size_t k = 0; k < m_jobs.size(); ++k) {
        const JobCheckpointSample* sample = byJob[static_cast<size_t>(m_jobs[k])];
        if (!sample) {
            continue;
        }
        IntervalInputs& in = m_intervalInputs[k];
        in.intervalNs = median(sample->intervalsNs);
        in.blockingNs = median(sample->savesNs);
        if (sample->interruptions > 0) {
            in.mtbiS
                = static_cast<double>(static_cast<long double>(sample->loopNs) / sample->interruptions / kNsPerSecond);
        }
    }
}

// The cohort's attempts as a projection changes them: each attempt's buckets (attempts x kB) and
// the gap after it, with the GPUs that weigh them; `first[k]` is the position of job k's first
// attempt. Failures and preemptions are counted as doubles while interruption changes scale them.
struct WhatIfModel::Projection
{
    std::vector<int64_t> buckets;
    std::vector<int64_t> gaps;
    std::vector<int64_t> gpus; // the attempt's GPUs
    std::vector<int64_t> jobGpus; // its job's (the gap's weight)
    std::vector<size_t> first;
    double failures = 0;
    double preemptions = 0;

    // Sets attempt k's bucket b to v and books the difference in the step.
    bool setBucket(WhatIfStep& step, size_t k, size_t b, int64_t v)
    {
        int64_t& cur = buckets[k * kB + b];
        const int64_t d = cur - v;
        cur = v;
        step.savedNs[b] += d;
        step.savedGpuNs[b] += static_cast<Wide>(d) * gpus[k];
        return d != 0;
    }
    bool setGap(WhatIfStep& step, size_t k, int64_t v)
    {
        const int64_t d = gaps[k] - v;
        gaps[k] = v;
        step.savedNs[kRecovery] += d;
        step.savedGpuNs[kRecovery] += static_cast<Wide>(d) * jobGpus[k];
        return d != 0;
    }
};

size_t WhatIfModel::attemptIndex(const Projection& p, size_t job, size_t k) const
{
    return static_cast<size_t>(m_columns->jobAttemptBegin[static_cast<size_t>(m_jobs[job])]) + (k - p.first[job]);
}

int64_t WhatIfModel::original(const Projection& p, size_t job, size_t k, size_t b) const
{
    return m_excluded.empty() ? m_attribution->attemptBucketsNs[attemptIndex(p, job, k) * kB + b]
                              : m_keptBuckets[k * kB + b];
}

// Today: each attempt's exact buckets and the gap after it, as the roll-up sums them (whole
// windows, no queue).
void WhatIfModel::measureToday(Projection& p, Figures& today) const
{
    const FleetColumns& c = *m_columns;
    const Attribution& at = *m_attribution;
    p.first.assign(m_jobs.size() + 1, 0);
    for (size_t k = 0; k < m_jobs.size(); ++k) {
        const auto j = static_cast<size_t>(m_jobs[k]);
        const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
        const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
        p.first[k] = p.gaps.size();
        if (a0 == a1) {
            continue;
        }
        ++today.jobs;
        if (c.jobCheckpointBegin[j] == c.jobCheckpointBegin[j + 1]) {
            ++today.noCheckpointDataJobs;
        }
        today.ttsNs.push_back(at.attemptTtsNs[a0]);
        for (size_t a = a0; a < a1; ++a) {
            ++today.attempts;
            // The attempt's time (outside the excluded windows, when there are some).
            const size_t pos = p.gaps.size();
            const int64_t* whole = at.attemptBucketsNs.data() + a * kB;
            const int64_t* row = m_excluded.empty() ? whole : m_keptBuckets.data() + pos * kB;
            const int64_t gap = m_excluded.empty() ? at.attemptGapAfterNs[a] : m_keptGaps[pos];
            const int64_t length = m_excluded.empty() ? c.attemptEndNs[a] - c.attemptStartNs[a] : m_keptLengths[pos];
            p.buckets.insert(p.buckets.end(), row, row + kB);
            p.gaps.push_back(gap);
            p.gpus.push_back(c.attemptGpus[a]);
            p.jobGpus.push_back(c.jobGpus[j]);
            for (size_t b = 0; b < kB; ++b) {
                today.bucketsNs[b] += row[b];
                today.bucketsGpuNs[b] += static_cast<Wide>(row[b]) * c.attemptGpus[a];
                if (whole[b] != row[b]) {
                    today.excludedNs.at(b) += whole[b] - row[b];
                    today.excludedGpuNs.at(b) += static_cast<Wide>(whole[b] - row[b]) * c.attemptGpus[a];
                }
            }
            today.bucketsNs[kRecovery] += gap;
            today.bucketsGpuNs[kRecovery] += static_cast<Wide>(gap) * c.jobGpus[j];
            if (const int64_t x = at.attemptGapAfterNs[a] - gap; x != 0) {
                today.excludedNs.at(kRecovery) += x;
                today.excludedGpuNs.at(kRecovery) += static_cast<Wide>(x) * c.jobGpus[j];
            }
            today.e2eNs += length + gap;
            today.e2eGpuNs += static_cast<Wide>(length) * c.attemptGpus[a] + static_cast<Wide>(gap) * c.jobGpus[j];
            countInterruption(today, static_cast<Interruption>(c.attemptInterruption[a]));
            if (isInterrupted(static_cast<Outcome>(c.attemptOutcome[a])) && at.attemptTtrNs[a] != kNoTime) {
                const int64_t f = std::clamp(c.attemptFaultNs[a], c.attemptStartNs[a], c.attemptEndNs[a]);
                today.addTtr(at.attemptTtrNs[a],
                    a + 1 < a1 ? splitTtr(f, c.attemptEndNs[a], c.attemptStartNs[a + 1], at.attemptTtrNs[a])
                               : TtrSplit {});
            }
        }
    }
    p.first[m_jobs.size()] = p.gaps.size();
    p.failures = static_cast<double>(today.failures);
    p.preemptions = static_cast<double>(today.preemptions);
}

// Scales a bucket, or sets it for every attempt that has any of it (recovery: with the gap after it).
void WhatIfModel::applyBucket(Projection& p, const WhatIfChange& change, WhatIfStep& step) const
{
    const auto b = static_cast<size_t>(change.bucket);
    const bool recovery = b == kRecovery;
    const int64_t setNs = change.setS ? secondsToNs(*change.setS) : 0;
    for (size_t k = 0; k < p.gaps.size(); ++k) {
        const int64_t v = p.buckets[k * kB + b];
        bool changed = false;
        if (change.scale) {
            changed = p.setBucket(step, k, b, scaleNs(v, *change.scale));
            if (recovery) {
                changed = p.setGap(step, k, scaleNs(p.gaps[k], *change.scale)) || changed;
            }
        } else if (recovery) {
            // The recovery of an attempt is its own (after the fault) plus the gap after it:
            // together they become set_s, split between the two in their present proportion.
            const Wide total = static_cast<Wide>(v) + p.gaps[k];
            if (total > 0) {
                const auto inside = static_cast<int64_t>((static_cast<Wide>(v) * setNs * 2 + total) / (2 * total));
                changed = p.setBucket(step, k, b, inside);
                changed = p.setGap(step, k, setNs - inside) || changed;
            }
        } else if (v > 0) {
            changed = p.setBucket(step, k, b, setNs);
        }
        step.attemptsChanged += changed ? 1 : 0;
    }
}

// Scales or sets a phase subcategory's time inside its bucket.
void WhatIfModel::applyPhase(Projection& p, const WhatIfChange& change, WhatIfStep& step) const
{
    const FleetColumns& c = *m_columns;
    const Attribution& at = *m_attribution;
    const Bucket bucket = *bucketOfCategory(change.category);
    const auto b = static_cast<size_t>(bucket);
    const std::string key = std::string(categoryName(change.category)) + "." + change.subcategory;
    auto cached = m_phaseTime.find(key);
    if (cached == m_phaseTime.end()) {
        cached = m_phaseTime
                     .emplace(key, phaseTimes(c, at, m_jobs, change.category, change.subcategory, bucket, m_excluded))
                     .first;
    }
    const std::vector<int64_t>& phase = cached->second;
    const int64_t setNs = change.setS ? secondsToNs(*change.setS) : 0;
    for (size_t job = 0; job < m_jobs.size(); ++job) {
        for (size_t k = p.first[job]; k < p.first[job + 1]; ++k) {
            int64_t t = phase[k];
            if (t == 0) {
                continue;
            }
            // An earlier change scaled the bucket: the phase's part of it scales alike.
            const int64_t cur = p.buckets[k * kB + b];
            const int64_t orig = original(p, job, k, b);
            if (cur != orig) {
                t = orig == 0
                    ? 0
                    : static_cast<int64_t>((static_cast<Wide>(t) * cur * 2 + orig) / (2 * static_cast<Wide>(orig)));
            }
            if (t == 0) {
                continue;
            }
            const int64_t removed = std::min(cur, change.scale ? t - scaleNs(t, *change.scale) : t - setNs);
            step.attemptsChanged += p.setBucket(step, k, b, cur - removed) ? 1 : 0;
        }
    }
}

// Scales what a class of interruptions costs: lost progress, recovery, the next start-up.
void WhatIfModel::applyInterruptions(Projection& p, const WhatIfChange& change, WhatIfStep& step) const
{
    const FleetColumns& c = *m_columns;
    const double s = *change.scale;
    for (size_t job = 0; job < m_jobs.size(); ++job) {
        for (size_t k = p.first[job]; k < p.first[job + 1]; ++k) {
            const auto kind = static_cast<Interruption>(c.attemptInterruption[attemptIndex(p, job, k)]);
            const bool inClass = change.interruptions == InterruptionClass::All ? kind != Interruption::None
                                                                                : kind
                    == (change.interruptions == InterruptionClass::Failures ? Interruption::Failure
                                                                            : Interruption::Preemption);
            if (!inClass) {
                continue;
            }
            // What the interruption costs: the progress lost, its recovery (inside the
            // attempt and the gap after it) and the next attempt's start-up.
            bool changed = p.setBucket(step, k, kLost, scaleNs(p.buckets[k * kB + kLost], s));
            changed = p.setBucket(step, k, kRecovery, scaleNs(p.buckets[k * kB + kRecovery], s)) || changed;
            changed = p.setGap(step, k, scaleNs(p.gaps[k], s)) || changed;
            if (k + 1 < p.first[job + 1]) {
                for (const Bucket startup : kStartup) {
                    const auto b = static_cast<size_t>(startup);
                    changed = p.setBucket(step, k + 1, b, scaleNs(p.buckets[(k + 1) * kB + b], s)) || changed;
                }
            }
            step.attemptsChanged += changed ? 1 : 0;
        }
    }
    if (change.interruptions != InterruptionClass::Preemptions) {
        p.failures = std::round(p.failures * s);
    }
    if (change.interruptions != InterruptionClass::Failures) {
        p.preemptions = std::round(p.preemptions * s);
    }
}

// Changes each job's checkpoint interval: saves scale by I / I', lost progress by I' / I.
void WhatIfModel::applyInterval(Projection& p, const WhatIfChange& change, WhatIfStep& step) const
{
    for (size_t job = 0; job < m_jobs.size(); ++job) {
        if (p.first[job] == p.first[job + 1]) {
            continue;
        }
        const IntervalInputs& in = m_intervalInputs[job];
        const auto interval = in.intervalNs;
        std::optional<long double> newInterval;
        if (interval && *interval > 0) {
            if (change.optimal) {
                if (in.blockingNs && in.mtbiS) {
                    const double young = youngIntervalS(static_cast<double>(*in.blockingNs) / kNsPerSecond, *in.mtbiS);
                    if (std::isfinite(young) && young > 0) {
                        newInterval = static_cast<long double>(young) * kNsPerSecond;
                    }
                }
            } else if (change.setS) {
                newInterval = static_cast<long double>(secondsToNs(*change.setS));
            } else {
                newInterval = static_cast<long double>(*interval) * static_cast<long double>(*change.scale);
            }
        }
        if (!newInterval || !(*newInterval > 0)) {
            ++step.jobsNotApplicable;
            continue;
        }
        // Saves happen once per interval (their time scales by I / I'); an interruption
        // loses on average half an interval (lost progress scales by I' / I).
        const auto saveScale = static_cast<double>(static_cast<long double>(*interval) / *newInterval);
        const auto lostScale = static_cast<double>(*newInterval / static_cast<long double>(*interval));
        bool changed = false;
        for (size_t k = p.first[job]; k < p.first[job + 1]; ++k) {
            changed = p.setBucket(step, k, kSave, scaleNs(p.buckets[k * kB + kSave], saveScale)) || changed;
            changed = p.setBucket(step, k, kLost, scaleNs(p.buckets[k * kB + kLost], lostScale)) || changed;
        }
        step.attemptsChanged += changed ? 1 : 0;
    }
}

Result<WhatIfResult> WhatIfModel::project(const std::vector<WhatIfChange>& changes) const
{
    for (size_t i = 0; i < changes.size(); ++i) {
        if (auto st = checkChange(changes[i], "changes[" + std::to_string(i) + "]"); !st) {
            return st.error();
        }
    }
    WhatIfResult out;
    if (!m_columns) {
        return out;
    }
    // 1. Today.
    Projection p;
    Figures& today = out.today;
    measureToday(p, today);
    out.jobs = today.jobs;
    out.attempts = today.attempts;
    std::vector<Wide> removedGpu;
    std::vector<Wide> removedTime;

    // 2. The changes, in order, each on the result of the ones before.
    for (const WhatIfChange& change : changes) {
        WhatIfStep step;
        step.change = change.text();
        switch (change.target) {
        case WhatIfTarget::Bucket:
            applyBucket(p, change, step);
            break;
        case WhatIfTarget::Phase:
            applyPhase(p, change, step);
            break;
        case WhatIfTarget::Interruptions:
            applyInterruptions(p, change, step);
            break;
        case WhatIfTarget::CheckpointInterval:
            applyInterval(p, change, step);
            break;
        }
        for (size_t b = 0; b < kB; ++b) {
            step.totalSavedNs += step.savedNs[b];
            step.totalSavedGpuNs += step.savedGpuNs[b];
            out.projectedBucketsNs[b] -= step.savedNs[b];
            out.projectedBucketsGpuNs[b] -= step.savedGpuNs[b];
        }
        removedTime.push_back(step.totalSavedNs);
        removedGpu.push_back(step.totalSavedGpuNs);
        out.steps.push_back(std::move(step));
    }

    // 3. The projection and the bridge from today.
    out.projectedE2eNs = today.e2eNs;
    out.projectedE2eGpuNs = today.e2eGpuNs;
    for (size_t b = 0; b < kB; ++b) {
        out.projectedBucketsNs[b] += today.bucketsNs[b];
        out.projectedBucketsGpuNs[b] += today.bucketsGpuNs[b];
    }
    for (const auto& step : out.steps) {
        out.projectedE2eNs -= step.totalSavedNs;
        out.projectedE2eGpuNs -= step.totalSavedGpuNs;
    }
    out.projectedFailures = static_cast<int64_t>(p.failures);
    out.projectedPreemptions = static_cast<int64_t>(p.preemptions);

    auto gpuBridge = picoBridge(today.bucketsGpuNs[kProductive], today.e2eGpuNs, removedGpu);
    if (!gpuBridge) {
        return gpuBridge.error();
    }
    auto timeBridge = picoBridge(today.bucketsNs[kProductive], today.e2eNs, removedTime);
    if (!timeBridge) {
        return timeBridge.error();
    }
    out.todayPico = gpuBridge->today;
    out.projectedPico = gpuBridge->projected;
    out.todayPicoTime = timeBridge->today;
    out.projectedPicoTime = timeBridge->projected;
    for (size_t i = 0; i < out.steps.size(); ++i) {
        out.steps[i].pico = gpuBridge->steps[i];
        out.steps[i].picoTime = timeBridge->steps[i];
    }
    return out;
}

} // namespace ett::core
