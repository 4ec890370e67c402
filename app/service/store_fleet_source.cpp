#include "app/service/store_fleet_source.h"

#include "app/service/store_rows.h"
#include "core/model/names_text.h"
#include "core/model/types.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_schema.h"
#include "core/store/schema.h"
#include "gpu/engine.h"

#include <algorithm>
#include <chrono>
#include <string_view>
#include <tuple>

namespace ett::app {

namespace ch = ett::core::clickhouse;
using store_rows::Clock;
using store_rows::secondsSince;
using store_rows::shortRow;

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
    auto body = m_store->queryNode().query("SELECT value FROM system.settings WHERE name = 'readonly' FORMAT TSV");
    return body && !body->empty() && body->front() == '0';
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
    const std::string db = m_store->url().database;
    const std::string live = ch::liveDatasetsFilter(db);
    FleetVocabulary v;
    auto datasets = m_store->liveDatasets();
    if (!datasets) {
        return datasets.error();
    }
    for (const auto& d : *datasets) {
        v.labels.push_back(d.label);
    }
    std::sort(v.labels.begin(), v.labels.end());
    // 1. Attribute keys and their values.
    auto attrs = m_store->select("SELECT DISTINCT k, v FROM " + db
        + ".jobs ARRAY JOIN attr_keys AS k, attr_values AS v WHERE " + live + " ORDER BY k, v");
    if (!attrs) {
        return attrs.error();
    }
    for (ch::RowBinaryReader r(*attrs); !r.atEnd();) {
        auto k = r.string();
        auto value = r.string();
        if (!k || !value) {
            return shortRow();
        }
        if (v.attrKeys.empty() || v.attrKeys.back() != *k) {
            v.attrKeys.push_back(*k);
        }
        v.attrValues[*k].push_back(std::move(*value));
    }
    // 2. GPUs, counts, and when each label starts.
    auto jobs = m_store->select(
        "SELECT toInt64(min(gpus)), toInt64(max(gpus)), count(), sum(attempts) FROM " + db + ".jobs WHERE " + live);
    if (!jobs) {
        return jobs.error();
    }
    ch::RowBinaryReader jr(*jobs);
    auto minGpus = jr.int64();
    auto maxGpus = jr.int64();
    auto jobCount = jr.uint64();
    auto attemptCount = jr.uint64();
    if (!minGpus || !maxGpus || !jobCount || !attemptCount) {
        return shortRow();
    }
    v.jobs = static_cast<int64_t>(*jobCount);
    v.attempts = static_cast<int64_t>(*attemptCount);
    if (v.jobs > 0) {
        v.minGpus = *minGpus;
        v.maxGpus = *maxGpus;
    }
    auto starts = m_store->select("SELECT label, min(first_start_ns) FROM " + db + ".jobs WHERE " + live
        + " AND attempts > 0 GROUP BY label ORDER BY label");
    if (!starts) {
        return starts.error();
    }
    bool anyStart = false;
    for (ch::RowBinaryReader r(*starts); !r.atEnd();) {
        auto label = r.string();
        auto first = r.int64();
        if (!label || !first) {
            return shortRow();
        }
        v.firstNs = anyStart ? std::min(v.firstNs, *first) : *first;
        anyStart = true;
        v.labelFirstNs[*label] = *first;
    }
    auto ends = m_store->select("SELECT max(end_ns), count() FROM " + db + ".attempts WHERE " + live);
    auto segments = m_store->select("SELECT count() FROM " + db + ".segments WHERE " + live);
    if (!ends || !segments) {
        return !ends ? ends.error() : segments.error();
    }
    ch::RowBinaryReader er(*ends);
    auto last = er.int64();
    ch::RowBinaryReader sr(*segments);
    auto segmentCount = sr.uint64();
    if (!last || !segmentCount) {
        return shortRow();
    }
    if (anyStart) {
        v.lastNs = *last;
    }
    v.segments = static_cast<int64_t>(*segmentCount);
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

core::Result<StoreFleetSource::JobRef> StoreFleetSource::readJobRef(ch::RowBinaryReader& r)
{
    auto dataset = r.uint64();
    auto jobNo = r.uint32();
    auto key = r.string();
    auto label = r.string();
    auto name = r.string();
    auto gpus = r.int64();
    auto first = r.int64();
    auto keys = r.stringArray();
    auto values = r.stringArray();
    if (!dataset || !jobNo || !key || !label || !name || !gpus || !first || !keys || !values
        || keys->size() != values->size()) {
        return shortRow();
    }
    JobRef ref { *dataset, *jobNo, std::move(*key), std::move(*label), std::move(*name), *gpus, *first, {} };
    for (size_t i = 0; i < keys->size(); ++i) {
        ref.attrs.emplace_back(std::move((*keys)[i]), std::move((*values)[i]));
    }
    return ref;
}

core::Result<std::vector<JobIndex>> StoreFleetSource::readJobs(const std::string& where) const
{
    const std::string db = m_store->url().database;
    auto body = m_store->select(std::string("SELECT ") + kJobColumns + " FROM " + db + ".jobs WHERE "
        + ch::liveDatasetsFilter(db) + " AND (" + where + ")");
    if (!body) {
        return body.error();
    }
    std::vector<JobIndex> out;
    for (ch::RowBinaryReader r(*body); !r.atEnd();) {
        auto ref = readJobRef(r);
        if (!ref) {
            return ref.error();
        }
        out.push_back(indexOf(std::move(*ref)));
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
        if (auto read = readJobs(ch::jobFilterSql(*scope)); !read) {
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
    if (auto read = readJobs(ch::jobFilterSql(scope)); !read) {
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
    auto found = readJobs("job_key = " + ch::sqlString(key));
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
    const std::string q = ch::sqlString(trimmed);
    const std::string db = m_store->url().database;
    // Rank on the cluster as the local source does: 0 the key is the query, 1 the key contains it,
    // 2 the name, 3 an attribute value (the first key, in the job's order, whose value matches).
    // lower() and positionCaseInsensitive() fold ASCII only, as the local search does.
    const std::string rank = "multiIf(lower(job_key) = lower(" + q + "), 0, positionCaseInsensitive(job_key, " + q
        + ") > 0, 1, positionCaseInsensitive(name, " + q + ") > 0, 2, 3)";
    const std::string attr = "arrayFirstIndex(v -> positionCaseInsensitive(v, " + q + ") > 0, attr_values)";
    const std::string where = ch::liveDatasetsFilter(db) + " AND (positionCaseInsensitive(job_key, " + q
        + ") > 0 OR positionCaseInsensitive(name, " + q + ") > 0 OR " + attr + " > 0)";
    auto count = m_store->select("SELECT count() FROM " + db + ".jobs WHERE " + where);
    auto body = m_store->select("SELECT " + rank + " AS r, " + kJobColumns + ", " + attr + " FROM " + db
        + ".jobs WHERE " + where + " ORDER BY r, job_key, label, dataset_id, job_no LIMIT " + std::to_string(limit));
    if (!count || !body) {
        return out;
    }
    ch::RowBinaryReader cr(*count);
    if (auto n = cr.uint64()) {
        out.total = static_cast<size_t>(*n);
    }
    for (ch::RowBinaryReader r(*body); !r.atEnd();) {
        auto rk = r.uint8();
        auto ref = rk ? readJobRef(r) : core::Result<JobRef>(rk.error());
        auto ai = r.uint32(); // 1-based index of the first attribute value that matches
        if (!ref || !ai || (*rk == 3 && (*ai == 0 || *ai > ref->attrs.size()))) {
            break;
        }
        JobMatch m;
        m.key = ref->key;
        m.name = ref->name;
        m.label = ref->label;
        m.field = *rk <= 1 ? "key" : *rk == 2 ? "name" : ref->attrs[*ai - 1].first;
        m.value = *rk <= 1 ? ref->key : *rk == 2 ? ref->name : ref->attrs[*ai - 1].second;
        m.job = indexOf(std::move(*ref));
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
    const std::string db = m_store->url().database;
    auto body = m_store->select("SELECT attempt_idx, toInt64(attempt_no), toString(outcome), "
                                "cause, "
                                "start_ns, tts_ns FROM "
        + db + ".attempts WHERE " + ch::liveDatasetsFilter(db) + " AND dataset_id = " + std::to_string(ref.datasetId)
        + " AND job_no = " + std::to_string(ref.jobNo));
    if (!body) {
        return body.error();
    }
    struct Info
    {
        int64_t number = 0;
        std::string outcome;
        std::string cause;
        int64_t startNs = 0;
        int64_t ttsNs = 0;
    };
    std::map<uint32_t, Info> info;
    for (ch::RowBinaryReader rd(*body); !rd.atEnd();) {
        auto idx = rd.uint32();
        Info i;
        auto number = rd.int64();
        auto outcome = rd.string();
        auto cause = rd.string();
        auto start = rd.int64();
        auto tts = rd.int64();
        if (!idx || !number || !outcome || !cause || !start || !tts) {
            return shortRow();
        }
        info[*idx] = { *number, std::move(*outcome), std::move(*cause), *start, *tts };
    }
    std::vector<TableRow> rows;
    std::stable_sort(r->groups.begin(), r->groups.end(),
        [](const ch::StoreGroup& a, const ch::StoreGroup& b) { return a.attemptIdx < b.attemptIdx; });
    for (auto& g : r->groups) {
        const auto it = info.find(g.attemptIdx);
        if (it == info.end()) {
            continue;
        }
        const Info& i = it->second;
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
