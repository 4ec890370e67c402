// Tests of the native trace reader (spec ett-trace-v1 sections 1-3): JSON Lines framing, gzip
// detection by magic bytes, exact time conversion, defaults and counted oddities, and lines or
// files larger than the reader's 4 MiB chunk.
#include "core/ingest/byte_source.h"
#include "core/ingest/formats.h"
#include "core/ingest/json_check.h"
#include "core/ingest/native_reader.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kNsPerS = 1'000'000'000;
constexpr int64_t kJune1S = 1'748'736'000; // 2025-06-01T00:00:00Z

using test::TempDir;

// Everything a file holds, in file order, with the line of each record.
struct ReadAll
{
    std::vector<JobRecord> jobs;
    std::vector<AttemptRecord> attempts;
    std::vector<PhaseRecord> phases;
    std::vector<CheckpointRecord> checkpoints;
    std::vector<RankRecord> ranks;
    std::vector<RecordBatch::Ref> order;
    IssueCounter issues;
    HeaderRecord header;
    int64_t batches = 0;
    int64_t linesRead = 0;
    int64_t recordsRead = 0;
    bool gzip = false;
    Compression compression = Compression::None;
};

Result<ReadAll> readAll(const std::string& path, size_t maxRecords = 8192)
{
    auto reader = NativeReader::open(path);
    if (!reader) {
        return reader.error();
    }
    ReadAll out;
    RecordBatch batch;
    while (true) {
        auto more = (*reader)->nextBatch(batch, maxRecords);
        if (!more) {
            return more.error();
        }
        EXPECT_LE(batch.size(), maxRecords);
        ++out.batches;
        for (const auto& ref : batch.order) {
            RecordBatch::Ref r = ref;
            switch (ref.kind) {
            case RecordKind::Job:
                r.index = static_cast<uint32_t>(out.jobs.size());
                out.jobs.push_back(batch.jobs[ref.index]);
                break;
            case RecordKind::Attempt:
                r.index = static_cast<uint32_t>(out.attempts.size());
                out.attempts.push_back(batch.attempts[ref.index]);
                break;
            case RecordKind::Phase:
                r.index = static_cast<uint32_t>(out.phases.size());
                out.phases.push_back(batch.phases[ref.index]);
                break;
            case RecordKind::Checkpoint:
                r.index = static_cast<uint32_t>(out.checkpoints.size());
                out.checkpoints.push_back(batch.checkpoints[ref.index]);
                break;
            case RecordKind::Rank:
                r.index = static_cast<uint32_t>(out.ranks.size());
                out.ranks.push_back(batch.ranks[ref.index]);
                break;
            }
            out.order.push_back(r);
        }
        if (!*more) {
            break;
        }
    }
    out.issues = (*reader)->issues();
    out.header = (*reader)->header();
    out.linesRead = (*reader)->linesRead();
    out.recordsRead = (*reader)->recordsRead();
    out.compression = (*reader)->source().compression();
    out.gzip = out.compression == Compression::Gzip;
    return out;
}

// Count of an issue (kind, detail); 0 when never counted.
int64_t issueCount(const IssueCounter& issues, const std::string& kind, const std::string& detail = "")
{
    auto it = issues.entries().find({ kind, detail });
    return it == issues.entries().end() ? 0 : it->second.count;
}

std::vector<int64_t> linesOf(const ReadAll& r)
{
    std::vector<int64_t> lines;
    for (const auto& ref : r.order) {
        lines.push_back(ref.line);
    }
    return lines;
}

const std::string kHeaderS = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})";
const std::string kJob = R"({"type":"job","job":"J1","gpus":8})";
const std::string kAttempt = R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100})";
const std::string kPhase = R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":90})";

// A small trace in seconds: header, job, attempt, phase, checkpoint.
std::string smallTrace(const std::string& eol = "\n")
{
    return kHeaderS + eol + kJob + eol + kAttempt + eol + kPhase + eol
        + R"({"type":"checkpoint","job":"J1","attempt":0,"step":5,"start":50,"durable":52})" + eol;
}

void expectSmallTrace(const ReadAll& r)
{
    ASSERT_EQ(r.jobs.size(), 1u);
    ASSERT_EQ(r.attempts.size(), 1u);
    ASSERT_EQ(r.phases.size(), 1u);
    ASSERT_EQ(r.checkpoints.size(), 1u);
    EXPECT_EQ(r.jobs[0].job, "J1");
    EXPECT_EQ(r.jobs[0].gpus, 8);
    EXPECT_EQ(r.attempts[0].endNs, 100 * kNsPerS);
    EXPECT_EQ(r.phases[0].category, Category::Train);
    EXPECT_EQ(r.phases[0].startNs, 10 * kNsPerS);
    EXPECT_EQ(r.phases[0].endNs, 90 * kNsPerS);
    EXPECT_EQ(r.checkpoints[0].step, 5);
    EXPECT_EQ(r.checkpoints[0].durableNs, 52 * kNsPerS);
    EXPECT_EQ(r.header.nsPerUnit, kNsPerS);
    EXPECT_EQ(r.issues.total(), 0);
}

// ---------------------------------------------------------------------------------------------
// JSON Lines framing

TEST(NativeReaderLines, SkipsBlankLinesButCountsThemInLineNumbers)
{
    TempDir dir;
    const std::string text = "\n" + kHeaderS + "\n\n   \n\t\n" + kJob + "\n\r\n" + kAttempt + "\n\n" + kPhase + "\n\n";
    auto r = readAll(dir.write("blank.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->order.size(), 3u);
    EXPECT_EQ(linesOf(*r), (std::vector<int64_t> { 6, 8, 10 }));
    EXPECT_EQ(r->order[0].kind, RecordKind::Job);
    EXPECT_EQ(r->order[1].kind, RecordKind::Attempt);
    EXPECT_EQ(r->order[2].kind, RecordKind::Phase);
    EXPECT_EQ(r->recordsRead, 3); // job, attempt and phase; the header is not a record
    EXPECT_EQ(r->issues.total(), 0);
}

TEST(NativeReaderLines, AcceptsCrlfLineEndings)
{
    TempDir dir;
    auto r = readAll(dir.write("crlf.ett.jsonl", smallTrace("\r\n")));
    ASSERT_TRUE(r.ok()) << r.error().message;
    expectSmallTrace(*r);
    EXPECT_EQ(linesOf(*r), (std::vector<int64_t> { 2, 3, 4, 5 }));
}

TEST(NativeReaderLines, ReadsLastLineWithoutNewline)
{
    TempDir dir;
    std::string text = smallTrace();
    text.pop_back();
    auto r = readAll(dir.write("nonl.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    expectSmallTrace(*r);
    EXPECT_EQ(r->order.back().line, 5);

    // The same with CRLF everywhere but after the last line.
    std::string crlf = smallTrace("\r\n");
    crlf.resize(crlf.size() - 2);
    auto r2 = readAll(dir.write("nonl-crlf.ett.jsonl", crlf));
    ASSERT_TRUE(r2.ok()) << r2.error().message;
    expectSmallTrace(*r2);
}

TEST(NativeReaderLines, KeepsStringContentExactlyWithCrlf)
{
    TempDir dir;
    const std::string text = kHeaderS + "\r\n"
        + R"({"type":"job","job":"J1","name":"a \"quoted\" name\\r","gpus":2,"attrs":{"team":"ads"}})" + "\r\n"
        + kAttempt + "\r\n";
    auto r = readAll(dir.write("names.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->jobs.size(), 1u);
    EXPECT_EQ(r->jobs[0].name, "a \"quoted\" name\\r");
    ASSERT_EQ(r->jobs[0].attrs.size(), 1u);
    EXPECT_EQ(r->jobs[0].attrs[0].second, "ads");
}

// ---------------------------------------------------------------------------------------------
// gzip

TEST(NativeReaderGzip, DetectsGzipByMagicBytesNotByName)
{
    TempDir dir;
    auto r = readAll(dir.writeGzip("trace.txt", { smallTrace() }));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->gzip);
    expectSmallTrace(*r);
}

TEST(NativeReaderGzip, ReadsPlainFileNamedGzAsPlainText)
{
    TempDir dir;
    auto r = readAll(dir.write("trace.ett.jsonl.gz", smallTrace()));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_FALSE(r->gzip);
    expectSmallTrace(*r);
}

TEST(NativeReaderGzip, ReadsConcatenatedMembersAsOneStream)
{
    TempDir dir;
    const std::string all = smallTrace();
    // Three members, split in the middle of a line so that lines span members.
    const size_t a = all.size() / 3;
    const size_t b = 2 * all.size() / 3;
    auto r = readAll(dir.writeGzip("multi.ett.jsonl.gz", { all.substr(0, a), all.substr(a, b - a), all.substr(b) }));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->gzip);
    expectSmallTrace(*r);
    EXPECT_EQ(linesOf(*r), (std::vector<int64_t> { 2, 3, 4, 5 }));
}

TEST(NativeReaderGzip, ReadsEmptyMemberBetweenMembers)
{
    TempDir dir;
    const std::string all = smallTrace();
    auto r = readAll(dir.writeGzip("empty-member.ett.jsonl.gz", { all.substr(0, 40), "", all.substr(40) }));
    ASSERT_TRUE(r.ok()) << r.error().message;
    expectSmallTrace(*r);
}

// ---------------------------------------------------------------------------------------------
// zstd, and the compressions this version names but does not read

TEST(NativeReaderZstd, ReadsZstdByMagicBytesFramesAsOneStream)
{
    TempDir dir;
    const std::string all = smallTrace();
    auto one = readAll(dir.writeZstd("trace.txt", { all }));
    ASSERT_TRUE(one.ok()) << one.error().message;
    EXPECT_EQ(one->compression, Compression::Zstd);
    expectSmallTrace(*one);
    // Frames one after another (zstd -c a b), split inside lines, and an empty frame between.
    const size_t a = all.size() / 3;
    auto three
        = readAll(dir.writeZstd("multi.ett.jsonl.zst", { all.substr(0, a), "", all.substr(a, 7), all.substr(a + 7) }));
    ASSERT_TRUE(three.ok()) << three.error().message;
    expectSmallTrace(*three);
    EXPECT_EQ(linesOf(*three), (std::vector<int64_t> { 2, 3, 4, 5 }));
    // pzstd starts its files with a skippable frame: still zstd.
    std::string skippable = { '\x50', '\x2a', '\x4d', '\x18', 4, 0, 0, 0, 'p', 'z', 's', 't' };
    const std::string body = [&] {
        std::ifstream in(dir.path("trace.txt"), std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();
    auto pz = readAll(dir.write("pzstd.zst", skippable + body));
    ASSERT_TRUE(pz.ok()) << pz.error().message;
    EXPECT_EQ(pz->compression, Compression::Zstd);
    expectSmallTrace(*pz);
}

TEST(NativeReaderZstd, LargeContentComesOutWhateverTheBufferSizes)
{
    // More than the raw chunk and the reader's buffers: frames cross every boundary, and the end of
    // the file comes while decompressed bytes are still to be given out.
    TempDir dir;
    std::string text;
    for (int i = 0; i < 60000; ++i) {
        text += "line " + std::to_string(i) + " of some text that compresses well\n";
    }
    const std::string path = dir.writeZstd("big.zst", { text.substr(0, 1000000), text.substr(1000000) });
    auto src = ByteSource::open(path);
    ASSERT_TRUE(src.ok()) << src.error().message;
    std::string out;
    for (const size_t size : { size_t { 1 }, size_t { 7 }, size_t { 4096 }, size_t { 3 << 20 } }) {
        std::vector<char> buffer(size);
        auto n = (*src)->read(buffer.data(), buffer.size());
        ASSERT_TRUE(n.ok()) << n.error().message;
        out.append(buffer.data(), *n);
    }
    std::vector<char> buffer(65536);
    while (true) {
        auto n = (*src)->read(buffer.data(), buffer.size());
        ASSERT_TRUE(n.ok()) << n.error().message;
        if (*n == 0) {
            break;
        }
        out.append(buffer.data(), *n);
    }
    EXPECT_EQ(out.size(), text.size());
    EXPECT_TRUE(out == text);
}

// A file still being written ends inside its compressed stream: with allowEndInsideStream() the
// content decompressed so far comes out, and the end is said, instead of "cut short"; a whole file
// ends inside nothing, and damaged data stays an error.
TEST(ByteSourceEndInsideStream, GivesWhatIsDecompressedSoFar)
{
    TempDir dir;
    std::string text;
    for (int i = 0; i < 3000; ++i) {
        text += "line " + std::to_string(i) + " of a log written as the run goes\n";
    }
    const auto readWith = [](const std::string& path, bool allow) -> std::pair<Result<std::string>, bool> {
        auto src = ByteSource::open(path);
        if (!src) {
            return { src.error(), false };
        }
        if (allow) {
            (*src)->allowEndInsideStream();
        }
        std::string out;
        std::vector<char> buffer(4096);
        while (true) {
            auto n = (*src)->read(buffer.data(), buffer.size());
            if (!n) {
                return { n.error(), (*src)->endedInsideStream() };
            }
            if (*n == 0) {
                break;
            }
            out.append(buffer.data(), *n);
        }
        return { out, (*src)->endedInsideStream() };
    };
    const auto bytesOf = [](const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    for (const bool zstd : { false, true }) {
        SCOPED_TRACE(zstd ? "zstd" : "gzip");
        // Two members / frames: the first whole, the second cut in half.
        const std::string whole = zstd ? dir.writeZstd("w.zst", { text.substr(0, 50000), text.substr(50000) })
                                       : dir.writeGzip("w.gz", { text.substr(0, 50000), text.substr(50000) });
        const std::string bytes = bytesOf(whole);
        auto [all, allEnded] = readWith(whole, true);
        ASSERT_TRUE(all.ok()) << all.error().message;
        EXPECT_TRUE(*all == text);
        EXPECT_FALSE(allEnded);
        const std::string cut = dir.write(zstd ? "cut.zst" : "cut.gz", bytes.substr(0, bytes.size() - 200));
        auto [strict, strictEnded] = readWith(cut, false);
        ASSERT_FALSE(strict.ok());
        EXPECT_NE(strict.error().message.find("cut short"), std::string::npos) << strict.error().message;
        auto [part, partEnded] = readWith(cut, true);
        ASSERT_TRUE(part.ok()) << part.error().message;
        EXPECT_TRUE(partEnded);
        EXPECT_GE(part->size(), 50000u) << "the first member / frame at least";
        EXPECT_LT(part->size(), text.size());
        EXPECT_TRUE(text.starts_with(*part)) << "a prefix of the content";
        std::string damaged = bytes;
        for (size_t i = bytes.size() / 4; i < bytes.size() / 4 + 40; ++i) {
            damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
        }
        auto [bad, badEnded] = readWith(dir.write(zstd ? "bad.zst" : "bad.gz", damaged), true);
        ASSERT_FALSE(bad.ok());
        EXPECT_NE(bad.error().message.find("damaged"), std::string::npos) << bad.error().message;
    }
}

TEST(NativeReaderZstd, CutOrDamagedDataIsAnErrorNamingTheFile)
{
    TempDir dir;
    const std::string path = dir.writeZstd("whole.zst", { smallTrace() });
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    auto cut = readAll(dir.write("cut.ett.jsonl.zst", bytes.substr(0, bytes.size() - 5)));
    ASSERT_FALSE(cut.ok());
    EXPECT_NE(cut.error().message.find("cut.ett.jsonl.zst: zstd data is cut short"), std::string::npos)
        << cut.error().message;
    std::string damaged = bytes;
    damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 0x5a);
    damaged[damaged.size() / 2 + 1] = static_cast<char>(damaged[damaged.size() / 2 + 1] ^ 0xa5);
    auto bad = readAll(dir.write("damaged.zst", damaged));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("damaged.zst: damaged zstd data at compressed byte"), std::string::npos)
        << bad.error().message;
    // A frame whose window is over zstd's default limit (zstd --long=28 and more: gigabytes to
    // decode) is refused, saying how to write it instead.
    {
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, 30);
        const std::string text = smallTrace();
        std::string frame(ZSTD_compressBound(text.size()) + 64, '\0');
        ZSTD_inBuffer source { text.data(), text.size(), 0 };
        ZSTD_outBuffer out { frame.data(), frame.size(), 0 };
        ZSTD_compressStream2(cctx, &out, &source, ZSTD_e_continue); // the size unknown: the window stays
        for (size_t left = 1; left != 0 && ZSTD_isError(left) == 0;) {
            left = ZSTD_compressStream2(cctx, &out, &source, ZSTD_e_end);
        }
        ZSTD_freeCCtx(cctx);
        frame.resize(out.pos);
        auto wide = readAll(dir.write("wide.zst", frame));
        ASSERT_FALSE(wide.ok());
        EXPECT_EQ(wide.error().message,
            dir.path("wide.zst")
                + ": a zstd frame needs a window over 128 MB (written with zstd --long=28 or more), more memory than "
                  "this version gives one file: recompress it with --long=27 or less");
    }
    // Garbage after a whole frame is no second frame.
    auto trailing = readAll(dir.write("trailing.zst", bytes + "not zstd"));
    ASSERT_FALSE(trailing.ok());
    EXPECT_NE(trailing.error().message.find("damaged zstd data"), std::string::npos) << trailing.error().message;
}

TEST(NativeReaderZstd, XzBzip2AndArchivesAreNamedNotReadAsText)
{
    TempDir dir;
    const std::string xz = dir.write("trace.jsonl.xz",
        std::string("\xfd"
                    "7zXZ\0\0\x04\xe6\xd6\xb4\x46",
            12));
    const std::string bz = dir.write("trace.jsonl.bz2", "BZh91AY&SY\x01\x02");
    for (const auto& [path, name] : { std::pair { xz, "xz" }, std::pair { bz, "bzip2" } }) {
        auto src = ByteSource::open(path);
        ASSERT_FALSE(src.ok()) << path;
        EXPECT_EQ(src.error().message,
            path + ": " + name + "-compressed data, which this version does not read: decompress it first (" + name
                + " -d), or compress traces with gzip or zstd");
        EXPECT_EQ(src.error().option, "format") << "a folder's walk passes over it";
        auto detected = detectFormat(path);
        ASSERT_FALSE(detected.ok());
        EXPECT_EQ(detected.error().message, src.error().message);
    }
    // A zip or tar archive (a tar also when compressed) is named, with how to get at its traces.
    std::string tar(1024, '\0');
    tar.replace(0, 21, "worked-example.jsonl");
    tar.replace(257, 6, std::string("ustar\0", 6));
    const std::string archives[][2] = {
        { dir.write("t.zip", std::string("PK\x03\x04\x14\0\0\0\x08\0", 10)), "a zip archive" },
        { dir.write("t.tar", tar), "a tar archive" },
        { dir.writeGzip("t.tar.gz", { tar }), "a tar archive" },
        { dir.writeZstd("t.tar.zst", { tar }), "a tar archive" },
    };
    // A zip by any other name (a PyTorch checkpoint is one) is binary data, no archive to extract.
    auto checkpoint = detectFormat(dir.write("shard.pt", std::string("PK\x03\x04\x14\0\0\0\x08\0", 10)));
    ASSERT_FALSE(checkpoint.ok());
    EXPECT_NE(checkpoint.error().message.find("shard.pt:1: binary data (a NUL byte at column 6)"), std::string::npos)
        << checkpoint.error().message;
    for (const auto& [path, what] : archives) {
        auto detected = detectFormat(path);
        ASSERT_FALSE(detected.ok()) << path;
        EXPECT_EQ(detected.error().message,
            path + ": " + what + ", not a trace: extract it first ("
                + (what == std::string("a zip archive") ? "unzip" : "tar -xf")
                + "), then import the traces or their folder");
        EXPECT_EQ(detected.error().option, "format");
    }
    // Documents, configurations and programs by their names (a README quoting a log's lines, or
    // MLPerf's ":::MLLOG", read as a log without a timestamp or an MLPerf log without an event),
    // also compressed; a log is still a log.
    const std::pair<std::string, std::string> named[] = {
        { "README.md", "a Markdown document" },
        { "notes.RST", "a reStructuredText document" },
        { "train.py", "a Python program" },
        { "launch.sh.gz", "a shell script" },
        { "config.yaml", "a YAML file" },
    };
    for (const auto& [name, what] : named) {
        const std::string body = ":::MLLOG {\"key\": \"run_start\"}\n2025-03-01 10:00:00 INFO step 1\n";
        const std::string path = name.ends_with(".gz") ? dir.writeGzip(name, { body }) : dir.write(name, body);
        auto detected = detectFormat(path);
        ASSERT_FALSE(detected.ok()) << name;
        EXPECT_EQ(detected.error().message, path + ": " + what + " (by its name), not a trace this version reads");
        EXPECT_EQ(detected.error().option, "format") << "a folder's walk passes over it";
    }
    // An MLPerf system description (read with the results that name it) says what it is.
    const std::string system = dir.write("tinybox.json",
        "{\n  \"submitter\": \"tinycorp\",\n  \"system_name\": \"tinybox\",\n  \"accelerators_per_node\": \"6\"\n}\n");
    auto described = detectFormat(system);
    ASSERT_FALSE(described.ok());
    EXPECT_EQ(described.error().message,
        system
            + ": an MLPerf system description (read with the result logs that name its system, for their GPU "
              "count), not a trace this version reads");
    EXPECT_EQ(described.error().option, "format");
    auto log = detectFormat(dir.write("train.log", "2025-03-01 10:00:00 INFO step 1\n"));
    ASSERT_TRUE(log.ok()) << log.error().message;
    EXPECT_EQ(*log, TraceFormat::Log);
    // "BZh" followed by anything but a block size is text.
    auto text = ByteSource::open(dir.write("bzh.txt", "BZh is how bzip2 files begin"));
    ASSERT_TRUE(text.ok());
    EXPECT_EQ((*text)->compression(), Compression::None);
}

// ---------------------------------------------------------------------------------------------
// Time

// A trace with one attempt whose start and end are the given JSON values, under `unit` (no
// time_unit field when empty).
Result<ReadAll> readAttemptTimes(
    const TempDir& dir, const std::string& unit, const std::string& start, const std::string& end)
{
    std::string header = R"({"type":"header","format":"ett-trace","version":1)";
    if (!unit.empty()) {
        header += R"(,"time_unit":")" + unit + "\"";
    }
    header += "}\n";
    const std::string text = header + kJob + "\n" + R"({"type":"attempt","job":"J1","attempt":0,"start":)" + start
        + R"(,"end":)" + end + "}\n";
    return readAll(dir.write("times-" + unit + ".ett.jsonl", text));
}

TEST(NativeReaderTime, ConvertsEveryTimeUnitToNanoseconds)
{
    TempDir dir;
    const int64_t expected = kJune1S * kNsPerS;
    struct Case
    {
        std::string unit;
        std::string value;
        int64_t nsPerUnit;
    };
    const std::vector<Case> cases = {
        { "s", "1748736000", kNsPerS },
        { "ms", "1748736000000", 1'000'000 },
        { "us", "1748736000000000", 1'000 },
        { "ns", "1748736000000000000", 1 },
    };
    for (const auto& c : cases) {
        auto r = readAttemptTimes(dir, c.unit, c.value, c.value);
        ASSERT_TRUE(r.ok()) << c.unit << ": " << r.error().message;
        ASSERT_EQ(r->attempts.size(), 1u);
        EXPECT_EQ(r->attempts[0].startNs, expected) << c.unit;
        EXPECT_EQ(r->header.nsPerUnit, c.nsPerUnit) << c.unit;
    }
}

TEST(NativeReaderTime, AcceptsRfc3339StringsInAnyTimeUnit)
{
    TempDir dir;
    for (const std::string unit : { "s", "ms", "us", "ns" }) {
        auto r = readAttemptTimes(dir, unit, R"("2025-06-01T00:00:00Z")", R"("2025-06-01T14:00:00.250+02:00")");
        ASSERT_TRUE(r.ok()) << unit << ": " << r.error().message;
        EXPECT_EQ(r->attempts[0].startNs, kJune1S * kNsPerS) << unit;
        EXPECT_EQ(r->attempts[0].endNs, (kJune1S + 12 * 3600) * kNsPerS + 250'000'000) << unit;
    }
}

TEST(NativeReaderTime, MixesNumbersAndStringsInOneRecord)
{
    TempDir dir;
    auto r = readAttemptTimes(dir, "ms", "1748736000000.5", R"("2025-06-01T00:00:01.000000001Z")");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->attempts[0].startNs, kJune1S * kNsPerS + 500'000);
    EXPECT_EQ(r->attempts[0].endNs, (kJune1S + 1) * kNsPerS + 1);
}

TEST(NativeReaderTime, KeepsNineFractionDigitsOfSecondsExactly)
{
    // 1748736000.123456789 has 19 significant digits: a double would lose the last three.
    TempDir dir;
    auto r = readAttemptTimes(dir, "s", "1748736000.123456789", "1748736000.999999999");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->attempts[0].startNs, 1'748'736'000'123'456'789);
    EXPECT_EQ(r->attempts[0].endNs, 1'748'736'000'999'999'999);
}

TEST(NativeReaderTime, RoundsFractionsToNearestNanosecondHalvesAwayFromZero)
{
    TempDir dir;
    struct Case
    {
        std::string unit;
        std::string value;
        int64_t expectedNs;
    };
    const std::vector<Case> cases = {
        { "s", "1748736000.1234567894", 1'748'736'000'123'456'789 },
        { "s", "1748736000.1234567895", 1'748'736'000'123'456'790 },
        { "s", "1748736000.9999999995", 1'748'736'001'000'000'000 },
        { "ms", "1.0000005", 1'000'001 },
        { "ms", "1.0000004999", 1'000'000 },
        { "us", "0.5", 500 },
        { "us", "0.0005", 1 },
        { "us", "0.0004", 0 },
        { "ns", "2.5", 3 },
        { "ns", "-2.5", -3 },
        { "s", "1.5e3", 1'500 * kNsPerS },
        { "ms", "17487360E5", kJune1S * kNsPerS },
        { "s", "-0.25", -250'000'000 },
    };
    for (const auto& c : cases) {
        auto r = readAttemptTimes(dir, c.unit, c.value, "\"2030-01-01T00:00:00Z\"");
        ASSERT_TRUE(r.ok()) << c.unit << " " << c.value << ": " << r.error().message;
        EXPECT_EQ(r->attempts[0].startNs, c.expectedNs) << c.unit << " " << c.value;
    }
}

TEST(NativeReaderTime, RoundsRfc3339FractionsBeyondNanoseconds)
{
    TempDir dir;
    auto r = readAttemptTimes(dir, "s", R"("2025-06-01T00:00:00.1234567895Z")", R"("2025-06-01T00:00:01Z")");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->attempts[0].startNs, kJune1S * kNsPerS + 123'456'790);
}

// ---------------------------------------------------------------------------------------------
// Defaults and counted oddities

TEST(NativeReaderDefaults, WithoutHeaderUsesMicrosecondsAndCountsNoHeader)
{
    TempDir dir;
    const std::string text = kJob + "\n" + R"({"type":"attempt","job":"J1","attempt":0,"start":1000000,"end":2500000})";
    auto r = readAll(dir.write("noheader.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->header.nsPerUnit, 1'000);
    ASSERT_EQ(r->attempts.size(), 1u);
    EXPECT_EQ(r->attempts[0].startNs, kNsPerS);
    EXPECT_EQ(r->attempts[0].endNs, 2'500'000'000);
    EXPECT_EQ(issueCount(r->issues, "no_header"), 1);
    EXPECT_EQ(r->issues.entries().at({ "no_header", "" }).firstLine, 1);
    EXPECT_EQ(r->issues.total(), 1);
}

TEST(NativeReaderDefaults, HeaderWithoutTimeUnitMeansMicroseconds)
{
    TempDir dir;
    auto r = readAttemptTimes(dir, "", "1", "2");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->header.nsPerUnit, 1'000);
    EXPECT_EQ(r->attempts[0].startNs, 1'000);
    EXPECT_EQ(r->issues.total(), 0);
}

TEST(NativeReaderDefaults, ReadsHeaderSourceAndCreated)
{
    TempDir dir;
    const std::string text
        = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"ms","source":"unit test","created":"2025-06-01T00:00:00Z"})"
          "\n"
        + kJob + "\n";
    auto r = readAll(dir.write("header.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->header.version, 1);
    EXPECT_EQ(r->header.nsPerUnit, 1'000'000);
    EXPECT_EQ(r->header.source, "unit test");
    EXPECT_EQ(r->header.created, "2025-06-01T00:00:00Z");
}

TEST(NativeReaderDefaults, JobWithoutGpusIsReadWithCountedWarning)
{
    TempDir dir;
    const std::string text = kHeaderS + "\n" + R"({"type":"job","job":"A"})" + "\n" + R"({"type":"job","job":"B"})"
        + "\n" + R"({"type":"job","job":"C","gpus":4})" + "\n";
    auto r = readAll(dir.write("nogpus.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->jobs.size(), 3u);
    EXPECT_FALSE(r->jobs[0].gpus.has_value());
    EXPECT_FALSE(r->jobs[1].gpus.has_value());
    EXPECT_EQ(r->jobs[2].gpus, 4);
    EXPECT_EQ(issueCount(r->issues, "job_gpus_missing"), 2);
    EXPECT_EQ(r->issues.entries().at({ "job_gpus_missing", "" }).firstLine, 2);
    EXPECT_EQ(r->issues.total(), 2);
}

TEST(NativeReaderDefaults, CountsUnknownRecordTypesAndFieldsWithoutError)
{
    TempDir dir;
    const std::string header = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s","vendor":"acme"})";
    const std::string body = header + "\n"
        + R"({"type":"job","job":"J1","gpus":8,"color":"blue","owner":{"a":[1,2,{"b":null}]}})" + "\n"
        + R"({"type":"metric","job":"J1","value":3.5})" + "\n" + R"({"type":"metric"})" + "\n"
        + R"({"type":"annotation","text":"hello"})" + "\n"
        + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"host":"n1"})" + "\n"
        + R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":100,"color":"red"})" + "\n";
    auto r = readAll(dir.write("unknown.ett.jsonl", body));
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->jobs.size(), 1u);
    EXPECT_EQ(r->attempts.size(), 1u);
    EXPECT_EQ(r->phases.size(), 1u);
    EXPECT_EQ(issueCount(r->issues, "unknown_record_type", "metric"), 2);
    EXPECT_EQ(r->issues.entries().at({ "unknown_record_type", "metric" }).firstLine, 3);
    EXPECT_EQ(issueCount(r->issues, "unknown_record_type", "annotation"), 1);
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "header.vendor"), 1);
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "job.color"), 1);
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "job.owner"), 1);
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "attempt.host"), 1);
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "phase.color"), 1);
    EXPECT_EQ(r->issues.total(), 8);
    // Known fields after an unknown nested value are still read.
    EXPECT_EQ(r->jobs[0].gpus, 8);
}

TEST(NativeReaderDefaults, DamagedValuesOfUnknownFieldsAndRecordsAreErrorsWithTheirLineAndField)
{
    // An unknown field or record is skipped, but its value must still be whole JSON: a damaged
    // one is an error naming the line and the field, not an "unknown_field" warning.
    TempDir dir;
    struct Case
    {
        const char* name;
        std::string line3;
        std::string expected;
    };
    const std::vector<Case> cases = {
        { "atom.ett.jsonl", R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"host":fal$e})",
            ":3: attempt record: field 'host': not valid JSON: found fal$e, not a value" },
        { "bracket.ett.jsonl", R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"host":{"a":[1}})",
            ":3: attempt record: field 'host': not valid JSON" },
        { "number.ett.jsonl", R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"n":-01})",
            ":3: attempt record: field 'n': not valid JSON: found -01, not a number" },
        { "escape.ett.jsonl", R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"s":"a\qb"})",
            ":3: attempt record: field 's': not valid JSON" },
        { "record.ett.jsonl", R"({"type":"metric","job":"J1","value":[1,nul]})",
            ":3: record of type 'metric': field 'value': not valid JSON: found nul, not a value" },
        // Nesting is bounded (the walk recurses once per level): an error, not a stack overflow.
        { "deep.ett.jsonl",
            R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"host":)" + std::string(43'500, '[')
                + std::string(43'500, ']') + "}",
            ":3: attempt record: field 'host': not valid JSON: objects and arrays nested deeper than 256 levels" },
    };
    for (const Case& c : cases) {
        const std::string path
            = dir.write(c.name, kHeaderS + "\n" + R"({"type":"job","job":"J1","gpus":8})" + "\n" + c.line3 + "\n");
        auto r = readAll(path);
        ASSERT_FALSE(r.ok()) << c.name;
        EXPECT_NE(r.error().message.find(path + c.expected), std::string::npos) << c.name << ": " << r.error().message;
    }
}

TEST(NativeReaderDefaults, NestingUpToTheLimitIsRead)
{
    TempDir dir;
    // The field's value is level 1: 256 levels in all are accepted, as unknown data.
    const std::string deep = std::string(kMaxJsonNesting, '[') + std::string(kMaxJsonNesting, ']');
    const std::string path = dir.write(
        "deep-ok.ett.jsonl", kHeaderS + "\n" + R"({"type":"job","job":"J1","gpus":8,"extra":)" + deep + "}\n");
    auto r = readAll(path);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "job.extra"), 1);
}

TEST(NativeReaderDefaults, TreatsNullOptionalFieldsAsAbsent)
{
    TempDir dir;
    const std::string text = kHeaderS + "\n"
        + R"({"type":"job","job":"J1","name":null,"gpus":null,"submitted":null,"attrs":null})" + "\n"
        + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"gpus":null,"outcome":null,"interrupted_at":null,"cause":null,"symptom":null,"detail":null})"
        + "\n"
        + R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":100,"rank":null,"name":null})"
        + "\n" + R"({"type":"checkpoint","job":"J1","attempt":0,"step":null,"start":50,"durable":null,"failed":null})"
        + "\n";
    auto r = readAll(dir.write("nulls.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->jobs.size(), 1u);
    EXPECT_EQ(r->jobs[0].name, "");
    EXPECT_FALSE(r->jobs[0].gpus.has_value());
    EXPECT_FALSE(r->jobs[0].submittedNs.has_value());
    EXPECT_TRUE(r->jobs[0].attrs.empty());
    EXPECT_EQ(issueCount(r->issues, "job_gpus_missing"), 1);
    ASSERT_EQ(r->attempts.size(), 1u);
    const auto& a = r->attempts[0];
    EXPECT_FALSE(a.gpus.has_value());
    EXPECT_EQ(a.outcome, Outcome::Completed);
    EXPECT_FALSE(a.interruptedAtNs.has_value());
    EXPECT_EQ(a.cause, "");
    EXPECT_EQ(a.symptom, Symptom::None);
    EXPECT_EQ(a.detail, "");
    ASSERT_EQ(r->phases.size(), 1u);
    EXPECT_EQ(r->phases[0].rank, -1);
    EXPECT_EQ(r->phases[0].name, "");
    ASSERT_EQ(r->checkpoints.size(), 1u);
    EXPECT_FALSE(r->checkpoints[0].step.has_value());
    EXPECT_FALSE(r->checkpoints[0].durableNs.has_value());
    EXPECT_FALSE(r->checkpoints[0].failed);
    // Nulls are not unknown fields.
    EXPECT_EQ(issueCount(r->issues, "unknown_field", "job.name"), 0);
    EXPECT_EQ(r->issues.total(), 1);
}

TEST(NativeReaderRecords, ReadsEveryFieldOfEveryRecordType)
{
    TempDir dir;
    const std::string text = kHeaderS + "\n"
        + R"({"type":"job","job":"J1","name":"ranker","gpus":128,"submitted":5,"attrs":{"team":"ads","model":"dlrm","cluster":"east"}})"
        + "\n"
        + R"({"type":"attempt","job":"J1","attempt":3,"start":10,"end":20,"gpus":64,"outcome":"failed","interrupted_at":15,"cause":"infra.gpu.hbm","symptom":"hang","detail":"XID 48"})"
        + "\n"
        + R"({"type":"phase","job":"J1","attempt":3,"phase":"init.process_group_init","start":10,"end":12,"rank":7,"name":"pg"})"
        + "\n" + R"({"type":"checkpoint","job":"J1","attempt":3,"step":1200,"start":13,"failed":true})" + "\n"
        + R"({"type":"rank","job":"J1","attempt":3,"rank":7,"host":"node-a17"})" + "\n";
    auto r = readAll(dir.write("full.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto& j = r->jobs.at(0);
    EXPECT_EQ(j.name, "ranker");
    EXPECT_EQ(j.gpus, 128);
    EXPECT_EQ(j.submittedNs, 5 * kNsPerS);
    // attrs come sorted by key
    const std::vector<std::pair<std::string, std::string>> attrs
        = { { "cluster", "east" }, { "model", "dlrm" }, { "team", "ads" } };
    EXPECT_EQ(j.attrs, attrs);
    const auto& a = r->attempts.at(0);
    EXPECT_EQ(a.attempt, 3);
    EXPECT_EQ(a.gpus, 64);
    EXPECT_EQ(a.outcome, Outcome::Failed);
    EXPECT_EQ(a.interruptedAtNs, 15 * kNsPerS);
    EXPECT_EQ(a.cause, "infra.gpu.hbm");
    EXPECT_EQ(a.symptom, Symptom::Hang);
    EXPECT_EQ(a.detail, "XID 48");
    const auto& p = r->phases.at(0);
    EXPECT_EQ(p.category, Category::Init);
    EXPECT_EQ(p.subcategory, "process_group_init");
    EXPECT_EQ(p.rank, 7);
    EXPECT_EQ(p.name, "pg");
    const auto& c = r->checkpoints.at(0);
    EXPECT_EQ(c.step, 1200);
    EXPECT_TRUE(c.failed);
    EXPECT_FALSE(c.durableNs.has_value());
    const auto& k = r->ranks.at(0);
    EXPECT_EQ(k.job, "J1");
    EXPECT_EQ(k.attempt, 3);
    EXPECT_EQ(k.rank, 7);
    EXPECT_EQ(k.host, "node-a17");
    EXPECT_EQ(r->order.back().kind, RecordKind::Rank);
    EXPECT_EQ(r->issues.total(), 0);
}

// ---------------------------------------------------------------------------------------------
// Lines and files larger than the 4 MiB read chunk

constexpr size_t kChunkBytes = 4u << 20;

// A job record whose attrs object alone is larger than `minBytes`: a few dozen attributes with
// values of 128 KiB each (an attribute value may be any string).
std::string hugeJobLine(const std::string& job, size_t minBytes, size_t& attrCount)
{
    std::string line = R"({"type":"job","job":")" + job + R"(","gpus":16,"attrs":{)";
    line.reserve(minBytes + (256u << 10));
    attrCount = 0;
    const std::string filler(128u << 10, 'v');
    char key[32];
    while (line.size() < minBytes) {
        std::snprintf(key, sizeof key, "k%07zu", attrCount);
        if (attrCount > 0) {
            line += ',';
        }
        line += '"';
        line += key;
        line += "\":\"";
        line += filler;
        line += std::to_string(attrCount);
        line += '"';
        ++attrCount;
    }
    line += "}}";
    return line;
}

TEST(NativeReaderLarge, ReadsLineLongerThanReadChunk)
{
    TempDir dir;
    size_t attrCount = 0;
    const std::string big = hugeJobLine("BIG", kChunkBytes + (kChunkBytes / 4), attrCount);
    ASSERT_GT(big.size(), kChunkBytes);
    const std::string text = kHeaderS + "\n" + kJob + "\n" + big + "\n" + kAttempt + "\n" + kPhase;
    for (const bool gzip : { false, true }) {
        const std::string path = gzip ? dir.writeGzip("big.gz", { text }) : dir.write("big.ett.jsonl", text);
        auto r = readAll(path);
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(r->jobs.size(), 2u);
        EXPECT_EQ(r->jobs[1].job, "BIG");
        EXPECT_EQ(r->jobs[1].gpus, 16);
        ASSERT_EQ(r->jobs[1].attrs.size(), attrCount);
        EXPECT_EQ(r->jobs[1].attrs.front().first, "k0000000");
        EXPECT_EQ(r->jobs[1].attrs.back().second, std::string(128u << 10, 'v') + std::to_string(attrCount - 1));
        EXPECT_EQ(linesOf(*r), (std::vector<int64_t> { 2, 3, 4, 5 }));
        EXPECT_EQ(r->attempts.size(), 1u);
        EXPECT_EQ(r->phases.size(), 1u);
        EXPECT_EQ(r->issues.total(), 0);
    }
}

TEST(NativeReaderLarge, ReadsTwoConsecutiveLinesLongerThanReadChunk)
{
    TempDir dir;
    size_t n1 = 0;
    size_t n2 = 0;
    const std::string text = kHeaderS + "\n" + hugeJobLine("A", kChunkBytes + 100, n1) + "\n"
        + hugeJobLine("B", 2 * kChunkBytes + 100, n2) + "\n" + kJob + "\n";
    auto r = readAll(dir.write("two-big.ett.jsonl", text));
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->jobs.size(), 3u);
    EXPECT_EQ(r->jobs[0].attrs.size(), n1);
    EXPECT_EQ(r->jobs[1].attrs.size(), n2);
    EXPECT_EQ(r->jobs[2].job, "J1");
    EXPECT_EQ(linesOf(*r), (std::vector<int64_t> { 2, 3, 4 }));
}

TEST(NativeReaderLarge, BatchesAcrossChunkBoundariesKeepLineNumbers)
{
    // About 6.5 MB of lines, a blank line every 7th line, read in batches of two sizes: every
    // record must carry the line it is on, whichever chunk and batch it falls in.
    TempDir dir;
    const std::string padding(400, 'p');
    std::string text
        = kHeaderS + "\n" + kJob + "\n" + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000000})" + "\n";
    std::vector<int64_t> expectedLines;
    std::vector<int64_t> expectedStarts;
    int64_t line = 3;
    int64_t value = 0;
    while (text.size() < kChunkBytes + kChunkBytes / 2 + 1000) {
        ++line;
        if (line % 7 == 0) {
            text += (line % 2 == 0) ? "\n" : "  \r\n";
            continue;
        }
        ++value;
        // The start encodes the line, so a record and its line number can be matched.
        text += R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":)" + std::to_string(line)
            + R"(,"end":)" + std::to_string(line + 1) + R"(,"rank":)" + std::to_string(value % 4) + R"(,"name":")"
            + padding + "\"}\n";
        expectedLines.push_back(line);
        expectedStarts.push_back(line * kNsPerS);
    }
    const std::string path = dir.write("many.ett.jsonl", text);
    for (const size_t batchSize : { size_t { 997 }, size_t { 8192 } }) {
        auto r = readAll(path, batchSize);
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(r->phases.size(), expectedLines.size());
        EXPECT_GT(r->batches, static_cast<int64_t>(expectedLines.size() / batchSize));
        std::vector<int64_t> lines;
        std::vector<int64_t> starts;
        for (const auto& ref : r->order) {
            if (ref.kind == RecordKind::Phase) {
                lines.push_back(ref.line);
                starts.push_back(r->phases[ref.index].startNs);
            }
        }
        EXPECT_EQ(lines, expectedLines) << "batch size " << batchSize;
        EXPECT_EQ(starts, expectedStarts) << "batch size " << batchSize;
        EXPECT_EQ(r->linesRead, line);
    }
}

TEST(NativeReaderLarge, ReportsBadLineNumberBeyondFirstChunk)
{
    TempDir dir;
    std::string text = kHeaderS + "\n" + kJob + "\n" + kAttempt + "\n";
    int64_t line = 3;
    const std::string phase = R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":90,"name":")"
        + std::string(400, 'n') + "\"}\n";
    while (text.size() < kChunkBytes + 4096) {
        text += phase;
        ++line;
    }
    text += R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":"soon"})"
            "\n";
    ++line;
    const std::string path = dir.write("bad-late.ett.jsonl", text);
    auto r = readAll(path, 1000);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(path + ":" + std::to_string(line) + ":"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("'end'"), std::string::npos) << r.error().message;
}

TEST(NativeReaderErrors, OpeningMissingFileNamesThePath)
{
    TempDir dir;
    const std::string path = dir.path("missing.ett.jsonl");
    auto r = NativeReader::open(path);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(path), std::string::npos) << r.error().message;
}

} // namespace
} // namespace ett::core
