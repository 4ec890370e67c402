#include "core/store/import_writer.h"

#include "core/model/timeutil.h"

namespace ett::core {

namespace {

constexpr int kPhaseRowsPerInsert = 64; // multi-row VALUES: about 3x a row-at-a-time loop
constexpr int kPhaseColumns = 6;
constexpr int kCheckpointColumns = 7;

// "INSERT ... VALUES(?,...),(?,...)...": rows of `columns` parameters each.
std::string multiRowInsert(std::string head, int rows, int columns)
{
    std::string row = "(";
    for (int c = 0; c < columns; ++c) {
        row += c == 0 ? "?" : ",?";
    }
    row += ")";
    for (int i = 0; i < rows; ++i) {
        head += i == 0 ? row : "," + row;
    }
    return head;
}

// Inserts buffered rows: with the multi-row statement when there are exactly
// kPhaseRowsPerInsert of them, else one at a time. bindRow(statement, base, row) binds a row's
// parameters after `base`.
template <typename Row, typename Bind>
Status insertRows(const std::vector<Row>& rows, Statement& many, Statement& one, int columns, Bind bindRow)
{
    if (rows.size() == kPhaseRowsPerInsert) {
        many.reset();
        for (int i = 0; i < kPhaseRowsPerInsert; ++i) {
            bindRow(many, i * columns, rows[static_cast<size_t>(i)]);
        }
        return many.run();
    }
    for (const auto& row : rows) {
        one.reset();
        bindRow(one, 0, row);
        if (auto st = one.run(); !st) {
            return st;
        }
    }
    return Status::success();
}

// Steps a bound "SELECT count(*) ..." statement: true when the count is positive. Resets it.
Result<bool> countIsPositive(Statement& s)
{
    if (auto r = s.step(); !r) {
        return r.error();
    }
    const bool positive = s.columnInt64(0) > 0;
    s.reset();
    return positive;
}

} // namespace

ImportWriter::ImportWriter(Database& db, std::string path)
    : m_db(db)
    , m_path(std::move(path))
{
}

Status ImportWriter::prepare()
{
    // Phase ids are not bound: SQLite gives each new row max(id) + 1, which keeps a file's phases
    // contiguous and lets the rows be appended without a seek (checked after each insert).
    const std::string many = multiRowInsert(
        "INSERT INTO phases(attempt_id,kind,rank,start_ns,end_ns,name) VALUES", kPhaseRowsPerInsert, kPhaseColumns);
    const std::string manyCheckpoints
        = multiRowInsert("INSERT INTO checkpoints(job_id, attempt_no, step, start_ns, durable_ns, failed, dataset_id) "
                         "VALUES",
            kPhaseRowsPerInsert, kCheckpointColumns);
    struct Spec
    {
        Statement* target;
        std::string sql;
    };
    Spec specs[] = {
        { &m_findLabel, "SELECT id FROM labels WHERE name=?" },
        { &m_insertLabel, "INSERT INTO labels(name) VALUES(?)" },
        { &m_findJob,
            "SELECT id, name, gpus, gpus_given, submitted_ns, declared_in FROM jobs WHERE label_id=? AND job_key=?" },
        { &m_findAttrs, "SELECT key, value FROM job_attrs WHERE job_id=? ORDER BY key" },
        { &m_insertJob,
            "INSERT INTO jobs(label_id, job_key, name, gpus, gpus_given, submitted_ns, declared_in) "
            "VALUES(?,?,?,?,?,?,?)" },
        { &m_updateJob, "UPDATE jobs SET name=?, gpus=?, gpus_given=?, submitted_ns=?, declared_in=? WHERE id=?" },
        { &m_insertAttr, "INSERT INTO job_attrs(job_id, key, value) VALUES(?,?,?)" },
        { &m_deleteAttrs, "DELETE FROM job_attrs WHERE job_id=?" },
        { &m_findAttempts,
            "SELECT id, attempt_no, start_ns, end_ns, gpus, outcome, interrupted_at_ns, cause, symptom, detail, "
            "declared_in FROM attempts WHERE job_id=?" },
        { &m_insertAttempt,
            "INSERT INTO attempts(job_id, attempt_no, start_ns, end_ns, gpus, outcome, interrupted_at_ns, cause, "
            "symptom, detail, declared_in) VALUES(?,?,?,?,?,?,?,?,?,?,?)" },
        { &m_insertPhaseMany, many },
        { &m_insertPhaseOne, "INSERT INTO phases(attempt_id,kind,rank,start_ns,end_ns,name) VALUES(?,?,?,?,?,?)" },
        { &m_findKinds, "SELECT id, category, subcategory FROM phase_kinds" },
        { &m_insertKind, "INSERT INTO phase_kinds(category, subcategory) VALUES(?,?)" },
        { &m_insertRun, "INSERT INTO phase_runs(attempt_id, first_id, last_id) VALUES(?,?,?)" },
        { &m_insertCheckpoint,
            "INSERT INTO checkpoints(job_id, attempt_no, step, start_ns, durable_ns, failed, dataset_id) "
            "VALUES(?,?,?,?,?,?,?)" },
        { &m_datasetPath, "SELECT source_path, format FROM datasets WHERE id=?" },
        { &m_widenAttempt, "UPDATE attempts SET start_ns=?, end_ns=? WHERE id=?" },
        { &m_mergeOutcome,
            "UPDATE attempts SET outcome=?, interrupted_at_ns=?, cause=?, symptom=?, detail=? WHERE id=?" },
        { &m_insertCheckpointMany, manyCheckpoints },
        { &m_datasetOfSize, "SELECT count(*) FROM datasets WHERE label_id=? AND bytes=?" },
        { &m_datasetWithSha, "SELECT count(*) FROM datasets WHERE label_id=? AND sha256=?" },
        { &m_findRankHost, "SELECT host FROM rank_hosts WHERE attempt_id=? AND rank=?" },
        { &m_insertRankHost, "INSERT INTO rank_hosts(attempt_id, rank, host) VALUES(?,?,?)" },
    };
    for (auto& s : specs) {
        auto st = m_db.prepare(s.sql);
        if (!st) {
            return st.error();
        }
        *s.target = std::move(*st);
    }
    return Status::success();
}

// ---- labels and datasets

Result<std::optional<int64_t>> ImportWriter::findLabel(const std::string& label)
{
    m_findLabel.reset();
    m_findLabel.bind(1, label);
    auto row = m_findLabel.step();
    if (!row) {
        return row.error();
    }
    std::optional<int64_t> id;
    if (*row) {
        id = m_findLabel.columnInt64(0);
    }
    m_findLabel.reset();
    return id;
}

Result<int64_t> ImportWriter::insertLabel(const std::string& label)
{
    m_insertLabel.bind(1, label);
    if (auto st = m_insertLabel.run(); !st) {
        return st.error();
    }
    return m_db.lastInsertRowid();
}

Result<bool> ImportWriter::hasDatasetOfSize(int64_t labelId, int64_t bytes)
{
    m_datasetOfSize.reset();
    m_datasetOfSize.bind(1, labelId);
    m_datasetOfSize.bind(2, bytes);
    return countIsPositive(m_datasetOfSize);
}

Result<bool> ImportWriter::hasDatasetWithSha(int64_t labelId, const std::string& sha256)
{
    m_datasetWithSha.reset();
    m_datasetWithSha.bind(1, labelId);
    m_datasetWithSha.bind(2, sha256);
    return countIsPositive(m_datasetWithSha);
}

Result<int64_t> ImportWriter::insertDataset(int64_t labelId, const std::string& path, const std::string& format,
    int64_t bytes, const std::string& readerOptions)
{
    auto ds = m_db.prepare("INSERT INTO datasets(label_id, source_path, sha256, format, imported_at, bytes, "
                           "reader_options) VALUES(?,?,?,?,?,?,?)");
    if (!ds) {
        return ds.error();
    }
    ds->bind(1, labelId);
    ds->bind(2, path);
    ds->bind(3, "pending:" + path);
    ds->bind(4, format);
    ds->bind(5, nowRfc3339());
    ds->bind(6, bytes);
    ds->bind(7, readerOptions);
    if (auto st = ds->run(); !st) {
        return st.error();
    }
    return m_db.lastInsertRowid();
}

Result<int64_t> ImportWriter::maxPhaseId()
{
    auto maxId = m_db.queryInt("SELECT max(id) FROM phases");
    if (!maxId) {
        return maxId.error();
    }
    return maxId->value_or(0);
}

std::string ImportWriter::datasetPath(int64_t datasetId, std::string* format)
{
    m_datasetPath.reset();
    m_datasetPath.bind(1, datasetId);
    auto row = m_datasetPath.step();
    const bool found = row && *row;
    std::string p = found ? m_datasetPath.columnText(0) : "dataset " + std::to_string(datasetId);
    if (format) {
        *format = found ? m_datasetPath.columnText(1) : std::string();
    }
    m_datasetPath.reset();
    return p;
}

Status ImportWriter::writeIssues(int64_t datasetId, const IssueCounter& issues)
{
    auto issue = m_db.prepare(
        "INSERT INTO import_issues(dataset_id, kind, detail, count, first_line, example) VALUES(?,?,?,?,?,?)");
    if (!issue) {
        return issue.error();
    }
    for (const auto& [key, e] : issues.entries()) {
        issue->bind(1, datasetId);
        issue->bind(2, key.first);
        issue->bind(3, key.second);
        issue->bind(4, e.count);
        e.firstLine > 0 ? issue->bind(5, e.firstLine) : issue->bindNull(5);
        issue->bind(6, e.example);
        if (auto st = issue->run(); !st) {
            return st;
        }
    }
    return Status::success();
}

Status ImportWriter::finishDataset(
    int64_t datasetId, const std::string& sha256, int64_t records, std::optional<std::pair<int64_t, int64_t>> phaseIds)
{
    auto upd = m_db.prepare("UPDATE datasets SET sha256=?, records=?, first_phase_id=?, last_phase_id=? WHERE id=?");
    if (!upd) {
        return upd.error();
    }
    upd->bind(1, sha256);
    upd->bind(2, records);
    if (phaseIds) {
        upd->bind(3, phaseIds->first);
        upd->bind(4, phaseIds->second);
    } else {
        upd->bindNull(3);
        upd->bindNull(4);
    }
    upd->bind(5, datasetId);
    return upd->run();
}

// ---- jobs and attempts

Result<bool> ImportWriter::loadJob(int64_t labelId, JobState& state)
{
    m_findJob.reset();
    m_findJob.bind(1, labelId);
    m_findJob.bind(2, state.key);
    auto row = m_findJob.step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        m_findJob.reset();
        return false;
    }
    state.id = m_findJob.columnInt64(0);
    state.record.job = state.key;
    state.record.name = m_findJob.columnText(1);
    if (m_findJob.columnInt64(3) != 0) {
        state.record.gpus = m_findJob.columnInt64(2);
    }
    state.record.submittedNs = m_findJob.columnOptionalInt64(4);
    const auto declaredIn = m_findJob.columnOptionalInt64(5);
    m_findJob.reset();
    state.declared = declaredIn.has_value();
    if (declaredIn) {
        state.origin = "file " + datasetPath(*declaredIn);
    }
    m_findAttrs.reset();
    m_findAttrs.bind(1, state.id);
    if (auto rows = m_findAttrs.forEachRow(
            [&] { state.record.attrs.emplace_back(m_findAttrs.columnText(0), m_findAttrs.columnText(1)); });
        !rows) {
        return rows.error();
    }
    m_findAttrs.reset();
    return true;
}

Result<int64_t> ImportWriter::insertImplicitJob(int64_t labelId, const std::string& key)
{
    m_insertJob.reset();
    m_insertJob.bind(1, labelId);
    m_insertJob.bind(2, key);
    m_insertJob.bind(3, std::string_view {});
    m_insertJob.bind(4, int64_t { 1 });
    m_insertJob.bind(5, int64_t { 0 });
    m_insertJob.bindNull(6);
    m_insertJob.bindNull(7);
    if (auto st = m_insertJob.run(); !st) {
        return st.error();
    }
    return m_db.lastInsertRowid();
}

Result<int64_t> ImportWriter::insertJob(int64_t labelId, const JobRecord& r, int64_t datasetId)
{
    m_insertJob.reset();
    m_insertJob.bind(1, labelId);
    m_insertJob.bind(2, r.job);
    m_insertJob.bind(3, r.name);
    m_insertJob.bind(4, r.gpus.value_or(1));
    m_insertJob.bind(5, int64_t { r.gpus ? 1 : 0 });
    m_insertJob.bind(6, r.submittedNs);
    m_insertJob.bind(7, datasetId);
    if (auto st = m_insertJob.run(); !st) {
        return st.error();
    }
    return m_db.lastInsertRowid();
}

Status ImportWriter::redeclareJob(int64_t jobId, const JobRecord& r, int64_t datasetId)
{
    m_updateJob.reset();
    m_updateJob.bind(1, r.name);
    m_updateJob.bind(2, r.gpus.value_or(1));
    m_updateJob.bind(3, int64_t { r.gpus ? 1 : 0 });
    m_updateJob.bind(4, r.submittedNs);
    m_updateJob.bind(5, datasetId);
    m_updateJob.bind(6, jobId);
    if (auto st = m_updateJob.run(); !st) {
        return st;
    }
    m_deleteAttrs.reset();
    m_deleteAttrs.bind(1, jobId);
    return m_deleteAttrs.run();
}

Status ImportWriter::insertAttrs(int64_t jobId, const JobRecord& r)
{
    for (const auto& [k, v] : r.attrs) {
        m_insertAttr.reset();
        m_insertAttr.bind(1, jobId);
        m_insertAttr.bind(2, k);
        m_insertAttr.bind(3, v);
        if (auto st = m_insertAttr.run(); !st) {
            return st;
        }
    }
    return Status::success();
}

Status ImportWriter::loadAttempts(JobState& job)
{
    m_findAttempts.reset();
    m_findAttempts.bind(1, job.id);
    if (auto rows = m_findAttempts.forEachRow([&] {
            AttemptState a;
            a.id = m_findAttempts.columnInt64(0);
            a.record.attempt = static_cast<int32_t>(m_findAttempts.columnInt64(1));
            a.record.startNs = m_findAttempts.columnInt64(2);
            a.record.endNs = m_findAttempts.columnInt64(3);
            a.record.gpus = m_findAttempts.columnOptionalInt64(4);
            a.record.outcome = parseOutcome(m_findAttempts.columnText(5)).value_or(Outcome::Completed);
            a.record.interruptedAtNs = m_findAttempts.columnOptionalInt64(6);
            a.record.cause = m_findAttempts.columnText(7);
            a.record.symptom = parseSymptom(m_findAttempts.columnText(8)).value_or(Symptom::None);
            a.record.detail = m_findAttempts.columnText(9);
            std::string format;
            a.origin = "file " + datasetPath(m_findAttempts.columnInt64(10), &format);
            a.record.windowFromTrace
                = format == "chrome" || format == "nsys" || format == "torchtitan" || format == "onelogger";
            RecordNormalizer::occupy(job, a.record);
            job.attempts.emplace(a.record.attempt, std::move(a));
        });
        !rows) {
        return rows.error();
    }
    m_findAttempts.reset();
    return Status::success();
}

Result<int64_t> ImportWriter::insertAttempt(int64_t jobId, const AttemptRecord& r, int64_t datasetId)
{
    auto& s = m_insertAttempt;
    s.reset();
    s.bind(1, jobId);
    s.bind(2, int64_t { r.attempt });
    s.bind(3, r.startNs);
    s.bind(4, r.endNs);
    s.bind(5, r.gpus);
    s.bind(6, outcomeName(r.outcome));
    s.bind(7, r.interruptedAtNs);
    s.bind(8, r.cause);
    s.bind(9, symptomName(r.symptom));
    s.bind(10, r.detail);
    s.bind(11, datasetId);
    if (auto st = s.run(); !st) {
        return st.error();
    }
    return m_db.lastInsertRowid();
}

Status ImportWriter::updateAttemptWindow(int64_t attemptId, int64_t startNs, int64_t endNs)
{
    m_widenAttempt.reset();
    m_widenAttempt.bind(1, startNs);
    m_widenAttempt.bind(2, endNs);
    m_widenAttempt.bind(3, attemptId);
    return m_widenAttempt.run();
}

Status ImportWriter::updateAttemptOutcome(int64_t attemptId, const AttemptRecord& r)
{
    auto& s = m_mergeOutcome;
    s.reset();
    s.bind(1, outcomeName(r.outcome));
    s.bind(2, r.interruptedAtNs);
    s.bind(3, r.cause);
    s.bind(4, symptomName(r.symptom));
    s.bind(5, r.detail);
    s.bind(6, attemptId);
    return s.run();
}

// ---- phases and checkpoints

Result<int64_t> ImportWriter::kindOf(const PhaseRecord& r)
{
    // Runs of phases of one kind are common (train chunks, per-rank stages): skip the map then.
    if (m_lastKind >= 0 && r.category == m_lastKindCategory && r.subcategory == m_lastKindSubcategory) {
        return m_lastKind;
    }
    auto keyOf = [](Category c, std::string_view sub) {
        std::string k(1, static_cast<char>('A' + static_cast<int>(c)));
        k += sub;
        return k;
    };
    if (!m_kindsLoaded) {
        m_kindsLoaded = true;
        if (auto rows = m_findKinds.forEachRow([&] {
                m_kinds[keyOf(static_cast<Category>(m_findKinds.columnInt64(1)), m_findKinds.columnText(2))]
                    = m_findKinds.columnInt64(0);
            });
            !rows) {
            return rows.error();
        }
    }
    m_kindKey = keyOf(r.category, r.subcategory);
    auto it = m_kinds.find(m_kindKey);
    if (it == m_kinds.end()) {
        m_insertKind.reset();
        m_insertKind.bind(1, static_cast<int64_t>(r.category));
        m_insertKind.bind(2, r.subcategory);
        if (auto st = m_insertKind.run(); !st) {
            return st.error();
        }
        it = m_kinds.emplace(m_kindKey, m_db.lastInsertRowid()).first;
    }
    m_lastKind = it->second;
    m_lastKindCategory = r.category;
    m_lastKindSubcategory = r.subcategory;
    return m_lastKind;
}

Status ImportWriter::addPhase(
    int64_t id, int64_t attemptId, int64_t kind, const PhaseRecord& r, const ClippedPhase& span)
{
    m_phaseRows.push_back({ id, attemptId, kind, &r, span.startNs, span.endNs });
    if (m_phaseRows.size() == kPhaseRowsPerInsert) {
        return flushPhases();
    }
    return Status::success();
}

Status ImportWriter::insertPhaseNow(
    int64_t id, int64_t attemptId, int64_t kind, const PhaseRecord& r, const ClippedPhase& span)
{
    auto& s = m_insertPhaseOne;
    s.reset();
    s.bind(1, attemptId);
    s.bind(2, kind);
    r.rank < 0 ? s.bindNull(3) : s.bind(3, int64_t { r.rank });
    s.bind(4, span.startNs);
    s.bind(5, span.endNs);
    r.name.empty() ? s.bindNull(6) : s.bind(6, r.name);
    if (auto st = s.run(); !st) {
        return st;
    }
    return checkPhaseId(id);
}

Status ImportWriter::flushPhases()
{
    auto bindRow = [&](Statement& s, int base, const PhaseRow& row) {
        const PhaseRecord& r = *row.record;
        s.bind(base + 1, row.attemptId);
        s.bind(base + 2, row.kind);
        r.rank < 0 ? s.bindNull(base + 3) : s.bind(base + 3, int64_t { r.rank });
        s.bind(base + 4, row.startNs);
        s.bind(base + 5, row.endNs);
        r.name.empty() ? s.bindNull(base + 6) : s.bindStatic(base + 6, r.name);
    };
    if (auto st = insertRows(m_phaseRows, m_insertPhaseMany, m_insertPhaseOne, kPhaseColumns, bindRow); !st) {
        return st;
    }
    if (!m_phaseRows.empty()) {
        if (auto st = checkPhaseId(m_phaseRows.back().id); !st) {
            return st;
        }
    }
    m_phaseRows.clear();
    return Status::success();
}

Status ImportWriter::checkPhaseId(int64_t expected)
{
    // phase_runs relies on SQLite numbering appended rows max(id) + 1 in insertion order.
    if (m_db.lastInsertRowid() != expected) {
        return Error { m_path + ": internal error: phase row got id " + std::to_string(m_db.lastInsertRowid())
            + ", expected " + std::to_string(expected) + "; nothing of this file was stored" };
    }
    return Status::success();
}

Status ImportWriter::insertRun(const PhaseRun& run)
{
    m_insertRun.reset();
    m_insertRun.bind(1, run.attemptId);
    m_insertRun.bind(2, run.firstId);
    m_insertRun.bind(3, run.lastId);
    return m_insertRun.run();
}

Status ImportWriter::addCheckpoint(const CheckpointRow& row, int64_t datasetId)
{
    m_checkpointRows.push_back(row);
    if (m_checkpointRows.size() == kPhaseRowsPerInsert) {
        return flushCheckpoints(datasetId);
    }
    return Status::success();
}

Status ImportWriter::flushCheckpoints(int64_t datasetId)
{
    auto bindRow = [&](Statement& s, int base, const CheckpointRow& row) {
        s.bind(base + 1, row.jobId);
        s.bind(base + 2, int64_t { row.attempt });
        s.bind(base + 3, row.step);
        s.bind(base + 4, row.startNs);
        s.bind(base + 5, row.durableNs);
        s.bind(base + 6, int64_t { row.failed ? 1 : 0 });
        s.bind(base + 7, datasetId);
    };
    if (auto st = insertRows(m_checkpointRows, m_insertCheckpointMany, m_insertCheckpoint, kCheckpointColumns, bindRow);
        !st) {
        return st;
    }
    m_checkpointRows.clear();
    return Status::success();
}

Result<std::optional<std::string>> ImportWriter::insertRankHost(
    int64_t attemptId, int32_t rank, const std::string& host)
{
    m_findRankHost.reset();
    m_findRankHost.bind(1, attemptId);
    m_findRankHost.bind(2, int64_t { rank });
    auto row = m_findRankHost.step();
    if (!row) {
        m_findRankHost.reset();
        return row.error();
    }
    if (*row) {
        std::string before = m_findRankHost.columnText(0);
        m_findRankHost.reset();
        return before == host ? std::optional<std::string> {} : std::optional<std::string>(std::move(before));
    }
    m_findRankHost.reset();
    m_insertRankHost.bind(1, attemptId);
    m_insertRankHost.bind(2, int64_t { rank });
    m_insertRankHost.bind(3, host);
    if (auto st = m_insertRankHost.run(); !st) {
        return st.error();
    }
    return std::optional<std::string> {};
}

} // namespace ett::core
