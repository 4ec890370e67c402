#include "app/ui/filter_bar.h"

#include "app/ui/page_widgets.h"
#include "app/ui/workbench_state.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace ett::app {

namespace {

constexpr int64_t kNsPerMs = 1'000'000;
constexpr int64_t kNsPerDay = 86'400'000'000'000;

QDateTime utcFromNs(int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / kNsPerMs, QTimeZone::utc());
}

int64_t nsFromUtc(const QDateTime& t)
{
    return static_cast<int64_t>(t.toMSecsSinceEpoch()) * kNsPerMs;
}

int clampToInt(int64_t v)
{
    return static_cast<int>(std::clamp<int64_t>(v, 0, std::numeric_limits<int>::max()));
}

const char* const kChipStyle = "QToolButton#chip { border: 1px solid #7aa7c7; border-radius: 9px; background: #e6f0f8;"
                               " color: #123; padding: 1px 8px; }"
                               "QToolButton#chip:hover { background: #cfe2f1; border-color: #0072b2; }";

} // namespace

FilterBar::FilterBar(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    buildUi();
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &FilterBar::updateVocabulary);
    connect(m_state, &WorkbenchState::filterChanged, this, &FilterBar::updateFromState);
    connect(m_state, &WorkbenchState::weightingChanged, this, &FilterBar::updateFromState);
    connect(m_state, &WorkbenchState::locationChanged, this, &FilterBar::updateFromState);
    updateVocabulary();
}

void FilterBar::buildUi()
{
    setStyleSheet(QString::fromLatin1(kChipStyle));
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(2, 2, 2, 2);
    rows->setSpacing(3);
    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    auto* bottom = new QHBoxLayout;
    bottom->setSpacing(6);
    rows->addLayout(top);
    rows->addLayout(bottom);

    // Row 1: datasets, time range, GPU range, count queue.
    // Row 2: attribute terms | group-by, weighting, clear. The second row has the room: with all
    // of them on the first the bar alone was 1,470 pixels wide, more than a laptop screen.
    top->addWidget(makeCaption(tr("Datasets"), this));
    m_labelsButton = new QToolButton(this);
    m_labelsButton->setObjectName(QStringLiteral("labels"));
    m_labelsButton->setPopupMode(QToolButton::InstantPopup);
    m_labelsButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_labelsButton->setMenu(new QMenu(m_labelsButton));
    m_labelsButton->setToolTip(tr("Dataset labels to include (none checked: all)"));
    m_labelsButton->setMinimumWidth(110);
    top->addWidget(m_labelsButton);
    top->addWidget(makeSeparator(this));

    top->addWidget(makeCaption(tr("Time"), this));
    const RangeControls range
        = addRangeControls(top, this, tr("Uncheck to clip every figure to a time range (UTC, spec 5.5)"));
    m_allTime = range.allTime;
    m_allTime->setChecked(true);
    m_from = range.from;
    m_to = range.to;
    m_minGpus = range.minGpus;
    m_maxGpus = range.maxGpus;
    top->addWidget(makeSeparator(this));

    m_countQueue = new QCheckBox(tr("Count queue"), this);
    m_countQueue->setObjectName(QStringLiteral("countQueue"));
    m_countQueue->setToolTip(tr("Start job windows at submission: time before the first attempt is queue (spec 5.6)"));
    top->addWidget(m_countQueue);
    top->addStretch(1);

    bottom->addWidget(makeCaption(tr("Attributes"), this));
    m_attrKey = new QComboBox(this);
    m_attrKey->setObjectName(QStringLiteral("attrKey"));
    m_attrKey->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_attrKey->setToolTip(tr("Pick an attribute, then one of its values to keep only matching jobs"));
    m_attrValue = new QComboBox(this);
    m_attrValue->setObjectName(QStringLiteral("attrValue"));
    m_attrValue->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_attrValue->setMinimumWidth(110);
    bottom->addWidget(m_attrKey);
    bottom->addWidget(m_attrValue);
    m_chips = new QWidget(this);
    m_chipsLayout = new QHBoxLayout(m_chips);
    m_chipsLayout->setContentsMargins(4, 0, 0, 0);
    m_chipsLayout->setSpacing(4);
    m_noChips = new QLabel(tr("no attribute filter: all jobs"), m_chips);
    m_noChips->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_chipsLayout->addWidget(m_noChips);
    bottom->addWidget(m_chips);
    bottom->addStretch(1);

    bottom->addWidget(makeCaption(tr("Group by"), this));
    m_groupBy = new QComboBox(this);
    m_groupBy->setObjectName(QStringLiteral("groupBy"));
    m_groupBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_groupBy->setToolTip(tr("Rows of the drill-down table at the fleet level"));
    bottom->addWidget(m_groupBy);
    bottom->addWidget(makeSeparator(this));

    m_weighting = new QButtonGroup(this);
    m_weighting->setExclusive(true);
    m_gpuWeighted = new QToolButton(this);
    m_gpuWeighted->setObjectName(QStringLiteral("gpuWeighted"));
    m_gpuWeighted->setText(tr("GPU-weighted"));
    m_gpuWeighted->setToolTip(tr("Weigh every job by its GPUs: sum(GPUs x productive) / sum(GPUs x E2E)"));
    m_timeWeighted = new QToolButton(this);
    m_timeWeighted->setObjectName(QStringLiteral("timeWeighted"));
    m_timeWeighted->setText(tr("Time-weighted"));
    m_timeWeighted->setToolTip(tr("Weigh every job alike: sum(productive) / sum(E2E)"));
    for (QToolButton* b : { m_gpuWeighted, m_timeWeighted }) {
        b->setCheckable(true);
        b->setAutoRaise(false);
        bottom->addWidget(b);
    }
    m_weighting->addButton(m_gpuWeighted, static_cast<int>(Weighting::Gpu));
    m_weighting->addButton(m_timeWeighted, static_cast<int>(Weighting::Time));
    bottom->addSpacing(8);
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setObjectName(QStringLiteral("clear"));
    m_clear->setToolTip(tr("Remove every filter (weighting and group-by stay)"));
    bottom->addWidget(m_clear);

    m_applyTimer = new QTimer(this);
    m_applyTimer->setSingleShot(true);
    m_applyTimer->setInterval(kApplyDelayMs);
    connect(m_applyTimer, &QTimer::timeout, this, &FilterBar::applyTypedControls);

    connect(m_allTime, &QCheckBox::toggled, this, [this](bool all) {
        setTimeRangeEnabled(!all);
        applyPending();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &FilterBar::scheduleApply);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &FilterBar::scheduleApply);
    connect(m_minGpus, &QSpinBox::valueChanged, this, &FilterBar::scheduleApply);
    connect(m_maxGpus, &QSpinBox::valueChanged, this, &FilterBar::scheduleApply);
    connect(m_countQueue, &QCheckBox::toggled, this, &FilterBar::applyPending);
    connect(m_weighting, &QButtonGroup::idClicked, this,
        [this](int id) { m_state->setWeighting(static_cast<Weighting>(id)); });
    connect(m_groupBy, &QComboBox::activated, this, [this](int index) {
        Location l;
        l.groupBy = m_groupBy->itemData(index).toString().toStdString();
        m_state->navigate(l);
    });
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_applyTimer->stop();
        m_state->setFilter(core::CohortSpec {});
        updateFromState(); // also when the filter was already clear: reset typed controls
    });
    connect(m_attrKey, &QComboBox::currentIndexChanged, this, &FilterBar::refillAttrValues);
    connect(m_attrValue, &QComboBox::activated, this, [this](int index) {
        const QString value = m_attrValue->itemData(index).toString();
        if (index > 0) {
            addAttributeTerm(m_attrKey->currentData().toString(), value);
        }
        QSignalBlocker block(m_attrValue);
        m_attrValue->setCurrentIndex(0);
    });
}

void FilterBar::updateVocabulary()
{
    const Vocabulary& v = m_state->vocabulary();

    // Datasets: one checkable action per label.
    QMenu* menu = m_labelsButton->menu();
    menu->clear();
    for (const QString& label : v.labels) {
        QAction* a = menu->addAction(label);
        a->setCheckable(true);
        a->setData(label);
        connect(a, &QAction::toggled, this, [this] {
            QStringList labels;
            for (QAction* action : m_labelsButton->menu()->actions()) {
                if (action->isChecked()) {
                    labels << action->data().toString();
                }
            }
            setLabels(labels);
        });
    }
    if (v.labels.isEmpty()) {
        menu->addAction(tr("(no datasets)"))->setEnabled(false);
    }

    {
        QSignalBlocker block(m_attrKey);
        m_attrKey->clear();
        m_attrKey->addItem(tr("attribute…"), QString());
        for (const QString& key : v.attrKeys) {
            m_attrKey->addItem(key, key);
        }
        m_attrKey->setEnabled(!v.attrKeys.isEmpty());
    }
    refillAttrValues();

    {
        QSignalBlocker block(m_groupBy);
        m_groupBy->clear();
        m_groupBy->addItem(tr("none (jobs)"), QString());
        m_groupBy->addItem(tr("dataset label"), QStringLiteral("label"));
        m_groupBy->addItem(tr("job"), QStringLiteral("job"));
        if (!v.attrKeys.isEmpty()) {
            m_groupBy->insertSeparator(m_groupBy->count());
        }
        for (const QString& key : v.attrKeys) {
            m_groupBy->addItem(key, key);
        }
    }

    {
        const QSignalBlocker b1(m_minGpus);
        const QSignalBlocker b2(m_maxGpus);
        const int top = std::max(clampToInt(v.maxGpus), clampToInt(m_state->filter().minGpus));
        const int topMax = m_state->filter().maxGpus == std::numeric_limits<int64_t>::max()
            ? top
            : std::max(top, clampToInt(m_state->filter().maxGpus));
        m_minGpus->setRange(0, std::max(top, 1));
        m_maxGpus->setRange(0, std::max(topMax, 1));
    }
    updateFromState();
}

void FilterBar::refillAttrValues()
{
    const QString key = m_attrKey->currentData().toString();
    const QSignalBlocker block(m_attrValue);
    m_attrValue->clear();
    m_attrValue->addItem(key.isEmpty() ? tr("value…") : tr("%1 = …").arg(key));
    for (const QString& v : m_state->vocabulary().attrValues.value(key)) {
        m_attrValue->addItem(v, v);
    }
    m_attrValue->setEnabled(!key.isEmpty());
}

void FilterBar::updateFromState()
{
    const core::CohortSpec& f = m_state->filter();
    updateLabelsButton();
    rebuildChips();
    updateTimeControls();
    {
        const QSignalBlocker b1(m_minGpus);
        const QSignalBlocker b2(m_maxGpus);
        const QSignalBlocker b3(m_countQueue);
        if (f.minGpus > m_minGpus->maximum()) {
            m_minGpus->setMaximum(clampToInt(f.minGpus));
        }
        m_minGpus->setValue(clampToInt(f.minGpus));
        if (f.maxGpus == std::numeric_limits<int64_t>::max()) {
            m_maxGpus->setValue(0);
        } else {
            if (f.maxGpus > m_maxGpus->maximum()) {
                m_maxGpus->setMaximum(clampToInt(f.maxGpus));
            }
            m_maxGpus->setValue(std::max(1, clampToInt(f.maxGpus)));
        }
        m_countQueue->setChecked(f.countQueue);
    }
    {
        const QSignalBlocker block(m_weighting);
        (m_state->weighting() == Weighting::Gpu ? m_gpuWeighted : m_timeWeighted)->setChecked(true);
    }
    {
        const QSignalBlocker block(m_groupBy);
        const QString groupBy = qs(m_state->location().groupBy);
        int index = m_groupBy->findData(groupBy);
        if (index < 0) {
            // A group-by the vocabulary does not know (yet): show it anyway.
            m_groupBy->addItem(groupBy, groupBy);
            index = m_groupBy->count() - 1;
        }
        m_groupBy->setCurrentIndex(index);
    }
    const bool filtered = !(f == core::CohortSpec {});
    m_clear->setEnabled(filtered);
}

void FilterBar::updateLabelsButton()
{
    const QStringList labels = qsList(m_state->filter().labels);
    for (QAction* a : m_labelsButton->menu()->actions()) {
        const QSignalBlocker block(a);
        a->setChecked(labels.contains(a->data().toString()));
    }
    QString text;
    if (labels.isEmpty()) {
        text = tr("all");
    } else if (labels.size() <= 2) {
        text = labels.join(QStringLiteral(", "));
    } else {
        text = tr("%1 labels").arg(labels.size());
    }
    m_labelsButton->setText(text + QStringLiteral("  "));
}

void FilterBar::rebuildChips()
{
    // Remove the old chips (not the "no filter" note).
    for (QToolButton* chip : m_chips->findChildren<QToolButton*>(QStringLiteral("chip"), Qt::FindDirectChildrenOnly)) {
        // Later: the chip may be the sender of the click that removes it.
        m_chipsLayout->removeWidget(chip);
        chip->setObjectName(QString());
        chip->hide();
        chip->deleteLater();
    }
    const core::CohortSpec& f = m_state->filter();
    int chips = 0;
    for (const auto& [attrKey, values] : f.attrs) {
        const QString key = qs(attrKey);
        for (const QString& value : qsList(values)) {
            auto* chip = new QToolButton(m_chips);
            chip->setObjectName(QStringLiteral("chip"));
            chip->setText(QStringLiteral("%1 = %2   ✕").arg(key, value));
            chip->setToolTip(tr("Remove the filter %1 = %2").arg(key, value));
            chip->setProperty("attrKey", key);
            chip->setProperty("attrValue", value);
            chip->setCursor(Qt::PointingHandCursor);
            connect(chip, &QToolButton::clicked, this, [this, key, value] { removeAttributeTerm(key, value); });
            m_chipsLayout->addWidget(chip);
            ++chips;
        }
    }
    m_noChips->setVisible(chips == 0);
}

void FilterBar::updateTimeControls()
{
    const core::CohortSpec& f = m_state->filter();
    const Vocabulary& v = m_state->vocabulary();
    const QSignalBlocker b1(m_allTime);
    const QSignalBlocker b2(m_from);
    const QSignalBlocker b3(m_to);
    const bool all = !f.fromNs && !f.toNs;
    m_allTime->setChecked(all);
    // Without a range the pickers offer the data's span in whole days.
    const int64_t first = v.firstNs - v.firstNs % kNsPerDay;
    const int64_t last
        = v.lastNs > v.firstNs ? v.lastNs + (kNsPerDay - v.lastNs % kNsPerDay) % kNsPerDay : first + kNsPerDay;
    m_from->setDateTime(utcFromNs(f.fromNs.value_or(first)));
    m_to->setDateTime(utcFromNs(f.toNs.value_or(last)));
    setTimeRangeEnabled(!all);
}

void FilterBar::setTimeRangeEnabled(bool enabled)
{
    m_from->setEnabled(enabled);
    m_to->setEnabled(enabled);
}

void FilterBar::scheduleApply()
{
    m_applyTimer->start();
}

void FilterBar::applyPending()
{
    m_applyTimer->stop();
    applyTypedControls();
}

void FilterBar::applyTypedControls()
{
    core::CohortSpec f = m_state->filter();
    if (m_allTime->isChecked()) {
        f.fromNs.reset();
        f.toNs.reset();
    } else {
        const int64_t from = nsFromUtc(m_from->dateTime());
        const int64_t to = nsFromUtc(m_to->dateTime());
        if (to <= from) {
            // An empty range selects nothing; wait for a valid one and say why.
            m_to->setStyleSheet(QStringLiteral("color: #d55e00;"));
            m_to->setToolTip(tr("The end must be after the start"));
            return;
        }
        m_to->setStyleSheet(QString());
        m_to->setToolTip(tr("To (exclusive, UTC)"));
        f.fromNs = from;
        f.toNs = to;
    }
    f.minGpus = m_minGpus->value();
    f.maxGpus = m_maxGpus->value() == 0 ? std::numeric_limits<int64_t>::max() : m_maxGpus->value();
    f.countQueue = m_countQueue->isChecked();
    m_state->setFilter(f);
}

void FilterBar::addAttributeTerm(const QString& key, const QString& value)
{
    if (key.isEmpty()) {
        return;
    }
    core::CohortSpec f = m_state->filter();
    if (f.addAttrValue(key.toStdString(), value.toStdString())) {
        m_state->setFilter(f);
    }
}

void FilterBar::removeAttributeTerm(const QString& key, const QString& value)
{
    core::CohortSpec f = m_state->filter();
    if (f.removeAttrValue(key.toStdString(), value.toStdString())) {
        m_state->setFilter(f);
    }
}

void FilterBar::setLabels(const QStringList& labels)
{
    core::CohortSpec f = m_state->filter();
    f.labels = stdList(labels);
    m_state->setFilter(f);
}

} // namespace ett::app
