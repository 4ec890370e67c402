#include "app/ui/dialogs/cause_rule_dialog.h"

#include "app/ui/format/palette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace ett::app {

CauseRuleDialog::CauseRuleDialog(const core::CauseRule& rule, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Cause rule"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The rule matches interrupted attempts on their imported cause, symptom and detail "
                                "(empty: anything) and sets a new cause. The first rule that matches wins."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_cause = new QLineEdit(QString::fromStdString(rule.cause.value_or("")), this);
    m_cause->setPlaceholderText(tr("any; a dotted prefix such as unknown or infra.network"));
    m_symptom = new QComboBox(this);
    // The symptoms by name in the window's language, their codes as the items' data.
    m_symptom->addItem(tr("(any)"), QString());
    for (const char* s : { "explicit", "hang", "degradation", "numeric" }) {
        m_symptom->addItem(symptomLabel(s), QString::fromLatin1(s));
    }
    m_symptom->addItem(symptomLabel(""), QStringLiteral("-"));
    if (rule.symptom) {
        const int i
            = m_symptom->findData(rule.symptom->empty() ? QStringLiteral("-") : QString::fromStdString(*rule.symptom));
        m_symptom->setCurrentIndex(std::max(i, 0));
    }
    m_detail = new QLineEdit(QString::fromStdString(rule.detail.value_or("")), this);
    m_detail->setPlaceholderText(tr("any; a regular expression found in the detail, e.g. NCCL.*timeout"));
    m_setCause = new QLineEdit(QString::fromStdString(rule.setCause), this);
    m_setCause->setPlaceholderText(tr("e.g. infra.network.nccl_timeout (class: infra, preemption, maintenance, "
                                      "dependency, user, manual or unknown)"));
    form->addRow(tr("Cause starts with"), m_cause);
    form->addRow(tr("Symptom"), m_symptom);
    form->addRow(tr("Detail matches"), m_detail);
    form->addRow(tr("Set cause to"), m_setCause);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &CauseRuleDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CauseRuleDialog::reject);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

core::Result<core::CauseRule> CauseRuleDialog::rule() const
{
    // Written as a rules file and read back: the one parser checks it and compiles the regex.
    core::CauseRules one;
    core::CauseRule& r = one.rules.emplace_back();
    if (!m_cause->text().trimmed().isEmpty()) {
        r.cause = m_cause->text().trimmed().toStdString();
    }
    const QString symptom = m_symptom->currentData().toString();
    if (!symptom.isEmpty()) {
        r.symptom = symptom == QLatin1String("-") ? std::string() : symptom.toStdString();
    }
    if (!m_detail->text().isEmpty()) {
        r.detail = m_detail->text().toStdString();
    }
    r.setCause = m_setCause->text().trimmed().toStdString();
    auto parsed = core::parseCauseRules(core::causeRulesJson(one), "rule");
    if (!parsed) {
        // "rule:1: rules[0].set_cause: why" -> "set_cause: why"
        const std::string& m = parsed.error().message;
        auto at = m.find("rules[0]");
        if (at == std::string::npos) {
            return core::Error { m };
        }
        at += 8;
        while (at < m.size() && (m[at] == '.' || m[at] == ':' || m[at] == ' ')) {
            ++at;
        }
        return core::Error { m.substr(at) };
    }
    return std::move(parsed->rules[0]);
}

void CauseRuleDialog::accept()
{
    auto r = rule();
    if (!r) {
        m_error->setText(QString::fromStdString(r.error().message));
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace ett::app
