#include "core/store/column_codec.h"

#include "core/model/varint.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <zstd.h>

namespace ett::core::columnar {

namespace {

constexpr int kZstdLevel = 3;

} // namespace

// The differences to the previous value (wrapping: kNoTime next to a time stays exact), or the
// values themselves.
static std::vector<uint64_t> deltasOf(const std::vector<int64_t>& values, Encoding encoding)
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
    // One context a thread, reused: ZSTD_compress() would make and free one (about 1 MB) per column.
    // The frames are the same either way.
    thread_local std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> context(ZSTD_createCCtx(), ZSTD_freeCCtx);
    if (!context) {
        return Error { "zstd: cannot make a compression context (out of memory)" };
    }
    const size_t n = ZSTD_compressCCtx(context.get(), out.data(), out.size(), raw.data(), raw.size(), kZstdLevel);
    if (ZSTD_isError(n)) {
        return Error { std::string("zstd: ") + ZSTD_getErrorName(n) };
    }
    out.resize(n);
    return out;
}

// ---- Decoding ----------------------------------------------------------------------------------

Status decompress(std::string_view data, int64_t rawBytes, std::string& out)
{
    const unsigned long long frame = ZSTD_getFrameContentSize(data.data(), data.size());
    if (frame == ZSTD_CONTENTSIZE_ERROR || frame == ZSTD_CONTENTSIZE_UNKNOWN || rawBytes < 0
        || frame != static_cast<unsigned long long>(rawBytes)) {
        return Error { "not a zstd frame of the recorded size" };
    }
    out.resize(static_cast<size_t>(frame));
    // One context a thread, reused: ZSTD_decompress() makes and frees one (about 100 KB, fresh pages
    // each time) per column of every chunk.
    thread_local std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!context) {
        return Error { "zstd: cannot make a decompression context (out of memory)" };
    }
    const size_t n = ZSTD_decompressDCtx(context.get(), out.data(), out.size(), data.data(), data.size());
    if (ZSTD_isError(n) || n != out.size()) {
        return Error { std::string("zstd: ") + (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "short frame") };
    }
    return Status::success();
}

static Result<size_t> readHeader(std::string_view raw, size_t& pos, Encoding& encoding)
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

Status decodeInts(std::string_view raw, std::vector<int64_t>& out)
{
    out.clear();
    return appendInts(raw, out);
}

// The column's strings into out[base, base + count) (out resized to that: the strings before `base`
// stay, those after it keep their storage for reuse). Error: damage (out cut back to `base`).
static Status readStrings(std::string_view raw, std::vector<std::string>& out, size_t base)
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
    out.resize(base + *count);
    for (size_t i = 0; i < *count; ++i) {
        auto n = getVarint(raw, pos);
        if (!n || *n > raw.size() - pos) {
            out.resize(base);
            return Error { "truncated at string " + std::to_string(i) };
        }
        out[base + i].assign(raw.substr(pos, static_cast<size_t>(*n)));
        pos += static_cast<size_t>(*n);
    }
    if (pos != raw.size()) {
        out.resize(base);
        return Error { "bytes after the last string" };
    }
    return Status::success();
}

Status decodeStrings(std::string_view raw, std::vector<std::string>& out)
{
    return readStrings(raw, out, 0);
}

Status appendStrings(std::string_view raw, std::vector<std::string>& out)
{
    return readStrings(raw, out, out.size());
}

} // namespace ett::core::columnar
