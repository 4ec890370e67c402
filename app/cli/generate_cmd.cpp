#include "app/cli/generate_cmd.h"

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#include <fmt/core.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <zstd.h>

#include "samples/synth/generator.h"

namespace ett::app {

using namespace ett::core;

namespace {

constexpr int kDefaultDays = 14;
// The share of a bounded fleet's GPU time the jobs ask for when --days is not given: busy, with
// room for the queue to drain.
constexpr double kTargetLoad = 0.7;

// The days over which the jobs keep the fleet about kTargetLoad busy, at least kDefaultDays: the
// GPU time of every attempt, from a pass without capacity (attempt lengths do not depend on the
// days nor on the capacity, only on the seed).
int daysForLoad(GeneratorOptions options)
{
    const double capacityGpus = static_cast<double>(totalGpus(options.capacity));
    options.capacity.clear();
    FleetGenerator gen(options);
    GeneratedJob job;
    double gpuSeconds = 0;
    while (gen.next(job)) {
        for (const auto& a : job.attempts) {
            gpuSeconds += static_cast<double>(a.endNs - a.startNs) / 1e9
                * static_cast<double>(a.gpus.value_or(job.job.gpus.value_or(1)));
        }
    }
    const double days = std::ceil(gpuSeconds / (kTargetLoad * capacityGpus * 86'400.0));
    return static_cast<int>(std::clamp(days, static_cast<double>(kDefaultDays), 3650.0));
}

} // namespace

int runGenerate(const GenerateCmd& cmd)
{
    auto capacity = parseFleetCapacity(cmd.capacity, "--capacity");
    if (!capacity) {
        return fail(capacity.error().message);
    }
    GeneratorOptions options;
    options.jobs = cmd.jobs;
    options.seed = cmd.seed;
    options.capacity = std::move(capacity.value());
    options.ranks = cmd.ranks;
    options.days = cmd.days.value_or(kDefaultDays);
    if (!cmd.days && hasCapacity(options)) {
        options.days = daysForLoad(options);
    }
    const bool gzip = cmd.out.ends_with(".gz");
    const bool zstd = cmd.out.ends_with(".zst");
    // Write to a temporary name and rename at the end, so that a failure never leaves half a file.
    const std::string tmp = cmd.out + ".partial";
    std::FILE* plain = nullptr;
    gzFile gz = nullptr;
    if (gzip) {
        gz = gzopen(tmp.c_str(), "wb6");
    } else {
        plain = std::fopen(tmp.c_str(), "wb");
    }
    if (!gz && !plain) {
        return fail("cannot write " + tmp + ": " + std::strerror(errno));
    }
    // zstd: one frame, level 3 with a checksum (as the zstd command writes), streamed to the file.
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> zc(zstd ? ZSTD_createCCtx() : nullptr, &ZSTD_freeCCtx);
    if (zc) {
        ZSTD_CCtx_setParameter(zc.get(), ZSTD_c_compressionLevel, 3);
        ZSTD_CCtx_setParameter(zc.get(), ZSTD_c_checksumFlag, 1);
    }
    std::vector<char> compressed(zstd ? ZSTD_CStreamOutSize() : 0);
    auto compress = [&](std::string_view s, ZSTD_EndDirective mode) -> bool {
        ZSTD_inBuffer in { s.data(), s.size(), 0 };
        for (bool more = true; more;) {
            ZSTD_outBuffer out { compressed.data(), compressed.size(), 0 };
            const size_t left = ZSTD_compressStream2(zc.get(), &out, &in, mode);
            if (ZSTD_isError(left) != 0 || std::fwrite(compressed.data(), 1, out.pos, plain) != out.pos) {
                return false;
            }
            more = mode == ZSTD_e_end ? left != 0 : in.pos < in.size;
        }
        return true;
    };
    auto write = [&](const std::string& s) -> bool {
        if (gz) {
            return gzwrite(gz, s.data(), static_cast<unsigned>(s.size())) == static_cast<int>(s.size());
        }
        if (zc) {
            return compress(s, ZSTD_e_continue);
        }
        return std::fwrite(s.data(), 1, s.size(), plain) == s.size();
    };
    bool ok = write(generatorHeaderLine(options) + "\n");
    FleetGenerator gen(options);
    GeneratedJob job;
    std::string buffer;
    int64_t records = 0; // not counting the header line, like `ettw import`
    while (ok && gen.next(job)) {
        buffer.clear();
        appendJobLines(job, buffer);
        records += static_cast<int64_t>(
            1 + job.attempts.size() + job.phases.size() + job.checkpoints.size() + job.ranks.size());
        ok = write(buffer);
    }
    ok = ok && (!zc || compress({}, ZSTD_e_end));
    const bool closed = gz ? gzclose(gz) == Z_OK : std::fclose(plain) == 0;
    if (!ok || !closed) {
        std::remove(tmp.c_str());
        return fail("cannot write " + cmd.out + " (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, cmd.out, ec);
    if (ec) {
        std::remove(tmp.c_str());
        return fail("cannot rename " + tmp + " to " + cmd.out + ": " + ec.message());
    }
    std::string fleet;
    if (hasCapacity(options)) {
        fleet = fmt::format(", {} of {} GPUs in all, {} still queued when the trace was taken",
            countOf(static_cast<int64_t>(options.capacity.size()), "cluster", "clusters"),
            countText(totalGpus(options.capacity)), countOf(gen.jobsNeverStarted(), "job", "jobs"));
    }
    print(fmt::format("wrote {}: {}, {} ({}), seed {}, {}{}\n", cmd.out, countOf(gen.jobsGenerated(), "job", "jobs"),
        countOf(records, "record", "records"), countOf(gen.phasesGenerated(), "phase", "phases"), cmd.seed,
        countOf(options.days, "day", "days"), fleet));
    return kExitOk;
}

} // namespace ett::app
