#include "app/service/ranks.h"

#include "app/service/job_detail.h"
#include "app/service/store_fleet_source.h"
#include "core/store/ranks_store.h"

#include <algorithm>
#include <unordered_set>

namespace ett::app {

namespace {

// The job's row id by key (and label). Error naming what is missing or ambiguous.
core::Result<std::pair<int64_t, std::string>> findJob(
    Workspace& workspace, const std::string& key, const std::optional<std::string>& label)
{
    auto jobs = core::jobsByKey(workspace.store(), key);
    if (!jobs) {
        return jobs.error();
    }
    std::vector<std::pair<int64_t, std::string>> found;
    for (auto& j : *jobs) {
        if (!label || j.second == *label) {
            found.push_back(std::move(j));
        }
    }
    if (found.empty()) {
        return core::Error { "no job '" + key + "' in " + workspace.path()
            + (label ? " under label '" + *label + "'" : "") };
    }
    if (found.size() > 1) {
        std::string list;
        for (const auto& f : found) {
            list += (list.empty() ? "" : ", ") + f.second;
        }
        return core::Error { "job '" + key + "' exists under several labels (" + list + "); choose one with --label" };
    }
    return found.front();
}

// Error when `numbers` (the job's attempts) lacks `number`, listing those it has.
core::Status attemptAmong(const std::vector<int64_t>& numbers, const std::string& key, int32_t number)
{
    if (std::find(numbers.begin(), numbers.end(), int64_t { number }) != numbers.end()) {
        return core::Status::success();
    }
    std::string list;
    for (int64_t n : numbers) {
        list += (list.empty() ? "" : ", ") + std::to_string(n);
    }
    return core::Error { "job '" + key + "' has no attempt " + std::to_string(number)
        + " (its attempts: " + (list.empty() ? "none" : list) + ")" };
}

// Error when the job has no attempt `number`, listing those it has.
core::Status checkAttemptExists(Workspace& workspace, int64_t jobRowId, const std::string& key, int32_t number)
{
    auto numbers = core::attemptNumbersOf(workspace.store(), jobRowId);
    if (!numbers) {
        return numbers.error();
    }
    return attemptAmong(*numbers, key, number);
}

// One attempt's row of the heat map.
AttemptRanks attemptRanksOf(int32_t attemptNo, const core::RankAttemptInput& input)
{
    AttemptRanks r;
    r.attempt = attemptNo;
    r.startNs = input.startNs;
    r.endNs = input.endNs;
    r.gpus = input.gpus;
    for (const auto& p : input.phases) {
        r.ranks.push_back(p.rank);
    }
    std::sort(r.ranks.begin(), r.ranks.end());
    r.ranks.erase(std::unique(r.ranks.begin(), r.ranks.end()), r.ranks.end());
    r.hosts = input.hosts;
    std::sort(r.hosts.begin(), r.hosts.end());
    r.stages = core::attemptStragglers(input);
    return r;
}

HostsRanking rankingOf(const core::HostTally& tally)
{
    HostsRanking out;
    out.hosts = tally.hosts();
    out.attempts = tally.attempts();
    out.pairs = tally.pairs();
    out.pairsWithoutHost = tally.pairsWithoutHost();
    return out;
}

} // namespace

core::Result<JobRanks> jobRanks(Workspace& workspace, const std::string& key, const std::optional<std::string>& label,
    std::optional<int32_t> attempt)
{
    auto job = findJob(workspace, key, label);
    if (!job) {
        return job.error();
    }
    if (attempt) {
        if (auto st = checkAttemptExists(workspace, job->first, key, *attempt); !st) {
            return st.error();
        }
    }
    JobRanks out;
    out.key = key;
    out.label = job->second;
    core::RankScope scope;
    scope.jobRowId = job->first;
    scope.attemptNo = attempt;
    auto st = core::forEachRankAttempt(workspace.store(), scope, [&](const core::RankAttempt& a) {
        out.attempts.push_back(attemptRanksOf(a.attemptNo, a.input));
        return core::Status::success();
    });
    if (!st) {
        return st.error();
    }
    return out;
}

core::Result<HostsRanking> hostsRanking(Workspace& workspace, const core::CohortSpec& scope)
{
    for (const auto& label : scope.labels) {
        if (auto st = workspace.checkLabel(label); !st) {
            return st.error();
        }
    }
    // 1. Attributes and GPU bounds select jobs as the fleet source does; labels and the range are
    //    checked on each attempt as it is read.
    std::optional<std::unordered_set<int64_t>> jobs;
    if (!scope.attrs.empty() || scope.minGpus > 0 || scope.maxGpus != core::CohortSpec {}.maxGpus) {
        auto fleet = workspace.fleet();
        if (!fleet) {
            return fleet.error();
        }
        core::CohortSpec whole = scope;
        whole.fromNs.reset();
        whole.toNs.reset();
        auto summaries = (*fleet)->jobs(whole);
        if (!summaries) {
            return summaries.error();
        }
        jobs.emplace();
        for (const JobSummary& j : *summaries) {
            jobs->insert(j.rowId);
        }
    }
    core::RankScope rows;
    if (scope.labels.size() == 1) {
        rows.label = scope.labels.front();
    }
    rows.fromNs = scope.fromNs;
    rows.toNs = scope.toNs;
    // 2. Attempt by attempt, its stages into the tally.
    core::HostTally tally;
    auto st = core::forEachRankAttempt(workspace.store(), rows, [&](const core::RankAttempt& a) {
        if (!scope.labels.empty()
            && std::find(scope.labels.begin(), scope.labels.end(), a.label) == scope.labels.end()) {
            return core::Status::success();
        }
        if (jobs && !jobs->count(a.jobRowId)) {
            return core::Status::success();
        }
        tally.add(core::attemptStragglers(a.input), a.input.gpus);
        return core::Status::success();
    });
    if (!st) {
        return st.error();
    }
    return rankingOf(tally);
}

core::Result<JobRanks> jobRanks(StoreFleetSource& store, const std::string& key,
    const std::optional<std::string>& label, std::optional<int32_t> attempt)
{
    auto job = jobByKey(store, key, label);
    if (!job) {
        return job.error();
    }
    if (attempt) {
        std::vector<int64_t> numbers;
        for (const auto& a : job->timeline.attempts) {
            numbers.push_back(a.result.number);
        }
        if (auto st = attemptAmong(numbers, key, *attempt); !st) {
            return st.error();
        }
    }
    JobRanks out;
    out.key = key;
    out.label = job->timeline.label;
    auto st = store.forEachRankAttempt({}, job->job, attempt, [&](const core::clickhouse::StoreRankAttempt& a) {
        out.attempts.push_back(attemptRanksOf(a.attemptNo, a.input));
        return core::Status::success();
    });
    if (!st) {
        return st.error();
    }
    return out;
}

core::Result<HostsRanking> hostsRanking(StoreFleetSource& store, const core::CohortSpec& scope)
{
    core::HostTally tally;
    auto st
        = store.forEachRankAttempt(scope, std::nullopt, std::nullopt, [&](const core::clickhouse::StoreRankAttempt& a) {
              tally.add(core::attemptStragglers(a.input), a.input.gpus);
              return core::Status::success();
          });
    if (!st) {
        return st.error();
    }
    return rankingOf(tally);
}

} // namespace ett::app
