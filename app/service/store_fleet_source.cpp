#include "app/service/store_fleet_source.h"

#include "app/service/store_rows.h"
#include "core/model/names_text.h"
#include "core/model/types.h"
#include "gpu/engine.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <string_view>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;

StoreFleetSource::StoreFleetSource(std::unique_ptr<ch::FleetStore> store)
    : m_store(std::move(store))
{
}

core::Result<std::unique_ptr<StoreFleetSource>> StoreFleetSource::open(std::unique_ptr<ch::FleetStore> store)
{
    std::unique_ptr<StoreFleetSource> source(new StoreFleetSource(std::move(store)));
    if (auto shards = source->m_store->shards(); !shards) {
        return core::Error { source->location() + ": " + shards.error().message };
    }
    if (auto st = source->readVocabulary(); !st) {
        return core::Error { source->location() + ": " + st.error().message };
    }
    return source;
}

bool StoreFleetSource::userMayWrite() const
{
    return ch::storeUserMayWrite(*m_store);
}

void StoreFleetSource::setInterrupt(std::function<bool()> stop)
{
    m_store->queryNode().setInterrupt(std::move(stop));
}

std::string StoreFleetSource::location() const
{
    return m_store->url().masked();
}

gpu::BackendInfo StoreFleetSource::backend() const
{
    gpu::BackendInfo b;
    b.kind = gpu::BackendKind::Cpu;
    b.name = "ClickHouse cluster '" + m_store->url().cluster + "'";
    b.reason = "every figure computed in SQL on its shards";
    return b;
}

core::Status StoreFleetSource::readVocabulary()
{
    auto datasets = m_store->liveDatasets();
    if (!datasets) {
        return datasets.error();
    }
    auto read = ch::storeVocabulary(*m_store);
    if (!read) {
        return read.error();
    }
    FleetVocabulary v;
    for (const auto& d : *datasets) {
        v.labels.push_back(d.label);
    }
    std::sort(v.labels.begin(), v.labels.end());
    v.attrKeys = std::move(read->attrKeys);
    v.attrValues = std::move(read->attrValues);
    v.jobs = read->jobs;
    v.attempts = read->attempts;
    v.segments = read->segments;
    if (v.jobs > 0) {
        v.minGpus = read->minGpus;
        v.maxGpus = read->maxGpus;
    }
    for (const auto& [label, firstNs] : read->labelFirstNs) {
        v.firstNs = v.labelFirstNs.empty() ? firstNs : std::min(v.firstNs, firstNs);
        v.labelFirstNs[label] = firstNs;
    }
    if (!read->labelFirstNs.empty()) {
        v.lastNs = read->lastEndNs;
        v.medianStartNs = read->medianStartNs;
    }
    m_vocabulary = std::move(v);
    return core::Status::success();
}

core::Result<ch::StoreScope> StoreFleetSource::scopeOf(const core::CohortSpec& spec) const
{
    if (auto st = core::checkCohortNames(spec, m_vocabulary.labels, m_vocabulary.attrKeys, {}, location()); !st) {
        return st.error();
    }
    ch::StoreScope s;
    s.labels = spec.labels;
    if (m_label) {
        for (const auto& l : spec.labels) {
            if (l != *m_label) {
                return core::Error { "label '" + l + "' is outside this query's label '" + *m_label + "'" };
            }
        }
        s.labels = { *m_label };
    }
    s.attrs = spec.attrs;
    // An attribute nobody has matches every job when "(none)" is asked for (the engine's filter).
    std::erase_if(s.attrs, [&](const auto& term) {
        return !std::binary_search(m_vocabulary.attrKeys.begin(), m_vocabulary.attrKeys.end(), term.first)
            && std::find(term.second.begin(), term.second.end(), core::kNoGroupName) != term.second.end();
    });
    s.fromNs = spec.fromNs;
    s.toNs = spec.toNs;
    s.minGpus = spec.minGpus;
    s.maxGpus = spec.maxGpus;
    s.countQueue = spec.countQueue;
    s.excluded = spec.excluded;
    return s;
}

core::Result<ch::StoreGrouping> StoreFleetSource::groupingOf(const std::string& groupBy) const
{
    using By = ch::StoreGroupBy;
    if (groupBy.empty()) {
        return ch::StoreGrouping { By::None, {} };
    }
    if (groupBy == "job") {
        return ch::StoreGrouping { By::Job, {} };
    }
    if (groupBy == "label") {
        return ch::StoreGrouping { By::Label, {} };
    }
    if (groupBy == "attempt") {
        return ch::StoreGrouping { By::Attempt, {} };
    }
    if (groupBy == "cause_class") {
        return ch::StoreGrouping { By::CauseClass, {} };
    }
    const auto& keys = m_vocabulary.attrKeys;
    if (!std::binary_search(keys.begin(), keys.end(), groupBy)) {
        return unknownGrouping(groupBy, keys);
    }
    return ch::StoreGrouping { By::Attribute, groupBy };
}

JobIndex StoreFleetSource::indexOf(JobRef ref) const
{
    const auto id = std::make_pair(ref.datasetId, ref.jobNo);
    if (const auto it = m_index.find(id); it != m_index.end()) {
        return it->second;
    }
    const auto j = static_cast<JobIndex>(m_jobs.size());
    m_jobs.push_back(std::move(ref));
    m_index.emplace(id, j);
    return j;
}

core::Result<std::vector<JobIndex>> StoreFleetSource::numberJobs(core::Result<std::vector<JobRef>> jobs) const
{
    if (!jobs) {
        return jobs.error();
    }
    std::vector<JobIndex> out;
    out.reserve(jobs->size());
    for (auto& job : *jobs) {
        out.push_back(indexOf(std::move(job)));
    }
    return out;
}

core::Result<GroupedFigures> StoreFleetSource::rollup(const core::CohortSpec& spec, const std::string& groupBy)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    auto grouping = groupingOf(groupBy);
    if (!grouping) {
        return grouping.error();
    }
    auto r = ch::storeGroupedFigures(*m_store, *scope, *grouping);
    if (!r) {
        return r.error();
    }
    if (grouping->by == ch::StoreGroupBy::Job) {
        // Number the jobs met (their keys, labels and names come with one query).
        if (auto read = numberJobs(ch::storeJobs(*m_store, *scope)); !read) {
            return read.error();
        }
    }
    GroupedFigures out;
    out.total = std::move(r->total);
    int32_t code = 0;
    for (auto& g : r->groups) {
        gpu::GroupFigures gf;
        switch (grouping->by) {
        case ch::StoreGroupBy::Job: {
            const auto it = m_index.find({ g.datasetId, g.jobNo });
            gf.code = it != m_index.end() ? it->second : -1;
            break;
        }
        case ch::StoreGroupBy::Attempt:
            gf.code = static_cast<int32_t>(g.attemptIdx);
            break;
        default:
            gf.code = code++;
        }
        gf.name = std::move(g.name);
        gf.figures = std::move(g.figures);
        out.groups.push_back(std::move(gf));
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<ch::StoreScope> StoreFleetSource::scopeOf(const core::CohortSpec& spec, std::optional<JobIndex> job) const
{
    auto scope = scopeOf(spec);
    if (!scope || !job) {
        return scope;
    }
    if (*job < 0 || static_cast<size_t>(*job) >= m_jobs.size()) {
        return core::Error { "no job #" + std::to_string(*job) + " in " + location() };
    }
    const JobRef& ref = m_jobs[static_cast<size_t>(*job)];
    scope->jobs = { { ref.datasetId, ref.jobNo } };
    return scope;
}

core::Result<std::optional<core::TimeSpan>> StoreFleetSource::seriesSpan(
    const core::CohortSpec& spec, std::optional<JobIndex> job)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec, job);
    if (!scope) {
        return scope.error();
    }
    auto span = ch::storeSeriesSpan(*m_store, *scope);
    m_lastSeconds = secondsSince(started);
    return span;
}

core::Result<gpu::Series> StoreFleetSource::seriesEvery(
    const core::CohortSpec& spec, int64_t widthNs, int64_t alignNs, std::optional<JobIndex> job)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec, job);
    if (!scope) {
        return scope.error();
    }
    auto s = ch::storeSeries(*m_store, *scope, widthNs, alignNs);
    if (!s) {
        return s.error();
    }
    gpu::Series out;
    out.originNs = s->originNs;
    out.widthNs = s->widthNs;
    out.buckets = std::move(s->buckets);
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<std::vector<JobSummary>> StoreFleetSource::jobSummaries(const ch::StoreScope& scope)
{
    auto r = ch::storeGroupedFigures(*m_store, scope, { ch::StoreGroupBy::Job, {} });
    if (!r) {
        return r.error();
    }
    // Number the jobs met (their keys, labels and names come with one query).
    if (auto read = numberJobs(ch::storeJobs(*m_store, scope)); !read) {
        return read.error();
    }
    std::vector<JobSummary> out;
    out.reserve(r->groups.size());
    for (auto& g : r->groups) {
        const auto it = m_index.find({ g.datasetId, g.jobNo });
        if (it == m_index.end()) {
            continue;
        }
        const JobRef& ref = m_jobs[static_cast<size_t>(it->second)];
        JobSummary s;
        s.job = it->second;
        s.key = ref.key;
        s.label = ref.label;
        s.name = ref.name;
        s.gpus = ref.gpus;
        s.figures = std::move(g.figures);
        out.push_back(std::move(s));
    }
    return out;
}

core::Result<std::vector<JobSummary>> StoreFleetSource::jobs(const core::CohortSpec& spec)
{
    const auto started = Clock::now();
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    auto out = jobSummaries(*scope);
    m_lastSeconds = secondsSince(started);
    return out;
}

core::Result<std::vector<JobSummary>> StoreFleetSource::worstJobs(
    const core::CohortSpec& spec, const std::string& sort, int64_t limit)
{
    if (limit <= 0 || !spec.excluded.empty()) {
        // Every job ranked here: the cluster's ranking does not take excluded windows out.
        return FleetSource::worstJobs(spec, sort, limit);
    }
    const auto started = Clock::now();
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    // A few more than asked: the cluster ranks ETT% as a Float64 ratio, rankJobs on exact figures.
    constexpr int64_t kMargin = 32;
    auto ids = ch::storeRankedJobs(
        *m_store, *scope, sort == "ett" ? ch::JobRank::EttGpu : ch::JobRank::LostGpu, limit + kMargin);
    if (!ids) {
        return ids.error();
    }
    if (ids->empty()) {
        return std::vector<JobSummary> {};
    }
    scope->jobs = std::move(*ids);
    auto candidates = jobSummaries(*scope);
    if (!candidates) {
        return candidates.error();
    }
    m_lastSeconds = secondsSince(started);
    return rankJobs(std::move(*candidates), sort, limit);
}

std::vector<JobIndex> StoreFleetSource::jobsWithKey(const std::string& key) const
{
    auto found = numberJobs(ch::storeJobsWithKey(*m_store, key));
    return found ? *found : std::vector<JobIndex> {};
}

JobMatches StoreFleetSource::findJobs(const std::string& query, size_t limit) const
{
    JobMatches out;
    const std::string_view trimmed = core::trimBlanks(query);
    out.query = std::string(trimmed);
    if (trimmed.empty()) {
        return out;
    }
    auto found = ch::storeSearchJobs(*m_store, trimmed, limit);
    if (!found) {
        return out;
    }
    out.total = static_cast<size_t>(found->total);
    for (auto& [rank, job, attr] : found->matches) {
        JobMatch m;
        m.key = job.key;
        m.name = job.name;
        m.label = job.label;
        m.field = rank <= 1 ? "key" : rank == 2 ? "name" : job.attrs[attr].first;
        m.value = rank <= 1 ? job.key : rank == 2 ? job.name : job.attrs[attr].second;
        m.job = indexOf(std::move(job));
        out.matches.push_back(std::move(m));
    }
    return out;
}

core::Result<std::vector<TableRow>> StoreFleetSource::attempts(const core::CohortSpec& spec, JobIndex job)
{
    if (job < 0 || static_cast<size_t>(job) >= m_jobs.size()) {
        return core::Error { "no job " + std::to_string(job) + " in " + location() };
    }
    const JobRef ref = m_jobs[static_cast<size_t>(job)];
    auto scope = scopeOf(spec);
    if (!scope) {
        return scope.error();
    }
    scope->jobs = { { ref.datasetId, ref.jobNo } };
    auto r = ch::storeGroupedFigures(*m_store, *scope, { ch::StoreGroupBy::Attempt, {} });
    if (!r) {
        return r.error();
    }
    // Each attempt's number, outcome, cause as imported and own Time to Start.
    auto read = ch::storeJobAttempts(*m_store, ref.datasetId, ref.jobNo);
    if (!read) {
        return read.error();
    }
    std::map<uint32_t, ch::StoreAttemptInfo> info;
    for (auto& a : *read) {
        info[a.attemptIdx] = std::move(a);
    }
    std::vector<TableRow> rows;
    std::stable_sort(r->groups.begin(), r->groups.end(),
        [](const ch::StoreGroup& a, const ch::StoreGroup& b) { return a.attemptIdx < b.attemptIdx; });
    for (auto& g : r->groups) {
        const auto it = info.find(g.attemptIdx);
        if (it == info.end()) {
            continue;
        }
        const ch::StoreAttemptInfo& i = it->second;
        TableRow row;
        row.job = job;
        row.attempt = static_cast<int32_t>(i.number);
        row.name = "attempt " + std::to_string(row.attempt);
        row.figures = std::move(g.figures);
        // An attempt's own Time to Start, in the range holding its start (as the local source).
        row.figures.ttsNs.clear();
        if ((!spec.fromNs || i.startNs >= *spec.fromNs) && (!spec.toNs || i.startNs < *spec.toNs)) {
            row.figures.ttsNs.push_back(i.ttsNs);
        }
        row.detail = i.outcome + (i.cause.empty() ? std::string() : ", " + i.cause);
        rows.push_back(std::move(row));
    }
    return rows;
}

core::Error StoreFleetSource::notOnStore(const std::string& what) const
{
    return core::Error { what + " is not computed on a fleet store yet (" + location()
        + "): import the fleet into a database and use --db" };
}

core::Result<std::unique_ptr<core::WhatIfModel>> StoreFleetSource::whatIfModel(const core::CohortSpec&)
{
    return notOnStore("a what-if model");
}

core::Status StoreFleetSource::ensurePhases()
{
    return notOnStore("a phase's distribution");
}

} // namespace ett::app
