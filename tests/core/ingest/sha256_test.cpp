// SHA-256 through libcrypto loaded on first use (core/ingest/sha256.h): the standard's test vectors,
// a digest fed in pieces equal to the whole, and a file's digest equal to its bytes' digest.
#include "core/ingest/byte_source.h"
#include "core/ingest/sha256.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace ett::core {
namespace {

TEST(Sha256, GivesTheStandardsTestVectors)
{
    // FIPS 180-2, appendix B: "abc", the 448-bit message, and the empty string.
    auto abc = sha256Hex("abc");
    ASSERT_TRUE(abc) << abc.error().message;
    EXPECT_EQ(*abc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    auto two = sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq");
    ASSERT_TRUE(two) << two.error().message;
    EXPECT_EQ(*two, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    auto empty = sha256Hex("");
    ASSERT_TRUE(empty) << empty.error().message;
    EXPECT_EQ(*empty, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, InPiecesEqualsTheWholeAndMovesKeepTheDigest)
{
    std::string text;
    for (int i = 0; i < 10000; ++i) {
        text += std::to_string(i * 7919) + ',';
    }
    auto whole = sha256Hex(text);
    ASSERT_TRUE(whole) << whole.error().message;
    auto sha = Sha256::start();
    ASSERT_TRUE(sha) << sha.error().message;
    Sha256 moved = std::move(*sha);
    for (size_t at = 0; at < text.size(); at += 977) {
        const std::string piece = text.substr(at, 977);
        moved.update(piece.data(), piece.size());
    }
    Sha256 again = std::move(moved);
    EXPECT_EQ(again.finishHex(), *whole);
    EXPECT_EQ(whole->size(), 64U);
}

TEST(Sha256, OfAFileIsTheDigestOfItsBytes)
{
    const auto path
        = std::filesystem::temp_directory_path() / ("ett_sha256_test_" + std::to_string(::getpid()) + ".txt");
    const std::string bytes = "{\"type\":\"job\"}\n{\"type\":\"attempt\"}\n";
    {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
    }
    auto file = sha256OfFile(path.string());
    ASSERT_TRUE(file) << file.error().message;
    EXPECT_EQ(*file, *sha256Hex(bytes));
    std::filesystem::remove(path);
}

} // namespace
} // namespace ett::core
