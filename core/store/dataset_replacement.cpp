#include "core/store/dataset_replacement.h"

#include "core/store/database.h"
#include "core/store/derived.h"
#include "core/store/fleet.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <sys/stat.h>

namespace ett::core {

namespace {

// `sql` prepared with ?1 = a, and ?2 = b, ?3 = c when given.
Result<Statement> prepareWith(
    Database& db, const char* sql, int64_t a, std::optional<int64_t> b, std::optional<int64_t> c)
{
    auto st = db.prepare(sql);
    if (!st) {
        return st.error();
    }
    st->bind(1, a);
    if (b) {
        st->bind(2, *b);
    }
    if (c) {
        st->bind(3, *c);
    }
    return st;
}

Status runWith(Database& db, const char* sql, int64_t a, std::optional<int64_t> b = std::nullopt,
    std::optional<int64_t> c = std::nullopt)
{
    auto st = prepareWith(db, sql, a, b, c);
    return st ? st->run() : Status(st.error());
}

// The first column of the first row of `sql` (?1 = a), 0 when there is none or it is NULL.
Result<int64_t> countWith(Database& db, const char* sql, int64_t a)
{
    auto st = prepareWith(db, sql, a, std::nullopt, std::nullopt);
    if (!st) {
        return st.error();
    }
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    const int64_t n = *row ? st->columnOptionalInt64(0).value_or(0) : 0;
    st->reset();
    return n;
}

// Appends the first column of every row of `sql` (?1 = a, ?2 = b, ?3 = c) to `out`.
Status collectIds(Database& db, const char* sql, std::vector<int64_t>& out, int64_t a,
    std::optional<int64_t> b = std::nullopt, std::optional<int64_t> c = std::nullopt)
{
    auto st = prepareWith(db, sql, a, b, c);
    if (!st) {
        return st.error();
    }
    return st->forEachRow([&] { out.push_back(st->columnInt64(0)); });
}

} // namespace

Status ensureReplacementIndexes(Database& db)
{
    return db.exec("CREATE INDEX IF NOT EXISTS datasets_source ON datasets(label_id, source_path);"
                   "CREATE INDEX IF NOT EXISTS attempts_declared_in ON attempts(declared_in);"
                   "CREATE INDEX IF NOT EXISTS jobs_declared_in ON jobs(declared_in);"
                   "CREATE INDEX IF NOT EXISTS checkpoints_dataset ON checkpoints(dataset_id);"
                   "CREATE INDEX IF NOT EXISTS phase_runs_first ON phase_runs(first_id);");
}

Result<std::vector<int64_t>> datasetsFromPath(Database& db, int64_t labelId, const std::string& sourcePath)
{
    auto st = db.prepare("SELECT id FROM datasets WHERE label_id = ?1 AND source_path = ?2 ORDER BY id");
    if (!st) {
        return st.error();
    }
    st->bind(1, labelId);
    st->bind(2, sourcePath);
    std::vector<int64_t> ids;
    if (auto rows = st->forEachRow([&] { ids.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    return ids;
}

Result<std::string> datasetReaderOptions(Database& db, int64_t datasetId)
{
    auto st = db.prepare("SELECT reader_options FROM datasets WHERE id = ?1");
    if (!st) {
        return st.error();
    }
    st->bind(1, datasetId);
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return Error { "no dataset " + std::to_string(datasetId) + " in the database" };
    }
    std::string options = st->columnText(0);
    st->reset();
    return options;
}

Result<std::vector<int64_t>> removeDatasetRows(
    Database& db, int64_t datasetId, const std::string& sourcePath, bool replacing)
{
    // 1. The file's phase id range (none when it brought no phase).
    auto range = db.prepare("SELECT first_phase_id, last_phase_id FROM datasets WHERE id = ?1");
    if (!range) {
        return range.error();
    }
    range->bind(1, datasetId);
    auto row = range->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return Error { sourcePath + ": its earlier import (dataset " + std::to_string(datasetId)
            + ") is not in the database" };
    }
    const std::optional<int64_t> first = range->columnOptionalInt64(0);
    const std::optional<int64_t> last = range->columnOptionalInt64(1);
    range->reset();
    // An empty range selects nothing.
    const int64_t lo = first.value_or(1);
    const int64_t hi = last.value_or(0);

    // 2. An attempt the file declared may also hold phases another file added (spec 3: phases of
    //    an attempt seen again add to it). Removing it would orphan them: refused, naming the file.
    auto foreign = db.prepare("SELECT d.source_path FROM phase_runs r JOIN attempts a ON a.id = r.attempt_id "
                              "JOIN datasets d ON r.first_id BETWEEN d.first_phase_id AND d.last_phase_id "
                              "WHERE a.declared_in = ?1 AND NOT (r.first_id BETWEEN ?2 AND ?3) LIMIT 1");
    if (!foreign) {
        return foreign.error();
    }
    foreign->bind(1, datasetId);
    foreign->bind(2, lo);
    foreign->bind(3, hi);
    auto other = foreign->step();
    if (!other) {
        return other.error();
    }
    if (*other) {
        const std::string otherPath = foreign->columnText(0);
        foreign->reset();
        return Error { sourcePath + ": cannot " + (replacing ? "replace its earlier records" : "remove its records")
                + ": an attempt it declared also holds phases imported from " + otherPath
                + (replacing ? " (a watched file must hold its attempts whole); its earlier records are kept"
                             : " (an attempt is removed whole, with the files that added to it); nothing was removed"),
            "file" };
    }
    foreign->reset();

    // 3. The jobs whose rows change: those of its attempts, checkpoints and declarations, and those
    //    of other files' attempts its phases were added to.
    std::vector<int64_t> jobs;
    if (auto st = collectIds(db, "SELECT DISTINCT job_id FROM attempts WHERE declared_in = ?1", jobs, datasetId); !st) {
        return st.error();
    }
    if (auto st = collectIds(db, "SELECT DISTINCT job_id FROM checkpoints WHERE dataset_id = ?1", jobs, datasetId);
        !st) {
        return st.error();
    }
    if (auto st = collectIds(db, "SELECT id FROM jobs WHERE declared_in = ?1", jobs, datasetId); !st) {
        return st.error();
    }
    if (auto st = collectIds(db,
            "SELECT DISTINCT a.job_id FROM phase_runs r JOIN attempts a ON a.id = r.attempt_id "
            "WHERE r.first_id BETWEEN ?1 AND ?2",
            jobs, lo, hi);
        !st) {
        return st.error();
    }
    std::sort(jobs.begin(), jobs.end());
    jobs.erase(std::unique(jobs.begin(), jobs.end()), jobs.end());

    // 4. Children first: the derived rows' triggers find their job through the attempt.
    constexpr const char* kOfAttempts = "(SELECT id FROM attempts WHERE declared_in = ?1)";
    for (const char* table : { "attempt_derived", "attempt_phases", "cause_overrides", "rank_hosts" }) {
        const std::string sql = std::string("DELETE FROM ") + table + " WHERE attempt_id IN " + kOfAttempts;
        if (auto st = runWith(db, sql.c_str(), datasetId); !st) {
            return st.error();
        }
    }
    if (auto st = runWith(db, "DELETE FROM phase_runs WHERE first_id BETWEEN ?1 AND ?2", lo, hi); !st) {
        return st.error();
    }
    if (auto st = runWith(db, "DELETE FROM phases WHERE id BETWEEN ?1 AND ?2", lo, hi); !st) {
        return st.error();
    }
    for (const char* sql : {
             "DELETE FROM attempts WHERE declared_in = ?1",
             "DELETE FROM checkpoints WHERE dataset_id = ?1",
             "DELETE FROM import_issues WHERE dataset_id = ?1",
             "DELETE FROM job_attrs WHERE job_id IN (SELECT id FROM jobs WHERE declared_in = ?1)",
             "UPDATE jobs SET declared_in = NULL, name = '', gpus = 1, gpus_given = 0, submitted_ns = NULL "
             "WHERE declared_in = ?1",
             "DELETE FROM datasets WHERE id = ?1",
         }) {
        if (auto st = runWith(db, sql, datasetId); !st) {
            return st.error();
        }
    }
    return jobs;
}

Result<RemovedFile> removeStoredFile(Database& db, const std::string& label, const std::string& sourcePath)
{
    if (auto st = ensureReplacementIndexes(db); !st) {
        return st.error();
    }
    RemovedFile removed;
    removed.label = label;
    removed.path = sourcePath;
    Status outcome = inTransaction(db, [&]() -> Status {
        // 1. The label and the file's datasets, read inside the transaction.
        auto labelId = findLabelId(db, label);
        if (!labelId) {
            return labelId.error();
        }
        if (!*labelId) {
            return Error { "cannot remove " + sourcePath + ": there is no label '" + label + "'; nothing was removed",
                "label" };
        }
        auto ids = datasetsFromPath(db, **labelId, sourcePath);
        if (!ids) {
            return ids.error();
        }
        if (ids->empty()) {
            return Error { "cannot remove " + sourcePath + ": label '" + label
                    + "' stores no file imported as that path (`ettw datasets` lists them); nothing was removed",
                "file" };
        }
        // 2. What goes: counted before, the console logs among them kept for their chaining.
        auto logs = storedLogRuns(db, **labelId);
        if (!logs) {
            return logs.error();
        }
        {
            auto newest = prepareWith(db, "SELECT format, reader_options FROM datasets WHERE id = ?1", ids->back(),
                std::nullopt, std::nullopt);
            if (!newest) {
                return newest.error();
            }
            if (auto st = newest->forEachRow([&] {
                    removed.format = newest->columnText(0);
                    removed.readerOptions = newest->columnText(1);
                });
                !st) {
                return st;
            }
        }
        for (StoredLogRun& r : *logs) {
            const bool gone = std::find(ids->begin(), ids->end(), r.datasetId) != ids->end();
            (gone ? removed.logs : removed.logsLeft).push_back(std::move(r));
        }
        std::vector<int64_t> declared;
        for (const int64_t id : *ids) {
            if (auto st = collectIds(db, "SELECT id FROM jobs WHERE declared_in = ?1", declared, id); !st) {
                return st;
            }
        }
        constexpr const char* kJobsOfLabel = "SELECT count(*) FROM jobs WHERE label_id = ?1";
        auto jobsBefore = countWith(db, kJobsOfLabel, **labelId);
        if (!jobsBefore) {
            return jobsBefore.error();
        }
        std::vector<int64_t> touched;
        for (const int64_t id : *ids) {
            const std::pair<int64_t*, const char*> counts[] = {
                { &removed.attempts, "SELECT count(*) FROM attempts WHERE declared_in = ?1" },
                { &removed.phases,
                    "SELECT coalesce(sum(last_phase_id - first_phase_id + 1), 0) FROM datasets WHERE id = ?1" },
                { &removed.checkpoints, "SELECT count(*) FROM checkpoints WHERE dataset_id = ?1" },
            };
            for (const auto& [field, sql] : counts) {
                auto n = countWith(db, sql, id);
                if (!n) {
                    return n.error();
                }
                *field += *n;
            }
            // 3. Its rows, then the jobs they touched settled.
            auto jobs = removeDatasetRows(db, id, sourcePath, false);
            if (!jobs) {
                return jobs.error();
            }
            touched.insert(touched.end(), jobs->begin(), jobs->end());
            ++removed.datasets;
        }
        std::sort(touched.begin(), touched.end());
        touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
        auto updater = DerivedUpdater::create(db);
        if (!updater) {
            return updater.error();
        }
        if (auto st = settleJobs(db, **updater, touched); !st) {
            return st;
        }
        auto jobsAfter = countWith(db, kJobsOfLabel, **labelId);
        if (!jobsAfter) {
            return jobsAfter.error();
        }
        removed.jobs = *jobsBefore - *jobsAfter;
        // 4. The jobs it declared that are left (with other files' records), implicit now.
        auto key = db.prepare("SELECT job_key FROM jobs WHERE id = ?1 AND declared_in IS NULL");
        if (!key) {
            return key.error();
        }
        for (const int64_t job : declared) {
            key->bind(1, job);
            if (auto st = key->forEachRow([&] { removed.undeclaredJobs.push_back(key->columnText(0)); }); !st) {
                return st;
            }
        }
        return Status::success();
    });
    if (!outcome) {
        return outcome.error();
    }
    return removed;
}

Result<std::vector<std::string>> undeclaredJobs(
    Database& db, const std::string& label, const std::vector<std::string>& jobs)
{
    std::vector<std::string> out;
    auto q = db.prepare("SELECT 1 FROM jobs j JOIN labels l ON l.id = j.label_id "
                        "WHERE l.name = ?1 AND j.job_key = ?2 AND j.declared_in IS NULL");
    if (!q) {
        return q.error();
    }
    for (const std::string& job : jobs) {
        q->bind(1, label);
        q->bind(2, job);
        bool implicit = false;
        if (auto st = q->forEachRow([&] { implicit = true; }); !st) {
            return st.error();
        }
        if (implicit) {
            out.push_back(job);
        }
    }
    return out;
}

Result<std::vector<StoredFile>> filesOfJob(Database& db, const std::string& label, const std::string& job)
{
    auto q = db.prepare(
        "SELECT DISTINCT d.id, d.source_path, d.sha256, d.bytes, d.format, d.reader_options FROM datasets d "
        "JOIN attempts a ON a.declared_in = d.id JOIN jobs j ON j.id = a.job_id "
        "JOIN labels l ON l.id = j.label_id WHERE l.name = ?1 AND j.job_key = ?2 ORDER BY d.id");
    if (!q) {
        return q.error();
    }
    q->bind(1, label);
    q->bind(2, job);
    std::vector<StoredFile> out;
    if (auto st = q->forEachRow([&] {
            out.push_back(
                { q->columnText(1), q->columnText(2), q->columnInt64(3), q->columnText(4), q->columnText(5) });
        });
        !st) {
        return st.error();
    }
    return out;
}

Result<std::vector<int64_t>> jobsOfDataset(Database& db, int64_t datasetId)
{
    std::vector<int64_t> jobs;
    for (const char* sql : {
             "SELECT DISTINCT job_id FROM attempts WHERE declared_in = ?1",
             "SELECT DISTINCT job_id FROM checkpoints WHERE dataset_id = ?1",
             "SELECT id FROM jobs WHERE declared_in = ?1",
             "SELECT DISTINCT a.job_id FROM datasets d JOIN phase_runs r ON r.first_id BETWEEN d.first_phase_id AND "
             "d.last_phase_id JOIN attempts a ON a.id = r.attempt_id WHERE d.id = ?1",
         }) {
        if (auto st = collectIds(db, sql, jobs, datasetId); !st) {
            return st.error();
        }
    }
    std::sort(jobs.begin(), jobs.end());
    jobs.erase(std::unique(jobs.begin(), jobs.end()), jobs.end());
    return jobs;
}

Result<std::vector<StoredLogRun>> storedLogRuns(Database& db, int64_t labelId)
{
    auto q = prepareWith(db,
        "SELECT d.id, d.source_path, d.sha256, d.bytes, j.job_key, j.name, a.attempt_no, a.detail, a.start_ns, "
        "a.outcome, d.reader_options FROM datasets d JOIN attempts a ON a.declared_in = d.id JOIN jobs j ON j.id = "
        "a.job_id "
        "WHERE d.label_id = ?1 AND d.format = 'log' ORDER BY d.id, a.attempt_no",
        labelId, std::nullopt, std::nullopt);
    if (!q) {
        return q.error();
    }
    std::vector<StoredLogRun> out;
    if (auto st = q->forEachRow([&] {
            StoredLogRun r;
            r.datasetId = q->columnInt64(0);
            r.sourcePath = q->columnText(1);
            r.sha256 = q->columnText(2);
            r.bytes = q->columnInt64(3);
            r.declared = { q->columnText(4), q->columnText(5), static_cast<int32_t>(q->columnInt64(6)) };
            r.detail = q->columnText(7);
            r.startNs = q->columnInt64(8);
            r.outcome = q->columnText(9);
            r.readerOptions = q->columnText(10);
            out.push_back(std::move(r));
        });
        !st) {
        return st.error();
    }
    return out;
}

Status settleJobs(Database& db, DerivedUpdater& updater, const std::vector<int64_t>& jobIds)
{
    auto empty = db.prepare("SELECT declared_in IS NULL AND NOT EXISTS(SELECT 1 FROM attempts WHERE job_id = ?1) "
                            "AND NOT EXISTS(SELECT 1 FROM checkpoints WHERE job_id = ?1) FROM jobs WHERE id = ?1");
    if (!empty) {
        return empty.error();
    }
    for (int64_t id : jobIds) {
        empty->bind(1, id);
        auto row = empty->step();
        if (!row) {
            return row.error();
        }
        if (!*row) {
            empty->reset();
            continue; // removed already
        }
        const bool nothingLeft = empty->columnInt64(0) != 0;
        empty->reset();
        if (nothingLeft) {
            for (const char* sql : { "DELETE FROM job_derived WHERE job_id = ?1",
                     "DELETE FROM job_attrs WHERE job_id = ?1", "DELETE FROM jobs WHERE id = ?1" }) {
                if (auto st = runWith(db, sql, id); !st) {
                    return st;
                }
            }
            continue;
        }
        if (auto notes = updater.update(id); !notes) {
            return notes.error();
        }
    }
    return Status::success();
}

Result<bool> adoptMovedDataset(Database& db, int64_t labelId, const std::string& sha256, const std::string& sourcePath)
{
    bool moved = false;
    Status outcome = inTransaction(db, [&]() -> Status {
        auto st = db.prepare("SELECT id, source_path, bytes FROM datasets WHERE label_id = ?1 AND sha256 = ?2");
        if (!st) {
            return st.error();
        }
        st->bind(1, labelId);
        st->bind(2, sha256);
        auto row = st->step();
        if (!row) {
            return row.error();
        }
        if (!*row) {
            return Status::success();
        }
        const int64_t id = st->columnInt64(0);
        const std::string oldPath = st->columnText(1);
        const int64_t bytes = st->columnInt64(2);
        st->reset();
        if (oldPath == sourcePath) {
            return Status::success();
        }
        std::error_code ec;
        const auto size = std::filesystem::file_size(oldPath, ec);
        if (!ec && static_cast<int64_t>(size) == bytes) {
            return Status::success(); // still there: a copy
        }
        auto update = db.prepare("UPDATE datasets SET source_path = ?2 WHERE id = ?1");
        if (!update) {
            return update.error();
        }
        update->bind(1, id);
        update->bind(2, sourcePath);
        moved = true;
        return update->run();
    });
    if (!outcome) {
        return outcome.error();
    }
    return moved;
}

Result<std::vector<OtherSpelling>> adoptOtherSpellings(
    Database& db, const std::string& label, const std::vector<std::string>& files)
{
    std::vector<OtherSpelling> taken;
    if (files.empty()) {
        return taken;
    }
    auto labelId = findLabelId(db, label);
    if (!labelId) {
        return labelId.error();
    }
    if (!*labelId) {
        return taken;
    }
    auto st = db.prepare("SELECT id, source_path FROM datasets WHERE label_id = ?1 ORDER BY id");
    if (!st) {
        return st.error();
    }
    st->bind(1, **labelId);
    std::vector<std::pair<int64_t, std::string>> stored;
    std::set<std::string> paths;
    if (Status rows = st->forEachRow([&] {
            stored.emplace_back(st->columnInt64(0), st->columnText(1));
            paths.insert(stored.back().second);
        });
        !rows) {
        return rows.error();
    }
    // The files stored under no dataset of their path as given, by what they are now.
    std::map<std::pair<dev_t, ino_t>, size_t> wanted;
    std::set<std::string> names;
    const std::set<std::string> given(files.begin(), files.end());
    for (size_t i = 0; i < files.size(); ++i) {
        struct stat now
        {
        };
        if (!paths.contains(files[i]) && ::stat(files[i].c_str(), &now) == 0) {
            wanted.emplace(std::make_pair(now.st_dev, now.st_ino), i);
            names.insert(std::filesystem::path(files[i]).filename().string());
        }
    }
    // A relative path stored by an import run in another folder is also looked for under the
    // database's folder.
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::absolute(db.path(), ec).parent_path();
    std::vector<std::pair<size_t, size_t>> found; // (file, stored)
    for (size_t k = 0; k < stored.size() && !wanted.empty(); ++k) {
        const std::string& path = stored[k].second;
        if (given.contains(path) || !names.contains(std::filesystem::path(path).filename().string())) {
            continue;
        }
        std::vector<std::string> places { path };
        if (std::filesystem::path(path).is_relative() && !folder.empty()) {
            places.push_back((folder / path).string());
        }
        // What it leads to; none when its places are two files (from here, and under the database's
        // folder): which one it was cannot be told.
        std::set<std::pair<dev_t, ino_t>> leadsTo;
        for (const std::string& place : places) {
            struct stat now
            {
            };
            if (::stat(place.c_str(), &now) == 0) {
                leadsTo.insert({ now.st_dev, now.st_ino });
            }
        }
        if (leadsTo.size() != 1) {
            continue;
        }
        if (const auto it = wanted.find(*leadsTo.begin()); it != wanted.end()) {
            found.emplace_back(it->second, k);
        }
    }
    if (found.empty()) {
        return taken;
    }
    std::sort(found.begin(), found.end());
    Status outcome = inTransaction(db, [&]() -> Status {
        taken.clear();
        auto update = db.prepare("UPDATE datasets SET source_path = ?2 WHERE id = ?1");
        if (!update) {
            return update.error();
        }
        for (const auto& [file, k] : found) {
            update->bind(1, stored[k].first);
            update->bind(2, files[file]);
            if (Status done = update->run(); !done) {
                return done;
            }
            taken.push_back({ stored[k].first, files[file], stored[k].second });
        }
        return Status::success();
    });
    if (!outcome) {
        return outcome.error();
    }
    return taken;
}

} // namespace ett::core
