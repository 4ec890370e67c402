#include "core/ingest/nvrx_runs.h"

#include "core/ingest/byte_source.h"
#include "core/ingest/nvrx_internal.h"
#include "core/ingest/text_input.h"

#include <simdjson.h>

#include <map>
#include <set>

namespace ett::core {

using nvrx::kMaxCycleFileBytes;

std::optional<NvrxFileKind> nvrxFileKind(const std::string& path)
{
    auto source = ByteSource::open(path);
    if (!source) {
        return std::nullopt;
    }
    TextInput in(**source, "an NVRx file");
    std::string text;
    for (;;) {
        auto next = in.nextLine();
        if (!next || !*next) {
            break;
        }
        const std::string_view line = nvrx::trim(**next);
        if (text.empty() && line.empty()) {
            continue;
        }
        if (text.empty() && line.front() != '{') {
            return NvrxFileKind { false, {} }; // a log's line
        }
        text.append(**next);
        text += '\n';
        if (text.size() > kMaxCycleFileBytes) {
            return NvrxFileKind { true, {} };
        }
    }
    if (text.empty()) {
        return std::nullopt;
    }
    NvrxFileKind kind { true, {} };
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (!parser.parse(text).get(obj)) {
        if (auto info = nvrx::readCycleInfo(obj)) {
            kind.jobId = info->jobId;
        }
    }
    return kind;
}

NvrxPairing pairNvrxFiles(const std::vector<NvrxFile>& files)
{
    NvrxPairing out;
    out.companions.resize(files.size());
    out.readWith.resize(files.size());
    std::map<std::string, std::vector<size_t>> groups;
    for (size_t i = 0; i < files.size(); ++i) {
        groups[files[i].group].push_back(i);
    }
    for (const auto& [group, members] : groups) {
        std::vector<size_t> logs;
        std::vector<size_t> cycles;
        std::set<std::string> jobs;
        for (size_t i : members) {
            if (files[i].kind.cycleFile) {
                cycles.push_back(i);
                jobs.insert(files[i].kind.jobId);
            } else {
                logs.push_back(i);
            }
        }
        if (logs.empty() || cycles.empty() || jobs.size() != 1 || jobs.begin()->empty()) {
            continue;
        }
        const size_t primary = logs.front();
        for (size_t i : members) {
            if (i == primary) {
                continue;
            }
            out.companions[primary].push_back(files[i].path);
            out.readWith[i] = primary;
        }
    }
    return out;
}

} // namespace ett::core
