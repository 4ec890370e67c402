// The Compare page's headline: four cards, each a title, a big value and small print, by id:
//
//   "a", "b"    ETT% of the cohort under the window's weighting; its jobs, GPU-days and spec
//   "change"    B − A in pp with its bootstrap interval and a verdict (green when the interval is
//               above 0, red when below)
//   "matched"   the jobs in both cohorts, and how many of those that moved most are listed
//
// Without a comparison the values are dashes. GUI thread only.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/pages/page_widgets.h"
#include "core/model/compare.h"

#include <QMap>
#include <QWidget>

class QFrame;
class QLabel;

namespace ett::app {

class CompareCards : public QWidget
{
    Q_OBJECT
public:
    explicit CompareCards(QWidget* parent = nullptr);

    // The cards' style, by object name ("card", "cardTitle", "cardDetail"), for the page to set on
    // itself before it makes them: the controls around the cards are then drawn by the same
    // (style-sheet) style, at the same sizes.
    static QString styleSheet();

    // Shows a comparison (nullptr: none yet) under a weighting; `matchBy` names what its matched
    // jobs are paired by.
    void showComparison(const core::Comparison* comparison, Weighting w, const QString& matchBy);

    // A card's texts ("" for an unknown id).
    QString title(const QString& id) const;
    QString value(const QString& id) const;
    QString detail(const QString& id) const;

private:
    QFrame* addCard(const QString& id, const QColor& accent);
    void showCohort(bool b, const core::Comparison* c, Weighting w);
    void showChange(const core::Comparison* c, Weighting w);

    CardSet m_cards;
};

} // namespace ett::app
