#include "app/ui/data_worker.h"

#include "app/ui/import_options.h"
#include "app/ui/overview_data.h"
#include "core/model/rollup.h"
#include "core/store/columns_loader.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/label_removal.h"
#include "core/store/scenarios.h"
#include "core/store/timeline.h"
#include "gpu/advisor.h"
#include "gpu/compare.h"
#include "gpu/whatif.h"

#include <QFileInfo>
#include <QLocale>
#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <optional>
#include <stdexcept>

namespace ett::app {

namespace {

using Clock = std::chrono::steady_clock;

// At most this often an import reports progress (about ten times a second).
constexpr auto kProgressEvery = std::chrono::milliseconds(100);

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

std::string ss(const QString& s)
{
    return s.toStdString();
}

bool isInterrupted(uint8_t outcome)
{
    return outcome == static_cast<uint8_t>(core::Outcome::Failed)
        || outcome == static_cast<uint8_t>(core::Outcome::Preempted);
}

// A fleet loaded into a fresh engine, or why not.
struct Loaded
{
    std::unique_ptr<gpu::Engine> engine;
    QString error;
};

// Loads a store into a new engine (load-then-commit: the caller swaps it in on success). The
// phases only when asked: only the comparison's phase-duration distributions read them.
Loaded loadEngine(core::Database& db, bool withPhases)
{
    Loaded out;
    auto stored = core::loadStoredFleet(db, core::ColumnsQuery { std::nullopt, withPhases });
    if (!stored) {
        out.error = qs(db.path() + ": " + stored.error().message);
        return out;
    }
    auto engine = gpu::Engine::create();
    try {
        engine->load(std::move(stored->columns), std::move(stored->attribution));
    } catch (const std::exception& e) {
        out.error = qs(db.path() + ": the stored fleet is inconsistent: " + e.what());
        return out;
    }
    out.engine = std::move(engine);
    return out;
}

QString formatCount(int64_t n)
{
    return QLocale::c().toString(static_cast<qlonglong>(n));
}

// "1 job", "2 jobs".
QString countOf(int64_t n, const char* singular, const char* plural)
{
    return formatCount(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? singular : plural);
}

// How many regressions and improvements a comparison lists (the CLI's default is 10; the page has
// room for a longer, scrollable list).
constexpr size_t kMatchedListed = 25;

// The value a job is paired by, as gpu::cohortInput computes it: the key, the job's name (the key
// when it has none), or an attribute's value ("(none)" when the job lacks it). matchKey: the
// attribute's code, -1 for key and name, -2 for an attribute nobody has.
std::string matchValueOf(const core::FleetColumns& c, size_t job, const std::string& matchBy, int32_t matchKey)
{
    if (matchBy == "name") {
        return job < c.jobName.size() && !c.jobName[job].empty() ? c.jobName[job] : c.jobKey[job];
    }
    if (matchKey == -2) {
        return core::kNoGroupName;
    }
    if (matchKey >= 0) {
        const int32_t v = c.attr(job, static_cast<size_t>(matchKey));
        return v < 0 ? std::string(core::kNoGroupName)
                     : c.attrValues[static_cast<size_t>(matchKey)][static_cast<size_t>(v)];
    }
    return c.jobKey[job];
}

// The jobs an engine filter selects, as the engine selects them (GPU range, labels, attribute
// terms, job set); the time range is applied to what is counted, not to jobs.
std::vector<uint8_t> selectedJobs(const gpu::Filter& f, const core::FleetColumns& c)
{
    std::vector<uint8_t> selected(c.jobs(), 0);
    for (size_t j = 0; j < c.jobs(); ++j) {
        bool ok = c.jobGpus[j] >= f.minGpus && c.jobGpus[j] <= f.maxGpus;
        ok = ok && (f.labels.empty() || std::find(f.labels.begin(), f.labels.end(), c.jobLabel[j]) != f.labels.end());
        for (const auto& term : f.attrs) {
            if (!ok) {
                break;
            }
            const int32_t v = term.key >= 0 && static_cast<size_t>(term.key) < c.attrKeys.size()
                ? c.attr(j, static_cast<size_t>(term.key))
                : -1;
            ok = std::find(term.values.begin(), term.values.end(), v) != term.values.end();
        }
        ok = ok && (f.jobs.empty() || std::find(f.jobs.begin(), f.jobs.end(), static_cast<int32_t>(j)) != f.jobs.end());
        selected[j] = ok ? 1 : 0;
    }
    return selected;
}

// The phase durations of a cohort by distribution name ("compile", "init.device_init"), as the
// engine's distribution() gathers them for gpu::cohortInput: every phase of the selected jobs'
// attempts that starts inside the range, end - start. Sorted.
std::map<std::string, std::vector<int64_t>> phaseDurationsOf(const core::FleetColumns& c, const gpu::Filter& f)
{
    // 1. Which names each phase kind counts under: its category, and category.subcategory.
    std::vector<std::vector<int64_t>> perKind(c.kindCategory.size());
    const std::vector<uint8_t> selected = selectedJobs(f, c);
    const int64_t lo = f.fromNs.value_or(INT64_MIN);
    const int64_t hi = f.toNs.value_or(INT64_MAX);
    // 2. The durations per kind.
    for (size_t a = 0; a < c.attempts(); ++a) {
        if (!selected[static_cast<size_t>(c.attemptJob[a])]) {
            continue;
        }
        const auto p0 = static_cast<size_t>(c.attemptPhaseBegin[a]);
        const auto p1 = static_cast<size_t>(c.attemptPhaseBegin[a + 1]);
        for (size_t p = p0; p < p1; ++p) {
            if (c.phaseStartNs[p] >= lo && c.phaseStartNs[p] < hi) {
                perKind[static_cast<size_t>(c.phaseKind[p])].push_back(c.phaseEndNs[p] - c.phaseStartNs[p]);
            }
        }
    }
    // 3. Gathered by name.
    std::map<std::string, std::vector<int64_t>> out;
    for (size_t k = 0; k < perKind.size(); ++k) {
        const std::string category(core::categoryName(static_cast<core::Category>(c.kindCategory[k])));
        auto& all = out[category];
        all.insert(all.end(), perKind[k].begin(), perKind[k].end());
        if (!c.kindSubcategory[k].empty()) {
            auto& sub = out[category + "." + c.kindSubcategory[k]];
            sub.insert(sub.end(), perKind[k].begin(), perKind[k].end());
        }
    }
    for (auto& [name, v] : out) {
        std::sort(v.begin(), v.end());
    }
    return out;
}

// At most DistributionSamples::kMaxSamples of sorted values, evenly ranked (first and last kept).
std::vector<int64_t> capSamples(std::vector<int64_t> sorted)
{
    const size_t n = sorted.size();
    const size_t m = DistributionSamples::kMaxSamples;
    if (n <= m) {
        return sorted;
    }
    std::vector<int64_t> out(m);
    for (size_t i = 0; i < m; ++i) {
        out[i] = sorted[i * (n - 1) / (m - 1)]; // no overflow: n - 1 < 2^64 / m for any fleet in memory
    }
    return out;
}

// The engine grouping a UI grouping names: "" none, "job", "label", or an attribute key; nullopt
// for an attribute no job has (every job is then in its "(none)" group).
std::optional<gpu::Grouping> groupingOf(const core::FleetColumns& c, const QString& groupBy)
{
    if (groupBy.isEmpty()) {
        return gpu::Grouping { gpu::GroupBy::None, -1 };
    }
    if (groupBy == QLatin1String("job")) {
        return gpu::Grouping { gpu::GroupBy::Job, -1 };
    }
    if (groupBy == QLatin1String("label")) {
        return gpu::Grouping { gpu::GroupBy::Label, -1 };
    }
    const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), ss(groupBy));
    if (k == c.attrKeys.end()) {
        return std::nullopt;
    }
    return gpu::Grouping { gpu::GroupBy::Attribute, static_cast<int32_t>(k - c.attrKeys.begin()) };
}

// Per match value of a cohort: the job with the most GPU-weighted E2E, and how many jobs have it.
struct MatchJobs
{
    int32_t job = -1;
    core::Wide e2eGpuNs = 0;
    int32_t count = 0;
};

} // namespace

DataWorker::DataWorker(DataService* service)
    : m_service(service)
{
}

DataWorker::~DataWorker() = default;

// --- posting back to the service (runs the lambda on the GUI thread) --------------------------

void DataWorker::postOpened(double loadSeconds)
{
    const auto& c = m_engine->columns();
    LoadStats stats;
    stats.databasePath = QFileInfo(qs(m_db->path())).absoluteFilePath();
    stats.jobs = static_cast<int64_t>(c.jobs());
    stats.attempts = static_cast<int64_t>(c.attempts());
    stats.segments = static_cast<int64_t>(m_engine->attribution().segments());
    stats.loadSeconds = loadSeconds;
    const Vocabulary vocab = vocabulary();
    const gpu::BackendInfo backend = m_engine->backend();
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, stats, vocab, backend] {
            service->m_backend = backend;
            service->m_path = stats.databasePath;
            emit service->databaseOpened(stats, vocab);
        },
        Qt::QueuedConnection);
}

void DataWorker::postTimed(const QString& what, double ms)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service, [service, what, ms] { emit service->queryTimed(what, ms); }, Qt::QueuedConnection);
}

void DataWorker::postFailed(const LatestId& latest, quint64 id, const QString& message)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, latest, id, message] {
            if (latest->load() == id) {
                emit service->queryFailed(id, message);
            }
        },
        Qt::QueuedConnection);
}

void DataWorker::setEngine(std::unique_ptr<gpu::Engine> engine)
{
    // The model first: it points into the old engine's columns.
    m_whatIf.reset();
    m_whatIfCohort.clear();
    m_engine = std::move(engine);
}

QString DataWorker::reload(double* seconds)
{
    const auto started = Clock::now();
    Loaded loaded = loadEngine(*m_db, m_withPhases);
    if (!loaded.engine) {
        return loaded.error;
    }
    setEngine(std::move(loaded.engine));
    m_loaded = true;
    *seconds = secondsSince(started);
    return {};
}

// --- database --------------------------------------------------------------------------------

void DataWorker::openDatabase(const QString& path)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->databaseFailed(message); }, Qt::QueuedConnection);
    };
    const auto started = Clock::now();
    // 1. Open (or create) aside; the current database stays until the new one has loaded.
    auto db = core::Database::open(ss(path), core::Database::OpenMode::CreateIfMissing);
    if (!db) {
        fail(qs(db.error().message));
        return;
    }
    // 2. Load its columns and their stored attribution into a fresh engine (no phases yet).
    Loaded loaded = loadEngine(**db, false);
    if (!loaded.engine) {
        fail(loaded.error);
        return;
    }
    // 3. Commit. A removal kept for undo lived on the old connection: it goes with it.
    QMetaObject::invokeMethod(
        service, [service] { service->m_removedLabel.clear(); }, Qt::QueuedConnection);
    m_db = std::move(*db);
    m_dbPath = path;
    setEngine(std::move(loaded.engine));
    m_loaded = true;
    m_withPhases = false;
    postOpened(secondsSince(started));
}

void DataWorker::importFiles(const QStringList& paths, const QString& label, const core::ReaderOptions& reader,
    std::shared_ptr<std::atomic<bool>> cancel)
{
    DataService* service = m_service;
    auto finish = [service](const QString& summary, const QStringList& errors, bool cancelled) {
        QMetaObject::invokeMethod(
            service,
            [service, summary, errors, cancelled] {
                service->m_importRunning = false;
                emit service->importFinished(summary, errors, cancelled);
            },
            Qt::QueuedConnection);
    };
    if (!m_db) {
        finish(QObject::tr("Nothing was imported."), { QObject::tr("no database is open") }, false);
        return;
    }

    // Sizes up front, so that the progress bar and the ETA cover every file.
    std::vector<int64_t> sizes;
    int64_t totalBytes = 0;
    for (const QString& p : paths) {
        sizes.push_back(std::max<int64_t>(QFileInfo(p).size(), 0));
        totalBytes += sizes.back();
    }

    QStringList lines;
    QStringList errors;
    bool cancelled = false;
    bool changed = false;
    const auto started = Clock::now();
    int64_t bytesBefore = 0;
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        const QString name = QFileInfo(path).fileName();
        if (cancel->load()) {
            cancelled = true;
            lines << QObject::tr("%1: skipped (import cancelled)").arg(name);
            continue;
        }
        core::ImportOptions options;
        options.label = ss(label);
        options.reader = reader;
        options.cancel = cancel.get();
        auto lastPost = Clock::time_point {};
        std::string lastStage;
        const int64_t fileBytes = sizes[static_cast<size_t>(i)];
        options.progress = [&](const core::ImportProgress& p) {
            // Throttled, but a new stage is always shown.
            const auto now = Clock::now();
            if (p.stage == lastStage && now - lastPost < kProgressEvery) {
                return;
            }
            lastPost = now;
            lastStage = p.stage;
            ImportProgressInfo info;
            info.file = name;
            info.fileIndex = i;
            info.fileCount = static_cast<int>(paths.size());
            info.stage = qs(p.stage);
            info.records = p.records;
            info.bytesTotal = totalBytes;
            info.bytesDone = bytesBefore + std::clamp<int64_t>(p.bytesDone, 0, fileBytes);
            const double elapsed = secondsSince(started);
            const bool lastStages = p.stage != "reading" && i + 1 == paths.size();
            if (totalBytes > 0 && info.bytesDone > 0 && elapsed > 0.2 && !lastStages) {
                const double fraction = static_cast<double>(info.bytesDone) / static_cast<double>(totalBytes);
                info.etaSeconds = std::max(0.0, elapsed / fraction - elapsed);
            }
            QMetaObject::invokeMethod(
                service, [service, info] { emit service->importProgress(info); }, Qt::QueuedConnection);
        };
        auto summary = core::importTraceFile(*m_db, ss(path), options);
        bytesBefore += fileBytes;
        if (!summary) {
            if (cancel->load()) {
                cancelled = true;
                lines << QObject::tr("%1: cancelled; nothing of it was stored").arg(name);
            } else {
                // The message is the CLI's too (it names --year); a window user gets the field to set.
                const QString hint = importOptionHint(summary.error().option);
                errors << qs(summary.error().message) + (hint.isEmpty() ? QString() : QLatin1Char('\n') + hint);
                lines << QObject::tr("%1: failed; nothing of it was stored").arg(name);
            }
            continue;
        }
        if (summary->alreadyImported) {
            lines << QObject::tr("%1: already imported under label '%2'; nothing changed").arg(name, label);
            continue;
        }
        changed = true;
        lines << QObject::tr("%1: %2 under label '%3' (%4, %5, %6) in %7 s")
                     .arg(name, countOf(summary->records, "record", "records"), label,
                         countOf(summary->jobsDeclared, "job", "jobs"),
                         countOf(summary->attempts, "attempt", "attempts"), countOf(summary->phases, "phase", "phases"))
                     .arg(summary->seconds, 0, 'f', 2);
    }

    // The engine follows the store: reload only when something was stored.
    if (changed) {
        double seconds = 0;
        const QString error = reload(&seconds);
        if (error.isEmpty()) {
            postOpened(seconds);
        } else {
            errors << error;
        }
    }
    finish(lines.join('\n'), errors, cancelled);
}

void DataWorker::renameLabel(const QString& from, const QString& to)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRenameFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_db) {
        fail(QObject::tr("no database is open"));
        return;
    }
    if (const core::Status st = core::renameLabel(*m_db, ss(from), ss(to)); !st) {
        fail(qs(st.error().message));
        return;
    }
    if (const QString error = reloadAndPost(); !error.isEmpty()) {
        fail(error);
        return;
    }
    QMetaObject::invokeMethod(
        service, [service, from, to] { emit service->labelRenamed(from, to); }, Qt::QueuedConnection);
}

QString DataWorker::reloadAndPost()
{
    double seconds = 0;
    if (QString error = reload(&seconds); !error.isEmpty()) {
        return error;
    }
    postOpened(seconds);
    return {};
}

void DataWorker::labelContents(const QString& label)
{
    DataService* service = m_service;
    if (!m_db) {
        QMetaObject::invokeMethod(
            service, [service] { emit service->labelRemoveFailed(QObject::tr("no database is open")); },
            Qt::QueuedConnection);
        return;
    }
    auto contents = core::labelContents(*m_db, ss(label));
    if (!contents) {
        const QString message = qs(contents.error().message);
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRemoveFailed(message); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(
        service, [service, label, c = *contents] { emit service->labelContentsReady(label, c); }, Qt::QueuedConnection);
}

void DataWorker::removeLabel(const QString& label)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRemoveFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_db) {
        fail(QObject::tr("no database is open"));
        return;
    }
    auto removed = core::removeLabel(*m_db, ss(label), core::KeepForUndo::Yes);
    if (!removed) {
        fail(qs(removed.error().message));
        return;
    }
    // Removed (and kept for undo) even if the reload fails: say so, and offer the undo still.
    const QString error = reloadAndPost();
    QMetaObject::invokeMethod(
        service,
        [service, label, c = *removed, error] {
            service->m_removedLabel = label;
            if (!error.isEmpty()) {
                emit service->labelRemoveFailed(
                    QObject::tr("Label '%1' was removed, but the data could not be loaded again: %2")
                        .arg(label, error));
                return;
            }
            emit service->labelRemoved(label, c);
        },
        Qt::QueuedConnection);
}

void DataWorker::restoreRemovedLabel()
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->labelRestoreFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_db) {
        fail(QObject::tr("no database is open"));
        return;
    }
    auto restored = core::restoreRemovedLabel(*m_db);
    if (!restored) {
        fail(qs(restored.error().message));
        return;
    }
    const QString label = qs(restored->label);
    const QString error = reloadAndPost();
    QMetaObject::invokeMethod(
        service,
        [service, label, c = restored->contents, error] {
            service->m_removedLabel.clear();
            if (!error.isEmpty()) {
                emit service->labelRestoreFailed(
                    QObject::tr("Label '%1' was restored, but the data could not be loaded again: %2")
                        .arg(label, error));
                return;
            }
            emit service->labelRestored(label, c);
        },
        Qt::QueuedConnection);
}

// --- queries -----------------------------------------------------------------------------------

template <typename Data>
void DataWorker::postResult(
    const LatestId& latest, quint64 id, void (DataService::*ready)(quint64, const Data&), Data data)
{
    DataService* service = m_service;
    QMetaObject::invokeMethod(
        service,
        [service, latest, id, ready, data = std::move(data)] {
            if (latest->load() == id) {
                emit(service->*ready)(id, data);
            }
        },
        Qt::QueuedConnection);
}

template <typename Data, typename Compute>
void DataWorker::answer(const LatestId& latest, quint64 id, const QString& what,
    void (DataService::*ready)(quint64, const Data&), Compute&& compute)
{
    if (isStale(latest, id)) {
        return;
    }
    if (!hasEngine()) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    Data data;
    try {
        data = compute();
    } catch (const std::exception& e) {
        postFailed(latest, id, qs(e.what()));
        return;
    }
    postTimed(what, secondsSince(started) * 1000.0);
    postResult(latest, id, ready, std::move(data));
}

void DataWorker::overview(LatestId latest, quint64 id, const UiFilter& filter, gpu::Calendar every)
{
    answer(latest, id, QObject::tr("overview"), &DataService::overviewReady,
        [&] { return computeOverview(filter, every); });
}

void DataWorker::table(LatestId latest, quint64 id, const UiFilter& filter, const Location& location)
{
    answer(latest, id, QObject::tr("table"), &DataService::tableReady, [&] { return computeTable(filter, location); });
}

void DataWorker::jobTimeline(LatestId latest, quint64 id, int32_t job)
{
    if (isStale(latest, id)) {
        return;
    }
    if (!hasEngine() || !m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    const auto& c = m_engine->columns();
    if (job < 0 || static_cast<size_t>(job) >= c.jobRowId.size()) {
        postFailed(latest, id, QObject::tr("no job %1 in the loaded fleet").arg(job));
        return;
    }
    const auto started = Clock::now();
    auto timeline = core::loadJobTimeline(*m_db, c.jobRowId[static_cast<size_t>(job)]);
    if (!timeline) {
        postFailed(latest, id, qs(timeline.error().message));
        return;
    }
    postTimed(QObject::tr("job timeline"), secondsSince(started) * 1000.0);
    postResult(latest, id, &DataService::jobTimelineReady, std::move(*timeline));
}

void DataWorker::fleetTimeline(
    LatestId latest, quint64 id, const UiFilter& filter, int64_t fromNs, int64_t toNs, int maxRows)
{
    answer(latest, id, QObject::tr("fleet timeline"), &DataService::fleetTimelineReady,
        [&] { return computeFleetTimeline(filter, fromNs, toNs, maxRows); });
}

void DataWorker::comparison(LatestId latest, quint64 id, const ComparisonRequest& request)
{
    if (isStale(latest, id)) {
        return;
    }
    if (!hasEngine() || !m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    DataService* service = m_service;
    auto stage = [service, latest, id](const QString& text) {
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, text] {
                if (latest->load() == id) {
                    emit service->comparisonProgress(id, text);
                }
            },
            Qt::QueuedConnection);
    };
    const auto started = Clock::now();
    // 1. The phases, once per database (phase-duration distributions need them).
    if (!m_withPhases) {
        stage(QObject::tr("loading phase durations"));
        if (const QString error = ensurePhases(); !error.isEmpty()) {
            postFailed(latest, id, error);
            return;
        }
        if (isStale(latest, id)) {
            return;
        }
    }
    // 2. The comparison.
    stage(QObject::tr("comparing"));
    ComparisonData data;
    try {
        data = computeComparison(request);
    } catch (const std::exception& e) {
        postFailed(latest, id, qs(e.what()));
        return;
    }
    postTimed(QObject::tr("comparison"), secondsSince(started) * 1000.0);
    postResult(latest, id, &DataService::comparisonReady, std::move(data));
}

void DataWorker::advice(LatestId latest, quint64 id, const AdviceRequest& request)
{
    answer(latest, id, QObject::tr("checkpoint advice"), &DataService::adviceReady,
        [&] { return computeAdvice(request); });
}

void DataWorker::report(LatestId latest, quint64 id, const ReportRequest& request)
{
    if (isStale(latest, id)) {
        return;
    }
    if (!hasEngine() || !m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    const auto withPhases = reportNeedsPhases(*m_db, request);
    if (!withPhases) {
        postFailed(latest, id, qs(withPhases.error().message));
        return;
    }
    if (*withPhases && !m_withPhases) {
        if (const QString error = ensurePhases(); !error.isEmpty()) {
            postFailed(latest, id, error);
            return;
        }
    }
    auto content = gatherReport(*m_db, *m_engine, m_dbPath, request);
    if (!content) {
        postFailed(latest, id, qs(content.error().message));
        return;
    }
    postTimed(QObject::tr("report"), secondsSince(started) * 1000.0);
    postResult(latest, id, &DataService::reportReady, std::move(*content));
}

void DataWorker::whatIf(LatestId latest, quint64 id, const WhatIfRequest& request)
{
    if (isStale(latest, id)) {
        return;
    }
    // A phase subcategory's time is read from the phases: load them once, as a comparison does.
    if (core::needsPhases(request.changes) && hasEngine() && !m_withPhases) {
        if (const QString error = ensurePhases(); !error.isEmpty()) {
            postFailed(latest, id, error);
            return;
        }
    }
    answer(latest, id, QObject::tr("what-if"), &DataService::whatIfReady, [&] { return computeWhatIf(request); });
}

std::optional<ScenarioList> DataWorker::listScenariosOrFail(const LatestId& latest, quint64 id, const QString& context)
{
    auto listed = core::listScenarios(*m_db);
    if (!listed) {
        postFailed(latest, id, context + qs(listed.error().message));
        return std::nullopt;
    }
    return ScenarioList { std::move(*listed) };
}

void DataWorker::scenarios(LatestId latest, quint64 id)
{
    if (isStale(latest, id)) {
        return;
    }
    if (!m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    if (auto list = listScenariosOrFail(latest, id, QString())) {
        postResult(latest, id, &DataService::scenariosReady, std::move(*list));
    }
}

void DataWorker::saveScenario(LatestId latest, quint64 id, const core::Scenario& scenario)
{
    if (!m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    // One transaction (core/store/scenarios.h): on error nothing is written.
    if (const core::Status st = core::saveScenario(*m_db, scenario); !st) {
        postFailed(latest, id, qs(st.error().message));
        return;
    }
    const QString name = qs(scenario.name);
    if (auto list = listScenariosOrFail(
            latest, id, QObject::tr("Scenario '%1' was saved, but the list could not be read: ").arg(name))) {
        DataService* service = m_service;
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, name, listed = std::move(*list)] {
                if (latest->load() == id) {
                    emit service->scenarioSaved(id, name, listed);
                }
            },
            Qt::QueuedConnection);
    }
}

void DataWorker::deleteScenario(LatestId latest, quint64 id, const QString& name)
{
    if (!m_db) {
        postFailed(latest, id, QObject::tr("no database is open"));
        return;
    }
    // What is deleted is read first, so that the page can undo by saving it again; a scenario that
    // cannot be read back is not deleted.
    auto saved = core::loadScenario(*m_db, ss(name));
    if (!saved) {
        postFailed(latest, id, qs(saved.error().message));
        return;
    }
    auto deleted = core::deleteScenario(*m_db, ss(name));
    if (!deleted) {
        postFailed(latest, id, qs(deleted.error().message));
        return;
    }
    if (!*deleted) {
        postFailed(latest, id, QObject::tr("no scenario '%1' is saved").arg(name));
        return;
    }
    if (auto list = listScenariosOrFail(
            latest, id, QObject::tr("Scenario '%1' was deleted, but the list could not be read: ").arg(name))) {
        DataService* service = m_service;
        QMetaObject::invokeMethod(
            service,
            [service, latest, id, scenario = std::move(*saved), listed = std::move(*list)] {
                if (latest->load() == id) {
                    emit service->scenarioDeleted(id, scenario, listed);
                }
            },
            Qt::QueuedConnection);
    }
}

// --- computations --------------------------------------------------------------------------------

Vocabulary DataWorker::vocabulary() const
{
    Vocabulary v;
    if (!m_engine) {
        return v;
    }
    const auto& c = m_engine->columns();
    for (const auto& l : c.labels) {
        v.labels << qs(l);
    }
    v.labels.sort();
    for (size_t k = 0; k < c.attrKeys.size(); ++k) {
        const QString key = qs(c.attrKeys[k]);
        v.attrKeys << key;
        QStringList values;
        for (const auto& value : c.attrValues[k]) {
            values << qs(value);
        }
        values.sort();
        v.attrValues.insert(key, values);
    }
    v.attrKeys.sort();
    if (c.jobs() > 0) {
        const auto [lo, hi] = std::minmax_element(c.jobGpus.begin(), c.jobGpus.end());
        v.minGpus = *lo;
        v.maxGpus = *hi;
    }
    if (c.attempts() > 0) {
        v.firstNs = *std::min_element(c.attemptStartNs.begin(), c.attemptStartNs.end());
        v.lastNs = *std::max_element(c.attemptEndNs.begin(), c.attemptEndNs.end());
    }
    for (size_t a = 0; a < c.attempts(); ++a) {
        const QString label = qs(c.labels[static_cast<size_t>(c.jobLabel[static_cast<size_t>(c.attemptJob[a])])]);
        const auto it = v.labelFirstNs.find(label);
        if (it == v.labelFirstNs.end() || c.attemptStartNs[a] < *it) {
            v.labelFirstNs.insert(label, c.attemptStartNs[a]);
        }
    }
    v.jobs = static_cast<int64_t>(c.jobs());
    v.attempts = static_cast<int64_t>(c.attempts());
    v.segments = static_cast<int64_t>(m_engine->attribution().segments());
    return v;
}

gpu::Filter DataWorker::translate(const UiFilter& filter) const
{
    return toEngineFilter(filter, m_engine->columns());
}

OverviewData DataWorker::computeOverview(const UiFilter& filter, gpu::Calendar every)
{
    return app::computeOverview(*m_engine, translate(filter), every);
}

QString DataWorker::ensurePhases()
{
    if (m_withPhases) {
        return {};
    }
    if (!m_db) {
        return QObject::tr("no database is open");
    }
    // Load-then-commit: the engine without phases stays when this fails. Jobs load in the same
    // order (by id), so engine job indexes the views hold stay valid.
    Loaded loaded = loadEngine(*m_db, true);
    if (!loaded.engine) {
        return loaded.error;
    }
    setEngine(std::move(loaded.engine));
    m_withPhases = true;
    return {};
}

ComparisonData DataWorker::computeComparison(const ComparisonRequest& request)
{
    gpu::Engine& engine = *m_engine;
    const auto& c = engine.columns();
    ComparisonData d;
    d.request = request;
    gpu::CohortOptions cohort;
    cohort.matchBy = ss(request.matchBy);
    cohort.countQueue = request.countQueue;
    core::CompareOptions options;
    options.topMatched = kMatchedListed;

    // 1. The comparison, as gpu::compareCohorts computes it (its inputs are kept for the samples).
    const core::CohortSpec specA = toCohortSpec(request.a);
    const core::CohortSpec specB = toCohortSpec(request.b);
    const core::CohortInput inA = gpu::cohortInput(engine, specA, cohort);
    const core::CohortInput inB = gpu::cohortInput(engine, specB, cohort);
    d.comparison = core::compareCohorts(inA, inB, options);
    d.totalA = inA.total;
    d.totalB = inB.total;
    for (core::Figures* f : { &d.totalA, &d.totalB }) {
        f->ttsNs.clear();
        f->ttrNs.clear();
    }

    // 2. The samples behind each distribution: TTS and TTR from the cohorts' figures, phase
    //    durations from the columns.
    const gpu::Filter filterA = gpu::cohortFilter(specA, c, request.countQueue);
    const gpu::Filter filterB = gpu::cohortFilter(specB, c, request.countQueue);
    auto phasesA = phaseDurationsOf(c, filterA);
    auto phasesB = phaseDurationsOf(c, filterB);
    auto sorted = [](std::vector<int64_t> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    for (size_t i = 0; i < d.comparison.distributions.size(); ++i) {
        const auto& change = d.comparison.distributions[i];
        std::vector<int64_t> a;
        std::vector<int64_t> b;
        if (i == 0) {
            a = sorted(inA.total.ttsNs);
            b = sorted(inB.total.ttsNs);
        } else if (i == 1) {
            a = sorted(inA.total.ttrNs);
            b = sorted(inB.total.ttrNs);
        } else {
            a = std::move(phasesA[change.name]);
            b = std::move(phasesB[change.name]);
        }
        DistributionSamples s;
        s.name = qs(change.name);
        s.countA = static_cast<int64_t>(a.size());
        s.countB = static_cast<int64_t>(b.size());
        s.a = capSamples(std::move(a));
        s.b = capSamples(std::move(b));
        d.samples.push_back(std::move(s));
    }

    // 3. The jobs behind each listed matched job, for the timelines.
    int32_t matchKey = -1;
    if (!cohort.matchBy.empty() && cohort.matchBy != "job" && cohort.matchBy != "name") {
        const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), cohort.matchBy);
        matchKey = k == c.attrKeys.end() ? -2 : static_cast<int32_t>(k - c.attrKeys.begin());
    }
    auto jobsByMatch = [&](const gpu::Filter& f) {
        std::map<std::string, MatchJobs> out;
        for (const auto& g : engine.rollup(f, { gpu::GroupBy::Job, -1 }).groups) {
            MatchJobs& m = out[matchValueOf(c, static_cast<size_t>(g.code), cohort.matchBy, matchKey)];
            ++m.count;
            if (m.job < 0 || g.figures.e2eGpuNs > m.e2eGpuNs) {
                m.job = g.code;
                m.e2eGpuNs = g.figures.e2eGpuNs;
            }
        }
        return out;
    };
    const auto matchA = jobsByMatch(filterA);
    const auto matchB = jobsByMatch(filterB);
    auto pairOf = [&](const core::MatchedJob& m) {
        MatchedPair p;
        p.match = qs(m.match);
        if (const auto it = matchA.find(m.match); it != matchA.end()) {
            p.jobA = it->second.job;
            p.jobsA = it->second.count;
        }
        if (const auto it = matchB.find(m.match); it != matchB.end()) {
            p.jobB = it->second.job;
            p.jobsB = it->second.count;
        }
        return p;
    };
    for (const auto& m : d.comparison.regressions) {
        d.regressions.push_back(pairOf(m));
    }
    for (const auto& m : d.comparison.improvements) {
        d.improvements.push_back(pairOf(m));
    }
    return d;
}

gpu::AdviceTable DataWorker::computeAdvice(const AdviceRequest& request)
{
    const gpu::Filter filter = translate(request.filter);
    const std::optional<gpu::Grouping> grouping = groupingOf(m_engine->columns(), request.groupBy);
    if (grouping) {
        return gpu::adviseCheckpoints(*m_engine, filter, *grouping);
    }
    // An attribute no job has: one group, "(none)", of every job (none when nothing is selected).
    gpu::AdviceTable table = gpu::adviseCheckpoints(*m_engine, filter, { gpu::GroupBy::None, -1 });
    if (table.total.measured.jobs > 0) {
        core::CheckpointAdvice none = table.total;
        none.name = core::kNoGroupName;
        table.groups.push_back(std::move(none));
    }
    return table;
}

void DataWorker::addGroupTerm(gpu::Filter& f, const QString& groupBy, const QString& value) const
{
    const auto& c = m_engine->columns();
    if (groupBy == QLatin1String("label")) {
        const auto it = std::find(c.labels.begin(), c.labels.end(), ss(value));
        const int32_t code = it == c.labels.end() ? -1 : static_cast<int32_t>(it - c.labels.begin());
        const bool allowed = f.labels.empty() || std::find(f.labels.begin(), f.labels.end(), code) != f.labels.end();
        f.labels = { allowed ? code : -1 };
        return;
    }
    if (groupBy == QLatin1String("job")) {
        std::vector<int32_t> jobs;
        const std::string key = ss(value);
        for (size_t j = 0; j < c.jobs(); ++j) {
            if (c.jobKey[j] == key) {
                jobs.push_back(static_cast<int32_t>(j));
            }
        }
        f.jobs = jobs.empty() ? std::vector<int32_t> { -1 } : jobs;
        return;
    }
    gpu::Filter::AttrTerm term;
    const auto k = std::find(c.attrKeys.begin(), c.attrKeys.end(), ss(groupBy));
    if (k == c.attrKeys.end()) {
        // An attribute no job has: every job is in its "(none)" group.
        if (value != QLatin1String(core::kNoGroupName)) {
            f.jobs = { -1 };
        }
        return;
    }
    term.key = static_cast<int32_t>(k - c.attrKeys.begin());
    if (value == QLatin1String(core::kNoGroupName)) {
        term.values.push_back(-1);
    } else {
        const auto& values = c.attrValues[static_cast<size_t>(term.key)];
        const auto v = std::find(values.begin(), values.end(), ss(value));
        if (v != values.end()) {
            term.values.push_back(static_cast<int32_t>(v - values.begin()));
        }
    }
    f.attrs.push_back(std::move(term));
}

std::vector<TableRow> DataWorker::jobRows(const gpu::Filter& filter)
{
    const auto& c = m_engine->columns();
    const bool manyLabels = c.labels.size() > 1;
    std::vector<TableRow> rows;
    for (auto& g : m_engine->rollup(filter, { gpu::GroupBy::Job, -1 }).groups) {
        const auto j = static_cast<size_t>(g.code);
        TableRow r;
        r.name = qs(g.name);
        r.job = g.code;
        r.figures = std::move(g.figures);
        r.detail = j < c.jobName.size() ? qs(c.jobName[j]) : QString();
        if (manyLabels) {
            const QString label = qs(c.labels[static_cast<size_t>(c.jobLabel[j])]);
            r.detail = r.detail.isEmpty() ? label : r.detail + QStringLiteral(" (") + label + QLatin1Char(')');
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<TableRow> DataWorker::groupRows(const gpu::Filter& filter, const QString& groupBy)
{
    const std::optional<gpu::Grouping> g = groupingOf(m_engine->columns(), groupBy);
    if (!g) {
        // As the reference roll-up: an attribute no job has puts every job in "(none)".
        std::vector<TableRow> rows;
        core::Figures total = m_engine->rollup(filter, { gpu::GroupBy::None, -1 }).total;
        if (!total.empty()) {
            TableRow r;
            r.name = QLatin1String(core::kNoGroupName);
            r.figures = std::move(total);
            rows.push_back(std::move(r));
        }
        return rows;
    }
    std::vector<TableRow> rows;
    for (auto& gf : m_engine->rollup(filter, *g).groups) {
        TableRow r;
        r.name = qs(gf.name);
        r.figures = std::move(gf.figures);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<TableRow> DataWorker::attemptRows(const gpu::Filter& base, int32_t job)
{
    const auto& c = m_engine->columns();
    if (job < 0 || static_cast<size_t>(job) >= c.jobs()) {
        return {};
    }
    gpu::Filter f = base;
    f.jobs = { job };
    auto groups = m_engine->rollup(f, { gpu::GroupBy::Attempt, -1 }).groups;
    // Attempt codes are in start order; the engine sorts by name ("J#10" before "J#2").
    std::sort(groups.begin(), groups.end(),
        [](const gpu::GroupFigures& a, const gpu::GroupFigures& b) { return a.code < b.code; });

    // Causes in full are in the store, not in the columns (those keep only the class).
    std::map<int32_t, std::string> causes;
    if (m_db && static_cast<size_t>(job) < c.jobRowId.size()) {
        if (auto t = core::loadJobTimeline(*m_db, c.jobRowId[static_cast<size_t>(job)])) {
            for (const auto& a : t->attempts) {
                causes[a.result.number] = a.cause;
            }
        }
    }
    std::vector<TableRow> rows;
    for (auto& g : groups) {
        const auto a = static_cast<size_t>(g.code);
        TableRow r;
        r.job = job;
        r.attempt = c.attemptNumber[a];
        r.name = QObject::tr("attempt %1").arg(r.attempt);
        r.figures = std::move(g.figures);
        r.detail = qs(std::string(core::outcomeName(static_cast<core::Outcome>(c.attemptOutcome[a]))));
        std::string cause;
        if (auto it = causes.find(r.attempt); it != causes.end()) {
            cause = it->second;
        } else {
            cause = c.causeClasses[static_cast<size_t>(c.attemptCauseClass[a])];
        }
        if (!cause.empty()) {
            r.detail += QStringLiteral(", ") + qs(cause);
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

TableData DataWorker::computeTable(const UiFilter& filter, const Location& location)
{
    TableData d;
    d.location = location;
    gpu::Filter f = translate(filter);
    switch (location.level) {
    case Level::Fleet:
        if (location.groupBy.isEmpty() || location.groupBy == QLatin1String("job")) {
            d.rows = jobRows(f);
        } else {
            d.rows = groupRows(f, location.groupBy);
        }
        break;
    case Level::Group:
        if (!location.groupBy.isEmpty()) {
            addGroupTerm(f, location.groupBy, location.group);
        }
        d.rows = jobRows(f);
        break;
    case Level::Job:
        d.rows = attemptRows(f, location.job);
        break;
    case Level::Attempt: {
        auto rows = attemptRows(f, location.job);
        for (auto& r : rows) {
            if (r.attempt == location.attempt) {
                d.rows.push_back(std::move(r));
            }
        }
        break;
    }
    }
    return d;
}

FleetTimelineData DataWorker::computeFleetTimeline(const UiFilter& filter, int64_t fromNs, int64_t toNs, int maxRows)
{
    const auto& c = m_engine->columns();
    const auto& at = m_engine->attribution();
    FleetTimelineData d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    if (toNs <= fromNs || maxRows <= 0) {
        return d;
    }
    // 1. The selected jobs whose window overlaps the range: the engine's job roll-up over it.
    gpu::Filter f = translate(filter);
    f.fromNs = fromNs;
    f.toNs = toNs;
    std::vector<int32_t> jobs;
    for (const auto& g : m_engine->rollup(f, { gpu::GroupBy::Job, -1 }).groups) {
        const auto j = static_cast<size_t>(g.code);
        if (c.jobAttemptBegin[j] < c.jobAttemptBegin[j + 1]) {
            jobs.push_back(g.code);
        }
    }
    // 2. The first maxRows by start.
    auto startOf
        = [&](int32_t j) { return c.attemptStartNs[static_cast<size_t>(c.jobAttemptBegin[static_cast<size_t>(j)])]; };
    std::sort(jobs.begin(), jobs.end(), [&](int32_t a, int32_t b) {
        const int64_t sa = startOf(a);
        const int64_t sb = startOf(b);
        return sa != sb ? sa < sb : a < b;
    });
    if (jobs.size() > static_cast<size_t>(maxRows)) {
        jobs.resize(static_cast<size_t>(maxRows));
    }
    // 3. Spans: the queue (when counted), each attempt's segments and the gaps after them, clipped.
    auto addSpan = [&](FleetTimelineRow& row, int64_t s, int64_t e, uint8_t bucket) {
        s = std::max(s, fromNs);
        e = std::min(e, toNs);
        if (s < e) {
            row.spans.push_back({ s, e, bucket });
        }
    };
    d.rows.reserve(jobs.size());
    for (int32_t job : jobs) {
        const auto j = static_cast<size_t>(job);
        FleetTimelineRow row;
        row.job = job;
        row.key = qs(c.jobKey[j]);
        row.label = qs(c.labels[static_cast<size_t>(c.jobLabel[j])]);
        row.gpus = c.jobGpus[j];
        const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
        const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
        if (filter.countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < c.attemptStartNs[a0]) {
            addSpan(row, c.jobSubmittedNs[j], c.attemptStartNs[a0], static_cast<uint8_t>(core::Bucket::Queue));
        }
        for (size_t a = a0; a < a1; ++a) {
            const auto s0 = static_cast<size_t>(at.attemptSegmentBegin[a]);
            const auto s1 = static_cast<size_t>(at.attemptSegmentBegin[a + 1]);
            for (size_t s = s0; s < s1; ++s) {
                addSpan(row, at.segmentStartNs[s], at.segmentEndNs[s], at.segmentBucket[s]);
            }
            const int64_t gap = at.attemptGapAfterNs[a];
            if (gap > 0) {
                addSpan(row, c.attemptEndNs[a], c.attemptEndNs[a] + gap, static_cast<uint8_t>(core::Bucket::Recovery));
            }
            if (isInterrupted(c.attemptOutcome[a])) {
                // The fault instant f, clamped into the attempt as the accounting does.
                const int64_t fault = std::clamp(c.attemptFaultNs[a], c.attemptStartNs[a], c.attemptEndNs[a]);
                if (fault >= fromNs && fault <= toNs) {
                    row.faults.push_back({ fault, c.attemptInterruption[a], c.attemptNumber[a] });
                }
            }
        }
        d.rows.push_back(std::move(row));
    }
    return d;
}

WhatIfData DataWorker::computeWhatIf(const WhatIfRequest& request)
{
    gpu::Engine& engine = *m_engine;
    const auto& c = engine.columns();
    WhatIfData d;
    d.request = request;
    const auto started = Clock::now();
    // 1. The cohort's model, built again only for another cohort or engine (setEngine drops it).
    if (!m_whatIf || m_whatIfCohort != request.cohort) {
        m_whatIf.reset();
        const std::string what = "cohort";
        auto spec = core::parseCohortSpec(ss(request.cohort), what);
        if (!spec) {
            throw std::runtime_error(spec.error().message);
        }
        if (auto st = gpu::checkCohortSpec(*spec, c, what); !st) {
            throw std::runtime_error(st.error().message);
        }
        // Whole jobs, without queue: a time range selects the jobs that overlap it (whatif.h).
        m_whatIf = std::make_unique<core::WhatIfModel>(gpu::whatIfModel(engine, gpu::cohortFilter(*spec, c)));
        m_whatIfCohort = request.cohort;
        m_whatIfCohortText = qs(spec->text());
        d.modelBuilt = true;
    }
    d.cohortText = m_whatIfCohortText;
    // 2. The projection.
    auto result = m_whatIf->project(request.changes);
    if (!result) {
        throw std::runtime_error(result.error().message);
    }
    d.result = std::move(*result);
    d.milliseconds = secondsSince(started) * 1000.0;
    // 3. The subcategories a change can scale: of categories whose time is a bucket other than
    //    productive (train) and that take time at all (background never does).
    for (size_t k = 0; k < c.kindCategory.size(); ++k) {
        const auto category = static_cast<core::Category>(c.kindCategory[k]);
        const auto bucket = core::bucketOfCategory(category);
        if (c.kindSubcategory[k].empty() || !bucket || *bucket == core::Bucket::Productive) {
            continue;
        }
        const QString name = qs(std::string(core::categoryName(category)) + "." + c.kindSubcategory[k]);
        if (!d.subcategories.contains(name)) {
            d.subcategories << name;
        }
    }
    d.subcategories.sort();
    return d;
}

} // namespace ett::app
