// Parse speed of every reader: each format's reader alone (no store), on the shared real files,
// on a large Chrome trace made of a real Kineto trace's events repeated, and on the native sample
// fleet as it is and with its records repeated. Prints one JSON object per line: bytes, records,
// the median of several runs, MB/s, and the ratio to baselines run in the same process on the same
// file: reading its bytes (ByteSource, gzip included) and, for JSON, simdjson's DOM parse of the
// content alone. The JSON readers are also timed with simdjson held to its portable "fallback"
// implementation, runs alternating with those under the implementation simdjson picked for this
// CPU ("simdjson"), so that "fallback_over_dispatched" is what the run-time choice gains.
//
//   reader_bench [--shared DIR] [--repeats N] [--chrome-copies K] [--native-copies K] [--dir TMP]
#include "core/ingest/byte_source.h"
#include "core/ingest/formats.h"
#include "core/ingest/record_source.h"
#include "core/ingest/simdjson_implementation.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace ett::core;
namespace fs = std::filesystem;

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

double seconds(const std::function<void()>& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double timeIt(const std::function<void()>& f, int repeats)
{
    std::vector<double> s;
    for (int i = 0; i < repeats; ++i) {
        s.push_back(seconds(f));
    }
    return median(s);
}

void useImplementation(const std::string& name)
{
    if (const Status st = useSimdjsonImplementation(name); !st) {
        std::fprintf(stderr, "%s\n", st.error().message.c_str());
        std::exit(1);
    }
}

// Medians of the reader's runs under the implementation simdjson picked and, for JSON, under
// "fallback": one run of each in turn, so that both see the same state of a shared machine.
struct ReaderTimes
{
    double dispatched = 0;
    double fallback = 0;
};

ReaderTimes timeReader(const std::function<void()>& f, int repeats, bool json)
{
    const std::string dispatched = simdjsonImplementation();
    std::vector<double> d;
    std::vector<double> fb;
    for (int i = 0; i < repeats; ++i) {
        d.push_back(seconds(f));
        if (json) {
            useImplementation("fallback");
            fb.push_back(seconds(f));
            useImplementation(dispatched);
        }
    }
    return { median(d), median(fb) };
}

std::string readContent(const std::string& path)
{
    auto src = ByteSource::open(path);
    if (!src) {
        std::fprintf(stderr, "%s\n", src.error().message.c_str());
        std::exit(1);
    }
    std::string out;
    std::vector<char> buf(1 << 20);
    for (;;) {
        auto n = (*src)->read(buf.data(), buf.size());
        if (!n || *n == 0) {
            break;
        }
        out.append(buf.data(), *n);
    }
    return out;
}

int64_t drain(const std::string& path, TraceFormat format)
{
    // Only the format: the console log's own full dates give its year (a --year that disagrees
    // with them is refused).
    ReaderOptions o;
    o.format = format;
    auto r = openRecordSource(path, o);
    if (!r) {
        std::fprintf(stderr, "%s\n", r.error().message.c_str());
        std::exit(1);
    }
    RecordBatch batch;
    for (;;) {
        auto more = (*r)->nextBatch(batch, 16384);
        if (!more) {
            std::fprintf(stderr, "%s\n", more.error().message.c_str());
            std::exit(1);
        }
        if (!*more) {
            break;
        }
    }
    return (*r)->recordsRead();
}

void bench(const std::string& path, TraceFormat format, int repeats, bool json)
{
    const int64_t bytes = static_cast<int64_t>(readContent(path).size());
    int64_t records = 0;
    const ReaderTimes times = timeReader([&] { records = drain(path, format); }, repeats, json);
    const double reader = times.dispatched;
    const double raw = timeIt([&] { (void)readContent(path); }, repeats);
    double dom = 0;
    if (json) {
        const std::string content = readContent(path);
        const simdjson::padded_string padded(content);
        simdjson::dom::parser parser;
        // A native trace is JSON Lines: one document per line, parsed as a stream.
        const bool lines = format == TraceFormat::Ett;
        dom = timeIt(
            [&] {
                bool ok = true;
                if (lines) {
                    simdjson::dom::document_stream docs;
                    ok = !parser.parse_many(padded).get(docs);
                    for (auto doc : docs) {
                        ok = ok && !doc.error();
                    }
                } else {
                    simdjson::dom::element e;
                    ok = !parser.parse(padded).get(e);
                }
                if (!ok) {
                    std::fprintf(stderr, "simdjson: cannot parse %s\n", path.c_str());
                }
            },
            repeats);
    }
    std::printf("{\"format\": \"%s\", \"file\": \"%s\", \"content_bytes\": %lld, \"records\": %lld, "
                "\"reader_seconds\": %.6f, \"reader_mb_per_s\": %.1f, \"read_bytes_seconds\": %.6f, "
                "\"reader_over_read\": %.2f",
        std::string(traceFormatName(format)).c_str(), fs::path(path).filename().c_str(), static_cast<long long>(bytes),
        static_cast<long long>(records), reader, static_cast<double>(bytes) / 1e6 / reader, raw, reader / raw);
    if (json) {
        std::printf(
            ", \"simdjson_dom_seconds\": %.6f, \"reader_over_simdjson_dom\": %.2f, \"simdjson\": \"%s\", "
            "\"fallback_reader_seconds\": %.6f, \"fallback_mb_per_s\": %.1f, \"fallback_over_dispatched\": %.2f",
            dom, reader / dom, simdjsonImplementation().c_str(), times.fallback,
            static_cast<double>(bytes) / 1e6 / times.fallback, times.fallback / reader);
    }
    std::printf("}\n");
    std::fflush(stdout);
}

// A large Chrome trace: a real Kineto trace's events repeated `copies` times in one array.
std::string bigChromeTrace(const std::string& real, int copies, const fs::path& dir)
{
    const std::string content = readContent(real);
    const auto key = content.find("\"traceEvents\"");
    const auto open = content.find('[', key);
    const auto close = content.rfind(']');
    if (key == std::string::npos || open == std::string::npos || close == std::string::npos || close < open) {
        std::fprintf(stderr, "%s: no traceEvents array\n", real.c_str());
        std::exit(1);
    }
    std::string events = content.substr(open + 1, close - open - 1);
    while (!events.empty() && (events.back() == ' ' || events.back() == '\n' || events.back() == ',')) {
        events.pop_back();
    }
    const fs::path out = dir / "reader-bench-chrome.json";
    std::ofstream f(out, std::ios::binary);
    f << content.substr(0, open + 1);
    for (int i = 0; i < copies; ++i) {
        f << (i ? ",\n" : "\n") << events;
    }
    f << "\n" << content.substr(close);
    return out.string();
}

// A large native trace: the sample fleet's header, then its records repeated `copies` times
// (the same jobs again: the reader checks records one by one, the importer would refuse them).
std::string bigNativeTrace(const std::string& sample, int copies, const fs::path& dir)
{
    const std::string content = readContent(sample);
    const auto headerEnd = content.find('\n');
    if (headerEnd == std::string::npos) {
        std::fprintf(stderr, "%s: no header line\n", sample.c_str());
        std::exit(1);
    }
    const fs::path out = dir / "reader-bench-native.ett.jsonl";
    std::ofstream f(out, std::ios::binary);
    f << content.substr(0, headerEnd + 1);
    for (int i = 0; i < copies; ++i) {
        f << content.substr(headerEnd + 1);
    }
    return out.string();
}

} // namespace

int main(int argc, char** argv)
{
    std::string shared = ETT_SHARED_DATA_DIR;
    int repeats = 5;
    int copies = 6;
    int nativeCopies = 8;
    fs::path dir = fs::temp_directory_path();
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--shared") {
            shared = argv[i + 1];
        } else if (a == "--repeats") {
            repeats = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--chrome-copies") {
            copies = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--native-copies") {
            nativeCopies = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--dir") {
            dir = argv[i + 1];
        }
    }
    if (!fs::is_directory(shared)) {
        std::fprintf(stderr, "reader_bench: no shared data at %s (give --shared DIR)\n", shared.c_str());
        return 1;
    }
    const fs::path s(shared);
    const std::string kineto
        = (s / "kineto-tb-plugin-samples/resnet50_num_workers_0/worker0.1623143089861.pt.trace.json.gz").string();
    bench(kineto, TraceFormat::Chrome, repeats, true);
    const std::string big = bigChromeTrace(kineto, copies, dir);
    bench(big, TraceFormat::Chrome, repeats, true);
    fs::remove(big);
    const std::string fleet = std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz";
    bench(fleet, TraceFormat::Ett, repeats, true);
    const std::string bigNative = bigNativeTrace(fleet, nativeCopies, dir);
    bench(bigNative, TraceFormat::Ett, repeats, true);
    fs::remove(bigNative);
    bench((s / "nsys-sqlite/saxpy-mpi-cuda_nsys_perlmutter0.sqlite").string(), TraceFormat::Nsys, repeats, false);
    bench((s / "mlperf-training-v4.0/Dell/results/XE9680x8H100-SXM-80GB/resnet/result_4.txt").string(),
        TraceFormat::Mlperf, repeats, false);
    bench((s / "torchtitan-logs/runs/run51-flex-compile-bf16-lbs6-no-flight-recorder/run.log").string(),
        TraceFormat::Log, repeats, false);
    bench((s / "cluster-job-tables/philly_data_training.csv").string(), TraceFormat::Table, repeats, false);
    return 0;
}
