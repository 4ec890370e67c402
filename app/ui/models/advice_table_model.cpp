#include "app/ui/models/advice_table_model.h"

#include "app/ui/export/exporters.h"
#include "app/ui/format/advice_text.h"
#include "app/ui/format/figures_format.h"

#include <QColor>
#include <QFont>

namespace ett::app {

namespace {

// Absent values sort below every real one (every figure here is >= 0).
constexpr double kAbsent = -1.0;
constexpr double kNsPerS = 1e9;

// A flagged row's tint and its flags' text (Okabe-Ito vermillion, lightened / darkened).
const QColor kFlaggedBackground(0xFB, 0xE6, 0xDA);
const QColor kFlagText(0xC0, 0x39, 0x00);
const QColor kMuted(0x99, 0x99, 0x99);

QVariant sortNumber(std::optional<double> v)
{
    return v ? *v : kAbsent;
}

QVariant sortNumber(std::optional<int64_t> v)
{
    return v ? static_cast<double>(*v) / kNsPerS : kAbsent;
}

// An optional number for JSON: the value, or null.
QVariant exportNumber(std::optional<double> v)
{
    return v ? QVariant(*v) : QVariant::fromValue(nullptr);
}

QVariant exportNs(std::optional<int64_t> ns)
{
    return ns ? exactSeconds(*ns) : QVariant::fromValue(nullptr);
}

// The gain in GPU-hours, or in hours of time: the waste saved at the optimum times the loop's time.
std::optional<double> gainHours(const core::CheckpointAdvice& a, Weighting w)
{
    if (w == Weighting::Gpu || !a.gainGpuHours) {
        return a.gainGpuHours;
    }
    return (*a.wastedCurrentPercent - *a.wastedOptimumPercent) / 100.0 * nsToHours(a.measured.loopNs);
}

bool hasAdvice(const core::CheckpointAdvice& a)
{
    return a.youngIntervalS.has_value();
}

// A job's own flags, or a group's count of flagged jobs.
bool isFlagged(const core::CheckpointAdvice& a)
{
    return !a.flags.empty() || a.flaggedJobs > 0;
}

} // namespace

AdviceTableModel::AdviceTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AdviceTableModel::setAdvice(const gpu::AdviceTable& table, const QString& groupBy)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(table.groups.size() + 1);
    m_rows.push_back(table.total);
    m_rows.insert(m_rows.end(), table.groups.begin(), table.groups.end());
    m_groupBy = groupBy;
    endResetModel();
}

void AdviceTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void AdviceTableModel::setWeighting(Weighting weighting)
{
    if (weighting == m_weighting) {
        return;
    }
    m_weighting = weighting;
    emit headerDataChanged(Qt::Horizontal, LoopHoursColumn, GainHoursColumn);
    if (!m_rows.empty()) {
        emit dataChanged(index(0, LoopHoursColumn), index(rowCount() - 1, GainHoursColumn));
    }
}

const core::CheckpointAdvice* AdviceTableModel::adviceAt(int row) const
{
    if (row < 0 || row >= rowCount()) {
        return nullptr;
    }
    return &m_rows[static_cast<size_t>(row)];
}

int AdviceTableModel::rowOfName(const QString& name) const
{
    // Groups first: a group may be called "fleet" too.
    for (int r = 1; r < rowCount(); ++r) {
        if (QString::fromStdString(m_rows[static_cast<size_t>(r)].name) == name) {
            return r;
        }
    }
    return !m_rows.empty() && QString::fromStdString(m_rows.front().name) == name ? 0 : -1;
}

QString AdviceTableModel::flagText(const std::string& flag)
{
    if (flag == "lost_progress_high") {
        return tr("lost progress high");
    }
    if (flag == "lost_progress_low") {
        return tr("lost progress low");
    }
    return QString::fromStdString(flag);
}

QString AdviceTableModel::flagsText(const core::CheckpointAdvice& a)
{
    if (!a.flags.empty()) {
        QStringList texts;
        for (const auto& f : a.flags) {
            texts << flagText(f);
        }
        return QStringLiteral("⚠ ") + texts.join(QStringLiteral(", "));
    }
    if (a.flaggedJobs > 0) {
        return QStringLiteral("⚠ ") + tr("%Ln job(s) flagged", "", static_cast<int>(a.flaggedJobs));
    }
    return hasAdvice(a) ? QString() : tr("no advice");
}

int AdviceTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int AdviceTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AdviceTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const core::CheckpointAdvice& a = m_rows[static_cast<size_t>(index.row())];
    const int column = index.column();
    const bool fleet = index.row() == 0;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(a, column);
    case SortRole:
        return sortData(a, column);
    case ExportValueRole:
        return exportData(a, column);
    case Qt::ToolTipRole:
        return toolTipData(a, column);
    case FleetRole:
        return fleet;
    case Qt::FontRole:
        if (fleet) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        return isFlagged(a) ? QVariant(kFlaggedBackground) : QVariant();
    case Qt::ForegroundRole:
        if (column == FlagsColumn) {
            return isFlagged(a) ? kFlagText : kMuted;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == NameColumn || column == FlagsColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        }
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant AdviceTableModel::displayData(const core::CheckpointAdvice& a, int column) const
{
    const core::CheckpointMeasure& m = a.measured;
    switch (column) {
    case NameColumn:
        // The first row is the whole fleet's: its name is a word of the window, not data.
        return nameText(a, !m_rows.empty() && &a == &m_rows.front());
    case JobsColumn:
        return formatCount(m.jobs);
    case LoopHoursColumn:
        return formatHours(
            nsToHours(m_weighting == Weighting::Gpu ? m.loopGpuNs : m.loopNs), QString()); // the header has the unit
    case InterruptionsColumn:
        return formatCount(m.interruptions);
    case MtbiColumn:
        return formatSeconds(m.mtbiS);
    case BlockingP50Column:
        return formatDuration(m.blockingP50Ns);
    case BlockingP90Column:
        return formatDuration(m.blockingP90Ns);
    case CurrentIntervalColumn:
        return formatSeconds(a.currentIntervalS);
    case YoungColumn:
        return formatSeconds(a.youngIntervalS);
    case DalyColumn:
        return a.dalyBoundary ? tr("%1 (b ≥ 2M)").arg(formatSeconds(a.dalyIntervalS)) : formatSeconds(a.dalyIntervalS);
    case WasteCurrentColumn:
        return formatPercent(a.wastedCurrentPercent, 2);
    case WasteOptimumColumn:
        return formatPercent(a.wastedOptimumPercent, 2);
    case GainColumn:
        return formatPp(a.gainPp);
    case GainHoursColumn: {
        const auto h = gainHours(a, m_weighting);
        return h ? formatHours(*h, QString()) : QStringLiteral("–");
    }
    case LostColumn:
        if (!m.lostPerInterruptionS) {
            return QStringLiteral("–");
        }
        if (!a.currentIntervalS || !a.lostRatio) {
            return formatSeconds(m.lostPerInterruptionS);
        }
        return tr("%1 (%2× I/2)").arg(formatSeconds(m.lostPerInterruptionS)).arg(formatDecimal(*a.lostRatio, 2));
    case FlagsColumn:
        return flagsText(a);
    default:
        return {};
    }
}

QVariant AdviceTableModel::sortData(const core::CheckpointAdvice& a, int column) const
{
    const core::CheckpointMeasure& m = a.measured;
    switch (column) {
    case NameColumn:
        return QString::fromStdString(a.name);
    case JobsColumn:
        return static_cast<double>(m.jobs);
    case LoopHoursColumn:
        return nsToHours(m_weighting == Weighting::Gpu ? m.loopGpuNs : m.loopNs);
    case InterruptionsColumn:
        return static_cast<double>(m.interruptions);
    case MtbiColumn:
        return sortNumber(m.mtbiS);
    case BlockingP50Column:
        return sortNumber(m.blockingP50Ns);
    case BlockingP90Column:
        return sortNumber(m.blockingP90Ns);
    case CurrentIntervalColumn:
        return sortNumber(a.currentIntervalS);
    case YoungColumn:
        return sortNumber(a.youngIntervalS);
    case DalyColumn:
        return sortNumber(a.dalyIntervalS);
    case WasteCurrentColumn:
        return sortNumber(a.wastedCurrentPercent);
    case WasteOptimumColumn:
        return sortNumber(a.wastedOptimumPercent);
    case GainColumn:
        return sortNumber(a.gainPp);
    case GainHoursColumn:
        return sortNumber(gainHours(a, m_weighting));
    case LostColumn:
        return sortNumber(a.lostRatio);
    case FlagsColumn:
        return static_cast<double>(a.flags.size() + static_cast<size_t>(a.flaggedJobs));
    default:
        return {};
    }
}

QVariant AdviceTableModel::exportData(const core::CheckpointAdvice& a, int column) const
{
    const core::CheckpointMeasure& m = a.measured;
    switch (column) {
    case NameColumn:
        return QString::fromStdString(a.name);
    case JobsColumn:
        return static_cast<qint64>(m.jobs);
    case LoopHoursColumn:
        return exactSeconds(m_weighting == Weighting::Gpu ? m.loopGpuNs : m.loopNs);
    case InterruptionsColumn:
        return static_cast<qint64>(m.interruptions);
    case MtbiColumn:
        return exportNumber(m.mtbiS);
    case BlockingP50Column:
        return exportNs(m.blockingP50Ns);
    case BlockingP90Column:
        return exportNs(m.blockingP90Ns);
    case CurrentIntervalColumn:
        return exportNumber(a.currentIntervalS);
    case YoungColumn:
        return exportNumber(a.youngIntervalS);
    case DalyColumn:
        return exportNumber(a.dalyIntervalS);
    case WasteCurrentColumn:
        return exportNumber(a.wastedCurrentPercent);
    case WasteOptimumColumn:
        return exportNumber(a.wastedOptimumPercent);
    case GainColumn:
        return exportNumber(a.gainPp);
    case GainHoursColumn: {
        const auto h = gainHours(a, m_weighting);
        return exportNumber(h ? std::optional<double>(*h * 3600.0) : std::nullopt);
    }
    case LostColumn:
        return QVariantMap { { QStringLiteral("lost_per_interruption_s"), exportNumber(m.lostPerInterruptionS) },
            { QStringLiteral("interruptions_known"), static_cast<qint64>(m.lostInterruptions) },
            { QStringLiteral("ratio_to_half_interval"), exportNumber(a.lostRatio) } };
    case FlagsColumn: {
        QVariantList flags;
        for (const auto& f : a.flags) {
            flags << QString::fromStdString(f);
        }
        return QVariantMap { { QStringLiteral("flags"), flags },
            { QStringLiteral("note"), QString::fromStdString(a.note) } };
    }
    default:
        return {};
    }
}

QString AdviceTableModel::nameText(const core::CheckpointAdvice& advice, bool fleetRow)
{
    return fleetRow && advice.name == "fleet" ? tr("fleet") : QString::fromStdString(advice.name);
}

QString AdviceTableModel::noteText(const core::CheckpointAdvice& a)
{
    // The same parts, in the same order, as core::adviseCheckpoint and adviseGroup write them.
    QStringList parts = adviceReasons(a);
    if (a.flaggedHigh + a.flaggedLow > 0) { // a group's jobs (one job says its flag above)
        QStringList why;
        if (a.flaggedHigh > 0) {
            why << tr("%Ln losing more than an interval per interruption", "", static_cast<int>(a.flaggedHigh));
        }
        if (a.flaggedLow > 0) {
            why << tr("%Ln losing far less than half an interval", "", static_cast<int>(a.flaggedLow));
        }
        parts << tr("%1 of %Ln job(s) flagged (%2)", "", static_cast<int>(a.measured.jobs))
                     .arg(formatCount(a.flaggedJobs), why.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

QVariant AdviceTableModel::toolTipData(const core::CheckpointAdvice& a, int column) const
{
    const core::CheckpointMeasure& m = a.measured;
    // A flagged row, or one without advice, says why on every cell.
    const QString note = noteText(a);
    auto withNote = [&](const QString& tip) { return note.isEmpty() ? tip : tip + QStringLiteral("\n\n") + note; };
    switch (column) {
    case NameColumn:
        return withNote(QString::fromStdString(a.name));
    case LoopHoursColumn:
        return withNote(
            tr("Train loop (productive + lost progress + checkpoint saves): %1 GPU-h, %2 h\nE2E: %3 GPU-h")
                .arg(formatHours(nsToHours(m.loopGpuNs), QString()), formatHours(nsToHours(m.loopNs), QString()),
                    formatHours(nsToHours(m.e2eGpuNs), QString())));
    case InterruptionsColumn:
    case MtbiColumn:
        return withNote(tr("%Ln interruption(s) after training had started; MTBI = loop time / interruptions = %1", "",
            static_cast<int>(m.interruptions))
                            .arg(formatSeconds(m.mtbiS)));
    case BlockingP50Column:
    case BlockingP90Column:
        return withNote(
            tr("Blocking time of a save over %Ln save(s): p50 %1, p90 %2 (nearest rank)", "", static_cast<int>(m.saves))
                .arg(formatDuration(m.blockingP50Ns), formatDuration(m.blockingP90Ns)));
    case CurrentIntervalColumn:
        return withNote(tr("Median of %Ln interval(s) between the starts of consecutive durable checkpoints of an "
                           "attempt",
            "", static_cast<int>(m.intervals)));
    case LostColumn:
        return withNote(tr("Lost progress per interruption %1 (known for %2 of %Ln interruption(s)) against half the "
                           "current interval, %3, where an interruption lands on average",
            "", static_cast<int>(m.interruptions))
                            .arg(formatSeconds(m.lostPerInterruptionS), formatCount(m.lostInterruptions),
                                a.currentIntervalS ? formatSeconds(*a.currentIntervalS / 2.0) : QStringLiteral("–")));
    default:
        return note.isEmpty() ? QVariant() : QVariant(note);
    }
}

QVariant AdviceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const bool gpu = m_weighting == Weighting::Gpu;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            if (m_groupBy.isEmpty()) {
                return tr("Scope");
            }
            if (m_groupBy == QLatin1String("job")) {
                return tr("Job");
            }
            return m_groupBy == QLatin1String("label") ? tr("Dataset label") : m_groupBy;
        case JobsColumn:
            return tr("Jobs");
        case LoopHoursColumn:
            return gpu ? tr("Loop\nGPU-h") : tr("Loop\nhours");
        case InterruptionsColumn:
            return tr("Interrup-\ntions"); // two lines, as the drill-down's Preemp-tions: a narrow count
        case MtbiColumn:
            return tr("MTBI");
        case BlockingP50Column:
            return tr("Save blocks\np50");
        case BlockingP90Column:
            return tr("Save blocks\np90");
        case CurrentIntervalColumn:
            return tr("Current\ninterval");
        case YoungColumn:
            return tr("Young\noptimum");
        case DalyColumn:
            return tr("Daly\noptimum");
        case WasteCurrentColumn:
            return tr("Waste at\ncurrent");
        case WasteOptimumColumn:
            return tr("Waste at\noptimum");
        case GainColumn:
            return tr("ETT%\ngain");
        case GainHoursColumn:
            return gpu ? tr("GPU-h\nto gain") : tr("Hours\nto gain");
        case LostColumn:
            return tr("Lost per\ninterruption");
        case FlagsColumn:
            return tr("Flags");
        default:
            return {};
        }
    }
    if (role == ExportKeyRole) {
        switch (section) {
        case LoopHoursColumn:
            return gpu ? QStringLiteral("Loop GPU-s") : QStringLiteral("Loop s");
        case MtbiColumn:
            return QStringLiteral("MTBI s");
        case BlockingP50Column:
            return QStringLiteral("Blocking p50 s");
        case BlockingP90Column:
            return QStringLiteral("Blocking p90 s");
        case CurrentIntervalColumn:
            return QStringLiteral("Current interval s");
        case YoungColumn:
            return QStringLiteral("Young optimum s");
        case DalyColumn:
            return QStringLiteral("Daly optimum s");
        case WasteCurrentColumn:
            return QStringLiteral("Waste at current %");
        case WasteOptimumColumn:
            return QStringLiteral("Waste at optimum %");
        case GainColumn:
            return QStringLiteral("ETT gain pp");
        case GainHoursColumn:
            return gpu ? QStringLiteral("Gain GPU-s") : QStringLiteral("Gain s");
        case LostColumn:
            return QStringLiteral("Lost per interruption");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LoopHoursColumn:
            return tr("Time in the train loop: productive + lost progress + checkpoint saves (%1)")
                .arg(weightingName(m_weighting));
        case InterruptionsColumn:
            return tr("Failed or preempted attempts whose fault came after they had started training");
        case MtbiColumn:
            return tr("Mean time between interruptions M: loop time / interruptions");
        case BlockingP50Column:
        case BlockingP90Column:
            return tr("How long each save blocks training (b is the p50), nearest rank over every save");
        case CurrentIntervalColumn:
            return tr("The interval in use: median between the starts of consecutive durable checkpoints");
        case YoungColumn:
            return tr("Young's optimum √(2bM), where the waste I/(2M) + b/I is smallest");
        case DalyColumn:
            return tr("Daly's higher-order optimum (2006); b ≥ 2M: checkpointing cannot pay, the interval is M");
        case WasteCurrentColumn:
        case WasteOptimumColumn:
            return tr("The model's waste, unsaved progress redone plus blocking saves: I/(2M) + b/I, % of loop time");
        case GainColumn:
            return tr("Projected ETT% gain from moving to the optimum: the waste saved times the loop's share of E2E "
                      "(GPU-weighted, percentage points)");
        case GainHoursColumn:
            return tr("What moving to the optimum saves: the waste saved times the loop's time (%1); rows are "
                      "ranked by it, so that large jobs with a little to gain come before small ones with much")
                .arg(weightingName(m_weighting));
        case LostColumn:
            return tr("Measured lost progress per interruption against the model's I/2. Above 2× (more than a whole "
                      "interval) the checkpoints were probably not durable when the job thought");
        case FlagsColumn:
            return tr("Jobs whose measured lost progress is far from the model's I/2, and how many of a group's jobs "
                      "are (hover for why)");
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        if (section == NameColumn || section == FlagsColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        }
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace ett::app
