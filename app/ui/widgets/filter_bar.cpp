#include "app/ui/widgets/filter_bar.h"

#include "app/ui/dialogs/excluded_windows_dialog.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/cohort_controls.h"
#include "app/ui/window/workbench_state.h"
#include "core/ingest/excluded_file.h"
#include "core/model/timeutil.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace ett::app {

namespace {

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
    // New labels and attribute values of a watched folder; the scope chosen stays.
    connect(m_state, &WorkbenchState::dataRefreshed, this, &FilterBar::updateVocabulary);
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
    CohortControls::Options options;
    options.style = CohortControls::Style::Bar;
    options.labelsTip = tr("Dataset labels to include (none checked: all)");
    options.allTimeTip = tr("Uncheck to clip every figure to a time range (UTC, spec 5.5)");
    options.typedDelayMs = kApplyDelayMs;
    m_controls = new CohortControls(this, options);
    top->addWidget(makeCaption(tr("Datasets"), this));
    m_controls->addLabelsTo(top);
    top->addWidget(makeSeparator(this));
    top->addWidget(makeCaption(tr("Time"), this));
    m_controls->addRangesTo(top);
    top->addWidget(makeSeparator(this));

    m_countQueue = new QCheckBox(tr("Count queue"), this);
    m_countQueue->setObjectName(QStringLiteral("countQueue"));
    m_countQueue->setToolTip(tr("Start job windows at submission: time before the first attempt is queue (spec 5.6)"));
    top->addWidget(m_countQueue);
    top->addWidget(makeSeparator(this));
    // Excluded windows (spec 7.4): read from a file, saved with the database, cleared with ✕.
    m_exclude = new QToolButton(this);
    m_exclude->setObjectName(QStringLiteral("excludeWindows"));
    m_exclude->setAutoRaise(false);
    top->addWidget(m_exclude);
    m_clearExcluded = new QToolButton(this);
    m_clearExcluded->setObjectName(QStringLiteral("clearExcluded"));
    m_clearExcluded->setText(QStringLiteral("✕"));
    m_clearExcluded->setToolTip(tr("Count the excluded windows again"));
    top->addWidget(m_clearExcluded);
    top->addStretch(1);

    bottom->addWidget(makeCaption(tr("Attributes"), this));
    m_controls->addAttributesTo(bottom);
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

    connect(m_controls, &CohortControls::edited, this, &FilterBar::applyFilter);
    connect(m_countQueue, &QCheckBox::toggled, this, &FilterBar::applyPending);
    connect(m_exclude, &QToolButton::clicked, this, &FilterBar::chooseExcludedWindows);
    connect(m_clearExcluded, &QToolButton::clicked, this, [this] { setExcludedWindows({}); });
    connect(m_weighting, &QButtonGroup::idClicked, this,
        [this](int id) { m_state->setWeighting(static_cast<Weighting>(id)); });
    connect(m_groupBy, &QComboBox::activated, this, [this](int index) {
        Location l;
        l.groupBy = m_groupBy->itemData(index).toString().toStdString();
        m_state->navigate(l);
    });
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_state->setFilter(core::CohortSpec {});
        updateFromState(); // also when the filter was already clear: reset typed controls
    });
}

void FilterBar::updateVocabulary()
{
    const Vocabulary& v = m_state->vocabulary();
    // The filter first: the GPU ranges reach its counts.
    m_controls->setCohort(m_state->filter());
    m_controls->setVocabulary(v);
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
    updateFromState();
}

void FilterBar::updateFromState()
{
    const core::CohortSpec& f = m_state->filter();
    m_controls->setCohort(f);
    rebuildChips();
    {
        const QSignalBlocker block(m_countQueue);
        m_countQueue->setChecked(f.countQueue);
    }
    showExcludedWindows(f.excluded);
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

void FilterBar::applyPending()
{
    if (std::optional<core::CohortSpec> f = m_controls->takeTyped()) {
        applyFilter(*f);
    }
}

void FilterBar::applyFilter(core::CohortSpec filter)
{
    filter.countQueue = m_countQueue->isChecked();
    filter.excluded = m_state->filter().excluded; // the controls do not hold them
    m_state->setFilter(filter);
}

void FilterBar::setExcludedWindows(const std::vector<core::TimeSpan>& windows)
{
    core::CohortSpec f = m_state->filter();
    f.excluded = core::normalizeExcluded(windows);
    m_state->setFilter(f);
}

void FilterBar::chooseExcludedWindows()
{
    ExcludedWindowsDialog dialog(m_state->filter().excluded, this);
    if (dialog.exec() != QDialog::Accepted) {
        return; // nothing changed
    }
    if (auto windows = dialog.windows()) { // accept() refuses text that does not read
        setExcludedWindows(*windows);
    }
}

void FilterBar::showExcludedWindows(const std::vector<core::TimeSpan>& windows)
{
    m_clearExcluded->setVisible(!windows.empty());
    if (windows.empty()) {
        m_exclude->setText(tr("Exclude…"));
        m_exclude->setToolTip(tr("Leave time no job could use (maintenance, an outage) out of every figure: UTC "
                                 "windows typed or read from a JSON or CSV file (spec 7.4), saved with the database"));
        return;
    }
    QStringList lines;
    for (const core::TimeSpan& w : windows) {
        lines << tr("%1 to %2")
                     .arg(QString::fromStdString(core::formatRfc3339(w.fromNs)),
                         QString::fromStdString(core::formatRfc3339(w.toNs)));
    }
    m_exclude->setText(tr("Excluding %n window(s)", "", static_cast<int>(windows.size())));
    m_exclude->setToolTip(tr("Left out of end-to-end time and every bucket (%1 h of wall time); interruptions, Time "
                             "to Start and Time to Recover are unchanged:\n%2\nClick to edit them.")
                              .arg(formatWindowsHours(windows), lines.join(QLatin1Char('\n'))));
}

void FilterBar::addAttributeTerm(const QString& key, const QString& value)
{
    m_controls->addAttributeTerm(key, value);
}

void FilterBar::removeAttributeTerm(const QString& key, const QString& value)
{
    m_controls->removeAttributeTerm(key, value);
}

void FilterBar::setLabels(const QStringList& labels)
{
    core::CohortSpec f = m_state->filter();
    f.labels = stdList(labels);
    m_state->setFilter(f);
}

} // namespace ett::app
