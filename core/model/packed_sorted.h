// Values sorted ascending, packed as varint differences with every kPackedStride-th value kept
// beside them with the place of its bytes (an anchor), so that the values at or below a bound are
// counted by a binary search of the anchors and a walk of at most kPackedStride - 1 differences,
// without unpacking the run: a chunk's phase durations of one kind as the columnar copy keeps them
// (core/store/phase_samples_store.h), ranked where they lie in the decompressed bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

inline constexpr size_t kPackedStride = 64;
// Bytes of an anchor: the value (int64) and the offset of its varint in the values (uint32), both
// little-endian.
inline constexpr size_t kAnchorBytes = 12;

struct PackedSortedRun
{
    std::string_view values; // `count` varints: the first value, then each one's difference to the one before
    std::string_view anchors; // anchorsFor(count) anchors: value i * kPackedStride and its offset
    size_t count = 0;
    int64_t first = 0; // the smallest value (when count > 0)
    int64_t last = 0; // the largest

    static size_t anchorsFor(size_t count) { return (count + kPackedStride - 1) / kPackedStride; }
    int64_t anchorValue(size_t i) const;
    size_t anchorOffset(size_t i) const;
    // How many values are at or below v. The run must have passed checkPackedRun().
    int64_t atOrBelow(int64_t v) const;
    // Every value, in order, appended to out.
    void unpackInto(std::vector<int64_t>& out) const;
};

// Appends the packed form of `sorted` (ascending, none negative) to `values` and `anchors`.
void packSorted(const std::vector<int64_t>& sorted, std::string& values, std::string& anchors);

// Empty when the run is well formed: `count` varints filling `values` exactly, anchors ascending at
// the start of every kPackedStride-th varint, the values within int64 (first and last set then);
// else what is wrong.
std::string checkPackedRun(PackedSortedRun& run);

} // namespace ett::core
