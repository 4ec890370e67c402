// End-to-end tests of the ettw command line: every test runs the real binary (ETTW_BINARY) as a
// subprocess in its own temporary directory and checks the exit code (0 / 1 user error / 2 usage),
// stdout and stderr separately. JSON output is parsed with simdjson into a small tree whose numbers
// keep their text, so that seconds are compared and summed exactly (spec 2: all sums are exact).
#include "core/store/database.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <tuple>
#include <unistd.h>
#include <utility>
#include <vector>

#include "tests/app/cli/ettw_process.h"
#include "tests/app/titan_logs.h"
#include "tests/core/model/generator_fixtures.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";
const std::string kFleetSample = std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz";

// Every bucket of spec 5, in the order ettw prints them.
const std::vector<std::string> kBuckets = { "productive", "queue", "setup", "init", "checkpoint_load", "compile",
    "checkpoint_save", "lost_progress", "stall", "eval", "recovery", "shutdown", "idle" };

// --- exact seconds ----------------------------------------------------------------------------

// A non-negative decimal number of seconds, held exactly (whole seconds + nanoseconds).
struct ExactSeconds
{
    int64_t whole = 0;
    int64_t nanos = 0; // 0 <= nanos < 1e9

    friend bool operator==(const ExactSeconds&, const ExactSeconds&) = default;
    ExactSeconds& operator+=(const ExactSeconds& other)
    {
        whole += other.whole;
        nanos += other.nanos;
        if (nanos >= 1'000'000'000) {
            nanos -= 1'000'000'000;
            ++whole;
        }
        return *this;
    }
    friend ExactSeconds operator+(ExactSeconds a, const ExactSeconds& b) { return a += b; }
    friend std::ostream& operator<<(std::ostream& os, const ExactSeconds& s)
    {
        char frac[16];
        std::snprintf(frac, sizeof frac, "%09lld", static_cast<long long>(s.nanos));
        return os << s.whole << '.' << frac << " s";
    }
};

ExactSeconds wholeSeconds(int64_t s)
{
    return ExactSeconds { s, 0 };
}

// Parses the text of a JSON number written by ettw (digits, optional fraction of up to 9 digits).
ExactSeconds parseExactSeconds(std::string_view text)
{
    ExactSeconds out;
    const size_t dot = text.find('.');
    const std::string_view intPart = text.substr(0, dot);
    const std::string_view fracPart = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    const auto digitsOnly = [](std::string_view s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digitsOnly(intPart) || (dot != std::string_view::npos && (!digitsOnly(fracPart) || fracPart.size() > 9))) {
        ADD_FAILURE() << "not a non-negative decimal number of seconds with at most 9 decimals: '" << text << "'";
        return out;
    }
    for (char c : intPart) {
        out.whole = out.whole * 10 + (c - '0');
    }
    for (size_t i = 0; i < 9; ++i) {
        out.nanos = out.nanos * 10 + (i < fracPart.size() ? fracPart[i] - '0' : 0);
    }
    return out;
}

// --- a JSON tree that keeps number text ------------------------------------------------------

class Json
{
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    // Parses a whole document; on malformed JSON records a test failure and returns null.
    static Json parse(const std::string& text)
    {
        try {
            const simdjson::padded_string padded(text);
            // The DOM parser validates the whole document (trailing content included) ...
            simdjson::dom::parser validator;
            (void)validator.parse(padded).value();
            // ... the on-demand one keeps every number's text, for exact sums.
            simdjson::ondemand::parser parser;
            simdjson::ondemand::document doc = parser.iterate(padded);
            Json root;
            switch (doc.type().value()) {
            case simdjson::ondemand::json_type::object:
            case simdjson::ondemand::json_type::array: {
                simdjson::ondemand::value v = doc.get_value();
                root = fromValue(v);
                break;
            }
            default:
                ADD_FAILURE() << "expected a JSON object or array, got: " << text;
                return {};
            }
            return root;
        } catch (const simdjson::simdjson_error& e) {
            ADD_FAILURE() << "invalid JSON (" << e.what() << "): " << text;
            return {};
        }
    }

    Kind kind() const { return m_kind; }
    bool isNull() const { return m_kind == Kind::Null; }
    bool has(const std::string& key) const
    {
        return std::any_of(m_members.begin(), m_members.end(), [&](const auto& m) { return m.first == key; });
    }

    // The member named key; a missing key is a test failure (and reads as null).
    const Json& operator[](const std::string& key) const
    {
        for (const auto& [name, value] : m_members) {
            if (name == key) {
                return value;
            }
        }
        ADD_FAILURE() << "JSON has no member '" << key << "'";
        return nullValue();
    }
    const Json& at(size_t i) const
    {
        if (m_kind != Kind::Array || i >= m_items.size()) {
            ADD_FAILURE() << "JSON has no array element " << i;
            return nullValue();
        }
        return m_items[i];
    }
    size_t size() const { return m_kind == Kind::Array ? m_items.size() : m_members.size(); }
    const std::vector<Json>& items() const { return m_items; }
    const std::vector<std::pair<std::string, Json>>& members() const { return m_members; }
    std::vector<std::string> keys() const
    {
        std::vector<std::string> out;
        for (const auto& m : m_members) {
            out.push_back(m.first);
        }
        return out;
    }

    const std::string& str() const
    {
        EXPECT_EQ(m_kind, Kind::String) << "expected a JSON string";
        return m_text;
    }
    // The literal text of a number (exact, as written).
    const std::string& raw() const
    {
        EXPECT_EQ(m_kind, Kind::Number) << "expected a JSON number";
        return m_text;
    }
    bool boolean() const
    {
        EXPECT_EQ(m_kind, Kind::Bool) << "expected a JSON boolean";
        return m_bool;
    }
    double number() const
    {
        EXPECT_EQ(m_kind, Kind::Number) << "expected a JSON number";
        return m_kind == Kind::Number ? std::strtod(m_text.c_str(), nullptr) : 0.0;
    }
    int64_t integer() const
    {
        const ExactSeconds s = seconds();
        EXPECT_EQ(s.nanos, 0) << "expected an integer, got " << m_text;
        return s.whole;
    }
    ExactSeconds seconds() const
    {
        EXPECT_EQ(m_kind, Kind::Number) << "expected a JSON number";
        return m_kind == Kind::Number ? parseExactSeconds(m_text) : ExactSeconds {};
    }

private:
    static const Json& nullValue()
    {
        static const Json kNull;
        return kNull;
    }

    static Json fromValue(simdjson::ondemand::value& v)
    {
        Json j;
        switch (v.type().value()) {
        case simdjson::ondemand::json_type::object:
            j.m_kind = Kind::Object;
            for (auto fieldResult : v.get_object()) {
                // The key must be read before the value (on-demand parsing is forward only).
                std::string key(fieldResult.unescaped_key().value());
                simdjson::ondemand::value fieldValue = fieldResult.value();
                j.m_members.emplace_back(std::move(key), fromValue(fieldValue));
            }
            break;
        case simdjson::ondemand::json_type::array:
            j.m_kind = Kind::Array;
            for (auto itemResult : v.get_array()) {
                simdjson::ondemand::value item = itemResult.value();
                j.m_items.push_back(fromValue(item));
            }
            break;
        case simdjson::ondemand::json_type::number: {
            j.m_kind = Kind::Number;
            std::string_view raw = v.raw_json_token();
            while (
                !raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t')) {
                raw.remove_suffix(1);
            }
            j.m_text = std::string(raw);
            break;
        }
        case simdjson::ondemand::json_type::string:
            j.m_kind = Kind::String;
            j.m_text = std::string(v.get_string().value());
            break;
        case simdjson::ondemand::json_type::boolean:
            j.m_kind = Kind::Bool;
            j.m_bool = v.get_bool().value();
            break;
        case simdjson::ondemand::json_type::null:
            if (!v.is_null()) {
                throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
            }
            break;
        }
        return j;
    }

    Kind m_kind = Kind::Null;
    bool m_bool = false;
    std::string m_text; // string contents, or the number exactly as written
    std::vector<Json> m_items;
    std::vector<std::pair<std::string, Json>> m_members; // in document order
};

// --- running ettw -----------------------------------------------------------------------------

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> fields;
    std::string field;
    for (char c : line) {
        if (c == ',') {
            fields.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    fields.push_back(field);
    return fields;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

// Each test gets a fresh directory: work/ is ettw's current directory (so the default ett.db
// lands there), io/ holds the captured output. Removed after a passing test, kept after a failure.
class CliTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_root = fs::temp_directory_path()
            / ("ettw-cli-" + std::to_string(getpid()) + "-" + info->test_suite_name() + "-" + info->name());
        fs::remove_all(m_root);
        fs::create_directories(m_root / "work");
        fs::create_directories(m_root / "io");
    }

    void TearDown() override
    {
        if (HasFailure()) {
            std::fprintf(stderr, "kept the test directory %s\n", m_root.c_str());
        } else {
            std::error_code ec;
            fs::remove_all(m_root, ec);
        }
    }

    fs::path work() const { return m_root / "work"; }
    std::string workPath(const std::string& name) const { return (work() / name).string(); }

    RunResult ettw(const std::vector<std::string>& args) const { return runEttwIn(work(), m_root / "io", args); }

    // Runs a command that must succeed with nothing on stderr, and returns its stdout.
    std::string ok(const std::vector<std::string>& args) const
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << argsText(args) << "\n" << r;
        EXPECT_EQ(r.err, "") << argsText(args);
        return r.out;
    }

    // Runs a command that must succeed and print JSON.
    Json okJson(const std::vector<std::string>& args) const { return Json::parse(ok(args)); }

    // A user error: exit 1, nothing on stdout, a message on stderr containing every needle.
    void expectUserError(const std::vector<std::string>& args, const std::vector<std::string>& needles) const
    {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 1) << argsText(args) << "\n" << r;
        EXPECT_EQ(r.out, "") << argsText(args) << ": a failure prints nothing on stdout";
        EXPECT_FALSE(r.err.empty()) << argsText(args);
        for (const auto& needle : needles) {
            EXPECT_TRUE(contains(r.err, needle)) << argsText(args) << ": stderr should mention '" << needle << "'\n"
                                                 << r;
        }
    }

    static std::string argsText(const std::vector<std::string>& args)
    {
        std::string s = "ettw";
        for (const auto& a : args) {
            s += " " + a;
        }
        return s;
    }

    fs::path m_root;
};

// Test suites named after the behaviour they check, all on the same fixture.
using CliHelp = CliTest;
using CliUsage = CliTest;
using CliUserError = CliTest;
using CliWorkedExample = CliTest;
using CliFleet = CliTest;
using CliDatasets = CliTest;
using CliGenerate = CliTest;

// Every bucket appears in a buckets object, and nothing else.
void expectEveryBucket(const Json& buckets, const std::string& what)
{
    EXPECT_EQ(buckets.keys(), kBuckets) << what;
}

// Checks that the parts' figures add up exactly to the whole: E2E, every bucket (plain and GPU
// weighted) and the interruption counts; with countsAddUp also jobs, attempts and flagged jobs
// (true for groups, which partition the jobs; not for time ranges, which count a job in every
// range its window overlaps).
void expectPartsAddUp(
    const Json& whole, const std::vector<const Json*>& parts, bool countsAddUp, const std::string& what)
{
    for (const std::string key : { "e2e_s", "e2e_gpu_s" }) {
        ExactSeconds sum;
        for (const Json* p : parts) {
            sum += (*p)[key].seconds();
        }
        EXPECT_EQ(sum, whole[key].seconds()) << what << ": " << key;
    }
    for (const std::string object : { "buckets_s", "buckets_gpu_s" }) {
        expectEveryBucket(whole[object], what + " " + object);
        for (const auto& bucket : kBuckets) {
            ExactSeconds sum;
            for (const Json* p : parts) {
                sum += (*p)[object][bucket].seconds();
            }
            EXPECT_EQ(sum, whole[object][bucket].seconds()) << what << ": " << object << "." << bucket;
        }
    }
    std::vector<std::string> counts = { "failures", "preemptions", "other_interruptions" };
    if (countsAddUp) {
        counts.insert(counts.end(), { "jobs", "attempts", "no_checkpoint_data_jobs" });
    }
    for (const auto& key : counts) {
        int64_t sum = 0;
        for (const Json* p : parts) {
            sum += (*p)[key].integer();
        }
        EXPECT_EQ(sum, whole[key].integer()) << what << ": " << key;
    }
}

// A copy of the worked example's first lines, then the given extra lines.
std::string workedExampleHeadPlus(size_t headLines, const std::vector<std::string>& extra)
{
    const auto lines = splitLines(readFile(kWorkedExample));
    std::string text;
    for (size_t i = 0; i < headLines && i < lines.size(); ++i) {
        text += lines[i] + "\n";
    }
    for (const auto& line : extra) {
        text += line + "\n";
    }
    return text;
}

// --- help and usage -------------------------------------------------------------------------

TEST_F(CliHelp, EveryCommandExitsZeroAndMentionsItsOptions)
{
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
        { {}, { "import", "summary", "job", "jobs", "compare", "advise", "issues", "datasets", "generate" } },
        { { "advise" },
            { "--blocking-s", "--mtbi-s", "--interval-s", "--nodes", "--failures-per-node-day", "--restart-s",
                "--format", "approximation", "--db", "--job", "--by" } },
        { { "compare" }, { "--db", "--a", "--b", "--fail-if-drop", "--match-by", "--seed", "--format", "exit" } },
#ifdef ETT_WITH_REPORT
        { { "report" }, { "--db", "--out", "--a", "--b", "--page", "--title", "a4", "letter" } },
#endif
        { { "import" }, { "--db", "--label", "files" } },
        { { "summary" },
            { "--db", "--label", "--by", "--from", "--to", "--count-queue", "--format", "table", "json", "csv",
                "RFC 3339", "epoch seconds" } },
        { { "series" },
            { "--db", "--every", "--rolling", "--step", "--job", "--label", "--from", "--to", "--count-queue",
                "--format", "--store", "1h", "30m", "Unix epoch" } },
        { { "job" }, { "--db", "--label", "--format", "job" } },
        { { "jobs" }, { "--db", "--sort", "lost_gpu_hours", "ett", "--limit", "--format" } },
        { { "intervals" },
            { "--db", "--bucket", "lost_progress", "--label", "--job", "--attempt", "--scope", "--from", "--to",
                "--count-queue", "--sort", "gpu_hours", "duration", "start", "--limit", "--format" } },
        { { "issues" }, { "--db", "--format" } },
        { { "datasets" }, { "--db", "--format", "--remove-label", "--rename-label" } },
        { { "generate" }, { "--jobs", "--seed", "--out", "--days", "--capacity", "default", "none", "CLUSTER=GPUS" } },
    };
    for (const auto& [command, mentions] : cases) {
        auto args = command;
        args.emplace_back("--help");
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << argsText(args) << "\n" << r;
        EXPECT_EQ(r.err, "") << argsText(args);
        EXPECT_TRUE(contains(r.out, "Usage")) << argsText(args) << "\n" << r.out;
        for (const auto& m : mentions) {
            EXPECT_TRUE(contains(r.out, m)) << argsText(args) << " should mention " << m << "\n" << r.out;
        }
    }
    EXPECT_FALSE(fs::exists(work() / "ett.db")) << "--help must not create a database";
}

// --version at the top level: the version, commit, build type and backends on one line; every
// JSON document a command prints starts with the same version.
TEST_F(CliHelp, VersionIsOneLineAndEveryJsonObjectCarriesIt)
{
    const RunResult r = ettw({ "--version" });
    EXPECT_EQ(r.exitCode, 0) << r;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(r.out, m,
        std::regex(R"(ettw (\d+\.\d+\.\d+) \(commit ([0-9a-f]{7,}(-dirty)?|unknown), \w+, backends: cpu( cuda)?\)\n)")))
        << r.out;
    const std::string version = m[1];
    EXPECT_FALSE(fs::exists(work() / "ett.db"));

    ok({ "import", kWorkedExample });
    for (const std::vector<std::string>& args :
        std::vector<std::vector<std::string>> { { "summary", "--format", "json" }, { "job", "J1", "--format", "json" },
            { "compare", "--a", "label=default", "--b", "label=default", "--format", "json" },
            { "advise", "--blocking-s", "30", "--mtbi-s", "28800", "--format", "json" } }) {
        const Json j = okJson(args);
        ASSERT_FALSE(j.keys().empty()) << argsText(args);
        EXPECT_EQ(j.keys().front(), "ettw_version") << argsText(args);
        EXPECT_EQ(j["ettw_version"].str(), version) << argsText(args);
    }
}

TEST_F(CliUsage, ExitsTwoWithMessageOnlyOnStderr)
{
    const std::vector<std::vector<std::string>> cases = {
        {},
        { "frobnicate" },
        { "sumary", "--format", "json" },
        { "summary", "--bogus" },
        { "summary", "--db" },
        { "summary", "--format", "xml" },
        { "summary", "--format", "JSON" },
        { "summary", "extra-argument" },
        { "jobs", "--format", "yaml" },
        { "jobs", "--sort", "name" },
        { "jobs", "--limit", "many" },
        { "jobs", "--limit", "-1" },
        { "issues", "--format", "xml" },
        { "datasets", "--format", "xml" },
        { "job", "J1", "--format", "csv" },
        { "job" },
        { "import" },
        { "import", "--label" },
        { "generate", "--jobs", "5" },
        { "generate", "--out", "x.ett.jsonl", "--jobs", "0" },
        { "generate", "--out", "x.ett.jsonl", "--days", "0" },
        { "bench" },
    };
    for (const auto& args : cases) {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 2) << argsText(args) << "\n" << r;
        EXPECT_EQ(r.out, "") << argsText(args) << ": a usage error prints nothing on stdout";
        EXPECT_FALSE(r.err.empty()) << argsText(args) << ": a usage error explains itself on stderr";
    }
    // An unknown command is named in the message, not reported as a missing one.
    for (const std::vector<std::string>& args : { std::vector<std::string> { "frobnicate" } }) {
        const RunResult r = ettw(args);
        EXPECT_TRUE(contains(r.err, "frobnicate")) << argsText(args) << "\n" << r;
    }
    EXPECT_TRUE(
        contains(ettw({ "bench", "import" }).err, "unknown command 'import' for ettw bench (commands: store, open)"));
    EXPECT_FALSE(fs::exists(work() / "ett.db")) << "a usage error must not create a database";
    EXPECT_FALSE(fs::exists(work() / "x.ett.jsonl"));
}

TEST_F(CliUsage, AnUnknownOptionIsNamedWithTheNearestKnownOne)
{
    // CLI11 said "The following arguments were not expected: month --per": the words reversed and
    // neither named as what it is. Each unknown option is named, in the order typed, with the known
    // option it most likely meant; a word the command has no place for is named too.
    auto usage = [&](const std::vector<std::string>& args) {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 2) << argsText(args) << "\n" << r;
        EXPECT_FALSE(contains(r.err, "not expected")) << r.err;
        return r.err;
    };
    EXPECT_EQ(usage({ "summary", "--verbos" }),
        "ettw summary: unknown option --verbos (did you mean --verbose?)\nRun `ettw summary --help` for its "
        "options.\n");
    EXPECT_TRUE(contains(usage({ "summary", "--frm", "2025-06-01" }), "unknown option --frm (did you mean --from?)"));
    EXPECT_TRUE(contains(usage({ "summary", "--form=json" }), "unknown option --form (did you mean --format?)"));
    // The value after an unknown option is its value, not a second problem.
    EXPECT_EQ(usage({ "series", "--per", "month" }),
        "ettw series: unknown option --per\nRun `ettw series --help` for its options.\n");
    EXPECT_EQ(usage({ "jobs", "--top", "-3" }),
        "ettw jobs: unknown option --top (an option of ettw advise, ettw compare, ettw hosts)\nRun `ettw jobs --help` "
        "for its options.\n");
    // Words in the order typed; a database given without --db says how to give it.
    const std::string two = usage({ "summary", "fleet.db", "--byy", "team" });
    EXPECT_TRUE(contains(two,
        "ettw summary: unexpected argument 'fleet.db' (a database is given with --db fleet.db); unknown option --byy "
        "(did you mean --by?)"))
        << two;
    // An option of another command says whose.
    EXPECT_EQ(usage({ "summary", "--every", "day" }),
        "ettw summary: unknown option --every (an option of ettw report, ettw series)\nRun `ettw summary --help` for "
        "its options.\n");
    EXPECT_TRUE(
        contains(usage({ "summary", "--rules", "r.json" }), "unknown option --rules (an option of ettw causes)"));
    // An option before the command: CLI11 said only "A subcommand is required".
    EXPECT_TRUE(contains(usage({ "--db", "fleet.db", "summary" }),
        "unknown option --db for ettw (options come after the command: ettw COMMAND [OPTIONS])"));
    EXPECT_TRUE(contains(usage({ "store", "--x" }), "unknown option --x for ettw store"));
    EXPECT_FALSE(fs::exists(work() / "fleet.db"));
}

// --- user errors ----------------------------------------------------------------------------

TEST_F(CliHelp, TheLauncherRunsTheProgramBesideItWithTheMallocTunables)
{
    // ettw starts ettw-cli (beside it here) with glibc's tunables added to GLIBC_TUNABLES, the
    // arguments as given, the user's own tunables kept; ETTW_HUGE_PAGES=0 adds none. A stand-in
    // ettw-cli prints what it was started with.
    const fs::path dir = work() / "launch";
    fs::create_directories(dir);
    fs::copy_file(ETTW_BINARY, dir / "ettw");
    {
        std::ofstream script(dir / "ettw-cli");
        script << "#!/bin/sh\nprintf '%s|%s|%s\\n' \"$#\" \"$*\" \"${GLIBC_TUNABLES-unset}\"\n";
    }
    fs::permissions(dir / "ettw-cli", fs::perms::owner_all);
    auto run = [&](const std::string& env) {
        const std::string cmd = "cd '" + dir.string() + "' && env -u GLIBC_TUNABLES -u ETTW_HUGE_PAGES " + env
            + " ./ettw summary --by 'a b' > out 2> err";
        const int status = std::system(cmd.c_str());
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << cmd << ": " << readFile(dir / "err");
        return readFile(dir / "out");
    };
    const std::string all
        = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824";
    EXPECT_EQ(run(""), "3|summary --by a b|" + all + "\n");
    EXPECT_EQ(run("GLIBC_TUNABLES=glibc.malloc.hugetlb=0"),
        "3|summary --by a b|glibc.malloc.hugetlb=0:glibc.malloc.mmap_threshold=33554432:"
        "glibc.malloc.trim_threshold=1073741824\n");
    EXPECT_EQ(run("ETTW_HUGE_PAGES=0"), "3|summary --by a b|unset\n");

    // Without ettw-cli it says what is missing and where it looked.
    fs::remove(dir / "ettw-cli");
    const std::string cmd = "cd '" + dir.string() + "' && ./ettw --version > out 2> err";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(readFile(dir / "out"), "");
    const std::string err = readFile(dir / "err");
    EXPECT_TRUE(contains(err, "ettw-cli is missing")) << err;
    EXPECT_TRUE(contains(err, (fs::canonical(dir) / "ettw-cli").string())) << err;
}

TEST_F(CliUserError, MissingDatabaseIsReportedAndNotCreated)
{
    const std::vector<std::vector<std::string>> cases = {
        { "summary", "--db", "missing.db" },
        { "summary", "--db", "missing.db", "--format", "json" },
        { "job", "--db", "missing.db", "J1" },
        { "jobs", "--db", "missing.db" },
        { "issues", "--db", "missing.db" },
        { "datasets", "--db", "missing.db" },
    };
    for (const auto& args : cases) {
        expectUserError(args, { "missing.db", "no such database" });
        EXPECT_FALSE(fs::exists(work() / "missing.db")) << argsText(args) << " created the database";
    }
    // The default database, ett.db in the current directory.
    expectUserError({ "summary" }, { "ett.db", "no such database" });
    EXPECT_FALSE(fs::exists(work() / "ett.db"));
}

// The query commands a user runs on a database.
std::vector<std::vector<std::string>> queriesOn(const std::string& db)
{
    return {
        { "summary", "--db", db },
        { "summary", "--db", db, "--format", "json" },
        { "series", "--db", db, "--every", "day" },
        { "job", "--db", db, "J1" },
        { "jobs", "--db", db },
        { "compare", "--db", db, "--a", "label=a", "--b", "label=a" },
        { "advise", "--db", db },
        { "issues", "--db", db },
        { "datasets", "--db", db },
        { "whatif", "--db", db, "--list" },
        { "upgrade", "--db", db },
    };
}

TEST_F(CliUserError, QueriesNeverCreateOrChangeADatabase)
{
    ok({ "import", "--db", "w.db", "--label", "a", kWorkedExample });
    const std::string before = readFile(work() / "w.db");
    ASSERT_FALSE(before.empty());
    for (const auto& args : queriesOn("w.db")) {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 0) << argsText(args) << "\n" << r;
    }
    EXPECT_EQ(readFile(work() / "w.db"), before) << "a query changed the database";
    EXPECT_FALSE(fs::exists(work() / "w.db-wal")) << "a query left a -wal file behind";
    EXPECT_FALSE(fs::exists(work() / "w.db-shm")) << "a query left a -shm file behind";

    // An empty file (touched, or a typo'd download) is not turned into a database.
    writeFile(work() / "empty.db", "");
    for (const auto& args : queriesOn("empty.db")) {
        expectUserError(args, { "empty.db", "an empty file", "ettw import --db empty.db" });
    }
    EXPECT_EQ(fs::file_size(work() / "empty.db"), 0u);
    EXPECT_FALSE(fs::exists(work() / "empty.db-wal"));
}

TEST_F(CliUserError, OutdatedDatabaseAsksForUpgradeAndOnlyUpgradeChangesIt)
{
    ok({ "import", "--db", "old.db", "--label", "a", kWorkedExample });
    const std::string expected = ok({ "summary", "--db", "old.db", "--format", "json" });
    {
        // As a build with other accounting rules left it.
        auto db = ett::core::Database::open(workPath("old.db"), ett::core::Database::OpenMode::MustExist);
        ASSERT_TRUE(db) << db.error().message;
        ASSERT_TRUE((*db)->exec("UPDATE meta SET value = '0' WHERE key = 'accounting_version'"));
    }
    const std::string outdated = readFile(work() / "old.db");
    expectUserError({ "summary", "--db", "old.db" }, { "old.db", "accounting rules", "ettw upgrade --db old.db" });
    expectUserError({ "jobs", "--db", "old.db" }, { "ettw upgrade --db old.db" });
    EXPECT_EQ(readFile(work() / "old.db"), outdated) << "a query recomputed the derived figures";

    const std::string upgraded = ok({ "upgrade", "--db", "old.db" });
    EXPECT_TRUE(contains(upgraded, "Upgraded old.db")) << upgraded;
    EXPECT_EQ(ok({ "summary", "--db", "old.db", "--format", "json" }), expected);
    EXPECT_TRUE(contains(ok({ "upgrade", "--db", "old.db" }), "up to date")) << "a second upgrade has nothing to do";

    // A database from before the chunks kept their sorted phase durations: upgrade adds them (and
    // the comparison's figures stay the same); then it is up to date again.
    const std::string compared = ok({ "compare", "--db", "old.db", "--a", "label=a", "--b", "label=a" });
    {
        auto db = ett::core::Database::open(workPath("old.db"), ett::core::Database::OpenMode::MustExist);
        ASSERT_TRUE(db) << db.error().message;
        ASSERT_TRUE((*db)->exec("DROP TABLE column_phase_durations"));
    }
    EXPECT_EQ(ok({ "compare", "--db", "old.db", "--a", "label=a", "--b", "label=a" }), compared);
    const std::string added = ok({ "upgrade", "--db", "old.db" });
    EXPECT_TRUE(contains(added, "added the sorted phase durations")) << added;
    EXPECT_FALSE(contains(added, "rebuilt")) << added;
    EXPECT_EQ(ok({ "compare", "--db", "old.db", "--a", "label=a", "--b", "label=a" }), compared);
    EXPECT_TRUE(contains(ok({ "upgrade", "--db", "old.db" }), "up to date"));

    // Not ours, or not there: upgrade changes nothing either.
    expectUserError({ "upgrade", "--db", "none.db" }, { "none.db", "no such database" });
    EXPECT_FALSE(fs::exists(work() / "none.db"));
}

TEST_F(CliUserError, ReadOnlyDatabaseIsQueriedButNeverWritten)
{
    fs::create_directories(work() / "ro");
    ok({ "import", "--db", "ro/w.db", "--label", "a", kWorkedExample });
    const std::string summary = ok({ "summary", "--db", "ro/w.db", "--format", "json" });
    const std::string before = readFile(work() / "ro" / "w.db");
    // Root writes any file: as root, run ettw as "nobody" (the file and folder are root's, 0644 and
    // 0755); as another user, take the write permissions away.
    const bool root = ::geteuid() == 0;
    std::optional<unsigned> user;
    if (root) {
        user = 65534;
    } else {
        fs::permissions(work() / "ro" / "w.db", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
        fs::permissions(work() / "ro", fs::perms::owner_read | fs::perms::owner_exec);
    }
    const auto run = [&](const std::vector<std::string>& args) { return runEttwIn(work(), work() / "..", args, user); };

    const RunResult imported = run({ "import", "--db", "ro/w.db", "--label", "b", kWorkedExample });
    EXPECT_EQ(imported.exitCode, 1) << imported;
    EXPECT_TRUE(contains(imported.err, "ro/w.db: the database is read-only")) << imported;
    const RunResult removed = run({ "datasets", "--db", "ro/w.db", "--remove-label", "a" });
    EXPECT_EQ(removed.exitCode, 1) << removed;
    EXPECT_TRUE(contains(removed.err, "ro/w.db")) << removed;

    const RunResult queried = run({ "summary", "--db", "ro/w.db", "--format", "json" });
    EXPECT_EQ(queried.exitCode, 0) << queried;
    EXPECT_EQ(queried.out, summary) << "a user who may not write the database reads the same figures";
    for (const auto& args : queriesOn("ro/w.db")) {
        const RunResult r = run(args);
        EXPECT_EQ(r.exitCode, 0) << argsText(args) << "\n" << r;
    }
    if (!root) {
        fs::permissions(work() / "ro", fs::perms::owner_all);
    }
    EXPECT_EQ(readFile(work() / "ro" / "w.db"), before);
    EXPECT_FALSE(fs::exists(work() / "ro" / "w.db-wal"));
}

TEST_F(CliUserError, BadTraceNamesFileAndLineAndStoresNothing)
{
    // The whole worked example, then a phase with an unknown category on line 18: the first
    // 17 lines are valid, and still nothing of the file may be stored.
    writeFile(work() / "bad.ett.jsonl",
        workedExampleHeadPlus(
            17, { R"({"type":"phase","job":"J1","attempt":1,"phase":"lunch","start":40000,"end":40100})" }));
    expectUserError(
        { "import", "bad.ett.jsonl" }, { "bad.ett.jsonl:18", "lunch", "nothing", "stored", "ett.db was not created" });
    EXPECT_FALSE(fs::exists(work() / "ett.db")) << "a failed first import left an empty database behind";
    EXPECT_FALSE(fs::exists(work() / "ett.db-wal"));

    // Into a database that holds data, a failed import stores no dataset and changes nothing.
    ok({ "import", "--db", "kept.db", "--label", "a", kWorkedExample });
    const std::string kept = readFile(work() / "kept.db");
    expectUserError({ "import", "--db", "kept.db", "--label", "b", "bad.ett.jsonl" }, { "bad.ett.jsonl:18" });
    EXPECT_EQ(readFile(work() / "kept.db"), kept);
    const Json datasets = okJson({ "datasets", "--db", "kept.db", "--format", "json" });
    EXPECT_EQ(datasets.size(), 1u) << "a failed import must store no dataset";

    // A file that does not exist.
    expectUserError({ "import", "no-such-file.ett.jsonl" }, { "no-such-file.ett.jsonl" });

    // With several files, the good ones are imported, the bad one is named, and the exit code is 1.
    const RunResult r = ettw({ "import", "bad.ett.jsonl", kWorkedExample });
    EXPECT_EQ(r.exitCode, 1) << r;
    EXPECT_TRUE(contains(r.err, "bad.ett.jsonl:18")) << r;
    EXPECT_FALSE(contains(r.err, "worked-example")) << r;
    EXPECT_TRUE(contains(r.out, "worked-example.ett.jsonl")) << r;
    EXPECT_FALSE(contains(r.out, "bad.ett.jsonl")) << r;
    const Json listed = okJson({ "datasets", "--format", "json" });
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed.at(0)["read_with"].kind(), Json::Kind::Object);
}

TEST_F(CliUserError, ControlCharactersInNamesAreEscapedInTablesAndExactInJson)
{
    // A job name and an attribute value from a trace carry a terminal escape (ESC [ 2 J clears the
    // screen) and a C1 CSI: tables show them escaped, JSON keeps them exact.
    writeFile(work() / "esc.ett.jsonl",
        std::string(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})") + "\n"
            + R"({"type":"job","job":"J1","name":"evil\u001b[2Jname","gpus":8,"attrs":{"team":"a\u009bb"}})" + "\n"
            + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100})" + "\n"
            + R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":100})" + "\n");
    ok({ "import", "esc.ett.jsonl" });
    for (const std::vector<std::string>& args : { std::vector<std::string> { "jobs" },
             std::vector<std::string> { "job", "J1" }, std::vector<std::string> { "summary", "--by", "team" } }) {
        const std::string out = ok(args);
        EXPECT_FALSE(contains(out, "\x1b")) << argsText(args) << ": a raw ESC reached the terminal";
        EXPECT_FALSE(contains(out, "\xc2\x9b")) << argsText(args) << ": a raw CSI reached the terminal";
    }
    EXPECT_TRUE(contains(ok({ "jobs" }), "evil\\x1b[2Jname"));
    EXPECT_TRUE(contains(ok({ "summary", "--by", "team" }), "a\\u009bb"));
    EXPECT_TRUE(contains(ok({ "jobs", "--format", "json" }), "evil\\u001b[2Jname")) << "JSON stays exact";
}

TEST_F(CliUserError, UnknownLabelJobAndBadTimesAreNamed)
{
    ok({ "import", kWorkedExample });
    expectUserError({ "summary", "--label", "nope" }, { "nope", "label" });
    expectUserError({ "summary", "--label", "nope", "--format", "json" }, { "nope" });
    expectUserError({ "jobs", "--label", "nope" }, { "nope", "label" });
    expectUserError({ "job", "NOPE" }, { "NOPE" });
    expectUserError({ "job", "J1", "--label", "nope" }, { "J1", "nope" });
    expectUserError({ "summary", "--from", "garbage" }, { "--from", "garbage" });
    expectUserError({ "summary", "--to", "2025-13-45T00:00:00Z" }, { "--to", "2025-13-45T00:00:00Z" });
    expectUserError({ "summary", "--from", "2025-06-02T00:00:00Z", "--to", "2025-06-01T00:00:00Z" },
        { "--to", "before", "--from" });
    expectUserError({ "summary", "--from", "100", "--to", "50", "--format", "json" }, { "before" });
    // An empty range is not an error.
    const Json empty = okJson({ "summary", "--from", "100", "--to", "100", "--format", "json" });
    EXPECT_EQ(empty["e2e_s"].seconds(), wholeSeconds(0));

    // The same job under two labels: `job` asks which one.
    ok({ "import", "--label", "other", kWorkedExample });
    expectUserError({ "job", "J1" }, { "J1", "--label", "default", "other" });
    EXPECT_EQ(okJson({ "job", "J1", "--label", "other", "--format", "json" })["label"].str(), "other");

    // A file that cannot be written.
    expectUserError({ "generate", "--jobs", "1", "--out", workPath("no-such-dir/x.ett.jsonl") }, { "no-such-dir" });
}

// --- the worked example (spec 6) ------------------------------------------------------------

TEST_F(CliWorkedExample, SummaryJsonHasTheSpecFigures)
{
    const std::string imported = ok({ "import", kWorkedExample });
    EXPECT_TRUE(contains(imported, "worked-example.ett.jsonl")) << imported;

    const Json s = okJson({ "summary", "--format", "json" });
    EXPECT_EQ(s["jobs"].integer(), 1);
    EXPECT_EQ(s["attempts"].integer(), 2);
    EXPECT_EQ(s["e2e_s"].seconds(), wholeSeconds(58545));
    expectEveryBucket(s["buckets_s"], "buckets_s");
    expectEveryBucket(s["buckets_gpu_s"], "buckets_gpu_s");
    const std::map<std::string, int64_t> expected
        = { { "productive", 52800 }, { "queue", 0 }, { "setup", 0 }, { "init", 1200 }, { "checkpoint_load", 0 },
              { "compile", 1200 }, { "checkpoint_save", 45 }, { "lost_progress", 1200 }, { "stall", 0 }, { "eval", 0 },
              { "recovery", 300 }, { "shutdown", 1800 }, { "idle", 0 } };
    ExactSeconds sum;
    for (const auto& [bucket, seconds] : expected) {
        EXPECT_EQ(s["buckets_s"][bucket].seconds(), wholeSeconds(seconds)) << bucket;
        EXPECT_EQ(s["buckets_gpu_s"][bucket].seconds(), wholeSeconds(8 * seconds)) << bucket << " (8 GPUs)";
        sum += s["buckets_s"][bucket].seconds();
    }
    EXPECT_EQ(sum, wholeSeconds(58545)) << "the buckets add up to E2E";
    EXPECT_NEAR(s["ett_percent_gpu"].number(), 90.187, 0.0005);
    EXPECT_NEAR(s["ett_percent_gpu"].number(), 100.0 * 52800.0 / 58545.0, 1e-6);
    EXPECT_NEAR(s["ett_percent_time"].number(), 100.0 * 52800.0 / 58545.0, 1e-6);
    for (const std::string p : { "p50", "p90", "p99" }) {
        EXPECT_EQ(s["tts_s"][p].seconds(), wholeSeconds(1500)) << "tts " << p;
        EXPECT_EQ(s["ttr_s"][p].seconds(), wholeSeconds(1200)) << "ttr " << p;
    }
    EXPECT_EQ(s["failures"].integer(), 1);
    EXPECT_EQ(s["preemptions"].integer(), 0);
    EXPECT_EQ(s["other_interruptions"].integer(), 0);
    EXPECT_EQ(s["no_checkpoint_data_jobs"].integer(), 0);
    EXPECT_FALSE(s.has("groups")) << "no --by, no groups";

    // Grouped by job, the one group carries the same figures as the fleet.
    const Json byJob = okJson({ "summary", "--by", "job", "--format", "json" });
    ASSERT_EQ(byJob["groups"].keys(), std::vector<std::string> { "J1" });
    expectPartsAddUp(byJob, { &byJob["groups"]["J1"] }, true, "--by job");
}

TEST_F(CliWorkedExample, JobJsonListsAttemptsWithTheirFigures)
{
    ok({ "import", kWorkedExample });
    const Json j = okJson({ "job", "J1", "--format", "json" });
    EXPECT_EQ(j["job"].str(), "J1");
    EXPECT_EQ(j["gpus"].integer(), 8);
    // The job's own figures, as in summary.
    EXPECT_EQ(j["e2e_s"].seconds(), wholeSeconds(58545));
    EXPECT_EQ(j["buckets_s"]["productive"].seconds(), wholeSeconds(52800));
    EXPECT_EQ(j["buckets_s"]["lost_progress"].seconds(), wholeSeconds(1200));
    EXPECT_EQ(j["buckets_s"]["recovery"].seconds(), wholeSeconds(300));
    EXPECT_EQ(j["buckets_gpu_s"]["productive"].seconds(), wholeSeconds(8 * 52800));
    EXPECT_NEAR(j["ett_percent_gpu"].number(), 90.187, 0.0005);
    EXPECT_EQ(j["tts_s"]["p50"].seconds(), wholeSeconds(1500));
    EXPECT_EQ(j["ttr_s"]["p50"].seconds(), wholeSeconds(1200));
    EXPECT_EQ(j["failures"].integer(), 1);
    EXPECT_EQ(j["preemptions"].integer(), 0);
    EXPECT_EQ(j["other_interruptions"].integer(), 0);
    EXPECT_EQ(j["no_checkpoint_data_jobs"].integer(), 0);

    const Json& attempts = j["attempts"];
    ASSERT_EQ(attempts.kind(), Json::Kind::Array);
    ASSERT_EQ(attempts.size(), 2u);
    for (const auto& a : attempts.items()) {
        for (const std::string key :
            { "attempt", "start_s", "end_s", "outcome", "cause", "buckets_s", "tts_s", "ttr_s" }) {
            EXPECT_TRUE(a.has(key)) << "attempt field " << key;
        }
        expectEveryBucket(a["buckets_s"], "attempt buckets_s");
    }
    const Json& a0 = attempts.at(0);
    EXPECT_EQ(a0["attempt"].integer(), 0);
    EXPECT_EQ(a0["start_s"].seconds(), wholeSeconds(0));
    EXPECT_EQ(a0["end_s"].seconds(), wholeSeconds(37545));
    EXPECT_EQ(a0["outcome"].str(), "failed");
    EXPECT_EQ(a0["cause"].str(), "infra.gpu");
    EXPECT_EQ(a0["buckets_s"]["productive"].seconds(), wholeSeconds(34800));
    EXPECT_EQ(a0["buckets_s"]["lost_progress"].seconds(), wholeSeconds(1200));
    EXPECT_EQ(a0["buckets_s"]["checkpoint_save"].seconds(), wholeSeconds(45));
    EXPECT_EQ(a0["buckets_s"]["init"].seconds(), wholeSeconds(600));
    EXPECT_EQ(a0["buckets_s"]["compile"].seconds(), wholeSeconds(900));
    EXPECT_EQ(a0["tts_s"].seconds(), wholeSeconds(1500));
    EXPECT_EQ(a0["ttr_s"].seconds(), wholeSeconds(1200));

    const Json& a1 = attempts.at(1);
    EXPECT_EQ(a1["attempt"].integer(), 1);
    EXPECT_EQ(a1["start_s"].seconds(), wholeSeconds(37845));
    EXPECT_EQ(a1["end_s"].seconds(), wholeSeconds(58545));
    EXPECT_EQ(a1["outcome"].str(), "completed");
    EXPECT_EQ(a1["buckets_s"]["productive"].seconds(), wholeSeconds(18000));
    EXPECT_EQ(a1["buckets_s"]["shutdown"].seconds(), wholeSeconds(1800));
    EXPECT_EQ(a1["buckets_s"]["lost_progress"].seconds(), wholeSeconds(0));
    EXPECT_EQ(a1["tts_s"].seconds(), wholeSeconds(900));
    EXPECT_TRUE(a1["ttr_s"].isNull()) << "the last attempt was not interrupted: no Time to Recover";

    // Inside the attempts, the buckets add up to each attempt's length.
    for (const auto& a : attempts.items()) {
        ExactSeconds sum = a["start_s"].seconds();
        for (const auto& bucket : kBuckets) {
            sum += a["buckets_s"][bucket].seconds();
        }
        EXPECT_EQ(sum, a["end_s"].seconds()) << "attempt " << a["attempt"].integer();
    }
}

// A trace imported while its job ran, imported again once it ended: without --update the import
// fails, saying so and what to do; with it, its records are replaced (said), and the job is what the
// file says now. --update has nothing to replace in a fleet store.
TEST_F(CliDatasets, UpdateReplacesAFileThatChangedSinceItsImport)
{
    const std::string header = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                               "\n"
                               R"({"type":"job","job":"J1","gpus":8})"
                               "\n";
    const std::string file = workPath("run.ett.jsonl");
    std::ofstream(file) << header
                        << R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"running"})"
                        << "\n";
    ok({ "import", "run.ett.jsonl" });
    std::ofstream(file, std::ios::trunc)
        << header << R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":300,"outcome":"completed"})"
        << "\n"
        << R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":300})"
        << "\n";
    expectUserError({ "import", "run.ett.jsonl" },
        { "run.ett.jsonl:3: attempt record: field 'end'",
            "run.ett.jsonl was imported before under this label and has changed since: import it with --update" });
    const std::string replaced = ok({ "import", "--update", "run.ett.jsonl" });
    EXPECT_TRUE(
        contains(replaced, "run.ett.jsonl: ett imported under label 'default' in place of its earlier import: "))
        << replaced;
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 1u);
    EXPECT_EQ(okJson({ "summary", "--format", "json" })["ett_percent_gpu"].number(), 100.0);
    EXPECT_TRUE(contains(ok({ "import", "--update", "run.ett.jsonl" }), "already imported")) << "unchanged: a no-op";
    // --read-again reads it all the same (with the options given now), in place of its import.
    const std::string again = ok({ "import", "--read-again", "run.ett.jsonl" });
    EXPECT_TRUE(contains(again, "run.ett.jsonl: ett imported under label 'default' in place of its earlier import: "))
        << again;
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 1u);
    EXPECT_EQ(okJson({ "summary", "--format", "json" })["ett_percent_gpu"].number(), 100.0);
    for (const char* flag : { "--update", "--read-again" }) {
        expectUserError({ "import", flag, "--store", "clickhouse://u@127.0.0.1:9/db", "run.ett.jsonl" },
            { "--update and --read-again replace files' earlier imports in --db" });
    }
}

TEST_F(CliWorkedExample, ReimportSaysAlreadyImportedAndChangesNothing)
{
    ok({ "import", kWorkedExample });
    const std::string before = ok({ "summary", "--format", "json" });
    const std::string datasetsBefore = ok({ "datasets", "--format", "json" });

    const std::string again = ok({ "import", kWorkedExample });
    EXPECT_TRUE(contains(again, "already imported")) << again;
    EXPECT_EQ(ok({ "summary", "--format", "json" }), before);
    EXPECT_EQ(ok({ "datasets", "--format", "json" }), datasetsBefore);
    EXPECT_EQ(Json::parse(datasetsBefore).size(), 1u);

    // The same content under another label is another dataset with its own job.
    ok({ "import", "--label", "after", kWorkedExample });
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 2u);
    EXPECT_EQ(okJson({ "summary", "--format", "json" })["jobs"].integer(), 2);
    EXPECT_EQ(okJson({ "summary", "--label", "after", "--format", "json" })["jobs"].integer(), 1);
}

// Console logs imported one at a time chain with the runs stored before them: a failed first run
// imported after its retry makes the stored retry its attempt 1, read again and said.
TEST_F(CliTest, ALateFirstRunReadsAgainTheStoredRetryAndSaysWhy)
{
    fs::create_directories(work() / "runs" / "run1-cfg-a");
    fs::create_directories(work() / "runs" / "run2-retry-cfg-a");
    writeFile(work() / "runs" / "run2-retry-cfg-a" / "run.log", ett::test::completedRun("10:05"));
    writeFile(work() / "runs" / "run1-cfg-a" / "run.log", ett::test::oomRun("10:00"));
    ok({ "import", "runs/run2-retry-cfg-a/run.log" });
    EXPECT_EQ(okJson({ "summary", "--format", "json" })["jobs"].integer(), 1);
    const std::string late = ok({ "import", "runs/run1-cfg-a/run.log" });
    EXPECT_TRUE(contains(late,
        "runs/run2-retry-cfg-a/run.log: log read again under label 'default': 5 records (1 job declared, 1 attempt"))
        << late;
    EXPECT_TRUE(contains(late,
        "    its run is now attempt 1 of job run1-cfg-a (the runs of its configuration found so far, chained in time "
        "order)\n"))
        << late;
    EXPECT_LT(late.find("run2-retry-cfg-a/run.log: log read again"), late.find("run1-cfg-a/run.log: log imported"))
        << late;
    const Json summary = okJson({ "summary", "--format", "json" });
    EXPECT_EQ(summary["jobs"].integer(), 1);
    EXPECT_EQ(summary["attempts"].integer(), 2);

    // Run from another folder (a cron job), with the stored logs' paths relative to the first
    // one: a stored log is found beside the database and read again there.
    fs::create_directories(work() / "runs" / "run3-cfg-b");
    fs::create_directories(work() / "runs" / "run4-retry-cfg-b");
    writeFile(work() / "runs" / "run4-retry-cfg-b" / "run.log", ett::test::completedRun("11:05"));
    writeFile(work() / "runs" / "run3-cfg-b" / "run.log", ett::test::oomRun("11:00"));
    ok({ "import", "runs/run4-retry-cfg-b/run.log" });
    const RunResult elsewhere = runEttwIn(
        m_root / "io", m_root / "io", { "import", "--db", workPath("ett.db"), workPath("runs/run3-cfg-b/run.log") });
    EXPECT_EQ(elsewhere.exitCode, 0) << elsewhere;
    EXPECT_EQ(elsewhere.err, "");
    EXPECT_TRUE(
        contains(elsewhere.out, workPath("runs/run4-retry-cfg-b/run.log") + ": log read again under label 'default'"))
        << elsewhere.out;
    EXPECT_TRUE(contains(elsewhere.out, "its run is now attempt 1 of job run3-cfg-b")) << elsewhere.out;
    EXPECT_EQ(okJson({ "summary", "--format", "json" })["jobs"].integer(), 2);
    const Json datasets = okJson({ "datasets", "--format", "json" });
    ASSERT_EQ(datasets.size(), 4u);
}

TEST_F(CliWorkedExample, TablesNameTheWeightingWithUnits)
{
    ok({ "import", kWorkedExample });
    const std::string table = ok({ "summary" });
    for (const std::string needle : { "GPU-weighted", "time-weighted", "90.187%", "GPU-hours", "hours", "productive",
             "lost_progress", "end-to-end" }) {
        EXPECT_TRUE(contains(table, needle)) << "summary table should show '" << needle << "'\n" << table;
    }
    // Productive: 52800 s = 14.7 hours, 8 x that = 117.3 GPU-hours, 90.19% of the time.
    const auto lines = splitLines(table);
    const auto productive
        = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("productive ", 0) == 0; });
    ASSERT_NE(productive, lines.end()) << table;
    for (const std::string needle : { "117.3", "14.7", "90.19%" }) {
        EXPECT_TRUE(contains(*productive, needle)) << *productive;
    }
    // Aligned columns: the bucket rows, the header and the total have the same width.
    const auto header = std::find_if(
        lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("where the time went", 0) == 0; });
    ASSERT_NE(header, lines.end()) << table;
    for (auto it = header; it != lines.end() && it - header <= 16; ++it) {
        EXPECT_EQ(it->size(), header->size()) << "misaligned row: '" << *it << "'";
    }

    const std::string job = ok({ "job", "J1" });
    for (const std::string needle : { "J1", "GPU-weighted", "failed", "completed", "infra.gpu", "%" }) {
        EXPECT_TRUE(contains(job, needle)) << "job table should show '" << needle << "'\n" << job;
    }
}

// --- the sample fleet -----------------------------------------------------------------------

TEST_F(CliFleet, GroupsByTeamAddUpToTheFleet)
{
    ok({ "import", kFleetSample });
    const Json s = okJson({ "summary", "--by", "team", "--format", "json" });
    EXPECT_EQ(s["jobs"].integer(), 200);
    const Json& groups = s["groups"];
    ASSERT_EQ(groups.kind(), Json::Kind::Object);
    const std::vector<std::string> teams = groups.keys();
    EXPECT_GE(teams.size(), 2u);
    EXPECT_EQ(std::count(teams.begin(), teams.end(), "(none)"), 0) << "every sample job has a team";
    std::vector<const Json*> parts;
    for (const auto& [team, figures] : groups.members()) {
        EXPECT_GT(figures["jobs"].integer(), 0) << team;
        parts.push_back(&figures);
    }
    expectPartsAddUp(s, parts, true, "--by team");

    // The groups are keyed by the team attribute: the worst job's team is one of them, with that job in it.
    const Json worst = okJson({ "jobs", "--sort", "ett", "--limit", "1", "--format", "json" });
    ASSERT_EQ(worst["jobs"].size(), 1u);
    const Json job = okJson({ "job", worst["jobs"].at(0)["job"].str(), "--format", "json" });
    const std::string team = job["attrs"]["team"].str();
    EXPECT_TRUE(groups.has(team)) << team;

    // The table shows the groups beside the fleet.
    const std::string table = ok({ "summary", "--by", "team" });
    for (const auto& t : teams) {
        EXPECT_TRUE(contains(table, "\n" + t + " ")) << "table row for team " << t << "\n" << table;
    }
}

TEST_F(CliFleet, BenchOpenTimesTheLoadTheQueriesAndTheFirstOverview)
{
    ok({ "import", kFleetSample });
    const Json bench = okJson({ "bench", "open", "--repeats", "1" });
    // The figures name the build that measured them, as --version does (a changed tree included:
    // "abc1234-dirty").
    const std::string version = ettw({ "--version" }).out;
    EXPECT_FALSE(bench["ettw_commit"].str().empty());
    EXPECT_TRUE(contains(version, "(commit " + bench["ettw_commit"].str() + ",")) << version;
    // The sample's 200 jobs fit one chunk of the columnar copy, built at import: none left dirty.
    EXPECT_EQ(bench["columnar_copy"]["chunks"].integer(), 1);
    EXPECT_EQ(bench["columnar_copy"]["dirty_chunks"].integer(), 0);
    EXPECT_GT(bench["columnar_copy"]["raw_bytes"].integer(), bench["columnar_copy"]["stored_bytes"].integer());
    ASSERT_EQ(bench["storages"].size(), 2u);
    const Json s = okJson({ "summary", "--format", "json" });
    for (size_t i = 0; i < 2; ++i) {
        const Json& b = bench["storages"].at(i);
        EXPECT_EQ(b["storage"].str(), i == 0 ? "rows" : "columns");
        // The engine's stage loaded what summary counts: the sample's jobs and attempts.
        EXPECT_EQ(b["engine"]["jobs"].integer(), s["jobs"].integer());
        EXPECT_EQ(b["engine"]["jobs"].integer(), 200);
        EXPECT_GT(b["engine"]["segments"].integer(), b["engine"]["attempts"].integer());
        for (const char* stage : { "engine", "window_first_overview", "window_then_advisor", "summary_by_team",
                 "series_every_day", "summary_last_week" }) {
            EXPECT_GT(b[stage]["peak_rss_mb"].number(), 0.0) << stage;
        }
        for (const char* key : { "load_s", "rollup_by_team_s", "series_per_day_s", "percentiles_s", "top_jobs_s",
                 "intervals_productive_s", "intervals_lost_progress_s" }) {
            EXPECT_GE(b["engine"][key].number(), 0.0) << key;
        }
        const Json& w = b["window_first_overview"];
        const double rounding = 2e-4; // each figure printed to 0.1 ms
        EXPECT_GE(w["first_overview_s"].number() + rounding, w["open_and_load_s"].number() + w["figures_s"].number());
        EXPECT_GE(w["total_s"].number() + rounding, w["first_overview_s"].number() + w["series_s"].number());
        EXPECT_GT(w["series_s"].number(), 0.0);
        EXPECT_GT(b["summary_by_team"]["wall_s"].number(), 0.0);
        EXPECT_GT(b["series_every_day"]["wall_s"].number(), 0.0);
        EXPECT_GT(b["summary_last_week"]["wall_s"].number(), 0.0);
        EXPECT_GE(b["window_then_advisor"]["advice_by_team_s"].number(), 0.0);
    }
    // Both storages loaded the same fleet.
    for (const char* key : { "jobs", "attempts", "segments" }) {
        EXPECT_EQ(bench["storages"].at(0)["engine"][key].integer(), bench["storages"].at(1)["engine"][key].integer())
            << key;
    }
    EXPECT_GT(bench["speedup_rows_over_columns"]["summary_by_team"].number(), 0.0);

    // Not a workbench database: the database's own message, and nothing measured.
    std::ofstream(work() / "not.db") << "not a database";
    const RunResult bad = ettw({ "bench", "open", "--db", (work() / "not.db").string() });
    EXPECT_EQ(bad.exitCode, 1) << bad;
    EXPECT_TRUE(contains(bad.err, "not.db")) << bad;
}

TEST_F(CliFleet, DaysAddUpToTheWholeRange)
{
    ok({ "import", kFleetSample });
    // The sample's attempts run from 2025-06-01 to 2025-06-15 (submissions start on 06-01 too);
    // a day on each side to spare. Even days are given as epoch seconds, odd days as RFC 3339.
    constexpr int64_t kFirstDay = 1748649600; // 2025-05-31T00:00:00Z
    constexpr int kDays = 17;
    const auto rfc3339 = [](int day) {
        char text[32];
        if (day == 0) {
            std::snprintf(text, sizeof text, "2025-05-31T00:00:00Z");
        } else {
            std::snprintf(text, sizeof text, "2025-06-%02dT00:00:00Z", day);
        }
        return std::string(text);
    };
    const auto epoch = [&](int day) { return std::to_string(kFirstDay + int64_t { day } * 86400); };

    const std::string wholeText = ok({ "summary", "--from", epoch(0), "--to", epoch(kDays), "--format", "json" });
    const Json whole = Json::parse(wholeText);
    EXPECT_EQ(ok({ "summary", "--from", rfc3339(0), "--to", rfc3339(kDays), "--format", "json" }), wholeText)
        << "epoch seconds and RFC 3339 name the same instants";
    EXPECT_EQ(whole["scope"]["from"].str(), "2025-05-31T00:00:00Z");
    EXPECT_EQ(whole["scope"]["to"].str(), "2025-06-17T00:00:00Z");

    // The range holds every window, so it has the figures of all time.
    const Json allTime = okJson({ "summary", "--format", "json" });
    expectPartsAddUp(allTime, { &whole }, true, "the whole range against all time");

    std::vector<Json> days;
    for (int d = 0; d < kDays; ++d) {
        const bool asEpoch = d % 2 == 0;
        days.push_back(okJson({ "summary", "--from", asEpoch ? epoch(d) : rfc3339(d), "--to",
            asEpoch ? epoch(d + 1) : rfc3339(d + 1), "--format", "json" }));
    }
    std::vector<const Json*> parts;
    for (const auto& day : days) {
        parts.push_back(&day);
    }
    expectPartsAddUp(whole, parts, false, "per day");
    EXPECT_EQ(days.front()["e2e_s"].seconds(), wholeSeconds(0)) << "nothing ran on 2025-05-31";
    EXPECT_EQ(days.back()["e2e_s"].seconds(), wholeSeconds(0)) << "nothing ran on 2025-06-16";
    EXPECT_GT(days.at(5)["jobs"].integer(), 0);

    // Mixed forms, and the open-ended ranges, split the whole at the same instant.
    const Json before = okJson({ "summary", "--to", rfc3339(8), "--format", "json" });
    const Json after = okJson({ "summary", "--from", epoch(8), "--format", "json" });
    expectPartsAddUp(allTime, { &before, &after }, false, "split at 2025-06-08");
}

TEST_F(CliFleet, CountQueueAddsTheWaitBeforeTheFirstAttempt)
{
    ok({ "import", kFleetSample });
    const Json plain = okJson({ "summary", "--format", "json" });
    const Json queued = okJson({ "summary", "--count-queue", "--format", "json" });
    EXPECT_FALSE(plain["scope"]["count_queue"].boolean());
    EXPECT_TRUE(queued["scope"]["count_queue"].boolean());
    const ExactSeconds plainQueue = plain["buckets_s"]["queue"].seconds();
    const ExactSeconds queuedQueue = queued["buckets_s"]["queue"].seconds();
    EXPECT_NE(plainQueue, queuedQueue);
    EXPECT_LT(plainQueue.whole, queuedQueue.whole) << "queue time grows";
    // Only the queue bucket grows, by exactly what E2E grows.
    for (const std::string suffix : { "_s", "_gpu_s" }) {
        const std::string e2e = "e2e" + suffix;
        const std::string buckets = "buckets" + suffix;
        EXPECT_EQ(queued[buckets]["queue"].seconds() + plain[e2e].seconds(),
            plain[buckets]["queue"].seconds() + queued[e2e].seconds())
            << suffix;
        for (const auto& bucket : kBuckets) {
            if (bucket != "queue") {
                EXPECT_EQ(queued[buckets][bucket].seconds(), plain[buckets][bucket].seconds()) << bucket << suffix;
            }
        }
    }
    EXPECT_LT(queued["ett_percent_gpu"].number(), plain["ett_percent_gpu"].number());
    const std::string table = ok({ "summary", "--count-queue" });
    EXPECT_TRUE(contains(table, "queue time before the first attempt counted")) << table;
}

TEST_F(CliFleet, CsvHasAHeaderAndOneRowPerGroupPlusTheFleet)
{
    ok({ "import", kFleetSample });
    const Json s = okJson({ "summary", "--by", "team", "--format", "json" });
    const auto lines = splitLines(ok({ "summary", "--by", "team", "--format", "csv" }));
    const std::vector<std::string> teams = s["groups"].keys();
    ASSERT_EQ(lines.size(), 2 + teams.size()) << "header, fleet, one row per team";
    const auto header = splitCsv(lines[0]);
    EXPECT_EQ(header.front(), "group");
    for (const std::string column : { "jobs", "e2e_s", "ett_percent_gpu", "ett_percent_time", "failures", "preemptions",
             "other_interruptions", "no_checkpoint_data_jobs", "tts_p50_s", "ttr_p50_s" }) {
        EXPECT_EQ(std::count(header.begin(), header.end(), column), 1) << column;
    }
    for (const auto& bucket : kBuckets) {
        EXPECT_EQ(std::count(header.begin(), header.end(), bucket + "_s"), 1) << bucket;
        EXPECT_EQ(std::count(header.begin(), header.end(), bucket + "_gpu_s"), 1) << bucket;
    }
    const auto column = [&](const std::string& name) {
        return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
    };
    std::vector<std::string> groups;
    for (size_t i = 1; i < lines.size(); ++i) {
        const auto row = splitCsv(lines[i]);
        ASSERT_EQ(row.size(), header.size()) << lines[i];
        groups.push_back(row[0]);
        const Json& figures = i == 1 ? s : s["groups"][row[0]];
        EXPECT_EQ(parseExactSeconds(row[column("e2e_s")]), figures["e2e_s"].seconds()) << row[0];
        EXPECT_EQ(parseExactSeconds(row[column("productive_gpu_s")]), figures["buckets_gpu_s"]["productive"].seconds())
            << row[0];
        EXPECT_EQ(row[column("jobs")], std::to_string(figures["jobs"].integer())) << row[0];
    }
    EXPECT_EQ(groups.front(), "(fleet)");
    EXPECT_EQ(std::vector<std::string>(groups.begin() + 1, groups.end()), teams);

    // jobs in CSV: a header and one row per job, the JSON's fields with the same values.
    const auto jobLines = splitLines(ok({ "jobs", "--limit", "3", "--format", "csv" }));
    ASSERT_EQ(jobLines.size(), 4u);
    const Json jobs = okJson({ "jobs", "--limit", "3", "--format", "json" });
    const auto jobHeader = splitCsv(jobLines[0]);
    for (size_t i = 1; i < jobLines.size(); ++i) {
        const auto row = splitCsv(jobLines[i]);
        ASSERT_EQ(row.size(), jobHeader.size()) << jobLines[i];
        const Json& j = jobs["jobs"].at(i - 1);
        const auto cell = [&](const std::string& name) {
            return row[static_cast<size_t>(std::find(jobHeader.begin(), jobHeader.end(), name) - jobHeader.begin())];
        };
        EXPECT_EQ(cell("job"), j["job"].str());
        EXPECT_EQ(cell("gpus"), std::to_string(j["gpus"].integer()));
        EXPECT_EQ(parseExactSeconds(cell("e2e_s")), j["e2e_s"].seconds());
        EXPECT_NEAR(std::stod(cell("ett_percent_gpu")), j["ett_percent_gpu"].number(), 1e-6);
        EXPECT_NEAR(std::stod(cell("lost_gpu_hours")), j["lost_gpu_hours"].number(), 1e-6);
    }
    // Every CSV is for machines: numbers as numbers, no thousands separators, units or percent
    // signs in any cell (jobs printed "16,384", "1 d 14 h" and "49.206%").
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>> {
             { "summary", "--format", "csv" }, { "series", "--every", "day", "--format", "csv" },
             { "jobs", "--format", "csv" }, { "issues", "--format", "csv" }, { "datasets", "--format", "csv" } }) {
        const auto csvLines = splitLines(ok(args));
        ASSERT_GE(csvLines.size(), 1u) << argsText(args);
        const auto names = splitCsv(csvLines[0]);
        for (size_t i = 1; i < csvLines.size(); ++i) {
            const auto row = splitCsv(csvLines[i]);
            for (size_t c = 0; c < row.size() && c < names.size(); ++c) {
                const std::string& h = names[c];
                const bool numeric = h.ends_with("_s") || h.ends_with("_percent_gpu") || h.ends_with("_percent_time")
                    || h == "jobs" || h == "attempts" || h == "gpus" || h == "records" || h == "bytes" || h == "count"
                    || h == "failures" || h == "preemptions" || h == "lost_gpu_hours";
                if (numeric && !row[c].empty()) {
                    size_t used = 0;
                    EXPECT_NO_THROW((void)std::stod(row[c], &used)) << argsText(args) << ": " << h << " = " << row[c];
                    EXPECT_EQ(used, row[c].size()) << argsText(args) << ": " << h << " = " << row[c];
                }
            }
        }
    }
}

TEST_F(CliFleet, JobsAreSortedByEttOrByLostGpuHours)
{
    ok({ "import", kFleetSample });
    const Json all = okJson({ "jobs", "--limit", "0", "--format", "json" });
    ASSERT_EQ(all["jobs"].size(), 200u);
    double lowestEtt = 101.0;
    double mostLost = -1.0;
    for (const auto& j : all["jobs"].items()) {
        lowestEtt = std::min(lowestEtt, j["ett_percent_gpu"].number());
        mostLost = std::max(mostLost, j["lost_gpu_hours"].number());
    }

    const Json byEtt = okJson({ "jobs", "--sort", "ett", "--limit", "5", "--format", "json" });
    ASSERT_EQ(byEtt["jobs"].size(), 5u);
    EXPECT_EQ(byEtt["sort"].str(), "ett");
    for (size_t i = 0; i + 1 < 5; ++i) {
        EXPECT_LE(byEtt["jobs"].at(i)["ett_percent_gpu"].number(), byEtt["jobs"].at(i + 1)["ett_percent_gpu"].number())
            << "row " << i;
    }
    EXPECT_EQ(byEtt["jobs"].at(0)["ett_percent_gpu"].number(), lowestEtt);

    const Json byLost = okJson({ "jobs", "--sort", "lost_gpu_hours", "--limit", "5", "--format", "json" });
    ASSERT_EQ(byLost["jobs"].size(), 5u);
    for (size_t i = 0; i + 1 < 5; ++i) {
        EXPECT_GE(byLost["jobs"].at(i)["lost_gpu_hours"].number(), byLost["jobs"].at(i + 1)["lost_gpu_hours"].number())
            << "row " << i;
    }
    EXPECT_EQ(byLost["jobs"].at(0)["lost_gpu_hours"].number(), mostLost);
    // The default sort is by lost GPU-hours.
    EXPECT_EQ(ok({ "jobs", "--limit", "5", "--format", "json" }),
        ok({ "jobs", "--sort", "lost_gpu_hours", "--limit", "5", "--format", "json" }));

    const auto table = splitLines(ok({ "jobs", "--sort", "ett", "--limit", "5" }));
    EXPECT_EQ(table.size(), 3u + 5u) << "title, header, rule, five rows";
    EXPECT_TRUE(contains(ok({ "jobs", "--limit", "1" }), "GPU")) << "the table names the weighting";
}

// --- datasets and issues --------------------------------------------------------------------

TEST_F(CliDatasets, ListFilesWithHashesAndIssueKinds)
{
    // A train phase that sticks out of its attempt (attempt 0 ends at 37545): clipped, data loss.
    writeFile(work() / "skewed.ett.jsonl",
        workedExampleHeadPlus(
            3, { R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":30000,"end":40000})" }));
    ok({ "import", kWorkedExample });
    const std::string imported = ok({ "import", "--label", "skewed", "skewed.ett.jsonl" });
    EXPECT_TRUE(contains(imported, "data loss: 1 x phase_clipped (train)")) << "issues are shown at import with their "
                                                                               "severity\n"
                                                                            << imported;

    const Json datasets = okJson({ "datasets", "--format", "json" });
    ASSERT_EQ(datasets.kind(), Json::Kind::Array);
    ASSERT_EQ(datasets.size(), 2u);
    std::set<std::string> hashes;
    for (const auto& d : datasets.items()) {
        const std::string sha = d["sha256"].str();
        EXPECT_EQ(sha.size(), 64u) << sha;
        EXPECT_TRUE(std::all_of(sha.begin(), sha.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        })) << sha;
        hashes.insert(sha);
    }
    EXPECT_EQ(hashes.size(), 2u) << "different files, different hashes";
    const Json& example = datasets.at(0);
    EXPECT_TRUE(contains(example["file"].str(), "worked-example.ett.jsonl"));
    EXPECT_EQ(example["label"].str(), "default");
    EXPECT_EQ(example["issues"].integer(), 0);
    const Json& skewed = datasets.at(1);
    EXPECT_TRUE(contains(skewed["file"].str(), "skewed.ett.jsonl"));
    EXPECT_EQ(skewed["label"].str(), "skewed");
    EXPECT_GE(skewed["issues"].integer(), 1);

    const Json issues = okJson({ "issues", "--format", "json" });
    ASSERT_EQ(issues.kind(), Json::Kind::Array);
    ASSERT_GE(issues.size(), 1u);
    bool clipped = false;
    for (const auto& i : issues.items()) {
        EXPECT_TRUE(contains(i["file"].str(), "skewed.ett.jsonl")) << "only the skewed file has issues";
        if (i["kind"].str() == "phase_clipped") {
            clipped = true;
            EXPECT_EQ(i["count"].integer(), 1);
            EXPECT_EQ(i["first_line"].integer(), 4);
            EXPECT_EQ(i["severity"].str(), "data loss");
            EXPECT_TRUE(contains(i["description"].str(), "cut to the attempt")) << i["description"].str();
        }
    }
    EXPECT_TRUE(clipped) << "the clipped phase is listed as phase_clipped";

    const std::string issuesTable = ok({ "issues" });
    EXPECT_TRUE(contains(issuesTable, "phase_clipped")) << issuesTable;
    EXPECT_TRUE(contains(issuesTable, "data loss")) << "the same severity as at import\n" << issuesTable;
    EXPECT_TRUE(contains(issuesTable, "skewed.ett.jsonl")) << issuesTable;
    const std::string datasetsTable = ok({ "datasets" });
    EXPECT_TRUE(contains(datasetsTable, "skewed.ett.jsonl")) << datasetsTable;
    EXPECT_TRUE(contains(datasetsTable, skewed["sha256"].str().substr(0, 16))) << datasetsTable;
}

// --remove-file: one file's records go; a file left holding the job it declared is read again to
// declare it, and the store then equals an import of the files left.
TEST_F(CliDatasets, RemoveFileTakesOutOneFileAsIfItHadNeverBeenImported)
{
    const std::string header = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                               "\n"
                               R"({"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}})"
                               "\n";
    writeFile(work() / "a.ett.jsonl",
        header + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"failed"}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":100}
)");
    writeFile(work() / "b.ett.jsonl",
        header + R"({"type":"attempt","job":"J1","attempt":1,"start":200,"end":300,"outcome":"completed"}
{"type":"phase","job":"J1","attempt":1,"phase":"train","start":210,"end":300}
)");
    ok({ "import", "--db", "b.db", "b.ett.jsonl" });
    const std::string onlyB = ok({ "job", "--db", "b.db", "J1", "--format", "json" });
    ok({ "import", "a.ett.jsonl", "b.ett.jsonl" });

    const std::string out = ok({ "datasets", "--remove-file", "a.ett.jsonl" });
    EXPECT_TRUE(contains(out, "Removed a.ett.jsonl from label 'default'")) << out;
    EXPECT_TRUE(contains(out, "1 import, 1 attempt, 1 phase, 0 checkpoints; 0 jobs removed with it")) << out;
    EXPECT_TRUE(contains(out, "b.ett.jsonl: read again: it declares job J1 again")) << out;
    // How to undo it: the file imported again as it was (with no option given, none).
    EXPECT_TRUE(contains(out, "To import it again: ettw import --db ")) << out;
    EXPECT_TRUE(contains(out, " --label default --format ett a.ett.jsonl\n")) << out;
    EXPECT_EQ(ok({ "job", "J1", "--format", "json" }), onlyB) << "as if only b had been imported: 8 GPUs, team ads";
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 1u);

    // Nothing more to remove of it: an error naming the path, and nothing changes.
    expectUserError({ "datasets", "--remove-file", "a.ett.jsonl" }, { "a.ett.jsonl", "nothing was removed" });
    expectUserError(
        { "datasets", "--remove-file", "b.ett.jsonl", "--label", "after" }, { "label 'after'", "nothing was removed" });
    EXPECT_EQ(ok({ "job", "J1", "--format", "json" }), onlyB);

    // The last file: its job goes with it; JSON says the same.
    const Json removed = okJson({ "datasets", "--remove-file", "b.ett.jsonl", "--format", "json" });
    EXPECT_EQ(removed["removed_file"].str(), "b.ett.jsonl");
    EXPECT_EQ(removed["label"].str(), "default");
    EXPECT_EQ(removed["attempts"].integer(), 1);
    EXPECT_EQ(removed["jobs_removed"].integer(), 1);
    EXPECT_EQ(removed["read_again"].size(), 0u);
    EXPECT_EQ(removed["read_with"].kind(), Json::Kind::Object) << "kept: an empty object, the defaults";
    EXPECT_EQ(removed["read_with"].size(), 0u);
    EXPECT_TRUE(contains(ok({ "datasets" }), "No datasets yet."));
    // --label and the reader options are --remove-file's.
    EXPECT_EQ(ettw({ "datasets", "--label", "default" }).exitCode, 2);
}

TEST_F(CliDatasets, RemoveLabelTakesOutItsFilesAndLeavesTheOthersAsTheyWere)
{
    // "before": the worked example and a one-job file; "after": the worked example.
    writeFile(work() / "small.ett.jsonl",
        R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J2","gpus":4}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":1000,"outcome":"completed"}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":1000}
)");
    ok({ "import", "--label", "before", kWorkedExample });
    ok({ "import", "--label", "after", kWorkedExample });
    ok({ "import", "--label", "before", "small.ett.jsonl" });
    const std::string afterSummary = ok({ "summary", "--label", "after", "--by", "job", "--format", "json" });
    const std::string afterJobs = ok({ "jobs", "--label", "after", "--format", "json" });

    // The worked example has job J1 with 2 attempts, 6 + 4 phases and 3 checkpoints; the small
    // file job J2 with 1 attempt and 1 phase.
    const std::string out = ok({ "datasets", "--remove-label", "before" });
    EXPECT_TRUE(contains(out, "Removed label 'before'")) << out;
    EXPECT_TRUE(contains(out, "2 files, 2 jobs, 3 attempts, 11 phases, 3 checkpoints")) << out;

    const Json datasets = okJson({ "datasets", "--format", "json" });
    ASSERT_EQ(datasets.size(), 1u);
    EXPECT_EQ(datasets.at(0)["label"].str(), "after");
    EXPECT_EQ(ok({ "summary", "--label", "after", "--by", "job", "--format", "json" }), afterSummary);
    EXPECT_EQ(ok({ "jobs", "--label", "after", "--format", "json" }), afterJobs);
    // The fleet is the remaining label: the same figures, only the scope differs.
    std::string afterOnly = ok({ "summary", "--label", "after", "--format", "json" });
    const std::string scoped = "\"label\": \"after\"";
    ASSERT_NE(afterOnly.find(scoped), std::string::npos) << afterOnly;
    afterOnly.replace(afterOnly.find(scoped), scoped.size(), "\"label\": null");
    EXPECT_EQ(ok({ "summary", "--format", "json" }), afterOnly);
    expectUserError({ "summary", "--label", "before" }, { "before" });

    // Gone for good: a second removal is an error naming the label, and nothing else goes.
    expectUserError({ "datasets", "--remove-label", "before" }, { "'before'", "after", "nothing was removed" });
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 1u);

    // JSON says the same; the store is then empty.
    const Json removed = okJson({ "datasets", "--remove-label", "after", "--format", "json" });
    EXPECT_EQ(removed["removed_label"].str(), "after");
    EXPECT_EQ(removed["files"].integer(), 1);
    EXPECT_EQ(removed["jobs"].integer(), 1);
    EXPECT_EQ(removed["attempts"].integer(), 2);
    EXPECT_EQ(removed["phases"].integer(), 10);
    EXPECT_EQ(removed["checkpoints"].integer(), 3);
    EXPECT_TRUE(contains(ok({ "datasets" }), "No datasets yet."));

    // The files can be imported again (their hashes went with the label).
    const std::string again = ok({ "import", "--label", "before", kWorkedExample });
    EXPECT_FALSE(contains(again, "already imported")) << again;
}

TEST_F(CliDatasets, RenameLabelMovesItsFilesAndRefusesAClash)
{
    ok({ "import", "--label", "before", kWorkedExample });
    ok({ "import", "--label", "after", kWorkedExample });
    const std::string out = ok({ "datasets", "--rename-label", "before", "baseline" });
    EXPECT_TRUE(contains(out, "Renamed label 'before' to 'baseline'")) << out;
    const Json datasets = okJson({ "datasets", "--format", "json" });
    ASSERT_EQ(datasets.size(), 2u);
    EXPECT_EQ(datasets.at(0)["label"].str(), "baseline");
    EXPECT_EQ(okJson({ "summary", "--label", "baseline", "--format", "json" })["jobs"].integer(), 1);

    expectUserError({ "datasets", "--rename-label", "baseline", "after" }, { "'after' already exists" });
    expectUserError({ "datasets", "--rename-label", "nope", "other" }, { "'nope'", "no such label" });
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).at(0)["label"].str(), "baseline");

    // Two names are needed, and removing and renaming at once is a usage error.
    EXPECT_EQ(ettw({ "datasets", "--rename-label", "baseline" }).exitCode, 2);
    EXPECT_EQ(ettw({ "datasets", "--remove-label", "after", "--rename-label", "baseline", "x" }).exitCode, 2);
    EXPECT_EQ(okJson({ "datasets", "--format", "json" }).size(), 2u);
}

// --- generate -------------------------------------------------------------------------------

TEST_F(CliGenerate, SameSeedGivesTheSameBytesAndAnotherSeedDiffers)
{
    const std::string out = ok({ "generate", "--jobs", "50", "--seed", "7", "--out", "a.ett.jsonl" });
    EXPECT_TRUE(contains(out, "a.ett.jsonl")) << out;
    ok({ "generate", "--jobs", "50", "--seed", "7", "--out", "b.ett.jsonl" });
    ok({ "generate", "--jobs", "50", "--seed", "8", "--out", "c.ett.jsonl" });
    const std::string a = readFile(work() / "a.ett.jsonl");
    EXPECT_FALSE(a.empty());
    EXPECT_EQ(a, readFile(work() / "b.ett.jsonl"));
    EXPECT_NE(a, readFile(work() / "c.ett.jsonl"));
    // Nothing but the three outputs is left behind.
    std::set<std::string> files;
    for (const auto& entry : fs::directory_iterator(work())) {
        files.insert(entry.path().filename().string());
    }
    EXPECT_EQ(files, (std::set<std::string> { "a.ett.jsonl", "b.ett.jsonl", "c.ett.jsonl" }));
}

using ett::core::test::fnv1a;

TEST_F(CliGenerate, CapacityNoneWritesTheUnboundedFleetOfEarlierVersions)
{
    // Digest and size of `ettw generate --jobs 50 --seed 7` before clusters had GPU counts.
    const std::string none
        = ok({ "generate", "--jobs", "50", "--seed", "7", "--capacity", "none", "--out", "n.jsonl" });
    EXPECT_FALSE(contains(none, "cluster")) << none;
    const std::string unbounded = readFile(work() / "n.jsonl");
    EXPECT_EQ(unbounded.size(), 625'258u);
    EXPECT_EQ(fnv1a(unbounded), 0xaa3821a7195d9a9eULL);

    // The default is the bounded fleet, and its header says how to write it again.
    const std::string out = ok({ "generate", "--jobs", "50", "--seed", "7", "--out", "d.jsonl" });
    EXPECT_TRUE(contains(out, "5 clusters of 53,248 GPUs in all, 0 jobs still queued")) << out;
    ok({ "generate", "--jobs", "50", "--seed", "7", "--capacity", "default", "--out", "d2.jsonl" });
    ok({ "generate", "--jobs", "50", "--seed", "7", "--capacity",
        "east=16384,west=16384,central=8192,north=8192,south=4096", "--out", "d3.jsonl" });
    const std::string bounded = readFile(work() / "d.jsonl");
    EXPECT_NE(bounded, unbounded);
    EXPECT_EQ(bounded, readFile(work() / "d2.jsonl"));
    EXPECT_EQ(bounded, readFile(work() / "d3.jsonl"));
    EXPECT_TRUE(contains(bounded.substr(0, bounded.find('\n')),
        "ettw generate --seed 7 --jobs 50 --days 14 --capacity east=16384,west=16384,central=8192,north=8192,"
        "south=4096"));

    // A fleet of one small cluster: every job fits it.
    ok({ "generate", "--jobs", "40", "--seed", "2", "--capacity", "lab=64", "--out", "lab.jsonl" });
    for (const std::string& line : splitLines(readFile(work() / "lab.jsonl"))) {
        if (contains(line, R"("type":"job")")) {
            EXPECT_TRUE(contains(line, R"("cluster":"lab")")) << line;
        }
    }
}

// Without --days a bounded fleet gets as many days as keep it about 70% busy, so that nearly
// every job runs; with --days 14 the same jobs mostly queue past the end.
TEST_F(CliGenerate, ABoundedFleetWithoutDaysRunsNearlyEveryJob)
{
    const auto queued = [](const std::string& out) {
        const std::smatch m = [&] {
            std::smatch r;
            std::regex_search(out, r, std::regex("([0-9,]+) jobs? still queued"));
            return r;
        }();
        std::string digits = m.size() > 1 ? m.str(1) : "-1";
        std::erase(digits, ',');
        return std::stoll(digits);
    };
    const std::string fitted
        = ok({ "generate", "--jobs", "400", "--seed", "5", "--capacity", "a=1024,b=512", "--out", "fit.jsonl" });
    std::smatch days;
    ASSERT_TRUE(std::regex_search(fitted, days, std::regex("seed 5, ([0-9]+) days"))) << fitted;
    EXPECT_GT(std::stoi(days.str(1)), 14) << fitted;
    EXPECT_LE(queued(fitted), 4) << fitted; // at most 1% of the jobs
    const std::string crowded = ok({ "generate", "--jobs", "400", "--seed", "5", "--capacity", "a=1024,b=512", "--days",
        "14", "--out", "crowd.jsonl" });
    EXPECT_GT(queued(crowded), 40) << crowded;
    // An unbounded fleet keeps the 14 days.
    EXPECT_TRUE(contains(ok({ "generate", "--jobs", "20", "--capacity", "none", "--out", "n.jsonl" }), "14 days"));
}

TEST_F(CliGenerate, BadCapacityIsAnErrorNamingTheOptionAndTheValue)
{
    const std::vector<std::pair<std::string, std::string>> cases = {
        { "lots", "expected CLUSTER=GPUS" },
        { "east=many", "whole number of GPUs" },
        { "east=4", "from 8" },
        { "east=64,east=64", "named twice" },
        { "", "expected default, none or CLUSTER=GPUS" },
    };
    for (const auto& [value, needle] : cases) {
        expectUserError({ "generate", "--jobs", "5", "--capacity", value, "--out", "x.jsonl" },
            { "--capacity '" + value + "'", needle });
    }
    EXPECT_FALSE(fs::exists(work() / "x.jsonl"));
    EXPECT_FALSE(fs::exists(work() / "x.jsonl.partial"));
}

TEST_F(CliGenerate, GzipOutputImports)
{
    ok({ "generate", "--jobs", "20", "--seed", "3", "--days", "2", "--out", "g.ett.jsonl.gz" });
    ok({ "generate", "--jobs", "20", "--seed", "3", "--days", "2", "--out", "g.ett.jsonl" });
    const std::string gz = readFile(work() / "g.ett.jsonl.gz");
    ASSERT_GE(gz.size(), 2u);
    EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
    EXPECT_LT(gz.size(), readFile(work() / "g.ett.jsonl").size());

    ok({ "import", "--label", "gz", "g.ett.jsonl.gz" });
    ok({ "import", "--label", "plain", "g.ett.jsonl" });
    const Json fromGz = okJson({ "summary", "--label", "gz", "--format", "json" });
    const Json fromPlain = okJson({ "summary", "--label", "plain", "--format", "json" });
    EXPECT_EQ(fromGz["jobs"].integer(), 20);
    expectPartsAddUp(fromPlain, { &fromGz }, true, "gzip against plain");
}

TEST_F(CliGenerate, ZstdOutputImportsAndOtherCompressionsAreNamed)
{
    // zstd is written and read (by its magic bytes, whatever the name); the same figures as plain.
    ok({ "generate", "--jobs", "20", "--seed", "3", "--days", "2", "--out", "g.ett.jsonl.zst" });
    ok({ "generate", "--jobs", "20", "--seed", "3", "--days", "2", "--out", "g.ett.jsonl" });
    const std::string zst = readFile(work() / "g.ett.jsonl.zst");
    ASSERT_GE(zst.size(), 4u);
    EXPECT_EQ(zst.substr(0, 4), std::string("\x28\xb5\x2f\xfd", 4));
    EXPECT_LT(zst.size(), readFile(work() / "g.ett.jsonl").size() / 4);
    fs::copy_file(work() / "g.ett.jsonl.zst", work() / "renamed.txt");
    ok({ "import", "--label", "zst", "g.ett.jsonl.zst" });
    ok({ "import", "--label", "renamed", "renamed.txt" });
    ok({ "import", "--label", "plain", "g.ett.jsonl" });
    const Json plain = okJson({ "summary", "--label", "plain", "--format", "json" });
    for (const std::string label : { "zst", "renamed" }) {
        const Json z = okJson({ "summary", "--label", label, "--format", "json" });
        EXPECT_EQ(z["jobs"].integer(), 20);
        expectPartsAddUp(plain, { &z }, true, "zstd against plain");
    }
    // xz and bzip2 are said to be what they are, and how to read them; a folder passes over them.
    std::ofstream(work() / "t.jsonl.xz", std::ios::binary) << std::string("\xfd"
                                                                          "7zXZ\0\0\x04",
        8);
    expectUserError({ "import", "--label", "xz", "t.jsonl.xz" },
        { "t.jsonl.xz: xz-compressed data, which this version does not read: decompress it first (xz -d)" });
    fs::create_directories(work() / "runs");
    fs::rename(work() / "t.jsonl.xz", work() / "runs" / "t.jsonl.xz");
    fs::copy_file(work() / "g.ett.jsonl.zst", work() / "runs" / "g.ett.jsonl.zst");
    const RunResult r = ettw({ "import", "--label", "folder", "runs" });
    EXPECT_EQ(r.exitCode, 0) << r;
    EXPECT_TRUE(contains(r.err, "t.jsonl.xz: skipped")) << r;
    EXPECT_EQ(okJson({ "summary", "--label", "folder", "--format", "json" })["jobs"].integer(), 20);
}

using CliEngine = CliTest;

TEST_F(CliEngine, SeriesPerDayAddsUpToTheSummary)
{
    ok({ "import", kFleetSample });
    const Json whole = okJson({ "summary", "--format", "json" });
    for (const std::string every : { "day", "week", "hour" }) {
        const Json series = okJson({ "series", "--every", every, "--format", "json" });
        EXPECT_EQ(series["every"].str(), every);
        const Json& buckets = series["buckets"];
        ASSERT_GT(buckets.size(), 1u) << every;
        std::vector<const Json*> parts;
        for (size_t i = 0; i < buckets.size(); ++i) {
            parts.push_back(&buckets.at(i));
            if (i > 0) {
                EXPECT_EQ(buckets.at(i)["start_s"].seconds(), buckets.at(i - 1)["end_s"].seconds())
                    << every << ": calendar buckets are consecutive";
            }
        }
        expectPartsAddUp(whole, parts, false, "series per " + every);
    }
    // A day of the series has the figures of a summary of that day.
    const Json days = okJson({ "series", "--format", "json" });
    const Json& third = days["buckets"].at(2);
    const Json summaryOfDay
        = okJson({ "summary", "--from", third["start"].str(), "--to", third["end_s"].raw(), "--format", "json" });
    expectPartsAddUp(summaryOfDay, { &third }, true, "third day against its summary");
    EXPECT_TRUE(contains(ok({ "series" }), "ETT% (GPU-w.)"));
    const auto csv = splitLines(ok({ "series", "--format", "csv" }));
    EXPECT_EQ(csv.size(), days["buckets"].size() + 1) << "a header and one row per day";
}

TEST_F(CliEngine, BackendIsChosenAndNamedWithVerbose)
{
    ok({ "import", kFleetSample });
    const RunResult cpu = ettw({ "summary", "--by", "team", "--format", "json", "--backend", "cpu", "--verbose" });
    ASSERT_EQ(cpu.exitCode, 0) << cpu;
    EXPECT_TRUE(contains(cpu.err, "backend CPU")) << cpu.err;
    // Asking for CUDA where there is none falls back to the CPU with the reason, same figures.
    const RunResult cuda = ettw({ "summary", "--by", "team", "--format", "json", "--backend", "cuda" });
    ASSERT_EQ(cuda.exitCode, 0) << cuda;
    if (contains(cuda.err, "unavailable")) {
        EXPECT_TRUE(contains(cuda.err, "using the CPU")) << cuda.err;
    }
    EXPECT_EQ(cuda.out, cpu.out) << "both backends give the same figures";
    const RunResult bad = ettw({ "summary", "--backend", "tpu" });
    EXPECT_EQ(bad.exitCode, 2) << bad;
    // Chosen automatically where no NVIDIA driver is (none of its files), the CUDA runtime is not
    // asked, and the reason says what was looked for.
    const bool driver = std::filesystem::exists("/proc/driver/nvidia") || std::filesystem::exists("/dev/nvidiactl")
        || std::filesystem::exists("/dev/dxg");
    if (!driver && std::getenv("ETTW_BACKEND") == nullptr) {
        // (A range: over all time the summary adds up the columnar copy's roll-ups, with no backend.)
        const RunResult automatic
            = ettw({ "summary", "--format", "json", "--verbose", "--from", "2000-01-01T00:00:00Z" });
        ASSERT_EQ(automatic.exitCode, 0) << automatic;
        EXPECT_TRUE(contains(automatic.err, "no NVIDIA driver: none of /proc/driver/nvidia")) << automatic.err;
    }
}

using CliFormats = CliTest;

TEST_F(CliFormats, MappingsListsAndPrintsThePresets)
{
    const std::string list = ok({ "mappings" });
    EXPECT_TRUE(contains(list, "chrome-pytorch")) << list;
    const Json preset = Json::parse(ok({ "mappings", "chrome-pytorch" }));
    EXPECT_EQ(preset["format"].str(), "chrome");
    expectUserError({ "mappings", "no-such-preset" }, { "no-such-preset", "chrome-pytorch" });
}

TEST_F(CliFormats, FormatIsDetectedByContentOrGiven)
{
    // A native trace under a name that says nothing of its format is still recognised.
    writeFile(work() / "trace.data", readFile(kWorkedExample));
    const std::string out = ok({ "import", "trace.data" });
    EXPECT_TRUE(contains(out, "ett imported")) << out;
    ok({ "import", "--format", "ett", "--label", "again", kWorkedExample });
    const RunResult bad = ettw({ "import", "--format", "pdf", kWorkedExample });
    EXPECT_EQ(bad.exitCode, 2) << bad;
    // JSON that is neither format: the message says so and how to choose.
    writeFile(work() / "odd.json", "{\"hello\": 1}\n");
    expectUserError({ "import", "odd.json" }, { "odd.json", "--format" });
}

// A folder is walked: each file says what it read, a file no reader places is skipped and said,
// and the import succeeds; a file given alone of which nothing is understood is an error.
TEST_F(CliFormats, AFolderImportsItsTracesAndSaysWhatItSkipped)
{
    fs::create_directories(work() / "runs" / "j1");
    writeFile(work() / "runs" / "j1" / "trace.ett.jsonl", readFile(kWorkedExample));
    writeFile(work() / "runs" / "README.txt", "these are our runs\n");
    const RunResult r = ettw({ "import", "--db", "f.db", "runs" });
    EXPECT_EQ(r.exitCode, 0) << r;
    EXPECT_TRUE(contains(r.out, "trace.ett.jsonl: ett imported under label 'default'")) << r;
    EXPECT_TRUE(contains(r.err, "README.txt: skipped, not a trace this version reads")) << r;
    EXPECT_TRUE(contains(r.err, "1 of 2 files found in folders were skipped")) << r;
    const Json jobs = okJson({ "jobs", "--db", "f.db", "--format", "json" });
    EXPECT_EQ(jobs["jobs"].size(), 1u);
    expectUserError({ "import", "--db", "g.db", "runs/README.txt" },
        { "README.txt", "--format", "nothing of runs/README.txt was stored" });
    EXPECT_FALSE(fs::exists(work() / "g.db"));
}

// A folder holding the database imported into (and its journal files), another workbench database
// and binary files: the database is passed over without a word, the others are skipped as not
// traces, and nothing failed. Alone, a binary file is an error saying what it is.
TEST_F(CliFormats, AFolderPassesOverItsDatabaseAndBinaryFiles)
{
    fs::create_directories(work() / "runs");
    writeFile(work() / "runs" / "trace.ett.jsonl", readFile(kWorkedExample));
    writeFile(work() / "runs" / "plot.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    ok({ "import", "--db", "runs/other.db", kWorkedExample });
    ok({ "import", "--db", "runs/f.db", kWorkedExample, "--label", "first" });
    writeFile(work() / "runs" / "f.db-journal", "");
    const RunResult r = ettw({ "import", "--db", "runs/f.db", "runs" });
    EXPECT_EQ(r.exitCode, 0) << r;
    EXPECT_FALSE(contains(r.err, "f.db")) << r;
    EXPECT_TRUE(contains(r.err,
        "ettw: runs/plot.png:3: skipped, not a trace this version reads: binary data (a NUL byte at column 1)\n"))
        << r;
    EXPECT_TRUE(contains(r.err,
        "ettw: runs/other.db: skipped, not a trace this version reads: this is an ETT Workbench database, not a "
        "trace to import (open it with --db)\n"))
        << r;
    EXPECT_TRUE(contains(r.err, "2 of 3 files found in folders were skipped")) << r;
    EXPECT_FALSE(contains(r.err, "failed")) << r;
    // Looking at the other database left nothing beside it (read-only, a WAL database's -shm and
    // -wal stayed behind).
    EXPECT_FALSE(fs::exists(work() / "runs" / "other.db-shm"));
    EXPECT_FALSE(fs::exists(work() / "runs" / "other.db-wal"));
    expectUserError({ "import", "--db", "g.db", "runs/plot.png" },
        { "runs/plot.png:3: binary data (a NUL byte at column 1), not a trace this version reads" });
}

// Output and messages into one file (`> log 2>&1`, as a CI log keeps them): the lines stand in the
// order they were written, whole (stdout went out in blocks, at exit or every 4 KiB: the closing
// count came before the files it counts, and a message could cut a stored file's line in two).
TEST_F(CliFormats, OutputAndMessagesInOneFileStayInOrder)
{
    fs::create_directories(work() / "runs");
    writeFile(work() / "runs" / "a.ett.jsonl", readFile(kWorkedExample));
    writeFile(work() / "runs" / "b.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    const std::string command
        = "cd '" + work().string() + "' && '" + ETTW_BINARY + "' import --db o.db runs > both.txt 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::string both = readFile(work() / "both.txt");
    const size_t stored = both.find("runs/a.ett.jsonl: ett imported");
    const size_t counted = both.find("ettw: 1 of 2 files found in folders were skipped");
    ASSERT_NE(stored, std::string::npos) << both;
    ASSERT_NE(counted, std::string::npos) << both;
    EXPECT_LT(stored, counted) << both;
    EXPECT_EQ(both[counted - 1], '\n') << both;
}

// A run's folder holds many files that are not traces: the first ten are named, the others counted,
// and --verbose names each.
TEST_F(CliFormats, AFolderOfManyOtherFilesNamesTheFirstTenSkipped)
{
    fs::create_directories(work() / "run");
    writeFile(work() / "run" / "trace.ett.jsonl", readFile(kWorkedExample));
    for (int i = 0; i < 12; ++i) {
        writeFile(work() / "run" / ("shard-" + std::to_string(100 + i) + ".pt"), std::string("PK\x03\x04\0\0", 6));
    }
    const auto named = [](const std::string& err) {
        size_t n = 0;
        for (size_t at = err.find("skipped, not a trace"); at != std::string::npos;
             at = err.find("skipped, not a trace", at + 1)) {
            ++n;
        }
        return n;
    };
    const RunResult r = ettw({ "import", "--db", "m.db", "run" });
    EXPECT_EQ(r.exitCode, 0) << r;
    EXPECT_EQ(named(r.err), 10u) << r;
    EXPECT_TRUE(contains(r.err, "ettw: run/shard-109.pt:1: skipped, not a trace this version reads: binary data")) << r;
    EXPECT_FALSE(contains(r.err, "shard-110.pt")) << r;
    EXPECT_TRUE(contains(r.err,
        "12 of 13 files found in folders were skipped: not traces this version reads (10 named above; --verbose "
        "names each)"))
        << r;
    const RunResult v = ettw({ "import", "--db", "m.db", "-v", "run" });
    EXPECT_EQ(v.exitCode, 0) << v;
    EXPECT_EQ(named(v.err), 12u) << v;
    EXPECT_TRUE(contains(v.err, "12 of 13 files found in folders were skipped: not traces this version reads\n")) << v;
}

// A named FIFO is opened once (a second open would wait for a writer that never comes) and "-"
// reads standard input (here /dev/null: empty, named as the user wrote it).
TEST_F(CliFormats, FifoAndStandardInputAreRead)
{
    const fs::path fifo = work() / "trace.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { writeFile(fifo, readFile(kWorkedExample)); });
    const std::string out = ok({ "import", "--label", "fifo", "trace.fifo" });
    writer.join();
    EXPECT_TRUE(contains(out, "trace.fifo: ett imported under label 'fifo'")) << out;
    expectUserError({ "import", "--label", "stdin", "-" }, { "-: the file is empty" });
}

// Options are checked before any file is read (the check the window's import dialog runs too):
// a bad one fails at once, creates no database and names the option.
TEST_F(CliFormats, BadImportOptionsFailBeforeAnyFileIsRead)
{
    expectUserError({ "import", "--db", "new.db", "--timezone", "CEST", kWorkedExample },
        { "option --timezone", "expected \"UTC\" or an offset", "CEST" });
    expectUserError({ "import", "--db", "new.db", "--mapping", "no-such-rules.json", kWorkedExample },
        { "option --mapping", "no-such-rules.json: cannot open the mapping file" });
    EXPECT_FALSE(fs::exists(work() / "new.db"));
    // An option the chosen format does not read is not checked, as before.
    ok({ "import", "--db", "new.db", "--format", "ett", "--timezone", "CEST", kWorkedExample });
}

} // namespace

// --- compare ----------------------------------------------------------------

using CliCompare = CliTest;

// A signed decimal with up to 12 fraction digits, in units of 1e-12 (exact).
int64_t picoOf(const std::string& text)
{
    const bool negative = !text.empty() && text[0] == '-';
    const std::string body = negative ? text.substr(1) : text;
    const size_t dot = body.find('.');
    std::string frac = dot == std::string::npos ? "" : body.substr(dot + 1);
    EXPECT_LE(frac.size(), 12u) << text;
    frac.resize(12, '0');
    const int64_t v = std::stoll(body.substr(0, dot)) * 1'000'000'000'000LL + std::stoll(frac);
    return negative ? -v : v;
}

TEST_F(CliCompare, SameJobsUnderTwoLabelsIsNoChange)
{
    ok({ "import", "--label", "before", kFleetSample });
    ok({ "import", "--label", "after", kFleetSample });
    const Json c = okJson({ "compare", "--a", "label=before", "--b", "label=after", "--format", "json" });
    EXPECT_EQ(c["jobs_a"].integer(), 200);
    EXPECT_EQ(c["jobs_b"].integer(), 200);
    EXPECT_EQ(c["ett_percent_a"].raw(), c["ett_percent_b"].raw());
    EXPECT_EQ(c["delta_pp"].number(), 0.0);
    ASSERT_EQ(c["bridge"].size(), kBuckets.size() - 1) << "one step per non-productive bucket";
    for (const auto& step : c["bridge"].items()) {
        EXPECT_EQ(picoOf(step["pp"].raw()), 0) << step["bucket"].str();
    }
    // Every job is matched with itself and none moved.
    EXPECT_EQ(c["matched_jobs"].integer(), 200);
    EXPECT_EQ(c["regressions"].size(), 0u);
    EXPECT_EQ(c["improvements"].size(), 0u);
    // The interval straddles zero (the cohorts are the same jobs, resampled separately).
    EXPECT_LT(c["ci95_pp"].at(0).number(), 0.0);
    EXPECT_GT(c["ci95_pp"].at(1).number(), 0.0);
}

TEST_F(CliCompare, BridgeWalksFromAToBAndTheGateUsesTheDrop)
{
    ok({ "import", "--label", "before", kFleetSample });
    ok({ "generate", "--jobs", "150", "--seed", "7", "--out", "after.jsonl" });
    ok({ "import", "--label", "after", "after.jsonl" });
    const Json c = okJson({ "compare", "--a", "label=before", "--b", "label=after", "--format", "json" });
    for (const std::string key : { "ett_percent_a", "ett_percent_b", "delta_pp", "ci95_pp", "bridge", "distributions",
             "interruptions_per_1000_gpu_days", "regressions", "improvements", "bootstrap" }) {
        EXPECT_TRUE(c.has(key)) << key;
    }
    const double a = c["ett_percent_a"].number();
    const double b = c["ett_percent_b"].number();
    EXPECT_NEAR(c["delta_pp"].number(), b - a, 1e-5);
    int64_t steps = 0;
    for (const auto& step : c["bridge"].items()) {
        steps += picoOf(step["pp"].raw());
    }
    EXPECT_NEAR(a + static_cast<double>(steps) * 1e-12, b, 2e-6) << "the bridge walks from A to B";
    EXPECT_LE(c["ci95_pp"].at(0).number(), c["ci95_pp"].at(1).number());
    // Distributions: TTS, TTR and its split first, then phase categories and subcategories.
    const Json& d = c["distributions"];
    ASSERT_GT(d.size(), 6u);
    EXPECT_EQ(d.at(0)["name"].str(), "time to start");
    EXPECT_EQ(d.at(1)["name"].str(), "time to recover");
    EXPECT_EQ(d.at(2)["name"].str(), "time to recover: detect");
    EXPECT_EQ(d.at(3)["name"].str(), "time to recover: restart");
    EXPECT_EQ(d.at(4)["name"].str(), "time to recover: start-up");
    EXPECT_EQ(d.at(2)["count_a"].raw(), d.at(1)["count_a"].raw()) << "the split is over the same recoveries";
    bool compile = false;
    for (const auto& x : d.items()) {
        compile = compile || x["name"].str() == "compile";
    }
    EXPECT_TRUE(compile);

    // The gate: exit 3 when B is lower than A by more than PP, else 0. Run it in the direction
    // where ETT% drops.
    const bool drops = b < a;
    const std::string lower = drops ? "label=after" : "label=before";
    const std::string higher = drops ? "label=before" : "label=after";
    const double drop = std::abs(b - a);
    ASSERT_GT(drop, 0.01) << "the two fleets should differ";
    const RunResult gated = ettw(
        { "compare", "--a", higher, "--b", lower, "--fail-if-drop", std::to_string(drop / 2), "--format", "json" });
    EXPECT_EQ(gated.exitCode, 3) << gated;
    EXPECT_TRUE(contains(gated.err, "dropped")) << gated;
    EXPECT_TRUE(contains(gated.out, "ett_percent_a")) << "the figures are still printed";
    const RunResult passes
        = ettw({ "compare", "--a", higher, "--b", lower, "--fail-if-drop", std::to_string(drop * 2) });
    EXPECT_EQ(passes.exitCode, 0) << passes;
    const RunResult improves = ettw({ "compare", "--a", lower, "--b", higher, "--fail-if-drop", "0" });
    EXPECT_EQ(improves.exitCode, 0) << improves;
    // --gate interval: only the drop the interval is sure of (its upper bound) counts.
    const Json down = okJson({ "compare", "--a", higher, "--b", lower, "--format", "json" });
    EXPECT_FALSE(down["too_few_jobs"].boolean());
    const double sure = std::max(0.0, -down["ci95_pp"].at(1).number());
    const std::string allowed = std::to_string(sure + 0.01);
    const RunResult onInterval
        = ettw({ "compare", "--a", higher, "--b", lower, "--fail-if-drop", allowed, "--gate", "interval" });
    EXPECT_EQ(onInterval.exitCode, 0) << onInterval;
    EXPECT_TRUE(contains(onInterval.err, "gate on the interval passed")) << onInterval;
    if (drop > sure + 0.01) {
        const RunResult onPoint = ettw({ "compare", "--a", higher, "--b", lower, "--fail-if-drop", allowed });
        EXPECT_EQ(onPoint.exitCode, 3) << "the change itself dropped more than allowed\n" << onPoint;
        EXPECT_TRUE(contains(onPoint.err, "gate on the change")) << onPoint;
    }
    if (sure > 0.02) {
        const RunResult fails = ettw({ "compare", "--a", higher, "--b", lower, "--fail-if-drop",
            std::to_string(sure / 2), "--gate", "interval" });
        EXPECT_EQ(fails.exitCode, 3) << fails;
        EXPECT_TRUE(contains(fails.err, "dropped by at least")) << fails;
    }

    // The same seed gives the same interval; another seed another one.
    const Json again = okJson({ "compare", "--a", "label=before", "--b", "label=after", "--format", "json" });
    EXPECT_EQ(again["ci95_pp"].at(0).raw(), c["ci95_pp"].at(0).raw());
    const Json other
        = okJson({ "compare", "--a", "label=before", "--b", "label=after", "--seed", "99", "--format", "json" });
    EXPECT_NE(other["ci95_pp"].at(0).raw(), c["ci95_pp"].at(0).raw());

    // The two fleets number their jobs apart: auto pairs them by name; pairs by key are flagged where
    // the key names two different jobs, and the lists rank by GPU-hours changed.
    EXPECT_EQ(c["matched_by"].str(), "name");
    const Json byKey
        = okJson({ "compare", "--a", "label=before", "--b", "label=after", "--match-by", "job", "--format", "json" });
    EXPECT_EQ(byKey["matched_by"].str(), "job");
    int unlike = 0;
    for (const char* list : { "regressions", "improvements" }) {
        // Regressions: the most GPU-hours lost beyond A first; improvements: the most saved first.
        const double sign = std::string(list) == "regressions" ? 1.0 : -1.0;
        double previous = 1e300;
        for (const auto& m : byKey[list].items()) {
            unlike += m["name_differs"].boolean() ? 1 : 0;
            EXPECT_EQ(m["name_differs"].boolean(), m["name_a"].str() != m["name_b"].str());
            const double changed = sign * m["lost_gpu_hours_change"].number();
            EXPECT_LE(changed, previous) << list << ": the most GPU-hours changed first";
            previous = changed;
        }
    }
    EXPECT_GT(unlike, 0) << "keys of two fleets name different jobs";
    for (const char* list : { "regressions", "improvements" }) {
        for (const auto& m : c[list].items()) {
            EXPECT_FALSE(m["name_differs"].boolean()) << "paired by name";
        }
    }

    // The table names both cohorts, the weighting and the bridge.
    const std::string table = ok({ "compare", "--a", "label=before", "--b", "label=after" });
    for (const std::string needle :
        { "A: label=before", "B: label=after", "GPU-weighted", "time-weighted", "Bridge from A to B", "ETT% of A",
            "ETT% of B", "Matched jobs (by name, as the same key names different jobs in A and B)" }) {
        EXPECT_TRUE(contains(table, needle)) << needle << "\n" << table;
    }
}

TEST_F(CliCompare, BadSpecsAreNamed)
{
    ok({ "import", "--label", "before", kFleetSample });
    expectUserError({ "compare", "--a", "label=befor", "--b", "label=before" }, { "--a", "befor", "labels: before" });
    expectUserError({ "compare", "--a", "label=before", "--b", "colour=red" }, { "--b", "colour", "attributes:" });
    expectUserError({ "compare", "--a", "label=before", "--b", "from=tomorrow" }, { "--b", "from=tomorrow" });
    expectUserError({ "compare", "--a", "label=before", "--b", "team=nobody" }, { "--b", "matches no jobs" });
    expectUserError({ "compare", "--a", "label=before", "--b", "label=before", "--match-by", "colour" },
        { "--match-by", "colour" });
}

// --- advise (the models) -------------------------------------------------------------

namespace {

using CliAdvise = CliTest;

TEST_F(CliAdvise, SeedExampleJsonHasYoungDalyAndTheWasteAtEachInterval)
{
    const Json a = okJson({ "advise", "--blocking-s", "15", "--mtbi-s", "28800", "--interval-s", "300", "--interval-s",
        "600", "--interval-s", "1800", "--interval-s", "3600", "--format", "json" });
    EXPECT_NEAR(a["young_interval_s"].number(), 929.5, 0.05);
    EXPECT_NEAR(a["daly_interval_s"].number(), 919.54, 0.005);
    EXPECT_FALSE(a["daly_boundary"].boolean());
    EXPECT_NEAR(a["optimal_wasted_percent"].number(), 3.227, 0.0005);
    const Json& at = a["wasted_percent_at"];
    EXPECT_EQ(at.keys(), (std::vector<std::string> { "300", "600", "1800", "3600" }));
    EXPECT_NEAR(at["300"].number(), 5.521, 0.0005);
    EXPECT_NEAR(at["600"].number(), 3.542, 0.0005);
    EXPECT_NEAR(at["1800"].number(), 3.958, 0.0005);
    EXPECT_NEAR(at["3600"].number(), 6.667, 0.0005);
    EXPECT_FALSE(fs::exists(work() / "ett.db")) << "advise needs no database";

    // Without --interval-s the object is empty; a fractional interval keeps its decimals as the key.
    const Json b = okJson({ "advise", "--blocking-s", "15", "--mtbi-s", "28800", "--format", "json" });
    EXPECT_EQ(b["wasted_percent_at"].size(), 0U);
    const Json c
        = okJson({ "advise", "--blocking-s", "15", "--mtbi-s", "28800", "--interval-s", "929.5", "--format", "json" });
    EXPECT_NEAR(c["wasted_percent_at"]["929.5"].number(), 3.227, 0.0005);
}

TEST_F(CliAdvise, TableShowsTheOptimaAndTheGivenIntervals)
{
    const std::string table
        = ok({ "advise", "--blocking-s", "15", "--mtbi-s", "28800", "--interval-s", "300", "--interval-s", "3600" });
    for (const std::string needle : { "Young", "Daly", "929.5", "3.227", "5.521", "6.667", "wasted %" }) {
        EXPECT_TRUE(contains(table, needle)) << needle << "\n" << table;
    }
}

TEST_F(CliAdvise, DalyBoundaryWhenTheWriteTakesTwiceTheMtbi)
{
    const Json a = okJson({ "advise", "--blocking-s", "300", "--mtbi-s", "100", "--format", "json" });
    EXPECT_TRUE(a["daly_boundary"].boolean());
    EXPECT_NEAR(a["daly_interval_s"].number(), 100.0, 1e-9);
    EXPECT_TRUE(contains(ok({ "advise", "--blocking-s", "300", "--mtbi-s", "100" }), "cannot pay"));
}

TEST_F(CliAdvise, EttrModeGivesMttfAndTheApproximateExpectedEttr)
{
    // MTTF = 86400 / (1024 x 0.005) s = 4.6875 h; E[ETTR] = 1 - 15/1800 - (600 + 900)/16875 = 0.902778.
    const Json e = okJson({ "advise", "--nodes", "1024", "--failures-per-node-day", "0.005", "--restart-s", "600",
        "--interval-s", "1800", "--blocking-s", "15", "--format", "json" });
    EXPECT_NEAR(e["mttf_h"].number(), 4.6875, 1e-6);
    EXPECT_NEAR(e["expected_ettr"].number(), 0.902778, 1e-6);
    EXPECT_TRUE(e["within_validity"].boolean());
    EXPECT_TRUE(contains(e["approximation"].str(), "approximation"));
    EXPECT_TRUE(contains(e["approximation"].str(), "Kokolis"));

    const std::string table = ok({ "advise", "--nodes", "1024", "--failures-per-node-day", "0.005", "--restart-s",
        "600", "--interval-s", "1800", "--blocking-s", "15" });
    for (const std::string needle : { "MTTF", "4.688 h", "0.9028", "approximation" }) {
        EXPECT_TRUE(contains(table, needle)) << needle << "\n" << table;
    }
    const std::string outside = ok({ "advise", "--nodes", "16384", "--failures-per-node-day", "0.05", "--restart-s",
        "600", "--interval-s", "1800", "--blocking-s", "15" });
    EXPECT_TRUE(contains(outside, "outside the range of validity")) << outside;
}

TEST_F(CliAdvise, MissingMixedAndInvalidInputsAreNamed)
{
    expectUserError({ "advise" }, { "no database", "--blocking-s", "--mtbi-s", "--nodes" });
    expectUserError({ "advise", "--blocking-s", "15" }, { "--mtbi-s" });
    expectUserError({ "advise", "--blocking-s", "15", "--mtbi-s", "0" }, { "--mtbi-s", "positive" });
    expectUserError({ "advise", "--blocking-s", "-15", "--mtbi-s", "28800" }, { "--blocking-s", "positive" });
    expectUserError({ "advise", "--blocking-s", "0", "--mtbi-s", "28800" }, { "--blocking-s" });
    expectUserError({ "advise", "--blocking-s", "15", "--mtbi-s", "28800", "--interval-s", "300", "--interval-s", "0" },
        { "--interval-s" });
    expectUserError({ "advise", "--nodes", "8", "--failures-per-node-day", "0.01" },
        { "--restart-s", "--interval-s", "--blocking-s" });
    expectUserError({ "advise", "--nodes", "8", "--failures-per-node-day", "0.01", "--restart-s", "60", "--interval-s",
                        "600", "--blocking-s", "5", "--mtbi-s", "100" },
        { "--mtbi-s", "one set" });
    expectUserError({ "advise", "--nodes", "8", "--failures-per-node-day", "0.01", "--restart-s", "60", "--interval-s",
                        "600", "--interval-s", "900", "--blocking-s", "5" },
        { "exactly one --interval-s" });
    expectUserError({ "advise", "--nodes", "0", "--failures-per-node-day", "0.01", "--restart-s", "60", "--interval-s",
                        "600", "--blocking-s", "5" },
        { "--nodes" });
    expectUserError({ "advise", "--nodes", "8", "--failures-per-node-day", "0", "--restart-s", "60", "--interval-s",
                        "600", "--blocking-s", "5" },
        { "--failures-per-node-day" });
    expectUserError({ "advise", "--nodes", "8", "--failures-per-node-day", "0.01", "--restart-s", "-1", "--interval-s",
                        "600", "--blocking-s", "5" },
        { "--restart-s" });
    // Not a number at all is a usage error, as everywhere.
    EXPECT_EQ(ettw({ "advise", "--blocking-s", "abc", "--mtbi-s", "100" }).exitCode, 2);
}

// Measured advice on the worked example (spec 6). Loop = productive 52800 + lost 1200 + saves 45
// = 54045 s with 1 interruption (M = 54045 s); saves 3 x 15 s; the checkpoints start at 11985,
// 23985 and 36330 in attempt 0: intervals 12000 and 12345, nearest-rank median 12000 s.
// Young sqrt(2 x 15 x 54045) = 1273.322 s; waste at 12000 s: 12000 / 108090 + 15 / 12000 =
// 11.226860%; at the optimum sqrt(30 / 54045) = 2.356041%; gain (11.226860 - 2.356041) x 54045 /
// 58545 = 8.188972 pp. Lost 1200 s against I/2 = 6000 s (ratio 0.2): one interruption is too few
// to flag a low ratio.
TEST_F(CliAdvise, MeasuredFromTheWorkedExample)
{
    ok({ "import", kWorkedExample });
    const Json a = okJson({ "advise", "--job", "J1", "--format", "json" });
    const Json& f = a["fleet"];
    EXPECT_EQ(f["jobs"].integer(), 1);
    EXPECT_DOUBLE_EQ(f["loop_s"].number(), 54045);
    EXPECT_EQ(f["interruptions"].integer(), 1);
    EXPECT_DOUBLE_EQ(f["mtbi_s"].number(), 54045);
    EXPECT_EQ(f["saves"].integer(), 3);
    EXPECT_DOUBLE_EQ(f["blocking_p50_s"].number(), 15);
    EXPECT_DOUBLE_EQ(f["current_interval_s"].number(), 12000);
    EXPECT_NEAR(f["young_interval_s"].number(), 1273.322, 0.001);
    EXPECT_NEAR(f["wasted_percent_current"].number(), 11.226860, 1e-6);
    EXPECT_NEAR(f["wasted_percent_optimum"].number(), 2.356041, 1e-6);
    EXPECT_NEAR(f["projected_gain_pp"].number(), 8.188972, 1e-6);
    // The same gain in GPU-hours: the waste saved, of the loop's GPU time.
    EXPECT_NEAR(
        f["projected_gain_gpu_hours"].number(), (11.226860 - 2.356041) / 100 * f["loop_gpu_hours"].number(), 1e-5);
    EXPECT_DOUBLE_EQ(f["lost_progress_s"].number(), 1200);
    EXPECT_DOUBLE_EQ(f["lost_ratio_to_half_interval"].number(), 0.2);
    EXPECT_EQ(f["flags"].size(), 0u);
    EXPECT_EQ(a["groups"].size(), 0u);

    // Per job by default, and by label; the table names the optimum.
    const Json byJob = okJson({ "advise", "--format", "json" });
    ASSERT_EQ(byJob["groups"].size(), 1u);
    EXPECT_EQ(byJob["groups"].at(0)["name"].str(), "J1");
    EXPECT_EQ(okJson({ "advise", "--by", "label", "--format", "json" })["groups"].at(0)["name"].str(), "default");
    const std::string table = ok({ "advise" });
    EXPECT_TRUE(contains(table, "21.2 min")) << table; // 1273 s
    EXPECT_TRUE(contains(table, "8.189")) << table;

    expectUserError({ "advise", "--job", "nope" }, { "no job 'nope'" });
    expectUserError({ "advise", "--by", "nope" }, { "--by nope", "job, label" });
    expectUserError({ "advise", "--job", "J1", "--by", "label" }, { "--job or --by" });
    expectUserError({ "advise", "--job", "J1", "--blocking-s", "15", "--mtbi-s", "100" }, { "one set" });
    expectUserError({ "advise", "--db", workPath("missing.db") }, { "missing.db", "--blocking-s" });
}

// The jobs come by GPU-hours to gain (not by points: a small job with +30 pp gains the fleet less
// than a large one with +1 pp), and each column of spans reads in one unit.
TEST_F(CliAdvise, RanksByGpuHoursToGainWithOneUnitPerColumn)
{
    ok({ "import", kFleetSample });
    const Json j = okJson({ "advise", "--by", "job", "--format", "json" });
    ASSERT_GT(j["groups"].size(), 10u);
    double previous = 1e300;
    bool sawAbsent = false;
    bool pointsOutOfOrder = false;
    double previousPp = 1e300;
    for (size_t i = 0; i < j["groups"].size(); ++i) {
        const Json& g = j["groups"].at(i);
        if (g["projected_gain_gpu_hours"].isNull()) {
            sawAbsent = true;
            continue;
        }
        EXPECT_FALSE(sawAbsent) << "a job with advice after one without, at " << i;
        const double gain = g["projected_gain_gpu_hours"].number();
        EXPECT_LE(gain, previous) << g["name"].str();
        previous = gain;
        pointsOutOfOrder = pointsOutOfOrder || g["projected_gain_pp"].number() > previousPp;
        previousPp = g["projected_gain_pp"].number();
    }
    EXPECT_TRUE(pointsOutOfOrder) << "the sample should tell the two orders apart";

    const std::string table = ok({ "advise", "--by", "team" });
    const std::regex gap("\\s{2,}");
    const auto cells = [&](const std::string& line) {
        std::vector<std::string> out;
        for (std::sregex_token_iterator it(line.begin(), line.end(), gap, -1), end; it != end; ++it) {
            if (!it->str().empty()) {
                out.push_back(*it);
            }
        }
        return out;
    };
    std::istringstream lines(table);
    std::string line;
    std::vector<std::string> header;
    std::map<size_t, std::set<std::string>> units;
    while (std::getline(lines, line)) {
        if (header.empty()) {
            if (line.rfind("team ", 0) == 0) {
                header = cells(line);
            }
            continue;
        }
        if (line.empty() || line.front() == '-') {
            if (line.empty()) {
                break;
            }
            continue;
        }
        const auto row = cells(line);
        for (size_t c = 0; c < std::min(row.size(), header.size()); ++c) {
            static const std::set<std::string> spans { "MTBI", "save p50", "save p90", "interval", "optimum", "Daly",
                "lost/int." };
            if (spans.contains(header[c]) && row[c] != "-") {
                units[c].insert(row[c].substr(row[c].rfind(' ') + 1));
            }
        }
    }
    ASSERT_EQ(units.size(), 7u) << table;
    for (const auto& [column, seen] : units) {
        EXPECT_EQ(seen.size(), 1u) << header[column] << " mixes units\n" << table;
    }
}

} // namespace

// --- report -----------------------------------------------------------------
TEST_F(CliCompare, ACohortOfAFewJobsHasNoIntervalOrVerdict)
{
    ok({ "import", "--label", "a", kWorkedExample });
    ok({ "import", "--label", "b", kWorkedExample });
    const std::string table = ok({ "compare", "--a", "label=a", "--b", "label=b" });
    EXPECT_TRUE(contains(table, "too few jobs")) << table;
    EXPECT_TRUE(contains(table,
        "No interval and no verdict: an interval needs at least 5 jobs in each cohort (A has "
        "1, B has 1)"))
        << table;
    const Json j = okJson({ "compare", "--a", "label=a", "--b", "label=b", "--format", "json" });
    EXPECT_TRUE(j["too_few_jobs"].boolean());
    EXPECT_EQ(j["min_jobs_for_interval"].integer(), 5);
    EXPECT_TRUE(j["ci95_pp"].isNull());
    EXPECT_EQ(j["delta_pp"].kind(), Json::Kind::Number) << "the change itself is still given";
    // A gate on an interval that is not there cannot pass silently.
    const RunResult r
        = ettw({ "compare", "--a", "label=a", "--b", "label=b", "--fail-if-drop", "1", "--gate", "interval" });
    EXPECT_EQ(r.exitCode, 1) << r;
    EXPECT_TRUE(contains(r.err, "cannot be checked")) << r;
}

#ifdef ETT_WITH_REPORT

TEST_F(CliCompare, ReportIsWrittenWithoutADisplay)
{
    ok({ "import", "--label", "before", kFleetSample });
    ok({ "import", "--label", "after", kFleetSample });
    const std::string out = ok({ "report", "--out", "r.pdf", "--a", "label=before", "--b", "label=after", "--page",
        "letter", "--title", "Sample report" });
    EXPECT_TRUE(contains(out, "r.pdf: report of")) << out;
    const std::string pdf = readFile(workPath("r.pdf"));
    EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
    EXPECT_TRUE(contains(pdf, "/MediaBox [0 0 612")) << "Letter pages";
    // Cohorts go together; a bad one is named; a bad path is named and nothing is written.
    expectUserError({ "report", "--out", "x.pdf", "--a", "label=before" }, { "--a and --b" });
    expectUserError({ "report", "--out", "x.pdf", "--a", "label=nope", "--b", "label=after" }, { "nope" });
    expectUserError({ "report", "--out", "missing/x.pdf" }, { "missing/x.pdf" });
    // A scope without jobs is an error, as for compare, not pages of dashes.
    expectUserError({ "report", "--out", "x.pdf", "--scope", "from=2090-01-01" },
        { "--scope 'from=2090-01-01'", "matches no jobs" });
    EXPECT_FALSE(fs::exists(work() / "x.pdf"));
}

TEST_F(CliCompare, ReportWithoutItsRendererSaysWhatIsMissing)
{
    // ettw-cli runs the report in ettw-report, beside it or in ../libexec/ettw; a copy of ettw and
    // ettw-cli alone finds neither and says so, writing nothing (every other command still works).
    ok({ "import", "--label", "before", kFleetSample });
    const fs::path alone = work() / "alone";
    fs::create_directories(alone);
    fs::copy_file(ETTW_BINARY, alone / "ettw");
    fs::copy_file(ETTW_CLI_BINARY, alone / "ettw-cli");
    const std::string cmd = "cd '" + work().string() + "' && '" + (alone / "ettw").string()
        + "' report --db ett.db --out x.pdf > alone/out 2> alone/err";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << cmd;
    EXPECT_EQ(WEXITSTATUS(status), 1);
    const std::string err = readFile(alone / "err");
    EXPECT_TRUE(contains(err, "ettw-report is missing")) << err;
    EXPECT_TRUE(contains(err, (alone / "ettw-report").string())) << err;
    EXPECT_EQ(readFile(alone / "out"), "");
    EXPECT_FALSE(fs::exists(work() / "x.pdf"));
    const std::string summary = "cd '" + work().string() + "' && '" + (alone / "ettw").string()
        + "' summary --db ett.db > alone/out 2> alone/err";
    EXPECT_EQ(std::system(summary.c_str()), 0) << readFile(alone / "err");
    EXPECT_TRUE(contains(readFile(alone / "out"), "% GPU-weighted")) << readFile(alone / "out");
}
#endif

// --- whatif -----------------------------------------------------------------

namespace {

using CliWhatIf = CliTest;

TEST_F(CliWhatIf, WorkedExampleWithoutItsFailure)
{
    ok({ "import", kWorkedExample });
    writeFile(
        work() / "no-failures.json", R"({"name":"no failures","changes":[{"interruptions":"failures","scale":0}]})");
    const Json w = okJson({ "whatif", "--scenario", "no-failures.json", "--format", "json" });
    EXPECT_EQ(w["scenario"].str(), "no failures");
    EXPECT_EQ(w["cohort"].str(), "all jobs");
    EXPECT_FALSE(w["saved"].boolean());
    EXPECT_EQ(w["jobs"].integer(), 1);
    EXPECT_EQ(w["attempts"].integer(), 2);
    // Without the failure: lost progress 1200 s, the 300 s gap, attempt 1's init 600 s and compile
    // 300 s. ETT 52800 / 58545 = 90.187035613631% -> 52800 / 56145 = 94.042212129308% (spec 6).
    EXPECT_EQ(w["ett_percent_today"].raw(), "90.187035613631");
    EXPECT_EQ(w["ett_percent_projected"].raw(), "94.042212129308");
    EXPECT_EQ(w["ett_percent_today_time"].raw(), "90.187035613631");
    ASSERT_EQ(w["steps"].size(), 1u);
    const Json& step = w["steps"].at(0);
    EXPECT_EQ(step["change"].str(), "failures x0");
    EXPECT_EQ(step["saved_s"].seconds(), wholeSeconds(2400));
    EXPECT_EQ(step["saved_gpu_s"].seconds(), wholeSeconds(2400 * 8));
    EXPECT_EQ(step["saved_buckets_s"]["lost_progress"].seconds(), wholeSeconds(1200));
    EXPECT_EQ(step["saved_buckets_s"]["recovery"].seconds(), wholeSeconds(300));
    EXPECT_EQ(step["saved_buckets_s"]["init"].seconds(), wholeSeconds(600));
    EXPECT_EQ(step["saved_buckets_s"]["compile"].seconds(), wholeSeconds(300));
    EXPECT_EQ(step["pp"].raw(), "3.855176515677");
    EXPECT_EQ(w["today"]["e2e_s"].seconds(), wholeSeconds(58545));
    EXPECT_EQ(w["today"]["failures"].integer(), 1);
    EXPECT_EQ(w["projected"]["e2e_s"].seconds(), wholeSeconds(56145));
    EXPECT_EQ(w["projected"]["buckets_s"]["productive"].seconds(), wholeSeconds(52800));
    EXPECT_EQ(w["projected"]["failures"].integer(), 0);

    const std::string table = ok({ "whatif", "--scenario", "no-failures.json" });
    for (const std::string needle : { "What-if 'no failures'", "Cohort: all jobs (1 job, 2 attempts", "GPU-weighted",
             "time-weighted", "90.187%", "94.042%", "+3.855 pp", "Bridge from today", "failures x0", "ETT% projected",
             "Failures: 1 today, 0 projected" }) {
        EXPECT_TRUE(contains(table, needle)) << needle << "\n" << table;
    }
}

TEST_F(CliWhatIf, SavedScenarioRunsByNameAndItsBridgeAddsUp)
{
    ok({ "import", "--label", "before", kFleetSample });
    writeFile(work() / "faster.json",
        R"({"name":"faster start","cohort":"label=before","changes":[{"bucket":"compile","scale":0.6},)"
        R"({"phase":"init.process_group_init","scale":0.5},{"interruptions":"failures","scale":0.7},)"
        R"({"checkpoint_interval":"optimal"},{"bucket":"setup","set_s":60}]})");
    const Json w = okJson({ "whatif", "--scenario", "faster.json", "--save", "--format", "json" });
    EXPECT_TRUE(w["saved"].boolean());
    EXPECT_EQ(w["jobs"].integer(), 200);
    ASSERT_EQ(w["steps"].size(), 5u);
    for (const std::string suffix : { "", "_time" }) {
        int64_t walk = picoOf(w["ett_percent_today" + suffix].raw());
        for (const auto& step : w["steps"].items()) {
            walk += picoOf(step["pp" + suffix].raw());
        }
        EXPECT_EQ(walk, picoOf(w["ett_percent_projected" + suffix].raw())) << "the bridge" << suffix << " adds up";
    }
    EXPECT_GT(picoOf(w["ett_percent_projected"].raw()), picoOf(w["ett_percent_today"].raw()));
    EXPECT_GT(w["steps"].at(1)["changed"].integer(), 0) << "the sample has process_group_init phases";
    EXPECT_LT(w["projected"]["failures"].integer(), w["today"]["failures"].integer());

    // Today is the whole cohort as summary shows it (no range, no queue).
    const Json s = okJson({ "summary", "--label", "before", "--format", "json" });
    EXPECT_EQ(w["today"]["e2e_gpu_s"].raw(), s["e2e_gpu_s"].raw());
    for (const auto& bucket : kBuckets) {
        EXPECT_EQ(w["today"]["buckets_gpu_s"][bucket].raw(), s["buckets_gpu_s"][bucket].raw()) << bucket;
    }

    // Saved: listed, run again by name with the same figures, deleted.
    const std::string list = ok({ "whatif", "--list" });
    EXPECT_TRUE(contains(list, "faster start")) << list;
    EXPECT_TRUE(contains(list, "compile x0.6; init.process_group_init x0.5; failures x0.7")) << list;
    const Json again = okJson({ "whatif", "--name", "faster start", "--format", "json" });
    EXPECT_FALSE(again["saved"].boolean());
    EXPECT_EQ(again["ett_percent_projected"].raw(), w["ett_percent_projected"].raw());
    EXPECT_EQ(again["steps"].at(3)["pp"].raw(), w["steps"].at(3)["pp"].raw());
    const Json listed = okJson({ "whatif", "--list", "--format", "json" });
    ASSERT_EQ(listed["scenarios"].size(), 1u);
    EXPECT_EQ(listed["scenarios"].at(0)["cohort"].str(), "label=before");
    EXPECT_TRUE(contains(ok({ "whatif", "--delete", "faster start" }), "Deleted scenario 'faster start'"));
    EXPECT_EQ(okJson({ "whatif", "--list", "--format", "json" })["scenarios"].size(), 0u);
    expectUserError({ "whatif", "--delete", "faster start" }, { "no saved scenario 'faster start'" });
    expectUserError({ "whatif", "--name", "faster start" }, { "no saved scenario 'faster start'", "saved: none" });
}

TEST_F(CliWhatIf, BadScenariosAreNamedAndNotSaved)
{
    expectUserError({ "whatif", "--list" }, { "ett.db" }); // no database yet: not created
    EXPECT_FALSE(fs::exists(work() / "ett.db"));
    ok({ "import", kWorkedExample });
    writeFile(work() / "bad.json", R"({"name":"x","changes":[{"bucket":"compile","scale":0.5},{"bucket":"init"}]})");
    expectUserError({ "whatif", "--scenario", "bad.json" }, { "bad.json: changes[1]: give one of scale or set_s" });
    writeFile(work() / "typo.json", R"({"name":"typo","cohort":"label=befor","changes":[]})");
    expectUserError(
        { "whatif", "--scenario", "typo.json", "--save" }, { "scenario 'typo': cohort", "befor", "labels: default" });
    writeFile(work() / "nobody.json", R"({"name":"nobody","cohort":"gpus>=1000","changes":[]})");
    expectUserError({ "whatif", "--scenario", "nobody.json", "--save" }, { "scenario 'nobody'", "matches no jobs" });
    expectUserError({ "whatif", "--scenario", "missing.json" }, { "missing.json: cannot open" });
    expectUserError({ "whatif" }, { "whatif takes one of --scenario FILE" });
    EXPECT_TRUE(contains(ok({ "whatif", "--list" }), "No saved scenarios")) << "failed runs saved nothing";
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>> { { "whatif", "--save" },
             { "whatif", "--scenario", "bad.json", "--list" }, { "whatif", "--list", "--name", "x" } }) {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 2) << argsText(args) << "\n" << r;
    }
}

// --- from a bucket to its intervals (issue 17, item 6) ----------------------------------------

using CliIntervals = CliTest;

TEST_F(CliIntervals, WorkedExampleIntervalsAddUpToTheSummary)
{
    ok({ "import", kWorkedExample });
    // Lost progress: attempt 0's train in [36345, 37545) s, 8 GPUs.
    const Json lost = okJson({ "intervals", "--bucket", "lost_progress", "--format", "json" });
    EXPECT_EQ(lost.keys(),
        (std::vector<std::string> {
            "ettw_version", "bucket", "sort", "count", "listed", "total_s", "total_gpu_hours", "scope", "intervals" }));
    EXPECT_EQ(lost["count"].integer(), 1);
    EXPECT_EQ(lost["total_s"].seconds(), wholeSeconds(1200));
    ASSERT_EQ(lost["intervals"].size(), 1u);
    const Json& i = lost["intervals"].at(0);
    EXPECT_EQ(i.keys(),
        (std::vector<std::string> {
            "job", "label", "attempt", "gap", "start", "end", "duration_s", "gpus", "gpu_hours" }));
    EXPECT_EQ(i["job"].str(), "J1");
    EXPECT_EQ(i["attempt"].integer(), 0);
    EXPECT_EQ(i["start"].str(), "1970-01-01T10:05:45Z");
    EXPECT_EQ(i["end"].str(), "1970-01-01T10:25:45Z");
    EXPECT_EQ(i["duration_s"].seconds(), wholeSeconds(1200));
    EXPECT_NEAR(i["gpu_hours"].number(), 1200.0 * 8 / 3600, 1e-6);
    // Productive: four intervals whose total is the summary's productive time; the first two by start.
    const Json summary = okJson({ "summary", "--format", "json" });
    const Json productive
        = okJson({ "intervals", "--bucket", "productive", "--sort", "start", "--limit", "2", "--format", "json" });
    EXPECT_EQ(productive["count"].integer(), 4);
    EXPECT_EQ(productive["listed"].integer(), 2);
    EXPECT_EQ(productive["total_s"].seconds(), summary["buckets_s"]["productive"].seconds());
    EXPECT_EQ(productive["intervals"].at(0)["start"].str(), "1970-01-01T00:25:00Z");
    // The recovery gap after attempt 0, in the table; the job's attempt 1 alone has none.
    const std::string table = ok({ "intervals", "--bucket", "recovery" });
    EXPECT_TRUE(contains(table, "0 (gap after)")) << table;
    // One line per row: the table's own line breaks are not escaped as control characters.
    EXPECT_FALSE(contains(table, "\\x0a")) << table;
    EXPECT_TRUE(contains(table, "\n1  ")) << table;
    const Json none
        = okJson({ "intervals", "--bucket", "recovery", "--job", "J1", "--attempt", "1", "--format", "json" });
    EXPECT_EQ(none["count"].integer(), 0);
    // CSV: a header and a row per interval.
    const std::string csv = ok({ "intervals", "--bucket", "init", "--format", "csv" });
    EXPECT_TRUE(csv.rfind("job,label,attempt,gap,start,end,duration_s,gpus,gpu_hours\n", 0) == 0) << csv;
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
    // Mistakes are named.
    expectUserError({ "intervals", "--bucket", "lost" }, { "--bucket", "lost_progress" });
    expectUserError({ "intervals", "--bucket", "init", "--attempt", "1" }, { "--attempt", "--job" });
    expectUserError({ "intervals", "--bucket", "init", "--job", "J1", "--attempt", "9" }, { "no attempt 9" });
    expectUserError({ "intervals", "--bucket", "init", "--scope", "team=" }, { "--scope" });
}

// --- rolling-window ETT% (spec 7.2) -----------------------------------------------------------

using CliRolling = CliTest;

// The sample of a rolling series' JSON whose window ends at t seconds; a missing one is a failure.
const Json& rollingPoint(const Json& series, int64_t tSeconds)
{
    static const Json kNone;
    for (const Json& p : series["points"].items()) {
        if (p["t_ns"].integer() == tSeconds * 1'000'000'000) {
            return p;
        }
    }
    ADD_FAILURE() << "no sample at t = " << tSeconds << " s";
    return kNone;
}

TEST_F(CliRolling, JsonHasTheSpecWindowsOfTheWorkedExample)
{
    ok({ "import", kWorkedExample });
    const Json r = okJson({ "series", "--rolling", "1h", "--step", "30m", "--format", "json" });
    EXPECT_EQ(r.keys(),
        (std::vector<std::string> {
            "ettw_version", "database", "rolling", "job", "scope", "weighting", "span", "points" }));
    EXPECT_EQ(r["database"].str(), "ett.db");
    EXPECT_EQ(r["rolling"]["window_s"].integer(), 3600);
    EXPECT_EQ(r["rolling"]["step_s"].integer(), 1800);
    EXPECT_EQ(r["rolling"]["grid_s"].integer(), 1800);
    EXPECT_TRUE(r["job"].isNull());
    EXPECT_TRUE(r["scope"]["label"].isNull());
    EXPECT_EQ(r["span"]["from"].str(), "1970-01-01T00:00:00Z");
    EXPECT_EQ(r["span"]["to"].str(), "1970-01-01T16:15:45Z");
    EXPECT_EQ(r["points"].size(), 34u);
    EXPECT_EQ(r["points"].at(0).keys(),
        (std::vector<std::string> { "t", "t_ns", "e2e_s", "e2e_gpu_s", "productive_s", "productive_gpu_s",
            "ett_percent_gpu", "ett_percent_time" }));
    // Spec 7.2: productive / E2E inside [t - 1 h, t), the job's 8 GPUs weighting alike.
    for (const auto& [t, productive, e2e] : { std::tuple<int64_t, int64_t, int64_t> { 37800, 2130, 3600 },
             { 39600, 1185, 3600 }, { 3600, 2100, 3600 }, { 61200, 0, 945 } }) {
        const Json& p = rollingPoint(r, t);
        const std::string what = "t = " + std::to_string(t) + " s";
        EXPECT_EQ(p["productive_s"].seconds(), wholeSeconds(productive)) << what;
        EXPECT_EQ(p["e2e_s"].seconds(), wholeSeconds(e2e)) << what;
        EXPECT_EQ(p["productive_gpu_s"].seconds(), wholeSeconds(8 * productive)) << what;
        EXPECT_EQ(p["e2e_gpu_s"].seconds(), wholeSeconds(8 * e2e)) << what;
        const double percent = 100.0 * static_cast<double>(productive) / static_cast<double>(e2e);
        EXPECT_NEAR(p["ett_percent_gpu"].number(), percent, 1e-6) << what;
        EXPECT_NEAR(p["ett_percent_time"].number(), percent, 1e-6) << what;
    }
    EXPECT_EQ(rollingPoint(r, 37800)["t"].str(), "1970-01-01T10:30:00Z");
    EXPECT_NEAR(rollingPoint(r, 37800)["ett_percent_gpu"].number(), 59.1667, 5e-5);
    EXPECT_NEAR(rollingPoint(r, 39600)["ett_percent_gpu"].number(), 32.9167, 5e-5);

    // The step defaults to the window; the job alone is the whole fleet here, named in "job".
    const Json hourly = okJson({ "series", "--rolling", "3600s", "--format", "json" });
    EXPECT_EQ(hourly["rolling"]["step_s"].integer(), 3600);
    EXPECT_EQ(hourly["points"].size(), 17u);
    const Json job = okJson({ "series", "--rolling", "1h", "--job", "J1", "--format", "json" });
    EXPECT_EQ(job["job"]["key"].str(), "J1");
    EXPECT_EQ(job["job"]["label"].str(), "default");
    EXPECT_EQ(job["points"].size(), hourly["points"].size());
    for (size_t i = 0; i < job["points"].size(); ++i) {
        EXPECT_EQ(
            job["points"].at(i)["productive_gpu_s"].seconds(), hourly["points"].at(i)["productive_gpu_s"].seconds())
            << i;
    }

    // The table and CSV show the same samples.
    const std::string table = ok({ "series", "--rolling", "1h", "--step", "30m" });
    for (const std::string needle : { "Rolling ETT% of ett.db: windows of 1 h, every 30 min", "window end (UTC)",
             "1970-01-01 10:30:00", "59.167%", "32.917%" }) {
        EXPECT_TRUE(contains(table, needle)) << needle << "\n" << table;
    }
    const auto csv = splitLines(ok({ "series", "--rolling", "1h", "--step", "30m", "--format", "csv" }));
    ASSERT_EQ(csv.size(), 35u) << "a header and one row per sample";
    EXPECT_EQ(csv[0], "t,t_ns,e2e_s,e2e_gpu_s,productive_s,productive_gpu_s,ett_percent_gpu,ett_percent_time");
    EXPECT_EQ(splitCsv(csv[21]),
        (std::vector<std::string> {
            "1970-01-01T10:30:00Z", "37800000000000", "3600", "28800", "2130", "17040", "59.166667", "59.166667" }));
}

TEST_F(CliRolling, DailyWindowsEveryDayAreTheCalendarDays)
{
    ok({ "import", kFleetSample });
    const Json days = okJson({ "series", "--every", "day", "--format", "json" });
    const Json rolling = okJson({ "series", "--rolling", "1d", "--format", "json" });
    ASSERT_EQ(rolling["points"].size(), days["buckets"].size());
    ASSERT_GT(days["buckets"].size(), 10u);
    for (size_t i = 0; i < days["buckets"].size(); ++i) {
        const Json& day = days["buckets"].at(i);
        const Json& p = rolling["points"].at(i);
        EXPECT_EQ(p["t_ns"].integer(), (day["end_s"].integer()) * 1'000'000'000) << i;
        for (const std::string key : { "e2e_s", "e2e_gpu_s" }) {
            EXPECT_EQ(p[key].seconds(), day[key].seconds()) << i << " " << key;
        }
        EXPECT_EQ(p["productive_s"].seconds(), day["buckets_s"]["productive"].seconds()) << i;
        EXPECT_EQ(p["productive_gpu_s"].seconds(), day["buckets_gpu_s"]["productive"].seconds()) << i;
        EXPECT_EQ(p["ett_percent_gpu"].raw(), day["ett_percent_gpu"].raw()) << i;
    }
    // A job and a range: the job's own day series, cut to a range that starts and ends mid-day (an
    // hour into the window of the job that lost the most, to an hour before its end).
    const Json worst = okJson({ "jobs", "--limit", "1", "--format", "json" });
    const std::string key = worst["jobs"].at(0)["job"].str();
    const Json detail = okJson({ "job", key, "--format", "json" });
    const int64_t from = detail["attempts"].at(0)["start_s"].seconds().whole + 3600;
    const int64_t to = detail["attempts"].at(detail["attempts"].size() - 1)["end_s"].seconds().whole - 3600;
    ASSERT_GT(to - from, 86400) << "a job over more than a day";
    const std::vector<std::string> range = { "--from", std::to_string(from), "--to", std::to_string(to) };
    std::vector<std::string> jobDays = { "series", "--every", "day", "--job", key, "--format", "json" };
    std::vector<std::string> jobRolling = { "series", "--rolling", "24h", "--job", key, "--format", "json" };
    jobDays.insert(jobDays.end(), range.begin(), range.end());
    jobRolling.insert(jobRolling.end(), range.begin(), range.end());
    const Json d = okJson(jobDays);
    const Json r = okJson(jobRolling);
    EXPECT_EQ(d["job"]["key"].str(), key);
    ASSERT_EQ(r["points"].size(), d["buckets"].size());
    ASSERT_GE(r["points"].size(), 2u);
    for (size_t i = 0; i < d["buckets"].size(); ++i) {
        EXPECT_NE(r["points"].at(i)["e2e_s"].seconds(), wholeSeconds(0)) << i;
        EXPECT_EQ(r["points"].at(i)["e2e_gpu_s"].seconds(), d["buckets"].at(i)["e2e_gpu_s"].seconds()) << i;
        EXPECT_EQ(r["points"].at(i)["productive_s"].seconds(), d["buckets"].at(i)["buckets_s"]["productive"].seconds())
            << i;
    }
}

TEST_F(CliRolling, BadDurationsJobsAndGridsAreNamed)
{
    ok({ "import", kWorkedExample });
    expectUserError({ "series", "--rolling", "1x" }, { "--rolling", "'1x'", "1h" });
    expectUserError({ "series", "--rolling", "0h" }, { "--rolling", "'0h'", "positive" });
    expectUserError({ "series", "--rolling", "1h", "--step", "-5m" }, { "--step", "'-5m'" });
    expectUserError({ "series", "--rolling", "1h", "--step", "1ns", "--format", "json" },
        { "window of 1 h", "stepped by 0.000000001 s", "1970-01-01T00:00:00Z", "1970-01-01T16:15:45Z", "1,000,000" });
    expectUserError({ "series", "--rolling", "1h", "--job", "NOPE" }, { "--job", "NOPE", "ett.db" });
    expectUserError({ "series", "--every", "day", "--job", "NOPE" }, { "--job", "NOPE" });
    expectUserError({ "series", "--rolling", "1h", "--label", "nope" }, { "nope", "label" });
    // The same job under two labels: --label chooses.
    ok({ "import", "--label", "other", kWorkedExample });
    expectUserError({ "series", "--rolling", "1h", "--job", "J1" }, { "J1", "several labels", "default", "other" });
    EXPECT_EQ(
        okJson({ "series", "--rolling", "1h", "--job", "J1", "--label", "other", "--format", "json" })["job"]["label"]
            .str(),
        "other");
    // Usage errors: --step without --rolling, --rolling with --every.
    for (const std::vector<std::string>& args : { std::vector<std::string> { "series", "--step", "1h" },
             { "series", "--rolling", "1h", "--every", "day" }, { "series", "--rolling" } }) {
        const RunResult r = ettw(args);
        EXPECT_EQ(r.exitCode, 2) << argsText(args) << "\n" << r;
    }
}

} // namespace
