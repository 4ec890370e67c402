#include "core/store/clickhouse/sql_text.h"

#include <bit>
#include <cstring>

namespace ett::core::clickhouse {

std::string sqlString(std::string_view bytes)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(bytes.size() * 4 + 2);
    out += '\'';
    for (const char ch : bytes) {
        const auto b = static_cast<unsigned char>(ch);
        out += "\\x";
        out += kHex[b >> 4];
        out += kHex[b & 0xF];
    }
    out += '\'';
    return out;
}

bool isPlainIdentifier(std::string_view name)
{
    if (name.empty() || name.size() > 64) {
        return false;
    }
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
        const bool digit = c >= '0' && c <= '9';
        if (!alpha && !(digit && i > 0)) {
            return false;
        }
    }
    return true;
}

void RowBinaryWriter::append(const void* p, size_t n)
{
    // RowBinary is little-endian, as are the machines this builds for.
    static_assert(std::endian::native == std::endian::little, "RowBinary needs a little-endian host");
    m_data.append(static_cast<const char*>(p), n);
}

void RowBinaryWriter::varint(uint64_t v)
{
    while (v >= 0x80) {
        m_data += static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    m_data += static_cast<char>(v);
}

void RowBinaryWriter::string(std::string_view s)
{
    varint(s.size());
    m_data.append(s.data(), s.size());
}

void RowBinaryWriter::nullableInt64(std::optional<int64_t> v)
{
    uint8(v ? 0 : 1);
    if (v) {
        int64(*v);
    }
}

void RowBinaryWriter::stringArray(const std::vector<std::string>& items)
{
    varint(items.size());
    for (const auto& s : items) {
        string(s);
    }
}

Status RowBinaryReader::need(size_t n)
{
    if (m_data.size() - m_pos < n) {
        return Error { "a truncated RowBinary result (" + std::to_string(n) + " more bytes expected at byte "
            + std::to_string(m_pos) + " of " + std::to_string(m_data.size()) + ")" };
    }
    return Status::success();
}

template <typename T> Result<T> RowBinaryReader::fixed()
{
    if (auto st = need(sizeof(T)); !st) {
        return st.error();
    }
    T v {};
    std::memcpy(&v, m_data.data() + m_pos, sizeof(T));
    m_pos += sizeof(T);
    return v;
}

Result<Wide> RowBinaryReader::decimal128()
{
    static_assert(sizeof(Wide) == 16 && std::endian::native == std::endian::little,
        "RowBinary's Decimal128 is read as a little-endian 128-bit integer");
    return fixed<Wide>();
}

Result<int32_t> RowBinaryReader::int32()
{
    return fixed<int32_t>();
}

Result<uint64_t> RowBinaryReader::arrayLength()
{
    uint64_t n = 0;
    for (int shift = 0;; shift += 7) {
        auto b = uint8();
        if (!b) {
            return b.error();
        }
        if (shift > 56) {
            return Error { "a bad array length in the server's answer" };
        }
        n |= static_cast<uint64_t>(*b & 0x7F) << shift;
        if ((*b & 0x80) == 0) {
            break;
        }
    }
    // Every item takes a byte at least.
    if (n > m_data.size() - m_pos) {
        return Error { "an array longer than the server's answer" };
    }
    return n;
}

Result<std::vector<std::string>> RowBinaryReader::stringArray()
{
    auto n = arrayLength();
    if (!n) {
        return n.error();
    }
    std::vector<std::string> out;
    for (uint64_t i = 0; i < *n; ++i) {
        auto s = string();
        if (!s) {
            return s.error();
        }
        out.push_back(std::move(*s));
    }
    return out;
}

Result<std::vector<int64_t>> RowBinaryReader::int64Array()
{
    auto length = arrayLength();
    if (!length) {
        return length.error();
    }
    const uint64_t n = *length;
    if (n > (m_data.size() - m_pos) / sizeof(int64_t)) {
        return Error { "an array longer than the server's answer" };
    }
    std::vector<int64_t> out;
    out.reserve(static_cast<size_t>(n));
    for (uint64_t i = 0; i < n; ++i) {
        auto v = int64();
        if (!v) {
            return v.error();
        }
        out.push_back(*v);
    }
    return out;
}

Result<int64_t> RowBinaryReader::int64()
{
    return fixed<int64_t>();
}

Result<uint64_t> RowBinaryReader::uint64()
{
    return fixed<uint64_t>();
}

Result<uint32_t> RowBinaryReader::uint32()
{
    return fixed<uint32_t>();
}

Result<uint16_t> RowBinaryReader::uint16()
{
    return fixed<uint16_t>();
}

Result<uint8_t> RowBinaryReader::uint8()
{
    return fixed<uint8_t>();
}

Result<std::string> RowBinaryReader::string()
{
    uint64_t size = 0;
    for (int shift = 0;; shift += 7) {
        if (shift > 63) {
            return Error { "a malformed string length in a RowBinary result" };
        }
        auto b = uint8();
        if (!b) {
            return b.error();
        }
        size |= static_cast<uint64_t>(*b & 0x7F) << shift;
        if ((*b & 0x80) == 0) {
            break;
        }
    }
    if (auto st = need(size); !st) {
        return st.error();
    }
    std::string s(m_data.substr(m_pos, size));
    m_pos += size;
    return s;
}

Error shortRowError()
{
    return Error { "a short row in the fleet store's answer" };
}

} // namespace ett::core::clickhouse
