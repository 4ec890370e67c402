#include "core/model/int_sort.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ett::core {

namespace {

constexpr uint64_t kSignBit = uint64_t { 1 } << 63;

// The value as an unsigned key of the same order.
uint64_t keyOf(int64_t v)
{
    return static_cast<uint64_t>(v) ^ kSignBit;
}

} // namespace

void sortInt64(std::vector<int64_t>& values)
{
    const size_t n = values.size();
    if (n < 4096) {
        std::sort(values.begin(), values.end());
        return;
    }
    uint64_t any = 0;
    uint64_t all = ~uint64_t { 0 };
    for (const int64_t v : values) {
        any |= keyOf(v);
        all &= keyOf(v);
    }
    const uint64_t differing = any ^ all; // the bits some values have and others not
    std::vector<int64_t> spare(n);
    int64_t* from = values.data();
    int64_t* to = spare.data();
    for (int shift = 0; shift < 64; shift += 8) {
        if (((differing >> shift) & 0xFF) == 0) {
            continue; // every value has the same byte here: the pass would keep the order
        }
        std::array<size_t, 256> start {};
        for (size_t i = 0; i < n; ++i) {
            ++start[(keyOf(from[i]) >> shift) & 0xFF];
        }
        size_t sum = 0;
        for (size_t& s : start) {
            sum += std::exchange(s, sum);
        }
        for (size_t i = 0; i < n; ++i) {
            to[start[(keyOf(from[i]) >> shift) & 0xFF]++] = from[i];
        }
        std::swap(from, to);
    }
    if (from != values.data()) {
        std::copy(from, from + n, values.data());
    }
}

} // namespace ett::core
