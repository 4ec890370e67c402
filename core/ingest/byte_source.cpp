#include "core/ingest/byte_source.h"

#include "core/ingest/input_file.h"
#include "core/ingest/sha256.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>
#include <zstd.h>
#include <zstd_errors.h>

namespace ett::core {

namespace {
constexpr size_t kRawChunk = 1 << 20;
} // namespace

struct ByteSource::Impl
{
    std::optional<Sha256> sha;
    z_stream zs {};
    bool zInit = false;
    ZSTD_DCtx* zstd = nullptr;
    ZSTD_inBuffer zstdIn {};
    std::vector<char> raw; // compressed input buffer
    std::string digest;

    ~Impl()
    {
        if (zInit) {
            inflateEnd(&zs);
        }
        ZSTD_freeDCtx(zstd);
    }
};

Compression compressionOfMagic(const unsigned char* b, size_t n)
{
    if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
        return Compression::Gzip;
    }
    // A zstd frame, or a skippable frame (0x184D2A50-5F; pzstd starts its files with one).
    if (n >= 4
        && ((b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd)
            || ((b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18))) {
        return Compression::Zstd;
    }
    static constexpr unsigned char kXz[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
    if (n >= sizeof kXz && std::memcmp(b, kXz, sizeof kXz) == 0) {
        return Compression::Xz;
    }
    if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9') {
        return Compression::Bzip2;
    }
    return Compression::None;
}

const char* compressionName(Compression c)
{
    switch (c) {
    case Compression::Gzip:
        return "gzip";
    case Compression::Zstd:
        return "zstd";
    case Compression::Xz:
        return "xz";
    case Compression::Bzip2:
        return "bzip2";
    case Compression::None:
        break;
    }
    return "";
}

ByteSource::~ByteSource()
{
    if (m_file) {
        std::fclose(m_file);
    }
}

Result<std::unique_ptr<ByteSource>> ByteSource::open(const std::string& path)
{
    std::unique_ptr<ByteSource> src(new ByteSource());
    src->m_path = path;
    src->m_file = std::fopen(openablePath(path).c_str(), "rb");
    if (!src->m_file) {
        return Error { path + ": cannot open: " + std::strerror(errno) };
    }
    if (std::fseek(src->m_file, 0, SEEK_END) == 0) {
        src->m_fileSize = std::ftell(src->m_file);
        std::fseek(src->m_file, 0, SEEK_SET);
    }
    src->m_impl = std::make_unique<Impl>();
    auto sha = Sha256::start();
    if (!sha) {
        return Error { path + ": " + sha.error().message };
    }
    src->m_impl->sha = std::move(*sha);
    unsigned char magic[6] = {};
    const size_t n = std::fread(magic, 1, sizeof magic, src->m_file);
    std::fseek(src->m_file, 0, SEEK_SET);
    src->m_compression = compressionOfMagic(magic, n);
    switch (src->m_compression) {
    case Compression::Gzip: {
        auto& zs = src->m_impl->zs;
        if (inflateInit2(&zs, 15 + 16) != Z_OK) {
            return Error { path + ": cannot initialise gzip decompression" };
        }
        src->m_impl->zInit = true;
        break;
    }
    case Compression::Zstd:
        src->m_impl->zstd = ZSTD_createDCtx();
        if (src->m_impl->zstd == nullptr) {
            return Error { path + ": cannot initialise zstd decompression" };
        }
        break;
    case Compression::Xz:
    case Compression::Bzip2: {
        const std::string name = compressionName(src->m_compression);
        return Error { path + ": " + name + "-compressed data, which this version does not read: decompress it first ("
                + name + " -d), or compress traces with gzip or zstd",
            "format" };
    }
    case Compression::None:
        break;
    }
    if (src->isCompressed()) {
        src->m_impl->raw.resize(kRawChunk);
    }
    return src;
}

Result<size_t> ByteSource::readRaw(char* buffer, size_t capacity)
{
    if (m_rawEof) {
        return size_t { 0 };
    }
    const size_t n = std::fread(buffer, 1, capacity, m_file);
    if (n < capacity) {
        if (std::ferror(m_file)) {
            return Error { m_path + ": read error: " + std::strerror(errno) };
        }
        m_rawEof = true;
    }
    m_rawRead += static_cast<int64_t>(n);
    m_impl->sha->update(buffer, n);
    return n;
}

Result<size_t> ByteSource::read(char* buffer, size_t capacity)
{
    switch (m_compression) {
    case Compression::Gzip:
        return readGzip(buffer, capacity);
    case Compression::Zstd:
        return readZstd(buffer, capacity);
    default:
        return readRaw(buffer, capacity);
    }
}

Result<size_t> ByteSource::readGzip(char* buffer, size_t capacity)
{
    auto& zs = m_impl->zs;
    zs.next_out = reinterpret_cast<Bytef*>(buffer);
    zs.avail_out = static_cast<uInt>(capacity);
    while (zs.avail_out > 0) {
        if (zs.avail_in == 0) {
            auto n = readRaw(m_impl->raw.data(), m_impl->raw.size());
            if (!n) {
                return n.error();
            }
            if (*n == 0) {
                // End of the file: fine only when the last gzip member was complete.
                if (!m_streamEnded) {
                    if (m_allowEndInsideStream) {
                        m_endedInsideStream = true;
                        break;
                    }
                    return Error { m_path + ": gzip data is cut short (the file ends inside a compressed stream)" };
                }
                break;
            }
            zs.next_in = reinterpret_cast<Bytef*>(m_impl->raw.data());
            zs.avail_in = static_cast<uInt>(*n);
        }
        if (m_streamEnded) {
            // More bytes after a complete member: a concatenated gzip file (RFC 1952 allows it).
            inflateReset(&zs);
            m_streamEnded = false;
        }
        const int rc = inflate(&zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            m_streamEnded = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            return Error { m_path + ": damaged gzip data at compressed byte "
                + std::to_string(m_rawRead - static_cast<int64_t>(zs.avail_in)) + ": "
                + (zs.msg ? zs.msg : "inflate error " + std::to_string(rc)) };
        }
    }
    return capacity - zs.avail_out;
}

Result<size_t> ByteSource::readZstd(char* buffer, size_t capacity)
{
    ZSTD_inBuffer& in = m_impl->zstdIn;
    ZSTD_outBuffer out { buffer, capacity, 0 };
    while (out.pos < out.size) {
        if (in.pos == in.size && !m_rawEof) {
            auto n = readRaw(m_impl->raw.data(), m_impl->raw.size());
            if (!n) {
                return n.error();
            }
            in = { m_impl->raw.data(), *n, 0 };
        }
        const size_t produced = out.pos;
        const size_t consumed = in.pos;
        // Frames one after another (zstd -c a b, pzstd) are read as one stream, as gzip members are.
        const size_t rc = ZSTD_decompressStream(m_impl->zstd, &out, &in);
        if (ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge) {
            // A frame written with zstd --long=28 or more: decoding it could take gigabytes.
            return Error { m_path
                + ": a zstd frame needs a window over 128 MB (written with zstd --long=28 or more), more memory "
                  "than this version gives one file: recompress it with --long=27 or less" };
        }
        if (ZSTD_isError(rc) != 0) {
            return Error { m_path + ": damaged zstd data at compressed byte "
                + std::to_string(m_rawRead - static_cast<int64_t>(in.size - in.pos)) + ": " + ZSTD_getErrorName(rc) };
        }
        const bool progress = out.pos != produced || in.pos != consumed;
        if (progress || rc == 0) {
            m_streamEnded = rc == 0; // the frame is complete and all of it given out
        }
        if (!progress && m_rawEof && in.pos == in.size) {
            // Nothing more to read and nothing more came out: the end, if the last frame was whole.
            if (!m_streamEnded) {
                if (m_allowEndInsideStream) {
                    m_endedInsideStream = true;
                    break;
                }
                return Error { m_path + ": zstd data is cut short (the file ends inside a compressed frame)" };
            }
            break;
        }
    }
    return out.pos;
}

Status ByteSource::rewind()
{
    auto fresh = open(m_path);
    if (!fresh) {
        return fresh.error();
    }
    ByteSource& f = **fresh;
    std::swap(m_file, f.m_file);
    std::swap(m_compression, f.m_compression);
    std::swap(m_rawEof, f.m_rawEof);
    std::swap(m_streamEnded, f.m_streamEnded);
    std::swap(m_endedInsideStream, f.m_endedInsideStream);
    std::swap(m_fileSize, f.m_fileSize);
    std::swap(m_rawRead, f.m_rawRead);
    std::swap(m_impl, f.m_impl);
    return Status::success();
}

Result<std::string> ByteSource::sha256Hex()
{
    if (!m_impl->digest.empty()) {
        return m_impl->digest;
    }
    std::vector<char> scratch(kRawChunk);
    while (!m_rawEof) {
        auto n = readRaw(scratch.data(), scratch.size());
        if (!n) {
            return n.error();
        }
    }
    m_impl->digest = m_impl->sha->finishHex();
    return m_impl->digest;
}

Result<std::string> sha256OfFile(const std::string& path)
{
    auto src = ByteSource::open(path);
    if (!src) {
        return src.error();
    }
    return (*src)->sha256Hex();
}

Result<std::string> sha256WithFiles(const std::string& fileSha, const std::vector<std::string>& companions)
{
    if (companions.empty()) {
        return fileSha;
    }
    std::string all = fileSha;
    for (const std::string& path : companions) {
        auto sha = sha256OfFile(path);
        if (!sha) {
            return sha.error();
        }
        all += '\n';
        all += *sha;
    }
    return sha256Hex(all);
}

} // namespace ett::core
