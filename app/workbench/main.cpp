// ett-workbench: the workbench window.
//
//   ett-workbench [--db PATH | --store URL] [--label LABEL] [--watch PATH]... [--screenshot PNG [--show WHAT]]
//                 [FILES...]
//
// FILES are trace files to import (under --label, "default" when not given) or one database to
// open. --watch follows files and folders as `ettw watch` does, into the database. --screenshot opens the window, waits
// until the data has loaded and the first overview has been shown, saves a PNG of the screen (or of the window where
// there is no screen to grab) and exits: for checking by eye and for CI smoke tests under xvfb-run.
#include "app/docs/man_page.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/pages/advisor_page.h"
#include "app/ui/pages/causes_page.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/pages/ranks_page.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/translations.h"
#include "app/ui/window/workbench_state.h"
#include "app/version/build_info.h"
#include "app/version/huge_pages.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QPixmap>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace {

using ett::app::DataService;
using ett::app::MainWindow;

constexpr int kSettleMs = 1500; // after the overview arrives, time for the other views to draw
constexpr int kOverviewWaitMs = 15'000; // loaded but no overview (no page asked for one): save anyway
constexpr int kScreenshotTimeoutMs = 600'000; // give up waiting and save what there is
constexpr int kMaxKeyMatches = 10'000; // jobs a --show job:KEY looks among (exact keys come first)

// LABEL/KEY with LABEL one of `labels`: the label and the key; nullopt for anything else.
std::optional<std::pair<QString, QString>> labelledKey(const QString& spec, const QStringList& labels)
{
    const qsizetype slash = spec.indexOf(QLatin1Char('/'));
    if (slash <= 0 || !labels.contains(spec.left(slash))) {
        return std::nullopt;
    }
    return std::make_pair(spec.left(slash), spec.mid(slash + 1));
}

// Takes a screenshot once the window has loaded what it was given: no import pending and the
// overview of the latest load delivered.
class ScreenshotTaker : public QObject
{
public:
    // `label`: --label, the label a --show job:KEY or ranks:KEY names (nullopt: any).
    // `watchPending`: --watch was given: the shot waits for the watch's first pass and the pages'
    // refresh after it.
    ScreenshotTaker(MainWindow* window, QString path, bool importPending, bool loadPending, QString show,
        std::optional<QString> label, bool watchPending = false)
        : QObject(window)
        , m_window(window)
        , m_path(std::move(path))
        , m_show(std::move(show))
        , m_label(std::move(label))
        , m_importPending(importPending)
        , m_overviewPending(loadPending)
        , m_watchPending(watchPending)
    {
        DataService* service = window->dataService();
        connect(window->liveWatch(), &ett::app::LiveWatch::passDone, this, [this](const ett::app::LivePass& pass) {
            if (m_watchPending && !m_refreshAwaited) {
                m_refreshAwaited = pass.changed;
                m_watchPending = pass.changed;
                check();
            }
        });
        connect(window->liveWatch(), &ett::app::LiveWatch::watchFailed, this, [this] {
            m_watchPending = false;
            check();
        });
        connect(service, &DataService::databaseRefreshed, this, [this] {
            if (m_refreshAwaited) {
                m_refreshAwaited = false;
                m_overviewAfterRefresh = true;
            }
        });
        connect(service, &DataService::overviewReady, this, [this](quint64, const ett::app::OverviewData& d) {
            if (m_overviewAfterRefresh && !d.seriesPending) {
                m_overviewAfterRefresh = false;
                m_watchPending = false;
                check();
            }
        });
        m_overviewWait.setSingleShot(true);
        m_overviewWait.setInterval(kOverviewWaitMs);
        connect(&m_overviewWait, &QTimer::timeout, this, [this] {
            std::fprintf(stderr, "ett-workbench: no overview within %d s of loading; saving the window as it is\n",
                kOverviewWaitMs / 1000);
            m_overviewPending = false;
            check();
        });
        connect(service, &DataService::databaseOpened, this, [this] {
            m_overviewPending = true;
            m_overviewWait.start();
        });
        connect(service, &DataService::databaseFailed, this, [this] {
            m_overviewPending = false;
            check();
        });
        connect(window, &MainWindow::overviewLoaded, this, [this] {
            m_overviewPending = false;
            check();
        });
        connect(service, &DataService::importFinished, this,
            [this](const QString& summary, const QStringList& errors, bool) {
                std::fprintf(stderr, "%s\n", qPrintable(summary));
                for (const QString& e : errors) {
                    std::fprintf(stderr, "ett-workbench: %s\n", qPrintable(e));
                }
                m_importPending = false;
                check();
            });
        QTimer::singleShot(kScreenshotTimeoutMs, this, [this] {
            std::fprintf(stderr, "ett-workbench: still loading after %d s; saving the window as it is\n",
                kScreenshotTimeoutMs / 1000);
            shoot(3);
        });
        check();
    }

private:
    void check()
    {
        if (m_scheduled || m_importPending || m_overviewPending || m_watchPending) {
            return;
        }
        m_scheduled = true;
        applyShow();
    }

    // --show: "overview" (default), "drilldown[:ATTR]" (grouped by ATTR), "job:KEY[:restarts|:ranks]"
    // (the job's table, timeline and details; KEY under --label, or LABEL/KEY; a key several labels hold and no
    // label named is an error, never a pick) or "compare[:changes][:histogram][:log][:ranks]" (the Compare page with
    // its default cohorts, the largest regression on the timelines; options: the table of changes
    // tab, the histogram view, a log scale, the rank view of the timelines); then the screenshot after the views have
    // settled. "advisor[:GROUP]" shows the Advisor page grouped by GROUP ("job" by default, "fleet" for
    // the fleet alone, "label" or an attribute) once its advice has arrived. "whatif[:ROW=PERCENT]..."
    // shows the What-if page with rows set (compile=60, failures=70, subcategory=init.process_group_init,
    // phase=50, interval=optimum or a percent) once its projection has arrived. "ranks[:KEY][:excess]"
    // shows the Ranks page with job KEY's heat map (coloured by excess over the median with
    // "excess") and the hosts of the filter once both have arrived. "fleet" and "density" show the
    // timeline's Fleet and Density views of the filter.
    void applyShow()
    {
        auto* state = m_window->state();
        if (m_show.startsWith(QLatin1String("ranks"))) {
            ett::app::RanksPage* page = m_window->ranksPage();
            const QStringList options = m_show.split(QLatin1Char(':')).mid(1);
            for (const QString& option : options) {
                if (option == QLatin1String("excess")) {
                    page->setColour(ett::app::RankHeatMap::Colour::Excess);
                } else if (!option.isEmpty()) {
                    // KEY under --label, or LABEL/KEY with LABEL one of the database's labels.
                    const auto labelled = labelledKey(option, state->vocabulary().labels);
                    if (!m_label && labelled) {
                        page->setJob(labelled->second, labelled->first);
                    } else {
                        page->setJob(option, m_label.value_or(QString()));
                    }
                }
            }
            connect(page, &ett::app::RanksPage::dataShown, this, &ScreenshotTaker::shootSettled);
            shootWithin("ranks");
            m_window->showPage(ett::app::MainWindow::kRanksPage);
            return;
        }
        if (m_show.startsWith(QLatin1String("whatif"))) {
            ett::app::WhatIfPage* page = m_window->whatIfPage();
            for (const QString& option : m_show.split(QLatin1Char(':')).mid(1)) {
                const QString key = option.section(QLatin1Char('='), 0, 0);
                const QString value = option.section(QLatin1Char('='), 1);
                if (key == QLatin1String("subcategory")) {
                    page->setPhaseSubcategory(value);
                } else if (key == QLatin1String("interval") && value == QLatin1String("optimum")) {
                    page->setInterval(ett::app::WhatIfPage::Interval::Optimum);
                } else if (key == QLatin1String("interval")) {
                    page->setInterval(ett::app::WhatIfPage::Interval::Scale, value.toDouble());
                } else if (const auto row = ett::app::WhatIfPage::rowNamed(key)) {
                    page->setPercent(*row, value.toDouble());
                } else {
                    fail(QStringLiteral("--show whatif: no row '%1' (rows: setup, init, checkpoint_load, compile, "
                                        "recovery, phase, failures, preemptions, subcategory, interval)")
                             .arg(key));
                    return;
                }
            }
            connect(page, &ett::app::WhatIfPage::projectionShown, this, &ScreenshotTaker::shootSettled);
            shootWithin("projection");
            m_window->showPage(ett::app::MainWindow::kWhatIfPage);
            return;
        }
        if (m_show.startsWith(QLatin1String("advisor"))) {
            ett::app::AdvisorPage* page = m_window->advisorPage();
            QString group = m_show.section(QLatin1Char(':'), 1);
            if (group == QLatin1String("fleet")) {
                group.clear();
            } else if (group.isEmpty()) {
                group = QStringLiteral("job");
            }
            connect(page, &ett::app::AdvisorPage::adviceShown, this, &ScreenshotTaker::shootSettled);
            shootWithin("advice");
            page->setGroupBy(group);
            m_window->showPage(ett::app::MainWindow::kAdvisorPage);
            return;
        }
        if (m_show == QLatin1String("causes")) {
            ett::app::CausesPage* page = m_window->causesPage();
            connect(page, &ett::app::CausesPage::causesShown, this, &ScreenshotTaker::shootSettled);
            shootWithin("causes table");
            m_window->showPage(ett::app::MainWindow::kCausesPage);
            return;
        }
        if (m_show.startsWith(QLatin1String("compare"))) {
            ett::app::ComparePage* page = m_window->comparePage();
            const QStringList options = m_show.split(QLatin1Char(':')).mid(1);
            if (options.contains(QLatin1String("histogram"))) {
                page->setDistributionView(ett::app::ComparePage::DistributionView::Histogram);
            }
            if (options.contains(QLatin1String("log"))) {
                page->setLogScale(true);
            }
            if (options.contains(QLatin1String("ranks"))) {
                page->setRankView(true);
            }
            if (options.contains(QLatin1String("changes"))) {
                page->tabs()->setCurrentIndex(1);
            }
            // After the comparison, and the timelines of its first matched job when it has one.
            connect(page, &ett::app::ComparePage::comparisonShown, this, [this, page] {
                if (page->selectedPair() == nullptr) {
                    shootSettled();
                }
            });
            connect(page, &ett::app::ComparePage::timelinesShown, this, &ScreenshotTaker::shootSettled);
            shootWithin("comparison");
            m_window->showPage(ett::app::MainWindow::kComparePage);
            return;
        }
        if (m_show.startsWith(QLatin1String("drilldown"))) {
            ett::app::Location l;
            const QString attr = m_show.section(QLatin1Char(':'), 1);
            const ett::app::Vocabulary& v = state->vocabulary();
            if (!attr.isEmpty() && attr != QLatin1String("label") && !v.attrKeys.contains(attr)) {
                fail(QStringLiteral("--show drilldown:%1: no attribute '%1' in the database (attributes: %2; or label)")
                         .arg(attr,
                             v.attrKeys.isEmpty() ? QStringLiteral("none") : v.attrKeys.join(QStringLiteral(", "))));
                return;
            }
            l.groupBy = attr.toStdString();
            state->navigate(l);
            m_window->showPage(1);
            shootSettled();
            return;
        }
        if (m_show.startsWith(QLatin1String("job:"))) {
            // "job:KEY:restarts": the Details dock's Restarts tab in front; "job:KEY:ranks": the
            // timeline's Ranks view (a row per rank).
            const bool restarts = m_show.endsWith(QLatin1String(":restarts"));
            const bool ranks = m_show.endsWith(QLatin1String(":ranks"));
            const QString spec = m_show.section(QLatin1Char(':'), 1).chopped(restarts ? 9 : ranks ? 6 : 0);
            DataService* service = m_window->dataService();
            // LABEL/KEY: the search looks for KEY (its matches hold a key spelled LABEL/KEY too).
            const auto labelled = labelledKey(spec, state->vocabulary().labels);
            const quint64 id = service->requestFindJobs(labelled ? labelled->second : spec, kMaxKeyMatches, this);
            connect(service, &DataService::jobsFound, this,
                [this, id, spec, state, restarts, ranks](quint64 got, const ett::app::JobMatches& found) {
                    if (got != id) {
                        return;
                    }
                    auto job = pickJob(spec, found, state->vocabulary().labels);
                    if (!job) {
                        fail(
                            QStringLiteral("--show job:%1: %2").arg(spec, QString::fromStdString(job.error().message)));
                        return;
                    }
                    state->openJob(static_cast<int32_t>(job->job), ett::app::qs(job->key));
                    if (restarts) {
                        if (auto* details = m_window->findChild<ett::app::DetailsPanel*>()) {
                            details->showRestartsTab();
                        }
                    }
                    if (ranks) {
                        if (auto* timeline = m_window->findChild<ett::app::TimelineView*>()) {
                            timeline->setMode(ett::app::TimelineView::Mode::Ranks);
                        }
                    }
                    QTimer::singleShot(kSettleMs * 2, this, [this] { shoot(0); });
                });
            return;
        }
        if (m_show == QLatin1String("fleet") || m_show == QLatin1String("density")) {
            // The timeline's Fleet view (a row per job of the filter) or its Density view.
            if (auto* timeline = m_window->findChild<ett::app::TimelineView*>()) {
                timeline->setMode(m_show == QLatin1String("fleet") ? ett::app::TimelineView::Mode::Fleet
                                                                   : ett::app::TimelineView::Mode::Density);
            }
            QTimer::singleShot(kSettleMs * 3, this, [this] { shoot(0); });
            return;
        }
        if (m_show.startsWith(QLatin1String("intervals:"))) {
            // The intervals behind a bucket of the whole fleet, as a click on its bar lists them.
            auto bucket = ett::app::parseBucketName(m_show.section(QLatin1Char(':'), 1).toStdString());
            if (!bucket) {
                fail(QStringLiteral("--show %1: %2").arg(m_show, QString::fromStdString(bucket.error().message)));
                return;
            }
            ett::app::IntervalScope scope;
            scope.request.scope = state->filter();
            scope.request.bucket = *bucket;
            scope.description = ett::app::exportScopeText(*state); // as a click on a bar names it
            m_window->showIntervals({ scope }, 0);
            QTimer::singleShot(kSettleMs * 3, this, [this] { shoot(0); });
            return;
        }
        if (!m_show.isEmpty() && m_show != QLatin1String("overview")) {
            fail(QStringLiteral(
                "--show %1: expected overview, drilldown[:ATTR], job:KEY, compare[:...], "
                "advisor[:GROUP], whatif[:ROW=PERCENT]..., intervals:BUCKET, ranks[:KEY][:excess], causes, fleet "
                "or density")
                     .arg(m_show));
            return;
        }
        shootSettled();
    }

    // The job `spec` names among the search's matches: a job whose key is `spec` (under --label when
    // given), else LABEL/KEY with LABEL one of `labels`. Error (in --show's words) when none is, or
    // when the key exists under several labels and none was named.
    struct Picked
    {
        ett::app::JobIndex job = -1;
        std::string key;
    };
    ett::core::Result<Picked> pickJob(
        const QString& spec, const ett::app::JobMatches& found, const QStringList& labels) const
    {
        auto withKey = [&](const std::string& key, const std::optional<QString>& label) {
            std::vector<const ett::app::JobMatch*> out;
            for (const auto& m : found.matches) {
                if (m.key == key && (!label || ett::app::qs(m.label) == *label)) {
                    out.push_back(&m);
                }
            }
            return out;
        };
        std::string key = spec.toStdString();
        std::optional<QString> label = m_label;
        auto jobs = withKey(key, label);
        if (jobs.empty() && !m_label) {
            if (const auto labelled = labelledKey(spec, labels)) {
                label = labelled->first;
                key = labelled->second.toStdString();
                jobs = withKey(key, label);
            }
        }
        if (jobs.empty()) {
            return ett::core::Error { QStringLiteral("no job '%1' in the database%2")
                                          .arg(ett::app::qs(key),
                                              label ? QStringLiteral(" under the label '%1'").arg(*label) : QString())
                                          .toStdString() };
        }
        if (jobs.size() > 1) {
            QStringList held;
            for (const auto* j : jobs) {
                held << ett::app::qs(j->label);
            }
            held.sort();
            return ett::core::Error { QStringLiteral(
                "job '%1' exists under several labels (%2); name one with --label or as LABEL/KEY (%3/%1)")
                                          .arg(ett::app::qs(key), held.join(QStringLiteral(", ")), held.front())
                                          .toStdString() };
        }
        return Picked { jobs.front()->job, key };
    }

    // What --show asks for does not exist: say so and exit 1 without a screenshot (a picture of
    // the overview would pass for the page asked for).
    void fail(const QString& message)
    {
        m_shot = true;
        std::fprintf(stderr, "ett-workbench: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    }

    // The screenshot once the views have settled after what was awaited arrived.
    void shootSettled()
    {
        QTimer::singleShot(kSettleMs, this, [this] { shoot(0); });
    }

    // The screenshot as the window is when `what` has not arrived within kOverviewWaitMs.
    void shootWithin(const char* what)
    {
        QTimer::singleShot(kOverviewWaitMs, this, [this, what] {
            std::fprintf(
                stderr, "ett-workbench: no %s within %d s; saving the window as it is\n", what, kOverviewWaitMs / 1000);
            shoot(0);
        });
    }

    void shoot(int exitCode)
    {
        if (m_shot) {
            return; // a timeout after the shot, or the other of two signals
        }
        m_shot = true;
        // The screen shows dialogs (progress, errors) too; offscreen there is none to grab.
        QPixmap pixmap;
        const QString platform = QGuiApplication::platformName();
        if (platform != QLatin1String("offscreen") && platform != QLatin1String("minimal")) {
            if (QScreen* screen = m_window->screen()) {
                pixmap = screen->grabWindow(0);
            }
        }
        if (pixmap.isNull()) {
            pixmap = m_window->grab();
        }
        if (!pixmap.save(m_path, "PNG")) {
            std::fprintf(stderr, "ett-workbench: could not write %s\n", qPrintable(m_path));
            exitCode = 1;
        } else {
            std::fprintf(stderr, "ett-workbench: screenshot saved to %s\n", qPrintable(m_path));
        }
        QCoreApplication::exit(exitCode);
    }

    MainWindow* m_window;
    QTimer m_overviewWait;
    QString m_path;
    QString m_show;
    std::optional<QString> m_label;
    bool m_importPending;
    bool m_overviewPending;
    bool m_watchPending;
    bool m_refreshAwaited = false; // the watch's first pass changed the database: its refresh is awaited
    bool m_overviewAfterRefresh = false; // then the overview that refresh asks for
    bool m_scheduled = false;
    bool m_shot = false;
};

// The command line, one list for the parser and the man page: `setUp` declares every option,
// `parse` runs it (printing --help, and exiting on errors), `manPage` documents it. No
// QCoreApplication is needed before `parse`.
struct Options
{
    QCommandLineOption db { QStringLiteral("db"),
        QStringLiteral("Open the workbench database PATH. It must exist, unless trace FILES are given to import into "
                       "it (then it is created): a mistyped PATH creates nothing."),
        QStringLiteral("PATH") };
    QCommandLineOption store { QStringLiteral("store"),
        QStringLiteral("Connect to the fleet store URL (clickhouse://USER@HOST:PORT/DATABASE?cluster=NAME; the "
                       "password from ETTW_STORE_PASSWORD or the password file) instead of a database."),
        QStringLiteral("URL") };
    QCommandLineOption label { QStringLiteral("label"),
        QStringLiteral("Import the trace FILES under LABEL (default: \"default\"); with --show job:KEY or ranks:KEY, "
                       "the label whose job KEY is shown."),
        QStringLiteral("LABEL") };
    QCommandLineOption watch { QStringLiteral("watch"),
        QStringLiteral("Follow PATH (a trace file or a folder, recursively; repeatable) as ettw watch does: new and "
                       "changed traces are imported into the database (--db, created when missing; else the default "
                       "one) under --label, the pages refresh as they change, and alerts are listed (View > Alerts)."),
        QStringLiteral("PATH") };
    QCommandLineOption screenshot { QStringLiteral("screenshot"),
        QStringLiteral("Wait until everything is loaded, save a PNG of the window to PATH and exit."),
        QStringLiteral("PATH") };
    QCommandLineOption show { QStringLiteral("show"),
        QStringLiteral("With --screenshot: what to show first: overview (default), drilldown[:ATTR], "
                       "job:KEY[:restarts|:ranks] (a key under several labels takes --label, or is written LABEL/KEY; "
                       ":restarts the Details dock's Restarts tab, :ranks the timeline's row per rank) or "
                       "compare[:changes][:histogram][:log][:ranks], advisor[:GROUP], whatif[:ROW=PERCENT]... "
                       "(rows: setup, init, checkpoint_load, compile, recovery, phase, failures, preemptions; "
                       "subcategory=CAT.SUB, interval=optimum|PERCENT), intervals:BUCKET (the intervals behind a "
                       "bucket, e.g. intervals:lost_progress), ranks[:KEY][:excess], causes, fleet or density (the "
                       "timeline's Fleet or Density view)."),
        QStringLiteral("WHAT"), QStringLiteral("overview") };
    const QString description = QStringLiteral("ETT Workbench: where the wall-clock time of training jobs goes.");
    const QString filesName = QStringLiteral("files");
    const QString filesDescription = QStringLiteral(
        "Trace files to import (.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst) or a database (.db) to open.");
    const QString filesSyntax = QStringLiteral("[FILES...]");
    QCommandLineParser parser;
    QList<QCommandLineOption> all; // in the order of --help, the built-in --help and --version first

    void setUp()
    {
        parser.setApplicationDescription(description);
        all = { parser.addHelpOption(), parser.addVersionOption() };
        for (const QCommandLineOption* o : { &db, &store, &label, &watch, &screenshot, &show }) {
            parser.addOption(*o);
            all.append(*o);
        }
        parser.addPositionalArgument(filesName, filesDescription, filesSyntax);
    }

    void parse(const QCoreApplication& app)
    {
        setUp();
        parser.process(app);
    }

    // ett-workbench(1) in roff, from the same options as --help.
    std::string manPage()
    {
        setUp();
        ett::app::ManPage page(
            "ett-workbench", 1, std::string("ett-workbench ") + ett::app::buildInfo().version, "ETT Workbench");
        page.section("NAME");
        page.roffLine("ett\\-workbench \\- " + ett::app::ManPage::escape(description.toStdString()));
        page.section("SYNOPSIS");
        page.roffLine(ett::app::ManPage::bold("ett-workbench") + " [" + ett::app::ManPage::italic("OPTIONS") + "] "
            + ett::app::ManPage::italic(filesSyntax.toStdString()));
        page.section("DESCRIPTION");
        page.paragraph("The workbench window: import traces or open a database (or a fleet store), then see where "
                       "the wall-clock time of the training jobs went, from the fleet down to one attempt's "
                       "phases; compare cohorts, advise checkpoint intervals, project what-if scenarios, and "
                       "export tables, charts and a PDF report. ettw(1) is the same on the command line.");
        page.section("OPTIONS");
        for (const QCommandLineOption& o : all) {
            std::string tag;
            for (const QString& name : o.names()) {
                tag += (tag.empty() ? "" : ", ")
                    + ett::app::ManPage::bold((name.size() == 1 ? "-" : "--") + name.toStdString());
            }
            if (!o.valueName().isEmpty()) {
                tag += " " + ett::app::ManPage::italic(o.valueName().toStdString());
            }
            page.tagged(tag, o.description().toStdString());
            if (o.names().contains(QStringLiteral("help"))) {
                // Qt adds this one with --help, without returning it.
                page.tagged(ett::app::ManPage::bold("--help-all"), "Displays help including Qt specific options.");
            }
        }
        page.tagged(ett::app::ManPage::italic("FILES"), filesDescription.toStdString());
        page.section("ENVIRONMENT");
        page.environment(ett::app::engineAndStoreEnvironment());
        page.tagged(ett::app::ManPage::bold("QT_QPA_PLATFORM"),
            "The Qt platform; offscreen runs without a display (with --screenshot).");
        page.section("FILES");
        page.tagged(ett::app::ManPage::italic("~/.config/ETT/ett-workbench.conf"),
            "Settings: recent files, window layout, import options.");
        page.section("EXAMPLES");
        page.example("Open a database:", "ett-workbench --db fleet.db");
        page.example("Import two traces under a label and look at them:",
            "ett-workbench --label after run1.ett.jsonl.gz run2.ett.jsonl.gz");
        page.example("Watch a folder of running jobs (as ettw watch does) and see the figures move:",
            "ett-workbench --db fleet.db --label live --watch runs/");
        page.example("Check by eye without a display:",
            "QT_QPA_PLATFORM=offscreen ett-workbench --db fleet.db --screenshot overview.png --show compare");
        page.section("SEE ALSO");
        page.roffLine(ett::app::ManPage::bold("ettw") + "(1)");
        return page.str();
    }
};

void setNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ETT"));
    QCoreApplication::setApplicationName(QStringLiteral("ett-workbench"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(ett::app::buildInfo().version));
}

// --help, --version and the hidden --man need no window (nor a display).
bool onlyInformation(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-?" || a == "-v" || a == "--version") {
            return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    ett::app::runOnHugePages(argv);
    // Hidden, for the build: the man page, before any QCoreApplication (no display needed).
    if (argc == 2 && QByteArray(argv[1]) == "--man") {
        Options options;
        std::fputs(options.manPage().c_str(), stdout);
        return 0;
    }
    for (int i = 1; i < argc; ++i) {
        if (QByteArray(argv[i]) == "-v" || QByteArray(argv[i]) == "--version") {
            std::printf("%s\n", ett::app::versionLine("ett-workbench").c_str());
            return 0;
        }
    }
    if (onlyInformation(argc, argv)) {
        QCoreApplication app(argc, argv);
        setNames();
        Options options;
        options.parse(app); // prints and exits
        return 0;
    }

    QApplication app(argc, argv);
    setNames();
    ett::app::setUpLanguage(app); // from the locale: LANG=pt_BR.UTF-8 gives Portuguese
    QApplication::setApplicationDisplayName(QStringLiteral("ETT Workbench"));
    QGuiApplication::setDesktopFileName(QStringLiteral("ett-workbench"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("ett-workbench"), QIcon(QStringLiteral(":/icons/ett-workbench.svg"))));
    Options options;
    options.parse(app);
    const QCommandLineParser& parser = options.parser;

    const QStringList files = parser.positionalArguments();
    const QString db = parser.value(options.db);
    const QString store = parser.value(options.store);
    const QString label = parser.isSet(options.label) ? parser.value(options.label) : QStringLiteral("default");
    const QStringList watched = parser.values(options.watch);
    if (!watched.isEmpty() && !store.isEmpty()) {
        std::fprintf(stderr, "ett-workbench: --watch imports into a database: it cannot be used with --store\n");
        return 2;
    }
    for (const QString& w : watched) {
        if (!QFileInfo::exists(w)) {
            std::fprintf(stderr, "ett-workbench: --watch %s: no such file or folder\n", qPrintable(w));
            return 1;
        }
    }

    // Like ettw's queries, a database that is not there is an error rather than a new empty file,
    // unless there are traces to import into it.
    bool tracesGiven = false;
    for (const QString& f : files) {
        tracesGiven = tracesGiven || !ett::app::looksLikeDatabase(f);
    }
    // A watch imports too (as ettw watch, it creates the database).
    if (!db.isEmpty() && !QFileInfo::exists(db) && !tracesGiven && watched.isEmpty()) {
        std::fprintf(stderr,
            "ett-workbench: --db %s: no such database; nothing was created (give trace files to import into a new "
            "one, or open an existing database)\n",
            qPrintable(db));
        return 1;
    }

    MainWindow window;
    window.show();

    if (parser.isSet(options.screenshot)) {
        new ScreenshotTaker(&window, parser.value(options.screenshot), tracesGiven,
            !db.isEmpty() || !store.isEmpty() || !files.isEmpty(), parser.value(options.show),
            parser.isSet(options.label) ? std::optional<QString>(parser.value(options.label)) : std::nullopt,
            !watched.isEmpty());
    }
    if (!db.isEmpty()) {
        window.openDatabase(db);
    }
    if (!store.isEmpty()) {
        window.connectStore(store);
    }
    if (!files.isEmpty()) {
        window.openPaths(files, label);
    }
    if (!watched.isEmpty()) {
        window.watchPaths(watched, label); // once the database is open (the default one without --db)
    }
    return QApplication::exec();
}
