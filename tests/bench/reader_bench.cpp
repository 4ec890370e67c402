// Parse speed of every reader: each format's reader alone (no store), on the
// shared real files and on a large Chrome trace made of a real Kineto trace's events repeated.
// Prints one JSON object per line: bytes, records, the median of several runs, MB/s, and the
// ratio to baselines run in the same process on the same file: reading its bytes (ByteSource,
// gzip included) and, for JSON, simdjson's DOM parse of the content alone.
//
//   reader_bench [--shared DIR] [--repeats N] [--chrome-copies K] [--dir TMP]
#include "core/ingest/byte_source.h"
#include "core/ingest/formats.h"
#include "core/ingest/record_source.h"

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

double timeIt(const std::function<void()>& f, int repeats)
{
    std::vector<double> s;
    for (int i = 0; i < repeats; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return median(s);
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
    ReaderOptions o;
    o.format = format;
    o.year = 2025;
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
    const double reader = timeIt([&] { records = drain(path, format); }, repeats);
    const double raw = timeIt([&] { (void)readContent(path); }, repeats);
    double dom = 0;
    if (json) {
        const std::string content = readContent(path);
        const simdjson::padded_string padded(content);
        simdjson::dom::parser parser;
        dom = timeIt(
            [&] {
                simdjson::dom::element e;
                if (parser.parse(padded).get(e)) {
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
        std::printf(", \"simdjson_dom_seconds\": %.6f, \"reader_over_simdjson_dom\": %.2f", dom, reader / dom);
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

} // namespace

int main(int argc, char** argv)
{
    std::string shared = ETT_SHARED_DATA_DIR;
    int repeats = 5;
    int copies = 6;
    fs::path dir = fs::temp_directory_path();
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--shared") {
            shared = argv[i + 1];
        } else if (a == "--repeats") {
            repeats = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--chrome-copies") {
            copies = std::max(1, std::atoi(argv[i + 1]));
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
    bench((s / "nsys-sqlite/saxpy-mpi-cuda_nsys_perlmutter0.sqlite").string(), TraceFormat::Nsys, repeats, false);
    bench((s / "mlperf-training-v4.0/Dell/results/XE9680x8H100-SXM-80GB/resnet/result_4.txt").string(),
        TraceFormat::Mlperf, repeats, false);
    bench((s / "torchtitan-logs/runs/run51-flex-compile-bf16-lbs6-no-flight-recorder/run.log").string(),
        TraceFormat::Log, repeats, false);
    bench((s / "cluster-job-tables/philly_data_training.csv").string(), TraceFormat::Table, repeats, false);
    return 0;
}
