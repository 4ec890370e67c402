#include "core/model/packed_sorted.h"

#include "core/model/varint.h"

#include <algorithm>

namespace ett::core {

namespace {

uint64_t readLittle(const char* p, int bytes)
{
    uint64_t v = 0;
    for (int b = 0; b < bytes; ++b) {
        v |= static_cast<uint64_t>(static_cast<unsigned char>(p[b])) << (8 * b);
    }
    return v;
}

void putLittle(std::string& out, uint64_t v, int bytes)
{
    for (int b = 0; b < bytes; ++b) {
        out.push_back(static_cast<char>((v >> (8 * b)) & 0xFF));
    }
}

} // namespace

int64_t PackedSortedRun::anchorValue(size_t i) const
{
    return static_cast<int64_t>(readLittle(anchors.data() + i * kAnchorBytes, 8));
}

size_t PackedSortedRun::anchorOffset(size_t i) const
{
    return static_cast<size_t>(readLittle(anchors.data() + i * kAnchorBytes + 8, 4));
}

int64_t PackedSortedRun::atOrBelow(int64_t v) const
{
    if (count == 0 || v < first) {
        return 0;
    }
    if (v >= last) {
        return static_cast<int64_t>(count);
    }
    // The last anchor at or below v: every value before it is too.
    const size_t n = anchorsFor(count);
    size_t lo = 0; // anchorValue(0) == first <= v
    size_t hi = n - 1;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo + 1) / 2;
        if (anchorValue(mid) <= v) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    size_t at = lo * kPackedStride;
    size_t pos = anchorOffset(lo);
    uint64_t value = static_cast<uint64_t>(anchorValue(lo));
    (void)getVarint(values, pos); // the anchor's own
    const size_t end = std::min(count, at + kPackedStride);
    for (++at; at < end; ++at) {
        const auto step = getVarint(values, pos);
        if (!step || static_cast<int64_t>(value + *step) > v) {
            break;
        }
        value += *step;
    }
    return static_cast<int64_t>(at);
}

void PackedSortedRun::unpackInto(std::vector<int64_t>& out) const
{
    size_t pos = 0;
    uint64_t value = 0;
    for (size_t i = 0; i < count; ++i) {
        const auto step = getVarint(values, pos);
        value += step.value_or(0);
        out.push_back(static_cast<int64_t>(value));
    }
}

void packSorted(const std::vector<int64_t>& sorted, std::string& values, std::string& anchors)
{
    const size_t base = values.size();
    uint64_t previous = 0;
    for (size_t i = 0; i < sorted.size(); ++i) {
        const auto v = static_cast<uint64_t>(sorted[i]);
        if (i % kPackedStride == 0) {
            putLittle(anchors, v, 8);
            putLittle(anchors, values.size() - base, 4);
        }
        putVarint(values, v - previous);
        previous = v;
    }
}

std::string checkPackedRun(PackedSortedRun& run)
{
    const size_t anchors = PackedSortedRun::anchorsFor(run.count);
    if (run.anchors.size() != anchors * kAnchorBytes) {
        return "the anchors' size disagrees with the count of values";
    }
    if (run.values.size() > UINT32_MAX) {
        return "more bytes than an anchor can point into";
    }
    // Exactly `count` varints: as many bytes that end one, the last byte among them.
    const size_t ends = static_cast<size_t>(std::count_if(
        run.values.begin(), run.values.end(), [](char c) { return (static_cast<unsigned char>(c) & 0x80) == 0; }));
    if (ends != run.count || (run.count > 0 && (static_cast<unsigned char>(run.values.back()) & 0x80) != 0)) {
        return "the values are not " + std::to_string(run.count) + " varints";
    }
    if (run.count == 0) {
        return {};
    }
    // Anchors ascending, each at the start of its varint (the first at the start).
    for (size_t i = 0; i < anchors; ++i) {
        const size_t at = run.anchorOffset(i);
        if ((i == 0 && at != 0) || at >= run.values.size()
            || (at > 0 && (static_cast<unsigned char>(run.values[at - 1]) & 0x80) != 0)
            || (i > 0 && (at <= run.anchorOffset(i - 1) || run.anchorValue(i) < run.anchorValue(i - 1)))) {
            return "anchor " + std::to_string(i) + " is out of place";
        }
    }
    size_t pos = 0;
    const auto first = getVarint(run.values, pos);
    if (!first || *first > static_cast<uint64_t>(INT64_MAX) || static_cast<int64_t>(*first) != run.anchorValue(0)) {
        return "the first value disagrees with its anchor";
    }
    // The last value: from the last anchor, each step within int64.
    pos = run.anchorOffset(anchors - 1);
    uint64_t value = static_cast<uint64_t>(run.anchorValue(anchors - 1));
    (void)getVarint(run.values, pos);
    for (size_t i = (anchors - 1) * kPackedStride + 1; i < run.count; ++i) {
        const auto step = getVarint(run.values, pos);
        if (!step || *step > static_cast<uint64_t>(INT64_MAX) - value) {
            return "a value is beyond the int64 range";
        }
        value += *step;
    }
    if (pos != run.values.size()) {
        return "bytes after the last value";
    }
    run.first = static_cast<int64_t>(*first);
    run.last = static_cast<int64_t>(value);
    return {};
}

} // namespace ett::core
