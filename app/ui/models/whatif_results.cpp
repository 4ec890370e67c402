#include "app/ui/models/whatif_results.h"

#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/pages/page_widgets.h"

#include <QHeaderView>
#include <QTableWidget>

#include <cmath>
#include <utility>

namespace ett::app {

namespace {

constexpr double kPicoPerPp = 1e12;

// Better and worse (Okabe-Ito bluish green and vermillion, darkened to read as text on white).
const QColor kBetter(0x00, 0x7A, 0x57);
const QColor kWorse(0xC0, 0x39, 0x00);
const QColor kToday(0x8C, 0x8C, 0x8C);

// The colour of a change's bar: the bucket it takes time from.
QColor changeColor(const core::WhatIfChange& c)
{
    switch (c.target) {
    case core::WhatIfTarget::Bucket:
        return bucketColor(c.bucket);
    case core::WhatIfTarget::Phase:
        return bucketColor(core::bucketOfCategory(c.category).value_or(core::Bucket::Idle));
    case core::WhatIfTarget::Interruptions:
        return bucketColor(core::Bucket::Recovery);
    case core::WhatIfTarget::CheckpointInterval:
        return bucketColor(core::Bucket::CheckpointSave);
    }
    return {};
}

std::optional<double> percentOfPico(const std::optional<int64_t>& pico)
{
    return pico ? std::optional<double>(static_cast<double>(*pico) / kPicoPerPp) : std::nullopt;
}

// "74.21% → 78.90%".
QString fromTo(const std::optional<int64_t>& today, const std::optional<int64_t>& projected)
{
    return QStringLiteral("%1 → %2").arg(
        formatPercent(percentOfPico(today), 2), formatPercent(percentOfPico(projected), 2));
}

std::optional<double> changePp(const std::optional<int64_t>& today, const std::optional<int64_t>& projected)
{
    return today && projected ? std::optional<double>(static_cast<double>(*projected - *today) / kPicoPerPp)
                              : std::nullopt;
}

QString signedPico(int64_t pico)
{
    return formatPp(static_cast<double>(pico) / kPicoPerPp);
}

// The counts today and projected (projections keep every job and its training), and the jobs an
// interval change did not apply to.
void addFacts(WhatIfHeadline& h, const WhatIfData& data)
{
    const core::WhatIfResult& r = data.result;
    core::Wide savedGpuNs = 0;
    std::optional<int64_t> notApplicable;
    for (const auto& s : r.steps) {
        savedGpuNs += s.totalSavedGpuNs;
    }
    for (size_t i = 0; i < r.steps.size() && i < data.request.changes.size(); ++i) {
        if (data.request.changes[i].target == core::WhatIfTarget::CheckpointInterval) {
            notApplicable = notApplicable.value_or(0) + r.steps[i].jobsNotApplicable;
        }
    }
    auto row = [](const QString& name, const QString& before, const QString& after) {
        return QStringLiteral("<tr><td>%1</td><td align=right>&nbsp;&nbsp;%2</td><td>&nbsp;→&nbsp;</td>"
                              "<td align=right><b>%3</b></td></tr>")
            .arg(name, before, after);
    };
    const QString e2e = formatHours(nsToHours(r.today.e2eGpuNs), QString());
    const QString e2eProjected = formatHours(nsToHours(r.projectedE2eGpuNs), QString());
    h.facts = QStringLiteral("<table cellspacing=0>")
        + row(QObject::tr("Jobs"), formatCount(r.jobs), formatCount(r.jobs))
        + row(QObject::tr("Failures"), formatCount(r.today.failures), formatCount(r.projectedFailures))
        + row(QObject::tr("Preemptions"), formatCount(r.today.preemptions), formatCount(r.projectedPreemptions))
        + row(QObject::tr("E2E GPU-h"), e2e, e2eProjected) + QStringLiteral("</table>");
    h.factsTip = QObject::tr("%Ln attempt(s) · %1 saved in all · projections keep every job and its training", "",
        static_cast<int>(r.attempts))
                     .arg(formatHours(nsToHours(savedGpuNs), QStringLiteral("GPU-h")));
    h.intervalNote = notApplicable
        ? QObject::tr(
            "The interval change did not apply to %1 (no measured interval, blocking per save or interruption).")
              .arg(QObject::tr("%Ln job(s)", "", static_cast<int>(*notApplicable)))
        : QString();
}

} // namespace

// --- the headline ------------------------------------------------------------------------------------

WhatIfHeadline whatIfHeadline(const WhatIfData& data, Weighting w)
{
    const Weighting other = w == Weighting::Gpu ? Weighting::Time : Weighting::Gpu;
    const core::WhatIfResult& r = data.result;
    auto ends = [&r](Weighting weighting) {
        return weighting == Weighting::Gpu ? std::pair { r.todayPico, r.projectedPico }
                                           : std::pair { r.todayPicoTime, r.projectedPicoTime };
    };
    const auto [today, projected] = ends(w);
    const auto [otherToday, otherProjected] = ends(other);
    WhatIfHeadline h;
    h.title = QObject::tr("ETT% today → projected (%1) · %2").arg(weightingName(w), cohortLabel(data.cohortText));
    h.headline = fromTo(today, projected);
    h.headlineTip = QObject::tr("Exactly %1% today, %2% projected")
                        .arg(today ? qs(core::formatPico(*today)) : QStringLiteral("–"),
                            projected ? qs(core::formatPico(*projected)) : QStringLiteral("–"));
    const auto pp = changePp(today, projected);
    h.change = formatPp(pp);
    h.changeStyle = pp && *pp != 0 ? QStringLiteral("color: %1;").arg((*pp > 0 ? kBetter : kWorse).name()) : QString();
    h.other = QObject::tr("%1: %2 (%3)")
                  .arg(weightingName(other), fromTo(otherToday, otherProjected),
                      formatPp(changePp(otherToday, otherProjected)));
    addFacts(h, data);
    return h;
}

// --- the bridge --------------------------------------------------------------------------------------

QString whatIfBridgeTitle(Weighting w)
{
    return QObject::tr("Bridge from ETT% today to projected, a bar per change (%1)").arg(weightingName(w));
}

QString changeText(const core::WhatIfChange& c)
{
    QString what;
    switch (c.target) {
    case core::WhatIfTarget::Bucket:
        what = bucketLabel(c.bucket);
        break;
    case core::WhatIfTarget::Phase:
        what = qs(std::string(core::categoryName(c.category)) + "." + c.subcategory);
        break;
    case core::WhatIfTarget::Interruptions:
        what = c.interruptions == core::InterruptionClass::Failures   ? QObject::tr("failures")
            : c.interruptions == core::InterruptionClass::Preemptions ? QObject::tr("preemptions")
                                                                      : QObject::tr("interruptions");
        break;
    case core::WhatIfTarget::CheckpointInterval:
        what = QObject::tr("checkpoint interval");
        break;
    }
    if (c.optimal) {
        return QObject::tr("%1 = optimum").arg(what);
    }
    const QLocale locale = figuresLocale();
    if (c.setS) {
        return QObject::tr("%1 = %2 s").arg(what, locale.toString(*c.setS, 'g', 12));
    }
    return QObject::tr("%1 x%2").arg(what, locale.toString(c.scale.value_or(1.0), 'g', 12));
}

std::optional<Waterfall> whatIfBridge(const WhatIfData& data, Weighting w)
{
    const core::WhatIfResult& r = data.result;
    const bool gpu = w == Weighting::Gpu;
    const auto today = gpu ? r.todayPico : r.todayPicoTime;
    const auto projected = gpu ? r.projectedPico : r.projectedPicoTime;
    if (!today || !projected) {
        return std::nullopt;
    }
    auto end = [](const QString& name, int64_t pico, const QColor& color) {
        return WaterfallEnd { QStringLiteral("<b>%1</b>").arg(name), QObject::tr("ETT% %1").arg(name), pico, color,
            QObject::tr("ETT% %1: %2 (exactly %3%)")
                .arg(name, formatPercent(static_cast<double>(pico) / kPicoPerPp, 4), qs(core::formatPico(pico))) };
    };
    Waterfall waterfall;
    waterfall.title = whatIfBridgeTitle(w);
    waterfall.start = end(QObject::tr("today"), *today, kToday);
    waterfall.end = end(QObject::tr("projected"), *projected, bucketColor(core::Bucket::Productive));
    for (size_t i = 0; i < r.steps.size(); ++i) {
        const core::WhatIfStep& s = r.steps[i];
        const int64_t pico = gpu ? s.pico : s.picoTime;
        const core::Wide saved = gpu ? s.totalSavedGpuNs : s.totalSavedNs;
        const QColor color = i < data.request.changes.size() ? changeColor(data.request.changes[i]) : QColor(Qt::gray);
        const QString name = i < data.request.changes.size() ? changeText(data.request.changes[i]) : qs(s.change);
        waterfall.steps.push_back({ name, pico, color,
            QObject::tr("%1: %2 of ETT% (exactly %3 pp)\n%4 %5 (%6)")
                .arg(name, signedPico(pico), qs(core::formatPico(pico, true)),
                    saved >= 0 ? QObject::tr("saves") : QObject::tr("adds"),
                    formatHours(std::abs(nsToHours(saved)), hoursUnit(w)),
                    QObject::tr("%Ln attempt(s) changed", "", static_cast<int>(s.attemptsChanged))) });
    }
    return waterfall;
}

// --- the steps ---------------------------------------------------------------------------------------

void fillWhatIfSteps(QTableWidget* table, const WhatIfData& data)
{
    const core::WhatIfResult& r = data.result;
    auto addRow = [table](const QString& change, core::Wide gpuNs, core::Wide ns, int64_t pico, int64_t picoTime,
                      const QString& attempts, const QString& notApplicable, bool bold) {
        const int row = table->rowCount();
        table->insertRow(row);
        const QList<QTableWidgetItem*> items = {
            makeExactCell(change, change, false),
            makeExactCell(formatHours(nsToHours(gpuNs), QString()), exactSeconds(gpuNs)),
            makeExactCell(formatHours(nsToHours(ns), QString()), exactSeconds(ns)),
            makeExactCell(signedPico(pico), QVariant::fromValue(ExactNumber { qs(core::formatPico(pico)) })),
            makeExactCell(signedPico(picoTime), QVariant::fromValue(ExactNumber { qs(core::formatPico(picoTime)) })),
            makeExactCell(attempts, {}),
            makeExactCell(notApplicable, {}),
        };
        for (int c = 0; c < items.size(); ++c) {
            QFont f = items[c]->font();
            f.setBold(bold);
            items[c]->setFont(f);
            table->setItem(row, c, items[c]);
        }
    };
    core::Wide gpuNs = 0;
    core::Wide ns = 0;
    int64_t pico = 0;
    int64_t picoTime = 0;
    for (size_t i = 0; i < r.steps.size(); ++i) {
        const core::WhatIfStep& s = r.steps[i];
        const bool interval = i < data.request.changes.size()
            && data.request.changes[i].target == core::WhatIfTarget::CheckpointInterval;
        addRow(i < data.request.changes.size() ? changeText(data.request.changes[i]) : qs(s.change), s.totalSavedGpuNs,
            s.totalSavedNs, s.pico, s.picoTime, formatCount(s.attemptsChanged),
            interval ? formatCount(s.jobsNotApplicable) : QStringLiteral("–"), false);
        gpuNs += s.totalSavedGpuNs;
        ns += s.totalSavedNs;
        pico += s.pico;
        picoTime += s.picoTime;
    }
    if (!r.steps.empty()) {
        // today + the steps == projected, exactly: the total row is the headline's change.
        addRow(QObject::tr("all changes"), gpuNs, ns, pico, picoTime, QString(), QString(), true);
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

} // namespace ett::app
