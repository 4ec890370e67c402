// The encoding of one column of the columnar copy (core/store/column_store.h): integers packed after
// a common divisor, strings with their lengths, both compressed with zstd. Decoding checks every
// size against the bytes present: damage is an Error, never a read past the end or an allocation
// the bytes do not justify.
#pragma once

#include "core/model/result.h"
#include "core/model/varint.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ett::core::columnar {

enum class Encoding : uint8_t {
    Ints = 1,
    DeltaInts = 2,
    Strings = 3,
};

// A column of integers (Ints: the values, DeltaInts: the differences to the previous value).
std::string encodeInts(const std::vector<int64_t>& values, Encoding encoding);
std::string encodeStrings(const std::vector<std::string>& values);
Result<std::string> compress(const std::string& raw);
// Decompresses a column of `rawBytes` (as recorded beside it; bounded by the frame's own size) into
// `out`, whose storage is reused.
Status decompress(std::string_view data, int64_t rawBytes, std::string& out);

// A column of integers, its header read.
struct IntRun
{
    size_t count = 0;
    uint64_t divisor = 1;
    int width = 8;
    bool delta = false;
    const unsigned char* values = nullptr;
};

// The header of a column of integers; Error when it is not one or its size disagrees with its bytes.
Result<IntRun> readInts(std::string_view raw);

template <int Width> uint64_t readLittle(const unsigned char* p)
{
    if constexpr (std::endian::native == std::endian::little) {
        // One load (a byte loop is what compilers make of the shifts below).
        using Word = std::conditional_t<Width == 1, uint8_t,
            std::conditional_t<Width == 2, uint16_t, std::conditional_t<Width == 4, uint32_t, uint64_t>>>;
        Word w;
        std::memcpy(&w, p, sizeof w);
        return w;
    } else {
        uint64_t v = 0;
        for (int b = 0; b < Width; ++b) {
            v |= static_cast<uint64_t>(p[b]) << (8 * b);
        }
        return v;
    }
}

// The run's values into out[0, count), the differences added up (Delta), each checked against
// [lo, hi] (Check; the smallest and largest value are tracked, which keeps the loop free of branches).
template <int Width, bool Delta, bool Check, typename T>
bool unpackRun(const IntRun& run, T* out, int64_t lo, int64_t hi)
{
    const uint64_t divisor = run.divisor;
    const unsigned char* p = run.values;
    const size_t count = run.count;
    uint64_t previous = 0;
    int64_t least = std::numeric_limits<int64_t>::max();
    int64_t most = std::numeric_limits<int64_t>::min();
    for (size_t i = 0; i < count; ++i) {
        const uint64_t v = static_cast<uint64_t>(unzigzag(readLittle<Width>(p + i * Width))) * divisor;
        if constexpr (Delta) {
            previous += v;
        } else {
            previous = v;
        }
        const auto value = static_cast<int64_t>(previous);
        if constexpr (Check) {
            least = std::min(least, value);
            most = std::max(most, value);
        }
        out[i] = static_cast<T>(value);
    }
    return !Check || count == 0 || (least >= lo && most <= hi);
}

// Writes the run's values to out[0, count); false when one lies outside [lo, hi] (T's range, or a
// code's).
template <int Width, typename T> bool unpack(const IntRun& run, T* out, int64_t lo, int64_t hi)
{
    const bool check = lo > std::numeric_limits<int64_t>::min() || hi < std::numeric_limits<int64_t>::max();
    if (run.delta) {
        return check ? unpackRun<Width, true, true>(run, out, lo, hi) : unpackRun<Width, true, false>(run, out, lo, hi);
    }
    return check ? unpackRun<Width, false, true>(run, out, lo, hi) : unpackRun<Width, false, false>(run, out, lo, hi);
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

// The column's values, replacing out's.
Status decodeInts(std::string_view raw, std::vector<int64_t>& out);
Status decodeStrings(std::string_view raw, std::vector<std::string>& out);
// Appends the column's strings to `out`. Error: damage (out keeps what it held before).
Status appendStrings(std::string_view raw, std::vector<std::string>& out);

} // namespace ett::core::columnar
