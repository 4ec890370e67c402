#include "app/ui/dialogs/issues_dialog.h"

#include "app/service/import_files.h"
#include "app/ui/data/data_service.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "core/ingest/issue_kinds.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <numeric>

namespace ett::app {

namespace {

// Rank for sorting: data loss first when sorted descending.
int severityRank(const core::IssueKindInfo* info)
{
    return info ? static_cast<int>(info->severity) : -1;
}

} // namespace

IssuesTableModel::IssuesTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void IssuesTableModel::setIssues(std::vector<core::IssueInfo> issues)
{
    beginResetModel();
    m_issues = std::move(issues);
    endResetModel();
}

int64_t IssuesTableModel::totalCount() const
{
    return std::accumulate(m_issues.begin(), m_issues.end(), int64_t { 0 },
        [](int64_t n, const core::IssueInfo& i) { return n + i.count; });
}

int IssuesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_issues.size());
}

int IssuesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IssuesTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() < 0 || static_cast<size_t>(index.row()) >= m_issues.size()) {
        return {};
    }
    const core::IssueInfo& i = m_issues[static_cast<size_t>(index.row())];
    const core::IssueKindInfo* info = core::issueKindInfo(i.kind);
    const QString kind = qs(i.kind) + (i.detail.empty() ? QString() : QStringLiteral(" (%1)").arg(qs(i.detail)));
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case LabelColumn:
            return qs(i.label);
        case FileColumn:
            return QFileInfo(qs(i.sourcePath)).fileName();
        case SeverityColumn:
            return info ? severityLabel(issueSeverityText(i.kind)) : QString();
        case KindColumn:
            return kind;
        case CountColumn:
            return formatCount(i.count);
        case LineColumn:
            return i.firstLine ? QString::number(*i.firstLine) : QString();
        case ExampleColumn:
            return qs(i.example);
        default:
            return {};
        }
    }
    if (role == Qt::UserRole) { // what the proxy sorts by
        switch (index.column()) {
        case SeverityColumn:
            return severityRank(info);
        case CountColumn:
            return static_cast<qlonglong>(i.count);
        case LineColumn:
            return static_cast<qlonglong>(i.firstLine.value_or(-1));
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case FileColumn:
            return qs(i.sourcePath);
        case KindColumn:
        case SeverityColumn:
            return info
                ? qs(std::string(info->description))
                : tr("A kind of issue this version of ETT Workbench does not know (written by another version).");
        case ExampleColumn:
            return qs(i.example);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == CountColumn || index.column() == LineColumn)) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant IssuesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case LabelColumn:
        return tr("Label");
    case FileColumn:
        return tr("File");
    case SeverityColumn:
        return tr("Severity");
    case KindColumn:
        return tr("Issue");
    case CountColumn:
        return tr("Count");
    case LineColumn:
        return tr("First line");
    case ExampleColumn:
        return tr("Example");
    default:
        return {};
    }
}

IssuesDialog::IssuesDialog(DataService* service, QWidget* parent)
    : QDialog(parent)
    , m_service(service)
{
    setWindowTitle(tr("Import issues"));
    m_model = new IssuesTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // every column

    auto* intro = new QLabel(tr("Non-fatal data problems counted when the files were imported. The figures "
                                "account for them as their descriptions say (hover an issue to read it)."),
        this);
    intro->setWordWrap(true);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("issuesSearch"));
    m_search->setPlaceholderText(tr("Search label, file, issue or example"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        updateStatus();
    });
    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(IssuesTableModel::SeverityColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->hide();
    m_status = new QLabel(tr("Loading…"), this);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_search);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(1100, 520);

    connect(m_service, &DataService::issuesReady, this, &IssuesDialog::onIssues);
    connect(m_service, &DataService::queryFailed, this, &IssuesDialog::onFailed);
    m_pending = m_service->requestIssues(this);
}

void IssuesDialog::onIssues(quint64 id, const IssueList& list)
{
    if (id != m_pending) {
        return;
    }
    m_model->setIssues(list.issues);
    m_view->resizeColumnsToContents();
    updateStatus();
    emit issuesShown();
}

void IssuesDialog::onFailed(quint64 id, const QString& message)
{
    if (id != m_pending) {
        return;
    }
    m_status->setText(tr("The import issues could not be read: %1").arg(message));
}

void IssuesDialog::updateStatus()
{
    if (m_model->rowCount() == 0) {
        m_status->setText(tr("No import issues: every file was read as it is."));
        return;
    }
    const int shown = m_proxy->rowCount();
    m_status->setText(tr("%1 in %2%3")
                          .arg(tr("%Ln issue(s)", "", static_cast<int>(m_model->totalCount())),
                              tr("%Ln row(s)", "", static_cast<int>(m_model->rowCount())))
                          .arg(shown == m_model->rowCount() ? QString() : tr("; %1 shown").arg(shown)));
}

} // namespace ett::app
