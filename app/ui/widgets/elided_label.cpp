#include "app/ui/widgets/elided_label.h"

#include <QEvent>
#include <QFontMetrics>

#include <algorithm>

namespace ett::app {

namespace {

// The least a name is given: about a dozen characters.
constexpr int kMinChars = 12;

} // namespace

QString elideMiddle(const QWidget* widget, const QString& text, int pixels)
{
    return widget->fontMetrics().elidedText(text, Qt::ElideMiddle, pixels);
}

ElidedLabel::ElidedLabel(QWidget* parent)
    : QLabel(parent)
{
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString& text)
{
    m_full = text;
    updateShown();
    updateGeometry();
}

void ElidedLabel::setToolTipSuffix(const QString& suffix)
{
    m_tipSuffix = suffix;
    updateShown();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_mode = mode;
    updateShown();
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    return { fm.horizontalAdvance(m_full) + m.left() + m.right() + 2, QLabel::sizeHint().height() };
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return { fm.averageCharWidth() * kMinChars, QLabel::minimumSizeHint().height() };
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateShown();
    }
}

void ElidedLabel::updateShown()
{
    const QMargins m = contentsMargins();
    const QString shown = fontMetrics().elidedText(m_full, m_mode, std::max(0, width() - m.left() - m.right()));
    if (shown != text()) {
        setText(shown);
    }
    const bool cut = shown != m_full;
    QString tip = cut ? m_full : QString();
    if (!m_tipSuffix.isEmpty()) {
        tip = (tip.isEmpty() ? m_full : tip) + QStringLiteral("\n") + m_tipSuffix;
    }
    setToolTip(tip);
}

} // namespace ett::app
