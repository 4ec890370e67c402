#include "app/cli/generate_cmd.h"

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#include <fmt/core.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>

#include "samples/synth/generator.h"

namespace ett::app {

using namespace ett::core;

int runGenerate(const GenerateCmd& cmd)
{
    auto capacity = parseFleetCapacity(cmd.capacity, "--capacity");
    if (!capacity) {
        return fail(capacity.error().message);
    }
    GeneratorOptions options;
    options.jobs = cmd.jobs;
    options.seed = cmd.seed;
    options.days = cmd.days;
    options.capacity = std::move(capacity.value());
    const bool gzip = cmd.out.size() > 3 && cmd.out.substr(cmd.out.size() - 3) == ".gz";
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
    auto write = [&](const std::string& s) -> bool {
        if (gz) {
            return gzwrite(gz, s.data(), static_cast<unsigned>(s.size())) == static_cast<int>(s.size());
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
        records += static_cast<int64_t>(1 + job.attempts.size() + job.phases.size() + job.checkpoints.size());
        ok = write(buffer);
    }
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
        countOf(cmd.days, "day", "days"), fleet));
    return kExitOk;
}

} // namespace ett::app
