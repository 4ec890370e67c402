#include "core/store/column_assembler.h"

#include "core/model/huge_pages.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>
#include <type_traits>
#include <unordered_map>

namespace ett::core::columnar {

class FleetAssembler::Impl
{
public:
    Impl(std::vector<std::string> labels, const std::vector<int64_t>& labelIds, std::optional<int64_t> only,
        bool withSegments, bool withCheckpoints)
        : m_only(only)
        , m_withSegments(withSegments)
        , m_withCheckpoints(withCheckpoints)
    {
        at().segmentsLoaded = withSegments;
        c().checkpointsLoaded = withCheckpoints;
        c().labels = std::move(labels);
        for (size_t i = 0; i < labelIds.size(); ++i) {
            m_labelCode[labelIds[i]] = static_cast<int32_t>(i);
        }
        c().jobAttemptBegin.assign(1, 0);
        c().jobCheckpointBegin.assign(1, 0);
        at().attemptSegmentBegin.assign(1, 0);
    }

    ~Impl()
    {
        // An unfinished load (an error, a cancel): the chunks still waiting are dropped, and so is
        // the worker's error (the load is failing already).
        (void)stopWorker(true);
    }

    void reserve(size_t jobs, size_t attempts, size_t segments, size_t checkpoints)
    {
        m_jobsReserved = jobs;
        for (auto* v : { &c().jobRowId, &c().jobGpus, &c().jobSubmittedNs }) {
            reserveOnHugePages(*v, jobs);
        }
        reserveOnHugePages(c().jobLabel, jobs);
        reserveOnHugePages(c().jobKey, jobs);
        reserveOnHugePages(c().jobName, jobs);
        reserveOnHugePages(c().jobAttemptBegin, jobs + 1);
        reserveOnHugePages(c().jobCheckpointBegin, jobs + 1);
        for (auto* v : { &c().attemptJob, &c().attemptNumber, &c().attemptCauseClass }) {
            reserveOnHugePages(*v, attempts);
        }
        for (auto* v :
            { &c().attemptStartNs, &c().attemptEndNs, &c().attemptGpus, &c().attemptFaultNs, &m_out.attemptRowId,
                &at().attemptTtsNs, &at().attemptFirstTrainNs, &at().attemptTtrNs, &at().attemptGapAfterNs }) {
            reserveOnHugePages(*v, attempts);
        }
        reserveOnHugePages(c().attemptOutcome, attempts);
        reserveOnHugePages(c().attemptInterruption, attempts);
        reserveOnHugePages(at().attemptBucketsNs, attempts * kBucketCount);
        reserveOnHugePages(at().attemptSegmentBegin, attempts + 1);
        if (m_withSegments) {
            reserveOnHugePages(at().segmentStartNs, segments);
            reserveOnHugePages(at().segmentEndNs, segments);
            reserveOnHugePages(at().segmentBucket, segments);
        }
        if (m_withCheckpoints) {
            reserveOnHugePages(c().checkpointStartNs, checkpoints);
            reserveOnHugePages(c().checkpointDurableNs, checkpoints);
            reserveOnHugePages(c().checkpointFailed, checkpoints);
        }
    }

    Status append(const Chunk& k, Bulk* bulk, int64_t chunk)
    {
        if (bulk && m_only) {
            return Error { "internal: a bulk chunk with a label filter" };
        }
        const size_t jobs = k.jobLabelId.size();
        const size_t attempts = k.attemptCause.size();
        // The sizes of the bulk columns: k's, or (bulk) what the chunk's counts say they hold, which
        // the bulk decoding checks (the loop below reads none of them).
        std::array<size_t, kBulkCount> sizes {};
        if (bulk) {
            auto total = [](const std::vector<int64_t>& counts) {
                int64_t n = 0;
                for (const int64_t c : counts) {
                    n += std::max<int64_t>(0, c);
                }
                return static_cast<size_t>(n);
            };
            const size_t segments = m_withSegments ? total(k.attemptSegments) : 0;
            const size_t checkpoints = m_withCheckpoints ? total(k.jobCheckpoints) : 0;
            sizes = { attempts * kBucketCount, segments, segments, checkpoints, checkpoints, checkpoints };
            for (size_t i = kBulkJobRowId; i <= kBulkJobName; ++i) {
                sizes[i] = jobs;
            }
            for (size_t i = kBulkAttemptRowId; i < kBulkCount; ++i) {
                sizes[i] = attempts;
            }
        } else {
            sizes = { k.attemptBucketsNs.size(), k.segmentBucket.size(), k.segmentLengthNs.size(),
                k.checkpointStartNs.size(), k.checkpointDurableNs.size(), k.checkpointFailed.size() };
        }
        if (auto st = check(k, sizes, bulk != nullptr); !st) {
            return st;
        }
        const size_t attemptBase = c().attemptJob.size();
        if (!bulk) {
            // The second thread appends to the arrays this chunk's values go to: it finishes first.
            if (Status st = drainWorker(); !st) {
                return st;
            }
        } else {
            // The attempts' totals and most of their values, and the checkpoints, go to the second
            // thread; this one codes the chunk's jobs and decodes the rest (distinct arrays), then reads
            // the next chunk while the second is still decoding this one.
            queueForWorker(*bulk, sizes, chunk);
        }
        appendCoded(k, bulk != nullptr);
        return bulk ? appendBulkMine(k, *bulk, attemptBase, sizes) : Status::success();
    }

    // k's jobs and attempts as the fleet's codes (labels, attributes, cause classes) and CSR offsets;
    // without `bulk` their values too (with it, the bulk decoding appends those).
    void appendCoded(const Chunk& k, bool bulk)
    {
        int64_t segmentEnd = at().attemptSegmentBegin.back();
        ChunkCodes codes(k);
        size_t attempt = 0, checkpoint = 0, segment = 0, attr = 0;
        for (size_t j = 0; j < k.jobLabelId.size(); ++j) {
            const auto attempts = static_cast<size_t>(k.jobAttempts[j]);
            const auto checkpoints = static_cast<size_t>(k.jobCheckpoints[j]);
            size_t segments = 0;
            for (size_t a = attempt; a < attempt + attempts; ++a) {
                segments += static_cast<size_t>(k.attemptSegments[a]);
            }
            const size_t attrEnd = attrEndOf(k, j, attr);
            if (m_only && k.jobLabelId[j] != *m_only) {
                attempt += attempts;
                checkpoint += checkpoints;
                segment += segments;
                attr = attrEnd;
                continue;
            }
            const auto job = static_cast<int64_t>(c().jobLabel.size());
            c().jobLabel.push_back(m_labelCode.at(k.jobLabelId[j]));
            if (!bulk) {
                c().jobRowId.push_back(k.jobRowId[j]);
                c().jobKey.push_back(k.jobKey[j]);
                c().jobName.push_back(k.jobName[j]);
                c().jobGpus.push_back(k.jobGpus[j]);
                c().jobSubmittedNs.push_back(k.jobSubmittedNs[j]);
            }
            c().jobAttr.resize(c().jobLabel.size() * m_attrStride, -1);
            for (; attr < attrEnd; ++attr) {
                const auto [key, value] = attrCode(k, codes, attr);
                setAttr(static_cast<size_t>(job), key, value);
            }
            for (size_t a = attempt; a < attempt + attempts; ++a) {
                c().attemptJob.push_back(static_cast<int32_t>(job));
                c().attemptCauseClass.push_back(causeCode(k, codes, a));
                const auto end = segment + static_cast<size_t>(k.attemptSegments[a]);
                if (!m_withSegments) {
                    // None read: every attempt's run begins (and ends) at 0.
                    at().segmentsLeftOut += k.attemptSegments[a];
                    at().attemptSegmentBegin.push_back(0);
                    segment = end;
                } else if (bulk) {
                    segmentEnd += k.attemptSegments[a];
                    at().attemptSegmentBegin.push_back(segmentEnd);
                    segment = end;
                }
                if (bulk) {
                    continue;
                }
                c().attemptNumber.push_back(static_cast<int32_t>(k.attemptNumber[a]));
                c().attemptStartNs.push_back(k.attemptStartNs[a]);
                c().attemptEndNs.push_back(k.attemptEndNs[a]);
                c().attemptGpus.push_back(k.attemptGpus[a]);
                c().attemptOutcome.push_back(static_cast<uint8_t>(k.attemptOutcome[a]));
                c().attemptInterruption.push_back(static_cast<uint8_t>(k.attemptInterruption[a]));
                c().attemptFaultNs.push_back(k.attemptFaultNs[a]);
                m_out.attemptRowId.push_back(k.attemptRowId[a]);
                at().attemptBucketsNs.insert(at().attemptBucketsNs.end(),
                    k.attemptBucketsNs.begin() + static_cast<std::ptrdiff_t>(a * kBucketCount),
                    k.attemptBucketsNs.begin() + static_cast<std::ptrdiff_t>((a + 1) * kBucketCount));
                at().attemptTtsNs.push_back(k.attemptTtsNs[a]);
                at().attemptFirstTrainNs.push_back(k.attemptFirstTrainNs[a]);
                at().attemptTtrNs.push_back(k.attemptTtrNs[a]);
                at().attemptGapAfterNs.push_back(k.attemptGapAfterNs[a]);
                if (!m_withSegments) {
                    continue;
                }
                int64_t start = k.attemptStartNs[a];
                for (; segment < end; ++segment) {
                    at().segmentStartNs.push_back(start);
                    start += k.segmentLengthNs[segment];
                    at().segmentEndNs.push_back(start);
                    at().segmentBucket.push_back(static_cast<uint8_t>(k.segmentBucket[segment]));
                }
                at().attemptSegmentBegin.push_back(static_cast<int64_t>(at().segmentBucket.size()));
            }
            attempt += attempts;
            for (size_t p = checkpoint; p < checkpoint + checkpoints && !bulk && m_withCheckpoints; ++p) {
                c().checkpointStartNs.push_back(k.checkpointStartNs[p]);
                c().checkpointDurableNs.push_back(k.checkpointDurableNs[p]);
                c().checkpointFailed.push_back(static_cast<uint8_t>(k.checkpointFailed[p]));
            }
            checkpoint += checkpoints;
            c().jobAttemptBegin.push_back(static_cast<int64_t>(c().attemptJob.size()));
            m_checkpointEnd += static_cast<int64_t>(checkpoints);
            c().jobCheckpointBegin.push_back(m_checkpointEnd);
        }
    }

    // The codes append() would give k's jobs, and nothing else: their attributes and cause classes.
    Status appendVocabulary(const Chunk& k)
    {
        if (auto st = checkCodes(k, k.attemptCause.size()); !st) {
            return st;
        }
        ChunkCodes codes(k);
        size_t attempt = 0, attr = 0;
        for (size_t j = 0; j < k.jobLabelId.size(); ++j) {
            const auto attempts = static_cast<size_t>(k.jobAttempts[j]);
            const size_t attrEnd = attrEndOf(k, j, attr);
            if (!m_only || k.jobLabelId[j] == *m_only) {
                for (; attr < attrEnd; ++attr) {
                    attrCode(k, codes, attr);
                }
                for (size_t a = attempt; a < attempt + attempts; ++a) {
                    causeCode(k, codes, a);
                }
            }
            attempt += attempts;
            attr = attrEnd;
        }
        return Status::success();
    }

    // T's range, for a column of integers (a column of strings has none).
    template <typename T> static constexpr int64_t lowest()
    {
        if constexpr (std::is_integral_v<T>) {
            return std::numeric_limits<T>::min();
        }
        return 0;
    }
    template <typename T> static constexpr int64_t highest()
    {
        if constexpr (std::is_integral_v<T>) {
            return static_cast<int64_t>(std::numeric_limits<T>::max());
        }
        return 0;
    }

    // Bulk column `column` decompressed (into `raw`) and appended to `out`, its values within [lo, hi];
    // Error: damage, or not the size the chunk's counts say (sizes), named by the column.
    template <typename T>
    static Status decodeBulk(const Bulk& bulk, const std::array<size_t, kBulkCount>& sizes, BulkColumn column,
        std::vector<T>& out, std::string& raw, int64_t lo = lowest<T>(), int64_t hi = highest<T>())
    {
        const auto i = static_cast<size_t>(column);
        const std::string name = std::string("column ") + kBulkNames[column];
        if (!bulk.present[i]) {
            return sizes[i] == 0 ? Status::success() : Status(Error { name + " is missing" });
        }
        if (auto st = decompress(bulk.packed[i], bulk.rawBytes[i], raw); !st) {
            return Error { name + ": " + st.error().message };
        }
        const size_t before = out.size();
        Status st = Status::success();
        if constexpr (std::is_same_v<T, std::string>) {
            st = appendStrings(raw, out);
        } else {
            st = appendInts(raw, out, lo, hi);
        }
        if (!st) {
            return Error { name + ": " + st.error().message };
        }
        if (out.size() - before != sizes[i]) {
            return Error { name + " holds " + std::to_string(out.size() - before) + " values, not "
                + std::to_string(sizes[i]) };
        }
        return Status::success();
    }

    // The bulk columns the second thread decodes: the attempts' totals and most of their values, the
    // jobs' submissions, the checkpoints, the segments' buckets.
    Status appendBulkOthers(const Bulk& bulk, const std::array<size_t, kBulkCount>& sizes)
    {
        std::string raw;
        Status st = decodeBulk(bulk, sizes, kBulkBuckets, at().attemptBucketsNs, raw);
        for (const auto& [column, out] :
            { std::pair { kBulkAttemptRowId, &m_out.attemptRowId }, std::pair { kBulkAttemptEnd, &c().attemptEndNs },
                std::pair { kBulkAttemptGpus, &c().attemptGpus }, std::pair { kBulkAttemptFault, &c().attemptFaultNs },
                std::pair { kBulkJobSubmitted, &c().jobSubmittedNs }, std::pair { kBulkAttemptTts, &at().attemptTtsNs },
                std::pair { kBulkAttemptFirstTrain, &at().attemptFirstTrainNs },
                std::pair { kBulkAttemptTtr, &at().attemptTtrNs },
                std::pair { kBulkAttemptGapAfter, &at().attemptGapAfterNs },
                std::pair { kBulkCheckpointStart, &c().checkpointStartNs },
                std::pair { kBulkCheckpointDurable, &c().checkpointDurableNs } }) {
            st = st ? decodeBulk(bulk, sizes, column, *out, raw) : st;
        }
        st = st ? decodeBulk(bulk, sizes, kBulkAttemptNumber, c().attemptNumber, raw) : st;
        st = st ? decodeBulk(bulk, sizes, kBulkAttemptOutcome, c().attemptOutcome, raw, 0, 255) : st;
        st = st ? decodeBulk(bulk, sizes, kBulkAttemptInterruption, c().attemptInterruption, raw, 0, 255) : st;
        st = st ? decodeBulk(bulk, sizes, kBulkCheckpointFailed, c().checkpointFailed, raw, 0, 1) : st;
        if (st && m_withSegments) {
            st = decodeBulk(bulk, sizes, kBulkSegmentBucket, at().segmentBucket, raw, 0, kBucketCount - 1);
        }
        return st;
    }

    // The bulk columns this thread decodes: the jobs' keys, names, row ids and GPUs, the attempts' starts, then
    // the segments' lengths turned into instants from their attempts' starts.
    Status appendBulkMine(
        const Chunk& k, const Bulk& bulk, size_t attemptBase, const std::array<size_t, kBulkCount>& sizes)
    {
        std::string raw;
        Status st = decodeBulk(bulk, sizes, kBulkJobKey, c().jobKey, raw);
        st = st ? decodeBulk(bulk, sizes, kBulkJobName, c().jobName, raw) : st;
        for (const auto& [column, out] : { std::pair { kBulkJobRowId, &c().jobRowId },
                 std::pair { kBulkJobGpus, &c().jobGpus }, std::pair { kBulkAttemptStart, &c().attemptStartNs } }) {
            st = st ? decodeBulk(bulk, sizes, column, *out, raw) : st;
        }
        if (!st || !m_withSegments) {
            return st;
        }
        // Lengths first (in segmentEndNs), then each attempt's run of them turned into instants.
        const size_t first = at().segmentEndNs.size();
        if (auto lengths = decodeBulk(bulk, sizes, kBulkSegmentLength, at().segmentEndNs, raw); !lengths) {
            return lengths;
        }
        at().segmentStartNs.resize(at().segmentEndNs.size());
        size_t i = first;
        for (size_t a = 0; a < k.attemptSegments.size(); ++a) {
            int64_t t = c().attemptStartNs[attemptBase + a];
            for (int64_t n = 0; n < k.attemptSegments[a]; ++n, ++i) {
                at().segmentStartNs[i] = t;
                t += at().segmentEndNs[i];
                at().segmentEndNs[i] = t;
            }
        }
        return Status::success();
    }

    Result<StoredFleet> finish()
    {
        if (Status st = stopWorker(false); !st) {
            return st.error();
        }
        FleetColumns& cols = c();
        cols.attrValues.resize(cols.attrKeys.size());
        widenAttrRows(); // keys only a left-out chunk's names brought

        m_out.fromColumns = true;
        return std::move(m_out);
    }

private:
    // A chunk's columns for the second thread: those appendBulkOthers decodes, moved out of the chunk's
    // Bulk, and what their sizes must be.
    struct Pending
    {
        Bulk bulk;
        std::array<size_t, kBulkCount> sizes {};
        int64_t chunk = -1;
    };
    static constexpr size_t kMaxPending = 2; // chunks waiting for the second thread, at most

    void queueForWorker(Bulk& bulk, const std::array<size_t, kBulkCount>& sizes, int64_t chunk)
    {
        Pending p;
        for (const BulkColumn column : kWorkerColumns) {
            const auto i = static_cast<size_t>(column);
            p.bulk.packed[i] = std::move(bulk.packed[i]);
            p.bulk.rawBytes[i] = bulk.rawBytes[i];
            p.bulk.present[i] = bulk.present[i];
            bulk.present[i] = false;
        }
        p.sizes = sizes;
        p.chunk = chunk;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [&] { return m_pending.size() < kMaxPending; });
            m_pending.push_back(std::move(p));
        }
        m_changed.notify_all();
        if (!m_worker.joinable()) {
            m_worker = std::thread([this] { workerLoop(); });
        }
    }

    void workerLoop()
    {
        for (;;) {
            Pending* p = nullptr;
            bool skip = false;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [&] { return m_closing || !m_pending.empty(); });
                if (m_pending.empty()) {
                    return;
                }
                p = &m_pending.front(); // stays where it is: the other thread only appends
                skip = m_dropPending || !m_workerStatus;
            }
            Status st = Status::success();
            if (!skip) {
                try {
                    st = appendBulkOthers(p->bulk, p->sizes);
                } catch (const std::bad_alloc&) {
                    st = Error { "out of memory" };
                }
                if (!st) {
                    const std::string& why = st.error().message;
                    st = Error { "the columnar copy, chunk " + std::to_string(p->chunk)
                        + (why.rfind("column ", 0) == 0 ? ", " : ": ") + why };
                }
            }
            {
                std::lock_guard lock(m_mutex);
                m_pending.pop_front();
                if (!st && m_workerStatus) {
                    m_workerStatus = st;
                }
            }
            m_changed.notify_all();
        }
    }

    // Waits until the second thread has decoded every chunk queued; its first error, if any.
    Status drainWorker()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_pending.empty(); });
        return m_workerStatus;
    }

    // Waits for the second thread to finish what is queued (or, drop, to drop it) and ends it; its
    // first error, if any.
    Status stopWorker(bool drop)
    {
        if (m_worker.joinable()) {
            {
                std::lock_guard lock(m_mutex);
                m_closing = true;
                m_dropPending = drop;
            }
            m_changed.notify_all();
            m_worker.join();
        }
        return m_workerStatus;
    }

    // Job `job`'s value of attribute `key` (the fleet's codes) into jobAttr.
    void setAttr(size_t job, int32_t key, int32_t value)
    {
        widenAttrRows();
        c().jobAttr[job * m_attrStride + static_cast<size_t>(key)] = value;
    }

    // jobAttr's rows as wide as the keys known so far: a new key widens every row laid out (rare:
    // keys are few, and most come with the first chunk), its column -1 (absent).
    void widenAttrRows()
    {
        const size_t keys = c().attrKeys.size();
        if (keys == m_attrStride) {
            return;
        }
        const size_t jobs = c().jobLabel.size();
        std::vector<int32_t> wider;
        wider.reserve(std::max(jobs, m_jobsReserved) * keys);
        wider.assign(jobs * keys, -1);
        for (size_t j = 0; j < jobs && m_attrStride > 0; ++j) {
            std::copy_n(c().jobAttr.begin() + static_cast<std::ptrdiff_t>(j * m_attrStride), m_attrStride,
                wider.begin() + static_cast<std::ptrdiff_t>(j * keys));
        }
        c().jobAttr = std::move(wider);
        m_attrStride = keys;
    }

    FleetColumns& c() { return m_out.columns; }
    Attribution& at() { return m_out.attribution; }

    // A chunk's codes to the fleet's, given on first use (-1: not used yet).
    struct ChunkCodes
    {
        explicit ChunkCodes(const Chunk& k)
            : key(k.attrKeys.size(), -1)
            , valueBase(k.attrKeys.size() + 1, 0)
            , value(k.attrValues.size(), -1)
            , cause(k.causeClasses.size(), -1)
        {
            for (size_t i = 0; i < k.attrKeys.size(); ++i) {
                valueBase[i + 1] = valueBase[i] + static_cast<size_t>(k.attrValueCounts[i]);
            }
        }
        std::vector<int32_t> key;
        std::vector<size_t> valueBase; // where each key's values start in k.attrValues
        std::vector<int32_t> value;
        std::vector<int32_t> cause;
    };

    // The fleet's key and value codes of k's attribute triple `attr`.
    std::pair<int32_t, int32_t> attrCode(const Chunk& k, ChunkCodes& codes, size_t attr)
    {
        const auto key = static_cast<size_t>(k.attrKey[attr]);
        if (codes.key[key] < 0) {
            codes.key[key] = dictionaryCode(m_keyIndex, c().attrKeys, k.attrKeys[key]);
            if (m_valueIndex.size() < c().attrKeys.size()) {
                m_valueIndex.resize(c().attrKeys.size());
                c().attrValues.resize(c().attrKeys.size());
            }
        }
        const size_t value = codes.valueBase[key] + static_cast<size_t>(k.attrValue[attr]);
        const auto global = static_cast<size_t>(codes.key[key]);
        if (codes.value[value] < 0) {
            codes.value[value] = dictionaryCode(m_valueIndex[global], c().attrValues[global], k.attrValues[value]);
        }
        return { codes.key[key], codes.value[value] };
    }

    // The fleet's code of k's attempt a's cause class.
    int32_t causeCode(const Chunk& k, ChunkCodes& codes, size_t a)
    {
        const auto cause = static_cast<size_t>(k.attemptCause[a]);
        if (codes.cause[cause] < 0) {
            codes.cause[cause] = dictionaryCode(m_causeIndex, c().causeClasses, k.causeClasses[cause]);
        }
        return codes.cause[cause];
    }

    static size_t attrEndOf(const Chunk& k, size_t job, size_t from)
    {
        while (from < k.attrJob.size() && k.attrJob[from] == static_cast<int64_t>(job)) {
            ++from;
        }
        return from;
    }

    static bool sameSize(size_t n, std::initializer_list<size_t> others)
    {
        return std::all_of(others.begin(), others.end(), [&](size_t s) { return s == n; });
    }

    // Counts that are not negative and add up to total.
    static bool sumFits(const std::vector<int64_t>& counts, size_t total)
    {
        uint64_t sum = 0;
        for (const int64_t n : counts) {
            if (n < 0 || static_cast<uint64_t>(n) > total) {
                return false;
            }
            sum += static_cast<uint64_t>(n);
        }
        return sum == total;
    }

    // The columns that code a chunk's names agree: its jobs' labels and attempt counts, the chunk's
    // `attempts` attempts' cause classes and its attributes. What appendVocabulary() relies on.
    Status checkCodes(const Chunk& k, size_t attempts) const
    {
        const size_t jobs = k.jobLabelId.size();
        if (k.jobAttempts.size() != jobs || k.attemptCause.size() != attempts) {
            return Error { "the job or attempt columns differ in length" };
        }
        if (!sameSize(k.attrJob.size(), { k.attrKey.size(), k.attrValue.size() })
            || k.attrValueCounts.size() != k.attrKeys.size()) {
            return Error { "the attribute columns differ in length" };
        }
        if (!sumFits(k.jobAttempts, attempts) || !sumFits(k.attrValueCounts, k.attrValues.size())) {
            return Error { "a count does not add up" };
        }
        for (const int64_t l : k.jobLabelId) {
            if (!m_labelCode.contains(l)) {
                return Error { "label id " + std::to_string(l) + " is not in labels" };
            }
        }
        for (size_t i = 0; i < k.attrJob.size(); ++i) {
            const int64_t key = k.attrKey[i];
            if (k.attrJob[i] < 0 || static_cast<size_t>(k.attrJob[i]) >= jobs
                || (i > 0 && k.attrJob[i] < k.attrJob[i - 1]) || key < 0
                || static_cast<size_t>(key) >= k.attrKeys.size() || k.attrValue[i] < 0
                || k.attrValue[i] >= k.attrValueCounts[static_cast<size_t>(key)]) {
                return Error { "attribute " + std::to_string(i) + " is out of range" };
            }
        }
        for (size_t a = 0; a < attempts; ++a) {
            if (k.attemptCause[a] < 0 || static_cast<size_t>(k.attemptCause[a]) >= k.causeClasses.size()) {
                return Error { "attempt " + std::to_string(a) + " has a code out of range" };
            }
        }
        return Status::success();
    }

    // The columns' sizes and codes agree: what append() relies on. With `bulk` the columns decoded
    // straight into the fleet are checked as they are (their counts, their values' ranges).
    Status check(const Chunk& k, const std::array<size_t, kBulkCount>& sizes, bool bulk) const
    {
        const size_t jobs = k.jobLabelId.size();
        const size_t attempts = k.attemptCause.size();
        if (!sameSize(jobs, { k.jobAttempts.size(), k.jobCheckpoints.size() })
            || (!bulk
                && !sameSize(jobs,
                    { k.jobRowId.size(), k.jobGpus.size(), k.jobSubmittedNs.size(), k.jobKey.size(),
                        k.jobName.size() }))) {
            return Error { "the job columns differ in length" };
        }
        if (k.attemptSegments.size() != attempts || sizes[kBulkBuckets] != attempts * kBucketCount
            || (!bulk
                && !sameSize(attempts,
                    { k.attemptRowId.size(), k.attemptNumber.size(), k.attemptStartNs.size(), k.attemptEndNs.size(),
                        k.attemptGpus.size(), k.attemptOutcome.size(), k.attemptInterruption.size(),
                        k.attemptFaultNs.size(), k.attemptTtsNs.size(), k.attemptFirstTrainNs.size(),
                        k.attemptTtrNs.size(), k.attemptGapAfterNs.size() }))) {
            return Error { "the attempt columns differ in length" };
        }
        if (auto st = checkCodes(k, attempts); !st) {
            return st;
        }
        const size_t segments = m_withSegments ? sizes[kBulkSegmentBucket] : 0;
        if (sizes[kBulkSegmentBucket] != sizes[kBulkSegmentLength]
            || sizes[kBulkCheckpointStart] != sizes[kBulkCheckpointDurable]
            || sizes[kBulkCheckpointStart] != sizes[kBulkCheckpointFailed]) {
            return Error { "the segment or checkpoint columns differ in length" };
        }
        if ((m_withCheckpoints && !sumFits(k.jobCheckpoints, sizes[kBulkCheckpointStart]))
            || (m_withSegments && !sumFits(k.attemptSegments, segments))) {
            return Error { "a count does not add up" };
        }
        for (const int64_t n : k.attemptSegments) {
            if (n < 0) {
                return Error { "a segment count is negative" };
            }
        }
        for (size_t a = 0; a < attempts && !bulk; ++a) {
            if (k.attemptOutcome[a] < 0 || k.attemptOutcome[a] > 255 || k.attemptInterruption[a] < 0
                || k.attemptInterruption[a] > 255) {
                return Error { "attempt " + std::to_string(a) + " has a code out of range" };
            }
        }
        for (const int64_t b : k.segmentBucket) {
            if (b < 0 || b >= kBucketCount) {
                return Error { "a segment's bucket is out of range" };
            }
        }
        return Status::success();
    }

    // The columns appendBulkOthers decodes (on the second thread).
    static constexpr BulkColumn kWorkerColumns[] = { kBulkBuckets, kBulkAttemptRowId, kBulkAttemptEnd, kBulkAttemptGpus,
        kBulkAttemptFault, kBulkJobSubmitted, kBulkAttemptTts, kBulkAttemptFirstTrain, kBulkAttemptTtr,
        kBulkAttemptGapAfter, kBulkCheckpointStart, kBulkCheckpointDurable, kBulkAttemptNumber, kBulkAttemptOutcome,
        kBulkAttemptInterruption, kBulkCheckpointFailed, kBulkSegmentBucket };

    StoredFleet m_out;
    std::thread m_worker;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Pending> m_pending; // front: the chunk the second thread decodes
    bool m_closing = false;
    bool m_dropPending = false;
    Status m_workerStatus;
    std::optional<int64_t> m_only;
    bool m_withSegments;
    bool m_withCheckpoints;
    int64_t m_checkpointEnd = 0;
    std::unordered_map<int64_t, int32_t> m_labelCode;
    std::unordered_map<std::string, int32_t> m_keyIndex, m_causeIndex;
    std::vector<std::unordered_map<std::string, int32_t>> m_valueIndex;
    size_t m_attrStride = 0; // the width of jobAttr's rows: the keys known when they were laid out
    size_t m_jobsReserved = 0;
};

FleetAssembler::FleetAssembler(std::vector<std::string> labels, const std::vector<int64_t>& labelIds,
    std::optional<int64_t> only, bool withSegments, bool withCheckpoints)
    : m_impl(std::make_unique<Impl>(std::move(labels), labelIds, only, withSegments, withCheckpoints))
{
}

FleetAssembler::~FleetAssembler() = default;

void FleetAssembler::reserve(size_t jobs, size_t attempts, size_t segments, size_t checkpoints)
{
    m_impl->reserve(jobs, attempts, segments, checkpoints);
}

Status FleetAssembler::append(const Chunk& k, Bulk* bulk, int64_t chunk)
{
    return m_impl->append(k, bulk, chunk);
}

Status FleetAssembler::appendVocabulary(const Chunk& k)
{
    return m_impl->appendVocabulary(k);
}

Result<StoredFleet> FleetAssembler::finish()
{
    return m_impl->finish();
}

} // namespace ett::core::columnar
