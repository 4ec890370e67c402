// Lays a report's content out on pages: a title page with the provenance and a
// table of contents, the headline figures, the overview's charts (built by the same functions as
// the window's, app/ui/charts/overview_charts.h), the jobs that lost the most with the Gantt of their
// attempts (the window's GanttPainter), and the comparison of two cohorts. Vector charts and real
// text; page numbers; A4 or Letter. Runs in a QApplication (charts are graphics widgets), which
// may use the offscreen platform: no display is needed.
#pragma once

#include "app/service/report_content.h"
#include "core/model/result.h"

#include <QPageSize>
#include <QString>
#include <QStringList>

class QPagedPaintDevice;

namespace ett::app {

// The page size a user names ("a4", "letter"); nullopt otherwise.
std::optional<QPageSize::PageSizeId> parsePageSize(const QString& name);

// Paints the report on a paged device (a QPdfWriter, or the QPrinter of a print preview), whose
// resolution must be 96 dots per inch (the writer sets it for its own devices). Returns the
// number of pages and, in `sections`, the titles of the contents.
int paintReport(QPagedPaintDevice& device, const ReportContent& content, QStringList* sections = nullptr);

// Writes the report as a PDF file, all or nothing: into a temporary file renamed at the end, so
// that a failure leaves no half-written report (nor damages an earlier one). Error names the path.
core::Status writeReportPdf(
    const ReportContent& content, const QString& path, QPageSize::PageSizeId size, int* pages = nullptr);

} // namespace ett::app
