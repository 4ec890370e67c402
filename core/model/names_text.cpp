#include "core/model/names_text.h"

#include <algorithm>

namespace ett::core {

std::string shellWord(std::string_view s)
{
    const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
            || c == '.' || c == '/' || c == ':' || c == '=' || c == '@' || c == ',' || c == '+';
    });
    if (plain) {
        return std::string(s);
    }
    std::string out = "'";
    for (char c : s) {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

std::string groupThousands(std::string_view digits)
{
    const size_t start = digits.empty() || digits[0] != '-' ? 0 : 1;
    size_t end = digits.find('.');
    if (end == std::string_view::npos) {
        end = digits.size();
    }
    std::string out(digits.substr(0, start));
    const std::string_view intPart = digits.substr(start, end - start);
    for (size_t i = 0; i < intPart.size(); ++i) {
        if (i > 0 && (intPart.size() - i) % 3 == 0) {
            out += ',';
        }
        out += intPart[i];
    }
    out += digits.substr(end);
    return out;
}

std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::string knownNames(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    std::string s;
    for (const auto& n : names) {
        s += (s.empty() ? "" : ", ") + n;
    }
    return s.empty() ? "none" : s;
}

std::string printableText(std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    auto escape = [&](const char* prefix, unsigned char c) {
        out += prefix;
        out += kHex[c >> 4];
        out += kHex[c & 15];
    };
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f) {
                escape("\\x", c);
            } else {
                out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        // The length of a well-formed UTF-8 sequence starting here (RFC 3629), 0 when it is not one.
        const size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        bool ok = len > 0 && i + len <= s.size();
        for (size_t k = 1; ok && k < len; ++k) {
            ok = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
        }
        const auto c1 = static_cast<unsigned char>(ok ? s[i + 1] : 0);
        if (ok && len == 3) {
            ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0); // overlong, surrogate
        } else if (ok && len == 4) {
            ok = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90); // overlong, past U+10FFFF
        }
        if (!ok) {
            escape("\\x", c);
            ++i;
        } else if (len == 2 && c == 0xc2 && c1 < 0xa0) {
            escape("\\u00", c1);
            i += 2;
        } else {
            out.append(s.substr(i, len));
            i += len;
        }
    }
    return out;
}

std::string quoteCell(std::string_view s)
{
    return "\"" + printableText(s.size() > 80 ? s.substr(0, 80) : s) + (s.size() > 80 ? "...\"" : "\"");
}

} // namespace ett::core
