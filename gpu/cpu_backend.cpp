// The CPU backend: the kernels of gpu/kernels.h run over all cores with std::thread. Parallel over
// attempts (each attempt is independent once its phases are sorted), with thread-private
// accumulators for small group counts and atomic 128-bit adds for large ones.
#include "core/model/huge_pages.h"
#include "gpu/backend.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace ett::gpu {

namespace {

using namespace kernels;

int threadCount()
{
    if (const char* env = std::getenv("ETTW_THREADS")) {
        const int n = std::atoi(env);
        if (n > 0) {
            return n;
        }
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

// Runs fn(begin, end, thread) over [0, n) in chunks of `grain`, on all threads.
template <typename Fn> void parallelFor(int64_t n, int64_t grain, int threads, Fn&& fn)
{
    if (n <= 0) {
        return;
    }
    if (threads <= 1 || n <= grain) {
        fn(int64_t { 0 }, n, 0);
        return;
    }
    std::atomic<int64_t> next { 0 };
    auto worker = [&](int t) {
        while (true) {
            const int64_t b = next.fetch_add(grain, std::memory_order_relaxed);
            if (b >= n) {
                break;
            }
            fn(b, std::min(b + grain, n), t);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) {
        pool.emplace_back(worker, t);
    }
    worker(0);
    for (auto& th : pool) {
        th.join();
    }
}

void addWide(uint64_t& lo, uint64_t& hi, uint64_t vlo, uint64_t vhi)
{
    const uint64_t old = lo;
    lo += vlo;
    hi += vhi + (lo < old ? 1 : 0);
}

void atomicAddWide(uint64_t& lo, uint64_t& hi, uint64_t vlo, uint64_t vhi)
{
    const uint64_t old = __atomic_fetch_add(&lo, vlo, __ATOMIC_RELAXED);
    const uint64_t carry = old + vlo < old ? 1 : 0;
    if (vhi + carry != 0) {
        __atomic_fetch_add(&hi, vhi + carry, __ATOMIC_RELAXED);
    }
}

struct KeyCat
{
    int64_t key;
    uint8_t cat;
};

class CpuBackend final : public Backend
{
public:
    CpuBackend()
        : m_threads(threadCount())
    {
    }

    BackendInfo info() const override
    {
        BackendInfo i;
        i.kind = BackendKind::Cpu;
        i.name = "CPU (" + std::to_string(m_threads) + (m_threads == 1 ? " thread)" : " threads)");
        i.threads = m_threads;
        return i;
    }

    void load(const core::FleetColumns& columns) override
    {
        m_cols = &columns;
        m_attr = nullptr;
        // Queue before each job's first attempt (used only with countQueue).
        const auto& c = columns;
        m_queueBefore.assign(c.attempts(), 0);
        for (size_t j = 0; j < c.jobs(); ++j) {
            const int64_t first = c.jobAttemptBegin[j];
            if (first < c.jobAttemptBegin[j + 1] && c.jobSubmittedNs[j] != kNoTime
                && c.jobSubmittedNs[j] < c.attemptStartNs[static_cast<size_t>(first)]) {
                m_queueBefore[static_cast<size_t>(first)]
                    = c.attemptStartNs[static_cast<size_t>(first)] - c.jobSubmittedNs[j];
            }
        }
    }

    void attribute(Attribution& out) override
    {
        const auto& c = *m_cols;
        if (!c.checkpointsLoaded) {
            throw std::logic_error("attribution needs the checkpoints, which a lean load leaves out");
        }
        const auto na = static_cast<int64_t>(c.attempts());
        const auto np = c.phases();
        std::vector<int64_t> startKey(np), endKey(np);
        std::vector<uint8_t> startCat(np), endCat(np);
        std::vector<int64_t> lost(static_cast<size_t>(na)), pend(static_cast<size_t>(na));
        std::vector<int64_t> counts(static_cast<size_t>(na));

        // 1. Per attempt: fault instant, start of lost progress, phases sorted by start and by end.
        parallelFor(na, 256, m_threads, [&](int64_t b, int64_t e, int) {
            std::vector<KeyCat> starts;
            std::vector<KeyCat> ends;
            for (int64_t a = b; a < e; ++a) {
                const auto ai = static_cast<size_t>(a);
                const bool interrupted = isInterruptedOutcome(c.attemptOutcome[ai]);
                const int64_t pe
                    = phaseEnd(c.attemptStartNs[ai], c.attemptEndNs[ai], interrupted, c.attemptFaultNs[ai]);
                const auto job = static_cast<size_t>(c.attemptJob[ai]);
                pend[ai] = pe;
                lost[ai] = interrupted
                    ? lostFrom(c.attemptStartNs[ai], pe, c.checkpointStartNs.data(), c.checkpointDurableNs.data(),
                        c.checkpointFailed.data(), c.jobCheckpointBegin[job], c.jobCheckpointBegin[job + 1])
                    : kNoTime;
                const auto p0 = static_cast<size_t>(c.attemptPhaseBegin[ai]);
                const auto p1 = static_cast<size_t>(c.attemptPhaseBegin[ai + 1]);
                starts.clear();
                ends.clear();
                for (size_t p = p0; p < p1; ++p) {
                    const int cat = c.kindCategory[static_cast<size_t>(c.phaseKind[p])];
                    int64_t sk = 0;
                    int64_t ek = 0;
                    phaseKeys(c.phaseStartNs[p], c.phaseEndNs[p], cat, c.attemptStartNs[ai], pe, sk, ek);
                    starts.push_back({ sk, static_cast<uint8_t>(cat) });
                    ends.push_back({ ek, static_cast<uint8_t>(cat) });
                }
                auto byKey = [](const KeyCat& x, const KeyCat& y) { return x.key < y.key; };
                std::sort(starts.begin(), starts.end(), byKey);
                std::sort(ends.begin(), ends.end(), byKey);
                for (size_t i = 0; i < starts.size(); ++i) {
                    startKey[p0 + i] = starts[i].key;
                    startCat[p0 + i] = starts[i].cat;
                    endKey[p0 + i] = ends[i].key;
                    endCat[p0 + i] = ends[i].cat;
                }
                CountEmit count;
                sweepAttempt(c.attemptStartNs[ai], c.attemptEndNs[ai], pe, interrupted, lost[ai], startKey.data() + p0,
                    startCat.data() + p0, endKey.data() + p0, endCat.data() + p0, static_cast<int64_t>(p1 - p0), count);
                counts[ai] = count.count;
            }
        });

        // 2. Offsets of each attempt's segments.
        out.attemptSegmentBegin.assign(static_cast<size_t>(na) + 1, 0);
        for (int64_t a = 0; a < na; ++a) {
            out.attemptSegmentBegin[static_cast<size_t>(a) + 1]
                = out.attemptSegmentBegin[static_cast<size_t>(a)] + counts[static_cast<size_t>(a)];
        }
        const auto ns = static_cast<size_t>(out.attemptSegmentBegin.back());
        out.segmentStartNs.assign(ns, 0);
        out.segmentEndNs.assign(ns, 0);
        out.segmentBucket.assign(ns, 0);
        out.attemptBucketsNs.assign(static_cast<size_t>(na) * kBuckets, 0);
        out.attemptTtsNs.assign(static_cast<size_t>(na), 0);
        out.attemptFirstTrainNs.assign(static_cast<size_t>(na), kNoTime);
        out.attemptTtrNs.assign(static_cast<size_t>(na), kNoTime);
        out.attemptGapAfterNs.assign(static_cast<size_t>(na), 0);

        // 3. Per attempt again: write the segments and the totals.
        parallelFor(na, 256, m_threads, [&](int64_t b, int64_t e, int) {
            for (int64_t a = b; a < e; ++a) {
                const auto ai = static_cast<size_t>(a);
                const auto p0 = static_cast<size_t>(c.attemptPhaseBegin[ai]);
                const auto s0 = static_cast<size_t>(out.attemptSegmentBegin[ai]);
                WriteEmit w { out.segmentStartNs.data() + s0, out.segmentEndNs.data() + s0,
                    out.segmentBucket.data() + s0, out.attemptBucketsNs.data() + ai * kBuckets };
                sweepAttempt(c.attemptStartNs[ai], c.attemptEndNs[ai], pend[ai],
                    isInterruptedOutcome(c.attemptOutcome[ai]), lost[ai], startKey.data() + p0, startCat.data() + p0,
                    endKey.data() + p0, endCat.data() + p0, c.attemptPhaseBegin[ai + 1] - c.attemptPhaseBegin[ai], w);
                out.attemptFirstTrainNs[ai] = w.firstTrain;
                out.attemptTtsNs[ai]
                    = (w.firstTrain == kNoTime ? c.attemptEndNs[ai] : w.firstTrain) - c.attemptStartNs[ai];
            }
        });

        // 4. Per job: recovery gaps and Time to Recover.
        parallelFor(static_cast<int64_t>(c.jobs()), 1024, m_threads, [&](int64_t b, int64_t e, int) {
            for (int64_t j = b; j < e; ++j) {
                finishJob(c.jobAttemptBegin[static_cast<size_t>(j)], c.jobAttemptBegin[static_cast<size_t>(j) + 1],
                    c.attemptStartNs.data(), c.attemptEndNs.data(), c.attemptOutcome.data(), c.attemptFaultNs.data(),
                    out.attemptFirstTrainNs.data(), out.attemptGapAfterNs.data(), out.attemptTtrNs.data());
            }
        });
        m_attr = &out;
    }

    void loadAttribution(const Attribution& attribution) override { m_attr = &attribution; }

    void sumSegments(const SumParams& p, const std::vector<int32_t>& group, std::vector<WideSum>& out) override
    {
        const auto& c = *m_cols;
        const Attribution& at = *m_attr;
        const auto width = static_cast<size_t>(p.slotEntries());
        const auto entries = static_cast<size_t>(p.timeBuckets * p.groups) * width;
        if (out.capacity() < entries) {
            std::vector<WideSum>().swap(out);
            core::reserveOnHugePages(out, entries); // one slot per job or attempt: tens of MB
        }
        out.assign(entries, WideSum {});
        const auto na = static_cast<int64_t>(c.attempts());
        // Over all time and without a calendar, an attempt's segments add up to its bucket totals
        // (the accounting sums them so): the same sums from 13 numbers an attempt, segments unread.
        const bool totals = p.lo == INT64_MIN && p.hi == INT64_MAX && p.widthNs <= 0 && p.excludedCount == 0;
        if (!totals && !at.segmentsLoaded) {
            throw std::logic_error("a clipped or calendared sum needs the segments, which were not loaded");
        }
        auto sumRange = [&](int64_t b, int64_t e, auto&& add) {
            for (int64_t a = b; a < e; ++a) {
                const auto ai = static_cast<size_t>(a);
                const int32_t g = group[ai];
                if (g < 0) {
                    continue;
                }
                if (totals) {
                    const int64_t* bucketNs = at.attemptBucketsNs.data() + ai * kBuckets;
                    for (int bucket = 0; bucket < kBuckets; ++bucket) {
                        if (bucketNs[bucket] > 0) {
                            add(static_cast<int64_t>(g), static_cast<uint8_t>(bucket), bucketNs[bucket],
                                c.attemptGpus[ai]);
                        }
                    }
                    accumulateAttemptExtras(p, g, c.attemptStartNs[ai], c.attemptEndNs[ai],
                        c.jobGpus[static_cast<size_t>(c.attemptJob[ai])], at.attemptGapAfterNs[ai], m_queueBefore[ai],
                        add);
                    continue;
                }
                accumulateAttempt(p, g, c.attemptStartNs[ai], c.attemptEndNs[ai], c.attemptGpus[ai],
                    c.jobGpus[static_cast<size_t>(c.attemptJob[ai])], at.attemptGapAfterNs[ai], m_queueBefore[ai],
                    at.segmentStartNs.data(), at.segmentEndNs.data(), at.segmentBucket.data(),
                    at.attemptSegmentBegin[ai], at.attemptSegmentBegin[ai + 1], add);
            }
        };
        if (entries <= (size_t { 1 } << 16)) {
            // Few groups: each thread sums privately, then the partial sums are added up.
            std::vector<std::vector<WideSum>> partial(static_cast<size_t>(m_threads), std::vector<WideSum>(entries));
            parallelFor(na, 2048, m_threads, [&](int64_t b, int64_t e, int t) {
                auto& acc = partial[static_cast<size_t>(t)];
                auto add = [&](int64_t slot, uint8_t bucket, int64_t len, int64_t gpus) {
                    WideSum& s = acc[static_cast<size_t>(slot) * width + bucket];
                    addWide(s.timeLo, s.timeHi, static_cast<uint64_t>(len), 0);
                    uint64_t lo = 0;
                    uint64_t hi = 0;
                    mulWide(static_cast<uint64_t>(len), static_cast<uint64_t>(gpus), lo, hi);
                    addWide(s.gpuLo, s.gpuHi, lo, hi);
                };
                sumRange(b, e, add);
            });
            for (const auto& acc : partial) {
                for (size_t i = 0; i < entries; ++i) {
                    addWide(out[i].timeLo, out[i].timeHi, acc[i].timeLo, acc[i].timeHi);
                    addWide(out[i].gpuLo, out[i].gpuHi, acc[i].gpuLo, acc[i].gpuHi);
                }
            }
        } else {
            // Many groups (by job, by attempt): one shared table, atomic 128-bit adds.
            parallelFor(na, 2048, m_threads, [&](int64_t b, int64_t e, int) {
                auto add = [&](int64_t slot, uint8_t bucket, int64_t len, int64_t gpus) {
                    WideSum& s = out[static_cast<size_t>(slot) * width + bucket];
                    atomicAddWide(s.timeLo, s.timeHi, static_cast<uint64_t>(len), 0);
                    uint64_t lo = 0;
                    uint64_t hi = 0;
                    mulWide(static_cast<uint64_t>(len), static_cast<uint64_t>(gpus), lo, hi);
                    atomicAddWide(s.gpuLo, s.gpuHi, lo, hi);
                };
                sumRange(b, e, add);
            });
        }
    }

    void phaseDurations(const std::vector<int32_t>& group, int32_t groups, const std::vector<uint8_t>& kindSelected,
        int64_t lo, int64_t hi, std::vector<std::vector<int64_t>>& out) override
    {
        const auto& c = *m_cols;
        std::vector<std::vector<std::vector<int64_t>>> partial(
            static_cast<size_t>(m_threads), std::vector<std::vector<int64_t>>(static_cast<size_t>(groups)));
        parallelFor(static_cast<int64_t>(c.attempts()), 1024, m_threads, [&](int64_t b, int64_t e, int t) {
            auto& mine = partial[static_cast<size_t>(t)];
            for (int64_t a = b; a < e; ++a) {
                const auto ai = static_cast<size_t>(a);
                if (group[ai] < 0) {
                    continue;
                }
                for (auto p = static_cast<size_t>(c.attemptPhaseBegin[ai]);
                     p < static_cast<size_t>(c.attemptPhaseBegin[ai + 1]); ++p) {
                    if (kindSelected[static_cast<size_t>(c.phaseKind[p])] && c.phaseStartNs[p] >= lo
                        && c.phaseStartNs[p] < hi) {
                        mine[static_cast<size_t>(group[ai])].push_back(c.phaseEndNs[p] - c.phaseStartNs[p]);
                    }
                }
            }
        });
        out.assign(static_cast<size_t>(groups), {});
        for (auto& mine : partial) {
            for (size_t g = 0; g < mine.size(); ++g) {
                out[g].insert(out[g].end(), mine[g].begin(), mine[g].end());
            }
        }
        parallelFor(groups, 1, m_threads, [&](int64_t b, int64_t e, int) {
            for (int64_t g = b; g < e; ++g) {
                std::sort(out[static_cast<size_t>(g)].begin(), out[static_cast<size_t>(g)].end());
            }
        });
    }

private:
    int m_threads;
    const core::FleetColumns* m_cols = nullptr;
    const Attribution* m_attr = nullptr;
    std::vector<int64_t> m_queueBefore;
};

} // namespace

std::unique_ptr<Backend> makeCpuBackend()
{
    return std::make_unique<CpuBackend>();
}

} // namespace ett::gpu
