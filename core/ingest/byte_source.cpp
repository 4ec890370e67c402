#include "core/ingest/byte_source.h"

#include "core/ingest/input_file.h"
#include "core/ingest/sha256.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

namespace ett::core {

namespace {
constexpr size_t kRawChunk = 1 << 20;
} // namespace

struct ByteSource::Impl
{
    std::optional<Sha256> sha;
    z_stream zs {};
    bool zInit = false;
    std::vector<char> raw; // gzip input buffer
    std::string digest;

    ~Impl()
    {
        if (zInit) {
            inflateEnd(&zs);
        }
    }
};

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
    // Detect gzip by its magic bytes 1f 8b.
    unsigned char magic[2] = { 0, 0 };
    const size_t n = std::fread(magic, 1, 2, src->m_file);
    std::fseek(src->m_file, 0, SEEK_SET);
    src->m_gzip = n == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    if (src->m_gzip) {
        auto& zs = src->m_impl->zs;
        if (inflateInit2(&zs, 15 + 16) != Z_OK) {
            return Error { path + ": cannot initialise gzip decompression" };
        }
        src->m_impl->zInit = true;
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
    if (!m_gzip) {
        return readRaw(buffer, capacity);
    }
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
