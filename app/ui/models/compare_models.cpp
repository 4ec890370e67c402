#include "app/ui/models/compare_models.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/data/types.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "core/model/timeutil.h"

#include <QBrush>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

constexpr Qt::Alignment kNumber = Qt::AlignRight | Qt::AlignVCenter;
constexpr Qt::Alignment kText = Qt::AlignLeft | Qt::AlignVCenter;

QVariant alignment(bool number)
{
    return QVariant::fromValue(static_cast<int>(number ? kNumber : kText));
}

QVariant absent()
{
    return QVariant::fromValue(nullptr);
}

// Sign of a change: for durations and rates, up is worse. Invalid for no change.
QColor changeColor(double change, bool upIsWorse)
{
    if (change == 0) {
        return {};
    }
    return (change > 0) == upIsWorse ? worseColor() : betterColor();
}

QVariant foreground(const QColor& color)
{
    return color.isValid() ? QVariant(QBrush(color)) : QVariant();
}

// A change of a duration: "+1 min 05 s (+12.0%)", "−20 s (−3.1%)", "0 s".
QString signedDuration(std::optional<int64_t> a, std::optional<int64_t> b)
{
    if (!a || !b) {
        return QStringLiteral("–");
    }
    const int64_t d = *b - *a;
    QString s = (d < 0          ? QStringLiteral("−")
                        : d > 0 ? QStringLiteral("+")
                                : QString())
        + formatDuration(d < 0 ? -d : d);
    if (*a > 0 && d != 0) {
        const double percent = static_cast<double>(d) / static_cast<double>(*a) * 100.0;
        s += QStringLiteral(" (%1%2%)")
                 .arg(percent < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                 .arg(formatDecimal(std::abs(percent), 1));
    }
    return s;
}

int64_t secondsToNs(double seconds)
{
    return static_cast<int64_t>(std::llround(seconds * 1e9));
}

QString rateText(std::optional<double> rate)
{
    return rate ? formatDecimal(*rate, 2) : QStringLiteral("–");
}

const QStringList& changesHeaders()
{
    static const QStringList headers = { QObject::tr("Distribution"), QObject::tr("n A / B"), QObject::tr("p50 A"),
        QObject::tr("p50 B"), QObject::tr("p50 change"), QObject::tr("p90 A"), QObject::tr("p90 B"),
        QObject::tr("p90 change"), QObject::tr("p99 A"), QObject::tr("p99 B"), QObject::tr("p99 change") };
    return headers;
}

const QStringList& causesHeaders()
{
    static const QStringList headers
        = { QObject::tr("Cause class"), QObject::tr("Failures A → B"), QObject::tr("Preemptions A → B") };
    return headers;
}

const QStringList& matchedHeaders()
{
    static const QStringList headers = { QObject::tr("Job"), QObject::tr("ETT% A"), QObject::tr("ETT% B"),
        QObject::tr("Change"), QObject::tr("Lost A"), QObject::tr("Lost B"), QObject::tr("Not alike") };
    return headers;
}

// The header's text, or nothing for other roles and vertical headers.
QVariant headerText(const QStringList& headers, int section, Qt::Orientation orientation, int role)
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= headers.size()) {
        return {};
    }
    return headers[section];
}

} // namespace

// --- distributions --------------------------------------------------------------------------------

void DistributionChangesModel::setChanges(std::vector<core::DistributionChange> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int DistributionChangesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

int DistributionChangesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(changesHeaders().size());
}

Qt::ItemFlags DistributionChangesModel::flags(const QModelIndex& index) const
{
    return index.isValid() ? Qt::ItemIsSelectable | Qt::ItemIsEnabled : Qt::NoItemFlags;
}

QVariant DistributionChangesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // JSON keys name the units of the exact values of the percentile columns.
    if (orientation == Qt::Horizontal && role == ExportKeyRole && section >= 2 && section < columnCount()) {
        return changesHeaders()[section] + QStringLiteral(" s");
    }
    return headerText(changesHeaders(), section, orientation, role);
}

QVariant DistributionChangesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const core::DistributionChange& d = m_changes[static_cast<size_t>(index.row())];
    if (index.column() == 0) {
        const bool sub = d.name.find('.') != std::string::npos;
        switch (role) {
        case Qt::DisplayRole:
            return (sub ? QStringLiteral("   ") : QString()) + distributionLabel(d.name);
        case Qt::TextAlignmentRole:
            return alignment(false);
        case ExportValueRole:
            return qs(d.name);
        default:
            return {};
        }
    }
    if (index.column() == 1) {
        switch (role) {
        case Qt::DisplayRole:
            return QStringLiteral("%1 / %2").arg(formatCount(d.countA), formatCount(d.countB));
        case Qt::TextAlignmentRole:
            return alignment(true);
        case Qt::ToolTipRole:
            return tr("%Ln sample(s) in A, %1 in B", "", static_cast<int>(d.countA)).arg(formatCount(d.countB));
        case ExportValueRole:
            return QVariantMap { { QStringLiteral("a"), QVariant::fromValue<qint64>(d.countA) },
                { QStringLiteral("b"), QVariant::fromValue<qint64>(d.countB) } };
        default:
            return {};
        }
    }
    return percentileData(d, index.column(), role);
}

QVariant DistributionChangesModel::percentileData(const core::DistributionChange& d, int column, int role) const
{
    // Three columns per percentile: A, B, the change.
    static const std::optional<int64_t> core::Percentiles::*const kMembers[]
        = { &core::Percentiles::p50, &core::Percentiles::p90, &core::Percentiles::p99 };
    const auto member = kMembers[(column - 2) / 3];
    const int kind = (column - 2) % 3;
    const std::optional<int64_t> a = d.a.*member;
    const std::optional<int64_t> b = d.b.*member;
    const auto exact = [](std::optional<int64_t> ns) { return ns ? exactSeconds(*ns) : absent(); };
    switch (role) {
    case Qt::DisplayRole:
        return kind == 0 ? formatDuration(a) : kind == 1 ? formatDuration(b) : signedDuration(a, b);
    case Qt::TextAlignmentRole:
        return alignment(true);
    case ExportValueRole:
        if (kind < 2) {
            return exact(kind == 0 ? a : b);
        }
        return a && b ? exact(*b - *a) : absent();
    case Qt::ForegroundRole:
        return kind == 2 && a && b ? foreground(changeColor(static_cast<double>(*b - *a), true)) : QVariant();
    default:
        return {};
    }
}

// --- interruption rates -----------------------------------------------------------------------------

void CauseRatesModel::setRates(std::vector<core::CauseRate> rates)
{
    beginResetModel();
    m_rates = std::move(rates);
    endResetModel();
}

int CauseRatesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rates.size());
}

int CauseRatesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(causesHeaders().size());
}

Qt::ItemFlags CauseRatesModel::flags(const QModelIndex& index) const
{
    return index.isValid() ? Qt::ItemIsSelectable | Qt::ItemIsEnabled : Qt::NoItemFlags;
}

QVariant CauseRatesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return headerText(causesHeaders(), section, orientation, role);
}

QVariant CauseRatesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const core::CauseRate& rate = m_rates[static_cast<size_t>(index.row())];
    if (index.column() == 0) {
        return role == Qt::DisplayRole      ? QVariant(causeClassLabel(rate.causeClass))
            : role == Qt::TextAlignmentRole ? alignment(false)
                                            : QVariant();
    }
    // "A → B" per kind of interruption.
    const bool failures = index.column() == 1;
    const std::optional<double> a = failures ? rate.failuresA : rate.preemptionsA;
    const std::optional<double> b = failures ? rate.failuresB : rate.preemptionsB;
    const int64_t countA = failures ? rate.countFailuresA : rate.countPreemptionsA;
    const int64_t countB = failures ? rate.countFailuresB : rate.countPreemptionsB;
    const auto number = [](std::optional<double> v) { return v ? QVariant(*v) : absent(); };
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1 → %2").arg(rateText(a), rateText(b));
    case Qt::TextAlignmentRole:
        return alignment(true);
    case Qt::ToolTipRole:
        return tr("%1 %3 per 1,000 GPU-days in A (%2), %4 in B (%5)")
            .arg(rateText(a), formatCount(countA), failures ? tr("failures") : tr("preemptions"), rateText(b),
                formatCount(countB));
    case ExportValueRole:
        return QVariantMap { { QStringLiteral("a"), number(a) }, { QStringLiteral("b"), number(b) },
            { QStringLiteral("countA"), QVariant::fromValue<qint64>(countA) },
            { QStringLiteral("countB"), QVariant::fromValue<qint64>(countB) } };
    case Qt::ForegroundRole:
        return a && b ? foreground(changeColor(*b - *a, true)) : QVariant();
    default:
        return {};
    }
}

// --- matched jobs -----------------------------------------------------------------------------------

void MatchedJobsModel::setJobs(std::vector<core::MatchedJob> regressions, std::vector<core::MatchedJob> improvements)
{
    beginResetModel();
    m_regressions = regressions.size();
    m_jobs = std::move(regressions);
    m_jobs.insert(m_jobs.end(), improvements.begin(), improvements.end());
    endResetModel();
}

QString MatchedJobsModel::matchAt(int row) const
{
    if (row < 0 || row >= rowCount()) {
        return {};
    }
    const core::MatchedJob& m = m_jobs[static_cast<size_t>(row)];
    return pairId(m.match, m.run);
}

QString MatchedJobsModel::pairId(const std::string& match, int32_t run)
{
    return qs(match) + QChar(0x1f) + QString::number(run);
}

int MatchedJobsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_jobs.size());
}

int MatchedJobsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(matchedHeaders().size());
}

Qt::ItemFlags MatchedJobsModel::flags(const QModelIndex& index) const
{
    return index.isValid() ? Qt::ItemIsSelectable | Qt::ItemIsEnabled : Qt::NoItemFlags;
}

QVariant MatchedJobsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= 4) {
        return section == 4 ? tr("GPU-hours A lost (E2E minus productive)")
            : section == 5  ? tr("GPU-hours B lost (E2E minus productive)")
                            : tr("Pairs whose jobs differ in name or GPU count: they may be two different jobs");
    }
    if (orientation == Qt::Horizontal && role == ExportKeyRole && section >= 3) {
        return section == 3 ? QStringLiteral("Change pp")
            : section == 4  ? QStringLiteral("Lost GPU-h A")
            : section == 5  ? QStringLiteral("Lost GPU-h B")
                            : QStringLiteral("Not alike");
    }
    return headerText(matchedHeaders(), section, orientation, role);
}

int MatchedJobsModel::notAlikeCount() const
{
    return static_cast<int>(
        std::count_if(m_jobs.begin(), m_jobs.end(), [](const auto& m) { return m.nameDiffers() || m.gpusDiffer(); }));
}

QString MatchedJobsModel::notAlikeText(const core::MatchedJob& m)
{
    QStringList parts;
    if (m.nameDiffers()) {
        parts << tr("names differ");
    }
    if (m.gpusDiffer()) {
        parts << tr("%1 → %2 GPUs").arg(formatCount(m.gpusA), formatCount(m.gpusB));
    }
    return parts.isEmpty() ? QString() : QStringLiteral("⚠ ") + parts.join(QStringLiteral(", "));
}

QVariant MatchedJobsModel::notAlikeData(const core::MatchedJob& m, int role) const
{
    const bool differs = m.nameDiffers() || m.gpusDiffer();
    switch (role) {
    case Qt::DisplayRole:
        return notAlikeText(m);
    case Qt::ToolTipRole: {
        const auto side = [](const std::string& name, int64_t gpus) {
            return tr("%1 (%2)").arg(
                name.empty() ? tr("no name") : qs(name), tr("%Ln GPU(s)", "", static_cast<int>(gpus)));
        };
        const QString pair = tr("A: %1\nB: %2").arg(side(m.nameA, m.gpusA), side(m.nameB, m.gpusB));
        return differs ? pair + QStringLiteral("\n\n")
                + tr("They may be two different jobs: read their change "
                     "with care, or match by name.")
                       : pair;
    }
    case ExportValueRole: {
        QVariantList flags;
        if (m.nameDiffers()) {
            flags << QStringLiteral("name_differs");
        }
        if (m.gpusDiffer()) {
            flags << QStringLiteral("gpus_differ");
        }
        return flags;
    }
    case Qt::ForegroundRole:
        return differs ? foreground(worseColor()) : QVariant();
    case Qt::TextAlignmentRole:
        return alignment(false);
    default:
        return {};
    }
}

QVariant MatchedJobsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const core::MatchedJob& m = m_jobs[static_cast<size_t>(index.row())];
    const bool regression = static_cast<size_t>(index.row()) < m_regressions;
    const QColor moved = regression ? worseColor() : betterColor();
    if (index.column() == 0) {
        switch (role) {
        case Qt::DisplayRole:
            return (regression ? QStringLiteral("▼ ") : QStringLiteral("▲ ")) + matchedPairText(m);
        case Qt::TextAlignmentRole:
            return alignment(false);
        case Qt::ToolTipRole:
            return (regression ? tr("%1: ETT% dropped") : tr("%1: ETT% rose")).arg(matchedPairText(m))
                + QLatin1Char('\n')
                + tr("A: %1 (%2)\nB: %3 (%4)").arg(qs(m.keyA), qs(m.labelA), qs(m.keyB), qs(m.labelB));
        case Qt::ForegroundRole:
            return foreground(moved);
        case MatchRole:
        case ExportValueRole:
            return qs(m.match);
        default:
            return {};
        }
    }
    if (index.column() == kNotAlikeColumn) {
        return notAlikeData(m, role);
    }
    const double values[] = { m.ettA, m.ettB, m.deltaPp, m.lostGpuHoursA, m.lostGpuHoursB };
    const double value = values[index.column() - 1];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() <= 2 ? formatPercent(value, 2)
            : index.column() == 3  ? formatPp(value)
                                   : formatHours(value, QString());
    case Qt::TextAlignmentRole:
        return alignment(true);
    case ExportValueRole:
        return value;
    case Qt::ForegroundRole:
        return index.column() == 3 ? foreground(moved) : QVariant();
    default:
        return {};
    }
}

QString ttrBridgeText(const std::optional<core::TtrBridge>& bridge)
{
    if (!bridge) {
        return QObject::tr("Time to Recover from A to B: a cohort has no interruption that trained again.");
    }
    QStringList steps;
    for (size_t p = 0; p < core::TtrBridge::kParts; ++p) {
        const int64_t step = secondsToNs(bridge->stepSeconds(p));
        const QString sign = step < 0 ? QStringLiteral("−") : step > 0 ? QStringLiteral("+") : QString();
        const QString text = QStringLiteral("%1 %2%3").arg(
            QString::fromLatin1(core::TtrBridge::partName(p)), sign, formatDuration(step < 0 ? -step : step));
        const QColor color = changeColor(static_cast<double>(step), true);
        steps << (color.isValid() ? QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), text)
                                  : text);
    }
    return QObject::tr("<b>Time to Recover</b>, mean per recovery: A %1 (%2) → %3 → B %4 (%5)")
        .arg(formatDuration(secondsToNs(bridge->meanTotalA())),
            QObject::tr("%Ln recoveries", "", static_cast<int>(bridge->recoveriesA)), steps.join(QStringLiteral(", ")),
            formatDuration(secondsToNs(bridge->meanTotalB())),
            QObject::tr("%Ln recoveries", "", static_cast<int>(bridge->recoveriesB)));
}

} // namespace ett::app
