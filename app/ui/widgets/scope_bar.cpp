#include "app/ui/widgets/scope_bar.h"

#include "app/ui/window/workbench_state.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace ett::app {

namespace {

// At most this many labels get a button each; the filter bar's dataset menu has the rest.
constexpr int kMaxButtons = 6;
// The widest a label's button may be; a longer name is cut in the middle (its tooltip names it).
constexpr int kMaxButtonTextPx = 120;

} // namespace

ScopeBar::ScopeBar(WorkbenchState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    setObjectName(QStringLiteral("scopeBar"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(QStringLiteral("#scopeBar { background: #fdf3e1; border: 1px solid #e8c98a; border-radius: 4px; }"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 3, 8, 3);
    row->setSpacing(6);
    // The sentence is as long as the labels' names (and longer in Portuguese): beside the Details dock
    // on a laptop's screen it is cut, whole in its tooltip, rather than widen the window past the screen.
    m_text = new ElidedLabel(this);
    m_text->setElideMode(Qt::ElideRight);
    m_text->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_text->setObjectName(QStringLiteral("scopeText"));
    row->addWidget(m_text);
    m_buttons = new QHBoxLayout;
    m_buttons->setSpacing(4);
    row->addLayout(m_buttons);
    row->addStretch(1);
    auto* keep = new QToolButton(this);
    keep->setObjectName(QStringLiteral("keepMixed"));
    keep->setText(tr("Keep them together"));
    keep->setToolTip(tr("Hide this line until the datasets change"));
    keep->setAutoRaise(true);
    connect(keep, &QToolButton::clicked, this, [this] {
        m_dismissedFor = spannedLabels();
        update();
    });
    row->addWidget(keep);
    connect(m_state, &WorkbenchState::filterChanged, this, [this] { update(); });
    connect(m_state, &WorkbenchState::vocabularyChanged, this, [this] { update(); });
    connect(m_state, &WorkbenchState::dataRefreshed, this, [this] { update(); });
    update();
}

QStringList ScopeBar::spannedLabels() const
{
    const QStringList all = m_state->vocabulary().labels;
    const auto& chosen = m_state->filter().labels;
    if (chosen.empty()) {
        return all;
    }
    QStringList out;
    for (const auto& l : chosen) {
        const QString label = QString::fromStdString(l);
        if (all.contains(label)) {
            out << label;
        }
    }
    return out;
}

bool ScopeBar::mixesLabels() const
{
    return spannedLabels().size() > 1;
}

void ScopeBar::setWanted(bool wanted)
{
    m_wanted = wanted;
    update();
}

void ScopeBar::update()
{
    const QStringList labels = spannedLabels();
    const bool show = m_wanted && labels.size() > 1 && labels != m_dismissedFor;
    setVisible(show);
    if (!show) {
        return;
    }
    m_text->setFullText(tr("⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:",
        nullptr, static_cast<int>(labels.size()))
                            .arg(labels.join(QStringLiteral(", "))));
    if (labels != m_buttonsFor) {
        m_buttonsFor = labels;
        rebuildButtons();
    }
}

void ScopeBar::rebuildButtons()
{
    while (QLayoutItem* item = m_buttons->takeAt(0)) {
        if (QWidget* w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    for (qsizetype i = 0; i < m_buttonsFor.size() && i < kMaxButtons; ++i) {
        const QString label = m_buttonsFor[i];
        auto* b = new QToolButton(this);
        b->setObjectName(QStringLiteral("scopeLabel"));
        b->setText(elideMiddle(b, label, kMaxButtonTextPx));
        b->setToolTip(tr("Show only the dataset '%1' (the filter bar's Datasets)").arg(label));
        connect(b, &QToolButton::clicked, this, [this, label] {
            core::CohortSpec filter = m_state->filter();
            filter.labels = { label.toStdString() };
            m_state->setFilter(filter);
        });
        m_buttons->addWidget(b);
    }
}

} // namespace ett::app
