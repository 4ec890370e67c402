#include "core/ingest/log_runs.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ett::core {

std::vector<LogRunIdentity> chainLogRuns(const std::vector<LogRun>& runs, bool jobGiven, bool attemptGiven)
{
    std::vector<LogRunIdentity> out(runs.size());
    // The runs of each configuration, in time order (the rules' run number, then the input order,
    // break ties).
    std::map<std::string, std::vector<size_t>> byConfig;
    for (size_t i = 0; i < runs.size(); ++i) {
        byConfig[runs[i].config].push_back(i);
    }
    std::set<std::string> keys;
    const auto uniqueKey = [&](const std::string& wanted) {
        std::string key = wanted;
        for (int n = 2; keys.contains(key); ++n) {
            key = wanted + "#" + std::to_string(n);
        }
        keys.insert(key);
        return key;
    };
    for (auto& [config, members] : byConfig) {
        std::stable_sort(members.begin(), members.end(), [&](size_t a, size_t b) {
            return runs[a].startNs != runs[b].startNs ? runs[a].startNs < runs[b].startNs
                                                      : runs[a].order < runs[b].order;
        });
        std::string job;
        int32_t attempt = 0;
        bool chainOpen = false;
        for (const size_t i : members) {
            if (!chainOpen) {
                job = jobGiven ? config : uniqueKey(runs[i].run);
                attempt = 0;
                chainOpen = true;
            }
            out[i].job = job;
            out[i].name = jobGiven ? std::string() : config;
            out[i].attempt = attemptGiven ? runs[i].order : attempt;
            ++attempt;
            // Only an interrupted run is followed by another attempt of its job.
            chainOpen = jobGiven || (runs[i].outcome != Outcome::Completed && runs[i].outcome != Outcome::Cancelled);
        }
    }
    return out;
}

} // namespace ett::core
