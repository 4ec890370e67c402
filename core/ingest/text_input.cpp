#include "core/ingest/text_input.h"

#include <algorithm>
#include <cstring>

namespace ett::core {

namespace {
constexpr size_t kTextChunkBytes = size_t { 1 } << 20;
} // namespace

std::string lineTooLongMessage(const std::string& path, int64_t line, std::string_view what)
{
    return path + ":" + std::to_string(line) + ": the line is longer than " + std::to_string(kMaxLineBytes >> 20)
        + " MiB: not " + std::string(what) + " (binary data, or a file of another format?)";
}

TextInput::TextInput(ByteSource& source, std::string what)
    : m_source(source)
    , m_what(std::move(what))
    , m_buffer(kTextChunkBytes)
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
            ++m_line; // no longer than kMaxLineBytes: the buffer never grows past it (fill)
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
