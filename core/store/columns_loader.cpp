#include "core/store/columns_loader.h"

#include "core/model/segment_codec.h"
#include "core/store/cause_rules_store.h"
#include "core/store/column_store.h"
#include "core/store/database.h"
#include "core/store/schema.h"

#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace ett::core {

int32_t dictionaryCode(
    std::unordered_map<std::string, int32_t>& index, std::vector<std::string>& dict, const std::string& s)
{
    auto [it, inserted] = index.emplace(s, static_cast<int32_t>(dict.size()));
    if (inserted) {
        dict.push_back(s);
    }
    return it->second;
}

namespace {

// Loads the columns step by step (each step one query); the dictionaries and row-id maps a later
// step needs are members. Errors are the store's, returned as they come.
class FleetLoader
{
public:
    FleetLoader(Database& database, const ColumnsQuery& query)
        : db(database)
        , q(query)
        , where(columnsQueryWhere(query))
    {
    }

    Result<StoredFleet> run()
    {
        for (Status (FleetLoader::*step)() : { &FleetLoader::labelsAndJobs, &FleetLoader::attributes,
                 &FleetLoader::attempts, &FleetLoader::checkpoints }) {
            if (auto st = (this->*step)(); !st) {
                return st.error();
            }
        }
        if (auto st = loadStoredPhases(db, q, out); !st) {
            return st.error();
        }
        return std::move(out);
    }

private:
    void bindLabel(Statement& st) const { bindColumnsQuery(st, q); }

    Status labelsAndJobs()
    {
        // 1. Labels and jobs.
        {
            auto st = db.prepare("SELECT id, name FROM labels ORDER BY name");
            if (!st) {
                return st.error();
            }
            if (auto rows = st->forEachRow([&] {
                    labelCode[st->columnInt64(0)] = static_cast<int32_t>(c.labels.size());
                    c.labels.push_back(st->columnText(1));
                });
                !rows) {
                return rows.error();
            }
        }
        {
            auto st = db.prepare("SELECT j.id, j.label_id, j.job_key, j.name, j.gpus, j.submitted_ns FROM jobs j"
                + where + " ORDER BY j.id");
            if (!st) {
                return st.error();
            }
            bindLabel(*st);
            if (auto rows = st->forEachRow([&] {
                    jobIndex[st->columnInt64(0)] = c.jobKey.size();
                    c.jobRowId.push_back(st->columnInt64(0));
                    c.jobLabel.push_back(labelCode.at(st->columnInt64(1)));
                    c.jobKey.push_back(st->columnText(2));
                    c.jobName.push_back(st->columnText(3));
                    c.jobGpus.push_back(st->columnInt64(4));
                    c.jobSubmittedNs.push_back(st->columnOptionalInt64(5).value_or(kNoTime));
                });
                !rows) {
                return rows.error();
            }
        }

        return Status::success();
    }

    Status attributes()
    {
        // 2. Attributes, dictionary-coded.
        std::unordered_map<std::string, int32_t> keyIndex;
        std::vector<std::unordered_map<std::string, int32_t>> valueIndex;
        std::vector<std::vector<std::pair<int32_t, int32_t>>> attrs(c.jobKey.size());
        {
            auto st = db.prepare("SELECT a.job_id, a.key, a.value FROM job_attrs a JOIN jobs j ON j.id = a.job_id"
                + where + " ORDER BY a.job_id, a.key"); // the order that codes keys and values
            if (!st) {
                return st.error();
            }
            bindLabel(*st);
            if (auto rows = st->forEachRow([&] {
                    const int32_t k = dictionaryCode(keyIndex, c.attrKeys, st->columnText(1));
                    if (valueIndex.size() < c.attrKeys.size()) {
                        valueIndex.resize(c.attrKeys.size());
                        c.attrValues.resize(c.attrKeys.size());
                    }
                    const int32_t v = dictionaryCode(
                        valueIndex[static_cast<size_t>(k)], c.attrValues[static_cast<size_t>(k)], st->columnText(2));
                    attrs[jobIndex.at(st->columnInt64(0))].emplace_back(k, v);
                });
                !rows) {
                return rows.error();
            }
        }
        c.attrValues.resize(c.attrKeys.size());
        c.jobAttr.assign(c.jobKey.size() * c.attrKeys.size(), -1);
        for (size_t j = 0; j < attrs.size(); ++j) {
            for (const auto& [k, v] : attrs[j]) {
                c.jobAttr[j * c.attrKeys.size() + static_cast<size_t>(k)] = v;
            }
        }

        return Status::success();
    }

    Status attempts()
    {
        // 3. Attempts with their derived figures and segments, grouped by job in job order.
        std::unordered_map<std::string, int32_t> causeIndex;
        std::vector<std::vector<size_t>> attemptsOfJob(c.jobKey.size());
        struct Row
        {
            int64_t id;
            size_t job;
            int32_t number;
            int64_t start, end, gpus, fault;
            uint8_t outcome, interruption;
            int32_t cause;
            std::array<int64_t, kBucketCount> buckets;
            int64_t gap, tts;
            std::optional<int64_t> ttr, firstTrain;
            std::vector<Segment> segments;
        };
        std::vector<Row> rowsOut;
        {
            std::string cols;
            for (int b = 0; b < kBucketCount; ++b) {
                cols += std::string(", d.") + bucketColumn(b);
            }
            auto st = db.prepare("SELECT a.id, a.job_id, a.attempt_no, a.start_ns, a.end_ns, coalesce(a.gpus, j.gpus), "
                                 "a.outcome, coalesce(a.interrupted_at_ns, a.end_ns), "
                + std::string(kEffectiveCauseSql)
                + ", d.gap_after_ns, d.tts_ns, "
                  "d.ttr_ns, d.first_train_ns, d.segments"
                + cols + " FROM attempts a JOIN jobs j ON j.id = a.job_id JOIN attempt_derived d ON d.attempt_id = a.id"
                + where + " ORDER BY a.job_id, a.start_ns, a.attempt_no");
            if (!st) {
                return st.error();
            }
            bindLabel(*st);
            if (auto rows = st->forEachRow([&]() -> Status {
                    Row r;
                    r.id = st->columnInt64(0);
                    r.job = jobIndex.at(st->columnInt64(1));
                    r.number = static_cast<int32_t>(st->columnInt64(2));
                    r.start = st->columnInt64(3);
                    r.end = st->columnInt64(4);
                    r.gpus = st->columnInt64(5);
                    const Outcome o = parseOutcome(st->columnText(6)).value_or(Outcome::Completed);
                    r.outcome = static_cast<uint8_t>(o);
                    r.fault = st->columnInt64(7);
                    const std::string cause = st->columnText(8);
                    r.interruption = static_cast<uint8_t>(classifyInterruption(o, cause));
                    r.cause = dictionaryCode(causeIndex, c.causeClasses, std::string(causeClass(cause)));
                    r.gap = st->columnInt64(9);
                    r.tts = st->columnInt64(10);
                    r.ttr = st->columnOptionalInt64(11);
                    r.firstTrain = st->columnOptionalInt64(12);
                    auto segs = decodeSegments(st->columnBlob(13), r.start);
                    if (!segs) {
                        return Error { c.jobKey[r.job] + " attempt " + std::to_string(r.number) + ": "
                            + segs.error().message };
                    }
                    r.segments = std::move(*segs);
                    for (int b = 0; b < kBucketCount; ++b) {
                        r.buckets[static_cast<size_t>(b)] = st->columnInt64(14 + b);
                    }
                    attemptsOfJob[r.job].push_back(rowsOut.size());
                    rowsOut.push_back(std::move(r));
                    return Status::success();
                });
                !rows) {
                return rows.error();
            }
        }
        c.jobAttemptBegin.assign(1, 0);
        at.attemptSegmentBegin.assign(1, 0);
        for (size_t j = 0; j < c.jobKey.size(); ++j) {
            for (size_t i : attemptsOfJob[j]) {
                Row& r = rowsOut[i];
                out.attemptRowId.push_back(r.id);
                c.attemptJob.push_back(static_cast<int32_t>(j));
                c.attemptNumber.push_back(r.number);
                c.attemptStartNs.push_back(r.start);
                c.attemptEndNs.push_back(r.end);
                c.attemptGpus.push_back(r.gpus);
                c.attemptOutcome.push_back(r.outcome);
                c.attemptInterruption.push_back(r.interruption);
                c.attemptFaultNs.push_back(r.fault);
                c.attemptCauseClass.push_back(r.cause);
                at.attemptBucketsNs.insert(at.attemptBucketsNs.end(), r.buckets.begin(), r.buckets.end());
                at.attemptTtsNs.push_back(r.tts);
                at.attemptTtrNs.push_back(r.ttr.value_or(kNoTime));
                at.attemptFirstTrainNs.push_back(r.firstTrain.value_or(kNoTime));
                at.attemptGapAfterNs.push_back(r.gap);
                for (const auto& s : r.segments) {
                    at.segmentStartNs.push_back(s.startNs);
                    at.segmentEndNs.push_back(s.endNs);
                    at.segmentBucket.push_back(static_cast<uint8_t>(s.bucket));
                }
                at.attemptSegmentBegin.push_back(static_cast<int64_t>(at.segmentBucket.size()));
            }
            c.jobAttemptBegin.push_back(static_cast<int64_t>(c.attemptJob.size()));
        }
        rowsOut.clear();

        return Status::success();
    }

    Status checkpoints()
    {
        // 4. Checkpoints, grouped by job.
        {
            std::vector<std::vector<CheckpointMark>> ofJob(c.jobKey.size());
            auto st
                = db.prepare("SELECT c.job_id, c.start_ns, c.durable_ns, c.failed FROM checkpoints c JOIN jobs j ON "
                             "j.id = c.job_id"
                    + where + " ORDER BY c.job_id, c.id");
            if (!st) {
                return st.error();
            }
            bindLabel(*st);
            if (auto rows = st->forEachRow([&] {
                    const int64_t start = st->columnInt64(1);
                    ofJob[jobIndex.at(st->columnInt64(0))].push_back(
                        { start, st->columnOptionalInt64(2).value_or(start), st->columnInt64(3) != 0 });
                });
                !rows) {
                return rows.error();
            }
            c.jobCheckpointBegin.assign(1, 0);
            for (const auto& list : ofJob) {
                for (const auto& m : list) {
                    c.checkpointStartNs.push_back(m.startNs);
                    c.checkpointDurableNs.push_back(m.durableNs);
                    c.checkpointFailed.push_back(m.failed ? 1 : 0);
                }
                c.jobCheckpointBegin.push_back(static_cast<int64_t>(c.checkpointStartNs.size()));
            }
        }

        return Status::success();
    }

    Database& db;
    const ColumnsQuery& q;
    const std::string where;
    StoredFleet out;
    FleetColumns& c = out.columns;
    Attribution& at = out.attribution;
    std::unordered_map<int64_t, int32_t> labelCode;
    std::unordered_map<int64_t, size_t> jobIndex;
};

} // namespace

bool rowsAsked()
{
    const char* env = std::getenv("ETTW_STORAGE");
    return env && std::strcmp(env, "rows") == 0;
}

Result<StoredFleet> loadStoredFleet(Database& db, const ColumnsQuery& q)
{
    if (q.storage == ColumnsQuery::Storage::Auto && !q.jobIds && !rowsAsked()) {
        auto has = hasColumnStore(db);
        if (!has) {
            return has.error();
        }
        if (*has) {
            auto stored = loadColumnStore(db, q);
            if (!stored) {
                return stored.error();
            }
            if (auto st = loadStoredPhases(db, q, *stored); !st) {
                return st.error();
            }
            return stored;
        }
    }
    return FleetLoader(db, q).run();
}

Status loadStoredPhases(Database& db, const ColumnsQuery& q, StoredFleet& out)
{
    FleetColumns& c = out.columns;
    // 5. Phase kinds and, when asked, the phases grouped by attempt.
    {
        auto st = db.prepare("SELECT id, category, subcategory FROM phase_kinds ORDER BY id");
        if (!st) {
            return st.error();
        }
        std::unordered_map<int64_t, int32_t> kindIndex;
        if (auto rows = st->forEachRow([&] {
                kindIndex[st->columnInt64(0)] = static_cast<int32_t>(c.kindCategory.size());
                c.kindCategory.push_back(static_cast<uint8_t>(st->columnInt64(1)));
                c.kindSubcategory.push_back(st->columnText(2));
            });
            !rows) {
            return rows.error();
        }
        c.attemptPhaseBegin.assign(c.attemptJob.size() + 1, 0);
        if (q.withPhases) {
            std::unordered_map<int64_t, size_t> attemptIndex;
            attemptIndex.reserve(out.attemptRowId.size());
            for (size_t a = 0; a < out.attemptRowId.size(); ++a) {
                attemptIndex[out.attemptRowId[a]] = a;
            }
            struct P
            {
                size_t attempt;
                int64_t start, end;
                int32_t kind, rank;
            };
            std::vector<P> phases;
            // A slice reads its attempts' phase runs (phase_runs_attempt); the whole fleet or a
            // label reads the table through.
            auto ps = db.prepare(q.jobIds ? "SELECT p.attempt_id, p.kind, p.rank, p.start_ns, p.end_ns FROM jobs j "
                                            "JOIN attempts a ON a.job_id = j.id JOIN phase_runs r ON r.attempt_id "
                                            "= a.id JOIN phases p ON p.id BETWEEN r.first_id AND r.last_id"
                        + columnsQueryWhere(q)
                                          : std::string("SELECT p.attempt_id, p.kind, p.rank, p.start_ns, p.end_ns "
                                                        "FROM phases p"));
            if (!ps) {
                return ps.error();
            }
            if (q.jobIds) {
                bindColumnsQuery(*ps, q);
            }
            if (auto rows = ps->forEachRow([&] {
                    auto it = attemptIndex.find(ps->columnInt64(0));
                    if (it != attemptIndex.end()) {
                        phases.push_back(
                            { it->second, ps->columnInt64(3), ps->columnInt64(4), kindIndex.at(ps->columnInt64(1)),
                                static_cast<int32_t>(ps->columnOptionalInt64(2).value_or(-1)) });
                    }
                });
                !rows) {
                return rows.error();
            }
            // Counting sort by attempt.
            for (const auto& p : phases) {
                ++c.attemptPhaseBegin[p.attempt + 1];
            }
            for (size_t a = 0; a < c.attemptJob.size(); ++a) {
                c.attemptPhaseBegin[a + 1] += c.attemptPhaseBegin[a];
            }
            c.phaseStartNs.resize(phases.size());
            c.phaseEndNs.resize(phases.size());
            c.phaseKind.resize(phases.size());
            c.phaseRank.resize(phases.size());
            std::vector<int64_t> next(c.attemptPhaseBegin.begin(), c.attemptPhaseBegin.end() - 1);
            for (const auto& p : phases) {
                const auto i = static_cast<size_t>(next[p.attempt]++);
                c.phaseStartNs[i] = p.start;
                c.phaseEndNs[i] = p.end;
                c.phaseKind[i] = p.kind;
                c.phaseRank[i] = p.rank;
            }
        }
    }
    return Status::success();
}

std::string columnsQueryWhere(const ColumnsQuery& q)
{
    std::string where;
    if (q.label) {
        where = " WHERE j.label_id = (SELECT id FROM labels WHERE name = ?1)";
    }
    if (q.jobIds) {
        where += (where.empty() ? " WHERE" : " AND") + std::string(" j.id BETWEEN ?2 AND ?3");
    }
    return where;
}

void bindColumnsQuery(Statement& st, const ColumnsQuery& q)
{
    if (q.label) {
        st.bind(1, *q.label);
    }
    if (q.jobIds) {
        st.bind(2, q.jobIds->first);
        st.bind(3, q.jobIds->second);
    }
}

} // namespace ett::core
