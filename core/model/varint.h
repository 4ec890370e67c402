// LEB128 varints for the compact blobs of the derived tables (segments, phase samples): seven
// bits a byte, low first, the high bit set on every byte but the last. Signed values go through
// zigzag (0, -1, 1, -2 ... as 0, 1, 2, 3 ...) so that small negatives stay short.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core {

// Appends v as an unsigned LEB128 varint (1 to 10 bytes).
inline void putVarint(std::string& out, uint64_t v)
{
    do {
        uint8_t byte = v & 0x7f;
        v >>= 7;
        if (v != 0) {
            byte |= 0x80;
        }
        out.push_back(static_cast<char>(byte));
    } while (v != 0);
}

// Reads an unsigned LEB128 varint at pos and advances pos past it. nullopt when the blob ends
// inside it or it encodes more than 64 bits (pos is then unspecified).
inline std::optional<uint64_t> getVarint(std::string_view blob, size_t& pos)
{
    uint64_t v = 0;
    for (int shift = 0; shift <= 63; shift += 7) {
        if (pos >= blob.size()) {
            return std::nullopt;
        }
        const auto byte = static_cast<uint8_t>(blob[pos++]);
        if (shift == 63 && (byte & 0x7e) != 0) {
            return std::nullopt;
        }
        v |= static_cast<uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) {
            return v;
        }
    }
    return std::nullopt;
}

inline uint64_t zigzag(int64_t v)
{
    return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

inline int64_t unzigzag(uint64_t v)
{
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}

} // namespace ett::core
