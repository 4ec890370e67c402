// Tests of the import dialog's options (the options of `ettw import` in the window): what it
// returns, what it remembers, the fields a format does not read, and OK refusing options that
// ettw would refuse, with the message in the dialog. Offscreen; each test keeps its settings in a
// folder of its own.
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/window/import_options.h"
#include "core/ingest/mapping.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

using fixtures::ensureApp;

class ImportDialogTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ensureApp();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ett-tests"));
        ASSERT_TRUE(m_dir.isValid());
        // Settings of this test alone: ctest runs tests of this file side by side in other processes.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        // Run in one process (ui_tests without ctest), Qt may still serve an earlier test's file:
        // start from nothing remembered either way.
        QSettings settings;
        settings.remove(QStringLiteral("import"));
        settings.sync();
    }
    void TearDown() override
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
            QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation));
    }

    QString write(const QString& name, const std::string& text)
    {
        const QString path = m_dir.filePath(name);
        std::ofstream(path.toStdString(), std::ios::binary) << text;
        return path;
    }

    static QLineEdit* edit(ImportDialog& d, const char* name) { return d.findChild<QLineEdit*>(QLatin1String(name)); }
    static void setFormat(ImportDialog& d, const char* format)
    {
        auto* combo = d.findChild<QComboBox*>(QStringLiteral("format"));
        ASSERT_NE(combo, nullptr);
        const int i = combo->findData(QLatin1String(format));
        ASSERT_GE(i, 0) << format;
        combo->setCurrentIndex(i);
    }

    QTemporaryDir m_dir;
};

TEST_F(ImportDialogTest, DefaultsAreTheCliDefaultsWithTheOptionsCollapsed)
{
    ImportDialog d({ QStringLiteral("/data/run.log") }, {});
    EXPECT_FALSE(d.optionsShown());
    EXPECT_EQ(d.label(), QStringLiteral("default"));
    d.accept();
    ASSERT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
    const core::ReaderOptions& r = d.choices().reader;
    const core::ReaderOptions cli; // what `ettw import` uses without options
    EXPECT_EQ(r.format, cli.format);
    EXPECT_EQ(r.mappingPath, cli.mappingPath);
    EXPECT_EQ(r.job, cli.job);
    EXPECT_EQ(r.attempt, cli.attempt);
    EXPECT_EQ(r.rank, cli.rank);
    EXPECT_EQ(r.timezone, cli.timezone);
    EXPECT_EQ(r.year, cli.year);
    EXPECT_FALSE(d.choices().update) << "files that changed are replaced only when asked (ettw import --update)";
}

// The choice to replace the files that changed since their import is returned, and never
// remembered: the next dialog starts without it.
TEST_F(ImportDialogTest, ReplacingChangedFilesIsAskedEachTime)
{
    {
        ImportDialog d({ QStringLiteral("/data/run.ett.jsonl") }, {});
        auto* update = d.findChild<QCheckBox*>(QStringLiteral("update"));
        ASSERT_NE(update, nullptr);
        EXPECT_FALSE(update->isChecked());
        EXPECT_TRUE(update->isVisible() || !d.isVisible()) << "outside the collapsed options";
        update->setChecked(true);
        d.accept();
        ASSERT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
        EXPECT_TRUE(d.choices().update);
    }
    ImportDialog next({ QStringLiteral("/data/run.ett.jsonl") }, {});
    EXPECT_FALSE(next.findChild<QCheckBox*>(QStringLiteral("update"))->isChecked());
}

// Reading unchanged files again (ettw import --read-again) replaces changed ones too: the first box
// is ticked and held while the second is, and neither is remembered.
TEST_F(ImportDialogTest, ReadingAgainImpliesReplacingAndIsAskedEachTime)
{
    {
        ImportDialog d({ QStringLiteral("/data/run.log") }, {});
        auto* update = d.findChild<QCheckBox*>(QStringLiteral("update"));
        auto* again = d.findChild<QCheckBox*>(QStringLiteral("readAgain"));
        ASSERT_TRUE(update && again);
        EXPECT_FALSE(again->isChecked());
        again->setChecked(true);
        EXPECT_TRUE(update->isChecked());
        EXPECT_FALSE(update->isEnabled());
        d.accept();
        ASSERT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
        EXPECT_TRUE(d.choices().update);
        EXPECT_TRUE(d.choices().readAgain);
        again->setChecked(false);
        EXPECT_TRUE(update->isEnabled());
    }
    ImportDialog next({ QStringLiteral("/data/run.log") }, {});
    EXPECT_FALSE(next.findChild<QCheckBox*>(QStringLiteral("readAgain"))->isChecked());
    next.accept();
    EXPECT_FALSE(next.choices().readAgain);
}

TEST_F(ImportDialogTest, ReturnsTheChosenOptionsAndRemembersAllButJobAttemptRank)
{
    auto preset = core::Mapping::presetText("log-torchtitan");
    ASSERT_TRUE(preset.ok()) << preset.error().message;
    const QString mapping = write(QStringLiteral("my-rules.json"), *preset);
    {
        ImportDialog d({ QStringLiteral("/data/run.log") }, { QStringLiteral("after"), QStringLiteral("before") });
        d.findChild<QComboBox*>(QStringLiteral("label"))->setCurrentText(QStringLiteral(" after "));
        setFormat(d, "log");
        edit(d, "mapping")->setText(mapping);
        edit(d, "job")->setText(QStringLiteral("nightly-7"));
        edit(d, "attempt")->setText(QStringLiteral("2"));
        edit(d, "rank")->setText(QStringLiteral("3"));
        edit(d, "timezone")->setText(QStringLiteral("+02:00"));
        edit(d, "year")->setText(QStringLiteral("2024"));
        d.accept();
        ASSERT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
        const ImportChoices& c = d.choices();
        EXPECT_EQ(c.label, QStringLiteral("after"));
        EXPECT_EQ(c.reader.format, core::TraceFormat::Log);
        EXPECT_EQ(c.reader.mappingPath, mapping.toStdString());
        EXPECT_EQ(c.reader.job, std::optional<std::string>("nightly-7"));
        EXPECT_EQ(c.reader.attempt, std::optional<int32_t>(2));
        EXPECT_EQ(c.reader.rank, std::optional<int32_t>(3));
        EXPECT_EQ(c.reader.timezone, "+02:00");
        EXPECT_EQ(c.reader.year, std::optional<int>(2024));
    }
    // The next dialog starts from them, open (they are not the defaults), without the per-file ones.
    ImportDialog next({ QStringLiteral("/data/other.log") }, {});
    EXPECT_TRUE(next.optionsShown());
    EXPECT_EQ(edit(next, "mapping")->text(), mapping);
    EXPECT_EQ(edit(next, "timezone")->text(), QStringLiteral("+02:00"));
    EXPECT_EQ(edit(next, "year")->text(), QStringLiteral("2024"));
    EXPECT_TRUE(edit(next, "job")->text().isEmpty());
    EXPECT_TRUE(edit(next, "attempt")->text().isEmpty());
    EXPECT_TRUE(edit(next, "rank")->text().isEmpty());
    EXPECT_EQ(next.choices().reader.format, core::TraceFormat::Log);
    EXPECT_EQ(rememberedImportOptions().year, std::optional<int>(2024));
}

TEST_F(ImportDialogTest, FieldsTheFormatDoesNotReadAreDisabledAndLeftOut)
{
    ImportDialog d({ QStringLiteral("/data/trace.json") }, {});
    setFormat(d, "chrome");
    edit(d, "year")->setText(QStringLiteral("1800")); // out of range, but chrome reads no year
    edit(d, "timezone")->setText(QStringLiteral("CEST"));
    edit(d, "rank")->setText(QStringLiteral("5"));
    EXPECT_FALSE(edit(d, "year")->isEnabled());
    EXPECT_FALSE(edit(d, "timezone")->isEnabled());
    EXPECT_TRUE(edit(d, "rank")->isEnabled());
    EXPECT_TRUE(edit(d, "year")->toolTip().contains(QStringLiteral("log"))) << edit(d, "year")->toolTip().toStdString();
    EXPECT_FALSE(edit(d, "year")->toolTip().contains(QStringLiteral("chrome")));
    d.accept();
    ASSERT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
    EXPECT_FALSE(d.choices().reader.year.has_value());
    EXPECT_EQ(d.choices().reader.timezone, "UTC");
    EXPECT_EQ(d.choices().reader.rank, std::optional<int32_t>(5));

    ImportDialog native({ QStringLiteral("/data/a.ett.jsonl") }, {});
    setFormat(native, "ett");
    for (const char* name : { "mapping", "job", "attempt", "rank", "timezone", "year" }) {
        EXPECT_FALSE(edit(native, name)->isEnabled()) << name;
    }
    setFormat(native, "auto"); // the format is not known yet: every field may apply
    for (const char* name : { "mapping", "job", "attempt", "rank", "timezone", "year" }) {
        EXPECT_TRUE(edit(native, name)->isEnabled()) << name;
    }
}

TEST_F(ImportDialogTest, BadTimezoneOrYearKeepsTheDialogOpenWithTheMessage)
{
    ImportDialog d({ QStringLiteral("/data/run.log") }, {});
    d.show();
    edit(d, "timezone")->setText(QStringLiteral("CEST"));
    d.accept();
    EXPECT_TRUE(d.isVisible());
    EXPECT_NE(d.result(), QDialog::Accepted);
    EXPECT_TRUE(d.optionsShown()) << "the field in question is shown";
    // The same words as the CLI's --timezone check (core::checkReaderOptions).
    EXPECT_TRUE(d.problem().startsWith(QStringLiteral("Timezone: expected \"UTC\" or an offset like \"+02:00\"")))
        << d.problem().toStdString();
    EXPECT_TRUE(d.problem().contains(QStringLiteral("CEST")));
    EXPECT_TRUE(rememberedImportOptions().timezone == "UTC") << "nothing remembered from a refused dialog";

    edit(d, "timezone")->setText(QStringLiteral("-05:30"));
    edit(d, "year")->setText(QStringLiteral("1969"));
    d.accept();
    EXPECT_TRUE(d.isVisible());
    EXPECT_EQ(d.problem(), QStringLiteral("Year: expected a year from 1970 to 2262, got 1969"));

    edit(d, "year")->setText(QStringLiteral("2025"));
    d.accept();
    EXPECT_FALSE(d.isVisible());
    EXPECT_EQ(d.result(), QDialog::Accepted);
    EXPECT_TRUE(d.problem().isEmpty());
    EXPECT_EQ(d.choices().reader.timezone, "-05:30");
    EXPECT_EQ(d.choices().reader.year, std::optional<int>(2025));
}

TEST_F(ImportDialogTest, UnreadableOrBadMappingKeepsTheDialogOpenWithTheParsersMessage)
{
    ImportDialog d({ QStringLiteral("/data/run.log") }, {});
    d.show();
    const QString missing = m_dir.filePath(QStringLiteral("no-such-rules.json"));
    edit(d, "mapping")->setText(missing);
    d.accept();
    EXPECT_TRUE(d.isVisible());
    EXPECT_TRUE(d.problem().startsWith(missing + QStringLiteral(": cannot open the mapping file")))
        << d.problem().toStdString();

    // A rule with two patterns: the parser names the file and the rule.
    const QString bad = write(QStringLiteral("bad-rules.json"),
        R"({"format": "log", "phases": [{"exact": "a", "glob": "b*", "phase": "train"}]})");
    edit(d, "mapping")->setText(bad);
    d.accept();
    EXPECT_TRUE(d.isVisible());
    EXPECT_EQ(d.problem(), bad + QStringLiteral(": phases[0]: expected exactly one of \"exact\", \"glob\", \"regex\""));

    // Rules for another format than the one chosen.
    const QString chromeRules = write(
        QStringLiteral("chrome-rules.json"), R"({"format": "chrome", "phases": [{"exact": "a", "phase": "train"}]})");
    edit(d, "mapping")->setText(chromeRules);
    setFormat(d, "log");
    d.accept();
    EXPECT_TRUE(d.isVisible());
    EXPECT_TRUE(d.problem().contains(QStringLiteral("these rules are for format \"chrome\", not for \"log\"")))
        << d.problem().toStdString();
    setFormat(d, "chrome");
    d.accept();
    EXPECT_EQ(d.result(), QDialog::Accepted) << d.problem().toStdString();
    EXPECT_EQ(d.choices().reader.mappingPath, chromeRules.toStdString());
}

// PNGs of the dialog for people to look at (not a check of pixels), like PagesScreenshots: only
// when ETT_UI_SCREENSHOTS names a folder.
TEST_F(ImportDialogTest, Screenshots)
{
    const QString out = qEnvironmentVariable("ETT_UI_SCREENSHOTS");
    if (out.isEmpty()) {
        GTEST_SKIP() << "set ETT_UI_SCREENSHOTS to a folder to render the dialog";
    }
    QDir().mkpath(out);
    const QStringList files = { QStringLiteral("/data/run-17.log"), QStringLiteral("/data/run-18.log") };
    ImportDialog collapsed(files, { QStringLiteral("after"), QStringLiteral("before") });
    collapsed.show();
    QCoreApplication::processEvents();
    ASSERT_TRUE(collapsed.grab().save(QDir(out).filePath(QStringLiteral("import-dialog.png"))));

    ImportDialog open(files, { QStringLiteral("after"), QStringLiteral("before") });
    open.show();
    setFormat(open, "log");
    edit(open, "timezone")->setText(QStringLiteral("CEST"));
    edit(open, "year")->setText(QStringLiteral("2024"));
    open.accept(); // refused: the message shows under the fields
    QCoreApplication::processEvents();
    ASSERT_TRUE(open.grab().save(QDir(out).filePath(QStringLiteral("import-dialog-options.png"))));

    ImportDialog chrome(files, {});
    chrome.setOptionsShown(true);
    chrome.show();
    setFormat(chrome, "chrome");
    QCoreApplication::processEvents();
    ASSERT_TRUE(chrome.grab().save(QDir(out).filePath(QStringLiteral("import-dialog-chrome.png"))));
}

TEST(ImportOptionHint, NamesTheDialogsField)
{
    ensureApp();
    EXPECT_TRUE(importOptionHint("").isEmpty());
    EXPECT_EQ(importOptionHint("year"),
        QStringLiteral("Set Year under Options in the import dialog (File > Import traces...) and import the file "
                       "again."));
    EXPECT_TRUE(importOptionHint("mapping").startsWith(QStringLiteral("Set Mapping file ")));
    EXPECT_EQ(formatsReadingOption("year"), QStringLiteral("log"));
    EXPECT_EQ(formatsReadingOption("job"),
        QStringLiteral("chrome, nsys, mlperf, log, table, nvrx, elastic, torchtitan, onelogger"));
    EXPECT_EQ(formatsReadingOption("gpus_per_node"), QStringLiteral("nvrx, elastic"));
}

} // namespace
} // namespace ett::app
