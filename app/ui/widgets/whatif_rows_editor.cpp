#include "app/ui/widgets/whatif_rows_editor.h"

#include "app/ui/pages/page_widgets.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace ett::app {

WhatIfRowsEditor::WhatIfRowsEditor(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("changes"));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 8, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(5);
    grid->setColumnStretch(1, 1);
    int line = 0;
    buildPercentRows(grid, line);
    buildInterval(grid, line);
    buildFooter(grid, line);
    grid->setRowStretch(line, 1);
    updateIntervalControls();
    showExtra();
}

// --- construction -----------------------------------------------------------------------------------

WhatIfRowsEditor::RowWidgets WhatIfRowsEditor::addPercentRow(const QString& objectName, double max)
{
    RowWidgets w;
    w.slider = new QSlider(Qt::Horizontal, this);
    w.slider->setObjectName(objectName + QStringLiteral("Slider"));
    w.slider->setRange(0, static_cast<int>(max));
    w.slider->setPageStep(10);
    w.slider->setValue(100);
    w.slider->setTickPosition(QSlider::TicksBelow);
    w.slider->setTickInterval(50);
    w.spin = new QDoubleSpinBox(this);
    w.spin->setObjectName(objectName + QStringLiteral("Spin"));
    w.spin->setRange(0, max);
    w.spin->setDecimals(WhatIfRows::kDecimals);
    w.spin->setSuffix(QStringLiteral(" %"));
    w.spin->setValue(100);
    w.spin->setKeyboardTracking(false);
    w.spin->setAlignment(Qt::AlignRight);
    // The slider moves in whole percent; the spin box holds the exact value.
    QSlider* slider = w.slider;
    QDoubleSpinBox* spin = w.spin;
    connect(slider, &QSlider::valueChanged, this, [this, spin](int value) {
        const QSignalBlocker block(spin);
        spin->setValue(value);
        emit edited();
    });
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, slider](double value) {
        const QSignalBlocker block(slider);
        slider->setValue(static_cast<int>(std::lround(value)));
        emit edited();
    });
    return w;
}

void WhatIfRowsEditor::buildPercentRows(QGridLayout* grid, int& line)
{
    auto section = [&](const QString& text) { grid->addWidget(makeCaption(text, this), line++, 0, 1, 3); };
    auto percentRow = [&](Row row) {
        const WhatIfRows::Info& info = WhatIfRows::info(row);
        auto* label = new QLabel(QCoreApplication::translate("WhatIfPage", info.label), this);
        label->setToolTip(QCoreApplication::translate("WhatIfPage", info.tip));
        RowWidgets w = addPercentRow(QString::fromLatin1(info.id), WhatIfRows::kMaxPercent);
        w.slider->setToolTip(QCoreApplication::translate("WhatIfPage", info.tip));
        grid->addWidget(label, line, 0);
        grid->addWidget(w.slider, line, 1);
        grid->addWidget(w.spin, line++, 2);
        m_rows[WhatIfRows::index(row)] = w;
    };

    section(tr("Bucket time (% of today's)"));
    for (const Row row : { Row::Setup, Row::Init, Row::CheckpointLoad, Row::Compile, Row::Recovery }) {
        percentRow(row);
    }
    section(tr("Phase subcategory (% of its time)"));
    m_phaseChoice = new QComboBox(this);
    m_phaseChoice->setObjectName(QStringLiteral("phaseChoice"));
    m_phaseChoice->setToolTip(tr("The fleet's phase subcategories that take blocking time"));
    m_phaseChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_phaseChoice->setMinimumContentsLength(20);
    connect(m_phaseChoice, &QComboBox::activated, this, &WhatIfRowsEditor::edited);
    grid->addWidget(m_phaseChoice, line++, 0, 1, 3);
    percentRow(Row::Phase);
    section(tr("Interruptions (% of what they cost)"));
    percentRow(Row::Failures);
    percentRow(Row::Preemptions);
}

void WhatIfRowsEditor::buildInterval(QGridLayout* grid, int& line)
{
    grid->addWidget(makeCaption(tr("Checkpoint interval"), this), line++, 0, 1, 3);
    m_intervalChoice = new QComboBox(this);
    m_intervalChoice->setObjectName(QStringLiteral("intervalChoice"));
    m_intervalChoice->addItem(tr("as measured"), static_cast<int>(Interval::AsMeasured));
    m_intervalChoice->addItem(tr("each job's optimum (Young)"), static_cast<int>(Interval::Optimum));
    m_intervalChoice->addItem(tr("a scale of the measured one"), static_cast<int>(Interval::Scale));
    m_intervalChoice->setToolTip(tr("Saves happen once per interval; an interruption loses half an interval on "
                                    "average. The optimum is sqrt(2 x blocking per save x mean time between "
                                    "interruptions), per job"));
    connect(m_intervalChoice, &QComboBox::activated, this, [this] {
        updateIntervalControls();
        emit edited();
    });
    grid->addWidget(m_intervalChoice, line++, 0, 1, 3);
    m_intervalScale = addPercentRow(QStringLiteral("interval"), WhatIfRows::kMaxIntervalPercent);
    m_intervalScale.slider->setMinimum(static_cast<int>(WhatIfRows::kMinIntervalPercent));
    m_intervalScale.spin->setMinimum(WhatIfRows::kMinIntervalPercent);
    m_intervalScale.slider->setTickInterval(100);
    grid->addWidget(new QLabel(tr("Scale"), this), line, 0);
    grid->addWidget(m_intervalScale.slider, line, 1);
    grid->addWidget(m_intervalScale.spin, line++, 2);
    m_intervalNote = new QLabel(this);
    m_intervalNote->setObjectName(QStringLiteral("intervalNote"));
    m_intervalNote->setWordWrap(true);
    m_intervalNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    grid->addWidget(m_intervalNote, line++, 0, 1, 3);
}

void WhatIfRowsEditor::buildFooter(QGridLayout* grid, int& line)
{
    // The changes of a loaded scenario that no row shows.
    m_extraLabel = new QLabel(this);
    m_extraLabel->setObjectName(QStringLiteral("extraChanges"));
    m_extraLabel->setWordWrap(true);
    m_extraClear = new QPushButton(tr("Drop them"), this);
    m_extraClear->setToolTip(tr("Project without the scenario's changes that the rows do not show"));
    connect(m_extraClear, &QPushButton::clicked, this, [this] {
        m_extra.clear();
        showExtra();
        emit extraDropped();
    });
    grid->addWidget(m_extraLabel, line, 0, 1, 2);
    grid->addWidget(m_extraClear, line++, 2);

    auto* reset = new QPushButton(tr("Reset"), this);
    reset->setObjectName(QStringLiteral("reset"));
    reset->setToolTip(tr("Every row back to today (no change)"));
    connect(reset, &QPushButton::clicked, this, &WhatIfRowsEditor::resetClicked);
    grid->addWidget(reset, line, 2);
    auto* order = new QLabel(tr("Changes apply from top to bottom, each to the result of those above."), this);
    order->setWordWrap(true);
    order->setStyleSheet(QStringLiteral("color: palette(mid);"));
    grid->addWidget(order, line++, 0, 1, 2);
}

// --- the rows ---------------------------------------------------------------------------------------

double WhatIfRowsEditor::percent(Row row) const
{
    return m_rows[WhatIfRows::index(row)].spin->value();
}

void WhatIfRowsEditor::setPercent(Row row, double percent)
{
    m_rows[WhatIfRows::index(row)].spin->setValue(percent);
}

QSlider* WhatIfRowsEditor::slider(Row row) const
{
    return m_rows[WhatIfRows::index(row)].slider;
}

QDoubleSpinBox* WhatIfRowsEditor::spinBox(Row row) const
{
    return m_rows[WhatIfRows::index(row)].spin;
}

QString WhatIfRowsEditor::phaseSubcategory() const
{
    return m_phaseChoice->currentText();
}

void WhatIfRowsEditor::setPhaseSubcategory(const QString& subcategory)
{
    int index = m_phaseChoice->findText(subcategory);
    if (index < 0) {
        m_phaseChoice->addItem(subcategory);
        index = m_phaseChoice->count() - 1;
    }
    m_phaseChoice->setCurrentIndex(index);
    emit edited();
}

WhatIfRowsEditor::Interval WhatIfRowsEditor::interval() const
{
    return static_cast<Interval>(m_intervalChoice->currentData().toInt());
}

double WhatIfRowsEditor::intervalPercent() const
{
    return m_intervalScale.spin->value();
}

void WhatIfRowsEditor::setInterval(Interval mode, double scalePercent)
{
    m_intervalChoice->setCurrentIndex(m_intervalChoice->findData(static_cast<int>(mode)));
    m_intervalScale.spin->setValue(scalePercent);
    updateIntervalControls();
    emit edited();
}

void WhatIfRowsEditor::updateIntervalControls()
{
    const bool scale = interval() == Interval::Scale;
    m_intervalScale.slider->setEnabled(scale);
    m_intervalScale.spin->setEnabled(scale);
}

WhatIfRows WhatIfRowsEditor::rows() const
{
    WhatIfRows rows;
    for (int r = 0; r < WhatIfRows::kRows; ++r) {
        rows[static_cast<Row>(r)] = percent(static_cast<Row>(r));
    }
    rows.phase = phaseSubcategory();
    rows.interval = interval();
    rows.intervalPercent = intervalPercent();
    rows.extra = m_extra;
    return rows;
}

void WhatIfRowsEditor::setRows(const WhatIfRows& rows)
{
    m_extra = rows.extra;
    for (int r = 0; r < WhatIfRows::kRows; ++r) {
        const RowWidgets& w = m_rows[static_cast<size_t>(r)];
        const QSignalBlocker b1(w.slider);
        const QSignalBlocker b2(w.spin);
        w.spin->setValue(rows.percents[static_cast<size_t>(r)]);
        w.slider->setValue(static_cast<int>(std::lround(rows.percents[static_cast<size_t>(r)])));
    }
    if (!rows.phase.isEmpty()) {
        const QSignalBlocker block(m_phaseChoice);
        setPhaseSubcategory(rows.phase);
    }
    {
        const QSignalBlocker b1(m_intervalScale.slider);
        const QSignalBlocker b2(m_intervalScale.spin);
        m_intervalScale.spin->setValue(rows.intervalPercent);
        m_intervalScale.slider->setValue(static_cast<int>(std::lround(rows.intervalPercent)));
    }
    m_intervalChoice->setCurrentIndex(m_intervalChoice->findData(static_cast<int>(rows.interval)));
    updateIntervalControls();
    showExtra();
}

void WhatIfRowsEditor::reset()
{
    for (const RowWidgets& w : m_rows) {
        const QSignalBlocker b1(w.slider);
        const QSignalBlocker b2(w.spin);
        w.slider->setValue(100);
        w.spin->setValue(100);
    }
    {
        const QSignalBlocker b1(m_intervalScale.slider);
        const QSignalBlocker b2(m_intervalScale.spin);
        m_intervalScale.slider->setValue(100);
        m_intervalScale.spin->setValue(100);
    }
    m_intervalChoice->setCurrentIndex(0);
    updateIntervalControls();
    m_extra.clear();
    showExtra();
}

void WhatIfRowsEditor::setSubcategories(const QStringList& subcategories)
{
    QStringList present;
    for (int i = 0; i < m_phaseChoice->count(); ++i) {
        present << m_phaseChoice->itemText(i);
    }
    if (present != subcategories) {
        const QString chosen = m_phaseChoice->currentText();
        const QSignalBlocker block(m_phaseChoice);
        m_phaseChoice->clear();
        m_phaseChoice->addItems(subcategories);
        if (!chosen.isEmpty() && m_phaseChoice->findText(chosen) < 0) {
            m_phaseChoice->addItem(chosen); // a loaded scenario's, which this fleet lacks
        }
        m_phaseChoice->setCurrentIndex(std::max(0, m_phaseChoice->findText(chosen)));
    }
}

void WhatIfRowsEditor::setIntervalNote(const QString& text)
{
    m_intervalNote->setText(text);
}

void WhatIfRowsEditor::showExtra()
{
    QStringList extra;
    for (const auto& c : m_extra) {
        extra << QString::fromStdString(c.text());
    }
    m_extraLabel->setText(tr("Also applied (from the scenario; no row shows them): %1").arg(extra.join(", ")));
    m_extraLabel->setVisible(!m_extra.empty());
    m_extraClear->setVisible(!m_extra.empty());
}

} // namespace ett::app
