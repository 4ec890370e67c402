// SQL text and binary rows for ClickHouse 18.16, which has no query parameters: every value a
// user typed reaches a query as a literal with each byte written \xHH (nothing in it is special
// to the parser), or as rows of an external-data table; identifiers are checked, never escaped.
// RowBinary is the format rows travel in, both ways.
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core::clickhouse {

// A string literal holding exactly these bytes (any bytes: quotes, backslashes, NUL, invalid
// UTF-8): '\x41\x27...'. Pure.
std::string sqlString(std::string_view bytes);

// Whether `name` may be used as a database, table or cluster name: [A-Za-z_][A-Za-z0-9_]*, at
// most 64 bytes. Such a name needs no quoting.
bool isPlainIdentifier(std::string_view name);

// Appends values in ClickHouse's RowBinary encoding (little-endian integers, strings as a LEB128
// length and their bytes, Nullable as a null byte then the value, arrays as a length then items).
class RowBinaryWriter
{
public:
    void int8(int8_t v) { append(&v, 1); }
    void uint8(uint8_t v) { append(&v, 1); }
    void uint16(uint16_t v) { append(&v, 2); }
    void int32(int32_t v) { append(&v, 4); }
    void uint32(uint32_t v) { append(&v, 4); }
    void int64(int64_t v) { append(&v, 8); }
    void uint64(uint64_t v) { append(&v, 8); }
    void string(std::string_view s);
    void nullableInt64(std::optional<int64_t> v);
    void stringArray(const std::vector<std::string>& items);

    const std::string& data() const { return m_data; }
    std::string take() { return std::move(m_data); }
    void clear() { m_data.clear(); }
    size_t size() const { return m_data.size(); }

private:
    void append(const void* p, size_t n);
    void varint(uint64_t v);

    std::string m_data;
};

// Reads RowBinary values in order. Every read checks the bytes left; a short read is an Error
// (a truncated or mismatched result), never undefined behaviour.
class RowBinaryReader
{
public:
    explicit RowBinaryReader(std::string_view data)
        : m_data(data)
    {
    }

    bool atEnd() const { return m_pos == m_data.size(); }
    Result<int64_t> int64();
    Result<uint64_t> uint64();
    Result<uint8_t> uint8();
    Result<uint16_t> uint16();
    Result<uint32_t> uint32();
    Result<std::string> string();
    // A Decimal128 of scale 0: 16 bytes, little-endian two's complement (read as they are: the
    // server's text form of such a number is unreliable in 18.16, see fleet_store.cpp).
    Result<Wide> decimal128();
    // Array(Int64) and Array(String): a LEB128 length, then the items.
    Result<std::vector<int64_t>> int64Array();
    Result<std::vector<std::string>> stringArray();
    Result<int32_t> int32();

private:
    Result<uint64_t> arrayLength();
    Status need(size_t n);
    template <typename T> Result<T> fixed();

    std::string_view m_data;
    size_t m_pos = 0;
};

// The error of an answer whose row ends before the values its query asks for.
Error shortRowError();

} // namespace ett::core::clickhouse
