#include "app/ui/widgets/cohort_controls.h"

#include "app/ui/pages/page_widgets.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>

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

} // namespace

CohortControls::CohortControls(QWidget* parent, const Options& options)
    : QObject(parent)
    , m_parent(parent)
    , m_options(options)
{
    if (m_options.typedDelayMs > 0) {
        m_typedTimer = new QTimer(this);
        m_typedTimer->setSingleShot(true);
        m_typedTimer->setInterval(m_options.typedDelayMs);
        connect(m_typedTimer, &QTimer::timeout, this, &CohortControls::applyPending);
    }
}

// --- the parts ----------------------------------------------------------------------------------

void CohortControls::addLabelsTo(QHBoxLayout* row)
{
    m_labels = new QToolButton(m_parent);
    m_labels->setObjectName(QStringLiteral("labels"));
    m_labels->setPopupMode(QToolButton::InstantPopup);
    if (m_options.style == Style::Bar) {
        m_labels->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
    m_labels->setMenu(new QMenu(m_labels));
    m_labels->setToolTip(m_options.labelsTip);
    m_labels->setMinimumWidth(m_options.style == Style::Bar ? 110 : 130);
    row->addWidget(m_labels);
    fillLabelsMenu();
    showLabels();
}

void CohortControls::addAttributesTo(QHBoxLayout* row)
{
    if (m_options.style == Style::Cohort) {
        m_attrs = new QToolButton(m_parent);
        m_attrs->setObjectName(QStringLiteral("attributes"));
        m_attrs->setPopupMode(QToolButton::InstantPopup);
        m_attrs->setMenu(new QMenu(m_attrs));
        m_attrs->setToolTip(m_options.attributesTip);
        m_attrs->setMinimumWidth(130);
        row->addWidget(m_attrs);
        fillAttributeMenu();
        showAttributes();
        return;
    }
    m_attrKey = new QComboBox(m_parent);
    m_attrKey->setObjectName(QStringLiteral("attrKey"));
    m_attrKey->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_attrKey->setToolTip(tr("Pick an attribute, then one of its values to keep only matching jobs"));
    m_attrValue = new QComboBox(m_parent);
    m_attrValue->setObjectName(QStringLiteral("attrValue"));
    m_attrValue->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_attrValue->setMinimumWidth(110);
    row->addWidget(m_attrKey);
    row->addWidget(m_attrValue);
    connect(m_attrKey, &QComboBox::currentIndexChanged, this, &CohortControls::fillAttributeValues);
    connect(m_attrValue, &QComboBox::activated, this, [this](int index) {
        const QString value = m_attrValue->itemData(index).toString();
        if (index > 0) {
            addAttributeTerm(m_attrKey->currentData().toString(), value);
        }
        const QSignalBlocker block(m_attrValue);
        m_attrValue->setCurrentIndex(0); // back to the prompt
    });
    fillAttributePicker();
}

void CohortControls::addRangesTo(QHBoxLayout* row)
{
    const RangeControls range = addRangeControls(row, m_parent, m_options.allTimeTip);
    m_allTime = range.allTime;
    m_from = range.from;
    m_to = range.to;
    m_minGpus = range.minGpus;
    m_maxGpus = range.maxGpus;
    connect(m_allTime, &QCheckBox::toggled, this, [this](bool all) {
        m_from->setEnabled(!all);
        m_to->setEnabled(!all);
        applyPending();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &CohortControls::typed);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &CohortControls::typed);
    connect(m_minGpus, &QSpinBox::valueChanged, this, &CohortControls::typed);
    connect(m_maxGpus, &QSpinBox::valueChanged, this, &CohortControls::typed);
    setGpuRanges();
    showRanges();
}

// --- the cohort -----------------------------------------------------------------------------------

void CohortControls::setCohort(const core::CohortSpec& cohort)
{
    if (m_typedTimer) {
        m_typedTimer->stop();
    }
    m_cohort = cohort;
    showLabels();
    showAttributes();
    showRanges();
}

void CohortControls::setVocabulary(const Vocabulary& vocabulary)
{
    m_vocabulary = vocabulary;
    fillLabelsMenu();
    fillAttributeMenu();
    fillAttributePicker();
    setGpuRanges();
    showLabels();
    showAttributes();
    showRanges();
}

void CohortControls::commit(const core::CohortSpec& cohort)
{
    const bool changed = !(cohort == m_cohort);
    m_cohort = cohort;
    showLabels();
    showAttributes();
    showRanges();
    if (changed) {
        emit edited(m_cohort);
    }
}

void CohortControls::addAttributeTerm(const QString& key, const QString& value)
{
    if (key.isEmpty()) {
        return;
    }
    core::CohortSpec f = m_cohort;
    if (f.addAttrValue(key.toStdString(), value.toStdString())) {
        commit(f);
    }
}

void CohortControls::removeAttributeTerm(const QString& key, const QString& value)
{
    core::CohortSpec f = m_cohort;
    if (f.removeAttrValue(key.toStdString(), value.toStdString())) {
        commit(f);
    }
}

void CohortControls::typed()
{
    if (m_typedTimer) {
        m_typedTimer->start();
    } else {
        applyPending();
    }
}

std::optional<core::CohortSpec> CohortControls::takeTyped()
{
    if (m_typedTimer) {
        m_typedTimer->stop();
    }
    core::CohortSpec f = m_cohort;
    if (!m_allTime) {
        return f;
    }
    if (m_allTime->isChecked()) {
        f.fromNs.reset();
        f.toNs.reset();
    } else {
        const int64_t from = nsFromUtc(m_from->dateTime());
        const int64_t to = nsFromUtc(m_to->dateTime());
        if (to <= from) {
            // An empty range selects nothing; wait for a valid one and say why.
            m_to->setStyleSheet(QStringLiteral("color: #c03900;"));
            m_to->setToolTip(tr("The end must be after the start"));
            return std::nullopt;
        }
        m_to->setStyleSheet(QString());
        m_to->setToolTip(tr("To (exclusive, UTC)"));
        f.fromNs = from;
        f.toNs = to;
    }
    f.minGpus = m_minGpus->value();
    f.maxGpus = m_maxGpus->value() == 0 ? std::numeric_limits<int64_t>::max() : m_maxGpus->value();
    return f;
}

void CohortControls::applyPending()
{
    const std::optional<core::CohortSpec> f = takeTyped();
    if (f && !(*f == m_cohort)) {
        m_cohort = *f;
        emit edited(m_cohort);
    }
}

// --- from the vocabulary ------------------------------------------------------------------------------

void CohortControls::fillLabelsMenu()
{
    if (!m_labels) {
        return;
    }
    QMenu* menu = m_labels->menu();
    menu->clear();
    for (const QString& label : m_vocabulary.labels) {
        QAction* a = menu->addAction(label);
        a->setCheckable(true);
        a->setData(label);
        connect(a, &QAction::toggled, this, [this, label](bool on) {
            core::CohortSpec f = m_cohort;
            f.removeLabel(label.toStdString());
            if (on) {
                f.labels.push_back(label.toStdString());
                std::sort(f.labels.begin(), f.labels.end());
            }
            commit(f);
        });
    }
    if (m_vocabulary.labels.isEmpty()) {
        menu->addAction(tr("(no datasets)"))->setEnabled(false);
    }
}

void CohortControls::fillAttributeMenu()
{
    if (!m_attrs) {
        return;
    }
    // A submenu per key with its values, and "(none)": jobs without the key.
    QMenu* attrs = m_attrs->menu();
    // clear() deletes the actions, not the submenus (children of the menu).
    qDeleteAll(attrs->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly));
    attrs->clear();
    for (const QString& key : m_vocabulary.attrKeys) {
        QMenu* sub = attrs->addMenu(key);
        sub->setObjectName(key);
        QStringList values = m_vocabulary.attrValues.value(key);
        values << QString::fromLatin1(core::kNoGroupName);
        for (const QString& value : values) {
            QAction* a = sub->addAction(value);
            a->setCheckable(true);
            a->setData(value);
            connect(a, &QAction::toggled, this, [this, key, value](bool on) {
                if (on) {
                    addAttributeTerm(key, value);
                } else {
                    removeAttributeTerm(key, value);
                }
            });
        }
    }
    if (m_vocabulary.attrKeys.isEmpty()) {
        attrs->addAction(tr("(no attributes)"))->setEnabled(false);
    } else {
        attrs->addSeparator();
        connect(attrs->addAction(tr("Clear attribute terms")), &QAction::triggered, this, [this] {
            core::CohortSpec f = m_cohort;
            f.attrs.clear();
            commit(f);
        });
    }
}

void CohortControls::fillAttributePicker()
{
    if (!m_attrKey) {
        return;
    }
    {
        const QSignalBlocker block(m_attrKey);
        m_attrKey->clear();
        m_attrKey->addItem(tr("attribute…"), QString());
        for (const QString& key : m_vocabulary.attrKeys) {
            m_attrKey->addItem(key, key);
        }
        m_attrKey->setEnabled(!m_vocabulary.attrKeys.isEmpty());
    }
    fillAttributeValues();
}

void CohortControls::fillAttributeValues()
{
    const QString key = m_attrKey->currentData().toString();
    const QSignalBlocker block(m_attrValue);
    m_attrValue->clear();
    m_attrValue->addItem(key.isEmpty() ? tr("value…") : tr("%1 = …").arg(key));
    for (const QString& v : m_vocabulary.attrValues.value(key)) {
        m_attrValue->addItem(v, v);
    }
    m_attrValue->setEnabled(!key.isEmpty());
}

void CohortControls::setGpuRanges()
{
    if (!m_minGpus) {
        return;
    }
    // Up to the data's largest job; showRanges() reaches further for the cohort's own bounds.
    const QSignalBlocker b1(m_minGpus);
    const QSignalBlocker b2(m_maxGpus);
    const int top = std::max({ clampToInt(m_vocabulary.maxGpus), clampToInt(m_cohort.minGpus), 1 });
    m_minGpus->setRange(0, top);
    m_maxGpus->setRange(0, top);
}

// --- showing the cohort ---------------------------------------------------------------------------

void CohortControls::showLabels()
{
    if (!m_labels) {
        return;
    }
    const QStringList labels = qsList(m_cohort.labels);
    for (QAction* a : m_labels->menu()->actions()) {
        const QSignalBlocker block(a);
        a->setChecked(labels.contains(a->data().toString()));
    }
    if (m_options.style == Style::Cohort) {
        m_labels->setText(tr("Datasets: %1").arg(labels.isEmpty() ? tr("all") : labels.join(QStringLiteral(", "))));
        return;
    }
    const QString text = labels.isEmpty() ? tr("all")
        : labels.size() <= 2              ? labels.join(QStringLiteral(", "))
                                          : tr("%1 labels").arg(labels.size());
    m_labels->setText(text + QStringLiteral("  "));
}

void CohortControls::showAttributes()
{
    if (!m_attrs) {
        return; // the picker shows no terms: the host does (the filter bar's chips)
    }
    for (QMenu* sub : m_attrs->menu()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)) {
        const auto* values = m_cohort.attrValues(sub->objectName().toStdString());
        const QStringList chosen = values ? qsList(*values) : QStringList();
        for (QAction* a : sub->actions()) {
            const QSignalBlocker block(a);
            a->setChecked(chosen.contains(a->data().toString()));
        }
        sub->setTitle(
            chosen.isEmpty() ? sub->objectName() : QStringLiteral("%1 (%2)").arg(sub->objectName()).arg(chosen.size()));
    }
    QStringList parts;
    for (const auto& [key, values] : m_cohort.attrs) {
        parts << qs(key) + QLatin1Char('=') + qsList(values).join(QLatin1Char('|'));
    }
    m_attrs->setText(parts.isEmpty() ? tr("Attributes: any")
            : parts.size() == 1      ? tr("Attributes: %1").arg(parts.first())
                                     : tr("Attributes: %1 terms").arg(parts.size()));
}

void CohortControls::showRanges()
{
    if (!m_allTime) {
        return;
    }
    const core::CohortSpec& f = m_cohort;
    {
        // Without a range the pickers offer the data's span in whole days (UTC).
        const QSignalBlocker b1(m_allTime);
        const QSignalBlocker b2(m_from);
        const QSignalBlocker b3(m_to);
        const bool all = !f.fromNs && !f.toNs;
        m_allTime->setChecked(all);
        const Vocabulary& v = m_vocabulary;
        const int64_t first = floorTo(v.firstNs, kNsPerDay);
        const int64_t last = v.lastNs > v.firstNs ? ceilTo(v.lastNs, kNsPerDay) : first + kNsPerDay;
        m_from->setDateTime(utcFromNs(f.fromNs.value_or(first)));
        m_to->setDateTime(utcFromNs(f.toNs.value_or(last)));
        m_from->setEnabled(!all);
        m_to->setEnabled(!all);
        m_to->setStyleSheet(QString());
        m_to->setToolTip(tr("To (exclusive, UTC)"));
    }
    const QSignalBlocker b1(m_minGpus);
    const QSignalBlocker b2(m_maxGpus);
    m_minGpus->setMaximum(std::max(m_minGpus->maximum(), clampToInt(f.minGpus)));
    m_minGpus->setValue(clampToInt(f.minGpus));
    if (f.maxGpus == std::numeric_limits<int64_t>::max()) {
        m_maxGpus->setValue(0);
    } else {
        m_maxGpus->setMaximum(std::max(m_maxGpus->maximum(), clampToInt(f.maxGpus)));
        m_maxGpus->setValue(std::max(1, clampToInt(f.maxGpus)));
    }
}

} // namespace ett::app
