// The `ettw._report` extension: lays out and writes a report gathered by ettw._ettw (report_binding.h)
// as a PDF, with the Qt painters `ettw report` uses. A module of its own so that only a report
// loads Qt; imported by Workspace.report() on first use.
//
// The charts are graphics widgets and need a QApplication. A notebook may already run one (a Qt
// console, a Qt event loop): then it is used as it is. Otherwise one is made for the call on Qt's
// offscreen platform (no display, whatever QT_QPA_PLATFORM says) and destroyed after it, so that
// nothing of it stays to disturb a Qt application the notebook makes later.
#include "app/python/report_binding.h"
#include "app/report/report_writer.h"
#include "app/service/report_content.h"
#include "app/ui/window/translations.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QThread>

#include <memory>
#include <pybind11/pybind11.h>
#include <unistd.h>

namespace py = pybind11;

namespace ett::app::python {

namespace {

// A QApplication for the length of one call (or the one already running).
class CallApplication
{
public:
    // Error text in error() when the running application cannot draw widgets or lives on another
    // thread.
    CallApplication()
    {
        if (QCoreApplication* running = QCoreApplication::instance()) {
            if (!qobject_cast<QApplication*>(running)) {
                m_error = "a Qt application without widgets (QCoreApplication or QGuiApplication) is running in "
                          "this process: the report's charts need a QApplication";
            } else if (running->thread() != QThread::currentThread()) {
                m_error = "the running QApplication lives on another thread: call report() from that thread";
            }
            return;
        }
        // Without a session (ssh, CI) Qt warns about the runtime directory: a private one, for the
        // call only.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            const QString dir = QDir::tempPath() + QStringLiteral("/ettw-runtime-") + QString::number(getuid());
            if (QDir().mkpath(dir)) {
                QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
                qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
                m_setRuntimeDir = true;
            }
        }
        // QApplication keeps argc and argv for its life (and takes "-platform offscreen" out).
        m_argc = 3;
        m_argv[0] = m_name;
        m_argv[1] = m_platformOption;
        m_argv[2] = m_platform;
        m_argv[3] = nullptr;
        m_app = std::make_unique<QApplication>(m_argc, m_argv);
        setUpLanguage(*m_app); // the report in the language of the locale, as `ettw report`
    }
    ~CallApplication()
    {
        m_app.reset();
        if (m_setRuntimeDir) {
            qunsetenv("XDG_RUNTIME_DIR");
        }
    }
    CallApplication(const CallApplication&) = delete;
    CallApplication& operator=(const CallApplication&) = delete;

    const std::string& error() const { return m_error; }

private:
    std::string m_error;
    bool m_setRuntimeDir = false;
    int m_argc = 0;
    char m_name[5] = "ettw";
    char m_platformOption[10] = "-platform";
    char m_platform[10] = "offscreen";
    char* m_argv[4] {};
    std::unique_ptr<QApplication> m_app;
};

// Writes the gathered report to `path` on `page` ("a4" or "letter"). Returns (pages, error): error
// is "" when written, else the message (nothing written then, an earlier file left as it was).
py::tuple writePdf(py::object capsule, const std::string& path, const std::string& page)
{
    const auto* content = static_cast<const ReportContent*>(PyCapsule_GetPointer(capsule.ptr(), kReportCapsule));
    if (!content) {
        throw py::error_already_set();
    }
    const auto size = parsePageSize(QString::fromStdString(page));
    if (!size) {
        return py::make_tuple(0, "page: expected a4 or letter, got '" + page + "'");
    }
    const CallApplication app;
    if (!app.error().empty()) {
        return py::make_tuple(0, app.error());
    }
    int pages = 0;
    core::Status written = core::Status::success();
    {
        py::gil_scoped_release unlocked; // Python threads go on while the pages are drawn
        written = writeReportPdf(*content, QString::fromStdString(path), *size, &pages);
    }
    return py::make_tuple(pages, written ? std::string() : written.error().message);
}

} // namespace

} // namespace ett::app::python

PYBIND11_MODULE(_report, m)
{
    m.doc() = "The PDF report of ETT Workbench, drawn with Qt (used by ettw.Workspace.report).";
    m.def("write_pdf", &ett::app::python::writePdf, py::arg("content"), py::arg("path"), py::arg("page"));
}
