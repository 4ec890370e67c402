// Tests of the table encoders, piece by piece: a CSV field is quoted exactly when RFC 4180 needs it
// (or a reader would trim it), quotes doubled, and a record ends in CRLF; JSON values keep exact
// decimals as numbers, write what is no number as a string, absent and non-finite values as null,
// maps and lists recursively, and times in UTC; exactSeconds keeps every nanosecond; a header is
// one line with hyphen-broken words joined again.
#include "app/ui/export/table_export.h"

#include <QDateTime>
#include <QStandardItemModel>
#include <QTimeZone>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ett::app {
namespace {

QString csvField(const QString& field)
{
    QString out;
    appendCsvField(out, field);
    return out;
}

QByteArray json(const QVariant& v)
{
    QByteArray out;
    appendJsonValue(out, v);
    return out;
}

TEST(CsvField, IsQuotedOnlyWhenItHoldsACommaAQuoteALineBreakOrEdgeSpace)
{
    EXPECT_EQ(csvField(QStringLiteral("plain text")), QStringLiteral("plain text"));
    EXPECT_EQ(csvField(QString()), QString());
    EXPECT_EQ(csvField(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    EXPECT_EQ(csvField(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
    EXPECT_EQ(csvField(QStringLiteral("two\nlines")), QStringLiteral("\"two\nlines\""));
    EXPECT_EQ(csvField(QStringLiteral("cr\rhere")), QStringLiteral("\"cr\rhere\""));
    EXPECT_EQ(csvField(QStringLiteral(" lead")), QStringLiteral("\" lead\""));
    EXPECT_EQ(csvField(QStringLiteral("trail ")), QStringLiteral("\"trail \""));
}

TEST(CsvRecord, JoinsTheFieldsWithCommasAndEndsInCrLf)
{
    QString out;
    appendCsvRecord(out, { QStringLiteral("J1"), QStringLiteral("a,b"), QString() });
    appendCsvRecord(out, {});
    EXPECT_EQ(out, QStringLiteral("J1,\"a,b\",\r\n\r\n"));
}

TEST(JsonValue, ExactNumbersKeepEveryDigitAndWhatIsNoNumberIsAString)
{
    EXPECT_EQ(json(QVariant::fromValue(ExactNumber { QStringLiteral("58545.000000001") })), "58545.000000001");
    EXPECT_EQ(json(QVariant::fromValue(ExactNumber { QStringLiteral("-0.5e-3") })), "-0.5e-3");
    EXPECT_EQ(json(QVariant::fromValue(ExactNumber { QStringLiteral("007") })), "\"007\"");
    EXPECT_EQ(json(QVariant::fromValue(ExactNumber { QStringLiteral("n/a") })), "\"n/a\"");
}

TEST(JsonValue, NumbersBoolsAndNulls)
{
    EXPECT_EQ(json(QVariant()), "null");
    EXPECT_EQ(json(QVariant::fromValue(nullptr)), "null");
    EXPECT_EQ(json(true), "true");
    EXPECT_EQ(json(false), "false");
    EXPECT_EQ(json(-42), "-42");
    EXPECT_EQ(json(QVariant::fromValue<qint64>(9'007'199'254'740'993)), "9007199254740993");
    EXPECT_EQ(json(QVariant::fromValue<quint64>(std::numeric_limits<quint64>::max())), "18446744073709551615");
    EXPECT_EQ(json(0.1), "0.1");
    EXPECT_EQ(json(84.25), "84.25");
    EXPECT_EQ(json(std::nan("")), "null");
    EXPECT_EQ(json(std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonValue, StringsAreEscapedAndMapsAndListsNest)
{
    EXPECT_EQ(json(QStringLiteral("a \"b\"\n")), "\"a \\\"b\\\"\\n\"");
    QVariantMap map;
    map.insert(QStringLiteral("b"), QVariantList { 1, QStringLiteral("x"), QVariant::fromValue(nullptr) });
    map.insert(QStringLiteral("a"), 2.5);
    EXPECT_EQ(json(map), "{\"a\": 2.5, \"b\": [1, \"x\", null]}");
    EXPECT_EQ(json(QStringList { QStringLiteral("p"), QStringLiteral("q") }), "[\"p\", \"q\"]");
    EXPECT_EQ(json(QVariantList {}), "[]");
    EXPECT_EQ(json(QVariantMap {}), "{}");
}

TEST(JsonValue, TimesAreWrittenInUtcWithMilliseconds)
{
    const QDateTime t(QDate(2025, 6, 1), QTime(14, 30, 0, 250), QTimeZone(2 * 3600));
    EXPECT_EQ(json(t), "\"2025-06-01T12:30:00.250Z\"");
}

TEST(ExactSeconds, KeepEveryNanosecond)
{
    const auto text = [](core::Wide ns) { return exactSeconds(ns).value<ExactNumber>().text; };
    EXPECT_EQ(text(58'545'000'000'001), QStringLiteral("58545.000000001"));
    EXPECT_EQ(text(1'500'000'000), QStringLiteral("1.5"));
    EXPECT_EQ(text(0), QStringLiteral("0"));
    EXPECT_EQ(text(-2'000'000'000), QStringLiteral("-2"));
    EXPECT_EQ(json(exactSeconds(58'545'000'000'001)), "58545.000000001");
}

TEST(FlatHeader, IsOneLineWithHyphenBrokenWordsJoined)
{
    QStandardItemModel model(1, 3);
    model.setHeaderData(0, Qt::Horizontal, QStringLiteral("Preemp-\ntions"));
    model.setHeaderData(1, Qt::Horizontal, QStringLiteral("GPU-h\n(E2E)"));
    model.setHeaderData(2, Qt::Horizontal, QStringLiteral("TTS p50\n"));
    model.setItem(0, 1, new QStandardItem(QStringLiteral("12.5")));
    EXPECT_EQ(flatHeader(model, 0), QStringLiteral("Preemptions"));
    EXPECT_EQ(flatHeader(model, 1), QStringLiteral("GPU-h (E2E)"));
    EXPECT_EQ(flatHeader(model, 2), QStringLiteral("TTS p50"));
    EXPECT_EQ(displayText(model, 0, 1), QStringLiteral("12.5"));
    EXPECT_EQ(displayText(model, 0, 0), QString());
}

} // namespace
} // namespace ett::app
