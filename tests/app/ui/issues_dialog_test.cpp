// View > Import issues: the dialog lists the open database's import issues with their severity and
// meaning from the registry of issue kinds, searchable and sortable; the model is checked with
// QAbstractItemModelTester.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/issues_dialog.h"
#include "core/ingest/issue_kinds.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include <fstream>

#include "pages_fixtures.h"
#include "store_fixtures.h"

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;

core::IssueInfo issue(const std::string& kind, int64_t count, const std::string& example = {})
{
    core::IssueInfo i;
    i.label = "default";
    i.sourcePath = "/data/run.ett.jsonl";
    i.kind = kind;
    i.count = count;
    i.firstLine = 3;
    i.example = example;
    return i;
}

TEST(IssuesTableModel, ShowsSeverityAndDescriptionFromTheRegistry)
{
    fixtures::ensureApp();
    IssuesTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setIssues({ issue("phase_clipped", 4, "job a: clipped"), issue("no_header", 1),
        issue("written_by_a_future_version", 2) });
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.totalCount(), 7);
    auto cell
        = [&](int row, int column, int role = Qt::DisplayRole) { return model.data(model.index(row, column), role); };
    EXPECT_EQ(cell(0, IssuesTableModel::SeverityColumn).toString(), "data loss");
    EXPECT_EQ(cell(1, IssuesTableModel::SeverityColumn).toString(), "info");
    EXPECT_EQ(cell(0, IssuesTableModel::FileColumn).toString(), "run.ett.jsonl");
    EXPECT_EQ(cell(0, IssuesTableModel::FileColumn, Qt::ToolTipRole).toString(), "/data/run.ett.jsonl");
    EXPECT_EQ(cell(0, IssuesTableModel::KindColumn, Qt::ToolTipRole).toString().toStdString(),
        std::string(core::issueKindInfo(core::IssueKind::PhaseClipped).description));
    // A kind this version does not know: no severity, and a tooltip that says so.
    EXPECT_TRUE(cell(2, IssuesTableModel::SeverityColumn).toString().isEmpty());
    EXPECT_TRUE(cell(2, IssuesTableModel::KindColumn, Qt::ToolTipRole).toString().contains("does not know"));
    EXPECT_EQ(cell(0, IssuesTableModel::CountColumn, Qt::UserRole).toLongLong(), 4);
}

TEST(IssuesDialog, ListsTheImportIssuesOfTheOpenDatabase)
{
    fixtures::ensureApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string db = dir.filePath("store.db").toStdString();
    const QString trace = dir.filePath("clipped.ett.jsonl");
    std::ofstream(trace.toStdString())
        << "{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n"
           "{\"type\":\"job\",\"job\":\"c1\",\"gpus\":8}\n"
           "{\"type\":\"attempt\",\"job\":\"c1\",\"attempt\":0,\"start\":1000,"
           "\"end\":2000,\"outcome\":\"completed\"}\n"
           "{\"type\":\"phase\",\"job\":\"c1\",\"attempt\":0,\"phase\":\"train\","
           "\"start\":900,\"end\":1500}\n";
    fixtures::importWithCore(db, trace, "clipped");
    DataService service;
    bool opened = false;
    QObject::connect(&service, &DataService::databaseOpened, [&] { opened = true; });
    service.openDatabase(QString::fromStdString(db));
    ASSERT_TRUE(QTest::qWaitFor([&] { return opened; }, kWaitMs));

    IssuesDialog dialog(&service);
    bool shown = false;
    QObject::connect(&dialog, &IssuesDialog::issuesShown, [&] { shown = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown; }, kWaitMs));
    ASSERT_GE(dialog.model()->rowCount(), 1);
    bool clipped = false;
    for (const auto& i : dialog.model()->issues()) {
        clipped = clipped || (i.kind == "phase_clipped" && i.label == "clipped" && i.count == 1);
    }
    EXPECT_TRUE(clipped);
    EXPECT_TRUE(dialog.status()->text().contains("issue")) << dialog.status()->text().toStdString();
    // The search narrows the rows and says how many are shown.
    dialog.search()->setText(QStringLiteral("no-such-text"));
    EXPECT_EQ(dialog.proxy()->rowCount(), 0);
    EXPECT_TRUE(dialog.status()->text().contains("0 shown")) << dialog.status()->text().toStdString();
    dialog.search()->setText(QStringLiteral("CLIPPED"));
    EXPECT_GE(dialog.proxy()->rowCount(), 1);

    // With ETT_UI_SCREENSHOTS naming a folder, the dialog as a user sees it.
    if (const QString out = qEnvironmentVariable("ETT_UI_SCREENSHOTS"); !out.isEmpty()) {
        dialog.search()->clear();
        dialog.show();
        QTest::qWait(50);
        EXPECT_TRUE(dialog.grab().save(out + QStringLiteral("/issues-dialog.png")));
    }
}

} // namespace
} // namespace ett::app
