#include "core/model/json_text.h"

namespace ett::core {

void appendJsonEscaped(std::string& out, std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    size_t runStart = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            continue;
        }
        out.append(s.data() + runStart, i - runStart);
        runStart = i + 1;
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        case '\b':
            out.append("\\b");
            break;
        case '\f':
            out.append("\\f");
            break;
        default:
            out.append("\\u00");
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xf]);
            break;
        }
    }
    out.append(s.data() + runStart, s.size() - runStart);
}

void appendJsonString(std::string& out, std::string_view s)
{
    out.push_back('"');
    appendJsonEscaped(out, s);
    out.push_back('"');
}

} // namespace ett::core
