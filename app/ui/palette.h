// Colours of the workbench: one per accounting bucket and per phase category, chosen from the
// Okabe-Ito palette (and its tints) so that they stay distinguishable for the common forms of
// colour blindness; charts, timelines, legends and the PDF report all take them from here.
#pragma once

#include "core/model/types.h"

#include <QColor>
#include <QString>

namespace ett::app {

// The colour of a bucket (productive is blue, lost progress vermillion, recovery orange...).
QColor bucketColor(core::Bucket bucket);

// The colour of a phase category in timelines (train matches productive, etc.).
QColor categoryColor(core::Category category);

// A readable text colour (black or white) on a background.
QColor textColorOn(const QColor& background);

// Human names for legends ("checkpoint save", "lost progress").
QString bucketLabel(core::Bucket bucket);
QString categoryLabel(core::Category category);

} // namespace ett::app
