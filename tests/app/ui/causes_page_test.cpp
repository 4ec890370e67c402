// Tests of the Causes page against a real database served by the real data service: the tree of
// classes and causes with the hand-derived figures, sorting, a rule saved from the page (the
// table and the rules list follow, and the engine's figures with them), Edit > Undo of it, the
// rule editor's checks, and the tab in the window.
//
// The trace (seconds), as in tests/core/store/cause_rules_store_test.cpp:
//   J1 (8 GPUs) fails at 1000 (unknown.nccl, hang, "NCCL watchdog timeout"); saved at 500: lost
//      500 s; trains again at 1100: TTR 100 s -> (500 + 100) x 8 = 4800 GPU-s
//   J2 (4 GPUs) fails at 500 (infra.gpu, explicit); no checkpoints: lost 0; TTR 150 s -> 600 GPU-s
//   J3 (2 GPUs) preempted at 300 (unknown, "NCCL timeout"); never trains again -> 0, no TTR
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/cause_rule_dialog.h"
#include "app/ui/pages/causes_page.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

#include <fstream>
#include <limits>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;

const char* const kTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}}
{"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000,"outcome":"failed","cause":"unknown.nccl","symptom":"hang","detail":"NCCL watchdog timeout"}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":1000}
{"type":"checkpoint","job":"J1","attempt":0,"start":500,"durable":500}
{"type":"attempt","job":"J1","attempt":1,"start":1100,"end":2000,"outcome":"completed"}
{"type":"phase","job":"J1","attempt":1,"phase":"train","start":1100,"end":2000}
{"type":"job","job":"J2","gpus":4,"attrs":{"team":"search"}}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":500,"outcome":"failed","cause":"infra.gpu","symptom":"explicit","detail":"XID 48"}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":500}
{"type":"attempt","job":"J2","attempt":1,"start":600,"end":900,"outcome":"completed"}
{"type":"phase","job":"J2","attempt":1,"phase":"train","start":650,"end":900}
{"type":"job","job":"J3","gpus":2,"attrs":{"team":"ads"}}
{"type":"attempt","job":"J3","attempt":0,"start":0,"end":300,"outcome":"preempted","cause":"unknown","detail":"NCCL timeout"}
{"type":"phase","job":"J3","attempt":0,"phase":"train","start":0,"end":300}
)";

// A fresh database per test (the tests save rules in it).
struct Store
{
    QTemporaryDir dir;
    std::string db;

    Store()
    {
        db = dir.filePath(QStringLiteral("causes.db")).toStdString();
        const std::string trace = dir.filePath(QStringLiteral("causes.ett.jsonl")).toStdString();
        std::ofstream(trace, std::ios::binary | std::ios::trunc) << kTrace;
        auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
        EXPECT_TRUE(d.ok()) << d.error().message;
        auto s = core::importTraceFile(**d, trace, core::ImportOptions {});
        EXPECT_TRUE(s.ok()) << s.error().message;
    }
};

core::CauseRules nccl()
{
    auto r = core::parseCauseRules(
        R"({"rules":[{"match":{"cause":"unknown","detail":"NCCL.*timeout"},"set_cause":"user.bad_config"}]})", "test");
    EXPECT_TRUE(r.ok());
    return r.ok() ? *r : core::CauseRules {};
}

class CausesPageTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QObject::connect(&service, &DataService::databaseOpened, &state,
            [this](const LoadStats&, const Vocabulary& v) { state.setVocabulary(v); });
        page = std::make_unique<CausesPage>(&state, &service);
        page->resize(1400, 800);
        page->show();
        waitForTable([this] { service.openDatabase(QString::fromStdString(store.db)); });
    }
    void TearDown() override { page.reset(); }

    void waitForTable(const std::function<void()>& action)
    {
        QSignalSpy shown(page.get(), &CausesPage::causesShown);
        action();
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0 && !page->isBusy(); }, kWaitMs));
    }
    // A rule change from the page, then the table that follows it.
    void waitForChange(const std::function<void()>& action)
    {
        QSignalSpy changed(&service, &DataService::causeRulesChanged);
        QSignalSpy shown(page.get(), &CausesPage::causesShown);
        action();
        ASSERT_TRUE(QTest::qWaitFor([&] { return changed.count() > 0; }, kWaitMs));
        ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() > 0 && !page->isBusy(); }, kWaitMs));
    }
    QString text(const QModelIndex& parent, int row, int column) const
    {
        return page->proxy()->index(row, column, parent).data().toString();
    }

    Store store;
    WorkbenchState state;
    DataService service;
    std::unique_ptr<CausesPage> page;
};

TEST_F(CausesPageTest, ShowsClassesWithTheirCausesAndTheHandDerivedFigures)
{
    const CausesData& d = page->data();
    EXPECT_EQ(d.table.total.count, 3);
    EXPECT_EQ(d.table.total.lostGpuNs, core::Wide { 5400 } * fixtures::kS);
    EXPECT_EQ(d.table.total.meanTtrNs(), 125 * fixtures::kS);
    ASSERT_EQ(page->proxy()->rowCount(), 2);
    // Sorted by interruptions, most first: unknown (2) then infra (1).
    EXPECT_EQ(text({}, 0, CausesPage::CauseColumn), "unknown");
    EXPECT_EQ(text({}, 0, CausesPage::CountColumn), "2");
    EXPECT_EQ(text({}, 0, CausesPage::HangColumn), "1");
    EXPECT_EQ(text({}, 0, CausesPage::NoSymptomColumn), "1");
    EXPECT_EQ(text({}, 1, CausesPage::CauseColumn), "infra");
    EXPECT_EQ(text({}, 1, CausesPage::ShareColumn), "33.3%");
    EXPECT_TRUE(page->proxy()->index(0, 0).data(Qt::FontRole).value<QFont>().bold());
    const QModelIndex unknown = page->proxy()->index(0, 0);
    ASSERT_EQ(page->proxy()->rowCount(unknown), 2);
    // infra's only cause is infra.gpu: shown under it.
    EXPECT_EQ(page->proxy()->rowCount(page->proxy()->index(1, 0)), 1);
    // Sorting by the cause name puts infra first.
    page->tree()->sortByColumn(CausesPage::CauseColumn, Qt::AscendingOrder);
    EXPECT_EQ(text({}, 0, CausesPage::CauseColumn), "infra");
    EXPECT_EQ(page->rulesTable()->rowCount(), 0);
    EXPECT_FALSE(page->canUndoRuleChange());
    EXPECT_TRUE(page->addButton()->isEnabled());
}

TEST_F(CausesPageTest, ARuleSavedFromThePageMovesCausesAndUndoRestoresThem)
{
    waitForChange([this] { page->saveRules(nccl()); });
    const CausesData& d = page->data();
    EXPECT_EQ(d.reclassified, 2);
    EXPECT_EQ(d.table.total.failures, 1);
    EXPECT_EQ(d.table.total.otherInterruptions, 1);
    ASSERT_EQ(page->rulesTable()->rowCount(), 1);
    EXPECT_EQ(page->rulesTable()->item(0, 2)->text(), "user.bad_config");
    EXPECT_EQ(page->rulesTable()->item(0, 3)->text(), "2");
    EXPECT_EQ(page->rulesTable()->item(0, 4)->text(), "2");
    ASSERT_EQ(page->proxy()->rowCount(), 2);
    EXPECT_EQ(text({}, 0, CausesPage::CauseColumn), "user");
    EXPECT_TRUE(page->canUndoRuleChange());

    waitForChange([this] { page->undoRuleChange(); });
    EXPECT_EQ(page->data().reclassified, 0);
    EXPECT_EQ(page->data().table.total.failures, 2);
    EXPECT_EQ(page->rulesTable()->rowCount(), 0);
    EXPECT_FALSE(page->canUndoRuleChange());
}

// Excluded windows (spec 7.4) take time out of the buckets, not out of the interruptions: the
// table stays as it was and its subtitle says so, for a user who sees the overview's lost
// GPU-hours drop.
TEST_F(CausesPageTest, ExcludedWindowsLeaveTheTableAsItIsAndTheSubtitleSaysSo)
{
    const auto* subtitle = page->findChild<ElidedLabel*>(QStringLiteral("causesSubtitle"));
    ASSERT_NE(subtitle, nullptr);
    const QString note = QStringLiteral("lost, excluded windows counted in full");
    EXPECT_TRUE(subtitle->fullText().contains(QStringLiteral("3 interruptions"))) << subtitle->fullText().toStdString();
    EXPECT_FALSE(subtitle->fullText().contains(note));
    core::CohortSpec filter = state.filter();
    filter.excluded = { core::TimeSpan { 0, std::numeric_limits<int64_t>::max() / 2 } };
    waitForTable([&] { state.setFilter(filter); });
    EXPECT_EQ(page->data().table.total.count, 3);
    EXPECT_EQ(page->data().table.total.lostGpuNs, core::Wide { 5400 } * fixtures::kS);
    EXPECT_TRUE(subtitle->fullText().contains(note)) << subtitle->fullText().toStdString();
    waitForTable([&] { state.setFilter(core::CohortSpec {}); });
    EXPECT_FALSE(subtitle->fullText().contains(note));
}

TEST(CauseRuleDialog, RefusesAnInvalidRuleAndSaysWhy)
{
    fixtures::ensureApp();
    CauseRuleDialog dialog(core::CauseRule {});
    dialog.setCauseEdit()->setText(QStringLiteral("infra.x"));
    auto none = dialog.rule();
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("at least one of cause, symptom, detail"), std::string::npos)
        << none.error().message;
    dialog.detailEdit()->setText(QStringLiteral("("));
    EXPECT_FALSE(dialog.rule().ok());
    dialog.detailEdit()->setText(QStringLiteral("NCCL.*timeout"));
    dialog.setCauseEdit()->setText(QStringLiteral("bogus.x"));
    auto bad = dialog.rule();
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message.rfind("set_cause: \"bogus.x\"", 0), 0u) << bad.error().message;
    dialog.setCauseEdit()->setText(QStringLiteral("infra.network.nccl_timeout"));
    dialog.symptomBox()->setCurrentIndex(dialog.symptomBox()->findData(QStringLiteral("hang")));
    auto good = dialog.rule();
    ASSERT_TRUE(good.ok()) << good.error().message;
    EXPECT_EQ(good->symptom.value_or("?"), "hang");
    EXPECT_FALSE(good->cause);
    EXPECT_TRUE(good->matches("unknown", "hang", "NCCL op timeout"));
}

TEST(CausesTab, IsInTheWindowAfterTheOtherPages)
{
    fixtures::ensureApp();
    MainWindow window;
    auto* tabs = window.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->tabText(MainWindow::kCausesPage), "Causes");
    EXPECT_EQ(tabs->widget(MainWindow::kCausesPage), window.causesPage());
}

} // namespace
} // namespace ett::app
