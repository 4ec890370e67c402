// The content of a text trace (a console log, an MLPerf log, a CSV table) one line at a time, read
// in chunks: the file is never held whole in memory, whatever its size or compression ratio.
#pragma once

#include "core/ingest/byte_source.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// The longest line a text format may have (a native record, a log line, a CSV record). No writer
// of these formats comes near it (a long Python traceback line is tens of KB); a file that has
// such a line is not text of that format (a decompressed archive, binary data, a runaway quote),
// and its line would otherwise grow in memory without bound.
constexpr size_t kMaxLineBytes = size_t { 16 } << 20;

// "PATH:LINE: line N is longer than 16 MiB ...": the one message for a line over kMaxLineBytes.
std::string lineTooLongMessage(const std::string& path, int64_t line, std::string_view what);

class TextInput
{
public:
    // `what` names the format in messages, with its article ("a console log", "a CSV table").
    TextInput(ByteSource& source, std::string what);

    // The next line without its '\n' (a '\r' before it stays: readers trim); nullopt after the
    // last. Error names path:line: a line longer than kMaxLineBytes, a NUL byte (binary data,
    // which no text format has: this stops a decompression bomb or a binary file at its first
    // chunk; the line is the NUL's, maybe past the lines returned so far), or the source's read
    // error.
    Result<std::optional<std::string_view>> nextLine();
    // The 1-based number of the line nextLine() returned last.
    int64_t line() const { return m_line; }
    const std::string& path() const { return m_source.path(); }

private:
    Result<bool> fill();

    ByteSource& m_source;
    std::string m_what;
    std::vector<char> m_buffer;
    size_t m_begin = 0;
    size_t m_end = 0;
    bool m_eof = false;
    int64_t m_line = 0;
};

} // namespace ett::core
