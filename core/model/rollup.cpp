#include "core/model/rollup.h"

#include "core/model/packed_sorted.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

namespace ett::core {

namespace {

bool inRange(int64_t t, const RollupOptions& o)
{
    return (!o.fromNs || t >= *o.fromNs) && (!o.toNs || t < *o.toNs);
}

// Half-open [s, e) overlaps the range; a zero-length window counts where its instant lies.
bool overlapsRange(int64_t s, int64_t e, const RollupOptions& o)
{
    if (s == e) {
        return inRange(s, o);
    }
    return (!o.toNs || s < *o.toNs) && (!o.fromNs || e > *o.fromNs);
}

// Attempt i of the job's interruption, with its Time to Recover and the split of it.
void addInterruption(Figures& f, const JobResult& job, size_t i)
{
    const AttemptResult& a = job.attempts[i];
    countInterruption(f, a.interruption);
    if (a.ttrNs) {
        f.addTtr(*a.ttrNs, ttrSplitOf(job.attempts, i).value_or(TtrSplit {}));
    }
}

} // namespace

std::vector<TimeSpan> normalizeExcluded(std::vector<TimeSpan> spans)
{
    std::erase_if(spans, [](const TimeSpan& t) { return t.toNs <= t.fromNs; });
    std::sort(spans.begin(), spans.end(), [](const TimeSpan& x, const TimeSpan& y) {
        return x.fromNs != y.fromNs ? x.fromNs < y.fromNs : x.toNs < y.toNs;
    });
    std::vector<TimeSpan> out;
    for (const TimeSpan& t : spans) {
        if (!out.empty() && t.fromNs <= out.back().toNs) {
            out.back().toNs = std::max(out.back().toNs, t.toNs);
        } else {
            out.push_back(t);
        }
    }
    return out;
}

int64_t excludedLength(int64_t s, int64_t e, const std::vector<TimeSpan>& excluded)
{
    // The spans are disjoint, so their overlaps with [s, e) add up without counting twice.
    int64_t len = 0;
    for (const TimeSpan& x : excluded) {
        len += std::max<int64_t>(0, std::min(e, x.toNs) - std::max(s, x.fromNs));
    }
    return len;
}

SparseBucketWides::SparseBucketWides(const SparseBucketWides& o)
    : m_values(o.m_values ? std::make_unique<Values>(*o.m_values) : nullptr)
{
}

SparseBucketWides& SparseBucketWides::operator=(const SparseBucketWides& o)
{
    if (this != &o) {
        m_values = o.m_values ? std::make_unique<Values>(*o.m_values) : nullptr;
    }
    return *this;
}

Wide& SparseBucketWides::at(size_t bucket)
{
    if (!m_values) {
        m_values = std::make_unique<Values>();
    }
    return (*m_values)[bucket];
}

const SparseBucketWides::Values& SparseBucketWides::values() const
{
    static const Values kZeros {};
    return m_values ? *m_values : kZeros;
}

Wide Figures::excludedTotalNs() const
{
    Wide sum = 0;
    for (Wide v : excludedNs) {
        sum += v;
    }
    return sum;
}

Wide Figures::excludedTotalGpuNs() const
{
    Wide sum = 0;
    for (Wide v : excludedGpuNs) {
        sum += v;
    }
    return sum;
}

void countInterruption(Figures& f, Interruption interruption)
{
    switch (interruption) {
    case Interruption::Failure:
        ++f.failures;
        break;
    case Interruption::Preemption:
        ++f.preemptions;
        break;
    case Interruption::Other:
        ++f.otherInterruptions;
        break;
    case Interruption::None:
        break;
    }
}

std::optional<int64_t> nearestRankSorted(const std::vector<int64_t>& sorted, int percent)
{
    if (sorted.empty()) {
        return std::nullopt;
    }
    // rank = ceil(p/100 x N), 1-based, in integers.
    const auto n = static_cast<int64_t>(sorted.size());
    int64_t rank = (static_cast<int64_t>(percent) * n + 99) / 100;
    rank = std::clamp<int64_t>(rank, 1, n);
    return sorted[static_cast<size_t>(rank - 1)];
}

std::optional<int64_t> nearestRank(std::vector<int64_t>& values, int percent)
{
    std::sort(values.begin(), values.end());
    return nearestRankSorted(values, percent);
}

Percentiles percentilesOfSorted(const std::vector<int64_t>& sorted)
{
    Percentiles p;
    p.p50 = nearestRankSorted(sorted, 50);
    p.p90 = nearestRankSorted(sorted, 90);
    p.p99 = nearestRankSorted(sorted, 99);
    return p;
}

namespace {

// Buckets of int64 values for percentilesOfLists(), monotone in the value: a value v >= 0 falls
// in bucket kHalfBuckets + b(v), where b is exact below 512 and then 256 buckets an octave (each
// under 0.4% of its values wide); a negative one mirrors them, kHalfBuckets - 1 - b(~v).
constexpr int kSubBits = 8;
constexpr size_t kHalfBuckets = size_t { 64 - kSubBits } << kSubBits;

size_t magnitudeBucket(uint64_t v) // v <= INT64_MAX
{
    if (v < (uint64_t { 1 } << kSubBits)) {
        return static_cast<size_t>(v);
    }
    const int top = 63 - std::countl_zero(v); // kSubBits to 62
    return (static_cast<size_t>(top - kSubBits + 1) << kSubBits) | static_cast<size_t>((v >> (top - kSubBits)) & 0xFF);
}

size_t bucketOf(int64_t v)
{
    return v >= 0 ? kHalfBuckets + magnitudeBucket(static_cast<uint64_t>(v))
                  : kHalfBuckets - 1 - magnitudeBucket(static_cast<uint64_t>(~v));
}

} // namespace

Percentiles percentilesOfLists(const std::vector<const std::vector<int64_t>*>& lists)
{
    std::vector<ValueRun> runs;
    runs.reserve(lists.size());
    for (const auto* list : lists) {
        runs.push_back(ValueRun { list->data(), list->size() });
    }
    return percentilesOfLists(runs);
}

namespace {

// The nearest-rank percentiles of runs that are each sorted ascending: the smallest value v with at
// least `rank` values at or below it, found by a binary search over the values' range.
Percentiles percentilesOfSortedRuns(
    const std::vector<ValueRun>& runs, const std::vector<const PackedSortedRun*>& packed, int64_t n)
{
    int64_t lowest = INT64_MAX;
    int64_t highest = INT64_MIN;
    for (const auto run : runs) {
        if (!run.empty()) {
            lowest = std::min(lowest, run.first[0]);
            highest = std::max(highest, run.first[run.count - 1]);
        }
    }
    for (const PackedSortedRun* run : packed) {
        if (run->count > 0) {
            lowest = std::min(lowest, run->first);
            highest = std::max(highest, run->last);
        }
    }
    auto atOrBelow = [&](int64_t v) {
        int64_t count = 0;
        for (const auto run : runs) {
            count += std::upper_bound(run.begin(), run.end(), v) - run.begin();
        }
        for (const PackedSortedRun* run : packed) {
            count += run->atOrBelow(v);
        }
        return count;
    };
    Percentiles p;
    std::optional<int64_t>* out[] = { &p.p50, &p.p90, &p.p99 };
    const int percents[] = { 50, 90, 99 };
    for (size_t i = 0; i < 3; ++i) {
        const int64_t rank = std::clamp<int64_t>((static_cast<int64_t>(percents[i]) * n + 99) / 100, 1, n);
        int64_t lo = lowest; // atOrBelow(highest) == n >= rank
        int64_t hi = highest;
        while (lo < hi) {
            // The midpoint without overflow: the distance taken as unsigned.
            const auto mid = static_cast<int64_t>(
                static_cast<uint64_t>(lo) + (static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo)) / 2);
            if (atOrBelow(mid) >= rank) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        *out[i] = lo;
    }
    return p;
}

} // namespace

Percentiles percentilesOfLists(const std::vector<ValueRun>& lists)
{
    Percentiles p;
    int64_t n = 0;
    for (const auto list : lists) {
        n += static_cast<int64_t>(list.size());
    }
    if (n == 0) {
        return p;
    }
    if (std::all_of(lists.begin(), lists.end(), [](const ValueRun& run) { return run.sorted || run.count < 2; })) {
        return percentilesOfSortedRuns(lists, {}, n);
    }
    // 1. How many values each bucket holds, and which buckets hold the three ranks.
    std::vector<int64_t> counts(2 * kHalfBuckets, 0);
    for (const auto list : lists) {
        for (const int64_t v : list) {
            ++counts[bucketOf(v)];
        }
    }
    const int percents[] = { 50, 90, 99 };
    std::array<size_t, 3> bucket {};
    std::array<int64_t, 3> rankInBucket {}; // 1-based
    size_t b = 0;
    int64_t below = 0; // the values in buckets before b
    for (size_t i = 0; i < 3; ++i) {
        const int64_t rank = std::clamp<int64_t>((static_cast<int64_t>(percents[i]) * n + 99) / 100, 1, n);
        while (below + counts[b] < rank) {
            below += counts[b++];
        }
        bucket[i] = b;
        rankInBucket[i] = rank - below;
    }
    // 2. The values of those buckets (one list for a bucket that holds several ranks), each rank
    // then selected among them.
    std::array<std::vector<int64_t>, 3> held;
    std::array<size_t, 3> heldIn {}; // the list of rank i
    for (size_t i = 0; i < 3; ++i) {
        heldIn[i] = i > 0 && bucket[i] == bucket[i - 1] ? heldIn[i - 1] : i;
    }
    for (size_t i = 0; i < 3; ++i) {
        if (heldIn[i] == i) {
            held[i].reserve(static_cast<size_t>(counts[bucket[i]]));
        }
    }
    for (const auto list : lists) {
        for (const int64_t v : list) {
            const size_t at = bucketOf(v);
            for (size_t i = 0; i < 3; ++i) {
                if (heldIn[i] == i && at == bucket[i]) {
                    held[i].push_back(v);
                }
            }
        }
    }
    std::optional<int64_t>* out[] = { &p.p50, &p.p90, &p.p99 };
    for (size_t i = 0; i < 3; ++i) {
        auto& values = held[heldIn[i]];
        const auto nth = values.begin() + (rankInBucket[i] - 1);
        std::nth_element(values.begin(), nth, values.end());
        *out[i] = *nth;
    }
    return p;
}

Percentiles percentilesOfLists(const std::vector<ValueRun>& runs, const std::vector<const PackedSortedRun*>& packed)
{
    if (packed.empty()) {
        return percentilesOfLists(runs);
    }
    if (std::all_of(runs.begin(), runs.end(), [](const ValueRun& run) { return run.sorted || run.count < 2; })) {
        int64_t n = 0;
        for (const auto run : runs) {
            n += static_cast<int64_t>(run.count);
        }
        for (const PackedSortedRun* run : packed) {
            n += static_cast<int64_t>(run->count);
        }
        return n == 0 ? Percentiles {} : percentilesOfSortedRuns(runs, packed, n);
    }
    std::vector<int64_t> unpacked;
    for (const PackedSortedRun* run : packed) {
        run->unpackInto(unpacked);
    }
    std::vector<ValueRun> all = runs;
    all.push_back(ValueRun { unpacked.data(), unpacked.size(), false });
    return percentilesOfLists(all);
}

Percentiles percentilesOf(std::vector<int64_t> values)
{
    // The three nearest ranks, each put in its sorted place (nth_element on what lies beyond the
    // previous one): the values a full sort would give there, without sorting the rest.
    Percentiles p;
    if (values.empty()) {
        return p;
    }
    const auto n = static_cast<int64_t>(values.size());
    auto begin = values.begin();
    auto from = begin;
    std::optional<int64_t>* out[] = { &p.p50, &p.p90, &p.p99 };
    const int percents[] = { 50, 90, 99 };
    for (size_t i = 0; i < 3; ++i) {
        const int64_t rank = std::clamp<int64_t>((static_cast<int64_t>(percents[i]) * n + 99) / 100, 1, n);
        const auto at = begin + (rank - 1);
        if (at >= from) {
            std::nth_element(from, at, values.end());
            from = at + 1;
        }
        *out[i] = *at;
    }
    return p;
}

std::optional<double> percentOf(Wide numerator, Wide denominator)
{
    if (denominator == 0) {
        return std::nullopt;
    }
    return static_cast<double>(static_cast<long double>(numerator) * 100.0L / static_cast<long double>(denominator));
}

std::optional<double> Figures::ettPercentGpu() const
{
    return percentOf(bucketsGpuNs[static_cast<size_t>(Bucket::Productive)], e2eGpuNs);
}

std::optional<double> Figures::ettPercentTime() const
{
    return percentOf(bucketsNs[static_cast<size_t>(Bucket::Productive)], e2eNs);
}

RankedSampleLists::RankedSampleLists(const RankedSampleLists& o)
    : m_lists(o.m_lists ? std::make_unique<Lists>(*o.m_lists) : nullptr)
{
}

RankedSampleLists& RankedSampleLists::operator=(const RankedSampleLists& o)
{
    if (this != &o) {
        m_lists = o.m_lists ? std::make_unique<Lists>(*o.m_lists) : nullptr;
    }
    return *this;
}

void RankedSampleLists::set(const Lists& lists)
{
    m_lists = std::make_unique<Lists>(lists);
}

const std::vector<int64_t>& Figures::samples(SampleList list) const
{
    switch (list) {
    case SampleList::Tts:
        return ttsNs;
    case SampleList::Ttr:
        return ttrNs;
    case SampleList::TtrDetect:
        return ttrDetectNs;
    case SampleList::TtrRestart:
        return ttrRestartNs;
    case SampleList::TtrStartup:
        return ttrStartupNs;
    }
    return ttsNs;
}

int64_t Figures::sampleCount(SampleList list) const
{
    return ranked.held() ? ranked.lists()[static_cast<size_t>(list)].count : static_cast<int64_t>(samples(list).size());
}

Percentiles Figures::samplePercentiles(SampleList list) const
{
    return ranked.held() ? ranked.lists()[static_cast<size_t>(list)].percentiles : percentilesOf(samples(list));
}

Wide Figures::sampleSum(SampleList list) const
{
    if (ranked.held()) {
        return ranked.lists()[static_cast<size_t>(list)].sum;
    }
    Wide sum = 0;
    for (const int64_t v : samples(list)) {
        sum += v;
    }
    return sum;
}

RankedSamples Figures::rankedSamples(SampleList list) const
{
    if (ranked.held()) {
        return ranked.lists()[static_cast<size_t>(list)];
    }
    return { sampleCount(list), sampleSum(list), samplePercentiles(list) };
}

void Figures::addTtr(int64_t ttr, const TtrSplit& split)
{
    ttrNs.push_back(ttr);
    ttrDetectNs.push_back(split.detectNs);
    ttrRestartNs.push_back(split.restartNs);
    ttrStartupNs.push_back(split.startupNs);
}

bool Figures::empty() const
{
    return jobs == 0 && attempts == 0 && failures == 0 && preemptions == 0 && otherInterruptions == 0
        && sampleCount(SampleList::Tts) == 0 && sampleCount(SampleList::Ttr) == 0 && e2eNs == 0
        && excludedTotalNs() == 0;
}

void Figures::merge(const Figures& o)
{
    jobs += o.jobs;
    attempts += o.attempts;
    e2eNs += o.e2eNs;
    e2eGpuNs += o.e2eGpuNs;
    for (size_t b = 0; b < bucketsNs.size(); ++b) {
        bucketsNs[b] += o.bucketsNs[b];
        bucketsGpuNs[b] += o.bucketsGpuNs[b];
    }
    if (o.excludedNs.held() || o.excludedGpuNs.held()) {
        for (size_t b = 0; b < bucketsNs.size(); ++b) {
            excludedNs.at(b) += o.excludedNs[b];
            excludedGpuNs.at(b) += o.excludedGpuNs[b];
        }
    }
    mergeSamples(o);
    failures += o.failures;
    preemptions += o.preemptions;
    otherInterruptions += o.otherInterruptions;
    noCheckpointDataJobs += o.noCheckpointDataJobs;
}

void Figures::mergeSamples(const Figures& o)
{
    const auto none = [](const Figures& f) {
        for (size_t l = 0; l < kSampleLists; ++l) {
            if (f.sampleCount(static_cast<SampleList>(l)) != 0) {
                return false;
            }
        }
        return true;
    };
    if (ranked.held() || o.ranked.held()) {
        if (none(o)) {
            return;
        }
        if (none(*this)) {
            ranked = o.ranked;
            if (!o.ranked.held()) {
                ranked.reset();
                ttsNs = o.ttsNs;
                ttrNs = o.ttrNs;
                ttrDetectNs = o.ttrDetectNs;
                ttrRestartNs = o.ttrRestartNs;
                ttrStartupNs = o.ttrStartupNs;
            }
            return;
        }
        // Two ranked lists do not merge into a ranked one: counts and sums add up, percentiles are
        // unknown (never a wrong value).
        RankedSampleLists::Lists lists;
        for (size_t l = 0; l < kSampleLists; ++l) {
            const auto list = static_cast<SampleList>(l);
            lists[l].count = sampleCount(list) + o.sampleCount(list);
            lists[l].sum = sampleSum(list) + o.sampleSum(list);
        }
        ttsNs.clear();
        ttrNs.clear();
        ttrDetectNs.clear();
        ttrRestartNs.clear();
        ttrStartupNs.clear();
        ranked.set(lists);
        return;
    }
    ttsNs.insert(ttsNs.end(), o.ttsNs.begin(), o.ttsNs.end());
    ttrNs.insert(ttrNs.end(), o.ttrNs.begin(), o.ttrNs.end());
    ttrDetectNs.insert(ttrDetectNs.end(), o.ttrDetectNs.begin(), o.ttrDetectNs.end());
    ttrRestartNs.insert(ttrRestartNs.end(), o.ttrRestartNs.begin(), o.ttrRestartNs.end());
    ttrStartupNs.insert(ttrStartupNs.end(), o.ttrStartupNs.begin(), o.ttrStartupNs.end());
}

void addJob(Figures& f, const JobResult& job, int64_t jobGpus, const RollupOptions& o)
{
    if (!job.hasWindow()) {
        return;
    }
    const int64_t queueNs = o.countQueue ? job.queueBeforeNs : 0;
    const int64_t windowStart = job.windowStartNs - queueNs;

    if (!o.hasRange() && o.excluded.empty()) {
        ++f.jobs;
        if (job.noCheckpointData) {
            ++f.noCheckpointDataJobs;
        }
        // 1a. Whole windows: the job's totals, weighted per attempt and per gap.
        const auto queue = static_cast<size_t>(Bucket::Queue);
        const auto recovery = static_cast<size_t>(Bucket::Recovery);
        f.e2eNs += job.e2eNs() + queueNs;
        f.e2eGpuNs += static_cast<Wide>(queueNs) * jobGpus;
        f.bucketsNs[queue] += queueNs;
        f.bucketsGpuNs[queue] += static_cast<Wide>(queueNs) * jobGpus;
        for (size_t i = 0; i < job.attempts.size(); ++i) {
            const AttemptResult& a = job.attempts[i];
            for (size_t b = 0; b < a.bucketsNs.size(); ++b) {
                f.bucketsNs[b] += a.bucketsNs[b];
                f.bucketsGpuNs[b] += static_cast<Wide>(a.bucketsNs[b]) * a.gpus;
            }
            f.bucketsNs[recovery] += a.gapAfterNs;
            f.bucketsGpuNs[recovery] += static_cast<Wide>(a.gapAfterNs) * jobGpus;
            f.e2eGpuNs += static_cast<Wide>(a.endNs - a.startNs) * a.gpus + static_cast<Wide>(a.gapAfterNs) * jobGpus;
            ++f.attempts;
            addInterruption(f, job, i);
        }
        f.ttsNs.push_back(job.ttsNs);
        return;
    }

    // 1b. A time range (spec 5.5), or excluded windows (spec 7.4) with an open range. Interruptions (with their Time to
    // Recover) belong to the range
    //     holding f and Time to Start to the range holding the first start, whether or not the
    //     job's window overlaps it (a fault at the very end of a window lies just outside it), so
    //     that figures per day always add up to the whole.
    for (size_t i = 0; i < job.attempts.size(); ++i) {
        const AttemptResult& a = job.attempts[i];
        if (overlapsRange(a.startNs, a.endNs, o)) {
            ++f.attempts;
        }
        if (a.faultNs && inRange(*a.faultNs, o)) {
            addInterruption(f, job, i);
        }
    }
    if (inRange(job.attempts.front().startNs, o)) {
        f.ttsNs.push_back(job.ttsNs);
    }
    if (!overlapsRange(windowStart, job.windowEndNs, o)) {
        return;
    }
    ++f.jobs;
    if (job.noCheckpointData) {
        ++f.noCheckpointDataJobs;
    }

    // 2. Clip every segment to the range, so that per-day buckets add up exactly to the whole, and
    //    take the excluded time out of what is left (spec 7.4: the intersection of the two).
    const int64_t lo = o.fromNs.value_or(std::numeric_limits<int64_t>::min());
    const int64_t hi = o.toNs.value_or(std::numeric_limits<int64_t>::max());
    forEachJobSegment(job, jobGpus, o.countQueue, [&](int64_t s, int64_t e, Bucket bucket, int64_t gpus) {
        const int64_t cs = std::max(s, lo);
        const int64_t ce = std::min(e, hi);
        if (ce <= cs) {
            return;
        }
        const auto b = static_cast<size_t>(bucket);
        const int64_t out = excludedLength(cs, ce, o.excluded);
        const int64_t len = ce - cs - out;
        f.bucketsNs[b] += len;
        f.bucketsGpuNs[b] += static_cast<Wide>(len) * gpus;
        f.e2eNs += len;
        f.e2eGpuNs += static_cast<Wide>(len) * gpus;
        if (out != 0) {
            f.excludedNs.at(b) += out;
            f.excludedGpuNs.at(b) += static_cast<Wide>(out) * gpus;
        }
    });
}

std::string formatWide(Wide v)
{
    // Digit by digit from the low end; a negative value's remainders are negative (no negation,
    // which would overflow the most negative value).
    std::string digits;
    Wide w = v;
    do {
        const int digit = static_cast<int>(w % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (digit < 0 ? -digit : digit)));
        w /= 10;
    } while (w != 0);
    return v < 0 ? "-" + digits : digits;
}

std::string formatWideSeconds(Wide ns)
{
    const bool negative = ns < 0;
    Wide mag = negative ? -ns : ns;
    const auto whole = mag / kNsPerSecond;
    const auto frac = static_cast<int64_t>(mag % kNsPerSecond);
    std::string out = (negative ? "-" : "") + formatWide(whole);
    if (frac != 0) {
        std::string f = formatSeconds(frac); // "0.xxx"
        out += f.substr(1);
    }
    return out;
}

} // namespace ett::core
