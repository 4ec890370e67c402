#include "app/ui/export/exporters.h"

#include "app/ui/export/export_file.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>

#include <algorithm>
#include <set>

namespace ett::app {

namespace {

constexpr auto kLastDirectoryKey = "export/lastDirectory"; // QSettings: where the last export went
constexpr auto kHookName = "ettExportHook";

} // namespace

// Named, not anonymous: ExportHook has Q_OBJECT (findChild needs its meta-object), for moc.
namespace detail {

enum class TargetKind { Chart, Table, Gantt };
enum class Format { Png, Svg, Csv, Json };

// What a widget given an export knows: a child of the widget, found by name.
class ExportHook : public QObject
{
    Q_OBJECT
public:
    ExportHook(QWidget* target, TargetKind kind, QString page)
        : QObject(target)
        , m_target(target)
        , m_kind(kind)
        , m_page(std::move(page))
    {
        setObjectName(QLatin1String(kHookName));
    }

    QWidget* target() const { return m_target; }
    TargetKind kind() const { return m_kind; }
    const QString& page() const { return m_page; }

    std::function<QString()> scope; // charts
    std::function<TableExport()> describe; // tables
    std::function<QString()> name; // timelines

    // What the export is of, for file names and dialog captions.
    QString what() const
    {
        switch (m_kind) {
        case TargetKind::Chart: {
            const QChart* chart = static_cast<QChartView*>(m_target)->chart();
            return chart ? chart->title() : QString();
        }
        case TargetKind::Table:
            return table().title;
        case TargetKind::Gantt:
            return name ? name() : QObject::tr("Timeline");
        }
        return {};
    }

    TableExport table() const
    {
        TableExport info = describe ? describe() : TableExport {};
        if (info.title.isEmpty()) {
            info.title = m_page;
        }
        return info;
    }

    std::vector<Format> formats() const
    {
        return m_kind == TargetKind::Table ? std::vector { Format::Csv, Format::Json }
                                           : std::vector { Format::Png, Format::Svg };
    }

    core::Status run(Format format, GanttExtent extent, const QString& path) const
    {
        switch (m_kind) {
        case TargetKind::Chart: {
            QChart* chart = static_cast<QChartView*>(m_target)->chart();
            if (format == Format::Png) {
                return exportChartPng(chart, path);
            }
            QString description = QObject::tr("ETT Workbench, %1").arg(m_page);
            if (scope) {
                description += QStringLiteral(": ") + scope();
            }
            return exportChartSvg(chart, path, description);
        }
        case TargetKind::Table: {
            const QAbstractItemModel* model = static_cast<QAbstractItemView*>(m_target)->model();
            if (!model) {
                return core::Error { QObject::tr("%1: cannot write: the table has no model").arg(path).toStdString() };
            }
            return format == Format::Csv ? exportTableCsv(*model, path) : exportTableJson(*model, path, table());
        }
        case TargetKind::Gantt: {
            const auto* gantt = static_cast<GanttWidget*>(m_target);
            return format == Format::Png ? exportGanttPng(*gantt, path, extent)
                                         : exportGanttSvg(*gantt, path, extent, what());
        }
        }
        return core::Status::success();
    }

private:
    QWidget* m_target;
    TargetKind m_kind;
    QString m_page;
};

} // namespace detail

using detail::ExportHook;
using detail::Format;
using detail::TargetKind;

namespace {

// --- the dialog, the clipboard, the actions ------------------------------------------------------------

QString suffixOf(Format f)
{
    switch (f) {
    case Format::Png:
        return QStringLiteral("png");
    case Format::Svg:
        return QStringLiteral("svg");
    case Format::Csv:
        return QStringLiteral("csv");
    case Format::Json:
        return QStringLiteral("json");
    }
    return {};
}

QString filterOf(Format f)
{
    switch (f) {
    case Format::Png:
        return QObject::tr("PNG image (*.png)");
    case Format::Svg:
        return QObject::tr("SVG drawing (*.svg)");
    case Format::Csv:
        return QObject::tr("CSV table (*.csv)");
    case Format::Json:
        return QObject::tr("JSON (*.json)");
    }
    return {};
}

ExportHook* hookOf(const QWidget* widget)
{
    return widget ? widget->findChild<ExportHook*>(QLatin1String(kHookName), Qt::FindDirectChildrenOnly) : nullptr;
}

QString startDirectory()
{
    const QString dir = QSettings().value(QLatin1String(kLastDirectoryKey)).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir()) {
        return dir;
    }
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

// Asks for a file in one of the formats and exports to it; reports failure in a message box and
// success in the window's status bar.
bool exportInteractively(const ExportHook& hook, std::vector<Format> formats, GanttExtent extent)
{
    QWidget* target = hook.target();
    QStringList filters;
    for (const Format f : formats) {
        filters << filterOf(f);
    }
    // A dialog with a default suffix that follows the filter: the suffix is added before the
    // dialog asks whether to replace an existing file.
    QFileDialog dialog(target->window(), QObject::tr("Export %1").arg(hook.what()), startDirectory());
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters(filters);
    dialog.setDefaultSuffix(suffixOf(formats.front()));
    dialog.selectFile(proposedExportName(hook.page(), hook.what(), suffixOf(formats.front())));
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog, [&](const QString& filter) {
        dialog.setDefaultSuffix(
            suffixOf(formats[static_cast<size_t>(std::max<qsizetype>(0, filters.indexOf(filter)))]));
    });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
        return false;
    }
    QString path = dialog.selectedFiles().constFirst();
    const QString selected = dialog.selectedNameFilter();
    // The format: by the suffix typed when it names one, else by the filter chosen (suffix added).
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto format = std::find_if(formats.begin(), formats.end(), [&](Format f) { return suffixOf(f) == suffix; });
    if (format == formats.end()) {
        const auto i = std::max<qsizetype>(0, filters.indexOf(selected));
        format = formats.begin() + i;
        path += QLatin1Char('.') + suffixOf(*format);
    }
    QSettings().setValue(QLatin1String(kLastDirectoryKey), QFileInfo(path).absolutePath());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const core::Status status = hook.run(*format, extent, path);
    QApplication::restoreOverrideCursor();
    if (!status.ok()) {
        QMessageBox::warning(
            target->window(), QObject::tr("Export failed"), QString::fromStdString(status.error().message));
        return false;
    }
    if (auto* window = qobject_cast<QMainWindow*>(target->window())) {
        window->statusBar()->showMessage(QObject::tr("Exported to %1").arg(QDir::toNativeSeparators(path)), 6000);
    }
    return true;
}

// The selected rows of a table (all when none is), in the columns shown, in the order shown, with
// the header: as tab-separated text and as CSV on the clipboard.
void copyTable(QAbstractItemView* view)
{
    const QAbstractItemModel* model = view->model();
    if (!model) {
        return;
    }
    const auto* table = qobject_cast<QTableView*>(view);
    std::vector<int> columns;
    for (int v = 0; v < model->columnCount(); ++v) {
        const int c = table ? table->horizontalHeader()->logicalIndex(v) : v;
        if (!table || !table->isColumnHidden(c)) {
            columns.push_back(c);
        }
    }
    std::set<int> rows;
    if (const QItemSelectionModel* selection = view->selectionModel()) {
        for (const QModelIndex& index : selection->selectedIndexes()) {
            rows.insert(index.row());
        }
    }
    if (rows.empty()) {
        for (int r = 0; r < model->rowCount(); ++r) {
            rows.insert(r);
        }
    }
    QString tsv;
    QString csv;
    const auto add = [&](const QStringList& fields) {
        QStringList flat;
        for (const QString& f : fields) {
            flat << QString(f)
                        .replace(QLatin1String("\r\n"), QLatin1String(" "))
                        .replace(QLatin1Char('\t'), QLatin1Char(' '))
                        .replace(QLatin1Char('\n'), QLatin1Char(' '))
                        .replace(QLatin1Char('\r'), QLatin1Char(' '));
        }
        tsv += flat.join(QLatin1Char('\t')) + QLatin1Char('\n');
        appendCsvRecord(csv, fields);
    };
    QStringList header;
    for (const int c : columns) {
        header << flatHeader(*model, c);
    }
    add(header);
    for (const int r : rows) {
        QStringList fields;
        for (const int c : columns) {
            fields << displayText(*model, r, c);
        }
        add(fields);
    }
    auto* mime = new QMimeData;
    mime->setText(tsv);
    mime->setData(QStringLiteral("text/csv"), csv.toUtf8());
    QGuiApplication::clipboard()->setMimeData(mime);
}

QAction* addAction(QWidget* target, const QString& text, const QString& name, const std::function<void()>& run)
{
    auto* action = new QAction(text, target);
    action->setObjectName(name);
    QObject::connect(action, &QAction::triggered, target, run);
    target->addAction(action);
    return action;
}

// Ctrl+Shift+E while the target (or a child, e.g. a view's viewport) has focus.
void addDialogShortcut(QWidget* target)
{
    auto* shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), target);
    shortcut->setObjectName(QStringLiteral("exportShortcut"));
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(shortcut, &QShortcut::activated, target, [target] { openExportDialog(target); });
}

} // namespace

// --- the scope ------------------------------------------------------------------------------------------

QString exportScopeText(const WorkbenchState& state)
{
    core::CohortSpec terms = state.filter();
    terms.countQueue = false;
    QString text = terms == core::CohortSpec {} ? QObject::tr("all jobs")
                                                : QObject::tr("filter: %1").arg(QString::fromStdString(terms.text()));
    if (state.filter().countQueue) {
        text += QObject::tr(" (queue counted)");
    }
    return text + QStringLiteral(" · ") + weightingName(state.weighting());
}

// --- in the window --------------------------------------------------------------------------------------

void installChartExport(QChartView* view, const QString& page, std::function<QString()> scope)
{
    auto* hook = new ExportHook(view, TargetKind::Chart, page);
    hook->scope = std::move(scope);
    addAction(view, QObject::tr("Export as PNG…"), QStringLiteral("exportPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::View); });
    addAction(view, QObject::tr("Export as SVG…"), QStringLiteral("exportSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::View); });
    addDialogShortcut(view);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void installTableExport(QAbstractItemView* view, const QString& page, std::function<TableExport()> describe)
{
    auto* hook = new ExportHook(view, TargetKind::Table, page);
    hook->describe = std::move(describe);
    addAction(view, QObject::tr("Export as CSV…"), QStringLiteral("exportCsv"),
        [hook] { exportInteractively(*hook, { Format::Csv }, GanttExtent::View); });
    addAction(view, QObject::tr("Export as JSON…"), QStringLiteral("exportJson"),
        [hook] { exportInteractively(*hook, { Format::Json }, GanttExtent::View); });
    QAction* copy = addAction(view, QObject::tr("Copy"), QStringLiteral("copyTable"), [view] { copyTable(view); });
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copy->setToolTip(QObject::tr("Copy the selected rows (all rows when none is) with the header"));
    addDialogShortcut(view);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void installGanttExport(GanttWidget* gantt, std::function<QString()> name)
{
    auto* hook = new ExportHook(gantt, TargetKind::Gantt, QObject::tr("Timeline"));
    hook->name = std::move(name);
    addAction(gantt, QObject::tr("Export view as PNG…"), QStringLiteral("exportPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::View); });
    addAction(gantt, QObject::tr("Export view as SVG…"), QStringLiteral("exportSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::View); });
    addAction(gantt, QObject::tr("Export all rows as PNG…"), QStringLiteral("exportAllPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::AllRows); });
    addAction(gantt, QObject::tr("Export all rows as SVG…"), QStringLiteral("exportAllSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::AllRows); });
    addDialogShortcut(gantt);
}

QMenu* createExportMenu(QWidget* target, QWidget* parent)
{
    if (!hookOf(target)) {
        return nullptr;
    }
    auto* menu = new QMenu(parent);
    menu->addActions(target->actions());
    return menu;
}

QWidget* exportTargetFor(QWidget* widget)
{
    for (QWidget* w = widget; w; w = w->parentWidget()) {
        if (hookOf(w)) {
            return w;
        }
    }
    return nullptr;
}

bool openExportDialog(QWidget* target)
{
    const ExportHook* hook = hookOf(target);
    if (!hook) {
        return false;
    }
    return exportInteractively(*hook, hook->formats(), GanttExtent::View);
}

core::Status exportWidget(QWidget* target, const QString& path)
{
    const ExportHook* hook = hookOf(target);
    if (!hook) {
        return writeError(path, QObject::tr("nothing to export here"));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const auto formats = hook->formats();
    const auto format = std::find_if(formats.begin(), formats.end(), [&](Format f) { return suffixOf(f) == suffix; });
    if (format == formats.end()) {
        QStringList offered;
        for (const Format f : formats) {
            offered << suffixOf(f);
        }
        return writeError(
            path, QObject::tr("this exports as %1, not \"%2\"").arg(offered.join(QStringLiteral(" or ")), suffix));
    }
    return hook->run(*format, GanttExtent::View, path);
}

QString proposedExportName(const QString& page, const QString& what, const QString& suffix)
{
    // Words of letters and digits, joined by '-'; the page once (a title may start with it).
    QString words = what.startsWith(page, Qt::CaseInsensitive) ? what : page + QLatin1Char(' ') + what;
    QString name;
    bool gap = false;
    for (const QChar c : words) {
        if (c.isLetterOrNumber()) {
            if (gap && !name.isEmpty()) {
                name += QLatin1Char('-');
            }
            name += c.toLower();
            gap = false;
        } else {
            gap = true;
        }
    }
    if (name.size() > 80) {
        name.truncate(80);
        while (name.endsWith(QLatin1Char('-'))) {
            name.chop(1);
        }
    }
    if (name.isEmpty()) {
        name = QStringLiteral("export");
    }
    return name + QLatin1Char('.') + suffix;
}

} // namespace ett::app

#include "exporters.moc"
