#include "app/ui/dialogs/remove_file_dialog.h"

#include "app/ui/format/figures_format.h"
#include "core/ingest/reader_options_text.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <optional>
#include <string>

namespace ett::app {

namespace {

enum Column { kLabel, kFile, kFormat, kRecords, kImported, kReadWith, kColumns };

// A number cell that sorts by its value.
class CountItem : public QTableWidgetItem
{
public:
    explicit CountItem(int64_t n)
        : QTableWidgetItem(formatCount(n))
        , m_n(n)
    {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override
    {
        const auto* o = dynamic_cast<const CountItem*>(&other);
        return o ? m_n < o->m_n : QTableWidgetItem::operator<(other);
    }

private:
    int64_t m_n;
};

} // namespace

QString readWithText(const QString& readerOptions)
{
    const std::optional<std::string> flags = core::storedOptionsFlags(readerOptions.toStdString());
    if (!flags) {
        return QObject::tr("not known");
    }
    return flags->empty() ? QObject::tr("defaults") : QString::fromStdString(*flags);
}

RemoveFileDialog::RemoveFileDialog(
    const std::vector<core::DatasetInfo>& files, const QString& currentLabel, QWidget* parent, FileChoice choice)
    : QDialog(parent)
{
    const bool remove = choice == FileChoice::Remove;
    setWindowTitle(remove ? tr("Remove file") : tr("Read file again"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(remove ? tr("Choose the imported file to remove. It goes as if it had never been "
                                         "imported; the other files and labels stay.")
                                    : tr("Choose the imported file to read again. The import dialog opens with the "
                                         "options it was read with: change them (a timezone, a mapping) and it is read "
                                         "again in place of its earlier records."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by label, path or format"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    m_table = new QTableWidget(static_cast<int>(files.size()), kColumns, this);
    m_table->setHorizontalHeaderLabels(
        { tr("Label"), tr("File"), tr("Format"), tr("Records"), tr("Imported (UTC)"), tr("Read with") });
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    // The current label's files first, then the others, each in import order.
    std::vector<const core::DatasetInfo*> ordered;
    for (const bool current : { true, false }) {
        for (const core::DatasetInfo& d : files) {
            if ((QString::fromStdString(d.label) == currentLabel) == current) {
                ordered.push_back(&d);
            }
        }
    }
    for (int row = 0; row < static_cast<int>(ordered.size()); ++row) {
        const core::DatasetInfo& d = *ordered[static_cast<size_t>(row)];
        const QString path = QString::fromStdString(d.sourcePath);
        auto* file = new QTableWidgetItem(path);
        file->setToolTip(path);
        QString imported = QString::fromStdString(d.importedAt).left(19);
        imported.replace(QLatin1Char('T'), QLatin1Char(' '));
        const QString readWith = readWithText(QString::fromStdString(d.readerOptions));
        auto* with = new QTableWidgetItem(readWith);
        with->setToolTip(remove ? tr("The options it was imported with, which a removal reads other files again "
                                     "with and an undo imports it again with: %1")
                                      .arg(readWith)
                                : tr("The options it was imported with: %1").arg(readWith));
        m_table->setItem(row, kLabel, new QTableWidgetItem(QString::fromStdString(d.label)));
        m_table->setItem(row, kFile, file);
        m_table->setItem(row, kFormat, new QTableWidgetItem(QString::fromStdString(d.format)));
        m_table->setItem(row, kRecords, new CountItem(d.records));
        m_table->setItem(row, kImported, new QTableWidgetItem(imported));
        m_table->setItem(row, kReadWith, with);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(kFile, QHeaderView::Stretch);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicatorShown(false); // as listed until a header is clicked
    layout->addWidget(m_table, 1);

    m_count = new QLabel(this);
    m_count->setEnabled(false);
    layout->addWidget(m_count);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_remove = buttons->button(QDialogButtonBox::Ok);
    m_remove->setText(remove ? tr("&Remove...") : tr("&Read again..."));
    m_remove->setEnabled(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_filter, &QLineEdit::textChanged, this, &RemoveFileDialog::applyFilter);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RemoveFileDialog::selectionChanged);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int, int) {
        if (!path().isEmpty()) {
            accept();
        }
    });
    applyFilter();
    resize(1000, 480);
    m_filter->setFocus();
}

void RemoveFileDialog::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    int shown = 0;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        bool match = text.isEmpty();
        for (const int c : { kLabel, kFile, kFormat }) {
            match = match || m_table->item(row, c)->text().contains(text, Qt::CaseInsensitive);
        }
        m_table->setRowHidden(row, !match);
        shown += match ? 1 : 0;
    }
    m_count->setText(m_table->rowCount() == 0
            ? tr("The database stores no imported file.")
            : tr("%1 of %2 files shown.").arg(formatCount(shown), formatCount(m_table->rowCount())));
    // A selected row the filter hides is no longer the choice.
    const auto selected = m_table->selectionModel()->selectedRows();
    if (!selected.isEmpty() && m_table->isRowHidden(selected.front().row())) {
        m_table->clearSelection();
    }
    selectionChanged();
}

void RemoveFileDialog::selectionChanged()
{
    m_remove->setEnabled(!path().isEmpty());
}

QString RemoveFileDialog::label() const
{
    const auto selected = m_table->selectionModel()->selectedRows();
    return selected.isEmpty() ? QString() : m_table->item(selected.front().row(), kLabel)->text();
}

QString RemoveFileDialog::path() const
{
    const auto selected = m_table->selectionModel()->selectedRows();
    return selected.isEmpty() ? QString() : m_table->item(selected.front().row(), kFile)->text();
}

bool RemoveFileDialog::select(const QString& label, const QString& path)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (!m_table->isRowHidden(row) && m_table->item(row, kLabel)->text() == label
            && m_table->item(row, kFile)->text() == path) {
            m_table->selectRow(row);
            return true;
        }
    }
    return false;
}

QMessageBox* RemoveFileDialog::confirmation(const QString& label, const QString& path, QWidget* parent)
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Remove file"),
        tr("Remove %1 from label '%2'?").arg(QFileInfo(path).fileName(), label), QMessageBox::NoButton, parent);
    box->setInformativeText(
        tr("%1\n\nIts records go from the database as if it had never been imported: the jobs it touched are "
           "attributed again, and those left with nothing go. Other console logs of its runs' configurations are "
           "read again from their files so that their attempts are numbered without it.\n\nEdit > Undo (%2) "
           "imports it again from its path, with the options it was imported with.")
            .arg(path, QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    box->addButton(tr("&Remove"), QMessageBox::DestructiveRole);
    box->setDefaultButton(box->addButton(QMessageBox::Cancel));
    return box;
}

} // namespace ett::app
