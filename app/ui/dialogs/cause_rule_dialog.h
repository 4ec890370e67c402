// The editor of one cause re-classification rule (core/ingest/cause_rules.h) on the Causes page:
// what it matches (the imported cause as a dotted prefix, the symptom, a regex in the detail; an
// empty field matches anything) and the cause it sets. OK is refused, with the reason shown, until
// the rule is valid (a match given, a valid regex, a set cause of a known class). GUI thread only.
#pragma once

#include "core/ingest/cause_rules.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;

namespace ett::app {

class CauseRuleDialog : public QDialog
{
    Q_OBJECT
public:
    // Starts from `rule` (an empty one to add a rule).
    explicit CauseRuleDialog(const core::CauseRule& rule, QWidget* parent = nullptr);

    // The rule as edited, checked and compiled; an Error saying what is wrong.
    core::Result<core::CauseRule> rule() const;

    QLineEdit* causeEdit() const { return m_cause; }
    QComboBox* symptomBox() const { return m_symptom; }
    QLineEdit* detailEdit() const { return m_detail; }
    QLineEdit* setCauseEdit() const { return m_setCause; }

    void accept() override;

private:
    QLineEdit* m_cause = nullptr;
    QComboBox* m_symptom = nullptr;
    QLineEdit* m_detail = nullptr;
    QLineEdit* m_setCause = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace ett::app
