#include "core/store/fleet.h"

#include "core/model/segment_codec.h"
#include "core/store/cause_rules_store.h"
#include "core/store/database.h"
#include "core/store/schema.h"

#include <algorithm>
#include <unordered_map>

namespace ett::core {

namespace {

std::string bucketSelect(const char* alias)
{
    std::string out;
    for (int b = 0; b < kBucketCount; ++b) {
        out += std::string(", ") + alias + "." + bucketColumn(b);
    }
    return out;
}

Interruption parseInterruption(const std::string& name)
{
    for (int i = 0; i < 4; ++i) {
        if (interruptionName(static_cast<Interruption>(i)) == name) {
            return static_cast<Interruption>(i);
        }
    }
    return Interruption::None;
}

// WHERE terms and their bound values for a FleetQuery over jobs j / labels l.
std::string jobFilter(const FleetQuery& q)
{
    std::string where = " WHERE 1";
    if (q.label) {
        where += " AND l.name = :label";
    }
    if (q.jobKey) {
        where += " AND j.job_key = :job";
    }
    return where;
}

void bindFilter(Statement& st, const FleetQuery& q)
{
    int n = 1;
    if (q.label) {
        st.bind(n++, *q.label);
    }
    if (q.jobKey) {
        st.bind(n++, *q.jobKey);
    }
}

} // namespace

std::optional<std::string> FleetJob::attr(const std::string& attrKey) const
{
    for (const auto& [k, v] : attrs) {
        if (k == attrKey) {
            return v;
        }
    }
    return std::nullopt;
}

Result<std::vector<FleetJob>> loadFleet(Database& db, const FleetQuery& q)
{
    std::vector<FleetJob> jobs;
    std::unordered_map<int64_t, size_t> index;
    const std::string where = jobFilter(q);

    // 1. Jobs with their derived totals.
    {
        auto st = db.prepare("SELECT j.id, l.name, j.job_key, j.name, j.gpus, d.window_start_ns, d.window_end_ns, "
                             "d.queue_before_ns, d.tts_ns, d.failures, d.preemptions, d.other_interruptions, "
                             "d.no_checkpoint_data"
            + bucketSelect("d")
            + " FROM jobs j JOIN labels l ON l.id = j.label_id LEFT JOIN job_derived d ON "
              "d.job_id = j.id"
            + where + " ORDER BY l.name, j.job_key");
        if (!st) {
            return st.error();
        }
        bindFilter(*st, q);
        if (auto rows = st->forEachRow([&] {
                FleetJob j;
                j.id = st->columnInt64(0);
                j.label = st->columnText(1);
                j.key = st->columnText(2);
                j.name = st->columnText(3);
                j.gpus = st->columnInt64(4);
                auto& r = j.result;
                r.windowStartNs = st->columnOptionalInt64(5).value_or(0);
                r.windowEndNs = st->columnOptionalInt64(6).value_or(0);
                r.queueBeforeNs = st->columnOptionalInt64(7).value_or(0);
                r.ttsNs = st->columnOptionalInt64(8).value_or(0);
                r.failures = static_cast<int>(st->columnInt64(9));
                r.preemptions = static_cast<int>(st->columnInt64(10));
                r.otherInterruptions = static_cast<int>(st->columnInt64(11));
                r.noCheckpointData = st->columnInt64(12) != 0;
                for (int b = 0; b < kBucketCount; ++b) {
                    r.bucketsNs[static_cast<size_t>(b)] = st->columnInt64(13 + b);
                }
                index[j.id] = jobs.size();
                jobs.push_back(std::move(j));
            });
            !rows) {
            return rows.error();
        }
    }

    // 2. Attributes.
    {
        auto st = db.prepare("SELECT a.job_id, a.key, a.value FROM job_attrs a JOIN jobs j ON j.id = a.job_id JOIN "
                             "labels l ON l.id = j.label_id"
            + where + " ORDER BY a.job_id, a.key");
        if (!st) {
            return st.error();
        }
        bindFilter(*st, q);
        if (auto rows = st->forEachRow([&] {
                auto it = index.find(st->columnInt64(0));
                if (it != index.end()) {
                    jobs[it->second].attrs.emplace_back(st->columnText(1), st->columnText(2));
                }
            });
            !rows) {
            return rows.error();
        }
    }

    // 3. Attempts with their derived figures, in start order per job.
    {
        auto st = db.prepare("SELECT a.job_id, a.attempt_no, a.start_ns, a.end_ns, a.gpus, a.outcome, "
            + std::string(kEffectiveCauseSql)
            + ", a.symptom, a.detail, ad.gap_after_ns, ad.tts_ns, ad.ttr_ns, ad.first_train_ns, "
              "ad.fault_ns, ad.interruption, "
            + std::string(q.withSegments ? "ad.segments" : "NULL") + bucketSelect("ad")
            + " FROM attempts a JOIN attempt_derived ad ON ad.attempt_id = a.id JOIN jobs j ON j.id = a.job_id "
              "JOIN labels l ON l.id = j.label_id"
            + where + " ORDER BY a.job_id, a.start_ns, a.attempt_no");
        if (!st) {
            return st.error();
        }
        bindFilter(*st, q);
        if (auto rows = st->forEachRow([&]() -> Status {
                auto it = index.find(st->columnInt64(0));
                if (it == index.end()) {
                    return Status::success();
                }
                FleetJob& j = jobs[it->second];
                AttemptResult a;
                a.number = static_cast<int32_t>(st->columnInt64(1));
                a.startNs = st->columnInt64(2);
                a.endNs = st->columnInt64(3);
                a.gpus = st->columnOptionalInt64(4).value_or(j.gpus);
                a.outcome = parseOutcome(st->columnText(5)).value_or(Outcome::Completed);
                AttemptInfo info { st->columnText(6), st->columnText(7), st->columnText(8) };
                a.gapAfterNs = st->columnInt64(9);
                a.ttsNs = st->columnInt64(10);
                a.ttrNs = st->columnOptionalInt64(11);
                a.firstTrainNs = st->columnOptionalInt64(12);
                a.faultNs = st->columnOptionalInt64(13);
                a.interruption = parseInterruption(st->columnText(14));
                if (q.withSegments) {
                    auto segs = decodeSegments(st->columnBlob(15), a.startNs);
                    if (!segs) {
                        return Error { "job " + j.key + " attempt " + std::to_string(a.number) + ": "
                            + segs.error().message };
                    }
                    a.segments = std::move(*segs);
                }
                for (int b = 0; b < kBucketCount; ++b) {
                    a.bucketsNs[static_cast<size_t>(b)] = st->columnInt64(16 + b);
                }
                j.result.attempts.push_back(std::move(a));
                j.attemptInfo.push_back(std::move(info));
                return Status::success();
            });
            !rows) {
            return rows.error();
        }
    }
    return jobs;
}

Result<std::vector<DatasetInfo>> listDatasets(Database& db)
{
    auto st = db.prepare("SELECT d.id, l.name, d.source_path, d.sha256, d.format, d.imported_at, d.bytes, d.records, "
                         "(SELECT coalesce(sum(count), 0) FROM import_issues i WHERE i.dataset_id = d.id), "
                         "d.reader_options FROM datasets d JOIN labels l ON l.id = d.label_id ORDER BY d.id");
    if (!st) {
        return st.error();
    }
    std::vector<DatasetInfo> out;
    if (auto rows = st->forEachRow([&] {
            DatasetInfo d;
            d.id = st->columnInt64(0);
            d.label = st->columnText(1);
            d.sourcePath = st->columnText(2);
            d.sha256 = st->columnText(3);
            d.format = st->columnText(4);
            d.importedAt = st->columnText(5);
            d.bytes = st->columnInt64(6);
            d.records = st->columnInt64(7);
            d.issues = st->columnInt64(8);
            d.readerOptions = st->columnText(9);
            out.push_back(std::move(d));
        });
        !rows) {
        return rows.error();
    }
    return out;
}

Result<std::vector<IssueInfo>> listIssues(Database& db)
{
    auto st = db.prepare("SELECT i.dataset_id, l.name, d.source_path, i.kind, i.detail, i.count, i.first_line, "
                         "i.example FROM import_issues i JOIN datasets d ON d.id = i.dataset_id JOIN labels l ON "
                         "l.id = d.label_id ORDER BY i.dataset_id, i.kind, i.detail");
    if (!st) {
        return st.error();
    }
    std::vector<IssueInfo> out;
    if (auto rows = st->forEachRow([&] {
            IssueInfo i;
            i.datasetId = st->columnInt64(0);
            i.label = st->columnText(1);
            i.sourcePath = st->columnText(2);
            i.kind = st->columnText(3);
            i.detail = st->columnText(4);
            i.count = st->columnInt64(5);
            i.firstLine = st->columnOptionalInt64(6);
            i.example = st->columnText(7);
            out.push_back(std::move(i));
        });
        !rows) {
        return rows.error();
    }
    return out;
}

Result<std::vector<std::string>> listLabels(Database& db)
{
    auto st = db.prepare("SELECT name FROM labels ORDER BY name");
    if (!st) {
        return st.error();
    }
    std::vector<std::string> out;
    if (auto rows = st->forEachRow([&] { out.push_back(st->columnText(0)); }); !rows) {
        return rows.error();
    }
    return out;
}

Result<std::optional<int64_t>> findLabelId(Database& db, const std::string& label)
{
    auto find = db.prepare("SELECT id FROM labels WHERE name = ?1");
    if (!find) {
        return find.error();
    }
    find->bind(1, label);
    auto row = find->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<int64_t> {};
    }
    return std::optional<int64_t>(find->columnInt64(0));
}

Status checkLabelName(const std::string& label)
{
    if (label.empty()) {
        return Error { "the label is empty: give a name (--label NAME)" };
    }
    if (std::all_of(label.begin(), label.end(), [](char c) { return c == ' ' || c == '\t'; })) {
        return Error { "the label '" + label + "' is blank: give a name with a visible character" };
    }
    if (std::any_of(
            label.begin(), label.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
        return Error { "the label contains a control character: give a name without one" };
    }
    return Status::success();
}

Status renameLabel(Database& db, const std::string& from, const std::string& to)
{
    if (to.empty()) {
        return Error { "cannot rename label '" + from + "': the new name is empty" };
    }
    if (auto st = checkLabelName(to); !st) {
        return Error { "cannot rename label '" + from + "': " + st.error().message };
    }
    return inTransaction(db, [&]() -> Status {
        // 1. Both names are checked inside the transaction, so nothing can slip in between.
        auto fromId = findLabelId(db, from);
        if (!fromId) {
            return fromId.error();
        }
        if (!*fromId) {
            return Error { "cannot rename label '" + from + "': there is no such label" };
        }
        const int64_t id = **fromId;
        auto toId = findLabelId(db, to);
        if (!toId) {
            return toId.error();
        }
        if (*toId) {
            return Error { "cannot rename label '" + from + "' to '" + to + "': a label '" + to + "' already exists" };
        }
        // 2. Jobs and datasets refer to the label by id, so one row changes.
        auto update = db.prepare("UPDATE labels SET name = ?1 WHERE id = ?2");
        if (!update) {
            return update.error();
        }
        update->bind(1, to);
        update->bind(2, id);
        return update->run();
    });
}

} // namespace ett::core

namespace ett::core {

std::string groupKeyOf(const FleetJob& job, const std::string& groupBy)
{
    if (groupBy == "label") {
        return job.label;
    }
    if (groupBy == "job") {
        return job.key;
    }
    return job.attr(groupBy).value_or(kNoGroupValue);
}

FleetSummary summarizeFleet(
    const std::vector<FleetJob>& jobs, const RollupOptions& options, const std::optional<std::string>& groupBy)
{
    FleetSummary out;
    for (const auto& j : jobs) {
        Figures f;
        addJob(f, j.result, j.gpus, options);
        if (f.empty()) {
            continue;
        }
        if (groupBy) {
            out.groups[groupKeyOf(j, *groupBy)].merge(f);
        }
        out.fleet.merge(f);
    }
    return out;
}

} // namespace ett::core
