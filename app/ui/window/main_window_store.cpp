// File > Connect to fleet store: the window on a ClickHouse cluster instead of a database. The
// query pages (overview, drill-down, timelines, compare, advisor, the report) answer from the
// cluster through the same service calls; what needs a database (import, labels, scenarios,
// what-if, import issues) says so. A cluster query that runs a while can be stopped (Esc).
#include "app/ui/data/data_service.h"
#include "app/ui/window/main_window.h"
#include "core/store/clickhouse/store_url.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace ett::app {

namespace {

constexpr const char* kRecentStoresKey = "recentStores";
constexpr int kMaxRecentStores = 10;

// The URL as remembered: parsed, then written without its password. Empty when it does not parse.
QString withoutPassword(const QString& url)
{
    auto parsed = core::clickhouse::parseStoreUrl(url.toStdString(), [](const char*) { return std::nullopt; });
    if (!parsed) {
        return {};
    }
    const auto& u = *parsed;
    QString out = QStringLiteral("clickhouse://%1@%2/%3")
                      .arg(QString::fromStdString(u.user), QString::fromStdString(u.address()),
                          QString::fromStdString(u.database));
    if (!u.cluster.empty()) {
        out += QStringLiteral("?cluster=") + QString::fromStdString(u.cluster);
    }
    return out;
}

// The dialog: a URL (the recent ones offered), a password, and what the window will do with them.
class StoreDialog : public QDialog
{
    Q_DECLARE_TR_FUNCTIONS(StoreDialog) // no Q_OBJECT: tr() would otherwise ask for QDialog's context

public:
    explicit StoreDialog(QWidget* parent)
        : QDialog(parent)
    {
        setWindowTitle(tr("Connect to fleet store"));
        auto* layout = new QVBoxLayout(this);
        auto* intro = new QLabel(tr("A fleet store is a ClickHouse cluster the fleet was pushed to (ettw push, ettw "
                                    "import --store). Every figure is computed there in SQL; only aggregates come "
                                    "back. Connect with a read-only user: the window never writes."),
            this);
        intro->setWordWrap(true);
        layout->addWidget(intro);
        auto* form = new QFormLayout;
        m_url = new QComboBox(this);
        m_url->setEditable(true);
        m_url->addItems(MainWindow::recentStores());
        m_url->lineEdit()->setPlaceholderText(QStringLiteral("clickhouse://USER@HOST:8123/DATABASE?cluster=NAME"));
        m_url->setMinimumContentsLength(48);
        form->addRow(tr("&Store URL:"), m_url);
        m_password = new QLineEdit(this);
        m_password->setEchoMode(QLineEdit::Password);
        m_password->setPlaceholderText(tr("empty: from ETTW_STORE_PASSWORD or the password file"));
        form->addRow(tr("&Password:"), m_password);
        layout->addLayout(form);
        auto* note = new QLabel(tr("The password is never saved; recent stores are remembered without it."), this);
        note->setWordWrap(true);
        note->setEnabled(false);
        layout->addWidget(note);
        m_error = new QLabel(this);
        m_error->setWordWrap(true);
        m_error->setStyleSheet(QStringLiteral("color: palette(highlight)"));
        m_error->hide();
        layout->addWidget(m_error);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
        buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
        connect(buttons, &QDialogButtonBox::accepted, this, [this] {
            if (withoutPassword(url()).isEmpty()) {
                auto parsed
                    = core::clickhouse::parseStoreUrl(url().toStdString(), [](const char*) { return std::nullopt; });
                m_error->setText(parsed ? QString() : QString::fromStdString(parsed.error().message));
                m_error->show();
                return;
            }
            accept();
        });
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
        layout->addWidget(buttons);
    }

    QString url() const { return m_url->currentText().trimmed(); }
    QString password() const { return m_password->text(); }

private:
    QComboBox* m_url = nullptr;
    QLineEdit* m_password = nullptr;
    QLabel* m_error = nullptr;
};

QString storeBusyText()
{
    return QObject::tr("Querying the store… (Esc: stop)");
}

} // namespace

QStringList MainWindow::recentStores()
{
    return QSettings().value(QLatin1String(kRecentStoresKey)).toStringList();
}

void MainWindow::connectStore(const QString& url, const QString& password)
{
    const QString remembered = withoutPassword(url);
    if (!remembered.isEmpty()) {
        QSettings settings;
        QStringList list = recentStores();
        list.removeAll(remembered);
        list.prepend(remembered);
        while (list.size() > kMaxRecentStores) {
            list.removeLast();
        }
        settings.setValue(QLatin1String(kRecentStoresKey), list);
    }
    const QString shown = QString::fromStdString(core::clickhouse::maskStoreUrl(url.toStdString()));
    m_databaseRequested = true;
    m_pendingDatabase = shown;
    updateEmptyState();
    statusBar()->showMessage(tr("Connecting to %1...").arg(shown));
    m_service->connectStore(url, password);
}

void MainWindow::storeQueryRunning(bool running)
{
    m_stopQueryAction->setEnabled(running);
    if (!m_storeBusyTimer) {
        m_storeBusyTimer = new QTimer(this);
        m_storeBusyTimer->setSingleShot(true);
        m_storeBusyTimer->setInterval(400);
        connect(m_storeBusyTimer, &QTimer::timeout, this, [this] { statusBar()->showMessage(storeBusyText()); });
    }
    if (running) {
        m_storeBusyTimer->start();
        return;
    }
    m_storeBusyTimer->stop();
    if (statusBar()->currentMessage() == storeBusyText()) {
        statusBar()->clearMessage();
    }
}

void MainWindow::stopStoreQuery()
{
    m_service->stopQueries();
    m_storeBusyTimer->stop();
    statusBar()->showMessage(tr("Query stopped: the views keep what they showed. Change a view to ask again."), 8000);
}

void MainWindow::connectStoreDialog()
{
    StoreDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) {
        connectStore(dialog.url(), dialog.password());
    }
}

} // namespace ett::app
