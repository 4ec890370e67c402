#include "core/ingest/json_stream.h"

#include <cstring>

namespace ett::core {

namespace {
constexpr size_t kJsonChunkBytes = size_t { 1 } << 20;

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
} // namespace

JsonStream::JsonStream(ByteSource& source, std::string what)
    : m_source(source)
    , m_what(std::move(what))
    , m_buffer(kJsonChunkBytes)
{
}

Error JsonStream::nulError(const char* at) const
{
    int64_t line = m_line;
    for (const char* p = m_buffer.data() + m_pos; p < at; ++p) {
        line += *p == '\n' ? 1 : 0;
    }
    return Error { m_source.path() + ":" + std::to_string(line) + ": a NUL byte: binary data, not " + m_what };
}

Result<bool> JsonStream::fill()
{
    if (m_eof) {
        return false;
    }
    m_pos = 0;
    m_end = 0;
    auto n = m_source.read(m_buffer.data(), m_buffer.size());
    if (!n) {
        return n.error();
    }
    m_end = *n;
    m_eof = *n == 0;
    if (const void* nul = std::memchr(m_buffer.data(), '\0', m_end)) {
        return nulError(static_cast<const char*>(nul));
    }
    return *n > 0;
}

Result<int> JsonStream::peek()
{
    for (;;) {
        while (m_pos < m_end) {
            const char c = m_buffer[m_pos];
            if (!isJsonSpace(c)) {
                return static_cast<int>(static_cast<unsigned char>(c));
            }
            m_line += c == '\n' ? 1 : 0;
            ++m_pos;
        }
        auto more = fill();
        if (!more) {
            return more.error();
        }
        if (!*more) {
            return -1;
        }
    }
}

void JsonStream::take()
{
    m_lastContentLine = m_line;
    ++m_pos;
}

Status JsonStream::captureValue(std::string& out, size_t maxBytes)
{
    auto first = peek();
    if (!first) {
        return first.error();
    }
    m_complete = *first >= 0;
    if (*first < 0) {
        return Status::success();
    }
    const int64_t startLine = m_line;
    const size_t startSize = out.size();
    m_stack.clear();
    bool inString = false;
    bool escaped = false;
    const bool scalar = *first != '"' && *first != '{' && *first != '[';
    for (;;) {
        if (m_pos == m_end) {
            auto more = fill();
            if (!more) {
                return more.error();
            }
            if (!*more) {
                m_complete = scalar; // a number at the very end is whole; anything else is cut off
                return Status::success(); // the parser names what is missing
            }
        }
        // One run of the buffer at a time, appended at once.
        size_t i = m_pos;
        bool done = false;
        for (; i < m_end && !done; ++i) {
            const char c = m_buffer[i];
            if (scalar) { // a number or literal: no string, no newline inside
                if (isJsonSpace(c) || c == ',' || c == ']' || c == '}' || c == ':') {
                    break; // the delimiter is not part of the value
                }
                continue;
            }
            if (c == '\n') {
                ++m_line;
            }
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    inString = false;
                    done = m_stack.empty();
                }
                continue;
            }
            switch (c) {
            case '"':
                inString = true;
                break;
            case '{':
            case '[':
                m_stack.push_back(c);
                break;
            case '}':
            case ']':
                if (m_stack.empty() || (m_stack.back() == '{') != (c == '}')) {
                    done = true; // a bracket that does not match: the parser says so
                } else {
                    m_stack.pop_back();
                    done = m_stack.empty();
                }
                break;
            default:
                break;
            }
        }
        out.append(m_buffer.data() + m_pos, i - m_pos);
        if (i > m_pos) {
            m_lastContentLine = m_line;
        }
        m_pos = i;
        if (out.size() - startSize > maxBytes) {
            return Error { m_source.path() + ":" + std::to_string(startLine) + ": a value of more than "
                + std::to_string(maxBytes >> 20) + " MiB: too large for " + m_what };
        }
        if (done || (scalar && m_pos < m_end)) {
            return Status::success();
        }
    }
}

} // namespace ett::core
