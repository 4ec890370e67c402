#include "app/ui/pages/page_request.h"

#include "app/ui/data/data_service.h"

#include <QEvent>
#include <QWidget>

namespace ett::app {

PageRequest::PageRequest(QWidget* page, DataService* service, std::function<quint64()> ask)
    : QObject(page)
    , m_page(page)
    , m_service(service)
    , m_ask(std::move(ask))
{
    page->installEventFilter(this);
}

bool PageRequest::canAsk() const
{
    return m_service != nullptr && m_service->hasDatabase();
}

void PageRequest::invalidate()
{
    m_stale = true;
    // A page behind another tab of a shown window waits to be shown; anywhere else (shown, or in
    // a window not shown yet) it asks at once.
    if (canAsk() && (m_page->isVisible() || !m_page->window()->isVisible())) {
        ask();
    }
}

void PageRequest::ask()
{
    if (!canAsk()) {
        return;
    }
    m_pending = m_ask();
    m_stale = false;
    emit asked();
}

void PageRequest::answered()
{
    m_pending = 0;
    m_stale = false;
}

bool PageRequest::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_page && event->type() == QEvent::Show && m_stale) {
        ask();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ett::app
