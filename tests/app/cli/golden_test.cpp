// Golden tests of the ettw command line: each case is an ettw command line run on one database
// (the worked example imported under "before", the 200-job fleet under "after") and compared
// byte for byte with the files beside this test in golden/: NAME.out (stdout), NAME.err (stderr,
// when there is any) and NAME.code (the exit code, when it is not 0).
//
// ettw runs with a temporary directory as its current directory and `--db fleet.db`, so that the
// database path it prints is the same on every run. What still differs between runs is masked
// before comparing: the temporary and samples directories, import times and durations.
//
// On a mismatch the actual output is written as NAME.actual (NAME.err.actual) in the build
// directory and `diff -u` of the two is printed. ETT_UPDATE_GOLDEN=1 writes the golden files
// from the current ettw instead of comparing (review them with `git diff` before committing).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <unistd.h>
#include <vector>

#include "tests/app/cli/ettw_process.h"

namespace {

namespace fs = std::filesystem;
using namespace ett::clitest;

struct GoldenCase
{
    std::string name; // the golden files' base name
    std::vector<std::string> args; // after `ettw`; `--db fleet.db` is added after the command word
    bool withDb = true; // false for commands without --db
};

// The database every case reads, built once: two imports of samples copied beside it (so that
// the stored file names are relative and the same on every run), checked against golden files too.
const std::vector<GoldenCase> kImports = {
    { "import_before", { "import", "--label", "before", "worked-example.ett.jsonl" } },
    { "import_after", { "import", "--label", "after", "fleet-200.ett.jsonl.gz" } },
};

const std::vector<GoldenCase> kCases = {
    { "summary_table", { "summary" } },
    { "summary_json", { "summary", "--format", "json" } },
    { "summary_csv", { "summary", "--format", "csv" } },
    { "summary_by_team", { "summary", "--by", "team" } },
    { "summary_by_team_json", { "summary", "--by", "team", "--format", "json" } },
    { "summary_by_team_csv", { "summary", "--by", "team", "--format", "csv" } },
    { "summary_by_label", { "summary", "--by", "label" } },
    { "summary_by_label_json", { "summary", "--by", "label", "--format", "json" } },
    { "summary_range_queue",
        { "summary", "--from", "2025-06-03T00:00:00Z", "--to", "2025-06-10T00:00:00Z", "--count-queue" } },
    { "summary_range_queue_json",
        { "summary", "--from", "2025-06-03T00:00:00Z", "--to", "2025-06-10T00:00:00Z", "--count-queue", "--format",
            "json" } },
    { "summary_label_before", { "summary", "--label", "before" } },
    { "series_day", { "series", "--label", "after" } },
    { "series_week", { "series", "--label", "after", "--every", "week" } },
    { "series_json", { "series", "--label", "after", "--format", "json" } },
    { "series_csv", { "series", "--label", "after", "--every", "week", "--format", "csv" } },
    { "series_rolling", { "series", "--label", "before", "--rolling", "1h", "--step", "30m" } },
    { "series_rolling_csv", { "series", "--label", "after", "--rolling", "1d", "--step", "6h", "--format", "csv" } },
    { "jobs_table", { "jobs" } },
    { "jobs_json", { "jobs", "--format", "json" } },
    { "jobs_csv", { "jobs", "--format", "csv", "--limit", "10" } },
    { "jobs_ett_limit5", { "jobs", "--sort", "ett", "--limit", "5" } },
    { "job_table", { "job", "J1", "--label", "before" } },
    { "job_json", { "job", "J1", "--label", "before", "--format", "json" } },
    { "restarts_table", { "restarts", "--job", "J1", "--label", "before" } },
    { "restarts_json", { "restarts", "--job", "J1", "--label", "before", "--format", "json" } },
    { "restarts_compile_tags", { "restarts", "--compile-tags", "--label", "after" } },
    { "restarts_compile_tags_json", { "restarts", "--compile-tags", "--format", "json" } },
    { "issues_table", { "issues" } },
    { "issues_json", { "issues", "--format", "json" } },
    { "issues_csv", { "issues", "--format", "csv" } },
    // No datasets table: its column width follows the import times' digits, which vary.
    { "datasets_json", { "datasets", "--format", "json" } },
    { "datasets_csv", { "datasets", "--format", "csv" } },
    { "advise_json", { "advise", "--format", "json" } },
    { "advise_by_team", { "advise", "--by", "team" } },
    { "advise_by_team_json", { "advise", "--by", "team", "--format", "json" } },
    { "compare_table", { "compare", "--a", "label=before", "--b", "label=after" } },
    { "compare_json", { "compare", "--a", "label=before", "--b", "label=after", "--format", "json" } },
    { "ranks_table", { "ranks", "--job", "job-000138" } },
    { "ranks_json", { "ranks", "--job", "job-000138", "--attempt", "0", "--format", "json" } },
    { "hosts_table", { "hosts" } },
    { "hosts_json", { "hosts", "--label", "after", "--format", "json" } },
    { "mappings_list", { "mappings" }, false },
    { "error_summary_by_teams", { "summary", "--by", "teams" } },
    { "error_summary_label_nope", { "summary", "--label", "nope" } },
    { "error_advise_by_teams", { "advise", "--by", "teams" } },
    { "error_job_unknown", { "job", "NOPE" } },
    { "error_jobs_label_nope", { "jobs", "--label", "nope", "--format", "json" } },
};

bool updating()
{
    const char* v = std::getenv("ETT_UPDATE_GOLDEN");
    return v != nullptr && std::string(v) == "1";
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to)
{
    for (size_t at = s.find(from); !from.empty() && at != std::string::npos; at = s.find(from, at + to.size())) {
        s.replace(at, from.size(), to);
    }
    return s;
}

// Output with what differs between runs replaced by placeholders.
std::string masked(std::string text, const fs::path& workDir)
{
    text = replaceAll(text, workDir.string(), "$WORK");
    text = replaceAll(text, ETT_SAMPLES_DIR, "$SAMPLES");
    // Import times: the datasets' imported_at (RFC 3339 or "YYYY-MM-DD HH:MM:SS") ...
    static const std::regex stamp(R"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?)");
    static const std::regex importedAt(R"("imported_at":"[^"]*")");
    text = std::regex_replace(text, importedAt, R"("imported_at":"$$TIME")");
    // ... only in the datasets listing; elsewhere times are data.
    if (text.find("imported at") != std::string::npos || text.find("imported_at") != std::string::npos) {
        text = std::regex_replace(text, stamp, "$$TIME");
    }
    // ... and how long an import took.
    static const std::regex seconds(R"( in \d+\.\d{2} s\n)");
    return std::regex_replace(text, seconds, " in $$S s\n");
}

std::string shellQuote(const std::string& s)
{
    return "'" + replaceAll(s, "'", "'\\''") + "'";
}

// `diff -u` of the two files, for the failure message.
std::string unifiedDiff(const fs::path& expected, const fs::path& actual)
{
    std::string out;
    const std::string command = "diff -u " + shellQuote(expected.string()) + " " + shellQuote(actual.string());
    if (std::FILE* p = popen(command.c_str(), "r")) {
        char buffer[4096];
        for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, p)) > 0;) {
            out.append(buffer, n);
        }
        pclose(p);
    }
    return out;
}

// Compares one stream with its golden file (absent: expected empty), or writes the file when
// updating (an empty stream removes it).
void checkGolden(const std::string& file, const std::string& actual)
{
    const fs::path golden = fs::path(ETT_GOLDEN_DIR) / file;
    if (updating()) {
        if (actual.empty() && file.size() > 4 && file.substr(file.size() - 4) != ".out") {
            fs::remove(golden);
        } else {
            writeFile(golden, actual);
        }
        return;
    }
    const std::string expected = fs::exists(golden) ? readFile(golden) : std::string();
    if (actual == expected) {
        return;
    }
    const fs::path written = fs::path(ETT_GOLDEN_ACTUAL_DIR) / (file + ".actual");
    fs::create_directories(written.parent_path());
    writeFile(written, actual);
    ADD_FAILURE() << file << " differs from the golden file (ETT_UPDATE_GOLDEN=1 rewrites it); actual output in "
                  << written << "\n"
                  << unifiedDiff(fs::exists(golden) ? golden : fs::path("/dev/null"), written);
}

void checkCase(const GoldenCase& c, const RunResult& r, const fs::path& workDir)
{
    SCOPED_TRACE(c.name);
    checkGolden(c.name + ".out", masked(r.out, workDir));
    checkGolden(c.name + ".err", masked(r.err, workDir));
    checkGolden(c.name + ".code", r.exitCode == 0 ? std::string() : std::to_string(r.exitCode) + "\n");
}

// One database for every case, imported once; the directory is removed after the suite.
class Golden : public ::testing::TestWithParam<GoldenCase>
{
public:
    static void SetUpTestSuite()
    {
        s_root = fs::temp_directory_path() / ("ettw-golden-" + std::to_string(getpid()));
        fs::remove_all(s_root);
        fs::create_directories(s_root / "work");
        fs::create_directories(s_root / "io");
        for (const char* sample : { "worked-example.ett.jsonl", "fleet-200.ett.jsonl.gz" }) {
            fs::copy_file(fs::path(ETT_SAMPLES_DIR) / sample, s_root / "work" / sample);
        }
        s_imports.clear();
        for (const GoldenCase& c : kImports) {
            s_imports.push_back(run(c));
        }
    }

    static void TearDownTestSuite()
    {
        std::error_code ec;
        fs::remove_all(s_root, ec);
    }

    static RunResult run(const GoldenCase& c)
    {
        std::vector<std::string> args = c.args;
        if (c.withDb) {
            args.insert(args.begin() + 1, { "--db", "fleet.db" });
        }
        return runEttwIn(s_root / "work", s_root / "io", args);
    }

    static inline fs::path s_root;
    static inline std::vector<RunResult> s_imports;
};

TEST_P(Golden, OutputIsTheGoldenFile)
{
    checkCase(GetParam(), run(GetParam()), s_root / "work");
}

INSTANTIATE_TEST_SUITE_P(Cli, Golden, ::testing::ValuesIn(kCases), [](const auto& param) { return param.param.name; });

using GoldenImport = Golden;

TEST_F(GoldenImport, ImportsPrintWhatTheyStored)
{
    ASSERT_EQ(s_imports.size(), kImports.size());
    for (size_t i = 0; i < kImports.size(); ++i) {
        checkCase(kImports[i], s_imports[i], s_root / "work");
    }
}

} // namespace
