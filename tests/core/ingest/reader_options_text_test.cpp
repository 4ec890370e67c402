// The options a file was read with, as its dataset keeps them (core/ingest/reader_options_text.h).
#include "core/ingest/reader_options_text.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

ReaderOptions everyOption()
{
    ReaderOptions o;
    o.mappingPath = "/rules/my site's \"rules\".json";
    o.job = "job 7";
    o.attempt = 2;
    o.rank = 0;
    o.timezone = "+02:00";
    o.year = 2026;
    o.gpusPerNode = 8;
    return o;
}

TEST(ReaderOptionsText, TheDefaultsAreAnEmptyObjectAndNoFlags)
{
    EXPECT_EQ(readerOptionsJson(ReaderOptions {}), "{}");
    EXPECT_EQ(readerOptionsFlags(ReaderOptions {}), "");
    // What an import derives for one reading is not kept.
    ReaderOptions derived;
    derived.format = TraceFormat::Log;
    derived.jobName = "cfg-a";
    derived.companions = { "cycle_info.0" };
    derived.copyOf = "/runs/a.log";
    EXPECT_EQ(readerOptionsJson(derived), "{}");
}

TEST(ReaderOptionsText, EveryOptionGoesAndComesBackInTheDocumentedOrder)
{
    const ReaderOptions o = everyOption();
    const std::string json = readerOptionsJson(o);
    EXPECT_EQ(json,
        R"({"mapping":"/rules/my site's \"rules\".json","job":"job 7","attempt":2,"rank":0,"timezone":"+02:00",)"
        R"("year":2026,"gpus_per_node":8})");
    auto back = parseReaderOptionsJson(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->mappingPath, o.mappingPath);
    EXPECT_EQ(back->job, o.job);
    EXPECT_EQ(back->attempt, o.attempt);
    EXPECT_EQ(back->rank, o.rank);
    EXPECT_EQ(back->timezone, o.timezone);
    EXPECT_EQ(back->year, o.year);
    EXPECT_EQ(back->gpusPerNode, o.gpusPerNode);
    EXPECT_EQ(back->format, TraceFormat::Auto);
    EXPECT_EQ(readerOptionsJson(*back), json);
}

TEST(ReaderOptionsText, FlagsAreWhatEttwImportTakesQuotedForAShell)
{
    EXPECT_EQ(readerOptionsFlags(everyOption()),
        "--mapping '/rules/my site'\\''s \"rules\".json' --job 'job 7' --attempt 2 --rank 0 --timezone +02:00 "
        "--year 2026 --gpus-per-node 8");
}

TEST(ReaderOptionsText, AnUnreadableTextNamesTheKeyAndFallsBackToTheOptionsGiven)
{
    const std::pair<const char*, const char*> bad[] = {
        { "[]", "not a JSON object" },
        { "{", "not valid JSON" },
        { R"({"colour":"red"})", "unknown option \"colour\"" },
        { R"({"year":"2026"})", "\"year\": expected a year from 1970 to 2262" },
        { R"({"year":1969})", "\"year\": expected a year" },
        { R"({"attempt":-1})", "\"attempt\": expected a whole number of at least 0" },
        { R"({"gpus_per_node":0})", "\"gpus_per_node\": expected a whole number of at least 1" },
        { R"({"rank":4294967296})", "\"rank\": expected a whole number" },
        { R"({"job":7})", "\"job\": expected a string" },
    };
    ReaderOptions given;
    given.timezone = "-05:00";
    for (const auto& [text, expected] : bad) {
        SCOPED_TRACE(text);
        auto parsed = parseReaderOptionsJson(text);
        ASSERT_FALSE(parsed.ok());
        EXPECT_NE(parsed.error().message.find(expected), std::string::npos) << parsed.error().message;
        EXPECT_EQ(storedOrGiven(text, given).timezone, "-05:00");
    }
    // Not known (a file imported before schema 6): the options given.
    EXPECT_EQ(storedOrGiven("", given).timezone, "-05:00");
    // Known: the stored ones, even where they are the defaults.
    EXPECT_EQ(storedOrGiven("{}", given).timezone, "UTC");
    EXPECT_EQ(storedOrGiven(R"({"timezone":"+01:00"})", given).timezone, "+01:00");
    // Their flags: nullopt when not known, "" for the defaults.
    EXPECT_EQ(storedOptionsFlags(""), std::nullopt);
    EXPECT_EQ(storedOptionsFlags("[]"), std::nullopt);
    EXPECT_EQ(storedOptionsFlags("{}"), "");
    EXPECT_EQ(storedOptionsFlags(R"({"year":2026,"timezone":"+01:00"})"), "--timezone +01:00 --year 2026");
}

} // namespace
} // namespace ett::core
