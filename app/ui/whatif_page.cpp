#include "app/ui/whatif_page.h"

#include "app/ui/compare_charts.h"
#include "app/ui/data_service.h"
#include "app/ui/exporters.h"
#include "app/ui/figures_format.h"
#include "app/ui/overview_charts.h"
#include "app/ui/page_request.h"
#include "app/ui/page_widgets.h"
#include "app/ui/palette.h"
#include "app/ui/workbench_state.h"
#include "core/ingest/scenario_file.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

using Row = WhatIfPage::Row;

constexpr double kPicoPerPp = 1e12;
constexpr double kMaxPercent = 200; // the rows' range: 0-200%
constexpr double kMinIntervalPercent = 10; // the interval's scale: 10-400% of the measured one
constexpr double kMaxIntervalPercent = 400;
constexpr int kDecimals = 1; // of the spin boxes' percentages

// Better and worse (Okabe-Ito bluish green and vermillion, darkened to read as text on white).
const QColor kBetter(0x00, 0x7A, 0x57);
const QColor kWorse(0xC0, 0x39, 0x00);
const QColor kToday(0x8C, 0x8C, 0x8C);

struct RowInfo
{
    const char* id; // object names: "<id>Slider", "<id>Spin"
    const char* label;
    const char* tip;
};

// In the order of WhatIfPage::Row.
const RowInfo kRowInfo[WhatIfPage::kRows] = {
    { "setup", QT_TRANSLATE_NOOP("WhatIfPage", "Setup"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Setup time of every attempt") },
    { "init", QT_TRANSLATE_NOOP("WhatIfPage", "Init"), QT_TRANSLATE_NOOP("WhatIfPage", "Init time of every attempt") },
    { "checkpoint_load", QT_TRANSLATE_NOOP("WhatIfPage", "Checkpoint load"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Checkpoint-load time of every attempt") },
    { "compile", QT_TRANSLATE_NOOP("WhatIfPage", "Compile"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Compile time of every attempt") },
    { "recovery", QT_TRANSLATE_NOOP("WhatIfPage", "Recovery"),
        QT_TRANSLATE_NOOP("WhatIfPage", "Recovery time: after each fault and in the gaps between attempts") },
    { "phase", QT_TRANSLATE_NOOP("WhatIfPage", "Subcategory"),
        QT_TRANSLATE_NOOP(
            "WhatIfPage", "The time of its bucket during which phases of the chosen category.subcategory are active") },
    { "failures", QT_TRANSLATE_NOOP("WhatIfPage", "Failures"),
        QT_TRANSLATE_NOOP("WhatIfPage",
            "What failures cost: the progress they lose, their recovery and the next attempt's start-up") },
    { "preemptions", QT_TRANSLATE_NOOP("WhatIfPage", "Preemptions"),
        QT_TRANSLATE_NOOP("WhatIfPage",
            "What preemptions cost: the progress they lose, their recovery and the next attempt's start-up") },
};

size_t at(Row row)
{
    return static_cast<size_t>(row);
}

std::optional<core::Bucket> bucketOfRow(Row row)
{
    switch (row) {
    case Row::Setup:
        return core::Bucket::Setup;
    case Row::Init:
        return core::Bucket::Init;
    case Row::CheckpointLoad:
        return core::Bucket::CheckpointLoad;
    case Row::Compile:
        return core::Bucket::Compile;
    case Row::Recovery:
        return core::Bucket::Recovery;
    default:
        return std::nullopt;
    }
}

double scaleOf(double percent)
{
    return percent / 100.0;
}

// The percentage a spin box shows for a scale, when it gives the very same scale back (else a row
// cannot show it exactly and the change stays as it is).
std::optional<double> percentOf(double scale, double min, double max)
{
    const double p = std::round(scale * 100.0 * std::pow(10.0, kDecimals)) / std::pow(10.0, kDecimals);
    if (p < min || p > max || scaleOf(p) != scale) {
        return std::nullopt;
    }
    return p;
}

// "init.process_group_init" as a change's category and subcategory.
std::optional<std::pair<core::Category, std::string>> splitSubcategory(const QString& name)
{
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    if (dot <= 0 || dot + 1 >= name.size()) {
        return std::nullopt;
    }
    const auto category = core::parseCategory(name.left(dot).toStdString());
    if (!category) {
        return std::nullopt;
    }
    return std::pair { *category, name.mid(dot + 1).toStdString() };
}

// The colour of a change's bar: the bucket it takes time from.
QColor changeColor(const core::WhatIfChange& c)
{
    switch (c.target) {
    case core::WhatIfTarget::Bucket:
        return bucketColor(c.bucket);
    case core::WhatIfTarget::Phase:
        return bucketColor(core::bucketOfCategory(c.category).value_or(core::Bucket::Idle));
    case core::WhatIfTarget::Interruptions:
        return bucketColor(core::Bucket::Recovery);
    case core::WhatIfTarget::CheckpointInterval:
        return bucketColor(core::Bucket::CheckpointSave);
    }
    return {};
}

std::optional<double> percentOfPico(const std::optional<int64_t>& pico)
{
    return pico ? std::optional<double>(static_cast<double>(*pico) / kPicoPerPp) : std::nullopt;
}

// "74.21% → 78.90%".
QString fromTo(const std::optional<int64_t>& today, const std::optional<int64_t>& projected)
{
    return QStringLiteral("%1 → %2").arg(
        formatPercent(percentOfPico(today), 2), formatPercent(percentOfPico(projected), 2));
}

std::optional<double> changePp(const std::optional<int64_t>& today, const std::optional<int64_t>& projected)
{
    return today && projected ? std::optional<double>(static_cast<double>(*projected - *today) / kPicoPerPp)
                              : std::nullopt;
}

QTableWidgetItem* cell(const QString& text, const QVariant& exact, bool number = true)
{
    QTableWidgetItem* item = makeCell(text, number);
    if (exact.isValid()) {
        item->setData(ExportValueRole, exact);
    }
    return item;
}

QString signedPico(int64_t pico)
{
    return formatPp(static_cast<double>(pico) / kPicoPerPp);
}

} // namespace

WhatIfPage::WhatIfPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_service(service)
{
    m_throttle = new QTimer(this);
    m_throttle->setSingleShot(true);
    m_throttle->setInterval(kThrottleMs);
    buildUi();
    m_request = new PageRequest(this, service, [this] {
        // An empty database has nothing to project: the page shows its empty state.
        if (m_state->vocabulary().jobs == 0) {
            return quint64 { 0 };
        }
        WhatIfRequest request;
        request.cohort = cohortSpec().toStdString();
        request.changes = changes();
        return m_service->requestWhatIf(request, this);
    });
    connect(m_request, &PageRequest::asked, this, &WhatIfPage::updateStatus);
    connect(m_throttle, &QTimer::timeout, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &WhatIfPage::onVocabularyChanged);
    connect(m_state, &WorkbenchState::weightingChanged, this, &WhatIfPage::render);
    connect(m_state, &WorkbenchState::filterChanged, this, [this] {
        if (followsFilter()) {
            m_cohortEdit->setText(cohortSpec());
            schedule();
        }
    });
    if (m_service) {
        connect(m_service, &DataService::whatIfReady, this, &WhatIfPage::onWhatIfReady);
        connect(m_service, &DataService::queryFailed, this, &WhatIfPage::onQueryFailed);
        connect(m_service, &DataService::scenariosReady, this, [this](quint64 id, const ScenarioList& list) {
            if (id == m_scenariosPending) {
                m_scenariosPending = 0;
                onScenarios(list, m_scenarioMessage);
            }
        });
        connect(m_service, &DataService::scenarioSaved, this,
            [this](quint64 id, const QString& name, const ScenarioList& list) {
                if (id != m_savePending) {
                    return;
                }
                m_savePending = 0;
                const QString message
                    = m_restoring ? tr("Restored scenario '%1'.").arg(name) : tr("Saved scenario '%1'.").arg(name);
                if (m_restoring) {
                    m_undo.reset();
                }
                m_restoring = false;
                onScenarios(list, message);
                for (int r = 0; r < m_scenarioTable->rowCount(); ++r) {
                    if (m_scenarioTable->item(r, 0)->text() == name) {
                        m_scenarioTable->selectRow(r);
                    }
                }
            });
        connect(m_service, &DataService::scenarioDeleted, this,
            [this](quint64 id, const core::SavedScenario& deleted, const ScenarioList& list) {
                if (id != m_deletePending) {
                    return;
                }
                m_deletePending = 0;
                m_undo = deleted.scenario;
                onScenarios(list, tr("Deleted scenario '%1'.").arg(qs(deleted.scenario.name)));
            });
    }
    onVocabularyChanged();
}

WhatIfPage::~WhatIfPage() = default;

// --- construction -----------------------------------------------------------------------------------

void WhatIfPage::buildUi()
{
    setStyleSheet(QStringLiteral(
        "QFrame#headlineFrame { background: palette(base); border: 1px solid palette(midlight); border-radius: 6px; }"
        "QLabel#headlineTitle, QLabel#headlineOther { color: palette(mid); }"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);
    layout->addWidget(buildHeader());

    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(m_stack);
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setStyleSheet(QStringLiteral("color: palette(mid); font-size: 13pt;"));
    m_stack->addWidget(m_empty);

    auto* body = new QSplitter(Qt::Vertical, m_stack);
    body->setChildrenCollapsible(false);
    auto* top = new QSplitter(Qt::Horizontal, body);
    top->setChildrenCollapsible(false);
    top->addWidget(buildChanges());
    top->addWidget(buildResults());
    top->setStretchFactor(0, 0);
    top->setStretchFactor(1, 1);
    top->setSizes({ 430, 1150 });
    body->addWidget(top);
    body->addWidget(buildScenarios());
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 0);
    body->setSizes({ 640, 170 });
    m_stack->addWidget(body);
    layout->addWidget(m_stack, 1);

    // Ctrl+Z while the page has the focus: undo the last delete. In the main window, Edit > Undo
    // takes the key over and dispatches here (undoDeleteAction()).
    auto* undo = m_undoAction = new QAction(tr("Undo delete"), this);
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(undo, &QAction::triggered, this, &WhatIfPage::undoDelete);
    addAction(undo);
}

QWidget* WhatIfPage::buildHeader()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);
    auto* top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(makePageTitle(tr("What-if"), box));
    top->addSpacing(8);
    top->addWidget(makeCaption(tr("Cohort"), box));
    m_cohortSource = new QComboBox(box);
    m_cohortSource->setObjectName(QStringLiteral("cohortSource"));
    m_cohortSource->addItem(tr("the filter bar's jobs"));
    m_cohortSource->addItem(tr("a cohort spec"));
    m_cohortSource->setToolTip(tr("Which jobs to project: those the filter bar selects, or a cohort spec typed here"));
    connect(m_cohortSource, &QComboBox::activated, this,
        [this](int index) { setCohortSpec(index == 0 ? std::nullopt : std::optional<QString>(m_cohortEdit->text())); });
    top->addWidget(m_cohortSource);
    m_cohortEdit = new QLineEdit(box);
    m_cohortEdit->setObjectName(QStringLiteral("cohortSpec"));
    m_cohortEdit->setMinimumWidth(320);
    m_cohortEdit->setPlaceholderText(tr("all jobs"));
    m_cohortEdit->setToolTip(tr("label=after,team=ads,from=2025-06-01,gpus>=64 (Enter applies); whole jobs: a time "
                                "range selects the jobs that overlap it"));
    connect(m_cohortEdit, &QLineEdit::returnPressed, this, [this] { setCohortSpec(m_cohortEdit->text().trimmed()); });
    top->addWidget(m_cohortEdit);
    m_busy = makeBusyBar(box, 80);
    top->addWidget(m_busy);
    m_status = makeStatusLabel(box);
    top->addWidget(m_status, 1);
    v->addLayout(top);
    m_errorLabel = makeErrorLabel(box);
    v->addWidget(m_errorLabel);
    return box;
}

WhatIfPage::RowWidgets WhatIfPage::addPercentRow(QWidget* parent, const QString& objectName, double max)
{
    RowWidgets w;
    w.slider = new QSlider(Qt::Horizontal, parent);
    w.slider->setObjectName(objectName + QStringLiteral("Slider"));
    w.slider->setRange(0, static_cast<int>(max));
    w.slider->setPageStep(10);
    w.slider->setValue(100);
    w.slider->setTickPosition(QSlider::TicksBelow);
    w.slider->setTickInterval(50);
    w.spin = new QDoubleSpinBox(parent);
    w.spin->setObjectName(objectName + QStringLiteral("Spin"));
    w.spin->setRange(0, max);
    w.spin->setDecimals(kDecimals);
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
        schedule();
    });
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, slider](double value) {
        const QSignalBlocker block(slider);
        slider->setValue(static_cast<int>(std::lround(value)));
        schedule();
    });
    return w;
}

QWidget* WhatIfPage::buildChanges()
{
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(380);
    auto* box = new QWidget(scroll);
    box->setObjectName(QStringLiteral("changes"));
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 8, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(5);
    grid->setColumnStretch(1, 1);
    int line = 0;
    auto section = [&](const QString& text) { grid->addWidget(makeCaption(text, box), line++, 0, 1, 3); };
    auto percentRow = [&](Row row) {
        const RowInfo& info = kRowInfo[at(row)];
        auto* label = new QLabel(tr(info.label), box);
        label->setToolTip(tr(info.tip));
        RowWidgets w = addPercentRow(box, QString::fromLatin1(info.id), kMaxPercent);
        w.slider->setToolTip(tr(info.tip));
        grid->addWidget(label, line, 0);
        grid->addWidget(w.slider, line, 1);
        grid->addWidget(w.spin, line++, 2);
        m_rows[at(row)] = w;
    };

    section(tr("Bucket time (% of today's)"));
    for (const Row row : { Row::Setup, Row::Init, Row::CheckpointLoad, Row::Compile, Row::Recovery }) {
        percentRow(row);
    }
    section(tr("Phase subcategory (% of its time)"));
    m_phaseChoice = new QComboBox(box);
    m_phaseChoice->setObjectName(QStringLiteral("phaseChoice"));
    m_phaseChoice->setToolTip(tr("The fleet's phase subcategories that take blocking time"));
    m_phaseChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_phaseChoice->setMinimumContentsLength(20);
    connect(m_phaseChoice, &QComboBox::activated, this, &WhatIfPage::schedule);
    grid->addWidget(m_phaseChoice, line++, 0, 1, 3);
    percentRow(Row::Phase);
    section(tr("Interruptions (% of what they cost)"));
    percentRow(Row::Failures);
    percentRow(Row::Preemptions);

    section(tr("Checkpoint interval"));
    m_intervalChoice = new QComboBox(box);
    m_intervalChoice->setObjectName(QStringLiteral("intervalChoice"));
    m_intervalChoice->addItem(tr("as measured"), static_cast<int>(Interval::AsMeasured));
    m_intervalChoice->addItem(tr("each job's optimum (Young)"), static_cast<int>(Interval::Optimum));
    m_intervalChoice->addItem(tr("a scale of the measured one"), static_cast<int>(Interval::Scale));
    m_intervalChoice->setToolTip(tr("Saves happen once per interval; an interruption loses half an interval on "
                                    "average. The optimum is sqrt(2 x blocking per save x mean time between "
                                    "interruptions), per job"));
    connect(m_intervalChoice, &QComboBox::activated, this, [this] {
        updateIntervalControls();
        schedule();
    });
    grid->addWidget(m_intervalChoice, line++, 0, 1, 3);
    m_intervalScale = addPercentRow(box, QStringLiteral("interval"), kMaxIntervalPercent);
    m_intervalScale.slider->setMinimum(static_cast<int>(kMinIntervalPercent));
    m_intervalScale.spin->setMinimum(kMinIntervalPercent);
    m_intervalScale.slider->setTickInterval(100);
    grid->addWidget(new QLabel(tr("Scale"), box), line, 0);
    grid->addWidget(m_intervalScale.slider, line, 1);
    grid->addWidget(m_intervalScale.spin, line++, 2);
    m_intervalNote = new QLabel(box);
    m_intervalNote->setObjectName(QStringLiteral("intervalNote"));
    m_intervalNote->setWordWrap(true);
    m_intervalNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    grid->addWidget(m_intervalNote, line++, 0, 1, 3);

    // The changes of a loaded scenario that no row shows.
    m_extraLabel = new QLabel(box);
    m_extraLabel->setObjectName(QStringLiteral("extraChanges"));
    m_extraLabel->setWordWrap(true);
    m_extraClear = new QPushButton(tr("Drop them"), box);
    m_extraClear->setToolTip(tr("Project without the scenario's changes that the rows do not show"));
    connect(m_extraClear, &QPushButton::clicked, this, [this] {
        m_extra.clear();
        render();
        schedule();
    });
    grid->addWidget(m_extraLabel, line, 0, 1, 2);
    grid->addWidget(m_extraClear, line++, 2);

    auto* reset = new QPushButton(tr("Reset"), box);
    reset->setObjectName(QStringLiteral("reset"));
    reset->setToolTip(tr("Every row back to today (no change)"));
    connect(reset, &QPushButton::clicked, this, &WhatIfPage::reset);
    grid->addWidget(reset, line, 2);
    auto* order = new QLabel(tr("Changes apply from top to bottom, each to the result of those above."), box);
    order->setWordWrap(true);
    order->setStyleSheet(QStringLiteral("color: palette(mid);"));
    grid->addWidget(order, line++, 0, 1, 2);
    grid->setRowStretch(line, 1);
    scroll->setWidget(box);
    updateIntervalControls();
    return scroll;
}

QWidget* WhatIfPage::buildResults()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(4, 0, 0, 0);
    v->setSpacing(6);

    // 1. The headline: ETT% today -> projected, the change, the other weighting, the counts.
    auto* frame = new QFrame(box);
    frame->setObjectName(QStringLiteral("headlineFrame"));
    auto* h = new QHBoxLayout(frame);
    h->setContentsMargins(12, 6, 12, 6);
    h->setSpacing(18);
    auto* left = new QVBoxLayout;
    left->setSpacing(1);
    m_headlineTitle = new QLabel(frame);
    m_headlineTitle->setObjectName(QStringLiteral("headlineTitle"));
    auto* values = new QHBoxLayout;
    values->setSpacing(14);
    m_headline = new QLabel(frame);
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    m_headline->setFont(big);
    m_headlineChange = new QLabel(frame);
    m_headlineChange->setObjectName(QStringLiteral("headlineChange"));
    QFont change = m_headlineChange->font();
    change.setPointSizeF(change.pointSizeF() * 1.5);
    change.setBold(true);
    m_headlineChange->setFont(change);
    values->addWidget(m_headline);
    values->addWidget(m_headlineChange, 0, Qt::AlignBottom);
    values->addStretch(1);
    m_headlineOther = new QLabel(frame);
    m_headlineOther->setObjectName(QStringLiteral("headlineOther"));
    left->addWidget(m_headlineTitle);
    left->addLayout(values);
    left->addWidget(m_headlineOther);
    h->addLayout(left, 1);
    m_facts = new QLabel(frame);
    m_facts->setObjectName(QStringLiteral("facts"));
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    h->addWidget(m_facts, 0, Qt::AlignVCenter);
    v->addWidget(frame);

    // 2. The bridge and the table of its steps.
    auto* split = new QSplitter(Qt::Vertical, box);
    split->setChildrenCollapsible(false);
    m_bridgeView = makeChartView(split, 200);
    m_bridgeView->setObjectName(QStringLiteral("bridgeChart"));
    installChartExport(m_bridgeView, tr("What-if"), [this] { return exportScope(); });
    split->addWidget(m_bridgeView);
    m_steps = makeTable(split,
        { tr("Change"), tr("GPU-h saved"), tr("h saved"), tr("pp (GPU-weighted)"), tr("pp (time-weighted)"),
            tr("Attempts changed"), tr("Jobs not applicable") });
    m_steps->setObjectName(QStringLiteral("steps"));
    for (const auto& [column, key] :
        { std::pair { 1, QStringLiteral("GPU-s saved") }, std::pair { 2, QStringLiteral("s saved") },
            std::pair { 3, QStringLiteral("pp GPU-weighted") }, std::pair { 4, QStringLiteral("pp time-weighted") } }) {
        m_steps->horizontalHeaderItem(column)->setData(ExportKeyRole, key);
    }
    m_steps->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_steps->setMinimumHeight(90);
    installTableExport(m_steps, tr("What-if"), [this] {
        return TableExport { tr("What-if: the steps from ETT% today to projected"), exportScope(), {}, {} };
    });
    split->addWidget(m_steps);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setSizes({ 420, 150 });
    v->addWidget(split, 1);
    return box;
}

QWidget* WhatIfPage::buildScenarios()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 2, 0, 0);
    v->setSpacing(3);
    auto* top = new QHBoxLayout;
    top->addWidget(makeCaption(tr("Saved scenarios"), box));
    m_scenarioNote = new QLabel(box);
    m_scenarioNote->setObjectName(QStringLiteral("scenarioNote"));
    m_scenarioNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_scenarioNote, 1);
    m_undoButton = new QPushButton(tr("Undo"), box);
    m_undoButton->setObjectName(QStringLiteral("undoDelete"));
    m_undoButton->setToolTip(tr("Save the deleted scenario again (Ctrl+Z)"));
    m_undoButton->hide();
    connect(m_undoButton, &QPushButton::clicked, this, &WhatIfPage::undoDelete);
    top->addWidget(m_undoButton);
    v->addLayout(top);

    auto* row = new QHBoxLayout;
    m_scenarioTable = makeTable(box, { tr("Name"), tr("Changes"), tr("Cohort"), tr("Saved (UTC)") });
    m_scenarioTable->setObjectName(QStringLiteral("scenarios"));
    m_scenarioTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_scenarioTable->setMinimumHeight(70);
    installTableExport(m_scenarioTable, tr("What-if"), [this] {
        return TableExport { tr("What-if: scenarios saved in the database"), exportScope(), {}, {} };
    });
    connect(m_scenarioTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const bool selected = !m_scenarioTable->selectedItems().isEmpty();
        m_loadButton->setEnabled(selected);
        m_deleteButton->setEnabled(selected);
    });
    connect(m_scenarioTable, &QTableWidget::cellDoubleClicked, this,
        [this](int r, int) { loadScenario(m_scenarioTable->item(r, 0)->text()); });
    row->addWidget(m_scenarioTable, 1);
    auto* buttons = new QVBoxLayout;
    m_loadButton = new QPushButton(tr("Load"), box);
    m_loadButton->setObjectName(QStringLiteral("loadScenario"));
    m_loadButton->setToolTip(tr("Show the selected scenario in the rows (and its cohort)"));
    m_loadButton->setEnabled(false);
    auto* save = new QPushButton(tr("Save as…"), box);
    save->setObjectName(QStringLiteral("saveScenario"));
    save->setToolTip(tr("Save the rows and the cohort in the database under a name"));
    m_deleteButton = new QPushButton(tr("Delete"), box);
    m_deleteButton->setObjectName(QStringLiteral("deleteScenario"));
    m_deleteButton->setToolTip(tr("Delete the selected scenario from the database (Undo brings it back)"));
    m_deleteButton->setEnabled(false);
    auto selectedName = [this] {
        const auto items = m_scenarioTable->selectedItems();
        return items.isEmpty() ? QString() : m_scenarioTable->item(items.first()->row(), 0)->text();
    };
    connect(m_loadButton, &QPushButton::clicked, this, [this, selectedName] { loadScenario(selectedName()); });
    connect(m_deleteButton, &QPushButton::clicked, this, [this, selectedName] { deleteScenario(selectedName()); });
    connect(save, &QPushButton::clicked, this, [this, selectedName] {
        bool ok = false;
        const QString proposed
            = selectedName().isEmpty() ? tr("scenario %1").arg(m_scenarios.scenarios.size() + 1) : selectedName();
        const QString name = QInputDialog::getText(
            this, tr("Save scenario"), tr("Name of the scenario:"), QLineEdit::Normal, proposed, &ok)
                                 .trimmed();
        if (!ok || name.isEmpty()) {
            return;
        }
        const bool exists = std::any_of(m_scenarios.scenarios.begin(), m_scenarios.scenarios.end(),
            [&](const core::SavedScenario& s) { return qs(s.scenario.name) == name; });
        if (exists
            && QMessageBox::question(this, tr("Save scenario"),
                   tr("A scenario named '%1' is saved already. Replace it?").arg(name),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
                != QMessageBox::Yes) {
            return;
        }
        saveScenarioAs(name);
    });
    buttons->addWidget(m_loadButton);
    buttons->addWidget(save);
    buttons->addWidget(m_deleteButton);
    buttons->addStretch(1);
    row->addLayout(buttons);
    v->addLayout(row, 1);
    return box;
}

// --- the changes -----------------------------------------------------------------------------------

std::optional<Row> WhatIfPage::rowNamed(const QString& name)
{
    for (int r = 0; r < kRows; ++r) {
        if (name == QLatin1String(kRowInfo[r].id)) {
            return static_cast<Row>(r);
        }
    }
    return std::nullopt;
}

double WhatIfPage::percent(Row row) const
{
    return m_rows[at(row)].spin->value();
}

void WhatIfPage::setPercent(Row row, double percent)
{
    m_rows[at(row)].spin->setValue(percent);
}

QSlider* WhatIfPage::slider(Row row) const
{
    return m_rows[at(row)].slider;
}

QDoubleSpinBox* WhatIfPage::spinBox(Row row) const
{
    return m_rows[at(row)].spin;
}

QString WhatIfPage::phaseSubcategory() const
{
    return m_phaseChoice->currentText();
}

void WhatIfPage::setPhaseSubcategory(const QString& subcategory)
{
    int index = m_phaseChoice->findText(subcategory);
    if (index < 0) {
        m_phaseChoice->addItem(subcategory);
        index = m_phaseChoice->count() - 1;
    }
    m_phaseChoice->setCurrentIndex(index);
    schedule();
}

WhatIfPage::Interval WhatIfPage::interval() const
{
    return static_cast<Interval>(m_intervalChoice->currentData().toInt());
}

double WhatIfPage::intervalPercent() const
{
    return m_intervalScale.spin->value();
}

void WhatIfPage::setInterval(Interval mode, double scalePercent)
{
    m_intervalChoice->setCurrentIndex(m_intervalChoice->findData(static_cast<int>(mode)));
    m_intervalScale.spin->setValue(scalePercent);
    updateIntervalControls();
    schedule();
}

void WhatIfPage::updateIntervalControls()
{
    const bool scale = interval() == Interval::Scale;
    m_intervalScale.slider->setEnabled(scale);
    m_intervalScale.spin->setEnabled(scale);
}

void WhatIfPage::reset()
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
    render();
    schedule();
}

std::vector<core::WhatIfChange> WhatIfPage::changes() const
{
    std::vector<core::WhatIfChange> out;
    for (int r = 0; r < kRows; ++r) {
        const auto row = static_cast<Row>(r);
        const double p = percent(row);
        if (p == 100) {
            continue; // no change
        }
        core::WhatIfChange c;
        c.scale = scaleOf(p);
        if (const auto bucket = bucketOfRow(row)) {
            c.target = core::WhatIfTarget::Bucket;
            c.bucket = *bucket;
        } else if (row == Row::Phase) {
            const auto kind = splitSubcategory(phaseSubcategory());
            if (!kind) {
                continue; // no subcategory chosen (the fleet has none)
            }
            c.target = core::WhatIfTarget::Phase;
            c.category = kind->first;
            c.subcategory = kind->second;
        } else {
            c.target = core::WhatIfTarget::Interruptions;
            c.interruptions
                = row == Row::Failures ? core::InterruptionClass::Failures : core::InterruptionClass::Preemptions;
        }
        out.push_back(std::move(c));
    }
    core::WhatIfChange interval;
    interval.target = core::WhatIfTarget::CheckpointInterval;
    if (this->interval() == Interval::Optimum) {
        interval.optimal = true;
        out.push_back(interval);
    } else if (this->interval() == Interval::Scale && intervalPercent() != 100) {
        interval.scale = scaleOf(intervalPercent());
        out.push_back(interval);
    }
    out.insert(out.end(), m_extra.begin(), m_extra.end());
    return out;
}

// --- the cohort -------------------------------------------------------------------------------------

void WhatIfPage::setCohortSpec(const std::optional<QString>& spec)
{
    m_typedSpec = spec;
    {
        const QSignalBlocker block(m_cohortSource);
        m_cohortSource->setCurrentIndex(spec ? 1 : 0);
    }
    // Following the filter bar, the field shows its spec (read only).
    m_cohortEdit->setReadOnly(!spec);
    m_cohortEdit->setText(cohortSpec());
    schedule();
}

bool WhatIfPage::followsFilter() const
{
    return !m_typedSpec.has_value();
}

QString WhatIfPage::cohortSpec() const
{
    if (m_typedSpec) {
        return *m_typedSpec;
    }
    // The filter bar's cohort; "" for every job (CohortSpec::text() says "all jobs").
    const core::CohortSpec spec = m_state->filter();
    return spec.text() == core::CohortSpec {}.text() ? QString() : qs(spec.text());
}

// --- requests ----------------------------------------------------------------------------------------

void WhatIfPage::onVocabularyChanged()
{
    m_cohortEdit->setReadOnly(followsFilter());
    m_cohortEdit->setText(cohortSpec());
    m_hasData = false;
    m_data = WhatIfData {};
    m_error.clear();
    m_scenarios = ScenarioList {};
    m_undo.reset();
    m_scenarioMessage.clear();
    render();
    renderScenarios();
    requestScenarios();
    m_request->invalidate();
}

void WhatIfPage::schedule()
{
    // A throttle, not a debounce: a slider dragged without pause still asks every kThrottleMs.
    if (!m_throttle->isActive()) {
        m_throttle->start();
    }
}

void WhatIfPage::refresh()
{
    m_throttle->stop();
    m_request->ask();
}

bool WhatIfPage::isBusy() const
{
    return m_request->isBusy();
}

void WhatIfPage::requestScenarios()
{
    if (m_service && m_service->hasDatabase()) {
        m_scenariosPending = m_service->requestScenarios(this);
    }
}

void WhatIfPage::onWhatIfReady(quint64 id, const WhatIfData& data)
{
    if (!m_request->isNewest(id)) {
        return; // an older request's result
    }
    m_request->answered();
    m_data = data;
    m_hasData = true;
    m_error.clear();
    // The fleet's subcategories, keeping the one chosen.
    QStringList present;
    for (int i = 0; i < m_phaseChoice->count(); ++i) {
        present << m_phaseChoice->itemText(i);
    }
    if (present != qsList(data.subcategories)) {
        const QString chosen = m_phaseChoice->currentText();
        const QSignalBlocker block(m_phaseChoice);
        m_phaseChoice->clear();
        m_phaseChoice->addItems(qsList(data.subcategories));
        if (!chosen.isEmpty() && m_phaseChoice->findText(chosen) < 0) {
            m_phaseChoice->addItem(chosen); // a loaded scenario's, which this fleet lacks
        }
        m_phaseChoice->setCurrentIndex(std::max(0, m_phaseChoice->findText(chosen)));
    }
    render();
    emit projectionShown();
}

void WhatIfPage::onQueryFailed(quint64 id, const QString& message)
{
    if (id == 0) {
        return;
    }
    if (m_request->isNewest(id)) {
        m_request->answered();
        m_error = message;
        updateStatus();
        return;
    }
    if (id == m_scenariosPending || id == m_savePending || id == m_deletePending) {
        const bool saving = id == m_savePending;
        m_scenariosPending = id == m_scenariosPending ? 0 : m_scenariosPending;
        m_savePending = saving ? 0 : m_savePending;
        m_deletePending = id == m_deletePending ? 0 : m_deletePending;
        m_restoring = saving ? false : m_restoring;
        m_scenarioMessage = tr("Nothing was changed: %1").arg(message);
        renderScenarios();
        emit scenariosShown();
    }
}

// --- scenarios ---------------------------------------------------------------------------------------

void WhatIfPage::onScenarios(const ScenarioList& list, const QString& message)
{
    m_scenarios = list;
    m_scenarioMessage = message;
    renderScenarios();
    emit scenariosShown();
}

void WhatIfPage::saveScenarioAs(const QString& name)
{
    if (!m_service || !m_service->hasDatabase()) {
        m_scenarioMessage = tr("Open a database first: scenarios are saved in it.");
        renderScenarios();
        return;
    }
    core::Scenario s;
    s.name = name.trimmed().toStdString();
    s.cohort = cohortSpec().toStdString();
    s.changes = changes();
    m_restoring = false;
    m_savePending = m_service->saveScenario(s);
}

bool WhatIfPage::loadScenario(const QString& name)
{
    for (const auto& saved : m_scenarios.scenarios) {
        if (qs(saved.scenario.name) == name) {
            applyScenario(saved.scenario);
            return true;
        }
    }
    m_scenarioMessage = tr("No scenario named '%1' is saved.").arg(name);
    renderScenarios();
    return false;
}

void WhatIfPage::applyScenario(const core::Scenario& scenario)
{
    // 1. Every row to no change, quietly; then each change into its row when the row is free and
    //    can show it exactly, else among the extra changes.
    std::array<bool, kRows> used {};
    bool intervalUsed = false;
    std::array<double, kRows> percents;
    percents.fill(100);
    Interval mode = Interval::AsMeasured;
    double intervalPercent = 100;
    QString phase = m_phaseChoice->currentText();
    m_extra.clear();
    for (const core::WhatIfChange& c : scenario.changes) {
        std::optional<Row> row;
        switch (c.target) {
        case core::WhatIfTarget::Bucket:
            for (int r = 0; r < kRows; ++r) {
                if (bucketOfRow(static_cast<Row>(r)) == c.bucket) {
                    row = static_cast<Row>(r);
                }
            }
            break;
        case core::WhatIfTarget::Phase:
            row = Row::Phase;
            break;
        case core::WhatIfTarget::Interruptions:
            if (c.interruptions != core::InterruptionClass::All) {
                row = c.interruptions == core::InterruptionClass::Failures ? Row::Failures : Row::Preemptions;
            }
            break;
        case core::WhatIfTarget::CheckpointInterval:
            if (!intervalUsed && c.optimal) {
                mode = Interval::Optimum;
                intervalUsed = true;
                continue;
            }
            if (const auto p = c.scale ? percentOf(*c.scale, kMinIntervalPercent, kMaxIntervalPercent) : std::nullopt;
                !intervalUsed && p) {
                mode = Interval::Scale;
                intervalPercent = *p;
                intervalUsed = true;
                continue;
            }
            break;
        }
        const auto p = c.scale ? percentOf(*c.scale, 0, kMaxPercent) : std::nullopt;
        if (row && !used[at(*row)] && p) {
            used[at(*row)] = true;
            percents[at(*row)] = *p;
            if (*row == Row::Phase) {
                phase = qs(std::string(core::categoryName(c.category)) + "." + c.subcategory);
            }
        } else {
            m_extra.push_back(c);
        }
    }
    // 2. Into the controls, then one request.
    for (int r = 0; r < kRows; ++r) {
        const RowWidgets& w = m_rows[static_cast<size_t>(r)];
        const QSignalBlocker b1(w.slider);
        const QSignalBlocker b2(w.spin);
        w.spin->setValue(percents[static_cast<size_t>(r)]);
        w.slider->setValue(static_cast<int>(std::lround(percents[static_cast<size_t>(r)])));
    }
    if (used[at(Row::Phase)]) {
        const QSignalBlocker block(m_phaseChoice);
        setPhaseSubcategory(phase);
    }
    {
        const QSignalBlocker b1(m_intervalScale.slider);
        const QSignalBlocker b2(m_intervalScale.spin);
        m_intervalScale.spin->setValue(intervalPercent);
        m_intervalScale.slider->setValue(static_cast<int>(std::lround(intervalPercent)));
    }
    m_intervalChoice->setCurrentIndex(m_intervalChoice->findData(static_cast<int>(mode)));
    updateIntervalControls();
    const QString cohort = qs(scenario.cohort);
    if (cohort != cohortSpec() || !followsFilter()) {
        setCohortSpec(cohort);
    }
    // 3. Say when the page's order is not the scenario's (each change applies to the result of
    //    the ones before, so the figures may differ from `ettw whatif` of the saved scenario).
    QStringList saved;
    for (const auto& c : scenario.changes) {
        saved << qs(c.text());
    }
    QStringList shown;
    for (const auto& c : changes()) {
        shown << qs(c.text());
    }
    m_scenarioMessage = tr("Loaded scenario '%1'.").arg(qs(scenario.name));
    if (saved != shown) {
        m_scenarioMessage += QLatin1Char(' ') + tr("Its changes apply in the page's order: %1.").arg(shown.join(", "));
    }
    renderScenarios();
    render();
    schedule();
}

void WhatIfPage::deleteScenario(const QString& name)
{
    if (!m_service || name.isEmpty()) {
        return;
    }
    m_deletePending = m_service->deleteScenario(name);
}

void WhatIfPage::undoDelete()
{
    if (!m_undo || !m_service) {
        return;
    }
    const QString name = qs(m_undo->name);
    const bool exists = std::any_of(m_scenarios.scenarios.begin(), m_scenarios.scenarios.end(),
        [&](const core::SavedScenario& s) { return s.scenario.name == m_undo->name; });
    if (exists) {
        // Saving it again would replace the scenario saved under its name since.
        m_scenarioMessage = tr("Not undone: a scenario named '%1' has been saved since.").arg(name);
        m_undo.reset();
        renderScenarios();
        return;
    }
    m_restoring = true;
    m_savePending = m_service->saveScenario(*m_undo);
}

QString WhatIfPage::scenarioMessage() const
{
    return m_scenarioMessage;
}

// --- rendering -----------------------------------------------------------------------------------------

bool WhatIfPage::showsEmptyState() const
{
    return m_stack->currentIndex() == 0;
}

QChart* WhatIfPage::bridgeChart() const
{
    return m_bridgeView->chart();
}

QString WhatIfPage::headlineText() const
{
    return m_headline->text();
}

QString WhatIfPage::headlineChangeText() const
{
    return m_headlineChange->text();
}

QString WhatIfPage::exportScope() const
{
    QStringList changes;
    for (const auto& c : this->changes()) {
        changes << qs(c.text());
    }
    const QString cohort = cohortSpec().isEmpty() ? tr("all jobs") : cohortSpec();
    return tr("cohort: %1 · changes: %2 · %3")
        .arg(cohort, changes.isEmpty() ? tr("none") : changes.join(QStringLiteral(", ")),
            weightingName(m_state->weighting()));
}

void WhatIfPage::render()
{
    const bool noDatabase = !m_service || !m_service->hasDatabase();
    const bool empty = noDatabase || m_state->vocabulary().jobs == 0;
    if (empty) {
        m_empty->setText(noDatabase
                ? tr("No database is open.\n\nOpen a database or import traces (File > Open, or drop files on the "
                     "window) to see what changes to start-up, interruptions or checkpointing would do to ETT%.")
                : tr("The database has no jobs yet.\n\nImport traces (File > Import traces) to project what changes "
                     "would do to ETT%."));
    }
    m_stack->setCurrentIndex(empty ? 0 : 1);
    QStringList extra;
    for (const auto& c : m_extra) {
        extra << qs(c.text());
    }
    m_extraLabel->setText(tr("Also applied (from the scenario; no row shows them): %1").arg(extra.join(", ")));
    m_extraLabel->setVisible(!m_extra.empty());
    m_extraClear->setVisible(!m_extra.empty());
    renderHeadline();
    renderBridge();
    renderSteps();
    updateStatus();
}

void WhatIfPage::renderHeadline()
{
    const Weighting w = m_state->weighting();
    const Weighting other = w == Weighting::Gpu ? Weighting::Time : Weighting::Gpu;
    const core::WhatIfResult& r = m_data.result;
    auto ends = [&r](Weighting weighting) {
        return weighting == Weighting::Gpu ? std::pair { r.todayPico, r.projectedPico }
                                           : std::pair { r.todayPicoTime, r.projectedPicoTime };
    };
    const auto [today, projected] = ends(w);
    const auto [otherToday, otherProjected] = ends(other);
    if (!m_hasData) {
        m_headlineTitle->setText(tr("ETT% today → projected (%1)").arg(weightingName(w)));
        m_headline->setText(QStringLiteral("–"));
        m_headlineChange->clear();
        m_headlineOther->clear();
        m_facts->clear();
        m_intervalNote->clear();
        return;
    }
    m_headlineTitle->setText(
        tr("ETT% today → projected (%1) · %2")
            .arg(weightingName(w), m_data.cohortText.empty() ? tr("all jobs") : qs(m_data.cohortText)));
    m_headline->setText(fromTo(today, projected));
    m_headline->setToolTip(tr("Exactly %1% today, %2% projected")
                               .arg(today ? qs(core::formatPico(*today)) : QStringLiteral("–"),
                                   projected ? qs(core::formatPico(*projected)) : QStringLiteral("–")));
    const auto pp = changePp(today, projected);
    m_headlineChange->setText(formatPp(pp));
    m_headlineChange->setStyleSheet(
        pp && *pp != 0 ? QStringLiteral("color: %1;").arg((*pp > 0 ? kBetter : kWorse).name()) : QString());
    m_headlineOther->setText(tr("%1: %2 (%3)")
                                 .arg(weightingName(other), fromTo(otherToday, otherProjected),
                                     formatPp(changePp(otherToday, otherProjected))));

    // The counts today and projected (projections keep every job and its training).
    core::Wide savedGpuNs = 0;
    std::optional<int64_t> notApplicable;
    for (const auto& s : r.steps) {
        savedGpuNs += s.totalSavedGpuNs;
    }
    for (size_t i = 0; i < r.steps.size() && i < m_data.request.changes.size(); ++i) {
        if (m_data.request.changes[i].target == core::WhatIfTarget::CheckpointInterval) {
            notApplicable = notApplicable.value_or(0) + r.steps[i].jobsNotApplicable;
        }
    }
    auto row = [](const QString& name, const QString& before, const QString& after) {
        return QStringLiteral("<tr><td>%1</td><td align=right>&nbsp;&nbsp;%2</td><td>&nbsp;→&nbsp;</td>"
                              "<td align=right><b>%3</b></td></tr>")
            .arg(name, before, after);
    };
    const QString e2e = formatHours(nsToHours(r.today.e2eGpuNs), QString());
    const QString e2eProjected = formatHours(nsToHours(r.projectedE2eGpuNs), QString());
    m_facts->setText(QStringLiteral("<table cellspacing=0>") + row(tr("Jobs"), formatCount(r.jobs), formatCount(r.jobs))
        + row(tr("Failures"), formatCount(r.today.failures), formatCount(r.projectedFailures))
        + row(tr("Preemptions"), formatCount(r.today.preemptions), formatCount(r.projectedPreemptions))
        + row(tr("E2E GPU-h"), e2e, e2eProjected) + QStringLiteral("</table>"));
    m_facts->setToolTip(tr("%1 attempts · %2 saved in all · projections keep every job and its training")
                            .arg(formatCount(r.attempts), formatHours(nsToHours(savedGpuNs), QStringLiteral("GPU-h"))));
    m_intervalNote->setText(notApplicable
            ? tr("The interval change did not apply to %1 (no measured interval, blocking per save or interruption).")
                  .arg(formatCountOf(*notApplicable, tr("job"), tr("jobs")))
            : QString());
}

void WhatIfPage::renderBridge()
{
    QChart* chart = resetChart(m_bridgeView);
    const Weighting w = m_state->weighting();
    const core::WhatIfResult& r = m_data.result;
    const bool gpu = w == Weighting::Gpu;
    const auto today = gpu ? r.todayPico : r.todayPicoTime;
    const auto projected = gpu ? r.projectedPico : r.projectedPicoTime;
    const QString title = tr("Bridge from ETT% today to projected, a bar per change (%1)").arg(weightingName(w));
    if (!m_hasData || !today || !projected) {
        chart->setTitle(title + (m_hasData ? tr(": the cohort has no E2E") : tr(": no projection yet")));
        return;
    }
    auto end = [](const QString& name, int64_t pico, const QColor& color) {
        return WaterfallEnd { QStringLiteral("<b>%1</b>").arg(name), tr("ETT% %1").arg(name), pico, color,
            tr("ETT% %1: %2 (exactly %3%)")
                .arg(name, formatPercent(static_cast<double>(pico) / kPicoPerPp, 4), qs(core::formatPico(pico))) };
    };
    Waterfall waterfall;
    waterfall.title = title;
    waterfall.start = end(tr("today"), *today, kToday);
    waterfall.end = end(tr("projected"), *projected, bucketColor(core::Bucket::Productive));
    for (size_t i = 0; i < r.steps.size(); ++i) {
        const core::WhatIfStep& s = r.steps[i];
        const int64_t pico = gpu ? s.pico : s.picoTime;
        const core::Wide saved = gpu ? s.totalSavedGpuNs : s.totalSavedNs;
        const QColor color
            = i < m_data.request.changes.size() ? changeColor(m_data.request.changes[i]) : QColor(Qt::gray);
        waterfall.steps.push_back({ qs(s.change), pico, color,
            tr("%1: %2 of ETT% (exactly %3 pp)\n%4 %5 (%6 attempts changed)")
                .arg(qs(s.change), signedPico(pico), qs(core::formatPico(pico, true)),
                    saved >= 0 ? tr("saves") : tr("adds"), formatHours(std::abs(nsToHours(saved)), hoursUnit(w)))
                .arg(s.attemptsChanged) });
    }
    showTipsOnHover(fillWaterfallChart(chart, waterfall), this);
}

void WhatIfPage::renderSteps()
{
    m_steps->setRowCount(0);
    if (!m_hasData) {
        return;
    }
    const core::WhatIfResult& r = m_data.result;
    auto addRow = [this](const QString& change, core::Wide gpuNs, core::Wide ns, int64_t pico, int64_t picoTime,
                      const QString& attempts, const QString& notApplicable, bool bold) {
        const int row = m_steps->rowCount();
        m_steps->insertRow(row);
        const QList<QTableWidgetItem*> items = {
            cell(change, change, false),
            cell(formatHours(nsToHours(gpuNs), QString()), exactSeconds(gpuNs)),
            cell(formatHours(nsToHours(ns), QString()), exactSeconds(ns)),
            cell(signedPico(pico), QVariant::fromValue(ExactNumber { qs(core::formatPico(pico)) })),
            cell(signedPico(picoTime), QVariant::fromValue(ExactNumber { qs(core::formatPico(picoTime)) })),
            cell(attempts, {}),
            cell(notApplicable, {}),
        };
        for (int c = 0; c < items.size(); ++c) {
            QFont f = items[c]->font();
            f.setBold(bold);
            items[c]->setFont(f);
            m_steps->setItem(row, c, items[c]);
        }
    };
    core::Wide gpuNs = 0;
    core::Wide ns = 0;
    int64_t pico = 0;
    int64_t picoTime = 0;
    for (size_t i = 0; i < r.steps.size(); ++i) {
        const core::WhatIfStep& s = r.steps[i];
        const bool interval = i < m_data.request.changes.size()
            && m_data.request.changes[i].target == core::WhatIfTarget::CheckpointInterval;
        addRow(qs(s.change), s.totalSavedGpuNs, s.totalSavedNs, s.pico, s.picoTime, formatCount(s.attemptsChanged),
            interval ? formatCount(s.jobsNotApplicable) : QStringLiteral("–"), false);
        gpuNs += s.totalSavedGpuNs;
        ns += s.totalSavedNs;
        pico += s.pico;
        picoTime += s.picoTime;
    }
    if (!r.steps.empty()) {
        // today + the steps == projected, exactly: the total row is the headline's change.
        addRow(tr("all changes"), gpuNs, ns, pico, picoTime, QString(), QString(), true);
    }
    m_steps->resizeColumnsToContents();
    m_steps->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void WhatIfPage::renderScenarios()
{
    const QString selected = m_scenarioTable->selectedItems().isEmpty()
        ? QString()
        : m_scenarioTable->item(m_scenarioTable->selectedItems().first()->row(), 0)->text();
    m_scenarioTable->setRowCount(0);
    for (const auto& saved : m_scenarios.scenarios) {
        const int row = m_scenarioTable->rowCount();
        m_scenarioTable->insertRow(row);
        QStringList changes;
        for (const auto& c : saved.scenario.changes) {
            changes << qs(c.text());
        }
        const QString name = qs(saved.scenario.name);
        const QString cohort = saved.scenario.cohort.empty() ? tr("all jobs") : qs(saved.scenario.cohort);
        m_scenarioTable->setItem(row, 0, cell(name, name, false));
        m_scenarioTable->setItem(
            row, 1, cell(changes.isEmpty() ? tr("no change") : changes.join(QStringLiteral(", ")), changes, false));
        m_scenarioTable->setItem(row, 2, cell(cohort, qs(saved.scenario.cohort), false));
        m_scenarioTable->setItem(row, 3, cell(qs(saved.savedAt), qs(saved.savedAt), false));
        m_scenarioTable->item(row, 1)->setToolTip(qs(core::scenarioJson(saved.scenario)));
        if (name == selected) {
            m_scenarioTable->selectRow(row);
        }
    }
    m_scenarioTable->resizeColumnToContents(0);
    m_scenarioTable->resizeColumnToContents(2);
    m_scenarioTable->resizeColumnToContents(3);
    const bool none = m_scenarios.scenarios.empty();
    QString note = m_scenarioMessage;
    if (note.isEmpty() && none) {
        note = tr("None yet: set the rows, then Save as… keeps them in the database.");
    }
    m_scenarioNote->setText(note);
    m_scenarioNote->setStyleSheet(note.startsWith(tr("Nothing was changed")) || note.startsWith(tr("Not undone"))
            ? QStringLiteral("color: #c03900;")
            : QStringLiteral("color: palette(mid);"));
    m_undoButton->setVisible(m_undo.has_value());
    if (m_undo) {
        m_undoButton->setText(tr("Undo delete of '%1'").arg(qs(m_undo->name)));
    }
    emit undoDeleteChanged();
}

void WhatIfPage::updateStatus()
{
    m_busy->setVisible(isBusy());
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    if (!m_service || !m_service->hasDatabase()) {
        m_status->setText(tr("Open a database with jobs to project (File > Open)."));
    } else if (isBusy()) {
        m_status->setText(tr("projecting…"));
    } else if (m_hasData) {
        m_status->setText(tr("%1 · %2 in %3 ms on %4")
                              .arg(formatCountOf(m_data.result.jobs, tr("job"), tr("jobs")),
                                  m_data.modelBuilt ? tr("model built and projected") : tr("projected"))
                              .arg(m_data.milliseconds, 0, 'f', m_data.milliseconds < 10 ? 2 : 1)
                              .arg(qs(m_service->backend().name)));
    } else {
        m_status->clear();
    }
}

} // namespace ett::app
