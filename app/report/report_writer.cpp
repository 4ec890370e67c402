#include "app/report/report_writer.h"

#include "app/report/provenance.h"
#include "app/report/report_gantt.h"
#include "app/report/report_layout.h"
#include "app/service/import_files.h"
#include "app/ui/charts/advisor_charts.h"
#include "app/ui/charts/compare_charts.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "core/ingest/issue_kinds.h"
#include "core/model/timeutil.h"

#include <QAbstractAxis>
#include <QChart>
#include <QDateTime>
#include <QFile>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>

namespace ett::app {

namespace {

using namespace report;

// The report's title: the default title in the language of the report, any other as given.
QString titleOf(const ReportRequest& request)
{
    if (request.title == ReportRequest {}.title) {
        return QObject::tr("Where the training time went");
    }
    return qs(request.title);
}

// The report, section after section.
class ReportPainter
{
public:
    ReportPainter(const ReportContent& c, Layout& l, QStringList* sections, std::vector<int>* pages,
        const QStringList& toc, const std::vector<int>& tocPages)
        : m_c(c)
        , m_l(l)
        , m_sections(sections)
        , m_pages(pages)
        , m_toc(toc)
        , m_tocPages(tocPages)
        , m_w(c.request.weighting)
    {
        std::vector<QString> paths;
        std::map<std::string, std::vector<QString>> byLabel;
        for (const auto& d : c.datasets) {
            paths.push_back(qs(d.sourcePath));
            byLabel[d.label].push_back(qs(d.sourcePath));
        }
        m_root = commonFolder(paths);
        for (const auto& [label, files] : byLabel) {
            m_labelFolder[label] = commonFolder(files);
        }
    }

    void run()
    {
        titlePage();
        headline();
        overTime();
        topJobs();
        checkpointAdvice();
        scenarios();
        if (m_c.comparison) {
            comparison(*m_c.comparison);
        }
        importIssues();
        everyFile();
        m_l.finish();
    }

private:
    // The labels the scope spans, when it names none (every label of the database).
    QStringList mixedLabels() const
    {
        QStringList labels;
        if (!m_c.request.scope.labels.empty()) {
            for (const auto& l : m_c.request.scope.labels) {
                labels << QString::fromStdString(l);
            }
        } else {
            for (const auto& d : m_c.datasets) {
                if (!labels.contains(QString::fromStdString(d.label))) {
                    labels << QString::fromStdString(d.label);
                }
            }
        }
        labels.sort();
        return labels;
    }

    void titlePage()
    {
        m_l.space(60);
        m_l.text(titleOf(m_c.request), font(24, true), kAccent);
        m_l.space(4);
        m_l.text(QObject::tr("ETT Workbench report · Effective Training Time: the share of end-to-end time spent "
                             "training on new data"),
            font(10), kMuted);
        m_l.space(18);
        const core::Figures& f = m_c.overview.fleet;
        m_l.text(
            QObject::tr("Scope: %1 · %2 · %3")
                .arg(cohortLabel(m_c.request.scope.text()), QObject::tr("%Ln job(s)", "", static_cast<int>(f.jobs)),
                    QObject::tr("%Ln attempt(s)", "", static_cast<int>(f.attempts))),
            font(10));
        // Said when the headline adds several datasets together, and which cohorts are compared.
        if (const QStringList mixed = mixedLabels(); mixed.size() > 1) {
            m_l.text(QObject::tr("The headline figures add up %1 datasets: %2.")
                         .arg(formatCount(mixed.size()), mixed.join(QStringLiteral(", "))),
                font(10), kAccent);
        }
        if (m_c.comparison) {
            m_l.text(QObject::tr("Compared: A %1 (%2) · B %3 (%4)")
                         .arg(QString::fromStdString(m_c.comparison->specA),
                             QObject::tr("%Ln job(s)", "", static_cast<int>(m_c.comparison->jobsA)),
                             QString::fromStdString(m_c.comparison->specB),
                             QObject::tr("%Ln job(s)", "", static_cast<int>(m_c.comparison->jobsB))),
                font(10));
        }
        m_l.text(QObject::tr("Weighting: %1. %2")
                     .arg(weightingName(m_w),
                         m_w == Weighting::Gpu ? QObject::tr("Every second of an attempt counts once per GPU it held.")
                                               : QObject::tr("Every second counts once, whatever the job's size."))
                + (m_c.request.countQueue ? QObject::tr(" Queue time before the first attempt is counted.")
                                          : QObject::tr(" Queue time before the first attempt is not counted.")),
            font(10));
        if (const auto& excluded = m_c.request.scope.excluded; !excluded.empty()) {
            // Spec 7.4: stated where the scope is, so that nothing disappears silently.
            QStringList spans;
            core::Wide wall = 0;
            for (size_t i = 0; i < excluded.size(); ++i) {
                wall += excluded[i].toNs - excluded[i].fromNs;
                if (i < 3) {
                    spans << QObject::tr("%1 to %2")
                                 .arg(qs(core::formatRfc3339(excluded[i].fromNs)),
                                     qs(core::formatRfc3339(excluded[i].toNs)));
                }
            }
            if (excluded.size() > 3) {
                spans << QStringLiteral("…");
            }
            auto hours = [](core::Wide ns) {
                return formatHours(static_cast<double>(static_cast<long double>(ns) / 3.6e12L), QString());
            };
            m_l.text(QObject::tr("Excluded windows: %Ln window(s) (%2), %1 hours of wall time, are left out of "
                                 "end-to-end time and of every bucket: %3 GPU-hours of these jobs. Interruptions, "
                                 "Time to Start and Time to Recover are counted as they were.",
                         "", static_cast<int>(excluded.size()))
                         .arg(hours(wall), spans.join(QStringLiteral(", ")), hours(f.excludedTotalGpuNs())),
                font(10), kAccent);
        }
        m_l.text(QObject::tr("Generated %1 by ETT Workbench %2 (aggregation on %3) from %4")
                     .arg(qs(m_c.generatedUtc), qs(m_c.version), qs(m_c.backend), qs(m_c.database)),
            font(10));
        m_l.space(16);
        m_l.text(QObject::tr("Contents"), font(12, true));
        m_l.space(4);
        std::vector<QStringList> rows;
        for (qsizetype i = 0; i < m_toc.size(); ++i) {
            rows.push_back({ QStringLiteral("%1  %2").arg(i + 1).arg(m_toc[i]),
                static_cast<size_t>(i) < m_tocPages.size() ? QString::number(m_tocPages[static_cast<size_t>(i)])
                                                           : QString() });
        }
        m_l.table({ { QObject::tr("section"), 0.85, Qt::AlignLeft }, { QObject::tr("page"), 0.15 } }, rows, font(10));
        m_l.space(10);
        provenance();
    }

    // The files the figures come from, under the contents.
    void provenance()
    {
        m_l.text(m_c.fromStore ? QObject::tr("Provenance: the datasets pushed to the fleet store")
                               : QObject::tr("Provenance: the files imported into the database"),
            font(12, true));
        m_l.space(4);
        // Files told apart by their paths below the folder they share (a hundred torchtitan runs
        // are each a "run.log").
        if (!m_root.isEmpty()) {
            m_l.text(QObject::tr("Paths are relative to %1.").arg(m_root), font(8), kMuted);
            m_l.space(2);
        }
        if (!groupedFiles()) {
            std::vector<QStringList> files;
            for (const auto& d : m_c.datasets) {
                files.push_back({ qs(d.label), relativePath(m_root, qs(d.sourcePath)), qs(d.format),
                    formatCount(d.records), qs(d.sha256) });
            }
            m_l.table({ { QObject::tr("label"), 0.1, Qt::AlignLeft },
                          { QObject::tr("file"), 0.26, Qt::AlignLeft, false, true },
                          { QObject::tr("format"), 0.07, Qt::AlignLeft }, { QObject::tr("records"), 0.09 },
                          { QObject::tr("SHA-256"), 0.48, Qt::AlignLeft, true } },
                files, font(7));
            return;
        }
        // Many files: a row per label and format on this page, so that the headline figures
        // start on the next one; every file with its hash in the last section.
        const auto groups = groupFiles(m_c.datasets, m_root);
        std::vector<QStringList> rows;
        for (size_t i = 0; i < groups.size() && i < kMaxListedFiles; ++i) {
            const FileGroup& g = groups[i];
            rows.push_back({ g.label, g.folder.isEmpty() ? QStringLiteral("./") : g.folder + QLatin1Char('/'), g.format,
                formatCount(static_cast<int64_t>(g.files.size())), formatCount(g.records) });
        }
        m_l.table(
            { { QObject::tr("label"), 0.16, Qt::AlignLeft }, { QObject::tr("folder"), 0.5, Qt::AlignLeft, false, true },
                { QObject::tr("format"), 0.1, Qt::AlignLeft }, { QObject::tr("files"), 0.1 },
                { QObject::tr("records"), 0.14 } },
            rows, font(8));
        QString more;
        if (groups.size() > kMaxListedFiles) {
            more = QObject::tr("… and %1 more groups. ")
                       .arg(formatCount(static_cast<int64_t>(groups.size() - kMaxListedFiles)));
        }
        m_l.text(more
                + QObject::tr("%Ln file(s), grouped by label and format; each file with its SHA-256 is listed in the "
                              "last section, “%1”.",
                    "", static_cast<int>(m_c.datasets.size()))
                      .arg(everyFileTitle()),
            font(8), kMuted);
    }

    // The files are listed on the title page up to this many; more are grouped there and listed in
    // the last section.
    static constexpr size_t kMaxListedFiles = 12;
    bool groupedFiles() const { return m_c.datasets.size() > kMaxListedFiles; }
    static QString everyFileTitle() { return QObject::tr("Every file imported"); }

    // The last section when the title page groups the files: each group's files, their paths
    // below the group's folder, with their records and SHA-256.
    void everyFile()
    {
        if (!groupedFiles()) {
            return;
        }
        m_l.heading(everyFileTitle(), 1, m_sections, m_pages);
        for (const FileGroup& g : groupFiles(m_c.datasets, m_root)) {
            const QString title
                = QObject::tr("%1 · %2 · %3 · files: %4")
                      .arg(g.label, g.fullFolder.isEmpty() ? QStringLiteral(".") : g.fullFolder + QLatin1Char('/'),
                          g.format, formatCount(static_cast<int64_t>(g.files.size())));
            m_l.ensure(m_l.textHeight(title, font(9, true), m_l.width())
                + m_l.tableHeight(std::min<size_t>(g.files.size(), 3), font(7)));
            m_l.text(title, font(9, true));
            m_l.space(2);
            std::vector<QStringList> rows;
            for (const auto* d : g.files) {
                rows.push_back(
                    { relativePath(g.fullFolder, qs(d->sourcePath)), formatCount(d->records), qs(d->sha256) });
            }
            m_l.table({ { QObject::tr("file"), 0.42, Qt::AlignLeft, false, true }, { QObject::tr("records"), 0.1 },
                          { QObject::tr("SHA-256"), 0.48, Qt::AlignLeft, true } },
                rows, font(7));
        }
    }

    void headline()
    {
        m_l.heading(QObject::tr("Headline figures"), 1, m_sections, m_pages);
        const core::Figures& f = m_c.overview.fleet;
        const Weighting other = m_w == Weighting::Gpu ? Weighting::Time : Weighting::Gpu;
        m_l.block(78, [&](QPainter& p, const QRectF& r) {
            paintTiles(p, r,
                { { QObject::tr("ETT% (%1)").arg(weightingName(m_w)), formatPercent(ettOf(f, m_w), 1),
                      QObject::tr("%1: %2").arg(weightingName(other), formatPercent(ettOf(f, other), 1)) },
                    { QObject::tr("Lost"), hoursText(lostOf(f, m_w), m_w),
                        QObject::tr("of %1 end to end").arg(hoursText(e2eOf(f, m_w), m_w)) },
                    { QObject::tr("Interruptions"), formatCount(f.failures + f.preemptions + f.otherInterruptions),
                        interruptionSplitText(f.failures, f.preemptions, f.otherInterruptions) },
                    { QObject::tr("Time to start, p50"), formatDuration(m_c.overview.tts.p50),
                        QObject::tr("p90 %1").arg(formatDuration(m_c.overview.tts.p90)) },
                    { QObject::tr("Time to recover, p50"), formatDuration(m_c.overview.ttr.p50),
                        QObject::tr("p90 %1").arg(formatDuration(m_c.overview.ttr.p90)) } });
        });
        m_l.space(4);
        m_l.text(QObject::tr("Where the time went, bucket by bucket (spec 5: every nanosecond of a job's "
                             "end-to-end window is in exactly one bucket)"),
            font(9), kMuted);
        m_l.space(4);
        std::vector<QStringList> rows;
        for (int b = 0; b < core::kBucketCount; ++b) {
            const auto bucket = static_cast<core::Bucket>(b);
            rows.push_back({ bucketLabel(bucket), hoursText(bucketOf(f, bucket, m_w), m_w),
                formatPercent(bucketShareOf(f, bucket, m_w), 2), hoursText(bucketOf(f, bucket, other), other),
                formatPercent(bucketShareOf(f, bucket, other), 2) });
        }
        rows.push_back({ QObject::tr("end to end"), hoursText(e2eOf(f, m_w), m_w), formatPercent(100.0, 2),
            hoursText(e2eOf(f, other), other), formatPercent(100.0, 2) });
        m_l.table({ { QObject::tr("bucket"), 0.28, Qt::AlignLeft }, { hoursUnit(m_w), 0.2 },
                      { QObject::tr("share"), 0.14 }, { hoursUnit(other), 0.22 }, { QObject::tr("share"), 0.16 } },
            rows, font(9), { core::kBucketCount });
        int bars = 0;
        for (int b = 0; b < core::kBucketCount; ++b) {
            bars += bucketOf(f, static_cast<core::Bucket>(b), m_w) > 0 ? 1 : 0;
        }
        m_l.block(std::max(220.0, 22.0 * bars + 90), [&](QPainter& p, const QRectF& r) {
            renderChart(p, r, [&](QChart* chart) { fillBucketsChart(chart, f, m_w); });
        });
    }

    void overTime()
    {
        m_l.heading(QObject::tr("ETT% over time, interruptions and recovery"), 1, m_sections, m_pages);
        const core::Figures& f = m_c.overview.fleet;
        m_l.block(270, [&](QPainter& p, const QRectF& r) {
            renderChart(p, r, [&](QChart* chart) {
                // The window's legend says "click a point to select its day": not on paper.
                const TrendSeries trend = fillTrendChart(chart, m_c.overview, m_w, !f.empty());
                if (trend.line) {
                    trend.line->setName(m_c.overview.every == gpu::Calendar::Week ? QObject::tr("ETT% per week")
                            : m_c.overview.every == gpu::Calendar::Hour           ? QObject::tr("ETT% per hour")
                                                                                  : QObject::tr("ETT% per day"));
                }
            });
        });
        m_l.block(255, [&](QPainter& p, const QRectF& r) {
            renderChart(p, r, [&](QChart* chart) { fillCausesChart(chart, m_c.overview, !f.empty()); });
        });
        m_l.block(230, [&](QPainter& p, const QRectF& r) {
            const QRectF left(r.left(), r.top(), r.width() / 2 - 4, r.height());
            const QRectF right(r.left() + r.width() / 2 + 4, r.top(), r.width() / 2 - 4, r.height());
            // A fleet store ranks the samples where they live and sends none: no histogram then.
            const QString ranked = QObject::tr(": ranked on the fleet store, percentiles below");
            renderChart(p, left, [&](QChart* chart) {
                fillDurationHistogramChart(
                    chart, f.ttsNs, QObject::tr("Time to start"), bucketColor(core::Bucket::Init));
                if (!f.samplesHeld()) {
                    chart->setTitle(QObject::tr("Time to start") + ranked);
                }
            });
            renderChart(p, right, [&](QChart* chart) {
                fillDurationHistogramChart(
                    chart, f.ttrNs, QObject::tr("Time to recover"), bucketColor(core::Bucket::Recovery));
                if (!f.samplesHeld()) {
                    chart->setTitle(QObject::tr("Time to recover") + ranked);
                }
            });
        });
        std::vector<QStringList> rows;
        auto row = [&](const QString& name, core::SampleList list, const core::Percentiles& p) {
            rows.push_back({ name, formatCount(f.sampleCount(list)), formatDuration(p.p50), formatDuration(p.p90),
                formatDuration(p.p99) });
        };
        row(QObject::tr("time to start (per job)"), core::SampleList::Tts, m_c.overview.tts);
        row(QObject::tr("time to recover (per interruption)"), core::SampleList::Ttr, m_c.overview.ttr);
        for (const auto& [name, list] :
            { std::pair { QObject::tr("  detect (fault to end)"), core::SampleList::TtrDetect },
                std::pair { QObject::tr("  restart (end to next start)"), core::SampleList::TtrRestart },
                std::pair { QObject::tr("  start-up (next start to training)"), core::SampleList::TtrStartup } }) {
            row(name, list, f.samplePercentiles(list));
        }
        const QString note = QObject::tr("Percentiles are nearest-rank over the values counted (spec 5.4).");
        m_l.table(
            { { QObject::tr("distribution"), 0.4, Qt::AlignLeft }, { QObject::tr("count"), 0.15 },
                { QStringLiteral("p50"), 0.15 }, { QStringLiteral("p90"), 0.15 }, { QStringLiteral("p99"), 0.15 } },
            rows, font(9), {}, m_l.textHeight(note, font(8), m_l.width()));
        m_l.text(note, font(8), kMuted);
    }

    void topJobs()
    {
        m_l.heading(QObject::tr("Jobs that lost the most"), 1, m_sections, m_pages);
        const auto& jobs = m_c.overview.topJobs;
        if (jobs.empty()) {
            m_l.text(QObject::tr("No jobs in this scope."), font(10));
            return;
        }
        m_l.block(std::max(240.0, 26.0 * static_cast<double>(jobs.size()) + 90), [&](QPainter& p, const QRectF& r) {
            // Long keys (a MLPerf result's path) elided in the middle as in the table below: the
            // axis takes the width of its longest name and cut them at the page's left edge.
            OverviewData shown = m_c.overview;
            for (auto& j : shown.topJobs) {
                constexpr qsizetype kMax = 32;
                const QString key = qs(j.key);
                if (key.size() > kMax) {
                    j.key = (key.left(kMax / 2 - 1) + QStringLiteral("…") + key.right(kMax / 2)).toStdString();
                }
            }
            renderChart(p, r, [&](QChart* chart) { fillTopJobsChart(chart, shown, m_w, true); });
        });
        std::vector<QStringList> rows;
        for (const auto& j : jobs) {
            // The bucket that lost the most.
            core::Bucket worst = core::Bucket::Idle;
            core::Wide most = -1;
            for (int b = 1; b < core::kBucketCount; ++b) {
                const auto v = bucketOf(j.figures, static_cast<core::Bucket>(b), m_w);
                if (v > most) {
                    most = v;
                    worst = static_cast<core::Bucket>(b);
                }
            }
            rows.push_back({ qs(j.key), qs(j.label), formatCount(j.gpus), formatPercent(ettOf(j.figures, m_w), 1),
                hoursText(lostOf(j.figures, m_w), m_w), bucketLabel(worst) });
        }
        m_l.table({ { QObject::tr("job"), 0.26, Qt::AlignLeft }, { QObject::tr("label"), 0.12, Qt::AlignLeft },
                      { QObject::tr("GPUs"), 0.1 }, { QObject::tr("ETT%"), 0.12 }, { QObject::tr("lost"), 0.2 },
                      { QObject::tr("most lost in"), 0.2, Qt::AlignLeft } },
            rows, font(8.5));
        for (const auto& w : m_c.worst) {
            writeJobTimeline(m_l, w, m_w);
        }
    }

    void checkpointAdvice()
    {
        m_l.heading(QObject::tr("Checkpoint intervals"), 1, m_sections, m_pages);
        const core::CheckpointAdvice& a = m_c.advice;
        m_l.text(QObject::tr("Measured per job: the time in the train loop (productive, lost progress and blocking "
                             "saves), the interruptions in it and the mean time between them (M), the blocking time "
                             "of a save (median b), and the interval actually used between durable checkpoints. "
                             "The waste of the loop is modelled as I/(2M) unsaved plus b/I blocked (Young 1974); "
                             "its optimum is sqrt(2bM). The gain is the waste saved at the optimum times the loop's "
                             "share of end-to-end time (GPU-weighted)."),
            font(9), kMuted);
        m_l.space(6);
        m_l.block(78, [&](QPainter& p, const QRectF& r) {
            paintTiles(p, r,
                { { QObject::tr("Interval used"), formatSeconds(a.currentIntervalS),
                      QObject::tr("median of %1").arg(formatCount(a.measured.intervals)) },
                    { QObject::tr("Optimum (Young)"), formatSeconds(a.youngIntervalS),
                        QObject::tr("Daly %1").arg(formatSeconds(a.dalyIntervalS)) },
                    { QObject::tr("Waste of the loop"), formatPercent(a.wastedCurrentPercent, 2),
                        QObject::tr("%1 at the optimum").arg(formatPercent(a.wastedOptimumPercent, 2)) },
                    { QObject::tr("Projected gain"), a.gainPp ? pp(a.gainPp) : QStringLiteral("–"),
                        QObject::tr("ETT% points, fleet") },
                    { QObject::tr("MTBI"), formatSeconds(a.measured.mtbiS),
                        QObject::tr("save p50 %1").arg(formatDuration(a.measured.blockingP50Ns)) } });
        });
        if (const QString note = adviceNote(a); !note.isEmpty()) {
            m_l.text(note, font(8.5), kMuted);
        }
        if (a.youngIntervalS) {
            m_l.block(260, [&](QPainter& p, const QRectF& r) {
                // The fleet's advice, named in the report's language (its name is "fleet").
                renderChart(p, r, [&](QChart* chart) { fillWasteCurveChart(chart, a, QObject::tr("fleet")); });
            });
        }
        m_l.space(6);
        m_l.ensure(30 + m_l.tableHeight(std::min<size_t>(m_c.adviceJobs.size(), 3), font(7.5))); // with its table
        m_l.text(QObject::tr("Jobs with the inputs for advice: %1 of %2; flagged: %3. The jobs with the most GPU-hours "
                             "to gain, then the flagged ones:")
                     .arg(formatCount(m_c.advisedJobs), formatCount(a.measured.jobs), formatCount(m_c.flaggedJobs)),
            font(9.5));
        m_l.space(4);
        std::vector<QStringList> rows;
        for (const auto& j : m_c.adviceJobs) {
            QString flags;
            for (const auto& f : j.flags) {
                // lost_progress_high -> "lost high", to fit the column, in the report's language.
                const QString name = f == "lost_progress_high" ? QObject::tr("lost high")
                    : f == "lost_progress_low"                 ? QObject::tr("lost low")
                                                               : QString::fromStdString(f);
                flags += (flags.isEmpty() ? QString() : QStringLiteral(", ")) + name;
            }
            rows.push_back({ QString::fromStdString(j.name), formatSeconds(j.currentIntervalS),
                formatSeconds(j.youngIntervalS), formatDuration(j.measured.blockingP50Ns),
                formatSeconds(j.measured.mtbiS), formatPercent(j.wastedCurrentPercent, 2),
                formatPercent(j.wastedOptimumPercent, 2), j.gainPp ? decimal(*j.gainPp, 2) : QStringLiteral("–"),
                j.gainGpuHours ? formatCount(std::llround(*j.gainGpuHours)) : QStringLiteral("–"),
                j.lostRatio ? decimal(*j.lostRatio, 2) : QStringLiteral("–"), flags });
        }
        if (rows.empty()) {
            m_l.text(QObject::tr("No job in this scope has interruptions, saves and an interval measured."), font(9));
            return;
        }
        const auto listed = std::count_if(
            m_c.adviceJobs.begin(), m_c.adviceJobs.end(), [](const auto& j) { return !j.flags.empty(); });
        const QString more = m_c.flaggedJobs > listed
            ? QObject::tr("%1 more flagged jobs are not listed; ettw advise --by job lists every job.")
                  .arg(formatCount(m_c.flaggedJobs - listed))
            : QString();
        const QString legend
            = QObject::tr("save: the median blocking time of a save. lost ratio: lost progress per interruption "
                          "against half the interval. Above 2 (more "
                          "than a whole interval lost) the job's checkpoints are probably not restorable when it "
                          "thinks: flagged \"lost high\" (lost_progress_high).");
        // The first line under the table stays with its last row.
        const double keep = more.isEmpty() ? m_l.textHeight(legend, font(8), m_l.width())
                                           : m_l.textHeight(more, font(8.5), m_l.width());
        m_l.table({ { QObject::tr("job"), 0.18, Qt::AlignLeft }, { QObject::tr("interval"), 0.09 },
                      { QObject::tr("optimum"), 0.09 }, { QObject::tr("save"), 0.07 }, { QObject::tr("MTBI"), 0.09 },
                      { QObject::tr("waste"), 0.07 }, { QObject::tr("at opt."), 0.07 },
                      { QObject::tr("gain pp"), 0.07 }, { QObject::tr("GPU-h"), 0.07 },
                      { QObject::tr("lost ratio"), 0.09 }, { QObject::tr("flag"), 0.11, Qt::AlignLeft } },
            rows, font(7.5), {}, keep);
        if (!more.isEmpty()) {
            m_l.text(more, font(8.5));
        }
        m_l.text(legend, font(8), kMuted);
    }

    // ETT% in exact 1e-12 pp units, as "84.123%"; "–" when absent.
    static QString picoPercent(std::optional<int64_t> pico)
    {
        return pico ? formatDecimal(static_cast<double>(*pico) * 1e-12, 3) + QLatin1Char('%') : QStringLiteral("–");
    }

    // "2026-11-29 22:00 UTC", as the report's date, from a saved scenario's RFC 3339 time.
    static QString savedAtText(const std::string& savedAt)
    {
        const QDateTime t = QDateTime::fromString(QString::fromStdString(savedAt), Qt::ISODateWithMs);
        return t.isValid() ? formatUtcMinutes(t.toMSecsSinceEpoch() * 1'000'000) : QString::fromStdString(savedAt);
    }

    // The import issues of every file, the most severe and most frequent first, at most
    // kMaxIssueRows of them (ettw issues lists them all).
    void importIssues()
    {
        constexpr size_t kMaxIssueRows = 40;
        m_l.heading(QObject::tr("Import issues"), 1, m_sections, m_pages);
        if (m_c.issues.empty()) {
            m_l.text(QObject::tr("No import issues: every file was read as it is."), font(9.5));
            return;
        }
        m_l.text(QObject::tr("Non-fatal data problems counted when the files were imported; the figures account for "
                             "them as described. Data loss: part of the input was dropped or cut; warning: an "
                             "assumption or a repair was made; info: noted for completeness."),
            font(9), kMuted);
        m_l.text(QObject::tr("Files by their paths below the folder of their label's files."), font(8), kMuted);
        std::vector<const core::IssueInfo*> sorted;
        for (const auto& i : m_c.issues) {
            sorted.push_back(&i);
        }
        auto rank = [](const core::IssueInfo* i) {
            const core::IssueKindInfo* info = core::issueKindInfo(i->kind);
            return info ? static_cast<int>(info->severity) : -1;
        };
        std::stable_sort(sorted.begin(), sorted.end(),
            [&](const auto* a, const auto* b) { return rank(a) != rank(b) ? rank(a) > rank(b) : a->count > b->count; });
        std::vector<QStringList> rows;
        for (size_t k = 0; k < sorted.size() && k < kMaxIssueRows; ++k) {
            const core::IssueInfo& i = *sorted[k];
            const QString severity = severityLabel(issueSeverityText(i.kind));
            const auto folder = m_labelFolder.find(i.label);
            rows.push_back(
                { qs(i.label), relativePath(folder == m_labelFolder.end() ? m_root : folder->second, qs(i.sourcePath)),
                    severity, qs(i.kind) + (i.detail.empty() ? QString() : QStringLiteral(" (%1)").arg(qs(i.detail))),
                    formatCount(i.count), i.firstLine ? QString::number(*i.firstLine) : QString(), qs(i.example) });
        }
        const QString more = sorted.size() > kMaxIssueRows
            ? QObject::tr("… and %1 more (ettw issues --db FILE lists them all).")
                  .arg(formatCount(static_cast<int64_t>(sorted.size() - kMaxIssueRows)))
            : QString();
        m_l.table(
            { { QObject::tr("label"), 0.09, Qt::AlignLeft }, { QObject::tr("file"), 0.24, Qt::AlignLeft, false, true },
                { QObject::tr("severity"), 0.08, Qt::AlignLeft }, { QObject::tr("issue"), 0.2, Qt::AlignLeft },
                { QObject::tr("count"), 0.07 }, { QObject::tr("line"), 0.06 },
                { QObject::tr("example"), 0.26, Qt::AlignLeft } },
            rows, font(7.5), {}, more.isEmpty() ? 0 : m_l.textHeight(more, font(8.5), m_l.width()));
        if (!more.isEmpty()) {
            m_l.text(more, font(8.5), kMuted);
        }
    }

    void scenarios()
    {
        m_l.heading(QObject::tr("What-if scenarios"), 1, m_sections, m_pages);
        if (m_c.scenarios.empty()) {
            m_l.text(QObject::tr("No scenario is saved in this database. Save one on the What-if page (Ctrl+5) or with "
                                 "ettw whatif --scenario FILE --save; it is projected here on every report."),
                font(9.5));
            return;
        }
        m_l.text(QObject::tr("Each scenario scales or replaces buckets, phase subcategories, interruptions or the "
                             "checkpoint interval of its cohort's whole jobs, keeps their productive time, and "
                             "projects ETT% from the time removed. The steps add up exactly from today to the "
                             "projection (%1).")
                     .arg(weightingName(m_w)),
            font(9), kMuted);
        for (const auto& sc : m_c.scenarios) {
            const QString cohort = QObject::tr("Cohort: %1 · saved %2")
                                       .arg(sc.scenario.cohort.empty() ? QObject::tr("every job")
                                                                       : QString::fromStdString(sc.scenario.cohort),
                                           savedAtText(sc.savedAt));
            // The scenario's heading, cohort, table and note on one page (its table went over to
            // the next page and left the heading behind).
            const double keep = m_l.textHeight(cohort, font(9), m_l.width())
                + (sc.result ? m_l.tableHeight(sc.result->steps.size() + 2, font(9)) + 30 : 14);
            m_l.heading(QString::fromStdString(sc.scenario.name), 2, nullptr, nullptr, keep);
            m_l.text(cohort, font(9));
            if (!sc.result) {
                m_l.text(QObject::tr("Could not be projected: %1").arg(qs(sc.error)), font(9), kMuted);
                continue;
            }
            const core::WhatIfResult& r = *sc.result;
            const bool gpu = m_w == Weighting::Gpu;
            const auto today = gpu ? r.todayPico : r.todayPicoTime;
            const auto projected = gpu ? r.projectedPico : r.projectedPicoTime;
            std::vector<QStringList> rows;
            rows.push_back(
                { QObject::tr("ETT% today (%1)").arg(QObject::tr("%Ln job(s)", "", static_cast<int>(r.jobs))),
                    picoPercent(today), QString(), QString() });
            for (const auto& step : sc.result->steps) {
                const core::Wide saved = gpu ? step.totalSavedGpuNs : step.totalSavedNs;
                QString applies = formatCount(step.attemptsChanged);
                if (step.jobsNotApplicable > 0) {
                    applies += QObject::tr(" (%1 n/a)").arg(formatCount(step.jobsNotApplicable));
                }
                rows.push_back({ QString::fromStdString(step.change),
                    pp(static_cast<double>(gpu ? step.pico : step.picoTime) * 1e-12, 3), hoursText(saved, m_w),
                    applies });
            }
            rows.push_back({ QObject::tr("ETT% projected"), picoPercent(projected),
                hoursText(gpu ? r.today.e2eGpuNs - r.projectedE2eGpuNs : r.today.e2eNs - r.projectedE2eNs, m_w),
                QString() });
            m_l.table({ { QObject::tr("step"), 0.42, Qt::AlignLeft }, { QObject::tr("ETT%"), 0.18 },
                          { QObject::tr("saved"), 0.22 }, { QObject::tr("changed"), 0.18 } },
                rows, font(9), { 0, static_cast<int>(rows.size()) - 1 });
            m_l.text(QObject::tr("Failures %1 today, %2 projected; preemptions %3 today, %4 projected. changed: "
                                 "attempts (jobs, for the interval) whose time changed; n/a: jobs without a "
                                 "measured interval, save or time between interruptions.")
                         .arg(formatCount(r.today.failures), formatCount(r.projectedFailures),
                             formatCount(r.today.preemptions), formatCount(r.projectedPreemptions)),
                font(8), kMuted);
        }
    }

    // A part of Time to Recover in the report's language (core::TtrBridge::partName's order).
    static QString ttrPartLabel(size_t part)
    {
        const QString names[] = { QObject::tr("detect"), QObject::tr("restart"), QObject::tr("start-up") };
        static_assert(core::TtrBridge::kParts == 3);
        return part < core::TtrBridge::kParts ? names[part] : QString::fromLatin1(core::TtrBridge::partName(part));
    }

    // Time to Recover's bridge (spec 7.1): A's mean, the change of each part's mean, B's mean.
    void writeTtrBridge(const core::TtrBridge& bridge)
    {
        m_l.heading(QObject::tr("Time to Recover from A to B"), 2, nullptr, nullptr);
        auto ns = [](double seconds) { return static_cast<int64_t>(std::llround(seconds * 1e9)); };
        std::vector<QStringList> rows;
        rows.push_back({ QObject::tr("mean of A (%1)")
                             .arg(QObject::tr("%Ln recoveries", "", static_cast<int>(bridge.recoveriesA))),
            formatDuration(ns(bridge.meanTotalA())) });
        for (size_t p = 0; p < core::TtrBridge::kParts; ++p) {
            rows.push_back({ ttrPartLabel(p), signedDuration(ns(bridge.meanA(p)), ns(bridge.meanB(p))) });
        }
        rows.push_back({ QObject::tr("mean of B (%1)")
                             .arg(QObject::tr("%Ln recoveries", "", static_cast<int>(bridge.recoveriesB))),
            formatDuration(ns(bridge.meanTotalB())) });
        m_l.table({ { QObject::tr("step"), 0.6, Qt::AlignLeft }, { QObject::tr("change of the mean"), 0.4 } }, rows,
            font(9), { 0, static_cast<int>(rows.size()) - 1 });
        m_l.text(
            QObject::tr("Per recovery that trained again: detect (fault to the attempt's end), restart (to the next "
                        "attempt's start), start-up (to training again). Means, because they add up: A's mean "
                        "and the three steps give B's."),
            font(8), kMuted);
    }

    void comparison(const core::Comparison& c)
    {
        m_l.heading(QObject::tr("Comparison: A against B"), 1, m_sections, m_pages);
        m_l.text(QObject::tr("A: %1 (%2, %3 GPU-days)")
                     .arg(QString::fromStdString(c.specA), QObject::tr("%Ln job(s)", "", static_cast<int>(c.jobsA)),
                         decimal(c.gpuDaysA, 1)),
            font(10));
        m_l.text(QObject::tr("B: %1 (%2, %3 GPU-days)")
                     .arg(QString::fromStdString(c.specB), QObject::tr("%Ln job(s)", "", static_cast<int>(c.jobsB)),
                         decimal(c.gpuDaysB, 1)),
            font(10));
        m_l.space(6);
        auto interval = [&c](const std::optional<core::Interval>& ci) {
            if (c.tooFewJobs) {
                return QObject::tr("too few jobs");
            }
            return ci ? QObject::tr("%1 to %2").arg(formatPp(ci->low), formatPp(ci->high)) : QObject::tr("n/a");
        };
        m_l.table({ { QObject::tr("ETT%"), 0.24, Qt::AlignLeft }, { QStringLiteral("A"), 0.16 },
                      { QStringLiteral("B"), 0.16 }, { QObject::tr("change"), 0.16 },
                      { QObject::tr("%1% interval").arg(formatDecimal(c.confidence * 100, 0)), 0.28 } },
            { { QObject::tr("GPU-weighted"), formatPercent(c.ettA, 2), formatPercent(c.ettB, 2), pp(c.deltaPp),
                  interval(c.ci) },
                { QObject::tr("time-weighted"), formatPercent(c.ettATime, 2), formatPercent(c.ettBTime, 2),
                    pp(c.deltaPpTime), interval(c.ciTime) } },
            font(9.5));
        m_l.text(QObject::tr("The interval is a percentile bootstrap over jobs (%1 replicates, seed %2): each cohort's "
                             "jobs are drawn with replacement and ETT% recomputed.")
                     .arg(formatCount(c.replicates))
                     .arg(c.seed),
            font(8), kMuted);
        const auto& bridge = m_w == Weighting::Gpu ? c.bridge : c.bridgeTime;
        if (bridge) {
            m_l.heading(QObject::tr("Bridge from A to B (%1)").arg(weightingName(m_w)), 2, nullptr, nullptr, 300);
            const core::Figures& totalA = m_c.comparisonTotalA;
            const core::Figures& totalB = m_c.comparisonTotalB;
            m_l.block(300, [&](QPainter& p, const QRectF& r) {
                renderChart(p, r, [&](QChart* chart) {
                    fillBridgeChart(chart, bridge, totalA, totalB, m_w, kCohortA, kCohortB);
                    // The page is narrower than the window: at 8.5 pt the staggered bucket names
                    // still ran into each other ("checkpoint loadcheckpoint save"); 7 pt fits
                    // two categories each. The chart lays them out again on its resize.
                    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
                        QFont f = axis->labelsFont();
                        f.setPointSizeF(7);
                        axis->setLabelsFont(f);
                    }
                });
            });
            std::vector<QStringList> rows;
            rows.push_back({ QObject::tr("ETT% of A"), picoPercent(bridge->ettAPico) });
            for (const auto& s : bridge->steps) {
                if (s.pico != 0) {
                    rows.push_back({ bucketLabel(s.bucket), pp(s.pp(), 3) });
                }
            }
            rows.push_back({ QObject::tr("ETT% of B"), picoPercent(bridge->ettBPico) });
            m_l.table({ { QObject::tr("step"), 0.6, Qt::AlignLeft }, { QObject::tr("percentage points"), 0.4 } }, rows,
                font(9), { 0, static_cast<int>(rows.size()) - 1 });
            m_l.text(QObject::tr("A step is the change of a bucket's share of end-to-end time; less time lost in a "
                                 "bucket raises ETT%. The steps add up exactly from A to B."),
                font(8), kMuted);
        }
        m_l.heading(QObject::tr("Distributions"), 2, nullptr, nullptr);
        std::vector<QStringList> rows;
        for (const auto& d : c.distributions) {
            rows.push_back({ distributionLabel(d.name), formatCount(d.countA), formatCount(d.countB),
                formatDuration(d.a.p50), formatDuration(d.b.p50), signedDuration(d.a.p50, d.b.p50),
                signedDuration(d.a.p90, d.b.p90), signedDuration(d.a.p99, d.b.p99) });
        }
        m_l.table({ { QObject::tr("distribution"), 0.25, Qt::AlignLeft }, { QObject::tr("n A"), 0.08 },
                      { QObject::tr("n B"), 0.08 }, { QObject::tr("p50 A"), 0.115 }, { QObject::tr("p50 B"), 0.115 },
                      { QObject::tr("p50 change"), 0.12 }, { QObject::tr("p90 change"), 0.12 },
                      { QObject::tr("p99 change"), 0.12 } },
            rows, font(7.5));
        if (c.ttrBridge) {
            writeTtrBridge(*c.ttrBridge);
        }
        if (!c.causes.empty()) {
            m_l.heading(QObject::tr("Interruptions per 1,000 GPU-days"), 2, nullptr, nullptr);
            std::vector<QStringList> causes;
            auto rate = [](std::optional<double> r) { return r ? decimal(*r, 2) : QObject::tr("n/a"); };
            for (const auto& r : c.causes) {
                causes.push_back({ causeClassLabel(r.causeClass), rate(r.failuresA), rate(r.failuresB),
                    rate(r.preemptionsA), rate(r.preemptionsB) });
            }
            m_l.table({ { QObject::tr("cause class"), 0.28, Qt::AlignLeft }, { QObject::tr("failures A"), 0.18 },
                          { QObject::tr("failures B"), 0.18 }, { QObject::tr("preemptions A"), 0.18 },
                          { QObject::tr("preemptions B"), 0.18 } },
                causes, font(8.5));
        }
        for (const auto* list : { &c.regressions, &c.improvements }) {
            if (list->empty()) {
                continue;
            }
            m_l.heading(list == &c.regressions ? QObject::tr("Matched jobs: largest regressions")
                                               : QObject::tr("Matched jobs: largest improvements"),
                2, nullptr, nullptr);
            std::vector<QStringList> rows2;
            for (const auto& m : *list) {
                rows2.push_back({ matchedPairText(m), formatPercent(m.ettA, 2), formatPercent(m.ettB, 2), pp(m.deltaPp),
                    decimal(m.lostGpuHoursA, 1), decimal(m.lostGpuHoursB, 1) });
            }
            m_l.table({ { QObject::tr("job"), 0.3, Qt::AlignLeft }, { QObject::tr("ETT% A"), 0.13 },
                          { QObject::tr("ETT% B"), 0.13 }, { QObject::tr("change"), 0.14 },
                          { QObject::tr("lost GPU-h A"), 0.15 }, { QObject::tr("lost GPU-h B"), 0.15 } },
                rows2, font(8.5));
        }
        m_l.text(QObject::tr("%1 pairs matched by %2.")
                     .arg(formatCount(c.matchedJobs), QString::fromStdString(m_c.comparisonMatchedBy))
                + QLatin1Char(' ') + matchingSummaryText(c.matching, QString::fromStdString(m_c.comparisonMatchedBy)),
            font(8), kMuted);
    }

    const ReportContent& m_c;
    Layout& m_l;
    QStringList* m_sections;
    std::vector<int>* m_pages;
    const QStringList& m_toc;
    const std::vector<int>& m_tocPages;
    Weighting m_w;
    QString m_root; // the folder every imported file is in ("" when none)
    std::map<std::string, QString> m_labelFolder; // the folder of each label's files
};

} // namespace

std::optional<QPageSize::PageSizeId> parsePageSize(const QString& name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("a4")) {
        return QPageSize::A4;
    }
    if (n == QLatin1String("letter")) {
        return QPageSize::Letter;
    }
    return std::nullopt;
}

int paintReport(QPagedPaintDevice& device, const ReportContent& content, QStringList* sectionsOut)
{
    const QString footer = QObject::tr("%1 · ETT Workbench %2 · %3")
                               .arg(titleOf(content.request), qs(content.version), qs(content.generatedUtc));
    // 1. Dry run: where each section lands, and how many pages there are.
    QStringList sections;
    std::vector<int> pages;
    int total = 0;
    {
        Layout dry(device, nullptr, footer, 0);
        const QStringList noToc;
        const std::vector<int> noPages;
        // The contents take as many rows as there are sections: a first dry run finds them.
        ReportPainter(content, dry, &sections, &pages, noToc, noPages).run();
    }
    {
        QStringList again;
        std::vector<int> againPages;
        Layout dry(device, nullptr, footer, 0);
        ReportPainter(content, dry, &again, &againPages, sections, pages).run();
        sections = again;
        pages = againPages;
        total = dry.page();
    }
    // 2. The real run, with the contents' page numbers and the page count known.
    QPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    Layout layout(device, &painter, footer, total);
    QStringList drawn;
    std::vector<int> drawnPages;
    ReportPainter(content, layout, &drawn, &drawnPages, sections, pages).run();
    painter.end();
    if (sectionsOut) {
        *sectionsOut = drawn;
    }
    return layout.page();
}

core::Status writeReportPdf(const ReportContent& content, const QString& path, QPageSize::PageSizeId size, int* pages)
{
    // Written beside the target and renamed at the end: all or nothing.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return core::Error { path.toStdString() + ": cannot write: " + file.errorString().toStdString() };
    }
    {
        QPdfWriter writer(&file);
        writer.setResolution(96);
        writer.setPageSize(QPageSize(size));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(titleOf(content.request));
        writer.setCreator(QStringLiteral("ETT Workbench %1").arg(qs(content.version)));
        const int n = paintReport(writer, content);
        if (pages) {
            *pages = n;
        }
    }
    if (!file.commit()) {
        return core::Error { path.toStdString() + ": cannot write: " + file.errorString().toStdString() };
    }
    return core::Status::success();
}

} // namespace ett::app
