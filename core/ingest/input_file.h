// Inputs that are not plain files: "-" (standard input), a pipe such as bash's <(...), a named
// FIFO or a character device. The readers open a trace more than once (the format sniff, the
// gzip magic, the reader, the hash of an already imported file) and Nsight exports are SQLite
// files: none of that works on a stream that can be read only once. Such an input is copied once
// into a temporary file (disk, never memory), and every open of its path reads that copy;
// messages still name the path the user gave. The copy has a name (SQLite resolves
// /proc/self/fd links to the deleted file's name and fails) and is removed with its SpooledInput.
#pragma once

#include "core/model/result.h"

#include <string>

namespace ett::core {

class SpooledInput
{
public:
    // For "-" and any path that is not a regular file (or a directory), copies the stream into a
    // file ett-input-XXXXXX under $TMPDIR (else /tmp) and makes openablePath(path) name that copy until
    // this object goes away. A regular file: nothing is copied. Error names the path and why
    // (cannot open, read error, no room for the copy).
    static Result<SpooledInput> prepare(const std::string& path);

    SpooledInput() = default;
    SpooledInput(SpooledInput&& other) noexcept;
    SpooledInput& operator=(SpooledInput&& other) noexcept;
    SpooledInput(const SpooledInput&) = delete;
    SpooledInput& operator=(const SpooledInput&) = delete;
    ~SpooledInput();

    bool spooled() const { return !m_copy.empty(); }

private:
    void release();

    std::string m_path;
    std::string m_copy; // the temporary file; empty when nothing was copied
};

// The path to open for a path a user gave: the spooled copy while a SpooledInput holds it, /dev/stdin's file for "-"
// when standard input is a regular file, else the path itself.
std::string openablePath(const std::string& path);

} // namespace ett::core
