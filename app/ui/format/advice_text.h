// The reasons a checkpoint advice gives (what it lacks, a job's lost-progress flag) in the
// window's language, as core::adviseCheckpoint writes them in English: the Advisor page and the
// report say them alike.
#pragma once

#include "core/model/advisor.h"

#include <QStringList>

namespace ett::app {

// In core's order: the inputs missing, then a single job's flag with its figures.
QStringList adviceReasons(const core::CheckpointAdvice& advice);

} // namespace ett::app
