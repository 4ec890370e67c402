// `ettw compare`: two cohorts of one database compared, as a table for people
// or JSON for pipelines, with a gate for CI (exit code 3 when ETT% drops more than allowed).
#pragma once

#include "app/cli/cli_common.h"
#include "core/model/compare.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ett::app {

struct CompareCmd
{
    std::string a; // cohort specs (core/model/compare.h)
    std::string b;
    std::optional<double> failIfDrop; // percentage points
    // What --fail-if-drop compares: "point" (the change) or "interval" (the interval's upper
    // bound: only a drop the interval shows for sure fails).
    std::string gate = "point";
    std::string matchBy = "auto"; // auto (see ComparisonRequest), job, name, or an attribute key
    bool countQueue = false;
    uint64_t seed = core::CompareOptions {}.seed;
    int replicates = core::CompareOptions {}.replicates;
    size_t top = 10;
};

int runCompare(const CommonOptions& common, const CompareCmd& cmd);

// The comparison's JSON object (the public interface of `ettw compare --format json`).
std::string comparisonJson(const core::Comparison& c, const std::string& db, const std::string& matchBy);

} // namespace ett::app
