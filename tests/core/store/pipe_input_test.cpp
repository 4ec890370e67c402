// Inputs that can be read only once: an anonymous pipe (what bash's <(...) gives), a named FIFO,
// gzip data through a pipe, an Nsight SQLite export through a pipe. Each imports exactly like the
// same bytes from a file, names the path the user gave, and leaves no temporary copy behind.
#include "core/ingest/input_file.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;
using test::Store;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Writes `bytes` into a pipe from another thread (a pipe holds only 64 KB) and closes it.
class PipeWriter
{
public:
    explicit PipeWriter(std::string bytes)
    {
        int fds[2];
        EXPECT_EQ(::pipe(fds), 0);
        m_read = fds[0];
        m_thread = std::thread([fd = fds[1], bytes = std::move(bytes)] {
            for (size_t done = 0; done < bytes.size();) {
                const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
                if (n <= 0) {
                    break;
                }
                done += static_cast<size_t>(n);
            }
            ::close(fd);
        });
    }
    ~PipeWriter()
    {
        m_thread.join();
        ::close(m_read);
    }
    // The pipe's read end as a path, as /dev/fd/63 is for <(...).
    std::string path() const { return "/proc/self/fd/" + std::to_string(m_read); }

private:
    int m_read = -1;
    std::thread m_thread;
};

// Temporary copies go to the store's folder, so that a copy left behind would be seen.
class PipeInput : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_tmp = fs::path(store.path("tmp"));
        fs::create_directories(m_tmp);
        ::setenv("TMPDIR", m_tmp.c_str(), 1);
    }
    void TearDown() override
    {
        EXPECT_TRUE(fs::is_empty(m_tmp)) << "a temporary copy was left in " << m_tmp;
        ::unsetenv("TMPDIR");
    }
    Result<ImportSummary> importPath(const std::string& path, const std::string& label, TraceFormat format)
    {
        ImportOptions options;
        options.label = label;
        options.reader.format = format;
        return importTraceFile(store.db(), path, options);
    }
    std::string fleetOf(const std::string& label)
    {
        FleetQuery q;
        q.label = label;
        std::ostringstream out;
        for (const auto& job : store.fleet(q)) {
            out << job.key << ' ' << job.gpus << ' ' << job.result.e2eNs();
            for (const int64_t ns : job.result.bucketsNs) {
                out << ' ' << ns;
            }
            out << '\n';
        }
        return out.str();
    }

    Store store;
    fs::path m_tmp;
};

TEST_F(PipeInput, AnonymousPipeImportsLikeTheFileInEveryFormatMode)
{
    const auto fromFile = importPath(kWorkedExample, "file", TraceFormat::Auto);
    ASSERT_TRUE(fromFile.ok()) << fromFile.error().message;
    for (TraceFormat format : { TraceFormat::Auto, TraceFormat::Ett }) {
        const std::string label = format == TraceFormat::Auto ? "auto" : "ett";
        PipeWriter pipe(fileBytes(kWorkedExample));
        const auto r = importPath(pipe.path(), label, format);
        ASSERT_TRUE(r.ok()) << r.error().message;
        EXPECT_EQ(r->records, fromFile->records);
        EXPECT_EQ(r->sha256, fromFile->sha256);
        EXPECT_EQ(r->path, pipe.path());
        EXPECT_EQ(fleetOf(label), fleetOf("file"));
    }
}

TEST_F(PipeInput, GzipThroughAPipeIsDecompressed)
{
    // The gzip sniff used to read two bytes and seek back, which fails silently on a pipe.
    const std::string gz = store.writeGzip("we.jsonl.gz", fileBytes(kWorkedExample));
    const auto fromFile = importPath(gz, "file", TraceFormat::Auto);
    ASSERT_TRUE(fromFile.ok()) << fromFile.error().message;
    PipeWriter pipe(fileBytes(gz));
    const auto r = importPath(pipe.path(), "pipe", TraceFormat::Ett);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->records, fromFile->records);
    EXPECT_EQ(fleetOf("pipe"), fleetOf("file"));
}

TEST_F(PipeInput, NamedFifoIsOpenedOnce)
{
    // Opening a FIFO blocks until its writer opens it; opening it a second time would wait for a
    // second writer that never comes.
    const std::string fifo = store.path("trace.fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] {
        std::ofstream out(fifo, std::ios::binary);
        out << fileBytes(kWorkedExample);
    });
    const auto r = importPath(fifo, "fifo", TraceFormat::Auto);
    writer.join();
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_GT(r->records, 0);
    EXPECT_EQ(r->path, fifo);
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets WHERE source_path = '" + fifo + "'"), 1);
}

TEST_F(PipeInput, ReimportThroughAPipeIsANoOp)
{
    ASSERT_TRUE(importPath(kWorkedExample, "a", TraceFormat::Auto).ok());
    PipeWriter pipe(fileBytes(kWorkedExample));
    const auto r = importPath(pipe.path(), "a", TraceFormat::Auto);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->alreadyImported);
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 1);
}

TEST_F(PipeInput, AnEmptyPipeIsAnErrorNamingItsPath)
{
    PipeWriter pipe("");
    const auto r = importPath(pipe.path(), "a", TraceFormat::Auto);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, pipe.path() + ": the file is empty; cannot tell its format");
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 0);
}

TEST_F(PipeInput, NsightExportThroughAPipe)
{
    const std::string dir = test::sharedDataDir();
    const std::string nsys = dir + "/nsys-sqlite/saxpy-mpi-cuda_nsys_perlmutter0.sqlite";
    if (dir.empty() || !fs::exists(nsys)) {
        GTEST_SKIP() << "the shared Nsight export is not here";
    }
    const auto fromFile = importPath(nsys, "file", TraceFormat::Auto);
    ASSERT_TRUE(fromFile.ok()) << fromFile.error().message;
    PipeWriter pipe(fileBytes(nsys));
    const auto r = importPath(pipe.path(), "pipe", TraceFormat::Auto);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->format, "nsys");
    EXPECT_EQ(r->records, fromFile->records);
}

TEST(SpooledInput, RegularFilesAreNotCopied)
{
    auto spool = SpooledInput::prepare(kWorkedExample);
    ASSERT_TRUE(spool.ok());
    EXPECT_FALSE(spool->spooled());
    EXPECT_EQ(openablePath(kWorkedExample), kWorkedExample);
}

} // namespace
} // namespace ett::core
