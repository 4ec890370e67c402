// End-to-end tests of ett_bench (ETT_BENCH_BINARY): small runs of each subcommand print the JSON
// they promise and leave no files behind; help and usage errors behave as ettw's.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct RunResult
{
    int exitCode = -1;
    std::string out;
    std::string err;
};

std::ostream& operator<<(std::ostream& os, const RunResult& r)
{
    return os << "exit " << r.exitCode << "\n--- stdout ---\n" << r.out << "\n--- stderr ---\n" << r.err;
}

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

std::string quotedArg(const std::string& s)
{
    std::string q = "'";
    for (char c : s) {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

class EttBench : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path() / ("ett-bench-test-" + std::to_string(getpid()) + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "bench");
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }

    // Runs ett_bench with args, stdout and stderr captured in files.
    RunResult run(const std::vector<std::string>& args) const
    {
        std::string cmd = quotedArg(ETT_BENCH_BINARY);
        for (const auto& a : args) {
            cmd += " " + quotedArg(a);
        }
        const fs::path out = m_root / "stdout.txt";
        const fs::path err = m_root / "stderr.txt";
        cmd += " </dev/null >" + quotedArg(out.string()) + " 2>" + quotedArg(err.string());
        const int status = std::system(cmd.c_str());
        RunResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        r.out = readFile(out);
        r.err = readFile(err);
        return r;
    }

    fs::path m_root;
};

double number(simdjson::dom::element e)
{
    if (e.is_int64()) {
        return static_cast<double>(int64_t(e));
    }
    return double(e);
}

TEST_F(EttBench, ImportPrintsJsonAndLeavesNoFiles)
{
    const fs::path dir = m_root / "bench";
    const RunResult r = run({ "import", "--records", "20000", "--dir", dir.string() });
    ASSERT_EQ(r.exitCode, 0) << r;
    simdjson::dom::parser parser;
    const simdjson::dom::element j = parser.parse(r.out);
    EXPECT_GE(int64_t(j["records"]), 20000);
    for (const char* key :
        { "records", "seconds", "records_per_s", "bare_insert_records_per_s", "ratio", "peak_rss_mb" }) {
        EXPECT_GT(number(j[key]), 0.0) << key;
    }
    EXPECT_TRUE(fs::is_empty(dir)) << "ett_bench import left files in " << dir;
}

TEST_F(EttBench, EnginePrintsOneObjectPerOperationWithSqliteForTheRollup)
{
    const fs::path dir = m_root / "bench";
    const RunResult r
        = run({ "engine", "--phases", "30000", "--backend", "cpu", "--repeats", "2", "--dir", dir.string() });
    ASSERT_EQ(r.exitCode, 0) << r;
    std::vector<std::string> ops;
    std::istringstream lines(r.out);
    simdjson::dom::parser parser;
    for (std::string line; std::getline(lines, line);) {
        const simdjson::dom::element j = parser.parse(line);
        ops.emplace_back(std::string_view(j["op"]));
        EXPECT_EQ(std::string(std::string_view(j["backend"])).rfind("CPU", 0), 0u) << line;
        EXPECT_GT(int64_t(j["rows"]), 0) << line;
        EXPECT_GT(number(j["seconds"]), 0.0) << line;
        EXPECT_GT(number(j["rows_per_s"]), 0.0) << line;
        if (ops.back() == "rollup") {
            EXPECT_GT(number(j["sqlite_group_by_seconds"]), 0.0) << line;
        }
    }
    EXPECT_EQ(ops, (std::vector<std::string> { "load", "attribution", "rollup", "series", "percentiles" }));
    EXPECT_TRUE(fs::is_empty(dir)) << "ett_bench engine left files in " << dir;
}

TEST_F(EttBench, HelpMentionsEverySubcommandAndOption)
{
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
        { {}, { "import", "engine" } },
        { { "import" }, { "--records", "--dir", "--keep" } },
        { { "engine" }, { "--phases", "--backend", "--repeats", "--dir" } },
    };
    for (const auto& [command, mentions] : cases) {
        auto args = command;
        args.emplace_back("--help");
        const RunResult r = run(args);
        EXPECT_EQ(r.exitCode, 0) << r;
        EXPECT_EQ(r.err, "");
        for (const auto& m : mentions) {
            EXPECT_TRUE(contains(r.out, m)) << "should mention " << m << "\n" << r.out;
        }
    }
}

TEST_F(EttBench, UsageErrorsExitTwoWithMessageOnlyOnStderr)
{
    const std::vector<std::vector<std::string>> cases = {
        {},
        { "frobnicate" },
        { "import", "--records", "0" },
        { "engine", "--backend", "tpu" },
    };
    for (const auto& args : cases) {
        const RunResult r = run(args);
        EXPECT_EQ(r.exitCode, 2) << r;
        EXPECT_EQ(r.out, "") << "a usage error prints nothing on stdout";
        EXPECT_FALSE(r.err.empty()) << "a usage error explains itself on stderr";
    }
    EXPECT_TRUE(contains(run({ "frobnicate" }).err, "frobnicate"));
}

} // namespace
