// Removing one imported file from a label: what it brought goes, in one transaction, and the jobs it
// touched are attributed again (core::removeStoredFile). A console log's configuration is then
// chained again without it: its other stored logs whose job or attempt changes (the retry of a first
// run removed becomes attempt 0) are read again from their files, as an import that never had it
// would have stored them.
#pragma once

#include "app/service/import_files.h"
#include "app/service/workspace.h"
#include "core/ingest/formats.h"
#include "core/store/dataset_replacement.h"

#include <string>
#include <vector>

namespace ett::app {

struct FileRemoval
{
    core::RemovedFile removed;
    // The stored console logs of its configuration read again (each a file of the report: stored, or
    // failed with why; one that fails keeps the attempt it had).
    ImportReport readAgain;
    std::string reloadError; // the store changed but the fleet could not be loaded again
    // Jobs it declared that other files still hold records of and none of them declares again (no
    // console log of theirs could be read again): 1 GPU and no attributes until such a file is.
    std::vector<std::string> undeclaredJobs; // Configurations of its console logs that stay as stored, for a log of
                                             // theirs that would be read
    // again is no longer there as it was imported: "PATH (stored as attempt 1 of job J)".
    std::vector<std::string> unchained;
};

// Removes the file stored as `path` (as `ettw datasets` lists it; else another path to the same file
// stored under the label) from `label`, or, when `label` is empty, from the one label that stores
// it. The files read again are read with the options they were imported with, as their datasets
// keep them (core/ingest/reader_options_text.h); with `reader` (--mapping, --timezone, --year) where
// they are not known (files imported before schema 6). Error (nothing removed): no label or no file of that path, a
// path stored under more than one label without `label`, or the store's refusal (core::removeStoredFile).
core::Result<FileRemoval> removeFile(Workspace& workspace, const std::string& label, const std::string& path,
    const core::ReaderOptions& reader, const ImportSink& sink = {});

} // namespace ett::app
