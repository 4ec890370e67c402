// The window in Portuguese: the compiled catalog is found in the resources, a real widget's
// strings come out translated although tr() asks for namespaced contexts ("ett::app::MainWindow")
// that lupdate files without the namespace, counts take Portuguese plurals, figures and dates the
// pt_BR formats, and exports stay locale-free. English (LANG=C) keeps its figures and plurals.
#include "app/ui/dialogs/cause_rule_dialog.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/export/table_export.h"
#include "app/ui/format/backend_text.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/timeline/rolling_strip.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/alerts_panel.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/translations.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractTableModel>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>
#include <gtest/gtest.h>

#include "pages_fixtures.h"
#include "timeline_fixtures.h"

namespace ett::app {
namespace {

constexpr int64_t kS = 1'000'000'000;
constexpr int64_t kJune1Noon = (1'748'736'000 + 12 * 3600) * kS; // 2025-06-01T12:00:00Z

class Portuguese : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                      QLocale(QLocale::Portuguese, QLocale::Brazil)),
            QStringLiteral("pt_BR"))
            << "the pt_BR catalog is not in the resources";
    }
    void TearDown() override { setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c()); }
};

QStringList menuTitles(const MainWindow& window)
{
    QStringList titles;
    for (const QAction* a : window.menuBar()->actions()) {
        titles << a->text();
    }
    return titles;
}

TEST_F(Portuguese, TheMainWindowsMenusAndTitleComeOutInPortuguese)
{
    QStandardPaths::setTestModeEnabled(true);
    ASSERT_STREQ(MainWindow::staticMetaObject.className(), "ett::app::MainWindow")
        << "the context tr() asks for has the namespace";
    MainWindow window;
    const QStringList titles = menuTitles(window);
    EXPECT_TRUE(titles.contains(QStringLiteral("&Arquivo"))) << titles.join(QStringLiteral(", ")).toStdString();
    EXPECT_TRUE(titles.contains(QStringLiteral("Aj&uda"))) << titles.join(QStringLiteral(", ")).toStdString();
    EXPECT_FALSE(titles.contains(QStringLiteral("&File")));
}

TEST_F(Portuguese, TheTranslatorFindsNamespacedAndPlainContexts)
{
    NamespaceTolerantTranslator t;
    ASSERT_TRUE(t.load(QStringLiteral(":/i18n/ett_workbench_pt_BR.qm")));
    const QString plain = t.translate("MainWindow", "&File");
    EXPECT_EQ(plain, QStringLiteral("&Arquivo"));
    EXPECT_EQ(t.translate("ett::app::MainWindow", "&File"), plain);
    EXPECT_TRUE(t.translate("ett::app::MainWindow", "no such message").isEmpty());
}

TEST_F(Portuguese, CountsTakePortuguesePluralsAndSeparators)
{
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 1),
        QStringLiteral("1 interrupção"));
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 1234),
        QStringLiteral("1.234 interrupções"));
    // Zero is plural in Portuguese (Qt's rule for pt_BR would say "0 interrupção").
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 0),
        QStringLiteral("0 interrupções"));
    // "Other" interruptions agree with their count ("1 outras" on the causes page and the cards).
    EXPECT_EQ(interruptionSplitText(1, 0, 1, true), QStringLiteral("1 falha, 0 preempções, 1 outra"));
    EXPECT_EQ(interruptionSplitText(2, 1, 1234, true), QStringLiteral("2 falhas, 1 preempção, 1.234 outras"));
}

TEST_F(Portuguese, FiguresDatesAndBucketsUseThePortugueseForms)
{
    EXPECT_EQ(formatPercent(84.2), QStringLiteral("84,2%"));
    EXPECT_EQ(formatHours(1234.4, QStringLiteral("h")), QStringLiteral("1.234 h"));
    EXPECT_EQ(formatHours(12.34, QStringLiteral("h")), QStringLiteral("12,3 h"));
    EXPECT_EQ(formatHours(0.001, QStringLiteral("h")), QStringLiteral("<0,01 h"));
    EXPECT_EQ(formatCount(1234), QStringLiteral("1.234"));
    EXPECT_EQ(formatPp(-0.4), QStringLiteral("−0,40 pp"));
    EXPECT_EQ(formatDecimal(1234.5, 1), QStringLiteral("1234,5"));
    EXPECT_EQ(formatElapsed(0.00321), QStringLiteral("3,2 ms"));
    EXPECT_EQ(formatElapsed(12.345), QStringLiteral("12,35 s"));
    EXPECT_EQ(formatUtc(kJune1Noon + 999'999'999), QStringLiteral("01/06/2025 12:00:00 UTC"));
    EXPECT_EQ(formatUtcMinutes(kJune1Noon), QStringLiteral("01/06/2025 12:00 UTC"));
    EXPECT_EQ(bucketLabel(core::Bucket::LostProgress), QStringLiteral("progresso perdido"));
    EXPECT_EQ(weightingName(Weighting::Gpu), QStringLiteral("ponderado por GPU"));
}

// One cell whose text the model writes when asked, as the window's models do.
class PercentModel : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex& = {}) const override { return 1; }
    int columnCount(const QModelIndex& = {}) const override { return 1; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        return index.isValid() && role == Qt::DisplayRole ? QVariant(formatPercent(84.2)) : QVariant();
    }
    QVariant headerData(int, Qt::Orientation, int role) const override
    {
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("ETT%")) : QVariant();
    }
};

TEST_F(Portuguese, CsvAndJsonExportsStayLocaleFree)
{
    PercentModel model;
    EXPECT_EQ(model.data(model.index(0, 0), Qt::DisplayRole).toString(), QStringLiteral("84,2%")) << "the window";
    const QByteArray csv = tableToCsv(model);
    EXPECT_TRUE(csv.contains("84.2%")) << csv.toStdString();
    EXPECT_FALSE(csv.contains("84,2")) << csv.toStdString();
    const QByteArray json = tableToJson(model, TableExport {});
    EXPECT_TRUE(json.contains("84.2%")) << json.toStdString();
    EXPECT_EQ(formatPercent(84.2), QStringLiteral("84,2%")) << "the export's scope has ended";
}

TEST(English, KeepsItsFiguresPluralsAndDates)
{
    fixtures::ensureApp();
    setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c());
    EXPECT_EQ(formatPercent(84.2), QStringLiteral("84.2%"));
    EXPECT_EQ(formatHours(1234.4, QStringLiteral("h")), QStringLiteral("1,234 h"));
    EXPECT_EQ(formatUtc(kJune1Noon), QStringLiteral("2025-06-01 12:00:00 UTC"));
    EXPECT_EQ(formatUtcMinutes(kJune1Noon), QStringLiteral("2025-06-01 12:00 UTC"));
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 1),
        QStringLiteral("1 interruption"));
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 1234),
        QStringLiteral("1,234 interruptions"));
    EXPECT_EQ(QCoreApplication::translate("ett::app::CausesPage", "%Ln interruption(s)", nullptr, 0),
        QStringLiteral("0 interruptions"));
    EXPECT_EQ(bucketLabel(core::Bucket::LostProgress), QStringLiteral("lost progress"));
}

// The status bar's backend: the gpu layer's English description, said in the window's language;
// the technical detail in parentheses (the CUDA runtime's error) stays as it is, in the tooltip.
TEST_F(Portuguese, TheBackendIsSaidInPortugueseWithItsDetailAsItIs)
{
    gpu::BackendInfo cpu;
    cpu.kind = gpu::BackendKind::Cpu;
    cpu.name = "CPU (2 threads)";
    cpu.threads = 2;
    cpu.reason = "no usable CUDA driver or device (CUDA driver version is insufficient for CUDA runtime version)";
    EXPECT_EQ(backendNameText(cpu), QStringLiteral("CPU (2 threads)"));
    EXPECT_EQ(backendReasonText(cpu, false), QStringLiteral("nenhum driver ou dispositivo CUDA utilizável"));
    EXPECT_EQ(backendReasonText(cpu, true),
        QStringLiteral("nenhum driver ou dispositivo CUDA utilizável (CUDA driver version is insufficient for CUDA "
                       "runtime version)"));
    cpu.threads = 1;
    EXPECT_EQ(backendNameText(cpu), QStringLiteral("CPU (1 thread)"));
    cpu.reason = "CUDA was ETTW_BACKEND=cuda but is unavailable (no CUDA device found); using the CPU";
    EXPECT_EQ(backendReasonText(cpu, true),
        QStringLiteral("o CUDA foi pedido mas não está disponível; usando a CPU (no CUDA device found)"));
    cpu.reason = "ETTW_BACKEND=cpu"; // a setting: as it is
    EXPECT_EQ(backendReasonText(cpu, false), QStringLiteral("ETTW_BACKEND=cpu"));

    gpu::BackendInfo store;
    store.name = "ClickHouse cluster 'ett'";
    store.reason = "every figure computed in SQL on its shards";
    EXPECT_EQ(backendNameText(store), QStringLiteral("cluster ClickHouse 'ett'"));
    EXPECT_EQ(backendReasonText(store, true), QStringLiteral("todos os números calculados em SQL nos seus shards"));

    gpu::BackendInfo cuda;
    cuda.kind = gpu::BackendKind::Cuda;
    cuda.name = "CUDA: NVIDIA H200 (sm_90, 139 GiB)";
    cuda.reason = "a CUDA device is present";
    EXPECT_EQ(backendNameText(cuda), QStringLiteral("CUDA: NVIDIA H200 (sm_90, 139 GiB)"));
    EXPECT_EQ(backendReasonText(cuda, false), QStringLiteral("há um dispositivo CUDA"));
}

// The built-in grouping by dataset label is named in the window's language wherever the drill-down
// shows it: the first column's header, the level's title and the breadcrumb ("label = before" was
// left in English); an attribute's key is trace data and stays as it is.
TEST_F(Portuguese, TheGroupingByLabelIsNamedInPortuguese)
{
    EXPECT_EQ(groupingName("label"), QStringLiteral("rótulo"));
    EXPECT_EQ(groupingName("team"), QStringLiteral("team"));
    FiguresTableModel model;
    TableData table;
    table.location.groupBy = "label";
    model.setTableData(table);
    EXPECT_EQ(model.headerData(FiguresTableModel::NameColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
        QStringLiteral("rótulo"));
    WorkbenchState state;
    state.openGroup(QStringLiteral("label"), QStringLiteral("before"));
    const auto crumbs = state.breadcrumb();
    ASSERT_EQ(crumbs.size(), 2u);
    EXPECT_EQ(crumbs[1].first, QStringLiteral("rótulo = before"));
}

// An ETT% drop of one value of an attribute within a label: what it is about says "rótulo", the
// attribute and its value as the data has them.
TEST_F(Portuguese, AnAlertOfAnAttributesValueNamesTheLabelInPortuguese)
{
    AlertsPanel panel;
    Alert a;
    a.detector = "ett_drop";
    a.label = "live";
    a.scope = "label live, team ads";
    a.unit = "percent";
    a.value = 40;
    a.threshold = 60;
    panel.addAlerts({ a }, {});
    ASSERT_EQ(panel.rowCount(), 1);
    EXPECT_EQ(panel.view()->topLevelItem(0)->text(AlertsPanel::SubjectColumn), QStringLiteral("rótulo live, team ads"));
}

// The job view's rolling line is named in its labels column on one line, the worst window on a
// second ("ETT%, janela móvel de 1" over "h" over "pior 36,7%" was cut into three).
TEST_F(Portuguese, TheRollingLineIsNamedOnOneLine)
{
    WorkbenchState state;
    TimelineView view(&state, nullptr);
    view.resize(1200, 500);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    state.openJob(7, QStringLiteral("J1"));
    view.showJobTimeline(testing::workedExample());
    const RollingStrip* strip = view.rollingStrip();
    ASSERT_TRUE(strip->isVisible());
    ASSERT_TRUE(strip->worst().has_value());
    EXPECT_TRUE(strip->labelsText().startsWith(QStringLiteral("ETT%"))) << strip->labelsText().toStdString();
    EXPECT_EQ(strip->labelsLines(), 2) << strip->labelsText().toStdString();
}

// The import's progress names its stage in the window's language ("committing" was shown as the
// service says it).
TEST_F(Portuguese, TheImportProgressNamesItsStageInPortuguese)
{
    ImportProgressDialog dialog;
    ImportProgressInfo progress;
    progress.file = "a.ett.jsonl";
    progress.stage = "committing";
    dialog.setProgress(progress);
    QStringList texts;
    for (const QLabel* label : dialog.findChildren<QLabel*>()) {
        texts << label->text();
    }
    EXPECT_TRUE(texts.contains(QStringLiteral("gravando"))) << texts.join(QStringLiteral(" | ")).toStdString();
    EXPECT_FALSE(texts.contains(QStringLiteral("committing")));
}

// A cause rule's symptoms are offered by name in Portuguese, "(any)" and "(none)" too (tr() of a
// variable was never extracted); the rule keeps the codes.
TEST_F(Portuguese, ACauseRuleOffersTheSymptomsInPortuguese)
{
    CauseRuleDialog dialog(core::CauseRule {});
    QStringList items;
    for (int i = 0; i < dialog.symptomBox()->count(); ++i) {
        items << dialog.symptomBox()->itemText(i);
    }
    EXPECT_EQ(items,
        QStringList({ QStringLiteral("(qualquer)"), QStringLiteral("explícito"), QStringLiteral("travamento"),
            QStringLiteral("degradação"), QStringLiteral("numérico"), QStringLiteral("(nenhum)") }));
    EXPECT_EQ(dialog.symptomBox()->itemData(2).toString(), QStringLiteral("hang"));
}

// An attempt's symptom in the Details dock is named in Portuguese, as the Causes page's columns name
// it ("sintoma explicit" before).
TEST_F(Portuguese, TheDetailsNameAnAttemptsSymptomInPortuguese)
{
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(420, 900);
    panel.show();
    state.openJob(4, QStringLiteral("J1"));
    panel.setJobTimeline(4, fixtures::workedExampleTimeline());
    state.openAttempt(0);
    const QString figures = panel.figuresText();
    EXPECT_TRUE(figures.contains(QStringLiteral("infra.gpu, sintoma explícito"))) << figures.toStdString();
}

// In a dock as narrow as a laptop's, the longer Portuguese labels leave the values less room: a
// value that wraps onto a third line shows all three ("infra.gpu, sintoma" lost "explícito" until
// the dock was resized).
TEST_F(Portuguese, TheDetailsOfAnAttemptShowEveryLineOfTheirValuesInANarrowDock)
{
    WorkbenchState state;
    DetailsPanel panel(&state, nullptr);
    panel.resize(262, 600);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    state.openJob(4, QStringLiteral("J1"));
    panel.setJobTimeline(4, fixtures::workedExampleTimeline());
    QTest::qWait(50); // the job's figures laid out, then the attempt's replace them
    state.openAttempt(0);
    QTest::qWait(50);
    int checked = 0;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if (label->wordWrap() && label->isVisible()) {
            ++checked;
            EXPECT_GE(label->height(), label->heightForWidth(label->width())) << label->text().toStdString();
        }
    }
    EXPECT_GT(checked, 5);
    // Its phases: each one's name and duration in sight, the start after them.
    constexpr int kDurationColumn = 2; // the phase model's columns: attempt, start, duration, phase, ...
    constexpr int kPhaseColumn = 3;
    const QTableView* phases = nullptr;
    for (const QTableView* view : panel.findChildren<QTableView*>()) {
        phases = view->model() == panel.phaseModel() ? view : phases;
    }
    ASSERT_NE(phases, nullptr);
    EXPECT_EQ(phases->columnViewportPosition(kPhaseColumn), 0);
    EXPECT_LE(phases->columnViewportPosition(kDurationColumn) + phases->columnWidth(kDurationColumn),
        phases->viewport()->width());
}

} // namespace
} // namespace ett::app
