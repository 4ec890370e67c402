// Compact storage of an attempt's segments (the derived table keeps one blob per attempt).
// Layout: for each segment in time order, one byte with the bucket, then the length in
// nanoseconds as an unsigned LEB128 varint. Segments are contiguous from the attempt start, so
// start times need not be stored.
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// Encodes contiguous segments. Pure.
std::string encodeSegments(const std::vector<Segment>& segments);

// Decodes a blob written by encodeSegments() for an attempt starting at startNs. An Error names
// what is wrong when the blob is damaged (unknown bucket, truncated varint).
Result<std::vector<Segment>> decodeSegments(std::string_view blob, int64_t startNs);

} // namespace ett::core
