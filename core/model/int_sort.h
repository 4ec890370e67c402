// Sorting of large int64 lists (the phase-duration samples of a comparison: millions of values):
// a least-significant-digit radix sort, a byte per pass, that skips the bytes no value differs
// in (durations of up to a few days in nanoseconds take 6 passes instead of 8).
#pragma once

#include <cstdint>
#include <vector>

namespace ett::core {

// Sorts `values` ascending, as std::sort does (the same result; negative values included). Lists
// of fewer than a few thousand values go to std::sort.
void sortInt64(std::vector<int64_t>& values);

} // namespace ett::core
