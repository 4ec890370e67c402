// Where an MLPerf result file sits and what its system description says (the MLPerf reader,
// core/ingest/mlperf_reader.cpp, names jobs and counts GPUs with them). Internal to the reader.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core::mlperf {

struct SystemInfo
{
    std::optional<int64_t> gpus;
    std::string systemName;
    std::string accelerator;
    std::string problem; // why no GPU count, for the issue
};

// A system description (<submitter>/systems/<system>.json, or a :::SYSJSON line's JSON): GPUs =
// number_of_nodes x accelerators_per_node (numbers or strings holding them), else a problem. Pure.
SystemInfo readSystemJson(std::string_view text);

// Where a result file sits in the MLPerf results layout.
struct Layout
{
    bool matches = false;
    std::string submitter;
    std::string system;
    std::string benchmark;
    std::string run; // "result_3"
    std::filesystem::path systemJson; // <submitter>/systems/<system>.json
};

// The layout of <submitter>/results/<system>/<benchmark>/result_N.txt; matches is false for any
// other path. Reads no file.
Layout layoutOf(const std::string& path);

} // namespace ett::core::mlperf
