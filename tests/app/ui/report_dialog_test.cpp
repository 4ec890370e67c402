// Tests of File > Export report: the dialog gathers the figures on the data
// service's worker, previews the pages, saves the same PDF `ettw report` writes, includes the
// comparison only when asked, and reports errors instead of saving.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/report_dialog.h"
#include "app/ui/window/translations.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/importer.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

namespace ett::app {
namespace {

constexpr int kWaitMs = 60'000;

void ensureApp()
{
    if (QCoreApplication::instance() == nullptr) {
        static int argc = 1;
        static char name[] = "ui_tests";
        static char* argv[] = { name, nullptr };
        auto* app = new QApplication(argc, argv);
        // English, as under LANG=C: the plural forms and figures the tests expect.
        setUpLanguage(*app, QStringLiteral("en"), QLocale::c());
    }
}

class ReportDialogTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ensureApp();
        ASSERT_TRUE(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("fleet.db")).toStdString();
        auto db = core::Database::open(m_db, core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        for (const char* label : { "before", "after" }) {
            core::ImportOptions o;
            o.label = label;
            auto r = core::importTraceFile(**db, ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz", o);
            ASSERT_TRUE(r.ok()) << r.error().message;
        }
        m_service = std::make_unique<DataService>();
        bool opened = false;
        QObject::connect(m_service.get(), &DataService::databaseOpened, [&] { opened = true; });
        m_service->openDatabase(QString::fromStdString(m_db));
        ASSERT_TRUE(QTest::qWaitFor([&] { return opened; }, kWaitMs));
    }

    std::unique_ptr<ReportDialog> dialog(
        std::optional<std::pair<core::CohortSpec, core::CohortSpec>> cohorts, bool compare)
    {
        auto d = std::make_unique<ReportDialog>(m_service.get(), &m_state, std::move(cohorts), compare);
        d->resize(900, 700);
        d->show();
        EXPECT_TRUE(QTest::qWaitFor([&] { return d->hasContent() && d->pageCount() > 0; }, kWaitMs));
        return d;
    }

    QTemporaryDir m_dir;
    std::string m_db;
    WorkbenchState m_state;
    std::unique_ptr<DataService> m_service;
};

TEST_F(ReportDialogTest, PreviewsAndSavesTheReportOfTheFilter)
{
    auto d = dialog(std::nullopt, false);
    EXPECT_GE(d->pageCount(), 4);
    if (const QByteArray dir = qgetenv("ETT_UI_SCREENSHOTS"); !dir.isEmpty()) {
        d->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/report-dialog.png"));
    }
    EXPECT_TRUE(d->saveButton()->isEnabled());
    // A label's "&" is a mnemonic only with a buddy; without one it showed as "&Page".
    for (const QLabel* label : d->findChildren<QLabel*>()) {
        const QString text = label->text();
        if (text.contains(QLatin1Char('&')) && !text.contains(QStringLiteral("&&"))) {
            EXPECT_NE(label->buddy(), nullptr) << text.toStdString() << " shows its '&'";
        }
    }
    EXPECT_FALSE(d->content().comparison.has_value());
    EXPECT_EQ(d->content().overview.fleet.jobs, 400) << "both labels: the filter is empty";
    const QString path = m_dir.filePath(QStringLiteral("r.pdf"));
    QString error;
    ASSERT_TRUE(d->saveTo(path, &error)) << error.toStdString();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.read(5), QByteArray("%PDF-"));
    // A path that cannot be written is named, and nothing is created.
    const QString bad = m_dir.filePath(QStringLiteral("missing/r.pdf"));
    EXPECT_FALSE(d->saveTo(bad, &error));
    EXPECT_TRUE(error.contains(bad)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(bad));
}

TEST_F(ReportDialogTest, TheComparisonComesFromTheComparePagesCohortsWhenAsked)
{
    core::CohortSpec a;
    a.labels = { "before" };
    core::CohortSpec b;
    b.labels = { "after" };
    core::CohortSpec filter;
    filter.labels = { "before" };
    m_state.setFilter(filter);
    auto d = dialog(std::make_pair(a, b), true);
    ASSERT_TRUE(d->content().comparison.has_value());
    EXPECT_EQ(d->content().comparison->jobsA, 200);
    EXPECT_EQ(d->content().comparison->jobsB, 200);
    EXPECT_EQ(d->content().overview.fleet.jobs, 200) << "the scope is the filter bar's";
    const int withComparison = d->pageCount();
    auto plain = dialog(std::make_pair(a, b), false);
    EXPECT_FALSE(plain->content().comparison.has_value());
    EXPECT_GT(withComparison, plain->pageCount());
}

// In Portuguese the paper sizes and the page count are said in Portuguese (US Letter is "Carta").
TEST_F(ReportDialogTest, SaysThePaperAndThePagesInPortuguese)
{
    struct English
    {
        ~English() { setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c()); }
    } restore; // for the tests after this one, whatever happens here
    ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                  QLocale(QLocale::Portuguese, QLocale::Brazil)),
        QStringLiteral("pt_BR"));
    auto d = dialog(std::nullopt, false);
    QString letter;
    for (const QComboBox* box : d->findChildren<QComboBox*>()) {
        if (const int i = box->findData(QStringLiteral("letter")); i >= 0) {
            letter = box->itemText(i);
        }
    }
    EXPECT_EQ(letter, QStringLiteral("Carta"));
    QStringList texts;
    for (const QLabel* label : d->findChildren<QLabel*>()) {
        texts << label->text();
    }
    const QString pages = QStringLiteral("%1 páginas, A4").arg(d->pageCount());
    EXPECT_TRUE(texts.contains(pages)) << texts.join(QStringLiteral(" | ")).toStdString();
}

} // namespace
} // namespace ett::app
