// The excluded-windows file (JSON and CSV): what it accepts, how it merges, how it names a fault.
#include "core/ingest/excluded_file.h"
#include "core/model/timeutil.h"
#include "core/store/excluded_store.h"

#include <gtest/gtest.h>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kS = kNsPerSecond;

TEST(ExcludedFile, JsonTakesRfc3339StringsAndExactEpochSecondsAndMerges)
{
    auto w = parseExcludedWindows(R"([
        {"start": "1970-01-01T10:00:00Z", "end": "1970-01-01T11:00:00Z", "note": "maintenance"},
        {"start": 39000, "end": 40000.000000001},
        {"start": "100", "end": 200}
    ])",
        "x.json");
    ASSERT_TRUE(w.ok()) << w.error().message;
    ASSERT_EQ(w->size(), 2u);
    EXPECT_EQ((*w)[0], (TimeSpan { 100 * kS, 200 * kS }));
    EXPECT_EQ((*w)[1], (TimeSpan { 36000 * kS, 40000 * kS + 1 }));
    auto back = parseExcludedWindows(excludedWindowsJson(*w), "again");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, *w);
}

TEST(ExcludedFile, CsvWithHeaderBlankLinesAndNotes)
{
    auto w = parseExcludedWindows(
        "start,end,note\n\n36000,39600,outage, east\r\n2025-06-01,2025-06-01T06:00:00Z,\n", "x.csv");
    ASSERT_TRUE(w.ok()) << w.error().message;
    ASSERT_EQ(w->size(), 2u);
    EXPECT_EQ((*w)[0], (TimeSpan { 36000 * kS, 39600 * kS }));
    EXPECT_EQ((*w)[1].toNs - (*w)[1].fromNs, 6 * 3600 * kS);
    auto empty = parseExcludedWindows("start,end\n", "e.csv");
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->empty());
}

// Windows written on a command line: START/END, several with commas, any time form of a file; a
// path is not of that form (nullopt), and an end before its start is an error naming the window.
TEST(ExcludedFile, InlineWindowsAreStartSlashEndSeparatedByCommas)
{
    auto w = parseInlineExcludedWindows("1970-01-01T10:00:00Z/39600, 100/200.5,150/300");
    ASSERT_TRUE(w.has_value());
    ASSERT_TRUE(w->ok()) << w->error().message;
    ASSERT_EQ((*w)->size(), 2u);
    EXPECT_EQ((**w)[0], (TimeSpan { 100 * kS, 300 * kS }));
    EXPECT_EQ((**w)[1], (TimeSpan { 36000 * kS, 39600 * kS }));
    auto slip = parseInlineExcludedWindows("100/200,,150/300,");
    ASSERT_TRUE(slip && slip->ok());
    EXPECT_EQ(**slip, (std::vector<TimeSpan> { { 100 * kS, 300 * kS } }));
    EXPECT_FALSE(parseInlineExcludedWindows(",").has_value());
    auto dates = parseInlineExcludedWindows("2025-06-01/2025-06-02");
    ASSERT_TRUE(dates && dates->ok());
    EXPECT_EQ((*dates)->front().toNs - (*dates)->front().fromNs, 24 * 3600 * kS);

    for (const char* path : { "maint.csv", "/tmp/maint.json", "plans/2025/maint.json", "100/200,maint.csv", "" }) {
        EXPECT_FALSE(parseInlineExcludedWindows(path).has_value()) << path;
    }
    auto backwards = parseInlineExcludedWindows("2025-06-02/2025-06-01");
    ASSERT_TRUE(backwards.has_value());
    ASSERT_FALSE(backwards->ok());
    EXPECT_EQ(backwards->error().message,
        "2025-06-02/2025-06-01: end: 2025-06-01T00:00:00Z is before start 2025-06-02T00:00:00Z");
    // loadExcludedWindows: inline first, else the file (its error names the path).
    auto missing = loadExcludedWindows("no-such-dir/maint.csv");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(
        missing.error().message.find("no-such-dir/maint.csv: cannot open the excluded-windows file"), std::string::npos)
        << missing.error().message;
}

// The window's editor: a window a line, comments and blank lines skipped, errors naming the line;
// the lines it is given back read the same windows.
TEST(ExcludedFile, WindowLinesNameTheLineOfAFaultAndReadBackTheirOwnText)
{
    auto w = parseExcludedWindowLines("# maintenance\n\n  2025-06-01T02:00:00Z/2025-06-01T06:00:00Z  \r\n"
                                      "1748995200/1749002400, 100/200\n");
    ASSERT_TRUE(w.ok()) << w.error().message;
    ASSERT_EQ(w->size(), 3u);
    EXPECT_EQ((*w)[0], (TimeSpan { 100 * kS, 200 * kS }));
    EXPECT_EQ(excludedWindowLines(*w),
        "1970-01-01T00:01:40Z/1970-01-01T00:03:20Z\n2025-06-01T02:00:00Z/2025-06-01T06:00:00Z\n"
        "2025-06-04T00:00:00Z/2025-06-04T02:00:00Z\n");
    auto back = parseExcludedWindowLines(excludedWindowLines(*w));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, *w);
    auto none = parseExcludedWindowLines("\n# nothing yet\n");
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());

    auto bad = parseExcludedWindowLines("2025-06-01/2025-06-02\ntomorrow/2025-06-03\n");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message,
        "line 2: expected START/END, each an RFC 3339 time, a date or epoch seconds (got 'tomorrow/2025-06-03')");
    auto backwards = parseExcludedWindowLines("\n\n2025-06-03/2025-06-02");
    ASSERT_FALSE(backwards.ok());
    EXPECT_EQ(backwards.error().message,
        "line 3: 2025-06-03/2025-06-02: end: 2025-06-02T00:00:00Z is before start 2025-06-03T00:00:00Z");
}

TEST(ExcludedFile, ErrorsNameTheFileTheLineAndTheField)
{
    auto badEnd = parseExcludedWindows("[{\"start\": 1, \"end\": 2},\n {\"start\": 5,\n  \"end\": true}]", "m.json");
    ASSERT_FALSE(badEnd.ok());
    EXPECT_EQ(
        badEnd.error().message, "m.json:3: [1].end: expected an RFC 3339 time, a date or epoch seconds (got true)");
    auto missing = parseExcludedWindows("[\n{\"start\": 5}]", "m.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "m.json:2: [0]: end: missing (every interval has a start and an end)");
    auto unknown = parseExcludedWindows("[{\"start\": 5, \"stop\": 6}]", "m.json");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().message, "m.json:1: [0].stop: unknown key (the keys are start, end and note)");
    auto backwards = parseExcludedWindows("start,end\n10,20\n30,25\n", "m.csv");
    ASSERT_FALSE(backwards.ok());
    EXPECT_EQ(backwards.error().message, "m.csv:3: end: 1970-01-01T00:00:25Z is before start 1970-01-01T00:00:30Z");
    auto badStart = parseExcludedWindows("start,end\nyesterday,20\n", "m.csv");
    ASSERT_FALSE(badStart.ok());
    EXPECT_EQ(badStart.error().message,
        "m.csv:2: start: expected an RFC 3339 time, a date or epoch seconds (got 'yesterday')");
    auto header = parseExcludedWindows("from,to\n1,2\n", "m.csv");
    ASSERT_FALSE(header.ok());
    EXPECT_EQ(header.error().message, "m.csv:1: expected the header start,end (or start,end,note), got 'from,to'");
    EXPECT_FALSE(parseExcludedWindows("{\"start\": 1, \"end\": 2}", "o.json").ok());
    EXPECT_FALSE(parseExcludedWindows("[{\"start\": 1, \"end\": 2}] x", "t.json").ok());
    auto none = loadExcludedWindowsFile("/nonexistent/excluded.json");
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("/nonexistent/excluded.json: cannot open"), std::string::npos);
}

TEST(ExcludedFile, ADatabaseKeepsItsWindowsAndForgetsThemWhenEmpty)
{
    test::Store store;
    auto none = loadExcludedWindows(store.db());
    ASSERT_TRUE(none.ok()) << none.error().message;
    EXPECT_TRUE(none->empty());
    const std::vector<TimeSpan> windows { { 50 * kS, 60 * kS }, { 10 * kS, 20 * kS + 7 }, { 15 * kS, 30 * kS } };
    ASSERT_TRUE(saveExcludedWindows(store.db(), windows).ok());
    auto back = loadExcludedWindows(store.db());
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, normalizeExcluded(windows));
    ASSERT_TRUE(saveExcludedWindows(store.db(), {}).ok());
    back = loadExcludedWindows(store.db());
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back->empty());
}

} // namespace
} // namespace ett::core
