// A one-line label for names of any length (job keys of 130 characters and more): it shows the
// text elided in the middle to the width it is given, the whole text in its tooltip, and never
// asks for more width than a few characters, so a long name cannot widen a bar, a dock or the
// window. GUI thread only.
#pragma once

#include <QLabel>

namespace ett::app {

class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    // The whole text (text() is what is shown).
    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    // Extra tooltip text after the whole name (empty: the name alone).
    void setToolTipSuffix(const QString& suffix);
    // Where the text is cut: in the middle (names, the default) or at the right (sentences).
    void setElideMode(Qt::TextElideMode mode);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateShown();

    QString m_full;
    QString m_tipSuffix;
    Qt::TextElideMode m_mode = Qt::ElideMiddle;
};

// `text` elided in the middle to at most `pixels` wide in the widget's font ("ranking-llama…-v7").
QString elideMiddle(const QWidget* widget, const QString& text, int pixels);

} // namespace ett::app
