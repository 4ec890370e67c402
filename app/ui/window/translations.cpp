#include "app/ui/window/translations.h"

#include "app/ui/format/figures_format.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

#include <cstring>
#include <memory>
#include <vector>

namespace ett::app {

namespace {

// The translators installed by the last setUpLanguage, kept so that a second call replaces them.
std::vector<std::unique_ptr<QTranslator>>& installed()
{
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

} // namespace

QString NamespaceTolerantTranslator::translate(
    const char* context, const char* sourceText, const char* disambiguation, int n) const
{
    // 0. Zero takes the plural form: Qt's rule for Brazilian Portuguese files 0 with 1 ("0 falha"),
    //    the language says "0 falhas" (English's rule already does; 2 is plural in both).
    n = n == 0 ? 2 : n;
    QString text = QTranslator::translate(context, sourceText, disambiguation, n);
    // 1. "ett::app::Page::Inner" → "app::Page::Inner" → "Page::Inner" → "Inner", first found wins.
    for (const char* c = context; text.isEmpty() && c != nullptr;) {
        c = std::strstr(c, "::");
        if (c != nullptr) {
            c += 2;
            text = QTranslator::translate(c, sourceText, disambiguation, n);
        }
    }
    return text;
}

QString setUpLanguage(QCoreApplication& app)
{
    const QLocale system = QLocale::system();
    QString language = QStringLiteral("en");
    // The first UI language we have a catalog for ("pt-BR", "pt", "pt-PT" all read Brazilian
    // Portuguese); English, the language of the sources, ends the search.
    for (const QString& ui : system.uiLanguages()) {
        if (ui.startsWith(QLatin1String("pt"))) {
            language = QStringLiteral("pt_BR");
            break;
        }
        if (ui.startsWith(QLatin1String("en")) || ui == QLatin1String("C")) {
            break;
        }
    }
    return setUpLanguage(app, language, system);
}

QString setUpLanguage(QCoreApplication& app, const QString& language, const QLocale& numbers)
{
    for (const auto& t : installed()) {
        QCoreApplication::removeTranslator(t.get());
    }
    installed().clear();
    QLocale::setDefault(figuresLocaleOf(numbers));

    Q_UNUSED(app) // installTranslator needs the application to exist: the parameter says so
    const auto install = [](std::unique_ptr<QTranslator> t) {
        if (QCoreApplication::installTranslator(t.get())) {
            installed().push_back(std::move(t));
        }
    };
    // 1. English plural forms ("1 job", "2 jobs"): the sources say "%Ln job(s)".
    auto english = std::make_unique<NamespaceTolerantTranslator>();
    if (english->load(QStringLiteral(":/i18n/ett_workbench_en.qm"))) {
        install(std::move(english));
    }
    if (language == QLatin1String("en")) {
        return language;
    }
    // 2. Qt's own messages (standard dialogs, buttons), when the system has them: optional.
    auto qtbase = std::make_unique<QTranslator>();
    if (qtbase->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        install(std::move(qtbase));
    }
    // 3. Ours, last installed and so asked first.
    auto ours = std::make_unique<NamespaceTolerantTranslator>();
    if (!ours->load(QStringLiteral(":/i18n/ett_workbench_%1.qm").arg(language))) {
        return QStringLiteral("en");
    }
    install(std::move(ours));
    return language;
}

} // namespace ett::app
