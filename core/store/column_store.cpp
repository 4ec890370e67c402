#include "core/store/column_store.h"

#include "core/model/varint.h"
#include "core/store/database.h"

#include <algorithm>
#include <array>
#include <future>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <unordered_map>
#include <zstd.h>

namespace ett::core {

namespace {

constexpr int64_t kChunkJobs = int64_t { 1 } << kChunkJobBits;
constexpr int kZstdLevel = 3;

enum class Encoding : uint8_t {
    Ints = 1,
    DeltaInts = 2,
    Strings = 3,
};

// One chunk's fleet with chunk-local dictionaries; every integer column as int64. What is encoded,
// and what a chunk decodes to before it is appended to the fleet.
struct Chunk
{
    // Jobs.
    std::vector<int64_t> jobRowId, jobLabelId, jobGpus, jobSubmittedNs, jobAttempts, jobCheckpoints;
    std::vector<std::string> jobKey, jobName;
    // Attributes: triples in (job, key name) order, into the dictionaries below; attrValues holds
    // each key's values in turn, attrValueCounts[k] of them for key k.
    std::vector<std::string> attrKeys, attrValues;
    std::vector<int64_t> attrValueCounts, attrJob, attrKey, attrValue;
    // Attempts.
    std::vector<std::string> causeClasses;
    std::vector<int64_t> attemptRowId, attemptNumber, attemptStartNs, attemptEndNs, attemptGpus, attemptOutcome,
        attemptInterruption, attemptFaultNs, attemptCause, attemptSegments, attemptBucketsNs, attemptTtsNs,
        attemptFirstTrainNs, attemptTtrNs, attemptGapAfterNs;
    // Segments, contiguous from their attempt's start: only the lengths are kept.
    std::vector<int64_t> segmentBucket, segmentLengthNs;
    // Checkpoints.
    std::vector<int64_t> checkpointStartNs, checkpointDurableNs, checkpointFailed;
};

struct IntColumn
{
    const char* name;
    std::vector<int64_t> Chunk::*values;
    Encoding encoding;
};

struct StringColumn
{
    const char* name;
    std::vector<std::string> Chunk::*values;
};

constexpr IntColumn kIntColumns[] = {
    { "job_row_id", &Chunk::jobRowId, Encoding::DeltaInts },
    { "job_label_id", &Chunk::jobLabelId, Encoding::Ints },
    { "job_gpus", &Chunk::jobGpus, Encoding::Ints },
    { "job_submitted_ns", &Chunk::jobSubmittedNs, Encoding::DeltaInts },
    { "job_attempts", &Chunk::jobAttempts, Encoding::Ints },
    { "job_checkpoints", &Chunk::jobCheckpoints, Encoding::Ints },
    { "attr_value_counts", &Chunk::attrValueCounts, Encoding::Ints },
    { "attr_job", &Chunk::attrJob, Encoding::DeltaInts },
    { "attr_key", &Chunk::attrKey, Encoding::Ints },
    { "attr_value", &Chunk::attrValue, Encoding::Ints },
    { "attempt_row_id", &Chunk::attemptRowId, Encoding::DeltaInts },
    { "attempt_number", &Chunk::attemptNumber, Encoding::Ints },
    { "attempt_start_ns", &Chunk::attemptStartNs, Encoding::DeltaInts },
    { "attempt_end_ns", &Chunk::attemptEndNs, Encoding::DeltaInts },
    { "attempt_gpus", &Chunk::attemptGpus, Encoding::Ints },
    { "attempt_outcome", &Chunk::attemptOutcome, Encoding::Ints },
    { "attempt_interruption", &Chunk::attemptInterruption, Encoding::Ints },
    { "attempt_fault_ns", &Chunk::attemptFaultNs, Encoding::DeltaInts },
    { "attempt_cause", &Chunk::attemptCause, Encoding::Ints },
    { "attempt_segments", &Chunk::attemptSegments, Encoding::Ints },
    { "attempt_buckets_ns", &Chunk::attemptBucketsNs, Encoding::Ints },
    { "attempt_tts_ns", &Chunk::attemptTtsNs, Encoding::Ints },
    { "attempt_first_train_ns", &Chunk::attemptFirstTrainNs, Encoding::DeltaInts },
    { "attempt_ttr_ns", &Chunk::attemptTtrNs, Encoding::Ints },
    { "attempt_gap_after_ns", &Chunk::attemptGapAfterNs, Encoding::Ints },
    { "segment_bucket", &Chunk::segmentBucket, Encoding::Ints },
    { "segment_length_ns", &Chunk::segmentLengthNs, Encoding::Ints },
    { "checkpoint_start_ns", &Chunk::checkpointStartNs, Encoding::DeltaInts },
    { "checkpoint_durable_ns", &Chunk::checkpointDurableNs, Encoding::DeltaInts },
    { "checkpoint_failed", &Chunk::checkpointFailed, Encoding::Ints },
};

constexpr StringColumn kStringColumns[] = {
    { "job_key", &Chunk::jobKey },
    { "job_name", &Chunk::jobName },
    { "attr_keys", &Chunk::attrKeys },
    { "attr_values", &Chunk::attrValues },
    { "cause_classes", &Chunk::causeClasses },
};

// The largest columns: a load of every label decodes them straight into the fleet's arrays, without
// the chunk's copy in between.
enum BulkColumn {
    kBulkBuckets,
    kBulkSegmentBucket,
    kBulkSegmentLength,
    kBulkCheckpointStart,
    kBulkCheckpointDurable,
    kBulkCheckpointFailed,
    kBulkCount
};
constexpr const char* kBulkNames[kBulkCount] = { "attempt_buckets_ns", "segment_bucket", "segment_length_ns",
    "checkpoint_start_ns", "checkpoint_durable_ns", "checkpoint_failed" };

// Those columns of one chunk as stored (compressed), with their sizes before compression.
struct Bulk
{
    std::array<std::string, kBulkCount> packed;
    std::array<int64_t, kBulkCount> rawBytes {};
    std::array<bool, kBulkCount> present {};
};

// ---- Encoding ----------------------------------------------------------------------------------

// The differences to the previous value (wrapping: kNoTime next to a time stays exact), or the
// values themselves.
std::vector<uint64_t> deltasOf(const std::vector<int64_t>& values, Encoding encoding)
{
    std::vector<uint64_t> out(values.size());
    uint64_t previous = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        const auto v = static_cast<uint64_t>(values[i]);
        out[i] = encoding == Encoding::DeltaInts ? v - previous : v;
        previous = v;
    }
    return out;
}

std::string encodeInts(const std::vector<int64_t>& values, Encoding encoding)
{
    // Every value (or difference) divided by their greatest common divisor (times in nanoseconds
    // often are whole milliseconds), zigzag-coded, in the fewest bytes that hold the largest.
    std::vector<uint64_t> d = deltasOf(values, encoding);
    uint64_t divisor = 0;
    for (const uint64_t v : d) {
        const auto s = static_cast<int64_t>(v);
        // |s| as unsigned (INT64_MIN included); a gcd only when the divisor so far does not divide it.
        const uint64_t magnitude = s < 0 ? uint64_t { 0 } - v : v;
        if (divisor == 0 || magnitude % divisor != 0) {
            divisor = std::gcd(divisor, magnitude);
            if (divisor == 1) {
                break;
            }
        }
    }
    if (divisor == 0 || divisor > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        divisor = 1; // all zero, or only 0 and INT64_MIN
    }
    uint64_t largest = 0;
    for (uint64_t& v : d) {
        const auto value = static_cast<int64_t>(v);
        v = zigzag(divisor == 1 ? value : value / static_cast<int64_t>(divisor));
        largest = std::max(largest, v);
    }
    const int width = largest < (uint64_t { 1 } << 8) ? 1
        : largest < (uint64_t { 1 } << 16)            ? 2
        : largest < (uint64_t { 1 } << 32)            ? 4
                                                      : 8;
    std::string out;
    out.reserve(values.size() * static_cast<size_t>(width) + 24);
    out.push_back(static_cast<char>(encoding));
    putVarint(out, values.size());
    putVarint(out, divisor);
    out.push_back(static_cast<char>(width));
    const size_t base = out.size();
    out.resize(base + d.size() * static_cast<size_t>(width));
    char* p = out.data() + base;
    for (const uint64_t v : d) {
        for (int b = 0; b < width; ++b) {
            *p++ = static_cast<char>((v >> (8 * b)) & 0xff);
        }
    }
    return out;
}

std::string encodeStrings(const std::vector<std::string>& values)
{
    std::string out;
    out.push_back(static_cast<char>(Encoding::Strings));
    putVarint(out, values.size());
    for (const auto& s : values) {
        putVarint(out, s.size());
        out += s;
    }
    return out;
}

Result<std::string> compress(const std::string& raw)
{
    std::string out(ZSTD_compressBound(raw.size()), '\0');
    const size_t n = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), kZstdLevel);
    if (ZSTD_isError(n)) {
        return Error { std::string("zstd: ") + ZSTD_getErrorName(n) };
    }
    out.resize(n);
    return out;
}

// ---- Decoding ----------------------------------------------------------------------------------

// Decompresses a column of `rawBytes` (as recorded beside it; bounded by the frame's own size) into
// `out`, whose storage is reused.
Status decompress(std::string_view data, int64_t rawBytes, std::string& out)
{
    const unsigned long long frame = ZSTD_getFrameContentSize(data.data(), data.size());
    if (frame == ZSTD_CONTENTSIZE_ERROR || frame == ZSTD_CONTENTSIZE_UNKNOWN || rawBytes < 0
        || frame != static_cast<unsigned long long>(rawBytes)) {
        return Error { "not a zstd frame of the recorded size" };
    }
    out.resize(static_cast<size_t>(frame));
    const size_t n = ZSTD_decompress(out.data(), out.size(), data.data(), data.size());
    if (ZSTD_isError(n) || n != out.size()) {
        return Error { std::string("zstd: ") + (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "short frame") };
    }
    return Status::success();
}

Result<size_t> readHeader(std::string_view raw, size_t& pos, Encoding& encoding)
{
    if (raw.empty()) {
        return Error { "empty column" };
    }
    encoding = static_cast<Encoding>(static_cast<uint8_t>(raw[0]));
    pos = 1;
    auto count = getVarint(raw, pos);
    // Each value takes a byte at least: a count beyond the bytes left is damage, not a size to allocate.
    if (!count || *count > raw.size() - pos) {
        return Error { "bad value count" };
    }
    return static_cast<size_t>(*count);
}

template <int Width> uint64_t readLittle(const unsigned char* p)
{
    uint64_t v = 0;
    for (int b = 0; b < Width; ++b) {
        v |= static_cast<uint64_t>(p[b]) << (8 * b);
    }
    return v;
}

// A column of integers, its header read.
struct IntRun
{
    size_t count = 0;
    uint64_t divisor = 1;
    int width = 8;
    bool delta = false;
    const unsigned char* values = nullptr;
};

Result<IntRun> readInts(std::string_view raw)
{
    size_t pos = 0;
    Encoding encoding {};
    auto count = readHeader(raw, pos, encoding);
    if (!count) {
        return count.error();
    }
    if (encoding != Encoding::Ints && encoding != Encoding::DeltaInts) {
        return Error { "not a column of integers" };
    }
    auto divisor = getVarint(raw, pos);
    if (!divisor || *divisor == 0 || pos >= raw.size()) {
        return Error { "bad divisor" };
    }
    IntRun run;
    run.count = *count;
    run.divisor = *divisor;
    run.delta = encoding == Encoding::DeltaInts;
    run.width = static_cast<unsigned char>(raw[pos++]);
    if (run.width != 1 && run.width != 2 && run.width != 4 && run.width != 8) {
        return Error { "bad width " + std::to_string(run.width) };
    }
    if (raw.size() - pos != run.count * static_cast<size_t>(run.width)) {
        return Error { "holds " + std::to_string(raw.size() - pos) + " bytes for " + std::to_string(run.count)
            + " values of " + std::to_string(run.width) };
    }
    run.values = reinterpret_cast<const unsigned char*>(raw.data() + pos);
    return run;
}

// Writes the run's values to out[0, count); false when one lies outside [lo, hi] (T's range, or a
// code's).
template <int Width, typename T> bool unpack(const IntRun& run, T* out, int64_t lo, int64_t hi)
{
    uint64_t previous = 0;
    bool inRange = true;
    for (size_t i = 0; i < run.count; ++i) {
        const uint64_t v = static_cast<uint64_t>(unzigzag(readLittle<Width>(run.values + i * Width))) * run.divisor;
        previous = run.delta ? previous + v : v;
        const auto value = static_cast<int64_t>(previous);
        inRange &= value >= lo && value <= hi;
        out[i] = static_cast<T>(value);
    }
    return inRange;
}

// Appends the column's values to `out`. Error: damage, or a value outside [lo, hi].
template <typename T>
Status appendInts(std::string_view raw, std::vector<T>& out, int64_t lo = std::numeric_limits<T>::min(),
    int64_t hi = std::numeric_limits<T>::max())
{
    auto run = readInts(raw);
    if (!run) {
        return run.error();
    }
    const size_t base = out.size();
    out.resize(base + run->count);
    T* dst = out.data() + base;
    bool ok = true;
    switch (run->width) {
    case 1:
        ok = unpack<1>(*run, dst, lo, hi);
        break;
    case 2:
        ok = unpack<2>(*run, dst, lo, hi);
        break;
    case 4:
        ok = unpack<4>(*run, dst, lo, hi);
        break;
    default:
        ok = unpack<8>(*run, dst, lo, hi);
        break;
    }
    if (!ok) {
        out.resize(base);
        return Error { "a value is out of range" };
    }
    return Status::success();
}

Status decodeInts(std::string_view raw, std::vector<int64_t>& out)
{
    out.clear();
    return appendInts(raw, out);
}

Status decodeStrings(std::string_view raw, std::vector<std::string>& out)
{
    size_t pos = 0;
    Encoding encoding {};
    auto count = readHeader(raw, pos, encoding);
    if (!count) {
        return count.error();
    }
    if (encoding != Encoding::Strings) {
        return Error { "not a column of strings" };
    }
    out.resize(*count);
    for (size_t i = 0; i < *count; ++i) {
        auto n = getVarint(raw, pos);
        if (!n || *n > raw.size() - pos) {
            return Error { "truncated at string " + std::to_string(i) };
        }
        out[i].assign(raw.substr(pos, static_cast<size_t>(*n)));
        pos += static_cast<size_t>(*n);
    }
    if (pos != raw.size()) {
        return Error { "bytes after the last string" };
    }
    return Status::success();
}

// ---- From the rows -----------------------------------------------------------------------------

// A chunk of a fleet the row loader read; labelIdOf maps its label codes to the labels' row ids.
Chunk chunkOf(const StoredFleet& stored, const std::vector<int64_t>& labelIdOf)
{
    const FleetColumns& c = stored.columns;
    const Attribution& at = stored.attribution;
    Chunk k;
    k.jobRowId = c.jobRowId;
    for (const int32_t l : c.jobLabel) {
        k.jobLabelId.push_back(labelIdOf[static_cast<size_t>(l)]);
    }
    k.jobGpus = c.jobGpus;
    k.jobSubmittedNs = c.jobSubmittedNs;
    k.jobKey = c.jobKey;
    k.jobName = c.jobName;
    for (size_t j = 0; j < c.jobs(); ++j) {
        k.jobAttempts.push_back(c.jobAttemptBegin[j + 1] - c.jobAttemptBegin[j]);
        k.jobCheckpoints.push_back(c.jobCheckpointBegin[j + 1] - c.jobCheckpointBegin[j]);
    }

    // Attributes: the dictionaries as the loader coded them (first use in (job, key) order), the
    // triples in that order again, so that appending them codes them the same way.
    k.attrKeys = c.attrKeys;
    for (size_t key = 0; key < c.attrKeys.size(); ++key) {
        k.attrValueCounts.push_back(static_cast<int64_t>(c.attrValues[key].size()));
        k.attrValues.insert(k.attrValues.end(), c.attrValues[key].begin(), c.attrValues[key].end());
    }
    std::vector<size_t> keysByName(c.attrKeys.size());
    std::iota(keysByName.begin(), keysByName.end(), size_t { 0 });
    std::sort(keysByName.begin(), keysByName.end(), [&](size_t a, size_t b) { return c.attrKeys[a] < c.attrKeys[b]; });
    for (size_t j = 0; j < c.jobs(); ++j) {
        for (const size_t key : keysByName) {
            if (const int32_t v = c.attr(j, key); v >= 0) {
                k.attrJob.push_back(static_cast<int64_t>(j));
                k.attrKey.push_back(static_cast<int64_t>(key));
                k.attrValue.push_back(v);
            }
        }
    }

    k.causeClasses = c.causeClasses;
    k.attemptRowId = stored.attemptRowId;
    auto widen = [](auto const& from, std::vector<int64_t>& to) { to.assign(from.begin(), from.end()); };
    widen(c.attemptNumber, k.attemptNumber);
    k.attemptStartNs = c.attemptStartNs;
    k.attemptEndNs = c.attemptEndNs;
    k.attemptGpus = c.attemptGpus;
    widen(c.attemptOutcome, k.attemptOutcome);
    widen(c.attemptInterruption, k.attemptInterruption);
    k.attemptFaultNs = c.attemptFaultNs;
    widen(c.attemptCauseClass, k.attemptCause);
    for (size_t a = 0; a < c.attempts(); ++a) {
        k.attemptSegments.push_back(at.attemptSegmentBegin[a + 1] - at.attemptSegmentBegin[a]);
    }
    k.attemptBucketsNs = at.attemptBucketsNs;
    k.attemptTtsNs = at.attemptTtsNs;
    k.attemptFirstTrainNs = at.attemptFirstTrainNs;
    k.attemptTtrNs = at.attemptTtrNs;
    k.attemptGapAfterNs = at.attemptGapAfterNs;
    widen(at.segmentBucket, k.segmentBucket);
    for (size_t s = 0; s < at.segments(); ++s) {
        k.segmentLengthNs.push_back(at.segmentEndNs[s] - at.segmentStartNs[s]);
    }
    k.checkpointStartNs = c.checkpointStartNs;
    k.checkpointDurableNs = c.checkpointDurableNs;
    widen(c.checkpointFailed, k.checkpointFailed);
    return k;
}

Result<std::vector<int64_t>> labelIdsByCode(Database& db)
{
    // The order of the loader's label codes.
    auto st = db.prepare("SELECT id FROM labels ORDER BY name");
    if (!st) {
        return st.error();
    }
    std::vector<int64_t> ids;
    if (auto rows = st->forEachRow([&] { ids.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    return ids;
}

Result<Chunk> chunkFromRows(Database& db, int64_t chunk, const std::vector<int64_t>& labelIdOf)
{
    ColumnsQuery q;
    q.jobIds = std::make_pair(chunk * kChunkJobs, (chunk + 1) * kChunkJobs - 1);
    q.storage = ColumnsQuery::Storage::Rows;
    auto stored = loadStoredFleet(db, q);
    if (!stored) {
        return stored.error();
    }
    return chunkOf(*stored, labelIdOf);
}

// ---- Appending chunks to the fleet ---------------------------------------------------------------

// Appends chunks in job-id order with the row loader's coding: labels by name; attribute keys and
// values, and cause classes, by first use among the jobs kept.
class FleetAssembler
{
public:
    FleetAssembler(std::vector<std::string> labels, const std::vector<int64_t>& labelIds, std::optional<int64_t> only,
        bool withDetail)
        : m_only(only)
        , m_withDetail(withDetail)
    {
        at().segmentsLoaded = withDetail;
        c().checkpointsLoaded = withDetail;
        c().labels = std::move(labels);
        for (size_t i = 0; i < labelIds.size(); ++i) {
            m_labelCode[labelIds[i]] = static_cast<int32_t>(i);
        }
        c().jobAttemptBegin.assign(1, 0);
        c().jobCheckpointBegin.assign(1, 0);
        at().attemptSegmentBegin.assign(1, 0);
    }

    // Room for this many rows, so that the columns grow once (no doubling past the fleet's size).
    void reserve(size_t jobs, size_t attempts, size_t segments, size_t checkpoints)
    {
        for (auto* v : { &c().jobRowId, &c().jobGpus, &c().jobSubmittedNs }) {
            v->reserve(jobs);
        }
        c().jobLabel.reserve(jobs);
        c().jobKey.reserve(jobs);
        c().jobName.reserve(jobs);
        c().jobAttemptBegin.reserve(jobs + 1);
        c().jobCheckpointBegin.reserve(jobs + 1);
        for (auto* v : { &c().attemptJob, &c().attemptNumber, &c().attemptCauseClass }) {
            v->reserve(attempts);
        }
        for (auto* v :
            { &c().attemptStartNs, &c().attemptEndNs, &c().attemptGpus, &c().attemptFaultNs, &m_out.attemptRowId,
                &at().attemptTtsNs, &at().attemptFirstTrainNs, &at().attemptTtrNs, &at().attemptGapAfterNs }) {
            v->reserve(attempts);
        }
        c().attemptOutcome.reserve(attempts);
        c().attemptInterruption.reserve(attempts);
        at().attemptBucketsNs.reserve(attempts * kBucketCount);
        at().attemptSegmentBegin.reserve(attempts + 1);
        if (m_withDetail) {
            at().segmentStartNs.reserve(segments);
            at().segmentEndNs.reserve(segments);
            at().segmentBucket.reserve(segments);
            c().checkpointStartNs.reserve(checkpoints);
            c().checkpointDurableNs.reserve(checkpoints);
            c().checkpointFailed.reserve(checkpoints);
        }
    }

    // Error: the chunk's columns disagree with each other (damage). `bulk` (only when every label is
    // kept): the columns it holds are decoded from it, not from k.
    Status append(const Chunk& k, const Bulk* bulk = nullptr)
    {
        if (bulk && m_only) {
            return Error { "internal: a bulk chunk with a label filter" };
        }
        // The sizes of the bulk columns: k's, or (bulk) what the chunk's counts say they hold, which
        // appendBulk checks as it decodes them (the loop below reads none of them).
        std::array<size_t, kBulkCount> sizes { k.attemptBucketsNs.size(), k.segmentBucket.size(),
            k.segmentLengthNs.size(), k.checkpointStartNs.size(), k.checkpointDurableNs.size(),
            k.checkpointFailed.size() };
        if (bulk) {
            auto total = [](const std::vector<int64_t>& counts) {
                int64_t n = 0;
                for (const int64_t c : counts) {
                    n += std::max<int64_t>(0, c);
                }
                return static_cast<size_t>(n);
            };
            const size_t segments = m_withDetail ? total(k.attemptSegments) : 0;
            const size_t checkpoints = m_withDetail ? total(k.jobCheckpoints) : 0;
            sizes = { k.attemptRowId.size() * kBucketCount, segments, segments, checkpoints, checkpoints, checkpoints };
        }
        if (auto st = check(k, sizes); !st) {
            return st;
        }
        const size_t attemptBase = c().attemptJob.size();
        int64_t segmentEnd = at().attemptSegmentBegin.back();
        // Chunk-local codes to the fleet's, given on first use.
        std::vector<int32_t> keyCode(k.attrKeys.size(), -1);
        std::vector<size_t> valueBase(k.attrKeys.size() + 1, 0);
        for (size_t key = 0; key < k.attrKeys.size(); ++key) {
            valueBase[key + 1] = valueBase[key] + static_cast<size_t>(k.attrValueCounts[key]);
        }
        std::vector<int32_t> valueCode(k.attrValues.size(), -1);
        std::vector<int32_t> causeCode(k.causeClasses.size(), -1);

        size_t attempt = 0, checkpoint = 0, segment = 0, attr = 0;
        for (size_t j = 0; j < k.jobRowId.size(); ++j) {
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
            const auto job = static_cast<int64_t>(c().jobKey.size());
            c().jobRowId.push_back(k.jobRowId[j]);
            c().jobLabel.push_back(m_labelCode.at(k.jobLabelId[j]));
            c().jobKey.push_back(k.jobKey[j]);
            c().jobName.push_back(k.jobName[j]);
            c().jobGpus.push_back(k.jobGpus[j]);
            c().jobSubmittedNs.push_back(k.jobSubmittedNs[j]);
            for (; attr < attrEnd; ++attr) {
                const auto key = static_cast<size_t>(k.attrKey[attr]);
                if (keyCode[key] < 0) {
                    keyCode[key] = codeOf(m_keyIndex, c().attrKeys, k.attrKeys[key]);
                    if (m_valueIndex.size() < c().attrKeys.size()) {
                        m_valueIndex.resize(c().attrKeys.size());
                        c().attrValues.resize(c().attrKeys.size());
                    }
                }
                const size_t value = valueBase[key] + static_cast<size_t>(k.attrValue[attr]);
                const auto global = static_cast<size_t>(keyCode[key]);
                if (valueCode[value] < 0) {
                    valueCode[value] = codeOf(m_valueIndex[global], c().attrValues[global], k.attrValues[value]);
                }
                m_attrs.push_back({ job, keyCode[key], valueCode[value] });
            }
            for (size_t a = attempt; a < attempt + attempts; ++a) {
                c().attemptJob.push_back(static_cast<int32_t>(job));
                c().attemptNumber.push_back(static_cast<int32_t>(k.attemptNumber[a]));
                c().attemptStartNs.push_back(k.attemptStartNs[a]);
                c().attemptEndNs.push_back(k.attemptEndNs[a]);
                c().attemptGpus.push_back(k.attemptGpus[a]);
                c().attemptOutcome.push_back(static_cast<uint8_t>(k.attemptOutcome[a]));
                c().attemptInterruption.push_back(static_cast<uint8_t>(k.attemptInterruption[a]));
                c().attemptFaultNs.push_back(k.attemptFaultNs[a]);
                const auto cause = static_cast<size_t>(k.attemptCause[a]);
                if (causeCode[cause] < 0) {
                    causeCode[cause] = codeOf(m_causeIndex, c().causeClasses, k.causeClasses[cause]);
                }
                c().attemptCauseClass.push_back(causeCode[cause]);
                m_out.attemptRowId.push_back(k.attemptRowId[a]);
                if (!bulk) {
                    at().attemptBucketsNs.insert(at().attemptBucketsNs.end(),
                        k.attemptBucketsNs.begin() + static_cast<std::ptrdiff_t>(a * kBucketCount),
                        k.attemptBucketsNs.begin() + static_cast<std::ptrdiff_t>((a + 1) * kBucketCount));
                }
                at().attemptTtsNs.push_back(k.attemptTtsNs[a]);
                at().attemptFirstTrainNs.push_back(k.attemptFirstTrainNs[a]);
                at().attemptTtrNs.push_back(k.attemptTtrNs[a]);
                at().attemptGapAfterNs.push_back(k.attemptGapAfterNs[a]);
                int64_t start = k.attemptStartNs[a];
                const auto end = segment + static_cast<size_t>(k.attemptSegments[a]);
                if (!m_withDetail) {
                    at().segmentsLeftOut += k.attemptSegments[a];
                    segment = end;
                } else if (bulk) {
                    segmentEnd += k.attemptSegments[a];
                    at().attemptSegmentBegin.push_back(segmentEnd);
                    segment = end;
                    continue;
                }
                for (; segment < end; ++segment) {
                    at().segmentStartNs.push_back(start);
                    start += k.segmentLengthNs[segment];
                    at().segmentEndNs.push_back(start);
                    at().segmentBucket.push_back(static_cast<uint8_t>(k.segmentBucket[segment]));
                }
                at().attemptSegmentBegin.push_back(static_cast<int64_t>(at().segmentBucket.size()));
            }
            attempt += attempts;
            for (size_t p = checkpoint; p < checkpoint + checkpoints && !bulk && m_withDetail; ++p) {
                c().checkpointStartNs.push_back(k.checkpointStartNs[p]);
                c().checkpointDurableNs.push_back(k.checkpointDurableNs[p]);
                c().checkpointFailed.push_back(static_cast<uint8_t>(k.checkpointFailed[p]));
            }
            checkpoint += checkpoints;
            c().jobAttemptBegin.push_back(static_cast<int64_t>(c().attemptJob.size()));
            m_checkpointEnd += static_cast<int64_t>(checkpoints);
            c().jobCheckpointBegin.push_back(m_checkpointEnd);
        }
        if (bulk) {
            return appendBulk(k, *bulk, attemptBase, sizes);
        }
        return Status::success();
    }

    // The bulk columns of the chunk whose attempts start at attemptBase, decompressed and decoded
    // into the fleet's arrays: the attempts' totals, the checkpoints and the segments' buckets on a
    // second thread, the segments' instants on this one (distinct arrays). Error: damage, or not the sizes the counts
    // say.
    Status appendBulk(const Chunk& k, const Bulk& bulk, size_t attemptBase, const std::array<size_t, kBulkCount>& sizes)
    {
        auto decode = [&bulk, &sizes](BulkColumn column, auto& out, int64_t lo, int64_t hi, std::string& raw) {
            const auto i = static_cast<size_t>(column);
            const std::string name = std::string("column ") + kBulkNames[column];
            if (!bulk.present[i]) {
                return sizes[i] == 0 ? Status::success() : Status(Error { name + " is missing" });
            }
            if (auto st = decompress(bulk.packed[i], bulk.rawBytes[i], raw); !st) {
                return Status(Error { name + ": " + st.error().message });
            }
            const size_t before = out.size();
            if (auto st = appendInts(raw, out, lo, hi); !st) {
                return Status(Error { name + ": " + st.error().message });
            }
            if (out.size() - before != sizes[i]) {
                return Status(Error { name + " holds " + std::to_string(out.size() - before) + " values, not "
                    + std::to_string(sizes[i]) });
            }
            return Status::success();
        };
        constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
        constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
        auto others = std::async(std::launch::async, [&]() -> Status {
            std::string raw;
            for (const auto& [column, out] : { std::pair { kBulkBuckets, &at().attemptBucketsNs },
                     std::pair { kBulkCheckpointStart, &c().checkpointStartNs },
                     std::pair { kBulkCheckpointDurable, &c().checkpointDurableNs } }) {
                if (auto st = decode(column, *out, kMin, kMax, raw); !st) {
                    return st;
                }
            }
            if (auto st = decode(kBulkCheckpointFailed, c().checkpointFailed, 0, 1, raw); !st) {
                return st;
            }
            return m_withDetail ? decode(kBulkSegmentBucket, at().segmentBucket, 0, kBucketCount - 1, raw)
                                : Status::success();
        });
        Status mine = appendBulkSegments(k, attemptBase, decode);
        Status theirs = others.get();
        return !mine ? mine : theirs;
    }

    template <typename Decode> Status appendBulkSegments(const Chunk& k, size_t attemptBase, Decode& decode)
    {
        if (!m_withDetail) {
            return Status::success();
        }
        // Lengths first (in segmentEndNs), then each attempt's run of them turned into instants.
        std::string raw;
        const size_t first = at().segmentEndNs.size();
        if (auto st = decode(kBulkSegmentLength, at().segmentEndNs, std::numeric_limits<int64_t>::min(),
                std::numeric_limits<int64_t>::max(), raw);
            !st) {
            return st;
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

    StoredFleet finish()
    {
        FleetColumns& cols = c();
        cols.attrValues.resize(cols.attrKeys.size());
        cols.jobAttr.assign(cols.jobKey.size() * cols.attrKeys.size(), -1);
        for (const auto& t : m_attrs) {
            cols.jobAttr[static_cast<size_t>(t.job) * cols.attrKeys.size() + static_cast<size_t>(t.key)] = t.value;
        }
        m_out.fromColumns = true;
        return std::move(m_out);
    }

private:
    struct Triple
    {
        int64_t job;
        int32_t key, value;
    };

    FleetColumns& c() { return m_out.columns; }
    Attribution& at() { return m_out.attribution; }

    static int32_t codeOf(
        std::unordered_map<std::string, int32_t>& index, std::vector<std::string>& dict, const std::string& s)
    {
        auto [it, inserted] = index.emplace(s, static_cast<int32_t>(dict.size()));
        if (inserted) {
            dict.push_back(s);
        }
        return it->second;
    }

    static size_t attrEndOf(const Chunk& k, size_t job, size_t from)
    {
        while (from < k.attrJob.size() && k.attrJob[from] == static_cast<int64_t>(job)) {
            ++from;
        }
        return from;
    }

    // The columns' sizes and codes agree: what append() relies on.
    Status check(const Chunk& k, const std::array<size_t, kBulkCount>& sizes) const
    {
        const size_t jobs = k.jobRowId.size();
        const size_t attempts = k.attemptRowId.size();
        auto sameSize = [](size_t n, std::initializer_list<size_t> others) {
            return std::all_of(others.begin(), others.end(), [&](size_t s) { return s == n; });
        };
        if (!sameSize(jobs,
                { k.jobLabelId.size(), k.jobGpus.size(), k.jobSubmittedNs.size(), k.jobAttempts.size(),
                    k.jobCheckpoints.size(), k.jobKey.size(), k.jobName.size() })) {
            return Error { "the job columns differ in length" };
        }
        if (!sameSize(attempts,
                { k.attemptNumber.size(), k.attemptStartNs.size(), k.attemptEndNs.size(), k.attemptGpus.size(),
                    k.attemptOutcome.size(), k.attemptInterruption.size(), k.attemptFaultNs.size(),
                    k.attemptCause.size(), k.attemptSegments.size(), k.attemptTtsNs.size(),
                    k.attemptFirstTrainNs.size(), k.attemptTtrNs.size(), k.attemptGapAfterNs.size() })
            || sizes[kBulkBuckets] != attempts * kBucketCount) {
            return Error { "the attempt columns differ in length" };
        }
        const size_t segments = m_withDetail ? sizes[kBulkSegmentBucket] : 0;
        for (const int64_t n : k.attemptSegments) {
            if (n < 0) {
                return Error { "a segment count is negative" };
            }
        }
        if (sizes[kBulkSegmentBucket] != sizes[kBulkSegmentLength]
            || sizes[kBulkCheckpointStart] != sizes[kBulkCheckpointDurable]
            || sizes[kBulkCheckpointStart] != sizes[kBulkCheckpointFailed]
            || !sameSize(k.attrJob.size(), { k.attrKey.size(), k.attrValue.size() })
            || k.attrValueCounts.size() != k.attrKeys.size()) {
            return Error { "the segment, checkpoint or attribute columns differ in length" };
        }
        auto sumFits = [](const std::vector<int64_t>& counts, size_t total) {
            uint64_t sum = 0;
            for (const int64_t n : counts) {
                if (n < 0 || static_cast<uint64_t>(n) > total) {
                    return false;
                }
                sum += static_cast<uint64_t>(n);
            }
            return sum == total;
        };
        if (!sumFits(k.jobAttempts, attempts)
            || (m_withDetail && !sumFits(k.jobCheckpoints, sizes[kBulkCheckpointStart]))
            || (m_withDetail && !sumFits(k.attemptSegments, segments))
            || !sumFits(k.attrValueCounts, k.attrValues.size())) {
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
            if (k.attemptCause[a] < 0 || static_cast<size_t>(k.attemptCause[a]) >= k.causeClasses.size()
                || k.attemptOutcome[a] < 0 || k.attemptOutcome[a] > 255 || k.attemptInterruption[a] < 0
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

    StoredFleet m_out;
    std::optional<int64_t> m_only;
    bool m_withDetail;
    int64_t m_checkpointEnd = 0;
    std::unordered_map<int64_t, int32_t> m_labelCode;
    std::unordered_map<std::string, int32_t> m_keyIndex, m_causeIndex;
    std::vector<std::unordered_map<std::string, int32_t>> m_valueIndex;
    std::vector<Triple> m_attrs;
};

std::string triggerSql(const char* table, const char* event, const std::string& chunkOf)
{
    const std::string name = std::string("column_dirty_") + table + "_" + event;
    return "CREATE TRIGGER IF NOT EXISTS " + name + " AFTER " + event + " ON " + table
        + " BEGIN INSERT OR IGNORE INTO column_dirty " + chunkOf + "; END;\n";
}

std::vector<int64_t> parseLabelList(const std::string& text)
{
    std::vector<int64_t> out;
    std::istringstream in(text);
    int64_t id = 0;
    while (in >> id) {
        out.push_back(id);
    }
    return out;
}

} // namespace

std::string columnStoreSchemaSql()
{
    const std::string shift = std::to_string(kChunkJobBits);
    std::string sql = R"sql(
CREATE TABLE IF NOT EXISTS column_chunks(
    chunk INTEGER PRIMARY KEY,
    format INTEGER NOT NULL,
    jobs INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    segments INTEGER NOT NULL,
    checkpoints INTEGER NOT NULL,
    labels TEXT NOT NULL,
    first_start_ns INTEGER,
    last_end_ns INTEGER);
CREATE TABLE IF NOT EXISTS column_data(
    chunk INTEGER NOT NULL,
    name TEXT NOT NULL,
    raw_bytes INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY(chunk, name));
CREATE TABLE IF NOT EXISTS column_dirty(chunk INTEGER PRIMARY KEY) WITHOUT ROWID;
)sql";
    // The chunk of a row: its job's, found through the attempt where the row has no job id.
    struct Source
    {
        const char* table;
        std::string (*chunk)(const char* row, const std::string& shift);
    };
    const Source sources[] = {
        { "jobs", [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".id >> " + s; } },
        { "job_attrs",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "attempts",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "checkpoints",
            [](const char* row, const std::string& s) { return std::string("SELECT ") + row + ".job_id >> " + s; } },
        { "attempt_derived",
            [](const char* row, const std::string& s) {
                return "SELECT job_id >> " + s + " FROM attempts WHERE id = " + row + ".attempt_id";
            } },
        { "cause_overrides",
            [](const char* row, const std::string& s) {
                return "SELECT job_id >> " + s + " FROM attempts WHERE id = " + row + ".attempt_id";
            } },
    };
    for (const auto& src : sources) {
        sql += triggerSql(src.table, "INSERT", src.chunk("NEW", shift));
        sql += triggerSql(src.table, "DELETE", src.chunk("OLD", shift));
        // An update may move a row to another job: both chunks.
        const std::string name = std::string("column_dirty_") + src.table + "_UPDATE";
        sql += "CREATE TRIGGER IF NOT EXISTS " + name + " AFTER UPDATE ON " + src.table
            + " BEGIN INSERT OR IGNORE INTO column_dirty " + src.chunk("OLD", shift)
            + "; INSERT OR IGNORE INTO column_dirty " + src.chunk("NEW", shift) + "; END;\n";
    }
    // Every job's chunk, to be built in the migration's transaction.
    sql += "INSERT OR IGNORE INTO column_dirty SELECT DISTINCT id >> " + shift + " FROM jobs;\n";
    return sql;
}

Result<bool> hasColumnStore(Database& db)
{
    auto n = db.queryInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                         "('column_chunks', 'column_data', 'column_dirty')");
    if (!n) {
        return n.error();
    }
    return n->value_or(0) == 3;
}

Status refreshColumnStore(Database& db)
{
    auto has = hasColumnStore(db);
    if (!has) {
        return has.error();
    }
    if (!*has) {
        return Status::success();
    }
    std::vector<int64_t> dirty;
    {
        // Listed by the triggers, or written by another format.
        auto st = db.prepare("SELECT chunk FROM column_dirty UNION SELECT chunk FROM column_chunks WHERE format <> "
            + std::to_string(kColumnFormat) + " ORDER BY chunk");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] { dirty.push_back(st->columnInt64(0)); }); !rows) {
            return rows.error();
        }
    }
    if (dirty.empty()) {
        return Status::success();
    }
    auto labelIds = labelIdsByCode(db);
    if (!labelIds) {
        return labelIds.error();
    }
    auto delData = db.prepare("DELETE FROM column_data WHERE chunk = ?");
    auto delChunk = db.prepare("DELETE FROM column_chunks WHERE chunk = ?");
    auto insData = db.prepare("INSERT INTO column_data(chunk, name, raw_bytes, data) VALUES(?, ?, ?, ?)");
    auto insChunk = db.prepare("INSERT INTO column_chunks(chunk, format, jobs, attempts, segments, checkpoints, "
                               "labels, first_start_ns, last_end_ns) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (auto* st : { &delData, &delChunk, &insData, &insChunk }) {
        if (!*st) {
            return st->error();
        }
    }
    for (const int64_t chunk : dirty) {
        for (auto* st : { &*delData, &*delChunk }) {
            st->bind(1, chunk);
            if (auto r = st->run(); !r) {
                return r;
            }
        }
        auto k = chunkFromRows(db, chunk, *labelIds);
        if (!k) {
            return Error { "the columnar copy of jobs " + std::to_string(chunk * kChunkJobs) + " to "
                + std::to_string((chunk + 1) * kChunkJobs - 1) + ": " + k.error().message };
        }
        if (k->jobRowId.empty()) {
            continue;
        }
        auto put = [&](const char* name, const std::string& raw) -> Status {
            auto data = compress(raw);
            if (!data) {
                return data.error();
            }
            insData->bind(1, chunk);
            insData->bindStatic(2, name);
            insData->bind(3, static_cast<int64_t>(raw.size()));
            insData->bindBlob(4, *data);
            return insData->run();
        };
        for (const auto& col : kIntColumns) {
            if (auto st = put(col.name, encodeInts((*k).*(col.values), col.encoding)); !st) {
                return st;
            }
        }
        for (const auto& col : kStringColumns) {
            if (auto st = put(col.name, encodeStrings((*k).*(col.values))); !st) {
                return st;
            }
        }
        std::set<int64_t> labels(k->jobLabelId.begin(), k->jobLabelId.end());
        std::string labelList = " ";
        for (const int64_t l : labels) {
            labelList += std::to_string(l) + " ";
        }
        auto& s = *insChunk;
        int p = 1;
        s.bind(p++, chunk);
        s.bind(p++, int64_t { kColumnFormat });
        s.bind(p++, static_cast<int64_t>(k->jobRowId.size()));
        s.bind(p++, static_cast<int64_t>(k->attemptRowId.size()));
        s.bind(p++, static_cast<int64_t>(k->segmentBucket.size()));
        s.bind(p++, static_cast<int64_t>(k->checkpointStartNs.size()));
        s.bind(p++, labelList);
        if (k->attemptStartNs.empty()) {
            s.bindNull(p++);
            s.bindNull(p++);
        } else {
            s.bind(p++, *std::min_element(k->attemptStartNs.begin(), k->attemptStartNs.end()));
            s.bind(p++, *std::max_element(k->attemptEndNs.begin(), k->attemptEndNs.end()));
        }
        if (auto r = s.run(); !r) {
            return r;
        }
    }
    return db.exec("DELETE FROM column_dirty");
}

Result<StoredFleet> loadColumnStore(Database& db, const ColumnsQuery& query)
{
    // The labels as the row loader codes them, and the one asked for.
    std::vector<std::string> labelNames;
    std::vector<int64_t> labelIds;
    std::optional<int64_t> only;
    {
        auto st = db.prepare("SELECT id, name FROM labels ORDER BY name");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] {
                labelIds.push_back(st->columnInt64(0));
                labelNames.push_back(st->columnText(1));
                if (query.label && labelNames.back() == *query.label) {
                    only = labelIds.back();
                }
            });
            !rows) {
            return rows.error();
        }
    }
    // The chunks to read: built ones of this format holding the label, and dirty ones (from the rows).
    std::map<int64_t, bool> chunks; // chunk -> read from the rows
    std::array<size_t, 4> sizes {}; // jobs, attempts, segments, checkpoints of the chunks read
    {
        auto st = db.prepare(
            "SELECT chunk, format, labels, jobs, attempts, segments, checkpoints FROM column_chunks ORDER BY chunk");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] {
                const int64_t chunk = st->columnInt64(0);
                if (st->columnInt64(1) != kColumnFormat) {
                    chunks[chunk] = true;
                    return;
                }
                const auto labels = parseLabelList(st->columnText(2));
                if (!query.label || (only && std::find(labels.begin(), labels.end(), *only) != labels.end())) {
                    chunks[chunk] = false;
                    for (size_t i = 0; i < sizes.size(); ++i) {
                        sizes[i] += static_cast<size_t>(std::max<int64_t>(0, st->columnInt64(3 + static_cast<int>(i))));
                    }
                }
            });
            !rows) {
            return rows.error();
        }
        auto dirty = db.prepare("SELECT chunk FROM column_dirty");
        if (!dirty) {
            return dirty.error();
        }
        if (auto rows = dirty->forEachRow([&] { chunks[dirty->columnInt64(0)] = true; }); !rows) {
            return rows.error();
        }
    }

    FleetAssembler fleet(
        labelNames, labelIds, query.label ? std::optional<int64_t>(only.value_or(-1)) : std::nullopt, query.withDetail);
    // As recorded (an upper bound for one label). A damaged count costs at most a larger allocation,
    // never a wrong figure, and no more rows than the copy has bytes (every value takes one at least).
    auto rawTotal = db.queryInt("SELECT coalesce(sum(raw_bytes), 0) FROM column_data");
    if (!rawTotal) {
        return rawTotal.error();
    }
    const auto bound = static_cast<size_t>(std::max<int64_t>(0, rawTotal->value_or(0)));
    if (std::all_of(sizes.begin(), sizes.end(), [&](size_t n) { return n <= bound; })) {
        fleet.reserve(sizes[0], sizes[1], sizes[2], sizes[3]);
    }
    // A lean load leaves the segments' and the checkpoints' blobs unread.
    const char* const kDetailColumns[] = { "segment_bucket", "segment_length_ns", "checkpoint_start_ns",
        "checkpoint_durable_ns", "checkpoint_failed" };
    std::string detail;
    for (const char* name : kDetailColumns) {
        detail += std::string(detail.empty() ? "" : ", ") + "'" + name + "'";
    }
    auto data = db.prepare(std::string("SELECT name, raw_bytes, data FROM column_data WHERE chunk = ?")
        + (query.withDetail ? "" : " AND name NOT IN (" + detail + ")"));
    if (!data) {
        return data.error();
    }
    std::unordered_map<std::string, const IntColumn*> intColumn;
    std::unordered_map<std::string, const StringColumn*> stringColumn;
    for (const auto& col : kIntColumns) {
        intColumn[col.name] = &col;
    }
    for (const auto& col : kStringColumns) {
        stringColumn[col.name] = &col;
    }
    Chunk k; // one chunk at a time, its buffers reused
    std::string raw;
    // Every label kept: the largest columns go straight into the fleet's arrays.
    const bool useBulk = !query.label;
    Bulk bulk;
    for (const auto& [chunk, fromRows] : chunks) {
        const std::string where = "the columnar copy, chunk " + std::to_string(chunk);
        if (fromRows) {
            auto rows = chunkFromRows(db, chunk, labelIds);
            if (!rows) {
                return Error { where + ": " + rows.error().message };
            }
            k = std::move(*rows);
        } else {
            size_t seen = 0;
            bulk.present.fill(false);
            data->bind(1, chunk);
            if (auto rows = data->forEachRow([&]() -> Status {
                    const std::string name = data->columnText(0);
                    if (useBulk) {
                        // Kept as stored: decompressed where it is decoded (appendBulk).
                        const auto b = std::find(std::begin(kBulkNames), std::end(kBulkNames), name);
                        if (b != std::end(kBulkNames)) {
                            const auto i = static_cast<size_t>(b - std::begin(kBulkNames));
                            bulk.packed[i].assign(data->columnBlob(2));
                            bulk.rawBytes[i] = data->columnInt64(1);
                            bulk.present[i] = true;
                            ++seen;
                            return Status::success();
                        }
                    }
                    Status st = decompress(data->columnBlob(2), data->columnInt64(1), raw);
                    if (st) {
                        if (auto i = intColumn.find(name); i != intColumn.end()) {
                            st = decodeInts(raw, k.*(i->second->values));
                            ++seen;
                        } else if (auto s = stringColumn.find(name); s != stringColumn.end()) {
                            st = decodeStrings(raw, k.*(s->second->values));
                            ++seen;
                        }
                    }
                    if (!st) {
                        return Error { where + ", column " + name + ": " + st.error().message };
                    }
                    return Status::success();
                });
                !rows) {
                return rows.error();
            }
            if (!query.withDetail) {
                k.segmentBucket.clear();
                k.segmentLengthNs.clear();
                k.checkpointStartNs.clear();
                k.checkpointDurableNs.clear();
                k.checkpointFailed.clear();
            }
            if (seen
                != std::size(kIntColumns) + std::size(kStringColumns)
                    - (query.withDetail ? 0 : std::size(kDetailColumns))) {
                return Error { where + ": columns are missing" };
            }
        }
        if (auto st = fleet.append(k, useBulk && !fromRows ? &bulk : nullptr); !st) {
            return Error { where + ": " + st.error().message };
        }
    }
    return fleet.finish();
}

Result<ColumnStoreSize> columnStoreSize(Database& db)
{
    ColumnStoreSize size;
    auto chunks = db.queryInt("SELECT count(*) FROM column_chunks");
    auto dirty = db.queryInt("SELECT count(*) FROM (SELECT chunk FROM column_dirty UNION SELECT chunk FROM "
                             "column_chunks WHERE format <> "
        + std::to_string(kColumnFormat) + ")");
    auto raw = db.queryInt("SELECT coalesce(sum(raw_bytes), 0) FROM column_data");
    auto stored = db.queryInt("SELECT coalesce(sum(length(data)), 0) FROM column_data");
    for (auto* r : { &chunks, &dirty, &raw, &stored }) {
        if (!*r) {
            return r->error();
        }
    }
    size.chunks = chunks->value_or(0);
    size.dirtyChunks = dirty->value_or(0);
    size.rawBytes = raw->value_or(0);
    size.storedBytes = stored->value_or(0);
    return size;
}

} // namespace ett::core
