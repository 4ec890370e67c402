// The engine's algorithm as host/device functions: compiled by g++ into the CPU backend and by
// nvcc into the CUDA backend, so both run the same code. No allocation, no exceptions, no
// standard library beyond integer types: everything here must be legal device code.
//
// The attribution mirrors core/model/accounting.cpp (the reference) step for step: a sweep over
// each attempt's phase boundaries with a count of active phases per category, the highest
// priority winning, recovery after the fault, lost progress from the last durable checkpoint.
// The equivalence tests hold the two to the nanosecond.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define ETT_HD __host__ __device__ __forceinline__
#else
#define ETT_HD inline
#endif

namespace ett::gpu::kernels {

inline constexpr int kCategories = 12;
inline constexpr int kBuckets = 13;
inline constexpr int64_t kNoTime = INT64_MIN;
inline constexpr int64_t kNever = INT64_MAX; // sort key of a phase that takes no time

// Bucket codes, as core::Bucket.
enum : uint8_t {
    kProductive = 0,
    kQueue = 1,
    kSetup = 2,
    kInit = 3,
    kCheckpointLoad = 4,
    kCompile = 5,
    kCheckpointSave = 6,
    kLostProgress = 7,
    kStall = 8,
    kEval = 9,
    kRecovery = 10,
    kShutdown = 11,
    kIdle = 12,
};

// Spec 5.2 priorities by core::Category code (queue, setup, init, checkpoint_load, compile, train,
// checkpoint_save, stall, eval, recovery, shutdown, background); background never takes time.
ETT_HD int categoryPriority(int category)
{
    constexpr int kPriority[kCategories] = { 9, 8, 6, 7, 5, 0, 4, 3, 2, 10, 1, -1 };
    return category >= 0 && category < kCategories ? kPriority[category] : -1;
}

// The bucket of a category's time before lost progress is applied (train -> productive).
ETT_HD uint8_t categoryBucket(int category)
{
    constexpr uint8_t kBucketOf[kCategories] = { kQueue, kSetup, kInit, kCheckpointLoad, kCompile, kProductive,
        kCheckpointSave, kStall, kEval, kRecovery, kShutdown, kIdle };
    return kBucketOf[category];
}

ETT_HD int64_t minI64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}
ETT_HD int64_t maxI64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

// The instant phases stop deciding: the fault f (clamped into the window) of an interrupted
// attempt (outcome failed or preempted), else the attempt's end.
ETT_HD int64_t phaseEnd(int64_t start, int64_t end, bool interrupted, int64_t fault)
{
    return interrupted ? minI64(maxI64(fault, start), end) : end;
}

ETT_HD bool isInterruptedOutcome(uint8_t outcome)
{
    return outcome == 1 || outcome == 2;
} // failed, preempted

// Spec 5.3: where lost progress starts for an interrupted attempt: max(s, attempt start), s the
// latest checkpoint start of the job durable by f; kNoTime when the job has no checkpoint
// records at all (lost progress unknown).
ETT_HD int64_t lostFrom(int64_t attemptStart, int64_t fault, const int64_t* ckptStart, const int64_t* ckptDurable,
    const uint8_t* ckptFailed, int64_t first, int64_t last)
{
    if (first == last) {
        return kNoTime;
    }
    int64_t saved = kNoTime;
    for (int64_t c = first; c < last; ++c) {
        if (!ckptFailed[c] && ckptDurable[c] <= fault && (saved == kNoTime || ckptStart[c] > saved)) {
            saved = ckptStart[c];
        }
    }
    return saved == kNoTime ? attemptStart : maxI64(saved, attemptStart);
}

// Sort keys of one phase for the sweep: its start and end clipped to [attempt start, phase end),
// or kNever for both when it takes no time (background, or empty after clipping).
ETT_HD void phaseKeys(int64_t start, int64_t end, int category, int64_t attemptStart, int64_t attemptPhaseEnd,
    int64_t& startKey, int64_t& endKey)
{
    const int64_t s = maxI64(start, attemptStart);
    const int64_t e = minI64(end, attemptPhaseEnd);
    if (categoryPriority(category) < 0 || e <= s) {
        startKey = kNever;
        endKey = kNever;
    } else {
        startKey = s;
        endKey = e;
    }
}

// Merges contiguous runs of one bucket and hands them to an emitter (count or write).
template <typename Emit> struct RunMerger
{
    Emit& emit;
    int64_t runStart = 0;
    int64_t runEnd = 0;
    uint8_t runBucket = 0;
    bool open = false;

    ETT_HD void add(int64_t s, int64_t e, uint8_t bucket)
    {
        if (e <= s) {
            return;
        }
        if (open && bucket == runBucket && runEnd == s) {
            runEnd = e;
            return;
        }
        flush();
        runStart = s;
        runEnd = e;
        runBucket = bucket;
        open = true;
    }
    ETT_HD void flush()
    {
        if (open) {
            emit(runStart, runEnd, runBucket);
            open = false;
        }
    }
};

// Spec 5.2-5.3 for one attempt. startKey/startCat are its phases sorted by start key, endKey/endCat
// sorted by end key (kNever sorts last and is never reached). Emits the merged segments covering
// [start, end) in time order.
template <typename Emit>
ETT_HD void sweepAttempt(int64_t start, int64_t end, int64_t attemptPhaseEnd, bool interrupted, int64_t lost,
    const int64_t* startKey, const uint8_t* startCat, const int64_t* endKey, const uint8_t* endCat, int64_t n,
    Emit& emit)
{
    RunMerger<Emit> runs { emit };
    int active[kCategories] = { 0 };
    int64_t i = 0;
    int64_t j = 0;
    int64_t cur = start;
    while (cur < attemptPhaseEnd) {
        // 1. Apply every boundary at or before cur.
        while (i < n && startKey[i] <= cur) {
            ++active[startCat[i]];
            ++i;
        }
        while (j < n && endKey[j] <= cur) {
            --active[endCat[j]];
            ++j;
        }
        // 2. The next boundary: a phase start or end, the start of lost progress, or f.
        int64_t until = attemptPhaseEnd;
        if (i < n) {
            until = minI64(until, startKey[i]);
        }
        if (j < n) {
            until = minI64(until, endKey[j]);
        }
        if (lost != kNoTime && lost > cur && lost < until) {
            until = lost;
        }
        // 3. The highest-priority active category wins; train inside [lost, f) is lost progress.
        int best = -1;
        int winner = 0;
        for (int c = 0; c < kCategories; ++c) {
            if (active[c] > 0 && categoryPriority(c) > best) {
                best = categoryPriority(c);
                winner = c;
            }
        }
        uint8_t bucket = kIdle;
        if (best >= 0) {
            bucket = categoryBucket(winner);
            if (bucket == kProductive && interrupted && lost != kNoTime && cur >= lost) {
                bucket = kLostProgress;
            }
        }
        runs.add(cur, until, bucket);
        cur = until;
    }
    runs.add(attemptPhaseEnd, end, kRecovery);
    runs.flush();
}

// Counts segments (first pass).
struct CountEmit
{
    int64_t count = 0;
    ETT_HD void operator()(int64_t, int64_t, uint8_t) { ++count; }
};

// Writes segments and the attempt's totals (second pass).
struct WriteEmit
{
    int64_t* segStart;
    int64_t* segEnd;
    uint8_t* segBucket;
    int64_t* buckets; // kBuckets entries, zeroed by the caller
    int64_t firstTrain = kNoTime;
    int64_t next = 0;

    ETT_HD void operator()(int64_t s, int64_t e, uint8_t bucket)
    {
        segStart[next] = s;
        segEnd[next] = e;
        segBucket[next] = bucket;
        ++next;
        buckets[bucket] += e - s;
        if (firstTrain == kNoTime && (bucket == kProductive || bucket == kLostProgress)) {
            firstTrain = s;
        }
    }
};

// Spec 5.1 and 5.4 across the attempts of one job, given each attempt's first training instant:
// the recovery gap after each attempt and Time to Recover of interrupted ones (from f to the
// first training instant of any later attempt).
ETT_HD void finishJob(int64_t first, int64_t last, const int64_t* start, const int64_t* end, const uint8_t* outcome,
    const int64_t* fault, const int64_t* firstTrain, int64_t* gapAfter, int64_t* ttr)
{
    int64_t nextTrain = kNoTime;
    for (int64_t a = last - 1; a >= first; --a) {
        gapAfter[a] = a + 1 < last ? maxI64(0, start[a + 1] - end[a]) : 0;
        if (isInterruptedOutcome(outcome[a])) {
            const int64_t f = phaseEnd(start[a], end[a], true, fault[a]);
            ttr[a] = nextTrain == kNoTime ? kNoTime : nextTrain - f;
        } else {
            ttr[a] = kNoTime;
        }
        if (firstTrain[a] != kNoTime) {
            nextTrain = firstTrain[a];
        }
    }
}

// --- accumulation ------------------------------------------------------------------------------

// 128-bit product of two non-negative 64-bit values as (lo, hi).
ETT_HD void mulWide(uint64_t a, uint64_t b, uint64_t& lo, uint64_t& hi)
{
#if defined(__CUDA_ARCH__)
    lo = a * b;
    hi = __umul64hi(a, b);
#else
    __extension__ typedef unsigned __int128 U128;
    const U128 p = static_cast<U128>(a) * b;
    lo = static_cast<uint64_t>(p);
    hi = static_cast<uint64_t>(p >> 64);
#endif
}

// Parameters of the per-attempt accumulation of a roll-up or a series.
struct SumParams
{
    int64_t lo = INT64_MIN; // clip range [lo, hi)
    int64_t hi = INT64_MAX;
    int64_t originNs = 0; // calendar buckets: [origin + k * width, origin + (k + 1) * width)
    int64_t widthNs = 0; // 0: no calendar split
    int64_t timeBuckets = 1;
    int64_t groups = 1;
    bool countQueue = false;
    // Excluded windows (spec 7.4): excludedCount spans [excludedStart[i], excludedEnd[i]), sorted,
    // disjoint and not empty, in memory the backend reads (host or device). Time inside them is
    // added under bucket + kBuckets (the bucket it was taken from), slots then kBuckets * 2 wide.
    const int64_t* excludedStart = nullptr;
    const int64_t* excludedEnd = nullptr;
    int64_t excludedCount = 0;

    // Entries per slot of the output table: the buckets, then with exclusions the excluded buckets.
    ETT_HD int64_t slotEntries() const { return excludedCount > 0 ? 2 * kBuckets : kBuckets; }
};

// Calls add(slot, bucket, lengthNs, gpus) for [s, e) (already clipped to the range) split at
// calendar boundaries when the params ask for it. slot = calendarBucket * groups + group.
template <typename Add>
ETT_HD void accumulateCalendar(
    const SumParams& p, int32_t group, int64_t s, int64_t e, uint8_t bucket, int64_t gpus, Add& add)
{
    if (p.widthNs <= 0) {
        add(static_cast<int64_t>(group), bucket, e - s, gpus);
        return;
    }
    // Floor division: instants may precede the origin.
    int64_t k = (s - p.originNs) / p.widthNs;
    if ((s - p.originNs) % p.widthNs < 0) {
        --k;
    }
    while (s < e) {
        const int64_t boundary = p.originNs + (k + 1) * p.widthNs;
        const int64_t pieceEnd = minI64(e, boundary);
        if (k >= 0 && k < p.timeBuckets) {
            add(k * p.groups + group, bucket, pieceEnd - s, gpus);
        }
        s = pieceEnd;
        ++k;
    }
}

// Calls add(slot, bucket, lengthNs, gpus) for the part of [s, e) inside the clip range, split at
// calendar boundaries when the params ask for it; the parts inside excluded windows under
// bucket + kBuckets. slot = calendarBucket * groups + group.
template <typename Add>
ETT_HD void accumulatePiece(
    const SumParams& p, int32_t group, int64_t s, int64_t e, uint8_t bucket, int64_t gpus, Add& add)
{
    // 1. The clip range (spec 5.5).
    s = maxI64(s, p.lo);
    e = minI64(e, p.hi);
    if (e <= s) {
        return;
    }
    if (p.excludedCount == 0) {
        accumulateCalendar(p, group, s, e, bucket, gpus, add);
        return;
    }
    // 2. The first excluded window that ends after s (binary search), then alternate kept and
    //    excluded stretches up to e (spec 7.4).
    int64_t lo = 0;
    int64_t hi = p.excludedCount;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (p.excludedEnd[mid] <= s) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    for (int64_t i = lo; i < p.excludedCount && s < e; ++i) {
        const int64_t xs = p.excludedStart[i];
        if (xs >= e) {
            break;
        }
        if (xs > s) {
            accumulateCalendar(p, group, s, xs, bucket, gpus, add);
            s = xs;
        }
        const int64_t xe = minI64(e, p.excludedEnd[i]);
        accumulateCalendar(p, group, s, xe, static_cast<uint8_t>(bucket + kBuckets), gpus, add);
        s = xe;
    }
    if (s < e) {
        accumulateCalendar(p, group, s, e, bucket, gpus, add);
    }
}

// The parts of an attempt that are not its segments: the queue before the job's first attempt
// (with countQueue; weighted by the job's GPUs) and the recovery gap after the attempt (job GPUs).
template <typename Add>
ETT_HD void accumulateAttemptExtras(const SumParams& p, int32_t group, int64_t attemptStart, int64_t attemptEnd,
    int64_t jobGpus, int64_t gapAfter, int64_t queueBefore, Add& add)
{
    if (p.countQueue && queueBefore > 0) {
        accumulatePiece(p, group, attemptStart - queueBefore, attemptStart, kQueue, jobGpus, add);
    }
    if (gapAfter > 0) {
        accumulatePiece(p, group, attemptEnd, attemptEnd + gapAfter, kRecovery, jobGpus, add);
    }
}

// Everything an attempt contributes to a roll-up or a series: its segments (attempt GPUs), the
// recovery gap after it and the queue before it.
template <typename Add>
ETT_HD void accumulateAttempt(const SumParams& p, int32_t group, int64_t attemptStart, int64_t attemptEnd,
    int64_t attemptGpus, int64_t jobGpus, int64_t gapAfter, int64_t queueBefore, const int64_t* segStart,
    const int64_t* segEnd, const uint8_t* segBucket, int64_t segFirst, int64_t segLast, Add& add)
{
    for (int64_t i = segFirst; i < segLast; ++i) {
        accumulatePiece(p, group, segStart[i], segEnd[i], segBucket[i], attemptGpus, add);
    }
    accumulateAttemptExtras(p, group, attemptStart, attemptEnd, jobGpus, gapAfter, queueBefore, add);
}

} // namespace ett::gpu::kernels
