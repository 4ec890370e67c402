// Tests of the filter bar: it fills its menus from the vocabulary, edits the
// state (labels, attribute chips, time range, GPU range, count queue, weighting, group-by, clear)
// and shows changes made elsewhere.
#include "app/ui/dialogs/excluded_windows_dialog.h"
#include "app/ui/widgets/filter_bar.h"
#include "app/ui/window/workbench_state.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>
#include <gtest/gtest.h>

#include <limits>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

constexpr int64_t kDay = 86'400 * fixtures::kS;
constexpr int64_t kJune1 = 1'748'736'000 * fixtures::kS; // 2025-06-01T00:00:00Z

// The values of an attribute term, as the filter bar shows them (empty: no term).
QStringList attrValuesOf(const core::CohortSpec& f, const char* key)
{
    const auto* values = f.attrValues(key);
    return values ? qsList(*values) : QStringList();
}

QStringList attrKeysOf(const core::CohortSpec& f)
{
    QStringList keys;
    for (const auto& term : f.attrs) {
        keys << qs(term.first);
    }
    return keys;
}

Vocabulary vocabulary()
{
    Vocabulary v;
    v.labels = { "before", "after" };
    v.attrKeys = { "cluster", "model", "team" };
    v.attrValues["cluster"] = { "east", "west" };
    v.attrValues["model"] = { "llama-8b", "llama-70b" };
    v.attrValues["team"] = { "nlp", "speech", "vision" };
    v.minGpus = 8;
    v.maxGpus = 16384;
    v.firstNs = kJune1 + 3600 * fixtures::kS;
    v.lastNs = kJune1 + 9 * kDay + 7200 * fixtures::kS;
    v.jobs = 200;
    return v;
}

template <typename T> T* child(QWidget& w, const char* name)
{
    T* c = w.findChild<T*>(QString::fromLatin1(name));
    EXPECT_NE(c, nullptr) << name;
    return c;
}

struct Bar
{
    WorkbenchState state;
    FilterBar bar { &state, nullptr };
    Bar()
    {
        state.setVocabulary(vocabulary());
        bar.resize(1600, 80);
        bar.show();
    }
};

TEST(FilterBar, FillsItsMenusFromTheVocabulary)
{
    fixtures::ensureApp();
    Bar b;
    auto* groupBy = child<QComboBox>(b.bar, "groupBy");
    QStringList items;
    for (int i = 0; i < groupBy->count(); ++i) {
        items << groupBy->itemData(i).toString();
    }
    EXPECT_EQ(items, (QStringList { "", "label", "job", "", "cluster", "model", "team" })); // "" at 3: separator
    auto* labels = child<QToolButton>(b.bar, "labels");
    ASSERT_EQ(labels->menu()->actions().size(), 2);
    EXPECT_TRUE(labels->text().contains("all"));
    auto* key = child<QComboBox>(b.bar, "attrKey");
    EXPECT_EQ(key->count(), 4); // "attribute…" + 3 keys
    auto* maxGpus = child<QSpinBox>(b.bar, "maxGpus");
    EXPECT_EQ(maxGpus->maximum(), 16384);
    EXPECT_EQ(maxGpus->value(), 0); // "any"
    EXPECT_FALSE(child<QPushButton>(b.bar, "clear")->isEnabled());
}

TEST(FilterBar, LabelsAndAttributeChipsEditTheFilter)
{
    fixtures::ensureApp();
    Bar b;
    auto* labels = child<QToolButton>(b.bar, "labels");
    labels->menu()->actions().at(1)->setChecked(true); // "after"
    EXPECT_EQ(qsList(b.state.filter().labels), QStringList { "after" });
    EXPECT_TRUE(labels->text().contains("after"));

    // Pick an attribute, then a value: a chip.
    auto* key = child<QComboBox>(b.bar, "attrKey");
    auto* value = child<QComboBox>(b.bar, "attrValue");
    key->setCurrentIndex(key->findData("team"));
    ASSERT_EQ(value->count(), 4); // prompt + 3 values
    const int vision = value->findData("vision");
    value->setCurrentIndex(vision);
    emit value->activated(vision);
    EXPECT_EQ(attrValuesOf(b.state.filter(), "team"), QStringList { "vision" });
    EXPECT_EQ(value->currentIndex(), 0) << "the value menu returns to its prompt";
    b.bar.addAttributeTerm("team", "nlp");
    b.bar.addAttributeTerm("cluster", "east");
    EXPECT_EQ(attrValuesOf(b.state.filter(), "team"), (QStringList { "vision", "nlp" }));
    QCoreApplication::processEvents();
    auto chips = b.bar.findChildren<QToolButton*>(QStringLiteral("chip"));
    ASSERT_EQ(chips.size(), 3);

    // Clicking a chip removes its term.
    QToolButton* nlp = nullptr;
    for (auto* c : chips) {
        if (c->property("attrValue").toString() == "nlp") {
            nlp = c;
        }
    }
    ASSERT_NE(nlp, nullptr);
    QTest::mouseClick(nlp, Qt::LeftButton);
    EXPECT_EQ(attrValuesOf(b.state.filter(), "team"), QStringList { "vision" });
    b.bar.removeAttributeTerm("team", "vision");
    EXPECT_FALSE((b.state.filter().attrValues("team") != nullptr));
    EXPECT_EQ(attrValuesOf(b.state.filter(), "cluster"), QStringList { "east" });
}

TEST(FilterBar, TimeRangeGpuRangeAndCountQueue)
{
    fixtures::ensureApp();
    Bar b;
    auto* allTime = child<QCheckBox>(b.bar, "allTime");
    auto* from = child<QDateTimeEdit>(b.bar, "from");
    auto* to = child<QDateTimeEdit>(b.bar, "to");
    EXPECT_TRUE(allTime->isChecked());
    EXPECT_FALSE(from->isEnabled());
    // Unchecking "all time" selects the data's whole days (UTC).
    allTime->setChecked(false);
    ASSERT_TRUE(b.state.filter().fromNs.has_value());
    EXPECT_EQ(*b.state.filter().fromNs, kJune1);
    EXPECT_EQ(*b.state.filter().toNs, kJune1 + 10 * kDay);
    EXPECT_TRUE(from->isEnabled());

    // Typed changes apply after a pause (or at once with applyPending).
    from->setDateTime(QDateTime(QDate(2025, 6, 3), QTime(6, 0), QTimeZone::utc()));
    EXPECT_EQ(*b.state.filter().fromNs, kJune1) << "not yet";
    b.bar.applyPending();
    EXPECT_EQ(*b.state.filter().fromNs, kJune1 + 2 * kDay + 6 * 3600 * fixtures::kS);
    // An end before the start is not applied.
    to->setDateTime(QDateTime(QDate(2025, 6, 2), QTime(0, 0), QTimeZone::utc()));
    b.bar.applyPending();
    EXPECT_EQ(*b.state.filter().toNs, kJune1 + 10 * kDay);
    to->setDateTime(QDateTime(QDate(2025, 6, 11), QTime(0, 0), QTimeZone::utc()));

    auto* minGpus = child<QSpinBox>(b.bar, "minGpus");
    auto* maxGpus = child<QSpinBox>(b.bar, "maxGpus");
    minGpus->setValue(64);
    maxGpus->setValue(1024);
    QSignalSpy changed(&b.state, &WorkbenchState::filterChanged);
    EXPECT_TRUE(QTest::qWaitFor([&] { return changed.count() > 0; }, 2000)) << "applied after the pause";
    EXPECT_EQ(b.state.filter().minGpus, 64);
    EXPECT_EQ(b.state.filter().maxGpus, 1024);
    maxGpus->setValue(0);
    b.bar.applyPending();
    EXPECT_EQ(b.state.filter().maxGpus, std::numeric_limits<int64_t>::max()) << "0 means any";

    child<QCheckBox>(b.bar, "countQueue")->setChecked(true);
    EXPECT_TRUE(b.state.filter().countQueue);
    allTime->setChecked(true);
    EXPECT_FALSE(b.state.filter().fromNs.has_value());
    EXPECT_FALSE(b.state.filter().toNs.has_value());
}

TEST(FilterBar, WeightingAndGroupBy)
{
    fixtures::ensureApp();
    Bar b;
    auto* gpu = child<QToolButton>(b.bar, "gpuWeighted");
    auto* time = child<QToolButton>(b.bar, "timeWeighted");
    EXPECT_TRUE(gpu->isChecked());
    QTest::mouseClick(time, Qt::LeftButton);
    EXPECT_EQ(b.state.weighting(), Weighting::Time);
    EXPECT_TRUE(time->isChecked());
    b.state.setWeighting(Weighting::Gpu); // from elsewhere
    EXPECT_TRUE(gpu->isChecked());

    b.state.openJob(3, "job-3");
    auto* groupBy = child<QComboBox>(b.bar, "groupBy");
    const int team = groupBy->findData("team");
    groupBy->setCurrentIndex(team);
    emit groupBy->activated(team);
    EXPECT_EQ(b.state.location().level, Level::Fleet);
    EXPECT_EQ(b.state.location().groupBy, "team");
    b.state.goBack(); // the job again, without a group-by
    EXPECT_EQ(groupBy->currentData().toString(), "");
}

TEST(FilterBar, ShowsChangesMadeElsewhereAndClears)
{
    fixtures::ensureApp();
    Bar b;
    core::CohortSpec f;
    f.fromNs = kJune1 + 4 * kDay;
    f.toNs = kJune1 + 5 * kDay; // a day clicked in the overview
    f.setAttr("model", { "llama-70b" });
    f.labels = { "before" };
    b.state.setFilter(f);
    QCoreApplication::processEvents();
    EXPECT_FALSE(child<QCheckBox>(b.bar, "allTime")->isChecked());
    EXPECT_EQ(child<QDateTimeEdit>(b.bar, "from")->dateTime().toMSecsSinceEpoch() * 1'000'000, *f.fromNs);
    EXPECT_EQ(child<QDateTimeEdit>(b.bar, "to")->dateTime().toMSecsSinceEpoch() * 1'000'000, *f.toNs);
    EXPECT_EQ(b.bar.findChildren<QToolButton*>(QStringLiteral("chip")).size(), 1);
    EXPECT_TRUE(child<QToolButton>(b.bar, "labels")->text().contains("before"));
    auto* clear = child<QPushButton>(b.bar, "clear");
    EXPECT_TRUE(clear->isEnabled());
    QTest::mouseClick(clear, Qt::LeftButton);
    EXPECT_EQ(b.state.filter(), core::CohortSpec {});
    QCoreApplication::processEvents();
    EXPECT_TRUE(child<QCheckBox>(b.bar, "allTime")->isChecked());
    EXPECT_TRUE(b.bar.findChildren<QToolButton*>(QStringLiteral("chip")).isEmpty());
    EXPECT_FALSE(clear->isEnabled());
}

// Spec 7.4: the excluded windows are a setting of the scope: the bar shows them, keeps them through
// other edits, and its ✕ counts them again.
TEST(FilterBar, ShowsExcludedWindowsKeepsThemThroughEditsAndClearsThem)
{
    fixtures::ensureApp();
    Bar b;
    auto* exclude = child<QToolButton>(b.bar, "excludeWindows");
    auto* clearExcluded = child<QToolButton>(b.bar, "clearExcluded");
    EXPECT_EQ(exclude->text(), QStringLiteral("Exclude…"));
    EXPECT_FALSE(clearExcluded->isVisible());
    core::CohortSpec f;
    f.excluded = { { kJune1, kJune1 + 3600 * fixtures::kS }, { kJune1 + kDay, kJune1 + kDay + 60 * fixtures::kS } };
    b.state.setFilter(f);
    QCoreApplication::processEvents();
    EXPECT_EQ(exclude->text(), QStringLiteral("Excluding 2 windows"));
    EXPECT_TRUE(exclude->toolTip().contains(QStringLiteral("2025-06-01T00:00:00Z to 2025-06-01T01:00:00Z")));
    EXPECT_TRUE(clearExcluded->isVisible());
    // Another edit (count queue) keeps them.
    QTest::mouseClick(child<QCheckBox>(b.bar, "countQueue"), Qt::LeftButton);
    EXPECT_TRUE(b.state.filter().countQueue);
    EXPECT_EQ(b.state.filter().excluded, f.excluded);
    QTest::mouseClick(clearExcluded, Qt::LeftButton);
    QCoreApplication::processEvents();
    EXPECT_TRUE(b.state.filter().excluded.empty());
    EXPECT_TRUE(b.state.filter().countQueue);
    EXPECT_EQ(exclude->text(), QStringLiteral("Exclude…"));
    EXPECT_FALSE(clearExcluded->isVisible());
}

// The Exclude… button opens the windows' editor on those in force; OK sets what was typed, Cancel
// changes nothing.
TEST(FilterBar, ExcludeEditsTheWindowsInTheirDialog)
{
    fixtures::ensureApp();
    Bar b;
    core::CohortSpec f;
    f.excluded = { { kJune1, kJune1 + 3600 * fixtures::kS } };
    b.state.setFilter(f);
    QCoreApplication::processEvents();
    QString shown;
    const auto answer = [&shown](const QString& text, bool ok) {
        QTimer::singleShot(0, [&shown, text, ok] {
            auto* dialog = qobject_cast<ExcludedWindowsDialog*>(QApplication::activeModalWidget());
            ASSERT_NE(dialog, nullptr);
            shown = dialog->editor()->toPlainText();
            dialog->editor()->setPlainText(text);
            ok ? dialog->accept() : dialog->reject();
        });
    };
    auto* exclude = child<QToolButton>(b.bar, "excludeWindows");
    answer(QStringLiteral("2025-06-02/2025-06-03\n2025-06-01T00:00:00Z/2025-06-01T02:00:00Z"), true);
    QTest::mouseClick(exclude, Qt::LeftButton);
    EXPECT_EQ(shown, QStringLiteral("2025-06-01T00:00:00Z/2025-06-01T01:00:00Z\n"));
    const std::vector<core::TimeSpan> typed
        = { { kJune1, kJune1 + 7200 * fixtures::kS }, { kJune1 + kDay, kJune1 + 2 * kDay } };
    EXPECT_EQ(b.state.filter().excluded, typed);
    EXPECT_EQ(exclude->text(), QStringLiteral("Excluding 2 windows"));
    // Cancel: nothing changes.
    answer(QString(), false);
    QTest::mouseClick(exclude, Qt::LeftButton);
    EXPECT_EQ(b.state.filter().excluded, typed);
    // OK on an empty text counts every window again.
    answer(QString(), true);
    QTest::mouseClick(exclude, Qt::LeftButton);
    EXPECT_TRUE(b.state.filter().excluded.empty());
}

// The editor: how many windows and how long as they are typed, OK refused with the line at fault,
// a file read into the text (a bad one leaves the text and says why).
TEST(ExcludedWindowsDialog, SaysWhatItReadsRefusesABadLineAndReadsFiles)
{
    fixtures::ensureApp();
    ExcludedWindowsDialog dialog({});
    EXPECT_EQ(dialog.summaryText(), QStringLiteral("No window: every instant counts."));
    dialog.editor()->setPlainText(QStringLiteral("# maintenance\n2025-06-01T02:00:00Z/2025-06-01T06:00:00Z\n"
                                                 "1748995200/1749002400\n"));
    EXPECT_EQ(dialog.summaryText(), QStringLiteral("2 windows, 6.0 h of wall time"));
    dialog.editor()->appendPlainText(QStringLiteral("2025-06-05/yesterday"));
    EXPECT_EQ(dialog.summaryText(),
        QStringLiteral("line 5: expected START/END, each an RFC 3339 time, a date or epoch seconds (got "
                       "'2025-06-05/yesterday')"));
    dialog.show();
    dialog.accept();
    EXPECT_TRUE(dialog.isVisible()) << "OK refused while a line does not read";
    EXPECT_EQ(dialog.result(), QDialog::Rejected);

    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("maint.csv"));
    QFile out(csv);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write("start,end,note\n2025-06-01T02:00:00Z,2025-06-01T06:00:00Z,switch upgrade\n");
    out.close();
    ASSERT_TRUE(dialog.readFile(csv));
    EXPECT_EQ(dialog.editor()->toPlainText(), QStringLiteral("2025-06-01T02:00:00Z/2025-06-01T06:00:00Z\n"));
    EXPECT_EQ(dialog.summaryText(), QStringLiteral("1 window, 4.0 h of wall time"));
    EXPECT_FALSE(dialog.readFile(dir.filePath(QStringLiteral("missing.json"))));
    EXPECT_TRUE(dialog.summaryText().startsWith(QStringLiteral("The file was not read: ")));
    EXPECT_TRUE(dialog.summaryText().contains(QStringLiteral("missing.json: cannot open the excluded-windows file")));
    EXPECT_EQ(dialog.editor()->toPlainText(), QStringLiteral("2025-06-01T02:00:00Z/2025-06-01T06:00:00Z\n"));
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

// PNGs of the windows' editor for people to look at (not a check of pixels): only when
// ETT_UI_SCREENSHOTS names a folder.
TEST(ExcludedWindowsDialog, Screenshots)
{
    const QString out = qEnvironmentVariable("ETT_UI_SCREENSHOTS");
    if (out.isEmpty()) {
        GTEST_SKIP() << "set ETT_UI_SCREENSHOTS to a folder to render the dialog";
    }
    fixtures::ensureApp();
    QDir().mkpath(out);
    ExcludedWindowsDialog dialog({ { kJune1, kJune1 + 4 * 3600 * fixtures::kS } });
    dialog.show();
    QCoreApplication::processEvents();
    ASSERT_TRUE(dialog.grab().save(QDir(out).filePath(QStringLiteral("excluded-windows.png"))));
    dialog.editor()->appendPlainText(QStringLiteral("2025-06-09/tomorrow"));
    QCoreApplication::processEvents();
    ASSERT_TRUE(dialog.grab().save(QDir(out).filePath(QStringLiteral("excluded-windows-error.png"))));
}

TEST(WorkbenchState, ANewVocabularyDropsTheNamesItLacksFromTheFilterAndTheGrouping)
{
    // After a label is removed or another database is opened, the filter keeps only names the
    // data has (the service refuses unknown ones), and says so with filterChanged.
    WorkbenchState state;
    state.setVocabulary(vocabulary());
    core::CohortSpec f;
    f.labels = { "before", "after" };
    f.setAttr("team", { "nlp" });
    f.setAttr("cluster", { "east" });
    state.setFilter(f);
    Location byModel;
    byModel.groupBy = "model";
    state.navigate(byModel);
    QSignalSpy filterChanged(&state, &WorkbenchState::filterChanged);

    Vocabulary next = vocabulary();
    next.labels = { "after" };
    next.attrKeys = { "team" };
    state.setVocabulary(next);
    EXPECT_EQ(qsList(state.filter().labels), QStringList { "after" });
    EXPECT_EQ(attrKeysOf(state.filter()), QStringList { "team" });
    EXPECT_EQ(state.location().groupBy, "") << "no job has 'model' any more";
    EXPECT_EQ(filterChanged.count(), 1);

    // Nothing to drop: no filterChanged, and a grouping the data has stays.
    Location byTeam;
    byTeam.groupBy = "team";
    state.navigate(byTeam);
    state.setVocabulary(next);
    EXPECT_EQ(filterChanged.count(), 1);
    EXPECT_EQ(state.location().groupBy, "team");
}

} // namespace
} // namespace ett::app
