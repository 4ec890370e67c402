// A JSON document read from a file one value at a time, for a reader that must not hold the whole
// document (a Chrome trace's "traceEvents" array may be hundreds of MB): the structure around
// the values ('[', ',', ':', '}') is read here, each value's text is handed out whole, to be
// parsed on its own. Values are found by their brackets and strings only; whether they are valid
// JSON is the parser's to say.
#pragma once

#include "core/ingest/byte_source.h"

#include <string>
#include <vector>

namespace ett::core {

class JsonStream
{
public:
    // `what` names the format in messages ("a Chrome trace").
    JsonStream(ByteSource& source, std::string what);

    // The next character that is not JSON whitespace, not consumed; -1 at the end of the input.
    // Error: a read error or a NUL byte (binary data, which JSON never has).
    Result<int> peek();
    // Consumes the character peek() returned.
    void take();
    // The 1-based line of the next character, and of the last character that was not whitespace.
    int64_t line() const { return m_line; }
    int64_t lastContentLine() const { return m_lastContentLine; }

    // Appends the next value's text to `out`, from its first character to its last: a string, an
    // object or an array (to its matching bracket), or a number or literal (to the next
    // delimiter). At the end of the input, or at a bracket that does not match, what was read so
    // far (a parser then says what is wrong). Error: longer than `maxBytes` (named with the line
    // it starts on), a read error or a NUL byte.
    Status captureValue(std::string& out, size_t maxBytes);
    // Whether the last captureValue() reached the value's end (false: the input ended inside it).
    bool captureComplete() const { return m_complete; }

private:
    Result<bool> fill();
    Error nulError(const char* at) const;

    ByteSource& m_source;
    std::string m_what;
    std::vector<char> m_buffer;
    size_t m_pos = 0;
    size_t m_end = 0;
    bool m_eof = false;
    int64_t m_line = 1;
    int64_t m_lastContentLine = 1;
    bool m_complete = true;
    std::vector<char> m_stack; // open brackets of the value being captured
};

} // namespace ett::core
