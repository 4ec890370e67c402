// The window on a fleet store: the data service connected to the two-shard cluster
// packaging/run-tests.sh starts (ETT_TEST_STORE_URL; skipped without it) answers the overview and
// the drill-down with the figures a database of the same files gives, as the window's read-only
// user; Stop abandons what runs and the service goes on; the main window names the store and says
// what needs a database.
#include "app/ui/data/data_service.h"
#include "app/ui/window/main_window.h"
#include "core/store/clickhouse/push.h"
#include "core/store/clickhouse/sql_text.h"
#include "core/store/clickhouse/store_url.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QStatusBar>
#include <QTest>
#include <gtest/gtest.h>

#include <optional>

#include "pages_fixtures.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/store/test_cluster.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

namespace ch = ett::core::clickhouse;

constexpr int kWaitMs = 60'000;

class StoreWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        auto cluster = core::test::testCluster("win_");
        ASSERT_TRUE(cluster.ok()) << cluster.error().message;
        if (!*cluster) {
            GTEST_SKIP() << core::test::kNoTestCluster;
        }
        m_url = (*cluster)->url;
        m_shards = (*cluster)->shards;
        auto store = ch::FleetStore::open(m_url);
        ASSERT_TRUE(store.ok()) << store.error().message;
        ASSERT_TRUE((*store)->init(m_shards).ok());
        core::GeneratorOptions o;
        o.jobs = 140;
        o.seed = 31;
        o.ranks = 4; // per-rank phases and hosts, for the Ranks page
        m_local.import(m_local.write("fleet.jsonl", core::test::fleetText(o)), "fleet");
        auto pushed = ch::pushDatabase(**store, m_local.db(), std::nullopt, "test");
        ASSERT_TRUE(pushed.ok()) << pushed.error().message;
        // The window connects as the read-only user.
        const std::string reader = ch::processEnv("ETT_TEST_STORE_READER").value_or("");
        const size_t colon = reader.find(':');
        ASSERT_NE(colon, std::string::npos);
        ch::StoreUrl readOnly = m_url;
        readOnly.user = reader.substr(0, colon);
        m_readerUrl = QString::fromStdString("clickhouse://" + readOnly.user + "@" + readOnly.address() + "/"
            + readOnly.database + "?cluster=" + readOnly.cluster);
        m_readerPassword = QString::fromStdString(reader.substr(colon + 1));
    }

    void TearDown() override
    {
        if (!m_shards.empty()) {
            core::test::dropTestDatabase({ m_url, m_shards });
        }
    }

    // A service opened on the store (or, with `database`, on the local database of the same files).
    std::unique_ptr<DataService> open(bool database)
    {
        auto service = std::make_unique<DataService>();
        std::optional<QString> failure;
        bool opened = false;
        QObject::connect(service.get(), &DataService::databaseOpened, [&](const LoadStats& stats, const Vocabulary&) {
            m_stats = stats;
            opened = true;
        });
        QObject::connect(
            service.get(), &DataService::databaseFailed, [&](const QString& message) { failure = message; });
        if (database) {
            service->openDatabase(QString::fromStdString(m_local.dbPath()));
        } else {
            service->connectStore(m_readerUrl, m_readerPassword);
        }
        EXPECT_TRUE(QTest::qWaitFor([&] { return opened || failure.has_value(); }, kWaitMs));
        EXPECT_FALSE(failure.has_value()) << failure.value_or(QString()).toStdString();
        QObject::disconnect(service.get(), nullptr, nullptr, nullptr);
        return service;
    }

    template <typename Data, typename Request>
    std::optional<Data> wait(DataService& service, void (DataService::*ready)(quint64, const Data&), Request&& request)
    {
        std::optional<Data> got;
        std::optional<QString> failed;
        auto c = QObject::connect(&service, ready, [&](quint64, const Data& data) { got = data; });
        auto f = QObject::connect(
            &service, &DataService::queryFailed, [&](quint64, const QString& message) { failed = message; });
        request();
        EXPECT_TRUE(QTest::qWaitFor([&] { return got.has_value() || failed.has_value(); }, kWaitMs));
        EXPECT_FALSE(failed.has_value()) << failed.value_or(QString()).toStdString();
        QObject::disconnect(c);
        QObject::disconnect(f);
        return got;
    }

    core::test::Store m_local;
    ch::StoreUrl m_url;
    std::vector<std::string> m_shards;
    QString m_readerUrl;
    QString m_readerPassword;
    LoadStats m_stats;
};

void expectSame(const core::Figures& s, const core::Figures& l, const std::string& what)
{
    EXPECT_EQ(s.jobs, l.jobs) << what;
    EXPECT_EQ(s.attempts, l.attempts) << what;
    EXPECT_TRUE(s.e2eGpuNs == l.e2eGpuNs) << what;
    EXPECT_TRUE(s.bucketsGpuNs == l.bucketsGpuNs) << what;
    EXPECT_EQ(s.failures, l.failures) << what;
    for (const auto list : { core::SampleList::Tts, core::SampleList::Ttr }) {
        EXPECT_TRUE(s.rankedSamples(list) == l.rankedSamples(list)) << what;
    }
}

TEST_F(StoreWindow, OverviewAndDrilldownFromTheClusterAreTheDatabasesOnes)
{
    auto store = open(false);
    EXPECT_TRUE(store->isStore());
    EXPECT_TRUE(m_stats.store);
    EXPECT_EQ(m_stats.jobs, 140);
    EXPECT_TRUE(m_stats.warning.isEmpty()) << "the read-only user: " << m_stats.warning.toStdString();
    EXPECT_FALSE(m_stats.databasePath.contains(m_readerPassword));
    auto local = open(true);
    EXPECT_FALSE(local->isStore());

    core::CohortSpec all;
    auto overview = [&](DataService& s) {
        return wait(s, &DataService::overviewReady, [&] { s.requestOverview(all, gpu::Calendar::Day); });
    };
    const auto so = overview(*store);
    const auto lo = overview(*local);
    ASSERT_TRUE(so && lo);
    expectSame(so->fleet, lo->fleet, "overview");
    EXPECT_EQ(so->tts.p50, lo->tts.p50);
    EXPECT_EQ(so->ttr.p90, lo->ttr.p90);
    ASSERT_EQ(so->series.buckets.size(), lo->series.buckets.size());
    ASSERT_EQ(so->topJobs.size(), lo->topJobs.size());
    ASSERT_FALSE(so->topJobs.empty());
    for (size_t i = 0; i < so->topJobs.size(); ++i) {
        EXPECT_EQ(so->topJobs[i].key, lo->topJobs[i].key) << "top job " << i;
        expectSame(so->topJobs[i].figures, lo->topJobs[i].figures, "top job " + so->topJobs[i].key);
    }
    ASSERT_EQ(so->byCauseClass.size(), lo->byCauseClass.size());

    Location byTeam;
    byTeam.groupBy = "team";
    auto table
        = [&](DataService& s) { return wait(s, &DataService::tableReady, [&] { s.requestTable(all, byTeam); }); };
    const auto st = table(*store);
    const auto lt = table(*local);
    ASSERT_TRUE(st && lt);
    ASSERT_EQ(st->rows.size(), lt->rows.size());
    ASSERT_GT(st->rows.size(), 1u);
    for (size_t i = 0; i < st->rows.size(); ++i) {
        EXPECT_EQ(st->rows[i].name, lt->rows[i].name);
        expectSame(st->rows[i].figures, lt->rows[i].figures, "team " + st->rows[i].name);
    }

    // The causes table (the Causes page) and the intervals behind a bucket (the Intervals window).
    auto causes = [&](DataService& s) { return wait(s, &DataService::causesReady, [&] { s.requestCauses(all); }); };
    const auto sc = causes(*store);
    const auto lc = causes(*local);
    ASSERT_TRUE(sc && lc);
    EXPECT_TRUE(sc->onStore);
    EXPECT_GT(lc->table.total.count, 0);
    EXPECT_EQ(sc->table.total.count, lc->table.total.count);
    EXPECT_TRUE(sc->table.total.lostGpuNs == lc->table.total.lostGpuNs);
    ASSERT_EQ(sc->table.classes.size(), lc->table.classes.size());
    for (size_t i = 0; i < sc->table.classes.size(); ++i) {
        EXPECT_EQ(sc->table.classes[i].causeClass, lc->table.classes[i].causeClass);
        EXPECT_EQ(sc->table.classes[i].figures.count, lc->table.classes[i].figures.count);
    }
    IntervalRequest lost;
    lost.bucket = core::Bucket::LostProgress;
    lost.limit = 20;
    auto intervals
        = [&](DataService& s) { return wait(s, &DataService::intervalsReady, [&] { s.requestIntervals(lost); }); };
    const auto si = intervals(*store);
    const auto li = intervals(*local);
    ASSERT_TRUE(si && li);
    EXPECT_GT(li->count, 0);
    EXPECT_EQ(si->count, li->count);
    EXPECT_TRUE(si->totalGpuNs == li->totalGpuNs);
    ASSERT_EQ(si->rows.size(), li->rows.size());
    for (size_t i = 0; i < si->rows.size(); ++i) {
        EXPECT_EQ(si->rows[i].key, li->rows[i].key);
        EXPECT_EQ(si->rows[i].startNs, li->rows[i].startNs);
    }

    // The Ranks page's hosts table and a job's heat map.
    auto hosts = [&](DataService& s) { return wait(s, &DataService::hostsReady, [&] { s.requestHosts(all); }); };
    const auto sh = hosts(*store);
    const auto lh = hosts(*local);
    ASSERT_TRUE(sh && lh);
    EXPECT_GT(lh->attempts, 0);
    EXPECT_EQ(sh->attempts, lh->attempts);
    EXPECT_EQ(sh->pairs, lh->pairs);
    ASSERT_EQ(sh->hosts.size(), lh->hosts.size());
    ASSERT_FALSE(lh->hosts.empty());
    EXPECT_EQ(sh->hosts.front().host, lh->hosts.front().host);
    const QString key = QString::fromStdString(so->topJobs.front().key);
    auto ranks = [&](DataService& s) {
        return wait(s, &DataService::jobRanksReady, [&] { s.requestJobRanks(key, QString()); });
    };
    const auto sr = ranks(*store);
    const auto lr = ranks(*local);
    ASSERT_TRUE(sr && lr);
    EXPECT_EQ(sr->attempts.size(), lr->attempts.size());

    // A job's timeline, opened from the top jobs.
    auto timeline
        = wait(*store, &DataService::jobTimelineReady, [&] { store->requestJobTimeline(so->topJobs.front().job); });
    ASSERT_TRUE(timeline);
    EXPECT_EQ(timeline->key, so->topJobs.front().key);
    EXPECT_FALSE(timeline->attempts.empty());
}

TEST_F(StoreWindow, StoppedQueriesAreNotDeliveredAndTheNextOneIs)
{
    auto store = open(false);
    int delivered = 0;
    QObject::connect(store.get(), &DataService::overviewReady, [&](quint64, const OverviewData&) { ++delivered; });
    store->requestOverview({}, gpu::Calendar::Day);
    store->stopQueries();
    // Whatever the worker had begun ends (abandoned, or finished but stale) and is dropped.
    QTest::qWait(1'500);
    EXPECT_EQ(delivered, 0);
    auto again = wait(*store, &DataService::overviewReady, [&] { store->requestOverview({}, gpu::Calendar::Day); });
    ASSERT_TRUE(again);
    EXPECT_EQ(again->fleet.jobs, 140);
}

TEST_F(StoreWindow, TheWindowNamesTheStoreAndSaysWhatNeedsADatabase)
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    bool loaded = false;
    QObject::connect(&window, &MainWindow::overviewLoaded, [&] { loaded = true; });
    window.connectStore(m_readerUrl, m_readerPassword);
    ASSERT_TRUE(QTest::qWaitFor([&] { return loaded; }, kWaitMs));
    QStringList statusTexts;
    for (const QLabel* l : window.statusBar()->findChildren<QLabel*>()) {
        statusTexts << l->text();
    }
    const QString status = statusTexts.join(QLatin1Char('|'));
    EXPECT_TRUE(status.contains(QString::fromStdString(m_url.database))) << status.toStdString();
    EXPECT_FALSE(status.contains(m_readerPassword)) << status.toStdString();
    EXPECT_TRUE(window.recentStores().contains(m_readerUrl));
    // Stop is there for a running cluster query only; Esc is free otherwise.
    QAction* stop = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(Qt::Key_Escape)) {
            stop = a;
        }
    }
    ASSERT_NE(stop, nullptr);
    EXPECT_TRUE(QTest::qWaitFor([&] { return !stop->isEnabled(); }, kWaitMs));
    // Import issues need a database: the service says so instead of failing silently.
    std::optional<QString> failed;
    QObject::connect(
        window.dataService(), &DataService::queryFailed, [&](quint64, const QString& message) { failed = message; });
    window.dataService()->requestIssues();
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.has_value(); }, kWaitMs));
    EXPECT_TRUE(failed->contains(QStringLiteral("fleet store"))) << failed->toStdString();
}

} // namespace
} // namespace ett::app
