// Colours of the workbench: one per accounting bucket and per phase category, chosen from the
// Okabe-Ito palette (and its tints) so that they stay distinguishable for the common forms of
// colour blindness; charts, timelines, legends and the PDF report all take them from here.
#pragma once

#include "core/model/types.h"

#include <QColor>
#include <QString>

#include <span>
#include <string>

namespace ett::app {

// The colour of a bucket (productive is blue, lost progress vermillion, recovery orange...).
QColor bucketColor(core::Bucket bucket);

// The colour of a phase category in timelines (train matches productive, etc.).
QColor categoryColor(core::Category category);

// A readable text colour (black or white) on a background.
QColor textColorOn(const QColor& background);

// Human names for legends ("checkpoint save", "lost progress"), in the language of the window
// (context "Bucket" / "Category").
QString bucketLabel(core::Bucket bucket);
QString categoryLabel(core::Category category);
// An attempt's outcome ("completed", "preempted") and an interruption's kind ("failure"), translated.
QString outcomeLabel(core::Outcome outcome);
QString interruptionLabel(core::Interruption interruption);
// `text` in the window's language when it is one of `known` (each marked with QT_TRANSLATE_NOOP
// under `context`), else as it is: the fixed vocabularies core gives as text.
QString translateKnown(const char* context, std::span<const char* const> known, const std::string& text);
// A cause class as people read it: the fixed classes ("infra", "preemption", ..., and "(none)"
// for the empty name) translated, any other name as it is. For display only: filters keep the name.
QString causeClassLabel(const std::string& name);
// An interruption's symptom code ("explicit", "hang", "degradation", "numeric"; "" as "(none)") as
// people read it; any other code as it is. For display only: rules keep the code.
QString symptomLabel(const std::string& symptom);
// An import's stage as the service names it ("identifying runs", "reading", "attributing",
// "committing", "waiting for another import into this database to finish") translated; any other
// text as it is.
QString importStageLabel(const std::string& stage);
// An import issue's severity (service::issueSeverityText: "info", "warning", "data loss",
// "issue") translated; any other text as it is.
QString severityLabel(const std::string& severity);

} // namespace ett::app
