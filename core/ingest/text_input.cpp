#include "core/ingest/text_input.h"

#include <algorithm>
#include <cstring>

namespace ett::core {

namespace {
constexpr size_t kChunkBytes = size_t { 1 } << 20;
} // namespace

std::string lineTooLongMessage(const std::string& path, int64_t line, std::string_view what)
{
    return path + ":" + std::to_string(line) + ": the line is longer than " + std::to_string(kMaxLineBytes >> 20)
        + " MiB: not " + std::string(what) + " (binary data, or a file of another format?)";
}

std::string printableText(std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    auto escape = [&](unsigned char c) {
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    };
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f) {
                escape(c);
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
        if (ok && len == 3) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0); // overlong, surrogate
        } else if (ok && len == 4) {
            const auto c1 = static_cast<unsigned char>(s[i + 1]);
            ok = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90); // overlong, past U+10FFFF
        }
        const bool c1Control = ok && len == 2 && c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0;
        if (!ok || c1Control) {
            for (size_t k = 0; k < (c1Control ? 2 : 1); ++k) {
                escape(static_cast<unsigned char>(s[i + k]));
            }
            i += c1Control ? 2 : 1;
            continue;
        }
        out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

TextInput::TextInput(ByteSource& source, std::string what)
    : m_source(source)
    , m_what(std::move(what))
    , m_buffer(kChunkBytes)
{
}

Result<bool> TextInput::fill()
{
    // Keep the unfinished line, at the front; grow only while one line fills the buffer.
    const size_t pending = m_end - m_begin;
    if (m_begin > 0) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_begin, pending);
        m_begin = 0;
        m_end = pending;
    }
    if (m_end == m_buffer.size()) {
        if (m_buffer.size() >= kMaxLineBytes) {
            return Error { lineTooLongMessage(path(), m_line + 1, m_what) };
        }
        m_buffer.resize(std::min(m_buffer.size() * 2, kMaxLineBytes));
    }
    auto n = m_source.read(m_buffer.data() + m_end, m_buffer.size() - m_end);
    if (!n) {
        return n.error();
    }
    // No text format has a NUL byte: binary data (or a decompression bomb of zeros) stops at its
    // first chunk, before any line could grow.
    if (const void* nul = std::memchr(m_buffer.data() + m_end, '\0', *n)) {
        const char* at = static_cast<const char*>(nul);
        const char* lineStart = m_buffer.data() + m_begin;
        int64_t line = m_line + 1;
        for (const char* p = lineStart; p < at; ++p) {
            if (*p == '\n') {
                ++line;
                lineStart = p + 1;
            }
        }
        return Error { path() + ":" + std::to_string(line) + ": a NUL byte at column "
            + std::to_string(at - lineStart + 1) + ": binary data, not " + m_what };
    }
    m_end += *n;
    m_eof = *n == 0;
    return *n > 0;
}

Result<std::optional<std::string_view>> TextInput::nextLine()
{
    size_t scanned = m_begin;
    for (;;) {
        const char* start = m_buffer.data() + m_begin;
        const char* nl = static_cast<const char*>(std::memchr(m_buffer.data() + scanned, '\n', m_end - scanned));
        if (nl || (m_eof && m_end > m_begin)) {
            const char* end = nl ? nl : m_buffer.data() + m_end;
            std::string_view line(start, static_cast<size_t>(end - start));
            m_begin = nl ? static_cast<size_t>(nl - m_buffer.data()) + 1 : m_end;
            ++m_line;
            if (line.size() > kMaxLineBytes) {
                return Error { lineTooLongMessage(path(), m_line, m_what) };
            }
            return std::optional<std::string_view>(line);
        }
        if (m_eof) {
            return std::optional<std::string_view> {};
        }
        const size_t kept = m_begin;
        scanned = m_end;
        auto more = fill();
        if (!more) {
            return more.error();
        }
        scanned -= kept; // the buffer moved by `kept`
    }
}

} // namespace ett::core
