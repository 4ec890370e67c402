#include "app/ui/window/import_options.h"

#include <QObject>
#include <QSettings>
#include <QStringList>

#include <utility>

namespace ett::app {

namespace {

const char* const kFormatKey = "import/format";
const char* const kMappingKey = "import/mapping";
const char* const kTimezoneKey = "import/timezone";
const char* const kYearKey = "import/year";

} // namespace

QString traceFormatText(core::TraceFormat format)
{
    const std::string_view name = core::traceFormatName(format);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

core::ReaderOptions rememberedImportOptions()
{
    // A value edited by hand (or written by another version) that no longer parses falls back to
    // the default, so that a stale setting can never make every import fail.
    const QSettings settings;
    core::ReaderOptions options;
    const std::string format = settings.value(QLatin1String(kFormatKey)).toString().toStdString();
    options.format = core::parseTraceFormat(format).value_or(core::TraceFormat::Auto);
    options.mappingPath = settings.value(QLatin1String(kMappingKey)).toString().toStdString();
    const std::string zone = settings.value(QLatin1String(kTimezoneKey)).toString().toStdString();
    if (core::parseUtcOffset(zone)) {
        options.timezone = zone;
    }
    bool isNumber = false;
    const int year = settings.value(QLatin1String(kYearKey)).toInt(&isNumber);
    if (isNumber && year >= core::kMinYearOption && year <= core::kMaxYearOption) {
        options.year = year;
    }
    return options;
}

void rememberImportOptions(const core::ReaderOptions& options)
{
    QSettings settings;
    settings.setValue(QLatin1String(kFormatKey), traceFormatText(options.format));
    settings.setValue(QLatin1String(kMappingKey), QString::fromStdString(options.mappingPath));
    settings.setValue(QLatin1String(kTimezoneKey), QString::fromStdString(options.timezone));
    if (options.year) {
        settings.setValue(QLatin1String(kYearKey), *options.year);
    } else {
        settings.remove(QLatin1String(kYearKey));
    }
}

QString importOptionTitle(std::string_view option)
{
    // The options in the dialog's order, with the titles of its fields.
    static const std::pair<std::string_view, const char*> kTitles[] = { { "format",
                                                                            QT_TRANSLATE_NOOP("QObject", "Format") },
        { "mapping", QT_TRANSLATE_NOOP("QObject", "Mapping file") }, { "job", QT_TRANSLATE_NOOP("QObject", "Job") },
        { "attempt", QT_TRANSLATE_NOOP("QObject", "Attempt") }, { "rank", QT_TRANSLATE_NOOP("QObject", "Rank") },
        { "timezone", QT_TRANSLATE_NOOP("QObject", "Timezone") }, { "year", QT_TRANSLATE_NOOP("QObject", "Year") },
        { "gpus_per_node", QT_TRANSLATE_NOOP("QObject", "GPUs per node") },
        { "update", QT_TRANSLATE_NOOP("QObject", "Replace files that changed since their import") } };
    for (const auto& [name, title] : kTitles) {
        if (name == option) {
            return QObject::tr(title);
        }
    }
    return QString::fromUtf8(option.data(), static_cast<qsizetype>(option.size()));
}

QString formatsReadingOption(std::string_view option)
{
    QStringList names;
    for (const auto format :
        { core::TraceFormat::Ett, core::TraceFormat::Chrome, core::TraceFormat::Nsys, core::TraceFormat::Mlperf,
            core::TraceFormat::Log, core::TraceFormat::Table, core::TraceFormat::Slurm, core::TraceFormat::Nvrx,
            core::TraceFormat::Elastic, core::TraceFormat::Torchtitan, core::TraceFormat::Onelogger }) {
        if (core::formatReadsOption(format, option)) {
            names << traceFormatText(format);
        }
    }
    return names.join(QStringLiteral(", "));
}

QString importOptionHint(const std::string& option)
{
    if (option.empty()) {
        return {};
    }
    if (option == "update") { // a box of its own, outside Options
        return QObject::tr("Tick \"%1\" in the import dialog (File > Import traces...) and import the file again.")
            .arg(importOptionTitle(option));
    }
    return QObject::tr("Set %1 under Options in the import dialog (File > Import traces...) and import the file "
                       "again.")
        .arg(importOptionTitle(option));
}

} // namespace ett::app
