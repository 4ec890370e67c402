#include "app/python/ranks_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/ranks.h"

namespace ett::app::python {

py::dict ranksPy(
    Handle ws, const std::string& key, const std::optional<std::string>& label, std::optional<int32_t> attempt)
{
    const JobRanks r = interruptible(*ws, [&] {
        // The fleet the service reads, of every label (the key may be under several): a store
        // unrestricted by an earlier query's label.
        take(ws->fleet(Needs::Lean));
        return ws->store() ? take(jobRanks(*ws->store(), key, label, attempt))
                           : take(jobRanks(*ws->local(), key, label, attempt));
    });
    std::vector<int64_t> number, start, end, gpus, slowestRank, slowest, median, excess, rankCount;
    std::vector<std::string> stage, host;
    std::vector<int64_t> tAttempt, tRank, tTime;
    std::vector<std::string> tStage;
    for (const AttemptRanks& a : r.attempts) {
        for (const core::StageStraggler& s : a.stages) {
            number.push_back(a.attempt);
            start.push_back(a.startNs);
            end.push_back(a.endNs);
            gpus.push_back(a.gpus);
            stage.push_back(s.stage);
            slowestRank.push_back(s.slowestRank);
            host.push_back(s.host);
            slowest.push_back(s.slowestNs);
            median.push_back(s.medianNs);
            excess.push_back(s.excessNs);
            rankCount.push_back(static_cast<int64_t>(s.ranks.size()));
            for (const core::RankTime& t : s.ranks) {
                tAttempt.push_back(a.attempt);
                tStage.push_back(s.stage);
                tRank.push_back(t.rank);
                tTime.push_back(t.timeNs);
            }
        }
    }
    Columns stages;
    stages.ints("attempt", number);
    stages.ints("start", start, "dt");
    stages.ints("end", end, "dt");
    stages.ints("gpus", gpus);
    stages.strings("stage", stage);
    stages.ints("slowest_rank", slowestRank);
    stages.strings("host", host);
    stages.ints("slowest_s", slowest, "td");
    stages.ints("median_s", median, "td");
    stages.ints("excess_s", excess, "td");
    stages.ints("rank_count", rankCount);
    Columns times;
    times.ints("attempt", tAttempt);
    times.strings("stage", tStage);
    times.ints("rank", tRank);
    times.ints("time_s", tTime, "td");
    py::dict out;
    out["job"] = r.key;
    out["label"] = r.label;
    out["stages"] = stages.toPython();
    out["rank_times"] = times.toPython();
    return out;
}

py::dict hostsPy(Handle ws, const ScopeArgs& args, int64_t top)
{
    check(ws->checkLabel(args.label));
    const core::CohortSpec scope = take(cohortOf(args));
    const HostsRanking h = interruptible(*ws, [&] {
        take(ws->fleet(Needs::Lean, args.label)); // the fleet the service reads (a store restricted as --label)
        return ws->store() ? take(hostsRanking(*ws->store(), scope)) : take(hostsRanking(*ws->local(), scope));
    });
    std::vector<std::string> host;
    std::vector<int64_t> times;
    std::vector<core::Wide> excess;
    for (const core::HostStragglers& s : h.hosts) {
        if (top > 0 && static_cast<int64_t>(host.size()) >= top) {
            break;
        }
        host.push_back(s.host);
        times.push_back(s.timesSlowest);
        excess.push_back(s.excessGpuNs);
    }
    Columns c;
    c.strings("host", host);
    c.ints("times_slowest", times);
    c.wides("excess_gpu_s", excess);
    py::dict out;
    out["hosts"] = c.toPython();
    out["attempts"] = h.attempts;
    out["pairs"] = h.pairs;
    out["pairs_without_host"] = h.pairsWithoutHost;
    out["host_count"] = static_cast<int64_t>(h.hosts.size());
    return out;
}

} // namespace ett::app::python
