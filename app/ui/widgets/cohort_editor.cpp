#include "app/ui/widgets/cohort_editor.h"

#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/cohort_controls.h"
#include "core/model/timeutil.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>

namespace ett::app {

std::pair<core::CohortSpec, core::CohortSpec> suggestedCohorts(const Vocabulary& v)
{
    core::CohortSpec a;
    core::CohortSpec b;
    if (v.labels.size() == 2) {
        QString first = v.labels[0];
        QString second = v.labels[1];
        // 1. Names that say which is the baseline ("before" / "after", "baseline", "old" / "new"...).
        static const QStringList kEarlier = { "before", "baseline", "base", "old", "control", "reference", "ref" };
        static const QStringList kLater = { "after", "candidate", "new", "treatment", "experiment", "test" };
        const auto rank = [](const QString& l) {
            const QString n = l.toLower();
            return kEarlier.contains(n) ? 0 : kLater.contains(n) ? 2 : 1;
        };
        // 2. Else the one whose jobs start first.
        const auto startOf = [&v](const QString& l) { return v.labelFirstNs.value(l, INT64_MAX); };
        if (rank(first) != rank(second) ? rank(second) < rank(first) : startOf(second) < startOf(first)) {
            std::swap(first, second);
        }
        a.labels = { first.toStdString() };
        b.labels = { second.toStdString() };
        return { a, b };
    }
    if (v.lastNs <= v.firstNs) {
        return { a, b };
    }
    // At the median attempt start, rounded to the coarsest unit that still splits the span: about
    // half the attempts in each (halves of the span gave A 2 jobs of 1970 and B 15,146 of a fleet
    // whose traces of 1970 lay beside today's). A median at an end of the span: the span's halves,
    // at the coarsest unit that still splits it (at nanoseconds in any case).
    const bool median = v.medianStartNs > v.firstNs && v.medianStartNs < v.lastNs;
    for (const int64_t unit :
        { core::kNsPerDay, core::kNsPerHourInt, core::kNsPerMinute, core::kNsPerSecond, int64_t { 1 } }) {
        const int64_t from = floorTo(v.firstNs, unit);
        const int64_t to = ceilTo(v.lastNs, unit);
        const int64_t mid = median ? floorTo(v.medianStartNs + unit / 2, unit) : from + ((to - from) / unit / 2) * unit;
        if ((mid > from && mid < to) || unit == 1) {
            a.fromNs = from;
            a.toNs = mid;
            b.fromNs = mid;
            b.toNs = to;
            break;
        }
    }
    return { a, b };
}

CohortEditor::CohortEditor(const QString& letter, const QColor& color, QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("cohort") + letter);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(6);

    m_badge = new QLabel(letter, this);
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setFixedSize(24, 22);
    m_badge->setStyleSheet(
        QStringLiteral("background: %1; color: white; font-weight: bold; border-radius: 4px;").arg(color.name()));
    m_badge->setToolTip(tr("Cohort %1").arg(letter));
    row->addWidget(m_badge);

    CohortControls::Options options;
    options.style = CohortControls::Style::Cohort;
    options.labelsTip = tr("Dataset labels of cohort %1 (none checked: all)").arg(letter);
    options.attributesTip = tr("Attribute values of cohort %1: a job must have one of the checked values of every "
                               "attribute with a check")
                                .arg(letter);
    options.allTimeTip = tr("Uncheck to clip cohort %1 to a time range (UTC)").arg(letter);
    m_controls = new CohortControls(this, options);
    m_controls->addLabelsTo(row);
    m_controls->addAttributesTo(row);
    row->addWidget(makeSeparator(this));
    m_controls->addRangesTo(row);
    row->addWidget(makeSeparator(this));

    m_spec = new QLineEdit(this);
    m_spec->setObjectName(QStringLiteral("spec"));
    m_spec->setMinimumWidth(220);
    m_spec->setPlaceholderText(tr("all jobs"));
    m_spec->setToolTip(tr("Cohort %1 as a spec (as `ettw compare --%2` takes it), e.g.\n"
                          "label=before, team=vision|ads, from=2025-06-01, to=2025-06-08, gpus>=64\n"
                          "Press Enter to apply.")
                           .arg(letter, letter.toLower()));
    row->addWidget(m_spec, 1);

    m_fromWindow = new QToolButton(this);
    m_fromWindow->setObjectName(QStringLiteral("fromWindow"));
    m_fromWindow->setText(tr("Use filter"));
    m_fromWindow->setToolTip(
        tr("Make cohort %1 the window's filter (as the overview and drill-down show it)").arg(letter));
    row->addWidget(m_fromWindow);

    connect(m_controls, &CohortControls::edited, this, [this](const core::CohortSpec& cohort) {
        showSpec();
        emit edited(cohort);
    });
    connect(m_spec, &QLineEdit::returnPressed, this, [this] { applySpecText(m_spec->text()); });
    connect(m_spec, &QLineEdit::editingFinished, this, [this] {
        if (m_spec->text().trimmed() != specText()) {
            applySpecText(m_spec->text());
        }
    });
    connect(m_fromWindow, &QToolButton::clicked, this, &CohortEditor::takeWindowFilterRequested);
    showSpec();
}

const core::CohortSpec& CohortEditor::cohort() const
{
    return m_controls->cohort();
}

core::CohortSpec CohortEditor::fromSpec(const core::CohortSpec& spec)
{
    core::CohortSpec f = spec;
    f.attrs.clear();
    for (const auto& [key, values] : spec.attrs) {
        for (const auto& v : values) {
            f.addAttrValue(key, v);
        }
    }
    f.countQueue = false;
    return f;
}

QString CohortEditor::specText() const
{
    return qs(cohort().text());
}

bool CohortEditor::applySpecText(const QString& text)
{
    const QString t = text.trimmed();
    auto fail = [this](const QString& message) {
        m_spec->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #c03900; }"));
        m_spec->setToolTip(message);
        QToolTip::showText(m_spec->mapToGlobal(QPoint(0, m_spec->height())), message, m_spec);
        return false;
    };
    core::CohortSpec f;
    if (!t.isEmpty() && t != QLatin1String("all jobs")) {
        auto spec = core::parseCohortSpec(t.toStdString(), m_badge->text().toStdString());
        if (!spec) {
            return fail(qs(spec.error().message));
        }
        f = fromSpec(*spec);
        // A name the database does not have is a typo, not an empty cohort (as ettw compare says).
        const Vocabulary& v = m_controls->vocabulary();
        for (const auto& l : f.labels) {
            if (!v.labels.contains(qs(l))) {
                return fail(tr("No dataset label '%1' (labels: %2)").arg(qs(l), v.labels.join(QStringLiteral(", "))));
            }
        }
        for (const auto& [key, values] : f.attrs) {
            if (!v.attrKeys.contains(qs(key))) {
                return fail(tr("No job has the attribute '%1' (attributes: %2)")
                                .arg(qs(key), v.attrKeys.join(QStringLiteral(", "))));
            }
        }
    }
    m_spec->setStyleSheet(QString());
    f.countQueue = cohort().countQueue;
    const bool changed = !(f == cohort());
    m_controls->setCohort(f);
    showSpec();
    if (changed) {
        emit edited(cohort());
    }
    return true;
}

void CohortEditor::setCohort(const core::CohortSpec& cohort)
{
    m_controls->setCohort(cohort);
    m_spec->setStyleSheet(QString());
    showSpec();
}

void CohortEditor::setVocabulary(const Vocabulary& vocabulary)
{
    m_controls->setVocabulary(vocabulary);
    showSpec();
}

void CohortEditor::showSpec()
{
    const QString spec = specText();
    m_spec->setText(spec == QLatin1String("all jobs") ? QString() : spec);
    m_spec->setCursorPosition(0);
    m_spec->setToolTip(tr("Cohort %1: %2\nEdit and press Enter to apply (as `ettw compare --%3` takes it).")
                           .arg(m_badge->text(), spec, m_badge->text().toLower()));
}

} // namespace ett::app
