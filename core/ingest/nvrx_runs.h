// Which NVRx files of one import are read together: a launcher log with the cycle info files of
// its job, laid out the way ft_launcher users keep them (one folder per job: the launcher's log and
// the cycle info folder), so that the two make one account of the job instead of two that
// contradict each other (different windows for the same attempts). core/ingest/nvrx_runs.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

// What an NVRx file is, from its first non-blank line: a cycle info object (with its job_id, ""
// when the object cannot be read: such a file is never paired, its own import says why) or a
// launcher log.
struct NvrxFileKind
{
    bool cycleFile = false;
    std::string jobId;
};
// nullopt when the file cannot be read or is empty.
std::optional<NvrxFileKind> nvrxFileKind(const std::string& path);

// The NVRx files of an import, each with its group: files of one group may be one job's (the job
// folder of a folder import; "" for the files given by themselves).
struct NvrxFile
{
    std::string path;
    std::string group;
    NvrxFileKind kind;
};

// Per file (in the order given): the files read with it when it is the one that reads them (a
// launcher log), and the index of that one when it is read with another. In each group with
// launcher logs and cycle info files that all name one job, the group's first log reads the other
// logs and every cycle file; a group whose cycle files name several jobs, or that has no log or no
// cycle file, is left as it is (each file read on its own).
struct NvrxPairing
{
    std::vector<std::vector<std::string>> companions;
    std::vector<std::optional<size_t>> readWith;
};
NvrxPairing pairNvrxFiles(const std::vector<NvrxFile>& files);

} // namespace ett::core
