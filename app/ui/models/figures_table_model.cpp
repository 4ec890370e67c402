#include "app/ui/models/figures_table_model.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"

#include <QColor>

namespace ett::app {

namespace {

// Absent values sort below every real one.
constexpr double kAbsent = -1.0;

QVariant sortNumber(std::optional<double> v)
{
    return v ? *v : kAbsent;
}

QVariant sortNumber(std::optional<int64_t> v)
{
    return v ? static_cast<double>(*v) : kAbsent;
}

QString bucketText(core::Bucket b)
{
    return bucketLabel(b);
}

// A part of Time to Recover: what it measures, over how many recoveries, its median (exact) and p90.
QString ttrPartToolTip(const QString& what, const core::Figures& f, core::SampleList list, std::optional<int64_t> p50)
{
    return FiguresTableModel::tr(
        "Time to Recover, %1 (spec 7.1)\nover %2 interruptions that trained again\np50 %3 (%4)\np90 %5")
        .arg(what, formatCount(f.sampleCount(list)), formatDuration(p50),
            p50 ? formatExactSeconds(*p50) : QStringLiteral("–"), formatDuration(f.samplePercentiles(list).p90));
}

// The name and detail of a row as people read them. The data names an attempt's row "attempt 3"
// and details it "failed, infra.gpu" (outcome, then cause): those are said in the window's
// language (the cause is data and stays as it is); group and job rows are data.
QString nameText(const TableRow& row)
{
    if (row.attempt >= 0 && row.name == "attempt " + std::to_string(row.attempt)) {
        return FiguresTableModel::tr("attempt %1").arg(row.attempt);
    }
    return qs(row.name);
}

QString detailText(const TableRow& row)
{
    if (row.attempt < 0) {
        return qs(row.detail);
    }
    const std::string::size_type comma = row.detail.find(", ");
    const std::string outcome = row.detail.substr(0, comma);
    for (int o = 0; o < core::kOutcomeCount; ++o) {
        if (core::outcomeName(static_cast<core::Outcome>(o)) == outcome) {
            return outcomeLabel(static_cast<core::Outcome>(o))
                + (comma == std::string::npos ? QString() : qs(row.detail.substr(comma)));
        }
    }
    return qs(row.detail);
}

} // namespace

FiguresTableModel::FiguresTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FiguresTableModel::setTableData(const TableData& data)
{
    beginResetModel();
    m_data = data;
    m_derived.clear();
    m_derived.reserve(m_data.rows.size());
    for (const auto& row : m_data.rows) {
        Derived d;
        d.ttsP50 = row.figures.samplePercentiles(core::SampleList::Tts).p50;
        d.ttrP50 = row.figures.samplePercentiles(core::SampleList::Ttr).p50;
        d.ttrDetectP50 = row.figures.samplePercentiles(core::SampleList::TtrDetect).p50;
        d.ttrRestartP50 = row.figures.samplePercentiles(core::SampleList::TtrRestart).p50;
        d.ttrStartupP50 = row.figures.samplePercentiles(core::SampleList::TtrStartup).p50;
        m_derived.push_back(d);
    }
    endResetModel();
}

void FiguresTableModel::clear()
{
    setTableData(TableData {});
}

void FiguresTableModel::setWeighting(Weighting weighting)
{
    if (weighting == m_weighting) {
        return;
    }
    m_weighting = weighting;
    emit headerDataChanged(Qt::Horizontal, E2eHoursColumn, ColumnCount - 1);
    if (!m_data.rows.empty()) {
        emit dataChanged(index(0, E2eHoursColumn), index(rowCount() - 1, ColumnCount - 1));
    }
}

const TableRow* FiguresTableModel::rowAt(int row) const
{
    if (row < 0 || row >= rowCount()) {
        return nullptr;
    }
    return &m_data.rows[static_cast<size_t>(row)];
}

std::optional<core::Bucket> FiguresTableModel::bucketOfColumn(int column)
{
    if (column < FirstBucketColumn || column >= ColumnCount) {
        return std::nullopt;
    }
    return static_cast<core::Bucket>(column - FirstBucketColumn);
}

bool FiguresTableModel::isColumnEmpty(int column) const
{
    for (const auto& row : m_data.rows) {
        const auto& f = row.figures;
        if (const auto b = bucketOfColumn(column)) {
            if (f.bucketsNs[static_cast<size_t>(*b)] != 0 || f.bucketsGpuNs[static_cast<size_t>(*b)] != 0) {
                return false;
            }
            continue;
        }
        switch (column) {
        case DetailColumn:
            if (!row.detail.empty()) {
                return false;
            }
            break;
        case FailuresColumn:
            if (f.failures != 0) {
                return false;
            }
            break;
        case PreemptionsColumn:
            if (f.preemptions != 0) {
                return false;
            }
            break;
        case OtherInterruptionsColumn:
            if (f.otherInterruptions != 0) {
                return false;
            }
            break;
        default:
            return false;
        }
    }
    return true;
}

bool FiguresTableModel::rowsAreGroups() const
{
    const auto& l = m_data.location;
    return l.level == Level::Fleet && !l.groupBy.empty() && l.groupBy != "job";
}

bool FiguresTableModel::rowsAreAttempts() const
{
    const Level level = m_data.location.level;
    return level == Level::Job || level == Level::Attempt;
}

int FiguresTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_data.rows.size());
}

int FiguresTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FiguresTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const auto r = static_cast<size_t>(index.row());
    const TableRow& row = m_data.rows[r];
    const Derived& derived = m_derived[r];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, derived, column);
    case SortRole:
        // Rows of attempts (and the gaps between them) come in time order: keep it for the name.
        if (column == NameColumn && rowsAreAttempts()) {
            return static_cast<double>(index.row());
        }
        return sortData(row, derived, column);
    case Qt::ToolTipRole:
        return toolTipData(row, derived, column);
    case Qt::TextAlignmentRole:
        if (column == NameColumn || column == DetailColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        }
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        // Zero buckets print as a dash; grey keeps them from drawing the eye.
        if (const auto b = bucketOfColumn(column); b && bucketOf(row.figures, *b, m_weighting) == 0) {
            return QColor(0x99, 0x99, 0x99);
        }
        return {};
    case JobRole:
        return row.job;
    case AttemptRole:
        return row.attempt;
    default:
        return {};
    }
}

QVariant FiguresTableModel::displayData(const TableRow& row, const Derived& derived, int column) const
{
    const auto& f = row.figures;
    switch (column) {
    case NameColumn:
        return nameText(row);
    case DetailColumn:
        return detailText(row);
    case CountColumn:
        return formatCount(rowsAreGroups() ? f.jobs : f.attempts);
    case E2eHoursColumn: // the unit is in the header, as for the buckets
        return formatHours(nsToHours(e2eOf(f, m_weighting)), QString());
    case EttColumn:
        return formatPercent(ettOf(f, m_weighting));
    case LostHoursColumn:
        return formatHours(nsToHours(lostOf(f, m_weighting)), QString());
    case FailuresColumn:
        return formatCount(f.failures);
    case PreemptionsColumn:
        return formatCount(f.preemptions);
    case OtherInterruptionsColumn:
        return formatCount(f.otherInterruptions);
    case TtsColumn:
        return formatDuration(derived.ttsP50);
    case TtrColumn:
        return formatDuration(derived.ttrP50);
    case TtrDetectColumn:
        return formatDuration(derived.ttrDetectP50);
    case TtrRestartColumn:
        return formatDuration(derived.ttrRestartP50);
    case TtrStartupColumn:
        return formatDuration(derived.ttrStartupP50);
    default:
        break;
    }
    if (const auto b = bucketOfColumn(column)) {
        const core::Wide ns = bucketOf(f, *b, m_weighting);
        if (ns == 0) {
            return QStringLiteral("–");
        }
        // The unit is in the header: the cells stay narrow enough for thirteen of them.
        return QStringLiteral("%1 (%2)").arg(
            formatHours(nsToHours(ns), QString()), formatPercent(bucketShareOf(f, *b, m_weighting)));
    }
    return {};
}

QVariant FiguresTableModel::sortData(const TableRow& row, const Derived& derived, int column) const
{
    const auto& f = row.figures;
    switch (column) {
    case NameColumn:
        return qs(row.name);
    case DetailColumn:
        return qs(row.detail);
    case CountColumn:
        return static_cast<double>(rowsAreGroups() ? f.jobs : f.attempts);
    case E2eHoursColumn:
        return nsToHours(e2eOf(f, m_weighting));
    case EttColumn:
        return sortNumber(ettOf(f, m_weighting));
    case LostHoursColumn:
        return nsToHours(lostOf(f, m_weighting));
    case FailuresColumn:
        return static_cast<double>(f.failures);
    case PreemptionsColumn:
        return static_cast<double>(f.preemptions);
    case OtherInterruptionsColumn:
        return static_cast<double>(f.otherInterruptions);
    case TtsColumn:
        return sortNumber(derived.ttsP50);
    case TtrColumn:
        return sortNumber(derived.ttrP50);
    case TtrDetectColumn:
        return sortNumber(derived.ttrDetectP50);
    case TtrRestartColumn:
        return sortNumber(derived.ttrRestartP50);
    case TtrStartupColumn:
        return sortNumber(derived.ttrStartupP50);
    default:
        break;
    }
    if (const auto b = bucketOfColumn(column)) {
        return nsToHours(bucketOf(f, *b, m_weighting));
    }
    return {};
}

QVariant FiguresTableModel::toolTipData(const TableRow& row, const Derived& derived, int column) const
{
    const auto& f = row.figures;
    const QString unit = hoursUnit(m_weighting);
    // Exact values: seconds as exact decimals, percentages to four places.
    const auto exact = [&](core::Wide ns) {
        return QStringLiteral("%1 %2 (%3)")
            .arg(formatHours(nsToHours(ns), QString()), unit,
                formatExactSeconds(ns).replace(QStringLiteral(" s"),
                    m_weighting == Weighting::Gpu ? QStringLiteral(" GPU-s") : QStringLiteral(" s")));
    };
    switch (column) {
    case NameColumn:
    case DetailColumn:
        return row.detail.empty() ? nameText(row) : nameText(row) + QStringLiteral(" — ") + detailText(row);
    case CountColumn:
        return tr("%Ln job(s)", "", static_cast<int>(f.jobs)) + QStringLiteral(", ")
            + tr("%Ln attempt(s)", "", static_cast<int>(f.attempts));
    case E2eHoursColumn:
        return tr("E2E: %1\nwall time: %2 h (%3)")
            .arg(exact(e2eOf(f, m_weighting)), formatHours(nsToHours(f.e2eNs), QString()), formatExactSeconds(f.e2eNs));
    case EttColumn:
        return tr("ETT% GPU-weighted: %1\nETT% time-weighted: %2\nproductive: %3")
            .arg(formatPercent(f.ettPercentGpu(), 4), formatPercent(f.ettPercentTime(), 4),
                exact(bucketOf(f, core::Bucket::Productive, m_weighting)));
    case LostHoursColumn:
        return tr("Lost (everything but productive): %1\n%2 of E2E")
            .arg(exact(lostOf(f, m_weighting)),
                formatPercent(core::percentOf(lostOf(f, m_weighting), e2eOf(f, m_weighting)), 4));
    case FailuresColumn:
    case PreemptionsColumn:
    case OtherInterruptionsColumn:
        return tr("failures %1, preemptions %2, other interruptions %3")
            .arg(formatCount(f.failures), formatCount(f.preemptions), formatCount(f.otherInterruptions));
    case TtsColumn: {
        const auto p = f.samplePercentiles(core::SampleList::Tts);
        const auto samples = static_cast<int>(f.sampleCount(core::SampleList::Tts));
        return tr("Time to Start over %Ln sample(s)\np50 %1 (%2)\np90 %3", "", samples)
            .arg(formatDuration(derived.ttsP50),
                derived.ttsP50 ? formatExactSeconds(*derived.ttsP50) : QStringLiteral("–"), formatDuration(p.p90));
    }
    case TtrColumn: {
        const auto p = f.samplePercentiles(core::SampleList::Ttr);
        const auto samples = static_cast<int>(f.sampleCount(core::SampleList::Ttr));
        return tr("Time to Recover over %Ln interruption(s) that trained again\np50 %1 (%2)\np90 %3", "", samples)
            .arg(formatDuration(derived.ttrP50),
                derived.ttrP50 ? formatExactSeconds(*derived.ttrP50) : QStringLiteral("–"), formatDuration(p.p90));
    }
    case TtrDetectColumn:
        return ttrPartToolTip(tr("detect: from the fault until the attempt's resources are released"), f,
            core::SampleList::TtrDetect, derived.ttrDetectP50);
    case TtrRestartColumn:
        return ttrPartToolTip(tr("restart: from the end of the attempt to the start of the next"), f,
            core::SampleList::TtrRestart, derived.ttrRestartP50);
    case TtrStartupColumn:
        return ttrPartToolTip(tr("start-up: from the next attempt's start to training again"), f,
            core::SampleList::TtrStartup, derived.ttrStartupP50);
    default:
        break;
    }
    if (const auto b = bucketOfColumn(column)) {
        return tr("%1: %2\n%3 of E2E (%4)")
            .arg(bucketText(*b), exact(bucketOf(f, *b, m_weighting)),
                formatPercent(bucketShareOf(f, *b, m_weighting), 4), weightingName(m_weighting));
    }
    return {};
}

QVariant FiguresTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const QString unit = hoursUnit(m_weighting);
    const QString weighting = weightingName(m_weighting);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            if (rowsAreAttempts()) {
                return tr("Attempt");
            }
            return rowsAreGroups() ? groupingName(m_data.location.groupBy) : tr("Job");
        case DetailColumn:
            if (rowsAreAttempts()) {
                return tr("Outcome");
            }
            return rowsAreGroups() ? tr("Detail") : tr("Name");
        case CountColumn:
            return rowsAreGroups() ? tr("Jobs") : tr("Attempts");
        case E2eHoursColumn:
            return m_weighting == Weighting::Gpu ? tr("GPU-h\n(E2E)") : tr("Hours\n(E2E)");
        case EttColumn:
            return tr("ETT%\n(%1)").arg(weighting);
        case LostHoursColumn:
            return m_weighting == Weighting::Gpu ? tr("Lost\nGPU-h") : tr("Lost\nhours");
        case FailuresColumn:
            return tr("Failures");
        case PreemptionsColumn:
            return tr("Preemp-\ntions");
        case OtherInterruptionsColumn:
            return tr("Other\ninterrupts");
        case TtsColumn:
            return tr("TTS\np50");
        case TtrColumn:
            return tr("TTR\np50");
        case TtrDetectColumn:
            return tr("Detect\np50");
        case TtrRestartColumn:
            return tr("Restart\np50");
        case TtrStartupColumn:
            return tr("Start-up\np50");
        default:
            break;
        }
        if (const auto b = bucketOfColumn(section)) {
            return tr("%1\n%2 (% E2E)").arg(bucketText(*b), unit);
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case E2eHoursColumn:
            return tr("End-to-end window (%1)").arg(weighting);
        case EttColumn:
            return tr("Effective Training Time: productive / E2E, %1 (spec 5.5)").arg(weighting);
        case LostHoursColumn:
            return tr("E2E minus productive (%1)").arg(weighting);
        case FailuresColumn:
            return tr("Failures: failed with cause class infra, dependency, unknown or none (spec 5.4)");
        case PreemptionsColumn:
            return tr("Preemptions: outcome preempted or cause class preemption");
        case OtherInterruptionsColumn:
            return tr("Other interruptions: failed with cause class maintenance, user or manual");
        case TtsColumn:
            return tr("Time to Start, median (nearest rank)");
        case TtrColumn:
            return tr("Time to Recover, median (nearest rank)");
        case TtrDetectColumn:
            return tr("Time to Recover's detect part (fault to the attempt's end), median (spec 7.1)");
        case TtrRestartColumn:
            return tr("Time to Recover's restart part (the attempt's end to the next start), median (spec 7.1)");
        case TtrStartupColumn:
            return tr("Time to Recover's start-up part (the next start to training again), median (spec 7.1)");
        default:
            break;
        }
        if (const auto b = bucketOfColumn(section)) {
            return tr("Time in bucket \"%1\" and its share of E2E (%2)").arg(bucketText(*b), weighting);
        }
        return {};
    }
    if (role == ColorRole) {
        if (const auto b = bucketOfColumn(section)) {
            return bucketColor(*b);
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        if (section == NameColumn || section == DetailColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        }
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace ett::app
