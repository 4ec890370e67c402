// Streams the content of a trace file: plain, gzip or zstd (detected by magic bytes, not by name),
// hashing the raw file bytes with SHA-256 as they pass. Constant memory whatever the file size (a
// zstd frame's window is limited to zstd's default, 128 MB).
#pragma once

#include "core/model/result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ett::core {

// How a file's bytes are compressed, by their magic bytes. Xz and Bzip2 are recognised to say so,
// not read (ByteSource::open refuses them).
enum class Compression {
    None,
    Gzip,
    Zstd,
    Xz,
    Bzip2,
};

// The compression the file's first bytes announce (None for anything else).
Compression compressionOfMagic(const unsigned char* bytes, size_t n);
// "gzip", "zstd", "xz", "bzip2"; "" for None.
const char* compressionName(Compression c);

class ByteSource
{
public:
    // Opens a file for reading. Error when it cannot be opened (names the path and the reason), and
    // when it is compressed in a way this version does not read (xz, bzip2: option "format").
    static Result<std::unique_ptr<ByteSource>> open(const std::string& path);
    ~ByteSource();
    ByteSource(const ByteSource&) = delete;
    ByteSource& operator=(const ByteSource&) = delete;

    // Reads up to `capacity` bytes of content (decompressed when gzip or zstd) into `buffer`. Returns
    // the number read, 0 at the end. Error on a read failure or damaged / truncated compressed data.
    Result<size_t> read(char* buffer, size_t capacity);

    // A file still being written ends inside its compressed stream: with this set, read() gives the
    // content decompressed so far and then 0, and endedInsideStream() says so, instead of the error
    // "cut short" (the watcher reads such a file as far as it goes). Damaged data is still an error.
    void allowEndInsideStream() { m_allowEndInsideStream = true; }
    bool endedInsideStream() const { return m_endedInsideStream; }

    // Opens the file again and reads it from its start: the content, the counts and the SHA-256 as
    // after open(). Error as open()'s.
    Status rewind();

    // How the file is compressed (by its magic bytes): None, Gzip or Zstd.
    Compression compression() const { return m_compression; }
    bool isCompressed() const { return m_compression != Compression::None; }
    // The file's size on disk in bytes, and how many of them were read so far (for progress).
    int64_t fileSize() const { return m_fileSize; }
    int64_t rawBytesRead() const { return m_rawRead; }
    // The path as given to open().
    const std::string& path() const { return m_path; }

    // Lower-case hex SHA-256 of the whole raw file. Reads (and hashes) whatever is still unread
    // first, so it is valid at any time; call it after the content has been consumed.
    Result<std::string> sha256Hex();

private:
    ByteSource() = default;
    Result<size_t> readRaw(char* buffer, size_t capacity);
    Result<size_t> readGzip(char* buffer, size_t capacity);
    Result<size_t> readZstd(char* buffer, size_t capacity);

    std::string m_path;
    std::FILE* m_file = nullptr;
    Compression m_compression = Compression::None;
    bool m_rawEof = false;
    bool m_streamEnded = false; // gzip: the current member is complete; zstd: the current frame
    bool m_allowEndInsideStream = false;
    bool m_endedInsideStream = false;
    int64_t m_fileSize = 0;
    int64_t m_rawRead = 0;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// SHA-256 of a whole file in lower-case hex, or an Error naming the path.
Result<std::string> sha256OfFile(const std::string& path);

// The content of a file read with others (ReaderOptions::companions: an NVRx job's cycle files
// with its log): `fileSha` itself when there are none, else the SHA-256 of it and theirs, so that a
// companion that changed makes the same file new content. Error: a companion cannot be read.
Result<std::string> sha256WithFiles(const std::string& fileSha, const std::vector<std::string>& companions);

} // namespace ett::core
