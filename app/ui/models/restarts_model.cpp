#include "app/ui/models/restarts_model.h"

#include "app/ui/export/table_export.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"

#include <QBrush>
#include <QColor>
#include <QStringList>

namespace ett::app {

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// "+30 s", "-10 min", "0 s".
QString changeText(int64_t ns)
{
    if (ns == 0) {
        return QStringLiteral("0 s");
    }
    return (ns < 0 ? QStringLiteral("−") : QStringLiteral("+")) + formatDuration(ns < 0 ? -ns : ns);
}

// The tint of a cell that grew: the lost-progress hue, light enough for black text.
QColor grewColor()
{
    return QColor(0xf6, 0xd2, 0xb8);
}

} // namespace

void RestartsModel::setRestarts(core::JobRestarts restarts)
{
    beginResetModel();
    m_r = std::move(restarts);
    endResetModel();
}

int RestartsModel::stageColumn(const QString& name) const
{
    for (size_t s = 0; s < m_r.stages.size(); ++s) {
        if (qs(m_r.stages[s].name) == name) {
            return FirstStageColumn + static_cast<int>(s);
        }
    }
    return -1;
}

QString RestartsModel::growthSummary() const
{
    if (m_r.rows.size() < 2) {
        return m_r.rows.empty() ? tr("No attempts.") : tr("One attempt: no restart to compare.");
    }
    QStringList growing;
    for (size_t s = 0; s < m_r.stages.size(); ++s) {
        const auto& t = m_r.trends[s];
        if (t.growing) {
            growing
                << tr("%1 (%2 → %3)").arg(qs(m_r.stages[s].name), formatDuration(t.firstNs), formatDuration(t.lastNs));
        }
    }
    const QString rule = tr("▲ grew from attempt %1 by at least %2 and %3%")
                             .arg(m_r.rows.front().attempt)
                             .arg(formatDuration(core::kGrowthMinNs))
                             .arg(core::kGrowthMinPercent);
    if (growing.isEmpty()) {
        return tr("No stage grows over the restarts. %1.").arg(rule);
    }
    // Growing: never shorter than at the attempt before, and the last attempt's grew (core::StageTrend).
    return tr("Growing over the restarts: %1. %2.").arg(growing.join(QStringLiteral(", ")), rule);
}

int RestartsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_r.rows.size());
}

int RestartsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : compileTagColumn() + 1;
}

QVariant RestartsModel::durationCell(std::optional<int64_t> ns, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return formatDuration(ns);
    case kSortRole:
        return ns ? QVariant::fromValue<qint64>(*ns) : QVariant::fromValue<qint64>(-1);
    case ExportValueRole:
        return ns ? exactSeconds(*ns) : QVariant::fromValue(nullptr);
    case Qt::ToolTipRole:
        return ns ? formatExactSeconds(*ns) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant RestartsModel::stageCell(const core::RestartRow& row, size_t s, int role) const
{
    const bool grew = row.grew[s] != 0;
    switch (role) {
    case Qt::DisplayRole:
        return formatDuration(row.stageNs[s]) + (grew ? QStringLiteral(" ▲") : QString());
    case Qt::BackgroundRole:
        return grew ? QVariant(QBrush(grewColor())) : QVariant();
    case Qt::ForegroundRole:
        return grew ? QVariant(QBrush(Qt::black)) : QVariant();
    case Qt::ToolTipRole: {
        QString tip = tr("%1: %2").arg(qs(m_r.stages[s].name), formatExactSeconds(row.stageNs[s]));
        if (row.previousAttempt) {
            tip += tr("\n%1 from attempt %2").arg(changeText(row.changeNs[s])).arg(m_r.rows.front().attempt);
        }
        if (grew) {
            tip += tr(" (grew: at least %1 and %2% more)")
                       .arg(formatDuration(core::kGrowthMinNs))
                       .arg(core::kGrowthMinPercent);
        }
        return tip;
    }
    default:
        return durationCell(row.stageNs[s], role);
    }
}

QVariant RestartsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const core::RestartRow& row = m_r.rows[static_cast<size_t>(index.row())];
    const int column = index.column();
    auto split = [&](int64_t core::TtrSplit::*part) {
        return row.recovery ? std::optional<int64_t>((*row.recovery).*part) : std::nullopt;
    };
    switch (column) {
    case AttemptColumn:
        if (role == Qt::DisplayRole || role == kSortRole || role == ExportValueRole) {
            return row.attempt;
        }
        if (role == Qt::ToolTipRole) {
            return tr("attempt %1 · %2%3")
                .arg(row.attempt)
                .arg(outcomeLabel(row.outcome), row.cause.empty() ? QString() : QStringLiteral(" · ") + qs(row.cause));
        }
        return role == Qt::TextAlignmentRole ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case AfterColumn: {
        // The outcome in the cell (narrow docks), the cause in the tool tip.
        const QString text = row.previousAttempt ? outcomeLabel(row.previousOutcome) : tr("first start");
        if (role == Qt::DisplayRole || role == kSortRole || role == ExportValueRole) {
            return text;
        }
        if (role == Qt::ToolTipRole && row.previousAttempt) {
            return tr("attempt %1 %2%3")
                .arg(*row.previousAttempt)
                .arg(text, row.previousCause.empty() ? QString() : tr(", cause %1").arg(qs(row.previousCause)));
        }
        return {};
    }
    case DetectColumn:
        return durationCell(split(&core::TtrSplit::detectNs), role);
    case RestartColumn:
        return durationCell(split(&core::TtrSplit::restartNs), role);
    case LostColumn:
        return durationCell(row.lostProgressNs, role);
    case StartupColumn:
        if (role == Qt::DisplayRole) {
            return formatDuration(row.startupNs) + (row.trained ? QString() : tr(" (never trains)"));
        }
        return durationCell(row.startupNs, role);
    default:
        break;
    }
    if (column < compileTagColumn()) {
        return stageCell(row, static_cast<size_t>(column - FirstStageColumn), role);
    }
    const QString tag = row.compileTagText().empty() ? tr("–") : qs(row.compileTagText());
    if (role == Qt::DisplayRole || role == kSortRole || role == ExportValueRole) {
        return tag;
    }
    if (role == Qt::ToolTipRole) {
        QStringList parts;
        for (int t = 0; t < core::kCompileTagCount; ++t) {
            const int64_t ns = row.compileTagNs[static_cast<size_t>(t)];
            if (ns > 0) {
                parts << tr("%1 %2").arg(
                    qs(core::compileTagName(static_cast<core::CompileTag>(t))), formatDuration(ns));
            }
        }
        return parts.isEmpty() ? tr("No compile time in the start-up") : parts.join(QStringLiteral(", "));
    }
    return {};
}

QVariant RestartsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) {
        return {};
    }
    static const QStringList fixed { tr("Attempt"), tr("After"), tr("Detect"), tr("Restart"), tr("Lost"),
        tr("Start-up") };
    static const QStringList tips { tr("The attempt's number"), tr("How the previous attempt ended, and its cause"),
        tr("Fault to the previous attempt's end (spec 7.1)"), tr("The gap before this attempt (spec 7.1)"),
        tr("Progress the previous attempt's interruption lost (spec 5.3)"),
        tr("From this attempt's start to its first training (its Time to Start)") };
    QString header;
    QString tip;
    if (section < FirstStageColumn) {
        header = fixed.value(section);
        tip = tips.value(section);
    } else if (section < compileTagColumn()) {
        const auto& st = m_r.stages[static_cast<size_t>(section - FirstStageColumn)];
        const QString name = qs(st.name);
        // Sub-stages by their subcategory ("process_group_init"), their category in the tool tip.
        header = st.substage ? QStringLiteral("· ") + name.section(QLatin1Char('.'), 1) : name;
        tip = st.substage
            ? tr("%1: the part of %2 its phases cover (any rank)").arg(name, qs(core::categoryName(*st.category)))
            : tr("%1: bucket time in the start-up").arg(name);
    } else if (section == compileTagColumn()) {
        header = tr("Compile tag");
        tip = tr("cold, warm or cache_hit as the compile phases' subcategory says; untagged when it says none");
    }
    switch (role) {
    case Qt::DisplayRole:
        return header;
    case Qt::ToolTipRole:
        return tip;
    case ExportKeyRole:
        if (section >= DetectColumn && section < compileTagColumn()) {
            return (section < FirstStageColumn ? header
                                               : qs(m_r.stages[static_cast<size_t>(section - FirstStageColumn)].name))
                + QStringLiteral(" s");
        }
        return {};
    default:
        return {};
    }
}

} // namespace ett::app
