// The Ranks page (spec 7.3): the heat map's cells, colours and tooltips on a hand-derived attempt,
// and the page on the real data service over a database: a job's heat map and the hosts table.
#include "app/ui/charts/rank_heatmap.h"
#include "app/ui/data/data_service.h"
#include "app/ui/pages/ranks_page.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/app/ui/pages_fixtures.h"
#include "tests/app/ui/store_fixtures.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 20000;
constexpr int64_t kS = 1'000'000'000;

// Ranks 0..2 in two stages: init 40, 40, 120 s (median 40, rank 2 on node-b slowest by 80 s) and
// checkpoint_save 20, 30 s for ranks 0 and 1 only (median 20, rank 1 slowest by 10 s).
AttemptRanks example()
{
    AttemptRanks a;
    a.attempt = 0;
    a.gpus = 8;
    a.ranks = { 0, 1, 2 };
    a.hosts = { { 0, "node-a" }, { 1, "node-a" }, { 2, "node-b" } };
    core::StageStraggler init;
    init.stage = "init";
    init.ranks = { { 0, 40 * kS }, { 1, 40 * kS }, { 2, 120 * kS } };
    init.slowestRank = 2;
    init.host = "node-b";
    init.slowestNs = 120 * kS;
    init.medianNs = 40 * kS;
    init.excessNs = 80 * kS;
    core::StageStraggler save;
    save.stage = "checkpoint_save";
    save.ranks = { { 0, 20 * kS }, { 1, 30 * kS } };
    save.slowestRank = 1;
    save.host = "node-a";
    save.slowestNs = 30 * kS;
    save.medianNs = 20 * kS;
    save.excessNs = 10 * kS;
    a.stages = { init, save };
    return a;
}

TEST(RankHeatMap, CellsColoursAndTooltipsFollowTheStages)
{
    fixtures::ensureApp();
    RankHeatMap map;
    map.setAttempt(example());
    map.resize(map.sizeHint());
    ASSERT_EQ(map.rows(), 3);
    ASSERT_EQ(map.columns(), 2);
    // Time between the stage's fastest (40 s) and slowest (120 s): 0, 1; rank 2 recorded no save.
    EXPECT_DOUBLE_EQ(map.intensity(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(map.intensity(2, 0), 1.0);
    EXPECT_DOUBLE_EQ(map.intensity(2, 1), -1.0);
    EXPECT_TRUE(map.isSlowest(2, 0));
    EXPECT_TRUE(map.isSlowest(1, 1));
    EXPECT_FALSE(map.isSlowest(0, 0));
    // Excess over the median against the slowest's: 0 at the median, 1 for the slowest.
    map.setColour(RankHeatMap::Colour::Excess);
    EXPECT_DOUBLE_EQ(map.intensity(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(map.intensity(2, 0), 1.0);
    EXPECT_DOUBLE_EQ(map.intensity(1, 1), 1.0);

    const QString tip = map.toolTipAt(map.cellRect(2, 0).center());
    EXPECT_TRUE(tip.contains(QStringLiteral("node-b"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("rank 2"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("slowest"))) << tip.toStdString();
    EXPECT_TRUE(map.toolTipAt(map.cellRect(2, 1).center()).contains(QStringLiteral("did not record")));
    EXPECT_TRUE(map.toolTipAt(QPoint(1, 1)).isEmpty());

    // Painted: cells in their colours, columns side by side, rows one under the other.
    EXPECT_EQ(map.cellRect(0, 1).left(), map.cellRect(0, 0).right() + 1);
    EXPECT_EQ(map.cellRect(1, 0).top(), map.cellRect(0, 0).bottom() + 1);
    QImage image(map.size(), QImage::Format_ARGB32);
    map.render(&image);
    const QRect slowest = map.cellRect(2, 0);
    const QRect median = map.cellRect(0, 0);
    // Near the cell's corner, inside its fill and outside its text and outline.
    EXPECT_EQ(image.pixelColor(slowest.left() + 5, slowest.top() + 5), RankHeatMap::fill(1.0));
    EXPECT_EQ(image.pixelColor(median.left() + 3, median.top() + 3), RankHeatMap::fill(0.0));
    const QRect none = map.cellRect(2, 1);
    EXPECT_EQ(image.pixelColor(none.left() + 3, none.top() + 3), RankHeatMap::fill(-1));
}

const char* kTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8}
{"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000}
{"type":"rank","job":"J1","attempt":0,"rank":0,"host":"node-a"}
{"type":"rank","job":"J1","attempt":0,"rank":1,"host":"node-a"}
{"type":"rank","job":"J1","attempt":0,"rank":2,"host":"node-b"}
{"type":"phase","job":"J1","attempt":0,"phase":"init","start":0,"end":40,"rank":0}
{"type":"phase","job":"J1","attempt":0,"phase":"init","start":0,"end":40,"rank":1}
{"type":"phase","job":"J1","attempt":0,"phase":"init","start":0,"end":120,"rank":2}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":120,"end":1000}
{"type":"job","job":"J2","gpus":2}
{"type":"attempt","job":"J2","attempt":0,"start":2000,"end":2200}
{"type":"rank","job":"J2","attempt":0,"rank":0,"host":"node-c"}
{"type":"rank","job":"J2","attempt":0,"rank":1,"host":"node-d"}
{"type":"phase","job":"J2","attempt":0,"phase":"init","start":2000,"end":2100,"rank":0}
{"type":"phase","job":"J2","attempt":0,"phase":"init","start":2000,"end":2050,"rank":1}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":2100,"end":2200}
)";

// kTrace imported into `db` once under each of `labels`.
void importTrace(const QTemporaryDir& dir, const std::string& db, std::initializer_list<const char*> labels)
{
    const std::string trace = dir.filePath(QStringLiteral("ranks.ett.jsonl")).toStdString();
    std::ofstream(trace, std::ios::binary | std::ios::trunc) << kTrace;
    auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(d.ok()) << d.error().message;
    for (const char* label : labels) {
        core::ImportOptions options;
        options.label = label;
        auto s = core::importTraceFile(**d, trace, options);
        ASSERT_TRUE(s.ok()) << s.error().message;
    }
}

// A Ranks page, shown at 1280x800, on a data service; open() opens a database and waits until it
// has, the vocabulary in the page's state.
struct RanksPageOn
{
    WorkbenchState state;
    DataService service;
    RanksPage page { &state, &service };

    bool open(const std::string& db)
    {
        QObject::connect(&service, &DataService::databaseOpened, &state,
            [this](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
        page.resize(1280, 800);
        page.show();
        QSignalSpy opened(&service, &DataService::databaseOpened);
        service.openDatabase(QString::fromStdString(db));
        return QTest::qWaitFor([&] { return opened.count() > 0; }, kWaitMs);
    }
};

TEST(RanksPage, ShowsAJobsHeatMapAndTheFiltersHostsFromTheDataService)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    const std::string db = dir.filePath(QStringLiteral("ranks.db")).toStdString();
    ASSERT_NO_FATAL_FAILURE(importTrace(dir, db, { "default" }));
    RanksPageOn on;
    ASSERT_TRUE(on.open(db));
    DataService& service = on.service;
    RanksPage& page = on.page;

    // The hosts: node-b (80 s x 8 GPUs = 640 GPU-s) before node-c (50 s x 2 = 100 GPU-s).
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.isBusy() && page.hostsModel()->rowCount() == 2; }, kWaitMs));
    const QAbstractItemModel* shown = page.hostsView()->model();
    EXPECT_EQ(shown->index(0, 0).data().toString(), QStringLiteral("node-b"));
    EXPECT_EQ(shown->index(1, 0).data().toString(), QStringLiteral("node-c"));
    EXPECT_EQ(shown->index(0, 2).data().toString(), QLocale().toString(640.0 / 3600.0, 'f', 2));
    EXPECT_EQ(page.hostsNote(), QString());
    EXPECT_TRUE(page.hostsView()->isVisible());
    // No job chosen yet: the page says how to choose one, and shows no empty heat map.
    EXPECT_EQ(page.stagesNote(), QStringLiteral("Open a job (or type its key above) to see its ranks."));
    EXPECT_FALSE(page.heatMap()->isVisible());
    // Sortable: by host name ascending.
    page.hostsView()->sortByColumn(0, Qt::AscendingOrder);
    EXPECT_EQ(shown->index(0, 0).data().toString(), QStringLiteral("node-b"));
    page.hostsView()->sortByColumn(1, Qt::DescendingOrder);

    // A job's heat map: J1's three ranks in its one stage, rank 2 the slowest.
    QSignalSpy ranks(&service, &DataService::jobRanksReady);
    page.setJob(QStringLiteral("J1"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ranks.count() > 0 && !page.isBusy(); }, kWaitMs));
    EXPECT_EQ(page.attemptIndex(), 0);
    EXPECT_EQ(page.heatMap()->rows(), 3);
    EXPECT_EQ(page.heatMap()->columns(), 1);
    EXPECT_TRUE(page.heatMap()->isSlowest(2, 0));
    EXPECT_DOUBLE_EQ(page.heatMap()->intensity(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(page.heatMap()->intensity(2, 0), 1.0);

    // An unknown job says so.
    QSignalSpy failed(&service, &DataService::queryFailed);
    page.setJob(QStringLiteral("NOPE"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.count() > 0 && !page.isBusy(); }, kWaitMs));
    EXPECT_EQ(page.heatMap()->rows(), 0);
    auto* error = page.findChild<QLabel*>(QStringLiteral("error"));
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(error->text().contains(QStringLiteral("NOPE"))) << error->text().toStdString();

    // The key cleared: back to no job, the error gone.
    auto* edit = page.findChild<QLineEdit*>(QStringLiteral("ranksJob"));
    ASSERT_NE(edit, nullptr);
    edit->clear();
    edit->setModified(true);
    emit edit->editingFinished();
    ASSERT_TRUE(QTest::qWaitFor([&] { return error->isHidden(); }, kWaitMs));
    EXPECT_EQ(page.stagesNote(), QStringLiteral("Open a job (or type its key above) to see its ranks."));
    EXPECT_FALSE(page.heatMap()->isVisible());
}

// A fleet without per-rank phases (the sample): the hosts table gives way to a sentence saying why
// it is empty, and a job of it says it has no ranks, with no empty heat map.
TEST(RanksPage, AFleetWithoutRanksSaysSo)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    const std::string db = dir.filePath(QStringLiteral("fleet.db")).toStdString();
    fixtures::importWithCore(db, QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), "fleet");
    RanksPageOn on;
    ASSERT_TRUE(on.open(db));
    RanksPage& page = on.page;
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.isBusy() && !page.hostsNote().isEmpty(); }, kWaitMs));
    EXPECT_EQ(page.hostsNote(),
        QStringLiteral(
            "No host to rank: no stage of the filter's jobs was recorded by 2 ranks or more on known hosts."));
    EXPECT_FALSE(page.hostsView()->isVisible());
    EXPECT_FALSE(page.heatMap()->isVisible());

    QSignalSpy ranks(&on.service, &DataService::jobRanksReady);
    page.setJob(QStringLiteral("job-000168"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ranks.count() > 0 && !page.isBusy(); }, kWaitMs));
    EXPECT_EQ(page.stagesNote(), QStringLiteral("No attempt of job-000168 has per-rank phases."));
    EXPECT_FALSE(page.heatMap()->isVisible());
    auto* attempts = page.findChild<QComboBox*>(QStringLiteral("ranksAttempt"));
    ASSERT_NE(attempts, nullptr);
    EXPECT_FALSE(attempts->isEnabled());
}

// A key under two labels: the page says to choose one in its Label box (not the command line's
// option), and choosing one shows that label's job.
TEST(RanksPage, TheHostsTableGroupsItsFigures)
{
    // A host that cost 41,938.78 excess GPU-hours over 12,345 stages: the figures as the other
    // pages write them ("41938,78" had no separator, in either language).
    fixtures::ensureApp();
    RanksPageOn on;
    HostsRanking hosts;
    core::HostStragglers h;
    h.host = "node-a";
    h.timesSlowest = 12345;
    h.excessGpuNs = static_cast<core::Wide>(41938.78L * 3600.0L * 1e9L);
    hosts.hosts.push_back(h);
    on.page.setHosts(hosts);
    const QStandardItemModel* model = on.page.hostsModel();
    ASSERT_EQ(model->rowCount(), 1);
    EXPECT_EQ(model->item(0, 1)->text(), QStringLiteral("12,345"));
    EXPECT_EQ(model->item(0, 2)->text(), QStringLiteral("41,938.78"));
}

TEST(RanksPage, AKeyUnderTwoLabelsAsksForOneInTheLabelBox)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    const std::string db = dir.filePath(QStringLiteral("ranks.db")).toStdString();
    ASSERT_NO_FATAL_FAILURE(importTrace(dir, db, { "a", "b" }));
    RanksPageOn on;
    ASSERT_TRUE(on.open(db));
    DataService& service = on.service;
    RanksPage& page = on.page;
    QSignalSpy failed(&service, &DataService::queryFailed);
    page.setJob(QStringLiteral("J1"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return failed.count() > 0 && !page.isBusy(); }, kWaitMs));
    auto* error = page.findChild<QLabel*>(QStringLiteral("error"));
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(error->text().contains(QStringLiteral("several labels (a, b); choose one in the Label box")))
        << error->text().toStdString();
    EXPECT_FALSE(error->text().contains(QStringLiteral("--label")));
    // Label b chosen: its J1's heat map.
    auto* labels = page.findChild<QComboBox*>(QStringLiteral("ranksLabel"));
    ASSERT_NE(labels, nullptr);
    const int b = labels->findData(QStringLiteral("b"));
    ASSERT_GE(b, 0);
    QSignalSpy ranks(&service, &DataService::jobRanksReady);
    labels->setCurrentIndex(b);
    emit labels->activated(b); // as a user's choice in the box: the job is asked for again
    ASSERT_TRUE(QTest::qWaitFor([&] { return ranks.count() > 0 && !page.isBusy(); }, kWaitMs));
    EXPECT_EQ(page.heatMap()->rows(), 3);
}

} // namespace
} // namespace ett::app
