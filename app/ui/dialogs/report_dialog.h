// File > Export report: the report of the current scope (the filter bar's),
// optionally with the Compare page's cohorts, previewed page by page before it is saved as PDF.
// The figures are gathered on the data service's worker; the pages are painted here (charts are
// graphics widgets) by the same writer as `ettw report`.
#pragma once

#include "app/service/report_content.h"
#include "app/ui/data/types.h"

#include <QDialog>
#include <QPageSize>

#include <optional>
#include <utility>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPrintPreviewWidget;
class QPrinter;
class QProgressBar;
class QPushButton;

namespace ett::app {

class DataService;
class WorkbenchState;

class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    // `cohorts`: the Compare page's A and B, offered as the comparison section when given.
    ReportDialog(DataService* service, WorkbenchState* state,
        std::optional<std::pair<core::CohortSpec, core::CohortSpec>> cohorts, bool includeComparison,
        QWidget* parent = nullptr);
    ~ReportDialog() override;

    // For tests: the content shown (after reportReady), the preview's page count, and saving
    // without the file dialog.
    bool hasContent() const { return m_content.has_value(); }
    const ReportContent& content() const { return *m_content; }
    int pageCount() const { return m_pages; }
    bool saveTo(const QString& path, QString* error = nullptr);
    QPushButton* saveButton() const { return m_save; }

signals:
    void contentReady();

private:
    void gather();
    void onReportReady(quint64 id, const ReportContent& content);
    void onFailed(quint64 id, const QString& message);
    void repaintPreview();
    void save();
    ReportRequest request() const;
    QPageSize::PageSizeId pageSize() const;

    DataService* m_service;
    WorkbenchState* m_state;
    std::optional<std::pair<core::CohortSpec, core::CohortSpec>> m_cohorts;
    QLineEdit* m_title = nullptr;
    QComboBox* m_page = nullptr;
    QComboBox* m_weighting = nullptr;
    QComboBox* m_every = nullptr;
    QCheckBox* m_compare = nullptr;
    QLabel* m_scope = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QPushButton* m_save = nullptr;
    QPrinter* m_printer = nullptr;
    QPrintPreviewWidget* m_preview = nullptr;
    std::optional<ReportContent> m_content;
    quint64 m_request = 0;
    int m_pages = 0;
};

} // namespace ett::app
