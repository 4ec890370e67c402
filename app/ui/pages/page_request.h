// How a page asks the data service for its results (DESIGN.md: "the GUI never blocks"; stale
// results are dropped): when the page's inputs change it asks at once if it can be seen (shown, or
// in a window not shown yet), else when it is next shown: no work for results nobody sees. Only the
// newest request's answer counts. The page owns one per kind of result it shows. GUI thread only.
#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace ett::app {

class DataService;

class PageRequest : public QObject
{
    Q_OBJECT
public:
    // `ask` makes the request (a DataService::request*() call) and returns its id. `service` may be
    // null: then nothing is ever asked. Watches the page for being shown.
    PageRequest(QWidget* page, DataService* service, std::function<quint64()> ask);

    // The page's inputs changed: ask now if the page can be seen, else when it is shown.
    void invalidate();
    // Asks now (when a database is open).
    void ask();
    // True for the id of the newest request, still unanswered.
    bool isNewest(quint64 id) const { return id != 0 && id == m_pending; }
    // The newest request was answered (or failed), or the page was given data directly.
    void answered();
    bool isBusy() const { return m_pending != 0; }

signals:
    // A request went out (the page shows that it is busy).
    void asked();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool canAsk() const;

    QWidget* m_page;
    DataService* m_service;
    std::function<quint64()> m_ask;
    quint64 m_pending = 0; // the id awaited, 0 when none
    bool m_stale = true; // what the page shows does not follow its inputs
};

} // namespace ett::app
