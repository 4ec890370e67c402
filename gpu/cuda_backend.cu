// The CUDA backend: the kernels of gpu/kernels.h over the device. The fleet is copied to the
// device once; attribution sorts each attempt's phase boundaries with a segmented sort (cub), then
// runs the sweep one thread per attempt (count, scan, write); sums run one thread per segment with
// block-shared accumulators (exact 128-bit adds with carry) when the table of groups is small.
#include "gpu/backend.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cub/device/device_segmented_sort.cuh>
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <vector>

namespace ett::gpu {

namespace {

// ETT_CUDA_STEPS=1 prints the time of each step of attribution to stderr (synchronising after each
// step): how device_check.sh finds where the time goes on a machine without Nsight Systems.
class StepTimer
{
public:
    StepTimer()
        : m_on(std::getenv("ETT_CUDA_STEPS") != nullptr)
        , m_last(std::chrono::steady_clock::now())
    {
    }
    void step(const char* name)
    {
        if (!m_on) {
            return;
        }
        cudaDeviceSynchronize();
        const auto now = std::chrono::steady_clock::now();
        std::fprintf(stderr, "cuda step %-28s %9.3f ms\n", name,
            std::chrono::duration<double, std::milli>(now - m_last).count());
        m_last = now;
    }

private:
    bool m_on;
    std::chrono::steady_clock::time_point m_last;
};

using namespace kernels;

constexpr int kThreads = 256;
constexpr size_t kSharedEntries = 1536; // 1536 x 32 bytes = 48 KiB of shared memory

void check(cudaError_t rc, const char* what)
{
    if (rc != cudaSuccess) {
        throw std::runtime_error(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(rc));
    }
}

unsigned blocksFor(int64_t n)
{
    const int64_t b = (n + kThreads - 1) / kThreads;
    return static_cast<unsigned>(b < 1 ? 1 : (b > 65535 * 64 ? 65535 * 64 : b));
}

template <typename T> T* raw(thrust::device_vector<T>& v)
{
    return thrust::raw_pointer_cast(v.data());
}

template <typename T> const T* raw(const thrust::device_vector<T>& v)
{
    return thrust::raw_pointer_cast(v.data());
}

__device__ void atomicAddWide(
    unsigned long long* lo, unsigned long long* hi, unsigned long long vlo, unsigned long long vhi)
{
    const unsigned long long old = atomicAdd(lo, vlo);
    const unsigned long long carry = old + vlo < old ? 1ull : 0ull;
    if (vhi + carry != 0) {
        atomicAdd(hi, vhi + carry);
    }
}

// Device view of the fleet (raw pointers into device vectors).
struct DeviceFleet
{
    const int32_t* attemptJob;
    const int64_t* attemptStart;
    const int64_t* attemptEnd;
    const int64_t* attemptGpus;
    const uint8_t* attemptOutcome;
    const int64_t* attemptFault;
    const int64_t* attemptPhaseBegin;
    const int32_t* phaseAttempt;
    const int64_t* phaseStart;
    const int64_t* phaseEnd;
    const int32_t* phaseKind;
    const uint8_t* kindCategory;
    const int64_t* jobGpus;
    const int64_t* jobAttemptBegin;
    const int64_t* jobCheckpointBegin;
    const int64_t* ckptStart;
    const int64_t* ckptDurable;
    const uint8_t* ckptFailed;
};

__global__ void prepareAttempts(DeviceFleet f, int64_t attempts, int64_t* pend, int64_t* lost)
{
    for (int64_t a = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; a < attempts;
         a += int64_t(gridDim.x) * blockDim.x) {
        const bool interrupted = isInterruptedOutcome(f.attemptOutcome[a]);
        const int64_t pe = phaseEnd(f.attemptStart[a], f.attemptEnd[a], interrupted, f.attemptFault[a]);
        pend[a] = pe;
        const int32_t job = f.attemptJob[a];
        lost[a] = interrupted ? lostFrom(f.attemptStart[a], pe, f.ckptStart, f.ckptDurable, f.ckptFailed,
                      f.jobCheckpointBegin[job], f.jobCheckpointBegin[job + 1])
                              : kNoTime;
    }
}

__global__ void preparePhases(
    DeviceFleet f, int64_t phases, const int64_t* pend, int64_t* startKey, int64_t* endKey, uint8_t* cat)
{
    for (int64_t p = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; p < phases; p += int64_t(gridDim.x) * blockDim.x) {
        const int32_t a = f.phaseAttempt[p];
        const int c = f.kindCategory[f.phaseKind[p]];
        phaseKeys(f.phaseStart[p], f.phaseEnd[p], c, f.attemptStart[a], pend[a], startKey[p], endKey[p]);
        cat[p] = static_cast<uint8_t>(c);
    }
}

__global__ void countSegments(DeviceFleet f, int64_t attempts, const int64_t* pend, const int64_t* lost,
    const int64_t* sk, const uint8_t* sc, const int64_t* ek, const uint8_t* ec, int64_t* counts)
{
    for (int64_t a = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; a < attempts;
         a += int64_t(gridDim.x) * blockDim.x) {
        const int64_t p0 = f.attemptPhaseBegin[a];
        CountEmit count;
        sweepAttempt(f.attemptStart[a], f.attemptEnd[a], pend[a], isInterruptedOutcome(f.attemptOutcome[a]), lost[a],
            sk + p0, sc + p0, ek + p0, ec + p0, f.attemptPhaseBegin[a + 1] - p0, count);
        counts[a] = count.count;
    }
}

__global__ void writeSegments(DeviceFleet f, int64_t attempts, const int64_t* pend, const int64_t* lost,
    const int64_t* sk, const uint8_t* sc, const int64_t* ek, const uint8_t* ec, const int64_t* segBegin,
    int64_t* segStart, int64_t* segEnd, uint8_t* segBucket, int32_t* segAttempt, int64_t* buckets, int64_t* firstTrain,
    int64_t* tts)
{
    for (int64_t a = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; a < attempts;
         a += int64_t(gridDim.x) * blockDim.x) {
        const int64_t p0 = f.attemptPhaseBegin[a];
        const int64_t s0 = segBegin[a];
        int64_t* row = buckets + a * kBuckets;
        for (int b = 0; b < kBuckets; ++b) {
            row[b] = 0;
        }
        WriteEmit w { segStart + s0, segEnd + s0, segBucket + s0, row };
        sweepAttempt(f.attemptStart[a], f.attemptEnd[a], pend[a], isInterruptedOutcome(f.attemptOutcome[a]), lost[a],
            sk + p0, sc + p0, ek + p0, ec + p0, f.attemptPhaseBegin[a + 1] - p0, w);
        for (int64_t s = s0; s < segBegin[a + 1]; ++s) {
            segAttempt[s] = static_cast<int32_t>(a);
        }
        firstTrain[a] = w.firstTrain;
        tts[a] = (w.firstTrain == kNoTime ? f.attemptEnd[a] : w.firstTrain) - f.attemptStart[a];
    }
}

__global__ void finishJobs(DeviceFleet f, int64_t jobs, const int64_t* firstTrain, int64_t* gapAfter, int64_t* ttr)
{
    for (int64_t j = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; j < jobs; j += int64_t(gridDim.x) * blockDim.x) {
        finishJob(f.jobAttemptBegin[j], f.jobAttemptBegin[j + 1], f.attemptStart, f.attemptEnd, f.attemptOutcome,
            f.attemptFault, firstTrain, gapAfter, ttr);
    }
}

// Writes each attempt's index over its range of a CSR column (its segments, or its phases).
__global__ void markOwningAttempts(int64_t attempts, const int64_t* begin, int32_t* owner)
{
    for (int64_t a = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; a < attempts;
         a += int64_t(gridDim.x) * blockDim.x) {
        for (int64_t i = begin[a]; i < begin[a + 1]; ++i) {
            owner[i] = static_cast<int32_t>(a);
        }
    }
}

// Adds into a table of WideSum laid out as 4 x u64 per entry.
struct TableAdd
{
    unsigned long long* table;
    int64_t width; // entries per slot (SumParams::slotEntries)
    __device__ void operator()(int64_t slot, uint8_t bucket, int64_t len, int64_t gpus)
    {
        unsigned long long* e = table + (slot * width + bucket) * 4;
        atomicAddWide(e, e + 1, static_cast<unsigned long long>(len), 0ull);
        uint64_t lo = 0;
        uint64_t hi = 0;
        mulWide(static_cast<uint64_t>(len), static_cast<uint64_t>(gpus), lo, hi);
        atomicAddWide(e + 2, e + 3, lo, hi);
    }
};

// One thread per segment (coalesced reads), then the gaps and queues one thread per attempt; into
// a block-shared table flushed to the global one, or straight into the global one when large.
template <bool Shared>
__global__ void sumKernel(SumParams p, int64_t segments, int64_t attempts, const int64_t* segStart,
    const int64_t* segEnd, const uint8_t* segBucket, const int32_t* segAttempt, const int32_t* group,
    const int64_t* attemptStart, const int64_t* attemptEnd, const int64_t* attemptGpus, const int32_t* attemptJob,
    const int64_t* jobGpus, const int64_t* gapAfter, const int64_t* queueBefore, unsigned long long* global,
    int64_t entries)
{
    extern __shared__ unsigned long long shared[];
    unsigned long long* table = global;
    if (Shared) {
        for (int64_t i = threadIdx.x; i < entries * 4; i += blockDim.x) {
            shared[i] = 0;
        }
        __syncthreads();
        table = shared;
    }
    TableAdd add { table, p.slotEntries() };
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t s = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; s < segments; s += stride) {
        const int32_t a = segAttempt[s];
        const int32_t g = group[a];
        if (g >= 0) {
            accumulatePiece(p, g, segStart[s], segEnd[s], segBucket[s], attemptGpus[a], add);
        }
    }
    for (int64_t a = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; a < attempts; a += stride) {
        const int32_t g = group[a];
        if (g >= 0) {
            accumulateAttemptExtras(
                p, g, attemptStart[a], attemptEnd[a], jobGpus[attemptJob[a]], gapAfter[a], queueBefore[a], add);
        }
    }
    if (Shared) {
        __syncthreads();
        for (int64_t i = threadIdx.x; i < entries; i += blockDim.x) {
            unsigned long long* src = shared + i * 4;
            unsigned long long* dst = global + i * 4;
            if (src[0] | src[1]) {
                atomicAddWide(dst, dst + 1, src[0], src[1]);
            }
            if (src[2] | src[3]) {
                atomicAddWide(dst + 2, dst + 3, src[2], src[3]);
            }
        }
    }
}

__global__ void selectDurations(int64_t phases, const int32_t* phaseAttempt, const int64_t* phaseStart,
    const int64_t* phaseEnd, const int32_t* phaseKind, const uint8_t* kindSelected, const int32_t* group, int64_t lo,
    int64_t hi, int32_t* outGroup, int64_t* outValue)
{
    for (int64_t p = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; p < phases; p += int64_t(gridDim.x) * blockDim.x) {
        const int32_t g = group[phaseAttempt[p]];
        const bool take = g >= 0 && kindSelected[phaseKind[p]] && phaseStart[p] >= lo && phaseStart[p] < hi;
        outGroup[p] = take ? g : -1;
        outValue[p] = phaseEnd[p] - phaseStart[p];
    }
}

struct Selected
{
    __host__ __device__ bool operator()(int32_t group) const { return group >= 0; }
};

class CudaBackend final : public Backend
{
public:
    explicit CudaBackend(int device)
        : m_device(device)
    {
        cudaDeviceProp prop {};
        check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
        m_name = std::string("CUDA: ") + prop.name + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor)
            + ", " + std::to_string(prop.totalGlobalMem >> 30) + " GiB)";
    }

    BackendInfo info() const override
    {
        BackendInfo i;
        i.kind = BackendKind::Cuda;
        i.name = m_name;
        return i;
    }

    void load(const core::FleetColumns& c) override
    {
        if (!c.checkpointsLoaded) {
            throw std::logic_error("the CUDA backend needs the checkpoints, which a lean load leaves out");
        }
        StepTimer timer;
        m_cols = &c;
        m_haveAttribution = false;
        m_attemptJob = c.attemptJob;
        m_attemptStart = c.attemptStartNs;
        m_attemptEnd = c.attemptEndNs;
        m_attemptGpus = c.attemptGpus;
        m_attemptOutcome = c.attemptOutcome;
        m_attemptFault = c.attemptFaultNs;
        m_attemptPhaseBegin = c.attemptPhaseBegin;
        timer.step("load: attempt columns");
        m_phaseAttempt.resize(c.phases());
        markOwningAttempts<<<blocksFor(static_cast<int64_t>(c.attempts())), kThreads>>>(
            static_cast<int64_t>(c.attempts()), raw(m_attemptPhaseBegin), raw(m_phaseAttempt));
        check(cudaGetLastError(), "phase attempts");
        timer.step("load: phase attempts (device)");
        m_phaseStart = c.phaseStartNs;
        m_phaseEnd = c.phaseEndNs;
        m_phaseKind = c.phaseKind;
        m_kindCategory = c.kindCategory;
        m_jobGpus = c.jobGpus;
        m_jobAttemptBegin = c.jobAttemptBegin;
        m_jobCheckpointBegin = c.jobCheckpointBegin;
        m_ckptStart = c.checkpointStartNs;
        m_ckptDurable = c.checkpointDurableNs;
        m_ckptFailed = c.checkpointFailed;
        timer.step("load: phases, jobs, checkpoints");
        std::vector<int64_t> queue(c.attempts(), 0);
        for (size_t j = 0; j < c.jobs(); ++j) {
            const auto first = static_cast<size_t>(c.jobAttemptBegin[j]);
            if (first < static_cast<size_t>(c.jobAttemptBegin[j + 1]) && c.jobSubmittedNs[j] != kNoTime
                && c.jobSubmittedNs[j] < c.attemptStartNs[first]) {
                queue[first] = c.attemptStartNs[first] - c.jobSubmittedNs[j];
            }
        }
        m_queueBefore = queue;
        check(cudaDeviceSynchronize(), "upload");
    }

    void attribute(Attribution& out) override
    {
        const auto& c = *m_cols;
        const auto na = static_cast<int64_t>(c.attempts());
        const auto np = static_cast<int64_t>(c.phases());
        const DeviceFleet f = view();
        StepTimer timer;
        thrust::device_vector<int64_t> pend(na), lost(na);
        thrust::device_vector<int64_t> startKey(np), endKey(np), sortedStartKey(np), sortedEndKey(np);
        thrust::device_vector<uint8_t> cat(np), sortedStartCat(np), sortedEndCat(np);

        // 1. Fault instants, start of lost progress, and the sweep keys of every phase.
        prepareAttempts<<<blocksFor(na), kThreads>>>(f, na, raw(pend), raw(lost));
        preparePhases<<<blocksFor(np), kThreads>>>(f, np, raw(pend), raw(startKey), raw(endKey), raw(cat));
        check(cudaGetLastError(), "prepare");
        timer.step("allocate and prepare");

        // 2. Each attempt's phases sorted by start and by end (a segmented sort over attempts).
        if (np > 0 && na > 0) {
            const int64_t* offsets = raw(m_attemptPhaseBegin);
            size_t tempBytes = 0;
            check(cub::DeviceSegmentedSort::SortPairs(nullptr, tempBytes, raw(startKey), raw(sortedStartKey), raw(cat),
                      raw(sortedStartCat), np, na, offsets, offsets + 1),
                "segmented sort (size)");
            thrust::device_vector<char> temp(tempBytes);
            check(cub::DeviceSegmentedSort::SortPairs(raw(temp), tempBytes, raw(startKey), raw(sortedStartKey),
                      raw(cat), raw(sortedStartCat), np, na, offsets, offsets + 1),
                "segmented sort of starts");
            check(cub::DeviceSegmentedSort::SortPairs(raw(temp), tempBytes, raw(endKey), raw(sortedEndKey), raw(cat),
                      raw(sortedEndCat), np, na, offsets, offsets + 1),
                "segmented sort of ends");
        }

        timer.step("segmented sorts");
        // 3. Count, scan, write.
        thrust::device_vector<int64_t> counts(na + 1, 0);
        countSegments<<<blocksFor(na), kThreads>>>(f, na, raw(pend), raw(lost), raw(sortedStartKey),
            raw(sortedStartCat), raw(sortedEndKey), raw(sortedEndCat), raw(counts));
        check(cudaGetLastError(), "count");
        timer.step("count segments");
        m_segBegin.resize(na + 1);
        thrust::exclusive_scan(thrust::device, counts.begin(), counts.end(), m_segBegin.begin());
        int64_t total = 0;
        check(cudaMemcpy(&total, raw(m_segBegin) + na, sizeof(int64_t), cudaMemcpyDeviceToHost), "segment count");
        m_segStart.resize(total);
        m_segEnd.resize(total);
        m_segBucket.resize(total);
        m_segAttempt.resize(total);
        thrust::device_vector<int64_t> buckets(na * kBuckets), firstTrain(na), tts(na);
        writeSegments<<<blocksFor(na), kThreads>>>(f, na, raw(pend), raw(lost), raw(sortedStartKey),
            raw(sortedStartCat), raw(sortedEndKey), raw(sortedEndCat), raw(m_segBegin), raw(m_segStart), raw(m_segEnd),
            raw(m_segBucket), raw(m_segAttempt), raw(buckets), raw(firstTrain), raw(tts));
        check(cudaGetLastError(), "write");
        timer.step("scan, allocate, write");

        // 4. Gaps and Time to Recover, per job.
        m_gapAfter.assign(na, 0);
        thrust::device_vector<int64_t> ttr(na, kNoTime);
        finishJobs<<<blocksFor(static_cast<int64_t>(c.jobs())), kThreads>>>(
            f, static_cast<int64_t>(c.jobs()), raw(firstTrain), raw(m_gapAfter), raw(ttr));
        check(cudaDeviceSynchronize(), "attribution");
        timer.step("jobs (gaps, TTR)");

        // 5. Results to the host.
        copyOut(m_segBegin, out.attemptSegmentBegin);
        copyOut(m_segStart, out.segmentStartNs);
        copyOut(m_segEnd, out.segmentEndNs);
        copyOut(m_segBucket, out.segmentBucket);
        copyOut(buckets, out.attemptBucketsNs);
        copyOut(tts, out.attemptTtsNs);
        copyOut(firstTrain, out.attemptFirstTrainNs);
        copyOut(ttr, out.attemptTtrNs);
        copyOut(m_gapAfter, out.attemptGapAfterNs);
        timer.step("results to the host");
        m_haveAttribution = true;
        m_attributionOnDevice = &out;
    }

    void loadAttribution(const Attribution& a) override
    {
        if (m_haveAttribution && m_attributionOnDevice == &a) {
            return; // just computed here
        }
        if (!a.segmentsLoaded) {
            // The device sums segments for every query: a lean load is the CPU backend's alone.
            throw std::logic_error("the CUDA backend needs the segments, which were not loaded");
        }
        m_segBegin = a.attemptSegmentBegin;
        m_segStart = a.segmentStartNs;
        m_segEnd = a.segmentEndNs;
        m_segBucket = a.segmentBucket;
        m_gapAfter = a.attemptGapAfterNs;
        m_segAttempt.resize(a.segments());
        const auto na = static_cast<int64_t>(a.attemptGapAfterNs.size());
        markOwningAttempts<<<blocksFor(na), kThreads>>>(na, raw(m_segBegin), raw(m_segAttempt));
        check(cudaDeviceSynchronize(), "load attribution");
        m_haveAttribution = true;
        m_attributionOnDevice = &a;
    }

    void sumSegments(const SumParams& hostParams, const std::vector<int32_t>& group, std::vector<WideSum>& out) override
    {
        // The excluded windows go to the device; the kernels read them there.
        SumParams p = hostParams;
        const auto excluded = static_cast<size_t>(hostParams.excludedCount);
        thrust::device_vector<int64_t> dExcludedStart(hostParams.excludedStart, hostParams.excludedStart + excluded);
        thrust::device_vector<int64_t> dExcludedEnd(hostParams.excludedEnd, hostParams.excludedEnd + excluded);
        p.excludedStart = excluded > 0 ? raw(dExcludedStart) : nullptr;
        p.excludedEnd = excluded > 0 ? raw(dExcludedEnd) : nullptr;
        const auto entries = static_cast<int64_t>(p.timeBuckets * p.groups * p.slotEntries());
        thrust::device_vector<int32_t> dGroup = group;
        thrust::device_vector<unsigned long long> table(entries * 4, 0ull);
        const auto segments = static_cast<int64_t>(m_segBucket.size());
        const auto attempts = static_cast<int64_t>(m_attemptJob.size());
        const unsigned blocks = blocksFor(segments > attempts ? segments : attempts);
        if (static_cast<size_t>(entries) <= kSharedEntries) {
            // Many blocks each fill a shared table; cap the grid so the flushes stay cheap.
            const unsigned grid = blocks < 1024 ? blocks : 1024;
            sumKernel<true><<<grid, kThreads, static_cast<size_t>(entries) * 4 * sizeof(unsigned long long)>>>(p,
                segments, attempts, raw(m_segStart), raw(m_segEnd), raw(m_segBucket), raw(m_segAttempt), raw(dGroup),
                raw(m_attemptStart), raw(m_attemptEnd), raw(m_attemptGpus), raw(m_attemptJob), raw(m_jobGpus),
                raw(m_gapAfter), raw(m_queueBefore), raw(table), entries);
        } else {
            sumKernel<false><<<blocks, kThreads>>>(p, segments, attempts, raw(m_segStart), raw(m_segEnd),
                raw(m_segBucket), raw(m_segAttempt), raw(dGroup), raw(m_attemptStart), raw(m_attemptEnd),
                raw(m_attemptGpus), raw(m_attemptJob), raw(m_jobGpus), raw(m_gapAfter), raw(m_queueBefore), raw(table),
                entries);
        }
        check(cudaDeviceSynchronize(), "sum");
        std::vector<unsigned long long> host(static_cast<size_t>(entries) * 4);
        check(cudaMemcpy(host.data(), raw(table), host.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost),
            "sum result");
        out.assign(static_cast<size_t>(entries), WideSum {});
        for (size_t i = 0; i < out.size(); ++i) {
            out[i] = { host[4 * i], host[4 * i + 1], host[4 * i + 2], host[4 * i + 3] };
        }
    }

    void phaseDurations(const std::vector<int32_t>& group, int32_t groups, const std::vector<uint8_t>& kindSelected,
        int64_t lo, int64_t hi, std::vector<std::vector<int64_t>>& out) override
    {
        const auto np = static_cast<int64_t>(m_phaseStart.size());
        thrust::device_vector<int32_t> dGroup = group;
        thrust::device_vector<uint8_t> dKinds = kindSelected;
        thrust::device_vector<int32_t> g(np);
        thrust::device_vector<int64_t> v(np);
        selectDurations<<<blocksFor(np), kThreads>>>(np, raw(m_phaseAttempt), raw(m_phaseStart), raw(m_phaseEnd),
            raw(m_phaseKind), raw(dKinds), raw(dGroup), lo, hi, raw(g), raw(v));
        check(cudaGetLastError(), "select durations");
        // Only the selected phases go on: sorting and copying back every phase of the fleet made this
        // 7x slower than the CPU backend on an H200 (90 ms against 13 ms at 10 M phases).
        const auto n = thrust::count_if(thrust::device, g.begin(), g.end(), Selected {});
        thrust::device_vector<int32_t> sg(n);
        thrust::device_vector<int64_t> sv(n);
        const auto from = thrust::make_zip_iterator(thrust::make_tuple(g.begin(), v.begin()));
        thrust::copy_if(thrust::device, from, from + np, g.begin(),
            thrust::make_zip_iterator(thrust::make_tuple(sg.begin(), sv.begin())), Selected {});
        g.clear();
        g.shrink_to_fit();
        v.clear();
        v.shrink_to_fit();
        // Sort by value, then stably by group: each group's values end up together and ascending.
        thrust::sort_by_key(thrust::device, sv.begin(), sv.end(), sg.begin());
        thrust::stable_sort_by_key(thrust::device, sg.begin(), sg.end(), sv.begin());
        check(cudaDeviceSynchronize(), "sort durations");
        std::vector<int32_t> hg;
        std::vector<int64_t> hv;
        copyOut(sg, hg);
        copyOut(sv, hv);
        out.assign(static_cast<size_t>(groups), {});
        size_t i = 0;
        while (i < hg.size()) {
            size_t j = i;
            while (j < hg.size() && hg[j] == hg[i]) {
                ++j;
            }
            out[static_cast<size_t>(hg[i])].assign(
                hv.begin() + static_cast<std::ptrdiff_t>(i), hv.begin() + static_cast<std::ptrdiff_t>(j));
            i = j;
        }
    }

private:
    // Plain copies from and to pageable memory. Two pinned staging buffers with the host's memcpy
    // overlapping the DMA were tried on an H200 and gained nothing: the time of "results to the host"
    // (about 0.8 s for 1.35 GB at 100 M phases) is the host's, allocating and filling the vectors.
    template <typename T> static void copyOut(const thrust::device_vector<T>& d, std::vector<T>& h)
    {
        h.resize(d.size());
        if (!h.empty()) {
            check(cudaMemcpy(h.data(), raw(d), h.size() * sizeof(T), cudaMemcpyDeviceToHost), "copy to host");
        }
    }

    DeviceFleet view() const
    {
        return { raw(m_attemptJob), raw(m_attemptStart), raw(m_attemptEnd), raw(m_attemptGpus), raw(m_attemptOutcome),
            raw(m_attemptFault), raw(m_attemptPhaseBegin), raw(m_phaseAttempt), raw(m_phaseStart), raw(m_phaseEnd),
            raw(m_phaseKind), raw(m_kindCategory), raw(m_jobGpus), raw(m_jobAttemptBegin), raw(m_jobCheckpointBegin),
            raw(m_ckptStart), raw(m_ckptDurable), raw(m_ckptFailed) };
    }

    int m_device;
    std::string m_name;
    const core::FleetColumns* m_cols = nullptr;
    bool m_haveAttribution = false;
    const Attribution* m_attributionOnDevice = nullptr;
    thrust::device_vector<int32_t> m_attemptJob, m_phaseAttempt, m_phaseKind, m_segAttempt;
    thrust::device_vector<int64_t> m_attemptStart, m_attemptEnd, m_attemptGpus, m_attemptFault, m_attemptPhaseBegin,
        m_phaseStart, m_phaseEnd, m_jobGpus, m_jobAttemptBegin, m_jobCheckpointBegin, m_ckptStart, m_ckptDurable,
        m_queueBefore, m_segBegin, m_segStart, m_segEnd, m_gapAfter;
    thrust::device_vector<uint8_t> m_attemptOutcome, m_kindCategory, m_ckptFailed, m_segBucket;
};

} // namespace

std::unique_ptr<Backend> makeCudaBackend(std::string& whyNot)
{
    int count = 0;
    const cudaError_t rc = cudaGetDeviceCount(&count);
    if (rc != cudaSuccess) {
        whyNot = std::string("no usable CUDA driver or device (") + cudaGetErrorString(rc) + ")";
        cudaGetLastError(); // clear the sticky error
        return nullptr;
    }
    if (count == 0) {
        whyNot = "no CUDA device found";
        return nullptr;
    }
    try {
        check(cudaSetDevice(0), "cudaSetDevice");
        check(cudaFree(nullptr), "context creation");
        return std::make_unique<CudaBackend>(0);
    } catch (const std::exception& e) {
        whyNot = e.what();
        return nullptr;
    }
}

} // namespace ett::gpu
