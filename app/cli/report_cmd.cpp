#include "app/cli/report_cmd.h"

#include "app/cli/commands.h"
#include "app/report/report_writer.h"
#include "app/service/report_content.h"
#include "app/ui/window/translations.h"
#include "core/model/compare.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <fmt/core.h>

#include <chrono>
#include <memory>
#include <unistd.h>

namespace ett::app {

using namespace ett::core;

namespace {

// The report's charts are graphics widgets: they need a QApplication. The command line uses the
// offscreen platform unless the user chose one, so that no display is needed. The page text
// follows the locale (LANG=pt_BR.UTF-8: Portuguese); what ettw prints stays English.
std::unique_ptr<QApplication> ensureApplication()
{
    if (QCoreApplication::instance()) {
        return nullptr;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    // Without a session (ssh, CI) Qt warns about the runtime directory and uses one in /tmp: give
    // it a private one quietly.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString dir = QDir::tempPath() + QStringLiteral("/ettw-runtime-") + QString::number(getuid());
        if (QDir().mkpath(dir)) {
            QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
        }
    }
    static int argc = 1;
    static char name[] = "ettw";
    static char* argv[] = { name, nullptr };
    auto app = std::make_unique<QApplication>(argc, argv);
    setUpLanguage(*app); // the report in the language of the locale, as the window
    return app;
}

} // namespace

int runReport(const CommonOptions& common, const ReportCmd& cmd)
{
    const auto started = std::chrono::steady_clock::now();
    ReportRequest request;
    request.title = cmd.title;
    auto scope = parseCohortSpec(cmd.scope, "--scope");
    if (!scope) {
        return fail(scope.error().message);
    }
    request.scope = *scope;
    auto excluded = excludedWindows(common);
    if (!excluded) {
        return fail(excluded.error().message);
    }
    request.scope.excluded = *excluded;
    if (cmd.a.has_value() != cmd.b.has_value()) {
        return fail("--a and --b go together: a comparison needs both cohorts");
    }
    if (cmd.a) {
        auto a = parseCohortSpec(*cmd.a, "--a");
        if (!a) {
            return fail(a.error().message);
        }
        auto b = parseCohortSpec(*cmd.b, "--b");
        if (!b) {
            return fail(b.error().message);
        }
        request.a = *a;
        request.b = *b;
    }
    request.weighting = cmd.weighting == "time" ? Weighting::Time : Weighting::Gpu;
    request.every = cmd.every == "week" ? gpu::Calendar::Week : gpu::Calendar::Day;
    request.matchBy = cmd.matchBy;
    request.countQueue = cmd.countQueue;
    const auto page = parsePageSize(QString::fromStdString(cmd.page));
    if (!page) {
        return fail("--page: expected a4 or letter, got '" + cmd.page + "'");
    }

    auto loaded = openAndLoad(common, std::nullopt);
    if (!loaded) {
        return fail(loaded.error().message);
    }
    auto content
        = loaded->store ? gatherStoreReport(*loaded->store, request) : gatherReport(*loaded->workspace, request);
    if (!content) {
        return fail(content.error().message);
    }
    // A report of nothing is an error, as a comparison of nothing is (it was 13 pages of dashes).
    if (content->overview.fleet.jobs == 0) {
        return fail((cmd.scope.empty() ? std::string("the database") : "--scope '" + cmd.scope + "'")
            + " matches no jobs in " + loaded->where + ": no report written");
    }
    const auto app = ensureApplication();
    int pages = 0;
    if (auto st = writeReportPdf(*content, QString::fromStdString(cmd.out), *page, &pages); !st) {
        return fail(st.error().message);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    print(fmt::format("{}: report of {} pages ({}) written in {:.2f} s\n", cmd.out, pages, cmd.page, seconds));
    return kExitOk;
}

} // namespace ett::app
