// What the store says of its imported files: one row per dataset, and the import issues counted
// per dataset and kind (kinds: core/ingest/issue_kinds.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ett::core {

struct DatasetInfo
{
    int64_t id = 0;
    std::string label;
    std::string sourcePath;
    std::string sha256;
    std::string format;
    std::string importedAt;
    int64_t bytes = 0;
    int64_t records = 0;
    int64_t issues = 0; // total count of import issues
    // The options it was read with, as stored (core/ingest/reader_options_text.h): a JSON object;
    // "" when not known (imported before schema 6, or a fleet store's label).
    std::string readerOptions;
};

struct IssueInfo
{
    int64_t datasetId = 0;
    std::string label;
    std::string sourcePath;
    std::string kind;
    std::string detail;
    int64_t count = 0;
    std::optional<int64_t> firstLine;
    std::string example;
};

} // namespace ett::core
