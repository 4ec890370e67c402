// What the generator's tests (and the CLI's) share: a fleet as jobs or as its text, and a digest
// of a text that needs no library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "samples/synth/generator.h"

namespace ett::core::test {

inline std::vector<GeneratedJob> generateFleet(const GeneratorOptions& options)
{
    FleetGenerator gen(options);
    std::vector<GeneratedJob> jobs;
    GeneratedJob job;
    while (gen.next(job)) {
        jobs.push_back(job);
    }
    return jobs;
}

// The file `ettw generate` writes for the options: the header line, then the jobs' lines.
inline std::string fleetText(const GeneratorOptions& options)
{
    FleetGenerator gen(options);
    GeneratedJob job;
    std::string text = generatorHeaderLine(options) + "\n";
    while (gen.next(job)) {
        appendJobLines(job, text);
    }
    return text;
}

// 64-bit FNV-1a.
inline uint64_t fnv1a(std::string_view text)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

} // namespace ett::core::test
