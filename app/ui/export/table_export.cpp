#include "app/ui/export/table_export.h"

#include "app/ui/export/export_file.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/figures_table_model.h"
#include "core/model/json_text.h"
#include "core/model/rollup.h"

#include <QAbstractItemModel>
#include <QAbstractProxyModel>
#include <QDateTime>
#include <QIODevice>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace ett::app {

namespace {

// --- JSON: written by hand, so that exact decimals (ExactNumber) keep every digit -------------

void appendJsonString(QByteArray& out, const QString& s)
{
    std::string text;
    core::appendJsonString(text, s.toStdString());
    out += QByteArray::fromStdString(text);
}

bool isJsonNumber(const QString& text)
{
    static const QRegularExpression number(QStringLiteral("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"));
    return number.match(text).hasMatch();
}

} // namespace

// --- the pieces ---------------------------------------------------------------------------------

QString flatHeader(const QAbstractItemModel& model, int column)
{
    // A word broken with a hyphen at the line's end is one word again ("Preemp-\ntions").
    static const QRegularExpression brokenWord(QStringLiteral("-\\n(?=[a-z])"));
    return model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString().remove(brokenWord).simplified();
}

QString displayText(const QAbstractItemModel& model, int row, int column)
{
    return model.data(model.index(row, column), Qt::DisplayRole).toString();
}

void appendCsvField(QString& out, const QString& field)
{
    const bool quote = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"'))
        || field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'))
        || (!field.isEmpty() && (field.front().isSpace() || field.back().isSpace()));
    if (!quote) {
        out += field;
        return;
    }
    out += QLatin1Char('"');
    for (const QChar c : field) {
        if (c == QLatin1Char('"')) {
            out += QLatin1Char('"');
        }
        out += c;
    }
    out += QLatin1Char('"');
}

void appendCsvRecord(QString& out, const QStringList& fields)
{
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            out += QLatin1Char(',');
        }
        appendCsvField(out, fields[i]);
    }
    out += QLatin1String("\r\n");
}

void appendJsonValue(QByteArray& out, const QVariant& v)
{
    if (v.metaType() == QMetaType::fromType<ExactNumber>()) {
        const QString text = v.value<ExactNumber>().text;
        if (isJsonNumber(text)) {
            out += text.toLatin1();
        } else {
            appendJsonString(out, text);
        }
        return;
    }
    switch (v.metaType().id()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr:
        out += "null";
        return;
    case QMetaType::Bool:
        out += v.toBool() ? "true" : "false";
        return;
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::LongLong:
        out += QByteArray::number(v.toLongLong());
        return;
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        out += QByteArray::number(v.toULongLong());
        return;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        out += std::isfinite(d) ? QString::number(d, 'g', QLocale::FloatingPointShortest).toLatin1()
                                : QByteArray("null");
        return;
    }
    case QMetaType::QVariantMap: {
        const QVariantMap map = v.toMap();
        out += '{';
        bool first = true;
        for (auto it = map.begin(); it != map.end(); ++it) {
            out += first ? "" : ", ";
            first = false;
            appendJsonString(out, it.key());
            out += ": ";
            appendJsonValue(out, it.value());
        }
        out += '}';
        return;
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        const QVariantList list = v.toList();
        out += '[';
        for (qsizetype i = 0; i < list.size(); ++i) {
            out += i > 0 ? ", " : "";
            appendJsonValue(out, list[i]);
        }
        out += ']';
        return;
    }
    case QMetaType::QDateTime:
        appendJsonString(out, v.toDateTime().toUTC().toString(Qt::ISODateWithMs));
        return;
    default:
        appendJsonString(out, v.toString());
        return;
    }
}

namespace {

// The column keys of a JSON export: the info's, the model's (ExportKeyRole), or the header; made
// unique ("Name", "Name (2)") and never empty ("column 3").
QStringList jsonKeys(const QAbstractItemModel& model, const TableExport& info)
{
    QStringList keys;
    QSet<QString> seen;
    for (int c = 0; c < model.columnCount(); ++c) {
        QString key = info.key ? info.key(c) : QString();
        if (key.isEmpty()) {
            key = model.headerData(c, Qt::Horizontal, ExportKeyRole).toString();
        }
        if (key.isEmpty()) {
            key = flatHeader(model, c);
        }
        if (key.isEmpty()) {
            key = QObject::tr("column %1").arg(c + 1);
        }
        const QString base = key;
        for (int n = 2; seen.contains(key); ++n) {
            key = QStringLiteral("%1 (%2)").arg(base).arg(n);
        }
        seen.insert(key);
        keys << key;
    }
    return keys;
}

// The value of a cell for JSON: the info's, the model's (ExportValueRole), or what is displayed.
QVariant jsonCell(const QAbstractItemModel& model, const QModelIndex& index, const TableExport& info)
{
    if (info.value) {
        if (QVariant v = info.value(index); v.isValid()) {
            return v;
        }
    }
    if (QVariant v = model.data(index, ExportValueRole); v.isValid()) {
        return v;
    }
    const QVariant shown = model.data(index, Qt::DisplayRole);
    switch (shown.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Bool:
        return shown;
    default:
        return shown.isValid() ? QVariant(shown.toString()) : QVariant();
    }
}

// The drill-down model and the index in it behind a (proxy) index.
std::pair<const FiguresTableModel*, QModelIndex> figuresSource(QModelIndex index)
{
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model())) {
        index = proxy->mapToSource(index);
    }
    return { qobject_cast<const FiguresTableModel*>(index.model()), index };
}

const FiguresTableModel* figuresSource(const QAbstractItemModel* model)
{
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(model)) {
        model = proxy->sourceModel();
    }
    return qobject_cast<const FiguresTableModel*>(model);
}

QVariant nullValue()
{
    return QVariant::fromValue(nullptr);
}

QVariant optionalSeconds(std::optional<int64_t> ns)
{
    return ns ? exactSeconds(*ns) : nullValue();
}

QVariant optionalNumber(std::optional<double> v)
{
    return v ? QVariant(*v) : nullValue();
}

} // namespace

// --- exact values -------------------------------------------------------------------------------------

QVariant exactSeconds(core::Wide ns)
{
    return QVariant::fromValue(ExactNumber { QString::fromStdString(core::formatWideSeconds(ns)) });
}

// --- tables ---------------------------------------------------------------------------------------------

QByteArray tableToCsv(const QAbstractItemModel& model)
{
    const LocaleFreeFigures localeFree; // "84.2%" under any locale: files are read by programs
    QString out;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c) {
        header << flatHeader(model, c);
    }
    appendCsvRecord(out, header);
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < model.columnCount(); ++c) {
            fields << displayText(model, r, c);
        }
        appendCsvRecord(out, fields);
    }
    return out.toUtf8();
}

QByteArray tableToJson(const QAbstractItemModel& model, const TableExport& info)
{
    const LocaleFreeFigures localeFree;
    const QStringList keys = jsonKeys(model, info);
    QByteArray out;
    out += "{\n  \"table\": ";
    appendJsonString(out, info.title);
    out += ",\n  \"scope\": ";
    appendJsonString(out, info.scope);
    out += ",\n  \"exported\": ";
    appendJsonString(out, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    out += ",\n  \"application\": ";
    appendJsonString(out, QStringLiteral("ETT Workbench"));
    out += ",\n  \"columns\": [";
    for (int c = 0; c < model.columnCount(); ++c) {
        out += c > 0 ? ",\n    {\"key\": " : "\n    {\"key\": ";
        appendJsonString(out, keys[c]);
        out += ", \"header\": ";
        appendJsonString(out, flatHeader(model, c));
        out += '}';
    }
    out += model.columnCount() > 0 ? "\n  ],\n" : "],\n";
    out += "  \"rowCount\": " + QByteArray::number(model.rowCount()) + ",\n  \"rows\": [";
    for (int r = 0; r < model.rowCount(); ++r) {
        out += r > 0 ? ",\n    {" : "\n    {";
        for (int c = 0; c < model.columnCount(); ++c) {
            out += c > 0 ? ", " : "";
            appendJsonString(out, keys[c]);
            out += ": ";
            appendJsonValue(out, jsonCell(model, model.index(r, c), info));
        }
        out += '}';
    }
    out += model.rowCount() > 0 ? "\n  ]\n}\n" : "]\n}\n";
    return out;
}

core::Status exportTableCsv(const QAbstractItemModel& model, const QString& path)
{
    const QByteArray data = tableToCsv(model);
    return saveAll(
        path, [&](QIODevice& out) { return out.write(data) == data.size() ? QString() : out.errorString(); });
}

core::Status exportTableJson(const QAbstractItemModel& model, const QString& path, const TableExport& info)
{
    const QByteArray data = tableToJson(model, info);
    return saveAll(
        path, [&](QIODevice& out) { return out.write(data) == data.size() ? QString() : out.errorString(); });
}

QVariant figuresExportValue(const QModelIndex& index)
{
    const auto [model, source] = figuresSource(index);
    if (!model) {
        return {};
    }
    const TableRow* row = model->rowAt(source.row());
    if (!row) {
        return {};
    }
    const core::Figures& f = row->figures;
    const Weighting w = model->weighting();
    switch (source.column()) {
    case FiguresTableModel::NameColumn:
    case FiguresTableModel::DetailColumn:
        return {}; // the text shown
    case FiguresTableModel::CountColumn:
        return QVariant::fromValue<qint64>(model->rowsAreGroups() ? f.jobs : f.attempts);
    case FiguresTableModel::E2eHoursColumn:
        return exactSeconds(e2eOf(f, w));
    case FiguresTableModel::EttColumn:
        return optionalNumber(ettOf(f, w));
    case FiguresTableModel::LostHoursColumn:
        return exactSeconds(lostOf(f, w));
    case FiguresTableModel::FailuresColumn:
        return QVariant::fromValue<qint64>(f.failures);
    case FiguresTableModel::PreemptionsColumn:
        return QVariant::fromValue<qint64>(f.preemptions);
    case FiguresTableModel::OtherInterruptionsColumn:
        return QVariant::fromValue<qint64>(f.otherInterruptions);
    case FiguresTableModel::TtsColumn:
        return optionalSeconds(f.samplePercentiles(core::SampleList::Tts).p50);
    case FiguresTableModel::TtrColumn:
        return optionalSeconds(f.samplePercentiles(core::SampleList::Ttr).p50);
    case FiguresTableModel::TtrDetectColumn:
        return optionalSeconds(f.samplePercentiles(core::SampleList::TtrDetect).p50);
    case FiguresTableModel::TtrRestartColumn:
        return optionalSeconds(f.samplePercentiles(core::SampleList::TtrRestart).p50);
    case FiguresTableModel::TtrStartupColumn:
        return optionalSeconds(f.samplePercentiles(core::SampleList::TtrStartup).p50);
    default:
        break;
    }
    if (const auto b = FiguresTableModel::bucketOfColumn(source.column())) {
        return exactSeconds(bucketOf(f, *b, w));
    }
    return {};
}

QString figuresExportKey(const QAbstractItemModel& model, int column)
{
    const FiguresTableModel* figures = figuresSource(&model);
    if (!figures) {
        return {};
    }
    const bool gpu = figures->weighting() == Weighting::Gpu;
    const QString seconds = gpu ? QStringLiteral("GPU-s") : QStringLiteral("s");
    switch (column) {
    case FiguresTableModel::E2eHoursColumn:
        return QObject::tr("E2E %1").arg(seconds);
    case FiguresTableModel::EttColumn:
        return QObject::tr("ETT% (%1)").arg(weightingName(figures->weighting()));
    case FiguresTableModel::LostHoursColumn:
        return QObject::tr("Lost %1").arg(seconds);
    case FiguresTableModel::FailuresColumn:
        return QObject::tr("Failures");
    case FiguresTableModel::PreemptionsColumn:
        return QObject::tr("Preemptions");
    case FiguresTableModel::OtherInterruptionsColumn:
        return QObject::tr("Other interruptions");
    case FiguresTableModel::TtsColumn:
        return QObject::tr("TTS p50 s");
    case FiguresTableModel::TtrColumn:
        return QObject::tr("TTR p50 s");
    case FiguresTableModel::TtrDetectColumn:
        return QObject::tr("TTR detect p50 s");
    case FiguresTableModel::TtrRestartColumn:
        return QObject::tr("TTR restart p50 s");
    case FiguresTableModel::TtrStartupColumn:
        return QObject::tr("TTR start-up p50 s");
    default:
        break;
    }
    if (const auto b = FiguresTableModel::bucketOfColumn(column)) {
        return QStringLiteral("%1 %2").arg(bucketLabel(*b), seconds);
    }
    return {}; // the header
}

} // namespace ett::app
