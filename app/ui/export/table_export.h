// Tables as files: CSV (RFC 4180: a header row, quotes doubled, fields with commas, quotes or line
// breaks quoted, CRLF, UTF-8) of the cells as shown; JSON of the exact values behind them where the
// model offers them (ExportValueRole), with what the table is and its scope. All rows and columns
// of the model, hidden columns included, in model order.
//
// The encoders only read the model: call them on the thread that owns it (the GUI thread for the
// window's). Every write is all or nothing (QSaveFile): an error names the path and leaves no file
// behind.
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
class QModelIndex;
QT_END_NAMESPACE

namespace ett::app {

// --- what a model may offer the JSON export ---------------------------------------------------

enum ExportRole : int {
    // A cell's exact value for JSON: a number (int, qint64, double), a bool, an ExactNumber, a
    // string, a QVariantMap or QVariantList of those, or QVariant::fromValue(nullptr) for an absent
    // value (JSON null). Without it the cell's display text is written.
    ExportValueRole = Qt::UserRole + 0x4500,
    // A column's JSON key (horizontal headerData), when its exact values are in another unit than
    // the header says ("E2E GPU-s" under "GPU-h (E2E)"). Without it the header text is the key.
    ExportKeyRole,
};

// A number written as this exact decimal text ("58545.000000001"), for values a double would
// round (seconds of nanosecond sums). Text that is no JSON number is written as a string.
struct ExactNumber
{
    QString text;
};

// Exact decimal seconds of a nanosecond count, as an ExactNumber in a QVariant.
QVariant exactSeconds(core::Wide ns);

// What a table is, for the JSON metadata and the file name; and, for models that cannot answer the
// roles above themselves, the same answers as functions (tried first; an invalid QVariant or an
// empty key falls back to the roles, then to the display text).
struct TableExport
{
    QString title; // "Drill-down: jobs of the fleet"
    QString scope; // the filter, location and weighting it shows ("" when none)
    std::function<QVariant(const QModelIndex& index)> value;
    std::function<QString(int column)> key;
};

// --- tables -------------------------------------------------------------------------------------

// The model's top-level rows as CSV: a header row (header texts, line breaks as spaces), then one
// record per row of the cells' display text. UTF-8, CRLF, no byte-order mark.
QByteArray tableToCsv(const QAbstractItemModel& model);
// The model as a JSON object: "table", "scope", "exported" (UTC, RFC 3339), "columns" (key and
// header of each), "rowCount" and "rows", an array of one object per row keyed by column.
QByteArray tableToJson(const QAbstractItemModel& model, const TableExport& info = {});
// Writes them to path (all or nothing); the error names the path.
core::Status exportTableCsv(const QAbstractItemModel& model, const QString& path);
core::Status exportTableJson(const QAbstractItemModel& model, const QString& path, const TableExport& info = {});

// The exact values of the drill-down table (FiguresTableModel, possibly behind proxies that keep
// its columns): seconds exact (GPU-seconds when GPU-weighted), ETT% and shares as numbers, counts
// as integers, absent values null; and the keys that name their units. For TableExport.
QVariant figuresExportValue(const QModelIndex& index);
QString figuresExportKey(const QAbstractItemModel& model, int column);

// --- the pieces (also for the clipboard's copy of a table) --------------------------------------

// A column's header text on one line, as files write it (the drill-down's are two on screen): line
// breaks become spaces, and a word broken with a hyphen at a line's end is one word again
// ("Preemp-\ntions").
QString flatHeader(const QAbstractItemModel& model, int column);
// A cell's display text ("" when it has none).
QString displayText(const QAbstractItemModel& model, int row, int column);
// Appends one CSV field (RFC 4180, 2.5 to 2.7): quoted when it holds a comma, a quote or a line
// break (or starts or ends with a space, which some readers trim), quotes doubled.
void appendCsvField(QString& out, const QString& field);
// Appends the fields as one CSV record, ended by CRLF.
void appendCsvRecord(QString& out, const QStringList& fields);
// Appends a value as JSON (UTF-8): an ExactNumber as its digits (a string when they are no JSON
// number), numbers (a double that is not finite as null), bools, null for an invalid or null
// QVariant, maps as objects and lists as arrays (recursively), a QDateTime as its UTC ISO 8601
// text with milliseconds, anything else as its string.
void appendJsonValue(QByteArray& out, const QVariant& v);

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::ExactNumber)
