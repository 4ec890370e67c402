#include "app/cli/ranks_cmd.h"

#include "app/cli/cli_common.h"
#include "app/cli/json_writer.h"
#include "app/cli/presenter.h"
#include "app/cli/query_scope.h"
#include "app/cli/text_table.h"
#include "app/service/ranks.h"
#include "app/service/store_fleet_source.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <string>

namespace ett::app {

using namespace ett::core;

namespace {

void writeHost(JsonWriter& w, const std::string& host)
{
    host.empty() ? w.null() : w.string(host);
}

std::string hostText(const std::string& host)
{
    return host.empty() ? "?" : host;
}

std::string ranksJson(const JobRanks& r)
{
    JsonWriter w;
    w.beginObject();
    w.key("job").string(r.key);
    w.key("label").string(r.label);
    w.key("attempts").beginArray();
    for (const AttemptRanks& a : r.attempts) {
        w.beginObject();
        w.key("attempt").number(int64_t { a.attempt });
        w.key("start").string(formatRfc3339(a.startNs));
        w.key("end").string(formatRfc3339(a.endNs));
        w.key("gpus").number(a.gpus);
        w.key("ranks").beginArray();
        for (int32_t rank : a.ranks) {
            w.beginObject();
            w.key("rank").number(int64_t { rank });
            std::string host;
            for (const auto& [hr, h] : a.hosts) {
                host = hr == rank ? h : host;
            }
            w.key("host");
            writeHost(w, host);
            w.endObject();
        }
        w.endArray();
        w.key("stages").beginArray();
        for (const StageStraggler& s : a.stages) {
            w.beginObject();
            w.key("stage").string(s.stage);
            w.key("slowest_rank").number(int64_t { s.slowestRank });
            w.key("host");
            writeHost(w, s.host);
            w.key("slowest_s").rawNumber(formatSeconds(s.slowestNs));
            w.key("median_s").rawNumber(formatSeconds(s.medianNs));
            w.key("excess_s").rawNumber(formatSeconds(s.excessNs));
            w.key("rank_count").number(static_cast<int64_t>(s.ranks.size()));
            w.key("rank_times").beginArray();
            for (const RankTime& t : s.ranks) {
                w.beginObject();
                w.key("rank").number(int64_t { t.rank });
                w.key("time_s").rawNumber(formatSeconds(t.timeNs));
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

std::string ranksTable(const JobRanks& r)
{
    std::string out
        = core::printableText(fmt::format("Job {} (label '{}'): the slowest rank of each stage", r.key, r.label))
        + "\n";
    if (r.attempts.empty()) {
        return out + "No attempt of this job has per-rank phases.\n";
    }
    for (const AttemptRanks& a : r.attempts) {
        out += fmt::format("\nAttempt {} ({} UTC, {} GPUs, {} ranks, {} with a host)\n", a.attempt,
            formatTimeHuman(a.startNs), countText(a.gpus), countText(static_cast<int64_t>(a.ranks.size())),
            countText(static_cast<int64_t>(a.hosts.size())));
        if (a.stages.empty()) {
            out += "No stage with 2 ranks or more.\n";
            continue;
        }
        TextTable t;
        t.addColumn("stage", TextTable::Align::Left);
        t.addColumn("ranks");
        t.addColumn("slowest rank");
        t.addColumn("host", TextTable::Align::Left);
        t.addColumn("slowest");
        t.addColumn("median");
        t.addColumn("excess");
        for (const StageStraggler& s : a.stages) {
            t.addRow({ s.stage, countText(static_cast<int64_t>(s.ranks.size())), std::to_string(s.slowestRank),
                core::printableText(hostText(s.host)), formatDurationHuman(s.slowestNs),
                formatDurationHuman(s.medianNs), formatDurationHuman(s.excessNs) });
        }
        out += t.render();
    }
    return out;
}

std::string hostsJson(const CohortSpec& scope, const HostsRanking& h, int64_t top)
{
    JsonWriter w;
    w.beginObject();
    w.key("scope").beginObject();
    w.key("spec").string(scope.text());
    w.key("label");
    scope.labels.size() == 1 ? w.string(scope.labels.front()) : w.null();
    w.key("from");
    scope.fromNs ? w.string(formatRfc3339(*scope.fromNs)) : w.null();
    w.key("to");
    scope.toNs ? w.string(formatRfc3339(*scope.toNs)) : w.null();
    w.endObject();
    w.key("attempts").number(h.attempts);
    w.key("pairs").number(h.pairs);
    w.key("pairs_without_host").number(h.pairsWithoutHost);
    w.key("host_count").number(static_cast<int64_t>(h.hosts.size()));
    w.key("hosts").beginArray();
    int64_t shown = 0;
    for (const HostStragglers& host : h.hosts) {
        if (top > 0 && shown++ >= top) {
            break;
        }
        w.beginObject();
        w.key("host").string(host.host);
        w.key("times_slowest").number(host.timesSlowest);
        w.key("excess_gpu_s");
        writeSeconds(w, host.excessGpuNs);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str();
}

std::string hostsTable(const CohortSpec& spec, const HostsRanking& h, int64_t top)
{
    CohortSpec jobs = spec;
    jobs.fromNs.reset();
    jobs.toNs.reset();
    std::string scope = jobs.text().empty() ? "every job" : jobs.text();
    if (spec.fromNs || spec.toNs) {
        scope += ", attempts starting from "
            + (spec.fromNs ? formatRfc3339(*spec.fromNs) : std::string("the beginning")) + " to "
            + (spec.toNs ? formatRfc3339(*spec.toNs) : std::string("the end"));
    }
    std::string out = core::printableText("Hosts by the GPU time their slowest ranks cost (" + scope + ")") + "\n";
    out += fmt::format("{} with per-rank stages, {} (attempt, stage) pairs, {} of them with no known host\n",
        countOf(h.attempts, "attempt", "attempts"), countText(h.pairs), countText(h.pairsWithoutHost));
    if (h.hosts.empty()) {
        return out + "No host was the slowest of a stage.\n";
    }
    TextTable t;
    t.addColumn("#");
    t.addColumn("host", TextTable::Align::Left);
    t.addColumn("times slowest");
    t.addColumn("excess GPU-h");
    int64_t rank = 0;
    for (const HostStragglers& host : h.hosts) {
        if (top > 0 && rank >= top) {
            break;
        }
        t.addRow({ std::to_string(++rank), core::printableText(host.host), countText(host.timesSlowest),
            hoursText(host.excessGpuNs) });
    }
    out += t.render();
    if (top > 0 && static_cast<int64_t>(h.hosts.size()) > top) {
        out += fmt::format("({} more; --top 0 lists every host)\n", h.hosts.size() - static_cast<size_t>(top));
    }
    return out;
}

} // namespace

int runRanks(const CommonOptions& common, const RanksCmd& cmd)
{
    core::Result<JobRanks> ranks = core::Error { "" };
    if (!common.store.url.empty()) {
        auto session = openAndLoad(common, std::nullopt);
        if (!session) {
            return fail(session.error().message);
        }
        ranks = jobRanks(*session->store, cmd.job, cmd.label, cmd.attempt);
    } else {
        auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
        if (!workspace) {
            return fail(workspace.error().message);
        }
        ranks = jobRanks(**workspace, cmd.job, cmd.label, cmd.attempt);
    }
    if (!ranks) {
        return fail(ranks.error().message);
    }
    return present(common, { [&] { return ranksTable(*ranks); }, [&] { return ranksJson(*ranks); }, {} });
}

int runHosts(const CommonOptions& common, const HostsCmd& cmd)
{
    auto options = rollupOptions(cmd.from, cmd.to, false, common);
    if (!options) {
        return fail(options.error().message);
    }
    auto parsed = parseCohortSpec(cmd.scope, "--scope");
    if (!parsed) {
        return fail(parsed.error().message);
    }
    // --label, --from and --to narrow the scope further.
    CohortSpec scope = *parsed;
    if (cmd.label) {
        scope.labels = { *cmd.label };
    }
    if (options->fromNs) {
        scope.fromNs = options->fromNs;
    }
    if (options->toNs) {
        scope.toNs = options->toNs;
    }
    core::Result<HostsRanking> hosts = core::Error { "" };
    if (!common.store.url.empty()) {
        auto session = openAndLoad(common, std::nullopt);
        if (!session) {
            return fail(session.error().message);
        }
        hosts = hostsRanking(*session->store, scope);
    } else {
        auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
        if (!workspace) {
            return fail(workspace.error().message);
        }
        hosts = hostsRanking(**workspace, scope);
    }
    if (!hosts) {
        return fail(hosts.error().message);
    }
    return present(common,
        { [&] { return hostsTable(scope, *hosts, cmd.top); }, [&] { return hostsJson(scope, *hosts, cmd.top); }, {} });
}

} // namespace ett::app
