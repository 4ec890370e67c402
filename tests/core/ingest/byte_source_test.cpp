// Tests of ByteSource::rewind: a reader that must read its file a second time (the console-log
// reader, when folding its markers fell short) gets the same content, counts and SHA-256 as a first
// read, for plain, gzip and zstd files, and a file still being written stays readable to its end.
#include "core/ingest/byte_source.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

std::string readAll(ByteSource& src)
{
    std::string out;
    std::vector<char> buffer(4096);
    while (true) {
        auto n = src.read(buffer.data(), buffer.size());
        EXPECT_TRUE(n.ok()) << (n.ok() ? "" : n.error().message);
        if (!n || *n == 0) {
            return out;
        }
        out.append(buffer.data(), *n);
    }
}

TEST(ByteSourceRewind, ReadsTheFileAgainFromItsStart)
{
    test::TempDir dir;
    std::string text;
    for (int i = 0; i < 20000; ++i) {
        text += "line " + std::to_string(i) + " of a console log\n";
    }
    const std::vector<std::string> paths = { dir.write("plain.log", text), dir.writeGzip("log.gz", { text }),
        dir.writeZstd("log.zst", { text.substr(0, 100000), text.substr(100000) }) };
    for (const std::string& path : paths) {
        auto src = ByteSource::open(path);
        ASSERT_TRUE(src.ok()) << src.error().message;
        ByteSource& s = **src;
        std::vector<char> part(1000);
        ASSERT_TRUE(s.read(part.data(), part.size()).ok());
        ASSERT_GT(s.rawBytesRead(), 0) << path;
        ASSERT_TRUE(s.rewind().ok()) << path;
        EXPECT_EQ(s.rawBytesRead(), 0) << path;
        EXPECT_TRUE(readAll(s) == text) << path;
        EXPECT_EQ(s.rawBytesRead(), s.fileSize()) << path;
        auto sha = s.sha256Hex();
        auto whole = sha256OfFile(path);
        ASSERT_TRUE(sha.ok() && whole.ok());
        EXPECT_EQ(*sha, *whole) << path;

        // Rewound after its end (and its hash), it reads the whole file again.
        ASSERT_TRUE(s.rewind().ok());
        EXPECT_TRUE(readAll(s) == text) << path;
    }
}

TEST(ByteSourceRewind, KeepsReadingAFileStillBeingWrittenToWhereItEnds)
{
    test::TempDir dir;
    std::string text;
    for (int i = 0; i < 30000; ++i) {
        text += "line " + std::to_string(i) + " of a log written as the run goes\n";
    }
    const std::string full = dir.writeZstd("whole.zst", { text });
    // The first half of the compressed bytes: a frame still being written.
    std::ifstream in(full, std::ios::binary);
    const std::string bytes(std::istreambuf_iterator<char>(in), {});
    const std::string path = dir.write("growing.zst", bytes.substr(0, bytes.size() / 2));
    auto src = ByteSource::open(path);
    ASSERT_TRUE(src.ok());
    (*src)->allowEndInsideStream();
    const std::string first = readAll(**src);
    EXPECT_TRUE((*src)->endedInsideStream());
    ASSERT_TRUE((*src)->rewind().ok());
    EXPECT_FALSE((*src)->endedInsideStream());
    EXPECT_TRUE(readAll(**src) == first);
    EXPECT_TRUE((*src)->endedInsideStream());
    EXPECT_FALSE(first.empty());
}

TEST(ByteSourceRewind, AFileGoneSinceIsAnErrorNamingIt)
{
    test::TempDir dir;
    const std::string path = dir.write("gone.log", "a line\n");
    auto src = ByteSource::open(path);
    ASSERT_TRUE(src.ok());
    std::filesystem::remove(path);
    const auto st = (*src)->rewind();
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().message.rfind(path + ": cannot open: ", 0), 0u) << st.error().message;
}

} // namespace
} // namespace ett::core
