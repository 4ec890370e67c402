#include "app/service/log_chains.h"

#include "core/ingest/byte_source.h"
#include "core/model/types.h"
#include "core/store/database.h"
#include "core/store/fleet.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ett::app {

namespace {

namespace fs = std::filesystem;

// The run name a stored log's attempt detail begins with.
std::string runNameOf(const core::StoredLogRun& s)
{
    return s.detail.substr(0, s.detail.find(": "));
}

// The chaining's view of a stored log before its file is read again: a first attempt's run is its
// job's key (which it keeps while it heads its chain), a later one's the name its detail begins with.
core::LogRun runOf(const core::StoredLogRun& s, bool jobGiven)
{
    core::LogRun r;
    r.run = s.declared.attempt == 0 ? s.declared.jobKey : runNameOf(s);
    r.config = configOf(s, jobGiven);
    r.order = s.declared.attempt;
    r.startNs = s.startNs;
    r.outcome = core::parseOutcome(s.outcome).value_or(core::Outcome::Failed);
    return r;
}

bool sameIdentity(const core::DeclaredAttempt& declared, const core::LogRunIdentity& id, bool jobGiven)
{
    return declared.jobKey == id.job && declared.attempt == id.attempt && (jobGiven || declared.jobName == id.name);
}

} // namespace

std::optional<std::string> whereNow(
    const std::string& sourcePath, int64_t bytes, const std::string& sha256, const std::string& folder)
{
    std::vector<std::string> candidates { sourcePath };
    if (!folder.empty() && fs::path(sourcePath).is_relative()) {
        candidates.push_back((fs::path(folder) / sourcePath).string());
    }
    for (const std::string& path : candidates) {
        std::error_code ec;
        if (!fs::is_regular_file(path, ec)) {
            continue;
        }
        const auto size = fs::file_size(path, ec);
        if (ec || static_cast<int64_t>(size) != bytes) {
            continue;
        }
        if (const auto sha = core::sha256OfFile(path); sha && *sha == sha256) {
            return path;
        }
    }
    return std::nullopt;
}

namespace {

std::string canonicalPath(const std::string& path)
{
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(path, ec);
    return ec ? path : p.string();
}

std::string attemptText(const core::DeclaredAttempt& a)
{
    return "attempt " + std::to_string(a.attempt) + " of job " + a.jobKey;
}

} // namespace

core::Result<std::vector<core::StoredLogRun>> storedLogRunsOf(core::Database& db, const std::string& label)
{
    auto labelId = core::findLabelId(db, label);
    if (!labelId) {
        return labelId.error();
    }
    if (!*labelId) {
        return std::vector<core::StoredLogRun> {};
    }
    return core::storedLogRuns(db, **labelId);
}

std::set<std::string> configsStoredElsewhere(const std::vector<core::StoredLogRun>& stored, bool jobGiven,
    const std::map<std::string, std::vector<std::string>>& given)
{
    std::set<std::string> out;
    std::map<std::string, std::set<std::string>> givenPaths; // canonical, of the configurations stored
    for (const core::StoredLogRun& s : stored) {
        const std::string config = configOf(s, jobGiven);
        const auto paths = given.find(config);
        if (paths == given.end() || out.contains(config)) {
            continue;
        }
        auto [at, fresh] = givenPaths.try_emplace(config);
        if (fresh) {
            for (const std::string& p : paths->second) {
                at->second.insert(canonicalPath(p));
            }
        }
        if (!at->second.contains(canonicalPath(s.sourcePath))) {
            out.insert(config);
        }
    }
    return out;
}

std::string readAgainReason(const core::LogRunIdentity& identity)
{
    return "its run is now attempt " + std::to_string(identity.attempt) + " of job " + identity.job
        + " (the runs of its configuration found so far, chained in time order)";
}

std::string databaseFolderOf(const core::Database& db)
{
    std::error_code ec;
    return fs::absolute(db.path(), ec).parent_path().string();
}

std::vector<std::string> unchainedNotes(const LogChainPlan& plan)
{
    std::vector<std::string> out;
    for (const std::string& why : plan.unchained) {
        if (!why.empty() && std::find(out.begin(), out.end(), why) == out.end()) {
            out.push_back(why);
        }
    }
    return out;
}

std::string configOf(const core::LogRunIdentity& identity, bool jobGiven)
{
    return jobGiven ? identity.job : identity.name;
}

std::string configOf(const core::StoredLogRun& s, bool jobGiven)
{
    return jobGiven ? s.declared.jobKey : s.declared.jobName;
}

namespace {

// planLogChains, with the stored logs of `configs` chained too (rechainStored).
LogChainPlan planChains(const std::vector<core::StoredLogRun>& all, const std::vector<core::LogRun>& runs,
    const std::vector<std::string>& paths, const core::ReaderOptions& reader, const std::string& databaseFolder,
    std::set<std::string> configs, std::vector<std::string>* unreadable = nullptr)
{
    const bool jobGiven = reader.job.has_value();
    const bool attemptGiven = reader.attempt.has_value();
    LogChainPlan plan;
    plan.replaces.assign(runs.size(), std::string());
    plan.readAgain.assign(runs.size(), false);

    // 1. The stored logs of the configurations given (none with --attempt: the attempts are given).
    std::vector<core::StoredLogRun> stored;
    for (const core::LogRun& r : runs) {
        configs.insert(r.config);
    }
    if (!configs.empty() && !attemptGiven) {
        for (const core::StoredLogRun& s : all) {
            if (configs.contains(configOf(s, jobGiven))) {
                stored.push_back(s);
            }
        }
    }

    // 2. A run given that is a stored log again: its file (read again, it replaces that log's rows),
    //    or the same run at another path (a copy, which the stored log stands for).
    std::vector<bool> replaced(stored.size(), false); // by the run given at its path
    std::vector<std::optional<size_t>> copyOf(runs.size());
    std::vector<std::optional<size_t>> replacesStored(runs.size());
    {
        std::map<std::string, size_t> byPath;
        std::map<std::tuple<std::string, int64_t, std::string>, size_t> byRun;
        for (size_t k = 0; k < stored.size(); ++k) {
            byPath.emplace(canonicalPath(stored[k].sourcePath), k);
            byRun.emplace(std::make_tuple(configOf(stored[k], jobGiven), stored[k].startNs, runNameOf(stored[k])), k);
        }
        for (size_t i = 0; i < runs.size(); ++i) {
            if (const auto it = byPath.find(canonicalPath(paths[i])); it != byPath.end() && !replaced[it->second]) {
                replaced[it->second] = true;
                replacesStored[i] = it->second;
                plan.replaces[i] = stored[it->second].sourcePath;
            }
        }
        for (size_t i = 0; i < runs.size(); ++i) {
            const auto it = byRun.find(std::make_tuple(runs[i].config, runs[i].startNs, runs[i].run));
            if (!replacesStored[i] && it != byRun.end() && !replaced[it->second]) {
                copyOf[i] = it->second;
            }
        }
    }

    // 3. Chained together. A stored log the chain gives another job or attempt is identified from its
    //    file (its true run name and outcome) and the chain made again, until nothing else changes;
    //    one that cannot be read again leaves its configuration's new runs chained among themselves.
    std::vector<core::LogRun> storedRuns;
    for (const core::StoredLogRun& s : stored) {
        storedRuns.push_back(runOf(s, jobGiven));
    }
    std::vector<bool> identified(stored.size(), false);
    std::vector<std::string> readFrom(stored.size()); // of the identified: the file read
    std::map<std::string, std::string> apart; // configurations chained without their stored runs, and why
    std::vector<core::LogRunIdentity> ids;
    std::vector<std::optional<size_t>> givenAt(runs.size());
    std::vector<std::optional<size_t>> storedAt(stored.size());
    for (;;) {
        std::vector<core::LogRun> list;
        for (size_t k = 0; k < stored.size(); ++k) {
            storedAt[k].reset();
            if (!replaced[k] && !apart.contains(configOf(stored[k], jobGiven))) {
                storedAt[k] = list.size();
                list.push_back(storedRuns[k]);
            }
        }
        for (size_t i = 0; i < runs.size(); ++i) {
            givenAt[i].reset();
            if (!copyOf[i] || !storedAt[*copyOf[i]]) {
                givenAt[i] = list.size();
                list.push_back(runs[i]);
            }
        }
        ids = core::chainLogRuns(list, jobGiven, attemptGiven);
        bool again = false;
        for (size_t k = 0; k < stored.size(); ++k) {
            if (!storedAt[k] || identified[k] || sameIdentity(stored[k].declared, ids[*storedAt[k]], jobGiven)) {
                continue;
            }
            again = true;
            if (const auto where = whereNow(stored[k].sourcePath, stored[k].bytes, stored[k].sha256, databaseFolder)) {
                if (auto run = core::identifyLogRun(*where, reader)) {
                    storedRuns[k] = std::move(*run);
                    identified[k] = true;
                    readFrom[k] = *where;
                    continue;
                }
            }
            const std::string config = configOf(stored[k], jobGiven);
            if (unreadable && !apart.contains(config)) {
                unreadable->push_back(stored[k].sourcePath + " (stored as " + attemptText(stored[k].declared) + ")");
            }
            if (!apart.contains(config)) {
                apart[config] = std::string("the new runs of ") + (jobGiven ? "job " : "configuration ") + config
                    + " were not chained with its stored runs: " + stored[k].sourcePath + " (stored as "
                    + attemptText(stored[k].declared)
                    + ") would be read again, but it is no longer there as it was imported; import the "
                      "configuration's logs together to chain them";
            }
        }
        if (!again) {
            break;
        }
    }

    // 4. What each run given is, and the stored logs to read again.
    plan.identities.resize(runs.size());
    plan.unchained.resize(runs.size());
    for (size_t i = 0; i < runs.size(); ++i) {
        if (const auto why = apart.find(runs[i].config); why != apart.end()) {
            plan.unchained[i] = why->second;
        }
        plan.identities[i] = givenAt[i] ? ids[*givenAt[i]] : ids[*storedAt[*copyOf[i]]];
        if (replacesStored[i]) {
            plan.readAgain[i] = !sameIdentity(stored[*replacesStored[i]].declared, plan.identities[i], jobGiven);
        }
    }
    for (size_t k = 0; k < stored.size(); ++k) {
        if (storedAt[k] && !sameIdentity(stored[k].declared, ids[*storedAt[k]], jobGiven)) {
            plan.storedToReadAgain.push_back({ stored[k], ids[*storedAt[k]], readFrom[k], {} });
        }
    }
    return plan;
}

} // namespace

LogChainPlan planLogChains(const std::vector<core::StoredLogRun>& stored, const std::vector<core::LogRun>& runs,
    const std::vector<std::string>& paths, const core::ReaderOptions& reader, const std::string& databaseFolder)
{
    return planChains(stored, runs, paths, reader, databaseFolder, {});
}

std::vector<LogChainPlan::Stored> rechainStored(const std::vector<core::StoredLogRun>& stored,
    const std::set<std::string>& configs, const core::ReaderOptions& reader, const std::string& databaseFolder,
    std::vector<std::string>* unreadable)
{
    return planChains(stored, {}, {}, reader, databaseFolder, configs, unreadable).storedToReadAgain;
}

std::vector<LogChainPlan::Stored> redeclareStored(const std::vector<core::StoredLogRun>& stored,
    const std::set<std::string>& jobs, const std::vector<LogChainPlan::Stored>& moves,
    const std::string& databaseFolder)
{
    std::map<std::string, const core::StoredLogRun*> first; // per job, its first log not moved
    for (const core::StoredLogRun& s : stored) {
        const bool moved = std::any_of(
            moves.begin(), moves.end(), [&](const LogChainPlan::Stored& m) { return m.run.datasetId == s.datasetId; });
        if (moved || !jobs.contains(s.declared.jobKey)) {
            continue;
        }
        auto [at, fresh] = first.try_emplace(s.declared.jobKey, &s);
        if (!fresh && s.declared.attempt < at->second->declared.attempt) {
            at->second = &s;
        }
    }
    std::vector<LogChainPlan::Stored> out;
    for (const auto& [job, s] : first) {
        if (const auto from = whereNow(s->sourcePath, s->bytes, s->sha256, databaseFolder)) {
            out.push_back({ *s, core::LogRunIdentity { s->declared.jobKey, s->declared.jobName, s->declared.attempt },
                *from, "it declares job " + job + " again, which the file removed declared" });
        }
    }
    return out;
}

std::vector<size_t> readAgainOrder(const std::vector<LogChainPlan::Stored>& moves)
{
    const auto holds = [](const LogChainPlan::Stored& m, const core::LogRunIdentity& id) {
        return m.run.declared.jobKey == id.job && m.run.declared.attempt == id.attempt;
    };
    std::vector<size_t> out;
    std::vector<bool> done(moves.size(), false);
    while (out.size() < moves.size()) {
        // The first one whose new place no other one still to read holds; the first of the rest when
        // they hold each other's (a cycle, which no chaining makes).
        std::optional<size_t> next;
        for (size_t i = 0; i < moves.size() && !next; ++i) {
            if (done[i]) {
                continue;
            }
            bool free = true;
            for (size_t j = 0; j < moves.size() && free; ++j) {
                free = j == i || done[j] || !holds(moves[j], moves[i].identity);
            }
            if (free) {
                next = i;
            }
        }
        if (!next) {
            next = static_cast<size_t>(std::find(done.begin(), done.end(), false) - done.begin());
        }
        done[*next] = true;
        out.push_back(*next);
    }
    return out;
}

} // namespace ett::app
