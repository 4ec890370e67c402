#include "core/store/importer.h"

#include "core/ingest/byte_source.h"
#include "core/ingest/input_file.h"
#include "core/ingest/reader_options_text.h"
#include "core/store/batch_pipeline.h"
#include "core/store/cause_rules_store.h"
#include "core/store/column_store.h"
#include "core/store/database.h"
#include "core/store/dataset_replacement.h"
#include "core/store/derived.h"
#include "core/store/derived_pipeline.h"
#include "core/store/fleet.h"
#include "core/store/import_session.h"
#include "core/store/import_writer.h"
#include "core/store/record_normalizer.h"
#include "core/store/schema.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <iterator>
#include <new>
#include <vector>

// Design note: one import of one file is three parts. The record normalizer (pure) checks each
// record against what is known of its job and turns it into rows; the import writer runs the SQL;
// the import session is the pipeline: the reader thread's batches in file order, the per-job state
// that decides when a job can be attributed from memory (import_records.cpp), progress, cancel and
// the one transaction (this file).

namespace ett::core {

namespace {

using Clock = ImportSession::Clock;

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// The options stored with the file as those it was read with: its mapping's path made absolute, so
// that a later reading from another folder finds it.
std::string recordedOptions(const ImportOptions& options)
{
    ReaderOptions recorded = options.recordedReader.value_or(options.reader);
    if (!recorded.mappingPath.empty()) {
        std::error_code ec;
        auto absolute = std::filesystem::absolute(recorded.mappingPath, ec);
        if (!ec) {
            recorded.mappingPath = absolute.lexically_normal().string();
        }
    }
    return readerOptionsJson(recorded);
}

} // namespace

Result<bool> ImportSession::alreadyImported(int64_t totalBytes)
{
    auto sameSize = m_writer.hasDatasetOfSize(m_labelId, totalBytes);
    if (!sameSize) {
        return sameSize.error();
    }
    if (!*sameSize) {
        return false;
    }
    auto fileSha = sha256OfFile(m_path);
    if (!fileSha) {
        return fileSha.error();
    }
    auto sha = sha256WithFiles(*fileSha, m_options.reader.companions);
    if (!sha) {
        return sha.error();
    }
    auto dup = m_writer.hasDatasetWithSha(m_labelId, *sha);
    if (!dup) {
        return dup.error();
    }
    if (*dup) {
        m_summary.sha256 = *sha;
    }
    return *dup;
}

Result<ImportSummary> ImportSession::run()
{
    const auto started = Clock::now();
    m_summary.path = m_sourcePath;
    m_summary.label = m_options.label;
    if (auto st = checkLabelName(m_options.label); !st) {
        return Error { m_path + ": " + st.error().message + "; nothing was stored" };
    }

    // A pipe, a FIFO or "-" is read once into a temporary copy that every open below reads.
    auto spool = SpooledInput::prepare(m_path);
    if (!spool) {
        return spool.error();
    }
    auto reader = openRecordSource(m_path, m_options.reader);
    if (!reader) {
        return reader.error();
    }
    RecordSource& rd = **reader;
    m_summary.format = rd.formatName();
    m_reader = &rd;
    const int64_t totalBytes = rd.source().fileSize();

    if (auto st = m_writer.prepare(); !st) {
        return st.error();
    }

    // 1. A file whose size matches one already imported under this label may be the same
    //    content: hash it first, so that a re-import is a quick no-op.
    auto labelId = m_writer.findLabel(m_options.label);
    if (!labelId) {
        return labelId.error();
    }
    if (*labelId) {
        m_labelId = **labelId;
    }
    if (*labelId && !(m_options.readAgain && m_options.replaceSamePath)) {
        auto same = alreadyImported(totalBytes);
        if (!same) {
            return same.error();
        }
        if (*same) {
            m_summary.alreadyImported = true;
            if (m_options.replaceSamePath) {
                auto adopted = adoptMovedDataset(m_db, m_labelId, m_summary.sha256, m_sourcePath);
                if (!adopted) {
                    return adopted.error();
                }
                m_summary.adopted = *adopted;
            }
            return m_summary;
        }
    }

    // Another import holds the write lock: say so (progress stage "waiting") and wait its turn,
    // unless cancelled.
    auto whileBusy = [&] {
        progress("waiting for another import into this database to finish", 0, 0, 0);
        return !cancelled();
    };
    Status outcome = inTransaction(
        m_db, [&]() -> Status { return importInTransaction(rd, totalBytes, started); }, whileBusy);
    m_triggerPause.reset(); // on every way out of the transaction
    if (!outcome && cancelled() && !m_summary.alreadyImported) {
        return cancelledError();
    }
    if (!outcome) {
        if (m_summary.alreadyImported) {
            const std::string sha = m_summary.sha256;
            m_summary = ImportSummary {};
            m_summary.path = m_sourcePath;
            m_summary.label = m_options.label;
            m_summary.sha256 = sha;
            m_summary.alreadyImported = true;
            return m_summary;
        }
        return outcome.error();
    }
    m_summary.issues = m_normalizer.issues();
    m_summary.datasetId = m_datasetId;
    m_summary.commitSeconds = secondsSince(m_commitStarted);
    m_summary.seconds = secondsSince(started);
    return m_summary;
}

Status ImportSession::importInTransaction(RecordSource& rd, int64_t totalBytes, Clock::time_point started)
{
    // 2. Label and dataset rows; phase ids continue after the largest one. The label is looked up
    //    again under the write lock: another import may have created it since step 1.
    if (m_labelId == 0) {
        auto found = m_writer.findLabel(m_options.label);
        if (!found) {
            return found.error();
        }
        m_labelId = found->value_or(0);
    }
    if (m_labelId == 0) {
        auto id = m_writer.insertLabel(m_options.label);
        if (!id) {
            return id.error();
        }
        m_labelId = *id;
    }
    // The file's earlier imports go first, in this transaction: their jobs are settled at the end.
    // So do those of the files read with it (an NVRx job's cycle files read alone before its log
    // was there): their records are this import's now.
    if (m_options.replaceSamePath) {
        std::vector<std::string> paths { m_sourcePath };
        paths.insert(paths.end(), m_options.reader.companions.begin(), m_options.reader.companions.end());
        for (const std::string& path : paths) {
            auto earlier = datasetsFromPath(m_db, m_labelId, path);
            if (!earlier) {
                return earlier.error();
            }
            for (int64_t id : *earlier) {
                if (path == m_sourcePath) {
                    if (auto st = noteOtherOptions(id); !st) {
                        return st;
                    }
                }
                auto jobs = removeDatasetRows(m_db, id, path);
                if (!jobs) {
                    return jobs.error();
                }
                m_replacedJobs.insert(m_replacedJobs.end(), jobs->begin(), jobs->end());
                ++m_summary.datasetsReplaced;
            }
        }
    }
    auto ds = m_writer.insertDataset(m_labelId, m_sourcePath, rd.formatName(), totalBytes, recordedOptions(m_options));
    if (!ds) {
        return ds.error();
    }
    m_datasetId = *ds;
    auto maxId = m_writer.maxPhaseId();
    if (!maxId) {
        return maxId.error();
    }
    m_phaseIds.start(*maxId + 1);
    auto updater = DerivedUpdater::create(m_db);
    if (!updater) {
        return updater.error();
    }
    m_updater = std::move(*updater);

    // 3. Stream: a second thread parses, this one validates against the store and writes. Every
    //    row written until the jobs are attributed belongs to a job in m_touched: their chunks of the
    //    columnar copy are listed once at the end instead of by a trigger on every row.
    auto pause = ColumnTriggerPause::begin(m_db);
    if (!pause) {
        return pause.error();
    }
    m_triggerPause = std::move(*pause);
    m_derived = std::make_unique<DerivedPipeline>();
    if (auto st = streamBatches(rd, totalBytes); !st) {
        return orEarlier(st);
    }
    if (auto st = deliverDerived(0); !st) {
        return st;
    }
    m_summary.records = rd.recordsRead();
    m_summary.storeSeconds = secondsSince(started);
    // Attempts without a single phase: the file was read, but none of its names became a phase
    // (console logs and job tables say so in their own terms).
    const std::string format = rd.formatName();
    if (m_summary.attempts > 0 && m_summary.phases == 0 && format != "ett" && format != "log" && format != "table") {
        m_normalizer.issues().add(IssueKind::NoPhaseRecognised, "", 0,
            std::to_string(m_summary.attempts) + (m_summary.attempts == 1 ? " attempt" : " attempts")
                + " without a phase");
    }
    // A file of which nothing was understood is not a trace of its format: said, never "imported".
    if (m_summary.records == 0) {
        const bool detected = m_options.reader.format == TraceFormat::Auto;
        return Error { m_path + ": no record was understood in it as " + format
                + (detected
                        ? " (the format --format auto chose from its content; the formats: " + traceFormatList() + ")"
                        : std::string())
                + "; nothing of it was stored",
            "format" };
    }

    // 4. Same content under the same label already imported: undo, report a no-op.
    auto fileSha = rd.source().sha256Hex();
    if (!fileSha) {
        return fileSha.error();
    }
    auto sha = sha256WithFiles(*fileSha, m_options.reader.companions);
    if (!sha) {
        return sha.error();
    }
    m_summary.sha256 = *sha;
    auto dup = m_writer.hasDatasetWithSha(m_labelId, *sha);
    if (!dup) {
        return dup.error();
    }
    if (*dup) {
        m_summary.alreadyImported = true;
        return Error { "" }; // roll back; not an error for the caller
    }
    auto st = orEarlier(finish());
    m_derived.reset();
    m_commitStarted = Clock::now();
    return st;
}

Status ImportSession::streamBatches(RecordSource& rd, int64_t totalBytes)
{
    BatchPipeline pipeline(rd);
    int64_t records = 0;
    while (true) {
        if (cancelled()) {
            return cancelledError();
        }
        auto batch = pipeline.next();
        if (!batch) {
            return batch.error();
        }
        if (*batch == nullptr) {
            break;
        }
        if (auto st = handleBatch(**batch); !st) {
            return st;
        }
        records += static_cast<int64_t>((*batch)->size());
        progress("reading", pipeline.bytesRead(), totalBytes, records);
    }
    pipeline.stop();
    m_summary.parseSeconds = pipeline.parseSeconds();
    m_summary.waitSeconds = pipeline.waitSeconds();
    return Status::success();
}

Status ImportSession::finish()
{
    // 5. Records that referred to jobs or attempts declared later in the file.
    if (auto st = closeOpen(); !st) {
        return st;
    }
    auto phases = std::move(m_pendingPhases);
    for (const auto& [r, line] : phases) {
        if (auto st = handlePhase(r, line, true); !st) {
            return st;
        }
    }
    auto checkpoints = std::move(m_pendingCheckpoints);
    for (const auto& [r, line] : checkpoints) {
        if (auto st = handleCheckpoint(r, line, true); !st) {
            return st;
        }
    }
    auto ranks = std::move(m_pendingRanks);
    for (const auto& [r, line] : ranks) {
        if (auto st = handleRank(r, line, true); !st) {
            return st;
        }
    }
    if (auto st = closeOpen(); !st) {
        return st;
    }
    if (auto st = flushRun(); !st) {
        return st;
    }
    if (auto st = m_writer.flushCheckpoints(m_datasetId); !st) {
        return st;
    }
    for (const auto& key : m_implicitUndeclared) {
        m_normalizer.noteImplicitJob(key);
    }
    if (auto st = deliverDerived(0); !st) {
        return st;
    }
    if (auto st = attributeTouched(); !st) {
        return st;
    }
    if (m_triggerPause && m_triggerPause->active()) {
        if (auto st = markJobsDirty(m_db, m_touched); !st) {
            return st;
        }
    }
    m_triggerPause.reset(); // what follows (replaced datasets, cause rules) is listed by the triggers
    // Jobs the replaced imports held and this content did not touch: attributed again, or removed
    // when nothing of them is left.
    if (!m_replacedJobs.empty()) {
        std::sort(m_replacedJobs.begin(), m_replacedJobs.end());
        m_replacedJobs.erase(std::unique(m_replacedJobs.begin(), m_replacedJobs.end()), m_replacedJobs.end());
        std::vector<int64_t> settle;
        std::set_difference(m_replacedJobs.begin(), m_replacedJobs.end(), m_touched.begin(), m_touched.end(),
            std::back_inserter(settle));
        if (auto st = settleJobs(m_db, *m_updater, settle); !st) {
            return st;
        }
        m_touched.insert(m_touched.end(), settle.begin(), settle.end());
        compactTouched();
    }
    // The cause rules in force apply to what this file brought (core/store/cause_rules_store.h).
    if (auto synced = syncCauseOverrides(m_db, &m_touched); !synced) {
        return synced.error();
    }
    return writeDataset();
}

Status ImportSession::noteOtherOptions(int64_t datasetId)
{
    auto stored = datasetReaderOptions(m_db, datasetId);
    if (!stored) {
        return stored.error();
    }
    const std::optional<std::string> before = storedOptionsFlags(*stored);
    const std::string now = recordedOptions(m_options);
    if (!before || *stored == now) {
        return Status::success(); // not known (imported before schema 6), or the same
    }
    const std::string nowFlags = storedOptionsFlags(now).value_or("");
    const auto shown = [](const std::string& flags) { return flags.empty() ? std::string("the defaults") : flags; };
    m_normalizer.issues().add(
        IssueKind::ReadWithOtherOptions, "read before with " + shown(*before) + ", now with " + shown(nowFlags), 0);
    return Status::success();
}

Status ImportSession::deliverDerived(size_t keepAtMost)
{
    return m_derived->deliver(keepAtMost, [&](const DerivedUpdater::Computed& computed, const std::string& key) {
        auto notes = m_updater->store(computed, DerivedUpdater::Rows::New);
        if (!notes) {
            return Status(notes.error());
        }
        noteDerived(*notes, key);
        return Status::success();
    });
}

Status ImportSession::attributeTouched()
{
    // 6. Attribute every job this file touched (spec 5), reading its phases back.
    const auto attributeStarted = Clock::now();
    progress("attributing", 0, 0, m_summary.records);
    std::vector<std::pair<int64_t, std::string>> readBack(
        std::make_move_iterator(m_readBack.begin()), std::make_move_iterator(m_readBack.end()));
    m_readBack.clear();
    std::sort(readBack.begin(), readBack.end());
    int64_t done = 0;
    for (const auto& [jobId, key] : readBack) {
        if (cancelled()) {
            return cancelledError();
        }
        auto notes = m_updater->update(jobId);
        if (!notes) {
            return notes.error();
        }
        noteDerived(*notes, key);
        if ((++done % 1024) == 0) {
            progress("attributing", done, static_cast<int64_t>(readBack.size()), m_summary.records);
        }
    }
    if (cancelled()) {
        return cancelledError();
    }
    compactTouched();
    m_summary.jobsTouched = static_cast<int64_t>(m_touched.size());
    m_summary.jobsReadBack = static_cast<int64_t>(readBack.size());
    m_summary.attributeSeconds = secondsSince(attributeStarted);
    return Status::success();
}

Status ImportSession::writeDataset()
{
    // 7. The dataset row and its issues (the reader's and ours).
    m_normalizer.issues().merge(m_reader->issues());
    if (auto st = m_writer.writeIssues(m_datasetId, m_normalizer.issues()); !st) {
        return st;
    }
    std::optional<std::pair<int64_t, int64_t>> phaseIds;
    if (m_phaseIds.nextId() > m_phaseIds.firstId()) {
        phaseIds.emplace(m_phaseIds.firstId(), m_phaseIds.nextId() - 1);
    }
    if (auto st = m_writer.finishDataset(m_datasetId, m_summary.sha256, m_summary.records, phaseIds); !st) {
        return st;
    }
    progress("committing", 0, 0, m_summary.records);
    return Status::success();
}

Result<ImportSummary> importTraceFile(Database& db, const std::string& path, const ImportOptions& options)
{
    try {
        ImportSession session(db, path, options);
        auto summary = session.run();
        if (!summary && !options.sourcePath.empty() && options.sourcePath != path) {
            return namingSource(summary.error(), path, options.sourcePath);
        }
        return summary;
    } catch (const std::bad_alloc&) {
        // The transaction was rolled back on the way out (inTransaction).
        return Error { path + ": out of memory while importing it" };
    }
}

Status reattributeAll(Database& db)
{
    return inTransaction(db, [&]() -> Status {
        auto updater = DerivedUpdater::create(db);
        if (!updater) {
            return updater.error();
        }
        auto jobs = db.prepare("SELECT id FROM jobs ORDER BY id");
        if (!jobs) {
            return jobs.error();
        }
        std::vector<int64_t> ids;
        if (auto rows = jobs->forEachRow([&] { ids.push_back(jobs->columnInt64(0)); }); !rows) {
            return rows.error();
        }
        for (int64_t id : ids) {
            if (auto n = (*updater)->update(id); !n) {
                return n.error();
            }
        }
        return db.exec(
            "INSERT OR REPLACE INTO meta VALUES('accounting_version', '" + std::to_string(kAccountingVersion) + "')");
    });
}

} // namespace ett::core
