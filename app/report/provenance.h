// The report's provenance: the imported files told apart by their paths relative to the folder
// they share, and grouped by label, format and folder when there are too many to list on the
// title page. Pure; no painting.
#pragma once

#include "core/model/datasets.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace ett::app::report {

// The deepest folder that holds every path ("/data/runs" for "/data/runs/a/x.log" and
// "/data/runs/b/x.log"); "" when they share none (relative names, or nothing in common but "/").
// Separators are the platform's (QDir::fromNativeSeparators).
QString commonFolder(const std::vector<QString>& paths);

// path relative to folder ("a/x.log"); path itself when folder is "" or does not hold it.
QString relativePath(const QString& folder, const QString& path);

// The files of one label and format: the folder that holds them (relative to the report's common
// folder, "" for that folder itself), how many and their records.
struct FileGroup
{
    QString label;
    QString format;
    QString folder;
    QString fullFolder; // the folder as the paths write it
    std::vector<const core::DatasetInfo*> files; // sorted by path
    int64_t records = 0;
};

// The datasets grouped by label and format, in label order; `root` is commonFolder of every path.
std::vector<FileGroup> groupFiles(const std::vector<core::DatasetInfo>& datasets, const QString& root);

} // namespace ett::app::report
