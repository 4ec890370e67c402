#include "core/model/segment_codec.h"

#include "core/model/varint.h"

#include <limits>

namespace ett::core {

std::string encodeSegments(const std::vector<Segment>& segments)
{
    std::string out;
    out.reserve(segments.size() * 5);
    for (const auto& s : segments) {
        out.push_back(static_cast<char>(s.bucket));
        putVarint(out, static_cast<uint64_t>(s.endNs - s.startNs));
    }
    return out;
}

Result<std::vector<Segment>> decodeSegments(std::string_view blob, int64_t startNs)
{
    std::vector<Segment> out;
    size_t pos = 0;
    int64_t cur = startNs;
    while (pos < blob.size()) {
        const auto bucket = static_cast<uint8_t>(blob[pos++]);
        if (bucket >= kBucketCount) {
            return Error { "damaged segment data: bucket " + std::to_string(bucket) + " at byte "
                + std::to_string(pos - 1) };
        }
        const size_t lengthAt = pos;
        const auto length = getVarint(blob, pos);
        if (!length) {
            return Error { "damaged segment data: truncated length, or one beyond 64 bits, at byte "
                + std::to_string(lengthAt) };
        }
        const uint64_t len = *length;
        // A damaged length must not wrap the end time around (signed overflow).
        constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
        if (len > static_cast<uint64_t>(kMax) || (cur > 0 && static_cast<int64_t>(len) > kMax - cur)) {
            return Error { "damaged segment data: length " + std::to_string(len) + " ends past the int64 range" };
        }
        const int64_t end = cur + static_cast<int64_t>(len);
        out.push_back({ cur, end, static_cast<Bucket>(bucket) });
        cur = end;
    }
    return out;
}

} // namespace ett::core
