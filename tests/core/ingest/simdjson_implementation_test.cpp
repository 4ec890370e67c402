// The JSON readers under each simdjson implementation this CPU runs: the same file must give the
// same records, counted issues and error message, byte for byte, whatever instruction set parses
// it. Inputs: the shared real traces and the samples, and damaged copies of a small native and a
// small Chrome trace (cut at every byte, every byte replaced, a byte inserted everywhere), which is
// where simdjson's portable fallback and its vectorised implementations part unless the readers
// add firstPassError() (json_check.h): UTF-8 outside strings, strings left open, stray quotes. Two
// kinds of damage remain that only fail alike, with messages that may differ (fallbackBlindSpot()).
// Each file is read once per implementation in this process; ctest also runs the whole reader and
// store suite again under SIMDJSON_FORCE_IMPLEMENTATION=fallback.
#include "core/ingest/formats.h"
#include "core/ingest/simdjson_implementation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;

// Sets an implementation for its lifetime, then restores the one active before.
class ImplementationScope
{
public:
    explicit ImplementationScope(const std::string& name)
        : m_previous(simdjsonImplementation())
    {
        const Status st = useSimdjsonImplementation(name);
        EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    }
    ~ImplementationScope() { EXPECT_TRUE(useSimdjsonImplementation(m_previous).ok()); }
    ImplementationScope(const ImplementationScope&) = delete;
    ImplementationScope& operator=(const ImplementationScope&) = delete;

private:
    std::string m_previous;
};

std::string opt(const std::optional<int64_t>& v)
{
    return v ? std::to_string(*v) : "-";
}

// Everything a reader gives for a file, one line per record with every field, then the issues and
// how the read ended ("end" or the error's message).
std::string readEverything(const std::string& path, TraceFormat format)
{
    ReaderOptions options;
    options.format = format;
    auto reader = openRecordSource(path, options);
    if (!reader) {
        return "open error: " + reader.error().message + "\n";
    }
    std::ostringstream out;
    RecordBatch batch;
    for (;;) {
        auto more = (*reader)->nextBatch(batch, 1000);
        for (const RecordBatch::Ref& ref : batch.order) {
            out << ref.line << ' ';
            switch (ref.kind) {
            case RecordKind::Job: {
                const JobRecord& r = batch.jobs[ref.index];
                out << "job " << r.job << '|' << r.name << '|' << opt(r.gpus) << '|' << opt(r.submittedNs);
                for (const auto& [k, v] : r.attrs) {
                    out << '|' << k << '=' << v;
                }
                break;
            }
            case RecordKind::Attempt: {
                const AttemptRecord& r = batch.attempts[ref.index];
                out << "attempt " << r.job << '|' << r.attempt << '|' << r.startNs << '|' << r.endNs << '|'
                    << opt(r.gpus) << '|' << outcomeName(r.outcome) << '|' << opt(r.interruptedAtNs) << '|' << r.cause
                    << '|' << symptomName(r.symptom) << '|' << r.detail << '|' << r.windowFromTrace;
                break;
            }
            case RecordKind::Phase: {
                const PhaseRecord& r = batch.phases[ref.index];
                out << "phase " << r.job << '|' << r.attempt << '|' << categoryName(r.category) << '|' << r.subcategory
                    << '|' << r.startNs << '|' << r.endNs << '|' << r.rank << '|' << r.name;
                break;
            }
            case RecordKind::Checkpoint: {
                const CheckpointRecord& r = batch.checkpoints[ref.index];
                out << "checkpoint " << r.job << '|' << r.attempt << '|' << opt(r.step) << '|' << r.startNs << '|'
                    << opt(r.durableNs) << '|' << r.failed;
                break;
            }
            case RecordKind::Rank: {
                const RankRecord& r = batch.ranks[ref.index];
                out << "rank " << r.job << '|' << r.attempt << '|' << r.rank << '|' << r.host;
                break;
            }
            }
            out << '\n';
        }
        if (!more) {
            out << "error: " << more.error().message << '\n';
            break;
        }
        if (!*more) {
            out << "end after " << (*reader)->recordsRead() << " records\n";
            break;
        }
    }
    for (const auto& [key, e] : (*reader)->issues().entries()) {
        out << "issue " << key.first << '|' << key.second << '|' << e.count << '|' << e.firstLine << '|' << e.example
            << '\n';
    }
    return out.str();
}

// The first line where two dumps differ, both versions, for a failure message.
std::string firstDifference(const std::string& a, const std::string& b)
{
    std::istringstream ia(a);
    std::istringstream ib(b);
    std::string la;
    std::string lb;
    for (int line = 1;; ++line) {
        const bool moreA = static_cast<bool>(std::getline(ia, la));
        const bool moreB = static_cast<bool>(std::getline(ib, lb));
        if (!moreA && !moreB) {
            return "no difference";
        }
        if (!moreA || !moreB || la != lb) {
            return "line " + std::to_string(line) + ":\n  " + (moreA ? la : "(end)") + "\n  " + (moreB ? lb : "(end)");
        }
    }
}

// Whether one parse's input (a native line, a whole Chrome file) holds one of the two kinds of
// damage on which simdjson's fallback and vectorised implementations still part after
// firstPassError() (json_check.h): a quote glued to the end of a value outside strings (1"a":
// fallback reads one value, the others a value and a string), or a backslash before a non-ASCII
// byte inside a string (fallback's first pass skips half the character and finds invalid UTF-8,
// the others find the bad escape if the string is read). Strings as the vectorised scan sees them.
bool fallbackBlindSpot(std::string_view s)
{
    bool inString = false;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\\') {
            size_t run = 0;
            while (i < s.size() && s[i] == '\\') {
                ++run;
                ++i;
            }
            if (run % 2 == 1 && i < s.size()) {
                if (inString && static_cast<unsigned char>(s[i]) >= 0x80) {
                    return true;
                }
                ++i;
            }
            continue;
        }
        if (c == '"') {
            if (!inString && i > 0 && std::string_view(" \t\r\n{}[],:\"").find(s[i - 1]) == std::string_view::npos) {
                return true;
            }
            inString = !inString;
        }
        ++i;
    }
    return false;
}

bool fallbackBlindSpotInLines(std::string_view s)
{
    for (size_t begin = 0; begin <= s.size();) {
        const size_t end = std::min(s.find('\n', begin), s.size());
        if (fallbackBlindSpot(s.substr(begin, end - begin))) {
            return true;
        }
        begin = end + 1;
    }
    return false;
}

// Reads each file under fallback and under other implementations this CPU runs (all of them, or
// only the one simdjson picked); counts and reports (up to a few) the files where one differs from
// fallback. A file in a blind spot of fallback (see above) need only fail under each, with
// whatever message.
struct Comparison
{
    std::vector<std::string> others;
    int files = 0;
    int blindSpots = 0;
    int blindSpotsApart = 0; // blind spots where the messages differ
    int mismatches = 0;

    explicit Comparison(bool everyImplementation)
    {
        for (const std::string& name : simdjsonImplementations()) {
            if (name != "fallback" && (everyImplementation || others.empty())) {
                others.push_back(name);
            }
        }
    }

    void check(const std::string& path, TraceFormat format, const std::string& what, bool blindSpot = false)
    {
        auto failed = [](const std::string& dump) { return dump.find("error: ") != std::string::npos; };
        std::string expected;
        {
            ImplementationScope fallback("fallback");
            expected = readEverything(path, format);
        }
        bool apart = false;
        for (const std::string& name : others) {
            ImplementationScope scope(name);
            const std::string got = readEverything(path, format);
            apart = apart || got != expected;
            const bool same = got == expected || (blindSpot && failed(got) && failed(expected));
            if (!same && ++mismatches <= 5) {
                ADD_FAILURE() << what << ": " << name << " differs from fallback at " << firstDifference(expected, got);
            }
        }
        ++files;
        blindSpots += blindSpot ? 1 : 0;
        blindSpotsApart += apart ? 1 : 0;
    }
};

#define SKIP_WITHOUT_A_SECOND_IMPLEMENTATION(c)                                                                        \
    if ((c).others.empty()) {                                                                                          \
        GTEST_SKIP() << "this CPU runs no simdjson implementation but fallback";                                       \
    }

// A native trace touching every field handler and the skipped-value check: escapes, raw UTF-8 and
// surrogate pairs in strings, strings across the parser's 64-byte blocks, fractional and RFC 3339
// times, nested unknown values, a record of an unknown type.
const std::string kNativeTrace = std::string()
    + R"({"type":"header","format":"ett-trace","version":1,"time_unit":"ms",)"
      R"("source":"diff \"test\" \\ caf\u00e9 é","created":{"by":["x",1,2.5e3,true,null]}})"
      "\n"
    + R"({"type":"job","job":"J\u00e9",)"
      R"("name":"naïve — “quotes” 😀 and a name long enough to span two 64-byte blocks","gpus":8,)"
      R"("submitted":"2025-06-01T00:00:00.250Z","attrs":{"team":"vision","note":"tab\there",)"
      R"("z":"\ud83d\ude00"}})"
      "\n"
    + R"({"type":"attempt","job":"J\u00e9","attempt":0,"start":1748736000000.5,"end":1748739600000,)"
      R"("outcome":"failed","interrupted_at":1748739000000,"cause":"infra.gpu.xid_79",)"
      R"("symptom":"explicit","detail":"NCCL error: unhandled system error"})"
      "\r\n"
    + R"({"type":"phase","job":"J\u00e9","attempt":0,"phase":"train.step","start":1748736100000,)"
      R"("end":1748736200000,"rank":3,"name":"ProfilerStep#1","extra":{"a":[[[]]],)"
      R"("b":{"c":-0.0e-0}}})"
      "\n\n"
    + R"({"type":"checkpoint","job":"J\u00e9","attempt":0,"step":100,"start":1748736300000,)"
      R"("durable":null,"failed":true})"
      "\n"
    + R"({"type":"future","payload":[1,{"x":"y"},"\u20ac",false],)"
      R"("n":123456789012345678901234567890})"
      "\n";

// A Chrome trace with complete, begin/end, async, instant and metadata events, nested args, a
// base time and the rank settings.
const std::string kChromeTrace = std::string()
    + R"({"traceEvents":[)"
      "\n"
    + R"({"ph":"X","name":"ProfilerStep#1","cat":"user_annotation","ts":1000.5,"dur":2000,"pid":1,)"
      R"("tid":"main","args":{"note":"caf\u00e9 é 😀","nested":[1,[2,{"k":null}],true]}},)"
      "\n"
    + R"({"ph":"B","name":"enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__",)"
      R"("cat":"python_function","ts":3000,"pid":1,"tid":1},)"
      "\n"
    + R"({"ph":"E","ts":3500.25,"pid":1,"tid":1},)"
      "\n"
    + R"({"ph":"b","name":"async \"quoted\" name","cat":"c","id":"0x1","ts":4000,"pid":1,"tid":2},)"
      "\n"
    + R"({"ph":"e","name":"async \"quoted\" name","cat":"c","id":"0x1","ts":4100,"pid":1,"tid":2},)"
      "\n"
    + R"({"ph":"i","name":"Record Window End","ts":5000,"pid":1,"tid":1,"s":"g"},)"
      "\n"
    + R"({"ph":"M","name":"process_name","pid":1,"args":{"name":"python3"}},)"
      "\n"
    + R"({"ph":"X","name":"Optimizer.step#SGD.step","cat":"user_annotation","ts":4500,"dur":100,)"
      R"("pid":1,"tid":"main","id2":{"local":"0x2"}}],)"
      "\n"
    + R"("displayTimeUnit":"ms","baseTimeNanoseconds":1700000000000000000,)"
      R"("distributedInfo":{"rank":0,"world_size":8},"deviceProperties":[{"name":"GPU \u00e9",)"
      R"("mem":1e10}]})"
      "\n";

// Bytes that change what JSON means, and bytes that are not UTF-8 or start a sequence.
const std::string kDamage = std::string("\"\\{}[],: \n0-.etnu\x1f") + std::string(1, '\0') + "\xff\xc3\xe2\xf0\x80\xed";

// Reads the trace cut at every byte, with every byte replaced (twice, by different bytes) and with
// a byte inserted before every byte.
void checkDamagedCopies(Comparison& c, const std::string& trace, TraceFormat format, const std::string& name)
{
    test::TempDir dir;
    const std::string whole = readEverything(dir.write(name, trace), format);
    EXPECT_NE(whole.find("\nend after "), std::string::npos) << name << " must read whole:\n" << whole;
    auto run = [&](const std::string& content, const std::string& what) {
        const bool blindSpot
            = format == TraceFormat::Ett ? fallbackBlindSpotInLines(content) : fallbackBlindSpot(content);
        c.check(dir.write(name, content), format, name + " " + what, blindSpot);
    };
    for (size_t i = 0; i < trace.size(); ++i) {
        run(trace.substr(0, i), "cut at byte " + std::to_string(i));
        for (size_t k : { i % kDamage.size(), (i * 7 + 3) % kDamage.size() }) {
            std::string replaced = trace;
            replaced[i] = kDamage[k];
            run(replaced,
                "byte " + std::to_string(i) + " replaced by " + std::to_string(static_cast<unsigned char>(kDamage[k])));
        }
        std::string inserted = trace;
        inserted.insert(i, 1, kDamage[(i * 5 + 1) % kDamage.size()]);
        run(inserted, "a byte inserted at " + std::to_string(i));
    }
}

TEST(SimdjsonImplementation, ListsFallbackAndSwitchesByName)
{
    const std::vector<std::string> names = simdjsonImplementations();
    ASSERT_FALSE(names.empty());
    EXPECT_EQ(names.back(), "fallback") << "the portable implementation comes last";
    const std::string before = simdjsonImplementation();
    {
        ImplementationScope scope("fallback");
        EXPECT_EQ(simdjsonImplementation(), "fallback");
    }
    EXPECT_EQ(simdjsonImplementation(), before);
}

TEST(SimdjsonImplementation, RefusesANameThisCpuDoesNotRun)
{
    const std::string before = simdjsonImplementation();
    const Status st = useSimdjsonImplementation("avx9000");
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().message.rfind("simdjson implementation 'avx9000': not one this CPU runs (", 0), 0u)
        << st.error().message;
    EXPECT_NE(st.error().message.find("fallback)"), std::string::npos) << st.error().message;
    EXPECT_EQ(simdjsonImplementation(), before);
}

// Only meaningful in the ctest copy of the suite that sets the variable.
TEST(SimdjsonImplementation, FollowsSimdjsonForceImplementation)
{
    const char* forced = std::getenv("SIMDJSON_FORCE_IMPLEMENTATION");
    if (!forced) {
        GTEST_SKIP() << "SIMDJSON_FORCE_IMPLEMENTATION is not set (ctest sets it for the simdjson_fallback. tests)";
    }
    EXPECT_EQ(simdjsonImplementation(), forced);
}

TEST(SimdjsonImplementations, GiveTheSameResultsOnTheRealTracesAndSamples)
{
    Comparison c(true);
    SKIP_WITHOUT_A_SECOND_IMPLEMENTATION(c);
    std::vector<std::pair<std::string, TraceFormat>> files = {
        { std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl", TraceFormat::Ett },
        { std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz", TraceFormat::Ett },
    };
    const fs::path shared = ETT_SHARED_DATA_DIR;
    for (const char* folder : { "chrome-trace-examples", "kineto-tb-plugin-samples", "hta-kineto-traces" }) {
        if (!fs::is_directory(shared / folder)) {
            continue;
        }
        for (const auto& e : fs::recursive_directory_iterator(shared / folder)) {
            const std::string p = e.path().string();
            if (e.is_regular_file() && (p.ends_with(".json") || p.ends_with(".json.gz"))) {
                files.emplace_back(p, TraceFormat::Chrome);
            }
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& [path, format] : files) {
        c.check(path, format, path);
    }
    EXPECT_EQ(c.mismatches, 0) << "of " << c.files << " files";
}

TEST(SimdjsonImplementations, GiveTheSameResultsAndErrorsOnDamagedNativeTraces)
{
    Comparison c(false);
    SKIP_WITHOUT_A_SECOND_IMPLEMENTATION(c);
    checkDamagedCopies(c, kNativeTrace, TraceFormat::Ett, "trace.ett.jsonl");
    EXPECT_EQ(c.mismatches, 0) << "of " << c.files << " files";
    std::printf("%d damaged copies, %d in fallback's blind spots, %d of them with another message\n", c.files,
        c.blindSpots, c.blindSpotsApart);
}

TEST(SimdjsonImplementations, GiveTheSameResultsAndErrorsOnDamagedChromeTraces)
{
    Comparison c(false);
    SKIP_WITHOUT_A_SECOND_IMPLEMENTATION(c);
    checkDamagedCopies(c, kChromeTrace, TraceFormat::Chrome, "trace.json");
    EXPECT_EQ(c.mismatches, 0) << "of " << c.files << " files";
    std::printf("%d damaged copies, %d in fallback's blind spots, %d of them with another message\n", c.files,
        c.blindSpots, c.blindSpotsApart);
}

} // namespace
} // namespace ett::core
