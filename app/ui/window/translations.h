// The language of the window and the report. The messages are in English in the sources and in
// Brazilian Portuguese in translations/ett_workbench_pt_BR.ts; lrelease compiles the catalogs at
// build time into a resource of ett_paint (":/i18n"), so no install path is needed.
#pragma once

#include <QString>
#include <QTranslator>

class QCoreApplication;

namespace ett::app {

// A translator that also looks a message up without the namespaces of its context: tr() in
// ett::app::MainWindow asks for context "ett::app::MainWindow", while lupdate, which does not
// follow `namespace ett::app {`, files the message under "MainWindow". Exact contexts win.
class NamespaceTolerantTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    QString translate(
        const char* context, const char* sourceText, const char* disambiguation = nullptr, int n = -1) const override;
};

// Chooses the language from the system locale (LANG, LC_ALL, LANGUAGE: QLocale::system()'s
// uiLanguages()) and installs the catalogs on the application: the English plural forms always,
// then Portuguese when the first supported UI language is Portuguese, with Qt's own qtbase
// catalog for standard dialogs when the system has one. Sets the default QLocale for figures:
// the system's, except en_US where the system locale is C/POSIX or English, so that English
// figures read as they always have ("1,234 h", "84.2%"). Call once, on the GUI thread, after the
// application object exists. Returns the language chosen: "pt_BR" or "en".
QString setUpLanguage(QCoreApplication& app);

// As setUpLanguage, for a language named by the caller ("pt_BR", "en"; tests); `numbers` is the
// locale of figures. Replaces translators installed by an earlier call.
QString setUpLanguage(QCoreApplication& app, const QString& language, const QLocale& numbers);

} // namespace ett::app
