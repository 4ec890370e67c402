// Tests of the workbench's data service: results of the worked example at every level, the
// import running off the GUI thread (the event loop keeps running), cancel leaving the
// store as it was, stale results dropped, the fleet timeline, and renaming labels.
#include "app/ui/data/data_service.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/translations.h"
#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QLocale>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "samples/synth/generator.h"
#include "store_fixtures.h"

namespace ett::app {
namespace {

using fixtures::dumpStore;
using fixtures::importWithCore;

constexpr int64_t kS = 1'000'000'000;
constexpr int kWaitMs = 60'000;
const QString kWorkedExample = QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl");

size_t idx(core::Bucket b)
{
    return static_cast<size_t>(b);
}

void ensureApp()
{
    if (QCoreApplication::instance() == nullptr) {
        static int argc = 1;
        static char name[] = "ui_tests";
        static char* argv[] = { name, nullptr };
        auto* app = new QApplication(argc, argv); // lives for the whole test program
        // English, as under LANG=C: the plural forms and figures the tests expect.
        setUpLanguage(*app, QStringLiteral("en"), QLocale::c());
    }
}

// A generated fleet as a trace file (plain JSON Lines), large enough to take a while to import.
QString writeGeneratedTrace(const QString& path, int64_t jobs)
{
    core::GeneratorOptions options;
    options.jobs = jobs;
    options.seed = 11;
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    out << core::generatorHeaderLine(options) << "\n";
    core::FleetGenerator gen(options);
    core::GeneratedJob job;
    std::string buffer;
    while (gen.next(job)) {
        buffer.clear();
        core::appendJobLines(job, buffer);
        out << buffer;
    }
    return path;
}

class DataServiceTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ensureApp();
        ASSERT_TRUE(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("store.db")).toStdString();
    }

    // A service with the database opened; fails the test when it does not open in time.
    std::unique_ptr<DataService> openService()
    {
        auto service = std::make_unique<DataService>();
        QObject::connect(
            service.get(), &DataService::databaseOpened, [this](const LoadStats& stats, const Vocabulary& vocabulary) {
                m_stats = stats;
                m_vocabulary = vocabulary;
                ++m_opened;
            });
        QObject::connect(
            service.get(), &DataService::databaseFailed, [this](const QString& message) { m_failure = message; });
        const int before = m_opened;
        service->openDatabase(QString::fromStdString(m_db));
        EXPECT_TRUE(QTest::qWaitFor([&] { return m_opened > before || !m_failure.isEmpty(); }, kWaitMs));
        EXPECT_TRUE(m_failure.isEmpty()) << m_failure.toStdString();
        return service;
    }

    TableData table(DataService& service, const Location& location, const core::CohortSpec& filter = {})
    {
        std::optional<TableData> got;
        auto c
            = QObject::connect(&service, &DataService::tableReady, [&](quint64, const TableData& data) { got = data; });
        service.requestTable(filter, location);
        EXPECT_TRUE(QTest::qWaitFor([&] { return got.has_value(); }, kWaitMs));
        QObject::disconnect(c);
        return got.value_or(TableData {});
    }

    // The overview's whole answer (with its series); `answers`, when given, receives every answer.
    OverviewData overview(
        DataService& service, const core::CohortSpec& filter = {}, std::vector<OverviewData>* answers = nullptr)
    {
        std::optional<OverviewData> got;
        auto c = QObject::connect(&service, &DataService::overviewReady, [&](quint64, const OverviewData& data) {
            if (answers) {
                answers->push_back(data);
            }
            if (!data.seriesPending) {
                got = data;
            }
        });
        service.requestOverview(filter, gpu::Calendar::Day);
        EXPECT_TRUE(QTest::qWaitFor([&] { return got.has_value(); }, kWaitMs));
        QObject::disconnect(c);
        return got.value_or(OverviewData {});
    }

    // The message of a request that fails (an overview, or a table at `location`).
    QString failure(DataService& service, const core::CohortSpec& filter, const std::optional<Location>& location = {})
    {
        std::optional<QString> got;
        auto c = QObject::connect(
            &service, &DataService::queryFailed, [&](quint64, const QString& message) { got = message; });
        if (location) {
            service.requestTable(filter, *location);
        } else {
            service.requestOverview(filter, gpu::Calendar::Day);
        }
        EXPECT_TRUE(QTest::qWaitFor([&] { return got.has_value(); }, kWaitMs));
        QObject::disconnect(c);
        return got.value_or(QString());
    }

    // Imports through the service and waits for its end (not cancelled); the errors it reported.
    QStringList importAndWait(DataService& service, const QStringList& files, const QString& label,
        const core::ReaderOptions& reader = {}, bool readAgain = false)
    {
        std::optional<bool> cancelled;
        QStringList errors;
        auto c = QObject::connect(
            &service, &DataService::importFinished, [&](const QString&, const QStringList& e, bool wasCancelled) {
                errors = e;
                cancelled = wasCancelled;
            });
        service.importFiles(files, label, reader, readAgain, readAgain);
        EXPECT_TRUE(QTest::qWaitFor([&] { return cancelled.has_value(); }, kWaitMs));
        QObject::disconnect(c);
        EXPECT_FALSE(cancelled.value_or(true));
        return errors;
    }

    QTemporaryDir m_dir;
    std::string m_db;
    LoadStats m_stats;
    Vocabulary m_vocabulary;
    int m_opened = 0;
    QString m_failure;
};

TEST_F(DataServiceTest, WorkedExampleOverviewHasTheSpecFigures)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    EXPECT_EQ(m_stats.jobs, 1);
    EXPECT_EQ(m_stats.attempts, 2);
    EXPECT_GT(m_stats.segments, 0);
    EXPECT_EQ(m_vocabulary.labels, QStringList { QStringLiteral("default") });
    EXPECT_EQ(m_vocabulary.minGpus, 8);
    EXPECT_EQ(m_vocabulary.maxGpus, 8);
    EXPECT_EQ(m_vocabulary.firstNs, 0);
    EXPECT_EQ(m_vocabulary.lastNs, 58545 * kS);
    EXPECT_TRUE(service->hasDatabase());
    EXPECT_FALSE(service->backend().name.empty());

    // The database opens lean: the first overview comes in two answers, the figures first, then
    // the same with the series; a second one (the segments read) in one.
    std::vector<OverviewData> answers;
    const OverviewData d = overview(*service, {}, &answers);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_TRUE(answers[0].seriesPending);
    EXPECT_TRUE(answers[0].series.buckets.empty());
    EXPECT_EQ(answers[0].fleet.e2eNs, d.fleet.e2eNs);
    EXPECT_EQ(answers[0].fleet.bucketsNs, d.fleet.bucketsNs);
    ASSERT_EQ(answers[0].topJobs.size(), d.topJobs.size());
    EXPECT_FALSE(answers[1].seriesPending);
    answers.clear();
    EXPECT_EQ(overview(*service, {}, &answers).fleet.e2eNs, d.fleet.e2eNs);
    EXPECT_EQ(answers.size(), 1u);
    EXPECT_EQ(d.fleet.jobs, 1);
    EXPECT_EQ(d.fleet.e2eNs, core::Wide { 58545 * kS });
    EXPECT_EQ(d.fleet.bucketsNs[idx(core::Bucket::Productive)], core::Wide { 52800 * kS });
    ASSERT_TRUE(d.fleet.ettPercentGpu().has_value());
    EXPECT_NEAR(*d.fleet.ettPercentGpu(), 90.187, 0.0005);
    EXPECT_EQ(d.tts.p50, 1500 * kS);
    EXPECT_EQ(d.ttr.p50, 1200 * kS);
    ASSERT_EQ(d.topJobs.size(), 1u);
    EXPECT_EQ(d.topJobs[0].key, "J1");
    EXPECT_EQ(d.topJobs[0].name, "worked example");
    EXPECT_EQ(d.topJobs[0].gpus, 8);
    EXPECT_GT(d.topJobs[0].rowId, 0);
    ASSERT_EQ(d.byCauseClass.size(), 1u);
    EXPECT_EQ(d.byCauseClass[0].name, "infra");
    EXPECT_EQ(d.byCauseClass[0].figures.failures, 1);
    EXPECT_FALSE(d.series.buckets.empty());
}

TEST_F(DataServiceTest, UnknownLabelsAndAttributesAreErrorsListingWhatExists)
{
    // The same rule as ettw's: a name the fleet does not have is a typo, not an empty fleet.
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    core::CohortSpec byLabel;
    byLabel.labels = { "no-such-label" };
    QString message = failure(*service, byLabel);
    EXPECT_TRUE(message.contains("no dataset label 'no-such-label'") && message.contains("(labels: default)"))
        << message.toStdString();
    core::CohortSpec byAttr;
    byAttr.setAttr("team", { "nobody" });
    message = failure(*service, byAttr);
    EXPECT_TRUE(message.contains("no job has the attribute 'team'")) << message.toStdString();
    Location byTeams;
    byTeams.groupBy = "teams";
    message = failure(*service, {}, byTeams);
    EXPECT_TRUE(message.contains("cannot group by 'teams'")) << message.toStdString();
}

TEST_F(DataServiceTest, UnknownValuesOfKnownAttributesMatchNothing)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    core::CohortSpec known;
    known.labels = { "default" };
    EXPECT_EQ(overview(*service, known).fleet.jobs, 1);
    core::CohortSpec none;
    none.minGpus = 1000;
    EXPECT_EQ(overview(*service, none).fleet.jobs, 0);
}

TEST_F(DataServiceTest, TableRowsAtEveryLevel)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();

    // Fleet, no grouping: a row per job.
    Location fleet;
    TableData t = table(*service, fleet);
    ASSERT_EQ(t.rows.size(), 1u);
    EXPECT_EQ(t.rows[0].name, "J1");
    EXPECT_EQ(t.rows[0].job, 0);
    EXPECT_EQ(t.rows[0].detail, "worked example");
    EXPECT_EQ(t.location, fleet);

    // Fleet grouped by label.
    fleet.groupBy = "label";
    t = table(*service, fleet);
    ASSERT_EQ(t.rows.size(), 1u);
    EXPECT_EQ(t.rows[0].name, "default");
    EXPECT_EQ(t.rows[0].figures.e2eNs, core::Wide { 58545 * kS });

    // A group: its jobs.
    Location group;
    group.level = Level::Group;
    group.groupBy = "label";
    group.group = "default";
    t = table(*service, group);
    ASSERT_EQ(t.rows.size(), 1u);
    EXPECT_EQ(t.rows[0].name, "J1");
    group.group = "other";
    EXPECT_TRUE(table(*service, group).rows.empty());

    // A job: its attempts, in start order.
    Location job;
    job.level = Level::Job;
    job.job = 0;
    t = table(*service, job);
    ASSERT_EQ(t.rows.size(), 2u);
    EXPECT_EQ(t.rows[0].name, "attempt 0");
    EXPECT_EQ(t.rows[0].attempt, 0);
    EXPECT_EQ(t.rows[0].job, 0);
    EXPECT_EQ(t.rows[0].figures.bucketsNs[idx(core::Bucket::Productive)], core::Wide { 34800 * kS });
    EXPECT_EQ(t.rows[0].detail, "failed, infra.gpu");
    EXPECT_EQ(t.rows[1].name, "attempt 1");
    EXPECT_EQ(t.rows[1].figures.bucketsNs[idx(core::Bucket::Productive)], core::Wide { 18000 * kS });
    EXPECT_EQ(t.rows[1].detail, "completed");

    // An attempt: its row alone.
    Location attempt = job;
    attempt.level = Level::Attempt;
    attempt.attempt = 1;
    t = table(*service, attempt);
    ASSERT_EQ(t.rows.size(), 1u);
    EXPECT_EQ(t.rows[0].attempt, 1);
    EXPECT_EQ(t.rows[0].figures.bucketsNs[idx(core::Bucket::Productive)], core::Wide { 18000 * kS });
}

TEST_F(DataServiceTest, OnlyTheLatestTableRequestIsDelivered)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    std::vector<quint64> delivered;
    QObject::connect(
        service.get(), &DataService::tableReady, [&](quint64 id, const TableData&) { delivered.push_back(id); });
    Location first;
    Location second;
    second.level = Level::Job;
    second.job = 0;
    const quint64 id1 = service->requestTable({}, first);
    const quint64 id2 = service->requestTable({}, second);
    EXPECT_NE(id1, id2);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !delivered.empty(); }, kWaitMs));
    QTest::qWait(300); // anything stale would have arrived by now
    EXPECT_EQ(delivered, std::vector<quint64> { id2 });
}

TEST_F(DataServiceTest, FleetTimelineSpansCoverTheJobWindow)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    auto fleetTimeline = [&](int64_t from, int64_t to) {
        std::optional<FleetTimelineData> got;
        auto c = QObject::connect(service.get(), &DataService::fleetTimelineReady,
            [&](quint64, const FleetTimelineData& data) { got = data; });
        service->requestFleetTimeline({}, from, to, 100);
        EXPECT_TRUE(QTest::qWaitFor([&] { return got.has_value(); }, kWaitMs));
        QObject::disconnect(c);
        return got.value_or(FleetTimelineData {});
    };

    const FleetTimelineData all = fleetTimeline(-1000 * kS, 100'000 * kS);
    ASSERT_EQ(all.rows.size(), 1u);
    const FleetTimelineRow& row = all.rows[0];
    EXPECT_EQ(row.key, "J1");
    EXPECT_EQ(row.gpus, 8);
    ASSERT_FALSE(row.spans.empty());
    EXPECT_EQ(row.spans.front().startNs, 0);
    EXPECT_EQ(row.spans.back().endNs, 58545 * kS);
    bool recoveryGap = false;
    for (size_t i = 0; i < row.spans.size(); ++i) {
        EXPECT_LT(row.spans[i].startNs, row.spans[i].endNs);
        if (i > 0) {
            EXPECT_EQ(row.spans[i].startNs, row.spans[i - 1].endNs) << "span " << i;
        }
        if (row.spans[i].startNs == 37545 * kS && row.spans[i].endNs == 37845 * kS) {
            recoveryGap = row.spans[i].bucket == static_cast<uint8_t>(core::Bucket::Recovery);
        }
    }
    EXPECT_TRUE(recoveryGap);
    ASSERT_EQ(row.faults.size(), 1u);
    EXPECT_EQ(row.faults[0].atNs, 37545 * kS);
    EXPECT_EQ(row.faults[0].attempt, 0);
    EXPECT_EQ(row.faults[0].interruption, static_cast<uint8_t>(core::Interruption::Failure));

    // Clipped to a range inside the window.
    const FleetTimelineData part = fleetTimeline(1000 * kS, 2000 * kS);
    ASSERT_EQ(part.rows.size(), 1u);
    EXPECT_EQ(part.rows[0].spans.front().startNs, 1000 * kS);
    EXPECT_EQ(part.rows[0].spans.back().endNs, 2000 * kS);
    EXPECT_TRUE(part.rows[0].faults.empty());

    // A range outside the window: no rows.
    EXPECT_TRUE(fleetTimeline(60'000 * kS, 70'000 * kS).rows.empty());
}

TEST_F(DataServiceTest, JobTimelineIsReadFromTheStore)
{
    importWithCore(m_db, kWorkedExample, "default");
    auto service = openService();
    std::optional<core::JobTimeline> got;
    QObject::connect(service.get(), &DataService::jobTimelineReady,
        [&](quint64, const core::JobTimeline& timeline) { got = timeline; });
    service->requestJobTimeline(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return got.has_value(); }, kWaitMs));
    EXPECT_EQ(got->key, "J1");
    EXPECT_EQ(got->attempts.size(), 2u);

    QString failure;
    QObject::connect(
        service.get(), &DataService::queryFailed, [&](quint64, const QString& message) { failure = message; });
    service->requestJobTimeline(7);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !failure.isEmpty(); }, kWaitMs));
}

TEST_F(DataServiceTest, ImportInTheBackgroundDoesNotBlockTheEventLoop)
{
    const QString trace = writeGeneratedTrace(m_dir.filePath(QStringLiteral("big.ett.jsonl")), 3000);
    auto service = openService();
    EXPECT_EQ(m_stats.jobs, 0);

    // A timer on the GUI thread counts the ticks it gets while the import runs, and the progress
    // events delivered before the import finished: a blocked GUI thread would get none of either
    // until the end. (Counts, not durations: nothing here depends on the machine's speed.)
    int ticksWhileImporting = 0;
    QTimer timer;
    timer.setInterval(1);
    QObject::connect(&timer, &QTimer::timeout, [&] { ticksWhileImporting += service->importRunning() ? 1 : 0; });
    std::vector<ImportProgressInfo> progress;
    int progressWhileImporting = 0;
    QObject::connect(service.get(), &DataService::importProgress, [&](const ImportProgressInfo& p) {
        progress.push_back(p);
        progressWhileImporting += service->importRunning() ? 1 : 0;
    });
    std::optional<bool> cancelled;
    QStringList errors;
    QObject::connect(service.get(), &DataService::importFinished, [&](const QString&, const QStringList& e, bool c) {
        errors = e;
        cancelled = c;
    });

    const int openedBefore = m_opened;
    timer.start();
    service->importFiles({ trace }, QStringLiteral("big"));
    EXPECT_TRUE(service->importRunning());
    ASSERT_TRUE(QTest::qWaitFor([&] { return cancelled.has_value(); }, 5 * kWaitMs));
    timer.stop();

    EXPECT_FALSE(*cancelled);
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_FALSE(service->importRunning());
    EXPECT_GT(m_opened, openedBefore) << "the engine was reloaded";
    EXPECT_EQ(m_stats.jobs, 3000);
    EXPECT_EQ(m_vocabulary.labels, QStringList { QStringLiteral("big") });

    // The GUI thread kept running while the worker imported.
    EXPECT_GT(ticksWhileImporting, 0);
    EXPECT_GT(progressWhileImporting, 0);

    // Progress came with the byte counts of the file, never past its size.
    ASSERT_FALSE(progress.empty());
    for (const auto& p : progress) {
        EXPECT_LE(p.bytesDone, p.bytesTotal);
    }
    EXPECT_EQ(progress.back().file, "big.ett.jsonl");
    EXPECT_EQ(progress.back().fileCount, 1);
    EXPECT_GT(progress.back().records, 0);
    EXPECT_EQ(progress.back().bytesTotal, QFileInfo(trace).size());
}

TEST_F(DataServiceTest, CancelDuringImportLeavesTheDatabaseAsItWas)
{
    importWithCore(m_db, kWorkedExample, "default");
    const QString trace = writeGeneratedTrace(m_dir.filePath(QStringLiteral("big.ett.jsonl")), 3000);
    const std::string before = dumpStore(m_db);
    ASSERT_NE(before.find("job default/J1"), std::string::npos);
    auto service = openService();

    std::optional<bool> cancelled;
    QString summary;
    QStringList errors;
    QObject::connect(service.get(), &DataService::importFinished, [&](const QString& s, const QStringList& e, bool c) {
        summary = s;
        errors = e;
        cancelled = c;
    });
    // Cancel as soon as the import reports that it is reading.
    QObject::connect(service.get(), &DataService::importProgress, service.get(), &DataService::cancelImport);
    const int openedBefore = m_opened;
    service->importFiles({ trace, kWorkedExample }, QStringLiteral("big"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return cancelled.has_value(); }, 5 * kWaitMs));

    EXPECT_TRUE(*cancelled);
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("cancelled"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("skipped"))) << summary.toStdString();
    EXPECT_EQ(m_opened, openedBefore) << "nothing changed, so nothing was reloaded";
    EXPECT_EQ(dumpStore(m_db), before);

    // The service still works afterwards.
    EXPECT_EQ(overview(*service).fleet.jobs, 1);
}

TEST_F(DataServiceTest, ImportErrorsNameFileAndLine)
{
    auto service = openService();
    const QString bad = m_dir.filePath(QStringLiteral("bad.ett.jsonl"));
    {
        std::ofstream out(bad.toStdString());
        out << R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
            << "\n";
        out << R"({"type":"job","job":"J1","gpus":8})"
            << "\n";
        out << R"({"type":"attempt","job":"J1","attempt":0,"start":10,"end":5,"outcome":"completed"})"
            << "\n";
    }
    const QStringList errors = importAndWait(*service, { bad }, QStringLiteral("default"));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors[0].contains(QStringLiteral("bad.ett.jsonl:3"))) << errors[0].toStdString();
    EXPECT_EQ(dumpStore(m_db), "");
}

// A trace imported while its job ran, imported again with update once it ended: its records are
// replaced (the summary says so) and the job is what the file says now; without update the error
// says which box of the import dialog to tick.
TEST_F(DataServiceTest, AnImportWithUpdateReplacesAFileThatChanged)
{
    auto service = openService();
    const QString trace = m_dir.filePath(QStringLiteral("run.ett.jsonl"));
    const std::string head = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                             "\n"
                             R"({"type":"job","job":"J1","gpus":8})"
                             "\n";
    std::ofstream(trace.toStdString())
        << head << R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"running"})"
        << "\n";
    ASSERT_TRUE(importAndWait(*service, { trace }, QStringLiteral("default")).isEmpty());
    std::ofstream(trace.toStdString(), std::ios::trunc)
        << head << R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":300,"outcome":"completed"})"
        << "\n";
    // Without update: refused, and the error names the box to tick.
    const QStringList refused = importAndWait(*service, { trace }, QStringLiteral("default"));
    ASSERT_EQ(refused.size(), 1);
    EXPECT_TRUE(refused[0].contains(QStringLiteral("has changed since"))
        && refused[0].contains(
            QStringLiteral("Tick \"Replace files that changed since their import\" in the import dialog")))
        << refused[0].toStdString();
    std::optional<QString> summary;
    QStringList errors;
    auto c = QObject::connect(
        service.get(), &DataService::importFinished, [&](const QString& s, const QStringList& e, bool) {
            summary = s;
            errors = e;
        });
    service->importFiles({ trace }, QStringLiteral("default"), {}, true);
    ASSERT_TRUE(QTest::qWaitFor([&] { return summary.has_value(); }, kWaitMs));
    QObject::disconnect(c);
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_TRUE(summary->contains(QStringLiteral("; in place of its earlier import"))) << summary->toStdString();
    auto db = core::Database::open(m_db, core::Database::OpenMode::MustExist);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto jobs = core::loadFleet(**db, core::FleetQuery {});
    ASSERT_TRUE(jobs.ok() && jobs->size() == 1u);
    ASSERT_EQ(jobs->front().result.attempts.size(), 1u);
    EXPECT_EQ(jobs->front().result.attempts[0].outcome, core::Outcome::Completed);
    EXPECT_EQ(jobs->front().result.attempts[0].endNs, 300 * kS);
}

// The import options reach the reader as `ettw import` passes them: a console log whose glog-style
// times have no year fails without Year (the message says which field of the dialog to set) and
// stores nothing; with year, timezone, job and attempt it is stored at the right times.
TEST_F(DataServiceTest, ImportOptionsReachTheReader)
{
    auto service = openService();
    const QString log = m_dir.filePath(QStringLiteral("run-17.log"));
    {
        std::ofstream out(log.toStdString());
        out << "I0301 10:00:00.000000 42 train.py:10] torchtitan version: 0.1\n"
               "I0301 10:00:20.000000 42 train.py:11] Training starts at step 1\n"
               "I0301 10:01:00.500000 42 train.py:12] step: 1 loss 2.5\n"
               "I0301 10:05:00.000000 42 train.py:13] Training completed\n";
    }
    QStringList errors = importAndWait(*service, { log }, QStringLiteral("logs"));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors[0].contains(QStringLiteral("run-17.log:1: log line: field 'year'"))) << errors[0].toStdString();
    EXPECT_TRUE(errors[0].contains(QStringLiteral("Set Year under Options in the import dialog")))
        << errors[0].toStdString();
    EXPECT_EQ(dumpStore(m_db), "");

    core::ReaderOptions reader;
    reader.year = 2024;
    reader.timezone = "+02:00";
    reader.job = "nightly";
    reader.attempt = 3;
    const int openedBefore = m_opened;
    errors = importAndWait(*service, { log }, QStringLiteral("logs"), reader);
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_GT(m_opened, openedBefore) << "the engine was reloaded before the import reported its end";
    EXPECT_EQ(m_vocabulary.labels, QStringList { QStringLiteral("logs") });

    auto db = core::Database::open(m_db, core::Database::OpenMode::MustExist);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto jobs = core::loadFleet(**db, core::FleetQuery {});
    ASSERT_TRUE(jobs.ok()) << jobs.error().message;
    ASSERT_EQ(jobs->size(), 1u);
    const core::FleetJob& job = jobs->front();
    EXPECT_EQ(job.key, "nightly");
    ASSERT_EQ(job.result.attempts.size(), 1u);
    const auto& attempt = job.result.attempts[0];
    EXPECT_EQ(attempt.number, 3);
    // 2024-03-01 is day 19783 since 1970-01-01 (54 years with 13 leap days: 54 * 365 + 13 = 19723
    // to 2024-01-01, then 31 days of January and 29 of February), so 00:00Z is 1709251200 s.
    // 10:00 at +02:00 is 08:00Z: 1709251200 + 8 * 3600 = 1709280000 s; the last line 5 min later.
    EXPECT_EQ(attempt.startNs, 1709280000 * kS);
    EXPECT_EQ(attempt.endNs, (1709280000 + 300) * kS);
    // init [10:00:00, 10:00:20), compile.first_step [10:00:20, 10:01:00.5), train to the end.
    EXPECT_EQ(attempt.bucketsNs[idx(core::Bucket::Init)], 20 * kS);
    EXPECT_EQ(attempt.bucketsNs[idx(core::Bucket::Compile)], 40 * kS + kS / 2);
    EXPECT_EQ(attempt.bucketsNs[idx(core::Bucket::Productive)], 239 * kS + kS / 2);

    // Read again in UTC (the dialog's "Read unchanged files again"): in place, at 10:00Z.
    reader.timezone = "UTC";
    errors = importAndWait(*service, { log }, QStringLiteral("logs"), reader, true);
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    auto again = core::loadFleet(**db, core::FleetQuery {});
    ASSERT_TRUE(again.ok() && again->size() == 1u);
    ASSERT_EQ(again->front().result.attempts.size(), 1u);
    EXPECT_EQ(again->front().result.attempts[0].startNs, (1709280000 + 2 * 3600) * kS);
}

TEST_F(DataServiceTest, RenameLabelWorksAndFailsClearlyOnAClash)
{
    importWithCore(m_db, kWorkedExample, "before");
    importWithCore(m_db, kWorkedExample, "after");
    auto service = openService();
    EXPECT_EQ(m_vocabulary.labels, (QStringList { QStringLiteral("after"), QStringLiteral("before") }));

    QStringList renamed;
    QString failure;
    QObject::connect(service.get(), &DataService::labelRenamed,
        [&](const QString& from, const QString& to) { renamed << from << to; });
    QObject::connect(
        service.get(), &DataService::labelRenameFailed, [&](const QString& message) { failure = message; });

    const int openedBefore = m_opened;
    service->renameLabel(QStringLiteral("before"), QStringLiteral("baseline"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !renamed.isEmpty() || !failure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(failure.isEmpty()) << failure.toStdString();
    EXPECT_EQ(renamed, (QStringList { QStringLiteral("before"), QStringLiteral("baseline") }));
    EXPECT_GT(m_opened, openedBefore);
    EXPECT_EQ(m_vocabulary.labels, (QStringList { QStringLiteral("after"), QStringLiteral("baseline") }));

    renamed.clear();
    service->renameLabel(QStringLiteral("baseline"), QStringLiteral("after"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !renamed.isEmpty() || !failure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(renamed.isEmpty());
    EXPECT_TRUE(failure.contains(QStringLiteral("already exists"))) << failure.toStdString();
    EXPECT_EQ(m_vocabulary.labels, (QStringList { QStringLiteral("after"), QStringLiteral("baseline") }));
}

// Spec 7.4: the excluded windows are saved with the database and come back when it opens again.
TEST_F(DataServiceTest, ExcludedWindowsAreSavedWithTheDatabase)
{
    importWithCore(m_db, kWorkedExample, "default");
    const std::vector<core::TimeSpan> windows { { 36000 * core::kNsPerSecond, 39600 * core::kNsPerSecond } };
    {
        auto service = openService();
        EXPECT_TRUE(m_stats.excluded.empty());
        QString failure;
        QObject::connect(
            service.get(), &DataService::queryFailed, [&](quint64, const QString& message) { failure = message; });
        service->saveExcludedWindows(windows);
        // The worker runs requests in order: an overview after the save sees it written.
        std::optional<OverviewData> ov;
        QObject::connect(
            service.get(), &DataService::overviewReady, [&](quint64, const OverviewData& data) { ov = data; });
        service->requestOverview(core::CohortSpec {}, gpu::Calendar::Day);
        ASSERT_TRUE(QTest::qWaitFor([&] { return ov.has_value() || !failure.isEmpty(); }, kWaitMs));
        EXPECT_TRUE(failure.isEmpty()) << failure.toStdString();
    }
    auto again = openService();
    EXPECT_EQ(m_stats.excluded, windows);
}

TEST(ShellWindow, TellsDatabasesFromTracesByNameOrContent)
{
    ensureApp();
    QTemporaryDir dir;
    EXPECT_TRUE(looksLikeDatabase(dir.filePath(QStringLiteral("missing.db"))));
    EXPECT_FALSE(looksLikeDatabase(kWorkedExample));
    const std::string store = dir.filePath(QStringLiteral("fleet.store")).toStdString();
    ASSERT_TRUE(core::Database::open(store, core::Database::OpenMode::CreateIfMissing).ok());
    EXPECT_TRUE(looksLikeDatabase(QString::fromStdString(store)));
    // A SQLite file of another application (an Nsight Systems export, say) is a trace to import.
    const std::string other = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(other.c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "PRAGMA application_id=1234; CREATE TABLE NVTX_EVENTS(start INTEGER);", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    EXPECT_FALSE(looksLikeDatabase(QString::fromStdString(other)));
}

TEST(ShellWindow, StatusBarShowsBackendRowsAndQueryTime)
{
    ensureApp();
    QStandardPaths::setTestModeEnabled(true); // recent files go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("ett-tests"));
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("store.db"));
    importWithCore(db.toStdString(), kWorkedExample, "default");

    MainWindow window;
    window.show();
    bool loaded = false;
    QObject::connect(&window, &MainWindow::overviewLoaded, [&] { loaded = true; });
    window.openPaths({ db });
    ASSERT_TRUE(QTest::qWaitFor([&] { return loaded; }, kWaitMs));
    EXPECT_EQ(MainWindow::recentFiles().value(0), db);

    QStringList texts;
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
        texts << label->text();
    }
    const QString all = texts.join('|');
    EXPECT_TRUE(all.contains(QStringLiteral("1 job, 2 attempts"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QString::fromStdString(window.dataService()->backend().name))) << all.toStdString();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
                if (label->text().startsWith(QStringLiteral("last query:"))) {
                    return true;
                }
            }
            return false;
        },
        kWaitMs));
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("store.db")));
}

} // namespace
} // namespace ett::app
